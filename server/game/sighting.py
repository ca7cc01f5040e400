"""Sighting: distances at sea, where a ship is along her route, who is within a lookout's
range of a point, and the one order the rules walk the forces in (:func:`in_order`).

A leaf of the game: it imports the doorway (:mod:`server.game.rules`) and the state's types
only, so that ``forces``, ``blockades``, ``engagements`` and ``views`` all import it at the
top.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from server.game import rules
from server.game.state import Force, Route, State, by_id

__all__ = [
    "SIGHTING_NM",
    "Lookouts",
    "distance_nm",
    "force_id",
    "in_order",
    "nm_along",
    "position_on_route",
]

SIGHTING_NM = 15.0  # a masthead lookout's horizon in fair weather
distance_nm = rules.distance_nm  # great-circle nautical miles between two (lon, lat) points

Point = tuple[float, float]
Cell = tuple[int, int, int]

# the sphere's radius as distance_nm measures it (one degree of the equator), for the grid
_RADIUS_NM = distance_nm((0.0, 0.0), (1.0, 0.0)) * 180 / math.pi
_MARGIN = 1.01  # the grid's cells a little wider than the range: the exact test decides


def position_on_route(route: Route, elapsed_days: float) -> Point:
    """Where a ship ``elapsed_days`` into ``route`` is, sailing its track at an even pace."""
    track = route["track"]
    end = (track[-1][0], track[-1][1])
    if route["days"] <= 0 or elapsed_days >= route["days"]:
        return end
    goal = max(0.0, elapsed_days / route["days"]) * route["distance_nm"]
    run = 0.0
    for a, b in zip(track, track[1:], strict=False):
        step = distance_nm((a[0], a[1]), (b[0], b[1]))
        if run + step >= goal and step > 0:
            t = (goal - run) / step
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        run += step
    return end


def nm_along(track: Sequence[Sequence[float]], at: Sequence[float]) -> float:
    """The miles a ship sails along ``track`` (as :func:`position_on_route` measures them)
    to the point of it nearest ``at`` (a risk's place on her track)."""
    best, where, run = math.inf, 0.0, 0.0
    for a, b in zip(track, track[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else ((at[0] - a[0]) * dx + (at[1] - a[1]) * dy) / span
        t = min(1.0, max(0.0, t))
        foot = (a[0] + dx * t, a[1] + dy * t)
        gap = (foot[0] - at[0]) ** 2 + (foot[1] - at[1]) ** 2
        step = distance_nm((a[0], a[1]), (b[0], b[1]))
        if gap < best:
            best, where = gap, run + step * t
        run += step
    return where


class Lookouts:
    """Points indexed by where they are, to ask which are within ``nm`` of a place without
    measuring the distance to every one.

    Each point goes into a cell of a grid over the unit sphere's 3-D coordinates, the cells
    as wide as the straight chord of ``nm``: the points within ``nm`` of a place lie in its
    cell or the 26 around it, and the candidates found there are measured by
    :func:`distance_nm` as a plain scan would (the same answers, the same order).

    >>> watch = Lookouts([(-5.0, 48.0), (-5.1, 48.1), (-4.0, 48.0), (170.0, -40.0)])
    >>> watch.within((-5.05, 48.05))
    [0, 1]
    >>> watch.within((0.0, 0.0))
    []
    """

    def __init__(self, points: Sequence[Point], nm: float = SIGHTING_NM) -> None:
        self.points = list(points)
        self.nm = nm
        self.cell = 2 * math.sin(nm / _RADIUS_NM / 2) * _MARGIN
        self.cells: defaultdict[Cell, list[int]] = defaultdict(list)
        for i, point in enumerate(self.points):
            self.cells[self._cell(point)].append(i)

    def _cell(self, point: Point) -> Cell:
        lon, lat = math.radians(point[0]), math.radians(point[1])
        x, y, z = math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat)
        return (math.floor(x / self.cell), math.floor(y / self.cell), math.floor(z / self.cell))

    def within(self, at: Point) -> list[int]:
        """The indices, in the order the points were given, of those within ``nm`` of
        ``at`` (each measured ``distance_nm(point, at)``)."""
        cx, cy, cz = self._cell(at)
        near = sorted(
            i
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for dz in (-1, 0, 1)
            for i in self.cells.get((cx + dx, cy + dy, cz + dz), ())
        )
        return [i for i in near if distance_nm(self.points[i], at) <= self.nm]


def force_id(fleet: str, squadron: str | None, ship: str) -> str:
    """The id of a British force rolled for a fleet's squadron or ship."""
    fleet_part = {"Channel Fleet": "channel", "Mediterranean": "med", "West Indies": "wi"}.get(
        fleet, fleet.lower().replace(" ", "-")
    )
    return f"{fleet_part}-{(squadron or ship).lower()}"


def in_order(state: State) -> list[Force]:
    """The state's forces in the order every rule walks them in where the walk draws a die
    or picks one force of several: the order they were rolled in (the British in Table F's
    deployment, the enemy in the scenario's), then those made since (ships detached, Sail
    Ho! prizes, the volunteers' cruises) by id (by_id). Never the
    dict's own order, which a state rebuilt from a snapshot or from the log need not share
    with the state that first decided."""
    rank: dict[str, int] = {}
    for rec in state["deployment"]:
        rank.setdefault(force_id(rec["fleet"], rec["squadron"], rec["ship"]), len(rank))
    for sq in rules.scenario()["enemy_squadrons"]:
        rank.setdefault(sq["id"], len(rank))
    return sorted(by_id(state["forces"]), key=lambda f: rank.get(f["id"], len(rank)))
