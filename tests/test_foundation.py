"""The foundation: the package lints clean, the CLI answers, the server serves."""

from __future__ import annotations

import subprocess
import sys

import pytest
import requests

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
