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

from server import authority
from server import forces as fx
from server.authority import OTHER, OWN
from server.errors import ActionError

__all__ = [
    "ACTIONS",
    "ROLES",
    "SEASON_DAYS",
    "Action",
    "apply_event",
    "decide",
    "decide_reissue",
    "decide_seat",
    "require_log_reader",
    "event_rng",
    "initial_state",
    "season_date",
]

ROLES = ("gm", "prime-minister", "first-sea-lord", "admiral", "captain", "observer")
SQUADRONS = ("White", "Red", "Blue", "Blockade")
SEAT_ROLES = tuple(r for r in ROLES if r != "gm")  # the GM's seat comes with the campaign
UNIQUE_ROLES = ("prime-minister", "first-sea-lord")
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
    """One action type: how it is decided and applied (who may send it, and when, is the
    table of :mod:`server.authority`)."""

    decide: Callable[[State, Seat, Args, random.Random], dict[str, Any]]
    apply: Callable[[State, dict[str, Any]], None]


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
    force = _squadron_force(state, seat, _str(args, "squadron"), "deploy")
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
        force = _squadron_force(state, seat, _str(args, "squadron"), "sail")
        detach = None
    else:
        code = _str(args, "ship", max_len=8).upper()
        force, detach = _ship_force(state, seat, code, "sail")
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


def _not_yours(seat: Seat, target: str) -> str:
    """The refusal of an order aimed at ``target``, saying what ``seat`` commands instead."""
    if seat["role"] == "admiral":
        return f"you command the {seat.get('squadron')} squadron, not {target}"
    if seat["role"] == "captain":
        return f"you command {seat.get('ship')}, not {target}"
    return f"a {seat['role']} commands no ship"


def _squadron_force(state: State, seat: Seat, squadron: str, kind: str) -> dict:
    """The force of ``squadron``, when ``seat`` may give it ``kind`` orders."""
    name = squadron.title()
    if name not in SQUADRONS:
        raise ActionError("invalid", f"no squadron {squadron!r}; squadrons: {', '.join(SQUADRONS)}")
    own = seat["role"] == "admiral" and seat.get("squadron") == name
    authority.require_command(
        kind, seat["role"], OWN if own else OTHER, _not_yours(seat, f"the {name} squadron")
    )
    for force in state["forces"].values():
        if force["side"] == "Britain" and force.get("squadron") == name and force["afloat"]:
            return force
    raise ActionError("not_found", f"the {name} squadron is not on campaign this summer")


def _ship_force(state: State, seat: Seat, code: str, kind: str) -> tuple[dict, str | None]:
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
    "set_ships": Action(_decide_set_ships, _apply_set_ships),
    "set_deployment": Action(_decide_set_deployment, _apply_set_deployment),
    "roll_force": Action(_decide_roll_force, _apply_roll_force),
    "deploy": Action(_decide_deploy, _apply_orders),
    "sail": Action(_decide_sail, _apply_orders),
    "ready": Action(_decide_ready, _apply_ready),
    "advance": Action(_decide_advance, _apply_advance),
    "engage_decision": Action(_decide_engage, _apply_engage),
    "resolve_summer": Action(_decide_resolve, _apply_resolve),
    "pause": Action(_decide_pause, _set("paused", True)),
    "resume": Action(_decide_resume, _set("paused", False)),
    "set_deadline": Action(_decide_set_deadline, _set("deadline", None)),
    "note": Action(_decide_note, _apply_note),
    "move_enemy": Action(_decide_move_enemy, _apply_orders),
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
        authority.require_seat("act_as", seat["role"], state["phase"], state["paused"])
        other = state["seats"].get(args["as"]) if isinstance(args["as"], str) else None
        if other is None:
            raise ActionError("not_found", f"no seat {args['as']!r}")
        seat = other
    authority.require_seat(kind, seat["role"], state["phase"], state["paused"])
    data = ACTIONS[kind].decide(state, seat, args, rng)
    if "as" in args:
        data["as"] = seat["id"]
    return kind, data


def decide_seat(state: State, author: Seat, args: Any, seat_id: str) -> dict[str, Any]:
    """``seat_created``'s data: the seat ``author`` (the GM) adds from ``args``."""
    authority.require_seat("seat_created", author["role"], state["phase"], state["paused"])
    if not isinstance(args, dict):
        raise ActionError("invalid", "a seat is a JSON object with a 'role'")
    return {"seat": {"id": seat_id, **_checked_seat(state, args)}}


def decide_reissue(state: State, author: Seat, seat_id: str, name: Any = None) -> dict[str, Any]:
    """``seat_reissued``'s data: the seat ``seat_id`` handed on, optionally to a new name."""
    authority.require_seat("seat_reissued", author["role"], state["phase"], state["paused"])
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 200):
        raise ActionError("invalid", "'name' must be a non-empty string")
    seat = state["seats"].get(seat_id)
    if seat is None:
        raise ActionError("not_found", f"no seat {seat_id!r}")
    if seat["role"] == "gm" and seat_id != author["id"]:
        raise ActionError("forbidden", "that is the GM's seat")
    public = {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship")}
    if name:
        public["name"] = name.strip()
    return {"seat": public}


def _checked_seat(state: State, args: dict[str, Any]) -> dict[str, Any]:
    from server import rules

    extra = sorted(set(args) - {"role", "name", "squadron", "ship"})
    if extra:
        raise ActionError("invalid", f"unexpected field(s): {', '.join(extra)}")
    role = args.get("role")
    if role not in SEAT_ROLES:
        raise ActionError("invalid", f"'role' must be one of {', '.join(SEAT_ROLES)}")
    name = args.get("name", role.replace("-", " ").title())
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise ActionError("invalid", "'name' must be a non-empty string of at most 200 characters")
    seat = {"role": role, "name": name.strip(), "squadron": None, "ship": None}
    taken = list(state["seats"].values())
    if role in UNIQUE_ROLES and any(s["role"] == role for s in taken):
        raise ActionError("conflict", f"the campaign already has a {role}")
    if role == "admiral":
        squadron = args.get("squadron")
        if not isinstance(squadron, str) or squadron.title() not in SQUADRONS:
            raise ActionError("invalid", f"an admiral needs a 'squadron': {', '.join(SQUADRONS)}")
        seat["squadron"] = squadron.title()
        if any(s["role"] == "admiral" and s["squadron"] == seat["squadron"] for s in taken):
            raise ActionError("conflict", f"the {seat['squadron']} squadron has an admiral")
    elif role == "captain":
        ship = args.get("ship")
        if not isinstance(ship, str):
            raise ActionError("invalid", "a captain needs a 'ship' (two-letter code)")
        try:
            rules.briny_ship(ship.upper())
        except (KeyError, ValueError) as exc:
            raise ActionError("not_found", str(exc.args[0] if exc.args else exc)) from None
        seat["ship"] = ship.upper()
        if any(s["role"] == "captain" and s["ship"] == seat["ship"] for s in taken):
            raise ActionError("conflict", f"{seat['ship']} already has a captain")
    elif args.get("squadron") is not None or args.get("ship") is not None:
        raise ActionError("invalid", f"a {role} has no squadron or ship")
    return seat


def require_log_reader(state: State, seat: Seat) -> None:
    """Refuse the whole log (every seed and secret order) to any seat but the GM's."""
    authority.require_seat("read_log", seat["role"], state["phase"], state["paused"])


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
