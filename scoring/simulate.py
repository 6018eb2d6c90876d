"""Random complete games through the protocol only (OpenSpiel's random_sim idea).

Used by the property tests and the benchmark; the random source is injected.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring.dice import Dice
from scoring.engine import (
    Game,
    GameRecord,
    PlayerSpec,
    RecordedAction,
    Template,
    get_game,
    initial_state,
    new_record,
)

SPAN = 10  # a random entered number lies at most this far above its lowest allowed value


def concrete(game: Game[Any, Any], choice: Any, rng: random.Random) -> Any:
    """A legal action as it is played: a template gets random values from its allowed ranges."""
    if isinstance(choice, Template):
        return game.parse_action(choice.sample(rng, span=SPAN))
    return choice


@dataclass
class Played:
    record: GameRecord
    states: list[Any] = field(default_factory=list)
    steps: int = 0

    @property
    def final(self) -> Any:
        return self.states[-1]


def random_step(game: Game[Any, Any], state: Any, rng: random.Random, dice: Dice) -> Any:
    """One random legal action: a roll when the game waits for dice."""
    req = game.pending_roll(state)
    if req is not None:
        return game.roll_action(state, [dice.roll(d.sides)[0] for d in req.dice])
    options = game.legal(state)
    if not options:
        raise AssertionError(f"{game.id}: no legal action in a running game")
    return concrete(game, rng.choice(options), rng)


def play_random(
    game_id: str,
    players: list[PlayerSpec],
    options: dict[str, Any] | None,
    rng: random.Random,
    max_steps: int = 20_000,
    keep_states: bool = False,
    on_step: Callable[[Any, Any, Any], None] | None = None,
    policy: Callable[[Game[Any, Any], Any, random.Random, Dice], Any] | None = None,
) -> Played:
    game = get_game(game_id)
    record = new_record(game.id, players, options)
    state = initial_state(record)
    dice = Dice(rng)
    actions: list[RecordedAction] = []
    states = [state] if keep_states else []
    steps = 0
    step = policy or random_step
    while not game.is_over(state):
        if steps >= max_steps:
            raise AssertionError(f"{game.id}: game did not end within {max_steps} steps")
        action = step(game, state, rng, dice)
        new = game.apply(state, action)
        if on_step:
            on_step(state, action, new)
        actions.append(RecordedAction(seat=game.actor(state, action), action=game.dump_action(action)))
        state = new
        if keep_states:
            states.append(state)
        steps += 1
    if not keep_states:
        states = [state]
    return Played(record=record.model_copy(update={"actions": tuple(actions)}), states=states, steps=steps)
