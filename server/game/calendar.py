"""The year goes round (Briny, TIME SEQUENCE): the summer resolved opens the autumn, then
winter and spring, then the next year's cabinet; each season's end keeps what it was for
its page (what sailed, what was fought, who rose and who fell) and clears the map for the
next.

The summer is kept in the year's record as soon as it is resolved; each season after it
adds its own when it ends (its cruises, their fights and the volunteers' report). Each
season's days count from its first (:func:`server.game.state.season_date`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from server.game import (
    announcements,
    appointments,
    cruises,
    events,
    notices,
    officers,
    payloads,
    service,
)
from server.game.authority import OFF
from server.game.errors import ActionError
from server.game.spec import Grant, Spec, View
from server.game.state import (
    OFF_SEASONS,
    SeasonRecord,
    Seat,
    State,
    YearRecord,
    by_id,
    current_year,
    new_turn,
    season_days,
)

__all__ = [
    "NEXT_SEASON",
    "LAST_YEAR",
    "apply_next_season",
    "decide_next_season",
    "summer_over",
]

#: the last summer of the war (Briny's campaigns run 1793 to 1815)
LAST_YEAR = 1815
#: what the season pages keep of an engagement (not its cards: the log has them)
_KEPT = ("id", "day", "forces", "lon", "lat", "sides", "outcome", "weather", "wounds")
#: what a year keeps of each officer for his career page
_CAREER = (
    "name",
    "rank",
    "na",
    "funds",
    "wounds",
    "experience",
    "dead",
    "player",
    "ship",
    "squadron",
)


def decide_next_season(
    state: State, seat: Seat, p: payloads.NextSeason | None, rng: random.Random
) -> dict[str, Any]:
    """The next season (autumn, winter, spring, then the next year's summer, its cabinet
    first; after the spring of the last year, the war is over), and the season's end for
    the volunteers at sea (``volunteers``: :func:`server.game.cruises.season_outcomes`);
    the spring renews the players' government posts (``appointments``); the resignations
    asked and the applications announced are rolled (``resignations``, ``applications``:
    :func:`server.game.announcements.season_end`)."""
    if any(not e["over"] for e in state["engagements"].values()):
        raise ActionError("wrong_phase", "an engagement is still being fought")
    # a year of service its player did not choose is the dice's as the autumn moves on
    # (server.game.service), before the season's own decisions
    served = service.defaults(state)
    state = service.with_served(state, served)
    phase, year = state["phase"], current_year(state)
    data: dict[str, Any]
    if phase != OFF_SEASONS[-1]:
        data = {"phase": OFF_SEASONS[OFF_SEASONS.index(phase) + 1], "year": year}
    elif year >= LAST_YEAR:
        data = {"phase": "over", "year": year}
    else:
        data = {"phase": "cabinet", "year": year + 1}
    volunteers = cruises.season_outcomes(state, rng)
    if volunteers is not None:
        data["volunteers"] = volunteers
    # the season's months not sailed through pass too (seed 000, "Healing"): the turns
    # from today to the next season's first day
    months = officers.months_turned(state, state["day"], season_days(state))
    healed = officers.healing(state, months, rng)
    if healed:
        data["healed"] = healed
    if served:  # (a season with none decides as it did before the players chose)
        data["served"] = served
    if data["phase"] == "spring":  # "Government and civil appointments are renewed in March"
        renewed = appointments.spring_renewals(state, rng)
        if renewed:  # (a spring with none decides as it did before they were renewed)
            data["appointments"] = renewed
    # the pre-monthly phase of the next month: the resignations asked and the applications
    # announced rolled (Briny 001:512, 001:1115); a season with none draws no die
    data.update(announcements.season_end(state, rng))
    return data


def apply_next_season(state: State, data: events.NextSeason) -> None:
    service.apply_served(state, data.get("served", {}))
    volunteers = data.get("volunteers")
    if volunteers is not None:
        state["officers"].update(volunteers["officers"])
        officers.apply_flag_seats(state, volunteers.get("seats", ()))
        officers.follow_berths(state)
    officers.apply_healed(state, data.get("healed", {}))
    appointments.apply_renewals(state, data)
    announcements.apply_season_end(state, data)
    officers.mission_over(state)  # the season's sailing was the Naval Mission
    if state["phase"] in OFF_SEASONS:
        _season_over(state, volunteers)
    if data["phase"] == "cabinet":
        _new_year(state, data["year"])
    state["phase"] = data["phase"]
    state["day"] = 0
    new_turn(state)


def summer_over(state: State) -> None:
    """The summer resolved: kept for its page, and the map cleared for the autumn (the
    fleet comes home; the volunteers sail from harbour)."""
    _this_year(state)
    _clear(state, keep=())


def _this_year(state: State) -> YearRecord:
    """The current year's record, its summer kept (here, or for a campaign saved before
    summers were kept when resolved, when its year ends)."""
    years = state.setdefault("years", [])
    year = current_year(state)
    if not years or years[-1]["year"] != year:
        fights = by_id(state["engagements"])
        years.append(
            {
                "year": year,
                "deployment": state["deployment"],
                "engagements": [_kept(e) for e in fights],
                "results": state["results"],
                "report": state["report"],
                "officers": _careers(state),
            }
        )
    return years[-1]


def _season_over(state: State, volunteers: Mapping[str, Any] | None) -> None:
    """A season after the summer ends: its cruises, fights and report kept in the year's
    record; the cruises that end with it come home, those going on into the next season
    keep the sea (their passage counted in the next season's days)."""
    phase = state["phase"]
    record = _this_year(state)
    sailed = cruises.at_sea(state)
    if sailed:
        page: SeasonRecord = {
            "season": phase,
            "cruises": sailed,
            "engagements": [_kept(e) for e in by_id(state["engagements"])],
            "results": state["results"],
            "report": volunteers["report"] if volunteers else None,
        }
        record.setdefault("seasons", []).append(page)
    going_on = [c for c in sailed if c["seasons"][-1] != phase]
    days = season_days(state)
    for c in going_on:
        route = state["forces"][c["force"]]["route"]
        if route:
            route["start_day"] -= days  # (the next season's day 0 is this one's last)
    ended = {c["id"] for c in sailed} - {c["id"] for c in going_on}
    state["cruises"] = {cid: c for cid, c in state.get("cruises", {}).items() if cid not in ended}
    _clear(state, keep={c["force"] for c in going_on})


def _clear(state: State, keep: Any) -> None:
    """The map cleared for the next season but for the forces ``keep`` (their ids): the
    fights fought (their ids run on) and the results earned in them."""
    state["fought"] = state.get("fought", 0) + len(state["engagements"])
    state["engagements"] = {}
    state["results"] = {}
    state["forces"] = {fid: f for fid, f in state["forces"].items() if fid in keep}


def _new_year(state: State, year: int) -> None:
    """The year gone by kept; the next one's cabinet to choose, the fleet to be rolled anew
    (its ships repaired over the winter), the officers as the year left them."""
    _this_year(state)["officers"] = _careers(state)
    _clear(state, keep=())
    state["year"] = year
    state["cabinet"] = {"ships_digit": None, "deployment_digit": None, "roll": None}
    state["deployment"] = []
    state["report"] = None


def _kept(engagement: Any) -> dict[str, Any]:
    return {k: v for k, v in engagement.items() if k in _KEPT}


def _careers(state: State) -> dict[str, dict[str, Any]]:
    """Each officer as the year leaves him: the career pages' points (his Health, his
    sheet's state, and his Experiences, its count: a year of service a summer he sailed;
    his own and the GM's to see)."""
    return {
        oid: {
            **{k: v for k, v in o.items() if k in _CAREER},
            "health": o["sheet"]["state"],
            "experiences": o["sheet"].get("experiences", 0),
        }
        for oid, o in state["officers"].items()
    }


NEXT_SEASON = Spec(
    "next_season",
    payloads.NextSeason,
    {"gm": Grant(OFF)},  # the GM (or the turn clock) moves the year on
    decide_next_season,
    apply_next_season,
    events.NextSeason,
    View("season"),
    notice=notices.season_opens,
)
