"""Boarding as a skirmish: who boards, the Command test each round, surrender, taking the
ship, turning the tide, attacking the officers."""

from __future__ import annotations

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle
from strategy.combat.damage import CREW, wound

WIN_A = ["2H", "3H", "4C", "5C", "7C", "8C", "9C"]  # CoF; a's 3 cards win; b's 3 fail
WIN_B = ["2H", "3C", "4C", "5C", "7H", "8C", "9C"]
HOLD = {"move": "hold"}


def test_the_positioning_winner_who_closes_to_distance_zero_is_the_boarder() -> None:
    """The Condor wins a Positioning test with a critical success from Distance 2 to 0."""
    deck = [
        "7D",
        "2C",
        "3C",
        "4C",
        "5C",
        "6C",
        "8C",  # London 6 cards: nothing
        "7C",
        "2S",
        "3S",
        "4S",
        "5S",  # Condor 5 cards: 7C critical
        *WIN_A,
    ]  # the Command test (the boarder draws first): Condor wins
    b = Battle(
        "Fifth Rate",
        {"type": "Brig Sloop", "name": "Condor"},
        distance=2,
        dealer=ScriptedDealer(deck),
    )
    ev = b.step(
        {
            "a": HOLD,
            "b": {"move": "board", "surrender": False},
            "a0": {"move": "hold", "surrender": False},
        }
    )
    start = next(e for e in ev if e["type"] == "boarding")
    assert (start["attacker"], start["defender"]) == ("b0", "a0")
    assert b.distance(b.ship("a0"), b.ship("b0")) == 0
    assert not any(e["type"] == "broadside" for e in ev)
    assert b.ship("a0").damage.crossed[CREW] == [1, 0, 0]


def test_the_loser_of_the_command_test_may_surrender_and_is_taken() -> None:
    b = Battle("Fifth Rate", "Fifth Rate", distance=0, dealer=ScriptedDealer(WIN_A))
    b.step({"a": HOLD, "b": {"move": "hold", "surrender": True}})
    assert b.over and b.outcome["taken"] == ["b0"] and b.outcome["winner"] == "a"


def test_a_boarded_crew_beaten_to_death_means_the_ship_is_taken() -> None:
    deck = [
        "2H",
        "3H",
        "4C",
        "5C",  # Crew Maimed: the Command test to act passes
        "2H",
        "3H",
        "4C",
        "5C",
    ]  # Command: 3 cards against none (3 - 3 for Crew Maimed)
    b = Battle("Fifth Rate", "Cutter", distance=0, dealer=ScriptedDealer(deck))
    b.ship("b0").damage.hit(CREW, 1)
    b.ship("b0").damage.hit(CREW, 2)
    b.step({"a": HOLD, "b": {"move": "hold", "surrender": False}})
    assert b.ship("b0").status == "taken" and b.outcome["how"] == "a_wins"


def test_the_boarders_crew_dying_decimates_their_own_ship() -> None:
    b = Battle(
        "Cutter",
        "Fifth Rate",
        distance=0,
        dealer=ScriptedDealer(["2H", "3H", "4C", "5C", "2H", "3H", "4C", "5C"]),
    )
    b.ship("a0").damage.hit(CREW, 1)
    b.ship("a0").damage.hit(CREW, 2)
    b.step({"a": {"move": "hold", "surrender": False}, "b": HOLD})
    assert b.ship("a0").status == "decimated" and b.outcome["winner"] == "b"


def test_fighting_on_crosses_a_crew_box_each_lost_round() -> None:
    b = Battle("Fifth Rate", "Fifth Rate", distance=0, dealer=ScriptedDealer(WIN_A * 3))
    for _ in range(3):
        b.step({"a": HOLD, "b": {"move": "hold", "surrender": False}})
    assert b.ship("b0").damage.crossed[CREW] == [3, 0, 0] and not b.over
    assert [e["type"] for e in b.events].count("boarding") == 1


def test_turning_the_tide() -> None:
    b = Battle("Fifth Rate", "Fifth Rate", distance=0, dealer=ScriptedDealer(WIN_B))
    ev = b.step(
        {"a": {"move": "hold", "surrender": False}, "b": {"move": "hold", "turn_tide": True}}
    )
    assert any(e["type"] == "tide_turned" for e in ev)
    board = b.ship("a0").boarding
    assert board.attacker.id == "b0" and board.defender.id == "a0"


def test_no_tide_turns_without_the_drive() -> None:
    b = Battle("Fifth Rate", "Fifth Rate", distance=0, dealer=ScriptedDealer(WIN_B))
    b.step({"a": {"move": "hold", "surrender": False}, "b": HOLD})
    assert b.ship("a0").boarding.attacker.id == "a0"


def test_attacking_the_enemy_captain_costs_his_ship_two_command_cards() -> None:
    jack = {
        "type": "Fifth Rate",
        "officers": [{"name": "Jack", "role": "officer", "discipline": 0, "weapon": "Cutlass"}],
    }
    deck = [
        # round 1: Jack fights his way aft (wins, no damage to the enemy crew)
        "2H",
        "3H",
        "4C",
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",
        "2H",
        "3H",
        "4C",
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",  # Command: 3 + 1 won against 3
        # round 2: Jack against the captain: a perfect success kills him
        "2H",
        "2H",
        "4C",
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",
        "10C",
        "2H",
        "3H",
        "4C",
        "5C",
        "6C",
        "7C",  # Command: 4 cards against 3 - 2 (captain lost)
    ]
    b = Battle(jack, "Fifth Rate", distance=0, dealer=ScriptedDealer(deck))
    orders = {
        "a": {"move": "hold", "boarding": {"Jack": "captain"}},
        "b": {"move": "hold", "surrender": False},
    }
    ev = b.step(orders)
    foe = b.ship("b0")
    assert any(e["type"] == "approach" for e in ev) and foe.damage.crossed[CREW] == [1, 0, 0]
    ev = b.step(orders)
    assert foe.lost == {"captain"} and foe.npc_health["captain"] == 3
    cmd = [e for e in ev if e["type"] == "test" and e["what"] == "boarding command"][-1]
    assert [s["pool"] for s in cmd["sides"]] == [4, 1]
    assert foe.damage.crossed[CREW] == [2, 0, 0]


def test_a_persons_health_follows_the_damage_states() -> None:
    assert [wound(0, lv) for lv in (1, 2, 3)] == [1, 2, 3]
    assert [wound(1, lv) for lv in (1, 2, 3)] == [2, 3, 3]
    assert [wound(2, lv) for lv in (1, 2, 3)] == [3, 3, 3]
