"""Helpers for the multi-process topology (tests/test_topology.py): processes opening one
fresh database at the same moment, ``admiralty serve`` processes that can be SIGKILLed with
their workers, Debian's nginx in front of them, and seat clients that reconnect through it
and catch up with ``join {since}``.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import subprocess
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
import socketio
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from tests.conftest import ADMIRALTY, ROOT, free_port
from tests.protocol_check import CheckedClient

__all__ = [
    "NGINX",
    "Acked",
    "campaign_seats",
    "each",
    "findings",
    "play",
    "rest",
    "transport_of",
    "Nginx",
    "SeatClient",
    "ServerProcess",
    "documented_nginx",
    "nginx_config",
    "on_events",
    "start_together",
    "topology",
    "wait_until",
    "create_database",
    "head_revision",
    "open_together",
    "schema_versions",
]

NGINX = "/usr/sbin/nginx"
OPERATIONS = ROOT / "docs" / "operations.md"
WAIT = 15.0  # seconds a step may take before the test gives up (not a speed target)


# -- the schema upgrade under a lock --------------------------------------------------------


def _open_at_barrier(url: str, barrier: Any, results: Any) -> None:
    """One process of :func:`open_together`: open the store the moment all are ready."""
    try:
        from server.web.storage import open_store

        barrier.wait(WAIT)
        open_store(url).engine.dispose()
        results.put("ok")
    except BaseException:  # the report is the point: every failure goes back to the test
        results.put(traceback.format_exc())


def open_together(url: str, n: int) -> list[str]:
    """``open_store(url)`` in ``n`` fresh processes released by one barrier: each one's
    "ok" or traceback."""
    # forked from a fresh server process that imported this module once: nothing of the
    # test process (its threads, its connections) is inherited, and each trial starts fast
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([__name__, "server.web.storage"])
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=_open_at_barrier, args=(url, barrier, results)) for _ in range(n)]
    for p in procs:
        p.start()
    try:
        return [results.get(timeout=4 * WAIT) for _ in procs]
    finally:
        for p in procs:
            p.join(WAIT)
            if p.is_alive():
                p.kill()


def head_revision() -> str:
    """The head of the project's Alembic history."""
    from server.web.storage import _alembic_config

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head
    return head


def _engine_url(url: str) -> str:
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


def schema_versions(url: str) -> list[str]:
    """Every row of ``alembic_version`` at ``url``."""
    engine = create_engine(_engine_url(url))
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.execute(text("SELECT version_num FROM alembic_version"))]
    finally:
        engine.dispose()


def create_database(server_url: str, name: str) -> str:
    """A new, empty database ``name`` on the PostgreSQL server of ``server_url``: its URL."""
    engine = create_engine(_engine_url(server_url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return server_url.rsplit("/", 1)[0] + "/" + name


# -- server processes ------------------------------------------------------------------------


class ServerProcess:
    """``admiralty serve`` on a free loopback port, in a session of its own so that a SIGKILL
    takes it and every worker it forked at once (a machine lost, not a tidy shutdown)."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [*ADMIRALTY, "serve", "--host", "127.0.0.1", "--port", str(self.port), *extra]
        self.folder = folder
        self.log = folder / f"server-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def spawn(self) -> None:
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                self.args, cwd=self.folder, stdout=log, stderr=log, start_new_session=True
            )

    def wait_healthy(self, timeout: float = 60.0) -> None:
        assert self.proc
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if requests.get(self.url + "/healthz", timeout=2).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not answer: {self.log.read_text()[-3000:]}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _signal(self, sig: int) -> None:
        if self.proc:
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass

    def kill(self) -> None:
        """SIGKILL to the whole process group."""
        self._signal(signal.SIGKILL)
        if self.proc:
            self.proc.wait(WAIT)

    def terminate(self) -> int:
        """SIGTERM to the master alone, as systemd stops a unit with ``KillMode=mixed`` (the
        master passes it on to its worker), and wait for it to exit: its exit status."""
        assert self.proc
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(4 * WAIT)

    def stop(self) -> None:
        if not self.alive():
            self._signal(signal.SIGKILL)  # a worker that outlived its master, if any
            return
        self._signal(signal.SIGTERM)
        try:
            assert self.proc
            self.proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            pass
        self._signal(signal.SIGKILL)


def start_together(servers: list[ServerProcess]) -> None:
    """Start every server at the same moment (one fresh database: the upgrade races), then
    wait until each answers ``/healthz``."""
    for s in servers:
        s.spawn()
    for s in servers:
        s.wait_healthy()


# -- nginx in front ------------------------------------------------------------------------


def documented_nginx() -> str:
    """The nginx site of docs/operations.md (Deployment, step 4): its one fenced block that
    declares the ``admiralty_sticky`` upstream."""
    text = OPERATIONS.read_text("utf-8")
    blocks = [b for b in re.findall(r"^```\n(.*?)^```$", text, re.S | re.M) if "upstream " in b]
    assert len(blocks) == 1, f"one nginx block in {OPERATIONS}, found {len(blocks)}"
    return blocks[0]


def _replace(text: str, pattern: str, new: str | Callable[[re.Match[str]], str]) -> str:
    """``re.sub`` that insists the documented line is there (the doc changed: say so)."""
    out, n = re.subn(pattern, new, text, flags=re.M)
    assert n, f"docs/operations.md's nginx block has no line matching {pattern!r}"
    return out


def nginx_config(folder: Path, port: int, backends: list[int]) -> str:
    """The documented nginx site (:func:`documented_nginx`) as a whole configuration in
    ``folder``: only its TLS listener becomes loopback ``port``, each upstream's servers
    become ``backends`` (with the documented parameters) and its access log a file in
    ``folder``; everything else is the doc's text."""

    def servers(block: re.Match[str]) -> str:
        indent, params = block.group(1), block.group(2)
        return "".join(f"{indent}server 127.0.0.1:{p}{params};\n" for p in backends)

    site = documented_nginx()
    site = _replace(site, r"^\s*ssl_\w+ .*\n", "")
    site = _replace(site, r"listen 443 ssl;", f"listen 127.0.0.1:{port};")
    site = _replace(
        site, r"access_log \S+ admiralty;", f"access_log {folder}/access.log admiralty;"
    )
    site = _replace(
        site, r"^( *)server 127\.0\.0\.1:\d+([^;\n]*);\n(?:\1server 127\.0\.0\.1:\d+.*\n)*", servers
    )
    d = folder
    return f"""daemon off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log info;
events {{ worker_connections 4096; }}
http {{
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
{site}}}
"""


class Nginx:
    """Debian's nginx on a free loopback port in front of ``backends``; its configuration,
    pid file and logs in ``folder``."""

    def __init__(self, folder: Path, backends: list[int]) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.conf = folder / "nginx.conf"
        self.conf.write_text(nginx_config(folder, self.port, backends))
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        args = [NGINX, "-p", str(self.folder), "-c", str(self.conf), "-e", "error.log"]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        with open(self.folder / "nginx.out", "ab") as out:
            self.proc = subprocess.Popen(args, stdout=out, stderr=out, start_new_session=True)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (self.folder / "error.log").read_text()[-3000:]
            try:
                requests.get(self.url + "/healthz", timeout=2)  # any answer: nginx listens
                return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError("nginx did not answer")

    def access_log(self) -> str:
        """nginx's access log so far (the documented ``admiralty`` format)."""
        path = self.folder / "access.log"
        return path.read_text() if path.exists() else ""

    def statuses(self) -> list[int]:
        """The status nginx answered each request of its access log with."""
        return [
            int(s) for s in re.findall(r'^\S+ \[[^]]*\] "[^"]*" (\d{3}) ', self.access_log(), re.M)
        ]

    def polling_upstreams(self) -> set[str]:
        """The processes (``127.0.0.1:port``) that answered Engine.IO polling requests."""
        return self.upstreams("polling")

    def upstreams(self, transport: str) -> set[str]:
        """The processes (``127.0.0.1:port``) nginx passed Engine.IO's ``transport``
        (``polling``, ``websocket``) to; a WebSocket is logged once it closes."""
        lines = self.access_log().splitlines()
        return {
            line.split(" up=", 1)[1].split()[0].rstrip(",")
            for line in lines
            if f"transport={transport}" in line and " up=" in line
        }

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(WAIT)


# -- seat clients ----------------------------------------------------------------------------


def on_events(sio: socketio.Client, handler: Callable[[dict[str, Any]], Any]) -> None:
    """``handler`` called with each event payload ``sio`` receives, in order: an ``event``,
    or each of an ``events`` list (the events the server logged together)."""
    sio.on("event", handler)
    sio.on("events", lambda payloads: [handler(p) for p in payloads])


def _in_order(sio: socketio.Client) -> None:
    """Handle ``sio``'s messages on its reading thread, in the order they arrived.

    python-engineio hands each message to a thread of its own (``run_async=True``), so two
    events that arrive back to back may be handled in either order: a reordering of the
    client's, not the server's. A browser handles them in order; so does this client.
    """
    eio = sio.eio
    trigger = eio._trigger_event

    def in_order(event: str, *args: Any, **kwargs: Any) -> Any:
        if event == "message":
            kwargs["run_async"] = False
        return trigger(event, *args, **kwargs)

    eio._trigger_event = in_order  # type: ignore[method-assign]


@dataclass
class SeatClient:
    """A seat's python-socketio client through the balancer, that joins with ``since`` on
    every (re)connection and fetches any gap in the seqs it receives the same way.

    ``arrivals`` is every live event's seq as it arrived, with the number of the connection
    it came on: within one connection they must strictly increase, whatever the process.
    ``stream`` is what the client took, in order: the first join's snapshot seq, then the
    live events and each (re)join's ack events. A live event that skips a seq is held and
    the gap fetched with ``join {since: last}``; so is any event that arrives while a join
    is on its way, taken after the ack if newer than its ``seq`` (an older one is the
    overlap of the catch-up and the room: counted in ``overlap``, not taken); a catch-up's
    ack that says ``more`` is a page: its events are taken and the next page asked for from
    its end before the held events are looked at. A live event that arrives after the ack
    already holding it was delivered twice: kept in ``twice``.
    """

    url: str
    campaign: str
    token: str
    transport: str  # "websocket", "polling" (long-polling only) or "upgrade" (polling first)
    arrivals: list[tuple[int, int]] = field(default_factory=list)
    stream: list[int] = field(default_factory=list)
    overlap: int = 0
    twice: list[int] = field(default_factory=list)  # live events already taken, not retaken
    disconnects: int = 0
    gap_fetches: int = 0
    pages: int = 0  # a catch-up's further pages asked for (the ack said ``more``)
    joins: list[dict[str, Any]] = field(default_factory=list)
    seat: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # its own HTTP session, closed with it (the polling requests of every reconnection)
        self.http = requests.Session()
        self.sio = CheckedClient(
            reconnection=True,
            reconnection_delay=0.2,
            reconnection_delay_max=1.0,
            randomization_factor=0.5,
            handle_sigint=False,
            http_session=self.http,
        )
        self.lock = threading.Lock()
        self.joined = threading.Event()  # clear while a join is on its way
        self.held: list[int] = []
        self.last = 0  # the newest seq taken
        self.connection = 0
        self.pending: dict[int, threading.Event] = {}
        self.closing = False
        on_events(self.sio, self._event)
        self.sio.on("connect", self._connected)
        self.sio.on("disconnect", self._disconnected)
        _in_order(self.sio)

    def open(self) -> SeatClient:
        transports = {"upgrade": ["polling", "websocket"]}.get(self.transport, [self.transport])
        self.sio.connect(self.url, transports=transports, wait_timeout=WAIT)
        assert self.joined.wait(WAIT), f"no join ack: {self.joins}"
        return self

    def act(self, payload: dict[str, Any]) -> dict[str, Any] | None:
        """One action once joined: its ack, or None if the connection was lost on the way."""
        if not self.joined.wait(WAIT):
            return None
        return self._call("act", payload)

    def close(self) -> None:
        self.closing = True
        self.sio.disconnect()
        self.http.close()

    # Socket.IO handlers and acks run on the client's reading thread, in order of arrival

    def _connected(self) -> None:
        with self.lock:
            self.connection += 1
            self.joined.clear()
        self._join_soon()

    def _join_soon(self) -> None:
        """Join from a thread of its own: the reading thread must stay free for the ack."""
        since = self.last
        data = {"campaign": self.campaign, "token": self.token, "since": since}
        threading.Thread(target=self._call, args=("join", data), daemon=True).start()

    def _joined(self, ack: dict[str, Any], since: int) -> None:
        with self.lock:
            self.joins.append({"since": since, **ack})
            if not ack.get("ok"):
                return
            self.seat = ack["seat"]
            if not self.stream:
                self.stream.append(ack["seq"])  # the snapshot: where this seat's stream starts
            # the ack's events, and those held up to its seq that it does not hold (sent to
            # the socket live: docs/protocol.md, an ack holds each event once), in order
            acked = {e["seq"] for e in ack.get("events", [])}
            upto = [q for q in self.held if q <= ack["seq"]]
            self.overlap += sum(q in acked or q in self.stream for q in upto)
            live = {q for q in upto if q not in self.stream} if "events" in ack else set()
            for seq in sorted(acked | live):  # (a first join's state holds what came before)
                self._take(seq)
            self.held = [q for q in self.held if q > ack["seq"]]
            if ack.get("events") is not None and ack.get("more"):
                self.last = max(self.last, ack["seq"])  # a page of the catch-up: the next
                self.pages += 1
                self._join_soon()
                return
            for seq in sorted(self.held):
                self._take(seq)
            self.held.clear()
            self.last = max(self.last, ack["seq"])
            self.joined.set()

    def _take(self, seq: int) -> None:
        self.stream.append(seq)
        self.last = max(self.last, seq)

    def _event(self, payload: dict[str, Any]) -> None:
        seq = payload["seq"]
        with self.lock:
            self.arrivals.append((self.connection, seq))
            if not self.joined.is_set():
                self.held.append(seq)
                return
            if seq <= self.last and seq in self.stream:
                self.twice.append(seq)
                return
            if seq <= self.last + 1:  # the next one (or, out of order, an older one: kept)
                self._take(seq)
                return
            self.held.append(seq)  # a gap: fetch it
            self.gap_fetches += 1
            self.joined.clear()
        self._join_soon()

    def _disconnected(self, *_reason: Any) -> None:
        with self.lock:
            self.joined.clear()
            self.disconnects += not self.closing
            pending = list(self.pending.values())
        for done in pending:
            done.set()  # a call in flight on a lost connection gets no answer
        # a WebSocket the server closed is left open by python-engineio's client (it closes
        # only those it closes itself): closed here, before a reconnection makes the next
        ws = getattr(self.sio.eio, "ws", None)
        if ws is not None:
            ws.shutdown()

    def _call(self, name: str, data: dict[str, Any]) -> Any:
        """Emit and wait for the ack; None when the connection is lost first."""
        done, box = threading.Event(), []

        def answered(ack: Any = None) -> None:
            if name == "join":
                self._joined(ack, data["since"])
            box.append(ack)
            done.set()

        with self.lock:
            self.pending[id(done)] = done
        try:
            self.sio.emit(name, data, callback=answered)
            done.wait(WAIT)
        except (socketio.exceptions.SocketIOError, OSError):
            pass
        finally:
            with self.lock:
                self.pending.pop(id(done), None)
        return box[0] if box else None


def wait_until(check: Callable[[], bool], timeout: float = WAIT) -> bool:
    """Poll ``check`` until it holds or ``timeout`` passes: whether it held."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@contextmanager
def topology(folder: Path, n: int, *extra: str) -> Iterator[tuple[list[ServerProcess], Nginx]]:
    """``n`` servers started together with ``extra`` flags and nginx in front; all stopped
    after (their logs stay in ``folder``)."""
    servers = [ServerProcess(folder, *extra) for _ in range(n)]
    nginx: Nginx | None = None
    try:
        start_together(servers)
        nginx = Nginx(folder, [s.port for s in servers]).start()
        yield servers, nginx
    finally:
        if nginx:
            nginx.stop()
        for s in servers:
            s.stop()


# -- a campaign played through the balancer --------------------------------------------------


def rest(method: str, url: str, token: str, **body: Any) -> dict[str, Any]:
    """A REST call with a seat's token that must succeed: its JSON."""
    r = requests.request(
        method, url, json=body or None, timeout=WAIT, headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code in (200, 201), r.text
    return r.json()


def campaign_seats(
    url: str, captains: int, observers: int
) -> tuple[str, str, list[tuple[str, str]]]:
    """A new campaign (through the balancer) and its seats: the GM, the two ministers, four
    admirals, ``captains`` captains and ``observers`` observers: id, GM token, (role, token)."""
    r = requests.post(url + "/api/campaigns", json={"seed": 11}, timeout=WAIT)
    assert r.status_code == 201, r.text
    cid, gm = r.json()["id"], r.json()["token"]
    ships = [s["code"] for s in requests.get(url + "/api/rules", timeout=WAIT).json()["fleet"]]
    bodies = [{"role": "prime-minister"}, {"role": "first-sea-lord"}]
    bodies += [{"role": "admiral", "squadron": s} for s in ("White", "Red", "Blue", "Blockade")]
    bodies += [{"role": "captain", "ship": code} for code in ships[:captains]]
    bodies += [{"role": "observer"}] * observers
    seats = [("gm", gm)]
    for body in bodies:
        seats.append(
            (body["role"], rest("post", f"{url}/api/campaigns/{cid}/seats", gm, **body)["token"])
        )
    return cid, gm, seats


def each(run: Callable[[SeatClient], object], clients: list[SeatClient]) -> None:
    """``run`` on every client at once (a WebSocket client's close waits for the server's)."""
    with ThreadPoolExecutor(len(clients) or 1) as pool:
        list(pool.map(run, clients))


def transport_of(i: int) -> str:
    """One client in ten on long-polling only, one in ten upgrading from it, the rest on
    WebSocket from the start."""
    return "polling" if i % 10 == 3 else "upgrade" if i % 10 == 7 else "websocket"


Acked = list[tuple[int, str, str]]  # (seq, action type, seat id) of every act acked ok


def play(
    client: SeatClient, acked: Acked, unacked: list[str], go_on: Callable[[int], bool]
) -> None:
    """One actor's turns while ``go_on(turns so far)``: the GM sets deadlines and writes
    notes, a player toggles ready. Each ack ok is kept in ``acked``; each act not acked, or
    refused, in ``unacked``."""
    i = 0
    while go_on(i):
        if client.seat["role"] == "gm":
            args = (
                {"type": "set_deadline", "deadline": f"2027-01-{i % 28 + 1:02d}T12:00:00Z"}
                if i % 2
                else {"type": "note", "text": f"note {i}"}
            )
        else:
            args = {"type": "ready", "ready": not i % 2}
        ack = client.act(args)
        if ack is None:
            unacked.append(args["type"])
        elif ack["ok"]:
            acked.append((ack["seq"], args["type"], client.seat["id"]))
        else:
            unacked.append(f"{args['type']}: {ack['error']['code']}")
        i += 1


def _inversions(seqs: list[int]) -> list[tuple[int, int]]:
    """Each pair of seqs one after the other where the later is not the greater."""
    return [(a, b) for a, b in zip(seqs, seqs[1:], strict=False) if b <= a]


def _arrival_inversions(arrivals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The inversions among the events that arrived on each one connection."""
    connections = {n for n, _ in arrivals}
    return [i for n in connections for i in _inversions([s for m, s in arrivals if m == n])]


def findings(clients: list[SeatClient], log: list[dict[str, Any]], acked: Acked) -> dict[str, Any]:
    """Everything that went wrong, by kind (empty when nothing did): the log's gaps, acked
    acts not in it (or acked twice), and for each client its seqs out of order, delivered
    again after a join's ack, missing from its stream, or a failed (re)join."""
    by_seq = {e["seq"]: e for e in log}
    hidden = {e["seq"] for e in log if e["type"] == "note"}  # the GM's only
    final = len(log)
    found: dict[str, Any] = {
        "log_not_gapless": list(by_seq) != list(range(1, final + 1)),
        "acked_but_lost": [
            a
            for a in acked
            if a[0] not in by_seq or (by_seq[a[0]]["type"], by_seq[a[0]]["seat"]) != a[1:]
        ],
        "acked_twice": len({a[0] for a in acked}) != len(acked),
        "out_of_order": {},
        "arrived_out_of_order": {},
        "delivered_again_after_the_join_ack": {},
        "missing": {},
        "rejoins_failed": {},
    }
    for i, c in enumerate(clients):
        if bad := _inversions(c.stream):
            found["out_of_order"][i] = (c.transport, len(bad), bad[:5])
        if c.twice:
            found["delivered_again_after_the_join_ack"][i] = (c.transport, c.twice[:5])
        if bad := _arrival_inversions(c.arrivals):
            found["arrived_out_of_order"][i] = (c.transport, len(bad), bad[:5])
        may_skip = hidden if c.seat["role"] != "gm" else set()
        if missing := set(range(c.stream[0] + 1, final + 1)) - set(c.stream) - may_skip:
            found["missing"][i] = (c.transport, sorted(missing)[:10])
        if not c.joined.is_set() or not all(j["ok"] for j in c.joins):
            found["rejoins_failed"][i] = (c.disconnects, c.joins)
    return {k: v for k, v in found.items() if v}
