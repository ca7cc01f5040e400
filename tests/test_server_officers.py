"""The players are officers of the fleet: characters in their seats' berths, the NPCs of
every other berth, the summer resolved for them, and who sees what of them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import game
from server.game import ActionError
from tests.server_helpers import SEATS, Game, assert_officers_replay, phase_states

CAPTAINS = ("Master & Commander", "Captain", "Post Captain")
PRIVATE = ("birth", "sheet", "funds", "na", "wounds", "experience", "mentions", "hero")


def _log(g: Game) -> list[dict[str, Any]]:
    return g.rest("get", f"/api/campaigns/{g.id}/log").json["events"]


def _state(g: Game, token: str | None = None) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state", token=token).json["state"]


def _seat_with(g: Game, role: str, officer: Any, **berth: Any):
    body = {"role": role, **berth, "officer": officer}
    return g.rest("post", f"/api/campaigns/{g.id}/seats", json=body)


def test_a_captain_seated_with_his_character(fresh_game: Game) -> None:
    r = _seat_with(fresh_game, "captain", {"name": "Jack Aubrey", "na": 7}, ship="FG")
    assert r.status_code == 201, r.json
    oid = r.json["officer"]
    sheet = fresh_game.rest(
        "get", f"/api/campaigns/{fresh_game.id}/officers/{oid}", token=r.json["token"]
    ).json["officer"]
    # his own fields as given, his berth's rank, and the rest rolled by the books
    assert (sheet["name"], sheet["na"], sheet["ship"], sheet["berth"]) == (
        "Jack Aubrey",
        7,
        "FG",
        "FG",
    )
    assert sheet["rank"] == "Captain"  # Fiddler's Green is a captain's berth (Ship Table B)
    assert sheet["player"] == r.json["seat"] and not sheet["dead"]
    assert 8 <= sheet["birth"]["constitution"] <= 18
    assert sheet["birth"]["social_class"] in ("Commoner", "Gentleman", "Nobleman")
    assert sheet["sheet"]["position"] == "Captain"
    assert sheet["sheet"]["skills"]["Command"] == 4  # NA 7, halved and rounded up
    assert set(sheet["sheet"]["measures"]) == {"Guts", "Discipline", "Influence", "Charm"}
    seat = next(s for s in _state(fresh_game)["seats"] if s["id"] == r.json["seat"])
    assert seat["officer"] == oid


def test_only_his_player_and_the_gm_open_a_sheet(fresh_game: Game) -> None:
    r = _seat_with(fresh_game, "captain", {"name": "Jack Aubrey"}, ship="FG")
    other = _seat_with(fresh_game, "captain", {"name": "Horatio Hornblower"}, ship="NE")
    path = f"/api/campaigns/{fresh_game.id}/officers/{r.json['officer']}"
    assert fresh_game.rest("get", path).status_code == 200  # the GM
    refused = fresh_game.rest("get", path, token=other.json["token"])
    assert refused.status_code == 403 and refused.json["error"]["code"] == "forbidden"
    missing = fresh_game.rest("get", path + "x", token=r.json["token"])
    assert missing.status_code == 404
    # every seat sees the British officers by name, rank, berth and post, and no more
    listed = fresh_game.rest(
        "get", f"/api/campaigns/{fresh_game.id}/officers", token=other.json["token"]
    ).json["officers"]
    aubrey = next(o for o in listed if o["name"] == "Jack Aubrey")
    assert aubrey == {
        "id": r.json["officer"],
        "name": "Jack Aubrey",
        "rank": "Captain",
        "player": r.json["seat"],
        "dead": False,
        "appointment": None,  # a post is gazetted (Briny, APPOINTMENTS)
        "berth": "FG",
    }
    mine = next(o for o in listed if o["name"] == "Horatio Hornblower")
    assert "sheet" in mine and "birth" in mine


@pytest.mark.parametrize(
    "officer, code, says",
    [
        ({"name": "Aubrey", "rum": 3}, "invalid", "unknown field 'rum'"),
        ({"na": "7"}, "invalid", "officer.na"),
        ({"na": 11}, "invalid", "officer.na"),
        ({"na": 0}, "invalid", "officer.na"),
        ({"na": True}, "invalid", "officer.na"),
        ({"rank": "Commodore"}, "invalid", "unknown rank 'Commodore'"),
        ({"rank": "Midshipman"}, "invalid", "officer.rank"),
        ({"name": ""}, "invalid", "officer.name"),
        ({"birth": {"constitution": 40}}, "invalid", "constitution"),
        ({"birth": {"wealth": 3}}, "invalid", "wealth"),
        ({"sheet": {"position": "Captain"}}, "invalid", "sheet"),
        ("o-nobody", "not_found", "no officer 'o-nobody'"),
        (7, "invalid", "officer"),
    ],
)
def test_a_bad_officer_is_refused_naming_the_problem(
    fresh_game: Game, officer: Any, code: str, says: str
) -> None:
    before = _log(fresh_game)
    r = _seat_with(fresh_game, "captain", officer, ship="FG")
    assert r.status_code in (400, 404, 409, 422), r.json
    assert r.json["error"]["code"] == code and says in r.json["error"]["message"], r.json
    assert "\n" not in r.json["error"]["message"]
    assert _log(fresh_game) == before


def test_a_berth_holds_one_character_and_a_seat_one_living_officer(fresh_game: Game) -> None:
    first = _seat_with(fresh_game, "captain", {"name": "Jack Aubrey"}, ship="FG")
    assert first.status_code == 201
    before = _log(fresh_game)
    again = _seat_with(fresh_game, "captain", {"name": "William Bush"}, ship="FG")
    assert again.status_code == 409 and again.json["error"]["code"] == "conflict"
    second = fresh_game.rest(
        "post",
        f"/api/campaigns/{fresh_game.id}/officers",
        json={"officer": {"name": "William Bush"}, "seat": first.json["seat"]},
    )
    assert second.status_code == 409 and "Jack Aubrey" in second.json["error"]["message"]
    nowhere = fresh_game.rest(
        "post",
        f"/api/campaigns/{fresh_game.id}/officers",
        json={"officer": {"name": "William Bush"}, "seat": "s-nobody"},
    )
    assert nowhere.status_code == 404
    extra = fresh_game.rest(
        "post", f"/api/campaigns/{fresh_game.id}/officers", json={"officer": {}, "ship": "FG"}
    )
    assert extra.status_code == 400 and "ship" in extra.json["error"]["message"]
    assert _log(fresh_game) == before
    # a seat with no berth takes no officer (the ministers' do: test_server_appointments)
    obs = fresh_game.rest(
        "post",
        f"/api/campaigns/{fresh_game.id}/seats",
        json={"role": "observer", "officer": {}},
    )
    assert obs.status_code == 400 and obs.json["error"]["code"] == "invalid"


def test_an_officer_made_first_and_seated_later(fresh_game: Game) -> None:
    made = fresh_game.rest(
        "post",
        f"/api/campaigns/{fresh_game.id}/officers",
        json={"officer": {"name": "Horatio Hornblower", "rank": "Post Captain"}},
    )
    assert made.status_code == 201, made.json
    officer = made.json["officer"]
    assert (officer["berth"], officer["player"]) == (None, None)
    seat = _seat_with(fresh_game, "captain", officer["id"], ship="RO")
    assert seat.status_code == 201 and seat.json["officer"] == officer["id"]
    after = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/officers/{officer['id']}").json[
        "officer"
    ]
    assert (after["berth"], after["player"], after["birth"]) == (
        "RO",
        seat.json["seat"],
        officer["birth"],
    )
    taken = _seat_with(fresh_game, "captain", officer["id"], ship="NE")
    assert taken.status_code == 409 and "already has a seat" in taken.json["error"]["message"]


def test_a_player_makes_his_own_character_only(fresh_game: Game) -> None:
    seat, token = fresh_game.seat("captain", ship="FG")
    other, _ = fresh_game.seat("captain", ship="NE")
    path = f"/api/campaigns/{fresh_game.id}/officers"
    refused = fresh_game.rest("post", path, token=token, json={"officer": {}, "seat": other})
    assert refused.status_code == 403
    mine = fresh_game.rest("post", path, token=token, json={"officer": {"name": "Jack Aubrey"}})
    assert mine.status_code == 201 and mine.json["officer"]["player"] == seat
    assert mine.json["officer"]["berth"] == "FG"


def test_a_minister_makes_his_own_character_and_an_observer_none(fresh_game: Game) -> None:
    """docs/protocol.md, POST .../officers: "the GM, or a player for his own seat": a
    minister is a player, and his seat's character is the Admiral holding his post."""
    path = f"/api/campaigns/{fresh_game.id}/officers"
    pm, token = fresh_game.seat("prime-minister")
    fsl, _ = fresh_game.seat("first-sea-lord")
    refused = fresh_game.rest("post", path, token=token, json={"officer": {}, "seat": fsl})
    assert refused.status_code == 403 and refused.json["error"]["code"] == "forbidden"
    mine = fresh_game.rest("post", path, token=token, json={"officer": {"name": "William Pitt"}})
    assert mine.status_code == 201, mine.json
    officer = mine.json["officer"]
    assert (officer["player"], officer["appointment"], officer["berth"]) == (
        pm,
        "Prime Minister",
        None,
    )
    again = fresh_game.rest("post", path, token=token, json={"officer": {}})
    assert again.status_code == 409, "his seat has a living officer"
    _, watcher = fresh_game.seat("observer")
    seq = len(_log(fresh_game))
    for body in ({"officer": {}}, {"officer": {}, "seat": fsl}):
        r = fresh_game.rest("post", path, token=watcher, json=body)
        assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"
    assert len(_log(fresh_game)) == seq
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json
    assert game.replay(log)[1] == []


def test_the_npcs_fill_every_other_berth_and_keep(fresh_app) -> None:
    """Rolled from the campaign's seed when the force is rolled: the same seed and the
    same seats, the same officers; a player seated later puts the NPC of his berth ashore."""
    rosters = []
    for _ in range(2):
        g = Game.new(fresh_app, seed=11)
        g.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey"})
        assert g.gm().act("roll_force")["ok"]
        rosters.append(g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]["officers"])
    npcs = [[o for o in r if o["player"] is None] for r in rosters]
    assert npcs[0] == npcs[1] and len(npcs[0]) > 150
    captains = [o for o in npcs[0] if o["berth"] == "FG"]
    assert not any(o["rank"] in CAPTAINS for o in captains)
    assert all(o["name"] and " of " not in o["name"] for o in npcs[0])
    assert {o["berth"] for o in npcs[0]} >= {"RO", "White", "Red", "Blue"}
    holder = next(o for o in npcs[0] if o["berth"] == "NE" and o["rank"] in CAPTAINS)
    r = _seat_with(g, "captain", {"name": "Horatio Hornblower"}, ship="NE")
    assert r.status_code == 201
    officers = {o["id"]: o for o in _state(g)["officers"]}
    assert officers[holder["id"]]["berth"] is None  # ashore
    assert officers[r.json["officer"]]["berth"] == "NE"


def test_the_summer_is_resolved_for_the_players_characters(officers_summer) -> None:
    g: Game = officers_summer["game"]
    made = officers_summer["officers"]
    final = _state(g)
    report = final["report"]
    assert set(report["outcomes"]) >= set(made.values())
    officers = {o["id"]: o for o in final["officers"]}
    raw = officers_summer["log"]["events"][-1]["data"]
    for key, oid in made.items():
        outcome = report["outcomes"][oid]
        assert outcome["player"] == g.players[key].seat["id"]
        officer = officers[oid]
        # what the summer did to him is in the state after it
        assert officer["experience"] == 1
        assert officer["dead"] == outcome["dead"]
        change = raw["report"]["changes"].get(oid, {})
        if "rank" in change:
            assert officer["rank"] == change["rank"] == outcome["promoted"]
        seat = next(s for s in final["seats"] if s["id"] == outcome["player"])
        if seat["role"] == "captain" and not officer["dead"]:  # his seat follows him
            assert seat["ship"] == officer["ship"] == change.get("ship", seat["ship"])
        assert officer["na"] == change.get("na", outcome["na"][0]) == outcome["na"][1]
        # his own seat reads his outcome first, by name, with his prize money
        mine = _state(g, g.players[key].token)["report"]
        assert mine["words"][0].startswith(f"{outcome['rank']} {outcome['name']}:")
        assert set(mine["yours"]) == {oid}
        assert mine["yours"][oid]["guineas"] == officer["funds"] - officer["birth"]["funds"]
        event = next(e for e in officers_summer["seen"][key] if e["type"] == "resolve_summer")
        told = {op["path"]: op.get("value") for op in event["patch"]}
        assert told["/report"]["words"][0] == mine["words"][0], "the summer's change of his view"
    # the GM reads every player's outcome; a minister the Gazette only, no private sums
    gm_words = _state(g)["report"]["words"]
    assert len(gm_words) == 3
    pm = _state(g, g.players["pm"].token)["report"]
    assert pm["yours"] is None and "personal_outcomes" not in pm and "changes" not in pm
    assert all("guineas" not in o and "na" not in o for o in pm["gazette"].values())
    assert all(o["dead"] or o["mentioned"] or o["promoted"] for o in pm["gazette"].values())
    assert not any("guineas" in w for w in pm["words"])


def test_the_summer_replays_from_its_log(officers_summer) -> None:
    state, problems = game.replay(copy.deepcopy(officers_summer["log"]))
    assert problems == []
    final = _state(officers_summer["game"])
    assert {o["id"]: o["rank"] for o in final["officers"]} == {
        oid: o["rank"] for oid, o in state["officers"].items()
    }


def test_a_character_mentioned_in_despatches_is_a_public_hero(officers_summer) -> None:
    """Briny 001:1084: "One die is rolled to get the number of Status Points per MiD he
    receives, starting when the ship docks back in London, for the next three months":
    each living officer mentioned in the summer of 1805 has his die on his record, docked
    in September; his own sheet reads his Status Points this month (the autumn's first: the
    die), his own report and notice say so; the Gazette tells the others he was mentioned,
    never his dice; the log replays to the same heroes."""
    g: Game = officers_summer["game"]
    made = officers_summer["officers"]
    final = _state(g)
    raw = officers_summer["log"]["events"][-1]["data"]["report"]
    assert final["date"].startswith("1805-09")
    officers = {o["id"]: o for o in final["officers"]}
    heard = {h["officer"]: h["dice"] for h in raw["mentions"]}
    assert heard, "the summer of the fixture mentions some"
    for oid, o in officers.items():
        dice = heard.get(oid, [])
        assert [m["die"] for m in o.get("mentions", [])] == dice, oid
        assert all(m["docked"] == "1805-09" for m in o.get("mentions", []))
        if dice:
            assert o["hero"] == {"mentions": len(dice), "month": "1805-09", "points": sum(dice)}
        else:
            assert "hero" not in o
    key = "fg"  # Captain Jack Aubrey, mentioned once as the fixture's summer falls
    oid, die = made[key], sum(heard[made[key]])
    player = g.players[key]
    own = next(o for o in _state(g, player.token)["officers"] if o["id"] == oid)
    assert own["hero"]["points"] == die
    words = f"a public hero: {die} Status Points a month for 3 months from his ship's docking"
    assert words in _state(g, player.token)["report"]["words"][0]
    told = g.rest("get", f"/api/campaigns/{g.id}/notices", token=player.token).json["notices"]
    assert any(n["type"] == "season" and words in n["text"] for n in told), told
    pm = _state(g, g.players["pm"].token)
    assert pm["report"]["gazette"][oid]["mentioned"] == 1
    assert "public hero" not in json.dumps(pm)
    assert_officers_replay(g, officers_summer["log"])


def test_no_seat_reads_another_characters_sheet(officers_summer) -> None:
    """Fog of war for the officers: every payload a player or an observer received, and
    every state they are sent, holds the private fields of his own officer only."""
    g: Game = officers_summer["game"]
    made = officers_summer["officers"]
    for key, player in g.players.items():
        if key == "gm":
            continue
        own = made.get(key)
        payloads = [*officers_summer["seen"][key], _state(g, player.token)]
        for payload in payloads:
            for officer in _officers_in(payload):
                if officer["id"] != own:
                    assert not set(PRIVATE) & set(officer), (key, officer)
        # and no seat's payload carries the report's dice
        text = json.dumps(payloads)
        assert "personal_outcomes" not in text and '"changes"' not in text


def _officers_in(value: Any) -> list[dict[str, Any]]:
    """Every officer record in a payload (a dict with an id and a rank and a name)."""
    found = []
    if isinstance(value, dict):
        if {"id", "rank", "name", "player"} <= set(value):
            found.append(value)
        for v in value.values():
            found.extend(_officers_in(v))
    elif isinstance(value, list):
        for v in value:
            found.extend(_officers_in(v))
    return found


def test_a_dead_officers_seat_takes_a_new_character() -> None:
    """His seat keeps its history; the GM (or the player) makes him a new officer."""
    states, _ = phase_states()
    state = copy.deepcopy(states["summer"])
    captain = state["seats"][SEATS["captain"]["id"]]
    rng = game.event_rng(5, 500)
    data = game.decide_officer(
        state,
        state["seats"]["gm"],
        {"officer": {"name": "Jack Aubrey"}, "seat": captain["id"]},
        "o-1",
        rng,
    )
    game.apply_event(state, "officer_created", data)
    assert state["seats"][captain["id"]]["officer"] == "o-1"
    with pytest.raises(ActionError) as alive:
        game.decide_officer(
            state, state["seats"]["gm"], {"officer": {}, "seat": captain["id"]}, "o-2", rng
        )
    assert alive.value.code == "conflict"
    state["officers"]["o-1"]["dead"] = True
    data = game.decide_officer(
        state,
        state["seats"]["gm"],
        {"officer": {"name": "William Bush"}, "seat": captain["id"]},
        "o-2",
        rng,
    )
    game.apply_event(state, "officer_created", data)
    assert state["seats"][captain["id"]]["officer"] == "o-2"
    assert state["officers"]["o-1"]["dead"] and state["officers"]["o-1"]["player"] == captain["id"]
    view = game.state_for(state, state["seats"][SEATS["admiral"]["id"]])
    dead = next(o for o in view["officers"] if o["id"] == "o-1")
    assert dead["dead"] and "sheet" not in dead


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_property_no_seat_sees_another_officers_private_fields(seed: int) -> None:
    """Any seed: two characters made, the summer resolved; every seat's state and every
    seat's payload of each event hold the private fields of its own officer only."""
    states, _ = phase_states()
    state = copy.deepcopy(states["summer"])
    tracker = game.track(state, 0)
    gm = state["seats"]["gm"]
    log = []
    for n, key in enumerate(("captain", "admiral")):
        seat_id = SEATS[key]["id"]
        args = {"officer": {}, "seat": seat_id}
        data = game.decide_officer(state, gm, args, f"o-{n}", game.event_rng(seed, 90 + n))
        game.apply_event(state, "officer_created", data)
        log.append(game.audiences(game.SPECS["officer_created"], 1 + n, "gm", data, state, tracker))
    _, data = game.decide(state, gm, {"type": "resolve_summer"}, game.event_rng(seed, 99))
    game.apply_event(state, "resolve_summer", data)
    log.append(game.audiences(game.SPECS["resolve_summer"], 3, "gm", data, state, tracker))
    own = {o["player"]: oid for oid, o in state["officers"].items() if o["player"]}
    for seat in state["seats"].values():
        if seat["role"] == "gm":
            continue
        payloads = [game.state_for(state, seat)]
        payloads += [p for groups in log for p, ids in groups if seat["id"] in ids]
        for officer in _officers_in(payloads):
            if officer["id"] != own.get(seat["id"]):
                assert not set(PRIVATE) & set(officer), (seat["id"], officer)
        text = json.dumps(payloads)
        assert "personal_outcomes" not in text and '"changes"' not in text
