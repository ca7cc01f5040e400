"""The kinds of BtQ card test: contested, static, unskilled and assisted (seed 000, "Tests").

A test turns one Card of Fate (CoF) from the GM's deck; each side then overturns its card
pool from its own deck (a :class:`~strategy.cards.dealer.Pile`). The engine
(:mod:`strategy.cards.core`) scores every card: the same card as the CoF is a PERFECT
success, the same rank CRITICAL, the same suit ORDINARY; a joker counts as whatever card
its owner chooses (default: the CoF itself). The side with more perfect, then critical,
then ordinary successes wins; a remaining tie goes to the values of the successful cards,
best first, aces high. If both sides fail (or tie completely) both decks are shuffled
and the same pools redrawn against the same CoF.

This module takes and gives :class:`~strategy.cards.card.Card` views; the work is done
on the engine's integers.

>>> import random
>>> from strategy.cards.card import parse_cards
>>> from strategy.cards.dealer import Deck
>>> cof = Card.parse("4S")
>>> s = score(cof, parse_cards("4C KS QH"))
>>> (s.perfect, s.critical, s.ordinary)
(0, 1, 1)
>>> compare(cof, [Card.parse("4S")], parse_cards("4H AS")) > 0
True
>>> gm = Deck.gm(random.Random(1)); me = Deck.player(random.Random(2))
>>> contested_test(gm, me, 5, gm, 4).winner in ("a", "b")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from strategy.cards import core
from strategy.cards.card import Card, views
from strategy.cards.dealer import Pile
from strategy.errors import InvalidMove

__all__ = [
    "CRITICAL",
    "DIFFICULTIES",
    "FAILURE",
    "LEVEL_NAMES",
    "MAX_ASSIST",
    "MAX_REDRAWS",
    "ORDINARY",
    "PERFECT",
    "Score",
    "TestResult",
    "assisted_pool",
    "compare",
    "contested_test",
    "difficulty_pool",
    "level",
    "score",
    "static_test",
    "unskilled_test",
]

FAILURE, ORDINARY, CRITICAL, PERFECT = 0, 1, 2, 3
"""The success levels, as :mod:`strategy.cards.core` counts them."""

LEVEL_NAMES: tuple[str | None, ...] = (None, "ordinary", "critical", "perfect")
"""``LEVEL_NAMES[level]``: the book's name of a success level (None for a failure)."""

DIFFICULTIES: MappingProxyType[str, int] = MappingProxyType(
    {
        "Easy": 1,
        "Routine": 3,
        "Challenging": 5,
        "Damned Hard!": 7,
        "Heroic Effort": 9,
    }
)
"""Static test difficulty -> the opposing card pool (BtQ, "Static Tests")."""

MAX_ASSIST = 3
"""Assistance adds at most this many cards in total (BtQ, "Assisted Tests")."""

MAX_REDRAWS = 100
"""Safety stop for mutual-failure redraws; with a positive pool it is never reached in
practice (the chance of 100 mutual failures in a row is far below 1e-10)."""


def level(cof: Card, card: Card, unskilled: bool = False) -> int:
    """Success level of one card against the CoF: PERFECT 3, CRITICAL 2, ORDINARY 1, FAILURE 0.

    The joker counts as the CoF itself; ``unskilled`` caps a success at ordinary.

    >>> level(Card.parse("4S"), Card.parse("4C")), level(Card.parse("4S"), Card.parse("4S"), True)
    (2, 1)
    """
    lvl = core.LEVELS[cof.code][card.code]
    return min(lvl, ORDINARY) if unskilled else lvl


@dataclass(frozen=True, slots=True, order=True)
class Score:
    """The successes of one side's cards against a CoF; a higher Score wins the test.

    ``values`` are the values (2..14) of the successful cards in the book's tie-break
    order: perfect ones, then critical, then ordinary, each group highest first. The
    fields are :func:`strategy.cards.core.rank_key`, so Scores order as the engine ranks.
    """

    perfect: int
    critical: int
    ordinary: int
    values: tuple[int, ...] = ()

    @classmethod
    def of(cls, successes: Sequence[tuple[int, int, int]]) -> Score:
        """The Score of an engine success list (:func:`strategy.cards.core.successes`)."""
        key = core.rank_key(successes)
        return cls(key[0], key[1], key[2], key[3:])

    @property
    def successes(self) -> int:
        return self.perfect + self.critical + self.ordinary

    @property
    def best(self) -> int:
        """Highest level scored (PERFECT/CRITICAL/ORDINARY), FAILURE if none."""
        if self.perfect:
            return PERFECT
        if self.critical:
            return CRITICAL
        return ORDINARY if self.ordinary else FAILURE

    @property
    def key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """Sort key: a higher key wins the test."""
        return (self.perfect, self.critical, self.ordinary, self.values)

    def to_dict(self) -> dict[str, Any]:
        return {
            "perfect": self.perfect,
            "critical": self.critical,
            "ordinary": self.ordinary,
            "best": LEVEL_NAMES[self.best],
        }


def _joker_code(joker_as: Card | None) -> int | None:
    """The engine's card a joker is chosen as; a joker cannot be chosen as a joker."""
    if joker_as is None:
        return None
    if joker_as.is_joker:
        raise InvalidMove("a joker must be chosen as a card, not as a joker")
    return joker_as.code


def score(
    cof: Card, cards: Iterable[Card], unskilled: bool = False, joker_as: Card | None = None
) -> Score:
    """Count perfect, critical and ordinary successes of ``cards`` against ``cof``.

    A joker counts as ``joker_as`` (default: the CoF itself, the best choice).
    ``unskilled`` caps every success at ordinary (BtQ, "Unskilled Tests").

    >>> from strategy.cards.card import parse_cards
    >>> s = score(Card.parse("KH"), parse_cards("2H 10H KH KS JK"))
    >>> (s.perfect, s.critical, s.ordinary)
    (2, 1, 2)
    """
    joker = _joker_code(joker_as)
    return Score.of(core.successes(cof.code, (c.code for c in cards), unskilled, joker))


def compare(
    cof: Card,
    a_cards: Iterable[Card],
    b_cards: Iterable[Card],
    *,
    a_unskilled: bool = False,
    b_unskilled: bool = False,
    a_joker_as: Card | None = None,
    b_joker_as: Card | None = None,
) -> int:
    """1 if side a wins, -1 if side b wins, 0 on a complete tie.

    By perfect, then critical, then ordinary successes, then the values of the
    successful cards best first (aces high): :func:`strategy.cards.core.compare`. Two
    sides with no success compare 0 (a mutual failure, see :func:`contested_test`).

    >>> from strategy.cards.card import parse_cards
    >>> cof = Card.parse("4S")
    >>> compare(cof, parse_cards("4C KS QH"), parse_cards("4H AH 2D 7S"))  # King beats 7
    1
    """
    a_joker, b_joker = _joker_code(a_joker_as), _joker_code(b_joker_as)
    diff = core.compare(
        core.successes(cof.code, (c.code for c in a_cards), a_unskilled, a_joker),
        core.successes(cof.code, (c.code for c in b_cards), b_unskilled, b_joker),
    )
    return (diff > 0) - (diff < 0)


def assisted_pool(pool: int, helpers: Iterable[int | None]) -> int:
    """A card pool with help (BtQ, "Assisted Tests").

    Each skilled helper adds his skill, at most ``MAX_ASSIST`` (3) in total from all
    helpers; each unskilled helper (skill ``None`` or 0) takes one card away. Never < 0.

    >>> assisted_pool(5, [4])  # Midshipman Jones helps O'Toole: 5 + 3
    8
    >>> assisted_pool(5, [1, 1, None])
    6
    """
    bonus, hindrance = 0, 0
    for skill in helpers:
        if skill:
            if skill < 0:
                raise InvalidMove(f"a helper's skill cannot be negative: {skill}")
            bonus += skill
        else:
            hindrance += 1
    return max(0, pool + min(bonus, MAX_ASSIST) - hindrance)


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True, slots=True)
class TestResult:
    """The record of one test, ready to log (:meth:`to_dict` is plain JSON).

    ``a_cards``/``b_cards`` are the cards of the deciding draw; ``redraws`` holds the
    earlier mutually failed draws as ``(a_cards, b_cards)`` pairs. ``winner`` is "a",
    "b", or None when neither side could win (both pools empty, or the redraw safety
    stop). For a static test side a is the character and side b the difficulty.
    ``a_joker``/``b_joker`` are the cards the jokers were counted as (None if no joker).
    """

    __test__ = False  # not a pytest class despite the name

    kind: str
    cof: Card
    a_pool: int
    b_pool: int
    a_cards: tuple[Card, ...]
    b_cards: tuple[Card, ...]
    a_score: Score
    b_score: Score
    winner: str | None
    redraws: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...] = field(default=())
    a_joker: Card | None = None
    b_joker: Card | None = None

    @property
    def a_wins(self) -> bool:
        return self.winner == "a"

    @property
    def margin_level(self) -> int:
        """The winner's best success level (FAILURE if nobody won)."""
        if self.winner == "a":
            return self.a_score.best
        if self.winner == "b":
            return self.b_score.best
        return FAILURE

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: card names as strings, scores as counts."""
        return {
            "kind": self.kind,
            "cof": str(self.cof),
            "a_pool": self.a_pool,
            "b_pool": self.b_pool,
            "a_cards": _names(self.a_cards),
            "b_cards": _names(self.b_cards),
            "a_score": self.a_score.to_dict(),
            "b_score": self.b_score.to_dict(),
            "a_joker": None if self.a_joker is None else str(self.a_joker),
            "b_joker": None if self.b_joker is None else str(self.b_joker),
            "redraws": [[_names(a), _names(b)] for a, b in self.redraws],
            "winner": self.winner,
        }


def _joker_view(cards: Sequence[int], cof: int, joker_as: int | None) -> Card | None:
    """The card a joker among ``cards`` was counted as (None without a joker)."""
    return Card.of(core.joker(cof, joker_as)[0]) if core.JOKER in cards else None


def _distinct(cof_deck: Pile, a_deck: Pile, b_deck: Pile) -> list[Pile]:
    """The test's decks, each once (one deck may serve the CoF and both sides)."""
    decks = [cof_deck]
    if a_deck is not cof_deck:
        decks.append(a_deck)
    if b_deck is not cof_deck and b_deck is not a_deck:
        decks.append(b_deck)
    return decks


def contested_test(
    cof_deck: Pile,
    a_deck: Pile,
    a_pool: int,
    b_deck: Pile,
    b_pool: int,
    *,
    a_unskilled: bool = False,
    b_unskilled: bool = False,
    a_joker_as: Card | None = None,
    b_joker_as: Card | None = None,
    kind: str = "contested",
    shuffle: bool = True,
) -> TestResult:
    """One contested test (BtQ, "Tests" steps FOUR to EIGHT).

    Order of draws: the CoF from ``cof_deck`` (the GM's), then side a's pool from
    ``a_deck``, then side b's from ``b_deck``; the decks may be the same object (an NPC
    against an NPC both use the GM's deck). An unskilled side overturns one card and
    scores at most ordinary successes. If both sides fail (or tie completely) both
    decks are shuffled, keeping the CoF out, and the same pools are redrawn against the
    same CoF. With ``shuffle`` (the book's step EIGHT) every deck gets all its cards back
    at the end.

    >>> from strategy.cards.dealer import ScriptedDealer as Stacked
    >>> gm = Stacked("4S 4H AH 2D 7S"); pc = Stacked("4C KS 3D QH JH 2C")
    >>> contested_test(gm, pc, 6, gm, 4).winner  # O'Toole's King beats Jones' 7
    'a'
    """
    a_pool = 1 if a_unskilled else max(0, a_pool)
    b_pool = 1 if b_unskilled else max(0, b_pool)
    a_joker, b_joker = _joker_code(a_joker_as), _joker_code(b_joker_as)
    cof = cof_deck.cof()
    decks = _distinct(cof_deck, a_deck, b_deck)
    redraws: list[tuple[Sequence[int], Sequence[int]]] = []
    while True:
        a_cards = a_deck.draw(a_pool)
        b_cards = b_deck.draw(b_pool)
        a_score = Score.of(core.successes(cof, a_cards, a_unskilled, a_joker))
        b_score = Score.of(core.successes(cof, b_cards, b_unskilled, b_joker))
        if a_score != b_score:
            winner: str | None = "a" if a_score > b_score else "b"
            break
        if (a_pool == 0 and b_pool == 0) or len(redraws) >= MAX_REDRAWS:
            winner = None
            break
        redraws.append((a_cards, b_cards))
        for deck in decks:
            deck.shuffle(keep=(cof,) if deck is cof_deck else ())
    if shuffle:
        for deck in decks:
            deck.shuffle()
    return TestResult(
        kind,
        Card.of(cof),
        a_pool,
        b_pool,
        views(a_cards),
        views(b_cards),
        a_score,
        b_score,
        winner,
        tuple((views(a), views(b)) for a, b in redraws),
        _joker_view(a_cards, cof, a_joker),
        _joker_view(b_cards, cof, b_joker),
    )


def difficulty_pool(difficulty: int | str) -> int:
    """A difficulty name or pool size -> pool size; a bad one raises
    :class:`~strategy.errors.InvalidMove` (a ValueError)."""
    if isinstance(difficulty, int):
        if difficulty < 0:
            raise InvalidMove(f"a difficulty pool cannot be negative: {difficulty}")
        return difficulty
    wanted = difficulty.strip().rstrip("!").lower()
    for name, pool in DIFFICULTIES.items():
        if name.rstrip("!").lower() == wanted:
            return pool
    raise InvalidMove(f"unknown difficulty {difficulty!r}; valid: {', '.join(DIFFICULTIES)}")


def static_test(
    gm_deck: Pile,
    deck: Pile,
    pool: int,
    difficulty: int | str,
    *,
    unskilled: bool = False,
    joker_as: Card | None = None,
    shuffle: bool = True,
) -> TestResult:
    """A static test: the character's pool against a difficulty pool from the GM's deck.

    ``difficulty`` is a card pool (int) or a name from :data:`DIFFICULTIES`
    ("Easy" 1, "Routine" 3, "Challenging" 5, "Damned Hard!" 7, "Heroic Effort" 9;
    case-insensitive). The character is side a; ``winner == "a"`` means success, and
    ``a_score.best`` the level of success applied. Mutual failures redraw, as in
    :func:`contested_test`.

    >>> from strategy.cards.dealer import ScriptedDealer as Stacked
    >>> r = static_test(Stacked("10S 4H 2D 8D 3C 2C"), Stacked("10S 2H"), 2, "Challenging")
    >>> r.winner, r.a_score.perfect
    ('a', 1)
    """
    return contested_test(
        gm_deck,
        deck,
        pool,
        gm_deck,
        difficulty_pool(difficulty),
        a_unskilled=unskilled,
        a_joker_as=joker_as,
        kind="static",
        shuffle=shuffle,
    )


def unskilled_test(
    gm_deck: Pile,
    deck: Pile,
    opposition: int | str,
    *,
    opposition_deck: Pile | None = None,
    shuffle: bool = True,
) -> TestResult:
    """An unskilled test: one card, at best an ordinary success (BtQ, "Unskilled Tests").

    ``opposition`` is the opposing pool or a difficulty name; the opposition draws from
    ``opposition_deck`` (default: the GM's deck).

    >>> from strategy.cards.dealer import ScriptedDealer as Stacked
    >>> r = unskilled_test(Stacked("6H 2C"), Stacked("6H"), 1)
    >>> r.a_score.perfect, r.a_score.ordinary, r.winner
    (0, 1, 'a')
    """
    opp = gm_deck if opposition_deck is None else opposition_deck
    return contested_test(
        gm_deck,
        deck,
        1,
        opp,
        difficulty_pool(opposition),
        a_unskilled=True,
        kind="unskilled",
        shuffle=shuffle,
    )
