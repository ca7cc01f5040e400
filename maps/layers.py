"""GeoJSON layers for the browser map (RFC 7946 FeatureCollections as plain dicts).

Every layer is built once and cached: the server hands the same object (or its cached JSON
text, :func:`layer_json`) to every page load, so callers must not mutate what they get.

Conventions (RFC 7946): positions are [lon, lat] rounded to :data:`DECIMALS` places; polygon
exterior rings run counter-clockwise and holes clockwise; every feature has an ``id`` and a
``properties`` object.

>>> fc = all_layers()["ports"]
>>> fc["type"], fc["features"][0]["geometry"]["type"]
('FeatureCollection', 'Point')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from types import MappingProxyType

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from maps import land as land_model
from maps import places

__all__ = [
    "DECIMALS",
    "LAND_MIN_AREA",
    "LAND_TOLERANCE",
    "LAYER_NAMES",
    "STATION_TOLERANCE",
    "all_layers",
    "blockade_zones",
    "geometry_json",
    "land",
    "layer_json",
    "ports",
    "shallows",
    "stations",
]

#: Decimal places of every coordinate (4 places: about 10 m).
DECIMALS = 4
#: Douglas-Peucker tolerance (degrees, about 2 km) of the display coastline.
LAND_TOLERANCE = 0.02
#: Islands smaller than this (deg^2, about 5 km^2 at the equator) are left off the display.
LAND_MIN_AREA = LAND_TOLERANCE**2
#: The display coastline stops short of Antarctica and the polar ice, off every station.
LAND_LATITUDES = (-60.0, 84.0)
#: Tolerance of the station outlines drawn on the map (the model keeps the full 10m coast).
STATION_TOLERANCE = 0.02

LAYER_NAMES: tuple[str, ...] = ("land", "stations", "shallows", "blockade_zones", "ports")


def _ring(coords: Iterable[tuple[float, ...]]) -> list[list[float]] | None:
    """A rounded linear ring without repeated positions, or None if it collapsed."""
    out: list[list[float]] = []
    for x, y, *_ in coords:
        pos = [round(x, DECIMALS), round(y, DECIMALS)]
        if not out or pos != out[-1]:
            out.append(pos)
    if out and out[0] != out[-1]:
        out.append(out[0])
    return out if len(out) >= 4 else None


def _polygon_coords(poly: Polygon) -> list[list[list[float]]] | None:
    exterior = _ring(poly.exterior.coords)
    if exterior is None:
        return None
    holes = [r for r in (_ring(i.coords) for i in poly.interiors) if r is not None]
    return [exterior, *holes]


def geometry_json(geom: BaseGeometry) -> dict:
    """RFC 7946 geometry of a Shapely (Multi)Polygon or Point, oriented and rounded.

    >>> clockwise = shapely.Polygon([(0, 0), (0, 1), (1, 1), (1, 0)])
    >>> geometry_json(clockwise)["coordinates"][0][:3]     # turned counter-clockwise
    [[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]]
    """
    if geom.geom_type == "Point":
        return {"type": "Point", "coordinates": [round(geom.x, DECIMALS), round(geom.y, DECIMALS)]}
    # snap each part to the output grid first: rounding afterwards could make rings cross
    snapped = shapely.set_precision(shapely.get_parts(geom), 10.0**-DECIMALS)
    oriented = shapely.orient_polygons(shapely.get_parts(snapped), exterior_cw=False)
    polys = [p for p in oriented if isinstance(p, Polygon) and not p.is_empty]
    rings = [c for c in (_polygon_coords(p) for p in polys) if c is not None]
    if len(rings) == 1:
        return {"type": "Polygon", "coordinates": rings[0]}
    return {"type": "MultiPolygon", "coordinates": rings}


def _feature(fid: str, geom: BaseGeometry | dict, properties: dict) -> dict:
    geometry = geom if isinstance(geom, dict) else geometry_json(geom)
    return {"type": "Feature", "id": fid, "geometry": geometry, "properties": properties}


def _collection(features: list[dict], **members: object) -> dict:
    return {"type": "FeatureCollection", **members, "features": features}


@cache
def land() -> dict:
    """Natural Earth 10m land (the model's own), simplified by :data:`LAND_TOLERANCE`."""
    lat0, lat1 = LAND_LATITUDES
    parts = shapely.clip_by_rect(list(land_model.land_parts()), -180.0, lat0, 180.0, lat1)
    parts = shapely.simplify(parts, LAND_TOLERANCE, preserve_topology=True)
    keep = [
        g
        for p in parts
        for g in shapely.get_parts(p)
        if isinstance(g, Polygon) and g.area >= LAND_MIN_AREA
    ]
    props = {
        "name": "land",
        "source": "Natural Earth 1:10m land (public domain), "
        f"simplified to {LAND_TOLERANCE} deg, islands under {LAND_MIN_AREA:g} deg^2 "
        f"and latitudes beyond {lat0:g}..{lat1:g} left off",
    }
    return _collection([_feature("land", MultiPolygon(keep), props)])


@cache
def ports() -> dict:
    """Every port as a Point at the harbour, with its anchorage and station in properties."""
    base_of = {b: s.id for s in places.load_stations().values() for b in s.bases}
    features = []
    for p in places.load_ports().values():
        props = {
            "id": p.id,
            "name": p.name,
            "nation": p.nation,
            "kind": p.kind,
            "station": p.station,
            "base_of": base_of.get(p.id),
            "anchorage": [round(p.anchorage[0], DECIMALS), round(p.anchorage[1], DECIMALS)],
            "anchorage_name": p.anchorage_name,
            "note": p.note,
            "source": p.source,
        }
        features.append(_feature(p.id, shapely.Point(p.lon, p.lat), props))
    return _collection(features)


@cache
def stations() -> dict:
    """The stations' seas, outlines simplified by :data:`STATION_TOLERANCE`."""
    features = []
    for s in places.load_stations().values():
        outline = shapely.simplify(s.polygon, STATION_TOLERANCE, preserve_topology=True)
        props = {
            "id": s.id,
            "name": s.name,
            "bases": list(s.bases),
            "description": s.description,
            "source": s.source,
        }
        features.append(_feature(s.id, outline, props))
    return _collection(features)


@cache
def shallows() -> dict:
    """The named shallows with their kind, source and the shallow-water odds."""
    features = []
    for s in places.load_shallows():
        odds = {k: round(v, 4) for k, v in s.risk.probabilities().items()}
        props = {
            "id": s.id,
            "name": s.name,
            "kind": s.kind,
            "source": s.source,
            "risk": {**odds, "rule": s.risk.text, "rule_source": s.risk.source},
        }
        features.append(_feature(s.id, s.polygon, props))
    return _collection(features)


@cache
def blockade_zones() -> dict:
    """A zone off each enemy port (see :func:`maps.places.blockade_zones`)."""
    all_ports = places.load_ports()
    radius = places.blockade_radius_nm()
    features = []
    for pid, zone in places.blockade_zones().items():
        p = all_ports[pid]
        props = {
            "id": pid,
            "port": pid,
            "name": f"Blockade of {p.name}",
            "nation": p.nation,
            "kind": p.kind,
            "station": p.station,
            "radius_nm": radius,
        }
        features.append(_feature(pid, zone, props))
    return _collection(features)


_BUILDERS: Mapping[str, Callable[[], dict]] = MappingProxyType(
    {
        "land": land,
        "stations": stations,
        "shallows": shallows,
        "blockade_zones": blockade_zones,
        "ports": ports,
    }
)


def all_layers() -> dict[str, dict]:
    """Every layer by name (:data:`LAYER_NAMES`)."""
    return {name: _BUILDERS[name]() for name in LAYER_NAMES}


@cache
def layer_json(name: str) -> str:
    """The compact JSON text of one layer (cached; what a server sends).

    >>> layer_json("ports").startswith('{"type":"FeatureCollection"')
    True
    """
    if name not in _BUILDERS:
        raise KeyError(f"unknown layer {name!r}; layers are {', '.join(LAYER_NAMES)}")
    return json.dumps(_BUILDERS[name](), separators=(",", ":"), ensure_ascii=False)
