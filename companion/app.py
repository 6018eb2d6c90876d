"""The app shell: one ``Shell`` per browser session over one shared ``AppContext``.

The context (per server process) holds the store and the open tables; every
session (phone) renders views from a table's state and submits actions to it.
A view is a function of (state, seat, language); when any session changes a
table, every session showing it re-renders.
"""

from __future__ import annotations

import importlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import flet_events, platform, registry
from companion.i18n import DEFAULT_LANG, LANGS, add_strings, tr
from companion.phone_settings import PhoneSettings
from companion.registry import GameUI
from companion.screens.home import home_screen
from companion.screens.share import wrap_result
from companion.shell import (
    EXTENSIONS,
    RESULT_EXTRAS,
    SCREENS,
    TOP_EXTRAS,
    AppContext as AppContext,  # re-exported: what a server or test makes an app of
    Shell,
)
from companion.shell_reuse import ControlReuse, ScreenMemory
from companion.store import StoreError
from companion.table import join_seats
from companion.table.table import ActionInput, PendingWrite, Table
from companion.web.client import CLIENT, client_here, route_ident
from companion.web.guard import GC
from components import theme
from components.common import info_line, refusal_line
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput, RefereeError, Refusal

log = logging.getLogger("tischrichter")
flet_events.install()  # a tap's event class once per control class, not worked out again each time

def game_ui(game_id: str) -> GameUI | None:
    """A game's screens from the registry (None: a game the referee does not know).

    A game the referee knows without screens raises ``MissingGameUI`` (logged), never hidden."""
    return registry.get_ui(game_id)


EXTENSION_MODULES = ("companion.screens.rules", "companion.screens.history", "companion.screens.join",
                     "companion.screens.bgstats", "companion.screens.storage", "companion.screens.clock",
                     "companion.screens.space")


def load_extensions() -> None:
    for mod in EXTENSION_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


add_strings(
    {
        "access.host_only": {
            "de": "Das gibt es nur am Gerät des Gastgebers.",
            "en": "This is only on the host's device.",
        },
        "access.no_link": {
            "de": "Dieses Handy braucht den Link eines Spiels (QR-Code beim Gastgeber).",
            "en": "This phone needs a game's link (QR code at the host).",
        },
    }
)

# What a game's guest may open besides its own table: the picker, the rules (read only)
# and "Was wäre wenn?" for its own game.
GUEST_SCREENS = {"seat", "rules", "dispute"}
class AppShell(ControlReuse, PhoneSettings):
    """One browser session: language, seats, current screen (the ``Shell`` every screen sees)."""

    def __init__(self, page: ft.Page, ctx: AppContext) -> None:
        self.page = page
        self.ctx = ctx
        self.lang = DEFAULT_LANG
        self.lang_chosen = False  # the player picked a language in this session: the phone's is not taken
        self.seats: set[int] | None = None  # None: this phone acts for every seat (passed around)
        # A phone that came in through a game's link is that game's guest (``scope`` holds
        # the game): it sees that game only, never the host's other games, history or
        # backups, and never the pass-around view. None: the host. See ``identify``.
        self.scope: set[str] | None = None
        self.phone = "session:" + secrets.token_urlsafe(12)  # replaced by the phone cookie
        self.screen = "home"
        self.game_id: str | None = None  # for setup
        self.table: Table | None = None
        self.refusal: RefereeError | None = None
        self.flash: str | None = None
        self.storage_notice_seen = False  # the browser-storage notice (screens.storage) was dismissed in this session
        # per-screen view state (selected sheet, typed text, a game's setup state, ...), keyed by a name or
        # (name, table id); each screen reads back what it put there
        self.ui: ScreenMemory = {}
        self.rule_hook: Callable[[str], None] | None = None  # set by companion.screens.rules (every "Warum?" link)
        self.home_extra: Callable[[Shell], list[ft.Control]] | None = None  # extensions' rows on the home screen
        self._listener: int | None = None
        self._rendered_seq: tuple[int, int] | None = None  # (seq, actions) last drawn
        self.body = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=10)
        self._body_box = ft.Container(self.body, padding=10, expand=True)
        self._reused: list[ft.Control] = []  # controls a view handed out again this render (see reuse())
        self._render_waits = False  # a render waits for the table's commit (``render``)
        self._own_write: PendingWrite | None = None  # this phone's last change, until it is committed
        self.theme_mode = "system"  # follows the phone's dark setting until the table picks light or dark
        self._wakelock: ft.Wakelock | None = None
        self._haptic: ft.HapticFeedback | None = None
        self._awake = False  # what the wake lock was last asked to be

    # --- words --------------------------------------------------------------------
    def t(self, key: str, **params: object) -> str:
        return tr(self.lang, key, **params)

    def game_title(self, game_id: str) -> str:
        """A game's name in this language; an unknown id (an old or foreign record) as it is."""
        return registry.title_of(game_id, self.lang)

    def err_text(self, err: RefereeError) -> str:
        return err.message(self.lang)

    # --- lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        page = self.page
        page.title = "Tischrichter"
        page.padding = 0
        theme.apply(page, self.theme_mode)
        # the screen stays awake while a game is open (a phone that sleeps mid-turn loses the table);
        # Flet registers a service with the page that is current when it is made: this one
        self._wakelock = ft.Wakelock()
        self._haptic = ft.HapticFeedback()
        page.on_disconnect = self._on_disconnect
        page.on_close = self._on_close
        page.on_connect = self._on_connect
        self.identify()
        self.ctx.shells.add(self)
        for ext in EXTENSIONS:
            ext(self)
        self._route(self.guest_route(page.route or "/"))
        self.render()
        page.run_task(self._load_language)

    # --- who is this ---------------------------------------------------------------
    @property
    def is_guest(self) -> bool:
        return self.scope is not None

    @property
    def guest_game(self) -> str | None:
        return next(iter(self.scope)) if self.scope else None

    def identify(self) -> None:
        """Host or guest, from what the server's Gate found for this websocket (``CLIENT``).

        Called at session start and again on every reconnect (a reload keeps the session),
        so the role always follows the connection the browser has now."""
        client = client_here(CLIENT.get(), self.ctx.space, self.ctx.store.has_game, self.page.route or "/")
        if client is None:
            self.scope = set() if self.ctx.require_client else None
        elif client.role == "host":
            self.scope = None
        else:
            self.scope = {client.game} if client.game else set()
        if client is not None and client.phone:
            self.phone = client.phone
        if client is not None and client.notice:  # the server changed what this connection asked for
            self.flash = self.t(client.notice, n=client.notice_n)

    def guest_route(self, route: str) -> str:
        """Whatever a guest typed, its own game: ``/g/<game>`` (a seat link of that game keeps
        its seat; ``?all`` and every other path are dropped; ``?lang=`` stays)."""
        if not self.is_guest:
            return route
        parsed = urlparse(route or "/")
        parts = [p for p in parsed.path.split("/") if p]
        lang = parse_qs(parsed.query).get("lang", [None])[0]
        tail = f"?lang={lang}" if lang in LANGS else ""
        game = self.guest_game
        if game is None:
            return "/" + tail
        ident = route_ident(parts[1]) if len(parts) >= 2 else ""
        ours = len(parts) >= 2 and parts[0] == "g" and (ident == game or (len(ident) >= 6 and game.startswith(ident)))
        named = f"{self.ctx.shard}-{game}" if self.ctx.shard else game  # a public shard's name stays in front
        if ours and len(parts) >= 4 and parts[2] == "seat" and parts[3].isdigit():
            return f"/g/{named}/seat/{parts[3]}{tail}"
        return f"/g/{named}{tail}"

    async def _on_connect(self, e: ft.Event[ft.Page]) -> None:
        """A reload or a new connection: the role follows the browser's cookies now."""
        before = self.scope
        self.identify()
        if self.is_guest and (before != self.scope or not self._guest_may_stay()):
            self.go_home()

    def _guest_may_stay(self) -> bool:
        if self.screen == "play":
            return self.table is not None and self.table.id in (self.scope or set())
        return self.screen in GUEST_SCREENS

    def claim_seat(self, game_id: str, seat: int) -> bool:
        """Take ``seat`` of ``game_id`` for this phone, if this phone may without asking:
        the host always; a guest its own seat again, or a free seat as its first one.
        Anything else (a seat another phone holds, a second seat) needs the host's yes or
        the holder's release (see companion.screens.join); returns False then."""
        holder = self.ctx.claims.get(game_id, {}).get(seat)
        if self.is_guest and holder != self.phone:
            if holder is not None or self.phone in self.ctx.seated_before.get(game_id, set()):
                return False
        self.ctx.grant_seat(game_id, seat, self.phone, move=self.is_guest)
        return True

    def _route(self, route: str) -> None:
        parsed = urlparse(route)
        parts = [p for p in parsed.path.split("/") if p]
        if self.is_guest and self.guest_game is None:
            self.flash = self.t("access.no_link")
        if len(parts) >= 2 and parts[0] == "g":
            # /g/<game id>            this phone acts for every seat (passed around): the host's
            # /g/<game id>/seat/<n>   this phone is seat n's own (one table, many phones)
            try:
                self.open_table(route_ident(parts[1]), render=False)
                if len(parts) >= 4 and parts[2] == "seat" and parts[3].isdigit() and len(parts[3]) <= 3:
                    seat = int(parts[3])
                    if 0 <= seat < len(self.game_table.players) and self.claim_seat(self.game_table.id, seat):
                        self.seats = {seat}
            except (StoreError, InvalidInput):
                damage = self.ctx.store.damage_key(route_ident(parts[1]))  # say why it does not open
                self.flash = self.t(damage[0], **damage[1]) if damage else self.t("app.error", detail=parts[1][:40])
        q = parse_qs(parsed.query)
        if q.get("lang", [None])[0] in LANGS:
            self.lang = q["lang"][0]
            self.ui["lang_fixed"] = True

    def _on_disconnect(self, e: ft.Event[ft.Page]) -> None:
        # the session may come back (reload); the table keeps going. Its seat no longer counts as
        # connected: the host's join screen and the seat pickers of its game say so now
        join_seats.phone_left(self)

    def _on_close(self, e: ft.Event[ft.Page]) -> None:
        self._unsubscribe()
        self.ctx.shells.discard(self)
        GC.session_closed()  # its screen may sit among the frozen objects

    # --- navigation -----------------------------------------------------------------
    def go_home(self) -> None:
        if self.is_guest:  # a guest's home is its table
            self.screen = "play"
            self.refusal = None
            self.ui = {k: v for k, v in self.ui.items() if k == "lang_fixed"}
            if self.guest_game is None:
                self.seats = None
                self._unsubscribe()
                self.table = None
                self.screen = "home"
                self.render()
                return
            try:
                self.open_table(self.guest_game)
            except (StoreError, InvalidInput):
                self.flash = self.t("app.error", detail=self.guest_game[:40])
                self._unsubscribe()
                self.table = None
                self.screen = "home"
                self.render()
            return
        self.seats = None
        self._unsubscribe()
        self.table = None
        self.screen = "home"
        self.refusal = None
        self.ui = {k: v for k, v in self.ui.items() if k == "lang_fixed"}
        self.render()

    def go_setup(self, game_id: str) -> None:
        if self.is_guest:
            self.go_home()
            return
        self._unsubscribe()
        self.table = None
        self.game_id = game_id
        self.screen = "setup"
        self.refusal = None
        self.render()

    def go(self, screen: str, **ui: object) -> None:
        """Show a screen registered in SCREENS (rules, history, ...)."""
        if self.is_guest and (screen not in GUEST_SCREENS or any(
                ui.get(k, self.guest_game) != self.guest_game for k in ("join_game", "dispute_game"))):
            self.go_home()  # a guest stays at its table
            return
        self._unsubscribe()
        self.table = None
        self.screen = screen
        self.refusal = None
        self.ui.update(ui)
        self.render()

    def open_table(self, game_id: str, render: bool = True) -> None:
        if self.is_guest and game_id not in (self.scope or set()):
            if self.guest_game is None:
                raise StoreError("access.no_link")
            game_id = self.guest_game  # a table's guest stays at its table
        table = self.ctx.tables.open(game_id)
        self._unsubscribe()
        self.table = table
        self.game_id = table.game.id
        self.screen = "play"
        self.refusal = None
        if self.is_guest:
            # a guest acts for the seat its phone holds, never for everyone (None: the picker)
            held = self.ctx.held_by(table.id, self.phone)
            self.seats = {held} if held is not None else None
        self._listener = table.subscribe(self._on_table_change)
        if render:
            self.render()

    def start_game(self, game_id: str, players: list[PlayerSpec], options: Mapping[str, object]) -> None:
        """Create the table (refusing bad setup with a message, keeping what was entered)."""
        try:
            table = self.ctx.tables.create(game_id, players, options)
        except (InvalidInput, Refusal) as exc:
            self.refusal = exc
            self.render()
            return
        except StoreError as exc:
            self.flash = self.t(exc.key, **{k: str(v) for k, v in exc.params.items()})
            self.render()
            return
        self.ui = {k: v for k, v in self.ui.items() if k == "lang_fixed"}
        self.open_table(table.id)

    def _unsubscribe(self) -> None:
        if self.table is not None and self._listener is not None:
            self.table.unsubscribe(self._listener)
        self._listener = None

    def _on_table_change(self, table: Table, what: str) -> None:
        if table is not self.table:
            return
        session = getattr(self.page, "session", None)
        if session is None or getattr(session, "connection", None) is None:
            return  # disconnected: the reconnect redraws from the table anyway
        try:
            self.page.run_task(self._refresh_from_table)
        except RuntimeError as err:  # the session's loop is gone: the reconnect redraws from the table
            log.debug("refresh not scheduled: %r", err)

    async def _refresh_from_table(self) -> None:
        if self.table is not None and self._rendered_seq != (self.table.seq, len(self.table.record.actions)):
            self.render()

    # --- acting on the table -----------------------------------------------------------
    def act(self, fn: Callable[[], object]) -> bool:
        if self.table is not None and not self.ctx.tables.action_allowed(self.table.id):  # a public space's bound
            self.flash = self.t("space.too_many_actions", n=self.ctx.tables.ACTIONS_PER_MINUTE)
            self.render()
            return False
        try:
            fn()
        except (Refusal, InvalidInput) as exc:
            self.refusal = exc
            self.render()
            return False
        except StoreError as exc:
            self.refusal = Refusal("table.store", "store_failed", detail=exc.key)
            self.render()
            return False
        # Taken. With the store's writer the commit may still run: this phone shows the change
        # once it is in, or the store's refusal (``render``, ``_render_when_saved``).
        self._own_write = self.table.pending_write() if self.table is not None else None
        if self._own_write is None:
            platform.committed()  # the phone: its save to IndexedDB starts while the screen is built
        self.refusal = None
        self.render()
        return True

    def submit(self, action: ActionInput) -> bool:
        return self.act(lambda: self.game_table.submit(action, self.seats))

    def roll(self, values: list[int] | None = None) -> bool:
        rolled = self.act(lambda: self.game_table.roll(self.seats, values))
        if rolled:
            self.buzz()
        return rolled

    def undo(self) -> bool:
        return self.act(lambda: self.game_table.undo(self.seats))

    def redo(self) -> bool:
        return self.act(lambda: self.game_table.redo(self.seats))

    def refuse(self, err: RefereeError) -> None:
        """Show a refusal the view found itself (e.g. a tapped field's reason)."""
        self.refusal = err
        self.render()

    def show_rule(self, rule: str) -> None:
        hook = self.rule_hook
        if hook:
            hook(rule)
            return
        msg = self.err_text(self.refusal) if self.refusal is not None and self.refusal.rule == rule else ""
        dlg = ft.AlertDialog(
            title=ft.Text(self.t("play.done_rule", rule=rule)),
            content=ft.Text(msg),
            actions=[ft.TextButton(content=self.t("play.close"), on_click=lambda e: self.page.pop_dialog())],
        )
        self.page.show_dialog(dlg)

    # --- rendering ------------------------------------------------------------------
    def top_bar(self) -> ft.Control:
        other = "en" if self.lang == "de" else "de"

        async def switch(e: ft.Event[ft.TextButton]) -> None:
            await self.set_lang(other)

        return ft.Container(
            bgcolor=theme.BAR,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            content=ft.Row(
                [
                    ft.IconButton(
                        icon=ft.Icons.HOME,
                        icon_color=theme.ON_BAR,
                        icon_size=32,  # 48 px to tap
                        tooltip=self.t("app.home"),
                        on_click=lambda e: self.go_home(),
                    ),
                    # one line: on a 360 px seat phone the bar also holds "Du: Ana" and the seat switch
                    ft.Text(self.t("app.title"), size=20, weight=ft.FontWeight.BOLD, color=theme.ON_BAR, expand=True,
                            no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                    ft.TextButton(
                        height=48,  # a thumb-sized target
                        content=ft.Text(self.t("app.lang_switch"), color=theme.ON_BAR),
                        tooltip=self.t("app.lang_switch_tip"),
                        on_click=switch,
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
                    ),
                ],
                spacing=0,  # on a 390 px seat phone "Tischrichter" is whole beside "Du: Ana"
            ),
        )

    @property
    def game_table(self) -> Table:
        """The open table, for the play and result screens (which the shell shows only with one open)."""
        if self.table is None:
            raise LookupError("no table is open on this screen")
        return self.table

    def refusal_control(self) -> ft.Control | None:
        if self.refusal is None:
            return None
        rule = self.refusal.rule
        return refusal_line(
            self.err_text(self.refusal),
            self.t("play.why", rule=rule) if rule else None,
            (lambda: self.show_rule(rule)) if rule else None,
        )

    def render(self) -> None:
        if self.table is not None and self.table.pending_write() is not None:
            # A change of this table is not on disk yet: no screen shows it before it is (the
            # commit runs in the store's writer thread). Drawn once it is in; that
            # render sends this page's changes, so Flet's auto-update after the event has nothing
            # to do (it would diff the whole page for nothing: 4-9 ms of the loop per tap).
            ft.context.mark_update_called()  # type: ignore[no-untyped-call]  # Flet leaves it unannotated
            if not self._render_waits:
                try:
                    self.page.run_task(self._render_when_saved)
                    self._render_waits = True
                except RuntimeError as err:  # the session's loop is gone: the reconnect redraws
                    log.debug("render not scheduled: %r", err)
            return
        self._render_now()

    async def _render_when_saved(self) -> None:
        try:
            if self.table is not None:
                await self.table.settled()  # until none of its changes is pending
        finally:
            self._render_waits = False
        mine, self._own_write = self._own_write, None
        err = Table.write_refusal(mine) if mine is not None else None
        if err is not None:  # the store did not take this phone's change: the table is as saved
            self.refusal = err
        self.render()

    def _render_now(self) -> None:
        self._reused = []
        try:
            content = self._screen()
        except Exception:  # a view bug must not kill the session: show it and keep the game
            log.exception("view failed")
            content = [info_line(self.t("app.view_failed"), color=theme.REFUSAL)]
        if self.table is not None:
            self._rendered_seq = (self.table.seq, len(self.table.record.actions))
        # One keyed column per screen: Flet then diffs a rebuilt view against the
        # previous one in place (frozen comparison) and sends only what changed.
        screen_key = f"{self.screen}:{self.table.id if self.table is not None else self.game_id or ''}"
        if getattr(self, "_shown_key", None) not in (None, screen_key):
            # Another screen gets a new scrolling body, so it opens at its top: the old one kept the
            # last screen's scroll offset, and Flutter web then kept its semantics nodes at that old
            # offset too (a tap on a field landed on whatever was drawn there).
            self.body = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=10)
            self._body_box.content = self.body
        self._shown_key = screen_key
        self.body.controls = [ft.Column(content, key=screen_key, spacing=10)]
        bar_key = (self.lang,)
        new_frame = getattr(self, "_bar_key", None) != bar_key or not self.page.controls
        if new_frame:
            # the frame is built once per language; a tap only replaces the body's controls
            self._bar_key = bar_key
            self._frame = ft.Column([self.top_bar(), self._body_box], spacing=0, expand=True)
            self.page.controls = [ft.SafeArea(self._frame, expand=True)]
        if new_frame or self._page_changed():
            self.page.update()
        else:
            # Only the frame (the top bar and the body) is diffed: a whole page's diff also walks the
            # page's theme, services and window, unchanged on a tap, and took half of a redraw's time
            # (build/BENCH.md "The server's share of a tap"). Services and dialogs send themselves.
            self.page.update(self._frame)
        self._reindex_reused()
        self._keep_awake()

    def _page_changed(self) -> bool:
        """A property of the page or its view was set since the last update (the theme, say): the
        next update must be the whole page's, not only the frame's."""
        return bool(self.page._dirty) or any(v._dirty for v in self.page.views)

    def _screen(self) -> list[ft.Control]:
        out: list[ft.Control] = []
        for n in ([] if self.is_guest else self.ctx.store.notices):  # they name the host's files
            out.append(info_line(self.t(n.key, **n.params), color=theme.NOTICE))
        if self.flash:
            out.append(info_line(self.flash, color=theme.NOTICE))
        out += [c for extra in TOP_EXTRAS for c in extra(self)]
        if self.is_guest and self.screen == "play" and self.table is not None and not self.seats:
            # never the pass-around view on a guest's phone: who are you first
            self.ui["join_game"] = self.table.id
            self._unsubscribe()
            self.table = None
            self.screen = "seat"
        if self.is_guest and not (self.screen == "play" or self.screen in GUEST_SCREENS):
            self.screen = "denied"
            out.append(info_line(self.t("access.no_link" if self.guest_game is None else "access.host_only"),
                                 color=theme.NOTICE))
            return out
        quick = registry.quick_screens()
        if self.screen == "setup" and self.game_id:
            out += [self._game_ui(self.game_id).setup(self)]
        elif self.screen == "play" and self.table is not None:
            ui = self._game_ui(self.table.game.id)
            if self.table.is_over() and self.ui.get("show_result", True):
                out += [wrap_result(self, ui.result(self))] + [c for extra in RESULT_EXTRAS for c in extra(self)]
            else:
                out += [ui.play(self)]
        elif self.screen in quick:
            out += quick[self.screen](self)
        elif self.screen in SCREENS:
            out += SCREENS[self.screen](self)
        else:
            out += self.home()
        return out

    @staticmethod
    def _game_ui(game_id: str) -> GameUI:
        ui = game_ui(game_id)
        if ui is None:
            raise registry.MissingGameUI(f"no screens for {game_id}")
        return ui

    def home(self) -> list[ft.Control]:
        return home_screen(self)


def make_main(ctx: AppContext) -> Callable[[ft.Page], Awaitable[None]]:
    load_extensions()
    registry.check()  # a game the referee knows without screens stops the start, with its name
    async def main(page: ft.Page) -> None:
        shell = AppShell(page, ctx)
        page.data = shell
        await shell.start()

    return main
