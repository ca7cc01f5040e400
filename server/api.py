"""The REST half of the protocol (docs/protocol.md): set-up and read-only data."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from server.errors import HTTP_STATUS, ActionError

__all__ = ["api", "bearer_token", "error_response"]

api = Blueprint("api", __name__)


def error_response(err: ActionError, status: int | None = None) -> tuple[Response, int]:
    return jsonify(err.to_dict()), status or HTTP_STATUS[err.code]


def _service():
    return current_app.extensions["admiralty.campaigns"]


def bearer_token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ActionError("forbidden", "send your seat token as 'Authorization: Bearer <token>'")
    return token.strip()


def _json_body(required: bool = False) -> dict[str, Any]:
    if not request.get_data():
        if required:
            raise ActionError("invalid", "a JSON object body is required")
        return {}
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ActionError("invalid", "the body must be a JSON object")
    return body


def _seat(campaign_id: str) -> dict[str, Any]:
    return _service().authenticate(campaign_id, bearer_token())


def _link(campaign_id: str, token: str) -> str:
    return f"/play/{campaign_id}?token={token}"


@api.errorhandler(ActionError)
def _action_error(err: ActionError):
    return error_response(err)


@api.post("/api/campaigns")
def create_campaign():
    body = _json_body()
    extra = sorted(set(body) - {"name", "year", "seed"})
    if extra:
        raise ActionError("invalid", f"unexpected field(s): {', '.join(extra)}")
    year = body.get("year", 1805)
    if isinstance(year, bool) or not isinstance(year, int) or not 1793 <= year <= 1815:
        raise ActionError("invalid", "'year' must be a year of the war, 1793 to 1815")
    name = body.get("name", f"Summer of {year}")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise ActionError("invalid", "'name' must be a non-empty string of at most 200 characters")
    seed = body.get("seed", secrets.randbelow(2**31))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ActionError("invalid", "'seed' must be a whole number from 0 to 2^63-1")
    campaign_id, token = _service().create(name.strip(), year, seed)
    return jsonify(id=campaign_id, token=token, link=_link(campaign_id, token)), 201


@api.post("/api/campaigns/<campaign_id>/seats")
def create_seat(campaign_id: str):
    gm = _seat(campaign_id)
    seat_id, token = _service().add_seat(campaign_id, gm["id"], _json_body(required=True))
    return jsonify(seat=seat_id, token=token, link=_link(campaign_id, token)), 201


@api.post("/api/campaigns/<campaign_id>/seats/<seat_id>/token")
def reissue_seat(campaign_id: str, seat_id: str):
    gm = _seat(campaign_id)
    body = _json_body()
    extra = sorted(set(body) - {"name"})
    if extra:
        raise ActionError("invalid", f"unexpected field(s): {', '.join(extra)}")
    token = _service().reissue(campaign_id, gm["id"], seat_id, body.get("name"))
    current_app.extensions["admiralty.revoke"](campaign_id, seat_id)
    return jsonify(seat=seat_id, token=token, link=_link(campaign_id, token))


@api.get("/api/campaigns/<campaign_id>/state")
def campaign_state(campaign_id: str):
    seat = _seat(campaign_id)
    seq, state = _service().snapshot(campaign_id, seat)
    return jsonify(ok=True, seat=_public(seat), seq=seq, state=state)


@api.get("/api/campaigns/<campaign_id>/log")
def campaign_log(campaign_id: str):
    return jsonify(_service().log(campaign_id, _seat(campaign_id)))


def _public(seat: dict[str, Any]) -> dict[str, Any]:
    return {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship")}
