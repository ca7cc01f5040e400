"""The door of a process (server/web/drain.py): what a balancer is told to take elsewhere.
A new Engine.IO session is refused 503 ``not_ready`` while the process is not ready, and a
request of a session it does not hold always; its own sessions pass. (Live, through nginx,
with a rolling restart: tests/test_topology.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from server.web.services import services
from tests.server_helpers import new_app

POLLING = "/socket.io/?EIO=4&transport=polling"


def _refused(response: Any) -> None:
    assert response.status_code == 503
    assert response.json["error"]["code"] == "not_ready"
    assert int(response.headers["Retry-After"]) == response.json["error"]["retry_after"]


def test_the_door_refuses_new_sessions_until_ready_and_others_sessions_always(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path)
    client = app.test_client()
    opened = client.get(POLLING)
    assert opened.status_code == 200
    sid = json.loads(opened.get_data(as_text=True)[1:])["sid"]
    _refused(client.get(f"{POLLING}&sid=not-{sid}"))  # another process's: try the next
    services(app).ready.clear()  # warming up, or leaving
    _refused(client.get(POLLING))
    assert client.post(f"{POLLING}&sid={sid}", data="40").status_code == 200  # its own
    assert client.get("/").status_code == 200  # the pages are not the door's
    services(app).ready.set()
    assert client.get(POLLING).status_code == 200
