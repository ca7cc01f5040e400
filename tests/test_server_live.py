"""A live ``admiralty serve`` in a subprocess with real python-socketio clients."""

from __future__ import annotations

import queue
import threading
from typing import Any

import pytest
import requests

from server.game import protocol_schema
from tests.conftest import LiveServer
from tests.protocol_check import CheckedClient
from tests.services import postgres_server, redis_server
from tests.topology_helpers import on_events

WAIT = 10.0  # seconds a live event may take before the test gives up (not a speed target)


class Client:
    """A seat's python-socketio client that queues the events it receives."""

    def __init__(self, url: str, campaign: str, token: str, since: int = 0) -> None:
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sio = CheckedClient(reconnection=False)
        on_events(self.sio, self.events.put)
        self.sio.connect(url, wait_timeout=WAIT)
        self.ack = self.sio.call(
            "join", {"campaign": campaign, "token": token, "since": since}, timeout=WAIT
        )
        assert self.ack["ok"], self.ack

    def act(self, type_: str, **args: Any) -> dict[str, Any]:
        return self.sio.call("act", {"type": type_, **args}, timeout=WAIT)

    def event(self, seq: int) -> dict[str, Any]:
        """The event ``seq``, skipping older ones; fails on a newer one or a long wait."""
        while True:
            event = self.events.get(timeout=WAIT)
            if event["seq"] >= seq:
                assert event["seq"] == seq, (event, seq)
                return event

    def close(self) -> None:
        self.sio.disconnect()


def _campaign(url: str, seed: int = 3) -> tuple[str, str]:
    r = requests.post(url + "/api/campaigns", json={"seed": seed}, timeout=WAIT)
    assert r.status_code == 201
    return r.json()["id"], r.json()["token"]


def _seat(url: str, cid: str, gm: str, **body: Any) -> str:
    r = requests.post(
        f"{url}/api/campaigns/{cid}/seats",
        json=body,
        timeout=WAIT,
        headers={"Authorization": f"Bearer {gm}"},
    )
    assert r.status_code == 201, r.text
    return r.json()["token"]


def _state(url: str, cid: str, token: str) -> dict[str, Any]:
    r = requests.get(
        f"{url}/api/campaigns/{cid}/state",
        timeout=WAIT,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_two_seats_see_each_others_moves_live(live_server: LiveServer) -> None:
    url = live_server.url
    # the schema the clients check by (tests/protocol_check.py) is the live server's
    assert requests.get(url + "/api/schema", timeout=WAIT).json() == protocol_schema()
    cid, gm_token = _campaign(url)
    a = Client(url, cid, _seat(url, cid, gm_token, role="admiral", squadron="White"))
    b = Client(url, cid, _seat(url, cid, gm_token, role="admiral", squadron="Red"))
    try:
        ack = a.act("ready", ready=True)
        assert ack["ok"]
        event = b.event(ack["seq"])
        assert event.pop("at").endswith("Z")  # when it was logged
        mine = a.ack["seat"]["id"]
        ready = next(k for k, s in enumerate(b.ack["state"]["seats"]) if s["id"] == mine)
        assert event == {
            "seq": ack["seq"],
            "type": "ready",
            "data": {"seat": a.ack["seat"]["id"], "ready": True},
            # what changed in the other admiral's view: that seat is ready
            "patch": [{"op": "replace", "path": f"/seats/{ready}/ready", "value": True}],
        }
        ack = b.act("ready", ready=True)
        assert a.event(ack["seq"])["type"] == "ready"
        bad = b.act("advance", days=3)
        assert bad["error"]["code"] == "forbidden"
    finally:
        a.close()
        b.close()


def test_reconnect_gets_exactly_the_missed_events(live_server: LiveServer) -> None:
    url = live_server.url
    cid, gm_token = _campaign(url)
    gm = Client(url, cid, gm_token)
    adm_token = _seat(url, cid, gm_token, role="admiral", squadron="Blue")
    adm = Client(url, cid, adm_token)
    seen = adm.ack["seq"]
    adm.close()
    missed = [gm.act("pause")["seq"], gm.act("note", text="hidden")["seq"], gm.act("resume")["seq"]]
    again = Client(url, cid, adm_token, since=seen)
    try:
        assert [e["seq"] for e in again.ack["events"]] == [missed[0], missed[2]]
        assert again.ack["seq"] == missed[2]
        live = gm.act("pause")
        assert again.event(live["seq"])["type"] == "pause"
    finally:
        gm.close()
        again.close()


def test_sigkill_and_restart_loses_no_acknowledged_action(tmp_path) -> None:
    server = LiveServer(tmp_path).start()
    url = server.url
    cid, gm_token = _campaign(url)
    pm_token = _seat(url, cid, gm_token, role="prime-minister")
    pm = Client(url, cid, pm_token)
    gm = Client(url, cid, gm_token)
    acked = [
        pm.act("set_ships", digit=4)["seq"],
        gm.act("pause")["seq"],
        gm.act("set_deadline", deadline="2026-12-24T12:00:00Z")["seq"],
    ]
    before = _state(url, cid, gm_token)
    server.kill()  # SIGKILL: no shutdown, no flush
    restarted = LiveServer(tmp_path)
    restarted.start()
    try:
        after = _state(restarted.url, cid, gm_token)
        assert after == before and after["seq"] == acked[-1]
        assert after["state"]["cabinet"]["ships_digit"] == 4
        assert after["state"]["paused"] is True
        log = requests.get(
            f"{restarted.url}/api/campaigns/{cid}/log",
            timeout=WAIT,
            headers={"Authorization": f"Bearer {gm_token}"},
        ).json()
        assert [e["seq"] for e in log["events"]] == list(range(1, acked[-1] + 1))
    finally:
        restarted.stop()
    text = "".join(p.read_text() for p in tmp_path.glob("server-*.log"))
    assert gm_token not in text and pm_token not in text


def test_hammered_campaign_keeps_a_gapless_log(live_server: LiveServer) -> None:
    url = live_server.url
    cid, gm_token = _campaign(url)
    tokens = [_seat(url, cid, gm_token, role="observer") for _ in range(3)]
    tokens += [_seat(url, cid, gm_token, role=r) for r in ("prime-minister", "first-sea-lord")]
    clients = [Client(url, cid, t) for t in tokens[3:]]
    acks: list[dict[str, Any]] = []

    def hammer(client: Client) -> None:
        for i in range(15):
            acks.append(client.act("ready", ready=bool(i % 2)))

    threads = [threading.Thread(target=hammer, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for c in clients:
        c.close()
    assert all(a["ok"] for a in acks)
    seqs = sorted(a["seq"] for a in acks)
    assert len(set(seqs)) == len(seqs) == 30
    log = requests.get(
        f"{url}/api/campaigns/{cid}/log",
        timeout=WAIT,
        headers={"Authorization": f"Bearer {gm_token}"},
    ).json()
    assert [e["seq"] for e in log["events"]] == list(range(1, len(log["events"]) + 1))


@pytest.mark.postgres
def test_postgresql_as_the_store(tmp_path) -> None:
    with postgres_server() as db_url:
        server = LiveServer(tmp_path, "--database", db_url).start()
        try:
            url = server.url
            cid, gm_token = _campaign(url)
            pm = Client(url, cid, _seat(url, cid, gm_token, role="prime-minister"))
            ack = pm.act("set_ships", digit=6)
            assert ack["ok"]
            pm.close()
            server.kill()
            server = LiveServer(tmp_path, "--database", db_url).start()
            state = _state(server.url, cid, gm_token)
            assert state["seq"] == ack["seq"]
            assert state["state"]["cabinet"]["ships_digit"] == 6
            assert not (tmp_path / "admiralty.db").exists()
        finally:
            server.stop()


@pytest.mark.redis
def test_two_server_processes_share_a_campaign_through_redis(tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'shared.db'}"
    with redis_server() as queue_url:
        one = LiveServer(tmp_path, "--database", db, "--message-queue", queue_url).start()
        two = LiveServer(tmp_path, "--database", db, "--message-queue", queue_url).start()
        try:
            cid, gm_token = _campaign(one.url)
            a = Client(
                one.url, cid, _seat(one.url, cid, gm_token, role="admiral", squadron="White")
            )
            b = Client(two.url, cid, _seat(two.url, cid, gm_token, role="admiral", squadron="Red"))
            ack_a = a.act("ready", ready=True)
            assert b.event(ack_a["seq"])["type"] == "ready"
            ack_b = b.act("ready", ready=True)  # process two catches up from the store first
            assert ack_b["seq"] == ack_a["seq"] + 1
            assert a.event(ack_b["seq"])["type"] == "ready"
            a.close()
            b.close()
        finally:
            one.stop()
            two.stop()


def test_requests_at_start_wait_for_the_world_instead_of_crashing(tmp_path) -> None:
    """The world is built in the background at start; first requests must wait, not race."""
    server = LiveServer(tmp_path).start()
    url = server.url
    try:
        paths = [
            "/api/route?from=portsmouth&to=plymouth",
            "/api/map",
            "/api/ports",
            "/api/route?from=brest&to=cadiz&ship=Cutter",
        ]
        results: dict[str, int] = {}

        def get(path: str) -> None:
            results[path] = requests.get(url + path, timeout=120).status_code

        threads = [threading.Thread(target=get, args=(p,)) for p in paths]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results == dict.fromkeys(paths, 200)
        assert server.proc.poll() is None
    finally:
        server.stop()
