"""Land from Natural Earth 1:10m: the antimeridian cut, the straits of the period, the index."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.land import (
    is_land,
    is_sea,
    land_geometry,
    land_mask,
    land_parts,
    segment_crosses_land,
)

# (name, lon, lat, on land?) -- the band 65-69N is where a planar reading of the spherical
# TopoJSON inverts land and sea all round the world
ANTIMERIDIAN = [
    ("Norwegian Sea", 5.0, 67.0, False),
    ("Lapland", 25.0, 68.0, True),
    ("Davis Strait", -57.0, 66.0, False),
    ("Siberia (Yakutia)", 100.0, 66.0, True),
    ("Siberia (Chukotka, east of 180)", -175.0, 66.5, True),
    ("Siberia (Anadyr, west of 180)", 172.0, 66.0, True),
    ("Bering Sea", -175.0, 60.0, False),
    ("Greenland ice", -40.0, 75.0, True),
    ("Arctic Ocean", 0.0, 85.0, False),
    ("Antarctica", 0.0, -80.0, True),
    # Natural Earth land leaves out the Ross Ice Shelf, which reaches about 85S at 180
    ("Antarctica at 180, west side", 179.9, -86.0, True),
    ("Antarctica at 180, east side", -179.9, -86.0, True),
    ("South Pole", 0.0, -89.9, True),
    ("Southern Ocean", 0.0, -60.0, False),
    ("Fiji, Viti Levu", 178.0, -17.8, True),
    ("Pacific at the date line", -179.9, 0.0, False),
]

# a point in open water in each strait of the period (10m keeps them open)
STRAITS = [
    ("Gibraltar", -5.6, 35.98),
    ("Dover", 1.4, 51.0),
    ("Solent", -1.35, 50.78),
    ("Spithead", -1.1, 50.75),
    ("Hurst narrows", -1.55, 50.705),
    ("the Sound at Helsingor", 12.65, 56.04),
    ("Messina", 15.63, 38.2),
    ("Bonifacio", 9.2, 41.35),
]


@pytest.mark.parametrize(
    ("name", "lon", "lat", "land"), ANTIMERIDIAN, ids=[a[0] for a in ANTIMERIDIAN]
)
def test_antimeridian_cut_keeps_land_and_sea_in_place(name, lon, lat, land) -> None:
    assert is_land(lon, lat) is land
    assert is_sea(lon, lat) is (not land)


@pytest.mark.parametrize(("name", "lon", "lat"), STRAITS, ids=[s[0] for s in STRAITS])
def test_straits_of_the_period_are_open_water(name, lon, lat) -> None:
    assert is_sea(lon, lat)


def test_straits_have_land_on_both_sides() -> None:
    # Gibraltar: Tarifa to Cires across the strait is blocked by nothing but a crossing
    # along the strait does not touch land, while Spain to Morocco across it does
    assert not segment_crosses_land((-6.2, 35.95), (-5.2, 36.0))
    assert segment_crosses_land((-5.6, 36.5), (-5.6, 35.5))
    # the Sound: Elsinore and Helsingborg are on land, the water between is open
    assert is_land(12.58, 56.05) and is_land(12.72, 56.05)


def test_canals_of_later_times_are_land() -> None:
    assert is_land(32.3, 30.5)  # Suez isthmus
    assert is_land(-79.7, 9.1)  # Panama isthmus
    assert segment_crosses_land((32.0, 31.5), (32.6, 29.5))


def test_coast_counts_as_land_and_inland_cities_are_land() -> None:
    assert is_land(-0.13, 51.51)  # London
    assert is_land(2.35, 48.86)  # Paris


def test_geometry_is_in_range_and_parts_valid() -> None:
    land = land_geometry()
    lon0, lat0, lon1, lat1 = land.bounds
    assert -180 <= lon0 and lon1 <= 180 and -90 <= lat0 and lat1 <= 90
    parts = land_parts()
    assert len(parts) > 4000
    assert all(p.is_valid for p in parts)
    assert land_geometry() is land  # loaded once


def test_land_is_about_a_third_of_the_planar_map() -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    lons, lats = rng.uniform(-180, 180, 20000), rng.uniform(-90, 90, 20000)
    frac = land_mask(lons, lats).mean()
    # planar lon/lat overweights the poles (Antarctica): about 0.33, not the sphere's 0.29
    assert 0.30 < frac < 0.36


@settings(max_examples=200, deadline=None)
@given(st.floats(-180, 180), st.floats(-89.9, 89.9))
def test_mask_agrees_with_point_test(lon, lat) -> None:
    assert bool(land_mask([lon], [lat])[0]) is is_land(lon, lat)
