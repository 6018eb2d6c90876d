"""Every table is made by the store's versioned migrations, and files written by
older code migrate forward keeping their games, profiles and statistics.

The old files are SQL dumps of stores written by the code of schema 3 (commit 4043faf, profiles
and statistics lines made on first use outside the store) and schema 2 (commit 80f843e^, no
``rev``), made by ``tests/companion/store/data/make_old_stores.py``.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.records.history import compute_stats, finished_games
from companion.records.profiles import list_profiles, save_profile
from companion.store import SCHEMA_VERSION, Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec, replay

DATA = Path(__file__).parent / "data"
TABLES = ["actions", "games", "hist_lines", "meta", "profiles"]


def old_file(tmp_path: Path, schema: int, *, drop: tuple[str, ...] = ()) -> Path:
    """A store file as the code of ``schema`` wrote it (``drop``: tables it had not made yet)."""
    db = tmp_path / f"v{schema}.db"
    conn = sqlite3.connect(db)
    conn.executescript((DATA / f"store_v{schema}.sql").read_text(encoding="utf-8"))
    for name in drop:
        conn.execute(f'DROP TABLE "{name}"')
    conn.commit()
    conn.close()
    return db


def rows(db: Path) -> dict[str, list[tuple]]:
    """The old file's rows, read before the store opens it."""
    conn = sqlite3.connect(db)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return {n: sorted(conn.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr) for n in names}
    finally:
        conn.close()


@pytest.mark.parametrize("schema", [2, 3])
def test_an_old_file_migrates_and_keeps_its_games_profiles_and_statistics(tmp_path, schema):
    db = old_file(tmp_path, schema)
    before = rows(db)
    assert dict(before["meta"])["schema_version"] == str(schema)
    store = Store(db)
    assert store.notices == [] and not store.readonly and store.version == SCHEMA_VERSION
    after = store.dump()
    assert sorted(after) == TABLES
    for name in ("actions", "profiles", "hist_lines"):
        assert after[name] == before[name], name  # every row as it was
    # the games: same rows, plus a revision 0 where schema 2 had none
    assert [r[:11] for r in after["games"]] == [r[:11] for r in before["games"]]

    profiles = list_profiles(store)
    assert [(p.name, p.color, p.lucky) for p in profiles] == [("Ana", "red", (5, 9)), ("Ben", None, None)]
    ana = profiles[0]

    [done] = finished_games(store)
    assert done["players"][0] == {"name": "Ana", "color": None, "profile_id": ana.id}
    old_result = next(r[9] for r in before["games"] if r[0] == done["id"])
    assert done["result"] == json.loads(old_result) and done["result"]["game"] == "qwixx-longo"
    stats = compute_stats(store)
    assert stats.games == 1 and stats.per_player[f"p:{ana.id}"].name == "Ana"
    assert store.dump()["hist_lines"] == before["hist_lines"]  # the cached lines were still valid

    # the open game plays on: the redo tail, undo and a new move, each based on the saved revision
    [open_game] = [g for g in store.games() if not g["finished"]]
    rev = next(r[11] for r in before["games"] if r[0] == open_game["id"]) if schema >= 3 else 0
    table = Tables(store).open(open_game["id"])
    assert table.cursor == 2 and table.can_redo() and table.rev == rev
    table.redo()
    table.undo()
    table.submit({"type": "white", "by": 1, "row": "green"})
    assert store.load(table.id)[1] == 3 and table.rev == rev + 3
    assert replay(store.record(table.id)) == table.state
    store.close()


def test_a_file_of_schema_3_without_profiles_or_statistics_gets_both_tables(tmp_path):
    """Before schema 4 the profiles and statistics tables were made on first use, outside the
    store: a file whose players never saved a profile nor looked at statistics lacks them."""
    db = old_file(tmp_path, 3, drop=("profiles", "hist_lines"))
    store = Store(db)
    assert sorted(store.dump()) == TABLES and store.dump()["profiles"] == [] and store.version == SCHEMA_VERSION
    assert list_profiles(store) == []
    assert compute_stats(store).games == 1 and len(store.dump()["hist_lines"]) == 1  # cached again
    eva = save_profile(store, "Eva", lucky="3 7")
    assert [(p.id, p.name, p.lucky) for p in list_profiles(store)] == [(eva.id, "Eva", (3, 7))]
    store.close()
    assert [p.name for p in list_profiles(Store(db))] == ["Eva"]


def test_the_migrations_make_the_tables_older_code_made_on_first_use(tmp_path):
    """Same columns and keys as the tables older code made outside the store, so an old file and
    a new one hold the same schema."""
    def schema(db: Path) -> dict[str, str]:
        conn = sqlite3.connect(db)
        try:
            return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type='table' ORDER BY name"))
        finally:
            conn.close()

    fresh = tmp_path / "new.db"
    Store(fresh).close()
    old = schema(old_file(tmp_path, 3))
    new = schema(fresh)
    assert sorted(new) == TABLES
    assert {n: new[n] for n in ("profiles", "hist_lines")} == {n: old[n] for n in ("profiles", "hist_lines")}


def test_a_new_store_in_memory_has_every_table():
    store = Store(":memory:")
    assert sorted(store.dump()) == TABLES
    save_profile(store, "Ana")
    t = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                             {"lucky_numbers": [(4, 9), (5, 12)]})
    assert store.games()[0]["id"] == t.id and [p.name for p in list_profiles(store)] == ["Ana"]


def test_opening_an_up_to_date_file_does_not_write_it(tmp_path):
    """The phone saves to IndexedDB what opening the store changed, at every start; a file
    already at this schema is only read (no row written, the same bytes, the same modification time)."""
    path = tmp_path / "t.db"
    Store(str(path)).close()
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    store = Store(str(path))
    try:
        assert store.version == SCHEMA_VERSION
        assert store.changes() == 0
    finally:
        store.close()
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
