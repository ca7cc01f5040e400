"""The read-only REST data: map layers, ports, routes, voyages and battle odds."""

from __future__ import annotations

import pytest

from strategy.combat import odds


def test_map_layers_are_geojson_with_patrol_points(world_client) -> None:
    r = world_client.get("/api/map")
    assert r.status_code == 200 and r.mimetype == "application/geo+json"
    layers = r.json
    assert set(layers) >= {"land", "ports", "stations", "shallows", "blockade_zones"}
    for layer in layers.values():
        assert layer["type"] == "FeatureCollection" and layer["features"]
    stations = {f["properties"]["id"]: f["properties"] for f in layers["stations"]["features"]}
    assert stations["channel"]["patrol_point"] == [-5.6, 48.7]


def test_ports_and_routes(world_client) -> None:
    ports = {p["id"]: p for p in world_client.get("/api/ports").json["ports"]}
    assert len(ports) >= 50 and ports["gibraltar"]["nation"] == "Britain"
    r = world_client.get("/api/route?from=portsmouth&to=gibraltar&ship=Third%20Rate&month=6")
    assert r.status_code == 200 and r.json["geometry"]["type"] == "LineString"
    assert 1000 < r.json["properties"]["distance_nm"] < 1600
    r = world_client.get("/api/route?from=portsmouth&to=station:mediterranean")
    assert r.status_code == 200
    for query, code in [
        ("from=portsmouth&to=gibraltr", "not_found"),
        ("from=portsmouth&to=2.35,48.85", "invalid"),
        ("from=portsmouth", "invalid"),
        ("from=portsmouth&to=gibraltar&month=13", "invalid"),
        ("from=portsmouth&to=gibraltar&ship=Galleon", "invalid"),
        ("from=portsmouth&to=station:atlantis", "not_found"),
    ]:
        r = world_client.get(f"/api/route?{query}")
        assert r.json["error"]["code"] == code, query
    assert (
        "gibraltar"
        in world_client.get("/api/route?from=portsmouth&to=gibraltr").json["error"]["message"]
    )


def test_a_gms_voyage_leg_by_leg(world_client) -> None:
    r = world_client.get(
        "/api/voyage?stop=portsmouth&stop=station:mediterranean&stop=malta"
        "&stop=portsmouth&ship=Fifth%20Rate&month=6&stay=2"
    )
    assert r.status_code == 200
    legs = [f for f in r.json["features"] if f["geometry"]["type"] == "LineString"]
    stops = [f for f in r.json["features"] if f["geometry"]["type"] == "Point"]
    assert len(legs) == 3 and len(stops) == 4
    days = [leg["properties"]["arrive_day"] for leg in legs]
    assert days == sorted(days) and days[-1] > 20
    for query in (
        "stop=portsmouth",
        "stop=portsmouth&stop=malta&stay=-1",
        "stop=portsmouth&stop=malta&month=x",
    ):
        assert world_client.get(f"/api/voyage?{query}").json["error"]["code"] == "invalid"


def test_battle_odds(world_client) -> None:
    r = world_client.get("/api/odds?a=Fifth%20Rate&b=Brig%20Sloop&n=200&seed=3")
    assert r.status_code == 200
    rates = r.json
    assert sum(rates[k] for k in ("a_wins", "b_wins", "escaped", "disengaged")) == pytest.approx(1)
    assert rates["a_wins"] > rates["b_wins"]
    assert world_client.get("/api/odds?a=Fifth%20Rate&b=Brig%20Sloop&n=200&seed=3").json == rates
    # fought on every core, answered as if one after another
    even = world_client.get("/api/odds?a=Fifth%20Rate&b=Fifth%20Rate&n=300&seed=8").json
    assert even == odds("Fifth Rate", "Fifth Rate", 300, 8) and even["n"] == 300
    for query in (
        "a=Fifth%20Rate",
        "a=Galleon&b=Cutter",
        "a=Cutter&b=Cutter&n=0",
        "a=Cutter&b=Cutter&n=x",
    ):
        assert world_client.get(f"/api/odds?{query}").json["error"]["code"] == "invalid"
