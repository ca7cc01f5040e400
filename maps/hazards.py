"""The named shallows as the router tests them: which runs touch one, which hold a point.

Seed 003 keeps deep-draught ships out of shallow water and lets smaller ones cross it at a
risk (:data:`maps.voyage.SHALLOW_RULE`, or the shallow's own rule). The shallows come from
:func:`maps.places.load_shallows` (or any objects with ``id``, ``name``, ``polygon`` and
optionally ``risk.text``); here they are indexed once for the tests a route asks of them.

>>> from maps.places import load_shallows
>>> hazards = Hazards(load_shallows())
>>> [hazards[i].id for i in hazards.holding((1.50, 51.27))]
['goodwin-sands']
>>> runs = np.array([[[1.2, 51.27], [1.8, 51.27]], [[0.0, 45.0], [1.0, 45.0]]])
>>> hazards.clear(runs).tolist()
[False, True]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from maps.voyage import SHALLOW_RULE

__all__ = ["Hazard", "Hazards"]


@dataclass(frozen=True, eq=False)
class Hazard:
    """A named shallow: its id and name, the rule its risk follows, and its polygon."""

    id: str
    name: str
    rule: str
    polygon: shapely.Geometry


class Hazards:
    """The named shallows, indexed (an STR tree: boxes first, then the shapes) for the
    router's tests.

    Immutable once built, so shared freely between threads.
    """

    def __init__(self, shallows: Iterable[Any] = ()) -> None:
        self.items = tuple(
            Hazard(s.id, s.name, getattr(getattr(s, "risk", None), "text", SHALLOW_RULE), s.polygon)
            for s in shallows
        )
        polys = np.array([h.polygon for h in self.items], dtype=object)
        shapely.prepare(polys)
        self.polygons = polys
        self._tree = shapely.STRtree(polys) if len(polys) else None

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Hazard:
        return self.items[i]

    def touched(self, lines: np.ndarray) -> list[tuple[int, ...]]:
        """The indices of the shallows each shapely line touches (sorted)."""
        if self._tree is None or not len(lines):
            return [()] * len(lines)
        out: list[set[int]] = [set() for _ in range(len(lines))]
        q, t = self._tree.query(lines)
        hit = shapely.intersects(self.polygons[t], lines[q])
        for i, j in zip(q[hit].tolist(), t[hit].tolist(), strict=True):
            out[i].add(j)
        return [tuple(sorted(x)) for x in out]

    def meeting(self, segs: np.ndarray, but: Sequence[int] = ()) -> np.ndarray:
        """Whether each segment (S x 2 x 2) touches a shallow other than those in ``but``."""
        touched = self.touched(shapely.linestrings(segs))
        return np.array([any(j not in but for j in t) for t in touched], dtype=bool)

    def clear(self, segs: np.ndarray) -> np.ndarray:
        """Whether each segment (S x 2 x 2) touches no shallow."""
        return ~self.meeting(segs)

    def holding(self, p: tuple[float, float]) -> tuple[int, ...]:
        """The indices of the shallows that hold the position itself."""
        if self._tree is None:
            return ()
        pt = shapely.points(p[0], p[1])
        idx = self._tree.query(pt)
        return tuple(sorted(int(i) for i in idx if shapely.intersects(self.polygons[i], pt)))

    def key(self) -> bytes:
        """What the shallows are (ids and shapes, in order), for the fingerprint of a file
        worked out over them."""
        return b"".join(hz.id.encode() + shapely.to_wkb(hz.polygon) for hz in self.items)
