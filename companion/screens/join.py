"""One table, many phones: the join screen (QR + URL) and the seat picker.

An extension module (companion.app imports it and runs ``extension`` with every
new Shell). It adds, without touching the shell's own code:

- ``SCREENS["join"]``: the host shows a QR code and a short URL for the game
  (``http://host:port/g/<short id>?t=TOKEN`` in LAN mode) and who has joined.
- ``SCREENS["seat"]``: a phone that opened ``/g/<id>`` without a seat (and
  without ``?all``) in a game of two or more players asks
  "Wer bist du?" (one button per player, plus "Alle" for a phone passed around);
  the choice is remembered in the browser (``ft.SharedPreferences``, per game)
  and used again when the same browser opens the game's link again.
- ``/g/<first 8 characters of the id>`` works like the full id (a short URL to
  type), as long as the prefix names one game.
- A phone that is a seat's own stays that seat's for that game: "Start" and
  "Weiterspielen" reopen it as that seat (also in a new tab of the same
  browser), so it never turns into a screen acting for every seat by accident.
- A reconnecting session (Flet reload, phone back from sleep, Wi-Fi hiccup)
  re-renders at once from the table, so it shows where the table is now: while
  a session is disconnected its renders cannot be scheduled.
- The top bar gets "Mitspieler einladen" (QR) on a game screen acting for every
  seat, and the seat's name plus "Platz wechseln" on a seat's own phone.

Guests (DESIGN.md "Who may see and do what"; the server's Gate names them, see
``companion.web.server``): a phone that came in through a game's link gets "Wer bist du?"
without "Alle"; its first free seat is its own at once, and the server remembers it
by the browser's phone cookie (a new tab or a reload is that seat again). A seat
another phone holds, or a second seat, is only asked for: every host screen shows
the request (Erlauben / Ablehnen) and the holder's phone may give the seat up.

The referee stays single: every phone's action goes through the one Table of
this server process (``Table.submit(action, shell.seats)``); nothing here
decides a rule.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlparse, urlunparse

import flet as ft

from companion import platform
from companion.i18n import add_strings
from companion.shell import EXTENSIONS, SCREENS, Shell
from companion.store import StoreError
from companion.table.join_seats import (
    ALL,
    _copy,
    _load_locks,
    _load_seat,
    _others,
    _refresh_join_screens,
    _rerender,
    _save_seat,
    _split,
    ask_seat,
    choose_seat,
    game_join_url,
    log,
    request_banners,
    request_seat,
    resolve_game_id,
    seat_locks,
    seats_connected,
    table_join_token,
)
from companion.table.table import Table
from components import theme
from components.common import big_button, info_line, section_title
from components.qr import qr_image
from scoring.errors import InvalidInput

add_strings(
    {
        "join.invite": {"de": "Mitspieler einladen", "en": "Invite players"},
        "join.no_such_seat": {
            "de": "Diesen Platz gibt es an diesem Tisch nicht; der Link ist falsch. Wer bist du?",
            "en": "This table has no such seat; the link is wrong. Who are you?",
        },
        "join.title": {"de": "Mitspielen mit dem eigenen Handy", "en": "Play along on your own phone"},
        "join.scan": {
            "de": "Mit der Handy-Kamera scannen oder die Adresse im Browser öffnen:",
            "en": "Scan with the phone's camera or open the address in a browser:",
        },
        "join.qr_label": {"de": "QR-Code zum Beitreten: {url}", "en": "QR code to join: {url}"},
        "join.local_only": {
            "de": "Andere Handys erreichen diesen Tischrichter nicht: er läuft nur für dieses Gerät. "
                  "Reicht es am Tisch herum – oder öffnet das Spiel auf einem Tischrichter, der im WLAN "
                  "oder im Internet läuft.",
            "en": "Other phones cannot reach this Tischrichter: it runs for this device only. "
                  "Pass it around the table – or open the game on a Tischrichter that runs on the Wi-Fi "
                  "or on the internet.",
        },
        "join.no_network": {
            "de": "Die Handys erreichen dieses Gerät nicht: es ist mit keinem WLAN verbunden. "
                  "Dieses Gerät mit dem WLAN verbinden und den Tischrichter neu starten.",
            "en": "The phones cannot reach this device: it is not connected to a Wi-Fi. "
                  "Connect this device to the Wi-Fi and start Tischrichter again.",
        },
        "join.same_wifi": {
            "de": "Alle Handys müssen im selben WLAN sein. Der Link enthält den Tisch-Schlüssel: nur am Tisch teilen.",
            "en": ("All phones must be on the same Wi-Fi. The link contains the table's key: share it only at the "
                   "table."),
        },
        "join.phone_only": {
            "de": "Dieser Tischrichter läuft allein auf diesem Handy: reicht es am Tisch herum. "
                  "Mit einem Handy für jeden spielt ihr auf einem Tischrichter, der im WLAN oder im Internet "
                  "läuft: dort zeigt jedes Spiel seinen QR-Code zum Beitreten.",
            "en": "This Tischrichter runs on this phone alone: pass it around the table. "
                  "To play with a phone each, use a Tischrichter that runs on the Wi-Fi or on the internet: "
                  "there every game shows its QR code to join.",
        },
        "join.copy": {"de": "Link kopieren", "en": "Copy link"},
        "join.copied": {"de": "Link kopiert.", "en": "Link copied."},
        "join.who_is_here": {"de": "Wer ist verbunden?", "en": "Who is connected?"},
        "join.seat_here": {"de": "{name}: verbunden", "en": "{name}: connected"},
        "join.seat_away": {"de": "{name}: noch nicht da", "en": "{name}: not here yet"},
        "join.back": {"de": "Zurück zum Spiel", "en": "Back to the game"},
        "join.no_game": {
            "de": "Dieses Spiel gibt es hier nicht (mehr).",
            "en": "This game does not exist here (any more).",
        },
        "seat.title": {"de": "Wer bist du?", "en": "Who are you?"},
        "seat.game": {"de": "{game}: {players}", "en": "{game}: {players}"},
        "seat.me": {"de": "Ich bin {name}", "en": "I am {name}"},
        "seat.taken": {"de": "{name} (schon verbunden)", "en": "{name} (already connected)"},
        "seat.all": {"de": "Alle (Handy wird herumgereicht)", "en": "Everyone (the phone is passed around)"},
        "seat.hint": {
            "de": "Dein Handy zeigt deinen Zettel; du kreuzt selbst an. Das Handy merkt sich die Wahl.",
            "en": "Your phone shows your sheet; you cross yourself. The phone remembers the choice.",
        },
        "seat.you_are": {"de": "Du: {name}", "en": "You: {name}"},
        "seat.switch": {"de": "Platz wechseln", "en": "Change seat"},
        "seat.held": {"de": "{name} (vergeben)", "en": "{name} (taken)"},
        "seat.asked": {
            "de": "Der Platz von {name} braucht die Zustimmung des Gastgebers (oder des Handys, das ihn hat). Gefragt.",
            "en": "{name}'s seat needs the host's consent (or that of the phone holding it). Asked.",
        },
        "seat.withdraw": {"de": "Anfrage zurückziehen", "en": "Withdraw the request"},
        "seat.refused": {"de": "Abgelehnt: der Platz bleibt, wo er ist.", "en": "Refused: the seat stays where it is."},
        "seat.request_host": {
            "de": "Ein Handy möchte den Platz von {name} übernehmen ({game}).",
            "en": "A phone wants to take {name}'s seat ({game}).",
        },
        "seat.request_holder": {
            "de": "Ein anderes Handy möchte deinen Platz ({name}) übernehmen.",
            "en": "Another phone wants to take your seat ({name}).",
        },
        "seat.allow": {"de": "Erlauben", "en": "Allow"},
        "seat.refuse": {"de": "Ablehnen", "en": "Refuse"},
        "seat.release": {"de": "Platz freigeben", "en": "Give up my seat"},
    }
)


# --- screens ---------------------------------------------------------------------------
def _join_table(shell: Shell) -> Table | None:
    """The game the join and seat screens are about (None: gone or never there)."""
    game_id = shell.ui.get("join_game")
    try:
        return shell.ctx.tables.open(game_id) if game_id else None
    except (StoreError, InvalidInput):
        return None


def seat_screen(shell: Shell) -> list[ft.Control]:
    table = _join_table(shell)
    if table is None:
        return [info_line(shell.t("join.no_game"), color=theme.NOTICE)]
    names = [p.name for p in table.players]
    here = seats_connected(shell, table.id, others_only=True)
    held = {s for s, p in shell.ctx.claims.get(table.id, {}).items() if p != shell.phone}
    out: list[ft.Control] = [
        ft.Text(shell.t("seat.title"), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(shell.t("seat.game", game=shell.game_title(table.game.id), players=", ".join(names)), size=15),
    ]
    asked = next((r for r in shell.ctx.requests if r.game == table.id and r.phone == shell.phone), None)
    if asked is not None and 0 <= asked.seat < len(names):
        out.append(info_line(shell.t("seat.asked", name=names[asked.seat]), color=theme.NOTICE))
        out.append(ft.OutlinedButton(content=shell.t("seat.withdraw"), height=48,
                                     on_click=lambda e, r=asked: _withdraw(shell, r.id)))
    elif shell.ui.get("seat_refused"):
        out.append(info_line(shell.t("seat.refused"), color=theme.NOTICE))
    for i, name in enumerate(names):
        taken = i in here or (shell.is_guest and i in held)
        label = shell.t("seat.taken", name=name) if i in here else shell.t("seat.held", name=name) if taken else name
        out.append(ft.Row([
            big_button(
                label,
                lambda e, i=i: choose_seat(shell, table.id, i),
                tooltip=shell.t("seat.me", name=name),
                color=theme.PRIMARY if not taken else theme.CARD_STRONG,
                text_color=theme.ON_PRIMARY if not taken else theme.TEXT,
                expand=True,  # the whole width: a name is easy to hit with a thumb
            )
        ]))
    out.append(ft.Container(height=8))
    if not shell.is_guest:  # the pass-around view of every seat is the host's
        out.append(ft.OutlinedButton(content=shell.t("seat.all"), icon=ft.Icons.GROUPS, height=52,
                                     on_click=lambda e: choose_seat(shell, table.id, None)))
    out.append(ft.Text(shell.t("seat.hint"), size=14, color=theme.MUTED))
    return out


def _withdraw(shell: Shell, req_id: int) -> None:
    shell.ctx.requests = [r for r in shell.ctx.requests if r.id != req_id]
    shell.render()
    _rerender([s for s in _others(shell) if not s.is_guest])


def join_screen(shell: Shell) -> list[ft.Control]:
    table = _join_table(shell)
    if table is None:
        return [info_line(shell.t("join.no_game"), color=theme.NOTICE)]
    if not platform.can_share():  # the phone build: no server, no LAN, no QR
        return [section_title(shell.t("join.title")), info_line(shell.t("join.phone_only"), color=theme.NOTICE),
                big_button(shell.t("join.back"), lambda e: shell.open_table(table.id),
                           color=theme.PRIMARY, text_color=theme.ON_PRIMARY)]
    # On the LAN the link carries this game's own secret: its guests reach this game only
    # (the host token never leaves the host's device).
    shell.ctx.announce(table.id)
    url = game_join_url(shell.ctx.join_url, table.id, shard=shell.ctx.shard,
                        token=table_join_token(shell, table) if shell.ctx.links_need_token else None)
    host = urlparse(url).hostname or ""
    out: list[ft.Control] = [section_title(shell.t("join.title"))]
    if host in ("127.0.0.1", "localhost", "::1") and not shell.ctx.reachable:
        # No other phone can open a loopback address: say so in a player's words, and show no QR
        # code or link that would only lead a phone nowhere (who is connected still shows: other
        # tabs of this device). The gate on means the server was started for the Wi-Fi and found
        # no network address.
        key = "join.no_network" if shell.ctx.token else "join.local_only"
        return out + [info_line(shell.t(key), color=theme.NOTICE), *_who_is_here(shell, table)]
    out += [
        ft.Text(shell.t("join.scan"), size=15),
        ft.Row(
            [qr_image(url, size=260, label=shell.t("join.qr_label", url=url))], alignment=ft.MainAxisAlignment.CENTER
        ),
        # not ``selectable``: a selectable Text reaches screen readers as an empty text field
        ft.Row(
            [ft.Text(url, size=17, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)],
            alignment=ft.MainAxisAlignment.CENTER,
            wrap=True,
        ),
        ft.Row(
            [
                ft.OutlinedButton(
                    content=shell.t("join.copy"),
                    icon=ft.Icons.COPY,
                    height=48,
                    on_click=lambda e: shell.page.run_task(_copy, shell, url),
                )
            ],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    ]
    if shell.ctx.token and shell.ctx.space is None:
        out.append(ft.Text(shell.t("join.same_wifi"), size=13, color=theme.MUTED))
    return out + _who_is_here(shell, table)


def _who_is_here(shell: Shell, table: Table) -> list[ft.Control]:
    """Each seat, connected or not yet, and the way back to the game."""
    here = seats_connected(shell, table.id)
    out: list[ft.Control] = [section_title(shell.t("join.who_is_here"))]
    for i, p in enumerate(table.players):
        key = "join.seat_here" if i in here else "join.seat_away"
        out.append(ft.Text(shell.t(key, name=p.name), size=16, color=None if i in here else theme.MUTED))
    out.append(big_button(shell.t("join.back"), lambda e: shell.open_table(table.id),
                          color=theme.PRIMARY, text_color=theme.ON_PRIMARY))
    return out


SCREENS["join"] = join_screen
SCREENS["seat"] = seat_screen


# --- the extension: routing, top bar, reconnect --------------------------------------------------
def _full_route(shell: Shell, r: str) -> tuple[str, list[str], dict[str, list[str]]]:
    """The route with a short game id in ``/g/<id>`` made the full one, and its parts and query."""
    parts, query = _split(r)
    if len(parts) >= 2 and parts[0] == "g":
        full = resolve_game_id(shell, parts[1])
        if shell.ctx.shard:  # a public shard's links keep its name in front (the proxy routes a reload by it)
            full = f"{shell.ctx.shard}-{full}"
        if full != parts[1]:
            parsed = urlparse(r or "/")
            parts[1] = full
            r = urlunparse(("", "", "/" + "/".join(parts), "", parsed.query, ""))
    return r, parts, query


def _host_arrives(shell: Shell, parts: list[str], query: dict[str, list[str]]) -> None:
    """The host's route after the shell's: a seat link remembers its seat; a join link asks who holds the phone."""
    if len(parts) >= 4 and parts[2] == "seat" and shell.table is not None and shell.seats:
        # a seat's own link: remember it like a choice on the picker
        seat = next(iter(shell.seats))
        seat_locks(shell)[shell.table.id] = seat
        shell.page.run_task(_save_seat, shell, shell.table.id, str(seat))
    elif len(parts) == 2 and parts[0] == "g" and shell.table is not None and shell.seats is None \
            and "all" not in query and len(shell.table.players) > 1:
        # a join link: ask who holds this phone (one player alone: nothing to ask;
        # ``?all`` keeps the old meaning, a phone acting for every seat)
        game_id = shell.table.id
        shell.go("seat", join_game=game_id)  # go() renders: start() renders again, harmless
        shell.page.run_task(_load_seat, shell, game_id)


def _guest_arrives(shell: Shell, parts: list[str]) -> None:
    """A guest's route (already its own game, see ``Shell.guest_route``): its seat if its
    phone holds one; a seat link asks for that seat; else "Wer bist du?"."""
    table = shell.table
    if table is None:
        return
    if shell.seats:
        seat = next(iter(shell.seats))
        seat_locks(shell)[table.id] = seat
        shell.page.run_task(_save_seat, shell, table.id, str(seat))
        return
    if len(parts) >= 4 and parts[2] == "seat" and parts[3].isdigit() and len(parts[3]) <= 3 \
            and int(parts[3]) < len(table.players):
        request_seat(shell, table.id, int(parts[3]))  # the seat link of a seat it may not simply take
    elif len(parts) >= 4 and parts[2] == "seat":  # a seat this table does not have
        shell.flash = shell.t("join.no_such_seat")
    elif len(table.players) == 1:
        choose_seat(shell, table.id, 0, ask=False)
        if shell.seats:
            return
    shell.go("seat", join_game=table.id)
    shell.page.run_task(_load_seat, shell, table.id)


def _install_route(shell: Shell) -> None:
    original_route = shell._route

    def route(r: str) -> None:
        r, parts, query = _full_route(shell, r)
        original_route(r)
        if shell.is_guest:
            _guest_arrives(shell, parts)
        else:
            _host_arrives(shell, parts, query)

    shell._route = route  # type: ignore[method-assign, assignment]  # the extension wraps the shell's router


# the top bar's own controls, made once: "invite", "you" (a Text), "switch"; empty: not in this bar
BarBits = dict[str, ft.Control]


def _sync_bar(shell: Shell, bits: BarBits) -> None:
    """Show or hide the bar's own buttons for the screen now shown."""
    if not bits:
        return
    play = shell.table is not None and shell.screen == "play"
    bits["invite"].visible = play and shell.seats is None and not shell.is_guest
    mine = play and bool(shell.seats)
    bits["you"].visible = bits["switch"].visible = mine
    you = bits["you"]
    if mine and isinstance(you, ft.Text):
        you.value = shell.t("seat.you_are", name=", ".join(
            shell.game_table.players[s].name for s in sorted(shell.seats or ())))


def _invite(shell: Shell) -> None:
    if shell.table is not None:
        shell.go("join", join_game=shell.table.id)


def _switch(shell: Shell) -> None:
    if shell.table is not None:
        ask_seat(shell, shell.table.id)


def _add_bar_bits(shell: Shell, bar: ft.Control, bits: BarBits) -> None:
    """Put the invite button, "you are ..." and the seat switch into the bar, before the language switch."""
    try:
        row = getattr(bar, "content", None)  # the bar is a Container around its row
        bits["invite"] = ft.IconButton(icon=ft.Icons.QR_CODE_2, icon_color=theme.ON_BAR, icon_size=32,
                                       tooltip=shell.t("join.invite"), on_click=lambda e: _invite(shell), visible=False)
        bits["you"] = ft.Text("", color=theme.ON_BAR, size=15, weight=ft.FontWeight.BOLD, visible=False)
        bits["switch"] = ft.IconButton(icon=ft.Icons.SWAP_HORIZ, icon_color=theme.ON_BAR, icon_size=32,
                                       tooltip=shell.t("seat.switch"), on_click=lambda e: _switch(shell), visible=False)
        if isinstance(row, ft.Row) and row.controls:
            row.controls[-1:-1] = [bits["invite"], bits["you"], bits["switch"]]  # before the language switch
        else:
            bits.clear()
        _sync_bar(shell, bits)
    except Exception:  # the bar changed shape: keep it as it is
        bits.clear()
        log.exception("join: top bar")


def _install_top_bar(shell: Shell) -> None:
    """The bar's seat buttons and the seat requests' banners above every screen."""
    original_top_bar = shell.top_bar
    original_screen = shell._screen
    # The shell builds its top bar once per language and then only replaces the body:
    # the bar's own buttons are made once and shown or hidden at every render.
    bits: BarBits = {}

    def top_bar() -> ft.Control:
        bar = original_top_bar()
        _add_bar_bits(shell, bar, bits)
        return bar

    def screen() -> list[ft.Control]:
        out = original_screen()
        banners = request_banners(shell)
        if banners:
            out = banners + out
        _sync_bar(shell, bits)
        return out

    shell.top_bar = top_bar  # type: ignore[method-assign]
    shell._screen = screen  # type: ignore[method-assign]


def _table_id(shell: Shell) -> str | None:
    return shell.table.id if shell.table is not None else None


def _install_reconnect(shell: Shell) -> None:
    """A phone coming back draws the table as it is now; every coming and going updates the join screens."""
    page = shell.page
    previous_connect = page.on_connect
    previous_disconnect = page.on_disconnect
    previous_close = page.on_close

    async def on_connect(e: ft.Event[ft.Page]) -> None:
        # Renders scheduled while the session was away were dropped (no connection to
        # schedule them on): draw the table as it is now.
        if callable(previous_connect):
            res = previous_connect(e)  # type: ignore[call-arg]  # Flet's type allows a handler without the event
            if asyncio.iscoroutine(res):
                await res
        if shell.table is not None or shell.screen in ("join", "seat"):
            shell.render()
        _refresh_join_screens(shell, _table_id(shell))

    def on_disconnect(e: ft.Event[ft.Page]) -> None:
        if callable(previous_disconnect):
            previous_disconnect(e)  # type: ignore[call-arg]  # (see on_connect)
        _refresh_join_screens(shell, _table_id(shell))

    def on_close(e: ft.Event[ft.Page]) -> None:
        gid = _table_id(shell)
        if callable(previous_close):
            previous_close(e)  # type: ignore[call-arg]  # (see on_connect)
        _refresh_join_screens(shell, gid)

    page.on_connect = on_connect
    page.on_disconnect = on_disconnect
    page.on_close = on_close


def _install_open_table(shell: Shell) -> None:
    """Opening a game on the host's phone takes the seat remembered for it."""
    original_open_table = shell.open_table

    def open_table(game_id: str, render: bool = True) -> None:
        original_open_table(game_id, render=False)
        # a guest's seat is what its phone holds on the server (set by the shell), never a lock
        lock = seat_locks(shell).get(shell.table.id) if shell.table is not None and not shell.is_guest else None
        if lock is not None and lock != ALL and 0 <= int(lock) < len(shell.game_table.players):
            shell.seats = {int(lock)}
        if render:
            shell.render()

    shell.open_table = open_table  # type: ignore[method-assign]


def extension(shell: Shell) -> None:
    """Seats and joining in the app shell: routes, the top bar, reconnects, the remembered seat."""
    _install_route(shell)
    _install_open_table(shell)
    _install_top_bar(shell)
    _install_reconnect(shell)
    shell.page.run_task(_load_locks, shell)


if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
