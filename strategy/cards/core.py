"""The one card engine: cards as small integers, their success levels and their ranking.

BtQ's test (seed 000, "Tests", steps FOUR to SIX): the GM overturns a Card of Fate (CoF);
each side overturns its card pool; a card of the CoF's suit is an ordinary success, of its
rank a critical success, the very card a perfect success; the joker counts as any card its
owner chooses (by default the CoF itself). The winner has more perfect, then critical, then
ordinary successes, then the higher success cards (aces high).

Every card test of the game (combat, the chase, a character's tests) is scored here;
:class:`strategy.cards.Card` is only a view of these integers for parsing and printing.
A card is ``(rank - 2) * 4 + suit`` with suits in the order S, H, D, C (Spades = Hull,
Hearts = Crew, Diamonds = Guns, Clubs = Rigging on a Broadside!); the joker is 52.

>>> card("10H"), name(card("10H")), name(JOKER)
(33, '10H', 'JK')
>>> score(card("4S"), [card(c) for c in ("4C", "KS", "3S", "QH", "JH", "2C")])
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from strategy.errors import InvalidMove

__all__ = [
    "DECK",
    "JOKER",
    "SUITS",
    "RANKS",
    "card",
    "name",
    "rank",
    "suit",
    "score",
    "successes",
    "joker",
    "rank_key",
    "compare",
    "LEVELS",
    "NAMES",
]

SUITS = "SHDC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = 52
_NAMES = tuple(r + s for r in RANKS for s in SUITS) + ("JK",)
#: ``NAMES[card]``: every card written as the books do (events look names up, no call)
NAMES = _NAMES
# what a player may write for a card: the books' names, "T" for ten as card players
# write it, and the joker spelt out
_INDEX: Mapping[str, int] = MappingProxyType(
    {
        **{n: i for i, n in enumerate(_NAMES)},
        **{"T" + s: _NAMES.index("10" + s) for s in SUITS},
        "JOKER": JOKER,
    }
)

#: the 52 cards as a fresh deck comes out of the box, suit by suit (S, H, D, C) and in
#: each suit 2 up to the ace; a persistent deck starts in this order, so a seed deals
#: the same cards it always has
DECK: tuple[int, ...] = tuple(r * 4 + s for s in range(4) for r in range(13))


def card(text: str) -> int:
    """The integer of a card written as the books do: ``"10H"``, ``"AS"``, ``"JK"``.

    >>> card("th") == card("10H"), card("joker") == JOKER
    (True, True)
    """
    found = _INDEX.get(text.strip().upper())
    if found is None:
        raise InvalidMove(f"not a card: {text!r} (write e.g. 10H, AS, QD, 2C or JK)")
    return found


def name(c: int) -> str:
    """The card written as the books do."""
    return _NAMES[c]


def rank(c: int) -> int:
    """Rank 2..14 (aces high)."""
    return (c >> 2) + 2


def suit(c: int) -> str:
    """Suit letter S, H, D or C."""
    return SUITS[c & 3]


def _level(cof: int, c: int) -> int:
    """The success level of one (non-joker) card against the CoF: 3, 2, 1 or 0."""
    if c == cof:
        return 3
    if c >> 2 == cof >> 2:
        return 2
    return 1 if c & 3 == cof & 3 else 0


#: ``LEVELS[cof][card]``: the success level of every card against every CoF, the joker
#: (index 52) taken as the CoF itself; a battle looks up thousands of cards
LEVELS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_level(cof, c) for c in range(52)) + (3,) for cof in range(52)
)


def successes(
    cof: int, cards: Iterable[int], unskilled: bool = False, joker_as: int | None = None
) -> list[tuple[int, int, int]]:
    """Every success as ``(level, rank, card)``: level 3 perfect, 2 critical, 1 ordinary.

    The joker is taken as ``joker_as`` (default: the CoF itself, the best choice) and its
    card in the tuple is that chosen card. Unskilled tests cap every success at ordinary.
    """
    row = LEVELS[cof]
    out = []
    for c in cards:
        if c == JOKER:
            c, level = joker(cof, joker_as)
        else:
            level = row[c]
        if level:
            out.append((1 if unskilled else level, (c >> 2) + 2, c))
    return out


def joker(cof: int, joker_as: int | None) -> tuple[int, int]:
    """The card a joker counts as (``joker_as``, by default the CoF) and its level."""
    if joker_as is None:
        return cof, 3
    # a joker chosen as "the joker" is no card of the table: rank it by formula
    return joker_as, LEVELS[cof][joker_as] if joker_as < JOKER else _level(cof, joker_as)


def score(cof: int, cards: Iterable[int], unskilled: bool = False) -> tuple[int, int, int]:
    """``(perfect, critical, ordinary)`` for cards against a CoF."""
    counts = [0, 0, 0, 0]
    for level, _, _ in successes(cof, cards, unskilled):
        counts[level] += 1
    return counts[3], counts[2], counts[1]


def rank_key(succ: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    """A success list as one tuple that sorts as :func:`compare` ranks it: perfect,
    critical and ordinary counts, then the ranks in (level, rank) order, best first."""
    if not succ:
        return (0, 0, 0)
    counts = [0, 0, 0, 0]
    for lv, _, _ in succ:
        counts[lv] += 1
    if len(succ) == 1:
        return (counts[3], counts[2], counts[1], succ[0][1])
    # (sorted as they come: successes of one level and rank differ only in their card,
    # which leaves the ranks in the same order)
    ranks = [rk for _, rk, _ in sorted(succ, reverse=True)]
    return (counts[3], counts[2], counts[1], *ranks)


def compare(a: Sequence[tuple[int, int, int]], b: Sequence[tuple[int, int, int]]) -> int:
    """>0 if success list ``a`` beats ``b``, <0 if it loses, 0 for a dead heat.

    Perfect, then critical, then ordinary counts; then the success cards' values from
    the highest down, aces high (seed 000, "SIX: Determine the Victor").
    """
    ka = sorted(((lv, rk) for lv, rk, _ in a), reverse=True)
    kb = sorted(((lv, rk) for lv, rk, _ in b), reverse=True)
    for level in (3, 2, 1):
        na = sum(1 for lv, _ in ka if lv == level)
        nb = sum(1 for lv, _ in kb if lv == level)
        if na != nb:
            return na - nb
    for (_, ra), (_, rb) in zip(ka, kb, strict=False):
        if ra != rb:
            return ra - rb
    return 0
