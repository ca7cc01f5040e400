"""Every way cards are dealt, all of the integers of :mod:`strategy.cards.core`.

* :class:`Dealer`: fresh shuffled decks for every test under one seeded source (combat);
* :class:`Deck`: one persistent deck under a seeded source, whose overturned cards stay
  out until it is shuffled (the chase and a character's tests);
* :class:`ScriptedDealer`: a stacked deck that hands out the given cards in order, to
  replay the books' examples card for card in place of either.

A card test (:mod:`strategy.cards.trials`) draws from any :class:`Pile`: a :class:`Deck`
or a :class:`ScriptedDealer`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from math import floor
from typing import Protocol

from strategy.cards.core import DECK, JOKER, card
from strategy.errors import OutOfCards

__all__ = ["Dealer", "Deck", "Pile", "ScriptedDealer"]


class Pile(Protocol):
    """What a card test draws from: a Card of Fate, a card pool, and step EIGHT's shuffle."""

    def cof(self) -> int:
        """Overturn a Card of Fate."""
        ...

    def draw(self, n: int) -> Sequence[int]:
        """Overturn ``n`` cards."""
        ...

    def shuffle(self, keep: Iterable[int] = ()) -> None:
        """Return the overturned cards, except ``keep``."""
        ...


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

    Used to replay the book's worked examples card for card; shuffles do not disturb the
    script, and a draw past its end raises :class:`~strategy.errors.OutOfCards`.

    >>> from strategy.cards.core import name
    >>> d = ScriptedDealer(["7D", "8D", "JK"])
    >>> name(d.cof()), [name(c) for c in d.draw(2, 0)]
    ('7D', ['8D', 'JK'])
    >>> [name(c) for c in ScriptedDealer("4C, KS QH").draw(3)]
    ['4C', 'KS', 'QH']
    """

    scripted = True

    def __init__(self, cards: str | Iterable[str | int]) -> None:
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        self._cards = [c if isinstance(c, int) else card(c) for c in cards]
        self._next = 0

    @property
    def left(self) -> int:
        """Cards not yet dealt."""
        return len(self._cards) - self._next

    def _take(self, n: int) -> list[int]:
        if self._next + n > len(self._cards):
            raise OutOfCards(f"stacked deck exhausted: wanted {n}, have {self.left}")
        out = self._cards[self._next : self._next + n]
        self._next += n
        return out

    def cof(self) -> int:
        """The next card as Card of Fate."""
        return self._take(1)[0]

    def draw(self, n: int, cof: int | None = None, gm: bool = False) -> list[int]:
        """The next ``n`` cards (the CoF and the deck are the script's business)."""
        return self._take(n)

    def shuffle(self, keep: Iterable[int] = ()) -> None:
        """Nothing: a shuffle does not disturb the script."""


class Deck:
    """One deck under a seeded ``random.Random``: overturned cards stay out (on the table
    or in the discards) until :meth:`shuffle` returns them, as the book does after every
    test (seed 000, "Tests", step EIGHT).

    Each draw picks uniformly among the cards left, which is shuffling the pile and taking
    from the top without a full shuffle per test. When the pile holds fewer cards than a
    draw asks for, every card overturned earlier is shuffled back into it first (the
    book's "reshuffle the discards"); only a pool of some fifty cards could need that.

    >>> deck = Deck.player(random.Random(3))
    >>> hand = deck.draw(5)
    >>> len(hand), len(deck), len(set(hand))
    (5, 48, 5)
    >>> deck.shuffle(); len(deck)
    53
    """

    __slots__ = ("_random", "_pile", "_out", "joker")

    def __init__(self, rng: random.Random, *, joker: bool = False) -> None:
        self._random = rng.random
        self.joker = joker
        # the pile in the box's order: the seed alone decides the cards dealt
        self._pile: list[int] = [*DECK, JOKER] if joker else list(DECK)
        self._out: list[int] = []

    @classmethod
    def gm(cls, rng: random.Random) -> Deck:
        """The GM's deck: 52 cards, no joker."""
        return cls(rng, joker=False)

    @classmethod
    def player(cls, rng: random.Random) -> Deck:
        """A player's deck: 52 cards and one joker."""
        return cls(rng, joker=True)

    def __len__(self) -> int:
        """Cards left to draw."""
        return len(self._pile)

    def cof(self) -> int:
        """Overturn a Card of Fate."""
        return self.draw(1)[0]

    def draw(self, n: int) -> list[int]:
        """Overturn ``n`` cards (n <= 0 draws none)."""
        pile = self._pile
        if n > len(pile):
            pile.extend(self._out)
            self._out.clear()
            if n > len(pile):
                raise OutOfCards(f"deck has {len(pile)} cards to draw, asked {n}")
        rand = self._random
        drawn = []
        size = len(pile)
        for _ in range(n):
            # swap the pick with the last card and pop it: the order of the pile, and so
            # the card a given random number picks, is part of the seeded stream
            i = int(rand() * size)
            size -= 1
            c = pile[i]
            pile[i] = pile[size]
            pile.pop()
            drawn.append(c)
        self._out.extend(drawn)
        return drawn

    def shuffle(self, keep: Iterable[int] = ()) -> None:
        """Return every overturned card to the deck, except ``keep`` (e.g. a CoF in play)."""
        out = self._out
        self._out = []
        for c in keep:
            if c in out:
                out.remove(c)
                self._out.append(c)  # stays out until the next shuffle()
        self._pile.extend(out)
