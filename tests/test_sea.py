"""Voyages meet the sea (issue 31, item 4; docs/rules-notes.md "Voyages meet the sea"):
seed 003's movement table cell by cell, and its irons, calms, sweeps, currents and shallow
water on a passage, replayed with scripted dice."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from maps import sailing, sea
from maps.sailing import SHIPS, movement_table, reach_knots, ship_rating
from maps.sea import Sea, Stream, meets, outlook, risk_shallows, sail
from tests.dice_helpers import ScriptedRandom

# --- seed 003 "Speed": the movement table -----------------------------------------------

#: Seed 003 "Speed", as printed: | Small | 3/4" | 3/4" | 1" | Middling | 3/4" | 1" |
#: 1+1/4" | Large | 1" | 1+1/4" | 1+1/2" | (Slow, Ordinary, Fast).
PRINTED = {
    ("Small", "Slow"): "3/4",
    ("Small", "Ordinary"): "3/4",
    ("Small", "Fast"): "1",
    ("Middling", "Slow"): "3/4",
    ("Middling", "Ordinary"): "1",
    ("Middling", "Fast"): "1+1/4",
    ("Large", "Slow"): "1",
    ("Large", "Ordinary"): "1+1/4",
    ("Large", "Fast"): "1+1/2",
}


def _inches(printed: str) -> Fraction:
    return sum((Fraction(p) for p in printed.split("+")), Fraction(0))


@pytest.mark.parametrize(("size", "rating"), list(PRINTED))
def test_movement_table_cell_by_cell(size: str, rating: str) -> None:
    table = movement_table()
    assert table.inches[size, rating] == _inches(PRINTED[size, rating])
    assert table.knots(size, rating) == pytest.approx(float(_inches(PRINTED[size, rating])) * 6.4)


def test_the_table_has_the_books_cells_and_no_other() -> None:
    assert set(movement_table().inches) == set(PRINTED)
    assert "seed 003" in movement_table().source


def test_larger_ships_cover_more_distance() -> None:
    """Seed 003: "Generally large ships are faster than small ones": a First Rate is no
    longer the slowest ship at sea; "small ships don't lose out by being slow"."""
    knots = {name: reach_knots(name) for name in SHIPS}
    assert knots == {
        "Cutter": 6.4,
        "Brig Sloop": 4.8,
        "Ship Sloop": 4.8,
        "Sixth Rate": 6.4,
        "Fifth Rate": 8.0,
        "Fourth Rate": 6.4,
        "Third Rate": 8.0,
        "Second Rate": 6.4,
        "First Rate": 6.4,
    }
    assert min(knots, key=knots.get) != "First Rate"
    assert ship_rating("Brig Sloop") == "Ordinary" and ship_rating("Cutter") == "Fast"
    assert ship_rating("Fifth Rate", coppered=True) == "Fast"  # a Fast ship stays Fast


def test_bad_movement_data_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    raw = json.loads(sailing.MOVEMENT_FILE.read_text(encoding="utf-8"))
    del raw["inches_per_ma"]["Large"]["Fast"]
    bad = tmp_path / "movement.json"
    bad.write_text(json.dumps(raw))
    monkeypatch.setattr(sailing, "MOVEMENT_FILE", bad)
    with pytest.raises(ValueError, match="one cell per"):
        movement_table.__wrapped__()
    with pytest.raises(ValueError, match="no movement"):
        movement_table().knots("Huge", "Fast")


# --- caught in irons, calms and sweeps, currents ------------------------------------------


def test_caught_in_irons_on_a_tack_loses_a_turn() -> None:
    """Seed 003 "Tacking": a d6 of 1 catches her in irons, "MA is zeroed" for the turn.
    Ten hours' beating is two tacks (one a watch); a 1 and a 4: one turn of her thirteen a
    watch lost, 4/13 hour."""
    beating = Sea("Middling", 8.0, beat_hours=10.0, calm_hours=0.0)
    sailed = sail(beating, ScriptedRandom([1, 4]))
    assert (sailed.tacks, sailed.irons, sailed.hours) == (2, 1, pytest.approx(4 / 13, abs=1e-3))
    assert sail(beating, ScriptedRandom([2, 6])).hours == 0.0
    best, mean, worst = outlook(beating)
    assert (best, worst) == (0.0, pytest.approx(8 / 13, abs=1e-3))
    assert mean == pytest.approx(2 / 6 * 4 / 13, abs=1e-3)


def test_a_calm_day_is_swept_by_the_ships_sweeps() -> None:
    """Seed 003 "Sweeps": three pairs on a small ship, five on a large, 1 MA a pair, where
    the light wind would have given her 12 - d6 (8.5) reaching. A day and a half in light
    waters: two dice; a 1 (the calm) then a 3."""
    for size, pairs in (("Small", 3), ("Middling", 4), ("Large", 5)):
        light = Sea(size, 6.4, beat_hours=0.0, calm_hours=36.0)
        sailed = sail(light, ScriptedRandom([1, 3]))
        assert (sailed.light_days, sailed.calms) == (2, 1)
        assert sailed.hours == pytest.approx(24 * (1 - pairs / 8.5), abs=1e-3)
        # at worst both are calms: the whole day and the half day
        assert outlook(light)[2] == pytest.approx(36 * (1 - pairs / 8.5), abs=1e-3)
    # a small ship is not stopped dead: she makes 3 of the light wind's 8.5
    assert sea._calm_loss("Small", 24.0) < 24.0


def test_a_current_with_her_or_against_her() -> None:
    """Seed 003 "Currents and Tides": 1-3 an inch a turn, 4-6 (strong) two, along its set.
    An inch a turn is 6.4 / 12 knots; a day in it at 8 knots with the set: 8 / 8.533 of
    the day; against it, strong: 8 / 6.933."""
    along = Sea("Middling", 8.0, 0.0, 0.0, (Stream("gulf-stream", "the Gulf Stream", 24, 8, 1),))
    sailed = sail(along, ScriptedRandom([2]))
    assert sailed.hours == pytest.approx(24 * 8 / (8 + 6.4 / 12) - 24, abs=1e-3)
    assert sailed.currents == (("gulf-stream", (2,)),)
    against = Sea("Middling", 8.0, 0.0, 0.0, (Stream("gulf-stream", "", 24, 8, -1),))
    assert sail(against, ScriptedRandom([5])).hours == pytest.approx(
        24 * 8 / (8 - 2 * 6.4 / 12) - 24, abs=1e-3
    )
    best, mean, worst = outlook(along)
    assert best < mean < worst < 0  # with the set she gains, strong or not


def test_a_passage_meets_its_sea() -> None:
    """Westward in the North Equatorial current in July: she is carried, with the set."""
    passage = meets([[-30.0, 15.0], [-55.0, 15.0]], 7, "Fifth Rate")
    (stream,) = passage.currents
    assert stream.id == "equatorial-current" and stream.along > 0.99
    assert passage.knots == 8.0 and passage.size == "Middling"
    assert Sea.from_dict(passage.as_dict()) == Sea.from_dict(
        json.loads(json.dumps(passage.as_dict()))
    )
    # dead to windward in the westerlies: she beats
    assert meets([[-20.0, 47.0], [-35.0, 47.0]], 1, "Third Rate").beat_hours > 24
    # the doldrums in April are light waters, where a day's die of 1 is a calm
    doldrums = meets([[-10.0, 0.0], [-20.0, 2.0]], 4, "First Rate")
    assert doldrums.calm_hours > 24 and doldrums.size == "Large"
    assert outlook(doldrums)[2] > outlook(doldrums)[1] > 0


def test_the_sea_is_thrown_only_with_the_source_given() -> None:
    passage = meets([[-30.0, 15.0], [-55.0, 15.0]], 7, "Brig Sloop")
    assert sail(passage, random.Random(7)) == sail(passage, random.Random(7))
    best, mean, worst = outlook(passage)
    assert best <= sail(passage, random.Random(7)).hours <= worst


# --- shallow water on a passage ---------------------------------------------------------


@pytest.mark.parametrize(
    ("throws", "result", "damage", "tries", "days"),
    [
        ([5], "clear", 0, (), 0.0),
        ([3, 4], "aground", 0, (4,), 0.0),  # aground, freed at once
        ([2, 1, 2, 6], "aground", 0, (1, 2, 6), 1.0),  # stuck two tides, off on the third
        ([1, 4, 3, 5], "rocks", 7, (5,), 0.0),  # rocks, 2d6 = 7, scraped free
        ([1, 6, 6, 2, 4], "rocks", 12, (2, 4), 0.5),  # rocks, stuck; freed next tide
    ],
)
def test_shallow_water_on_a_passage(throws, result, damage, tries, days) -> None:
    """Seed 003 "Shallow Water": 4-6 no problem, 2-3 aground (1d6: 1-3 stuck fast try
    again next turn, 4-6 freed), 1 rocks (2d6 damage points; 1d6: 1-2 stuck, treat as
    aground). A turn of getting off is a tide, half a day."""
    g = risk_shallows(ScriptedRandom(throws))
    assert (g.result, g.damage, g.tries, g.days) == (result, damage, tries, days)


def test_a_ship_stuck_a_week_is_kedged_off() -> None:
    g = risk_shallows(ScriptedRandom([2] + [1] * sea.MAX_TIDES))
    assert len(g.tries) == sea.MAX_TIDES and g.days == sea.MAX_TIDES * sea.TIDE_DAYS
