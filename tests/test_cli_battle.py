"""``admiralty battle`` and ``admiralty odds`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_battle_prints_a_round_by_round_log() -> None:
    r = _cli(
        "battle", "--a", "Fifth Rate", "--b", "Brig Sloop", "--weather", "Good Wind", "--seed", "3"
    )
    assert r.returncode == 0, r.stderr
    assert "Weather: Good Wind" in r.stdout and "Round 1" in r.stdout
    assert "positioning test" in r.stdout and r.stdout.splitlines()[-1].startswith("Outcome:")


def test_battle_in_a_squall_says_so_and_takes_a_card_off_every_test() -> None:
    """BtQ, Matters Nautical: a Squall's -1 "applied to any test in that weather"."""
    args = ("battle", "--a", "Fifth Rate", "--b", "Brig Sloop", "--seed", "3")
    r = _cli(*args, "--precipitation", "Squall")
    assert r.returncode == 0, r.stderr
    assert "Weather: Steady Breeze, Squall (every test -1)" in r.stdout
    data = json.loads(_cli(*args, "--precipitation", "Squall", "--json").stdout)
    tests = [e for e in data["events"] if e["type"] == "test" and "sides" in e]
    assert tests and all(e["weather"] == -1 for e in tests)
    r = _cli("odds", "--a", "Cutter", "--b", "Cutter", "-n", "20", "--precipitation", "Fog")
    assert r.returncode == 0, r.stderr


def test_battle_json_is_events_and_outcome_and_repeats_by_seed() -> None:
    args = (
        "battle",
        "--a",
        "Fifth Rate",
        "--b",
        "Cutter",
        "--b",
        "Cutter",
        "--seed",
        "9",
        "--json",
    )
    r = _cli(*args)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["outcome"]["how"] in ("a_wins", "b_wins", "escaped", "disengaged")
    assert data["events"][0]["type"] == "conditions"
    assert _cli(*args).stdout == r.stdout


def test_odds_prints_the_rates() -> None:
    r = _cli("odds", "--a", "Fifth Rate", "--b", "Brig Sloop", "-n", "100", "--seed", "1")
    assert r.returncode == 0, r.stderr
    for label in ("A wins", "B wins", "escaped", "disengaged", "95% CI"):
        assert label in r.stdout
    r = _cli("odds", "--a", "Fifth Rate", "--b", "Brig Sloop", "-n", "50", "--json")
    data = json.loads(r.stdout)
    assert abs(data["a_wins"] + data["b_wins"] + data["escaped"] + data["disengaged"] - 1) < 1e-9


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("battle", "--a", "Sixty Rate", "--b", "Cutter"), "unknown ship"),
        (("battle", "--a", "Cutter", "--b", "Cutter", "--weather", "Drizzle"), "unknown weather"),
        (
            ("battle", "--a", "Cutter", "--b", "Cutter", "--precipitation", "Drizzle"),
            "unknown precipitation",
        ),
        (("battle", "--a", "Cutter", "--b", "Cutter", "--policy-a", "coward"), "unknown policy"),
        (("battle", "--a", "Cutter", "--b", "Cutter", "--distance", "9"), "distance"),
        (("odds", "--a", "Cutter", "--b", "Cutter", "-n", "0"), "positive"),
        (("odds", "--a", "Cutter", "--b", "Cutter", "-n", "many"), "invalid int"),
        (("battle", "--b", "Cutter"), "required"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], words: str) -> None:
    r = _cli(*args)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert words in r.stderr
