"""One table, many phones: several real Flet sessions on one server process.

Level 2 (tests/harness/flet_session.py): each phone is a real
``flet.messaging.session.Session`` over a fake connection that msgpack-encodes
every message exactly as the websocket transport does, so a test reads what
each phone would receive. All phones meet one authoritative ``Table`` through
one ``AppContext``, as in the server.

Each phone here also has its own "browser storage" (``ft.SharedPreferences``
answered from a dict), so remembering a seat per browser is tested too.
"""

from __future__ import annotations

import asyncio
import io
import threading
from typing import Any

import flet as ft
import pytest
import segno
from flet.controls.context import _context_page, context
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session

from companion.app import make_main
from companion.store import Store
from companion.table.join_seats import PREF_PREFIX, game_join_url, short_id
from scoring.engine import PlayerSpec, replay
from scoring.errors import Refusal
from scoring.qwixx_longo import Pass, WhiteCross
from tests.harness.flet_session import AppSession, FakeConnection, make_context, typed_roll

TYPED = "Echte Würfel: Werte eingeben"
NAMES = ["Ana", "Ben", "Cara", "Dora"]
LUCKY = [(15, 16), (14, 16), (13, 16), (12, 16)]  # far from the white sums rolled here


# --- phones -------------------------------------------------------------------------------------
class BrowserConnection(FakeConnection):
    """A fake connection whose browser has localStorage: SharedPreferences calls are answered."""

    def __init__(self, loop: asyncio.AbstractEventLoop, storage: dict[str, Any]) -> None:
        super().__init__(loop)
        self.storage = storage

    def _answer(self, body: dict[str, Any]) -> None:
        name, args = body.get("name"), body.get("args") or {}
        ctrl = self.session.index.get(body["control_id"]) if self.session else None
        if isinstance(ctrl, ft.SharedPreferences) and name in ("get", "set", "remove", "contains_key", "get_keys"):
            key = args.get("key")
            if name == "get_keys":
                result = [k for k in self.storage if k.startswith(args.get("key_prefix") or "")]
            elif name == "get":
                result = self.storage.get(key)
            elif name == "set":
                self.storage[key] = args.get("value")
                result = True
            elif name == "remove":
                result = self.storage.pop(key, None) is not None
            else:
                result = key in self.storage

            def reply() -> None:
                try:
                    self.session.handle_invoke_method_results(body["control_id"], body["call_id"], result, None)
                except RuntimeError:
                    pass

            self.loop.call_soon_threadsafe(reply)
            return
        super()._answer(body)


async def open_phone(ctx, route: str = "/", storage: dict[str, Any] | None = None) -> AppSession:
    """A browser tab opening ``route``: register like flet_web's FletApp, then the app's main(page)."""
    loop = asyncio.get_running_loop()
    conn = BrowserConnection(loop, {} if storage is None else storage)
    session = Session(conn)
    conn.session = session
    _context_page.set(session.page)
    session.apply_page_patch({"route": route, "web": True, "width": 412, "height": 915})
    conn.send_message(Message(MessageAction.REGISTER_CLIENT,
                              {"session_id": session.id, "page_patch": session.get_page_patch(), "error": ""}))
    app = AppSession(session, conn, ctx)
    context.reset_auto_update()
    await make_main(ctx)(session.page)
    await session.after_event(session.page)
    await app.settle(10)
    return app


async def drop(app: AppSession) -> None:
    """The phone's connection drops (Wi-Fi, sleep): the session waits for it to come back."""
    await app.session.disconnect(3600)
    await app.settle()


async def come_back(app: AppSession) -> None:
    """The same tab reconnects (Flet reload): the server sends the page it holds, then ``connect``."""
    conn = BrowserConnection(asyncio.get_running_loop(), app.conn.storage)
    conn.session = app.session
    conn.send_message(Message(MessageAction.REGISTER_CLIENT,
                              {"session_id": app.session.id, "page_patch": app.session.page, "error": ""}))
    app.conn = conn
    app.session.attach_connection(conn)
    await app.session.dispatch_connect_event()
    await app.settle(10)


def new_game(ctx, n: int):
    return ctx.tables.create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES[:n]], {"lucky_numbers": LUCKY[:n]})


async def seat_phones(ctx, table, n: int) -> list[AppSession]:
    return [await open_phone(ctx, f"/g/{table.id}/seat/{i}") for i in range(n)]


async def everyone_sees(phones: list[AppSession], text: str, *, contains: bool = False) -> None:
    await asyncio.gather(*(p.wait_for(lambda p=p: p.has_text(text, contains=contains)) for p in phones))


def waiting_line(names: list[str]) -> str:
    """Who still decides on this roll, in words."""
    if len(names) == 1:
        return f"{names[0]} entscheidet noch"
    return ", ".join(names[:-1]) + f" und {names[-1]} entscheiden noch"


def consistent(ctx, table) -> None:
    """The one log replays to the table's state, from this store and from a fresh one on the same file."""
    assert replay(ctx.store.record(table.id)) == table.state
    fresh = Store(ctx.store.path)
    try:
        assert replay(fresh.record(table.id)) == table.state
    finally:
        fresh.close()


def no_crashes(*phones: AppSession) -> None:
    for p in phones:
        assert p.crashes() == [], p.crashes()


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


# --- a roll and a cross reach every phone ------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
async def test_roll_and_cross_appear_on_every_phone(ctx, n):
    table = new_game(ctx, n)
    phones = await seat_phones(ctx, table, n)
    names = NAMES[:n]
    await everyone_sees(phones, "Ana ist dran · Wurf Nr. 1")
    for i, p in enumerate(phones):
        assert p.has_text(f"Du: {names[i]}")  # the top bar says whose phone this is
        assert p.has_text(f"Zettel von {names[i]}")  # each phone shows its player's own sheet
        assert not any(p.has_text(f"Zettel von {x}") for x in names if x != names[i])
    assert phones[0].find_all(text="Würfeln")
    for p in phones[1:]:
        assert not p.find_all(text="Würfeln") and p.has_text("Ana würfelt.")

    # the active player rolls on her phone: the dice appear on every phone at once
    await typed_roll(phones[0], TYPED, "2 3 1 1 1 1")
    await everyone_sees(phones, waiting_line(names))
    for i, p in enumerate(phones):
        await p.wait_for(lambda p=p, i=i: p.has_text(f"Weiße Summe 5 – {names[i]}:"))
        assert p.find_all(label="Weiß 2") and p.find_all(label="Weiß 3")
        assert p.find_all(text="Gelb 5") and p.find_all(text="Passen")

    # Ben crosses yellow 5 on his phone: the others see he has decided
    await phones[1].click(text="Gelb 5")
    rest = [x for x in names if x != "Ben"]
    await everyone_sees(phones, waiting_line(rest))
    assert not phones[1].find_all(text="Passen")  # decided: nothing more to tap for Ben now
    assert phones[1].find_all(label="Gelb 5: angekreuzt")  # his own sheet shows the cross

    # a screen acting for every seat (the host) shows Ben's sheet with the cross
    host = await open_phone(ctx, f"/g/{table.id}?all")
    assert host.has_text(waiting_line(rest))
    await host.click(text="Ben")
    assert host.has_text("Zettel von Ben") and host.find_all(label="Gelb 5: angekreuzt")
    no_crashes(host, *phones)


async def test_the_game_moves_on_when_everyone_has_decided(ctx):
    table = new_game(ctx, 4)
    phones = await seat_phones(ctx, table, 4)
    await typed_roll(phones[0], TYPED, "2 3 1 1 1 1")
    await everyone_sees(phones, waiting_line(NAMES))
    await phones[3].click(text="Passen")
    await phones[2].click(text="Rot 5")
    await phones[1].click(text="Passen")
    await everyone_sees(phones, waiting_line(["Ana"]))
    assert table.state.phase == "white"
    await phones[0].click(text="Blau 5")
    # white phase over: only Ana's colour choice is left
    await phones[0].wait_for(lambda: phones[0].has_text("Farbe (nur Ana):"))
    for p in phones[1:]:
        assert not p.has_text("Farbe (nur Ana):") and not p.find_all(text="Passen")
    await phones[0].click(text="Passen")
    await everyone_sees(phones, "Ben ist dran · Wurf Nr. 2")
    await phones[1].wait_for(lambda: bool(phones[1].find_all(text="Würfeln")))
    assert phones[0].has_text("Ben würfelt.")
    consistent(ctx, table)
    no_crashes(*phones)


# --- one seat cannot act for another -------------------------------------------------------------
async def test_a_seat_cannot_act_for_another_seat(ctx):
    table = new_game(ctx, 4)
    phones = await seat_phones(ctx, table, 4)
    ben = phones[1]
    seq = table.seq

    # Ben's phone has no roll button; forcing a roll for Ana is refused with the rule id
    assert not ben.find_all(text="Würfeln")
    ben.shell.roll([2, 3, 1, 1, 1, 1])
    await ben.settle()
    assert ben.has_text("Warum? table.seat")
    assert table.seq == seq and table.state.phase == "roll"

    await typed_roll(phones[0], TYPED, "2 3 1 1 1 1")
    await ben.wait_for(lambda: ben.has_text("Weiße Summe 5 – Ben:"))
    seq = table.seq

    # a cross or pass for Ana sent from Ben's session: refused, nothing changes
    for action in (WhiteCross(by=0, row="red"), Pass(by=0), {"type": "pass", "by": 2}):
        assert ben.shell.submit(action) is False
        await ben.settle()
        assert ben.has_text("Warum? table.seat")
        assert table.seq == seq
    with pytest.raises(Refusal) as err:
        table.submit(Pass(by=3), {1})
    assert err.value.rule == "table.seat"
    assert table.seq == seq and table.state.decided == (False, False, False, False)
    # Ben's own decision still works from his phone
    await ben.click(text="Passen")
    assert table.state.decided[1] and table.seq == seq + 1
    # the host (a screen acting for every seat) may close the phase for an absent player
    host = await open_phone(ctx, f"/g/{table.id}?all")
    await host.click(text="Dora")
    assert host.has_text("Weiße Summe 5 – Dora:")
    await host.click(text="Passen")
    await phones[3].wait_for(lambda: phones[3].has_text(waiting_line(["Ana", "Cara"])))
    assert table.record.actions[-1].seat == 3
    consistent(ctx, table)
    no_crashes(host, *phones)


async def test_a_seat_phone_cannot_undo_another_seats_move(ctx):
    table = new_game(ctx, 2)
    ana, ben = await seat_phones(ctx, table, 2)
    await typed_roll(ana, TYPED, "2 3 1 1 1 1")
    await ana.click(text="Rot 5")
    seq = table.seq
    ben.shell.undo()  # Ben's phone takes back Ana's cross
    await ben.settle()
    assert table.seq == seq, "Ben's phone undid Ana's move"
    assert ben.has_text("Warum? table.seat")


# --- simultaneous decisions: one log ---------------------------------------------------------------
async def test_simultaneous_white_phase_crosses_land_in_one_consistent_log(ctx):
    table = new_game(ctx, 4)
    phones = await seat_phones(ctx, table, 4)
    await typed_roll(phones[0], TYPED, "3 4 1 2 3 4")  # white sum 7
    await everyone_sees(phones, waiting_line(NAMES))
    # all four tap at the same moment
    await asyncio.gather(
        phones[0].click(text="Rot 7"), phones[1].click(text="Gelb 7"),
        phones[2].click(text="Grün 7"), phones[3].click(text="Blau 7"),
    )
    await phones[0].wait_for(lambda: phones[0].has_text("Farbe (nur Ana):"))
    rec = ctx.store.record(table.id)
    assert [a.seat for a in rec.actions[1:]] and sorted(a.seat for a in rec.actions[1:]) == [0, 1, 2, 3]
    assert all(a.action["type"] == "white" for a in rec.actions[1:])
    for seat, row in enumerate(("red", "yellow", "green", "blue")):
        assert table.state.sheets[seat].crosses(row) == 1
    consistent(ctx, table)
    no_crashes(*phones)


def test_concurrent_submits_from_threads_many_rounds(ctx):
    """Four seats submit at once from four threads, round after round: one ordered log, no forks."""
    table = new_game(ctx, 4)
    rows = ("red", "yellow", "green", "blue")
    errors: list[BaseException] = []
    for turn in range(12):
        active = table.state.active
        table.roll({active}, [1 + turn % 6, 1 + (turn * 5) % 6, 1, 2, 3, 4])
        barrier = threading.Barrier(4)

        def decide(seat: int) -> None:
            try:
                barrier.wait(5)
                legal = table.game.legal(table.state, seat)
                cross = [a for a in legal if isinstance(a, WhiteCross) and a.row == rows[(seat + turn) % 4]]
                table.submit(cross[0] if cross and seat % 2 == turn % 2 else Pass(by=seat), {seat})
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=decide, args=(s,)) for s in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert not errors, errors
        assert table.state.phase == "color"
        table.submit(Pass(by=active), {active})
        if table.is_over():
            break
    rec = ctx.store.record(table.id)
    assert len(rec.actions) == table.seq
    consistent(ctx, table)


# --- reconnect ------------------------------------------------------------------------------
async def test_a_closed_phone_rejoins_mid_phase_nothing_lost_nothing_twice(ctx):
    table = new_game(ctx, 4)
    phones = await seat_phones(ctx, table, 4)
    await typed_roll(phones[0], TYPED, "2 3 1 1 1 1")
    await phones[2].wait_for(lambda: phones[2].has_text("Weiße Summe 5 – Cara:"))

    # Cara's tab is closed (phone locked, browser killed) before she decides
    await phones[2].close()
    listeners = len(table._listeners)
    await phones[0].click(text="Rot 5")
    await phones[1].click(text="Passen")
    await phones[3].click(text="Gelb 5")
    await everyone_sees([phones[0], phones[1], phones[3]], waiting_line(["Cara"]))
    assert table.state.phase == "white"
    n_actions = len(table.record.actions)

    # she opens her link again: a new session, exactly where the table is
    cara = await open_phone(ctx, f"/g/{table.id}/seat/2")
    assert len(table._listeners) == listeners + 1  # the closed session listens no more
    assert cara.has_text(waiting_line(["Cara"]))
    assert cara.has_text("Weiße Summe 5 – Cara:")
    assert len(table.record.actions) == n_actions  # opening applied nothing
    await cara.click(text="Passen")
    await phones[0].wait_for(lambda: phones[0].has_text("Farbe (nur Ana):"))
    rec = ctx.store.record(table.id)
    assert len(rec.actions) == n_actions + 1
    assert [a.seat for a in rec.actions].count(2) == 1  # Cara decided exactly once
    consistent(ctx, table)
    no_crashes(cara, phones[0], phones[1], phones[3])


async def test_a_reloaded_phone_shows_the_table_as_it_is_now(ctx):
    """Same session, new websocket (a Flet reload or a Wi-Fi hiccup): missed changes are drawn at once."""
    table = new_game(ctx, 4)
    phones = await seat_phones(ctx, table, 4)
    dora = phones[3]
    await dora.wait_for(lambda: dora.has_text("Ana würfelt."))
    await drop(dora)
    await typed_roll(phones[0], TYPED, "2 3 1 1 1 1")
    await phones[1].click(text="Gelb 5")
    assert dora.has_text("Ana würfelt.")  # while away, nothing reaches the phone
    n_actions = len(table.record.actions)

    await come_back(dora)
    assert dora.has_text(waiting_line(["Ana", "Cara", "Dora"]))
    assert dora.has_text("Weiße Summe 5 – Dora:")
    # the messages after reconnecting carry the new screen (not only the server's copy)
    texts_sent = str(dora.conn.messages)
    assert "Weiße Summe 5 – Dora:" in texts_sent
    assert len(table.record.actions) == n_actions
    await dora.click(text="Passen")
    assert len(table.record.actions) == n_actions + 1 and table.state.decided[3]
    await phones[0].wait_for(lambda: phones[0].has_text(waiting_line(["Ana", "Cara"])))
    consistent(ctx, table)
    no_crashes(*phones)


# --- join: QR, URL, seat picker ------------------------------------------------------------------
def test_join_urls():
    gid = "0123456789abcdef0123456789abcdef"
    assert game_join_url("http://192.168.1.5:8550/?t=TOK-en_1", gid) == "http://192.168.1.5:8550/g/01234567?t=TOK-en_1"
    assert game_join_url("http://127.0.0.1:8550/", gid, 2) == "http://127.0.0.1:8550/g/01234567/seat/2"
    assert game_join_url("http://192.168.1.5:8550/", gid, token="T") == "http://192.168.1.5:8550/g/01234567?t=T"
    assert short_id(gid) == "01234567"


async def test_join_screen_shows_qr_url_and_who_is_connected(tmp_path):
    ctx = make_context(tmp_path / "lan.db")
    ctx.join_url, ctx.token = "http://192.168.1.5:8550/?t=Tisch_Geheim-1", "Tisch_Geheim-1"
    table = new_game(ctx, 3)
    host = await open_phone(ctx, f"/g/{table.id}?all")
    assert host.has_text("Ana ist dran · Wurf Nr. 1")
    await host.click(tooltip="Mitspieler einladen")
    url = f"http://192.168.1.5:8550/g/{table.id[:8]}?t=Tisch_Geheim-1"
    assert host.has_text(url)
    assert host.has_text("Ben: noch nicht da")
    images = host.find_all(kind=ft.Image)
    assert len(images) == 1
    png = images[0].control.src
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=8, border=4)
    assert png == buf.getvalue()  # the QR encodes exactly the URL shown
    assert not host.has_text("Nur dieses Gerät", contains=True)

    # Ben scans it: the short link opens the seat picker; the host sees him arrive
    ben = await open_phone(ctx, f"/g/{table.id[:8]}?t=Tisch_Geheim-1")
    assert ben.has_text("Wer bist du?")
    await ben.click(text="Ben")
    await host.wait_for(lambda: host.has_text("Ben: verbunden"))
    assert host.has_text("Cara: noch nicht da")
    await drop(ben)  # Ben's phone loses the connection: the host sees it
    await host.wait_for(lambda: host.has_text("Ben: noch nicht da"))
    await come_back(ben)
    await host.wait_for(lambda: host.has_text("Ben: verbunden"))
    await host.click(text="Zurück zum Spiel")
    assert host.has_text("Ana ist dran · Wurf Nr. 1")
    no_crashes(host, ben)


async def test_join_screen_says_when_phones_cannot_reach_it(ctx):
    ctx.join_url = "http://127.0.0.1:8550/"
    table = new_game(ctx, 2)
    host = await open_phone(ctx, f"/g/{table.id}?all")
    await host.click(tooltip="Mitspieler einladen")
    assert host.has_text("Andere Handys erreichen diesen Tischrichter nicht: er läuft nur für dieses Gerät. "
                         "Reicht es am Tisch herum – oder öffnet das Spiel auf einem Tischrichter, der im WLAN "
                         "oder im Internet läuft.")
    # no QR code or link a phone could not open, no command line
    assert not host.find_all(kind=ft.Image)
    assert not host.has_text("127.0.0.1", contains=True)
    assert not host.has_text("python", contains=True)
    await host.click(text="Zurück zum Spiel")
    assert host.has_text(f"{NAMES[0]} ist dran · Wurf Nr. 1")


async def test_join_screen_started_with_lan_but_offline_does_not_say_start_with_lan(tmp_path):
    """With --lan and no network address the link is 127.0.0.1; it said 'start with --lan'."""
    ctx = make_context(tmp_path / "lan.db")
    ctx.join_url, ctx.token = "http://127.0.0.1:8550/", "Tisch_Geheim-1"  # --lan: the gate is on
    table = new_game(ctx, 2)
    host = await open_phone(ctx, f"/g/{table.id}?all")
    await host.click(tooltip="Mitspieler einladen")
    assert host.has_text("Die Handys erreichen dieses Gerät nicht: es ist mit keinem WLAN verbunden. "
                         "Dieses Gerät mit dem WLAN verbinden und den Tischrichter neu starten.")
    assert not host.find_all(kind=ft.Image)
    assert not host.has_text("--lan", contains=True)


async def test_the_game_creator_can_invite_from_the_play_screen(ctx):
    ctx.join_url = "http://192.168.178.20:8550/"  # a server the table's Wi-Fi reaches (never contacted)
    host = await open_phone(ctx)
    await host.click(text="Qwixx Longo")
    await host.click(text="Spiel starten")
    assert host.has_text("Spieler 1 ist dran · Wurf Nr. 1")
    await host.click(tooltip="Mitspieler einladen")
    assert host.has_text("Mitspielen mit dem eigenen Handy")
    assert host.find_all(kind=ft.Image)
    no_crashes(host)


async def test_seat_picker_remembers_the_choice_per_browser(ctx):
    table = new_game(ctx, 4)
    other = new_game(ctx, 2)
    cara_browser: dict[str, Any] = {}
    phone = await open_phone(ctx, f"/g/{table.id}", cara_browser)
    assert phone.has_text("Wer bist du?")
    for name in NAMES:
        assert phone.find_all(text=name) and phone.find_all(tooltip=f"Ich bin {name}")
    assert phone.find_all(text="Alle (Handy wird herumgereicht)")
    assert not phone.find_all(text="Würfeln")  # nobody's phone until chosen
    await phone.click(text="Cara")
    assert phone.shell.seats == {2}
    assert phone.has_text("Du: Cara") and phone.has_text("Ana würfelt.")
    await phone.wait_for(lambda: cara_browser.get(PREF_PREFIX + table.id) == "2")

    # the same browser opens the link again (new tab): straight to Cara's sheet
    again = await open_phone(ctx, f"/g/{table.id[:8]}", cara_browser)
    await again.wait_for(lambda: again.has_text("Du: Cara"))
    assert again.shell.seats == {2} and again.has_text("Zettel von Cara")
    # another game in the same browser still asks
    third = await open_phone(ctx, f"/g/{other.id}", cara_browser)
    assert third.has_text("Wer bist du?")
    # a different browser asks, and shows who already has a phone
    stranger = await open_phone(ctx, f"/g/{table.id}")
    assert stranger.has_text("Wer bist du?") and stranger.has_text("Cara (schon verbunden)")
    await stranger.click(text="Alle (Handy wird herumgereicht)")
    assert stranger.shell.seats is None and stranger.find_all(text="Würfeln")
    await stranger.wait_for(lambda: stranger.conn.storage.get(PREF_PREFIX + table.id) == "all")

    # Cara changes seat from the top bar
    await again.click(tooltip="Platz wechseln")
    assert again.has_text("Wer bist du?")
    await again.click(text="Dora")
    assert again.shell.seats == {3} and again.has_text("Du: Dora")
    no_crashes(phone, again, third, stranger)


async def test_single_player_link_and_unknown_game(ctx):
    solo = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(15, 16)]})
    app = await open_phone(ctx, f"/g/{solo.id}")
    assert app.has_text("Ana ist dran · Wurf Nr. 1")  # one player: nothing to ask
    lost = await open_phone(ctx, "/g/doesnotexist")
    assert not lost.has_text("Wer bist du?")
    assert lost.has_text("Das Spiel doesnotexist lässt sich hier nicht öffnen.")
    no_crashes(app, lost)


# --- hidden information (Raus aus dem Verlies!) ------------------------------------------------------
SECRET = "Zauberkrone"


def _sent_text(app: AppSession) -> str:
    """Everything this phone's connection received, decoded (strings as the client gets them)."""
    return "\n".join(repr(m) for m in app.conn.messages)


async def test_hidden_treasure_never_reaches_another_seats_phone(ctx):
    pytest.importorskip("companion.games.verlies")
    table = ctx.tables.create("raus-aus-dem-verlies", [PlayerSpec(name=x) for x in NAMES[:3]], {"start_player": 0})
    ana, ben = await seat_phones(ctx, table, 2)
    host = await open_phone(ctx, f"/g/{table.id}?all")
    assert ben.has_text("Ana", contains=True)

    # Ana wins a fight on her phone and takes a hidden treasure; Ben's phone is open all along
    await ana.click(text="Karte ziehen")
    await ana.click(text="Raum: Monster")
    await ana.click(text="Echte Würfel")  # the table's dice, entered on the phone
    await ana.type_into("Wurf Ana", "6")
    await ana.click(text="Kampf eintragen")
    # the monster's die comes from Ben's phone (he rolls for it, rv.monster)
    await ben.wait_for(lambda: ben.has_text("Du würfelst für das Monster"))
    await ben.click(text="Echte Würfel")
    await ben.type_into("Wurf Monster", "1")
    await ben.click(text="Übernehmen")
    await ana.wait_for(lambda: bool(ana.find_all(label="Schatzname")))
    await ana.type_into("Schatzname", SECRET)
    await ana.click(text="Schatz nehmen")
    tr = table.state.players[0].treasures[0]
    assert tr.name == SECRET and tr.hidden
    assert SECRET in _sent_text(ana)  # her own phone shows it (the test would notice a rename)

    # Ben looks at Ana's purse on his phone: a hidden treasure, no name
    await ben.wait_for(lambda: ben.has_text("verdeckter Schatz", contains=True) or bool(ben.find_all(text="Ana")))
    if ben.find_all(text="Ana"):
        await ben.click(text="Ana")
    await ben.wait_for(lambda: ben.has_text("verdeckter Schatz", contains=True))
    # Cara opens the game only now (a fresh session gets the whole page at once)
    cara = await open_phone(ctx, f"/g/{table.id}/seat/2")
    if cara.find_all(text="Ana"):
        await cara.click(text="Ana")
    # a guest of this game (the server's Gate named it so) asking for the pass-around view
    # or Ana's seat gets the seat picker, never her treasure (seats are protected)
    from companion.web.server import CLIENT, Client

    guests = []
    for route in (f"/g/{table.id}?all", f"/g/{table.id}/seat/0", "/"):
        as_guest = CLIENT.set(Client(role="guest", game=table.id, phone=f"guest-{len(guests):018d}"))
        try:
            guests.append(await open_phone(ctx, route))
        finally:
            CLIENT.reset(as_guest)
    for g in guests:
        assert g.shell.seats is None and g.has_text("Wer bist du?")
        assert not g.find_all(text="Alle (Handy wird herumgereicht)")
    for phone in (ben, cara, *guests):
        sent = _sent_text(phone)
        assert SECRET not in sent, "another seat's hidden treasure was sent to this phone"
        assert SECRET.encode() not in b"".join(phone.conn.raw)
    # the host's screen acting for every seat (passed around) is everyone at the host's device
    no_crashes(ana, ben, cara, host, *guests)


async def _verlies_with_secret(ctx) -> tuple[Any, AppSession, AppSession]:
    """A Verlies game where Ana (seat 0) holds the hidden treasure SECRET; Ana's and Ben's phones open."""
    pytest.importorskip("companion.games.verlies")
    table = ctx.tables.create("raus-aus-dem-verlies", [PlayerSpec(name=x) for x in NAMES[:3]], {"start_player": 0})
    ana, ben = await seat_phones(ctx, table, 2)
    await ana.click(text="Karte ziehen")
    await ana.click(text="Raum: Monster")
    await ana.click(text="Echte Würfel")  # the table's dice, entered on the phone
    await ana.type_into("Wurf Ana", "6")
    await ana.click(text="Kampf eintragen")
    # the monster's die comes from Ben's phone (he rolls for it, rv.monster)
    await ben.wait_for(lambda: ben.has_text("Du würfelst für das Monster"))
    await ben.click(text="Echte Würfel")
    await ben.type_into("Wurf Monster", "1")
    await ben.click(text="Übernehmen")
    await ana.wait_for(lambda: bool(ana.find_all(label="Schatzname")))
    await ana.type_into("Schatzname", SECRET)
    await ana.click(text="Schatz nehmen")
    assert table.state.players[0].treasures[0].name == SECRET
    await ben.settle(10)
    return table, ana, ben


async def test_a_seat_phone_stays_that_seat_when_it_resumes_the_game_from_home(ctx):
    """"Start" then "Weiterspielen" on Ben's phone (or a new tab of his browser) is Ben's phone again."""
    table, ana, ben = await _verlies_with_secret(ctx)
    await ben.click(tooltip="Start")
    assert ben.has_text("Offene Spiele")
    await ben.click(text="Weiterspielen")
    assert ben.shell.seats == {1}
    if ben.find_all(text="Ana"):
        await ben.click(text="Ana")
    assert SECRET not in _sent_text(ben)
    # a new tab in Ben's browser: the seat remembered there applies too
    tab = await open_phone(ctx, "/", ben.conn.storage)
    await tab.wait_for(lambda: table.id in seat_locks_of(tab))
    await tab.click(text="Weiterspielen")
    assert tab.shell.seats == {1}
    if tab.find_all(text="Ana"):
        await tab.click(text="Ana")
    assert SECRET not in _sent_text(tab)
    # the table's own device (no seat chosen in its browser) still acts for everyone
    host = await open_phone(ctx, "/")
    await host.click(text="Weiterspielen")
    assert host.shell.seats is None
    no_crashes(ana, ben, tab, host)


def seat_locks_of(app: AppSession) -> dict:
    return getattr(app.shell, "join_seat_locks", {})


async def test_backup_export_on_a_seat_phone_does_not_reveal_hidden_treasures(ctx):
    table, ana, ben = await _verlies_with_secret(ctx)
    await ben.click(tooltip="Start")
    await ben.click(text="Sichern & Einlesen")
    assert ben.has_text("Sichern und Einlesen geht nur am Gerät", contains=True)
    assert not ben.find_all(text="Alles sichern (JSON)")
    assert SECRET not in _sent_text(ben)


async def test_picker_and_invite_in_english(ctx):
    ctx.join_url = "http://192.168.178.20:8550/"  # a server the table's Wi-Fi reaches (never contacted)
    table = new_game(ctx, 2)
    phone = await open_phone(ctx, f"/g/{table.id}?lang=en")
    assert phone.has_text("Who are you?") and phone.find_all(text="Everyone (the phone is passed around)")
    await phone.click(text="Ben")
    assert phone.has_text("You: Ben") and phone.find_all(tooltip="Change seat")
    host = await open_phone(ctx, f"/g/{table.id}?all&lang=en")
    await host.click(tooltip="Invite players")
    assert host.has_text("Who is connected?") and host.has_text("Ben: connected")
    assert host.has_text("Ana: not here yet")
    no_crashes(phone, host)


async def test_other_phones_see_the_colour_phase_and_may_look_at_any_sheet(ctx):
    table = new_game(ctx, 2)
    ana, ben = await seat_phones(ctx, table, 2)
    await typed_roll(ana, TYPED, "2 3 1 1 1 1")
    await ana.click(text="Rot 5")
    await ben.wait_for(lambda: ben.find_all(text="Passen"))
    await ben.click(text="Passen")
    await ben.wait_for(lambda: ben.has_text("Ana wählt noch eine Farbe (oder passt)."))
    # Ben looks at Ana's sheet: her cross is there, and he cannot cross on it
    await ben.click(text="Ana")
    assert ben.has_text("Zettel von Ana")
    await ben.click(label="Rot 9")
    assert ben.has_text("Warum? table.seat") and table.state.sheets[0].rows["red"] == (5,)
    no_crashes(ana, ben)


async def test_a_lan_guest_sees_only_its_tables_game(ctx):
    """A phone that came in by a game's link (the server's Gate names it that game's guest)
    sees that game only: not the host's other games, nor history, statistics or backups.
    Over the real server: tests/companion/web/test_access_roles.py."""
    from companion.web.server import CLIENT, Client

    ours, other = new_game(ctx, 2), new_game(ctx, 2)
    as_guest = CLIENT.set(Client(role="guest", game=ours.id, phone="ben-phone-0123456789ab"))
    try:
        ben = await open_phone(ctx, f"/g/{ours.id}/seat/1")
    finally:
        CLIENT.reset(as_guest)
    assert ben.shell.seats == {1} and ben.has_text("Du: Ben")
    await ben.click(tooltip="Start")  # a guest's start is its table
    assert ben.shell.table.id == ours.id and ben.has_text("Du: Ben")
    assert not ben.find_all(text="Weiterspielen") and not ben.has_text("Verlauf & Statistik")
    ben.shell.open_table(other.id)  # even asked directly, the guest stays at its table
    assert ben.shell.table.id == ours.id
    ben.shell.go("history")
    assert ben.shell.screen == "play" and not ben.has_text("Verlauf & Statistik")
    host = await open_phone(ctx, "/")  # the host device opened the server's own link: sees all
    assert len(host.find_all(text="Weiterspielen")) == 2 and host.has_text("Verlauf & Statistik")
    no_crashes(ben, host)
