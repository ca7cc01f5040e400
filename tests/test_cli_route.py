"""``admiralty route`` and ``admiralty ports`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_route_prints_distance_days_legs_and_risks() -> None:
    r = _cli("route", "portsmouth", "gibraltar", "--ship", "Third Rate", "--month", "6")
    assert r.returncode == 0, r.stderr
    head = r.stdout.splitlines()[0]
    assert head.startswith("Portsmouth -> Gibraltar: ") and " nm, " in head and " days" in head
    assert "leg 1: Portsmouth -> Gibraltar" in r.stdout
    assert "risks: none" in r.stdout


def test_route_json_is_a_geojson_feature() -> None:
    r = _cli("route", "portsmouth", "copenhagen", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["type"] == "Feature" and doc["geometry"]["type"] == "LineString"
    assert doc["properties"]["destination"]["id"] == "copenhagen"
    assert doc["properties"]["distance_nm"] > 500


def test_multi_leg_voyage_json_is_a_feature_collection() -> None:
    r = _cli("route", "portsmouth", "gibraltar", "malta", "--ship", "Fifth Rate", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["type"] == "FeatureCollection"
    assert [f["properties"]["kind"] for f in doc["features"]].count("leg") == 2


def test_positions_are_lon_lat() -> None:
    r = _cli("route", "--month", "1", "--", "-20,45", "-40,45")
    assert r.returncode == 0, r.stderr
    assert "45.000, -20.000 -> 45.000, -40.000" in r.stdout


def test_bad_port_id_is_one_line_naming_close_matches() -> None:
    r = _cli("route", "portsmuth", "gibraltar")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "portsmuth" in r.stderr and "portsmouth" in r.stderr


def test_bad_ship_month_and_position_exit_2() -> None:
    for args in (
        ("portsmouth", "gibraltar", "--ship", "Galleon"),
        ("portsmouth", "gibraltar", "--month", "13"),
        ("--", "-1.5,52", "gibraltar"),
        ("portsmouth",),
    ):
        r = _cli("route", *args)
        assert r.returncode == 2, args
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, args


def test_ports_lists_every_port() -> None:
    r = _cli("ports")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) >= 50
    assert any(line.split()[0] == "portsmouth" for line in lines)
    doc = json.loads(_cli("ports", "--json", "--station", "channel").stdout)
    assert doc["type"] == "FeatureCollection"
    assert {f["properties"]["station"] for f in doc["features"]} == {"channel"}
    bad = _cli("ports", "--station", "pacific")
    assert bad.returncode == 2 and "channel" in bad.stderr
