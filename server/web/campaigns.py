"""The campaign service: the event log is the truth, the state is rebuilt from it.

Every accepted action is decided against the latest state, written as one event in one
transaction, and only then applied and broadcast. Several server processes may serve one
campaign: each catches up from the store before deciding, under the campaign's write turn
(:meth:`Store.turn`), which it holds until the event is handed to the message queue, so
that every process receives a campaign's events in log order.

Each event's payload is computed once per distinct view and sent once per group of seats
that see the same thing (:func:`server.game.audiences`): one emit to the group's seat rooms,
or, when every seat sees the same (a public event), one emit to the campaign's room. The
events of acts logged together go to a socket in one message (``events``).

States are cached per process and kept from growing: a campaign idle for ``IDLE_SECONDS``
is dropped (rebuilt on demand), and every ``SNAPSHOT_EVERY`` events its state is written
beside the log, so that a rebuild replays only the log's tail. The log stays the truth:
:meth:`CampaignService.check_snapshot` rebuilds from the log and drops a snapshot that
disagrees.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server import game
from server.game import ActionError, State, clock, rules
from server.game.state import SeatRecord, no_clock
from server.web.delivery import campaign_room, seat_room
from server.web.storage import Store, StoredEvent
from server.web.tokens import hash_token, new_token

__all__ = ["CampaignService", "snapshot_every"]

# (rooms, an event's payload; or the payloads of the events logged together, ``events``)
Emit = Callable[[list[str], Any], None]
Decision = tuple[str, dict[str, Any], tuple[str, str] | None]  # (type, data, new seat token)

PREVIEWABLE = ("deploy", "sail", "move_enemy")
CAMPAIGN_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: a snapshot of the state every this many events
SNAPSHOT_EVERY = 250
#: a campaign's state is dropped from memory after this long without a request
IDLE_SECONDS = 15 * 60.0
#: a catch-up's page: the events after ``since`` one answer reads at most (:meth:`page`)
PAGE_EVENTS = 200
log = logging.getLogger("admiralty")


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


def _json(state: State) -> str:
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
class _Cached:
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


@dataclass(slots=True)
class _Act:
    """One act waiting for its campaign's next batch (:meth:`CampaignService._commit_acts`),
    and what became of it."""

    author: str
    decide: Callable[[int, State], Decision]
    done: threading.Event | None = None  # an act that waits for another's batch: told
    seq: int | None = None  # logged
    error: Exception | None = None  # refused, or failed
    lead: bool = False  # handed the next batch


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _epoch(when: str | None) -> float | None:
    return None if when is None else clock.parse_time(when).timestamp()


class CampaignService:
    """Campaigns in one store, their states cached per process."""

    def __init__(
        self,
        store: Store,
        emit: Emit,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        idle_seconds: float = IDLE_SECONDS,
        now: Callable[[], dt.datetime] = _utcnow,
        others_first: Callable[[], None] = lambda: None,
        page_events: int = PAGE_EVENTS,
    ) -> None:
        self.store = store
        self.emit = emit
        self.now = now  # the one clock of the game: each event's time, the deadlines
        # a turn for the other green threads ready to run (gevent's server: ``sleep(0)``)
        self.others_first = others_first
        self.snapshot_every = snapshot_every
        self.idle_seconds = idle_seconds
        self.page_events = page_events
        self._states: dict[str, _Cached] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self._acts: dict[str, list[_Act]] = {}  # campaign -> the acts waiting for a batch
        self._batching: set[str] = set()  # the campaigns whose batch is being committed

    # -- reading ---------------------------------------------------------------------

    def _lock(self, campaign_id: str) -> threading.RLock:
        lock = self._locks.get(campaign_id)
        if lock is not None:
            return lock
        with self._guard:
            return self._locks.setdefault(campaign_id, threading.RLock())

    def _base(self, campaign_id: str, at_most: int | None = None) -> tuple[int, State]:
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

    def _catch_up(self, campaign_id: str, read: bool = True) -> tuple[int, State]:
        """The newest state: the cached one plus whatever other writers logged since
        (``read=False``: the cached one as it is, when there is one)."""
        cached = self._states.get(campaign_id)
        if cached is None:
            seq, state = self._base(campaign_id)
            cached = self._states[campaign_id] = _Cached(seq, state, 0.0)
            read = True
        for ev in self.store.events_after(campaign_id, cached.seq) if read else ():
            cached.apply(ev.seq, ev.type, ev.data)
        cached.used = time.monotonic()
        return cached.seq, cached.state

    def current(self, campaign_id: str) -> tuple[int, State]:
        with self._lock(campaign_id):
            seq, state = self._catch_up(campaign_id)
            return seq, copy.deepcopy(state)

    def load(self, campaign_id: str) -> None:
        """Build a campaign's state now (the recent campaigns, before the server is ready)."""
        with self._lock(campaign_id):
            self._catch_up(campaign_id)

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Drop the states of campaigns idle for ``idle_seconds``; their ids."""
        now = time.monotonic() if now is None else now
        gone = []
        for campaign_id, cached in list(self._states.items()):
            if now - cached.used >= self.idle_seconds:
                with self._lock(campaign_id):
                    if now - cached.used >= self.idle_seconds:
                        self._states.pop(campaign_id, None)
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
        if _json(state) == snap[1]:
            return True
        log.error(
            "campaign %s: the snapshot at seq %d disagrees with the log; dropped",
            campaign_id,
            snap[0],
        )
        with self._lock(campaign_id):
            self.store.drop_snapshots(campaign_id)
            self._states.pop(campaign_id, None)
        return False

    def authenticate(self, campaign_id: Any, token: Any) -> dict[str, Any]:
        """The seat ``token`` opens in ``campaign_id``; ``forbidden`` otherwise."""
        if not isinstance(campaign_id, str) or not CAMPAIGN_ID.fullmatch(campaign_id):
            raise ActionError("invalid", "'campaign' must be a campaign id")
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ActionError("forbidden", "a seat token is required")
        token_hash = hash_token(token)
        with self._lock(campaign_id):
            seat_id = self._seat_of(campaign_id, token_hash)
            cached = self._states.get(campaign_id)
            if cached is not None and seat_id in cached.state["seats"]:
                # seats are never removed, nor their role changed: a seat in the cached state
                # is there in the newest (the store just said the token opens it); its berth
                # and officer may be an event behind another process's, and every act is
                # judged on the newest state
                state = cached.state
                cached.used = time.monotonic()
            else:
                _, state = self._catch_up(campaign_id)
            if seat_id is None or seat_id not in state["seats"]:
                raise ActionError("forbidden", "that token opens no seat in this campaign")
            return dict(state["seats"][seat_id])

    def _seat_of(self, campaign_id: str, token_hash: str) -> str | None:
        """The seat the token opens, as the store says (under the campaign's lock); kept
        with the cached state, until it applies a revoking event, for :meth:`act`."""
        seat_id = self.store.seat_for_token_hash(campaign_id, token_hash)
        cached = self._states.get(campaign_id)
        if seat_id is not None and cached is not None:
            cached.tokens[token_hash] = seat_id
        return seat_id

    def find_seat(self, token: Any) -> tuple[str, dict[str, Any]]:
        """The campaign and the seat a bare ``token`` opens; ``forbidden`` otherwise."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ActionError("forbidden", "a seat token is required")
        found = self.store.seat_of_token_hash(hash_token(token))
        if found is None:
            raise ActionError("forbidden", "that token opens no seat on this server")
        return found[0], self.authenticate(found[0], token)

    def last_activity(self, campaign_id: str) -> float | None:
        """When the campaign was last written to (epoch seconds), or None."""
        row = self.store.campaign(campaign_id)
        return float(row["touched"]) if row and row.get("touched") else None

    def snapshot(self, campaign_id: str, seat: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock(campaign_id):
            seq, state = self._catch_up(campaign_id)
            return seq, game.state_for(state, state["seats"][seat["id"]])

    def officer(self, campaign_id: str, seat: dict[str, Any], officer_id: str) -> dict[str, Any]:
        """An officer's sheet, for the GM and for the seat that plays him."""
        with self._lock(campaign_id):
            _, state = self._catch_up(campaign_id)
            viewer = state["seats"][seat["id"]]
            officer = state["officers"].get(officer_id)
            if officer is None:
                raise ActionError("not_found", f"no officer {officer_id!r}")
            if viewer["role"] != "gm" and officer["player"] != viewer["id"]:
                raise ActionError("forbidden", "an officer's sheet is his player's and the GM's")
            return game.officer_for(officer, viewer)

    def history(
        self, campaign_id: str, seat_id: str, since: int, limit: int | None = None
    ) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
        """The campaign's last seq, the event payloads ``seat_id`` would have received
        after ``since`` (those it may see: not the bare seqs of the others), each its view's
        change from the one before, and the notices they make for it
        (:func:`server.game.notices_for`), each in log order. With ``limit``, only the
        ``limit`` events after ``since`` are read: the seq returned is the last of them
        (:meth:`page`)."""
        viewer = self._viewer(campaign_id, seat_id)
        seq, state = self._base(campaign_id, at_most=since)
        events: list[dict[str, Any]] = []
        told: list[dict[str, Any]] = []
        tracker = game.track(state, seq, [viewer]) if seq >= since else None
        until = None if limit is None else since + limit
        for ev in self.store.events_after(campaign_id, seq, until):
            game.apply_event(state, ev.type, ev.data)
            seq = ev.seq
            if tracker is None:
                if ev.seq == since:  # the view the seat holds: the changes start from it
                    tracker = game.track(state, seq, [viewer])
                continue
            spec = game.SPECS[ev.type]
            patch = game.changes(tracker, state, ev.seq, spec.touches, [viewer])[seat_id][1]
            seen = game.event_data(spec, ev.seat, ev.data, state, viewer)
            payload = game.payload(spec, ev.seq, ev.data, seen, patch)
            if "type" in payload:
                events.append(payload)
                view = tracker.view(seat_id)
                told.extend(
                    game.notices_for(spec.notice, payload, ev.seat, ev.data, viewer, state, view)
                )
        return seq, events, told

    def _viewer(self, campaign_id: str, seat_id: str) -> game.Seat:
        """A seat as its views read it (its id and role: neither ever changes)."""
        with self._lock(campaign_id):
            _, state = self._catch_up(campaign_id)
            seat = state["seats"].get(seat_id)
            if seat is None:
                raise ActionError("not_found", f"no seat {seat_id!r}")
            return copy.deepcopy(seat)

    def first_view(self, campaign_id: str, seat_id: str) -> dict[str, Any]:
        """The view ``seat_id`` has of the campaign before its first event: where the
        changes of every event from ``since=0`` start."""
        viewer = self._viewer(campaign_id, seat_id)
        _, state = self._base(campaign_id, at_most=0)
        return game.state_for(state, viewer)

    def page(
        self, campaign_id: str, seat_id: str, since: int
    ) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]], bool]:
        """One page of :meth:`history`: what its ``page_events`` events after ``since``
        make for ``seat_id`` (the seq it reaches, the payloads, the notices), and whether
        the log goes on past that seq (then ask again from it). Each page's work is
        bounded, whatever the log's length; the pages put together are the history."""
        seq, events, told = self.history(campaign_id, seat_id, since, self.page_events)
        return seq, events, told, seq < self.store.last_seq(campaign_id)

    def events_since(self, campaign_id: str, seat_id: str, since: int) -> tuple[int, list[dict]]:
        """The campaign's last seq, and the event payloads ``seat_id`` would have received
        after ``since``, in order (those it may see: not the bare seqs of the others)."""
        seq, events, _ = self.history(campaign_id, seat_id, since)
        return seq, events

    def notices(self, campaign_id: str, seat_id: str, since: int) -> list[dict[str, Any]]:
        """The notices of ``seat_id`` after ``since`` (a reload shows them all from 0)."""
        return self.history(campaign_id, seat_id, since)[2]

    def log(self, campaign_id: str, seat: dict[str, Any]) -> dict[str, Any]:
        """The whole log, for ``admiralty replay`` (the GM's only)."""
        _, state = self.current(campaign_id)
        game.require_log_reader(state, state["seats"][seat["id"]])
        row = self.store.campaign(campaign_id)
        if row is None:
            raise ActionError("not_found", f"no campaign {campaign_id!r}")
        return {
            "campaign": {k: row[k] for k in ("id", "name", "year", "seed")},
            "events": [e.to_dict() for e in self.store.events_after(campaign_id, 0)],
        }

    # -- writing ---------------------------------------------------------------------

    def create(
        self, name: str, year: int, seed: int, clock: dict[str, Any] | None = None
    ) -> tuple[str, str]:
        """A new campaign; returns ``(campaign id, GM token)``. ``clock`` (``turn_days``,
        ``turn_seconds``, ``round_seconds``) is logged in its first event."""
        campaign_id = secrets.token_hex(5)
        token = new_token()
        gm: SeatRecord = {
            "id": "gm-" + secrets.token_hex(4),
            "role": "gm",
            "name": "Games Master",
            "squadron": None,
            "ship": None,
        }
        data: dict[str, Any] = {"gm": gm, "name": name, "year": year, "rules": game.RULES_VERSION}
        if clock is not None:
            data["clock"] = dict(clock)
        first = StoredEvent(1, "campaign_created", gm["id"], data)
        self.store.create_campaign(
            {"id": campaign_id, "name": name, "year": year, "seed": seed},
            first,
            (gm["id"], hash_token(token)),
        )
        return campaign_id, token

    def _commit(
        self,
        campaign_id: str,
        author: str | None,
        decide: Callable[[int, State], Decision],
    ) -> int:
        """Decide against the newest state, log it, apply it, broadcast it; returns its seq.

        The cached state is tried first, without reading the log: were another writer's
        event logged since, the append of the next seq fails on it (the seq is the log's
        key) and the action is decided again on the newest state, as is one refused on
        the cached state. What is logged was always decided on the log's last event."""
        with self._lock(campaign_id), self.store.turn(campaign_id):
            trust_cache = True
            for _ in range(5):
                seq, state = self._catch_up(campaign_id, read=not trust_cache)
                try:
                    kind, data, seat_token = decide(seq + 1, state)
                except ActionError:
                    if not trust_cache:
                        raise
                    trust_cache = False  # refused on what this process had seen: the newest decides
                    continue
                data.setdefault("at", clock.stamp(self.now()))  # when, for the clock and the log
                event = StoredEvent(seq + 1, kind, author, data)
                if self.store.append(campaign_id, event, seat_token):
                    break
                trust_cache = False
            else:  # pragma: no cover - five lost races in a row (a writer without turns)
                raise ActionError("conflict", "the campaign is busy; try again")
            cached = self._states[campaign_id]
            try:
                views = cached.tracker()
                cached.apply(event.seq, kind, data)
                groups = game.audiences(game.SPECS[kind], event.seq, author, data, state, views)
            except Exception:  # the log has it; rebuild from the log on the next request
                self._states.pop(campaign_id, None)
                raise
            self._broadcast(campaign_id, [groups])
            if event.seq % self.snapshot_every == 0:
                self.store.save_snapshot(campaign_id, event.seq, _json(state))
            self._keep_due(campaign_id)
            return event.seq

    def _commit_acts(
        self, campaign_id: str, author: str, decide: Callable[[int, State], Decision]
    ) -> int:
        """:meth:`_commit` for a seat's act, with the acts of the campaign that come while
        one is being committed: those are decided one after another, each on the state the
        one before left, logged in one append, and broadcast in their order (one fsync and
        one message a socket for them all). Alone, an act is :meth:`_commit`."""
        mine = _Act(author, decide)
        with self._guard:
            lead = campaign_id not in self._batching
            if not lead:  # (the one that commits needs no event: most acts, when alone)
                mine.done = threading.Event()
            self._acts.setdefault(campaign_id, []).append(mine)
            self._batching.add(campaign_id)
        if mine.done is not None:
            mine.done.wait()
            lead = mine.lead
        if lead:
            # the acts already read (under gevent, green threads ready to run) join this
            # batch, not the next: one fsync and one message a socket for them all
            self.others_first()
            self._lead_batch(campaign_id, mine)
        if mine.error is not None:
            raise mine.error
        assert mine.seq is not None
        return mine.seq

    def _lead_batch(self, campaign_id: str, mine: _Act) -> None:
        """Commit the campaign's waiting acts (``mine`` among them), then hand the next
        batch to the first act that came meanwhile; each act of this one is told."""
        batch: list[_Act] = []
        try:
            with self._guard:
                batch = self._acts.pop(campaign_id)
            self._commit_batch(campaign_id, batch)
        finally:
            with self._guard:
                waiting = self._acts.get(campaign_id)
                if waiting:  # the next batch is committed by its first act
                    waiting[0].lead = True
                    assert waiting[0].done is not None  # a waiter
                    waiting[0].done.set()
                else:
                    self._batching.discard(campaign_id)
            for act in batch:
                if act.seq is None and act.error is None:  # cut short
                    act.error = RuntimeError("the commit of this act was interrupted")
                if act is not mine:
                    assert act.done is not None  # a waiter
                    act.done.set()

    def _commit_batch(self, campaign_id: str, batch: list[_Act]) -> None:
        """Log ``batch`` together (:meth:`_log_acts`), or each act alone."""
        try:
            again = self._log_acts(campaign_id, batch) if len(batch) > 1 else batch
        except Exception as exc:  # the store failed: each act of the batch is told
            again = []
            for act in batch:
                if act.seq is None and act.error is None:
                    act.error = exc
        for act in again:  # each alone, as any other action is
            try:
                act.seq = self._commit(campaign_id, act.author, act.decide)
            except Exception as exc:
                act.error = exc

    def _log_acts(self, campaign_id: str, batch: list[_Act]) -> list[_Act]:
        """Decide, log, apply and broadcast ``batch`` on the cached state (under the
        campaign's lock and write turn): the acts to commit each alone instead. Those are
        every act when the append finds the log moved on (the cached state, which has
        applied the batch, is dropped) or a decision fails; and the refused ones when none
        was logged (refused on what this process had seen: the newest decides). When the
        append succeeds, the cached state was the log's last, so each refusal stands."""
        with self._lock(campaign_id), self.store.turn(campaign_id):
            decided = self._decide_acts(campaign_id, batch)
            if decided is None:
                return batch
            logged, refused = decided
            if not logged:
                return [act for act, _ in refused]
            try:
                appended = self.store.append_all(campaign_id, [e for _, e, _, _ in logged])
            except Exception:  # nothing logged: the state that applied the batch goes
                self._states.pop(campaign_id, None)
                raise
            if not appended:
                self._states.pop(campaign_id, None)  # another writer's event came first
                return batch
            for act, refusal in refused:
                act.error = refusal
            self._broadcast(campaign_id, [groups for _, _, groups, _ in logged])
            for act, event, _, snap in logged:
                if snap is not None:
                    self.store.save_snapshot(campaign_id, event.seq, snap)
                act.seq = event.seq
            self._keep_due(campaign_id)
            return []

    def _decide_acts(
        self, campaign_id: str, batch: list[_Act]
    ) -> tuple[list[tuple[_Act, StoredEvent, list[Any], str | None]], list[Any]] | None:
        """Each act of ``batch`` decided on the state the one before left, and applied to
        the cached state: ``(logged, refused)``, the logged with their events, payload
        groups and snapshots due; None when a decision failed (the cached state, maybe
        half changed, is dropped)."""
        seq, state = self._catch_up(campaign_id, read=False)
        cached = self._states[campaign_id]
        logged: list[tuple[_Act, StoredEvent, list[Any], str | None]] = []
        refused: list[tuple[_Act, ActionError]] = []
        try:
            for act in batch:
                try:
                    kind, data, seat_token = act.decide(seq + 1, state)
                except ActionError as exc:
                    refused.append((act, exc))
                    continue
                if seat_token is not None:  # pragma: no cover - acts hand out no tokens
                    raise RuntimeError("an act changed a seat's token")
                data.setdefault("at", clock.stamp(self.now()))
                event = StoredEvent(seq + 1, kind, act.author, data)
                views = cached.tracker()
                cached.apply(event.seq, kind, data)
                seq = event.seq
                # each payload as this event left the views (built anew: a later one
                # changes the state, never what was sent)
                groups = game.audiences(game.SPECS[kind], seq, act.author, data, state, views)
                snap = _json(state) if seq % self.snapshot_every == 0 else None
                logged.append((act, event, groups, snap))
        except Exception:
            self._states.pop(campaign_id, None)
            return None
        return logged, refused

    def _broadcast(
        self, campaign_id: str, each: list[list[tuple[dict[str, Any], list[str]]]]
    ) -> None:
        """Send events logged together (each its payload groups, in log order): one event
        as its payload (``event``), several as one list a socket (``events``: one round of
        the sockets' writers for them all, not one an event). Seats that see every one of
        them alike share one message, sent to their seat rooms, or to the campaign's room
        when every seat does (the groups part the campaign's seats)."""
        views: dict[tuple[int | None, ...], list[str]]
        if len(each) == 1:  # one event: its groups are the views
            views = {(k,): seats for k, (_, seats) in enumerate(each[0])}
        else:  # each seat's group in each event (the same seats in all: acts seat nobody)
            index = [
                {s: k for k, (_, seats) in enumerate(groups) for s in seats} for groups in each
            ]
            views = {}
            for seat_id in index[-1]:
                views.setdefault(tuple(i.get(seat_id) for i in index), []).append(seat_id)
        for key, seat_ids in views.items():
            payloads = [each[i][k][0] for i, k in enumerate(key) if k is not None]
            message: Any = payloads if len(each) > 1 else payloads[0]
            if len(views) == 1:
                self.emit([campaign_room(campaign_id)], message)
            else:
                self.emit([seat_room(campaign_id, s) for s in seat_ids], message)

    def _keep_due(self, campaign_id: str) -> None:
        """Tell the store when the campaign's clock next falls due, when that changed."""
        cached = self._states[campaign_id]
        due = clock.next_due(cached.state)
        if due != cached.due:
            self.store.set_due(campaign_id, _epoch(due))
            cached.due = due

    def tick(self, campaign_id: str) -> list[int]:
        """Do what the campaign's turn clock has due now (:mod:`server.game.clock`): the
        events' seqs, none when nothing is due. Safe from every process at once: each
        decides under the campaign's write turn against the newest state, and what one
        did is no longer due for the next."""
        done: list[int] = []
        for _ in range(3):  # a round fought, then the turn it held back
            at = clock.stamp(self.now())

            def decide(seq: int, state: State, at: str = at) -> Decision:
                rng = game.event_rng(state["campaign"]["seed"], seq)
                return (*game.decide_tick(state, at, rng), None)

            try:
                done.append(self._commit(campaign_id, None, decide))
            except ActionError as exc:
                if exc.code != "conflict":
                    raise
                break
        if not done:  # nothing was due after all: the store's due time is stale
            with self._lock(campaign_id):
                _, state = self._catch_up(campaign_id)
                due = clock.next_due(state)
                self.store.set_due(campaign_id, _epoch(due))
                self._states[campaign_id].due = due
        return done

    def run_clock(self) -> list[int]:
        """One beat of the turn clock: every campaign due now, ticked (the seqs logged)."""
        done: list[int] = []
        for campaign_id in self.store.due_campaigns(self.now().timestamp()):
            try:
                done += self.tick(campaign_id)
            except Exception:  # one campaign's trouble must not stop the others' clocks
                log.exception("campaign %s: the turn clock failed", campaign_id)
        return done

    def act(
        self, campaign_id: str, seat_id: str, args: dict[str, Any], token: str | None = None
    ) -> int:
        """Check and apply one action from ``seat_id``; returns the event's seq. With the
        seat's ``token``, it is checked too, on the state the action is decided on: a token
        reissued or revoked by any process's event stops at once."""
        token_hash = None if token is None else hash_token(token)

        def decide(seq: int, state: State) -> Decision:
            if token_hash is not None:
                self._check_token(campaign_id, seat_id, token_hash)
            rng = game.event_rng(state["campaign"]["seed"], seq)
            kind, data = game.decide(state, self._author(state, seat_id), args, rng)
            return kind, data, None

        seq = self._commit_acts(campaign_id, seat_id, decide)
        cached = self._states.get(campaign_id)
        if cached is not None and clock.due(cached.state, self.now()):
            self.tick(campaign_id)  # everyone is ready: the turn moves on at once
        return seq

    def _check_token(self, campaign_id: str, seat_id: str, token_hash: str) -> None:
        """``forbidden`` unless the token still opens ``seat_id`` (under the campaign's
        lock and write turn): known to since the cached state's last revoking event, or
        asked of the store."""
        opens = self._states[campaign_id].tokens.get(token_hash)
        if opens is None:
            opens = self._seat_of(campaign_id, token_hash)
        if opens != seat_id:
            raise ActionError("forbidden", "that token opens no seat in this campaign")

    def preview(self, campaign_id: str, seat_id: str, args: dict[str, Any]) -> dict[str, Any]:
        """Decide an order (deploy, sail, move_enemy) without logging it: the routed track
        a player sees before he confirms."""
        if not isinstance(args, dict) or args.get("type") not in PREVIEWABLE:
            raise ActionError("invalid", f"only {', '.join(PREVIEWABLE)} can be previewed")
        seq, state = self.current(campaign_id)
        rng = game.event_rng(state["campaign"]["seed"], seq + 1)
        _, data = game.decide(state, self._author(state, seat_id), args, rng)
        route = data.get("route")
        if isinstance(route, dict) and route.get("track"):  # coloured by point of sail
            route = {**route, "sails": rules.sail_pieces(route["track"], game.month_of(state))}
            data = {**data, "route": route}
        return {k: v for k, v in data.items() if k != "args"}

    @staticmethod
    def _author(state: State, seat_id: str) -> game.Seat:
        seat = state["seats"].get(seat_id)
        if seat is None:
            raise ActionError("forbidden", "your seat is no longer in this campaign")
        return seat

    def add_seat(self, campaign_id: str, author_id: str, args: Any) -> tuple[str, str, str | None]:
        """The GM seats a player; returns ``(seat id, token, officer id or None)``."""
        token = new_token()
        seat_id = "s-" + secrets.token_hex(6)

        oid = "o-" + secrets.token_hex(6)

        def decide(seq: int, state: State) -> Decision:
            rng = game.event_rng(state["campaign"]["seed"], seq)
            author = self._author(state, author_id)
            data = game.decide_seat(state, author, args, seat_id, rng, oid)
            seated.append(data["seat"]["officer"])
            return "seat_created", data, (seat_id, hash_token(token))

        seated: list[str | None] = []
        self._commit(campaign_id, author_id, decide)
        return seat_id, token, seated[-1]

    def add_officer(self, campaign_id: str, author_id: str, args: Any) -> str:
        """A character made (and seated, if the body names a seat); returns his id."""
        oid = "o-" + secrets.token_hex(6)

        def decide(seq: int, state: State) -> Decision:
            rng = game.event_rng(state["campaign"]["seed"], seq)
            data = game.decide_officer(state, self._author(state, author_id), args, oid, rng)
            return "officer_created", data, None

        self._commit(campaign_id, author_id, decide)
        return oid

    def revoke(self, campaign_id: str, author_id: str, seat_id: str) -> None:
        """Revoke a seat: its token is replaced by one nobody holds; the seat stands vacant."""
        token = new_token()  # never given out: no token opens the seat until it is reissued

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_revoke(state, self._author(state, author_id), seat_id)
            return "seat_revoked", data, (seat_id, hash_token(token))

        self._commit(campaign_id, author_id, decide)

    def seating(self, campaign_id: str, seat: dict[str, Any]) -> dict[str, Any]:
        """The GM's view of the seats: each seat (``vacant`` too) and the warnings of seats
        with nothing to command and commands with no seat (:func:`server.game.seat_warnings`)."""
        with self._lock(campaign_id):
            seq, state = self._catch_up(campaign_id)
            game.require_seat_reader(state, state["seats"][seat["id"]])
            return {
                "seq": seq,
                "seats": [game.public_seat(s) for s in state["seats"].values()],
                "warnings": game.seat_warnings(state),
            }

    def seat_ids(self, campaign_id: str) -> list[str]:
        """The ids of the campaign's seats (the GM's first)."""
        with self._lock(campaign_id):
            _, state = self._catch_up(campaign_id)
            return list(state["seats"])

    def reissue(self, campaign_id: str, author_id: str, seat_id: str, body: Any = None) -> str:
        """Revoke a seat's token and issue another (optionally to a new holder's name)."""
        token = new_token()

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_reissue(state, self._author(state, author_id), seat_id, body)
            return "seat_reissued", data, (seat_id, hash_token(token))

        self._commit(campaign_id, author_id, decide)
        return token
