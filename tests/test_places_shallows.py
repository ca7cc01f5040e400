"""Named shallows, seed 003's shallow-water rule, and blockade zones off enemy ports."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from maps import land, places
from maps.geo import distance_km
from maps.places import (
    SHALLOW_KINDS,
    blockade_radius_nm,
    blockade_zones,
    load_ports,
    load_shallow_water_rule,
    load_shallows,
    shallows_at,
)
from tests.dice_helpers import ScriptedRandom

SEED_003 = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "003_33876539a4758c53.txt"

# (shallow id, lon, lat of a named spot that lies on it, the spot) -- the brief's hazards
KNOWN = [
    ("goodwin-sands", 1.50, 51.27, "the brief's point"),
    ("scilly-rocks", -6.445, 49.872, "Bishop Rock"),
    ("seven-stones", -6.07, 50.06, "Seven Stones light vessel"),
    ("chaussee-de-sein", -4.998, 48.055, "Ar Men"),
    ("ushant-rocks", -4.91, 48.31, "Les Pierres Noires (the Black Rocks)"),
    ("haisborough-sand", 1.70, 52.917, "Haisborough Sand, 52 55N 1 42E"),
    ("norfolk-banks", 2.20, 53.10, "Leman Bank"),
    ("texel-banks", 4.65, 52.97, "Noorderhaaks"),
    ("zeeland-banks", 3.30, 51.50, "Vlakte van de Raan"),
    ("aboukir-shoals", 30.117, 31.35, "Nelson's Island"),
    ("great-bahama-bank", -78.6, 24.5, "the bank west of Andros"),
    ("florida-reefs", -80.21, 25.22, "Carysfort Reef"),
    ("florida-reefs", -81.88, 24.45, "Sand Key"),
    ("silver-bank", -69.75, 20.45, "Silver Bank"),
    ("cape-hatteras-shoals", -75.45, 35.18, "Diamond Shoals"),
    ("kentish-knock", 1.66, 51.645, "Kentish Knock"),
    ("les-minquiers", -2.062, 48.972, "Maitresse Ile"),
    ("rochebonne", -2.38, 46.18, "Plateau de Rochebonne"),
    ("skerki-bank", 10.95, 37.82, "Keith Reef"),
    ("the-casquets", -2.378, 49.722, "Casquets light"),
    ("eddystone", -4.268, 50.180, "Eddystone light"),
    ("middle-ground", 12.67, 55.70, "the Middle Ground"),
    ("bell-rock", -2.387, 56.434, "Bell Rock light"),
]

# The straits of the period stay open to every ship.
STRAITS = [
    (-5.60, 35.95),
    (1.40, 51.00),
    (-1.10, 50.76),
    (-1.45, 50.75),
    (12.66, 56.05),
    (15.63, 38.20),
    (9.20, 41.32),
    (10.65, 57.90),
]


def test_at_least_twenty_named_shallows_of_known_kinds() -> None:
    shallows = load_shallows()
    assert len(shallows) >= 20
    ids = [s.id for s in shallows]
    assert len(set(ids)) == len(ids)
    for s in shallows:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s.id)
        assert s.kind in SHALLOW_KINDS and s.name and s.source
        assert s.polygon.is_valid and not s.polygon.is_empty
    assert {s.kind for s in shallows} == set(SHALLOW_KINDS)


@pytest.mark.parametrize(
    ("sid", "lon", "lat", "spot"), KNOWN, ids=[f"{k[0]}:{k[3]}" for k in KNOWN]
)
def test_each_shallow_is_at_its_named_place(sid: str, lon: float, lat: float, spot: str) -> None:
    assert sid in [s.id for s in shallows_at(lon, lat)]


def test_shallows_are_water() -> None:
    parts = land.land_parts()
    for s in load_shallows():
        wet = sum(
            s.polygon.intersection(parts[i]).area
            for i in land.land_tree().query(s.polygon, predicate="intersects")
        )
        assert wet < 1e-9, s.id


def test_no_anchorage_and_no_strait_of_the_period_lies_in_a_shallow() -> None:
    # a deep-draught ship must reach every port and pass every strait
    for p in load_ports().values():
        assert shallows_at(*p.anchorage) == (), p.id
    for lon, lat in STRAITS:
        assert shallows_at(lon, lat) == (), (lon, lat)


def test_the_rule_is_stored_once_and_shared() -> None:
    rule = load_shallow_water_rule()
    assert all(s.risk is rule for s in load_shallows())


def test_shallow_water_table_cell_by_cell() -> None:
    # seed 003: "4..6 no problem - 2..3 aground on sand-bank ... - 1 keel strikes rocks/reef"
    rule = load_shallow_water_rule()
    assert [rule.outcome(r) for r in range(1, 7)] == [
        "rocks",
        "aground",
        "aground",
        "clear",
        "clear",
        "clear",
    ]
    assert rule.aground_stuck == {1, 2, 3}  # "1..3 stuck fast ... 4..6 freed"
    assert rule.rocks_damage_dice == 2  # "(2d6 damage points)"
    assert rule.rocks_stuck == {1, 2}  # "1..2 stuck, treat as aground, 3..6 ..."
    assert dict(rule.probabilities()) == pytest.approx(
        {"clear": 1 / 2, "aground": 1 / 3, "rocks": 1 / 6}
    )
    with pytest.raises(ValueError):
        rule.outcome(7)


@pytest.mark.skipif(not SEED_003.exists(), reason="the rule books are not beside the repo")
def test_the_stored_text_is_the_books() -> None:
    book = " ".join(SEED_003.read_text(encoding="utf-8").split())
    for piece in re.split(r" - ", load_shallow_water_rule().text):
        assert " ".join(piece.split()) in book, piece


@pytest.mark.parametrize(
    ("throws", "result", "damage", "stuck"),
    [
        ([5], "clear", 0, False),
        ([3, 2], "aground", 0, True),  # stuck fast, try again next turn
        ([2, 4], "aground", 0, False),  # freed
        ([1, 6, 5, 2], "rocks", 11, True),  # 2d6 = 11, then 2: stuck, treat as aground
        ([1, 1, 3, 3], "rocks", 4, False),  # 2d6 = 4, then 3: scraped free
    ],
)
def test_resolve_replays_scripted_throws(
    throws: list[int], result: str, damage: int, stuck: bool
) -> None:
    rng = ScriptedRandom(throws)
    outcome = load_shallow_water_rule().resolve(rng)
    assert (outcome.roll, outcome.result, outcome.damage, outcome.stuck) == (
        throws[0],
        result,
        damage,
        stuck,
    )
    assert rng.throws == []


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_resolve_is_consistent_and_seeded(seed: int) -> None:
    rule = load_shallow_water_rule()
    a = rule.resolve(random.Random(seed))
    assert a == rule.resolve(random.Random(seed))
    assert a.result == rule.outcome(a.roll)
    assert (2 <= a.damage <= 12) if a.result == "rocks" else a.damage == 0
    assert not a.stuck if a.result == "clear" else a.second_roll in range(1, 7)


def test_bad_rule_data_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    good = places._read_json("places_rules.json")
    bad = {
        **good,
        "shallow_water": {
            **good["shallow_water"],
            "outcomes": {"clear": [4, 5, 6], "aground": [2, 3], "rocks": []},
        },
    }
    monkeypatch.setattr(places, "_read_json", lambda name: bad)
    with pytest.raises(ValueError, match="cover the die"):
        load_shallow_water_rule.__wrapped__()


# --- blockade zones -----------------------------------------------------------------------


def test_a_zone_off_every_enemy_port_and_no_other() -> None:
    zones = blockade_zones()
    enemies = {p.id for p in load_ports().values() if p.is_enemy}
    assert set(zones) == enemies and len(enemies) >= 20
    assert blockade_radius_nm() == 10


def test_zones_are_sea_round_the_anchorage_within_the_radius() -> None:
    ports = load_ports()
    parts = land.land_parts()
    radius_km = blockade_radius_nm() * 1.852
    for pid, zone in blockade_zones().items():
        p = ports[pid]
        assert isinstance(zone, Polygon) and zone.is_valid, pid
        assert zone.contains(Point(p.anchorage)), pid
        wet = sum(
            zone.intersection(parts[i]).area
            for i in land.land_tree().query(zone, predicate="intersects")
        )
        assert wet < 1e-6 * zone.area, pid
        far = max(distance_km(p.anchorage, (x, y)) for x, y in zone.exterior.coords)
        assert radius_km * 0.9 < far < radius_km * 1.01, pid
        if land.is_land(p.lon, p.lat):
            assert not zone.contains(Point(p.lon, p.lat)), pid


def test_blockade_zones_for_chosen_ports() -> None:
    ports = load_ports()
    zones = blockade_zones(["brest", ports["toulon"]])
    assert list(zones) == ["brest", "toulon"]
    assert zones["brest"] is blockade_zones()["brest"]  # built once
    assert zones["brest"].contains(Point(-4.75, 48.30))  # off the Goulet
    with pytest.raises(KeyError, match="atlantis"):
        blockade_zones(["atlantis"])
    with pytest.raises(TypeError):
        zones["cadiz"] = zones["brest"]  # type: ignore[index]


@settings(max_examples=100, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.sampled_from(["brest", "toulon", "texel", "havana"]))
def test_points_in_a_zone_are_sea_near_the_anchorage(fx: float, fy: float, pid: str) -> None:
    zone = blockade_zones([pid])[pid]
    x0, y0, x1, y1 = zone.bounds
    lon, lat = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
    if shapely.contains_xy(zone, lon, lat):
        assert land.is_sea(lon, lat)
        assert distance_km(load_ports()[pid].anchorage, (lon, lat)) <= 10 * 1.852 * 1.01


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f["properties"].update(kind="quicksand"), "bad kind"),
        (lambda f: f["properties"].update(source=""), "no source"),
        (
            lambda f: f.update(
                geometry={
                    "type": "Polygon",
                    "coordinates": [
                        [[-1.5, 52.0], [-1.0, 52.0], [-1.0, 52.5], [-1.5, 52.5], [-1.5, 52.0]]
                    ],
                }
            ),
            "on land",
        ),
    ],
)
def test_bad_shallow_data_is_refused(monkeypatch: pytest.MonkeyPatch, change, message: str) -> None:
    real = places._read_features

    def patched(name: str) -> list[dict]:
        features = [dict(f, properties=dict(f["properties"])) for f in real(name)]
        change(features[0])
        return features

    monkeypatch.setattr(places, "_read_features", patched)
    with pytest.raises(ValueError, match=message):
        load_shallows.__wrapped__()
