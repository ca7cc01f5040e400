"""``admiralty`` whose Socket.IO answers are late on demand: a slow server for the browser
tests of a page that is always right (tests/test_browser_resilience.py; the ``slow_server``
fixture runs it as ``python -m tests.slow_server serve ...``).

The file named by ``ADMIRALTY_TEST_SLOW`` says which answers are late: ``{"join": [4.0],
"act": {"advance": [4.0]}}`` holds back the next join's ack 4 s (before it is read) and the
next ``advance``'s 4 s (after it is done: the campaign moved, its event sent, the ack
late), each delay used once. Every join and act handled is written, one JSON line each, to
the same name with ``.seen`` added (each act's client action id with it, a retry's too),
for the tests to count. Test-only: nothing of it is in the server.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["SlowServer", "main"]

CONTROL = "ADMIRALTY_TEST_SLOW"


@dataclass
class SlowServer:
    """The slow server's address and the file that tells it which answers are late."""

    url: str
    control: Path

    def late(self, joins: list[float] | None = None, **acts: list[float]) -> None:
        """The next joins' acks late by ``joins`` seconds, the next acts of each type by
        theirs (``advance=[4.0]``)."""
        self.control.write_text(json.dumps({"join": joins or [], "act": acts}), "utf-8")

    def seen(self) -> list[dict[str, Any]]:
        """Every join and act the server handled since it started, in order."""
        path = Path(f"{self.control}.seen")
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def _delay(path: Path, kind: str, type_: str | None = None) -> float:
    """The next delay of ``kind`` (of acts: of ``type_``), taken from the file; 0 if none."""
    if not path.exists():
        return 0.0
    orders = json.loads(path.read_text("utf-8") or "{}")
    queue = orders.get(kind, [])
    if kind == "act":
        queue = queue.get(type_, []) if isinstance(queue, dict) else []
    if not queue:
        return 0.0
    seconds = float(queue.pop(0))
    path.write_text(json.dumps(orders), "utf-8")
    return seconds


def _seen(path: Path, line: dict[str, Any]) -> None:
    with open(f"{path}.seen", "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def _slowed(application: Any, path: Path) -> Any:
    """``application`` (serve's app factory, run in the gunicorn worker) with the socket
    handlers' answers held back as the file says."""

    def slowed(*args: Any) -> Any:
        import gevent

        from server.web.sockets import Sockets

        join, act, decide = Sockets.join, Sockets.act, Sockets._act

        def slow_join(self: Sockets, sid: str, data: Any) -> Any:
            since = data.get("since") if isinstance(data, dict) else None
            _seen(path, {"kind": "join", "since": since})
            gevent.sleep(_delay(path, "join"))
            return join(self, sid, data)

        def seen_act(self: Sockets, sid: str, data: Any) -> Any:
            # every sending, a retry with its action id as well (answered without _act)
            given = data if isinstance(data, dict) else {}
            _seen(path, {"kind": "act", "type": given.get("type"), "id": given.get("action_id")})
            return act(self, sid, data)

        def slow_act(self: Sockets, entry: Any, data: Any, action: str | None = None) -> Any:
            ack = decide(self, entry, data, action)
            gevent.sleep(_delay(path, "act", data.get("type") if isinstance(data, dict) else None))
            return ack

        Sockets.join = slow_join  # type: ignore[method-assign]
        Sockets.act = seen_act  # type: ignore[method-assign]
        Sockets._act = slow_act  # type: ignore[method-assign]
        return application(*args)

    return slowed


def main() -> int:
    from server import cli
    from server.commands import serve

    path = Path(os.environ[CONTROL])
    serve._application = _slowed(serve._application, path)  # type: ignore[attr-defined]
    return cli.main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
