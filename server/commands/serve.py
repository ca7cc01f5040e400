"""``admiralty serve``: run the web server."""

from __future__ import annotations

import argparse
import socket
import threading

from werkzeug.serving import WSGIRequestHandler

__all__ = ["register"]


class _NoDelayHandler(WSGIRequestHandler):
    """Send each Socket.IO packet at once: an event and its ack are two small writes, and
    Nagle's algorithm would hold the second back until the first is acknowledged."""

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _warm_up() -> None:
    """Load the world and build the map layers now, not on the first player's request."""
    from server.game import rules
    from server.web import world_api

    rules.world()
    world_api.layers_json()


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve",
        help="run the Admiralty web server",
        description="Run the Flask-SocketIO server (SQLite ./admiralty.db by default).",
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
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="text (default) or json: one JSON object a line, tokens redacted",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from server.web import logs
    from server.web.app import create_app

    logs.configure(args.log_format)
    config = {}
    if args.database:
        config["DATABASE_URL"] = args.database
    if args.message_queue:
        config["MESSAGE_QUEUE"] = args.message_queue
    app = create_app(config)
    socketio = app.extensions["admiralty.socketio"]
    threading.Thread(target=_warm_up, name="warm-up", daemon=True).start()
    print(f"Admiralty serving on http://{args.host}:{args.port}/", flush=True)
    socketio.run(
        app,
        host=args.host,
        port=args.port,
        allow_unsafe_werkzeug=True,
        request_handler=_NoDelayHandler,
    )
    return 0
