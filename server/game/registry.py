"""Every event type's spec, gathered (:mod:`server.game.spec`), and what is derived from them:
the actions a seat may send, the authority table, the payload and event maps; deciding an
action and applying an event by its spec.

A new action is one :class:`~server.game.spec.Spec` declared next to its decide function and
named here; tests/test_server_registry.py fails if it lacks a part.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from server.game import (
    actions,
    announcements,
    calendar,
    clock,
    courts,
    cruises,
    disgrace,
    embezzlement,
    engagements,
    influence,
    payloads,
    seating,
    service,
    skirmishes,
)
from server.game.authority import READS, Granted, require_seat
from server.game.errors import ActionError, refusals
from server.game.spec import Spec
from server.game.state import Seat, State

__all__ = [
    "ACTIONS",
    "ACTION_PAYLOADS",
    "EVENTS",
    "SPECS",
    "TABLE",
    "apply_event",
    "decide",
]

#: every event type's spec, by its type, in the order docs/protocol.md lists them
SPECS: Mapping[str, Spec[Any, Any]] = MappingProxyType(
    {
        spec.kind: spec
        for spec in (
            actions.CAMPAIGN_CREATED,
            actions.SEAT_CREATED,
            actions.SEAT_REISSUED,
            actions.OFFICER_CREATED,
            actions.SET_SHIPS,
            actions.SET_DEPLOYMENT,
            actions.ROLL_FORCE,
            actions.READY,
            actions.PAUSE,
            actions.RESUME,
            actions.SET_DEADLINE,
            actions.SET_CLOCK,
            calendar.NEXT_SEASON,
            actions.INVEST,
            actions.LIQUIDATE,
            actions.STUDY,
            service.YEAR_OF_SERVICE,
            actions.CONDITIONAL_ORDERS,
            actions.FAVOUR_INVESTOR,
            influence.INFLUENCE,
            actions.APPLY_APPOINTMENT,
            announcements.ASK_RESIGNATION,
            announcements.ASK_FAVOUR,
            announcements.ASK_TRANSFER,
            announcements.INFLUENCE_APPOINTMENT,
            actions.APPLY_SHIP,
            actions.BUY_RANK,
            actions.DRAW_PAY,
            actions.SUBSTITUTE,
            courts.COURT_MARTIAL,
            embezzlement.EMBEZZLE,
            embezzlement.IGNORE_OFFENCE,
            disgrace.DISGRACE,
            actions.NOTE,
            actions.DEPLOY,
            actions.SAIL,
            actions.MOVE_ENEMY,
            actions.ADVANCE,
            engagements.ENGAGE_DECISION,
            engagements.STANDING_ORDERS,
            skirmishes.SKIRMISH,
            actions.RESOLVE_SUMMER,
            actions.SHOW_VOYAGE,
            cruises.VOLUNTEER,
            cruises.PLAN_CRUISE,
            seating.REASSIGN,
            seating.SEAT_REVOKED,
            actions.SAY,
        )
    }
)
#: the actions a seat sends with ``act``
ACTIONS: Mapping[str, Spec[Any, Any]] = MappingProxyType(
    {kind: spec for kind, spec in SPECS.items() if spec.act}
)
#: who may do what (action x role -> grant), the rights that are no event included
TABLE: Mapping[str, Granted] = MappingProxyType(
    {**{kind: spec for kind, spec in SPECS.items() if spec.grants}, **{r.kind: r for r in READS}}
)
#: each action's payload model
ACTION_PAYLOADS: Mapping[str, type[BaseModel]] = MappingProxyType(
    {kind: spec.payload for kind, spec in ACTIONS.items() if spec.payload is not None}
)
#: each event's logged data (a TypedDict of server.game.events)
EVENTS: Mapping[str, type] = MappingProxyType({kind: spec.event for kind, spec in SPECS.items()})
Data = dict[str, Any]


@refusals()
def decide(state: State, seat: Seat, args: Any, rng: random.Random) -> tuple[str, Data]:
    """Check ``args`` from ``seat`` against the rules and return ``(type, data)``; the
    data is the event's, its ``args`` included.

    The GM may send any seat's action for it with ``"as": <seat id>``; it is then checked as
    that seat's. Raises :class:`ActionError` and changes nothing when refused (the rules'
    and the world's refusals too: :func:`~server.game.errors.refusals`).
    """
    if not isinstance(args, dict):
        raise ActionError("invalid", "an action is a JSON object with a 'type'")
    kind = args.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise ActionError(
            "invalid", f"unknown action type {kind!r}; types: {', '.join(sorted(ACTIONS))}"
        )
    if "as" in args:
        require_seat(actions.ACT_AS, seat["role"], state["phase"], state["paused"])
        other = state["seats"].get(args["as"]) if isinstance(args["as"], str) else None
        if other is None:
            raise ActionError("not_found", f"no seat {args['as']!r}")
        seat = other
    spec = ACTIONS[kind]
    require_seat(spec, seat["role"], state["phase"], state["paused"])
    assert spec.payload is not None and spec.decide is not None  # an action has both
    payload = payloads.parse(spec.payload, args)
    data = spec.decide(state, seat, payload, rng)
    if "as" in args:
        data["as"] = seat["id"]
    data["args"] = args
    return kind, data


def apply_event(state: State, kind: str, data: dict[str, Any]) -> None:
    """Apply one logged event to ``state`` (in place) by its spec. No dice: everything is
    in ``data``.

    The state never shares objects with ``data``: later events change the state in place,
    and the logged event must stay as it was written.
    """
    SPECS[kind].apply(state, copy.deepcopy(data))
    clock.rearm(state, kind, data)
