"""Client action ids (docs/protocol.md, "Action ids"): an act sent again with the id it was
first sent with is answered as it was the first time, and logged once.

A client may give any act an ``action_id`` (1 to :data:`MAX_LENGTH` printable ASCII
characters, unique among its seat's acts: a counter, a UUID). Its first outcome is kept:

- logged: the event carries the id in the log (:mod:`server.web.storage`, one event per seat
  and id), looked up under the campaign's write turn before the act is decided again, so
  that an act sent again through any process answers ``{"ok": true, "seq"}`` of that event;
- refused, or answered without being logged (a preview): its ack is kept in this process
  (the last :data:`KEEP`), and the same act sent again here gets the same ack; through
  another process it is judged again (nothing of it was logged). A refusal to try again
  later (:data:`RETRYABLE`: ``not_ready``, ``rate_limited``, ``too_many``, ``internal``) is
  not kept: the act is tried anew when it comes again.

The same act in flight twice at once (two sockets of the seat) is decided once: the second
waits for the first's ack.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from server.game import ActionError
from server.game.answers import ACTION_ID_LENGTH, ActionId
from server.web.errors import error_body

__all__ = ["FIELD", "KEEP", "MAX_LENGTH", "RETRYABLE", "Outcomes", "split"]

FIELD = "action_id"
MAX_LENGTH = ACTION_ID_LENGTH  # the log's column
KEEP = 10_000
RETRYABLE = frozenset({"not_ready", "rate_limited", "too_many", "internal"})
_ID = re.compile(TypeAdapter(ActionId).json_schema()["pattern"])
Ack = dict[str, Any]
Key = tuple[str, str, str]  # (campaign, seat, action id)


def split(data: Any) -> tuple[Any, str | None]:
    """The act's payload without its action id, and the id (None when it gives none).

    >>> split({"type": "ready", "action_id": "a-1"})
    ({'type': 'ready'}, 'a-1')
    >>> split({"type": "ready", "action_id": ""})
    Traceback (most recent call last):
    server.game.errors.ActionError: 'action_id' must be 1 to 64 printable ASCII characters
    """
    if not isinstance(data, dict) or FIELD not in data:
        return data, None
    value = data[FIELD]
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise ActionError(
            "invalid", f"'{FIELD}' must be 1 to {MAX_LENGTH} printable ASCII characters"
        )
    return {k: v for k, v in data.items() if k != FIELD}, value


class Outcomes:
    """The acks of this process's acts with an action id (the last ``keep``), and those in
    flight."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._acks: OrderedDict[Key, Ack] = OrderedDict()
        self._flying: dict[Key, threading.Event] = {}
        self._lock = threading.Lock()

    def once(self, key: Key, run: Callable[[], Ack]) -> Ack:
        """``run()``'s ack (a refusal it raises as its error body), or the one kept for
        ``key``; while another call runs ``key``, its outcome is waited for."""
        while True:
            with self._lock:
                if key in self._acks:
                    self._acks.move_to_end(key)
                    return self._acks[key]
                flying = self._flying.get(key)
                if flying is None:
                    self._flying[key] = threading.Event()
                    break
            flying.wait()  # then its ack, or (retryable, not kept) ours to try
        try:
            try:
                ack = run()
            except ActionError as exc:
                ack = error_body(exc.code, exc.message)
            if ack.get("ok") or ack["error"]["code"] not in RETRYABLE:
                with self._lock:
                    self._acks[key] = ack
                    while len(self._acks) > self.keep:
                        self._acks.popitem(last=False)
            return ack
        finally:
            with self._lock:
                self._flying.pop(key).set()
