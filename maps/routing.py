"""Routes under sail on the sea lanes: A* on time under the season's wind.

An edge's weight is the hours a ship of 1 knot reaching speed needs for it: its length in
nautical miles over ``made_good_ma / 12`` (seed 003's points of sail, :mod:`maps.sailing`)
under the prevailing wind at its middle in that month (:mod:`maps.wind`). So A->B and
B->A differ. Large ships (Third Rate and up) lose every edge touching a named shallow or
the inshore band; middling ships may use them, small ships may cross shallows (and the
band freely), at a risk listed on the leg and with their time doubled in the search (a
prudent master takes a hazard only for a real gain); an edge sailed close-hauled counts
its going about (:data:`~maps.sailing.TACKING`). The heuristic, admissible and consistent,
is the larger of the great circle (by its chord) at the month's fastest speed and the
best :data:`ACTIVE_BOUNDS` ALT bounds of :data:`LANDMARKS`, whose tables are worked out on
each search graph itself.

The two ends join the graph by their ways out (:class:`~maps.approaches.Approaches`). A
harbour approach is pilotage: it may cross the inshore band (never land, and never a
shallow for a large ship). The path is then straightened
(:class:`~maps.shortcuts.Shortcuts`).
"""

from __future__ import annotations

import heapq
import math
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString

from maps.approaches import ENDS_FILE, Approaches, End
from maps.errors import NoPassage
from maps.geo import EARTH_RADIUS_NM, bearing, distance_nm, unit_vector
from maps.hazards import Hazards
from maps.land import land_parts
from maps.lanes import SeaLanes, lines_blocked, near_passage
from maps.sailing import TACKING, ShipType, reach_knots
from maps.shortcuts import Shortcuts
from maps.timing import CALM, leg_sailing, sail_hours, segment_hours, speed_factor
from maps.voyage import SHALLOW_RULE, Leg, Risk, Stop
from maps.wind import wind_codes

__all__ = ["ACTIVE_BOUNDS", "CALM", "LANDMARKS", "RISK_PENALTY", "Router", "SearchGraph"]

#: A hazard edge counts this many times its time in the search (small and middling ships).
RISK_PENALTY = 2.0
_GRAPHS_KEPT = 6  # about 25 MB each
#: Landmark bounds a search evaluates: those best where it starts (of two per landmark).
ACTIVE_BOUNDS = 4
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
#: No straight run between two places this far apart (nautical miles): the lanes find it.
_DIRECT_NM = 600

#: Per node, its arcs: (head, hours at 1 knot reaching) pairs.
Arcs = list[list[tuple[int, float]]]
#: A way onto the lanes for a month: (lane node, hours at 1 knot reaching, the way).
Connection = tuple[int, float, End]


class _Csr(NamedTuple):
    """Arcs by tail as plain lists: node u's arcs are ``starts[u]:starts[u + 1]``."""

    starts: list[int]
    heads: list[int]
    weights: list[float]


def _csr(n: int, tails: np.ndarray, heads: np.ndarray, weights: np.ndarray) -> _Csr:
    """Arcs by tail, built in milliseconds; a pure-Python search reads them fast."""
    order = np.argsort(tails, kind="stable")
    starts = np.searchsorted(tails[order], np.arange(n + 1))
    return _Csr(starts.tolist(), heads[order].tolist(), weights[order].tolist())


def _arcs(adj: _Csr) -> Arcs:
    """Per node, its (head, weight) pairs (what a pure-Python search reads fastest)."""
    pairs = list(zip(adj.heads, adj.weights, strict=True))
    return [pairs[s:e] for s, e in zip(adj.starts[:-1], adj.starts[1:], strict=True)]


def _dijkstra(adj: _Csr, source: int) -> np.ndarray:
    """Distances from ``source`` over the arcs (inf where unreachable)."""
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


def _components(adj: _Csr) -> np.ndarray:
    """A label per node: its connected piece (the first node of it), -1 for a node with
    no arcs; by a walk from each new node."""
    starts, heads, _ = adj
    n = len(starts) - 1
    label = [-1] * n
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
    return np.array(label)


def _zero(u: int) -> float:
    return 0.0


def _fastest(
    arcs: Arcs,
    starts: Iterable[tuple[int, float]],
    goals: Sequence[Sequence[tuple[int, float]]],
    direct: Sequence[float | None],
    bound: Callable[[int], float] = _zero,
) -> list[list[int] | None]:
    """The fastest ways from A to each goal B_i over the arcs, as the lane nodes passed
    ([] for the direct run; None where there is no way). A's arcs onto the lanes are
    ``starts``, B_i's ``goals[i]``, the direct run from A to B_i takes ``direct[i]`` hours
    (None: none); these are extra arcs, so the shared graph is never changed.

    With one goal, ``bound`` may give a consistent lower bound on a node's hours left to
    it (A*): a node is then expanded once, at its best time, as in Dijkstra's search (the
    default, no bound).
    """
    n = len(arcs)  # lane nodes are 0..n-1, goal i is n + i, A is -1
    into: dict[int, list[tuple[int, float]]] = {}
    for i, ends in enumerate(goals):
        for node, w in ends:
            into.setdefault(node, []).append((n + i, w))
    # a search settles a few hundred nodes at most: dicts, not arrays of every node
    dist: dict[int, float] = {}
    for node, w in starts:
        if w < dist.get(node, math.inf):
            dist[node] = w
    for i, d in enumerate(direct):
        if d is not None:
            dist[n + i] = d
    left = sum(1 for i, ends in enumerate(goals) if ends or n + i in dist)
    parent = _expand(arcs, into, dist, left, bound)
    return [_path(parent, n + i) for i in range(len(goals))]


def _expand(
    arcs: Arcs,
    into: dict[int, list[tuple[int, float]]],
    dist: dict[int, float],
    goals: int,
    bound: Callable[[int], float],
) -> dict[int, int]:
    """The search of :func:`_fastest` from the times ``dist`` of A's arcs' heads, until
    ``goals`` goals (nodes past the lanes' n) are settled: each expanded node's parent
    (-1: A), set when it is expanded, at its best time (heap entries left behind by a
    better time are skipped)."""
    n, inf = len(arcs), math.inf
    parent: dict[int, int] = {}
    # heap entries: (bound on the whole time, time so far, node, parent)
    heap = [(d + (bound(u) if u < n else 0.0), d, u, -1) for u, d in dist.items()]
    heapq.heapify(heap)
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while heap and goals:
        _, du, u, pu = pop(heap)
        if du > dist[u]:
            continue
        parent[u] = pu
        if u >= n:
            goals -= 1
            continue
        for v, w in into.get(u, ()):
            nd = du + w
            if nd < get(v, inf):
                dist[v] = nd
                push(heap, (nd, nd, v, u))
        for v, w in arcs[u]:
            nd = du + w
            if nd < get(v, inf):
                dist[v] = nd
                push(heap, (nd + bound(v), nd, v, u))
    return parent


def _path(parent: dict[int, int], goal: int) -> list[int] | None:
    """The nodes from A to ``goal`` by the parents (None if it was not reached)."""
    if goal not in parent:
        return None
    path, u = [], parent[goal]
    while u != -1:
        path.append(u)
        u = parent[u]
    return path[::-1]


class SearchGraph(NamedTuple):
    """A size class's graph in a month, as the search reads it."""

    arcs: Arcs  # per node: (head, hours at 1 knot reaching) pairs
    vmax: float  # the fastest speed factor (the great circle's bound)
    d_from: np.ndarray  # hours from each landmark (column) to each node (row); inf: no way
    d_to: np.ndarray  # hours from each node to each landmark
    #: the landmark tables as the bounds read them, node by node (a node's values together:
    #: few cache lines a node): for L landmarks, node u's 2L values from ``2L * u`` are its
    #: hours from each landmark, then minus its hours to each (inf where there is no way);
    #: with c_i the least of ``rows[2L * e + i] + w`` over B's ends e (their hours w to B),
    #: ``c_i - rows[2L * u + i]`` bounds the hours from node u to B (the triangle inequality)
    rows: array


class Router:
    """Routes on :class:`~maps.lanes.SeaLanes` with the given named shallows (objects
    with ``id``, ``name``, ``polygon`` and optionally ``risk.text``: :class:`~maps.places.Shallow`).

    It holds the shallows (:attr:`hazards`), the ways onto the lanes (:attr:`approaches`)
    and the straightening of tracks (:attr:`shortcuts`), and builds a search graph per size
    class and month on first use. Thread-safe.
    """

    def __init__(self, lanes: SeaLanes, shallows: Iterable[Any] = ()) -> None:
        self.lanes = lanes
        self.hazards = Hazards(shallows)
        nodes, edges = lanes.nodes, lanes.edges
        self._a, self._b = nodes[edges[:, 0]], nodes[edges[:, 1]]
        self._nm = distance_nm(self._a, self._b)
        # unit vectors, flat (x, y, z of node u at 3u): few cache lines per node
        self._xyz = array("d", [c for p in nodes.tolist() for c in unit_vector(p)])
        self._node_list = [tuple(p) for p in nodes.tolist()]
        # whether each edge touches a named shallow
        lines = shapely.linestrings(np.stack([self._a, self._b], axis=1))
        self._shallow = np.array([bool(h) for h in self.hazards.touched(lines)], dtype=bool)
        self._lock = threading.Lock()
        self._graphs: OrderedDict[tuple[str, int], SearchGraph] = OrderedDict()
        self._usable: dict[str, np.ndarray] = {}
        self._conn: dict[tuple[float, float, str, int, bool], list[Connection]] = {}
        self.approaches = Approaches(lanes, self.hazards, self.usable)
        self.shortcuts = Shortcuts(lanes, self.hazards)

    # -- the ports' ways out, and warming up ----------------------------------------------
    def load_ends(self, path: Path = ENDS_FILE) -> bool:
        """Take the ports' ways out, and the shortcuts from them, from the file if it is
        current (:meth:`~maps.approaches.Approaches.load`); whether it was."""
        ways = self.approaches.load(path)
        if ways is None:
            return False
        self.shortcuts = Shortcuts(self.lanes, self.hazards, ways)
        return True

    def save_ends(self, positions: Iterable[tuple[float, float]], path: Path = ENDS_FILE) -> None:
        """Work out the ways out of ``positions`` and write them (``scripts/build_graph.py``)."""
        self.approaches.save(positions, path)

    def prime(self) -> None:
        """Build the indexes that GEOS builds for a prepared polygon on its first tests (of
        the band, the land, the islets and the named shallows), so that no question waits
        for them: a short run at a corner of each shape's box, twice; and the passages'
        tree (:func:`~maps.lanes.near_passage`)."""
        shapes = np.array([self.lanes.band, *land_parts(), *self.hazards.polygons], dtype=object)
        corner = shapely.bounds(shapes)[:, :2]
        segs = np.stack([corner, corner + 1e-9], axis=1)
        for _ in range(2):
            shapely.intersects(self.lanes.band, shapely.linestrings(segs[:1]))
            lines_blocked(segs[1:])
            self.hazards.clear(segs)
        near_passage(shapely.linestrings(segs[:1]))  # the passages' tree, built on first use

    def warm(self, places: Sequence[tuple[float, float]], ship: ShipType, month: int) -> None:
        """Build what routing needs for one ship and month before the first question: the
        geometry's indexes, the search graph and its landmarks, and the ways onto the lanes
        of ``places``, both ways, then one route through every step."""
        self.prime()
        self.graph(ship.size, month)
        for p in places:
            self._connect(p, ship.size, month, True)
            self._connect(p, ship.size, month, False)
        if len(places) >= 2:
            self.route(Stop(*places[0]), Stop(*places[-1]), ship, month)

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
        rows = np.hstack([d_from, np.where(np.isfinite(d_to), -d_to, np.inf)])
        out = SearchGraph(_arcs(out_adj), vmax, d_from, d_to, array("d", rows.ravel().tobytes()))
        with self._lock:
            self._graphs[key] = out
            while len(self._graphs) > _GRAPHS_KEPT:
                self._graphs.popitem(last=False)
        return out

    @staticmethod
    def _board_charge(a: np.ndarray, b: np.ndarray, month: int) -> np.ndarray:
        """:data:`~maps.sailing.TACKING` for an edge sailed close-hauled (a board to
        windward: 45 to 67.5 degrees off the wind), else 1. A course closer to the wind
        already pays for going about in its boards; a zig-zag of edges would otherwise go
        about for nothing at its corners. Used in the search only (a leg's days are the
        plain sailing time)."""
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

    def usable(self, size: str) -> np.ndarray:
        """Nodes in the main body of water open to a size class (large ships lose the coves)."""
        with self._lock:
            hit = self._usable.get(size)
        if hit is not None:
            return hit
        e = self.lanes.edges[self._allowed(size)]
        n = len(self.lanes.nodes)
        both = np.concatenate([e[:, 0], e[:, 1]]), np.concatenate([e[:, 1], e[:, 0]])
        lab = _components(_csr(n, *both, np.zeros(2 * len(e))))
        mask = np.zeros(n, dtype=bool)
        if (lab >= 0).any():
            mask = lab == np.bincount(lab[lab >= 0]).argmax()
        mask.setflags(write=False)
        with self._lock:
            self._usable[size] = mask
        return mask

    def _allowed(self, size: str) -> np.ndarray:
        """The edges open to a size class: a large ship keeps off the shallows and the band."""
        if size == "Large":
            return ~(self._shallow | self.lanes.inshore)
        return np.ones(len(self.lanes.edges), dtype=bool)

    # -- joining the lanes ----------------------------------------------------------------
    def _connect(
        self, p: tuple[float, float], size: str, month: int, outgoing: bool
    ) -> list[Connection]:
        """The ways of ``p`` onto the lanes usable by this size, timed for this month
        (from ``p`` if ``outgoing``, else to it); kept."""
        key = (round(p[0], 7), round(p[1], 7), size, month, outgoing)
        with self._lock:
            hit = self._conn.get(key)
        if hit is not None:
            return hit
        own = set(self.hazards.holding(p)) if size == "Large" else set()
        ends = [
            e
            for e in self.approaches.ends(p, size)
            if not (size == "Large" and not set(e.hazards) <= own)
        ]
        out = []
        if ends:
            lines = [e.line if outgoing else e.line[::-1] for e in ends]
            a = np.concatenate([ln[:-1] for ln in lines])
            b = np.concatenate([ln[1:] for ln in lines])
            hours = segment_hours(a, b, month)[0]
            cuts = np.cumsum([0] + [len(ln) - 1 for ln in lines])
            for i, e in enumerate(ends):
                w = float(hours[cuts[i] : cuts[i + 1]].sum()) * (RISK_PENALTY if e.hazards else 1.0)
                if math.isfinite(w) and w < 1e12:
                    out.append((e.node, w, e))
        with self._lock:
            self._conn[key] = out
            while len(self._conn) > 8192:
                self._conn.pop(next(iter(self._conn)))
        return out

    def _direct(
        self, a: tuple[float, float], b: tuple[float, float], size: str, month: int
    ) -> float | None:
        """The hours of the straight run from a to b if it is near and clear (as a
        shortcut is: :meth:`~maps.shortcuts.Shortcuts.run_clear`), else None."""
        if distance_nm(a, b) > _DIRECT_NM or not self.shortcuts.run_clear(a, b, size):
            return None
        return float(sail_hours(np.array([a, b], dtype=float), month)[0][0])

    # -- the route ------------------------------------------------------------------------
    def route(
        self, origin: Stop, destination: Stop, ship: ShipType, month: int, depart_day: float = 0.0
    ) -> Leg:
        """The fastest track from ``origin`` to ``destination`` for ``ship`` in ``month``."""
        a, b = (origin.lon, origin.lat), (destination.lon, destination.lat)
        if a == b:
            return self._stay(origin, destination, ship, month, depart_day)
        g = self.graph(ship.size, month)
        conn_a = self._connect(a, ship.size, month, True)
        conn_b = self._connect(b, ship.size, month, False)
        if not conn_a:
            raise NoPassage(f"{origin.label()} is not connected to the open sea")
        if not conn_b:
            raise NoPassage(f"{destination.label()} is not connected to the open sea")
        (path,) = _fastest(
            g.arcs,
            [(node, w) for node, w, _ in conn_a],
            [[(node, w) for node, w, _ in conn_b]],
            [self._direct(a, b, ship.size, month)],
            self._bound(g, b, conn_a, conn_b),
        )
        if path is None:
            raise NoPassage("no passage by sea between these places for this ship")
        return self._leg(origin, destination, ship, month, path, conn_a, conn_b, depart_day)

    def route_many(
        self, origin: Stop, destinations: Sequence[Stop], ship: ShipType, month: int
    ) -> list[Leg | NoPassage]:
        """Legs from one origin to many destinations with a single Dijkstra search.

        A destination that cannot be reached gives its :class:`~maps.errors.NoPassage` in place
        of a leg.
        """
        a = (origin.lon, origin.lat)
        conn_a = self._connect(a, ship.size, month, True)
        if not conn_a:
            raise NoPassage(f"{origin.label()} is not connected to the open sea")
        conns = [self._connect((d.lon, d.lat), ship.size, month, False) for d in destinations]
        paths = _fastest(
            self.graph(ship.size, month).arcs,
            [(node, w) for node, w, _ in conn_a],
            [[(node, w) for node, w, _ in cb] for cb in conns],
            [self._direct(a, (d.lon, d.lat), ship.size, month) for d in destinations],
        )
        out: list[Leg | NoPassage] = []
        for d, path, cb in zip(destinations, paths, conns, strict=True):
            if a == (d.lon, d.lat):
                out.append(self._stay(origin, d, ship, month, 0.0))
            elif path is None:
                out.append(NoPassage(f"no passage by sea from {origin.label()} to {d.label()}"))
            else:
                out.append(self._leg(origin, d, ship, month, path, conn_a, cb, 0.0))
        return out

    def _bound(
        self,
        graph: SearchGraph,
        b: tuple[float, float],
        conn_a: Sequence[Connection],
        conn_b: Sequence[Connection],
    ) -> Callable[[int], float]:
        """A lower bound on the hours left from a node to B, as A* asks for it, node by
        node (kept): the great circle at the month's best speed (by its chord, the unit
        vectors' distance), and the landmarks' triangle inequalities through B's ends, each
        ``c_i - rows[2L * u + i]`` (see :attr:`SearchGraph.rows`), of those best where A's ways
        onto the lanes end (:data:`ACTIVE_BOUNDS`: a search is short, each bound costs)."""
        rows, m = graph.rows, 2 * len(LANDMARKS)
        c = []
        for i in range(m):
            ci = min(rows[m * node + i] + w for node, w, _ in conn_b)
            c.append(ci if ci < math.inf else -math.inf)  # no way: no bound
        score = [max(c[i] - rows[m * node + i] for node, _, _ in conn_a) for i in range(m)]
        active = [(c[i], i) for i in sorted(range(m), key=lambda i: -score[i])[:ACTIVE_BOUNDS]]
        xb, yb, zb = unit_vector(b)
        kc = EARTH_RADIUS_NM / graph.vmax
        xyz = self._xyz
        sqrt = math.sqrt
        kept: dict[int, float] = {}

        def bound(u: int) -> float:
            h = kept.get(u)
            if h is None:
                x, y, z = xyz[3 * u] - xb, xyz[3 * u + 1] - yb, xyz[3 * u + 2] - zb
                h = kc * sqrt(x * x + y * y + z * z)
                r = m * u
                for ci, i in active:
                    e = ci - rows[r + i]
                    if e > h:
                        h = e
                kept[u] = h
            return h

        return bound

    # -- the leg --------------------------------------------------------------------------
    def _coords(
        self,
        path: list[int],
        a: tuple[float, float],
        b: tuple[float, float],
        conn_a: Sequence[Connection],
        conn_b: Sequence[Connection],
    ) -> tuple[list[tuple[float, float]], list[int]]:
        """The polyline of a searched path (way out, lane nodes, way in) as (lon, lat)
        tuples, and what each of its points is: a lane node, N + its row in the ways-out
        points table, or -1."""
        if not path:
            return [a, b], [-1, -1]
        first = next(e for n, _, e in conn_a if n == path[0])
        last = next(e for n, _, e in conn_b if n == path[-1])
        n = len(self._node_list)
        mid = path[1:-1]
        pts = [*first.points, *(self._node_list[u] for u in mid), *last.points[::-1]]
        ids = [
            *([n + i for i in first.pids] or [-1] * (len(first.points) - 1)),
            path[0],
            *mid,
            path[-1],
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

    def _stay(
        self, origin: Stop, destination: Stop, ship: ShipType, month: int, depart_day: float
    ) -> Leg:
        """The leg of no passage (the same place)."""
        a = (origin.lon, origin.lat)
        return Leg(
            origin,
            destination,
            ship.name,
            month,
            reach_knots(ship),
            0.0,
            0.0,
            LineString([a, a]),
            depart_day=depart_day,
        )

    def _leg(
        self,
        origin: Stop,
        destination: Stop,
        ship: ShipType,
        month: int,
        path: list[int],
        conn_a: Sequence[Connection],
        conn_b: Sequence[Connection],
        depart_day: float,
    ) -> Leg:
        """The leg along a searched path, straightened: its miles, days, risks and miles
        by point of sail."""
        a, b = (origin.lon, origin.lat), (destination.lon, destination.lat)
        pts, ids = self._coords(path, a, b, conn_a, conn_b)
        coords = self.shortcuts.straighten(pts, ids, ship.size, month)
        total_nm, total_h, by_point = leg_sailing(coords, month)
        # nautical miles by point of sail, piece by piece (in a calm the "wind" is abeam:
        # all of it "reaching"); seed 003's points of sail, snapped to the 8 points as
        # point_of_sail() does
        names = ("beating (tacking)", "beating", "reaching", "reaching", "running")
        sailing: dict[str, float] = {}
        for i, d in enumerate(by_point):
            if d > 0:
                sailing[names[i]] = sailing.get(names[i], 0.0) + d
        knots = reach_knots(ship)
        return Leg(
            origin,
            destination,
            ship.name,
            month,
            knots,
            total_nm,
            total_h / knots / 24.0,
            shapely.linestrings(coords),
            tuple(self._risks(coords, ship.size)),
            MappingProxyType(sailing),
            depart_day,
        )

    def _risks(self, coords: np.ndarray, size: str) -> list[Risk]:
        """The hazards met along a track, in the order sailed: the named shallows and, for a
        middling ship, the inshore band met between the approaches."""
        segs = np.stack([coords[:-1], coords[1:]], axis=1)
        touched = self.hazards.touched(shapely.linestrings(segs))
        hz = {k: t for k, t in enumerate(touched) if t}
        band: set[int] = set()
        if size == "Middling" and len(segs) > 2:
            inner = np.flatnonzero(
                shapely.intersects(self.lanes.band, shapely.linestrings(segs[1:-1]))
            )
            band = set((inner + 1).tolist())
        risks: list[Risk] = []
        seen: set[str] = set()
        for s in sorted({*hz, *band}):
            line = shapely.linestrings(segs[s])
            for j in hz.get(s, ()):
                hzd = self.hazards[j]
                if hzd.id not in seen:
                    seen.add(hzd.id)
                    at = shapely.get_coordinates(shapely.intersection(line, hzd.polygon))
                    where = tuple(at[0]) if len(at) else tuple(coords[s])
                    risks.append(Risk("shallows", hzd.id, hzd.name, where, hzd.rule))
            if s in band:
                at = shapely.get_coordinates(shapely.intersection(line, self.lanes.band))
                where = tuple(at[0]) if len(at) else tuple(coords[s])
                risks.append(
                    Risk("inshore", "inshore-band", "the inshore band", where, SHALLOW_RULE)
                )
        return risks
