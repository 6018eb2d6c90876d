"""SIGKILL mid-game: every acknowledged action survives, the game resumes to its replay."""

from __future__ import annotations

import os
import pathlib
import random
import select
import signal
import subprocess
import sys
import time

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import replay

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[2]


def run_and_kill(db: pathlib.Path, seed: int, after_acks: int) -> dict[str, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "kill_player.py"), str(db), str(seed)],
        stdout=subprocess.PIPE, text=True, env=env, bufsize=1,
    )
    acked: dict[str, int] = {}
    count = 0
    deadline = time.monotonic() + 30
    try:
        while count < after_acks and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1.0)
            if not ready:
                continue
            line = proc.stdout.readline()
            if not line:
                break
            parts = line.split()
            if parts[0] == "ACK":
                acked[parts[1]] = int(parts[2])
                count += 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert count >= after_acks, "the player did not get far enough"
    return acked


def test_sigkill_mid_game_loses_no_acknowledged_action(tmp_path):
    rng = random.Random(99)
    db = tmp_path / "kill.db"
    for round_no in range(5):
        acked = run_and_kill(db, seed=round_no, after_acks=rng.randint(5, 200))
        store = Store(db)
        tables = Tables(store)
        for game_id, seq in acked.items():
            table = tables.open(game_id)
            # every acknowledged action is there; the player may have committed more after the
            # last ACK this test read and before the SIGKILL landed
            assert table.cursor >= seq
            assert table.state == replay(store.record(game_id))
            # the resumed game goes on
            if not table.is_over():
                if table.game.pending_roll(table.state):
                    table.roll()
                else:
                    table.submit(table.game.legal(table.state)[0])
        store.close()
