"""Every module of the rules, the world and the server runs its docstring examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import maps
import server
import strategy

#: Alembic's scripts: run by Alembic inside a migration, not modules to import
ALEMBIC_SCRIPTS = "server.migrations."


def _modules() -> list[str]:
    names = []
    for package in (strategy, maps, server):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.startswith(ALEMBIC_SCRIPTS):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, name
