"""On the phone the store is one file.

The browser's file system is memory, written through to IndexedDB file by file after each commit
(``companion.platform.persist``). With SQLite's write-ahead log the log grew by every move and was
copied to IndexedDB whole with every tap; in the browser the store keeps its changes in the
database file itself (journal in memory), so each tap's save is that one file, and a store made
with a log (an earlier version of the site) is taken over with every move in it.
"""

from __future__ import annotations

import os

from companion import platform
from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
GAME = "raus-aus-dem-verlies"


def _gain(table, n: int) -> None:
    for _ in range(n):
        table.submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})


def _beside(db) -> list[str]:
    """SQLite's files beside the database (its log, shared memory, journal); not the writer's lock
    file, which is written once and never changes."""
    return sorted(p.name for p in db.parent.iterdir() if p.name.startswith(db.name)
                  and p.name not in (db.name, db.name + ".lock"))


def test_in_the_browser_every_move_is_in_the_one_database_file(tmp_path, monkeypatch):
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    db = tmp_path / "tischrichter.db"
    store = Store(db)
    table = Tables(store).create(GAME, PLAYERS, {"start_player": 0})
    _gain(table, 30)
    assert _beside(db) == []  # no -wal, -shm or -journal file to copy to IndexedDB after a tap
    copy = tmp_path / "copy.db"
    copy.write_bytes(db.read_bytes())  # what IndexedDB holds after the last save: this file alone
    store.close()
    monkeypatch.setattr(platform, "IN_BROWSER", False)
    again = Store(copy)
    try:
        assert Tables(again).open(table.id).state.players[0].gold == 30
    finally:
        again.close()


def test_a_phone_store_kept_with_a_log_is_taken_over_with_every_move(tmp_path, monkeypatch):
    db = tmp_path / "tischrichter.db"
    before = Store(db)  # as the site's earlier versions kept it: a write-ahead log beside it
    table = Tables(before).create(GAME, PLAYERS, {"start_player": 0})
    _gain(table, 12)
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    before.close()
    for name, data in files.items():  # the files as IndexedDB held them (log not yet checkpointed)
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(platform, "IN_BROWSER", True)
    store = Store(db)
    try:
        assert Tables(store).open(table.id).state.players[0].gold == 12
        _gain(Tables(store).open(table.id), 1)
        assert _beside(db) == [] and os.path.getsize(db) > 0
    finally:
        store.close()
