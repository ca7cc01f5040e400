"""Distances and bearings on the sphere: the one place the world measures them.

A position is (lon, lat) in degrees, as everywhere in :mod:`maps`. Each function takes two
positions, either two pairs of floats (a float back) or arrays whose last axis is
(lon, lat), broadcast together (an array back). One formula serves both: it is written
once over a set of maths functions, :mod:`math`'s for two single positions (numpy's cost
more than the sums for one) and numpy's for arrays.

>>> round(distance_nm((0.0, 0.0), (0.0, 1.0)), 1)  # a minute of latitude is a mile
60.0
>>> round(distance_km((-1.1, 50.8), (-5.35, 36.13)))  # Portsmouth to Gibraltar
1666
>>> distance_nm(np.array([[0.0, 0.0], [0.0, 45.0]]), np.array([1.0, 0.0])).round(1).tolist()
[60.0, 2702.3]
>>> round(bearing((0.0, 50.0), (1.0, 51.0)), 1), round(bearing((0.0, 50.0), (-1.0, 50.0)))
(32.5, 270)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, cast, overload

import numpy as np

__all__ = [
    "EARTH_RADIUS_KM",
    "EARTH_RADIUS_NM",
    "KM_PER_NM",
    "Position",
    "bearing",
    "distance_km",
    "distance_nm",
    "unit_vector",
]

#: The mean radius of the Earth in kilometres (IUGG).
EARTH_RADIUS_KM = 6371.0088

#: Kilometres in a nautical mile (the international mile).
KM_PER_NM = 1.852

#: The mean radius of the Earth in nautical miles (a sea mile is about a minute of arc):
#: the kilometres' radius in international miles, so that a mile is one mile everywhere.
EARTH_RADIUS_NM = EARTH_RADIUS_KM / KM_PER_NM

#: A pair of (lon, lat) floats, or an array whose last axis is (lon, lat).
Position = tuple[float, float] | np.ndarray


class _Maths(NamedTuple):
    """The functions the formulas below use: math's for floats, numpy's for arrays."""

    radians: Callable[[Any], Any]
    degrees: Callable[[Any], Any]
    sin: Callable[[Any], Any]
    cos: Callable[[Any], Any]
    asin: Callable[[Any], Any]
    sqrt: Callable[[Any], Any]
    atan2: Callable[[Any, Any], Any]
    minimum: Callable[[Any, Any], Any]


_FLOATS = _Maths(
    math.radians, math.degrees, math.sin, math.cos, math.asin, math.sqrt, math.atan2, min
)
_ARRAYS = _Maths(np.radians, np.degrees, np.sin, np.cos, np.arcsin, np.sqrt, np.arctan2, np.minimum)


def _split(a: Position, b: Position) -> tuple[_Maths, Any, Any, Any, Any]:
    """The maths for these positions, and their lon1, lat1, lon2, lat2."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        return _ARRAYS, a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    return _FLOATS, a[0], a[1], b[0], b[1]


def _central_angle(a: Position, b: Position) -> Any:
    """The angle (radians) at the Earth's centre between two positions (haversine)."""
    m, lon1, lat1, lon2, lat2 = _split(a, b)
    x1, y1, x2, y2 = m.radians(lon1), m.radians(lat1), m.radians(lon2), m.radians(lat2)
    h = m.sin((y2 - y1) / 2) ** 2 + m.cos(y1) * m.cos(y2) * m.sin((x2 - x1) / 2) ** 2
    return 2 * m.asin(m.sqrt(m.minimum(1.0, h)))  # rounding may push h past 1 (antipodes)


class _Measure(Protocol):
    """A function of two positions: a float for two pairs, an array for arrays."""

    @overload
    def __call__(self, a: tuple[float, float], b: tuple[float, float], /) -> float: ...
    @overload
    def __call__(self, a: Position, b: np.ndarray, /) -> np.ndarray: ...
    @overload
    def __call__(self, a: np.ndarray, b: Position, /) -> np.ndarray: ...


def _measure(f: Callable[[Position, Position], Any]) -> _Measure:
    """``f`` itself, typed as a :class:`_Measure`."""
    return cast(_Measure, f)


@_measure
def distance_nm(a: Position, b: Position) -> Any:
    """Great-circle distance in nautical miles."""
    return EARTH_RADIUS_NM * _central_angle(a, b)


@_measure
def distance_km(a: Position, b: Position) -> Any:
    """Great-circle distance in kilometres."""
    return EARTH_RADIUS_KM * _central_angle(a, b)


@_measure
def bearing(a: Position, b: Position) -> Any:
    """The course from a to b in degrees clockwise from North, [0, 360): the direction of
    the straight run on the chart, its easting shrunk by the cosine of its middle latitude
    (what a master steers on a run short enough to sail on one course, as the lanes are
    sailed)."""
    m, lon1, lat1, lon2, lat2 = _split(a, b)
    east = (lon2 - lon1) * m.cos(m.radians((lat1 + lat2) / 2))
    return m.degrees(m.atan2(east, lat2 - lat1)) % 360


@overload
def unit_vector(p: tuple[float, float]) -> tuple[float, float, float]: ...
@overload
def unit_vector(p: np.ndarray) -> np.ndarray: ...
def unit_vector(p: Position) -> Any:
    """The position as a point (x, y, z) on the unit sphere (last axis for an array): the
    chord between two, times the radius, is never longer than their great circle.

    >>> [round(c, 6) for c in unit_vector((90.0, 0.0))]
    [0.0, 1.0, 0.0]
    """
    m, lon, lat, _, _ = _split(p, p)
    x, y = m.radians(lon), m.radians(lat)
    out = m.cos(y) * m.cos(x), m.cos(y) * m.sin(x), m.sin(y)
    return np.stack(out, axis=-1) if m is _ARRAYS else out
