"""The weather a battle at sea is fought in (docs/rules-notes.md, "Weather at sea"): seed
003's prevailing wind strength and a d6 onto BtQ's Step One weathers, cell by cell."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maps.wind import STRENGTHS, load_regions
from strategy.combat import WEATHER, sea_weather
from strategy.combat.data import SEA_WEATHER, WIND_STRENGTHS
from strategy.errors import InvalidMove

B, S, G, H = "Becalmed", "Steady Breeze", "Good Wind", "High Seas"

#: the table of docs/rules-notes.md, row by row: prevailing wind, then d6 = 1 .. 6
TABLE = {
    "light": (B, S, S, S, S, S),
    "fair": (S, S, S, S, S, G),
    "fresh": (S, G, G, G, G, H),
}


@pytest.mark.parametrize("strength", list(TABLE))
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_weather_at_sea_cell_by_cell(strength: str, roll: int) -> None:
    assert sea_weather(strength, roll) == TABLE[strength][roll - 1]


def test_the_table_is_seed_003s_die_moving_the_days_wind_a_step_from_the_prevailing() -> None:
    """Seed 003: "Roll a d6: 6 = Fresh, 2...5 = Fair, 1 = Light": a step lighter on a 1, a
    step stronger on a 6. The day's wind in BtQ's words: no wind "becalmed", a light wind
    no modifier (Steady Breeze), "a good strong wind" Handling -1 (the Hermes' Good Wind),
    beyond fresh High Seas."""
    ladder = ("calm", "light", "fair", "fresh", "gale")
    btq = {"calm": B, "light": S, "fair": S, "fresh": G, "gale": H}
    for strength in WIND_STRENGTHS:
        for roll in range(1, 7):
            step = -1 if roll == 1 else 1 if roll == 6 else 0
            day = ladder[ladder.index(strength) + step]
            assert SEA_WEATHER[strength][roll - 1] == btq[day], (strength, roll)


def test_every_strength_of_the_wind_model_has_a_row() -> None:
    used = {w[2] for r in load_regions() for w in r.winds}
    assert used == set(STRENGTHS) == set(WIND_STRENGTHS) == set(TABLE)


def test_a_storm_is_never_the_weather_of_a_battle_on_the_map() -> None:
    """Seed 003: "Storms are an adventure in their own right"."""
    assert all(sea_weather(s, r) != "Storm" for s in TABLE for r in range(1, 7))


@given(st.sampled_from(WIND_STRENGTHS), st.integers(1, 6), st.integers(1, 6))
def test_a_stronger_wind_or_a_higher_roll_is_never_calmer(strength: str, r1: int, r2: int) -> None:
    order = list(WEATHER)
    lo, hi = sorted((r1, r2))
    assert order.index(sea_weather(strength, lo)) <= order.index(sea_weather(strength, hi))
    i = WIND_STRENGTHS.index(strength)
    if i + 1 < len(WIND_STRENGTHS):
        stronger = sea_weather(WIND_STRENGTHS[i + 1], r1)
        assert order.index(sea_weather(strength, r1)) <= order.index(stronger)


@pytest.mark.parametrize(
    ("strength", "roll", "message"),
    [
        ("gale", 3, "wind strength 'gale'; valid: light, fair, fresh"),
        ("fair", 0, "roll: 0 is not a d6 (1 to 6)"),
        ("fair", 7, "roll: 7 is not a d6 (1 to 6)"),
    ],
)
def test_a_bad_wind_or_roll_is_refused_by_name(strength: str, roll: int, message: str) -> None:
    with pytest.raises(InvalidMove, match=message.replace("(", r"\(").replace(")", r"\)")):
        sea_weather(strength, roll)
