"""The sockets the message queue left behind, caught up from the log.

Every event goes to the sockets of every process through Redis (python-socketio's
``RedisManager``), which gives an event up when it cannot publish it (two tries), and
whose subscriber hears nothing published while it is away or reconnecting (Redis's
publish/subscribe keeps nothing). The event is logged all the same, and its act acked:
without more, a client would learn of it only from a later event's gap, and not at all
were it the last. So every :data:`BEAT` seconds each process reads the last seq of every
campaign with a socket joined here (one query) and sends each socket that is still below
what the log held a beat before (the events on their way meanwhile are left to the queue)
what it lacks, read from the log as a catch-up reads it (:meth:`CampaignService.pager`, off
the event loop), each event once and in order past the socket's mark
(:meth:`server.web.delivery.Floors.fill`); a socket sent a later event meanwhile (which
waits for the missing one: :mod:`server.web.delivery`) is caught up at the next beat. During
an outage of Redis the events thus come a beat or two late, in order, and none is lost; a
socket that pages through a catch-up itself is left to it. A process without a message
queue delivers every event itself and runs no beat.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from server.web.campaigns import CampaignService
from server.web.delivery import Floors
from server.web.sockets import Sockets

__all__ = ["BEAT", "CatchUp"]

#: seconds between two looks at the sockets
BEAT = 2.0
log = logging.getLogger("admiralty")


class CatchUp:
    """One process's look at its sockets against the log (:meth:`beat`), for good
    (:meth:`run`)."""

    def __init__(
        self,
        sockets: Sockets,
        service: CampaignService,
        manager: Floors,
        offload: Callable[..., Any] = lambda work, *args: work(*args),
    ) -> None:
        self.sockets = sockets
        self.service = service
        self.manager = manager
        self.offload = offload  # a page of the log read off the event loop
        self.heads: dict[str, int] = {}  # campaign -> its last seq at the previous beat
        self.failing = False  # the last beat could not read the store (logged once)

    def beat(self) -> int:
        """Send each socket below what the log held at the previous beat what it lacks:
        the number of sockets sent something."""
        with self.sockets.lock:
            joined = {sid: (c, seat) for sid, (c, seat, _) in self.sockets.joined.items()}
        heads = self.service.store.last_seqs(sorted({c for c, _ in joined.values()}))
        behind: dict[tuple[str, str], list[tuple[str, int]]] = {}
        for sid, (campaign_id, seat_id) in joined.items():
            mark = self.manager.mark(sid)
            waits = sid in self.manager.waiting  # events came after a gap: fill it now
            if mark is not None and (waits or mark < self.heads.get(campaign_id, 0)):
                behind.setdefault((campaign_id, seat_id), []).append((sid, mark))
        self.heads = heads
        sent = 0
        for (campaign_id, seat_id), marks in behind.items():
            since = min(mark for _, mark in marks)
            # the seat read here, under the campaign's lock; the page off the event loop
            # (a gevent lock taken in a thread of the OS misses its wake-ups: CampaignService.pager)
            page = self.service.pager(campaign_id, seat_id)
            upto, events, _, _ = self.offload(page, since)
            for sid, _ in marks:
                self.manager.fill(sid, events, upto)
            sent += len(marks)
        if sent:
            log.warning("%d socket(s) caught up from the log: the message queue missed them", sent)
        return sent

    def run(self) -> None:
        """:meth:`beat` every :data:`BEAT` seconds, for good (a failure logged once a run
        of them: the store away)."""
        while True:
            time.sleep(BEAT)
            try:
                self.beat()
            except Exception:
                if not self.failing:
                    log.exception("catching sockets up from the log failed; trying again")
                self.failing = True
            else:
                if self.failing:
                    log.info("catching sockets up from the log works again")
                self.failing = False
