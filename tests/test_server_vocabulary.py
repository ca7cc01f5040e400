"""``GET /api/rules``: the vocabulary the browser pages take from the rules, checked against
the rules themselves (strategy) and the actions that accept those words (server.game)."""

from __future__ import annotations

import random
import re

import pytest

from server import game
from server.game import DECISIONS, PHASES, ROLES, SEASON_DAYS, TABLE, ActionError, rules
from server.game.payloads import MAX_TURN_DAYS, SAY_MAX
from server.game.vocabulary import vocabulary
from server.web.tokens import new_token
from strategy.campaign import fleet, force_organisation, tables
from strategy.combat import OUTCOMES, SHOT, WEATHER
from strategy.ships import AREAS, ROSTER, STATES, ship_type
from tests.server_helpers import new_app


def test_the_rules_answer_is_cached_json_with_every_word(tmp_path) -> None:
    r = new_app(tmp_path).test_client().get("/api/rules")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "max-age" in r.headers["Cache-Control"]
    words = r.json
    assert set(words) == {
        "ship_types",
        "fleet",
        "shots",
        "damage",
        "squadrons",
        "fleets",
        "weathers",
        "outcomes",
        "measures",
        "health",
        "repairs",
        "hwyf",
        "boarding_actions",
        "muskets",
        "hardship",
        "skirmishes",
        "table_f",
        "ranks",
        "decisions",
        "roles",
        "phases",
        "season_days",
        "actions",
        "next_phase",
        "limits",
        "prep",
    }
    assert words["decisions"] == list(DECISIONS) and "strike" in words["decisions"]
    assert words["roles"] == list(ROLES)
    assert words["phases"] == ["cabinet", "summer", "autumn", "winter", "spring", "over"]
    assert words["phases"] == list(PHASES)
    assert {p for t in TABLE.values() for g in t.grants.values() for p in g.phases} <= set(
        words["phases"]
    )
    assert words["season_days"] == SEASON_DAYS
    # the sea prep actions before a chase (seed 002, 2.1), each with its skill
    assert words["prep"][1] == {"action": "seeing to the sails", "skill": "Seamanship"}
    # who may send what, when: the authority table itself, for every action a seat sends
    for action, grants in words["actions"].items():
        assert set(grants) == set(TABLE[action].grants)
        for role, grant in grants.items():
            assert grant["phases"] == list(TABLE[action].grants[role].phases)
            assert grant["while_paused"] == TABLE[action].grants[role].while_paused
    assert words["actions"]["sail"].keys() == {"admiral", "captain", "gm"}
    assert "observer" not in {r for grants in words["actions"].values() for r in grants}
    assert {k: v for k, v in words.items() if k in vocabulary()} == vocabulary()
    # the limits the pages hold to are the server's own, never a copy in the browser
    assert words["next_phase"] == {"autumn": "winter", "winter": "spring", "spring": "cabinet"}
    assert words["limits"]["say"] == SAY_MAX and words["limits"]["turn_days"] == MAX_TURN_DAYS
    # the book's sums (001:1164-1206): a ship's post 600, the 2,400 posts, the Boards' 3,600
    most = words["limits"]["embezzlement"]
    assert (most["Purser"], most["Inspector General RM"], most["Naval Yards Supervisor"]) == (
        600,
        2400,
        3600,
    )
    assert re.fullmatch(words["limits"]["campaign_id"], "c1f3a9e2b7")
    assert not re.fullmatch(words["limits"]["campaign_id"], "a" * 33)
    assert re.fullmatch(words["limits"]["token"], new_token())


def test_ship_types_are_the_rosters_with_its_boxes_and_qualities() -> None:
    types = vocabulary()["ship_types"]
    assert [t["name"] for t in types] == list(ROSTER)
    for t in types:
        rule = ship_type(t["name"])
        assert t["boxes"] == {area: list(rule.boxes[area]) for area in AREAS}
        assert list(t["boxes"]) == list(AREAS)
        assert (t["broadside"], t["speed"], t["handling"]) == (
            rule.broadside,
            rule.speed,
            rule.handling,
        )
        assert (t["class"], t["rate"]) == (rule.ship_class, rule.rate)
        assert all(len(track) == len(STATES) for track in t["boxes"].values())


def test_the_fleet_and_the_words_of_combat_and_campaign() -> None:
    words = vocabulary()
    ships = words["fleet"]
    assert [s["code"] for s in ships] == [
        s.code for s in sorted(fleet.SHIPS.values(), key=lambda s: s.standing)
    ]
    for s in ships:
        assert s == {**rules.briny_ship(s["code"]), "code": s["code"], "squadron": s["squadron"]}
        assert s["squadron"] == fleet.ship(s["code"]).squadron in words["squadrons"]
        assert ship_type(s["type"]).name == s["type"]
    assert words["shots"] == list(SHOT["shot"]) and "grapeshot" in words["shots"]
    assert words["damage"] == {"areas": list(AREAS), "states": list(STATES)}
    assert words["squadrons"] == list(tables.SQUADRONS) == ["White", "Red", "Blue", "Blockade"]
    assert words["fleets"] == list(tables.FLEETS)
    assert words["measures"] == ["Guts", "Discipline", "Influence", "Charm"]  # BtQ's order
    assert words["health"] == ["Healthy", "Injured", "Maimed", "Dead"]  # BtQ's Damage States
    assert words["repairs"] == ["hull", "guns", "crew", "rigging", "fire"]
    prime = next(c for c in words["hwyf"] if c["id"] == "prime_angle")
    assert (prime["skill"], prime["against"]) == ("seamanship", "seamanship")
    assert words["boarding_actions"] == ["melee", "captain", "master", "gunner", "firebrands"]
    # the skirmishes' missions and tasks, the engine's (strategy/data/skirmish.json)
    assert [m["id"] for m in words["skirmishes"]] == list(rules.SKIRMISH_MISSIONS)
    board = words["skirmishes"][0]["tasks"][0]
    assert (board["id"], board["weapon"], board["cards"]) == ("board", "Cutlass", 4)
    assert board["foe"] == 3  # the foe's Boarding Weapons
    assert words["muskets"] == ["crew", "captain", "master", "gunner", "hold"]
    # seed 000, Healing's Damage Areas: Physical - Guts, Ship Morale - Discipline
    assert words["hardship"] == {"Guts": "Physical", "Discipline": "Ship Morale"}
    assert [w["name"] for w in words["weathers"]] == list(WEATHER)
    assert all(
        (w["speed"], w["handling"]) == (WEATHER[w["name"]]["speed"], WEATHER[w["name"]]["handling"])
        for w in words["weathers"]
    )
    assert words["outcomes"] == list(OUTCOMES)
    # the ladders lowest first: the career pages' rank axis keeps this order
    assert words["ranks"]["navy"] == [
        "Sailor", "Able Seaman", "Midshipman", "Lieutenant", "Master & Commander",
        "Captain", "Post Captain", "Rear Admiral", "Vice Admiral", "Admiral",
    ]  # fmt: skip
    assert words["ranks"]["marines"][0] == "Private RM"
    assert words["ranks"]["marines"][-3:] == list(fleet.RM_GENERAL_RANKS)
    digits = words["table_f"]
    assert digits["ships_digits"] == [1, 2, 3, 4, 5, 6, 7]
    assert digits["deployment_digits"] == [1, 2, 3, 4, 5, 6]
    assert set(digits) == {"ships_digits", "deployment_digits", "orders", "ships",
                           "deployments", "rolls"}  # fmt: skip
    for a in digits["ships_digits"]:
        for b in digits["deployment_digits"]:
            assert force_organisation(a * 10 + b)


def test_the_order_letters_are_the_books_words() -> None:
    """Briny 001:709: "B = Blockade Duty, I = Independent Action, F = Fleet Action, C =
    Cutting Out Expedition", as the one transcription holds them (strategy)."""
    orders = vocabulary()["table_f"]["orders"]
    assert orders == {
        "B": "Blockade Duty",
        "I": "Independent Action",
        "F": "Fleet Action",
        "C": "Cutting Out Expedition",
    }
    assert orders == dict(tables.ORDER_WORDS)


def test_a_table_f_roll_in_words_is_the_books_row() -> None:
    """Roll 14 as the book prints it: "Channel Fleet Blue NE, VA, GL (I) / Blockade ME, CA,
    TI (B), EN (C) / Mediterranean Red FE, DR, AC (F) / West Indies (none) HO (I)"."""
    assert vocabulary()["table_f"]["rolls"]["14"] == (
        "Channel Fleet: Blue — Nemesis, Vanguard, Glenmorangie (Independent Action); "
        "Blockade — Mercury, Caligula, Tickler (Blockade Duty), Enterprise (Cutting Out "
        "Expedition). Mediterranean: Red — Ferocious, Dreadnought, Achilles (Fleet Action). "
        "West Indies: no squadron — Hornet (Independent Action)"
    )


@pytest.mark.parametrize("roll", sorted(tables.TABLE_F_ROLLS))
def test_every_table_f_roll_in_words_names_each_ship_it_sends_with_its_order(roll) -> None:
    words = vocabulary()["table_f"]["rolls"][str(roll)]
    sent = force_organisation(roll)
    for at in {d.fleet for d in sent}:
        assert words.count(f"{at}: ") == 1
    for d in sent:
        name = fleet.SHIPS[d.ship].name
        assert words.count(name) == 1
        # her order is the next order written after her name
        after = words[words.index(name) :]
        assert after[after.index("(") + 1 :].startswith(tables.ORDER_WORDS[d.order])


def test_each_prime_ministers_digit_says_how_many_ships_and_which() -> None:
    """Briny 001:713: the Prime Minister "determines the number of ships sent": digit 2
    sends 15 ships whatever the deployment (Table F's rolls 21..26); digit 1 sends 11, but
    roll 16 leaves Hornet out; 7 is "the whole fleet" (a player Prime Minister's), 14 to 17
    ships as the deployment has it (rolls 71..76)."""
    ships = vocabulary()["table_f"]["ships"]
    assert ships["2"] == (
        "15 ships (White: Royal Oak, Indomitable, Thermopylae, Halcyon; Red: Ferocious, "
        "Fiddler's Green, Dreadnought; Blue: Nemesis, Glenmorangie, Devonshire; Blockade: "
        "Mercury, Hornet, Enterprise, Caligula, Tickler)"
    )
    assert ships["1"].startswith("10 to 11 ships (Red: Ferocious, Dreadnought, Achilles;")
    assert ships["1"].endswith("; Hornet only with some deployments")
    assert ships["7"].startswith("the whole fleet: 14 to 17 ships (")
    for digit in ("1", "2", "3", "4", "5", "6"):
        assert "whole fleet" not in ships[digit]


def test_each_first_sea_lords_digit_says_the_orders_it_gives() -> None:
    """Briny 001:713: the deployment "is determined by the First Sea Lord": whatever the
    Prime Minister's digit, a 1 puts every ship on Blockade Duty (rolls 11..71 print only
    (B)); a 6 sends mostly Fleet Actions (rolls 16..76)."""
    deployments = vocabulary()["table_f"]["deployments"]
    assert deployments["1"].startswith("orders: all Blockade Duty; fleets: mostly Channel Fleet")
    assert deployments["6"].startswith("orders: mostly Fleet Action (also ")
    assert deployments["4"].startswith("orders: chiefly Independent Action (also ")
    assert set(deployments) == {"1", "2", "3", "4", "5", "6"}


def test_the_cabinet_actions_take_exactly_table_fs_digits() -> None:
    digits = vocabulary()["table_f"]
    state = game.initial_state({"id": "c", "name": "Summer", "year": 1805, "seed": 1})
    seats = {"set_ships": "prime-minister", "set_deployment": "first-sea-lord"}
    for kind, key in (("set_ships", "ships_digits"), ("set_deployment", "deployment_digits")):
        seat = {"id": "s", "role": seats[kind]}
        for digit in range(0, max(digits[key]) + 2):
            args = {"type": kind, "digit": digit}
            if digit in digits[key]:
                decided = game.decide(state, seat, args, random.Random(1))
                assert decided[0] == kind and decided[1]["digit"] == digit
            else:
                with pytest.raises(ActionError):
                    game.decide(state, seat, args, random.Random(1))
