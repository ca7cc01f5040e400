"""What one app holds beside Flask's own, as one typed object: ``services(app)``.

Made by :func:`server.web.app.create_app` once every part is built, kept under one key of
``app.extensions``; the handlers read it with :func:`services` (the current app's by
default).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import Flask, current_app

if TYPE_CHECKING:  # the parts import Flask's app machinery; this module is read by them all
    from flask_limiter import Limiter
    from flask_socketio import SocketIO

    from server.web.campaigns import CampaignService
    from server.web.catchup import CatchUp
    from server.web.health import Health
    from server.web.metrics import Metrics
    from server.web.sockets import Sockets
    from server.web.storage import Store

__all__ = ["KEY", "Services", "services"]

KEY = "admiralty"
#: runs ``work(*args)`` off the event loop under gevent (server.web.app.offloader)
Offload = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Services:
    """One app's services: its Socket.IO server, the store and the campaign service, the
    joined sockets (presence, the say limit, cutting a reissued seat off), the metrics and
    the per-address limits, whether it is warmed up and whether it can serve now (its
    database and message queue answering), the catch-up of the sockets the queue left
    behind, and the work it runs off the event loop."""

    socketio: SocketIO
    store: Store
    campaigns: CampaignService
    sockets: Sockets
    metrics: Metrics
    limiter: Limiter
    ready: threading.Event
    #: the liveness and readiness probes (/livez, /readyz)
    health: Health
    #: the sockets the message queue left behind, caught up from the log
    catch_up: CatchUp
    offload: Offload
    #: ``warm_up(run)``: load what the server needs, then say ready (``serve`` runs it)
    warm_up: Callable[..., None]
    #: run the turn clock and drop idle campaigns, for good (``serve`` runs it)
    keep: Callable[[], None]


def services(app: Flask | None = None) -> Services:
    """The services of ``app`` (the current app by default)."""
    found = (app if app is not None else current_app).extensions[KEY]
    assert isinstance(found, Services)
    return found
