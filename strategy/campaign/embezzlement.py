"""Embezzlement: the perks of the posts that may put the service's money into their own
pockets once a year, and the discovery roll (Briny En Garde!, APPOINTMENTS, 001:1164-1206).

"May once a year sell spare parts worth up to 600 Guineas and put the proceeds into his own
pockets. Roll 1 D6: If (discovery roll x 100) is less than the amount embezzled he is
court-martialled. This discovery roll can be modified by influence with the ship's Captain"
(the Carpenter, Gunner, Purser and Sailmaster); the Sick and Hurt Board's Supervisor and the
Inspector General RM up to 2,400 on 2d6 x 200, "not during the campaign season", with the
Third Lord; the Victualling, Ordnance and Naval Yards Supervisors up to 3,600 on 2d6 x 300,
with the Second Lord. The Victualling Board's "same roll is then used to determine if -1 is
taken from the die roll for the battle result of all squadrons until next September": read
as the same comparison on the dice alone (docs/rules-notes.md, "Embezzlement").

>>> from strategy.campaign.dice import ScriptedDice
>>> rec = discovery(perk("Purser"), 400, ScriptedDice([4]))
>>> rec["total"], rec["found_out"]
(4, False)
>>> rec = discovery(perk("Victualling Board Supervisor"), 3000, ScriptedDice([4, 5]), 2)
>>> rec["roll"], rec["total"], rec["found_out"], rec["short"]
(9, 11, False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.appointments import NAVAL
from strategy.campaign.dice import Dice
from strategy.campaign.influence import favour_needed
from strategy.errors import InvalidMove, UnknownName
from strategy.loader import check, freeze, load

__all__ = ["PERKS", "Perk", "discovery", "perk"]


@dataclass(frozen=True, slots=True)
class Perk:
    """One post's embezzlement: the ``most`` guineas a year, the discovery roll (``dice``
    d6, ``times`` so many guineas a pip), influence ``with`` whom (``favour``: Influence
    Table B's class for him), whether it is barred in the summer, whether its roll touches
    the battle result die of all squadrons, and whether the post is one a ship (``ship``:
    her Captain's to notice, and a player Captain's to ignore)."""

    appointment: str
    most: int
    dice: int
    times: int
    with_: str
    position: str
    favour: int
    not_in_summer: bool
    squadrons: bool
    ship: bool


def _perk(row: Mapping[str, Any]) -> Perk:
    name = row["appointment"]
    check(name in NAVAL, f"embezzlement: {name!r} is not a post of the Naval table")
    check(row["dice"] in (1, 2), f"embezzlement {name}: 1d6 or 2d6")
    check(row["most"] > 0 and row["times"] > 0, f"embezzlement {name}: sums")
    return Perk(
        appointment=name,
        most=row["most"],
        dice=row["dice"],
        times=row["times"],
        with_=row["with"],
        position=row["position"],
        favour=favour_needed(row["position"]),
        not_in_summer=row["not_in_summer"],
        squadrons=row["squadrons"],
        ship=NAVAL[name].per == "ship",
    )


def _load() -> Mapping[str, Perk]:
    rows = freeze(load("embezzlement.json"))["posts"]
    perks = {r["appointment"]: _perk(r) for r in rows}
    check(len(perks) == len(rows), "embezzlement: a post twice")
    check(sum(p.squadrons for p in perks.values()) == 1, "embezzlement: one Victualling Board")
    return MappingProxyType(perks)


#: the posts that may embezzle, in the book's order
PERKS: Mapping[str, Perk] = _load()


def perk(name: str) -> Perk:
    """The embezzlement of post ``name``; UnknownName for a post without the perk."""
    found = PERKS.get(name)
    if found is None:
        raise UnknownName(
            f"{name!r} may not embezzle; the posts that may: {', '.join(PERKS)} (Briny, "
            "APPOINTMENTS)"
        )
    return found


def discovery(p: Perk, guineas: int, dice: Dice, modifier: int = 0) -> dict[str, Any]:
    """The discovery roll of ``guineas`` embezzled in post ``p``: ``{"dice", "roll",
    "modifier", "total", "noticed", "found_out", "short"}``.

    He is found out when (the roll and the influence brought to bear on it) x ``times`` is
    less than the sum ("less than", "lower than": equal is not found out). ``short`` (the
    Victualling Board's alone, else False): the same comparison on the dice alone, the -1
    on every squadron's battle result die (influence hushes the theft up; the casks stay
    short). InvalidMove for a sum off 1..``most``.
    """
    if isinstance(guineas, bool) or not isinstance(guineas, int) or not 1 <= guineas <= p.most:
        raise InvalidMove(
            f"'guineas': the {p.appointment} may embezzle 1 to {p.most} guineas a year, "
            f"not {guineas!r}"
        )
    rolled = [dice.d6()] if p.dice == 1 else list(dice.two_d6())
    roll = sum(rolled)
    total = roll + modifier
    return {
        "dice": rolled,
        "roll": roll,
        "modifier": modifier,
        "total": total,
        "noticed": total * p.times,
        "found_out": total * p.times < guineas,
        "short": p.squadrons and roll * p.times < guineas,
    }
