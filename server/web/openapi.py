"""``GET /api/openapi.json``: the REST half of the protocol as an OpenAPI 3.1 document.

Made from the same declarations as ``GET /api/schema``: each body is its pydantic model
(:data:`server.game.payloads.REQUESTS`), each JSON answer its TypedDict
(:mod:`server.game.answers`), every error the one error shape. Its paths are the app's
own routes (its ``url_map``), each described by :data:`OPERATIONS`: a route with no
description is a failure of the document, never a route left out
(tests/test_server_schema.py checks both against each other, and the document with
``openapi-spec-validator``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Flask
from pydantic import TypeAdapter

from server import __version__
from server.game import answers
from server.game.payloads import (
    MAX_SEED,
    CampaignBody,
    OfficerBody,
    ReissueBody,
    SeatBody,
)

__all__ = ["OPERATIONS", "Operation", "Param", "document", "openapi_path"]

JSON = "application/json"
GEOJSON = "application/geo+json"
REF = "#/components/schemas/{model}"
#: an answer that is a JSON document of the rules' or the world's own (a GeoJSON layer,
#: the odds, the vocabulary, a JSON Schema): an object, its shape told in docs/protocol.md
OBJECT: dict[str, Any] = {"type": "object"}


@dataclass(frozen=True)
class Param:
    """A query parameter: its name, its JSON Schema, whether it is required."""

    name: str
    schema: dict[str, Any]
    required: bool = False
    description: str = ""


@dataclass(frozen=True)
class Operation:
    """One route's description: its summary, its answer (a TypedDict or a JSON Schema) and
    media type, its body model, its query, and whether it takes a seat's token."""

    summary: str
    answer: Any = None  # a type (its JSON Schema is made) or a JSON Schema; None: any
    media: str = JSON
    body: Any = None  # a pydantic model of server.game.payloads
    query: tuple[Param, ...] = ()
    #: ``Authorization: Bearer``: ``seat`` a seat's token; ``operator`` the operator's, when
    #: one is set (docs/operations.md)
    token: str = ""
    created: bool = False  # answers 201
    needs_body: bool = False  # a body is required (else it may be left out)


SINCE = Param("since", {"type": "integer", "minimum": 0}, description="a sequence number")
MONTH = Param("month", {"type": "integer", "minimum": 1, "maximum": 12})
SHIP = Param("ship", {"type": "string"}, description="a roster type (default Third Rate)")
PLACE = {"type": "string", "description": "a port id, lon,lat or station:<id>"}
SHIPS = {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 10}

#: every route's description, by its endpoint
OPERATIONS: dict[str, Operation] = {
    "livez": Operation("Whether this process runs", answers.Live),
    "readyz": Operation(
        "Whether this process is ready: warm, its database and message queue answering",
        answers.Health,
    ),
    "metrics": Operation("Prometheus metrics", None, "text/plain", token="operator"),
    "index": Operation("The landing page", None, "text/html"),
    "play": Operation("A seat's page (its token in the link)", None, "text/html"),
    "plotly_js": Operation("Plotly, the charts' library", None, "text/javascript"),
    "maplibre_files": Operation("MapLibre GL JS, the sea chart's renderer", None, "*/*"),
    "static_files": Operation("The pages' own files", None, "*/*"),
    "api.schema": Operation("The JSON Schema of the protocol", OBJECT),
    "api.openapi": Operation("This document", OBJECT),
    "api.create_campaign": Operation(
        "A new campaign and its GM's seat",
        answers.CampaignMade,
        body=CampaignBody,
        token="operator",
        created=True,
    ),
    "api.server_config": Operation("What the landing page needs of this server", answers.Config),
    "api.find_seat": Operation("The seat a bare token opens", answers.SeatFound, token="seat"),
    "api.create_seat": Operation(
        "The GM seats a player",
        answers.SeatMade,
        body=SeatBody,
        token="seat",
        created=True,
        needs_body=True,
    ),
    "api.reissue_seat": Operation(
        "The GM reissues a seat's token", answers.SeatReissuedAnswer, body=ReissueBody, token="seat"
    ),
    "api.revoke_seat": Operation("The GM revokes a seat", answers.SeatRevokedAnswer, token="seat"),
    "api.list_seats": Operation("The GM's seats panel", answers.SeatsPanel, token="seat"),
    "api.create_officer": Operation(
        "A character made",
        answers.OfficerAnswer,
        body=OfficerBody,
        token="seat",
        created=True,
        needs_body=True,
    ),
    "api.list_officers": Operation("The fleet's officers", answers.OfficersAnswer, token="seat"),
    "api.officer_sheet": Operation(
        "An officer's whole record", answers.OfficerAnswer, token="seat"
    ),
    "api.campaign_state": Operation("The seat's view", answers.StateAnswer, token="seat"),
    "api.campaign_log": Operation("The whole event log (GM)", answers.LogAnswer, token="seat"),
    "api.engagement_odds": Operation(
        "An engagement's battle odds by Monte Carlo, its ships with their drawn crews",
        OBJECT,
        query=(
            Param("n", {"type": "integer", "minimum": 1, "maximum": 1000}),
            Param("seed", {"type": "integer", "minimum": 0, "maximum": MAX_SEED}),
        ),
        token="seat",
    ),
    "api.campaign_notices": Operation(
        "The seat's notices, a page at a time", answers.NoticesPage, query=(SINCE,), token="seat"
    ),
    "api.campaign_events": Operation(
        "The events the seat received, a page at a time",
        answers.EventsPage,
        query=(SINCE,),
        token="seat",
    ),
    "world_api.map_layers": Operation("The map's layers", OBJECT, GEOJSON),
    "world_api.map_land": Operation("The coast in detail", OBJECT, GEOJSON),
    "world_api.wind": Operation(
        "A month's prevailing winds", OBJECT, GEOJSON, query=(Param("month", MONTH.schema, True),)
    ),
    "world_api.ports": Operation("Every port", answers.Ports),
    "world_api.route": Operation(
        "A route between two places (GeoJSON Feature)",
        OBJECT,
        query=(Param("from", PLACE, True), Param("to", PLACE, True), SHIP, MONTH),
    ),
    "world_api.voyage": Operation(
        "A voyage of 2 to 12 stops (GeoJSON FeatureCollection)",
        OBJECT,
        query=(
            Param("stop", {"type": "array", "items": PLACE, "minItems": 2, "maxItems": 12}, True),
            SHIP,
            MONTH,
            Param("stay", {"type": "number", "minimum": 0}, description="days at each stop"),
        ),
    ),
    "world_api.odds": Operation(
        "Battle odds by Monte Carlo",
        OBJECT,
        query=(
            Param("a", SHIPS, True, "side a's ship types"),
            Param("b", SHIPS, True, "side b's ship types"),
            Param("n", {"type": "integer", "minimum": 1, "maximum": 1000}),
            Param("seed", {"type": "integer", "minimum": 0, "maximum": MAX_SEED}),
        ),
    ),
    "world_api.rules_vocabulary": Operation("The rules' words", OBJECT),
}
#: a path parameter of a route: ``<name>``, ``<converter:name>``, ``<any(a, b):name>``
_ARGUMENT = re.compile(r"<(?:(\w+)(?:\(([^)]*)\))?:)?(\w+)>")


def openapi_path(rule: str) -> str:
    """A Flask rule as an OpenAPI path.

    >>> openapi_path("/vendor/maplibre-gl.<version>.<any(js, css):suffix>")
    '/vendor/maplibre-gl.{version}.{suffix}'
    """
    return _ARGUMENT.sub(lambda m: "{" + m.group(3) + "}", rule)


def _path_params(rule: str) -> list[dict[str, Any]]:
    out = []
    for converter, args, name in _ARGUMENT.findall(rule):
        schema: dict[str, Any] = {"type": "string"}
        if converter == "any":
            schema["enum"] = [a.strip() for a in args.split(",")]
        out.append({"name": name, "in": "path", "required": True, "schema": schema})
    return out


class _Schemas:
    """The document's components: each type's JSON Schema made once, named by the type."""

    def __init__(self) -> None:
        self.components: dict[str, Any] = {}

    def of(self, kind: Any) -> dict[str, Any]:
        if kind is None or isinstance(kind, dict):
            return dict(kind or {})
        name = kind.__name__
        if name not in self.components:
            schema = TypeAdapter(kind).json_schema(ref_template=REF)
            self.components.update(schema.pop("$defs", {}))
            self.components[name] = schema
        return {"$ref": REF.format(model=name)}


def _operation(endpoint: str, rule: str, op: Operation, schemas: _Schemas) -> dict[str, Any]:
    answer = {"schema": schemas.of(op.answer)}
    ok = {"description": op.summary, "content": {op.media: answer}}
    responses: dict[str, Any] = {"201" if op.created else "200": ok}
    if rule.startswith("/api/") or op.token:  # its errors in the one shape (server.web.errors)
        error = {"schema": schemas.of(answers.ErrorBody)}
        responses["default"] = {"description": "the one error shape", "content": {JSON: error}}
    if endpoint == "readyz":
        responses["503"] = {"description": "not ready yet", "content": {JSON: answer}}
    out: dict[str, Any] = {"operationId": endpoint, "summary": op.summary, "responses": responses}
    params = _path_params(rule) + [
        {
            "name": p.name,
            "in": "query",
            "required": p.required,
            "schema": p.schema,
            **({"description": p.description} if p.description else {}),
            **({"explode": True} if p.schema.get("type") == "array" else {}),
        }
        for p in op.query
    ]
    if params:
        out["parameters"] = params
    if op.body is not None:
        out["requestBody"] = {
            "required": op.needs_body,
            "content": {JSON: {"schema": schemas.of(op.body)}},
        }
    if op.token:  # the operator's only when one is set: or none
        out["security"] = [{"bearer": []}] if op.token == "seat" else [{}, {"bearer": []}]
    return out


def document(app: Flask) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every route of ``app`` (``KeyError`` for a route
    :data:`OPERATIONS` does not describe)."""
    schemas = _Schemas()
    paths: dict[str, dict[str, Any]] = {}
    ids: dict[str, int] = {}  # an endpoint of several rules: each operation its own id
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        op = OPERATIONS[rule.endpoint]
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            item = paths.setdefault(openapi_path(rule.rule), {})
            item[method.lower()] = made = _operation(rule.endpoint, rule.rule, op, schemas)
            ids[rule.endpoint] = ids.get(rule.endpoint, 0) + 1
            if ids[rule.endpoint] > 1:
                made["operationId"] += f"_{ids[rule.endpoint]}"
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Admiralty",
            "version": __version__,
            "description": "The REST half of the protocol (docs/protocol.md); the Socket.IO "
            "half is in GET /api/schema.",
        },
        "paths": paths,
        "components": {
            "schemas": schemas.components,
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "a seat's token (the operator's for POST /api/campaigns "
                    "when one is set, and for /metrics)",
                }
            },
        },
    }
