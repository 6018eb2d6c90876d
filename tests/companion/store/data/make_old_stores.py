"""Makes the SQL dumps of store files written by older code (tests/companion/store/test_store_migrations.py).

Run it with the OLD code first on ``sys.path`` (no git worktree needed)::

    git archive <commit> | tar -x -C OLD_DIR
    PYTHONPATH=OLD_DIR .venv/bin/python tests/companion/store/data/make_old_stores.py OUT.sql

``store_v3.sql``: commit 4043faf (schema 3: per-game ``rev``; profiles and statistics
lines made on first use by companion/records/profiles.py and companion/records/history.py).
``store_v2.sql``: commit 80f843e^ (schema 2, no ``rev``).
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

from companion.records import backup, history
from companion.records.profiles import save_profile
from companion.store import SCHEMA_VERSION, Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from scoring.simulate import play_random


def main(out: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "old.db"
        store = Store(db)
        ana = save_profile(store, "Ana", color="red", lucky="5 9")
        save_profile(store, "Ben")
        tables = Tables(store)
        t = tables.create("qwixx-longo", [PlayerSpec(name="Ana", profile_id=ana.id), PlayerSpec(name="Cem")],
                          {"lucky_numbers": [(5, 9), (4, 12)]})
        t.roll(values=[3, 4, 1, 1, 1, 1])
        t.submit({"type": "white", "by": 0, "row": "red"})
        t.submit({"type": "white", "by": 1, "row": "blue"})
        t.undo()  # an open game with a redo tail
        rec = play_random("qwixx-longo", [PlayerSpec(name="Ana", profile_id=ana.id), PlayerSpec(name="Dora")],
                          {"lucky_numbers": [(5, 9), (6, 10)]}, random.Random(7)).record
        backup.import_backup(store, json.dumps(rec.model_dump(mode="json")))  # a finished game
        history.compute_stats(store)  # the statistics cache
        store.close()
        conn = sqlite3.connect(db)
        Path(out).write_text(f"-- schema {SCHEMA_VERSION}\n" + "\n".join(conn.iterdump()) + "\n", encoding="utf-8")
        conn.close()


if __name__ == "__main__":
    main(sys.argv[1])
