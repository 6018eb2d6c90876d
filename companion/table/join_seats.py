"""One table, many phones, the part without screens: join URLs, which seats are connected, a
phone's remembered seat, seat requests and the choice of a seat (``companion.screens.join`` shows them)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from urllib.parse import parse_qs, urlencode, urlparse, urlunparse

import flet as ft

from companion.shell import CLIENT_ANSWER_TIMEOUT, Shell
from companion.store import StoreError
from companion.table.table import Table
from companion.web.client import route_ident
from components import theme
from scoring.errors import InvalidInput

log = logging.getLogger("tischrichter.join")

SHORT_ID = 8  # characters of the game id in a join URL
PREF_PREFIX = "tischrichter.seat."  # + game id -> "0", "1", ... or "all"
ALL = "all"


# --- URLs --------------------------------------------------------------------------------
def short_id(game_id: str) -> str:
    return game_id[:SHORT_ID]


def game_join_url(base: str, game_id: str, seat: int | None = None, token: str | None = None,
                  shard: str | None = None) -> str:
    """The URL another phone opens: the server's join URL with the game's path.

    ``base`` is ``AppContext.join_url`` (``http://192.168.1.5:8550/?t=TOKEN`` in LAN
    mode): its query (the token) is kept, since the LAN gate accepts the token on
    any path and then sets its cookie.
    """
    p = urlparse(base or "http://127.0.0.1:8550/")
    ident = f"{shard}-{short_id(game_id)}" if shard else short_id(game_id)
    path = f"/g/{ident}" + (f"/seat/{seat}" if seat is not None else "")
    query = parse_qs(p.query)
    if token and "t" not in query:
        query["t"] = [token]
    return urlunparse((p.scheme or "http", p.netloc, path, "", urlencode(query, doseq=True), ""))


def table_join_token(shell: Shell, table: Table) -> str:
    """The game's own join secret (``Store.table_token``); a game from an older store gets one."""
    tok = getattr(table, "token", "") or shell.ctx.store.table_token(table.id) or ""
    if len(tok) < 16:
        fresh = secrets.token_urlsafe(16)
        try:
            shell.ctx.store.set_table_token(table.id, fresh)
            tok = fresh
        except StoreError:  # a read-only store: the old token (if any) it is
            pass
    table.token = tok
    return tok


def resolve_game_id(shell: Shell, ident: str) -> str:
    """A full game id, or the one open game whose id starts with ``ident`` (≥ 6 characters)."""
    store = shell.ctx.store
    ident = route_ident(ident)
    try:
        if len(ident) < 6:
            return ident
        hits = store.ids_starting(ident, 2)  # an index range, not a scan of the games
        if ident in hits:
            return ident
    except Exception:  # a broken store: let the shell's own routing say so
        return ident
    return hits[0] if len(hits) == 1 else ident


def _split(route: str) -> tuple[list[str], dict[str, list[str]]]:
    parsed = urlparse(route or "/")
    return [p for p in parsed.path.split("/") if p], parse_qs(parsed.query, keep_blank_values=True)


# --- who is here --------------------------------------------------------------------------
def _connected(s: Shell) -> bool:
    try:
        return s.page.session.connection is not None
    except Exception:
        return False


def seats_connected(shell: Shell, game_id: str, *, others_only: bool = False) -> set[int]:
    """Seats that have their own phone on this game right now (other sessions included;
    ``others_only``: not this browser's own tabs)."""
    out: set[int] = set()
    for s in list(shell.ctx.shells):
        if s.table is not None and s.table.id == game_id and s.seats and _connected(s) \
                and not (others_only and s.phone == shell.phone):
            out |= set(s.seats)
    return out


def phone_left(shell: Shell) -> None:
    """``shell``'s connection ended (its session may come back): the screens that show who is
    connected to its game (the host's join screen, the seat pickers) are drawn again without it."""
    game_id = shell.table.id if shell.table is not None else shell.ui.get("join_game")
    if not game_id or not shell.seats:
        return
    _rerender([s for s in _others(shell) if s.screen in ("join", "seat") and s.ui.get("join_game") == game_id])


def holder_away(shell: Shell, game_id: str, seat: int) -> bool:
    """``seat`` is held by a phone that has no connected session (its tab closed, its Wi-Fi gone)."""
    holder = shell.ctx.claims.get(game_id, {}).get(seat)
    return holder is not None and not any(s.phone == holder and _connected(s) for s in list(shell.ctx.shells))


def take_over(shell: Shell, game_id: str, seat: int) -> bool:
    """A guest phone new to this game takes a seat whose phone is gone, without the host: the
    table goes on when a phone's tab closed mid-game. A phone that held a seat of this game before
    asks as ever (it hops no seats), and a holder that is still connected is asked as ever."""
    if not shell.is_guest or shell.phone in shell.ctx.seated_before.get(game_id, set()):
        return False
    if not holder_away(shell, game_id, seat):
        return False
    before = shell.ctx.grant_seat(game_id, seat, shell.phone, move=True)
    for s in list(shell.ctx.shells):
        if before is not None and s.phone == before and s.table is not None and s.table.id == game_id:
            # the gone phone's session comes back to the picker: drawn now (it is sent nothing while
            # away), so a reconnect shows the picker, and a tap on its old sheet reaches no control
            s.seats = None
            try:
                s.render()
            except Exception:  # noqa: BLE001 - what a session away cannot do (its wake lock): drawn all the same
                log.debug("a gone phone's screen not fully drawn", exc_info=True)
    return True


def _refresh_join_screens(shell: Shell, game_id: str | None) -> None:
    """The host's join screen lists who is connected: tell it someone came or went."""
    if not game_id:
        return
    for s in list(shell.ctx.shells):
        if s is shell or s.screen != "join" or s.ui.get("join_game") != game_id:
            continue
        try:
            s.page.run_task(_render_async, s)
        except Exception:  # that session is away itself
            pass


async def _render_async(s: Shell) -> None:
    s.render()


async def _copy(shell: Shell, text: str) -> None:
    try:
        await asyncio.wait_for(ft.Clipboard().set(text), timeout=CLIENT_ANSWER_TIMEOUT)
    except Exception:  # no clipboard (plain http on a phone): the link is on the screen anyway
        return
    shell.page.show_dialog(ft.SnackBar(ft.Text(shell.t("join.copied"))))


# --- choosing a seat ---------------------------------------------------------------------------
def _pref_key(game_id: str) -> str:
    return PREF_PREFIX + game_id


async def _save_seat(shell: Shell, game_id: str, value: str) -> None:
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(_pref_key(game_id), value), timeout=CLIENT_ANSWER_TIMEOUT)
    except Exception:
        pass


async def _load_seat(shell: Shell, game_id: str) -> None:
    """A browser that chose a seat for this game before gets it again without asking."""
    try:
        saved = await asyncio.wait_for(ft.SharedPreferences().get(_pref_key(game_id)), timeout=CLIENT_ANSWER_TIMEOUT)
    except Exception:  # no answer (old browser, tests): the picker stays
        return
    if shell.screen != "seat" or shell.ui.get("join_game") != game_id or saved is None:
        return  # the player was quicker, or went elsewhere
    saved = str(saved)
    if saved == ALL and not shell.is_guest:
        choose_seat(shell, game_id, None, remember=False)
    elif saved.isdigit():
        # a hint only: the server's claims decide (a held seat is not asked for on its own)
        choose_seat(shell, game_id, int(saved), remember=False, ask=False)


def seat_locks(shell: Shell) -> dict[str, int | str]:
    """Game id -> the seat this session (browser) chose for it, or ``ALL``.

    Kept on the shell itself, not in ``shell.ui`` (which "Start" clears): a seat's
    phone that goes to the start screen and resumes the game from "Offene Spiele"
    is that seat's phone again, never a screen acting for every seat (which would
    show the other seats' hidden treasures and let it act for them).
    """
    locks = getattr(shell, "join_seat_locks", None)
    if locks is None:
        locks = {}
        shell.join_seat_locks = locks  # type: ignore[attr-defined]
    return locks


async def _load_locks(shell: Shell) -> None:
    """Seats this browser chose before (any tab): applied when one of those games is opened."""
    try:
        prefs = ft.SharedPreferences()
        keys = await asyncio.wait_for(prefs.get_keys(PREF_PREFIX), timeout=CLIENT_ANSWER_TIMEOUT)
        for key in list(keys or [])[:200]:
            value = await asyncio.wait_for(prefs.get(key), timeout=CLIENT_ANSWER_TIMEOUT)
            gid = str(key)[len(PREF_PREFIX):]
            if gid and gid not in seat_locks(shell):
                value = str(value)
                if value == ALL:
                    seat_locks(shell)[gid] = ALL
                elif value.isdigit():
                    seat_locks(shell)[gid] = int(value)
    except Exception:  # no answer (old browser, tests): nothing remembered
        return


def _others(shell: Shell) -> list[Shell]:
    return [s for s in list(shell.ctx.shells) if s is not shell and _connected(s)]


def _concerned(shell: Shell, game_id: str) -> list[Shell]:
    """The other sessions a seat request for ``game_id`` shows on: the host's screens and that
    game's own phones (the holder's banner), never the phones of every other table."""
    return [s for s in _others(shell) if not s.is_guest or s.guest_game == game_id]


def _rerender(shells: list[Shell]) -> None:
    for s in shells:
        try:
            s.page.run_task(_render_async, s)
        except Exception:  # that session is away itself
            pass


def request_seat(shell: Shell, game_id: str, seat: int) -> None:
    """A guest asks for a seat it may not simply take: the host's screens (and the holder's
    phone) show the request; the guest's picker says it asked."""
    # one request per seat, the newest: a host's screen shows at most one banner per seat, however
    # many phones ask (the earlier askers' pickers show the seats again, to ask again)
    shell.ctx.requests = [r for r in shell.ctx.requests if not (r.game == game_id and r.seat == seat)]
    shell.ctx.add_request(game_id, seat, shell.phone)
    shell.ui.pop("seat_refused", None)
    _rerender(_concerned(shell, game_id))


def decide(shell: Shell, req_id: int, allow: bool) -> None:
    """The host allows or refuses a seat request; the holder of the seat may give it up."""
    ctx = shell.ctx
    req = next((r for r in ctx.requests if r.id == req_id), None)
    if req is None:
        shell.render()
        return
    holder = ctx.claims.get(req.game, {}).get(req.seat)
    if shell.is_guest and not (allow and holder == shell.phone):
        return  # a guest decides nothing but to give up its own seat
    ctx.requests.remove(req)
    touched: list[Shell] = []
    if allow:
        before = ctx.grant_seat(req.game, req.seat, req.phone, move=True)
        for s in list(ctx.shells):
            on_game = s.ui.get("join_game") == req.game or (s.table is not None and s.table.id == req.game)
            if s.phone == req.phone and on_game:
                s.ui.pop("join_game", None)
                try:
                    s.open_table(req.game, render=False)  # a guest's seat comes from the claims
                except (StoreError, InvalidInput):
                    continue
                if not s.is_guest:
                    s.seats = {req.seat}
                touched.append(s)
            elif before is not None and s.phone == before and s.table is not None and s.table.id == req.game \
                    and s.seats == {req.seat}:
                s.seats = None  # a guest's phone then asks who it is; a host's acts for everyone
                touched.append(s)
    else:
        for s in list(ctx.shells):
            if s.phone == req.phone:
                s.ui["seat_refused"] = True
                touched.append(s)
    if shell in touched:
        touched.remove(shell)
    shell.render()
    _rerender([s for s in _others(shell) if s in touched or not s.is_guest])
    _refresh_join_screens(shell, req.game)


def request_banners(shell: Shell) -> list[ft.Control]:
    """Seat requests: on every host screen (allow / refuse), and on the holder's phone (give up)."""
    out: list[ft.Control] = []
    for r in list(shell.ctx.requests):
        try:
            table = shell.ctx.tables.open(r.game)
            name = table.players[r.seat].name
        except Exception:
            continue
        holder = shell.ctx.claims.get(r.game, {}).get(r.seat)
        if not shell.is_guest:
            text = shell.t("seat.request_host", name=name, game=shell.game_title(table.game.id))
            buttons: list[ft.Control] = [
                ft.Button(content=shell.t("seat.allow"), on_click=lambda e, i=r.id: decide(shell, i, True)),
                ft.OutlinedButton(content=shell.t("seat.refuse"), on_click=lambda e, i=r.id: decide(shell, i, False)),
            ]
        elif holder == shell.phone and r.game == shell.guest_game:
            text = shell.t("seat.request_holder", name=name)
            buttons = [ft.Button(content=shell.t("seat.release"), on_click=lambda e, i=r.id: decide(shell, i, True))]
        else:
            continue
        out.append(ft.Container(
            bgcolor=theme.NOTICE, padding=10, border_radius=8,
            content=ft.Column([ft.Text(text, size=16), ft.Row(buttons, wrap=True)], spacing=6),
        ))
    return out


def choose_seat(shell: Shell, game_id: str, seat: int | None, *, remember: bool = True, ask: bool = True) -> None:
    """Open the game on this phone as ``seat``'s own (None: for every seat, passed around: the
    host's only). A guest takes a free seat as its first; anything else is asked for."""
    if shell.is_guest and seat is None:
        return  # the pass-around view is the host's
    try:
        shell.open_table(game_id, render=False)
    except (StoreError, InvalidInput):
        shell.flash = shell.t("join.no_game")
        shell.go_home()
        return
    if seat is not None and not (0 <= seat < len(shell.game_table.players)):
        if shell.is_guest:
            return
        seat = None
    if shell.is_guest:
        assert seat is not None  # a guest never gets the pass-around view (returned above)
        game_id = shell.game_table.id
        if not shell.claim_seat(game_id, seat) and not (ask and take_over(shell, game_id, seat)):
            if ask:
                request_seat(shell, game_id, seat)
            shell.go("seat", join_game=game_id)
            return
        shell.open_table(game_id, render=False)  # the seat from the claims
        shell.ui.pop("join_game", None)
        shell.render()
        if remember:
            shell.page.run_task(_save_seat, shell, game_id, str(seat))
        _refresh_join_screens(shell, game_id)
        _rerender([s for s in _others(shell) if not s.is_guest and s.screen == "seat"])
        return
    if seat is not None:
        shell.claim_seat(shell.game_table.id, seat)
    shell.seats = {seat} if seat is not None else None
    seat_locks(shell)[game_id] = seat if seat is not None else ALL
    shell.ui.pop("join_game", None)
    shell.render()
    if remember:
        shell.page.run_task(_save_seat, shell, game_id, ALL if seat is None else str(seat))
    _refresh_join_screens(shell, game_id)


def ask_seat(shell: Shell, game_id: str) -> None:
    """Show "Wer bist du?" for ``game_id`` (this phone then acts for nobody until it picks)."""
    shell.go("seat", join_game=game_id)
    _refresh_join_screens(shell, game_id)
