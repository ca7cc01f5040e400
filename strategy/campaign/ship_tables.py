"""Ship Tables A and B (Briny, SHIPS, 001:548-628): applying to a ship, and the ranks of a
ship: who may hold them, their price, pay and status.

Ship Table A gives, for each ship and Social Level, the least roll of 1d6 that gets a
character accepted into her ("-": she does not take him); two rejections cost one from
the die of the applications after them (001:566). Ship Table B gives, for each rank and
each of the ten columns the ships are put in, the least Social Level, the purchase
price (from the rank below), the monthly pay and the monthly status. Its captains' rows
(Master & Commander, Junior, Senior and Post Captain) are printed for the rates their
command is of. Data: ``strategy/data/ship_tables.json``.

>>> application_minimum("RO", 9), application_minimum("RO", 6), application_minimum("CA", 1)
(4, None, None)
>>> from strategy.campaign.dice import ScriptedDice
>>> r = application("HA", 10, 0, ScriptedDice([1]))
>>> r["needed"], r["die"], r["accepted"]
(1, 1, True)
>>> ship_rank("Lieutenant", "FG").purchase_price, ship_rank("Post Captain", "NE").monthly_pay
(140, 28)
>>> command_row("TH"), next_row("Junior Captain")
('Senior Captain', 'Senior Captain')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.dice import Dice
from strategy.campaign.fleet import NAVY_RANKS, RANK_TABLES, SHIPS, ship, ship_named
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = [
    "AUTOMATIC",
    "CAPTAIN_ROWS",
    "ROWS",
    "SOCIAL_LEVELS",
    "ShipRank",
    "application",
    "application_minimum",
    "application_modifier",
    "command_row",
    "is_automatic",
    "next_row",
    "officer_row",
    "pay",
    "purchase",
    "row_rank",
    "ship_rank",
]


@dataclass(frozen=True, slots=True)
class ShipRank:
    """One cell of Ship Table B: a row (a rank) in a ship's column."""

    row: str
    rank: str  # the navy ladder's rank (Junior and Senior Captain are both "Captain")
    column: int  # the column the cell is printed in
    min_social_level: int
    purchase_price: int | None  # None: "-" or "n/a", not for sale
    monthly_pay: int
    monthly_status: int


_RAW = freeze(load("ship_tables.json"))
_A = _RAW["table_a"]
SOCIAL_LEVELS: tuple[int, ...] = _A["social_levels"]
check(SOCIAL_LEVELS == tuple(range(1, 17)), "ship_tables.json table_a social_levels 1..16")


def _load_a() -> Mapping[str, tuple[int | None, ...]]:
    out: dict[str, tuple[int | None, ...]] = {}
    for row in _A["rows"]:
        check(len(row["minimum"]) == len(SOCIAL_LEVELS), f"Ship Table A row {row['ships']}")
        for name in row["ships"]:
            code = ship_named(name).code
            check(code not in out, f"Ship Table A lists {name} twice")
            out[code] = row["minimum"]
    return MappingProxyType(out)


_TABLE_A = _load_a()
#: the Blockade's ships whose acceptance is automatic (Caligula, Tickler)
AUTOMATIC: frozenset[str] = frozenset(ship_named(n).code for n in _A["automatic"])
check(
    set(_TABLE_A) | AUTOMATIC == set(SHIPS) and not set(_TABLE_A) & AUTOMATIC,
    "Ship Table A: every ship of the fleet once",
)


def _load_b() -> tuple[Mapping[str, Mapping[str, Any]], tuple[str, ...]]:
    rows: dict[str, Mapping[str, Any]] = {}
    for row in _RAW["table_b"]["rows"]:
        n = len(row["columns"])
        check(
            row["rank"] in NAVY_RANKS
            and row["row"] not in rows
            and all(
                len(row[k]) == n
                for k in ("min_social_level", "purchase_price", "monthly_pay", "monthly_status")
            )
            and all(1 <= c <= 10 for c in row["columns"]),
            f"Ship Table B row {row['row']}",
        )
        rows[row["row"]] = row
    return MappingProxyType(rows), tuple(rows)


_TABLE_B, ROWS = _load_b()
#: the captains' rows of Ship Table B, each the one below the next (001:590-612)
CAPTAIN_ROWS: tuple[str, ...] = tuple(r for r in ROWS if _TABLE_B[r]["rates"] is not None)
check(
    CAPTAIN_ROWS == ("Master & Commander", "Junior Captain", "Senior Captain", "Post Captain"),
    "Ship Table B: the captains' rows in order",
)


def _check_commands() -> None:
    """Each ship's command is printed in one captains' row, in her column."""
    for s in SHIPS.values():
        commands = [r for r in CAPTAIN_ROWS if s.rate in _TABLE_B[r]["rates"]]
        check(
            len(commands) == 1 and s.column in _TABLE_B[commands[0]]["columns"],
            f"Ship Table B: {s.name}'s command printed once, in her column",
        )


_check_commands()


def is_automatic(code: str) -> bool:
    """Whether acceptance into ship ``code`` is automatic ("Blockade: Caligula or
    Tickler, acceptance is automatic", 001:562)."""
    return ship(code).code in AUTOMATIC


def application_minimum(code: str, social_level: int) -> int | None:
    """Ship Table A's least roll of 1d6 to be accepted into ship ``code`` at
    ``social_level`` (001:554): None where the book prints "-" (she does not take him)
    or where acceptance is automatic (:func:`is_automatic`). A Social Level beyond 16
    reads the 16 column."""
    s = ship(code)
    if s.code in AUTOMATIC:
        return None
    if social_level < 1:
        raise InvalidMove(f"a Social Level is 1 or more, not {social_level!r}")
    return _TABLE_A[s.code][min(social_level, SOCIAL_LEVELS[-1]) - 1]


def application_modifier(rejections: int) -> int:
    """What his rejections take off the die: "For every two rejections, the character must
    subtract one from his die roll on subsequent applications" (001:566)."""
    return -(rejections // 2)


def application(
    code: str, social_level: int, rejections: int, dice: Dice, influence: int = 0
) -> dict[str, Any]:
    """One application to ship ``code`` to an NPC Ship Commander (001:554-566): a die
    (none when acceptance is automatic) plus :func:`application_modifier` and the
    ``influence`` brought to bear ("This die roll may be modified by influence with NPC
    Ship Commander", 001:554; kept as ``influence`` when not 0) against Ship Table A's
    minimum. Raises :class:`InvalidMove` where the table prints "-"."""
    s = ship(code)
    record: dict[str, Any] = {"ship": s.code, "social_level": social_level}
    if s.code in AUTOMATIC:
        return {**record, "automatic": True, "accepted": True}
    needed = application_minimum(s.code, social_level)
    if needed is None:
        raise InvalidMove(
            f"{s.name} does not take a character of Social Level {social_level} (Ship Table A)"
        )
    modifier = application_modifier(rejections)
    die = dice.d6()
    total = die + modifier + influence
    moved = {"influence": influence} if influence else {}
    return {
        **record,
        "needed": needed,
        "die": die,
        "modifier": modifier,
        **moved,
        "total": total,
        "accepted": total >= needed,
    }


def row_rank(row: str) -> str:
    """The navy ladder's rank of a row of Ship Table B (Junior Captain: Captain)."""
    if row not in _TABLE_B:
        raise InvalidMove(f"no row {row!r} of Ship Table B; rows: {', '.join(ROWS)}")
    rank: str = _TABLE_B[row]["rank"]
    return rank


def _cell(row: str, column: int) -> ShipRank:
    """The row's cell in ``column`` (its nearest printed column when it is not printed
    there: the captains' rows are printed for some columns only)."""
    raw = _TABLE_B[row]
    columns = raw["columns"]
    i = min(range(len(columns)), key=lambda k: (abs(columns[k] - column), k))
    return ShipRank(
        row,
        raw["rank"],
        columns[i],
        raw["min_social_level"][i],
        raw["purchase_price"][i],
        raw["monthly_pay"][i],
        raw["monthly_status"][i],
    )


def command_row(code: str) -> str:
    """The row of Ship Table B her captain holds, by her rate (001:590-612)."""
    rate = ship(code).rate
    return next(r for r in CAPTAIN_ROWS if rate in _TABLE_B[r]["rates"])


def ship_rank(row: str, code: str) -> ShipRank:
    """Ship Table B's cell of ``row`` for ship ``code`` (her column). A captains' row is
    printed only for the rates its command is of: :class:`InvalidMove` for another ship."""
    s = ship(code)
    rates = _TABLE_B[row]["rates"] if row in _TABLE_B else None
    row_rank(row)
    if rates is not None and s.rate not in rates:
        raise InvalidMove(f"a {row} commands a ship of the {' or '.join(rates)} rate, not {s.name}")
    return _cell(row, s.column)


def officer_row(rank: str, code: str | None, bought: str | None = None) -> str:
    """The row of Ship Table B an officer of ``rank`` holds in ship ``code``: ``bought``
    (the captain's row he bought, while he holds its rank), else his rank's row printed
    for her rate, else his rank's row nearest her column (a Captain in a 1st rate a Senior
    Captain's, in a sloop a Junior Captain's)."""
    if bought is not None and bought in _TABLE_B and _TABLE_B[bought]["rank"] == rank:
        return bought
    rows = [r for r in ROWS if _TABLE_B[r]["rank"] == rank]
    if not rows:
        raise InvalidMove(f"Ship Table B has no row for a {rank}")
    if code is None:
        return rows[0]
    s = ship(code)
    for r in rows:
        if _TABLE_B[r]["rates"] is None or s.rate in _TABLE_B[r]["rates"]:
            return r
    return min(rows, key=lambda r: min(abs(c - s.column) for c in _TABLE_B[r]["columns"]))


def next_row(row: str) -> str | None:
    """The row above ``row`` on Ship Table B's ladder (None above the Post Captain:
    "Officers are not promoted through successful service ... instead ... seniority")."""
    row_rank(row)
    i = ROWS.index(row)
    return ROWS[i + 1] if i + 1 < len(ROWS) else None


def purchase(row_now: str, code: str, social_level: int) -> ShipRank:
    """A captaincy bought (001:588-590: "Purchase of a captaincy is only available to
    current Master & Commanders, Captains and Post Captains"; its price "is what it costs
    once the character already has the rank immediately below it"): the row above
    ``row_now``, which must be the command of ship ``code``, at her column's price, for a
    character of at least its Social Level. :class:`InvalidMove` otherwise."""
    if row_now not in CAPTAIN_ROWS:
        raise InvalidMove(
            "only a Master & Commander, a Captain or a Post Captain buys a captaincy, "
            f"not a {row_now}"
        )
    above = next_row(row_now)
    s = ship(code)
    if above is None:
        raise InvalidMove("a Post Captain has no captaincy above his to buy")
    if command_row(s.code) != above:
        raise InvalidMove(
            f"a {row_now} buys a {above}'s captaincy: {s.name} is a {command_row(s.code)}'s"
        )
    cell = ship_rank(above, s.code)
    if cell.purchase_price is None:
        raise InvalidMove(f"a {above}'s rank is not for sale")
    if social_level < cell.min_social_level:
        raise InvalidMove(
            f"a {above} of {s.name} must have Social Level {cell.min_social_level}, "
            f"not {social_level}"
        )
    return cell


def pay(rank: str, code: str | None, bought: str | None = None) -> dict[str, Any]:
    """His monthly pay and status: Ship Table B's cell of his row in his ship
    (:func:`officer_row`), or an admiral's by the Admiralty Table (001:684): ``{"row",
    "column", "pay", "status"}`` (column None for an admiral)."""
    if rank in RANK_TABLES and rank not in _TABLE_B:
        cell = RANK_TABLES[rank]
        return {
            "row": rank,
            "column": None,
            "pay": cell["monthly_pay"],
            "status": cell["monthly_status"],
        }
    if code is None:
        raise InvalidMove(f"a {rank} draws Ship Table B's pay from a ship, and he has none")
    row = officer_row(rank, code, bought)
    got = _cell(row, ship(code).column)
    return {"row": row, "column": got.column, "pay": got.monthly_pay, "status": got.monthly_status}
