"""The world of Admiralty: coasts, ports, stations, shallows and routes under sail.

>>> world = load_world()
>>> world is load_world()
True
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from maps.world import World

__all__ = ["load_world"]


@cache
def load_world() -> World:
    """The world, built on the first call and shared afterwards (warmed for a Third Rate
    in June, the default of :meth:`~maps.world.World.route`)."""
    from maps.world import World

    world = World()
    world.warm()
    return world
