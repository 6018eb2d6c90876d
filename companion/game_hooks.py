"""The shapes a game's hooks (``companion.registry.GameUI``) trade in: plain Python, no Flet, no engine.

A game's ``hooks.py`` types its state with its own engine's ``State`` (imported for the type
checker only: the engine is imported when the game is first opened) and builds its
``HOOKS`` as a ``GameHooks``, the keyword arguments of its ``GameUI``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from companion.shell import Shell
    from scoring.engine import PlayerSpec

ActionDict = dict[str, object]  # an action as the engine dumps it (``Game.dump_action``): field -> JSON value
Words = dict[str, object]  # what an action's words template (``rules.act.<prefix>.<type>``) is filled with
# Any: a result's per-player breakdown is the engine's JSON, its shape differs from game to game
Breakdown = dict[str, Any]
# Any: the registry holds the hooks of games with different State types (each hook takes its own),
# and what a player taps to ask "why not?" differs per game too (a sheet's field, a piece)
AnyState = Any
Target = Any


@dataclass(frozen=True)
class Figures:
    """A game's figures for the statistics.

    ``names``: the figures in display order (words: i18n key ``hist.fig.<name>``).
    ``of_player(breakdown, extra)``: one player's figures in one finished game, from
    the result's breakdown and (``extra``) what ``from_replay`` found for that seat.
    ``from_replay(n, states, state)``: optional; runs through ``states`` (the replay,
    every state after ``state``, consume them all) and returns per seat (as str) the
    figures only a replay knows.
    """

    names: tuple[str, ...]
    of_player: Callable[[Breakdown, dict[str, int]], dict[str, int]]
    from_replay: Callable[[int, Iterable[AnyState], AnyState], dict[str, dict[str, int]]] | None = None


@dataclass(frozen=True)
class Moment:
    """One moment of a game as the history's replay shows it, for a game's ``picture`` hook.

    ``players``: the record's seats (their names and the colours picked at setup, which the
    state does not hold); ``state``: the game after the step shown; ``seat``: the seat in focus
    (who made that step, or the player the viewer chose): its sheet, its pieces, its purse.
    """

    players: tuple[PlayerSpec, ...]
    state: AnyState
    seat: int


# --- a game's rules text (``companion/games/<game>/rules_text.py``), in the project's own words --------
DeEn = dict[str, str]  # {"de": ..., "en": ...}


@dataclass(frozen=True)
class Option:
    key: str  # the field name in the game's Options
    default: str
    title: DeEn
    meaning: DeEn  # what each setting means


@dataclass(frozen=True)
class Entry:
    id: str
    title: DeEn
    text: DeEn
    example: DeEn
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Section:
    key: str  # goal, setup, turn, special, scoring, variant, house, app
    title: DeEn
    intro: DeEn
    entries: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class GameRules:
    id: str  # game id as in the store (qwixx-longo, ...) or "table"
    prefix: str  # rule id prefix (q8, vx, rv, table)
    title: DeEn
    sections: tuple[Section, ...] = field(default_factory=tuple)


def de_en(de: str, en: str) -> DeEn:
    return {"de": de, "en": en}


def E(id: str, title: tuple[str, str], text: tuple[str, str], example: tuple[str, str],
      options: tuple[Option, ...] = ()) -> Entry:
    return Entry(id, de_en(*title), de_en(*text), de_en(*example), options)


def S(key: str, title: tuple[str, str], intro: tuple[str, str], *entries: Entry) -> Section:
    return Section(key, de_en(*title), de_en(*intro), tuple(entries))


def O(key: str, default: str, title: tuple[str, str], meaning: tuple[str, str]) -> Option:  # noqa: E743 - short on purpose, used in the option tables
    return Option(key, default, de_en(*title), de_en(*meaning))



class GameHooks(TypedDict, total=False):
    """The optional hooks of ``GameUI`` (see there), as a game's ``HOOKS`` passes them."""

    explain: Callable[[AnyState, int, Target], object]
    describe: Callable[[AnyState, ActionDict, str], Words]
    action_rules: Mapping[str, str]
    action_rule: Callable[[AnyState, ActionDict], str | None]
    disputed: Callable[[AnyState, int], list[ActionDict]]
    figures: Figures
    detail: Callable[[Shell, Breakdown], str]
    picture: Callable[[Shell, Moment], Any]
