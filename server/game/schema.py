"""The protocol's JSON Schema (``GET /api/schema``): every action, event and set-up request.

Made from the declarations themselves: each action's payload model
(:data:`server.game.registry.ACTION_PAYLOADS`), each event's TypedDict
(:data:`server.game.registry.EVENTS`) and each REST body model, by pydantic's
``model_json_schema``; docs/protocol.md is checked against it (tests/test_server_schema.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from server import PROTOCOL_VERSION
from server.game.errors import CODES
from server.game.payloads import REQUESTS
from server.game.registry import ACTION_PAYLOADS, EVENTS
from server.game.state import State

__all__ = ["protocol_schema"]


@cache
def protocol_schema() -> dict[str, Any]:
    """``{"protocol", "actions", "events", "requests", "state", "error_codes"}``: the
    protocol's version, a JSON Schema for each action's payload, each event's logged data
    and each REST body, the GM's whole state, and the codes of the one error shape."""
    return {
        "protocol": PROTOCOL_VERSION,
        "actions": {kind: model.model_json_schema() for kind, model in ACTION_PAYLOADS.items()},
        "events": {kind: TypeAdapter(t).json_schema() for kind, t in EVENTS.items()},
        "requests": {name: model.model_json_schema() for name, model in REQUESTS.items()},
        "state": TypeAdapter(State).json_schema(),
        "error_codes": list(CODES),
    }
