"""Sailing time along straight lon/lat runs: the hours a ship of 1 knot reaching speed
needs under the month's prevailing wind (seed 003's MA made good over 12), piece by piece
(great-circle miles and courses from :mod:`maps.geo`). Month :data:`CALM` (0) is no wind
at all: the shortest track.

>>> hours, nm, _ = sail_hours(np.array([[-10.0, 45.0], [-10.0, 44.0]]), CALM)
>>> round(float(nm[0]), 1), bool(hours[0] == nm[0])
(60.0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from maps.geo import bearing, distance_nm
from maps.sailing import made_good_ma_choice
from maps.wind import STRENGTHS, wind_codes

__all__ = [
    "CALM",
    "POINTS_OF_SAIL",
    "SailRun",
    "leg_sailing",
    "pieces",
    "sail_hours",
    "sail_runs",
    "segment_hours",
    "speed_factor",
    "speed_wind",
]

#: The "month" without wind: shortest tracks (see :func:`speed_factor`).
CALM = 0


def pieces(
    a: np.ndarray, b: np.ndarray, step: float = 1.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cut straight lon/lat segments a->b into pieces of at most ``step`` degrees: each
    piece's segment, start and end."""
    d = b - a
    n = np.maximum(1, np.ceil(np.max(np.abs(d), axis=1) / step)).astype(int)
    seg = np.repeat(np.arange(len(a)), n)
    ends = np.cumsum(n)
    k = np.arange(int(ends[-1]) if len(n) else 0) - np.repeat(ends - n, n)
    ns = n[seg]
    a_s, d_s = a[seg], d[seg]
    p0 = a_s + d_s * (k / ns)[:, None]
    p1 = a_s + d_s * ((k + 1) / ns)[:, None]
    return seg, p0, p1


def speed_factor(a: np.ndarray, b: np.ndarray, month: int) -> np.ndarray:
    """MA made good over 12 for sailing a->b under the wind at the middle of each segment.

    Month :data:`CALM` (0) is no wind at all: every course at reaching speed, so the
    route is the shortest track (for comparison with distance-only routers).
    """
    return speed_wind(a, b, month)[0]


def speed_wind(
    a: np.ndarray, b: np.ndarray, month: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(:func:`speed_factor`, the wind's source bearing, the course) per segment; in a calm
    the "wind" is abeam."""
    brg = bearing(a, b)
    if month == CALM:
        return np.ones(len(a)), brg + 90.0, brg
    frm, code = wind_codes((a[:, 0] + b[:, 0]) / 2, (a[:, 1] + b[:, 1]) / 2, month)
    return made_good_ma_choice(frm - brg, code, STRENGTHS) / 12.0, frm, brg


#: What :func:`segment_hours` gives: hours and miles per segment, and the pieces'
#: (start, end, miles[, wind source bearing, course]).
Timed = tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]


def segment_hours(a: np.ndarray, b: np.ndarray, month: int, winds: bool = False) -> Timed:
    """Per straight segment a->b: hours at 1 knot reaching speed, nm, and the pieces
    (p0, p1, nm; with ``winds`` also each piece's wind source bearing and course)."""
    seg, p0, p1 = pieces(a, b)
    nm = distance_nm(p0, p1)
    f, frm, brg = speed_wind(p0, p1, month)
    hours = np.bincount(seg, weights=nm / np.maximum(f, 1e-6), minlength=len(a))
    detail = (p0, p1, nm, frm, brg) if winds else (p0, p1, nm)
    return hours, np.bincount(seg, weights=nm, minlength=len(a)), detail


def sail_hours(coords: np.ndarray, month: int, winds: bool = False) -> Timed:
    """Per segment of a polyline: hours at 1 knot reaching speed, nm, and the pieces."""
    return segment_hours(coords[:-1], coords[1:], month, winds)


def leg_sailing(coords: np.ndarray, month: int) -> tuple[float, float, list[float]]:
    """:func:`sail_hours` of a polyline summed up: nautical miles, hours at 1 knot reaching,
    and miles by point of sail (the angle off the wind in eighths of the compass, 0 to 4,
    rounded half to even as :func:`numpy.rint` does; in a calm all of it abeam).

    >>> nm, hours, by_point = leg_sailing(np.array([[-10.0, 45.0], [-10.0, 43.0]]), CALM)
    >>> round(nm), hours == nm, [round(m) for m in by_point]
    (120, True, [0, 0, 120, 0, 0])
    """
    hours, nm, (_, _, pnm, frm, brg) = sail_hours(coords, month, winds=True)
    return float(nm.sum()), float(hours.sum()), np.bincount(_eighths(frm, brg), pnm, 5).tolist()


def _eighths(frm: np.ndarray, brg: np.ndarray) -> np.ndarray:
    """Each course's angle off the wind blowing from ``frm``, in eighths of the compass (0
    dead to windward .. 4 dead before it), rounded half to even."""
    return np.rint(np.abs((frm - brg + 180) % 360 - 180) / 45).astype(int)


#: seed 003's point of sail by the angle off the wind in eighths (:func:`_eighths`; 0 dead
#: to windward: the ship must beat to windward in boards, going about after each)
POINTS_OF_SAIL = ("beating", "close-hauled", "reaching", "reaching", "running")


@dataclass(frozen=True, slots=True)
class SailRun:
    """A run of a track on one point of sail: its points (lon, lat), the point of sail, whether
    it lies dead to windward (``beat``: boards, going about), and its nautical miles."""

    track: tuple[tuple[float, float], ...]
    point_of_sail: str
    beat: bool
    nm: float


def sail_runs(track: ArrayLike, month: int) -> list[SailRun]:
    """A track (lon, lat points) cut into runs of one point of sail under the month's
    prevailing wind (:func:`sail_hours`'s pieces; the month 1 to 12); none for fewer than
    two points.

    >>> runs = sail_runs([[-10.0, 45.0], [-10.0, 44.0], [-10.0, 43.0]], CALM)
    >>> [(r.point_of_sail, r.beat, len(r.track), round(r.nm)) for r in runs]
    [('reaching', False, 3, 120)]
    """
    coords = np.asarray(track, dtype=float)
    if len(coords) < 2:
        return []
    _, _, (p0, p1, nm, frm, brg) = sail_hours(coords, month, winds=True)
    runs: list[SailRun] = []
    for a, b, miles, r in zip(
        p0.tolist(), p1.tolist(), nm.tolist(), _eighths(frm, brg).tolist(), strict=True
    ):
        word, end = POINTS_OF_SAIL[r], (b[0], b[1])
        if runs and runs[-1].point_of_sail == word:
            last = runs[-1]
            runs[-1] = SailRun((*last.track, end), word, last.beat, last.nm + miles)
        else:
            runs.append(SailRun(((a[0], a[1]), end), word, r == 0, miles))
    return runs
