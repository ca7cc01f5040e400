"""The Briny result of a battle fought on the map (seed 001's Battle Result Table
Interpretations read for a BtQ battle's ending), cell by cell, and the fate of a ship read
from the combat engine's outcome (docs/rules-notes.md, "Briny result of a fight")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.campaign.map_results import (
    MAP_FATES,
    OFF_THE_CHART,
    map_battle_reading,
    map_battle_result,
    rolled_reading,
    ship_fate,
)
from strategy.campaign.tables import ORDERS, interpretation
from strategy.combat import Battle, battle
from strategy.errors import InvalidMove, UnknownName
from tests.test_combat_book import hermes_against_the_corsair

# The book's Interpretations (seed 001, CAMPAIGN OUTCOME), copied: order -> result -> words.
BOOK = {
    "B": {
        6: "Ship sunk by storm or enemy action.",
        5: "Ship dismasted.",
        4: "Inconclusive.",
        3: "Inconclusive.",
        2: "Blockade successful, enemy ship can't get through.",
        1: "Blockade successful, enemy ship captured.",
    },
    "I": {
        6: "Own ship captured.",
        5: "Own ship sunk.",
        4: "Pyrrhic victory.",
        3: "Inconclusive.",
        2: "Enemy ship sunk.",
        1: "Enemy ship captured.",
    },
    "C": {
        6: "Attack fails, own ship sunk by red-hot shot.",
        5: "Attack fails abysmally, own ship disabled.",
        4: "Inconclusive.",
        3: "Inconclusive.",
        2: "Enemy ship sunk at quay.",
        1: "Enemy ship captured.",
    },
    "F": {
        6: "Crushing defeat, ship shot to pieces.",
        5: "Defeat, ship sunk.",
        4: "Inconclusive.",
        3: "Inconclusive.",
        2: "Victory, enemy ship sunk.",
        1: "Brilliant victory, enemy ship captured.",
    },
}
BOOKS = "book"  # the cell's wording is the book's Interpretation of its result and order

# fmt: off
# fate -> order -> (result, wording): BOOKS, or Admiralty's own words where the book's
# contradict what happened to her
TABLE: dict[str, dict[str, tuple[int, str]]] = {
    "enemy_captured": {"B": (1, BOOKS), "I": (1, BOOKS), "C": (1, BOOKS), "F": (1, BOOKS)},
    "enemy_sunk": {"B": (2, BOOKS), "I": (2, BOOKS), "C": (2, "Enemy ship sunk."),
                   "F": (2, BOOKS)},
    "enemy_escaped": {"B": (3, BOOKS), "I": (3, BOOKS), "C": (3, BOOKS), "F": (3, BOOKS)},
    "disengaged": {"B": (3, BOOKS), "I": (3, BOOKS), "C": (3, BOOKS), "F": (3, BOOKS)},
    "escaped": {"B": (4, BOOKS), "I": (4, "Own ship broke off and escaped."),
                "C": (4, BOOKS), "F": (4, BOOKS)},
    "decimated": {
        "B": (6, "Crew decimated, ship can no longer fight or sail."),
        "I": (6, "Own crew decimated, ship can no longer fight or sail."),
        "C": (6, "Attack fails, own crew decimated, ship can no longer fight or sail."),
        "F": (6, "Crushing defeat, crew decimated, ship can no longer fight or sail."),
    },
    "struck": {
        "B": (6, "Own ship struck her colours and is captured."),
        "I": (6, BOOKS),
        "C": (6, "Attack fails, own ship struck her colours and is captured."),
        "F": (6, "Crushing defeat, ship struck her colours and is captured."),
    },
    "taken": {
        "B": (6, "Own ship boarded and captured."),
        "I": (6, BOOKS),
        "C": (6, "Attack fails, own ship boarded and captured."),
        "F": (6, "Crushing defeat, ship boarded and captured."),
    },
    "sunk": {"B": (6, BOOKS), "I": (5, BOOKS), "C": (6, "Attack fails, own ship sunk."),
             "F": (5, BOOKS)},
}
# fmt: on
CELLS = [(f, o) for f, row in TABLE.items() for o in row]


def test_every_fate_and_order_has_a_cell() -> None:
    assert set(TABLE) == set(MAP_FATES) and len(MAP_FATES) == 9
    assert all(set(row) == {"B", "I", "C", "F"} for row in TABLE.values())


@pytest.mark.parametrize("fate, order", CELLS)
def test_map_battle_table_cell_by_cell(fate: str, order: str) -> None:
    result, words = TABLE[fate][order]
    reading = map_battle_reading(fate, order)
    if words == BOOKS:
        assert reading.book and reading.wording == BOOK[order][result]
    else:
        assert not reading.book and reading.wording == words != BOOK[order][result]
    assert map_battle_result(fate, order) == (result, reading.wording)


@pytest.mark.parametrize(
    "fate, order, words",
    [
        # the readings issue 12 found wrong, now read as what happened
        ("sunk", "B", "Ship sunk by storm or enemy action."),
        ("sunk", "C", "Attack fails, own ship sunk."),
        ("struck", "C", "Attack fails, own ship struck her colours and is captured."),
        ("escaped", "I", "Own ship broke off and escaped."),
    ],
)
def test_the_wording_says_what_happened(fate: str, order: str, words: str) -> None:
    assert map_battle_result(fate, order)[1] == words
    assert "dismasted" not in words and "red-hot" not in words and "victory" not in words


def test_a_bad_fate_or_order_is_named() -> None:
    with pytest.raises(UnknownName, match="fate: 'won'"):
        map_battle_result("won", "B")
    with pytest.raises(InvalidMove, match="order: 'X'"):
        map_battle_result("sunk", "X")


def _outcome(how: str, own: str, *enemy: str, mates: tuple[str, ...] = ()) -> dict[str, Any]:
    ships = {"a0": {"side": "a", "status": own}}
    ships.update({f"a{i + 1}": {"side": "a", "status": s} for i, s in enumerate(mates)})
    ships.update({f"b{i}": {"side": "b", "status": s} for i, s in enumerate(enemy)})
    return {"winner": None, "how": how, "rounds": 3, "ships": ships}


@pytest.mark.parametrize(
    "outcome, fate",
    [
        (_outcome("a_wins", "active", "taken"), "enemy_captured"),
        (_outcome("a_wins", "active", "struck"), "enemy_captured"),
        (_outcome("a_wins", "active", "decimated"), "enemy_captured"),  # BtQ's Corsair
        (_outcome("a_wins", "active", "sunk", "struck"), "enemy_captured"),
        (_outcome("a_wins", "active", "sunk"), "enemy_sunk"),
        (_outcome("escaped", "active", "struck", "escaped"), "enemy_captured"),
        (_outcome("escaped", "active", "sunk", "escaped"), "enemy_sunk"),
        (_outcome("escaped", "active", "escaped"), "enemy_escaped"),
        (_outcome("disengaged", "active", "active"), "disengaged"),
        (_outcome("disengaged", "active", "struck", "active"), "enemy_captured"),
        (_outcome("escaped", "escaped", "active"), "escaped"),
        (_outcome("b_wins", "sunk", "active"), "sunk"),
        (_outcome("a_wins", "sunk", "sunk", mates=("active",)), "sunk"),
        (_outcome("b_wins", "struck", "active"), "struck"),
        (_outcome("b_wins", "taken", "active"), "taken"),
        (_outcome("b_wins", "decimated", "active"), "decimated"),
        (_outcome("disengaged", "decimated", "decimated"), "decimated"),
        (
            {"how": "escaped", "winner": None, "rounds": 0, "chase": True, "ships": {}},
            "enemy_escaped",
        ),
    ],
)
def test_ship_fate_from_outcomes(outcome: dict[str, Any], fate: str) -> None:
    assert ship_fate(outcome, "a0") == fate


def test_ship_fate_refuses_what_is_not_an_outcome() -> None:
    with pytest.raises(InvalidMove, match="outcome.how"):
        ship_fate({"how": "won", "ships": {}}, "a0")
    with pytest.raises(UnknownName, match="ship_id: no ship 'a7'"):
        ship_fate(_outcome("a_wins", "active", "sunk"), "a7")
    with pytest.raises(InvalidMove, match="ships.a0.status"):
        ship_fate(_outcome("a_wins", "afloat", "sunk"), "a0")


def test_hermes_victory_over_the_corsair_is_a_blockade_successful() -> None:
    """BtQ's example: the Corsair, "smuggling contraband to the enemy through a blockade",
    is decimated ("can no longer fight or sail") and strikes his colours: the Hermes'
    prize."""
    b = hermes_against_the_corsair()
    assert b.outcome is not None
    fate = ship_fate(b.outcome, "a0", b.events)
    assert fate == "enemy_captured"
    assert map_battle_result(fate, "B") == (1, "Blockade successful, enemy ship captured.")
    assert map_battle_result(fate, "I") == (1, "Enemy ship captured.")
    assert ship_fate(b.outcome, "b0", b.events) == "struck"


def test_a_ship_that_struck_and_her_victor() -> None:
    b = Battle("Fifth Rate", "Fifth Rate", seed=3)
    b.step({"b0": {"strike": True}})
    assert b.over and b.outcome is not None and b.outcome["struck"] == ["b0"]
    assert ship_fate(b.outcome, "a0", b.events) == "enemy_captured"
    assert map_battle_result(ship_fate(b.outcome, "b0"), "C")[1] == (
        "Attack fails, own ship struck her colours and is captured."
    )


# Engine battles (1 against 1, 30 rounds at most) that end each way for the British ship
# a0: (policies a, b), seed -> the engine's status of a0 and b0, and a0's fate.
ENGINE = [
    (("aggressive", "aggressive"), 5, "active", "taken", "enemy_captured"),
    (("aggressive", "aggressive"), 17, "active", "sunk", "enemy_sunk"),
    (("aggressive", "aggressive"), 2, "active", "active", "disengaged"),
    # her crew Dead, she strikes as BtQ's Corsair does
    (("aggressive", "aggressive"), 0, "struck", "active", "struck"),
    (("aggressive", "aggressive"), 4, "struck", "active", "struck"),
    (("aggressive", "boarder"), 4, "taken", "active", "taken"),
    (("aggressive", "cautious"), 54, "sunk", "active", "sunk"),
    (("runner", "aggressive"), 10, "escaped", "active", "escaped"),
    # the engine marks a0 "escaped" when the cautious enemy runs from her: she held the field
    (("aggressive", "cautious"), 10, "escaped", "active", "enemy_escaped"),
]


@pytest.mark.parametrize("policies, seed, own, enemy, fate", ENGINE)
def test_ship_fate_from_engine_battles(
    policies: tuple[str, str], seed: int, own: str, enemy: str, fate: str
) -> None:
    pa, pb = policies
    run = battle("Fifth Rate", "Fifth Rate", seed=seed, policies={"a": pa, "b": pb}, max_rounds=30)
    outcome = run["outcome"]
    assert (outcome["ships"]["a0"]["status"], outcome["ships"]["b0"]["status"]) == (own, enemy)
    assert ship_fate(outcome, "a0", run["events"]) == fate


def test_who_ran_is_read_from_the_events() -> None:
    run = battle("Fifth Rate", "Fifth Rate", seed=10, policies={"a": "aggressive", "b": "cautious"})
    assert run["outcome"]["ships"]["a0"]["status"] == "escaped"
    assert ship_fate(run["outcome"], "a0") == "escaped"  # without the log: the engine's word
    assert ship_fate(run["outcome"], "a0", run["events"]) == "enemy_escaped"
    assert map_battle_result("enemy_escaped", "I") == (3, "Inconclusive.")


POLICY = st.sampled_from(["aggressive", "cautious", "runner", "boarder"])
SHIPS = st.lists(st.sampled_from(["Fifth Rate", "Brig Sloop", "Cutter"]), min_size=1, max_size=2)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1), POLICY, POLICY, SHIPS, SHIPS)
def test_every_ship_of_a_battle_has_one_fate_its_outcome_allows(
    seed: int, pa: str, pb: str, side_a: list[str], side_b: list[str]
) -> None:
    run = battle(side_a, side_b, seed=seed, policies={"a": pa, "b": pb}, max_rounds=20)
    outcome = run["outcome"]
    for sid, ship in outcome["ships"].items():
        fate = ship_fate(outcome, sid, run["events"])
        assert fate in MAP_FATES
        if ship["status"] in ("sunk", "struck", "taken", "decimated"):
            assert fate == ship["status"]
        won = outcome["winner"] == ship["side"]
        if won and ship["status"] == "active":
            assert fate in ("enemy_captured", "enemy_sunk")
        if outcome["winner"] not in (None, ship["side"]):  # her side lost: she is out
            assert fate in ("sunk", "struck", "taken", "decimated", "escaped")
        for order in "BICF":
            result, words = map_battle_result(fate, order)
            assert 1 <= result <= 6 and words


def test_a_rolled_reading_is_never_the_words_of_a_fight() -> None:
    """docs/rules-notes.md, "A result rolled off the chart": a result rolled on the Battle
    Result Table, not fought on the map, is the book's Interpretation as an action off the
    chart, for every order and result; no fight's words on the map open so."""
    assert rolled_reading("B", 1) == "Off the chart: Blockade successful, enemy ship captured."
    assert rolled_reading("C", 6) == "Off the chart: Attack fails, own ship sunk by red-hot shot."
    assert rolled_reading("I", 4) == "Off the chart: Pyrrhic victory."
    assert rolled_reading("F", 3) == "Off the chart: Inconclusive."
    fought = {map_battle_result(fate, order)[1] for fate in MAP_FATES for order in ORDERS}
    assert not any(words.startswith(OFF_THE_CHART) for words in fought)
    for order in ORDERS:
        for result in range(1, 7):
            words = rolled_reading(order, result)
            assert words == OFF_THE_CHART + interpretation(order, result)
            assert words not in fought
    with pytest.raises(InvalidMove):
        rolled_reading("X", 1)
