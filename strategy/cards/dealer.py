"""The dealer of card tests: shuffled decks under one seeded source, or a stacked deck.

Cards are the integers of :mod:`strategy.cards.core`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import floor

from strategy.cards.core import card

__all__ = ["Dealer", "ScriptedDealer"]


class Dealer:
    """Shuffled decks under one seeded ``random.Random``.

    Every test starts from freshly shuffled decks ("EIGHT: Shuffle your deck"), so a draw
    is a uniform sample without replacement. The CoF comes from the GM's deck (52 cards,
    no joker); a side playing with the GM's deck draws from its remaining 51 cards (and so
    can never score a perfect success), a side with a player's deck draws from 52 + joker.
    """

    scripted = False

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def cof(self) -> int:
        """Overturn a Card of Fate."""
        # (floor: the same integer as int() for these non-negative floats, at a third of
        # the cost)
        return floor(self._random() * 52.0)

    def draw(self, n: int, cof: int, gm: bool = False) -> list[int]:
        """Overturn ``n`` cards (capped at the deck's size)."""
        # each card is a uniform pick among the deck, a repeat picked again: the same
        # stream of random numbers as a shuffle-free sample without replacement
        rnd = self._random
        if gm:
            # the CoF is out of the GM's deck: start the hand with it so that one
            # membership test rejects both a repeat and the CoF, then drop it
            size = 52.0
            if n > 51:
                n = 51
            out = [cof]
        else:
            size = 53.0
            if n > 53:
                n = 53
            out = []
        while n > 0:
            c = floor(rnd() * size)
            if c not in out:
                out.append(c)
                n -= 1
        return out[1:] if gm else out


class ScriptedDealer:
    """A stacked deck: hands out the given cards in order (CoF and draws alike).

    Used to replay the book's worked examples card for card.

    >>> from strategy.cards.core import name
    >>> d = ScriptedDealer(["7D", "8D", "JK"])
    >>> name(d.cof()), [name(c) for c in d.draw(2, 0)]
    ('7D', ['8D', 'JK'])
    """

    scripted = True

    def __init__(self, cards: Iterable[str | int]) -> None:
        self._cards = [c if isinstance(c, int) else card(c) for c in cards]
        self._next = 0

    @property
    def left(self) -> int:
        """Cards not yet dealt."""
        return len(self._cards) - self._next

    def _take(self, n: int) -> list[int]:
        if self._next + n > len(self._cards):
            raise IndexError(f"stacked deck exhausted: wanted {n}, have {self.left}")
        out = self._cards[self._next : self._next + n]
        self._next += n
        return out

    def cof(self) -> int:
        """The next card as Card of Fate."""
        return self._take(1)[0]

    def draw(self, n: int, cof: int, gm: bool = False) -> list[int]:
        """The next ``n`` cards."""
        return self._take(n)
