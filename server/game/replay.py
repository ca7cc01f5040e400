"""Rebuild a campaign from its exported log and check every event against the rules.

Every event a seat caused is decided again, authority included (:mod:`server.game.authority`):
an action from its arguments, its seat and the campaign's seed, a seat's creation,
reissue or revocation from what the GM asked; the turn clock's events from the time they
were logged. The result must equal what was logged; an event the rules refuse now, or one
that cannot be decided again, is a problem and is not applied.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from server.game import actions, registry
from server.game.state import Seat, State, event_rng, initial_state

__all__ = ["replay"]


def replay(log: Any) -> tuple[State, list[str]]:
    """Apply every event of ``log`` (as ``GET /api/campaigns/<id>/log`` exports it).

    Returns the final state and the problems found (an empty list when the log is sound).
    Raises ValueError when ``log`` is not a log at all.
    """
    if not isinstance(log, dict) or not isinstance(log.get("events"), list):
        raise ValueError("not an Admiralty log: expected {campaign, events}")
    campaign = log.get("campaign")
    if not isinstance(campaign, dict) or not {"id", "name", "year", "seed"} <= set(campaign):
        raise ValueError("not an Admiralty log: 'campaign' needs id, name, year and seed")
    state = initial_state(campaign)
    problems: list[str] = []
    for number, event in enumerate(log["events"], start=1):
        if not isinstance(event, dict) or not {"seq", "type", "data"} <= set(event):
            raise ValueError(f"event #{number} is not {{seq, type, seat, data}}")
        seq = event["seq"]
        if seq != number:
            problems.append(f"seq {seq} where {number} was expected: the log has a gap")
        problem = _check(state, event, campaign["seed"])
        if problem:
            problems.append(f"seq {seq}: {problem}")
            continue
        try:
            registry.apply_event(state, event["type"], event["data"])
        except Exception as exc:  # a forged event's data; the state after it is unknown
            problems.append(f"seq {seq}: {event['type']} cannot be applied ({exc!r}); stopped")
            break
    return state, problems


def _check(state: State, event: dict[str, Any], seed: int) -> str | None:
    """What is wrong with one event against the state before it, or None."""
    kind, data, author = event["type"], event["data"], event.get("seat")
    if kind not in registry.SPECS:
        return f"unknown event type {kind!r}"
    if not isinstance(data, dict):
        return f"{kind} has no data"
    if kind == "campaign_created":
        return None if event["seq"] == 1 else "a second campaign_created"
    seat = state["seats"].get(author) if isinstance(author, str) else None
    clocked = author is None and isinstance(data.get("due"), str)
    if seat is None and not clocked:
        return f"no seat {author!r} to act"
    rng = event_rng(seed, event["seq"])
    try:
        if seat is None:  # the turn clock's, at the time it was logged
            again_kind, again = actions.decide_tick(copy.deepcopy(state), str(data["at"]), rng)
        else:
            again_kind, again = kind, _decide_again(state, seat, kind, data, rng)
    except Exception as exc:  # a refusal now is a finding, not a crash
        return f"{kind} is refused on replay: {exc}"
    if again_kind != kind:
        return f"the clock would have logged {again_kind}, not {kind}"
    return _differs(kind, data, again)


def _differs(kind: str, data: dict[str, Any], again: dict[str, Any]) -> str | None:
    """How an event decided again differs from what was logged, or None."""
    if "at" in data:  # when it was logged is the log's to say
        again["at"] = data["at"]
    if "detached" not in data:  # a sail logged before the detached force was named in it
        again.pop("detached", None)
    if kind in ("seat_created", "seat_reissued"):  # logged before seats had officers
        if "officer" not in data.get("seat", {}):
            again["seat"].pop("officer", None)
        if "args" not in data:
            again.pop("args", None)
    if again != data:
        keys = sorted(k for k in set(again) | set(data) if again.get(k) != data.get(k))
        return f"{kind} decides differently on replay ({', '.join(keys) or kind})"
    return None


def _decide_again(
    state: State, seat: Seat, kind: str, data: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The data ``kind`` from ``seat`` decides to now, from what the event says was asked."""
    work = copy.deepcopy(state)
    if kind == "seat_created":
        asked = data.get("seat")
        if not isinstance(asked, dict) or "id" not in asked:
            raise ValueError("seat_created names no seat")
        body = data.get("args")
        if body is None:  # logged before a seat's body was kept in its event
            body = {k: v for k, v in asked.items() if k != "id" and v is not None}
        officer = data.get("officer") or {}
        return actions.decide_seat(work, seat, body, asked["id"], rng, officer.get("id", ""))
    if kind == "officer_created":
        officer = data.get("officer")
        if not isinstance(officer, dict) or "id" not in officer:
            raise ValueError("officer_created names no officer")
        return actions.decide_officer(work, seat, data.get("args"), officer["id"], rng)
    if kind == "seat_reissued":
        asked = data.get("seat")
        if not isinstance(asked, dict) or "id" not in asked:
            raise ValueError("seat_reissued names no seat")
        return actions.decide_reissue(work, seat, asked["id"], {"name": asked.get("name")})
    if kind == "seat_revoked":
        return actions.decide_revoke(work, seat, str(data.get("seat")))
    if "args" not in data:
        raise ValueError(f"{kind} has no 'args': what was asked cannot be checked")
    again_kind, again = registry.decide(work, seat, data["args"], rng)
    if again_kind != kind:
        raise ValueError(f"its arguments ask for {again_kind}")
    return again
