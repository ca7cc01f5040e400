"""The chain of command of a campaign season: who commands each ship and squadron, who
answers to whom, whose staff may raise his NA, and the order in which battle results are
rolled (Briny En Garde!, CAMPAIGN OUTCOME).

The order of command: the First Sea Lord, then per fleet the senior admiral and the
other squadron commanders, then the captains, then the lieutenants and Marine
commanders. A competent junior (NA two or more above his commander's) raises his
commander's NA by one: a captain's Ship's Adjutant or Marine commander, an admiral's
aide or RM General, the First Sea Lord's aide.

Everything here is built once and then only read: the :class:`Books` of a list of
officers, and the :class:`ChainOfCommand` of a deployment over those books, are kept for
the next summer the very same officers sail.

>>> import random
>>> from strategy.campaign.fleet import default_officers
>>> from strategy.campaign.tables import force_organisation
>>> books = books_of(default_officers(random.Random(1)))
>>> cmd = chain_of(force_organisation(11), books)
>>> [(r.officer.id, r.role) for r in cmd.rolls[:3]]
[('FSL', 'first_sea_lord'), ('Red-RA', 'senior_admiral'), ('Blue-RA', 'squadron_commander')]
>>> chain_of(force_organisation(11), books) is cmd
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import is_
from types import MappingProxyType
from typing import Any, NamedTuple

from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    FLAG_SQUADRONS,
    MARINE_RANKS,
    SHIPS,
    Officer,
    officers_from,
    rm_general_of,
)
from strategy.campaign.promotions import Berths, berths_of
from strategy.campaign.tables import Deployment
from strategy.errors import InvalidMove

__all__ = [
    "Books",
    "ChainOfCommand",
    "Crew",
    "Flag",
    "RollSpec",
    "admiral_choices",
    "books_of",
    "chain_of",
    "flagship",
]

_ADMIRAL_ORDER = MappingProxyType({r: i for i, r in enumerate(ADMIRAL_RANKS)})
_NO_DETACHMENT = ("Private RM", "Subaltern RM")  # never command a ship's Marines


@dataclass(frozen=True, slots=True, eq=False)
class Crew:
    """Everyone aboard one ship: her ``company`` in book order, her ``captain`` (the
    senior, a player before an NPC), the ``juniors`` who may raise his NA (Ship's
    Adjutant, Marine commander), the ``rollers`` who roll battle results after him
    (lieutenants and the Marine commander, with their role) and the ids of her
    lieutenants, who may outshine him. Compared by identity: the books keep it."""

    code: str
    company: tuple[Officer, ...]
    captain: Officer | None
    juniors: tuple[Officer, ...]
    rollers: tuple[tuple[Officer, str], ...]
    lieutenants: tuple[str, ...]


def _crew(code: str, aboard: Sequence[Officer]) -> Crew:
    caps = [o for o in aboard if o.rank in CAPTAIN_RANKS]
    captain = max(caps, key=lambda o: (CAPTAIN_RANKS.index(o.rank), o.player)) if caps else None
    if captain is None:
        captain = _acting_captain(aboard)
    rm = _rm_commander(aboard, code)
    juniors = [o for o in aboard if o.appointment == "Ship's Adjutant" and o is not captain]
    if rm is not None:
        juniors.append(rm)
    rollers = tuple(
        (o, "lieutenant" if o.rank == "Lieutenant" else "rm_commander")
        for o in aboard
        if (o.rank == "Lieutenant" or o is rm) and o is not captain
    )
    lieutenants = tuple(o.id for o in aboard if o.rank == "Lieutenant")
    return Crew(code, tuple(aboard), captain, tuple(juniors), rollers, lieutenants)


def _acting_captain(aboard: Sequence[Officer]) -> Officer | None:
    """Her captain fallen (killed in a battle on the map), the ship is commanded for the
    rest of the summer by her first lieutenant, the Ship's Adjutant, else her senior
    lieutenant; her lieutenants fallen too, by her senior midshipman (docs/rules-notes.md,
    "A ship whose captain fell")."""
    lieutenants = [o for o in aboard if o.rank == "Lieutenant"]
    for o in lieutenants:
        if o.appointment == "Ship's Adjutant":
            return o
    seniors = lieutenants or [o for o in aboard if o.rank == "Midshipman"]
    return seniors[0] if seniors else None


def _rm_commander(crew: Sequence[Officer], code: str) -> Officer | None:
    """The officer commanding a ship's Marines: one of her commander's rank, else the
    senior Marine officer aboard."""
    marines = [o for o in crew if o.rank in MARINE_RANKS and o.rank not in _NO_DETACHMENT]
    if not marines:
        return None
    exact = [o for o in marines if o.rank == SHIPS[code].rm_commander]
    return (exact or sorted(marines, key=lambda o: -MARINE_RANKS.index(o.rank)))[0]


@dataclass(frozen=True, slots=True, eq=False)
class Books:
    """What a list of officers on the books gives every season they sail: crews by ship,
    flag officers by squadron (as listed, and by rank), aides, RM Generals, the First Sea
    Lord and his aides, and the berths they hold. None of it depends on the deployment.
    ``lasting``: the list may sail again (its chains of command are worth keeping)."""

    officers: tuple[Officer, ...]
    by_id: Mapping[str, Officer]
    crews: Mapping[str, Crew]
    flags: Mapping[str, tuple[Officer, ...]]
    flags_by_rank: Mapping[str, tuple[Officer, ...]]
    aides_of: Mapping[str, tuple[Officer, ...]]
    generals: Mapping[str, Officer]
    fsl: Officer
    fsl_aides: tuple[Officer, ...]
    berths: Berths
    lasting: bool


def _books(officers: Sequence[Officer], lasting: bool) -> Books:
    aboard: dict[str, list[Officer]] = {}
    flags: dict[str, list[Officer]] = {sq: [] for sq in FLAG_SQUADRONS}
    aides_of: dict[str, list[Officer]] = {}
    generals: dict[str, Officer] = {}
    fsl_aides = []
    fsl = None
    for o in officers:  # one pass: ~200 officers, most of them aboard ships
        app = o.appointment
        if o.ship is not None:
            aboard.setdefault(o.ship, []).append(o)
        elif app == "First Sea Lord":
            fsl = fsl or o
        elif o.rank in _ADMIRAL_ORDER and o.squadron in flags:
            flags[o.squadron].append(o)
        elif app == "Aide to Admiral" and o.serves:
            aides_of.setdefault(o.serves, []).append(o)
        elif app == "Aide to the First Sea Lord":
            fsl_aides.append(o)
        elif o.squadron and o.rank == rm_general_of(o.squadron):
            generals.setdefault(o.squadron, o)
    return Books(
        officers=tuple(officers),
        by_id=MappingProxyType({o.id: o for o in officers}),
        crews=MappingProxyType({code: _crew(code, crew) for code, crew in aboard.items()}),
        flags=MappingProxyType({sq: tuple(adms) for sq, adms in flags.items()}),
        flags_by_rank=MappingProxyType(
            {
                sq: tuple(sorted(adms, key=lambda o: _ADMIRAL_ORDER[o.rank]))
                for sq, adms in flags.items()
            }
        ),
        aides_of=MappingProxyType({k: tuple(v) for k, v in aides_of.items()}),
        generals=MappingProxyType(generals),
        fsl=fsl
        or Officer("FSL", "First Sea Lord (NPC)", "Admiral", 5, appointment="First Sea Lord"),
        fsl_aides=tuple(fsl_aides),
        berths=berths_of(officers),
        lasting=lasting,
    )


class _Roster:
    """A list of officers as a cache key: the very same objects, in order. Officers are
    frozen, so the very same objects are the very same officers; and the cache keeps
    them alive, so no other object can take one of their identities while it lasts."""

    __slots__ = ("_hash", "officers")

    def __init__(self, officers: tuple[Officer | Mapping[str, Any], ...]) -> None:
        self.officers = officers
        # a few identities are hash enough (equality compares them all)
        self._hash = hash((len(officers), *map(id, officers[:: max(1, len(officers) // 8)])))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Roster):
            return NotImplemented
        mine, theirs = self.officers, other.officers
        return len(mine) == len(theirs) and all(map(is_, mine, theirs))


class _Unkept(Exception):
    """A list of officers that cannot recur: not kept."""


@lru_cache(maxsize=4)
def _lasting_books(roster: _Roster) -> Books:
    # checked here, on a miss only: a hit is the very same objects, officers all along
    if not set(map(type, roster.officers)) <= {Officer}:
        raise _Unkept  # plain dicts become new officers every time (a dict may change)
    return _books(officers_from(roster.officers), lasting=True)


def books_of(officers: Iterable[Officer | Mapping[str, Any]], keep: bool = True) -> Books:
    """The :class:`Books` of the officers on the books (Officer objects or plain dicts).

    The same list of Officer objects sailing again gets the same books. Plain dicts are
    made into new officers every time, and ``keep=False`` is for a list that cannot
    recur (NPCs made for one season): those books are not kept.
    """
    officers = tuple(officers)
    if keep:
        try:
            return _lasting_books(_Roster(officers))
        except _Unkept:
            pass
    return _books(officers_from(officers), lasting=False)


@dataclass(frozen=True, slots=True, eq=False)
class Flag:
    """An admiral at sea: his group (fleet, squadron), his staff (aides, and the RM
    General advising the squadron), his flagship and her order."""

    group: tuple[str, str]
    admiral: Officer
    staff: tuple[Officer, ...]
    flagship: str
    order: str


class RollSpec(NamedTuple):
    """One battle-result roll of a chain of command, in order of command: the officer,
    his role and ship, the position and id of his superior's roll (None: the First Sea
    Lord), the competent junior who raises his NA, whether the fleet's die modifiers apply (all
    but the First Sea Lord's) and whether he is on the books (gains experience)."""

    officer: Officer
    role: str
    ship: str | None
    superior: int | None
    superior_id: str | None
    junior: Officer | None
    fleet: bool
    known: bool


#: admirals the seats chose: (fleet, squadron, admiral's id) per group
AdmiralChoices = tuple[tuple[str, str, str], ...]


def admiral_choices(choices: Iterable[Mapping[str, Any]]) -> AdmiralChoices:
    """The seats' ``admirals`` choices ``[{"fleet", "squadron", "admiral"}]``, checked
    for their kind (who may command where is the chain of command's to say)."""
    out = []
    for sub in choices:
        fleet, squadron, admiral = sub.get("fleet"), sub.get("squadron"), sub.get("admiral")
        if not isinstance(fleet, str) or not isinstance(squadron, str):
            raise InvalidMove(f"no {squadron} squadron in the {fleet} to command")
        if not isinstance(admiral, str):
            raise InvalidMove(f"{admiral!r} is not an admiral")
        out.append((fleet, squadron, admiral))
    return tuple(out)


def chain_of(
    deployment: Sequence[Deployment], books: Books, admirals: AdmiralChoices = ()
) -> ChainOfCommand:
    """The :class:`ChainOfCommand` of a deployment over ``books``, with the admirals the
    seats chose; the same for the same books, deployment and choices while kept."""
    if books.lasting:
        return _lasting_chain(books, tuple(deployment), admirals)
    return ChainOfCommand(books, deployment, admirals)


@lru_cache(maxsize=256)  # a Table F roll or a few volunteers each, for a few books
def _lasting_chain(
    books: Books, deployment: tuple[Deployment, ...], admirals: AdmiralChoices
) -> ChainOfCommand:
    return ChainOfCommand(books, deployment, admirals)


def flagship(codes: Sequence[str]) -> str:
    """The largest ship of a group: the lowest column of Ship Table B."""
    return min(codes, key=lambda c: SHIPS[c].column)


def _junior_raise(commander: Officer, juniors: Iterable[Officer]) -> Officer | None:
    """The first junior whose NA is two or more above his commander's."""
    return next((j for j in juniors if j.na >= commander.na + 2), None)


class ChainOfCommand:
    """The chain of command of one deployment: who answers to whom (read-only once
    built; kept by :func:`chain_of` for every summer the same officers sail it).

    ``crews`` and ``captain`` per deployed ship, ``admiral`` per group (fleet, squadron)
    at sea (the seats' choices first), ``top`` the senior admiral per fleet,
    ``superior`` the officer each ship's captain answers to, ``under`` the ships each
    admiral at sea commands, ``flag_of`` each group's :class:`Flag`, ``rolls`` the
    battle-result rolls in order of command and ``rollers`` the ids of their officers.
    """

    def __init__(
        self, books: Books, deployment: Sequence[Deployment], admirals: AdmiralChoices = ()
    ) -> None:
        self.books = books
        self.deployment = tuple(deployment)
        self.by_id = books.by_id
        self.fsl = books.fsl
        crews: dict[str, Crew] = {}
        captain: dict[str, Officer] = {}
        for d in deployment:
            crew = books.crews.get(d.ship)
            if crew is None or crew.captain is None:
                raise InvalidMove(f"{SHIPS[d.ship].name} cannot sail without a captain")
            crews[d.ship], captain[d.ship] = crew, crew.captain
        self.crews = MappingProxyType(crews)
        self.captain = MappingProxyType(captain)
        groups = dict.fromkeys(
            (d.fleet, d.squadron) for d in deployment if d.squadron in FLAG_SQUADRONS
        )
        self.groups: tuple[tuple[str, str], ...] = tuple(groups)
        self.admiral = MappingProxyType(self._assign_admirals(admirals))
        self.top = MappingProxyType(self._seniors(deployment))
        self.fleet_admirals = MappingProxyType(
            {
                f: tuple(self.admiral[g] for g in self.groups if g[0] == f and g in self.admiral)
                for f in self.top
            }
        )
        self.advisers = MappingProxyType(self._advisers())
        self.superior = MappingProxyType({d.ship: self._superior_of(d) for d in deployment})
        under: dict[str, list[str]] = {}
        for d in deployment:
            sup = self.superior[d.ship]
            if sup is not self.fsl:
                under.setdefault(sup.id, []).append(d.ship)
        self.under = MappingProxyType({k: tuple(v) for k, v in under.items()})
        order_of = {d.ship: d.order for d in deployment}
        flags = {}
        for group, adm in self.admiral.items():
            ship = flagship([d.ship for d in deployment if (d.fleet, d.squadron) == group])
            staff = self.advisers.get(adm.id, ())
            flags[group] = Flag(group, adm, staff, ship, order_of[ship])
        self.flag_of = MappingProxyType(flags)
        self.rolls = self._rolls()
        self.rollers = tuple(spec.officer.id for spec in self.rolls)

    def _assign_admirals(self, admirals: AdmiralChoices) -> dict[tuple[str, str], Officer]:
        """The seats' choice of admirals, checked; the senior free admiral of its squadron
        commands every other group."""
        chosen: dict[tuple[str, str], Officer] = {}
        for fleet, squadron, aid in admirals:
            group = (fleet, squadron)
            if group not in self.groups:
                raise InvalidMove(f"no {squadron} squadron in the {fleet} to command")
            adm = self.by_id.get(aid)
            if adm is None or adm.rank not in ADMIRAL_RANKS:
                raise InvalidMove(f"{aid!r} is not an admiral")
            if not self.fsl.player and adm.squadron != squadron:
                raise InvalidMove(
                    f"an NPC First Sea Lord substitutes admirals within their "
                    f"squadron: {adm.name} is not of the {squadron}"
                )
            if adm in chosen.values():
                raise InvalidMove(f"{adm.name} cannot command two squadrons")
            chosen[group] = adm
        used = {a.id for a in chosen.values()}
        for group in self.groups:
            if group in chosen:
                continue
            adm = next((a for a in self.books.flags_by_rank[group[1]] if a.id not in used), None)
            if adm is not None:
                chosen[group] = adm
                used.add(adm.id)
        return chosen

    def _seniors(self, deployment: Sequence[Deployment]) -> dict[str, Officer]:
        """Per fleet with admirals at sea, the senior: highest rank, then squadron."""
        top = {}
        for fleet in dict.fromkeys(d.fleet for d in deployment):
            here = [self.admiral[g] for g in self.groups if g[0] == fleet and g in self.admiral]
            if here:
                top[fleet] = max(
                    here,
                    key=lambda a: (
                        _ADMIRAL_ORDER[a.rank],
                        -FLAG_SQUADRONS.index(a.squadron or "Blue"),
                    ),
                )
        return top

    def _advisers(self) -> dict[str, tuple[Officer, ...]]:
        """An admiral's staff: his aides, and for the first group of a squadron its RM
        General."""
        advisers: dict[str, tuple[Officer, ...]] = {}
        advising: set[str] = set()
        for group in self.groups:
            adm = self.admiral.get(group)
            if adm is None or adm.id in advisers:
                continue
            staff = list(self.books.aides_of.get(adm.id, ()))
            general = self.books.generals.get(group[1])
            if general is not None and general.id not in advising:
                advising.add(general.id)
                staff.append(general)
            advisers[adm.id] = tuple(staff)
        return advisers

    def _superior_of(self, d: Deployment) -> Officer:
        """Whom a ship's captain answers to: his squadron's admiral, else his fleet's
        senior admiral, else the First Sea Lord."""
        adm = self.admiral.get((d.fleet, d.squadron)) if d.squadron else None
        return adm or self.top.get(d.fleet) or self.fsl

    def _rolls(self) -> tuple[RollSpec, ...]:
        """The season's battle-result rolls in order of command."""
        specs: list[RollSpec] = []
        at: dict[int, int] = {}  # id() of an officer -> the position of his roll

        def add(
            o: Officer,
            role: str,
            sup: Officer | None,
            juniors: Iterable[Officer],
            ship: str | None = None,
        ) -> None:
            at[id(o)] = len(specs)
            superior, sup_id = (None, None) if sup is None else (at[id(sup)], sup.id)
            junior = _junior_raise(o, juniors)
            known = self.by_id.get(o.id) is o
            specs.append(RollSpec(o, role, ship, superior, sup_id, junior, sup is not None, known))

        add(self.fsl, "first_sea_lord", None, self.books.fsl_aides)
        for fleet, top in self.top.items():
            admirals = self.fleet_admirals[fleet]
            role = "senior_admiral" if len(admirals) > 1 else "squadron_commander"
            add(top, role, self.fsl, self.advisers[top.id])
            for adm in admirals:
                if adm is not top:
                    add(adm, "squadron_commander", top, self.advisers[adm.id])
        for code, crew in self.crews.items():
            add(self.captain[code], "captain", self.superior[code], crew.juniors, code)
        for code, crew in self.crews.items():
            for o, role in crew.rollers:
                add(o, role, self.captain[code], (), code)
        return tuple(specs)
