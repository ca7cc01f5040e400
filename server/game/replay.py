"""Rebuild a campaign from its exported log and check every event against the rules.

Every event a seat caused is decided again, authority included (:mod:`server.game.authority`):
an action from its arguments, its seat and the campaign's seed, a seat's creation,
reissue or revocation from what the GM asked; the turn clock's events from the time they
were logged. The result must equal what was logged; an event the rules refuse now, or one
that cannot be decided again, is a problem and is not applied.

A log is checked under the rules it was played with: the version its ``campaign_created``
logged (:data:`~server.game.state.RULES_VERSION`; none logged: version 1). A log of an
older version is brought to today's rules by one function, :func:`upgrade`, which alone
knows what each version since decided otherwise; a log of a newer version is refused.
"""

from __future__ import annotations

import copy
import random
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from server.game import actions, registry
from server.game.engagements import Battles, battles_lent
from server.game.state import (
    OFF_SEASONS,
    RULES_VERSION,
    Seat,
    State,
    event_rng,
    initial_state,
    month_of,
)

__all__ = ["Allowance", "replay", "rules_version", "upgrade"]


@dataclass(frozen=True)
class Allowance:
    """What an event of an older rules version may differ in from today's decision of it:
    ``keys`` it was logged without or that a rule changed since decides otherwise
    (``"seat.officer"``: a key of its ``seat``), compared without them; or its whole
    decision (``decision``), made by a rule that has changed since: applied as logged."""

    keys: frozenset[str] = frozenset()
    decision: bool = False


def rules_version(log: dict[str, Any]) -> int:
    """The version of the rules ``log`` was played with: its ``campaign_created``'s
    ``rules``, or 1 for a log from before versions were logged. Raises ValueError for a
    version this server's rules do not reach."""
    first = log["events"][0] if log["events"] else None
    data = first.get("data") if isinstance(first, dict) else None
    version = data.get("rules", 1) if isinstance(data, dict) else 1
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"not an Admiralty log: rules version {version!r}")
    if version > RULES_VERSION:
        raise ValueError(
            f"this log was played under rules version {version}, newer than this server's "
            f"({RULES_VERSION}): check it with the Admiralty that played it"
        )
    return version


def _v1_month_misread(state: State, day: int) -> bool:
    """Version 1 read the summer's ``day`` in another month than today's rules: it counted
    thirty-day months from June (July's 31st, August's 30th and 31st were a month on)."""
    return state["phase"] == "summer" and 6 + day // 30 != month_of(state, day)


def _v2_vacancy(state: State, event: dict[str, Any]) -> bool:
    """Version 2 waited for a vacant seat: ``event`` is one it may have decided otherwise
    (the clock's, an ``advance``, an ``engage_decision``, while a seat stood vacant)."""
    if not any(seat.get("vacant") for seat in state["seats"].values()):
        return False
    return event["type"] in ("advance", "engage_decision") or event.get("seat") is None


def _v2_autumn_clock(state: State, event: dict[str, Any]) -> bool:
    """Version 2 kept the seats ready through the summer's resolution: ``event`` is the
    clock's in an autumn, which it may have decided with them ready."""
    return state["phase"] == OFF_SEASONS[0] and event.get("seat") is None


def _v3_fights(state: State, event: dict[str, Any]) -> bool:
    """Version 3 fought and resolved by other readings of the books (issue 31): who tests
    for a ship, the weather gage of silenced guns, a wounded officer's pools, Overcoming
    Great Hardship, the chase, the Aide's "+1 for MiD", a ship's season of several fights,
    wounds carried and healed. ``event`` is one that may fight a round or resolve a fight
    or a season: an ``engage_decision``, an ``advance`` (its fights opened and closed), the
    clock's in a summer, or a season's resolution (``resolve_summer``, ``next_season``)."""
    kind = event["type"]
    if kind in ("advance", "engage_decision", "resolve_summer", "next_season"):
        return True
    return state["phase"] == "summer" and event.get("seat") is None


def _v5_unpaid(version: int, event: dict[str, Any], whole: bool) -> Allowance:
    """Version 5 (and before) logged a prize's shares without the ``guineas`` they pay: an
    ``engage_decision`` is compared without its round's ``prize_money`` (nor its ``notices``:
    version 5 told a battle's end by its engagement's id, today by its forces' names), an
    ``advance`` whose fights took a prize stands as logged. Nothing more when the event
    already stands as logged (``whole``)."""
    if version >= 6 or whole:
        return Allowance()
    kind, data = event["type"], event["data"]
    if kind == "engage_decision":
        return Allowance(frozenset({"round.prize_money", "notices"}))
    fights = data.get("engagements") if kind == "advance" and isinstance(data, dict) else None
    took = any(isinstance(f, dict) and "prize_money" in f for f in fights or ())
    return Allowance(decision=took)


def _v5_season(state: State, event: dict[str, Any]) -> bool:
    """Version 5 heard no hero's dice: ``event`` is one that may resolve a season (a
    ``resolve_summer``, a ``next_season``, the clock's in a summer or after it)."""
    if event["type"] in ("resolve_summer", "next_season"):
        return True
    return event.get("seat") is None and state["phase"] in ("summer", *OFF_SEASONS)


#: the events whose route version 4 timed by other knots, without the sea
_V4_ROUTED = ("deploy", "sail", "move_enemy", "plan_cruise")


def upgrade(version: int, state: State, event: dict[str, Any]) -> tuple[dict[str, Any], Allowance]:
    """``event`` of a log played under rules ``version`` (older than today's), taken on
    ``state`` (the state before it), as today's replay checks it: the event in today's
    shape and what it may differ in from today's decision. Each version's changes are
    here, and only here (docs/rules-notes.md "The rules' version"):

    1 -> 2: a game day's month is its calendar month. Version 1 routed the summer's
    orders and the enemy's sorties by thirty-day months from June: an order given on the
    summer's day 60, 90 or 91 (a ``deploy``, ``sail``, ``move_enemy``) and an ``advance``
    over a day an enemy squadron may have sailed on one of them stand as logged.
    Version 1's logs also predate some keys: a ``sail`` logged without the force it
    detached, a seat logged without its officer or without the body the GM asked (then
    read from the seat itself).

    2 -> 3: a vacant seat (revoked, not reissued) is waited for by nothing. Version 2
    counted it among the players the turn clock waits to be ready, and a fight waited for
    its orders: what the clock, an ``advance`` (its fights opened) or an ``engage_decision``
    decided while a seat stood vacant stands as logged. Version 2 also left the seats
    ready when the summer was resolved, so the clock could pass the autumn at once: what
    it decided in an autumn stands as logged.

    3 -> 4: the battle rules of issue 31 (docs/rules-notes.md "Who tests for the ship",
    "Overcoming Great Hardship"), the chase's (the moment of truth the hunter's Seamanship
    alone, over 4 + his opening successes rounds), the Aide to Admiral's "+1 for MiD" 1
    less needed, not 1 more, and every fight of a ship's season kept (her season's result
    read from them): what fought a chase or a round or resolved a fight or a season stands
    as logged. Wounds and the Measures spent go aboard the next fight and heal at the
    turns of the month ("Wounds and Measures between battles"): an ``advance`` or
    ``next_season`` is compared without the ``healed`` it never logged.

    4 -> 5: voyages meet the sea (docs/rules-notes.md "Voyages meet the sea"): a passage
    is timed by seed 003's movement table at the pace of a force's slowest ship and
    carries the sea it meets; the sea's dice and shallow water are thrown as she sails.
    An order's or a cruise's route (a ``deploy``, ``sail``, ``move_enemy``,
    ``plan_cruise``) is compared without its ``days``, ``sea`` and ``outlook`` (its track,
    miles and risks are today's); what sailed a passage (an ``advance``), routed the ships
    at sea in a ``roll_force``, showed a voyage (``show_voyage``: its legs' sea outlook) or
    routed a ship detached from her squadron (a ``sail``: version 4 gave her the
    squadron's draught and pace) stands as logged.

    5 -> 6: the rules of issue 31's second part, each of which a version 5 log never had:
    BtQ's prize money into the purse ("Prize Money", "Into his purse": an
    ``engage_decision`` is compared without its round's ``prize_money``, and without its
    ``notices``, which name a battle by its forces, not its engagement's id), a battle on the
    map fought in rain or fog ("Precipitation and fog at sea"), the sea's damage points
    into battle and mended in port ("Damage off the sea in battle"), the summer a year of
    service ("A Year of Service": a seated player's card his to choose, with
    ``year_of_service``, else the dice's when the autumn's turn moves on, an ``advance`` or
    ``next_season`` ``served``), and a Mention in Despatches a public hero, a player
    character's court-martial on his record, an NPC admiral beaten resigning ("Mentions in
    Despatches as status", "Courts-martial"; docs/rules-notes.md), the season report
    telling each result fought on the chart or rolled off it, worded so ("A result rolled
    off the chart": version 5's report has no ``fought``), the weather a ship's
    opponent at sea and her store of Rations ("Storms on a passage", "Rations"). Every
    ``advance`` (its fights opened dry, their prizes paid nothing, the sea's damage neither
    fought with nor mended, no storm thrown, no Ration spent) and what resolved a season
    (``resolve_summer``, ``next_season``, the clock's in a summer or after it) stand as
    logged; a fight version 5 opened goes on dry, its NPC captains opening no musket fire
    (its battle saved without ``npc_muskets``: "Muskets and the Marines' fire"), and no card
    waits for a choice after its summer: its autumn moves on as it did. An application to
    an NPC appointee is announced and rolled when the season moves on, with the favours
    brought to bear on it ("Announced decisions"): version 5 rolled it when made, so an
    ``apply_appointment`` stands as logged (its data applies as a decided one's).
    """
    kind, data = event["type"], event["data"]
    keys: set[str] = set()
    decision = version < 3 and (_v2_vacancy(state, event) or _v2_autumn_clock(state, event))
    # (every version before 6: upgrade() sees no other)
    decision = decision or kind in ("advance", "apply_appointment") or _v5_season(state, event)
    if version < 5:
        decision = decision or kind in ("roll_force", "show_voyage")
        # (a ship detached was routed as her whole squadron: its draught, its pace)
        detached = kind == "sail" and isinstance(data, dict) and bool(data.get("detach"))
        decision = decision or detached
        if kind in _V4_ROUTED:
            keys.update(f"route.{k}" for k in ("days", "sea", "outlook"))
    if version < 4:
        decision = decision or _v3_fights(state, event)
        if kind in ("advance", "next_season"):
            keys.add("healed")
    if version < 2 and isinstance(data, dict):
        if kind in ("deploy", "sail", "move_enemy"):
            decision = decision or _v1_month_misread(state, state["day"])
        elif kind == "advance" and isinstance(data.get("day"), int):  # the days it sailed
            days = range(state["day"] + 1, data["day"] + 1)
            decision = decision or any(_v1_month_misread(state, d - 1) for d in days)
        if kind == "sail" and "detached" not in data:
            keys.add("detached")
        seat = data.get("seat")
        if kind in ("seat_created", "seat_reissued") and isinstance(seat, dict):
            if "officer" not in seat:
                keys.add("seat.officer")
            if kind == "seat_created" and "args" not in data:
                body = {k: v for k, v in seat.items() if k != "id" and v is not None}
                event = {**event, "data": {**data, "args": body}}
    late = _v5_unpaid(version, event, decision)
    return event, Allowance(frozenset(keys | late.keys), decision or late.decision)


def replay(log: Any) -> tuple[State, list[str]]:
    """Apply every event of ``log`` (as ``GET /api/campaigns/<id>/log`` exports it).

    Returns the final state and the problems found (an empty list when the log is sound).
    Raises ValueError when ``log`` is not a log at all, or one of newer rules than these.
    """
    if not isinstance(log, dict) or not isinstance(log.get("events"), list):
        raise ValueError("not an Admiralty log: expected {campaign, events}")
    campaign = log.get("campaign")
    if not isinstance(campaign, dict) or not {"id", "name", "year", "seed"} <= set(campaign):
        raise ValueError("not an Admiralty log: 'campaign' needs id, name, year and seed")
    version = rules_version(log)
    state = initial_state(campaign)
    problems: list[str] = []
    with battles_lent(Battles()):  # each round decided again from the last, not the seed
        _replay_events(log["events"], campaign["seed"], version, state, problems)
    return state, problems


def _replay_events(
    events: list[Any], seed: int, version: int, state: State, problems: list[str]
) -> None:
    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict) or not {"seq", "type", "data"} <= set(event):
            raise ValueError(f"event #{number} is not {{seq, type, seat, data}}")
        seq = event["seq"]
        if seq != number:
            problems.append(f"seq {seq} where {number} was expected: the log has a gap")
        allowed = Allowance()
        if version < RULES_VERSION:
            event, allowed = upgrade(version, state, event)
        problem = _check(state, event, seed, allowed)
        if problem:
            problems.append(f"seq {seq}: {problem}")
            continue
        try:
            registry.apply_event(state, event["type"], event["data"])
        except Exception as exc:  # a forged event's data; the state after it is unknown
            problems.append(f"seq {seq}: {event['type']} cannot be applied ({exc!r}); stopped")
            break


def _check(state: State, event: dict[str, Any], seed: int, allowed: Allowance) -> str | None:
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
    # an event that stands as logged is decided again only to see it is not refused: the
    # battles today's decision would open or fight are not the log's, and are not kept
    # for the events after it (they fight the logged ones, rebuilt from the state)
    kept = battles_lent(Battles()) if allowed.decision else nullcontext()
    try:
        with kept:
            if seat is None:  # the turn clock's, at the time it was logged
                again_kind, again = actions.decide_tick(copy.deepcopy(state), str(data["at"]), rng)
            else:
                again_kind, again = kind, _decide_again(state, seat, kind, data, rng)
    except Exception as exc:  # a refusal now is a finding, not a crash
        return f"{kind} is refused on replay: {exc}"
    if again_kind != kind:
        return f"the clock would have logged {again_kind}, not {kind}"
    return None if allowed.decision else _differs(kind, data, again, allowed.keys)


def _differs(
    kind: str, data: dict[str, Any], again: dict[str, Any], unlogged: frozenset[str]
) -> str | None:
    """How an event decided again differs from what was logged (but in the keys it was
    logged without or a rule since decides otherwise, ``unlogged``), or None."""
    if "at" in data:  # when it was logged is the log's to say
        again["at"] = data["at"]
    if unlogged:
        data = copy.deepcopy(data)
    for key in unlogged:
        *path, last = key.split(".")
        for side in (again, data):
            inner: Any = side
            for part in path:
                inner = inner.get(part) if isinstance(inner, dict) else None
            if isinstance(inner, dict):
                inner.pop(last, None)
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
