"""A process's door and its leaving: what lets a balancer move players between processes.

- **The door** (:class:`Door`): a request to the Socket.IO path that this process cannot
  serve is answered HTTP 503 ``not_ready`` with ``Retry-After`` before Engine.IO sees it: a
  new session (no ``sid``) while the process is not ready (warming up, or leaving), and a
  session it does not hold (another process's, or one it closed). nginx takes a 503 as
  "try the next process" (``proxy_next_upstream http_503``, docs/operations.md), so a
  player who connects meanwhile lands on a process that is ready instead of on one that
  would ack his join ``not_ready`` for half a minute, and a long-polling session's request
  that the client-address hash sends to the wrong process reaches the one that holds it
  (Engine.IO's own answer, a 400, would end the session).
- **Leaving** (:func:`leave`, on SIGTERM: :func:`on_sigterm`): the process stops being
  ready (new sessions, acts, joins and ``/api/`` requests refused ``not_ready``), lets the
  acts and joins it is answering finish (:class:`InFlight`), then closes every Engine.IO
  session's transport without Engine.IO's ``close`` packet (which tells a client not to
  come back): a WebSocket gets a clean close frame, a long-polling session its pending
  GET answered and its next one refused, and both kinds of client (the page's and
  python-socketio's) reconnect by themselves, through the balancer to a process that is
  ready, and re-join with ``since``. gunicorn's graceful stop then finds no request in
  flight and the worker exits at once instead of cutting its sockets at its timeout.
"""

from __future__ import annotations

import json
import logging
import signal
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs

from flask import Flask

from server.web import runtime
from server.web.services import services

__all__ = ["LEAVE_WAIT", "Door", "InFlight", "leave", "on_sigterm"]

#: how long a leaving process waits for the acts and joins it is answering (then closes)
LEAVE_WAIT = 5.0
log = logging.getLogger("admiralty")


class Door:
    """WSGI middleware: 503 ``not_ready`` for a new Engine.IO session until ``ready``, and
    for a session ``eio`` (python-engineio's server) does not hold, open."""

    def __init__(
        self, app: Any, ready: threading.Event, eio: Any, path: str = "/socket.io/"
    ) -> None:
        self.app = app
        self.ready = ready
        self.eio = eio
        self.path = path

    def _refusal(self, environ: dict[str, Any]) -> dict[str, Any] | None:
        """The ``not_ready`` body for a request this process cannot serve, else None."""
        if not environ.get("PATH_INFO", "").startswith(self.path):
            return None
        sid = parse_qs(environ.get("QUERY_STRING", "")).get("sid")
        if not sid:
            return None if self.ready.is_set() else runtime.not_ready()
        session = self.eio.sockets.get(sid[0])
        if session is not None and not session.closed:
            return None
        body = runtime.not_ready()
        body["error"]["message"] = "no such session on this server (another may hold it)"
        return body

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        body = self._refusal(environ)
        if body is None:
            return self.app(environ, start_response)
        payload = json.dumps(body).encode()
        start_response(
            "503 Service Unavailable",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(payload))),
                ("Retry-After", str(body["error"]["retry_after"])),
            ],
        )
        return [payload]


class InFlight:
    """How many acts and joins are being answered (:meth:`counted` wraps their handlers)."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()

    def counted(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """``handler``, counted while it runs."""

        def run(*args: Any) -> Any:
            with self._lock:
                self.count += 1
            try:
                return handler(*args)
            finally:
                with self._lock:
                    self.count -= 1

        run.__name__ = getattr(handler, "__name__", "handler")
        return run

    def wait_idle(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) until none is being answered: whether none is."""
        deadline = time.monotonic() + timeout
        while self.count and time.monotonic() < deadline:
            time.sleep(0.02)
        return not self.count


def leave(app: Flask, wait: float = LEAVE_WAIT) -> int:
    """Stop being ready, answer what is in flight, then close every session's transport
    so that its client reconnects elsewhere: the number of sessions closed."""
    held = services(app)
    held.ready.clear()  # from now on: not_ready, and the door shut to new sessions
    if not held.sockets.in_flight.wait_idle(wait):
        log.warning("leaving with %d acts or joins still unanswered", held.sockets.in_flight.count)
    sessions = list(held.socketio.server.eio.sockets.values())
    for session in sessions:
        # abort: no Engine.IO ``close`` packet (a client told that does not reconnect)
        session.close(wait=False, abort=True)
    log.info("leaving: %d sockets told to reconnect to another process", len(sessions))
    return len(sessions)


def on_sigterm(app: Flask) -> None:
    """On SIGTERM, :func:`leave` (once) in a green thread of its own, beside gunicorn's own
    handler (which stops the worker gracefully). Call in the worker, after gunicorn has set
    its signal handlers (as the app is loaded)."""
    import gevent

    previous = signal.getsignal(signal.SIGTERM)
    left = threading.Event()

    def handler(signum: int, frame: Any) -> None:
        if not left.is_set():
            left.set()
            gevent.spawn(leave, app)  # out of the signal handler: leaving waits
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, handler)
