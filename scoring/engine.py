"""The one referee protocol every game implements, the game record and replay.

In the spirit of OpenSpiel's state API and boardgame.io's moves:

- ``game.start(options, players) -> State``
- ``game.legal(state, seat=None) -> list[Action]``   (non-chance actions)
- ``game.pending_roll(state) -> RollRequest | None`` (chance: which dice now)
- ``game.apply(state, action) -> State``             (or raise ``Refusal``)
- ``game.is_over(state)`` and ``game.result(state)``

States are frozen pydantic models; ``apply`` returns a new one, so a refused
action leaves nothing half done. Dice are actions that carry their values, so a
record of actions fully determines a game: replay never rolls.
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    TypeAdapter,
    ValidationError,
    create_model,
    field_validator,
)

from scoring.errors import InvalidInput, RefereeError, Refusal
from scoring.names import check_seat_names
from scoring.texts import LANGS, add_names, add_texts

FORMAT_VERSION: Literal[1] = 1
NAME_MAX = 40


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerSpec(Frozen):
    """A seat at the table. Game-specific seat settings live in the options."""

    name: str = Field(min_length=1, max_length=NAME_MAX)
    color: str | None = Field(default=None, max_length=20)
    profile_id: str | None = Field(default=None, max_length=64)

    @field_validator("name")
    @classmethod
    def _clean_name(cls, v: str) -> str:
        v = " ".join(v.split())
        if not v:
            raise ValueError("name is empty")
        if any(unicodedata.category(c) == "Cc" for c in v):
            raise ValueError("name contains control characters")
        if not any(visible(c) for c in v):  # e.g. only zero-width spaces or joiners
            raise ValueError("name has no visible character")
        return v


# Letters that draw nothing although Unicode files them as letters or symbols.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})


def visible(ch: str) -> bool:
    """True for a character that shows on screen (not a space, a zero-width or control character)."""
    return ch not in _BLANK_LETTERS and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES


class DieSpec(Frozen):
    name: str  # e.g. "white1", "red", "w6"
    sides: int


class RollRequest(Frozen):
    """Chance node: the dice the seat ``by`` must roll now (``purpose``: what for, for the screen)."""

    by: int
    dice: tuple[DieSpec, ...]
    purpose: str | None = None


# --- action templates: ``legal()`` where the table enters a value --------------
class Range(Frozen):
    """Whole numbers lo..hi, both included."""

    lo: int
    hi: int


class Text(Frozen):
    """Free text (a name) of min..max characters."""

    min_length: int = 1
    max_length: int


class Template(Frozen):
    """A legal action whose entered values are open: ``fields`` give each one's range or choices.

    ``fixed`` holds the values already decided (``by``, a reason); ``fill``
    gives the action's data for ``Game.parse_action`` once every field is chosen.
    """

    action_type: str
    fixed: dict[str, Any] = Field(default_factory=dict)
    fields: dict[str, Range | Text | tuple[Any, ...]]  # a tuple: the allowed choices

    @property
    def by(self) -> Any:
        return self.fixed.get("by")

    @property
    def type(self) -> str:
        """The action type this template makes (like an action's ``type``)."""
        return self.action_type

    def __hash__(self) -> int:
        return hash((self.action_type, repr(self.fixed), repr(self.fields)))

    def allows(self, name: str, value: Any) -> bool:
        spec = self.fields[name]
        if isinstance(spec, Range):
            return isinstance(value, int) and not isinstance(value, bool) and spec.lo <= value <= spec.hi
        if isinstance(spec, Text):
            return isinstance(value, str) and spec.min_length <= len(value.strip()) <= spec.max_length
        return value in spec

    def fill(self, **values: Any) -> dict[str, Any]:
        """The action's data; a missing or out-of-range value is refused (``template_value``)."""
        for name in self.fields:
            if name not in values or not self.allows(name, values[name]):
                raise InvalidInput("template_value", field=name, value=str(values.get(name, "–"))[:20])
        return {"type": self.action_type, **self.fixed, **{k: values[k] for k in self.fields}}

    def example(self) -> dict[str, Any]:
        """The action with each field at its first allowed value (lowest number, first choice)."""
        return self.fill(**{
            name: spec.lo if isinstance(spec, Range) else ("?" * spec.min_length if isinstance(spec, Text) else spec[0])
            for name, spec in self.fields.items()
        })

    def sample(self, rng: Any, span: int | None = None) -> dict[str, Any]:
        """Random allowed values (``span``: at most that far above a range's low end)."""
        values: dict[str, Any] = {}
        for name, spec in self.fields.items():
            if isinstance(spec, Range):
                values[name] = rng.randint(spec.lo, spec.hi if span is None else min(spec.hi, spec.lo + span))
            elif isinstance(spec, Text):
                values[name] = f"{name} {rng.randint(1, 99)}"[: spec.max_length]
            else:
                values[name] = rng.choice(spec)
        return self.fill(**values)


class PlayerResult(Frozen):
    seat: int
    name: str
    total: int
    place: int
    lost: bool = False
    breakdown: dict[str, Any] = Field(default_factory=dict)


class Result(Frozen):
    game: str
    players: tuple[PlayerResult, ...]


def places(totals: list[int], eligible: list[bool] | None = None) -> list[int]:
    """Competition ranking: equal totals share a place (1, 1, 3).

    Players not ``eligible`` (e.g. left in the dungeon) come after all others.
    """
    eligible = eligible or [True] * len(totals)
    ranked = [(not e, -t) for t, e in zip(totals, eligible, strict=True)]
    return [1 + sum(1 for other in ranked if other < mine) for mine in ranked]


StateT = TypeVar("StateT", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


class Game(ABC, Generic[OptionsT, StateT]):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[BaseModel]]
    Action: ClassVar[Any]  # an Annotated discriminated union on field "type"
    # Statistics hook: an event ``kind`` in ``state.events`` (the last action's events,
    # each with ``kind`` and ``seat``) counted per seat as the figure named here, e.g. {"bite": "bites"}.
    event_figures: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        self._action_adapter = TypeAdapter(self.Action)

    # --- parsing at the edge -------------------------------------------------
    def parse_action(self, data: Any) -> Any:
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json")
        try:
            return self._action_adapter.validate_python(data)
        except ValidationError as exc:
            raise own_refusal(exc) or InvalidInput("bad_action", detail=first_error(exc)) from None

    def dump_action(self, action: Any) -> dict[str, Any]:
        dumped: dict[str, Any] = self._action_adapter.dump_python(action, mode="json")
        return dumped

    def parse_options(self, data: Any, players: list[PlayerSpec]) -> OptionsT:
        try:
            opts = cast(OptionsT, self.Options.model_validate(data or {}))
        except ValidationError as exc:
            raise own_refusal(exc) or InvalidInput("bad_options", detail=first_error(exc)) from None
        self.check_options(opts, players)
        return opts

    def check_options(self, options: OptionsT, players: list[PlayerSpec]) -> None:
        """Cross-field checks of options against the seats (override)."""

    def check_players(self, players: list[PlayerSpec]) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidInput(
                "player_count", game=self.id, low=self.min_players, high=self.max_players, count=len(players)
            )

    # --- the protocol ---------------------------------------------------------
    @abstractmethod
    def start(self, options: OptionsT, players: list[PlayerSpec]) -> StateT: ...

    @abstractmethod
    def legal(self, state: StateT, seat: int | None = None) -> list[Any]:
        """Exactly what may be done now: actions, and ``Template`` s where the table enters a value."""

    def pending_roll(self, state: StateT) -> RollRequest | None:
        return None

    def roll_action(self, state: StateT, values: list[int]) -> Any:
        """The action that records ``values`` for ``pending_roll(state)``."""
        raise Refusal("engine.roll", "no_roll_now")

    @abstractmethod
    def apply(self, state: StateT, action: Any) -> StateT: ...

    @abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    @abstractmethod
    def result(self, state: StateT) -> Result: ...

    def actor(self, state: StateT, action: Any) -> int | None:
        """The seat that makes ``action`` (checked against the session's seats)."""
        return getattr(action, "by", None)

    def current_seats(self, state: StateT) -> list[int]:
        """Seats the table is waiting for now (for "who is still deciding")."""
        req = self.pending_roll(state)
        if req is not None:
            return [req.by]
        return sorted({seat for a in self.legal(state) if (seat := self.actor(state, a)) is not None})

    def view_for(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see of ``state`` (override to hide information)."""
        return state.model_dump(mode="json")

    def score_input(self, data: dict[str, Any]) -> Result:
        """Score a finished set of sheets/piles/purses (CLI ``score``)."""
        raise InvalidInput("no_score_input", game=self.id)



def own_refusal(exc: ValidationError) -> RefereeError | None:
    """The game's own refusal raised inside a validator (first error), if it is one.

    A validator that refuses with a code (e.g. a bad tile of a layout) is shown
    in the player's language, not as pydantic's English detail.
    """
    errors = exc.errors()
    error = errors[0].get("ctx", {}).get("error") if errors else None
    return error if isinstance(error, RefereeError) else None


def first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()))
    return f"{loc}: {err.get('msg', '')}" if loc else str(err.get("msg", ""))


# --- registry -----------------------------------------------------------------
_REGISTRY: dict[str, Game[Any, Any]] = {}
ALIASES = {"qwixx": "qwixx-longo", "verlies": "raus-aus-dem-verlies", "verflixxt-kompakt": "verflixxt"}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    _REGISTRY[game.id] = game
    add_names("game", {game.id: dict.fromkeys(LANGS, game.title)})  # refusals name the game by its title
    return game


# The engines that ship with the referee, by id: each module registers the game of that id when it is
# imported. Only the game asked for is imported (``get_game``): the phone's own site builds no model of
# a game nobody opened; ``tests/scoring/test_engine_registry.py`` checks this table.
BUILTIN_ENGINES = {"qwixx-longo": "scoring.qwixx_longo", "verflixxt": "scoring.verflixxt",
                   "raus-aus-dem-verlies": "scoring.verlies"}


def games() -> dict[str, Game[Any, Any]]:
    """Every game the referee knows (imports every built-in engine)."""
    for gid in BUILTIN_ENGINES:
        _load_builtin(gid)
    return dict(_REGISTRY)


def game_ids() -> list[str]:
    """The ids of every game the referee knows, built-in ones first, without importing an engine."""
    return [*BUILTIN_ENGINES, *(gid for gid in _REGISTRY if gid not in BUILTIN_ENGINES)]


def get_game(game_id: str) -> Game[Any, Any]:
    gid = ALIASES.get(game_id, game_id)
    if isinstance(gid, str):
        _load_builtin(gid)
    if gid not in _REGISTRY:
        raise InvalidInput("unknown_game", game=str(game_id)[:40], known=", ".join(sorted(game_ids())))
    return _REGISTRY[gid]


def _load_builtin(game_id: str) -> None:
    import importlib

    mod = BUILTIN_ENGINES.get(game_id)
    if mod is None or game_id in _REGISTRY:
        return
    try:
        importlib.import_module(mod)
    except ModuleNotFoundError as exc:
        if exc.name != mod:
            raise


# --- the game record ----------------------------------------------------------
def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class RecordedAction(Frozen):
    seat: StrictInt | None = None  # the engine's actor of ``action`` (checked at replay)
    action: dict[str, Any]
    at: str | None = None


class GameRecord(Frozen):
    """The truth of a game: everything else is ``replay(record)``."""

    format_version: Literal[1] = FORMAT_VERSION
    id: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1, max_length=64)
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: tuple[PlayerSpec, ...]
    actions: tuple[RecordedAction, ...] = ()
    created: str | None = None

    @field_validator("id")
    @classmethod
    def _printable_id(cls, v: str) -> str:
        # an id ends up in file names, URLs and logs; no NUL, control or blank characters
        if not v.isprintable() or any(c.isspace() for c in v):
            raise ValueError("game id with control, invisible or blank characters")
        return v


GAME_ID_RE = re.compile(r"[0-9a-f]{32}")  # what GameRecord makes: uuid4().hex (an import's ids must match it)


def is_game_id(value: object) -> bool:
    """True for an id in the app's own format (32 lower-case hex digits)."""
    return isinstance(value, str) and GAME_ID_RE.fullmatch(value) is not None


class ReplayError(Exception):
    def __init__(self, index: int, error: Refusal | InvalidInput) -> None:
        self.index = index
        self.error = error
        super().__init__(f"action {index}: {error}")


def parse_record(data: Any) -> GameRecord:
    try:
        rec = GameRecord.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput("bad_record", detail=first_error(exc)) from None
    get_game(rec.game)
    return rec


def new_record(
    game_id: str, players: list[PlayerSpec], options: dict[str, Any] | BaseModel | None = None
) -> GameRecord:
    game = get_game(game_id)
    game.check_players(players)
    check_seat_names([p.name for p in players])  # a new game only; stored ones open as they are
    if isinstance(options, BaseModel):
        options = options.model_dump(mode="json")
    opts = game.parse_options(options or {}, players)
    return GameRecord(
        game=game.id, options=opts.model_dump(mode="json"), players=tuple(players), created=now_iso()
    )


def initial_state(record: GameRecord) -> Any:
    game = get_game(record.game)
    players = list(record.players)
    game.check_players(players)
    return game.start(game.parse_options(record.options, players), players)


add_texts(
    {
        "template_value": {
            "de": "Der Wert für {field} fehlt oder ist nicht erlaubt ({value}).",
            "en": "The value for {field} is missing or not allowed ({value}).",
        },
        "record_seat_range": {
            "de": "Der Zug ist für Platz {seat} eingetragen; den gibt es nicht (Plätze 0 bis {high}).",
            "en": "The move is recorded for seat {seat}, which does not exist (seats 0 to {high}).",
        },
        "record_seat_missing": {
            "de": "Beim Zug fehlt der Platz; gemacht hat ihn Platz {actor}.",
            "en": "The move has no seat; seat {actor} made it.",
        },
        "record_seat_mismatch": {
            "de": "Der Zug ist für Platz {seat} eingetragen, gemacht hat ihn aber Platz {actor}.",
            "en": "The move is recorded for seat {seat}, but seat {actor} made it.",
        },
    }
)


def check_seat(game: Game[Any, Any], state: Any, action: Any, seat: Any, players: int) -> None:
    """A recorded ``seat`` must be the engine's actor of the action.

    The seat decides who may undo a move on a phone (table.seat); a record whose
    seat disagrees with the move, is out of range or missing is refused.
    """
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < players):
        raise InvalidInput("record_seat_range", seat=seat, high=players - 1)
    actor = game.actor(state, action)
    if actor is not None and not 0 <= actor < players:
        return  # a move by a seat that does not exist: ``apply`` refuses it in the game's words
    if actor is not None and seat is None:
        raise InvalidInput("record_seat_missing", actor=actor)
    if actor is not None and seat != actor:
        raise InvalidInput("record_seat_mismatch", seat=seat, actor=actor)


def iter_replay(record: GameRecord, upto: int | None = None) -> Iterator[Any]:
    """The state after each of the first ``upto`` actions (all by default), in order.

    Each action is parsed, its recorded seat checked against its actor, then
    applied; the first bad one raises ``ReplayError`` with its index. O(1) work
    per action beyond the game's own ``apply``.
    """
    game = get_game(record.game)
    state = initial_state(record)
    n = len(record.players)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, rec in enumerate(actions):
        try:
            action = game.parse_action(rec.action)
            check_seat(game, state, action, rec.seat, n)
            state = game.apply(state, action)
        except (Refusal, InvalidInput) as exc:
            raise ReplayError(i, exc) from None
        yield state


def replay(record: GameRecord, upto: int | None = None) -> Any:
    """Rebuild the state after the first ``upto`` actions (all by default)."""
    last = deque(iter_replay(record, upto), maxlen=1)
    return last[0] if last else initial_state(record)


def record_schema(game_id: str) -> dict[str, Any]:
    """JSON Schema of a record of ``game_id``: options and actions typed."""
    game = get_game(game_id)
    action_model = create_model(
        f"{game.Options.__name__}RecordedAction",
        __base__=Frozen,
        seat=(int | None, None),
        action=(game.Action, ...),
        at=(str | None, None),
    )
    model = create_model(
        "GameRecord",
        __base__=Frozen,
        format_version=(Literal[1], FORMAT_VERSION),
        id=(str, ...),
        game=(Literal[game.id], game.id),  # type: ignore[arg-type]  # a Literal of a runtime value
        options=(game.Options, ...),
        players=(tuple[PlayerSpec, ...], ...),
        actions=(tuple[action_model, ...], ()),
        created=(str | None, None),
    )
    schema = model.model_json_schema()
    schema["title"] = f"Tischrichter game record: {game.id}"
    return schema
