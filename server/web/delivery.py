"""Event delivery: a floor per socket, and a campaign's events sent by rounds.

An event goes as ``event`` (one payload), or with others as ``events`` (their payloads in
log order, one message: :func:`event_name`).

**Floors.** A socket joins its seat's room before the log is read for its ack (so that no
event committed meanwhile is missed), and an event committed before that read may still be
on its way through the message queue (or waiting here, below): it would reach the socket a
second time, after the ack. :meth:`Floors.hold` records the ack's seq for the socket just
before the ack is sent; an ``event`` at or below it is not sent to that socket (an
``events`` list that straddles it is sent without the ones at or below), and the floor is
forgotten at the first later event.

**Rounds.** Each message a socket receives costs one frame, written by that socket's own
writer, and gevent runs ready greenlets first come, first served: a campaign of a thousand
sockets makes a thousand writes a message, and the acts read meanwhile wait behind them
all. Given ``after_writes`` (the server's: :func:`gevent_rounds`, which calls back once the
greenlets made ready so far have run), a campaign's events go by rounds. An idle
campaign's event starts a round at once; the events that come while a round is under way
wait for it to end, and then go as the next round, every socket's share of them in one
message (the sockets that get the same share one emit), in log order. A round goes
:data:`SLICE` sockets at a time, each slice once the last one's writers have written, so
that the acts read meanwhile are decided between slices, not after the whole round: under
load a round carries several events, and a thousand sockets cost a thousand writes for
them all. An act's ack may then reach its socket before its event: a client applies
events by seq, not by acks. A campaign's other messages (``presence``, ``revoked``) first
send the rest of the round and what waits, so that nothing overtakes an event. Without
``after_writes`` (the threaded test server) every message is sent at once.

The client managers below are python-socketio's own with these in their local delivery
(the Redis manager publishes as before, and delivers what the queue brings, in its order,
through them).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

import socketio

__all__ = [
    "EVENT",
    "EVENTS",
    "campaign_of",
    "campaign_room",
    "client_manager",
    "event_name",
    "gevent_rounds",
    "seat_room",
]

EVENT = "event"
EVENTS = "events"
log = logging.getLogger("admiralty")
#: ``after_writes(callback)``: ``callback()`` once the writers woken so far have written
AfterWrites = Callable[[Callable[[], None]], None]
#: a round's messages go to this many sockets at a time (benchmarks/bench_load.py: at a
#: thousand sockets on one campaign, 25 carried 300 acts/s, 50 200, 100 170, the whole
#: room at once 75; 10, as many as 25 but later)
SLICE = 25
Delivery = tuple[str, Any, str, list[str]]  # (event, data, namespace, sockets)


def seat_room(campaign_id: str, seat_id: str) -> str:
    return f"seat:{campaign_id}:{seat_id}"


def campaign_room(campaign_id: str) -> str:
    """Every socket joined to the campaign, whatever its seat (its seat's room too)."""
    return f"campaign:{campaign_id}"


def campaign_of(rooms: str | Iterable[str] | None) -> str | None:
    """The campaign whose rooms (:func:`seat_room`, :func:`campaign_room`) these all are."""
    found = None
    for room in [rooms] if isinstance(rooms, str) else rooms or ():
        kind, _, rest = room.partition(":")
        if kind not in ("campaign", "seat"):
            return None
        campaign_id = rest.partition(":")[0] if kind == "seat" else rest
        if found not in (None, campaign_id):
            return None
        found = campaign_id
    return found


def event_name(payload: Any) -> str:
    """``events`` for a list of payloads (events sent together), else ``event``."""
    return EVENTS if isinstance(payload, list) else EVENT


def _message(payloads: list[Any]) -> tuple[str, Any]:
    return (EVENT, payloads[0]) if len(payloads) == 1 else (EVENTS, payloads)


def _seqs(event: str, data: Any) -> list[int]:
    """The seqs an ``event`` or ``events`` message carries, in order (none for others)."""
    items = data if event == EVENTS and isinstance(data, list) else [data] if event == EVENT else []
    return [p["seq"] for p in items if isinstance(p, dict) and isinstance(p.get("seq"), int)]


def gevent_rounds() -> AfterWrites:
    """The gevent server's ``after_writes``, on this thread's hub: ``callback`` runs after
    the callbacks the hub already has, among them the wake-ups of the writers just given a
    frame (gevent's queue wakes a waiting reader by a callback of the hub's). Called from
    a thread of the OS, the hub's loop is told safely."""
    import gevent
    from gevent._hub_local import get_hub_if_exists

    hub = gevent.get_hub()

    def after_writes(callback: Callable[[], None]) -> None:
        if get_hub_if_exists() is hub:
            hub.loop.run_callback(callback)
        else:
            hub.loop.run_callback_threadsafe(callback)

    return after_writes


class Floors(socketio.Manager):
    """python-socketio's manager, each socket's floor checked as ``event`` is delivered,
    and a campaign's events sent by rounds (``after_writes``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.floors: dict[str, int] = {}
        self.after_writes: AfterWrites | None = None
        # campaign -> the events waiting for the next round (rooms, namespace, payloads),
        # and the slices of its round still to send: a campaign is in both while a turn of
        # its rounds is due on the hub
        self._waiting: dict[str, list[tuple[Any, str, list[Any]]]] = {}
        self._sending: dict[str, list[Delivery]] = {}
        self._order = threading.RLock()  # one campaign's messages leave in their order

    def hold(self, sid: str, seq: int) -> None:
        """Send ``sid`` no ``event`` at or below ``seq`` (its join ack has them)."""
        self.floors[sid] = seq

    def forget(self, sid: str) -> None:
        self.floors.pop(sid, None)

    def emit(self, event: str, data: Any, namespace: str, room: Any = None, **kwargs: Any) -> Any:
        rooms = kwargs.pop("to", None) or room
        campaign_id = campaign_of(rooms) if self.after_writes is not None else None
        if campaign_id is None:
            return self._deliver(event, data, namespace, rooms, **kwargs)
        plain = not kwargs.get("skip_sid") and not kwargs.get("callback")
        with self._order:
            waiting = self._waiting.get(campaign_id)
            if event in (EVENT, EVENTS) and plain:
                item = (rooms, namespace, data if event == EVENTS else [data])
                if waiting is not None:  # a round is under way: it goes with the next
                    waiting.append(item)
                else:  # the campaign was idle: its round starts now
                    self._waiting[campaign_id], self._sending[campaign_id] = [item], []
                    self._turn(campaign_id)
                return None
            if waiting is not None:  # the campaign's other messages come after its events
                for delivery in self._sending[campaign_id] + self._slices(waiting):
                    self._deliver(*delivery)
                self._waiting[campaign_id], self._sending[campaign_id] = [], []
            return self._deliver(event, data, namespace, rooms, **kwargs)

    def _next_turn(self, campaign_id: str) -> None:
        assert self.after_writes is not None
        self.after_writes(lambda: self._turn(campaign_id))

    def _turn(self, campaign_id: str) -> None:
        """Once the writers woken so far have written: the round's next slice; else what
        waited, as the next round; else the campaign is idle."""
        with self._order:
            sending, waiting = self._sending.get(campaign_id), None
            if not sending:
                waiting = self._waiting.pop(campaign_id, None)
                if not waiting:
                    self._sending.pop(campaign_id, None)
                    return
                self._waiting[campaign_id], self._sending[campaign_id] = [], []
            try:
                if waiting:
                    sending = self._sending[campaign_id] = self._slices(waiting)
                if sending:
                    self._deliver(*sending.pop(0))
            except Exception:  # a hub callback's failure would be printed, not logged
                log.exception("campaign %s: sending its events failed", campaign_id)
            finally:  # the next turn, whatever became of this one: nothing waits for good
                self._next_turn(campaign_id)

    def _slices(self, waiting: list[tuple[Any, str, list[Any]]]) -> list[Delivery]:
        """The round of the events that waited: each socket's share of them in one
        message, sent in slices of at most :data:`SLICE` sockets."""
        if not waiting:
            return []
        first = waiting[0]
        if all(w[0] == first[0] and w[1] == first[1] for w in waiting):  # all to one audience
            payloads = [p for w in waiting for p in w[2]]
            sids = [sid for sid, _ in self.get_participants(first[1], first[0])]
            groups = [(first[1], payloads, sids)]
        else:
            shares: dict[tuple[str, str], list[int]] = {}  # (namespace, socket) -> its events
            for i, (rooms, namespace, _) in enumerate(waiting):
                for sid, _eio_sid in self.get_participants(namespace, rooms):
                    shares.setdefault((namespace, sid), []).append(i)
            alike: dict[tuple[str, tuple[int, ...]], list[str]] = {}
            for (namespace, sid), share in shares.items():
                alike.setdefault((namespace, tuple(share)), []).append(sid)
            groups = [
                (namespace, [p for i in share for p in waiting[i][2]], sids)
                for (namespace, share), sids in alike.items()
            ]
        return [
            (*_message(payloads), namespace, sids[k : k + SLICE])
            for namespace, payloads, sids in groups
            for k in range(0, len(sids), SLICE)
        ]

    def _deliver(self, event: str, data: Any, namespace: str, room: Any, **kwargs: Any) -> Any:
        """Send now, past each socket's floor."""
        floors = self.floors
        seqs = _seqs(event, data) if floors else []
        rest: dict[str, int] = {}  # sockets sent the part of a list past their floor
        if seqs:
            skip = kwargs.get("skip_sid") or []
            skip = list(skip) if isinstance(skip, list) else [skip]
            for sid, _ in list(self.get_participants(namespace, room)):
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
            super().emit(*_message(past), namespace, room=sid)
        return result


class RedisFloors(socketio.RedisManager, Floors):
    """The Redis message queue's manager: publishes as python-socketio's does; the floors
    and rounds are kept where the queue's messages are delivered to this process's sockets."""


def client_manager(
    message_queue: str | None,
    channel: str = "flask-socketio",
    after_writes: AfterWrites | None = None,
) -> Floors:
    """The client manager for ``message_queue`` (``redis://...``) or for one process."""
    manager: Floors
    if not message_queue:
        manager = Floors()
    elif not message_queue.startswith(("redis://", "rediss://")):
        raise ValueError("the message queue must be a redis:// URL")
    else:
        manager = RedisFloors(message_queue, channel=channel, write_only=False)
    manager.after_writes = after_writes
    return manager
