"""No request stalls the process (issue 30, item 2): a catch-up comes a page at a time, its
pages put together the whole; route and voyage planning are bounded and limited per
address; and under ``admiralty serve`` neither holds the event loop: ``/healthz`` is answered
while they are worked out (its answer arrives before theirs)."""

from __future__ import annotations

import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any

import requests
from flask import Flask

from server.web.app import create_app
from server.web.services import services
from tests.conftest import LiveServer
from tests.server_helpers import socket_client

#: twelve places far apart: eleven of the longest legs the planner may ask for
FAR_STOPS = [
    "spithead",
    "veracruz",
    "cape-town",
    "penang",
    "boston",
    "goa",
    "reval",
    "st-johns",
    "bourbon",
    "toulon",
    "norfolk",
    "tripoli",
]


def _app(tmp: Path, long_log: dict[str, Any], **config: Any) -> Flask:
    """An app of its own on a copy of the long log's database."""
    shutil.copy(long_log["folder"] / "admiralty.db", tmp / "copy.db")
    return create_app({"DATABASE_URL": f"sqlite:///{tmp / 'copy.db'}", "TESTING": True, **config})


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _rest_pages(client: Any, path: str, token: str, key: str) -> tuple[list[Any], int]:
    """Every page of ``path?since=1`` put together, and how many pages it took."""
    got: list[Any] = []
    since, more, pages = 1, True, 0
    while more:
        body = client.get(f"{path}?since={since}", headers=_auth(token)).json
        assert body["next"] == body["seq"] and (body["seq"] > since or not body["more"])
        got += body[key]
        since, more, pages = body["next"], body["more"], pages + 1
    return got, pages


def test_the_pages_of_a_catch_up_put_together_are_the_whole(tmp_path, long_log) -> None:
    """REST events and notices, and the join's catch-up: each page bounded, each saying
    whether more follow; together exactly what the unpaged history holds."""
    app = _app(tmp_path, long_log, CATCH_UP_PAGE=40)
    cid, red = long_log["id"], long_log["red"]
    service = services(app).campaigns
    seat = service.authenticate(cid, red)
    last, events, notices = service.history(cid, seat["id"], 1)
    assert last >= 240 and len(events) > 100
    client = app.test_client()
    paged, pages = _rest_pages(client, f"/api/campaigns/{cid}/events", red, "events")
    assert paged == events and pages >= 240 // 40
    told, _ = _rest_pages(client, f"/api/campaigns/{cid}/notices", red, "notices")
    assert told == notices
    # the join: each catch-up page an ack, the next asked for by joining from its end
    socket = socket_client(app)
    joined, since, more = [], 1, True
    while more:
        ack = socket.emit("join", {"campaign": cid, "token": red, "since": since}, callback=True)
        assert ack["ok"] and ack["next"] == ack["seq"] and len(ack["events"]) <= 40
        joined += ack["events"]
        since, more = ack["next"], ack["more"]
    assert joined == events and since == last
    # a first join: the whole state, and its notices a page at a time
    first = socket.emit("join", {"campaign": cid, "token": red, "since": 0}, callback=True)
    assert first["seq"] == last and first["more"] and first["next"] == 40
    assert first["notices"] == [n for n in notices if n["seq"] <= 40]
    socket.disconnect()


def test_a_voyage_over_the_stop_limit_gets_one_clear_error(fresh_app) -> None:
    client = fresh_app.test_client()
    stops = "&".join(f"stop={s}" for s in [*FAR_STOPS, "plymouth"])
    r = client.get(f"/api/voyage?{stops}")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid"
    assert "2 to 12 'stop' places" in r.json["error"]["message"]


def test_route_and_voyage_planning_is_limited_by_the_legs_routed(tmp_path) -> None:
    """Each leg costs one of the address's budget (a voyage its stops less one, a route
    one, together); over it, one JSON 429 before any routing, with Retry-After."""
    app = create_app(
        {"DATABASE_URL": f"sqlite:///{tmp_path / 'a.db'}", "ROUTE_RATE_LIMIT": "3 per minute"}
    )
    client = app.test_client()
    near = "/api/voyage?stop=spithead&stop=plymouth&stop=spithead"  # two legs
    assert client.get(near).status_code == 200
    assert client.get("/api/route?from=spithead&to=plymouth").status_code == 200  # the third
    over = client.get(near)
    assert over.status_code == 429 and over.json["error"]["code"] == "rate_limited"
    assert int(over.headers["Retry-After"]) >= 1
    assert client.get("/api/route?from=spithead&to=plymouth").status_code == 429
    other = client.get(
        "/api/route?from=spithead&to=plymouth", environ_base={"REMOTE_ADDR": "10.1.2.3"}
    )
    assert other.status_code == 200  # per address


#: ``admiralty serve`` with the catch-up's page and the voyage's planning held at a gate: each
#: touches ``<gate>.<work>`` when it reaches it and waits, blocking whatever runs it (the
#: event loop itself, were it run there), until the file ``<gate>`` exists
GATED = """
import os, sys
import server.commands.serve as serve
from server.cli import main

GATE = os.environ["ADMIRALTY_TEST_GATE"]
loaded = serve._application


def gated(*args, **kwargs):
    app = loaded(*args, **kwargs)  # in the worker, gevent's patches made
    from gevent import monkey
    from server.game import rules
    from server.web.campaigns import CampaignService

    sleep = monkey.get_original("time", "sleep")  # blocks its OS thread, the loop's too

    def gate(work, name):
        def held(*a, **k):
            open(f"{GATE}.{name}", "w").close()
            while not os.path.exists(GATE):
                sleep(0.02)
            return work(*a, **k)
        return held

    CampaignService.history = gate(CampaignService.history, "page")
    rules.voyage_plan = gate(rules.voyage_plan, "voyage")
    return app


serve._application = gated
sys.exit(main(sys.argv[1:]))
"""


def test_healthz_is_answered_while_a_catch_up_and_a_voyage_are_worked_out(long_log) -> None:
    """Under ``admiralty serve`` (gevent): a player's catch-up of the log and a twelve-stop
    voyage are worked out off the event loop: with both held mid-work, ``/healthz`` is
    answered; let go, both answer whole."""
    gate = long_log["folder"] / "gate"
    server = LiveServer(
        long_log["folder"],
        env={"ADMIRALTY_TEST_GATE": str(gate)},
        command=[sys.executable, "-c", GATED],
    ).start()
    answers: dict[str, requests.Response] = {}

    def ask(name: str, path: str, headers: dict[str, str]) -> None:
        answers[name] = requests.get(server.url + path, headers=headers, timeout=300)

    slow = {
        "page": (f"/api/campaigns/{long_log['id']}/events?since=1", _auth(long_log["red"])),
        "voyage": ("/api/voyage?" + "&".join(f"stop={s}" for s in FAR_STOPS), {}),
    }
    threads = [threading.Thread(target=ask, args=(n, *item)) for n, item in slow.items()]
    try:
        for thread in threads:
            thread.start()
        for name in slow:  # both are in the work now, held at the gate
            for _ in range(3000):
                if Path(f"{gate}.{name}").exists():
                    break
                time.sleep(0.02)
            assert Path(f"{gate}.{name}").exists(), f"the {name} never reached its work"
        assert requests.get(server.url + "/healthz", timeout=60).status_code == 200
        assert answers == {}  # still held: /healthz was answered meanwhile
        gate.touch()
        for thread in threads:
            thread.join(300)
        assert answers["page"].status_code == 200 and answers["page"].json()["events"]
        assert answers["voyage"].status_code == 200, answers["voyage"].text
    finally:
        gate.touch()
        server.stop()
