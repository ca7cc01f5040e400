"""The operator's knobs of an ``admiralty serve`` process, read once at start.

Each is an environment variable ``ADMIRALTY_<NAME>`` (as systemd's ``EnvironmentFile``
gives them) or, above it, ``serve``'s option of the same name; unset, its default.
:func:`serve_settings` checks them all before anything is served: a bad one is one line
naming the option and the variable (exit 2 under ``admiralty serve``).

Not here: what the app itself reads (the database, the base URL, the operator's token, the
rate limits: :mod:`server.web.app`, :mod:`server.web.limits`), nor the protocol's fixed
limits (bodies, packets), which are part of the protocol, not of a deployment.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["PREFIX", "ServeSettings", "SettingsError", "serve_settings"]

PREFIX = "ADMIRALTY_"


class SettingsError(ValueError):
    """A setting out of its range or of the wrong kind, said in one line."""


class ServeSettings(BaseSettings):
    """What ``serve`` may be told, each with its range; the defaults are the measured ones
    (docs/operations.md)."""

    model_config = SettingsConfigDict(
        env_prefix=PREFIX, env_ignore_empty=True, extra="forbid", frozen=True
    )

    host: str = Field("127.0.0.1", min_length=1)
    port: int = Field(5000, ge=1, le=65535)
    #: a request's headers must arrive within this long (gunicorn's keep-alive wait too),
    #: then its body within as long again
    read_timeout: float = Field(10.0, gt=0, le=3600)
    #: a request in flight at SIGTERM has this long to finish (whole seconds, as gunicorn)
    graceful_timeout: int = Field(10, gt=0, le=3600)
    #: the worker's heartbeat: a worker silent this long is replaced (whole seconds)
    worker_timeout: int = Field(60, gt=0, le=3600)
    #: sockets (WebSocket or long-polling) and requests one process holds at once
    worker_connections: int = Field(4000, ge=1, le=100_000)
    message_queue: str | None = Field(None, min_length=1)
    log_format: Literal["text", "json"] = "text"
    log_level: Literal["debug", "info", "warning", "error"] = "info"


def _where(name: str) -> str:
    """A setting as the operator names it: ``--read-timeout (ADMIRALTY_READ_TIMEOUT)``."""
    return f"--{name.replace('_', '-')} ({PREFIX}{name.upper()})"


def serve_settings(**given: Any) -> ServeSettings:
    """The settings: ``given`` (``serve``'s options; None is not given) over the
    environment over the defaults. Raises :class:`SettingsError` (one line) for any
    value out of range.

    >>> serve_settings(port=8000, read_timeout=None).port
    8000
    >>> try:
    ...     serve_settings(read_timeout=-1)
    ... except SettingsError as exc:
    ...     print(exc)
    --read-timeout (ADMIRALTY_READ_TIMEOUT): Input should be greater than 0, not -1
    """
    try:
        return ServeSettings(**{k: v for k, v in given.items() if v is not None})
    except ValidationError as exc:
        said = []
        for error in exc.errors():
            name = str(error["loc"][0]) if error["loc"] else "settings"
            said.append(f"{_where(name)}: {error['msg']}, not {error['input']!r}")
        raise SettingsError("; ".join(said)) from None
