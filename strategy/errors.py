"""The rules' one family of exceptions.

Every error the rules raise is a :class:`RulesError`, and also the built-in exception its
callers caught before the family existed: a bad argument or value is a ``ValueError``, an
unknown code or name looked up in a table a ``KeyError``, a deck or a script of cards or
dice that ran out an ``IndexError``.

>>> issubclass(UnknownName, KeyError), issubclass(InvalidMove, ValueError)
(True, True)
>>> str(UnknownName("no ship with code 'ZZ'"))
"no ship with code 'ZZ'"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

__all__ = [
    "DataError",
    "InvalidMove",
    "OutOfCards",
    "RulesError",
    "UnknownName",
    "looked_up",
]

_K = TypeVar("_K")
_V = TypeVar("_V")


class RulesError(Exception):
    """Anything the rules refuse."""


class InvalidMove(RulesError, ValueError):
    """A value the rules do not allow here: a card that is no card, a pool out of range,
    an order no captain may give."""


class UnknownName(RulesError, KeyError):
    """A code or name that no table of the books has."""

    def __str__(self) -> str:
        # KeyError's str() is the repr of its argument; the message reads better plain
        return str(self.args[0]) if self.args else ""


class OutOfCards(RulesError, IndexError):
    """A deck, a stacked deck or a script of dice used up."""


class DataError(RulesError, ValueError):
    """A data file of ``strategy/data`` that breaks its book's shape."""


def looked_up(table: Mapping[_K, _V], key: _K, missing: str) -> _V:
    """``table[key]``, or :class:`UnknownName` saying ``missing`` when the table has none.

    >>> looked_up({"FG": 1}, "ZZ", "no ship with code 'ZZ'")
    Traceback (most recent call last):
    strategy.errors.UnknownName: no ship with code 'ZZ'
    """
    try:
        return table[key]
    except KeyError:
        raise UnknownName(missing) from None
