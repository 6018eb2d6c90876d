"""Three gaps a mutation run found, each with a test that fails on its mutant.

- a redo into the final move must store the game's result (finished, in the history);
- an undo (or redo) the store cannot save leaves the table as it was and says so (table.store);
- ``Store.append`` based on a stale sequence is refused by the store itself (one writer per
  database): covered by tests/companion/store/test_store_one_writer.py::
  test_the_store_itself_refuses_writes_not_based_on_the_current_cursor (checked with a mutant
  that bases the append on the cursor found in the file instead of the caller's).
"""

from __future__ import annotations

import random
import sqlite3

import pytest

from companion.records.history import finished_games
from companion.store import Store
from companion.table.table import Tables
from scoring.dice import seeded
from scoring.engine import PlayerSpec, get_game, replay
from scoring.errors import Refusal
from scoring.simulate import play_random

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]
OPTS = {"lucky_numbers": [(4, 9), (5, 12)]}


@pytest.mark.parametrize("game_id,options", [("qwixx-longo", OPTS), ("verflixxt", {}), ("raus-aus-dem-verlies", {})])
def test_a_redo_into_the_final_move_stores_the_result(tmp_path, game_id, options):
    """Undo the last move of a finished game, redo it: the game is finished again, with its result,
    in the history of the saved file (not only on this table)."""
    db = tmp_path / "t.db"
    played = play_random(game_id, PLAYERS, options, random.Random(3)).record
    tables = Tables(Store(db))
    t = tables.create(game_id, list(played.players), played.options)
    for act in played.actions:
        t.submit(act.action)
    game = get_game(game_id)
    result = game.result(replay(played)).model_dump(mode="json")
    assert t.is_over() and [g["result"] for g in finished_games(tables.store)] == [result]
    t.undo()
    assert finished_games(tables.store) == []  # the last move is taken back: not finished
    t.redo()
    assert t.is_over()
    tables.store.close()
    again = Store(db)
    [done] = finished_games(again)
    assert done["id"] == t.id and done["result"] == result
    assert again.games(finished=True)[0]["id"] == t.id


def test_an_undo_the_store_cannot_save_changes_nothing_and_says_so(tmp_path):
    db = tmp_path / "t.db"
    tables = Tables(Store(db, timeout=0.1), seeded(1))
    t = tables.create("qwixx-longo", PLAYERS, OPTS)
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})
    state, cursor, rev = t.state, t.cursor, t.rev
    holder = sqlite3.connect(db, timeout=0.1)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with pytest.raises(Refusal) as exc:
            t.undo()
        assert exc.value.rule == "table.store"
        assert exc.value.message("de") == ("Der Zug konnte nicht zurückgenommen werden, weil das Speichern "
                                           "fehlschlug; das Spiel bleibt, wie es war.")
        assert exc.value.message("en") == ("The move could not be taken back because saving failed; "
                                           "the game stays as it was.")
        # the table as it was: the red cross still there, still undoable, nothing saved
        assert (t.state, t.cursor, t.rev) == (state, cursor, rev) and t.state.sheets[0].rows["red"] != ()
        assert t.can_undo() and not t.can_redo()
    finally:
        holder.rollback()
        holder.close()
    assert tables.store.load(t.id)[1] == 2
    t.undo()  # once the lock is gone, the undo is taken
    assert tables.store.load(t.id)[1] == 1 and t.state.sheets[0].rows["red"] == ()


def test_a_redo_the_store_cannot_save_changes_nothing_and_says_so(tmp_path):
    db = tmp_path / "t.db"
    tables = Tables(Store(db, timeout=0.1), seeded(1))
    t = tables.create("qwixx-longo", PLAYERS, OPTS)
    t.roll(values=[3, 4, 1, 1, 1, 1])
    t.submit({"type": "white", "by": 0, "row": "red"})
    t.undo()
    state, cursor, rev = t.state, t.cursor, t.rev
    holder = sqlite3.connect(db, timeout=0.1)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(Refusal) as exc:
            t.redo()
        assert exc.value.rule == "table.store"
        assert exc.value.message("de") == ("Der Zug konnte nicht wiederhergestellt werden, weil das Speichern "
                                           "fehlschlug; das Spiel bleibt, wie es war.")
        assert exc.value.message("en") == ("The move could not be redone because saving failed; "
                                           "the game stays as it was.")
        assert (t.state, t.cursor, t.rev) == (state, cursor, rev) and t.can_redo()
    finally:
        holder.rollback()
        holder.close()
    t.redo()
    assert tables.store.load(t.id)[1] == 2 and t.state.sheets[0].rows["red"] != ()

