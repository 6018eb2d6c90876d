"""Dice: the one place randomness enters. The source is injected.

The app passes ``random.SystemRandom()``; tests pass ``random.Random(seed)``.
A roll is recorded as its values, so a replay never rolls again.
"""

from __future__ import annotations

import random
from typing import Protocol


class RandomSource(Protocol):
    def randint(self, a: int, b: int) -> int: ...


class Dice:
    def __init__(self, source: RandomSource | None = None) -> None:
        self.source: RandomSource = source if source is not None else random.SystemRandom()

    def roll(self, sides: int, count: int = 1) -> list[int]:
        if sides < 2 or count < 0:
            raise ValueError("a die has at least two sides")
        return [self.source.randint(1, sides) for _ in range(count)]

    def w6(self, count: int = 1) -> list[int]:
        return self.roll(6, count)

    def w3(self, count: int = 1) -> list[int]:
        """rv.dice: a W3 is a W6 halved and rounded up."""
        return [w3_of_w6(v) for v in self.w6(count)]


def w3_of_w6(face: int) -> int:
    """rv.dice: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    if not 1 <= face <= 6:
        raise ValueError(f"a W6 shows 1..6, not {face}")
    return (face + 1) // 2


def seeded(seed: int) -> Dice:
    return Dice(random.Random(seed))
