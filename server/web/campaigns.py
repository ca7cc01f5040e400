"""The campaign service: the event log is the truth, the state is rebuilt from it.

A facade over three parts: the states cached per process (:mod:`server.web.states`), the
committer that decides, logs, applies and broadcasts the acts (:mod:`server.web.committer`),
and what is read for a seat here (its seat, its view, its history a page at a time, its
notices, the GM's log). Every accepted action is decided against the latest state, written
as one event in one transaction, and only then applied and broadcast.
"""

from __future__ import annotations

import copy
import datetime as dt
import logging
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from server import game
from server.game import ActionError, State, clock, rules
from server.game.state import SeatRecord
from server.web.committer import Committer, Decision, Emit, epoch
from server.web.states import IDLE_SECONDS, SNAPSHOT_EVERY, StateCache, snapshot_every
from server.web.storage import Store, StoredEvent
from server.web.tokens import hash_token, new_token

__all__ = ["CAMPAIGN_ID", "MAX_SEQ", "PAGE_EVENTS", "CampaignService", "Repeated", "snapshot_every"]

log = logging.getLogger("admiralty")
PREVIEWABLE = ("deploy", "sail", "move_enemy")
CAMPAIGN_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: the highest seq the log's column holds (BIGINT): a catch-up reads no further
MAX_SEQ = 2**63 - 1
#: a catch-up's page: the events after ``since`` one answer reads at most (:meth:`pager`)
PAGE_EVENTS = 200


class Repeated(ActionError):
    """An act whose client action id is logged already (as ``seq``): not decided again."""

    def __init__(self, seq: int) -> None:
        super().__init__("conflict", f"this action is logged already as {seq}")
        self.seq = seq


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class CampaignService:
    """Campaigns in one store: their states (:attr:`states`), their writer
    (:attr:`committer`), and what a seat reads of them."""

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
        self.page_events = page_events
        self.states = StateCache(store, snapshot_every, idle_seconds)
        self.committer = Committer(store, self.states, emit, now, others_first)
        # the live battles between rounds (a cache the rules are lent, not state)
        self.battles = game.Battles()

    # the parts' settings, as tests and the server's set-up read and set them
    @property
    def emit(self) -> Emit:
        return self.committer.emit

    @emit.setter
    def emit(self, value: Emit) -> None:
        self.committer.emit = value

    @property
    def now(self) -> Callable[[], dt.datetime]:
        return self.committer.now

    @now.setter
    def now(self, value: Callable[[], dt.datetime]) -> None:
        self.committer.now = value

    @property
    def others_first(self) -> Callable[[], None]:
        return self.committer.others_first

    @others_first.setter
    def others_first(self, value: Callable[[], None]) -> None:
        self.committer.others_first = value

    @property
    def snapshot_every(self) -> int:
        return self.states.snapshot_every

    @snapshot_every.setter
    def snapshot_every(self, value: int) -> None:
        self.states.snapshot_every = value

    @property
    def idle_seconds(self) -> float:
        return self.states.idle_seconds

    # -- the states ------------------------------------------------------------------

    def current(self, campaign_id: str) -> tuple[int, State]:
        """The newest state (a copy) and its seq."""
        return self.states.current(campaign_id)

    def load(self, campaign_id: str) -> None:
        """Build a campaign's state now (the recent campaigns, before the server is ready)."""
        self.states.load(campaign_id)

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Drop the states of campaigns idle for ``idle_seconds``; their ids."""
        return self.states.evict_idle(now)

    @property
    def cached(self) -> list[str]:
        """The campaigns whose state this process holds."""
        return self.states.cached

    def check_snapshot(self, campaign_id: str) -> bool:
        """The newest snapshot checked against the whole log (dropped if it disagrees)."""
        return self.states.check_snapshot(campaign_id)

    # -- a seat's reads and the set-up ------------------------------------------------

    def authenticate(self, campaign_id: Any, token: Any) -> dict[str, Any]:
        """The seat ``token`` opens in ``campaign_id``; ``forbidden`` otherwise."""
        if not isinstance(campaign_id, str) or not CAMPAIGN_ID.fullmatch(campaign_id):
            raise ActionError("invalid", "'campaign' must be a campaign id")
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ActionError("forbidden", "a seat token is required")
        token_hash = hash_token(token)
        with self.states.lock(campaign_id):
            seat_id = self._seat_of(campaign_id, token_hash)
            cached = self.states.get(campaign_id)
            if cached is not None and seat_id in cached.state["seats"]:
                # seats are never removed, nor their role changed: a seat in the cached state
                # is there in the newest (the store just said the token opens it); its berth
                # and officer may be an event behind another process's, and every act is
                # judged on the newest state
                state = cached.state
                cached.used = time.monotonic()
            else:
                _, state = self.states.catch_up(campaign_id)
            if seat_id is None or seat_id not in state["seats"]:
                raise ActionError("forbidden", "that token opens no seat in this campaign")
            return dict(state["seats"][seat_id])

    def _seat_of(self, campaign_id: str, token_hash: str) -> str | None:
        """The seat the token opens, as the store says (under the campaign's lock); kept
        with the cached state, until it applies a revoking event, for :meth:`act`."""
        seat_id = self.store.seat_for_token_hash(campaign_id, token_hash)
        cached = self.states.get(campaign_id)
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
        with self.states.lock(campaign_id):
            seq, state = self.states.catch_up(campaign_id)
            return seq, game.state_for(state, state["seats"][seat["id"]])

    def officer(self, campaign_id: str, seat: dict[str, Any], officer_id: str) -> dict[str, Any]:
        """An officer's sheet, for the GM and for the seat that plays him."""
        with self.states.lock(campaign_id):
            _, state = self.states.catch_up(campaign_id)
            viewer = state["seats"][seat["id"]]
            officer = state["officers"].get(officer_id)
            if officer is None:
                raise ActionError("not_found", f"no officer {officer_id!r}")
            if viewer["role"] != "gm" and officer["player"] != viewer["id"]:
                raise ActionError("forbidden", "an officer's sheet is his player's and the GM's")
            return game.officer_for(officer, viewer, game.month_now(state))

    def engagement_odds(
        self, campaign_id: str, seat: dict[str, Any], engagement_id: str
    ) -> dict[str, Any]:
        """What a preview of an engagement's odds fights, for a seat that sees it
        (:func:`server.game.odds_for`: its ships with the crews drawn for them)."""
        with self.states.lock(campaign_id):
            _, state = self.states.catch_up(campaign_id)
            return game.odds_for(state, state["seats"][seat["id"]], engagement_id)

    def history(
        self,
        campaign_id: str,
        seat_id: str,
        since: int,
        limit: int | None = None,
        viewer: game.Seat | None = None,
    ) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
        """The campaign's last seq, the event payloads ``seat_id`` would have received
        after ``since`` (those it may see: not the bare seqs of the others), each its view's
        change from the one before, and the notices they make for it
        (:func:`server.game.notices_for`), each in log order. With ``limit``, only the
        ``limit`` events after ``since`` are read: the seq returned is the last of them
        (:meth:`pager`). ``viewer``, the seat read before (:meth:`pager`), spares the
        campaign's lock."""
        viewer = viewer or self._viewer(campaign_id, seat_id)
        seq, state = self.states.base(campaign_id, at_most=since)
        events: list[dict[str, Any]] = []
        told: list[dict[str, Any]] = []
        tracker = game.track(state, seq, [viewer]) if seq >= since else None
        until = None if limit is None else min(since + limit, MAX_SEQ)  # a BIGINT
        for ev in self.store.events_after(campaign_id, seq, until):
            game.apply_event(state, ev.type, ev.data)
            seq = ev.seq
            if tracker is None:
                if ev.seq == since:  # the view the seat holds: the changes start from it
                    tracker = game.track(state, seq, [viewer])
                continue
            spec = game.SPECS[ev.type]
            patch = game.changes(tracker, state, ev.seq, spec.touched(ev.data), [viewer])[seat_id][
                1
            ]
            seen = game.event_data(spec, ev.seat, ev.data, state, viewer)
            payload = game.payload(spec, ev.seq, ev.data, seen, patch)
            if "type" in payload:
                events.append(payload)
            if "type" in payload and seat_id in state["seats"]:  # no news from before it was
                view = tracker.view(seat_id)
                told.extend(
                    game.notices_for(spec.notice, payload, ev.seat, ev.data, viewer, state, view)
                )
        return seq, events, told

    def _viewer(self, campaign_id: str, seat_id: str) -> game.Seat:
        """A seat as its views read it (its id and role: neither ever changes)."""
        with self.states.lock(campaign_id):
            _, state = self.states.catch_up(campaign_id)
            seat = state["seats"].get(seat_id)
            if seat is None:
                raise ActionError("not_found", f"no seat {seat_id!r}")
            return copy.deepcopy(seat)

    def first_view(self, campaign_id: str, seat_id: str) -> dict[str, Any]:
        """The view ``seat_id`` has of the campaign before its first event: where the
        changes of every event from ``since=0`` start."""
        viewer = self._viewer(campaign_id, seat_id)
        _, state = self.states.base(campaign_id, at_most=0)
        return game.state_for(state, viewer)

    def pager(
        self, campaign_id: str, seat_id: str
    ) -> Callable[[int], tuple[int, list[dict[str, Any]], list[dict[str, Any]], bool]]:
        """One page of :meth:`history` for ``seat_id``, as a function of ``since``: what its
        ``page_events`` events after ``since`` make for the seat (the seq it reaches, the
        payloads, the notices), and whether the log goes on past that seq (then ask again
        from it); each page's work bounded, the pages put together the history. The seat is
        read now, under the campaign's lock, by the caller: the page itself takes no lock,
        so it may run in a thread of the OS.
        (It took the campaign's lock there: a gevent lock, whose waiters in other threads
        then missed its release, and every join of the campaign waited for ever.)"""
        viewer = self._viewer(campaign_id, seat_id)

        def page(since: int) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]], bool]:
            seq, events, told = self.history(campaign_id, seat_id, since, self.page_events, viewer)
            return seq, events, told, seq < self.store.last_seq(campaign_id)

        return page

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
                with game.battles_lent(self.battles):
                    return (*game.decide_tick(state, at, rng), None)

            try:
                done.append(self.committer.commit(campaign_id, None, decide))
            except ActionError as exc:
                if exc.code != "conflict":
                    raise
                break
        if not done:  # nothing was due after all: the store's due time is stale
            with self.states.lock(campaign_id):
                _, state = self.states.catch_up(campaign_id)
                due = clock.next_due(state)
                self.store.set_due(campaign_id, epoch(due))
                self.states.held(campaign_id).due = due
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
        self,
        campaign_id: str,
        seat_id: str,
        args: dict[str, Any],
        token: str | None = None,
        action: str | None = None,
    ) -> int:
        """Check and apply one action from ``seat_id``; returns the event's seq. With the
        seat's ``token``, it is checked too, on the state the action is decided on: a token
        reissued or revoked by any process's event stops at once. With the client's
        ``action`` id, an act of the seat's logged with that id already (by any process: it
        is looked up under the campaign's write turn) is not decided again: its seq."""
        token_hash = None if token is None else hash_token(token)

        def decide(seq: int, state: State) -> Decision:
            if (
                action is not None
                and (done := self.store.action_seq(campaign_id, seat_id, action)) is not None
            ):
                raise Repeated(done)
            if token_hash is not None:
                self._check_token(campaign_id, seat_id, token_hash)
            rng = game.event_rng(state["campaign"]["seed"], seq)
            with game.battles_lent(self.battles):
                kind, data = game.decide(state, self._author(state, seat_id), args, rng)
            return kind, data, None

        try:
            seq = self.committer.commit_act(campaign_id, seat_id, decide, action)
        except Repeated as repeated:
            return repeated.seq
        self._tick_if_due(campaign_id)  # everyone is ready: the turn moves on at once
        return seq

    def _tick_if_due(self, campaign_id: str) -> None:
        """Tick the campaign's clock now if something fell due (not at the next beat)."""
        cached = self.states.get(campaign_id)
        if cached is not None and clock.due(cached.state, self.now()):
            self.tick(campaign_id)

    def _check_token(self, campaign_id: str, seat_id: str, token_hash: str) -> None:
        """``forbidden`` unless the token still opens ``seat_id`` (under the campaign's
        lock and write turn): known to since the cached state's last revoking event, or
        asked of the store."""
        opens = self.states.held(campaign_id).tokens.get(token_hash)
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
        self.committer.commit(campaign_id, author_id, decide)
        return seat_id, token, seated[-1]

    def add_officer(self, campaign_id: str, author_id: str, args: Any) -> str:
        """A character made (and seated, if the body names a seat); returns his id."""
        oid = "o-" + secrets.token_hex(6)

        def decide(seq: int, state: State) -> Decision:
            rng = game.event_rng(state["campaign"]["seed"], seq)
            data = game.decide_officer(state, self._author(state, author_id), args, oid, rng)
            return "officer_created", data, None

        self.committer.commit(campaign_id, author_id, decide)
        return oid

    def revoke(self, campaign_id: str, author_id: str, seat_id: str) -> None:
        """Revoke a seat: its token is replaced by one nobody holds; the seat stands vacant."""
        token = new_token()  # never given out: no token opens the seat until it is reissued

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_revoke(state, self._author(state, author_id), seat_id)
            return "seat_revoked", data, (seat_id, hash_token(token))

        self.committer.commit(campaign_id, author_id, decide)
        self._tick_if_due(campaign_id)  # the others were all ready, or a fight waited for it

    def seating(self, campaign_id: str, seat: dict[str, Any]) -> dict[str, Any]:
        """The GM's view of the seats: each seat (``vacant`` too) and the warnings of seats
        with nothing to command and commands with no seat (:func:`server.game.seat_warnings`)."""
        with self.states.lock(campaign_id):
            seq, state = self.states.catch_up(campaign_id)
            game.require_seat_reader(state, state["seats"][seat["id"]])
            return {
                "seq": seq,
                "seats": [game.public_seat(s) for s in state["seats"].values()],
                "warnings": game.seat_warnings(state),
            }

    def seat_ids(self, campaign_id: str) -> list[str]:
        """The ids of the campaign's seats (the GM's first)."""
        with self.states.lock(campaign_id):
            _, state = self.states.catch_up(campaign_id)
            return list(state["seats"])

    def reissue(self, campaign_id: str, author_id: str, seat_id: str, body: Any = None) -> str:
        """Revoke a seat's token and issue another (optionally to a new holder's name)."""
        token = new_token()

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_reissue(state, self._author(state, author_id), seat_id, body)
            return "seat_reissued", data, (seat_id, hash_token(token))

        self.committer.commit(campaign_id, author_id, decide)
        return token
