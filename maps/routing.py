"""Routes under sail on the sea lanes: A* on time under the season's wind.

An edge's weight is the hours a ship of 1 knot reaching speed needs for it: its length in
nautical miles over ``made_good_ma / 12`` (seed 003's points of sail, :mod:`maps.sailing`)
under the prevailing wind at its middle in that month (:mod:`maps.wind`). So A->B and
B->A differ. Large ships (Third Rate and up) lose every edge touching a named shallow or
the inshore band; middling ships may use them, small ships may cross shallows (and the
band freely), at a risk listed on the leg and with their time doubled in the search (a
prudent master takes a hazard only for a real gain); an edge sailed close-hauled counts
its going about (:data:`TACKING`). The heuristic, exact, is the larger
of the great circle at the month's fastest speed and ALT landmark bounds (:data:`LANDMARKS`).

The two ends join the graph by their ways out (:mod:`maps.approaches`). A harbour approach
is pilotage: it may cross the inshore band (never land, and never a shallow for a large
ship). The path is then straightened: a shortcut over up to :data:`SHORTCUT_HOPS` nodes
replaces the nodes between when it touches no land (nor band or shallow), takes no longer
under the wind and skips no strait waypoint.
"""

from __future__ import annotations

import heapq
import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import numpy as np
import shapely
from shapely.geometry import LineString

from maps.approaches import Approaches, End
from maps.lanes import (
    PASSAGES,
    SHORTCUT_HOPS,
    SeaLanes,
    deep_clear,
    lines_blocked,
    load_shortcuts,
    near_passage,
)
from maps.sailing import BOARD_MA, GOING_ABOUT_MA, ShipType, reach_knots
from maps.timing import (
    CALM,
    EARTH_RADIUS_NM,
    bearing,
    gc_nm,
    sail_hours,
    segment_hours,
    speed_factor,
    speed_wind,
    track_nm,
)
from maps.voyage import SHALLOW_RULE, Leg, Risk, Stop
from maps.wind import wind_codes

__all__ = [
    "CALM",
    "EARTH_RADIUS_NM",
    "LANDMARKS",
    "RISK_PENALTY",
    "SHORTCUT_HOPS",
    "Router",
    "gc_nm",
    "track_nm",
]

#: A hazard edge counts this many times its time in the search (small and middling ships).
RISK_PENALTY = 2.0
#: A course that changes tack goes about once a board (seed 003; :mod:`maps.sailing`).
TACKING = 1 + GOING_ABOUT_MA / BOARD_MA
_GRAPHS_KEPT = 6  # about 25 MB each
_ACTIVE_LANDMARKS = 3
#: ALT landmarks: the far ends of the theatres, so that one lies behind most voyages.
LANDMARKS = (
    (29.0, 60.0),  # Gulf of Finland
    (25.0, 71.5),  # North Cape
    (34.5, 33.0),  # the Levant
    (-95.0, 27.0),  # Gulf of Mexico
    (-55.0, 53.0),  # Labrador
    (-67.0, -57.0),  # Cape Horn
    (88.0, 20.0),  # Bay of Bengal
    (-10.0, 5.0),  # Gulf of Guinea
)


def _csr(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray) -> tuple:
    """Arcs by tail as plain lists (starts, heads, weights): node u's arcs are
    ``starts[u]:starts[u + 1]``. Built in milliseconds; a pure-Python search reads them fast."""
    order = np.argsort(tails, kind="stable")
    starts = np.searchsorted(tails[order], np.arange(n + 1))
    return starts.tolist(), heads[order].tolist(), weights[order].tolist()


def _arcs(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray) -> list:
    """Arcs by tail: node u's arcs are ``arcs[u]``, a list of (head, weight) pairs (what a
    pure-Python search reads fastest)."""
    starts, hl, wl = _csr(n, tails, heads, weights)
    pairs = list(zip(hl, wl, strict=True))
    return [pairs[s:e] for s, e in zip(starts[:-1], starts[1:], strict=True)]


def _dijkstra(adj: tuple, source: int) -> np.ndarray:
    """Distances from ``source`` over :func:`_csr` arcs (inf where unreachable)."""
    starts, heads, weights = adj
    dist = [math.inf] * (len(starts) - 1)
    dist[source] = 0.0
    heap = [(0.0, source)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if d > dist[u]:
            continue
        for k in range(starts[u], starts[u + 1]):
            v = heads[k]
            nd = d + weights[k]
            if nd < dist[v]:
                dist[v] = nd
                push(heap, (nd, v))
    return np.array(dist)


@lru_cache(maxsize=512)
def _hop_pairs(n: int) -> np.ndarray:
    """(i, j) for the shortcuts of a polyline of n points: 2 to SHORTCUT_HOPS steps."""
    i0, hop = np.meshgrid(np.arange(n), np.arange(2, SHORTCUT_HOPS + 1), indexing="ij")
    ij = np.column_stack([i0.ravel(), (i0 + hop).ravel()])
    ij = ij[ij[:, 1] < n]
    ij.setflags(write=False)
    return ij


@dataclass(frozen=True, eq=False)
class _Hazard:
    id: str
    name: str
    rule: str
    polygon: shapely.Geometry


class Router(Approaches):
    """Routes on :class:`~maps.lanes.SeaLanes` with the given named shallows.

    Thread-safe: the per-(size, month) graphs are built once and the search adds its two
    temporary ends under a lock.
    """

    def __init__(self, lanes: SeaLanes, shallows: Sequence = ()) -> None:
        self.lanes = lanes
        nodes, edges = lanes.nodes, lanes.edges
        self._a, self._b = nodes[edges[:, 0]], nodes[edges[:, 1]]
        self._nm = gc_nm(self._a, self._b)
        self._node_pts = shapely.points(nodes)
        self._node_tree = shapely.STRtree(self._node_pts)
        self._rad = [(math.radians(x), math.radians(y), math.cos(math.radians(y)))
                     for x, y in nodes.tolist()]
        self._hazards = tuple(
            _Hazard(s.id, s.name, getattr(getattr(s, "risk", None), "text", SHALLOW_RULE),
                    s.polygon) for s in shallows)
        polys = np.array([h.polygon for h in self._hazards], dtype=object)
        shapely.prepare(polys)
        self._hazard_polys = polys
        self._hazard_tree = shapely.STRtree(polys) if len(polys) else None
        lines = shapely.linestrings(np.stack([self._a, self._b], axis=1))
        self._edge_hazards = self._hazards_of(lines)
        self._shallow = np.array([bool(h) for h in self._edge_hazards])
        self._hazard_boxes = (shapely.bounds(polys).reshape(-1, 4) if len(polys)
                              else np.zeros((0, 4)))
        self._passage_points = np.array([p for c in PASSAGES.values() for p in c])
        self._at_passage = self._on_passage(nodes)
        # the pairs of nodes whose straight run is clear of band and land (built with the
        # lanes; None if the file is stale: then every shortcut is tested here)
        self._deep = load_shortcuts(lanes)
        self._lock = threading.Lock()
        self._graphs: OrderedDict[tuple[str, int], tuple[list, float]] = OrderedDict()
        self._usable: dict[str, np.ndarray] = {}
        self._alt: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._alt_lists: dict[int, tuple] = {}
        self._conn: dict[tuple, list] = {}
        self._ends: dict[tuple[float, float], tuple[End, ...]] = {}

    # -- geometry tests -------------------------------------------------------------------
    def _hazards_of(self, lines: np.ndarray) -> list[tuple[int, ...]]:
        """Indices of the named shallows each line touches."""
        out: list[list[int]] = [[] for _ in range(len(lines))]
        if self._hazard_tree is None or not len(lines):
            return [()] * len(lines)
        q, t = self._hazard_tree.query(lines)
        hit = shapely.intersects(self._hazard_polys[t], lines[q])
        for i, j in zip(q[hit].tolist(), t[hit].tolist(), strict=True):
            out[i].append(j)
        return [tuple(sorted(set(x))) for x in out]

    def _no_hazard(self, segs: np.ndarray) -> np.ndarray:
        """Whether each segment touches no named shallow (boxes first, then the shapes)."""
        out = np.ones(len(segs), dtype=bool)
        if self._hazard_tree is None or not len(segs):
            return out
        near = np.flatnonzero(self._hazard_near(segs).any(axis=1))
        if len(near):
            out[near] = [not h for h in self._hazards_of(shapely.linestrings(segs[near]))]
        return out

    def _hazard_near(self, segs: np.ndarray) -> np.ndarray:
        """Whether each segment's box meets each named shallow's box."""
        lo, hi = segs.min(axis=1), segs.max(axis=1)
        hb = self._hazard_boxes
        return ((lo[:, None, 0] <= hb[None, :, 2]) & (hi[:, None, 0] >= hb[None, :, 0])
                & (lo[:, None, 1] <= hb[None, :, 3]) & (hi[:, None, 1] >= hb[None, :, 1]))

    def _on_passage(self, pts: np.ndarray) -> np.ndarray:
        """Whether each point is a strait's waypoint."""
        if not len(pts):
            return np.zeros(0, dtype=bool)
        return (np.abs(pts[:, None, :] - self._passage_points[None, :, :]).max(axis=2)
                < 5e-7).any(axis=1)

    @staticmethod
    def _near_passage(segs: np.ndarray) -> np.ndarray:
        """Whether each segment's box meets the box of a passage (where the band is cut)."""
        return near_passage(segs)

    def _band_hits(self, lines: np.ndarray) -> np.ndarray:
        return shapely.intersects(self.lanes.band, lines)

    # -- the search graphs ----------------------------------------------------------------
    def graph(self, size: str, month: int) -> tuple[list, float]:
        """The directed graph for a size class and month (:func:`_arcs`, weights in hours
        at 1 knot reaching), and its fastest speed factor."""
        key = (size, month)
        with self._lock:
            if key in self._graphs:
                self._graphs.move_to_end(key)
                return self._graphs[key]
        fwd = speed_factor(self._a, self._b, month) / self._board_charge(self._a, self._b, month)
        back = speed_factor(self._b, self._a, month) / self._board_charge(self._b, self._a, month)
        risky = self._shallow.copy()
        allowed = self._allowed(size) & self.usable(size)[self.lanes.edges[:, 0]]
        if size == "Large":
            risky[:] = False
        elif size == "Middling":
            risky |= self.lanes.inshore
        pen = np.where(risky, RISK_PENALTY, 1.0)
        ok = allowed & (fwd > 0)
        okb = allowed & (back > 0)
        u, v = self.lanes.edges[:, 0], self.lanes.edges[:, 1]
        w1 = self._nm * pen / np.where(ok, fwd, 1)
        w2 = self._nm * pen / np.where(okb, back, 1)
        g = _arcs(len(self.lanes.nodes), np.concatenate([u[ok], v[okb]]),
                 np.concatenate([v[ok], u[okb]]), np.concatenate([w1[ok], w2[okb]]))
        vmax = float(max(fwd.max(), back.max(), 1.0)) * 1.0001
        self.landmarks(month)
        with self._lock:
            self._graphs[key] = (g, vmax)
            while len(self._graphs) > _GRAPHS_KEPT:
                self._graphs.popitem(last=False)
        return g, vmax

    @staticmethod
    def _board_charge(a: np.ndarray, b: np.ndarray, month: int) -> np.ndarray:
        """:data:`TACKING` for an edge sailed close-hauled (a board to windward: 45 to 67.5
        degrees off the wind), else 1. A course closer to the wind already pays for going
        about in its boards; a zig-zag of edges would otherwise go about for nothing at its
        corners. Used in the search only (a leg's days are the plain sailing time)."""
        if month == CALM:
            return np.ones(len(a))
        frm, _ = wind_codes((a[:, 0] + b[:, 0]) / 2, (a[:, 1] + b[:, 1]) / 2, month)
        rel = np.abs((frm - bearing(a, b) + 180) % 360 - 180)
        return np.where((rel >= 45 - 1e-9) & (rel < 67.5), TACKING, 1.0)

    def landmarks(self, month: int) -> tuple[np.ndarray, np.ndarray]:
        """ALT tables for a month: hours (at 1 knot reaching) from each landmark to every
        node, and from every node to each landmark, on all edges without penalties.

        Every search graph of that month has a subset of these edges at no lower weight,
        so the triangle inequality gives a lower bound on the time left (A*'s heuristic).
        """
        with self._lock:
            hit = self._alt.get(month)
        if hit is not None:
            return hit
        fwd = speed_factor(self._a, self._b, month)
        back = speed_factor(self._b, self._a, month)
        u, v = self.lanes.edges[:, 0], self.lanes.edges[:, 1]
        w1, w2 = self._nm / np.maximum(fwd, 1e-6), self._nm / np.maximum(back, 1e-6)
        n = len(self.lanes.nodes)
        tails = np.concatenate([u, v])
        heads = np.concatenate([v, u])
        weights = np.concatenate([w1, w2])
        out_adj = _csr(n, tails, heads, weights)
        in_adj = _csr(n, heads, tails, weights)
        lm = self._landmark_nodes()
        d_from = np.column_stack([_dijkstra(out_adj, node) for node in lm])
        d_to = np.column_stack([_dijkstra(in_adj, node) for node in lm])
        # nodes outside the main water: no information, the bound falls back to 0
        d_from[~np.isfinite(d_from)] = np.nan
        d_to[~np.isfinite(d_to)] = np.nan
        with self._lock:
            self._alt[month] = (d_from, d_to)
        return d_from, d_to

    def _alt_rows(self, month: int):
        """The ALT tables and, per node, their rows as plain lists (NaN read as no bound)."""
        with self._lock:
            hit = self._alt_lists.get(month)
        if hit is not None:
            return hit
        d_from, d_to = self.landmarks(month)
        rows_from = np.nan_to_num(d_from, nan=np.inf).tolist()
        rows_to = np.nan_to_num(d_to, nan=-np.inf).tolist()
        out = (d_from, d_to, rows_from, rows_to)
        with self._lock:
            self._alt_lists[month] = out
        return out

    def _landmark_nodes(self) -> list[int]:
        """The usable nodes nearest to :data:`LANDMARKS`."""
        usable = np.flatnonzero(self.usable("Small"))
        pts = self.lanes.nodes[usable]
        return [int(usable[np.argmin(gc_nm(pts, np.array(p)))]) for p in LANDMARKS]

    # -- connecting a free position -------------------------------------------------------
    def usable(self, size: str) -> np.ndarray:
        """Nodes in the main body of water open to a size class (large ships lose the coves)."""
        with self._lock:
            hit = self._usable.get(size)
        if hit is not None:
            return hit
        allowed = self._allowed(size)
        n = len(self.lanes.nodes)
        e = self.lanes.edges[allowed]
        starts, heads, _ = _csr(n, np.concatenate([e[:, 0], e[:, 1]]),
                                np.concatenate([e[:, 1], e[:, 0]]), np.zeros(2 * len(e)))
        label = [-1] * n  # connected pieces, by a breadth-first walk from each new node
        for s0 in range(n):
            if label[s0] < 0 and starts[s0] < starts[s0 + 1]:
                label[s0], todo = s0, [s0]
                while todo:
                    x = todo.pop()
                    for k in range(starts[x], starts[x + 1]):
                        y = heads[k]
                        if label[y] < 0:
                            label[y] = s0
                            todo.append(y)
        lab = np.array(label)
        mask = np.zeros(n, dtype=bool)
        if (lab >= 0).any():
            mask = lab == np.bincount(lab[lab >= 0]).argmax()
        mask.setflags(write=False)
        with self._lock:
            self._usable[size] = mask
        return mask

    def _allowed(self, size: str) -> np.ndarray:
        if size == "Large":
            return ~(self._shallow | self.lanes.inshore)
        return np.ones(len(self.lanes.edges), dtype=bool)

    def _connect(self, p, size: str, month: int, outgoing: bool):
        """(node, weight, end) for the ends of ``p`` usable by this size in this month."""
        key = (round(p[0], 7), round(p[1], 7), size, month, outgoing)
        with self._lock:
            hit = self._conn.get(key)
        if hit is not None:
            return hit
        out = self._connect_uncached(p, size, month, outgoing)
        with self._lock:
            self._conn[key] = out
            while len(self._conn) > 8192:
                self._conn.pop(next(iter(self._conn)))
        return out

    def _connect_uncached(self, p, size: str, month: int, outgoing: bool):
        own = set(self.own_hazards(p)) if size == "Large" else set()
        ends = [e for e in self.ends(p, size)
                if not (size == "Large" and not set(e.hazards) <= own)]
        if not ends:
            return []
        lines = [e.line if outgoing else e.line[::-1] for e in ends]
        a = np.concatenate([ln[:-1] for ln in lines])
        b = np.concatenate([ln[1:] for ln in lines])
        hours = segment_hours(a, b, month)[0]
        cuts = np.cumsum([0] + [len(ln) - 1 for ln in lines])
        out = []
        for i, e in enumerate(ends):
            w = float(hours[cuts[i]:cuts[i + 1]].sum()) * (RISK_PENALTY if e.hazards else 1.0)
            if math.isfinite(w) and w < 1e12:
                out.append((e.node, w, e))
        return out

    # -- the route ------------------------------------------------------------------------
    def route(self, origin: Stop, destination: Stop, ship: ShipType, month: int,
              depart_day: float = 0.0) -> Leg:
        """The fastest track from ``origin`` to ``destination`` for ``ship`` in ``month``."""
        a, b = (origin.lon, origin.lat), (destination.lon, destination.lat)
        knots = reach_knots(ship)
        if a == b:
            return Leg(origin, destination, ship.name, month, knots, 0.0, 0.0,
                       LineString([a, b]), depart_day=depart_day)
        g, vmax = self.graph(ship.size, month)
        conn_a = self._connect(a, ship.size, month, True)
        conn_b = self._connect(b, ship.size, month, False)
        if not conn_a:
            raise ValueError(f"{origin.label()} is not connected to the open sea")
        if not conn_b:
            raise ValueError(f"{destination.label()} is not connected to the open sea")
        direct = self._direct(a, b, ship.size, month)
        path = self._search(g, vmax, a, b, conn_a, conn_b, direct, month)
        coords = self._straighten(*self._coords(path, a, b, conn_a, conn_b), ship.size, month)
        return self._leg(origin, destination, ship, month, knots, coords, depart_day)

    def _coords(self, path, a, b, conn_a, conn_b) -> tuple[np.ndarray, np.ndarray]:
        """The polyline of a searched path (way out, lane nodes, way in) and the lane node
        at each of its points (-1 on the ways out)."""
        if len(path) == 2:
            return np.array([a, b]), np.array([-1, -1])
        first = next(e for n, _, e in conn_a if n == path[1])
        last = next(e for n, _, e in conn_b if n == path[-2])
        mid = path[2:-2]
        coords = np.concatenate([first.line, self.lanes.nodes[mid].reshape(-1, 2),
                                 last.line[::-1]])
        ids = np.array([*[-1] * (len(first.line) - 1), path[1], *mid, path[-2],
                        *[-1] * (len(last.line) - 1)])
        same = np.flatnonzero(np.all(coords[1:] == coords[:-1], axis=1))
        if len(same):  # one point twice (a one-node path): keep it once, as the node
            ids[same] = np.maximum(ids[same], ids[same + 1])
            keep = np.ones(len(coords), dtype=bool)
            keep[same + 1] = False
            coords, ids = coords[keep], ids[keep]
        return coords, ids

    def route_many(self, origin: Stop, destinations: Sequence[Stop], ship: ShipType,
                   month: int) -> list[Leg | ValueError]:
        """Legs from one origin to many destinations with a single Dijkstra search.

        A destination that cannot be reached gives its ValueError in place of a leg.
        """
        a = (origin.lon, origin.lat)
        knots = reach_knots(ship)
        g, _ = self.graph(ship.size, month)
        conn_a = self._connect(a, ship.size, month, True)
        if not conn_a:
            raise ValueError(f"{origin.label()} is not connected to the open sea")
        conns = [self._connect((d.lon, d.lat), ship.size, month, False) for d in destinations]
        # Dijkstra on the arcs from A until every B_i is settled; the ends are extra arcs,
        # so the shared graph is never changed
        into: dict[int, list[tuple[int, float]]] = {}
        for i, cb in enumerate(conns):
            for n, w, _ in cb:
                into.setdefault(n, []).append((i, w))
        dist: dict = {"A": 0.0}
        parent: dict = {"A": None}
        heap: list = []
        count = 0
        pop, push = heapq.heappop, heapq.heappush

        def relax(v, nd, u) -> None:
            nonlocal count
            if nd < dist.get(v, math.inf):
                dist[v], parent[v] = nd, u
                count += 1
                push(heap, (nd, count, v))

        for n, w, _ in conn_a:
            relax(n, w, "A")
        for i, d in enumerate(destinations):
            direct = self._direct(a, (d.lon, d.lat), ship.size, month)
            if direct is not None:
                relax(("B", i), direct, "A")
        remaining = {("B", i) for i, cb in enumerate(conns) if cb} | {
            v for v in dist if isinstance(v, tuple)}
        done: set = set()
        while heap and remaining:
            du, _, u = pop(heap)
            if u in done:
                continue
            done.add(u)
            if isinstance(u, tuple):
                remaining.discard(u)
                continue
            for i, w in into.get(u, ()):
                relax(("B", i), du + w, u)
            for v, w in g[u]:
                relax(v, du + w, u)
        paths = {}
        for i in range(len(destinations)):
            if ("B", i) in done:
                path = [("B", i)]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                paths[("B", i)] = path[::-1]
        out: list[Leg | ValueError] = []
        for i, d in enumerate(destinations):
            b = (d.lon, d.lat)
            if a == b:
                out.append(Leg(origin, d, ship.name, month, knots, 0.0, 0.0, LineString([a, b])))
            elif ("B", i) not in paths:
                out.append(ValueError(f"no passage by sea from {origin.label()} to {d.label()}"))
            else:
                path = paths[("B", i)]
                path = ["A", *path[1:-1], "B"]
                coords = self._straighten(*self._coords(path, a, b, conn_a, conns[i]),
                                          ship.size, month)
                out.append(self._leg(origin, d, ship, month, knots, coords, 0.0))
        return out

    def _direct(self, a, b, size, month) -> float | None:
        """The hours of the straight run from a to b if it is near and clear (as a
        shortcut is: :meth:`_clear`), else None."""
        seg = np.array([[a, b]], dtype=float)
        if gc_nm(seg[0, 0], seg[0, 1]) > 600:  # far apart: the lanes will find it
            return None
        if not self._clear(seg, size)[0]:
            return None
        return float(sail_hours(seg[0], month)[0][0])

    def _search(self, g, vmax, a, b, conn_a, conn_b, direct, month) -> list:
        # lower bounds on the hours left to B, node by node as A* asks: the great circle at
        # the month's best speed, and the landmarks' triangle inequalities through B's ends
        _, _, rows_from, rows_to = self._alt_rows(month)
        k = len(rows_from[0])
        from_b, to_b = [math.inf] * k, [-math.inf] * k
        for node, w, _ in conn_b:
            rf, rt = rows_from[node], rows_to[node]
            for j in range(k):
                if rf[j] + w < from_b[j]:
                    from_b[j] = rf[j] + w
                if rt[j] - w > to_b[j]:
                    to_b[j] = rt[j] - w
        # no information about B from a landmark (B outside its water): no bound from it
        from_b = [x if x < math.inf else -math.inf for x in from_b]
        to_b = [x if x > -math.inf else math.inf for x in to_b]
        # active landmarks: the few that bound best from where the search starts
        score = [max(max(from_b[j] - rows_from[n][j], rows_to[n][j] - to_b[j])
                     for n, _, _ in conn_a) for j in range(k)]
        j0, j1, j2 = sorted(range(k), key=lambda j: -score[j])[:_ACTIVE_LANDMARKS]
        f0, f1, f2, t0, t1, t2 = from_b[j0], from_b[j1], from_b[j2], to_b[j0], to_b[j1], to_b[j2]
        rad = self._rad
        lb, la = math.radians(b[0]), math.radians(b[1])
        cb = math.cos(la)
        kgc = 2 * EARTH_RADIUS_NM / vmax
        sin, asin, sqrt = math.sin, math.asin, math.sqrt
        hcache: dict[int, float] = {}

        def h(u: int) -> float:
            x, y, c = rad[u]
            best = kgc * asin(sqrt(min(1.0, sin((la - y) / 2) ** 2
                                     + c * cb * sin((lb - x) / 2) ** 2)))
            rf, rt = rows_from[u], rows_to[u]
            best = max(best, f0 - rf[j0], f1 - rf[j1], f2 - rf[j2], rt[j0] - t0,
                       rt[j1] - t1, rt[j2] - t2)
            hcache[u] = best
            return best

        # A* on the arcs, the two ends as extra arcs (no graph mutation); node n is B,
        # parent -1 is A. The heuristic is consistent: a node is expanded once, at its
        # best time (heap entries left behind by a better time are skipped).
        n = len(g)
        into_b = {node: w for node, w, _ in conn_b}
        inf = math.inf
        # a search settles a few hundred nodes at most: dicts, not arrays of every node
        dist: dict[int, float] = {}
        parent: dict[int, int] = {}
        heap: list = []
        for node, w, _ in conn_a:
            if w < dist.get(node, inf):
                dist[node], parent[node] = w, -1
        if direct is not None:
            dist[n], parent[n] = direct, -1
            heap.append((direct, direct, n))
        for node, d in dist.items():
            if node != n:
                heap.append((d + h(node), d, node))
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        get, hget = dist.get, hcache.get
        while heap:
            _, du, u = pop(heap)
            if du > dist[u]:
                continue
            if u == n:
                path = ["B"]
                u = parent[n]
                while u != -1:
                    path.append(u)
                    u = parent[u]
                path.append("A")
                return path[::-1]
            wb = into_b.get(u)
            if wb is not None and du + wb < get(n, inf):
                dist[n] = nd = du + wb
                parent[n] = u
                push(heap, (nd, nd, n))
            for v, w in g[u]:
                nd = du + w
                if nd < get(v, inf):
                    dist[v] = nd
                    parent[v] = u
                    hv = hget(v)
                    push(heap, (nd + (h(v) if hv is None else hv), nd, v))
        raise ValueError("no passage by sea between these places for this ship")

    def _straighten(self, coords: np.ndarray, ids: np.ndarray, size: str,
                    month: int) -> np.ndarray:
        """Replace runs of nodes by straight shortcuts that are clear and no slower
        (``ids``: the lane node at each point, -1 elsewhere)."""
        n = len(coords)
        if n <= 2:
            return coords
        # a strait is sailed by its waypoints: no shortcut skips one (the chart's channel)
        node = ids >= 0
        fixed = np.zeros(n, dtype=bool)
        fixed[node] = self._at_passage[ids[node]]
        fixed[~node] = self._on_passage(coords[~node])
        ij = _hop_pairs(n)
        if fixed[1:-1].any():
            before = np.concatenate([[0], np.cumsum(fixed)])  # fixed points before index k
            ij = ij[before[ij[:, 1]] == before[ij[:, 0] + 1]]
        if not len(ij):
            return coords
        # steps and shortcuts alike are timed with the wind at their middle (one lookup)
        a = np.concatenate([coords[:-1], coords[ij[:, 0]]])
        b = np.concatenate([coords[1:], coords[ij[:, 1]]])
        f, frm, brg = speed_wind(a, b, month)
        every = gc_nm(a, b) / np.maximum(f, 1e-6)
        hours, t = every[:n - 1], every[n - 1:]
        if month != CALM:
            # a zig-zag of steps on opposite tacks goes about at its corners, which an edge's
            # time leaves out (a straight course pays for its boards): charge its steps
            # seed 003's going about as a straight course is charged
            tack = (frm[:n - 1] - brg[:n - 1]) % 360 < 180
            change = tack[1:] != tack[:-1]
            turn = np.zeros(n - 1, dtype=bool)
            turn[1:] |= change
            turn[:-1] |= change
            hours = np.where(turn, hours * TACKING, hours)
        cum = np.concatenate([[0.0], np.cumsum(hours)])
        # cheap first: only a shortcut no slower than the steps it replaces is worth testing
        # (the leg's days are then summed piece by piece)
        idx = np.flatnonzero(t <= cum[ij[:, 1]] - cum[ij[:, 0]] + 1e-9)
        # fastest path over the DAG of path steps and clear shortcuts (no slower than the steps)
        if len(idx):
            # the longest shortcut from each point first; then only those not inside a
            # clear one (a shortcut within a clear shortcut would not be taken)
            ii, jj = ij[idx, 0], ij[idx, 1]
            far = np.full(n, -1)
            np.maximum.at(far, ii, jj)
            first = np.flatnonzero(jj == far[ii])
            clear = np.zeros(len(idx), dtype=bool)
            clear[first] = self._clear(np.stack([coords[ii[first]], coords[jj[first]]], axis=1),
                                       size, np.column_stack([ids[ii[first]], ids[jj[first]]]))
            reach = np.full(n, -1)
            np.maximum.at(reach, ii[clear], jj[clear])
            reach = np.maximum.accumulate(reach)
            rest = np.flatnonzero((jj != far[ii]) & (reach[ii] < jj))
            if len(rest):
                clear[rest] = self._clear(np.stack([coords[ii[rest]], coords[jj[rest]]], axis=1),
                                          size, np.column_stack([ids[ii[rest]], ids[jj[rest]]]))
            idx = idx[clear]
        short: dict[int, list] = {}
        for (i, j), tij in zip(ij[idx].tolist(), t[idx].tolist(), strict=True):
            short.setdefault(j, []).append((i, tij))
        hrs = hours.tolist()
        best = [math.inf] * n
        prev = [0] * n
        best[0] = 0.0
        for j in range(1, n):
            best[j], prev[j] = best[j - 1] + hrs[j - 1], j - 1
            for i, tij in short.get(j, ()):
                if best[i] + tij < best[j] - 1e-9 or (
                        best[i] + tij <= best[j] + 1e-9 and i < prev[j]):
                    best[j], prev[j] = best[i] + tij, i
        keep = [n - 1]
        while keep[-1] != 0:
            keep.append(prev[keep[-1]])
        return coords[keep[::-1]]

    def _clear(self, segs: np.ndarray, size: str, ids: np.ndarray | None = None) -> np.ndarray:
        """Whether each shortcut touches no land (no islet), no named shallow and, but for
        a small ship, no inshore band. ``ids``: the lane nodes at the segments' ends (-1
        for none); a run between two nodes is looked up in the shortcuts built with the
        lanes (:func:`~maps.lanes.deep_clear`), the others tested here."""
        ok = np.ones(len(segs), dtype=bool)
        test = np.ones(len(segs), dtype=bool)
        if ids is not None and self._deep is not None:
            both = np.flatnonzero((ids >= 0).all(axis=1))
            if len(both):
                deep = self._deep_pair(ids[both])
                if size != "Small":
                    ok[both] = deep
                    test[both] = False
                else:  # clear of the band (and of land near the passages): clear of land
                    test[both[deep]] = False
        rest = np.flatnonzero(test)
        if len(rest):
            if size != "Small":
                # the band holds the land except along the passages: the band, and the land
                # itself only for shortcuts that come near a passage
                ok[rest] = deep_clear(segs[rest], self.lanes.band)
            else:
                ok[rest] = ~lines_blocked(segs[rest])
        free = np.flatnonzero(ok)
        if len(free):
            ok[free] = self._no_hazard(segs[free])
        return ok

    def _deep_pair(self, pairs: np.ndarray) -> np.ndarray:
        """Whether each pair of nodes (up to SHORTCUT_HOPS apart) is a clear shortcut."""
        keys = self._deep
        n = len(self.lanes.nodes)
        k = pairs.min(axis=1).astype(np.int64) * n + pairs.max(axis=1)
        pos = np.minimum(np.searchsorted(keys, k), len(keys) - 1)
        return keys[pos] == k

    def _leg(self, origin, destination, ship, month, knots, coords, depart_day) -> Leg:
        hours, nm, (p0, p1, pnm, frm, brg) = sail_hours(coords, month, winds=True)
        lines = shapely.linestrings(np.stack([coords[:-1], coords[1:]], axis=1))
        risks: list[Risk] = []
        seen: set[tuple[str, str]] = set()
        hz = self._hazards_of(lines)
        band = self._band_hits(lines) if ship.size == "Middling" else np.zeros(len(lines), bool)
        for s, line in enumerate(lines):
            for j in hz[s]:
                hzd = self._hazards[j]
                if ("shallows", hzd.id) not in seen:
                    seen.add(("shallows", hzd.id))
                    at = shapely.get_coordinates(shapely.intersection(line, hzd.polygon))
                    risks.append(Risk("shallows", hzd.id, hzd.name,
                                      tuple(at[0]) if len(at) else tuple(coords[s]),
                                      hzd.rule))
            if band[s] and ("inshore", str(s)) not in seen and s not in (0, len(lines) - 1):
                seen.add(("inshore", str(s)))
                at = shapely.get_coordinates(shapely.intersection(line, self.lanes.band))
                risks.append(Risk("inshore", "inshore-band", "the inshore band",
                                  tuple(at[0]) if len(at) else tuple(coords[s]), SHALLOW_RULE))
        # nautical miles by point of sail, piece by piece (in a calm the "wind" is abeam:
        # all of it "reaching"); seed 003's points of sail, snapped to the 8 points as
        # point_of_sail() does
        rel = np.rint(np.abs((frm - brg + 180) % 360 - 180) / 45).astype(int)
        miles = np.bincount(rel, weights=pnm, minlength=5)
        names = ("beating (tacking)", "beating", "reaching", "reaching", "running")
        sailing: dict[str, float] = {}
        for i, d in enumerate(miles.tolist()):
            if d > 0:
                sailing[names[i]] = sailing.get(names[i], 0.0) + d
        return Leg(origin, destination, ship.name, month, knots, float(nm.sum()),
                   float(hours.sum()) / knots / 24.0, LineString(coords), tuple(risks),
                   MappingProxyType(sailing), depart_day)
