"""Battles on the map fought by their officers (issue 13, item 1, the roster's part):
each British ship carries her officers from the campaign's roster into the battle, their
skills and Discipline are the sheets', the tests name them, and their wounds come home."""

from __future__ import annotations

import copy
import random

import pytest

from server.game import engagements, forces, payloads, rules, views
from server.game.state import initial_state
from strategy.combat import morale as rules_morale
from tests.server_helpers import assert_officers_replay, map_force, map_ship


def _campaign(seed: int = 1) -> dict:
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": seed})
    for npc in rules.npc_officers([], 1805, random.Random(seed)):
        work["officers"][npc["id"]] = {**npc, "player": None}
    work["forces"] = {
        "red": map_force(
            "red", "Britain", [map_ship("FG", "Fifth Rate", "B"), map_ship("DR", "Brig Sloop", "F")]
        ),
        "fr": map_force(
            "fr", "France", [map_ship("Alexandre", "Fifth Rate"), map_ship("Vif", "Cutter")]
        ),
    }
    return work


def test_each_british_ship_carries_her_officers_from_the_roster() -> None:
    work = _campaign()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    fg = record["sides"]["a"][0]
    crew = {o["id"]: o for o in work["officers"].values() if o["ship"] == "FG"}
    aboard = fg["officers"]
    captain = next(o for o in crew.values() if o["rank"] in rules.CAPTAIN_RANKS)
    assert aboard[0] == {
        "id": captain["id"],
        "name": f"{captain['rank']} {captain['name']}",
        "role": "captain",
    }
    lieutenants = [o for o in crew.values() if o["rank"] == "Lieutenant"]
    assert [o["role"] for o in aboard[1:3]] == ["master", "gunner"][: len(lieutenants)]
    assert {o["id"] for o in aboard} <= set(crew)
    assert all(
        o["id"] in crew and crew[o["id"]]["rank"] not in ("Midshipman", "Able Seaman")
        for o in aboard
    )
    assert record["sides"]["b"][0].get("officers") is None  # the enemy's are not on our roster
    # the battle knows them with their sheets' skills and Discipline
    fighters = [rules.battle_officer(crew[o["id"]], o["role"], o["name"]) for o in aboard]
    assert all(  # with Born for Battle's two ("Discipline ... 2 greater", issue 31)
        f["discipline"]
        == crew[o["id"]]["sheet"]["measures"]["Discipline"]
        + 2 * crew[o["id"]]["sheet"]["traits"].count("Born for Battle")
        for f, o in zip(fighters, aboard, strict=True)
    )
    assert any("Born for Battle" in crew[o["id"]]["sheet"]["traits"] for o in aboard)
    assert fighters[0]["skills"]["command"] == (captain["na"] + 1) // 2
    sheet = captain["sheet"]["skills"]
    assert fighters[0]["skills"]["gunnery"] == sheet.get("Gunnery", 0)  # not the crew's 3
    assert record["battle"]["a"][0]["officers"][0] == {**fighters[0], "weapon": "Cutlass"}
    # and every How Will You Fight? test names the officer whose skill it used
    names = {o["name"] for ship in record["sides"]["a"] for o in ship["officers"]}
    tests = [e for e in record["log"] if e.get("what") == "how will you fight"]
    assert tests and all(e["officer"] in names for e in tests)
    assert {e["officer"] for e in tests} >= {aboard[0]["name"]}


def test_an_officers_wounds_come_home_to_the_roster() -> None:
    """The battle's ``wounded`` events: an officer named, or his post when the enemy's
    blow names it; the dead are dead on the roster, the others carry their state."""
    work = _campaign()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    fg = record["sides"]["a"][0]
    captain, master = fg["officers"][0], fg["officers"][1]
    before = copy.deepcopy(work["officers"])
    record["log"] += [
        {"type": "wounded", "ship": "a0", "who": captain["name"], "health": "injured"},
        {"type": "wounded", "ship": "a0", "who": captain["name"], "health": "maimed"},
        {"type": "wounded", "ship": "a0", "who": "master", "health": "dead"},
        {"type": "wounded", "ship": "b0", "who": "captain", "health": "dead"},
    ]
    engagements._close(work, record, record["outcome"])
    assert record["wounds"] == {captain["id"]: "maimed", master["id"]: "dead"}
    assert work["officers"][captain["id"]]["sheet"]["state"] == "Maimed"
    assert not work["officers"][captain["id"]]["dead"]
    assert work["officers"][master["id"]]["dead"]
    changed = {oid for oid in work["officers"] if work["officers"][oid] != before[oid]}
    assert changed == {captain["id"], master["id"]}
    # an advance that fought the battle carries them when it is applied
    fresh = _campaign()
    engagements.carry_wounds(fresh, record)
    assert fresh["officers"][master["id"]]["dead"]


def test_wounds_carried_on_an_advances_copy_leave_the_state_as_it_was() -> None:
    """An advance plays on a copy of the state sharing its roster's records
    (server.game.forces): the wounds it carries replace the copy's records of the
    officers, and the state is as it was until the advance is applied."""
    state = _campaign()
    record = engagements.open_engagement(copy.deepcopy(state), "red", "fr", 4, random.Random(3))
    captain, master = record["sides"]["a"][0]["officers"][:2]
    record["wounds"] = {captain["id"]: "maimed", master["id"]: "dead"}
    before = copy.deepcopy(state)
    work = forces._scratch(state)
    engagements.carry_wounds(work, record)
    assert work["officers"][captain["id"]]["sheet"]["state"] == "Maimed"
    assert work["officers"][master["id"]]["dead"]
    assert state == before


def test_the_dead_do_not_sail_again() -> None:
    work = _campaign()
    first = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    captain = first["sides"]["a"][0]["officers"][0]
    work["officers"][captain["id"]]["dead"] = True
    for force in work["forces"].values():
        for s in force["ships"]:
            s["status"] = "afloat"
        force["afloat"] = True
    again = engagements.open_engagement(work, "red", "fr", 5, random.Random(4))
    assert captain["id"] not in {o["id"] for o in again["sides"]["a"][0]["officers"]}


def test_a_captain_names_his_officers_orders_and_a_stranger_is_refused(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    officers = ship["officers"]
    me = captain.seat["officer"]
    assert officers[0]["id"] == me and officers[0]["role"] == "captain"
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json["events"]
    for bad in (
        {"repair": "hull", "repair_by": "o-nobody"},
        {"hwyf": {"o-nobody": "gunnery"}},
        {"boarding": {"o-nobody": "captain"}},
        {"hwyf": {me: "cookery"}},
        {"repair": "galley"},
        {"range": 4},
        {"rounds": "all"},
    ):
        ack = captain.act("engage_decision", engagement=fight["id"], decision="close", **bad)
        assert ack["ok"] is False and ack["error"]["code"] == "invalid", (bad, ack)
    assert g.rest("get", f"/api/campaigns/{g.id}/log").json["events"] == log
    second = officers[1]["id"]
    ack = captain.act(
        "engage_decision",
        engagement=fight["id"],
        decision="close",
        range=2,
        repair="rigging",
        repair_by=second,
        hwyf={me: "gunnery"},
        shot="chainshot",
    )
    assert ack["ok"], ack
    if set(fight["awaiting"].values()) > {captain.seat["id"]}:  # the admiral's ships too
        admiral = g.players["red"]
        assert admiral.act("engage_decision", engagement=fight["id"], decision="close")["ok"]
    state = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    record = next(e for e in state["engagements"] if e["id"] == fight["id"])
    decided = [e for e in record["log"] if e.get("type") == "decision" and e["ship"] == ship["id"]]
    orders = decided[-1]["orders"]
    assert orders["repair_by"] == officers[1]["name"] and orders["repair"] == "rigging"
    assert orders["hwyf"] == {officers[0]["name"]: "gunnery"} and orders["range"] == 2
    assert orders["shot"] == "chainshot"
    mine = [
        e
        for e in record["log"]
        if e.get("what") == "how will you fight" and e.get("officer") == officers[0]["name"]
    ]
    assert mine and mine[-1]["skill"] == "gunnery"
    # the officer repairing does not also test How Will You Fight? that round
    assert not any(
        e.get("what") == "how will you fight" and e.get("officer") == officers[1]["name"]
        for e in record["log"]
        if e.get("round") == decided[-1].get("round")
    )


def test_the_gm_fights_the_rest_of_a_battle_in_one_action(officers_fight) -> None:
    g, fight = officers_fight["game"], officers_fight["fight"]
    gm = g.gm()
    refused = gm.act("engage_decision", engagement=fight["id"], decision="npc", shot="grapeshot")
    assert refused["error"]["code"] == "invalid"
    ack = gm.act("engage_decision", engagement=fight["id"], decision="npc", rounds="all")
    assert ack["ok"], ack
    state = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    record = next(e for e in state["engagements"] if e["id"] == fight["id"])
    assert record["over"] and record["outcome"]["rounds"] >= 1
    assert state["results"]["FG"]["engagement"] == fight["id"]
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    from server import game as game_

    _, problems = game_.replay(log)
    assert problems == []


def _record(g, eid: str) -> dict:
    state = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    return next(e for e in state["engagements"] if e["id"] == eid)


def _decided(record: dict, ship_id: str) -> dict:
    return [e for e in record["log"] if e.get("type") == "decision" and e["ship"] == ship_id][-1]


def test_an_admiral_orders_his_squadrons_ships_without_a_captain(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    admiral = g.players["red"]
    held = [sid for sid, seat in fight["awaiting"].items() if seat == admiral.seat["id"]]
    assert fight["awaiting"][ship["id"]] == captain.seat["id"]
    assert held and ship["id"] not in held  # his captainless ships wait for him
    eid = fight["id"]
    # not the captain's ship, and officers are named for one ship at a time
    assert (
        admiral.act("engage_decision", engagement=eid, decision="hold", ship=ship["id"])["error"][
            "code"
        ]
        == "forbidden"
    )
    if len(held) > 1:
        officer = next(s for s in fight["sides"]["a"] if s["id"] == held[0])["officers"][0]
        named = admiral.act(
            "engage_decision", engagement=eid, decision="hold", repair_by=officer["id"]
        )
        assert named["error"]["code"] == "invalid"
    ack = admiral.act("engage_decision", engagement=eid, decision="hold", range=2)
    assert ack["ok"], ack
    assert set(_record(g, eid)["pending"]) == set(held)  # the round waits for the captain
    assert captain.act("engage_decision", engagement=eid, decision="close")["ok"]
    record = _record(g, eid)
    for sid in held:
        if any(s["id"] == sid for s in record["sides"]["a"]):
            orders = _decided(record, sid)["orders"]
            assert (orders["move"], orders["range"]) == ("hold", 2), sid
    assert _decided(record, ship["id"])["orders"]["move"] == "close"


def test_standing_orders_fight_the_rounds_he_does_not_order(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    ack = captain.act("standing_orders", decision="hold", shot="grapeshot", range=2)
    assert ack["ok"], ack
    mine = g.rest("get", f"/api/campaigns/{g.id}/state", token=captain.token).json["state"]
    assert mine["standing"] == {
        captain.seat["id"]: {"move": "hold", "shot": "grapeshot", "range": 2}
    }
    theirs = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players["red"].token).json
    assert theirs["state"]["standing"] == {}
    assert g.gm().act("engage_decision", engagement=fight["id"], decision="npc")["ok"]
    orders = _decided(_record(g, fight["id"]), ship["id"])["orders"]
    assert (orders["move"], orders["shot"], orders["range"]) == ("hold", "grapeshot", 2)
    assert captain.act("standing_orders")["ok"]  # cleared
    assert g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]["standing"] == {}


def test_a_captain_names_who_fights_the_fire_and_who_fights_on_hurt(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    officers = ship["officers"]
    me, second = officers[0]["id"], officers[1]["id"]
    refused = captain.act(
        "engage_decision", engagement=fight["id"], decision="close", fire_by="o-nobody"
    )
    assert refused["error"]["code"] == "invalid" and "o-nobody" in refused["error"]["message"]
    clash = captain.act(
        "engage_decision",
        engagement=fight["id"],
        decision="close",
        repair="fire",
        repair_by=second,
        fire_by=second,
    )
    assert clash["error"]["code"] == "invalid"  # one officer cannot do both
    ack = captain.act(
        "engage_decision",
        engagement=fight["id"],
        decision="close",
        fire_by=second,
        hardship={me: "Discipline"},  # her captain's point against her morale
        hwyf={me: "prime_angle"},
    )
    assert ack["ok"], ack
    if set(fight["awaiting"].values()) > {captain.seat["id"]}:
        assert g.players["red"].act("engage_decision", engagement=fight["id"], decision="close")[
            "ok"
        ]
    orders = _decided(_record(g, fight["id"]), ship["id"])["orders"]
    assert orders["fire_by"] == officers[1]["name"] and orders["hwyf"] == {
        officers[0]["name"]: "prime_angle"
    }
    assert orders["hardship"] == {officers[0]["name"]: "Discipline"}


def test_ship_morale_after_a_fight_goes_with_her_to_the_next() -> None:
    """Seed 000: Ship Morale is "damaged by one level" when she loses, and "Command is
    tested at the end of a battle ... used to repair a Ship's morale"; the campaign keeps
    what is left of it for her next fight."""
    for seed in range(40):
        work = _campaign()
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
        if record["outcome"].get("chase"):
            continue
        kept = record["morale"]
        assert set(kept) == {s["id"] for s in record["sides"]["a"]}
        for ship in record["sides"]["a"]:
            got = kept[ship["id"]]
            lost = rules_morale.defeated(record["outcome"], ship["id"])
            assert got["before"] == "healthy"
            assert got["test"]["what"] == "command to repair morale"
            if lost:  # injured, and mended to healthy only by a successful Command test
                assert got["morale"] == (
                    "healthy" if got["test"].get("result") != "failure" else "injured"
                )
            else:
                assert got["morale"] == "healthy"
            on_map = next(s for s in work["forces"]["red"]["ships"] if s["code"] == ship["code"])
            assert on_map["morale"] == got["morale"]
        if any(rules_morale.defeated(record["outcome"], s["id"]) for s in record["sides"]["a"]):
            break
    else:
        pytest.fail("no British defeat in 40 seeds")
    # an Injured morale sails into her next fight
    work = _campaign()
    work["forces"]["red"]["ships"][0]["morale"] = "injured"
    again = engagements.open_engagement(work, "red", "fr", 5, random.Random(1))
    assert again["battle"]["a"][0]["morale"] == "injured"
    assert again["battle"]["a"][1]["morale"] == "healthy"


def test_a_captain_splits_his_broadside_between_enemy_ships(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    enemies = [s["id"] for s in fight["sides"]["b"]]
    own = captain.act(
        "engage_decision", engagement=fight["id"], decision="close", fire={ship["id"]: 2}
    )
    assert own["error"]["code"] == "invalid"  # not at her own side
    split = {enemies[0]: 2, enemies[-1]: 1}
    ack = captain.act("engage_decision", engagement=fight["id"], decision="close", fire=split)
    assert ack["ok"], ack
    if set(fight["awaiting"].values()) > {captain.seat["id"]}:
        red = g.players["red"]
        assert red.act("engage_decision", engagement=fight["id"], decision="close")["ok"]
    assert _decided(_record(g, fight["id"]), ship["id"])["orders"]["fire"] == split


def _maimed_fg(hardship: dict | None) -> tuple[dict, dict, dict]:
    """FG's fight off Ushant (seed 3), her Ship Morale Maimed and her captain's seat taken;
    the first round fought on his orders to hold (``hardship`` with them): the state, the
    engagement, her captain aboard."""
    work = _campaign()
    fg = next(s for s in work["forces"]["red"]["ships"] if s["code"] == "FG")
    fg["morale"] = "maimed"  # "on the losing end of a number of battles"
    seat = {"id": "s-fg", "role": "captain", "name": "Fg", "squadron": None, "ship": "FG"}
    work["seats"]["s-fg"] = {**seat, "ready": False}
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    assert not record["over"] and record["awaiting"]["a0"] == "s-fg"
    captain = record["sides"]["a"][0]["officers"][0]
    offered = copy.deepcopy(record.get("hardship"))
    mine = next(e for e in views.state_for(work, work["seats"]["s-fg"])["engagements"])
    assert mine.get("hardship") == offered  # her captain's seat is told it
    order = payloads.EngageDecision(
        type="engage_decision", engagement=record["id"], decision="hold", hardship=hardship
    )
    data = engagements.decide_round(work, work["seats"]["s-fg"], order, random.Random(1))
    engagements.apply_round(work, data)
    return work, {**record, "offered": offered}, captain


def test_her_captains_page_may_offer_his_speech_to_a_maimed_crew_and_the_round_is_fought_so() -> (
    None
):
    """Seed 000, "Overcoming Great Hardship" (000:1007-1011, Lt Edwards): FG comes to her
    fight with her Ship Morale Maimed; the engagement tells her captain's seat that he, her
    commander, may spend Discipline (``hardship``: his roster id -> ["Discipline"]), and
    his order ``{his id: "Discipline"}`` has her crew "fight without penalty": a point of
    his Discipline spent before Step Two, no Discipline test to act; then nothing more is
    offered him (before: the page could send only Guts and was told nothing). Without the
    speech she tests to act."""
    work, record, captain = _maimed_fg(None)
    assert record["offered"]["a0"] == {captain["id"]: ["Discipline"]}
    fought = [e for e in record["log"] if e.get("round") in (0, 1) and "phase" not in e]
    assert any(e.get("what") == "discipline to act" and e["ship"] == "a0" for e in fought)
    assert not any(e["type"] == "hardship" for e in fought)
    disc = work["officers"][captain["id"]]["sheet"]["measures"]["Discipline"]
    work, record, captain = _maimed_fg({captain["id"]: "Discipline"})
    fought = [e for e in record["log"] if e.get("round") in (0, 1) and "phase" not in e]
    speech = next(e for e in fought if e["type"] == "hardship")
    assert (speech["ship"], speech["officer"], speech["measure"], speech["left"]) == (
        "a0",
        captain["name"],
        "Discipline",
        disc - 1,
    )
    assert not any(e.get("what") == "discipline to act" and e["ship"] == "a0" for e in fought)
    now = work["engagements"][record["id"]]
    assert captain["id"] not in now.get("hardship", {}).get("a0", {})


def test_a_captain_orders_his_marines_to_fire_and_the_log_replays(officers_fight) -> None:
    """BtQ's musket (000:1117, "only really used by Marines onboard ship"): the captain's
    ``muskets`` order reaches the battle; once in musket shot (Distance 0 or 1) his Marines
    fire after the guns and the enemy returns it; an order of none of the vocabulary's is
    refused; the log replays to the same state."""
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    refused = captain.act(
        "engage_decision", engagement=fight["id"], decision="close", muskets="rigging"
    )
    assert refused["error"]["code"] == "invalid"
    record = _record(g, fight["id"])
    for _ in range(20):
        if record["over"] or any(e.get("type") == "muskets" for e in record["log"]):
            break
        round_ = (record.get("view") or {}).get("round", 0) + 1
        ack = captain.act(
            "engage_decision",
            engagement=fight["id"],
            decision="close",
            range=1,
            muskets="crew",
            round=round_,
        )
        assert ack["ok"], ack
        if set(record["awaiting"].values()) > {captain.seat["id"]}:  # the admiral's ships
            assert g.players["red"].act(
                "engage_decision", engagement=fight["id"], decision="close"
            )["ok"]
        record = _record(g, fight["id"])
    assert _decided(record, ship["id"])["orders"]["muskets"] == "crew"
    fired = [e for e in record["log"] if e.get("type") == "muskets"]
    assert fired and fired[0]["ship"] == ship["id"] and fired[0]["aim"] == "crew"
    assert fired[0]["range"] in ("Point Blank", "Long")
    tests = [e for e in record["log"] if e.get("type") == "test" and e.get("what") == "muskets"]
    assert tests and tests[0]["round"] == fired[0]["round"]
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    assert_officers_replay(g, log)


def test_standing_orders_carry_his_marines_orders_into_the_rounds_he_does_not_order(
    officers_fight,
) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    bad = captain.act("standing_orders", decision="close", muskets="rigging")
    assert bad["ok"] is False
    assert captain.act("standing_orders", decision="close", muskets="captain")["ok"]
    standing = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]["standing"]
    assert standing == {captain.seat["id"]: {"move": "close", "muskets": "captain"}}
    assert g.gm().act("engage_decision", engagement=fight["id"], decision="npc")["ok"]
    assert _decided(_record(g, fight["id"]), ship["id"])["orders"]["muskets"] == "captain"


def _preps(record: dict) -> list[dict]:
    return [e for e in record["log"] if e.get("phase") == "chase" and e["event"] == "prep_work"]


def test_the_hunters_officers_do_their_prep_work_before_the_chase() -> None:
    """Seed 002, 2.1: "Each character gets one Prep work action; each success gives +1 Gage
    for the confrontation to follow": every player's character aboard the hunter (FG, the
    lead ship) takes one sea prep action before the chase, each the one his best skill
    serves unless her seated captain's standing orders name one; NPC officers do none (the
    seed's characters are the players'; docs/rules-notes.md "Prep work on the map")."""
    work = _campaign()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    assert _preps(record) == []  # an NPC crew: the chase as it was
    work = _campaign()
    fg = engagements._side(work["forces"]["red"], "a", work)[0]
    players = fg["officers"][:2]  # her captain and her first lieutenant, players' characters
    for o in players:
        work["officers"][o["id"]] = {**work["officers"][o["id"]], "player": "s-fg"}
    sheets = {
        o["name"]: rules.battle_officer(work["officers"][o["id"]], o["role"], o["name"])
        for o in players
    }
    before = copy.deepcopy(work)
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    preps = _preps(record)
    assert [e["character"] for e in preps] == list(sheets)  # one each, none of the NPCs'
    want = rules.sea_prep(list((n, s["skills"]) for n, s in sheets.items()))
    assert [(e["action"], e["skill"], e["test"]["a_pool"]) for e in preps] == [
        (a.action, a.skill, a.pool) for a in want
    ]
    chase = next(e for e in record["log"] if e.get("event") == "chase")
    assert record["log"].index(chase) == len(preps)  # ahead of the chase
    assert chase["hunter_gage"] == sum(e["success"] for e in preps)
    # her captain seated, his standing orders name the prep: every character to it
    work = before
    work["seats"]["s-fg"] = {
        "id": "s-fg",
        "role": "captain",
        "ship": "FG",
        "squadron": None,
        "ready": False,
    }
    work["standing"]["s-fg"] = {"prep": "bracing the mast"}
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    preps = _preps(record)
    assert [e["character"] for e in preps] == list(sheets)
    assert {(e["action"], e["skill"]) for e in preps} == {("bracing the mast", "Engineering")}
    assert [e["test"]["a_pool"] for e in preps] == [
        s["skills"]["engineering"] for s in sheets.values()
    ]
    assert record["awaiting"] == {"a0": "s-fg"}  # and he orders her rounds himself


def test_a_captains_standing_orders_name_his_officers_prep_work(officers_fight) -> None:
    g, captain, fight, ship = (officers_fight[k] for k in ("game", "captain", "fight", "ship"))
    bad = captain.act("standing_orders", prep="clearing for action")
    assert bad["ok"] is False and bad["error"]["code"] == "invalid"
    assert captain.act("standing_orders", prep="seeing to the sails")["ok"]
    standing = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]["standing"]
    assert standing == {captain.seat["id"]: {"prep": "seeing to the sails"}}
    # the prep is before a chase, no order of a round: the round is fought by the policy
    assert g.gm().act("engage_decision", engagement=fight["id"], decision="npc")["ok"]
    assert "prep" not in _decided(_record(g, fight["id"]), ship["id"])["orders"]
    assert captain.act("standing_orders", decision="hold", prep="bracing the mast")["ok"]
    standing = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]["standing"]
    assert standing == {captain.seat["id"]: {"move": "hold", "prep": "bracing the mast"}}
    assert g.gm().act("engage_decision", engagement=fight["id"], decision="npc")["ok"]
    orders = _decided(_record(g, fight["id"]), ship["id"])["orders"]
    assert orders["move"] == "hold" and "prep" not in orders
    # the fight's chase had her captain's prep work, his the one player's character aboard
    # (by his best skill: no order then)
    record = _record(g, fight["id"])
    (prep,) = _preps(record)
    assert prep["character"] == ship["officers"][0]["name"]
    assert prep["character"].endswith("Jack Aubrey")
    assert_officers_replay(g, g.rest("get", f"/api/campaigns/{g.id}/log").json)


def test_the_morale_a_chase_costs_is_charged_to_the_hunters_ship_morale() -> None:
    """Seed 002, 2.7: "On a Critical Fail: spend 1 from the ship's Rations, lose 1 Morale,
    and the prey is lost": the Morale lost is the hunter's BtQ Ship Morale "damaged by one
    level" (seed 000:1199), on her record, taken into her next fight."""
    work = _campaign()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(0), flees=True)
    truth = [e for e in record["log"] if e.get("event") == "moment_of_truth"][-1]
    assert truth["result"] == "critical failure" and truth["paid"] == ["ration", "morale"]
    assert record["outcome"]["how"] == "escaped" and record["chase"]["morale"] == 1
    lost = {"ship": "FG", "before": "healthy", "after": "injured"}
    assert record["chase"]["ship_morale"] == lost
    assert record["log"][-1] == {"phase": "chase", "event": "ship_morale", **lost}
    fg = next(s for s in work["forces"]["red"]["ships"] if s["code"] == "FG")
    assert fg["morale"] == "injured"
    assert "morale" not in work["forces"]["red"]["ships"][1]  # DR did not chase
    # her next fight: she comes to it Injured (a -1 card modifier, seed 000:1167)
    again = engagements.open_engagement(work, "red", "fr", 5, random.Random(1))
    assert again["battle"]["a"][0]["morale"] == "injured"
    # a level more each time, Dead the last
    assert rules.morale_lost(None, 1) == ("healthy", "injured")
    assert rules.morale_lost("injured", 1) == ("injured", "maimed")
    assert rules.morale_lost("maimed", 2)[1] == rules.morale_lost("dead", 1)[1] == "dead"
