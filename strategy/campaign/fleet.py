"""Briny En Garde!'s fleet: ships, squadrons, ranks and the officers who sail them.

The ships come from Ship Tables A-C and the Royal Marines detachment list
(``strategy/data/fleet.json``); each is mapped to the Beat to Quarters roster type it
fights as. Officers carry a Naval Ability (NA 1..10) and a rank.

>>> ship("RO").name, ship("RO").rate, ship("RO").roster
('Royal Oak', '1st', 'First Rate')
>>> berths("HA")
{'captain': 1, 'Lieutenant': 2, 'Midshipman': 2, 'Able Seaman': 2}
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from math import floor
from types import MappingProxyType
from typing import Any

from strategy.campaign.tables import SQUADRONS, load_json, rank_modifiers, ship_modifiers

__all__ = [
    "ADMIRAL_RANKS",
    "CAPTAIN_RANKS",
    "MARINE_RANKS",
    "NAVY_RANKS",
    "RANK_TABLES",
    "RM_GENERAL_RANKS",
    "SHIPS",
    "SQUADRON_STATUS",
    "Officer",
    "Ship",
    "berths",
    "default_officers",
    "is_marine",
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


_RAW = load_json("fleet.json")
NAVY_RANKS: tuple[str, ...] = tuple(_RAW["navy_ranks"])
MARINE_RANKS: tuple[str, ...] = tuple(_RAW["marine_ranks"])
ADMIRAL_RANKS = ("Rear Admiral", "Vice Admiral", "Admiral")
RM_GENERAL_RANKS = ("Major General RM", "Lieutenant General RM", "General RM")
CAPTAIN_RANKS = ("Master & Commander", "Captain", "Post Captain")
SQUADRON_STATUS = MappingProxyType({s["name"]: s["status"] for s in _RAW["squadrons"]})
_RM_GENERAL = MappingProxyType({s["name"]: s["rm_general"] for s in _RAW["squadrons"]})


def _load_ships() -> MappingProxyType:
    ships = {}
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
            friends=tuple(row["friends"]),
            enemies=tuple(row["enemies"]),
            rm_commander=row["rm_commander"],
            roster=row["roster"],
            captain_rank=rate["captain"],
            lieutenants=rate["lieutenants"],
            midshipmen=rate["midshipmen"],
            able_seamen=rate["able_seamen"],
            marines=rate["marines"],
        )
        if (
            s.squadron not in SQUADRONS
            or not 1 <= s.column <= 10
            or s.code in ships
            or not set(s.friends + s.enemies) <= codes
            or s.rm_commander not in MARINE_RANKS
        ):
            raise ValueError(f"fleet data: bad ship {row}")
        ship_modifiers(s.name)  # every ship must have its Personal Outcome modifiers
        ships[s.code] = s
    for rank in NAVY_RANKS + MARINE_RANKS:
        rank_modifiers(rank)
    return MappingProxyType(ships)


SHIPS: Mapping[str, Ship] = _load_ships()


def _rank_table(name: str, rows: tuple[str, str, str]) -> Mapping[str, Mapping[str, Any]]:
    raw = _RAW[name]
    cols = raw["columns"]
    if not set(cols) <= set(NAVY_RANKS + MARINE_RANKS) or any(
        len(raw[r]) != len(cols) for r in rows
    ):
        raise ValueError(f"fleet data: bad {name}")
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
    """The ship with a two-letter code (KeyError names the code)."""
    try:
        return SHIPS[code]
    except KeyError:
        raise KeyError(f"no ship with code {code!r}") from None


def ship_named(name: str) -> Ship:
    """The ship with a full name, e.g. ``"Fiddler's Green"``."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no ship named {name!r}") from None


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
        raise ValueError(f"unknown rank {rank!r}") from None


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
        # a season makes ~200 NPCs: the usual case (an int NA, a known rank and ship) is
        # checked with one lookup each, the rest the long way for the error
        na = self.na
        if (
            type(na) is not int and (isinstance(na, bool) or not isinstance(na, int))
        ) or not 1 <= na <= 10:
            raise ValueError(f"officer {self.id}: Naval Ability must be 1..10, not {na!r}")
        rank_index(self.rank)
        if self.ship is not None and self.ship not in SHIPS:
            ship(self.ship)
        if self.squadron is not None and self.squadron not in SQUADRONS:
            raise ValueError(f"officer {self.id}: unknown squadron {self.squadron!r}")
        if self.rank in _NO_SHIP_RANKS and self.ship is not None:
            raise ValueError(f"officer {self.id}: a {self.rank} has no ship of his own")

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
        raise ValueError(f"officer id {dup!r} appears twice")
    return out


# An NPC to be made: id, name, rank, ship, squadron, appointment and the officer he serves
_Spec = tuple[str, str, str, str | None, str | None, str | None, str | None]


# NPCs already made, by (spec, constitution, NA): officers are frozen values, and making
# one (a frozen dataclass) costs ten times a lookup; at most 11 x 10 per berth (CON 8..18,
# NA 1..10), so a default fleet's NPCs are soon all made
_MADE: dict[tuple[_Spec, int, int], Officer] = {}


def _npc(r: Any, spec: _Spec) -> Officer:
    """The NPC of ``spec`` with his dice drawn from ``r`` (``rng.random``)."""
    # a d6 from one draw (randint is several times slower); floor is int for x >= 0, cheaper
    con = floor(r() * 6) + floor(r() * 6) + 8  # BIRTH: 2d6 + 6
    # NA 2d6-2 kept in 1..10: most NPCs middling, a few duffers and a few Nelsons
    na = floor(r() * 6) + floor(r() * 6) or 1
    key = (spec, con, na)
    officer = _MADE.get(key)
    if officer is None:
        oid, name, rank, ship, squadron, appointment, serves = spec
        officer = Officer(oid, name, rank, na, ship, squadron, False, con, appointment, serves)
        if len(_MADE) < 30_000:  # the fleet's ~200 berths x 110: a few megabytes at most
            _MADE[key] = officer
    return officer


def _npc_specs(players: Sequence[Officer], codes: Sequence[str]) -> list[_Spec]:
    """The NPCs :func:`default_officers` makes, in order (no dice: who, not how able)."""
    taken: dict[tuple[str | None, str | None, str], int] = {}
    for p in players:
        key = (p.ship, p.squadron if p.ship is None else None, p.rank)
        taken[key] = taken.get(key, 0) + 1
    appointed = {p.appointment for p in players if p.appointment}
    specs: list[_Spec] = []

    def fill(count: int, key: tuple[str | None, str | None, str], make: Any) -> None:
        for i in range(taken.get(key, 0), count):
            specs.append(make(i))

    for code in codes:
        s = SHIPS[code]
        captains = sum(taken.get((code, None, r), 0) for r in CAPTAIN_RANKS)
        if not captains:
            specs.append(
                (f"{code}-captain", f"Captain of {s.name}", s.captain_rank, code, None, None, None)
            )
        has_adjutant = any(p.ship == code and p.appointment == "Ship's Adjutant" for p in players)
        fill(
            s.lieutenants,
            (code, None, "Lieutenant"),
            lambda i, c=code, s=s, adj=has_adjutant: (
                f"{c}-lt{i + 1}",
                f"Lieutenant {i + 1} of {s.name}",
                "Lieutenant",
                c,
                None,
                None if adj or i else "Ship's Adjutant",
                None,
            ),
        )
        fill(
            1,
            (code, None, s.rm_commander),
            lambda i, c=code, s=s: (
                f"{c}-rm",
                f"{s.rm_commander} of {s.name}",
                s.rm_commander,
                c,
                None,
                None,
                None,
            ),
        )
        fill(
            s.midshipmen,
            (code, None, "Midshipman"),
            lambda i, c=code, s=s: (
                f"{c}-mid{i + 1}",
                f"Midshipman {i + 1} of {s.name}",
                "Midshipman",
                c,
                None,
                None,
                None,
            ),
        )
        fill(
            s.able_seamen,
            (code, None, "Able Seaman"),
            lambda i, c=code, s=s: (
                f"{c}-ab{i + 1}",
                f"Able Seaman {i + 1} of {s.name}",
                "Able Seaman",
                c,
                None,
                None,
                None,
            ),
        )
    for sq in ("White", "Red", "Blue"):
        for rank in ADMIRAL_RANKS:
            if taken.get((None, sq, rank)):
                continue
            aid = f"{sq}-{''.join(w[0] for w in rank.split())}"
            specs.append((aid, f"{rank} of the {sq}", rank, None, sq, None, None))
        general = rm_general_of(sq)
        if general and not taken.get((None, sq, general)):
            specs.append((f"{sq}-RMG", f"{general} ({sq})", general, None, sq, None, None))
    served = {p.serves for p in players if p.appointment == "Aide to Admiral"}
    # every active admiral, players first, then the NPCs above: (id, name)
    admirals = [(p.id, p.name) for p in players if p.rank in ADMIRAL_RANKS and p.squadron]
    admirals += [(sp[0], sp[1]) for sp in specs if sp[2] in ADMIRAL_RANKS and sp[4]]
    for aid, aname in admirals:
        if aid not in served:
            specs.append(
                (
                    f"{aid}-aide",
                    f"Aide to the {aname}",
                    "Lieutenant",
                    None,
                    None,
                    "Aide to Admiral",
                    aid,
                )
            )
    fsl = next((p.id for p in players if p.appointment == "First Sea Lord"), None)
    if "First Sea Lord" not in appointed:
        specs.append(("FSL", "First Sea Lord", "Admiral", None, None, "First Sea Lord", None))
        fsl = fsl or "FSL"
    if "Aide to the First Sea Lord" not in appointed:
        specs.append(
            (
                "FSL-aide",
                "Aide to the First Sea Lord",
                "Post Captain",
                None,
                None,
                "Aide to the First Sea Lord",
                fsl,
            )
        )
    return specs


_SPECS: dict[tuple[str, ...] | None, tuple[_Spec, ...]] = {}  # no players: by ships sailing


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
    codes = None if ships is None else tuple(ship(c).code for c in ships)
    if players:
        specs: Sequence[_Spec] = _npc_specs(players, list(SHIPS) if codes is None else codes)
    else:  # the usual case: who the NPCs are is fixed, only their dice differ
        specs = _SPECS.get(codes) or ()
        if not specs:
            specs = tuple(_npc_specs((), list(SHIPS) if codes is None else codes))
            if len(_SPECS) < 64:
                _SPECS[codes] = specs
    r = rng.random
    out: list[Officer] = list(players)
    out += [_npc(r, spec) for spec in specs]
    return out
