"""The server's layout: one doorway to the rules and the world, the game apart from the web."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

SERVER = ROOT / "server"
DOORWAY = SERVER / "game" / "rules.py"


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def _top(name: str) -> str:
    return name.split(".")[0]


MODULES = sorted(SERVER.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_only_the_doorway_imports_the_rules_and_the_world(path: Path) -> None:
    found = {name for name in _imports(path) if _top(name) in ("strategy", "maps")}
    if path == DOORWAY:
        assert found, "the doorway imports the rules and the world"
    else:
        assert not found, f"{path.relative_to(ROOT)} goes round server/game/rules.py: {found}"


@pytest.mark.parametrize(
    "path",
    sorted((SERVER / "game").rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_game_knows_no_web(path: Path) -> None:
    """No Flask, no sockets, no storage in the game: the web part calls it, never back."""
    web = {"flask", "flask_socketio", "werkzeug", "sqlalchemy", "alembic", "socketio"}
    found = {name for name in _imports(path) if _top(name) in web or name.startswith("server.web")}
    assert not found, found
