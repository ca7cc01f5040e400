"""The summer campaign of Briny En Garde!."""

from strategy.campaign.season import *  # noqa: F403  (the package's public names)
from strategy.campaign.season import __all__  # noqa: F401
