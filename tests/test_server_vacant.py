"""A vacant seat never blocks (issue 30, item 9): a seat the GM revoked is waited for by
nothing. The turn clock counts only the seated players; a vacant captain's ship is ordered
by her seated admiral, else fights by the standing orders her seats left, and a fight that
waits for nobody is fought at once; the GM's seats panel warns of the vacant seat."""

from __future__ import annotations

import copy
import random
from typing import Any

from server import game as server_game
from server.game import engagements, rules
from server.game.state import initial_state
from tests.server_helpers import Clock, Game, Player, map_force, map_ship


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def _log(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/log").json


def _warnings(game: Game) -> list[dict[str, Any]]:
    r = game.rest("get", f"/api/campaigns/{game.id}/seats")
    assert r.status_code == 200, r.json
    return r.json["warnings"]


def _revoke(game: Game, player: Player) -> None:
    r = game.rest("post", f"/api/campaigns/{game.id}/seats/{player.seat['id']}/revoke")
    assert r.status_code == 200, r.json


def _fight(game: Game, eid: str) -> dict[str, Any]:
    return next(e for e in _state(game)["engagements"] if e["id"] == eid)


def _orders(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Battle ship id -> the orders she fought the event's round(s) by (the first round's)."""
    out: dict[str, dict[str, Any]] = {}
    for e in event["data"]["round"]["events"]:
        if e.get("type") == "decision":
            out.setdefault(e["ship"], e["orders"])
    return out


def test_the_turn_moves_when_every_seated_player_is_ready(clock_table) -> None:
    game, _ = clock_table
    gm = game.players["gm"]
    assert gm.act("roll_force")["ok"]
    assert gm.act("set_clock", turn_days=3, turn_seconds=3600)["ok"]
    # a captain of a ship no seated admiral commands (the Red admiral is the only one)
    ship = next(d["ship"] for d in _state(game)["deployment"] if d["squadron"] != "Red")
    cap = game.add("cap", "captain", ship=ship)
    cap_id = cap.seat["id"]
    for key in ("pm", "fsl", "red"):
        assert game.players[key].act("ready")["ok"]
    assert _state(game)["day"] == 0, "the captain is seated and not ready"
    assert "vacant" not in {w["kind"] for w in _warnings(game)}
    assert ship not in {w.get("ship") for w in _warnings(game)}
    # his seat revoked, every seated player is ready: the turn moves at once
    _revoke(game, cap)
    events = _log(game)["events"]
    revoked = next(e for e in events if e["type"] == "seat_revoked")
    moved = events[-1]
    assert (moved["type"], moved["seat"], moved["data"]["due"]) == ("advance", None, "ready")
    assert moved["seq"] == revoked["seq"] + 1
    assert _state(game)["day"] == 3
    # the seats panel warns of the vacant seat; its ship has nobody at the table now
    warnings = _warnings(game)
    [vacant] = [w for w in warnings if w["kind"] == "vacant"]
    assert vacant["seat"] == cap_id and "vacant" in vacant["text"] and ship in vacant["text"]
    assert ship in {w.get("ship") for w in warnings if w["kind"] == "unseated"}
    # and the next turn waits for the seated players only
    for key in ("pm", "fsl"):
        assert game.players[key].act("ready")["ok"]
    ack = game.players["red"].act("ready")
    assert ack["ok"] and _log(game)["events"][-1]["seq"] == ack["seq"] + 1
    assert _state(game)["day"] == 6
    log = _log(game)
    assert server_game.replay(log)[1] == []
    # a log of rules version 2 waited for the vacant seat: what the clock decided while it
    # stood vacant stands as logged there, and is checked under today's rules
    tampered = copy.deepcopy(log)
    tampered["events"][moved["seq"] - 1]["data"]["due"] = "deadline"
    problems = server_game.replay(tampered)[1]  # (and what followed it, not applied)
    assert problems[0].startswith(f"seq {moved['seq']}: advance decides differently")
    tampered["events"][0]["data"]["rules"] = 2
    assert server_game.replay(tampered)[1] == []


def test_a_fight_whose_seats_fall_vacant_never_waits(fleet_fight) -> None:
    """The captain's seat revoked, his admiral orders his ship; the admiral's revoked too,
    the standing orders they left fight her; the last seat revoked, the clock fights the
    battle out at once and the turn may move."""
    game: Game = fleet_fight["game"]
    hands: Clock = fleet_fight["clock"]
    gm, red, blue, fg = (game.players[k] for k in ("gm", "red", "blue", "fg"))
    eid = fleet_fight["fight"]["id"]
    ours = {s["code"]: s["id"] for s in fleet_fight["fight"]["sides"]["a"]}
    frigate = ours["FG"]
    assert _fight(game, eid)["awaiting"][frigate] == fg.seat["id"]
    assert fg.act("standing_orders", decision="hold", shot="chainshot")["ok"]
    assert red.act("standing_orders", decision="close", shot="grapeshot", range=1)["ok"]
    _revoke(game, fg)
    fight = _fight(game, eid)
    assert fight["awaiting"][frigate] == red.seat["id"], "her admiral orders her now"
    assert fg.seat["id"] not in fight["seats"] and frigate in fight["seats"][red.seat["id"]]
    [vacant] = [w for w in _warnings(game) if w["kind"] == "vacant"]
    assert vacant["seat"] == fg.seat["id"] and "her admiral" in vacant["text"]
    ack = red.act("engage_decision", engagement=eid, ship=frigate, decision="hold", shot="double")
    assert ack["ok"], ack
    # the admiral's seat revoked too: his ships wait for nobody; the orders he gave stand
    _revoke(game, red)
    fight = _fight(game, eid)
    red_ships = {
        s for s, seat in fleet_fight["fight"]["awaiting"].items() if seat != blue.seat["id"]
    }
    assert frigate in red_ships and not red_ships & set(fight["awaiting"])
    assert set(fight["awaiting"].values()) == {blue.seat["id"]}
    ack = blue.act("engage_decision", engagement=eid, decision="close")
    assert ack["ok"], ack
    [fought] = [e for e in _log(game)["events"] if e["seq"] == ack["seq"]]
    assert fought["data"]["round"] is not None, "the round waited for nobody else"
    orders = _orders(fought)
    assert orders[frigate]["move"] == "hold" and orders[frigate]["shot"] == "double"
    for sid in red_ships - {frigate}:  # the admiral's standing orders
        assert orders[sid]["move"] == "close" and orders[sid]["shot"] == "grapeshot"
    if not _fight(game, eid)["over"]:  # the next round: her captain's standing orders
        ack = blue.act("engage_decision", engagement=eid, decision="close")
        assert ack["ok"], ack
        [fought] = [e for e in _log(game)["events"] if e["seq"] == ack["seq"]]
        orders = _orders(fought)
        assert orders[frigate]["move"] == "hold" and orders[frigate]["shot"] == "chainshot"
    if not _fight(game, eid)["over"]:  # nobody left to wait for: fought out at once
        _revoke(game, blue)
        last = _log(game)["events"][-1]
        assert (last["type"], last["seat"], last["data"]["due"]) == (
            "engage_decision",
            None,
            "round",
        )
    assert _fight(game, eid)["over"]
    assert hands.wait(0) == []
    assert gm.act("advance", days=1)["ok"], "the turn waits for no fight"
    assert server_game.replay(_log(game))[1] == []


# -- a fight opened with a vacant seat (the rules alone) ------------------------------------


def _campaign(vacant: bool, admiral: bool) -> dict[str, Any]:
    """FG and DR of the Red squadron against two French ships, FG's captain's seat (with
    standing orders) seated or ``vacant``, the Red admiral's seated or not."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    for npc in rules.npc_officers([], 1805, random.Random(1)):
        work["officers"][npc["id"]] = {**npc, "player": None}
    red = map_force(
        "red", "Britain", [map_ship("FG", "Fifth Rate", "B"), map_ship("DR", "Brig Sloop", "F")]
    )
    work["forces"] = {
        "red": {**red, "squadron": "Red"},
        "fr": map_force(
            "fr", "France", [map_ship("Alexandre", "Fifth Rate"), map_ship("Vif", "Cutter")]
        ),
    }
    seat = {"squadron": None, "officer": None, "ready": False}
    work["seats"]["cap"] = {**seat, "id": "cap", "role": "captain", "name": "Aubrey", "ship": "FG"}
    if vacant:
        work["seats"]["cap"]["vacant"] = True
    if admiral:
        work["seats"]["adm"] = {
            **seat,
            "id": "adm",
            "role": "admiral",
            "name": "Calder",
            "squadron": "Red",
            "ship": None,
        }
    work["standing"]["cap"] = {"move": "hold", "shot": "chainshot"}
    return work


def _opened(vacant: bool, admiral: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The campaign and the first fight the two forces open that the chase does not end."""
    for seed in range(40):
        work = _campaign(vacant, admiral)
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
        if not (record["outcome"] or {}).get("chase"):  # (the prey got away in the chase)
            return work, record
    raise AssertionError("every chase escaped")


def test_a_fight_opened_with_a_vacant_captain_waits_for_her_admiral_or_nobody() -> None:
    _, seated = _opened(vacant=False, admiral=True)
    assert seated["awaiting"] == {"a0": "cap", "a1": "adm"} and not seated["over"]
    work, flag = _opened(vacant=True, admiral=True)
    assert flag["awaiting"] == {"a0": "adm", "a1": "adm"} and flag["seats"] == {"adm": ["a0", "a1"]}
    # reissued, the captain orders his ship again; revoked, she is the admiral's again
    del work["seats"]["cap"]["vacant"]
    engagements.reseat(work, "cap")
    assert flag["awaiting"] == {"a0": "cap", "a1": "adm"}
    assert flag["seats"] == {"adm": ["a0", "a1"], "cap": ["a0"]}
    work["seats"]["cap"]["vacant"] = True
    engagements.reseat(work, "cap")
    assert flag["awaiting"] == {"a0": "adm", "a1": "adm"} and flag["seats"] == {"adm": ["a0", "a1"]}
    _, alone = _opened(vacant=True, admiral=False)
    assert alone["over"] and alone["awaiting"] == {} and alone["seats"] == {}
    rounds = alone["battle"]["decisions"]
    assert rounds and all(r["a0"] == {"move": "hold", "shot": "chainshot"} for r in rounds)
