"""Wounds and Overcoming Great Hardship in battle (seed 000, "Damage States", "Damage
Areas", "Overcoming Great Hardship", "Fire"; issue 31): a Maimed officer's firebrands take
his wound's penalty, and a point of the area's Measure ignores that area's penalties:
Guts his wounds, Discipline his ship's morale (the book's Lt Edwards), each on a stacked
deck.
"""

from __future__ import annotations

import pytest

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle, boarding, hardship, phases
from strategy.combat.data import COMBAT
from strategy.combat.hardship import MEASURE_OF_AREA
from strategy.combat.setup import setup
from strategy.errors import InvalidMove
from tests.combat_helpers import TAIL, firebrands_alongside


def _boarder(guts: int) -> dict:
    brodie = {
        "name": "Brodie",
        "role": "officer",
        "skills": {"command": 5},
        "discipline": 1,
        "measures": {"Guts": guts, "Discipline": 1},
    }
    return {"type": "Fifth Rate", "name": "Minerva", "officers": [brodie]}


def _alongside(guts: int, health: int, deck: list[str]) -> Battle:
    """Minerva boarding a Cutter, Brodie at ``health``, throwing firebrands."""
    return firebrands_alongside(_boarder(guts), "Brodie", health, deck)


def _firebrands(bt: Battle) -> dict:
    return next(e for e in bt.events if e["type"] == "test" and e["what"] == "firebrands")


def test_a_maimed_officers_firebrands_take_the_wounds_minus_three_after_his_guts() -> None:
    """ "MAIMED ... require an appropriate Measure test ... against a single CoF. If this
    test is passed, the action can be attempted but with a -3 modifier to the card pool":
    his firebrands are his Cutlass 4 less 3, one card, after his Guts test (the old pool
    took his Health level, 2, off: two cards)."""
    # Guts 4 against 7S: 8S a success; then the firebrands' CoF 9D and his one card
    bt = _alongside(4, 2, ["7S", "8S", "2D", "3D", "4D", "9D", "10D"])
    boarding.round_(bt, bt.ships[0].boarding)
    guts = next(e for e in bt.events if e["type"] == "test" and e["what"] == "guts to act")
    assert (guts["officer"], guts["pool"], guts["result"]) == ("Brodie", 4, "ordinary")
    fb = _firebrands(bt)
    assert (fb["pool"], fb["cof"], fb["cards"]) == (4 - 3, "9D", ["10D"])


def test_an_injured_officers_firebrands_take_one_card() -> None:
    bt = _alongside(4, 1, ["9D", "10D", "2S", "3S"])
    boarding.round_(bt, bt.ships[0].boarding)
    assert not any(e.get("what") == "guts to act" for e in bt.events)
    fb = _firebrands(bt)
    assert (fb["pool"], fb["cards"]) == (4 - 1, ["10D", "2S", "3S"])


def test_overcoming_great_hardship_frees_his_firebrands_of_his_wounds() -> None:
    """ "Characters may spend a point of the appropriate Measure to ignore any penalties
    (either to their card pool or requiring them to test a Measure to act)": Guts spent,
    Maimed Brodie throws his whole Cutlass 4, with no Guts test."""
    bt = _alongside(4, 2, ["9D", "10D", "2S", "3S", "4S"])
    ship = bt.ships[0]
    assert ship.spend_hardship(bt, "Brodie")
    boarding.round_(bt, ship.boarding)
    assert not any(e.get("what") == "guts to act" for e in bt.events)
    fb = _firebrands(bt)
    assert (fb["pool"], fb["cards"]) == (4, ["10D", "2S", "3S", "4S"])


# ----- Lt Edwards: Discipline against a Maimed Ship Morale ------------------------------

#: "Lt. Edwards has Discipline 3 and is the acting Captain of the HMS Thunderer"
EDWARDS = {
    "name": "Edwards",
    "role": "captain",
    "skills": {"command": 3},
    "discipline": 3,
    "measures": {"Guts": 3, "Discipline": 3, "Influence": 2, "Charm": 2},
}
#: "the ship has been on the losing end of a number of battles and the Crew Morale has
#: been Maimed" (the Thunderer of 1783 was a 74, a Third Rate)
THUNDERER = {"type": "Third Rate", "name": "Thunderer", "morale": "maimed", "officers": [EDWARDS]}


def _sail_on_the_horizon(deck: list[str], orders: dict) -> Battle:
    """ "Spotting a sail on the horizon": the Thunderer against a French frigate at
    Distance 5, the first round fought with the Thunderer's ``orders``."""
    bt = Battle(THUNDERER, "Fifth Rate", distance=5, dealer=ScriptedDealer(deck + TAIL))
    bt.step({"a0": orders, "b0": {"move": "hold"}})
    return bt


def test_lt_edwards_without_his_speech_tests_to_act_and_fights_at_minus_three() -> None:
    """ "Lt Edwards has to make a Command test to motivate the crew to fight against this
    new threat and even if they do, they will fight at -3 to all card pools" (the test to
    act is his Discipline's, docs/rules-notes.md "Ship Morale"): Discipline 3 against the
    CoF 7S, 8S a success; all three of his Discipline cards his to share."""
    bt = _sail_on_the_horizon(["7S", "8S", "2D", "3D"], {"move": "hold"})
    thunderer, frigate = bt.ships
    test = next(e for e in bt.events if e["type"] == "test")
    assert (test["what"], test["officer"], test["cof"], test["pool"]) == (
        "discipline to act",
        "Edwards",
        "7S",
        3,
    )
    assert (test["cards"], test["result"]) == (["8S", "2D", "3D"], "ordinary")
    assert thunderer.acting and thunderer.mods_all() == -3
    assert next(e for e in bt.events if e["type"] == "discipline")["cards"] == {"Edwards": 3}
    assert not any(e["type"] == "hardship" for e in bt.events)
    assert thunderer.measures["Edwards"]["Discipline"] == 3


def test_lt_edwards_spends_a_point_of_discipline_and_his_crew_fight_without_penalty() -> None:
    """ "Lt. Edwards decides to spend a point of his Discipline Measure to give a
    resounding speech to the crew ... they respond, ready to fight without penalty.
    However, Lt Edwards has his Discipline reduced to 2 for the remainder of the Naval
    Mission and he now only has 2 extra cards to distribute during Ship-to-Ship combat."
    Card for card: no test to act is drawn (the deck's first card is the next test's),
    no -3 on any pool, his Discipline 2 and two cards to share at Step Two."""
    speech = {"move": "hold", "hardship": {"Edwards": "Discipline"}, "discipline": {"Edwards": 2}}
    bt = _sail_on_the_horizon([], speech)
    thunderer, frigate = bt.ships
    spent = [e for e in bt.events if e["type"] == "hardship"]
    assert [(e["officer"], e["measure"], e["left"], e["round"]) for e in spent] == [
        ("Edwards", "Discipline", 2, 0)  # before Step Two: his cards are already 2
    ]
    assert next(e for e in bt.events if e["type"] == "discipline")["cards"] == {"Edwards": 2}
    assert not any(e["type"] in ("test", "cannot_act") for e in bt.events)
    assert bt.dealer.left == len(TAIL)  # not a card drawn
    assert thunderer.acting and thunderer.mods_all() == 0
    assert thunderer.measures["Edwards"]["Discipline"] == 2
    # the morale is not mended: the crew fight on a speech, the Maimed morale stays
    assert thunderer.morale == "maimed"
    # his pools as a healthy crew's: the Positioning and Broadside! pools gain the 3 back
    plain = _sail_on_the_horizon(
        ["7S", "8S", "2D", "3D"], {"move": "hold", "discipline": {"Edwards": 2}}
    )
    assert phases.position_pool(bt, thunderer, frigate) == (
        phases.position_pool(plain, plain.ships[0], plain.ships[1]) + 3
    )
    assert thunderer.fire_base == plain.ships[0].fire_base + 3
    # the same point once more in the next round costs nothing: it holds for the battle
    bt.step({"a0": speech | {"discipline": None}, "b0": {"move": "hold"}})
    assert thunderer.measures["Edwards"]["Discipline"] == 2
    assert len([e for e in bt.events if e["type"] == "hardship"]) == 1


def test_lt_edwards_after_his_speech_has_only_two_cards_to_give() -> None:
    """ "he now only has 2 extra cards to distribute": three are refused."""
    with pytest.raises(InvalidMove, match="at most 2 cards"):
        _sail_on_the_horizon(
            [], {"hardship": {"Edwards": "Discipline"}, "discipline": {"Edwards": 3}}
        )


#: BtQ "Damage Areas", the Healing table as printed (Area, Damaged By, Measure, Skill to
#: Heal), its Wealth row as read (docs/rules-notes.md, "Wounded officers and Overcoming
#: Great Hardship")
HEALING = [
    ("Physical", "Combat and Danger", "Guts", "First Aid"),
    ("Ship Morale", "Ship-to-ship battles", "Discipline", "Command"),
    ("Institution Reputations", "Humiliation and Failure", "Influence", "Diplomacy"),
    ("Personal Reputations", "Lies, Deceit and Betrayal", "Charm", "Courtesy"),
    ("Wealth", "Overspending and Gambling", "Influence", None),
]


def test_the_healing_table_cell_by_cell() -> None:
    rows = [(r["area"], r["damaged_by"], r["measure"], r["heal"]) for r in COMBAT["damage_areas"]]
    assert rows == HEALING


def test_the_measure_spent_is_the_areas_and_never_below_one() -> None:
    """The Healing table's Measure for each area ("Damage Areas"): Guts for the body,
    Discipline for Ship Morale (her commander's), and none of the others in a battle;
    "You cannot reduce a Measure below 1"."""
    assert dict(MEASURE_OF_AREA) == {
        "Physical": "Guts",
        "Ship Morale": "Discipline",
        "Institution Reputations": "Influence",
        "Personal Reputations": "Charm",
        "Wealth": "Influence",
    }
    with pytest.raises(InvalidMove, match="measure 'Charm'"):
        _sail_on_the_horizon([], {"hardship": {"Edwards": "Charm"}})
    gunner = {"name": "Pike", "role": "gunner", "measures": {"Discipline": 3}}
    crew = {**THUNDERER, "officers": [EDWARDS, gunner]}
    with pytest.raises(InvalidMove, match="only her commander"):
        Battle(crew, "Fifth Rate", distance=5).step({"a0": {"hardship": {"Pike": "Discipline"}}})
    worn = {**EDWARDS, "measures": {"Discipline": 1}}
    bt = Battle(
        {**THUNDERER, "officers": [worn]}, "Fifth Rate", distance=5, dealer=ScriptedDealer([])
    )
    setup(bt, {})
    assert not hardship.spend(bt, bt.ships[0], "Edwards", "Discipline")
    assert bt.ships[0].mods_all() == -3
    # a healthy morale has nothing to overcome; a Dead one no speech mends
    for level in ("healthy", "dead"):
        bt = Battle(
            {**THUNDERER, "morale": level}, "Fifth Rate", distance=5, dealer=ScriptedDealer([])
        )
        setup(bt, {})
        assert not hardship.spend(bt, bt.ships[0], "Edwards", "Discipline")
        assert bt.ships[0].measures["Edwards"]["Discipline"] == 3


def test_a_speech_replays_from_the_saved_battle() -> None:
    bt = Battle(THUNDERER, "Fifth Rate", seed=5, distance=5)
    bt.step({"a0": {"move": "hold", "hardship": {"Edwards": "Discipline"}}})
    again = Battle.from_dict(bt.to_dict())
    assert again.events == bt.events and again.ships[0].mods_all() == 0


def test_who_may_spend_what_is_edwards_discipline_on_a_maimed_morale_until_spoken() -> None:
    """What a captain's page offers (:func:`hardship.open_to`): Lt Edwards, her commander,
    may spend Discipline while her Maimed morale's -3 stands ("his highly demoralized crew
    are near to mutiny!"), and no more once his speech is made; a wounded officer his Guts
    until his wound is overcome; a healthy crew and an unwounded officer nothing; a Dead
    morale no speech, a Measure at 1 nothing ("You cannot reduce a Measure below 1")."""
    mate = {**EDWARDS, "name": "Bush", "role": "master", "discipline": 1}
    bt = Battle({**THUNDERER, "officers": [EDWARDS, mate]}, "Fifth Rate", seed=5, distance=5)
    thunderer = bt.ships[0]
    assert hardship.open_to(thunderer) == {"Edwards": ["Discipline"]}
    thunderer.health["Bush"] = 1  # Injured
    assert hardship.open_to(thunderer) == {"Edwards": ["Discipline"], "Bush": ["Guts"]}
    bt.step({"a0": {"move": "hold", "hardship": {"Edwards": "Discipline", "Bush": "Guts"}}})
    assert thunderer.mods_all() == 0 and hardship.open_to(thunderer) == {}
    for morale, guts, offered in (("healthy", 3, {}), ("dead", 3, {}), ("maimed", 1, {})):
        edwards = {**EDWARDS, "measures": {**EDWARDS["measures"], "Discipline": guts}}
        spec = {**THUNDERER, "morale": morale, "officers": [edwards]}
        assert hardship.open_to(Battle(spec, "Fifth Rate", seed=5).ships[0]) == offered
    # only her commander: the same man second aboard may not speak for her crew
    second = Battle({**THUNDERER, "officers": [mate, EDWARDS]}, "Fifth Rate", seed=5).ships[0]
    assert hardship.open_to(second) == {"Bush": ["Discipline"]}
