"""Routes under sail on the sea lanes: A* on time under the season's wind.

An edge's weight is the hours a ship of 1 knot reaching speed needs for it: its length in
nautical miles over ``made_good_ma / 12`` (seed 003's points of sail, :mod:`maps.sailing`)
under the prevailing wind at its middle in that month (:mod:`maps.wind`). So A->B and
B->A differ. Large ships (Third Rate and up) lose every edge touching a named shallow or
the inshore band; middling ships may use them, small ships may cross shallows (and the
band freely), at a risk listed on the leg and with their time doubled in the search (a
prudent master takes a hazard only for a real gain); an edge sailed close-hauled counts
its going about (:data:`TACKING`). The heuristic, admissible and consistent, is the larger
of the great circle (by its chord) at the month's fastest speed and the best four ALT bounds
of :data:`LANDMARKS`, whose tables are worked out on each search graph itself.

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
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString

from maps.approaches import TACKING, Approaches, End, Shortcuts
from maps.geo import EARTH_RADIUS_NM, bearing, distance_nm, unit_vector
from maps.land import land_parts
from maps.lanes import (
    PASSAGES,
    SHORTCUT_HOPS,
    SeaLanes,
    lines_blocked,
    load_shortcuts,
)
from maps.sailing import ShipType, reach_knots
from maps.timing import (
    CALM,
    leg_sailing,
    sail_hours,
    segment_hours,
    speed_factor,
)
from maps.voyage import SHALLOW_RULE, Leg, Risk, Stop
from maps.wind import wind_codes

__all__ = [
    "CALM",
    "LANDMARKS",
    "RISK_PENALTY",
    "SHORTCUT_HOPS",
    "Router",
]

#: A hazard edge counts this many times its time in the search (small and middling ships).
RISK_PENALTY = 2.0
_GRAPHS_KEPT = 6  # about 25 MB each
#: Landmark bounds a search evaluates: those best where it starts (of two per landmark).
_ACTIVE_BOUNDS = 4
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


class SearchGraph(NamedTuple):
    """A size class's graph in a month, as the search reads it."""

    arcs: list  # per node: (head, hours at 1 knot reaching) pairs
    vmax: float  # the fastest speed factor (the great circle's bound)
    d_from: np.ndarray  # hours from each landmark (column) to each node (row); inf: no way
    d_to: np.ndarray  # hours from each node to each landmark
    #: per node (2L values at 2L u, L landmarks), hours from each landmark and minus hours
    #: to each (inf where there is no way); with c[i] the least of ``row[i] + w`` over
    #: B's ends (their hours w to B), ``c[i] - row[i]`` bounds the hours from the node to
    #: B (the triangle inequality)
    rows: array


@dataclass(frozen=True, eq=False)
class _Hazard:
    id: str
    name: str
    rule: str
    polygon: shapely.Geometry


class Router(Approaches, Shortcuts):
    """Routes on :class:`~maps.lanes.SeaLanes` with the given named shallows.

    Thread-safe: the per-(size, month) graphs are built once and the search adds its two
    temporary ends under a lock.
    """

    def __init__(self, lanes: SeaLanes, shallows: Sequence = ()) -> None:
        self.lanes = lanes
        nodes, edges = lanes.nodes, lanes.edges
        self._a, self._b = nodes[edges[:, 0]], nodes[edges[:, 1]]
        self._nm = distance_nm(self._a, self._b)
        self._node_pts = shapely.points(nodes)
        self._node_tree = shapely.STRtree(self._node_pts)
        # unit vectors, flat (x, y, z of node u at 3u): few cache lines per node
        self._xyz = array("d", [c for p in nodes.tolist() for c in unit_vector(p)])
        self._hazards = tuple(
            _Hazard(
                s.id, s.name, getattr(getattr(s, "risk", None), "text", SHALLOW_RULE), s.polygon
            )
            for s in shallows
        )
        polys = np.array([h.polygon for h in self._hazards], dtype=object)
        shapely.prepare(polys)
        self._hazard_polys = polys
        self._hazard_tree = shapely.STRtree(polys) if len(polys) else None
        lines = shapely.linestrings(np.stack([self._a, self._b], axis=1))
        self._edge_hazards = self._hazards_of(lines)
        self._shallow = np.array([bool(h) for h in self._edge_hazards])
        self._hazard_boxes = (
            shapely.bounds(polys).reshape(-1, 4) if len(polys) else np.zeros((0, 4))
        )
        self._hazard_box_list = [tuple(b) for b in self._hazard_boxes.tolist()]
        self._passage_points = np.array([p for c in PASSAGES.values() for p in c])
        self._at_passage = self._on_passage(nodes)
        # the pairs of nodes whose straight run is clear of band and land (built with the
        # lanes; None if the file is stale: then every shortcut is tested here)
        self._deep = load_shortcuts(lanes)
        # the clear shortcuts' keys and, for the ways out of ports (once read), whether clear
        # (and the third item: whether that takes the named shallows into account)
        self._table = (
            None
            if self._deep is None
            else self._lookup_table(self._deep, np.ones(len(self._deep), dtype=bool), False)
        )
        self._at_points = np.zeros(0, dtype=bool)  # the ways-out points at a strait
        self._at_list = self._at_passage.tolist()  # the nodes', then the points'
        self._node_list = [tuple(p) for p in nodes.tolist()]
        self._in_band: dict[tuple[float, float], bool] = {}  # ways-out points in the band
        self._lock = threading.Lock()
        self._graphs: OrderedDict[tuple[str, int], SearchGraph] = OrderedDict()
        self._usable: dict[str, np.ndarray] = {}
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

    def _band_hits(self, lines: np.ndarray) -> np.ndarray:
        return shapely.intersects(self.lanes.band, lines)

    def prime(self) -> None:
        """Build the indexes that GEOS builds for a prepared polygon on its first tests (of
        the band, the land, the islets and the named shallows), so that no question waits
        for them: a short run at a corner of each shape's box, twice."""
        shapes = np.array([self.lanes.band, *land_parts(), *self._hazard_polys], dtype=object)
        corner = shapely.bounds(shapes)[:, :2]
        segs = np.stack([corner, corner + 1e-9], axis=1)
        for _ in range(2):
            shapely.intersects(self.lanes.band, shapely.linestrings(segs[:1]))
            lines_blocked(segs[1:])
            self._no_hazard(segs)

    # -- the search graphs ----------------------------------------------------------------
    def graph(self, size: str, month: int) -> SearchGraph:
        """The directed graph for a size class and month (weights in hours at 1 knot
        reaching), its fastest speed factor and its landmark tables; built on first use."""
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
        n = len(self.lanes.nodes)
        tails = np.concatenate([u[ok], v[okb]])
        heads = np.concatenate([v[ok], u[okb]])
        weights = np.concatenate([w1[ok], w2[okb]])
        vmax = float(max(fwd.max(), back.max(), 1.0)) * 1.0001
        # ALT tables on this very graph: hours from each landmark to every node and from
        # every node to each landmark; the triangle inequality then bounds the time left
        lm = self._landmark_nodes(size)
        out_adj = _csr(n, tails, heads, weights)
        in_adj = _csr(n, heads, tails, weights)
        d_from = np.column_stack([_dijkstra(out_adj, node) for node in lm])
        d_to = np.column_stack([_dijkstra(in_adj, node) for node in lm])
        for d in (d_from, d_to):
            d.setflags(write=False)
        # unreachable (inf) gives no bound: +inf from a landmark, -inf to one
        rows = array(
            "d", np.hstack([d_from, np.where(np.isfinite(d_to), -d_to, np.inf)]).ravel().tobytes()
        )
        out = SearchGraph(_arcs(n, tails, heads, weights), vmax, d_from, d_to, rows)
        with self._lock:
            self._graphs[key] = out
            while len(self._graphs) > _GRAPHS_KEPT:
                self._graphs.popitem(last=False)
        return out

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

    def landmarks(self, size: str, month: int) -> tuple[np.ndarray, np.ndarray]:
        """ALT tables of the search graph for a size class and month: hours (at 1 knot
        reaching) from each landmark to every node, and from every node to each landmark
        (inf where there is no way)."""
        g = self.graph(size, month)
        return g.d_from, g.d_to

    def _landmark_nodes(self, size: str) -> list[int]:
        """The nodes open to ``size`` nearest to :data:`LANDMARKS`."""
        usable = np.flatnonzero(self.usable(size))
        pts = self.lanes.nodes[usable]
        return [int(usable[np.argmin(distance_nm(pts, np.array(p)))]) for p in LANDMARKS]

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
        starts, heads, _ = _csr(
            n,
            np.concatenate([e[:, 0], e[:, 1]]),
            np.concatenate([e[:, 1], e[:, 0]]),
            np.zeros(2 * len(e)),
        )
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
        ends = [
            e for e in self.ends(p, size) if not (size == "Large" and not set(e.hazards) <= own)
        ]
        if not ends:
            return []
        lines = [e.line if outgoing else e.line[::-1] for e in ends]
        a = np.concatenate([ln[:-1] for ln in lines])
        b = np.concatenate([ln[1:] for ln in lines])
        hours = segment_hours(a, b, month)[0]
        cuts = np.cumsum([0] + [len(ln) - 1 for ln in lines])
        out = []
        for i, e in enumerate(ends):
            w = float(hours[cuts[i] : cuts[i + 1]].sum()) * (RISK_PENALTY if e.hazards else 1.0)
            if math.isfinite(w) and w < 1e12:
                out.append((e.node, w, e))
        return out

    # -- the route ------------------------------------------------------------------------
    def route(
        self, origin: Stop, destination: Stop, ship: ShipType, month: int, depart_day: float = 0.0
    ) -> Leg:
        """The fastest track from ``origin`` to ``destination`` for ``ship`` in ``month``."""
        a, b = (origin.lon, origin.lat), (destination.lon, destination.lat)
        knots = reach_knots(ship)
        if a == b:
            return Leg(
                origin,
                destination,
                ship.name,
                month,
                knots,
                0.0,
                0.0,
                LineString([a, b]),
                depart_day=depart_day,
            )
        g = self.graph(ship.size, month)
        conn_a = self._connect(a, ship.size, month, True)
        conn_b = self._connect(b, ship.size, month, False)
        if not conn_a:
            raise ValueError(f"{origin.label()} is not connected to the open sea")
        if not conn_b:
            raise ValueError(f"{destination.label()} is not connected to the open sea")
        direct = self._direct(a, b, ship.size, month)
        path = self._search(g, b, conn_a, conn_b, direct)
        coords = self._straighten(*self._coords(path, a, b, conn_a, conn_b), ship.size, month)
        return self._leg(origin, destination, ship, month, knots, coords, depart_day)

    def _coords(self, path, a, b, conn_a, conn_b) -> tuple[list, list[int]]:
        """The polyline of a searched path (way out, lane nodes, way in) as (lon, lat)
        tuples, and what each of its points is: a lane node, N + its row in the ways-out
        points table, or -1."""
        if len(path) == 2:
            return [a, b], [-1, -1]
        first = next(e for n, _, e in conn_a if n == path[1])
        last = next(e for n, _, e in conn_b if n == path[-2])
        n = len(self._node_list)
        mid = path[2:-2]
        pts = [*first.points, *(self._node_list[u] for u in mid), *last.points[::-1]]
        ids = [
            *([n + i for i in first.pids] or [-1] * (len(first.points) - 1)),
            path[1],
            *mid,
            path[-2],
            *([n + i for i in last.pids[::-1]] or [-1] * (len(last.points) - 1)),
        ]
        out_p, out_i = [pts[0]], [ids[0]]
        for p, i in zip(pts[1:], ids[1:], strict=True):
            if p == out_p[-1]:  # one point twice (a one-node path): keep it once, as the node
                out_i[-1] = max(out_i[-1], i)
            else:
                out_p.append(p)
                out_i.append(i)
        return out_p, out_i

    def route_many(
        self, origin: Stop, destinations: Sequence[Stop], ship: ShipType, month: int
    ) -> list[Leg | ValueError]:
        """Legs from one origin to many destinations with a single Dijkstra search.

        A destination that cannot be reached gives its ValueError in place of a leg.
        """
        a = (origin.lon, origin.lat)
        knots = reach_knots(ship)
        g = self.graph(ship.size, month).arcs
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
            v for v in dist if isinstance(v, tuple)
        }
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
                coords = self._straighten(
                    *self._coords(path, a, b, conn_a, conns[i]), ship.size, month
                )
                out.append(self._leg(origin, d, ship, month, knots, coords, 0.0))
        return out

    def _direct(self, a, b, size, month) -> float | None:
        """The hours of the straight run from a to b if it is near and clear (as a
        shortcut is: :meth:`_clear`), else None."""
        if distance_nm(a, b) > 600:  # far apart: the lanes will find it
            return None
        if size != "Small" and (
            self._in_band.get((round(a[0], 7), round(a[1], 7)))
            or self._in_band.get((round(b[0], 7), round(b[1], 7)))
        ):
            return None  # a port in the band: the run meets it
        if size != "Small" and shapely.intersects(self.lanes.band, shapely.linestrings([a, b])):
            return None  # the band first: it holds the land but along the passages
        seg = np.array([[a, b]], dtype=float)
        if not self._clear(seg, size)[0]:
            return None
        return float(sail_hours(seg[0], month)[0][0])

    def _search(self, graph: SearchGraph, b, conn_a, conn_b, direct) -> list:
        # lower bounds on the hours left to B, node by node as A* asks: the great circle at
        # the month's best speed (by its chord), and the landmarks' triangle inequalities
        # through B's ends, each ``c - row[i]`` (see SearchGraph.rows)
        rows = graph.rows
        m = 2 * len(LANDMARKS)
        c = [math.inf] * m
        for node, w, _ in conn_b:
            r = rows[m * node : m * node + m]
            for j in range(m):
                if r[j] + w < c[j]:
                    c[j] = r[j] + w
        c = [x if x < math.inf else -math.inf for x in c]  # no way: no bound
        # the bounds that are best where the search starts (unrolled below)
        score = [max(c[j] - rows[m * n + j] for n, _, _ in conn_a) for j in range(m)]
        i0, i1, i2, i3 = sorted(range(m), key=lambda j: -score[j])[:_ACTIVE_BOUNDS]
        c0, c1, c2, c3 = c[i0], c[i1], c[i2], c[i3]
        xb, yb, zb = unit_vector(b)
        kc = EARTH_RADIUS_NM / graph.vmax
        xyz = self._xyz
        sqrt = math.sqrt
        hcache: dict[int, float] = {}

        def h(u: int) -> float:
            x = xyz[3 * u] - xb
            y = xyz[3 * u + 1] - yb
            z = xyz[3 * u + 2] - zb
            best = kc * sqrt(x * x + y * y + z * z)
            r = m * u
            e = c0 - rows[r + i0]
            if e > best:
                best = e
            e = c1 - rows[r + i1]
            if e > best:
                best = e
            e = c2 - rows[r + i2]
            if e > best:
                best = e
            e = c3 - rows[r + i3]
            if e > best:
                best = e
            hcache[u] = best
            return best

        # A* on the arcs, the two ends as extra arcs (no graph mutation); node n is B,
        # parent -1 is A. The heuristic is consistent: a node is expanded once, at its
        # best time (heap entries left behind by a better time are skipped).
        g = graph.arcs
        n = len(g)
        into_b = {node: w for node, w, _ in conn_b}
        inf = math.inf
        # a search settles a few hundred nodes at most: dicts, not arrays of every node
        # heap entries: (bound, time, node, parent); a node's parent is kept when it is
        # expanded, at its best time
        dist: dict[int, float] = {}
        parent: dict[int, int] = {}
        heap: list = []
        for node, w, _ in conn_a:
            if w < dist.get(node, inf):
                dist[node] = w
        if direct is not None:
            dist[n] = direct
            heap.append((direct, direct, n, -1))
        for node, d in dist.items():
            if node != n:
                heap.append((d + h(node), d, node, -1))
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        get, hget = dist.get, hcache.get
        while heap:
            _, du, u, pu = pop(heap)
            if du > dist[u]:
                continue
            parent[u] = pu
            if u == n:
                path = ["B"]
                u = pu
                while u != -1:
                    path.append(u)
                    u = parent[u]
                path.append("A")
                return path[::-1]
            wb = into_b.get(u)
            if wb is not None and du + wb < get(n, inf):
                dist[n] = nd = du + wb
                push(heap, (nd, nd, n, u))
            for v, w in g[u]:
                nd = du + w
                if nd < get(v, inf):
                    dist[v] = nd
                    hv = hget(v)
                    push(heap, (nd + (h(v) if hv is None else hv), nd, v, u))
        raise ValueError("no passage by sea between these places for this ship")

    def _leg(self, origin, destination, ship, month, knots, coords, depart_day) -> Leg:
        # a leg's few runs are timed in plain floats (numpy's calls cost more than its sums)
        pts = coords.tolist()
        total_nm, total_h, by_point = leg_sailing(pts, month)
        risks: list[Risk] = []
        # the named shallows met (boxes first: the track's, then each run's) and, for a
        # middling ship, the inshore band met between the approaches, in the order sailed
        segs = np.stack([coords[:-1], coords[1:]], axis=1)
        hz: dict[int, tuple[int, ...]] = {}
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        if any(
            x0 <= bx1 and x1 >= bx0 and y0 <= by1 and y1 >= by0
            for bx0, by0, bx1, by1 in self._hazard_box_list
        ):
            near = np.flatnonzero(self._hazard_near(segs))
            if len(near):
                hz = dict(
                    zip(
                        near.tolist(),
                        self._hazards_of(shapely.linestrings(segs[near])),
                        strict=True,
                    )
                )
        band: set[int] = set()
        if ship.size == "Middling" and len(segs) > 2:
            inner = np.flatnonzero(self._band_hits(shapely.linestrings(segs[1:-1])))
            band = set((inner + 1).tolist())
        seen: set[str] = set()
        for s in sorted({*hz, *band}):
            line = shapely.linestrings(segs[s])
            for j in hz.get(s, ()):
                hzd = self._hazards[j]
                if hzd.id not in seen:
                    seen.add(hzd.id)
                    at = shapely.get_coordinates(shapely.intersection(line, hzd.polygon))
                    risks.append(
                        Risk(
                            "shallows",
                            hzd.id,
                            hzd.name,
                            tuple(at[0]) if len(at) else tuple(coords[s]),
                            hzd.rule,
                        )
                    )
            if s in band:
                at = shapely.get_coordinates(shapely.intersection(line, self.lanes.band))
                risks.append(
                    Risk(
                        "inshore",
                        "inshore-band",
                        "the inshore band",
                        tuple(at[0]) if len(at) else tuple(coords[s]),
                        SHALLOW_RULE,
                    )
                )
        # nautical miles by point of sail, piece by piece (in a calm the "wind" is abeam:
        # all of it "reaching"); seed 003's points of sail, snapped to the 8 points as
        # point_of_sail() does
        names = ("beating (tacking)", "beating", "reaching", "reaching", "running")
        sailing: dict[str, float] = {}
        for i, d in enumerate(by_point):
            if d > 0:
                sailing[names[i]] = sailing.get(names[i], 0.0) + d
        return Leg(
            origin,
            destination,
            ship.name,
            month,
            knots,
            total_nm,
            total_h / knots / 24.0,
            shapely.linestrings(coords),
            tuple(risks),
            MappingProxyType(sailing),
            depart_day,
        )
