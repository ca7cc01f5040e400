"""The layout of the tests themselves: fixtures live only in ``tests/conftest.py``.

One place for fixtures means one namespace: no two fixtures share a name, and no test module
imports another's fixtures (issue 11, "fixtures only in conftest.py").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _is_fixture(decorator: ast.expr) -> bool:
    """``@pytest.fixture``, ``@pytest.fixture(...)``, ``@fixture`` or ``@fixture(...)``."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute):
        return target.attr == "fixture"
    return isinstance(target, ast.Name) and target.id == "fixture"


def fixtures_in(source: str) -> list[str]:
    """The names of the functions in ``source`` decorated as pytest fixtures.

    >>> fixtures_in("@pytest.fixture(scope='module')\\ndef a(): pass\\ndef b(): pass")
    ['a']
    """
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(_is_fixture(d) for d in node.decorator_list)
    ]


def stray_fixtures(folder: Path) -> dict[str, list[str]]:
    """Every ``*.py`` in ``folder`` but conftest.py that defines fixtures: file -> names."""
    found = {}
    for path in sorted(folder.glob("*.py")):
        if path.name != "conftest.py" and (names := fixtures_in(path.read_text("utf-8"))):
            found[path.name] = names
    return found


def test_fixtures_are_defined_only_in_conftest() -> None:
    stray = stray_fixtures(TESTS)
    assert not stray, f"move these fixtures into tests/conftest.py: {stray}"


def test_conftest_defines_its_fixtures() -> None:
    names = fixtures_in((TESTS / "conftest.py").read_text("utf-8"))
    assert len(names) == len(set(names)) and {"live_server", "browser_server"} <= set(names)


@pytest.mark.parametrize(
    "source",
    [
        "import pytest\n@pytest.fixture\ndef a(): pass\n",
        "import pytest\n@pytest.fixture(scope='module')\ndef a(): yield\n",
        "from pytest import fixture\n@fixture\nasync def a(): pass\n",
        "from pytest import fixture\nclass T:\n    @fixture(autouse=True)\n    def a(self): pass\n",
    ],
)
def test_the_check_sees_every_way_of_writing_a_fixture(tmp_path: Path, source: str) -> None:
    (tmp_path / "conftest.py").write_text(source, "utf-8")
    (tmp_path / "test_x.py").write_text(source, "utf-8")
    assert stray_fixtures(tmp_path) == {"test_x.py": ["a"]}
