"""Open tables in memory are bounded: a server that went through 400 games in a loop kept every
table (the record and recent states of each). Now the least recently used table nobody shows is
dropped once more than ``Tables.KEEP_IDLE`` are idle, and opening its game again replays it from
the store: every move, the redo tail, the cursor. A table a session shows is never dropped, so its
phones go on hearing every move.
"""

from __future__ import annotations

import pytest

from companion.store import Store
from companion.table.table import Tables
from scoring.engine import PlayerSpec
from tests.harness.flet_session import AppSession, make_context

NAMES = ["Ana", "Ben"]
OPTIONS = {"lucky_numbers": [(15, 16), (14, 16)]}


def game(tables: Tables):
    """A Qwixx game with a roll, two passes, and one of them taken back (a redo tail)."""
    t = tables.create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES], OPTIONS)
    t.roll(values=[1, 2, 3, 4, 5, 6])
    t.submit({"type": "pass", "by": 0})
    t.submit({"type": "pass", "by": 1})
    t.undo()
    return t


def test_four_hundred_games_in_a_loop_leave_a_bounded_number_of_tables():
    tables = Tables(Store(":memory:"))
    ids = [game(tables).id for _ in range(400)]
    held = tables.held()
    assert len(held) == tables.KEEP_IDLE + 1  # the idle ones kept, and the last one opened
    assert held == ids[-len(held):]  # the least recently used went first


def test_a_dropped_table_comes_back_with_every_move_and_its_redo_tail():
    tables = Tables(Store(":memory:"))
    first = game(tables)
    record, cursor, rev, state = first.record, first.cursor, first.rev, first.state
    for _ in range(tables.KEEP_IDLE + 1):
        game(tables)
    assert first.id not in tables.held()
    again = tables.open(first.id)
    assert again is not first
    assert again.record == record and again.cursor == cursor == 2 and again.rev == rev and again.state == state
    assert again.can_redo()
    again.redo()  # the same pass, from the saved log
    assert again.record.actions == record.actions and again.cursor == 3
    assert tables.held()[-1] == first.id  # now the most recently used


def test_opening_a_table_again_makes_it_the_most_recently_used():
    tables = Tables(Store(":memory:"))
    first = game(tables)
    for _ in range(tables.KEEP_IDLE - 1):
        game(tables)
    assert tables.open(first.id) is first  # looked at again: not the oldest any more
    for _ in range(2):
        game(tables)
    assert first.id in tables.held() and tables.open(first.id) is first


def test_a_table_someone_listens_to_is_never_dropped():
    tables = Tables(Store(":memory:"))
    shown = game(tables)
    heard: list[str] = []
    token = shown.subscribe(lambda table, what: heard.append(what))
    for _ in range(3 * tables.KEEP_IDLE):
        game(tables)
    assert shown.id in tables.held() and tables.open(shown.id) is shown
    shown.redo()
    assert heard == ["redo"]
    shown.unsubscribe(token)  # nobody shows it now: it may go like any other
    for _ in range(tables.KEEP_IDLE + 1):
        game(tables)
    assert shown.id not in tables.held()


@pytest.fixture
def ctx(tmp_path):
    return make_context(tmp_path / "tischrichter.db")


async def test_a_phone_showing_a_game_keeps_hearing_it_while_the_host_opens_many_others(ctx):
    t = game(ctx.tables)
    ben = await AppSession.start(ctx, route=f"/g/{t.id}/seat/1")
    assert ben.has_text("Ben entscheidet noch") and not ben.has_text("Ben: passt")
    for _ in range(3 * ctx.tables.KEEP_IDLE):
        game(ctx.tables)
    assert ctx.tables.open(t.id) is t
    ctx.tables.open(t.id).redo()  # the host's device redoes Ben's pass
    await ben.wait_for(lambda: ben.has_text("Ben: passt") and ben.has_text("Ana wählt noch eine Farbe (oder passt)."))
    assert ctx.store.load_with_rev(t.id)[1] == 3
    assert not ben.crashes()
    await ben.close()
