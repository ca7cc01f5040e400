"""The world of Admiralty: coasts, ports, stations, shallows and routes under sail.

>>> world = load_world()
>>> world is load_world()
True
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from maps.world import World

__all__ = ["load_world"]

_built: list[World] = []
_building = threading.Lock()  # two threads building at once would share GEOS state mid-build


def load_world() -> World:
    """The world, built on the first call and shared afterwards (warmed for a Third Rate
    in June, the default of :meth:`~maps.world.World.route`). Safe to call from threads:
    the first caller builds it, the others wait for it."""
    if not _built:
        with _building:
            if not _built:
                from maps.world import World

                world = World()
                world.warm()
                _built.append(world)
    return _built[0]
