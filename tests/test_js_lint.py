"""The browser client and the tests' node client lint clean: ESLint (pinned in package.json,
installed by scripts/test with ``npm ci``) over static/js and tests/js with the repository's
eslint.config.js."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.conftest import ROOT

ESLINT = ROOT / "node_modules" / ".bin" / "eslint"


def eslint(*args: str, stdin: str | None = None) -> list[str]:
    """ESLint run at the repository's root: each problem it reports, ``file:line: message``."""
    if not ESLINT.exists():
        pytest.fail("ESLint is not installed: `npm ci` at the repository's root (scripts/test)")
    result = subprocess.run(
        [str(ESLINT), "--format", "json", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout, result.stderr
    report: list[dict[str, Any]] = json.loads(result.stdout)
    return [
        f"{f['filePath'].removeprefix(str(ROOT) + '/')}:{m.get('line')}: {m['message']}"
        for f in report
        for m in f["messages"]
    ]


def test_the_browser_client_lints_clean() -> None:
    assert eslint("static/js") == []


def test_the_node_client_of_the_tests_lints_clean() -> None:
    """tests/js (tests/test_js_client.py's Socket.IO client) as node modules: clean, and an
    unknown name in it is found."""
    assert eslint("tests/js") == []
    found = eslint(
        "--stdin", "--stdin-filename", "tests/js/probe.mjs", stdin="export const x = y;\n"
    )
    assert [p.split(": ", 1)[1] for p in found] == ["'y' is not defined."], found


def test_the_linter_reads_static_js_as_browser_modules() -> None:
    """A module of static/js with a browser global, an import and an export is clean; an
    unknown name, an unused variable and an unused import are each found."""
    clean = (
        'import { el } from "./util.js";\n'
        "export const node = () => el(document.title, window.location.href);\n"
    )
    assert eslint("--stdin", "--stdin-filename", "static/js/probe.js", stdin=clean) == []
    bad = 'import { el } from "./util.js";\nexport function f() {\n  const x = 1;\n  return y;\n}\n'
    found = eslint("--stdin", "--stdin-filename", "static/js/probe.js", stdin=bad)
    assert [p.split(": ", 1)[1] for p in found] == [
        "'el' is defined but never used.",
        "'x' is assigned a value but never used.",
        "'y' is not defined.",
    ], found
