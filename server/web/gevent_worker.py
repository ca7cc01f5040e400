"""gunicorn's gevent worker, its own error answers in the protocol's one error shape.

gunicorn answers a request it cannot hand to the application itself, before any WSGI
middleware sees it: a header over its bound (431), a request line too long (414), a request
it cannot parse (400), each as a small HTML page. :class:`Worker` (``admiralty serve``'s
``worker_class``) is gunicorn's gevent worker whose answer is JSON instead, with the same
status: ``{"ok": false, "error": {"code": "invalid", "message": "request header fields too
large"}}`` (``internal`` for a 500), written where gunicorn writes its page, through the
same method (:meth:`Worker.handle_error`), which logs it as before.
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn.workers.ggevent import GeventWorker

__all__ = ["Worker"]


class _JsonAnswer:
    """The client's socket as gunicorn's error answer is written to it: the answer's
    status kept, its HTML page replaced by the one error shape."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock

    def sendall(self, data: bytes, *flags: int) -> None:
        # imported here, in the worker: the arbiter imports this module before it forks,
        # and the application's modules are the worker's to import, once gevent patched it
        from server.web.errors import error_body

        head = data.partition(b"\r\n")[0].decode("latin-1")
        _, status, reason = (head.split(" ", 2) + ["", ""])[:3]
        body = error_body("internal" if status == "500" else "invalid", reason.lower())
        encoded = json.dumps(body).encode()
        answer = (
            f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(encoded)}\r\n\r\n"
        )
        self.sock.sendall(answer.encode("latin-1") + encoded, *flags)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


class Worker(GeventWorker):
    """gunicorn's gevent worker, its error answers JSON."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        super().handle_error(req, _JsonAnswer(client), addr, exc)
