"""A connection that ends, however it ends, lets its session go; a connection registers once.

Flet 1.0.5's websocket handler skips its own disconnect when its send loop raises, i.e. when a
phone goes away while the server is still sending (its tab closed right after its first screen,
or mid-tap): the session stayed attached to the dead connection, never expired, its seat showed
"(schon verbunden)" and its memory stayed. Against the real server (``python -m companion
--lan``) with clients speaking Flet's protocol, and once in-process through the Gate with the
real Flet endpoint, where the phone's socket fails exactly while the server sends."""

from __future__ import annotations

import asyncio
import time

import msgpack
import pytest
import websockets

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.companion.web.test_access_roles import HOST_TOKEN, Phone, browser_cookies
from tests.e2e.conftest import Server

NAMES = ["Ana", "Ben", "Cara", "Dora"]
LUCKY = [(15, 16), (14, 16), (13, 16), (12, 16)]


def _qwixx(db, n: int = 4) -> tuple[str, str]:
    store = Store(str(db))
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name=x) for x in NAMES[:n]],
                                     {"lucky_numbers": LUCKY[:n]})
        return table.id, store.table_token(table.id) or ""
    finally:
        store.close()


@pytest.fixture
def lan(tmp_path):
    db = tmp_path / "end.db"
    game = _qwixx(db)  # before the server holds the file
    srv = Server(db, ["--lan", "--host", "127.0.0.1", "--token", HOST_TOKEN])
    srv.game, srv.token = game
    yield srv
    srv.kill()


def _link(srv: Server, tail: str = "") -> str:
    return f"/g/{srv.game[:8]}{tail}?t={srv.token}"


async def _gone_mid_first_screen(srv: Server, seat: int) -> None:
    """A new phone opens seat ``seat``'s link and its tab closes as the register answer arrives,
    while the server is still sending the first screen."""
    phone = await Phone(srv.port, browser_cookies(srv.port, _link(srv))).open(_link(srv, f"/seat/{seat}"))
    await phone.wait_for(lambda: bool(phone.session_id))
    await phone.close()


async def _gone_mid_tap(srv: Server, seat: int) -> None:
    """A seat's phone taps "Start" (the server draws its table again) and its tab closes at once."""
    phone = await Phone(srv.port, browser_cookies(srv.port, _link(srv))).open(_link(srv, f"/seat/{seat}"))
    await phone.wait_text(f"Du: {NAMES[seat]}")
    await phone.quiet(0.5)
    await phone._send([3, {"target": phone.buttons["Start"], "name": "click", "data": None}])
    await phone.close()


def test_seats_whose_tab_closed_mid_send_are_free_at_once_and_a_new_phone_takes_one_without_the_host(lan):
    async def run() -> None:
        for seat in (0, 1):
            await _gone_mid_first_screen(lan, seat)
        for seat in (2, 3):
            await _gone_mid_tap(lan, seat)
        await asyncio.sleep(3.0)  # "within a few seconds"
        newcomer = await Phone(lan.port, browser_cookies(lan.port, _link(lan))).open(_link(lan))
        await newcomer.wait_text("Wer bist du?")
        await newcomer.quiet(1.0)
        for name in NAMES:
            assert not newcomer.saw(f"{name} (schon verbunden)"), f"{name}'s closed tab still counts as connected"
            assert newcomer.shows(f"{name} (vergeben)")
        # the host sees nobody connected, and the newcomer takes Ana's seat without the host
        host = await Phone(lan.port, browser_cookies(lan.port, f"/?h={HOST_TOKEN}")).open(_link(lan))
        await host.wait_text("Wer bist du?")
        await newcomer.click("Ana (vergeben)")
        await newcomer.wait_for(lambda: newcomer.shows("Du: Ana"))
        await host.quiet(1.0)
        assert not host.saw("Ein Handy möchte den Platz von Ana übernehmen (Qwixx Longo).")
        for p in (newcomer, host):
            await p.close()

    asyncio.run(run())
    assert "Exception in ASGI application" not in lan.output()


def test_a_connected_holder_keeps_its_seat_and_a_phone_that_had_a_seat_asks(lan):
    """Taking over is for a seat whose phone is gone, by a phone new to the game: a connected
    holder is asked as before; the gone phone, back, asks for its old seat."""
    async def run() -> None:
        ana_cookies = browser_cookies(lan.port, _link(lan))
        ana = await Phone(lan.port, ana_cookies).open(_link(lan, "/seat/0"))
        await ana.wait_text("Du: Ana")
        other = await Phone(lan.port, browser_cookies(lan.port, _link(lan))).open(_link(lan))
        await other.click("Ana (schon verbunden)")
        await other.wait_text("Der Platz von Ana braucht die Zustimmung des Gastgebers "
                              "(oder des Handys, das ihn hat). Gefragt.")
        await other.click("Anfrage zurückziehen")
        await ana.close()
        await asyncio.sleep(1.0)
        await other.click("Ana (vergeben)")
        await other.wait_for(lambda: other.shows("Du: Ana"))
        await other.close()
        await asyncio.sleep(1.0)
        # Ana's tab comes back to its own session: the picker, not her old sheet
        session = ana.session_id
        await ana.reload(_link(lan))
        await ana.wait_for(lambda: ana.shows("Wer bist du?"))
        assert ana.session_id == session
        assert not ana.shows("Du: Ana") and not ana.shows("Zettel von Ana")
        await ana.click("Ana (vergeben)")
        await ana.wait_text("Der Platz von Ana braucht die Zustimmung des Gastgebers "
                            "(oder des Handys, das ihn hat). Gefragt.")
        await ana.quiet(0.5)
        assert not ana.shows("Du: Ana")
        await ana.close()

    asyncio.run(run())


# --- one register per connection ------------------------------------------------------------------
async def _second_register(srv: Server) -> tuple[str, list]:
    """The host's tab opens the table and leaves; a guest's connection registers (its own page), then
    sends a second REGISTER naming the host's session. Returns how it ended and all it received."""
    host = await Phone(srv.port, browser_cookies(srv.port, f"/?h={HOST_TOKEN}")).open(f"/g/{srv.game}?all")
    await host.wait_text("Zettel von Ana")
    host_sid = host.session_id
    await host.close()
    await asyncio.sleep(1.0)  # the host's session is disconnected: Flet would hand it to a register
    guest = await Phone(srv.port, browser_cookies(srv.port, _link(srv))).open(_link(srv))
    await guest.wait_text("Wer bist du?")
    await guest.quiet(0.5)
    before = len(guest.messages)
    page = {"route": f"/g/{srv.game}?all", "width": 412, "height": 915, "web": True, "platform": "android"}
    await guest._send([1, {"session_id": host_sid, "page_name": "", "page": page}])
    ended = "open"
    try:
        await guest.quiet(3.0)
    except websockets.ConnectionClosed as exc:
        ended = f"closed {exc.rcvd.code if exc.rcvd else None}"
    return ended, guest.messages[before:]


def test_a_second_register_closes_the_connection_and_never_gets_another_clients_page(lan):
    ended, after = asyncio.run(_second_register(lan))
    assert ended == "closed 1008"
    text = repr(after)
    assert "Zettel von Ana" not in text and "Alle (Handy wird herumgereicht)" not in text
    assert not any(m[0] == 1 for m in after)  # no register answer: no session, no page


# --- in-process: the phone's socket fails exactly while the server sends ------------------------------
class _DyingSocket:
    """An ASGI websocket whose phone registers, and is gone the moment the register answer was
    sent: every later send fails as uvicorn's does (``ClientDisconnected``, an OSError)."""

    def __init__(self, route: str) -> None:
        page = {"route": route, "width": 412, "height": 915, "web": True, "platform": "android"}
        self.frames = [{"type": "websocket.connect"},
                       {"type": "websocket.receive",
                        "bytes": b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": page}])}]
        self.gone = asyncio.Event()
        self.sent: list[dict] = []
        self.failed = 0

    async def receive(self) -> dict:
        if self.frames:
            return self.frames.pop(0)
        await self.gone.wait()
        return {"type": "websocket.disconnect", "code": 1006}

    async def send(self, message: dict) -> None:
        if self.gone.is_set():
            self.failed += 1
            raise OSError("the phone is gone")
        self.sent.append(message)
        if message.get("type") == "websocket.send" and (message.get("bytes") or b"")[:3] == b"\x00\x92\x01":
            self.gone.set()


def test_a_session_whose_phone_left_while_the_server_sent_is_let_go(tmp_path, monkeypatch):
    from flet_web.fastapi.flet_app_manager import app_manager

    from companion.app import AppContext, make_main
    from companion.web.cookies import cookie_names, guest_value
    from companion.web.guard import EVENT_BURST, EVENT_RATE, GC, GUARD
    from companion.web.server import build_asgi

    monkeypatch.setenv("FLET_SESSION_TIMEOUT", "120")
    monkeypatch.setenv("FLET_WEB_NO_CDN", "1")
    db = tmp_path / "dying.db"
    gid, tok = _qwixx(db, 2)
    ctx = AppContext.create(db=str(db))
    ctx.require_client = True
    gate = build_asgi(make_main(ctx), HOST_TOKEN, ctx.store, gated=True)
    names = cookie_names(8550)
    phone = "D" * 22
    cookie = f"{names.guest}={guest_value(gid, tok)}; {names.phone}={phone}".encode()
    scope = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "query_string": b"", "scheme": "ws",
             "headers": [(b"host", b"127.0.0.1:8550"), (b"cookie", cookie)], "client": ("127.0.0.7", 40000),
             "server": ("127.0.0.1", 8550), "subprotocols": [], "asgi": {"version": "3.0"}}

    async def run() -> None:
        sock = _DyingSocket(f"/g/{gid}/seat/0")
        await asyncio.wait_for(gate(scope, sock.receive, sock.send), 20)  # no exception escapes
        assert sock.failed >= 1  # the first screen was being sent when the phone went
        await asyncio.sleep(0.2)
        shells = [s for s in ctx.shells if s.phone == phone]
        assert len(shells) == 1 and shells[0].seats == {0}
        session = shells[0].page.session
        assert session.connection is None and session.expires_at is not None  # detached: it expires
        key = next(k for k in _sessions(app_manager) if session.id in k)
        assert GUARD.owners.get(session.id) == ("guest", gid, phone)
        deadline = time.monotonic() + EVENT_BURST / EVENT_RATE + 1
        while phone in GUARD.buckets and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert phone not in GUARD.buckets
        await app_manager.delete_session(key)  # as Flet's eviction does once it expired
        await asyncio.sleep(0.2)
        assert session.id not in GUARD.owners and not ctx.shells

    try:
        asyncio.run(run())
    finally:
        ctx.store.close()
        GC.uninstall()  # its timers belonged to this test's loop


def _sessions(manager) -> list[str]:
    return list(manager._FletAppManager__sessions)  # Flet's own registry of sessions
