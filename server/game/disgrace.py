"""Disgrace (Briny En Garde! 001:1272-1276, garbled: "There are several ways to become
disgraced: ... A character who is disgraced must join a Blockade ship until:"). The causes
the book keeps are a debt to another character he cannot pay (001:335: "he is disgraced: he
must join a Blockade ship and remain with it until he is able to pay") and a duel with a
shipmate or between Marines (001:357-359: "must immediately volunteer to go to sea and
cannot return until being Mentioned In Dispatches"). Loans and duels are the social game,
out of the game's scope, so the GM declares the cause (``disgrace``): the character joins a
Blockade ship, his seat with him, and stays there till the book's condition lifts it (a
duel's: his next Mention in Despatches, :func:`server.game.officers.summer_changes`; a
debt's: the GM's ``cleared`` when he pays). docs/rules-notes.md "Disgrace".
"""

from __future__ import annotations

import random
from typing import Any

from server.game import events, notices, payloads, rules, views
from server.game.authority import ANY
from server.game.errors import ActionError
from server.game.seating import holder_of, in_fight
from server.game.spec import Grant, Spec, View
from server.game.state import OfficerRecord, Seat, State, current_year

__all__ = ["DISGRACE", "apply_disgrace", "decide_disgrace", "disgrace_berth"]


def disgrace_berth(state: State, officer: OfficerRecord, seat: Seat) -> tuple[str | None, str]:
    """Where a disgraced man goes: ``(ship, squadron)``. An admiral's seat to the Blockade
    squadron (it has no flag officers: Table C); a captain's seat to the Blockade ship he
    is on, else the first of the fleet's order no other seat captains. Refused
    (``conflict``) when none is free."""
    if seat["role"] == "admiral":
        for other in state["seats"].values():
            if other["id"] != seat["id"] and other["role"] == "admiral":
                if other["squadron"] == rules.BLOCKADE:
                    raise ActionError(
                        "conflict", f"the Blockade squadron is already {other['name']}'s"
                    )
        return None, rules.BLOCKADE
    if officer["ship"] in rules.BLOCKADE_SHIPS:
        return officer["ship"], rules.BLOCKADE
    taken = {s["ship"] for s in state["seats"].values() if s["role"] == "captain"}
    for code in rules.BLOCKADE_SHIPS:
        if code not in taken:
            return code, rules.BLOCKADE
    raise ActionError("conflict", "every Blockade ship has a player's captain")


def decide_disgrace(
    state: State, author: Seat, p: payloads.Disgrace, rng: random.Random
) -> dict[str, Any]:
    """``disgrace``'s data: a player's living character (an admiral's or a captain's)
    disgraced for ``p.cause`` and sent to the Blockade, his seat with him and the NPC
    captain of his Blockade ship taking the berth he left (as ``reassign`` exchanges
    them); or ``cleared``, his debt's disgrace lifted (he stays aboard, free to leave).
    Refused, nothing changed: an unknown officer (``not_found``); a dead man, an NPC, a
    minister, one disgraced already, one cleared who is not disgraced for a debt
    (``conflict``); a seat in a fight (``wrong_phase``)."""
    officer = state["officers"].get(p.officer)
    if officer is None:
        raise ActionError("not_found", f"no officer {p.officer!r}")
    name = officer["name"]
    seat = state["seats"].get(officer["player"] or "")
    if officer["dead"]:
        raise ActionError("conflict", f"{name} is dead")
    if seat is None or seat["role"] not in ("admiral", "captain"):
        raise ActionError(
            "conflict", f"{name} is no admiral's or captain's character: none joins a ship"
        )
    season = f"{current_year(state)} {state['phase']}"
    now = officer.get("disgrace")
    base = {"officer": officer["id"], "player": seat["id"], "cause": p.cause, "season": season}
    if p.cause == "cleared":
        if not now:
            raise ActionError("conflict", f"{name} is not disgraced")
        if now["cause"] != "debt":
            raise ActionError(
                "conflict",
                f"{name}'s disgrace is a duel's: only a Mention in Despatches lifts it "
                "(Briny 001:359)",
            )
        where = {"ship": officer["ship"], "squadron": officer["squadron"]}
        return {**base, **where, "was": None, "relieved": None}
    if now:
        raise ActionError("conflict", f"{name} is already disgraced ({now['cause']})")
    ship, squadron = disgrace_berth(state, officer, seat)
    fight = in_fight(state, seat, squadron, ship)
    if fight is not None:
        raise ActionError("wrong_phase", f"engagement {fight} is being fought: after it")
    was = officer["ship"] if seat["role"] == "captain" else officer["squadron"]
    moved = (ship or squadron) != was
    holder = holder_of(state, seat["role"], ship or squadron, officer) if moved else None
    if holder is not None and holder["player"] is not None:  # (a seat would hold it)
        raise ActionError("conflict", f"that berth is {holder['name']}'s, {holder['player']}'s")
    return {
        **base,
        "ship": ship,
        "squadron": None if ship else squadron,
        "was": was if moved else None,
        "relieved": holder["id"] if holder is not None else None,
    }


def apply_disgrace(state: State, data: events.Disgrace) -> None:
    """His record marked (or cleared) and his berth the Blockade's, his seat with him; the
    NPC captain of his Blockade ship in the berth he left. Records are replaced."""
    roster = state["officers"]
    officer = dict(roster[data["officer"]])
    if data["cause"] == "cleared":
        officer.pop("disgrace", None)
        roster[data["officer"]] = officer  # type: ignore[assignment]
        return
    officer["disgrace"] = {"cause": data["cause"], "season": data["season"]}
    officer["ship"], officer["squadron"] = data["ship"], data["squadron"]
    roster[data["officer"]] = officer  # type: ignore[assignment]
    seat = state["seats"][data["player"]]
    seat["ship"], seat["squadron"] = data["ship"], data["squadron"]
    if data["relieved"]:
        roster[data["relieved"]] = {**roster[data["relieved"]], "ship": data["was"]}


DISGRACE = Spec(
    "disgrace",
    payloads.Disgrace,
    # the GM declares it, for causes the game does not play (loans, duels): at any time
    {"gm": Grant(ANY)},
    decide_disgrace,
    apply_disgrace,
    events.Disgrace,
    View("public", views.public_data),  # the talk of the service, as a court-martial
    notice=notices.disgraced,
)
