"""Scripted dice for the tests: a book's worked throws in place of the seeded source."""

from __future__ import annotations

import random

__all__ = ["ScriptedRandom"]


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
