"""The peer of a benchmark: the same measurement run, in the same run, on the code from
before issue 29 (commit :data:`BASE`), so that every figure is printed beside one measured
now on this machine, never beside a figure recorded once.

:func:`peer_figures` unpacks that commit (``git archive``) into a temporary folder, copies
the calling script and this file into its ``benchmarks/``, and runs the script there in a
subprocess with ``--figures-json`` (its figures as one JSON line, nothing printed besides),
the old tree first on ``PYTHONPATH``: the script's own measurement over the old code.
``--no-peer`` on a script skips it.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["BASE", "FIGURES_FLAG", "base_tree", "emit", "peer_figures"]

ROOT = Path(__file__).resolve().parent.parent
BASE = "7121207"  # main before issue 29's work
FIGURES_FLAG = "--figures-json"


@cache
def base_tree(commit: str = BASE) -> Path:
    """The tree of ``commit`` unpacked into a temporary folder (removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix=f"admiralty-{commit}-"))
    atexit.register(shutil.rmtree, folder, True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def peer_figures(script: str, argv: list[str], commit: str = BASE) -> dict[str, Any]:
    """``script`` (a file of benchmarks/) run with ``argv`` over the code of ``commit``:
    the figures it printed with :data:`FIGURES_FLAG`."""
    tree = base_tree(commit)
    for path in (Path(script), Path(__file__)):
        shutil.copy(path, tree / "benchmarks" / Path(path).name)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, str(tree / "benchmarks" / Path(script).name), *argv, FIGURES_FLAG],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the peer at {commit} failed:\n{done.stderr[-4000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def emit(figures: dict[str, Any]) -> None:
    """Print a peer's figures as the one JSON line :func:`peer_figures` reads."""
    print(json.dumps(figures))
