"""A CSV cell a spreadsheet would run is guarded even behind characters nobody sees.

A name starting with a zero-width space and then "=" was left as it was: it reads "=..." in a
spreadsheet, and some drop such a prefix before they look for a formula. Now any leading run of
spaces and characters that draw nothing (zero-width space, byte order mark, word joiner, direction
marks, soft hyphen) is looked through, and the cell gets its apostrophe like "=..." does.
"""

from __future__ import annotations

import csv
import io
import random

import pytest

from companion.records.backup import csv_cell, results_csv
from companion.store import Store
from scoring.engine import PlayerSpec, get_game, replay
from scoring.simulate import play_random

HIDDEN = ["\u200b", "\ufeff", "\u2060", "\u200e", "\u200f", "\u00ad", "\u00a0", "\u3000", " \u200b", "\u200b\ufeff "]


@pytest.mark.parametrize("lead", HIDDEN)
@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\uff1d"])
def test_a_formula_behind_invisible_characters_is_guarded(lead, start):
    cell = f"{lead}{start}HYPERLINK(\"http://x\")"
    assert csv_cell(cell) == "'" + cell


@pytest.mark.parametrize("value", ["\u200bAna", "\ufeffBen", "Ana=Ben", "\u200b", "", 5, -5])
def test_what_is_no_formula_stays_as_it_is(value):
    assert csv_cell(value) == value


def test_the_results_csv_guards_such_a_name():
    store = Store(":memory:")
    name = "\u200b=1+1"
    played = play_random("qwixx-longo", [PlayerSpec(name=name), PlayerSpec(name="Ben")],
                         {"lucky_numbers": [[3, 9], [4, 12]]}, random.Random(2))
    record = played.record
    result = get_game(record.game).result(replay(record)).model_dump(mode="json")
    store.create_game(record)
    store.move_cursor(record.id, len(record.actions), len(record.actions), result=result)
    rows = list(csv.DictReader(io.StringIO(results_csv(store))))
    assert sorted(r["name"] for r in rows) == ["'" + name, "Ben"]
