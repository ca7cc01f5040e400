"""Seed 003's sailing rules at the scale of a voyage: points of sail, MA, tacking, ship speeds.

The tactical rules give a ship a Movement Allowance (MA) by her angle to the wind on an
8-point compass: reaching 12, running 10, beating (a point off the wind) 8, head to wind
("caught in irons") 0; a fresh wind adds 1d6, a light wind takes 1d6 away; going about
costs 8 MA. A voyage takes the *expected* MA: a course between two of the eight headings is
sailed as two boards on those headings (the best pair wins), a course closer to the wind
than one point is beaten up in boards on either tack, paying 8 MA to go about after every
board of :data:`BOARD_MA`. Speed through the water is proportional to MA, with MA 12
(reaching in a fair wind) giving the ship's :func:`reach_knots`.

>>> point_of_sail(0, 180), point_of_sail(0, 0), point_of_sail(0, 45), point_of_sail(0, 90)
('running', 'in irons', 'beating', 'reaching')
>>> made_good_ma(90), made_good_ma(180), made_good_ma(45)
(12.0, 10.0, 8.0)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import MappingProxyType

import numpy as np

from maps.errors import DataError, InvalidValue, UnknownName

__all__ = [
    "BOARD_MA",
    "COMPASS",
    "DEEP_DRAUGHT",
    "GOING_ABOUT_MA",
    "MOVEMENT_FILE",
    "RATINGS",
    "SAILING_MA",
    "SHALLOW_RISK",
    "SHIPS",
    "SIZES",
    "STRENGTH_MA",
    "STERNWAY_MA",
    "TACKING",
    "TURN_POINT_MA",
    "MovementTable",
    "ShipType",
    "compass_point",
    "made_good_ma",
    "made_good_ma_array",
    "made_good_ma_choice",
    "movement_table",
    "point_of_sail",
    "reach_knots",
    "ship_rating",
    "ship_type",
    "wind_strength",
]

#: The 8 points of the book's compass, clockwise from North.
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

#: Sailing MA in fair winds by point of sail (seed 003, "Sail Settings").
SAILING_MA = MappingProxyType({"reaching": 12, "running": 10, "beating": 8, "in irons": 0})
#: Sternway in the eye of the wind (seed 003, "Sternway"): 4 MA backwards.
STERNWAY_MA = -4
#: A one-point turn not crossing the wind (seed 003, "Steering").
TURN_POINT_MA = 4
#: Going about, tacking or gybing (seed 003, "Going About"), paid even if it fails.
GOING_ABOUT_MA = 8
#: Our reading for a passage: a ship working to windward stands on for twelve turns
#: close-hauled (12 x 8 MA) before going about. See docs/rules-notes.md.
BOARD_MA = 96
#: The time of a course sailed as boards on opposite tacks over the same boards' time
#: without going about: it goes about once a board (:data:`GOING_ABOUT_MA` per
#: :data:`BOARD_MA`).
TACKING = 1 + GOING_ABOUT_MA / BOARD_MA
#: Expected change of MA by wind strength: fresh +1d6, light -1d6 (mean 3.5).
STRENGTH_MA = MappingProxyType({"light": -3.5, "fair": 0.0, "fresh": 3.5})
#: Seed 003 "Shallow Water": the d6 throw when a ship risks shallow water.
SHALLOW_RISK = MappingProxyType(
    {
        1: "keel strikes rocks/reef: 2d6 damage points; then 1d6: 1-2 stuck (aground), 3-6 free",
        2: "aground on a sand-bank: 1d6 each turn, 1-3 stuck fast, 4-6 freed (or be towed off)",
        3: "aground on a sand-bank: 1d6 each turn, 1-3 stuck fast, 4-6 freed (or be towed off)",
        4: "no problem",
        5: "no problem",
        6: "no problem",
    }
)

# relative angle of each heading to the wind's source, and its MA (the book's 8 points)
_HEADINGS = np.radians([0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0])
_HEADING_MA = np.array([0, 8, 12, 12, 10, 12, 12, 8], dtype=float)
_HEADINGS.setflags(write=False)
_HEADING_MA.setflags(write=False)


def compass_point(bearing: float) -> str:
    """The nearest of the 8 points to a bearing in degrees.

    >>> compass_point(350), compass_point(100)
    ('N', 'E')
    """
    return COMPASS[int(((bearing % 360) + 22.5) // 45) % 8]


def point_of_sail(heading: float, wind_from: float) -> str:
    """Seed 003's point of sail for a heading and the wind's source, snapped to 8 points.

    A ship heading North runs from a Southerly, reaches from SW, W, SE or E, beats against
    NW or NE and is caught in irons by a Northerly.
    """
    rel = round(abs((wind_from - heading + 180) % 360 - 180) / 45)
    return ("in irons", "beating", "reaching", "reaching", "running")[rel]


def wind_strength(d6: int) -> str:
    """Seed 003 "Wind Strength": 6 fresh, 2-5 fair, 1 light.

    >>> [wind_strength(n) for n in range(1, 7)]
    ['light', 'fair', 'fair', 'fair', 'fair', 'fresh']
    """
    if not 1 <= d6 <= 6:
        raise InvalidValue(f"a d6 shows 1 to 6, not {d6}")
    return "fresh" if d6 == 6 else "light" if d6 == 1 else "fair"


def _strength_ma(base: np.ndarray, strength: str) -> np.ndarray:
    if strength not in STRENGTH_MA:
        raise InvalidValue(f"wind strength is light, fair or fresh, not {strength!r}")
    if strength == "light":  # lose 1d6 down to zero: the mean of max(0, MA - d6)
        return np.mean([np.maximum(0.0, base - d) for d in range(1, 7)], axis=0)
    return np.where(base > 0, base + STRENGTH_MA[strength], 0.0)


def made_good_ma_array(rel: np.ndarray, strength: str = "fair") -> np.ndarray:
    """:func:`made_good_ma` for an array of angles (degrees off the wind's source).

    Read from a table at every tenth of a degree, linearly interpolated.
    """
    rel = np.abs((np.asarray(rel, dtype=float) + 180) % 360 - 180)
    return np.interp(rel, _TABLE_DEG, _polar_table(strength))


def made_good_ma_choice(
    rel: np.ndarray, choice: np.ndarray, strengths: tuple[str, ...] = ("light", "fair", "fresh")
) -> np.ndarray:
    """:func:`made_good_ma_array` for angles each in its own wind: ``strengths[choice[i]]``
    for angle ``rel[i]`` (one table lookup per strength over the whole array)."""
    rel = np.abs((np.asarray(rel, dtype=float) + 180) % 360 - 180)
    return np.choose(choice, [np.interp(rel, _TABLE_DEG, _polar_table(s)) for s in strengths])


_TABLE_DEG = np.linspace(0.0, 180.0, 1801)
_TABLE_DEG.setflags(write=False)


@cache
def _polar_table(strength: str) -> np.ndarray:
    table = _made_good(_TABLE_DEG, strength)
    table.setflags(write=False)
    return table


def _made_good(rel_deg: np.ndarray, strength: str) -> np.ndarray:
    rel = np.radians(rel_deg)
    ma = _strength_ma(_HEADING_MA, strength)
    best = np.zeros(rel.shape)
    # a course is sailed as boards on two of the 8 headings h1, h2 (possibly the same):
    # per unit made good along the course, time = a/ma1 + b/ma2 where a*u1 + b*u2 = course
    for i in range(8):
        for j in range(i, 8):
            if ma[i] <= 0 or ma[j] <= 0:
                continue
            h1, h2 = _HEADINGS[i], _HEADINGS[j]
            det = math.sin(h2 - h1)
            if abs(det) < 1e-9:
                if i != j:
                    continue
                along = np.cos(rel - h1)
                speed = np.where(along > 1 - 1e-9, ma[i], 0.0)
            else:
                a = np.sin(h2 - rel) / det
                b = np.sin(rel - h1) / det
                ok = (a >= -1e-9) & (b >= -1e-9)
                a, b = np.maximum(a, 0), np.maximum(b, 0)
                time = a / ma[i] + b / ma[j]
                # boards on opposite tacks: go about (tack or gybe) after every board
                if 1 <= i <= 3 and 5 <= j <= 7:
                    time = time * TACKING
                speed = np.where(ok & (time > 0), 1 / np.where(time > 0, time, 1), 0.0)
            best = np.maximum(best, speed)
    return best


def made_good_ma(rel: float, strength: str = "fair") -> float:
    """Expected MA made good along a course ``rel`` degrees off the wind's source.

    Reaching (90 or 135 degrees) 12, running (180) 10, beating (45) 8; dead to windward
    it is two boards at 45 degrees with a going about every :data:`BOARD_MA`, so
    ``8 * cos 45 / (1 + 8/96)``.

    >>> round(made_good_ma(0), 2), made_good_ma(90, "fresh")
    (5.22, 15.5)
    """
    return float(made_good_ma_array(np.array([rel]), strength)[0])


@dataclass(frozen=True, slots=True)
class ShipType:
    """A BtQ roster type with its Speed and seed 003 size class."""

    name: str
    speed: int  # BtQ roster Speed
    size: str  # seed 003 class: Small, Middling, Large

    @property
    def deep_draught(self) -> bool:
        """Large ships keep out of shallows and the inshore band (seed 003)."""
        return self.size == "Large"


#: The BtQ roster ("Ship Roster", p. 89): Speed, and our seed 003 size class by rate.
SHIPS = MappingProxyType(
    {
        s.name: s
        for s in (
            ShipType("Cutter", 4, "Small"),
            ShipType("Brig Sloop", 3, "Small"),
            ShipType("Ship Sloop", 3, "Small"),
            ShipType("Sixth Rate", 4, "Small"),
            ShipType("Fifth Rate", 4, "Middling"),
            ShipType("Fourth Rate", 3, "Middling"),
            ShipType("Third Rate", 3, "Large"),
            ShipType("Second Rate", 2, "Large"),
            ShipType("First Rate", 2, "Large"),
        )
    }
)
#: Roster names with deep draught: Third Rate and larger.
DEEP_DRAUGHT = frozenset(n for n, s in SHIPS.items() if s.deep_draught)


def ship_type(name: str) -> ShipType:
    """The roster type for a name such as ``"Third Rate"`` (case-insensitive).

    >>> ship_type("fifth rate").size
    'Middling'
    """
    key = " ".join(name.replace("-", " ").split()).lower()
    for ship in SHIPS.values():
        if ship.name.lower() == key:
            return ship
    import difflib

    close = difflib.get_close_matches(name, list(SHIPS), n=3, cutoff=0.4)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UnknownName(f"unknown ship type {name!r}{hint} (one of: {', '.join(SHIPS)})")


#: Seed 003 "Ship Classes", smallest first, and "Speed"'s ratings, slowest first.
SIZES = ("Small", "Middling", "Large")
RATINGS = ("Slow", "Ordinary", "Fast")
MOVEMENT_FILE = Path(__file__).resolve().parent / "data" / "movement.json"


@dataclass(frozen=True, slots=True)
class MovementTable:
    """Seed 003 "Speed": the distance a unit of MA carries a ship, by Ship Size and Ship
    Speed (inches on the table), with our scale for the map: the BtQ roster Speed that
    rates a ship Slow, Ordinary or Fast, and the knots of one inch a unit reaching in a
    fair wind (MA 12)."""

    inches: MappingProxyType  # (size, rating) -> Fraction
    rating_by_speed: MappingProxyType  # BtQ roster Speed -> rating
    knots_per_inch: float
    source: str

    def knots(self, size: str, rating: str) -> float:
        """Knots reaching in a fair wind for a ship of ``size`` rated ``rating``.

        >>> movement_table().knots("Large", "Fast")
        9.6
        """
        if (size, rating) not in self.inches:
            raise InvalidValue(f"no movement for a {rating} {size} ship (seed 003 'Speed')")
        return round(float(self.inches[size, rating]) * self.knots_per_inch, 6)


@cache
def movement_table() -> MovementTable:
    """Seed 003's movement table from ``maps/data/movement.json``, validated, read once:
    every size and rating a cell, each a positive fraction of an inch."""
    raw = json.loads(MOVEMENT_FILE.read_text(encoding="utf-8"))
    rows = raw["inches_per_ma"]
    if sorted(rows) != sorted(SIZES) or any(sorted(rows[z]) != sorted(RATINGS) for z in SIZES):
        raise DataError(f"{MOVEMENT_FILE}: one row per size {SIZES}, one cell per {RATINGS}")
    inches = {(z, r): Fraction(rows[z][r]) for z in SIZES for r in RATINGS}
    if any(v <= 0 for v in inches.values()):
        raise DataError(f"{MOVEMENT_FILE}: a cell must be a positive distance")
    by_speed = {int(k): v for k, v in raw["rating_by_btq_speed"].items()}
    if not set(by_speed.values()) <= set(RATINGS) or {s.speed for s in SHIPS.values()} - set(
        by_speed
    ):
        raise DataError(f"{MOVEMENT_FILE}: every roster Speed needs a rating of {RATINGS}")
    knots = float(raw["knots_per_inch"])
    if not knots > 0:
        raise DataError(f"{MOVEMENT_FILE}: knots_per_inch must be positive")
    return MovementTable(
        MappingProxyType(inches), MappingProxyType(by_speed), knots, str(raw["source"])
    )


def ship_rating(ship: str | ShipType, coppered: bool = False) -> str:
    """Seed 003's Slow, Ordinary or Fast for a roster type, by her BtQ Speed (2 Slow, 3
    Ordinary, 4 Fast); an Expertly Coppered Hull adds 1 Speed, a Fast ship stays Fast.

    >>> ship_rating("First Rate"), ship_rating("Brig Sloop", coppered=True)
    ('Slow', 'Fast')
    """
    s = ship if isinstance(ship, ShipType) else ship_type(ship)
    by_speed = movement_table().rating_by_speed
    return by_speed[min(s.speed + (1 if coppered else 0), max(by_speed))]


def reach_knots(ship: str | ShipType, coppered: bool = False) -> float:
    """Knots through the water reaching in a fair wind (MA 12): seed 003's movement table
    ("Speed": larger ships cover more distance for the same MA) for her size and rating.

    A First Rate (Large, Slow) 6.4 knots, a Third Rate (Large, Ordinary) 8, a frigate
    (Middling, Fast) 8, a Brig Sloop (Small, Ordinary) 4.8.

    >>> reach_knots("Third Rate"), reach_knots("First Rate"), reach_knots("Brig Sloop")
    (8.0, 6.4, 4.8)
    """
    s = ship if isinstance(ship, ShipType) else ship_type(ship)
    return movement_table().knots(s.size, ship_rating(s, coppered))
