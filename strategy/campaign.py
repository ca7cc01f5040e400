"""The summer campaign of Briny En Garde!: who sails, how each commander fares, and what
becomes of every officer aboard.

Public interface: :func:`force_organisation` (Navy Table F), :func:`battle_result` (the
Battle Result Table), :func:`personal_outcome_targets` (the Personal Outcome Table) and
:func:`resolve_summer`, which plays a whole season from a seed and returns a plain,
JSON-serialisable report with every roll and its inputs.

Battle results are rolled in order of command: the First Sea Lord's strategic result, then
per fleet the senior admiral and the squadron commanders, then the captains, then the
lieutenants and Marine commanders. A superior's result of 1-2 raises his subordinates'
effective NA by one, 5-6 lowers it by one, always within 1..10.

>>> report = resolve_summer(None, seed=7, choices={"roll": 35})
>>> report["roll"], len(report["ships"])
(35, 12)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from strategy.campaign_dice import Dice, RandomDice, ScriptedDice
from strategy.campaign_plan import SEASONS, plan_campaign, substitute
from strategy.campaign_tables import (
    FLEETS,
    ORDERS,
    SQUADRONS,
    Deployment,
    battle_result,
    force_commitment,
    force_organisation,
    interpretation,
    personal_outcome_targets,
    table_e_order,
)
from strategy.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    MARINE_RANKS,
    SHIPS,
    Officer,
    default_officers,
    officers_from,
    rm_general_of,
)
from strategy.investment import investment_returns
from strategy.outcomes import (
    OutcomeContext,
    Vacancies,
    copy_against,
    personal_outcome,
    resolve_promotions,
)

__all__ = [
    "Deployment", "Dice", "RandomDice", "ScriptedDice", "apply_report", "battle_result",
    "cascade", "deployment_from", "force_commitment", "force_organisation",
    "interpretation", "personal_outcome_targets", "resolve_summer", "table_e_order",
]

_FLAG_SQUADRONS = ("White", "Red", "Blue")
_SEASON_NA = {"winter": -2}           # icy riggings
_SEASON_DIE = {"autumn": -1}          # "-1 DM to battle result", as printed
_ADMIRAL_ORDER = {r: i for i, r in enumerate(ADMIRAL_RANKS)}


def cascade(superior_result: int | None) -> int:
    """A superior's result moves his subordinates' NA: +1 on 1-2, -1 on 5-6, else 0."""
    if superior_result is None:
        return 0
    return 1 if superior_result <= 2 else -1 if superior_result >= 5 else 0


def deployment_from(items: Iterable[Deployment | Mapping[str, Any]]) -> list[Deployment]:
    """Deployment records from records or plain dicts, checked (no ship twice)."""
    out, seen = [], set()
    for item in items:
        d = item if isinstance(item, Deployment) else Deployment(
            item["fleet"], item.get("squadron"), item["ship"], item["order"])
        if d.fleet not in FLEETS:
            raise ValueError(f"unknown fleet {d.fleet!r}: one of {', '.join(FLEETS)}")
        if d.squadron not in (*SQUADRONS, None):
            raise ValueError(f"unknown squadron {d.squadron!r}")
        if d.ship not in SHIPS:
            raise KeyError(f"no ship with code {d.ship!r}")
        if d.order not in ORDERS:
            raise ValueError(f"order must be one of B, I, F, C, not {d.order!r}")
        if d.ship in seen:
            raise ValueError(f"{SHIPS[d.ship].name} is deployed twice")
        seen.add(d.ship)
        out.append(d)
    return out


class _Command:
    """The chain of command of one season: who answers to whom."""

    def __init__(self, deployment: Sequence[Deployment], officers: Sequence[Officer],
                 choices: Mapping[str, Any]) -> None:
        self.by_id = {o.id: o for o in officers}
        crew: dict[str, list[Officer]] = {d.ship: [] for d in deployment}
        self.crew = crew
        flags: dict[str, list[Officer]] = {sq: [] for sq in _FLAG_SQUADRONS}
        self.flags = flags
        self.aides_of: dict[str, list[Officer]] = {}
        self.generals: dict[str, Officer] = {}
        self.fsl_aides: list[Officer] = []
        fsl = None
        for o in officers:  # one pass: ~200 officers, most of them aboard ships
            if o.ship is not None:
                aboard = crew.get(o.ship)
                if aboard is not None:
                    aboard.append(o)
                continue
            app = o.appointment
            if app == "First Sea Lord":
                fsl = fsl or o
            elif o.rank in _ADMIRAL_ORDER and o.squadron in flags:
                flags[o.squadron].append(o)
            elif app == "Aide to Admiral" and o.serves:
                self.aides_of.setdefault(o.serves, []).append(o)
            elif app == "Aide to the First Sea Lord":
                self.fsl_aides.append(o)
            elif o.squadron and o.rank == rm_general_of(o.squadron):
                self.generals.setdefault(o.squadron, o)
        self.fsl = fsl or Officer("FSL", "First Sea Lord (NPC)", "Admiral", 5,
                                  appointment="First Sea Lord")
        self.captain: dict[str, Officer] = {}
        for code, crew in self.crew.items():
            caps = [o for o in crew if o.rank in CAPTAIN_RANKS]
            if not caps:
                raise ValueError(f"{SHIPS[code].name} cannot sail without a captain")
            self.captain[code] = max(caps, key=lambda o: (CAPTAIN_RANKS.index(o.rank), o.player))
        self.groups: list[tuple[str, str]] = []
        for d in deployment:
            if d.squadron in _FLAG_SQUADRONS and (d.fleet, d.squadron) not in self.groups:
                self.groups.append((d.fleet, d.squadron))
        self.admiral = self._assign_admirals(officers, choices)
        self.top: dict[str, Officer] = {}
        for fleet in dict.fromkeys(d.fleet for d in deployment):
            here = [self.admiral[g] for g in self.groups if g[0] == fleet and g in self.admiral]
            if here:
                self.top[fleet] = max(here, key=lambda a: (
                    _ADMIRAL_ORDER[a.rank], -_FLAG_SQUADRONS.index(a.squadron or "Blue")))
        self.fleet_admirals = {f: [self.admiral[g] for g in self.groups
                                   if g[0] == f and g in self.admiral] for f in self.top}

    def _assign_admirals(self, officers: Sequence[Officer],
                         choices: Mapping[str, Any]) -> dict[tuple[str, str], Officer]:
        flags = {sq: sorted(adms, key=lambda o: _ADMIRAL_ORDER[o.rank])
                 for sq, adms in self.flags.items()}
        chosen: dict[tuple[str, str], Officer] = {}
        for sub in choices.get("admirals", ()) or ():
            group = (sub.get("fleet"), sub.get("squadron"))
            if group not in self.groups:
                raise ValueError(f"no {group[1]} squadron in the {group[0]} to command")
            adm = self.by_id.get(sub.get("admiral"))
            if adm is None or adm.rank not in ADMIRAL_RANKS:
                raise ValueError(f"{sub.get('admiral')!r} is not an admiral")
            if not self.fsl.player and adm.squadron != group[1]:
                raise ValueError(f"an NPC First Sea Lord substitutes admirals within their "
                                 f"squadron: {adm.name} is not of the {group[1]}")
            if adm in chosen.values():
                raise ValueError(f"{adm.name} cannot command two squadrons")
            chosen[group] = adm
        used = set(a.id for a in chosen.values())
        for group in self.groups:
            if group in chosen:
                continue
            for adm in flags[group[1]]:
                if adm.id not in used:
                    chosen[group] = adm
                    used.add(adm.id)
                    break
        return chosen

    def superior_of_ship(self, d: Deployment) -> Officer:
        adm = self.admiral.get((d.fleet, d.squadron)) if d.squadron else None
        return adm or self.top.get(d.fleet) or self.fsl


def _junior_raise(commander: Officer, juniors: Iterable[Officer]) -> dict[str, Any] | None:
    for j in juniors:
        if j.na >= commander.na + 2:
            return {"by": j.id, "na": j.na}
    return None


def _rm_commander(crew: Sequence[Officer], code: str) -> Officer | None:
    marines = [o for o in crew if o.rank in MARINE_RANKS and o.rank not in
               ("Private RM", "Subaltern RM")]
    if not marines:
        return None
    exact = [o for o in marines if o.rank == SHIPS[code].rm_commander]
    return (exact or sorted(marines, key=lambda o: -MARINE_RANKS.index(o.rank)))[0]


def _flagship(codes: Sequence[str]) -> str:
    return min(codes, key=lambda c: SHIPS[c].column)


def resolve_summer(deployment: Iterable[Deployment | Mapping[str, Any]] | None = None,
                   officers: Iterable[Officer | Mapping[str, Any]] | None = None,
                   seed: int = 0, choices: Mapping[str, Any] | None = None, *,
                   dice: Dice | None = None) -> dict[str, Any]:
    """Play one campaign season; a plain, JSON-serialisable report.

    ``deployment``: Table F records (or dicts); None plans it from ``choices`` (``roll``,
    ``pm``, ``fsl``, ``pm_influence``, see :func:`strategy.campaign_plan.plan_campaign`).
    ``officers``: everyone on the books (vacancies for promotion are the berths they leave
    empty); None gives NPCs for every berth of the fleet
    (:func:`strategy.fleet.default_officers` seeded from ``seed``).
    ``choices`` also takes: ``season`` ('summer'; autumn, winter and spring campaigns are
    volunteers), ``preset`` {ship code: battle result already earned on the map},
    ``victualling_board`` (True: the Board's embezzlement costs every squadron a step),
    ``substitutions`` [{"out", "in", "modifier"}], ``captain_of_the_fleet`` ('player'
    substitutes one ship freely), ``admirals`` [{"fleet", "squadron", "admiral"}],
    ``officers`` {id: {"poltroonery": k} | {"bravery": k} | {"decline_promotion": True}},
    ``long_voyage`` [ship codes volunteered for two seasons], ``investments`` (see
    :func:`strategy.investment.investment_returns`).
    ``dice`` replaces the seeded dice (tests script them).
    """
    choices = dict(choices or {})
    if dice is None:
        rng = random.Random(seed)
        dice = RandomDice(rng)
    else:
        rng = random.Random(seed)
    season = choices.get("season", "summer")
    if season not in SEASONS:
        raise ValueError(f"season must be one of {', '.join(SEASONS)}, not {season!r}")
    report: dict[str, Any] = {"seed": seed, "season": season}
    if deployment is None:
        if season != "summer":
            raise ValueError("only the summer campaign is planned by Table F; "
                             "other seasons sail volunteers")
        planned, plan = plan_campaign(choices, dice)
        report["commitment"] = plan
        report["roll"] = plan["roll"]
        deployment = planned
    else:
        deployment = deployment_from(deployment)
        report["commitment"] = None
        report["roll"] = choices.get("roll")
    deployment = deployment_from(deployment)
    subs = []
    player_cof = choices.get("captain_of_the_fleet") == "player"
    if player_cof and len(choices.get("substitutions") or ()) > 1:
        raise ValueError("a player Captain of the Fleet substitutes one ship")
    for sub in choices.get("substitutions") or ():
        deployment, rec = substitute(deployment, sub["out"], sub["in"],
                                     player_captain_of_the_fleet=player_cof,
                                     modifier=int(sub.get("modifier", 0)), dice=dice)
        subs.append(rec)
    report["substitutions"] = subs
    report["deployment"] = [d.to_dict() for d in deployment]

    if officers is None:
        officers = default_officers(random.Random(seed))
    officers = officers_from(officers)
    cmd = _Command(deployment, officers, choices)
    preset = dict(choices.get("preset") or {})
    for code, value in preset.items():
        if code not in cmd.crew:
            raise ValueError(f"preset battle result for {code!r}, which is not deployed")
        if isinstance(value, bool) or value not in range(1, 7):
            raise ValueError(f"preset battle result for {code} must be 1..6, not {value!r}")
    na_mod = _SEASON_NA.get(season, 0)
    die_mod = _SEASON_DIE.get(season, 0)
    fleet_die_mod = die_mod - (1 if choices.get("victualling_board") else 0)
    rolls: list[dict[str, Any]] = []
    result: dict[str, int] = {}   # officer id -> personal battle result
    superior: dict[str, str] = {}

    def roll(o: Officer, role: str, sup: Officer | None, juniors: Iterable[Officer],
             dmod: int, ship_code: str | None = None) -> int:
        sup_result = result.get(sup.id) if sup else None
        raise_ = _junior_raise(o, juniors)
        shift = cascade(sup_result)
        eff = min(10, max(1, o.na + (1 if raise_ else 0) + shift + na_mod))
        die = dice.d6()
        mdie = min(6, max(1, die + dmod))
        br = battle_result(eff, mdie)
        rolls.append({"officer": o.id, "role": role, "ship": ship_code,
                      "superior": sup.id if sup else None, "superior_result": sup_result,
                      "na": o.na, "junior": raise_, "cascade": shift, "season": na_mod,
                      "effective_na": eff, "die": die, "die_modifier": dmod,
                      "modified_die": mdie, "result": br})
        result[o.id] = br
        if sup:
            superior[o.id] = sup.id
        return br

    roll(cmd.fsl, "first_sea_lord", None, cmd.fsl_aides, die_mod)
    aides_of = cmd.aides_of
    generals = cmd.generals
    first_group_of: dict[str, Officer] = {}
    for group in cmd.groups:
        if group in cmd.admiral:
            first_group_of.setdefault(group[1], cmd.admiral[group])
    advisers: dict[str, list[Officer]] = {}
    for sq, adm in first_group_of.items():
        advisers[adm.id] = aides_of.get(adm.id, []) + ([generals[sq]] if sq in generals else [])
    for adm in cmd.admiral.values():
        advisers.setdefault(adm.id, aides_of.get(adm.id, []))
    for fleet, top in cmd.top.items():
        role = "senior_admiral" if len(cmd.fleet_admirals[fleet]) > 1 else "squadron_commander"
        roll(top, role, cmd.fsl, advisers[top.id], fleet_die_mod)
        for adm in cmd.fleet_admirals[fleet]:
            if adm is not top:
                roll(adm, "squadron_commander", top, advisers[adm.id], fleet_die_mod)
    rm_of: dict[str, Officer | None] = {}
    for d in deployment:
        crew = cmd.crew[d.ship]
        cap = cmd.captain[d.ship]
        rm_of[d.ship] = _rm_commander(crew, d.ship)
        if d.ship in preset:
            sup = cmd.superior_of_ship(d)
            result[cap.id] = preset[d.ship]
            superior[cap.id] = sup.id
            rolls.append({"officer": cap.id, "role": "captain", "ship": d.ship,
                          "superior": sup.id, "superior_result": result.get(sup.id),
                          "preset": preset[d.ship], "result": preset[d.ship]})
            continue
        juniors = [o for o in crew if o.appointment == "Ship's Adjutant"]
        if rm_of[d.ship]:
            juniors.append(rm_of[d.ship])
        roll(cap, "captain", cmd.superior_of_ship(d), juniors, fleet_die_mod, d.ship)
    for d in deployment:
        cap = cmd.captain[d.ship]
        for o in cmd.crew[d.ship]:
            if o.rank == "Lieutenant":
                roll(o, "lieutenant", cap, (), fleet_die_mod, d.ship)
            elif o is rm_of[d.ship]:
                roll(o, "rm_commander", cap, (), fleet_die_mod, d.ship)
    report["battle_results"] = rolls
    ship_result = {d.ship: result[cmd.captain[d.ship].id] for d in deployment}
    report["ships"] = {d.ship: {"name": SHIPS[d.ship].name, "fleet": d.fleet,
                                "squadron": d.squadron, "order": d.order,
                                "captain": cmd.captain[d.ship].id,
                                "battle_result": ship_result[d.ship],
                                "preset": d.ship in preset,
                                "interpretation": interpretation(d.order, ship_result[d.ship])}
                       for d in deployment}

    # invasion: every admiral at sea and every ship with no squadron got a 6
    watch = [result[a.id] for a in cmd.admiral.values()]
    watch += [ship_result[d.ship] for d in deployment if d.squadron is None]
    report["invasion"] = {"results": watch, "invaded": bool(watch) and all(r == 6 for r in watch)}

    changes: dict[str, dict[str, Any]] = {}
    experience = []
    for oid, sid in superior.items():
        o = cmd.by_id.get(oid)
        if o is None or sid not in result or result[oid] >= result[sid]:
            continue
        new = min(10, o.na + 1)
        experience.append({"officer": oid, "result": result[oid], "superior": sid,
                           "superior_result": result[sid], "na_before": o.na, "na_after": new})
        if new != o.na:
            changes.setdefault(oid, {})["na"] = new
    report["experience"] = experience

    courts, resign = [], []
    for d in deployment:
        cap = cmd.captain[d.ship]
        if ship_result[d.ship] == 6:
            courts.append({"officer": cap.id, "reason": "captain's battle result 6"})
    for adm in cmd.admiral.values():
        if result[adm.id] >= 5:
            if adm.player:
                courts.append({"officer": adm.id, "reason": f"admiral's battle result "
                               f"{result[adm.id]}"})
            else:
                resign.append({"officer": adm.id, "reason": f"NPC admiral's battle result "
                               f"{result[adm.id]}"})

    # personal outcomes
    personal_choice = choices.get("officers") or {}
    for oid in personal_choice:
        if oid not in cmd.by_id:
            raise KeyError(f"choices for unknown officer {oid!r}")
    long_voyage = set(choices.get("long_voyage") or ())
    outcomes: list[dict[str, Any]] = []
    order_of = {d.ship: d.order for d in deployment}
    contexts: dict[tuple, OutcomeContext] = {}
    memo: dict = {}
    for d in deployment:
        cap_br = ship_result[d.ship]
        name = SHIPS[d.ship].name
        longv = d.ship in long_voyage
        for o in cmd.crew[d.ship]:
            outshone = o.rank == "Lieutenant" and result.get(o.id, 7) < cap_br
            key = (d.order, cap_br, name, o.rank, o.player, outshone, longv)
            ctx = contexts.get(key)
            if ctx is None:
                ctx = contexts[key] = OutcomeContext(d.order, cap_br, name, o.rank,
                                                     npc=not o.player, outshone=outshone,
                                                     long_voyage=longv)
            outcomes.append(personal_outcome(o, ctx, dice, personal_choice.get(o.id), memo))
    group_ships: dict[str, list[str]] = {}
    for d in deployment:
        sup = cmd.superior_of_ship(d)
        if sup is not cmd.fsl:
            group_ships.setdefault(sup.id, []).append(d.ship)
    attached_done = set()
    for (fleet, sq), adm in cmd.admiral.items():
        own = [d.ship for d in deployment if (d.fleet, d.squadron) == (fleet, sq)]
        flag = _flagship(own)
        base = {"order": order_of[flag], "battle_result": ship_result[flag],
                "modifier_ship": SHIPS[flag].name}
        outcomes.append(personal_outcome(adm, OutcomeContext(
            **base, modifier_rank=adm.rank, npc=not adm.player), dice,
            personal_choice.get(adm.id), memo))
        outcomes[-1]["flagship"] = flag
        for staff in advisers.get(adm.id, []):
            if staff.id in attached_done:
                continue
            attached_done.add(staff.id)
            is_aide = staff.appointment == "Aide to Admiral"
            outcomes.append(personal_outcome(staff, OutcomeContext(
                **base, modifier_rank=adm.rank if is_aide else staff.rank,
                npc=not staff.player, aide=is_aide, attached=True), dice,
                personal_choice.get(staff.id), memo))
            outcomes[-1]["flagship"] = flag
    for rec in outcomes:
        pol = rec.get("poltroonery")
        if pol and pol["outcome"] == "court-martial":
            courts.append({"officer": rec["officer"], "reason": "poltroonery"})
    declines = [oid for oid, c in personal_choice.items() if c.get("decline_promotion")]
    promotions = resolve_promotions(outcomes, cmd.by_id, Vacancies(officers), declines)

    # admirals' share of plunder
    shares = []
    earned = {rec["officer"]: rec["guineas"] for rec in outcomes}
    for adm in cmd.admiral.values():
        subs_ = [o.id for code in group_ships.get(adm.id, ()) for o in cmd.crew[code]
                 if o.rank in CAPTAIN_RANKS or o.rank == "Lieutenant"]
        total = sum(earned.get(i, 0) for i in subs_)
        shares.append({"admiral": adm.id, "at_sea": True, "fraction": "1/4",
                       "plunder": total, "guineas": total // 4})
    at_sea = {a.id for a in cmd.admiral.values()}
    squadron_prize: dict[str, int] = {}
    for d in deployment:
        if d.squadron in _FLAG_SQUADRONS:
            squadron_prize[d.squadron] = squadron_prize.get(d.squadron, 0) + sum(
                earned.get(o.id, 0) for o in cmd.crew[d.ship])
    for sq, total in squadron_prize.items():
        for o in cmd.flags[sq]:
            if o.id not in at_sea:
                shares.append({"admiral": o.id, "at_sea": False, "fraction": "1/8",
                               "plunder": total, "guineas": total // 8})
    # officers in the same context share one record of targets, modifiers and numbers needed
    contexts: list[dict[str, Any]] = []
    index: dict[int, int] = {}
    for rec in outcomes:
        against = rec.pop("against")
        at = index.get(id(against))
        if at is None:
            at = index[id(against)] = len(contexts)
            contexts.append(copy_against(against))
        rec["context"] = at
    report["contexts"] = contexts
    report["personal_outcomes"] = outcomes
    report["promotions"] = promotions
    report["plunder_shares"] = shares
    report["courts_martial"] = courts
    report["resignations"] = resign

    for rec in outcomes:
        oid = rec["officer"]
        if rec["dead"]:
            changes.setdefault(oid, {})["dead"] = True
        nelson = rec.get("nelson_touch")
        if nelson and nelson.get("wounded"):
            changes.setdefault(oid, {})["wound"] = nelson["wound_die"]
        prom = rec.get("promotion_result")
        if prom and prom.get("result") == "promoted":
            changes.setdefault(oid, {}).update(rank=prom["new_rank"], ship=prom["new_ship"],
                                               squadron=prom["new_squadron"], declined=0)
        elif prom and "declined" in prom:
            changes.setdefault(oid, {})["declined"] = prom["declined"]
    report["changes"] = changes

    commanders = [result[a.id] for a in cmd.admiral.values()]
    commanders += [ship_result[d.ship] for d in deployment if cmd.superior_of_ship(d) is cmd.fsl]
    if not commanders:
        commanders = list(ship_result.values())
    average = sum(commanders) / len(commanders) if commanders else None
    report["investment"] = investment_returns(len(deployment), average,
                                              choices.get("investments") or ())
    report["investment"]["commanders"] = commanders
    return report


def apply_report(officers: Iterable[Officer | Mapping[str, Any]],
                 report: Mapping[str, Any]) -> list[Officer]:
    """The officers after a season: dead struck off, NA, rank, ship and wounds updated."""
    from strategy.campaign_tables import nelson_wound

    out = []
    for o in officers_from(officers):
        ch = report["changes"].get(o.id)
        if not ch:
            out.append(o)
            continue
        if ch.get("dead"):
            continue
        fields = {name: getattr(o, name) for name in Officer.__slots__}
        for key in ("na", "rank", "ship", "squadron", "declined"):
            if key in ch:
                fields[key] = ch[key]
        if "wound" in ch:
            loses = nelson_wound(ch["wound"]).loses
            if loses:
                fields["wounds"] = (*o.wounds, loses)
        out.append(Officer(**fields))
    return out
