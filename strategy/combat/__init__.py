"""Ship-to-ship combat (BtQ, "Ship to Ship Combat")."""

from strategy.combat.battle import *  # noqa: F403  (the package's public names)
from strategy.combat.battle import __all__  # noqa: F401
