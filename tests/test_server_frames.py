"""No WebSocket frame is ever cut (issue 30, item 2): under ``admiralty serve`` every byte of
a frame is written, whatever its size and however slowly the client reads.

The reader here is a raw socket with a small receive buffer, speaking WebSocket through
wsproto and Engine.IO/Socket.IO by hand (``docs/protocol.md``'s path), that pauses before it
reads and then reads a few KiB at a time: the server's writes find the socket's buffers full,
as they do with a player on a slow line. What it receives must parse, frame by frame, and
hold exactly what the server meant to send.
"""

from __future__ import annotations

import json
import socket
import time
from collections import deque
from typing import Any

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Ping, Request, TextMessage

from tests.conftest import LiveServer
from tests.test_server_live import Client, _campaign

WAIT = 15.0  # seconds without a byte before the reader gives up (not a speed target)
BUFFER = 8 * 1024  # the reader's receive buffer: a slow line's
CHUNK = 4 * 1024  # what it reads at a time
PAUSE = 0.001  # and how long it waits between reads
NOTES_BEFORE = 60  # the GM's notes in the join ack's state: over 5 MB of JSON
NOTES_AFTER = 25  # and those sent live while the reader is not reading
SHIP = "\U0001f6a2"  # twelve bytes of JSON (a surrogate pair escaped): a text of 48 KB


def _note(i: int) -> str:
    prefix = f"note {i}: "
    return prefix + SHIP * (4000 - len(prefix))  # the longest note a payload takes


class SlowReader:
    """A Socket.IO client over a raw WebSocket that reads slowly."""

    def __init__(self, port: int) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)
        self.sock.settimeout(WAIT)
        self.sock.connect(("127.0.0.1", port))
        self.ws = WSConnection(ConnectionType.CLIENT)
        target = "/socket.io/?EIO=4&transport=websocket"
        self.sock.sendall(self.ws.send(Request(host=f"127.0.0.1:{port}", target=target)))
        self.messages: deque[str] = deque()
        self.part: list[str] = []
        self.longest = 0

    def send(self, text: str) -> None:
        self.sock.sendall(self.ws.send(TextMessage(data=text)))

    def message(self) -> str:
        """The next Engine.IO message (pings answered), read a chunk at a time."""
        while not self.messages:
            time.sleep(PAUSE)
            try:
                data = self.sock.recv(CHUNK)
            except TimeoutError:
                got = sum(len(p) for p in self.part)
                raise AssertionError(f"a frame stopped after {got} characters") from None
            assert data, "the server closed the socket"
            self.ws.receive_data(data)
            for event in self.ws.events():
                self._take(event)
        return self.messages.popleft()

    def _take(self, event: Any) -> None:
        if isinstance(event, Ping):
            self.sock.sendall(self.ws.send(event.response()))
        elif isinstance(event, CloseConnection):  # wsproto's own when a frame is broken
            raise AssertionError(f"the WebSocket broke: {event.code} {event.reason}")
        elif isinstance(event, TextMessage):
            self.part.append(event.data)
            if event.message_finished:
                text, self.part = "".join(self.part), []
                self.longest = max(self.longest, len(text.encode()))
                if text == "2":  # Engine.IO's ping
                    self.send("3")
                else:
                    self.messages.append(text)
        else:
            assert isinstance(event, AcceptConnection), event

    def close(self) -> None:
        self.sock.close()


def _notes_of(message: str) -> list[dict[str, Any]]:
    """The note events a Socket.IO ``event`` or ``events`` message carries."""
    assert message.startswith("42"), message[:80]
    name, payload = json.loads(message[2:])
    payloads = payload if name == "events" else [payload] if name == "event" else []
    return [p for p in payloads if p["type"] == "note"]


def test_a_slow_reader_gets_every_byte_of_a_5_mb_join_ack_and_the_events_after(
    live_server: LiveServer,
) -> None:
    url = live_server.url
    cid, gm_token = _campaign(url)
    texts = [_note(i) for i in range(NOTES_BEFORE + NOTES_AFTER)]
    gm = Client(url, cid, gm_token)
    reader = SlowReader(live_server.port)
    try:
        for text in texts[:NOTES_BEFORE]:
            assert gm.act("note", text=text)["ok"]
        assert reader.message().startswith("0{")  # Engine.IO's open
        reader.send("40")
        assert reader.message().startswith("40{")  # Socket.IO's connect
        join = {"campaign": cid, "token": gm_token, "since": 0}
        reader.send("420" + json.dumps(["join", join]))
        # the GM notes on while the reader reads nothing: its buffers fill with the ack
        # and the events behind it, and every write of the server's finds them full
        for text in texts[NOTES_BEFORE:]:
            assert gm.act("note", text=text)["ok"]
        message = reader.message()
        while not message.startswith("430"):  # presence and the like before the ack
            message = reader.message()
        assert len(message.encode()) > 5_000_000
        ack = json.loads(message[3:])[0]
        assert ack["ok"], ack
        got = [note["text"] for note in ack["state"]["notes"]]
        seq = ack["seq"]
        while len(got) < len(texts):
            for event in _notes_of(reader.message()):
                assert event["seq"] > seq, (event["seq"], seq)
                seq = event["seq"]
                got.append(event["data"]["text"])
        assert got == texts
    finally:
        reader.close()
        gm.close()
