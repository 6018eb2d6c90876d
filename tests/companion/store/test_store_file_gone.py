"""The database file deleted or replaced under a running store.

The store notices it before the next commit (the inode it writes is no longer the path's),
writes the whole database back to its path (SQLite's backup API) and says so; where the path
cannot be written, it refuses the write instead of acknowledging what it could not keep.
The real server over loopback (kill -9 after the delete): test_server_file_gone.py.
"""

from __future__ import annotations

import os
import shutil

import pytest

from companion.i18n import tr
from companion.store import Store, StoreError
from companion.table.table import Tables
from scoring.engine import PlayerSpec, RecordedAction, replay
from scoring.errors import Refusal

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
GAME = "raus-aus-dem-verlies"


def _gain(table, n: int = 1) -> None:
    for _ in range(n):
        table.submit({"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"})


def _gold_after_restart(db, gid: str) -> int:
    store = Store(db)
    try:
        table = Tables(store).open(gid)
        assert table.state == replay(store.record(gid))
        return table.state.players[0].gold
    finally:
        store.close()


def _delete(db) -> None:
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{db}{suffix}"):
            os.remove(f"{db}{suffix}")


def test_a_deleted_database_is_written_back_before_the_next_commit(tmp_path):
    db = tmp_path / "gone.db"
    store = Store(db)
    table = Tables(store).create(GAME, PLAYERS, {"start_player": 0})
    _gain(table, 3)
    _delete(db)
    _gain(table, 2)  # acknowledged: must be in the file at the path
    assert [n.key for n in store.notices] == ["db_restored"]
    n = store.notices[0]
    assert tr("de", n.key, **n.params) == (
        f"Die Datenbank {db} war gelöscht oder ersetzt worden; Tischrichter hat sie mit allen Spielen "
        "neu geschrieben. Kein Zug ist verloren.")
    assert tr("en", n.key, **n.params) == (
        f"The database {db} had been deleted or replaced; Tischrichter wrote it again with every game. "
        "No move is lost.")
    # no close: the process dies as with kill -9 (the connection is simply dropped)
    assert _gold_after_restart(db, table.id) == 5


def test_a_replaced_database_is_kept_beside_and_ours_written_back(tmp_path):
    db = tmp_path / "replaced.db"
    store = Store(db)
    table = Tables(store).create(GAME, PLAYERS, {"start_player": 0})
    _gain(table, 2)
    other = tmp_path / "other.db"
    other.write_bytes(b"someone else's file")
    os.replace(other, db)
    _gain(table, 1)
    assert [n.key for n in store.notices] == ["db_restored"]
    kept = [p for p in os.listdir(tmp_path)
            if p.startswith("replaced.db.replaced-") and not p.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and (tmp_path / kept[0]).read_bytes() == b"someone else's file"  # never overwritten
    store.close()
    assert _gold_after_restart(db, table.id) == 3


def test_where_the_path_cannot_be_written_moves_are_refused_not_acknowledged(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "lost.db"
    store = Store(db)
    table = Tables(store).create(GAME, PLAYERS, {"start_player": 0})
    _gain(table, 2)
    shutil.rmtree(folder)
    folder.write_text("not a folder")  # the path cannot be written (root passes every chmod)
    with pytest.raises(Refusal) as err:
        _gain(table, 1)
    assert err.value.message("de") == (
        "Der Zug wurde nicht angenommen: die Datenbank des Tisches ist verloren gegangen und lässt sich "
        "nicht neu schreiben. Der Gastgeber sieht auf seinem Gerät, was zu tun ist.")
    assert err.value.message("en") == (
        "The move was not taken: the table's database was lost and cannot be written again. "
        "The host's device says what to do.")
    assert table.state.players[0].gold == 2  # nothing shown that is not kept
    assert [n.key for n in store.notices] == ["db_lost"]
    with pytest.raises(StoreError):
        store.append(table.id, table.cursor,
                     RecordedAction(seat=0, action={"type": "gain_gold", "by": 0, "amount": 1, "reason": "correction"}))
    # the folder comes back: the next move writes the whole database there again
    folder.unlink()
    folder.mkdir()
    _gain(table, 1)
    assert [n.key for n in store.notices] == ["db_restored"]
    assert _gold_after_restart(db, table.id) == 3
