"""What is expected is caught, what is not is logged, and an engine error is never hidden."""

from __future__ import annotations

import logging

import pytest

from companion.store import Store
from companion.table import dispute
from companion.table.table import Tables
from scoring.engine import PlayerSpec

PLAYERS = [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")]


@pytest.fixture
def table():
    store = Store(":memory:")
    t = Tables(store).create("qwixx-longo", PLAYERS, {"lucky_numbers": [(4, 9), (5, 12)]})
    yield t
    store.close()


def test_a_broken_view_does_not_stop_the_table_but_is_logged(table, caplog):
    seen: list[str] = []

    def broken(_table, what):
        raise KeyError("a view bug")

    table.subscribe(broken)
    table.subscribe(lambda _t, what: seen.append(what))
    with caplog.at_level(logging.ERROR, logger="tischrichter.table"):
        table.roll(values=[3, 4, 1, 1, 1, 1])
    assert seen == ["action"]  # the other view still heard of the roll
    assert table.cursor == 1
    errors = [r for r in caplog.records if r.name == "tischrichter.table"]
    assert [r.getMessage() for r in errors] == [f"a view of table {table.id} failed on 'action'"]
    assert errors[0].exc_info is not None and errors[0].exc_info[0] is KeyError


def test_an_engine_error_in_dispute_mode_reaches_the_test(table, monkeypatch):
    """The what-if list used to swallow any exception of ``legal()`` and show an empty list."""

    def broken_legal(state, seat=None):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(table.game, "legal", broken_legal)
    with pytest.raises(ZeroDivisionError):
        dispute.candidates(table, "de")


def test_an_engine_error_while_judging_is_not_turned_into_silence(table, monkeypatch):
    table.roll(values=[3, 4, 1, 1, 1, 1])

    def broken_is_over(state):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(table.game, "is_over", broken_is_over)
    with pytest.raises(ZeroDivisionError):
        dispute.judge(table, {"type": "white", "by": 0, "row": "red"}, "de")
