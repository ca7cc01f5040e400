"""Places of the world c.1805: ports, naval stations, named shallows and blockade zones.

The data live in ``maps/data/`` (``ports.json``, ``stations.geojson``, ``shallows.geojson``,
``places_rules.json``); each file is read once, validated, and handed out immutable
(frozen dataclasses, tuples, ``MappingProxyType``).

>>> load_ports()["brest"].kind
'enemy-arsenal'
>>> station_at(-1.1, 50.75)            # Spithead
'channel'
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPolygon, Point, Polygon, shape
from shapely.geometry.base import BaseGeometry

from maps import land
from maps.errors import DataError, InvalidValue, UnknownPlace
from maps.geo import KM_PER_NM, distance_km

__all__ = [
    "KINDS",
    "NATIONS",
    "SHALLOW_KINDS",
    "STATION_IDS",
    "Port",
    "Shallow",
    "ShallowWaterResult",
    "ShallowWaterRule",
    "Station",
    "blockade_radius_nm",
    "blockade_zones",
    "coast_clearance_ok",
    "load_ports",
    "load_shallow_water_rule",
    "load_shallows",
    "load_stations",
    "sea_only",
    "shallows_at",
    "station_at",
]

DATA = Path(__file__).resolve().parent / "data"

#: Kinds of harbour: a Royal Navy base, an enemy dockyard, any other enemy port, the rest.
KINDS: tuple[str, ...] = ("british-base", "enemy-arsenal", "enemy-port", "neutral")

#: The Royal Navy's stations as seed 000 ("British Naval Stations") lists them; its
#: "Cape and East Indies" command is split in two (see docs/rules-notes.md).
STATION_IDS: tuple[str, ...] = (
    "channel",
    "north-sea",
    "baltic",
    "mediterranean",
    "north-america",
    "west-indies",
    "cape",
    "east-indies",
)

#: Who held a harbour c.1805 (Netherlands = the Batavian Republic).
NATIONS: frozenset[str] = frozenset(
    {
        "Britain",
        "France",
        "Spain",
        "Netherlands",
        "Denmark",
        "Portugal",
        "Naples",
        "United States",
        "Sweden",
        "Russia",
        "Ottoman Empire",
        "Prussia",
        "Austria",
        "Etruria",
        "Algiers",
        "Tripoli",
        "Morocco",
        "Haiti",
        "Muscat",
    }
)

#: An anchorage must be at least this far from the Natural Earth 10m coast.
MIN_CLEARANCE_KM = 1.0


def coast_clearance_ok(lon: float, lat: float, km: float = MIN_CLEARANCE_KM) -> bool:
    """Whether no land lies within ``km`` of the point (a circle on the ground).

    >>> coast_clearance_ok(-1.085, 50.755, 1.0), coast_clearance_ok(-1.085, 50.755, 5.0)
    (True, False)
    """
    disc = _disc(lon, lat, km)
    candidates = _prepared_land()[land.land_tree().query(disc)]
    # the exact test on the prepared land parts, not on the disc (much faster on continents)
    return not bool(shapely.intersects(candidates, disc).any())


@cache
def _prepared_land() -> np.ndarray:
    parts = np.array(land.land_parts(), dtype=object)
    shapely.prepare(parts)
    return parts


@dataclass(frozen=True, slots=True)
class Port:
    """A harbour of c.1805 with the anchorage where ships lie off it.

    ``lon``/``lat`` is the town; ``anchorage`` (lon, lat) is open water connected to the sea,
    the point a router starts from and a blockade watches.
    """

    id: str
    name: str
    nation: str
    kind: str
    station: str
    lon: float
    lat: float
    anchorage: tuple[float, float]
    source: str
    anchorage_name: str = ""
    note: str = ""

    @property
    def is_enemy(self) -> bool:
        """An enemy arsenal or port (the ones the Royal Navy blockades)."""
        return self.kind in ("enemy-arsenal", "enemy-port")


def _read_json(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as fh:
        return json.load(fh)


def _port(row: Mapping) -> Port:
    pid = row["id"]
    for key, allowed in (("nation", NATIONS), ("kind", KINDS), ("station", STATION_IDS)):
        if row[key] not in allowed:
            raise DataError(f"port {pid!r}: unknown {key} {row[key]!r}")
    lon, lat = float(row["lon"]), float(row["lat"])
    alon, alat = (float(v) for v in row["anchorage"])
    if not (-180 <= lon <= 180 and -90 <= lat <= 90 and -180 <= alon <= 180):
        raise DataError(f"port {pid!r}: coordinates out of range")
    if not land.is_sea(alon, alat) or not coast_clearance_ok(alon, alat):
        raise DataError(f"port {pid!r}: anchorage {alon}, {alat} is not in open water")
    if distance_km((lon, lat), (alon, alat)) > 25:
        raise DataError(f"port {pid!r}: anchorage more than 25 km from the harbour")
    if not row.get("source"):
        raise DataError(f"port {pid!r}: no source")
    return Port(
        id=pid,
        name=row["name"],
        nation=row["nation"],
        kind=row["kind"],
        station=row["station"],
        lon=lon,
        lat=lat,
        anchorage=(alon, alat),
        source=row["source"],
        anchorage_name=row.get("anchorage_name", ""),
        note=row.get("note", ""),
    )


@cache
def load_ports() -> Mapping[str, Port]:
    """Every port by id (read-only, loaded and validated once).

    >>> p = load_ports()["gibraltar"]
    >>> p.nation, p.kind, p.station
    ('Britain', 'british-base', 'mediterranean')
    """
    ports: dict[str, Port] = {}
    for row in _read_json("ports.json")["ports"]:
        port = _port(row)
        if port.id in ports:
            raise DataError(f"duplicate port id {port.id!r}")
        ports[port.id] = port
    return MappingProxyType(ports)


# --- sea polygons -------------------------------------------------------------------------

#: Parts of a station's sea smaller than this (deg^2, ~80 km^2 at 50N) are dropped: they are
#: the heads of lochs and fjords that a station's inland edge cuts off from its open sea.
MIN_SEA_PART = 0.01


def sea_only(polygon: BaseGeometry) -> Polygon | MultiPolygon:
    """``polygon`` minus Natural Earth 10m land (an empty Polygon if nothing is left).

    >>> 0 < sea_only(shapely.box(-1.2, 50.7, -1.0, 50.8)).area < 0.02   # Spithead and its shores
    True
    """
    parts = land.land_parts()
    idx = land.land_tree().query(polygon, predicate="intersects")
    if len(idx) == 0:
        return _polygonal(polygon)
    clipped = shapely.clip_by_rect([parts[i] for i in idx], *polygon.bounds)
    try:  # the parts are valid and rarely overlap: skip the costly union when GEOS allows
        pieces = [g for c in clipped for g in shapely.get_parts(c) if isinstance(g, Polygon)]
        sea = polygon.difference(MultiPolygon(pieces))
    except shapely.errors.GEOSException:
        sea = polygon.difference(shapely.union_all(clipped))
    return _polygonal(sea)


def _polygonal(geom: BaseGeometry) -> Polygon | MultiPolygon:
    polys = [g for g in shapely.get_parts(geom) if isinstance(g, Polygon) and not g.is_empty]
    if not polys:
        return Polygon()
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def _read_features(name: str) -> list[dict]:
    data = _read_json(name)
    if data.get("type") != "FeatureCollection":
        raise DataError(f"{name}: not a GeoJSON FeatureCollection")
    return data["features"]


# --- stations ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Station:
    """A Royal Navy station: its sea (no land inside) and its bases (port ids)."""

    id: str
    name: str
    polygon: Polygon | MultiPolygon
    bases: tuple[str, ...]
    description: str
    source: str


@cache
def load_stations() -> Mapping[str, Station]:
    """The eight stations by id, in :data:`STATION_IDS` order (loaded and validated once).

    >>> load_stations()["mediterranean"].bases
    ('gibraltar', 'malta', 'port-mahon')
    """
    ports = load_ports()
    stations: dict[str, Station] = {}
    for feature in _read_features("stations.geojson"):
        props = feature["properties"]
        sid = props["id"]
        if sid not in STATION_IDS or sid in stations:
            raise DataError(f"stations.geojson: unknown or duplicate station {sid!r}")
        drawn = shape(feature["geometry"])
        if not isinstance(drawn, Polygon) or not drawn.is_valid:
            raise DataError(f"station {sid!r}: not a valid polygon")
        sea = _polygonal(
            MultiPolygon([p for p in shapely.get_parts(sea_only(drawn)) if p.area >= MIN_SEA_PART])
        )
        bases = tuple(props["bases"])
        for base in bases:
            if (
                base not in ports
                or ports[base].station != sid
                or ports[base].kind != "british-base"
            ):
                raise DataError(
                    f"station {sid!r}: base {base!r} is not one of its ports of kind british-base"
                )
        shapely.prepare(sea)
        stations[sid] = Station(
            id=sid,
            name=props["name"],
            polygon=sea,
            bases=bases,
            description=props["description"],
            source=props["source"],
        )
    if tuple(stations) != STATION_IDS:
        raise DataError(f"stations.geojson: expected {STATION_IDS}, got {tuple(stations)}")
    return MappingProxyType(stations)


def station_at(lon: float, lat: float) -> str | None:
    """The id of the station whose sea holds the point, or None (land, open ocean).

    >>> station_at(5.95, 43.0), station_at(72.7, 18.8), station_at(-30.0, 45.0)
    ('mediterranean', 'east-indies', None)
    """
    for station in load_stations().values():
        if shapely.contains_xy(station.polygon, lon, lat):
            return station.id
    return None


# --- shallows and the shallow-water rule ------------------------------------------------

SHALLOW_KINDS: tuple[str, ...] = ("sands", "rocks", "reef", "bank", "shoals")


@dataclass(frozen=True, slots=True)
class ShallowWaterResult:
    """One throw of seed 003's shallow-water rule.

    ``result`` is "clear", "aground" or "rocks"; ``damage`` the 2d6 damage points of rocks;
    ``stuck`` whether the ship is held fast (aground and not freed, or rocks and not scraped
    free: "treat as aground").
    """

    roll: int
    result: str
    damage: int = 0
    stuck: bool = False
    second_roll: int | None = None


@dataclass(frozen=True, slots=True)
class ShallowWaterRule:
    """Seed 003 "Shallow Water": throw a d6; 4-6 clear, 2-3 aground, 1 rocks (2d6 damage)."""

    clear: frozenset[int]
    aground: frozenset[int]
    rocks: frozenset[int]
    aground_stuck: frozenset[int]
    rocks_damage_dice: int
    rocks_stuck: frozenset[int]
    text: str
    source: str
    die: int = 6

    def outcome(self, roll: int) -> str:
        """What a throw of the first d6 means.

        >>> [load_shallow_water_rule().outcome(r) for r in range(1, 7)]
        ['rocks', 'aground', 'aground', 'clear', 'clear', 'clear']
        """
        for name in ("clear", "aground", "rocks"):
            if roll in getattr(self, name):
                return name
        raise InvalidValue(f"a d{self.die} cannot throw {roll}")

    def probabilities(self) -> Mapping[str, float]:
        """Chance of each outcome of one throw.

        >>> dict(load_shallow_water_rule().probabilities())["clear"]
        0.5
        """
        return MappingProxyType(
            {name: len(getattr(self, name)) / self.die for name in ("clear", "aground", "rocks")}
        )

    def resolve(self, rng: random.Random) -> ShallowWaterResult:
        """Throw the rule with ``rng``: the d6, then the d6 to get free or the 2d6 damage."""
        roll = rng.randint(1, self.die)
        result = self.outcome(roll)
        if result == "clear":
            return ShallowWaterResult(roll, result)
        if result == "aground":
            second = rng.randint(1, 6)
            return ShallowWaterResult(roll, result, 0, second in self.aground_stuck, second)
        damage = sum(rng.randint(1, 6) for _ in range(self.rocks_damage_dice))
        second = rng.randint(1, 6)
        return ShallowWaterResult(roll, result, damage, second in self.rocks_stuck, second)


@cache
def load_shallow_water_rule() -> ShallowWaterRule:
    """Seed 003's shallow-water rule, stored once in ``places_rules.json``."""
    raw = _read_json("places_rules.json")["shallow_water"]
    die = int(raw["die"])
    outcomes = {
        k: frozenset(int(v) for v in raw["outcomes"][k]) for k in ("clear", "aground", "rocks")
    }
    if sorted(r for s in outcomes.values() for r in s) != list(range(1, die + 1)):
        raise DataError("places_rules.json: shallow-water outcomes must cover the die once")
    for sub, keys in (("aground", ("stuck", "freed")), ("rocks", ("stuck", "scraped_free"))):
        if sorted(r for k in keys for r in raw[sub][k]) != list(range(1, 7)):
            raise DataError(f"places_rules.json: the {sub} d6 must cover 1-6 once")
    return ShallowWaterRule(
        die=die,
        **outcomes,
        aground_stuck=frozenset(raw["aground"]["stuck"]),
        rocks_damage_dice=int(raw["rocks"]["damage_dice"]),
        rocks_stuck=frozenset(raw["rocks"]["stuck"]),
        text=raw["text"],
        source=raw["source"],
    )


@dataclass(frozen=True, slots=True)
class Shallow:
    """A named hazard: its water (land removed), kind, source and the shallow-water rule."""

    id: str
    name: str
    kind: str
    polygon: Polygon | MultiPolygon
    source: str
    risk: ShallowWaterRule


@cache
def load_shallows() -> tuple[Shallow, ...]:
    """Every named shallow (loaded and validated once), in file order.

    >>> next(s for s in load_shallows() if s.id == "goodwin-sands").kind
    'sands'
    """
    rule = load_shallow_water_rule()
    shallows: list[Shallow] = []
    seen: set[str] = set()
    for feature in _read_features("shallows.geojson"):
        props = feature["properties"]
        sid = props["id"]
        if sid in seen:
            raise DataError(f"duplicate shallow id {sid!r}")
        seen.add(sid)
        if props["kind"] not in SHALLOW_KINDS or not props.get("source"):
            raise DataError(f"shallow {sid!r}: bad kind or no source")
        drawn = shape(feature["geometry"])
        if not isinstance(drawn, Polygon) or not drawn.is_valid:
            raise DataError(f"shallow {sid!r}: not a valid polygon")
        water = sea_only(drawn)
        if water.is_empty or water.area < 0.5 * drawn.area:
            raise DataError(f"shallow {sid!r}: mostly on land")
        shapely.prepare(water)
        shallows.append(
            Shallow(
                id=sid,
                name=props["name"],
                kind=props["kind"],
                polygon=water,
                source=props["source"],
                risk=rule,
            )
        )
    return tuple(shallows)


def shallows_at(lon: float, lat: float) -> tuple[Shallow, ...]:
    """The shallows that hold the point.

    >>> [s.id for s in shallows_at(1.50, 51.27)]
    ['goodwin-sands']
    """
    return tuple(s for s in load_shallows() if shapely.contains_xy(s.polygon, lon, lat))


# --- blockade zones ---------------------------------------------------------------------


@cache
def blockade_radius_nm() -> float:
    """The radius of a blockade zone round an enemy anchorage (``places_rules.json``)."""
    radius = float(_read_json("places_rules.json")["blockade_zone"]["radius_nm"])
    if not 0 < radius <= 60:
        raise DataError("places_rules.json: blockade radius out of range")
    return radius


def _disc(lon: float, lat: float, km: float, segments: int = 16) -> Polygon:
    """A circle of ``km`` on the ground as a lon/lat polygon (locally equirectangular)."""
    r = km / 111.2
    return affinity.scale(Point(lon, lat).buffer(r, segments), 1 / math.cos(math.radians(lat)), 1.0)


@cache
def _blockade_zone(port_id: str) -> Polygon:
    lon, lat = load_ports()[port_id].anchorage
    sea = sea_only(_disc(lon, lat, blockade_radius_nm() * KM_PER_NM))
    # keep the water that touches the anchorage, not a bay behind a headland
    here = Point(lon, lat)
    return next((p for p in shapely.get_parts(sea) if p.covers(here)), Polygon())


def blockade_zones(ports: Iterable[str | Port] | None = None) -> Mapping[str, Polygon]:
    """A zone at sea off each enemy port (or the given ports), by port id.

    The zone is the water within :func:`blockade_radius_nm` nautical miles of the port's
    anchorage that is connected to it.

    >>> zone = blockade_zones(["brest"])["brest"]
    >>> zone.contains(Point(-4.75, 48.30)), zone.contains(Point(-4.49, 48.39))   # sea, town
    (True, False)
    """
    all_ports = load_ports()
    if ports is None:
        ids = [p.id for p in all_ports.values() if p.is_enemy]
    else:
        ids = [p.id if isinstance(p, Port) else p for p in ports]
        for pid in ids:
            if pid not in all_ports:
                raise UnknownPlace(f"unknown port {pid!r}")
    return MappingProxyType({pid: _blockade_zone(pid) for pid in ids})
