"""Creating a campaign over REST (issue 14): the turn clock's fields logged in
``campaign_created``, one clear 400 naming a bad field, the operator's token (and
``GET /api/config`` saying so), absolute links from the base URL or the request's host
(behind a proxy, its scheme), ``GET /api/seat`` for a bare token, a snapshot's last activity,
and ``admiralty serve`` refusing a bad ``--base-url``."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from server.commands import new
from server.game import protocol_schema, replay
from server.web import links, storage
from server.web.app import create_app
from server.web.links import checked_base_url
from server.web.services import services
from tests.conftest import ROOT

LINK = re.compile(
    r"^(?P<base>https?://[^/]+(?:/[^?]*)?)/play/(?P<id>[0-9a-f]{10})\?token=(?P<t>.+)$"
)


def _app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'lobby.db'}", **config})


def _first_event(client: Any, made: dict[str, Any]) -> dict[str, Any]:
    r = client.get(
        f"/api/campaigns/{made['id']}/log", headers={"Authorization": f"Bearer {made['token']}"}
    )
    assert r.status_code == 200, r.json
    return r.json["events"][0]


# -- the turn clock's fields ----------------------------------------------------------------


def test_the_clock_is_logged_in_campaign_created(tmp_path) -> None:
    client = _app(tmp_path).test_client()
    body = {"name": "Channel", "turn_days": 3, "turn_seconds": 3600, "round_seconds": 300}
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == 201, r.json
    first = _first_event(client, r.json)
    assert first["type"] == "campaign_created"
    assert first["data"]["clock"] == {"turn_days": 3, "turn_seconds": 3600, "round_seconds": 300}
    assert first["data"]["name"] == "Channel"


def test_the_clock_defaults_to_a_day_a_turn_and_no_deadlines(tmp_path) -> None:
    client = _app(tmp_path).test_client()
    r = client.post("/api/campaigns", json={})
    assert _first_event(client, r.json)["data"]["clock"] == {
        "turn_days": 1,
        "turn_seconds": None,
        "round_seconds": None,
    }
    r = client.post("/api/campaigns", json={"turn_seconds": None, "round_seconds": None})
    assert r.status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"turn_days": 1, "turn_seconds": 10, "round_seconds": 10},
        {"turn_days": 30, "turn_seconds": 604800, "round_seconds": 604800},
    ],
)
def test_the_clocks_bounds_are_accepted(tmp_path, body) -> None:
    client = _app(tmp_path).test_client()
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == 201, r.json
    assert _first_event(client, r.json)["data"]["clock"] == body


@pytest.mark.parametrize(
    "body, message",
    [
        ({"name": ""}, "'name' must be a non-empty string of at most 200 characters"),
        ({"name": "   "}, "'name' must be a non-empty string of at most 200 characters"),
        ({"name": "x" * 201}, "'name' must be a non-empty string of at most 200 characters"),
        ({"turn_days": 0}, "'turn_days' must be from 1 to 30, not 0"),
        ({"turn_days": 31}, "'turn_days' must be from 1 to 30, not 31"),
        ({"turn_days": 1.5}, "'turn_days' must be a whole number from 1 to 30"),
        ({"turn_days": True}, "'turn_days' must be a whole number from 1 to 30"),
        ({"turn_days": None}, "'turn_days' must be a whole number from 1 to 30"),
        ({"turn_seconds": 9}, "'turn_seconds' must be from 10 to 604800, not 9"),
        ({"turn_seconds": 604801}, "'turn_seconds' must be from 10 to 604800, not 604801"),
        ({"turn_seconds": "60"}, "'turn_seconds' must be a whole number from 10 to 604800"),
        ({"round_seconds": 0}, "'round_seconds' must be from 10 to 604800, not 0"),
        ({"round_seconds": -5}, "'round_seconds' must be from 10 to 604800, not -5"),
        ({"clock": {"turn_days": 2}}, "unexpected field(s): clock"),
    ],
)
def test_a_bad_field_is_one_400_naming_it(tmp_path, body, message) -> None:
    client = _app(tmp_path).test_client()
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == 400, r.json
    assert r.json == {"ok": False, "error": {"code": "invalid", "message": message}}


def test_refused_bodies_make_nothing_and_do_not_count_against_the_limit(tmp_path) -> None:
    app = _app(tmp_path, CAMPAIGN_RATE_LIMIT="2 per minute")
    client = app.test_client()
    for _ in range(4):
        assert client.post("/api/campaigns", json={"turn_days": 99}).status_code == 400
    assert services(app).store.recent_campaigns(0, 10) == []
    assert [client.post("/api/campaigns", json={}).status_code for _ in range(3)] == [
        201,
        201,
        429,
    ]


def test_the_clock_is_in_the_schema_and_a_log_with_it_replays(tmp_path) -> None:
    clock = protocol_schema()["events"]["campaign_created"]["properties"]["clock"]
    assert "clock" not in protocol_schema()["events"]["campaign_created"].get("required", [])
    assert protocol_schema()["requests"]["create_campaign"]["properties"]["turn_days"] == {
        "default": 1,
        "maximum": 30,
        "minimum": 1,
        "title": "Turn Days",
        "type": "integer",
    }
    assert clock
    client = _app(tmp_path).test_client()
    made = client.post("/api/campaigns", json={"turn_days": 2, "turn_seconds": 60}).json
    log = client.get(
        f"/api/campaigns/{made['id']}/log", headers={"Authorization": f"Bearer {made['token']}"}
    ).json
    _, problems = replay(log)
    assert problems == []


# -- the operator's token -------------------------------------------------------------------


def test_the_config_says_whether_creation_needs_the_operators_token(tmp_path) -> None:
    assert _app(tmp_path).test_client().get("/api/config").json == {"admin_token_required": False}
    closed = _app(tmp_path, ADMIN_TOKEN="op-secret").test_client()
    assert closed.get("/api/config").json == {"admin_token_required": True}
    assert closed.post("/api/campaigns", json={"name": "A"}).status_code == 403
    r = closed.post(
        "/api/campaigns", json={"name": "A"}, headers={"Authorization": "Bearer op-secret"}
    )
    assert r.status_code == 201


def test_the_operators_token_comes_from_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ADMIRALTY_ADMIN_TOKEN", "env-secret")
    client = _app(tmp_path).test_client()
    assert client.get("/api/config").json == {"admin_token_required": True}
    r = client.post("/api/campaigns", headers={"Authorization": "Bearer env-secret"})
    assert r.status_code == 201


# -- absolute links -------------------------------------------------------------------------


def _links(client: Any, **headers: str) -> list[str]:
    """The links of a campaign made, a seat made and that seat reissued."""
    made = client.post("/api/campaigns", json={}, headers=headers)
    assert made.status_code == 201, made.json
    gm = {"Authorization": f"Bearer {made.json['token']}", **headers}
    cid = made.json["id"]
    seat = client.post(f"/api/campaigns/{cid}/seats", json={"role": "observer"}, headers=gm)
    assert seat.status_code == 201, seat.json
    again = client.post(f"/api/campaigns/{cid}/seats/{seat.json['seat']}/token", headers=gm)
    assert again.status_code == 200, again.json
    out = []
    for answer in (made, seat, again):
        match = LINK.match(answer.json["link"])
        assert match, answer.json["link"]
        assert match["id"] == cid and match["t"] == answer.json["token"]
        out.append(match["base"])
    return out


def test_links_are_absolute_with_the_requests_host(tmp_path) -> None:
    client = _app(tmp_path).test_client()
    assert _links(client) == ["http://localhost"] * 3
    assert _links(client, Host="admiralty.test:8080") == ["http://admiralty.test:8080"] * 3


@pytest.mark.parametrize(
    "base, expected",
    [
        ("https://admiralty.example.org", "https://admiralty.example.org"),
        ("https://admiralty.example.org/", "https://admiralty.example.org"),
        ("http://10.0.0.5:5000/games/", "http://10.0.0.5:5000/games"),
    ],
)
def test_links_start_with_the_configured_base_url(tmp_path, base, expected) -> None:
    assert _links(_app(tmp_path, BASE_URL=base).test_client()) == [expected] * 3


def test_the_base_url_comes_from_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ADMIRALTY_BASE_URL", "https://env.example.org/")
    assert _links(_app(tmp_path).test_client()) == ["https://env.example.org"] * 3


def test_behind_a_proxy_links_take_its_forwarded_scheme(tmp_path) -> None:
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.9"}
    proxied = _app(tmp_path, PROXY_HOPS=1).test_client()
    assert (
        _links(proxied, Host="admiralty.example.org", **forwarded)
        == ["https://admiralty.example.org"] * 3
    )
    # without a proxy configured, a client's forwarded headers are not believed
    direct = _app(tmp_path).test_client()
    assert (
        _links(direct, Host="admiralty.example.org", **forwarded)
        == ["http://admiralty.example.org"] * 3
    )


@pytest.mark.parametrize(
    "value",
    ["admiralty.example.org", "ftp://host", "https://", "https://host/?a=1", "https://host/#x"],
)
def test_a_bad_base_url_is_refused_in_one_line(tmp_path, value) -> None:
    with pytest.raises(ValueError, match="the base URL must be http") as caught:
        checked_base_url(value)
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="the base URL"):
        _app(tmp_path, BASE_URL=value)


def test_serve_refuses_a_bad_base_url_or_an_empty_admin_token() -> None:
    for args, words in (
        (["--base-url", "host:5000"], "--base-url: the base URL must be http"),
        (["--admin-token", " "], "--admin-token: give a token"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "server.cli", "serve", "--port", "1", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("admiralty serve: error: " + words), done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# -- a bare token, and the snapshot's last activity ------------------------------------------


def test_a_bare_token_finds_its_campaign_and_seat(tmp_path) -> None:
    client = _app(tmp_path, BASE_URL="https://a.example").test_client()
    made = client.post("/api/campaigns", json={}).json
    gm = {"Authorization": f"Bearer {made['token']}"}
    seat = client.post(
        f"/api/campaigns/{made['id']}/seats",
        json={"role": "admiral", "squadron": "Red", "name": "Nelson"},
        headers=gm,
    ).json
    r = client.get("/api/seat", headers={"Authorization": f"Bearer {seat['token']}"})
    assert r.status_code == 200
    assert r.json == {
        "campaign": made["id"],
        "seat": seat["seat"],
        "role": "admiral",
        "name": "Nelson",
        "link": seat["link"],
    }
    assert client.get("/api/seat", headers=gm).json["role"] == "gm"


@pytest.mark.parametrize(
    "headers", [{}, {"Authorization": "Bearer"}, {"Authorization": "Bearer " + "A" * 32}]
)
def test_a_token_that_opens_nothing_is_forbidden(tmp_path, headers) -> None:
    r = _app(tmp_path).test_client().get("/api/seat", headers=headers)
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"


def test_a_reissued_token_no_longer_finds_its_seat(tmp_path) -> None:
    client = _app(tmp_path).test_client()
    made = client.post("/api/campaigns", json={}).json
    gm = {"Authorization": f"Bearer {made['token']}"}
    seat = client.post(
        f"/api/campaigns/{made['id']}/seats", json={"role": "observer"}, headers=gm
    ).json
    client.post(f"/api/campaigns/{made['id']}/seats/{seat['seat']}/token", headers=gm)
    r = client.get("/api/seat", headers={"Authorization": f"Bearer {seat['token']}"})
    assert r.status_code == 403


class _Clock:
    """``time`` as the store sees it: its writes stamped at the times given, in turn."""

    def __init__(self, *stamps: float) -> None:
        self.stamps = iter(stamps)

    def time(self) -> float:
        return next(self.stamps)

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_the_snapshot_says_when_the_campaign_was_last_written(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(storage, "time", _Clock(1_800_000_000.0, 1_800_003_600.0))
    client = _app(tmp_path).test_client()
    made = client.post("/api/campaigns", json={}).json
    gm = {"Authorization": f"Bearer {made['token']}"}
    state = f"/api/campaigns/{made['id']}/state"
    assert client.get(state, headers=gm).json["last_activity"] == "2027-01-15T08:00:00Z"
    client.post(f"/api/campaigns/{made['id']}/seats", json={"role": "observer"}, headers=gm)
    assert client.get(state, headers=gm).json["last_activity"] == "2027-01-15T09:00:00Z"


@pytest.mark.parametrize("module", [links, new], ids=["links", "new"])
def test_the_docstring_examples_hold(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
