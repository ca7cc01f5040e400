"""Blockades and breakouts: an enemy force putting to sea from a port a British force is
blockading (orders ``blockade`` on that port, at its station off it).

The blockaders keep watch on the harbour mouth, not only at the six-hourly checks: the
enemy is sighted if its track from the anchorage comes within sighting range of a
blockader at any point up to the next check. The nearest blockader that sights it chases
it (seed 002, then BtQ combat: :func:`server.game.engagements.open_engagement`). An enemy
no blockader sighted, or one that got away in the chase, has escaped the blockade: a
notice every British seat is told (docs/rules-notes.md, "The campaign on the map").
"""

from __future__ import annotations

import random

from server.game import engagements, rules
from server.game.sighting import SIGHTING_NM, distance_nm, position_on_route
from server.game.state import Breakout, Force, State

__all__ = ["WATCH_SAMPLES", "blockaders", "breakout", "sighting_nm", "words"]

#: positions of the enemy's track read per six-hour step: one every half hour
WATCH_SAMPLES = 12


def blockaders(work: State, port: str) -> list[Force]:
    """The British forces blockading ``port`` at their station (arrived, not in harbour)."""
    return [
        f
        for f in work["forces"].values()
        if f["side"] == "Britain"
        and f["afloat"]
        and not f["port"]
        and not f["route"]
        and f["orders"] is not None
        and f["orders"]["kind"] == "blockade"
        and f["orders"]["target"] == port
    ]


def sighting_nm(blockader: Force, enemy: Force, now: float) -> float:
    """The closest the enemy's track came to ``blockader`` from its anchorage to ``now``."""
    route = enemy["route"]
    at = (blockader["lon"], blockader["lat"])
    if route is None:
        return distance_nm(at, (enemy["lon"], enemy["lat"]))
    elapsed = now - route["start_day"]
    return min(
        distance_nm(at, position_on_route(route, elapsed * k / WATCH_SAMPLES))
        for k in range(WATCH_SAMPLES + 1)
    )


def words(name: str, port_name: str, day: int, escaped: bool, by: str | None = None) -> str:
    """The notice in words.

    >>> words("Brest Squadron", "Brest", 6, True)
    'the Brest Squadron has escaped the blockade of Brest on day 6'
    >>> words("Brest Squadron", "Brest", 6, False, "Red Squadron")[35:]
    'Brest on day 6, was sighted and chased by the Red Squadron'
    """
    if escaped:
        return f"{_the(name)} has escaped the blockade of {port_name} on day {day}"
    return (
        f"{_the(name)}, putting out of {port_name} on day {day}, was sighted and chased by "
        f"{_the(by or 'the blockaders')}"
    )


def _the(name: str) -> str:
    return name if name.lower().startswith("the ") else f"the {name}"


def breakout(
    work: State, enemy_id: str, port: str, day: int, now: float, rng: random.Random
) -> Breakout | None:
    """The enemy force ``enemy_id`` has just left ``port``: None if no British force
    blockades it, else the breakout, the chase opened if a blockader sighted it."""
    watching = blockaders(work, port)
    if not watching:
        return None
    enemy = work["forces"][enemy_id]
    seen = sorted((sighting_nm(b, enemy, now), b["id"]) for b in watching)
    in_sight = [fid for nm, fid in seen if nm <= SIGHTING_NM]
    port_name = next((p["name"] for p in rules.ports() if p["id"] == port), port)
    notice: Breakout = {
        "force": enemy_id,
        "name": enemy["name"],
        "port": port,
        "day": day,
        "blockaders": [fid for _, fid in seen],
        "sighted_by": in_sight[0] if in_sight else None,
        "engagement": None,
        "escaped": not in_sight,
        "text": "",
    }
    if in_sight:
        # bound for another port, she runs: she flees the chase whatever her guns
        record = engagements.open_engagement(work, in_sight[0], enemy_id, day, rng, flees=True)
        record["breakout"] = {"force": enemy_id, "port": port, "day": day}
        notice["engagement"] = record["id"]
        outcome = record["outcome"] or {}
        notice["escaped"] = bool(outcome.get("chase")) and outcome.get("how") == "escaped"
    by = work["forces"][in_sight[0]]["name"] if in_sight else None
    notice["text"] = words(enemy["name"], port_name, day, notice["escaped"], by)
    return notice
