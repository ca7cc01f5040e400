"""The compiled combat engine is the pure Python one, only faster (setup.py, strategy.compiled).

``scripts/test`` installs the project, which compiles the hot modules with Cython; these
tests hold the build to that (every module setup.py lists is imported compiled), hold the
pure sources to the same golden battles, and check the guard that runs every module from
its source once any was edited after the build.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import strategy.combat  # noqa: F401  (imports every compiled module)
from strategy.compiled import PURE_ENV, compiled

ROOT = Path(__file__).resolve().parent.parent


def _listed() -> list[str]:
    """The modules setup.py compiles."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "COMPILED":
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no COMPILED list")


def _python(code: str, env: dict[str, str], cwd: Path = ROOT) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_listed_module_runs_compiled() -> None:
    assert sorted(_listed()) == compiled()


def test_pure_sources_play_the_golden_battles() -> None:
    env = {**os.environ, PURE_ENV: "1"}
    out = _python("import strategy.combat, strategy.compiled as c; print(c.compiled())", env)
    assert out.strip() == "[]"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_combat_golden.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout


def test_one_edited_source_sends_every_module_to_its_source(tmp_path: Path) -> None:
    copy = tmp_path / "strategy"
    shutil.copytree(ROOT / "strategy", copy, ignore=shutil.ignore_patterns("__pycache__"))
    with (copy / "combat_data.py").open("a") as f:
        f.write("\nEDITED = True\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop(PURE_ENV, None)
    out = _python(
        "import strategy.combat, strategy.combat_data as d, strategy.compiled as c;"
        "print(d.EDITED, d.__file__); print(c.compiled())",
        env,
        cwd=tmp_path,
    )
    first, second = out.splitlines()
    assert first == f"True {copy / 'combat_data.py'}"
    assert second == "[]"
    # and the untouched copy runs compiled
    (copy / "combat_data.py").write_bytes((ROOT / "strategy" / "combat_data.py").read_bytes())
    out = _python(
        "import strategy.combat, strategy.compiled as c; print(c.compiled())", env, cwd=tmp_path
    )
    assert out.strip() == str(compiled())
