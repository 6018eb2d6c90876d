"""kill -9 of the real server (python -m companion) mid-play: no acknowledged action lost.

A minimal Flet client over the server's WebSocket taps "Korrektur +1" on a Raus aus
dem Verlies purse. A tap counts as acknowledged when the screen update showing the
new amount arrives: the action was committed before the screen was redrawn. The
server is killed with SIGKILL at a random point, restarted on the same database,
and the game must hold at least every acknowledged action and equal the replay
of its log; the next round plays on from there.
"""

from __future__ import annotations

import asyncio
import random
import signal

import msgpack
import websockets

from companion.store import Store
from companion.table import Tables
from scoring.engine import PlayerSpec, replay
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


async def play(port: int, route: str, gold: int, taps: int) -> int:
    """Tap ``taps`` times; return how many taps were acknowledged (their new amount shown)."""
    acked = 0
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None, open_timeout=20) as ws:
        page = {"route": route, "width": 412, "height": 915, "web": True, "platform": "android"}
        await ws.send(b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": page}]))
        async def receive() -> list:
            while True:
                msg = msgpack.unpackb((await asyncio.wait_for(ws.recv(), 20))[1:], strict_map_key=False)
                if msg[0] != 5:
                    return msg
                body = msg[1]  # the app asks the browser something: this client has nothing
                await ws.send(b"\x00" + msgpack.packb([5, {"control_id": body.get("control_id"),
                                                            "call_id": body.get("call_id"), "result": None,
                                                            "error": "no such service"}]))

        button = None
        while button is None:
            msg = await receive()
            for d in _find(msg, lambda d: d.get("_c") == "Button" and isinstance(d.get("content"), dict)
                           and d["content"].get("value") == TAP):
                button = d["_i"]
                break
        for _ in range(taps):
            await ws.send(b"\x00" + msgpack.packb([3, {"target": button, "name": "click", "data": None}]))
            want = f"{gold + acked + 1} Gold"
            while True:
                msg = await receive()
                if msg[0] == 2 and _has_text(msg, want):
                    acked += 1
                    break
    return acked


def test_kill_9_of_the_server_mid_play_loses_no_acknowledged_action(tmp_path):
    db = tmp_path / "kill-server.db"
    store = Store(db)
    table = Tables(store).create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                 {"start_player": 0})
    gid = table.id
    store.close()
    rng = random.Random(5)
    committed = 0
    for _ in range(3):
        srv = Server(db)
        try:
            taps = rng.randint(2, 8)
            acked = asyncio.run(play(srv.port, f"/g/{gid}?all", committed, taps))
            assert acked == taps
            # one more tap in flight when the kill lands: it may or may not survive, never half
            asyncio.run(_tap_and_kill(srv, f"/g/{gid}?all", committed + acked))
        finally:
            srv.kill(signal.SIGKILL)
        store = Store(db)
        tables = Tables(store)
        resumed = tables.open(gid)
        gold = resumed.state.players[0].gold
        assert gold >= committed + acked, "an acknowledged action was lost"
        assert resumed.cursor == gold  # one action per +1: nothing half applied
        assert resumed.state == replay(store.record(gid))
        committed = gold
        store.close()


async def _tap_and_kill(srv: Server, route: str, gold: int) -> None:
    async def tap() -> None:
        try:
            await play(srv.port, route, gold, 1)
        except Exception:  # the server died under us: expected
            pass

    task = asyncio.create_task(tap())
    await asyncio.sleep(random.Random(gold).uniform(0.05, 0.6))
    srv.proc.send_signal(signal.SIGKILL)
    srv.proc.wait()
    await asyncio.wait_for(task, 30)
