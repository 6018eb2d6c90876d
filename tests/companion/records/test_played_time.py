"""How long a finished game was played, as its history line and its BG Stats play say it: the
table's clock (pauses left out, stopped by the last move); a game without clock data (older code,
an import) keeps the time from its first to its last move."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from companion.records import bgstats as B
from companion.records.backup import import_backup
from companion.records.history import finished_games, game_minutes
from companion.store import GameClock, Store
from companion.table.table import Table, Tables
from scoring.engine import PlayerSpec
from scoring.simulate import play_random

START = datetime(2026, 11, 29, 18, 5, tzinfo=UTC)


def finished_table(store: Store) -> Table:
    table = Tables(store).create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                                 {"lucky_numbers": [(15, 16), (14, 16)], "end_misthrows": 1})
    table.roll(values=[1, 1, 1, 1, 1, 1])
    for seat in (0, 1, 0):
        table.submit({"type": "pass", "by": seat})
    assert table.is_over()
    return table


def test_a_paused_clock_is_the_duration_of_the_history_and_of_bg_stats(tmp_path):
    """The moves took a moment (a test plays fast); the table's clock says 42 minutes and 5 seconds."""
    store = Store(tmp_path / "t.db")
    table = finished_table(store)
    store.change_clock(table.id, lambda c: GameClock(42 * 60 + 5))
    [row] = finished_games(store)
    assert row["minutes"] == 42
    assert B.play_of(store, table.id).durationMin == 42
    assert game_minutes(store, store.record(table.id)) == 42


def test_a_running_clock_stopped_at_the_last_move(tmp_path):
    """Still "running" in the store when the game ended: the last move is its end, later asks change nothing."""
    store = Store(tmp_path / "t.db")
    table = finished_table(store)
    last = datetime.fromisoformat(table.record.actions[-1].at or "")
    store.change_clock(table.id, lambda c: GameClock(120.0, last - timedelta(minutes=40, seconds=30)))
    assert finished_games(store)[0]["minutes"] == 42
    assert B.play_of(store, table.id).durationMin == 42


def test_an_old_game_without_clock_data_keeps_its_moves_time(tmp_path):
    """An imported game (or one of older code): from its first to its last move, rounded, as before."""
    store = Store(tmp_path / "t.db")
    played = play_random("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                         {"lucky_numbers": [[3, 16], [4, 15]]}, random.Random(7))
    n = len(played.record.actions)
    acts = tuple(a.model_copy(update={"at": (START + timedelta(seconds=30 + i * 41.6 * 60 / (n - 1))).isoformat()})
                 for i, a in enumerate(played.record.actions))
    record = played.record.model_copy(update={"created": START.isoformat(), "actions": acts})
    import_backup(store, [record.model_dump(mode="json")])
    assert store.clock(record.id) is None
    assert finished_games(store)[0]["minutes"] == 42
    assert B.play_of(store, record.id).durationMin == 42


async def test_the_history_list_says_how_long_a_game_was_played(tmp_path):
    from tests.harness.flet_session import AppSession, make_context

    ctx = make_context(tmp_path / "t.db")
    table = finished_table(ctx.store)
    ctx.store.change_clock(table.id, lambda c: GameClock(42 * 60 + 5))
    for lang, line, button in (("de", "1. Ben 0 · 2. Ana −5 · Spieldauer: 0:42 Std.", "Verlauf"),
                               ("en", "1. Ben 0 · 2. Ana −5 · Time played: 0:42 h", "History")):
        app = await AppSession.start(ctx, f"/?lang={lang}")
        await app.click(text=button)
        assert app.has_text(line), app.texts()
