"""The Flask application factory."""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, send_from_directory
from flask.typing import ResponseReturnValue
from flask_socketio import SocketIO

from server import __version__

__all__ = ["STATIC_DIR", "create_app", "default_database_url"]

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
MAX_BODY = 64 * 1024


class _RedactTokens(logging.Filter):
    """Request logs never show a token (invite links carry one in their query)."""

    pattern = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "token=" in message:
            record.msg, record.args = self.pattern.sub(r"\1<redacted>", message), ()
        return True


def default_database_url() -> str:
    """``ADMIRALTY_DATABASE_URL`` if set, else a SQLite file ``./admiralty.db``."""
    return os.environ.get("ADMIRALTY_DATABASE_URL") or "sqlite:///" + str(
        Path("admiralty.db").resolve()
    )


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may set ``DATABASE_URL`` and ``MESSAGE_QUEUE``.

    Its Flask-SocketIO server is ``app.extensions["admiralty.socketio"]``.

    >>> app = create_app({"DATABASE_URL": "sqlite://"})
    >>> app.test_client().get("/healthz").json["ok"]
    True
    """
    from server.web import errors, limits, packets
    from server.web.api import api
    from server.web.campaigns import CampaignService
    from server.web.sockets import register
    from server.web.storage import open_store
    from server.web.world_api import world_api

    app = Flask(__name__, static_folder=None)
    app.config.update(
        DATABASE_URL=default_database_url(),
        MESSAGE_QUEUE=None,
        MAX_CONTENT_LENGTH=MAX_BODY,
        ADMIN_TOKEN=os.environ.get("ADMIRALTY_ADMIN_TOKEN") or None,  # closes campaign creation
    )
    app.config.update(config or {})
    logging.getLogger("werkzeug").addFilter(_RedactTokens())

    socketio = SocketIO(
        app,
        message_queue=app.config["MESSAGE_QUEUE"],
        async_mode="threading",
        max_http_buffer_size=4 * MAX_BODY,
        serializer=packets.Packet,  # bounded JSON; a broken packet is acked, not a traceback
    )
    socketio.on_event(packets.REFUSED, packets.refused)
    app.wsgi_app = packets.PollingLimit(app.wsgi_app, 4 * MAX_BODY, "/socket.io")  # type: ignore[method-assign]
    store = open_store(app.config["DATABASE_URL"])
    service = CampaignService(store, lambda room, payload: socketio.emit("event", payload, to=room))
    app.extensions["admiralty.socketio"] = socketio
    app.extensions["admiralty.store"] = store
    app.extensions["admiralty.campaigns"] = service
    app.register_blueprint(api)
    app.register_blueprint(world_api)
    limits.init_app(app)  # per-address limits on the odds and on creating campaigns

    @app.get("/healthz")
    def healthz() -> ResponseReturnValue:
        return jsonify(ok=True, version=__version__)

    @app.get("/")
    def index() -> ResponseReturnValue:
        return send_from_directory(STATIC_DIR, "index.html")

    @app.get("/play/<campaign_id>")
    def play(campaign_id: str) -> ResponseReturnValue:
        return send_from_directory(STATIC_DIR, "play.html")

    @app.get("/vendor/plotly.min.js")
    def plotly_js() -> ResponseReturnValue:
        import plotly

        folder = Path(plotly.__file__).resolve().parent / "package_data"
        return send_from_directory(folder, "plotly.min.js", max_age=86400)

    @app.get("/static/<path:path>")
    def static_files(path: str) -> ResponseReturnValue:
        return send_from_directory(STATIC_DIR, path)

    errors.register(app)
    register(app, socketio, service)
    return app
