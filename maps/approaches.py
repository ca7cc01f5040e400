"""How a port or a free position joins the sea lanes: its ways out ("ends").

A straight run from the position to a lane node that it sees; from deep in a harbour,
a way out found on a fine grid of water. Beyond the harbour mouth a run keeps off the
inshore band when it can, and keeps :data:`CLEARANCE` off the land when any way out can;
a large ship's way out keeps clear of the named shallows (seed 003: deep draught).

:class:`Approaches` works them out and keeps them. The ports' ways out are worked out by
``scripts/build_graph.py`` and read back from :data:`ENDS_FILE` when current, with the
table of every shortcut a straightened track can take from their points to the lanes
(:class:`WayPoints`, which :class:`maps.shortcuts.Shortcuts` looks up).
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import networkx as nx
import numpy as np
import shapely

from maps.geo import distance_nm
from maps.hazards import Hazards
from maps.land import land_mask, land_parts, land_tree
from maps.lanes import (
    SHORTCUT_HOPS,
    SeaLanes,
    deep_clear,
    islets,
    lines_blocked,
    load_shortcuts,
    near_passage,
    replace_file,
    shortcuts_fingerprint,
)

__all__ = ["CLEARANCE", "ENDS_FILE", "MOUTH", "SIZES", "Approaches", "End", "WayPoints"]

#: The ports' ways out, worked out by ``scripts/build_graph.py`` (see :meth:`Approaches.save`).
ENDS_FILE = Path(__file__).resolve().parent / "data" / "graph_ends.npz"
_ENDS_FORMAT = 2
#: The size classes of seed 003, in the order the ends file keeps them.
SIZES = ("Small", "Middling", "Large")
#: How many ways out a position keeps at most.
_CONNECT_K = 12
#: Beyond the harbour mouth (:data:`MOUTH` degrees from the anchorage) a way out keeps this
#: far (degrees, ~1.2 nautical miles) off the land when it can: coasts drawn at 1:10m may
#: lie a mile or two off their true place.
CLEARANCE = 0.02
MOUTH = 0.06


class WayPoints(NamedTuple):
    """The ports' ways-out points and the shortcuts a straightened track may take from
    them to the lanes, as kept in :data:`ENDS_FILE`."""

    #: the ways' points but their nodes (P x 2)
    points: np.ndarray
    #: the keys ``point * N + node`` (sorted) of every shortcut a track can take from or to
    #: such a point along the lanes (nodes up to SHORTCUT_HOPS steps away along the track)
    pairs: np.ndarray
    #: whether each is :func:`~maps.lanes.deep_clear`
    clear: np.ndarray
    #: the keys (sorted) of the shortcuts touching a named shallow: the lanes' clear ones
    #: (``i * N + j``, :func:`~maps.lanes.load_shortcuts`) then the points' (``N * N + key``)
    shoal: np.ndarray


@dataclass(frozen=True, eq=False)
class End:
    """A way between a free position and a lane node: the polyline from the position."""

    node: int
    line: np.ndarray
    hazards: tuple[int, ...]
    #: the line's points but the node in the ways-out points table of :data:`ENDS_FILE`
    #: (their shortcuts to the lanes looked up, not tested), or () if not there
    pids: tuple[int, ...] = ()
    #: the line as (lon, lat) tuples
    points: tuple[tuple[float, float], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(map(tuple, self.line.tolist())))


Blocked = Callable[[np.ndarray], np.ndarray]


def _straight_pull(line: np.ndarray, blocked: Blocked = lines_blocked) -> np.ndarray:
    """Drop the points of a polyline that a straight run at sea makes needless."""
    out = [0]
    n = len(line)
    while out[-1] < n - 1:
        i = out[-1]
        js = np.arange(n - 1, i, -1)
        segs = np.stack([np.broadcast_to(line[i], (len(js), 2)), line[js]], axis=1)
        clear = ~blocked(segs)
        out.append(int(js[np.argmax(clear)]) if clear.any() else i + 1)
    return line[out]


def _coast_zone(segs: np.ndarray) -> shapely.Geometry:
    """Land and :data:`~maps.lanes.ISLETS` within the segments' box, widened by
    :data:`CLEARANCE` (prepared): cut out locally, as buffering a continent is slow."""
    lo, hi = segs.reshape(-1, 2).min(axis=0), segs.reshape(-1, 2).max(axis=0)
    frame = shapely.box(*(lo - 2 * CLEARANCE), *(hi + 2 * CLEARANCE))
    parts = np.array(land_parts(), dtype=object)[land_tree().query(frame)]
    pieces = shapely.intersection(parts, frame)
    zone = shapely.union_all(
        [
            *shapely.buffer(pieces, CLEARANCE, quad_segs=2),
            shapely.buffer(shapely.intersection(islets(), frame), CLEARANCE),
        ]
    )
    shapely.prepare(zone)
    return zone


class Approaches:
    """The ways out of ports and free positions onto the lanes open to each size class.

    ``usable(size)`` gives the nodes in the main body of water open to a size (the
    router's :meth:`~maps.routing.Router.usable`). The ways out found are kept per
    position and size (ports are asked again and again); thread-safe.
    """

    def __init__(
        self, lanes: SeaLanes, hazards: Hazards, usable: Callable[[str], np.ndarray]
    ) -> None:
        self.lanes = lanes
        self.hazards = hazards
        self._usable = usable
        self._node_tree = shapely.STRtree(shapely.points(lanes.nodes))
        self._lock = threading.Lock()
        self._ends: dict[tuple[float, float, str], tuple[End, ...]] = {}

    def ends(self, p: tuple[float, float], size: str = "Small") -> tuple[End, ...]:
        """How a position joins the lanes open to ``size`` (:meth:`find`), kept."""
        key = (round(p[0], 7), round(p[1], 7), size)
        with self._lock:
            hit = self._ends.get(key)
        if hit is not None:
            return hit
        found = self.find(p, size)
        with self._lock:
            self._ends[key] = found
            while len(self._ends) > 4096:
                self._ends.pop(next(iter(self._ends)))
        return found

    def find(self, p: tuple[float, float], size: str = "Small") -> tuple[End, ...]:
        """How a position joins the lanes open to ``size``, worked out afresh: straight
        runs to nodes it sees, or a pilot's way out of a harbour."""
        usable = self._usable(size)
        # a large ship's way out must also keep clear of the named shallows (but for the
        # one she is in, if she is in one: she has to come out of it)
        own = self.hazards.holding(p)

        def blocked(segs: np.ndarray) -> np.ndarray:
            hit = lines_blocked(segs)
            if size == "Large" and (~hit).any():
                free = np.flatnonzero(~hit)
                hit[free] = self.hazards.meeting(segs[free], own)
            return hit

        radii = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
        # an approach leaves the coast behind: beyond the harbour mouth it keeps off the band
        found = self._straight_ends(
            p, radii[:1], usable, lambda segs: blocked(segs) | self._band_run(segs)
        )
        found = found or self._straight_ends(p, radii, usable, blocked)
        if not found:  # deep in a harbour or behind islands: find the way out on a fine grid
            found = self._harbour_ends(p, usable, blocked)
        # past the harbour mouth, keep the ways out that stand off the coast, if any does
        off = [
            e for e in found if not self._hugs(np.stack([e.line[:-1], e.line[1:]], axis=1), p).any()
        ]
        if found and not off:
            off = list(
                self._harbour_ends(
                    p, usable, lambda segs: blocked(segs) | self._hugs(segs, p), clear=True
                )
            )
        found = tuple(off) or found
        by_node: dict[int, End] = {}  # one way to each node: the first found
        for e in found:
            by_node.setdefault(e.node, e)
        return tuple(by_node.values())

    # -- the ports' ways out, kept in a file --------------------------------------------
    def fingerprint(self) -> str:
        """What the ways out depend on: the lanes, the band, the shallows, the rules here."""
        h = hashlib.sha256()
        for a in (self.lanes.nodes, self.lanes.edges, self.lanes.inshore):
            h.update(np.ascontiguousarray(a).tobytes())
        h.update(shapely.to_wkb(self.lanes.band))
        h.update(self.hazards.key())
        h.update(
            repr((_ENDS_FORMAT, CLEARANCE, MOUTH, _CONNECT_K, shapely.to_wkb(islets()))).encode()
        )
        h.update(shortcuts_fingerprint(self.lanes).encode())
        return h.hexdigest()

    def save(self, positions: Iterable[tuple[float, float]], path: Path = ENDS_FILE) -> None:
        """Work out the ways out of ``positions`` for every size class and write them, with
        their :class:`WayPoints`."""
        found = {
            (x, y, k): self.ends((x, y), size) for x, y in positions for k, size in enumerate(SIZES)
        }
        ends = [e for es in found.values() for e in es]
        ways = self.way_points(ends)
        buf = io.BytesIO()
        np.savez_compressed(
            buf,
            format=np.array(_ENDS_FORMAT),
            fingerprint=np.array(self.fingerprint()),
            keys=np.array(list(found), dtype=float).reshape(-1, 3),
            counts=np.array([len(es) for es in found.values()], int),
            nodes=np.array([e.node for e in ends], int),
            lens=np.array([len(e.line) for e in ends], int),
            coords=np.array([c for e in ends for c in e.line.tolist()], dtype=float).reshape(-1, 2),
            hazards=np.array([",".join(map(str, e.hazards)) for e in ends], str),
            points=ways.points,
            pair_steps=np.diff(ways.pairs, prepend=0).astype(np.uint32),
            pair_clear=ways.clear,
            shoal_steps=np.diff(ways.shoal, prepend=0).astype(np.uint32),
        )
        replace_file(path, buf.getvalue())

    def load(self, path: Path = ENDS_FILE) -> WayPoints | None:
        """Take the ports' ways out from the file if it was made for these lanes, shallows
        and rules (else they are worked out on first use), and give back its
        :class:`WayPoints` (None if it was not used)."""
        if not path.exists():
            return None
        with np.load(path) as z:
            if int(z["format"]) != _ENDS_FORMAT or str(z["fingerprint"]) != self.fingerprint():
                return None
            keys, counts, nodes, lens = z["keys"], z["counts"], z["nodes"], z["lens"]
            coords, hazards = z["coords"], z["hazards"]
            ways = WayPoints(
                z["points"],
                np.cumsum(z["pair_steps"], dtype=np.int64),
                z["pair_clear"],
                np.cumsum(z["shoal_steps"], dtype=np.int64),
            )
        index = {(round(x, 7), round(y, 7)): i for i, (x, y) in enumerate(ways.points.tolist())}
        cuts = np.concatenate([[0], np.cumsum(lens)])
        i = 0
        table = {}
        for (x, y, k), c in zip(keys.tolist(), counts.tolist(), strict=True):
            table[(round(x, 7), round(y, 7), SIZES[int(k)])] = tuple(
                End(
                    int(nodes[j]),
                    line,
                    tuple(int(v) for v in str(hazards[j]).split(",") if v),
                    tuple(index[(round(px, 7), round(py, 7))] for px, py in line[:-1].tolist()),
                )
                for j in range(i, i + c)
                for line in (coords[cuts[j] : cuts[j + 1]].copy(),)
            )
            i += c
        with self._lock:
            self._ends.update(table)
        return ways

    def way_points(self, ends: Sequence[End]) -> WayPoints:
        """The :class:`WayPoints` of these ways out."""
        n = len(self.lanes.nodes)
        index: dict[tuple[float, float], int] = {}
        reach: dict[tuple[int, int], int] = {}  # (point, end node): hops left to the lanes
        for e in ends:
            last = len(e.line) - 1
            for k, (x, y) in enumerate(e.line[:-1].tolist()):
                pid = index.setdefault((round(x, 7), round(y, 7)), len(index))
                left = SHORTCUT_HOPS - (last - k)
                if left >= 0:
                    reach[(pid, e.node)] = max(reach.get((pid, e.node), -1), left)
        keys: set[int] = set()
        for (pid, node), left in reach.items():
            near = nx.single_source_shortest_path_length(self.lanes.graph, node, cutoff=left)
            keys.update(pid * n + j for j in near)
        pairs = np.array(sorted(keys), dtype=np.int64)
        points = np.array(list(index), dtype=float).reshape(-1, 2)
        segs = np.stack([points[pairs // n], self.lanes.nodes[pairs % n]], axis=1)
        return WayPoints(
            points, pairs, deep_clear(segs, self.lanes.band), self._shoal_keys(points, pairs)
        )

    def _shoal_keys(self, points: np.ndarray, pairs: np.ndarray) -> np.ndarray:
        """The keys of the lanes' clear shortcuts and of the points' (offset by N * N)
        whose segment touches a named shallow."""
        n = len(self.lanes.nodes)
        deep = load_shortcuts(self.lanes)
        if deep is None:
            return np.zeros(0, dtype=np.int64)
        keys = np.concatenate([deep, n * n + pairs])
        out = []
        for k in range(0, len(keys), 100_000):
            part = keys[k : k + 100_000]
            out.append(part[~self.hazards.clear(self._key_segments(part, points))])
        return np.concatenate(out)

    def _key_segments(self, keys: np.ndarray, points: np.ndarray) -> np.ndarray:
        """The segments of keys (two lane nodes, or N * N + a point's row * N + a node)."""
        n = len(self.lanes.nodes)
        node = keys < n * n
        q = np.where(node, keys, keys - n * n)
        a = np.where(
            node[:, None],
            self.lanes.nodes[np.where(node, q // n, 0)],
            points[np.where(node, 0, q // n)] if len(points) else 0.0,
        )
        return np.stack([a, self.lanes.nodes[q % n]], axis=1)

    # -- finding the ways out -----------------------------------------------------------
    def _band_run(self, segs: np.ndarray) -> np.ndarray:
        """Whether a run from a harbour meets the inshore band beyond its first MOUTH."""
        d = segs[:, 1] - segs[:, 0]
        length = np.hypot(d[:, 0], d[:, 1])
        cut = np.clip(MOUTH / np.maximum(length, 1e-12), 0.0, 1.0)[:, None]
        start = segs[:, 0] + d * cut
        out = np.zeros(len(segs), dtype=bool)
        far = cut[:, 0] < 1.0
        if far.any():
            out[far] = shapely.intersects(
                self.lanes.band, shapely.linestrings(np.stack([start[far], segs[far, 1]], axis=1))
            )
        return out

    def _hugs(self, segs: np.ndarray, origin: tuple[float, float] | None = None) -> np.ndarray:
        """Whether a run comes within :data:`CLEARANCE` of land (or meets the inshore band)
        farther than :data:`MOUTH` degrees from ``origin`` (default: each run's start), away
        from the straits' channels."""
        d = segs[:, 1] - segs[:, 0]
        length = np.hypot(d[:, 0], d[:, 1])
        o = segs[:, 0] if origin is None else np.asarray(origin, dtype=float)[None, :]
        left = MOUTH - np.hypot(*(segs[:, 0] - o).T)
        cut = np.clip(left / np.maximum(length, 1e-12), 0.0, 1.0)[:, None]
        start = segs[:, 0] + d * cut
        out = np.zeros(len(segs), dtype=bool)
        far = np.flatnonzero(cut[:, 0] < 1.0)
        if len(far):
            lines = shapely.linestrings(np.stack([start[far], segs[far, 1]], axis=1))
            out[far] = shapely.intersects(self.lanes.band, lines)
            free = np.flatnonzero(~out[far] & ~near_passage(shapely.linestrings(segs[far])))
            if len(free):
                out[far[free]] = shapely.intersects(_coast_zone(segs[far[free]]), lines[free])
        return out

    def _end(self, node: int, line: np.ndarray) -> End:
        """The way out along ``line`` to ``node``, with the named shallows it touches."""
        return End(node, line, self.hazards.touched(np.array([shapely.linestrings(line)]))[0])

    def _straight_ends(
        self,
        p: tuple[float, float],
        radii: Sequence[float],
        usable: np.ndarray,
        blocked: Blocked,
    ) -> tuple[End, ...]:
        """Straight runs to the nearest nodes it sees, within the first radius that has one."""
        pt = np.array(p, dtype=float)
        for radius in radii:
            cand = self._node_tree.query(
                shapely.box(p[0] - radius, p[1] - radius, p[0] + radius, p[1] + radius)
            )
            cand = cand[usable[cand]]
            if not len(cand):
                continue
            d = distance_nm(pt, self.lanes.nodes[cand])
            cand = cand[np.argsort(d)][: 4 * _CONNECT_K]
            segs = np.stack([np.broadcast_to(pt, (len(cand), 2)), self.lanes.nodes[cand]], axis=1)
            clear = np.flatnonzero(~blocked(segs))[:_CONNECT_K]
            if len(clear):
                hz = self.hazards.touched(shapely.linestrings(segs[clear]))
                return tuple(
                    End(int(cand[i]), segs[i].copy(), h)
                    for i, h in zip(clear.tolist(), hz, strict=True)
                )
        return ()

    def _harbour_ends(
        self, p: tuple[float, float], usable: np.ndarray, blocked: Blocked, clear: bool = False
    ) -> tuple[End, ...]:
        """A way out of a harbour that sees no node: a fine grid of water round the point
        (``clear``: only water :data:`CLEARANCE` off the land beyond the harbour mouth),
        in a box that grows until a way is found."""
        for half in (0.3, 0.8) if clear else (0.3, 0.8, 2.0):
            allp, n_w, cand, g = self._water_graph(p, half, usable, blocked, clear)
            if 0 not in g:
                continue
            dist, paths = nx.single_source_dijkstra(g, 0)
            targets = sorted((dist[k], k) for k in range(n_w + 1, len(allp)) if k in dist)
            out = [
                self._end(int(cand[k - n_w - 1]), _straight_pull(allp[paths[k]], blocked))
                for _, k in targets[:_CONNECT_K]
            ]
            if out:
                return tuple(out)
            # no open node in the box: go on from the water cells reached at its edge
            edge = half - 1.5 * (half / 30)
            rim = [
                (dist[k], k)
                for k in range(1, n_w + 1)
                if k in dist and (abs(allp[k][0] - p[0]) > edge or abs(allp[k][1] - p[1]) > edge)
            ]
            for _, k in sorted(rim)[:: max(1, len(rim) // 6)][:6]:
                for e in self._straight_ends(tuple(allp[k]), (0.5, 1.0, 2.0), usable, blocked)[:3]:
                    line = np.concatenate([allp[paths[k]], e.line[1:]])
                    out.append(self._end(e.node, _straight_pull(line, blocked)))
            if out:
                return tuple(out)
        return ()

    def _water_graph(
        self, p: tuple[float, float], half: float, usable: np.ndarray, blocked: Blocked, clear: bool
    ) -> tuple[np.ndarray, int, np.ndarray, nx.Graph]:
        """The water of a 61 x 61 grid in the box ``half`` degrees round the point, as a
        graph of its unblocked steps: its points (the point itself, the W water cells, then
        the usable lane nodes in the box, whose ids are the third item), W, and the graph
        (miles apart)."""
        step = half / 30
        xs = p[0] + np.arange(-30, 31) * step
        ys = p[1] + np.arange(-30, 31) * step
        gx, gy = np.meshgrid(xs, ys)
        grid = np.column_stack([gx.ravel(), gy.ravel()])
        wet = ~(
            land_mask(grid[:, 0], grid[:, 1])
            | shapely.contains_xy(islets(), grid[:, 0], grid[:, 1])
        )
        if clear:
            far = np.flatnonzero(wet & (np.hypot(grid[:, 0] - p[0], grid[:, 1] - p[1]) > MOUTH))
            zone = _coast_zone(np.array([[[xs[0], ys[0]], [xs[-1], ys[-1]]]]))
            wet[far[shapely.contains_xy(zone, grid[far, 0], grid[far, 1])]] = False
        idx = -np.ones(len(grid), dtype=int)
        idx[wet] = np.arange(wet.sum())
        pts = grid[wet]
        # the point itself, the water cells, and the lane nodes inside the box
        cand = self._node_tree.query(shapely.box(xs[0], ys[0], xs[-1], ys[-1]))
        cand = cand[usable[cand]]
        allp = np.concatenate([[p], pts, self.lanes.nodes[cand]])
        n_w = len(pts)
        steps = []
        r, c = np.divmod(np.arange(len(grid)), 61)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            ok = (r + dr < 61) & (c + dc >= 0) & (c + dc < 61)
            a = np.flatnonzero(ok)
            b = (r[a] + dr) * 61 + c[a] + dc
            both = (idx[a] >= 0) & (idx[b] >= 0)
            steps.append(np.column_stack([idx[a][both] + 1, idx[b][both] + 1]))
        # the point and each lane node join the water cells within two steps
        tree = shapely.STRtree(shapely.points(pts))
        for k in [0, *range(n_w + 1, len(allp))]:
            near = tree.query(shapely.points(allp[k]).buffer(2.1 * step))
            steps.append(np.column_stack([np.full(len(near), k), near + 1]))
        pairs = np.concatenate(steps)
        segs = np.stack([allp[pairs[:, 0]], allp[pairs[:, 1]]], axis=1)
        pairs = pairs[~blocked(segs)]
        g = nx.Graph()
        w = distance_nm(allp[pairs[:, 0]], allp[pairs[:, 1]])
        g.add_weighted_edges_from(
            zip(pairs[:, 0].tolist(), pairs[:, 1].tolist(), w.tolist(), strict=True)
        )
        return allp, n_w, cand, g
