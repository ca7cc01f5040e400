"""Sailing time along straight lon/lat runs: the hours a ship of 1 knot reaching speed
needs under the month's prevailing wind (seed 003's MA made good over 12), piece by piece
(great-circle miles and courses from :mod:`maps.geo`). Month :data:`CALM` (0) is no wind
at all: the shortest track.

>>> hours, nm, _ = sail_hours(np.array([[-10.0, 45.0], [-10.0, 44.0]]), CALM)
>>> round(float(nm[0]), 1), bool(hours[0] == nm[0])
(60.0, True)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from functools import cache

import numpy as np

from maps.geo import bearing, distance_nm
from maps.sailing import made_good_ma_choice, made_good_ma_table
from maps.wind import STRENGTHS, load_regions, wind_codes

__all__ = [
    "CALM",
    "leg_sailing",
    "pieces",
    "sail_hours",
    "segment_hours",
    "speed_factor",
    "speed_wind",
]

#: The "month" without wind: shortest tracks (see :func:`speed_factor`).
CALM = 0


def pieces(a: np.ndarray, b: np.ndarray, step: float = 1.0):
    """Cut straight lon/lat segments into pieces of at most ``step`` degrees."""
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


def speed_wind(a: np.ndarray, b: np.ndarray, month: int):
    """(:func:`speed_factor`, the wind's source bearing, the course) per segment; in a calm
    the "wind" is abeam."""
    brg = bearing(a, b)
    if month == CALM:
        return np.ones(len(a)), brg + 90.0, brg
    frm, code = wind_codes((a[:, 0] + b[:, 0]) / 2, (a[:, 1] + b[:, 1]) / 2, month)
    return made_good_ma_choice(frm - brg, code, STRENGTHS) / 12.0, frm, brg


def segment_hours(a: np.ndarray, b: np.ndarray, month: int, winds: bool = False):
    """Per straight segment a->b: hours at 1 knot reaching speed, nm, and the pieces
    (p0, p1, nm; with ``winds`` also each piece's wind source bearing and course)."""
    seg, p0, p1 = pieces(a, b)
    nm = distance_nm(p0, p1)
    f, frm, brg = speed_wind(p0, p1, month)
    hours = np.bincount(seg, weights=nm / np.maximum(f, 1e-6), minlength=len(a))
    detail = (p0, p1, nm, frm, brg) if winds else (p0, p1, nm)
    return hours, np.bincount(seg, weights=nm, minlength=len(a)), detail


def sail_hours(coords: np.ndarray, month: int, winds: bool = False):
    """Per segment of a polyline: hours at 1 knot reaching speed, nm, and the pieces."""
    return segment_hours(coords[:-1], coords[1:], month, winds)


#: Up to this many pieces a leg is timed in plain floats (:func:`leg_sailing`).
_FEW_PIECES = 20


@cache
def _wind_rows(month: int) -> tuple[tuple[float, float, float, float, float, int], ...]:
    """The regions blowing in a month, in order: (lon0, lat0, lon1, lat1, from_deg, strength
    code), as :func:`maps.wind.wind_codes` reads them."""
    return tuple(
        (*map(float, r.bbox), float(w.from_deg), STRENGTHS.index(w.strength))
        for r in load_regions()
        if (w := r.wind(month)) is not None
    )


def leg_sailing(coords: list, month: int) -> tuple[float, float, list[float]]:
    """:func:`sail_hours` of a polyline (a list of (lon, lat)) summed up: nautical miles,
    hours at 1 knot reaching, and miles by point of sail (the angle off the wind in eighths
    of the compass, 0 to 4, rounded as :func:`numpy.rint` does). A short one is worked out
    one piece at a time in plain floats (numpy's calls cost more than so few sums), with
    the same formulas: the same figures, to the last bit or so."""
    counts = [
        max(1, math.ceil(max(abs(x1 - x0), abs(y1 - y0))))
        for (x0, y0), (x1, y1) in zip(coords, coords[1:], strict=False)
    ]
    if sum(counts) > _FEW_PIECES:
        hours, nm, (_, _, pnm, frm, brg) = sail_hours(np.array(coords), month, winds=True)
        rel = np.rint(np.abs((frm - brg + 180) % 360 - 180) / 45).astype(int)
        return float(nm.sum()), float(hours.sum()), np.bincount(rel, pnm, 5).tolist()
    rows = _wind_rows(month) if month != CALM else ()
    tables = [made_good_ma_table(s) for s in STRENGTHS]
    total_nm = total_h = 0.0
    miles = [0.0] * 5
    for (x0, y0), (x1, y1), k in zip(coords, coords[1:], counts, strict=False):
        dx, dy = x1 - x0, y1 - y0
        seg_nm = seg_h = 0.0
        for i in range(k):
            ax, ay = x0 + dx * (i / k), y0 + dy * (i / k)
            bx, by = x0 + dx * ((i + 1) / k), y0 + dy * ((i + 1) / k)
            nm, brg = distance_nm((ax, ay), (bx, by)), bearing((ax, ay), (bx, by))
            mx, my = (ax + bx) / 2, (ay + by) / 2
            if not rows:
                f, frm = 1.0, brg + 90.0
            else:
                for row in rows:  # the first region holding it
                    if row[0] <= mx <= row[2] and row[1] <= my <= row[3]:
                        break
                frm, code = row[4], row[5]
                rel = abs((frm - brg + 180) % 360 - 180)
                xp, fp = tables[code]
                j = bisect_right(xp, rel) - 1
                if j >= len(xp) - 1 or xp[j] == rel:
                    ma = fp[min(j, len(fp) - 1)]
                else:
                    ma = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]) * (rel - xp[j]) + fp[j]
                f = ma / 12.0
            seg_nm += nm
            seg_h += nm / max(f, 1e-6)
            miles[round(abs((frm - brg + 180) % 360 - 180) / 45)] += nm
        total_nm += seg_nm
        total_h += seg_h
    return total_nm, total_h, miles
