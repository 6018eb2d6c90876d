"""The shapes a game's hooks (``companion.registry.GameUI``) trade in: plain Python, no Flet, no engine.

A game's ``hooks.py`` types its state with its own engine's ``State`` (imported for the type
checker only: the engine is imported when the game is first opened, issue 29.3) and builds its
``HOOKS`` as a ``GameHooks``, the keyword arguments of its ``GameUI``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from companion.app import Shell
    from companion.registry import Figures

ActionDict = dict[str, object]  # an action as the engine dumps it (``Game.dump_action``): field -> JSON value
Words = dict[str, object]  # what an action's words template (``rules.act.<prefix>.<type>``) is filled with
# Any: a result's per-player breakdown is the engine's JSON, its shape differs from game to game
Breakdown = dict[str, Any]
# Any: the registry holds the hooks of games with different State types (each hook takes its own),
# and what a player taps to ask "why not?" differs per game too (a sheet's field, a piece)
AnyState = Any
Target = Any


class GameHooks(TypedDict, total=False):
    """The optional hooks of ``GameUI`` (see there), as a game's ``HOOKS`` passes them."""

    explain: Callable[[AnyState, int, Target], object]
    describe: Callable[[AnyState, ActionDict, str], Words]
    action_rules: Mapping[str, str]
    action_rule: Callable[[AnyState, ActionDict], str | None]
    disputed: Callable[[AnyState, int], list[ActionDict]]
    figures: Figures
    detail: Callable[[Shell, Breakdown], str]
