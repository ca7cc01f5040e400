"""An officer's traits in a sea fight (issue 31; seed 000, Step Seven, and "The Test": "Add
any modifiers from traits"): what each take of a trait gives him aboard, cell by cell as
the book's text says it, and the engine's boarding and Maimed Guts tests taking them.

Before, no trait ever entered a test. docs/rules-notes.md, "Traits in a sea fight".
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from strategy.cards.core import card
from strategy.cards.dealer import ScriptedDealer
from strategy.characters import Sheet, character_from
from strategy.characters.btq_tables import TRAITS
from strategy.characters.character import in_battle
from strategy.combat import Battle, boarding, phases
from strategy.combat.cardtests import contested, unopposed
from strategy.combat.combatant import SKILLS, combatant
from strategy.combat.damage import CREW, GUNS, HULL
from strategy.combat.setup import setup
from tests.combat_helpers import firebrands_alongside

#: the book's words for each trait that tells in a sea fight, read as cards aboard: on a
#: skill he has, on a skill by his role, with his weapon (he boards with a cutlass, "a
#: sabre or sword"), for his commander's Discipline cards, on his Guts to act when Maimed
BOOK = {
    # "+1 card to your Seamanship and Command skill tests in a Naval Combat Challenge"
    "Tactical Genius": {"skills": {"seamanship": 1, "command": 1}},
    # "+1 card when using the Gunnery skill in a combat test"
    "Master Gunner": {"skills": {"gunnery": 1}},
    # "+1 ... for tests involving Maritime"; the book's two examples: Seamanship
    "Crusty Old Seadog": {"skills": {"seamanship": 1, "maritime": 1}},
    # "+1 to your card pool for tests involving First Aid"
    "Physician": {"skills": {"first_aid": 1}},
    # "+1 to your ship's card pool if you are assigned to Gunnery"
    "Natural Mathematician": {"gunner": {"gunnery": 1}},
    # "Your Discipline is considered to be 2 greater ... for receiving Discipline cards"
    "Born for Battle": {"discipline": 2},
    # "+3 cards when making a Guts test when maimed to continue with challenges"
    "Hard as Nails": {"maimed_guts": 3},
    # "+1 card when using a sabre or sword in a test"
    "Strong Swordarm": {"weapon_bonus": 1},
    # with an axe, knives, boarding weapons, in a brawl: not his cutlass
    "Hack and Slay": {},
    "Knife Fighting": {},
    "Ferocious Boarder": {},
    "Handy in a Scrap": {},
    "Strong as an Ox": {},
    "Grappler": {},
    # "You may ignore the first wound you take that would make you Injured"
    "Is But A Scratch, Sir!": {"scratch": True},
    # "+1 cards to Command tests when under fire from a ship with more guns than your own"
    "Fearless": {"outgunned_command": 1},
    # nothing in a sea fight: the shore, the wardroom, once a session
    "Swimming": {},
    "Silver Tongue": {},
    # "Once per session you may negate a Death result in combat": once a fight here
    "Cheat Death!": {"cheat_death": 1},
    # "Once per Naval Mission, when you have failed a Test, you may ask for [it] to be
    # repeated": one repeat aboard (less those he asked this Naval Mission)
    "Jack Tar": {"jack_tar": 1},
    # "Once per session, you can ignore a Maimed or Dead result from a combat challenge"
    "Jonah": {"jonah": 1},
    # "Once per session you may 'curse' another player's test ... by 2 cards"
    "Naysayer": {"naysayer": 1},
    # "when you fire a cannon, you can choose one successful card to count as a different
    # suit": the hit of his Broadside! he moves
    "Accurate Gunner": {"accurate_gunner": True},
}


def _officer(role: str = "officer") -> dict:
    skills = dict.fromkeys(SKILLS, 3)
    return {"name": "Brodie", "role": role, "skills": skills, "discipline": 2, "measures": {}}


@pytest.mark.parametrize("name", sorted(BOOK))
@pytest.mark.parametrize("role", ["captain", "gunner", "officer"])
def test_each_trait_aboard_cell_by_cell(name: str, role: str) -> None:
    cell = BOOK[name]
    got = in_battle(_officer(role), [name])
    gains = {**cell.get("skills", {}), **(cell.get("gunner", {}) if role == "gunner" else {})}
    assert got["skills"] == {k: 3 + gains.get(k, 0) for k in SKILLS}
    assert got["discipline"] == 2 + cell.get("discipline", 0)
    assert got.get("weapon_bonus", 0) == cell.get("weapon_bonus", 0)
    assert got.get("maimed_guts", 0) == cell.get("maimed_guts", 0)
    assert got.get("scratch", False) == cell.get("scratch", False)
    assert got.get("outgunned_command", 0) == cell.get("outgunned_command", 0)
    assert got.get("cheat_death", 0) == cell.get("cheat_death", 0)
    assert got.get("jack_tar", 0) == cell.get("jack_tar", 0)
    assert got.get("jonah", 0) == cell.get("jonah", 0)
    assert got.get("naysayer", 0) == cell.get("naysayer", 0)
    assert got.get("accurate_gunner", False) == cell.get("accurate_gunner", False)


def test_the_data_says_the_book_for_every_trait() -> None:
    """Every trait with ``battle`` data is in :data:`BOOK`, and every other gives nothing."""
    told = {n for n, t in TRAITS.items() if t.battle}
    assert told <= set(BOOK)
    for name in set(TRAITS) - set(BOOK):
        assert in_battle(_officer("gunner"), [name]) == _officer("gunner"), name


def test_each_take_counts_and_a_skill_he_lacks_stays_his_crews() -> None:
    """ "You may take this Trait a maximum of three times": three takes, three cards; a
    skill not on his sheet (0) is his crew's in a test (000:1735), which his trait does
    not improve."""
    officer = _officer("gunner")
    officer["skills"]["seamanship"] = 0
    got = in_battle(officer, ["Master Gunner"] * 3 + ["Strong Swordarm"] * 2 + ["Tactical Genius"])
    assert got["skills"]["gunnery"] == 6 and got["weapon_bonus"] == 2
    assert (got["skills"]["seamanship"], got["skills"]["command"]) == (0, 4)


def test_master_otooles_seamanship_with_his_crusty_old_seadog() -> None:
    """The book's example (000:857): "Master O'Toole is using Seamanship in this test, a
    skill of 4. He adds 1 for his 'Crusty Old Seadog' trait" (his curio and reputation
    are the table's narration: not in a fight on the map)."""
    drawn = character_from(
        {"name": "O'Toole", "rank": "Lieutenant", "na": 4},
        oid="o-1",
        rank="Lieutenant",
        year=1805,
        rng=random.Random(3),
    )
    sheet = drawn.sheet.to_dict()
    sheet["skills"] = {**sheet["skills"], "Seamanship": 4}
    sheet["traits"] = ["Crusty Old Seadog"]  # his Step Seven: the one that tells here
    otoole = replace(drawn, sheet=Sheet.from_dict(sheet))
    aboard = otoole.aboard("master", "Master O'Toole")
    assert aboard["skills"]["seamanship"] == 5
    assert combatant(_ship(aboard)).officers[0].skill("seamanship") == 5


def _ship(*officers: dict) -> dict:
    return {"type": "Fifth Rate", "name": "Minerva", "officers": list(officers)}


def _test(bt: Battle, what: str) -> dict:
    return next(e for e in bt.events if e["type"] == "test" and e["what"] == what)


def test_his_swordarm_and_hard_nails_enter_the_boarding_and_his_guts_to_act() -> None:
    """Strong Swordarm's card with his cutlass (4) and Hard as Nails' three on the Guts test
    a Maimed officer makes to act: Guts 2 + 3 = 5 cards, then the firebrands' 4 + 1 - 3."""
    brodie = {
        **_officer(),
        "measures": {"Guts": 2, "Discipline": 1},
        **{"weapon_bonus": 1, "maimed_guts": 3},
    }
    bt = firebrands_alongside(
        _ship(brodie), "Brodie", 2, ["7S", "8S", "2D", "3D", "4D", "5D", "9D", "10D", "JD"]
    )
    boarding.round_(bt, bt.ships[0].boarding)
    assert _test(bt, "guts to act")["pool"] == 2 + 3
    assert _test(bt, "firebrands")["pool"] == 4 + 1 - 3
    # without them: two cards for his Guts, a cutlass's four
    plain = {**_officer(), "measures": {"Guts": 2, "Discipline": 1}}
    bt = firebrands_alongside(_ship(plain), "Brodie", 1, ["9D", "10D", "2S", "3S"])
    boarding.round_(bt, bt.ships[0].boarding)
    assert _test(bt, "firebrands")["pool"] == 4 - 1


def test_an_officers_trait_cards_are_in_his_saved_battle() -> None:
    brodie = {**_officer(), "weapon_bonus": 2, "maimed_guts": 3, "scratch": True}
    again = Battle.from_dict(Battle(_ship(brodie), "Cutter", seed=3).to_dict())
    officer = again.ships[0].spec.officers[0]
    assert (officer.weapon_bonus, officer.maimed_guts, officer.scratch) == (2, 3, True)
    plain = combatant(_ship(_officer())).officers[0].to_dict()
    assert not {"weapon_bonus", "maimed_guts", "scratch"} & set(plain)


@pytest.mark.parametrize(
    ("curio", "gains"),
    [
        ("Extensive collection of old charts (+1 Seamanship)", {"seamanship": 1}),  # 000:1983
        ("Reef Map of the West Indies (+1 Seamanship)", {}),  # "not relevant to the water"
        ("Lucky Dice (+1 Gambling)", {}),  # 000:2013: no test of a sea fight
        ("Short-barrelled Carbine (+1 Musket tests)", {}),  # 000:1969
        ("A small item of note", {}),  # the birth table's, its skill not yet named
        ("Gunner's quadrant (+1 Gunnery)", {"gunnery": 1}),
    ],
)
def test_a_curio_of_a_battle_skill_gives_its_card(curio: str, gains: dict) -> None:
    """ "It gives you a +1 card modifier to one skill when used" (000:323): a curio naming a
    skill of the fight, unless it is of some waters (O'Toole's map, 000:857)."""
    got = in_battle(_officer(), [], [curio])
    assert got["skills"] == {k: 3 + gains.get(k, 0) for k in SKILLS}


@pytest.mark.parametrize(
    ("scratch", "wounds", "after"),
    [
        (True, [1], [0]),  # "ignore the first wound you take that would make you Injured"
        (True, [1, 1], [0, 1]),  # the second is a wound
        (True, [2], [1]),  # "would make you Maimed, it makes you Injured instead"
        (True, [2, 1], [1, 2]),
        (False, [1], [1]),
        (False, [2], [2]),
    ],
)
def test_is_but_a_scratch_sir_takes_a_level_off_his_first_wound(
    scratch: bool, wounds: list[int], after: list[int]
) -> None:
    brodie = {**_officer(), "scratch": scratch} if scratch else _officer()
    ship = Battle(_ship(brodie), "Cutter", distance=4, seed=1).ships[0]
    assert [ship.hurt("Brodie", level) for level in wounds] == after


def test_a_scratched_officer_comes_aboard_injured_without_his_extra_level() -> None:
    """His extra level is before Injured: an officer who comes aboard Injured has none."""
    brodie = {**_officer(), "scratch": True, "health": "injured"}
    ship = Battle(_ship(brodie), "Cutter", distance=4, seed=1).ships[0]
    assert ship.hurt("Brodie", 1) == 2


@pytest.mark.parametrize(
    ("foe", "distance", "cards"),
    [
        ("Third Rate", 4, 1),  # 80 guns against her 44, in range: under fire
        ("Fifth Rate", 4, 0),  # as many guns as hers
        ("Cutter", 4, 0),  # fewer
    ],
)
def test_fearless_under_fire_from_a_ship_with_more_guns(
    foe: str, distance: int, cards: int
) -> None:
    """ "+1 cards to Command tests when under fire from a ship with more guns than your
    own": his Command tests (How Will You Fight?, the boarding's) while an enemy in
    contact carries more guns (the Ships and Guns table's most for her type)."""
    brodie = {**_officer("captain"), "outgunned_command": 1}
    bt = Battle(_ship(brodie), foe, distance=distance, seed=1)
    setup(bt, {})
    minerva = bt.ships[0]
    assert minerva.under_fire(bt, "Brodie") == cards
    assert minerva.under_fire(bt, None) == 0  # her crew's Command: no trait of his
    plain = Battle(_ship(_officer("captain")), foe, distance=distance, seed=1)
    setup(plain, {})
    assert plain.ships[0].under_fire(plain, "Brodie") == 0


def test_his_how_will_you_fight_command_takes_fearless_under_a_bigger_ships_fire() -> None:
    """His How Will You Fight? test on Command, a Third Rate's 80 guns on his Fifth Rate:
    one card more than the same officer's without Fearless."""
    pools = []
    for cards in (1, 0):
        brodie = {**_officer("captain"), "outgunned_command": cards}
        bt = Battle(_ship(brodie), "Third Rate", distance=4, seed=1)
        setup(bt, {})
        minerva = bt.ships[0]
        minerva.discipline = {}
        minerva.orders.hwyf = {"Brodie": "command"}
        phases.hwyf(bt, minerva, bt.ships[1])
        test = next(e for e in bt.events if e.get("what") == "how will you fight")
        pools.append(test["sides"][0]["pool"])
    assert pools[0] == pools[1] + 1


@pytest.mark.parametrize(
    ("takes", "start", "wounds", "after"),
    [
        (1, "maimed", [1, 1], [2, 3]),  # Maimed to Dead ignored once; the next kills him
        (1, "injured", [2], [1]),  # "from Injured to Dead": ignored
        (2, "maimed", [1, 1, 1], [2, 2, 3]),  # each take once
        (0, "maimed", [1], [3]),
        (1, "healthy", [3], [3]),  # from Healthy at one blow: not the trait's words
    ],
)
def test_cheat_death_ignores_a_wound_that_would_kill_him(
    takes: int, start: str, wounds: list[int], after: list[int]
) -> None:
    """ "Should you suffer a wound which would take you from Injured to Dead or Maimed to
    Dead, you can ignore that wound through suitable narration. This trait can be taken up
    to three times": once a fight for each take (the map's fight is the table's session)."""
    brodie = {**_officer(), "cheat_death": takes, "health": start}
    ship = Battle(_ship(brodie), "Cutter", distance=4, seed=1).ships[0]
    assert [ship.hurt("Brodie", level) for level in wounds] == after


def test_jack_tar_repeats_his_first_failed_test_once() -> None:
    """ "Once per Naval Mission, when you have failed a Test, you may ask for the failed
    Challenge or Test to be repeated, with the previous result ignored": a Maimed
    Brodie's Guts test to act fails (2H 3H against the 7S), is repeated (8S, a success)
    and he acts at -3; his next failure stands."""
    brodie = {**_officer(), "measures": {"Guts": 2}, "health": "maimed", "jack_tar": 1}
    bt = Battle(_ship(brodie), "Cutter", distance=4, dealer=ScriptedDealer([]))
    minerva = bt.ships[0]
    bt.dealer = ScriptedDealer(["7S", "2H", "3H", "7S", "8S", "2H", "7S", "2H", "3H"])
    assert minerva.wound_penalty(bt, "Brodie") == 3
    assert minerva.wound_penalty(bt, "Brodie") is None  # spent: "once per Naval Mission"
    tests = [e for e in bt.events if e["type"] == "test"]
    assert [t["result"] for t in tests] == ["failure", "ordinary", "failure"]
    assert tests[1]["repeat"] == {"trait": "Jack Tar", "officer": "Brodie"}
    assert "repeat" not in tests[0] and "repeat" not in tests[2]
    # without the trait his first failure stands
    plain = {**brodie, "jack_tar": 0}
    bt = Battle(_ship(plain), "Cutter", distance=4, dealer=ScriptedDealer([]))
    bt.dealer = ScriptedDealer(["7S", "2H", "3H"])
    assert bt.ships[0].wound_penalty(bt, "Brodie") is None


def test_jack_tar_repeats_a_contested_test_he_lost_whole() -> None:
    """A contested test he lost (his How Will You Fight?, a duel) is drawn again against
    a new Card of Fate; his foe's loss is not his to repeat."""
    brodie = {**_officer(), "jack_tar": 1}
    bt = Battle(_ship(brodie), "Cutter", distance=4, dealer=ScriptedDealer([]))
    minerva = bt.ships[0]
    me, them = ((minerva, "Brodie", False), 2), ((minerva, "difficulty", True), 2)
    # lost (2H 3H to 8S 2C), then won (9S 2C to 4H 5H) on the new CoF
    bt.dealer = ScriptedDealer(["7S", "2H", "3H", "8S", "2C", "7S", "9S", "2C", "4H", "5H"])
    assert contested(bt, "how will you fight", me, them, officer="Brodie")[0] == 0
    tests = [e for e in bt.events if e["type"] == "test"]
    assert [t["winner"] for t in tests] == ["difficulty", "Brodie"]
    assert tests[1]["repeat"] == {"trait": "Jack Tar", "officer": "Brodie"}
    # spent: the next loss stands, and a win asks nothing
    bt.dealer = ScriptedDealer(["7S", "2H", "3H", "8S", "2C"])
    assert contested(bt, "how will you fight", me, them, officer="Brodie")[0] == 1


def test_jack_tar_of_the_duels_enemy_officer_and_of_a_ships_skill() -> None:
    """The duel's enemy officer (his side labelled by his post, named ``foe_officer``)
    and the master whose Seamanship is her Positioning pool ask their repeats too."""
    foe = {**_officer("master"), "name": "Lebrun", "jack_tar": 1}
    bt = Battle(_ship(_officer()), _ship(foe), distance=4, dealer=ScriptedDealer([]))
    minerva, her_foe = bt.ships
    bt.dealer = ScriptedDealer(["7S", "8S", "2H", "2C", "3C", "7S", "2H", "3H", "8S", "2C"])
    duel = ((minerva, "Brodie", False), 2), ((her_foe, f"{her_foe.id} master", False), 2)
    assert contested(bt, "duel", *duel, officer="Brodie", foe_officer="Lebrun")[0] == 1
    bt = Battle(_ship(_officer()), _ship(foe), distance=4, dealer=ScriptedDealer([]))
    bt.dealer = ScriptedDealer(["7S", "8S", "2H", "2C", "3C", "7S", "2H", "3H", "8S", "2C"])
    w, _, _ = contested(bt, "positioning", (bt.ships[0], 2), (bt.ships[1], 2), "seamanship")
    assert w == 1
    repeated = [e for e in bt.events if e["type"] == "test"][1]
    assert repeated["repeat"] == {"trait": "Jack Tar", "officer": "Lebrun"}


@pytest.mark.parametrize(
    ("jonah", "cheat", "start", "wounds", "after"),
    [
        (1, 0, "healthy", [2, 2], [0, 2]),  # a Maimed result ignored, once a fight
        (1, 0, "healthy", [3], [0]),  # a Dead result
        (1, 0, "healthy", [1, 1, 1], [1, 1, 2]),  # Injured is not his: the Maiming is
        (1, 0, "maimed", [1, 1], [2, 3]),  # Maimed to Dead: the Dead result ignored
        (1, 1, "maimed", [1, 1, 1], [2, 2, 3]),  # Cheat Death! first (it costs nothing)
        (0, 0, "healthy", [2], [2]),
    ],
)
def test_jonah_ignores_a_maimed_or_dead_result_once_a_fight(
    jonah: int, cheat: int, start: str, wounds: list[int], after: list[int]
) -> None:
    """ "Once per session, you can ignore a Maimed or Dead result from a combat challenge"
    (once a fight: the map's fight is the table's session, as for Cheat Death!)."""
    brodie = {**_officer(), "jonah": jonah, "cheat_death": cheat, "health": start}
    ship = Battle(_ship(brodie), "Cutter", distance=4, seed=1).ships[0]
    assert [ship.hurt("Brodie", level) for level in wounds] == after


def test_jonahs_duel_wound_ignored_and_his_mission_loses_a_challenge() -> None:
    """Brodie's duel with the Cutter's captain: his four cards fail (2H 3H 4H 5H against
    the 7S), the captain's perfect 7S would kill him; his Jonah ignores it, and the
    ``wounded`` event says so and what it costs: "your current Naval Mission is
    considered to have lost a challenge"."""
    brodie = {**_officer(), "jonah": 1}
    bt = Battle(_ship(brodie), "Cutter", distance=0, dealer=ScriptedDealer([]))
    setup(bt, {})
    minerva, cutter = bt.ships
    minerva.discipline = {}
    him = minerva.spec.officers[0]
    bt.dealer = ScriptedDealer(["7S", "2H", "3H", "4H", "5H", "7S", "2C", "3C", "4C"])
    assert not boarding._duel(bt, minerva, him, cutter, "captain", 0)
    wounded = next(e for e in bt.events if e["type"] == "wounded")
    assert wounded["who"] == "Brodie" and wounded["health"] == "healthy"
    assert wounded["ignored"] == {
        "trait": "Jonah",
        "would_be": "dead",
        "mission": "lost a challenge",
    }
    assert minerva.health["Brodie"] == 0


def _naysayers_fight(deck: list[str], distance: int = 4) -> Battle:
    """Brodie (Naysayer) in Minerva, in contact with a Fifth Rate whose master is Lebrun."""
    brodie = {**_officer(), "naysayer": 1}
    lebrun = {**_officer("master"), "name": "Lebrun"}
    bt = Battle(_ship(brodie), _ship(lebrun), distance=distance, dealer=ScriptedDealer([]))
    setup(bt, {})
    bt.dealer = ScriptedDealer(deck)
    return bt


def _tests(bt: Battle) -> list[dict]:
    return [e for e in bt.events if e["type"] == "test"]


def test_naysayers_curse_takes_two_cards_and_gives_him_two_when_it_comes_true() -> None:
    """ "Once per session you may 'curse' another player's test during a non-skirmish
    challenge by reducing their card pool by 2 cards. If that challenge fails, you may add
    2 cards to one of your card pools later in the session": Lebrun's 4 cards are 2 (2H 3H
    against the 7S: failed); Brodie's next test has 3 + 2; the curse spent, Lebrun's next
    test is whole."""
    deck = ["7S", "2H", "3H", "7S", "2H", "3H", "4H", "5H", "6H", "7S", "2H", "3H", "4H", "5H"]
    bt = _naysayers_fight(deck)
    minerva, foe = bt.ships
    assert not unopposed(bt, "guts to act", foe, 4, officer="Lebrun")
    assert not unopposed(bt, "guts to act", minerva, 3, officer="Brodie")
    assert not unopposed(bt, "guts to act", foe, 4, officer="Lebrun")
    cursed, boon, whole = _tests(bt)
    assert cursed["pool"] == 2
    assert cursed["naysayer"] == [{"officer": "Brodie", "cards": -2, "on": "Lebrun"}]
    assert boon["pool"] == 5
    assert boon["naysayer"] == [{"officer": "Brodie", "cards": 2, "on": "Brodie"}]
    assert whole["pool"] == 4 and "naysayer" not in whole


@pytest.mark.parametrize(
    ("pool", "distance", "boarding", "cursed"),
    [
        (3, 4, False, True),
        (2, 4, False, False),  # "You may not use this ability ... on any test with 2 or less"
        (4, 4, True, False),  # "during a non-skirmish challenge": not in a boarding
        (4, 6, False, False),  # out of contact: not his fight
    ],
)
def test_naysayers_curse_not_on_two_cards_nor_in_a_skirmish(
    pool: int, distance: int, boarding: bool, cursed: bool
) -> None:
    bt = _naysayers_fight(["7S", "8S", "2H", "3H", "4H"])
    minerva, foe = bt.ships
    if distance == 6:
        bt.dist.clear()
        bt.moved()
    if boarding:
        foe.boarding = object()  # (only its being there counts)
    unopposed(bt, "repair", foe, pool, officer="Lebrun")
    test = _tests(bt)[0]
    assert test["pool"] == (pool - 2 if cursed else pool)
    assert minerva.curses["Brodie"] == (0 if cursed else 1)
    assert not minerva.boons  # the cursed test passed (8S): no cards for him


def test_naysayers_curse_on_an_enemy_officers_contest() -> None:
    """Lebrun's How Will You Fight? (his side of a contest) cursed: 4 cards to 2, lost to
    the difficulty's 8S; Brodie's boon waits for his next test."""
    bt = _naysayers_fight(["7S", "2H", "3H", "8S", "2C"])
    foe = bt.ships[1]
    me, them = ((foe, "Lebrun", True), 4), ((foe, "difficulty", True), 2)
    assert contested(bt, "how will you fight", me, them, officer="Lebrun")[0] == 1
    test = _tests(bt)[0]
    assert test["sides"][0]["pool"] == 2
    assert test["naysayer"] == [{"officer": "Brodie", "cards": -2, "on": "Lebrun"}]
    assert bt.ships[0].boons == {"Brodie": 2}


def _broadside(role: str, accurate: bool, cards: list[str], cof: str = "7S") -> tuple[list, dict]:
    """Minerva's Broadside! of len(``cards``) on a Cutter whose Guns have one box left
    (against the ``cof``), her ``role`` Brodie with Accurate Gunner or not."""
    brodie = {**_officer(role), "accurate_gunner": accurate} if accurate else _officer(role)
    bt = Battle(_ship(brodie), "Cutter", distance=1, dealer=ScriptedDealer([]))
    setup(bt, {})
    minerva, cutter = bt.ships
    while cutter.damage.left(GUNS) > 1:
        cutter.damage.hit(GUNS, 1)
    bt.dealer = ScriptedDealer(cards)
    hits = phases.broadside(bt, minerva, ((cutter, -1, 0),), len(cards), card(cof))
    return [(h[2], h[3]) for h in hits], next(e for e in bt.events if e["type"] == "broadside")


def test_accurate_gunner_moves_one_ordinary_hit_of_his_broadside() -> None:
    """ "During a Ship Combat Challenge, when you fire a cannon, you can choose one
    successful card to count as a different suit, with respect to the area of the ship
    which is hit. You cannot use this ability on a critical hit": her gunner's 2S (an
    ordinary Hull hit) counts as a diamond, on the Cutter's Guns (one box from Dead); the
    7H (critical, Crew) and the second ordinary 3S stay."""
    hits, event = _broadside("gunner", True, ["2S", "7H", "3S"])
    assert hits == [(GUNS, 1), (CREW, 2), (HULL, 1)]
    assert event["hits"][0] == {
        "card": "2S",
        "level": "injured",
        "area": "guns",
        "aimed_by": "Brodie",
    }
    assert "area" not in event["hits"][1] and "area" not in event["hits"][2]


@pytest.mark.parametrize(
    ("role", "accurate", "cards", "cof", "areas"),
    [
        ("gunner", True, ["7H", "7S"], "7S", [(CREW, 2), (HULL, 3)]),  # critical, perfect
        ("gunner", True, ["2D"], "7D", [(GUNS, 1)]),  # already where he would send it
        ("officer", True, ["2S"], "7S", [(HULL, 1)]),  # he does not fire her guns
        ("gunner", False, ["2S"], "7S", [(HULL, 1)]),
    ],
)
def test_accurate_gunner_not_on_a_critical_hit_nor_another_mans_guns(
    role: str, accurate: bool, cards: list[str], cof: str, areas: list
) -> None:
    hits, event = _broadside(role, accurate, cards, cof)
    assert hits == areas
    assert not any("aimed_by" in h for h in event["hits"])
