"""Every module of the rules and the world runs its docstring examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import maps
import strategy


def _modules() -> list[str]:
    names = []
    for package in (strategy, maps):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, name
