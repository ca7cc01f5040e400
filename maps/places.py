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
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from maps import land

__all__ = [
    "KINDS",
    "NATIONS",
    "STATION_IDS",
    "Port",
    "coast_clearance_ok",
    "haversine_km",
    "load_ports",
]

DATA = Path(__file__).resolve().parent / "data"

#: Kinds of harbour: a Royal Navy base, an enemy dockyard, any other enemy port, the rest.
KINDS: tuple[str, ...] = ("british-base", "enemy-arsenal", "enemy-port", "neutral")

#: The Royal Navy's stations as seed 000 ("British Naval Stations") lists them; its
#: "Cape and East Indies" command is split in two (see docs/rules-notes.md).
STATION_IDS: tuple[str, ...] = (
    "channel", "north-sea", "baltic", "mediterranean",
    "north-america", "west-indies", "cape", "east-indies",
)

#: Who held a harbour c.1805 (Netherlands = the Batavian Republic).
NATIONS: frozenset[str] = frozenset({
    "Britain", "France", "Spain", "Netherlands", "Denmark", "Portugal", "Naples",
    "United States", "Sweden", "Russia", "Ottoman Empire", "Prussia", "Austria",
    "Etruria", "Algiers", "Tripoli", "Morocco", "Haiti", "Muscat",
})

EARTH_RADIUS_KM = 6371.0088
#: An anchorage must be at least this far from the Natural Earth 10m coast.
MIN_CLEARANCE_KM = 1.0


def haversine_km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Great-circle distance in km.

    >>> round(haversine_km(0, 0, 1, 0), 1)
    111.2
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, a)))


def coast_clearance_ok(lon: float, lat: float, km: float = MIN_CLEARANCE_KM) -> bool:
    """Whether no land lies within ``km`` of the point (an ellipse in lon/lat degrees)."""
    from shapely import affinity
    from shapely.geometry import Point

    r = km / 111.2
    disc = affinity.scale(Point(lon, lat).buffer(r, 16), 1 / math.cos(math.radians(lat)), 1.0)
    return len(land.land_tree().query(disc, predicate="intersects")) == 0


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
            raise ValueError(f"port {pid!r}: unknown {key} {row[key]!r}")
    lon, lat = float(row["lon"]), float(row["lat"])
    alon, alat = (float(v) for v in row["anchorage"])
    if not (-180 <= lon <= 180 and -90 <= lat <= 90 and -180 <= alon <= 180):
        raise ValueError(f"port {pid!r}: coordinates out of range")
    if not land.is_sea(alon, alat) or not coast_clearance_ok(alon, alat):
        raise ValueError(f"port {pid!r}: anchorage {alon}, {alat} is not in open water")
    if haversine_km(lon, lat, alon, alat) > 25:
        raise ValueError(f"port {pid!r}: anchorage more than 25 km from the harbour")
    if not row.get("source"):
        raise ValueError(f"port {pid!r}: no source")
    return Port(id=pid, name=row["name"], nation=row["nation"], kind=row["kind"],
                station=row["station"], lon=lon, lat=lat, anchorage=(alon, alat),
                source=row["source"], anchorage_name=row.get("anchorage_name", ""),
                note=row.get("note", ""))


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
            raise ValueError(f"duplicate port id {port.id!r}")
        ports[port.id] = port
    return MappingProxyType(ports)
