"""``admiralty serve``: run the web server, a production one.

gunicorn with one gevent worker per process (the server Flask-SocketIO documents for
production; chosen by measurement, docs/operations.md): green threads hold hundreds of
websockets where OS threads did not, and one worker because Socket.IO's long-polling needs
every request of a session at one process (run several ``serve`` behind a balancer with
sticky sessions and ``--message-queue`` to use more cores). SIGTERM stops it gracefully:
no new connections, the requests in flight answered (an acknowledged action is logged
before its ack), then out. ``/healthz`` answers 503 until the world and the recent
campaigns are loaded.

Before anything is served, what it was given is checked, each step its own function: the
operator's settings (:mod:`server.web.settings`), the app's options, the database (opened
in a process of its own) and the port (bound here and handed to gunicorn). A bad one is
one line on stderr and exit 2, never a traceback nor a server that starts and then dies.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import logging
import re
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from server.commands import UsageError
from server.web.settings import ServeSettings, serve_settings

__all__ = ["BACKLOG", "DATABASE_SECONDS", "register"]

#: the collector's thresholds once the worker is warm (Python's own: 700, 10, 10)
GC_THRESHOLD = (10_000, 10, 10)
#: connections waiting to be accepted (gunicorn's default)
BACKLOG = 2048
#: how long the database may take to answer the check at start
DATABASE_SECONDS = 30.0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the Admiralty web server",
        description="Run the Admiralty server (gunicorn, one gevent worker; SQLite "
        "./admiralty.db by default).",
        epilog="Every option is also read from the environment as ADMIRALTY_<OPTION> "
        "(ADMIRALTY_READ_TIMEOUT=30; the database's is ADMIRALTY_DATABASE_URL); an option "
        "given wins.",
    )
    # the operator's knobs: each is also ADMIRALTY_<NAME> in the environment
    # (server.web.settings), which an option given here overrides
    knob = ServeSettings.model_fields
    p.add_argument("--host", help=f"address to listen on (default {knob['host'].default})")
    p.add_argument("--port", type=int, help=f"port to listen on (default {knob['port'].default})")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default $ADMIRALTY_DATABASE_URL or sqlite:///admiralty.db)",
    )
    p.add_argument(
        "--message-queue",
        metavar="URL",
        help="redis://... so that several server processes serve one campaign "
        "(default $ADMIRALTY_MESSAGE_QUEUE)",
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
        metavar="SECONDS",
        help="a request's headers, then its body, must arrive within this long "
        f"(default {knob['read_timeout'].default:g})",
    )
    p.add_argument(
        "--graceful-timeout",
        type=int,
        metavar="SECONDS",
        help="at SIGTERM, requests in flight have this long to finish "
        f"(default {knob['graceful_timeout'].default:g})",
    )
    p.add_argument(
        "--worker-timeout",
        type=int,
        metavar="SECONDS",
        help=f"a worker silent this long is replaced (default {knob['worker_timeout'].default:g})",
    )
    p.add_argument(
        "--worker-connections",
        type=int,
        metavar="N",
        help="sockets and requests the process holds at once "
        f"(default {knob['worker_connections'].default})",
    )
    p.add_argument(
        "--log-format",
        metavar="text|json",
        help="text (default) or json: one JSON object a line, every logger's, tokens redacted",
    )
    p.add_argument("--log-level", metavar="LEVEL", help="debug, info (default), warning or error")
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

    from server.web import drain
    from server.web.app import create_app
    from server.web.services import services

    app = create_app({**config, "ASYNC_MODE": "gevent", "WARM_UP": True})
    drain.on_sigterm(app)  # SIGTERM: its sockets told to reconnect elsewhere, then out

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


#: the worker of every process (see above): one, gevent's, holding thousands of sockets
WORKER = {
    "workers": 1,
    "worker_class": "server.web.gevent_worker.Worker",  # its own errors JSON
    "worker_connections": ServeSettings.model_fields["worker_connections"].default,
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


def _settings(args: argparse.Namespace) -> ServeSettings:
    """The operator's settings: the options given over the environment over the defaults
    (:mod:`server.web.settings`); one line and exit 2 for any out of range."""
    return serve_settings(**{name: getattr(args, name) for name in ServeSettings.model_fields})


def _app_config(args: argparse.Namespace, settings: ServeSettings) -> dict[str, Any]:
    """The app's configuration from the options (the app reads the rest from the
    environment itself: :func:`server.web.app.create_app`)."""
    from server.web.links import checked_base_url  # no Flask: gevent patches the worker later

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
    if settings.message_queue:
        config["MESSAGE_QUEUE"] = settings.message_queue
    return config


def _check_database(url: str | None) -> None:
    """Open the store at ``url`` (None: the app's default) as the worker will, created or
    upgraded, in a process of its own: :class:`UsageError` in one line if it cannot be (a
    bad URL, no such driver, a server that does not answer or refuses). In a fresh
    interpreter, not here: the database's driver must first be imported in the worker,
    once gevent has patched it (psycopg picks how it waits when it is imported). The URL
    goes on the child's stdin, out of the process list (it may hold a password)."""
    check = f"import sys; from {__name__} import _database_problem as p; print(p(sys.stdin.read()))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", check],
            input=url or "",
            capture_output=True,
            text=True,
            timeout=DATABASE_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise UsageError(
            f"--database: the database did not answer within {DATABASE_SECONDS:g} s"
        ) from None
    said = done.stdout.strip().splitlines()
    if done.returncode != 0 or not said:  # the check itself failed: its last words
        last = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        raise UsageError(f"--database: the database could not be checked: {last}")
    if said[-1] != "None":
        raise UsageError(said[-1])


def _database_problem(url: str) -> str | None:
    """Why the store at ``url`` (empty: the app's default) cannot be opened, in one line;
    None if it can (run by :func:`_check_database` in a process of its own)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError

    from server.commands.db import unknown_revision_line
    from server.web.storage import (
        default_database_url,
        make_engine,
        open_store,
        revisions,
        schema_revision,
    )

    url = url or default_database_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        # not echoed: what does not parse may still hold a password
        return "--database: not a database URL (e.g. postgresql://user@host:5432/admiralty)"
    try:
        engine = make_engine(url)
        try:
            revision = schema_revision(engine)
        finally:
            engine.dispose()
        known = revisions()
        if revision is not None and revision not in known:
            # a newer version migrated it: this one would crash at boot, or run on a
            # schema it does not know (the line `admiralty db check` says)
            return unknown_revision_line(revision, known)
        open_store(url).engine.dispose()
    except DBAPIError as exc:  # the driver's own words, without SQLAlchemy's wrapping
        return f"--database: cannot open {shown}: {_one_line(str(exc.orig))}"
    except Exception as exc:  # no such driver, a file that cannot be made, ...
        return f"--database: cannot open {shown}: {_one_line(str(exc) or type(exc).__name__)}"
    return None


def _one_line(text: str) -> str:
    """``text`` on one line, without SQLAlchemy's pointer to its docs."""
    return " ".join(re.sub(r"\(Background on this error at: [^)]*\)", "", text).split())


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, for gunicorn to take over (``fd://``):
    a port in use or an address not of this machine is one line (:class:`UsageError`)
    before anything is served, where gunicorn would retry for five seconds and exit 1."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host,
            port,
            socket.AF_INET6 if ":" in host else socket.AF_INET,  # as gunicorn reads a host
            socket.SOCK_STREAM,
            flags=socket.AI_PASSIVE,
        )[0]
    except socket.gaierror as exc:
        raise UsageError(f"--host: cannot listen on {host!r}: {exc.strerror}") from None
    listener = socket.socket(family, kind, proto)
    try:
        # as gunicorn binds: a restart need not wait for the old connections' TIME_WAIT
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(BACKLOG)
    except OSError as exc:
        listener.close()
        raise UsageError(f"--port: cannot listen on {host}:{port}: {exc.strerror}") from None
    return listener


def _options(settings: ServeSettings, listener: socket.socket) -> dict[str, Any]:
    """gunicorn's settings: the listening socket handed over, the operator's knobs, and
    the process's one logging configuration (:func:`server.web.logs.dict_config`)."""
    from server.web import logs

    return {
        # gunicorn owns the socket from here (it closes it when it stops)
        "bind": f"fd://{listener.detach()}",
        "backlog": BACKLOG,
        "worker_connections": settings.worker_connections,
        "keepalive": max(1, round(settings.read_timeout)),
        "graceful_timeout": settings.graceful_timeout,
        "timeout": settings.worker_timeout,
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "errorlog": "-",
        "accesslog": "-",
        "loglevel": settings.log_level,
        "logconfig_dict": logs.dict_config(settings.log_format, settings.log_level),
    }


def run(args: argparse.Namespace) -> int:
    from server.web import logs

    settings = _settings(args)
    logs.configure(settings.log_format, settings.log_level)
    config = _app_config(args, settings)
    _check_database(config.get("DATABASE_URL"))
    listener = _listen(settings.host, settings.port)
    logging.getLogger("admiralty").info(
        "Admiralty serving on http://%s:%s/", settings.host, settings.port
    )
    options = _options(settings, listener)
    gunicorn(lambda: _application(config, settings.read_timeout), options)
    return 0
