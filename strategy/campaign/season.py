"""One campaign season of Briny En Garde! from a seed: who sails, how each commander
fares, and what becomes of every officer aboard, as a plain JSON-ready report.

The steps, each in its own module: the deployment (:mod:`~strategy.campaign.plan`,
Table F), the chain of command (:mod:`~strategy.campaign.command`), the battle results
rolled down it (:mod:`~strategy.campaign.results`), every officer's personal outcome
(:mod:`~strategy.campaign.outcomes`), promotions into vacant berths
(:mod:`~strategy.campaign.promotions`), then here what follows from them: invasion,
experience, courts-martial, admirals' shares of plunder, investment returns
(:mod:`~strategy.campaign.investment`) and the officers after the season
(:func:`apply_report`).

>>> from strategy.campaign.plan import volunteer_ship
>>> winter = resolve_summer([volunteer_ship("CA", "winter")], seed=4, choices={"season": "winter"})
>>> [(r["role"], r["effective_na"]) for r in winter["battle_results"]][:2]
[('first_sea_lord', 3), ('captain', 1)]
>>> winter["ships"]["CA"]["order"], winter["ships"]["CA"]["interpretation"]
('I', 'Own ship captured.')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from strategy.campaign.command import ChainOfCommand, admiral_choices, books_of, chain_of
from strategy.campaign.dice import Dice, RandomDice
from strategy.campaign.fleet import (
    CAPTAIN_RANKS,
    FLAG_SQUADRONS,
    SHIPS,
    SQUADRONS,
    Officer,
    default_officers,
    officers_from,
)
from strategy.campaign.investment import investment_returns
from strategy.campaign.mentions import mention_dice
from strategy.campaign.outcomes import (
    Contexts,
    Plan,
    company_plan,
    personal_outcome,
    roll_outcome,
    staff_plan,
)
from strategy.campaign.plan import SEASONS, plan_campaign, substitute
from strategy.campaign.promotions import Vacancies, midshipmen_purchased, resolve_promotions
from strategy.campaign.results import BattleResults, roll_battle_results
from strategy.campaign.tables import FLEETS, ORDERS, Deployment, interpretations, nelson_wound
from strategy.errors import InvalidMove, UnknownName

__all__ = ["apply_report", "deployment_from", "resolve_summer"]


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
            raise InvalidMove(f"unknown fleet {d.fleet!r}: one of {', '.join(FLEETS)}")
        if d.squadron not in (*SQUADRONS, None):
            raise InvalidMove(f"unknown squadron {d.squadron!r}")
        if d.ship not in SHIPS:
            raise UnknownName(f"no ship with code {d.ship!r}")
        if d.order not in ORDERS:
            raise InvalidMove(f"order must be one of B, I, F, C, not {d.order!r}")
        if d.ship in seen:
            raise InvalidMove(f"{SHIPS[d.ship].name} is deployed twice")
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
    the berths they hold once (:func:`strategy.campaign.command.books_of`).
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
    wound, the dice of his mentions; see :func:`apply_report`), ``investment`` and
    ``mentions`` (each living officer mentioned in despatches: his ``mids`` and a die each,
    his Status Points a month for three months: :mod:`strategy.campaign.mentions`).
    """
    choices = dict(choices or {})
    if dice is None:
        dice = RandomDice(random.Random(seed))
    season = choices.get("season", "summer")
    if season not in SEASONS:
        raise InvalidMove(f"season must be one of {', '.join(SEASONS)}, not {season!r}")
    report: dict[str, Any] = {"seed": seed, "season": season}
    deployment = _deploy(deployment, choices, season, dice, report)
    if officers is None:  # NPCs for this season only: not worth keeping
        books = books_of(default_officers(random.Random(seed)), keep=False)
    else:
        books = books_of(officers)
    cmd = chain_of(deployment, books, admiral_choices(choices.get("admirals") or ()))
    preset = _presets(cmd, choices)
    personal = _personal_choices(cmd, choices)
    battle = roll_battle_results(cmd, preset, season, bool(choices.get("victualling_board")), dice)
    result = battle.result
    ship_result = {code: result[captain.id] for code, captain in cmd.captain.items()}
    report["battle_results"] = battle.rolls
    report["ships"] = _ships(cmd, ship_result, preset)
    report["invasion"] = _invasion(cmd, result, ship_result)
    changes: dict[str, dict[str, Any]] = {}
    report["experience"] = _experience(battle, changes)
    courts, resign = _courts_martial(cmd, ship_result, result)
    contexts = Contexts()
    outcomes, plunder, notable = _personal_outcomes(
        cmd, ship_result, result, choices, dice, contexts
    )
    if personal:  # only a player's choice makes a poltroon
        courts += [
            {"officer": rec["officer"], "reason": "poltroonery"}
            for rec in outcomes
            if rec.get("poltroonery", {}).get("outcome") == "court-martial"
        ]
    declines = [oid for oid, c in personal.items() if c.get("decline_promotion")]
    vacancies = Vacancies(books.berths)
    promotions = resolve_promotions(notable, cmd.by_id, vacancies, declines)
    report["midshipmen_purchased"] = midshipmen_purchased(vacancies, cmd.crews)
    report["plunder_shares"] = _plunder_shares(cmd, plunder)
    report["contexts"] = contexts.records
    report["personal_outcomes"] = outcomes
    report["promotions"] = promotions
    report["courts_martial"] = courts
    report["resignations"] = resign
    _record_changes(notable, changes)
    _shames(outcomes, changes)
    report["changes"] = changes
    report["investment"] = _investment(cmd, result, ship_result, choices)
    # (rolled last, so every die before them falls as it did before mentions raised status)
    report["mentions"] = _mentions(outcomes, changes, dice)
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
            raise InvalidMove(
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
        raise InvalidMove("a player Captain of the Fleet substitutes one ship")
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


def _presets(cmd: ChainOfCommand, choices: Mapping[str, Any]) -> dict[str, int]:
    """The battle results already earned on the map, checked: deployed ships, 1..6."""
    preset = dict(choices.get("preset") or {})
    for code, value in preset.items():
        if code not in cmd.crews:
            raise InvalidMove(f"preset battle result for {code!r}, which is not deployed")
        if type(value) is not int or not 1 <= value <= 6:
            raise InvalidMove(f"preset battle result for {code} must be 1..6, not {value!r}")
    return preset


def _personal_choices(cmd: ChainOfCommand, choices: Mapping[str, Any]) -> Mapping[str, Any]:
    """The players' personal choices by officer id, checked: officers on the books."""
    personal = choices.get("officers") or {}
    for oid in personal:
        if oid not in cmd.by_id:
            raise UnknownName(f"choices for unknown officer {oid!r}")
    return personal


def _ships(
    cmd: ChainOfCommand, ship_result: Mapping[str, int], preset: Mapping[str, int]
) -> dict[str, dict[str, Any]]:
    """Per deployed ship, in deployment order: her result and what it means."""
    meaning = interpretations()
    ships = {}
    for code, order, template in _ship_records(cmd):
        rec = ships[code] = template.copy()
        br = rec["battle_result"] = ship_result[code]
        if preset:
            rec["preset"] = code in preset
        rec["interpretation"] = meaning[order][br]
    return ships


@lru_cache(maxsize=256)  # as many as the chains of command kept
def _ship_records(cmd: ChainOfCommand) -> tuple[tuple[str, str, MappingProxyType[str, Any]], ...]:
    """Per deployed ship: her code, order and record but for the season's result."""
    return tuple(
        (
            d.ship,
            d.order,
            MappingProxyType(
                {
                    "name": SHIPS[d.ship].name,
                    "fleet": d.fleet,
                    "squadron": d.squadron,
                    "order": d.order,
                    "captain": cmd.captain[d.ship].id,
                    "battle_result": 0,
                    "preset": False,
                    "interpretation": "",
                }
            ),
        )
        for d in cmd.deployment
    )


def _invasion(
    cmd: ChainOfCommand, result: Mapping[str, int], ship_result: Mapping[str, int]
) -> dict[str, Any]:
    """Britain is invaded when every admiral at sea and every ship with no squadron got
    a 6."""
    watch = [result[a.id] for a in cmd.admiral.values()]
    watch += [ship_result[d.ship] for d in cmd.deployment if d.squadron is None]
    return {"results": watch, "invaded": bool(watch) and all(r == 6 for r in watch)}


def _experience(battle: BattleResults, changes: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """+1 NA (at most 10) for everyone whose result beat his immediate superior's."""
    for rec in battle.experience:
        if rec["na_after"] != rec["na_before"]:
            changes.setdefault(rec["officer"], {})["na"] = rec["na_after"]
    return battle.experience


def _courts_martial(
    cmd: ChainOfCommand, ship_result: Mapping[str, int], result: Mapping[str, int]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Captains with a 6 and player admirals with 5-6 face a court-martial; NPC admirals
    with 5-6 resign."""
    courts, resign = [], []
    for code, br in ship_result.items():
        if br == 6:
            courts.append({"officer": cmd.captain[code].id, "reason": "captain's battle result 6"})
    for adm in cmd.admiral.values():
        br = result[adm.id]
        if br >= 5 and adm.player:
            courts.append({"officer": adm.id, "reason": f"admiral's battle result {br}"})
        elif br >= 5:
            resign.append({"officer": adm.id, "reason": f"NPC admiral's battle result {br}"})
    return courts, resign


def _shames(outcomes: Sequence[Mapping[str, Any]], changes: dict[str, dict[str, Any]]) -> None:
    """Each living poltroon found out: into ``changes`` as his ``shame``, the Status Points
    he loses a month ("twice as many SPs as the modification he took on his death roll
    every month hereafter", 001:1062); no die."""
    for rec in outcomes:
        lost = (rec.get("poltroonery") or {}).get("sp_lost_monthly")
        if lost and not rec["dead"]:
            changes.setdefault(rec["officer"], {})["shame"] = lost


def _mentions(
    outcomes: Sequence[Mapping[str, Any]], changes: dict[str, dict[str, Any]], dice: Dice
) -> list[dict[str, Any]]:
    """Each living officer mentioned in despatches rolls one die a mention: his Status
    Points a month for its first three months (001:1084, "Mention in Despatches"); into
    ``changes`` as his ``mentions`` (the dice), in the order of the records."""
    out = []
    for rec in outcomes:
        if rec["dead"] or not rec["mids"]:
            continue  # the dead are no public heroes
        rolled = mention_dice(rec["mids"], dice)
        change = changes.setdefault(rec["officer"], {})
        change["mentions"] = [*change.get("mentions", ()), *rolled]
        out.append({"officer": rec["officer"], "mids": rec["mids"], "dice": rolled})
    return out


#: per ship, the plunder of her whole company and of her captains and lieutenants
_Plunder = dict[str, tuple[int, int]]


def _personal_outcomes(
    cmd: ChainOfCommand,
    ship_result: Mapping[str, int],
    result: Mapping[str, int],
    choices: Mapping[str, Any],
    dice: Dice,
    contexts: Contexts,
) -> tuple[list[dict[str, Any]], _Plunder, list[dict[str, Any]]]:
    """Every officer at sea rolls: ships' companies in deployment order, then each admiral
    (on his flagship's result and modifiers) followed by his staff. Returns the records,
    the plunder per ship (see :func:`_plunder_shares`) and the records that change
    anything after the dice: the dead, the wounded (both have a Nelson Touch) and the
    promotion winners, in order."""
    personal = choices.get("officers") or {}
    long_voyage = set(choices.get("long_voyage") or ())
    outcomes: list[dict[str, Any]] = []
    notable: list[dict[str, Any]] = []
    plunder: _Plunder = {}
    for d in cmd.deployment:
        crew = cmd.crews[d.ship]
        br = ship_result[d.ship]
        outshone = tuple([result[lt] < br for lt in crew.lieutenants])
        plan = company_plan(crew, d.order, br, d.ship in long_voyage, outshone)
        plunder[d.ship] = _roll_all(plan, dice, personal, contexts, outcomes, notable)
    for flag in cmd.flag_of.values():
        start = len(outcomes)
        _roll_all(
            staff_plan(flag, ship_result[flag.flagship]),
            dice,
            personal,
            contexts,
            outcomes,
            notable,
        )
        for rec in outcomes[start:]:
            rec["flagship"] = flag.flagship
    return outcomes, plunder, notable


#: the ranks whose plunder their admiral at sea shares: captains and lieutenants
_SHARING = frozenset((*CAPTAIN_RANKS, "Lieutenant"))


def _roll_all(
    plan: Plan,
    dice: Dice,
    personal: Mapping[str, Any],
    contexts: Contexts,
    out: list[dict[str, Any]],
    notable: list[dict[str, Any]],
) -> tuple[int, int]:
    """The personal outcomes of a plan's officers onto ``out`` (a player's choice checked
    and rolled with it; each context listed when first rolled against), those that
    change anything after the dice onto ``notable``; the plunder won by them all and by
    their captains and lieutenants."""
    at: list[int | None] = [None] * len(plan.againsts)
    company = officers = 0
    for o, against, slot, blank in plan.rows:
        if personal and personal.get(o.id):
            rec = personal_outcome(o, against.context, dice, personal[o.id], contexts)
        else:
            i = at[slot]
            if i is None:
                i = at[slot] = contexts.index(against)
            rec = blank.copy()
            rec["context"] = i
            roll_outcome(o, against, dice, rec)
        out.append(rec)
        if rec["promotion_won"] or "nelson_touch" in rec:
            notable.append(rec)
        if rec["guineas"]:
            company += rec["guineas"]
            if o.rank in _SHARING:
                officers += rec["guineas"]
    return company, officers


def _investment(
    cmd: ChainOfCommand,
    result: Mapping[str, int],
    ship_result: Mapping[str, int],
    choices: Mapping[str, Any],
) -> dict[str, Any]:
    """Investment returns: by the ships sent and the commanders' average result (the
    admirals at sea and the captains answering to the First Sea Lord; else every ship)."""
    commanders = [result[a.id] for a in cmd.admiral.values()]
    commanders += [ship_result[d.ship] for d in cmd.deployment if cmd.superior[d.ship] is cmd.fsl]
    if not commanders:
        commanders = list(ship_result.values())
    average = sum(commanders) / len(commanders) if commanders else None
    returns = investment_returns(len(cmd.deployment), average, choices.get("investments") or ())
    returns["commanders"] = commanders
    return returns


def _plunder_shares(cmd: ChainOfCommand, plunder: _Plunder) -> list[dict[str, Any]]:
    """Admirals at sea take a quarter of their captains' and lieutenants' plunder; active
    admirals ashore an eighth of all the plunder of their squadron's ships.

    ``plunder``: per ship, the plunder of its whole company and of its captains and
    lieutenants (an officer's ship is the ship whose company he rolled with)."""
    at_sea, ashore = _sharers(cmd)
    shares = []
    for aid, codes in at_sea:
        total = sum([plunder[code][1] for code in codes])
        shares.append(
            {
                "admiral": aid,
                "at_sea": True,
                "fraction": "1/4",
                "plunder": total,
                "guineas": total // 4,
            }
        )
    for codes, aids in ashore:
        total = sum([plunder[code][0] for code in codes])
        for aid in aids:
            shares.append(
                {
                    "admiral": aid,
                    "at_sea": False,
                    "fraction": "1/8",
                    "plunder": total,
                    "guineas": total // 8,
                }
            )
    return shares


#: admirals at sea with the ships they command; per squadron its ships, admirals ashore
_Sharers = tuple[
    tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
]


@lru_cache(maxsize=256)  # as many as the chains of command kept
def _sharers(cmd: ChainOfCommand) -> _Sharers:
    """Who shares whose plunder: each admiral at sea with the ships he commands, and per
    squadron at sea its ships with its active admirals ashore."""
    at_sea = tuple((a.id, cmd.under.get(a.id, ())) for a in cmd.admiral.values())
    sailing = {a.id for a in cmd.admiral.values()}
    ships: dict[str, list[str]] = {}
    for d in cmd.deployment:
        if d.squadron in FLAG_SQUADRONS:
            ships.setdefault(d.squadron, []).append(d.ship)
    ashore = tuple(
        (tuple(codes), tuple(o.id for o in cmd.books.flags[sq] if o.id not in sailing))
        for sq, codes in ships.items()
    )
    return at_sea, ashore


def _record_changes(
    outcomes: Sequence[Mapping[str, Any]], changes: dict[str, dict[str, Any]]
) -> None:
    """Deaths, wounds, promotions and declines into ``changes``, in order of the records."""
    for rec in outcomes:
        if rec["dead"]:  # the dead have no wound and rolled no promotion
            changes.setdefault(rec["officer"], {})["dead"] = True
            continue
        touch = rec.get("nelson_touch")
        if touch is not None and touch["wounded"]:
            changes.setdefault(rec["officer"], {})["wound"] = touch["wound_die"]
        prom = rec.get("promotion_result")
        if prom is None:
            continue
        if prom["result"] == "promoted":
            change = changes.setdefault(rec["officer"], {})
            change["rank"] = prom["new_rank"]
            change["ship"] = prom["new_ship"]
            change["squadron"] = prom["new_squadron"]
            change["declined"] = 0
        elif "declined" in prom:
            changes.setdefault(rec["officer"], {})["declined"] = prom["declined"]


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
