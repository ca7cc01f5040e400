"""Every pair of ports: the track never touches land; a deep-draught track no named shallow."""

from __future__ import annotations

import numpy as np
import shapely

from maps import load_world
from maps.land import lines_cross_land


def test_every_pair_of_ports_routes_at_sea_and_deep_ships_clear_of_shallows() -> None:
    world = load_world()
    ids = list(world.ports)
    assert len(ids) >= 50
    shallows = np.array([s.polygon for s in world.shallows], dtype=object)
    shapely.prepare(shallows)
    tree = shapely.STRtree(shallows)
    tracks, names = [], []
    for i, a in enumerate(ids[:-1]):
        # one search per origin; each pair once (the other direction is the same water)
        voyages = world.routes_from(a, ids[i + 1 :], ship="Third Rate", month=6)
        missing = set(ids[i + 1 :]) - set(voyages)
        assert not missing, (a, missing)
        for b, v in voyages.items():
            tracks.append(v.track)
            names.append((a, b))
            assert v.distance_nm > 0 and v.days > 0
            assert v.risks == [], (a, b)
    assert len(tracks) == len(ids) * (len(ids) - 1) // 2
    lines = np.array(tracks, dtype=object)
    on_land = lines_cross_land([np.asarray(t.coords) for t in tracks])
    assert not on_land.any(), [names[i] for i in np.flatnonzero(on_land)][:10]
    q, t = tree.query(lines)
    hits = shapely.intersects(shallows[t], lines[q])
    pairs = zip(q[hits], t[hits], strict=True)
    assert not hits.any(), [(names[i], world.shallows[j].id) for i, j in pairs]


def test_every_port_reaches_every_other_in_a_cutter_without_touching_land() -> None:
    world = load_world()
    ids = list(world.ports)
    for a in ids[::13]:  # a sample of origins for small ships, which may cross shallows
        voyages = world.routes_from(a, ship="Cutter", month=1)
        assert set(voyages) == set(ids) - {a}
        on_land = lines_cross_land([np.asarray(v.track.coords) for v in voyages.values()])
        assert not on_land.any(), a
        for v in voyages.values():
            for r in v.risks:
                assert r.kind == "shallows" and "d6" in r.rule
