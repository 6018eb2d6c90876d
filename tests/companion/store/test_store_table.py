"""Store and table: nothing lost, nothing forked, bad files never overwritten."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, Store
from companion.table.table import Tables
from scoring.dice import seeded
from scoring.engine import PlayerSpec, replay
from scoring.errors import Refusal

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
OPTS = {"lucky_numbers": [(4, 9), (5, 12)]}


def new_table(path):
    tables = Tables(Store(path), seeded(1))
    return tables, tables.create("qwixx-longo", PLAYERS, OPTS)


def test_actions_survive_a_reopen_exactly(tmp_path):
    db = tmp_path / "t.db"
    tables, t = new_table(db)
    t.roll(values=[1, 2, 3, 4, 5, 6])
    t.submit({"type": "white", "by": 0, "row": "red"})
    t.submit({"type": "pass", "by": 1})
    state = t.state
    tables.store.close()
    again = Tables(Store(db)).open(t.id)
    assert again.state == state and again.cursor == 3


def test_refused_action_is_not_stored(tmp_path):
    tables, t = new_table(tmp_path / "t.db")
    with pytest.raises(Refusal):
        t.submit({"type": "white", "by": 0, "row": "red"})
    assert tables.store.load(t.id)[1] == 0 and t.cursor == 0


def test_seat_cannot_act_for_another_seat(tmp_path):
    _, t = new_table(tmp_path / "t.db")
    t.roll(seats={0}, values=[1, 2, 3, 4, 5, 6])
    with pytest.raises(Refusal) as exc:
        t.submit({"type": "white", "by": 1, "row": "red"}, seats={0})
    assert exc.value.rule == "table.seat" and "Ben" in exc.value.message("de")
    with pytest.raises(Refusal):
        t.roll(seats={1})


def test_undo_and_redo_never_reroll(tmp_path):
    tables, t = new_table(tmp_path / "t.db")
    t.roll()
    dice = t.state.dice
    t.undo()
    assert t.state.phase == "roll"
    t.redo()
    assert t.state.dice == dice
    t.undo()
    reopened = Tables(Store(tmp_path / "t.db")).open(t.id)
    assert reopened.cursor == 0 and reopened.can_redo()


def test_new_action_after_undo_drops_the_redo_tail(tmp_path):
    tables, t = new_table(tmp_path / "t.db")
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})
    t.undo()
    t.submit({"type": "white", "by": 0, "row": "blue"})
    assert not t.can_redo()
    rec, cursor = tables.store.load(t.id)
    assert len(rec.actions) == cursor == 2 and rec.actions[1].action["row"] == "blue"


def test_simultaneous_white_phase_crosses_land_in_one_log(tmp_path):
    players = [PlayerSpec(name=n) for n in ("Ana", "Ben", "Cara", "Dev")]
    tables = Tables(Store(tmp_path / "t.db"))
    t = tables.create("qwixx-longo", players, {"lucky_numbers": [(4, 9)] * 4})
    t.roll(values=[3, 4, 1, 1, 1, 1])
    barrier = threading.Barrier(4)
    errors = []

    def cross(seat):
        barrier.wait()
        try:
            t.submit({"type": "white", "by": seat, "row": ["red", "yellow", "green", "blue"][seat]}, seats={seat})
        except Refusal as exc:  # pragma: no cover - would be a bug
            errors.append(exc)

    threads = [threading.Thread(target=cross, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    rec = tables.store.record(t.id)
    assert len(rec.actions) == 5 and replay(rec) == t.state
    assert t.state.phase == "color"


def test_same_tap_twice_is_refused_the_second_time(tmp_path):
    _, t = new_table(tmp_path / "t.db")
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 1, "row": "red"})
    with pytest.raises(Refusal) as exc:
        t.submit({"type": "white", "by": 1, "row": "red"})
    assert exc.value.rule == "q8.white"


def test_stale_submit_is_refused_not_forked(tmp_path):
    _, t = new_table(tmp_path / "t.db")
    seq = t.seq
    t.roll()
    with pytest.raises(Refusal) as exc:
        t.roll(expected_seq=seq)
    assert exc.value.rule == "table.stale"


def test_what_if_leaves_the_game_unchanged(tmp_path):
    tables, t = new_table(tmp_path / "t.db")
    t.roll(values=[3, 4, 1, 1, 1, 1])
    before = tables.store.record(t.id).model_dump_json()
    verdict = t.what_if({"type": "white", "by": 0, "row": "red"})
    assert verdict.ok and verdict.state.sheets[0].rows["red"] == (7,)
    bad = t.what_if({"type": "color", "by": 1, "row": "red", "white": 1})
    assert not bad.ok and bad.error.rule == "q8.color"
    assert tables.store.record(t.id).model_dump_json() == before and t.state.sheets[0].rows["red"] == ()


def test_corrupt_file_is_moved_aside_never_overwritten(tmp_path):
    db = tmp_path / "t.db"
    db.write_bytes(b"this is my tax return, not a database" * 10)
    store = Store(db)
    assert store.notices and store.notices[0].key == "db_not_sqlite"
    moved = store.notices[0].params["moved"]
    assert Path(moved).read_bytes().startswith(b"this is my tax return")
    assert store.version == SCHEMA_VERSION


def test_foreign_sqlite_file_is_moved_aside(tmp_path):
    db = tmp_path / "t.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('Apfelstrudel')")
    conn.commit()
    conn.close()
    store = Store(db)
    assert store.notices[0].key == "db_foreign"
    kept = sqlite3.connect(store.notices[0].params["moved"]).execute("SELECT name FROM recipes").fetchone()
    assert kept == ("Apfelstrudel",)


def test_newer_schema_opens_read_only_and_is_not_changed(tmp_path):
    db = tmp_path / "t.db"
    tables, t = new_table(db)
    tables.store.set_meta("schema_version", str(SCHEMA_VERSION + 5))
    tables.store.close()
    before = db.read_bytes()
    store = Store(db)
    assert store.readonly and store.notices[0].key == "db_newer"
    assert [g["id"] for g in store.games()] == [t.id]
    with pytest.raises(Refusal):  # table.store: a read-only file takes no move
        Tables(store).open(t.id).roll()
    store.close()
    assert db.read_bytes() == before


def test_locked_file_opens_read_only_with_a_message(tmp_path):
    db = tmp_path / "t.db"
    tables, t = new_table(db)
    tables.store.close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store = Store(db, timeout=0.2)
        assert store.notices[0].key == "db_locked"
        assert store.readonly or store.memory
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [g["id"] for g in Store(db).games()] == [t.id]  # nothing was lost


def test_old_schema_migrates_forward(tmp_path):
    db = tmp_path / "t.db"
    tables, t = new_table(db)
    tables.store.conn.execute("ALTER TABLE games DROP COLUMN table_token")
    tables.store.set_meta("schema_version", "1")
    tables.store.close()
    store = Store(db)
    assert store.version == SCHEMA_VERSION and "table_token" in store.db["games"].columns_dict
    assert Tables(store).open(t.id).cursor == 0


def test_a_seat_may_only_take_back_its_own_action(tmp_path):
    _, t = new_table(tmp_path / "t.db")
    t.roll(seats={0}, values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"}, seats={0})
    assert not t.may_undo({1}) and t.may_undo({0}) and t.may_undo(None)
    with pytest.raises(Refusal) as exc:
        t.undo(seats={1})
    assert exc.value.rule == "table.seat" and t.cursor == 2
    t.undo(seats={0})
    with pytest.raises(Refusal):
        t.redo(seats={1})
    t.redo()  # the host (all seats) may
    assert t.cursor == 2


def test_a_failed_write_changes_nothing_and_says_so(tmp_path):
    tables, t = new_table(tmp_path / "t.db")
    t.roll(values=[3, 4, 1, 1, 1, 1])
    holder = sqlite3.connect(tmp_path / "t.db", timeout=0.1)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    tables.store.conn.execute("PRAGMA busy_timeout=100")
    try:
        with pytest.raises(Refusal) as exc:
            t.submit({"type": "white", "by": 0, "row": "red"})
        assert exc.value.rule == "table.store" and "nichts wurde geändert" in exc.value.message("de")
        assert t.cursor == 1 and t.state.sheets[0].rows["red"] == ()
    finally:
        holder.rollback()
        holder.close()
    t.submit({"type": "white", "by": 0, "row": "red"})  # and the table goes on once the lock is gone
    assert tables.store.load(t.id)[1] == 2


@pytest.mark.parametrize("game_id,options", [("qwixx-longo", OPTS), ("verflixxt", {"wurminator": True})])
def test_kept_states_always_equal_the_replay_through_undo_redo_and_new_branches(tmp_path, game_id, options):
    """Undo takes a kept state instead of replaying the game: after any mix of actions, undos,
    redos and new actions that cut the redo tail, every state the table hands out is the replay."""
    import random

    from scoring.simulate import random_step

    rng = random.Random(5)
    tables = Tables(Store(tmp_path / "t.db"), seeded(2))
    table = tables.create(game_id, PLAYERS, options)
    table.KEEP_STATES = 6  # small, so that states are also dropped and replayed again
    for _ in range(160):
        if table.is_over():
            table.undo()
            continue
        r = rng.random()
        if r < 0.25 and table.can_undo():
            table.undo()
        elif r < 0.35 and table.can_redo():
            table.redo()
        else:
            action = random_step(table.game, table.state, rng, table.dice)
            table.submit(action)
        assert table.state == replay(table.record, table.cursor)
        k = rng.randint(0, len(table.record.actions))
        assert table.state_at(k) == replay(table.record, k)
    reopened = Tables(Store(tmp_path / "t.db")).open(table.id)
    assert reopened.state == table.state
