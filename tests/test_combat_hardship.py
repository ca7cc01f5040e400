"""Wounds and Overcoming Great Hardship in battle (seed 000, "Damage States", "Damage
Areas", "Overcoming Great Hardship", "Fire"; issue 31): a Maimed officer's firebrands take
his wound's penalty, and a point of the area's Measure ignores that area's penalties:
Guts his wounds, Discipline his ship's morale (the book's Lt Edwards), each on a stacked
deck.
"""

from __future__ import annotations

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle, boarding
from strategy.combat.setup import setup

#: more than any test here overturns after the cards it names: no success against 2C...
_TAIL = ["2C", "3C", "4C", "5C", "6C", "2H", "3H", "4H", "5H", "6H"] * 3


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
    """Minerva boarding a Cutter (a story opening at Distance 0), Brodie at ``health``,
    throwing firebrands; no Discipline cards dealt."""
    bt = Battle(_boarder(guts), "Cutter", distance=0, dealer=ScriptedDealer([]))
    setup(bt, {})
    ship = bt.ships[0]
    ship.discipline = {}
    ship.reskill()
    ship.health["Brodie"] = health
    ship.orders.boarding = {"Brodie": "firebrands"}
    bt.dealer = ScriptedDealer(deck + _TAIL)
    return bt


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
