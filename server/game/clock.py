"""The turn clock and the round deadline: what is due at a time, and what the server does.

The game has no clock of its own: the web layer stamps each event with the time it was
logged (``data["at"]``, ISO 8601 UTC) and asks, with the time now, whether anything is due
(:func:`due`). The deadlines are set when events are applied (:func:`rearm`), from the
event's own time, so that the log rebuilds them exactly:

- the turn deadline (``state["deadline"]``): ``turn_seconds`` after each turn starts (the
  force rolled, a turn advanced, the clock set, the campaign resumed: not the campaign's
  creation, so that the GM seats his players first), or the time the GM set by hand.
  When it passes, or as soon as every seated player is ready while the clock runs (a
  vacant seat, revoked and not yet reissued, is no player: nobody waits for it), the
  server advances ``turn_days`` (the cabinet's
  deadline rolls the force, NPC choices for absent ministers; the summer's last turn
  resolves the season). Pause stops the clock; a fight in progress holds the turn back
  until it is over.
- the round deadline (each open engagement's ``deadline``): ``round_seconds`` after a round
  starts to wait for its seated players. When it passes, the round is fought with the
  orders given, the absent players' standing orders, and the NPC policy for the rest. A
  round that waits for nobody (every order it awaited given, or its seats left vacant) is
  fought at once, without a deadline.

The events the clock causes have no author; their data says what fell ``due`` (``deadline``,
``ready`` or ``round``) and they replay by :func:`server.game.actions.decide_tick` at their
logged time.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from server.game.state import PLAYERS, State, by_id

__all__ = [
    "all_ready",
    "due",
    "next_due",
    "overdue_round",
    "parse_time",
    "rearm",
    "stamp",
]

#: the events that start a turn (and so its deadline)
_TURN_STARTS = ("roll_force", "advance", "set_clock", "resume", "resolve_summer", "next_season")
#: a time long past: due now
_NOW = "0001-01-01T00:00:00.000Z"
#: the phases the clock moves on: the cabinet, the summer, the seasons after it
_RUNS = ("cabinet", "summer", "autumn", "winter", "spring")


def stamp(moment: dt.datetime) -> str:
    """An event's time as the log keeps it: ISO 8601, UTC, to the millisecond."""
    utc = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return utc.isoformat(timespec="milliseconds") + "Z"


def parse_time(text: str) -> dt.datetime:
    """A time the log or a deadline holds (ISO 8601), as an aware UTC datetime."""
    moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


def _after(at: str, seconds: int) -> str:
    return stamp(parse_time(at) + dt.timedelta(seconds=seconds))


def rearm(state: State, kind: str, data: dict[str, Any]) -> None:
    """Set the deadlines an applied event starts (from its time ``data["at"]``): the next
    turn's, and each open engagement's round that now waits for its players."""
    at = data.get("at")
    if not isinstance(at, str):
        return  # an event logged before events had times: no clock then
    clock = state["clock"]
    if kind in _TURN_STARTS and state["phase"] in _RUNS:
        seconds = clock["turn_seconds"]
        deadline = state["deadline"]
        if seconds is not None:
            state["deadline"] = _after(at, seconds)
        elif kind == "set_clock":
            state["deadline"] = None
        elif kind != "resume" and deadline and parse_time(deadline) <= parse_time(at):
            state["deadline"] = None  # the GM's own deadline is spent by the turn it moved
    fought = data.get("engagement") if data.get("round") else None
    for record in state["engagements"].values():
        if record["over"] or not record["awaiting"]:
            record.pop("deadline", None)
        elif clock["round_seconds"] is None:
            if kind == "set_clock":
                record.pop("deadline", None)
        elif "deadline" not in record or record["id"] == fought or kind == "set_clock":
            record["deadline"] = _after(at, clock["round_seconds"])


def all_ready(state: State) -> bool:
    """Every seated player is ready (a vacant seat is nobody's: it is not waited for)."""
    players = [s for s in state["seats"].values() if s["role"] in PLAYERS and not s.get("vacant")]
    return bool(players) and all(s["ready"] for s in players)


def _open(state: State) -> list[Any]:
    return [e for e in by_id(state["engagements"]) if not e["over"]]


def _round_due(record: Any, now: dt.datetime | None) -> bool:
    """An open engagement's round must be fought: its deadline has passed (at ``now``), or
    it waits for nobody (every order it awaits given, or no seat left to give them: its
    captains' seats revoked while it was fought)."""
    if not set(record["awaiting"]) - set(record["pending"]):
        return True
    when = record.get("deadline")
    return now is not None and when is not None and parse_time(when) <= now


def due(state: State, now: dt.datetime) -> str | None:
    """What the clock must do at ``now``: ``round`` (an engagement's round deadline has
    passed), ``deadline`` (the turn's), ``ready`` (every seated player is ready), or None."""
    if state["paused"] or state["phase"] not in _RUNS:
        return None
    if any(_round_due(record, now) for record in _open(state)):
        return "round"
    if _open(state) or not _running(state):
        return None  # the turn waits for the fight; or no clock: the GM moves it by hand
    if state["deadline"] is not None and parse_time(state["deadline"]) <= now:
        return "deadline"
    return "ready" if all_ready(state) else None


def _running(state: State) -> bool:
    """The turn clock runs: a turn duration set, or a deadline (the GM's own)."""
    return state["clock"]["turn_seconds"] is not None or state["deadline"] is not None


def next_due(state: State) -> str | None:
    """The earliest time something may fall due (a deadline; the last event's time when
    every player is ready), for the store to find campaigns the clock must visit."""
    if state["paused"] or state["phase"] not in _RUNS:
        return None
    fights = _open(state)
    times = [e["deadline"] for e in fights if e.get("deadline")]
    if any(_round_due(e, None) for e in fights):
        return _NOW
    if not fights and _running(state):
        if all_ready(state):
            return _NOW
        if state["deadline"] is not None:
            times.append(state["deadline"])
    return min(times, key=parse_time) if times else None


def overdue_round(state: State, at: str) -> str:
    """The open engagement whose round is due at ``at`` (the first): its deadline passed,
    or it waits for nobody."""
    now = parse_time(at)
    return next(e["id"] for e in _open(state) if _round_due(e, now))
