"""A year of service, the player's choice (seed 000, Appendix II "Experience Table: Years of
Service", 000:2605-2655; docs/rules-notes.md "A Year of Service", "Whose choice").

Each summer an officer sails and lives he turns a card of the naval chart
(:func:`server.game.officers.years_of_service`, at ``resolve_summer``). The row's "of your
choice" (which of the face's two Measures, which skill the point goes to, the joker's card)
is a seated player's to make, with the ``year_of_service`` action, in the autumn that opens
(the season report, where his card is told him); an NPC's, and a vacant seat's, are the
dice's at once. A choice not made when the autumn's turn moves on (an ``advance`` or a
``next_season``, the GM's or the clock's: its deadline, or every player ready) is the
dice's, drawn with his card (:func:`defaults`), and is applied before that turn's own
decisions. No Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping
from typing import Any, cast

from server.game import events, notices, officers, payloads, rules
from server.game.errors import ActionError
from server.game.spec import Grant, Spec, View
from server.game.state import OFF_SEASONS, PLAYERS, OfficerRecord, Seat, State

__all__ = [
    "YEAR_OF_SERVICE",
    "apply_served",
    "apply_year_of_service",
    "decide_year_of_service",
    "defaults",
    "pending",
    "with_served",
]


def pending(state: State) -> dict[str, dict[str, Any]]:
    """``{officer id: his year of service}`` for each card turned whose gain is still his
    player's to choose (the season report's outcomes: ``offer`` in his ``service``)."""
    report = state.get("report") or {}
    outcomes = report.get("outcomes") or {}
    return {oid: o["service"] for oid, o in outcomes.items() if "offer" in o.get("service", {})}


def defaults(state: State) -> dict[str, dict[str, Any]]:
    """The dice's choice for every year of service not chosen (docs/rules-notes.md "Whose
    choice"): ``{officer id: {"service": the year as the dice chose it with his card,
    "sheet": his sheet after it}}``; empty when none waits (the event logs nothing then)."""
    out: dict[str, dict[str, Any]] = {}
    for oid, year in pending(state).items():
        officer = state["officers"].get(oid)
        if officer is None or officer["dead"]:
            continue
        after = rules.officer_serving(officer, year["dice"])
        out[oid] = {"service": copy.deepcopy(year["dice"]), "sheet": after["sheet"]}
    return out


def with_served(state: State, served: Mapping[str, Mapping[str, Any]]) -> State:
    """``state`` as the years of service ``served`` leave its officers (a shallow copy: the
    turn that moves on decides with their sheets after the choice)."""
    if not served:
        return state
    roster = dict(state["officers"])
    for oid, got in served.items():
        roster[oid] = cast(OfficerRecord, {**roster[oid], "sheet": got["sheet"]})
    return cast(State, {**state, "officers": roster})


def _reports(state: State) -> Iterator[dict[str, Any]]:
    """The season reports that hold this summer's outcomes: the state's and its year's
    record (one object, or two after the state was stored and read again)."""
    seen: list[int] = []
    years = state.get("years") or []
    for report in (state.get("report"), years[-1]["report"] if years else None):
        if report and "outcomes" in report and id(report) not in seen:
            seen.append(id(report))
            yield report


def apply_served(state: State, served: Mapping[str, Mapping[str, Any]]) -> None:
    """Each year of service of ``served`` on its officer's sheet and in the report (its card
    no longer waits for a choice); his Experiences in the year's record. His record is
    replaced, not changed (a decision's copy of the state shares the roster's records)."""
    years = state.get("years") or []
    for oid, got in served.items():
        officer = state["officers"][oid]
        state["officers"][oid] = {**officer, "sheet": copy.deepcopy(got["sheet"])}
        for report in _reports(state):
            if oid in report["outcomes"]:
                report["outcomes"][oid] = {
                    **report["outcomes"][oid],
                    "service": copy.deepcopy(got["service"]),
                }
        career = years[-1].get("officers", {}).get(oid) if years else None
        if career is not None:
            career["experiences"] = got["sheet"].get("experiences", 0)


def decide_year_of_service(
    state: State, seat: Seat, p: payloads.YearOfService, rng: random.Random
) -> dict[str, Any]:
    """``year_of_service``'s data: his character's year of service as his player chose it
    (Appendix II: "+1 Guts or +1 Discipline and add one point to a skill of your choice";
    the joker's "Choose any card from the above"). Refused, nothing changed: no card of his
    waits for a choice (``conflict``), a choice the card does not give or leaves out
    (``invalid``: :func:`strategy.characters.service.chosen`)."""
    officer = officers.seat_officer(state, seat)
    year = pending(state).get(officer["id"]) if officer is not None else None
    if officer is None or year is None:
        raise ActionError(
            "conflict",
            "your character has no year of service to choose: it is chosen once, in the "
            "autumn after a summer he sailed, before its turn moves on",
        )
    gain = {k: v for k, v in (("measure", p.measure), ("skill", p.skill)) if v is not None}
    after, chosen = rules.officer_chose(officer, year["card"], gain, p.card)
    return {"officer": officer["id"], "service": chosen, "sheet": after["sheet"]}


def apply_year_of_service(state: State, data: events.YearOfService) -> None:
    apply_served(state, {data["officer"]: {"service": data["service"], "sheet": data["sheet"]}})


YEAR_OF_SERVICE = Spec(
    "year_of_service",
    payloads.YearOfService,
    # his own character's, in the autumn the summer's resolution opens (the GM makes a
    # player's with "as"); the seats with no character are refused by the rule
    {role: Grant((OFF_SEASONS[0],)) for role in PLAYERS},
    decide_year_of_service,
    apply_year_of_service,
    events.YearOfService,
    View(
        "private", lambda data, after: {k: copy.deepcopy(data[k]) for k in ("officer", "service")}
    ),
    touches=("officers", "report", "years"),
    notice=notices.service_chosen,
)
