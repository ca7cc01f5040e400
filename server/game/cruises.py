"""Volunteers and their cruises outside the summer (Briny, VOLUNTEERS).

In autumn, winter and spring a captain volunteers his ship, or an admiral all or part of
his squadron, for the season or (committed up front) for two: autumn and winter, or winter
and spring. A ship sails on independent action, an admiral's ships on Blockade Duty. The GM
plans her missions on the voyage planner (three to six places, BtQ's voyages) and she sails
them on the map, meeting sails (Sail Ho!) each day at sea as on independent action in the
summer; when the season ends the volunteers' outcomes are rolled as the summer's are, with
the season's modifiers and, for a two-season voyage, +1 to death and -1 to MiD.
"""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Mapping
from typing import Any, cast

from server.game import authority, engagements, events, notices, payloads, rules, season
from server.game.authority import OFF, OTHER, OWN
from server.game.errors import ActionError
from server.game.spec import Grant, Spec, View
from server.game.state import (
    Cruise,
    Force,
    Seat,
    State,
    by_id,
    month_of,
    season_date,
)

__all__ = [
    "LONG_VOYAGES",
    "PLAN_CRUISE",
    "VOLUNTEER",
    "apply_plan",
    "apply_volunteer",
    "at_sea",
    "cruise_seats",
    "decide_plan",
    "decide_volunteer",
    "last_day_to_volunteer",
    "season_outcomes",
]

#: a voyage of two seasons: "either Fall/Winter or Winter/Spring"
LONG_VOYAGES = {"autumn": "winter", "winter": "spring"}
#: how many missions the GM plans for a cruise (BtQ's voyages: three to six)
FLEET = "Channel Fleet"  # the volunteers sail from the Channel Fleet's ports


def last_day_to_volunteer(state: State) -> int:
    """The last day of the season a ship may still volunteer: the seventh of its last month
    ("All volunteers will remain on their voyage for at least one month ... the first week
    in May is the latest a player could volunteer for the Spring campaign")."""
    first = season_date(state, 0)
    month = first.month + 2
    last = dt.date(first.year + (month > 12), (month - 1) % 12 + 1, 7)
    return (last - first).days


def at_sea(state: State) -> list[Cruise]:
    """The cruises of the current season: every cruise the state holds (each volunteered
    this season or going on into it; those that end leave with their season)."""
    return by_id(state.get("cruises", {}))


def _busy(state: State) -> dict[str, str]:
    """Ship code -> the cruise she is already deployed on."""
    return {code: c["id"] for c in state.get("cruises", {}).values() for code in c["ships"]}


def decide_volunteer(
    state: State, seat: Seat, p: payloads.Volunteer, rng: random.Random
) -> dict[str, Any]:
    """``volunteer``'s data: the cruise and its force, or (an NPC captain asked by the GM)
    his refusal and the die that made it."""
    ships, squadron = _volunteered(seat, p)  # (what it is aimed at first, then the rules)
    phase = state["phase"]
    if state["day"] > last_day_to_volunteer(state):
        raise ActionError(
            "wrong_phase",
            f"too late to volunteer for the {phase}: a volunteer stays at sea a month at least",
        )
    seasons: list[str] = [phase]
    if p.seasons == 2:
        if phase not in LONG_VOYAGES:
            raise ActionError(
                "invalid", "'seasons': two seasons are autumn and winter, or winter and spring"
            )
        seasons.append(LONG_VOYAGES[phase])
    busy = _busy(state)
    for code in ships:
        if code in busy:
            name = rules.briny_ship(code)["name"]
            raise ActionError("conflict", f"{name} is already deployed (cruise {busy[code]})")
    if seat["role"] == "gm" and squadron is None:
        declined = _npc_declines(state, ships[0], rng)
        if declined is not None:
            return {"declined": declined}
    cid = f"c{state.get('cruised', 0) + 1}"
    order = "B" if squadron else "I"
    port = rules.home_port(FLEET, order == "B")
    cruise: Cruise = {
        "id": cid,
        "seat": seat["id"],
        "ships": ships,
        "squadron": squadron,
        "order": order,
        "seasons": seasons,
        "port": port,
        "force": f"cruise-{cid}",
        "missions": [],
        "day": state["day"],
    }
    return {"cruise": cruise, "force": _force(cruise)}


def _volunteered(seat: Seat, p: Any) -> tuple[list[str], str | None]:
    """The ships ``seat`` volunteers and the squadron they are given from (None: a ship on
    her own), when they are his to volunteer: a captain his ship, an admiral his
    squadron's, the GM any."""
    if p.squadron is not None:
        squadron = p.squadron.title()
        own = seat["role"] == "admiral" and seat.get("squadron") == squadron
        authority.require_command(
            VOLUNTEER, seat["role"], OWN if own else OTHER, _not_yours(seat, squadron)
        )
        fleet = rules.squadron_ships(squadron)
        if squadron not in rules.FLAG_SQUADRONS or not fleet:
            raise ActionError("not_found", f"'squadron': no flag squadron {p.squadron!r}")
        ships = [c.upper() for c in p.ships] if p.ships else fleet
        stray = [c for c in ships if c not in fleet]
        if stray:
            raise ActionError("invalid", f"'ships': {stray[0]} is not of the {squadron} squadron")
        return list(dict.fromkeys(ships)), squadron
    code = p.ship.upper()
    rules.briny_ship(code)  # no such ship in the fleet: not_found
    if seat["role"] == "admiral" and code in rules.squadron_ships(seat.get("squadron") or ""):
        return [code], seat["squadron"]  # a ship of his squadron: on Blockade Duty
    own = seat["role"] == "captain" and seat.get("ship") == code
    authority.require_command(VOLUNTEER, seat["role"], OWN if own else OTHER, _not_yours(seat))
    return [code], None


def _not_yours(seat: Seat, squadron: str | None = None) -> str:
    if seat["role"] == "admiral":
        return f"you command the {seat.get('squadron')} squadron, not the {squadron}"
    if seat["role"] == "captain":
        return f"you command {seat.get('ship')}: volunteer her"
    return f"a {seat['role']} commands no ship"


def _npc_declines(state: State, code: str, rng: random.Random) -> dict[str, Any] | None:
    """An NPC captain asked to volunteer answers on the die: "NPC Captains will volunteer
    on a roll of 7 on 1 D6 (influence must be used) if characters are on board ... on a 6
    on 1 D6" without. None when he volunteers, or when a player captains her."""
    aboard = [o for o in state["officers"].values() if o["ship"] == code and not o["dead"]]
    if any(o["player"] and o["rank"] in rules.CAPTAIN_RANKS for o in aboard):
        return None  # a player's captain: the GM sends her for him
    characters = any(o["player"] for o in aboard)
    die = rng.randint(1, 6)
    if rules.npc_captain_volunteers(die, characters):
        return None
    return {"ship": code, "die": die, "needed": 7 if characters else 6}


def _force(cruise: Cruise) -> Force:
    """The cruise's ships as a force in her home port."""
    lon, lat = rules.anchorage(cruise["port"])
    ships = [
        {**rules.briny_ship(code), "code": code, "order": cruise["order"], "status": "afloat"}
        for code in cruise["ships"]
    ]
    squadron = cruise["squadron"]
    return cast(
        Force,
        {
            "id": cruise["force"],
            "side": "Britain",
            "name": f"{squadron} Squadron volunteers" if squadron else ships[0]["name"],
            "squadron": squadron,
            "fleet": FLEET,
            "ships": ships,
            "lon": lon,
            "lat": lat,
            "port": cruise["port"],
            "orders": None,
            "route": None,
            "afloat": True,
            "cruise": cruise["id"],
        },
    )


def apply_volunteer(state: State, data: events.Volunteer) -> None:
    if "declined" in data:
        return  # the NPC captain stays in harbour: the log keeps his answer
    cruise = data["cruise"]
    state.setdefault("cruises", {})[cruise["id"]] = cruise
    state["cruised"] = state.get("cruised", 0) + 1
    state["forces"][cruise["force"]] = data["force"]


def decide_plan(
    state: State, seat: Seat, p: payloads.PlanCruise, rng: random.Random
) -> dict[str, Any]:
    """``plan_cruise``'s data: the GM's missions for a cruise, routed from where she is
    through each place and home again (the voyage planner's routing, the season's month)."""
    cruise = state.get("cruises", {}).get(p.cruise)
    if cruise is None:
        known = ", ".join(state.get("cruises", {})) or "none"
        raise ActionError("not_found", f"'cruise': no cruise {p.cruise!r}; cruises: {known}")
    force = state["forces"][cruise["force"]]
    if not force["afloat"]:
        raise ActionError("conflict", f"cruise {p.cruise} has no ship afloat")
    if force["id"] in engagements.engaged(state):
        raise ActionError("conflict", f"cruise {p.cruise} is fighting: plan her after the fight")
    here = force["port"] or f"{force['lon']},{force['lat']}"
    ship = rules.deepest_type([s["type"] for s in force["ships"] if s["status"] == "afloat"])
    passage = rules.cruise_route([here, *p.missions, cruise["port"]], ship, month_of(state), p.stay)
    route = {**passage, "to": cruise["port"], "start_day": state["day"]}
    return {
        "cruise": cruise["id"],
        "force": force["id"],
        "missions": list(p.missions),
        "route": route,
    }


def apply_plan(state: State, data: events.PlanCruise) -> None:
    state["cruises"][data["cruise"]]["missions"] = data["missions"]
    force = state["forces"][data["force"]]
    force["route"] = data["route"]
    force["orders"] = {"kind": "cruise", "target": data["route"]["to"]}


def cruise_seats(state: State, cruise: Mapping[str, Any]) -> set[str]:
    """The seats a cruise is theirs: who volunteered her, her ships' captains and the
    admiral of the squadron she was given from."""
    seats = {cruise["seat"]}
    for s in state["seats"].values():
        if (s["role"] == "captain" and s.get("ship") in cruise["ships"]) or (
            s["role"] == "admiral"
            and cruise["squadron"]
            and s.get("squadron") == cruise["squadron"]
        ):
            seats.add(s["id"])
    return seats


def season_outcomes(state: State, rng: random.Random) -> dict[str, Any] | None:
    """The season's end for its volunteers (``next_season``'s ``volunteers``): their
    outcomes rolled as the summer's (:func:`server.game.season.resolve_season`) with the
    season's modifiers, the battle results they earned on the map preset, and the two-season
    voyages' modifiers; None when no ship sailed this season."""
    sailing = at_sea(state)
    if not sailing:
        return None
    phase = state["phase"]
    deployment = [
        rec
        for cruise in sailing
        for rec in rules.volunteer_deployment(cruise["ships"], cruise["squadron"], phase)
    ]
    long = [code for c in sailing if len(c["seasons"]) == 2 for code in c["ships"]]
    extra: dict[str, Any] = {"season": phase}
    if long:
        extra["long_voyage"] = long
    codes = {d["ship"] for d in deployment}
    results = {code: r for code, r in state["results"].items() if code in codes}
    return season.resolve_season(state, rng, deployment, results, extra)


VOLUNTEER = Spec(
    "volunteer",
    payloads.Volunteer,
    # outside the summer a captain volunteers his ship, an admiral his squadron's (Briny,
    # VOLUNTEERS); the GM any
    {
        "admiral": Grant(OFF, (OWN,)),
        "captain": Grant(OFF, (OWN,)),
        "gm": Grant(OFF, (OTHER,)),
    },
    decide_volunteer,
    apply_volunteer,
    events.Volunteer,
    View(
        "forces",
        lambda data, after: {
            k: copy.deepcopy(data[k]) for k in ("cruise", "declined") if k in data
        },
    ),
    # own: a ship on a cruise takes no applicant (server.game.ship_tables choices)
    touches=("forces", "fleet", "own"),
    notice=notices.volunteered,
    aims=("squadron", "ship"),
)
PLAN_CRUISE = Spec(
    "plan_cruise",
    payloads.PlanCruise,
    {"gm": Grant(OFF)},  # the GM plans a cruise's missions
    decide_plan,
    apply_plan,
    events.PlanCruise,
    View(
        "forces",
        lambda data, after: {k: copy.deepcopy(data[k]) for k in ("cruise", "missions")},
    ),
    touches=("forces", "fleet"),
    notice=notices.cruise_planned,
)
