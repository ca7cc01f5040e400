"""The sea-lane graph: where ships can sail, built once from the land (``scripts/build_graph.py``).

Construction (see docs/data.md, "Routing"):

* **Nodes** lie on the boundary of the land buffered by :data:`NODE_OFFSET` (so every node
  is that far out to sea), taken from that boundary simplified finely (0.05 degrees) in the
  theatres of the war and coarsely (0.25 degrees) elsewhere; plus a 3-degree grid over open
  ocean, and hand-checked chains of waypoints through the straits of the period
  (:data:`PASSAGES`), which a buffer would close.
* **Edges** join nodes that see each other (the straight lon/lat segment touches no land)
  within a radius (1.2 degrees near coasts, 2.5 degrees on coarse coasts, 4.5 degrees in the
  ocean); a Yao filter keeps the nearest visible neighbour in each of 16 cones per node,
  a sparse spanner of the visibility graph.
* **The inshore band** is seed 003's "half their length from shore" at the scale of a
  voyage: water within :data:`INSHORE_BAND` of land, except along the passages (deep
  water by "Accurate Charts"). Edges that touch it are flagged; large ships do not use them.

Only the largest connected piece of water is kept (the Caspian and the Great Lakes drop out).
Islands that the 1:10m land leaves out beside lanes of the period (:data:`ISLETS`) count as
land throughout (:func:`lines_blocked`).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import MultiPolygon, box

from maps.errors import DataError
from maps.land import land_mask, land_parts, lines_cross_land

__all__ = [
    "GRAPH_FILE",
    "BAND_FILE",
    "INSHORE_BAND",
    "NODE_OFFSET",
    "ISLETS",
    "PASSAGES",
    "SHORTCUTS_FILE",
    "SHORTCUT_HOPS",
    "SeaLanes",
    "build_lanes",
    "build_shortcuts",
    "deep_clear",
    "replace_file",
    "islets",
    "lines_blocked",
    "load_lanes",
    "load_shortcuts",
    "near_passage",
    "save_shortcuts",
    "shortcut_pairs",
    "shortcuts_fingerprint",
]

GRAPH_FILE = Path(__file__).resolve().parent / "data" / "graph.npz"
BAND_FILE = Path(__file__).resolve().parent / "data" / "graph_band.wkb.gz"
SHORTCUTS_FILE = Path(__file__).resolve().parent / "data" / "graph_shortcuts.npz"
FORMAT = 1
_SHORTCUTS_FORMAT = 1
#: Straightening a track (:mod:`maps.routing`) looks this many nodes ahead; the shortcuts
#: file holds the clear pairs of nodes up to this many hops apart.
SHORTCUT_HOPS = 8

#: Nodes stand this far (degrees) off the land.
NODE_OFFSET = 0.05
#: Width (degrees, ~1.5 nautical miles north-south) of the inshore band kept free by large ships.
INSHORE_BAND = 0.025
#: Theatres of the war where the coast is followed finely (lon0, lat0, lon1, lat1).
THEATRES = ((-12.0, 30.0, 42.0, 66.0), (-100.0, 5.0, -55.0, 50.0), (30.0, -40.0, 125.0, 30.0))
#: Latitudes open to navigation (pack ice beyond).
NAVIGABLE = (-66.0, 76.0)
FINE, COARSE, OCEAN, PASSAGE = 0, 1, 2, 3
_RADIUS = (3.0, 6.0, 8.0, 3.0)
_CONES = 12
#: Simplification of the offset coast in the theatres and elsewhere (degrees).
FINE_TOLERANCE = 0.08
COARSE_TOLERANCE = 0.4
#: Spacing of the open-ocean grid, and of the open-sea grid in the theatres (degrees).
OCEAN_GRID = 6.0
SEA_GRID = 2.0

#: Waypoint chains through straits too narrow for the node buffer (lon, lat), checked at sea.
PASSAGES = MappingProxyType(
    {
        "the Sound": (
            (12.42, 56.23),
            (12.57, 56.11),
            (12.66, 56.01),
            (12.66, 55.93),
            (12.74, 55.78),
            (12.80, 55.70),
            (12.85, 55.62),
            (12.84, 55.50),
            (12.76, 55.42),
            (12.78, 55.30),
        ),
        "Strait of Messina": (
            (15.69, 38.40),
            (15.70, 38.30),
            (15.665, 38.26),
            (15.645, 38.25),
            (15.604, 38.23),
            (15.60, 38.20),
            (15.60, 38.16),
            (15.575, 38.08),
            (15.54, 37.98),
        ),
        "the Solent and Spithead": (
            (-1.75, 50.63),
            (-1.60, 50.68),
            (-1.545, 50.705),
            (-1.45, 50.75),
            (-1.33, 50.78),
            (-1.22, 50.78),
            (-1.12, 50.77),
            (-1.02, 50.74),
            (-0.92, 50.70),
        ),
        "Strait of Gibraltar": (
            (-6.10, 35.93),
            (-5.75, 35.95),
            (-5.50, 35.98),
            (-5.35, 36.03),
            (-5.10, 36.05),
        ),
        "Strait of Bonifacio": ((8.92, 41.38), (9.12, 41.33), (9.33, 41.34), (9.53, 41.32)),
        "Strait of Dover": ((1.10, 50.85), (1.45, 51.02), (1.75, 51.20)),
        "the Dardanelles": (
            (26.10, 40.00),
            (26.24, 40.03),
            (26.30, 40.09),
            (26.37, 40.12),
            (26.39, 40.15),
            (26.38, 40.18),
            (26.43, 40.21),
            (26.49, 40.24),
            (26.52, 40.27),
            (26.57, 40.30),
            (26.62, 40.33),
            (26.65, 40.36),
            (26.67, 40.39),
            (26.75, 40.43),
            (26.90, 40.50),
            (27.10, 40.60),
        ),
    }
)

#: Islands and skerries that Natural Earth 1:10m leaves out (its land layer has no minor
#: islands) beside lanes of the period: (lon, lat, radius in degrees) round each group's
#: charted position. They count as land for the lanes, the band, the ways out of harbours
#: and the straightened tracks; see docs/data.md, "Routing".
ISLETS = MappingProxyType(
    {
        "Vinga (Gothenburg skerries)": (11.603, 57.633, 0.012),
        "Hönö and Öckerö (Gothenburg skerries)": (11.655, 57.695, 0.03),
        "Razzoli, Budelli and Santa Maria (Maddalena)": (9.365, 41.295, 0.035),
        "Ponza": (12.96, 40.905, 0.045),
        "Palmarola": (12.86, 40.935, 0.02),
        "Zannone": (13.055, 40.97, 0.015),
        "Khanderi and Underi (off Bombay)": (72.82, 18.70, 0.018),
        "Muskeget and Tuckernuck (off Nantucket)": (-70.28, 41.32, 0.03),
    }
)


@cache
def islets() -> shapely.Geometry:
    """The :data:`ISLETS` as one (prepared) geometry."""
    geom = shapely.union_all(
        [shapely.Point(x, y).buffer(r, quad_segs=8) for x, y, r in ISLETS.values()]
    )
    shapely.prepare(geom)
    return geom


def lines_blocked(lines: np.ndarray | Sequence[Any]) -> np.ndarray:
    """Vectorised: whether each lon/lat polyline touches land or one of the :data:`ISLETS`."""
    hit = lines_cross_land(lines)
    if len(hit) and (~hit).any():
        free = np.flatnonzero(~hit)
        if isinstance(lines, np.ndarray) and lines.dtype != object and lines.ndim == 3:
            geoms = shapely.linestrings(lines[free])
        else:
            geoms = np.array([shapely.linestrings(lines[i]) for i in free.tolist()], dtype=object)
        hit[free] = shapely.intersects(islets(), geoms)
    return hit


@cache
def _passage_tree() -> shapely.STRtree:
    """The passages' boxes, each 0.1 degree wider than its chain, in a tree."""
    boxes = [
        shapely.box(
            min(x for x, _ in c) - 0.1,
            min(y for _, y in c) - 0.1,
            max(x for x, _ in c) + 0.1,
            max(y for _, y in c) + 0.1,
        )
        for c in PASSAGES.values()
    ]
    return shapely.STRtree(boxes)


def near_passage(lines: np.ndarray) -> np.ndarray:
    """Whether each shapely line's box meets the box (0.1 degree wider) of a passage,
    where the inshore band is cut and the land comes near."""
    out = np.zeros(len(lines), dtype=bool)
    out[_passage_tree().query(lines)[0]] = True
    return out


def deep_clear(segs: np.ndarray, band: shapely.Geometry) -> np.ndarray:
    """Whether each segment keeps off the inshore band and, near a passage, off the land and
    the islets: a large or middling ship's test of a shortcut, but for the named shallows.

    The band holds the land and the islets everywhere but along the passages, so a segment
    that passes it is clear of land too (a small ship's test, again but for the shallows).
    """
    lines = shapely.linestrings(segs)
    ok = ~shapely.intersects(band, lines)
    if ok.any():
        near = np.flatnonzero(ok & near_passage(lines))
        if len(near):
            ok[near] = ~lines_blocked(segs[near])
    return ok


@dataclass(frozen=True, eq=False)
class SeaLanes:
    """The graph: node positions (N x 2 lon/lat), edges (E x 2 node indices, i < j), flags."""

    nodes: np.ndarray
    edges: np.ndarray
    inshore: np.ndarray  # bool per edge: touches the inshore band
    band: MultiPolygon  # the inshore band (land excluded), for checking shortcuts
    graph: nx.Graph  # nodes 0..N-1, edge attribute "eid" (row in ``edges``)


def passage_zone() -> shapely.Geometry:
    """Deep water along the passages, exempt from the inshore band."""
    lines = [shapely.linestrings(c) for c in PASSAGES.values()]
    return shapely.union_all(shapely.buffer(lines, 0.04))


def convex_vertices(geom: shapely.Geometry) -> np.ndarray:
    """Vertices where the land turns a corner towards the sea: shortest paths bend only there.

    Rings are oriented with the land on the left (exterior counter-clockwise, holes
    clockwise), so a left turn is a headland.
    """
    out = [np.empty((0, 2))]
    for poly in getattr(shapely.orient_polygons(geom), "geoms", [geom]):
        for ring in (poly.exterior, *poly.interiors):
            c = np.asarray(ring.coords)[:-1]
            if len(c) < 3:
                continue
            p, n = np.roll(c, 1, axis=0), np.roll(c, -1, axis=0)
            cross = (c[:, 0] - p[:, 0]) * (n[:, 1] - c[:, 1]) - (c[:, 1] - p[:, 1]) * (
                n[:, 0] - c[:, 0]
            )
            out.append(c[cross > 0])
    return np.concatenate(out)


def _yao(nodes: np.ndarray, q: np.ndarray, t: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Indices of candidate pairs kept: the nearest neighbour in each cone of each node."""
    keep = np.zeros(len(q), dtype=bool)
    for a, b in ((q, t), (t, q)):
        dx = (nodes[b, 0] - nodes[a, 0]) * np.cos(np.radians(nodes[a, 1]))
        dy = nodes[b, 1] - nodes[a, 1]
        cone = ((np.arctan2(dy, dx) + np.pi) / (2 * np.pi) * _CONES).astype(int) % _CONES
        key = a.astype(np.int64) * _CONES + cone
        order = np.lexsort((d, key))
        first = np.ones(len(order), dtype=bool)
        first[1:] = key[order][1:] != key[order][:-1]
        keep[order[first]] = True
    return keep


def _scaled_distance(nodes: np.ndarray, q: np.ndarray, t: np.ndarray) -> np.ndarray:
    mid = np.radians((nodes[q, 1] + nodes[t, 1]) / 2)
    return np.hypot((nodes[q, 0] - nodes[t, 0]) * np.cos(mid), nodes[q, 1] - nodes[t, 1])


def build_lanes(
    log: Callable[[str], object] = print,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, MultiPolygon]:
    """Build (nodes, edges, inshore flags, band) from the land; takes ~20 s."""
    parts = np.array(land_parts(), dtype=object)
    offset = shapely.union_all(shapely.buffer(parts, NODE_OFFSET, quad_segs=2))
    log("buffered land")
    theatres = shapely.union_all([box(*b) for b in THEATRES])
    fine = shapely.simplify(
        shapely.intersection(offset, theatres.buffer(1.0)), FINE_TOLERANCE, preserve_topology=False
    )
    coarse = shapely.simplify(offset, COARSE_TOLERANCE, preserve_topology=False)
    cf = convex_vertices(fine)
    cf = cf[shapely.contains_xy(theatres, cf[:, 0], cf[:, 1])]
    cc = convex_vertices(coarse)
    cc = cc[~shapely.contains_xy(theatres.buffer(0.5), cc[:, 0], cc[:, 1])]
    half = OCEAN_GRID / 2
    gx, gy = np.meshgrid(
        np.arange(-180 + half, 180, OCEAN_GRID),
        np.arange(NAVIGABLE[0] + half, NAVIGABLE[1], OCEAN_GRID),
    )
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    grid = grid[~shapely.contains_xy(theatres, grid[:, 0], grid[:, 1])]
    # the narrow seas of the theatres get a finer grid of open-water nodes
    tx, ty = np.meshgrid(
        np.arange(-180 + SEA_GRID / 2, 180, SEA_GRID),
        np.arange(NAVIGABLE[0] + SEA_GRID / 2, NAVIGABLE[1], SEA_GRID),
    )
    sea = np.column_stack([tx.ravel(), ty.ravel()])
    sea = sea[shapely.contains_xy(theatres, sea[:, 0], sea[:, 1])]
    grid = np.concatenate([grid, sea])
    grid = grid[~shapely.contains_xy(offset, grid[:, 0], grid[:, 1])]
    chains = [np.array(c) for c in PASSAGES.values()]
    pa = np.concatenate(chains)
    nodes = np.concatenate([cf, cc, grid, pa])
    kind = np.concatenate(
        [
            np.full(len(cf), FINE),
            np.full(len(cc), COARSE),
            np.full(len(grid), OCEAN),
            np.full(len(pa), PASSAGE),
        ]
    )
    ok = (nodes[:, 1] > NAVIGABLE[0]) & (nodes[:, 1] < NAVIGABLE[1])
    ok &= np.abs(nodes[:, 0]) < 179.99
    _, first = np.unique(np.round(nodes, 6), axis=0, return_index=True)
    uniq = np.zeros(len(nodes), dtype=bool)
    uniq[first] = True
    nodes, kind = nodes[ok & uniq], kind[ok & uniq]
    wet = ~shapely.contains_xy(islets().buffer(NODE_OFFSET), nodes[:, 0], nodes[:, 1])
    nodes, kind = nodes[wet | (kind == PASSAGE)], kind[wet | (kind == PASSAGE)]
    if land_mask(nodes[:, 0], nodes[:, 1]).any():
        raise DataError("a node of the sea lanes is on land")
    log(f"{len(nodes)} nodes")

    radius = np.array(_RADIUS)[kind]
    pts = shapely.points(nodes)
    q, t = shapely.STRtree(pts).query(shapely.buffer(pts, radius, quad_segs=4))
    q, t = q[q < t], t[q < t]
    d = _scaled_distance(nodes, q, t)
    near = d <= np.maximum(radius[q], radius[t])
    q, t, d = q[near], t[near], d[near]
    seen = ~lines_blocked(np.stack([nodes[q], nodes[t]], axis=1))
    q, t, d = q[seen], t[seen], d[seen]
    # within a strait only the chain itself: no chord between two of its waypoints
    both = (kind[q] == PASSAGE) & (kind[t] == PASSAGE)
    q, t, d = q[~both], t[~both], d[~both]
    keep = _yao(nodes, q, t, d)
    # the passages are chained in order whatever the cones say
    idx = {tuple(np.round(p, 6)): i for i, p in enumerate(nodes)}
    extra: list[tuple[int, int]] = []
    for c in chains:
        ids = [idx[tuple(np.round(p, 6))] for p in c]
        extra.extend((min(a, b), max(a, b)) for a, b in zip(ids, ids[1:], strict=False))
    edges = np.unique(
        np.concatenate([np.column_stack([q[keep], t[keep]]), np.array(extra, dtype=q.dtype)]),
        axis=0,
    )
    if lines_blocked(np.stack([nodes[edges[:, 0]], nodes[edges[:, 1]]], axis=1)).any():
        raise DataError("a passage waypoint chain crosses land")
    log(f"{len(edges)} edges")

    g = nx.Graph()
    g.add_nodes_from(range(len(nodes)))
    g.add_edges_from(map(tuple, edges))
    main = max(nx.connected_components(g), key=len)
    renum = np.full(len(nodes), -1)
    members = np.array(sorted(main))
    renum[members] = np.arange(len(members))
    edges = renum[edges]
    edges = edges[(edges >= 0).all(axis=1)]
    nodes = nodes[members]
    log(f"main water: {len(nodes)} nodes, {len(edges)} edges")

    band = shapely.union_all(
        [
            *shapely.buffer(parts, INSHORE_BAND, quad_segs=2),
            shapely.buffer(islets(), INSHORE_BAND, quad_segs=2),
        ]
    )
    band = shapely.difference(band, passage_zone())
    band = shapely.simplify(band, 0.005)
    lines = shapely.linestrings(np.stack([nodes[edges[:, 0]], nodes[edges[:, 1]]], axis=1))
    shapely.prepare(band)
    inshore = shapely.intersects(band, lines)
    log(f"{int(inshore.sum())} edges touch the inshore band")
    band_parts = [
        p
        for g_ in getattr(band, "geoms", [band])
        for p in (g_.geoms if hasattr(g_, "geoms") else [g_])
        if p.geom_type == "Polygon"
    ]
    return nodes, edges.astype(np.int32), inshore, MultiPolygon(band_parts)


def shortcut_pairs(n: int, edges: np.ndarray, hops: int = SHORTCUT_HOPS) -> np.ndarray:
    """Keys ``i * n + j`` (i < j, sorted) of the pairs of nodes at most ``hops`` edges apart."""
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(map(tuple, edges.tolist()))
    keys = []
    for i in range(n):
        far = nx.single_source_shortest_path_length(g, i, cutoff=hops)
        js = np.fromiter((j for j in far if j > i), dtype=np.int64)
        keys.append(i * n + np.sort(js))
    return np.concatenate(keys)


def build_shortcuts(lanes: SeaLanes, log: Callable[[str], object] = print) -> np.ndarray:
    """Keys (see :func:`shortcut_pairs`) of the pairs of nodes up to :data:`SHORTCUT_HOPS`
    apart whose straight segment is :func:`deep_clear`; ~1 min."""
    n = len(lanes.nodes)
    keys = shortcut_pairs(n, lanes.edges)
    log(f"{len(keys)} pairs of nodes within {SHORTCUT_HOPS} hops")
    ok = np.zeros(len(keys), dtype=bool)
    for k in range(0, len(keys), 100_000):
        part = keys[k : k + 100_000]
        segs = np.stack([lanes.nodes[part // n], lanes.nodes[part % n]], axis=1)
        ok[k : k + 100_000] = deep_clear(segs, lanes.band)
    log(f"{int(ok.sum())} of them clear of the band (and of land near the passages)")
    return keys[ok]


@cache
def shortcuts_fingerprint(lanes: SeaLanes) -> str:
    """What the shortcuts depend on: the lanes, the band, the islets, the passages, the land."""
    from maps.land import LAND_FILE

    h = hashlib.sha256()
    for a in (lanes.nodes, lanes.edges):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(shapely.to_wkb(lanes.band))
    h.update(shapely.to_wkb(islets()))
    h.update(LAND_FILE.read_bytes())
    h.update(repr((_SHORTCUTS_FORMAT, SHORTCUT_HOPS, sorted(PASSAGES.items()))).encode())
    return h.hexdigest()


def save_shortcuts(keys: np.ndarray, lanes: SeaLanes, path: Path = SHORTCUTS_FILE) -> None:
    """Write the clear shortcuts (sorted keys, stored as their differences)."""
    buf = io.BytesIO()
    np.savez_compressed(
        buf,
        format=np.array(_SHORTCUTS_FORMAT),
        fingerprint=np.array(shortcuts_fingerprint(lanes)),
        nodes=np.array(len(lanes.nodes)),
        steps=np.diff(keys, prepend=0).astype(np.uint32),
    )
    replace_file(path, buf.getvalue())


@cache
def load_shortcuts(lanes: SeaLanes, path: Path = SHORTCUTS_FILE) -> np.ndarray | None:
    """The clear shortcuts' sorted keys if the file was made for these lanes (else None:
    shortcuts are then tested at query time)."""
    if not path.exists():
        return None
    with np.load(path) as z:
        if (
            int(z["format"]) != _SHORTCUTS_FORMAT
            or int(z["nodes"]) != len(lanes.nodes)
            or str(z["fingerprint"]) != shortcuts_fingerprint(lanes)
        ):
            return None
        keys = np.cumsum(z["steps"], dtype=np.int64)
    keys.setflags(write=False)
    return keys


def save_lanes(
    nodes: np.ndarray,
    edges: np.ndarray,
    inshore: np.ndarray,
    band: MultiPolygon,
    graph_file: Path = GRAPH_FILE,
    band_file: Path = BAND_FILE,
) -> None:
    """Write the graph (npz) and the band (gzipped WKB)."""
    buf = io.BytesIO()
    np.savez_compressed(buf, format=np.array(FORMAT), nodes=nodes, edges=edges, inshore=inshore)
    replace_file(graph_file, buf.getvalue())
    replace_file(band_file, gzip.compress(shapely.to_wkb(band), 9, mtime=0))


def replace_file(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all: a server loading the graph while it is rebuilt
    must never read half a file."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


@cache
def load_lanes() -> SeaLanes:
    """The sea lanes from ``maps/data/graph.npz``, validated (nodes at sea, one connected piece)."""
    with np.load(GRAPH_FILE) as z:
        if int(z["format"]) != FORMAT:
            raise DataError(f"{GRAPH_FILE}: format {int(z['format'])}, expected {FORMAT}")
        nodes, edges, inshore = z["nodes"], z["edges"], z["inshore"]
    n = len(nodes)
    if nodes.shape != (n, 2) or edges.ndim != 2 or edges.shape[1] != 2:
        raise DataError(f"{GRAPH_FILE}: bad shapes")
    if len(inshore) != len(edges) or edges.min() < 0 or edges.max() >= n:
        raise DataError(f"{GRAPH_FILE}: edges out of range")
    if land_mask(nodes[:, 0], nodes[:, 1]).any():
        raise DataError(f"{GRAPH_FILE}: a node is on land (rebuild with scripts/build_graph.py)")
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((int(a), int(b), {"eid": i}) for i, (a, b) in enumerate(edges.tolist()))
    if not nx.is_connected(g):
        raise DataError(f"{GRAPH_FILE}: the sea lanes are not one connected piece")
    band = shapely.from_wkb(gzip.decompress(BAND_FILE.read_bytes()))
    shapely.prepare(band)
    for a in (nodes, edges, inshore):
        a.setflags(write=False)
    return SeaLanes(nodes, edges, inshore.astype(bool), band, g)
