"""Squadrons fight together (issue 13, item 4): every British and enemy force within
sighting range when an engagement opens, or that sails into it while it lasts, fights in it
on its side; the seats whose ship or squadron is in it are told when it opens and when it
ends, and an ``advance`` does not fight it out while a seated player has a ship in it."""

from __future__ import annotations

import random
from typing import Any

from server.game import forces, replay, rules
from server.game.sighting import SIGHTING_NM, distance_nm
from server.game.state import initial_state
from server.web import world_api
from strategy.combat import combatant
from strategy.combat.combatant import DEFAULT_SKILL, SKILLS

_RED = ["a0", "a1", "a2"]  # FG, AC, DR
_BLUE = ["a3", "a4", "a5"]  # NE, VA, DE
_OTHERS = ("pm", "fsl", "med", "ha")  # players with no ship in the fight


def _advance(run: dict[str, Any], key: str) -> dict[str, Any]:
    """The last ``advance`` event ``key`` received (the one that opened the fight)."""
    return [e for e in run["seen"][key] if e["type"] == "advance"][-1]


def _fight(run: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in run["state"]["engagements"] if not e["over"])


def _seat_id(run: dict[str, Any], key: str) -> str:
    return run["game"].players[key].seat["id"]


def test_two_squadrons_in_sight_fight_the_enemy_as_one_battle(squadron_fights) -> None:
    run = squadron_fights["together"]
    fight = _fight(run)
    assert fight["forces"] == ["channel-red", "channel-blue", "fr-brest"]
    a, b = fight["sides"]["a"], fight["sides"]["b"]
    assert [(s["id"], s["code"], s["force"]) for s in a] == [
        ("a0", "FG", "channel-red"),
        ("a1", "AC", "channel-red"),
        ("a2", "DR", "channel-red"),
        ("a3", "NE", "channel-blue"),
        ("a4", "VA", "channel-blue"),
        ("a5", "DE", "channel-blue"),
    ]
    assert [s["id"] for s in b] == ["b0", "b1", "b2", "b3"]
    assert {s["force"] for s in b} == {"fr-brest"}
    # one battle of ten ships, every British one at the chase's distance from every enemy
    assert sorted(s["id"] for s in fight["view"]["ships"]) == sorted(s["id"] for s in a + b)
    assert not any(e.get("type") == "joined" for e in fight["log"])
    # both squadrons were in sight of where the enemy was met
    forces = {f["id"]: f for f in run["state"]["forces"]}
    for fid in fight["forces"]:
        at = (forces[fid]["lon"], forces[fid]["lat"])
        assert distance_nm(at, (fight["lon"], fight["lat"])) <= SIGHTING_NM


def test_a_squadron_sailing_into_the_fight_joins_it(squadron_fights) -> None:
    run = squadron_fights["joined"]
    fight = _fight(run)
    assert fight["forces"] == ["channel-red", "fr-brest", "channel-blue"]
    assert [s["code"] for s in fight["sides"]["a"]] == ["FG", "AC", "DR", "NE", "VA", "DE"]
    assert [s["id"] for s in fight["sides"]["a"]] == _RED + _BLUE
    (joined,) = [e for e in fight["log"] if e.get("type") == "joined"]
    assert joined["side"] == "a" and joined["force"] == "channel-blue"
    assert [s["id"] for s in joined["ships"]] == _BLUE and joined["distance"] == 5
    assert {s["id"]: s["caps"] for s in fight["sides"]["a"]}["a3"]["hull"]
    # she was out of sight when it opened: the chase was the Red's and the Brest's alone
    hunter = next(e for e in fight["log"] if e.get("phase") == "chase")
    assert hunter is not None and fight["chase"]["outcome"] == "engaged"


def test_the_advance_stops_for_the_admirals_squadrons_in_the_fight(squadron_fights) -> None:
    for run in squadron_fights.values():
        fight = _fight(run)
        # no captain of theirs holds a seat: the admirals order their ships
        admirals = {_seat_id(run, "red"), _seat_id(run, "blue")}
        assert set(fight["awaiting"].values()) == admirals
        assert fight["seats"] == {_seat_id(run, "red"): _RED, _seat_id(run, "blue"): _BLUE}
        assert run["advances"][-1]["ok"] and fight["outcome"] is None
        assert not any(e.get("type") == "end" for e in fight["log"])
        gm = run["game"].players["gm"]
        refused = gm.act("advance", days=1)
        assert refused["error"]["code"] == "wrong_phase"


def test_the_opening_is_told_to_the_seats_in_the_fight_and_no_others(squadron_fights) -> None:
    run = squadron_fights["joined"]
    fight = _fight(run)
    seats = sorted([_seat_id(run, "red"), _seat_id(run, "blue")])
    for key in ("red", "blue", "gm"):
        (notice,) = _advance(run, key)["data"]["notices"]
        assert notice == {
            "kind": "opened",
            "engagement": fight["id"],
            "day": fight["day"],
            "seats": seats,
            "forces": ["channel-red", "fr-brest", "channel-blue"],
            "outcome": None,
            "text": f"a battle opened on day {fight['day']}: the Red "
            "Squadron, Channel Fleet and the Blue Squadron, Channel Fleet against the "
            "Brest Squadron",
        }, key
    for key in _OTHERS:
        assert "notices" not in _advance(run, key)["data"], key
    assert "notices" not in _advance(run, "obs")["data"]


def test_the_end_is_told_to_the_same_seats_and_the_log_replays(squadron_fights) -> None:
    run = squadron_fights["together"]
    game, fight = run["game"], _fight(run)
    game.drain()
    ack = game.players["gm"].act(
        "engage_decision", engagement=fight["id"], decision="npc", rounds="all"
    )
    assert ack["ok"], ack
    got = {
        key: [e for e in p.events() if e["type"] == "engage_decision"]
        for key, p in game.players.items()
    }
    state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
    over = next(e for e in state["engagements"] if e["id"] == fight["id"])
    assert over["over"]
    seats = sorted([_seat_id(run, "red"), _seat_id(run, "blue")])
    for key in ("red", "blue", "gm"):
        (event,) = got[key]
        (notice,) = event["data"]["notices"]
        assert notice["kind"] == "ended" and notice["seats"] == seats, key
        assert notice["outcome"] == over["outcome"]["how"]
        assert notice["text"].startswith("the battle of the Red Squadron")
    for key in _OTHERS:
        assert all("notices" not in e["data"] for e in got[key]), key
    # every British ship of both squadrons earned her Briny result in it
    codes = {s["code"] for s in over["sides"]["a"]}
    assert codes == {"FG", "AC", "DR", "NE", "VA", "DE"}
    assert {state["results"][c]["engagement"] for c in codes} == {fight["id"]}
    for run_ in squadron_fights.values():
        log = run_["game"].rest("get", f"/api/campaigns/{run_['game'].id}/log").json
        _, problems = replay(log)
        assert problems == []


def test_a_joined_battle_rebuilds_from_its_logged_form(squadron_fights) -> None:
    fight = _fight(squadron_fights["joined"])
    log = squadron_fights["joined"]["log"]
    logged = [e for e in log["events"] if e["type"] == "advance"][-1]["data"]
    record = next(e for e in logged["engagements"] if e["id"] == fight["id"])
    battle = rules.Battle.from_dict(record["battle"])
    # the seats' view of the battle leaves out the engine's copy of the outcome (the
    # engagement's own ``outcome`` holds it)
    assert {k: v for k, v in battle.state().items() if k != "outcome"} == fight["view"]
    assert [j["side"] for j in record["battle"]["joins"]] == ["a"]
    assert len(record["battle"]["a"]) == 3 and len(battle.state()["ships"]) == 10
    # the Blue squadron comes onto the range chart at Distance 5 from every enemy ship, the
    # Red at the distance the chase gave
    battle.step({"a": {"move": "hold"}, "b": {"move": "hold"}})
    chart = {(d["a"], d["b"]): d["distance"] for d in battle.state()["distances"]}
    enemy = ["b0", "b1", "b2", "b3"]
    assert {chart[(a, b)] for a in _BLUE for b in enemy} == {5}
    assert {chart[(a, b)] for a in _RED for b in enemy} == {fight["chase"]["distance"]}


def _at_sea(fid: str, side: str, squadron: str | None, ships: list[str]) -> dict[str, Any]:
    return {
        "id": fid,
        "side": side,
        "name": f"{fid} squadron",
        "squadron": squadron,
        "fleet": None,
        "ships": [
            {"code": f"{fid}{i}", "name": f"{fid}{i}", "type": t, "status": "afloat", "order": "F"}
            for i, t in enumerate(ships)
        ],
        "lon": -5.6,
        "lat": 48.7,
        "port": None,
        "orders": None,
        "route": None,
        "afloat": True,
    }


def _met_at_sea(seats: list[dict[str, Any]]) -> dict[str, Any]:
    """One day's ``advance`` of two British squadrons and an enemy one met off Ushant."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    work["phase"] = "summer"
    work["seats"] = {s["id"]: {"ready": False, "name": s["id"], **s} for s in seats}
    for force in (
        _at_sea("red", "Britain", "Red", ["Fifth Rate", "Brig Sloop"]),
        _at_sea("blue", "Britain", "Blue", ["Sixth Rate"]),
        _at_sea("fr", "France", None, ["Fifth Rate", "Cutter"]),
    ):
        work["forces"][force["id"]] = force
    for seed in range(40):
        data = forces.advance(work, 1, random.Random(seed))
        if (
            data["engagements"]
            and not data["engagements"][0].get("chase", {}).get("outcome") == "escaped"
        ):
            return data
    raise AssertionError("every chase escaped")


def test_a_fight_with_no_seat_in_it_is_fought_out_and_told_to_the_gm_alone() -> None:
    gm = {"id": "gm", "role": "gm", "squadron": None, "ship": None}
    white = {"id": "white", "role": "admiral", "squadron": "White", "ship": None}
    data = _met_at_sea([gm, white])
    (fight,) = data["engagements"]
    assert fight["over"] and fight["seats"] == {} and data["days"] == 1
    # (forces not rolled are walked in the order of their ids: Blue meets, Red joins)
    assert fight["forces"] == ["blue", "red", "fr"]
    assert [(n["kind"], n["seats"]) for n in data["notices"]] == [("opened", []), ("ended", [])]
    assert data["notices"][1]["outcome"] == fight["outcome"]["how"]


def test_a_fight_with_an_admirals_squadron_in_it_waits_for_him() -> None:
    gm = {"id": "gm", "role": "gm", "squadron": None, "ship": None}
    blue = {"id": "blue", "role": "admiral", "squadron": "Blue", "ship": None}
    data = _met_at_sea([gm, blue])
    (fight,) = data["engagements"]
    assert not fight["over"] and fight["seats"] == {"blue": ["a0"]}  # (Blue met first)
    assert [(n["kind"], n["seats"]) for n in data["notices"]] == [("opened", ["blue"])]


def test_the_odds_preview_fights_every_ship_with_her_drawn_crew(
    squadron_fights, monkeypatch
) -> None:
    """Issue 31: the odds a captain sees before his orders are fought by the engagement's own
    ships (GET /api/campaigns/<id>/engagements/<id>/odds), each with the crew drawn for her
    as in the fight itself (rules.ship_crew), the squadron that joined it too, in its
    weather: not the roster types' default crew of 3 (GET /api/odds)."""
    run = squadron_fights["joined"]
    game, fight = run["game"], _fight(run)
    seed = run["log"]["campaign"]["seed"]
    asked: list[tuple[Any, ...]] = []

    def battle_odds(side_a: Any, side_b: Any, n: int, seed: int, **options: Any) -> Any:
        asked.append((side_a, side_b, n, options))
        return {"a_wins": 0.5, "b_wins": 0.5, "escaped": 0.0, "disengaged": 0.0, "n": n}

    world_api.match_odds_answer.cache_clear()
    monkeypatch.setattr(rules, "battle_odds", battle_odds)
    path = f"/api/campaigns/{game.id}/engagements/{fight['id']}/odds?n=400&seed=1"
    r = game.rest("get", path, token=game.players["blue"].token)
    assert r.status_code == 200 and r.json["n"] == 50, r.json  # ten ships: the budget's 50
    ((side_a, side_b, n, options),) = asked
    assert n == 50 and options["weather"] == fight["weather"]["name"]
    ships = fight["sides"]["a"] + fight["sides"]["b"]
    assert [s["name"] for s in side_a + side_b] == [s["name"] for s in ships]
    for ship, spec in zip(ships, side_a + side_b, strict=True):
        crew = rules.ship_crew(seed, ship["code"])
        kind = ship["name"] if ship["named"] else ship["type"]  # a named ship's skills printed
        assert spec["skills"] == combatant({"type": kind, "crew": crew}).to_dict()["skills"]
        if not ship["named"]:
            assert spec["skills"] == crew, ship["code"]
    assert any(s["skills"] != dict.fromkeys(SKILLS, DEFAULT_SKILL) for s in side_a + side_b)
    # the same ships asked again: the very answer, fought once
    assert game.rest("get", path, token=game.players["red"].token).data == r.data
    assert len(asked) == 1
    # an observer sees no engagement, nor its odds; an engagement that is not there has none
    r = game.rest("get", path, token=game.players["obs"].token)
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"
    r = game.rest("get", f"/api/campaigns/{game.id}/engagements/e99/odds")
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
    assert len(asked) == 1
