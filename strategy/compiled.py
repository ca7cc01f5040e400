"""Which of the rules' modules run compiled, and the guard that keeps them honest.

``setup.py`` may compile the combat engine's hot modules with Cython; it writes
``compiled.json`` beside them with the digest of each source it compiled. The compiled
modules are used only while every one's ``.py`` is still that source: they reach into each
other's C layouts, so when one was edited since (or when ``ADMIRALTY_PURE_PYTHON=1``) all
of them are imported from their sources. An edit always takes effect, and the two builds
can be compared (``tests/test_compiled.py``).

    >>> isinstance(compiled(), list)
    True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["compiled", "guard", "PURE_ENV"]

#: set to "1" to run every module from its source
PURE_ENV = "ADMIRALTY_PURE_PYTHON"
_HERE = Path(__file__).resolve().parent
_PACKAGE = __name__.rpartition(".")[0]


def _source(name: str) -> Path:
    """The ``.py`` of a module of this package."""
    return _HERE / (name.rpartition(".")[2] + ".py")


class _FromSource:
    """A finder that imports the named modules from their ``.py`` files."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def _extensions() -> set[str]:
    """Modules of this package that have a compiled extension beside their source."""
    found = set()
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in _HERE.glob("*" + suffix):
            stem = path.name[: -len(suffix)]
            # ("x.cpython-311-x86_64-linux-gnu.so" also ends in ".so")
            if "." not in stem:
                found.add(f"{_PACKAGE}.{stem}")
    return found


def guard() -> None:
    """Import every compiled module from its source if any is stale, unrecorded or the
    pure build is asked for."""
    built = _extensions()
    if not built:
        return
    manifest = _HERE / "compiled.json"
    digests = json.loads(manifest.read_text()) if manifest.exists() else {}
    fresh = os.environ.get(PURE_ENV) != "1" and all(
        digests.get(name) == hashlib.sha256(_source(name).read_bytes()).hexdigest()
        for name in built
    )
    if not fresh:
        sys.meta_path.insert(0, _FromSource(built))


def compiled() -> list[str]:
    """The modules of this package imported so far from a compiled extension."""
    return sorted(
        name
        for name, mod in list(sys.modules.items())
        if name.startswith(_PACKAGE + ".")
        and isinstance(
            getattr(mod, "__spec__", None) and mod.__spec__.loader,
            importlib.machinery.ExtensionFileLoader,
        )
    )
