"""``admiralty serve``: run the web server, a production one.

gunicorn with one gevent worker per process (the server Flask-SocketIO documents for
production; chosen by measurement, docs/operations.md): green threads hold hundreds of
websockets where OS threads did not, and one worker because Socket.IO's long-polling needs
every request of a session at one process (run several ``serve`` behind a balancer with
sticky sessions and ``--message-queue`` to use more cores). SIGTERM stops it gracefully:
no new connections, the requests in flight answered (an acknowledged action is logged
before its ack), then out. ``/healthz`` answers 503 until the world and the recent
campaigns are loaded.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import logging
from collections.abc import Callable
from typing import Any

from server.commands import UsageError

__all__ = ["READ_SECONDS", "register"]

#: a request's headers must arrive within this long (gunicorn's keep-alive wait, which is
#: also how long it waits for the next request of a connection), and its body within as
#: long again once the headers are in (``--read-timeout``)
READ_SECONDS = 10.0
#: a request in flight at SIGTERM has this long to finish
GRACEFUL_SECONDS = 10
#: the collector's thresholds once the worker is warm (Python's own: 700, 10, 10)
GC_THRESHOLD = (10_000, 10, 10)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the Admiralty web server",
        description="Run the Admiralty server (gunicorn, one gevent worker; SQLite "
        "./admiralty.db by default).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default $ADMIRALTY_DATABASE_URL or sqlite:///admiralty.db)",
    )
    p.add_argument(
        "--message-queue",
        metavar="URL",
        help="redis://... so that several server processes serve one campaign",
    )
    p.add_argument(
        "--base-url",
        metavar="URL",
        help="the server's public address, the start of every link the API returns, e.g. "
        "https://admiralty.example.org (default $ADMIRALTY_BASE_URL, else each request's host)",
    )
    p.add_argument(
        "--admin-token",
        metavar="TOKEN",
        help="only who sends this token may create campaigns (default $ADMIRALTY_ADMIN_TOKEN; "
        "the environment keeps it out of the process list)",
    )
    p.add_argument(
        "--read-timeout",
        type=float,
        default=READ_SECONDS,
        metavar="SECONDS",
        help=f"a request's headers, then its body, must arrive within this long "
        f"(default {READ_SECONDS:g})",
    )
    p.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="text (default) or json: one JSON object a line, tokens redacted",
    )
    p.set_defaults(func=run)


class _BodyDeadline:
    """WSGI middleware: read a request's body within ``seconds`` (a client that sends its
    headers and then trickles, or never sends, its body is answered 408 and let go, not
    waited on); websocket upgrades pass through. No more is read than the app would
    read: the polling transport's refusal drains that much of a body over its limit
    (:class:`server.web.packets.PollingLimit`), and a longer one is refused by its length."""

    def __init__(self, app: Any, seconds: float) -> None:
        from server.web.packets import PollingLimit

        self.app = app
        self.seconds = seconds
        self.most = PollingLimit.drain

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        import gevent

        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > 0 and environ.get("HTTP_UPGRADE", "").lower() != "websocket":
            try:
                with gevent.Timeout(self.seconds):
                    body = environ["wsgi.input"].read(min(length, self.most))
            except gevent.Timeout:
                from server.web.errors import error_body

                error = error_body("invalid", "the request body came too slowly")
                payload = json.dumps(error).encode()
                start_response(
                    "408 Request Timeout",
                    [("Content-Type", "application/json"), ("Connection", "close")],
                )
                return [payload]
            environ["wsgi.input"] = io.BytesIO(body)
        return self.app(environ, start_response)


def _application(config: dict[str, Any], read_timeout: float) -> Any:
    """The app as the gunicorn worker loads it (after gevent has patched the worker), its
    warm-up started beside it."""
    import gevent

    from server.web.app import create_app
    from server.web.services import services

    app = create_app({**config, "ASYNC_MODE": "gevent", "WARM_UP": True})

    def world(work: Any) -> None:
        # seconds of GEOS work, in a thread of the OS: the event loop answers meanwhile
        gevent.get_hub().threadpool.apply(work)

    def background() -> None:
        services(app).warm_up(world)
        # the world's objects (hundreds of thousands, built once and kept for good) out of
        # the collector's full sweeps: one took 60 to 110 ms with them, and every socket of
        # the worker waited meanwhile (benchmarks/bench_load.py's p99)
        gc.freeze()
        # collections less often: the worker makes many short-lived objects an event (its
        # payloads, frames, green threads), and each full sweep of what came after the
        # freeze (a thousand sockets' objects) stopped every socket for 40 to 80 ms
        gc.set_threshold(*GC_THRESHOLD)
        services(app).keep()

    services(app).socketio.start_background_task(background)
    return _BodyDeadline(app, read_timeout)


def _logger_class(fmt: str) -> type:
    """gunicorn's logger, its records (the arbiter's, the worker's and the access log's)
    sent through the one redacting handler of :mod:`server.web.logs`."""
    from gunicorn.glogging import Logger

    from server.web import logs

    class Logs(Logger):
        def setup(self, cfg: Any) -> None:
            super().setup(cfg)
            logs.configure(fmt)

    return Logs


#: the worker of every process (see above): one, gevent's, holding thousands of sockets
WORKER = {
    "workers": 1,
    "worker_class": "server.web.gevent_worker.Worker",  # its own errors JSON
    "worker_connections": 4000,
    "control_socket_disable": True,
}


def gunicorn(load: Callable[[], Any], options: dict[str, Any]) -> None:
    """Run the WSGI app ``load()`` returns (called in the worker, once gevent has patched
    it) under gunicorn, with :data:`WORKER` and ``options``; until stopped."""
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            for key, value in {**WORKER, **options}.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return load()

    Server().run()


def run(args: argparse.Namespace) -> int:
    from server.web import logs
    from server.web.links import checked_base_url  # no Flask: gevent patches the worker later

    logs.configure(args.log_format)
    config: dict[str, Any] = {}
    if args.base_url:
        try:
            config["BASE_URL"] = checked_base_url(args.base_url)
        except ValueError as exc:
            raise UsageError(f"--base-url: {exc}") from None
    if args.admin_token is not None:
        if not args.admin_token.strip():
            raise UsageError("--admin-token: give a token, not an empty string")
        config["ADMIN_TOKEN"] = args.admin_token.strip()
    if args.database:
        config["DATABASE_URL"] = args.database
    if args.message_queue:
        config["MESSAGE_QUEUE"] = args.message_queue
    options = {
        "bind": f"{args.host}:{args.port}",
        "keepalive": max(1, round(args.read_timeout)),
        "graceful_timeout": GRACEFUL_SECONDS,
        # the worker's heartbeat: a worker stuck this long is replaced
        "timeout": 60,
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "errorlog": "-",
        "accesslog": "-",
        "logger_class": _logger_class(args.log_format),
        "loglevel": "info",
    }
    logging.getLogger("admiralty").info("Admiralty serving on http://%s:%s/", args.host, args.port)
    gunicorn(lambda: _application(config, args.read_timeout), options)
    return 0
