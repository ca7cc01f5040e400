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
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["SOCKET_KEYS", "WholeSocket", "WholeWrites"]

#: where a WSGI server puts the connection's socket for simple-websocket to take
SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")


class WholeSocket:
    """A socket whose ``send`` writes every byte (``sendall``) and returns their count."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.lock = threading.Lock()  # gevent's, in the gevent worker (patched)

    def send(self, data: bytes, *flags: int) -> int:
        with self.lock:
            self.sock.sendall(data, *flags)
        return len(data)

    sendall = send

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


class WholeWrites:
    """WSGI middleware: a WebSocket upgrade's socket is a :class:`WholeSocket`."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            for key in SOCKET_KEYS:
                if key in environ:
                    environ[key] = WholeSocket(environ[key])
        return self.app(environ, start_response)
