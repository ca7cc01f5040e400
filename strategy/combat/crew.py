"""A ship's crew from BtQ's Essential Crew Members (seed 000:437-547, ``crew.json``).

The positions "that simply must be filled on the ship" not held by a player character are
"filled by NPCs quickly generated from the table below. For each position, draw one card
and consult the table": the card's suit gives his detail, number/face/ace his competence
(Moderate, Incompetent, Exceptional: key skill 4, 2, 6); "any other skill tests made by
the character are at -2 cards, with a minimum of 1 card". A ship's crew skills in battle
are the skills of the men whose post that work is (``CREW_POSTS``: the Gunner lays the
guns, "the default skill of their crew gunner", 000:1735; docs/rules-notes.md, "The
crew's competence").

The book's Hermes, her PCs a Lieutenant, a Midshipman and the Surgeon (000:551):

>>> from strategy.cards.dealer import ScriptedDealer
>>> hands = draw_crew(ScriptedDealer("3C KH 8D 7C JD 3S"),
...                   ("Purser", "Marine", "Gunner", "Boatswain", "Rating", "Rating"))
>>> [(h.position, h.key_skill) for h in hands]
[('Purser', 4), ('Marine', 2), ('Gunner', 4), ('Boatswain', 4), ('Rating', 2), ('Rating', 4)]
>>> hands[-1].detail
'Detrimental feature (cowardly, traitor, drunk, bully)'
>>> crew_skills(hands)["gunnery"], crew_skills(hands)["soldiering"]
(4, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from strategy.cards.core import JOKER, NAMES, rank, suit
from strategy.cards.dealer import Deck
from strategy.combat.combatant import SKILLS
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = [
    "Competence",
    "Hand",
    "Position",
    "COMPETENCE",
    "CREW_POSTS",
    "POSITIONS",
    "ESSENTIAL_CREW",
    "competence",
    "draw_crew",
    "crew_skills",
    "ship_crew",
]


@dataclass(frozen=True)
class Position:
    """A position that must be filled: its name, how many ("At least two Lieutenants")
    and its three key skills (the book's skill names)."""

    name: str
    at_least: int
    key_skills: tuple[str, ...]


@dataclass(frozen=True)
class Competence:
    """One row of the table: the competence's name, its key skill and the detail."""

    name: str
    key_skill: int
    detail: str

    def skill(self, key: bool) -> int:
        """His pool for a key skill, or for any other ("at -2 cards, with a minimum of 1
        card")."""
        return self.key_skill if key else max(self.key_skill - _LESS, _MINIMUM)


@dataclass(frozen=True)
class Hand:
    """The NPC drawn for a position: the card overturned and his row of the table."""

    position: str
    card: str
    competence: str
    key_skill: int
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """Plain data, one key per field."""
        return {
            "position": self.position,
            "card": self.card,
            "competence": self.competence,
            "key_skill": self.key_skill,
            "detail": self.detail,
        }


class _Pile(Protocol):
    def draw(self, n: int) -> Sequence[int]: ...


_SUITS = {"D": "Diamonds", "H": "Hearts", "C": "Clubs", "S": "Spades"}


def _kind(c: int) -> str:
    """Number (2-10), Face (J, Q, K) or Ace."""
    r = rank(c)
    return "Ace" if r == 14 else "Face" if r > 10 else "Number"


def _load() -> tuple[Any, ...]:
    """``crew.json`` checked: the nine positions, the twelve rows (every suit x Number,
    Face, Ace), competences of the three named, every engine skill given a post."""
    raw = load("crew.json")
    names = load("btq_characters.json")["skills"]["names"]
    positions = tuple(
        Position(p["name"], int(p["at_least"]), tuple(p["key_skills"])) for p in raw["positions"]
    )
    check(len(positions) == 9, "crew.json: the nine essential positions")
    for p in positions:
        check(p.at_least >= 1 and len(p.key_skills) == 3, f"crew.json: {p.name}'s three skills")
        for s in p.key_skills:
            check(s.split(" (")[0] in names, f"crew.json: {p.name}: no skill {s!r}")
    levels = raw["competence"]
    check(set(levels) == {"Moderate", "Incompetent", "Exceptional"}, "crew.json: competences")
    table = {
        (row["suit"], row["card"]): Competence(
            row["competence"], int(levels[row["competence"]]), row["detail"]
        )
        for row in raw["table"]
    }
    want = {(s, k) for s in _SUITS.values() for k in ("Number", "Face", "Ace")}
    check(len(raw["table"]) == 12 and set(table) == want, "crew.json: a row per suit and card")
    joker = raw["joker"]
    joker_row = Competence(joker["competence"], int(levels[joker["competence"]]), joker["detail"])
    posts = dict(raw["crew_posts"])
    by_name = {p.name: p for p in positions}
    check(set(posts) == set(SKILLS), "crew.json: a post for every skill of the crew")
    check(set(posts.values()) <= set(by_name), "crew.json: crew posts are positions")
    other = raw["other_skills"]
    return (
        positions,
        MappingProxyType(table),
        joker_row,
        freeze(posts),
        int(other["less"]),
        int(other["minimum"]),
    )


POSITIONS, COMPETENCE, _JOKER, CREW_POSTS, _LESS, _MINIMUM = _load()
_BY_NAME: Mapping[str, Position] = MappingProxyType({p.name: p for p in POSITIONS})
#: every position a ship must fill, each as many times as the book's "at least", in its order
ESSENTIAL_CREW: tuple[str, ...] = tuple(p.name for p in POSITIONS for _ in range(p.at_least))


def competence(c: int) -> Competence:
    """The table's row for card ``c``; the Joker's "Any result" is read as the best,
    Exceptional (an NPC's joker, like a test's, taken at its best: docs/rules-notes.md).

    >>> from strategy.cards.core import card
    >>> competence(card("QS")).key_skill, competence(card("JK")).name
    (2, 'Exceptional')
    """
    if c == JOKER:
        return _JOKER
    return COMPETENCE[(_SUITS[suit(c)], _kind(c))]


def draw_crew(pile: _Pile, positions: Iterable[str] = ESSENTIAL_CREW) -> tuple[Hand, ...]:
    """One card from ``pile`` for each of ``positions`` (those no player holds), in their
    order, and each NPC's row of the table (seed 000:470, "For each position, draw one
    card and consult the table")."""
    wanted = tuple(positions)
    for p in wanted:
        if p not in _BY_NAME:
            raise InvalidMove(f"no essential position {p!r}; valid: {', '.join(_BY_NAME)}")
    cards = pile.draw(len(wanted))
    out = []
    for p, c in zip(wanted, cards, strict=True):
        row = competence(c)
        out.append(Hand(p, NAMES[c], row.name, row.key_skill, row.detail))
    return tuple(out)


def crew_skills(hands: Sequence[Hand]) -> Mapping[str, int]:
    """The crew's skill pools in battle: each skill the first NPC of its post
    (``CREW_POSTS``) tests, at his key skill when it is one of his post's, else at -2, at
    least 1. A post not drawn (a player holds it) gives nothing: the officer tests."""
    out = {}
    for skill, post in CREW_POSTS.items():
        hand = next((h for h in hands if h.position == post), None)
        if hand is None:
            continue
        key = skill in {k.lower().replace(" ", "_") for k in _BY_NAME[post].key_skills}
        out[skill] = Competence(hand.competence, hand.key_skill, hand.detail).skill(key)
    return MappingProxyType(out)


def ship_crew(rng: random.Random) -> Mapping[str, int]:
    """The crew skills of a ship whose every essential post is an NPC's: one card each
    from a fresh player's deck (52 and the Joker the table names) under the seeded
    ``rng``, in the book's order of the positions.

    >>> dict(ship_crew(random.Random(1))) == dict(ship_crew(random.Random(1)))
    True
    """
    return crew_skills(draw_crew(Deck.player(rng)))
