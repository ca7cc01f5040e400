"""The foundation: the package lints clean, the CLI answers, the server serves."""

from __future__ import annotations

import subprocess
import sys
import threading
import tomllib
from importlib.metadata import version
from typing import Any

import pytest
import requests
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tests.conftest import ROOT, LiveServer


@pytest.mark.parametrize(
    "command", [["check", "."], ["format", "--check", "."]], ids=["check", "format"]
)
def test_ruff_is_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    # settings (the packages, strictness) live in pyproject.toml
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_serve_answers_healthz_and_creates_sqlite_file(live_server: LiveServer) -> None:
    health = requests.get(live_server.url + "/healthz", timeout=5)
    assert health.status_code == 200
    body = health.json()
    assert body["ok"] is True and isinstance(body["version"], str)
    page = requests.get(live_server.url + "/", timeout=5)
    assert page.status_code == 200 and "Admiralty" in page.text
    assert (live_server.tmp / "admiralty.db").exists()


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_every_subcommand_has_help() -> None:
    from server.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert "serve" in sub.choices
    for name in sub.choices:
        result = _cli(name, "--help")
        assert result.returncode == 0, (name, result.stderr)
        assert "usage: admiralty " + name in result.stdout


def test_bad_cli_input_is_one_line_exit_2() -> None:
    result = _cli("serve", "--port", "harbour")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "invalid int value" in result.stderr


def test_an_in_memory_database_is_one_database_for_every_thread() -> None:
    """``sqlite://`` (create_app's example): a campaign made on one thread is read on another."""
    from server.web.app import create_app

    app = create_app({"DATABASE_URL": "sqlite://"})
    made = app.test_client().post("/api/campaigns", json={"seed": 7})
    assert made.status_code == 201, made.json
    auth = {"Authorization": f"Bearer {made.json['token']}"}
    read: list[Any] = []
    path = f"/api/campaigns/{made.json['id']}/log"
    thread = threading.Thread(target=lambda: read.append(app.test_client().get(path, headers=auth)))
    thread.start()
    thread.join()
    assert read[0].status_code == 200, read[0].json
    assert read[0].json["events"][0]["type"] == "campaign_created"


#: the libraries whose insides the server reaches into (delivery.py subclasses python-socketio's
#: managers and builds Engine.IO packets, packets.py is its serializer): a major bound each
REACHED_INTO = ("python-socketio", "python-engineio", "flask-socketio", "simple-websocket")
#: the tools run as tests (above): a new release's rules are taken on purpose
TOOLS = ("ruff", "mypy")


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return [Requirement(r) for r in project["dependencies"] + extras]


def test_what_the_code_reaches_into_is_held_to_its_major_and_the_tools_to_a_release() -> None:
    named = {name: [r for r in _requirements() if r.name == name] for name in REACHED_INTO + TOOLS}
    assert all(named.values()), {n: rs for n, rs in named.items() if not rs}
    for name in REACHED_INTO:
        for r in named[name]:
            lower = Version(next(s.version for s in r.specifier if s.operator == ">="))
            assert r.specifier == SpecifierSet(f">={lower},<{lower.major + 1}"), str(r)
    for name in TOOLS:
        (r,) = named[name]
        assert [s.operator for s in r.specifier] in (["=="], ["~="]), str(r)
        assert len(Version(next(iter(r.specifier)).version).release) == 3, f"{r}: a patch level"
    for name, rs in named.items():  # and the venv is what they say
        assert all(r.specifier.contains(version(name)) for r in rs), (name, version(name))
