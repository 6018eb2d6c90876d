"""Qwixx Longo positions for phone-layout tests and screenshots: played through the real
``Table`` (the store's log), with seeded dice and a simple greedy player, so a fresh
clone gets the same games every time."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Callable
from typing import Any

from scoring.qwixx_longo import COLORS, Pass, crossed_number, row_fields

NAMES = ("Ana", "Ben", "Cara")
OPTIONS = {"lucky_numbers": [(15, 16), (14, 16), (2, 15)], "lock_min_crosses": 4, "end_locked_rows": 3,
           "end_misthrows": 6}


def _skip(state: Any, action: Any) -> int:
    n = crossed_number(state, action)
    fields = row_fields(action.row)
    crossed = state.sheets[action.by].rows[action.row]
    start = fields.index(crossed[-1]) + 1 if crossed else 0
    return fields.index(n) - start


def greedy(state: Any, actions: list[Any]) -> Any:
    """The cross that skips fewest fields (at most two), else a pass."""
    crosses = [a for a in actions if not isinstance(a, Pass)]
    best = min(crosses, key=lambda a: (_skip(state, a), COLORS.index(a.row)), default=None)
    if best is not None and _skip(state, best) <= 2:
        return best
    return next(a for a in actions if isinstance(a, Pass))


def play_until(table: Any, done: Callable[[Any], bool], *, seed: int = 7, limit: int = 400) -> None:
    """Roll seeded dice and let every seat decide greedily until ``done(state)``."""
    rng = random.Random(seed)
    game = table.game
    for _ in range(limit):
        state = table.state
        if done(state) or state.phase == "over":
            return
        if state.phase == "roll":
            table.roll(values=[rng.randint(1, d.sides) for d in game.pending_roll(state).dice])
            continue
        seat = game.current_seats(state)[0]
        table.submit(greedy(state, game.legal(state, seat)))
    raise AssertionError("position not reached")


def white_phase_with_crosses(state: Any) -> bool:
    """After a roll, mid-game: Ana's white-sum decision, crosses on every sheet."""
    return (state.phase == "white" and state.turn >= 10 and not state.decided[0]
            and all(sum(len(r) for r in s.rows.values()) >= 4 for s in state.sheets))


def locked_row(state: Any) -> bool:
    """A row is locked (its die gone; Ben locked it), Ben decides on a new roll."""
    return (state.phase == "white" and bool(state.removed) and not state.decided[1]
            and any(s.locked_by_me for s in state.sheets))


def ana_rolls(state: Any) -> bool:
    """Ana's turn to roll, mid-game."""
    return state.phase == "roll" and state.active == 0 and state.turn >= 7


def color_choices(state: Any) -> set[tuple[str, int]]:
    """The active player's colour choices now, as the screen shows them: one button per row and number."""
    from scoring.engine import get_game
    from scoring.qwixx_longo import ColorCross

    return {(a.row, crossed_number(state, a)) for a in get_game("qwixx-longo").legal(state, state.active)
            if isinstance(a, ColorCross)}


def many_colour_choices(state: Any) -> bool:
    """The active player chooses a colour, mid-game, among at least five crosses (the most buttons)."""
    return state.phase == "color" and state.turn >= 6 and len(color_choices(state)) >= 5


# position -> (reached when, the seat whose phone is looked at)
SEAT = {"after-roll": 0, "locked-row": 1, "roll": 0}
POSITIONS: dict[str, Callable[[Any], bool]] = {
    "after-roll": white_phase_with_crosses,
    "locked-row": locked_row,
    "roll": ana_rolls,
}
# not among the screenshots' positions: its seat is whoever is active then
COLOUR_PHASE = many_colour_choices


def prepare(db: pathlib.Path, which: str) -> str:
    """A table in ``db`` brought to position ``which``; its id."""
    from companion.store import Store
    from companion.table.table import Tables
    from scoring.engine import PlayerSpec

    store = Store(str(db))
    try:
        table = Tables(store).create("qwixx-longo", [PlayerSpec(name=n) for n in NAMES], OPTIONS)
        play_until(table, POSITIONS[which])
        return table.id
    finally:
        store.close()


