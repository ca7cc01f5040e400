"""Event delivery with a floor per socket: after a (re-)join, none of the events its ack
already holds reaches the socket again.

An event goes as ``event`` (one payload), or with the others logged together with it as
``events`` (their payloads in log order, one message: :func:`event_name`).

A socket joins its seat's room before the log is read for its ack (so that no event
committed meanwhile is missed), and an event committed before that read may still be on
its way through the message queue: it would reach the socket a second time, after the ack.
:meth:`Floors.hold` records the ack's seq for the socket just before the ack is sent; an
``event`` at or below it is not sent to that socket (an ``events`` list that straddles it
is sent without the ones at or below), and the floor is forgotten at the first later
event. The client managers below are python-socketio's own with that one check in their
local delivery (the Redis manager publishes as before and checks as it delivers what the
queue brings).
"""

from __future__ import annotations

from typing import Any

import socketio

__all__ = ["EVENT", "EVENTS", "client_manager", "event_name"]

EVENT = "event"
EVENTS = "events"


def event_name(payload: Any) -> str:
    """``events`` for a list of payloads (events logged together), else ``event``."""
    return EVENTS if isinstance(payload, list) else EVENT


def _seqs(event: str, data: Any) -> list[int]:
    """The seqs an ``event`` or ``events`` message carries, in order (none for others)."""
    items = data if event == EVENTS and isinstance(data, list) else [data] if event == EVENT else []
    return [p["seq"] for p in items if isinstance(p, dict) and isinstance(p.get("seq"), int)]


class Floors(socketio.Manager):
    """python-socketio's manager, each socket's floor checked as ``event`` is delivered."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.floors: dict[str, int] = {}

    def hold(self, sid: str, seq: int) -> None:
        """Send ``sid`` no ``event`` at or below ``seq`` (its join ack has them)."""
        self.floors[sid] = seq

    def forget(self, sid: str) -> None:
        self.floors.pop(sid, None)

    def emit(self, event: str, data: Any, namespace: str, room: Any = None, **kwargs: Any) -> Any:
        floors = self.floors
        seqs = _seqs(event, data) if floors else []
        rest: dict[str, int] = {}  # sockets sent the part of a list past their floor
        if seqs:
            target = kwargs.get("to") or room
            skip = kwargs.get("skip_sid") or []
            skip = list(skip) if isinstance(skip, list) else [skip]
            for sid, _ in list(self.get_participants(namespace, target)):
                floor = floors.get(sid)
                if floor is None:
                    continue
                if seqs[0] <= floor:
                    skip.append(sid)
                if seqs[-1] > floor:  # past the ack: the floor has done its work
                    del floors[sid]
                    if seqs[0] <= floor:
                        rest[sid] = floor
            kwargs["skip_sid"] = skip
        result = super().emit(event, data, namespace, room=room, **kwargs)
        for sid, floor in rest.items():
            past = [p for p in data if p["seq"] > floor]
            super().emit(event, past, namespace, room=sid)
        return result


class RedisFloors(socketio.RedisManager, Floors):
    """The Redis message queue's manager: publishes as python-socketio's does; the floors
    are checked where the queue's messages are delivered to this process's sockets."""


def client_manager(message_queue: str | None, channel: str = "flask-socketio") -> Floors:
    """The client manager for ``message_queue`` (``redis://...``) or for one process."""
    if not message_queue:
        return Floors()
    if not message_queue.startswith(("redis://", "rediss://")):
        raise ValueError("the message queue must be a redis:// URL")
    return RedisFloors(message_queue, channel=channel, write_only=False)
