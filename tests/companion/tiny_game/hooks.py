"""The tiny race's hooks for dispute mode and the statistics (no Flet)."""

from __future__ import annotations

from typing import Any

from companion.registry import Figures


def disputed(state: Any, n: int) -> list[dict[str, Any]]:
    """Moves worth arguing about: a move by the other player, a move before the roll."""
    other = (state.turn + 1) % n
    return [{"type": "move", "by": other}, {"type": "move", "by": state.turn}]


FIGURES = Figures(names=("squares",), of_player=lambda b, extra: {"squares": int(b.get("squares", 0))})
