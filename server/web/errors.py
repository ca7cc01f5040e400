"""The web's answer to a refusal: the protocol's one error shape with its HTTP status.

Every ``/api/`` answer is JSON: a refusal (:class:`~server.game.ActionError`) with the
status of its code, an HTTP error (unknown route, wrong method, body too large) in the same
shape, and a failure of the server's own as ``internal`` (500), logged, never a traceback
sent to the client.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from server.game import ActionError

__all__ = ["HTTP_STATUS", "error_response", "register", "web_error"]

HTTP_STATUS = {
    "invalid": 400,
    "forbidden": 403,
    "not_found": 404,
    "wrong_phase": 409,
    "conflict": 409,
    "not_ready": 503,  # with Retry-After: server.web.runtime
}
log = logging.getLogger("admiralty")


def error_response(err: ActionError, status: int | None = None) -> tuple[Response, int]:
    return jsonify(err.to_dict()), status or HTTP_STATUS[err.code]


def web_error(code: str, message: str, status: int) -> tuple[Response, int]:
    """The one error shape for the web's own codes, which no game refusal has: ``internal``
    (500) and ``rate_limited`` (429, from :mod:`server.web.limits`)."""
    return jsonify({"ok": False, "error": {"code": code, "message": message}}), status


def _internal(status: int = 500) -> tuple[Response, int]:
    return web_error("internal", "the server failed on this request; nothing changed", status)


def register(app: Flask) -> None:
    """Answer every refusal and error of the ``/api/`` routes in the one error shape."""

    @app.errorhandler(ActionError)
    def action_error(err: ActionError) -> tuple[Response, int]:
        return error_response(err)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith("/api/"):
            return exc
        code = {404: "not_found", 405: "invalid", 413: "invalid"}.get(exc.code or 400, "invalid")
        message = "the body is over 64 KiB" if exc.code == 413 else exc.description or exc.name
        return error_response(ActionError(code, message), exc.code)

    @app.errorhandler(Exception)
    def failure(exc: Exception) -> tuple[Response, int]:
        log.exception("failure on %s %s", request.method, request.path)
        return _internal()
