"""Tracks against an independent land model, and the islets that Natural Earth 10m leaves out.

The benchmark's port pairs (``benchmarks/bench_routing.py``) are routed for a Third Rate in
June and sampled every ~1 km against ``global-land-mask`` (skipped if it is not installed):
no sample may be land. That mask and Natural Earth 1:10m disagree by a mile or two on some
coasts and about minor islands; see docs/data.md, "Routing".
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
import shapely

from maps import load_world
from maps.approaches import ENDS_FILE
from maps.geo import distance_nm
from maps.lanes import ISLETS, islets, lines_blocked

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_routing.py"


def _bench_pairs() -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("bench_routing", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return list(mod.PAIRS)


def _oracle_land(coords: np.ndarray) -> list[tuple[float, float]]:
    """Samples (every ~1 km) of a lon/lat polyline that global-land-mask calls land."""
    from global_land_mask import globe

    out = []
    for a, b in zip(coords[:-1], coords[1:], strict=True):
        n = max(1, int(np.ceil(distance_nm(a, b) * 1.852)))
        pts = a + (b - a) * (np.arange(n + 1) / n)[:, None]
        land = globe.is_land(pts[:, 1], pts[:, 0])
        out.extend(map(tuple, np.round(pts[land], 4).tolist()))
    return out


def test_benchmark_tracks_meet_no_land_of_an_independent_model() -> None:
    world = load_world()
    pytest.importorskip("global_land_mask")
    bad = {}
    for a, b in _bench_pairs():
        hits = _oracle_land(np.asarray(world.route(a, b, ship="Third Rate", month=6).track.coords))
        if hits:
            bad[f"{a}-{b}"] = hits[:3]
    assert not bad, bad


def test_islets_are_land_for_the_router() -> None:
    world = load_world()
    geom = islets()
    for name, (lon, lat, r) in ISLETS.items():
        assert geom.contains(shapely.Point(lon, lat)), name
        # a run across the islet is blocked, one well clear of it is not
        across = np.array([[[lon - 2 * r, lat], [lon + 2 * r, lat]]])
        assert lines_blocked(across)[0], name
    # no lane node stands on one, and no lane edge crosses one
    nodes = world.lanes.nodes
    assert not shapely.contains_xy(geom, nodes[:, 0], nodes[:, 1]).any()
    e = world.lanes.edges
    assert not shapely.intersects(
        geom, shapely.linestrings(np.stack([nodes[e[:, 0]], nodes[e[:, 1]]], axis=1))
    ).any()


def test_tracks_past_the_islets_go_round_them() -> None:
    world = load_world()
    v = world.route("toulon", "alexandria")  # by Bonifacio, past the Maddalena islets
    assert not shapely.intersects(islets(), v.track)
    v = world.route("portsmouth", "copenhagen")  # down the Kattegat past Gothenburg
    assert not shapely.intersects(islets(), v.track)


def test_no_anchorage_is_on_an_islet() -> None:
    world = load_world()
    geom = islets()
    for p in world.ports.values():
        assert not geom.contains(shapely.Point(*p.anchorage)), p.id


def test_the_ports_ways_out_file_is_read_back_as_worked_out() -> None:
    """The stored ways out (if current) are what the router would work out itself."""
    world = load_world()
    r = world.router
    if not r.load_ends(ENDS_FILE):
        pytest.skip("maps/data/graph_ends.npz is stale: rebuild with scripts/build_graph.py")
    for pid in ("portsmouth", "martinique", "bombay", "wingo-sound"):
        p = world.ports[pid].anchorage
        stored = r.approaches.ends(p, "Large")
        fresh = r.approaches.find(p, "Large")
        assert [(e.node, e.hazards) for e in stored] == [(e.node, e.hazards) for e in fresh]
        for s, f in zip(stored, fresh, strict=True):
            np.testing.assert_allclose(s.line, f.line)
