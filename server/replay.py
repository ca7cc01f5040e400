"""Rebuild a campaign from its exported log and check every event against the rules."""

from __future__ import annotations

import copy
from typing import Any

from server import game

__all__ = ["replay"]


def replay(log: Any) -> tuple[dict[str, Any], list[str]]:
    """Apply every event of ``log`` (as ``GET /api/campaigns/<id>/log`` exports it).

    Each action is decided again from its arguments, its seat and the campaign's seed; the
    result must equal what was logged. Returns the final state and the problems found (an
    empty list when the log is sound). Raises ValueError when ``log`` is not a log at all.
    """
    if not isinstance(log, dict) or not isinstance(log.get("events"), list):
        raise ValueError("not an Admiralty log: expected {campaign, events}")
    campaign = log.get("campaign")
    if not isinstance(campaign, dict) or not {"id", "name", "year", "seed"} <= set(campaign):
        raise ValueError("not an Admiralty log: 'campaign' needs id, name, year and seed")
    state = game.initial_state(campaign)
    problems: list[str] = []
    for number, event in enumerate(log["events"], start=1):
        if not isinstance(event, dict) or not {"seq", "type", "data"} <= set(event):
            raise ValueError(f"event #{number} is not {{seq, type, seat, data}}")
        seq, kind, data = event["seq"], event["type"], event["data"]
        if seq != number:
            problems.append(f"seq {seq} where {number} was expected: the log has a gap")
        if kind not in game.ACTIONS:
            if kind not in ("campaign_created", "seat_created", "seat_reissued"):
                problems.append(f"seq {seq}: unknown event type {kind!r}")
                continue
        elif "args" in data:
            seat = state["seats"].get(event.get("seat"))
            if seat is None:
                problems.append(f"seq {seq}: no seat {event.get('seat')!r} to act")
                continue
            try:
                again_kind, again = game.decide(
                    copy.deepcopy(state), seat, data["args"], game.event_rng(campaign["seed"], seq)
                )
            except Exception as exc:  # a refusal now is a finding, not a crash
                problems.append(f"seq {seq}: {kind} is refused on replay: {exc}")
                continue
            again = {**again, "args": data["args"]}
            if again_kind != kind or again != data:
                keys = sorted(k for k in set(again) | set(data) if again.get(k) != data.get(k))
                problems.append(
                    f"seq {seq}: {kind} decides differently on replay "
                    f"({', '.join(keys) or again_kind})"
                )
        game.apply_event(state, kind, data)
    return state, problems
