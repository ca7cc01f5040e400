"""The turn clock and the round deadline (issue 14 item 6, issue 13 item 3): the server moves
the game on by itself when a deadline passes or every seated player is ready; a battle round
waits for its seated players up to the round deadline, then their standing orders fight it.

The app's clock is the service's ``now``, set by these tests; its beat is
``CampaignService.run_clock`` (the server runs it twice a second). Two processes on one
database: tests/test_clock_live.py."""

from __future__ import annotations

import datetime as dt
from typing import Any

from server import game as server_game
from server.game import clock
from tests.server_helpers import Clock, Game


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def _log(game: Game) -> list[dict[str, Any]]:
    return game.rest("get", f"/api/campaigns/{game.id}/log").json["events"]


def _replays(game: Game) -> None:
    _, problems = server_game.replay(game.rest("get", f"/api/campaigns/{game.id}/log").json)
    assert problems == []


def test_the_cabinet_deadline_rolls_the_force_then_each_turn_advances_once(clock_table) -> None:
    game, hands = clock_table
    gm, pm = game.players["gm"], game.players["pm"]
    assert pm.act("set_ships", digit=3)["ok"]
    assert gm.act("set_clock", turn_days=2, turn_seconds=60)["ok"]
    assert _state(game)["deadline"] == "2026-12-01T18:01:00.000Z"
    assert hands.wait(59) == []  # not yet
    [roll] = hands.wait(2)
    event = _log(game)[-1]
    assert (event["seq"], event["type"], event["seat"]) == (roll, "roll_force", None)
    assert event["data"]["due"] == "deadline"
    # the absent First Sea Lord's digit rolled, the Prime Minister's kept
    assert event["data"]["ships_digit"] == 3 and set(event["data"]["rolled"]) == {
        "deployment_digit"
    }
    state = _state(game)
    assert state["phase"] == "summer" and state["deadline"] == "2026-12-01T18:02:01.000Z"
    [advance] = hands.wait(60)
    assert hands.wait(0) == []  # done once: the next deadline is a turn away
    event = _log(game)[-1]
    assert (event["seq"], event["type"], event["data"]["days"]) == (advance, "advance", 2)
    assert _state(game)["day"] == 2
    assert _state(game)["deadline"] == "2026-12-01T18:03:01.000Z"
    # every seat is told, with the next deadline
    seen = [e for e in game.players["red"].events() if e["seq"] == advance]
    told = {op["path"]: op.get("value") for op in seen[0]["patch"]}
    assert seen[0]["due"] == "deadline" and told["/deadline"] == _state(game)["deadline"]
    _replays(game)


def test_everyone_ready_moves_the_turn_at_once(clock_table) -> None:
    game, hands = clock_table
    gm = game.players["gm"]
    assert gm.act("roll_force")["ok"]
    assert gm.act("set_clock", turn_days=3, turn_seconds=3600)["ok"]
    for key in ("pm", "fsl"):
        assert game.players[key].act("ready")["ok"]
    assert _state(game)["day"] == 0  # one seated player is not ready yet
    ack = game.players["red"].act("ready")
    assert ack["ok"]
    event = _log(game)[-1]
    assert (event["seq"], event["type"], event["data"]["due"]) == (
        ack["seq"] + 1,
        "advance",
        "ready",
    )
    state = _state(game)
    assert state["day"] == 3 and not any(s["ready"] for s in state["seats"])
    assert hands.wait(1) == []
    red = game.players["red"]
    told = game.rest("get", f"/api/campaigns/{game.id}/notices?since=0", token=red.token).json
    [turn] = [n for n in told["notices"] if n["type"] == "turn"]
    assert turn["seq"] == event["seq"] and turn["due"] == "ready"
    assert turn["text"] == "Every player is ready: the campaign moves on to 4 June 1805."
    _replays(game)


def test_pause_stops_the_clock_and_no_clock_leaves_the_turn_to_the_gm(clock_table) -> None:
    game, hands = clock_table
    gm = game.players["gm"]
    assert gm.act("roll_force")["ok"]
    assert gm.act("set_clock", turn_days=1, turn_seconds=60)["ok"]
    assert gm.act("pause")["ok"]
    assert hands.wait(600) == []
    assert gm.act("advance", days=1)["ok"]  # by hand, paused or not
    assert hands.wait(600) == [] and _state(game)["day"] == 1
    assert gm.act("resume")["ok"]
    assert _state(game)["deadline"] == "2026-12-01T18:21:00.000Z"  # a whole turn from resuming
    assert len(hands.wait(61)) == 1
    # the clock stopped: ready moves nothing, the turn is the GM's
    assert gm.act("set_clock", turn_days=1, turn_seconds=None)["ok"]
    assert _state(game)["deadline"] is None
    for key in ("pm", "fsl", "red"):
        assert game.players[key].act("ready")["ok"]
    assert hands.wait(3600) == [] and _state(game)["day"] == 2
    # a deadline the GM sets by hand runs the clock: all being ready, the turn moves at
    # once; then the deadline moves the next turn once, and is spent
    assert gm.act("set_deadline", deadline="2026-12-01T19:25:00Z")["ok"]
    assert _log(game)[-1]["data"]["due"] == "ready" and _state(game)["day"] == 3
    assert len(hands.wait(600)) == 1
    assert _log(game)[-1]["data"]["due"] == "deadline"
    assert _state(game)["day"] == 4 and _state(game)["deadline"] is None
    assert hands.wait(600) == []
    _replays(game)


def test_set_clock_refuses_bad_values_and_changes_nothing(clock_table) -> None:
    game, _ = clock_table
    gm, red = game.players["gm"], game.players["red"]
    before = _log(game)
    for bad, says in (
        ({"turn_days": 0, "turn_seconds": 60}, "'turn_days'"),
        ({"turn_days": 31, "turn_seconds": 60}, "'turn_days'"),
        ({"turn_days": 1, "turn_seconds": 9}, "'turn_seconds'"),
        ({"turn_days": 1, "turn_seconds": 60, "round_seconds": 10**7}, "'round_seconds'"),
        ({"turn_days": 1}, "'turn_seconds'"),
    ):
        ack = gm.act("set_clock", **bad)
        assert ack["error"]["code"] == "invalid" and says in ack["error"]["message"], ack
    assert red.act("set_clock", turn_days=1, turn_seconds=60)["error"]["code"] == "forbidden"
    assert _log(game) == before


def test_the_last_turn_resolves_the_summer_and_the_clock_turns_the_year(clock_table) -> None:
    game, hands = clock_table
    gm = game.players["gm"]
    assert gm.act("roll_force")["ok"]
    for _ in range(3):
        assert gm.act("advance", days=30)["ok"]
    assert gm.act("set_clock", turn_days=30, turn_seconds=60)["ok"]
    hands.wait(61)
    assert _state(game)["day"] == 92  # the two days left, not thirty
    [resolved] = hands.wait(61)
    assert _log(game)[-1]["type"] == "resolve_summer"
    state = _state(game)
    assert state["phase"] == "autumn" and state["date"] == "1805-09-01"
    # each season's deadline moves the year on: winter, spring, the next summer's cabinet
    for phase, date in (
        ("winter", "1805-12-01"),
        ("spring", "1806-03-01"),
        ("cabinet", "1806-06-01"),
    ):
        [seq] = hands.wait(61)
        event = _log(game)[-1]
        assert (event["seq"], event["type"], event["data"]["due"]) == (
            seq,
            "next_season",
            "deadline",
        )
        state = _state(game)
        assert (state["phase"], state["date"]) == (phase, date)
    assert state["year"] == 1806 and state["forces"] == [] and state["day"] == 0
    assert [y["year"] for y in state["years"]] == [1805] and state["years"][0]["report"]
    [rolled] = hands.wait(61)  # the cabinet's deadline: the force of 1806
    assert _log(game)[-1]["type"] == "roll_force" and _state(game)["phase"] == "summer"
    assert resolved < rolled
    _replays(game)


def test_the_players_readies_end_the_summer_and_the_autumn_waits_for_them(clock_table) -> None:
    """The last turn moved on by every player's ready resolves the summer; the autumn is
    a new turn, nobody ready in it, so the clock does not pass it at once (version 2 left
    the seats ready and went on to the winter)."""
    game, hands = clock_table
    gm = game.players["gm"]
    assert gm.act("roll_force")["ok"]
    for _ in range(3):
        assert gm.act("advance", days=30)["ok"]
    assert gm.act("advance", days=2)["ok"]
    assert gm.act("set_clock", turn_days=30, turn_seconds=3600)["ok"]
    for key in ("pm", "fsl", "red"):
        assert game.players[key].act("ready")["ok"]
    kinds = [e["type"] for e in _log(game)[-2:]]
    assert kinds == ["ready", "resolve_summer"]
    state = _state(game)
    assert (state["phase"], state["date"]) == ("autumn", "1805-09-01")
    assert not any(s["ready"] for s in state["seats"])
    assert hands.wait(1) == []  # the autumn's deadline is an hour away
    _replays(game)


# -- a battle of squadrons with a captain and two admirals seated ---------------------------


def _decisions(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["ship"]: e["orders"] for e in events if e.get("type") == "decision"}


def test_the_round_deadline_has_the_absent_admirals_standing_orders_fight(fleet_fight) -> None:
    game: Game = fleet_fight["game"]
    hands: Clock = fleet_fight["clock"]
    eid = fleet_fight["fight"]["id"]
    gm, red, blue, fg = (game.players[k] for k in ("gm", "red", "blue", "fg"))
    sides = fleet_fight["fight"]["sides"]
    ours = {s["code"]: s["id"] for s in sides["a"]}
    awaiting = fleet_fight["fight"]["awaiting"]  # battle ship -> the seat that orders her
    blue_ships = [sid for sid, seat in awaiting.items() if seat == blue.seat["id"]]
    red_ships = [sid for sid, seat in awaiting.items() if seat == red.seat["id"]]
    assert awaiting[ours["FG"]] == fg.seat["id"]  # her own captain orders her, not his admiral
    assert blue_ships and red_ships
    assert blue.act("standing_orders", decision="close", shot="grapeshot", range=1)["ok"]
    assert gm.act("set_clock", turn_days=1, turn_seconds=3600, round_seconds=120)["ok"]
    fight = next(e for e in _state(game)["engagements"] if e["id"] == eid)
    deadline = fight["deadline"]
    assert clock.parse_time(deadline) == hands.now + dt.timedelta(seconds=120)
    # the captain and the Red admiral give their orders; the Blue admiral is away
    target = sides["b"][0]["id"]
    assert fg.act("engage_decision", engagement=eid, decision="close", target=target)["ok"]
    assert red.act("engage_decision", engagement=eid, decision="hold", shot="chainshot")["ok"]
    assert hands.wait(119) == []  # the round waits for him
    rounds_before = fight["view"]["round"]
    [fought] = hands.wait(2)
    event = next(e for e in _log(game) if e["seq"] == fought)
    assert (event["type"], event["seat"], event["data"]["due"]) == (
        "engage_decision",
        None,
        "round",
    )
    orders = _decisions(event["data"]["round"]["events"])
    for sid in blue_ships:  # his standing orders fought his ships' round
        assert orders[sid]["move"] == "close" and orders[sid]["shot"] == "grapeshot"
    assert orders[ours["FG"]]["move"] == "close" and orders[ours["FG"]]["target"] == target
    for sid in red_ships:
        assert orders[sid]["move"] == "hold" and orders[sid]["shot"] == "chainshot"
    # every seat in the fight was sent the round; the next round waits again, re-armed
    assert any(e["seq"] == fought for e in blue.events())
    after = next(e for e in _state(game)["engagements"] if e["id"] == eid)
    if not after["over"]:
        assert after["view"]["round"] > rounds_before
        assert clock.parse_time(after["deadline"]) == hands.now + dt.timedelta(seconds=120)
        # orders for the round already fought are refused, not carried into the next
        assert after["pending"] == {}
        late = fg.act("engage_decision", engagement=eid, decision="flee", round=rounds_before + 1)
        assert late["error"]["code"] == "conflict" and "already fought" in late["error"]["message"]
        assert next(e for e in _state(game)["engagements"] if e["id"] == eid) == after
        # the GM fights the rest in one action; the turn then waits no more for it
        ack = gm.act("engage_decision", engagement=eid, decision="npc", rounds="all")
        assert ack["ok"], ack
    final = next(e for e in _state(game)["engagements"] if e["id"] == eid)
    assert final["over"] and "deadline" not in final
    _replays(game)
