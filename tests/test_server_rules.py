"""The server's own readings: Briny results of a fight on the map, the scenario, movement
along a route."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from maps.timing import sail_hours
from server.game import engagements, rules, sighting, views
from server.game.scenario import Scenario
from server.game.state import State, initial_state
from tests.server_helpers import map_force, map_ship


def _one_fight(result: dict) -> dict:
    """A season's result of one fight: the fight, kept as the only one of its ``fights``."""
    fight = {k: v for k, v in result.items() if k != "fights"}
    assert result["fights"] == [fight]
    return fight


def _state() -> dict:
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    work["forces"] = {
        "red": map_force(
            "red", "Britain", [map_ship("FG", "Fifth Rate", "B"), map_ship("DR", "Brig Sloop", "F")]
        ),
        "fr": map_force(
            "fr", "France", [map_ship("Alexandre", "Fifth Rate"), map_ship("Vif", "Cutter")]
        ),
    }
    return work


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_battle_on_the_map_writes_each_british_ships_result_by_the_book(seed: int) -> None:
    work = _state()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
    assert record["over"]
    outcome = record["outcome"]
    orders = {"FG": "B", "DR": "F"}
    for ship in record["sides"]["a"]:
        fate = rules.ship_fate(outcome, ship["id"], record["log"])
        result, words = rules.map_battle_result(fate, orders[ship["code"]])
        fight = {
            "result": result,
            "engagement": record["id"],
            "fate": fate,
            "interpretation": words,
        }
        # her one fight this season, kept with it (tests/test_server_season_fights.py)
        assert work["results"][ship["code"]] == {**fight, "fights": [fight]}
    for side in ("a", "b"):
        for ship in record["sides"][side]:
            status = outcome["ships"].get(ship["id"], {}).get("status", "active")
            on_map = next(
                s for s in work["forces"][ship["force"]]["ships"] if s["code"] == ship["code"]
            )
            lost = status in ("sunk", "struck", "taken", "decimated")
            assert on_map["status"] == (status if lost else "afloat")
    TypeAdapter(State).validate_python(work)  # the Result record as the schema declares it


def test_decimated_ships_leave_the_map_and_read_as_the_book_says() -> None:
    work = _state()
    record = engagements.open_engagement(work, "red", "fr", 4, random.Random(1))
    outcome = {
        "winner": "b",
        "how": "b_wins",
        "rounds": 9,
        "ships": {
            "a0": {"side": "a", "status": "decimated"},
            "a1": {"side": "a", "status": "sunk"},
            "b0": {"side": "b", "status": "decimated"},
            "b1": {"side": "b", "status": "active"},
        },
    }
    work["results"] = {}
    for force in work["forces"].values():
        for s in force["ships"]:
            s["status"] = "afloat"
    engagements._close(work, record, outcome)
    assert [s["status"] for s in work["forces"]["red"]["ships"]] == ["decimated", "sunk"]
    assert not work["forces"]["red"]["afloat"]
    assert [s["status"] for s in work["forces"]["fr"]["ships"]] == ["decimated", "afloat"]
    assert work["forces"]["fr"]["afloat"]
    assert _one_fight(work["results"]["FG"]) == {
        "result": 6,
        "engagement": record["id"],
        "fate": "decimated",
        "interpretation": "Crew decimated, ship can no longer fight or sail.",
    }
    assert _one_fight(work["results"]["DR"]) == {
        "result": 5,
        "engagement": record["id"],
        "fate": "sunk",
        "interpretation": "Defeat, ship sunk.",
    }


def test_an_enemy_lost_in_the_chase_is_an_inconclusive_result() -> None:
    # a lone Cutter flees the frigate and banks Gage (a Fifth Rate her equal sails to fight
    # and is all but always met: docs/rules-notes.md, "The chase")
    for seed in range(200):
        work = _state()
        work["forces"]["fr"] = map_force("fr", "France", [map_ship("Vif", "Cutter")])
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
        if record["outcome"].get("chase"):
            break
    else:
        pytest.fail("no chase escaped in 200 seeds")
    assert _one_fight(work["results"]["FG"]) == {
        "result": 3,
        "engagement": record["id"],
        "fate": "enemy_escaped",
        "interpretation": "Inconclusive.",
    }
    assert all(s["status"] == "afloat" for f in work["forces"].values() for s in f["ships"])


def test_the_scenario_names_real_ports_and_roster_types() -> None:
    scenario = rules.scenario()
    world = rules.world()
    for sq in scenario["enemy_squadrons"]:
        assert sq["port"] in world.ports
        assert all(p in world.ports for p in sq["sorties"])
        for ship in sq["ships"]:
            assert rules.roster_type(ship["type"]) == ship["type"]
    named = {s["name"] for sq in scenario["enemy_squadrons"] for s in sq["ships"] if s.get("named")}
    assert named == {"Intrepid", "Minerve", "San Augustin", "Peregrina"}
    fighter = engagements._fighter(
        {"name": "Minerve", "type": "Fifth Rate", "named": True, "code": "Minerve", "force": "fr"},
        _state(),
    )
    from strategy.combat import Battle

    minerve = Battle("Fifth Rate", [fighter], seed=1).ships[1].spec
    assert minerve.name == "Minerve" and minerve.traits
    for port in scenario["home_ports"].values():
        assert world.ports[port].nation == "Britain"
    for station, point in scenario["patrol_points"].items():
        assert world.is_sea(*point) and world.station_at(*point) == station


def test_blockade_points_lie_within_sight_of_the_port() -> None:
    for sq in rules.scenario()["enemy_squadrons"]:
        point = rules.blockade_point(sq["port"])
        assert rules.world().is_sea(*point)
        assert sighting.distance_nm(point, rules.anchorage(sq["port"])) <= sighting.SIGHTING_NM
    with pytest.raises(KeyError, match="not an enemy port"):
        rules.blockade_point("portsmouth")
    with pytest.raises(KeyError, match="did you mean"):
        rules.blockade_point("brestt")


@given(st.floats(0, 30), st.floats(0.1, 20))
def test_position_on_route_stays_on_the_track(elapsed: float, days: float) -> None:
    route = {
        "track": [[0.0, 50.0], [1.0, 50.0], [1.0, 51.0]],
        "days": days,
        "distance_nm": sighting.distance_nm((0, 50), (1, 50))
        + sighting.distance_nm((1, 50), (1, 51)),
    }
    lon, lat = sighting.position_on_route(route, elapsed)
    assert (0 <= lon <= 1 and lat == pytest.approx(50)) or (
        lon == pytest.approx(1) and 50 <= lat <= 51
    )
    if elapsed >= days:
        assert (lon, lat) == (1.0, 51.0)


_lon, _lat = st.floats(-180, 180), st.floats(-89.9, 89.9)
_near = st.tuples(st.floats(-0.4, 0.4), st.floats(-0.4, 0.4))


@given(
    st.tuples(_lon, _lat),
    st.lists(_near, max_size=30),
    st.lists(st.tuples(_lon, _lat), max_size=10),
)
def test_lookouts_see_what_a_plain_scan_sees(
    at: tuple[float, float],
    offsets: list[tuple[float, float]],
    far: list[tuple[float, float]],
) -> None:
    """The sighting index answers as measuring every point would: the same points within
    range, in the order given (poles and the date line included)."""
    near = [
        (((at[0] + dx + 180) % 360) - 180, max(-90.0, min(90.0, at[1] + dy))) for dx, dy in offsets
    ]
    points = [*far[:5], *near, *far[5:], *near]  # the near ones twice, among the far
    scan = [i for i, p in enumerate(points) if sighting.distance_nm(p, at) <= sighting.SIGHTING_NM]
    assert sighting.Lookouts(points).within(at) == scan


def test_only_enemy_sails_are_fought() -> None:
    force = {"id": "ship-me", "lon": -30.0, "lat": 40.0}
    seen = {}
    for seed in range(400):
        work = {"forces": {}}
        enemy = engagements.sail_ho_encounter(work, force, 3, random.Random(seed))
        if enemy:
            seen[enemy["side"]] = enemy
            assert enemy["ships"][0]["type"] in rules.ROSTER_ORDER
            assert work["forces"][enemy["id"]] is enemy
    assert set(seen) <= {"France", "Spain", "Netherlands"} and seen


def _course(lon: float, lat: float, bearing: float, deg: float = 0.3) -> list[list[float]]:
    """A short track from [lon, lat] on a compass bearing (degrees)."""
    b = math.radians(bearing)
    return [
        [lon, lat],
        [lon + deg * math.sin(b) / math.cos(math.radians(lat)), lat + deg * math.cos(b)],
    ]


@pytest.mark.parametrize(
    ("off_the_wind", "word", "beat"),
    [
        (0, "beating", True),
        (45, "close-hauled", False),
        (90, "reaching", False),
        (135, "reaching", False),
        (180, "running", False),
        (-45, "close-hauled", False),
        (-90, "reaching", False),
    ],
)
def test_a_previews_point_of_sail_is_its_course_off_the_wind(off_the_wind, word, beat) -> None:
    # docs/rules-notes.md "Points of sail on the map": the angle between the course and where
    # the month's wind blows from, in eighths of the compass (seed 003).
    lon, lat = -30.0, 40.0
    _, _, (_, _, _, frm, _) = sail_hours(np.array([[lon, lat], [lon, lat + 0.2]]), 6, winds=True)
    pieces = rules.sail_pieces(_course(lon, lat, float(frm[0]) + off_the_wind), 6)
    assert [(p["point_of_sail"], p["beat"]) for p in pieces] == [(word, beat)]
    assert pieces[0]["nm"] > 0


# BtQ, "Ship Types": the roster's rate of each type, and the chart's word for it
RATINGS = [
    ("First Rate", 1, "1st rate"),
    ("Second Rate", 2, "2nd rate"),
    ("Third Rate", 3, "3rd rate"),
    ("Fourth Rate", 4, "4th rate"),
    ("Fifth Rate", 5, "5th rate"),
    ("Sixth Rate", 6, "6th rate"),
    ("Ship Sloop", None, "sloop"),
    ("Brig Sloop", None, "sloop"),
    ("Cutter", None, "cutter"),
]


@pytest.mark.parametrize(("kind", "rate", "label"), RATINGS)
def test_a_ships_rating_on_the_chart_is_her_rate_on_the_roster(kind, rate, label) -> None:
    rating = rules.ship_rating([kind])
    assert rating is not None
    assert (rating["type"], rating["rate"], rating["label"], rating["ships"]) == (
        kind,
        rate,
        label,
        1,
    )


def test_a_forces_view_shows_its_largest_afloat_ships_rating_and_its_count() -> None:
    work = _state()
    gm = {"id": "gm", "role": "gm", "name": "GM"}
    seen = {f["id"]: f for f in views.visible_forces(work, gm)}  # type: ignore[arg-type]
    assert seen["red"]["rating"]["label"] == "5th rate" and seen["red"]["rating"]["ships"] == 2
    assert seen["fr"]["rating"]["type"] == "Fifth Rate"
    work["forces"]["red"]["ships"][0]["status"] = "sunk"  # the frigate is gone: the sloop is left
    seen = {f["id"]: f for f in views.visible_forces(work, gm)}  # type: ignore[arg-type]
    assert seen["red"]["rating"] == {
        "type": "Brig Sloop",
        "rate": None,
        "class": "Sloop",
        "label": "sloop",
        "size": 1,
        "ships": 1,
    }
    for s in work["forces"]["red"]["ships"]:
        s["status"] = "sunk"
    assert {f["id"]: f for f in views.visible_forces(work, gm)}["red"]["rating"] is None  # type: ignore[arg-type]


def _scenario_with(change: Any) -> str:
    raw = json.loads(rules.SCENARIO.read_text(encoding="utf-8"))
    change(raw)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["enemy_squadrons"].append(r["enemy_squadrons"][0]), "duplicate enemy"),
        (lambda r: r["enemy_squadrons"][0]["ships"][0].update(type="Galleon"), "no roster type"),
        (lambda r: r["enemy_squadrons"][0]["ships"][2].update(type="Fifth Rate"), "is not a"),
        (lambda r: r["enemy_squadrons"][0]["ships"][0].update(named=True), "unknown named"),
        (lambda r: r["enemy_squadrons"][0].update(side="Prussia"), "side"),
        (lambda r: r["enemy_squadrons"][0].update(ships=[]), "ships"),
        (lambda r: r["enemy_squadrons"][0].update(flag="tricolour"), "flag"),
        (lambda r: r.update(sortie_chance=1.5), "sortie_chance"),
        (lambda r: r["home_ports"].append(r["home_ports"][0]), "home port given twice"),
        (lambda r: r["patrol_points"].update(channel=[-5.6]), "patrol_points"),
    ],
)
def test_a_broken_scenario_is_refused_saying_what_is_wrong(change: Any, message: str) -> None:
    context = {"roster": rules.ROSTER_ORDER, "named_type": rules._named_type}
    with pytest.raises(ValidationError, match=message):
        Scenario.model_validate_json(_scenario_with(change), context=context)


def test_the_scenario_is_read_once_and_frozen() -> None:
    model = rules.scenario_model()
    assert model is rules.scenario_model()
    assert rules.home_port("Channel Fleet", True) == "plymouth"
    with pytest.raises(ValidationError):
        model.sortie_chance = 1.0  # type: ignore[misc]
    with pytest.raises(ValidationError):
        model.enemy_squadrons[0].port = "portsmouth"  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.scenario()["enemy_squadrons"][0]["port"] = "portsmouth"  # type: ignore[index]
