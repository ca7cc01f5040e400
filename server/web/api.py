"""The REST half of the protocol (docs/protocol.md): set-up, snapshots, the log, the schema
and the OpenAPI document."""

from __future__ import annotations

import datetime as dt
import hmac
import json
import secrets
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from server.game import ActionError, CampaignBody, parse, protocol_schema
from server.web.links import seat_link
from server.web.openapi import document
from server.web.services import services
from server.web.world_api import match_odds_answer, odds_args, odds_budget

__all__ = ["api", "base_url", "bearer_token"]

api = Blueprint("api", __name__)
OPENAPI = "admiralty.openapi"  # the app's OpenAPI document, made at its first request


def _service() -> Any:
    return services().campaigns


def bearer_token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ActionError("forbidden", "send your seat token as 'Authorization: Bearer <token>'")
    return token.strip()


def _json_body(required: bool = False) -> dict[str, Any]:
    data = request.get_data()
    # a chunked body (no Content-Length) is read up to the limit only, and cut there
    if request.content_length is None and len(data) >= current_app.config["MAX_CONTENT_LENGTH"]:
        raise RequestEntityTooLarge()
    if not data:
        if required:
            raise ActionError("invalid", "a JSON object body is required")
        return {}
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser goes
        body = None
    if not isinstance(body, dict):
        raise ActionError("invalid", "the body must be a JSON object")
    return body


def _seat(campaign_id: str) -> dict[str, Any]:
    """The seat the request's bearer token opens (what it may do is the game's to say)."""
    return _service().authenticate(campaign_id, bearer_token())


def base_url() -> str:
    """The server's address as its links give it: ``BASE_URL`` (``ADMIRALTY_BASE_URL``,
    ``admiralty serve --base-url``), else this request's own host URL (its scheme as
    ``ProxyFix`` rebuilt it behind a proxy, ``PROXY_HOPS``)."""
    return str(current_app.config.get("BASE_URL") or request.host_url).rstrip("/")


def _link(campaign_id: str, token: str) -> str:
    return seat_link(base_url(), campaign_id, token)


def _operator_required() -> bool:
    return bool(current_app.config.get("ADMIN_TOKEN"))


@api.get("/api/schema")
def schema() -> ResponseReturnValue:
    """The JSON Schema of every action, event and set-up request (docs/protocol.md)."""
    response = jsonify(protocol_schema())
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


@api.get("/api/openapi.json")
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of every REST route (server.web.openapi), made once."""
    made = current_app.extensions.get(OPENAPI)
    if made is None:
        made = current_app.extensions[OPENAPI] = document(current_app)
    response = jsonify(made)
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


def _operator() -> None:
    """Creating a campaign needs the operator's token when one is set (``ADMIN_TOKEN``, or
    ``ADMIRALTY_ADMIN_TOKEN``), compared in constant time; unset, creation is open."""
    expected = current_app.config.get("ADMIN_TOKEN")
    if not _operator_required():
        return
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    given = token.strip().encode("utf-8", "surrogatepass")
    if scheme.lower() != "bearer" or not hmac.compare_digest(
        given, str(expected).encode("utf-8", "surrogatepass")
    ):
        raise ActionError(
            "forbidden", "creating a campaign needs the operator's token as 'Authorization: Bearer'"
        )


@api.post("/api/campaigns")
def create_campaign() -> ResponseReturnValue:
    _operator()
    body = parse(CampaignBody, _json_body())
    seed = secrets.randbelow(2**31) if body.seed is None else body.seed
    name = body.name or f"Summer of {body.year}"
    campaign_id, token = _service().create(name, body.year, seed, body.clock())
    return jsonify(id=campaign_id, token=token, link=_link(campaign_id, token)), 201


@api.get("/api/config")
def server_config() -> ResponseReturnValue:
    """What the landing page needs to know of this server: whether creating a campaign
    needs the operator's token."""
    return jsonify(admin_token_required=_operator_required())


@api.get("/api/seat")
def find_seat() -> ResponseReturnValue:
    """The campaign and the seat a bare token (``Authorization: Bearer``) opens, with its
    link: the landing page's "Open a seat" for a token pasted without its link."""
    token = bearer_token()
    campaign_id, seat = _service().find_seat(token)
    return jsonify(
        campaign=campaign_id,
        seat=seat["id"],
        role=seat["role"],
        name=seat.get("name"),
        link=_link(campaign_id, token),
    )


@api.post("/api/campaigns/<campaign_id>/seats")
def create_seat(campaign_id: str) -> ResponseReturnValue:
    author = _seat(campaign_id)
    seat_id, token, officer = _service().add_seat(
        campaign_id, author["id"], _json_body(required=True)
    )
    return jsonify(seat=seat_id, token=token, link=_link(campaign_id, token), officer=officer), 201


@api.post("/api/campaigns/<campaign_id>/seats/<seat_id>/token")
def reissue_seat(campaign_id: str, seat_id: str) -> ResponseReturnValue:
    author = _seat(campaign_id)
    token = _service().reissue(campaign_id, author["id"], seat_id, _json_body())
    services().sockets.revoke(campaign_id, seat_id)
    return jsonify(seat=seat_id, token=token, link=_link(campaign_id, token))


@api.post("/api/campaigns/<campaign_id>/seats/<seat_id>/revoke")
def revoke_seat(campaign_id: str, seat_id: str) -> ResponseReturnValue:
    author = _seat(campaign_id)
    _service().revoke(campaign_id, author["id"], seat_id)
    services().sockets.revoke(campaign_id, seat_id)
    return jsonify(seat=seat_id, vacant=True)


@api.get("/api/campaigns/<campaign_id>/seats")
def list_seats(campaign_id: str) -> ResponseReturnValue:
    """The GM's seats panel: every seat, who is connected, and the warnings."""
    body = _service().seating(campaign_id, _seat(campaign_id))
    online = services().sockets.presence(campaign_id)
    for seat in body["seats"]:
        seat["online"] = online.get(seat["id"], False)
    return jsonify(body)


@api.post("/api/campaigns/<campaign_id>/officers")
def create_officer(campaign_id: str) -> ResponseReturnValue:
    author = _seat(campaign_id)
    oid = _service().add_officer(campaign_id, author["id"], _json_body(required=True))
    return jsonify(officer=_service().officer(campaign_id, author, oid)), 201


@api.get("/api/campaigns/<campaign_id>/officers")
def list_officers(campaign_id: str) -> ResponseReturnValue:
    seq, state = _service().snapshot(campaign_id, _seat(campaign_id))
    return jsonify(seq=seq, officers=state["officers"])


@api.get("/api/campaigns/<campaign_id>/officers/<officer_id>")
def officer_sheet(campaign_id: str, officer_id: str) -> ResponseReturnValue:
    return jsonify(officer=_service().officer(campaign_id, _seat(campaign_id), officer_id))


@api.get("/api/campaigns/<campaign_id>/state")
def campaign_state(campaign_id: str) -> ResponseReturnValue:
    seat = _seat(campaign_id)
    seq, state = _service().snapshot(campaign_id, seat)
    public = {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship", "officer")}
    touched = _service().last_activity(campaign_id)
    last = None
    if touched is not None:
        stamp = dt.datetime.fromtimestamp(touched, dt.UTC).replace(microsecond=0)
        last = stamp.isoformat().replace("+00:00", "Z")
    return jsonify(ok=True, seat=public, seq=seq, state=state, last_activity=last)


@api.get("/api/campaigns/<campaign_id>/log")
def campaign_log(campaign_id: str) -> ResponseReturnValue:
    return jsonify(_service().log(campaign_id, _seat(campaign_id)))


def _since_arg() -> int:
    """``?since=N``: a sequence number, 0 or more (absent: 0)."""
    raw = request.args.get("since", "0")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        raise ActionError("invalid", "'since' must be a sequence number (0 or more)")
    return int(raw)


def _page(campaign_id: str, seat_id: str, since: int) -> tuple[int, list, list, bool]:
    """One page of the seat's history after ``since`` (:meth:`CampaignService.pager`),
    worked out off the event loop: ``seq`` the last event it read, ``more`` whether the
    log goes on (the next page is asked with ``since=seq``)."""
    offload = services().offload
    return offload(_service().pager(campaign_id, seat_id), since)


@api.get("/api/campaigns/<campaign_id>/notices")
def campaign_notices(campaign_id: str) -> ResponseReturnValue:
    """The seat's notices after ``since`` (server.game.notices), in log order, a page at a
    time (``more``: ask again from ``next``)."""
    since = _since_arg()
    seat = _seat(campaign_id)
    seq, _, notices, more = _page(campaign_id, seat["id"], since)
    return jsonify(seq=seq, notices=notices, more=more, next=seq)


@api.get("/api/campaigns/<campaign_id>/events")
def campaign_events(campaign_id: str) -> ResponseReturnValue:
    """The events after ``since`` as this seat received them (its Log tab's history), a page
    at a time (``more``: ask again from ``next``): each its view's change; from ``since=0``
    with ``base``, the view the first change applies to."""
    since = _since_arg()
    seat = _seat(campaign_id)
    seq, events, _, more = _page(campaign_id, seat["id"], since)
    if since == 0:
        base = _service().first_view(campaign_id, seat["id"])
        return jsonify(seq=seq, events=events, more=more, next=seq, base=base)
    return jsonify(seq=seq, events=events, more=more, next=seq)


@api.get("/api/campaigns/<campaign_id>/engagements/<engagement_id>/odds")
def engagement_odds(campaign_id: str, engagement_id: str) -> ResponseReturnValue:
    """An engagement's odds by Monte Carlo, for a seat that sees it: its ships as its fight
    has them, each with the crew drawn for her from the Essential Crew table (not a roster
    type's default crew, as ``GET /api/odds`` fights), in its weather; ``n`` and ``seed``
    as ``/api/odds`` takes them, the same cap and the same cache."""
    seat = _seat(campaign_id)
    n, seed = odds_args(request.args)
    fight = _service().engagement_odds(campaign_id, seat, engagement_id)
    n = min(n, odds_budget(len(fight["a"]), len(fight["b"])))
    match = json.dumps(fight, separators=(",", ":"), sort_keys=True)
    return Response(match_odds_answer(match, n, seed), mimetype="application/json")
