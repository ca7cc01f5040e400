"""The world's one family of exceptions.

Every error :mod:`maps` raises is a :class:`MapsError`, and also the built-in exception its
callers caught before the family existed: a name no table of the world has (a port, a
station, a ship type, a layer) is a ``KeyError``; a value the world does not take (a month,
a position off the chart or on land, a passage no ship can make, a data file out of shape)
a ``ValueError``. A caller tells the families apart from its own bugs by catching
:class:`MapsError`, never a bare ``KeyError`` or ``ValueError``.

>>> issubclass(UnknownPlace, KeyError), issubclass(OnLand, ValueError)
(True, True)
>>> str(UnknownPlace("unknown port 'atlantis'"))
"unknown port 'atlantis'"
"""

from __future__ import annotations

__all__ = [
    "DataError",
    "InvalidValue",
    "MapsError",
    "NoPassage",
    "OffChart",
    "OnLand",
    "UnknownName",
    "UnknownPlace",
]


class MapsError(Exception):
    """Anything the world refuses."""


class UnknownName(MapsError, KeyError):
    """A name that no table of the world has: a ship type, a layer."""

    def __str__(self) -> str:
        # KeyError's str() is the repr of its argument; the message reads better plain
        return str(self.args[0]) if self.args else ""


class UnknownPlace(UnknownName):
    """A port or a station the world does not know (the message names close matches)."""


class InvalidValue(MapsError, ValueError):
    """A value the world does not take: a month, a die, a wind strength, a voyage's stops
    or stays."""


class OffChart(InvalidValue):
    """A place that is none: not a port id or a longitude and latitude on the chart."""


class OnLand(OffChart):
    """A position on land, where no ship sails from or to."""


class NoPassage(MapsError, ValueError):
    """No passage by sea between two places for this ship (or a place not connected to
    the open sea)."""


class DataError(MapsError, ValueError):
    """A data file of ``maps/data`` (or a graph being built) that breaks its shape: the
    world's fault, never the caller's."""
