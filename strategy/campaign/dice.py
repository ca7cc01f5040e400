"""Dice for the summer campaign: one seeded source, or a script for tests.

Every roll of the campaign goes through a :class:`Dice`, so a season replays from its
seed, and a test can play the book's examples with the dice it names.

>>> dice = ScriptedDice([3, 4, 17])
>>> dice.d6(), dice.d6(), dice.d20()
(3, 4, 17)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import floor
from typing import Protocol

from strategy.errors import InvalidMove, OutOfCards

__all__ = ["Dice", "RandomDice", "ScriptedDice"]

#: 2d6 from one draw of 0..35: the pair (x // 6 + 1, x % 6 + 1), looked up, not computed
_PAIRS = tuple((x // 6 + 1, x % 6 + 1) for x in range(36))


class Dice(Protocol):
    """Where the campaign's dice come from."""

    def d6(self) -> int:
        """One six-sided die, 1..6."""
        ...

    def d20(self) -> int:
        """One twenty-sided die, 1..20."""
        ...

    def two_d6(self) -> tuple[int, int]:
        """Two six-sided dice (2d6), in order."""
        ...


class RandomDice:
    """Dice from a seeded :class:`random.Random`: same seed, same rolls.

    Every die is one draw of the source's ``random()``: a d6 ``floor(r * 6) + 1``, a d20
    ``floor(r * 20) + 1``, 2d6 one of the 36 equally likely pairs.
    """

    __slots__ = ("d6", "d20", "two_d6")

    def __init__(self, rng: random.Random | int) -> None:
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        draw = rng.random  # three times cheaper than randint: a summer rolls ~600 dice

        # each die a closure over the draw, no attribute looked up per roll; floor(x) is
        # int(x) for these x >= 0, and cheaper to call; x * 6.0 is exactly x * 6
        def d6() -> int:
            return floor(draw() * 6.0) + 1

        def d20() -> int:
            return floor(draw() * 20.0) + 1

        def two_d6() -> tuple[int, int]:
            return _PAIRS[floor(draw() * 36.0)]

        self.d6, self.d20, self.two_d6 = d6, d20, two_d6


class ScriptedDice:
    """Dice that return the given rolls in order; running out or a bad face raises."""

    __slots__ = ("_rolls", "used")

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self._rolls.reverse()
        self.used = 0

    def _next(self, sides: int) -> int:
        if not self._rolls:
            raise OutOfCards(f"scripted dice ran out after {self.used} rolls")
        value = self._rolls.pop()
        if not 1 <= value <= sides:
            raise InvalidMove(f"scripted roll {value} is not a face of a d{sides}")
        self.used += 1
        return value

    def d6(self) -> int:
        return self._next(6)

    def d20(self) -> int:
        return self._next(20)

    def two_d6(self) -> tuple[int, int]:
        return self._next(6), self._next(6)

    @property
    def left(self) -> int:
        """How many scripted rolls are still unused."""
        return len(self._rolls)
