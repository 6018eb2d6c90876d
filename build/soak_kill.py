"""Longer SIGKILL soak (the CI test runs 5 rounds): kill -9 the playing process many times.

    .venv/bin/python build/soak_kill.py [--rounds 50]

Each round starts a process that plays Qwixx Longo games through the real Table
and store, printing an ACK after every committed action; it is killed with
SIGKILL after a random number of ACKs. Then every game is reopened: each
acknowledged action must be there, and the state must equal the replay of the log.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.store import Store  # noqa: E402
from companion.table import Tables  # noqa: E402
from scoring.engine import replay  # noqa: E402
from tests.companion.test_kill import run_and_kill  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    rng = random.Random(7)
    db = Path(tempfile.mkdtemp()) / "soak.db"
    lost = games = 0
    t0 = time.monotonic()
    for r in range(args.rounds):
        acked = run_and_kill(db, seed=1000 + r, after_acks=rng.randint(1, 300))
        store = Store(db)
        tables = Tables(store)
        for game_id, seq in acked.items():
            table = tables.open(game_id)
            if table.cursor < seq:
                lost += seq - table.cursor
            assert table.state == replay(store.record(game_id)), game_id
        games = len(store.games(limit=100000))
        store.close()
    print(f"{args.rounds} kill -9 rounds in {time.monotonic() - t0:.0f} s, {games} games in the store")
    print(f"acknowledged actions lost: {lost}   every game resumed to the replay of its log: yes")
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
