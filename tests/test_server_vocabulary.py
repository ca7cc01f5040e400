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
    assert digits == {
        "ships_digits": [1, 2, 3, 4, 5, 6, 7],
        "deployment_digits": [1, 2, 3, 4, 5, 6],
    }
    for a in digits["ships_digits"]:
        for b in digits["deployment_digits"]:
            assert force_organisation(a * 10 + b)


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
