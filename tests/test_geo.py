"""maps.geo: the one great-circle formula, for single positions and for arrays alike."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.geo import (
    EARTH_RADIUS_KM,
    EARTH_RADIUS_NM,
    KM_PER_NM,
    bearing,
    distance_km,
    distance_nm,
    unit_vector,
)

lons, lats = st.floats(-180, 180), st.floats(-80, 80)


@settings(max_examples=200, deadline=None)
@given(lons, lats, lons, lats)
def test_haversine_is_a_metric(lon1: float, lat1: float, lon2: float, lat2: float) -> None:
    d = distance_km((lon1, lat1), (lon2, lat2))
    assert d == pytest.approx(distance_km((lon2, lat2), (lon1, lat1)), abs=1e-6)
    assert 0 <= d <= 20016
    via = distance_km((lon1, lat1), (0.0, 0.0)) + distance_km((0.0, 0.0), (lon2, lat2))
    assert d <= via + 1e-6


@settings(max_examples=100, deadline=None)
@given(lons, lats, lons, lats)
def test_floats_and_arrays_give_the_same_figures(
    lon1: float, lat1: float, lon2: float, lat2: float
) -> None:
    a, b = (lon1, lat1), (lon2, lat2)
    arr = np.array([a, b])
    for f in (distance_nm, distance_km, bearing):
        one = f(a, b)
        assert isinstance(one, float)
        assert f(arr, arr[::-1])[0] == pytest.approx(one, rel=1e-12, abs=1e-9)
        assert f(arr[0], arr[1]) == pytest.approx(one, rel=1e-12, abs=1e-9)
    assert unit_vector(arr)[0] == pytest.approx(unit_vector(a), abs=1e-15)


def test_units_and_directions() -> None:
    assert distance_nm((0.0, 0.0), (0.0, 1.0)) == pytest.approx(60.0, rel=1e-3)
    assert distance_km((3.0, 10.0), (4.0, 30.0)) / distance_nm(
        (3.0, 10.0), (4.0, 30.0)
    ) == pytest.approx(EARTH_RADIUS_KM / EARTH_RADIUS_NM)
    assert EARTH_RADIUS_KM / EARTH_RADIUS_NM == pytest.approx(KM_PER_NM, rel=1e-5)
    assert [round(bearing((0.0, 0.0), p)) for p in ((0, 1), (1, 0), (0, -1), (-1, 0))] == [
        0,
        90,
        180,
        270,
    ]


@settings(max_examples=100, deadline=None)
@given(lons, lats, lons, lats)
def test_the_chord_never_exceeds_the_arc(
    lon1: float, lat1: float, lon2: float, lat2: float
) -> None:
    chord = np.linalg.norm(np.subtract(unit_vector((lon1, lat1)), unit_vector((lon2, lat2))))
    assert chord * EARTH_RADIUS_NM <= distance_nm((lon1, lat1), (lon2, lat2)) + 1e-9


def test_a_routes_miles_along_its_track_rise_to_its_distance() -> None:
    from maps import load_world

    for a, b in (("portsmouth", "gibraltar"), ("plymouth", "brest")):
        feature = load_world().route(a, b, "Fifth Rate", 6).to_geojson()
        along = feature["properties"]["track_nm"]
        assert len(along) == len(feature["geometry"]["coordinates"]) and along[0] == 0.0
        assert all(x <= y for x, y in zip(along, along[1:], strict=False))
        assert abs(along[-1] - feature["properties"]["distance_nm"]) < 0.5
