"""Ships of Beat to Quarters (seed 000, "Heart of Oak", "Customising Ships", "Friends and
Foes"): the roster by rate, the ship traits and the named ships.

Everything lives in :mod:`strategy.ships.roster`; this package is its public face.

>>> ship_type("Frigate").name, ship("Fifth Rate", ["Heart of Oak"]).boxes["hull"]
('Fifth Rate', (5, 5, 5))
"""

from strategy.ships.roster import (
    AREAS,
    DEFAULT_WILY_SKILL,
    NAMED_SHIPS,
    ROSTER,
    STATES,
    TRAITS,
    Boxes,
    NamedShip,
    ShipSpec,
    ShipType,
    Trait,
    named_ship,
    ship,
    ship_trait,
    ship_type,
)

__all__ = [
    "AREAS",
    "DEFAULT_WILY_SKILL",
    "NAMED_SHIPS",
    "ROSTER",
    "STATES",
    "TRAITS",
    "Boxes",
    "NamedShip",
    "ShipSpec",
    "ShipType",
    "Trait",
    "named_ship",
    "ship",
    "ship_trait",
    "ship_type",
]
