"""A ship's Rations (seed 002, 2.7, lines 121-124: "spend 1 from the ship's Rations, lose 1
Morale"). No book sizes the store; the reading (docs/rules-notes.md "Rations"): a Ration
is a week's provisions of her company, her store the months a ship of her rate was
victualled for (``chase.json`` ``rations``), refilled in a friendly port; she spends one
each :data:`RATION_DAYS` days at sea and each the chase's moment of truth pays; a Ration
she has not costs 1 Ship Morale, the seed's own exchange ("Spend 1 Ration OR lose 1
Morale").

>>> store("Fifth Rate"), store("First Rate"), RATION_DAYS
(16, 24, 7)
>>> spend(2, 1), spend(1, 2), spend(0, 1)
((1, 0), (0, 1), (0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping

from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load
from strategy.ships import ROSTER

__all__ = ["RATION_DAYS", "STORE", "spend", "store"]


def _load() -> tuple[int, Mapping[str, int]]:
    raw = load("chase.json")["rations"]
    days, full = raw["days_at_sea"], raw["store"]
    check(isinstance(days, int) and days > 0, "chase.json: rations' days_at_sea")
    check(
        list(full) == list(ROSTER) and all(isinstance(v, int) and v > 0 for v in full.values()),
        "chase.json: a store of Rations for each type of the roster, in its order",
    )
    return days, freeze(full)


RATION_DAYS, STORE = _load()
"""Days at sea a Ration feeds her company; the full store by roster type."""


def store(ship_type: str) -> int:
    """The full store of Rations of a ship of roster type ``ship_type``."""
    if ship_type not in STORE:
        raise InvalidMove(f"ship type {ship_type!r}; valid: {', '.join(STORE)}")
    return STORE[ship_type]


def spend(left: int, rations: int) -> tuple[int, int]:
    """Spend ``rations`` from a store of ``left``: ``(left after, Morale lost)``, a level of
    Ship Morale for each Ration she had not."""
    if left < 0 or rations < 0:
        raise InvalidMove(f"spend {rations} of {left} Rations")
    paid = min(left, rations)
    return left - paid, rations - paid
