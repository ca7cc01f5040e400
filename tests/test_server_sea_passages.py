"""Voyages meet the sea on the server (issue 31, item 4; docs/rules-notes.md "Voyages meet
the sea"): an order's route carries the sea it meets and its outlook, no dice; the dice are
thrown in the ``advance`` that sails it, from the campaign's seeded source, kept in the
event the state is applied from; a grounding is in the log with its damage and is a notice
to the ship's captain, her admiral and the GM."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from maps.sea import risk_shallows
from server import game as server_game
from server.game import engagements, forces, rules, views
from server.game.replay import upgrade
from server.game.state import initial_state
from strategy import errors as rules_errors
from strategy.cards.dealer import Deck, ScriptedDealer
from strategy.combat.sea import weather_challenge
from tests.server_helpers import Game, map_force, map_ship, new_app
from tests.test_sea import ScriptedRandom


def _state(g: Game) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]


def _notices(g: Game, token: str) -> list[dict[str, Any]]:
    return g.rest("get", f"/api/campaigns/{g.id}/notices", token=token).json["notices"]


def test_a_shallow_water_passage_rolls_its_dice_when_sailed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 003 "Shallow Water": Dreadnought (a Fourth Rate, Middling) sails alone from
    Spithead to the Nore along the inshore band, a risk her route lists. The preview and
    the order throw nothing; the advance that sails her throws the book's d6 for her: a 1,
    rocks, 2d6 = 4 + 3 damage points; 1d6 = 2, stuck; the next tide a 5, off."""
    g = Game.new(new_app(tmp_path), seed=7)
    gm = g.gm()
    pm, fsl = g.add("pm", "prime-minister"), g.add("fsl", "first-sea-lord")
    red = g.add("red", "admiral", squadron="Red")
    blue = g.add("blue", "admiral", squadron="Blue")
    captain = g.add("dr", "captain", ship="DR")
    assert pm.act("set_ships", digit=3)["ok"] and fsl.act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]

    preview = captain.act("sail", ship="DR", to="the-nore", preview=True)
    route = preview["preview"]["route"]
    assert [r["kind"] for r in route["risks"]] == ["inshore"]
    best, mean, worst = (route["outlook"][k] for k in ("best", "mean", "worst"))
    assert best <= mean <= worst and best <= route["days"] + 1e-9
    assert route["sea"]["knots"] == 6.4 and "sailed" not in route  # no dice in a preview

    assert captain.act("sail", ship="DR", to="the-nore")["ok"]
    thrown: list[int] = []

    def scripted(rng: random.Random) -> dict[str, Any]:
        thrown.append(1)
        return risk_shallows(ScriptedRandom([1, 4, 3, 2, 5])).as_dict()

    monkeypatch.setattr(rules, "shallow_throw", scripted)
    assert gm.act("advance", days=1)["ok"]  # (the band is passed, the Nore not reached)
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    advance = next(e for e in log["events"] if e["type"] == "advance")
    (grounding,) = advance["data"]["groundings"]
    assert thrown == [1]
    assert {k: grounding[k] for k in ("ship", "result", "damage", "tries", "days")} == {
        "ship": "DR",
        "result": "rocks",
        "damage": 7,
        "tries": [2, 5],
        "days": 0.5,
    }
    assert grounding["strength"] == 48 and grounding["kind"] == "inshore"
    assert sorted(grounding["seats"]) == sorted([captain.seat["id"], red.seat["id"]])
    ship = next(s for f in _state(g)["forces"] for s in f["ships"] if s["code"] == "DR")
    assert ship["damage"] == 7  # the rocks' damage points on her record
    # and what they cost her in a fight, in her view: 7 of 48 of her 15 Hull boxes, 2
    assert (ship["strength"], ship["hull_struck"]) == (48, 2)
    # the sea's dice of her passage, thrown as she put to sea, are in the event too
    dr = next(f for f in advance["data"]["forces"].values() if f["ships"][0]["code"] == "DR")
    assert dr["route"] is None or "sailed" in dr["route"]

    for player in (captain, red, gm):
        told = [n for n in _notices(g, player.token) if n["type"] == "grounding"]
        assert [n["ship"] for n in told] == ["DR"], player.seat
        assert "struck rocks" in told[0]["text"] and "7 damage points" in told[0]["text"]
    assert not [n for n in _notices(g, blue.token) if n["type"] == "grounding"]

    _, problems = server_game.replay(log)  # the state equals its log
    assert problems == []


def _forces_of(state: dict[str, Any]) -> dict[str, Any]:
    """Each force as the state keeps it (without what the view adds to it)."""
    added = ("rating", "strength", "hull_struck")
    forces_ = state["forces"]
    return {
        f["id"]: {
            **{k: v for k, v in f.items() if k not in added},
            "ships": [{k: v for k, v in s.items() if k not in added} for s in f["ships"]],
        }
        for f in (forces_.values() if isinstance(forces_, dict) else forces_)
    }


def test_a_ship_off_the_rocks_mends_her_damage_in_a_friendly_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/rules-notes.md "Damage off the sea in battle": Dreadnought strikes rocks on her
    way to the Nore (7 damage points, 2 Hull boxes in a fight) and sails on into the Nore,
    a British port: her damage points are mended there, and the log replays to that."""
    g = Game.new(new_app(tmp_path), seed=7)
    gm = g.gm()
    pm, fsl = g.add("pm", "prime-minister"), g.add("fsl", "first-sea-lord")
    captain = g.add("dr", "captain", ship="DR")
    assert pm.act("set_ships", digit=3)["ok"] and fsl.act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert captain.act("sail", ship="DR", to="the-nore")["ok"]
    monkeypatch.setattr(
        rules, "shallow_throw", lambda rng: risk_shallows(ScriptedRandom([1, 4, 3, 2, 5])).as_dict()
    )
    assert gm.act("advance", days=1)["ok"]
    dr = next(f for f in _state(g)["forces"] if f["ships"][0]["code"] == "DR")
    assert dr["port"] is None and dr["ships"][0]["damage"] == 7
    assert gm.act("advance", days=1)["ok"]
    dr = next(f for f in _state(g)["forces"] if f["ships"][0]["code"] == "DR")
    assert dr["port"] == "the-nore"
    assert not {"damage", "strength", "hull_struck"} & set(dr["ships"][0])
    replayed, problems = server_game.replay(g.rest("get", f"/api/campaigns/{g.id}/log").json)
    assert problems == []
    assert _forces_of(replayed) == _forces_of(_state(g))


@pytest.mark.parametrize(
    ("port", "mended"), [("the-nore", True), ("plymouth", True), ("brest", False)]
)
def test_only_a_friendly_port_mends_the_seas_damage(port: str, mended: bool) -> None:
    """A British ship bearing the rocks' damage points comes into ``port``: a British port
    mends them, an enemy's does not (she lies there a prize or under a flag of truce)."""
    ship = {**map_ship("Y", "Fourth Rate"), "damage": 9}
    force = map_force("ship-y", "Britain", [ship], -1.1, 50.7)
    route = rules.route("spithead", port, "Fourth Rate", 6)
    old = {k: v for k, v in route.items() if k not in ("sea", "outlook")}  # (no dice)
    force["route"] = {**old, "to": port, "start_day": 0.0}
    state: Any = {"forces": {"ship-y": force}, "engagements": {}, "deployment": [], "seats": {}}
    forces._move(state, 30.0, 30, random.Random(5))
    assert force["port"] == port
    assert ship.get("damage") == (None if mended else 9)


def test_the_seas_damage_points_strike_hull_boxes_in_proportion() -> None:
    """Seed 003 line 20 (Ship's Strength Points 32, 48, 64 by her size) read against BtQ's
    Hull boxes (docs/rules-notes.md "Damage off the sea in battle"): the points strike her
    Hull's boxes, all levels, in proportion, to the nearest box, never the last."""
    # Fourth Rate, 15 Hull boxes (5, 5, 5), 48 points: 7 -> 2.19 -> 2; 12 -> 3.75 -> 4
    assert [rules.hull_struck("Fourth Rate", "Fourth Rate", d) for d in (1, 2, 7, 12)] == [
        0,
        1,
        2,
        4,
    ]
    # a Cutter, 3 Hull boxes of 32 points: 6 -> 0.56 -> 1; 48 (past her points) -> 2, afloat
    assert rules.hull_struck("Cutter", "Cutter", 6) == 1
    assert rules.hull_struck("Cutter", "Cutter", 48) == 2
    # the struck boxes come aboard crossed from the Injured right, as hits would be
    battle = rules.Battle(
        [{"type": "Fourth Rate", "struck": 7}], ["Fourth Rate"], seed=1, record=False
    )
    hull = battle.ships[0].damage
    assert hull.boxes()["hull"] == [5, 2, 0] and hull.states()["hull"] == "injured"
    again = rules.Battle.from_dict(battle.to_dict())
    assert again.ships[0].damage.boxes()["hull"] == [5, 2, 0]
    with pytest.raises(rules_errors.InvalidMove):
        rules.Battle([{"type": "Cutter", "struck": 3}], ["Cutter"], seed=1)


def test_a_ship_brings_the_seas_damage_into_her_next_battle() -> None:
    """The rocks' damage points on her record (12 on a Fifth Rate of 48 points: 3 of her 12
    Hull boxes) go into her next battle crossed; her sister, whole, fights whole."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    work["forces"] = {
        "red": map_force(
            "red",
            "Britain",
            [
                {**map_ship("FG", "Fifth Rate", "B"), "damage": 12},
                map_ship("DR", "Brig Sloop", "F"),
            ],
        ),
        "fr": map_force("fr", "France", [map_ship("Alexandre", "Fifth Rate")]),
    }
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(1))
    fg, dr = record["battle"]["a"]
    assert fg["struck"] == 3 and "struck" not in dr
    start = rules.Battle(record["battle"]["a"], record["battle"]["b"], seed=1, record=False)
    assert [s.damage.boxes()["hull"] for s in start.ships[:2]] == [[3, 0, 0], [0, 0, 0]]


def test_a_version_5_advance_of_a_ship_bearing_the_seas_damage_stands_as_logged() -> None:
    """Rules version 5 neither fought with the sea's damage points nor mended them: its
    ``advance`` while a ship bore some stands as logged (server/game/replay.py upgrade, as
    every version 5 ``advance`` does: its fights were dry too); an order is decided again."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    ship = {**map_ship("FG", "Fifth Rate", "B"), "damage": 5}
    work["forces"] = {"red": map_force("red", "Britain", [ship])}
    event = {"seq": 9, "type": "advance", "seat": "gm", "data": {}}
    assert upgrade(5, work, event)[1].decision
    assert not upgrade(5, work, {**event, "type": "sail"})[1].decision


def test_a_small_ship_does_not_throw_for_the_inshore_band() -> None:
    """Seed 003: "Small ships are susceptible only to specified shallows/reefs"."""
    assert not rules.risks_shallow("Cutter", "inshore")
    assert rules.risks_shallow("Cutter", "shallows")
    assert rules.risks_shallow("Fifth Rate", "inshore")


def test_a_squadron_keeps_the_pace_of_its_slowest_ship() -> None:
    """Seed 003 "Speed": a First Rate (1") outsails a Brig Sloop (3/4"); a squadron of both
    takes the First Rate's track (her draught) at the sloop's pace."""
    assert rules.slowest_type(["First Rate", "Brig Sloop"]) == "Brig Sloop"
    assert rules.deepest_type(["First Rate", "Brig Sloop"]) == "First Rate"
    alone = rules.route("spithead", "plymouth", "First Rate", 6)
    together = rules.route("spithead", "plymouth", "First Rate", 6, "Brig Sloop")
    assert together["track"] == alone["track"]
    assert together["days"] == pytest.approx(alone["days"] * 6.4 / 4.8, abs=1e-3)


def test_the_sea_is_thrown_once_as_she_puts_to_sea() -> None:
    """The force's first step on a route throws the sea's dice (irons, calms, currents) and
    its days change by them; the later steps throw nothing more."""
    force = map_force("ship-x", "Britain", [map_ship("X", "Brig Sloop")], -30.0, 15.0)
    route = rules.route((-30.0, 15.0), (-55.0, 15.0), "Brig Sloop", 7)
    force["route"] = {**route, "to": [-55.0, 15.0], "start_day": 0.0}
    state: Any = {"forces": {"ship-x": force}, "engagements": {}, "deployment": [], "seats": {}}
    rng = random.Random(5)
    forces._move(state, 0.25, 1, rng)
    sailed = force["route"]["sailed"]
    assert sailed["currents"]["equatorial-current"]  # carried west by the current
    assert force["route"]["days"] == pytest.approx(route["days"] + sailed["hours"] / 24, abs=1e-3)
    assert force["route"]["days"] < route["days"]
    before = rng.getstate()
    forces._move(state, 0.5, 1, rng)
    assert rng.getstate() == before


def test_a_route_of_older_rules_meets_no_sea() -> None:
    """A route routed before rules version 5 (no ``sea``), in a campaign that goes on under
    today's rules: no dice, and no throw for the shallows she may already have passed."""
    force = map_force("ship-y", "Britain", [map_ship("Y", "Fourth Rate")], -1.1, 50.7)
    route = rules.route("spithead", "the-nore", "Fourth Rate", 6)
    old = {k: v for k, v in route.items() if k not in ("sea", "outlook")}
    force["route"] = {**old, "to": "the-nore", "start_day": 0.0}
    state: Any = {"forces": {"ship-y": force}, "engagements": {}, "deployment": [], "seats": {}}
    rng = random.Random(5)
    before = rng.getstate()
    assert forces._move(state, 2.0, 2, rng) == [] and rng.getstate() == before
    assert force["port"] == "the-nore" and force["route"] is None


def test_the_gms_voyage_planner_shows_each_legs_outlook(world_client) -> None:
    """``GET /api/voyage`` and ``GET /api/route``: each leg, and the whole, with the days
    the sea may make it (no dice), as an order's preview has them."""
    body = world_client.get(
        "/api/voyage?stop=portsmouth&stop=station:mediterranean&stop=portsmouth&ship=Fifth%20Rate"
        "&month=1"
    ).json
    legs = [f["properties"] for f in body["features"] if f["properties"]["kind"] == "leg"]
    assert len(legs) == 2
    for leg in legs:
        out = leg["outlook"]
        assert out["best"] <= out["mean"] <= out["worst"]
    whole = body["properties"]["outlook"]
    assert whole["best"] <= body["properties"]["days"] + 0.01 and whole["worst"] >= whole["mean"]
    route = world_client.get("/api/route?from=portsmouth&to=barbados&ship=Brig%20Sloop").json
    assert route["properties"]["outlook"]["best"] <= route["properties"]["days"] + 0.01


#: a storm (docs/rules-notes.md "Storms on a passage"): Storm winds and a blizzard, the
#: weather's ten cards (BtQ 000:1219, the Trident's)
_BLIZZARD = {
    "name": "High Seas",
    "roll": 6,
    "wind": "Storm winds",
    "precipitation": "Blizzard",
    "rain_roll": 6,
    "strength": "fresh",
}


def _lost_to_the_storm(
    spec: dict[str, Any], wind: str, rain: str, rng: random.Random, player: bool
) -> dict[str, Any]:
    """The storm's test with the Trident's cards: the CoF 9C, her pool all hearts short of
    a nine (no success), the weather's 9H a critical success: a mast carried away."""
    pool = weather_challenge(spec, wind, rain, Deck.gm(random.Random(0))).pool  # (her pool)
    hers = " ".join(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "10H", "JH", "QH", "KH"][:pool])
    stack = f"9C {hers} 9H 2D 3D 4D 5D 6D 7D 8D 10D JD"
    return weather_challenge(spec, wind, rain, ScriptedDealer(stack)).to_dict()


def test_a_storm_at_sea_is_faced_and_a_lost_one_carries_a_mast_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BtQ 000:1215-1221, "Weather as an Opponent": Dreadnought at sea on a day of Storm
    winds and a blizzard faces the weather's ten cards and loses to its critical success:
    a Rigging box Maimed on her record (into her next fight), a day hove to rigging a jury
    mast (her passage's start a day on), in the advance's ``storms``, a ``storm`` notice
    to her captain, her admiral and the GM, read on her in their view; the log replays."""
    g = Game.new(new_app(tmp_path), seed=7)
    gm = g.gm()
    pm, fsl = g.add("pm", "prime-minister"), g.add("fsl", "first-sea-lord")
    red = g.add("red", "admiral", squadron="Red")
    blue = g.add("blue", "admiral", squadron="Blue")
    captain = g.add("dr", "captain", ship="DR")
    assert pm.act("set_ships", digit=3)["ok"] and fsl.act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert captain.act("sail", ship="DR", to="plymouth")["ok"]
    monkeypatch.setattr(
        rules, "shallow_throw", lambda rng: risk_shallows(ScriptedRandom([5])).as_dict()
    )
    assert gm.act("advance", days=1)["ok"]  # (out of port: no storm in harbour)
    dr = next(f for f in _state(g)["forces"] if f["ships"][0]["code"] == "DR")
    start = dr["route"]["start_day"]
    monkeypatch.setattr(rules, "storm_day", lambda lon, lat, month, rng: dict(_BLIZZARD))
    monkeypatch.setattr(rules, "storm_challenge", _lost_to_the_storm)
    assert gm.act("advance", days=1)["ok"]

    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    advance = [e for e in log["events"] if e["type"] == "advance"][-1]
    mine = [s for s in advance["data"]["storms"] if s["ship"] == "DR"]
    assert len(mine) == 1  # once for the day's storm, not each hour of it
    (storm,) = mine
    assert (storm["wind"], storm["precipitation"], storm["weather"]) == (
        "Storm winds",
        "Blizzard",
        10,
    )
    assert (storm["lost"], storm["level"], storm["box"], storm["held"]) == (
        True,
        "critical",
        "maimed",
        1,
    )
    assert storm["place"].startswith(("off ", "at ")) and storm["day"] == 2
    assert sorted(storm["seats"]) == sorted([captain.seat["id"], red.seat["id"]])
    dr = next(f for f in _state(g)["forces"] if f["ships"][0]["code"] == "DR")
    assert dr["ships"][0]["rigging"] == [2] and dr["ships"][0]["rigging_struck"] == ["maimed"]
    assert dr["route"] is None or dr["route"]["start_day"] == start + 1  # a day hove to

    for player in (captain, red, gm):
        told = [n for n in _notices(g, player.token) if n["type"] == "storm"]
        assert "DR" in [n["ship"] for n in told], player.seat
        text = next(n["text"] for n in told if n["ship"] == "DR")
        assert "a mast carried away" in text and "Blizzard: 10 cards" in text
    blues = [n for n in _notices(g, blue.token) if n["type"] == "storm"]
    assert "DR" not in [n["ship"] for n in blues]

    _, problems = server_game.replay(log)
    assert problems == []


def test_a_storm_is_thrown_for_each_british_force_at_sea_not_in_harbour_nor_a_fight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The day's wind is thrown once for each British force at sea; each of her afloat
    ships faces it once; a force in harbour, in a fight, or the enemy's, throws nothing."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    sunk = {**map_ship("SK", "Cutter"), "status": "sunk"}
    at_sea = map_force(
        "red",
        "Britain",
        [map_ship("FG", "Fifth Rate", "B"), map_ship("DR", "Brig Sloop", "F"), sunk],
    )
    in_port = {**map_force("blue", "Britain", [map_ship("HA", "Third Rate")]), "port": "plymouth"}
    work["forces"] = {
        "red": at_sea,
        "blue": in_port,
        "fr": map_force("fr", "France", [map_ship("Vif", "Cutter")]),
    }
    thrown: list[tuple[float, float]] = []

    def day(lon: float, lat: float, month: int, rng: random.Random) -> dict[str, Any]:
        thrown.append((lon, lat))
        return dict(_BLIZZARD)

    monkeypatch.setattr(rules, "storm_day", day)
    monkeypatch.setattr(rules, "storm_challenge", _lost_to_the_storm)
    storms = forces._storms(work, 3, random.Random(1))
    assert len(thrown) == 1 and [s["ship"] for s in storms] == ["FG", "DR"]
    assert [s["rigging"] for s in at_sea["ships"][:2]] == [[2], [2]]
    # her next fight: the Maimed Rigging box comes aboard crossed
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(1))
    assert record["battle"]["a"][0]["rigging"] == [2]


def test_the_days_wind_is_a_storm_on_a_six_in_fresh_waters_only() -> None:
    """docs/rules-notes.md "Weather at sea": under a fresh prevailing wind a d6 of 6 is High
    Seas (Storm winds), a storm; then its precipitation's d6 (a 6, Storm/Snow: 8 cards).
    A fair wind's 6 is a Good Wind: no storm, and no second die."""
    fresh, fair = (20.0, -42.0), (-5.5, 48.3)  # the roaring forties; off Ushant in July
    storm = rules.storm_day(*fresh, 7, ScriptedRandom([6, 6]))
    assert storm is not None
    assert (storm["name"], storm["wind"], storm["precipitation"]) == (
        "High Seas",
        "Storm winds",
        "Storm/Snow",
    )
    assert rules.storm_day(*fresh, 7, ScriptedRandom([5])) is None
    assert rules.storm_day(*fair, 7, ScriptedRandom([6])) is None


def test_a_week_at_sea_spends_a_ration_and_an_empty_store_costs_ship_morale() -> None:
    """docs/rules-notes.md "Rations": every seventh day at sea a British ship spends a
    Ration of her store (a Fifth Rate's 16); out of Rations, the week costs a level of
    Ship Morale, told to her seats; in harbour she spends none."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    hungry = {**map_ship("DR", "Brig Sloop"), "rations": 0}
    at_sea = map_force("red", "Britain", [map_ship("FG", "Fifth Rate"), hungry])
    in_port = {**map_force("blue", "Britain", [map_ship("HA", "Third Rate")]), "port": "plymouth"}
    work["forces"] = {"red": at_sea, "blue": in_port}
    told = [forces._victual(work, d) for d in range(1, 8)]
    assert told[:6] == [[]] * 6
    fg, dr = work["forces"]["red"]["ships"]
    assert (fg["rations"], fg["at_sea"]) == (15, 0)
    assert (dr["rations"], dr["morale"]) == (0, "injured")
    (week,) = told[6]
    assert (week["ship"], week["before"], week["after"], week["day"]) == (
        "DR",
        "healthy",
        "injured",
        7,
    )
    assert "out of rations" in week["text"]
    assert work["forces"]["blue"]["ships"][0] == map_ship("HA", "Third Rate")


def test_the_chase_spends_the_hunters_rations_and_one_she_has_not_is_a_morale() -> None:
    """Seed 002, 2.7: each Ration the moment of truth pays comes out of the hunter's store
    (a Fifth Rate's 16); from a store of one, the second she has not costs a level of Ship
    Morale beside the Morale the chase itself cost."""

    def chase(rations: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
        fg = map_ship("FG", "Fifth Rate", "B")
        if rations is not None:
            fg["rations"] = rations
        work["forces"] = {
            "red": map_force("red", "Britain", [fg]),
            "fr": map_force("fr", "France", [map_ship("Vif", "Cutter")]),
        }
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(3), flees=True)
        return record, work["forces"]["red"]["ships"][0]

    record, fg = chase(None)
    assert (record["chase"]["rations"], record["chase"]["morale"]) == (2, 1)
    spent = {"ship": "FG", "spent": 2, "before": 16, "after": 14}
    assert record["chase"]["ship_rations"] == spent
    assert {"phase": "chase", "event": "ship_rations", **spent} in record["log"]
    assert (fg["rations"], fg["morale"]) == (14, "injured")
    record, fg = chase(1)
    assert record["chase"]["ship_rations"]["after"] == 0
    assert record["chase"]["ship_morale"] == {"ship": "FG", "before": "healthy", "after": "maimed"}
    assert (fg["rations"], fg["morale"]) == (0, "maimed")


def test_a_friendly_port_mends_a_storms_rigging_and_refills_her_rations() -> None:
    """docs/rules-notes.md "Storms on a passage", "Rations": a British ship come into a
    British port has her masts refitted and her store refilled; the view shows a store
    spent into with its size (``rations_store``)."""
    ship = {**map_ship("Y", "Fourth Rate"), "rigging": [2], "rations": 3, "at_sea": 4}
    force = map_force("ship-y", "Britain", [ship], -1.1, 50.7)
    assert views.rated(copy.deepcopy(force))["ships"][0]["rations_store"] == 16
    route = rules.route("spithead", "plymouth", "Fourth Rate", 6)
    old = {k: v for k, v in route.items() if k not in ("sea", "outlook")}  # (no dice)
    force["route"] = {**old, "to": "plymouth", "start_day": 0.0}
    state: Any = {"forces": {"ship-y": force}, "engagements": {}, "deployment": [], "seats": {}}
    forces._move(state, 30.0, 30, random.Random(5))
    assert force["port"] == "plymouth" and not {"rigging", "rations", "at_sea"} & set(ship)
    assert "rations_store" not in views.rated(copy.deepcopy(force))["ships"][0]


def test_a_version_5_advance_with_storms_and_rations_stands_as_logged() -> None:
    """Version 5 threw no storms and kept no Rations: its ``advance`` stands as logged
    (server/game/replay.py upgrade), whatever the days' winds; an order is decided again."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    work["forces"] = {"red": map_force("red", "Britain", [map_ship("FG", "Fifth Rate")])}
    event = {"seq": 9, "type": "advance", "seat": "gm", "data": {"storms": []}}
    assert upgrade(5, work, event)[1].decision
    assert not upgrade(5, work, {**event, "type": "sail", "data": {}})[1].decision
