"""Read-only REST data from the world and the rules: map layers, ports, routes, odds."""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from typing import Any

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
    refusals,
    rules,
)
from server.game.payloads import MAX_SEED, MAX_TURN_DAYS, SAY_MAX
from server.game.state import OFF_SEASONS
from server.game.vocabulary import vocabulary
from server.web import assets, runtime
from server.web.campaigns import CAMPAIGN_ID
from server.web.services import services
from server.web.tokens import TOKEN_PATTERN

__all__ = [
    "MAX_ODDS_N",
    "MAX_SHIPS",
    "land_json",
    "layers_json",
    "match_odds_answer",
    "odds_answer",
    "odds_args",
    "odds_budget",
    "world_api",
]

world_api = Blueprint("world_api", __name__)


def _layers_digest() -> str:
    """What the layers are built from: the world's code and data, and the scenario."""
    import hashlib

    digest = hashlib.sha256()
    for path in rules.layer_sources():
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:24]


@cache
def layers_json(detail: bool = False) -> bytes:
    """All map layers as one cached GeoJSON document (the overview the page opens with, or
    with ``detail`` the coast's), each station labelled with its squadrons' cruising ground
    (``patrol_point``), where deploys go. Building them takes seconds of GEOS work, so the
    document is kept on disk (:func:`server.web.assets.kept`) under a digest of what they
    are built from: a restart reads it."""

    def build() -> bytes:
        import copy

        layers = copy.deepcopy(rules.layers(detail))
        points = rules.scenario()["patrol_points"]
        for feature in layers["stations"]["features"]:
            point = points.get(feature["properties"]["id"])
            feature["properties"]["patrol_point"] = list(point) if point else None
        return json.dumps(layers, separators=(",", ":")).encode()

    name = "layers" if detail else "overview"
    return assets.kept(f"{name}-{_layers_digest()}.json", build)


@cache
def land_json() -> bytes:
    """The coast in detail as GeoJSON, kept on disk like :func:`layers_json` (seconds of
    GEOS work to build)."""
    return assets.kept(
        f"coast-{_layers_digest()}.json",
        lambda: json.dumps(rules.land_detail(), separators=(",", ":")).encode(),
    )


@cache
def _packed(key: str) -> assets.Packed:
    """A map layer's answer (``overview``, ``land``, ``ports`` or a month's wind), compressed
    once and kept: a 304 or a repeated 200 compresses nothing (170-350 ms of CPU a layer)."""
    if key == "overview":
        return assets.pack(layers_json())
    if key == "land":
        return assets.pack(land_json())
    if key == "ports":
        return assets.pack(json.dumps({"ports": rules.ports()}, separators=(",", ":")).encode())
    return assets.pack(json.dumps(rules.wind_layer(int(key)), separators=(",", ":")).encode())


def warm_packed() -> None:
    """Pack the map's answers now (the warm-up), not at their first request."""
    for key in ("overview", "land", "ports", *map(str, range(1, 13))):
        _packed(key)


LAYER_CACHE = "public, max-age=3600"


@world_api.get("/api/map")
def map_layers() -> ResponseReturnValue:
    """Every layer as the page opens with them (the overview's land and stations)."""
    return assets.answer(_packed("overview"), "application/geo+json", LAYER_CACHE)


@world_api.get("/api/map/land")
def map_land() -> ResponseReturnValue:
    """The coast in detail, for the map zoomed in (maps.layers.land)."""
    return assets.answer(_packed("land"), "application/geo+json", LAYER_CACHE)


@world_api.get("/api/wind")
def wind() -> ResponseReturnValue:
    """The month's prevailing winds (``month`` 1 to 12) as GeoJSON points."""
    text = request.args.get("month", "")
    if not WHOLE.fullmatch(text) or not 1 <= int(text) <= 12:
        raise ActionError("invalid", "'month' must be a whole number from 1 to 12")
    return assets.answer(_packed(str(int(text))), "application/geo+json", LAYER_CACHE)


@world_api.get("/api/ports")
def ports() -> ResponseReturnValue:
    """The ports (id, name, nation, kind, position): fixed as the layers are, so cached as
    they are (an ETag, a 304 on a second visit)."""
    return assets.answer(_packed("ports"), "application/json", LAYER_CACHE)


def _place(value: str | None, key: str) -> str | tuple[float, float]:
    if not value:
        raise ActionError("invalid", f"'{key}' is required: a port id or lon,lat")
    if value.startswith("station:"):
        return rules.station_point(value.removeprefix("station:"))
    if "," in value:
        try:
            lon, lat = (float(v) for v in value.split(","))
        except ValueError:
            raise ActionError("invalid", f"'{key}' must be a port id or lon,lat") from None
        return (lon, lat)
    return value


@world_api.get("/api/route")
@refusals()
def route() -> ResponseReturnValue:
    args = request.args
    origin, destination = _place(args.get("from"), "from"), _place(args.get("to"), "to")
    ship, month = _ship_and_month(args)
    return jsonify(_offload(rules.route_feature, origin, destination, ship, month))


def _offload(work: Any, *args: Any) -> Any:
    """``work(*args)`` off the event loop (:func:`server.web.app.offloader`): a route's
    search may take a second of CPU, every other socket answered meanwhile."""
    return services().offload(work, *args)


def _ship_and_month(args: MultiDict[str, str]) -> tuple[str, int]:
    try:
        month = int(args.get("month", "6"))
    except ValueError:
        raise ActionError("invalid", "'month' must be 1 to 12") from None
    if not 1 <= month <= 12:
        raise ActionError("invalid", "'month' must be 1 to 12")
    return rules.roster_type(args.get("ship", "Third Rate")), month


@world_api.get("/api/voyage")
@refusals()
def voyage() -> ResponseReturnValue:
    """A GM's multi-leg voyage: ``stop`` repeated (port id, ``lon,lat`` or
    ``station:<id>``), ``ship``, ``month``, ``stay`` (days at each stop); planned by
    :func:`server.game.rules.voyage_plan`, as the voyage the GM shows the players is."""
    stops = request.args.getlist("stop")
    lo, hi = rules.VOYAGE_STOPS
    if not lo <= len(stops) <= hi:
        raise ActionError("invalid", f"a voyage needs {lo} to {hi} 'stop' places")
    ship, month = _ship_and_month(request.args)
    try:
        stay = float(request.args.get("stay", "0"))
    except ValueError:
        raise ActionError("invalid", "'stay' must be a number of days") from None
    return jsonify(_offload(rules.voyage_plan, stops, ship, month, stay))


# What one odds preview may cost: battles times the ships on each side, multiplied (a
# battle of 10 ships a side costs about 29 of 1 against 1; measured 0.8 ms of CPU for 1 v 1,
# 5.8 ms for 5 v 5, 23 ms for 10 v 10), so that no answer takes much over a second of CPU.
MAX_ODDS_N = 1000  # battles asked for at most (1 v 1: about 0.8 s of CPU)
MAX_SHIPS = 10  # ships on a side
MIN_BUDGET_N = 50  # battles fought at least, however large the sides
WHOLE = re.compile(r"-?[0-9]{1,12}")
ODDS_CACHE_SIZE = 512  # answers kept, by their arguments (each a few hundred bytes)


def odds_budget(ships_a: int, ships_b: int) -> int:
    """The most battles one preview fights for sides of these sizes.

    >>> odds_budget(1, 1), odds_budget(2, 3), odds_budget(10, 10)
    (1000, 166, 50)
    """
    return max(MIN_BUDGET_N, MAX_ODDS_N // (ships_a * ships_b))


@lru_cache(maxsize=ODDS_CACHE_SIZE)
@refusals(unknown="invalid")  # a side's ship type is a value given, not a thing looked up
def odds_answer(side_a: tuple[str, ...], side_b: tuple[str, ...], n: int, seed: int) -> bytes:
    """The preview's answer as JSON, fought once per arguments and then kept (an LRU of
    immutable bytes: a cached answer is the very answer first given)."""
    result = rules.battle_odds(list(side_a), list(side_b), n, seed, **runtime.battle_workers())
    return json.dumps(dict(result), separators=(",", ":"), sort_keys=True).encode()


@lru_cache(maxsize=ODDS_CACHE_SIZE)
@refusals(unknown="invalid")
def match_odds_answer(match: str, n: int, seed: int) -> bytes:
    """An engagement's preview answer as JSON (``match``: what
    :func:`server.game.odds_for` says it fights, as canonical JSON: its ships, crews and
    all, its weather and policies), fought once per arguments and then kept as
    :func:`odds_answer` keeps its answers."""
    fight = json.loads(match)
    result = rules.battle_odds(
        fight["a"],
        fight["b"],
        n,
        seed,
        weather=fight["weather"],
        precipitation=fight.get("precipitation", "No Rain"),
        policies=fight["policies"],
        **runtime.battle_workers(),
    )
    return json.dumps(dict(result), separators=(",", ":"), sort_keys=True).encode()


def odds_args(args: MultiDict[str, str]) -> tuple[int, int]:
    """An odds preview's ``n`` (1 to :data:`MAX_ODDS_N`, default 1000) and ``seed``."""
    return _whole(args, "n", 1000, 1, MAX_ODDS_N), _whole(args, "seed", 1, 0, MAX_SEED)


def _whole(args: MultiDict[str, str], key: str, default: int, lo: int, hi: int) -> int:
    text = args.get(key, str(default))
    if not WHOLE.fullmatch(text) or not lo <= int(text) <= hi:
        raise ActionError("invalid", f"'{key}' must be a whole number from {lo} to {hi}")
    return int(text)


def _side(args: MultiDict[str, str], key: str) -> tuple[str, ...]:
    side = tuple(s for s in args.getlist(key) if s)
    if not 1 <= len(side) <= MAX_SHIPS or any(len(s) > 60 for s in side):
        raise ActionError(
            "invalid", f"give both sides: a=<ship type>&b=<ship type> (1 to {MAX_SHIPS} each)"
        )
    return side


@world_api.get("/api/odds")
def odds() -> ResponseReturnValue:
    """Battle odds: ``a`` and ``b`` repeated (1 to :data:`MAX_SHIPS` ship types a side),
    ``n`` battles (1 to :data:`MAX_ODDS_N`, fewer for large sides: :func:`odds_budget`),
    ``seed``. The same arguments get the same answer, fought once."""
    args = request.args
    n, seed = odds_args(args)
    side_a, side_b = _side(args, "a"), _side(args, "b")
    n = min(n, odds_budget(len(side_a), len(side_b)))
    return Response(odds_answer(side_a, side_b, n, seed), mimetype="application/json")


@world_api.get("/api/rules")
def rules_vocabulary() -> Response:
    """The words the browser pages take from the rules instead of knowing them: those of
    :func:`server.game.vocabulary.vocabulary` and the game's own, the engagement decisions an
    ``engage_decision`` takes, the seats' roles, the phases and the season's length."""
    response = jsonify(
        {
            **vocabulary(),
            "decisions": list(DECISIONS),
            "roles": list(ROLES),
            "phases": list(PHASES),
            # who may send what, when (server.game.registry.TABLE): the panels offer
            # only what the seat may do now
            "actions": {
                action: {
                    role: {"phases": list(g.phases), "while_paused": g.while_paused}
                    for role, g in granted.grants.items()
                }
                for action, granted in TABLE.items()
                if action in ACTIONS
            },
            "season_days": SEASON_DAYS,
            # the season after each of the year's last three (the spring's: the cabinet of
            # the next summer), as server.game.calendar moves the year on
            "next_phase": dict(zip(OFF_SEASONS, (*OFF_SEASONS[1:], "cabinet"), strict=True)),
            # what the forms hold to: a message's length, a turn's days, a campaign's id
            # and a seat token (patterns for a link pasted on the landing page)
            "limits": {
                "say": SAY_MAX,
                "turn_days": MAX_TURN_DAYS,
                "orders": rules.ORDERS_MOST,  # a conditional order's modifier
                # the Royal Naval Academy: a season's weeks of study at most, a week's
                # fee, the weeks that make a level of NA and the most NA it gives
                "academy": {
                    "weeks": rules.ACADEMY_WEEKS,
                    "guineas_a_week": rules.ACADEMY.GUINEAS_A_WEEK,
                    "weeks_a_level": rules.ACADEMY.WEEKS_A_LEVEL,
                    "most_na": rules.ACADEMY.MOST_NA,
                },
                "favours": list(rules.FAVOUR_CLASSES),  # a favour's class (Briny, INFLUENCE)
                "verdicts": list(rules.VERDICTS),  # a court-martial's (BtQ, "Punishments")
                # the most each post embezzles a year (Briny, APPOINTMENTS 001:1164-1206)
                "embezzlement": {
                    post: rules.embezzlement_perk(post)["most"] for post in rules.EMBEZZLING_POSTS
                },
                "disgrace": list(rules.DISGRACE_CAUSES),  # a disgrace's causes (Briny)
                "campaign_id": f"^{CAMPAIGN_ID.pattern}$",
                "token": TOKEN_PATTERN,
            },
        }
    )
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response
