"""Operating the server (issue 16, item 8): /metrics, JSON logs without tokens, the online
backup, compressed answers; each through a live ``admiralty serve`` where it can be."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from server.cli import main as cli
from server.web.app import create_app
from server.web.logs import JsonFormatter, TextFormatter
from tests.conftest import ADMIRALTY, LiveServer
from tests.protocol_check import CheckedClient
from tests.test_server_live import WAIT, Client, _campaign, _seat
from tests.topology_helpers import on_events

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def _scrape(url: str, token: str | None = None) -> Samples:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.get(url + "/metrics", timeout=WAIT, headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"].startswith("text/plain")
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(r.text)
        for s in family.samples
    }


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def _total(samples: Samples, name: str) -> float:
    return sum(v for (n, _), v in samples.items() if n == name)


def _eventually(check: Callable[[], bool]) -> bool:
    """``check()`` once it holds (the server handles a disconnect on its own thread)."""
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# -- /metrics -------------------------------------------------------------------------------


def test_metrics_count_actions_events_sockets_and_database_time(live_server: LiveServer) -> None:
    url = live_server.url
    cid, gm_token = _campaign(url)
    pm = Client(url, cid, _seat(url, cid, gm_token, role="prime-minister"))
    gm = Client(url, cid, gm_token)
    try:
        before = _scrape(url)
        assert _value(before, "admiralty_sockets", campaign=cid) == 2
        assert _value(before, "admiralty_joins_total", result="ok") == 2
        assert pm.act("set_ships", digit=4)["ok"]
        assert pm.act("advance", days=2)["error"]["code"] == "forbidden"
        assert pm.sio.call("act", {"type": "fly"}, timeout=WAIT)["error"]["code"] == "invalid"
        assert pm.sio.call("act", "nonsense", timeout=WAIT)["error"]["code"] == "invalid"
        refused = pm.sio.call("join", {"campaign": cid, "token": "wrong"}, timeout=WAIT)
        assert refused["error"]["code"] == "forbidden"
        after = _scrape(url)
    finally:
        pm.close()
    assert _value(after, "admiralty_actions_total", type="set_ships", result="ok") == 1
    assert _value(after, "admiralty_actions_total", type="advance", result="forbidden") == 1
    assert _value(after, "admiralty_actions_total", type="unknown", result="invalid") == 2
    assert _value(after, "admiralty_act_seconds_count", type="set_ships") == 1
    assert _value(after, "admiralty_act_seconds_bucket", type="set_ships", le="+Inf") == 1
    assert _value(after, "admiralty_joins_total", result="forbidden") == 1
    sent = _total(after, "admiralty_events_sent_total") - _total(
        before, "admiralty_events_sent_total"
    )
    assert sent >= 2  # set_ships reached the GM's room and the PM's
    assert _total(after, "admiralty_db_seconds_count") > _total(
        before, "admiralty_db_seconds_count"
    )
    assert _value(after, "admiralty_db_seconds_count", transaction="write") > 0
    assert _value(after, "admiralty_db_seconds_count", transaction="read") > 0
    assert _eventually(lambda: _value(_scrape(url), "admiralty_sockets", campaign=cid) == 1)
    gm.close()
    assert _eventually(
        lambda: ("admiralty_sockets", frozenset({("campaign", cid)})) not in _scrape(url)
    )
    assert _value(_scrape(url), "process_resident_memory_bytes") > 0


def test_metrics_closed_behind_the_operator_token(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ADMIRALTY_ADMIN_TOKEN", "op-secret")
    client = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'm.db'}"}).test_client()
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "op-secret"}):
        r = client.get("/metrics", headers=headers)
        assert r.status_code == 403 and r.json["error"]["code"] == "forbidden", headers
    r = client.get("/metrics", headers={"Authorization": "Bearer op-secret"})
    assert r.status_code == 200 and b"admiralty_actions_total" in r.data
    monkeypatch.delenv("ADMIRALTY_ADMIN_TOKEN")
    open_app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'm.db'}"})
    assert open_app.test_client().get("/metrics").status_code == 200


# -- logs -----------------------------------------------------------------------------------


def test_every_log_line_is_json_without_a_token_and_one_line_an_act(tmp_path: Path) -> None:
    """Issue 30, item 5: joins, acts and bad requests (a python-socketio client on
    WebSocket with its token in its URL, an Engine.IO session that does not exist, a seat
    link): every line the server writes, python-engineio's and gunicorn's included, is one
    JSON object, none holds a token, and each act is one line with its campaign, seat,
    type, result, seq and time taken."""
    server = LiveServer(tmp_path, "--log-format", "json").start()
    try:
        url = server.url
        cid, gm_token = _campaign(url)
        pm_token = _seat(url, cid, gm_token, role="prime-minister")
        assert requests.get(f"{url}/play/{cid}?token={pm_token}", timeout=WAIT).ok
        sio = CheckedClient()
        sio.connect(f"{url}/?token={pm_token}", transports=["websocket"], wait_timeout=WAIT)
        try:
            early = sio.call("act", {"type": "ready"}, timeout=WAIT)  # before joining
            joined = sio.call("join", {"campaign": cid, "token": pm_token}, timeout=WAIT)
            sent = [{"type": "set_ships", "digit": 2}, {"type": "advance", "days": 2}, "nonsense"]
            acks = [sio.call("act", act, timeout=WAIT) for act in sent]
            wrong = sio.call("join", {"campaign": cid, "token": gm_token + "x"}, timeout=WAIT)
        finally:
            sio.disconnect()
        bogus = requests.post(
            f"{url}/socket.io/?EIO=4&transport=polling&sid=bogus&token={gm_token}",
            data=b"garbage",
            timeout=WAIT,
        )
        # a transport Engine.IO has not: refused by Engine.IO itself, which logs it
        pigeon = requests.get(
            f"{url}/socket.io/?EIO=4&transport=pigeon&token={gm_token}", timeout=WAIT
        )
        missing = requests.get(f"{url}/api/nowhere?token={gm_token}", timeout=WAIT)
        stranger = requests.get(
            f"{url}/api/seat", headers={"Authorization": f"Bearer {gm_token}x"}, timeout=WAIT
        )
    finally:
        server.stop()
    assert early["error"]["code"] == "forbidden" and joined["ok"] and acks[0]["ok"]
    assert [a["error"]["code"] for a in acks[1:]] == ["forbidden", "invalid"]
    assert wrong["error"]["code"] == "forbidden"
    # a session this process does not hold: 503, so nginx asks the process that does
    assert (bogus.status_code, missing.status_code, stranger.status_code) == (503, 404, 403)
    assert pigeon.status_code == 400
    text = server.log.read_text()
    assert gm_token not in text and pm_token not in text
    entries = [json.loads(line) for line in text.splitlines()]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= e.keys() for e in entries)
    loggers = {e["logger"] for e in entries}
    assert {"admiralty", "gunicorn.error", "gunicorn.access", "engineio.server"} <= loggers
    play = [e for e in entries if str(e.get("path", "")).startswith(f"/play/{cid}")]
    assert play and play[0]["path"] == f"/play/{cid}?token=<redacted>"
    assert play[0]["method"] == "GET" and play[0]["status"] == 200
    assert any(e.get("status") == 404 and e["level"] == "INFO" for e in entries)
    acts = [e for e in entries if e["logger"] == "admiralty.acts"]
    pm = joined["seat"]["id"]
    assert [(e["campaign"], e["seat"], e["type"], e["result"], e["seq"]) for e in acts] == [
        (None, None, "ready", "forbidden", None),
        (cid, pm, "set_ships", "ok", acks[0]["seq"]),
        (cid, pm, "advance", "forbidden", None),
        (cid, pm, "unknown", "invalid", None),
    ]
    assert all(isinstance(e["ms"], int | float) and e["ms"] >= 0 for e in acts)


def _record(
    message: str, *args: Any, name: str = "admiralty", exc: bool = False
) -> logging.LogRecord:
    exc_info = None
    if exc:
        try:
            raise ValueError("join {'campaign': 'c1', 'token': 'tok-IN-EXC'} failed")
        except ValueError:
            exc_info = sys.exc_info()
    return logging.LogRecord(name, logging.ERROR, __file__, 1, message, args or None, exc_info)


@pytest.mark.parametrize("formatter", [JsonFormatter(), TextFormatter()], ids=["json", "text"])
def test_formatters_redact_every_kind_of_token(formatter: logging.Formatter) -> None:
    records = [
        _record("received join %s", {"campaign": "c1", "token": "tok-DICT", "since": 0}),
        _record('received join {"campaign": "c1", "token": "tok-JSON"}'),
        _record("headers: %s", [("Authorization", "Bearer tok-HEADER")]),
        _record("Authorization: Bearer tok-PLAIN"),
        _record("upstream said bearer tok-BARE, retrying"),
        _record("GET /play/c1?x=1&token=tok-URL HTTP/1.1"),
        _record("redirect to %s", "/play/c1%3Ftoken%3Dtok-ENCODED"),
        _record("ADMIRALTY_ADMIN_TOKEN=tok-ENV in the environment"),
        _record("failure in join", exc=True),
    ]
    for record in records:
        out = formatter.format(record)
        assert "tok-" not in out, out
        assert "<redacted>" in out, out
        if isinstance(formatter, JsonFormatter):
            assert json.loads(out)["logger"] == "admiralty"


def test_json_lines_carry_a_records_extra_fields_redacted_however_deep() -> None:
    record = _record("act %s", "set_ships")
    record.__dict__.update(
        campaign="c1",
        seq=3,
        ms=1.5,
        payload={"token": "tok-DEEP", "said": ["Authorization: Bearer tok-LIST"]},
    )
    out = JsonFormatter().format(record)
    entry = json.loads(out)
    assert (entry["campaign"], entry["seq"], entry["ms"]) == ("c1", 3, 1.5)
    assert entry["message"] == "act set_ships" and "tok-" not in out


def test_json_lines_carry_gunicorn_and_werkzeug_request_fields() -> None:
    atoms = {"h": "10.0.0.7", "m": "GET", "U": "/play/c1", "q": "token=tok-G", "s": "200"}
    atoms |= {"B": 512, "L": "0.004", "a": "curl/8", "r": "GET /play/c1?token=tok-G HTTP/1.1"}
    gunicorn = logging.LogRecord(
        "gunicorn.access", logging.INFO, "", 0, '%(h)s "%(r)s"', (atoms,), None
    )
    entry = json.loads(JsonFormatter().format(gunicorn))
    assert entry["path"] == "/play/c1?token=<redacted>" and "tok-G" not in json.dumps(entry)
    assert (entry["method"], entry["status"], entry["bytes"], entry["remote"]) == (
        "GET",
        200,
        512,
        "10.0.0.7",
    )
    line = "127.0.0.1 - - [01/Dec/2026 10:00:00] %s %s %s"
    werkzeug = logging.LogRecord(
        "werkzeug",
        logging.INFO,
        "",
        0,
        line,
        ("\x1b[33mGET /x?token=tok-W HTTP/1.1\x1b[0m", "404", "-"),
        None,
    )
    entry = json.loads(JsonFormatter().format(werkzeug))
    assert entry["path"] == "/x?token=<redacted>" and entry["status"] == 404
    assert "\x1b" not in entry["message"] and "tok-W" not in entry["message"]


def test_configure_routes_every_logger_through_one_redacting_handler() -> None:
    from server.web import logs

    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    stream = io.StringIO()
    try:
        logs.configure("json", stream=stream)
        logs.configure("json", stream=stream)  # twice: still one handler
        logging.getLogger("admiralty").info("join %s", {"token": "tok-C"})
        logging.getLogger("werkzeug").info("GET /?token=tok-D")
    finally:
        for h in [h for h in root.handlers if h.get_name() == "admiralty"]:
            root.removeHandler(h)
        root.handlers[:0] = [h for h in saved[0] if h not in root.handlers]
        root.setLevel(saved[1])
    lines = stream.getvalue().splitlines()
    assert [json.loads(x)["logger"] for x in lines] == ["admiralty", "werkzeug"]
    assert "tok-" not in stream.getvalue()
    with pytest.raises(ValueError):
        logs.configure("xml")


# -- backup ---------------------------------------------------------------------------------


def _backup(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*ADMIRALTY, "backup", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def _write_until(client: Client, stop: threading.Event, acks: list[dict[str, Any]]) -> None:
    ready = False
    while not stop.is_set():
        ready = not ready
        acks.append(client.act("ready", ready=ready))


def _backups_while_writing(server: LiveServer, clients: list[Client]) -> list[tuple[Path, int]]:
    """Three backups taken while ``clients`` write; each with the last seq acked before it."""
    acks: list[dict[str, Any]] = []
    stop = threading.Event()
    writers = [threading.Thread(target=_write_until, args=(c, stop, acks)) for c in clients]
    for w in writers:
        w.start()
    copies = []
    try:
        assert _eventually(lambda: len(acks) >= 10)
        for i in range(3):
            done_before = max(a.get("seq", 0) for a in acks)
            result = _backup(server.tmp, str(server.tmp / f"copy-{i}.db"))
            assert result.returncode == 0, result.stderr
            assert result.stdout.startswith("backed up ")
            copies.append((server.tmp / f"copy-{i}.db", done_before))
    finally:
        stop.set()
        for w in writers:
            w.join()
    assert all(a["ok"] for a in acks), [a for a in acks if not a["ok"]][:3]
    return copies


def test_backup_while_the_server_writes_holds_every_acknowledged_event(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        url = server.url
        cid, gm_token = _campaign(url)
        roles = ("prime-minister", "first-sea-lord")
        clients = [Client(url, cid, _seat(url, cid, gm_token, role=r)) for r in roles]
        try:
            copies = _backups_while_writing(server, clients)
        finally:
            for c in clients:
                c.close()
        log = requests.get(
            f"{url}/api/campaigns/{cid}/log",
            timeout=WAIT,
            headers={"Authorization": f"Bearer {gm_token}"},
        ).json()["events"]
    finally:
        server.stop()
    counts = []
    for path, done_before in copies:
        assert not Path(f"{path}-wal").exists()  # one self-contained file
        conn = sqlite3.connect(path)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            rows = conn.execute(
                "SELECT seq, type, data FROM events WHERE campaign_id = ? ORDER BY seq", (cid,)
            ).fetchall()
        finally:
            conn.close()
        seqs = [r[0] for r in rows]
        assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= done_before
        assert [(r[1], json.loads(r[2])) for r in rows] == [
            (e["type"], e["data"]) for e in log[: len(rows)]
        ]
        counts.append(len(rows))
    assert counts[0] < len(log)  # taken while the writers still wrote


def test_backup_refuses_bad_input_with_one_line(tmp_path: Path, capsys) -> None:
    store = tmp_path / "store.db"
    create_app({"DATABASE_URL": f"sqlite:///{store}"})
    (tmp_path / "taken.db").write_text("mine")
    (tmp_path / "junk.db").write_text("not a database at all, not a database at all" * 100)
    sqlite3.connect(tmp_path / "other.db").execute("CREATE TABLE t (x)").connection.close()
    cases = {
        "no database at": [
            "--database",
            f"sqlite:///{tmp_path / 'none.db'}",
            str(tmp_path / "a.db"),
        ],
        "exists": ["--database", f"sqlite:///{store}", str(tmp_path / "taken.db")],
        "no directory": ["--database", f"sqlite:///{store}", str(tmp_path / "no" / "a.db")],
        "pg_dump": ["--database", "postgresql://u@localhost:5432/admiralty", "a.db"],
        "in-memory": ["--database", "sqlite://", str(tmp_path / "a.db")],
        "not a database URL": ["--database", "::nonsense::", str(tmp_path / "a.db")],
        "not a SQLite database": [
            "--database",
            f"sqlite:///{tmp_path / 'junk.db'}",
            str(tmp_path / "b.db"),
        ],
        "not an Admiralty store": [
            "--database",
            f"sqlite:///{tmp_path / 'other.db'}",
            str(tmp_path / "c.db"),
        ],
    }
    for expected, args in cases.items():
        assert cli(["backup", *args]) == 2, expected
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and expected in err, (expected, err)
    assert (tmp_path / "taken.db").read_text() == "mine"
    left = {p.name for p in tmp_path.iterdir() if not p.name.startswith("store.db-")}
    assert left == {"junk.db", "other.db", "store.db", "taken.db"}  # nothing written
    assert cli(["backup", "--database", f"sqlite:///{store}", str(tmp_path / "ok.db")]) == 0
    assert "0 campaigns, 0 events" in capsys.readouterr().out


# -- compression ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/rules", "/static/js/main.js", "/", "/vendor/plotly.min.js"])
def test_answers_are_compressed_and_decode_to_the_same_bytes(
    live_server: LiveServer, path: str
) -> None:
    url = live_server.url + path
    plain = requests.get(url, timeout=WAIT, headers={"Accept-Encoding": "identity"})
    assert plain.ok and "Content-Encoding" not in plain.headers
    for encoding in ("gzip", "br"):
        r = requests.get(url, timeout=WAIT, headers={"Accept-Encoding": encoding})
        assert r.headers["Content-Encoding"] == encoding and "Accept-Encoding" in r.headers["Vary"]
        assert r.content == plain.content  # requests decodes gzip and br
        etag = r.headers.get("ETag")
        if etag:  # the compressed copy's own validator still earns a 304
            again = requests.get(
                url, timeout=WAIT, headers={"Accept-Encoding": encoding, "If-None-Match": etag}
            )
            assert again.status_code == 304


@pytest.mark.parametrize("transport", ["polling", "websocket"])
def test_socketio_still_works_over_each_transport(live_server: LiveServer, transport: str) -> None:
    url = live_server.url
    cid, gm_token = _campaign(url)
    received: list[dict[str, Any]] = []
    got = threading.Event()
    sio = CheckedClient(reconnection=False)
    on_events(sio, lambda e: (received.append(e), got.set()))
    sio.connect(url, transports=[transport], wait_timeout=WAIT, headers={"Accept-Encoding": "gzip"})
    try:
        assert sio.transport() == transport
        ack = sio.call("join", {"campaign": cid, "token": gm_token, "since": 0}, timeout=WAIT)
        assert ack["ok"] and ack["state"]  # a join snapshot is large: over the compression floor
        note = sio.call("act", {"type": "note", "text": "x" * 3000}, timeout=WAIT)
        assert note["ok"], note
        assert got.wait(WAIT) and received[0]["seq"] == note["seq"]
    finally:
        sio.disconnect()
