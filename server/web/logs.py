"""The server's log output: text or one JSON object a line, secrets never written.

:func:`configure` puts one handler on the root logger, so every logger of the process
(``admiralty``, Werkzeug's or gunicorn's request logs, Flask-SocketIO's if turned on) goes
through the same formatter, and every formatter here passes its whole output through
:func:`redact`: seat tokens in invite links (``?token=``), ``Authorization`` headers and
bearer tokens, and ``"token": ...`` in payloads (a ``join`` logged as a dict) never reach
a log line.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import IO, Any

__all__ = [
    "FORMATS",
    "JsonFormatter",
    "RedactTokens",
    "TextFormatter",
    "configure",
    "formatter",
    "redact",
]

FORMATS = ("text", "json")
REDACTED = "<redacted>"

_SECRETS = re.compile(
    r"(?P<key>token(?:=|%3D))[^&\s\"'<>]+"  # ?token=... in links, TOKEN=... in environments
    r"|(?P<header>\bauthorization\b[\"']?\s*[:,=]\s*[\"']?)[^\"'\r\n]+"  # the whole header
    r"|(?P<bearer>\bbearer\s+)[^\s\"',;]+"  # a bearer token anywhere else
    r"|(?P<field>[\"']token[\"']\s*:\s*[\"'])[^\"']*",  # {"token": "..."} and {'token': '...'}
    re.IGNORECASE,
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # Werkzeug colours its request lines


def redact(text: str) -> str:
    """``text`` with every token it carries replaced by ``<redacted>``.

    >>> redact("GET /play/ab12?token=s3cr-t_ HTTP/1.1")
    'GET /play/ab12?token=<redacted> HTTP/1.1'
    >>> redact("{'campaign': 'ab12', 'token': 's3cr-t_', 'since': 0}")
    "{'campaign': 'ab12', 'token': '<redacted>', 'since': 0}"
    >>> redact("Authorization: Bearer s3cr-t_")
    'Authorization: <redacted>'
    """
    return _SECRETS.sub(lambda m: m.group(m.lastgroup or 0) + REDACTED, text)


class RedactTokens(logging.Filter):
    """Put on a logger that may log with its own handler (Werkzeug's, before
    :func:`configure`): its records' message and arguments come out redacted, their
    shape kept (the JSON lines read the request from the arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.msg) if isinstance(record.msg, str) else record.msg
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(a) for a in record.args)
        elif isinstance(record.args, Mapping):
            record.args = {k: _clean(v) for k, v in record.args.items()}
        return True


def _clean(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class TextFormatter(logging.Formatter):
    """``time level logger: message`` (and the traceback), redacted."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``,
    the request's fields where the record has them (``method``, ``path``, ``status``, ...),
    ``exc`` for a traceback; every string redacted."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": _ANSI.sub("", record.getMessage()),
        }
        entry.update(_request_fields(record))
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        clean = {k: redact(v) if isinstance(v, str) else v for k, v in entry.items()}
        return json.dumps(clean, default=str)


def _request_fields(record: logging.LogRecord) -> dict[str, Any]:
    """The HTTP request a record is about: a gunicorn or Werkzeug access line's, or the
    Flask request (or Socket.IO event) being handled when it was logged."""
    args = record.args
    if isinstance(args, Mapping) and "m" in args and "U" in args:  # gunicorn's access atoms
        query = args.get("q") or ""
        return {
            "remote": args.get("h"),
            "method": args["m"],
            "path": f"{args['U']}?{query}" if query else args["U"],
            "status": _int(args.get("s")),
            "bytes": _int(args.get("B")),
            "duration": _float(args.get("L")),
            "agent": args.get("a"),
        }
    if record.name == "werkzeug" and isinstance(args, tuple) and len(args) == 3:
        line, status, size = (_ANSI.sub("", str(a)) for a in args)
        method, _, rest = line.partition(" ")
        return {
            "remote": str(record.msg).split(" ", 1)[0],
            "method": method,
            "path": rest.rpartition(" ")[0] or rest,
            "status": _int(status),
            "bytes": _int(size),
        }
    return _flask_request()


def _flask_request() -> dict[str, Any]:
    from flask import has_request_context, request

    if not has_request_context():
        return {}
    fields: dict[str, Any] = {
        "method": request.method,
        "path": request.full_path.rstrip("?"),
        "remote": request.remote_addr,
    }
    sid = getattr(request, "sid", None)  # set by Flask-SocketIO for its events
    if sid:
        event = getattr(request, "event", None) or {}
        fields.update(sid=sid, event=event.get("message"))  # never its arguments
    return fields


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def formatter(fmt: str) -> logging.Formatter:
    """The formatter of ``fmt`` (``text`` or ``json``), for any handler (gunicorn's too)."""
    if fmt not in FORMATS:
        raise ValueError(f"log format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    return JsonFormatter() if fmt == "json" else TextFormatter()


def configure(fmt: str = "text", level: int = logging.INFO, stream: IO[str] | None = None) -> None:
    """Send every log record of the process to ``stream`` (stderr) in ``fmt``.

    One handler on the root logger, replacing one an earlier call put there; loggers
    that had their own handler (Werkzeug's, gunicorn's) are made to propagate to it
    instead, so that nothing is written twice or unredacted.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter(fmt))
    handler.set_name("admiralty")
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == "admiralty"]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    for name in ("werkzeug", "gunicorn.error", "gunicorn.access"):
        logger = logging.getLogger(name)
        for own in list(logger.handlers):
            logger.removeHandler(own)
        logger.propagate = True
