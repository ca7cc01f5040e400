"""The world of Admiralty: coasts, ports, stations, shallows and routes under sail.

The package's doorway is :func:`load_world`; the modules, from the ground up:
:mod:`~maps.geo` (distances and courses on the sphere), :mod:`~maps.land`,
:mod:`~maps.places` (ports, stations, shallows, blockade zones), :mod:`~maps.wind`,
:mod:`~maps.sailing` (seed 003's points of sail and speeds), :mod:`~maps.timing`,
:mod:`~maps.lanes` (the sea-lane graph), :mod:`~maps.hazards`, :mod:`~maps.approaches`,
:mod:`~maps.shortcuts`, :mod:`~maps.routing` (the Router), :mod:`~maps.voyage` (what a
route gives back), :mod:`~maps.world` (all of it behind one object) and
:mod:`~maps.layers` (the browser's GeoJSON). Every error they raise is of one family,
:mod:`~maps.errors` (:class:`~maps.errors.MapsError`).

>>> world = load_world()
>>> world is load_world()
True
"""

from __future__ import annotations

import threading
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from maps.world import World

__all__ = ["load_world"]

_building = threading.Lock()  # two threads building at once would share GEOS state mid-build


def load_world(warm: bool = True) -> World:
    """The world, built on the first call and shared afterwards, and unless ``warm`` is
    False warmed for a Third Rate in June (the default of
    :meth:`~maps.world.World.route`; once). Safe to call from threads: the first caller
    builds it, the others wait for it."""
    with _building:
        world = _world()
        if warm:
            world.warm()
        return world


@cache
def _world() -> World:
    from maps.world import World

    return World()
