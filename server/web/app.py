"""The Flask application factory."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, abort, jsonify, request
from flask.typing import ResponseReturnValue
from flask_compress import Compress
from flask_socketio import SocketIO

from server.web import assets, delivery, drain, runtime
from server.web import metrics as metrics_
from server.web.links import checked_base_url
from server.web.logs import RedactTokens
from server.web.services import KEY, Services, services
from server.web.storage import default_database_url

__all__ = [
    "SECURITY_HEADERS",
    "STATIC_DIR",
    "create_app",
    "default_database_url",
    "load_world",
    "offloader",
]

STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
MAX_BODY = 64 * 1024
#: campaigns written to within this long are loaded before the server says it is ready
RECENT_SECONDS = 24 * 3600.0
RECENT_LIMIT = 100
#: how often idle campaigns are dropped from memory
EVICT_EVERY = 60.0
CLOCK_EVERY = 0.5  # the turn clock's beat: a deadline is kept to within about this
#: on every response: only the server's own origin (the map's worker and tiles are built
#: from blobs; plotly sets inline styles), never framed, a token in the URL never sent on
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; worker-src 'self' blob:; child-src blob:; "
        "connect-src 'self'; font-src 'self' data:; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: the /api/ endpoints a process answers before it is ready: the protocol's schema and
#: OpenAPI document, the server's configuration and the rules' words (no store, no world)
READY_FREE = frozenset(
    {"api.schema", "api.openapi", "api.server_config", "world_api.rules_vocabulary"}
)
log = logging.getLogger("admiralty")


COMPRESSION = {  # br or gzip for every text answer, files too (they are streamed); 304s kept
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_ALGORITHM_STREAMING": ["br", "gzip"],
    "COMPRESS_STREAMING_ENDPOINT_CONDITIONAL": [
        "index",
        "play",
        "plotly_js",
        "maplibre_files",
        "static_files",
    ],
}


def load_world() -> None:
    """Build the world completely (:func:`server.web.runtime.build_world`: its routing
    warmed) and the map layers (built once, then read from disk)."""
    from server.web import world_api

    runtime.build_world()
    world_api.layers_json()
    world_api.land_json()  # the coast the map fetches zoomed in
    world_api.warm_packed()
    assets.plotly_packed(wait=True)  # brotli 11: 8 s of CPU once, then read from disk
    assets.maplibre_packed("js")  # the chart's renderer: brotli 11 once, then from disk
    assets.maplibre_packed("css")


def _warm_up(app: Flask, run: Callable[[Callable[[], None]], None]) -> None:
    """Build the world completely, then load the recent campaigns' states, then say ready;
    then check those campaigns' snapshots against their logs. ``run(work)`` does the
    world's work (``serve`` runs it in a thread of the OS, off its event loop): all of it
    before the first campaign is loaded, none after (server/web/runtime.py says why)."""
    held = services(app)
    service = held.campaigns
    run(load_world)
    recent = service.store.recent_campaigns(time.time() - RECENT_SECONDS, RECENT_LIMIT)
    for campaign_id in recent:
        service.load(campaign_id)
    held.ready.set()
    log.info("ready: the world and %d recent campaigns are loaded", len(recent))
    for campaign_id in recent:
        service.check_snapshot(campaign_id)


def _green(async_mode: str) -> tuple[delivery.AfterWrites | None, Callable[[], None]]:
    """Under gevent, the outbox's turns (:func:`delivery.gevent_turns`) and a lead act's
    (and a lead append's) turn for the other green threads ready to run (``gevent.sleep()``:
    no wait); in threads, neither."""
    if async_mode != "gevent":
        return None, lambda: None
    import gevent

    return delivery.gevent_turns(), gevent.sleep


def _now(work: Callable[[], None]) -> None:
    work()


def offloader(async_mode: str) -> Callable[..., Any]:
    """``offload(work, *args)``: ``work(*args)``'s answer (or its exception), worked out
    off the event loop under gevent (in its pool of OS threads, as ``serve`` builds the
    world: every other socket is answered meanwhile), a plain call in threads. For the
    requests that may take seconds of CPU: a catch-up's page, a route, a voyage."""
    if async_mode != "gevent":
        return lambda work, *args: work(*args)
    import gevent

    def offload(work: Callable[..., Any], *args: Any) -> Any:
        def run() -> tuple[bool, Any]:  # a refusal is the caller's to answer, not a traceback
            try:
                return True, work(*args)
            except Exception as exc:
                return False, exc

        done, answer = gevent.get_hub().threadpool.apply(run)
        if not done:
            raise answer
        return answer

    return offload


def _keep(app: Flask) -> None:
    """For good: run the turn clock every ``CLOCK_EVERY`` seconds (the deadlines due, in
    every campaign of the store), and drop idle campaigns from memory every
    ``EVICT_EVERY``; beside it, with a message queue, catch up the sockets it left behind
    (:mod:`server.web.catchup`)."""
    held = services(app)
    if app.config["MESSAGE_QUEUE"]:  # events that may be missed on their way
        held.socketio.start_background_task(held.catch_up.run)
    service = held.campaigns
    evicted = time.monotonic()
    failing = False  # the store away: its traceback logged once, not every beat
    while True:
        time.sleep(CLOCK_EVERY)
        try:
            service.run_clock()
        except Exception:  # the store away for a moment: the next beat tries again
            if not failing:
                log.exception("the turn clock could not read the store")
            failing = True
        else:
            if failing:
                log.info("the turn clock reads the store again")
            failing = False
        if time.monotonic() - evicted >= EVICT_EVERY:
            service.evict_idle()
            evicted = time.monotonic()


def _secured(wsgi: Callable[..., Any]) -> Callable[..., Any]:
    """WSGI middleware: every answer with the :data:`SECURITY_HEADERS` it does not set
    itself, Engine.IO's too (it answers below Flask, whose hooks never see it)."""

    def secured(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            have = {name.lower() for name, _ in headers}
            extra = [(k, v) for k, v in SECURITY_HEADERS.items() if k.lower() not in have]
            return start_response(status, [*headers, *extra], *exc_info)

        return wsgi(environ, start)

    return secured


def _refuse_until(app: Flask, ready: threading.Event) -> None:
    """Until ``ready``, refuse every ``/api/`` request but those that need neither the store
    nor the world (:data:`READY_FREE`): 503, ``not_ready``, ``Retry-After``. Once ready,
    a request that may read the world finds it built before it takes a campaign's lock."""

    @app.before_request
    def until_ready() -> ResponseReturnValue | None:
        if not request.path.startswith("/api/") or request.endpoint in READY_FREE:
            return None
        if not ready.is_set():
            body = runtime.not_ready()
            return jsonify(body), 503, {"Retry-After": str(body["error"]["retry_after"])}
        runtime.ensure_world()
        return None


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may set ``DATABASE_URL``, ``MESSAGE_QUEUE``, ``BASE_URL``
    (the links' start; default ``$ADMIRALTY_BASE_URL``, else each request's host URL),
    ``ADMIN_TOKEN`` (default ``$ADMIRALTY_ADMIN_TOKEN``), ``SNAPSHOT_EVERY`` (a snapshot of a
    campaign's state every this many events; default ``$ADMIRALTY_SNAPSHOT_EVERY``, else
    250), ``ASYNC_MODE`` (Flask-SocketIO's:
    ``threading`` by default, ``gevent`` under ``admiralty serve``), ``CATCH_UP_PAGE`` (the
    events a catch-up's page reads at most: :meth:`CampaignService.pager`; default
    ``$ADMIRALTY_CATCH_UP_PAGE``, else 200) and ``WARM_UP``
    (``/readyz`` answers 503 until ``services(app).warm_up(run)`` has loaded
    what the server needs (``run`` runs the world's work: at once by default); ``serve``
    then runs ``services(app).keep()``, which drops idle campaigns for good).

    What it holds (its Flask-SocketIO server, the store, the campaigns...) is one typed
    object, ``services(app)`` (:mod:`server.web.services`).

    >>> app = create_app({"DATABASE_URL": "sqlite://"})
    >>> app.test_client().get("/readyz").json["checks"]
    {'database': True, 'message_queue': None, 'warm': True}
    >>> app.test_client().get("/healthz").json["ok"]
    True
    """
    from server.web import errors, frames, limits, packets
    from server.web.api import api
    from server.web.campaigns import PAGE_EVENTS, CampaignService, snapshot_every
    from server.web.catchup import CatchUp
    from server.web.health import Health
    from server.web.sockets import register
    from server.web.storage import open_store
    from server.web.world_api import world_api

    app = Flask(__name__, static_folder=None)
    app.config.update(
        DATABASE_URL=default_database_url(),
        MESSAGE_QUEUE=None,
        MAX_CONTENT_LENGTH=MAX_BODY,
        ASYNC_MODE="threading",
        WARM_UP=False,
        ADMIN_TOKEN=os.environ.get("ADMIRALTY_ADMIN_TOKEN") or None,  # closes campaign creation
        BASE_URL=os.environ.get("ADMIRALTY_BASE_URL") or None,  # the links' start
        # the events a catch-up's page reads at most
        CATCH_UP_PAGE=os.environ.get("ADMIRALTY_CATCH_UP_PAGE") or PAGE_EVENTS,
        # a snapshot of a campaign's state every this many events
        SNAPSHOT_EVERY=os.environ.get("ADMIRALTY_SNAPSHOT_EVERY") or None,
    )
    app.config.update(COMPRESSION)
    app.config.update(config or {})
    app.config["BASE_URL"] = checked_base_url(app.config["BASE_URL"])
    logging.getLogger("werkzeug").addFilter(RedactTokens())

    after_writes, others_first = _green(app.config["ASYNC_MODE"])
    socketio = SocketIO(
        app,
        # python-socketio's manager (Redis's with a message queue), with a floor per socket
        client_manager=delivery.client_manager(
            app.config["MESSAGE_QUEUE"],
            # a campaign's events a slice of sockets a turn, several a frame under load
            after_writes=after_writes,
        ),
        async_mode=app.config["ASYNC_MODE"],
        max_http_buffer_size=packets.MAX_MESSAGE,  # read, and refused past MAX_CHARS
        serializer=packets.Packet,  # bounded JSON; a broken packet is acked, not a traceback
        # their own loggers, handed over so that they add no plain-text handler of their own:
        # their records go through the process's one (server.web.logs)
        logger=logging.getLogger("socketio.server"),
        engineio_logger=logging.getLogger("engineio.server"),
    )
    socketio.server.on(packets.REFUSED, packets.refused)
    app.wsgi_app = packets.PollingLimit(app.wsgi_app, packets.MAX_MESSAGE, "/socket.io")  # type: ignore[method-assign]
    app.wsgi_app = frames.WholeWrites(app.wsgi_app)  # type: ignore[method-assign]
    app.wsgi_app = _secured(app.wsgi_app)  # type: ignore[method-assign]
    store = open_store(app.config["DATABASE_URL"])
    store.others_first = others_first
    metrics = metrics_.install(app)
    metrics.time_store(store)
    emit = metrics.count_emits(
        lambda rooms, payload: socketio.emit(delivery.event_name(payload), payload, to=rooms)
    )
    service = CampaignService(
        store,
        emit,
        others_first=others_first,
        page_events=int(app.config["CATCH_UP_PAGE"]),
        snapshot_every=snapshot_every(app.config["SNAPSHOT_EVERY"]),
    )
    ready = threading.Event()
    if not app.config["WARM_UP"]:
        ready.set()
    app.wsgi_app = drain.Door(app.wsgi_app, ready, socketio.server.eio)  # type: ignore[method-assign]
    offload = offloader(app.config["ASYNC_MODE"])
    app.register_blueprint(api)
    app.register_blueprint(world_api)
    limiter = limits.init_app(app)  # per-address limits: the odds, creating campaigns, routing

    _refuse_until(app, ready)

    sockets = register(socketio, service, metrics, offload, ready, limits.seat_limits(app))
    health = Health(store.engine, app.config["MESSAGE_QUEUE"], ready)

    @app.get("/livez")
    def livez() -> ResponseReturnValue:
        body, status = health.live()
        return jsonify(body), status

    @app.get("/readyz")
    @app.get("/healthz")  # its older name
    def readyz() -> ResponseReturnValue:
        body, status, headers = health.ready()
        return jsonify(body), status, headers

    # The pages name their files by the static tree's hash (server.web.assets): those
    # are kept a year; the pages and the unhashed names are checked on every visit.
    @app.get("/")
    def index() -> ResponseReturnValue:
        return assets.answer(assets.page("index.html"), "text/html", assets.FRESH)

    @app.get("/play/<campaign_id>")
    def play(campaign_id: str) -> ResponseReturnValue:
        return assets.answer(assets.page("play.html"), "text/html", assets.FRESH)

    @app.get("/vendor/plotly.min.js")
    @app.get("/vendor/plotly.<version>.min.js")
    def plotly_js(version: str | None = None) -> ResponseReturnValue:
        hashed = version == assets.plotly_version()
        lifetime = assets.IMMUTABLE if hashed else "public, max-age=86400"
        return assets.answer(assets.plotly_packed(), "text/javascript", lifetime)

    @app.get("/vendor/maplibre-gl.<any(js, css):suffix>")
    @app.get("/vendor/maplibre-gl.<version>.<any(js, css):suffix>")
    def maplibre_files(suffix: str, version: str | None = None) -> ResponseReturnValue:
        hashed = version == assets.maplibre_version()
        lifetime = assets.IMMUTABLE if hashed else "public, max-age=86400"
        mimetype = assets.MIMETYPES["." + suffix]
        return assets.answer(assets.maplibre_packed(suffix), mimetype, lifetime)

    @app.get("/static/<path:path>")
    @app.get("/static/v/<version>/<path:path>")
    def static_files(path: str, version: str | None = None) -> ResponseReturnValue:
        try:
            packed, mimetype = assets.file_packed(path)
        except KeyError:
            abort(404)
        hashed = version == assets.static_version()
        return assets.answer(packed, mimetype, assets.IMMUTABLE if hashed else assets.FRESH)

    errors.register(app)
    app.extensions[KEY] = Services(
        socketio=socketio,
        store=store,
        campaigns=service,
        sockets=sockets,
        metrics=metrics,
        limiter=limiter,
        ready=ready,
        health=health,
        catch_up=CatchUp(sockets, service, socketio.server.manager, offload),
        offload=offload,
        warm_up=lambda run=_now: _warm_up(app, run),
        keep=lambda: _keep(app),
    )
    Compress(app)
    return app
