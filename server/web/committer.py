"""Writing a campaign's events: each act decided against the newest state, logged in one
transaction, applied to the cached state and sent to the seats that see it.

Several server processes may serve one campaign: each catches up from the store before
deciding, under the campaign's write turn (:meth:`Store.turn`), which it holds until the
event is handed to the message queue, so that every process receives a campaign's events in
log order. The acts that come while one is being committed are decided one after another and
logged together (one fsync, one message a socket); an append that finds the log moved on is
decided again on the newest state.

Each event's payload is computed once per distinct view and sent once per group of seats
that see the same thing (:func:`server.game.audiences`): one emit to the group's seat rooms,
or, when every seat sees the same (a public event), one emit to the campaign's room.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server import game
from server.game import ActionError, State, clock
from server.web.delivery import campaign_room, seat_room
from server.web.states import StateCache, state_json
from server.web.storage import Store, StoredEvent

__all__ = ["Committer", "Decision", "Emit", "epoch"]

# (rooms, an event's payload; or the payloads of the events logged together, ``events``)
Emit = Callable[[list[str], Any], None]
Decision = tuple[str, dict[str, Any], tuple[str, str] | None]  # (type, data, new seat token)


@dataclass(slots=True)
class _Act:
    """One act waiting for its campaign's next batch (:meth:`Committer.commit_act`),
    and what became of it."""

    author: str
    decide: Callable[[int, State], Decision]
    action: str | None = None  # the client's action id, logged with its event
    done: threading.Event | None = None  # an act that waits for another's batch: told
    seq: int | None = None  # logged
    error: Exception | None = None  # refused, or failed
    lead: bool = False  # handed the next batch


def epoch(when: str | None) -> float | None:
    """An ISO 8601 time as epoch seconds (None stays None)."""
    return None if when is None else clock.parse_time(when).timestamp()


class Committer:
    """The campaigns' writer in this process: their acts batched, logged, applied to the
    cached states and broadcast."""

    def __init__(
        self,
        store: Store,
        states: StateCache,
        emit: Emit,
        now: Callable[[], dt.datetime],
        others_first: Callable[[], None] = lambda: None,
    ) -> None:
        self.store = store
        self.states = states
        self.emit = emit
        self.now = now  # the one clock of the game: each event's time, the deadlines
        # a turn for the other green threads ready to run (gevent's server: ``sleep(0)``)
        self.others_first = others_first
        self._guard = threading.Lock()
        self._acts: dict[str, list[_Act]] = {}  # campaign -> the acts waiting for a batch
        self._batching: set[str] = set()  # the campaigns whose batch is being committed

    def commit(
        self,
        campaign_id: str,
        author: str | None,
        decide: Callable[[int, State], Decision],
        action: str | None = None,
    ) -> int:
        """Decide against the newest state, log it, apply it, broadcast it; returns its seq.
        ``action`` is the client's action id of an act, logged with its event.

        The cached state is tried first, without reading the log: were another writer's
        event logged since, the append of the next seq fails on it (the seq is the log's
        key) and the action is decided again on the newest state, as is one refused on
        the cached state. What is logged was always decided on the log's last event."""
        with self.states.lock(campaign_id), self.store.turn(campaign_id):
            trust_cache = True
            for _ in range(5):
                seq, state = self.states.catch_up(campaign_id, read=not trust_cache)
                try:
                    kind, data, seat_token = decide(seq + 1, state)
                except ActionError:
                    if not trust_cache:
                        raise
                    trust_cache = False  # refused on what this process had seen: the newest decides
                    continue
                data.setdefault("at", clock.stamp(self.now()))  # when, for the clock and the log
                event = StoredEvent(seq + 1, kind, author, data, action)
                if self.store.append(campaign_id, event, seat_token):
                    break
                trust_cache = False
            else:  # pragma: no cover - five lost races in a row (a writer without turns)
                raise ActionError("conflict", "the campaign is busy; try again")
            cached = self.states.held(campaign_id)
            try:
                views = cached.tracker()
                cached.apply(event.seq, kind, data)
                groups = game.audiences(game.SPECS[kind], event.seq, author, data, state, views)
            except Exception:  # the log has it; rebuild from the log on the next request
                self.states.drop(campaign_id)
                raise
            self._broadcast(campaign_id, [groups])
            if event.seq % self.states.snapshot_every == 0:
                self.store.save_snapshot(campaign_id, event.seq, state_json(state))
            self.keep_due(campaign_id)
            return event.seq

    def commit_act(
        self,
        campaign_id: str,
        author: str,
        decide: Callable[[int, State], Decision],
        action: str | None = None,
    ) -> int:
        """:meth:`_commit` for a seat's act, with the acts of the campaign that come while
        one is being committed: those are decided one after another, each on the state the
        one before left, logged in one append, and broadcast in their order (one fsync and
        one message a socket for them all). Alone, an act is :meth:`_commit`."""
        mine = _Act(author, decide, action)
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
                act.seq = self.commit(campaign_id, act.author, act.decide, act.action)
            except Exception as exc:
                act.error = exc

    def _log_acts(self, campaign_id: str, batch: list[_Act]) -> list[_Act]:
        """Decide, log, apply and broadcast ``batch`` on the cached state (under the
        campaign's lock and write turn): the acts to commit each alone instead. Those are
        every act when the append finds the log moved on (the cached state, which has
        applied the batch, is dropped) or a decision fails; and the refused ones when none
        was logged (refused on what this process had seen: the newest decides). When the
        append succeeds, the cached state was the log's last, so each refusal stands."""
        with self.states.lock(campaign_id), self.store.turn(campaign_id):
            decided = self._decide_acts(campaign_id, batch)
            if decided is None:
                return batch
            logged, refused = decided
            if not logged:
                return [act for act, _ in refused]
            try:
                appended = self.store.append_all(campaign_id, [e for _, e, _, _ in logged])
            except Exception:  # nothing logged: the state that applied the batch goes
                self.states.drop(campaign_id)
                raise
            if not appended:
                self.states.drop(campaign_id)  # another writer's event came first
                return batch
            for act, refusal in refused:
                act.error = refusal
            self._broadcast(campaign_id, [groups for _, _, groups, _ in logged])
            for act, event, _, snap in logged:
                if snap is not None:
                    self.store.save_snapshot(campaign_id, event.seq, snap)
                act.seq = event.seq
            self.keep_due(campaign_id)
            return []

    def _decide_acts(
        self, campaign_id: str, batch: list[_Act]
    ) -> tuple[list[tuple[_Act, StoredEvent, list[Any], str | None]], list[Any]] | None:
        """Each act of ``batch`` decided on the state the one before left, and applied to
        the cached state: ``(logged, refused)``, the logged with their events, payload
        groups and snapshots due; None when a decision failed (the cached state, maybe
        half changed, is dropped)."""
        seq, state = self.states.catch_up(campaign_id, read=False)
        cached = self.states.held(campaign_id)
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
                event = StoredEvent(seq + 1, kind, act.author, data, act.action)
                views = cached.tracker()
                cached.apply(event.seq, kind, data)
                seq = event.seq
                # each payload as this event left the views (built anew: a later one
                # changes the state, never what was sent)
                groups = game.audiences(game.SPECS[kind], seq, act.author, data, state, views)
                snap = state_json(state) if seq % self.states.snapshot_every == 0 else None
                logged.append((act, event, groups, snap))
        except Exception:
            self.states.drop(campaign_id)
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

    def keep_due(self, campaign_id: str) -> None:
        """Tell the store when the campaign's clock next falls due, when that changed."""
        cached = self.states.held(campaign_id)
        due = clock.next_due(cached.state)
        if due != cached.due:
            self.store.set_due(campaign_id, epoch(due))
            cached.due = due
