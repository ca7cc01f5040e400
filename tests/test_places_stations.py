"""The Royal Navy's stations (seed 000, "British Naval Stations") as sea polygons."""

from __future__ import annotations

import itertools
import random

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from maps import land
from maps.places import STATION_IDS, load_ports, load_stations, station_at

globe = pytest.importorskip("global_land_mask.globe")

# (where, lon, lat, station) -- the brief's examples, the book's waters and the period's straits
KNOWN = [
    ("Spithead", -1.10, 50.75, "channel"),
    ("the Solent off Cowes", -1.30, 50.78, "channel"),
    ("Plymouth Sound", -4.15, 50.33, "channel"),
    ("off Ushant", -5.4, 48.5, "channel"),
    ("Bay of Biscay", -5.0, 45.0, "channel"),
    ("off the Tagus", -9.5, 38.6, "channel"),  # "patrols down the Portuguese coast"
    ("Dover Strait", 1.40, 51.00, "north-sea"),  # the Downs and the Boulogne blockade
    ("off the Texel", 4.40, 53.0, "north-sea"),
    ("Firth of Forth", -2.9, 56.05, "north-sea"),
    ("Norwegian Sea", 5.0, 67.0, "north-sea"),  # the Arctic whalers' escort
    ("Skagerrak", 9.0, 58.0, "north-sea"),
    ("Kattegat", 11.5, 57.0, "baltic"),
    ("the Sound off Elsinore", 12.66, 56.05, "baltic"),
    ("Gulf of Finland", 27.0, 60.0, "baltic"),
    ("off Toulon", 5.95, 43.0, "mediterranean"),
    ("Strait of Gibraltar", -5.60, 35.95, "mediterranean"),
    ("off Cadiz", -6.5, 36.5, "mediterranean"),
    ("Strait of Messina", 15.63, 38.20, "mediterranean"),
    ("Strait of Bonifacio", 9.20, 41.32, "mediterranean"),
    ("Aboukir Bay", 30.2, 31.45, "mediterranean"),
    ("Black Sea", 34.0, 43.0, "mediterranean"),
    ("off Halifax", -63.3, 44.4, "north-america"),
    ("Gulf of St Lawrence", -62.0, 48.0, "north-america"),
    ("off Sandy Hook", -73.8, 40.4, "north-america"),
    ("off Bermuda", -64.5, 32.5, "north-america"),
    ("off Port Royal", -76.8, 17.8, "west-indies"),
    ("off Antigua", -61.8, 16.9, "west-indies"),
    ("Gulf of Mexico", -90.0, 25.0, "west-indies"),
    ("Florida Strait", -80.5, 24.2, "west-indies"),
    ("Table Bay", 18.40, -33.85, "cape"),
    ("off St Helena", -5.8, -15.8, "cape"),
    ("off Ile de France", 57.4, -20.0, "cape"),
    ("off Bombay", 72.7, 18.8, "east-indies"),
    ("Madras Roads", 80.35, 13.08, "east-indies"),
    ("Straits of Malacca", 100.0, 3.0, "east-indies"),
    ("Red Sea", 38.0, 20.0, "east-indies"),
]

# Waters no station reaches: the open ocean, the Pacific behind Central America, the Caspian.
NOWHERE = [
    ("mid-Atlantic", -30.0, 40.0),
    ("Gulf of Guinea", 3.0, 3.0),
    ("Gulf of Tehuantepec", -95.0, 15.5),
    ("Gulf of Panama", -79.5, 8.6),
    ("Gulf of Fonseca", -87.7, 13.2),
    ("Pacific off Colombia", -78.0, 5.0),
    ("Caspian Sea", 50.0, 42.0),
    ("Hudson Bay", -85.0, 58.0),
    ("mid-Pacific", -140.0, 0.0),
]


def test_the_eight_stations_of_the_book() -> None:
    stations = load_stations()
    assert tuple(stations) == STATION_IDS
    names = [s.name for s in stations.values()]
    assert names == [
        "Channel",
        "North Sea",
        "Baltic",
        "Mediterranean",
        "North America",
        "West Indies",
        "Cape of Good Hope",
        "East Indies",
    ]


def test_bases_named_in_the_book() -> None:
    stations = load_stations()
    book = {
        "channel": {"plymouth", "portsmouth", "spithead", "torbay", "falmouth"},
        "north-sea": {"yarmouth", "leith"},
        "mediterranean": {"gibraltar", "malta", "port-mahon"},
        "north-america": {"halifax", "st-johns"},
        "west-indies": {"port-royal", "english-harbour", "barbados"},
        "east-indies": {"madras", "bombay"},
        "cape": {"cape-town"},
    }
    for sid, bases in book.items():
        assert bases <= set(stations[sid].bases), sid


def test_every_base_is_a_british_base_in_or_beside_its_station() -> None:
    ports = load_ports()
    for s in load_stations().values():
        assert s.bases, s.id
        for base in s.bases:
            p = ports[base]
            assert p.kind == "british-base" and p.station == s.id, base
            assert s.polygon.distance(shapely.Point(p.anchorage)) < 0.05, base
            assert s.polygon.distance(shapely.Point(p.lon, p.lat)) < 0.25, base


def test_every_station_has_ports() -> None:
    ports = load_ports().values()
    for sid in STATION_IDS:
        assert sum(p.station == sid for p in ports) >= 4, sid


def test_stations_are_valid_sea_without_land_inside() -> None:
    parts = land.land_parts()
    for s in load_stations().values():
        assert s.polygon.is_valid and not s.polygon.is_empty, s.id
        wet = 0.0
        for i in land.land_tree().query(s.polygon, predicate="intersects"):
            wet += s.polygon.intersection(parts[i]).area
        assert wet < 1e-6 * s.polygon.area, f"{s.id}: {wet} deg^2 of land inside"


def test_each_station_is_one_connected_sea_holding_its_anchorages() -> None:
    # one polygon: the Sound, the Dardanelles and the Bosphorus are open in 10m, so every
    # anchorage in a station is connected by water to all of that station's sea
    for s in load_stations().values():
        assert isinstance(s.polygon, shapely.Polygon), s.id
    for p in load_ports().values():
        assert load_stations()[p.station].polygon.contains(shapely.Point(p.anchorage)), p.id


def test_stations_do_not_overlap() -> None:
    stations = list(load_stations().values())
    for a, b in itertools.combinations(stations, 2):
        assert a.polygon.intersection(b.polygon).area < 1e-9, (a.id, b.id)


@pytest.mark.parametrize(("where", "lon", "lat", "sid"), KNOWN, ids=[k[0] for k in KNOWN])
def test_station_at_known_waters(where: str, lon: float, lat: float, sid: str) -> None:
    assert station_at(lon, lat) == sid


@pytest.mark.parametrize(("where", "lon", "lat"), NOWHERE, ids=[n[0] for n in NOWHERE])
def test_no_station_in_waters_beyond_the_commands(where: str, lon: float, lat: float) -> None:
    assert station_at(lon, lat) is None


def test_station_at_land_is_none() -> None:
    for lon, lat in [(-1.0, 52.0), (2.35, 48.85), (-3.7, 40.4), (-77.0, 39.0), (78.0, 20.0)]:
        assert station_at(lon, lat) is None


def test_random_points_in_stations_are_sea_for_the_independent_oracle() -> None:
    # global-land-mask is a different coastline: only the coastal fringe may disagree (the
    # Baltic's skerries, which Natural Earth 10m leaves out, are the most: about 2%)
    rng = random.Random(1805)
    for s in load_stations().values():
        x0, y0, x1, y1 = s.polygon.bounds
        inside = []
        while len(inside) < 400:
            lon, lat = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if shapely.contains_xy(s.polygon, lon, lat):
                inside.append((lon, lat))
        wet = sum(globe.is_ocean(lat, lon) for lon, lat in inside)
        assert wet >= 0.97 * len(inside), s.id


@settings(max_examples=300, deadline=None)
@given(st.floats(-180, 180), st.floats(-70, 80))
def test_station_at_answers_only_for_sea_inside_that_station(lon: float, lat: float) -> None:
    sid = station_at(lon, lat)
    if sid is None:
        assert not any(shapely.contains_xy(s.polygon, lon, lat) for s in load_stations().values())
    else:
        assert land.is_sea(lon, lat)
        assert shapely.contains_xy(load_stations()[sid].polygon, lon, lat)


def _features_with(monkeypatch: pytest.MonkeyPatch, name: str, change) -> None:
    from maps import places

    real = places._read_features

    def patched(file: str) -> list[dict]:
        features = [dict(f, properties=dict(f["properties"])) for f in real(file)]
        if file == name:
            change(features)
        return features

    monkeypatch.setattr(places, "_read_features", patched)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda fs: fs[0]["properties"].update(id="pacific"), "unknown or duplicate"),
        (lambda fs: fs[1]["properties"].update(id="channel"), "unknown or duplicate"),
        (lambda fs: fs[0]["properties"].update(bases=["atlantis"]), "not one of its ports"),
        (lambda fs: fs[0]["properties"].update(bases=["brest"]), "not one of its ports"),
        (lambda fs: fs.pop(), "expected"),
    ],
)
def test_bad_station_data_is_refused(monkeypatch: pytest.MonkeyPatch, change, message: str) -> None:
    _features_with(monkeypatch, "stations.geojson", change)
    with pytest.raises(ValueError, match=message):
        load_stations.__wrapped__()
