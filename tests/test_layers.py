"""The browser's GeoJSON layers: RFC 7946, small enough, the same world as the model."""

from __future__ import annotations

import json
import math
import random

import pytest
import shapely
from shapely.geometry import shape

from maps import land as land_model
from maps import layers
from maps.places import load_ports, load_shallows, load_stations


def _signed_area(ring: list[list[float]]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False))


def _check_position(pos: list[float]) -> None:
    assert isinstance(pos, list) and len(pos) == 2
    lon, lat = pos
    assert isinstance(lon, float | int) and isinstance(lat, float | int)
    assert -180 <= lon <= 180 and -90 <= lat <= 90
    assert round(lon, layers.DECIMALS) == lon and round(lat, layers.DECIMALS) == lat


def _check_polygon(rings: list) -> None:
    assert rings, "a polygon needs its exterior ring"
    for k, ring in enumerate(rings):
        assert len(ring) >= 4 and ring[0] == ring[-1]
        for pos in ring:
            _check_position(pos)
        area = _signed_area(ring)
        # RFC 7946 3.1.6: exterior rings counter-clockwise, holes clockwise
        assert area > 0 if k == 0 else area < 0


def _check_feature_collection(fc: dict) -> None:
    assert fc["type"] == "FeatureCollection" and isinstance(fc["features"], list)
    assert fc["features"]
    ids = set()
    for feature in fc["features"]:
        assert feature["type"] == "Feature" and isinstance(feature["properties"], dict)
        assert isinstance(feature["id"], str) and feature["id"] not in ids
        ids.add(feature["id"])
        geom = feature["geometry"]
        if geom["type"] == "Point":
            _check_position(geom["coordinates"])
        elif geom["type"] == "Polygon":
            _check_polygon(geom["coordinates"])
        else:
            assert geom["type"] == "MultiPolygon"
            for polygon in geom["coordinates"]:
                _check_polygon(polygon)


@pytest.mark.parametrize("name", layers.LAYER_NAMES)
def test_every_layer_is_an_rfc7946_feature_collection(name: str) -> None:
    fc = layers.all_layers()[name]
    _check_feature_collection(fc)
    text = layers.layer_json(name)

    def no_constants(value: str) -> None:
        raise AssertionError(f"{value} is not JSON")

    assert json.loads(text, parse_constant=no_constants) == fc


def test_all_layers_by_name_and_cached() -> None:
    everything = layers.all_layers()
    assert tuple(everything) == layers.LAYER_NAMES
    assert layers.all_layers()["land"] is everything["land"]
    assert layers.layer_json("ports") is layers.layer_json("ports")
    with pytest.raises(KeyError, match="layers are"):
        layers.layer_json("sea-serpents")


def test_positions_are_lon_then_lat() -> None:
    feature = next(f for f in layers.ports()["features"] if f["id"] == "portsmouth")
    lon, lat = feature["geometry"]["coordinates"]
    assert lon == pytest.approx(-1.09, abs=0.01) and lat == pytest.approx(50.80, abs=0.01)
    alon, alat = feature["properties"]["anchorage"]
    assert alon == pytest.approx(-1.1, abs=0.02) and alat == pytest.approx(50.77, abs=0.02)


def test_ports_layer_has_every_port_and_its_properties() -> None:
    features = {f["id"]: f for f in layers.ports()["features"]}
    ports = load_ports()
    assert set(features) == set(ports)
    for pid, f in features.items():
        props = f["properties"]
        for key in ("id", "name", "nation", "kind", "station", "anchorage", "source"):
            assert props[key] not in (None, ""), (pid, key)
        assert props["kind"] == ports[pid].kind
    assert features["plymouth"]["properties"]["base_of"] == "channel"
    assert features["brest"]["properties"]["base_of"] is None


def test_station_shallow_and_zone_layers_match_the_model() -> None:
    stations = {f["id"]: f for f in layers.stations()["features"]}
    assert list(stations) == list(load_stations())
    for sid, f in stations.items():
        drawn, model = shape(f["geometry"]), load_stations()[sid].polygon
        # the outline is simplified for display (skerries and islets under the tolerance go:
        # most in the Baltic, about 2% of its area), not moved
        assert abs(drawn.area - model.area) < 0.005 * model.area, sid
        assert drawn.symmetric_difference(model).area < 0.03 * model.area, sid
        assert f["properties"]["bases"] == list(load_stations()[sid].bases)
    shallows = {f["id"]: f for f in layers.shallows()["features"]}
    assert list(shallows) == [s.id for s in load_shallows()]
    risk = shallows["goodwin-sands"]["properties"]["risk"]
    assert (risk["clear"], risk["aground"], risk["rocks"]) == (0.5, 0.3333, 0.1667)
    zones = layers.blockade_zones()["features"]
    assert {f["properties"]["port"] for f in zones} == {
        p.id for p in load_ports().values() if p.is_enemy
    }
    assert all(f["properties"]["radius_nm"] == 10 for f in zones)


def test_layer_geometries_are_valid() -> None:
    # land is one MultiPolygon whose islands may touch (as in the model): check each island
    for name in layers.LAYER_NAMES:
        for feature in layers.all_layers()[name]["features"]:
            geom = shape(feature["geometry"])
            assert all(p.is_valid for p in shapely.get_parts(geom)), (name, feature["id"])
            if name != "land":
                assert geom.is_valid, (name, feature["id"])


def test_land_layer_is_small_enough_for_the_browser() -> None:
    assert len(layers.layer_json("land")) < 2_500_000
    assert sum(len(layers.layer_json(n)) for n in layers.LAYER_NAMES) < 4_000_000


def test_land_layer_is_the_models_land() -> None:
    display = shape(layers.land()["features"][0]["geometry"])
    shapely.prepare(display)
    # islands that carry ports are still drawn; the antimeridian band is still sea
    for lon, lat in [
        (14.42, 35.88),
        (-1.30, 50.67),
        (-5.71, -15.96),
        (-61.78, 17.07),
        (-64.75, 32.31),
        (57.55, -20.25),
        (25.0, 68.0),
    ]:
        assert shapely.contains_xy(display, lon, lat), (lon, lat)
    for lon, lat in [(5.0, 67.0), (-57.0, 66.0), (-5.6, 35.95), (12.66, 56.05)]:
        assert not shapely.contains_xy(display, lon, lat), (lon, lat)
    # away from the coast, display and model agree (they differ by the tolerance at most)
    rng = random.Random(7)
    disagree = total = 0
    while total < 3000:
        lon, lat = rng.uniform(-180, 180), math.degrees(math.asin(rng.uniform(-0.86, 0.99)))
        total += 1
        disagree += shapely.contains_xy(display, lon, lat) != land_model.is_land(lon, lat)
    assert disagree <= 0.01 * total
