"""A minimal Flet client for the kill -9 tests of the real server (``python -m companion``).

Used by ``tests/companion/web/test_kill_server.py`` (CI, 3 rounds) and the faults section of
``build/bench.py`` (many rounds). The client speaks Flet's WebSocket protocol (msgpack
frames ``[0x00][action, body]``), opens ``/g/<id>?all`` of a Raus aus dem Verlies table
and taps "Korrektur +1" on the first adventurer's purse. A tap counts as acknowledged
when the screen update showing the new amount arrives: the action was committed before
the screen was redrawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal

import msgpack
import websockets

from tests.e2e.conftest import Server

TAP = "Korrektur +1"


def _find(node, pred):
    if isinstance(node, dict):
        if pred(node):
            yield node
        for v in node.values():
            yield from _find(v, pred)
    elif isinstance(node, list):
        for v in node:
            yield from _find(v, pred)


def _has_text(node, text: str) -> bool:
    """The text arrives as a new control's value or as an update op [op, id, "value", text]."""
    if isinstance(node, str):
        return node == text
    if isinstance(node, dict):
        return any(_has_text(v, text) for v in node.values())
    if isinstance(node, list):
        return any(_has_text(v, text) for v in node)
    return False


class Acks:
    """How many taps were acknowledged so far (readable after the connection died)."""

    def __init__(self) -> None:
        self.n = 0


class FletClient:
    """One phone speaking Flet's WebSocket protocol, without drawing anything.

    ``open_client`` registers it with a route (the page's URL path and query, as a browser
    would); ``frame`` returns the next raw frame from the server (answering the app's method
    calls with an error on the way: this client has no device info, no storage); ``receive``
    decodes it; ``click`` taps a control by its id. Also used by the cafe section of
    ``build/bench.py`` (many phones at many tables)."""

    INVOKE = 5  # the server asks the client something

    def __init__(self, ws) -> None:
        self.ws = ws

    async def frame(self, timeout: float = 20) -> bytes:
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            if raw[1:3] != bytes((0x92, self.INVOKE)):  # [action, body] with action != INVOKE
                return raw
            body = msgpack.unpackb(raw[1:], strict_map_key=False)[1]
            await self.ws.send(b"\x00" + msgpack.packb([5, {"control_id": body.get("control_id"),
                                                             "call_id": body.get("call_id"), "result": None,
                                                             "error": "no such service"}]))

    async def receive(self, timeout: float = 20) -> list:
        return msgpack.unpackb((await self.frame(timeout))[1:], strict_map_key=False)

    async def click(self, control_id: int) -> None:
        await self.ws.send(b"\x00" + msgpack.packb([3, {"target": control_id, "name": "click", "data": None}]))


@contextlib.asynccontextmanager
async def open_client(port: int, route: str, cookie: str | None = None, path: str = "/ws"):
    """A registered ``FletClient`` on ``route`` (``cookie``: the Cookie header a browser would send;
    ``path``: the websocket's path, ``/ws/<shard>`` on a public server's shard)."""
    headers = {"Cookie": cookie} if cookie else None
    async with websockets.connect(f"ws://127.0.0.1:{port}{path}", max_size=None, open_timeout=20,
                                  additional_headers=headers) as ws:
        page = {"route": route, "width": 412, "height": 915, "web": True, "platform": "android"}
        await ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": page}]))
        yield FletClient(ws)


def tap_buttons(msg):
    """The ids of the "+1 gold" buttons (``TAP``) a message shows."""
    return (d["_i"] for d in _find(msg, lambda d: d.get("_c") == "Button" and isinstance(d.get("content"), dict)
                                   and d["content"].get("value") == TAP))


async def tap_button(client) -> int:
    """The id of the "+1 gold" button, from the first messages that show it."""
    while True:
        for i in tap_buttons(await client.receive()):
            return i


async def play(port: int, route: str, gold: int, taps: int | None, acks: Acks | None = None) -> int:
    """Tap ``taps`` times (``None``: until the connection dies); return how many taps were
    acknowledged (their new amount shown). ``acks`` is counted up as each acknowledgement
    arrives, so a caller still knows the count when the server is killed mid-tap."""
    acks = acks if acks is not None else Acks()
    async with open_client(port, route) as client:
        button = await tap_button(client)
        done = 0
        while taps is None or done < taps:
            await client.click(button)
            want = f"{gold + done + 1} Gold"
            while True:
                msg = await client.receive()
                if msg[0] == 2 and _has_text(msg, want):
                    done += 1
                    acks.n += 1
                    break
    return done


async def tap_and_kill(srv: Server, route: str, gold: int, delay: float) -> None:
    """One more tap in flight; SIGKILL the server after ``delay`` seconds."""
    async def tap() -> None:
        try:
            await play(srv.port, route, gold, 1)
        except Exception:  # the server died under us: expected
            pass

    task = asyncio.create_task(tap())
    await asyncio.sleep(delay)
    srv.proc.send_signal(signal.SIGKILL)
    srv.proc.wait()
    await asyncio.wait_for(task, 30)


async def tap_until_killed(srv: Server, routes: dict[str, str], gold: dict[str, int], delay: float) -> dict[str, int]:
    """One client per game taps without pause; SIGKILL the server after ``delay`` seconds
    (wherever the clients are: connecting, registering, a tap in flight, a redraw).
    Returns the acknowledged taps per game."""
    acks = {gid: Acks() for gid in routes}

    async def client(gid: str) -> None:
        try:
            await play(srv.port, routes[gid], gold[gid], None, acks[gid])
        except Exception:  # the server died under us: expected
            pass

    tasks = [asyncio.create_task(client(gid)) for gid in routes]
    await asyncio.sleep(delay)
    srv.proc.send_signal(signal.SIGKILL)
    srv.proc.wait()
    await asyncio.wait_for(asyncio.gather(*tasks), 30)
    return {gid: a.n for gid, a in acks.items()}
