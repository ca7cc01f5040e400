"""What each seat may see: snapshots and events cut down on the server, never in the browser.

The GM sees everything. Players (ministers, admirals, captains) see every British force, an
enemy force only while a British force is within sighting range of it (and never its orders
or route), their own pending cabinet choice but not another's, and no GM notes. Observers see
the public status only: campaign, phase, date, seats and who is ready, and the season report.
A voyage the GM shows (``show_voyage``) is seen by the seats it is shown to and the GM only.
Table talk (``say``): a message to all reaches every seat, observers too; a private one its
sender, its recipient and the GM only (:func:`hears`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from server.game.forces import SIGHTING_NM, distance_nm
from server.game.money import investments_for
from server.game.officers import berth_of
from server.game.rules import ship_rating
from server.game.season import report_for
from server.game.state import (
    Force,
    OfficerRecord,
    SeasonRecord,
    Seat,
    ShownVoyage,
    State,
    YearRecord,
    current_year,
    month_of,
    season_date,
    season_days,
)

__all__ = [
    "audiences",
    "hears",
    "event_for",
    "is_gm",
    "officer_for",
    "public_officer",
    "public_seat",
    "rated",
    "shown_to",
    "state_for",
    "visible_forces",
]

PLAYERS = ("prime-minister", "first-sea-lord", "admiral", "captain")
#: events a seat's own choice makes private to it (a minister's until the roll)
PRIVATE_EVENTS = ("set_ships", "set_deployment", "standing_orders", "invest")
FORCE_EVENTS = (
    "roll_force",
    "deploy",
    "sail",
    "advance",
    "engage_decision",
    "move_enemy",
    "volunteer",
    "plan_cruise",
)
PUBLIC_EVENTS = (
    "seat_created",
    "seat_reissued",
    "ready",
    "pause",
    "resume",
    "set_deadline",
    "set_clock",
    "officer_created",
    "reassign",
    "seat_revoked",
    "apply_appointment",  # the book's applications are announced, their results gazetted
)
#: the public events that move the turn's deadline: they carry it after them
_DEADLINES = ("resume", "set_clock", "next_season")
#: what every seat sees of an officer of the fleet (the rest is his and the GM's)
PUBLIC_OFFICER = ("id", "name", "rank", "player", "dead", "appointment")


def is_gm(seat: Seat) -> bool:
    return seat["role"] == "gm"


def shown_to(voyage: ShownVoyage, seat: Seat) -> bool:
    """Whether ``seat`` sees a voyage the GM showed: the GM always, every seat when it was
    shown to ``"all"``, else the seats it names."""
    return is_gm(seat) or voyage["to"] == "all" or seat["id"] in voyage["to"]


def hears(data: dict[str, Any], seat: Seat) -> bool:
    """Whether ``seat`` reads a ``say`` event: a message to ``all`` reaches every seat, an
    observer's too; a private one (to ``gm`` or to a seat) its sender, its recipient and
    the GM only."""
    if data["to"] == "all" or is_gm(seat):
        return True
    return seat["id"] in (data["seat"], data["to"])


def _said(data: dict[str, Any], after: State) -> dict[str, Any]:
    """A message as those who read it get it: who sent it (his seat's name then), to whom,
    the text and the day; the same for every reader, the GM's ``as`` and args left out."""
    sender = after["seats"].get(data["seat"])
    return {
        "seat": data["seat"],
        "name": sender["name"] if sender else data["seat"],
        "to": data["to"],
        "text": data["text"],
        "day": data["day"],
    }


def public_seat(seat: Seat) -> dict[str, Any]:
    """What every seat sees of a seat: never its token, which the state does not hold."""
    keys = ("id", "role", "name", "squadron", "ship", "officer", "ready")
    return {**{k: seat.get(k) for k in keys}, "vacant": bool(seat.get("vacant"))}


def officer_for(officer: OfficerRecord, seat: Seat) -> dict[str, Any]:
    """What ``seat`` sees of an officer: all of him for the GM and for his own player; his
    name, rank, berth and whether he lives for everyone else (the officers are all of the
    British fleet: the enemy's are never in the state)."""
    if is_gm(seat) or (officer["player"] is not None and officer["player"] == seat["id"]):
        return {**copy.deepcopy(officer), "berth": berth_of(officer)}
    return public_officer(officer)


def public_officer(officer: OfficerRecord) -> dict[str, Any]:
    public: dict[str, Any] = {k: officer.get(k) for k in PUBLIC_OFFICER}
    return {**public, "berth": berth_of(officer)}


def rated(force: dict[str, Any]) -> dict[str, Any]:
    """A force's view with its ``rating`` for the chart's symbol: its largest afloat ship's
    (:func:`server.game.rules.ship_rating`; None when none is afloat)."""
    afloat = [s["type"] for s in force.get("ships", ()) if s.get("status", "afloat") == "afloat"]
    force["rating"] = ship_rating(afloat)
    return force


def visible_forces(state: State, seat: Seat) -> list[Force]:
    """The forces ``seat`` may see, as they may see them, each with its ``rating``."""
    return [rated(f) for f in _visible(state, seat)]  # type: ignore[misc]


def _visible(state: State, seat: Seat) -> list[Any]:
    forces = list(state["forces"].values())
    if is_gm(seat):
        return copy.deepcopy(forces)
    if seat["role"] not in PLAYERS:
        return []
    british = [(f["lon"], f["lat"]) for f in forces if f["side"] == "Britain" and f["afloat"]]
    seen: list[Any] = []
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


def _engagements(state: State, seat: Seat) -> list[Any]:
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
        "month": month_of(state),
        "season_days": season_days(state),
        "paused": state["paused"],
        "deadline": state["deadline"],
        "clock": dict(state["clock"]),
        "year": current_year(state),
        "years": [_year_for(y, seat) for y in state.get("years", ())],
        "seats": [public_seat(s) for s in state["seats"].values()],
        "report": copy.deepcopy(report_for(state["report"], seat)),
        "officers": [officer_for(o, seat) for o in state["officers"].values()],
        "voyages": [copy.deepcopy(v) for v in state.get("voyages", []) if shown_to(v, seat)],
    }
    if seat["role"] == "observer":
        return view
    view.update(
        cabinet=_cabinet(state, seat),
        deployment=copy.deepcopy(state["deployment"]),
        forces=visible_forces(state, seat),
        engagements=_engagements(state, seat),
        results=dict(state["results"]),
        cruises=copy.deepcopy(list(state.get("cruises", {}).values())),
    )
    view["investments"] = investments_for(state, seat)  # his own, the GM all
    view["standing"] = copy.deepcopy(
        state["standing"]
        if is_gm(seat)
        else {k: v for k, v in state["standing"].items() if k == seat["id"]}
    )
    if is_gm(seat):
        view["notes"] = copy.deepcopy(state["notes"])
        view["campaign"]["seed"] = state["campaign"]["seed"]
    return view


def _year_for(year: YearRecord, seat: Seat) -> dict[str, Any]:
    """A summer gone by as ``seat`` may see it: what sailed and was fought (an observer the
    results only), the report cut for it."""
    out: dict[str, Any] = {
        "year": year["year"],
        "results": dict(year["results"]),
        "report": copy.deepcopy(report_for(year["report"], seat)),
    }
    if seat["role"] != "observer":
        out["deployment"] = copy.deepcopy(year["deployment"])
        out["engagements"] = copy.deepcopy(year["engagements"])
    # every officer's public record that year (rank, berth, alive); his own and the GM's
    # whole (NA, funds, wounds, experience): the career pages
    out["seasons"] = [_season_page(page, seat) for page in year.get("seasons", ())]
    public = ("name", "rank", "dead", "player", "ship", "squadron")
    out["officers"] = {
        oid: (
            dict(o)
            if is_gm(seat) or o.get("player") == seat["id"]
            else {k: o[k] for k in public if k in o}
        )
        for oid, o in year.get("officers", {}).items()
    }
    return out


def _season_page(page: SeasonRecord, seat: Seat) -> dict[str, Any]:
    """A season after the summer as ``seat`` may see it: the ships that cruised in it and
    their results, the volunteers' report cut for it; what they fought (not for an
    observer)."""
    out: dict[str, Any] = {
        "season": page["season"],
        "cruises": copy.deepcopy(page["cruises"]),
        "results": dict(page["results"]),
        "report": copy.deepcopy(report_for(page["report"], seat)),
    }
    if seat["role"] != "observer":
        out["engagements"] = copy.deepcopy(page["engagements"])
    return out


def event_for(
    kind: str,
    seq: int,
    author: str | None,
    data: dict[str, Any],
    before: State,
    after: State,
    seat: Seat,
) -> dict[str, Any] | None:
    """The ``event`` payload ``seat`` receives for one logged event, or None for nothing.
    A public event is the same for every seat, the GM's too (one emit sends it to all).
    Each says when it was logged (``at``), and the turn clock's what fell due (``due``)."""
    payload = _event_for(kind, seq, author, data, before, after, seat)
    if payload is not None:
        payload.update({k: data[k] for k in ("at", "due") if k in data})
    return payload


def _event_for(
    kind: str,
    seq: int,
    author: str | None,
    data: dict[str, Any],
    before: State,
    after: State,
    seat: Seat,
) -> dict[str, Any] | None:
    if kind == "resolve_summer":
        return {"seq": seq, "type": kind, "data": _summer_for(data, after, seat)}
    if kind == "next_season":
        return {"seq": seq, "type": kind, "data": _next_season_for(data, after, seat)}
    if kind == "say":
        return {"seq": seq, "type": kind, "data": _said(data, after)} if hears(data, seat) else None
    if is_gm(seat) and kind not in PUBLIC_EVENTS:
        full = copy.deepcopy(data)
        if kind in FORCE_EVENTS:  # the GM's whole picture after it, as players get theirs
            full["view"] = {
                "forces": visible_forces(after, seat),
                "engagements": _engagements(after, seat),
            }
            full["deadline"] = after["deadline"]
        return {"seq": seq, "type": kind, "data": full}
    out = _player_data(kind, author, data, before, after, seat)
    if out is None:
        return None
    return {"seq": seq, "type": kind, "data": out}


def _view_key(kind: str, author: str | None, data: dict[str, Any], seat: Seat) -> str:
    """Seats with one key are sent one payload of this event (what :func:`event_for` reads
    of a seat: the GM or not, its role's class, and whether it made a private choice)."""
    if kind in PUBLIC_EVENTS:
        return "public"
    if kind == "say":  # one payload for all who read it; the bare seq for the rest
        return "said" if hears(data, seat) else "unsaid"
    if is_gm(seat):
        return "gm"
    if kind == "show_voyage":
        return "voyage:" + ("shown" if shown_to(data["shown"], seat) else "not shown")
    if kind == "resolve_summer" and seat["id"] in _players_of(data):
        return "seat:" + seat["id"]
    if kind == "next_season":
        volunteers = data.get("volunteers")
        mine = volunteers is not None and seat["id"] in _players_of(volunteers)
        return "seat:" + seat["id"] if mine else "season"
    if kind in PRIVATE_EVENTS and (data.get("as") or author) == seat["id"]:
        return "seat:" + seat["id"]
    if seat["role"] in PLAYERS and (told := _told(data, seat)):
        return "player:" + ",".join(f"{n['kind']}/{n['engagement']}" for n in told)
    return "player" if seat["role"] in PLAYERS else seat["role"]


def _told(data: dict[str, Any], seat: Seat) -> list[dict[str, Any]]:
    """The engagements' notices of an event addressed to ``seat`` (its ship or squadron
    is in the fight); the GM is told them all."""
    return [n for n in data.get("notices") or () if seat["id"] in n["seats"]]


def audiences(
    kind: str, seq: int, author: str | None, data: dict[str, Any], before: State, after: State
) -> list[tuple[dict[str, Any], list[str]]]:
    """Every seat's payload of one logged event, each distinct view computed once:
    ``(payload, seat ids)`` groups, seats with equal payloads in one group (a public event is
    one group). A seat that may see nothing of the event is sent the bare ``{"seq": seq}``:
    every seat gets every seq, so a client tells a gap in its stream (an event still on its
    way) from an event it may not see, and seqs already tell how many events there were."""
    classes: dict[str, list[Seat]] = {}
    for seat in after["seats"].values():
        classes.setdefault(_view_key(kind, author, data, seat), []).append(seat)
    groups: list[tuple[dict[str, Any], list[str]]] = []
    for seats in classes.values():
        payload = event_for(kind, seq, author, data, before, after, seats[0]) or {"seq": seq}
        ids = [s["id"] for s in seats]
        same = next((g for g in groups if g[0] == payload), None)
        if same is None:
            groups.append((payload, ids))
        else:
            same[1].extend(ids)
    return groups


def _player_data(
    kind: str, author: str | None, data: dict[str, Any], before: State, after: State, seat: Seat
) -> dict[str, Any] | None:
    acting = data.get("as") or author
    if kind in PUBLIC_EVENTS:
        if kind in ("seat_created", "seat_reissued", "officer_created"):
            return _seating(kind, data, after)
        public = {k: copy.deepcopy(v) for k, v in data.items() if k not in ("args", "at")}
        if kind in _DEADLINES:
            public["deadline"] = after["deadline"]
        return public
    if kind == "show_voyage":  # the seats it is shown to, observers too
        return {"shown": copy.deepcopy(data["shown"])} if shown_to(data["shown"], seat) else None
    if kind == "standing_orders":  # his own, and the GM's
        return {k: data[k] for k in ("seat", "orders")} if acting == seat["id"] else None
    if kind == "invest":  # his own money, and the GM's to know
        return (
            copy.deepcopy({k: data[k] for k in ("investment", "funds")})
            if acting == seat["id"]
            else None
        )
    if kind in PRIVATE_EVENTS:  # a minister's choice is his own till the roll
        return {"digit": data["digit"]} if acting == seat["id"] else None
    if seat["role"] == "observer":
        return _OBSERVED[kind](data, after) if kind in _OBSERVED else None
    if kind not in FORCE_EVENTS:  # campaign_created, note: the GM's only
        return None
    forces = visible_forces(after, seat)
    if kind == "move_enemy" and forces == visible_forces(before, seat):
        return None  # the GM's move of a force no player sees
    out: dict[str, Any] = {"forces": forces, "engagements": _engagements(after, seat)}
    out.update(_FORCE_EXTRAS[kind](data, after))
    told = _told(data, seat)
    if told:
        out["notices"] = copy.deepcopy(told)
    return out


def _seating(kind: str, data: dict[str, Any], after: State) -> dict[str, Any]:
    """A seat made or handed on, an officer made or seated: public, and the officer's
    sheet left out (his own seat and the GM read it through the officers' endpoint)."""
    out: dict[str, Any] = {}
    if kind != "officer_created":
        out["seat"] = public_seat(after["seats"][data["seat"]["id"]])
    officer = data.get("officer")
    if officer is not None:
        out["officer"] = public_officer(after["officers"][officer["id"]])
        out["ashore"] = data.get("ashore")
    return out


def _players_of(data: dict[str, Any]) -> set[str]:
    outcomes = data["report"].get("outcomes", {})
    invested = {r["player"] for r in data["report"].get("returns", ()) if r["player"]}
    appointed = {r["player"] for r in data.get("appointments", ())}
    return {o["player"] for o in outcomes.values() if o["player"]} | invested | appointed


def _summer_for(data: dict[str, Any], after: State, seat: Seat) -> dict[str, Any]:
    """The season's event as ``seat`` reads it: the report cut for it, and the officers it
    changed as it may see them."""
    report = report_for(data["report"], seat)
    if is_gm(seat):
        out = {**copy.deepcopy(data), "report": report}
    else:
        out = {"report": copy.deepcopy(report)}
        mine = [copy.deepcopy(r) for r in data.get("appointments", ()) if r["player"] == seat["id"]]
        if mine:  # his own appointment's renewal
            out["appointments"] = mine
    out["officers"] = [
        officer_for(after["officers"][oid], seat) for oid in data.get("officers", {})
    ]
    return out


def _next_season_for(data: dict[str, Any], after: State, seat: Seat) -> dict[str, Any]:
    """The new season as ``seat`` reads it: the phase and year, the turn's deadline, and
    the volunteers' outcomes of the season that ended (their report cut for it, the
    officers it changed as it may see them)."""
    out: dict[str, Any] = {
        **({"args": data["args"]} if is_gm(seat) else {}),
        "phase": data["phase"],
        "year": data["year"],
        "deadline": after["deadline"],
    }
    volunteers = data.get("volunteers")
    if volunteers is not None:
        out["volunteers"] = _summer_for(volunteers, after, seat)
    return out


def _date_of(data: dict[str, Any], after: State) -> dict[str, Any]:
    return {
        "days": data["days"],
        "day": data["day"],
        "date": season_date(after).isoformat(),
        "deadline": after["deadline"],
    }


Extra = Callable[[dict[str, Any], State], dict[str, Any]]
# What an observer is told of the events that move forces: the phase and the date only.
_OBSERVED: dict[str, Extra] = {
    "roll_force": lambda data, after: {"phase": after["phase"], "deadline": after["deadline"]},
    "advance": _date_of,
}
# What a player's event carries beside the forces and engagements he sees after it.
_FORCE_EXTRAS: dict[str, Extra] = {
    "roll_force": lambda data, after: {
        **{
            k: copy.deepcopy(data[k])
            for k in ("ships_digit", "deployment_digit", "roll", "rolled", "deployment")
        },
        "deadline": after["deadline"],
        "officers": [public_officer(o) for o in data.get("officers", ())],
    },
    "deploy": lambda data, after: {k: data[k] for k in ("force", "orders", "route")},
    "sail": lambda data, after: {
        **{k: data[k] for k in ("force", "orders", "route")},
        "detach": data.get("detach"),  # the ship sailed off on her own, if one was
    },
    "advance": lambda data, after: {
        **_date_of(data, after),
        "results": dict(after["results"]),
        "breakouts": copy.deepcopy(data.get("breakouts", [])),
    },
    "engage_decision": lambda data, after: {
        "engagement": data["engagement"],
        "results": dict(after["results"]),
    },
    "move_enemy": lambda data, after: {},
    "volunteer": lambda data, after: {
        k: copy.deepcopy(data[k]) for k in ("cruise", "declined") if k in data
    },
    "plan_cruise": lambda data, after: {k: copy.deepcopy(data[k]) for k in ("cruise", "missions")},
}
