"""The Beat to Quarters card test: cards, decks, scoring, comparison and the kinds of test.

A test (BtQ, "Tests", steps FOUR to EIGHT) turns one Card of Fate (CoF) from the GM's deck;
each side then overturns its card pool from its own deck. Against the CoF a card is

* a PERFECT success if it is the same card,
* a CRITICAL success if it has the same number (rank),
* an ORDINARY success if it has the same suit,
* a failure otherwise; a joker counts as whatever card its owner chooses (default: the
  CoF itself, a perfect success).

The side with more perfect, then critical, then ordinary successes wins; a remaining tie
is broken by the values of the successful cards, best first, aces high. If both sides
fail, both decks are shuffled and the same pools redrawn against the same CoF.

>>> import random
>>> cof = Card.parse("4S")
>>> s = score(cof, [Card.parse(t) for t in ["4C", "KS", "QH"]])
>>> (s.perfect, s.critical, s.ordinary)
(0, 1, 1)
>>> compare(cof, [Card.parse("4S")], [Card.parse("4H"), Card.parse("AS")]) > 0
True
>>> gm = Deck.gm(random.Random(1)); me = Deck.player(random.Random(2))
>>> r = contested_test(gm, me, 5, gm, 4)
>>> r.winner in ("a", "b")
True

Everything random goes through the ``random.Random`` given to a :class:`Deck`; the same
seeds give the same draws. :meth:`Deck.stacked` gives a scripted deck for replaying the
book's examples.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

__all__ = [
    "CRITICAL",
    "DIFFICULTIES",
    "FAILURE",
    "JOKER",
    "LEVEL_NAMES",
    "MAX_ASSIST",
    "ORDINARY",
    "PERFECT",
    "RANKS",
    "SUITS",
    "Card",
    "Deck",
    "DeckExhausted",
    "Score",
    "TestResult",
    "assisted_pool",
    "compare",
    "compare_scores",
    "contested_test",
    "difficulty_pool",
    "full_deck",
    "level",
    "parse_cards",
    "score",
    "static_test",
    "unskilled_test",
]

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Spades, Hearts, Diamonds, Clubs (the order only matters for building a fresh deck)."""

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank names; a card's ``value`` is 2..14, aces high."""

_RANK_VALUE = {name: value for value, name in enumerate(RANKS, start=2)}
_RANK_NAME = {value: name for name, value in _RANK_VALUE.items()}

FAILURE, ORDINARY, CRITICAL, PERFECT = 0, 1, 2, 3
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


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``value`` 2..14 (aces high) and ``suit`` S/H/D/C; the joker is
    ``value`` 0, ``suit`` "".

    >>> str(Card.parse("10h")), Card.parse("AS").value, Card.parse("JK").is_joker
    ('10H', 14, True)
    """

    value: int
    suit: str

    _BY_TEXT: ClassVar[dict[str, Card]] = {}

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"10H"``, ``"qs"``, ``"AD"``, ``"JK"`` (joker) -> Card; anything else ValueError."""
        key = text.strip().upper()
        card = cls._BY_TEXT.get(key)
        if card is None:
            raise ValueError(
                f"not a card: {text!r} (rank 2-10, J, Q, K, A then suit S, H, D, C; or JK)"
            )
        return card

    @property
    def is_joker(self) -> bool:
        return self.value == 0

    @property
    def rank(self) -> str:
        """The rank's name ("10", "J", ...; "JK" for the joker)."""
        return "JK" if self.value == 0 else _RANK_NAME[self.value]

    def __str__(self) -> str:
        return "JK" if self.value == 0 else f"{_RANK_NAME[self.value]}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


for _suit in SUITS:
    for _name, _value in _RANK_VALUE.items():
        Card._BY_TEXT[f"{_name}{_suit}"] = Card(_value, _suit)
Card._BY_TEXT["JK"] = JOKER = Card(0, "")
Card._BY_TEXT["JOKER"] = JOKER
Card._BY_TEXT["T" + "S"] = Card._BY_TEXT["10S"]  # "T" for ten, as card players write it
for _suit in SUITS[1:]:
    Card._BY_TEXT["T" + _suit] = Card._BY_TEXT["10" + _suit]


def full_deck(joker: bool = False) -> tuple[Card, ...]:
    """The 52 cards (plus the joker for a player's deck), in a fixed order."""
    cards = tuple(Card(v, s) for s in SUITS for v in range(2, 15))
    return cards + ((JOKER,) if joker else ())


def parse_cards(texts: str | Iterable[str]) -> tuple[Card, ...]:
    """``"4C KS QH"`` or ``["4C", "KS"]`` -> tuple of Cards (commas allowed)."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(Card.parse(t) for t in texts)


class DeckExhausted(RuntimeError):
    """A stacked deck ran out of scripted cards, or a draw asked for more than exist."""


class Deck:
    """A deck of cards drawn at random through the ``random.Random`` it is given.

    ``draw(n)`` overturns n cards; they stay "out" (on the table or in the discards)
    until :meth:`shuffle` returns them, as the book does after every test (step EIGHT).
    If the draw pile holds fewer cards than a draw asks for, every card overturned
    earlier is shuffled back into it first (the book's "reshuffle the discards"); only
    a pool of some fifty cards could need that.

    Each draw picks uniformly among the remaining cards, which is the same as shuffling
    the pile and taking from the top but needs no full shuffle per test.

    A stacked deck (:meth:`stacked`) overturns exactly the cards given, in order, across
    all draws and tests (shuffles do not disturb the script); it raises
    :class:`DeckExhausted` when the script is spent. Use it to replay the book's examples.
    """

    __slots__ = ("_rng", "_pile", "_out", "_script", "has_joker")

    def __init__(
        self, rng: random.Random | None, *, joker: bool = False, cards: Iterable[Card] | None = None
    ) -> None:
        self._rng = rng
        self.has_joker = joker
        self._pile: list[Card] = list(full_deck(joker) if cards is None else cards)
        self._out: list[Card] = []
        self._script: list[Card] | None = None
        if rng is None:
            raise ValueError("a Deck needs a random.Random (or use Deck.stacked)")

    @classmethod
    def gm(cls, rng: random.Random) -> Deck:
        """The GM's deck: 52 cards, no joker."""
        return cls(rng, joker=False)

    @classmethod
    def player(cls, rng: random.Random) -> Deck:
        """A player's deck: 52 cards and one joker."""
        return cls(rng, joker=True)

    @classmethod
    def stacked(cls, cards: str | Iterable[str | Card], *, joker: bool = False) -> Deck:
        """A scripted deck that overturns ``cards`` in order (e.g. ``"4S 4C KS"``)."""
        if isinstance(cards, str):
            script = list(parse_cards(cards))
        else:
            script = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        deck = cls(random.Random(0), joker=joker)
        deck._script = script[::-1]  # pop() from the end is the next card
        return deck

    @property
    def is_stacked(self) -> bool:
        return self._script is not None

    def __len__(self) -> int:
        """Cards left to draw (for a stacked deck: scripted cards left)."""
        return len(self._script) if self._script is not None else len(self._pile)

    def draw(self, n: int) -> tuple[Card, ...]:
        """Overturn ``n`` cards (n <= 0 draws none)."""
        if n <= 0:
            return ()
        script = self._script
        if script is not None:
            if n > len(script):
                raise DeckExhausted(f"stacked deck has {len(script)} cards left, asked {n}")
            drawn = tuple(script.pop() for _ in range(n))
            self._out.extend(drawn)
            return drawn
        pile = self._pile
        if n > len(pile):
            # Reshuffle the discards (all earlier overturned cards not kept) into the pile.
            pile.extend(self._out)
            self._out.clear()
            if n > len(pile):
                raise DeckExhausted(f"deck has {len(pile)} cards to draw, asked {n}")
        rand = self._rng.random
        drawn_list = []
        for _ in range(n):
            i = int(rand() * len(pile))
            pile[i], pile[-1] = pile[-1], pile[i]
            drawn_list.append(pile.pop())
        self._out.extend(drawn_list)
        return tuple(drawn_list)

    def draw_one(self) -> Card:
        """Overturn a single card."""
        return self.draw(1)[0]

    def shuffle(self, keep: Iterable[Card] = ()) -> None:
        """Return every overturned card to the deck, except ``keep`` (e.g. a CoF in play)."""
        if self._script is not None:
            self._out.clear()
            return
        out = self._out
        self._out = []
        for card in keep:
            if card in out:
                out.remove(card)
                self._out.append(card)  # stays out until the next shuffle()
        self._pile.extend(out)


def level(cof: Card, card: Card, unskilled: bool = False) -> int:
    """Success level of one card against the CoF: PERFECT 3, CRITICAL 2, ORDINARY 1, FAILURE 0.

    A joker should be resolved to its chosen card first (:func:`score` does that).
    """
    if card.value == cof.value:
        lvl = PERFECT if card.suit == cof.suit else CRITICAL
    elif card.suit == cof.suit:
        lvl = ORDINARY
    else:
        return FAILURE
    return ORDINARY if unskilled else lvl


@dataclass(frozen=True, slots=True)
class Score:
    """The successes of one side's cards against a CoF.

    ``values`` are the values (2..14) of the successful cards in the book's tie-break
    order: perfect ones, then critical, then ordinary, each group highest first.
    """

    perfect: int
    critical: int
    ordinary: int
    values: tuple[int, ...] = ()

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


def _resolve(card: Card, cof: Card, joker_as: Card | None) -> Card:
    if card.value == 0:
        return cof if joker_as is None else joker_as
    return card


def score(
    cof: Card, cards: Iterable[Card], unskilled: bool = False, joker_as: Card | None = None
) -> Score:
    """Count perfect, critical and ordinary successes of ``cards`` against ``cof``.

    A joker counts as ``joker_as`` (default: the CoF itself, the best choice).
    ``unskilled`` caps every success at ordinary (BtQ, "Unskilled Tests").

    >>> s = score(Card.parse("KH"), parse_cards("2H 10H KH KS JK"))
    >>> (s.perfect, s.critical, s.ordinary)
    (2, 1, 2)
    """
    if joker_as is not None and joker_as.is_joker:
        raise ValueError("a joker must be chosen as a card, not as a joker")
    by_level: list[list[int]] = [[], [], [], []]
    for card in cards:
        real = _resolve(card, cof, joker_as)
        lvl = level(cof, real, unskilled)
        if lvl:
            by_level[lvl].append(real.value)
    perfect, critical, ordinary = by_level[PERFECT], by_level[CRITICAL], by_level[ORDINARY]
    perfect.sort(reverse=True)
    critical.sort(reverse=True)
    ordinary.sort(reverse=True)
    return Score(len(perfect), len(critical), len(ordinary), tuple(perfect + critical + ordinary))


def compare_scores(a: Score, b: Score) -> int:
    """1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 on a complete tie."""
    ka, kb = a.key, b.key
    return (ka > kb) - (ka < kb)


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
    """>0 if side a wins, <0 if side b wins, 0 on a complete tie.

    By perfect, then critical, then ordinary successes, then the values of the
    successful cards best first (aces high). Two sides with no success compare 0
    (a mutual failure, see :func:`contested_test`).

    >>> cof = Card.parse("4S")
    >>> compare(cof, parse_cards("4C KS QH"), parse_cards("4H AH 2D 7S"))  # King beats 7
    1
    """
    return compare_scores(
        score(cof, a_cards, a_unskilled, a_joker_as), score(cof, b_cards, b_unskilled, b_joker_as)
    )


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
                raise ValueError(f"a helper's skill cannot be negative: {skill}")
            bonus += skill
        else:
            hindrance += 1
    return max(0, pool + min(bonus, MAX_ASSIST) - hindrance)


def _cards_list(cards: Sequence[Card]) -> list[str]:
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
            "a_cards": _cards_list(self.a_cards),
            "b_cards": _cards_list(self.b_cards),
            "a_score": self.a_score.to_dict(),
            "b_score": self.b_score.to_dict(),
            "a_joker": None if self.a_joker is None else str(self.a_joker),
            "b_joker": None if self.b_joker is None else str(self.b_joker),
            "redraws": [[_cards_list(a), _cards_list(b)] for a, b in self.redraws],
            "winner": self.winner,
        }


def _joker_choice(cards: Sequence[Card], cof: Card, joker_as: Card | None) -> Card | None:
    if any(c.value == 0 for c in cards):
        return cof if joker_as is None else joker_as
    return None


def contested_test(
    cof_deck: Deck,
    a_deck: Deck,
    a_pool: int,
    b_deck: Deck,
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

    >>> gm = Deck.stacked("4S 4H AH 2D 7S"); pc = Deck.stacked("4C KS 3D QH JH 2C")
    >>> contested_test(gm, pc, 6, gm, 4).winner  # O'Toole's King beats Jones' 7
    'a'
    """
    if a_unskilled:
        a_pool = 1
    if b_unskilled:
        b_pool = 1
    a_pool, b_pool = max(0, a_pool), max(0, b_pool)
    cof = cof_deck.draw_one()
    redraws: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    winner: str | None = None
    decks = _distinct(cof_deck, a_deck, b_deck)
    while True:
        a_cards = a_deck.draw(a_pool)
        b_cards = b_deck.draw(b_pool)
        a_score = score(cof, a_cards, a_unskilled, a_joker_as)
        b_score = score(cof, b_cards, b_unskilled, b_joker_as)
        outcome = compare_scores(a_score, b_score)
        if outcome:
            winner = "a" if outcome > 0 else "b"
            break
        if (a_pool == 0 and b_pool == 0) or len(redraws) >= MAX_REDRAWS:
            break
        redraws.append((a_cards, b_cards))
        for deck in decks:
            deck.shuffle(keep=(cof,) if deck is cof_deck else ())
    if shuffle:
        for deck in decks:
            deck.shuffle()
    return TestResult(
        kind,
        cof,
        a_pool,
        b_pool,
        a_cards,
        b_cards,
        a_score,
        b_score,
        winner,
        tuple(redraws),
        _joker_choice(a_cards, cof, a_joker_as),
        _joker_choice(b_cards, cof, b_joker_as),
    )


def _distinct(*decks: Deck) -> list[Deck]:
    out: list[Deck] = []
    for deck in decks:
        if all(deck is not d for d in out):
            out.append(deck)
    return out


def static_test(
    gm_deck: Deck,
    deck: Deck,
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

    >>> gm = Deck.stacked("10S 4H 2D 8D 3C 2C"); pc = Deck.stacked("10S 2H", joker=True)
    >>> r = static_test(gm, pc, 2, "Challenging")
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


def difficulty_pool(difficulty: int | str) -> int:
    """A difficulty name or pool size -> pool size; bad names raise ValueError."""
    if isinstance(difficulty, int):
        if difficulty < 0:
            raise ValueError(f"a difficulty pool cannot be negative: {difficulty}")
        return difficulty
    wanted = difficulty.strip().rstrip("!").lower()
    for name, pool in DIFFICULTIES.items():
        if name.rstrip("!").lower() == wanted:
            return pool
    raise ValueError(f"unknown difficulty {difficulty!r}; valid: {', '.join(DIFFICULTIES)}")


def unskilled_test(
    gm_deck: Deck,
    deck: Deck,
    opposition: int | str,
    *,
    opposition_deck: Deck | None = None,
    shuffle: bool = True,
) -> TestResult:
    """An unskilled test: one card, at best an ordinary success (BtQ, "Unskilled Tests").

    ``opposition`` is the opposing pool or a difficulty name; the opposition draws from
    ``opposition_deck`` (default: the GM's deck).

    >>> r = unskilled_test(Deck.stacked("6H 2C"), Deck.stacked("6H", joker=True), 1)
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
