"""Event delivery: a floor per socket, and a campaign's events sent a slice of sockets at a
time.

An event goes as ``event`` (one payload), or with others as ``events`` (their payloads in
log order, one message: :func:`event_name`).

**Marks.** A socket joins its seat's room before the log is read for its ack (so that no
event committed meanwhile is missed), and an event committed before that read may still be
on its way through the message queue (or waiting here, below): it would reach the socket a
second time, after the ack. :meth:`Floors.hold` records the ack's seq for the socket just
before the ack is sent, its mark; every event sent to it then moves its mark on, and an
``event`` at or below the mark is not sent to that socket again (an ``events`` list that
straddles it is sent without the ones at or below). The marks also say which sockets the
queue left behind (an outage of Redis: :mod:`server.web.catchup`), and :meth:`Floors.fill`
sends such a socket what the log holds past its mark, each event once and in order.

**Slices.** Each message a socket receives costs one frame, written by that socket's own
writer, and gevent runs ready greenlets first come, first served: a campaign of a thousand
sockets made a thousand writes an event, and the acts read meanwhile waited behind them
all. Given ``after_writes`` (the server's: :func:`gevent_turns`, which calls back once the
greenlets made ready so far have run), a campaign's events go through its outbox: each
event's payloads wait there for each socket it goes to, and a turn sends :data:`SLICE`
sockets what waits for them, each in one message (encoded once for every socket and turn
that sends it), then comes again once their writers have written, until nothing waits.
An idle campaign's first slice goes at once. A socket not yet sent an event gets the next with it;
one already sent it gets the next in its turn, after the others (its own events always in
log order). So the acts read meanwhile are decided between slices, not after the whole
room's writes, and under load a frame carries several events. An act's ack may then reach
its socket before its event: a client applies events by seq, not by acks. A campaign's
other messages (``presence``, ``revoked``) first send everything that waits, so that
nothing overtakes an event. Without ``after_writes`` (the threaded test server) every
message is sent at once.

The client managers below are python-socketio's own with these in their local delivery
(the Redis manager publishes as before, and delivers what the queue brings, in its order,
through them).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

import engineio.packet
import socketio
import socketio.packet

__all__ = [
    "EVENT",
    "EVENTS",
    "campaign_of",
    "campaign_room",
    "client_manager",
    "event_name",
    "gevent_turns",
    "seat_room",
]

EVENT = "event"
EVENTS = "events"
log = logging.getLogger("admiralty")
#: ``after_writes(callback)``: ``callback()`` once the writers woken so far have written
AfterWrites = Callable[[Callable[[], None]], None]
#: a campaign's outbox is sent to this many sockets a turn (benchmarks/bench_load.py: at a
#: thousand sockets on one campaign, 25 carried 300 acts/s, 50 200, 100 170, the whole
#: room at once 75; 10, as many as 25 but later)
SLICE = 25
#: seconds to connect to Redis before a publish gives up (an unreachable host, not a refusal)
QUEUE_TIMEOUT = 2.0
#: the payloads that may wait for a socket's gap to be filled before it is no longer held
WAITING = 1000
#: the messages whose packets are kept for the next turns (the least lately sent dropped
#: first): more than the sockets of a campaign wait for at once
ENCODED = 64


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


def gevent_turns() -> AfterWrites:
    """The gevent server's ``after_writes``, on this thread's hub: ``callback`` runs after
    the callbacks the hub already has, among them the wake-ups of the writers just given a
    frame (gevent's queue wakes a waiting reader by a callback of the hub's). Called from
    a thread of the OS, the hub's loop is told safely."""
    import gevent
    from gevent.monkey import get_original

    hub = gevent.get_hub()
    # the OS thread's own ident (threading's is the green thread's, monkey-patched)
    thread_ident = get_original("_thread", "get_ident")
    home = thread_ident()

    def after_writes(callback: Callable[[], None]) -> None:
        if thread_ident() == home:
            hub.loop.run_callback(callback)
        else:
            hub.loop.run_callback_threadsafe(callback)

    return after_writes


_Span = tuple[int, int, bool]  # a message's first and last seqs, and whether none is left out


def _span(payloads: list[dict[str, Any]]) -> _Span:
    """The first and last seqs of ``payloads`` (an event message's, in log order; 0 and
    0 for none), and whether they follow on one from another."""
    if not payloads:
        return 0, 0, True
    first, last = payloads[0]["seq"], payloads[-1]["seq"]
    return first, last, last - first == len(payloads) - 1


class Floors(socketio.Manager):
    """python-socketio's manager, each socket's mark checked as ``event`` is delivered,
    and a campaign's events sent from an outbox a slice of sockets at a time
    (``after_writes``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks: dict[str, int] = {}  # socket -> the seq it has every event up to
        self.paging: set[str] = set()  # sockets fetching a catch-up page after page
        # a paging socket -> the seq its last page ended at, and the seqs sent it live since
        # its first page (in the order they came: two processes may publish out of order)
        self.page_end: dict[str, int] = {}
        self.live_sent: dict[str, set[int]] = {}
        # a socket done paging -> the seqs past its mark it was sent live while it paged
        self.beyond: dict[str, set[int]] = {}
        # socket -> the payloads that came after a gap (the queue missed an event), in
        # order, waiting for :meth:`fill`
        self.waiting: dict[str, list[dict[str, Any]]] = {}
        # socket -> the newest seq sent to it after it entered its rooms, before its join's
        # ack (committed after the join read the log): it has those already
        self.early: dict[str, int] = {}
        # a socket joining -> what came for it meanwhile, held back until its ack's seq is
        # known (:meth:`pause`, :meth:`hold`): each event reaches it once, in the ack or after
        self.joining: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        self.after_writes: AfterWrites | None = None
        # campaign -> (namespace, socket, its Engine.IO socket) -> the payloads waiting for
        # it, the sockets in the order they are next served; a campaign is here while a
        # turn is due for it
        self._outbox: dict[str, OrderedDict[tuple[str, str, str], list[Any]]] = {}
        # the Engine.IO packets of the messages sent lately, by their payloads' identity
        # (held, so no id is reused meanwhile): a message goes to a campaign's sockets over
        # several turns, encoded once
        self._packets: OrderedDict[tuple[Any, ...], tuple[list[Any], list[Any]]] = OrderedDict()
        self._order = threading.RLock()  # one campaign's messages leave in their order

    def pause(self, sid: str) -> Callable[[int], bool]:
        """A join of ``sid`` starts: what comes for it is held back until :meth:`hold`.
        Returns which seqs it was sent already (on their way to its client as it asked):
        its ack need not hold them again. Those up to its mark; while it pages, those
        from the first sent to it live (the pages hold the ones before)."""
        with self._order:
            self.joining.setdefault(sid, [])
            if sid in self.paging:
                live = set(self.live_sent.get(sid, ()))
                return lambda seq: seq in live
            mark = self.marks.get(sid, 0)
            return lambda seq: seq <= mark

    def hold(self, sid: str, seq: int | None, paging: bool = False) -> None:
        """Send ``sid`` no ``event`` at or below ``seq`` (its join ack has them; None: the
        join failed), then what was held back for it past that; ``paging`` while the client
        fetches the pages after it itself (:meth:`fill` leaves it alone)."""
        with self._order:
            held = self.joining.pop(sid, [])
            if seq is not None:
                self._held(sid, seq, paging)
            for namespace in dict.fromkeys(n for n, _ in held):
                payloads = [p for n, p in held if n == namespace]
                part = self._part(sid, payloads)
                part = payloads if part is None else part
                if part and self.is_connected(sid, namespace):
                    super().emit(*_message(part), namespace, room=sid)

    def _held(self, sid: str, seq: int, paging: bool) -> None:
        acked = seq
        if paging:
            self.paging.add(sid)  # the pages to come hold what waited (and what came live)
            self.page_end[sid] = acked
            self.marks[sid] = max(self.marks.get(sid, acked), acked)
            self.waiting.pop(sid, None)
            return
        # its mark: the ack's seq, and on from it what it was sent live while it paged (those
        # beyond a gap are kept: sent already, not sent again) or early
        live = self.live_sent.pop(sid, set()) if sid in self.paging else set()
        self.paging.discard(sid)
        self.page_end.pop(sid, None)
        seq = max(seq, self.early.pop(sid, seq))
        while seq + 1 in live:
            seq += 1
        self.marks[sid] = seq
        if beyond := {q for q in live if q > seq}:
            self.beyond[sid] = beyond
        waiting = [p for p in self.waiting.pop(sid, []) if p["seq"] > seq]
        if waiting:
            self.waiting[sid] = waiting

    def moved(self, sid: str) -> None:
        """``sid`` joins another campaign or seat: what it was sent is no longer its."""
        with self._order:
            self.marks.pop(sid, None)
            self.paging.discard(sid)
            self.page_end.pop(sid, None)
            self.live_sent.pop(sid, None)
            self.beyond.pop(sid, None)
            self.waiting.pop(sid, None)
            self.early.pop(sid, None)

    def forget(self, sid: str) -> None:
        with self._order:
            self.joining.pop(sid, None)
            self.moved(sid)

    def mark(self, sid: str) -> int | None:
        """The seq ``sid`` has every event up to; None before its join's ack, or while it
        pages."""
        return None if sid in self.paging else self.marks.get(sid)

    def fill(
        self, sid: str, payloads: list[dict[str, Any]], upto: int, namespace: str = "/"
    ) -> None:
        """Send ``sid`` what it lacks of the log up to ``upto``: ``payloads`` (the events
        its seat may see after its mark or before, as a catch-up reads them) past its
        mark, the bare seq of each other event, and then what waited after the gap, in
        one message in log order (the outbox then skips what this sent)."""
        with self._order:
            mark = self.mark(sid)
            if mark is None or not self.is_connected(sid, namespace):
                return
            seen = {p["seq"]: p for p in payloads if mark < p["seq"] <= upto}
            message = [seen.get(seq, {"seq": seq}) for seq in range(mark + 1, upto + 1)]
            part = self._part(sid, message)
            part = message if part is None else part
            if part:
                super().emit(*_message(part), namespace, room=sid)

    def _part(
        self, sid: str, payloads: list[dict[str, Any]], span: _Span | None = None
    ) -> list[dict[str, Any]] | None:
        """What of ``payloads`` (an event message's, in log order) ``sid`` is sent now,
        its mark moved on: None for all of them (a socket not held yet, or the events that
        follow on from its mark: the common case), else the part that does (maybe none:
        those at or below the mark were sent already). What comes after a gap waits
        (:attr:`waiting`) for the missing events (:meth:`fill`), up to :data:`WAITING`
        payloads; past that the socket is no longer held, and its client fetches the gap
        itself (protocol: a later seq than the next is a gap to fetch with ``since``)."""
        if sid in self.joining:  # held back until its ack's seq is known (:meth:`hold`)
            self.joining[sid].extend(("/", p) for p in payloads)
            return []
        mark = self.marks.get(sid)
        first, last, following = span or _span(payloads)
        if mark is None:  # not joined yet: all of them (the join's ack is the mark)
            if payloads:
                self.early[sid] = max(last, self.early.get(sid, last))
            return None
        if not payloads and sid not in self.waiting:
            return None
        if sid in self.paging:  # its client pages: every event past its page, as it comes
            self.marks[sid] = max(mark, last)
            end, live = self.page_end.get(sid, mark), self.live_sent.setdefault(sid, set())
            part = [p for p in payloads if p["seq"] > end and p["seq"] not in live]
            live.update(p["seq"] for p in part)  # the pages to come leave them out
            return None if len(part) == len(payloads) else part
        beyond = self.beyond.get(sid)
        if following and first == mark + 1 and not beyond and sid not in self.waiting:
            self.marks[sid] = last
            return None
        beyond = beyond or set()
        pool = {p["seq"]: p for p in [*self.waiting.pop(sid, []), *payloads] if p["seq"] > mark}
        part = []
        while mark + 1 in pool or mark + 1 in beyond:
            mark += 1
            if mark in beyond:  # sent live while it paged: not again
                beyond.discard(mark)
                pool.pop(mark, None)
            else:
                part.append(pool.pop(mark))
        if not beyond:
            self.beyond.pop(sid, None)
        self.marks[sid] = mark
        later = sorted(pool.values(), key=lambda p: p["seq"])
        if len(later) > WAITING:
            log.warning("socket %s: %d events wait for a gap; sent as they come", sid, len(later))
            del self.marks[sid]
            return part + later
        if later:
            self.waiting[sid] = later
        return part

    def emit(self, event: str, data: Any, namespace: str, room: Any = None, **kwargs: Any) -> Any:
        rooms = kwargs.pop("to", None) or room
        campaign_id = campaign_of(rooms) if self.after_writes is not None else None
        if campaign_id is None:
            with self._order:  # the marks move under it
                return self._deliver(event, data, namespace, rooms, **kwargs)
        plain = not kwargs.get("skip_sid") and not kwargs.get("callback")
        with self._order:
            outbox = self._outbox.get(campaign_id)
            if event in (EVENT, EVENTS) and plain:
                payloads = data if event == EVENTS else [data]
                idle = outbox is None
                if outbox is None:
                    outbox = self._outbox[campaign_id] = OrderedDict()
                for sid, eio_sid in self.get_participants(namespace, rooms):
                    outbox.setdefault((namespace, sid, eio_sid), []).extend(payloads)
                if idle:  # the first slice at once
                    self._turn(campaign_id)
                return None
            if outbox:  # the campaign's other messages come after its events
                self._send(outbox, len(outbox))
            return self._deliver(event, data, namespace, rooms, **kwargs)

    def _turn(self, campaign_id: str) -> None:
        """The next :data:`SLICE` sockets of the campaign's outbox sent what waits for
        them, and the next turn once their writers have written; idle when nothing came
        since the last."""
        assert self.after_writes is not None
        with self._order:
            outbox = self._outbox.get(campaign_id)
            if not outbox:
                self._outbox.pop(campaign_id, None)
                return
            try:
                self._send(outbox, SLICE)
            except Exception:  # a hub callback's failure would be printed, not logged
                log.exception("campaign %s: sending its events failed", campaign_id)
            finally:  # the next turn, whatever became of this one: nothing waits for good
                self.after_writes(lambda: self._turn(campaign_id))

    def _send(self, outbox: OrderedDict[tuple[str, str, str], list[Any]], most: int) -> None:
        """The first ``most`` sockets of ``outbox``, each sent what waits for it in one
        message (the sockets that wait for the same payloads sent the same packets)."""
        alike: dict[tuple[Any, ...], tuple[str, list[Any], list[tuple[str, str]]]] = {}
        for _ in range(min(most, len(outbox))):
            (namespace, sid, eio_sid), payloads = outbox.popitem(last=False)
            key = (namespace, *map(id, payloads))  # a group's payloads are the same objects
            alike.setdefault(key, (namespace, payloads, []))[2].append((sid, eio_sid))
        for key, (namespace, payloads, sockets) in alike.items():
            packets = None
            span = _span(payloads)
            for sid, eio_sid in sockets:
                if not self.is_connected(sid, namespace):  # one gone since is sent nothing
                    continue
                part = self._part(sid, payloads, span)
                if part is None:
                    packets = packets or self._encoded(key, namespace, payloads)
                    for packet in packets:
                        self.server.eio.send_packet(eio_sid, packet)
                elif part:  # some sent already, or some wait for a gap
                    super().emit(*_message(part), namespace, room=sid)

    def _encoded(self, key: tuple[Any, ...], namespace: str, payloads: list[Any]) -> list[Any]:
        """The Engine.IO packets of the message of ``payloads`` (``key`` their identity),
        as python-socketio's :meth:`socketio.Manager.emit` makes them."""
        if key in self._packets:
            self._packets.move_to_end(key)
            return self._packets[key][1]
        event, data = _message(payloads)
        message = self.server.packet_class(
            socketio.packet.EVENT, namespace=namespace, data=[event, data]
        )
        encoded = message.encode()
        packets = [
            engineio.packet.Packet(engineio.packet.MESSAGE, p)
            for p in (encoded if isinstance(encoded, list) else [encoded])
        ]
        self._packets[key] = (payloads, packets)
        if len(self._packets) > ENCODED:
            self._packets.popitem(last=False)
        return packets

    def _deliver(self, event: str, data: Any, namespace: str, room: Any, **kwargs: Any) -> Any:
        """Send now, each held socket what follows on from its mark (:meth:`_part`)."""
        parts: dict[str, list[dict[str, Any]]] = {}  # sockets sent a part, or nothing
        if (self.marks or self.joining) and _seqs(event, data):
            payloads = data if event == EVENTS else [data]
            skip = kwargs.get("skip_sid") or []
            skip = list(skip) if isinstance(skip, list) else [skip]
            for sid, _ in list(self.get_participants(namespace, room)):
                part = self._part(sid, payloads)
                if part is not None:
                    skip.append(sid)
                    parts[sid] = part
            kwargs["skip_sid"] = skip
        result = super().emit(event, data, namespace, room=room, **kwargs)
        for sid, part in parts.items():
            if part:
                super().emit(*_message(part), namespace, room=sid)
        return result


class RedisFloors(socketio.RedisManager, Floors):
    """The Redis message queue's manager: publishes as python-socketio's does; the floors
    and the outboxes are kept where the queue's messages are delivered to this process's
    sockets."""


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
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # a publish fails at once while Redis is away (python-socketio tries twice, then
        # gives the event up; its campaign's write turn is held meanwhile): the log has it,
        # and each socket is sent it from there (server.web.catchup)
        options = {"socket_connect_timeout": QUEUE_TIMEOUT, "retry": Retry(NoBackoff(), 0)}
        manager = RedisFloors(
            message_queue, channel=channel, write_only=False, redis_options=options
        )
    manager.after_writes = after_writes
    return manager
