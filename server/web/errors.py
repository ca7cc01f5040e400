"""The web's answer to a refusal or a failure: the protocol's one error shape with its
HTTP status.

:func:`error_body` builds every ``{"ok": false, "error": {"code", "message"}}`` the server
sends, REST or Socket.IO, its code one of :data:`server.game.CODES`. :func:`answer` is the
one answer to whatever a request raised: a refusal (:class:`~server.game.ActionError`, the
rules' and the world's translated by :func:`server.game.refusals` where the game takes
them) with the status of its code; anything else is a failure of the server's own,
``internal`` (500), logged with its traceback and never sent to the client. Every
``/api/`` answer is JSON: an HTTP error (unknown route, wrong method, body too large) in the
same shape.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from server.game import ActionError, ErrorCode

__all__ = [
    "HTTP_STATUS",
    "INTERNAL",
    "RETRY_AFTER",
    "answer",
    "error_body",
    "error_response",
    "register",
    "retry_later",
]

#: each code's HTTP status (a Socket.IO ack carries the code alone)
HTTP_STATUS: dict[ErrorCode, int] = {
    "invalid": 400,
    "forbidden": 403,
    "not_found": 404,
    "wrong_phase": 409,
    "conflict": 409,
    "not_ready": 503,  # with Retry-After: server.web.runtime
    "too_many": 429,
    "rate_limited": 429,
    "method_not_allowed": 405,  # with Allow
    "internal": 500,
}
#: the seconds a client is told to wait before trying again a server that cannot serve now
RETRY_AFTER = 5
#: the message of a failure of the server's own (what failed is in the log, not the answer)
INTERNAL = "the server failed on this request; it has been logged"
log = logging.getLogger("admiralty")


def error_body(code: ErrorCode, message: str) -> dict[str, Any]:
    """The protocol's one error shape.

    >>> error_body("not_found", "no seat 's-9'")
    {'ok': False, 'error': {'code': 'not_found', 'message': "no seat 's-9'"}}
    """
    return {"ok": False, "error": {"code": code, "message": message}}


def retry_later(message: str) -> dict[str, Any]:
    """``not_ready``, retryable after :data:`RETRY_AFTER` seconds (``retry_after``)."""
    body = error_body("not_ready", f"{message}; try again in {RETRY_AFTER} s")
    body["error"]["retry_after"] = RETRY_AFTER
    return body


def _database_away(exc: BaseException) -> bool:
    """``exc`` says the database could not be reached (or its pool was full), not that a
    statement was wrong."""
    if isinstance(exc, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


def answer(exc: BaseException, where: str) -> tuple[dict[str, Any], int]:
    """The error body and HTTP status answering ``exc``, raised by the request ``where``
    names: a refusal's code; ``not_ready`` (retryable) when the database could not be
    reached (logged in one line: an outage, not a bug); else ``internal`` and the failure
    logged (any other exception is a bug of ours, whatever its class: a ``KeyError`` is
    never a ``not_found``). An act whose commit the database dropped midway may have been
    logged all the same: its event then comes like any other's."""
    if isinstance(exc, ActionError):
        return error_body(exc.code, exc.message), HTTP_STATUS[exc.code]
    if _database_away(exc):
        log.warning("%s: the database cannot be reached (%s)", where, type(exc).__name__)
        return retry_later("the database cannot be reached"), HTTP_STATUS["not_ready"]
    log.error("failure in %s", where, exc_info=exc)
    return error_body("internal", INTERNAL), HTTP_STATUS["internal"]


def error_response(
    code: ErrorCode, message: str, status: int | None = None
) -> tuple[Response, int]:
    """:func:`error_body` as a Flask response, with its code's status unless ``status``."""
    return jsonify(error_body(code, message)), status or HTTP_STATUS[code]


def register(app: Flask) -> None:
    """Answer every refusal and error of the ``/api/`` routes in the one error shape."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith("/api/"):
            return exc
        codes: dict[int | None, ErrorCode] = {404: "not_found", 405: "method_not_allowed"}
        code = codes.get(exc.code, "invalid")
        message = "the body is over 64 KiB" if exc.code == 413 else exc.description or exc.name
        response, status = error_response(code, message, exc.code)
        allowed = dict(exc.get_headers()).get("Allow")  # a 405's: the methods it takes
        if allowed:
            response.headers["Allow"] = allowed
        return response, status

    @app.errorhandler(Exception)
    def failure(exc: Exception) -> ResponseReturnValue:
        body, status = answer(exc, f"{request.method} {request.path}")
        retry = body["error"].get("retry_after")
        return jsonify(body), status, {"Retry-After": str(retry)} if retry else {}
