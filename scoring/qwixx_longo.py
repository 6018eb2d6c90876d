"""Qwixx Longo: Qwixx with six W8 dice, two lucky numbers per sheet.

Every ruling ``q8.*`` of RULINGS.md is enforced here, next to its check.

A turn runs through phases:
``roll`` (the active player rolls six W8; removed colours are not rolled) →
``white`` (q8.simultaneous: every player decides once — cross the white sum,
take the lucky cross, or pass; locks made here take effect when the phase
ends) → ``color`` (q8.color: the active player alone crosses white + colour,
or passes) → end of turn (q8.misthrow, q8.end), next player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, model_validator

from scoring.dice import RandomSource
from scoring.engine import (
    DieSpec,
    Frozen,
    Game,
    PlayerResult,
    PlayerSpec,
    Result,
    RollRequest,
    first_error,
    places,
    register,
)
from scoring.errors import InvalidInput, Refusal
from scoring.texts import add_texts

Color = Literal["red", "yellow", "green", "blue"]
COLORS: tuple[Color, ...] = ("red", "yellow", "green", "blue")
ASCENDING: frozenset[str] = frozenset({"red", "yellow"})
LOW, HIGH = 2, 16
DIE_SIDES = 8


def draw_lucky(rng: RandomSource) -> tuple[int, int]:
    """q8.lucky: two different numbers LOW..HIGH for a sheet, smaller first (``rng`` needs ``randint``)."""
    a = rng.randint(LOW, HIGH)
    b = rng.randint(LOW, HIGH - 1)
    b = b + 1 if b >= a else b  # uniform over the other numbers
    return (min(a, b), max(a, b))


def check_lucky(name: str, pair: Sequence[int]) -> None:
    """q8.lucky: exactly two different numbers LOW..HIGH, else refused naming the sheet's player."""
    if len(pair) != 2 or pair[0] == pair[1] or not all(LOW <= n <= HIGH for n in pair):
        raise InvalidInput("q8_lucky_numbers", rule="q8.lucky", name=name, value=", ".join(map(str, pair)) or "–")


def row_fields(color: str) -> tuple[int, ...]:
    """q8.rows: red/yellow 2→16, green/blue 16→2, left to right."""
    fields = tuple(range(LOW, HIGH + 1))
    return fields if color in ASCENDING else tuple(reversed(fields))


def lock_fields(color: str) -> tuple[int, int]:
    """q8.lockfields: the last two fields of a row."""
    f = row_fields(color)
    return (f[-2], f[-1])


def row_points(n: int) -> int:
    """q8.score: n crosses score n·(n+1)/2."""
    return n * (n + 1) // 2


# --- options, state, actions ---------------------------------------------------
class Options(Frozen):
    lucky_numbers: tuple[tuple[int, int], ...] = Field(
        default=(), description="q8.lucky: two different numbers 2..16 per sheet, in seat order"
    )
    lock_min_crosses: int = Field(default=6, ge=0, le=13, description="q8.lockfields")
    lucky_replaces: Literal["white", "turn"] = Field(default="white", description="q8.lucky")
    misthrow_penalty: int = Field(default=5, ge=0, le=50, description="q8.misthrow")
    end_locked_rows: int = Field(default=2, ge=1, le=4, description="q8.end")
    end_misthrows: int = Field(default=4, ge=1, le=20, description="q8.end")
    # a house rule of the app, not of the game: the play screen may show the coach's advice on a
    # tap; off unless the table turns it on (and in every record kept before it existed)
    hints: bool = Field(default=False, description="allow the coach's hints")


def _no_crosses() -> dict[Color, tuple[int, ...]]:
    return {c: () for c in COLORS}


class Sheet(Frozen):
    lucky: tuple[int, int]
    rows: dict[Color, tuple[int, ...]] = Field(default_factory=_no_crosses)
    locked_by_me: tuple[Color, ...] = ()
    misthrows: int = 0

    def crosses(self, color: Color) -> int:
        """Crosses in a row, the lock bonus cross included (q8.lockfields)."""
        return len(self.rows[color]) + (1 if color in self.locked_by_me else 0)


class Roll(Frozen):
    type: Literal["roll"] = "roll"
    by: int
    white1: int = Field(ge=1, le=DIE_SIDES)
    white2: int = Field(ge=1, le=DIE_SIDES)
    red: int | None = Field(default=None, ge=1, le=DIE_SIDES)
    yellow: int | None = Field(default=None, ge=1, le=DIE_SIDES)
    green: int | None = Field(default=None, ge=1, le=DIE_SIDES)
    blue: int | None = Field(default=None, ge=1, le=DIE_SIDES)

    @property
    def white_sum(self) -> int:
        return self.white1 + self.white2

    def color_value(self, color: str) -> int | None:
        value: int | None = getattr(self, color)
        return value


class WhiteCross(Frozen):
    """q8.white: cross the white sum in one open row."""

    type: Literal["white"] = "white"
    by: int
    row: Color


class LuckyCross(Frozen):
    """q8.lucky: instead of the white-sum cross, the next field of a fewest-cross row."""

    type: Literal["lucky"] = "lucky"
    by: int
    row: Color


class ColorCross(Frozen):
    """q8.color: the active player adds one white die to one colour die."""

    type: Literal["color"] = "color"
    by: int
    row: Color
    white: Literal[1, 2]


class Pass(Frozen):
    """Decline the current phase (white: anyone; color: the active player)."""

    type: Literal["pass"] = "pass"
    by: int


Action = Annotated[Roll | WhiteCross | LuckyCross | ColorCross | Pass, Field(discriminator="type")]

Phase = Literal["roll", "white", "color", "over"]


class State(Frozen):
    options: Options
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    active: int = 0
    turn: int = 1
    phase: Phase = "roll"
    dice: Roll | None = None
    removed: tuple[Color, ...] = Field(default=(), description="colour dice out of the game (rows locked)")
    locking: tuple[Color, ...] = Field(default=(), description="rows locked during the white phase (q8.simultaneous)")
    decided: tuple[bool, ...] = ()
    active_crossed: bool = False
    active_lucky: bool = False
    lucky_took_turn: int | None = Field(
        default=None, description="q8.lucky: the seat whose lucky cross used up its last turn (lucky_replaces=turn)"
    )

    @property
    def rolled(self) -> Roll:
        """The dice of this turn (phases white and color, and over after the last roll)."""
        if self.dice is None:
            raise RuntimeError("no dice rolled in this phase")  # an engine bug, not a player's mistake
        return self.dice

    @model_validator(mode="after")
    def _shape(self) -> State:
        if len(self.sheets) != len(self.names):
            raise ValueError("one sheet per player")
        return self


# --- refusal texts ---------------------------------------------------------------
add_texts(
    {
        "q8_roll_first": {"de": "Zuerst muss {name} würfeln.", "en": "{name} must roll first."},
        "q8_not_rolling": {"de": "Jetzt wird nicht gewürfelt.", "en": "This is not the time to roll."},
        "q8_wrong_roller": {"de": "{name} ist dran mit Würfeln.", "en": "It is {name}'s turn to roll."},
        "q8_removed_die": {
            "de": "Der {color_die} ist aus dem Spiel und wird nicht geworfen.",
            "en": "The {color_die} is out of the game and is not rolled.",
        },
        "q8_missing_die": {
            "de": "Der {color_die} fehlt im Wurf.",
            "en": "The {color_die} is missing from the roll.",
        },
        "q8_dice_count": {
            "de": "Geworfen werden {expected} Würfel, nicht {count}.",
            "en": "{expected} dice are rolled, not {count}.",
        },
        "q8_bad_die": {
            "de": "Der {die} zeigt eine Zahl von 1 bis 8, nicht {value}.",
            "en": "The {die} shows 1 to 8, not {value}.",
        },
        "q8_already_decided": {
            "de": "{name} hat in dieser Phase schon entschieden.",
            "en": "{name} has already decided in this phase.",
        },
        "q8_not_white_phase": {
            "de": "Die Phase der weißen Summe ist vorbei.",
            "en": "The white-sum phase is over.",
        },
        "q8_not_color_phase": {
            "de": "Jetzt ist nicht die Farbphase.",
            "en": "This is not the colour phase.",
        },
        "q8_only_active": {
            "de": "Nur {name} (am Zug) darf weiß + Farbe kombinieren.",
            "en": "Only {name} (the active player) may combine white and colour.",
        },
        "q8_row_locked": {"de": "Die Reihe {color} ist abgeschlossen.", "en": "The {color} row is locked."},
        "q8_left_of_cross": {
            "de": "{number} liegt in {color} nicht rechts vom letzten Kreuz ({last}).",
            "en": "{number} is not right of the last cross ({last}) in {color}.",
        },
        "q8_lock_needs_crosses": {
            "de": "Für ein Schlossfeld brauchst du {need} Kreuze in {color} (du hast {have}).",
            "en": "You need {need} crosses in {color} before a lock field (you have {have}).",
        },
        "q8_not_lucky": {
            "de": "Die weiße Summe {sum} ist keine Glückszahl von {name} ({lucky}).",
            "en": "The white sum {sum} is not one of {name}'s lucky numbers ({lucky}).",
        },
        "q8_lucky_not_fewest": {
            "de": "Das Glückszahl-Kreuz geht nur in eine Reihe mit den wenigsten Kreuzen ({rows}).",
            "en": "The lucky cross goes only into a row with the fewest crosses ({rows}).",
        },
        "q8_lucky_replaces_turn": {
            "de": "Nach dem Glückszahl-Kreuz bleibt dieser Wurf für dich ungenutzt (Hausregel: ganzer Zug).",
            "en": "After the lucky cross you use no more dice this turn (house rule: whole turn).",
        },
        "q8_die_removed": {
            "de": "Der {color_die} ist aus dem Spiel.",
            "en": "The {color_die} is out of the game.",
        },
        "q8_not_white_sum": {
            "de": "Jetzt gilt die weiße Summe {sum}, nicht {number}.",
            "en": "The white sum now is {sum}, not {number}.",
        },
        "q8_not_color_sum": {
            "de": "{number} in {color}: ein weißer Würfel plus der {color_die} ergibt nur {sums}.",
            "en": "{number} in {color}: a white die plus the {color_die} makes only {sums}.",
        },
        "q8_bad_seat": {"de": "Platz {seat} gibt es nicht.", "en": "There is no seat {seat}."},
        "q8_lucky_numbers": {
            "de": "Glückszahlen von {name}: zwei verschiedene Zahlen von 2 bis 16 ({value}).",
            "en": "Lucky numbers of {name}: two different numbers from 2 to 16 ({value}).",
        },
        "q8_lucky_count": {
            "de": {"count": "players", "one": "Für {players} Spielzettel zwei Glückszahlen (angegeben: {given}).",
                   "other": "Für jeden der {players} Spielzettel zwei Glückszahlen (angegeben: {given})."},
            "en": {"count": "players", "one": "Two lucky numbers for the {players} sheet (given: {given}).",
                   "other": "Two lucky numbers for each of the {players} sheets (given: {given})."},
        },
        "q8_sheet_range": {
            "de": "{name}: {number} gibt es in der Reihe {color} nicht (2–16).",
            "en": "{name}: there is no {number} in the {color} row (2–16).",
        },
        "q8_sheet_twice": {
            "de": "{name}: {number} ist in {color} doppelt angekreuzt.",
            "en": "{name}: {number} is crossed twice in {color}.",
        },
        "q8_sheet_both_locks": {
            "de": "{name}: in {color} sind beide Schlossfelder angekreuzt.",
            "en": "{name}: both lock fields are crossed in {color}.",
        },
        "q8_sheet_lock_early": {
            "de": {
                "count": "have",
                "one": "{name}: Schlossfeld {number} in {color} mit nur {have} Kreuz davor (nötig {need}).",
                "other": "{name}: Schlossfeld {number} in {color} mit nur {have} Kreuzen davor (nötig {need}).",
            },
            "en": {
                "count": "have",
                "one": "{name}: lock field {number} in {color} with only {have} cross before it ({need} needed).",
                "other": "{name}: lock field {number} in {color} with only {have} crosses before it ({need} needed).",
            },
        },
        "q8_sheet_misthrows": {
            "de": "{name}: höchstens {most} Fehlwürfe, nicht {value}.",
            "en": "{name}: at most {most} misthrows, not {value}.",
        },
    }
)

# --- the rules -------------------------------------------------------------------
def open_rows(state: State) -> list[Color]:
    """Rows still in play (a row locked in this white phase stays open until it ends)."""
    return [c for c in COLORS if c not in state.removed]


def cross_problem(state: State, seat: int, color: Color, number: int) -> Refusal | None:
    """Why ``seat`` may not cross ``number`` in ``color`` now (None: it may)."""
    sheet = state.sheets[seat]
    if color in state.removed:  # q8.lockfields: a locked row is closed for everybody
        return Refusal("q8.lockfields", "q8_row_locked", color=color)
    fields = row_fields(color)
    if number not in fields:
        return Refusal("q8.rows", "q8_sheet_range", name=state.names[seat], number=number, color=color)
    crossed = sheet.rows[color]
    if crossed and fields.index(number) <= fields.index(crossed[-1]):
        # q8.rows: a field left of or equal to the rightmost cross can never be crossed
        return Refusal("q8.rows", "q8_left_of_cross", number=number, color=color, last=crossed[-1])
    if number in lock_fields(color) and len(crossed) < state.options.lock_min_crosses:
        return Refusal(
            "q8.lockfields",
            "q8_lock_needs_crosses",
            color=color,
            need=state.options.lock_min_crosses,
            have=len(crossed),
        )
    return None


def lucky_field(state: State, seat: int, color: Color) -> int | None:
    """q8.lucky: the first free field right of the row's last cross."""
    fields = row_fields(color)
    crossed = state.sheets[seat].rows[color]
    i = fields.index(crossed[-1]) + 1 if crossed else 0
    return fields[i] if i < len(fields) else None


def crossed_number(state: State, action: Any) -> int | None:
    """The field a cross action would cross with the current dice (None for a pass)."""
    if isinstance(action, WhiteCross):
        return state.rolled.white_sum
    if isinstance(action, ColorCross):
        white = state.rolled.white1 if action.white == 1 else state.rolled.white2
        value = state.rolled.color_value(action.row)
        return None if value is None else white + value  # None: that die is out of the game
    if isinstance(action, LuckyCross):
        return lucky_field(state, action.by, action.row)
    return None


def lucky_rows(state: State, seat: int) -> list[Color]:
    """q8.lucky: the open rows with the fewest crosses whose next field may be crossed."""
    rows = open_rows(state)
    if not rows:
        return []
    sheet = state.sheets[seat]
    fewest = min(len(sheet.rows[c]) for c in rows)
    out = []
    for c in rows:
        if len(sheet.rows[c]) != fewest:
            continue
        f = lucky_field(state, seat, c)
        if f is not None and cross_problem(state, seat, c, f) is None:
            out.append(c)
    return out


def explain_field(state: State, seat: int, color: Color, number: int) -> Any:
    """The action that would cross this field for ``seat`` now, or the Refusal saying why not.

    Lets a player tap a field on the sheet and hear the referee either way.
    """
    if state.phase == "over":
        return Refusal("q8.end", "game_over")
    if state.phase == "roll":
        return Refusal("q8.dice", "q8_roll_first", name=state.names[state.active])
    if state.phase == "white":
        if state.decided[seat]:
            return Refusal("q8.white", "q8_already_decided", name=state.names[seat])
        total = state.rolled.white_sum
        sheet = state.sheets[seat]
        if total in sheet.lucky and color in lucky_rows(state, seat) and lucky_field(state, seat, color) == number:
            return LuckyCross(by=seat, row=color)
        if number != total:
            return Refusal("q8.white", "q8_not_white_sum", sum=total, number=number)
        return cross_problem(state, seat, color, number) or WhiteCross(by=seat, row=color)
    if seat != state.active:
        return Refusal("q8.color", "q8_only_active", name=state.names[state.active])
    if state.active_lucky and state.options.lucky_replaces == "turn":
        return Refusal("q8.lucky", "q8_lucky_replaces_turn")
    value = state.rolled.color_value(color)
    if value is None or color in state.removed:
        return Refusal("q8.lockfields", "q8_die_removed", color=color)
    sums = sorted({state.rolled.white1 + value, state.rolled.white2 + value})
    for w, white in ((1, state.rolled.white1), (2, state.rolled.white2)):
        if white + value == number:
            return cross_problem(state, seat, color, number) or ColorCross(by=seat, row=color, white=w)
    return Refusal("q8.color", "q8_not_color_sum", number=number, color=color, sums=", ".join(map(str, sums)))


def _fewest_rows(state: State, seat: int) -> list[Color]:
    rows = open_rows(state)
    sheet = state.sheets[seat]
    fewest = min((len(sheet.rows[c]) for c in rows), default=0)
    return [c for c in rows if len(sheet.rows[c]) == fewest]


def _crossed(state: State, seat: int, color: Color, number: int, *, immediate_lock: bool) -> State:
    sheet = state.sheets[seat]
    rows = dict(sheet.rows)
    rows[color] = rows[color] + (number,)
    locked_by_me = sheet.locked_by_me
    removed, locking = state.removed, state.locking
    if number in lock_fields(color):
        # q8.lockfields: bonus cross for the locker; the colour die leaves the game
        locked_by_me = locked_by_me + (color,)
        if immediate_lock:
            removed = removed + (color,)
        elif color not in locking:
            locking = locking + (color,)  # q8.simultaneous: locked when the phase ends
    sheets = list(state.sheets)
    sheets[seat] = sheet.model_copy(update={"rows": rows, "locked_by_me": locked_by_me})
    return state.model_copy(update={"sheets": tuple(sheets), "removed": removed, "locking": locking})


def _end_white_phase(state: State) -> State:
    removed = state.removed + tuple(c for c in state.locking if c not in state.removed)
    state = state.model_copy(update={"removed": removed, "locking": (), "phase": "color"})
    if state.active_lucky and state.options.lucky_replaces == "turn":
        return _end_turn(state).model_copy(update={"lucky_took_turn": state.active})
    if not any(state.rolled.color_value(c) is not None for c in COLORS if c not in state.removed):
        return _end_turn(state)
    return state


def _end_turn(state: State) -> State:
    sheets = list(state.sheets)
    if not state.active_crossed:
        # q8.misthrow: the active player made no cross at all this turn
        s = sheets[state.active]
        sheets[state.active] = s.model_copy(update={"misthrows": s.misthrows + 1})
    state = state.model_copy(update={"sheets": tuple(sheets)})
    opts = state.options
    # q8.end: after the current roll has been fully played
    if len(state.removed) >= opts.end_locked_rows or any(s.misthrows >= opts.end_misthrows for s in sheets):
        return state.model_copy(update={"phase": "over", "dice": state.dice})
    return state.model_copy(
        update={
            "phase": "roll",
            "active": (state.active + 1) % len(state.names),
            "turn": state.turn + 1,
            "decided": (),
            "active_crossed": False,
            "active_lucky": False,
            "lucky_took_turn": None,
        }
    )


class QwixxLongo(Game[Options, State]):
    id = "qwixx-longo"
    title = "Qwixx Longo"
    min_players = 1
    max_players = 5
    # Options, State and Action are set below the class: bound in its body, the names would
    # shadow the models in the method signatures.

    # --- setup ---------------------------------------------------------------
    def check_options(self, options: Options, players: list[PlayerSpec]) -> None:
        if len(options.lucky_numbers) != len(players):
            raise InvalidInput(
                "q8_lucky_count", rule="q8.lucky", players=len(players), given=len(options.lucky_numbers)
            )
        for p, pair in zip(players, options.lucky_numbers, strict=True):
            check_lucky(p.name, pair)

    def start(self, options: Options, players: list[PlayerSpec]) -> State:
        return State(
            options=options,
            names=tuple(p.name for p in players),
            sheets=tuple(Sheet(lucky=tuple(pair)) for pair in options.lucky_numbers),
        )

    # --- chance ---------------------------------------------------------------
    def pending_roll(self, state: State) -> RollRequest | None:
        if state.phase != "roll":
            return None
        dice = [DieSpec(name="white1", sides=8), DieSpec(name="white2", sides=8)]
        dice += [DieSpec(name=c, sides=8) for c in COLORS if c not in state.removed]  # q8.dice
        return RollRequest(by=state.active, dice=tuple(dice))

    def roll_action(self, state: State, values: list[int]) -> Roll:
        req = self.pending_roll(state)
        if req is None:
            raise Refusal("q8.dice", "q8_not_rolling")
        if len(values) != len(req.dice):
            raise InvalidInput("q8_dice_count", rule="q8.dice", expected=len(req.dice), count=len(values))
        for die, value in zip(req.dice, values, strict=True):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= die.sides:
                raise InvalidInput("q8_bad_die", rule="q8.dice", die=die.name, value=value)
        return Roll(by=req.by, **{d.name: v for d, v in zip(req.dice, values, strict=True)})

    # --- legal actions ----------------------------------------------------------
    def legal(self, state: State, seat: int | None = None) -> list[Any]:
        seats = range(len(state.names)) if seat is None else [seat]
        out: list[Any] = []
        if state.phase == "white":
            for s in seats:
                if state.decided[s]:
                    continue
                total = state.rolled.white_sum
                out += [WhiteCross(by=s, row=c) for c in COLORS if cross_problem(state, s, c, total) is None]
                if total in state.sheets[s].lucky:
                    out += [LuckyCross(by=s, row=c) for c in lucky_rows(state, s)]
                out.append(Pass(by=s))
        elif state.phase == "color" and state.active in seats:
            for c in COLORS:
                v = state.rolled.color_value(c)
                if v is None or c in state.removed:
                    continue
                for w in (1, 2):
                    white = state.rolled.white1 if w == 1 else state.rolled.white2
                    if cross_problem(state, state.active, c, white + v) is None:
                        out.append(ColorCross(by=state.active, row=c, white=w))
            out.append(Pass(by=state.active))
        return out

    # --- apply ----------------------------------------------------------------
    def apply(self, state: State, action: Any) -> State:
        if not isinstance(action, (Roll, WhiteCross, LuckyCross, ColorCross, Pass)):
            action = self.parse_action(action)
        if state.phase == "over":
            raise Refusal("q8.end", "game_over")
        if not 0 <= action.by < len(state.names):
            raise InvalidInput("q8_bad_seat", seat=action.by)
        if isinstance(action, Roll):
            return self._apply_roll(state, action)
        if state.phase == "roll":
            if isinstance(action, ColorCross) and action.by == state.lucky_took_turn:
                # q8.lucky (lucky_replaces=turn): that lucky cross used the whole turn, colour cross included
                raise Refusal("q8.lucky", "q8_lucky_replaces_turn")
            raise Refusal("q8.dice", "q8_roll_first", name=state.names[state.active])
        if state.phase == "white":
            return self._apply_white(state, action)
        return self._apply_color(state, action)

    def _apply_roll(self, state: State, roll: Roll) -> State:
        if state.phase != "roll":
            raise Refusal("q8.dice", "q8_not_rolling")
        if roll.by != state.active:
            raise Refusal("q8.dice", "q8_wrong_roller", name=state.names[state.active])
        for c in COLORS:  # q8.dice: a removed colour die is not rolled
            if c in state.removed and roll.color_value(c) is not None:
                raise Refusal("q8.dice", "q8_removed_die", color=c)
            if c not in state.removed and roll.color_value(c) is None:
                raise Refusal("q8.dice", "q8_missing_die", color=c)
        return state.model_copy(
            update={"phase": "white", "dice": roll, "decided": (False,) * len(state.names), "locking": (),
                    "lucky_took_turn": None}
        )

    def _apply_white(self, state: State, action: Any) -> State:
        seat = action.by
        if isinstance(action, ColorCross):
            if seat == state.active and state.active_lucky and state.options.lucky_replaces == "turn":
                raise Refusal("q8.lucky", "q8_lucky_replaces_turn")  # q8.lucky: no colour phase follows for this seat
            raise Refusal("q8.color", "q8_not_color_phase")
        if state.decided[seat]:
            raise Refusal("q8.white", "q8_already_decided", name=state.names[seat])
        total = state.rolled.white_sum
        new = state
        if isinstance(action, WhiteCross):
            # q8.white: the white sum in any one open row
            problem = cross_problem(state, seat, action.row, total)
            if problem is not None:
                raise problem
            new = _crossed(state, seat, action.row, total, immediate_lock=False)
        elif isinstance(action, LuckyCross):
            new = self._lucky(state, seat, action.row)
        decided = list(new.decided)
        decided[seat] = True
        update: dict[str, Any] = {"decided": tuple(decided)}
        if seat == state.active and not isinstance(action, Pass):
            update["active_crossed"] = True
            update["active_lucky"] = isinstance(action, LuckyCross)
        new = new.model_copy(update=update)
        if all(new.decided):
            new = _end_white_phase(new)
        return new

    def _lucky(self, state: State, seat: int, color: Color) -> State:
        sheet = state.sheets[seat]
        total = state.rolled.white_sum
        if total not in sheet.lucky:
            raise Refusal(
                "q8.lucky",
                "q8_not_lucky",
                sum=total,
                name=state.names[seat],
                lucky=f"{sheet.lucky[0]}, {sheet.lucky[1]}",
            )
        if color in state.removed:
            raise Refusal("q8.lockfields", "q8_row_locked", color=color)
        fewest = _fewest_rows(state, seat)
        if color not in fewest:
            raise Refusal("q8.lucky", "q8_lucky_not_fewest", rows=tuple(fewest))
        target = lucky_field(state, seat, color)
        if target is None:  # every field crossed, the lock field too: the row is locked
            raise Refusal("q8.lockfields", "q8_row_locked", color=color)
        problem = cross_problem(state, seat, color, target)
        if problem is not None:
            raise problem  # q8.lucky: a lock field without enough crosses cannot take it
        return _crossed(state, seat, color, target, immediate_lock=False)

    def _apply_color(self, state: State, action: Any) -> State:
        if isinstance(action, (WhiteCross, LuckyCross)):
            raise Refusal("q8.white", "q8_not_white_phase")
        if action.by != state.active:
            raise Refusal("q8.color", "q8_only_active", name=state.names[state.active])
        if isinstance(action, Pass):
            return _end_turn(state)
        if state.active_lucky and state.options.lucky_replaces == "turn":
            raise Refusal("q8.lucky", "q8_lucky_replaces_turn")
        value = state.rolled.color_value(action.row)
        if value is None or action.row in state.removed:
            raise Refusal("q8.lockfields", "q8_die_removed", color=action.row)
        white = state.rolled.white1 if action.white == 1 else state.rolled.white2
        total = white + value
        problem = cross_problem(state, state.active, action.row, total)
        if problem is not None:
            raise problem
        new = _crossed(state, state.active, action.row, total, immediate_lock=True)
        return _end_turn(new.model_copy(update={"active_crossed": True}))

    # --- end and score ------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        return score_sheets(list(state.names), list(state.sheets), state.options.misthrow_penalty)

    def actor(self, state: State, action: Any) -> int | None:
        seat: int = action.by
        return seat

    def current_seats(self, state: State) -> list[int]:
        if state.phase == "roll":
            return [state.active]
        if state.phase == "white":
            return [i for i, d in enumerate(state.decided) if not d]
        if state.phase == "color":
            return [state.active]
        return []

    def score_input(self, data: dict[str, Any]) -> Result:
        return score_input(data)


def score_sheets(names: list[str], sheets: list[Sheet], penalty: int) -> Result:
    """q8.score: per row n·(n+1)/2 with the bonus cross, minus misthrows."""
    totals, breakdowns = [], []
    for sheet in sheets:
        rows: dict[str, dict[str, Any]] = {}
        for c in COLORS:
            n = sheet.crosses(c)
            rows[c] = {
                "crosses": list(sheet.rows[c]),
                "bonus": c in sheet.locked_by_me,
                "count": n,
                "points": row_points(n),
            }
        penalty_points = sheet.misthrows * penalty
        total = sum(r["points"] for r in rows.values()) - penalty_points
        totals.append(total)
        breakdowns.append({"rows": rows, "misthrows": sheet.misthrows, "penalty": penalty_points})
    ranks = places(totals)
    return Result(
        game="qwixx-longo",
        players=tuple(
            PlayerResult(seat=i, name=n, total=t, place=p, breakdown=b)
            for i, (n, t, p, b) in enumerate(zip(names, totals, ranks, breakdowns, strict=True))
        ),
    )


class _ScoreRow(Frozen):
    red: list[int] = []
    yellow: list[int] = []
    green: list[int] = []
    blue: list[int] = []


class _ScorePlayer(Frozen):
    name: str = Field(min_length=1, max_length=40)
    misthrows: int = Field(default=0, ge=0)
    rows: _ScoreRow = _ScoreRow()


class _ScoreInput(Frozen):
    game: str
    players: list[_ScorePlayer] = Field(min_length=1, max_length=5)
    options: Options = Options()


def score_input(data: dict[str, Any]) -> Result:
    """Score finished sheets (CLI ``score``): rows in any order; a lock field means the player locked."""
    try:
        parsed = _ScoreInput.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput("bad_score_input", detail=first_error(exc)) from None
    opts = parsed.options
    sheets = []
    for p in parsed.players:
        if p.misthrows > opts.end_misthrows:
            raise Refusal("q8.misthrow", "q8_sheet_misthrows", name=p.name, most=opts.end_misthrows, value=p.misthrows)
        rows: dict[str, tuple[int, ...]] = {}
        locked_by_me: list[str] = []
        for c in COLORS:
            numbers = getattr(p.rows, c)
            fields = row_fields(c)
            for n in numbers:
                if n not in fields:
                    raise Refusal("q8.rows", "q8_sheet_range", name=p.name, number=n, color=c)
            seen = set()
            for n in numbers:
                if n in seen:
                    raise Refusal("q8.rows", "q8_sheet_twice", name=p.name, number=n, color=c)
                seen.add(n)
            ordered = tuple(sorted(numbers, key=fields.index))
            locks = [n for n in ordered if n in lock_fields(c)]
            if len(locks) > 1:
                raise Refusal("q8.lockfields", "q8_sheet_both_locks", name=p.name, color=c)
            if locks:
                before = ordered.index(locks[0])
                if before < opts.lock_min_crosses:
                    raise Refusal(
                        "q8.lockfields",
                        "q8_sheet_lock_early",
                        name=p.name,
                        number=locks[0],
                        color=c,
                        have=before,
                        need=opts.lock_min_crosses,
                    )
                locked_by_me.append(c)
            rows[c] = ordered
        sheets.append(Sheet(lucky=(2, 3), rows=rows, locked_by_me=tuple(locked_by_me), misthrows=p.misthrows))
    return score_sheets([p.name for p in parsed.players], sheets, opts.misthrow_penalty)


QwixxLongo.Options, QwixxLongo.State, QwixxLongo.Action = Options, State, Action
GAME = register(QwixxLongo())
