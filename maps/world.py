"""The world: land, ports, stations, shallows and the router, behind one object.

>>> from maps import load_world
>>> w = load_world()
>>> v = w.route("portsmouth", "gibraltar", ship="Third Rate", month=6)
>>> 1100 < v.distance_nm < 1500 and not w.is_land(*v.track.coords[5])
True
"""

from __future__ import annotations

import difflib
import math
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from maps import land, places
from maps.errors import InvalidValue, OffChart, OnLand, UnknownPlace
from maps.lanes import load_lanes
from maps.routing import Router
from maps.sailing import ship_type
from maps.voyage import Leg, Stop, Voyage

__all__ = ["DAYS_PER_MONTH", "ROUTE_CACHE", "Place", "World"]

#: A place on a route: a port id or a (lon, lat) position.
Place = str | tuple[float, float]
#: How many answers :meth:`World.route` keeps.
ROUTE_CACHE = 1024
#: Length of a month when a long voyage moves on through the seasons.
DAYS_PER_MONTH = 365.25 / 12


class World:
    """Land, ports, stations, shallows and routes. Build it once (:func:`maps.load_world`)."""

    def __init__(self) -> None:
        self.ports: Mapping[str, places.Port] = places.load_ports()
        self.shallows: tuple[places.Shallow, ...] = places.load_shallows()
        self.lanes = load_lanes()
        self.router = Router(self.lanes, self.shallows)
        self.router.load_ends()  # the ports' ways out, if the file is current
        self._routes: OrderedDict[tuple, Voyage] = OrderedDict()
        self._lock = threading.Lock()
        self._warmed: set[tuple[str, int]] = set()

    def warm(self, ship: str = "Third Rate", month: int = 6) -> None:
        """Build what routing needs for one ship and month before the first question: the
        geometry's indexes, the search graph and its landmarks, and every port's way onto
        the lanes (:meth:`~maps.routing.Router.warm`); once for each."""
        if (ship, month) in self._warmed:
            return
        self.router.warm([p.anchorage for p in self.ports.values()], ship_type(ship), month)
        self._warmed.add((ship, month))

    @property
    def stations(self) -> Mapping[str, Any]:
        """The naval stations by id (loaded on first use: cutting them from the land is slow)."""
        return places.load_stations()

    # -- geography ------------------------------------------------------------------------
    @staticmethod
    def is_land(lon: float, lat: float) -> bool:
        """Whether the point is on land (Natural Earth 1:10m)."""
        return land.is_land(lon, lat)

    @staticmethod
    def is_sea(lon: float, lat: float) -> bool:
        """Whether the point is open water."""
        return land.is_sea(lon, lat)

    def station_at(self, lon: float, lat: float) -> str | None:
        """The id of the naval station whose sea holds the point, or None."""
        return places.station_at(lon, lat)

    def port(self, port_id: str) -> places.Port:
        """A port by id; an unknown id raises :class:`~maps.errors.UnknownPlace` (a KeyError)
        naming the close matches."""
        try:
            return self.ports[port_id]
        except KeyError:
            pass
        key = port_id.strip().lower().replace(" ", "-").replace("_", "-")
        if key in self.ports:
            return self.ports[key]
        by_name = {p.name.lower(): p for p in self.ports.values()}
        if port_id.strip().lower() in by_name:
            return by_name[port_id.strip().lower()]
        close = difflib.get_close_matches(key, list(self.ports), n=4, cutoff=0.5)
        close += [
            by_name[n].id
            for n in difflib.get_close_matches(port_id.lower(), list(by_name), n=2, cutoff=0.6)
            if by_name[n].id not in close
        ]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UnknownPlace(f"unknown port {port_id!r}{hint}")

    def stop(self, place: Place) -> Stop:
        """A port id or (lon, lat) as a route end; a position off the chart or on land raises
        :class:`~maps.errors.OffChart` (a ValueError)."""
        if isinstance(place, str):
            p = self.port(place)
            return Stop(p.anchorage[0], p.anchorage[1], p.id, p.name)
        try:
            lon, lat = (float(v) for v in place)
        except (TypeError, ValueError):
            raise OffChart(f"a place is a port id or a (lon, lat) pair, not {place!r}") from None
        if not (
            math.isfinite(lon) and math.isfinite(lat) and -180 <= lon <= 180 and -90 <= lat <= 90
        ):
            raise OffChart(f"position {place!r} is not a longitude and latitude")
        if land.is_land(lon, lat):
            raise OnLand(f"position ({lon}, {lat}) is on land")
        return Stop(lon, lat)

    # -- routes ---------------------------------------------------------------------------
    def leg(
        self,
        origin: Place,
        destination: Place,
        ship: str = "Third Rate",
        month: int = 6,
        depart_day: float = 0.0,
    ) -> Leg:
        """One routed leg (see :meth:`route`)."""
        _check_month(month)
        return self.router.route(
            self.stop(origin), self.stop(destination), ship_type(ship), month, depart_day
        )

    def route(
        self, origin: Place, destination: Place, ship: str = "Third Rate", month: int = 6
    ) -> Voyage:
        """The fastest passage under sail: a one-leg :class:`Voyage`.

        ``origin``/``destination`` are port ids or (lon, lat); ``ship`` a BtQ roster type
        ("Cutter" ... "First Rate"); ``month`` 1-12 sets the prevailing winds. Answers are
        kept (the map asks for the same voyage again and again); they are immutable.
        """
        key = (_place_key(origin), _place_key(destination), ship, month)
        with self._lock:
            hit = self._routes.get(key)
            if hit is not None:
                self._routes.move_to_end(key)
                return hit
        voyage = Voyage((self.leg(origin, destination, ship, month),), ship_type(ship).name, month)
        with self._lock:
            self._routes[key] = voyage
            while len(self._routes) > ROUTE_CACHE:
                self._routes.popitem(last=False)
        return voyage

    def routes_from(
        self,
        origin: Place,
        destinations: Sequence[Place] | None = None,
        ship: str = "Third Rate",
        month: int = 6,
    ) -> dict[Place, Voyage]:
        """One-leg voyages from ``origin`` to each destination (default: every other port),
        with one search. An unreachable destination is left out."""
        _check_month(month)
        st = ship_type(ship)
        dests = (
            list(destinations)
            if destinations is not None
            else [p for p in self.ports if p != origin]
        )
        legs = self.router.route_many(self.stop(origin), [self.stop(d) for d in dests], st, month)
        return {
            d: Voyage((leg,), st.name, month)
            for d, leg in zip(dests, legs, strict=True)
            if isinstance(leg, Leg)
        }

    def voyage(
        self,
        waypoints: Sequence[Place],
        ship: str = "Third Rate",
        month: int = 6,
        stay_days: float | Sequence[float] = 0.0,
    ) -> Voyage:
        """A GM's multi-leg plan (home port, station, mission places, home), each leg routed.

        Legs follow one another; ``stay_days`` (one number or one per intermediate stop)
        is spent at each stop. The month moves on with the timeline, so a long voyage meets
        the winds of later seasons.
        """
        _check_month(month)
        if len(waypoints) < 2:
            raise InvalidValue("a voyage needs at least two waypoints")
        stops = [self.stop(w) for w in waypoints]
        stays = (
            [float(stay_days)] * (len(stops) - 2)
            if isinstance(stay_days, (int, float))
            else [float(s) for s in stay_days]
        )
        if len(stays) != len(stops) - 2 or any(s < 0 for s in stays):
            raise InvalidValue("stay_days: one non-negative number, or one per intermediate stop")
        st = ship_type(ship)
        legs, day = [], 0.0
        for i, (a, b) in enumerate(zip(stops, stops[1:], strict=False)):
            m = (month - 1 + int(day // DAYS_PER_MONTH)) % 12 + 1
            leg = self.router.route(a, b, st, m, day)
            legs.append(leg)
            day = leg.arrive_day + (stays[i] if i < len(stays) else 0.0)
        return Voyage(tuple(legs), st.name, month)


def _place_key(place: Place) -> str | tuple[float, ...]:
    if isinstance(place, str):
        return place
    try:
        return tuple(float(v) for v in place)
    except (TypeError, ValueError):
        return repr(place)  # refused by World.stop() with OffChart


def _check_month(month: int) -> None:
    if not isinstance(month, int) or not 1 <= month <= 12:
        raise InvalidValue(f"month is 1 to 12, not {month!r}")
