"""Ships of Beat to Quarters: the roster by rate, the ship traits and the named foreign ships."""

from strategy.ships.roster import *  # noqa: F403  (the package's public names)
from strategy.ships.roster import __all__  # noqa: F401
