"""Land: Natural Earth 1:10m, loaded once into Shapely 2 polygons with an STRtree.

The data file ``maps/data/land.wkb.gz`` is made by ``scripts/build_land.py`` (see
``docs/data.md``): planar lon/lat polygons in [-180, 180], cut at the antimeridian, each
part valid. Everything here is read-only after the first load.

>>> is_land(-1.0, 52.0), is_sea(-5.0, 50.0)
(True, True)
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from numpy.typing import ArrayLike
from shapely.geometry import MultiPolygon, Polygon
from shapely.strtree import STRtree

from maps.errors import DataError

__all__ = [
    "LAND_FILE",
    "SOLENT_BOX",
    "SOLENT_FILE",
    "is_land",
    "is_sea",
    "land_geometry",
    "land_mask",
    "land_parts",
    "land_tree",
    "lines_cross_land",
    "segment_crosses_land",
    "solent_coast",
]

LAND_FILE = Path(__file__).resolve().parent / "data" / "land.wkb.gz"
#: The Solent and Spithead (lon0, lat0, lon1, lat1), where the chart draws GSHHS high's
#: coast instead of Natural Earth's (display only: see :func:`solent_coast`).
SOLENT_BOX = (-1.9, 50.55, -0.7, 50.95)
SOLENT_FILE = Path(__file__).resolve().parent / "data" / "solent_coast.wkb.gz"


@cache
def land_geometry() -> MultiPolygon:
    """All land as one MultiPolygon (lon/lat); its parts are valid but may touch."""
    geom = shapely.from_wkb(gzip.decompress(LAND_FILE.read_bytes()))
    if not isinstance(geom, MultiPolygon) or len(geom.geoms) < 1000:
        raise DataError(f"{LAND_FILE} is not the Natural Earth 10m land MultiPolygon")
    lon0, lat0, lon1, lat1 = geom.bounds
    if lon0 < -180 or lon1 > 180 or lat0 < -90 or lat1 > 90:
        raise DataError(f"{LAND_FILE}: coordinates outside lon/lat range")
    return geom


@cache
def solent_coast() -> MultiPolygon:
    """The land of :data:`SOLENT_BOX` from GSHHS high (``scripts/build_solent.py``), for the
    chart only: the router, the sea and every rule keep :func:`land_geometry`."""
    geom = shapely.from_wkb(gzip.decompress(SOLENT_FILE.read_bytes()))
    if not isinstance(geom, MultiPolygon) or not geom.geoms:
        raise DataError(f"{SOLENT_FILE} is not the Solent's GSHHS MultiPolygon")
    lon0, lat0, lon1, lat1 = geom.bounds
    b0, b1, b2, b3 = SOLENT_BOX
    if lon0 < b0 or lat0 < b1 or lon1 > b2 or lat1 > b3:
        raise DataError(f"{SOLENT_FILE}: land outside the Solent's box")
    return geom


@cache
def land_parts() -> tuple[Polygon, ...]:
    """The land polygons one by one (islands, continents), in file order."""
    return tuple(land_geometry().geoms)


@cache
def _parts_array() -> np.ndarray:
    parts = np.array(land_parts(), dtype=object)
    shapely.prepare(parts)
    return parts


@cache
def land_tree() -> STRtree:
    """An STRtree over :func:`land_parts` (indices into that tuple)."""
    return STRtree(_parts_array())


def is_land(lon: float, lat: float) -> bool:
    """Whether the point is on land (coast lines count as land).

    >>> is_land(25.0, 68.0), is_land(5.0, 67.0)   # Lapland, the Norwegian Sea
    (True, False)
    """
    return bool(land_mask([lon], [lat])[0])


def is_sea(lon: float, lat: float) -> bool:
    """Whether the point is open water (not land, not on the coast line)."""
    return not is_land(lon, lat)


def land_mask(lons: ArrayLike, lats: ArrayLike) -> np.ndarray:
    """Vectorised :func:`is_land` for arrays of longitudes and latitudes."""
    pts = shapely.points(np.asarray(lons, dtype=float), np.asarray(lats, dtype=float))
    flat = pts.ravel()
    hit = np.zeros(flat.shape, dtype=bool)
    # bounding boxes from the tree, then the exact test on the prepared parts: the tree's
    # own predicate would prepare the query point instead, and be ~1000x slower on continents
    q, t = land_tree().query(flat)
    inside = shapely.intersects(_parts_array()[t], flat[q])
    hit[q[inside]] = True
    return hit.reshape(pts.shape)


def segment_crosses_land(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the straight lon/lat segment a-b touches land.

    >>> segment_crosses_land((-1.1, 50.7), (-5.35, 36.0))   # Portsmouth to Gibraltar
    True
    """
    return bool(lines_cross_land([(a, b)])[0])


def lines_cross_land(lines: np.ndarray | Sequence[Any]) -> np.ndarray:
    """Vectorised land test for many lon/lat polylines (each a sequence of points)."""
    if isinstance(lines, np.ndarray) and lines.dtype != object and lines.ndim == 3:
        geoms = shapely.linestrings(lines)  # all of one length: one vectorised call
    else:
        geoms = np.empty(len(lines), dtype=object)
        geoms[:] = [shapely.linestrings(line) for line in lines]
    hit = np.zeros(geoms.shape, dtype=bool)
    q, t = land_tree().query(geoms)
    inside = shapely.intersects(_parts_array()[t], geoms[q])
    hit[q[inside]] = True
    return hit
