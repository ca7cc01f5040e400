"""The campaign as a state machine: actions are checked and decided here, then applied.

Every accepted action becomes one event (:mod:`server.game.events`) whose data holds the
action's arguments and every consequence with its random draws, so :func:`apply_event`
rebuilds the state from the log without any dice, and :func:`decide` replayed with the
same seed gives the same data. A refusal comes in the order a seat meets it: the action's
type, who may send it and when (:mod:`server.game.authority`), its payload
(:mod:`server.game.payloads`), then what it is aimed at and the rules. No Flask, no
sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from server.game import (
    appointments,
    authority,
    calendar,
    clock,
    cruises,
    engagements,
    events,
    money,
    notices,
    officers,
    payloads,
    rules,
    season,
    service,
    ship_tables,
    substitutions,
    views,
)
from server.game import forces as fx
from server.game.authority import (
    ANY,
    AT_SEA,
    OTHER,
    OWN,
    PLAYERS,
    PLAYING,
    READS,
    SUMMER,
    Granted,
)
from server.game.authority import INVEST as INVEST_PHASES
from server.game.errors import ActionError, refusals
from server.game.seating import decide_revoke
from server.game.spec import Grant, Spec, View
from server.game.state import (
    OFF_SEASONS,
    SEASON_DAYS,
    Clock,
    Force,
    Seat,
    SeatRecord,
    ShownVoyage,
    State,
    by_id,
    month_of,
    new_turn,
    season_days,
)

__all__ = [
    "ACT_AS",
    "ADVANCE",
    "APPLY_APPOINTMENT",
    "APPLY_SHIP",
    "BUY_RANK",
    "DRAW_PAY",
    "SUBSTITUTE",
    "CAMPAIGN_CREATED",
    "DEPLOY",
    "INVEST",
    "LIQUIDATE",
    "STUDY",
    "MOVE_ENEMY",
    "NOTE",
    "OFFICER_CREATED",
    "PAUSE",
    "READY",
    "RESOLVE_SUMMER",
    "RESUME",
    "ROLL_FORCE",
    "SAIL",
    "SAY",
    "SEAT_CREATED",
    "SEAT_REISSUED",
    "SET_CLOCK",
    "SET_DEADLINE",
    "SET_DEPLOYMENT",
    "SET_SHIPS",
    "SHOW_VOYAGE",
    "decide_officer",
    "decide_reissue",
    "decide_revoke",
    "decide_seat",
    "decide_tick",
    "require_log_reader",
    "require_seat_reader",
]

Data = dict[str, Any]  # an event's data as a decide function returns it (without its args)
UNIQUE_ROLES = ("prime-minister", "first-sea-lord")
READ_SEATS, READ_LOG, ACT_AS = READS


# -- the cabinet ---------------------------------------------------------------------------


def _decide_digit(
    state: State, seat: Seat, p: payloads.SetShips | payloads.SetDeployment, rng: random.Random
) -> Data:
    return {"digit": p.digit}


def _apply_set_ships(state: State, data: events.SetShips) -> None:
    state["cabinet"]["ships_digit"] = data["digit"]


def _apply_set_deployment(state: State, data: events.SetDeployment) -> None:
    state["cabinet"]["deployment_digit"] = data["digit"]


def _decide_roll_force(
    state: State, seat: Seat, p: payloads.RollForce | None, rng: random.Random
) -> Data:
    cab = state["cabinet"]
    ships = cab["ships_digit"]
    deploy = cab["deployment_digit"]
    rolled = {}
    moves = [i["ships"] for i in cab.get("influence", ())]
    influenced: Data | None = None
    if ships is None:  # an NPC Prime Minister rolls a die (Briny, Campaign Determination)
        ships = rolled["ships_digit"] = rng.randint(1, 6)
        if moves:  # the favours brought to bear on him move his number (Briny 001:1306)
            influenced = {"moves": moves, **rules.influenced_commitment(ships, moves, rng)}
            ships = influenced["column"]
    elif moves:  # seated after the influences: a player decides for himself (001:478)
        influenced = {"moves": moves, "void": True}
    if deploy is None:
        deploy = rolled["deployment_digit"] = rng.randint(1, 6)
    roll = ships * 10 + deploy
    deployment = fx.deployment_for(roll)
    data: Data = {
        "ships_digit": ships,
        "deployment_digit": deploy,
        "rolled": rolled,
        "roll": roll,
        "deployment": deployment,
        "forces": fx.initial_forces(deployment, rng),
        "officers": officers.roster_npcs(state, rng),
    }
    if influenced is not None:
        data["influence"] = influenced
    return data


def _apply_roll_force(state: State, data: events.RollForce) -> None:
    cabinet = state["cabinet"]
    cabinet["ships_digit"] = data["ships_digit"]
    cabinet["deployment_digit"] = data["deployment_digit"]
    cabinet["roll"] = data["roll"]
    state["deployment"] = data["deployment"]
    state["forces"] = {f["id"]: f for f in data["forces"]}
    for npc in data.get("officers", ()):
        state["officers"][npc["id"]] = npc
    state["phase"] = "summer"
    new_turn(state)


# -- the table: readiness, the clock, notes ---------------------------------------------


def _decide_ready(state: State, seat: Seat, p: payloads.Ready, rng: random.Random) -> Data:
    return {"seat": seat["id"], "ready": p.ready}


def _apply_ready(state: State, data: events.Ready) -> None:
    state["seats"][data["seat"]]["ready"] = data["ready"]


def _decide_pause(state: State, seat: Seat, p: payloads.Pause, rng: random.Random) -> Data:
    if state["paused"]:
        raise ActionError("conflict", "the campaign is already paused")
    return {}


def _decide_resume(state: State, seat: Seat, p: payloads.Resume, rng: random.Random) -> Data:
    if not state["paused"]:
        raise ActionError("conflict", "the campaign is not paused")
    return {}


def _decide_set_deadline(
    state: State, seat: Seat, p: payloads.SetDeadline, rng: random.Random
) -> Data:
    return {"deadline": p.deadline}


def _decide_set_clock(state: State, seat: Seat, p: payloads.SetClock, rng: random.Random) -> Data:
    kept = "round_seconds" not in p.model_fields_set
    rounds = state["clock"]["round_seconds"] if kept else p.round_seconds
    set_to: Clock = {
        "turn_days": p.turn_days,
        "turn_seconds": p.turn_seconds,
        "round_seconds": rounds,
    }
    return {"clock": set_to}


def _apply_set_clock(state: State, data: events.SetClock) -> None:
    state["clock"] = data["clock"]


def _decide_note(state: State, seat: Seat, p: payloads.Note, rng: random.Random) -> Data:
    return {"text": p.text, "day": state["day"]}


def _set(key: str, value: Any) -> Callable[[State, Any], None]:
    def apply(state: State, data: Any) -> None:
        state[key] = data.get(key, value) if value is None else value  # type: ignore[literal-required]

    return apply


def _apply_note(state: State, data: events.Note) -> None:
    state["notes"].append(data)


def _decide_say(state: State, seat: Seat, p: payloads.Say, rng: random.Random) -> Data:
    """A message to ``all``, to ``gm`` or to a seat of this campaign (not the sender's own,
    nor an observer's: an observer reads public messages only)."""
    to = p.to
    if to not in ("all", "gm"):
        target = state["seats"].get(to)
        if target is None:
            raise ActionError("not_found", f"'to': no seat {to!r} in this campaign")
        if target["role"] == "gm":
            to = "gm"
        elif target["role"] == "observer":
            raise ActionError("invalid", "'to': an observer reads public messages only")
    if to == seat["id"] or (to == "gm" and seat["role"] == "gm"):
        raise ActionError("invalid", "'to': a message to your own seat")
    return {"seat": seat["id"], "to": to, "text": p.text, "day": state["day"]}


def _apply_say(state: State, data: events.Say) -> None:
    """Nothing: the log keeps the table's talk (server.game.notices reads it)."""


def _decide_advance(state: State, seat: Seat, p: payloads.Advance, rng: random.Random) -> Data:
    left = season_days(state) - state["day"]
    if left <= 0:
        then = "resolve the season" if state["phase"] == "summer" else "move to the next season"
        raise ActionError("wrong_phase", f"the {state['phase']} is over: {then}")
    if p.days > left:
        raise ActionError("invalid", f"'days' must be from 1 to {min(30, left)}, not {p.days}")
    open_fights = [e["id"] for e in by_id(state["engagements"]) if not e["over"]]
    if open_fights:
        raise ActionError("wrong_phase", f"engagement {open_fights[0]} awaits its captains")
    return _advance(state, p.days, rng)


def _advance(state: State, days: int, rng: random.Random) -> Data:
    """``advance``'s data (:func:`server.game.forces.advance`): the turn moves on, and a
    year of service its player did not choose is the dice's first (``served``:
    :func:`server.game.service.defaults`), the days sailed with his sheet after it."""
    served = service.defaults(state)
    data = fx.advance(service.with_served(state, served), days, rng)
    if served:  # (a turn with none decides as it did before the players chose)
        data["served"] = served
    return data


def _apply_advance(state: State, data: events.Advance) -> None:
    service.apply_served(state, data.get("served", {}))
    fx.apply_advance(state, data)


def _decide_resolve(
    state: State, seat: Seat, p: payloads.ResolveSummer, rng: random.Random
) -> Data:
    if any(not e["over"] for e in state["engagements"].values()):
        raise ActionError("wrong_phase", "an engagement is still being fought")
    return season.resolve(state, rng)


def _apply_resolve(state: State, data: events.ResolveSummer) -> None:
    state["report"] = data["report"]
    for officer in state["officers"].values():  # the summer's orders are carried out
        officer.pop("orders", None)
    state["officers"].update(data.get("officers", {}))
    money.apply_summer(state, data)
    officers.apply_flag_seats(state, data.get("seats", ()))
    officers.follow_berths(state)
    appointments.apply_renewals(state, data)
    calendar.summer_over(state)
    state["phase"] = OFF_SEASONS[0]
    state["day"] = 0
    new_turn(state)  # the autumn's turns wait for the players (version 3)


# -- money -------------------------------------------------------------------------------


def _decide_invest(state: State, seat: Seat, p: payloads.Invest, rng: random.Random) -> Data:
    return money.decide_invest(state, seat, p.kind, p.guineas)


def _decide_conditional_orders(
    state: State, seat: Seat, p: payloads.ConditionalOrders, rng: random.Random
) -> Data:
    """His own living character's orders for the summer's personal outcomes (a player's
    only: "only player characters choose poltroonery or bravery")."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to give orders for")
    given = {"poltroonery": p.poltroonery, "bravery": p.bravery}
    orders: dict[str, Any] = {k: v for k, v in given.items() if v}
    if p.decline_promotion:
        orders["decline_promotion"] = True
    return {"officer": officer["id"], "orders": orders}


def _apply_conditional_orders(state: State, data: events.ConditionalOrders) -> None:
    officer = state["officers"][data["officer"]]
    if data["orders"]:
        officer["orders"] = dict(data["orders"])
    else:
        officer.pop("orders", None)


def _decide_liquidate(state: State, seat: Seat, p: payloads.Liquidate, rng: random.Random) -> Data:
    return money.decide_liquidate(state, seat, p.investment)


def _decide_study(state: State, seat: Seat, p: payloads.Study, rng: random.Random) -> Data:
    return officers.decide_study(state, seat, p.weeks)


def _decide_favour_investor(
    state: State, seat: Seat, p: payloads.FavourInvestor, rng: random.Random
) -> Data:
    return money.decide_favour(state, seat, p.investment)


def _ship_code(value: str) -> str:
    """A ship's two-letter code as sent (any case), checked against the fleet."""
    code = value.strip().upper()
    if code not in rules.fleet_codes():
        raise ActionError("not_found", f"'ship': no ship {value!r} in the fleet")
    return code


def _decide_apply_ship(state: State, seat: Seat, p: payloads.ApplyShip, rng: random.Random) -> Data:
    return ship_tables.decide_ship(state, seat, _ship_code(p.ship), rng, p.favours)


def _decide_buy_rank(state: State, seat: Seat, p: payloads.BuyRank, rng: random.Random) -> Data:
    return ship_tables.decide_buy_rank(state, seat, _ship_code(p.ship))


def _decide_draw_pay(state: State, seat: Seat, p: payloads.DrawPay, rng: random.Random) -> Data:
    return ship_tables.decide_draw_pay(state, seat)


def _decide_substitute(
    state: State, seat: Seat, p: payloads.Substitute, rng: random.Random
) -> Data:
    ship, replaces = _ship_code(p.ship), _ship_code(p.replaces)
    return substitutions.decide_substitute(state, seat, ship, replaces, rng, p.favours)


def _decide_apply_appointment(
    state: State, seat: Seat, p: payloads.ApplyAppointment, rng: random.Random
) -> Data:
    return appointments.decide_appointment(state, seat, p.appointment, rng)


# -- orders --------------------------------------------------------------------------------


def _not_yours(seat: Seat, target: str) -> str:
    """The refusal of an order aimed at ``target``, saying what ``seat`` commands instead."""
    if seat["role"] == "admiral":
        return f"you command the {seat.get('squadron')} squadron, not {target}"
    if seat["role"] == "captain":
        return f"you command {seat.get('ship')}, not {target}"
    return f"a {seat['role']} commands no ship"


def _squadron_force(state: State, seat: Seat, name: str, kind: Granted) -> Force:
    """The force of squadron ``name``, when ``seat`` may give it ``kind`` orders."""
    own = seat["role"] == "admiral" and seat.get("squadron") == name
    authority.require_command(
        kind, seat["role"], OWN if own else OTHER, _not_yours(seat, f"the {name} squadron")
    )
    # the squadron's own force (rolled) before a ship detached from it (made since)
    for force in fx.in_order(state):
        if force["side"] == "Britain" and force.get("squadron") == name and force["afloat"]:
            return force
    raise ActionError("not_found", f"the {name} squadron is not on campaign this summer")


def _ship_force(state: State, seat: Seat, code: str, kind: Granted) -> tuple[Force, str | None]:
    """The force carrying ship ``code``, and the code again when it must be detached, when
    ``seat`` may give her ``kind`` orders: her captain, or the admiral of her squadron."""
    for force in state["forces"].values():
        if force["side"] != "Britain":
            continue
        for ship in force["ships"]:
            if ship["code"] == code and ship["status"] == "afloat":
                # (an admiral's seat ashore, with no squadron, has no ship of its own)
                mine = seat.get("squadron")
                own = (seat["role"] == "captain" and seat.get("ship") == code) or (
                    seat["role"] == "admiral" and mine is not None and force.get("squadron") == mine
                )
                authority.require_command(
                    kind, seat["role"], OWN if own else OTHER, _not_yours(seat, code)
                )
                return force, (code if len(force["ships"]) > 1 else None)
    raise ActionError("not_found", f"no British ship {code!r} is afloat on campaign")


def _destination(to: str | list[float], british: bool) -> str | tuple[float, float]:
    if isinstance(to, list):
        return (to[0], to[1])
    return fx.port_destination(to, british=british)


def _decide_deploy(state: State, seat: Seat, p: payloads.Deploy, rng: random.Random) -> Data:
    force = _squadron_force(state, seat, p.squadron, DEPLOY)
    kind, target = p.target
    destination = fx.deploy_destination(kind, target)
    return {
        "force": force["id"],
        "orders": {"kind": kind, "target": target},
        "route": fx.plan_route(state, force, destination),
    }


def _decide_sail(state: State, seat: Seat, p: payloads.Sail, rng: random.Random) -> Data:
    destination = _destination(p.to, british=True)
    if p.squadron is not None:
        force, detach = _squadron_force(state, seat, p.squadron, SAIL), None
    else:
        assert p.ship is not None  # the payload names a squadron or a ship
        force, detach = _ship_force(state, seat, p.ship.upper(), SAIL)
    return {
        "force": force["id"],
        "detach": detach,
        # the detached ship's own force, named here so that no client needs the convention
        "detached": fx.detached_id(detach) if detach else None,
        "orders": {"kind": "sail", "target": p.to},
        # a ship detached sails on her own: her draught, her pace (seed 003 "Speed")
        "route": fx.plan_route(state, _sailing(force, detach), destination),
    }


def _sailing(force: Force, detach: str | None) -> Force:
    """The force that sails: ``force``, or the ship ``detach`` of it on her own."""
    if detach is None:
        return force
    return cast(Force, {**force, "ships": [s for s in force["ships"] if s["code"] == detach]})


def _decide_move_enemy(state: State, seat: Seat, p: payloads.MoveEnemy, rng: random.Random) -> Data:
    force = state["forces"].get(p.force)
    if force is None or force["side"] == "Britain" or not force["afloat"]:
        raise ActionError("not_found", f"no enemy force {p.force!r} afloat")
    return {
        "force": p.force,
        "orders": {"kind": "sail", "target": p.to},
        "route": fx.plan_route(state, force, _destination(p.to, british=False)),
    }


def _apply_orders(state: State, data: Mapping[str, Any]) -> None:
    """An order given (deploy, sail, move_enemy): on the force, or the ship it detached."""
    force_id = data["force"]
    if data.get("detach"):
        force_id = fx.detach_ship(state, data["force"], data["detach"])
    force = state["forces"][force_id]
    force["orders"] = data["orders"]
    force["route"] = route = data["route"]
    if route:
        route["start_day"] = state["day"]


# -- the GM's voyage, shown to the players -----------------------------------------------


def _decide_show_voyage(
    state: State, seat: Seat, p: payloads.ShowVoyage, rng: random.Random
) -> Data:
    """A planned voyage routed as ``GET /api/voyage`` routes it, for every seat or for the
    seats named (each a seat of this campaign: one refusal names the first that is not)."""
    to: str | list[str] = p.to
    if to != "all":
        unknown = [sid for sid in to if sid not in state["seats"]]
        if unknown:
            raise ActionError(
                "not_found",
                f"'to': no seat {unknown[0]!r} in this campaign; seats: "
                + ", ".join(state["seats"]),
            )
        to = list(dict.fromkeys(to))  # each seat once, in the order given
    plan = p.voyage
    month = plan.month or month_of(state)
    collection = rules.voyage_plan(plan.stops, plan.ship, month, plan.stay)
    ship = rules.roster_type(plan.ship)
    shown: ShownVoyage = {
        "id": f"v{len(state.get('voyages', [])) + 1}",
        "day": state["day"],
        "to": to,
        "stops": list(plan.stops),
        "ship": ship,
        "month": month,
        "voyage": collection,
    }
    return {"shown": shown}


def _apply_show_voyage(state: State, data: events.ShowVoyage) -> None:
    state.setdefault("voyages", []).append(data["shown"])


def _order_read(data: dict[str, Any], after: State) -> dict[str, Any]:
    """An order as the players read it: the force, its orders, the days its route takes
    (the route itself is in their view), the ship it detached."""
    route = data.get("route")
    out = {k: copy.deepcopy(data[k]) for k in ("force", "orders")}
    out["days"] = route["days"] if route else None
    if data.get("detach"):
        out["detach"] = data["detach"]
    return out


def _digit(data: dict[str, Any], after: State) -> dict[str, Any]:
    return {"digit": data["digit"]}


def _force_read(data: dict[str, Any], after: State) -> dict[str, Any]:
    """The force rolled as the players read it: the digits the roll used; an NPC Prime
    Minister's decision is the number he sends, influenced or not (who influenced him and
    his die before it are the GM's, and each influencer's own)."""
    out = {k: copy.deepcopy(data[k]) for k in ("ships_digit", "deployment_digit", "roll", "rolled")}
    if "ships_digit" in out["rolled"] and "influence" in data:
        out["rolled"]["ships_digit"] = data["ships_digit"]
    return out


PUBLIC = View("public", views.public_data)
SEATING = View("public", views.seating)
ORDERS = View("forces", _order_read)

# -- the specs: every part of each action, in one place (server.game.spec) -----------------

SET_SHIPS = Spec(
    "set_ships",
    payloads.SetShips,
    {"prime-minister": Grant(("cabinet",))},  # the number digit of Table F
    _decide_digit,
    _apply_set_ships,
    events.SetShips,
    View("private", _digit),  # a minister's choice is his own till the roll
    touches=("cabinet",),
    notice=notices.digit_chosen,
)
SET_DEPLOYMENT = Spec(
    "set_deployment",
    payloads.SetDeployment,
    {"first-sea-lord": Grant(("cabinet",))},  # the deployment digit of Table F
    _decide_digit,
    _apply_set_deployment,
    events.SetDeployment,
    View("private", _digit),
    touches=("cabinet",),
    notice=notices.digit_chosen,
)
ROLL_FORCE = Spec(
    "roll_force",
    payloads.RollForce,
    {"gm": Grant(("cabinet",))},
    _decide_roll_force,
    _apply_roll_force,
    events.RollForce,
    View("forces", _force_read),
    notice=notices.force_rolled,
)
DEPLOY = Spec(
    "deploy",
    payloads.Deploy,
    # the GM orders any squadron: those no seat commands are his to sail
    {"admiral": Grant(SUMMER, (OWN,)), "gm": Grant(SUMMER, (OTHER,))},
    _decide_deploy,
    _apply_orders,
    events.Deploy,
    ORDERS,
    touches=("forces",),
    notice=notices.orders_given,
    aims=("squadron",),
)
SAIL = Spec(
    "sail",
    payloads.Sail,
    {
        "admiral": Grant(AT_SEA, (OWN,)),
        "captain": Grant(AT_SEA, (OWN,)),
        "gm": Grant(AT_SEA, (OTHER,)),
    },
    _decide_sail,
    _apply_orders,
    events.Sail,
    ORDERS,
    touches=("forces",),
    notice=notices.orders_given,
    aims=("squadron", "ship"),
)
MOVE_ENEMY = Spec(
    "move_enemy",
    payloads.MoveEnemy,
    {"gm": Grant(AT_SEA)},
    _decide_move_enemy,
    _apply_orders,
    events.MoveEnemy,
    View("forces", lambda data, after: {}),  # a bare seq to those who see no change
    touches=("forces",),
)
READY = Spec(
    "ready",
    payloads.Ready,
    {role: Grant(PLAYING) for role in PLAYERS},
    _decide_ready,
    _apply_ready,
    events.Ready,
    PUBLIC,
    touches=(),
    notice=notices.everyone_ready,
)
ADVANCE = Spec(
    "advance",
    payloads.Advance,
    {"gm": Grant(AT_SEA)},  # by hand, paused or not: a pause stops only the turn clock
    _decide_advance,
    _apply_advance,
    events.Advance,
    View(
        "forces",
        lambda data, after: {
            "days": data["days"],
            "day": data["day"],
            "breakouts": copy.deepcopy(data.get("breakouts", [])),
        },
    ),
    # the officers when a fight it opened ended (its wounds kept) or the months healed them
    touches=lambda data: (
        ("forces", "fleet", "own")
        + (
            ("officers",)
            if data.get("healed") or any(e["over"] for e in data["engagements"])
            else ()
        )
        + (("officers", "report", "years") if data.get("served") else ())
    ),
    notice=notices.advanced,
)
RESOLVE_SUMMER = Spec(
    "resolve_summer",
    payloads.ResolveSummer,
    {"gm": Grant(SUMMER)},
    _decide_resolve,
    _apply_resolve,
    events.ResolveSummer,
    View("summer"),
    notice=notices.summer_over,
)


def _table_spec(name: str, payload: Any, decide: Any, apply: Any, event: Any) -> Spec:
    """The GM's act on the table itself (the pause, the deadline, the clock): in any phase,
    seen by every seat, no section of a view changed but the head; told to the players."""
    return Spec(
        name,
        payload,
        {"gm": Grant(ANY)},
        decide,
        apply,
        event,
        PUBLIC,
        touches=(),
        notice=notices.table_set,
    )


PAUSE = _table_spec("pause", payloads.Pause, _decide_pause, _set("paused", True), events.Pause)
RESUME = _table_spec(
    "resume", payloads.Resume, _decide_resume, _set("paused", False), events.Resume
)
SET_DEADLINE = _table_spec(
    "set_deadline",
    payloads.SetDeadline,
    _decide_set_deadline,
    _set("deadline", None),
    events.SetDeadline,
)
SET_CLOCK = _table_spec(
    "set_clock", payloads.SetClock, _decide_set_clock, _apply_set_clock, events.SetClock
)
NOTE = Spec(
    "note",
    payloads.Note,
    {"gm": Grant(ANY)},
    _decide_note,
    _apply_note,
    events.Note,
    View("gm"),
    touches=("notes",),
)
SHOW_VOYAGE = Spec(
    "show_voyage",
    payloads.ShowVoyage,
    {"gm": Grant(ANY)},  # a planned voyage drawn for the players
    _decide_show_voyage,
    _apply_show_voyage,
    events.ShowVoyage,
    View("voyage"),
    touches=("voyages",),
    notice=notices.voyage_shown,
)
INVEST = Spec(
    "invest",
    payloads.Invest,
    # his own character's funds, by the first of June (Briny, INVESTMENT): never in the
    # summer; the payload names no one else's, so it is aimed at no command (the GM
    # invests for a player with "as")
    {role: Grant(INVEST_PHASES) for role in ("admiral", "captain")},
    _decide_invest,
    money.apply_invest,
    events.Invest,
    View(
        "private",
        lambda data, after: copy.deepcopy({k: data[k] for k in ("investment", "funds")}),
    ),
    touches=("own", "officers"),
    notice=notices.invested,
)
LIQUIDATE = Spec(
    "liquidate",
    payloads.Liquidate,
    # his own character's investment, "at any time" before its summer pays it (the GM
    # liquidates for a player with "as")
    {role: Grant(ANY) for role in ("admiral", "captain")},
    _decide_liquidate,
    money.apply_liquidate,
    events.Liquidate,
    View(
        "private",
        lambda data, after: {k: data[k] for k in ("investment", "guineas", "fee", "funds")},
    ),
    touches=("own", "officers"),
    notice=notices.liquidated,
)
STUDY = Spec(
    "study",
    payloads.Study,
    # his own character's weeks ashore, in the seasons after the summer (the summer he
    # sails with the fleet); the GM sends a player's with "as"
    {role: Grant(OFF_SEASONS) for role in ("admiral", "captain")},
    _decide_study,
    officers.apply_study,
    events.Study,
    View(
        "private", lambda data, after: {k: data[k] for k in ("officer", "weeks", "guineas", "na")}
    ),
    touches=("officers",),
    notice=notices.study,
)
CONDITIONAL_ORDERS = Spec(
    "conditional_orders",
    payloads.ConditionalOrders,
    # his own character's, before the summer's personal outcomes are rolled (the GM gives
    # them for a player with "as")
    {role: Grant(("cabinet", "summer")) for role in ("admiral", "captain")},
    _decide_conditional_orders,
    _apply_conditional_orders,
    events.ConditionalOrders,
    View("private", lambda data, after: copy.deepcopy({k: data[k] for k in ("officer", "orders")})),
    touches=("officers",),
    notice=notices.conditional_orders,
)
FAVOUR_INVESTOR = Spec(
    "favour_investor",
    payloads.FavourInvestor,
    # his own character's post, before the summer's returns are paid (the GM acts for a
    # player with "as"; an NPC holder is asked instead: server.game.announcements'
    # ``ask_favour``)
    {role: Grant(("cabinet", "summer")) for role in ("admiral", "captain")},
    _decide_favour_investor,
    money.apply_favour,
    events.FavourInvestor,
    View("private", lambda data, after: {k: data[k] for k in ("investment", "flag", "post")}),
    touches=("own",),
    notice=notices.investor_favoured,
)
APPLY_APPOINTMENT = Spec(
    "apply_appointment",
    payloads.ApplyAppointment,
    # his own character's application: "Civil Appointments are made in March" (the
    # spring), "Naval Appointments are made in September" (the autumn; 001:108-110), a
    # post a resignation left vacant in any season ashore (001:1110)
    {role: Grant(("autumn", "winter", "spring")) for role in ("admiral", "captain")},
    _decide_apply_appointment,
    appointments.apply_appointment,
    events.ApplyAppointment,
    PUBLIC,  # the book's applications are announced, their results gazetted
    # a favouring post: whom he may favour; announced: every seat's list of announcements
    touches=("officers", "own"),
    notice=notices.appointment_decided,
)
# -- Ship Tables A and B (server.game.ship_tables) -----------------------------------------
APPLY_SHIP = Spec(
    "apply_ship",
    payloads.ApplyShip,
    # his own character's, in port: "a pre-monthly action" (Briny 001:564), never in the
    # summer (the fleet at sea); the GM applies for a player with "as"
    {"captain": Grant(INVEST_PHASES)},
    _decide_apply_ship,
    ship_tables.apply_ship,
    events.ApplyShip,
    PUBLIC,  # "It is influenceable and therefore must be announced" (001:564)
    touches=("officers", "own"),
    notice=notices.ship_applied,
)
BUY_RANK = Spec(
    "buy_rank",
    payloads.BuyRank,
    # a captaincy, bought in port (001:588: "only available to current Master &
    # Commanders, Captains and Post Captains")
    {"captain": Grant(INVEST_PHASES)},
    _decide_buy_rank,
    ship_tables.apply_buy_rank,
    events.BuyRank,
    View(
        "private",
        lambda data, after: {
            k: data[k] for k in ("officer", "ship", "was", "row", "rank", "price", "funds")
        },
    ),
    touches=("officers", "own"),
    notice=notices.rank_bought,
)
DRAW_PAY = Spec(
    "draw_pay",
    payloads.DrawPay,
    # his month's pay, at sea too ("While on campaign, characters continue to receive pay");
    # a Marine's by Naval Table G (Briny 001:944)
    {role: Grant(PLAYING) for role in ("admiral", "captain", "marine")},
    _decide_draw_pay,
    ship_tables.apply_draw_pay,
    events.DrawPay,
    View(
        "private",
        lambda data, after: {
            k: data[k] for k in ("officer", "month", "row", "column", "pay", "status", "funds")
        },
    ),
    touches=("officers", "own"),
    notice=notices.pay_drawn,
)
# -- Substitutions (server.game.substitutions) ---------------------------------------------
SUBSTITUTE = Spec(
    "substitute",
    payloads.Substitute,
    # his own character's petition, or the player Captain of the Fleet's choice, in the
    # summer before the fleet sails (Briny 001:903-907; the GM for a player with "as")
    {role: Grant(SUMMER) for role in ("admiral", "captain")},
    _decide_substitute,
    substitutions.apply_substitute,
    events.Substitute,
    PUBLIC,  # influenceable, so announced; what sails is every seat's to see
    touches=("fleet", "forces", "officers"),
    notice=notices.substituted,
)
SAY = Spec(
    "say",
    payloads.Say,
    # table talk: every seat but an observer's, at any time (observers only watch)
    {role: Grant(ANY) for role in ("gm", *PLAYERS)},
    _decide_say,
    _apply_say,
    events.Say,
    View("talk"),
    touches=(),
    notice=notices.message,
)


def decide_tick(state: State, at: str, rng: random.Random) -> tuple[str, Data]:
    """The event the turn clock causes at ``at`` (:mod:`server.game.clock`): a round fought
    without its absent players, the force rolled, a turn advanced or the summer resolved;
    ``conflict`` when nothing is due (another process did it, or the players acted in time)."""
    reason = clock.due(state, clock.parse_time(at))
    if reason is None:
        raise ActionError("conflict", "nothing is due")
    kind: str
    if reason == "round":
        kind = "engage_decision"
        data = engagements.fight_absent(state, clock.overdue_round(state, at))
    elif state["phase"] == "cabinet":  # NPC choices for the ministers who made none
        kind, data = "roll_force", _decide_roll_force(state, _CLOCK_SEAT, None, rng)
    elif state["phase"] in OFF_SEASONS and (
        state["day"] >= season_days(state) or not cruises.at_sea(state)
    ):  # a season with no ship at sea passes at once
        kind, data = "next_season", calendar.decide_next_season(state, _CLOCK_SEAT, None, rng)
    elif state["day"] >= SEASON_DAYS and state["phase"] == "summer":
        kind, data = "resolve_summer", season.resolve(state, rng)
    else:
        days = min(state["clock"]["turn_days"], season_days(state) - state["day"])
        kind, data = "advance", _advance(state, days, rng)
    return kind, {**data, "args": {"type": kind}, "due": reason, "at": at}


#: who the clock acts as: the table, no seat
_CLOCK_SEAT = cast(Seat, {"id": "", "role": "gm", "name": "the clock", "ready": False})


# -- the set-up: seats, and who reads the log --------------------------------------------


@refusals()
def decide_seat(
    state: State, author: Seat, args: Any, seat_id: str, rng: random.Random, oid: str
) -> Data:
    """``seat_created``'s data: the seat ``author`` (the GM) adds from ``args``, with its
    character (``officer``: an object, any field left out rolled from ``rng`` under the id
    ``oid``, or the id of an officer not yet seated)."""
    authority.require_seat(SEAT_CREATED, author["role"], state["phase"], state["paused"])
    if not isinstance(args, dict):
        raise ActionError("invalid", "a seat is a JSON object with a 'role'")
    body = payloads.parse(payloads.SeatBody, args)
    seat: SeatRecord = {
        "id": seat_id,
        "role": body.role,
        "name": body.name or body.role.replace("-", " ").title(),
        "squadron": body.squadron.title() if body.role == "admiral" else None,
        "ship": body.ship.upper() if body.role == "captain" else None,
        "officer": None,
    }
    if seat["ship"]:
        rules.briny_ship(seat["ship"])  # no such ship in the Briny fleet: not_found
    _no_second(state, seat)
    data: Data = {"seat": seat, "args": args}
    if body.officer is not None:
        data.update(officers.officer_for_seat(state, seat, body.officer, oid, rng))
        seat["officer"] = data["officer"]["id"]
        if seat["role"] == "marine":  # enrolled: his berth the ship he was assigned to
            seat["ship"] = data["officer"]["ship"]
    return data


@refusals()
def decide_officer(state: State, author: Seat, args: Any, oid: str, rng: random.Random) -> Data:
    """``officer_created``'s data: a character made by the GM, or by a player for his own
    seat, and seated at once if the body names a seat with no living officer."""
    authority.require_seat(OFFICER_CREATED, author["role"], state["phase"], state["paused"])
    body = payloads.parse(payloads.OfficerBody, args)
    seat_id = body.seat
    if seat_id is None and author["role"] in PLAYERS:
        seat_id = author["id"]  # a player makes his own seat's character
    own = seat_id == author["id"]
    authority.require_command(
        OFFICER_CREATED,
        author["role"],
        OWN if own else OTHER,
        "a player makes the character of his own seat only",
    )
    if seat_id is None:
        return {
            "args": args,
            "officer": officers.new_officer(state, body.officer, oid, "Lieutenant", rng),
            "ashore": None,
        }
    seat = state["seats"].get(seat_id)
    if seat is None:
        raise ActionError("not_found", f"no seat {seat_id!r}")
    current = officers.seat_officer(state, seat)
    if current is not None:
        raise ActionError("conflict", f"that seat's officer is {current['name']}, alive")
    return {"args": args, **officers.officer_for_seat(state, seat, body.officer, oid, rng)}


def _no_second(state: State, seat: SeatRecord) -> None:
    """One Prime Minister, one First Sea Lord, one admiral a squadron, one captain a ship."""
    for other in state["seats"].values():
        if other["role"] != seat["role"]:
            continue
        if seat["role"] in UNIQUE_ROLES:
            raise ActionError("conflict", f"the campaign already has a {seat['role']}")
        if seat["squadron"] and other["squadron"] == seat["squadron"]:
            raise ActionError("conflict", f"the {seat['squadron']} squadron has an admiral")
        if seat["ship"] and other["ship"] == seat["ship"]:
            raise ActionError("conflict", f"{seat['ship']} already has a captain")


def decide_reissue(state: State, author: Seat, seat_id: str, args: Any = None) -> Data:
    """``seat_reissued``'s data: the seat ``seat_id`` handed on, optionally to a new holder
    (``args``: ``{"name": ...}``, or nothing)."""
    authority.require_seat(SEAT_REISSUED, author["role"], state["phase"], state["paused"])
    body = payloads.parse(payloads.ReissueBody, {} if args is None else args)
    seat = state["seats"].get(seat_id)
    if seat is None:
        raise ActionError("not_found", f"no seat {seat_id!r}")
    if seat["role"] == "gm" and seat_id != author["id"]:
        raise ActionError("forbidden", "that is the GM's seat")
    public: SeatRecord = {
        "id": seat["id"],
        "role": seat["role"],
        "name": body.name or seat["name"],
        "squadron": seat.get("squadron"),
        "ship": seat.get("ship"),
        "officer": seat.get("officer"),
    }
    return {"seat": public}


def require_log_reader(state: State, seat: Seat) -> None:
    """Refuse the whole log (every seed and secret order) to any seat but the GM's."""
    authority.require_seat(READ_LOG, seat["role"], state["phase"], state["paused"])


def require_seat_reader(state: State, seat: Seat) -> None:
    """Refuse the seats' warnings and who is connected to any seat but the GM's."""
    authority.require_seat(READ_SEATS, seat["role"], state["phase"], state["paused"])


def _apply_campaign_created(state: State, data: events.CampaignCreated) -> None:
    state["seats"][data["gm"]["id"]] = cast(Seat, {**data["gm"], "ready": False})
    if "clock" in data:
        state["clock"] = data["clock"]


def _apply_seat(state: State, data: events.SeatCreated | events.SeatReissued) -> None:
    """A seat made, or handed on (its officer kept unless the event names another)."""
    old: dict[str, Any] = dict(state["seats"].get(data["seat"]["id"], {}))
    seat = {"officer": old.get("officer"), **data["seat"], "ready": False}
    state["seats"][data["seat"]["id"]] = cast(Seat, seat)
    officers.apply_officers(state, data)


def _apply_reissue(state: State, data: events.SeatReissued) -> None:
    """A seat handed on; seated again if it stood vacant, it orders its ships in a fight."""
    _apply_seat(state, data)
    engagements.reseat(state, data["seat"]["id"])


def _apply_officer(state: State, data: events.OfficerCreated) -> None:
    officers.apply_officers(state, data)


# the set-up events, each decided by its own function above from a REST request's body
CAMPAIGN_CREATED = Spec(
    "campaign_created",
    payloads.CampaignBody,
    {},  # a new campaign: no seat sends it (POST /api/campaigns)
    None,
    _apply_campaign_created,
    events.CampaignCreated,
    View("gm"),
    act=False,
)
SEAT_CREATED = Spec(
    "seat_created",
    payloads.SeatBody,
    {"gm": Grant(ANY)},
    None,
    _apply_seat,
    events.SeatCreated,
    SEATING,
    notice=notices.seat_joined,
    act=False,
)
SEAT_REISSUED = Spec(
    "seat_reissued",
    payloads.ReissueBody,
    {"gm": Grant(ANY)},
    None,
    _apply_reissue,
    events.SeatReissued,
    SEATING,
    notice=notices.seat_reissued,
    act=False,
)
OFFICER_CREATED = Spec(
    "officer_created",
    payloads.OfficerBody,
    # a character: the GM's for any seat (or none yet), a player's (a minister's too: his
    # Admiral holding the post) for his own seat; never an observer's (docs/protocol.md)
    {"gm": Grant(ANY, (OTHER,)), **{role: Grant(ANY, (OWN,)) for role in PLAYERS}},
    None,
    _apply_officer,
    events.OfficerCreated,
    SEATING,
    notice=notices.officer_seated,
    aims=("seat",),
    act=False,
)
