"""Rate limits: per address (Flask-Limiter) on the requests that cost the server most, and
per seat (:class:`SeatLimits`, the ``limits`` library Flask-Limiter is built on) on every
Socket.IO act and on its table talk.

Three costs are limited, each per client address: ``GET /api/odds`` and an engagement's
``GET /api/campaigns/<id>/engagements/<id>/odds``, counted together (each answer may fight
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

- ``ACT_RATE_LIMIT`` (``ADMIRALTY_ACT_RATE_LIMIT``), every act of a seat (previews,
  refused acts too), default :data:`ACT_DEFAULT`: then ``rate_limited``
- ``SAY_RATE_LIMIT`` (``ADMIRALTY_SAY_RATE_LIMIT``), a seat's accepted ``say`` messages,
  default :data:`SAY_DEFAULT`: then ``too_many``

A seat's counts are kept where the addresses' are (``RATELIMIT_STORAGE_URI``): in Redis,
one count whichever process its sockets reach; should the storage stop answering, each
process counts on its own until it is back (as Flask-Limiter's fallback does). In one
process (``memory://``) they are :class:`LocalWindows`: ``limits``' own memory storage
starts a timer thread to expire its entries after every pause of 10 ms between hits, some
150 µs of CPU an act under gevent, more than the rest of an act's fan-out to ten seats.

Limits are Flask-Limiter's strings: ``"30 per minute"``, ``"10/minute;100/day"``.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import limits
from flask import Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from limits.util import WindowStats
from werkzeug.middleware.proxy_fix import ProxyFix

from server.game import rules
from server.web.errors import error_body, error_response

__all__ = [
    "ACT_DEFAULT",
    "CAMPAIGN_DEFAULT",
    "LocalWindows",
    "ODDS_DEFAULT",
    "ROUTE_DEFAULT",
    "SAY_DEFAULT",
    "SeatLimits",
    "init_app",
    "seat_limits",
]

ODDS_DEFAULT = "30 per minute;300 per hour"
CAMPAIGN_DEFAULT = "10 per minute;30 per hour"
#: legs routed: ten edits a minute of a voyage of the planner's most stops
ROUTE_DEFAULT = "120 per minute;1200 per hour"
#: a seat's acts: a player's clicks, a GM's rounds fought by hand, with room to spare
ACT_DEFAULT = "60 per minute"
#: a seat's accepted table talk
SAY_DEFAULT = "10 per minute"
SETTINGS = {  # config key: (environment variable, default)
    "ODDS_RATE_LIMIT": ("ADMIRALTY_ODDS_RATE_LIMIT", ODDS_DEFAULT),
    "CAMPAIGN_RATE_LIMIT": ("ADMIRALTY_CAMPAIGN_RATE_LIMIT", CAMPAIGN_DEFAULT),
    "ROUTE_RATE_LIMIT": ("ADMIRALTY_ROUTE_RATE_LIMIT", ROUTE_DEFAULT),
    "ACT_RATE_LIMIT": ("ADMIRALTY_ACT_RATE_LIMIT", ACT_DEFAULT),
    "SAY_RATE_LIMIT": ("ADMIRALTY_SAY_RATE_LIMIT", SAY_DEFAULT),
    "RATELIMIT_STORAGE_URI": ("ADMIRALTY_RATELIMIT_STORAGE_URI", "memory://"),
    "RATELIMIT_ENABLED": ("ADMIRALTY_RATELIMIT_ENABLED", "1"),
    "PROXY_HOPS": ("ADMIRALTY_PROXY_HOPS", "0"),
}
log = logging.getLogger("admiralty")


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
    # one limit for both odds previews: a ship type's and an engagement's
    odds = limiter.shared_limit(lambda: app.config["ODDS_RATE_LIMIT"], scope="odds")
    _limit(app, "world_api.odds", odds)
    _limit(app, "api.engagement_odds", odds)
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


def seat_limits(app: Flask) -> SeatLimits | None:
    """The app's limits on its seats' acts and talk (None: every limit switched off); call
    after :func:`init_app`, which reads the settings."""
    config = app.config
    if not config["RATELIMIT_ENABLED"]:
        return None
    return SeatLimits(
        config["RATELIMIT_STORAGE_URI"], config["ACT_RATE_LIMIT"], config["SAY_RATE_LIMIT"]
    )


class LocalWindows:
    """Moving windows counted in this process's memory, with the calls of ``limits``'
    :class:`~limits.strategies.MovingWindowRateLimiter` that :class:`SeatLimits` makes:
    each window's hit times in a queue, the expired ones dropped when it is read (no
    thread). ``clock`` gives epoch seconds."""

    #: hits between two sweeps of the windows whose every hit has expired
    SWEEP_EVERY = 1000

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._hits: dict[str, tuple[int, deque[float]]] = {}  # key -> (expiry, hit times)
        self._lock = threading.Lock()
        self._counted = 0

    def _window(self, item: limits.RateLimitItem, keys: tuple[str, ...]) -> deque[float]:
        """The window's hits within the last ``item``'s expiry, oldest first."""
        expiry = item.get_expiry()
        hits = self._hits.setdefault(item.key_for(*keys), (expiry, deque()))[1]
        gone = self.clock() - expiry
        while hits and hits[0] <= gone:
            hits.popleft()
        return hits

    def hit(self, item: limits.RateLimitItem, *keys: str) -> bool:
        """Count one hit, if the window has room (else nothing: False)."""
        with self._lock:
            hits = self._window(item, keys)
            if len(hits) >= item.amount:
                return False
            hits.append(self.clock())
            self._counted += 1
            if self._counted % self.SWEEP_EVERY == 0:
                self._sweep()
            return True

    def _sweep(self) -> None:
        """Forget the windows all of whose hits have expired (seats and campaigns gone
        quiet), so that a year of campaigns holds only the windows still counting."""
        now = self.clock()
        for key in [
            k for k, (exp, hits) in self._hits.items() if not hits or hits[-1] <= now - exp
        ]:
            del self._hits[key]

    def __len__(self) -> int:
        """The windows held."""
        return len(self._hits)

    def test(self, item: limits.RateLimitItem, *keys: str) -> bool:
        """Whether one more hit would be counted (nothing counted)."""
        with self._lock:
            return len(self._window(item, keys)) < item.amount

    def get_window_stats(self, item: limits.RateLimitItem, *keys: str) -> WindowStats:
        """When the window's oldest hit expires (now if it has none), and the room left."""
        with self._lock:
            hits = self._window(item, keys)
            oldest = hits[0] if hits else self.clock() - item.get_expiry()
            return WindowStats(oldest + item.get_expiry(), item.amount - len(hits))


class SeatLimits:
    """Each seat's acts and accepted ``say`` messages counted in moving windows, in the
    storage at ``storage_uri`` (``redis://...``: shared by the processes that share it;
    ``memory://``: :class:`LocalWindows`), or in this process's memory while that storage
    fails."""

    def __init__(
        self, storage_uri: str, acts: str, say: str, clock: Callable[[], float] = time.time
    ) -> None:
        self.acts = limits.parse_many(acts)
        self.say = limits.parse_many(say)
        self.clock = clock  # epoch seconds, as the storages count
        self.local = LocalWindows(clock)
        self.shared: Any = (
            self.local
            if storage_uri.startswith("memory://")
            else MovingWindowRateLimiter(storage_from_string(storage_uri))
        )
        self._failing = False

    def _use(self, work: Any) -> Any:
        """``work(limiter)`` on the shared storage, or on this process's while it fails."""
        try:
            answer = work(self.shared)
        except Exception as exc:  # the storage away (Redis down): count here meanwhile
            if not self._failing:
                log.warning("the rate limits' storage failed (%s); counting per process", exc)
            self._failing = True
            return work(self.local)
        self._failing = False
        return answer

    def _wait(self, item: limits.RateLimitItem, *keys: str) -> int:
        stats = self._use(lambda limiter: limiter.get_window_stats(item, *keys))
        return max(1, math.ceil(stats.reset_time - self.clock()))

    def act_refusal(self, campaign_id: str, seat_id: str) -> dict[str, Any] | None:
        """Count one act of the seat: the ``rate_limited`` ack when it is over a limit
        (nothing counted then), else None."""
        keys = ("act", campaign_id, seat_id)
        for item in self.acts:
            if not self._use(lambda limiter, item=item: limiter.hit(item, *keys)):
                wait = self._wait(item, *keys)
                message = f"at most {_per(item, 'acts')} a seat; retry in {wait} s"
                return error_body("rate_limited", message)
        return None

    def say_refusal(self, campaign_id: str, seat_id: str) -> dict[str, Any] | None:
        """The ``too_many`` ack when the seat has said its fill, else None (nothing
        counted: :meth:`said` counts an accepted message)."""
        keys = ("say", campaign_id, seat_id)
        for item in self.say:
            if not self._use(lambda limiter, item=item: limiter.test(item, *keys)):
                wait = self._wait(item, *keys)
                return error_body("too_many", f"at most {_per(item, 'messages')}; wait {wait} s")
        return None

    def said(self, campaign_id: str, seat_id: str) -> None:
        """Count one accepted message of the seat."""
        for item in self.say:
            self._use(lambda limiter, item=item: limiter.hit(item, "say", campaign_id, seat_id))


def _per(item: limits.RateLimitItem, what: str) -> str:
    """``"10 messages a minute"``, ``"30 acts in 10 seconds"``."""
    unit = item.GRANULARITY.name
    if item.multiples == 1:
        return f"{item.amount} {what} a{'n' if unit == 'hour' else ''} {unit}"
    return f"{item.amount} {what} in {item.multiples} {unit}s"


def _retry_after(limiter: Limiter) -> int:
    """Seconds until the breached limit's window resets (at least 1)."""
    current: Any = limiter.current_limit
    reset_at = current.reset_at if current is not None else time.time() + 60
    return max(1, math.ceil(reset_at - time.time()))
