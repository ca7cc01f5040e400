"""Read-only REST data from the world and the rules: map layers, ports, routes, odds."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from server.game import (
    ACTIONS,
    DECISIONS,
    PHASES,
    ROLES,
    SEASON_DAYS,
    TABLE,
    ActionError,
    rule_errors,
    rules,
)

__all__ = ["layers_json", "world_api"]

world_api = Blueprint("world_api", __name__)


def _layers_digest() -> str:
    """What the layers are built from: the world's code and data, and the scenario."""
    import hashlib

    digest = hashlib.sha256()
    for path in rules.layer_sources():
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:24]


def _cache_dir() -> Path:
    return Path(os.environ.get("ADMIRALTY_CACHE_DIR") or Path.home() / ".cache" / "admiralty")


@cache
def layers_json() -> bytes:
    """All map layers as one cached GeoJSON document, each station labelled with its
    squadrons' cruising ground (``patrol_point``), where deploys go. Building them takes
    seconds of GEOS work, so the document is kept on disk (``$ADMIRALTY_CACHE_DIR``, else
    ``~/.cache/admiralty``) under a digest of what they are built from: a restart reads it."""
    import copy
    import json

    cached = _cache_dir() / f"layers-{_layers_digest()}.json"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    layers = copy.deepcopy(rules.layers())
    points = rules.scenario()["patrol_points"]
    for feature in layers["stations"]["features"]:
        point = points.get(feature["properties"]["id"])
        feature["properties"]["patrol_point"] = list(point) if point else None
    body = json.dumps(layers, separators=(",", ":")).encode()
    try:  # written whole, then renamed: a reader never sees half a file
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(body)
        os.replace(part, cached)
    except OSError:  # a read-only home: built again on the next start
        pass
    return body


@world_api.get("/api/map")
def map_layers() -> ResponseReturnValue:
    return Response(
        layers_json(),
        mimetype="application/geo+json",
        headers={"Cache-Control": "public, max-age=3600"},
    )


@world_api.get("/api/ports")
def ports() -> ResponseReturnValue:
    return jsonify(ports=rules.ports())


def _place(value: str | None, key: str) -> str | tuple[float, float]:
    if not value:
        raise ActionError("invalid", f"'{key}' is required: a port id or lon,lat")
    if value.startswith("station:"):
        with rule_errors():
            return rules.station_point(value.removeprefix("station:"))
    if "," in value:
        try:
            lon, lat = (float(v) for v in value.split(","))
        except ValueError:
            raise ActionError("invalid", f"'{key}' must be a port id or lon,lat") from None
        return (lon, lat)
    return value


@world_api.get("/api/route")
def route() -> ResponseReturnValue:
    args = request.args
    origin, destination = _place(args.get("from"), "from"), _place(args.get("to"), "to")
    ship, month = _ship_and_month(args)
    with rule_errors():
        feature = rules.route_feature(origin, destination, ship, month)
    return jsonify(feature)


def _ship_and_month(args: MultiDict[str, str]) -> tuple[str, int]:
    try:
        month = int(args.get("month", "6"))
    except ValueError:
        raise ActionError("invalid", "'month' must be 1 to 12") from None
    if not 1 <= month <= 12:
        raise ActionError("invalid", "'month' must be 1 to 12")
    try:
        ship = rules.roster_type(args.get("ship", "Third Rate"))
    except ValueError as exc:
        raise ActionError("invalid", str(exc)) from None
    return ship, month


@world_api.get("/api/voyage")
def voyage() -> ResponseReturnValue:
    """A GM's multi-leg voyage: ``stop`` repeated (port id, ``lon,lat`` or
    ``station:<id>``), ``ship``, ``month``, ``stay`` (days at each stop)."""
    stops = [_place(v, "stop") for v in request.args.getlist("stop")]
    if not 2 <= len(stops) <= 12:
        raise ActionError("invalid", "a voyage needs 2 to 12 'stop' places")
    ship, month = _ship_and_month(request.args)
    try:
        stay = float(request.args.get("stay", "0"))
    except ValueError:
        raise ActionError("invalid", "'stay' must be a number of days") from None
    if not 0 <= stay <= 60:
        raise ActionError("invalid", "'stay' must be 0 to 60 days")
    with rule_errors():
        result = rules.voyage(stops, ship, month, stay)
    return jsonify(result)


@world_api.get("/api/odds")
def odds() -> ResponseReturnValue:
    args = request.args
    try:
        n = int(args.get("n", "1000"))
        seed = int(args.get("seed", "1"))
    except ValueError:
        raise ActionError("invalid", "'n' and 'seed' must be whole numbers") from None
    if not 1 <= n <= 5000:
        raise ActionError("invalid", "'n' must be 1 to 5000")
    side_a = [s for s in args.getlist("a") if s] or None
    side_b = [s for s in args.getlist("b") if s] or None
    if not side_a or not side_b:
        raise ActionError("invalid", "give both sides: a=<ship type>&b=<ship type>")
    try:
        result = rules.battle_odds(side_a, side_b, n, seed)
    except (KeyError, ValueError) as exc:
        raise ActionError("invalid", str(exc.args[0] if exc.args else exc)) from None
    return jsonify(dict(result))


@world_api.get("/api/rules")
def rules_vocabulary() -> Response:
    """The words the browser pages take from the rules instead of knowing them: those of
    :func:`server.game.rules.vocabulary` and the game's own, the engagement decisions an
    ``engage_decision`` takes, the seats' roles, the phases and the season's length."""
    response = jsonify(
        {
            **rules.vocabulary(),
            "decisions": list(DECISIONS),
            "roles": list(ROLES),
            "phases": list(PHASES),
            # who may send what, when (server.game.authority.TABLE): the panels offer
            # only what the seat may do now
            "actions": {
                action: {
                    role: {"phases": list(g.phases), "while_paused": g.while_paused}
                    for role, g in grants.items()
                }
                for action, grants in TABLE.items()
                if action in ACTIONS
            },
            "season_days": SEASON_DAYS,
        }
    )
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response
