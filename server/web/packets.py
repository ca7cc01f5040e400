"""Socket.IO packets read within bounds: a broken packet is answered, never a traceback.

python-socketio decodes a packet's JSON before any handler of ours runs, and logs a
traceback for whatever its decoder raises (broken JSON, nesting past the parser, an integer
past Python's 4,300 digits). :class:`Packet` (``socketio.Server(serializer=Packet)``) reads
the JSON with :func:`loads`, which refuses before parsing a text over :data:`MAX_CHARS` or
nested deeper than :data:`MAX_DEPTH`, and while parsing an integer of more than
:data:`MAX_DIGITS` digits; an event over :data:`MAX_PAYLOAD` (its packet's length, known
here without encoding the payload again) is refused too. A packet so refused, or one that
is no event a handler can take, becomes the event :data:`REFUSED` carrying the one-line
reason, keeping the packet's ack id: its :func:`refused` handler acks it with one
``invalid`` error, as a malformed ``act`` is.

A packet whose header itself is broken (no type, an id of over 100 digits, a bad attachment
count) has no ack id that can be read: it is refused without an answer (logged on one line).
A connect whose auth data is broken connects without it (Admiralty reads no auth there).

:class:`PollingLimit` answers a long-polling POST over the Engine.IO buffer
(:data:`MAX_MESSAGE`) with a JSON 413 before Engine.IO sees it (Engine.IO itself would close
the session and wait for a poll to take the close packet: the POST got no answer), and one
whose body is no Engine.IO payload (not UTF-8, an empty packet, no packet type a client
sends) with a JSON 400 (Engine.IO would log a traceback and answer ``OK``, or close the
session). The session is kept either way. A WebSocket message over :data:`MAX_CHARS`, up to
:data:`MAX_MESSAGE`, reaches :class:`Packet` and is refused as any broken packet is.
"""

from __future__ import annotations

import io
import json
import logging
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

from engineio import packet as eio_packet
from engineio import payload as eio_payload
from socketio import packet as sio_packet

from server.web.errors import error_body

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_MESSAGE",
    "MAX_PAYLOAD",
    "REFUSED",
    "Packet",
    "PollingLimit",
    "Refused",
    "dumps",
    "loads",
    "refused",
]

MAX_CHARS = 256 * 1024  # the longest packet read: a longer one is refused ``invalid``
#: Engine.IO's max_http_buffer_size (its open packet's ``maxPayload``): a WebSocket message
#: up to it is read and refused; past it Engine.IO closes the connection
MAX_MESSAGE = 1024 * 1024
MAX_DEPTH = 32  # the deepest payload of the protocol is 4 (the event, its payload, a place)
MAX_DIGITS = 100  # Engine.IO's own bound on a whole number
MAX_PAYLOAD = 64 * 1024  # an event's packet: the longest act (a note) is a few KiB
REFUSED = "admiralty.refused"
log = logging.getLogger("admiralty")

dumps = json.dumps
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # a string (skipped) or a bracket
_KNOWN = frozenset(range(len(sio_packet.packet_names))) - {sio_packet.CONNECT_ERROR}
#: the Engine.IO packets a client sends
_CLIENT_EIO = frozenset(
    {eio_packet.CLOSE, eio_packet.PONG, eio_packet.MESSAGE, eio_packet.UPGRADE, eio_packet.NOOP}
)


class Refused(ValueError):
    """A packet's JSON refused: ``str(exc)`` is the one-line reason."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Refused(f"the packet holds a whole number of more than {MAX_DIGITS} digits")
    return int(text)


def _check_depth(text: str) -> None:
    """Refuse ``text`` nested deeper than :data:`MAX_DEPTH`, brackets in strings aside."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return  # too few brackets to be too deep: no scan
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise Refused(f"the packet is nested deeper than {MAX_DEPTH}")
        elif bracket in ("]", "}"):
            depth -= 1


def loads(text: str | bytes, **options: Any) -> Any:
    """``json.loads`` within the bounds, or :class:`Refused` (a ``ValueError``)."""
    if len(text) > MAX_CHARS:
        raise Refused(f"the packet is over {MAX_CHARS // 1024} KiB")
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("the packet is not UTF-8") from None
    _check_depth(text)
    try:
        return json.loads(text, parse_int=_whole, **options)
    except json.JSONDecodeError as exc:
        raise Refused(f"the packet is not JSON: {exc.msg} at character {exc.pos}") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise Refused("the packet is nested past the parser") from None


class Packet(sio_packet.Packet):
    """A Socket.IO packet decoded by :func:`loads`; what cannot be handled is :data:`REFUSED`."""

    data: Any

    def __init__(self, *args: Any, encoded_packet: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, encoded_packet=encoded_packet, **kwargs)
        if encoded_packet is not None and not encoded_packet:  # never decoded: no data
            self._refuse("the packet is empty")

    def decode(self, encoded_packet: Any) -> int:
        try:
            attachments = int(super().decode(encoded_packet) or 0)
        except (ValueError, TypeError) as exc:
            # the header is read before the JSON, so an id read is kept and the refusal is
            # acked; a header too broken to give one (self.id stays None) is not
            if not isinstance(exc, Refused):
                self.id = None  # e.g. an id of over 100 digits, cut at 100: not the client's
                return self._refuse("the packet's header is broken")
            if self.packet_type == sio_packet.CONNECT:  # broken auth: Admiralty takes none
                self.data = None  # (join carries the token), so connect without it
                return 0
            return self._refuse(str(exc))
        if self.packet_type not in _KNOWN:
            return self._refuse("the packet is of no type a client sends")
        if self.packet_type in (sio_packet.EVENT, sio_packet.BINARY_EVENT) and not (
            isinstance(self.data, list) and self.data and isinstance(self.data[0], str)
        ):
            return self._refuse("an event is a list: [name, ...arguments]")
        if self.packet_type == sio_packet.EVENT and len(encoded_packet) > MAX_PAYLOAD:
            return self._refuse(f"payload over {MAX_PAYLOAD // 1024} KiB")
        return attachments

    def _refuse(self, reason: str) -> int:
        self.packet_type, self.data = sio_packet.EVENT, [REFUSED, reason]
        return 0


# this module is the packets' JSON module (``dumps`` and ``loads``), as python-socketio takes one
Packet.json = sys.modules[__name__]


def refused(sid: str, reason: str = "", *_extra: Any) -> dict[str, Any]:
    """The :data:`REFUSED` event's handler (python-socketio's, given the socket's id): one
    ``invalid`` error (the ack, if one was asked)."""
    log.info("refused a Socket.IO packet from %s: %s", sid, reason)
    message = reason if isinstance(reason, str) and reason else "the packet is malformed"
    return error_body("invalid", message)


def payload_refusal(body: bytes) -> str | None:
    """Why a long-polling POST's ``body`` is no Engine.IO payload a client sends, or None.

    >>> payload_refusal(b'42["act",{}]\x1e3')
    >>> payload_refusal(b"garbage")
    'the polling body is no Engine.IO payload: a packet of no type a client sends'
    """
    try:
        packets = eio_payload.Payload(encoded_payload=body.decode("utf-8")).packets
    except UnicodeDecodeError:
        return "the polling body is not UTF-8"
    except (ValueError, TypeError, IndexError, KeyError) as exc:  # engineio's decoding
        reason = "a packet of no type a client sends" if "invalid literal" in str(exc) else exc
        return f"the polling body is no Engine.IO payload: {reason}"
    if any(p.packet_type not in _CLIENT_EIO for p in packets):
        return "the polling body is no Engine.IO payload: a packet of no type a client sends"
    return None


class PollingLimit:
    """WSGI middleware: a POST to ``path`` over ``limit`` bytes gets a JSON 413 at once;
    one whose body :func:`payload_refusal` refuses a JSON 400.

    The body is read and dropped first (up to :attr:`drain` bytes) so that the client,
    still sending, is not cut off by a reset before it reads the answer.
    """

    drain = 1024 * 1024

    def __init__(self, app: Callable[..., Iterable[bytes]], limit: int, path: str) -> None:
        self.app, self.limit, self.path = app, limit, path

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("REQUEST_METHOD") != "POST" or not str(
            environ.get("PATH_INFO", "")
        ).startswith(self.path):
            return self.app(environ, start_response)
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = self.limit + 1
        if length <= self.limit:
            body = environ["wsgi.input"].read(length)
            environ["wsgi.input"] = io.BytesIO(body)  # read again by Engine.IO
            if (refusal := payload_refusal(body)) is None:
                return self.app(environ, start_response)
            return _refuse(start_response, "400 Bad Request", refusal)
        _discard(environ["wsgi.input"], min(length, self.drain))
        message = f"a polling request is over {self.limit // 1024} KiB"
        # the rest is unread: this connection cannot carry another
        closing = [("Connection", "close")] if length > self.drain else []
        return _refuse(start_response, "413 Request Entity Too Large", message, closing)


def _refuse(
    start_response: Callable[..., Any],
    status: str,
    message: str,
    extra: list[tuple[str, str]] | None = None,
) -> list[bytes]:
    """A JSON answer of one ``invalid`` error."""
    body = json.dumps(error_body("invalid", message)).encode()
    headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    start_response(status, headers + (extra or []))
    return [body]


def _discard(stream: Any, length: int) -> None:
    while length > 0:
        chunk = stream.read(min(length, 64 * 1024))
        if not chunk:
            return
        length -= len(chunk)
