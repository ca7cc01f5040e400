"""The weather as a ship's opponent at sea (BtQ 000:1215-1221, "Weather as an Opponent")
and a ship's Rations (seed 002, 2.7): docs/rules-notes.md "Storms on a passage", "Rations".

The weather's pool is the static modifier doubled (HMS Trident's Storm winds and Blizzard:
10 cards); the ship's is the sailing pool of Positioning without a foe (her master's
Seamanship, or her crew's, with her Handling). Cards are scripted (a stacked deck), as the
book's examples are told."""

from __future__ import annotations

import pytest

from strategy.cards.dealer import ScriptedDealer
from strategy.chase.rations import RATION_DAYS, STORE, spend, store
from strategy.combat import Battle, combatant
from strategy.combat.sea import STORM_WINDS, is_storm, weather_challenge
from strategy.errors import InvalidMove

#: the book's static winds of Step One's weathers (weather.json "weather" and "static"),
#: and whether each is a storm a ship at sea faces as her opponent
STORMS = {
    "Becalmed": False,  # No Wind
    "Steady Breeze": False,  # Light Wind
    "Good Wind": False,  # Strong Wind
    "High Seas": True,  # Storm winds
    "Storm": True,  # Typhoon
}

#: Trident's storm: the Card of Fate 9C; her five cards (no club, no nine) fail; the
#: weather's ten hold the 9H, a critical success ("defeats the players with a critical
#: success ... the main mast is now hanging, broken")
TRIDENT_STORM = "9C 2H 3H 4H 5H 6H 9H 5D 6D 7D 8D 10S JS QS KS AS"


@pytest.mark.parametrize(("weather", "storm"), list(STORMS.items()))
def test_which_weather_is_a_storm_cell_by_cell(weather: str, storm: bool) -> None:
    """Storm winds and Typhoon (Step One's High Seas and Storm) are the storms."""
    assert is_storm(weather) is storm
    assert STORM_WINDS == frozenset({"Storm winds", "Typhoon"})


def test_trident_loses_to_the_storm_and_her_main_mast_is_maimed() -> None:
    """000:1219-1221: "With Storm Winds and Blizzard conditions, the GM has 10 cards in his
    card pool and defeats the players with a critical success ... the main mast is now
    hanging, broken": the Trident (a Fifth Rate, 32 guns) tests Seamanship 3 and Handling
    2, five cards, against ten; the weather's critical crosses a Rigging box at Maimed,
    and the mast carried away holds her a day."""
    faced = weather_challenge(
        "Fifth Rate", "Storm winds", "Blizzard", ScriptedDealer(TRIDENT_STORM)
    )
    assert (faced.pool, faced.weather, faced.tester) == (5, 10, None)
    out = faced.to_dict()
    assert out["test"]["cof"] == "9C" and len(out["test"]["b_cards"]) == 10
    assert (out["lost"], out["level"], out["rigging"], out["box"], out["held"]) == (
        True,
        "critical",
        2,
        "maimed",
        1,
    )
    # the broken mast goes into her next fight: one Maimed Rigging box crossed
    battle = Battle([{"type": "Fifth Rate", "rigging": [out["rigging"]]}], ["Cutter"], seed=1)
    assert battle.ships[0].damage.boxes()["rigging"] == [0, 1, 0]


def test_a_ship_that_loses_with_an_ordinary_success_is_not_held() -> None:
    """The weather wins with an ordinary success (the CoF's suit): an Injured Rigging box,
    no mast carried away, no day hove to. Storm winds and Storm/Snow: 8 cards."""
    cards = "9C 2H 3H 4H 5H 6H 2C 5D 6D 7D 8D 10S JS QS"
    out = weather_challenge("Fifth Rate", "Storm winds", "Storm/Snow", ScriptedDealer(cards))
    assert (out.weather, out.lost) == (8, True)
    assert (out.to_dict()["box"], out.held) == ("injured", 0)


def test_a_ship_that_weathers_the_storm_takes_no_harm() -> None:
    """Her pool wins (the CoF's rank, a critical): nothing crossed, nothing held. High Seas
    alone (Storm winds, no rain): 4 cards."""
    cards = "9C 9H 3H 4H 5H 6H 2D 5D 6D 7D"
    out = weather_challenge("Fifth Rate", "Storm winds", "No Rain", ScriptedDealer(cards))
    assert (out.weather, out.lost, out.held) == (4, False, 0)
    assert out.to_dict()["rigging"] is None and out.to_dict()["level"] is None


def test_her_master_tests_with_his_seamanship_and_her_handling() -> None:
    """The master (the helm's officer: "Who tests for the ship") tests his Seamanship 5
    with her Handling 2: seven cards, and the test names him."""
    master = {"name": "Mr Bush", "role": "master", "skills": {"seamanship": 5}}
    ship = {"type": "Fifth Rate", "officers": [master]}
    cards = "9C 9H 2H 3H 4H 5H 6H 7H 5D 6D 7D 8D 10S JS QS KS AS 2D"
    out = weather_challenge(ship, "Storm winds", "Blizzard", ScriptedDealer(cards))
    assert (out.pool, out.tester, out.lost) == (7, "Mr Bush", False)


def test_a_rigging_crossed_to_its_last_box_is_refused() -> None:
    """She comes to a fight with her masts standing: fewer Rigging boxes crossed than she
    has, each at a level 1 (Injured) to 3 (Dead); anything else one clear error."""
    assert combatant({"type": "Cutter", "rigging": [1, 2]}).rigging == (1, 2)
    aloft = sum(combatant("Cutter").boxes[3])
    for bad in ([1] * aloft, [0], [4], "12", [True]):
        with pytest.raises(InvalidMove):
            combatant({"type": "Cutter", "rigging": bad})
    assert "rigging" not in combatant("Cutter").to_dict()  # (whole: her saved form as it was)


@pytest.mark.parametrize(
    ("ship", "rations"),
    [
        ("Cutter", 8),
        ("Brig Sloop", 12),
        ("Ship Sloop", 12),
        ("Sixth Rate", 12),
        ("Fifth Rate", 16),
        ("Fourth Rate", 16),
        ("Third Rate", 24),
        ("Second Rate", 24),
        ("First Rate", 24),
    ],
)
def test_the_store_of_rations_by_rate_cell_by_cell(ship: str, rations: int) -> None:
    """A Ration a week (:data:`RATION_DAYS` 7): two months for a Cutter, three for a sloop
    or Sixth Rate, four for a frigate or Fourth Rate, six for a ship of the line."""
    assert store(ship) == STORE[ship] == rations and RATION_DAYS == 7


def test_a_ration_she_has_not_costs_a_level_of_ship_morale() -> None:
    """Seed 002, 2.7: "Spend 1 Ration OR lose 1 Morale": from an empty store each Ration
    is a Ship Morale lost; a bad count is one clear error."""
    assert spend(16, 1) == (15, 0)
    assert spend(1, 2) == (0, 1)
    assert spend(0, 1) == (0, 1)
    with pytest.raises(InvalidMove):
        spend(-1, 1)
    with pytest.raises(InvalidMove):
        store("Galleon")
