"""Personal outcomes of a campaign: death, the Nelson Touch, Mention in Despatches,
promotion into a vacant berth, plunder, poltroonery and reckless bravery.

Each character rolls 2d6 against the Personal Outcome Table row of his ship's order and
battle result, the target moved by his ship's and rank's modifiers; a roll equal to or
above the modified target gives the outcome.
Dice order for one officer: death (2d6), if killed the Nelson Touch (d20, then d6 for the
wound), if a poltroon his d6, then MiD (2d6), promotion (2d6) and plunder (2d6) as far as
he may roll them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from math import floor
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from strategy.campaign.dice import PAIRS, Dice
from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    MARINE_RANKS,
    NAVY_RANKS,
    RM_GENERAL_RANKS,
    SHIPS,
    Officer,
)
from strategy.campaign.tables import (
    nelson_wound,
    personal_outcome_targets,
    rank_modifiers,
    ship_modifiers,
)

__all__ = [
    "Against",
    "CompanyRow",
    "OutcomeContext",
    "Vacancies",
    "against_of",
    "company_row",
    "context_index",
    "midshipmen_purchased",
    "next_step",
    "personal_outcome",
    "resolve_promotions",
    "roll_company",
    "roll_outcome",
]

_NO_PROMOTION_ROLL = frozenset(
    ADMIRAL_RANKS + RM_GENERAL_RANKS + ("Lieutenant Colonel RM", "Colonel RM")
)
_NO_PLUNDER_ROLL = frozenset(ADMIRAL_RANKS + RM_GENERAL_RANKS)
_SENIOR_CAPTAIN_RATES = ("3rd", "4th")
_POST_CAPTAIN_RATES = ("1st", "2nd")


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


_MODIFIERS: dict[OutcomeContext, tuple[int, int, int, int]] = {}


def _modifiers(ctx: OutcomeContext) -> tuple[int, int, int, int]:
    """Modifiers to the death, MiD, promotion and plunder targets for a context (cached)."""
    ship_m = ship_modifiers(ctx.modifier_ship)
    rank_m = rank_modifiers(ctx.modifier_rank)
    if ctx.npc:
        # NPCs get no benefit of rank or ship for death, only the unfavourable modifiers
        death = min(0, ship_m.death) + min(0, rank_m.death)
    else:
        death = ship_m.death + rank_m.death
    long = 1 if ctx.long_voyage else 0
    mid = ship_m.mid + rank_m.mid - long - (1 if ctx.aide else 0) - (1 if ctx.outshone else 0)
    prom = ship_m.promotion + (rank_m.promotion or 0) - (1 if ctx.outshone else 0)
    rank_plunder = rank_m.plunder
    if rank_plunder is None:  # serving with an admiral: the printed '(-3)'
        rank_plunder = rank_m.attached_plunder or 0
    mods = (death + long, mid, prom, ship_m.plunder + rank_plunder)
    if len(_MODIFIERS) < 20_000:  # a bounded memo: contexts are few (order x result x ship x rank)
        _MODIFIERS[ctx] = mods
    return mods


def _against(ctx: OutcomeContext, poltroon: int, brave: int) -> dict[str, Any]:
    """What an officer rolls against: targets, modifiers and the numbers needed."""
    targets = personal_outcome_targets(ctx.order, ctx.battle_result)
    death_mod, mid_mod, prom_mod, plunder_mod = _MODIFIERS.get(ctx) or _modifiers(ctx)
    modifier = {
        "death": death_mod + poltroon - brave,
        "mid": mid_mod - brave,
        "promotion": prom_mod - brave,
        "plunder": None if targets.plunder is None else plunder_mod - brave,
    }
    target = targets.to_dict()
    needed = {k: None if target[k] is None else target[k] + modifier[k] for k in modifier}
    return {
        "order": ctx.order,
        "battle_result": ctx.battle_result,
        "modifier_ship": ctx.modifier_ship,
        "modifier_rank": ctx.modifier_rank,
        "npc": ctx.npc,
        "outshone": ctx.outshone,
        "aide": ctx.aide,
        "long_voyage": ctx.long_voyage,
        "attached": ctx.attached,
        "target": target,
        "modifier": modifier,
        "needed": needed,
    }


class Against(NamedTuple):
    """One ``against`` record with its numbers needed unpacked for the rolls (cached).

    ``serial`` numbers every distinct (context, poltroonery, bravery) cached: a season's
    memo lists each once, and an int is quicker to look up than the context (once the
    cache is full, the key itself: it names the same context every time too).
    """

    serial: int | tuple
    record: dict[str, Any]
    death: int
    mid: int
    promotion: int
    plunder: int | None
    amount: int | None

    def copy(self) -> dict[str, Any]:
        """A private copy of the record (its nested dicts too), for a report."""
        # dict.copy() clones the table in one go; a season copies ~80 of these
        record = self.record
        out = record.copy()
        out["target"] = record["target"].copy()
        out["modifier"] = record["modifier"].copy()
        out["needed"] = record["needed"].copy()
        return out


_AGAINST: dict[tuple, Against] = {}
_SERIAL = itertools.count()


def against_of(ctx: OutcomeContext, poltroon: int = 0, brave: int = 0) -> Against:
    """What an officer in ``ctx`` rolls against (the cached record and its numbers).

    The record is shared: put :meth:`Against.copy` of it in a report, never itself.
    """
    key = (ctx, poltroon, brave)
    against = _AGAINST.get(key)
    if against is None:
        record = _against(ctx, poltroon, brave)
        needed = record["needed"]
        cached = len(_AGAINST) < 50_000  # bounded: contexts are order x result x ship x rank
        against = Against(
            next(_SERIAL) if cached else key,
            record,
            needed["death"],
            needed["mid"],
            needed["promotion"],
            needed["plunder"],
            record["target"]["amount"],
        )
        if cached:
            _AGAINST[key] = against
    return against


def context_index(memo: dict, against: Against) -> int:
    """The index of ``against`` in a season's ``memo["contexts"]``, listing it if new."""
    serial = against.serial
    at = memo.get(serial)
    if at is None:
        contexts = memo.get("contexts")
        if contexts is None:
            contexts = memo["contexts"] = []
        at = memo[serial] = len(contexts)
        contexts.append(against.copy())
    return at


def personal_outcome(
    officer: Officer,
    ctx: OutcomeContext,
    dice: Dice,
    choice: Mapping[str, Any] | None = None,
    memo: dict | None = None,
) -> dict[str, Any]:
    """Roll one officer's personal outcome; a plain record of every roll.

    The record: ``against`` (order, battle result, whose modifiers, and per roll the
    ``target``, ``modifier`` and ``needed`` on 2d6), then each roll's two dice: ``death``,
    ``mid``, ``promotion``, ``plunder`` (absent when not rolled), with ``dead``,
    ``mentioned``, ``promotion_won``, ``mids`` and ``guineas``; ``nelson_touch`` and
    ``poltroonery`` when they happen. With a ``memo`` (a dict kept for a whole season)
    each distinct ``against`` goes once into ``memo["contexts"]`` and the record names its
    index as ``context`` instead.

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
            raise ValueError(
                f"officer {officer.id}: poltroonery or bravery, a modifier of 0 or more, not both"
            )
        if (poltroon or brave) and not officer.player:
            raise ValueError(
                f"officer {officer.id}: only player characters choose poltroonery or bravery"
            )
    against = against_of(ctx, poltroon, brave)
    if memo is None:
        return roll_outcome(officer, against, dice, poltroon, "against", against.copy())
    return roll_outcome(officer, against, dice, poltroon, "context", context_index(memo, against))


def roll_outcome(
    officer: Officer,
    against: Against,
    dice: Dice,
    poltroon: int = 0,
    name: str = "context",
    value: Any = None,
) -> dict[str, Any]:
    """The dice of :func:`personal_outcome` once the context is known (no checks).

    ``name`` and ``value`` are the record's third entry: ``"context"`` and the index of
    the context in the season's list, or ``"against"`` and a private copy of the record.
    A season rolls ~140 of these, so the numbers needed come unpacked in ``against``.
    """
    two_d6 = dice.two_d6
    a, b = two_d6()
    rec: dict[str, Any] = {
        "officer": officer.id,
        "rank": officer.rank,
        name: value,
        "death": [a, b],
        "dead": False,
        "mentioned": False,
        "promotion_won": False,
        "mids": 0,
        "guineas": 0,
    }
    if a + b >= against.death:
        half = officer.constitution / 2
        d20 = dice.d20()
        if d20 < half:
            rec["nelson_touch"] = _wounded(d20, half, dice.d6(), officer.wounds)
        else:
            rec["nelson_touch"] = {"d20": d20, "below": half, "wounded": False}
            rec["dead"] = True
            return rec
    if poltroon:
        die = dice.d6()
        found = "unnoticed" if die <= 2 else "found out" if die <= 5 else "court-martial"
        rec["poltroonery"] = {
            "modifier": poltroon,
            "die": die,
            "outcome": found,
            "sp_lost_monthly": 0 if die <= 2 else 2 * poltroon,
        }
        if die > 2:
            return rec
    else:
        a, b = two_d6()
        rec["mid"] = [a, b]
        if a + b >= against.mid:
            rec["mentioned"] = True
            rec["mids"] = 1
    rank = officer.rank
    if rank not in _NO_PROMOTION_ROLL:
        a, b = two_d6()
        rec["promotion"] = [a, b]
        rec["promotion_won"] = a + b >= against.promotion
    if against.plunder is not None and rank not in _NO_PLUNDER_ROLL:
        a, b = two_d6()
        rec["plunder"] = [a, b]
        if a + b >= against.plunder:
            rec["guineas"] = against.amount
    return rec


def _wounded(d20: int, half: float, die: int, wounds: tuple[str, ...]) -> dict[str, Any]:
    """The Nelson Touch record of an officer who escapes death with the wound ``die`` gives."""
    w = nelson_wound(die)
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
        "unfit_for_duty": bool(w.loses and w.loses in wounds),
    }


class CompanyRow(NamedTuple):
    """One NPC of a ship's company, unpacked for :func:`roll_company`.

    ``slot`` is the position of his context among his ship's; ``death``, ``mid``,
    ``promotion`` and ``plunder`` the numbers he needs (``promotion`` and ``plunder`` None
    when he does not roll them); ``amount`` the plunder a success wins; ``half`` his
    constitution / 2 (the Nelson Touch); ``share`` True for captains and lieutenants,
    whose plunder their admiral shares.
    """

    officer: Officer
    id: str
    rank: str
    slot: int
    death: int
    mid: int
    promotion: int | None
    plunder: int | None
    amount: int | None
    half: float
    share: bool


def company_row(officer: Officer, slot: int, against: Against) -> CompanyRow:
    """The :class:`CompanyRow` of an officer (no choices) rolling against ``against``."""
    rank = officer.rank
    plunder = None if rank in _NO_PLUNDER_ROLL else against.plunder
    return CompanyRow(
        officer,
        officer.id,
        rank,
        slot,
        against.death,
        against.mid,
        None if rank in _NO_PROMOTION_ROLL else against.promotion,
        plunder,
        against.amount,
        officer.constitution / 2,
        rank in CAPTAIN_RANKS or rank == "Lieutenant",
    )


def roll_company(
    rows: Iterable[CompanyRow],
    contexts: Sequence[int],
    rand: Callable[[], float],
    append: Callable[[dict[str, Any]], Any],
    note: Callable[[dict[str, Any]], Any],
) -> tuple[int, int]:
    """:func:`roll_outcome` for each of a ship's company, with the dice drawn inline.

    ``rand`` is the seeded ``random()`` of :class:`~strategy.campaign.dice.RandomDice`
    (each die one draw, as its methods draw it); ``contexts[row.slot]`` is the index of a
    row's context in the season's list. Appends each record, and ``note``s those that
    change anything after the dice (the dead, the wounded and the promotion winners);
    returns the plunder won by the whole company and by its captains and lieutenants. A
    season rolls ~130 officers here: every record is built in one go where it can be.
    """
    company = officers = 0
    for o, oid, rank, slot, death, mid, prom, plunder, amount, half, share in rows:
        a, b = PAIRS[floor(rand() * 36.0)]
        if a + b < death:
            c, d = PAIRS[floor(rand() * 36.0)]
            mentioned = c + d >= mid
            if prom is not None:
                e, f = PAIRS[floor(rand() * 36.0)]
                won = e + f >= prom
                if plunder is not None:
                    g, h = PAIRS[floor(rand() * 36.0)]
                    guineas = amount if g + h >= plunder else 0
                    rec = {
                        "officer": oid,
                        "rank": rank,
                        "context": contexts[slot],
                        "death": [a, b],
                        "dead": False,
                        "mentioned": mentioned,
                        "promotion_won": won,
                        "mids": 1 if mentioned else 0,
                        "guineas": guineas,
                        "mid": [c, d],
                        "promotion": [e, f],
                        "plunder": [g, h],
                    }
                    if guineas:
                        company += guineas
                        if share:
                            officers += guineas
                else:
                    rec = {
                        "officer": oid,
                        "rank": rank,
                        "context": contexts[slot],
                        "death": [a, b],
                        "dead": False,
                        "mentioned": mentioned,
                        "promotion_won": won,
                        "mids": 1 if mentioned else 0,
                        "guineas": 0,
                        "mid": [c, d],
                        "promotion": [e, f],
                    }
                append(rec)
                if won:
                    note(rec)
                continue
            rec = {
                "officer": oid,
                "rank": rank,
                "context": contexts[slot],
                "death": [a, b],
                "dead": False,
                "mentioned": mentioned,
                "promotion_won": False,
                "mids": 1 if mentioned else 0,
                "guineas": 0,
                "mid": [c, d],
            }
        else:
            d20 = floor(rand() * 20.0) + 1
            if d20 >= half:
                rec = {
                    "officer": oid,
                    "rank": rank,
                    "context": contexts[slot],
                    "death": [a, b],
                    "dead": True,
                    "mentioned": False,
                    "promotion_won": False,
                    "mids": 0,
                    "guineas": 0,
                    "nelson_touch": {"d20": d20, "below": half, "wounded": False},
                }
                append(rec)
                note(rec)
                continue
            rec = {
                "officer": oid,
                "rank": rank,
                "context": contexts[slot],
                "death": [a, b],
                "dead": False,
                "mentioned": False,
                "promotion_won": False,
                "mids": 0,
                "guineas": 0,
                "nelson_touch": _wounded(d20, half, floor(rand() * 6.0) + 1, o.wounds),
            }
            note(rec)
            c, d = PAIRS[floor(rand() * 36.0)]
            rec["mid"] = [c, d]
            if c + d >= mid:
                rec["mentioned"] = True
                rec["mids"] = 1
            if prom is not None:
                e, f = PAIRS[floor(rand() * 36.0)]
                rec["promotion"] = [e, f]
                rec["promotion_won"] = e + f >= prom
        if plunder is not None:
            g, h = PAIRS[floor(rand() * 36.0)]
            rec["plunder"] = [g, h]
            if g + h >= plunder:
                rec["guineas"] = amount
                company += amount  # type: ignore[operator]
                if share:
                    officers += amount  # type: ignore[operator]
        append(rec)
    return company, officers


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


_STEPS: dict[tuple[str, str | None], tuple[str, str] | None] = {}


def _step(officer: Officer) -> tuple[str, str] | None:
    """:func:`next_step`, remembered by rank and ship (all it depends on)."""
    key = (officer.rank, officer.ship)
    try:
        return _STEPS[key]
    except KeyError:
        step = _STEPS[key] = next_step(officer)
        return step


_RATES_FOR = {
    "sloop": ("sloop",),
    "5th": ("5th",),
    "3rd/4th": _SENIOR_CAPTAIN_RATES,
    "1st/2nd": _POST_CAPTAIN_RATES,
}
_RM_REGIMENT = {"Lieutenant RM": 22}
_BY_STANDING = tuple(sorted(SHIPS.values(), key=lambda s: s.standing))
# the ships a promotion may look in, highest standing first: captaincies by kind of
# berth, Marine detachments by the rank commanding them
_CAPTAINCIES = {
    kind: tuple(s.code for s in _BY_STANDING if s.rate in rates)
    for kind, rates in _RATES_FOR.items()
}
_DETACHMENTS = {
    rank: tuple(s.code for s in _BY_STANDING if s.rm_commander == rank) for rank in MARINE_RANKS
}


Berth = tuple  # (rank, ship code or None, squadron or None)


def _berth_key(rank: str, ship_code: str | None, squadron: str | None) -> tuple | None:
    if ship_code is not None:
        if rank in CAPTAIN_RANKS:
            return ("captain", ship_code)
        if rank == SHIPS[ship_code].rm_commander:
            return ("rm", ship_code)
        if rank in ("Lieutenant", "Midshipman", "Able Seaman"):
            return (rank, ship_code)
    if rank == "Rear Admiral" and squadron in ("White", "Red", "Blue"):
        return ("flag", squadron)
    return None


def _capacity() -> dict[tuple, int]:
    free: dict[tuple, int] = {}
    for s in SHIPS.values():
        free[("captain", s.code)] = 1
        free[("rm", s.code)] = 1
        free[("Lieutenant", s.code)] = s.lieutenants
        free[("Midshipman", s.code)] = s.midshipmen
        free[("Able Seaman", s.code)] = s.able_seamen
    for sq in ("White", "Red", "Blue"):
        free[("flag", sq)] = 1
    free[("regiment", "Lieutenant RM")] = _RM_REGIMENT["Lieutenant RM"]
    return free


# every berth key counts its free places in one slot of a list: a list index is much
# cheaper than hashing a tuple key, and a season looks up ~150 of them
_CAPACITY = MappingProxyType(_capacity())
_SLOT = MappingProxyType({key: i for i, key in enumerate(_CAPACITY)})
_REGIMENT = _SLOT["regiment", "Lieutenant RM"]
_SHIP_SLOTS = {
    rank: {code: _SLOT[rank, code] for code in SHIPS}
    for rank in ("Lieutenant", "Midshipman", "Able Seaman")
}
_CAPTAINCY_SLOTS = {
    kind: tuple((code, _SLOT["captain", code]) for code in codes)
    for kind, codes in _CAPTAINCIES.items()
}
_DETACHMENT_SLOTS = {
    rank: tuple((code, _SLOT["rm", code]) for code in codes) for rank, codes in _DETACHMENTS.items()
}
_FLAG_SLOTS = tuple((sq, _SLOT["flag", sq]) for sq in ("White", "Red", "Blue"))
_BERTH = attrgetter("rank", "ship", "squadron")
_SLOTS_OF: dict[tuple, int | None] = {}


def _slot_of(berth: Berth) -> int | None:
    """The slot of a berth's key (None: a berth nobody counts), remembered: berths are few
    (rank x ship or flag)."""
    try:
        return _SLOTS_OF[berth]
    except KeyError:
        key = _berth_key(*berth)
        slot = None if key is None else _SLOT[key]
        if len(_SLOTS_OF) < 10_000:
            _SLOTS_OF[berth] = slot
        return slot


def midshipmen_purchased(vacancies: Vacancies, ships: Iterable[str]) -> list[dict[str, Any]]:
    """NPC rule: after the promotions, midshipman vacancies beyond two in a ship are filled
    by purchase (NPC able seamen can afford it)."""
    out = []
    slots, free = _SHIP_SLOTS["Midshipman"], vacancies.free
    for code in ships:
        n = free[slots[code]]
        if n > 2:
            out.append({"ship": code, "midshipmen": n - 2})
    return out


class Vacancies:
    """Open berths in the fleet, from the officers on the books (and deaths at sea).

    Berths are ``(rank, ship, squadron)`` triples: a captaincy, a lieutenant's,
    midshipman's or able seaman's berth in a ship, a Marine detachment's command, a Rear
    Admiral's flag; a lieutenant of Marines needs room in the regiment (22). ``free``
    counts the places open per berth key, in the slots of ``_SLOT``.
    """

    __slots__ = ("free",)

    def __init__(self, officers: Iterable[Officer]) -> None:
        free = list(_CAPACITY.values())
        # count distinct (rank, ship, squadron) first: a few dozen keys for ~200 officers
        for berth, n in Counter(map(_BERTH, officers)).items():
            slot = _slot_of(berth)
            if slot is not None:
                free[slot] -= n
            if berth[0] == "Lieutenant RM":
                free[_REGIMENT] -= n
        self.free = free

    def copy(self) -> Vacancies:
        """An independent copy (the books' open berths, before a season changes them)."""
        new = Vacancies.__new__(Vacancies)
        new.free = self.free.copy()
        return new

    def take(self, berth: Berth) -> None:
        self._count(berth, -1)

    def release(self, berth: Berth) -> None:
        self._count(berth, 1)

    def _count(self, berth: Berth, change: int) -> None:
        slot = _slot_of(berth)
        if slot is not None:
            self.free[slot] += change
        if berth[0] == "Lieutenant RM":
            self.free[_REGIMENT] += change

    def vacant(self, key: tuple) -> bool:
        slot = _SLOT.get(key)
        return slot is not None and self.free[slot] > 0

    def find(self, officer: Officer, rank: str, kind: str) -> Berth | None:
        """The berth a promotion to ``rank`` can take, or None if none is vacant."""
        free = self.free
        if kind == "ranks":
            return (rank, officer.ship, officer.squadron)
        if kind == "same ship":
            if officer.ship and free[_SHIP_SLOTS[rank][officer.ship]] > 0:
                return (rank, officer.ship, None)
            return None
        if kind in _CAPTAINCY_SLOTS:
            own = officer.ship
            for code, slot in _CAPTAINCY_SLOTS[kind]:
                if free[slot] > 0 and code != own:
                    return (rank, code, None)
            return None
        if kind == "flag":
            for sq, slot in _FLAG_SLOTS:
                if free[slot] > 0:
                    return (rank, None, sq)
            return None
        # marines: a vacant detachment of that rank, else (lieutenants) room in the regiment
        for code, slot in _DETACHMENT_SLOTS.get(rank, ()):
            if free[slot] > 0:
                return (rank, code, None)
        if rank == "Lieutenant RM" and free[_REGIMENT] > 0:
            return (rank, officer.ship, None)
        return None


_ORDER = {r: i for i, r in enumerate(NAVY_RANKS)} | {r: i for i, r in enumerate(MARINE_RANKS)}


#: per officer id, what a promotion needs of him: (the officer, -seniority, NPC, the
#: slot of his berth or None, a lieutenant of Marines, his next step or None, and for a
#: step up in his own ship the slot of that berth); his officer object checks an entry is
#: his (officers are frozen), bounded like the rest
_Promotion = tuple[Officer, int, bool, "int | None", bool, "tuple[str, str] | None", "int | None"]
_PROMOTION: dict[str, _Promotion] = {}


def _promotion(o: Officer) -> _Promotion:
    entry = _PROMOTION.get(o.id)
    if entry is None or entry[0] is not o:
        step = _step(o)
        same = _SHIP_SLOTS[step[0]][o.ship] if step and step[1] == "same ship" and o.ship else None
        entry = (
            o,
            -_ORDER[o.rank],
            not o.player,
            _slot_of(_BERTH(o)),
            o.rank == "Lieutenant RM",
            step,
            same,
        )
        if len(_PROMOTION) >= 20_000:
            _PROMOTION.clear()
        _PROMOTION[o.id] = entry
    return entry


def resolve_promotions(
    records: list[dict[str, Any]],
    officers: Mapping[str, Officer],
    vacancies: Vacancies,
    declines: Iterable[str] = (),
) -> list[dict]:
    """Turn successful promotion rolls into promotions where a berth is vacant, else MiDs.

    Seniors first (so their old berths open for juniors), players before NPCs of the same
    rank. ``declines`` lists officers who decline (a MiD instead); after a third decline at
    one rank every promotion becomes a MiD. Sets each winner's ``promotion_result`` and
    returns the promotions as ``{"officer", "from", "to", "ship"}``.
    """
    declines = set(declines)
    free = vacancies.free
    winners = []
    for rec in records:
        if rec["dead"]:  # his berth opens
            o = officers[rec["officer"]]
            entry = _PROMOTION.get(o.id)
            if entry is None or entry[0] is not o:
                entry = _promotion(o)
            if entry[3] is not None:
                free[entry[3]] += 1
            if entry[4]:
                free[_REGIMENT] += 1
        elif rec["promotion_won"]:
            o = officers[rec["officer"]]
            entry = _PROMOTION.get(o.id)
            if entry is None or entry[0] is not o:
                entry = _promotion(o)
            winners.append((entry[1], entry[2], len(winners), rec, entry))
    winners.sort()  # seniors first, players first; then in order (the index breaks ties)
    done = []
    for _, _, _, rec, (officer, _, _, slot, lt_rm, step, same) in winners:
        if officer.declined >= 3:
            rec["promotion_result"] = {"result": "no further promotions: mentioned in despatches"}
        elif declines and officer.id in declines:
            rec["promotion_result"] = {
                "result": "declined: mentioned in despatches",
                "declined": officer.declined + 1,
            }
        else:
            if same is not None:  # up a rank in his own ship (Vacancies.find's first case)
                new = (step[0], officer.ship, None) if free[same] > 0 else None  # type: ignore
            else:
                new = vacancies.find(officer, step[0], step[1]) if step else None
            if new is None:
                rec["promotion_result"] = {"result": "no vacancy: mentioned in despatches"}
            else:
                if slot is not None:  # his old berth opens, his new one fills
                    free[slot] += 1
                if lt_rm:
                    free[_REGIMENT] += 1
                if same is not None:
                    free[same] -= 1
                else:
                    vacancies.take(new)
                rec["promotion_result"] = {
                    "result": "promoted",
                    "new_rank": new[0],
                    "new_ship": new[1],
                    "new_squadron": new[2],
                }
                done.append(
                    {"officer": officer.id, "from": officer.rank, "to": new[0], "ship": new[1]}
                )
                continue
        rec["mids"] += 1
    return done
