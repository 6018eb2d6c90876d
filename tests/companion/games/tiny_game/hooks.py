"""The tiny race's hooks for dispute mode and the statistics (no Flet).

Typed as a built-in game's hooks are: the state is its engine's own ``State``
(``companion.game_hooks`` has the shapes the hooks trade in).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game_hooks import ActionDict, Figures

if TYPE_CHECKING:
    from tests.companion.games.tiny_game.engine import RaceState


def disputed(state: RaceState, n: int) -> list[ActionDict]:
    """Moves worth arguing about: a move by the other player, a move before the roll."""
    other = (state.turn + 1) % n
    return [{"type": "move", "by": other}, {"type": "move", "by": state.turn}]


FIGURES = Figures(names=("squares",), of_player=lambda b, extra: {"squares": int(b.get("squares", 0))})
