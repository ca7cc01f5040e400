"""The Socket.IO half of the protocol (docs/protocol.md): ``join``, ``act``, ``event`` and
``presence``.

Presence is counted per process: the sockets joined as each seat here. A seat's first socket
joining and its last leaving send ``presence`` to the campaign's room (through the message
queue when there are several processes, so every process's sockets hear it); the join ack's
``presence`` is this process's count. Presence is not logged: it is not the game's.

Every act of a seat is rate-limited, and its table talk (``say``) apart
(:class:`server.web.limits.SeatLimits`: ``rate_limited``, ``too_many``), counted where
every process counts them when they share a storage (Redis). An act may carry a client
action id (:mod:`server.web.action_ids`): sent again, it is answered as it was first.

Every ``join`` and ``act`` is acknowledged, however malformed: with its answer, with the
one refusal its payload earns, or, should the server itself fail, with an ``internal``
error (logged here with its traceback, as a failure of ours and not of the client's). An
event of any other name is acked ``invalid`` (:func:`unknown`).
Before the process is ready both are acked ``not_ready`` with the seconds to wait
(``retry_after``: :func:`server.web.runtime.not_ready`).

The handlers are python-socketio's own (``server.on``), given the socket's id: an event
needs no Flask request context, which Flask-SocketIO's handlers build for every event (a
URL matched, a session copied) and which was a fifth of the server's CPU under load
(benchmarks/bench_load.py).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from flask_socketio import SocketIO

from server import PROTOCOL_VERSION
from server.game import ActionError
from server.web import action_ids, runtime
from server.web.campaigns import MAX_SEQ, CampaignService
from server.web.delivery import campaign_room, seat_room
from server.web.drain import InFlight
from server.web.errors import answer, error_body
from server.web.limits import SeatLimits
from server.web.metrics import Metrics, ack_result, action_type

__all__ = ["Sockets", "register", "unknown"]

Ack = dict[str, Any]
#: one line an act (docs/operations.md, Logs)
ACTS = logging.getLogger("admiralty.acts")
log = logging.getLogger("admiralty")


def _acked(handler: Callable[[str, Any], Ack]) -> Callable[..., Ack]:
    """``handler(sid, data)`` answering every payload: its ack, the refusal, or ``internal``
    (a payload too long or too deep is refused as it is read: :mod:`server.web.packets`)."""

    def run(sid: str, data: Any = None, *_extra: Any) -> Ack:
        try:
            return handler(sid, data)
        except Exception as exc:  # a refusal, or a failure of ours (logged): one answer
            return answer(exc, f"{handler.__name__} (socket {sid})")[0]

    run.__name__ = handler.__name__
    return run


def _logged(sockets: Sockets, handler: Callable[..., Ack]) -> Callable[..., Ack]:
    """``handler`` (an ``act`` handler that always acks) logging one line an act: its
    campaign and seat (None before a join), type (:func:`action_type`), result, seq and the
    milliseconds from its arrival to its ack; never its arguments."""

    def act(sid: str, data: Any = None, *extra: Any) -> Ack:
        start = time.perf_counter()
        ack = handler(sid, data, *extra)
        ms = round((time.perf_counter() - start) * 1000, 3)
        with sockets.lock:
            campaign, seat = (sockets.joined.get(sid) or (None, None))[:2]
        line: dict[str, Any] = {"campaign": campaign, "seat": seat, "type": action_type(data)}
        line.update(result=ack_result(ack), seq=ack.get("seq"), ms=ms)
        ACTS.info(
            "act %(type)s by %(seat)s in %(campaign)s: %(result)s, seq %(seq)s, %(ms)s ms",
            line,
            extra=line,
        )
        return ack

    act.__name__ = handler.__name__
    return act


def _since(data: dict[str, Any]) -> int:
    since = data.get("since", 0) or 0
    if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= MAX_SEQ:
        raise ActionError("invalid", f"'since' must be a sequence number from 0 to {MAX_SEQ}")
    return since


def unknown(event: str, sid: str, *_data: Any) -> Ack:
    """The ack of an event the protocol has not: one ``invalid`` error."""
    log.info("refused a Socket.IO event from %s: unknown event %.40r", sid, event)
    return error_body("invalid", f"unknown event {event[:40]!r}: a client sends join or act")


class Sockets:
    """The joined sockets of one app: each in at most one campaign, as one seat."""

    def __init__(
        self,
        socketio: SocketIO,
        service: CampaignService,
        limits: SeatLimits | None = None,
        offload: Callable[..., Any] = lambda work, *args: work(*args),
        ready: threading.Event | None = None,
    ) -> None:
        self.socketio = socketio
        self.service = service
        self.offload = offload  # a page of history off the event loop (server.web.app)
        self.limits = limits  # None: no limit
        self.outcomes = action_ids.Outcomes()  # the acks of acts with a client action id
        self.ready = ready  # None: ready from the start
        self.joined: dict[str, tuple[str, str, str]] = {}  # sid -> (campaign, seat id, token)
        self.online: dict[tuple[str, str], int] = {}  # (campaign, seat id) -> sockets here
        self.lock = threading.Lock()
        self.in_flight = InFlight()  # the joins and acts being answered (a leave waits for them)

    def _count(self, campaign_id: str, seat_id: str, step: int) -> bool:
        """Count a socket of the seat in (+1) or out (-1), under the lock; True when the
        seat came online or went offline with it."""
        key = (campaign_id, seat_id)
        before = self.online.get(key, 0)
        after = max(0, before + step)
        if after:
            self.online[key] = after
        else:
            self.online.pop(key, None)
        return (before == 0) != (after == 0)

    def _tell(self, campaign_id: str, seat_id: str, online: bool) -> None:
        self.socketio.emit(
            "presence", {"seat": seat_id, "online": online}, to=campaign_room(campaign_id)
        )

    def presence(self, campaign_id: str) -> dict[str, bool]:
        """The seats of ``campaign_id`` with a socket joined in this process."""
        with self.lock:
            return {seat: True for (cid, seat) in self.online if cid == campaign_id}

    def _enter(self, sid: str, *rooms: str) -> None:
        for room in rooms:
            self.socketio.server.enter_room(sid, room, namespace="/")

    def _leave(self, sid: str, *rooms: str) -> None:
        for room in rooms:
            self.socketio.server.leave_room(sid, room, namespace="/")

    def refusal(self) -> Ack | None:
        """``not_ready`` while the process warms up (no campaign's lock taken, nor the
        world read, before it is done: server/web/runtime.py); else None, the world built."""
        if self.ready is not None and not self.ready.is_set():
            return runtime.not_ready()
        runtime.ensure_world()
        return None

    def join(self, sid: str, data: Any) -> Ack:
        if (refused := self.refusal()) is not None:
            return refused
        if not isinstance(data, dict):
            raise ActionError("invalid", "join takes {campaign, token, since}")
        since = _since(data)
        seat = self.service.authenticate(data.get("campaign"), data.get("token"))
        manager = self.socketio.server.manager
        with self.lock:
            previous = self.joined.get(sid)
        if previous is not None and previous[:2] != (data.get("campaign"), seat["id"]):
            manager.moved(sid)  # another campaign or seat: what it was sent is not its
        # what comes meanwhile is held back until the ack's seq is known; what was sent to
        # the socket before (on its way to it as it asked) the ack need not hold again
        sent = manager.pause(sid)
        try:
            ack = self._join(sid, data, since, seat)
        except BaseException:
            manager.hold(sid, None)
            raise
        if "events" in ack:
            ack["events"] = [e for e in ack["events"] if not sent(e["seq"])]
        # the ack is sent right after, by python-socketio; a catch-up's next page is the
        # client's to ask for
        manager.hold(sid, ack["seq"], paging=bool(since) and ack["more"])
        return ack

    def _join(self, sid: str, data: dict[str, Any], since: int, seat: dict[str, Any]) -> Ack:
        campaign_id, token = str(data["campaign"]), str(data["token"])  # checked by it
        left = came = False
        with self.lock:
            previous = self.joined.get(sid)
            same = previous is not None and previous[:2] == (campaign_id, seat["id"])
            if previous and not same:  # the socket joins as another seat
                self._leave(sid, seat_room(*previous[:2]), campaign_room(previous[0]))
                left = self._count(previous[0], previous[1], -1)
            self.joined[sid] = (campaign_id, seat["id"], token)
            if not same:  # a re-join of the same seat (a catch-up) is not counted twice
                came = self._count(campaign_id, seat["id"], +1)
        if previous and left:
            self._tell(previous[0], previous[1], False)
        self._enter(sid, seat_room(campaign_id, seat["id"]), campaign_room(campaign_id))
        if came:
            self._tell(campaign_id, seat["id"], True)
        public = {k: seat.get(k) for k in ("id", "role", "name", "squadron", "ship", "officer")}
        # a page of the seat's history after ``since`` (off the event loop): a catch-up's
        # events, and their notices (on a first join, those of the log's first page)
        upto, events, notices, more = self.offload(
            self.service.pager(campaign_id, seat["id"]), since
        )
        if since:
            seq = upto  # caught up to the page's end: the next page is a join from there
            ack = {"ok": True, "seat": public, "seq": seq, "events": events}
        else:
            seq, state = self.service.snapshot(campaign_id, seat)
            more = upto < seq  # the notices of the events after the page: by REST
            ack = {"ok": True, "seat": public, "seq": seq, "state": state}
        online = self.presence(campaign_id)
        ack["presence"] = {s: online.get(s, False) for s in self.service.seat_ids(campaign_id)}
        # the seat's notices after ``since`` up to ``next`` (a reload's: from the start)
        ack["notices"] = [n for n in notices if n["seq"] <= seq]
        ack["more"], ack["next"] = more, min(upto, seq)
        ack["protocol"] = PROTOCOL_VERSION
        # the room was joined before the log was read (nothing committed meanwhile is
        # missed); what the ack holds is not sent again (server.web.delivery)
        return ack

    def act(self, sid: str, data: Any) -> Ack:
        if (refused := self.refusal()) is not None:
            return refused
        with self.lock:
            entry = self.joined.get(sid)
        if entry is None:
            raise ActionError("forbidden", "join a campaign with your seat's token first")
        campaign_id, seat_id, _ = entry
        data, action = action_ids.split(data)
        if action is None:
            return self._act(entry, data)
        return self.outcomes.once(
            (campaign_id, seat_id, action), lambda: self._act(entry, data, action)
        )

    def _act(self, entry: tuple[str, str, str], data: Any, action: str | None = None) -> Ack:
        campaign_id, seat_id, token = entry
        limits = self.limits
        if limits is not None and (refused := limits.act_refusal(campaign_id, seat_id)):
            return refused
        if isinstance(data, dict) and data.get("preview") is True:
            seat = self.service.authenticate(campaign_id, token)  # a reissued token stops
            if seat["id"] != seat_id:  # pragma: no cover - tokens are unique per seat
                raise ActionError("forbidden", "that token opens another seat")
            order = {k: v for k, v in data.items() if k != "preview"}
            return {"ok": True, "preview": self.service.preview(campaign_id, seat_id, order)}
        talk = limits if isinstance(data, dict) and data.get("type") == "say" else None
        if talk is not None and (refused := talk.say_refusal(campaign_id, seat_id)):
            return refused
        # the token checked as well; an act of the action id logged already: its seq
        seq = self.service.act(campaign_id, seat_id, data, token, action)
        if talk is not None:
            talk.said(campaign_id, seat_id)
        return {"ok": True, "seq": seq}

    def disconnect(self, sid: str, *_reason: Any) -> None:
        with self.lock:
            entry = self.joined.pop(sid, None)
            left = entry is not None and self._count(entry[0], entry[1], -1)
        if entry is not None and left:
            self._tell(entry[0], entry[1], False)
        self.socketio.server.manager.forget(sid)

    def revoke(self, campaign_id: str, seat_id: str) -> None:
        """Cut a reissued seat's sockets off: told ``revoked``, out of its room."""
        room = seat_room(campaign_id, seat_id)
        self.socketio.emit("revoked", {"seat": seat_id}, to=room)
        self.socketio.close_room(room)
        with self.lock:  # its sockets here are no longer joined: the seat goes offline
            gone = [sid for sid, e in self.joined.items() if e[:2] == (campaign_id, seat_id)]
            for sid in gone:
                del self.joined[sid]
                self._leave(sid, campaign_room(campaign_id))
            self.online.pop((campaign_id, seat_id), None)
        if gone:
            self._tell(campaign_id, seat_id, False)


def register(
    socketio: SocketIO,
    service: CampaignService,
    metrics: Metrics,
    offload: Callable[..., Any],
    ready: threading.Event,
    limits: SeatLimits | None = None,
) -> Sockets:
    """Wire the handlers: the joined sockets (their ``revoke`` cuts a reissued seat off),
    and the answer to an unknown event."""
    sockets = Sockets(socketio, service, limits, offload, ready)
    metrics.watch_sockets(sockets.joined, sockets.lock, lambda: len(socketio.server.eio.sockets))
    server = socketio.server  # python-socketio's: handlers taking the socket's id, no context
    server.on("join", sockets.in_flight.counted(metrics.count_joins(_acked(sockets.join))))
    server.on(
        "act",
        sockets.in_flight.counted(metrics.count_acts(_logged(sockets, _acked(sockets.act)))),
    )
    server.on("disconnect", sockets.disconnect)
    server.on("*", unknown)  # python-socketio's catch-all: any event with no handler
    return sockets
