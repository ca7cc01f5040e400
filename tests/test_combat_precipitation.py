"""Rain and fog in a battle (seed 000, Matters Nautical, "Weather", 000:1205-1225): the static
modifiers of wind and precipitation, cell by cell; the precipitation a battle at sea is
fought in (docs/rules-notes.md, "Precipitation and fog at sea"); its modifier on every test
of the battle, Mist's and Fog's on Awareness; the weather as an opponent's card pool."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle
from strategy.combat.cardtests import contested
from strategy.combat.data import (
    OPPONENT_MULTIPLIER,
    PRECIPITATION,
    SEA_PRECIPITATION,
    STATIC_WIND,
    WEATHER,
)
from strategy.combat.sea import sea_precipitation, static_modifier, weather_pool
from strategy.errors import InvalidMove
from tests.test_combat_book import CONDOR, LONDON, _boxes, _hwyf

#: 000:1207, "Wind": No Wind "*" (becalmed, no card modifier), then 0, -1, -2, -3
BOOK_WIND = {
    "No Wind": None,
    "Light Wind": 0,
    "Strong Wind": -1,
    "Storm winds": -2,
    "Typhoon": -3,
}
#: 000:1209-1213, "Precipitation": No Rain 0, Mist/Fog "**" (Awareness only: a mist -2,
#: within a fog bank -4), Squall -1, Storm/Snow -2, Blizzard -3: (to any test, to Awareness)
BOOK_RAIN = {
    "No Rain": (0, 0),
    "Mist": (0, -2),
    "Fog": (0, -4),
    "Squall": (-1, 0),
    "Storm/Snow": (-2, 0),
    "Blizzard": (-3, 0),
}
N, M, F, Q, SS, BZ = "No Rain", "Mist", "Fog", "Squall", "Storm/Snow", "Blizzard"
#: docs/rules-notes.md's table: Step One's weather, then d6 = 1 .. 6
AT_SEA = {
    "Becalmed": (N, N, N, N, M, F),
    "Steady Breeze": (N, N, N, N, N, M),
    "Good Wind": (N, N, N, N, N, Q),
    "High Seas": (N, N, N, N, N, SS),
    "Storm": (N, N, N, N, N, BZ),
}


@pytest.mark.parametrize("wind", list(BOOK_WIND))
def test_the_static_wind_modifiers_cell_by_cell(wind: str) -> None:
    assert STATIC_WIND[wind] == BOOK_WIND[wind]
    assert list(STATIC_WIND) == list(BOOK_WIND)


@pytest.mark.parametrize("rain", list(BOOK_RAIN))
def test_the_static_precipitation_modifiers_cell_by_cell(rain: str) -> None:
    row = PRECIPITATION[rain]
    assert (row["modifier"], row["awareness"]) == BOOK_RAIN[rain]
    assert list(PRECIPITATION) == list(BOOK_RAIN)


def test_each_step_one_weather_is_its_static_wind() -> None:
    """Becalmed is No Wind's "*"; the rest by their Handling, as docs/rules-notes.md "Weather at
    sea" reads them: a Steady Breeze a Light Wind, a Good Wind a Strong Wind ..."""
    assert {k: w["wind"] for k, w in WEATHER.items()} == {
        "Becalmed": "No Wind",
        "Steady Breeze": "Light Wind",
        "Good Wind": "Strong Wind",
        "High Seas": "Storm winds",
        "Storm": "Typhoon",
    }


def test_trident_in_storm_and_snow_has_minus_four_cards() -> None:
    """000:1213: "a storm breaks and snow begins to fall. This causes a -4 card modifier on
    any action taken in this weather" (Storm winds -2, Storm/Snow -2: "Modifiers are
    cumulative")."""
    assert static_modifier("Storm winds", "Storm/Snow") == -4


def test_trident_against_the_storm_faces_ten_cards() -> None:
    """000:1215-1219, Weather as an Opponent: "calculate the modifier from the table above
    and double it"; "With Storm Winds and Blizzard conditions, the GM has 10 cards"."""
    assert OPPONENT_MULTIPLIER == 2
    assert weather_pool("Storm winds", "Blizzard") == 10
    assert weather_pool("No Wind", "Fog") == weather_pool("Light Wind", "No Rain") == 0
    with pytest.raises(InvalidMove):
        weather_pool("Gale", "No Rain")


@pytest.mark.parametrize("weather", list(AT_SEA))
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_precipitation_at_sea_cell_by_cell(weather: str, roll: int) -> None:
    assert sea_precipitation(weather, roll) == AT_SEA[weather][roll - 1]
    assert SEA_PRECIPITATION[weather][roll - 1] == AT_SEA[weather][roll - 1]


def test_a_six_brings_the_precipitation_of_the_winds_own_column() -> None:
    """The reading: the static table's columns pair a wind with a precipitation (Strong Wind
    and Squall, Storm winds and Storm/Snow, Typhoon and Blizzard; the Light Wind's column
    Mist/Fog, a fog bank lying in a calm); one day in six (seed 003's die) brings it."""
    winds, rains = list(BOOK_WIND), list(BOOK_RAIN)
    for weather, row in AT_SEA.items():
        column = winds.index(WEATHER[weather]["wind"])
        if weather == "Becalmed":
            assert row[4:] == (M, F)
        else:
            assert row[5] == rains[column + 1 if column >= 2 else column]
        assert set(row[:4]) == {N}
    with pytest.raises(InvalidMove):
        sea_precipitation("Good Wind", 7)


def _london_in_a_squall() -> tuple[Battle, list[dict]]:
    """The London's Broadside! example (000:1811) fought in a squall: every test one card
    fewer, the GM's difficulty pools as they were."""
    deck = [
        # Positioning: CoF 4S; London 6 - 1 cards, Condor 5 - 1
        "4S",
        *["4S", "2C", "3C", "5C", "6C"],
        *["7C", "8C", "2D", "3D"],
        # How Will You Fight?: 2 - 1 cards each against a Routine 3
        *_hwyf(1, True),
        *_hwyf(1, True),
        *_hwyf(1, False),
        # Broadside!: CoF 4S, the book's seven cards less the last (7S)
        "4S",
        *["2S", "3C", "4S", "4C", "KD", "QH"],
    ]
    dealer = ScriptedDealer(deck)
    b = Battle(LONDON, CONDOR, distance=5, precipitation="Squall", dealer=dealer)
    hwyf = {"Captain": "command", "Gunner": "command", "Mid": "command"}
    ev = b.step({"a0": {"move": "close", "range": 2, "hwyf": hwyf}, "b0": {"move": "hold"}})
    assert dealer.left == 0
    return b, ev


def test_the_london_broadside_in_a_squall_loses_a_card_on_every_test() -> None:
    """000:1207: "a simple modifier is applied to any test in that weather" (a Squall -1):
    the London closes on a perfect success still, her officers' How Will You Fight? tests
    overturn one card against the GM's three, and her Broadside! of 7 cards is 6: the 7S,
    the book's fourth hit (an Injured box to the Hull), is never drawn."""
    b, ev = _london_in_a_squall()
    conditions = next(e for e in b.events if e["type"] == "conditions")
    assert conditions["precipitation"] == "Squall"
    assert (conditions["modifier"], conditions["awareness"]) == (-1, 0)
    pos = next(e for e in ev if e["type"] == "test" and e["what"] == "positioning")
    assert [s["pool"] for s in pos["sides"]] == [3 + 2 + 1 - 1, 3 + 3 - 1 - 1]
    assert pos["weather"] == -1 and pos["winner"] == "a0"
    assert b.distance(b.ship("a0"), b.ship("b0")) == 2
    fights = [e for e in ev if e["type"] == "test" and e["what"] == "how will you fight"]
    assert [[s["pool"] for s in e["sides"]] for e in fights] == [[1, 3]] * 3
    assert [e["winner"] for e in fights] == ["Captain", "Gunner", "difficulty"]
    shot = next(e for e in ev if e["type"] == "broadside")
    assert shot["pool"] == 5 + 2 + 2 + 1 - 4 + 1 - 1 == 6
    assert [h["level"] for h in shot["hits"]] == ["injured", "dead", "maimed"]
    assert _boxes(b, "b0")["hull"] == [1, 0, 1] and _boxes(b, "b0")["rigging"] == [0, 1, 0]


def test_a_squalls_battle_is_saved_and_rebuilt_in_its_squall() -> None:
    b = Battle("Fifth Rate", "Brig Sloop", seed=7, precipitation="Squall", distance=3)
    b.run()
    data = b.to_dict()
    assert data["precipitation"] == "Squall"
    again = Battle.from_dict(data)
    assert again.events == b.events and again.outcome == b.outcome
    dry = Battle("Fifth Rate", "Brig Sloop", seed=7, distance=3).to_dict()
    assert "precipitation" not in dry  # a dry battle's saved form as it was


LOOKOUT = {"type": "Fifth Rate", "name": "Lookout", "skills": {"Awareness": 5}}
BLIND = {"type": "Brig Sloop", "name": "Blind", "skills": {"Awareness": 3}}


@pytest.mark.parametrize(("rain", "pools"), [("Mist", [3, 1]), ("Fog", [1, -1])])
def test_mist_and_fog_take_cards_off_the_lookouts_awareness_test(
    rain: str, pools: list[int]
) -> None:
    """000:1213, "**": "If there is a mist, all Awareness tests made on the ship are at -2. If
    the ship is within a fog bank, all Awareness tests made on the ship are at -4": Step
    One's contested Awareness test (Awareness 5 against 3)."""
    cards = ["2H", "3H", "4C", "5C", "6C"][: 1 + max(0, pools[0]) + max(0, pools[1])]
    b = Battle(LOOKOUT, BLIND, precipitation=rain, dealer=ScriptedDealer(cards))
    b.step({"a0": {"start_distance": 4, "move": "hold"}, "b0": {"move": "hold"}})
    test = next(e for e in b.events if e["type"] == "test" and e["what"] == "awareness")
    assert [s["pool"] for s in test["sides"]] == pools
    assert test["weather"] == BOOK_RAIN[rain][1] and test["winner"] == "a0"
    assert b.distance(b.ship("a0"), b.ship("b0")) == 4


def test_mist_leaves_every_other_test_as_it_was() -> None:
    """Mist/Fog's modifier is "**": only Awareness; a Positioning test keeps its pools."""
    b = Battle(
        LOOKOUT,
        BLIND,
        distance=3,
        precipitation="Fog",
        dealer=ScriptedDealer(["2H", "3H", "4C", "5C", "6C"]),
    )
    a0, b0 = b.ships
    contested(b, "positioning", (a0, 2), (b0, 2), skill_of="seamanship")
    test = b.events[-1]
    assert [s["pool"] for s in test["sides"]] == [2, 2] and "weather" not in test


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    weather=st.sampled_from(sorted(WEATHER)),
    rain=st.sampled_from(sorted(PRECIPITATION)),
)
def test_every_test_of_a_battle_is_made_in_its_weather(seed: int, weather: str, rain: str) -> None:
    """Whatever the weather and the rain: each contest's event names the modifier its pools
    took (the precipitation's, and Mist's or Fog's on Awareness), every unopposed test the
    precipitation's, and recording changes nothing."""
    kw = {"seed": seed, "weather": weather, "precipitation": rain, "max_rounds": 30}
    b = Battle("Fifth Rate", ["Brig Sloop", "Cutter"], **kw)
    outcome = b.run()
    assert Battle("Fifth Rate", ["Brig Sloop", "Cutter"], record=False, **kw).run() == outcome
    wet, sight = BOOK_RAIN[rain]
    for e in b.events:
        if e["type"] != "test" or e.get("result") == "no cards":
            continue
        eye = sight if "awareness" in (e["what"], e.get("skill")) else 0
        assert e.get("weather", 0) == wet + (eye if "sides" in e else 0), e
