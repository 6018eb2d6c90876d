"""The app shell: one ``Shell`` per browser session over one shared ``AppContext``.

The context (per server process) holds the store and the open tables; every
session (phone) renders views from a table's state and submits actions to it.
A view is a function of (state, seat, language); when any session changes a
table, every session showing it re-renders.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion.i18n import DEFAULT_LANG, LANGS, STRINGS, pick_lang, tr
from companion.store import Store, StoreError
from companion.table import Table, Tables
from components.common import big_button, info_line, refusal_line, section_title
from scoring.engine import PlayerSpec
from scoring.errors import InvalidInput, RefereeError, Refusal

log = logging.getLogger("tischrichter")

# game id -> module in companion.games with setup_view / play_view / result_view
GAME_UIS: dict[str, str] = {
    "qwixx-longo": "companion.games.qwixx",
    "verflixxt": "companion.games.verflixxt",
    "raus-aus-dem-verlies": "companion.games.verlies",
}


def game_ui(game_id: str) -> Any | None:
    mod = GAME_UIS.get(game_id)
    if not mod:
        return None
    try:
        return importlib.import_module(mod)
    except ModuleNotFoundError as exc:
        if exc.name == mod:
            return None
        raise


# Screens and hooks that other modules add (rules, history, ...), so the shell
# stays small: SCREENS[name](shell) -> controls; EXTENSIONS run at session start.
SCREENS: dict[str, Callable[["Shell"], list[ft.Control]]] = {}
EXTENSIONS: list[Callable[["Shell"], None]] = []
EXTENSION_MODULES = ("companion.rules_ui", "companion.history_ui", "companion.join_ui")


def load_extensions() -> None:
    for mod in EXTENSION_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


@dataclass
class AppContext:
    store: Store
    tables: Tables
    join_url: str = ""
    token: str | None = None
    shells: set = field(default_factory=set)

    @classmethod
    def create(cls, join_url: str = "", token: str | None = None, db: str | None = None) -> "AppContext":
        store = Store(db)
        return cls(store=store, tables=Tables(store), join_url=join_url, token=token)


class PartCache(dict):
    """Controls kept between renders, by what they show (see ``Shell.parts``).

    ``get`` hands a hit to ``Shell.reuse``: a control taken from here is in the new
    render without being built again, so the shell makes sure Flet still knows it.
    """

    def __init__(self, shell: "Shell") -> None:
        super().__init__()
        self._shell = shell

    def get(self, key: Any, default: Any = None) -> Any:
        got = super().get(key, default)
        if got is not None and got is not default:
            self._shell.reuse(got)
        return got


class Shell:
    """One browser session: language, seats, current screen."""

    def __init__(self, page: ft.Page, ctx: AppContext) -> None:
        self.page = page
        self.ctx = ctx
        self.lang = DEFAULT_LANG
        self.seats: set[int] | None = None  # None: this phone acts for every seat (passed around)
        # On the LAN, a phone that came in through a game's link is that table's guest:
        # it sees only that game, not the host's other games, history or backups.
        self.scope: set[str] | None = None
        self.screen = "home"
        self.game_id: str | None = None  # for setup
        self.table: Table | None = None
        self.refusal: RefereeError | None = None
        self.flash: str | None = None
        self.ui: dict[str, Any] = {}  # per-screen view state (selected sheet, typed text, ...)
        self._listener: int | None = None
        self._rendered_seq = -1
        self.body = ft.Column(expand=True, scroll=ft.ScrollMode.AUTO, spacing=10)
        self._reused: list[ft.Control] = []  # controls a view handed out again this render (see reuse())

    # --- words --------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return tr(self.lang, key, **params)

    def game_title(self, game_id: str) -> str:
        """A game's name in this language; an unknown id (an old or foreign record) as it is."""
        key = f"game.{game_id}"
        return self.t(key) if key in STRINGS else game_id

    def err_text(self, err: RefereeError) -> str:
        return err.message(self.lang)

    # --- lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        page = self.page
        page.title = "Tischrichter"
        page.padding = 0
        page.theme_mode = ft.ThemeMode.LIGHT
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
        page.on_disconnect = self._on_disconnect
        page.on_close = self._on_close
        self.ctx.shells.add(self)
        for ext in EXTENSIONS:
            ext(self)
        self._route(page.route or "/")
        self.render()
        page.run_task(self._load_language)

    def _route(self, route: str) -> None:
        parsed = urlparse(route)
        parts = [p for p in parsed.path.split("/") if p]
        if len(parts) >= 2 and parts[0] == "g":
            # /g/<game id>            this phone acts for every seat (passed around)
            # /g/<game id>/seat/<n>   this phone is seat n's own (one table, many phones)
            try:
                self.open_table(parts[1], render=False)
                if self.ctx.token:
                    self.scope = {self.table.id}
                if len(parts) >= 4 and parts[2] == "seat" and parts[3].isdigit():
                    seat = int(parts[3])
                    if 0 <= seat < len(self.table.players):
                        self.seats = {seat}
            except (StoreError, InvalidInput):
                damage = self.ctx.store.damage_key(parts[1])  # issue 12.7: say why it does not open
                self.flash = self.t(damage[0], **damage[1]) if damage else self.t("app.error", detail=parts[1][:40])
        q = parse_qs(parsed.query)
        if q.get("lang", [None])[0] in LANGS:
            self.lang = q["lang"][0]
            self.ui["lang_fixed"] = True

    async def _load_language(self) -> None:
        """The remembered language, else the device's (first start). Never blocks the first screen."""
        if self.ui.get("lang_fixed"):
            return
        try:
            prefs = ft.SharedPreferences()
            saved = await asyncio.wait_for(prefs.get("lang"), timeout=3)
            if saved not in LANGS:
                info = await asyncio.wait_for(self.page.get_device_info(), timeout=3)
                langs = list(getattr(info, "languages", None) or []) + [getattr(info, "language", None) or ""]
                saved = pick_lang(langs)
        except Exception:  # no client answer (tests, old browser): stay German
            return
        if saved in LANGS and saved != self.lang:
            self.lang = saved
            self.render()

    async def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()
        try:
            await asyncio.wait_for(ft.SharedPreferences().set("lang", lang), timeout=3)
        except Exception:
            pass

    def _on_disconnect(self, e: Any) -> None:
        pass  # the session may come back (reload); the table keeps going

    def _on_close(self, e: Any) -> None:
        self._unsubscribe()
        self.ctx.shells.discard(self)

    # --- navigation -----------------------------------------------------------------
    def go_home(self) -> None:
        self.seats = None
        self._unsubscribe()
        self.table = None
        self.screen = "home"
        self.refusal = None
        self.ui = {k: v for k, v in self.ui.items() if k == "lang_fixed"}
        self.render()

    def go_setup(self, game_id: str) -> None:
        self._unsubscribe()
        self.table = None
        self.game_id = game_id
        self.screen = "setup"
        self.refusal = None
        self.render()

    def go(self, screen: str, **ui: Any) -> None:
        """Show a screen registered in SCREENS (rules, history, ...)."""
        self._unsubscribe()
        self.table = None
        self.screen = screen
        self.refusal = None
        self.ui.update(ui)
        self.render()

    def open_table(self, game_id: str, render: bool = True) -> None:
        if self.scope is not None and game_id not in self.scope:
            game_id = next(iter(self.scope))  # a table's guest stays at its table
        table = self.ctx.tables.open(game_id)
        self._unsubscribe()
        self.table = table
        self.game_id = table.game.id
        self.screen = "play"
        self.refusal = None
        self._listener = table.subscribe(self._on_table_change)
        if render:
            self.render()

    def start_game(self, game_id: str, players: list[PlayerSpec], options: dict[str, Any]) -> None:
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
        except Exception:
            pass

    async def _refresh_from_table(self) -> None:
        if self.table is not None and self._rendered_seq != (self.table.seq, len(self.table.record.actions)):
            self.render()

    # --- acting on the table -----------------------------------------------------------
    def _act(self, fn: Callable[[], Any]) -> bool:
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
        self.refusal = None
        self.render()
        return True

    def submit(self, action: Any) -> bool:
        return self._act(lambda: self.table.submit(action, self.seats))

    def roll(self, values: list[int] | None = None) -> bool:
        return self._act(lambda: self.table.roll(self.seats, values))

    def undo(self) -> bool:
        return self._act(lambda: self.table.undo(self.seats))

    def redo(self) -> bool:
        return self._act(lambda: self.table.redo(self.seats))

    def refuse(self, err: RefereeError) -> None:
        """Show a refusal the view found itself (e.g. a tapped field's reason)."""
        self.refusal = err
        self.render()

    def show_rule(self, rule: str) -> None:
        hook = getattr(self, "rule_hook", None)
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

        async def switch(e: Any) -> None:
            await self.set_lang(other)

        return ft.Container(
            bgcolor=ft.Colors.INDIGO_700,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            content=ft.Row(
                [
                    ft.IconButton(
                        icon=ft.Icons.HOME,
                        icon_color=ft.Colors.WHITE,
                        tooltip=self.t("app.home"),
                        on_click=lambda e: self.go_home(),
                    ),
                    ft.Text(self.t("app.title"), size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE, expand=True),
                    ft.TextButton(
                        content=ft.Text(self.t("app.lang_switch"), color=ft.Colors.WHITE),
                        tooltip=self.t("app.lang_switch_tip"),
                        on_click=switch,
                    ),
                ]
            ),
        )

    def refusal_control(self) -> ft.Control | None:
        if self.refusal is None:
            return None
        rule = self.refusal.rule
        return refusal_line(
            self.err_text(self.refusal),
            self.t("play.why", rule=rule) if rule else None,
            (lambda: self.show_rule(rule)) if rule else None,
        )

    def reuse(self, control: ft.Control) -> ft.Control:
        """A view hands out a control object it built in an earlier render (unchanged).

        Flet's diff skips such an object without looking inside, which is the point
        (a Qwixx sheet is ~250 controls). But when its old parent was replaced,
        Flet 1.0.5 drops the reused subtree from the session's control index while
        it stays on screen; a tap on it then costs a search of the whole tree
        before it reaches the handler. ``render`` puts such controls back.
        """
        self._reused.append(control)
        return control

    def parts(self, key: Any, limit: int) -> "PartCache":
        """A view's cache of controls kept between renders by what they show (rows, cells,
        slots), emptied when it grows past ``limit``. Every hit is handed to ``reuse``."""
        cache = self.ui.get(key)
        if not isinstance(cache, PartCache) or len(cache) > limit:
            cache = self.ui[key] = PartCache(self)
        return cache

    def memo(self, key: Any, sig: Any, build: Callable[[], ft.Control]) -> ft.Control:
        """The control built for ``key`` last time if ``sig`` (everything it shows and
        does, hashable) is unchanged; else a fresh one. Event handlers of a memoised
        control must read live state (they may outlive the render that built them)."""
        cache: dict = self.ui.setdefault("_memo", {})
        hit = cache.get(key)
        if hit is not None and hit[0] == sig:
            return self.reuse(hit[1])
        control = build()
        cache[key] = (sig, control)
        return control

    def _reindex_reused(self) -> None:
        session = getattr(self.page, "session", None)
        index = getattr(session, "index", None)
        if index is None:
            return
        for top in self._reused:
            if index.get(top._i) is top:
                continue  # still known, and so is everything inside it
            stack = [top]
            while stack:
                c = stack.pop()
                if index.get(c._i) is not c:
                    index[c._i] = c
                content = getattr(c, "content", None)
                if isinstance(content, ft.Control):
                    stack.append(content)
                stack.extend(x for x in getattr(c, "controls", None) or () if isinstance(x, ft.Control))
        self._reused = []

    def render(self) -> None:
        self._reused = []
        try:
            content = self._screen()
        except Exception as exc:  # a view bug must not kill the session: show it and keep the game
            log.exception("view failed")
            content = [info_line(self.t("app.error", detail=type(exc).__name__), color=ft.Colors.RED_50)]
        if self.table is not None:
            self._rendered_seq = (self.table.seq, len(self.table.record.actions))
        # One keyed column per screen: Flet then diffs a rebuilt view against the
        # previous one in place (frozen comparison) and sends only what changed.
        screen_key = f"{self.screen}:{self.table.id if self.table is not None else self.game_id or ''}"
        self.body.controls = [ft.Column(content, key=screen_key, spacing=10)]
        bar_key = (self.lang,)
        if getattr(self, "_bar_key", None) != bar_key or not self.page.controls:
            # the frame is built once per language; a tap only replaces the body's controls
            self._bar_key = bar_key
            self.page.controls = [
                ft.SafeArea(
                    ft.Column([self.top_bar(), ft.Container(self.body, padding=10, expand=True)], spacing=0, expand=True),
                    expand=True,
                )
            ]
        self.page.update()
        self._reindex_reused()

    def _screen(self) -> list[ft.Control]:
        out: list[ft.Control] = []
        for n in self.ctx.store.notices:
            out.append(info_line(self.t(n.key, **n.params), color=ft.Colors.AMBER_100))
        if self.flash:
            out.append(info_line(self.flash, color=ft.Colors.AMBER_100))
        if self.screen == "setup" and self.game_id:
            ui = game_ui(self.game_id)
            out += [ui.setup_view(self)]
        elif self.screen == "play" and self.table is not None:
            ui = game_ui(self.table.game.id)
            if self.table.is_over() and self.ui.get("show_result", True):
                out += [ui.result_view(self)]
            else:
                out += [ui.play_view(self)]
        elif self.screen in SCREENS:
            out += SCREENS[self.screen](self)
        else:
            out += self.home()
        return out

    def _resume(self, game_id: str) -> None:
        """Issue 12.7: a game found damaged on opening stays on the home list, marked, with why."""
        self.flash = None
        try:
            self.open_table(game_id)
        except StoreError as exc:
            damage = self.ctx.store.damage_key(game_id)
            if exc.key != "game_damaged" or damage is None:
                raise
            self.flash = self.t(damage[0], **damage[1])
            self.go_home()

    def home(self) -> list[ft.Control]:
        out: list[ft.Control] = [section_title(self.t("home.new_game"))]
        if self.ctx.store.readonly:
            out.append(info_line(self.t("home.readonly"), color=ft.Colors.AMBER_100))
        for gid in GAME_UIS:
            if game_ui(gid) is None:
                continue
            out.append(
                big_button(
                    self.t(f"game.{gid}"),
                    lambda e, gid=gid: self.go_setup(gid),
                    tooltip=self.t("home.new_game") + ": " + self.t(f"game.{gid}"),
                )
            )
        out.append(section_title(self.t("home.resume_title")))
        open_games = self.ctx.store.games(finished=False, limit=30)
        if self.scope is not None:
            open_games = [g for g in self.ctx.store.games(limit=200) if g["id"] in self.scope]
        if not open_games:
            out.append(ft.Text(self.t("home.none_open"), size=15))
        for g in open_games:
            label = self.t(
                "home.resume_item",
                game=self.game_title(g["game"]),
                players=", ".join(g["players"]),
                actions=g["actions"],
            )
            damage = self.ctx.store.damage_key(g["id"])  # issue 12.7: listed, not openable
            if damage is not None:
                out.append(ft.Column([ft.Text(label, size=15), info_line(self.t(damage[0], **damage[1]),
                                                                       color=ft.Colors.RED_50)]))
                continue
            out.append(
                ft.Row(
                    [
                        ft.Text(label, size=15, expand=True),
                        big_button(self.t("home.resume"), lambda e, gid=g["id"]: self._resume(gid),
                                   tooltip=self.t("home.resume") + ": " + label),
                    ]
                )
            )
        extra = getattr(self, "home_extra", None)
        if extra:
            out += extra(self)
        return out


def make_main(ctx: AppContext) -> Callable:
    load_extensions()
    async def main(page: ft.Page) -> None:
        shell = Shell(page, ctx)
        page.data = shell
        await shell.start()

    return main
