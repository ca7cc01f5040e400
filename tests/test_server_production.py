"""``admiralty serve`` as an operator runs it (issue 16, item 4): a production server (no
development-server warning, no version banner), SIGTERM with nothing acknowledged lost,
the read timeouts, a restart that rebuilds the campaigns from snapshots and the log."""

from __future__ import annotations

import signal
import socket

import requests

from tests.conftest import LiveServer
from tests.test_server_live import WAIT, Client, _campaign, _seat


def _log(url: str, cid: str, gm: str) -> list[int]:
    r = requests.get(
        f"{url}/api/campaigns/{cid}/log", headers={"Authorization": f"Bearer {gm}"}, timeout=WAIT
    )
    return [e["seq"] for e in r.json()["events"]]


def test_a_production_server_without_a_banner(live_server) -> None:
    r = requests.get(live_server.url + "/healthz", timeout=WAIT)
    assert r.json()["ready"] is True
    server = r.headers.get("Server", "")
    assert "Werkzeug" not in server and "Python" not in server and "/" not in server
    log = live_server.log.read_text()
    assert "gunicorn" in log and "gevent" in log
    assert "development server" not in log.lower() and "werkzeug" not in log.lower()


def test_sigterm_stops_gracefully_and_loses_nothing_acknowledged(tmp_path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        cid, gm_token = _campaign(server.url)
        pm = Client(server.url, cid, _seat(server.url, cid, gm_token, role="prime-minister"))
        acked = [pm.act("ready")["seq"] for _ in range(20)]
        pm.close()
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(30) == 0, "a clean exit"
        assert "Shutting down" in server.log.read_text()
        server = LiveServer(tmp_path).start()
        assert set(acked) <= set(_log(server.url, cid, gm_token))
    finally:
        server.stop()


def _read_all(sock: socket.socket) -> bytes:
    out = b""
    while chunk := sock.recv(4096):
        out += chunk
    return out


def test_slow_headers_and_bodies_are_let_go(tmp_path) -> None:
    server = LiveServer(tmp_path, "--read-timeout", "1").start()
    try:
        # headers never finished: the connection is closed, not held
        with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            assert _read_all(s) == b""
        # headers in, the body never sent: answered 408, in JSON
        with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as s:
            s.sendall(
                b"POST /api/campaigns HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"
            )
            answer = _read_all(s)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b'"ok": false' in answer
        # and the server still answers everyone else
        assert requests.get(server.url + "/healthz", timeout=WAIT).ok
    finally:
        server.stop()


def test_a_restart_rebuilds_every_campaign_as_it_was(tmp_path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        cid, gm_token = _campaign(server.url)
        gm = Client(server.url, cid, gm_token)
        for i in range(12):
            assert gm.act("resume" if i % 2 else "pause")["ok"]
        assert gm.act("note", text="Toulon sails")["ok"]
        gm.close()
        before = requests.get(
            f"{server.url}/api/campaigns/{cid}/state",
            headers={"Authorization": f"Bearer {gm_token}"},
            timeout=WAIT,
        ).json()
        server.kill()
        server = LiveServer(tmp_path).start()
        after = requests.get(
            f"{server.url}/api/campaigns/{cid}/state",
            headers={"Authorization": f"Bearer {gm_token}"},
            timeout=WAIT,
        ).json()
        assert after == before
    finally:
        server.stop()
