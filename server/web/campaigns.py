"""The campaign service: the event log is the truth, the state is rebuilt from it.

Every accepted action is decided against the latest state, written as one event in one
transaction, and only then applied and broadcast. Several server processes may serve one
campaign: each catches up from the store before deciding, and a lost race on a sequence
number (the primary key) is retried against the newer state.
"""

from __future__ import annotations

import copy
import re
import secrets
import threading
from collections.abc import Callable
from typing import Any

from server import game
from server.game import ActionError, State
from server.game.state import SeatRecord
from server.web.storage import Store, StoredEvent
from server.web.tokens import hash_token, new_token

__all__ = ["CampaignService", "seat_room"]

Emit = Callable[[str, dict[str, Any]], None]  # (room, event payload)
Decision = tuple[str, dict[str, Any], tuple[str, str] | None]  # (type, data, new seat token)

PREVIEWABLE = ("deploy", "sail", "move_enemy")
CAMPAIGN_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def seat_room(campaign_id: str, seat_id: str) -> str:
    return f"seat:{campaign_id}:{seat_id}"


class CampaignService:
    """Campaigns in one store, their states cached per process."""

    def __init__(self, store: Store, emit: Emit) -> None:
        self.store = store
        self.emit = emit
        self._states: dict[str, tuple[int, State]] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    # -- reading ---------------------------------------------------------------------

    def _lock(self, campaign_id: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(campaign_id, threading.RLock())

    def _catch_up(self, campaign_id: str) -> tuple[int, State]:
        """The newest state: the cached one plus whatever other writers logged since."""
        cached = self._states.get(campaign_id)
        if cached is None:
            row = self.store.campaign(campaign_id)
            if row is None:
                raise ActionError("not_found", f"no campaign {campaign_id!r}")
            cached = (0, game.initial_state(row))
        seq, state = cached
        for ev in self.store.events_after(campaign_id, seq):
            game.apply_event(state, ev.type, ev.data)
            seq = ev.seq
        self._states[campaign_id] = (seq, state)
        return seq, state

    def current(self, campaign_id: str) -> tuple[int, State]:
        with self._lock(campaign_id):
            seq, state = self._catch_up(campaign_id)
            return seq, copy.deepcopy(state)

    def authenticate(self, campaign_id: Any, token: Any) -> dict[str, Any]:
        """The seat ``token`` opens in ``campaign_id``; ``forbidden`` otherwise."""
        if not isinstance(campaign_id, str) or not CAMPAIGN_ID.fullmatch(campaign_id):
            raise ActionError("invalid", "'campaign' must be a campaign id")
        if not isinstance(token, str) or not token or len(token) > 200:
            raise ActionError("forbidden", "a seat token is required")
        seat_id = self.store.seat_for_token_hash(campaign_id, hash_token(token))
        with self._lock(campaign_id):
            _, state = self._catch_up(campaign_id)
            if seat_id is None or seat_id not in state["seats"]:
                raise ActionError("forbidden", "that token opens no seat in this campaign")
            return dict(state["seats"][seat_id])

    def snapshot(self, campaign_id: str, seat: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        seq, state = self.current(campaign_id)
        return seq, game.state_for(state, state["seats"][seat["id"]])

    def events_since(self, campaign_id: str, seat_id: str, since: int) -> tuple[int, list[dict]]:
        """The campaign's last seq, and the event payloads ``seat_id`` would have received
        after ``since``, in order."""
        row = self.store.campaign(campaign_id)
        if row is None:
            raise ActionError("not_found", f"no campaign {campaign_id!r}")
        state = game.initial_state(row)
        seq = 0
        out = []
        for ev in self.store.events_after(campaign_id, 0):
            before_view = None
            if ev.seq > since and ev.type == "move_enemy":
                before_view = copy.deepcopy(state)
            game.apply_event(state, ev.type, ev.data)
            seq = ev.seq
            if ev.seq > since and seat_id in state["seats"]:
                payload = game.event_for(
                    ev.type,
                    ev.seq,
                    ev.seat,
                    ev.data,
                    before_view or state,
                    state,
                    state["seats"][seat_id],
                )
                if payload is not None:
                    out.append(payload)
        return seq, out

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

    def create(self, name: str, year: int, seed: int) -> tuple[str, str]:
        """A new campaign; returns ``(campaign id, GM token)``."""
        campaign_id = secrets.token_hex(5)
        token = new_token()
        gm: SeatRecord = {
            "id": "gm-" + secrets.token_hex(4),
            "role": "gm",
            "name": "Games Master",
            "squadron": None,
            "ship": None,
        }
        first = StoredEvent(1, "campaign_created", gm["id"], {"gm": gm, "name": name, "year": year})
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
        """Decide against the newest state, log it, apply it, broadcast it; returns its seq."""
        with self._lock(campaign_id):
            for _ in range(5):
                seq, state = self._catch_up(campaign_id)
                kind, data, seat_token = decide(seq + 1, state)
                event = StoredEvent(seq + 1, kind, author, data)
                if self.store.append(campaign_id, event, seat_token):
                    break
            else:  # pragma: no cover - five lost races in a row
                raise ActionError("conflict", "the campaign is busy; try again")
            before = copy.deepcopy(state) if kind == "move_enemy" else state
            try:
                game.apply_event(state, kind, data)
            except Exception:  # the log has it; rebuild from the log on the next request
                self._states.pop(campaign_id, None)
                raise
            after = state
            self._states[campaign_id] = (event.seq, after)
            for seat in after["seats"].values():
                payload = game.event_for(kind, event.seq, author, data, before, after, seat)
                if payload is not None:
                    self.emit(seat_room(campaign_id, seat["id"]), payload)
            return event.seq

    def act(self, campaign_id: str, seat_id: str, args: dict[str, Any]) -> int:
        """Check and apply one action from ``seat_id``; returns the event's seq."""

        def decide(seq: int, state: State) -> Decision:
            rng = game.event_rng(state["campaign"]["seed"], seq)
            kind, data = game.decide(state, self._author(state, seat_id), args, rng)
            return kind, data, None

        return self._commit(campaign_id, seat_id, decide)

    def preview(self, campaign_id: str, seat_id: str, args: dict[str, Any]) -> dict[str, Any]:
        """Decide an order (deploy, sail, move_enemy) without logging it: the routed track
        a player sees before he confirms."""
        if not isinstance(args, dict) or args.get("type") not in PREVIEWABLE:
            raise ActionError("invalid", f"only {', '.join(PREVIEWABLE)} can be previewed")
        seq, state = self.current(campaign_id)
        rng = game.event_rng(state["campaign"]["seed"], seq + 1)
        _, data = game.decide(state, self._author(state, seat_id), args, rng)
        return {k: v for k, v in data.items() if k != "args"}

    @staticmethod
    def _author(state: State, seat_id: str) -> game.Seat:
        seat = state["seats"].get(seat_id)
        if seat is None:
            raise ActionError("forbidden", "your seat is no longer in this campaign")
        return seat

    def add_seat(self, campaign_id: str, author_id: str, args: Any) -> tuple[str, str]:
        """The GM seats a player; returns ``(seat id, token)``."""
        token = new_token()
        seat_id = "s-" + secrets.token_hex(6)

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_seat(state, self._author(state, author_id), args, seat_id)
            return "seat_created", data, (seat_id, hash_token(token))

        self._commit(campaign_id, author_id, decide)
        return seat_id, token

    def reissue(self, campaign_id: str, author_id: str, seat_id: str, body: Any = None) -> str:
        """Revoke a seat's token and issue another (optionally to a new holder's name)."""
        token = new_token()

        def decide(seq: int, state: State) -> Decision:
            data = game.decide_reissue(state, self._author(state, author_id), seat_id, body)
            return "seat_reissued", data, (seat_id, hash_token(token))

        self._commit(campaign_id, author_id, decide)
        return token
