"""A readable view of the engine's integer cards: parse them as players write them, print
them as the books do.

A :class:`Card` wraps one integer of :mod:`strategy.cards.core` (its ``code``); every
card has one interned view, so views compare and hash as their codes do, and the rules
never look at a view: they score the codes.

>>> c = Card.parse("10h")
>>> c, str(c), c.value, c.suit, c.code
(Card('10H'), '10H', 10, 'H', 33)
>>> Card.parse("JK") is JOKER is Card.of(52), JOKER.is_joker
(True, True)
>>> parse_cards("4C, KS QH")
(Card('4C'), Card('KS'), Card('QH'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from strategy.cards import core

__all__ = ["CARDS", "JOKER", "RANKS", "SUITS", "Card", "full_deck", "parse_cards", "views"]

SUITS: tuple[str, ...] = tuple(core.SUITS)
"""Spades, Hearts, Diamonds, Clubs (Hull, Crew, Guns, Rigging on a Broadside!)."""

RANKS: tuple[str, ...] = core.RANKS
"""Rank names; a card's ``value`` is 2..14, aces high."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of :mod:`strategy.cards.core` by its ``code``, readable.

    ``value`` is 2..14 (aces high) and ``suit`` S/H/D/C; the joker is ``value`` 0, ``suit``
    "". Build views with :meth:`parse` or :meth:`of`, which hand out the interned ones.
    """

    code: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"10H"``, ``"qs"``, ``"TD"``, ``"JK"`` (joker) -> Card; anything else
        :class:`~strategy.errors.InvalidMove` (a ValueError)."""
        return CARDS[core.card(text)]

    @classmethod
    def of(cls, code: int) -> Card:
        """The view of the engine's card ``code`` (0..52)."""
        return CARDS[code]

    @property
    def is_joker(self) -> bool:
        return self.code == core.JOKER

    @property
    def value(self) -> int:
        """2..14, aces high; 0 for the joker."""
        return 0 if self.code == core.JOKER else core.rank(self.code)

    @property
    def suit(self) -> str:
        """S, H, D or C; "" for the joker."""
        return "" if self.code == core.JOKER else core.suit(self.code)

    @property
    def rank(self) -> str:
        """The rank's name ("10", "J", ...; "JK" for the joker)."""
        return "JK" if self.code == core.JOKER else core.RANKS[self.code >> 2]

    def __str__(self) -> str:
        return core.NAMES[self.code]

    def __repr__(self) -> str:
        return f"Card({core.NAMES[self.code]!r})"


CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(core.JOKER + 1))
"""``CARDS[code]``: the one view of every card of the engine, the joker last."""

JOKER: Card = CARDS[core.JOKER]
"""The joker's view (the engine's card 52)."""


def views(codes: Iterable[int]) -> tuple[Card, ...]:
    """The views of the engine's cards ``codes``, in order."""
    return tuple(map(CARDS.__getitem__, codes))


def full_deck(joker: bool = False) -> tuple[Card, ...]:
    """The 52 cards (plus the joker for a player's deck) as a fresh deck lies, suit by suit."""
    return views(core.DECK) + ((JOKER,) if joker else ())


def parse_cards(texts: str | Iterable[str]) -> tuple[Card, ...]:
    """``"4C KS QH"`` or ``["4C", "KS"]`` -> tuple of Cards (commas allowed)."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(Card.parse(t) for t in texts)
