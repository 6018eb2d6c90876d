"""A tiny game defined only inside tests/: a two-player dice race (the engine half).

Each turn the player to act rolls one six-sided die (through the chance
protocol: ``pending_roll`` → ``roll_action``) and then moves that many squares;
the first to reach the goal square wins. Rule ids: tr.roll (roll first, then
move), tr.turn (only the player whose turn it is acts), tr.goal (the end).
Nothing in companion/ knows this game: tests/companion/games/test_game_plugin.py
registers it through a fixture and plays it through the real app shell.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from scoring.engine import (
    DieSpec,
    Frozen,
    Game,
    PlayerResult,
    PlayerSpec,
    Result,
    RollRequest,
    places,
)
from scoring.errors import Refusal

GAME_ID = "tiny-race"

# refusal codes -> words (German first); registered with the game (see ui.register)
REFUSAL_TEXTS = {
    "tr_roll_first": {"de": "Zuerst muss {name} würfeln.", "en": "{name} must roll first."},
    "tr_move_first": {"de": "{name} hat schon gewürfelt und zieht jetzt.",
                      "en": "{name} has rolled already and moves now."},
    "tr_not_your_turn": {"de": "{name} ist nicht dran; am Zug ist {turn}.",
                         "en": "It is not {name}'s turn; {turn} is to act."},
    "tr_over": {"de": "Das Rennen ist schon vorbei.", "en": "The race is over already."},
}


class RaceOptions(Frozen):
    goal: int = Field(default=10, ge=3, le=30)


class RaceState(Frozen):
    names: tuple[str, ...]
    goal: int
    pos: tuple[int, ...]
    turn: int = 0
    die: int | None = None  # rolled and not moved yet


class Roll(Frozen):
    type: Literal["roll"] = "roll"
    by: int
    value: int = Field(ge=1, le=6)


class Move(Frozen):
    type: Literal["move"] = "move"
    by: int


Action = Annotated[Roll | Move, Field(discriminator="type")]


class TinyRace(Game[RaceOptions, RaceState]):
    id = GAME_ID
    title = "Tiny race"
    min_players = 2
    max_players = 2
    Options = RaceOptions
    State = RaceState
    Action = Action

    def start(self, options: RaceOptions, players: list[PlayerSpec]) -> RaceState:
        return RaceState(names=tuple(p.name for p in players), goal=options.goal, pos=(0,) * len(players))

    def pending_roll(self, state: RaceState) -> RollRequest | None:
        if self.is_over(state) or state.die is not None:
            return None
        return RollRequest(by=state.turn, dice=(DieSpec(name="w6", sides=6),))

    def roll_action(self, state: RaceState, values: list[int]) -> Roll:
        return Roll(by=state.turn, value=values[0])

    def legal(self, state: RaceState, seat: int | None = None) -> list[Move]:
        if self.is_over(state) or state.die is None or seat not in (None, state.turn):
            return []
        return [Move(by=state.turn)]

    def apply(self, state: RaceState, action: Roll | Move) -> RaceState:
        if self.is_over(state):
            raise Refusal("tr.goal", "tr_over")
        name = state.names[action.by] if 0 <= action.by < len(state.names) else "?"
        if action.by != state.turn:  # tr.turn
            raise Refusal("tr.turn", "tr_not_your_turn", name=name, turn=state.names[state.turn])
        if isinstance(action, Roll):
            if state.die is not None:  # tr.roll
                raise Refusal("tr.roll", "tr_move_first", name=name)
            return state.model_copy(update={"die": action.value})
        if state.die is None:  # tr.roll
            raise Refusal("tr.roll", "tr_roll_first", name=name)
        pos = list(state.pos)
        pos[action.by] = min(state.goal, pos[action.by] + state.die)
        return state.model_copy(update={"pos": tuple(pos), "die": None, "turn": (state.turn + 1) % len(pos)})

    def is_over(self, state: RaceState) -> bool:
        return any(p >= state.goal for p in state.pos)  # tr.goal

    def result(self, state: RaceState) -> Result:
        totals = list(state.pos)
        return Result(game=self.id, players=tuple(
            PlayerResult(seat=i, name=state.names[i], total=t, place=pl, breakdown={"squares": t})
            for i, (t, pl) in enumerate(zip(totals, places(totals)))))


GAME = TinyRace()
