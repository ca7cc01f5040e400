"""Routes under sail: straits of the period, the Cape, winds, shallows, voyages, GeoJSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon, box

from maps import load_world
from maps.geo import distance_nm
from maps.land import is_sea, lines_cross_land
from maps.routing import Router
from maps.sailing import SHIPS
from maps.voyage import Stop


def crosses(track: LineString, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the track passes the gate line a-b."""
    return track.intersects(LineString([a, b]))


def on_land(track: LineString) -> bool:
    return bool(lines_cross_land([np.asarray(track.coords)])[0])


# --- the straits of the period and no canal that did not exist --------------------------


def test_portsmouth_copenhagen_passes_the_skaw_and_the_sound() -> None:
    world = load_world()
    v = world.route("portsmouth", "copenhagen")
    assert crosses(v.track, (10.65, 57.75), (10.65, 58.6))  # north of Skagen
    assert crosses(v.track, (12.55, 56.03), (12.75, 56.03))  # Helsingor-Helsingborg
    assert crosses(v.track, (1.35, 51.10), (1.57, 50.89))  # and the Strait of Dover
    assert not on_land(v.track)
    assert 700 < v.distance_nm < 1000


def test_portsmouth_bombay_rounds_the_cape() -> None:
    world = load_world()
    v = world.route("portsmouth", "bombay")
    coords = np.asarray(v.track.coords)
    assert coords[:, 1].min() < -34.8  # south of Cape Agulhas
    assert crosses(v.track, (20.0, -34.9), (20.0, -50.0))
    assert not crosses(v.track, (32.0, 29.0), (33.0, 32.0))  # no Suez
    assert not on_land(v.track)
    assert 10_500 < v.distance_nm < 13_500


def test_no_panama() -> None:
    world = load_world()
    v = world.route("port-royal", (-80.0, 5.0))  # Caribbean to the Pacific side
    coords = np.asarray(v.track.coords)
    assert coords[:, 1].min() < -50  # round Cape Horn


def test_gibraltar_dover_messina_bonifacio_solent() -> None:
    world = load_world()
    assert crosses(world.route("portsmouth", "toulon").track, (-5.6, 35.85), (-5.6, 36.05))
    assert crosses(world.route("portsmouth", "yarmouth").track, (1.35, 51.10), (1.57, 50.89))
    messina = world.route("naples", "syracuse")
    assert crosses(messina.track, (15.55, 38.2), (15.66, 38.2)) and messina.distance_nm < 300
    bonifacio = world.route((8.5, 41.3), (10.0, 41.3))
    assert crosses(bonifacio.track, (9.2, 41.2), (9.2, 41.5)) and bonifacio.distance_nm < 90
    # the Needles to Spithead through Hurst narrows and the Solent, not round the Wight
    solent = world.route((-1.75, 50.63), "spithead", ship="Cutter")
    assert solent.distance_nm < 32
    assert crosses(solent.track, (-1.40, 50.70), (-1.40, 50.80))


def test_constantinople_by_the_dardanelles() -> None:
    world = load_world()
    v = world.route("malta", "constantinople")
    assert crosses(v.track, (26.3, 40.12), (26.45, 40.12))
    assert not on_land(v.track)


# --- wind -------------------------------------------------------------------------------


@pytest.mark.parametrize("month", [1, 6])
def test_upwind_is_slower_than_downwind_in_the_westerlies(month) -> None:
    world = load_world()
    east = world.route((-40.0, 45.0), (-20.0, 45.0), month=month)
    west = world.route((-20.0, 45.0), (-40.0, 45.0), month=month)
    assert east.distance_nm == pytest.approx(west.distance_nm, rel=0.05)
    assert west.days > 1.3 * east.days


def test_trade_winds_make_the_caribbean_one_way() -> None:
    world = load_world()
    down = world.route("barbados", "port-royal")
    up = world.route("port-royal", "barbados")
    assert up.days > 1.3 * down.days


def test_monsoon_turns_with_the_season() -> None:
    # across the Arabian Sea towards Socotra: running before the NE monsoon in January,
    # beating into the SW monsoon in July
    world = load_world()
    jan = world.route((68.0, 18.0), (56.0, 8.0), month=1)
    jul = world.route((68.0, 18.0), (56.0, 8.0), month=7)
    assert jul.days > 1.15 * jan.days  # the fresh monsoon pays back part of the beat


def test_faster_ships_arrive_sooner() -> None:
    """Seed 003 "Speed": a Brig Sloop (Small, Ordinary: 3/4") is slower than a First Rate
    (Large, Slow: 1"), and she than a Third Rate (Large, Ordinary: 1 1/4")."""
    world = load_world()
    days = [
        world.route("portsmouth", "gibraltar", ship=s).days
        for s in ("Brig Sloop", "First Rate", "Third Rate")
    ]
    assert days[0] > days[1] > days[2]


# --- shallows and the inshore band ------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    text: str = "d6: 4-6 clear, 2-3 aground, 1 rocks (2d6 damage)"


@dataclass(frozen=True)
class _Shallow:
    id: str
    name: str
    polygon: Polygon
    risk: _Rule = _Rule()


@cache
def _dover_shoaled() -> Router:
    """A router in which a made-up shallow fills the Strait of Dover."""
    bar = _Shallow("dover-bar", "Dover bar", box(1.0, 50.7, 2.0, 51.4))
    return Router(load_world().lanes, [bar])


def _stop(world, pid):
    p = world.ports[pid]
    return Stop(*p.anchorage, p.id, p.name)


def test_small_ships_cross_a_shallow_at_a_listed_risk() -> None:
    world = load_world()
    dover_shoaled = _dover_shoaled()
    leg = dover_shoaled.route(
        _stop(world, "portsmouth"), _stop(world, "the-nore"), SHIPS["Cutter"], 6
    )
    assert [r.id for r in leg.risks] == ["dover-bar"]
    risk = leg.risks[0]
    assert risk.kind == "shallows" and "d6" in risk.rule
    assert box(1.0, 50.7, 2.0, 51.4).buffer(1e-6).contains(shapely.Point(risk.at))
    assert leg.distance_nm < 250


def test_deep_draught_ships_never_enter_shallows() -> None:
    world = load_world()
    dover_shoaled = _dover_shoaled()
    leg = dover_shoaled.route(
        _stop(world, "portsmouth"), _stop(world, "the-nore"), SHIPS["Third Rate"], 6
    )
    assert leg.risks == []
    assert not leg.track.intersects(box(1.0, 50.7, 2.0, 51.4))
    assert leg.distance_nm > 1000  # north about, round Scotland
    assert not on_land(leg.track)


def test_deep_draught_tracks_keep_out_of_the_inshore_band() -> None:
    world = load_world()
    v = world.route("portsmouth", "leith", ship="First Rate")
    inner = np.asarray(v.track.coords)
    # the approaches (first and last runs) are pilotage; the passage between keeps off
    lines = shapely.linestrings(np.stack([inner[1:-2], inner[2:-1]], axis=1))
    assert not shapely.intersects(world.lanes.band, lines).any()


def test_named_shallows_avoided_by_deep_ships() -> None:
    world = load_world()
    for pid in ("the-downs", "texel", "flushing", "falmouth"):
        v = world.route("portsmouth", pid, ship="First Rate")
        assert not any(v.track.intersects(s.polygon) for s in world.shallows), pid


# --- free positions, errors -------------------------------------------------------------

# open-water boxes of the theatres (lon0, lat0, lon1, lat1): islands, but no lakes (nor
# Lake Melville, behind the Labrador narrows, which no way out reaches: see docs/data.md)
SEAS = [
    (-60, 20, -10, 52),
    (-35, -40, 10, 0),
    (0, 36, 10, 42),
    (0, 52, 6, 57),
    (-80, 12, -62, 17),
    (60, 5, 70, 20),
    (12, 34, 20, 38),
]


@st.composite
def sea_points(draw):
    x0, y0, x1, y1 = draw(st.sampled_from(SEAS))
    lon = draw(st.floats(x0, x1))
    lat = draw(st.floats(y0, y1))
    assume(is_sea(lon, lat))
    return (lon, lat)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sea_points(), sea_points(), st.sampled_from(sorted(SHIPS)), st.integers(1, 12))
def test_random_sea_positions_route_without_touching_land(a, b, ship, month) -> None:
    world = load_world()
    v = world.route(a, b, ship=ship, month=month)
    coords = np.asarray(v.track.coords)
    assert tuple(coords[0]) == pytest.approx(a) and tuple(coords[-1]) == pytest.approx(b)
    assert not on_land(v.track)
    assert v.distance_nm >= distance_nm(a, b) * 0.999 - 1e-6
    # no faster than reaching in a fresh wind all the way
    assert v.days * 24 * v.legs[0].knots * 15.5 / 12 >= v.distance_nm * 0.999


def test_unknown_port_names_close_matches() -> None:
    world = load_world()
    with pytest.raises(KeyError, match="portsmouth"):
        world.route("portsmuth", "gibraltar")
    with pytest.raises(KeyError, match="gibraltar"):
        world.route("portsmouth", "gibralter")


def test_positions_on_land_and_bad_months_are_refused() -> None:
    world = load_world()
    with pytest.raises(ValueError, match="on land"):
        world.route((-1.5, 52.0), "gibraltar")
    with pytest.raises(ValueError, match="month"):
        world.route("portsmouth", "gibraltar", month=13)
    with pytest.raises(KeyError):
        world.route("portsmouth", "gibraltar", ship="Galleon")


def test_enclosed_water_is_not_connected() -> None:
    world = load_world()
    with pytest.raises(ValueError, match="not connected"):
        world.route((51.0, 42.0), "gibraltar")  # the Caspian


def test_port_ids_and_names_both_work() -> None:
    world = load_world()
    assert world.route("Portsmouth", "Gibraltar").distance_nm == pytest.approx(
        world.route("portsmouth", "gibraltar").distance_nm
    )


def test_anchorages_are_at_sea_and_connected_for_every_ship() -> None:
    world = load_world()
    for p in world.ports.values():
        assert is_sea(*p.anchorage), p.id
        for size in ("Large", "Small"):
            assert world.router.approaches.ends(p.anchorage, size), (p.id, size)


def test_load_world_is_cached() -> None:
    assert load_world() is load_world()


def test_station_at() -> None:
    world = load_world()
    assert world.station_at(-1.1, 50.75) == "channel"
    assert world.is_land(-1.5, 52.0) and world.is_sea(-5.0, 50.0)


# --- voyages and GeoJSON ----------------------------------------------------------------


def test_voyage_legs_follow_one_another() -> None:
    world = load_world()
    v = world.voyage(
        ["portsmouth", "gibraltar", "malta", "portsmouth"],
        ship="Fifth Rate",
        month=5,
        stay_days=[3, 2],
    )
    assert len(v.legs) == 3
    assert v.legs[0].depart_day == 0
    assert v.legs[1].depart_day == pytest.approx(v.legs[0].arrive_day + 3)
    assert v.legs[2].depart_day == pytest.approx(v.legs[1].arrive_day + 2)
    assert v.days == pytest.approx(v.legs[-1].arrive_day)
    assert v.distance_nm == pytest.approx(sum(leg.distance_nm for leg in v.legs))
    assert [t["to"] for t in v.timeline] == [leg.destination.label() for leg in v.legs]
    assert v.track.coords[0] == v.legs[0].track.coords[0]
    assert v.track.coords[-1] == v.legs[-1].track.coords[-1]


def test_a_long_voyage_meets_the_next_season() -> None:
    world = load_world()
    v = world.voyage(["portsmouth", "bombay", "madras"], month=6)
    assert v.legs[1].month != 6  # 80 or more days out: August or September


def test_geojson_feature_and_collection() -> None:
    world = load_world()
    v = world.voyage(["portsmouth", "gibraltar", "malta"])
    feature = json.loads(json.dumps(v.legs[0].to_geojson()))
    assert feature["type"] == "Feature"
    assert feature["geometry"]["type"] == "LineString"
    lon, lat = feature["geometry"]["coordinates"][0]
    assert -180 <= lon <= 180 and -90 <= lat <= 90
    props = feature["properties"]
    assert {"distance_nm", "days", "risks", "ship", "month", "origin", "destination"} <= set(props)
    whole = json.loads(json.dumps(v.to_geojson()))
    assert whole["type"] == "Feature" and whole["properties"]["legs"] == 2
    miles = whole["properties"]["sailing_nm"]
    assert set(miles) <= {"running", "reaching", "beating", "beating (tacking)"}
    assert sum(miles.values()) == pytest.approx(v.distance_nm, abs=1.0)
    fc = json.loads(json.dumps(v.to_feature_collection()))
    assert fc["type"] == "FeatureCollection"
    kinds = [f["properties"]["kind"] for f in fc["features"]]
    assert kinds == ["leg", "leg", "stop", "stop", "stop"]


def test_route_result_is_frozen_and_risks_a_list() -> None:
    world = load_world()
    v = world.route("portsmouth", "gibraltar")
    assert isinstance(v.risks, list)
    with pytest.raises(AttributeError):
        v.ship = "Cutter"


def test_middling_ships_risk_the_inshore_band_small_ones_do_not() -> None:
    world = load_world()
    frigate = world.route("portsmouth", "leith", ship="Fifth Rate")
    inshore = [r for r in frigate.risks if r.kind == "inshore"]
    assert inshore and all("d6" in r.rule for r in inshore)
    assert all(world.lanes.band.intersects(shapely.Point(r.at).buffer(1e-6)) for r in inshore)
    cutter = world.route("portsmouth", "leith", ship="Cutter")
    assert not [r for r in cutter.risks if r.kind == "inshore"]
    ship_of_the_line = world.route("portsmouth", "leith", ship="Third Rate")
    assert ship_of_the_line.risks == []


def test_a_deep_ship_caught_in_a_shallow_comes_out_at_a_risk() -> None:
    world = load_world()
    inside = (2.821, 53.354)  # on the Norfolk banks
    own = [world.shallows[i].id for i in world.router.hazards.holding(inside)]
    assert own  # the data puts a named shallow here
    v = world.route(inside, "portsmouth", ship="First Rate")
    assert [r.id for r in v.risks] == own
    assert not on_land(v.track)
