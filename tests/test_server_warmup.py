"""No act before ready, no deadlock (issue 30, item 1): a process that is warming up
refuses acts, joins and writes with one retryable error (``not_ready``: a Socket.IO ack,
or HTTP 503 with ``Retry-After``), and acts fired at it from its first millisecond never
keep it (or its campaign on another process) from becoming ready."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
import socketio

from server.game import CODES
from server.web.app import create_app
from server.web.services import services
from tests.protocol_check import CheckedClient
from tests.server_helpers import Game, new_app
from tests.topology_helpers import WAIT, ServerProcess, create_database

#: what a client fired at a warming process keeps doing once the process is ready: this
#: many acts that succeed, then it stops
AFTER_READY = 3
#: a step of the test may take this long before the test gives up (the world's build on a
#: busy machine: not a speed target)
READY_WAIT = 240.0
#: how long an ack may take on a machine busy with other tests (a refusal, not a speed target)
ACK_WAIT = 60.0
VOYAGE = {"to": "all", "voyage": {"stops": ["portsmouth", "plymouth"]}}


# -- in process: the refusal's shape --------------------------------------------------------


def _warming(tmp_path: Path) -> Game:
    """A campaign on an app that has not warmed up (as ``serve`` starts it)."""
    app = new_app(tmp_path)
    game = Game.new(app)
    game.add("pm", "prime-minister")
    services(app).ready.clear()  # as before serve's warm-up has ended
    return game


def test_a_warming_process_refuses_rest_writes_with_503_and_retry_after(tmp_path: Path) -> None:
    game = _warming(tmp_path)
    r = game.rest("post", f"/api/campaigns/{game.id}/seats", json={"role": "observer"})
    assert r.status_code == 503
    assert int(r.headers["Retry-After"]) >= 1
    assert r.json["ok"] is False
    assert r.json["error"]["code"] == "not_ready"
    assert r.json["error"]["retry_after"] == int(r.headers["Retry-After"])
    assert r.json["error"]["message"]
    created = game.app.test_client().post("/api/campaigns", json={"seed": 3})
    assert created.status_code == 503 and created.json["error"]["code"] == "not_ready"
    # nothing was written: once ready, the campaign has its two seats and no other
    services(game.app).ready.set()
    state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
    assert sorted(s["role"] for s in state["seats"]) == ["gm", "prime-minister"]
    # the pages and the rules' words are served meanwhile: they need neither world nor store
    services(game.app).ready.clear()
    assert game.app.test_client().get("/api/rules").status_code == 200
    assert game.app.test_client().get("/healthz").status_code == 503


def test_a_warming_process_acks_joins_and_acts_not_ready(tmp_path: Path) -> None:
    game = _warming(tmp_path)
    pm = game.players["pm"]
    for ack in (
        pm.act("set_ships", digit=3),
        pm.client.emit("join", {"campaign": game.id, "token": pm.token}, callback=True),
    ):
        assert ack["ok"] is False
        assert ack["error"]["code"] == "not_ready"
        assert isinstance(ack["error"]["retry_after"], int) and ack["error"]["retry_after"] >= 1
    services(game.app).ready.set()
    assert pm.act("set_ships", digit=3)["ok"]  # the refused act changed nothing


def test_the_schema_lists_not_ready() -> None:
    assert "not_ready" in CODES


# -- live: acts and joins from the first millisecond ------------------------------------------


@dataclass
class Fired:
    """What one client fired at one process got back: every ack's code (``ok`` for a
    success), and what went unanswered."""

    codes: list[str] = field(default_factory=list)
    unacked: list[str] = field(default_factory=list)
    retry_afters: list[Any] = field(default_factory=list)
    ok_after_ready: int = 0
    errors: list[str] = field(default_factory=list)


def _code(ack: Any) -> str:
    if not isinstance(ack, dict):
        return f"not an ack: {ack!r}"
    return "ok" if ack.get("ok") else str(ack.get("error", {}).get("code"))


def _emit(sio: socketio.Client, name: str, data: dict[str, Any], fired: Fired) -> Any:
    try:
        ack = sio.call(name, data, timeout=ACK_WAIT)
    except socketio.exceptions.TimeoutError:
        fired.unacked.append(name)
        return None
    code = _code(ack)
    fired.codes.append(f"{name}:{code}")
    if code == "not_ready":
        fired.retry_afters.append(ack["error"].get("retry_after"))
    return ack


def _connect(url: str, stop: threading.Event) -> socketio.Client | None:
    """A Socket.IO client connected to ``url`` the moment it listens."""
    while not stop.is_set():
        sio = CheckedClient(reconnection=False, handle_sigint=False)
        try:
            sio.connect(url, transports=["websocket"], wait_timeout=ACK_WAIT)
            return sio
        except socketio.exceptions.ConnectionError:
            time.sleep(0.005)
    return None


def _fire(
    url: str, campaign: str, token: str, acts: bool, ready: threading.Event, stop: threading.Event
) -> Fired:
    """Join (and, with ``acts``, act as the GM: roll the force, then show a voyage) as fast
    as the acks come, from the moment ``url`` listens, until ``AFTER_READY`` successes
    after the process said it was ready."""
    fired = Fired()
    sio = _connect(url, stop)
    if sio is None:
        fired.errors.append("never connected")
        return fired
    rolled = False
    try:
        while not stop.is_set() and fired.ok_after_ready < AFTER_READY:
            was_ready = ready.is_set()
            ack = _emit(sio, "join", {"campaign": campaign, "token": token}, fired)
            if ack is None:
                return fired
            if acts and ack.get("ok"):
                act = {"type": "show_voyage", **VOYAGE} if rolled else {"type": "roll_force"}
                ack = _emit(sio, "act", act, fired)
                if ack is None:
                    return fired
                # the other process may have rolled it: then the summer is on here too
                code = _code(ack)
                rolled = rolled or code in ("ok", "wrong_phase")
                if code == "wrong_phase" and act["type"] == "show_voyage":
                    fired.errors.append("show_voyage refused after the roll")
            if was_ready and ack.get("ok"):
                fired.ok_after_ready += 1
    finally:
        sio.disconnect()
    return fired


def _write(
    url: str, campaign: str, gm: str, ready: threading.Event, stop: threading.Event
) -> Fired:
    """REST writes (an observer's seat) from the first millisecond: 503 with Retry-After
    before ready, 201 after."""
    fired = Fired()
    headers = {"Authorization": f"Bearer {gm}"}
    while not stop.is_set() and fired.ok_after_ready < AFTER_READY:
        was_ready = ready.is_set()
        try:
            r = requests.post(
                f"{url}/api/campaigns/{campaign}/seats",
                json={"role": "observer"},
                headers=headers,
                timeout=ACK_WAIT,
            )
        except requests.ConnectionError:
            time.sleep(0.005)
            continue
        except requests.Timeout:
            fired.unacked.append("POST seats")
            return fired
        if r.status_code == 201:
            fired.codes.append("rest:ok")
            fired.ok_after_ready += was_ready
        elif r.status_code == 503 and r.json()["error"]["code"] == "not_ready":
            fired.codes.append("rest:not_ready")
            fired.retry_afters.append(int(r.headers["Retry-After"]))
        else:
            fired.errors.append(f"{r.status_code} {r.text[:200]}")
    return fired


def _campaign(url: str) -> tuple[str, str, str]:
    """A campaign in its cabinet, its ships and deployment chosen (the GM's next act is
    ``roll_force``): its id, the GM's token and the Prime Minister's."""
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    game = Game.new(app, seed=11)
    pm = game.add("pm", "prime-minister")
    fsl = game.add("fsl", "first-sea-lord")
    assert pm.act("set_ships", digit=3)["ok"]
    assert fsl.act("set_deployment", digit=5)["ok"]
    for player in game.players.values():
        player.client.disconnect()
    services(app).store.engine.dispose()
    return game.id, game.gm_token, pm.token


def _ready(server: ServerProcess, ready: threading.Event, stop: threading.Event) -> None:
    deadline = time.monotonic() + READY_WAIT
    while not stop.is_set() and time.monotonic() < deadline and server.alive():
        try:
            if requests.get(server.url + "/healthz", timeout=2).ok:
                ready.set()
                return
        except requests.RequestException:
            pass
        time.sleep(0.05)


def _fire_at(servers: list[ServerProcess], campaign: str, gm: str, pm: str) -> list[Fired]:
    """Start the servers and fire at each from its first millisecond: a GM acting, the
    Prime Minister joining, and REST writes; every ack, once each process is ready."""
    stop = threading.Event()
    readies = [threading.Event() for _ in servers]
    results: list[Fired] = []
    workers = []

    def run(target: Any, *args: Any) -> None:
        try:
            results.append(target(*args))
        except Exception as exc:  # the report is the point
            results.append(Fired(errors=[repr(exc)]))

    for server, ready in zip(servers, readies, strict=True):
        server.spawn()
        workers += [
            threading.Thread(target=_ready, args=(server, ready, stop)),
            threading.Thread(target=run, args=(_fire, server.url, campaign, gm, True, ready, stop)),
            threading.Thread(
                target=run, args=(_fire, server.url, campaign, pm, False, ready, stop)
            ),
            threading.Thread(target=run, args=(_write, server.url, campaign, gm, ready, stop)),
        ]
    for w in workers:
        w.start()
    deadline = time.monotonic() + READY_WAIT + 4 * WAIT
    for w in workers:
        w.join(max(0.0, deadline - time.monotonic()))
    stop.set()
    for w in workers:
        w.join(2 * WAIT)
    not_ready = [s.url for s, r in zip(servers, readies, strict=True) if not r.is_set()]
    assert not not_ready, f"never ready: {not_ready}"
    return results


def _check(results: list[Fired], processes: int) -> None:
    assert len(results) == 3 * processes
    for fired in results:
        assert not fired.errors, fired
        assert not fired.unacked, fired
        assert fired.ok_after_ready >= AFTER_READY, fired
        for code in fired.codes:
            name, _, outcome = code.partition(":")
            # roll_force is the GM's once: on two processes one of them rolls it
            assert outcome in ("ok", "not_ready") or (processes > 1 and outcome == "wrong_phase"), (
                fired
            )
        assert all(isinstance(s, int) and s >= 1 for s in fired.retry_afters), fired
    # the world takes seconds to build: something was fired before each process was ready
    assert sum(c.endswith(":not_ready") for f in results for c in f.codes) > 0


def test_acts_and_joins_from_the_first_millisecond_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warm.db'}"
    campaign, gm, pm = _campaign(url)
    server = ServerProcess(tmp_path, "--database", url)
    try:
        results = _fire_at([server], campaign, gm, pm)
        _check(results, 1)
        assert server.alive()
    finally:
        server.stop()


@pytest.mark.postgres
def test_acts_and_joins_from_the_first_millisecond_on_postgresql_with_two_processes(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    url = create_database(postgres_url, "warm")
    campaign, gm, pm = _campaign(url)
    servers = [
        ServerProcess(tmp_path, "--database", url, "--message-queue", redis_url) for _ in "ab"
    ]
    try:
        results = _fire_at(servers, campaign, gm, pm)
        _check(results, 2)
        assert all(s.alive() for s in servers)
    finally:
        for s in servers:
            s.stop()
