"""Investment returns from the summer campaign (Briny En Garde!, INVESTMENT).

Arms and Finance pay by the number of ships sent; Commerce by the average battle result
of the commanders. Returns are percentages of the capital: a positive one is a dividend,
a negative one must be paid in next month to keep the investment solvent.

>>> arms_finance(12)
{'row': 11, 'arms': 30, 'finance': 10}
>>> commerce(2.4)
{'average': 2.4, 'row': 2, 'commerce': 20}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from strategy.errors import InvalidMove
from strategy.loader import check, load

__all__ = [
    "ALL_SHIPS",
    "BLOCK",
    "FAVOURS",
    "KINDS",
    "NPC_FAVOURS_ON",
    "arms_finance",
    "commerce",
    "investment_returns",
    "liquidation_value",
    "npc_favours",
]


def _load() -> tuple[tuple[MappingProxyType, ...], MappingProxyType, int, int, int]:
    raw = load("table_investment.json")
    rows = tuple(MappingProxyType(dict(r)) for r in raw["ships_sent"])
    numbers = [r["number"] for r in rows]
    check(numbers == sorted(numbers) and bool(rows[-1].get("all")), "ships-sent rows rise to 'All'")
    com = MappingProxyType({int(k): v for k, v in raw["commerce"].items()})
    check(sorted(com) == [1, 2, 3, 4, 5, 6], "Commerce rows 1..6")
    check(raw["npc_favour"]["roll"] == 7, "an NPC favours an investor on a 7 on one die (001:1305)")
    return rows, com, raw["block"], raw["liquidation_fee"], raw["npc_favour"]["roll"]


#: ``NPC_FAVOURS_ON``: "Non-player characters will manipulate funds on a die roll of 7 on one
#: die" (001:1305), the NPC Victualling Board Supervisor's award of purchases too
_ROWS, _COMMERCE, BLOCK, _FEE, NPC_FAVOURS_ON = _load()
#: what a character may invest in (Briny, INVESTMENT: Arms, Finance and Commerce)
KINDS = ("arms", "finance", "commerce")
#: an investment's favours, each the one kind it takes: the Victualling Board's arms
#: supplier (one ship more counted), the Chancellor's favoured financier (two fewer)
FAVOURS = MappingProxyType({"supplier": "arms", "favoured": "finance"})
ALL_SHIPS = _ROWS[-1]["number"]


def arms_finance(ships_sent: int) -> dict[str, int]:
    """The Arms / Finance row for a number of ships sent.

    The row is the largest printed number not above the ships sent (fewer than six read
    as the first row); the 'All 17' row only when every ship sails.
    """
    if isinstance(ships_sent, bool) or not isinstance(ships_sent, int) or ships_sent < 0:
        raise InvalidMove(f"ships sent must be a whole number 0 or more, not {ships_sent!r}")
    row = _ROWS[0]
    for r in _ROWS:
        if r.get("all") and ships_sent < ALL_SHIPS:
            break
        if r["number"] <= ships_sent:
            row = r
    return {"row": row["number"], "arms": row["arms"], "finance": row["finance"]}


def commerce(average_result: float) -> dict[str, Any]:
    """The Commerce return for the average battle result (rounded half up to 1..6)."""
    if not 1 <= average_result <= 6:
        raise InvalidMove(f"an average battle result lies in 1..6, not {average_result!r}")
    row = int(average_result + 0.5)
    return {"average": average_result, "row": row, "commerce": _COMMERCE[row]}


def liquidation_value(capital: int) -> int:
    """What a solvent investment fetches when liquidated: capital less the 10% fee."""
    return capital - capital * _FEE // 100


def npc_favours(die: int, modifier: int) -> bool:
    """Whether an NPC Victualling Board Supervisor or Chancellor of the Exchequer favours the
    investor who asked: one die and the favours' signed modifier reach 7 (001:1305: "These
    die rolls may be modified by the use of influence").

    >>> npc_favours(6, 0), npc_favours(5, 2), npc_favours(6, 2 - 1)
    (False, True, True)
    """
    return die + modifier >= NPC_FAVOURS_ON


def investment_returns(
    ships_sent: int, average_result: float | None, investments: Iterable[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """Returns for the season's investments.

    Each investment is ``{"investor", "kind": "arms"|"finance"|"commerce", "capital"}`` in
    blocks of 1,000 guineas, optionally ``"supplier": True`` (the Victualling Board's arms
    supplier: one ship more) or ``"favoured": True`` (the Chancellor's financier: two ships
    fewer). Each result has the percent and the guineas (+ dividend, - to pay in).
    """
    out = []
    for inv in investments:
        kind, capital = inv.get("kind"), inv.get("capital")
        if kind not in KINDS:
            raise InvalidMove(f"investment kind must be {', '.join(KINDS)}, not {kind!r}")
        if (
            isinstance(capital, bool)
            or not isinstance(capital, int)
            or capital <= 0
            or capital % BLOCK
        ):
            raise InvalidMove(f"investments are made in blocks of {BLOCK} guineas, not {capital!r}")
        if kind == "commerce":
            if average_result is None:
                raise InvalidMove("no battle results: Commerce has no return")
            percent = commerce(average_result)["commerce"]
            counted = None
        else:
            counted = ships_sent
            if inv.get("supplier"):
                if kind != FAVOURS["supplier"]:
                    raise InvalidMove("only an arms investor can be the arms supplier")
                counted += 1
            if inv.get("favoured"):
                if kind != FAVOURS["favoured"]:
                    raise InvalidMove("only a finance investor can be the favoured financier")
                counted = max(0, counted - 2)
            percent = arms_finance(counted)[kind]
        out.append(
            {
                "investor": inv.get("investor"),
                "kind": kind,
                "capital": capital,
                "ships_counted": counted,
                "percent": percent,
                "guineas": capital * percent // 100,
            }
        )
    report: dict[str, Any] = {"ships_sent": ships_sent, **arms_finance(ships_sent)}
    if average_result is not None:
        report.update(commerce(average_result))
    report["investments"] = out
    return report
