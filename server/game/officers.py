"""The campaign's officers: the players' characters in their seats' berths, the NPCs of
every other berth, and what a summer makes of them.

An admiral's seat is the berth of his squadron's commander, a captain's the command of his
ship. A character is created with his seat (``officer`` in the seat's body), or first and
seated later, or given to a seat whose officer died. The NPCs are rolled from the
campaign's seed when the force is rolled, and kept; a player seated later takes the berth
of the NPC who held it, who goes ashore. No Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

from server.game import rules
from server.game.errors import ActionError, refusals
from server.game.state import (
    PLAYERS,
    OfficerRecord,
    SeatRecord,
    State,
    by_id,
    current_year,
    season_date,
    season_days,
)

__all__ = [
    "MINISTERS",
    "admiral_choices",
    "apply_flag_seats",
    "apply_healed",
    "apply_officers",
    "apply_study",
    "berth_of",
    "charges_with",
    "decide_study",
    "flag_seats",
    "follow_berths",
    "healing",
    "marine_ships",
    "mission_over",
    "months_turned",
    "new_officer",
    "officer_for_seat",
    "relief_captain",
    "roster_npcs",
    "seat_officer",
    "stays_on_blockade",
    "summer_officers",
    "summer_orders",
    "summer_changes",
    "service_choosers",
    "years_of_service",
]


def berth_of(officer: Mapping[str, Any]) -> str | None:
    """Where he serves: his ship's code, his squadron, or None ashore."""
    return officer.get("ship") or officer.get("squadron")


#: the ministers' seats and the post each one's character holds (Briny, Government
#: Appointments Table: both "Admiral And" a title; no ship and no squadron)
MINISTERS = {"prime-minister": "Prime Minister", "first-sea-lord": "First Sea Lord"}


def _berth_rank(seat: SeatRecord) -> tuple[str, tuple[str, ...]]:
    """A seat's berth: the rank its officer takes by default, and the ranks it admits."""
    if seat["role"] in MINISTERS:
        rank = rules.appointment_post(MINISTERS[seat["role"]])["ranks"][0]
        return rank, (rank,)
    if seat["role"] == "admiral":
        return "Rear Admiral", rules.ADMIRAL_RANKS
    if seat["role"] == "captain":
        return rules.captain_rank(seat["ship"] or ""), rules.CAPTAIN_RANKS
    if seat["role"] == "marine":  # "enrol in the RM as privates" (Briny 001:938)
        return rules.MARINE_ENROLMENT_RANK, (rules.MARINE_ENROLMENT_RANK,)
    raise ActionError("invalid", f"a {seat['role']}'s seat has no berth for an officer")


def _holder(state: State, seat: SeatRecord, rank: str) -> OfficerRecord | None:
    """The living officer who holds the seat's berth now (an NPC after the roll); a
    Marine's none: a Private is one of his detachment's men, no officer's berth."""
    for o in state["officers"].values():
        if o["dead"]:
            continue
        if seat["role"] in MINISTERS and o.get("appointment") == MINISTERS[seat["role"]]:
            return o
        if (
            seat["role"] == "captain"
            and o["ship"] == seat["ship"]
            and o["rank"] in rules.CAPTAIN_RANKS
        ):
            return o
        if seat["role"] == "admiral" and o["squadron"] == seat["squadron"] and o["rank"] == rank:
            return o
    return None


def _seated(officer: OfficerRecord, seat: SeatRecord) -> OfficerRecord:
    """``officer`` put in the seat's berth."""
    default, ranks = _berth_rank(seat)
    if officer["rank"] not in ranks:
        raise ActionError(
            "invalid",
            f"officer.rank: a {seat['role']}'s berth takes a {' or '.join(ranks)}, "
            f"not a {officer['rank']}",
        )
    return {
        **officer,
        "ship": seat["ship"] if seat["role"] in ("captain", "marine") else None,
        "squadron": seat["squadron"] if seat["role"] == "admiral" else None,
        "appointment": MINISTERS.get(seat["role"]),
        "serves": None,
        "player": seat["id"],
    }


def seat_officer(state: State, seat: SeatRecord) -> OfficerRecord | None:
    """The seat's living character, if it has one."""
    oid = seat.get("officer")
    officer = state["officers"].get(oid) if oid else None
    return officer if officer is not None and not officer["dead"] else None


#: what lifts a disgrace, by its cause (Briny 001:335, 001:359)
_UNTIL = {
    "debt": "he pays his debt (the GM clears it)",
    "duel": "he is Mentioned in Despatches",
}


def stays_on_blockade(
    officer: Mapping[str, Any] | None, ship: str | None = None, squadron: str | None = None
) -> None:
    """Refused (``conflict``) when a disgraced ``officer`` would leave the Blockade for
    ``ship`` (or ``squadron``): "he must join a Blockade ship and remain with it" (Briny
    001:335), "cannot return until being Mentioned In Dispatches" (001:359)."""
    disgrace = officer.get("disgrace") if officer is not None else None
    if officer is None or not disgrace:
        return
    if squadron == rules.BLOCKADE or (ship is not None and rules.blockade_ship(ship)):
        return
    raise ActionError(
        "conflict",
        f"{officer['name']} is disgraced ({disgrace['cause']}): he stays with the Blockade "
        f"till {_UNTIL[disgrace['cause']]}",
    )


def officer_for_seat(
    state: State, seat: SeatRecord, given: Any, oid: str, rng: random.Random
) -> dict[str, Any]:
    """The officer ``seat`` takes (``given``: an officer object, or the id of one created
    before and not seated), and the NPC he puts ashore: ``{"officer": record,
    "ashore": id | None}``. Raises :class:`ActionError`, nothing changed."""
    default, _ = _berth_rank(seat)
    if isinstance(given, str):
        officer = state["officers"].get(given)
        if officer is None:
            raise ActionError("not_found", f"no officer {given!r}")
        if officer["dead"]:
            raise ActionError("conflict", f"{officer['name']} is dead")
        if officer["player"] is not None:
            raise ActionError("conflict", f"{officer['name']} already has a seat")
    elif isinstance(given, dict):
        officer = new_officer(state, given, oid, default, rng)
    else:
        raise ActionError("invalid", "'officer' is an officer object or an officer's id")
    if seat["role"] == "marine":
        seat = {**seat, "ship": _enrolled(state, officer, rng)}
    seated = _seated(officer, seat)
    holder = _holder(state, seat, seated["rank"])
    if holder is not None and holder["player"] is not None and holder["id"] != seated["id"]:
        raise ActionError("conflict", f"that berth is {holder['name']}'s, {holder['player']}'s")
    ashore = holder["id"] if holder is not None and holder["id"] != seated["id"] else None
    return {"officer": seated, "ashore": ashore}


def marine_ships(state: State) -> list[str]:
    """The British ships a Marine may be assigned to, in the fleet's order: every ship of
    the fleet carries a detachment (Briny 001:932); those the war took (sunk, struck,
    taken, as the map's forces hold them) are afloat no more."""
    lost = {
        s["code"]
        for f in state["forces"].values()
        if f["side"] == "Britain"
        for s in f["ships"]
        if s["status"] in ("sunk", "struck", "taken")
    }
    return [code for code in rules.fleet_codes() if code not in lost]


def _enrolled(state: State, officer: OfficerRecord, rng: random.Random) -> str:
    """The ship a character enrolling in the Royal Marines is assigned to, drawn from
    ``rng`` among :func:`marine_ships` (Briny 001:940: "Marines will be randomly assigned
    to a ship"); refused (``conflict``), nothing drawn, if he does not meet 001:938's
    requirements (no die: "above average candidates")."""
    if officer["rank"] != rules.MARINE_ENROLMENT_RANK:
        raise ActionError(
            "invalid",
            f"officer.rank: a Marine enrols as a {rules.MARINE_ENROLMENT_RANK}, "
            f'not a {officer["rank"]} ("The only way to become an officer of the Marines '
            'is being promoted!")',
        )
    short = rules.marine_enrolment(officer)
    if short:
        raise ActionError(
            "conflict",
            f"{officer['name']} may not enrol in the Royal Marines: it needs " + "; ".join(short),
        )
    ships = marine_ships(state)
    if not ships:
        raise ActionError("conflict", "no British ship afloat to take a Marine")
    return rules.marine_ship(ships, rng)


def new_officer(
    state: State, fields: Mapping[str, Any], oid: str, rank: str, rng: random.Random
) -> OfficerRecord:
    """A character from an officer object, checked, the rest rolled; not yet seated."""
    with refusals(unknown="invalid"):  # an officer's unknown rank or trade: a field's value
        record = rules.new_officer(fields, oid, rank, current_year(state), rng)
    return {**record, "player": None}  # type: ignore[typeddict-item]


def apply_officers(state: State, data: Mapping[str, Any]) -> None:
    """An ``officer`` (and ``ashore``) of a seat's or officer's event into the state."""
    officer = data.get("officer")
    if officer is None:
        return
    state["officers"][officer["id"]] = officer
    ashore = data.get("ashore")
    if ashore:
        npc = state["officers"][ashore]
        npc["ship"] = npc["squadron"] = None
        if npc.get("appointment") and npc["appointment"] == officer.get("appointment"):
            npc["appointment"] = npc["serves"] = None  # a minister's post, now the seat's
    if officer["player"]:
        seat = state["seats"][officer["player"]]
        seat["officer"] = officer["id"]
        if seat["role"] == "marine":  # his seat's berth: the ship he was assigned to
            seat["ship"] = officer["ship"]


def follow_berths(state: State) -> None:
    """A seat follows its character into the berth a promotion gave him (a captain to his
    new ship, Briny's "he'll have to change his ship"; an admiral to his squadron; a
    Marine to the detachment of another ship, 001:942)."""
    for seat in state["seats"].values():
        officer = seat_officer(state, seat)
        if officer is None:
            continue
        if seat["role"] == "captain" and officer["ship"] and officer["rank"] in rules.CAPTAIN_RANKS:
            seat["ship"] = officer["ship"]
        elif seat["role"] == "marine" and officer["ship"]:  # "a suitable berth" (001:942)
            seat["ship"] = officer["ship"]
        elif seat["role"] == "admiral" and officer["squadron"]:
            seat["squadron"] = officer["squadron"]


def flag_seats(
    state: State, changed: Mapping[str, OfficerRecord], seed: int
) -> list[dict[str, Any]]:
    """The captains' seats whose characters the season (``changed``: :func:`summer_changes`)
    promoted to flag rank: a seat follows its character (docs/rules-notes.md "A seat
    follows a promotion to flag rank"). It becomes the admiral's seat of the squadron he
    hoists his flag in, unless another seat is that squadron's admiral's: then it goes
    ashore with him (his flag's berth left to the fleet's next roll) till the GM hands it a
    squadron (``reassign``). The ship he left gets an NPC captain (unless the season's
    promotions gave her one), rolled from a source of its own seeded by the season's
    ``seed`` (the season's other rolls draw as before). A disgraced man's flag is the
    Blockade's (docs/rules-notes.md "Disgrace"). Each ``{"player": the seat,
    "officer", "rank", "flag": the squadron of his promotion, "squadron": the seat's now
    (None: ashore), "was": the ship he left, "relief": her NPC captain's record or None}``."""
    rng = random.Random(f"relief/{seed}")
    roster = {**state["officers"], **changed}
    taken = {s["squadron"] for s in state["seats"].values() if s["role"] == "admiral"}
    out: list[dict[str, Any]] = []
    for seat in state["seats"].values():
        after = changed.get(seat.get("officer") or "")
        if seat["role"] != "captain" or after is None or after["dead"]:
            continue
        if after["rank"] not in rules.ADMIRAL_RANKS:
            continue
        # disgraced, he hoists his flag in the Blockade ("must join a Blockade ship until")
        flag = rules.BLOCKADE if after.get("disgrace") else after["squadron"]
        squadron = flag if flag is not None and flag not in taken else None
        taken.add(squadron)
        ship = seat["ship"]
        relief = relief_captain(roster, ship, current_year(state), rng) if ship else None
        if relief is not None:
            roster[relief["id"]] = relief
        out.append(
            {
                "player": seat["id"],
                "officer": after["id"],
                "rank": after["rank"],
                "flag": flag,
                "squadron": squadron,
                "was": ship,
                "relief": relief,
            }
        )
    return out


def relief_captain(
    roster: Mapping[str, OfficerRecord], ship: str, year: int, rng: random.Random
) -> OfficerRecord | None:
    """The NPC captain rolled from ``rng`` for ship ``ship`` when no living officer of
    ``roster`` captains her (a captain's rank aboard), with a fresh id; else None."""
    captained = any(
        o["ship"] == ship and not o["dead"] and o["rank"] in rules.CAPTAIN_RANKS
        for o in roster.values()
    )
    if captained:
        return None
    oid = _free_id(roster, f"{ship}-captain")
    return cast(OfficerRecord, {**rules.npc_captain(ship, oid, year, rng), "player": None})


def _free_id(roster: Mapping[str, Any], oid: str) -> str:
    """``oid``, or ``oid-2``, ``oid-3``...: the first no officer of ``roster`` has (an NPC
    ashore keeps his record)."""
    n = 1
    while (oid if n == 1 else f"{oid}-{n}") in roster:
        n += 1
    return oid if n == 1 else f"{oid}-{n}"


def apply_flag_seats(state: State, moved: Sequence[Mapping[str, Any]]) -> None:
    """Each seat of ``moved`` (:func:`flag_seats`) an admiral's, of his squadron or ashore
    with him, and each ship he left with her NPC captain. Records are replaced, not changed
    (an advance's copy of the state shares the roster's records)."""
    roster = state["officers"]
    for rec in moved:
        seat = state["seats"][rec["player"]]
        seat["role"], seat["ship"], seat["squadron"] = "admiral", None, rec["squadron"]
        roster[rec["officer"]] = {**roster[rec["officer"]], "squadron": rec["squadron"]}
        if rec["relief"] is not None:
            roster[rec["relief"]["id"]] = copy.deepcopy(rec["relief"])


def roster_npcs(state: State, rng: random.Random) -> list[OfficerRecord]:
    """The NPCs of every berth of the fleet the players' characters leave empty (and of
    the staff posts they hold: a player First Sea Lord leaves the NPC's unmade)."""
    players = [
        o
        for o in state["officers"].values()
        if not o["dead"] and (berth_of(o) or (o["player"] and o.get("appointment")))
    ]
    npcs = rules.npc_officers(players, current_year(state), rng)
    return [{**o, "player": None} for o in npcs]  # type: ignore[typeddict-item]


def summer_officers(state: State) -> list[Any]:
    """Everyone on the books for the summer: the living officers with a berth or an
    appointment (those ashore sit it out)."""
    return [
        rules.campaign_officer(o, o["player"] is not None)
        for o in state["officers"].values()
        if _on_the_books(o)
    ]


def _on_the_books(officer: OfficerRecord) -> bool:
    """Whether he is on the summer's books: living, with a berth or an appointment."""
    return not officer["dead"] and bool(berth_of(officer) or officer.get("appointment"))


def summer_orders(state: State) -> dict[str, dict[str, Any]]:
    """The players' conditional orders for their characters on the books this summer
    (:func:`summer_officers`), as :func:`strategy.campaign.resolve_summer` takes them."""
    return {
        o["id"]: dict(o["orders"])
        for o in state["officers"].values()
        if o.get("orders") and o["player"] is not None and _on_the_books(o)
    }


def admiral_choices(
    state: State, deployment: Sequence[Mapping[str, Any]]
) -> list[dict[str, str | None]]:
    """A seated admiral commands his squadron's first group at sea in ``deployment``."""
    choices: list[dict[str, str | None]] = []
    for seat in state["seats"].values():
        officer = seat_officer(state, seat) if seat["role"] == "admiral" else None
        if officer is None or not seat["squadron"]:  # (ashore with him: no squadron to lead)
            continue
        group = next((d for d in deployment if d["squadron"] == seat["squadron"]), None)
        if group is not None:
            choices.append(
                {"fleet": group["fleet"], "squadron": group["squadron"], "admiral": officer["id"]}
            )
    return choices


def summer_changes(state: State, report: Mapping[str, Any]) -> dict[str, OfficerRecord]:
    """Every officer the season changed, as he is after it (the report's changes, his
    prize money and one more summer for each who sailed)."""
    guineas: dict[str, int] = {}
    for rec in report["personal_outcomes"]:
        guineas[rec["officer"]] = guineas.get(rec["officer"], 0) + rec.get("guineas", 0)
    for share in report["plunder_shares"]:
        guineas[share["admiral"]] = guineas.get(share["admiral"], 0) + share["guineas"]
    year = current_year(state)
    out: dict[str, OfficerRecord] = {}
    for rec in report["personal_outcomes"]:
        oid = rec["officer"]
        officer = state["officers"].get(oid)
        if officer is None or oid in out:
            continue
        change = report["changes"].get(oid, {})
        after = rules.officer_after(officer, change, guineas.get(oid, 0), year, report["season"])
        out[oid] = {**after, "player": officer["player"]}  # type: ignore[typeddict-item]
        if officer.get("courts_martial"):  # the courts not sat yet still wait for him
            out[oid]["courts_martial"] = copy.deepcopy(officer["courts_martial"])
        # a disgrace stays on his record, but a duel's lifted by a mention (Briny 001:359:
        # "cannot return until being Mentioned In Dispatches")
        disgrace = officer.get("disgrace")
        if disgrace and not (disgrace["cause"] == "duel" and rec.get("mids")):
            out[oid]["disgrace"] = disgrace
    # "NPC Admirals with a BR of 5 or 6 will always resign" (Briny 001:1101), back in London
    # ("If the NPC is at sea he will not resign until back in London", 001:512): he strikes
    # his flag and goes ashore, and the fleet's next roll fills it
    for rec in report.get("resignations", ()):
        oid = rec["officer"]
        npc = out.get(oid) or state["officers"].get(oid)
        if npc is not None and not npc["player"] and not npc["dead"]:
            out[oid] = {**npc, "ship": None, "squadron": None, "appointment": None, "serves": None}
    # a player's character faces the court when he returns (Briny 001:1101, 001:1063), after
    # any he faces already (an embezzler's): the GM sits each (court_martial); an NPC's is
    # only reported
    reasons: dict[str, list[str]] = {}
    for court in report.get("courts_martial", ()):
        reasons.setdefault(court["officer"], []).append(court["reason"])
    for oid, why in reasons.items():
        after_ = out.get(oid)
        if after_ is not None and after_["player"] and not after_["dead"]:
            season = f"{year} {report['season']}"
            after_["courts_martial"] = charges_with(after_, "; ".join(why), season)
    return out


def charges_with(officer: Mapping[str, Any], reason: str, season: str) -> list[dict[str, Any]]:
    """The courts-martial ``officer`` faces with one more for ``reason`` in ``season``, after
    those he faces already (each its own court, sat in the order they were made); the same
    charge of the same season is not made twice."""
    charges = [dict(c) for c in officer.get("courts_martial", ())]
    charge = {"reason": reason, "season": season}
    return charges if charge in charges else [*charges, charge]


def service_choosers(state: State, changed: Mapping[str, OfficerRecord]) -> set[str]:
    """The officers of ``changed`` whose year of service is their player's to choose: those
    of a seated player (a vacant seat is nobody's: the dice choose for it, as for an NPC)."""
    out = set()
    for oid, officer in changed.items():
        seat = state["seats"].get(officer.get("player") or "")
        if seat is not None and seat["role"] in PLAYERS and not seat.get("vacant"):
            out.add(oid)
    return out


def years_of_service(
    changed: Mapping[str, OfficerRecord], seed: int, choosers: Collection[str] = ()
) -> tuple[dict[str, OfficerRecord], dict[str, dict[str, Any]]]:
    """The summer's year of service (seed 000, Appendix II "Years of Service":
    :mod:`strategy.characters.service`) for each officer who sailed it and lives, in the
    order of ``changed`` (:func:`summer_changes`): each as it leaves him, and ``{officer
    id: the year's card, row and gain}``. Each officer's deck is seeded from a source of
    its own, seeded by the summer's ``seed``, so the summer's other rolls draw as before.

    The officers of ``choosers`` (the seated players') have their card turned, and the
    choice is theirs (:mod:`server.game.service`): their record is ``{"card", "offer":
    what they may choose, "dice": the year as the dice would choose it}`` and their sheet
    is left as it was until they choose (or the dice do, when the autumn's turn moves on)."""
    rng = random.Random(f"service/{seed}")
    after: dict[str, OfficerRecord] = dict(changed)
    services: dict[str, dict[str, Any]] = {}
    for oid, officer in changed.items():
        if officer["dead"]:
            continue
        # (every officer draws his deck's seed, a chooser too: the others' cards as before)
        record, service = rules.officer_served(officer, rng.getrandbits(64))
        if oid in choosers:
            offered = rules.service_offer(officer, service["card"])
            services[oid] = {"card": service["card"], "offer": offered, "dice": service}
            continue
        services[oid] = service
        after[oid] = record  # type: ignore[assignment]
    return after, services


def months_turned(state: State, start: int, end: int) -> int:
    """How many turns of the month (Briny: "Each turn is a month of game time") lie between
    the current season's days ``start`` and ``end``: the months begun after ``start``."""
    a, b = season_date(state, start), season_date(state, end)
    return (b.year * 12 + b.month) - (a.year * 12 + a.month)


def healing(state: State, months: int, rng: random.Random) -> dict[str, Any]:
    """The wounded officers of the roster after ``months`` turns of the month (seed 000,
    "Healing", read month by month: :mod:`strategy.characters.health`): ``{officer id:
    {"state": his Health after, "months": what each month did}}``, for those it changed or
    tested (none: nothing drawn). The living wounded, in the roster's order, each drawing
    his deck's seed from ``rng`` (an officer still in a fight heals when it is over)."""
    out: dict[str, Any] = {}
    if months <= 0:
        return out
    fighting = {
        o["id"]
        for e in by_id(state["engagements"])
        if not e["over"]
        for ship in e["sides"]["a"]
        for o in ship.get("officers") or []
    }
    for officer in by_id(state["officers"]):
        if officer["dead"] or officer["sheet"].get("state", "Healthy") in ("Healthy", "Dead"):
            continue
        if officer["id"] in fighting:
            continue
        after, done = rules.officer_healed(officer, months, rng.getrandbits(64))
        out[officer["id"]] = {"state": after["sheet"]["state"], "months": done}
    return out


def apply_healed(state: State, healed: Mapping[str, Any]) -> None:
    """Each officer of ``healed`` (:func:`healing`) at his Health after it. His record is
    replaced, not changed (an advance's copy of the state shares the roster's records)."""
    roster = state["officers"]
    for oid, got in healed.items():
        officer = roster[oid]
        sheet = {**officer["sheet"], "state": got["state"]}
        roster[oid] = {**officer, "sheet": sheet}


def mission_over(state: State) -> None:
    """The season's sailing over, the Naval Mission with it: every officer's Measures
    whole again (seed 000, "Overcoming Great Hardship": "At the end of a Naval Mission,
    all Measures return to their full value"), his once-a-Naval-Mission traits (Jack
    Tar's repeat) his again, his prize money's shares off his sheet ("a passing increase
    in liquidity that is spent quickly": their guineas went into his funds when he took
    them, and stay there)."""
    roster = state["officers"]
    mission = ("spent", "used", "prize_money")
    for oid, officer in list(roster.items()):
        if any(k in officer for k in mission):
            kept = {k: v for k, v in officer.items() if k not in mission}
            roster[oid] = cast(OfficerRecord, kept)


# -- the Royal Naval Academy (Briny, NAVAL ABILITY) ----------------------------------------


def decide_study(state: State, seat: SeatRecord, weeks: int) -> dict[str, Any]:
    """``study``'s data: ``weeks`` at the Royal Naval Academy for the seat's own living
    character, ashore this season (his ship not on a cruise of it), within the season's
    weeks not studied yet, short of NA 5 and with the fee in his funds (Briny 001:541: "a
    weekly action that costs 50 Guineas and will raise NA by 0.25 per week of study").
    Refused, nothing changed, otherwise."""
    officer = seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to send to the Academy")
    name, phase = officer["name"], state["phase"]
    cruises = state.get("cruises", {}).values()
    if any(officer["ship"] in c["ships"] and phase in c["seasons"] for c in cruises):
        raise ActionError("conflict", f"{name}'s ship is on a cruise this {phase}: he is at sea")
    season = f"{current_year(state)} {phase}"
    done = officer.get("academy", {})
    studied = done.get("weeks", 0) if done.get("season") == season else 0
    free = season_days(state) // 7 - studied
    if weeks > free:
        raise ActionError(
            "conflict", f"'weeks': {name} has {free} week(s) of this {phase} left to study"
        )
    quarters = done.get("quarters", 0)
    left = rules.ACADEMY.weeks_to_most(officer["na"], quarters)
    if weeks > left:
        most = rules.ACADEMY.MOST_NA
        raise ActionError(
            "conflict",
            f"'weeks': the Academy raises Naval Ability to {most} at most: "
            + (f"{left} week(s) take {name} there" if left else f"{name}'s is {officer['na']}"),
        )
    studied_now = rules.ACADEMY.study(officer["na"], quarters, weeks)
    if studied_now["guineas"] > officer["funds"]:
        raise ActionError(
            "conflict",
            f"'weeks': {weeks} week(s) cost {studied_now['guineas']} guineas; "
            f"{name} has {officer['funds']}",
        )
    return {
        "officer": officer["id"],
        "weeks": weeks,
        "guineas": studied_now["guineas"],
        "funds": officer["funds"] - studied_now["guineas"],
        "na": studied_now["na"],
        "academy": {
            "season": season,
            "weeks": studied + weeks,
            "quarters": studied_now["quarters"],
        },
    }


def apply_study(state: State, data: Any) -> None:
    """His weeks at the Academy: the fee from his funds, his NA and the quarters studied
    towards the next level, the weeks of this season studied."""
    officer = state["officers"][data["officer"]]
    officer["funds"] = data["funds"]
    officer["na"] = data["na"]
    officer["academy"] = dict(data["academy"])
