"""Sailing time along straight lon/lat runs: great-circle miles, bearings, and the hours
a ship of 1 knot reaching speed needs under the month's prevailing wind (seed 003's MA made
good over 12). Month :data:`CALM` (0) is no wind at all: the shortest track.

>>> round(float(gc_nm(np.array([0.0, 0.0]), np.array([0.0, 1.0]))), 1)
60.0
"""

from __future__ import annotations

import numpy as np

from maps.sailing import made_good_ma_array
from maps.wind import STRENGTHS, wind_codes

__all__ = [
    "CALM",
    "EARTH_RADIUS_NM",
    "bearing",
    "gc_nm",
    "pieces",
    "sail_hours",
    "segment_hours",
    "speed_factor",
    "speed_wind",
    "track_nm",
]

EARTH_RADIUS_NM = 3440.065
#: The "month" without wind: shortest tracks (see :func:`speed_factor`).
CALM = 0


def gc_nm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Great-circle distances (nautical miles) between (lon, lat) arrays.

    >>> round(float(gc_nm(np.array([0.0, 0.0]), np.array([0.0, 1.0]))), 1)
    60.0
    """
    lo1, la1, lo2, la2 = (np.radians(v) for v in (a[..., 0], a[..., 1], b[..., 0], b[..., 1]))
    h = np.sin((la2 - la1) / 2) ** 2 + np.cos(la1) * np.cos(la2) * np.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_RADIUS_NM * np.arcsin(np.sqrt(np.minimum(1.0, h)))


def pieces(a: np.ndarray, b: np.ndarray, step: float = 1.0):
    """Cut straight lon/lat segments into pieces of at most ``step`` degrees."""
    n = np.maximum(1, np.ceil(np.max(np.abs(b - a), axis=1) / step)).astype(int)
    seg = np.repeat(np.arange(len(a)), n)
    starts = np.concatenate([[0], np.cumsum(n)[:-1]]) if len(n) else np.zeros(0, int)
    k = np.arange(int(n.sum())) - np.repeat(starts, n)
    f0, f1 = (k / n[seg])[:, None], ((k + 1) / n[seg])[:, None]
    p0 = a[seg] + (b[seg] - a[seg]) * f0
    p1 = a[seg] + (b[seg] - a[seg]) * f1
    return seg, p0, p1


def track_nm(coords: np.ndarray) -> float:
    """Length in nautical miles of a lon/lat polyline drawn straight on the chart."""
    coords = np.asarray(coords, dtype=float)
    if len(coords) < 2:
        return 0.0
    _, p0, p1 = pieces(coords[:-1], coords[1:])
    return float(gc_nm(p0, p1).sum())


def bearing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    mid = np.radians((a[:, 1] + b[:, 1]) / 2)
    return np.degrees(np.arctan2((b[:, 0] - a[:, 0]) * np.cos(mid), b[:, 1] - a[:, 1])) % 360


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
    mid = (a + b) / 2
    frm, code = wind_codes(mid[:, 0], mid[:, 1], month)
    rel = frm - brg
    out = np.zeros(len(a))
    for c, s in enumerate(STRENGTHS):
        m = code == c
        if m.any():
            out[m] = made_good_ma_array(rel[m], s) / 12.0
    return out, frm, brg


def segment_hours(a: np.ndarray, b: np.ndarray, month: int, winds: bool = False):
    """Per straight segment a->b: hours at 1 knot reaching speed, nm, and the pieces
    (p0, p1, nm; with ``winds`` also each piece's wind source bearing and course)."""
    seg, p0, p1 = pieces(a, b)
    nm = gc_nm(p0, p1)
    f, frm, brg = speed_wind(p0, p1, month)
    hours = np.bincount(seg, weights=nm / np.maximum(f, 1e-6), minlength=len(a))
    detail = (p0, p1, nm, frm, brg) if winds else (p0, p1, nm)
    return hours, np.bincount(seg, weights=nm, minlength=len(a)), detail


def sail_hours(coords: np.ndarray, month: int, winds: bool = False):
    """Per segment of a polyline: hours at 1 knot reaching speed, nm, and the pieces."""
    return segment_hours(coords[:-1], coords[1:], month, winds)
