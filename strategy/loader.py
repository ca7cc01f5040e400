"""The one reader of the books' data files (``strategy/data/*.json``).

Every table is read here, checked by its domain's builder with :func:`check`, and kept
frozen with :func:`freeze`; each domain builds its tables once, at import.

>>> load("weather.json")["weather"][0]["name"]
'Becalmed'
>>> freeze({"a": [1, {"b": 2}]})["a"][1]["b"]
2
>>> check(False, "Table F roll 99")
Traceback (most recent call last):
...
strategy.errors.DataError: bad data: Table F roll 99
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any

from strategy.errors import DataError

__all__ = ["check", "data_files", "freeze", "load"]


def data_files() -> list[str]:
    """The names of every data file."""
    root = resources.files("strategy").joinpath("data")
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".json"))


def load(name: str) -> Any:
    """The data file ``name`` of ``strategy/data`` as plain JSON values (a fresh copy)."""
    try:
        text = resources.files("strategy").joinpath("data", name).read_text("utf-8")
    except FileNotFoundError:
        raise DataError(f"no data file {name!r}") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise DataError(f"{name} is not JSON: {exc}") from None


def check(cond: bool, what: str) -> None:
    """Raise :class:`DataError` naming ``what`` unless ``cond``."""
    if not cond:
        raise DataError(f"bad data: {what}")


def freeze(value: Any) -> Any:
    """``value`` made immutable all the way down: mappings read-only, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value
