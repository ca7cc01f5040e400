"""The campaign tables of Briny En Garde!, loaded once from ``strategy/data`` and frozen.

One transcription of each table: Naval Table E (force commitment), Navy Table F (force
organisation), the Battle Result Table with its interpretations, the Personal Outcome
Table and its ship and rank modifiers, and the Nelson Touch wounds.

>>> battle_result(5, 3)
4
>>> [(d.fleet, d.squadron, d.ship, d.order) for d in force_organisation(12)][-1]
('West Indies', None, 'ME', 'I')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS, SHIPS, SQUADRONS
from strategy.errors import InvalidMove, UnknownName, looked_up
from strategy.loader import check, load

__all__ = [
    "FLEETS",
    "ORDERS",
    "ORDER_WORDS",
    "Deployment",
    "Modifiers",
    "Targets",
    "Wound",
    "battle_result",
    "battle_table",
    "force_commitment",
    "force_organisation",
    "interpretation",
    "interpretations",
    "nelson_wound",
    "personal_outcome_targets",
    "rank_modifiers",
    "ship_modifiers",
    "table_e_order",
    "table_f_readings",
    "TABLE_F_ROLLS",
]

FLEETS = ("Channel Fleet", "Mediterranean", "West Indies")


def _load_order_words() -> MappingProxyType:
    words = load("table_f.json")["orders"]
    check(
        all(len(k) == 1 and k.isupper() and isinstance(v, str) and v for k, v in words.items()),
        "Table F orders: one capital letter each, with its words",
    )
    return MappingProxyType(dict(words))


#: the order letters of Tables E and F and the book's words for each (Briny 001:709:
#: "B = Blockade Duty, I = Independent Action, F = Fleet Action, C = Cutting Out
#: Expedition"), in the book's order
ORDER_WORDS: Mapping[str, str] = _load_order_words()
ORDERS = tuple(ORDER_WORDS)


@dataclass(frozen=True, slots=True)
class Deployment:
    """One ship's place in a summer campaign: Table F's fleet, squadron, ship and order."""

    fleet: str
    squadron: str | None
    ship: str
    order: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "fleet": self.fleet,
            "squadron": self.squadron,
            "ship": self.ship,
            "order": self.order,
        }


# --- Navy Table F -------------------------------------------------------------------------


def _load_table_f() -> tuple[MappingProxyType, MappingProxyType]:
    raw = load("table_f.json")
    rolls: dict[int, tuple[Deployment, ...]] = {}
    for key, lines in raw["rolls"].items():
        roll = int(key)
        check(1 <= roll // 10 <= 7 and 1 <= roll % 10 <= 6, f"Table F roll {key}")
        seen: set[str] = set()
        out = []
        for line in lines:
            check(line["fleet"] in FLEETS, f"Table F {key} fleet {line['fleet']}")
            check(line["squadron"] in (*SQUADRONS, None), f"Table F {key} squadron")
            for code, order in line["vessels"]:
                check(code in SHIPS and code not in seen, f"Table F {key} ship {code}")
                check(order in ORDERS, f"Table F {key} order {order}")
                seen.add(code)
                out.append(Deployment(line["fleet"], line["squadron"], code, order))
        rolls[roll] = tuple(out)
    check(
        sorted(rolls) == [10 * a + b for a in range(1, 8) for b in range(1, 7)],
        "Table F must have rolls 11..16, 21..26, ..., 71..76",
    )
    readings = {int(k): tuple(v) for k, v in raw["readings"].items()}
    return MappingProxyType(rolls), MappingProxyType(readings)


TABLE_F_ROLLS, _TABLE_F_READINGS = _load_table_f()


def force_organisation(roll: int) -> list[Deployment]:
    """Navy Table F: the ships a roll sends, with fleet, squadron and order.

    ``roll`` is the Prime Minister's number digit (1..6, 7 for a player's whole-fleet
    choice) followed by the First Sea Lord's deployment digit (1..6); 11..76.
    """
    if type(roll) is not int or roll not in TABLE_F_ROLLS:
        raise InvalidMove(
            f"no Force Organisation roll {roll!r}: rolls are 11..16, 21..26, ..., 71..76"
        )
    return list(TABLE_F_ROLLS[roll])


def table_f_readings(roll: int) -> tuple[str, ...]:
    """The garbled cells of a Table F roll and how Admiralty reads them (may be empty)."""
    force_organisation(roll)
    return _TABLE_F_READINGS.get(roll, ())


# --- Naval Table E ------------------------------------------------------------------------


def _load_table_e() -> MappingProxyType:
    rows = {}
    names = {s.name for s in SHIPS.values()}
    for row in load("table_e.json")["rows"]:
        check(row["ship"] in names and row["ship"] not in rows, f"Table E ship {row['ship']}")
        d2 = tuple(row["d2"].split())
        check(len(d2) == 6 and set(d2) <= set(ORDERS), f"Table E {row['ship']} D2")
        d1 = tuple(row["d1"])
        check(len(d1) == row["d1_printed"].count("X"), f"Table E {row['ship']} D1")
        rows[row["ship"]] = MappingProxyType({"squadron": row["sq"], "d1": d1, "d2": d2})
    return MappingProxyType(rows)


_TABLE_E = _load_table_e()


def force_commitment(column: int) -> list[str]:
    """Naval Table E, column ``column`` of D1: the names of the ships it commits (1..6).

    Caligula and Tickler are not on Table E; they sail with every Table F roll.
    """
    if column not in range(1, 7):
        raise InvalidMove(f"Table E has D1 columns 1..6, not {column!r}")
    return [name for name, row in _TABLE_E.items() if column in row["d1"]]


def table_e_order(ship_name: str, deployment: int) -> str:
    """Naval Table E, column ``deployment`` of D2: the order a ship receives (B, I, F, C)."""
    if ship_name not in _TABLE_E:
        raise UnknownName(f"{ship_name!r} is not on Naval Table E")
    if deployment not in range(1, 7):
        raise InvalidMove(f"Table E has D2 columns 1..6, not {deployment!r}")
    return _TABLE_E[ship_name]["d2"][deployment - 1]


# --- Battle Result Table --------------------------------------------------------------------


def _load_battle() -> tuple[tuple[tuple[int, ...], ...], MappingProxyType]:
    raw = load("table_battle_result.json")
    rows = tuple(tuple(raw["results"][str(die)]) for die in range(1, 7))
    for row in rows:
        check(len(row) == 10 and all(1 <= r <= 6 for r in row), "Battle Result row")
    interp = MappingProxyType(
        {
            order: MappingProxyType({int(k): v for k, v in raw["interpretations"][order].items()})
            for order in ORDERS
        }
    )
    return rows, interp


_BATTLE, _INTERPRETATIONS = _load_battle()


def battle_result(modified_na: int, die: int) -> int:
    """The Battle Result Table: result 1 (best) .. 6 (worst) for an NA of 1..10 and a die."""
    if type(modified_na) is not int or not 1 <= modified_na <= 10:
        raise InvalidMove(f"modified Naval Ability must be 1..10, not {modified_na!r}")
    if type(die) is not int or not 1 <= die <= 6:
        raise InvalidMove(f"the die must be 1..6, not {die!r}")
    return _BATTLE[die - 1][modified_na - 1]


def battle_table() -> tuple[tuple[int, ...], ...]:
    """The Battle Result Table as rows by die (1..6) of results by NA (1..10)."""
    return _BATTLE


def interpretations() -> Mapping[str, Mapping[int, str]]:
    """The Interpretations by order (B, I, F, C) and battle result (1..6), read-only."""
    return _INTERPRETATIONS


def interpretation(order: str, result: int) -> str:
    """What a battle result means for a ship under an order (Interpretations)."""
    if order not in _INTERPRETATIONS:
        raise InvalidMove(f"order must be one of B, I, F, C, not {order!r}")
    if result not in range(1, 7):
        raise InvalidMove(f"battle result must be 1..6, not {result!r}")
    return _INTERPRETATIONS[order][result]


# --- Personal Outcome Table -----------------------------------------------------------------

_TARGET_KEYS = ("death", "mid", "promotion", "plunder", "amount")


@dataclass(frozen=True, slots=True)
class Targets(Mapping):
    """Targets on 2d6 for one order and battle result (None for the book's '-')."""

    death: int
    mid: int
    promotion: int
    plunder: int | None
    amount: int | None

    def __getitem__(self, key: str) -> int | None:
        if key not in _TARGET_KEYS:
            raise UnknownName(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(_TARGET_KEYS)

    def __len__(self) -> int:
        return len(_TARGET_KEYS)

    def to_dict(self) -> dict[str, int | None]:
        return {k: getattr(self, k) for k in _TARGET_KEYS}


@dataclass(frozen=True, slots=True)
class Modifiers:
    """Modifiers to the 2d6 rolls; None where the book prints n/a (no roll)."""

    death: int
    mid: int
    promotion: int | None
    plunder: int | None
    attached_plunder: int | None = None  # the printed '(-3)' beside n/a


def _load_outcomes() -> tuple[MappingProxyType, MappingProxyType, MappingProxyType]:
    raw = load("table_personal_outcome.json")
    table = {}
    for order in ORDERS:
        for key, (death, mid, prom, plunder, amount) in raw["table"][order].items():
            check((plunder is None) == (amount is None), f"outcome {order}{key}")
            total = None if amount is None else amount[0] * amount[1]
            table[(order, int(key))] = Targets(death, mid, prom, plunder, total)
    check(len(table) == 24, "Personal Outcome Table has 24 rows")
    ships = {}
    for row in raw["ship_modifiers"]:
        for name in row["ships"]:
            check(name not in ships, f"ship modifier {name} twice")
            ships[name] = Modifiers(row["death"], row["mid"], row["promotion"], row["plunder"])
    ranks = {}
    for row in raw["rank_modifiers"]:
        for name in row["ranks"]:
            check(name not in ranks, f"rank modifier {name} twice")
            ranks[name] = Modifiers(
                row["death"], row["mid"], row["promotion"], row["plunder"], row.get("note")
            )
    check(
        {s.name for s in SHIPS.values()} <= set(ships), "Personal Outcome modifiers for every ship"
    )
    check(set(NAVY_RANKS + MARINE_RANKS) <= set(ranks), "Personal Outcome modifiers for every rank")
    return MappingProxyType(table), MappingProxyType(ships), MappingProxyType(ranks)


_OUTCOMES, _SHIP_MODS, _RANK_MODS = _load_outcomes()


def personal_outcome_targets(order: str, battle_result: int) -> Targets:
    """The Personal Outcome Table row for an order (B, C, I, F) and a ship's battle result.

    >>> personal_outcome_targets("B", 1).to_dict()
    {'death': 10, 'mid': 11, 'promotion': 9, 'plunder': 9, 'amount': 300}
    """
    if order not in ORDERS:
        raise InvalidMove(f"order must be one of B, I, F, C, not {order!r}")
    if type(battle_result) is not int or not 1 <= battle_result <= 6:
        raise InvalidMove(f"battle result must be 1..6, not {battle_result!r}")
    return _OUTCOMES[(order, battle_result)]


def ship_modifiers(ship_name: str) -> Modifiers:
    """Personal Outcome Table Modifiers for a ship, by its full name."""
    return looked_up(_SHIP_MODS, ship_name, f"no Personal Outcome modifiers for ship {ship_name!r}")


def rank_modifiers(rank: str) -> Modifiers:
    """Personal Outcome Table Modifiers for a rank (navy or Royal Marines)."""
    return looked_up(_RANK_MODS, rank, f"no Personal Outcome modifiers for rank {rank!r}")


# --- The Nelson Touch ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wound:
    """A row of the Nelson Touch wound table."""

    die: int
    wound: str
    constitution: float
    expertise: float
    courting: int
    hospital_months: int
    severe: bool
    loses: str | None


_WOUNDS = MappingProxyType(
    {int(k): Wound(int(k), **v) for k, v in load("table_nelson_touch.json")["wounds"].items()}
)
check(sorted(_WOUNDS) == [1, 2, 3, 4, 5, 6], "Nelson Touch rows 1..6")


def nelson_wound(die: int) -> Wound:
    """The Nelson Touch: the wound a d6 gives a character who escapes death."""
    if die not in _WOUNDS:
        raise InvalidMove(f"the die must be 1..6, not {die!r}")
    return _WOUNDS[die]
