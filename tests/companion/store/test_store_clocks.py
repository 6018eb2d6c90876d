"""The table's clock of a game: its time arithmetic on a fake clock, and the store keeping it with
the game (never in its log), across a restart of the server."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from companion.records.history import played_minutes, played_seconds
from companion.store import SCHEMA_VERSION, GameClock, Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec

T0 = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)  # 19:00 at a table in Berlin


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def iso(minutes: float) -> str:
    return at(minutes).isoformat(timespec="milliseconds")


# --- the arithmetic -------------------------------------------------------------------------
def test_a_running_clock_counts_from_its_start():
    clock = GameClock(since=T0)
    assert clock.running and clock.seconds(at(42)) == 42 * 60
    assert clock.seconds(at(-5)) == 0  # a moment before its start adds nothing


def test_pausing_twice_keeps_the_first_pause():
    """Two phones tap "Uhr anhalten" at once: the second pause changes nothing."""
    once = GameClock(since=T0).paused(at(10))
    twice = once.paused(at(30))
    assert twice == once == GameClock(600.0)
    assert not twice.running and twice.seconds(at(600)) == 600


def test_resuming_counts_on_from_the_resume_and_a_second_resume_changes_nothing():
    clock = GameClock(since=T0).paused(at(10)).resumed(at(70))
    assert clock == GameClock(600.0, at(70))
    assert clock.resumed(at(80)) == clock
    assert clock.seconds(at(102)) == 42 * 60
    again = clock.paused(at(90)).resumed(at(200))
    assert again.seconds(at(212)) == 42 * 60  # 10 + 20 + 12 minutes: both breaks left out


def test_a_finished_game_stopped_its_clock_at_its_last_move():
    running = GameClock(600.0, at(70))
    # first move at 19:01, the last one (the end) at 20:02: 10 + 32 minutes, whenever asked
    assert played_seconds(running, iso(1), iso(102)) == 42 * 60
    assert played_minutes(running, iso(1), iso(102)) == 42
    assert played_minutes(running.paused(at(102)), iso(1), iso(300)) == 42  # paused at the end
    assert played_minutes(GameClock(42 * 60 + 59), iso(1), iso(2)) == 42  # whole minutes, as the clock showed them


def test_an_old_game_without_clock_data_keeps_the_time_its_moves_took():
    assert played_minutes(None, iso(0), iso(41.6)) == 42  # rounded, as its BG Stats play always had it
    assert played_seconds(None, iso(0), iso(41.6)) == pytest.approx(41.6 * 60)
    assert played_minutes(None, None, None) == 0 and played_minutes(None, iso(3), None) == 0
    assert played_minutes(None, iso(0), "2026-11-29T19:42:00") == 0  # one time with an offset, one without


@pytest.mark.parametrize("played, since", [(None, None), ("elf", None), (-1.0, None), (float("nan"), None),
                                           (float("inf"), None), (True, None)])
def test_stored_values_that_are_no_duration_count_as_no_clock(played, since):
    assert GameClock.of(played, since) is None


def test_a_stored_start_that_is_no_time_counts_as_paused():
    assert GameClock.of(60.0, "gestern") == GameClock(60.0)
    assert GameClock.of(60, iso(0)) == GameClock(60.0, T0)


# --- the store ----------------------------------------------------------------------------------
def new_game(store: Store) -> str:
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                 {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
    return table.id


def test_a_new_game_has_a_clock_running_from_its_start(tmp_path):
    store = Store(tmp_path / "t.db")
    gid = new_game(store)
    clock = store.clock(gid)
    assert clock is not None and clock.running and clock.played == 0
    assert clock.since == datetime.fromisoformat(store.record(gid).created or "")


def test_pause_and_resume_survive_a_restart_of_the_server(tmp_path):
    store = Store(tmp_path / "t.db")
    gid = new_game(store)
    store.change_clock(gid, lambda c: GameClock(600.0))
    store.close()
    again = Store(tmp_path / "t.db")
    assert again.clock(gid) == GameClock(600.0)
    again.change_clock(gid, lambda c: (c or GameClock()).resumed(at(70)))
    again.close()
    assert Store(tmp_path / "t.db").clock(gid) == GameClock(600.0, at(70))


def test_the_clock_is_no_move_undo_and_the_log_never_see_it(tmp_path):
    store = Store(tmp_path / "t.db")
    tables = Tables(store)
    gid = new_game(store)
    table = tables.open(gid)
    table.roll(values=[1, 1, 1, 1, 1, 1])
    store.change_clock(gid, lambda c: GameClock(600.0))
    log_before, rev = store.dump()["actions"], table.rev
    table.undo()
    assert store.clock(gid) == GameClock(600.0)
    table.redo()
    assert store.dump()["actions"] == log_before and table.rev == rev + 2  # the clock wrote nothing there
    store.change_clock(gid, lambda c: GameClock(700.0))
    assert store.load_with_rev(gid)[2] == rev + 2


def test_an_unchanged_clock_writes_nothing(tmp_path):
    store = Store(tmp_path / "t.db")
    gid = new_game(store)
    before = store.changes()
    store.change_clock(gid, lambda c: c or GameClock())
    assert store.changes() == before


def test_an_old_file_migrates_and_its_games_have_no_clock_data(tmp_path):
    db = tmp_path / "old.db"
    store = Store(db)
    gid = new_game(store)
    store.close()
    conn = sqlite3.connect(db)  # as the code of schema 4 left it: no clock columns
    conn.execute("ALTER TABLE games DROP COLUMN clock_played")
    conn.execute("ALTER TABLE games DROP COLUMN clock_since")
    conn.execute("UPDATE meta SET value='4' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    store = Store(db)
    assert store.version == SCHEMA_VERSION
    assert store.clock(gid) is None
    assert store.played_times([gid])[gid][0] is None
