"""WebSocket frames written whole, whatever their size and the reader's speed.

python-engineio serves the WebSocket transport through simple-websocket, which finds the
connection's socket in the WSGI environ (``gunicorn.socket`` under ``admiralty serve``,
``werkzeug.socket`` under Werkzeug's server) and writes each frame with one
``socket.send()``, never looking at how many bytes it took (simple-websocket 1.1.0,
``ws.py``; upstream issue miguelgrinberg/simple-websocket#45, fixed in no release). A
socket takes what its buffers hold: a frame larger than that, or any frame once a slow
reader has let the buffers fill, was cut, and the stream behind it desynchronised.

:class:`WholeWrites` (WSGI middleware) hands the WebSocket's request :class:`WholeSocket`
in that socket's place: its ``send`` is the socket's ``sendall`` (every byte, waiting as
long as the reader takes), under a lock, so that the frames two green threads write (the
writer's messages, the reader's pongs and close) never interleave. Everything else is the
socket's own. See docs/operations.md, "WebSocket frames".

A message Engine.IO cannot decode (an empty one: Engine.IO refuses it as invalid, outside
its own error handling) ends the connection as Engine.IO would end it, with a close frame
(1002, protocol error) saying why and one line in the log, not a traceback (and, under
gunicorn, its HTML 500 written into the WebSocket stream).
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any

from wsproto import ConnectionType
from wsproto.connection import Connection
from wsproto.events import CloseConnection

__all__ = ["SOCKET_KEYS", "WholeSocket", "WholeWrites"]

log = logging.getLogger("admiralty")
PROTOCOL_ERROR = 1002  # RFC 6455's close code for a message that breaks the protocol

#: where a WSGI server puts the connection's socket for simple-websocket to take
SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")


class WholeSocket:
    """A socket whose ``send`` writes every byte (``sendall``) and returns their count."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.lock = _frame_lock()

    def send(self, data: bytes, *flags: int) -> int:
        with self.lock:
            # one send() takes a whole frame while the buffers have room (gevent's sendall
            # asks the socket its buffer's size first, every time); the rest, if any, waits
            sent = self.sock.send(data, *flags)
            if sent < len(data):
                self.sock.sendall(memoryview(data)[sent:], *flags)
        return len(data)

    sendall = send

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def _frame_lock() -> AbstractContextManager[Any]:
    """The lock of one socket's frames: gevent's semaphore in the gevent worker (taken for
    every frame written: half the cost of the patched ``threading.Lock``, which wraps it),
    else an OS thread's lock (Werkzeug's threaded server)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        from gevent.lock import Semaphore

        return Semaphore(1)
    return threading.Lock()


class WholeWrites:
    """WSGI middleware: a WebSocket upgrade's socket is a :class:`WholeSocket`."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("HTTP_UPGRADE", "").lower() != "websocket":
            return self.app(environ, start_response)
        held = None
        for key in SOCKET_KEYS:
            if key in environ:
                held = environ[key] = WholeSocket(environ[key])
        try:
            return self.app(environ, start_response)
        except ValueError as exc:  # a message Engine.IO cannot decode: the connection ends
            log.info("a WebSocket closed on a broken message: %s", exc)
            if held is not None:
                _close(held, str(exc))
            # ended as simple-websocket ends a WebSocket's request under each server
            if "gunicorn.socket" in environ:
                raise StopIteration from None
            raise ConnectionError(str(exc)) from None


def _close(sock: WholeSocket, reason: str) -> None:
    """Send the close frame of a protocol error, then close the socket."""
    frame = Connection(ConnectionType.SERVER).send(
        CloseConnection(code=PROTOCOL_ERROR, reason=reason[:120])
    )
    try:
        sock.send(frame)
        sock.close()
    except OSError:  # the client has gone already
        pass
