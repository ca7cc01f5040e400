"""Prometheus metrics of one app, served at ``GET /metrics`` (docs/operations.md).

Every metric lives in the app's own :class:`~prometheus_client.CollectorRegistry` (several
apps in one process, as in the tests, count apart). Label values are bounded: action types
outside the vocabulary count as ``unknown``, and no counter is labelled by campaign, since
campaigns are never retired and each would stay a series for good; only the sockets gauge
has a campaign label, and a campaign's series goes when its last socket leaves.

- ``admiralty_sockets{campaign}``: joined sockets by campaign (read when scraped);
  ``admiralty_sockets_connected``: Engine.IO sessions of this process, joined or not.
- ``admiralty_actions_total{type,result}``: ``act`` calls by action type (``preview`` for a
  preview, ``unknown`` for a malformed one) and result (``ok`` or the error code);
  ``admiralty_act_seconds{type}``: their handling time, ack included.
- ``admiralty_joins_total{result}``: ``join`` calls.
- ``admiralty_events_sent_total{type}``: events emitted, one per room they go to.
- ``admiralty_db_seconds{transaction}``: the store's transactions, ``write`` (its commit
  and fsync included) or ``read``.
- ``process_*``: this process's CPU, memory and file descriptors.
"""

from __future__ import annotations

import hmac
import os
import threading
import time
from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask, Response, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from server.game import ACTIONS, ActionError
from server.web.storage import Store

__all__ = ["Metrics", "ack_result", "action_type", "install"]

ACT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
DB_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5)

Handler = Callable[..., dict[str, Any]]


class _Sockets(Collector):
    """The sockets gauges, counted from the socket table when scraped (never out of step
    with it, and no series left behind by a campaign nobody is in)."""

    def __init__(self) -> None:
        self.joined: dict[str, tuple[Any, ...]] = {}
        self.lock = threading.Lock()
        self.sessions: Callable[[], int] = lambda: 0

    def collect(self) -> Iterator[Metric]:
        with self.lock:
            campaigns = Tally(str(entry[0]) for entry in self.joined.values())
        by_campaign = GaugeMetricFamily(
            "admiralty_sockets", "Sockets joined to a campaign, by campaign", labels=["campaign"]
        )
        for campaign, count in sorted(campaigns.items()):
            by_campaign.add_metric([campaign], count)
        yield by_campaign
        yield GaugeMetricFamily(
            "admiralty_sockets_connected",
            "Engine.IO sessions of this process, joined or not",
            value=self.sessions(),
        )


def action_type(data: Any) -> str:
    """An act's type as counted and logged: ``preview`` for a preview, ``unknown`` for a
    malformed act or a type outside the protocol's vocabulary (a client adds no series)."""
    if not isinstance(data, dict):
        return "unknown"
    if data.get("preview") is True:
        return "preview"
    kind = data.get("type")
    return kind if isinstance(kind, str) and kind in ACTIONS else "unknown"


def ack_result(ack: Any) -> str:
    """An ack's result: ``ok`` or its error's code (``internal`` for one without)."""
    if isinstance(ack, dict) and ack.get("ok"):
        return "ok"
    error = ack.get("error") if isinstance(ack, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) and code.isidentifier() else "internal"


class Metrics:
    """One app's metrics and the hooks that move them."""

    def __init__(self) -> None:
        # each labelled child, looked up once (``labels()`` checks and locks on every
        # call; the hooks run on every act and every emit); the label values are bounded
        self._children: dict[tuple[Any, ...], Any] = {}
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter(
            "admiralty_actions",
            "act calls by action type and result",
            ["type", "result"],
            registry=r,
        )
        self.act_seconds = Histogram(
            "admiralty_act_seconds",
            "Time from an act's arrival to its ack, by action type",
            ["type"],
            buckets=ACT_BUCKETS,
            registry=r,
        )
        self.joins = Counter("admiralty_joins", "join calls by result", ["result"], registry=r)
        self.events_sent = Counter(
            "admiralty_events_sent",
            "Events emitted, one per room, by event type",
            ["type"],
            registry=r,
        )
        self.db_seconds = Histogram(
            "admiralty_db_seconds",
            "Time the store's transactions took, by kind (write: its commit included; read)",
            ["transaction"],
            buckets=DB_BUCKETS,
            registry=r,
        )
        self.sockets = _Sockets()
        r.register(self.sockets)
        ProcessCollector(registry=r)

    # -- the hooks ---------------------------------------------------------------------

    def _child(self, metric: Any, *labels: str) -> Any:
        key = (id(metric), *labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def count_acts(self, handler: Handler) -> Handler:
        """``handler`` (an ``act`` handler that always acks) timed and counted."""

        def act(sid: str, data: Any = None, *extra: Any) -> dict[str, Any]:
            start = time.perf_counter()
            ack = handler(sid, data, *extra)
            kind = action_type(data)
            self._child(self.actions, kind, ack_result(ack)).inc()
            self._child(self.act_seconds, kind).observe(time.perf_counter() - start)
            return ack

        act.__name__ = handler.__name__
        return act

    def count_joins(self, handler: Handler) -> Handler:
        """``handler`` (a ``join`` handler that always acks) counted by result."""

        def join(sid: str, data: Any = None, *extra: Any) -> dict[str, Any]:
            ack = handler(sid, data, *extra)
            self._child(self.joins, ack_result(ack)).inc()
            return ack

        join.__name__ = handler.__name__
        return join

    def count_emits(self, emit: Callable[..., Any]) -> Callable[..., Any]:
        """``emit(rooms, payload, ...)`` counting each event it sends by the payload's type
        (``seq`` for the bare seq of an event a seat may not see), once per room; a list of
        payloads (``events``) counts each."""

        def counted(rooms: list[str], payload: Any, *args: Any, **kwargs: Any) -> Any:
            result = emit(rooms, payload, *args, **kwargs)
            for one in payload if isinstance(payload, list) else [payload]:  # ``events`` too
                kind = str(one.get("type", "seq"))
                self._child(self.events_sent, kind).inc(len(rooms))
            return result

        return counted

    def watch_sockets(
        self, joined: dict[str, tuple[Any, ...]], lock: Any, sessions: Callable[[], int]
    ) -> None:
        """Count ``joined`` (sid -> (campaign, ...), guarded by ``lock``) when scraped, and
        ``sessions()`` as the connected sockets."""
        self.sockets.joined, self.sockets.lock, self.sockets.sessions = joined, lock, sessions

    def time_store(self, store: Store) -> None:
        """Time ``store``'s transactions (:attr:`Store.timed`)."""
        store.timed = lambda kind, seconds: self._child(self.db_seconds, kind).observe(seconds)

    # -- the page ----------------------------------------------------------------------

    def page(self, admin_token: str | None) -> Response:
        """The text exposition; with ``admin_token`` set, only for ``Bearer`` it."""
        if admin_token:
            header = request.headers.get("Authorization", "")
            given = header[7:].strip() if header[:7].lower() == "bearer " else ""
            if not hmac.compare_digest(given.encode(), admin_token.encode()):
                raise ActionError("forbidden", "send the operator token as a Bearer token")
        return Response(generate_latest(self.registry), content_type=CONTENT_TYPE_LATEST)


def install(app: Flask) -> Metrics:
    """Give ``app`` its metrics (``services(app).metrics``) and ``GET /metrics``,
    closed behind ``ADMIN_TOKEN`` (config) or ``$ADMIRALTY_ADMIN_TOKEN`` when either is set."""
    metrics = Metrics()
    admin_token = app.config.get("ADMIN_TOKEN") or os.environ.get("ADMIRALTY_ADMIN_TOKEN")
    app.add_url_rule("/metrics", "metrics", lambda: metrics.page(admin_token))
    return metrics
