"""Raus aus dem Verlies!: the referee for dice, gold, treasures, injuries, turns and exits.

The dungeon map lies on the table as cards; the app keeps no map. It records
what the table reports (a card drawn, a walk, an obstacle and its roll, a room
card, a fight, an exit) and enforces every ruling ``rv.*`` of RULINGS.md next
to its check.

A turn runs like this:

``start``   the current player either ``Recover`` s (rv.injury: an injured
            player's whole turn, the only legal action, shown in the events as
            ``recovered``), ``SitOut`` s (rv.penalty: the turn skipped after an
            unauthorised draw, shown as ``sat_out``) or chooses ``DrawCard`` /
            ``Walk`` (rv.turn).
``moved``   the figure stands on its card; the table enters what happens there.
            A card just drawn is first said to be a passage or a room
            (``LayCard``, rv.room), or an exit (``LayExit`` /
            ``ShuffleBackExit``, rv.exit), or drawn without being allowed
            (``UnauthorisedDraw``, rv.penalty). On a passage: its gold
            (``GainGold`` reason ``passage``, once per card, rv.gold) and
            ``Obstacle`` checks or ``DeclineObstacle``; in a new room: one
            ``RoomCard``, compulsory (rv.room: no ``EndTurn`` before it). Then
            ``Escape`` (rv.exit) or ``EndTurn``. ``UnauthorisedDraw`` also
            records a card drawn after a walk (rv.penalty).
``pending`` some outcomes wait for one decision before anything else:
            ``loss`` (rv.obstacle / rv.monster: ``LoseGold`` 3 or
            ``LoseTreasure(index)``), ``fight`` (a monster room card:
            ``Fight``), ``trap`` (a trap room card: ``Trap``), ``spoils`` (a
            won fight: ``GainTreasure`` reason ``monster``).
``chance``  a die is due (``pending_roll``): nothing but that roll
            (``roll_action`` -> ``RollDie``, by the seat that rolls) and
            bookkeeping until it is in.

Choices made here where the rules are silent (each documented at its check):

- Every die goes through chance: ``Obstacle``, ``Fight`` and a
  ``Trap`` with a check declare what is tried; the W6 then comes from
  ``pending_roll``/``roll_action`` (virtual or typed real dice), so replay
  never rolls. A fight is three actions: ``Fight`` (by the adventurer), the
  adventurer's W6, then the monster's W6 by ``monster_roller`` (another
  player; with one player, the player alone), on that seat's own phone. Gold
  a card gives by dice (W6, W3, 1+W6; rv.dice) is ``RollGold`` or a gold
  ``RoomCard`` with ``dice``, also rolled through chance.
- Records written before that carry their dice inside ``obstacle``,
  ``fight``, ``trap``, ``start_fight`` and ``monster_roll`` actions: they still
  parse and replay as the declaration followed by its roll(s) (``OLD_ACTIONS``).
- ``legal`` is exact: it asks the very checks ``apply`` makes, and gives
  ``engine.Template`` s (value ranges, choices) where the table enters a
  number, a name or a choice from the card.
- ``state.events`` holds what the last action caused (``kind``, like every
  game); ``state.log`` keeps the game's events for the screens' summary.
- Gold never goes below zero (rv.gold): a loss larger than the purse empties
  it. Every change is logged with its reason; the log keeps the amount asked
  and the amount actually moved, so the purse is always the sum of the log.
- After an injury or a failed/declined obstacle that blocks, the figure stops
  for the rest of the turn (no further check, room card, exit or escape).
- ``Walk(cards=0)`` is allowed: the figure stays, e.g. to retry a blocking
  obstacle (rv.obstacle "may retry next turn").
- The gold needed to leave (``exit_min_gold``) counts coins only: treasures
  stay hidden until the end (rv.treasure), so they do not open an exit.
- Corrections (``GainGold`` / ``LoseGold`` / ``GainTreasure`` /
  ``LoseTreasure`` with reason ``correction``) are bookkeeping: any seat, for
  its own purse, at any time until the end; they never pass the turn.
  ``legal`` never lists corrections (they would make every seat look "on
  turn"); apart from them ``legal`` lists exactly what ``apply`` accepts.
- rv.treasure: ``RevealTreasure`` is a move of the holder's own turn, once
  the move is made (phase ``moved``) and nothing is open (no die due, no
  pending loss, fight, trap or spoils); at the end ``_end`` turns every
  treasure face up.
- rv.room: an entry that belongs to one kind of card also says what the card
  just drawn is, when the table has not said it with ``LayCard``: passage gold
  or an obstacle make it a passage, a room card makes it a room, so records
  made before ``LayCard`` still replay (unless they hold what rv.room, rv.gold
  or rv.loss now refuse). Passage and room then exclude each other. An exit
  may lie on a passage: its passage gold is allowed.
- rv.gold / rv.penalty / rv.exit: a card shuffled back (an exit without enough
  gold, an unauthorised draw) gives back the passage gold taken from it (log
  reason ``shuffled_back``). It can be shuffled back only while nothing else
  happened on it (no obstacle tried, no room card, no exit laid, no injury):
  those entries are undone first. "Enough gold" for an exit is counted as at
  the draw, without the card's own passage gold.
- rv.loss: "3 gold or one treasure" is asked only of a player who has
  something: with coins only, ``LoseGold`` (3, down to zero at worst); with
  treasures only, ``LoseTreasure`` (the player picks which); with both, either.
  With nothing, no question: the event ``nothing_lost`` says so. A correction
  that leaves nothing ends an open loss the same way. A lost treasure leaves
  without being shown.
- rv.penalty: ``UnauthorisedDraw`` ends the turn; with ``penalty_turn`` =
  ``next`` the player's next turn is ``SitOut`` (after a recovery, if both are
  owed); with ``this`` nothing more. After ``DrawCard`` it is the card just
  drawn (until an obstacle, a room card or an exit was entered for it); after
  a ``Walk`` it is a card drawn though the player walked: nothing of it was
  laid, so only the penalty follows (whatever the walk met stays).
- rv.room: on a card laid as a room (``LayCard``) the turn does not end before
  its ``RoomCard`` and what that demands (fight, trap, a die) are entered.
- "Not your turn" is refused with rule ``rv.turn``.
- At the end every treasure is turned face up (rv.treasure, rv.end).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import BaseModel, Field, TypeAdapter, ValidationError, model_validator

from scoring.dice import Dice, w3_of_w6
from scoring.engine import (
    DieSpec,
    Frozen,
    Game,
    PlayerResult,
    PlayerSpec,
    Range,
    Result,
    RollRequest,
    Template,
    Text,
    first_error,
    places,
    register,
)
from scoring.errors import InvalidInput, Refusal
from scoring.log import Log
from scoring.texts import add_texts

GAME_ID = "raus-aus-dem-verlies"
NAME_MAX = 40
ATTR_MAX = 20
NUMBER_MAX = 40  # obstacle and monster numbers
GOLD_MAX = 1000  # one change of a purse, one treasure's value
PENALTY_GOLD = 3  # rv.obstacle / rv.monster: "3 gold or one treasure"

Color = Literal["red", "blue", "green"]
Attribute = Literal["strength", "mind", "dexterity"]
ObstacleKind = Literal["chasm", "acid_lake", "lava", "magic_barrier", "cave_in", "door", "wooden_bridge"]
RoomKind = Literal["gold", "monster", "trap"]
CardKind = Literal["passage", "room"]
GainReason = Literal["passage", "monster", "correction"]
DiceForm = Literal["w6", "w3", "1+w6"]  # rv.dice: how a card gives a number by dice
DICE_FORMS: tuple[DiceForm, ...] = ("w6", "w3", "1+w6")
LossReason = Literal["penalty", "correction"]

COLORS: tuple[Color, ...] = ("red", "blue", "green")
ATTRIBUTES: tuple[Attribute, ...] = ("strength", "mind", "dexterity")
# rv.obstacle: red, blue and green obstacles test strength, mind and dexterity.
ATTRIBUTE_OF: dict[str, Attribute] = {"red": "strength", "blue": "mind", "green": "dexterity"}
OBSTACLE_KINDS: tuple[ObstacleKind, ...] = (
    "chasm",
    "acid_lake",
    "lava",
    "magic_barrier",
    "cave_in",
    "door",
    "wooden_bridge",
)


class Failure(Frozen):
    """What a failed obstacle check does (rv.obstacle)."""

    injury: bool
    loss: bool  # 3 gold or one treasure, the player's choice
    passed: bool


# rv.obstacle: the kind alone decides the failure; any kind may come in any colour.
FAILURE: dict[str, Failure] = {
    "chasm": Failure(injury=True, loss=True, passed=True),
    "acid_lake": Failure(injury=True, loss=True, passed=True),
    "lava": Failure(injury=True, loss=True, passed=True),
    "magic_barrier": Failure(injury=False, loss=False, passed=False),
    "cave_in": Failure(injury=False, loss=False, passed=False),
    "door": Failure(injury=False, loss=False, passed=False),
    "wooden_bridge": Failure(injury=True, loss=False, passed=True),
}


# --- pure helpers for the screens -------------------------------------------------
def check_chance(value: int, number: int) -> Fraction:
    """rv.obstacle: chance that value + W6 ≥ number, exact over the six faces."""
    return Fraction(sum(1 for face in range(1, 7) if value + face >= number), 6)


def fight_chance(adventurer_value: int, monster_value: int) -> Fraction:
    """rv.monster: chance that the adventurer wins; reaching the monster's total wins."""
    wins = sum(
        1 for mine in range(1, 7) for theirs in range(1, 7) if adventurer_value + mine >= monster_value + theirs
    )
    return Fraction(wins, 36)


def dice_amount(form: DiceForm, face: int) -> int:
    """rv.dice: the number a card's dice form gives for one W6 face (W3 = W6 halved, rounded up)."""
    if form == "w3":
        return w3_of_w6(face)
    if not 1 <= face <= 6:
        raise ValueError(f"a W6 shows 1..6, not {face}")
    return face + (1 if form == "1+w6" else 0)


def deck_colors(n_players: int) -> tuple[Color, ...]:
    """rv.setup: the dungeon deck by player count: 1–2 red; 3 red+blue; 4+ red+blue+green."""
    if not 1 <= n_players <= 8:
        raise InvalidInput("player_count", game=GAME_ID, low=1, high=8, count=n_players)
    if n_players <= 2:
        return ("red",)
    if n_players == 3:
        return ("red", "blue")
    return ("red", "blue", "green")


def draw_start_player(n_players: int, dice: Dice) -> int:
    """rv.setup: the app draws the start player; the result goes into the options."""
    if not 1 <= n_players <= 8:
        raise InvalidInput("player_count", game=GAME_ID, low=1, high=8, count=n_players)
    return 0 if n_players == 1 else dice.roll(n_players)[0] - 1


# --- options ---------------------------------------------------------------------
class AdventurerSpec(Frozen):
    """rv.setup: a character card: its name and its three values."""

    character: str = Field(min_length=1, max_length=NAME_MAX)
    strength: int = Field(ge=0, le=ATTR_MAX)
    mind: int = Field(ge=0, le=ATTR_MAX)
    dexterity: int = Field(ge=0, le=ATTR_MAX)

    def value(self, attribute: str) -> int:
        value: int = getattr(self, attribute)
        return value


# rv.setup: placeholders for the eight character cards (the real names and values
# are not known here): the table edits them, the app remembers the edits.
PRESETS: tuple[AdventurerSpec, ...] = (
    AdventurerSpec(character="Abenteurer 1", strength=6, mind=3, dexterity=3),
    AdventurerSpec(character="Abenteurer 2", strength=3, mind=6, dexterity=3),
    AdventurerSpec(character="Abenteurer 3", strength=3, mind=3, dexterity=6),
    AdventurerSpec(character="Abenteurer 4", strength=5, mind=5, dexterity=2),
    AdventurerSpec(character="Abenteurer 5", strength=5, mind=2, dexterity=5),
    AdventurerSpec(character="Abenteurer 6", strength=2, mind=5, dexterity=5),
    AdventurerSpec(character="Abenteurer 7", strength=4, mind=4, dexterity=4),
    AdventurerSpec(character="Abenteurer 8", strength=4, mind=5, dexterity=3),
)


class Options(Frozen):
    adventurers: tuple[AdventurerSpec, ...] = Field(
        default=(), description="rv.setup: one character per seat, in seat order; empty = the presets in order"
    )
    start_player: int = Field(default=0, ge=0, le=7, description="rv.setup: the seat that begins")
    exit_min_gold: int = Field(default=0, ge=0, le=GOLD_MAX, description="rv.exit: coins needed to leave")
    penalty_turn: Literal["next", "this"] = Field(
        default="next",
        description=(
            "rv.penalty: after an unauthorised draw the next turn is skipped (next) or only this one is lost (this)"
        ),
    )


# --- state -----------------------------------------------------------------------
class Treasure(Frozen):
    """rv.treasure: drawn hidden, has a gold value, may be magic (M)."""

    name: str = Field(min_length=1, max_length=NAME_MAX)
    gold: int = Field(ge=0, le=GOLD_MAX)
    magic: bool = False
    hidden: bool = True


class Adventurer(Frozen):
    name: str
    character: str
    strength: int
    mind: int
    dexterity: int
    gold: int = 0
    treasures: tuple[Treasure, ...] = ()
    injured: bool = False  # rv.injury: lies down; the next turn is spent recovering
    sits_out: bool = False  # rv.penalty: drew without being allowed; the next turn is skipped
    escaped: bool = False

    def value(self, attribute: str) -> int:
        value: int = getattr(self, attribute)
        return value


class GoldChange(Frozen):
    """One line of the gold log: ``delta`` moved, ``asked`` as the table entered it (rv.gold)."""

    turn: int
    seat: int
    delta: int
    asked: int
    reason: Literal["passage", "room", "monster", "trap", "penalty", "shuffled_back", "correction"]


class Event(Frozen):
    """What an action caused (``state.events``: the last action's; ``state.log``: the game's).

    Never a hidden treasure's name or value.
    """

    turn: int
    seat: int
    kind: Literal[
        "recovered",
        "sat_out",
        "drew",
        "laid",
        "unauthorised",
        "walked",
        "obstacle",
        "declined",
        "room",
        "fight",
        "trap",
        "injured",
        "treasure",
        "treasure_lost",
        "nothing_lost",
        "revealed",
        "exit_laid",
        "exit_shuffled",
        "escaped",
        "turn_ended",
    ]
    detail: dict[str, int | str | bool] = Field(default_factory=dict)


class OpenFight(Frozen):
    """A fight declared (rv.monster); ``roll``: the adventurer's W6 once rolled, then the monster's is due."""

    monster_value: int
    attribute: str
    monster_roller: int
    roll: int | None = None


class Pending(Frozen):
    """A decision the current player must make before anything else."""

    kind: Literal["loss", "fight", "trap", "spoils"]
    seat: int
    cause: str  # the obstacle kind, "monster" or "trap"
    rule: str


class TurnSoFar(Frozen):
    """What the current player has done this turn."""

    move: Literal["draw", "walk"] | None = None
    cards: int = 0  # cards walked
    card: CardKind | None = None  # rv.room: what the card just drawn is, as the table says (or its first entry shows)
    passage_gold: int = 0  # rv.gold: the passage gold taken from the card just drawn (once)
    tried: bool = False  # an obstacle was tried or declined this turn
    room: RoomKind | None = None
    exit_laid: bool = False
    stopped: bool = False  # blocked by an obstacle or declined: the figure stays
    fights_won: int = 0


Phase = Literal["start", "moved", "over"]


class State(Frozen):
    options: Options
    players: tuple[Adventurer, ...]
    current: int
    turn_no: int = 1
    phase: Phase = "start"
    turn: TurnSoFar = TurnSoFar()
    pending: Pending | None = None
    exits_laid: int = 0  # exit cards on the table (rv.exit)
    escaped: tuple[int, ...] = ()  # seats in order of escape; each used one exit
    chance: Chance | None = None  # a die the table rolls now (pending_roll); nothing else until it is in
    gold_log: Log[GoldChange] = Field(default_factory=Log)  # append-only, O(1) per entry (scoring.log.Log)
    events: tuple[Event, ...] = ()  # what the last action caused (one convention for every game)
    log: Log[Event] = Field(default_factory=Log)  # every event of the game, for the screens' turn summary

    @property
    def free_exits(self) -> int:
        return self.exits_laid - len(self.escaped)


# --- actions ---------------------------------------------------------------------
class Recover(Frozen):
    """rv.injury: the injured player's whole turn; the figure stands up again."""

    type: Literal["recover"] = "recover"
    by: int


class DrawCard(Frozen):
    """rv.turn: draw a dungeon card, lay it and move onto it."""

    type: Literal["draw_card"] = "draw_card"
    by: int


class LayCard(Frozen):
    """rv.room: the table says what the card just drawn is: a passage (gold, obstacles) or a room (a room card)."""

    type: Literal["lay_card"] = "lay_card"
    by: int
    card: CardKind


class UnauthorisedDraw(Frozen):
    """rv.penalty: the card was drawn without being allowed (e.g. no open passage): it is shuffled back,
    the turn ends and (option ``penalty_turn``) the next turn is skipped."""

    type: Literal["unauthorised_draw"] = "unauthorised_draw"
    by: int


class SitOut(Frozen):
    """rv.penalty: the skipped turn after an unauthorised draw (the player's whole turn, like recovering)."""

    type: Literal["sit_out"] = "sit_out"
    by: int


class Walk(Frozen):
    """rv.turn: walk up to two cards in the laid dungeon (0 = stay, e.g. to retry)."""

    type: Literal["walk"] = "walk"
    by: int
    cards: int = Field(default=1, ge=0, le=2)


class GainGold(Frozen):
    """Coins into the purse: passage (just-laid card), monster (a won fight) or correction."""

    type: Literal["gain_gold"] = "gain_gold"
    by: int
    amount: int = Field(ge=1, le=GOLD_MAX)
    reason: GainReason


class LoseGold(Frozen):
    """Coins out of the purse (never below zero, rv.gold).

    Reason ``penalty``: the choice "3 gold" of a pending loss (amount 3);
    ``correction``: bookkeeping. (What a trap takes is part of ``Trap``.)
    """

    type: Literal["lose_gold"] = "lose_gold"
    by: int
    amount: int = Field(default=PENALTY_GOLD, ge=1, le=GOLD_MAX)
    reason: LossReason = "penalty"


class GainTreasure(Frozen):
    """rv.monster / rv.treasure: the treasure drawn for a won fight (or a correction)."""

    type: Literal["gain_treasure"] = "gain_treasure"
    by: int
    name: str = Field(min_length=1, max_length=NAME_MAX)
    gold: int = Field(ge=0, le=GOLD_MAX)
    magic: bool = False
    hidden: bool = True
    reason: Literal["monster", "correction"] = "monster"


class LoseTreasure(Frozen):
    """The choice "one treasure" of a pending loss (or a correction)."""

    type: Literal["lose_treasure"] = "lose_treasure"
    by: int
    index: int = Field(ge=0, le=99)
    reason: Literal["penalty", "correction"] = "penalty"


class RevealTreasure(Frozen):
    """rv.treasure: a treasure is shown when used."""

    type: Literal["reveal_treasure"] = "reveal_treasure"
    by: int
    index: int = Field(ge=0, le=99)


class Obstacle(Frozen):
    """rv.obstacle: try an obstacle: its kind, colour and number; the W6 comes through ``pending_roll``."""

    type: Literal["obstacle"] = "obstacle"
    by: int
    kind: ObstacleKind
    color: Color
    number: int = Field(ge=0, le=NUMBER_MAX)


class DeclineObstacle(Frozen):
    """rv.obstacle: the player does not try; the figure stays before it."""

    type: Literal["decline_obstacle"] = "decline_obstacle"
    by: int
    kind: ObstacleKind
    color: Color
    number: int = Field(ge=0, le=NUMBER_MAX)


class RoomCard(Frozen):
    """rv.room: the room card drawn on entering a just-laid room; ``gold`` for a gold card."""

    type: Literal["room_card"] = "room_card"
    by: int
    kind: RoomKind
    gold: int = Field(default=0, ge=0, le=GOLD_MAX)
    dice: DiceForm | None = None  # rv.dice: a gold card that gives its gold by dice (rolled through pending_roll)

    @model_validator(mode="after")
    def _gold_only_on_gold_cards(self) -> RoomCard:
        if self.kind == "gold" and (self.gold < 1) == (self.dice is None):
            raise ValueError("a gold room card names its gold (1 or more) or its dice, not both")
        if self.kind != "gold" and (self.gold or self.dice):
            raise ValueError("only a gold room card carries gold")
        return self


class RollGold(Frozen):
    """rv.dice / rv.gold: gold the card gives by dice (W6, W3, 1+W6): passage gold or a monster's gold.

    The W6 comes through ``pending_roll``; the amount then counts like ``GainGold``.
    """

    type: Literal["roll_gold"] = "roll_gold"
    by: int
    reason: Literal["passage", "monster"]
    dice: DiceForm


class RollDie(Frozen):
    """Chance (rv.dice): the W6 the table rolled for ``pending_roll``, by the seat it names."""

    type: Literal["roll"] = "roll"
    by: int
    value: int = Field(ge=1, le=6)


class Fight(Frozen):
    """rv.monster: a fight is declared; the adventurer's W6, then the monster's, come through ``pending_roll``.

    ``attribute``: the one on the monster card, or the player's pick where the
    card offers a choice. ``monster_roller``: the seat that rolls for the
    monster (another player; with one player, the player), on its own phone.
    """

    type: Literal["fight"] = "fight"
    by: int
    monster_value: int = Field(ge=0, le=NUMBER_MAX)
    attribute: Attribute
    monster_roller: int = Field(ge=0, le=7)


class Trap(Frozen):
    """rv.room: what a trap card says, as the table enters it.

    An optional check (``color`` and ``number`` together: value + W6 ≥ number
    escapes the trap; the W6 comes through ``pending_roll``); without a check,
    or when it fails, the trap takes ``lose_gold`` coins – or gold by dice
    (``lose_dice``: W6, W3, 1+W6, rv.dice; the W6 through ``pending_roll``) –,
    injures (``injury``) and/or opens the choice "3 gold or one treasure"
    (``loss_choice``).
    """

    type: Literal["trap"] = "trap"
    by: int
    color: Color | None = None
    number: int | None = Field(default=None, ge=0, le=NUMBER_MAX)
    lose_gold: int = Field(default=0, ge=0, le=GOLD_MAX)
    lose_dice: DiceForm | None = None  # rv.dice: the trap takes gold by dice instead of a typed number
    injury: bool = False
    loss_choice: bool = False

    @model_validator(mode="after")
    def _check_complete(self) -> Trap:
        if (self.color is None) != (self.number is None):
            raise ValueError("a trap check needs colour and number together")
        if self.lose_gold and self.lose_dice is not None:
            raise ValueError("a trap takes its gold as a number or by dice, not both")
        return self

    @property
    def has_check(self) -> bool:
        return self.number is not None


class LayExit(Frozen):
    """rv.exit: the card drawn is an exit (Omega); it is laid and the figure stands on it."""

    type: Literal["lay_exit"] = "lay_exit"
    by: int


class ShuffleBackExit(Frozen):
    """rv.exit: the card drawn is an exit, the player lacks the gold: shuffle it back; the turn ends."""

    type: Literal["shuffle_back_exit"] = "shuffle_back_exit"
    by: int


class Escape(Frozen):
    """rv.exit: leave the dungeon through a free exit; it collapses behind the player."""

    type: Literal["escape"] = "escape"
    by: int


class EndTurn(Frozen):
    type: Literal["end_turn"] = "end_turn"
    by: int


Action = Annotated[
    Recover
    | SitOut
    | DrawCard
    | LayCard
    | UnauthorisedDraw
    | Walk
    | GainGold
    | RollGold
    | RollDie
    | LoseGold
    | GainTreasure
    | LoseTreasure
    | RevealTreasure
    | Obstacle
    | DeclineObstacle
    | RoomCard
    | Fight
    | Trap
    | LayExit
    | ShuffleBackExit
    | Escape
    | EndTurn,
    Field(discriminator="type"),
]

ACTIONS = get_args(get_args(Action)[0])  # the classes of the union, for isinstance


class Chance(Frozen):
    """A chance node (``pending_roll``): the W6 that ``seat`` rolls now, and what it decides.

    ``obstacle``: the check of a declared obstacle; ``fight``: the adventurer's
    roll, ``monster``: the monster's (by the monster's roller); ``trap``: a
    trap's check; ``gold``: gold given by dice (``form``, rv.dice) for a
    passage, a gold room or a monster.
    """

    purpose: Literal["obstacle", "fight", "monster", "trap", "gold"]
    seat: int
    rule: str
    form: DiceForm = "w6"
    obstacle: Obstacle | None = None
    fight: OpenFight | None = None
    trap: Trap | None = None
    reason: Literal["passage", "room", "monster", "trap"] | None = None


State.model_rebuild()


# --- records made before the chance protocol (dice inside the actions) ------------------
class _OldObstacle(Frozen):
    type: Literal["obstacle"] = "obstacle"
    by: int
    kind: ObstacleKind
    color: Color
    number: int = Field(ge=0, le=NUMBER_MAX)
    roll: int = Field(ge=1, le=6)

    def parts(self) -> list[Any]:
        return [Obstacle(by=self.by, kind=self.kind, color=self.color, number=self.number),
                RollDie(by=self.by, value=self.roll)]


class _OldFight(Frozen):
    type: Literal["fight"] = "fight"
    by: int
    monster_value: int = Field(ge=0, le=NUMBER_MAX)
    attribute: Attribute
    roll: int = Field(ge=1, le=6)
    monster_roll: int = Field(ge=1, le=6)
    monster_roller: int = Field(ge=0, le=7)

    def parts(self) -> list[Any]:
        fight = Fight(by=self.by, monster_value=self.monster_value, attribute=self.attribute,
                      monster_roller=self.monster_roller)
        return [fight, RollDie(by=self.by, value=self.roll), RollDie(by=self.monster_roller, value=self.monster_roll)]


class _OldStartFight(Frozen):
    type: Literal["start_fight"] = "start_fight"
    by: int
    monster_value: int = Field(ge=0, le=NUMBER_MAX)
    attribute: Attribute
    roll: int = Field(ge=1, le=6)
    monster_roller: int = Field(ge=0, le=7)

    def parts(self) -> list[Any]:
        fight = Fight(by=self.by, monster_value=self.monster_value, attribute=self.attribute,
                      monster_roller=self.monster_roller)
        return [fight, RollDie(by=self.by, value=self.roll)]


class _OldMonsterRoll(Frozen):
    type: Literal["monster_roll"] = "monster_roll"
    by: int
    roll: int = Field(ge=1, le=6)

    def parts(self) -> list[Any]:
        return [RollDie(by=self.by, value=self.roll)]


class _OldTrap(Frozen):
    type: Literal["trap"] = "trap"
    by: int
    color: Color
    number: int = Field(ge=0, le=NUMBER_MAX)
    roll: int = Field(ge=1, le=6)
    lose_gold: int = Field(default=0, ge=0, le=GOLD_MAX)
    injury: bool = False
    loss_choice: bool = False

    def parts(self) -> list[Any]:
        trap = Trap(by=self.by, color=self.color, number=self.number, lose_gold=self.lose_gold, injury=self.injury,
                    loss_choice=self.loss_choice)
        return [trap, RollDie(by=self.by, value=self.roll)]


OLD_ACTIONS = (_OldObstacle, _OldFight, _OldStartFight, _OldMonsterRoll, _OldTrap)
_OLD_ADAPTERS = {
    "obstacle": TypeAdapter(_OldObstacle),
    "fight": TypeAdapter(_OldFight),
    "start_fight": TypeAdapter(_OldStartFight),
    "monster_roll": TypeAdapter(_OldMonsterRoll),
    "trap": TypeAdapter(_OldTrap),
}


def _old_form(data: Any) -> Any:
    """The adapter for an action written before the chance protocol (its dice inside), else None.

    Old records still replay: such an action is its declaration followed by its roll(s), with the
    very rules of the new actions. An old trap without a check wrote ``"roll": null``: that is new-style.
    """
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if kind in ("start_fight", "monster_roll"):
        return _OLD_ADAPTERS[kind]
    if kind in ("obstacle", "fight", "trap") and (data.get("roll") is not None or "monster_roll" in data):
        return _OLD_ADAPTERS[kind]
    return None


# --- refusal texts ------------------------------------------------------------------
add_texts(
    {
        "rv_not_your_turn": {"de": "{name} ist am Zug.", "en": "It is {name}'s turn."},
        "rv_must_recover": {
            "de": "{name} ist verletzt und erholt sich diesen ganzen Zug.",
            "en": "{name} is injured and spends this whole turn recovering.",
        },
        "rv_not_injured": {"de": "{name} ist nicht verletzt.", "en": "{name} is not injured."},
        "rv_must_sit_out": {
            "de": "{name} hat unberechtigt eine Karte gezogen und setzt diesen ganzen Zug aus.",
            "en": "{name} drew a card without being allowed and sits out this whole turn.",
        },
        "rv_no_sit_out": {"de": "{name} muss nicht aussetzen.", "en": "{name} does not have to sit out."},
        "rv_walked_no_draw": {
            "de": "Nach dem Laufen zieht {name} in diesem Zug keine Karte. Wurde doch eine gezogen: "
                  "„Unberechtigt gezogen“ eintragen.",
            "en": "After walking, {name} draws no card this turn. If one was drawn anyway: "
                  "enter “Drawn without being allowed”.",
        },
        "rv_room_card_first": {
            "de": "{name} hat einen Raum gelegt: erst die Raumkarte eintragen (Gold, Monster oder Falle), "
                  "dann endet der Zug.",
            "en": "{name} laid a room: enter its room card first (gold, monster or trap), then the turn ends.",
        },
        "rv_reveal_own_turn": {
            "de": "Einen Schatz zeigt {name} nur im eigenen Zug; jetzt ist {current} am Zug.",
            "en": "{name} shows a treasure only in their own turn; it is {current}'s turn now.",
        },
        "rv_reveal_after_move": {
            "de": "Einen Schatz zeigt {name} erst, wenn der Zug gemacht ist (Karte gezogen oder gelaufen).",
            "en": "{name} shows a treasure only once the move is made (a card drawn or a walk).",
        },
        "rv_reveal_after_roll": {
            "de": "Zuerst wird gewürfelt; danach kann {name} einen Schatz zeigen.",
            "en": "The die comes first; then {name} may show a treasure.",
        },
        "rv_reveal_after_loss": {
            "de": "Zuerst wird der Verlust bezahlt; danach kann {name} einen Schatz zeigen.",
            "en": "The loss is paid first; then {name} may show a treasure.",
        },
        "rv_reveal_after_fight": {
            "de": "Zuerst wird der Kampf eingetragen; danach kann {name} einen Schatz zeigen.",
            "en": "The fight is entered first; then {name} may show a treasure.",
        },
        "rv_reveal_after_trap": {
            "de": "Zuerst wird die Falle eingetragen; danach kann {name} einen Schatz zeigen.",
            "en": "The trap is entered first; then {name} may show a treasure.",
        },
        "rv_reveal_after_spoils": {
            "de": "Zuerst wird der Schatz des Monsters gezogen; danach kann {name} einen Schatz zeigen.",
            "en": "The monster's treasure is drawn first; then {name} may show a treasure.",
        },
        "rv_shuffle_too_late": {
            "de": (
                "Auf der Karte ist schon etwas geschehen (Hindernis, Raumkarte oder Ausgang): "
                "erst rückgängig machen, dann zurückmischen."
            ),
            "en": (
                "Something already happened on the card (obstacle, room card or exit): "
                "undo it first, then shuffle back."
            ),
        },
        "rv_lay_needs_draw": {
            "de": "Als Gang oder Raum wird nur die gerade gezogene Karte gelegt.",
            "en": "Only the card just drawn is laid as a passage or a room.",
        },
        "rv_card_said": {
            "de": "Was die gezogene Karte ist, steht schon fest.",
            "en": "What the card drawn is has already been said.",
        },
        "rv_card_is_passage": {
            "de": "Die gezogene Karte ist ein Gang: kein Raum, keine Raumkarte.",
            "en": "The card drawn is a passage: not a room, no room card.",
        },
        "rv_card_is_room": {
            "de": "Die gezogene Karte ist ein Raum: kein Gold im Gang, keine Hindernisse.",
            "en": "The card drawn is a room: no passage gold, no obstacles.",
        },
        "rv_passage_gold_once": {
            "de": "Das Gold dieses Gangs ist schon genommen ({gold}).",
            "en": "This passage's gold has already been taken ({gold}).",
        },
        "rv_loss_no_coins": {
            "de": "{name} hat keine Münzen: es geht ein Schatz, {name} wählt welchen.",
            "en": "{name} has no coins: a treasure goes, {name} picks which.",
        },
        "rv_loss_no_treasure": {
            "de": "{name} hat keinen Schatz: es gehen bis zu 3 Gold.",
            "en": "{name} has no treasure: up to 3 gold go.",
        },
        "rv_decide_loss_gold": {
            "de": "Zuerst gibt {name} {gold} Gold ab.",
            "en": "{name} must first give up {gold} gold.",
        },
        "rv_decide_loss_treasure": {
            "de": "Zuerst gibt {name} einen Schatz ab.",
            "en": "{name} must first give up a treasure.",
        },
        "rv_recover_next_turn": {
            "de": "{name} erholt sich erst im nächsten ganzen Zug.",
            "en": "{name} recovers during the next whole turn.",
        },
        "rv_not_on_exit": {
            "de": "Die gezogene Karte ist kein Ausgang: entkommen geht nur von einem Ausgang.",
            "en": "The card drawn is not an exit: one escapes only from an exit.",
        },
        "rv_already_moved": {
            "de": "Diesen Zug wurde schon gezogen oder gelaufen.",
            "en": "A card was already drawn or a walk made this turn.",
        },
        "rv_move_first": {
            "de": "Zuerst eine Karte ziehen oder laufen.",
            "en": "First draw a card or walk.",
        },
        "rv_decide_loss": {
            "de": "Zuerst wählt {name}: 3 Gold oder ein Schatz.",
            "en": "{name} must choose first: 3 gold or one treasure.",
        },
        "rv_decide_fight": {
            "de": "Zuerst kämpft {name} gegen das Monster.",
            "en": "{name} must fight the monster first.",
        },
        "rv_decide_trap": {
            "de": "Zuerst wird die Falle von {name} eingetragen.",
            "en": "First enter what {name}'s trap does.",
        },
        "rv_decide_monster_roll": {
            "de": "Zuerst würfelt {name} für das Monster.",
            "en": "{name} must first roll for the monster.",
        },
        "rv_monster_roll_by": {
            "de": "Für das Monster würfelt {name}.",
            "en": "{name} rolls for the monster.",
        },
        "rv_roll_first": {
            "de": "Zuerst würfelt {name} ({purpose}).",
            "en": "{name} must roll first ({purpose}).",
        },
        "rv_roll_by": {
            "de": "Diesen Wurf ({purpose}) würfelt {name}.",
            "en": "{name} makes this roll ({purpose}).",
        },
        "rv_bad_roll": {
            "de": "Ein W6 zeigt 1 bis 6, nicht {value}.",
            "en": "A d6 shows 1 to 6, not {value}.",
        },
        "rv_decide_spoils": {
            "de": "Zuerst zieht {name} den Schatz des Monsters.",
            "en": "{name} must first draw the monster's treasure.",
        },
        "rv_no_loss_pending": {
            "de": "Gerade ist kein Verlust zu wählen.",
            "en": "There is no loss to choose now.",
        },
        "rv_penalty_is_three": {
            "de": "Der Verlust ist {gold} Gold oder ein Schatz, nicht {amount}.",
            "en": "The loss is {gold} gold or one treasure, not {amount}.",
        },
        "rv_passage_gold_new_card": {
            "de": "Gold im Gang zählt nur auf einer gerade gelegten Karte.",
            "en": "Passage gold only counts on a card just laid.",
        },
        "rv_old_room_empty": {
            "de": "Ein früher gelegter Raum ist leer: keine Raumkarte.",
            "en": "A room laid earlier is empty: no room card.",
        },
        "rv_one_card_per_draw": {
            "de": "Die gezogene Karte ist schon bestimmt (Raum oder Ausgang).",
            "en": "The card drawn is already settled (room or exit).",
        },
        "rv_figure_lies": {
            "de": "{name} ist verletzt und liegt: die Figur bewegt sich nicht mehr.",
            "en": "{name} is injured and lies down: the figure moves no further.",
        },
        "rv_figure_stopped": {
            "de": "Das Hindernis wurde nicht überwunden: die Figur kommt diesen Zug nicht weiter.",
            "en": "The obstacle was not passed: the figure gets no further this turn.",
        },
        "rv_no_fight_won": {
            "de": "Monsterbeute gibt es nur nach einem gewonnenen Kampf in diesem Zug.",
            "en": "Monster spoils only follow a fight won this turn.",
        },
        "rv_no_monster": {"de": "Gerade ist kein Monster zu bekämpfen.", "en": "There is no monster to fight now."},
        "rv_no_trap": {"de": "Gerade ist keine Falle offen.", "en": "There is no trap open now."},
        "rv_monster_roller": {
            "de": "Für das Monster würfelt ein anderer Spieler, nicht {name}.",
            "en": "Another player rolls for the monster, not {name}.",
        },
        "rv_no_such_seat": {"de": "Es gibt keinen Platz {seat}.", "en": "There is no seat {seat}."},
        "rv_no_such_treasure": {
            "de": "{name} hat keinen Schatz Nr. {number}.",
            "en": "{name} has no treasure no. {number}.",
        },
        "rv_treasure_shown": {
            "de": "Dieser Schatz liegt schon offen.",
            "en": "This treasure is already face up.",
        },
        "rv_no_free_exit": {
            "de": "Kein freier Ausgang: durch jeden Ausgang entkommt nur ein Spieler.",
            "en": "No free exit: each exit lets only one player escape.",
        },
        "rv_not_enough_gold": {
            "de": "Zum Entkommen braucht es {need} Gold, {name} hat {have}.",
            "en": "Escaping needs {need} gold, {name} has {have}.",
        },
        "rv_enough_gold_to_leave": {
            "de": "{name} hat genug Gold: der Ausgang wird nicht zurückgemischt.",
            "en": "{name} has enough gold: the exit is not shuffled back.",
        },
        "rv_exit_needs_draw": {
            "de": "Ein Ausgang kommt nur als gerade gezogene Karte ins Spiel.",
            "en": "An exit only comes into play as the card just drawn.",
        },
        "rv_escaped": {"de": "{name} ist schon entkommen.", "en": "{name} has already escaped."},
        "rv_same_character": {
            "de": "Jeder Charakter nur einmal: {character}.",
            "en": "Each character only once: {character}.",
        },
        "rv_adventurer_count": {
            "de": "Für {players} Spieler {players} Abenteurer angeben, nicht {given}.",
            "en": {"count": "players", "one": "Give {players} adventurer for {players} player, not {given}.",
                   "other": "Give {players} adventurers for {players} players, not {given}."},
        },
        "rv_start_player": {
            "de": "Startspieler {seat} gibt es nicht (Plätze 0 bis {last}).",
            "en": "There is no start seat {seat} (seats 0 to {last}).",
        },
        "rv_negative_gold": {
            "de": "Gold kann nicht unter null sein ({name}: {gold}).",
            "en": "Gold cannot be below zero ({name}: {gold}).",
        },
        "rv_treasure_value": {
            "de": "Jeder Schatz braucht einen Goldwert ab 0 ({name}: {treasure}).",
            "en": "Every treasure needs a gold value of 0 or more ({name}: {treasure}).",
        },
        "rv_left_behind": {
            "de": "Genau ein Spieler bleibt im Verlies zurück, nicht {count}.",
            "en": "Exactly one player stays behind in the dungeon, not {count}.",
        },
        "rv_alone_escapes": {
            "de": "Allein endet das Spiel erst, wenn {name} entkommen ist.",
            "en": "Alone, the game only ends when {name} has escaped.",
        },
    }
)

# --- the game ------------------------------------------------------------------------
class Verlies(Game[Options, State]):
    id = GAME_ID
    title = "Raus aus dem Verlies!"
    event_figures = {"injured": "injuries"}  # statistics: injuries per player
    min_players = 1
    max_players = 8

    # --- setup ---------------------------------------------------------------
    def check_options(self, options: Options, players: list[PlayerSpec]) -> None:
        n = len(players)
        if options.adventurers and len(options.adventurers) != n:
            raise InvalidInput("rv_adventurer_count", rule="rv.setup", players=n, given=len(options.adventurers))
        seen: set[str] = set()
        for adv in options.adventurers:
            if adv.character in seen:  # rv.setup: each of the eight cards is taken once
                raise InvalidInput("rv_same_character", rule="rv.setup", character=adv.character)
            seen.add(adv.character)
        if options.start_player >= n:
            raise InvalidInput("rv_start_player", rule="rv.setup", seat=options.start_player, last=n - 1)

    def start(self, options: Options, players: list[PlayerSpec]) -> State:
        specs = options.adventurers or PRESETS[: len(players)]
        return State(
            options=options,
            players=tuple(
                Adventurer(
                    name=p.name,
                    character=s.character,
                    strength=s.strength,
                    mind=s.mind,
                    dexterity=s.dexterity,
                )
                for p, s in zip(players, specs, strict=True)  # check_options: one card per player
            ),
            current=options.start_player,
        )

    # --- chance: every die goes through pending_roll / roll_action (rv.dice) -------------
    def pending_roll(self, state: State) -> RollRequest | None:
        """The W6 the table rolls now: an obstacle check, a fight (adventurer, then monster), a trap, gold by dice.

        ``dice[0].name`` is the card's form (``w6``, ``w3``: a W6 halved, ``1+w6``); the die rolled is a W6.
        """
        c = state.chance
        if c is None or state.phase == "over":
            return None
        return RollRequest(by=c.seat, dice=(DieSpec(name=c.form, sides=6),), purpose=c.purpose)

    def roll_action(self, state: State, values: list[int]) -> RollDie:
        req = self.pending_roll(state)
        if req is None:
            raise Refusal("rv.dice", "no_roll_now")
        if len(values) != 1 or isinstance(values[0], bool) or not isinstance(values[0], int) or not 1 <= values[0] <= 6:
            shown = str(values[0] if len(values) == 1 else list(values))[:12]
            raise InvalidInput("rv_bad_roll", rule="rv.dice", value=shown)
        return RollDie(by=req.by, value=values[0])

    # --- legal actions: exactly what apply accepts (the very checks apply makes) ------------
    def legal(self, state: State, seat: int | None = None) -> list[Any]:
        """What the player on turn may do now; ``Template`` s where the table enters a value.

        Corrections are never listed (any seat, any time: they would make every
        seat look "on turn"); everything else ``apply`` accepts is listed, no more
        and no less. Nothing while a die is due (``pending_roll``).
        """
        me = state.current
        if state.phase == "over" or state.chance is not None or (seat is not None and seat != me):
            return []
        p = state.players[me]
        if state.pending is not None:
            return self._legal_pending(state, state.pending, me)
        if state.phase == "start":
            if p.injured:
                return [Recover(by=me)]  # rv.injury: the only action
            if p.sits_out:
                return [SitOut(by=me)]  # rv.penalty: the skipped turn
            return [DrawCard(by=me), Walk(by=me, cards=0), Walk(by=me, cards=1), Walk(by=me, cards=2)]
        return self._legal_moved(state, me)

    def _legal_moved(self, state: State, me: int) -> list[Any]:
        by = {"by": me}
        out: list[Any] = []
        if _passes(self._check_lay_card, state):
            out += [LayCard(by=me, card="passage"), LayCard(by=me, card="room")]
        if _passes(self._check_shuffle_back, state, "rv.penalty"):
            out.append(UnauthorisedDraw(by=me))
        if _passes(self._check_passage_gold, state):
            out += _gold_templates({**by, "reason": "passage"})
        if _passes(self._check_room_card, state):
            out += [
                Template(
                    action_type="room_card", fixed={**by, "kind": "gold"}, fields={"gold": Range(lo=1, hi=GOLD_MAX)}
                ),
                Template(action_type="room_card", fixed={**by, "kind": "gold"}, fields={"dice": DICE_FORMS}),
                RoomCard(by=me, kind="monster"),
                RoomCard(by=me, kind="trap"),
            ]
        if _passes(self._drawn_card_unsettled, state):
            out.append(LayExit(by=me))
        if _passes(self._check_shuffle_back_exit, state):
            out.append(ShuffleBackExit(by=me))
        if _passes(self._check_monster_gold, state):
            out += _gold_templates({**by, "reason": "monster"})
        if _passes(self._check_obstacle, state):
            fields = {"kind": OBSTACLE_KINDS, "color": COLORS, "number": Range(lo=0, hi=NUMBER_MAX)}
            out += [Template(action_type="obstacle", fixed=by, fields=fields),
                    Template(action_type="decline_obstacle", fixed=by, fields=fields)]
        if _passes(self._check_escape, state):
            out.append(Escape(by=me))
        reveals = [RevealTreasure(by=me, index=i) for i in range(len(state.players[me].treasures))]
        out += [a for a in reveals if _passes(self._check_reveal, state, a)]
        if _passes(self._check_end_turn, state):
            out.append(EndTurn(by=me))
        return out

    def _legal_pending(self, state: State, pend: Pending, me: int) -> list[Any]:
        p = state.players[me]
        by = {"by": me}
        if pend.kind == "loss":  # rv.loss: only what the player has
            coins = [LoseGold(by=me)] if p.gold else []
            return coins + [LoseTreasure(by=me, index=i) for i in range(len(p.treasures))]
        if pend.kind == "fight":  # rv.monster: another player rolls for the monster (alone: the player)
            n = len(state.players)
            rollers = tuple(s for s in range(n) if s != me) or (me,)
            fields = {"monster_value": Range(lo=0, hi=NUMBER_MAX), "attribute": ATTRIBUTES, "monster_roller": rollers}
            return [Template(action_type="fight", fixed=by, fields=fields)]
        if pend.kind == "trap":  # rv.room: what the trap card says, with or without a check
            effects: dict[str, Any] = {"lose_gold": Range(lo=0, hi=GOLD_MAX), "injury": (False, True),
                                       "loss_choice": (False, True)}
            check = {"color": COLORS, "number": Range(lo=0, hi=NUMBER_MAX)}
            dice = {"lose_dice": DICE_FORMS, **{k: v for k, v in effects.items() if k != "lose_gold"}}
            return [  # the typed loss first (the panel takes the first of each), then gold by dice (rv.dice)
                Template(action_type="trap", fixed=by, fields=effects),
                Template(action_type="trap", fixed=by, fields={**check, **effects}),
                Template(action_type="trap", fixed=by, fields=dice),
                Template(action_type="trap", fixed=by, fields={**check, **dice}),
            ]
        # spoils: the treasure drawn for the won fight (rv.monster, rv.treasure); the monster's gold, if any
        treasure = {"name": Text(max_length=NAME_MAX), "gold": Range(lo=0, hi=GOLD_MAX), "magic": (False, True),
                    "hidden": (True, False)}
        return [Template(action_type="gain_treasure", fixed={**by, "reason": "monster"}, fields=treasure),
                *_gold_templates({**by, "reason": "monster"})]

    # --- apply ----------------------------------------------------------------------
    def parse_action(self, data: Any) -> Any:
        if isinstance(data, OLD_ACTIONS):
            return data
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json")
        old = _old_form(data)
        if old is None:
            if isinstance(data, dict) and data.get("type") == "trap" and "roll" in data:
                data = {k: v for k, v in data.items() if k != "roll"}  # an old trap without a check
            return super().parse_action(data)
        try:
            return old.validate_python(data)
        except ValidationError as exc:
            raise InvalidInput("bad_action", detail=first_error(exc)) from None

    def dump_action(self, action: Any) -> dict[str, Any]:
        if isinstance(action, OLD_ACTIONS):
            return action.model_dump(mode="json")
        return super().dump_action(action)

    def apply(self, state: State, action: Any) -> State:
        if not isinstance(action, ACTIONS + OLD_ACTIONS):
            action = self.parse_action(action)  # a dict, or another game's action: parsed at the edge
        state = state.model_copy(update={"events": ()})  # events: what this action causes
        if isinstance(action, OLD_ACTIONS):  # an old record: the declaration, then its roll(s)
            for part in action.parts():
                state = self._apply(state, part)
            return state
        return self._apply(state, action)

    def _apply(self, state: State, action: Any) -> State:
        if state.phase == "over":
            raise Refusal("rv.end", "game_over")
        n = len(state.players)
        if not 0 <= action.by < n:
            raise InvalidInput("rv_no_such_seat", seat=action.by)
        if self._is_bookkeeping(action):
            return self._bookkeeping(state, action)
        if isinstance(action, RevealTreasure):  # rv.treasure: when it may be shown, in its own words
            return self._do_reveal_treasure(state, action)
        me = state.current
        c = state.chance
        if c is not None:  # rv.dice: only the die now, by the seat that rolls it
            roller = state.players[c.seat].name
            if not isinstance(action, RollDie):
                if c.purpose == "monster":
                    raise Refusal("rv.monster", "rv_decide_monster_roll", name=roller)
                raise Refusal(c.rule, "rv_roll_first", name=roller, purpose=c.purpose)
            if action.by != c.seat:
                if c.purpose == "monster":
                    raise Refusal("rv.monster", "rv_monster_roll_by", name=roller)
                raise Refusal(c.rule, "rv_roll_by", name=roller, purpose=c.purpose)
            return self._do_roll(state, c, action)
        if isinstance(action, RollDie):
            raise Refusal("rv.dice", "no_roll_now")
        if action.by != me:
            raise Refusal("rv.turn", "rv_not_your_turn", name=state.players[me].name)
        if state.pending is not None:
            return self._resolve(state, state.pending, action)
        return self._handler(action)(state, action)

    @staticmethod
    def _is_bookkeeping(action: Any) -> bool:
        return getattr(action, "reason", None) == "correction"

    # --- bookkeeping: any seat, any time until the end -------------------------------
    def _bookkeeping(self, state: State, a: Any) -> State:
        state = self._bookkeeping_change(state, a)
        pend = state.pending
        if pend is not None and pend.kind == "loss" and pend.seat == a.by and _has_nothing(state.players[a.by]):
            # rv.loss: with nothing left, nothing is lost and nobody is asked
            state = state.model_copy(update={"pending": None})
            state = _event(state, a.by, "nothing_lost", cause=pend.cause)
        return state

    def _bookkeeping_change(self, state: State, a: Any) -> State:
        if isinstance(a, GainGold):
            return _gold(state, a.by, a.amount, "correction")
        if isinstance(a, LoseGold):
            return _gold(state, a.by, -a.amount, "correction")
        if isinstance(a, GainTreasure):
            return _gain_treasure(state, a)
        if isinstance(a, LoseTreasure):
            self._treasure(state, a.by, a.index)
            return _lose_treasure(state, a.by, a.index, "correction")
        raise AssertionError(a)

    # --- rv.treasure: shown in the holder's own turn, once the move is made and nothing is open -------
    def _check_reveal(self, state: State, a: RevealTreasure) -> Treasure:
        p = state.players[a.by]
        if a.by != state.current:
            raise Refusal("rv.treasure", "rv_reveal_own_turn", name=p.name, current=state.players[state.current].name)
        if state.phase != "moved":
            raise Refusal("rv.treasure", "rv_reveal_after_move", name=p.name)
        if state.chance is not None:
            raise Refusal("rv.treasure", "rv_reveal_after_roll", name=p.name)
        if state.pending is not None:
            raise Refusal("rv.treasure", "rv_reveal_after_" + state.pending.kind, name=p.name)
        tr = self._treasure(state, a.by, a.index)
        if not tr.hidden:
            raise Refusal("rv.treasure", "rv_treasure_shown")
        return tr

    def _do_reveal_treasure(self, state: State, a: RevealTreasure) -> State:
        tr = self._check_reveal(state, a)
        treasures = _replace_at(state.players[a.by].treasures, a.index, tr.model_copy(update={"hidden": False}))
        state = _set_player(state, a.by, treasures=treasures)
        return _event(state, a.by, "revealed", index=a.index)

    @staticmethod
    def _treasure(state: State, seat: int, index: int) -> Treasure:
        p = state.players[seat]
        if index >= len(p.treasures):
            raise Refusal("rv.treasure", "rv_no_such_treasure", name=p.name, number=index)
        return p.treasures[index]

    # --- a pending decision comes first -------------------------------------------
    def _resolve(self, state: State, pend: Pending, a: Any) -> State:
        me = state.current
        accepted = {
            "loss": (LoseGold, LoseTreasure),
            "fight": (Fight,),
            "trap": (Trap,),
            "spoils": (GainTreasure, GainGold, RollGold),
        }[pend.kind]
        p = state.players[me]
        if not isinstance(a, accepted) or (isinstance(a, (GainGold, RollGold)) and a.reason != "monster"):
            if pend.kind == "loss" and not p.treasures:
                raise Refusal(pend.rule, "rv_decide_loss_gold", name=p.name, gold=min(PENALTY_GOLD, p.gold))
            if pend.kind == "loss" and not p.gold:
                raise Refusal(pend.rule, "rv_decide_loss_treasure", name=p.name)
            raise Refusal(pend.rule, "rv_decide_" + pend.kind, name=p.name)
        if pend.kind == "loss":
            if isinstance(a, LoseGold):
                if a.amount != PENALTY_GOLD:
                    raise Refusal("rv.loss", "rv_penalty_is_three", gold=PENALTY_GOLD, amount=a.amount)
                if not p.gold:  # rv.loss: no coins, so a treasure goes
                    raise Refusal("rv.loss", "rv_loss_no_coins", name=p.name)
                state = state.model_copy(update={"pending": None})
                return _gold(state, me, -PENALTY_GOLD, "penalty")  # rv.loss / rv.gold: coins down to zero at worst
            assert isinstance(a, LoseTreasure)  # the other action a loss accepts
            if not p.treasures:  # rv.loss: no treasure, so coins go
                raise Refusal("rv.loss", "rv_loss_no_treasure", name=p.name)
            self._treasure(state, me, a.index)
            state = state.model_copy(update={"pending": None})
            return _lose_treasure(state, me, a.index, "penalty")
        if pend.kind == "spoils" and isinstance(a, GainGold):
            return self._do_gain_gold(state, a)  # monster gold; the treasure is still to come
        if pend.kind == "spoils" and isinstance(a, RollGold):
            return self._do_roll_gold(state, a)
        return self._handler(a)(state, a)

    def _handler(self, a: Any) -> Callable[[State, Any], State]:
        """The ``_do_<type>`` method that plays an action of that type."""
        handler: Callable[[State, Any], State] = getattr(self, "_do_" + a.type)
        return handler

    # --- the turn ---------------------------------------------------------------------
    def _do_recover(self, state: State, a: Recover) -> State:
        p = state.players[a.by]
        if state.phase != "start":  # injured during this turn: the next turn is the one spent recovering
            raise Refusal("rv.injury", "rv_recover_next_turn", name=p.name)
        if not p.injured:
            raise Refusal("rv.injury", "rv_not_injured", name=p.name)
        state = _set_player(state, a.by, injured=False)
        state = _event(state, a.by, "recovered")
        return _next_turn(state)

    def _do_sit_out(self, state: State, a: SitOut) -> State:
        p = state.players[a.by]
        if state.phase != "start" or not p.sits_out:
            raise Refusal("rv.penalty", "rv_no_sit_out", name=p.name)
        if p.injured:  # rv.injury first: this turn is spent recovering, the skipped one comes next
            raise Refusal("rv.injury", "rv_must_recover", name=p.name)
        state = _set_player(state, a.by, sits_out=False)
        state = _event(state, a.by, "sat_out")
        return _next_turn(state)

    def _start_move(self, state: State, a: Any) -> None:
        p = state.players[a.by]
        if state.phase != "start":
            if isinstance(a, DrawCard) and state.turn.move == "walk":  # rv.penalty records such a draw
                raise Refusal("rv.turn", "rv_walked_no_draw", name=p.name)
            raise Refusal("rv.turn", "rv_already_moved")
        if p.injured:  # rv.injury: no card drawn, no move
            raise Refusal("rv.injury", "rv_must_recover", name=p.name)
        if p.sits_out:  # rv.penalty: the skipped turn
            raise Refusal("rv.penalty", "rv_must_sit_out", name=p.name)

    def _do_draw_card(self, state: State, a: DrawCard) -> State:
        self._start_move(state, a)
        state = state.model_copy(update={"phase": "moved", "turn": TurnSoFar(move="draw")})
        return _event(state, a.by, "drew")

    def _do_walk(self, state: State, a: Walk) -> State:
        self._start_move(state, a)
        state = state.model_copy(update={"phase": "moved", "turn": TurnSoFar(move="walk", cards=a.cards)})
        return _event(state, a.by, "walked", cards=a.cards)

    def _moved(self, state: State) -> None:
        if state.phase != "moved":
            p = state.players[state.current]
            if p.injured:
                raise Refusal("rv.injury", "rv_must_recover", name=p.name)
            if p.sits_out:
                raise Refusal("rv.penalty", "rv_must_sit_out", name=p.name)
            raise Refusal("rv.turn", "rv_move_first")

    def _can_go_on(self, state: State, rule_if_stopped: str = "rv.obstacle") -> None:
        """The figure may still move: not lying (rv.injury), not stopped by an obstacle."""
        self._moved(state)
        p = state.players[state.current]
        if p.injured:
            raise Refusal("rv.injury", "rv_figure_lies", name=p.name)
        if state.turn.stopped:
            raise Refusal(rule_if_stopped, "rv_figure_stopped")

    # --- the card just drawn: passage or room (rv.room), or drawn without being allowed (rv.penalty) ---
    def _check_lay_card(self, state: State) -> None:
        self._moved(state)
        t = state.turn
        if t.move != "draw":
            raise Refusal("rv.room", "rv_lay_needs_draw")
        if t.exit_laid:
            raise Refusal("rv.room", "rv_one_card_per_draw")
        if t.card is not None or t.room is not None:  # said once, by the table or by the card's first entry
            raise Refusal("rv.room", "rv_card_said")

    def _do_lay_card(self, state: State, a: LayCard) -> State:
        self._check_lay_card(state)
        state = state.model_copy(update={"turn": state.turn.model_copy(update={"card": a.card})})
        return _event(state, a.by, "laid", card=a.card)

    def _settle(self, state: State, card: CardKind) -> State:
        """rv.room: a passage and a room exclude each other; an entry that belongs to one says which."""
        t = state.turn
        if t.move != "draw" or t.card == card:
            return state
        if t.card is not None or (card == "passage" and t.room is not None):
            raise Refusal("rv.room", "rv_card_is_" + (t.card or "room"))
        return state.model_copy(update={"turn": t.model_copy(update={"card": card})})

    def _check_shuffle_back(self, state: State, rule: str) -> None:
        """rv.gold / rv.penalty / rv.exit: only a card that nothing happened on yet but its passage gold.

        rv.penalty: after a walk, the card drawn anyway lay nowhere: it may always go back.
        """
        self._moved(state)
        t = state.turn
        if state.pending is not None:
            raise Refusal(state.pending.rule, "rv_decide_" + state.pending.kind, name=state.players[state.current].name)
        if t.move != "draw":
            if rule == "rv.penalty":  # rv.penalty: a card drawn after walking; nothing of it was laid
                return
            raise Refusal(rule, "rv_exit_needs_draw")
        if t.tried or t.room is not None or t.exit_laid or state.players[state.current].injured:
            raise Refusal(rule, "rv_shuffle_too_late")

    def _shuffle_back(self, state: State, seat: int) -> State:
        """rv.gold: a card shuffled back was never laid: its passage gold goes back too."""
        if state.turn.passage_gold:
            state = _gold(state, seat, -state.turn.passage_gold, "shuffled_back")
        return state

    def _do_unauthorised_draw(self, state: State, a: UnauthorisedDraw) -> State:
        self._check_shuffle_back(state, "rv.penalty")
        state = self._shuffle_back(state, a.by)
        skip = state.options.penalty_turn == "next"  # rv.penalty, option penalty_turn
        state = _event(state, a.by, "unauthorised", skips_next=skip)
        if skip:
            state = _set_player(state, a.by, sits_out=True)
        return _next_turn(state)  # rv.penalty: the turn ends

    def _check_end_turn(self, state: State) -> None:
        self._moved(state)
        t = state.turn
        if t.move == "draw" and t.card == "room" and t.room is None:  # rv.room: the room card is compulsory
            raise Refusal("rv.room", "rv_room_card_first", name=state.players[state.current].name)

    def _do_end_turn(self, state: State, a: EndTurn) -> State:
        self._check_end_turn(state)
        state = _event(state, a.by, "turn_ended")
        return _next_turn(state)

    # --- gold and treasures --------------------------------------------------------------
    def _check_monster_gold(self, state: State) -> State:
        self._moved(state)
        if not state.turn.fights_won:
            raise Refusal("rv.monster", "rv_no_fight_won")
        return state

    def _check_passage_gold(self, state: State) -> State:
        """rv.gold: only on a just-laid card, once; rv.room: not in a room. The state with the card said a passage."""
        self._moved(state)
        if state.turn.move != "draw":
            raise Refusal("rv.gold", "rv_passage_gold_new_card")  # rv.gold: only on a just-laid card
        state = self._settle(state, "passage")  # rv.room: passage gold is not in a room
        if state.turn.passage_gold:  # rv.gold: once per laid card
            raise Refusal("rv.gold", "rv_passage_gold_once", gold=state.turn.passage_gold)
        return state

    def _do_gain_gold(self, state: State, a: GainGold) -> State:
        if a.reason == "monster":
            return _gold(self._check_monster_gold(state), a.by, a.amount, a.reason)
        return _passage_gold(self._check_passage_gold(state), a.by, a.amount)

    def _do_roll_gold(self, state: State, a: RollGold) -> State:
        """rv.dice: the card's gold by dice; the W6 comes through pending_roll."""
        if a.reason == "monster":
            state, rule = self._check_monster_gold(state), "rv.monster"
        else:
            state, rule = self._check_passage_gold(state), "rv.gold"
        return _chance(state, Chance(purpose="gold", seat=a.by, rule=rule, form=a.dice, reason=a.reason))

    def _do_lose_gold(self, state: State, a: LoseGold) -> State:
        raise Refusal("rv.gold", "rv_no_loss_pending")

    def _do_lose_treasure(self, state: State, a: LoseTreasure) -> State:
        raise Refusal("rv.treasure", "rv_no_loss_pending")

    def _do_gain_treasure(self, state: State, a: GainTreasure) -> State:
        pend = state.pending
        if pend is None or pend.kind != "spoils":
            raise Refusal("rv.monster", "rv_no_fight_won")
        state = state.model_copy(update={"pending": None})
        return _gain_treasure(state, a)

    # --- obstacles ------------------------------------------------------------------------
    def _check_obstacle(self, state: State) -> State:
        self._can_go_on(state)
        return self._settle(state, "passage")  # rv.room: obstacles are in passages

    def _do_obstacle(self, state: State, a: Obstacle) -> State:
        state = self._check_obstacle(state)
        state = state.model_copy(update={"turn": state.turn.model_copy(update={"tried": True})})
        return _chance(state, Chance(purpose="obstacle", seat=a.by, rule="rv.obstacle", obstacle=a))

    def _obstacle_outcome(self, state: State, a: Obstacle, roll: int) -> State:
        p = state.players[a.by]
        attribute = ATTRIBUTE_OF[a.color]
        value = p.value(attribute)
        passed = value + roll >= a.number  # rv.obstacle: value + W6 ≥ number passes
        fail = FAILURE[a.kind]
        state = _event(
            state,
            a.by,
            "obstacle",
            kind=a.kind,
            color=a.color,
            number=a.number,
            value=value,
            roll=roll,
            success=passed,
            passed=passed or fail.passed,
        )
        if passed:
            return state
        if not fail.passed:  # magic barrier, cave-in, door: may retry next turn
            state = state.model_copy(update={"turn": state.turn.model_copy(update={"stopped": True})})
        if fail.injury:
            state = _injure(state, a.by, a.kind)
        if fail.loss:
            state = _loss(state, a.by, a.kind, "rv.obstacle")
        return state

    def _do_decline_obstacle(self, state: State, a: DeclineObstacle) -> State:
        state = self._check_obstacle(state)  # rv.room: obstacles are in passages
        state = state.model_copy(update={"turn": state.turn.model_copy(update={"stopped": True, "tried": True})})
        return _event(state, a.by, "declined", kind=a.kind, color=a.color, number=a.number)

    # --- rooms, monsters, traps -------------------------------------------------------------
    def _check_room_card(self, state: State) -> State:
        self._can_go_on(state)
        t = state.turn
        if t.move != "draw":
            raise Refusal("rv.room", "rv_old_room_empty")  # rv.room: an old room is empty
        if t.room is not None or t.exit_laid:
            raise Refusal("rv.room", "rv_one_card_per_draw")
        return self._settle(state, "room")  # rv.room: no room card on a passage

    def _do_room_card(self, state: State, a: RoomCard) -> State:
        state = self._check_room_card(state)
        state = state.model_copy(update={"turn": state.turn.model_copy(update={"room": a.kind})})
        state = _event(state, a.by, "room", kind=a.kind, gold=a.gold, **({"dice": a.dice} if a.dice else {}))
        if a.kind == "gold" and a.dice:  # rv.dice: the gold comes by dice
            return _chance(state, Chance(purpose="gold", seat=a.by, rule="rv.room", form=a.dice, reason="room"))
        if a.kind == "gold":
            return _gold(state, a.by, a.gold, "room")
        if a.kind == "monster":
            fight = Pending(kind="fight", seat=a.by, cause="monster", rule="rv.monster")
            return state.model_copy(update={"pending": fight})
        return state.model_copy(update={"pending": Pending(kind="trap", seat=a.by, cause="trap", rule="rv.room")})

    def _check_fight(self, state: State, a: Fight) -> None:
        if state.pending is None or state.pending.kind != "fight":
            raise Refusal("rv.monster", "rv_no_monster")
        n = len(state.players)
        if a.monster_roller >= n:
            raise InvalidInput("rv_no_such_seat", rule="rv.monster", seat=a.monster_roller)
        if n > 1 and a.monster_roller == a.by:  # rv.monster: "rolled by another player"
            raise Refusal("rv.monster", "rv_monster_roller", name=state.players[a.by].name)

    def _do_fight(self, state: State, a: Fight) -> State:
        """rv.monster: the adventurer rolls first, then the monster's roller (pending_roll)."""
        self._check_fight(state, a)
        fight = OpenFight(monster_value=a.monster_value, attribute=a.attribute, monster_roller=a.monster_roller)
        state = state.model_copy(update={"pending": None})
        return _chance(state, Chance(purpose="fight", seat=a.by, rule="rv.monster", fight=fight))

    # --- the die the table rolled (rv.dice) ------------------------------------------------------
    def _do_roll(self, state: State, c: Chance, a: RollDie) -> State:
        state = state.model_copy(update={"chance": None})
        if c.purpose == "obstacle":
            assert c.obstacle is not None  # _chance(purpose="obstacle") always carries it
            return self._obstacle_outcome(state, c.obstacle, a.value)
        if c.purpose == "fight":  # the adventurer's W6; the monster's comes next, by its roller
            assert c.fight is not None
            rolled = c.fight.model_copy(update={"roll": a.value})
            monster = Chance(purpose="monster", seat=rolled.monster_roller, rule="rv.monster", fight=rolled)
            return _chance(state, monster)
        if c.purpose == "monster":
            f = c.fight
            assert f is not None and f.roll is not None  # set by the "fight" roll before
            return self._fight_outcome(state, state.current, f.attribute, f.roll, f.monster_value, a.value,
                                       f.monster_roller)
        if c.purpose == "trap":
            t = c.trap
            assert t is not None and t.color is not None and t.number is not None  # a checked trap names both
            value = state.players[t.by].value(ATTRIBUTE_OF[t.color])
            detail = {"color": t.color, "number": t.number, "value": value, "roll": a.value}
            return self._trap_outcome(state, t, value + a.value >= t.number, detail)
        assert c.reason is not None  # gold by dice always says what for
        amount = dice_amount(c.form, a.value)  # gold by dice (rv.dice)
        if c.reason == "trap":  # rv.room / rv.gold: the trap takes it (down to zero at worst), then the rest
            assert c.trap is not None  # a trap's gold by dice carries its trap
            return self._trap_rest(_gold(state, c.seat, -amount, "trap"), c.trap)
        if c.reason == "passage":
            return _passage_gold(state, c.seat, amount)
        return _gold(state, c.seat, amount, c.reason)

    def _fight_outcome(self, state: State, seat: int, attribute: str, roll: int, monster_value: int,
                       monster_roll: int, monster_roller: int) -> State:
        p = state.players[seat]
        mine = p.value(attribute) + roll
        theirs = monster_value + monster_roll
        won = mine >= theirs  # rv.monster: reaching the monster's total wins
        state = state.model_copy(update={"pending": None})
        state = _event(
            state,
            seat,
            "fight",
            attribute=attribute,
            value=p.value(attribute),  # the dice as the table saw them: value + roll = total
            roll=roll,
            total=mine,
            monster_value=monster_value,
            monster_roll=monster_roll,
            monster_total=theirs,
            monster_roller=monster_roller,
            won=won,
        )
        if won:
            turn = state.turn.model_copy(update={"fights_won": state.turn.fights_won + 1})
            return state.model_copy(
                update={"turn": turn, "pending": Pending(kind="spoils", seat=seat, cause="monster", rule="rv.monster")}
            )
        state = _injure(state, seat, "monster")
        return _loss(state, seat, "monster", "rv.monster")

    def _do_trap(self, state: State, a: Trap) -> State:
        if state.pending is None or state.pending.kind != "trap":
            raise Refusal("rv.room", "rv_no_trap")
        state = state.model_copy(update={"pending": None})
        if a.has_check:  # rv.room: value + W6 ≥ number escapes; the W6 through pending_roll
            return _chance(state, Chance(purpose="trap", seat=a.by, rule="rv.room", trap=a))
        return self._trap_outcome(state, a, False, {})

    def _trap_outcome(self, state: State, a: Trap, escaped_trap: bool, detail: dict[str, Any]) -> State:
        state = _event(state, a.by, "trap", success=escaped_trap, **detail)
        if escaped_trap:
            return state
        if a.lose_dice is not None:  # rv.dice: the gold comes by dice; injury and loss choice after it
            return _chance(state, Chance(purpose="gold", seat=a.by, rule="rv.room", form=a.lose_dice, reason="trap",
                                         trap=a))
        if a.lose_gold:
            state = _gold(state, a.by, -a.lose_gold, "trap")
        return self._trap_rest(state, a)

    def _trap_rest(self, state: State, a: Trap) -> State:
        """rv.room: what a sprung trap does after its gold: the injury, then the choice of loss."""
        if a.injury:
            state = _injure(state, a.by, "trap")
        if a.loss_choice:
            state = _loss(state, a.by, "trap", "rv.room")
        return state

    # --- exits -------------------------------------------------------------------------------
    def _drawn_card_unsettled(self, state: State) -> None:
        self._can_go_on(state, "rv.exit")
        t = state.turn
        if t.move != "draw":
            raise Refusal("rv.exit", "rv_exit_needs_draw")
        if t.room is not None or t.exit_laid or t.card == "room":
            raise Refusal("rv.exit", "rv_one_card_per_draw")

    def _do_lay_exit(self, state: State, a: LayExit) -> State:
        self._drawn_card_unsettled(state)
        state = state.model_copy(
            update={"exits_laid": state.exits_laid + 1, "turn": state.turn.model_copy(update={"exit_laid": True})}
        )
        return _event(state, a.by, "exit_laid")

    def _check_shuffle_back_exit(self, state: State) -> None:
        self._drawn_card_unsettled(state)
        self._check_shuffle_back(state, "rv.exit")
        p = state.players[state.current]
        # rv.exit: only "without enough gold" – the card's own passage gold does not count (rv.gold)
        if p.gold - state.turn.passage_gold >= state.options.exit_min_gold:
            raise Refusal("rv.exit", "rv_enough_gold_to_leave", name=p.name)

    def _do_shuffle_back_exit(self, state: State, a: ShuffleBackExit) -> State:
        self._check_shuffle_back_exit(state)
        state = self._shuffle_back(state, a.by)  # rv.gold: gives nothing, keeps nothing
        state = _event(state, a.by, "exit_shuffled")
        return _next_turn(state)  # rv.exit: the turn ends

    def _check_escape(self, state: State) -> None:
        self._can_go_on(state, "rv.exit")
        p = state.players[state.current]
        if state.turn.move == "draw" and not state.turn.exit_laid:  # the figure stands on the card just drawn
            raise Refusal("rv.exit", "rv_not_on_exit")
        if state.free_exits <= 0:  # rv.exit: each exit lets exactly one player escape
            raise Refusal("rv.exit", "rv_no_free_exit")
        need = state.options.exit_min_gold
        if p.gold < need:
            raise Refusal("rv.exit", "rv_not_enough_gold", need=need, name=p.name, have=p.gold)

    def _do_escape(self, state: State, a: Escape) -> State:
        self._check_escape(state)
        state = _set_player(state, a.by, escaped=True)
        state = state.model_copy(update={"escaped": state.escaped + (a.by,)})
        state = _event(state, a.by, "escaped", exit=len(state.escaped))
        left = [i for i, q in enumerate(state.players) if not q.escaped]
        # rv.end: the game ends when the second-to-last escapes (alone: when the player escapes)
        if len(left) <= (0 if len(state.players) == 1 else 1):
            return _end(state)
        return _next_turn(state)

    # --- end and result ------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        """rv.end: escaped ranked by coins + treasure values; the one left behind loses.

        Before the end only face-up treasures count, so a live standing never
        gives a hidden treasure away (rv.treasure).
        """
        over = state.phase == "over"
        rows = [
            _standing(p.name, p.gold, [t for t in p.treasures if over or not t.hidden], p.escaped)
            for p in state.players
        ]
        return _ranked(rows, lost_marked=over)

    def view_for(self, state: State, seat: int | None) -> dict[str, Any]:
        """rv.treasure: another seat's hidden treasure shows as just "a hidden treasure".

        ``seat=None`` (a screen nobody owns) sees no hidden treasure at all.
        """
        data = state.model_dump(mode="json")
        if state.phase == "over":
            return data
        for i, p in enumerate(data["players"]):
            if i == seat:
                continue
            p["treasures"] = [t if not t["hidden"] else {"hidden": True} for t in p["treasures"]]
        return data

    def score_input(self, data: dict[str, Any]) -> Result:
        return score_input(data)


# --- state helpers (pure) ------------------------------------------------------------------------
_T = TypeVar("_T")


def _replace_at(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    return items[:index] + (item,) + items[index + 1 :]


def _set_player(state: State, seat: int, **changes: Any) -> State:
    p = state.players[seat].model_copy(update=changes)
    return state.model_copy(update={"players": _replace_at(state.players, seat, p)})


def _event(state: State, seat: int, kind: str, /, **detail: Any) -> State:
    ev = Event(turn=state.turn_no, seat=seat, kind=kind, detail=detail)
    return state.model_copy(update={"events": state.events + (ev,), "log": state.log + (ev,)})


def _chance(state: State, chance: Chance) -> State:
    """rv.dice: a die is due; nothing else happens until the table has rolled it (pending_roll)."""
    return state.model_copy(update={"chance": chance})


def _passage_gold(state: State, seat: int, amount: int) -> State:
    """rv.gold: the passage gold of the card just laid, taken once."""
    state = state.model_copy(update={"turn": state.turn.model_copy(update={"passage_gold": amount})})
    return _gold(state, seat, amount, "passage")


def _passes(check: Any, state: State, *args: Any) -> bool:
    """``legal`` asks the very checks ``apply`` makes."""
    try:
        check(state, *args)
    except Refusal:
        return False
    return True


def _gold_templates(fixed: dict[str, Any]) -> list[Template]:
    """Gold the table enters: an amount, or the card's dice (rv.dice)."""
    return [Template(action_type="gain_gold", fixed=fixed, fields={"amount": Range(lo=1, hi=GOLD_MAX)}),
            Template(action_type="roll_gold", fixed=fixed, fields={"dice": DICE_FORMS})]


def _gold(state: State, seat: int, asked: int, reason: str) -> State:
    """rv.gold: every change is logged with its reason; a purse never goes below zero."""
    p = state.players[seat]
    delta = max(asked, -p.gold)
    state = _set_player(state, seat, gold=p.gold + delta)
    entry = GoldChange(turn=state.turn_no, seat=seat, delta=delta, asked=asked, reason=reason)
    return state.model_copy(update={"gold_log": state.gold_log + (entry,)})


def _gain_treasure(state: State, a: GainTreasure) -> State:
    p = state.players[a.by]
    tr = Treasure(name=a.name, gold=a.gold, magic=a.magic, hidden=a.hidden)
    state = _set_player(state, a.by, treasures=p.treasures + (tr,))
    return _event(state, a.by, "treasure", index=len(p.treasures), reason=a.reason)


def _lose_treasure(state: State, seat: int, index: int, reason: str) -> State:
    p = state.players[seat]
    state = _set_player(state, seat, treasures=p.treasures[:index] + p.treasures[index + 1 :])
    return _event(state, seat, "treasure_lost", index=index, reason=reason)


def _has_nothing(p: Adventurer) -> bool:
    return not p.gold and not p.treasures


def _loss(state: State, seat: int, cause: str, rule: str) -> State:
    """rv.loss: "3 gold or one treasure" asks only a player who has something to lose."""
    if _has_nothing(state.players[seat]):
        return _event(state, seat, "nothing_lost", cause=cause)
    return state.model_copy(update={"pending": Pending(kind="loss", seat=seat, cause=cause, rule=rule)})


def _injure(state: State, seat: int, cause: str) -> State:
    """rv.injury: the figure lies down at once; its next turn is spent recovering."""
    state = _set_player(state, seat, injured=True)
    return _event(state, seat, "injured", cause=cause)


def _next_turn(state: State) -> State:
    """Clockwise to the next player still in the dungeon."""
    n = len(state.players)
    seat = state.current
    for _ in range(n):
        seat = (seat + 1) % n
        if not state.players[seat].escaped:
            break
    return state.model_copy(
        update={"current": seat, "turn_no": state.turn_no + 1, "phase": "start", "turn": TurnSoFar(), "pending": None,
                "chance": None}
    )


def _end(state: State) -> State:
    """rv.end / rv.treasure: the game is over; every treasure is turned face up."""
    players = tuple(
        p.model_copy(update={"treasures": tuple(t.model_copy(update={"hidden": False}) for t in p.treasures)})
        for p in state.players
    )
    return state.model_copy(update={"players": players, "phase": "over", "pending": None, "chance": None})


# --- scoring ----------------------------------------------------------------------------------
def _standing(name: str, coins: int, treasures: list[Treasure], escaped: bool) -> dict[str, Any]:
    value = sum(t.gold for t in treasures)
    return {
        "name": name,
        "total": coins + value,
        "escaped": escaped,
        "breakdown": {
            "coins": coins,
            "treasure_value": value,
            "treasures": [{"name": t.name, "gold": t.gold, "magic": t.magic} for t in treasures],
            "escaped": escaped,
        },
    }


def _ranked(rows: list[dict[str, Any]], lost_marked: bool) -> Result:
    """rv.end: equal totals share a place; the one left behind comes last and loses."""
    eligible = [r["escaped"] for r in rows] if lost_marked else None
    ranks = places([r["total"] for r in rows], eligible)
    return Result(
        game=GAME_ID,
        players=tuple(
            PlayerResult(
                seat=i,
                name=r["name"],
                total=r["total"],
                place=rank,
                lost=lost_marked and not r["escaped"],
                breakdown=r["breakdown"],
            )
            for i, (r, rank) in enumerate(zip(rows, ranks, strict=True))
        ),
    )


class _ScoreTreasure(Frozen):
    name: str = Field(min_length=1, max_length=NAME_MAX)
    gold: int | None = Field(default=None, le=GOLD_MAX)  # rv.treasure: one card's value
    magic: bool = False


class _ScorePlayer(Frozen):
    name: str = Field(min_length=1, max_length=NAME_MAX)
    gold: int = Field(default=0, le=100 * GOLD_MAX)  # rv.gold: coins at the end
    escaped: bool
    treasures: list[_ScoreTreasure] = []


class _ScoreInput(Frozen):
    game: str
    players: list[_ScorePlayer] = Field(min_length=1, max_length=8)


def score_input(data: dict[str, Any]) -> Result:
    """Score the purses at the end (CLI ``score``): rv.end, rv.gold, rv.treasure."""
    try:
        parsed = _ScoreInput.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput("bad_score_input", detail=first_error(exc)) from None
    rows = []
    for p in parsed.players:
        if p.gold < 0:
            raise InvalidInput("rv_negative_gold", rule="rv.gold", name=p.name, gold=p.gold)
        treasures = []
        for t in p.treasures:
            if t.gold is None or t.gold < 0:
                raise InvalidInput("rv_treasure_value", rule="rv.treasure", name=p.name, treasure=t.name)
            treasures.append(Treasure(name=t.name, gold=t.gold, magic=t.magic, hidden=False))
        rows.append(_standing(p.name, p.gold, treasures, p.escaped))
    behind = [p for p in parsed.players if not p.escaped]
    if len(parsed.players) == 1:
        if behind:
            raise InvalidInput("rv_alone_escapes", rule="rv.end", name=parsed.players[0].name)
    elif len(behind) != 1:
        raise InvalidInput("rv_left_behind", rule="rv.end", count=len(behind))
    return _ranked(rows, lost_marked=True)


Verlies.Options, Verlies.State, Verlies.Action = Options, State, Action
GAME = register(Verlies())
