"""The campaigns' states, cached per process: each built from its newest snapshot and the
log's tail, caught up with what other writers logged, checked against the whole log, dropped
when idle. The log stays the truth: a snapshot that disagrees with it is dropped.

Every ``SNAPSHOT_EVERY`` events a campaign's state is written beside the log (by the
committer, :mod:`server.web.committer`), so that a rebuild replays only the log's tail.
"""

from __future__ import annotations

import copy
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from server import game
from server.game import ActionError, State
from server.game.state import no_clock
from server.web.storage import Store

log = logging.getLogger("admiralty")

__all__ = ["IDLE_SECONDS", "SNAPSHOT_EVERY", "Cached", "StateCache", "snapshot_every", "state_json"]

#: a snapshot of the state every this many events
SNAPSHOT_EVERY = 250
#: a campaign's state is dropped from memory after this long without a request
IDLE_SECONDS = 15 * 60.0


def snapshot_every(value: Any) -> int:
    """The snapshot interval a setting gives (``None``: :data:`SNAPSHOT_EVERY`); a
    ``ValueError`` in one line unless it is a whole number of events, 1 or more.

    >>> snapshot_every("50"), snapshot_every(None)
    (50, 250)
    """
    if value is None:
        return SNAPSHOT_EVERY
    try:
        every = int(value)
    except (TypeError, ValueError):
        every = 0
    if every < 1 or isinstance(value, float | bool):
        raise ValueError(f"the snapshot interval must be a whole number of events, not {value!r}")
    return every


def state_json(state: State) -> str:
    """A snapshot of ``state``: its keys in the state's own order, never sorted, so that a
    state read back from it holds its tables in the order the log built them. The rules
    walk the officers and the seats in that order (the order the log created them in);
    the forces, the fights and the cruises in an order of their own, whatever the dict's
    (:func:`server.game.sighting.in_order`, :func:`server.game.state.by_id`): belt and
    braces. :meth:`check_snapshot` compares the order too."""
    return json.dumps(state, separators=(",", ":"))


#: the events after which a seat's old token opens nothing
REVOKING = frozenset({"seat_revoked", "seat_reissued"})


@dataclass(slots=True)
class Cached:
    seq: int
    state: State
    used: float  # time.monotonic() of the last request
    due: str | None | bool = False  # the clock's next due time as the store has it (False: unknown)
    # token hash -> seat id, each checked against the store since the last revoking event
    # this state has applied: an act decided on this state (the newest, or its event is
    # not logged) needs no query of the store for its token
    tokens: dict[str, str] = field(default_factory=dict)
    # the views its seats were last sent (server.game.views.Tracker), at its seq or behind
    # it (events another process logged, applied without a broadcast: rebuilt when needed)
    views: game.Tracker | None = None

    def tracker(self) -> game.Tracker:
        """The seats' views at this state's seq (built anew when behind it)."""
        if self.views is None or self.views.seq != self.seq:
            self.views = game.track(self.state, self.seq)
        return self.views

    def apply(self, seq: int, kind: str, data: dict[str, Any]) -> None:
        """Apply the log's event ``seq`` to the state."""
        game.apply_event(self.state, kind, data)
        self.seq = seq
        if kind in REVOKING:
            self.tokens.clear()


class StateCache:
    """The states of a store's campaigns, cached in this process, each under its lock."""

    def __init__(
        self, store: Store, snapshot_every: int = SNAPSHOT_EVERY, idle_seconds: float = IDLE_SECONDS
    ) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self.idle_seconds = idle_seconds
        self._states: dict[str, Cached] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def get(self, campaign_id: str) -> Cached | None:
        """The campaign's cached state, if this process holds it."""
        return self._states.get(campaign_id)

    def held(self, campaign_id: str) -> Cached:
        """The campaign's cached state (caught up: :meth:`catch_up` made it)."""
        return self._states[campaign_id]

    def drop(self, campaign_id: str) -> None:
        """Forget the campaign's state: the next request rebuilds it from the store."""
        self._states.pop(campaign_id, None)

    def lock(self, campaign_id: str) -> threading.RLock:
        lock = self._locks.get(campaign_id)
        if lock is not None:
            return lock
        with self._guard:
            return self._locks.setdefault(campaign_id, threading.RLock())

    def base(self, campaign_id: str, at_most: int | None = None) -> tuple[int, State]:
        """The newest snapshot (at or before ``at_most``), else the campaign's first state.
        A snapshot written with its keys sorted (by a version before snapshots kept the
        state's order: its first key is not the state's first, ``campaign``) is not used:
        the officers and seats are walked in the order the log created them, which the
        state keeps and that one lost (:func:`_json`)."""
        snap = self.store.snapshot(campaign_id, at_most)
        state: Any = json.loads(snap[1]) if snap is not None else {}
        if snap is not None and next(iter(state), None) == "campaign":
            state.setdefault("officers", {})  # a snapshot from before officers were kept
            state.setdefault("standing", {})  # ... or standing orders
            state.setdefault("clock", no_clock())
            return snap[0], state
        row = self.store.campaign(campaign_id)
        if row is None:
            raise ActionError("not_found", f"no campaign {campaign_id!r}")
        return 0, game.initial_state(row)

    def catch_up(self, campaign_id: str, read: bool = True) -> tuple[int, State]:
        """The newest state: the cached one plus whatever other writers logged since
        (``read=False``: the cached one as it is, when there is one)."""
        cached = self._states.get(campaign_id)
        if cached is None:
            seq, state = self.base(campaign_id)
            cached = self._states[campaign_id] = Cached(seq, state, 0.0)
            read = True
        for ev in self.store.events_after(campaign_id, cached.seq) if read else ():
            cached.apply(ev.seq, ev.type, ev.data)
        cached.used = time.monotonic()
        return cached.seq, cached.state

    def current(self, campaign_id: str) -> tuple[int, State]:
        with self.lock(campaign_id):
            seq, state = self.catch_up(campaign_id)
            return seq, copy.deepcopy(state)

    def load(self, campaign_id: str) -> None:
        """Build a campaign's state now (the recent campaigns, before the server is ready)."""
        with self.lock(campaign_id):
            self.catch_up(campaign_id)

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Drop the states of campaigns idle for ``idle_seconds``; their ids."""
        now = time.monotonic() if now is None else now
        gone = []
        for campaign_id, cached in list(self._states.items()):
            if now - cached.used >= self.idle_seconds:
                with self.lock(campaign_id):
                    if now - cached.used >= self.idle_seconds:
                        self.drop(campaign_id)
                        gone.append(campaign_id)
        return gone

    @property
    def cached(self) -> list[str]:
        """The campaigns whose state this process holds."""
        return list(self._states)

    def check_snapshot(self, campaign_id: str) -> bool:
        """Rebuild the campaign from its whole log up to its newest snapshot and compare:
        True if they agree (or there is none); a snapshot that disagrees is dropped, with
        the cached state built on it, and logged. They agree when the snapshot is the text
        the rebuilt state makes: the same values, each table in the same order (one
        written in another order, as they once were with their keys sorted, is dropped)."""
        snap = self.store.snapshot(campaign_id)
        if snap is None:
            return True
        row = self.store.campaign(campaign_id)
        if row is None:
            return True
        state = game.initial_state(row)
        for ev in self.store.events_after(campaign_id, 0):
            if ev.seq > snap[0]:
                break
            game.apply_event(state, ev.type, ev.data)
        if state_json(state) == snap[1]:
            return True
        log.error(
            "campaign %s: the snapshot at seq %d disagrees with the log; dropped",
            campaign_id,
            snap[0],
        )
        with self.lock(campaign_id):
            self.store.drop_snapshots(campaign_id)
            self.drop(campaign_id)
        return False
