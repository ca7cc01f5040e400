"""The GM's seats through the protocol (issue 14): a seat handed to another squadron or ship
(``reassign``), a seat revoked, the warnings of idle seats and unseated commands, who is
connected (``presence``), and the GM ordering a squadron no seat commands."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from server import game
from server.game import officers as game_officers
from server.game import rules
from tests.server_helpers import (
    Game,
    Player,
    assert_seats_follow_records,
    phase_states,
    socket_client,
)

# Table F 31 (cabinet 3, 1): the Red, Blue and Blockade squadrons sail, the White stays home
SHIPS, DEPLOY = 3, 1


def _summer(g: Game, **seats: dict[str, Any]) -> Game:
    """Seat the ministers and ``seats`` (key -> body), then roll the force (Table F 31)."""
    g.gm()
    g.add("pm", "prime-minister")
    g.add("fsl", "first-sea-lord")
    for key, body in seats.items():
        g.add(key, **body)
    assert g.players["pm"].act("set_ships", digit=SHIPS)["ok"]
    assert g.players["fsl"].act("set_deployment", digit=DEPLOY)["ok"]
    assert g.players["gm"].act("roll_force")["ok"]
    g.drain()
    return g


def _state(g: Game, token: str | None = None) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state", token).json["state"]


def _log(g: Game) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/log").json


def _seating(g: Game) -> dict[str, Any]:
    r = g.rest("get", f"/api/campaigns/{g.id}/seats")
    assert r.status_code == 200, r.json
    return r.json


def _ships_of(state: dict[str, Any], squadron: str) -> list[str]:
    return [d["ship"] for d in state["deployment"] if d["squadron"] == squadron]


def _officer(state: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in state["officers"] if o["id"] == oid)


def _presence(player: Player) -> list[dict[str, Any]]:
    return [m["args"][0] for m in player.client.get_received() if m["name"] == "presence"]


def test_the_warnings_name_idle_seats_and_unseated_commands(fresh_game: Game) -> None:
    g = fresh_game
    g.gm()
    g.add("white", "admiral", squadron="White")
    assert _seating(g)["warnings"] == [], "none before the roll: the summer is not known"
    g = _summer(g, red={"role": "admiral", "squadron": "Red"})
    state = _state(g)
    blockade = _ships_of(state, "Blockade")
    warnings = _seating(g)["warnings"]
    white = g.players["white"].seat["id"]
    assert {"kind": "idle", "seat": white} in [
        {k: w[k] for k in ("kind", "seat")} for w in warnings if "seat" in w
    ]
    assert "White squadron is not on campaign" in warnings[0]["text"]
    unseated_squadrons = {w["squadron"] for w in warnings if "squadron" in w}
    assert unseated_squadrons == {"Blue", "Blockade"}, "the Red has its admiral"
    unseated_ships = {w["ship"] for w in warnings if "ship" in w}
    deployed = {d["ship"]: d["squadron"] for d in state["deployment"]}
    assert unseated_ships == {s for s, q in deployed.items() if q != "Red"}, (
        "a Red ship has her admiral at the table"
    )
    # a captain of a ship at home is idle; one at sea takes her off the unseated list
    fleet = g.app.test_client().get("/api/rules").json["fleet"]
    at_sea, home = blockade[0], next(s["code"] for s in fleet if s["code"] not in deployed)
    g.add("cap", "captain", ship=at_sea)
    g.add("idle", "captain", ship=home)
    warnings = _seating(g)["warnings"]
    idle = {w["seat"] for w in warnings if w["kind"] == "idle"}
    assert idle == {white, g.players["idle"].seat["id"]}
    assert at_sea not in {w.get("ship") for w in warnings}


def test_only_the_gm_reads_the_seats(fresh_game: Game) -> None:
    _, token = fresh_game.seat("observer")
    r = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/seats", token)
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"


def test_reassign_hands_an_idle_admiral_to_a_squadron_at_sea(fresh_game: Game) -> None:
    g = _summer(fresh_game, white={"role": "admiral", "squadron": "White", "officer": {}})
    gm, white = g.players["gm"], g.players["white"]
    seat_id, oid = white.seat["id"], white.seat["officer"]
    before = _state(g)
    rank = _officer(before, oid)["rank"]
    npc = next(o for o in before["officers"] if o["berth"] == "Blue" and o["rank"] == rank)
    ack = gm.act("reassign", seat=seat_id, squadron="blue")
    assert ack["ok"], ack
    told = [e for e in white.events() if e["type"] == "reassign"]
    assert told and told[0]["data"] == {
        "seat": seat_id,
        "squadron": "Blue",
        "ship": None,
        "was": "White",
        "officer": oid,
        "relieved": npc["id"],
    }
    after = _state(g)
    seat = next(s for s in after["seats"] if s["id"] == seat_id)
    assert seat["squadron"] == "Blue" and seat["officer"] == oid
    assert _officer(after, oid)["berth"] == "Blue", "his character goes with his seat"
    assert _officer(after, npc["id"])["berth"] == "White", "the NPC takes the berth left"
    assert seat_id not in {w.get("seat") for w in _seating(g)["warnings"]}
    # the seat's own token goes on working, and its history stays under its id
    assert white.act("deploy", squadron="Blue", station="channel")["ok"]
    log = _log(g)
    assert [e["type"] for e in log["events"] if e["seat"] == seat_id] == ["deploy"]
    made = next(
        e
        for e in log["events"]
        if e["type"] == "seat_created" and e["data"]["seat"]["id"] == seat_id
    )
    assert made["data"]["seat"]["squadron"] == "White", "the log keeps what was"
    state, problems = game.replay(log)
    assert problems == [] and state["seats"][seat_id]["squadron"] == "Blue"
    # the Blockade squadron has no flag officers: he takes it, and nobody his Blue berth
    assert gm.act("reassign", seat=seat_id, squadron="Blockade")["ok"]
    last = [e for e in white.events() if e["type"] == "reassign"][-1]["data"]
    assert last["was"] == "Blue" and last["relieved"] is None


def test_reassign_a_captain_to_another_ship(fresh_game: Game) -> None:
    g = _summer(fresh_game)
    red = _ships_of(_state(g), "Red")
    g.add("cap", "captain", ship=red[0], officer={})
    cap = g.players["cap"]
    assert g.players["gm"].act("reassign", seat=cap.seat["id"], ship=red[1].lower())["ok"]
    after = _state(g)
    assert _officer(after, cap.seat["officer"])["berth"] == red[1]
    assert [o["berth"] for o in after["officers"] if o["berth"] == red[0]], "an NPC took hers"
    assert cap.act("sail", ship=red[1], to="plymouth")["ok"], "he orders his new ship"
    refused = cap.act("sail", ship=red[0], to="plymouth")
    assert refused["error"]["code"] == "forbidden"
    assert game.replay(_log(g))[1] == []


def _refusal(g: Game, **args: Any) -> dict[str, Any]:
    seq = len(_log(g)["events"])
    ack = g.players["gm"].act("reassign", **args)
    assert ack["ok"] is False, ack
    assert len(_log(g)["events"]) == seq, "nothing logged"
    return ack["error"]


def test_reassign_is_refused_with_one_clear_error(fresh_game: Game) -> None:
    g = _summer(
        fresh_game,
        white={"role": "admiral", "squadron": "White"},
        red={"role": "admiral", "squadron": "Red"},
        cap={"role": "captain", "ship": "HA"},
        other={"role": "captain", "ship": "RO"},
        third={"role": "captain", "ship": "NE"},
    )
    white, cap = g.players["white"].seat["id"], g.players["cap"].seat["id"]
    err = _refusal(g, seat="s-nobody", squadron="Blue")
    assert err["code"] == "not_found" and "s-nobody" in err["message"]
    err = _refusal(g, seat=white, squadron="Red")
    assert err["code"] == "conflict" and "Red" in err["message"], "the Red has its admiral"
    err = _refusal(g, seat=cap, ship="RO")
    assert err["code"] == "conflict" and "RO" in err["message"]
    err = _refusal(g, seat=cap, squadron="Blue")
    assert err["code"] == "invalid" and err["message"].startswith("'squadron'")
    err = _refusal(g, seat=white, ship="RO")
    assert err["code"] == "invalid" and err["message"].startswith("'ship'")
    err = _refusal(g, seat=white, squadron="Green")
    assert err["code"] == "invalid" and "Green" in err["message"]
    err = _refusal(g, seat=cap, ship="ZZ")
    assert err["code"] == "not_found" and "ZZ" in err["message"]
    err = _refusal(g, seat=white, squadron="Blue", ship="RO")
    assert err["code"] == "invalid" and "exactly one" in err["message"]
    err = _refusal(g, seat=g.players["gm"].seat["id"], squadron="Blue")
    assert err["code"] == "not_found"
    ack = g.players["red"].act("reassign", seat=white, squadron="Blue")
    assert ack["error"]["code"] == "forbidden", "the GM's only"


def test_a_revoked_seat_is_vacant_and_its_token_opens_nothing(fresh_game: Game) -> None:
    g = fresh_game
    gm = g.gm()
    cap = g.add("cap", "captain", ship="RO")
    seat_id = cap.seat["id"]
    assert cap.act("ready")["ok"]
    path = f"/api/campaigns/{g.id}/seats/{seat_id}/revoke"
    r = g.rest("post", path, cap.token)
    assert r.status_code == 403, "the GM's only"
    gm.client.get_received()
    r = g.rest("post", path)
    assert r.status_code == 200 and r.json == {"seat": seat_id, "vacant": True}
    assert [m["name"] for m in cap.client.get_received()].count("revoked") == 1
    assert cap.act("ready")["error"]["code"] == "forbidden"
    again = socket_client(g.app)
    ack = again.emit("join", {"campaign": g.id, "token": cap.token}, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] == "forbidden"
    assert g.rest("get", f"/api/campaigns/{g.id}/state", cap.token).status_code == 403
    seat = next(s for s in _seating(g)["seats"] if s["id"] == seat_id)
    assert seat["vacant"] is True and seat["online"] is False and seat["ship"] == "RO"
    assert {"seat": seat_id, "online": False} in _presence(gm)
    assert g.rest("post", path).json["error"]["code"] == "conflict", "already vacant"
    gm_seat = gm.seat["id"]
    r = g.rest("post", f"/api/campaigns/{g.id}/seats/{gm_seat}/revoke")
    assert r.status_code == 403
    # reissued, the seat is held again, its history kept
    r = g.rest("post", f"/api/campaigns/{g.id}/seats/{seat_id}/token", json={"name": "Pullings"})
    back = g.join(r.json["token"])
    assert back.seat["id"] == seat_id
    assert next(s for s in _seating(g)["seats"] if s["id"] == seat_id)["vacant"] is False
    log = _log(g)
    kinds = [e["type"] for e in log["events"] if e["type"] != "campaign_created"]
    assert kinds == ["seat_created", "ready", "seat_revoked", "seat_reissued"]
    assert game.replay(log)[1] == []


def test_presence_follows_each_seats_first_and_last_socket(fresh_game: Game) -> None:
    g = fresh_game
    gm = g.gm()
    _, token = g.seat("captain", ship="RO")
    cap = g.join(token)
    seat_id, gm_id = cap.seat["id"], gm.seat["id"]
    assert cap.ack["presence"] == {gm_id: True, seat_id: True}
    assert _presence(gm) == [{"seat": seat_id, "online": True}]
    second = g.join(token)
    assert _presence(gm) == [], "a second socket of a seat online: no news"
    assert second.ack["presence"][seat_id] is True
    cap.client.disconnect()
    assert _presence(gm) == []
    assert next(s for s in _seating(g)["seats"] if s["id"] == seat_id)["online"] is True
    second.client.disconnect()
    assert _presence(gm) == [{"seat": seat_id, "online": False}]
    assert next(s for s in _seating(g)["seats"] if s["id"] == seat_id)["online"] is False
    observer = g.add("obs", "observer")
    assert observer.ack["presence"] == {gm_id: True, seat_id: False, observer.seat["id"]: True}


def test_the_gm_sails_the_unseated_blockade_squadron(fresh_game: Game) -> None:
    """Issue 14: "the Blockade squadron never left Plymouth": no admiral, the GM orders it."""
    g = _summer(fresh_game, red={"role": "admiral", "squadron": "Red"})
    gm = g.players["gm"]
    force = next(f for f in _state(g)["forces"] if f.get("squadron") == "Blockade")
    assert force["port"] == "plymouth"
    assert gm.act("deploy", squadron="Blockade", station="channel")["ok"]
    assert gm.act("advance", days=2)["ok"]
    moved = next(f for f in _state(g)["forces"] if f["id"] == force["id"])
    assert moved["port"] != "plymouth" and moved["orders"]["kind"] == "station"
    ship = _ships_of(_state(g), "Blockade")[0]
    assert gm.act("sail", ship=ship, to="plymouth")["ok"], "one of its ships, detached"
    # the Red squadron's own admiral is still the only player who may order it
    assert g.players["red"].act("sail", squadron="Blockade", to="plymouth")["error"]["code"] == (
        "forbidden"
    )
    assert gm.act("sail", squadron="Red", to="portsmouth", **{"as": g.players["red"].seat["id"]})[
        "ok"
    ]
    assert game.replay(_log(g))[1] == []


@pytest.mark.parametrize("flag, seat_to", [("White", "White"), ("Red", None)])
def test_a_promotion_to_flag_rank_goes_ashore_when_the_squadrons_seat_is_taken(
    flag: str, seat_to: str | None
) -> None:
    """A seated captain (FG's) promoted Rear Admiral by a season (a scripted promotion):
    his seat becomes the admiral's seat of his flag's squadron (the White: no seat holds
    it), or goes ashore with him when another seat is its admiral's (the Red: Calder's);
    FG gets an NPC captain of a fresh id (her old one, ashore, keeps his record)."""
    state = copy.deepcopy(phase_states()[0]["autumn"])
    state["officers"]["FG-captain"]["player"] = "fg"
    state["seats"]["fg"]["officer"] = "FG-captain"
    was = state["officers"]["FG-captain"]
    promoted = {**was, "rank": "Rear Admiral", "ship": None, "squadron": flag}
    # an old captain of hers, ashore: his id is not taken over
    state["officers"]["FG-captain-2"] = {**was, "id": "FG-captain-2", "player": None, "ship": None}
    (moved,) = game_officers.flag_seats(state, {"FG-captain": promoted}, seed=7)
    assert (moved["player"], moved["officer"], moved["flag"]) == ("fg", "FG-captain", flag)
    assert (moved["squadron"], moved["was"], moved["rank"]) == (seat_to, "FG", "Rear Admiral")
    relief = moved["relief"]
    assert (relief["id"], relief["ship"], relief["player"]) == ("FG-captain-3", "FG", None)
    assert relief["rank"] in rules.CAPTAIN_RANKS
    assert game_officers.flag_seats(state, {"FG-captain": promoted}, seed=7) == [moved]
    state["officers"]["FG-captain"] = promoted
    game_officers.apply_flag_seats(state, [moved])
    seat = state["seats"]["fg"]
    assert (seat["role"], seat["ship"], seat["squadron"]) == ("admiral", None, seat_to)
    assert state["officers"]["FG-captain"]["squadron"] == seat_to
    assert state["officers"]["FG-captain-3"] == relief
    assert_seats_follow_records(state)


def test_a_disgraced_captain_promoted_hoists_his_flag_in_the_blockade() -> None:
    """Disgraced (a debt: nothing lifts it at sea), the captain promoted Rear Admiral of the
    White goes to the Blockade's admiral's seat, not the White's; his record with it."""
    state = copy.deepcopy(phase_states()[0]["autumn"])
    state["officers"]["FG-captain"]["player"] = "fg"
    state["seats"]["fg"]["officer"] = "FG-captain"
    was = state["officers"]["FG-captain"]
    disgrace = {"cause": "debt", "season": "1805 autumn"}
    promoted = {**was, "rank": "Rear Admiral", "ship": None, "squadron": "White"}
    (free,) = game_officers.flag_seats(state, {"FG-captain": promoted}, seed=7)
    assert free["squadron"] == "White"
    promoted["disgrace"] = disgrace
    (moved,) = game_officers.flag_seats(state, {"FG-captain": promoted}, seed=7)
    assert (moved["flag"], moved["squadron"], moved["was"]) == (
        rules.BLOCKADE,
        rules.BLOCKADE,
        "FG",
    )
    state["officers"]["FG-captain"] = promoted
    game_officers.apply_flag_seats(state, [moved])
    seat = state["seats"]["fg"]
    assert (seat["role"], seat["squadron"]) == ("admiral", rules.BLOCKADE)
    assert state["officers"]["FG-captain"]["squadron"] == rules.BLOCKADE
    assert state["officers"]["FG-captain"]["disgrace"] == disgrace
    assert_seats_follow_records(state)


def test_a_captain_promoted_within_captains_ranks_moves_no_seat() -> None:
    """Only a flag rank moves a captain's seat this way (a captain's new ship is
    follow_berths'); a dead man's seat is not moved."""
    state = copy.deepcopy(phase_states()[0]["autumn"])
    state["officers"]["FG-captain"]["player"] = "fg"
    state["seats"]["fg"]["officer"] = "FG-captain"
    was = state["officers"]["FG-captain"]
    captain = {**was, "rank": "Post Captain"}
    dead = {**was, "rank": "Rear Admiral", "ship": None, "squadron": "White", "dead": True}
    assert game_officers.flag_seats(state, {"FG-captain": captain}, seed=7) == []
    assert game_officers.flag_seats(state, {"FG-captain": dead}, seed=7) == []
