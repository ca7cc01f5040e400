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


def _game_imports(path: Path, top_level: bool) -> set[str]:
    """The server.game modules ``path`` imports at its top (or, not ``top_level``, inside
    its functions and classes)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    imports = (ast.Import, ast.ImportFrom)
    if top_level:
        nodes: list[ast.AST] = list(tree.body)
    else:
        nodes = [n for s in tree.body if not isinstance(s, imports) for n in ast.walk(s)]
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module == "server.game":
            out.update(f"server.game.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("server.game."):
            out.add(str(node.module))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("server.game."))
    return out


def test_sighting_is_a_leaf_the_map_modules_import_at_the_top() -> None:
    """Distances, positions on a route and lookouts live in server/game/sighting.py, which
    imports no game module but the doorway and the state's types; forces, blockades,
    engagements and views import it at their top and import no game module inside a
    function (forces and blockades once imported each other there)."""
    game = SERVER / "game"
    assert _game_imports(game / "sighting.py", True) <= {
        "server.game.rules",
        "server.game.state",
    }
    for name in ("forces", "blockades", "engagements", "views"):
        assert "server.game.sighting" in _game_imports(game / f"{name}.py", True), name
        assert not _game_imports(game / f"{name}.py", False), name
