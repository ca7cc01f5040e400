"""The officers in the combat engine: How Will You Fight? as the book's choices, fire and
repairs led by a named officer, Overcoming Great Hardship with Measures, Ship Morale after
a defeat (seed 000, "Ship to Ship Combat", "Damage States", "Overcoming Great Hardship",
the Skirmish's "Five: Ship Morale"), each on a stacked deck.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_combat import officered
from strategy.campaign.fleet import default_officers
from strategy.cards.dealer import ScriptedDealer
from strategy.characters import roll_character
from strategy.combat import Battle, morale, phases
from strategy.combat.combatant import combatant
from strategy.combat.hwyf import CHOICES, PLAIN, choice
from strategy.combat.orders import give
from strategy.combat.setup import setup
from strategy.errors import InvalidMove, UnknownName
from tests.test_combat_book import CORSAIR, HERMES, hermes_against_the_corsair

# ----- How Will You Fight? ------------------------------------------------------------

#: the book's Step Five examples in the engine's skills, and the worked example's three
#: choices: (id, skill, difficulty or None, contested against or None, the book's words)
BOOK_CHOICES = [
    ("spot_sniper", "awareness", "Challenging", None, "spotting an enemy sniper"),
    ("spot_disengage", "awareness", "Routine", None, "attempt to disengage"),
    ("spot_boarders", "awareness", "Routine", None, "mustering to board"),
    ("rally_the_guns", "command", "Challenging", None, "Rally the men at their guns"),
    ("powder_monkeys", "command", "Easy", None, "the powder monkeys"),
    ("nonchalant", "command", "Routine", None, "nonchalant in the face of fire"),
    ("clear_debris", "engineering", "Routine", None, "damaged gun trolley"),
    ("brace_the_mast", "engineering", "Challenging", None, "brace to a damaged mast"),
    ("grenades", "engineering", "Damned Hard!", None, "ad hoc grenades"),
    ("aid_the_surgeon", "first_aid", "Routine", None, "surgeon in the cockpit"),
    ("tend_the_wounded", "first_aid", "Routine", None, "wounded men on the deck"),
    ("save_an_officer", "first_aid", "Challenging", None, "wounded officer"),
    ("fire_faster", "gunnery", "Routine", None, "fire faster"),
    ("change_the_shot", "gunnery", "Easy", None, "change of the shot"),
    ("improve_the_aim", "gunnery", "Routine", None, "targeting of the cannon"),
    ("fire_with_the_roll", "gunnery", "Routine", None, "This is a static test"),
    ("carronade", "gunnery", "Damned Hard!", None, "quarterdeck with a carronade"),
    ("loose_rigging", "maritime", "Easy", None, "loose rigging"),
    ("breach", "maritime", "Challenging", None, "breach in the hull"),
    ("fire_out", "maritime", "Challenging", None, "put out a fire"),
    ("put_about", "seamanship", "Challenging", None, "Put the ship about"),
    ("keep_station", "seamanship", "Routine", None, "maintain the position"),
    ("reefs", "seamanship", "Damned Hard!", None, "reefs and sandbanks"),
    ("prime_angle", "seamanship", None, "seamanship", "contested test between his Seamanship"),
    ("marines", "soldiering", "Routine", None, "marines against the enemy officers"),
]
#: "Static Tests": Difficulty Easy Routine Challenging Damned Hard! Heroic Effort; Card
#: Pool 1 3 5 7 9
STATIC = {"Easy": 1, "Routine": 3, "Challenging": 5, "Damned Hard!": 7, "Heroic Effort": 9}


def test_the_choices_row_by_row() -> None:
    assert list(CHOICES) == [row[0] for row in BOOK_CHOICES]
    for cid, skill, difficulty, against, words in BOOK_CHOICES:
        c = CHOICES[cid]
        assert (c.skill, c.difficulty, c.against) == (skill, difficulty, against), cid
        assert c.pool == (STATIC[difficulty] if difficulty else None), cid
        assert words in c.book, cid
        # "+1 to it's Broadside! test ... For every failed test ... -1"
        assert (c.success, c.failure) == (1, -1), cid


def test_a_skill_named_alone_is_the_plain_routine_choice() -> None:
    for skill, c in PLAIN.items():
        assert choice(skill) is c and (c.skill, c.difficulty, c.pool) == (skill, "Routine", 3)
    assert choice("First Aid") is PLAIN["first_aid"]
    with pytest.raises(UnknownName, match="hwyf: unknown choice 'cookery'"):
        choice("cookery")


def _ready(a: object, b: object, deck: list[str], orders: dict, distance: int = 1) -> Battle:
    """A battle set up at ``distance`` with the round's orders given, nothing drawn and
    no Discipline cards dealt."""
    bt = Battle(a, b, distance=distance, dealer=ScriptedDealer(deck))
    setup(bt, {})
    for s in bt.ships:
        # no Discipline cards unless a test gives them
        s.discipline = {}
        s.reskill()
    bt.round = 1
    give(bt, orders)
    return bt


def _tests(bt: Battle, what: str) -> list[dict]:
    return [e for e in bt.events if e["type"] == "test" and e["what"] == what]


def test_the_hermes_officers_fight_as_the_example_tells_it() -> None:
    """ "Master O'Toole will try to bring the ship's guns to bear at the prime angle ...
    a contested test between his Seamanship(5) and that of the Captain (3). He succeeds
    ... The Gunner ... This is a static test ... which he fails! The Midshipman wants to
    administer First Aid ... He also fails. This means that the Broadside will have a -1
    modifier"."""
    deck = [
        *["2H", "3H", "4C", "5C", "6C", "7C", "10C", "JC", "QC"],  # O'Toole 5 v Corsair 3
        *["2H", "3C", "4C", "5C", "6C", "7C", "4H", "JC", "QC"],  # Bosworth 4+1 v Routine
        *["2H", "3C", "4C", "5C", "6C", "4H", "JC", "QC"],  # Smith 2+2 v Routine
    ]
    hwyf = {"O'Toole": "prime_angle", "Bosworth": "fire_with_the_roll", "Smith": "tend_the_wounded"}
    bt = _ready(HERMES, CORSAIR, deck, {"a0": {"hwyf": hwyf}, "b0": {"move": "hold"}})
    hermes, corsair = bt.ships
    hermes.discipline = {"Smith": 2, "Bosworth": 1}
    hermes.reskill()
    assert phases.hwyf(bt, hermes, corsair) == -1
    otoole, bosworth, smith = _tests(bt, "how will you fight")
    assert otoole["officer"] == "O'Toole" and otoole["winner"] == "O'Toole"
    assert otoole["choice"] == "prime_angle" and otoole["against"] == "b0"
    assert [(s["who"], s["pool"]) for s in otoole["sides"]] == [("O'Toole", 5), ("b0", 3)]
    assert bosworth["difficulty"] == "Routine" and bosworth["winner"] == "difficulty"
    assert [s["pool"] for s in bosworth["sides"]] == [5, 3]
    assert (smith["skill"], smith["winner"], smith["sides"][0]["pool"]) == (
        "first_aid",
        "difficulty",
        4,
    )


def test_the_whole_hermes_battle_with_the_examples_choices() -> None:
    """The three rounds of the book fight the same with the example's own choices (the
    Corsair's Seamanship 3 is the Routine pool's 3 cards from the GM's deck)."""
    bt = hermes_against_the_corsair()
    assert bt.outcome is not None and bt.outcome["winner"] == "a"


def test_a_harder_choice_faces_more_cards_and_needs_no_foe() -> None:
    deck = [
        *["2H", "3C", "4C", "5C", "6C", "7C", "4H", "5D", "6D", "7D", "8D"],  # 5 v Challenging 5
        *["2H", "3C", "4C", "5C", "6C", "4H", "5D", "6D", "7D", "8D", "9D", "10D"],  # 4 v 7
        *["2H", "3H", "4C", "5C", "9C"],  # Smith's Maritime 3 against Easy's one card
    ]
    hwyf = {"O'Toole": "put_about", "Bosworth": "carronade", "Smith": "loose_rigging"}
    bt = _ready(HERMES, CORSAIR, deck, {"a0": {"hwyf": hwyf}, "b0": {"move": "hold"}})
    # a choice contested against no foe in range is Routine; these are static
    assert phases.hwyf(bt, bt.ships[0], None) == -1 - 1 + 1
    got = _tests(bt, "how will you fight")
    assert [(e["choice"], e["difficulty"], e["sides"][1]["pool"]) for e in got] == [
        ("put_about", "Challenging", 5),
        ("carronade", "Damned Hard!", 7),
        ("loose_rigging", "Easy", 1),
    ]
    assert bt.dealer.left == 0


def test_an_unknown_choice_is_one_clear_error() -> None:
    bt = Battle(HERMES, CORSAIR, distance=3)
    with pytest.raises(UnknownName, match="hwyf: unknown choice 'cookery'"):
        bt.step({"a0": {"hwyf": {"Smith": "cookery"}}})


# ----- fire and repairs led by a named officer ---------------------------------------


def test_a_named_officer_fights_the_fire_while_the_crew_repairs() -> None:
    """ "To extinguish a fire, a character must make a successful Maritime, Soldiering or
    Engineering test ... they may not take part in any other Repair test or in the 'How
    Will You Fight' phase"."""
    orders = {"move": "hold", "fire_by": "Smith", "repair": "rigging"}
    bt = _ready(HERMES, CORSAIR, [], {"a0": orders, "b0": {"move": "hold"}}, distance=4)
    hermes = bt.ships[0]
    hermes.discipline = {"Smith": 2}
    hermes.reskill()
    hermes.fire = 1
    bt.dealer = ScriptedDealer(
        [
            "2C",  # the fire burns: one Injured box to the Rigging
            *["7S", "9S", "4H", "3H", "2H", "6D"],  # Smith, Maritime 3 + 2: 9S, a success
            # the crew on the Rigging, with the master's Seamanship 5 (the ship's pool)
            *["10H", "2C", "3C", "4C", "5C", "6C"],
        ]
    )
    phases.repair(bt)
    ext = _tests(bt, "extinguish")[0]
    assert ext["officer"] == "Smith" and ext["pool"] == 3 + 2 and ext["result"] == "ordinary"
    fire = next(e for e in bt.events if e["type"] == "fire")
    assert fire["officer"] == "Smith" and fire["after"] == 0
    rep = _tests(bt, "repair")[0]
    assert "officer" not in rep and rep["pool"] == 5 and rep["area"] == "rigging"
    assert bt.dealer.left == 0
    # fighting the fire, he makes no How Will You Fight? test
    hermes.fire = 1
    bt.dealer = ScriptedDealer(
        [
            *["2H", "3C", "4C", "5C", "6C", "7C", "4H", "5D", "6D"],
            *["2H", "3C", "4C", "5C", "6C", "4H", "5D", "6D"],
        ]
    )
    assert phases.hwyf(bt, hermes, bt.ships[1]) == -2
    assert [e["officer"] for e in _tests(bt, "how will you fight")] == ["O'Toole", "Bosworth"]


def test_fire_by_and_repair_by_name_officers_aboard() -> None:
    bt = Battle(HERMES, CORSAIR, distance=3)
    for orders in (
        {"fire_by": "Nobody"},
        {"fire_by": "Smith", "repair_by": "Smith", "repair": "hull"},
    ):
        with pytest.raises(InvalidMove):
            bt.step({"a0": orders})


def test_a_repair_led_by_an_officer_names_him_and_uses_his_best_skill() -> None:
    """Smith's repair of the Hull: "He has Maritime-3 with +2 cards from Master O'Toole's
    Discipline and overturns 9S, 4H, 3H, 2H and 6D against a CoF of 7S"."""
    bt = _ready(
        HERMES,
        CORSAIR,
        [],
        {"a0": {"move": "hold", "repair": "hull", "repair_by": "Smith"}, "b0": {"move": "hold"}},
        distance=4,
    )
    hermes = bt.ships[0]
    hermes.discipline = {"Smith": 2}
    hermes.reskill()
    hermes.damage.hit(0, 1)
    bt.dealer = ScriptedDealer(["7S", "9S", "4H", "3H", "2H", "6D"])
    phases.repair(bt)
    rep = _tests(bt, "repair")[0]
    assert (rep["officer"], rep["pool"], rep["result"]) == ("Smith", 5, "ordinary")
    assert hermes.damage.boxes()["hull"] == [0, 0, 0]


# ----- Overcoming Great Hardship -----------------------------------------------------


def _maimed(guts: int | None) -> dict:
    officer = {"name": "Brodie", "role": "officer", "skills": {"command": 5}, "discipline": 1}
    if guts is not None:
        officer["measures"] = {"Guts": guts, "Discipline": 1}
    return {"type": "Fifth Rate", "name": "Minerva", "officers": [officer]}


def test_officers_measures_are_optional_and_travel_in_their_record() -> None:
    plain = combatant(_maimed(None)).officers[0]
    assert dict(plain.measures) == {} and "measures" not in plain.to_dict()
    hard = combatant(_maimed(4)).officers[0]
    assert hard.to_dict()["measures"] == {"Guts": 4, "Discipline": 1}
    assert combatant({**_maimed(None), "officers": [hard.to_dict()]}).officers[0] == hard
    with pytest.raises(InvalidMove, match="measures: unknown measure 'Luck'"):
        combatant({**_maimed(None), "officers": [{"name": "X", "measures": {"Luck": 2}}]})


def test_a_characters_measures_go_aboard_with_him() -> None:
    rng = random.Random(3)
    npc = roll_character(default_officers(rng)[0], 1805, rng)
    aboard = npc.aboard("captain", "Captain X")
    assert aboard["measures"] == dict(npc.sheet.measures)
    assert (
        combatant({"type": "Fifth Rate", "officers": [aboard]}).officers[0].measures["Guts"]
        == (npc.sheet.measures["Guts"])
    )


def test_a_maimed_officer_tests_guts_to_act_then_fights_at_minus_three() -> None:
    """ "All actions related to the area that is MAIMED require an appropriate Measure test
    ... against a single CoF. If this test is passed, the action can be attempted but with
    a -3 modifier to the card pool"."""
    bt = _ready(_maimed(4), "Cutter", [], {"a0": {"hwyf": {"Brodie": "command"}}})
    ship = bt.ships[0]
    ship.health["Brodie"] = 2
    # Guts 4 against 7S (8S, a success), then his Command 5 - 3 against Routine's 3
    bt.dealer = ScriptedDealer(["7S", "8S", "2D", "3D", "4D", "2H", "3H", "4C", "5C", "6C", "7C"])
    assert phases.hwyf(bt, ship, bt.ships[1]) == 1
    guts = _tests(bt, "guts to act")[0]
    assert (guts["officer"], guts["pool"], guts["result"]) == ("Brodie", 4, "ordinary")
    assert _tests(bt, "how will you fight")[0]["sides"][0]["pool"] == 5 - 3
    assert bt.dealer.left == 0


def test_a_maimed_officer_who_fails_his_guts_does_not_act() -> None:
    bt = _ready(_maimed(2), "Cutter", [], {"a0": {}})
    ship = bt.ships[0]
    ship.health["Brodie"] = 2
    bt.dealer = ScriptedDealer(["7S", "8C", "9D"])
    assert phases.hwyf(bt, ship, bt.ships[1]) == 0
    assert any(e["type"] == "cannot_act" and e.get("officer") == "Brodie" for e in bt.events)
    # without Measures on record, Maimed, he does not act and nothing is drawn (as ever)
    old = _ready(_maimed(None), "Cutter", [], {"a0": {}})
    old.ships[0].health["Brodie"] = 2
    assert phases.hwyf(old, old.ships[0], old.ships[1]) == 0 and old.dealer.left == 0


def test_spending_a_point_of_guts_ignores_his_wounds_for_the_battle() -> None:
    """ "Characters may spend a point of the appropriate Measure to ignore any penalties
    (either to their card pool or requiring them to test a Measure to act) ... You cannot
    reduce a Measure below 1"."""
    bt = Battle(_maimed(2), "Cutter", distance=4, dealer=ScriptedDealer([]))
    setup(bt, {})
    ship = bt.ships[0]
    ship.health["Brodie"] = 2
    bt.round = 1
    give(bt, {"a0": {"move": "hold", "hardship": ["Brodie"]}, "b0": {"move": "hold"}})
    assert ship.measures["Brodie"]["Guts"] == 1 and ship.wound_penalty(bt, "Brodie") == 0
    spent = next(e for e in bt.events if e["type"] == "hardship")
    assert (spent["officer"], spent["measure"], spent["left"]) == ("Brodie", "Guts", 1)
    # Guts 1 cannot go lower: a second point is not his to spend
    ship.health["Brodie"] = 1
    ship.hardship.clear()
    assert not ship.spend_hardship(bt, "Brodie") and ship.measures["Brodie"]["Guts"] == 1


# ----- Ship Morale ---------------------------------------------------------------------


def test_the_corsair_has_lost_and_her_morale_is_injured() -> None:
    """ "The Corsair has lost and their Ship Morale is INJURED"; the winner keeps hers."""
    bt = hermes_against_the_corsair()
    assert morale.after(bt) == {"a0": "healthy", "b0": "injured"}
    after = morale.aftermath(bt)
    assert after["b0"]["morale"] == "injured" and after["b0"]["morale_before"] == "healthy"
    assert after["a0"]["officers"]["Smith"] == {"health": "healthy"}


def test_a_defeat_damages_morale_by_one_level() -> None:
    """ "If you lose a skirmish your Ship Morale is damaged by one level"."""
    assert [morale.worse(m) for m in ("healthy", "injured", "maimed", "dead")] == [
        "injured",
        "maimed",
        "dead",
        "dead",
    ]
    outcome = {
        "winner": None,
        "ships": {
            "a0": {"side": "a", "status": "escaped"},
            "b0": {"side": "b", "status": "struck"},
        },
    }
    assert not morale.defeated(outcome, "a0") and morale.defeated(outcome, "b0")
    with pytest.raises(InvalidMove):
        morale.after(Battle("Cutter", "Cutter"))


def test_command_repairs_an_injured_morale_only() -> None:
    """Healing: Ship Morale, Measure Discipline, Skill to Heal Command; "If an area is
    Injured ... a simple successful Test ... to return the state to Healthy. If an area is
    Maimed, then one of the current Mission's challenges must be narrated"."""
    assert morale.repair("injured", 3, ScriptedDealer(["9H", "9C", "2S", "3D"]))[0] == "healthy"
    after, event = morale.repair("injured", 3, ScriptedDealer(["9H", "10C", "2S", "3D"]))
    assert after == "injured" and event["result"] == "failure" and event["pool"] == 3
    assert morale.repair("maimed", 9, ScriptedDealer([]))[0] == "maimed"
    assert morale.repair("healthy", 0, ScriptedDealer([]))[0] == "healthy"
    with pytest.raises(InvalidMove):
        morale.repair("cheerful", 3, ScriptedDealer([]))


# -- every test names the officer whose skill it used (issue 13, item 1) --------------------

#: the tests of a skill an officer of hers holds by his role (the master's Seamanship, the
#: gunner's Gunnery, the captain's Command); awareness is her lookouts', a repair by the
#: crew the crew's, the GM's difficulty pool no man's
_OFFICERS_SKILL = {
    "positioning": "master",
    "seamanship to position": "master",
    "seamanship to fire": "master",
    "gunnery to fire": "gunner",
    "command to act": "captain",
    "boarding command": "captain",
}


def _holds(his: str, role: str, captain_down: bool) -> bool:
    """An officer of role ``his`` may make a test of ``role``: his own role's, or, once
    his ship's captain is down, the captain's as the Lieutenant who took command."""
    return his != "captain" if role == "captain" and captain_down else his == role


@pytest.mark.parametrize("seed", range(1, 41))
def test_every_test_event_names_the_officer_whose_skill_it_used(seed: int) -> None:
    # the bench's Fifth Rate with the officers a campaign sends aboard, rolled two ways
    a, b = officered(seed=seed), officered(seed=seed + 100)
    bt = Battle([a], [b], seed=seed, policies={"a": "aggressive", "b": "boarder"})
    bt.run()
    log = bt.events
    names = {o["name"]: o["role"] for ship in (a, b) for o in ship["officers"]}
    named = 0
    #: ships whose captain is down: "command passes down to a Lieutenant" (000:1855)
    captain_down: set[str] = set()
    for e in log:
        if e.get("type") == "wounded" and e["health"] in ("maimed", "dead"):
            if "captain" in (e["who"], names.get(e["who"])):
                captain_down.add(e["ship"])
        if e.get("type") != "test":
            continue
        role = _OFFICERS_SKILL.get(e["what"])
        if e["what"] in ("how will you fight", "grand melee", "duel"):
            assert e["officer"] in names, e  # a man's own test
            named += 1
        elif "sides" in e and role:
            for side in e["sides"]:
                # his while he is fit to act (the log's wounds tell when he is not)
                if "officer" in side:
                    assert _holds(names[side["officer"]], role, side["who"] in captain_down), e
                    named += 1
        elif role and "officer" in e:
            assert _holds(names[e["officer"]], role, e["ship"] in captain_down), e
            named += 1
        elif e["what"] == "repair" and "officer" in e:
            assert e["officer"] in names, e
    assert named, "a battle of two officered ships names officers in its tests"
    positioning = [e for e in log if e.get("what") == "positioning" and e.get("sides")]
    if positioning:  # the masters contest the first Positioning: none is hurt before it
        assert all("officer" in side for side in positioning[0]["sides"]), positioning[0]
