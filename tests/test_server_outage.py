"""Health that tells the truth, and nothing acknowledged lost in an outage (issue 30, item 3).

Two ``admiralty serve`` processes share a real PostgreSQL and a real Redis; seat clients on
both play a burst of acts while Redis, then PostgreSQL, is stopped and started again. Each
process's ``/readyz`` answers 503 while either cannot be reached and 200 once both are back
(``/livez`` 200 throughout); every acked act's event reaches every client, live or by its
catch-up, in order and once; an act refused meanwhile is refused ``not_ready``, retryable.
"""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import requests

from server.web.app import create_app
from server.web.health import Health
from server.web.services import services
from tests.conftest import free_port
from tests.services import Postgres, Redis
from tests.topology_helpers import WAIT, SeatClient, ServerProcess, wait_until

OUTAGE = 60.0  # seconds a process may take to see an outage or its end (not a speed target)
SEATS = [
    {"role": "prime-minister"},
    {"role": "first-sea-lord"},
    {"role": "admiral", "squadron": "White"},
    {"role": "admiral", "squadron": "Red"},
    {"role": "admiral", "squadron": "Blue"},
    {"role": "observer"},
    {"role": "observer"},
]


def _status(url: str, path: str) -> int | None:
    try:
        return requests.get(url + path, timeout=WAIT).status_code
    except requests.RequestException:
        return None


def _readiness(servers: list[ServerProcess]) -> list[tuple[int, Any]]:
    """Each server's ``/readyz``: its status and body."""
    answers = [requests.get(s.url + "/readyz", timeout=WAIT) for s in servers]
    return [(r.status_code, r.json()) for r in answers]


def _all_ready(servers: list[ServerProcess], status: int) -> bool:
    return all(_status(s.url, "/readyz") == status for s in servers)


class Burst:
    """Each actor acting again and again from a thread of its own until :meth:`stop` (held
    meanwhile by :meth:`pause`): the acks taken (``acked``: seq, type, seat) and each
    refusal's code."""

    def __init__(self, actors: list[SeatClient]) -> None:
        self.acked: list[tuple[int, str, str]] = []
        self.refused: Counter[str] = Counter()
        self.lost = 0  # no answer (none expected: the sockets stay up)
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.go = threading.Event()
        self.go.set()
        self.acting = 0  # acts on their way
        self.threads = [threading.Thread(target=self._play, args=(c,)) for c in actors]

    def start(self) -> Burst:
        for t in self.threads:
            t.start()
        return self

    def count(self) -> int:
        with self.lock:
            return len(self.acked)

    def more(self, n: int) -> bool:
        """Wait until ``n`` more acts are acked."""
        goal = self.count() + n
        return wait_until(lambda: self.count() >= goal, OUTAGE)

    def pause(self) -> int:
        """Hold the actors once their acts on the way are answered: the last seq acked."""
        self.go.clear()
        assert wait_until(lambda: self.acting == 0, OUTAGE)
        with self.lock:
            return max(a[0] for a in self.acked)

    def _play(self, client: SeatClient) -> None:
        i = 0
        while not self.done.is_set():
            self.go.wait(1.0)
            with self.lock:
                if not self.go.is_set():
                    continue
                self.acting += 1
            i += 1
            if client.seat["role"] == "gm":
                args = {"type": "set_deadline", "deadline": f"2027-01-{i % 28 + 1:02d}T12:00:00Z"}
            else:
                args = {"type": "ready", "ready": bool(i % 2)}
            ack = client.act(args)
            with self.lock:
                self.acting -= 1
                if ack is None:
                    self.lost += 1
                elif ack["ok"]:
                    self.acked.append((ack["seq"], args["type"], client.seat["id"]))
                else:
                    self.refused[ack["error"]["code"]] += 1
            self.done.wait(0.3 if ack is None or not ack["ok"] else 0.02)

    def stop(self) -> None:
        self.done.set()
        for t in self.threads:
            t.join(4 * WAIT)


def _findings(clients: list[SeatClient], log: list[dict[str, Any]], burst: Burst) -> dict:
    """Everything that went wrong, by kind (empty when nothing did)."""
    by_seq = {e["seq"]: e for e in log}
    final = len(log)
    found: dict[str, Any] = {
        "log_not_gapless": list(by_seq) != list(range(1, final + 1)),
        "acked_not_logged": [
            a for a in burst.acked if (by_seq[a[0]]["type"], by_seq[a[0]]["seat"]) != a[1:]
        ],
        "refused_not_retryable": {k: n for k, n in burst.refused.items() if k != "not_ready"},
        "unanswered": burst.lost,
        "missing": {},
        "out_of_order_or_twice": {},
        "delivered_twice": {},
    }
    for i, c in enumerate(clients):
        if missing := set(range(c.stream[0] + 1, final + 1)) - set(c.stream):
            found["missing"][i] = sorted(missing)[:10]
        if c.stream != sorted(set(c.stream)):
            found["out_of_order_or_twice"][i] = c.stream[:50]
        if c.twice:
            found["delivered_twice"][i] = c.twice[:10]
    return {k: v for k, v in found.items() if v}


def _rest(url: str, method: str, path: str, token: str | None = None, **body: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.request(method, url + path, json=body or None, headers=headers, timeout=WAIT)
    assert r.status_code in (200, 201), r.text
    return r.json()


def test_readiness_names_what_is_away_and_liveness_holds(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}", "WARM_UP": True})
    client = app.test_client()
    r = client.get("/readyz")
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert r.json["checks"] == {"warm": False, "database": None, "message_queue": None}
    assert r.json["error"]["code"] == "not_ready" and "starting up" in r.json["error"]["message"]
    assert client.get("/livez").json == {"ok": True, "live": True, "version": r.json["version"]}
    services(app).warm_up(lambda work: None)
    assert client.get("/readyz").json["checks"] == {
        "warm": True,
        "database": True,
        "message_queue": None,
    }
    assert client.get("/healthz").status_code == 200
    # a message queue nobody answers at: not ready, and why
    held = services(app)
    health = Health(held.store.engine, f"redis://127.0.0.1:{free_port()}/0", held.ready)
    body, status, headers = health.ready()
    assert status == 503 and headers == {"Retry-After": "5"}
    assert body["checks"] == {"warm": True, "database": True, "message_queue": False}
    assert "the message queue (Redis) cannot be reached" in body["error"]["message"]


@pytest.mark.postgres
@pytest.mark.redis
def test_outages_of_redis_and_postgresql_lose_nothing_acknowledged(tmp_path: Path) -> None:
    database, queue = Postgres().start(), Redis().start()
    servers = [
        ServerProcess(tmp_path, "--database", database.url, "--message-queue", queue.url)
        for _ in range(2)
    ]
    clients: list[SeatClient] = []
    burst: Burst | None = None
    try:
        for s in servers:  # one after the other: the schema created once
            s.spawn()
            s.wait_healthy()
        assert _all_ready(servers, 200), _readiness(servers)
        assert all(_status(s.url, "/livez") == 200 for s in servers)
        one = servers[0].url
        created = _rest(one, "post", "/api/campaigns", seed=13)
        cid, gm = created["id"], created["token"]
        tokens = [gm] + [
            _rest(one, "post", f"/api/campaigns/{cid}/seats", gm, **body)["token"] for body in SEATS
        ]
        clients = [
            SeatClient(servers[i % 2].url, cid, t, "polling" if i % 4 == 3 else "websocket")
            for i, t in enumerate(tokens)
        ]
        for c in clients:
            c.open()
        burst = Burst([c for c in clients if c.seat["role"] != "observer"]).start()
        assert burst.more(20)

        queue.stop()  # Redis away: the acts go on, their events come from the log
        assert wait_until(lambda: _all_ready(servers, 503), OUTAGE)
        assert all(_status(s.url, "/livez") == 200 for s in servers)
        assert burst.more(20), burst.refused
        reached = burst.pause()  # no later event shows a client its gap: the server's to fill
        assert wait_until(lambda: all(c.last >= reached for c in clients), OUTAGE), [
            (c.last, c.joins[-1:]) for c in clients
        ]
        burst.go.set()
        assert burst.more(10)
        queue.start()
        assert wait_until(lambda: _all_ready(servers, 200), OUTAGE)
        assert burst.more(20)
        reached = burst.pause()
        assert wait_until(lambda: all(c.last >= reached for c in clients), OUTAGE), [
            (c.last, c.joins[-1:]) for c in clients
        ]
        burst.go.set()

        database.stop()  # PostgreSQL away: the acts are refused, retryable
        assert wait_until(lambda: _all_ready(servers, 503), OUTAGE)
        assert all(_status(s.url, "/livez") == 200 for s in servers)
        refused = burst.refused["not_ready"]
        assert wait_until(lambda: burst.refused["not_ready"] >= refused + 5, OUTAGE), burst.refused
        database.start()
        assert wait_until(lambda: _all_ready(servers, 200), OUTAGE)
        assert burst.more(20)
        burst.stop()

        last = clients[0].act({"type": "set_deadline", "deadline": None})  # seen by all
        assert last and last["ok"], last
        assert wait_until(lambda: all(c.last >= last["seq"] for c in clients), OUTAGE), [
            (c.last, c.joins[-1:]) for c in clients
        ]
        log = _rest(one, "get", f"/api/campaigns/{cid}/log", gm)["events"]
        assert len(log) == last["seq"]
        print(
            f"acked {len(burst.acked)}, refused {dict(burst.refused)}, gaps fetched "
            f"{sum(c.gap_fetches for c in clients)}, log {len(log)}"
        )
        assert _findings(clients, log, burst) == {}
    finally:
        if burst is not None:
            burst.stop()
        for c in clients:
            c.close()
        for s in servers:
            s.stop()
        queue.remove()
        database.remove()
