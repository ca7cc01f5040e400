"""The "Sail Ho!" prize table (seed 002, 2.2): what ship a cruise meets, her cargo and her
colours, read from two ten-sided dice (``strategy/data/sail_ho.json``).

The Black die gives the cargo, the Red die the ship (with its BtQ roster type), their
difference her nationality; a difference of 0 is a false flag.

>>> s = sail_ho(random.Random(0), black=3, red=5)
>>> s.cargo, s.ship_type, s.btq_type, s.nationality
('Ginger / Cacao', 'Fluyt', 'Ship Sloop', 'French')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load
from strategy.ships import ship_type

__all__ = ["SailHo", "sail_ho"]


@dataclass(frozen=True)
class SailHo:
    """An encountered ship from the "Sail Ho!" table (seed 002, 2.2).

    ``black``/``red`` are the dice (1..10, a 10 reads as the table's 0); ``cargo_value``
    is the black die; ``nationality`` is the ship's true nation and ``flag`` the colours
    it shows (they differ only under a false flag).
    """

    black: int
    red: int
    cargo: str
    cargo_value: int
    ship_type: str
    scale: str
    btq_type: str
    nationality: str
    flag: str
    false_flag: bool

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON, one key per field."""
        return asdict(self)


def _load_sail_ho() -> Mapping[str, Any]:
    """``sail_ho.json``: rows 0..9 of each column, every ship a roster type, checked."""
    raw = load("sail_ho.json")
    keys = {str(i) for i in range(10)}
    for column in ("cargo", "ship", "nationality"):
        check(set(raw[column]) == keys, f"sail_ho.json: {column} needs rows 0..9")
    for row in raw["ship"].values():
        ship_type(row["btq_type"])  # every ship a roster type, or the import fails here
    check(raw["nationality"]["0"] is None, "sail_ho.json: nationality row 0 is the false flag")
    return freeze({k: v for k, v in raw.items() if k != "source"})


_SAIL_HO = _load_sail_ho()


def _nation_roll(rng: random.Random) -> str | None:
    return _SAIL_HO["nationality"][str(abs(rng.randint(1, 10) - rng.randint(1, 10)))]


def sail_ho(rng: random.Random, black: int | None = None, red: int | None = None) -> SailHo:
    """Roll (or take) the Black and Red dice and read the Sail Ho! table.

    A difference of 0 is a false flag: the true nation is rolled again in secret (two
    fresh dice, again until not 0), and the colours shown are rolled the same way until
    they differ from the truth.

    >>> s = sail_ho(random.Random(0), black=9, red=9)
    >>> s.cargo, s.ship_type, s.btq_type, s.false_flag
    ('Bar silver / situado', 'Frigate', 'Fifth Rate', True)
    """
    for die in (black, red):
        if die is not None and not 1 <= die <= 10:
            raise InvalidMove(f"a die reads 1..10 (10 is the table's 0), got {die}")
    b = rng.randint(1, 10) if black is None else black
    r = rng.randint(1, 10) if red is None else red
    row_b, row_r = str(b % 10), str(r % 10)
    ship_row = _SAIL_HO["ship"][row_r]
    nation = _SAIL_HO["nationality"][str(abs(b - r))]
    false_flag = nation is None
    flag = nation
    if false_flag:
        nation = _nation_roll(rng)
        while nation is None:
            nation = _nation_roll(rng)
        flag = _nation_roll(rng)
        while flag is None or flag == nation:
            flag = _nation_roll(rng)
    return SailHo(
        black=b,
        red=r,
        cargo=_SAIL_HO["cargo"][row_b],
        cargo_value=b,
        ship_type=ship_row["name"],
        scale=ship_row["scale"],
        btq_type=ship_row["btq_type"],
        nationality=str(nation),
        flag=str(flag),
        false_flag=false_flag,
    )
