"""Personal outcomes of a campaign: death, the Nelson Touch, Mention in Despatches, the
promotion roll, plunder, poltroonery and reckless bravery (Briny En Garde!, PERSONAL
OUTCOME).

Each character rolls 2d6 against the Personal Outcome Table row of his ship's order and
battle result, the target moved by his ship's and rank's modifiers; a roll equal to or
above the modified target gives the outcome.
Dice order for one officer: death (2d6), if killed the Nelson Touch (d20, then d6 for the
wound), if a poltroon his d6, then MiD (2d6), promotion (2d6) and plunder (2d6) as far as
he may roll them.

>>> from strategy.campaign.dice import ScriptedDice
>>> jones = Officer("jones", "Jones", "Lieutenant", 5, ship="FG")
>>> ctx = OutcomeContext("F", 1, "Fiddler's Green", "Lieutenant")
>>> rec = personal_outcome(jones, ctx, ScriptedDice([1, 2, 6, 6, 6, 6, 3, 3]))
>>> rec["against"]["needed"], rec["mentioned"], rec["promotion_won"], rec["guineas"]
({'death': 10, 'mid': 8, 'promotion': 8, 'plunder': 7}, True, True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from strategy.campaign.command import Crew, Flag
from strategy.campaign.dice import Dice
from strategy.campaign.fleet import ADMIRAL_RANKS, RM_GENERAL_RANKS, SHIPS, Officer
from strategy.campaign.promotions import NO_PROMOTION_ROLL
from strategy.campaign.tables import (
    nelson_wound,
    personal_outcome_targets,
    rank_modifiers,
    ship_modifiers,
)
from strategy.errors import InvalidMove

__all__ = [
    "Against",
    "PRINTED_MODIFIERS",
    "Plan",
    "Contexts",
    "OutcomeContext",
    "against_of",
    "company_plan",
    "outcome_record",
    "personal_outcome",
    "roll_outcome",
    "staff_plan",
]

#: active admirals and RM Generals: "they do not roll for plunder or promotion when at sea"
_NO_PLUNDER_ROLL = frozenset(ADMIRAL_RANKS + RM_GENERAL_RANKS)


class OutcomeContext(NamedTuple):
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


#: the modifiers the text prints outside the tables, (death, MiD, promotion, plunder) as
#: added to the number needed, like the tables' own (one convention for every modifier:
#: docs/rules-notes.md, "Personal outcomes"): with the book's signs, but for the Aide's
#: perk, printed as a bonus to his roll
PRINTED_MODIFIERS: MappingProxyType[str, tuple[int, int, int, int]] = MappingProxyType(
    {
        # a lieutenant whose result beat his captain's: "a -1 modification to MiDs and
        # promotion"
        "outshone": (0, -1, -1, 0),
        # Aide to Admiral: "+1 for MiD", a perk of the post ("Good handwriting important.
        # Good manners essential. ... +1 for MiD. The Aide receives additional SP"): +1 to
        # his roll, so 1 less needed (docs/rules-notes.md, "Personal outcomes")
        "aide": (0, -1, 0, 0),
        # a ship committed to two seasons: "+1 to death and -1 for MiD"
        "long_voyage": (1, -1, 0, 0),
    }
)


def _modifiers(ctx: OutcomeContext) -> tuple[int, int, int, int]:
    """Modifiers to the death, MiD, promotion and plunder targets for a context."""
    ship_m = ship_modifiers(ctx.modifier_ship)
    rank_m = rank_modifiers(ctx.modifier_rank)
    if ctx.npc:
        # NPCs get no benefit of rank or ship for death, only the unfavourable modifiers
        death = min(0, ship_m.death) + min(0, rank_m.death)
    else:
        death = ship_m.death + rank_m.death
    mid = ship_m.mid + rank_m.mid
    # every ship has all four; flag ranks print n/a for promotion and plunder
    prom = (ship_m.promotion or 0) + (rank_m.promotion or 0)
    rank_plunder = rank_m.plunder
    if rank_plunder is None:  # serving with an admiral: the printed '(-3)'
        rank_plunder = rank_m.attached_plunder or 0
    plunder = (ship_m.plunder or 0) + rank_plunder
    for key, applies in (
        ("outshone", ctx.outshone),
        ("aide", ctx.aide),
        ("long_voyage", ctx.long_voyage),
    ):
        if applies:
            d, m, p, g = PRINTED_MODIFIERS[key]
            death, mid, prom, plunder = death + d, mid + m, prom + p, plunder + g
    return (death, mid, prom, plunder)


class Against(NamedTuple):
    """What an officer rolls against: the report's record of it (read-only: put
    :meth:`copy` in a report) and its numbers needed on 2d6, unpacked for the dice.

    ``key`` is (context, poltroonery, bravery), which names it.
    """

    key: tuple[OutcomeContext, int, int]
    record: MappingProxyType[str, Any]
    death: int
    mid: int
    promotion: int
    plunder: int | None
    amount: int | None

    @property
    def context(self) -> OutcomeContext:
        return self.key[0]

    def copy(self) -> dict[str, Any]:
        """A private copy of the record (its nested dicts too), for a report."""
        # a read-only view's copy() is its dict's: one C call each
        out = self.record.copy()
        out["target"] = out["target"].copy()
        out["modifier"] = out["modifier"].copy()
        out["needed"] = out["needed"].copy()
        return out


@lru_cache(maxsize=8192)
def against_of(ctx: OutcomeContext, poltroon: int = 0, brave: int = 0) -> Against:
    """What an officer in ``ctx`` rolls against, k more for death as a poltroon or k
    less for everything as a reckless hero. Contexts are few (order x result x ship x
    rank), and officers in the same context share the one answer."""
    t = personal_outcome_targets(ctx.order, ctx.battle_result)
    death_mod, mid_mod, prom_mod, plunder_mod = _modifiers(ctx)
    death_mod += poltroon - brave
    mid_mod -= brave
    prom_mod -= brave
    plunder_mod -= brave
    plunder = None if t.plunder is None else t.plunder + plunder_mod
    modifier = {
        "death": death_mod,
        "mid": mid_mod,
        "promotion": prom_mod,
        "plunder": None if t.plunder is None else plunder_mod,
    }
    needed = {
        "death": t.death + death_mod,
        "mid": t.mid + mid_mod,
        "promotion": t.promotion + prom_mod,
        "plunder": plunder,
    }
    record = {
        **ctx._asdict(),
        "target": MappingProxyType(t.to_dict()),
        "modifier": MappingProxyType(modifier),
        "needed": MappingProxyType(needed),
    }
    return Against(
        (ctx, poltroon, brave),
        MappingProxyType(record),
        t.death + death_mod,
        t.mid + mid_mod,
        t.promotion + prom_mod,
        plunder,
        t.amount,
    )


class Contexts:
    """The distinct contexts a season's officers roll against, each listed once, in
    order of first use: the report's ``contexts``, which each outcome names by index."""

    __slots__ = ("_at", "records")

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self._at: dict[tuple[OutcomeContext, int, int], int] = {}

    def index(self, against: Against) -> int:
        """The index of ``against`` in :attr:`records`, listing it if new."""
        records = self.records
        at = self._at.setdefault(against.key, len(records))
        if at == len(records):  # new
            records.append(against.copy())
        return at


def personal_outcome(
    officer: Officer,
    ctx: OutcomeContext,
    dice: Dice,
    choice: Mapping[str, Any] | None = None,
    contexts: Contexts | None = None,
) -> dict[str, Any]:
    """Roll one officer's personal outcome; a plain record of every roll.

    The record: ``against`` (order, battle result, whose modifiers, and per roll the
    ``target``, ``modifier`` and ``needed`` on 2d6), then each roll's two dice: ``death``,
    ``mid``, ``promotion``, ``plunder`` (absent when not rolled), with ``dead``,
    ``mentioned``, ``promotion_won``, ``mids`` and ``guineas``; ``nelson_touch`` and
    ``poltroonery`` when they happen. With the season's ``contexts`` each distinct
    ``against`` is listed there once and the record names its index as ``context``
    instead.

    The modifiers move the number he needs on 2d6 (the book's example: "a character that
    must roll a 15 for death"). ``choice`` (players only): ``poltroonery`` k (k more needed
    for death, then a d6: 1-2 unnoticed, no MiD; 3-5 found out, nothing more and 2k SP lost
    a month; 6 also a court-martial) or ``bravery`` k (k less needed for death and, if he
    lives, for MiD, promotion and plunder).
    """
    poltroon = brave = 0
    if choice:
        poltroon = int(choice.get("poltroonery", 0) or 0)
        brave = int(choice.get("bravery", 0) or 0)
        if poltroon < 0 or brave < 0 or (poltroon and brave):
            raise InvalidMove(
                f"officer {officer.id}: poltroonery or bravery, a modifier of 0 or more, not both"
            )
        if (poltroon or brave) and not officer.player:
            raise InvalidMove(
                f"officer {officer.id}: only player characters choose poltroonery or bravery"
            )
    against = against_of(ctx, poltroon, brave)
    if contexts is None:
        rec = outcome_record(officer.id, officer.rank, "against", against.copy())
    else:
        rec = outcome_record(officer.id, officer.rank, "context", contexts.index(against))
    return roll_outcome(officer, against, dice, rec, poltroon)


def outcome_record(oid: str, rank: str, name: str = "context", value: Any = None) -> dict[str, Any]:
    """The personal outcome record of officer ``oid`` of ``rank`` before the dice: nothing
    happened to him yet.

    ``name`` and ``value`` are its third entry: ``"context"`` and the index of what he
    rolls against in the season's list, or ``"against"`` and a private copy of it.
    """
    return {
        "officer": oid,
        "rank": rank,
        name: value,
        "death": None,
        "dead": False,
        "mentioned": False,
        "promotion_won": False,
        "mids": 0,
        "guineas": 0,
    }


def roll_outcome(
    officer: Officer, against: Against, dice: Dice, rec: dict[str, Any], poltroon: int = 0
) -> dict[str, Any]:
    """The dice of :func:`personal_outcome` once the context is known (no checks), into
    his :func:`outcome_record` ``rec``; returns it."""
    _, _, death, mid, promotion, plunder, amount = against  # one unpacking, not five lookups
    two_d6 = dice.two_d6
    a, b = two_d6()
    rec["death"] = [a, b]
    if a + b >= death:
        touch = rec["nelson_touch"] = _nelson_touch(officer, dice)
        if not touch["wounded"]:
            rec["dead"] = True
            return rec
    if poltroon:
        found = rec["poltroonery"] = _poltroonery(poltroon, dice.d6())
        if found["outcome"] != "unnoticed":
            return rec
    else:
        a, b = two_d6()
        rec["mid"] = [a, b]
        if a + b >= mid:
            rec["mentioned"] = True
            rec["mids"] = 1
    rank = officer.rank
    if rank not in NO_PROMOTION_ROLL:
        a, b = two_d6()
        rec["promotion"] = [a, b]
        rec["promotion_won"] = a + b >= promotion
    if plunder is not None and rank not in _NO_PLUNDER_ROLL:
        a, b = two_d6()
        rec["plunder"] = [a, b]
        if a + b >= plunder:
            rec["guineas"] = amount
    return rec


def _nelson_touch(officer: Officer, dice: Dice) -> dict[str, Any]:
    """The Nelson Touch of an officer the death roll killed: a d20 below half his
    constitution saves him with the wound a d6 gives."""
    half = officer.constitution / 2
    d20 = dice.d20()
    if d20 >= half:
        return {"d20": d20, "below": half, "wounded": False}
    w = nelson_wound(dice.d6())
    return {
        "d20": d20,
        "below": half,
        "wounded": True,
        "wound_die": w.die,
        "wound": w.wound,
        "severe": w.severe,
        "constitution_lost": w.constitution,
        "expertise_lost": w.expertise,
        "courting": w.courting,
        "hospital_months": w.hospital_months,
        "loses": w.loses,
        "unfit_for_duty": bool(w.loses and w.loses in officer.wounds),
    }


def _poltroonery(modifier: int, die: int) -> dict[str, Any]:
    """A poltroon's d6: 1-2 unnoticed, 3-5 found out (2k SP lost a month), 6 also a
    court-martial."""
    found = "unnoticed" if die <= 2 else "found out" if die <= 5 else "court-martial"
    return {
        "modifier": modifier,
        "die": die,
        "outcome": found,
        "sp_lost_monthly": 0 if die <= 2 else 2 * modifier,
    }


# --- who in a season rolls against what ----------------------------------------------------


class Plan(NamedTuple):
    """Who rolls against what: the distinct contexts in order of first use, and each
    officer in order with his, its position and his :func:`outcome_record` (read-only:
    copy it)."""

    againsts: tuple[Against, ...]
    rows: tuple[tuple[Officer, Against, int, MappingProxyType[str, Any]], ...]


def _blank(officer: Officer) -> MappingProxyType[str, Any]:
    """His :func:`outcome_record` to copy every summer (a dict copied is built faster than
    a dict written out)."""
    return _blank_of(officer.id, officer.rank)


@lru_cache(maxsize=8192)
def _blank_of(oid: str, rank: str) -> MappingProxyType[str, Any]:
    # by all the record has of him: cheaper to look up by than the officer
    return MappingProxyType(outcome_record(oid, rank))


@lru_cache(maxsize=8192)
def company_plan(
    crew: Crew,
    order: str,
    battle_result: int,
    long_voyage: bool,
    outshone: tuple[bool, ...],
) -> Plan:
    """Who in a ship's company rolls against which context: it depends on the ship, her
    order and captain's result, a long voyage and which of her lieutenants (in book
    order) outshone their captain (``outshone``); a crew sails summer after summer."""
    name = SHIPS[crew.code].name
    shone_of = iter(outshone)
    slot_of: dict[tuple[str, bool, bool], int] = {}
    againsts: list[Against] = []
    rows = []
    for o in crew.company:
        shone = next(shone_of) if o.rank == "Lieutenant" else False
        kind = (o.rank, o.player, shone)
        slot = slot_of.get(kind)
        if slot is None:
            slot = slot_of[kind] = len(againsts)
            againsts.append(_company_against(order, battle_result, name, *kind, long_voyage))
        rows.append((o, againsts[slot], slot, _blank(o)))
    return Plan(tuple(againsts), tuple(rows))


@lru_cache(maxsize=8192)
def _company_against(
    order: str, battle_result: int, ship: str, rank: str, player: bool, shone: bool, long: bool
) -> Against:
    """:func:`against_of` a ship's company's context, by the things it is made of (a new
    crew every summer, NPCs made from its seed, looks them up without making one)."""
    return against_of(
        OutcomeContext(
            order, battle_result, ship, rank, npc=not player, outshone=shone, long_voyage=long
        )
    )


@lru_cache(maxsize=4096)
def staff_plan(flag: Flag, battle_result: int) -> Plan:
    """An admiral at sea and his staff, each with what he rolls against: his flagship's
    order, result and modifiers ("Admirals use the ship outcome and modifiers of their
    flagship"); an aide with his admiral's rank."""
    adm, name = flag.admiral, SHIPS[flag.flagship].name
    out = [(adm, OutcomeContext(flag.order, battle_result, name, adm.rank, npc=not adm.player))]
    for staff in flag.staff:
        is_aide = staff.appointment == "Aide to Admiral"
        ctx = OutcomeContext(
            flag.order,
            battle_result,
            name,
            adm.rank if is_aide else staff.rank,
            npc=not staff.player,
            aide=is_aide,
            attached=True,
        )
        out.append((staff, ctx))
    againsts = tuple(against_of(ctx) for _, ctx in out)
    return Plan(againsts, tuple((o, againsts[i], i, _blank(o)) for i, (o, _) in enumerate(out)))
