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

from strategy.campaign.command import (
    FLAG_SQUADRONS,
    BattleResults,
    ChainOfCommand,
    books_of,
    cascade,
    chain_of,
    roll_battle_results,
)
from strategy.campaign.dice import Dice, RandomDice, ScriptedDice
from strategy.campaign.fleet import (
    CAPTAIN_RANKS,
    SHIPS,
    Officer,
    default_officers,
    officers_from,
)
from strategy.campaign.investment import investment_returns
from strategy.campaign.outcomes import (
    Against,
    CompanyRow,
    OutcomeContext,
    against_of,
    company_row,
    context_index,
    midshipmen_purchased,
    personal_outcome,
    resolve_promotions,
    roll_company,
    roll_outcome,
)
from strategy.campaign.plan import SEASONS, plan_campaign, substitute
from strategy.campaign.tables import (
    FLEETS,
    ORDERS,
    SQUADRONS,
    Deployment,
    battle_result,
    force_commitment,
    force_organisation,
    interpretation,
    interpretations,
    nelson_wound,
    personal_outcome_targets,
    table_e_order,
)

__all__ = [
    "Deployment",
    "Dice",
    "RandomDice",
    "ScriptedDice",
    "apply_report",
    "battle_result",
    "cascade",
    "deployment_from",
    "force_commitment",
    "force_organisation",
    "interpretation",
    "personal_outcome_targets",
    "resolve_summer",
    "table_e_order",
]


def deployment_from(items: Iterable[Deployment | Mapping[str, Any]]) -> list[Deployment]:
    """Deployment records from records or plain dicts, checked (no ship twice)."""
    out, seen = [], set()
    for item in items:
        d = (
            item
            if isinstance(item, Deployment)
            else Deployment(item["fleet"], item.get("squadron"), item["ship"], item["order"])
        )
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


def resolve_summer(
    deployment: Iterable[Deployment | Mapping[str, Any]] | None = None,
    officers: Iterable[Officer | Mapping[str, Any]] | None = None,
    seed: int = 0,
    choices: Mapping[str, Any] | None = None,
    *,
    dice: Dice | None = None,
) -> dict[str, Any]:
    """Play one campaign season; a plain, JSON-serialisable report.

    ``deployment``: Table F records (or dicts); None plans it from ``choices`` (``roll``,
    ``pm``, ``fsl``, ``pm_influence``, see :func:`strategy.campaign.plan.plan_campaign`).
    ``officers``: everyone on the books (vacancies for promotion are the berths they leave
    empty); None gives NPCs for every berth of the fleet
    (:func:`strategy.campaign.fleet.default_officers` seeded from ``seed``). The same list of
    Officer objects sailing many seasons (odds, replays) is sorted into crews, commands and
    open berths once (:func:`strategy.campaign.command.books_of`).
    ``choices`` also takes: ``season`` ('summer'; autumn, winter and spring campaigns are
    volunteers), ``preset`` {ship code: battle result already earned on the map},
    ``victualling_board`` (True: the Board's embezzlement costs every squadron a step),
    ``substitutions`` [{"out", "in", "modifier"}], ``captain_of_the_fleet`` ('player'
    substitutes one ship freely), ``admirals`` [{"fleet", "squadron", "admiral"}],
    ``officers`` {id: {"poltroonery": k} | {"bravery": k} | {"decline_promotion": True}},
    ``long_voyage`` [ship codes volunteered for two seasons], ``investments`` (see
    :func:`strategy.campaign.investment.investment_returns`).
    ``dice`` replaces the seeded dice (tests script them).

    The report: ``seed``, ``season``, ``roll``, ``commitment`` (the digits, dice and
    influence that made the roll), ``substitutions``, ``deployment``, ``battle_results``
    (one record per roll in order of command: NA, junior, cascade, season, effective NA,
    die, result; or the preset), ``ships`` (result and interpretation), ``invasion``,
    ``experience``, ``contexts`` (targets, modifiers and numbers needed, shared by the
    officers rolling against them), ``personal_outcomes`` (each officer's dice and what
    came of them), ``promotions``, ``midshipmen_purchased``, ``plunder_shares``,
    ``courts_martial``, ``resignations``, ``changes`` (per officer: NA, rank, ship, dead,
    wound; see :func:`apply_report`) and ``investment``.
    """
    choices = dict(choices or {})
    if dice is None:
        dice = RandomDice(random.Random(seed))
    season = choices.get("season", "summer")
    if season not in SEASONS:
        raise ValueError(f"season must be one of {', '.join(SEASONS)}, not {season!r}")
    report: dict[str, Any] = {"seed": seed, "season": season}
    deployment = _deploy(deployment, choices, season, dice, report)
    if officers is None:  # NPCs for this season only: not worth keeping
        books = books_of(default_officers(random.Random(seed)), keep=False)
    else:
        books = books_of(officers)
    cmd = chain_of(deployment, books, choices)
    preset = dict(choices.get("preset") or {})
    for code, value in preset.items():
        if code not in cmd.crew:
            raise ValueError(f"preset battle result for {code!r}, which is not deployed")
        if type(value) is not int or not 1 <= value <= 6:
            raise ValueError(f"preset battle result for {code} must be 1..6, not {value!r}")
    personal_choice = choices.get("officers") or {}
    for oid in personal_choice:
        if oid not in cmd.by_id:
            raise KeyError(f"choices for unknown officer {oid!r}")

    battle = roll_battle_results(
        cmd, deployment, preset, season, bool(choices.get("victualling_board")), dice
    )
    result = battle.result
    report["battle_results"] = battle.rolls
    ship_result = {}
    ships: dict[str, dict[str, Any]] = {}
    meaning = interpretations()
    for code, template in _ship_records(cmd).items():  # in deployment order
        br = ship_result[code] = result[template["captain"]]
        rec = ships[code] = template.copy()
        rec["battle_result"] = br
        if preset and code in preset:
            rec["preset"] = True
        rec["interpretation"] = meaning[template["order"]][br]
    report["ships"] = ships
    # invasion: every admiral at sea and every ship with no squadron got a 6
    watch = [result[a.id] for a in cmd.admiral.values()]
    watch += [ship_result[d.ship] for d in deployment if d.squadron is None]
    report["invasion"] = {"results": watch, "invaded": bool(watch) and all(r == 6 for r in watch)}
    changes: dict[str, dict[str, Any]] = {}
    report["experience"] = _experience(battle, changes)
    courts, resign = _courts_martial(cmd, deployment, ship_result, result)

    memo: dict = {}
    plunder: dict[str, tuple[int, int]] = {}
    notable: list[dict[str, Any]] = []
    outcomes = _personal_outcomes(
        cmd, deployment, ship_result, result, choices, dice, memo, plunder, notable
    )
    if personal_choice:  # only a player's choice makes a poltroon
        courts += [
            {"officer": rec["officer"], "reason": "poltroonery"}
            for rec in outcomes
            if rec.get("poltroonery", {}).get("outcome") == "court-martial"
        ]
    declines = [oid for oid, c in personal_choice.items() if c.get("decline_promotion")]
    vacancies = cmd.books.vacancies.copy()
    promotions = resolve_promotions(notable, cmd.by_id, vacancies, declines)
    report["midshipmen_purchased"] = midshipmen_purchased(vacancies, cmd.crew)
    report["plunder_shares"] = _plunder_shares(cmd, deployment, plunder)
    report["contexts"] = memo.get("contexts", [])
    report["personal_outcomes"] = outcomes
    report["promotions"] = promotions
    report["courts_martial"] = courts
    report["resignations"] = resign
    _record_changes(notable, changes)
    report["changes"] = changes

    commanders = [result[a.id] for a in cmd.admiral.values()]
    commanders += [ship_result[d.ship] for d in deployment if cmd.superior[d.ship] is cmd.fsl]
    if not commanders:
        commanders = list(ship_result.values())
    average = sum(commanders) / len(commanders) if commanders else None
    report["investment"] = investment_returns(
        len(deployment), average, choices.get("investments") or ()
    )
    report["investment"]["commanders"] = commanders
    return report


def _deploy(
    deployment: Iterable[Deployment | Mapping[str, Any]] | None,
    choices: Mapping[str, Any],
    season: str,
    dice: Dice,
    report: dict[str, Any],
) -> list[Deployment]:
    """The season's deployment: given, or planned from the seats' choices; substitutions."""
    if deployment is None:
        if season != "summer":
            raise ValueError(
                "only the summer campaign is planned by Table F; other seasons sail volunteers"
            )
        planned, plan = plan_campaign(choices, dice)
        report["commitment"] = plan
        report["roll"] = plan["roll"]
        deployment = planned  # Table F's own records: checked when the table was loaded
    else:
        report["commitment"] = None
        report["roll"] = choices.get("roll")
        deployment = deployment_from(deployment)
    subs = []
    player_cof = choices.get("captain_of_the_fleet") == "player"
    if player_cof and len(choices.get("substitutions") or ()) > 1:
        raise ValueError("a player Captain of the Fleet substitutes one ship")
    for sub in choices.get("substitutions") or ():
        deployment, rec = substitute(
            deployment,
            sub["out"],
            sub["in"],
            player_captain_of_the_fleet=player_cof,
            modifier=int(sub.get("modifier", 0)),
            dice=dice,
        )
        subs.append(rec)
    report["substitutions"] = subs
    report["deployment"] = [d.to_dict() for d in deployment]
    return deployment


def _ship_records(cmd: ChainOfCommand) -> dict[str, dict[str, Any]]:
    """Per deployed ship, its report record but for the season's result (kept by the
    chain of command: copy before use)."""
    records = cmd.ship_records
    if records is None:
        records = cmd.ship_records = {
            d.ship: {
                "name": SHIPS[d.ship].name,
                "fleet": d.fleet,
                "squadron": d.squadron,
                "order": d.order,
                "captain": cmd.captain[d.ship].id,
                "battle_result": 0,
                "preset": False,
                "interpretation": "",
            }
            for d in cmd.deployment
        }
    return records


def _experience(battle: BattleResults, changes: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """+1 NA (at most 10) for everyone whose result beat his immediate superior's."""
    for rec in battle.experience:
        if rec["na_after"] != rec["na_before"]:
            changes.setdefault(rec["officer"], {})["na"] = rec["na_after"]
    return battle.experience


def _courts_martial(
    cmd: ChainOfCommand,
    deployment: Sequence[Deployment],
    ship_result: Mapping[str, int],
    result: Mapping[str, int],
) -> tuple[list[dict], list[dict]]:
    """Captains with a 6 and player admirals with 5-6 face a court-martial; NPC admirals
    with 5-6 resign."""
    courts, resign = [], []
    for d in deployment:
        if ship_result[d.ship] == 6:
            courts.append(
                {"officer": cmd.captain[d.ship].id, "reason": "captain's battle result 6"}
            )
    for adm in cmd.admiral.values():
        if result[adm.id] >= 5:
            if adm.player:
                courts.append(
                    {"officer": adm.id, "reason": f"admiral's battle result {result[adm.id]}"}
                )
            else:
                resign.append(
                    {"officer": adm.id, "reason": f"NPC admiral's battle result {result[adm.id]}"}
                )
    return courts, resign


# (order, captain's result, ship name, rank, player, outshone, long voyage) -> its context:
# a ship's company rolls against a handful of these, the same every summer
_SHIP_AGAINST: dict[tuple, Against] = {}
#: a ship's company in one summer: its distinct contexts in order of first use, per
#: officer (him, the position of his context, whether he outshone his captain), and the
#: same officers unpacked for :func:`strategy.campaign.outcomes.roll_company` (no choices)
_Plan = tuple[tuple[Against, ...], tuple[tuple[Officer, int, bool], ...], tuple[CompanyRow, ...]]


def _ship_plan(
    cmd: ChainOfCommand, code: str, order: str, cap_br: int, longv: bool, result: Mapping[str, int]
) -> _Plan:
    """Who in a ship's company rolls against which context (choices aside). It depends on
    the ship, order, captain's result, long voyage and which lieutenants outshone him:
    the books remember it for the next summer like this one."""
    books = cmd.books
    outshone = tuple([result.get(oid, 7) < cap_br for oid in books.lieutenant_ids[code]])
    key = (code, order, cap_br, longv, outshone)
    plan = books.plans.get(key)
    if plan is not None:
        return plan
    name = SHIPS[code].name
    flags = iter(outshone)
    againsts: list[Against] = []
    slot_of: dict[tuple, int] = {}
    rows = []
    for o, rank, player, lieutenant in books.company[code]:
        shone = next(flags) if lieutenant else False
        slot = slot_of.get((rank, player, shone))
        if slot is None:
            ctx_key = (order, cap_br, name, rank, player, shone, longv)
            against = _SHIP_AGAINST.get(ctx_key)
            if against is None:
                against = against_of(
                    OutcomeContext(
                        order, cap_br, name, rank, npc=not player, outshone=shone, long_voyage=longv
                    )
                )
                if len(_SHIP_AGAINST) < 20_000:  # bounded, like the outcome caches
                    _SHIP_AGAINST[ctx_key] = against
            slot = slot_of[rank, player, shone] = len(againsts)
            againsts.append(against)
        rows.append((o, slot, shone))
    plan = (
        tuple(againsts),
        tuple(rows),
        tuple([company_row(o, slot, againsts[slot]) for o, slot, _ in rows]),
    )
    if books.memo and len(books.plans) < 5_000:  # ship x order x result x outshone: bounded
        books.plans[key] = plan
    return plan


def _personal_outcomes(
    cmd: ChainOfCommand,
    deployment: Sequence[Deployment],
    ship_result: Mapping[str, int],
    result: Mapping[str, int],
    choices: Mapping[str, Any],
    dice: Dice,
    memo: dict,
    plunder: dict[str, tuple[int, int]],
    notable: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Every officer at sea rolls: ships' companies in deployment order, then each admiral
    (on his flagship's result and modifiers) followed by his staff. Officers in the same
    context share one record of targets, modifiers and numbers needed (``memo``).
    ``plunder`` gets per ship the plunder of its whole company and of its captains and
    lieutenants (see :func:`_plunder_shares`); ``notable`` the records that change
    anything after the dice: the dead, the wounded (both have a Nelson Touch) and the
    promotion winners, in order, as the report lists them."""
    personal_choice = choices.get("officers") or {}
    long_voyage = set(choices.get("long_voyage") or ())
    outcomes: list[dict[str, Any]] = []
    append = outcomes.append
    # seeded dice are drawn inline for the companies with no player choices: same stream
    rand = dice.random if type(dice) is RandomDice else None
    for d in deployment:
        code = d.ship
        cap_br = ship_result[code]
        longv = code in long_voyage
        againsts, rows, fast = _ship_plan(cmd, code, d.order, cap_br, longv, result)
        if rand is not None and not (personal_choice and _chooses(rows, personal_choice)):
            # contexts are first used in slot order: list them all now
            at = [context_index(memo, against) for against in againsts]
            plunder[code] = roll_company(fast, at, rand, append, notable.append)
            continue
        start = len(outcomes)
        # each context is listed when first rolled against, as the officers come
        at_: list[int | None] = [None] * len(againsts)
        for o, slot, shone in rows:
            choice = personal_choice.get(o.id) if personal_choice else None
            if choice:  # a player's choice: checked and rolled the long way
                ctx = OutcomeContext(
                    d.order,
                    cap_br,
                    SHIPS[code].name,
                    o.rank,
                    npc=not o.player,
                    outshone=shone,
                    long_voyage=longv,
                )
                append(personal_outcome(o, ctx, dice, choice, memo))
                continue
            i = at_[slot]
            if i is None:
                i = at_[slot] = context_index(memo, againsts[slot])
            append(roll_outcome(o, againsts[slot], dice, 0, "context", i))
        company = officers = 0
        for rec, (o, _, _) in zip(outcomes[start:], rows, strict=True):
            if rec["promotion_won"] or "nelson_touch" in rec:
                notable.append(rec)
            if rec["guineas"]:
                company += rec["guineas"]
                if o.rank in CAPTAIN_RANKS or o.rank == "Lieutenant":
                    officers += rec["guineas"]
        plunder[code] = (company, officers)
    order_of: dict[str, str] | None = None
    for group, adm in cmd.admiral.items():
        flag = cmd.flagship_of[group]
        br = ship_result[flag]
        staff = cmd.staff_plans.get((group, br))
        if staff is None:
            if order_of is None:
                order_of = {d.ship: d.order for d in deployment}
            staff = _staff_plan(cmd, adm, order_of[flag], br, SHIPS[flag].name)
            if len(cmd.staff_plans) < 1_000:  # groups x results: bounded
                cmd.staff_plans[group, br] = staff
        for o, ctx, against in staff:
            choice = personal_choice.get(o.id) if personal_choice else None
            if choice:
                rec = personal_outcome(o, ctx, dice, choice, memo)
            else:  # personal_outcome with no choice, its context already looked up
                rec = roll_outcome(o, against, dice, 0, "context", context_index(memo, against))
            rec["flagship"] = flag
            append(rec)
            if rec["promotion_won"] or "nelson_touch" in rec:
                notable.append(rec)
    return outcomes


def _staff_plan(
    cmd: ChainOfCommand, adm: Officer, order: str, br: int, name: str
) -> tuple[tuple[Officer, OutcomeContext, Against], ...]:
    """An admiral at sea and his staff: each with what he rolls against, on his flagship's
    order, result and modifiers (an aide with his admiral's rank)."""
    out = [(adm, OutcomeContext(order, br, name, adm.rank, npc=not adm.player))]
    for staff in cmd.advisers.get(adm.id, ()):
        is_aide = staff.appointment == "Aide to Admiral"
        out.append(
            (
                staff,
                OutcomeContext(
                    order,
                    br,
                    name,
                    adm.rank if is_aide else staff.rank,
                    npc=not staff.player,
                    aide=is_aide,
                    attached=True,
                ),
            )
        )
    return tuple((o, ctx, against_of(ctx)) for o, ctx in out)


def _chooses(rows: Iterable[tuple[Officer, int, bool]], choice: Mapping[str, Any]) -> bool:
    """True if any of a ship's company made a player's choice."""
    return any(choice.get(o.id) for o, _, _ in rows)


def _plunder_shares(
    cmd: ChainOfCommand, deployment: Sequence[Deployment], plunder: Mapping[str, tuple[int, int]]
) -> list[dict[str, Any]]:
    """Admirals at sea take a quarter of their captains' and lieutenants' plunder; active
    admirals ashore an eighth of all the plunder of their squadron's ships.

    ``plunder``: per ship, the plunder of its whole company and of its captains and
    lieutenants (an officer's ship is the ship whose company he rolled with)."""
    under = cmd.under
    shares = []
    for adm in cmd.admiral.values():
        total = sum(plunder[code][1] for code in under.get(adm.id, ()))
        shares.append(
            {
                "admiral": adm.id,
                "at_sea": True,
                "fraction": "1/4",
                "plunder": total,
                "guineas": total // 4,
            }
        )
    at_sea = {a.id for a in cmd.admiral.values()}
    prize: dict[str, int] = {}
    for d in deployment:
        if d.squadron in FLAG_SQUADRONS:
            prize[d.squadron] = prize.get(d.squadron, 0) + plunder[d.ship][0]
    for sq, total in prize.items():
        for o in cmd.flags[sq]:
            if o.id not in at_sea:
                shares.append(
                    {
                        "admiral": o.id,
                        "at_sea": False,
                        "fraction": "1/8",
                        "plunder": total,
                        "guineas": total // 8,
                    }
                )
    return shares


def _record_changes(
    outcomes: Sequence[Mapping[str, Any]], changes: dict[str, dict[str, Any]]
) -> None:
    """Deaths, wounds, promotions and declines into ``changes``, in order of the records."""
    for rec in outcomes:
        oid = rec["officer"]
        ch = changes.get(oid)
        if rec["dead"]:
            if ch is None:
                changes[oid] = {"dead": True}
            else:
                ch["dead"] = True
            continue  # the dead have no wound and rolled no promotion
        if "nelson_touch" in rec and rec["nelson_touch"].get("wounded"):
            if ch is None:
                ch = changes[oid] = {}
            ch["wound"] = rec["nelson_touch"]["wound_die"]
        prom = rec.get("promotion_result")
        if prom is None:
            continue
        if prom["result"] == "promoted":
            if ch is None:
                ch = changes[oid] = {}
            ch.update(
                rank=prom["new_rank"],
                ship=prom["new_ship"],
                squadron=prom["new_squadron"],
                declined=0,
            )
        elif "declined" in prom:
            if ch is None:
                ch = changes[oid] = {}
            ch["declined"] = prom["declined"]


def apply_report(
    officers: Iterable[Officer | Mapping[str, Any]], report: Mapping[str, Any]
) -> list[Officer]:
    """The officers after a season: dead struck off, NA, rank, ship and wounds updated.

    A promoted officer leaves his appointment (Naval appointments need exactly their rank;
    "if he is promoted at sea, dismissal will occur at the end of the season").
    """
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
        if "rank" in ch:
            fields["appointment"] = fields["serves"] = None
        if "wound" in ch:
            loses = nelson_wound(ch["wound"]).loses
            if loses:
                fields["wounds"] = (*o.wounds, loses)
        out.append(Officer(**fields))
    return out
