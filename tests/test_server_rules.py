"""The server's own readings: Briny results of a fight, the scenario, movement along a route."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.game import engagements, forces, rules


def _outcome(how: str, own: str, enemy: list[str]) -> dict:
    ships = {"a0": {"side": "a", "status": own}}
    ships.update({f"b{i}": {"side": "b", "status": s} for i, s in enumerate(enemy)})
    return {"how": how, "ships": ships}


@pytest.mark.parametrize(
    "how, own, enemy, result",
    [
        ("a_wins", "active", ["taken"], 1),
        ("a_wins", "active", ["struck", "sunk"], 1),
        ("a_wins", "active", ["sunk"], 2),
        ("a_wins", "active", ["decimated"], 3),
        ("escaped", "active", ["escaped"], 3),
        ("escaped", "escaped", ["active"], 4),
        ("disengaged", "active", ["active"], 4),
        ("b_wins", "sunk", ["active"], 5),
        ("a_wins", "sunk", ["sunk"], 5),
        ("b_wins", "struck", ["active"], 6),
        ("b_wins", "taken", ["active"], 6),
    ],
)
def test_briny_result_of_a_fight(how, own, enemy, result) -> None:
    assert engagements.briny_result(_outcome(how, own, enemy), "a0") == result


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
    fighter = engagements._fighter({"name": "Minerve", "type": "Fifth Rate", "named": True})
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
        assert forces.distance_nm(point, rules.anchorage(sq["port"])) <= forces.SIGHTING_NM
    with pytest.raises(KeyError, match="not an enemy port"):
        rules.blockade_point("portsmouth")
    with pytest.raises(KeyError, match="did you mean"):
        rules.blockade_point("brestt")


@given(st.floats(0, 30), st.floats(0.1, 20))
def test_position_on_route_stays_on_the_track(elapsed: float, days: float) -> None:
    route = {
        "track": [[0.0, 50.0], [1.0, 50.0], [1.0, 51.0]],
        "days": days,
        "distance_nm": forces.distance_nm((0, 50), (1, 50)) + forces.distance_nm((1, 50), (1, 51)),
    }
    lon, lat = forces.position_on_route(route, elapsed)
    assert (0 <= lon <= 1 and lat == pytest.approx(50)) or (
        lon == pytest.approx(1) and 50 <= lat <= 51
    )
    if elapsed >= days:
        assert (lon, lat) == (1.0, 51.0)


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
