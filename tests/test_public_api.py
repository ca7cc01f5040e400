"""The code reaches its dependencies through their public API only: no private module, name
or attribute of another package (a leading underscore) is imported or read, so that an
upgrade within a pinned major cannot break it unseen."""

from __future__ import annotations

import ast

import pytest

from tests.conftest import ROOT

PACKAGES = ("server", "strategy", "maps")
#: underscored names that are their owners' public API
PUBLIC = {
    "_mapping": "SQLAlchemy's Row._mapping (named so to leave room for columns)",
    "_asdict": "a named tuple's documented method",
    "_exit": "os._exit, the standard library's exit without clean-up",
    "_SubParsersAction": "what argparse's add_subparsers returns, as typeshed names it "
    "(annotations only)",
}


def private_uses(source: str) -> list[str]:
    """Each private name of another package ``source`` imports or reads (an attribute of
    anything but ``self`` or ``cls``), as written.

    >>> private_uses("from gevent._hub_local import get_hub_if_exists")
    ['from gevent._hub_local import get_hub_if_exists']
    >>> private_uses("server._send_eio_packet(sid, p)\\nself._turn()\\nrow._mapping")
    ['server._send_eio_packet']
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in PACKAGES:
                continue
            names = [*node.module.split("."), *(alias.name for alias in node.names)]
            if any(_private(name) for name in names):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Import):
            found += [
                f"import {a.name}" for a in node.names if any(map(_private, a.name.split(".")))
            ]
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC


@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_of_a_dependency_is_used(package: str) -> None:
    uses = {
        str(path.relative_to(ROOT)): found
        for path in sorted((ROOT / package).rglob("*.py"))
        if (found := private_uses(path.read_text("utf-8")))
    }
    assert uses == {}


@pytest.mark.parametrize(
    "line",
    [
        "import engineio._private",
        "from socketio import _helpers",
        "manager.server._send_eio_packet(eio_sid, packet)",
    ],
)
def test_the_check_sees_a_private_use(line: str) -> None:
    assert private_uses(line) == [line.split("(")[0]]
