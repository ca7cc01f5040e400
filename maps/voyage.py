"""Legs and voyages: what a route gives back, and its GeoJSON (RFC 7946).

A :class:`Leg` is one passage between two places; a :class:`Voyage` is an ordered list of
legs with a timeline (day offsets). Both are frozen; ``risks`` come back as fresh lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
from shapely.geometry import LineString, mapping

from maps.errors import InvalidValue
from maps.geo import distance_nm

__all__ = ["Leg", "Risk", "Stop", "Voyage", "track_nm"]

#: Seed 003 "Shallow Water", as a risk entry tells it (the dice are rolled by whoever sails).
SHALLOW_RULE = (
    "d6: 4-6 no problem; 2-3 aground on a sand-bank (1d6 each turn: 1-3 stuck "
    "fast, 4-6 freed, or be towed off); 1 keel strikes rocks/reef: 2d6 damage "
    "points, then 1d6: 1-2 stuck (aground), 3-6 scraped free"
)


@dataclass(frozen=True, slots=True)
class Risk:
    """A hazard on a track: a named shallow, or the inshore band (for a middling ship)."""

    kind: str  # "shallows" or "inshore"
    id: str
    name: str
    at: tuple[float, float]  # (lon, lat) where the track first meets it
    rule: str = SHALLOW_RULE
    leg: int = 0

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict."""
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "at": [round(self.at[0], 5), round(self.at[1], 5)],
            "rule": self.rule,
            "leg": self.leg,
        }


@dataclass(frozen=True, slots=True)
class Stop:
    """A named or bare place: ``id`` is the port id or None for a (lon, lat) position."""

    lon: float
    lat: float
    id: str | None = None
    name: str | None = None

    def label(self) -> str:
        return self.name or self.id or f"{self.lat:.3f}, {self.lon:.3f}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "lon": round(self.lon, 5),
            "lat": round(self.lat, 5),
        }


@dataclass(frozen=True, slots=True)
class Leg:
    """One passage: distance (nautical miles), duration (days), track (lon/lat LineString)."""

    origin: Stop
    destination: Stop
    ship: str
    month: int
    knots: float  # the ship's speed reaching in a fair wind
    distance_nm: float
    days: float
    track: LineString
    risk_entries: tuple[Risk, ...] = ()
    # nautical miles by point of sail
    sailing: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    depart_day: float = 0.0

    @property
    def risks(self) -> list[Risk]:
        """Hazards on the leg (a new list each time)."""
        return list(self.risk_entries)

    @property
    def arrive_day(self) -> float:
        return self.depart_day + self.days

    @property
    def legs(self) -> tuple[Leg, ...]:
        return (self,)

    def properties(self) -> dict[str, Any]:
        """The leg's GeoJSON properties."""
        return {
            "kind": "leg",
            "origin": self.origin.as_dict(),
            "destination": self.destination.as_dict(),
            "ship": self.ship,
            "month": self.month,
            "knots": self.knots,
            "distance_nm": round(self.distance_nm, 1),
            "days": round(self.days, 2),
            "depart_day": round(self.depart_day, 2),
            "arrive_day": round(self.arrive_day, 2),
            "sailing_nm": {k: round(v, 1) for k, v in self.sailing.items()},
            "risks": [r.as_dict() for r in self.risk_entries],
            "track_nm": track_nm(self.track),
        }

    def to_geojson(self) -> dict[str, Any]:
        """An RFC 7946 Feature (LineString, lon/lat) with the leg's properties."""
        return {"type": "Feature", "geometry": _line(self.track), "properties": self.properties()}


def track_nm(track: LineString) -> list[float]:
    """The miles run (great circle) at each point of ``track``, from its first: where the
    browser's animation puts a ship a given share of the way along."""
    points = np.asarray(track.coords)[:, :2]
    run = np.cumsum(distance_nm(points[:-1], points[1:]))
    return [0.0, *(round(float(nm), 1) for nm in run)]


def _line(track: LineString) -> dict[str, Any]:
    geo = mapping(track)
    return {
        "type": "LineString",
        "coordinates": [[round(x, 5), round(y, 5)] for x, y, *_ in geo["coordinates"]],
    }


@dataclass(frozen=True, slots=True)
class Voyage:
    """An ordered list of legs (home port, station, mission places, home) with a timeline."""

    legs: tuple[Leg, ...]
    ship: str
    month: int

    def __post_init__(self) -> None:
        if not self.legs:
            raise InvalidValue("a voyage has at least one leg")

    @property
    def origin(self) -> Stop:
        return self.legs[0].origin

    @property
    def destination(self) -> Stop:
        return self.legs[-1].destination

    @property
    def distance_nm(self) -> float:
        return sum(leg.distance_nm for leg in self.legs)

    @property
    def days(self) -> float:
        """From leaving the first place to arriving at the last (stays included)."""
        return self.legs[-1].arrive_day - self.legs[0].depart_day

    @property
    def track(self) -> LineString:
        """The whole voyage as one LineString."""
        coords: list[tuple[float, float]] = []
        for leg in self.legs:
            c = list(leg.track.coords)
            coords.extend(c[1:] if coords and coords[-1] == c[0] else c)
        if len(coords) == 1:
            coords.append(coords[0])
        return LineString(coords)

    @property
    def risks(self) -> list[Risk]:
        """Hazards of every leg (a new list each time)."""
        return [r for leg in self.legs for r in leg.risk_entries]

    @property
    def timeline(self) -> list[dict[str, Any]]:
        """Per leg: from, to, departure and arrival day offsets."""
        return [
            {
                "leg": i,
                "from": leg.origin.label(),
                "to": leg.destination.label(),
                "depart_day": round(leg.depart_day, 2),
                "arrive_day": round(leg.arrive_day, 2),
                "distance_nm": round(leg.distance_nm, 1),
                "month": leg.month,
                "sailing_nm": {k: round(v, 1) for k, v in leg.sailing.items()},
            }
            for i, leg in enumerate(self.legs)
        ]

    @property
    def sailing(self) -> dict[str, float]:
        """Nautical miles by point of sail over all legs."""
        out: dict[str, float] = {}
        for leg in self.legs:
            for k, v in leg.sailing.items():
                out[k] = out.get(k, 0.0) + v
        return out

    def properties(self) -> dict[str, Any]:
        return {
            "kind": "voyage",
            "origin": self.origin.as_dict(),
            "destination": self.destination.as_dict(),
            "ship": self.ship,
            "month": self.month,
            "distance_nm": round(self.distance_nm, 1),
            "days": round(self.days, 2),
            "legs": len(self.legs),
            "sailing_nm": {k: round(v, 1) for k, v in self.sailing.items()},
            "timeline": self.timeline,
            "risks": [r.as_dict() for r in self.risks],
            "track_nm": track_nm(self.track),
        }

    def to_geojson(self) -> dict[str, Any]:
        """An RFC 7946 Feature: the whole track with the voyage's properties."""
        return {"type": "Feature", "geometry": _line(self.track), "properties": self.properties()}

    def to_feature_collection(self) -> dict[str, Any]:
        """An RFC 7946 FeatureCollection: one LineString per leg, one Point per stop."""
        features = [leg.to_geojson() for leg in self.legs]
        stops = [self.legs[0].origin] + [leg.destination for leg in self.legs]
        for i, stop in enumerate(stops):
            day = self.legs[0].depart_day if i == 0 else self.legs[i - 1].arrive_day
            features.append(
                {
                    "type": "Feature",
                    "geometry": {
                        "type": "Point",
                        "coordinates": [round(stop.lon, 5), round(stop.lat, 5)],
                    },
                    "properties": {
                        "kind": "stop",
                        "index": i,
                        **stop.as_dict(),
                        "day": round(day, 2),
                    },
                }
            )
        return {"type": "FeatureCollection", "features": features, "properties": self.properties()}
