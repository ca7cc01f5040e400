"""Briny En Garde!'s fleet: ships, squadrons, ranks and the officers who sail them.

The ships come from Ship Tables A-C and the Royal Marines detachment list
(``strategy/data/fleet.json``); each is mapped to the Beat to Quarters roster type it
fights as. Officers carry a Naval Ability (NA 1..10) and a rank.

>>> ship("RO").name, ship("RO").rate, ship("RO").roster
('Royal Oak', '1st', 'First Rate')
>>> berths("HA")
{'captain': 1, 'Lieutenant': 2, 'Midshipman': 2, 'Able Seaman': 2}
>>> FLAG_SQUADRONS, RM_REGIMENT["Lieutenant RM"]
(('White', 'Red', 'Blue'), 22)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from math import floor
from types import MappingProxyType
from typing import Any

from strategy.errors import InvalidMove, looked_up
from strategy.loader import check, freeze, load

__all__ = [
    "ADMIRAL_RANKS",
    "CAPTAIN_RANKS",
    "FLAG_SQUADRONS",
    "MARINE_RANKS",
    "NA_BY_TOTAL",
    "NA_LIMITS",
    "NAVY_RANKS",
    "RANK_TABLES",
    "RM_GENERAL_RANKS",
    "RM_REGIMENT",
    "SHIPS",
    "SQUADRONS",
    "SQUADRON_STATUS",
    "Officer",
    "Ship",
    "berths",
    "check_na",
    "default_officers",
    "is_marine",
    "naval_ability",
    "npc_captain",
    "officers_from",
    "rank_index",
    "rm_general_of",
    "ship",
    "ship_named",
]


@dataclass(frozen=True, slots=True)
class Ship:
    """One of His Majesty's ships as Briny En Garde! lists her."""

    name: str
    code: str
    squadron: str
    standing: int  # order on Ship Table A (1 = Royal Oak, the highest)
    column: int  # column of Ship Table B
    rate: str  # '1st'..'5th' or 'sloop'
    weapon: str | None
    friends: tuple[str, ...]
    enemies: tuple[str, ...]
    rm_commander: str  # rank of the officer commanding her Marines
    roster: str  # Beat to Quarters roster type (strategy.ships.ship_type name)
    captain_rank: str
    lieutenants: int
    midshipmen: int
    able_seamen: int
    marines: int


_RAW = freeze(load("fleet.json"))
NAVY_RANKS: tuple[str, ...] = _RAW["navy_ranks"]
MARINE_RANKS: tuple[str, ...] = _RAW["marine_ranks"]
ADMIRAL_RANKS = ("Rear Admiral", "Vice Admiral", "Admiral")
RM_GENERAL_RANKS = ("Major General RM", "Lieutenant General RM", "General RM")
CAPTAIN_RANKS = ("Master & Commander", "Captain", "Post Captain")
check(
    set(ADMIRAL_RANKS + CAPTAIN_RANKS) <= set(NAVY_RANKS)
    and set(RM_GENERAL_RANKS) <= set(MARINE_RANKS),
    "fleet.json: the ranks of the ladders",
)
#: the squadrons of Ship Table C, White first; the Blockade last
SQUADRONS: tuple[str, ...] = tuple(s["name"] for s in _RAW["squadrons"])
#: the squadrons with flag officers, each advised by an RM General (the Blockade has none)
FLAG_SQUADRONS: tuple[str, ...] = tuple(s["name"] for s in _RAW["squadrons"] if s["rm_general"])
check(SQUADRONS == (*FLAG_SQUADRONS, "Blockade"), "fleet.json: squadrons, the Blockade last")
SQUADRON_STATUS = MappingProxyType({s["name"]: s["status"] for s in _RAW["squadrons"]})
_RM_GENERAL = MappingProxyType({s["name"]: s["rm_general"] for s in _RAW["squadrons"]})
#: officers of each Royal Marines rank the regiment has room for
RM_REGIMENT = MappingProxyType({r: d["number"] for r, d in _RAW["rm_detachments"].items()})


def _load_ships() -> Mapping[str, Ship]:
    ships: dict[str, Ship] = {}
    codes = {row["code"] for row in _RAW["ships"]}
    for row in _RAW["ships"]:
        rate = _RAW["rates"][row["rate"]]
        s = Ship(
            name=row["name"],
            code=row["code"],
            squadron=row["squadron"],
            standing=row["standing"],
            column=row["column"],
            rate=row["rate"],
            weapon=row["weapon"],
            friends=row["friends"],
            enemies=row["enemies"],
            rm_commander=row["rm_commander"],
            roster=row["roster"],
            captain_rank=rate["captain"],
            lieutenants=rate["lieutenants"],
            midshipmen=rate["midshipmen"],
            able_seamen=rate["able_seamen"],
            marines=rate["marines"],
        )
        check(
            s.squadron in SQUADRONS
            and 1 <= s.column <= 10
            and s.code not in ships
            and set(s.friends + s.enemies) <= codes
            and s.rm_commander in MARINE_RANKS
            and s.captain_rank in CAPTAIN_RANKS,
            f"fleet.json ship {row['code']}",
        )
        ships[s.code] = s
    return MappingProxyType(ships)


SHIPS: Mapping[str, Ship] = _load_ships()


def _rank_table(name: str, rows: tuple[str, str, str]) -> Mapping[str, Mapping[str, Any]]:
    raw = _RAW[name]
    cols = raw["columns"]
    check(
        set(cols) <= set(NAVY_RANKS + MARINE_RANKS) and all(len(raw[r]) == len(cols) for r in rows),
        f"fleet.json {name}",
    )
    keys = ("min_social_level", "monthly_pay", "monthly_status")
    return MappingProxyType(
        {
            rank: MappingProxyType({k: raw[r][i] for k, r in zip(keys, rows, strict=True)})
            for i, rank in enumerate(cols)
        }
    )


# Admiralty Table, Naval Table G and the RM Generals: minimum SL, pay and status per rank
RANK_TABLES: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        **_rank_table("admiralty_table", ("Minimum Social Level", "Monthly Pay", "Monthly Status")),
        **_rank_table("royal_marines_table", ("Minimum SL", "Monthly Pay", "Monthly SP")),
        **_rank_table("rm_generals_table", ("Minimum SL", "Monthly Pay", "Monthly SP")),
    }
)
_BY_NAME = MappingProxyType({s.name: s for s in SHIPS.values()})


def ship(code: str) -> Ship:
    """The ship with a two-letter code (the error names the code)."""
    return looked_up(SHIPS, code, f"no ship with code {code!r}")


def ship_named(name: str) -> Ship:
    """The ship with a full name, e.g. ``"Fiddler's Green"``."""
    return looked_up(_BY_NAME, name, f"no ship named {name!r}")


def berths(code: str) -> dict[str, int]:
    """Officer berths of a ship by rank (the captain's berth is keyed 'captain')."""
    s = ship(code)
    return {
        "captain": 1,
        "Lieutenant": s.lieutenants,
        "Midshipman": s.midshipmen,
        "Able Seaman": s.able_seamen,
    }


def is_marine(rank: str) -> bool:
    """True for a Royal Marines rank."""
    return rank in MARINE_RANKS


_RANK_INDEX = MappingProxyType(
    {r: i for i, r in enumerate(MARINE_RANKS)} | {r: i for i, r in enumerate(NAVY_RANKS)}
)
_NO_SHIP_RANKS = frozenset(ADMIRAL_RANKS + RM_GENERAL_RANKS)


def rank_index(rank: str) -> int:
    """Position of a rank on its own ladder (navy or Royal Marines), 0 = lowest."""
    try:
        return _RANK_INDEX[rank]
    except (KeyError, TypeError):
        raise InvalidMove(f"unknown rank {rank!r}") from None


def rm_general_of(squadron: str) -> str | None:
    """The RM General who advises a squadron's commander (None for the Blockade)."""
    return _RM_GENERAL[squadron]


@dataclass(frozen=True, slots=True)
class Officer:
    """A character or NPC at sea: Naval Ability, rank and where he serves.

    ``ship`` is a ship code (None for admirals, RM generals and staff); ``squadron`` is an
    admiral's or RM general's squadron; ``serves`` is the officer id an aide serves;
    ``declined`` counts promotions declined at the present rank; ``wounds`` lists limbs and
    eyes already lost (for the Nelson Touch).
    """

    id: str
    name: str
    rank: str
    na: int
    ship: str | None = None
    squadron: str | None = None
    player: bool = False
    constitution: int = 12
    appointment: str | None = None
    serves: str | None = None
    declined: int = 0
    wounds: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        check_na(self.na, f"officer {self.id}: Naval Ability")
        rank_index(self.rank)
        if self.ship is not None:
            ship(self.ship)
        if self.squadron is not None and self.squadron not in SQUADRONS:
            raise InvalidMove(f"officer {self.id}: unknown squadron {self.squadron!r}")
        if self.rank in _NO_SHIP_RANKS and self.ship is not None:
            raise InvalidMove(f"officer {self.id}: a {self.rank} has no ship of his own")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["wounds"] = list(self.wounds)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Officer:
        fields = dict(data)
        fields["wounds"] = tuple(fields.get("wounds", ()))
        return cls(**fields)

    def with_na(self, na: int) -> Officer:
        return replace(self, na=na)


def officers_from(items: Iterable[Officer | Mapping[str, Any]]) -> list[Officer]:
    """Officers from Officer objects or plain dicts; ids must be unique."""
    out = [o if isinstance(o, Officer) else Officer.from_dict(o) for o in items]
    ids = [o.id for o in out]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise InvalidMove(f"officer id {dup!r} appears twice")
    return out


# --- Naval Ability -----------------------------------------------------------------------

#: Naval Ability's bounds ("up to level 10"; "can't be reduced below 1")
NA_LIMITS = (1, 10)
#: Naval Ability by the total of two d6: 2d6-2, at least 1 (NAVAL ABILITY gives no roll for
#: a new officer; docs/rules-notes.md, "Birth (Briny)")
NA_BY_TOTAL = tuple(max(NA_LIMITS[0], min(NA_LIMITS[1], t - 2)) for t in range(13))


def check_na(value: object, field: str = "na") -> int:
    """``value`` as a Naval Ability (a whole number 1..10, not a bool), else InvalidMove.

    >>> check_na(7), check_na(11, "officer.na")
    Traceback (most recent call last):
    ...
    strategy.errors.InvalidMove: officer.na: 11 is above the limit of 10
    """
    low, high = NA_LIMITS
    if type(value) is not int:
        raise InvalidMove(f"{field}: must be a whole number {low}..{high}, not {value!r}")
    if value < low:
        raise InvalidMove(f"{field}: {value} is below the limit of {low}")
    if value > high:
        raise InvalidMove(f"{field}: {value} is above the limit of {high}")
    return value


def naval_ability(die1: int, die2: int) -> int:
    """NA from two d6 (:data:`NA_BY_TOTAL`): the fleet's NPCs and new characters alike.

    >>> naval_ability(1, 1), naval_ability(3, 4), naval_ability(6, 6)
    (1, 5, 10)
    """
    for die in (die1, die2):
        if type(die) is not int or not 1 <= die <= 6:
            raise InvalidMove(f"na: die {die!r} is not a face of a d6")
    return NA_BY_TOTAL[die1 + die2]


# --- NPCs for every empty berth ---------------------------------------------------------------

#: an NPC to be made: id, name, rank, ship, squadron, appointment and the officer he serves
_Spec = tuple[str, str, str, "str | None", "str | None", "str | None", "str | None"]
#: how many players hold each (ship, squadron if no ship, rank)
_Taken = Mapping[tuple["str | None", "str | None", str], int]


@lru_cache(maxsize=32_768)
def _made(spec: _Spec, constitution: int, na: int) -> Officer:
    """The NPC of ``spec`` with these dice. Officers are frozen values, and making one costs
    ten times a lookup: the fleet's ~200 berths x 11 constitutions x 10 NAs fit the cache."""
    oid, name, rank, code, squadron, appointment, serves = spec
    return Officer(oid, name, rank, na, code, squadron, False, constitution, appointment, serves)


def _npc(r: Callable[[], float], spec: _Spec) -> Officer:
    """The NPC of ``spec`` with his dice drawn from ``r`` (``rng.random``)."""
    # a d6 from one draw (randint is several times slower); floor is int for x >= 0, cheaper
    con = floor(r() * 6) + floor(r() * 6) + 8  # BIRTH: 2d6 + 6
    # NA by two dice (the characters' rule): most NPCs middling, a few duffers and a few
    # Nelsons; the two draws are the dice less one, hence the +2 (a lookup: no checks here)
    na = NA_BY_TOTAL[floor(r() * 6) + floor(r() * 6) + 2]
    return _made(spec, con, na)


def _captain_spec(code: str, oid: str | None = None) -> _Spec:
    """The spec of ship ``code``'s NPC captain (his id ``{code}-captain`` unless given)."""
    s = SHIPS[code]
    name = f"Captain of {s.name}"
    return (oid or f"{code}-captain", name, s.captain_rank, code, None, None, None)


def npc_captain(rng: random.Random, code: str, oid: str | None = None) -> Officer:
    """An NPC captain for ship ``code``, his dice drawn from ``rng`` as every NPC's
    (:func:`default_officers`): the berth a captain promoted out of her leaves.

    >>> o = npc_captain(random.Random(1), "RO", "RO-captain-2")
    >>> o.id, o.rank, o.ship, o.player
    ('RO-captain-2', 'Post Captain', 'RO', False)
    """
    return _npc(rng.random, _captain_spec(ship(code).code, oid))


def _ship_specs(code: str, taken: _Taken, players: Sequence[Officer]) -> list[_Spec]:
    """A ship's NPCs for the berths her players leave empty: captain, lieutenants (the
    first the Ship's Adjutant unless a player is), Marine commander, midshipmen, able
    seamen."""
    s = SHIPS[code]
    specs: list[_Spec] = []
    if not any(taken.get((code, None, r)) for r in CAPTAIN_RANKS):
        specs.append(_captain_spec(code))
    adjutant = any(p.ship == code and p.appointment == "Ship's Adjutant" for p in players)
    berths_ = (
        ("Lieutenant", s.lieutenants, "lt", "Lieutenant {n}"),
        (s.rm_commander, 1, "rm", s.rm_commander),
        ("Midshipman", s.midshipmen, "mid", "Midshipman {n}"),
        ("Able Seaman", s.able_seamen, "ab", "Able Seaman {n}"),
    )
    for rank, count, tag, title in berths_:
        for i in range(taken.get((code, None, rank), 0), count):
            oid = f"{code}-rm" if tag == "rm" else f"{code}-{tag}{i + 1}"
            first_lt = rank == "Lieutenant" and i == 0 and not adjutant
            appointment = "Ship's Adjutant" if first_lt else None
            name = f"{title.format(n=i + 1)} of {s.name}"
            specs.append((oid, name, rank, code, None, appointment, None))
    return specs


def _flag_specs(taken: _Taken) -> list[_Spec]:
    """The active admirals and RM Generals the players leave empty, squadron by squadron."""
    specs: list[_Spec] = []
    for sq in FLAG_SQUADRONS:
        for rank in ADMIRAL_RANKS:
            if not taken.get((None, sq, rank)):
                aid = f"{sq}-{''.join(w[0] for w in rank.split())}"
                specs.append((aid, f"{rank} of the {sq}", rank, None, sq, None, None))
        general = rm_general_of(sq)
        if general and not taken.get((None, sq, general)):
            specs.append((f"{sq}-RMG", f"{general} ({sq})", general, None, sq, None, None))
    return specs


def _staff_specs(players: Sequence[Officer], flags: Sequence[_Spec]) -> list[_Spec]:
    """An Aide for every active admiral without one (players first), the First Sea Lord
    and his Aide unless players hold those appointments."""
    served = {p.serves for p in players if p.appointment == "Aide to Admiral"}
    admirals = [(p.id, p.name) for p in players if p.rank in ADMIRAL_RANKS and p.squadron]
    admirals += [(sp[0], sp[1]) for sp in flags if sp[2] in ADMIRAL_RANKS]
    specs: list[_Spec] = [
        (f"{aid}-aide", f"Aide to the {aname}", "Lieutenant", None, None, "Aide to Admiral", aid)
        for aid, aname in admirals
        if aid not in served
    ]
    appointed = {p.appointment for p in players if p.appointment}
    fsl = next((p.id for p in players if p.appointment == "First Sea Lord"), None)
    if "First Sea Lord" not in appointed:
        specs.append(("FSL", "First Sea Lord", "Admiral", None, None, "First Sea Lord", None))
        fsl = fsl or "FSL"
    if "Aide to the First Sea Lord" not in appointed:
        aide = "Aide to the First Sea Lord"
        specs.append(("FSL-aide", aide, "Post Captain", None, None, aide, fsl))
    return specs


def _npc_specs(players: Sequence[Officer], codes: Sequence[str]) -> tuple[_Spec, ...]:
    """The NPCs :func:`default_officers` makes, in order (no dice: who, not how able)."""
    taken: dict[tuple[str | None, str | None, str], int] = {}
    for p in players:
        key = (p.ship, p.squadron if p.ship is None else None, p.rank)
        taken[key] = taken.get(key, 0) + 1
    specs = [spec for code in codes for spec in _ship_specs(code, taken, players)]
    flags = _flag_specs(taken)
    return (*specs, *flags, *_staff_specs(players, flags))


@lru_cache(maxsize=64)
def _fleet_specs(codes: tuple[str, ...]) -> tuple[_Spec, ...]:
    """The NPCs of a fleet with no players: fixed by the ships sailing, only dice differ."""
    return _npc_specs((), codes)


def default_officers(
    rng: random.Random, players: Sequence[Officer] = (), ships: Iterable[str] | None = None
) -> list[Officer]:
    """NPC officers for every berth the ``players`` leave empty, plus the players.

    Per ship: captain, lieutenants (the first is the Ship's Adjutant), midshipmen, able
    seamen and the Marine commander; the nine active admirals (Rear, Vice and Admiral of
    the White, Red and Blue) each with an Aide, the three RM Generals and the First Sea
    Lord with his Aide. Same ``rng`` state, same officers.
    """
    players = officers_from(players)
    codes = tuple(SHIPS) if ships is None else tuple(ship(c).code for c in ships)
    specs = _npc_specs(players, codes) if players else _fleet_specs(codes)
    r = rng.random
    out: list[Officer] = list(players)
    out += [_npc(r, spec) for spec in specs]
    return out
