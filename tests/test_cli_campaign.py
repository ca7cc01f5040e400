"""``admiralty campaign``: prints a summer readably or as JSON; bad input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "campaign", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_roll_prints_deployment_and_outcome() -> None:
    result = _cli("--roll", "35", "--seed", "3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Table F roll 35" in out
    for text in (
        "West Indies",
        "Fiddler's Green",
        "Fleet Action",
        "Battle results",
        "Personal outcomes",
        "Investment: 12 ships sent",
    ):
        assert text in out


def test_json_report_is_the_seeded_summer() -> None:
    a = _cli("--pm", "2", "--fsl", "4", "--seed", "9", "--json")
    assert a.returncode == 0, a.stderr
    report = json.loads(a.stdout)
    assert report["roll"] == 24 and report["seed"] == 9
    assert report["commitment"]["prime_minister"] == {"seat": "player", "digit": 2}
    assert json.loads(_cli("--pm", "2", "--fsl", "4", "--seed", "9", "--json").stdout) == report


def test_npc_digits_are_rolled_and_preset_applies() -> None:
    result = _cli("--seed", "5", "--json")
    report = json.loads(result.stdout)
    assert report["commitment"]["first_sea_lord"]["seat"] == "npc"
    ship = report["deployment"][0]["ship"]
    preset = json.loads(_cli("--seed", "5", "--json", "--preset", f"{ship}=1").stdout)
    assert preset["ships"][ship] == {**preset["ships"][ship], "battle_result": 1, "preset": True}


@pytest.mark.parametrize(
    "args,message",
    [
        (("--roll", "77"), "no Force Organisation roll 77"),
        (("--roll", "35", "--pm", "3"), "either --roll or --pm/--fsl"),
        (("--pm", "9"), "number must be a digit 1..7"),
        (("--fsl", "0"), "deployment must be a digit 1..6"),
        (("--roll", "11", "--preset", "RO=2"), "not deployed"),
        (("--roll", "11", "--preset", "FE"), "SHIP=BR"),
        (("--roll", "harbour"), "invalid int value"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    result = _cli(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert message in result.stderr


def test_help() -> None:
    result = _cli("--help")
    assert result.returncode == 0 and "usage: admiralty campaign" in result.stdout
    assert "--roll" in result.stdout and "--fsl" in result.stdout
