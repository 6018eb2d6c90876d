"""kill -9 of the real server (python -m companion) mid-play: no acknowledged action lost.

A minimal Flet client over the server's WebSocket taps "Korrektur +1" on a Raus aus
dem Verlies purse. A tap counts as acknowledged when the screen update showing the
new amount arrives: the action was committed before the screen was redrawn. The
server is killed with SIGKILL at a random point, restarted on the same database,
and the game must hold at least every acknowledged action and equal the replay
of its log; the next round plays on from there. The client: kill_server_client.py
(shared with the longer run in build/bench.py, section faults).
"""

from __future__ import annotations

import asyncio
import random
import signal

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec, replay
from tests.companion.web.kill_server_client import play, tap_and_kill
from tests.e2e.conftest import Server


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
    await tap_and_kill(srv, route, gold, random.Random(gold).uniform(0.05, 0.6))
