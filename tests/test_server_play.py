"""A whole summer played through the protocol: cabinet, deployment, contact, battle, season.

Also the fog of war for every event type and the replay check of the exported log.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from server.game import replay, rules
from server.game.sighting import SIGHTING_NM, distance_nm
from tests.conftest import PLAY_SEED, ROOT, USHANT
from tests.server_helpers import seat_views


def _assert_fogged(payload: dict[str, Any]) -> None:
    """Every enemy force a player is sent lies within sighting range of a British force."""
    forces = payload["data"].get("forces")
    if forces is None:
        return
    british = [(f["lon"], f["lat"]) for f in forces if f["side"] == "Britain" and f["afloat"]]
    for f in forces:
        if f["side"] != "Britain":
            assert f["afloat"] and any(
                distance_nm(p, (f["lon"], f["lat"])) <= SIGHTING_NM for p in british
            ), (payload["type"], f["id"])
            assert "route" not in f and "orders" not in f and "sorties" not in f
    for e in payload["data"].get("engagements", []):
        assert "battle" not in e and "pending" not in e


def test_the_cabinet_rolls_table_f(played_summer) -> None:
    game, steps, seen = played_summer
    roll = steps["roll"]
    assert roll["ok"]
    event = next(e for e in seen["red"] if e["seq"] == roll["seq"])
    assert event["data"]["roll"] == 35
    _, red = seat_views(game, game.players["red"].token)[roll["seq"]]
    codes = {(r["squadron"], r["ship"], r["order"]) for r in red["deployment"]}
    assert {("Red", "FG", "F"), ("Red", "DR", "F"), ("Red", "AC", "F")} <= codes
    _, gm = seat_views(game, game.gm_token)[roll["seq"]]
    enemy = [f for f in gm["forces"] if f["side"] != "Britain"]
    assert {f["id"] for f in enemy} >= {"fr-brest", "fr-toulon", "sp-cadiz", "nl-texel"}
    assert all(f["side"] == "Britain" for f in red["forces"])  # all in port, far off
    observed = next(e for e in seen["obs"] if e["seq"] == roll["seq"])
    assert observed["data"] == {}, "an observer reads nothing of the roll but its change"
    assert {op["path"] for op in observed["patch"]} >= {"/phase"}
    _, obs = seat_views(game, game.players["obs"].token)[roll["seq"]]
    assert obs["phase"] == "summer" and "forces" not in obs


def test_an_admiral_deploys_only_his_own_squadron(played_summer) -> None:
    game, steps, seen = played_summer
    assert steps["deploy"]["ok"]
    assert steps["blue_on_red"]["error"]["code"] == "forbidden"
    event = next(e for e in seen["blue"] if e["seq"] == steps["deploy"]["seq"])
    assert event["data"]["days"] > 0, "another admiral reads the orders and their days"
    _, blue = seat_views(game, game.players["blue"].token)[steps["deploy"]["seq"]]
    force = next(f for f in blue["forces"] if f["id"] == event["data"]["force"])
    route = force["route"]
    assert route["distance_nm"] > 100 and route["days"] == event["data"]["days"]
    assert route["track"][-1] == pytest.approx(USHANT, abs=0.05)


def test_sailing_orders_are_checked(played_summer) -> None:
    game, steps, seen = played_summer
    assert steps["sail_enemy_port"]["error"]["code"] == "invalid"
    assert "blockade" in steps["sail_enemy_port"]["error"]["message"]
    assert steps["sail_nowhere"]["error"]["code"] == "not_found"
    assert steps["sail_inland"]["error"]["code"] == "invalid"
    assert steps["captain_sails_other"]["error"]["code"] == "forbidden"
    assert steps["sail_blue"]["ok"]
    _, red = seat_views(game, game.players["red"].token)[steps["sail_blue"]["seq"]]
    blue = next(f for f in red["forces"] if f.get("squadron") == "Blue")
    assert blue["route"]["to"] == "barbados"


def test_the_gms_enemy_moves_stay_hidden_until_sighted(played_summer) -> None:
    game, steps, seen = played_summer
    assert steps["enemy"]["ok"]
    assert all(e["seq"] != steps["enemy"]["seq"] for e in seen["red"])
    assert any(e["seq"] == steps["enemy"]["seq"] for e in seen["gm"])


def test_contact_opens_an_engagement_fought_through_the_captains_buttons(played_summer) -> None:
    game, steps, seen = played_summer
    assert steps["fight"] is not None, "the squadrons never met"
    assert steps["rounds"] >= 1
    final = steps["summer_end"]["state"]
    fight = next(e for e in final["engagements"] if e["id"] == steps["fight"])
    assert fight["over"] and fight["outcome"]["how"] in (
        "a_wins",
        "b_wins",
        "escaped",
        "disengaged",
    )
    assert fight["log"] and any(ev.get("type") == "decision" for ev in fight["log"])
    assert final["results"]["FG"]["engagement"] == steps["fight"]
    assert 1 <= final["results"]["FG"]["result"] <= 6
    # the result by the book: FG's fate in the fight, read on her Fleet order
    fg = next(s["id"] for s in fight["sides"]["a"] if s["code"] == "FG")
    fate = rules.ship_fate(fight["outcome"], fg, fight["log"])
    result, words = rules.map_battle_result(fate, "F")
    fought = {
        "result": result,
        "engagement": steps["fight"],
        "fate": fate,
        "interpretation": words,
    }
    assert final["results"]["FG"] == {**fought, "fights": [fought]}
    for side in ("a", "b"):  # the ships lost in the fight are off the map
        for ship in fight["sides"][side]:
            status = fight["outcome"]["ships"].get(ship["id"], {}).get("status")
            force = next(f for f in final["forces"] if f["id"] == ship["force"])
            on_map = next(s for s in force["ships"] if s["code"] == ship["code"])
            lost = status in ("sunk", "struck", "taken", "decimated")
            assert on_map["status"] == (status if lost else "afloat")


def test_resolve_summer_uses_the_battle_results_earned(played_summer) -> None:
    game, steps, seen = played_summer
    assert steps["resolve"]["ok"]
    final = steps["final"]["state"]
    assert final["phase"] == "autumn"  # the year goes round
    report = final["report"]
    earned = steps["summer_end"]["state"]["results"]["FG"]["result"]
    # the summer kept in its year's page as it is resolved, its map cleared for the autumn
    (year,) = final["years"]
    assert year["results"] == steps["summer_end"]["state"]["results"] and year["report"]
    assert not final["engagements"] and not final["results"] and not final["forces"]
    captain = [
        r for r in report["battle_results"] if r.get("ship") == "FG" and r["role"] == "captain"
    ]
    assert len(captain) == 1
    assert captain[0]["preset"] == captain[0]["result"] == earned
    assert steps["after"]["error"]["code"] == "wrong_phase"
    # the public cut of the report: the ships' results, and no officer's dice or sums
    public = steps["observer_state"]["report"]
    assert public["ships"] == report["ships"] and public["invasion"] == report["invasion"]
    assert "personal_outcomes" not in public and "changes" not in public
    assert set(steps["observer_state"]) == {
        "campaign",
        "phase",
        "day",
        "date",
        "month",
        "season_days",
        "paused",
        "deadline",
        "clock",
        "year",
        "years",
        "seats",
        "report",
        "officers",
        "voyages",  # those the GM showed it (show_voyage)
    }


def test_no_player_is_ever_sent_an_unsighted_enemy(played_summer) -> None:
    game, steps, seen = played_summer
    types = set()
    for key in ("pm", "fsl", "red", "blue", "fg"):
        for payload in seen[key]:
            types.add(payload["type"])
            _assert_fogged(payload)
            assert "notes" not in payload["data"] and str(PLAY_SEED) not in json.dumps(payload)
    assert {"roll_force", "deploy", "advance", "engage_decision"} <= types
    _assert_fogged({"type": "state", "data": steps["player_state"]})
    assert str(PLAY_SEED) not in json.dumps(steps["player_state"])
    gm_forces = steps["summer_end"]["state"]["forces"]
    assert len([f for f in gm_forces if f["side"] != "Britain"]) >= 7


def _replay_cli(path) -> subprocess.CompletedProcess:
    """``admiralty replay <path>`` in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_the_exported_log_replays_exactly(played_summer, tmp_path) -> None:
    game, steps, seen = played_summer
    state, problems = replay(steps["log"])
    assert problems == []
    gm_report = steps["final"]["state"]["report"]  # the GM's: the words added
    assert state["phase"] == "autumn"
    assert state["report"] == {k: v for k, v in gm_report.items() if k not in ("words", "yours")}
    path = tmp_path / "log.json"
    path.write_text(json.dumps(steps["log"]))
    cli = _replay_cli(path)
    assert cli.returncode == 0 and "log checks out" in cli.stdout
    tampered = json.loads(json.dumps(steps["log"]))
    roll = next(e for e in tampered["events"] if e["type"] == "roll_force")
    roll["data"]["roll"] = 11
    _, problems = replay(tampered)
    assert any("roll_force decides differently" in p for p in problems)
    path.write_text(json.dumps(tampered))
    cli = _replay_cli(path)
    assert cli.returncode == 1 and "PROBLEM" in cli.stdout
    path.write_text("{broken")
    cli = _replay_cli(path)
    assert cli.returncode == 2 and cli.stderr.count("\n") == 1 and "not JSON" in cli.stderr


def test_a_restarted_server_rebuilds_the_same_state(played_summer) -> None:
    game, steps, seen = played_summer
    from server.web.app import create_app

    again = create_app({"DATABASE_URL": game.app.config["DATABASE_URL"]})
    r = again.test_client().get(
        f"/api/campaigns/{game.id}/state", headers={"Authorization": f"Bearer {game.gm_token}"}
    )
    assert r.json == steps["final"]


def _forged(log: dict[str, Any], kind: str, forge, last: bool = False) -> dict[str, Any]:
    """A copy of ``log`` with its first (or last) ``kind`` event changed by ``forge(event)``."""
    forged = json.loads(json.dumps(log))
    events = forged["events"][::-1] if last else forged["events"]
    forge(next(e for e in events if e["type"] == kind))
    return forged


def problems_of(log: dict[str, Any]) -> list[str]:
    return replay(log)[1]


def test_a_forged_log_with_a_forbidden_action_does_not_check_out(played_summer, tmp_path) -> None:
    """The rules of who may do what are checked on replay too: the Blue admiral's sail given
    to a captain (as the old rules would have let him), a player seating a player, an action
    with its arguments cut off."""
    game, steps, seen = played_summer
    captain = game.players["fg"].seat["id"]
    blue_sail = next(e for e in steps["log"]["events"] if e["seq"] == steps["sail_blue"]["seq"])
    forgeries = [
        (_forged(steps["log"], "sail", lambda e: e.update(seat=captain)), "sail is refused"),
        (
            _forged(steps["log"], "seat_created", lambda e: e.update(seat=captain), last=True),
            "seat_created is refused on replay: a captain may not seat_created",
        ),
        (_forged(steps["log"], "deploy", lambda e: e["data"].pop("args")), "has no 'args'"),
    ]
    assert forgeries[0][0]["events"][blue_sail["seq"] - 1]["seat"] == captain
    for forged, problem in forgeries:
        _, problems = replay(forged)
        assert problems and problem in problems[0], (problem, problems)
    assert problems_of(forgeries[0][0])[0] == (
        f"seq {blue_sail['seq']}: sail is refused on replay: you command FG, not the Blue squadron"
    )
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forgeries[0][0]))
    cli = _replay_cli(path)
    assert cli.returncode == 1 and "PROBLEM: seq" in cli.stdout and "checks out" not in cli.stdout


def test_every_logged_event_and_the_state_are_what_their_types_declare(played_summer) -> None:
    """The TypedDicts of server.game.events and server.game.state hold the real thing:
    every key declared (no more: additionalProperties false) and every value's type."""
    from pydantic import TypeAdapter

    from server.game.registry import EVENTS
    from server.game.state import State

    game, steps, seen = played_summer
    kinds = set()
    for event in steps["log"]["events"]:
        TypeAdapter(EVENTS[event["type"]]).validate_python(event["data"], strict=True)
        kinds.add(event["type"])
    assert {"roll_force", "deploy", "sail", "advance", "engage_decision", "resolve_summer"} <= kinds
    state, _ = replay(steps["log"])
    TypeAdapter(State).validate_python(state, strict=True)
