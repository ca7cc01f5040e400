"""The server's log output: one format for every logger of the process, secrets never written.

:func:`dict_config` is the process's one logging configuration, for the standard library's
``logging.config.dictConfig``: one handler on the root logger (stderr) with the formatter of
the chosen format, and every library that would write on its own made to propagate to it
instead: Werkzeug's request log, gunicorn's error and access logs (``serve`` hands gunicorn
the same configuration as its ``logconfig_dict``), python-socketio's and python-engineio's
(:func:`server.web.app.create_app` hands them their loggers, so they add no handler of
their own; their chatter below warnings is left out). :func:`configure` applies it, and
sends Python's warnings there too. The JSON lines are python-json-logger's
(:class:`JsonFormatter`); the text lines ``time level logger: message``.

Every formatter here passes its whole output through :func:`redact`: seat tokens in
invite links (``?token=``), ``Authorization`` headers and bearer tokens, and
``"token": ...`` in payloads (a ``join`` logged as a dict) never reach a log line.
"""

from __future__ import annotations

import logging
import logging.config
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import IO, Any

from pythonjsonlogger.json import JsonFormatter as _JsonLines

__all__ = [
    "FORMATS",
    "LIBRARY_LEVELS",
    "JsonFormatter",
    "RedactTokens",
    "TextFormatter",
    "configure",
    "dict_config",
    "formatter",
    "redact",
]

FORMATS = ("text", "json")
REDACTED = "<redacted>"
#: the libraries' loggers held above the process's level: python-socketio's and
#: python-engineio's log every packet at INFO (its arguments, a join's token among them)
LIBRARY_LEVELS = {"socketio": "WARNING", "engineio": "WARNING"}
#: the loggers that write with handlers of their own unless configured: made to propagate
_OWN_HANDLERS = ("werkzeug", "gunicorn.error", "gunicorn.access")

_SECRETS = re.compile(
    r"(?P<key>token(?:=|%3D))[^&\s\"'<>]+"  # ?token=... in links, TOKEN=... in environments
    r"|(?P<header>\bauthorization\b[\"']?\s*[:,=]\s*[\"']?)[^\"'\r\n]+"  # the whole header
    r"|(?P<bearer>\bbearer\s+)[^\s\"',;]+"  # a bearer token anywhere else
    r"|(?P<field>[\"']token[\"']\s*:\s*[\"'])[^\"']*",  # {"token": "..."} and {'token': '...'}
    re.IGNORECASE,
)
_SECRET_WORDS = ("token", "authorization", "bearer")  # one of them in each of _SECRETS
_SECRET_KEYS = frozenset({"token", "authorization"})  # a mapping's members never logged
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
    lowered = text.lower()
    if not any(word in lowered for word in _SECRET_WORDS):  # most lines: no regex scan
        return text
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


class JsonFormatter(_JsonLines):
    """One JSON object a line (python-json-logger's): ``time`` (UTC, ISO 8601), ``level``,
    ``logger``, ``message``, the request's fields where the record has them (``method``,
    ``path``, ``status``, ...), the record's ``extra`` fields (an act's ``campaign``,
    ``seat``, ...), ``exc`` for a traceback; every string in it redacted."""

    def __init__(self) -> None:
        super().__init__(
            "%(levelname)s %(name)s %(message)s",
            rename_fields={
                "levelname": "level",
                "name": "logger",
                "exc_info": "exc",
                "stack_info": "stack",
            },
        )

    def add_fields(
        self, log_data: dict[str, Any], record: logging.LogRecord, message_dict: dict[str, Any]
    ) -> None:
        log_data["time"] = datetime.fromtimestamp(record.created, UTC).isoformat(
            timespec="milliseconds"
        )
        super().add_fields(log_data, record, message_dict)
        if isinstance(log_data.get("message"), str):
            log_data["message"] = _ANSI.sub("", log_data["message"])
        for key, value in _request_fields(record).items():
            log_data.setdefault(key, value)

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        redacted: dict[str, Any] = _redacted(log_data)
        return redacted


def _redacted(value: Any) -> Any:
    """``value`` with every string in it redacted, and every ``token`` or
    ``authorization`` member of a mapping, however deep."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, Mapping):
        return {
            str(k): REDACTED if str(k).lower() in _SECRET_KEYS else _redacted(v)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [_redacted(v) for v in value]
    return value


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


def _formatter_class(fmt: str) -> type[logging.Formatter]:
    if fmt not in FORMATS:
        raise ValueError(f"log format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    return JsonFormatter if fmt == "json" else TextFormatter


def formatter(fmt: str) -> logging.Formatter:
    """The formatter of ``fmt`` (``text`` or ``json``), for any handler (gunicorn's too)."""
    return _formatter_class(fmt)()


def dict_config(
    fmt: str = "text", level: str | int = "INFO", stream: IO[str] | None = None
) -> dict[str, Any]:
    """The process's logging configuration (``logging.config.dictConfig``'s schema): every
    record to ``stream`` (stderr) in ``fmt`` through one handler on the root logger, at
    ``level`` (a name or a number); the loggers that would write with handlers of their own
    propagate to it with none, the chatty libraries held at :data:`LIBRARY_LEVELS`."""
    made = _formatter_class(fmt)
    level = level.upper() if isinstance(level, str) else level
    loggers: dict[str, Any] = {name: {"handlers": [], "propagate": True} for name in _OWN_HANDLERS}
    loggers.update({name: {"level": at} for name, at in LIBRARY_LEVELS.items()})
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"admiralty": {"()": made}},
        "handlers": {
            "admiralty": {
                "class": "logging.StreamHandler",
                "formatter": "admiralty",
                "stream": stream or "ext://sys.stderr",
            }
        },
        "root": {"level": level, "handlers": ["admiralty"]},
        "loggers": loggers,
    }


def configure(fmt: str = "text", level: str | int = "INFO", stream: IO[str] | None = None) -> None:
    """Send every log record of the process, and Python's warnings, to ``stream`` (stderr)
    in ``fmt``: :func:`dict_config` applied. Called again, it replaces what it set."""
    logging.config.dictConfig(dict_config(fmt, level, stream))
    logging.captureWarnings(True)
    # no line names its thread; under gevent an act's green thread is none of
    # threading's, and its current_thread() built a dummy Thread for every line
    logging.logThreads = False
