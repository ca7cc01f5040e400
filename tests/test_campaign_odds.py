"""Odds over many summers: counts add up, seeds replay, presets hold."""

from __future__ import annotations

import json

import pytest

from strategy.campaign.odds import summer_odds


def test_odds_count_every_summer_and_replay() -> None:
    odds = summer_odds(None, summers=25, seed=2, choices={"roll": 11})
    assert odds["summers"] == 25 and set(odds["ships"]) == {
        "FE",
        "DR",
        "AC",
        "NE",
        "VA",
        "GL",
        "ME",
        "EN",
        "HO",
        "CA",
        "TI",
    }
    for ship in odds["ships"].values():
        assert sum(ship["results"]) == 25 and 1 <= ship["mean"] <= 6
    assert 0 <= odds["invasion"] <= 1
    assert json.loads(json.dumps(odds)) == odds
    assert odds == summer_odds(None, summers=25, seed=2, choices={"roll": 11})


def test_preset_ship_always_has_its_result() -> None:
    odds = summer_odds(None, summers=10, choices={"roll": 11, "preset": {"FE": 2}})
    assert odds["ships"]["FE"] == {"results": [0, 10, 0, 0, 0, 0], "mean": 2.0}


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_bad_number_of_summers(bad: object) -> None:
    with pytest.raises(ValueError):
        summer_odds(None, summers=bad, choices={"roll": 11})  # type: ignore[arg-type]
