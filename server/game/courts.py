"""Courts-martial: a player's character who comes home from a season with his ship lost
(a captain's Battle Result 6), a fleet beaten (an admiral's 5 or 6) or found out a poltroon
on a 6 faces a court-martial (Briny 001:1101, 001:1063), as does an embezzler found out
(001:1164-1206): each charge is kept on his record (``courts_martial``, in the order made:
:func:`server.game.officers.summer_changes`, :mod:`server.game.embezzlement`) and the GM sits
them one at a time, the first first, giving each its verdict (BtQ 000:1353, "Punishments":
:mod:`strategy.campaign.courts`). A guilty man goes ashore, and his seat with him: the ship
he left to an NPC captain, till the GM hands the seat a command (``reassign``).

Briny prints no roll for the court, and lists no court-martial among the events influence
may touch ("aid the prosecution or the defence in embezzlement trials", 001:510; "Events
not specifically listed as being influenceable ... are not"): no die, no favours.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from server.game import events, notices, payloads, rules, views
from server.game.authority import OFF
from server.game.errors import ActionError
from server.game.officers import berth_of, relief_captain
from server.game.seating import in_fight
from server.game.spec import Grant, Spec, View
from server.game.state import OfficerRecord, Seat, State, current_year

__all__ = ["COURT_MARTIAL", "apply_court_martial", "court_seen", "decide_court_martial"]

#: the verdict that finds him not guilty (strategy.campaign.courts.ACQUITTED)
ACQUITTED, DISMISSAL, REDUCTION = rules.VERDICTS
#: the seats whose berth is a command: an admiral's squadron, a captain's ship
_COMMANDS = ("admiral", "captain")


def _his_seat(state: State, officer: Any) -> Seat | None:
    """The admiral's or captain's seat whose character ``officer`` is, if any."""
    seat = state["seats"].get(officer["player"] or "")
    if seat is None or seat.get("officer") != officer["id"] or seat["role"] not in _COMMANDS:
        return None
    return seat


def decide_court_martial(
    state: State, seat: Seat, p: payloads.CourtMartial, rng: random.Random
) -> dict[str, Any]:
    """``court_martial``'s data: the first court ``p.officer`` faces (the charges are sat in
    the order they were made), sat with ``p.verdict``: acquitted, he keeps his rank and
    berth; dismissed from his command, he goes ashore; reduced in rank, he goes ashore one
    rank lower (a Sailor or a Private RM has none: refused). Guilty, his seat goes ashore
    with him (an admiral reduced below flag rank's a captain's seat now), and the ship he
    left gets an NPC captain rolled from ``rng`` (docs/rules-notes.md "Courts-martial").
    Refused, nothing changed, for an unknown officer (``not_found``), one who faces no
    court (``conflict``) or whose seat or command is in a fight being fought
    (``wrong_phase``)."""
    officer = state["officers"].get(p.officer)
    if officer is None:
        raise ActionError("not_found", f"no officer {p.officer!r}")
    charges = officer.get("courts_martial")
    if officer["dead"] or not charges:
        raise ActionError("conflict", f"{officer['name']} faces no court-martial")
    court = charges[0]
    rank = rules.reduced_rank(officer["rank"]) if p.verdict == REDUCTION else officer["rank"]
    ashore = p.verdict != ACQUITTED  # a guilty man loses his command, reduced or not
    left = berth_of(officer) if ashore else None
    his = _his_seat(state, officer) if ashore else None
    # his seat follows him ashore: a flag rank's an admiral's seat, any other a captain's
    role = "admiral" if rank in rules.ADMIRAL_RANKS else "captain"
    if his is not None and not (his.get("ship") or his.get("squadron") or his["role"] != role):
        his = None  # ashore already, of the role his rank fits: nothing moves
    if his is not None:
        fight = in_fight(state, his, officer["squadron"], officer["ship"])
        if fight is not None:
            raise ActionError(
                "wrong_phase", f"engagement {fight} is being fought: sit the court after it"
            )
    relief = None
    if ashore and officer["ship"] and officer["rank"] in rules.CAPTAIN_RANKS:
        # the ship he commanded gets a captain, as a ship a promotion left does
        roster: dict[str, OfficerRecord] = {**state["officers"]}
        roster[officer["id"]] = {**officer, "ship": None}
        relief = relief_captain(roster, officer["ship"], current_year(state), rng)
    return {
        "officer": officer["id"],
        "player": officer["player"] or "",
        "reason": court["reason"],
        "season": court["season"],
        "verdict": p.verdict,
        "rank": rank,
        "was": officer["rank"],
        "ship": None if ashore else officer["ship"],
        "squadron": None if ashore else officer["squadron"],
        "left": left,
        "seat": his["id"] if his is not None else None,
        "role": role if his is not None else None,
        "relief": relief,
        "pending": len(charges) - 1,
    }


def apply_court_martial(state: State, data: events.CourtMartial) -> None:
    """The court sat: that charge no longer faced (the others still are); a guilty man
    ashore, and a reduced one in his lower rank from this year, out of any appointment (a
    naval post needs exactly its rank); his seat ashore with him, and the ship he left to
    her NPC captain. Records are replaced, not changed."""
    roster = state["officers"]
    officer: dict[str, Any] = dict(roster[data["officer"]])
    charges: list[dict[str, Any]] = list(officer.get("courts_martial") or ())
    sat = {"reason": data["reason"], "season": data["season"]}
    if sat in charges:
        charges.remove(sat)
    if charges:
        officer["courts_martial"] = charges
    else:
        officer.pop("courts_martial", None)
    officer["ship"], officer["squadron"] = data["ship"], data["squadron"]
    if data["rank"] != data["was"]:
        officer["rank"] = data["rank"]
        officer["seniority"] = current_year(state)
        officer["appointment"] = officer["serves"] = None
    roster[data["officer"]] = officer  # type: ignore[assignment]
    if data["seat"]:
        seat = state["seats"][data["seat"]]
        seat["role"] = data["role"]  # type: ignore[typeddict-item]
        seat["ship"] = seat["squadron"] = None
    if data["relief"]:
        roster[data["relief"]["id"]] = copy.deepcopy(data["relief"])  # type: ignore[assignment]


def court_seen(data: dict[str, Any], after: State) -> dict[str, Any]:
    """The court as every seat reads it (the talk of the service): public, and the NPC who
    takes the ship he left as anyone sees an NPC (the officers' section has the rest)."""
    out = views.public_data(data, after)
    if data["relief"]:
        out["relief"] = views.public_officer(data["relief"])
    return out


COURT_MARTIAL = Spec(
    "court_martial",
    payloads.CourtMartial,
    # the GM sits the court when the officer is home: after the summer, or in the cabinet
    {"gm": Grant(("cabinet", *OFF))},
    decide_court_martial,
    apply_court_martial,
    events.CourtMartial,
    View("public", court_seen),  # a court-martial is the talk of the service
    # (any section: a seat gone ashore with him is seen anew, its berth and its role)
    notice=notices.court_martial,
)
