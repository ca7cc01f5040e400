"""The protocol's JSON Schema (``GET /api/schema``): every action, event and set-up request,
and what a client receives over Socket.IO.

Made from the declarations themselves: each action's payload model
(:data:`server.game.registry.ACTION_PAYLOADS`), each event's TypedDict
(:data:`server.game.registry.EVENTS`), each REST body model and each message
(:mod:`server.game.answers`), by pydantic; docs/protocol.md is checked against it and the
tests check every payload they send and receive against it (tests/test_server_schema.py,
tests/protocol_check.py).

``events`` is an event's data as the log keeps it (``GET .../log``, ``admiralty replay``);
``received`` is an event as a seat receives it (``event``, ``events``, a catch-up), its
``data`` cut for the seat by :mod:`server.game.views`: a part of the logged fields, and
the few a seat reads in their place (:data:`READS`).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from server import PROTOCOL_VERSION
from server.game import answers
from server.game.errors import CODES
from server.game.payloads import REQUESTS
from server.game.registry import ACTION_PAYLOADS, EVENTS
from server.game.state import Notice, State

__all__ = ["READS", "SOCKET", "protocol_schema", "received_schema"]

#: the fields a seat reads of an event that the log holds otherwise, or not at all
#: (server.game.views and the specs' views), by event type: their sent shape
READS: dict[str, dict[str, Any]] = {
    "seat_created": {"seat": answers.PublicSeat, "officer": answers.PublicOfficer | None},
    "seat_reissued": {"seat": answers.PublicSeat},
    "officer_created": {"officer": answers.PublicOfficer},
    # the players read an order's days (the route is in their view) and the ship detached
    "deploy": {"days": float | None},
    "sail": {"days": float | None},
    # the GM reads what was shown but the routed voyage (in his view); a seat shown it its id
    "show_voyage": {"shown": dict[str, Any], "voyage": str},
    # the season's outcomes, cut for the seat as the summer's report is
    "next_season": {"volunteers": dict[str, Any]},
    "advance": {"notices": list[Notice]},
    "engage_decision": {"notices": list[Notice]},
    "say": {"name": str},  # the sender's seat name then
}
#: the Socket.IO messages and acks besides the events, each a JSON Schema
SOCKET: dict[str, Any] = {
    "join": answers.JoinArgs,
    "action_id": answers.ActionId,
    "join_ack": answers.JoinAck,
    "act_ack": answers.ActAck,
    "preview_ack": answers.PreviewAck,
    "error": answers.ErrorBody,
    "unseen": answers.Unseen,
    "presence": answers.Presence,
    "revoked": answers.Revoked,
}


def _schema(kind: Any) -> dict[str, Any]:
    return TypeAdapter(kind).json_schema()


def received_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of an event of type ``kind`` as a seat receives it:
    ``{"seq", "type", "data", "patch", "at"?, "due"?}``, ``data`` any part of the logged
    fields (the log's ``at`` and ``due`` lifted beside it) and the fields of :data:`READS`."""
    logged = _schema(EVENTS[kind])
    defs = logged.pop("$defs", {})
    fields = {k: v for k, v in logged["properties"].items() if k not in ("at", "due")}
    for name, shape in READS.get(kind, {}).items():
        read = _schema(shape)
        defs.update(read.pop("$defs", {}))
        fields[name] = read
    patch = _schema(list[answers.PatchOp])
    defs.update(patch.pop("$defs", {}))
    out: dict[str, Any] = {
        "title": f"{kind} as a seat receives it",
        "type": "object",
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "type": {"const": kind},
            "data": {"type": "object", "properties": fields, "additionalProperties": False},
            "patch": patch,
            "at": {"type": "string", "description": "when it was logged, ISO 8601 UTC"},
            "due": {"type": "string", "description": "what the turn clock found due"},
        },
        "required": ["seq", "type", "data", "patch"],
        "additionalProperties": False,
    }
    if defs:
        out["$defs"] = defs
    return copy.deepcopy(out)


@cache
def protocol_schema() -> dict[str, Any]:
    """``{"protocol", "actions", "events", "received", "socket", "requests", "state",
    "error_codes"}``: the protocol's version, a JSON Schema for each action's payload, each
    event's logged data, each event as a seat receives it, each other Socket.IO message and
    ack, each REST body, the GM's whole state, and the codes of the one error shape."""
    return {
        "protocol": PROTOCOL_VERSION,
        "actions": {kind: model.model_json_schema() for kind, model in ACTION_PAYLOADS.items()},
        "events": {kind: _schema(t) for kind, t in EVENTS.items()},
        "received": {kind: received_schema(kind) for kind in EVENTS},
        "socket": {name: _schema(t) for name, t in SOCKET.items()},
        "requests": {name: model.model_json_schema() for name, model in REQUESTS.items()},
        "state": _schema(State),
        "error_codes": list(CODES),
    }
