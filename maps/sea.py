"""Voyages meet the sea: seed 003's chances on a passage, rolled as the ship sails it.

A routed passage's days (:mod:`maps.timing`) are the time of plain sailing under the
month's prevailing wind. The sea adds seed 003's chances to them (docs/rules-notes.md,
"Voyages meet the sea"):

- **Caught in irons** ("Tacking"): a ship beating dead to windward goes about once a watch
  (:data:`WATCH_HOURS`); each time a d6 of 1 catches her in irons and she loses a turn,
  one of the thirteen of her board (twelve close-hauled, one going about: :data:`BOARD_MA`).
- **Sweeps in a calm** ("Wind Strength", "Sweeps"): in light-wind waters each day's die of
  1 is a calm (docs/rules-notes.md "Weather at sea"); she puts out her sweeps, :data:`SWEEP_PAIRS`
  pairs by her size, 1 MA a pair, where the light wind would have given her 8.5 reaching.
- **Currents** ("Currents and Tides"): in one of the ocean currents of ``currents.json`` a
  d6 a day: 1-3 it drifts her an inch a turn, 4-6 (strong) two, along its set, with her or
  against her as her course lies to it.

:func:`meets` reads a track once for all three (the same pieces and winds as its days);
:func:`outlook` gives the time they may add, at best, on average and at worst, without
dice (a preview); :func:`sail` throws them with the random source it is given (the sailed
passage). Pure: no clock, no global random.

>>> sea = meets([[-10.0, 45.0], [-10.0, 44.0]], 0, "Fifth Rate")
>>> sea.beat_hours, sea.calm_hours, sea.currents
(0.0, 0.0, ())
>>> outlook(sea)
(0.0, 0.0, 0.0)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from maps.errors import DataError
from maps.geo import distance_nm
from maps.places import ShallowWaterRule, load_shallow_water_rule
from maps.sailing import (
    BOARD_MA,
    GOING_ABOUT_MA,
    SAILING_MA,
    STRENGTH_MA,
    ShipType,
    movement_table,
    reach_knots,
    ship_type,
)
from maps.timing import CALM, pieces, speed_wind
from maps.wind import STRENGTHS, wind_codes

__all__ = [
    "CALM_FACES",
    "CURRENTS_FILE",
    "CURRENT_DRIFT",
    "IRONS",
    "MAX_TIDES",
    "STRENGTH_POINTS",
    "SWEEP_PAIRS",
    "TIDE_DAYS",
    "WATCH_HOURS",
    "Current",
    "Grounding",
    "Sailed",
    "Sea",
    "Stream",
    "load_currents",
    "meets",
    "outlook",
    "risk_shallows",
    "sail",
]

CURRENTS_FILE = Path(__file__).resolve().parent / "data" / "currents.json"
#: Our reading: a ship working to windward goes about once a watch (four hours).
WATCH_HOURS = 4.0
#: Seed 003 "Tacking": "Shake a d6: 1 = the ship is Caught-in-Irons".
IRONS = frozenset({1})
#: Seed 003 "Sweeps": "upto three pairs on a small ship, four pairs on a middling ship and
#: five pairs on a large ship", 1 MA a pair.
SWEEP_PAIRS = MappingProxyType({"Small": 3, "Middling": 4, "Large": 5})
#: Seed 003 "Currents and Tides": d6 1-3 one inch (or MA), 4-6 "the current is strong" two.
CURRENT_DRIFT = MappingProxyType({1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2})
#: The day's wind die that makes a calm in light-wind waters (docs/rules-notes.md,
#: "Weather at sea": under a light prevailing wind a 1 is Becalmed).
CALM_FACES = frozenset({1})
#: Seed 003 "Ship's Strength Points", the very simplest system: 32, 48 and 64.
STRENGTH_POINTS = MappingProxyType({"Small": 32, "Middling": 48, "Large": 64})
#: Our reading of "stuck fast try again next turn" on a passage: the next high water, and
#: the tide makes twice a day.
TIDE_DAYS = 0.5
#: After a week of tides stuck her boats have kedged her off (seed 003's other way off:
#: "attach a line ... to two boats with two rowers in each and let them pull you free").
MAX_TIDES = 14
# the turn an irons costs: one of a board's 12 turns close-hauled and 1 going about
_TURN_HOURS = WATCH_HOURS * GOING_ABOUT_MA / (BOARD_MA + GOING_ABOUT_MA)
# reaching MA in a light wind, the mean of 12 - d6 (seed 003 "Wind Strength")
_LIGHT_REACH_MA = SAILING_MA["reaching"] + STRENGTH_MA["light"]


@dataclass(frozen=True, slots=True)
class Current:
    """An ocean current: a box (lon0, lat0, lon1, lat1) and the bearing it sets towards."""

    id: str
    name: str
    bbox: tuple[float, float, float, float]
    sets_deg: float


@cache
def load_currents() -> tuple[Current, ...]:
    """The currents of ``maps/data/currents.json``, validated, read once."""
    raw = json.loads(CURRENTS_FILE.read_text(encoding="utf-8"))
    out = []
    for row in raw["currents"]:
        lon0, lat0, lon1, lat1 = (float(v) for v in row["bbox"])
        sets = float(row["sets_deg"])
        if not (-180 <= lon0 < lon1 <= 180 and -90 <= lat0 < lat1 <= 90 and 0 <= sets < 360):
            raise DataError(f"{CURRENTS_FILE}: current {row.get('id')!r}: bad box or set")
        out.append(Current(str(row["id"]), str(row["name"]), (lon0, lat0, lon1, lat1), sets))
    if len({c.id for c in out}) != len(out):
        raise DataError(f"{CURRENTS_FILE}: a current id twice")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Stream:
    """A passage's run in one current: hours in it, her mean knots through the water
    there, and ``along``, the mean cosine of her course to its set (1 with it, -1 against)."""

    id: str
    name: str
    hours: float
    knots: float
    along: float


@dataclass(frozen=True, slots=True)
class Sea:
    """What a passage meets: the ship's size and reaching knots, the hours she beats dead to
    windward, the hours in light-wind waters, and her runs in currents."""

    size: str
    knots: float
    beat_hours: float
    calm_hours: float
    currents: tuple[Stream, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (what a route records)."""
        return {
            "size": self.size,
            "knots": self.knots,
            "beat_hours": round(self.beat_hours, 3),
            "calm_hours": round(self.calm_hours, 3),
            "currents": [
                {
                    "id": s.id,
                    "name": s.name,
                    "hours": round(s.hours, 3),
                    "knots": round(s.knots, 3),
                    "along": round(s.along, 3),
                }
                for s in self.currents
            ],
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Sea:
        """The inverse of :meth:`as_dict`."""
        return cls(
            str(raw["size"]),
            float(raw["knots"]),
            float(raw["beat_hours"]),
            float(raw["calm_hours"]),
            tuple(
                Stream(str(s["id"]), str(s["name"]), *(float(s[k]) for k in _STREAM))
                for s in raw["currents"]
            ),
        )


_STREAM = ("hours", "knots", "along")


@dataclass(frozen=True, slots=True)
class Sailed:
    """The sea's dice on a sailed passage: the hours they added (less when a current
    carried her), the tacks and how many caught her in irons, the calm days of the light
    waters' and how many were calm, and each current's dice."""

    hours: float
    tacks: int
    irons: int
    light_days: int
    calms: int
    currents: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "hours": round(self.hours, 3),
            "tacks": self.tacks,
            "irons": self.irons,
            "light_days": self.light_days,
            "calms": self.calms,
            "currents": {k: list(v) for k, v in self.currents},
        }


def meets(track: ArrayLike, month: int, ship: str | ShipType) -> Sea:
    """What a track (lon, lat points) meets under the month's prevailing wind for ``ship``:
    the pieces :func:`maps.timing.segment_hours` times it by, in the ship's own hours (her
    knots by seed 003's movement table). Month :data:`~maps.timing.CALM` (no wind) beats
    nowhere and has no light waters."""
    st = ship if isinstance(ship, ShipType) else ship_type(ship)
    knots = reach_knots(st)
    coords = np.asarray(track, dtype=float)
    if len(coords) < 2:
        return Sea(st.size, knots, 0.0, 0.0)
    # the pieces and winds maps.timing.segment_hours times the passage by, in her hours
    _, p0, p1 = pieces(coords[:-1], coords[1:])
    nm = distance_nm(p0, p1)
    f, frm, brg = speed_wind(p0, p1, month)
    hours = nm / np.maximum(f, 1e-6) / knots
    mid = (p0 + p1) / 2
    off = np.abs((frm - brg + 180) % 360 - 180)
    beat = float(hours[np.rint(off / 45) == 0].sum()) if month != CALM else 0.0
    light = 0.0
    if month != CALM:
        _, code = wind_codes(mid[:, 0], mid[:, 1], month)
        light = float(hours[code == STRENGTHS.index("light")].sum())
    streams = []
    for cur in load_currents():
        lon0, lat0, lon1, lat1 = cur.bbox
        inside = (mid[:, 0] >= lon0) & (mid[:, 0] <= lon1) & (mid[:, 1] >= lat0)
        inside &= mid[:, 1] <= lat1
        h = float(hours[inside].sum())
        if h > 0:
            cos = np.cos(np.radians(brg[inside] - cur.sets_deg))
            along = float((cos * hours[inside]).sum() / h)
            streams.append(Stream(cur.id, cur.name, h, float(nm[inside].sum()) / h, along))
    return Sea(st.size, knots, beat, light, tuple(streams))


def _days(hours: float) -> list[float]:
    """``hours`` cut into days (the last a part): one die each."""
    full, rest = divmod(hours, 24.0)
    return [24.0] * int(full) + ([rest] if rest > 1e-9 else [])


def _calm_loss(size: str, hours: float) -> float:
    """Hours a calm of ``hours`` costs a ship of ``size`` under her sweeps (seed 003
    "Sweeps": 1 MA a pair) against the light wind's mean reaching MA."""
    return hours * max(0.0, 1.0 - SWEEP_PAIRS[size] / _LIGHT_REACH_MA)


def _current_change(stream: Stream, hours: float, drift: int) -> float:
    """Hours a day's ``hours`` in ``stream`` change by when it drifts her ``drift`` inches a
    turn along its set (seed 003: "drift the craft an inch in the direction of the
    current"): an inch a turn is ``knots_per_inch / 12`` knots, since a turn's MA 12
    reaching carries her 12 units of her table distance."""
    set_knots = drift * movement_table().knots_per_inch / 12.0 * stream.along
    made_good = max(stream.knots + set_knots, stream.knots / 4)  # (a foul set never stops her)
    return hours * stream.knots / made_good - hours


def outlook(sea: Sea) -> tuple[float, float, float]:
    """Hours the sea may add to a passage, without dice: (at best, on average, at worst).

    >>> outlook(Sea("Middling", 8.0, 40.0, 0.0))  # 10 tacks, each 1 in 6 losing 4/13 hour
    (0.0, 0.513, 3.077)
    """
    tacks = int(sea.beat_hours // WATCH_HOURS)
    p_irons = len(IRONS) / 6
    lo, mean, hi = 0.0, tacks * p_irons * _TURN_HOURS, tacks * _TURN_HOURS
    p_calm = len(CALM_FACES) / 6
    for h in _days(sea.calm_hours):
        loss = _calm_loss(sea.size, h)
        mean += p_calm * loss
        hi += loss
    for stream in sea.currents:
        for h in _days(stream.hours):
            changes = [_current_change(stream, h, d) for d in CURRENT_DRIFT.values()]
            lo, mean, hi = lo + min(changes), mean + sum(changes) / 6, hi + max(changes)
    return round(lo, 3), round(mean, 3), round(hi, 3)


def sail(sea: Sea, rng: random.Random) -> Sailed:
    """Throw the sea's dice for a passage as she sails it, with ``rng`` (the campaign's
    seeded source): a d6 a tack (:data:`IRONS`), a d6 a day in light waters (a calm on
    :data:`CALM_FACES`), a d6 a day in each current (:data:`CURRENT_DRIFT`), in that order.

    >>> sail(Sea("Middling", 8.0, 40.0, 0.0), random.Random(3))  # 10 tacks, 1 in irons
    Sailed(hours=0.308, tacks=10, irons=1, light_days=0, calms=0, currents=())
    """
    tacks = int(sea.beat_hours // WATCH_HOURS)
    irons = sum(rng.randint(1, 6) in IRONS for _ in range(tacks))
    hours = irons * _TURN_HOURS
    days = _days(sea.calm_hours)
    calms = 0
    for h in days:
        if rng.randint(1, 6) in CALM_FACES:
            calms += 1
            hours += _calm_loss(sea.size, h)
    thrown = []
    for stream in sea.currents:
        rolls = []
        for h in _days(stream.hours):
            roll = rng.randint(1, 6)
            rolls.append(roll)
            hours += _current_change(stream, h, CURRENT_DRIFT[roll])
        thrown.append((stream.id, tuple(rolls)))
    return Sailed(round(hours, 3), tacks, irons, len(days), calms, tuple(thrown))


@dataclass(frozen=True, slots=True)
class Grounding:
    """A ship's throw of seed 003's "Shallow Water" on a passage: the first d6 and what it
    meant (``clear``, ``aground``, ``rocks``), the 2d6 damage points of rocks, the d6 of
    each tide she tried to get off (the last freed her, unless she was kedged off after
    :data:`MAX_TIDES`), and the days she lay stuck."""

    roll: int
    result: str
    damage: int
    tries: tuple[int, ...]
    days: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "result": self.result,
            "damage": self.damage,
            "tries": list(self.tries),
            "days": self.days,
        }


def risk_shallows(rng: random.Random, rule: ShallowWaterRule | None = None) -> Grounding:
    """Seed 003 "Shallow Water" for a ship that risks it on a passage, thrown with ``rng``:
    4-6 no problem; 2-3 aground, 1 rocks (2d6 damage points), each then a d6 to get off
    (:meth:`~maps.places.ShallowWaterRule.resolve`). Stuck, "try again next turn": a d6
    every tide (:data:`TIDE_DAYS`) by the aground rule ("treat as aground") until freed.

    >>> class Dice(random.Random):
    ...     def __init__(self, *faces): self.faces = list(faces)
    ...     def randint(self, a, b): return self.faces.pop(0)
    >>> risk_shallows(Dice(1, 6, 5, 2, 3, 5))  # rocks, 11 points, stuck; 3 stuck, 5 free
    Grounding(roll=1, result='rocks', damage=11, tries=(2, 3, 5), days=1.0)
    """
    rule = rule or load_shallow_water_rule()
    first = rule.resolve(rng)
    if first.result == "clear" or first.second_roll is None:
        return Grounding(first.roll, first.result, 0, (), 0.0)
    tries, stuck = [first.second_roll], first.stuck
    while stuck and len(tries) < MAX_TIDES:
        tries.append(rng.randint(1, 6))
        stuck = tries[-1] in rule.aground_stuck
    days = TIDE_DAYS * (len(tries) - 1 + (1 if stuck else 0))
    return Grounding(first.roll, first.result, first.damage, tuple(tries), days)
