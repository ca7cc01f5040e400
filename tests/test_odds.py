"""Battle odds: rates that sum to one, intervals, determinism, sides in every form."""

from __future__ import annotations

import pytest

from strategy.combat import chase_adapter, odds, wilson

RATES = ("a_wins", "b_wins", "escaped", "disengaged")


def test_rates_sum_to_one_with_intervals_around_them() -> None:
    r = odds("Fifth Rate", "Brig Sloop", n=200, seed=1)
    assert r["n"] == 200 and abs(sum(r[k] for k in RATES) - 1) < 1e-12
    for k in RATES:
        lo, hi = r["ci"][k]
        assert 0 <= lo <= r[k] <= hi <= 1
    assert r["a_wins"] > 0.8  # a frigate against a brig
    assert sum(r["counts"].values()) == 200


def test_same_seed_same_odds_and_other_seeds_differ() -> None:
    one = odds("Sixth Rate", "Sixth Rate", n=60, seed=7)
    assert one == odds("Sixth Rate", "Sixth Rate", n=60, seed=7)
    assert one != odds("Sixth Rate", "Sixth Rate", n=60, seed=8)


def test_sides_as_names_lists_and_specs() -> None:
    r = odds(
        ["Brig Sloop", "Brig Sloop"], {"type": "Cutter", "traits": ["Heart of Oak"]}, n=30, seed=2
    )
    assert r["a_wins"] > 0.5
    r = odds("Minerve", "fifth rate", n=20, seed=2)
    assert abs(sum(r[k] for k in RATES) - 1) < 1e-12


def test_runners_escape_and_a_chase_can_open_the_battle() -> None:
    r = odds("Brig Sloop", "Cutter", n=60, seed=3, policies={"b": "runner"})
    assert r["escaped"] > 0.3
    r = odds("Fifth Rate", "Brig Sloop", n=40, seed=3, chase=True)
    assert r["chase"] and abs(sum(r[k] for k in RATES) - 1) < 1e-12


def test_chase_results_become_a_starting_distance_and_gage() -> None:
    assert chase_adapter(
        {"outcome": "engaged", "distance": 3, "hunter_gage": 1, "prey_gage": 2}
    ) == {"escaped": False, "prey": "b", "distance": 3, "gage": {"a": 1, "b": 2}}
    assert chase_adapter({"outcome": "escaped", "distance": None}, hunter="b")["prey"] == "a"


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)


@pytest.mark.parametrize("bad", [0, -5])
def test_bad_n_is_a_value_error(bad: int) -> None:
    with pytest.raises(ValueError):
        odds("Fifth Rate", "Cutter", n=bad)


def test_bad_ship_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="Fifth Rate"):
        odds("Sixty Rate", "Cutter", n=5)


def test_runs_fought_side_by_side_give_the_same_answer() -> None:
    from concurrent.futures import ProcessPoolExecutor

    from strategy.combat import odds as battle_odds

    with ProcessPoolExecutor(2) as pool:
        for a, b, n in (("Fifth Rate", "Fifth Rate", 250), ("First Rate", "Cutter", 1000)):
            serial = battle_odds(a, b, n=n, seed=4, every=50)
            for width in (2, 3):
                assert battle_odds(a, b, n=n, seed=4, every=50, mapper=pool.map, width=width) == (
                    serial
                )
    assert serial["n"] < 1000  # the lopsided match stopped early, at the same point each way
