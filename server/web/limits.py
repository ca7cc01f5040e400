"""Per-address rate limits (Flask-Limiter) on the requests that cost the server most.

Three costs are limited, each per client address: ``GET /api/odds`` (each answer may fight
up to a second of battles; answers are cached too, :func:`server.web.world_api.odds_answer`),
``POST /api/campaigns`` (each campaign is kept; only campaigns created count), and the legs
routed by ``GET /api/route`` (one) and ``GET /api/voyage`` (its stops less one: up to a
second of search each, far apart), counted together. A request
over a limit gets a JSON 429 in the protocol's error shape, ``rate_limited``, with a
``Retry-After`` header in seconds. Settings (app config, else the environment variable):

- ``ODDS_RATE_LIMIT`` (``ADMIRALTY_ODDS_RATE_LIMIT``), default :data:`ODDS_DEFAULT`
- ``CAMPAIGN_RATE_LIMIT`` (``ADMIRALTY_CAMPAIGN_RATE_LIMIT``), default :data:`CAMPAIGN_DEFAULT`
- ``ROUTE_RATE_LIMIT`` (``ADMIRALTY_ROUTE_RATE_LIMIT``), in legs, default :data:`ROUTE_DEFAULT`
- ``RATELIMIT_STORAGE_URI`` (``ADMIRALTY_RATELIMIT_STORAGE_URI``), default ``memory://``: one
  process's counts; ``redis://host:6379/1`` shares them between processes
- ``RATELIMIT_ENABLED`` (``ADMIRALTY_RATELIMIT_ENABLED=0`` to switch every limit off)
- ``PROXY_HOPS`` (``ADMIRALTY_PROXY_HOPS``), default 0: behind a balancer that sets
  ``X-Forwarded-For``, the number of proxies in front, so that the client's address is
  limited and not the balancer's (werkzeug's ``ProxyFix``); its ``X-Forwarded-Proto`` is
  trusted as far, so that the links the API returns say ``https`` behind a TLS proxy

Limits are Flask-Limiter's strings: ``"30 per minute"``, ``"10/minute;100/day"``.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any

from flask import Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from server.game import rules
from server.web.errors import error_response

__all__ = ["CAMPAIGN_DEFAULT", "ODDS_DEFAULT", "ROUTE_DEFAULT", "init_app"]

ODDS_DEFAULT = "30 per minute;300 per hour"
CAMPAIGN_DEFAULT = "10 per minute;30 per hour"
#: legs routed: ten edits a minute of a voyage of the planner's most stops
ROUTE_DEFAULT = "120 per minute;1200 per hour"
SETTINGS = {  # config key: (environment variable, default)
    "ODDS_RATE_LIMIT": ("ADMIRALTY_ODDS_RATE_LIMIT", ODDS_DEFAULT),
    "CAMPAIGN_RATE_LIMIT": ("ADMIRALTY_CAMPAIGN_RATE_LIMIT", CAMPAIGN_DEFAULT),
    "ROUTE_RATE_LIMIT": ("ADMIRALTY_ROUTE_RATE_LIMIT", ROUTE_DEFAULT),
    "RATELIMIT_STORAGE_URI": ("ADMIRALTY_RATELIMIT_STORAGE_URI", "memory://"),
    "RATELIMIT_ENABLED": ("ADMIRALTY_RATELIMIT_ENABLED", "1"),
    "PROXY_HOPS": ("ADMIRALTY_PROXY_HOPS", "0"),
}


def _settings(app: Flask) -> None:
    """Fill each setting the app's config does not give from the environment or its default."""
    for key, (variable, default) in SETTINGS.items():
        app.config.setdefault(key, os.environ.get(variable, default))
    enabled = app.config["RATELIMIT_ENABLED"]
    app.config["RATELIMIT_ENABLED"] = str(enabled).lower() not in ("0", "false", "no", "off")
    app.config["PROXY_HOPS"] = int(app.config["PROXY_HOPS"])
    # a storage that stops answering (Redis down) limits per process instead of failing
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)


def init_app(app: Flask) -> Limiter:
    """Limit the app's costly routes (call after its blueprints are registered)."""
    _settings(app)
    if app.config["PROXY_HOPS"]:
        hops = app.config["PROXY_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    limiter = Limiter(get_remote_address, app=app)
    _limit(app, "world_api.odds", limiter.limit(lambda: app.config["ODDS_RATE_LIMIT"]))
    created = limiter.limit(
        lambda: app.config["CAMPAIGN_RATE_LIMIT"],
        deduct_when=lambda response: response.status_code == 201,  # campaigns made count
    )
    _limit(app, "api.create_campaign", created)
    legs = limiter.shared_limit(lambda: app.config["ROUTE_RATE_LIMIT"], scope="routes", cost=_legs)
    _limit(app, "world_api.route", legs)
    _limit(app, "world_api.voyage", legs)

    @app.errorhandler(RateLimitExceeded)
    def too_many(exc: RateLimitExceeded) -> tuple[Response, int]:
        wait = _retry_after(limiter)
        message = (
            f"too many requests from this address (at most {exc.description}); retry in {wait} s"
        )
        response, status = error_response("rate_limited", message)
        response.headers["Retry-After"] = str(wait)
        return response, status

    return limiter


def _limit(app: Flask, endpoint: str, limit: Any) -> None:
    """Put ``limit`` on one view of this app (the blueprints' own functions stay as they are,
    so that every app has its own limiter)."""
    app.view_functions[endpoint] = limit(app.view_functions[endpoint])


def _legs() -> int:
    """What a request costs of the routes' limit: the legs it routes (a voyage's stops
    less one, counted up to the planner's most; a route one)."""
    stops = len(request.args.getlist("stop"))
    return max(1, min(stops, rules.VOYAGE_STOPS[1]) - 1)


def _retry_after(limiter: Limiter) -> int:
    """Seconds until the breached limit's window resets (at least 1)."""
    current: Any = limiter.current_limit
    reset_at = current.reset_at if current is not None else time.time() + 60
    return max(1, math.ceil(reset_at - time.time()))
