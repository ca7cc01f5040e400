"""Influence on the non-player Prime Minister (Briny En Garde!, INFLUENCE 001:476-536, and
the Force Commitment's last paragraphs, 001:1306-1307): a seated player's favours, and the
``influence`` action that spends them in the cabinet.

A player character receives his favours each season
(:func:`server.game.favours.favours_for`): his Social Level's (Influence Table A) and his
Government post's; they are not saved beyond it. In
the cabinet he brings some to bear on the Prime Minister's number of ships, more or fewer:
the die is rolled when he does (the campaign's seeded source), and the ships it moves are
logged, so that ``roll_force`` moves the NPC Prime Minister's own die by them
(:func:`server.game.rules.influenced_commitment`). A player Prime Minister makes his own
decision: no influence is taken then (001:478). No Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from server.game import events, notices, officers, payloads, rules
from server.game.errors import ActionError
from server.game.favours import brought_to_bear, spend
from server.game.spec import Grant, Spec, View
from server.game.state import Seat, State

__all__ = [
    "INFLUENCE",
    "apply_influence",
    "decide_influence",
    "prime_minister_seat",
]

_WISH = {"more": 1, "fewer": -1}


def prime_minister_seat(state: State) -> Seat | None:
    """The Prime Minister's seat if a player holds it (a seat revoked holds no one)."""
    return next(
        (
            s
            for s in state["seats"].values()
            if s["role"] == "prime-minister" and not s.get("vacant")
        ),
        None,
    )


def decide_influence(
    state: State, seat: Seat, p: payloads.Influence, rng: random.Random
) -> dict[str, Any]:
    """``influence``'s data: the seat's character spends favours he holds this season on
    the NPC Prime Minister's Force Commitment, and the die is rolled (001:1306: one ship
    on 7, two on 9, his wish's way). Refused, nothing changed: a player Prime Minister, no
    living character, favours he does not hold (``conflict``), favours that add nothing
    (``invalid``)."""
    pm = prime_minister_seat(state)
    if pm is not None:
        raise ActionError(
            "conflict",
            f"the Prime Minister is a player ({pm['name']}): player characters make their "
            "own decisions and influence has no effect on them (Briny, INFLUENCE); talk "
            "to him",
        )
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living character to spend favours")
    # the book's rule on the favours named, then whether he holds them
    brought = brought_to_bear(state, officer, p.favours, rules.PRIME_MINISTER_FAVOUR)
    die = rng.randint(1, 6)
    moved = rules.influence_swing(die, brought["modifier"])
    return {
        "officer": officer["id"],
        "season": brought["season"],
        "wish": p.wish,
        "favours": sorted(p.favours),
        "combined": brought["combined"],
        "modifier": brought["modifier"],
        "die": die,
        "total": die + brought["modifier"],
        "ships": _WISH[p.wish] * moved,
    }


def apply_influence(state: State, data: events.Influence) -> None:
    """The influence kept for the Prime Minister's roll, its favours expended ("Once used
    to influence a decision, a favour is expended", 001:478)."""
    state["cabinet"].setdefault("influence", []).append(
        {
            "officer": data["officer"],
            "wish": data["wish"],
            "modifier": data["modifier"],
            "die": data["die"],
            "ships": data["ships"],
        }
    )
    spend(state, data["officer"], data["season"], data["favours"])


_READ = ("officer", "wish", "favours", "combined", "modifier", "die", "total", "ships")

INFLUENCE = Spec(
    "influence",
    payloads.Influence,
    # a seated player's character in the cabinet, where the Prime Minister decides in May
    # (the GM spends them for a player with "as"); the Prime Minister does not influence
    # himself
    {role: Grant(("cabinet",)) for role in ("first-sea-lord", "admiral", "captain")},
    decide_influence,
    apply_influence,
    events.Influence,
    # the influencer and the GM, who rolls for the NPC Prime Minister; nobody else
    View("private", lambda data, after: {k: copy.deepcopy(data[k]) for k in _READ}),
    touches=("own", "cabinet"),
    notice=notices.influenced,
)
