"""Every request answered, however malformed: raw Socket.IO packets over a real websocket,
a polling POST over the buffer, and REST bodies the database cannot hold (SQLite and
PostgreSQL), with a property test over every REST body."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import requests
import websocket
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.web.app import create_app
from server.web.packets import MAX_DEPTH, MAX_PAYLOAD, REFUSED, Packet, Refused, loads
from server.web.services import services
from tests.conftest import LiveServer
from tests.services import postgres_server

WAIT = 10.0  # seconds a live answer may take before the test gives up (not a speed target)


class RawSocket:
    """A Socket.IO client written by hand over websocket-client: it sends any text at all."""

    def __init__(self, url: str) -> None:
        self.address = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.ws = websocket.create_connection(self.address, timeout=WAIT)
        assert self.ws.recv().startswith("0{")  # Engine.IO's open
        self.ws.send("40")  # Socket.IO's connect to the main namespace
        assert self.ws.recv().startswith("40{")

    def send(self, text: str) -> None:
        self.ws.send(text)

    def ack(self, ack_id: int) -> Any:
        """The ack of ``ack_id`` (Engine.IO pings answered, events skipped)."""
        while True:
            text = self.ws.recv()
            if text == "2":
                self.ws.send("3")
            elif text.startswith(f"43{ack_id}["):
                return json.loads(text[len(f"43{ack_id}") :])[0]
            elif text.startswith("43"):
                raise AssertionError(f"an ack for another packet: {text[:200]}")

    def call(self, ack_id: int, event: str, data: Any) -> Any:
        self.send(f"42{ack_id}" + json.dumps([event, data]))
        return self.ack(ack_id)

    def close(self) -> None:
        self.ws.close()


DEEP = "[" * 1000 + "]" * 1000
BROKEN = [  # (what follows "42<id>", the start of the one error it earns)
    ('["act",{"type":', "the packet is not JSON"),
    ('["act",{"type":"note"', "the packet is not JSON"),
    ("not json at all", "the packet is not JSON"),
    ('["act",' + DEEP + "]", f"the packet is nested deeper than {MAX_DEPTH}"),
    (DEEP, f"the packet is nested deeper than {MAX_DEPTH}"),
    ('["act",{"type":"advance","days":' + "9" * 5000 + "}]", "the packet holds a whole number"),
    ('["join",{"campaign":"c","token":"t","since":-' + "1" * 4400 + "}]", "the packet holds"),
    ('{"type":"note"}', "an event is a list"),
    ("[]", "an event is a list"),
    ("[5]", "an event is a list"),
    ('"act"', "an event is a list"),
]
UNANSWERABLE = [  # no ack id can be read from these: refused, and nothing to answer
    "42" + "1" * 120 + '["act",{"type":"note","text":"x"}]',  # an id over 100 digits
    "49",  # no packet type a client sends
    "44" + '"connect error"',  # a CONNECT_ERROR is the server's to send
    "4",  # a message without a packet
    '42["act",' + DEEP + "]",  # no id asked: refused without an answer
]


def test_broken_socketio_packets_get_one_error_and_the_socket_plays_on(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        created = requests.post(server.url + "/api/campaigns", json={"seed": 3}, timeout=WAIT)
        campaign, token = created.json()["id"], created.json()["token"]
        raw = RawSocket(server.url)
        assert raw.call(1, "join", {"campaign": campaign, "token": token})["ok"]
        ack_id = 100
        for tail, message in BROKEN:
            ack_id += 1
            raw.send(f"42{ack_id}{tail}")
            ack = raw.ack(ack_id)
            assert ack["ok"] is False and ack["error"]["code"] == "invalid", (tail[:40], ack)
            assert ack["error"]["message"].startswith(message), (tail[:40], ack)
            assert "\n" not in ack["error"]["message"]
            ack_id += 1
            note = raw.call(ack_id, "act", {"type": "note", "text": f"after {ack_id}"})
            assert note["ok"] is True, note
        for text in UNANSWERABLE:
            raw.send(text)
            ack_id += 1
            note = raw.call(ack_id, "act", {"type": "note", "text": f"after {ack_id}"})
            assert note["ok"] is True, (text[:40], note)
        raw.close()
        for auth in ('{"token":', DEEP):  # a connect's broken auth: connected without it
            ws = websocket.create_connection(raw.address, timeout=WAIT)
            assert ws.recv().startswith("0{")
            ws.send("40" + auth)
            assert ws.recv().startswith("40{"), auth[:20]
            ws.close()
    finally:
        server.stop()
    log = server.log.read_text()
    assert "Traceback" not in log and "handler error" not in log, log[-3000:]


def test_a_polling_post_over_the_buffer_is_answered_413(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        polling = server.url + "/socket.io/?EIO=4&transport=polling"
        session = requests.Session()
        opened = session.get(polling, timeout=WAIT)
        sid = json.loads(opened.text[1:])["sid"]
        polling += f"&sid={sid}"
        assert session.post(polling, data="40", timeout=WAIT).text == "OK"
        assert session.get(polling, timeout=WAIT).text.startswith("40{")
        for size in (1025 * 1024, 3 * 1024 * 1024):  # over Engine.IO's buffer, 1 MiB
            r = session.post(polling, data="4" + "x" * size, timeout=WAIT)
            assert r.status_code == 413, (size, r.status_code, r.text[:200])
            assert r.json()["error"] == {
                "code": "invalid",
                "message": "a polling request is over 1024 KiB",
            }
        # the session was not touched: the next packet is answered on it
        assert session.post(polling, data='427["act",{"type":"pause"}]', timeout=WAIT).ok
        answer = session.get(polling, timeout=WAIT).text
        assert answer.startswith("437[") and json.loads(answer[3:])[0]["ok"] is False, answer
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()


@pytest.mark.parametrize(
    "text, reason",
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested deeper"),
        ('["' + "[" * 100 + '", {"a": [1]}]', None),  # brackets in a string are no nesting
        ('["\\"[[[[' + "[" * 100 + '"]', None),
        ("[" + "1" * 101 + "]", "whole number"),
        ("[-" + "1" * 100 + "]", None),
        ("[1e999, 1.5]", None),
        ('["a" ' + " " * 300_000 + "]", "over 256 KiB"),
        ("[1,]", "not JSON"),
        (b"\xff[1]", "not UTF-8"),
    ],
)
def test_the_packets_json_is_read_within_bounds(text: str | bytes, reason: str | None) -> None:
    if reason is None:
        assert loads(text) == json.loads(text)
    else:
        with pytest.raises(Refused, match=reason):
            loads(text)


@pytest.mark.parametrize("pad, refused", [(MAX_PAYLOAD - 100, False), (MAX_PAYLOAD, True)])
def test_an_event_over_64_kib_is_refused_as_it_is_read(pad: int, refused: bool) -> None:
    packet = Packet(encoded_packet='27["act",{"type":"note","text":"' + "x" * pad + '"}]')
    assert packet.id == 7  # the refusal is acked
    if refused:
        assert packet.data == [REFUSED, "payload over 64 KiB"]
    else:
        assert packet.data[0] == "act" and len(packet.data[1]["text"]) == pad


# -- REST: bad input is a 400 (or 404) in the one error shape, on every database ------------

HUGE = "9" * 5000  # past Python's 4,300 digits
BAD_BODIES = [  # (route, raw JSON body, a word of the one error)
    ("campaigns", '{"name": "\\ud800"}', "surrogate"),
    ("campaigns", '{"name": "Summer\\u0000"}', "NUL"),
    ("campaigns", '{"seed": 2147483648}', "'seed' must be from 0 to 2147483647, not 2147483648"),
    ("campaigns", '{"seed": 99999999999999999999}', "'seed' must be from 0 to 2147483647"),
    ("campaigns", '{"seed": ' + HUGE + "}", "JSON object"),
    ("campaigns", '{"year": -' + HUGE + "}", "JSON object"),
    ("campaigns", DEEP, "JSON object"),
    ("campaigns", '{"name": ' + DEEP + "}", "JSON object"),
    ("campaigns", '{"name": "' + "\\ud800" * 3 + '", "seed": 1}', "surrogate"),
    ("seats", '{"role": "observer", "name": "\\udfff"}', "surrogate"),
    ("seats", '{"role": "observer", "name": "a\\u0000"}', "NUL"),
    ("seats", '{"role": "captain", "ship": "\\u0000"}', "NUL"),
    ("seats", '{"role": "admiral", "squadron": "Red\\u0000"}', "NUL"),
    ("seats", '{"role": "observer", "name": ' + HUGE + "}", "JSON object"),
    ("seats", DEEP, "JSON object"),
    ("reissue", '{"name": "\\ud800x"}', "surrogate"),
    ("reissue", '{"name": "\\u0000"}', "NUL"),
    ("reissue", '{"name": ' + DEEP + "}", "JSON object"),
]
BAD_PATHS = [  # ids no campaign or seat has: answered, not searched for with a NUL in them
    "/api/campaigns/%00/state",
    "/api/campaigns/%ED%A0%80/state",
    "/api/campaigns/%F0%9F%98%80/log",
    "/api/campaigns/{id}/seats/%00/token",
    "/api/campaigns/{id}/seats/%ED%A0%80/token",
]


def _route(app: Flask, route: str) -> tuple[str, str]:
    """A path of ``route`` on a new campaign, and the campaign's GM token."""
    created = app.test_client().post("/api/campaigns", json={"seed": 2**31 - 1})
    assert created.status_code == 201, created.json
    campaign, token = created.json["id"], created.json["token"]
    seat = app.test_client().post(
        f"/api/campaigns/{campaign}/seats",
        json={"role": "observer"},
        headers={"Authorization": f"Bearer {token}"},
    )
    paths = {
        "campaigns": "/api/campaigns",
        "seats": f"/api/campaigns/{campaign}/seats",
        "reissue": f"/api/campaigns/{campaign}/seats/{seat.json['seat']}/token",
    }
    return paths[route], token


def _bad_input_is_refused(app: Flask) -> None:
    client = app.test_client()
    for route, body, word in BAD_BODIES:
        path, token = _route(app, route)
        campaign = path.split("/")[3] if route != "campaigns" else None
        log = f"/api/campaigns/{campaign}/log"
        auth = {"Authorization": f"Bearer {token}"}
        before = client.get(log, headers=auth).json if campaign else None
        r = client.post(path, data=body, content_type="application/json", headers=auth)
        assert r.status_code == 400, (route, body[:60], r.status_code, r.get_data()[:300])
        assert r.json["error"]["code"] == "invalid" and word in r.json["error"]["message"], (
            body[:60],
            r.json,
        )
        if campaign:  # nothing changed
            assert client.get(log, headers=auth).json == before
    path, token = _route(app, "seats")
    for bad in BAD_PATHS:
        url = bad.format(id=path.split("/")[3])
        method = client.post if url.endswith("/token") else client.get
        r = method(url, headers={"Authorization": f"Bearer {token}"}, json={})
        assert r.status_code in (400, 403, 404), (url, r.status_code, r.get_data()[:300])
        assert r.json["ok"] is False and r.json["error"]["code"] != "internal", (url, r.json)
    # the largest seed the column holds is taken and read back as it was given
    path, token = _route(app, "seats")
    log = client.get(
        f"/api/campaigns/{path.split('/')[3]}/log", headers={"Authorization": f"Bearer {token}"}
    )
    assert log.json["campaign"]["seed"] == 2**31 - 1


UNLIMITED = {"RATELIMIT_ENABLED": False}  # a campaign for each case, all from one address


def test_rest_bad_input_is_refused_on_sqlite(tmp_path: Path) -> None:
    _bad_input_is_refused(
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'bad.db'}", **UNLIMITED})
    )


@pytest.mark.postgres
def test_rest_bad_input_is_refused_on_postgresql() -> None:
    with postgres_server() as url:
        app = create_app({"DATABASE_URL": url, **UNLIMITED})
        try:
            _bad_input_is_refused(app)
        finally:
            services(app).store.engine.dispose()


# -- the property: any JSON body gets a JSON answer, 2xx or 4xx ------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = {  # the fields of the bodies with values that often pass, so that more runs deeper
    "name": st.text(max_size=12) | st.sampled_from(["Nelson", "\ud800", "a\x00b", " "]),
    "year": st.integers(1790, 1820),
    "seed": st.integers(-2, 2**33),
    "role": st.sampled_from(["observer", "admiral", "captain", "prime-minister", "gm", "king"]),
    "squadron": st.sampled_from(["Red", "blue", "White", "Green", "Blockade"]),
    "ship": st.sampled_from(["FG", "dr", "NE", "RO", "ZZ", "XXXXXXXXX"]),
}


@st.composite
def _bodies(draw: st.DrawFn) -> bytes | str:
    shape = draw(st.integers(0, 9))
    if shape == 0:  # any JSON document, an object or not
        return json.dumps(draw(JSON))
    if shape == 1:  # not JSON, or not UTF-8
        return draw(st.binary(max_size=20))
    body = {k: draw(v) for k, v in FIELDS.items() if draw(st.booleans())}
    if draw(st.integers(0, 4)) == 0:
        body[draw(st.text(max_size=6))] = draw(JSON)
    return json.dumps(body)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    route=st.sampled_from(["campaigns", "seats", "reissue"]),
    body=_bodies(),
    address=st.integers(1, 2**24 - 2),
)
def test_any_rest_body_gets_a_json_answer_never_a_500(payload_table, route, body, address):
    observer = _observer(payload_table)
    path = {
        "campaigns": "/api/campaigns",
        "seats": f"/api/campaigns/{payload_table.id}/seats",
        "reissue": f"/api/campaigns/{payload_table.id}/seats/{observer}/token",
    }[route]
    r = payload_table.app.test_client().post(
        path,
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {payload_table.gm_token}"},
        environ_base={"REMOTE_ADDR": f"10.{address >> 16}.{address >> 8 & 255}.{address & 255}"},
    )
    assert 200 <= r.status_code < 500, (route, body, r.status_code, r.get_data()[:300])
    assert r.is_json and (r.json.get("ok") is False) == (r.status_code >= 400), r.json
    if r.status_code >= 400:
        assert "\n" not in r.json["error"]["message"] and r.json["error"]["code"] != "internal"


_OBSERVERS: dict[str, str] = {}


def _observer(game: Any) -> str:
    """The id of an observer's seat in ``game`` for the reissues (made once per campaign)."""
    if game.id not in _OBSERVERS:
        _OBSERVERS[game.id] = game.seat("observer", name="The Times")[0]
    return _OBSERVERS[game.id]
