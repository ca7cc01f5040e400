"""What each seat may see: snapshots and events cut down on the server, never in the browser.

The GM sees everything. Players (ministers, admirals, captains) see every British force, an
enemy force only while a British force is within sighting range of it (and never its orders
or route), their own pending cabinet choice but not another's, and no GM notes. Observers see
the public status only: campaign, phase, date, seats and who is ready, and the season report.
"""

from __future__ import annotations

import copy
from typing import Any

from server.forces import SIGHTING_NM, distance_nm
from server.game import season_date

__all__ = ["event_for", "is_gm", "state_for", "visible_forces"]

State = dict[str, Any]
Seat = dict[str, Any]

PLAYERS = ("prime-minister", "first-sea-lord", "admiral", "captain")
FORCE_EVENTS = ("roll_force", "deploy", "sail", "advance", "engage_decision", "move_enemy")
PUBLIC_EVENTS = (
    "seat_created",
    "seat_reissued",
    "ready",
    "pause",
    "resume",
    "set_deadline",
    "resolve_summer",
)


def is_gm(seat: Seat) -> bool:
    return seat["role"] == "gm"


def public_seat(seat: Seat) -> dict[str, Any]:
    return {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship", "ready")}


def visible_forces(state: State, seat: Seat) -> list[dict[str, Any]]:
    """The forces ``seat`` may see, as they may see them."""
    forces = list(state["forces"].values())
    if is_gm(seat):
        return copy.deepcopy(forces)
    if seat["role"] not in PLAYERS:
        return []
    british = [(f["lon"], f["lat"]) for f in forces if f["side"] == "Britain" and f["afloat"]]
    seen = []
    for force in forces:
        if force["side"] == "Britain":
            seen.append(copy.deepcopy(force))
        elif force["afloat"] and any(
            distance_nm(p, (force["lon"], force["lat"])) <= SIGHTING_NM for p in british
        ):
            seen.append(
                {
                    k: copy.deepcopy(v)
                    for k, v in force.items()
                    if k not in ("orders", "route", "sorties")
                }
            )
    return seen


def _engagements(state: State, seat: Seat) -> list[dict[str, Any]]:
    """Engagements as ``seat`` may see them: players never get a battle's seed (it would
    tell the cards to come) nor other captains' orders pending for the next round."""
    if is_gm(seat):
        return [copy.deepcopy(e) for e in state["engagements"].values()]
    if seat["role"] not in PLAYERS:
        return []
    hidden = ("battle", "key", "pending")
    return [
        {k: copy.deepcopy(v) for k, v in e.items() if k not in hidden}
        for e in state["engagements"].values()
    ]


def _cabinet(state: State, seat: Seat) -> dict[str, Any]:
    cab = dict(state["cabinet"])
    if cab["roll"] is None and not is_gm(seat):  # pending choices are secret until the roll
        if seat["role"] != "prime-minister":
            cab["ships_digit"] = None
        if seat["role"] != "first-sea-lord":
            cab["deployment_digit"] = None
    return cab


def state_for(state: State, seat: Seat) -> dict[str, Any]:
    """The snapshot ``seat`` may see."""
    view: dict[str, Any] = {
        "campaign": {k: state["campaign"][k] for k in ("id", "name", "year")},
        "phase": state["phase"],
        "day": state["day"],
        "date": season_date(state).isoformat(),
        "month": season_date(state).month,
        "paused": state["paused"],
        "deadline": state["deadline"],
        "seats": [public_seat(s) for s in state["seats"].values()],
        "report": copy.deepcopy(state["report"]),
    }
    if seat["role"] == "observer":
        return view
    view.update(
        cabinet=_cabinet(state, seat),
        deployment=copy.deepcopy(state["deployment"]),
        forces=visible_forces(state, seat),
        engagements=_engagements(state, seat),
        results=dict(state["results"]),
    )
    if is_gm(seat):
        view["notes"] = copy.deepcopy(state["notes"])
        view["campaign"]["seed"] = state["campaign"]["seed"]
    return view


def event_for(
    kind: str,
    seq: int,
    author: str | None,
    data: dict[str, Any],
    before: State,
    after: State,
    seat: Seat,
) -> dict[str, Any] | None:
    """The ``event`` payload ``seat`` receives for one logged event, or None for nothing."""
    if is_gm(seat):
        full = copy.deepcopy(data)
        if kind in FORCE_EVENTS:  # the GM's whole picture after it, as players get theirs
            full["view"] = {
                "forces": visible_forces(after, seat),
                "engagements": _engagements(after, seat),
            }
        return {"seq": seq, "type": kind, "data": full}
    out = _player_data(kind, author, data, before, after, seat)
    if out is None:
        return None
    return {"seq": seq, "type": kind, "data": out}


def _player_data(
    kind: str, author: str | None, data: dict[str, Any], before: State, after: State, seat: Seat
) -> dict[str, Any] | None:
    acting = data.get("as") or author
    if kind in PUBLIC_EVENTS:
        if kind in ("seat_created", "seat_reissued"):
            return {"seat": public_seat(after["seats"][data["seat"]["id"]])}
        return {k: copy.deepcopy(v) for k, v in data.items() if k != "args"}
    if kind in ("set_ships", "set_deployment"):
        return {"digit": data["digit"]} if acting == seat["id"] else None
    if kind in ("campaign_created", "note"):
        return None
    if seat["role"] == "observer":
        if kind == "roll_force":
            return {"phase": after["phase"]}
        if kind == "advance":
            return {
                "days": data["days"],
                "day": data["day"],
                "date": season_date(after).isoformat(),
            }
        return None
    if kind not in FORCE_EVENTS:
        return None
    forces = visible_forces(after, seat)
    out: dict[str, Any] = {"forces": forces, "engagements": _engagements(after, seat)}
    if kind == "move_enemy":
        return out if forces != visible_forces(before, seat) else None
    if kind == "roll_force":
        out.update(
            {
                k: copy.deepcopy(data[k])
                for k in ("ships_digit", "deployment_digit", "roll", "rolled", "deployment")
            }
        )
    elif kind in ("deploy", "sail"):
        out.update(force=data["force"], orders=data["orders"], route=data["route"])
    elif kind == "advance":
        out.update(
            days=data["days"],
            day=data["day"],
            date=season_date(after).isoformat(),
            results=dict(after["results"]),
        )
    elif kind == "engage_decision":
        out.update(engagement=data["engagement"], results=dict(after["results"]))
    return out
