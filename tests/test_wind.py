"""Seed 003's sailing rules (points of sail, MA, wind strength, tacking) and the wind table."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.sailing import (
    BOARD_MA,
    COMPASS,
    DEEP_DRAUGHT,
    GOING_ABOUT_MA,
    SAILING_MA,
    SHALLOW_RISK,
    SHIPS,
    STERNWAY_MA,
    TURN_POINT_MA,
    compass_point,
    made_good_ma,
    point_of_sail,
    reach_knots,
    ship_type,
    wind_strength,
)
from maps.wind import WIND_FILE, load_regions, prevailing_wind, wind_arrays

# --- seed 003, cell by cell -------------------------------------------------------------


def test_sailing_ma_in_fair_winds_cell_by_cell() -> None:
    # "The Sailing MAs, in fair winds, are as follows: Reaching 12, Running 10, Beating 8,
    # Sternway -4"; head to wind MA is "straightway reduced to zero"
    assert dict(SAILING_MA) == {"reaching": 12, "running": 10, "beating": 8, "in irons": 0}
    assert STERNWAY_MA == -4


def test_manoeuvre_costs() -> None:
    assert TURN_POINT_MA == 4  # "a turn of one point that does not cross the wind will cost 4MA"
    assert GOING_ABOUT_MA == 8  # "Going about will cost 8 MA, even if the manoeuvre fails"


# the book's worked example: "say a ship is heading North. She would be running from a
# Southerly, reaching from a Sou'Westerly, Westerly, Sou'Easterly or Easterly, beating
# against a Nor'Westerly or Nor'Easterly and Caught in Irons by a Northerly."
HEADING_NORTH = {
    "S": "running",
    "SW": "reaching",
    "W": "reaching",
    "SE": "reaching",
    "E": "reaching",
    "NW": "beating",
    "NE": "beating",
    "N": "in irons",
}


@pytest.mark.parametrize(("wind", "expected"), HEADING_NORTH.items())
def test_points_of_sail_heading_north(wind: str, expected: str) -> None:
    assert point_of_sail(0, COMPASS.index(wind) * 45) == expected


@given(st.integers(0, 7), st.integers(0, 7))
def test_points_of_sail_turn_with_the_compass(heading: int, wind: int) -> None:
    # rotating ship and wind together changes nothing
    rel = (wind - heading) % 8
    assert point_of_sail(heading * 45, wind * 45) == point_of_sail(0, rel * 45)


def test_wind_strength_d6_cell_by_cell() -> None:
    # "Roll a d6: 6 = Fresh, 2...5 = Fair, 1 = Light."
    assert [wind_strength(d) for d in range(1, 7)] == [
        "light",
        "fair",
        "fair",
        "fair",
        "fair",
        "fresh",
    ]
    with pytest.raises(ValueError):
        wind_strength(7)


def test_shallow_water_d6_cell_by_cell() -> None:
    # "4..6 no problem; 2..3 aground on sand-bank; 1 keel strikes rocks/reef (2d6 damage)"
    assert [SHALLOW_RISK[d] for d in (4, 5, 6)] == ["no problem"] * 3
    assert all(SHALLOW_RISK[d].startswith("aground on a sand-bank") for d in (2, 3))
    assert SHALLOW_RISK[1].startswith("keel strikes rocks/reef: 2d6 damage")


def test_made_good_on_the_eight_points() -> None:
    assert made_good_ma(90) == 12 and made_good_ma(135) == 12  # reaching
    assert made_good_ma(180) == 10  # running
    assert made_good_ma(45) == 8  # beating, a point off the wind
    # dead to windward: two boards a point off the wind, going about after each board
    assert made_good_ma(0) == pytest.approx(
        8 * math.cos(math.radians(45)) / (1 + GOING_ABOUT_MA / BOARD_MA)
    )


def test_wind_strength_moves_ma_by_a_d6_on_average() -> None:
    assert made_good_ma(90, "fresh") == pytest.approx(12 + 3.5)
    # light: lose 1d6 down to zero; 12 - 3.5 as 12 > 6
    assert made_good_ma(90, "light") == pytest.approx(12 - 3.5)
    assert made_good_ma(45, "light") == pytest.approx(8 - 3.5)
    with pytest.raises(ValueError):
        made_good_ma(90, "gale")


@settings(max_examples=200)
@given(st.floats(0, 360), st.sampled_from(["light", "fair", "fresh"]))
def test_reaching_is_fastest_and_head_to_wind_slowest(rel: float, strength: str) -> None:
    ma = made_good_ma(rel, strength)
    assert made_good_ma(0, strength) <= ma + 1e-9 <= made_good_ma(90, strength) + 2e-9
    assert made_good_ma(-rel, strength) == pytest.approx(ma)  # either tack alike


def test_ship_roster_speeds_and_classes() -> None:
    # BtQ Ship Roster Speed: Cutter 4, Brig Sloop 3, Ship Sloop 3, Sixth 4, Fifth 4,
    # Fourth 3, Third 3, Second 2, First 2
    assert {n: s.speed for n, s in SHIPS.items()} == {
        "Cutter": 4,
        "Brig Sloop": 3,
        "Ship Sloop": 3,
        "Sixth Rate": 4,
        "Fifth Rate": 4,
        "Fourth Rate": 3,
        "Third Rate": 3,
        "Second Rate": 2,
        "First Rate": 2,
    }
    assert DEEP_DRAUGHT == {"Third Rate", "Second Rate", "First Rate"}
    # seed 003 "Speed": larger ships cover more distance (tests/test_sea.py, cell by cell)
    assert reach_knots("Brig Sloop") < reach_knots("Cutter") < reach_knots("Fifth Rate")
    assert reach_knots("First Rate") < reach_knots("Third Rate")
    assert reach_knots("Brig Sloop", coppered=True) == reach_knots("Cutter")


def test_unknown_ship_names_close_matches() -> None:
    assert ship_type("third rate").name == "Third Rate"
    with pytest.raises(KeyError, match="Third Rate"):
        ship_type("Thrid Rate")


def test_compass_points() -> None:
    assert [compass_point(b) for b in (0, 44, 46, 180, 337.6, 359)] == [
        "N",
        "NE",
        "NE",
        "S",
        "N",
        "N",
    ]


# --- the wind table ---------------------------------------------------------------------


def test_wind_file_transcribed_once_and_read_back() -> None:
    raw = json.loads(WIND_FILE.read_text())["regions"]
    regions = load_regions()
    assert [r.id for r in regions] == [r["id"] for r in raw]
    for r, row in zip(regions, raw, strict=True):
        for w in row["winds"]:
            for m in w["months"]:
                got = r.wind(m)
                assert (got.from_deg, got.strength) == (w["from"], w["strength"])


# (lon, lat, month, from, why)
FACTS = [
    (-40.0, 15.0, 1, 45, "NE trades of the North Atlantic"),
    (-25.0, -15.0, 7, 135, "SE trades of the South Atlantic"),
    (-30.0, 45.0, 1, 270, "westerlies, winter"),
    (-70.0, 18.0, 6, 90, "Caribbean trades (easterly)"),
    (65.0, 15.0, 7, 225, "SW monsoon of the Arabian Sea"),
    (65.0, 15.0, 1, 45, "NE monsoon of the Arabian Sea"),
    (88.0, 15.0, 8, 225, "SW monsoon of the Bay of Bengal"),
    (-12.0, 40.0, 7, 0, "Portuguese trades (nortada)"),
    (25.0, 38.0, 8, 0, "etesians of the Aegean"),
    (20.0, -45.0, 6, 270, "roaring forties"),
    (18.0, -34.5, 1, 135, "the Cape Doctor (south-easter) in summer"),
]


@pytest.mark.parametrize(("lon", "lat", "month", "frm", "why"), FACTS, ids=[f[4] for f in FACTS])
def test_prevailing_winds_follow_the_sources(lon, lat, month, frm, why) -> None:
    assert prevailing_wind(lon, lat, month).from_deg == frm


def test_doldrums_are_light() -> None:
    assert prevailing_wind(-25.0, 6.0, 7).strength == "light"


@given(st.floats(-180, 180), st.floats(-90, 90), st.integers(1, 12))
def test_wind_everywhere_every_month_and_vectorised_alike(lon, lat, month) -> None:
    w = prevailing_wind(lon, lat, month)
    frm, strength = wind_arrays([lon], [lat], month)
    assert (frm[0], strength[0]) == (w.from_deg, w.strength)


def test_bad_month() -> None:
    with pytest.raises(ValueError):
        prevailing_wind(0.0, 50.0, 13)
