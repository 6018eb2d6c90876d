"""Every table is made by the store's versioned migrations, and files written by
older code migrate forward keeping their games, profiles and statistics.

The old files are SQL dumps of stores written by the code of schema 3 (commit 4043faf, profiles
and statistics lines made on first use outside the store) and schema 2 (commit 80f843e^, no
``rev``), made by ``tests/companion/store/data/make_old_stores.py``.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.records.history import compute_stats, finished_games
from companion.records.profiles import get_profile, list_profiles, save_profile
from companion.store import SCHEMA_VERSION, Store
from companion.store.file_lock import lock_path
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
    for name in ("actions", "hist_lines"):
        assert after[name] == before[name], name  # every row as it was
    # every profile as it was, with no birth year (schema 6) yet
    assert [r[:-1] for r in after["profiles"]] == before["profiles"]
    assert [r[-1] for r in after["profiles"]] == [None] * len(before["profiles"])
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


def schema(db: Path) -> dict[str, str]:
    conn = sqlite3.connect(db)
    try:
        return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type='table' ORDER BY name"))
    finally:
        conn.close()


def test_the_migrations_make_the_tables_older_code_made_on_first_use(tmp_path):
    """Same columns and keys as the tables older code made outside the store, so an old file and
    a new one hold the same schema once the old one is opened."""
    fresh = tmp_path / "new.db"
    Store(fresh).close()
    old_db = old_file(tmp_path, 3)
    Store(old_db).close()
    old, new = schema(old_db), schema(fresh)
    assert sorted(new) == TABLES
    assert {n: new[n] for n in ("profiles", "hist_lines")} == {n: old[n] for n in ("profiles", "hist_lines")}


def file_of_schema_5(tmp_path: Path) -> Path:
    """A store file as the code of schema 5 left it: profiles without a birth year."""
    db = tmp_path / "v5.db"
    store = Store(db)
    save_profile(store, "Ana", color="red", lucky="5 9")
    save_profile(store, "Ben")
    store.close()
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE profiles DROP COLUMN birth_year")
    conn.execute("UPDATE meta SET value='5' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    return db


def test_a_file_of_schema_5_gets_the_birth_year_and_keeps_its_profiles(tmp_path):
    db = file_of_schema_5(tmp_path)
    store = Store(db)
    assert store.version == SCHEMA_VERSION and not store.readonly
    assert [(p.name, p.color, p.lucky, p.birth_year) for p in list_profiles(store)] == [
        ("Ana", "red", (5, 9), None), ("Ben", None, None, None)]
    ana = list_profiles(store)[0]
    save_profile(store, "Ana", color="red", lucky="5 9", profile_id=ana.id, birth_year="1990")
    store.close()
    assert [(p.name, p.birth_year) for p in list_profiles(Store(db))] == [("Ana", 1990), ("Ben", None)]
    fresh = tmp_path / "new.db"
    Store(fresh).close()
    assert schema(db)["profiles"] == schema(fresh)["profiles"]  # migrated or new: one table


HOLD_LOCK = ("import fcntl, sys\nf = open(sys.argv[1], 'a+')\nfcntl.flock(f, fcntl.LOCK_EX)\n"
             "print('held', flush=True)\nsys.stdin.read()\n")  # a writer's lock, held until its stdin closes


def test_a_read_only_file_of_schema_5_lists_its_profiles_without_birth_years(tmp_path):
    """A file another process writes is opened read-only, so not migrated: its profiles still show
    in every set-up, with no birth year known."""
    db = file_of_schema_5(tmp_path)
    holder = subprocess.Popen(  # another process holds the database's lock, as a running server does
        [sys.executable, "-c", HOLD_LOCK, str(lock_path(db))], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        store = Store(db)
        assert store.readonly and store.version == 5
        assert [(p.name, p.birth_year) for p in list_profiles(store)] == [("Ana", None), ("Ben", None)]
        assert get_profile(store, list_profiles(store)[0].id) == list_profiles(store)[0]
        store.close()
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)



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
