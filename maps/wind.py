"""Prevailing winds by region and month, from ``maps/data/wind.json`` (sources in docs/data.md).

A wind is the direction it blows *from* (degrees true) and its strength on seed 003's
scale. Regions are boxes tried in order, most particular first (the Aegean before the
Mediterranean, the monsoon before the trades); latitude bands at the end cover the globe.

>>> prevailing_wind(-30.0, 45.0, 1)        # North Atlantic in January
Wind(from_deg=270.0, strength='fresh', region='band-westerlies-north')
>>> prevailing_wind(65.0, 15.0, 7).from_deg, prevailing_wind(65.0, 15.0, 1).from_deg
(225.0, 45.0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from maps.errors import DataError, InvalidValue
from maps.sailing import STRENGTH_MA

__all__ = [
    "STRENGTHS",
    "WIND_FILE",
    "Region",
    "Wind",
    "load_regions",
    "prevailing_wind",
    "wind_arrays",
    "wind_codes",
]

WIND_FILE = Path(__file__).resolve().parent / "data" / "wind.json"
MONTHS = tuple(range(1, 13))


@dataclass(frozen=True, slots=True)
class Wind:
    """A prevailing wind: source bearing in degrees, strength, and the region it came from."""

    from_deg: float
    strength: str
    region: str


@dataclass(frozen=True, slots=True)
class Region:
    """A box (lon0, lat0, lon1, lat1) and its winds by month (absent months fall through)."""

    id: str
    name: str
    bbox: tuple[float, float, float, float]
    winds: tuple[tuple[int, float, str], ...]  # (month, from_deg, strength)

    def wind(self, month: int) -> Wind | None:
        for m, frm, strength in self.winds:
            if m == month:
                return Wind(frm, strength, self.id)
        return None


def _region(raw: dict) -> Region:
    lon0, lat0, lon1, lat1 = (float(v) for v in raw["bbox"])
    if not (-180 <= lon0 < lon1 <= 180 and -90 <= lat0 < lat1 <= 90):
        raise DataError(f"wind region {raw['id']}: bad box {raw['bbox']}")
    rows: list[tuple[int, float, str]] = []
    for w in raw["winds"]:
        if w["strength"] not in STRENGTH_MA or not 0 <= float(w["from"]) < 360:
            raise DataError(f"wind region {raw['id']}: bad wind {w}")
        rows.extend((int(m), float(w["from"]), str(w["strength"])) for m in w["months"])
    months = [r[0] for r in rows]
    if len(set(months)) != len(months) or not set(months) <= set(MONTHS):
        raise DataError(f"wind region {raw['id']}: months repeated or out of 1..12")
    return Region(str(raw["id"]), str(raw["name"]), (lon0, lat0, lon1, lat1), tuple(sorted(rows)))


@cache
def load_regions() -> tuple[Region, ...]:
    """The wind regions, validated: the last ones must cover every point in every month."""
    regions = tuple(_region(r) for r in json.loads(WIND_FILE.read_text())["regions"])
    lats = np.linspace(-90, 90, 721)
    for month in MONTHS:
        covered = np.zeros(lats.shape, dtype=bool)
        for r in regions:
            if r.bbox[0] == -180 and r.bbox[2] == 180 and r.wind(month):
                covered |= (lats >= r.bbox[1]) & (lats <= r.bbox[3])
        if not covered.all():
            raise DataError(f"{WIND_FILE}: the latitude bands leave a gap in month {month}")
    return regions


def _check_month(month: int) -> None:
    if month not in MONTHS:
        raise InvalidValue(f"month is 1 to 12, not {month}")


def prevailing_wind(lon: float, lat: float, month: int) -> Wind:
    """The prevailing wind at a position in a month (1 = January)."""
    _check_month(month)
    for r in load_regions():
        lon0, lat0, lon1, lat1 = r.bbox
        if lon0 <= lon <= lon1 and lat0 <= lat <= lat1:
            w = r.wind(month)
            if w is not None:
                return w
    raise AssertionError("unreachable: the bands cover the globe")  # pragma: no cover


STRENGTHS = ("light", "fair", "fresh")


@cache
def _month_table(month: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boxes (R x 4), source bearings and strength codes of the regions blowing in a month."""
    rows = [
        (r.bbox, w.from_deg, STRENGTHS.index(w.strength))
        for r in load_regions()
        if (w := r.wind(month)) is not None
    ]
    boxes = np.array([b for b, _, _ in rows])
    frm = np.array([f for _, f, _ in rows])
    code = np.array([c for _, _, c in rows])
    for a in (boxes, frm, code):
        a.setflags(write=False)
    return boxes, frm, code


def wind_codes(lons: ArrayLike, lats: ArrayLike, month: int) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised winds: (from_deg array, strength code array: index into STRENGTHS)."""
    _check_month(month)
    lons, lats = np.asarray(lons, dtype=float), np.asarray(lats, dtype=float)
    boxes, frm, code = _month_table(month)
    inside = (
        (lons[..., None] >= boxes[:, 0])
        & (lons[..., None] <= boxes[:, 2])
        & (lats[..., None] >= boxes[:, 1])
        & (lats[..., None] <= boxes[:, 3])
    )
    first = np.argmax(inside, axis=-1)  # the bands guarantee a hit
    return frm[first], code[first]


def wind_arrays(lons: ArrayLike, lats: ArrayLike, month: int) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised winds: (from_deg array, strength array of 'light'/'fair'/'fresh')."""
    frm, code = wind_codes(lons, lats, month)
    return frm, np.array(STRENGTHS, dtype=object)[code]
