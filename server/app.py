"""The Flask application factory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, send_from_directory
from flask_socketio import SocketIO

from server import __version__

__all__ = ["STATIC_DIR", "create_app", "default_database_url", "socketio"]

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

socketio = SocketIO()


def default_database_url() -> str:
    """``ADMIRALTY_DATABASE_URL`` if set, else a SQLite file ``./admiralty.db``."""
    return os.environ.get("ADMIRALTY_DATABASE_URL") or "sqlite:///" + str(
        Path("admiralty.db").resolve()
    )


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may set ``DATABASE_URL`` and ``MESSAGE_QUEUE``.

    >>> app = create_app({"DATABASE_URL": "sqlite://"})
    >>> app.test_client().get("/healthz").json["ok"]
    True
    """
    app = Flask(__name__, static_folder=None)
    app.config.update(DATABASE_URL=default_database_url(), MESSAGE_QUEUE=None)
    app.config.update(config or {})

    from server import storage

    storage.init_app(app)

    @app.get("/healthz")
    def healthz():
        return jsonify(ok=True, version=__version__)

    @app.get("/")
    def index():
        return send_from_directory(STATIC_DIR, "index.html")

    @app.get("/static/<path:path>")
    def static_files(path: str):
        return send_from_directory(STATIC_DIR, path)

    socketio.init_app(
        app,
        message_queue=app.config["MESSAGE_QUEUE"],
        async_mode="threading",
        cors_allowed_origins=[],
    )
    return app
