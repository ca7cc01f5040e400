"""The chase that opens a fight (seed 002's engagement tracker) and Sail Ho!."""

from strategy.chase.pursuit import *  # noqa: F403  (the package's public names)
from strategy.chase.pursuit import __all__  # noqa: F401
