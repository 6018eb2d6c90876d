"""Longer SIGKILL soak (the CI test runs 5 rounds): kill -9 the playing process many times.

    .venv/bin/python build/soak_kill.py [--rounds 50]

(`soak()` is also run by build/bench.py, section faults, with 30 rounds.)

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
from companion.table.table import Tables  # noqa: E402
from scoring.engine import replay  # noqa: E402
from tests.companion.table.test_kill import run_and_kill  # noqa: E402


def soak(rounds: int, seed: int = 7, db: Path | None = None, max_acks: int = 300) -> dict:
    """``rounds`` kill -9 rounds of the playing process on one database (after 1..``max_acks``
    ACKs, drawn from ``Random(seed)``); every game reopened and checked after each round."""
    rng = random.Random(seed)
    db = db or Path(tempfile.mkdtemp()) / "soak.db"
    lost = acked_total = checked = mismatched = games = 0
    t0 = time.monotonic()
    for r in range(rounds):
        after = rng.randint(1, max_acks)
        acked = run_and_kill(db, seed=1000 + r, after_acks=after)
        acked_total += after  # each round plays new games: one ACK per action
        store = Store(db)
        tables = Tables(store)
        for game_id, seq in acked.items():
            table = tables.open(game_id)
            if table.cursor < seq:
                lost += seq - table.cursor
            checked += 1
            if table.state != replay(store.record(game_id)):
                mismatched += 1
        games = len(store.games(limit=100000))
        store.close()
    return {"rounds": rounds, "seed": seed, "acked": acked_total, "lost": lost, "games_checked": checked,
            "replay_mismatches": mismatched, "games_in_store": games, "seconds": time.monotonic() - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    r = soak(args.rounds)
    print(f"{r['rounds']} kill -9 rounds in {r['seconds']:.0f} s, {r['games_in_store']} games in the store")
    print(f"acknowledged actions: {r['acked']}, lost: {r['lost']}   every game resumed to the replay of its log: "
          f"{'yes' if not r['replay_mismatches'] else 'NO (' + str(r['replay_mismatches']) + ' games)'}")
    sys.exit(1 if r["lost"] or r["replay_mismatches"] else 0)


if __name__ == "__main__":
    main()
