"""Promotion into a vacant berth (Briny En Garde!, PROMOTION).

An officer who wins his promotion roll is promoted only where a berth of his new rank is
vacant: up a rank in his own ship to lieutenant, a captaincy of the next class of ship,
a Rear Admiral's flag, a Marine detachment of the next rank; else he is mentioned in
despatches instead. Seniors are promoted first, so their old berths open for juniors.

>>> lt = Officer("lt", "Bush", "Lieutenant", 5, ship="HA")
>>> next_step(lt)
('Master & Commander', 'sloop')
>>> Vacancies([lt]).promote(lt)
('Master & Commander', 'ME', None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    FLAG_SQUADRONS,
    MARINE_RANKS,
    NAVY_RANKS,
    RM_GENERAL_RANKS,
    RM_REGIMENT,
    SHIPS,
    Officer,
)

__all__ = [
    "NO_PROMOTION_ROLL",
    "Berth",
    "Berths",
    "Promotion",
    "Vacancies",
    "berths_of",
    "midshipmen_purchased",
    "next_step",
    "promotion_of",
    "resolve_promotions",
]

#: (rank, ship code or None, squadron or None)
Berth = tuple[str, "str | None", "str | None"]

#: the ranks that never roll for promotion: flag officers ("promoted according to strict
#: seniority"), the RM Generals and the Marine colonels below them
NO_PROMOTION_ROLL = frozenset(
    ADMIRAL_RANKS + RM_GENERAL_RANKS + ("Lieutenant Colonel RM", "Colonel RM")
)
_SENIOR_CAPTAIN_RATES = ("3rd", "4th")
_POST_CAPTAIN_RATES = ("1st", "2nd")
_SAME_SHIP = ("Sailor", "Able Seaman", "Midshipman")
_SHIP_BERTHS = ("Lieutenant", "Midshipman", "Able Seaman")  # counted per ship


def next_step(officer: Officer) -> tuple[str, str] | None:
    """The rank a promotion gives and the kind of berth it needs, or None (no roll).

    Berth kinds: 'same ship' (up to lieutenant, on his own ship), 'sloop', '5th',
    '3rd/4th', '1st/2nd' (a vacant captaincy of that class), 'flag' (a Rear Admiral's
    place), 'marines' (a Marine rank: a vacant detachment command of that rank, or for a
    lieutenant of Marines room in the regiment), 'ranks' (a Subaltern, never short).
    """
    return _step(officer.rank, officer.ship)


@lru_cache(maxsize=1024)
def _step(rank: str, code: str | None) -> tuple[str, str] | None:
    """:func:`next_step` by the two things it depends on: rank and ship."""
    if rank in NO_PROMOTION_ROLL:
        return None
    if rank in _SAME_SHIP:
        return NAVY_RANKS[NAVY_RANKS.index(rank) + 1], "same ship"
    if rank == "Lieutenant":
        return "Master & Commander", "sloop"
    if rank == "Master & Commander":
        return "Captain", "5th"
    if rank == "Captain":
        own = SHIPS[code].rate if code else "5th"
        if own in _SENIOR_CAPTAIN_RATES:
            return "Post Captain", "1st/2nd"
        return "Captain", "3rd/4th"
    if rank == "Post Captain":
        return "Rear Admiral", "flag"
    if rank == "Private RM":
        return "Subaltern RM", "ranks"
    return MARINE_RANKS[MARINE_RANKS.index(rank) + 1], "marines"


def _berth_key(rank: str, code: str | None, squadron: str | None) -> tuple[str, str] | None:
    """What a berth counts against: a ship's captaincy, her Marine command, her
    lieutenants', midshipmen's or able seamen's berths, or a squadron's Rear Admiral's
    flag; None for a berth nobody counts."""
    if code is not None:
        if rank in CAPTAIN_RANKS:
            return ("captain", code)
        if rank == SHIPS[code].rm_commander:
            return ("rm", code)
        if rank in _SHIP_BERTHS:
            return (rank, code)
    if rank == "Rear Admiral" and squadron in FLAG_SQUADRONS:
        return ("flag", squadron)
    return None


def _capacity() -> dict[tuple[str, str], int]:
    free: dict[tuple[str, str], int] = {}
    for s in SHIPS.values():
        free[("captain", s.code)] = 1
        free[("rm", s.code)] = 1
        free[("Lieutenant", s.code)] = s.lieutenants
        free[("Midshipman", s.code)] = s.midshipmen
        free[("Able Seaman", s.code)] = s.able_seamen
    for sq in FLAG_SQUADRONS:
        free[("flag", sq)] = 1
    free[("regiment", "Lieutenant RM")] = RM_REGIMENT["Lieutenant RM"]
    return free


# every berth key counts its free places in one slot of a list: a list index is much
# cheaper than hashing a tuple key, and a season looks up ~150 of them
_CAPACITY = MappingProxyType(_capacity())
_SLOT = MappingProxyType({key: i for i, key in enumerate(_CAPACITY)})
_REGIMENT = _SLOT["regiment", "Lieutenant RM"]
_MIDSHIPMEN = MappingProxyType({code: _SLOT["Midshipman", code] for code in SHIPS})
_BY_STANDING = tuple(sorted(SHIPS.values(), key=lambda s: s.standing))
_RATES_FOR = {
    "sloop": ("sloop",),
    "5th": ("5th",),
    "3rd/4th": _SENIOR_CAPTAIN_RATES,
    "1st/2nd": _POST_CAPTAIN_RATES,
}
# the berths a promotion may look in, highest standing first: (where, slot) for the
# captaincies by kind of berth, the Marine detachments by the rank commanding them
_CAPTAINCIES = MappingProxyType(
    {
        kind: tuple((s.code, _SLOT["captain", s.code]) for s in _BY_STANDING if s.rate in rates)
        for kind, rates in _RATES_FOR.items()
    }
)
_DETACHMENTS = MappingProxyType(
    {
        rank: tuple((s.code, _SLOT["rm", s.code]) for s in _BY_STANDING if s.rm_commander == rank)
        for rank in MARINE_RANKS
    }
)
_FLAGS = tuple((sq, _SLOT["flag", sq]) for sq in FLAG_SQUADRONS)
_BERTH = attrgetter("rank", "ship", "squadron")


@lru_cache(maxsize=4096)
def _slots_of(berth: Berth) -> tuple[int, ...]:
    """The slots a berth fills: its own (if counted) and, for a lieutenant of Marines, the
    regiment's. Berths are few (rank x ship or flag)."""
    key = _berth_key(*berth)
    own = () if key is None else (_SLOT[key],)
    return (*own, _REGIMENT) if berth[0] == "Lieutenant RM" else own


def midshipmen_purchased(vacancies: Vacancies, ships: Iterable[str]) -> list[dict[str, Any]]:
    """NPC rule: after the promotions, midshipman vacancies beyond two in a ship are filled
    by purchase (NPC able seamen can afford it)."""
    out = []
    free = vacancies.free
    for code in ships:
        n = free[_MIDSHIPMEN[code]]
        if n > 2:
            out.append({"ship": code, "midshipmen": n - 2})
    return out


class Promotion(NamedTuple):
    """What promoting an officer takes: the slots of the berth he leaves, and the berths
    he may take in order of preference, each with the slot that must have room (None:
    there is always room) and the slots it fills."""

    leaves: tuple[int, ...]
    places: tuple[tuple[Berth, int | None, tuple[int, ...]], ...]


def promotion_of(officer: Officer) -> Promotion:
    """What promoting ``officer`` takes (it depends on his rank, ship and squadron)."""
    return _promotion(officer.rank, officer.ship, officer.squadron)


@lru_cache(maxsize=4096)
def _promotion(rank: str, code: str | None, squadron: str | None) -> Promotion:
    """See :class:`Promotion`: up a rank in his own ship, a captaincy of the next class
    in another ship (highest standing first), a Rear Admiral's flag, a Marine detachment
    of the next rank (a lieutenant of Marines: else room in the regiment), or a
    Subaltern's place (never short)."""
    step = _step(rank, code)
    places: list[tuple[Berth, int | None]] = []
    if step is not None:
        new, kind = step
        if kind == "ranks":
            places.append(((new, code, squadron), None))
        elif kind == "same ship" and code is not None:
            places.append(((new, code, None), _SLOT[new, code]))
        elif kind == "flag":
            places += [((new, None, sq), slot) for sq, slot in _FLAGS]
        elif kind == "marines":
            places += [((new, where, None), slot) for where, slot in _DETACHMENTS[new]]
            if new == "Lieutenant RM":
                places.append(((new, code, None), _REGIMENT))
        elif kind in _CAPTAINCIES:
            places += [((new, c, None), slot) for c, slot in _CAPTAINCIES[kind] if c != code]
    return Promotion(
        _slots_of((rank, code, squadron)),
        tuple((berth, room, _slots_of(berth)) for berth, room in places),
    )


def _promote(free: list[int], promotion: Promotion) -> Berth | None:
    """The first berth of ``promotion`` with room, taken (and his old one released), or
    None: nothing changes."""
    for berth, room, fills in promotion.places:
        if room is None or free[room] > 0:
            for slot in promotion.leaves:
                free[slot] += 1
            for slot in fills:
                free[slot] -= 1
            return berth
    return None


@dataclass(frozen=True, slots=True, eq=False)
class Berths:
    """The fleet's berths as a list of officers on the books holds them (read-only): the
    places each berth key has left, in its slot, and per officer id the officer with what
    promoting him takes."""

    free: tuple[int, ...]
    held: Mapping[str, tuple[Officer, Promotion]]


def berths_of(officers: Iterable[Officer]) -> Berths:
    """The :class:`Berths` of the officers on the books."""
    officers = tuple(officers)
    free = list(_CAPACITY.values())
    # count distinct (rank, ship, squadron) first: a few dozen keys for ~200 officers
    for berth, n in Counter(map(_BERTH, officers)).items():
        for slot in _slots_of(berth):
            free[slot] -= n
    held = MappingProxyType({o.id: (o, promotion_of(o)) for o in officers})
    return Berths(tuple(free), held)


class Vacancies:
    """Open berths in the fleet, from the officers on the books (and deaths at sea).

    Berths are ``(rank, ship, squadron)`` triples: a captaincy, a lieutenant's,
    midshipman's or able seaman's berth in a ship, a Marine detachment's command, a Rear
    Admiral's flag; a lieutenant of Marines needs room in the regiment (22). ``free``
    counts the places open per berth key, in one slot each; ``held`` is what promoting
    each officer on the books takes (see :class:`Berths`).
    """

    __slots__ = ("free", "held")

    def __init__(self, officers: Iterable[Officer] | Berths = ()) -> None:
        """The berths the ``officers`` on the books leave open (or :class:`Berths`
        already counted)."""
        berths = officers if isinstance(officers, Berths) else berths_of(officers)
        self.free = list(berths.free)
        self.held = berths.held

    def release(self, berth: Berth) -> None:
        """A berth opens (its officer died, or left it)."""
        for slot in _slots_of(berth):
            self.free[slot] += 1

    def promotion(self, officer: Officer) -> Promotion:
        """What promoting ``officer`` takes."""
        held = self.held.get(officer.id)
        # an officer on the books is this very object (officers are frozen)
        return held[1] if held is not None and held[0] is officer else promotion_of(officer)

    def promote(self, officer: Officer) -> Berth | None:
        """The berth a promotion gives ``officer``, taken, and his old one released; None
        if no berth of his new rank is vacant (nothing changes)."""
        return _promote(self.free, self.promotion(officer))


_ORDER = MappingProxyType(
    {r: i for i, r in enumerate(NAVY_RANKS)} | {r: i for i, r in enumerate(MARINE_RANKS)}
)


def resolve_promotions(
    records: Iterable[dict[str, Any]],
    officers: Mapping[str, Officer],
    vacancies: Vacancies,
    declines: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """Turn successful promotion rolls into promotions where a berth is vacant, else MiDs.

    ``records``: personal outcomes in order; the dead leave their berths open. Seniors
    first (so their old berths open for juniors), players before NPCs of the same rank.
    ``declines`` lists officers who decline (a MiD instead); after a third decline at one
    rank every promotion becomes a MiD. Sets each winner's ``promotion_result`` and
    returns the promotions as ``{"officer", "from", "to", "ship"}``.
    """
    declines = set(declines)
    free = vacancies.free
    winners: list[tuple[int, bool, int, dict[str, Any], Officer, Promotion]] = []
    for rec in records:
        dead = rec["dead"]
        if not dead and not rec["promotion_won"]:
            continue
        o = officers[rec["officer"]]
        promotion = vacancies.promotion(o)
        if dead:  # his berth opens
            for slot in promotion.leaves:
                free[slot] += 1
        else:
            winners.append((-_ORDER[o.rank], not o.player, len(winners), rec, o, promotion))
    winners.sort()  # seniors first, players first; then in order (the index breaks ties)
    done = []
    for _, _, _, rec, officer, promotion in winners:
        new = None
        result: dict[str, Any]
        if officer.declined >= 3:
            result = {"result": "no further promotions: mentioned in despatches"}
        elif officer.id in declines:
            result = {
                "result": "declined: mentioned in despatches",
                "declined": officer.declined + 1,
            }
        else:  # a promotion moves him from his berth to the new one
            new = _promote(free, promotion)
            if new is None:
                result = {"result": "no vacancy: mentioned in despatches"}
            else:
                rank, ship, squadron = new
                result = {
                    "result": "promoted",
                    "new_rank": rank,
                    "new_ship": ship,
                    "new_squadron": squadron,
                }
                done.append({"officer": officer.id, "from": officer.rank, "to": rank, "ship": ship})
        rec["promotion_result"] = result
        if new is None:
            rec["mids"] += 1
    return done
