"""Sailing time along straight lon/lat runs: great-circle miles, bearings, and the hours
a ship of 1 knot reaching speed needs under the month's prevailing wind (seed 003's MA made
good over 12). Month :data:`CALM` (0) is no wind at all: the shortest track.

>>> round(float(gc_nm(np.array([0.0, 0.0]), np.array([0.0, 1.0]))), 1)
60.0
"""

from __future__ import annotations

import numpy as np

from maps.sailing import made_good_ma_choice
from maps.wind import STRENGTHS, wind_codes

__all__ = [
    "CALM",
    "EARTH_RADIUS_NM",
    "bearing",
    "counted_pieces",
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
    # (lon1, lat1, lon2, lat2) in radians, each half-difference's sine and each latitude's
    # cosine in one call per function (haversine)
    r = np.radians(np.concatenate(np.broadcast_arrays(a, b), axis=-1))
    s = np.sin((r[..., 2:] - r[..., :2]) / 2) ** 2
    c = np.cos(r[..., 1::2])
    h = s[..., 1] + c[..., 0] * c[..., 1] * s[..., 0]
    return 2 * EARTH_RADIUS_NM * np.arcsin(np.sqrt(np.minimum(1.0, h)))


def pieces(a: np.ndarray, b: np.ndarray, step: float = 1.0):
    """Cut straight lon/lat segments into pieces of at most ``step`` degrees."""
    return counted_pieces(a, b, step)[1:]


def counted_pieces(a: np.ndarray, b: np.ndarray, step: float = 1.0):
    """:func:`pieces` and, first, the number of pieces of each segment (its pieces are
    consecutive)."""
    d = b - a
    n = np.maximum(1, np.ceil(np.max(np.abs(d), axis=1) / step)).astype(int)
    seg = np.repeat(np.arange(len(a)), n)
    ends = np.cumsum(n)
    k = np.arange(int(ends[-1]) if len(n) else 0) - np.repeat(ends - n, n)
    ns = n[seg]
    a_s, d_s = a[seg], d[seg]
    p0 = a_s + d_s * (k / ns)[:, None]
    p1 = a_s + d_s * ((k + 1) / ns)[:, None]
    return n, seg, p0, p1


def track_nm(coords: np.ndarray) -> float:
    """Length in nautical miles of a lon/lat polyline drawn straight on the chart."""
    coords = np.asarray(coords, dtype=float)
    if len(coords) < 2:
        return 0.0
    _, p0, p1 = pieces(coords[:-1], coords[1:])
    return float(gc_nm(p0, p1).sum())


def bearing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return _bearing(a, b, (a[:, 1] + b[:, 1]) / 2)


def _bearing(a: np.ndarray, b: np.ndarray, mid_lat: np.ndarray) -> np.ndarray:
    d = b - a
    return np.degrees(np.arctan2(d[:, 0] * np.cos(np.radians(mid_lat)), d[:, 1])) % 360


def speed_factor(a: np.ndarray, b: np.ndarray, month: int) -> np.ndarray:
    """MA made good over 12 for sailing a->b under the wind at the middle of each segment.

    Month :data:`CALM` (0) is no wind at all: every course at reaching speed, so the
    route is the shortest track (for comparison with distance-only routers).
    """
    return speed_wind(a, b, month)[0]


def speed_wind(a: np.ndarray, b: np.ndarray, month: int):
    """(:func:`speed_factor`, the wind's source bearing, the course) per segment; in a calm
    the "wind" is abeam."""
    mid = (a + b) / 2
    brg = _bearing(a, b, mid[:, 1])
    if month == CALM:
        return np.ones(len(a)), brg + 90.0, brg
    frm, code = wind_codes(mid[:, 0], mid[:, 1], month)
    return made_good_ma_choice(frm - brg, code, STRENGTHS) / 12.0, frm, brg


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
