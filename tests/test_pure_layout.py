"""The rules and the world stand alone: ``strategy`` and ``maps`` import neither ``server``
nor each other (docs/architecture.md), read in their code and seen when they are imported."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

#: each pure package and the packages it must never import
FORBIDDEN = {"strategy": {"server", "maps"}, "maps": {"server", "strategy"}}


def imported(source: str) -> set[str]:
    """Every absolute module name ``source`` imports, at any depth of its code, by an import
    statement or by ``importlib.import_module``/``__import__`` with a literal name.

    >>> sorted(imported("import a.b\\ndef f():\\n    from c import d\\n    from . import e"))
    ['a.b', 'c', 'c.d']
    >>> sorted(imported("import importlib\\nimportlib.import_module('server.web')"))
    ['importlib', 'server.web']
    """
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id == "__import__")
            )
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)
    return out


def crossings(root: Path, package: str) -> dict[str, set[str]]:
    """The modules of ``root/package`` that import a package forbidden to it: file -> names."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        bad = {
            name
            for name in imported(path.read_text("utf-8"))
            if name.split(".")[0] in FORBIDDEN[package]
        }
        if bad:
            found[str(path.relative_to(root))] = bad
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_module_of_a_pure_package_imports_the_server_or_the_other(package: str) -> None:
    assert crossings(ROOT, package) == {}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_importing_every_module_of_a_pure_package_loads_neither(package: str) -> None:
    """Imported in a fresh interpreter, the package's modules bring in nothing forbidden
    (a name built at run time, which the reading above cannot see, included)."""
    script = (
        "import importlib, json, pkgutil, sys\n"
        f"p = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(p.__path__, p.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.splitlines()[-1])
    assert any(name.startswith(package + ".") for name in loaded)
    assert not [name for name in loaded if name.split(".")[0] in FORBIDDEN[package]]


@pytest.mark.parametrize(
    ("package", "line"),
    [
        ("strategy", "from server.game import rules\n"),
        ("strategy", "def f():\n    import maps.geo\n"),
        ("maps", "from strategy.errors import RulesError\n"),
        ("maps", "import importlib\nweb = importlib.import_module('server.web')\n"),
    ],
)
def test_the_check_sees_a_crossing(tmp_path: Path, package: str, line: str) -> None:
    (tmp_path / package / "sub").mkdir(parents=True)
    (tmp_path / package / "sub" / "x.py").write_text(line, "utf-8")
    (tmp_path / package / "y.py").write_text("from . import sub\nimport json\n", "utf-8")
    assert list(crossings(tmp_path, package)) == [f"{package}/sub/x.py"]
