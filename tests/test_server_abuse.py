"""Abuse bounded: the odds preview capped and cached, per-address rate limits on the odds
and on creating campaigns (JSON 429 with Retry-After), creation behind an operator token."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import limits
import pytest
import requests
from flask import Flask

from server.game import rules
from server.web import world_api
from server.web.app import create_app
from server.web.limits import LocalWindows, SeatLimits
from strategy.errors import InvalidMove
from tests.conftest import LiveServer
from tests.services import redis_server

WAIT = 10.0  # seconds a live answer may take before the test gives up (not a speed target)
ODDS = "/api/odds?a=Cutter&b=Cutter&n=20&seed=4"


def _app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'abuse.db'}", **config})


def _address(n: int) -> dict[str, Any]:
    return {"environ_base": {"REMOTE_ADDR": f"192.0.2.{n}"}}


class Fights:
    """A stand-in for ``rules.battle_odds`` that records each call instead of fighting."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def __call__(
        self, side_a: Any, side_b: Any, n: int, seed: int, **_workers: Any
    ) -> dict[str, Any]:
        self.calls.append((tuple(side_a), tuple(side_b), n, seed))
        if "Galleon" in side_a:
            raise InvalidMove("unknown ship type 'Galleon'")  # as the rules refuse it
        return {"a_wins": 0.5, "b_wins": 0.5, "escaped": 0.0, "disengaged": 0.0, "n": n}


# -- the odds: caps and the cache ----------------------------------------------------------


@pytest.mark.parametrize(
    "query, message",
    [
        ("a=Cutter&b=Cutter&n=1001", "'n' must be a whole number from 1 to 1000"),
        ("a=Cutter&b=Cutter&n=5000", "'n' must be a whole number from 1 to 1000"),
        ("a=Cutter&b=Cutter&n=0", "'n' must be a whole number from 1 to 1000"),
        ("a=Cutter&b=Cutter&n=" + "9" * 5000, "'n' must be a whole number"),
        ("a=Cutter&b=Cutter&n=--5", "'n' must be a whole number"),
        ("a=Cutter&b=Cutter&n=%C2%B2", "'n' must be a whole number"),
        ("a=Cutter&b=Cutter&seed=-1", "'seed' must be a whole number from 0 to 2147483647"),
        ("a=Cutter&b=Cutter&seed=2147483648", "'seed' must be a whole number from 0"),
        ("a=Cutter", "give both sides"),
        ("a=Cutter&b=" + "&b=".join(["Cutter"] * 11), "1 to 10 each"),
        ("a=Cutter&b=" + "C" * 61, "give both sides"),
        ("a=Galleon&b=Cutter", "Galleon"),
    ],
)
def test_the_odds_are_capped(tmp_path, query, message) -> None:
    r = _app(tmp_path).test_client().get(f"/api/odds?{query}")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid", r.json
    assert message in r.json["error"]["message"] and "\n" not in r.json["error"]["message"]


def test_large_sides_fight_fewer_battles(tmp_path, monkeypatch) -> None:
    world_api.odds_answer.cache_clear()
    fights = Fights()
    monkeypatch.setattr(rules, "battle_odds", fights)
    client = _app(tmp_path).test_client()
    ten = "&".join(["a=Cutter"] * 10 + ["b=Brig"] * 10)
    assert client.get(f"/api/odds?{ten}&n=1000&seed=1").json["n"] == 50
    assert client.get("/api/odds?a=Cutter&a=Brig&b=Cutter&b=Brig&b=Cutter&n=1000").json["n"] == 166
    assert client.get("/api/odds?a=Cutter&b=Brig&n=1000").json["n"] == 1000
    assert client.get("/api/odds?a=Cutter&b=Brig&n=7").json["n"] == 7
    assert [call[2] for call in fights.calls] == [50, 166, 1000, 7]


def test_an_answer_is_fought_once_and_given_again_as_it_was(tmp_path, monkeypatch) -> None:
    world_api.odds_answer.cache_clear()
    client = _app(tmp_path).test_client()
    first = client.get(ODDS)  # a real preview, fought
    assert first.status_code == 200 and json.loads(first.data)["n"] == 20
    fights = Fights()
    monkeypatch.setattr(rules, "battle_odds", fights)  # from here on, a fight is recorded
    again = client.get(ODDS)
    assert again.status_code == 200 and again.data == first.data  # the very answer
    assert again.mimetype == "application/json" and fights.calls == []
    other = client.get(ODDS.replace("seed=4", "seed=5"))
    assert other.data != first.data and len(fights.calls) == 1
    assert client.get(ODDS.replace("seed=4", "seed=5")).data == other.data
    assert len(fights.calls) == 1
    for _ in range(2):  # refusals are not kept
        refused = client.get("/api/odds?a=Galleon&b=Cutter")
        assert refused.status_code == 400 and "Galleon" in refused.json["error"]["message"]
    assert len(fights.calls) == 3


# -- rate limits ---------------------------------------------------------------------------


def _assert_limited(r: Any) -> None:
    """``r`` (a Flask test or a requests response) is the one 429 of a limit of 3 a minute."""
    body = r.json() if callable(r.json) else r.json
    assert r.status_code == 429, (r.status_code, body)
    assert r.headers["Content-Type"] == "application/json" and set(body) == {"ok", "error"}
    assert body["ok"] is False and body["error"]["code"] == "rate_limited", body
    message = body["error"]["message"]
    assert "\n" not in message and "at most 3 per 1 minute" in message, message
    assert 1 <= int(r.headers["Retry-After"]) <= 61


def test_the_odds_are_rate_limited_per_address(tmp_path, monkeypatch) -> None:
    world_api.odds_answer.cache_clear()
    monkeypatch.setattr(rules, "battle_odds", Fights())
    client = _app(tmp_path, ODDS_RATE_LIMIT="3 per minute").test_client()
    for seed in (1, 2, 1):  # a cached answer counts as well
        r = client.get(f"/api/odds?a=Cutter&b=Cutter&seed={seed}", **_address(1))
        assert r.status_code == 200
    _assert_limited(client.get("/api/odds?a=Cutter&b=Cutter&seed=3", **_address(1)))
    _assert_limited(client.get("/api/odds?a=Cutter&b=Cutter&seed=1", **_address(1)))
    assert client.get("/api/odds?a=Cutter&b=Cutter&seed=3", **_address(2)).status_code == 200
    assert client.get("/api/ports", **_address(1)).status_code == 200  # other routes are free


def test_an_engagements_odds_count_against_the_same_limit(tmp_path, monkeypatch) -> None:
    """The odds of an engagement (its ships with their drawn crews) cost what a ship type's
    do: one limit for both previews, per address."""
    world_api.odds_answer.cache_clear()
    monkeypatch.setattr(rules, "battle_odds", Fights())
    client = _app(tmp_path, ODDS_RATE_LIMIT="3 per minute").test_client()
    engagement = "/api/campaigns/c0ffee0000/engagements/e1/odds"
    assert client.get(ODDS, **_address(1)).status_code == 200
    assert client.get(engagement, **_address(1)).status_code == 403  # (no seat's token)
    assert client.get(ODDS, **_address(1)).status_code == 200
    _assert_limited(client.get(engagement, **_address(1)))
    _assert_limited(client.get(ODDS, **_address(1)))
    assert client.get(engagement, **_address(2)).status_code == 403


def test_campaign_creation_is_rate_limited_per_address(tmp_path) -> None:
    client = _app(tmp_path, CAMPAIGN_RATE_LIMIT="3 per minute").test_client()
    for _ in range(5):  # refusals cost nothing and do not count
        assert client.post("/api/campaigns", json={"year": 1700}, **_address(1)).status_code == 400
    for _ in range(3):
        assert client.post("/api/campaigns", json={}, **_address(1)).status_code == 201
    _assert_limited(client.post("/api/campaigns", json={}, **_address(1)))
    _assert_limited(client.post("/api/campaigns", json={"year": 1700}, **_address(1)))
    assert client.post("/api/campaigns", json={}, **_address(2)).status_code == 201


def test_the_limits_come_from_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ADMIRALTY_CAMPAIGN_RATE_LIMIT", "1 per hour")
    client = _app(tmp_path).test_client()
    assert client.post("/api/campaigns").status_code == 201
    assert client.post("/api/campaigns").status_code == 429
    monkeypatch.setenv("ADMIRALTY_RATELIMIT_ENABLED", "0")
    client = _app(tmp_path).test_client()
    assert all(client.post("/api/campaigns").status_code == 201 for _ in range(3))


def test_behind_a_proxy_the_forwarded_address_is_limited(tmp_path) -> None:
    app = _app(tmp_path, CAMPAIGN_RATE_LIMIT="1 per minute", PROXY_HOPS=1)
    client = app.test_client()
    one, two = {"X-Forwarded-For": "198.51.100.1"}, {"X-Forwarded-For": "198.51.100.2"}
    assert client.post("/api/campaigns", headers=one).status_code == 201
    assert client.post("/api/campaigns", headers=one).status_code == 429
    assert client.post("/api/campaigns", headers=two).status_code == 201


@pytest.mark.redis
def test_processes_share_their_counts_through_redis(tmp_path) -> None:
    with redis_server() as url:
        config = {"CAMPAIGN_RATE_LIMIT": "2 per minute", "RATELIMIT_STORAGE_URI": url}
        one = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'one.db'}", **config})
        two = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'two.db'}", **config})
        assert one.test_client().post("/api/campaigns", **_address(7)).status_code == 201
        assert two.test_client().post("/api/campaigns", **_address(7)).status_code == 201
        assert one.test_client().post("/api/campaigns", **_address(7)).status_code == 429
        assert two.test_client().post("/api/campaigns", **_address(7)).status_code == 429
        assert two.test_client().post("/api/campaigns", **_address(8)).status_code == 201


# -- the operator's token ------------------------------------------------------------------


@pytest.mark.parametrize(
    "header, status",
    [
        (None, 403),
        ("Bearer", 403),
        ("Bearer wrong-token", 403),
        ("Bearer operator-secret-but-longer", 403),
        ("Basic operator-secret", 403),
        ("Bearer operator-secrEt", 403),
        ("Bearer \u00e9", 403),
        ("Bearer operator-secret", 201),
        ("bearer  operator-secret ", 201),
    ],
)
def test_creation_behind_the_operators_token(tmp_path, header, status) -> None:
    client = _app(tmp_path, ADMIN_TOKEN="operator-secret").test_client()
    headers = {"Authorization": header} if header is not None else {}
    r = client.post("/api/campaigns", json={}, headers=headers)
    assert r.status_code == status, r.json
    if status == 403:
        assert r.json["error"]["code"] == "forbidden" and "operator" in r.json["error"]["message"]


def test_the_operators_token_closes_creation_on_a_live_server(tmp_path) -> None:
    env = {"ADMIRALTY_ADMIN_TOKEN": "tok-" + "x" * 40, "ADMIRALTY_CAMPAIGN_RATE_LIMIT": "3/minute"}
    server = LiveServer(tmp_path, env=env).start()
    try:
        url = server.url + "/api/campaigns"
        r = requests.post(url, json={}, timeout=WAIT)
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        wrong = {"Authorization": "Bearer tok-" + "y" * 40}
        assert requests.post(url, json={}, headers=wrong, timeout=WAIT).status_code == 403
        right = {"Authorization": f"Bearer {env['ADMIRALTY_ADMIN_TOKEN']}"}
        made = [requests.post(url, json={}, headers=right, timeout=WAIT) for _ in range(3)]
        assert [m.status_code for m in made] == [201] * 3
        # the seat token, not the operator's, opens the campaign's own routes
        gm = made[0].json()
        seat = requests.post(
            f"{url}/{gm['id']}/seats",
            json={"role": "observer"},
            headers={"Authorization": f"Bearer {gm['token']}"},
            timeout=WAIT,
        )
        assert seat.status_code == 201
        _assert_limited(requests.post(url, json={}, headers=right, timeout=WAIT))
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()


def test_a_seats_acts_are_counted_in_a_moving_window_of_this_process() -> None:
    """``memory://``: 3 acts a minute, 2 messages in 10 seconds, each window moving with the
    clock (the oldest hit leaves it 60 s after it came), each seat's its own."""
    now = [1000.0]
    seats = SeatLimits("memory://", "3 per minute", "2 per 10 seconds", lambda: now[0])
    for step in (0, 20, 20):
        assert seats.act_refusal("c", "pm") is None
        now[0] += step
    refused = seats.act_refusal("c", "pm")  # at 1040: the hits of 1000, 1000, 1020
    assert refused is not None and refused["error"]["code"] == "rate_limited"
    assert refused["error"]["message"] == "at most 3 acts a minute a seat; retry in 20 s"
    assert seats.act_refusal("c", "gm") is None and seats.act_refusal("d", "pm") is None
    now[0] = 1059.9
    assert seats.act_refusal("c", "pm") is not None  # nothing counted while refused
    now[0] = 1060.0  # the two hits of 1000 have left the window
    assert [seats.act_refusal("c", "pm") for _ in range(3)][:2] == [None, None]
    # talk: tested, then counted only when said
    assert seats.say_refusal("c", "pm") is None and seats.say_refusal("c", "pm") is None
    seats.said("c", "pm")
    seats.said("c", "pm")
    full = seats.say_refusal("c", "pm")
    assert full is not None and full["error"] == {
        "code": "too_many",
        "message": "at most 2 messages in 10 seconds; wait 10 s",
    }
    now[0] += 10
    assert seats.say_refusal("c", "pm") is None


def test_the_windows_of_seats_gone_quiet_are_forgotten() -> None:
    """A year of campaigns: the process keeps only the windows still counting."""
    now = [0.0]
    windows = LocalWindows(lambda: now[0])
    minute = limits.parse("5 per minute")
    for n in range(LocalWindows.SWEEP_EVERY - 1):  # a thousand seats act once each
        assert windows.hit(minute, "c", f"s{n}")
    now[0] = 61.0  # a minute on, only one of them acts again: the sweep falls due
    assert windows.hit(minute, "c", "s0")
    assert len(windows) == 1
    assert windows.get_window_stats(minute, "c", "s0").remaining == 4
