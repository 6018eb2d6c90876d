"""Verflixxt positions for phone-layout tests and screenshots: played through the real ``Table``
(the store's log) with a seeded die and seeded choices, so a fresh clone gets the same games every
time.

A busy roll is mid-game and offers as much as a turn can (eight buttons: figures, guards standing
with figures, the Wurminator after a 1 or 2), with two players (three figures each) and with
three (two each); the Wurminator's phase is a later turn after the normal move, with a bite."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

THREE = ("Ana", "Ben", "Cara")


def busy_roll(state: Any) -> bool:
    """Right after a roll: eight moves to choose from, the Wurminator among them."""
    from scoring.verflixxt import GAME, MoveWurminator

    if state.phase != "move":
        return False
    legal = GAME.legal(state)
    return len(legal) >= 8 and any(isinstance(a, MoveWurminator) for a in legal)


def wurm_phase_mid_game(state: Any) -> bool:
    """After the normal move of a later turn: the Wurminator may still move (or stay)."""
    from scoring.verflixxt import GAME, SkipWurminator

    return (state.phase == "wurminator" and sum(len(p) for p in state.piles) >= 3
            and any(isinstance(a, SkipWurminator) for a in GAME.legal(state)))


class Position(NamedTuple):
    names: tuple[str, ...]
    options: dict[str, Any]  # the standard layout
    done: Callable[[Any], bool]
    seed: int


POSITIONS = {
    "busy-two": Position(("Ana", "Ben"), {"wurminator": True}, busy_roll, 61),
    "busy-three": Position(THREE, {"figures_per_player": 2, "wurminator": True}, busy_roll, 55),
    "wurm-phase": Position(THREE, {"figures_per_player": 2, "wurminator": True}, wurm_phase_mid_game, 8),
}


def play_until(table: Any, done: Callable[[Any], bool], *, seed: int, limit: int = 400) -> None:
    """Roll a seeded die and let every seat pick a seeded legal move until ``done(state)``."""
    rng = random.Random(seed)
    game = table.game
    for _ in range(limit):
        state = table.state
        if done(state):
            return
        if state.phase == "over":
            break
        if state.phase == "roll":
            table.roll(None, [rng.randint(1, 6)])
            continue
        table.submit(rng.choice(game.legal(state)))
    raise AssertionError("position not reached")


def create(tables: Any, name: str) -> Any:
    """The table of ``POSITIONS[name]``, played up to its position."""
    from scoring.engine import PlayerSpec

    pos = POSITIONS[name]
    table = tables.create("verflixxt", [PlayerSpec(name=n) for n in pos.names], pos.options)
    play_until(table, pos.done, seed=pos.seed)
    return table
