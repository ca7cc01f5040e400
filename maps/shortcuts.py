"""Straightening a searched track: straight shortcuts where they are clear and no slower.

A track found on the lanes zig-zags from node to node. A shortcut over up to
:data:`~maps.lanes.SHORTCUT_HOPS` points replaces the points between when it touches no
land (nor the inshore band but for a small ship, nor a named shallow), takes no longer
under the wind and skips no strait waypoint (:data:`~maps.lanes.PASSAGES`: a strait is
sailed by its chart's channel). Shortcuts between lane nodes, and between a port's way out
and the lanes, are looked up in the tables built with the data
(:func:`~maps.lanes.load_shortcuts`, and the :class:`~maps.approaches.WayPoints` of the
ends file); the others are tested with Shapely, only as needed.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import shapely

from maps.approaches import WayPoints
from maps.geo import distance_nm
from maps.hazards import Hazards
from maps.lanes import (
    PASSAGES,
    SHORTCUT_HOPS,
    SeaLanes,
    deep_clear,
    lines_blocked,
    load_shortcuts,
)
from maps.sailing import TACKING
from maps.timing import CALM, speed_wind

__all__ = ["Shortcuts"]

#: A shortcut no slower than the steps it replaces within this many hours is taken.
_SLACK = 1e-9


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


def _fastest(hours: list[float], short: dict[int, list[tuple[int, float]]]) -> list[int]:
    """The points kept by the fastest way along a polyline over the DAG of its steps
    (``hours[k]``: from point k to k + 1) and its shortcuts (``short[j]``: (i, hours) of
    those from i to j); a shortcut is taken when no slower, the longest first."""
    n = len(hours) + 1
    best = [math.inf] * n
    prev = [0] * n
    best[0] = 0.0
    for j in range(1, n):
        best[j], prev[j] = best[j - 1] + hours[j - 1], j - 1
        for i, tij in short.get(j, ()):
            if best[i] + tij < best[j] - _SLACK or (
                best[i] + tij <= best[j] + _SLACK and i < prev[j]
            ):
                best[j], prev[j] = best[i] + tij, i
    keep = [n - 1]
    while keep[-1] != 0:
        keep.append(prev[keep[-1]])
    return keep[::-1]


class _Table(NamedTuple):
    """The shortcuts built with the data, for a lookup by bisection (:meth:`Shortcuts._lookup`).

    Lane node i runs clear to the nodes ``partners[starts[i]:starts[i + 1]]`` (sorted, each
    above i; any other run between two nodes is not clear); way-out point p has runs to
    the nodes ``nodes[rows[p]:rows[p + 1]]`` (sorted), clear where ``marks`` is 1. Flat
    arrays: a lookup reads two or three cache lines of them.
    """

    starts: array
    partners: array
    rows: array
    nodes: array
    marks: array
    full: bool  # whether the named shallows are ruled out too


class Shortcuts:
    """The clearance tables of the lanes (and, given, of the ports' ways-out points) and
    the tests that straighten a track with them. Immutable once built."""

    def __init__(self, lanes: SeaLanes, hazards: Hazards, ways: WayPoints | None = None) -> None:
        self.lanes = lanes
        self.hazards = hazards
        self._passage_points = np.array([p for c in PASSAGES.values() for p in c])
        n = len(lanes.nodes)
        # what each point of a track is (a lane node i, or N + a ways-out point's row):
        # whether it is a strait's waypoint
        self._at_list: list[bool] = self._on_passage(lanes.nodes).tolist()
        self._in_band: dict[tuple[float, float], bool] = {}  # ways-out points in the band
        # the pairs of nodes whose straight run is clear of band and land (built with the
        # lanes; None if the file is stale: then every shortcut is tested here)
        deep = load_shortcuts(lanes)
        self._table: _Table | None = None
        if ways is not None:
            self._at_list += self._on_passage(ways.points).tolist()
            inside = shapely.intersects(lanes.band, shapely.points(ways.points)).tolist()
            self._in_band = {
                (round(x, 7), round(y, 7)): b
                for (x, y), b in zip(ways.points.tolist(), inside, strict=True)
            }
        if deep is not None and ways is not None:
            # the ways-out points' shortcuts beside the lane nodes' (a point's key is offset
            # by N * N), with those touching a named shallow ruled out
            keys = np.concatenate([deep, n * n + ways.pairs])
            flags = np.concatenate([np.ones(len(deep), dtype=bool), ways.clear])
            pos = np.minimum(np.searchsorted(keys, ways.shoal), len(keys) - 1)
            flags[pos[keys[pos] == ways.shoal]] = False
            self._table = self._lookup_table(keys, flags, True)
        elif deep is not None:
            self._table = self._lookup_table(deep, np.ones(len(deep), dtype=bool), False)

    # -- the tests of clearance ---------------------------------------------------------
    def clear(self, segs: np.ndarray, size: str) -> np.ndarray:
        """Whether each segment touches no land (no islet), no named shallow and, but for
        a small ship, no inshore band."""
        ok = self._geo_clear(segs, size)
        free = np.flatnonzero(ok)
        if len(free):
            ok[free] = self.hazards.clear(segs[free])
        return ok

    def run_clear(self, a: tuple[float, float], b: tuple[float, float], size: str) -> bool:
        """Whether the straight run from a to b is clear (:meth:`clear`)."""
        if size != "Small" and (
            self._in_band.get((round(a[0], 7), round(a[1], 7)))
            or self._in_band.get((round(b[0], 7), round(b[1], 7)))
        ):
            return False  # a port in the band: the run meets it
        if size != "Small" and shapely.intersects(self.lanes.band, shapely.linestrings([a, b])):
            return False  # the band first: it holds the land but along the passages
        return bool(self.clear(np.array([[a, b]], dtype=float), size)[0])

    def _geo_clear(self, segs: np.ndarray, size: str) -> np.ndarray:
        """Whether each segment touches no land (no islet) and, but for a small ship, no
        inshore band."""
        if size != "Small":
            # the band holds the land except along the passages: the band, and the land
            # itself only for shortcuts that come near a passage
            return deep_clear(segs, self.lanes.band)
        return ~lines_blocked(segs)

    def _on_passage(self, pts: np.ndarray) -> np.ndarray:
        """Whether each point is a strait's waypoint."""
        if not len(pts):
            return np.zeros(0, dtype=bool)
        return (np.abs(pts[:, None, :] - self._passage_points[None, :, :]).max(axis=2) < 5e-7).any(
            axis=1
        )

    # -- straightening ------------------------------------------------------------------
    def straighten(
        self, pts: Sequence[tuple[float, float]], ids: list[int], size: str, month: int
    ) -> np.ndarray:
        """Replace runs of points by straight shortcuts that are clear and no slower
        (``pts``, ``ids``: the polyline and what each point is: a lane node, N + its row in
        the ways-out points, or -1)."""
        n = len(pts)
        coords = np.array(pts, dtype=float)
        if n <= 2:
            return coords
        pairs, ia, ib = self._hop_pairs(coords, ids)
        if not pairs:
            return coords
        hours, t = self._hours(coords[ia], coords[ib], n, month)
        cum = [0.0]
        for h in hours:
            cum.append(cum[-1] + h)
        # cheap first: only a shortcut no slower than the steps it replaces is worth testing
        # (the leg's days are then summed piece by piece)
        cand = [c for c, (i, j) in enumerate(pairs) if t[c] <= cum[j] - cum[i] + _SLACK]
        if cand:
            clear = self._shortcuts_clear(coords, ids, [pairs[c] for c in cand], size)
            cand = [c for c, ok in zip(cand, clear, strict=True) if ok]
        short: dict[int, list[tuple[int, float]]] = {}
        for c in cand:
            i, j = pairs[c]
            short.setdefault(j, []).append((i, t[c]))
        return coords[_fastest(hours, short)]

    def _hop_pairs(
        self, coords: np.ndarray, ids: list[int]
    ) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray]:
        """:func:`_hop_pairs` of the polyline but the shortcuts that skip a strait's
        waypoint (the chart's channel)."""
        n = len(coords)
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
        return pairs, ia, ib

    @staticmethod
    def _hours(a: np.ndarray, b: np.ndarray, n: int, month: int) -> tuple[list[float], list[float]]:
        """The hours (at 1 knot reaching) of a polyline's n - 1 steps, then of its
        shortcuts, a to b, each timed with the wind at its middle (one lookup)."""
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
        return hours, t

    def _shortcuts_clear(
        self, coords: np.ndarray, ids: list[int], pairs: list[tuple[int, int]], size: str
    ) -> list[bool]:
        """Which shortcuts (i, j) of a polyline are taken as clear (:meth:`clear`): the
        longest from each point, and the others not inside a clear one (a shortcut within a
        clear shortcut would not be taken)."""
        verdict, known, full = self._table_verdicts(ids, pairs, size)

        def test(sel: list[int]) -> list[bool]:
            return self._test(coords, [pairs[c] for c in sel], verdict, known, full, size, sel)

        far = [-1] * len(coords)
        for i, j in pairs:
            far[i] = max(far[i], j)
        ok = [False] * len(pairs)
        first = [c for c, (i, j) in enumerate(pairs) if j == far[i]]
        for c, v in zip(first, test(first), strict=True):
            ok[c] = v
        reach = [-1] * len(coords)  # the farthest point a clear longest shortcut reaches
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

    def _table_verdicts(
        self, ids: list[int], pairs: list[tuple[int, int]], size: str
    ) -> tuple[list[bool], list[bool], bool]:
        """Per shortcut, the tables' verdict (clear: of the named shallows too if the
        tables are full) and whether it settles the land and the band; and whether the
        tables are full. A run between two lane nodes, or a port's way out and a node, is
        in the tables built with the data."""
        m = len(pairs)
        verdict, known = [False] * m, [False] * m
        if self._table is None:
            return verdict, known, False
        both = [c for c, (i, j) in enumerate(pairs) if ids[i] >= 0 and ids[j] >= 0]
        if both:
            found, clear = self._lookup(
                [ids[pairs[c][0]] for c in both], [ids[pairs[c][1]] for c in both]
            )
            small = size == "Small"
            for c, fd, cl in zip(both, found, clear, strict=True):
                verdict[c] = cl
                # a small ship needs no band: clear of it (and of land near the passages)
                # is clear of land, else she is tested
                known[c] = cl if small else fd
        return verdict, known, self._table.full

    def _test(
        self,
        coords: np.ndarray,
        runs: list[tuple[int, int]],
        verdict: list[bool],
        known: list[bool],
        full: bool,
        size: str,
        sel: list[int],
    ) -> list[bool]:
        """Whether each run (i, j) of the polyline, shortcut ``sel[k]``, is clear: the
        tables' verdict where it settles the land and the band, else Shapely's; then the
        named shallows, unless the tables ruled them out."""
        out = [verdict[c] for c in sel]
        todo = [k for k, c in enumerate(sel) if not known[c]]
        if todo:
            segs = np.array([(coords[runs[k][0]], coords[runs[k][1]]) for k in todo])
            for k, ok in zip(todo, self._geo_clear(segs, size).tolist(), strict=True):
                out[k] = ok
        hz = [k for k, c in enumerate(sel) if out[k] and not (full and known[c])]
        if hz:
            segs = np.array([(coords[runs[k][0]], coords[runs[k][1]]) for k in hz])
            for k, ok in zip(hz, self.hazards.clear(segs).tolist(), strict=True):
                out[k] = ok
        return out

    # -- the tables ---------------------------------------------------------------------
    def _lookup_table(self, keys: np.ndarray, flags: np.ndarray, full: bool) -> _Table:
        """The :class:`_Table` of sorted keys (two lane nodes ``i * N + j``, i < j; then a
        way-out point and a node, ``N * N + row * N + node``) and whether each run is clear."""
        n = len(self.lanes.nodes)
        pair = keys < n * n
        clear = keys[pair & flags]  # two nodes: only the clear runs (the rest are not)
        q = keys[~pair] - n * n  # a point and a node: every run a track may ask about
        points = int(q[-1] // n + 1) if len(q) else 0
        return _Table(
            array("q", np.searchsorted(clear // n, np.arange(n + 1)).tobytes()),
            array("i", (clear % n).astype(np.int32).tobytes()),
            array("q", np.searchsorted(q // n, np.arange(points + 1)).tobytes()),
            array("i", (q % n).astype(np.int32).tobytes()),
            array("b", flags[~pair].astype(np.int8).tobytes()),
            full,
        )

    def _lookup(self, a: Sequence[int], b: Sequence[int]) -> tuple[list[bool], list[bool]]:
        """Whether the run between a and b (lane nodes up to SHORTCUT_HOPS apart, or a port's
        way-out point, N + its row, and a node) is in the tables built with the data, and
        whether it is clear of the band (and of land near the passages):
        :func:`~maps.lanes.deep_clear`. Two nodes not in the table are not clear."""
        t = self._table
        assert t is not None
        n = len(self.lanes.nodes)
        points = len(t.rows) - 1
        found, clear = [], []
        for x, y in zip(a, b, strict=True):
            lo, hi = (x, y) if x < y else (y, x)
            if hi < n:  # two nodes
                end = t.starts[lo + 1]
                k = bisect_left(t.partners, hi, t.starts[lo], end)
                found.append(True)
                clear.append(k < end and t.partners[k] == hi)
            elif lo < n and hi - n < points:  # a way-out point and a node
                end = t.rows[hi - n + 1]
                k = bisect_left(t.nodes, lo, t.rows[hi - n], end)
                hit = k < end and t.nodes[k] == lo
                found.append(hit)
                clear.append(hit and t.marks[k] == 1)
            else:
                found.append(False)
                clear.append(False)
        return found, clear
