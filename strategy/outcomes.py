"""Personal outcomes of a campaign: death, the Nelson Touch, Mention in Despatches,
promotion into a vacant berth, plunder, poltroonery and reckless bravery.

Each character rolls 2d6 plus modifiers against the Personal Outcome Table row of his
ship's order and battle result; a roll equal to or above the target gives the outcome.
Dice order for one officer: death (2d6), if killed the Nelson Touch (d20, then d6 for the
wound), if a poltroon his d6, then MiD (2d6), promotion (2d6) and plunder (2d6) as far as
he may roll them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from strategy.campaign_dice import Dice
from strategy.campaign_tables import (
    nelson_wound,
    personal_outcome_targets,
    rank_modifiers,
    ship_modifiers,
)
from strategy.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    MARINE_RANKS,
    NAVY_RANKS,
    RM_GENERAL_RANKS,
    SHIPS,
    Officer,
)

__all__ = ["OutcomeContext", "Vacancies", "next_step", "personal_outcome",
           "resolve_promotions"]

_NO_PROMOTION_ROLL = frozenset(ADMIRAL_RANKS + RM_GENERAL_RANKS
                               + ("Lieutenant Colonel RM", "Colonel RM"))
_NO_PLUNDER_ROLL = frozenset(ADMIRAL_RANKS + RM_GENERAL_RANKS)
_SENIOR_CAPTAIN_RATES = ("3rd", "4th")
_POST_CAPTAIN_RATES = ("1st", "2nd")


@dataclass(frozen=True, slots=True)
class OutcomeContext:
    """What one officer rolls against.

    ``modifier_ship`` and ``modifier_rank`` name the ship and rank whose modifiers apply
    (an admiral's flagship; an aide uses his admiral's rank); ``outshone`` is a lieutenant
    whose personal battle result beat his captain's (-1 to MiD and promotion);
    ``attached`` is an officer serving with an admiral (plunder at the printed -3).
    """

    order: str
    battle_result: int
    modifier_ship: str
    modifier_rank: str
    npc: bool = True
    outshone: bool = False
    aide: bool = False
    long_voyage: bool = False
    attached: bool = False


def _check(dice: Dice, modifier: int, target: int) -> dict[str, Any]:
    a, b = dice.d6(), dice.d6()
    total = a + b + modifier
    return {"dice": [a, b], "modifier": modifier, "target": target, "total": total,
            "success": total >= target}


def personal_outcome(officer: Officer, ctx: OutcomeContext, dice: Dice,
                     choice: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Roll one officer's personal outcome; a plain record of every roll.

    ``choice`` (players only): ``poltroonery`` k (take k off the death roll, then a d6:
    1-2 unnoticed, no MiD; 3-5 found out, nothing more and 2k SP lost a month; 6 also a
    court-martial) or ``bravery`` k (k on the death roll and, if he lives, on MiD,
    promotion and plunder).
    """
    targets = personal_outcome_targets(ctx.order, ctx.battle_result)
    ship_m = ship_modifiers(ctx.modifier_ship)
    rank_m = rank_modifiers(ctx.modifier_rank)
    choice = choice or {}
    poltroon = int(choice.get("poltroonery", 0) or 0)
    brave = int(choice.get("bravery", 0) or 0)
    if poltroon < 0 or brave < 0 or (poltroon and brave):
        raise ValueError(f"officer {officer.id}: poltroonery or bravery, a modifier of 0 or more")
    if (poltroon or brave) and not officer.player:
        raise ValueError(f"officer {officer.id}: only player characters choose poltroonery "
                         "or bravery")
    if ctx.npc:
        # NPCs get no benefit of rank or ship for death, but every unfavourable modifier
        death_mod = max(0, ship_m.death) + max(0, rank_m.death)
    else:
        death_mod = ship_m.death + rank_m.death
    death_mod += (1 if ctx.long_voyage else 0) - poltroon + brave
    rec: dict[str, Any] = {"officer": officer.id, "rank": officer.rank,
                           "order": ctx.order, "battle_result": ctx.battle_result,
                           "modifier_ship": ctx.modifier_ship,
                           "modifier_rank": ctx.modifier_rank, "npc": ctx.npc}
    death = _check(dice, death_mod, targets.death)
    rec["death"] = death
    rec["dead"] = False
    rec["mids"] = 0
    rec["guineas"] = 0
    if death["success"]:
        half = officer.constitution / 2
        d20 = dice.d20()
        nelson: dict[str, Any] = {"d20": d20, "below": half, "wounded": d20 < half}
        rec["nelson_touch"] = nelson
        if d20 < half:
            wound = nelson_wound(dice.d6())
            nelson.update(wound_die=wound.die, wound=wound.wound, severe=wound.severe,
                          constitution_lost=wound.constitution,
                          expertise_lost=wound.expertise, courting=wound.courting,
                          hospital_months=wound.hospital_months,
                          unfit_for_duty=bool(wound.loses and wound.loses in officer.wounds),
                          loses=wound.loses)
        else:
            rec["dead"] = True
            return rec
    may_mid = True
    may_rest = True
    if poltroon:
        die = dice.d6()
        found = "unnoticed" if die <= 2 else "found out" if die <= 5 else "court-martial"
        rec["poltroonery"] = {"modifier": poltroon, "die": die, "outcome": found,
                              "sp_lost_monthly": 0 if die <= 2 else 2 * poltroon}
        may_mid = False
        may_rest = die <= 2
    bonus = brave
    if may_mid:
        mid_mod = (ship_m.mid + rank_m.mid + (1 if ctx.aide else 0)
                   - (1 if ctx.long_voyage else 0) - (1 if ctx.outshone else 0) + bonus)
        rec["mid"] = _check(dice, mid_mod, targets.mid)
        rec["mids"] += rec["mid"]["success"]
    if may_rest and officer.rank not in _NO_PROMOTION_ROLL:
        prom_mod = ship_m.promotion + (rank_m.promotion or 0) - (1 if ctx.outshone else 0) + bonus
        rec["promotion"] = _check(dice, prom_mod, targets.promotion)
    if may_rest and officer.rank not in _NO_PLUNDER_ROLL and targets.plunder is not None:
        rank_plunder = rank_m.plunder
        if rank_plunder is None:  # serving with an admiral: the printed '(-3)'
            rank_plunder = rank_m.attached_plunder or 0
        plunder = _check(dice, ship_m.plunder + rank_plunder + bonus, targets.plunder)
        plunder["amount"] = targets.amount
        rec["plunder"] = plunder
        if plunder["success"]:
            rec["guineas"] = targets.amount
    return rec


# --- promotion into a vacant berth ------------------------------------------------------------

def next_step(officer: Officer) -> tuple[str, str] | None:
    """The rank a promotion gives and the kind of berth it needs, or None (no roll).

    Berth kinds: 'same ship' (up to lieutenant, on his own ship), 'sloop', '5th',
    '3rd/4th', '1st/2nd' (a vacant captaincy of that class), 'flag' (a Rear Admiral's
    place), 'marines' (a Marine rank: a vacant detachment command of that rank, or for a
    lieutenant of Marines room in the regiment), 'ranks' (a Subaltern, never short).
    """
    rank = officer.rank
    if rank in _NO_PROMOTION_ROLL:
        return None
    if rank in ("Sailor", "Able Seaman", "Midshipman"):
        return NAVY_RANKS[NAVY_RANKS.index(rank) + 1], "same ship"
    if rank == "Lieutenant":
        return "Master & Commander", "sloop"
    if rank == "Master & Commander":
        return "Captain", "5th"
    if rank == "Captain":
        own = SHIPS[officer.ship].rate if officer.ship else "5th"
        if own in _SENIOR_CAPTAIN_RATES:
            return "Post Captain", "1st/2nd"
        return "Captain", "3rd/4th"
    if rank == "Post Captain":
        return "Rear Admiral", "flag"
    if rank == "Private RM":
        return "Subaltern RM", "ranks"
    return MARINE_RANKS[MARINE_RANKS.index(rank) + 1], "marines"


_RATES_FOR = {"sloop": ("sloop",), "5th": ("5th",), "3rd/4th": _SENIOR_CAPTAIN_RATES,
              "1st/2nd": _POST_CAPTAIN_RATES}
_RM_REGIMENT = {"Lieutenant RM": 22}


class Vacancies:
    """Open berths in the fleet, from the officers on the books (and deaths at sea)."""

    def __init__(self, officers: Iterable[Officer]) -> None:
        self.free: dict[tuple[str, ...], int] = {}
        for s in SHIPS.values():
            self.free[("captain", s.code)] = 1
            self.free[("rm", s.code)] = 1
            for rank, n in (("Lieutenant", s.lieutenants), ("Midshipman", s.midshipmen),
                            ("Able Seaman", s.able_seamen)):
                self.free[(rank, s.code)] = n
        for sq in ("White", "Red", "Blue"):
            self.free[("flag", sq)] = 1
        self.free[("regiment", "Lieutenant RM")] = _RM_REGIMENT["Lieutenant RM"]
        for o in officers:
            self.take(o)

    def _key(self, o: Officer) -> tuple[str, ...] | None:
        if o.ship is not None:
            s = SHIPS[o.ship]
            if o.rank in CAPTAIN_RANKS:
                return ("captain", o.ship)
            if o.rank == s.rm_commander:
                return ("rm", o.ship)
            if o.rank in ("Lieutenant", "Midshipman", "Able Seaman"):
                return (o.rank, o.ship)
        if o.rank == "Rear Admiral" and o.squadron in ("White", "Red", "Blue"):
            return ("flag", o.squadron)
        return None

    def take(self, o: Officer) -> None:
        key = self._key(o)
        if key is not None:
            self.free[key] = self.free.get(key, 0) - 1
        if o.rank == "Lieutenant RM":
            self.free[("regiment", "Lieutenant RM")] -= 1

    def release(self, o: Officer) -> None:
        key = self._key(o)
        if key is not None:
            self.free[key] = self.free.get(key, 0) + 1
        if o.rank == "Lieutenant RM":
            self.free[("regiment", "Lieutenant RM")] += 1

    def find(self, officer: Officer, rank: str, kind: str) -> Officer | None:
        """The promoted officer in his new berth, or None if no berth is vacant."""
        def vacant(key: tuple[str, ...]) -> bool:
            return self.free.get(key, 0) > 0

        if kind == "ranks":
            return officer.__class__(**{**_fields(officer), "rank": rank})
        if kind == "same ship":
            if officer.ship and vacant((rank, officer.ship)):
                return officer.__class__(**{**_fields(officer), "rank": rank})
            return None
        if kind in _RATES_FOR:
            for s in sorted(SHIPS.values(), key=lambda s: s.standing):
                if s.rate in _RATES_FOR[kind] and vacant(("captain", s.code)) \
                        and s.code != officer.ship:
                    return officer.__class__(**{**_fields(officer), "rank": rank,
                                                "ship": s.code, "appointment": None})
            return None
        if kind == "flag":
            for sq in ("White", "Red", "Blue"):
                if vacant(("flag", sq)):
                    return officer.__class__(**{**_fields(officer), "rank": rank, "ship": None,
                                                "squadron": sq, "appointment": None})
            return None
        # marines: a vacant detachment of that rank, else (lieutenants) room in the regiment
        for s in sorted(SHIPS.values(), key=lambda s: s.standing):
            if s.rm_commander == rank and vacant(("rm", s.code)):
                return officer.__class__(**{**_fields(officer), "rank": rank, "ship": s.code})
        if rank == "Lieutenant RM" and vacant(("regiment", rank)):
            return officer.__class__(**{**_fields(officer), "rank": rank})
        return None


def _fields(o: Officer) -> dict[str, Any]:
    return {name: getattr(o, name) for name in Officer.__slots__}


_ORDER = {r: i for i, r in enumerate(NAVY_RANKS)} | {r: i for i, r in enumerate(MARINE_RANKS)}


def resolve_promotions(records: list[dict[str, Any]], officers: Mapping[str, Officer],
                       vacancies: Vacancies, declines: Iterable[str] = ()) -> list[dict]:
    """Turn successful promotion rolls into promotions where a berth is vacant, else MiDs.

    Seniors first (so their old berths open for juniors), players before NPCs of the same
    rank. ``declines`` lists officers who decline (a MiD instead); after a third decline at
    one rank every promotion becomes a MiD. Updates each record's ``promotion`` in place and
    returns the promotions as ``{"officer", "from", "to", "ship"}``.
    """
    declines = set(declines)
    for rec in records:
        if rec["dead"]:
            vacancies.release(officers[rec["officer"]])
    winners = [r for r in records if not r["dead"] and r.get("promotion", {}).get("success")]
    winners.sort(key=lambda r: (-_ORDER[officers[r["officer"]].rank],
                                not officers[r["officer"]].player))
    done = []
    for rec in winners:
        officer = officers[rec["officer"]]
        prom = rec["promotion"]
        if officer.declined >= 3:
            prom["result"] = "no further promotions: mentioned in despatches"
        elif officer.id in declines:
            prom["result"] = "declined: mentioned in despatches"
            prom["declined"] = officer.declined + 1
        else:
            step = next_step(officer)
            new = vacancies.find(officer, *step) if step else None
            if new is None:
                prom["result"] = "no vacancy: mentioned in despatches"
            else:
                vacancies.release(officer)
                vacancies.take(new)
                prom.update(result="promoted", new_rank=new.rank, new_ship=new.ship,
                            new_squadron=new.squadron)
                done.append({"officer": officer.id, "from": officer.rank, "to": new.rank,
                             "ship": new.ship})
                continue
        rec["mids"] += 1
    return done
