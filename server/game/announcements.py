"""Announced decisions of NPCs and the influence brought to bear on them (Briny En Garde!,
TIME SEQUENCE 001:114 "any influenceable action must be announced. This includes ship
applications ..., Appointments desired, or a Request for an officer or appointment-holder to
Retire"; INFLUENCE 001:509-512).

Two things are announced and wait for the season's end: an application to an NPC appointee
(:func:`server.game.appointments.decide_appointment`) and a resignation a player's character
asks of an NPC holding a post (``ask_resignation``: "NPCs will resign on a 7 on 1d6, so
influence is needed!"). Until then anyone may bring favours for or against either
(``influence_appointment``); the favours are spent at once. When the season moves on
(``next_season``: the next month's pre-monthly phase) the resignations are rolled first, an
NPC at sea waiting until he is home, then the applications (:func:`season_end`). No Flask,
no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from server.game import appointments, events, notices, officers, payloads, rules
from server.game.errors import ActionError
from server.game.favours import brought_to_bear, favours_for, spend
from server.game.spec import Grant, Spec, View
from server.game.state import OFF_SEASONS, PLAYERS, OfficerRecord, Seat, State, current_year

__all__ = [
    "ASK_RESIGNATION",
    "INFLUENCE_APPOINTMENT",
    "announcements",
    "apply_ask_resignation",
    "apply_influence_appointment",
    "apply_season_end",
    "decide_ask_resignation",
    "decide_influence_appointment",
    "season_end",
]

#: an ask waits for its roll while it is ``announced``, or ``waiting`` for the NPC at sea
_PENDING = ("announced", "waiting")


def _character(state: State, seat: Seat, what: str) -> OfficerRecord:
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", f"your seat has no living character to {what}")
    return officer


def _asked(state: State) -> list[dict[str, Any]]:
    return state.get("asked_resignations", [])  # type: ignore[return-value]


def _askable(officer: Mapping[str, Any]) -> bool:
    """Whether an officer is an NPC alive in a post a player may apply for (not the King's:
    the ministers' seats are the GM's to give)."""
    post = officer.get("appointment")
    return (
        officer["player"] is None
        and not officer["dead"]
        and post in rules.NAVAL_APPOINTMENTS + rules.GOVERNMENT_APPOINTMENTS
    )


def decide_ask_resignation(
    state: State, seat: Seat, p: payloads.AskResignation, rng: random.Random
) -> dict[str, Any]:
    """``ask_resignation``'s data: the seat's character asks that the NPC ``p.officer``
    resign his post (001:512), announced for everyone's favours. Refused, nothing changed:
    no living character, no such officer (``not_found``), a player's character, the dead,
    one holding no post a player applies for, one asked already (``conflict``)."""
    asker = _character(state, seat, "ask a resignation")
    npc = state["officers"].get(p.officer)
    if npc is None:
        raise ActionError("not_found", f"'officer': no officer {p.officer!r}")
    if npc["player"] is not None:
        raise ActionError(
            "conflict",
            f"{npc['name']} is a player's character: he makes his own decisions (talk to him)",
        )
    if npc["dead"]:
        raise ActionError("conflict", f"{npc['name']} is dead")
    if not _askable(npc):
        held = npc.get("appointment")
        why = f"{held} is the King's to give" if held else "he holds no appointment"
        raise ActionError("conflict", f"{npc['name']} has no post to resign: {why}")
    if any(r["officer"] == npc["id"] and r["status"] in _PENDING for r in _asked(state)):
        raise ActionError(
            "conflict", f"{npc['name']} is asked to resign already: bring favours to bear on it"
        )
    return {
        "id": f"rs{len(_asked(state)) + 1}",
        "officer": npc["id"],
        "name": npc["name"],
        "rank": npc["rank"],
        "appointment": npc["appointment"],
        "asker": asker["id"],
        "player": seat["id"],
        "year": current_year(state),
    }


def apply_ask_resignation(state: State, data: events.AskResignation) -> None:
    """The ask kept, announced, for its roll when the season moves on."""
    npc = state["officers"][data["officer"]]
    state.setdefault("asked_resignations", []).append(
        {
            "id": data["id"],
            "officer": data["officer"],
            "appointment": data["appointment"],
            "ship": npc["ship"],
            "asker": data["asker"],
            "player": data["player"],
            "year": data["year"],
            "status": "announced",
            "influence": [],
        }
    )


def _announcement(state: State, aid: str) -> tuple[str, dict[str, Any]]:
    """The announced decision ``aid`` (``ap1``: an application; ``rs1``: a resignation)
    and its kind; ``not_found`` for none, ``conflict`` for one rolled already."""
    kind = "application" if aid.startswith("ap") else "resignation"
    records = state.get("applications", []) if kind == "application" else _asked(state)
    found = next((r for r in records if r.get("id") == aid), None)
    if found is None:
        raise ActionError("not_found", f"'announcement': no announced {kind} {aid!r}")
    if found["status"] not in _PENDING:
        raise ActionError("conflict", f"the {kind} {aid} is decided ({found['status']})")
    return kind, found  # type: ignore[return-value]


def _needed(state: State, kind: str, record: Mapping[str, Any]) -> int:
    """Influence Table B's class for the NPC who decides: the appointee of the post
    applied for, or the NPC asked to resign (his rank's row)."""
    if kind == "application":
        return rules.appointee_favour(record["appointment"])
    return rules.rank_favour(state["officers"][record["officer"]]["rank"])


def decide_influence_appointment(
    state: State, seat: Seat, p: payloads.InfluenceAppointment, rng: random.Random
) -> dict[str, Any]:
    """``influence_appointment``'s data: the seat's character brings favours he holds this
    season to bear for or against an announced application or resignation ("Anyone may use
    influence for or against", 001:512), by Influence Table B's class of the NPC deciding.
    Refused, nothing changed: no living character or no favours, favours he does not hold,
    a decision rolled already (``conflict``), no such announcement (``not_found``), favours
    that add nothing (``invalid``)."""
    officer = _character(state, seat, "spend favours")
    if favours_for(state, officer) is None:  # (before the announcement is looked up)
        raise ActionError("conflict", f"'favours': {officer['name']} holds no favours")
    kind, record = _announcement(state, p.announcement)
    needed = _needed(state, kind, record)
    brought = brought_to_bear(state, officer, p.favours, needed)
    return {
        "officer": officer["id"],
        "season": brought["season"],
        "announcement": p.announcement,
        "wish": p.wish,
        "favours": sorted(p.favours),
        "needed": needed,
        "combined": brought["combined"],
        "modifier": brought["modifier"],
    }


def apply_influence_appointment(state: State, data: events.InfluenceAppointment) -> None:
    """The influence kept on its announcement for the roll, its favours expended ("Once
    used to influence a decision, a favour is expended", 001:478)."""
    aid = data["announcement"]
    records = state.get("applications", []) if aid.startswith("ap") else _asked(state)
    record = next(r for r in records if r.get("id") == aid)
    officer = state["officers"][data["officer"]]
    record["influence"].append(
        {
            "officer": data["officer"],
            "player": officer["player"],
            "wish": data["wish"],
            "modifier": data["modifier"],
        }
    )
    spend(state, data["officer"], data["season"], data["favours"])


# -- the season's end: the pre-monthly phase ------------------------------------------------


def _at_sea(state: State, npc: Mapping[str, Any]) -> bool:
    """Whether the NPC is at sea as the season turns: his ship, or the flag he serves, on a
    cruise that goes on into the next season ("If the NPC is at sea he will not resign
    until back in London", 001:512); the cruises ending with the season are home."""
    going_on = [c for c in state.get("cruises", {}).values() if c["seasons"][-1] != state["phase"]]
    served = state["officers"].get(npc.get("serves") or "")
    aboard = {npc.get("ship")} | ({served.get("ship")} if served else set())
    flags = {npc.get("squadron")} | ({served.get("squadron")} if served else set())
    return any(
        (aboard - {None}) & set(c["ships"]) or (c["squadron"] and c["squadron"] in flags)
        for c in going_on
    )


def _resignations(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Each resignation asked and not yet rolled, in the order asked: the NPC's 1d6 and the
    favours for less those against; he resigns on 7 (001:512). At sea, he waits; dead, out
    of the post or become a player's character, the ask lapses."""
    out: list[dict[str, Any]] = []
    for ask in _asked(state):
        if ask["status"] not in _PENDING:
            continue
        npc = state["officers"].get(ask["officer"])
        rec = {k: ask[k] for k in ("id", "officer", "appointment", "asker", "player")}
        if (
            npc is None
            or npc["dead"]
            or npc["player"]
            or npc.get("appointment") != ask["appointment"]
        ):
            out.append({**rec, "lapsed": True})
            continue
        if _at_sea(state, npc):
            out.append({**rec, "waiting": True})
            continue
        signed = {"for": 0, "against": 0}
        for i in ask["influence"]:
            signed[i["wish"]] += i["modifier"]
        die = rng.randint(1, 6)
        total = die + signed["for"] - signed["against"]
        resigned = rules.npc_resigns(die, signed["for"] - signed["against"])
        out.append(
            {
                **rec,
                "die": die,
                **signed,
                "total": total,
                "needed": rules.RESIGNS_ON,
                "resigned": resigned,
            }
        )
    return out


def season_end(state: State, rng: random.Random) -> dict[str, Any]:
    """What the season's end decides of the announcements (``next_season``'s
    ``resignations`` and ``applications``): the resignations first ("Resignations ... occur
    pre-monthly before the purchase of new ranks"), then the applications on the posts as
    they leave them. Empty when nothing was announced (no die drawn)."""
    out: dict[str, Any] = {}
    resigned = _resignations(state, rng)
    if resigned:
        out["resignations"] = resigned
    if any(a.get("status") == "announced" for a in state.get("applications", ())):
        work = state
        if resigned:
            work = copy.deepcopy(state)
            _apply_resignations(work, resigned)
        out["applications"] = appointments.decide_announced(work, rng)
    return out


def _apply_resignations(state: State, resigned: list[dict[str, Any]]) -> None:
    asks = {a["id"]: a for a in _asked(state)}
    for rec in resigned:
        ask = asks[rec["id"]]
        if rec.get("lapsed"):
            ask["status"] = "lapsed"
        elif rec.get("waiting"):
            ask["status"] = "waiting"
        else:
            ask["status"] = "resigned" if rec["resigned"] else "stayed"
        if rec.get("resigned"):  # the post vacant, a player may apply for it
            npc = state["officers"][rec["officer"]]
            npc["appointment"] = npc["serves"] = None


def apply_season_end(state: State, data: Mapping[str, Any]) -> None:
    """The resignations and applications the season's end decided (none in an older log)."""
    _apply_resignations(state, data.get("resignations") or [])
    appointments.apply_announced(state, data.get("applications") or [])


# -- what a seat's form reads ---------------------------------------------------------------


def announcements(state: State, seat: Seat) -> dict[str, Any] | None:
    """What the seat's form of announcements offers in the seasons after the summer: the
    applications and resignations announced and not yet rolled (public), each with Table
    B's class for its NPC and the seat's own influences on it (the GM's: everyone's,
    named); the NPCs in posts his character may ask to resign (``npcs``). None out of those
    seasons, or for a seat with no living character (the GM: always)."""
    gm = seat["role"] == "gm"
    officer = officers.seat_officer(state, seat)
    if state["phase"] not in OFF_SEASONS or (officer is None and not gm):
        return None
    roster = state["officers"]

    mine = officer["id"] if officer else None

    def theirs(record: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [
            {"officer": i["officer"], "wish": i["wish"], "modifier": i["modifier"]}
            for i in record.get("influence", ())
            if gm or i["officer"] == mine
        ]

    applications = [
        {
            "id": a["id"],
            "officer": a["officer"],
            "name": roster[a["officer"]]["name"],
            "appointment": a["appointment"],
            "appointee": rules.appointment_post(a["appointment"])["appointee"],
            "needed": rules.appointment_post(a["appointment"])["roll"],
            "favour": rules.appointee_favour(a["appointment"]),
            "influence": theirs(a),
        }
        for a in state.get("applications", ())
        if a.get("status") == "announced"
    ]
    resignations = [
        {
            "id": r["id"],
            "officer": r["officer"],
            "name": roster[r["officer"]]["name"],
            "rank": roster[r["officer"]]["rank"],
            "appointment": r["appointment"],
            "asker": r["asker"],
            "status": r["status"],
            "needed": rules.RESIGNS_ON,
            "favour": rules.rank_favour(roster[r["officer"]]["rank"]),
            "influence": theirs(r),
        }
        for r in _asked(state)
        if r["status"] in _PENDING
    ]
    asked = {r["officer"] for r in resignations}
    npcs = [
        {
            "officer": o["id"],
            "name": o["name"],
            "rank": o["rank"],
            "appointment": o["appointment"],
            "at_sea": _at_sea(state, o),
        }
        for o in roster.values()
        if _askable(o) and o["id"] not in asked
    ]
    return {"applications": applications, "resignations": resignations, "npcs": npcs}


ASK_RESIGNATION = Spec(
    "ask_resignation",
    payloads.AskResignation,
    # a seated player's character, in a season ashore, announced before the season's turn
    # (the GM asks for a player with "as")
    {role: Grant(OFF_SEASONS) for role in PLAYERS},
    decide_ask_resignation,
    apply_ask_resignation,
    events.AskResignation,
    # "it must be announced": every seat reads it
    View(
        "public", lambda data, after: {k: copy.deepcopy(v) for k, v in data.items() if k != "args"}
    ),
    touches=("own",),
    notice=notices.resignation_asked,
)
INFLUENCE_APPOINTMENT = Spec(
    "influence_appointment",
    payloads.InfluenceAppointment,
    {role: Grant(OFF_SEASONS) for role in PLAYERS},
    decide_influence_appointment,
    apply_influence_appointment,
    events.InfluenceAppointment,
    # the influencer and the GM, who rolls for the NPC (the book's influence went with
    # the orders to the GM); the result, its favours summed, is public when rolled
    View(
        "private",
        lambda data, after: {k: copy.deepcopy(v) for k, v in data.items() if k != "args"},
    ),
    touches=("own",),
    notice=notices.appointment_influenced,
)
