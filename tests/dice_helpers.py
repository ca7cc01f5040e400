"""Scripted dice for the tests: a book's worked throws in place of the seeded source."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

__all__ = ["ScriptedChoices", "ScriptedD6", "ScriptedRandom"]


class ScriptedRandom(random.Random):
    """A Random whose randint answers from a script (the book's throws), each within the
    range asked for."""

    def __init__(self, throws: list[int]) -> None:
        super().__init__(0)
        self.throws = list(throws)

    def randint(self, a: int, b: int) -> int:
        value = self.throws.pop(0)
        assert a <= value <= b
        return value


class ScriptedChoices(random.Random):
    """A Random whose choice answers from a script (a player's picks in the book's
    example), each among the options offered."""

    def __init__(self, picks: list[Any]) -> None:
        super().__init__(0)
        self.picks = list(picks)

    def choice(self, seq: Sequence[Any]) -> Any:
        value = self.picks.pop(0)
        assert value in seq, (value, seq)
        return value


class ScriptedD6(ScriptedRandom):
    """A Random whose d6s answer from a script, however they are drawn: ``randint(1, 6)``,
    or one ``random()`` (:class:`strategy.campaign.dice.RandomDice`'s d6 is
    ``floor(random() * 6) + 1``)."""

    def random(self) -> float:
        return (self.throws.pop(0) - 0.5) / 6
