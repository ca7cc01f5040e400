"""One constant per fact (issue 29, items 5 and 6): each fact of the rules written once and
imported, and where a copy must cross the line between ``maps`` and ``strategy`` (which
import neither the other), a test that the copy agrees."""

from __future__ import annotations

import dataclasses
import importlib
import random

import pytest

from maps import geo, sailing
from server.game import ActionError, rules, sighting
from server.game.payloads import Invest, parse
from server.game.state import OfficerRecord
from server.game.vocabulary import vocabulary
from strategy import characters, ships
from strategy.campaign import investment
from strategy.campaign.fleet import Officer
from strategy.characters import Character, btq_tables, roll_character
from strategy.combat import Battle, boarding, combatant, hwyf, side
from strategy.combat import data as combat_data
from strategy.errors import InvalidMove

CAPTAIN = "Post Captain"
combatant_module = importlib.import_module("strategy.combat.combatant")

POINTS = [
    ((-4.15, 50.33), (-5.6, 48.7)),  # Plymouth to off Ushant
    ((0.0, 0.0), (0.0, 1.0)),
    ((-1.1, 50.8), (-5.35, 36.13)),  # Portsmouth to Gibraltar
    ((-30.0, 45.0), (-29.9, 45.1)),  # within sighting
]


@pytest.mark.parametrize(("a", "b"), POINTS)
def test_a_nautical_mile_is_the_same_mile_for_sighting_and_routing(a, b) -> None:
    """The miles the server sights and moves ships by are the miles the routes are
    measured in, and a nautical mile is 1,852 metres in both."""
    assert sighting.distance_nm(a, b) == geo.distance_nm(a, b)
    assert geo.distance_nm(a, b) == pytest.approx(geo.distance_km(a, b) / geo.KM_PER_NM, 1e-12)


def test_the_four_measures_are_the_books_in_its_order_for_characters_and_battles() -> None:
    """Seed 000 "Measures": Guts, Discipline, Influence, Charm. A battle's officer is
    refused an unknown Measure with the same four in the same order."""
    book = ("Guts", "Discipline", "Influence", "Charm")
    assert characters.MEASURES == combatant_module.MEASURES == book
    assert vocabulary()["measures"] == list(book)
    officer = {"name": "Jack", "role": "captain", "measures": {"Nerve": 2}}
    with pytest.raises(InvalidMove, match="valid: Guts, Discipline, Influence, Charm"):
        combatant({"type": "Fifth Rate", "officers": [officer]})


def test_the_damage_areas_and_states_are_the_rosters_in_the_engine_and_the_server() -> None:
    """One spelling of the four areas and of the damage states: the roster's. The engine
    counts an area's damage by level, healthy first; a character's Health is the same
    levels in the sheet's words."""
    assert combat_data.AREAS == rules.DAMAGE_AREAS == ships.AREAS
    assert combat_data.DAMAGE_LEVELS == ("healthy", *ships.STATES)
    assert btq_tables.HEALTH == ("Healthy", "Injured", "Maimed", "Dead")
    assert not hasattr(combat_data, "STATES") and not hasattr(btq_tables, "STATES")
    ship = side("Fifth Rate")[0]
    assert list(ship.to_dict()["boxes"]) == list(ships.AREAS)


def test_the_investment_kinds_are_the_books_for_the_payload_and_the_returns() -> None:
    assert rules.INVESTMENT_KINDS == investment.KINDS == ("arms", "finance", "commerce")
    for kind in investment.KINDS:
        assert parse(Invest, {"type": "invest", "kind": kind, "guineas": 1000}).kind == kind
    with pytest.raises(ActionError, match="kind"):
        parse(Invest, {"type": "invest", "kind": "land", "guineas": 1000})
    with pytest.raises(InvalidMove, match="arms, finance, commerce"):
        investment.investment_returns(10, 1.0, [{"investor": "x", "kind": "land", "capital": 1000}])


def test_the_boarding_actions_are_the_engines_and_it_refuses_any_other() -> None:
    """The server's payload offers what the engine's boarding knows; a boarding order the
    engine does not know is refused with one clear error, not fought as a melee."""
    assert rules.BOARDING_ACTIONS == boarding.ACTIONS
    assert set(boarding.ACTIONS) == {"melee", "captain", "master", "gunner", "firebrands"}
    ours = {"type": "Fifth Rate", "officers": [{"name": "Jack", "role": "captain"}]}
    battle = Battle([ours], ["Brig Sloop"], seed=1)
    with pytest.raises(InvalidMove, match="none of melee, captain, master, gunner, firebrands"):
        battle.step({"a0": {"boarding": {"Jack": "dance"}}})


def test_the_maps_speeds_of_the_btq_roster_are_the_rosters() -> None:
    """maps.sailing keeps its own copy of the roster's Speed (maps may not import
    strategy): it names the roster's types and gives each its roster Speed."""
    assert set(sailing.SHIPS) == set(ships.ROSTER)
    for name, ship in sailing.SHIPS.items():
        assert ship.speed == ships.ROSTER[name].speed, name


@pytest.mark.parametrize("spelling", ["First Aid", "first-aid", " FIRST__AID ", "First - Aid"])
def test_a_skill_is_read_alike_wherever_it_is_named(spelling: str) -> None:
    """A battle officer's skill, a How Will You Fight? choice and a character's sheet read
    one name one way (strategy.names)."""
    officer = {"name": "Jack", "role": "captain", "skills": {spelling: 3}}
    ship = combatant({"type": "Fifth Rate", "officers": [officer]})
    assert ship.officers[0].skills["first_aid"] == 3
    assert hwyf.choice(spelling) is hwyf.choice("first_aid")


@pytest.mark.parametrize(
    ("read", "spelling", "name"),
    [
        (ships.ship_type, "brig_sloop", "Brig Sloop"),
        (lambda s: btq_tables.position(s).name, "Able-Seaman", "Able Seaman"),
        (lambda s: btq_tables.skill_name(s), "first_aid", "First Aid"),
    ],
)
def test_a_name_is_read_alike_by_every_table(read, spelling: str, name: str) -> None:
    got = read(spelling)
    assert getattr(got, "name", got) == name


def test_a_characters_officer_is_him_field_by_field() -> None:
    """The campaign's Officer of a character is built by the Officer's own fields, and
    the server's record of an officer has exactly the character's fields and his seat."""
    berth = Officer("o-1", "Jack Aubrey", CAPTAIN, 8, ship="FG", constitution=11)
    him = roll_character(berth, 1805, random.Random(3))
    him = dataclasses.replace(him, wounds=("eye", "scar"), declined=1, serves=None)
    officer = him.officer(player=True)
    for f in dataclasses.fields(officer):
        if f.name not in ("player", "wounds"):
            assert getattr(officer, f.name) == getattr(him, f.name), f.name
    assert officer.player is True and officer.wounds == ("eye",)
    # besides his fields, the campaign's (the seat that plays him, its conditional orders,
    # his weeks at the Academy): what a character is built from leaves them out
    fields = {f.name for f in dataclasses.fields(Character)}
    assert set(OfficerRecord.__annotations__) == fields | set(rules.CAMPAIGN_FIELDS)
    assert not fields & set(rules.CAMPAIGN_FIELDS)
    # ``spent``, ``used``, ``prize_money``, ``mentions`` and ``shames`` only where he has
    # some, ``title`` and ``title_tries`` only for a man the King titled or rolled for: the
    # records of those who have none as they were
    fields_ = {f.name for f in dataclasses.fields(Character)}
    rare = {"spent", "used", "prize_money", "mentions", "shames", "title", "title_tries"}
    assert set(him.to_dict()) == fields_ - rare
    prize = {"engagement": "e1", "prize": "Vif", "type": "Cutter", "size": "Un-rated Vessel",
             "as": "Captain", "share": [[5, 1], [4, 2], [3, 3], [2, 4]]}  # fmt: skip
    spent = dataclasses.replace(
        him,
        spent=(("Guts", 1),),
        used=("Jack Tar",),
        prize_money=(prize,),
        mentions=({"die": 4, "docked": "1805-09"},),
        shames=({"lost": 4, "docked": "1805-09"},),
    )
    assert set(spent.to_dict()) == fields_ - {"title", "title_tries"}
    titled = dataclasses.replace(spent, title="Knight", title_tries=1)
    assert set(titled.to_dict()) == fields_
    assert Character.from_dict(titled.to_dict()) == titled
    assert Character.from_dict(spent.to_dict()) == spent


def test_the_kinds_of_reputation_and_their_measures_are_the_books_everywhere() -> None:
    """ "Anatomy of a Reputation" and "Limits of Reputations" (btq_characters.json, read
    once): the sheet's kinds, the battle officer's, and the Healing table's Measure of each
    (combat.json ``damage_areas``: "Institution Reputations ... Influence", "Personal
    Reputations ... Charm") are the same."""
    limits = btq_tables.REPUTATION_LIMITS
    assert dict(limits) == {"Personal": "Charm", "Institution": "Influence"}
    assert tuple(limits) == characters.sheet.KINDS == combatant_module.REPUTATION_KINDS
    healing = {a["area"]: a["measure"] for a in combat_data.COMBAT["damage_areas"]}
    assert {k: healing[f"{k} Reputations"] for k in limits} == dict(limits)
