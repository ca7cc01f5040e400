"""How a port or a free position joins the sea lanes: its ways out ("ends").

A straight run from the position to a lane node that it sees; from deep in a harbour,
a way out found on a fine grid of water. Beyond the harbour mouth a run keeps off the
inshore band when it can; a large ship's way out keeps clear of the named shallows.
:class:`Approaches` is a part of :class:`maps.routing.Router`, kept here to keep modules
short; it uses the router's lanes, node tree, hazards and locks. Past the harbour mouth a
way out keeps :data:`CLEARANCE` off the land when any way out can. The ports' ways out are
worked out by ``scripts/build_graph.py`` and read back from :data:`ENDS_FILE` when current,
with every shortcut a straightened track can take from their points to the lanes.

:class:`Shortcuts`, the other part of the Router kept here, straightens a searched track:
shortcuts between lane nodes, and between a port's way out and the lanes, are looked up in
the tables built with the data (:func:`maps.lanes.load_shortcuts` and :data:`ENDS_FILE`);
the others are tested with Shapely.
"""

from __future__ import annotations

import hashlib
import io
import math
from array import array
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import networkx as nx
import numpy as np
import shapely

from maps.geo import distance_nm
from maps.land import land_mask, land_parts, land_tree
from maps.lanes import (
    SHORTCUT_HOPS,
    deep_clear,
    islets,
    lines_blocked,
    near_passage,
    replace_file,
    shortcuts_fingerprint,
)
from maps.sailing import BOARD_MA, GOING_ABOUT_MA
from maps.timing import CALM, speed_wind

__all__ = ["ENDS_FILE", "TACKING", "Approaches", "End", "Shortcuts"]

#: The ports' ways out, worked out by ``scripts/build_graph.py`` (see :meth:`Approaches.save_ends`).
ENDS_FILE = Path(__file__).resolve().parent / "data" / "graph_ends.npz"
_ENDS_FORMAT = 2
_SIZES = ("Small", "Middling", "Large")

_CONNECT_K = 12
#: A course that changes tack goes about once a board (seed 003; :mod:`maps.sailing`).
TACKING = 1 + GOING_ABOUT_MA / BOARD_MA
#: Beyond the harbour mouth (:data:`MOUTH` degrees from the anchorage) a way out keeps this
#: far (degrees, ~1.2 nautical miles) off the land when it can: coasts drawn at 1:10m may
#: lie a mile or two off their true place.
CLEARANCE = 0.02
MOUTH = 0.06


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


def _straight_pull(line: np.ndarray, blocked=lines_blocked) -> np.ndarray:
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
    """The ways out of ports and positions (a part of the Router)."""

    def _band_run(self, segs: np.ndarray) -> np.ndarray:
        """Whether a run from a harbour meets the inshore band beyond its first MOUTH."""
        d = segs[:, 1] - segs[:, 0]
        length = np.hypot(d[:, 0], d[:, 1])
        cut = np.clip(MOUTH / np.maximum(length, 1e-12), 0.0, 1.0)[:, None]
        start = segs[:, 0] + d * cut
        out = np.zeros(len(segs), dtype=bool)
        far = cut[:, 0] < 1.0
        if far.any():
            out[far] = self._band_hits(
                shapely.linestrings(np.stack([start[far], segs[far, 1]], axis=1))
            )
        return out

    def _hugs(self, segs: np.ndarray, origin=None) -> np.ndarray:
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
            out[far] = self._band_hits(lines)
            free = np.flatnonzero(~out[far] & ~self._near_passage(segs[far]))
            if len(free):
                out[far[free]] = shapely.intersects(_coast_zone(segs[far[free]]), lines[free])
        return out

    def ends(self, p: tuple[float, float], size: str = "Small") -> tuple[End, ...]:
        """How a position joins the lanes open to ``size``: straight runs to nodes it sees,
        or a pilot's way out of a harbour.

        Month-independent, so kept per position (ports are asked again and again).
        """
        key = (round(p[0], 7), round(p[1], 7), size)
        with self._lock:
            hit = self._ends.get(key)
        if hit is not None:
            return hit
        usable = self.usable(size)
        # a large ship's way out must also keep clear of the named shallows (but for the
        # one she is in, if she is in one: she has to come out of it)
        own = self.own_hazards(p)
        blocked = (
            (lambda segs: self._blocked_large(segs, own)) if size == "Large" else lines_blocked
        )
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
        seen: set[int] = set()
        found = tuple(e for e in found if not (e.node in seen or seen.add(e.node)))
        with self._lock:
            self._ends[key] = found
            while len(self._ends) > 4096:
                self._ends.pop(next(iter(self._ends)))
        return found

    # -- the ports' ways out, kept in a file --------------------------------------------
    def ends_fingerprint(self) -> str:
        """What the ways out depend on: the lanes, the band, the shallows, the rules here."""
        h = hashlib.sha256()
        for a in (self.lanes.nodes, self.lanes.edges, self.lanes.inshore):
            h.update(np.ascontiguousarray(a).tobytes())
        h.update(shapely.to_wkb(self.lanes.band))
        for hz in self._hazards:
            h.update(hz.id.encode() + shapely.to_wkb(hz.polygon))
        h.update(
            repr((_ENDS_FORMAT, CLEARANCE, MOUTH, _CONNECT_K, shapely.to_wkb(islets()))).encode()
        )
        h.update(shortcuts_fingerprint(self.lanes).encode())
        return h.hexdigest()

    def save_ends(self, positions, path: Path = ENDS_FILE) -> None:
        """Work out the ways out of ``positions`` for every size class and write them."""
        keys, counts, nodes, lens, coords, hz = [], [], [], [], [], []
        for x, y in positions:
            for k, size in enumerate(_SIZES):
                found = self.ends((x, y), size)
                keys.append((x, y, k))
                counts.append(len(found))
                for e in found:
                    nodes.append(e.node)
                    lens.append(len(e.line))
                    coords.extend(e.line.tolist())
                    hz.append(",".join(map(str, e.hazards)))
        points, pairs, clear = self._way_shortcuts(
            [e for x, y in positions for size in _SIZES for e in self.ends((x, y), size)]
        )
        shoal = self._shoal_keys(points, pairs)
        buf = io.BytesIO()
        np.savez_compressed(
            buf,
            format=np.array(_ENDS_FORMAT),
            fingerprint=np.array(self.ends_fingerprint()),
            keys=np.array(keys, dtype=float).reshape(-1, 3),
            counts=np.array(counts, int),
            nodes=np.array(nodes, int),
            lens=np.array(lens, int),
            coords=np.array(coords, dtype=float).reshape(-1, 2),
            hazards=np.array(hz, str),
            points=points,
            pair_steps=np.diff(pairs, prepend=0).astype(np.uint32),
            pair_clear=clear,
            shoal_steps=np.diff(shoal, prepend=0).astype(np.uint32),
        )
        replace_file(path, buf.getvalue())

    def _way_shortcuts(self, ends) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ways-out points table: the ends' points but their nodes (P x 2), the keys
        ``point * N + node`` (sorted) of every shortcut a track can take from or to such a
        point along the lanes (nodes up to SHORTCUT_HOPS steps away along the track), and
        whether each is :func:`~maps.lanes.deep_clear`."""
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
        keys = set()
        for (pid, node), left in reach.items():
            near = nx.single_source_shortest_path_length(self.lanes.graph, node, cutoff=left)
            keys.update(pid * n + j for j in near)
        pairs = np.array(sorted(keys), dtype=np.int64)
        points = np.array(list(index), dtype=float).reshape(-1, 2)
        segs = np.stack([points[pairs // n], self.lanes.nodes[pairs % n]], axis=1)
        return points, pairs, deep_clear(segs, self.lanes.band)

    def _table_segments(self, keys: np.ndarray, points: np.ndarray) -> np.ndarray:
        """The segments of table keys (two lane nodes, or N * N + a point's row * N + a node)."""
        n = len(self.lanes.nodes)
        node = keys < n * n
        q = np.where(node, keys, keys - n * n)
        a = np.where(
            node[:, None],
            self.lanes.nodes[np.where(node, q // n, 0)],
            points[np.where(node, 0, q // n)] if len(points) else 0.0,
        )
        return np.stack([a, self.lanes.nodes[q % n]], axis=1)

    def _shoal_keys(self, points: np.ndarray, pairs: np.ndarray) -> np.ndarray:
        """The table's keys (the lanes' clear shortcuts, then the ways-out points') whose
        segment touches a named shallow."""
        n = len(self.lanes.nodes)
        if self._deep is None:
            return np.zeros(0, dtype=np.int64)
        keys = np.concatenate([self._deep, n * n + pairs])
        out = []
        for k in range(0, len(keys), 100_000):
            part = keys[k : k + 100_000]
            out.append(part[~self._no_hazard(self._table_segments(part, points))])
        return np.concatenate(out)

    def load_ends(self, path: Path = ENDS_FILE) -> bool:
        """Take the ports' ways out from the file if it was made for these lanes, shallows
        and rules (else they are worked out on first use); whether it was used."""
        if not path.exists():
            return False
        with np.load(path) as z:
            if int(z["format"]) != _ENDS_FORMAT or str(z["fingerprint"]) != self.ends_fingerprint():
                return False
            keys, counts, nodes, lens = z["keys"], z["counts"], z["nodes"], z["lens"]
            coords, hazards = z["coords"], z["hazards"]
            points, clear = z["points"], z["pair_clear"]
            pairs = np.cumsum(z["pair_steps"], dtype=np.int64)
            shoal = np.cumsum(z["shoal_steps"], dtype=np.int64)
        index = {(round(x, 7), round(y, 7)): i for i, (x, y) in enumerate(points.tolist())}
        cuts = np.concatenate([[0], np.cumsum(lens)])
        i = 0
        table = {}
        for (x, y, k), c in zip(keys.tolist(), counts.tolist(), strict=True):
            table[(round(x, 7), round(y, 7), _SIZES[int(k)])] = tuple(
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
        self._set_way_table(points, pairs, clear, shoal)
        return True

    def _set_way_table(
        self, points: np.ndarray, pairs: np.ndarray, clear: np.ndarray, shoal: np.ndarray
    ) -> None:
        """Take the ways-out points' shortcuts (see :meth:`_way_shortcuts`) beside the lane
        nodes' (a point's key is offset by N * N), with the named shallows (``shoal``:
        the keys whose run touches one) ruled out."""
        self._at_points = self._on_passage(points)
        self._at_list = [*self._at_passage.tolist(), *self._at_points.tolist()]
        inside = shapely.intersects(self.lanes.band, shapely.points(points)).tolist()
        self._in_band = {
            (round(x, 7), round(y, 7)): b for (x, y), b in zip(points.tolist(), inside, strict=True)
        }
        deep = self._deep
        if deep is None:
            return
        n = len(self.lanes.nodes)
        keys = np.concatenate([deep, n * n + pairs])
        flags = np.concatenate([np.ones(len(deep), dtype=bool), clear])
        pos = np.minimum(np.searchsorted(keys, shoal), len(keys) - 1)
        flags[pos[keys[pos] == shoal]] = False
        self._table = self._lookup_table(keys, flags, True)

    def own_hazards(self, p) -> tuple[int, ...]:
        """The named shallows that hold the position itself."""
        if self._hazard_tree is None:
            return ()
        pt = shapely.points(p[0], p[1])
        idx = self._hazard_tree.query(pt)
        return tuple(sorted(int(i) for i in idx if shapely.intersects(self._hazard_polys[i], pt)))

    def _blocked_large(self, segs: np.ndarray, own: tuple[int, ...] = ()) -> np.ndarray:
        """Segments touching land or a named shallow (other than ``own``)."""
        hit = lines_blocked(segs)
        if self._hazard_tree is not None and (~hit).any():
            free = np.flatnonzero(~hit)
            lines = shapely.linestrings(segs[free])
            q, t = self._hazard_tree.query(lines)
            inter = shapely.intersects(self._hazard_polys[t], lines[q])
            if own:
                inter &= ~np.isin(t, own)
            hit[free[q[inter]]] = True
        return hit

    def _straight_ends(self, p, radii, usable, blocked) -> tuple[End, ...]:
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
                hz = self._hazards_of(shapely.linestrings(segs[clear]))
                return tuple(
                    End(int(cand[i]), segs[i].copy(), h)
                    for i, h in zip(clear.tolist(), hz, strict=True)
                )
        return ()

    def _harbour_ends(self, p, usable, blocked, clear: bool = False) -> tuple[End, ...]:
        """A way out of a harbour that sees no node: a fine grid of water round the point
        (``clear``: only water :data:`CLEARANCE` off the land beyond the harbour mouth)."""
        for half in (0.3, 0.8) if clear else (0.3, 0.8, 2.0):
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
            pairs = []
            r, c = np.divmod(np.arange(len(grid)), 61)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                ok = (r + dr < 61) & (c + dc >= 0) & (c + dc < 61)
                a = np.flatnonzero(ok)
                b = (r[a] + dr) * 61 + c[a] + dc
                both = (idx[a] >= 0) & (idx[b] >= 0)
                pairs.append(np.column_stack([idx[a][both] + 1, idx[b][both] + 1]))
            # the point and each lane node join the water cells within two steps
            tree = shapely.STRtree(shapely.points(pts))
            extra = [0] + list(range(n_w + 1, len(allp)))
            for k in extra:
                near = tree.query(shapely.points(allp[k]).buffer(2.1 * step))
                pairs.append(np.column_stack([np.full(len(near), k), near + 1]))
            pairs = np.concatenate(pairs)
            segs = np.stack([allp[pairs[:, 0]], allp[pairs[:, 1]]], axis=1)
            pairs = pairs[~blocked(segs)]
            g = nx.Graph()
            w = distance_nm(allp[pairs[:, 0]], allp[pairs[:, 1]])
            g.add_weighted_edges_from(
                zip(pairs[:, 0].tolist(), pairs[:, 1].tolist(), w.tolist(), strict=True)
            )
            if 0 not in g:
                continue
            dist, paths = nx.single_source_dijkstra(g, 0)
            targets = sorted((dist[k], k) for k in range(n_w + 1, len(allp)) if k in dist)
            out = []
            for _, k in targets[:_CONNECT_K]:
                line = _straight_pull(allp[paths[k]], blocked)
                out.append(
                    End(
                        int(cand[k - n_w - 1]),
                        line,
                        self._hazards_of(np.array([shapely.linestrings(line)]))[0],
                    )
                )
            if out:
                return tuple(out)
            # no open node in the box: go on from the water cells reached at its edge
            edge = half - 1.5 * step
            rim = [
                (dist[k], k)
                for k in range(1, n_w + 1)
                if k in dist and (abs(allp[k][0] - p[0]) > edge or abs(allp[k][1] - p[1]) > edge)
            ]
            for _, k in sorted(rim)[:: max(1, len(rim) // 6)][:6]:
                for e in self._straight_ends(tuple(allp[k]), (0.5, 1.0, 2.0), usable, blocked)[:3]:
                    line = _straight_pull(np.concatenate([allp[paths[k]], e.line[1:]]), blocked)
                    out.append(
                        End(
                            e.node, line, self._hazards_of(np.array([shapely.linestrings(line)]))[0]
                        )
                    )
            if out:
                return tuple(out)
        return ()


@lru_cache(maxsize=512)
def _hop_pairs(n: int) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray]:
    """(i, j) for the shortcuts of a polyline of n points (2 to SHORTCUT_HOPS steps), and
    the start and end indices of its steps followed by those of the shortcuts."""
    pairs = [(i, i + h) for i in range(n) for h in range(2, SHORTCUT_HOPS + 1) if i + h < n]
    ia = np.array([*range(n - 1), *(i for i, _ in pairs)], dtype=int)
    ib = np.array([*range(1, n), *(j for _, j in pairs)], dtype=int)
    for x in (ia, ib):
        x.setflags(write=False)
    return pairs, ia, ib


class _Table(NamedTuple):
    """The clear shortcuts, for a lookup (see :meth:`Router._lookup_table`)."""

    partners: list  # per lane node i: sorted array of the nodes j > i it runs clear to
    points: list  # per way-out point: (sorted array of nodes, whether each run is clear)
    full: bool  # whether the named shallows are ruled out too


class Shortcuts:
    """Straightening a searched track by clear shortcuts, and the tests and tables of
    clearance it reads (a part of the Router, kept here to keep modules short; it uses the
    router's lanes, hazards, passages and tables)."""

    def _no_hazard(self, segs: np.ndarray) -> np.ndarray:
        """Whether each segment touches no named shallow (boxes first, then the shapes)."""
        out = np.ones(len(segs), dtype=bool)
        near = np.flatnonzero(self._hazard_near(segs))
        if len(near):
            out[near] = [not h for h in self._hazards_of(shapely.linestrings(segs[near]))]
        return out

    def _hazard_near(self, segs: np.ndarray) -> np.ndarray:
        """Whether each segment's box meets the box of a named shallow."""
        if not len(self._hazard_boxes):
            return np.zeros(len(segs), dtype=bool)
        lo, hi = segs.min(axis=1), segs.max(axis=1)
        hb = self._hazard_boxes
        return (
            (lo[:, None, 0] <= hb[None, :, 2])
            & (hi[:, None, 0] >= hb[None, :, 0])
            & (lo[:, None, 1] <= hb[None, :, 3])
            & (hi[:, None, 1] >= hb[None, :, 1])
        ).any(axis=1)

    def _on_passage(self, pts: np.ndarray) -> np.ndarray:
        """Whether each point is a strait's waypoint."""
        if not len(pts):
            return np.zeros(0, dtype=bool)
        return (np.abs(pts[:, None, :] - self._passage_points[None, :, :]).max(axis=2) < 5e-7).any(
            axis=1
        )

    @staticmethod
    def _near_passage(segs: np.ndarray) -> np.ndarray:
        """Whether each segment's box meets the box of a passage (where the band is cut)."""
        return near_passage(segs)

    def _straighten(self, pts: list, ids: list[int], size: str, month: int) -> np.ndarray:
        """Replace runs of nodes by straight shortcuts that are clear and no slower
        (``pts``, ``ids``: the polyline and what each point is, see :meth:`_coords`)."""
        n = len(pts)
        coords = np.array(pts, dtype=float)
        if n <= 2:
            return coords
        # a strait is sailed by its waypoints: no shortcut skips one (the chart's channel)
        at = self._at_list
        fixed = [at[i] if i >= 0 else False for i in ids]
        unknown = [k for k, i in enumerate(ids) if i < 0]
        if unknown:
            for k, f in zip(unknown, self._on_passage(coords[unknown]).tolist(), strict=True):
                fixed[k] = f
        pairs, ia, ib = _hop_pairs(n)
        if any(fixed[1:-1]):
            before = [0]  # fixed points before index k
            for f in fixed:
                before.append(before[-1] + f)
            sel = [c for c, (i, j) in enumerate(pairs) if before[j] == before[i + 1]]
            pairs = [pairs[c] for c in sel]
            rows = np.concatenate([np.arange(n - 1), n - 1 + np.array(sel, dtype=int)])
            ia, ib = ia[rows], ib[rows]
        if not pairs:
            return coords
        # steps and shortcuts alike are timed with the wind at their middle (one lookup)
        a, b = coords[ia], coords[ib]
        f, frm, brg = speed_wind(a, b, month)
        every = (distance_nm(a, b) / np.maximum(f, 1e-6)).tolist()
        hours, t = every[: n - 1], every[n - 1 :]
        if month != CALM:
            # a zig-zag of steps on opposite tacks goes about at its corners, which an edge's
            # time leaves out (a straight course pays for its boards): charge its steps
            # seed 003's going about as a straight course is charged
            tack = [
                (x - y) % 360 < 180
                for x, y in zip(frm[: n - 1].tolist(), brg[: n - 1].tolist(), strict=True)
            ]
            hours = [
                h * TACKING
                if (k > 0 and tack[k] != tack[k - 1]) or (k < n - 2 and tack[k] != tack[k + 1])
                else h
                for k, h in enumerate(hours)
            ]
        cum = [0.0]
        for h in hours:
            cum.append(cum[-1] + h)
        # cheap first: only a shortcut no slower than the steps it replaces is worth testing
        # (the leg's days are then summed piece by piece)
        cand = [c for c, (i, j) in enumerate(pairs) if t[c] <= cum[j] - cum[i] + 1e-9]
        if cand:
            clear = self._shortcuts_clear(coords, ids, [pairs[c] for c in cand], size)
            cand = [c for c, ok in zip(cand, clear, strict=True) if ok]
        # fastest path over the DAG of path steps and clear shortcuts (no slower than the steps)
        short: dict[int, list] = {}
        for c in cand:
            i, j = pairs[c]
            short.setdefault(j, []).append((i, t[c]))
        best = [math.inf] * n
        prev = [0] * n
        best[0] = 0.0
        for j in range(1, n):
            best[j], prev[j] = best[j - 1] + hours[j - 1], j - 1
            for i, tij in short.get(j, ()):
                if best[i] + tij < best[j] - 1e-9 or (
                    best[i] + tij <= best[j] + 1e-9 and i < prev[j]
                ):
                    best[j], prev[j] = best[i] + tij, i
        keep = [n - 1]
        while keep[-1] != 0:
            keep.append(prev[keep[-1]])
        return coords[keep[::-1]]

    def _shortcuts_clear(
        self, coords: np.ndarray, ids: list[int], pairs: list, size: str
    ) -> list[bool]:
        """Which shortcuts (i, j) of a polyline are taken as clear (:meth:`_clear`): the
        longest from each point, and the others not inside a clear one (a shortcut within a
        clear shortcut would not be taken). A run between two lane nodes, or a port's way
        out and a node, is looked up in the tables built with the data; the others are
        tested here, only as needed."""
        m = len(pairs)
        verdict = [False] * m  # the table's: clear (of the shallows too if it is full)
        known = [False] * m
        full = False
        if self._table is not None:
            full = self._table.full
            both = [c for c, (i, j) in enumerate(pairs) if ids[i] >= 0 and ids[j] >= 0]
            if both:
                found, clear = self._lookup(
                    [ids[pairs[c][0]] for c in both], [ids[pairs[c][1]] for c in both]
                )
                small = size == "Small"
                for c, fd, cl in zip(both, found, clear, strict=True):
                    verdict[c] = cl
                    # a small ship needs no band: clear of it (and of land near the
                    # passages) is clear of land, else she is tested
                    known[c] = cl if small else fd

        def test(sel: list[int]) -> list[bool]:
            out = [verdict[c] for c in sel]
            todo = [k for k, c in enumerate(sel) if not known[c]]
            if todo:
                segs = np.array(
                    [(coords[pairs[sel[k]][0]], coords[pairs[sel[k]][1]]) for k in todo]
                )
                for k, ok in zip(todo, self._geo_clear(segs, size).tolist(), strict=True):
                    out[k] = ok
            hz = [k for k, c in enumerate(sel) if out[k] and not (full and known[c])]
            if hz:
                segs = np.array([(coords[pairs[sel[k]][0]], coords[pairs[sel[k]][1]]) for k in hz])
                for k, ok in zip(hz, self._no_hazard(segs).tolist(), strict=True):
                    out[k] = ok
            return out

        far = [-1] * len(coords)
        for i, j in pairs:
            if j > far[i]:
                far[i] = j
        ok = [False] * m
        first = [c for c, (i, j) in enumerate(pairs) if j == far[i]]
        for c, v in zip(first, test(first), strict=True):
            ok[c] = v
        reach = [-1] * len(coords)
        for c in first:
            if ok[c]:
                i, j = pairs[c]
                reach[i] = max(reach[i], j)
        for k in range(1, len(reach)):
            reach[k] = max(reach[k], reach[k - 1])
        rest = [c for c, (i, j) in enumerate(pairs) if j != far[i] and reach[i] < j]
        if rest:
            for c, v in zip(rest, test(rest), strict=True):
                ok[c] = v
        return ok

    def _geo_clear(self, segs: np.ndarray, size: str) -> np.ndarray:
        """Whether each segment touches no land (no islet) and, but for a small ship, no
        inshore band."""
        if size != "Small":
            # the band holds the land except along the passages: the band, and the land
            # itself only for shortcuts that come near a passage
            return deep_clear(segs, self.lanes.band)
        return ~lines_blocked(segs)

    def _clear(self, segs: np.ndarray, size: str) -> np.ndarray:
        """Whether each shortcut touches no land (no islet), no named shallow and, but for
        a small ship, no inshore band."""
        ok = self._geo_clear(segs, size)
        free = np.flatnonzero(ok)
        if len(free):
            ok[free] = self._no_hazard(segs[free])
        return ok

    def _lookup_table(self, keys: np.ndarray, flags: np.ndarray, full: bool) -> _Table:
        """The table of keys (two lane nodes ``i * N + j``, i < j; or a way-out point and a
        node, ``N * N + row * N + node``) and whether each run is clear, as per-node and
        per-point sorted arrays for a lookup by bisection."""
        n = len(self.lanes.nodes)
        pair = keys < n * n
        clear = keys[pair & flags]  # two nodes: only the clear runs (the rest are not)
        first = np.searchsorted(clear // n, np.arange(n + 1))
        second = (clear % n).astype(np.int32)
        partners = [array("i", second[first[i] : first[i + 1]].tobytes()) for i in range(n)]
        q = keys[~pair] - n * n  # a point and a node: every run a track may ask about
        rows = np.searchsorted(q // n, np.arange(q[-1] // n + 2 if len(q) else 1))
        nodes = (q % n).astype(np.int32)
        marks = flags[~pair].astype(np.int8)
        points = [
            (
                array("i", nodes[rows[i] : rows[i + 1]].tobytes()),
                array("b", marks[rows[i] : rows[i + 1]].tobytes()),
            )
            for i in range(len(rows) - 1)
        ]
        return _Table(partners, points, full)

    def _lookup(self, a: list[int], b: list[int]) -> tuple[list[bool], list[bool]]:
        """Whether the run between a and b (lane nodes up to SHORTCUT_HOPS apart, or a port's
        way-out point, N + its row, and a node) is in the tables built with the data, and
        whether it is clear of the band (and of land near the passages):
        :func:`~maps.lanes.deep_clear`. Two nodes not in the table are not clear."""
        table = self._table
        n = len(self._node_list)
        found, clear = [], []
        for x, y in zip(a, b, strict=True):
            lo, hi = (x, y) if x < y else (y, x)
            if hi < n:  # two nodes
                arr = table.partners[lo]
                k = bisect_left(arr, hi)
                found.append(True)
                clear.append(k < len(arr) and arr[k] == hi)
            elif lo < n and hi - n < len(table.points):  # a way-out point and a node
                arr, marks = table.points[hi - n]
                k = bisect_left(arr, lo)
                hit = k < len(arr) and arr[k] == lo
                found.append(hit)
                clear.append(hit and marks[k] == 1)
            else:
                found.append(False)
                clear.append(False)
        return found, clear
