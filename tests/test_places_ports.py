"""Ports of c.1805: the issue's harbours, real positions, anchorages in open water."""

from __future__ import annotations

import dataclasses
import re

import pytest

from maps import land
from maps.geo import distance_km
from maps.places import (
    KINDS,
    NATIONS,
    STATION_IDS,
    _port,
    coast_clearance_ok,
    load_ports,
    station_at,
)

globe = pytest.importorskip("global_land_mask.globe")

# The harbours issue 5 names, with the kind each must have.
MUST_HAVE = {
    "british-base": [
        "portsmouth",
        "plymouth",
        "spithead",
        "torbay",
        "falmouth",
        "the-downs",
        "yarmouth",
        "leith",
        "gibraltar",
        "port-mahon",
        "malta",
        "port-royal",
        "english-harbour",
        "barbados",
        "halifax",
        "st-johns",
        "cape-town",
        "bombay",
        "madras",
    ],
    "enemy-arsenal": [
        "brest",
        "lorient",
        "rochefort",
        "flushing",
        "texel",
        "toulon",
        "cadiz",
        "ferrol",
        "cartagena",
        "havana",
        "ile-de-france",
    ],
    "enemy-port": ["cherbourg", "le-havre", "boulogne", "martinique", "guadeloupe"],
    "neutral": ["lisbon", "copenhagen", "naples", "boston", "new-york", "norfolk"],
}

# Independent reference positions (lon, lat) of towns, from GeoNames / Wikipedia, to 0.05 deg.
REFERENCE = {
    "portsmouth": (-1.09, 50.80),
    "plymouth": (-4.14, 50.37),
    "brest": (-4.49, 48.39),
    "toulon": (5.93, 43.12),
    "cadiz": (-6.29, 36.53),
    "gibraltar": (-5.35, 36.14),
    "malta": (14.51, 35.90),
    "copenhagen": (12.57, 55.68),
    "halifax": (-63.57, 44.65),
    "port-royal": (-76.84, 17.94),
    "havana": (-82.37, 23.11),
    "cape-town": (18.42, -33.92),
    "bombay": (72.83, 18.93),
    "madras": (80.27, 13.08),
    "ile-de-france": (57.50, -20.16),
    "new-york": (-74.01, 40.71),
    "lisbon": (-9.14, 38.72),
    "texel": (4.76, 52.96),
}

# Roadsteads and anchorages listed as ports: their position is water, not a town.
ROADSTEADS = {"spithead", "torbay", "the-downs", "wingo-sound"}

# River ports: the town lies some miles up its river (the Charente, the Gota, the Dvina).
RIVER_PORTS = {"rochefort", "gothenburg", "riga"}

# Royal Navy bases whose harbour another nation held c.1805 (see docs/rules-notes.md).
FOREIGN_BASES = {
    "port-mahon": "Spain",
    "cape-town": "Netherlands",
    "simons-bay": "Netherlands",
    "wingo-sound": "Sweden",
}


def test_at_least_fifty_ports_in_every_station_with_every_kind() -> None:
    ports = load_ports()
    assert len(ports) >= 50
    assert {p.station for p in ports.values()} == set(STATION_IDS)
    assert {p.kind for p in ports.values()} == set(KINDS)
    for sid in STATION_IDS:
        assert any(p.kind == "british-base" and p.station == sid for p in ports.values()), sid


@pytest.mark.parametrize("kind", sorted(MUST_HAVE))
def test_the_issues_harbours_are_present_with_their_kind(kind: str) -> None:
    ports = load_ports()
    for pid in MUST_HAVE[kind]:
        assert pid in ports, pid
        assert ports[pid].kind == kind, pid


def test_ids_are_slugs_keys_match_and_fields_are_from_the_known_sets() -> None:
    for pid, p in load_ports().items():
        assert pid == p.id and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", pid)
        assert p.nation in NATIONS and p.kind in KINDS and p.station in STATION_IDS
        assert p.name and p.source and p.anchorage_name


def test_nations_of_1805() -> None:
    ports = load_ports()
    for p in ports.values():
        if p.kind == "british-base":
            assert p.nation == FOREIGN_BASES.get(p.id, "Britain"), p.id
        elif p.is_enemy:
            assert p.nation in {"France", "Spain", "Netherlands", "Etruria"}, p.id
        else:
            assert p.nation not in {"Britain", "France"}, p.id
    assert ports["flushing"].nation == "Netherlands" and ports["genoa"].nation == "France"
    assert ports["boston"].nation == "United States" and ports["naples"].nation == "Naples"


@pytest.mark.parametrize("pid", sorted(REFERENCE))
def test_positions_match_reference_coordinates(pid: str) -> None:
    p = load_ports()[pid]
    lon, lat = REFERENCE[pid]
    assert distance_km((p.lon, p.lat), (lon, lat)) < 6


def test_every_anchorage_is_open_water_near_its_harbour() -> None:
    for p in load_ports().values():
        lon, lat = p.anchorage
        assert land.is_sea(lon, lat), p.id
        assert coast_clearance_ok(lon, lat, km=2.0), f"{p.id}: anchorage within 2 km of land"
        assert distance_km((p.lon, p.lat), (lon, lat)) < 25, p.id


def test_every_anchorage_is_sea_for_the_independent_oracle_too() -> None:
    # global-land-mask (1 km grid) at the anchorage and at 1 km all round it
    for p in load_ports().values():
        lon, lat = p.anchorage
        for dlon, dlat in [(0, 0), (0.009, 0), (-0.009, 0), (0, 0.009), (0, -0.009)]:
            assert globe.is_ocean(lat + dlat, lon + dlon / max(0.2, abs(_cos(lat)))), p.id


def _cos(lat: float) -> float:
    import math

    return math.cos(math.radians(lat))


def test_harbour_positions_are_on_the_coast() -> None:
    # a swapped or mis-signed coordinate would put a town at sea far offshore or far inland
    for p in load_ports().values():
        if p.id in ROADSTEADS:
            assert not coast_clearance_ok(p.lon, p.lat, km=8.0), p.id
            continue
        assert not coast_clearance_ok(p.lon, p.lat, km=4.0), f"{p.id}: no land within 4 km"
        r = 0.15 if p.id in RIVER_PORTS else 0.08
        near_sea = any(
            land.is_sea(p.lon + dx, p.lat + dy) for dx in (-r, 0, r) for dy in (-r, 0, r)
        )
        assert near_sea, f"{p.id}: no sea within ~{r * 100:.0f} km of the harbour"


def test_every_anchorage_lies_in_its_station() -> None:
    for p in load_ports().values():
        assert station_at(*p.anchorage) == p.station, p.id


def test_ports_are_immutable() -> None:
    ports = load_ports()
    with pytest.raises(TypeError):
        ports["atlantis"] = ports["brest"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ports["brest"].nation = "Britain"  # type: ignore[misc]
    assert load_ports() is ports


GOOD_ROW = {
    "id": "x",
    "name": "X",
    "nation": "France",
    "kind": "enemy-port",
    "station": "channel",
    "lon": -4.49,
    "lat": 48.39,
    "anchorage": [-4.66, 48.31],
    "source": "test",
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"nation": "Atlantis"}, "unknown nation"),
        ({"kind": "pirate-lair"}, "unknown kind"),
        ({"station": "pacific"}, "unknown station"),
        ({"anchorage": [-4.49, 48.39]}, "not in open water"),  # the town itself: land
        ({"anchorage": [-5.5, 48.0]}, "more than 25 km"),
        ({"source": ""}, "no source"),
    ],
)
def test_bad_port_rows_are_refused(change: dict, message: str) -> None:
    assert _port(GOOD_ROW).id == "x"
    with pytest.raises(ValueError, match=message):
        _port({**GOOD_ROW, **change})
