"""Verflixxt! Kompakt, with the Wurminator variant: the pure rule engine.

Rulings: ``docs/rulings.md`` in this repository, sections ``vx`` and ``vx.wurm``.
Every check below names the ruling it enforces, and so does every refusal.

The board
---------
Positions are slot numbers along the line: ``0`` is the start tile, ``1..n``
are the path slots ``state.parcours[0..n-1]`` and ``n + 1`` (``state.goal``) is
the goal tile. A collected tile leaves its slot as ``None`` – a gap, which no
move counts (vx.move). A tile a bitten player gives back (vx.wurm.none_free)
goes directly before the goal: into the last slot if that is a gap, else into a
new slot, which moves the goal (and everything on it) one number up.

Pieces: ``state.figures[seat][i]`` is the position of figure ``i`` of ``seat``,
``state.guards[g]`` of guard ``g``, ``state.wurminator`` of the Wurminator
(``None`` when the variant is off). Piles: ``state.piles[seat]`` in the order
taken. Any number of pieces share a position and none captures or blocks
another (vx.stack): no move is refused for who stands where it lands (a
Wurminator bite is a consequence of landing, not a block). ``state.events`` tells what
the last action caused (tiles collected, bites, give-backs, the Wurminator going home, a player leaving the turn order).

A turn (``state.phase``)
------------------------
``roll``        – ``pending_roll`` asks the seat ``state.turn`` for one W6;
``move``        – after the roll: the compulsory move of one own figure or one
                  movable guard (vx.move, vx.guard). With the variant on and a
                  1 or 2 rolled, ``MoveWurminator`` is legal here too, *before*
                  the normal move (vx.wurm.roll); the phase stays ``move``.
``wurminator``  – after the normal move, when the Wurminator may still move
                  *after* it: ``MoveWurminator``, and ``SkipWurminator`` unless
                  the move is compulsory (vx.wurm.must);
``over``        – every figure is on the goal (vx.out).

vx.wurm.must is judged at the moment of the roll (the situation the die is
rolled into; figures only move forward, so a Wurminator behind everyone stays
behind through the normal move) and kept in ``state.wurm_must``.

Choices where the rulings leave room (documented, tested):

- the turn order is the seat order, starting at ``options.first_seat`` (the
  app seats the youngest first, so 0); refusals of a wrong seat cite vx.setup;
- ``legal`` offers one action per piece kind and tile (two own figures on the
  same tile are the same move; the lowest number is offered), ``apply``
  accepts any of them;
- vx.collect follows the ruling word for word: only the mover's own *figure*
  leaving a tile can collect it; a guard never collects (and cannot leave a
  tile empty anyway, since it moves only with a figure or the Wurminator
  beside it);
- the bite (vx.wurm.bite) takes, among equal amounts, the tile nearest the
  start; the give-back (vx.wurm.none_free) always gives the smallest amount,
  whatever ``bite_takes`` says, and among equal values the one taken last.
  A given-back tile is free at once, so a later bite of the same landing may
  take it again – the ruling read literally;
- with fewer than six positive tiles in the layout, the default setup uses
  only as many guards as there are positive tiles (vx.setup).

Tiles are stored as text (``"+3"``, ``"-7"``, ``"G"``) in options, states and
records; ``Options.layout`` also takes one line of text (``parse_layout``).

Helpers for the screens: ``parse_layout`` / ``format_layout`` /
``random_layout`` / ``DEFAULT_TILE_SET``, ``move_preview``, ``explain_piece``, ``advise``,
``score_tiles``. ``advise`` takes about 2 ms a position on average (12 ms at
worst, six players with the variant) on the development machine.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field, ValidationError, field_validator, model_serializer, model_validator

from scoring.dice import RandomSource
from scoring.engine import (
    DieSpec,
    Frozen,
    Game,
    PlayerResult,
    PlayerSpec,
    Result,
    RollRequest,
    places,
    register,
)
from scoring.errors import InvalidInput, RefereeError, Refusal
from scoring.texts import add_texts

GUARD_COUNT = 6
MAX_TILES = 80
MAX_VALUE = 99


# --- tiles ---------------------------------------------------------------------
_MINUS_SIGNS = "-−–—"
_MINUS_CLASS = r"\-−–—"  # for use inside [...]
_LUCKY_WORDS = {"g", "l", "lucky", "glück", "glueck", "gluck", "glückstafel", "glueckstafel", "gt"}
_START_WORDS = {"s", "start", "starttafel"}
_GOAL_WORDS = {"z", "ziel", "zieltafel", "goal", "finish"}


class TileError(ValueError):
    """A tile text that is no tile; ``code`` is the refusal code."""

    def __init__(self, code: str, token: str) -> None:
        self.code = code
        self.token = token
        super().__init__(f"{code}: {token!r}")


def _tile_of_text(text: str) -> tuple[str, int]:
    token = text.strip()
    word = token.lower()
    if word in _LUCKY_WORDS:
        return "lucky", 0
    m = re.fullmatch(rf"([+{_MINUS_CLASS}]?)\s*(\d+)", token)
    if not m:
        raise TileError("vx_bad_tile", token)
    value = int(m.group(2))
    if value == 0:
        raise TileError("vx_zero_tile", token)
    if value > MAX_VALUE:
        raise TileError("vx_bad_tile", token)
    return ("minus", -value) if m.group(1) and m.group(1) in _MINUS_SIGNS else ("plus", value)


class Tile(Frozen):
    """A path tile (vx.setup): plus n, minus n or lucky (Glückstafel).

    ``value`` is the signed number printed on it (``+3``, ``-7``; lucky: 0).
    Written and stored as text: ``"+3"``, ``"-7"``, ``"G"``; ``Tile.of("-7")``.
    """

    kind: Literal["plus", "minus", "lucky"]
    value: int

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, bool):
            raise ValueError("a tile is not a yes/no")
        if isinstance(data, int):
            data = f"{data:+d}"
        if isinstance(data, str):
            kind, value = _tile_of_text(data)
            return {"kind": kind, "value": value}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Tile:
        ok = {
            "plus": 1 <= self.value <= MAX_VALUE,
            "minus": -MAX_VALUE <= self.value <= -1,
            "lucky": self.value == 0,
        }[self.kind]
        if not ok:
            raise InvalidInput("vx_tile_value", rule="vx.setup", kind=self.kind, value=self.value)
        return self

    @model_serializer(mode="plain")
    def _as_text(self) -> str:
        return str(self)

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        return {
            "type": "string",
            "title": "Tile",
            "description": "A path tile: '+n' (plus), '-n' (minus) or 'G' (lucky)",
            "examples": ["+3", "-7", "G"],
        }

    @classmethod
    def of(cls, text: str | int) -> Tile:
        return cls.model_validate(text)

    @property
    def amount(self) -> int:
        return abs(self.value)

    def __str__(self) -> str:
        return "G" if self.kind == "lucky" else f"{self.value:+d}"

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"


def parse_layout(text: str) -> tuple[Tile, ...]:
    """The tile line as the table types it, e.g. ``"+3 -2 G -7"``.

    Tolerant: commas, semicolons, bars or nothing between tiles (``"+3-2G"``),
    ``−``/``–`` for minus, ``G``/``L``/``Glück``/``lucky`` for a lucky tile, a
    bare number is a plus tile, a leading ``S``/``Start`` and a trailing
    ``Z``/``Ziel`` are skipped. Refuses (``InvalidInput``) naming the first bad
    token and its position (1-based, counting tokens): ``vx_bad_tile``,
    ``vx_zero_tile``; an empty line is ``vx_empty_layout``.
    """
    pattern = rf"[+{_MINUS_CLASS}]?\s*\d+|[^\s,;|/+{_MINUS_CLASS}\d]+|[+{_MINUS_CLASS}]"
    tokens = [t.strip() for t in re.findall(pattern, text or "")]
    if tokens and tokens[0].lower() in _START_WORDS:
        tokens = tokens[1:]
    if tokens and tokens[-1].lower() in _GOAL_WORDS:
        tokens = tokens[:-1]
    tiles = []
    for pos, token in enumerate(tokens, start=1):
        try:
            kind, value = _tile_of_text(token)
        except TileError as exc:
            raise InvalidInput(exc.code, rule="vx.setup", token=token, position=pos) from None
        tiles.append(Tile(kind=kind, value=value))
    if not tiles:
        raise InvalidInput("vx_empty_layout", rule="vx.setup")
    if len(tiles) > MAX_TILES:
        raise InvalidInput("vx_long_layout", rule="vx.setup", count=len(tiles), high=MAX_TILES)
    return tuple(tiles)


def format_layout(tiles: Sequence[Tile | None]) -> str:
    """``"+3 -2 G"``; ``parse_layout(format_layout(t)) == t``. Gaps print as ``·``."""
    return " ".join("·" if t is None else str(t) for t in tiles)


# vx.setup: random layouts draw from this editable set ("check against your box").
DEFAULT_TILE_SET: tuple[Tile, ...] = (
    tuple(Tile(kind="plus", value=v) for v in range(1, 9))
    + tuple(Tile(kind="minus", value=-v) for v in (*range(1, 11), 1, 2, 3))
    + tuple(Tile(kind="lucky", value=0) for _ in range(5))
)

# A fixed mixed line of the default set, the layout when none is entered.
DEFAULT_LAYOUT: tuple[Tile, ...] = parse_layout(
    "+3 -1 G +5 -4 -2 +1 -7 G -3 +8 -1 -6 +2 G -10 -2 +6 -5 G +4 -9 -3 +7 G -8"
)


def random_layout(rng: RandomSource, tile_set: Sequence[Tile] | None = None) -> tuple[Tile, ...]:
    """A shuffled line of ``tile_set`` (default ``DEFAULT_TILE_SET``).

    ``rng`` needs only ``randint`` (``random.Random(seed)``, the app's
    ``SystemRandom``, or ``scoring.dice.Dice().source``).
    """
    tiles = list(DEFAULT_TILE_SET if tile_set is None else tile_set)
    for i in range(len(tiles) - 1, 0, -1):  # Fisher–Yates on randint alone
        j = rng.randint(0, i)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


# --- scoring -------------------------------------------------------------------
class Conversion(NamedTuple):
    minus: Tile
    becomes: int


class Score(NamedTuple):
    total: int
    conversions: tuple[Conversion, ...]
    unused_lucky: int


def score_tiles(tiles: Sequence[Tile]) -> Score:
    """vx.score: plus adds, minus subtracts; each lucky tile turns the highest
    remaining minus tile (−10 before −3) into the same plus value; lucky tiles
    left over are worth nothing."""
    minus = sorted((t for t in tiles if t.kind == "minus"), key=lambda t: t.value)
    lucky = sum(1 for t in tiles if t.kind == "lucky")
    turned = minus[:lucky]
    total = sum(t.value for t in tiles if t.kind == "plus")
    total += sum(t.amount for t in turned) + sum(t.value for t in minus[lucky:])
    return Score(total, tuple(Conversion(t, t.amount) for t in turned), lucky - len(turned))


def _total(tiles: Sequence[Tile]) -> int:
    return score_tiles(tiles).total


# --- options, state, actions -------------------------------------------------------
class Options(Frozen):
    """Setup (vx.setup, vx.wurm.*). Defaults follow the rulings."""

    layout: tuple[Tile, ...] = Field(default=DEFAULT_LAYOUT, min_length=1, max_length=MAX_TILES)
    figures_per_player: int | None = Field(default=None, ge=1, le=6)  # None: 3 with 2 players, else 2
    guards: tuple[int, ...] | None = Field(default=None, max_length=GUARD_COUNT)  # slots 1..len(layout)
    wurminator: bool = False
    bite_takes: Literal["smallest", "largest"] = "smallest"  # vx.wurm.bite option
    first_seat: int = Field(default=0, ge=0)  # the youngest; the app seats the youngest first

    @field_validator("layout", mode="before")
    @classmethod
    def _layout_text(cls, v: Any) -> Any:
        """The layout may also come as one line of text (``parse_layout``) or a list of tile texts.

        A bad tile is refused with its own words and position (not pydantic's English).
        """
        if isinstance(v, str):
            return parse_layout(v)
        if not isinstance(v, (list, tuple)):
            return v
        tiles: list[Any] = []
        for pos, item in enumerate(v, start=1):
            if isinstance(item, bool) or not isinstance(item, (str, int)):
                tiles.append(item)  # a Tile or a dict: checked by Tile itself
                continue
            text = f"{item:+d}" if isinstance(item, int) else item
            try:
                kind, value = _tile_of_text(text)
            except TileError as exc:
                raise InvalidInput(exc.code, rule="vx.setup", token=text.strip(), position=pos) from None
            tiles.append(Tile(kind=kind, value=value))
        return tiles


class Event(Frozen):
    """What an action caused, for the screens (``state.events``)."""

    kind: Literal["collect", "bite", "give_back", "bite_empty", "wurminator_home", "out"]
    seat: int | None = None
    tile: Tile | None = None
    position: int | None = None


Phase = Literal["roll", "move", "wurminator", "over"]


class State(Frozen):
    options: Options
    names: tuple[str, ...]
    parcours: tuple[Tile | None, ...]  # path slots 1..n; None is a gap
    figures: tuple[tuple[int, ...], ...]  # per seat, per figure: position
    guards: tuple[int, ...]
    wurminator: int | None = None  # None: variant off
    piles: tuple[tuple[Tile, ...], ...]
    turn: int
    phase: Phase = "roll"
    roll: int | None = None
    moved: bool = False  # the normal move of this turn is made
    wurm_moved: bool = False
    wurm_must: bool = False  # vx.wurm.must, judged at the roll
    rolls: int = 0
    events: tuple[Event, ...] = ()

    @property
    def goal(self) -> int:
        return len(self.parcours) + 1

    @property
    def active_seats(self) -> tuple[int, ...]:
        """vx.out: seats still in the turn order."""
        goal = self.goal
        return tuple(s for s, figs in enumerate(self.figures) if any(p != goal for p in figs))

    def tile_at(self, position: int) -> Tile | None:
        return self.parcours[position - 1] if 1 <= position <= len(self.parcours) else None


class Roll(Frozen):
    type: Literal["roll"] = "roll"
    by: int
    value: int = Field(ge=1, le=6)


class MoveFigure(Frozen):
    type: Literal["move_figure"] = "move_figure"
    by: int
    figure: int = Field(ge=0)


class MoveGuard(Frozen):
    type: Literal["move_guard"] = "move_guard"
    by: int
    guard: int = Field(ge=0)


class MoveWurminator(Frozen):
    type: Literal["move_wurminator"] = "move_wurminator"
    by: int


class SkipWurminator(Frozen):
    """Leave the Wurminator standing after the normal move (vx.wurm.roll)."""

    type: Literal["skip_wurminator"] = "skip_wurminator"
    by: int


Action = Annotated[
    Roll | MoveFigure | MoveGuard | MoveWurminator | SkipWurminator, Field(discriminator="type")
]


# --- the board mechanics (pure functions on a State) ---------------------------------
def _advance(parcours: tuple[Tile | None, ...], pos: int, pips: int) -> int:
    """vx.move / vx.goal: ``pips`` tiles forward counting only tiles still
    there; past the goal ends on the goal."""
    goal = len(parcours) + 1
    while pips > 0 and pos < goal:
        pos += 1
        if pos == goal or parcours[pos - 1] is not None:
            pips -= 1
    return pos


def _occupied(state: State, pos: int) -> bool:
    return (
        any(pos in figs for figs in state.figures)
        or pos in state.guards
        or state.wurminator == pos
    )


def _guard_movable(state: State, pos: int) -> bool:
    """vx.guard: a figure of anyone beside it; vx.wurm.guard: or the Wurminator."""
    if any(pos in figs for figs in state.figures):
        return True
    return state.wurminator is not None and state.wurminator == pos


def _wurm_option(state: State) -> bool:
    """vx.wurm.roll: the Wurminator may move on a 1 or 2, once per turn."""
    return state.wurminator is not None and state.roll in (1, 2) and not state.wurm_moved


def _wurm_behind_all(state: State) -> bool:
    """vx.wurm.must: strictly behind every figure (figures on the goal are ahead)."""
    w = state.wurminator
    return w is not None and all(p > w for figs in state.figures for p in figs)


def _give_back(parcours: tuple[Tile | None, ...], tile: Tile) -> tuple[tuple[Tile | None, ...], int]:
    """vx.wurm.none_free: the tile goes directly before the goal."""
    if parcours and parcours[-1] is None:
        return parcours[:-1] + (tile,), len(parcours)
    return parcours + (tile,), len(parcours) + 1


def _bite(state: State, landing: int) -> State:
    """vx.wurm.bite: everyone with figures on ``landing``, the roller first and
    then clockwise, takes a free minus tile per figure there."""
    n = len(state.names)
    parcours = state.parcours
    figures = state.figures
    guards = state.guards
    piles = list(state.piles)
    events = list(state.events)
    largest = state.options.bite_takes == "largest"
    for k in range(n):
        seat = (state.turn + k) % n
        for _ in range(figures[seat].count(landing)):
            best = None
            for i, tile in enumerate(parcours, start=1):
                if tile is None or tile.kind != "minus":
                    continue
                if any(i in figs for figs in figures) or i in guards or i == landing:
                    continue  # a piece stands on it (the Wurminator is on ``landing``)
                if best is None or (tile.amount > best[1].amount if largest else tile.amount < best[1].amount):
                    best = (i, tile)
            if best is not None:
                i, tile = best
                parcours = parcours[: i - 1] + (None,) + parcours[i:]
                piles[seat] = piles[seat] + (tile,)
                events.append(Event(kind="bite", seat=seat, tile=tile, position=i))
                continue
            # vx.wurm.none_free: give up the own minus tile of smallest amount.
            own = [(t.amount, -j, j) for j, t in enumerate(piles[seat]) if t.kind == "minus"]
            if not own:
                events.append(Event(kind="bite_empty", seat=seat))
                continue
            j = min(own)[2]
            tile = piles[seat][j]
            piles[seat] = piles[seat][:j] + piles[seat][j + 1 :]
            old_goal = len(parcours) + 1
            parcours, where = _give_back(parcours, tile)
            if where == old_goal:  # a new slot: the goal moves one up, and all on it
                figures = tuple(tuple(p + 1 if p == old_goal else p for p in figs) for figs in figures)
                guards = tuple(p + 1 if p == old_goal else p for p in guards)
            events.append(Event(kind="give_back", seat=seat, tile=tile, position=where))
    return state.model_copy(
        update={
            "parcours": parcours,
            "figures": figures,
            "guards": guards,
            "piles": tuple(piles),
            "events": tuple(events),
        }
    )


def _end_turn(state: State) -> State:
    """vx.out: next seat clockwise that still has a figure off the goal."""
    goal = state.goal
    events = list(state.events)
    if all(p == goal for p in state.figures[state.turn]):
        events.append(Event(kind="out", seat=state.turn))
    common = {"roll": None, "moved": False, "wurm_moved": False, "wurm_must": False, "events": tuple(events)}
    active = state.active_seats
    if not active:
        return state.model_copy(update={"phase": "over", **common})
    n = len(state.names)
    nxt = next(s for s in ((state.turn + k) % n for k in range(1, n + 1)) if s in active)
    return state.model_copy(update={"phase": "roll", "turn": nxt, **common})


def _after_normal_move(state: State) -> State:
    if not state.active_seats:
        return _end_turn(state)  # vx.out: the last figure is home, the game ends
    if _wurm_option(state):
        return state.model_copy(update={"phase": "wurminator", "moved": True})
    return _end_turn(state)


# --- refusal texts -------------------------------------------------------------
add_texts(
    {
        "vx_bad_tile": {
            "de": "„{token}“ (Stelle {position}) ist keine Tafel – erlaubt sind z. B. +3, -7, G.",
            "en": "'{token}' (position {position}) is not a tile – use e.g. +3, -7, G.",
        },
        "vx_zero_tile": {
            "de": "„{token}“ (Stelle {position}): eine Tafel mit 0 gibt es nicht.",
            "en": "'{token}' (position {position}): there is no tile worth 0.",
        },
        "vx_empty_layout": {
            "de": "Der Parcours braucht mindestens eine Tafel.",
            "en": "The track needs at least one tile.",
        },
        "vx_long_layout": {
            "de": "{count} Tafeln sind zu viele (höchstens {high}).",
            "en": "{count} tiles are too many (at most {high}).",
        },
        "vx_bad_guard_position": {
            "de": "Ein Wächter kann nicht auf Feld {position} stehen (Wegetafeln 1 bis {high}).",
            "en": "A guard cannot stand on slot {position} (path tiles 1 to {high}).",
        },
        "vx_bad_first_seat": {
            "de": "Platz {seat} gibt es nicht; es sind {count} Spieler.",
            "en": "There is no seat {seat}; there are {count} players.",
        },
        "vx_no_such_seat": {
            "de": "Platz {seat} gibt es in diesem Spiel nicht.",
            "en": "There is no seat {seat} in this game.",
        },
        "vx_no_such_figure": {
            "de": "Figur {figure} gibt es nicht (jede Person hat {count}).",
            "en": "There is no figure {figure} (everyone has {count}).",
        },
        "vx_no_such_guard": {
            "de": "Wächter {guard} gibt es nicht (es sind {count}).",
            "en": "There is no guard {guard} (there are {count}).",
        },
        "vx_tile_value": {
            "de": "Eine {kind} kann nicht den Wert {value} haben.",
            "en": "A {kind} cannot have the value {value}.",
        },
        "vx_one_die": {
            "de": "Geworfen wird ein W6, nicht {count} Würfel.",
            "en": "One W6 is rolled, not {count} dice.",
        },
        "vx_bad_roll": {
            "de": "Ein W6 zeigt eine Zahl von 1 bis 6, nicht {value}.",
            "en": "A W6 shows 1 to 6, not {value}.",
        },
        "vx_not_your_turn": {
            "de": "{name} ist dran.",
            "en": "It is {name}'s turn.",
        },
        "vx_already_rolled": {
            "de": "Es ist schon gewürfelt – jetzt wird gezogen.",
            "en": "The die is already rolled – now move.",
        },
        "vx_roll_first": {
            "de": "Erst würfeln, dann ziehen.",
            "en": "Roll first, then move.",
        },
        "vx_already_moved": {
            "de": "Der Zug ist schon gemacht – nur noch der Wurminator.",
            "en": "The move is made – only the Wurminator is left.",
        },
        "vx_no_passing": {
            "de": "Passen gibt es nicht: eine Figur oder ein Wächter muss ziehen.",
            "en": "No passing: a figure or a guard must move.",
        },
        "vx_figure_home": {
            "de": "Diese Figur ist im Ziel und zieht nicht mehr.",
            "en": "This figure is on the goal and never moves again.",
        },
        "vx_guard_home": {
            "de": "Dieser Wächter ist im Ziel und zieht nicht mehr.",
            "en": "This guard is on the goal and never moves again.",
        },
        "vx_guard_alone": {
            "de": "Ein Wächter zieht nur, wenn eine Spielfigur auf seiner Tafel steht.",
            "en": "A guard moves only when a player figure stands on its tile.",
        },
        "vx_guard_alone_wurm": {
            "de": "Ein Wächter zieht nur, wenn eine Spielfigur oder der Wurminator auf seiner Tafel steht.",
            "en": "A guard moves only when a player figure or the Wurminator stands on its tile.",
        },
        "vx_no_wurminator": {
            "de": "Ohne die Wurminator-Variante gibt es keinen Wurminator.",
            "en": "Without the Wurminator variant there is no Wurminator.",
        },
        "vx_wurm_needs_one_or_two": {
            "de": "Der Wurminator zieht nur bei einer 1 oder 2 (gewürfelt: {roll}).",
            "en": "The Wurminator moves only on a 1 or 2 (rolled: {roll}).",
        },
        "vx_wurm_already_moved": {
            "de": "Der Wurminator ist in diesem Zug schon gezogen.",
            "en": "The Wurminator has already moved this turn.",
        },
        "vx_wurm_must": {
            "de": "Der Wurminator steht hinter allen Figuren und muss bei einer 1 oder 2 ziehen.",
            "en": "The Wurminator is behind every figure and must move on a 1 or 2.",
        },
        "vx_wurm_must_first": {
            "de": "Zuerst muss {name} den Wurminator ziehen: er steht hinter allen Figuren (1 oder 2 gewürfelt).",
            "en": "{name} must first move the Wurminator: it is behind every figure (a 1 or 2 was rolled).",
        },
        "vx_score_players": {
            "de": "Zur Wertung gehört eine nicht leere Liste „players“.",
            "en": "Scoring needs a non-empty list 'players'.",
        },
        "vx_score_not_object": {
            "de": "Eintrag {n} der Spielerliste ist kein Objekt.",
            "en": "Entry {n} of the player list is not an object.",
        },
        "vx_score_bad_name": {
            "de": "Eintrag {n} der Spielerliste hat keinen gültigen Namen.",
            "en": "Entry {n} of the player list has no valid name.",
        },
        "vx_score_tiles_not_list": {
            "de": "Die Tafeln von Eintrag {n} der Spielerliste sind keine Liste.",
            "en": "The tiles of entry {n} of the player list are not a list.",
        },
        "vx_bad_pile_tile": {
            "de": "{name}: „{token}“ (Tafel {position}) ist keine Tafel – erlaubt sind z. B. +3, -7, G.",
            "en": "{name}: '{token}' (tile {position}) is not a tile – use e.g. +3, -7, G.",
        },
        "vx_zero_pile_tile": {
            "de": "{name}: „{token}“ (Tafel {position}) – eine Tafel mit 0 gibt es nicht.",
            "en": "{name}: '{token}' (tile {position}) – there is no tile worth 0.",
        },
    }
)


# --- the game ------------------------------------------------------------------
def default_guards(layout: Sequence[Tile]) -> tuple[int, ...]:
    """vx.setup: the first six positive tiles (plus or lucky) from the start."""
    return tuple(i for i, t in enumerate(layout, start=1) if t.kind != "minus")[:GUARD_COUNT]


def default_figures(seats: int) -> int:
    """vx.setup: 3 figures each with 2 players, 2 each with 3 or more."""
    return 3 if seats == 2 else 2


def figures_per_player(options: Options, seats: int) -> int:
    """vx.setup: ``default_figures`` unless the table set a number."""
    if options.figures_per_player is not None:
        return options.figures_per_player
    return default_figures(seats)


class Verflixxt(Game[Options, State]):
    id = "verflixxt"
    title = "Verflixxt! Kompakt"
    event_figures = {"bite": "bites"}  # statistics: bites per player (history)
    min_players = 2
    max_players = 6
    # Options, State and Action are set below the class: bound in its body, the names would
    # shadow the models in the method signatures.

    # --- setup ------------------------------------------------------------------
    def check_options(self, options: Options, players: list[PlayerSpec]) -> None:
        high = len(options.layout)
        for pos in options.guards or ():
            if not 1 <= pos <= high:
                raise InvalidInput("vx_bad_guard_position", rule="vx.setup", position=pos, high=high)
        if options.first_seat >= len(players):
            raise InvalidInput("vx_bad_first_seat", rule="vx.setup", seat=options.first_seat, count=len(players))

    def start(self, options: Options, players: list[PlayerSpec]) -> State:
        self.check_players(players)
        self.check_options(options, players)
        k = figures_per_player(options, len(players))
        guards = options.guards if options.guards is not None else default_guards(options.layout)
        return State(
            options=options,
            names=tuple(p.name for p in players),
            parcours=tuple(options.layout),
            figures=tuple((0,) * k for _ in players),  # vx.setup: all on the start tile
            guards=tuple(guards),
            wurminator=0 if options.wurminator else None,  # vx.wurm.start
            piles=tuple(() for _ in players),
            turn=options.first_seat,
        )

    def parse_action(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "pass":
            raise Refusal("vx.move", "vx_no_passing")  # vx.move: moving is compulsory, there is no pass
        return super().parse_action(data)

    # --- chance -----------------------------------------------------------------
    def pending_roll(self, state: State) -> RollRequest | None:
        if state.phase != "roll":
            return None
        return RollRequest(by=state.turn, dice=(DieSpec(name="w6", sides=6),))

    def roll_action(self, state: State, values: list[int]) -> Roll:
        if self.pending_roll(state) is None:
            raise Refusal("vx.move", "no_roll_now")
        if len(values) != 1:
            raise InvalidInput("vx_one_die", rule="vx.move", count=len(values))
        if isinstance(values[0], bool) or not isinstance(values[0], int) or not 1 <= values[0] <= 6:
            raise InvalidInput("vx_bad_roll", rule="vx.move", value=values[0])
        return Roll(by=state.turn, value=values[0])

    # --- what may happen now -------------------------------------------------------
    def legal(self, state: State, seat: int | None = None) -> list[Any]:
        if state.phase in ("roll", "over") or (seat is not None and seat != state.turn):
            return []
        me = state.turn
        if state.phase == "wurminator":
            acts: list[Any] = [MoveWurminator(by=me)]
            if not state.wurm_must:
                acts.append(SkipWurminator(by=me))
            return acts
        goal = state.goal
        acts = []
        seen: set[int] = set()
        for i, p in enumerate(state.figures[me]):
            if p != goal and p not in seen:
                seen.add(p)
                acts.append(MoveFigure(by=me, figure=i))
        seen = set()
        for g, p in enumerate(state.guards):
            if p != goal and p not in seen and _guard_movable(state, p):
                seen.add(p)
                acts.append(MoveGuard(by=me, guard=g))
        if _wurm_option(state):
            acts.append(MoveWurminator(by=me))
        return acts

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    # --- apply --------------------------------------------------------------------
    def apply(self, state: State, action: Any) -> State:
        if not isinstance(action, (Roll, MoveFigure, MoveGuard, MoveWurminator, SkipWurminator)):
            action = self.parse_action(action)
        if not 0 <= action.by < len(state.names):
            raise InvalidInput("vx_no_such_seat", seat=action.by)
        if state.phase == "over":
            raise Refusal("vx.out", "game_over")
        if isinstance(action, SkipWurminator) and state.phase != "wurminator":
            raise Refusal("vx.move", "vx_no_passing")  # vx.move: moving is compulsory, for whoever tries to pass
        if isinstance(action, Roll) and state.phase == "wurminator" and state.wurm_must:
            # vx.wurm.must: the owed Wurminator move comes before the next roll (whoever rolls)
            raise Refusal("vx.wurm.must", "vx_wurm_must_first", name=state.names[state.turn])
        if action.by != state.turn:  # vx.setup: clockwise turn order
            raise Refusal("vx.setup", "vx_not_your_turn", name=state.names[state.turn])
        if isinstance(action, Roll):
            if state.phase != "roll":
                raise Refusal("vx.move", "vx_already_rolled")
            return state.model_copy(
                update={
                    "phase": "move",
                    "roll": action.value,
                    "rolls": state.rolls + 1,
                    "moved": False,
                    "wurm_moved": False,
                    "wurm_must": state.wurminator is not None and action.value in (1, 2) and _wurm_behind_all(state),
                    "events": (),
                }
            )
        if state.phase == "roll":
            raise Refusal("vx.move", "vx_roll_first")
        state = state.model_copy(update={"events": ()})
        if isinstance(action, MoveFigure):
            return self._move_figure(state, action)
        if isinstance(action, MoveGuard):
            return self._move_guard(state, action)
        if isinstance(action, MoveWurminator):
            return self._move_wurminator(state)
        return self._skip_wurminator(state)

    def _move_figure(self, state: State, action: MoveFigure) -> State:
        me = state.turn
        figs = state.figures[me]
        if action.figure >= len(figs):
            raise InvalidInput("vx_no_such_figure", figure=action.figure, count=len(figs))
        if state.phase != "move":
            raise Refusal("vx.move", "vx_already_moved")
        src = figs[action.figure]
        if src == state.goal:
            raise Refusal("vx.move", "vx_figure_home")
        dst = _advance(state.parcours, src, state.roll or 0)
        figures = list(state.figures)
        figures[me] = figs[: action.figure] + (dst,) + figs[action.figure + 1 :]
        state = state.model_copy(update={"figures": tuple(figures)})
        # vx.collect: the mover's own figure left ``src``; an empty path tile is
        # theirs (start and goal never; vx.wurm.never_takes: the Wurminator
        # standing there keeps it in the parcours).
        tile = state.tile_at(src)
        if tile is not None and not _occupied(state, src):
            state = state.model_copy(
                update={
                    "parcours": state.parcours[: src - 1] + (None,) + state.parcours[src:],
                    "piles": state.piles[:me] + (state.piles[me] + (tile,),) + state.piles[me + 1 :],
                    "events": state.events + (Event(kind="collect", seat=me, tile=tile, position=src),),
                }
            )
        return _after_normal_move(state)

    def _move_guard(self, state: State, action: MoveGuard) -> State:
        if action.guard >= len(state.guards):
            raise InvalidInput("vx_no_such_guard", guard=action.guard, count=len(state.guards))
        if state.phase != "move":
            raise Refusal("vx.move", "vx_already_moved")
        src = state.guards[action.guard]
        if src == state.goal:
            raise Refusal("vx.move", "vx_guard_home")
        if not _guard_movable(state, src):
            if state.wurminator is not None:
                raise Refusal("vx.wurm.guard", "vx_guard_alone_wurm", position=src)
            raise Refusal("vx.guard", "vx_guard_alone", position=src)
        dst = _advance(state.parcours, src, state.roll or 0)
        guards = state.guards[: action.guard] + (dst,) + state.guards[action.guard + 1 :]
        # vx.collect: a guard never collects; a figure stays behind anyway (vx.guard).
        return _after_normal_move(state.model_copy(update={"guards": guards}))

    def _move_wurminator(self, state: State) -> State:
        if state.wurminator is None:
            raise Refusal("vx.wurm.roll", "vx_no_wurminator")
        if state.roll not in (1, 2):
            raise Refusal("vx.wurm.roll", "vx_wurm_needs_one_or_two", roll=state.roll)
        if state.wurm_moved:
            raise Refusal("vx.wurm.roll", "vx_wurm_already_moved")
        dst = _advance(state.parcours, state.wurminator, state.roll)
        # vx.wurm.never_takes: the tile it leaves stays, even if empty.
        if dst == state.goal:  # vx.wurm.harmless: straight back to start, no bite
            state = state.model_copy(
                update={
                    "wurminator": 0,
                    "wurm_moved": True,
                    "events": state.events + (Event(kind="wurminator_home", position=0),),
                }
            )
        else:
            state = _bite(state.model_copy(update={"wurminator": dst, "wurm_moved": True}), dst)
        if state.phase == "wurminator":  # the normal move was made before
            return _end_turn(state)
        return state

    def _skip_wurminator(self, state: State) -> State:
        if state.wurm_must:
            raise Refusal("vx.wurm.must", "vx_wurm_must")
        return _end_turn(state)

    # --- the end ------------------------------------------------------------------
    def result(self, state: State) -> Result:
        return _result(self.id, state.names, state.piles)

    def score_input(self, data: dict[str, Any]) -> Result:
        """Score finished piles: ``{"players": [{"name": "Ana", "tiles": ["+3", "-2", "G"]}]}``.

        Tiles as in ``parse_layout`` one by one (``"lucky"``/``"G"``, ints too).
        """
        if not isinstance(data, dict) or not isinstance(data.get("players"), list) or not data["players"]:
            raise InvalidInput("vx_score_players", rule="vx.score")
        names: list[str] = []
        piles: list[tuple[Tile, ...]] = []
        for n, entry in enumerate(data["players"], start=1):
            if not isinstance(entry, dict):
                raise InvalidInput("vx_score_not_object", rule="vx.score", n=n)
            try:
                name = PlayerSpec(name=entry.get("name") or f"#{n}").name
            except ValidationError:
                raise InvalidInput("vx_score_bad_name", rule="vx.score", n=n) from None
            raw = entry.get("tiles", [])
            if isinstance(raw, str):
                raw = re.split(r"[\s,;|]+", raw.strip()) if raw.strip() else []
            if not isinstance(raw, list):
                raise InvalidInput("vx_score_tiles_not_list", rule="vx.score", n=n)
            pile = []
            for pos, token in enumerate(raw, start=1):
                text = f"{token:+d}" if isinstance(token, int) and not isinstance(token, bool) else str(token)
                try:
                    if not isinstance(token, (str, int)) or isinstance(token, bool):
                        raise TileError("vx_bad_tile", text)
                    kind, value = _tile_of_text(text)
                except TileError as exc:
                    code = "vx_zero_pile_tile" if exc.code == "vx_zero_tile" else "vx_bad_pile_tile"
                    raise InvalidInput(code, rule="vx.score", name=name, token=text.strip(), position=pos) from None
                pile.append(Tile(kind=kind, value=value))
            names.append(name)
            piles.append(tuple(pile))
        return _result(self.id, tuple(names), tuple(piles))


def _result(game: str, names: Sequence[str], piles: Sequence[Sequence[Tile]]) -> Result:
    scores = [score_tiles(p) for p in piles]
    ranks = places([s.total for s in scores])  # vx.score: equal totals share the place
    return Result(
        game=game,
        players=tuple(
            PlayerResult(
                seat=i,
                name=names[i],
                total=s.total,
                place=ranks[i],
                breakdown={
                    "tiles": [str(t) for t in piles[i]],
                    "plus": sum(t.value for t in piles[i] if t.kind == "plus"),
                    "minus": sum(t.value for t in piles[i] if t.kind == "minus"),
                    "lucky": sum(1 for t in piles[i] if t.kind == "lucky"),
                    "conversions": [{"minus": str(c.minus), "becomes": c.becomes} for c in s.conversions],
                    "unused_lucky": s.unused_lucky,
                    "total": s.total,
                },
            )
            for i, s in enumerate(scores)
        ),
    )


# --- helpers for the screens ----------------------------------------------------------
class Preview(NamedTuple):
    """What a move would do: where the piece ends (the Wurminator reaching the
    goal ends on the start, 0), the tiles the mover collects, and the bites."""

    landing: int
    collected: tuple[Tile, ...]
    bites: tuple[Event, ...]


def move_preview(state: State, action: Any) -> Preview:
    """The effect of a legal ``action`` (raises ``Refusal`` like ``apply``)."""
    after = GAME.apply(state, action)
    if isinstance(action, MoveFigure):
        landing = after.figures[action.by][action.figure]
    elif isinstance(action, MoveGuard):
        landing = after.guards[action.guard]
    elif isinstance(action, MoveWurminator):
        landing = after.wurminator if after.wurminator is not None else 0
    else:
        landing = -1  # not a move of a piece
    collected = tuple(e.tile for e in after.events if e.kind == "collect" and e.tile is not None)
    bites = tuple(e for e in after.events if e.kind in ("bite", "give_back", "bite_empty"))
    return Preview(landing, collected, bites)


class Piece(Frozen):
    """A piece a player may ask about: figure ``index`` of the asking seat, guard ``index``, or the Wurminator."""

    kind: Literal["figure", "guard", "wurminator"]
    index: int = Field(default=0, ge=0)


def explain_piece(state: State, seat: int, piece: Piece) -> RefereeError | None:
    """None when ``seat`` may move ``piece`` with the current roll, else the refusal saying why not.

    Agrees with ``legal(state, seat)`` (and ``apply``): two figures of one seat, or
    two guards, on the same tile are one move – ``legal`` offers the lowest number,
    ``apply`` accepts either – so both are None here. A screen shows the refusal
    beside the piece ("Wächter auf +5: nicht ziehbar", vx.guard).
    """
    if not 0 <= seat < len(state.names):
        return InvalidInput("vx_no_such_seat", seat=seat)
    if piece.kind == "figure" and piece.index >= len(state.figures[seat]):
        return InvalidInput("vx_no_such_figure", figure=piece.index, count=len(state.figures[seat]))
    if piece.kind == "guard" and piece.index >= len(state.guards):
        return InvalidInput("vx_no_such_guard", guard=piece.index, count=len(state.guards))
    if piece.kind == "wurminator" and state.wurminator is None:
        return Refusal("vx.wurm.roll", "vx_no_wurminator")
    if state.phase == "over":
        return Refusal("vx.out", "game_over")
    if seat != state.turn:  # vx.setup: clockwise turn order
        return Refusal("vx.setup", "vx_not_your_turn", name=state.names[state.turn])
    if state.phase == "roll":
        return Refusal("vx.move", "vx_roll_first")
    if piece.kind == "wurminator":
        return _explain_wurminator(state)
    if state.phase == "wurminator":  # the normal move of this turn is made
        if state.wurm_must:  # vx.wurm.must: the owed Wurminator move is all that is left
            return Refusal("vx.wurm.must", "vx_wurm_must_first", name=state.names[state.turn])
        return Refusal("vx.move", "vx_already_moved")
    if piece.kind == "figure":
        if state.figures[seat][piece.index] == state.goal:  # vx.move: a figure on the goal never moves again
            return Refusal("vx.move", "vx_figure_home")
        return None
    where = state.guards[piece.index]
    if where == state.goal:
        return Refusal("vx.move", "vx_guard_home")
    if not _guard_movable(state, where):
        if state.wurminator is not None:  # vx.wurm.guard: a figure or the Wurminator beside it
            return Refusal("vx.wurm.guard", "vx_guard_alone_wurm", position=where)
        return Refusal("vx.guard", "vx_guard_alone", position=where)  # vx.guard: a figure beside it
    return None


def _explain_wurminator(state: State) -> RefereeError | None:
    """vx.wurm.roll: after the normal move it may (vx.wurm.must: must) move; before it, on a 1 or 2, once."""
    if state.phase == "wurminator":
        return None
    if state.roll not in (1, 2):
        return Refusal("vx.wurm.roll", "vx_wurm_needs_one_or_two", roll=state.roll)
    if state.wurm_moved:
        return Refusal("vx.wurm.roll", "vx_wurm_already_moved")
    return None


class Advice(NamedTuple):
    action: Any
    immediate: int  # the mover's score change from this action itself
    expected: float  # the mover's margin one roll ahead (see ``advise``)


def _greedy(state: State, seat: int, rival: int | None = None) -> State:
    """Play out ``seat``'s open decisions taking its best immediate score
    (ties: the worst for ``rival``, then the first offered)."""
    while state.phase in ("move", "wurminator"):
        base = state
        best = None
        for a in GAME.legal(base):
            s = GAME.apply(base, a)
            key = (_total(s.piles[seat]), -_total(s.piles[rival]) if rival is not None else 0)
            if best is None or key > best[0]:
                best = (key, s)
        assert best is not None
        state = best[1]
    return state


def advise(state: State) -> list[Advice]:
    """Each legal move now, with its immediate and one-roll-ahead value.

    ``immediate``: the mover's score change (vx.score, lucky conversions
    included) caused by the action itself (collected tile, own figures bitten).
    ``expected``: the change of the mover's *margin* – own score minus the next
    player's – over the rest of this turn and the next player's turn, averaged
    over that player's W6 (1..6 equally likely). Rest of this turn: the mover
    then takes their best immediate option (e.g. the Wurminator after the
    move). The next player takes, step by step, their own best immediate move
    (ties: the one worst for the mover). Counting the next player's gain is
    what makes "don't leave the +8 to your neighbour" visible. If the game
    ends, the margin stops changing.
    """
    if state.phase not in ("move", "wurminator"):
        return []
    me = state.turn
    mine0 = _total(state.piles[me])
    out = []
    for a in GAME.legal(state):
        s1 = GAME.apply(state, a)
        immediate = _total(s1.piles[me]) - mine0
        s2 = _greedy(s1, me)
        mine2 = _total(s2.piles[me])
        ahead = 0.0
        if s2.phase == "roll" and s2.turn != me:
            rival = s2.turn
            theirs2 = _total(s2.piles[rival])
            for v in range(1, 7):
                s4 = _greedy(GAME.apply(s2, Roll(by=rival, value=v)), rival, me)
                ahead += (_total(s4.piles[me]) - mine2) - (_total(s4.piles[rival]) - theirs2)
            ahead /= 6
        out.append(Advice(a, immediate, (mine2 - mine0) + ahead))
    return out


Verflixxt.Options, Verflixxt.State, Verflixxt.Action = Options, State, Action
GAME = register(Verflixxt())
