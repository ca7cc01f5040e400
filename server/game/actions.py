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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from server.game import (
    appointments,
    authority,
    calendar,
    clock,
    cruises,
    engagements,
    money,
    officers,
    payloads,
    rules,
    season,
    seating,
)
from server.game import forces as fx
from server.game.authority import OTHER, OWN
from server.game.errors import ActionError, rule_errors
from server.game.seating import decide_revoke
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
    season_date,
    season_days,
)

__all__ = [
    "ACTIONS",
    "Action",
    "apply_event",
    "decide",
    "decide_officer",
    "decide_tick",
    "decide_reissue",
    "decide_revoke",
    "decide_seat",
    "require_log_reader",
    "require_seat_reader",
]

Data = dict[str, Any]  # an event's data as a decide function returns it (without its args)
UNIQUE_ROLES = ("prime-minister", "first-sea-lord")


@dataclass(frozen=True)
class Action:
    """One action type: how it is decided and applied (its payload is declared in
    :data:`server.game.payloads.ACTION_PAYLOADS`; who may send it, and when, in the table
    of :mod:`server.game.authority`)."""

    decide: Callable[[State, Seat, Any, random.Random], Data]
    apply: Callable[[State, Any], None]


# -- the cabinet ---------------------------------------------------------------------------


def _decide_digit(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return {"digit": p.digit}


def _apply_set_ships(state: State, data: Any) -> None:
    state["cabinet"]["ships_digit"] = data["digit"]


def _apply_set_deployment(state: State, data: Any) -> None:
    state["cabinet"]["deployment_digit"] = data["digit"]


def _decide_roll_force(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    cab = state["cabinet"]
    ships = cab["ships_digit"]
    deploy = cab["deployment_digit"]
    rolled = {}
    if ships is None:  # an NPC Prime Minister rolls a die (Briny, Campaign Determination)
        ships = rolled["ships_digit"] = rng.randint(1, 6)
    if deploy is None:
        deploy = rolled["deployment_digit"] = rng.randint(1, 6)
    roll = ships * 10 + deploy
    deployment = fx.deployment_for(roll)
    return {
        "ships_digit": ships,
        "deployment_digit": deploy,
        "rolled": rolled,
        "roll": roll,
        "deployment": deployment,
        "forces": fx.initial_forces(deployment, rng),
        "officers": officers.roster_npcs(state, rng),
    }


def _apply_roll_force(state: State, data: Any) -> None:
    cabinet = state["cabinet"]
    cabinet["ships_digit"] = data["ships_digit"]
    cabinet["deployment_digit"] = data["deployment_digit"]
    cabinet["roll"] = data["roll"]
    state["deployment"] = data["deployment"]
    state["forces"] = {f["id"]: f for f in data["forces"]}
    for npc in data.get("officers", ()):
        state["officers"][npc["id"]] = npc
    state["phase"] = "summer"
    for s in state["seats"].values():
        s["ready"] = False


# -- the table: readiness, the clock, notes ---------------------------------------------


def _decide_ready(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return {"seat": seat["id"], "ready": p.ready}


def _apply_ready(state: State, data: Any) -> None:
    state["seats"][data["seat"]]["ready"] = data["ready"]


def _decide_pause(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    if state["paused"]:
        raise ActionError("conflict", "the campaign is already paused")
    return {}


def _decide_resume(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    if not state["paused"]:
        raise ActionError("conflict", "the campaign is not paused")
    return {}


def _decide_set_deadline(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return {"deadline": p.deadline}


def _decide_set_clock(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    kept = "round_seconds" not in p.model_fields_set
    rounds = state["clock"]["round_seconds"] if kept else p.round_seconds
    set_to: Clock = {
        "turn_days": p.turn_days,
        "turn_seconds": p.turn_seconds,
        "round_seconds": rounds,
    }
    return {"clock": set_to}


def _apply_set_clock(state: State, data: Any) -> None:
    state["clock"] = data["clock"]


def _decide_note(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return {"text": p.text, "day": state["day"]}


def _set(key: str, value: Any) -> Callable[[State, Any], None]:
    def apply(state: State, data: Any) -> None:
        state[key] = data.get(key, value) if value is None else value  # type: ignore[literal-required]

    return apply


def _apply_note(state: State, data: Any) -> None:
    state["notes"].append(data)


def _decide_say(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
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


def _apply_say(state: State, data: Any) -> None:
    """Nothing: the log keeps the table's talk (server.game.notices reads it)."""


def _decide_advance(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    left = season_days(state) - state["day"]
    if left <= 0:
        then = "resolve the season" if state["phase"] == "summer" else "move to the next season"
        raise ActionError("wrong_phase", f"the {state['phase']} is over: {then}")
    if p.days > left:
        raise ActionError("invalid", f"'days' must be from 1 to {min(30, left)}, not {p.days}")
    open_fights = [e["id"] for e in by_id(state["engagements"]) if not e["over"]]
    if open_fights:
        raise ActionError("wrong_phase", f"engagement {open_fights[0]} awaits its captains")
    return fx.advance(state, p.days, rng)


def _decide_resolve(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    if any(not e["over"] for e in state["engagements"].values()):
        raise ActionError("wrong_phase", "an engagement is still being fought")
    return season.resolve(state, rng)


def _apply_resolve(state: State, data: Any) -> None:
    state["report"] = data["report"]
    state["officers"].update(data.get("officers", {}))
    money.apply_summer(state, data)
    officers.follow_berths(state)
    appointments.apply_renewals(state, data)
    calendar.summer_over(state)
    state["phase"] = OFF_SEASONS[0]
    state["day"] = 0


# -- money -------------------------------------------------------------------------------


def _decide_invest(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return money.decide_invest(state, seat, p.kind, p.guineas)


def _decide_apply_appointment(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    return appointments.decide_appointment(state, seat, p.appointment, rng)


# -- orders --------------------------------------------------------------------------------


def _not_yours(seat: Seat, target: str) -> str:
    """The refusal of an order aimed at ``target``, saying what ``seat`` commands instead."""
    if seat["role"] == "admiral":
        return f"you command the {seat.get('squadron')} squadron, not {target}"
    if seat["role"] == "captain":
        return f"you command {seat.get('ship')}, not {target}"
    return f"a {seat['role']} commands no ship"


def _squadron_force(state: State, seat: Seat, name: str, kind: str) -> Force:
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


def _ship_force(state: State, seat: Seat, code: str, kind: str) -> tuple[Force, str | None]:
    """The force carrying ship ``code``, and the code again when it must be detached, when
    ``seat`` may give her ``kind`` orders: her captain, or the admiral of her squadron."""
    for force in state["forces"].values():
        if force["side"] != "Britain":
            continue
        for ship in force["ships"]:
            if ship["code"] == code and ship["status"] == "afloat":
                own = (seat["role"] == "captain" and seat.get("ship") == code) or (
                    seat["role"] == "admiral" and force.get("squadron") == seat.get("squadron")
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


def _decide_deploy(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    force = _squadron_force(state, seat, p.squadron, "deploy")
    kind, target = p.target
    destination = fx.deploy_destination(kind, target)
    return {
        "force": force["id"],
        "orders": {"kind": kind, "target": target},
        "route": fx.plan_route(state, force, destination),
    }


def _decide_sail(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    destination = _destination(p.to, british=True)
    if p.squadron is not None:
        force, detach = _squadron_force(state, seat, p.squadron, "sail"), None
    else:
        force, detach = _ship_force(state, seat, p.ship.upper(), "sail")
    return {
        "force": force["id"],
        "detach": detach,
        # the detached ship's own force, named here so that no client needs the convention
        "detached": fx.detached_id(detach) if detach else None,
        "orders": {"kind": "sail", "target": p.to},
        "route": fx.plan_route(state, force, destination),
    }


def _decide_move_enemy(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
    force = state["forces"].get(p.force)
    if force is None or force["side"] == "Britain" or not force["afloat"]:
        raise ActionError("not_found", f"no enemy force {p.force!r} afloat")
    return {
        "force": p.force,
        "orders": {"kind": "sail", "target": p.to},
        "route": fx.plan_route(state, force, _destination(p.to, british=False)),
    }


def _apply_orders(state: State, data: Any) -> None:
    force_id = data["force"]
    if data.get("detach"):
        force_id = fx.detach_ship(state, data["force"], data["detach"])
    force = state["forces"][force_id]
    force["orders"] = data["orders"]
    force["route"] = route = data["route"]
    if route:
        route["start_day"] = state["day"]


# -- the GM's voyage, shown to the players -----------------------------------------------


def _decide_show_voyage(state: State, seat: Seat, p: Any, rng: random.Random) -> Data:
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
    month = plan.month or season_date(state).month
    with rule_errors():
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


def _apply_show_voyage(state: State, data: Any) -> None:
    state.setdefault("voyages", []).append(data["shown"])


ACTIONS: dict[str, Action] = {
    "set_ships": Action(_decide_digit, _apply_set_ships),
    "set_deployment": Action(_decide_digit, _apply_set_deployment),
    "roll_force": Action(_decide_roll_force, _apply_roll_force),
    "deploy": Action(_decide_deploy, _apply_orders),
    "sail": Action(_decide_sail, _apply_orders),
    "ready": Action(_decide_ready, _apply_ready),
    "advance": Action(_decide_advance, fx.apply_advance),
    "engage_decision": Action(engagements.decide_round, engagements.apply_round),
    "standing_orders": Action(engagements.decide_standing, engagements.apply_standing),
    "resolve_summer": Action(_decide_resolve, _apply_resolve),
    "pause": Action(_decide_pause, _set("paused", True)),
    "resume": Action(_decide_resume, _set("paused", False)),
    "set_deadline": Action(_decide_set_deadline, _set("deadline", None)),
    "set_clock": Action(_decide_set_clock, _apply_set_clock),
    "note": Action(_decide_note, _apply_note),
    "move_enemy": Action(_decide_move_enemy, _apply_orders),
    "show_voyage": Action(_decide_show_voyage, _apply_show_voyage),
    "next_season": Action(calendar.decide_next_season, calendar.apply_next_season),
    "volunteer": Action(cruises.decide_volunteer, cruises.apply_volunteer),
    "plan_cruise": Action(cruises.decide_plan, cruises.apply_plan),
    "invest": Action(_decide_invest, money.apply_invest),
    "apply_appointment": Action(_decide_apply_appointment, appointments.apply_appointment),
    "reassign": Action(seating.decide_reassign, seating.apply_reassign),
    "say": Action(_decide_say, _apply_say),
}


def decide(state: State, seat: Seat, args: Any, rng: random.Random) -> tuple[str, Data]:
    """Check ``args`` from ``seat`` against the rules and return ``(type, data)``; the
    data is the event's, its ``args`` included.

    The GM may send any seat's action for it with ``"as": <seat id>``; it is then checked as
    that seat's. Raises :class:`ActionError` and changes nothing when refused.
    """
    if not isinstance(args, dict):
        raise ActionError("invalid", "an action is a JSON object with a 'type'")
    kind = args.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise ActionError(
            "invalid", f"unknown action type {kind!r}; types: {', '.join(sorted(ACTIONS))}"
        )
    if "as" in args:
        authority.require_seat("act_as", seat["role"], state["phase"], state["paused"])
        other = state["seats"].get(args["as"]) if isinstance(args["as"], str) else None
        if other is None:
            raise ActionError("not_found", f"no seat {args['as']!r}")
        seat = other
    authority.require_seat(kind, seat["role"], state["phase"], state["paused"])
    payload = payloads.parse(payloads.ACTION_PAYLOADS[kind], args)
    data = ACTIONS[kind].decide(state, seat, payload, rng)
    if "as" in args:
        data["as"] = seat["id"]
    data["args"] = args
    return kind, data


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
        kind, data = "advance", fx.advance(state, days, rng)
    return kind, {**data, "args": {"type": kind}, "due": reason, "at": at}


#: who the clock acts as: the table, no seat
_CLOCK_SEAT = cast(Seat, {"id": "", "role": "gm", "name": "the clock", "ready": False})


# -- the set-up: seats, and who reads the log --------------------------------------------


def decide_seat(
    state: State, author: Seat, args: Any, seat_id: str, rng: random.Random, oid: str
) -> Data:
    """``seat_created``'s data: the seat ``author`` (the GM) adds from ``args``, with its
    character (``officer``: an object, any field left out rolled from ``rng`` under the id
    ``oid``, or the id of an officer not yet seated)."""
    authority.require_seat("seat_created", author["role"], state["phase"], state["paused"])
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
        try:
            rules.briny_ship(seat["ship"])
        except (KeyError, ValueError) as exc:  # no such ship in the Briny fleet
            raise ActionError("not_found", str(exc.args[0] if exc.args else exc)) from None
    _no_second(state, seat)
    data: Data = {"seat": seat, "args": args}
    if body.officer is not None:
        data.update(officers.officer_for_seat(state, seat, body.officer, oid, rng))
        seat["officer"] = data["officer"]["id"]
    return data


def decide_officer(state: State, author: Seat, args: Any, oid: str, rng: random.Random) -> Data:
    """``officer_created``'s data: a character made by the GM, or by a player for his own
    seat, and seated at once if the body names a seat with no living officer."""
    authority.require_seat("officer_created", author["role"], state["phase"], state["paused"])
    body = payloads.parse(payloads.OfficerBody, args)
    seat_id = body.seat
    if seat_id is None and author["role"] in ("admiral", "captain"):
        seat_id = author["id"]  # a player makes his own seat's character
    own = seat_id == author["id"]
    authority.require_command(
        "officer_created",
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
    authority.require_seat("seat_reissued", author["role"], state["phase"], state["paused"])
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
    authority.require_seat("read_log", seat["role"], state["phase"], state["paused"])


def require_seat_reader(state: State, seat: Seat) -> None:
    """Refuse the seats' warnings and who is connected to any seat but the GM's."""
    authority.require_seat("read_seats", seat["role"], state["phase"], state["paused"])


def apply_event(state: State, kind: str, data: dict[str, Any]) -> None:
    """Apply one logged event to ``state`` (in place). No dice: everything is in ``data``.

    The state never shares objects with ``data``: later events change the state in place,
    and the logged event must stay as it was written.
    """
    data = copy.deepcopy(data)
    if kind == "campaign_created":
        state["seats"][data["gm"]["id"]] = cast(Seat, {**data["gm"], "ready": False})
        if "clock" in data:
            state["clock"] = data["clock"]
    elif kind in ("seat_created", "seat_reissued"):
        old: dict[str, Any] = dict(state["seats"].get(data["seat"]["id"], {}))
        seat = {"officer": old.get("officer"), **data["seat"], "ready": False}
        state["seats"][data["seat"]["id"]] = cast(Seat, seat)
        officers.apply_officers(state, data)
    elif kind == "officer_created":
        officers.apply_officers(state, data)
    elif kind == "seat_revoked":
        seating.apply_revoke(state, data)
    else:
        ACTIONS[kind].apply(state, data)
    clock.rearm(state, kind, data)
