"""Several server processes behind a real balancer (issue 16, item 6): processes started at
the same moment on a fresh database all come up, and clients playing through Debian's nginx
lose nothing when one process is SIGKILLed."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import requests

from server.web.storage import SCHEMA_HEAD, open_store
from tests.topology_helpers import (
    WAIT,
    SeatClient,
    ServerProcess,
    create_database,
    head_revision,
    open_together,
    schema_versions,
    start_together,
    topology,
    wait_until,
)

TRIALS = 5  # each trial: a fresh database and four processes released by one barrier
AT_ONCE = 4


def test_the_schema_head_the_store_knows_is_alembics(tmp_path: Path) -> None:
    assert SCHEMA_HEAD == head_revision()
    url = f"sqlite:///{tmp_path / 'again.db'}"
    open_store(url).events_after("none")  # created, then opened again at head
    assert list(open_store(url).events_after("none")) == []
    assert schema_versions(url) == [SCHEMA_HEAD]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_processes_opening_a_fresh_sqlite_file_together_all_come_up(
    tmp_path: Path, trial: int
) -> None:
    url = f"sqlite:///{tmp_path / f'fresh-{trial}.db'}"
    assert open_together(url, AT_ONCE) == ["ok"] * AT_ONCE
    assert schema_versions(url) == [head_revision()]


@pytest.mark.postgres
@pytest.mark.parametrize("trial", range(TRIALS))
def test_processes_opening_a_fresh_postgresql_database_together_all_come_up(
    postgres_url: str, trial: int
) -> None:
    url = create_database(postgres_url, f"fresh_{trial}")
    assert open_together(url, AT_ONCE) == ["ok"] * AT_ONCE
    assert schema_versions(url) == [head_revision()]


def test_serve_processes_started_together_on_a_fresh_sqlite_file_all_answer(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    servers = [ServerProcess(tmp_path, "--database", url) for _ in range(AT_ONCE)]
    try:
        start_together(servers)  # raises, with the log, if one exits or never answers
        assert all(requests.get(s.url + "/healthz", timeout=WAIT).ok for s in servers)
    finally:
        for s in servers:
            s.stop()
    assert schema_versions(url) == [head_revision()]


# -- fifty clients through nginx, one process SIGKILLed ---------------------------------------

SERVERS = 3
OBSERVERS = 30
CAPTAINS = 13  # with the GM, the two ministers and four admirals: 50 seats
ACTS = 8  # acts per actor (the GM, the ministers, the admirals and the captains)


def _rest(method: str, url: str, token: str, **body: Any) -> dict[str, Any]:
    r = requests.request(
        method, url, json=body or None, timeout=WAIT, headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code in (200, 201), r.text
    return r.json()


def _seats(url: str) -> tuple[str, str, list[tuple[str, str]]]:
    """A new campaign (through the balancer) and its 50 seats: id, GM token, (role, token)."""
    r = requests.post(url + "/api/campaigns", json={"seed": 11}, timeout=WAIT)
    assert r.status_code == 201, r.text
    cid, gm = r.json()["id"], r.json()["token"]
    ships = [s["code"] for s in requests.get(url + "/api/rules", timeout=WAIT).json()["fleet"]]
    bodies = [{"role": "prime-minister"}, {"role": "first-sea-lord"}]
    bodies += [{"role": "admiral", "squadron": s} for s in ("White", "Red", "Blue", "Blockade")]
    bodies += [{"role": "captain", "ship": code} for code in ships[:CAPTAINS]]
    bodies += [{"role": "observer"}] * OBSERVERS
    seats = [("gm", gm)]
    for body in bodies:
        seats.append(
            (body["role"], _rest("post", f"{url}/api/campaigns/{cid}/seats", gm, **body)["token"])
        )
    return cid, gm, seats


def _each(run: Callable[[SeatClient], object], clients: list[SeatClient]) -> None:
    """``run`` on every client at once (a WebSocket client's close waits for the server's)."""
    with ThreadPoolExecutor(len(clients) or 1) as pool:
        list(pool.map(run, clients))


def _transport(i: int) -> str:
    """One client in ten on long-polling only, one in ten upgrading from it, the rest on
    WebSocket from the start."""
    return "polling" if i % 10 == 3 else "upgrade" if i % 10 == 7 else "websocket"


def _play(client: SeatClient, acked: list[tuple[int, str, str]], unacked: list[str]) -> None:
    """One actor's turns: the GM sets deadlines and writes notes, a player toggles ready."""
    for i in range(ACTS):
        if client.seat["role"] == "gm":
            args = (
                {"type": "set_deadline", "deadline": f"2027-01-{i + 1:02d}T12:00:00Z"}
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


def _inversions(seqs: list[int]) -> list[tuple[int, int]]:
    """Each pair of seqs one after the other where the later is not the greater."""
    return [(a, b) for a, b in zip(seqs, seqs[1:], strict=False) if b <= a]


def _arrival_inversions(arrivals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The inversions among the events that arrived on each one connection."""
    connections = {n for n, _ in arrivals}
    return [i for n in connections for i in _inversions([s for m, s in arrivals if m == n])]


def _findings(
    clients: list[SeatClient], log: list[dict[str, Any]], acked: list[tuple[int, str, str]]
) -> dict[str, Any]:
    """Everything that went wrong, by kind (empty when nothing did)."""
    by_seq = {e["seq"]: e for e in log}
    hidden = {e["seq"] for e in log if e["type"] == "note"}  # the GM's only
    final = len(log)
    found: dict[str, Any] = {
        "log_not_gapless": list(by_seq) != list(range(1, final + 1)),
        "acked_but_lost": [
            a for a in acked if (by_seq[a[0]]["type"], by_seq[a[0]]["seat"]) != a[1:]
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


@pytest.mark.postgres
@pytest.mark.redis
def test_fifty_clients_through_nginx_lose_nothing_when_a_process_is_killed(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    queue = ("--database", create_database(postgres_url, "topology"), "--message-queue", redis_url)
    with topology(tmp_path, SERVERS, *queue) as (servers, nginx):
        t0 = time.monotonic()  # the phases are printed, to read on a failure (asserted: none)
        cid, gm_token, seats = _seats(nginx.url)
        clients = [SeatClient(nginx.url, cid, t, _transport(i)) for i, (_, t) in enumerate(seats)]
        try:
            _each(SeatClient.open, clients)
            print(f"{time.monotonic() - t0:.1f}s: {len(clients)} clients joined")
            (polled,) = nginx.polling_upstreams()  # every polling client at one process
            victim = next(s for s in servers if polled.endswith(f":{s.port}"))
            acked: list[tuple[int, str, str]] = []
            unacked: list[str] = []
            actors = [c for c, (role, _) in zip(clients, seats, strict=True) if role != "observer"]
            threads = [threading.Thread(target=_play, args=(c, acked, unacked)) for c in actors]
            for t in threads:
                t.start()
            assert wait_until(lambda: len(acked) >= len(actors) * ACTS // 3, 4 * WAIT)
            print(f"{time.monotonic() - t0:.1f}s: {len(acked)} acked, SIGKILL to :{victim.port}")
            victim.kill()  # mid-play: its clients reconnect through nginx to a survivor
            for t in threads:
                t.join(8 * WAIT)
            print(f"{time.monotonic() - t0:.1f}s: {len(acked)} acked, not acked: {unacked}")
            last = clients[0].act({"type": "set_deadline", "deadline": None})  # seen by all
            assert last and last["ok"], last
            assert wait_until(lambda: all(c.last >= last["seq"] for c in clients), 4 * WAIT), [
                (c.transport, c.last, c.joins[-1:]) for c in clients if c.last < last["seq"]
            ]
            print(f"{time.monotonic() - t0:.1f}s: every client at seq {last['seq']}")
            log = _rest("get", f"{nginx.url}/api/campaigns/{cid}/log", gm_token)["events"]
            print(
                f"catch-up overlaps: {sum(c.overlap for c in clients)},"
                f" gaps fetched: {sum(c.gap_fetches for c in clients)}"
            )
            assert len(log) == last["seq"] and len(acked) > len(actors) * ACTS // 3
            moved = [c.transport for c in clients if c.disconnects]
            assert "polling" in moved and "websocket" in moved, moved
            assert all(s.alive() for s in servers if s is not victim)
            found = _findings(clients, log, acked)
            print("findings:", {k: v if isinstance(v, bool) else len(v) for k, v in found.items()})
            assert found == {}
        finally:
            _each(SeatClient.close, clients)
