"""The campaign as a state machine: actions are checked and decided here, then applied.

Every accepted action becomes one event whose ``data`` holds the action's arguments and every
consequence with its random draws, so :func:`apply_event` rebuilds the state from the log
without any dice, and :func:`decide` replayed with the same seed gives the same data.
The state is a plain JSON-like dict; no Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server import forces as fx
from server.errors import ActionError

__all__ = [
    "ACTIONS",
    "ROLES",
    "SEASON_DAYS",
    "Action",
    "apply_event",
    "decide",
    "event_rng",
    "initial_state",
    "season_date",
]

ROLES = ("gm", "prime-minister", "first-sea-lord", "admiral", "captain", "observer")
SQUADRONS = ("White", "Red", "Blue", "Blockade")
SEASON_DAYS = 92  # the summer season: 1 June to 31 August (Briny, CAMPAIGN)

State = dict[str, Any]
Seat = dict[str, Any]
Args = dict[str, Any]


def initial_state(campaign: dict[str, Any]) -> State:
    """The state of a new campaign before its first event."""
    return {
        "campaign": {k: campaign[k] for k in ("id", "name", "year", "seed")},
        "phase": "cabinet",
        "day": 0,
        "paused": False,
        "deadline": None,
        "seats": {},
        "cabinet": {"ships_digit": None, "deployment_digit": None, "roll": None},
        "deployment": [],
        "forces": {},
        "engagements": {},
        "results": {},
        "report": None,
        "notes": [],
    }


def season_date(state: State, day: int | None = None) -> dt.date:
    """The game date of ``day`` (default: now) in the campaign's summer."""
    year = state["campaign"]["year"]
    return dt.date(year, 6, 1) + dt.timedelta(days=state["day"] if day is None else day)


def event_rng(seed: int, seq: int) -> random.Random:
    """The one random source of event ``seq``: same seed and seq, same draws."""
    return random.Random(f"admiralty/{seed}/{seq}")


# -- argument checking -------------------------------------------------------------------


def _int(args: Args, key: str, lo: int, hi: int) -> int:
    value = args.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionError("invalid", f"'{key}' must be a whole number from {lo} to {hi}")
    if not lo <= value <= hi:
        raise ActionError("invalid", f"'{key}' must be from {lo} to {hi}, not {value}")
    return value


def _str(args: Args, key: str, *, required: bool = True, max_len: int = 200) -> str | None:
    value = args.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > max_len:
        raise ActionError(
            "invalid", f"'{key}' must be a non-empty string of at most {max_len} characters"
        )
    return value.strip()


def _position(value: Any, key: str) -> tuple[float, float]:
    ok = (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )
    if not ok or not (-180 <= value[0] <= 180 and -90 <= value[1] <= 90):
        raise ActionError("invalid", f"'{key}' must be [lon, lat] in degrees")
    return float(value[0]), float(value[1])


def _only(args: Args, *allowed: str) -> None:
    extra = sorted(set(args) - set(allowed) - {"type", "as"})
    if extra:
        raise ActionError("invalid", f"unexpected field(s): {', '.join(extra)}")


# -- the actions -------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One action type: who may send it, when, how it is decided and applied."""

    roles: tuple[str, ...]
    phases: tuple[str, ...]
    decide: Callable[[State, Seat, Args, random.Random], dict[str, Any]]
    apply: Callable[[State, dict[str, Any]], None]
    while_paused: bool = True


def _decide_set_ships(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "digit")
    return {"digit": _int(args, "digit", 1, 7)}


def _apply_set_ships(state: State, data: dict) -> None:
    state["cabinet"]["ships_digit"] = data["digit"]


def _decide_set_deployment(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "digit")
    return {"digit": _int(args, "digit", 1, 6)}


def _apply_set_deployment(state: State, data: dict) -> None:
    state["cabinet"]["deployment_digit"] = data["digit"]


def _decide_roll_force(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args)
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
    }


def _apply_roll_force(state: State, data: dict) -> None:
    state["cabinet"].update(
        ships_digit=data["ships_digit"],
        deployment_digit=data["deployment_digit"],
        roll=data["roll"],
    )
    state["deployment"] = data["deployment"]
    state["forces"] = {f["id"]: f for f in data["forces"]}
    state["phase"] = "summer"
    for s in state["seats"].values():
        s["ready"] = False


def _decide_ready(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "ready")
    ready = args.get("ready", True)
    if not isinstance(ready, bool):
        raise ActionError("invalid", "'ready' must be true or false")
    return {"seat": seat["id"], "ready": ready}


def _apply_ready(state: State, data: dict) -> None:
    state["seats"][data["seat"]]["ready"] = data["ready"]


def _decide_pause(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args)
    if state["paused"]:
        raise ActionError("conflict", "the campaign is already paused")
    return {}


def _decide_resume(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args)
    if not state["paused"]:
        raise ActionError("conflict", "the campaign is not paused")
    return {}


def _decide_set_deadline(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "deadline")
    if "deadline" not in args:
        raise ActionError("invalid", "'deadline' is required (an ISO 8601 time or null)")
    value = args["deadline"]
    if value is None:
        return {"deadline": None}
    if not isinstance(value, str) or len(value) > 40:
        raise ActionError("invalid", "'deadline' must be an ISO 8601 time or null")
    try:
        when = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ActionError("invalid", f"'deadline' is not an ISO 8601 time: {value!r}") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return {"deadline": when.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")}


def _decide_note(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "text")
    return {"text": _str(args, "text", max_len=4000), "day": state["day"]}


def _decide_deploy(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "squadron", "station", "blockade", "patrol")
    force = _own_squadron_force(state, seat, _str(args, "squadron"))
    targets = [k for k in ("station", "blockade", "patrol") if args.get(k) is not None]
    if len(targets) != 1:
        raise ActionError("invalid", "give exactly one of 'station', 'blockade' or 'patrol'")
    kind = targets[0]
    if kind == "patrol":
        target: Any = list(_position(args["patrol"], "patrol"))
    else:
        target = _str(args, kind, max_len=60)
    destination = fx.deploy_destination(kind, target)
    return {
        "force": force["id"],
        "orders": {"kind": kind, "target": target},
        "route": fx.plan_route(state, force, destination),
    }


def _decide_sail(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "squadron", "ship", "to")
    if (args.get("squadron") is None) == (args.get("ship") is None):
        raise ActionError("invalid", "give exactly one of 'squadron' or 'ship'")
    if "to" not in args:
        raise ActionError("invalid", "'to' is required: a port id or [lon, lat]")
    to = args["to"]
    destination = (
        _position(to, "to")
        if isinstance(to, list | tuple)
        else fx.port_destination(_str(args, "to", max_len=60), british=True)
    )
    if args.get("squadron") is not None:
        force = _own_squadron_force(state, seat, _str(args, "squadron"))
        detach = None
    else:
        code = _str(args, "ship", max_len=8).upper()
        force, detach = _own_ship(state, seat, code)
    orders = {"kind": "sail", "target": list(to) if isinstance(to, list | tuple) else to}
    return {
        "force": force["id"],
        "detach": detach,
        "orders": orders,
        "route": fx.plan_route(state, force, destination),
    }


def _apply_orders(state: State, data: dict) -> None:
    force_id = data["force"]
    if data.get("detach"):
        force_id = fx.detach_ship(state, data["force"], data["detach"])
    force = state["forces"][force_id]
    force["orders"] = data["orders"]
    force["route"] = data["route"]
    if data["route"]:
        force["route"]["start_day"] = state["day"]


def _own_squadron_force(state: State, seat: Seat, squadron: str) -> dict:
    name = squadron.title()
    if name not in SQUADRONS:
        raise ActionError("invalid", f"no squadron {squadron!r}; squadrons: {', '.join(SQUADRONS)}")
    if seat["role"] == "admiral" and seat.get("squadron") != name:
        raise ActionError(
            "forbidden", f"you command the {seat.get('squadron')} squadron, not the {name}"
        )
    for force in state["forces"].values():
        if force["side"] == "Britain" and force.get("squadron") == name and force["afloat"]:
            return force
    raise ActionError("not_found", f"the {name} squadron is not on campaign this summer")


def _own_ship(state: State, seat: Seat, code: str) -> tuple[dict, str | None]:
    """The force carrying ship ``code``, and the code again when it must be detached."""
    for force in state["forces"].values():
        if force["side"] != "Britain":
            continue
        for ship in force["ships"]:
            if ship["code"] == code and ship["status"] == "afloat":
                if seat["role"] == "captain" and seat.get("ship") != code:
                    raise ActionError("forbidden", f"you command {seat.get('ship')}, not {code}")
                if seat["role"] == "admiral" and force.get("squadron") != seat.get("squadron"):
                    raise ActionError("forbidden", f"{code} is not in your squadron")
                return force, (code if len(force["ships"]) > 1 else None)
    raise ActionError("not_found", f"no British ship {code!r} is afloat on campaign")


def _decide_move_enemy(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "force", "to")
    fid = _str(args, "force", max_len=40)
    force = state["forces"].get(fid)
    if force is None or force["side"] == "Britain" or not force["afloat"]:
        raise ActionError("not_found", f"no enemy force {fid!r} afloat")
    to = args.get("to")
    destination = (
        _position(to, "to")
        if isinstance(to, list | tuple)
        else fx.port_destination(_str(args, "to", max_len=60))
    )
    return {
        "force": fid,
        "orders": {"kind": "sail", "target": to},
        "route": fx.plan_route(state, force, destination),
    }


def _decide_advance(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    _only(args, "days")
    left = SEASON_DAYS - state["day"]
    if left <= 0:
        raise ActionError("wrong_phase", "the summer is over: resolve the season")
    days = _int(args, "days", 1, min(30, left))
    open_fights = [e["id"] for e in state["engagements"].values() if not e["over"]]
    if open_fights:
        raise ActionError("wrong_phase", f"engagement {open_fights[0]} awaits its captains")
    return fx.advance(state, days, rng)


def _apply_advance(state: State, data: dict) -> None:
    fx.apply_advance(state, data)


def _decide_engage(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    from server import engagements

    _only(args, "engagement", "decision", "shot", "target")
    return engagements.decide_round(state, seat, args)


def _apply_engage(state: State, data: dict) -> None:
    from server import engagements

    engagements.apply_round(state, data)


def _decide_resolve(state: State, seat: Seat, args: Args, rng: random.Random) -> dict:
    from server import season

    _only(args)
    if any(not e["over"] for e in state["engagements"].values()):
        raise ActionError("wrong_phase", "an engagement is still being fought")
    return season.resolve(state, rng)


def _apply_resolve(state: State, data: dict) -> None:
    state["report"] = data["report"]
    state["phase"] = "over"


def _set(key: str, value: Any) -> Callable[[State, dict], None]:
    def apply(state: State, data: dict) -> None:
        state[key] = data.get(key, value) if value is None else value

    return apply


def _apply_note(state: State, data: dict) -> None:
    state["notes"].append(data)


ACTIONS: dict[str, Action] = {
    "set_ships": Action(("prime-minister",), ("cabinet",), _decide_set_ships, _apply_set_ships),
    "set_deployment": Action(
        ("first-sea-lord",), ("cabinet",), _decide_set_deployment, _apply_set_deployment
    ),
    "roll_force": Action(("gm",), ("cabinet",), _decide_roll_force, _apply_roll_force),
    "deploy": Action(("admiral",), ("summer",), _decide_deploy, _apply_orders),
    "sail": Action(("admiral", "captain"), ("summer",), _decide_sail, _apply_orders),
    "ready": Action(
        ("prime-minister", "first-sea-lord", "admiral", "captain"),
        ("cabinet", "summer"),
        _decide_ready,
        _apply_ready,
    ),
    "advance": Action(("gm",), ("summer",), _decide_advance, _apply_advance, while_paused=False),
    "engage_decision": Action(
        ("captain", "gm"), ("summer",), _decide_engage, _apply_engage, while_paused=False
    ),
    "resolve_summer": Action(("gm",), ("summer",), _decide_resolve, _apply_resolve),
    "pause": Action(("gm",), ("cabinet", "summer", "over"), _decide_pause, _set("paused", True)),
    "resume": Action(("gm",), ("cabinet", "summer", "over"), _decide_resume, _set("paused", False)),
    "set_deadline": Action(
        ("gm",), ("cabinet", "summer", "over"), _decide_set_deadline, _set("deadline", None)
    ),
    "note": Action(("gm",), ("cabinet", "summer", "over"), _decide_note, _apply_note),
    "move_enemy": Action(("gm",), ("summer",), _decide_move_enemy, _apply_orders),
}


def decide(state: State, seat: Seat, args: Args, rng: random.Random) -> tuple[str, dict]:
    """Check ``args`` from ``seat`` against the rules and return ``(type, data)``.

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
        if seat["role"] != "gm":
            raise ActionError("forbidden", "only the GM may act for another seat")
        other = state["seats"].get(args["as"]) if isinstance(args["as"], str) else None
        if other is None:
            raise ActionError("not_found", f"no seat {args['as']!r}")
        seat = other
    action = ACTIONS[kind]
    if seat["role"] not in action.roles:
        raise ActionError(
            "forbidden", f"a {seat['role']} may not {kind}; only: {', '.join(action.roles)}"
        )
    if state["phase"] not in action.phases:
        raise ActionError("wrong_phase", f"{kind} is not allowed in the {state['phase']} phase")
    if state["paused"] and not action.while_paused:
        raise ActionError("wrong_phase", "the campaign is paused")
    data = action.decide(state, seat, args, rng)
    if "as" in args:
        data["as"] = seat["id"]
    return kind, data


def apply_event(state: State, kind: str, data: dict[str, Any]) -> None:
    """Apply one logged event to ``state`` (in place). No dice: everything is in ``data``.

    The state never shares objects with ``data``: later events change the state in place,
    and the logged event must stay as it was written.
    """
    data = copy.deepcopy(data)
    if kind == "campaign_created":
        state["seats"][data["gm"]["id"]] = {**data["gm"], "ready": False}
    elif kind in ("seat_created", "seat_reissued"):
        state["seats"][data["seat"]["id"]] = {**data["seat"], "ready": False}
    else:
        ACTIONS[kind].apply(state, data)
