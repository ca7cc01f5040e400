"""``admiralty new`` against a live ``admiralty serve``: the GM's link and one line a seat,
every link absolute and opening its seat; the clock sent as given; the operator's token;
bad input exits 2 with one line and no traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
import requests

from tests.conftest import ROOT, LiveServer, free_port

WAIT = 30.0  # seconds a live answer may take (not a speed target)
SEATS = "admiral:White,admiral:red,captain:RO=Jack Aubrey,prime-minister,first-sea-lord,observer"


def _new(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != "ADMIRALTY_ADMIN_TOKEN"}
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "new", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**base, **(env or {})},
    )


def _seat_of(url: str, link: str) -> dict[str, Any]:
    token = link.split("?token=", 1)[1]
    r = requests.get(f"{url}/api/seat", headers={"Authorization": f"Bearer {token}"}, timeout=WAIT)
    assert r.status_code == 200, r.text
    return r.json()


def _log(url: str, campaign: str, gm_link: str) -> dict[str, Any]:
    token = gm_link.split("?token=", 1)[1]
    r = requests.get(
        f"{url}/api/campaigns/{campaign}/log",
        headers={"Authorization": f"Bearer {token}"},
        timeout=WAIT,
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_new_prints_the_gm_link_and_one_line_a_seat(live_server) -> None:
    url = live_server.url
    done = _new(
        "--url", url, "--name", "Channel 1805", "--year", "1806", "--seed", "9",
        "--turn-days", "2", "--turn-seconds", "600", "--round-seconds", "120",
        "--seats", SEATS,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    head = re.fullmatch(r"campaign Channel 1805 \(([0-9a-f]{10})\)", lines[0])
    assert head, lines[0]
    campaign = head.group(1)
    link = re.escape(url) + rf"/play/{campaign}\?token=[A-Za-z0-9_-]{{32}}"
    labels = [
        "gm",
        "admiral White",
        "admiral Red",
        "captain RO (Jack Aubrey)",
        "prime-minister",
        "first-sea-lord",
        "observer",
    ]
    assert len(lines) == 1 + len(labels)
    for label, line in zip(labels, lines[1:], strict=True):
        assert re.fullmatch(re.escape(label) + ": " + link, line), line
    gm_link = lines[1].split(": ", 1)[1]
    seats = [_seat_of(url, line.split(": ", 1)[1]) for line in lines[1:]]
    assert [s["role"] for s in seats] == [
        "gm", "admiral", "admiral", "captain", "prime-minister", "first-sea-lord", "observer",
    ]  # fmt: skip
    assert {s["campaign"] for s in seats} == {campaign}
    assert seats[3]["name"] == "Jack Aubrey"
    log = _log(url, campaign, gm_link)
    assert log["campaign"]["name"] == "Channel 1805" and log["campaign"]["year"] == 1806
    assert log["campaign"]["seed"] == 9
    first = log["events"][0]["data"]
    assert first["clock"] == {"turn_days": 2, "turn_seconds": 600, "round_seconds": 120}
    made = [e["data"]["seat"] for e in log["events"] if e["type"] == "seat_created"]
    assert [(s["role"], s["squadron"], s["ship"]) for s in made] == [
        ("admiral", "White", None),
        ("admiral", "Red", None),
        ("captain", None, "RO"),
        ("prime-minister", None, None),
        ("first-sea-lord", None, None),
        ("observer", None, None),
    ]


def test_new_json_and_a_server_behind_its_operators_token(tmp_path) -> None:
    secret = "op-" + "q" * 40
    server = LiveServer(
        tmp_path, "--base-url", "https://admiralty.example.org/", "--admin-token", secret
    ).start()
    try:
        args = ("--url", server.url, "--name", "Closed", "--seats", "observer", "--json")
        refused = _new(*args)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.startswith("admiralty new: error: the server refused (403): ")
        assert refused.stderr.count("\n") == 1
        wrong = _new(*args, "--admin-token", "nope")
        assert wrong.returncode == 2 and "(403)" in wrong.stderr
        for done in (_new(*args, "--admin-token", secret),
                     _new(*args, env={"ADMIRALTY_ADMIN_TOKEN": secret})):  # fmt: skip
            assert done.returncode == 0, done.stderr
            out = json.loads(done.stdout)
            assert set(out) == {"campaign", "name", "gm", "seats"} and out["name"] == "Closed"
            assert out["gm"].startswith(f"https://admiralty.example.org/play/{out['campaign']}?")
            [seat] = out["seats"]
            assert seat["role"] == "observer" and seat["seat"].startswith("s-")
            assert seat["link"].startswith("https://admiralty.example.org/play/")
            local = seat["link"].replace("https://admiralty.example.org", server.url)
            assert _seat_of(server.url, local)["seat"] == seat["seat"]
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()


def _one_line_refusal(done: subprocess.CompletedProcess, words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("admiralty new: error: ")
    assert words in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    "args, words",
    [
        (["--seats", "king"], "--seats: 'king' is not a role: prime-minister, "),
        (["--seats", "admiral"], "--seats: an admiral needs a squadron, admiral:White|Red|"),
        (["--seats", "admiral:Green"], "--seats: an admiral needs a squadron"),
        (["--seats", "captain"], "--seats: a captain needs a ship, e.g. captain:RO"),
        (["--seats", "observer:RO"], "--seats: observer takes no squadron or ship ('observer:RO')"),
        (["--seats", "gm"], "--seats: 'gm' is not a role"),
        (["--url", "ftp://host"], "--url must start with http:// or https://"),
        (["--turn-days", "two"], "argument --turn-days: invalid int value: 'two'"),
    ],
)
def test_bad_input_is_refused_before_anything_is_sent(args, words) -> None:
    # a port nothing listens on: had anything been sent, the refusal would be another
    _one_line_refusal(_new("--url", f"http://127.0.0.1:{free_port()}", "--name", "B", *args), words)


def test_a_field_the_server_refuses_is_its_one_line(live_server) -> None:
    for args, words in (
        (["--turn-days", "31"], "the server refused (400): 'turn_days' must be from 1 to 30, "),
        (["--turn-seconds", "5"], "the server refused (400): 'turn_seconds' must be from 10 "),
        (["--round-seconds", "0"], "the server refused (400): 'round_seconds' must be from 10 "),
        (["--year", "1700"], "the server refused (400): 'year' must be from 1793 to 1815"),
        (["--name", ""], "the server refused (400): 'name' must be a non-empty string"),
    ):
        _one_line_refusal(_new("--url", live_server.url, "--name", "Bad", *args), words)


def test_a_seat_the_server_refuses_stops_with_the_gm_link_printed(live_server) -> None:
    done = _new("--url", live_server.url, "--name", "Half", "--seats", "observer,captain:ZZ")
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    assert lines[0].startswith("campaign Half (") and lines[1].startswith("gm: http://")
    assert lines[2].startswith("observer: http://") and len(lines) == 3
    campaign = lines[0][len("campaign Half (") : -1]
    assert done.stderr.startswith(
        f"admiralty new: error: campaign {campaign} created; seat captain ZZ: "
        "the server refused (404): "
    ), done.stderr
    assert done.stderr.count("\n") == 1


def test_a_server_that_does_not_answer_is_one_line(tmp_path) -> None:
    done = _new("--url", f"http://127.0.0.1:{free_port()}", "--name", "Nowhere")
    assert done.returncode == 2
    assert done.stderr.startswith("admiralty new: error: cannot reach http://127.0.0.1:")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_the_name_is_required() -> None:
    done = _new("--url", "http://127.0.0.1:1")
    assert done.returncode == 2
    assert "the following arguments are required: --name" in done.stderr
    assert done.stderr.count("\n") == 1
