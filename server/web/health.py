"""Liveness and readiness: ``/livez`` while the process runs, ``/readyz`` (and ``/healthz``,
its older name) while it can serve.

Ready means warmed up (the world built, the recent campaigns loaded: :mod:`server.web.app`)
and the database answering ``SELECT 1``, and, when the server has a message queue, Redis
answering ``PING``. Each probe has a short timeout (:data:`TIMEOUT`, to connect), runs on
a connection of its own (a busy pool never makes a healthy database look away), waits as
a green thread under ``serve`` (psycopg and redis-py on gevent's sockets: the event loop
answers meanwhile; a connection is never handed to a thread of the OS, whose hub it would
not be on), and its answer is kept for
:data:`FRESH` seconds: a balancer asking many times a second costs one probe a second.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import Engine, create_engine, text

from server import __version__
from server.web.errors import RETRY_AFTER, retry_later

__all__ = ["FRESH", "TIMEOUT", "WHY", "Health"]

#: seconds a probe may take before its service counts as away
TIMEOUT = 2
#: seconds a probe's answer is kept
FRESH = 1.0
#: what each failing check means, for the 503's message
WHY = {
    "warm": "it is starting up",
    "database": "the database cannot be reached",
    "message_queue": "the message queue (Redis) cannot be reached",
}


class Health:
    """The probes of one process: its warm-up, its database, its message queue."""

    def __init__(
        self,
        engine: Engine,
        message_queue: str | None,
        warm: threading.Event,
    ) -> None:
        self.warm = warm
        # PostgreSQL probed on a connection of its own (kept, checked before each use,
        # opened again within the timeout), so that a busy pool never makes a healthy
        # database look away; SQLite (a file of this machine) through the store's engine
        self.engine = (
            create_engine(
                engine.url,
                pool_size=1,
                max_overflow=0,
                pool_pre_ping=True,
                connect_args={"connect_timeout": TIMEOUT},
            )
            if engine.dialect.name == "postgresql"
            else engine
        )
        self.queue: Any = None
        if message_queue:
            import redis

            self.queue = redis.Redis.from_url(
                message_queue, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
            )
        self._checked: tuple[float, dict[str, bool | None]] | None = None
        self._lock = threading.Lock()

    def _database(self) -> bool:
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            return True
        except Exception:
            return False

    def _queue(self) -> bool | None:
        if self.queue is None:
            return None
        try:
            return bool(self.queue.ping())
        except Exception:
            return False

    def _probe(self) -> dict[str, bool | None]:
        return {"database": self._database(), "message_queue": self._queue()}

    def checks(self) -> dict[str, bool | None]:
        """Each thing readiness needs: ``warm``, ``database``, ``message_queue`` (None
        without one), each as last probed within :data:`FRESH` seconds."""
        with self._lock:  # one probe at a time; the others take its answer
            now = time.monotonic()
            if self._checked is None or now - self._checked[0] >= FRESH:
                self._checked = (time.monotonic(), self._probe())
            probed = self._checked[1]
        return {"warm": self.warm.is_set(), **probed}

    def live(self) -> tuple[dict[str, Any], int]:
        """``/livez``: 200 while the process answers at all."""
        return {"ok": True, "live": True, "version": __version__}, 200

    def ready(self) -> tuple[dict[str, Any], int, dict[str, str]]:
        """``/readyz``: 200 when every check holds, else 503 with ``not_ready``, the
        checks and ``Retry-After``. The warm-up is looked at first: a process still
        warming up probes nothing."""
        checks = (
            self.checks()
            if self.warm.is_set()
            else {"warm": False, "database": None, "message_queue": None}
        )
        ready = all(v is not False for v in checks.values())
        body: dict[str, Any] = {"ok": ready, "ready": ready, "version": __version__}
        body["checks"] = checks
        if ready:
            return body, 200, {}
        message = "this server cannot serve now: " + "; ".join(
            WHY[k] for k, v in checks.items() if v is False
        )
        body["error"] = retry_later(message)["error"]
        return body, 503, {"Retry-After": str(RETRY_AFTER)}
