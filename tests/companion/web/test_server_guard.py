"""The server guarding itself against phones (floods, bad values, stolen session ids, connections
that never register, memory of phones that are gone), against the real server
(``python -m companion --lan --host 127.0.0.1``), with clients speaking Flet's websocket protocol
as a phone would. Every loop is bounded in count and time; all load stays on loopback."""

from __future__ import annotations

import asyncio
import pathlib
import signal
import time

import msgpack
import pytest
import websockets

from companion.store import Store
from companion.table.table import Tables
from companion.web.cookies import cookie_names, guest_value
from scoring.engine import PlayerSpec
from tests.companion.web.kill_server_client import TAP, _find, _has_text, open_client
from tests.e2e.conftest import ROOT, Server
from tests.harness.ws import host_key

TOKEN = "Guard-Geheimnis_0123456789abcdef"
PHONE_A = "A" * 22
PHONE_B = "B" * 22


def _games(db) -> tuple[str, str, str, str]:
    """A Raus aus dem Verlies game (Ana, Ben) and a Qwixx Longo game (Zoe, Yan): ids, table tokens."""
    store = Store(db)
    tables = Tables(store)
    a = tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"start_player": 0})
    b = tables.create("qwixx-longo", [PlayerSpec(name="Zoe"), PlayerSpec(name="Yan")],
                      {"lucky_numbers": [(15, 16), (14, 16)]})
    out = a.id, store.table_token(a.id), b.id, store.table_token(b.id)
    store.close()
    return out


@pytest.fixture
def lan(tmp_path):
    db = tmp_path / "guard.db"
    games = _games(db)
    srv = Server(db, ["--lan", "--host", "127.0.0.1", "--token", TOKEN],)
    srv.games = games
    _KEYS[srv.port] = host_key(srv.port, TOKEN)
    yield srv
    srv.kill(signal.SIGKILL)


_KEYS: dict[int, str] = {}  # port -> the host cookie's key that server made for this module's host link


def host_cookie(port: int, phone: str = PHONE_A) -> str:
    names = cookie_names(port)
    return f"{names.host}={_KEYS[port]}; {names.phone}={phone}"


def guest_cookie(port: int, gid: str, tok: str, phone: str = PHONE_B) -> str:
    names = cookie_names(port)
    return f"{names.guest}={guest_value(gid, tok)}; {names.phone}={phone}"


async def _frames(client, seconds: float, limit: int = 200) -> list:
    """What the server sends within ``seconds`` (at most ``limit`` frames)."""
    out: list = []
    deadline = time.monotonic() + seconds
    while len(out) < limit and (left := deadline - time.monotonic()) > 0:
        try:
            out.append(await client.receive(timeout=left))
        except TimeoutError:
            break
    return out


def _control(frames: list, pred) -> int | None:
    for msg in frames:
        for d in _find(msg, pred):
            return d["_i"]
    return None


# --- events for controls that are not there; a flood ---------------------------------------------
async def _flood_then_tap(port: int, gid: str) -> tuple[str, int]:
    """Phone A floods its table with clicks for an id that is on no page; then phone B's tap on
    the same server must still be acknowledged. Returns (how A's connection ended, B's gold)."""
    ended = "open"
    async with open_client(port, f"/g/{gid}?all", cookie=host_cookie(port)) as flooder:
        await _frames(flooder, 2.0)
        frame = b"\x00" + msgpack.packb([3, {"target": 987654321, "name": "click", "data": None}])
        t0 = time.monotonic()
        try:
            for _ in range(2000):  # bounded: at most 2,000 frames, at most 20 s
                await flooder.ws.send(frame)
                if time.monotonic() - t0 > 20:
                    break
            await asyncio.wait_for(flooder.ws.recv(), 15)
            while True:  # what the server still had queued, then its close
                await asyncio.wait_for(flooder.ws.recv(), 15)
        except websockets.ConnectionClosed as exc:
            ended = f"closed {exc.rcvd.code if exc.rcvd else None}"
        except TimeoutError:
            ended = "open"
    async with open_client(port, f"/g/{gid}?all", cookie=host_cookie(port, PHONE_B)) as other:
        frames = await _frames(other, 3.0)
        button = _control(frames, lambda d: d.get("_c") == "Button" and isinstance(d.get("content"), dict)
                          and d["content"].get("value") == TAP)
        await other.click(button)
        got = await _frames(other, 5.0, limit=20)
    return ended, 1 if any(_has_text(m, "1 Gold") for m in got) else 0


def test_a_phone_flooding_unknown_controls_is_disconnected_and_the_table_plays_on(lan):
    gid, _, _, _ = lan.games
    ended, gold = asyncio.run(_flood_then_tap(lan.port, gid))
    assert ended == "closed 1008"
    assert gold == 1
    assert lan.proc.poll() is None


# --- no traceback, no path, no exception text on a phone -----------------------------------------
def _texts(frames: list) -> str:
    return repr(frames)


async def _typed_roll(port: int, gid: str, value) -> list:
    """The host's phone unfolds "Echte Würfel", types ``value`` into "Echte Würfel: Werte eingeben"
    and submits it."""
    async with open_client(port, f"/g/{gid}?all", cookie=host_cookie(port)) as client:
        frames = await _frames(client, 3.0)
        real = _control(frames, lambda d: d.get("_c") == "Button" and isinstance(d.get("content"), dict)
                        and d["content"].get("value") == "Echte Würfel")
        assert real is not None
        await client.click(real)
        frames = await _frames(client, 3.0)
        field = _control(frames, lambda d: d.get("_c") == "TextField"
                         and d.get("label") == "Echte Würfel: Werte eingeben")
        assert field is not None
        await client.ws.send(b"\x00" + msgpack.packb([4, {"id": field, "props": {"value": value}}]))
        await client.ws.send(b"\x00" + msgpack.packb([3, {"target": field, "name": "submit", "data": None}]))
        return await _frames(client, 3.0)


TOO_LONG_DE = "Diese Eingabe ist zu lang (höchstens 1000 Zeichen); sie wurde nicht übernommen."
BAD_VALUE_DE = "Diese Eingabe kommt so nicht aus der App; sie wurde nicht übernommen."


@pytest.mark.parametrize("value, said", [("5" * 5000, TOO_LONG_DE), ([3, 4], BAD_VALUE_DE)],
                         ids=["5000 digits", "a list"])
def test_bad_field_values_get_a_refusal_never_a_traceback(lan, value, said):
    _, _, qid, _ = lan.games
    frames = asyncio.run(_typed_roll(lan.port, qid, value))
    text = _texts(frames)
    assert "Traceback" not in text and str(ROOT) not in text and "Error" not in text
    assert not any(m[0] == 8 for m in frames)  # SESSION_CRASHED
    assert any(_has_text(m, said) for m in frames)
    assert lan.proc.poll() is None


async def _route(port: int, route: str, cookie: str) -> list:
    async with open_client(port, route, cookie=cookie) as client:
        return await _frames(client, 3.0)


def test_a_seat_link_with_5000_digits_gets_a_refusal_never_a_traceback(lan):
    gid, tok, _, _ = lan.games
    frames = asyncio.run(_route(lan.port, f"/g/{gid}/seat/{'9' * 5000}", guest_cookie(lan.port, gid, tok)))
    text = _texts(frames)
    assert "Traceback" not in text and str(ROOT) not in text
    assert not any(m[0] == 8 for m in frames)
    assert any(_has_text(m, "Diesen Platz gibt es an diesem Tisch nicht; der Link ist falsch. Wer bist du?")
               for m in frames)


# --- a session id resumes only the same role and game --------------------------------------------
async def _steal(port: int, gid_a: str, gid_b: str, tok_b: str) -> tuple[str, str, list]:
    async with open_client(port, f"/g/{gid_a}?all", cookie=host_cookie(port)) as host:
        frames = await _frames(host, 3.0)
    host_sid = next(m[1]["session_id"] for m in frames if m[0] == 1)
    headers = {"Cookie": guest_cookie(port, gid_b, tok_b)}
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None, additional_headers=headers) as ws:
        page = {"route": f"/g/{gid_b}", "width": 412, "height": 915, "web": True, "platform": "android"}
        await ws.send(b"\x00" + msgpack.packb([1, {"session_id": host_sid, "page_name": "", "page": page}]))
        got = []
        deadline = time.monotonic() + 3
        while len(got) < 100 and (left := deadline - time.monotonic()) > 0:
            try:
                got.append(msgpack.unpackb((await asyncio.wait_for(ws.recv(), left))[1:], strict_map_key=False))
            except TimeoutError:
                break
    guest_sid = next(m[1]["session_id"] for m in got if m[0] == 1)
    return host_sid, guest_sid, got


def test_a_guest_with_the_hosts_session_id_gets_a_fresh_session_and_sees_nothing_of_it(lan):
    gid_a, _, gid_b, tok_b = lan.games
    host_sid, guest_sid, frames = asyncio.run(_steal(lan.port, gid_a, gid_b, tok_b))
    assert guest_sid != host_sid
    text = _texts(frames)
    assert "Ana" not in text and "Ben" not in text and gid_a not in text  # nothing of the host's screen
    assert "Zoe" in text  # its own game


# --- connections that never register; SIGTERM ----------------------------------------------------
async def _never_register(port: int, cookie: str, n: int) -> None:
    for _ in range(n):
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", additional_headers={"Cookie": cookie},
                                      open_timeout=10, close_timeout=1):
            pass


async def _silent(port: int, cookie: str) -> str:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", additional_headers={"Cookie": cookie},
                                  open_timeout=10, close_timeout=1) as ws:
        try:
            await asyncio.wait_for(ws.recv(), 25)
        except websockets.ConnectionClosed as exc:
            return f"closed {exc.rcvd.code if exc.rcvd else None}"
        except TimeoutError:
            return "open"
    return "open"


def test_a_websocket_that_never_registers_is_closed(lan):
    assert asyncio.run(_silent(lan.port, host_cookie(lan.port))) == "closed 1008"


def test_sigterm_ends_the_server_after_unregistered_websockets_and_it_starts_again(lan):
    asyncio.run(_never_register(lan.port, host_cookie(lan.port), 100))
    lan.proc.send_signal(signal.SIGTERM)
    try:
        lan.proc.wait(5)
    except Exception:  # noqa: BLE001
        pytest.fail("the server did not end within 5 s of SIGTERM")
    again = Server(lan.db, ["--lan", "--host", "127.0.0.1", "--token", TOKEN])
    try:
        assert again.first_line == f"Tischrichter: http://127.0.0.1:{again.port}/?h={TOKEN}"
    finally:
        again.kill(signal.SIGKILL)


async def _tap(port: int, gid: str, taps: int) -> int:
    async with open_client(port, f"/g/{gid}?all", cookie=host_cookie(port)) as client:
        frames = await _frames(client, 3.0)
        button = _control(frames, lambda d: d.get("_c") == "Button" and isinstance(d.get("content"), dict)
                          and d["content"].get("value") == TAP)
        acked = 0
        for _ in range(taps):
            await client.click(button)
            got = await _frames(client, 2.0, limit=20)
            acked += any(_has_text(m, f"{acked + 1} Gold") for m in got)
    return acked


def test_sigterm_writes_what_was_acknowledged(lan):
    gid, _, _, _ = lan.games
    acked = asyncio.run(_tap(lan.port, gid, 5))
    lan.proc.send_signal(signal.SIGTERM)
    lan.proc.wait(10)
    store = Store(lan.db)
    try:
        assert Tables(store).open(gid).state.players[0].gold == acked == 5
    finally:
        store.close()




# --- memory of phones that are gone ---------------------------------------------------------------
def test_the_server_runs_on_the_c_allocator_so_what_phones_held_can_go_back_to_the_os(lan):
    """Python's own small-object arenas stay as large as the peak (1,000 silent websockets:
    RSS 69 -> 154 MB, kept); the server starts itself again, same process, on glibc's allocator,
    whose free pages ``trim_memory`` gives back (build/bench_rss.py has the figures)."""
    environ = pathlib.Path(f"/proc/{lan.proc.pid}/environ").read_bytes().split(b"\0")
    assert b"PYTHONMALLOC=malloc" in environ
    assert lan.proc.poll() is None and lan.first_line.startswith("Tischrichter: http://127.0.0.1:")


def test_a_phone_that_left_keeps_no_bucket_unless_it_is_still_being_slowed():
    from companion.web.guard import EVENT_BURST, EVENT_RATE, Guard

    guard = Guard()
    quiet, flooding = guard.bucket("quiet", 0.0), guard.bucket("flooding", 0.0)
    quiet.tokens -= 3
    flooding.tokens = 0.0
    guard.forget_if_full("quiet", 3 / EVENT_RATE)  # refilled by the time it left
    guard.forget_if_full("flooding", 1.0)  # still short of a full bucket
    assert list(guard.buckets) == ["flooding"]
    guard.forget_if_full("flooding", 1.0 + EVENT_BURST / EVENT_RATE)
    assert guard.buckets == {}
