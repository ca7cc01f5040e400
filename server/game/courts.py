"""Courts-martial: a player's character who comes home from a season with his ship lost
(a captain's Battle Result 6), a fleet beaten (an admiral's 5 or 6) or found out a poltroon
on a 6 faces a court-martial (Briny 001:1101, 001:1063): the summer marks it on his record
(``court_martial``, :func:`server.game.officers.summer_changes`) and the GM sits it, giving
the verdict (BtQ 000:1353, "Punishments": :mod:`strategy.campaign.courts`).

Briny prints no roll for the court, and lists no court-martial among the events influence
may touch ("aid the prosecution or the defence in embezzlement trials", 001:510; "Events
not specifically listed as being influenceable ... are not"): no die, no favours.
"""

from __future__ import annotations

import random
from typing import Any

from server.game import events, notices, payloads, rules, views
from server.game.authority import OFF
from server.game.errors import ActionError
from server.game.spec import Grant, Spec, View
from server.game.state import Seat, State, current_year

__all__ = ["COURT_MARTIAL", "apply_court_martial", "decide_court_martial"]

#: the verdict that finds him not guilty (strategy.campaign.courts.ACQUITTED)
ACQUITTED, DISMISSAL, REDUCTION = rules.VERDICTS


def decide_court_martial(
    state: State, seat: Seat, p: payloads.CourtMartial, rng: random.Random
) -> dict[str, Any]:
    """``court_martial``'s data: the court ``p.officer`` faces, sat with ``p.verdict``:
    acquitted, he keeps his rank and berth; dismissed from his command, he goes ashore;
    reduced in rank, he goes ashore one rank lower (a Sailor or a Private RM has none:
    refused). Refused, nothing changed, for an unknown officer (``not_found``) or one who
    faces no court (``conflict``)."""
    officer = state["officers"].get(p.officer)
    if officer is None:
        raise ActionError("not_found", f"no officer {p.officer!r}")
    court = officer.get("court_martial")
    if officer["dead"] or not court:
        raise ActionError("conflict", f"{officer['name']} faces no court-martial")
    rank = rules.reduced_rank(officer["rank"]) if p.verdict == REDUCTION else officer["rank"]
    ashore = p.verdict != ACQUITTED  # a guilty man loses his command, reduced or not
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
    }


def apply_court_martial(state: State, data: events.CourtMartial) -> None:
    """The court sat: no longer faced; a guilty man ashore, and a reduced one in his lower
    rank from this year, out of any appointment (a naval post needs exactly its rank)."""
    officer = state["officers"][data["officer"]]
    officer.pop("court_martial", None)
    officer["ship"], officer["squadron"] = data["ship"], data["squadron"]
    if data["rank"] != data["was"]:
        officer["rank"] = data["rank"]
        officer["seniority"] = current_year(state)
        officer["appointment"] = officer["serves"] = None


COURT_MARTIAL = Spec(
    "court_martial",
    payloads.CourtMartial,
    # the GM sits the court when the officer is home: after the summer, or in the cabinet
    {"gm": Grant(("cabinet", *OFF))},
    decide_court_martial,
    apply_court_martial,
    events.CourtMartial,
    View("public", views.public_data),  # a court-martial is the talk of the service
    touches=("officers",),
    notice=notices.court_martial,
)
