"""The turn clock with two ``admiralty serve`` processes on one database and one message
queue (issue 14 item 6): a deadline a few seconds ahead advances the game exactly once,
whichever process's clock beats first, and every seat on either process is told."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests

from tests.conftest import LiveServer
from tests.services import postgres_server, redis_server
from tests.test_server_live import WAIT, Client, _campaign, _seat


@contextmanager
def _sqlite(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'shared.db'}"


@pytest.mark.redis
@pytest.mark.parametrize(
    "database", [_sqlite, pytest.param(None, marks=pytest.mark.postgres)], ids=["sqlite", "pg"]
)
def test_a_deadline_advances_the_game_exactly_once_across_two_processes(
    tmp_path: Path, database
) -> None:
    store = database(tmp_path) if database else postgres_server()
    with store as db, redis_server() as queue_url:
        servers = [
            LiveServer(tmp_path, "--database", db, "--message-queue", queue_url).start()
            for _ in range(2)
        ]
        one, two = servers
        clients: list[Client] = []
        try:
            cid, gm_token = _campaign(one.url)
            gm = Client(one.url, cid, gm_token)
            red = Client(
                two.url, cid, _seat(one.url, cid, gm_token, role="admiral", squadron="Red")
            )
            clients += [gm, red]
            assert gm.act("roll_force")["ok"]
            when = datetime.now(UTC) + timedelta(seconds=3)
            ack = gm.act("set_deadline", deadline=when.isoformat().replace("+00:00", "Z"))
            assert ack["ok"]
            # the advance comes by itself, to the seat on the other process too
            moved = red.event(ack["seq"] + 1)
            assert moved["type"] == "advance" and moved["due"] == "deadline"
            assert datetime.fromisoformat(moved["at"].replace("Z", "+00:00")) >= when
            assert gm.event(ack["seq"] + 1)["type"] == "advance"
            time.sleep(2.5)  # five beats of each process's clock: nothing more is due
            log = requests.get(
                f"{two.url}/api/campaigns/{cid}/log",
                headers={"Authorization": f"Bearer {gm_token}"},
                timeout=WAIT,
            ).json()["events"]
            clocked = [e for e in log if e["seat"] is None and e["type"] != "campaign_created"]
            assert [(e["type"], e["data"]["due"]) for e in clocked] == [("advance", "deadline")]
            assert log[-1]["seq"] == ack["seq"] + 1
            state = requests.get(
                f"{one.url}/api/campaigns/{cid}/state",
                headers={"Authorization": f"Bearer {gm_token}"},
                timeout=WAIT,
            ).json()["state"]
            assert state["day"] == 1 and state["deadline"] is None  # the GM's deadline, spent
        finally:
            for client in clients:
                client.close()
            for server in servers:
                server.stop()
