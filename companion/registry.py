"""A game is one plugin: the declared contract of a game's screens, and the one registry of them.

``scoring.engine`` keeps the engines by game id; this registry keeps, under the
same id, everything the app needs besides the rules engine (``GameUI``): the
screens (setup, play, result, quick score where it exists), the optional hooks
(explain a refused field or move, describe an action in the player's language,
the rule behind an action, moves worth disputing, figures for statistics, one
player's result in words, the board or sheet at a moment of a replay) and the
rules text with its title in German and English. The app shell, dispute mode,
history, statistics and the rules screen loop over ``game_uis()``; none of them
names a game.

A game's screen module registers itself on import (``register_ui`` at its end);
the built-in ones are imported on first use. A registered engine without a
screen module is an error (``MissingGameUI``, logged), never a game silently
left off the home screen. Plain Python: no Flet here.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.game_hooks import (
    ActionDict,
    AnyState,
    Breakdown,
    Figures as Figures,
    GameRules,
    Moment,
    Target,
    Words,
)

if TYPE_CHECKING:
    from companion.shell import Shell

log = logging.getLogger("tischrichter")

# The screen modules of the games that ship with the app (each calls ``register_ui``).
BUILTIN_MODULES = ("companion.games.qwixx", "companion.games.verflixxt", "companion.games.verlies")

# (shell) -> a control (setup, play, result) or a list of controls (quick score); Any: Flet's controls
# and a list of them, as each screen returns (the shell checks neither)
View = Callable[["Shell"], Any]


@dataclass(frozen=True)
class GameUI:
    """Everything the app knows about one game besides its engine (same ``id``)."""

    id: str  # the engine's id (scoring.engine.get_game)
    prefix: str  # rule-id prefix (q8.*, vx.*, ...); also names the words of its actions (rules.act.<prefix>.<type>)
    title: Mapping[str, str]  # {"de": ..., "en": ...}
    setup: View
    play: View
    result: View
    rules: GameRules  # its rules text (sections, entries with rule ids)
    quick_score: View | None = None  # score finished sheets/piles without playing (``quick_screen``)
    # --- optional hooks -------------------------------------------------------------------
    # why a field or move is refused: (state, seat, target) -> the action it would be, or the Refusal
    explain: Callable[[AnyState, int, Target], object] | None = None
    # (state, action as dict, lang) -> the words for the action's template ``rules.act.<prefix>.<type>``
    describe: Callable[[AnyState, ActionDict, str], Words] | None = None
    action_rules: Mapping[str, str] = field(default_factory=dict)  # action type -> the rule that governs it
    action_rule: Callable[[AnyState, ActionDict], str | None] | None = None  # (state, action) -> a finer rule, or None
    disputed: Callable[[AnyState, int], list[ActionDict]] | None = None  # (state, players) -> moves worth arguing about
    figures: Figures | None = None
    detail: Callable[[Shell, Breakdown], str] | None = None  # (shell, breakdown) -> one player's result in words
    # (shell, moment) -> the game's board or sheet at that moment as a read-only Flet control (the
    # history's replay draws it above the step's words); Any: a Flet control (no Flet here)
    picture: Callable[[Shell, Moment], Any] | None = None

    def __post_init__(self) -> None:
        missing = [lang for lang in ("de", "en") if not self.title.get(lang)]
        if missing:
            raise ValueError(f"game {self.id!r}: no title in {missing}")
        rules_id = getattr(self.rules, "id", None)
        if rules_id != self.id or getattr(self.rules, "prefix", None) != self.prefix:
            raise ValueError(f"game {self.id!r}: its rules text is for {rules_id!r}")

    @property
    def quick_screen(self) -> str:
        """The shell's screen name of the quick score (``shell.go(ui.quick_screen)``)."""
        return f"{self.prefix}_quick"


class MissingGameUI(LookupError):
    """A game the referee knows has no screens registered: a packaging or import error."""


_UIS: dict[str, GameUI] = {}
_LOAD_LOCK = threading.RLock()  # only around importing the built-in modules (never taken by register_ui)
_loaded = False
_version = 0


def register_ui(ui: GameUI) -> GameUI:
    """Add (or replace) a game's screens; called at the end of its screen module."""
    global _version
    _UIS[ui.id] = ui
    _version += 1
    return ui


def unregister_ui(game_id: str) -> None:
    global _version
    _UIS.pop(game_id, None)
    _version += 1


def version() -> int:
    """Changes whenever a game is registered or removed (caches built from the registry compare it)."""
    return _version


_BUILTIN_ORDER: list[str] = []  # the built-in games' ids, in BUILTIN_MODULES' order


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    with _LOAD_LOCK:
        if _loaded:
            return
        for mod in BUILTIN_MODULES:
            try:
                ui = getattr(importlib.import_module(mod), "UI", None)
                if isinstance(ui, GameUI):
                    _BUILTIN_ORDER.append(ui.id)
            except ModuleNotFoundError as exc:
                if exc.name != mod:
                    raise
                # not hidden: ``check`` / ``get_ui`` raise for its engine
                log.error("screen module %s is missing", mod)
        _loaded = True


def game_uis() -> dict[str, GameUI]:
    """Every registered game: the built-in ones in ``BUILTIN_MODULES``' order (whichever was imported
    first), then the others in registration order. The rules screen opens on the first."""
    _load_builtin()
    ordered = {gid: _UIS[gid] for gid in _BUILTIN_ORDER if gid in _UIS}
    ordered.update(_UIS)
    return ordered


def check() -> None:
    """Every engine the referee knows has its screens (app start): else ``MissingGameUI``."""
    from scoring.engine import game_ids

    uis = game_uis()
    missing = sorted(gid for gid in game_ids() if gid not in uis)
    if missing:
        log.error("games without screens: %s", ", ".join(missing))
        raise MissingGameUI(f"no screens registered for {', '.join(missing)}")


def get_ui(game_id: str) -> GameUI | None:
    """The game's screens; None for an id the referee does not know (an old or foreign record).

    A game the referee knows without screens raises ``MissingGameUI`` (logged)."""
    uis = game_uis()
    if game_id in uis:
        return uis[game_id]
    from scoring.engine import game_ids

    if game_id in game_ids():
        log.error("game %s has an engine but no screens", game_id)
        raise MissingGameUI(f"no screens registered for {game_id}")
    return None


def title_of(game_id: str, lang: str) -> str:
    """A game's name in ``lang``; an unknown id as it is."""
    ui = game_uis().get(game_id)
    if ui is None:
        return game_id
    return ui.title.get(lang) or ui.title["de"]


def quick_screens() -> dict[str, View]:
    """Screen name -> view of every game's quick score."""
    return {ui.quick_screen: ui.quick_score for ui in game_uis().values() if ui.quick_score is not None}


class FigureNames(Mapping[str, tuple[str, ...]]):
    """Live view: game id -> the names of its statistics figures (games with figures only)."""

    def _all(self) -> dict[str, tuple[str, ...]]:
        return {gid: ui.figures.names for gid, ui in game_uis().items() if ui.figures is not None}

    def __getitem__(self, game_id: str) -> tuple[str, ...]:
        return self._all()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


FIGURE_NAMES = FigureNames()
