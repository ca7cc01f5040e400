"""A protocol other clients can rely on (issue 30, item 6), against live servers with real
clients: client action ids (an act sent again answered as first, logged once, through any
process), every act of a seat limited across processes (Redis), a re-join's ack holding
each event once, malformed packets and out-of-range numbers each refused once with no
traceback, the security headers on Engine.IO's answers, and the protocol's version."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
import requests
import socketio
import websocket

from server import PROTOCOL_VERSION
from server.web.app import SECURITY_HEADERS
from tests.conftest import LiveServer
from tests.services import redis_server
from tests.test_server_bad_input import RawSocket
from tests.topology_helpers import on_events, wait_until

WAIT = 20.0  # seconds a live answer may take before the test gives up (not a speed target)


def _campaign(url: str, *roles: dict[str, Any]) -> tuple[str, str, list[str]]:
    """A new campaign: its id, the GM's token and a token for each seat of ``roles``."""
    created = requests.post(url + "/api/campaigns", json={"seed": 3}, timeout=WAIT).json()
    gm = {"Authorization": f"Bearer {created['token']}"}
    tokens = []
    for body in roles:
        seats = f"{url}/api/campaigns/{created['id']}/seats"
        tokens.append(requests.post(seats, json=body, headers=gm, timeout=WAIT).json()["token"])
    return created["id"], created["token"], tokens


class Seat:
    """A seat's python-socketio client: joined, the seqs of the events it received live
    (``live``) and of those its re-joins' acks held (``acked``)."""

    def __init__(self, url: str, campaign: str, token: str) -> None:
        self.campaign, self.token = campaign, token
        self.live: list[int] = []
        self.acked: list[int] = []
        self.lock = threading.Lock()
        self.sio = socketio.Client(reconnection=False, handle_sigint=False)
        on_events(self.sio, self._event)
        self.sio.connect(url, transports=["websocket"], wait_timeout=WAIT)
        self.ack = self.join(0)
        self.first = self.ack["seq"]

    def _event(self, payload: dict[str, Any]) -> None:
        if "type" in payload:  # one it may see (a bare seq is in no ack)
            with self.lock:
                self.live.append(payload["seq"])

    def join(self, since: int) -> dict[str, Any]:
        ack = self.sio.call(
            "join", {"campaign": self.campaign, "token": self.token, "since": since}, timeout=WAIT
        )
        assert ack["ok"], ack
        with self.lock:
            self.acked += [e["seq"] for e in ack.get("events", [])]
        return ack

    def act(self, payload: dict[str, Any]) -> dict[str, Any]:
        return self.sio.call("act", payload, timeout=WAIT)

    def seen(self) -> int:
        with self.lock:
            return max([self.first, *self.live, *self.acked])

    def close(self) -> None:
        self.sio.disconnect()


def _log(url: str, campaign: str, gm_token: str) -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {gm_token}"}
    r = requests.get(f"{url}/api/campaigns/{campaign}/log", headers=headers, timeout=WAIT)
    return r.json()["events"]


def _clean(*servers: LiveServer) -> None:
    for server in servers:
        log = server.log.read_text()
        assert "Traceback" not in log and "handler error" not in log, log[-3000:]


# -- action ids, and every act limited, through two processes -------------------------------


@pytest.mark.redis
def test_two_processes_answer_an_action_id_once_and_share_each_seats_limits(
    tmp_path: Path,
) -> None:
    with redis_server() as redis:
        env = {"ADMIRALTY_RATELIMIT_STORAGE_URI": redis, "ADMIRALTY_ACT_RATE_LIMIT": "30/minute"}
        # one database (the folder's admiralty.db), one Redis for the counts
        one, two = LiveServer(tmp_path, env=env).start(), LiveServer(tmp_path, env=env).start()
        try:
            campaign, gm_token, (pm_token,) = _campaign(one.url, {"role": "prime-minister"})
            gm_one, gm_two = Seat(one.url, campaign, gm_token), Seat(two.url, campaign, gm_token)
            pm_one, pm_two = Seat(one.url, campaign, pm_token), Seat(two.url, campaign, pm_token)
            # an act sent again with its id: the first ack, through either process
            note = {"type": "note", "text": "the first", "action_id": "note-1"}
            first = gm_one.act(note)
            assert first["ok"] is True, first
            assert gm_one.act(note) == first
            assert gm_two.act({**note, "text": "another text, the same id"}) == first
            # a refusal sent again: the same refusal (not decided again here)
            early = {"type": "advance", "days": 1, "action_id": "adv-1"}
            refused = gm_one.act(early)
            assert refused["ok"] is False and refused["error"]["code"] == "wrong_phase"
            assert gm_one.act(early) == refused
            # the id is the seat's own: another seat's same id is another act
            assert pm_one.act({"type": "ready", "action_id": "note-1"})["ok"] is True
            for bad in ("", "x" * 65, "a b", 7, None, "\u00e9"):
                ack = gm_one.act({"type": "note", "text": "x", "action_id": bad})
                assert ack["error"]["code"] == "invalid" and "action_id" in ack["error"]["message"]
            notes = [e for e in _log(one.url, campaign, gm_token) if e["type"] == "note"]
            assert [n["data"]["text"] for n in notes] == ["the first"], notes
            assert notes[0]["seq"] == first["seq"]

            # table talk, 10 messages a minute a seat: 10 of 16 sent through both processes
            said = [
                (pm_one if n % 2 else pm_two).act({"type": "say", "to": "all", "text": f"m{n}"})
                for n in range(16)
            ]
            codes = [a["error"]["code"] if not a["ok"] else "ok" for a in said]
            assert codes.count("ok") == 10 and codes.count("too_many") == 6, codes
            # every act, 30 a minute a seat: the pm's 1 + 16 acts so far, 13 more, then no
            acts = [(pm_one if n % 2 else pm_two).act({"type": "ready"}) for n in range(16)]
            limited = [a for a in acts if not a["ok"] and a["error"]["code"] == "rate_limited"]
            assert len(acts) - len(limited) == 13 and len(limited) == 3, acts
            assert "at most 30 acts a minute a seat; retry in" in limited[0]["error"]["message"]
            assert gm_two.act({"type": "note", "text": "the GM's own count"})["ok"] is True
            for seat in (gm_one, gm_two, pm_one, pm_two):
                seat.close()
        finally:
            one.stop()
            two.stop()
    _clean(one, two)


# -- a re-join's ack, and the live events: each event once ------------------------------------


def test_a_rejoin_ack_holds_each_event_once(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        campaign, gm_token, tokens = _campaign(
            server.url, *({"role": "observer", "name": f"press {n}"} for n in range(3))
        )
        gm = Seat(server.url, campaign, gm_token)
        seats = [Seat(server.url, campaign, token) for token in tokens]
        acts = 90
        done: list[dict[str, Any]] = []

        def play() -> None:  # public events, one after another, while the seats re-join
            for n in range(acts):
                done.append(gm.act({"type": "pause" if n % 2 == 0 else "resume"}))

        player = threading.Thread(target=play, daemon=True)
        player.start()
        rejoins = 0
        while player.is_alive() and rejoins < 60:
            for seat in seats:  # from the last seq it saw, as a client catching up does
                seat.join(seat.seen())
                rejoins += 1
        player.join(WAIT * 4)
        assert len(done) == acts and all(a["ok"] for a in done), done[-3:]
        last = done[-1]["seq"]
        for seat in seats:
            assert wait_until(lambda seat=seat: seat.seen() >= last, WAIT), seat.seen()
            assert set(seat.live).isdisjoint(seat.acked), sorted(set(seat.live) & set(seat.acked))
            received = sorted(seat.live + seat.acked)
            assert received == list(range(seat.first + 1, last + 1)), "each event once"
        assert rejoins >= len(seats)
        for seat in (gm, *seats):
            seat.close()
    finally:
        server.stop()
    _clean(server)


# -- malformed packets and numbers: one refusal each, no traceback ----------------------------


def test_bad_packets_and_numbers_are_refused_once_and_the_socket_plays_on(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        campaign, gm_token, _ = _campaign(server.url)
        raw = RawSocket(server.url)
        join = {"campaign": campaign, "token": gm_token}
        for since in (2**63, 2**64, 10**30):
            ack = raw.call(1, "join", {**join, "since": since})
            assert ack["error"]["code"] == "invalid" and "'since'" in ack["error"]["message"]
        joined = raw.call(2, "join", {**join, "since": 2**63 - 1})
        assert joined["ok"] is True and joined["events"] == [], joined
        assert joined["protocol"] == PROTOCOL_VERSION
        schema = requests.get(server.url + "/api/schema", timeout=WAIT).json()
        assert schema["protocol"] == PROTOCOL_VERSION
        unknown = raw.call(3, "fire_all_guns", {"type": "note"})
        assert unknown["ok"] is False and unknown["error"]["code"] == "invalid", unknown
        assert "unknown event 'fire_all_guns'" in unknown["error"]["message"]
        # a packet over 256 KiB (under Engine.IO's 1 MiB): refused, the socket kept
        raw.send('424["act",{"type":"note","text":"' + "x" * 300_000 + '"}]')
        big = raw.ack(4)
        assert big["error"] == {"code": "invalid", "message": "the packet is over 256 KiB"}, big
        assert raw.call(5, "act", {"type": "note", "text": "still here"})["ok"] is True
        raw.close()

        # an empty WebSocket message: Engine.IO's protocol broken, the connection closed
        # with a close frame saying so; the server goes on
        ws = websocket.create_connection(raw.address, timeout=WAIT)
        assert ws.recv().startswith("0{")
        ws.send("")
        frame = ws.recv_frame()
        while frame.opcode != websocket.ABNF.OPCODE_CLOSE:  # (a ping first, maybe)
            frame = ws.recv_frame()
        assert int.from_bytes(frame.data[:2], "big") == 1002, frame.data
        ws.close()
        again = RawSocket(server.url)
        assert again.call(6, "join", join)["ok"] is True
        again.close()
    finally:
        server.stop()
    _clean(server)


GARBAGE = [  # long-polling bodies that are no Engine.IO payload
    b"garbage",
    b"\xff\xfe",
    b"\x1e\x1e",
    b"42\x1e",
    b"0",
    b"9",
]


def test_bad_http_is_answered_in_the_one_shape_with_the_security_headers(
    tmp_path: Path,
) -> None:
    server = LiveServer(tmp_path).start()
    try:
        url = server.url
        polling = url + "/socket.io/?EIO=4&transport=polling"
        session = requests.Session()
        opened = session.get(polling, timeout=WAIT)
        for name, value in SECURITY_HEADERS.items():  # Engine.IO's answers too
            assert opened.headers.get(name) == value, (name, opened.headers)
        polling += "&sid=" + json.loads(opened.text[1:])["sid"]
        assert session.post(polling, data="40", timeout=WAIT).text == "OK"
        assert session.get(polling, timeout=WAIT).text.startswith("40{")
        for body in GARBAGE:
            r = session.post(polling, data=body, timeout=WAIT)
            assert r.status_code == 400, (body, r.status_code, r.text)
            assert r.json()["error"]["code"] == "invalid", r.json()
            assert r.headers["X-Frame-Options"] == "DENY"
        # a packet over 256 KiB by long-polling: refused with its ack; the session kept
        r = session.post(polling, data='427["act",' + '"' + "x" * 300_000 + '"]', timeout=WAIT)
        assert r.text == "OK", r.text
        answer = session.get(polling, timeout=WAIT).text
        assert answer.startswith("437[") and json.loads(answer[3:])[0]["error"] == {
            "code": "invalid",
            "message": "the packet is over 256 KiB",
        }, answer[:200]

        # a header over gunicorn's bound: its answer, in the one shape
        big_header = requests.get(url + "/api/config", headers={"X": "a" * 20_000}, timeout=WAIT)
        assert big_header.status_code == 431, big_header.text
        assert big_header.json()["error"] == {
            "code": "invalid",
            "message": "request header fields too large",
        }
        wrong = requests.get(url + "/api/campaigns", timeout=WAIT)
        assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "method_not_allowed"
        assert "POST" in wrong.headers["Allow"]

        def chunks(size: int) -> Any:  # no Content-Length: sent chunked
            body = json.dumps({"name": "x" * size}).encode()
            for at in range(0, len(body), 8192):
                yield body[at : at + 8192]

        as_json = {"Content-Type": "application/json"}
        big = requests.post(
            url + "/api/campaigns", data=chunks(70_000), headers=as_json, timeout=WAIT
        )
        assert big.status_code == 413 and big.json()["error"]["code"] == "invalid", big.text
        small = requests.post(
            url + "/api/campaigns", data=chunks(20), headers=as_json, timeout=WAIT
        )
        assert small.status_code == 201, small.text
        gm = {"Authorization": f"Bearer {small.json()['token']}", **as_json}
        officers = f"{url}/api/campaigns/{small.json()['id']}/officers"
        for name in ("Jack\u0000Aubrey", "Jack \ud800"):
            body = json.dumps({"officer": {"name": name}}).encode()  # \\u escapes: as sent
            r = requests.post(officers, data=body, headers=gm, timeout=WAIT)
            assert r.status_code == 400, r.text
            assert r.json()["error"] == {
                "code": "invalid",
                "message": "'officer.name' may hold no NUL and no lone surrogate",
            }
    finally:
        server.stop()
    _clean(server)
