"""Skirmishes other than boarding (seed 000:1153-1199, "Naval Missions and Crew Actions: The
Skirmish Rules"): the book's retreat to the wood played card for card, the Discipline
cards, Ship Morale before and after, and the campaign's missions (skirmish.json) cell by
cell.
"""

from __future__ import annotations

import random

import pytest

from strategy.cards.dealer import Deck, ScriptedDealer
from strategy.combat.skirmish import (
    ENEMY_COMMAND,
    MISSIONS,
    Member,
    Task,
    allot,
    skirmish,
    task,
)
from strategy.errors import InvalidMove, UnknownName

# ----- the missions, cell by cell -------------------------------------------------------

#: (mission, task, weapon, range, skill, the foe's cards, the book's words): Tools of the
#: Navy's cards (Cutlass 4, Boarding Weapons 3, Bayonet 3, Pistol Point Blank 4, Musket
#: Normal 3) and Static Tests' (Routine 3, Challenging 5)
TASKS = [
    ("cutting_out", "board", "Cutlass", None, None, 3, "lead the boarders"),
    ("cutting_out", "quarterdeck", "Pistol", "Point Blank", None, 4, "take the quarterdeck"),
    ("cutting_out", "muffle_the_oars", None, None, "seamanship", 3, "oars muffled"),
    ("cutting_out", "cut_the_cable", None, None, "maritime", 5, "cut her cable"),
    ("cutting_out", "cover_the_boats", "Musket", "Normal", None, 3, "musketry"),
    ("landing_party", "storm", "Cutlass", None, None, 3, "storm the battery"),
    ("landing_party", "volley", "Musket", "Normal", None, 3, "fire on the defenders"),
    ("landing_party", "scout", None, None, "awareness", 3, "unseen"),
    ("landing_party", "spike_the_guns", None, None, "gunnery", 5, "spike the guns"),
    ("landing_party", "hold_the_beach", None, None, "soldiering", 3, "hold the beach"),
]


def test_the_missions_cell_by_cell() -> None:
    assert list(MISSIONS) == ["cutting_out", "landing_party"]
    for mid in MISSIONS:
        assert list(MISSIONS[mid].tasks) == [t[1] for t in TASKS if t[0] == mid]
    for mid, tid, weapon, rng, skill, foe, words in TASKS:
        t = task(mid, tid)
        assert (t.weapon, t.range, t.skill, t.foe) == (weapon, rng, skill, foe), tid
        assert t.fight is (weapon is not None) and words in t.book, tid
    assert task("cutting_out", "quarterdeck").pool == 4  # Pistol at Point Blank
    assert task("cutting_out", "board").pool == 4  # Cutlass
    assert task("cutting_out", "cut_the_cable").pool is None  # his skill's cards
    cut, land = MISSIONS["cutting_out"], MISSIONS["landing_party"]
    assert (cut.victory, cut.prize) == ("prize", "Brig Sloop")
    assert (land.victory, land.prize) == ("destroyed", None)
    assert ENEMY_COMMAND == 3  # "Skills of 2-3 reflect an average ability"
    with pytest.raises(UnknownName, match="no task 'dance'"):
        task("cutting_out", "dance")
    with pytest.raises(UnknownName, match="no skirmish 'raid'"):
        task("raid", "board")


# ----- the book's Example -------------------------------------------------------------

#: The Lieutenant's pistol and the Bosun's Mate's against the pursuing French (their muskets
#: at Normal range, 3 cards each side), the Midshipman's musket (the book's "misses with the
#: rifle": he was given a musket), the poacher's Skullduggery against a Routine path
PISTOL = Task("pistol", "fire his pistol", 3, weapon="Pistol", range="Normal")
MUSKET = Task("musket", "fire a musket", 3, weapon="Musket", range="Normal")
PATH = Task("path", "find them a safe passage through the bushes", 3, skill="skullduggery")
LIEUTENANT = Member("Lieutenant", {"command": 4}, discipline=6)
OTHERS = [
    Member("Bosun's Mate", {}, discipline=2),
    Member("Midshipman", {}, discipline=2),
    Member("Rating", {"skullduggery": 2}, discipline=2),
]
TASKS_OF_THE_EXAMPLE = {
    "Lieutenant": PISTOL,
    "Bosun's Mate": PISTOL,
    "Midshipman": MUSKET,
    "Rating": PATH,
}
# each test: the Card of Fate and the French cards (the GM's deck), the British cards
GM = "4S 7D 8C 10H  7C 2S 3D 4D  9H 8H 2D 3S  QS 5D 6D 7H  JD KD 2H 3C"
PCS = "9S 2C 3D  KC 2H 3H 5D 6D  2C 3C 4S 5S 6C  QD 2H 3H 4C  2S 3S 4S 5C 6C 7C"


def test_the_books_example_the_retreat_to_the_wood() -> None:
    """000:1177-1197: "The Lieutenant allocates 2 cards to each player from his Discipline
    of 6"; "The Lieutenant and the Bosun's Mate both hit their targets without sustaining
    injury ... The rating finds a good path ... the Midshipman misses ... becoming Injured";
    "With three successes and one failure, he gains +2 cards ... however he fails!"; "If
    you lose a skirmish your Ship Morale is damaged by one level"."""
    cards = {"Bosun's Mate": 2, "Midshipman": 2, "Rating": 2}
    gm, pcs = ScriptedDealer(GM), ScriptedDealer(PCS)
    out = skirmish(gm, pcs, LIEUTENANT, OTHERS, TASKS_OF_THE_EXAMPLE, cards)
    assert gm.left == 0 and pcs.left == 0  # every card the example needs, no more
    assert out["cards"] == cards
    acts = {a["name"]: a for a in out["actions"]}
    assert [acts[n]["test"]["a_pool"] for n in TASKS_OF_THE_EXAMPLE] == [3, 5, 5, 4]
    assert [acts[n]["won"] for n in TASKS_OF_THE_EXAMPLE] == [True, True, False, True]
    assert out["health"] == {"Midshipman": "injured"}  # a stray French shot
    assert (out["won"], out["lost"]) == (3, 1)
    # Command 4, +3 -1: "he gains +2 cards"; against the French commander's 3
    assert (out["command"]["a_pool"], out["command"]["b_pool"]) == (6, 3)
    assert out["victory"] is False
    assert out["morale"] == {"before": "healthy", "after": "injured"}


def test_a_won_skirmish_keeps_the_morale_and_an_injured_morale_costs_a_card() -> None:
    """ "If your Ship Morale is INJURED, you will suffer a -1 card modifier to your test at
    the end of the skirmish"; only a lost skirmish damages it."""
    gm = ScriptedDealer("4S 2D 3D 5D  JD 2H 3C 4C")
    pcs = ScriptedDealer("4H 2C 3C  JC 2S 3S 4S")
    out = skirmish(gm, pcs, LIEUTENANT, [], {"Lieutenant": PISTOL}, {}, morale="injured")
    assert out["command"]["a_pool"] == 4 + 1 - 1  # Command, one won, INJURED
    assert out["victory"] is True
    assert out["morale"] == {"before": "injured", "after": "injured"}


def test_a_maimed_crew_needs_a_discipline_test_to_act() -> None:
    """ "If your Ship Morale is MAIMED, you will have to make a successful Discipline Test
    against a single Card of Fate to act, and then your action will suffer a -3 modifier"."""
    refused = skirmish(
        ScriptedDealer("4S"),
        ScriptedDealer("2C 3C 5D 6D 7D 8D"),
        LIEUTENANT,
        [],
        {"Lieutenant": PISTOL},
        {},
        morale="maimed",
    )
    assert refused["discipline"]["pool"] == 6 and not refused["discipline"]["passed"]
    assert (refused["acted"], refused["actions"], refused["victory"]) == (False, [], False)
    assert refused["morale"]["after"] == "maimed"  # nothing fought, nothing lost
    went = skirmish(
        ScriptedDealer("4S  4S 2D 3D 5D  JD 2H 3C 4C"),
        ScriptedDealer("4H 2C 3C 5D 6D 7D  4H 2C 3C  JC 2S"),
        LIEUTENANT,
        [],
        {"Lieutenant": PISTOL},
        {},
        morale="maimed",
    )
    assert went["discipline"]["passed"] and went["command"]["a_pool"] == 4 + 1 - 3
    assert went["morale"]["after"] == "maimed"  # won: not damaged


def test_the_discipline_cards_are_his_discipline_each_at_most_the_mans() -> None:
    caps = {"Bosun's Mate": 2, "Midshipman": 1}
    assert allot(3, caps, {"Bosun's Mate": 2, "Midshipman": 1}) == caps
    with pytest.raises(InvalidMove, match="at most 2 cards"):
        allot(2, {"a": 2, "b": 2}, {"a": 2, "b": 1})
    with pytest.raises(InvalidMove, match="0 to 1 cards"):
        allot(6, caps, {"Midshipman": 2})
    with pytest.raises(InvalidMove, match="not one of the others"):
        allot(6, caps, {"Lieutenant": 1})  # not to himself: "to the other characters"


def test_every_character_has_one_action() -> None:
    with pytest.raises(InvalidMove, match="one action"):
        skirmish(ScriptedDealer(""), ScriptedDealer(""), LIEUTENANT, OTHERS, {}, {})


def test_a_maimed_officer_acts_only_after_his_guts_test() -> None:
    """Damage States: Maimed, a Guts test against a single Card of Fate to act, then -3; a
    man who does not act neither wins nor loses his test."""
    maimed = Member("Midshipman", {}, discipline=2, guts=1, health=2)
    out = skirmish(
        ScriptedDealer("4S 2D 3D 5D  9H  JD 2H 3C 4C"),
        ScriptedDealer("4H 2C 3C  2C  JC 2S 3S 4S 5S"),
        LIEUTENANT,
        [maimed],
        {"Lieutenant": PISTOL, "Midshipman": MUSKET},
        {},
    )
    assert out["actions"][1]["guts"]["passed"] is False and "test" not in out["actions"][1]
    assert (out["won"], out["lost"]) == (1, 0)


def test_same_seed_same_skirmish() -> None:
    def once() -> dict:
        rng = random.Random(7)
        return skirmish(
            Deck.gm(rng), Deck.player(rng), LIEUTENANT, OTHERS, TASKS_OF_THE_EXAMPLE, {}
        )

    assert once() == once()
