"""A ship's crew from BtQ's Essential Crew Members (seed 000:437-547; issue 31): the
positions and their key skills, the competence table cell by cell against the book's
lines, the Hermes' crew as the book draws it, and the crew's skills in battle taken from
the men whose post the work is, in place of the flat 3 every crew had before."""

from __future__ import annotations

import random

import pytest

from server.game import ActionError, engagements, odds_for, rules
from server.game.state import initial_state
from strategy.cards.core import DECK, JOKER, NAMES, card
from strategy.cards.dealer import ScriptedDealer
from strategy.combat import combatant
from strategy.combat.combatant import DEFAULT_SKILL, SKILLS
from strategy.combat.crew import (
    COMPETENCE,
    CREW_POSTS,
    ESSENTIAL_CREW,
    POSITIONS,
    competence,
    crew_skills,
    draw_crew,
    ship_crew,
)
from strategy.errors import InvalidMove
from tests.server_helpers import map_force, map_ship

FAVOURABLE = "Favourably inclined towards PCs"
EXCEPTIONAL = "Exceptional feature (heroic, well connected, decorated in battle)"
DISINCLINED = "Disinclined towards the PCs"
DETRIMENTAL = "Detrimental feature (cowardly, traitor, drunk, bully)"

#: seed 000:479-545, the table's lines: card, competence (key skill), detail
BOOK_TABLE = [
    ("Diamonds", "Number", "Moderate", 4, FAVOURABLE),
    ("Diamonds", "Face", "Incompetent", 2, FAVOURABLE),
    ("Diamonds", "Ace", "Exceptional", 6, FAVOURABLE),
    ("Hearts", "Number", "Moderate", 4, EXCEPTIONAL),
    ("Hearts", "Face", "Incompetent", 2, EXCEPTIONAL),
    ("Hearts", "Ace", "Exceptional", 6, EXCEPTIONAL),
    # (the extraction set the Clubs Number's detail after the Hearts Ace: the example's 3C
    # and 7C are "Disinclined towards the PCs"; docs/rules-notes.md)
    ("Clubs", "Number", "Moderate", 4, DISINCLINED),
    ("Clubs", "Face", "Incompetent", 2, DISINCLINED),
    ("Clubs", "Ace", "Exceptional", 6, DISINCLINED),
    ("Spades", "Number", "Moderate", 4, DETRIMENTAL),
    ("Spades", "Face", "Incompetent", 2, DETRIMENTAL),
    ("Spades", "Ace", "Exceptional", 6, DETRIMENTAL),
]


def test_the_competence_table_cell_by_cell() -> None:
    assert len(COMPETENCE) == len(BOOK_TABLE) == 12
    for suit, kind, name, key, detail in BOOK_TABLE:
        row = COMPETENCE[(suit, kind)]
        assert (row.name, row.key_skill, row.detail) == (name, key, detail), (suit, kind)
    suits = {"D": "Diamonds", "H": "Hearts", "C": "Clubs", "S": "Spades"}
    for c in DECK:  # every card reads its row: 2-10 a Number, J, Q, K a Face, A the Ace
        rank, suit = NAMES[c][:-1], suits[NAMES[c][-1]]
        kind = "Ace" if rank == "A" else "Face" if rank in ("J", "Q", "K") else "Number"
        assert competence(c) == COMPETENCE[(suit, kind)], NAMES[c]
    # Joker: "Any result / Any result": the best, as an NPC's joker in a test
    assert (competence(JOKER).name, competence(JOKER).key_skill) == ("Exceptional", 6)
    assert competence(card("10H")).key_skill == 4 and competence(card("JH")).key_skill == 2


def test_the_positions_and_their_key_skills_as_printed() -> None:
    assert [(p.name, p.at_least, p.key_skills) for p in POSITIONS] == [
        ("Lieutenant", 2, ("Command", "Seamanship", "Gunnery")),
        ("Midshipman", 2, ("Command", "Seamanship", "Courtesy")),
        ("Sailing Master", 1, ("Maritime", "Seamanship", "Scavenge")),
        ("Purser", 1, ("Purser", "Haggle", "Intrigue")),
        ("Surgeon", 1, ("First Aid", "The Arts", "Courtesy")),
        ("Marine", 1, ("Command", "Intimidate", "Scavenge")),
        ("Boatswain", 1, ("Profession (Sailmaker)", "Seamanship", "Maritime")),
        ("Gunner", 1, ("Awareness", "Gunnery", "Engineering")),
        ("Rating", 2, ("Skullduggery", "Scavenge", "Maritime")),
    ]
    assert len(ESSENTIAL_CREW) == 12
    assert dict(CREW_POSTS) == {
        "awareness": "Gunner",
        "command": "Lieutenant",
        "engineering": "Gunner",
        "first_aid": "Surgeon",
        "gunnery": "Gunner",
        "maritime": "Sailing Master",
        "seamanship": "Sailing Master",
        "soldiering": "Marine",
    }


def test_the_hermes_crew_as_the_book_draws_it() -> None:
    """000:551-555: "Purser Marine Sergeant Gunner Boatswain Seaman Seaman / 3C KH 8D 7C
    JD 3S / Key Skills-4, Disinclined towards the PCs; Key Skills -2, Well Connected in
    Port Royal; Key Skills -4, Favourably inclined towards the PCs; Key Skills -4,
    Disinclined towards the PCs; Key Skills -2, Favourably Inclined towards the PCs; Key
    Skills -4, Drunk"."""
    posts = ("Purser", "Marine", "Gunner", "Boatswain", "Rating", "Rating")
    hands = draw_crew(ScriptedDealer("3C KH 8D 7C JD 3S"), posts)
    assert [(h.position, h.card, h.key_skill, h.detail) for h in hands] == [
        ("Purser", "3C", 4, DISINCLINED),
        ("Marine", "KH", 2, EXCEPTIONAL),  # well connected in Port Royal
        ("Gunner", "8D", 4, FAVOURABLE),
        ("Boatswain", "7C", 4, DISINCLINED),
        ("Rating", "JD", 2, FAVOURABLE),
        ("Rating", "3S", 4, DETRIMENTAL),  # drunk
    ]
    skills = crew_skills(hands)
    # the Gunner's key skills; the Marine's Soldiering is no key skill: 2 - 2, at least 1
    assert dict(skills) == {"awareness": 4, "gunnery": 4, "engineering": 4, "soldiering": 1}
    with pytest.raises(InvalidMove, match="no essential position 'Cook'"):
        draw_crew(ScriptedDealer("2C"), ["Cook"])


def test_other_skills_at_two_cards_less_at_least_one() -> None:
    # an Exceptional Marine (AS) tests Soldiering with 4, a Moderate one (5S) with 2
    assert crew_skills(draw_crew(ScriptedDealer("AS"), ["Marine"]))["soldiering"] == 4
    assert crew_skills(draw_crew(ScriptedDealer("5S"), ["Marine"]))["soldiering"] == 2
    assert crew_skills(draw_crew(ScriptedDealer("QS"), ["Marine"]))["soldiering"] == 1


def test_each_skill_of_the_crew_is_its_posts_man() -> None:
    # the whole crew in the book's order: Lieutenants AD, 2C; Midshipmen; Sailing Master
    # KS; Purser; Surgeon 9H; Marine; Boatswain; Gunner AH; Ratings
    cards = "AD 2C 3C 4C KS 5C 9H 6C 7C AH 8C 9C"
    skills = crew_skills(draw_crew(ScriptedDealer(cards)))
    assert dict(skills) == {
        "awareness": 6,
        "command": 6,  # the first Lieutenant's
        "engineering": 6,
        "first_aid": 4,
        "gunnery": 6,
        "maritime": 2,
        "seamanship": 2,
        "soldiering": 2,  # the Marine's 6C: Moderate 4, no key skill
    }


def test_a_ship_crew_is_the_seeds_and_not_all_threes() -> None:
    crews = [dict(ship_crew(random.Random(seed))) for seed in range(40)]
    assert crews[7] == dict(ship_crew(random.Random(7)))
    assert all(set(c) == set(SKILLS) for c in crews)
    values = {v for c in crews for v in c.values()}
    assert values <= {1, 2, 4, 6} and {2, 4, 6} <= values
    assert DEFAULT_SKILL not in values  # the flat 3 is gone


def test_a_drawn_crew_replaces_the_default_under_printed_skills_and_traits() -> None:
    crew = dict.fromkeys(SKILLS, 2) | {"gunnery": 6}
    frigate = combatant({"type": "Fifth Rate", "crew": crew})
    assert frigate.skill("gunnery") == 6 and frigate.skill("seamanship") == 2
    assert combatant("Fifth Rate").skill("gunnery") == DEFAULT_SKILL  # none drawn: 3
    # a named ship's printed skills stand; the drawn crew fills what the book leaves out
    intrepid = combatant({"type": "Intrepid", "crew": crew})
    assert intrepid.skill("gunnery") == combatant("Intrepid").skill("gunnery")
    assert intrepid.skill("engineering") == 2
    # a trait's bonus is on top of the drawn crew's skill, and given skills are last
    wily = combatant({"type": "Cutter", "traits": ["Wily Sea Dogs"], "crew": crew})
    assert wily.skill("gunnery") == 7
    assert (
        combatant({"type": "Cutter", "crew": crew, "skills": {"Gunnery": 3}}).skill("gunnery") == 3
    )
    with pytest.raises(InvalidMove):
        combatant({"type": "Cutter", "crew": {"gunnery": -1}})


def _campaign(seed: int = 1) -> dict:
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": seed})
    work["forces"] = {
        "red": map_force("red", "Britain", [map_ship("FG", "Fifth Rate", "B")]),
        "fr": map_force("fr", "France", [map_ship("Alexandre", "Fifth Rate")]),
    }
    return work


def test_battles_on_the_map_fight_with_each_ships_drawn_crew() -> None:
    work = _campaign()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    fought = {s["name"]: s["skills"] for s in record["battle"]["a"] + record["battle"]["b"]}
    for ship in record["sides"]["a"] + record["sides"]["b"]:
        assert fought[ship["name"]] == rules.ship_crew(1, ship["code"])
    assert fought["Alexandre"] != dict.fromkeys(SKILLS, DEFAULT_SKILL)
    # the same men in her next fight: the seed and her code alone decide them
    again = engagements.open_engagement(_campaign(), "red", "fr", 9, random.Random(8))
    assert again["battle"]["b"][0]["skills"] == fought["Alexandre"]
    # another campaign, another crew (for some ship of a few)
    assert any(rules.ship_crew(2, code) != rules.ship_crew(1, code) for code in "ABCDE")


def test_the_odds_preview_fights_each_ship_with_her_drawn_crew() -> None:
    """An engagement's odds preview (server.game.odds_for) fights the engagement's own ships,
    each with the crew drawn for her as in the fight itself, in its weather: not the roster
    types' default crew of 3 (GET /api/odds's)."""
    work = _campaign()
    work["seats"] = {
        "gm": {"id": "gm", "role": "gm", "name": "GM", "squadron": None, "ship": None},
        "obs": {"id": "obs", "role": "observer", "name": "Press", "squadron": None, "ship": None},
    }
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    match = odds_for(work, work["seats"]["gm"], record["id"])
    ships = record["sides"]["a"] + record["sides"]["b"]
    previewed = match["a"] + match["b"]
    assert [s["name"] for s in previewed] == [s["name"] for s in ships]
    for ship, spec in zip(ships, previewed, strict=True):
        assert spec["skills"] == rules.ship_crew(1, ship["code"]), ship["code"]
    assert previewed[1]["skills"] != dict.fromkeys(SKILLS, DEFAULT_SKILL)
    assert match["weather"] == record["weather"]["name"]
    assert match["policies"] == {"a": "aggressive", "b": "cautious"}
    assert "seed" not in match  # the preview's battles are its own
    odds = rules.battle_odds(match["a"], match["b"], 20, 1, weather=match["weather"])
    assert odds["n"] == 20
    with pytest.raises(ActionError) as err:
        odds_for(work, work["seats"]["obs"], record["id"])
    assert err.value.code == "forbidden"
    with pytest.raises(ActionError) as err:
        odds_for(work, work["seats"]["gm"], "e99")
    assert err.value.code == "not_found"
