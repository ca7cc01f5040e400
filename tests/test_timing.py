"""A track cut into runs of one point of sail (:func:`maps.timing.sail_runs`, seed 003):
pure, the runs end to end along the track, their miles the track's."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from maps.timing import POINTS_OF_SAIL, SailRun, leg_sailing, sail_hours, sail_runs

# a zigzag off Finisterre: courses across and along the month's wind
TRACK = [[-12.0, 44.0], [-12.0, 45.0], [-11.0, 45.5], [-11.0, 46.5], [-12.5, 46.5], [-12.5, 45.0]]


@pytest.mark.parametrize("month", [1, 4, 6, 9, 12])
def test_the_runs_cover_the_track_end_to_end_and_its_miles(month: int) -> None:
    runs = sail_runs(TRACK, month)
    assert runs and all(isinstance(r, SailRun) for r in runs)
    assert runs[0].track[0] == tuple(TRACK[0]) and runs[-1].track[-1] == tuple(TRACK[-1])
    for before, after in zip(runs, runs[1:], strict=False):
        assert before.track[-1] == after.track[0]  # end to end
        assert before.point_of_sail != after.point_of_sail  # a run is all one point of sail
    nm, _, by_point = leg_sailing(np.array(TRACK), month)
    assert sum(r.nm for r in runs) == pytest.approx(nm)
    for word in set(POINTS_OF_SAIL):
        eighths = [i for i, w in enumerate(POINTS_OF_SAIL) if w == word]
        miles = sum(r.nm for r in runs if r.point_of_sail == word)
        assert miles == pytest.approx(sum(by_point[i] for i in eighths))
    assert all(r.beat == (r.point_of_sail == "beating") for r in runs)


def test_a_course_into_the_wind_is_beaten_and_one_before_it_run() -> None:
    lon, lat = -30.0, 40.0
    _, _, (_, _, _, frm, _) = sail_hours(np.array([[lon, lat], [lon, lat + 0.2]]), 6, winds=True)
    wind_from = np.radians(float(frm[0]))
    up = [[lon, lat], [lon + 0.3 * np.sin(wind_from), lat + 0.3 * np.cos(wind_from)]]
    down = [up[1], up[0]]
    assert [(r.point_of_sail, r.beat) for r in sail_runs(up, 6)] == [("beating", True)]
    assert [(r.point_of_sail, r.beat) for r in sail_runs(down, 6)] == [("running", False)]


def test_fewer_than_two_points_make_no_run_and_a_run_is_frozen() -> None:
    assert sail_runs([], 6) == [] and sail_runs([[0.0, 50.0]], 6) == []
    run = sail_runs(TRACK, 6)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.nm = 0.0  # type: ignore[misc]
