"""The month of a game day, read one way everywhere (issue 29, item 5; docs/rules-notes.md
"Season and clock"): the calendar month of the game date. The state view's month, the
month an order is routed in, the month an enemy squadron sorties in and the month a
preview's points of sail are read in are one and the same, on the summer's last days of
July and August (days 60, 90 and 91, where thirty-day months said otherwise) and in the
seasons after it."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from server import game
from server.game import forces, rules
from tests.server_helpers import (
    SEATS,
    SEED,
    Game,
    _fight_cruises,
    new_app,
    phase_states,
    play_out_summer,
)

# the summer's days around the ends of July (day 60 is 31 July) and August (day 91 is
# 31 August, day 92 the first of September, when the summer is resolved)
SUMMER_DAYS = [(59, 7), (60, 7), (61, 8), (89, 8), (90, 8), (91, 8), (92, 9)]
SCENARIO = rules.scenario


def _summer(day: int) -> dict[str, Any]:
    state = copy.deepcopy(phase_states()[0]["summer"])
    state["day"] = day
    return state


@pytest.mark.parametrize(("day", "month"), SUMMER_DAYS)
def test_a_summer_days_month_is_its_calendar_month(day: int, month: int) -> None:
    state = _summer(day)
    assert game.month_of(state) == month
    gm = {"squadron": None, "ship": None, **SEATS["gm"]}
    assert game.state_for(state, gm)["month"] == month  # type: ignore[arg-type]


@pytest.mark.parametrize(("day", "month"), SUMMER_DAYS)
def test_an_order_is_routed_in_the_month_of_its_day(monkeypatch, day: int, month: int) -> None:
    """A squadron's deployment on the summer's ``day`` is routed under that day's month's
    winds: the month the state view shows the players."""
    asked: list[int] = []
    route = rules.route

    def spy(origin: Any, destination: Any, ship: str, month: int, *more: Any) -> dict[str, Any]:
        asked.append(month)
        return route(origin, destination, ship, month, *more)

    monkeypatch.setattr(rules, "route", spy)
    state = _summer(day)
    admiral = {"squadron": None, "ship": None, **SEATS["admiral"]}
    args = {"type": "deploy", "squadron": "Red", "patrol": [-5.6, 48.7]}
    kind, _ = game.decide(state, admiral, args, game.event_rng(SEED, 9))  # type: ignore[arg-type]
    assert kind == "deploy"
    assert asked == [month]


@pytest.mark.parametrize("day", [60, 61, 90, 91, 92])
def test_an_enemy_squadron_sorties_in_the_month_of_the_day_it_sails(monkeypatch, day) -> None:
    """An NPC squadron that puts to sea on the day after ``day - 1`` is routed in the month
    of the day it leaves (its route starts at ``day - 1``)."""
    asked: list[int] = []
    route = rules.route

    def spy(origin: Any, destination: Any, ship: str, month: int, *more: Any) -> dict[str, Any]:
        asked.append(month)
        return route(origin, destination, ship, month, *more)

    monkeypatch.setattr(rules, "route", spy)
    monkeypatch.setattr(rules, "scenario", lambda: {**SCENARIO(), "sortie_chance": 1.0})
    work = _summer(day - 1)
    forces._enemy_orders(work, day, random.Random(1))  # type: ignore[arg-type]
    assert asked and set(asked) == {game.month_of(work, day - 1)}


def test_an_off_season_previews_points_of_sail_are_read_in_its_month(tmp_path: Path) -> None:
    """In October (the autumn's day 30 on), a cruise's sail preview colours its track by
    October's winds, the month the page shows, not by a summer month."""
    g = Game.new(new_app(tmp_path), seed=21)
    gm = g.gm()
    fg = g.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})

    def state() -> dict[str, Any]:
        return g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]

    assert gm.act("roll_force")["ok"]
    play_out_summer(gm.act, state)
    # his ship as the summer left him (a promotion gives him another: his seat follows)
    ship = next(s for s in state()["seats"] if s["id"] == fg.seat["id"])["ship"]
    assert fg.act("volunteer", ship=ship, seasons=1)["ok"]
    (cruise,) = state()["cruises"]
    ack = gm.act("plan_cruise", cruise=cruise["id"], missions=["-12,46", "-30,45", "lisbon"])
    assert ack["ok"], ack
    while state()["day"] < 31:
        _fight_cruises(g, state)
        assert gm.act("advance", days=min(30, 31 - state()["day"]))["ok"]
    now = state()
    assert (now["phase"], now["month"]) == ("autumn", 10)
    assert any(f["id"].startswith("cruise-") and f["port"] is None for f in now["forces"])
    preview = gm.act("sail", preview=True, ship=ship, to=[-20.0, 40.0])
    assert preview["ok"], preview
    route = preview["preview"]["route"]
    assert route["sails"] == rules.sail_pieces(route["track"], 10)
    assert route["sails"] != rules.sail_pieces(route["track"], 7)


def test_the_month_is_read_in_one_place() -> None:
    """No module reckons a month from the day by thirty-day months (but the replay's
    upgrade, which says where rules version 1 did)."""
    root = Path(__file__).resolve().parent.parent
    sources = [*root.glob("server/**/*.py"), root / "static/js/map.js"]
    for path in sources:
        if path == root / "server" / "game" / "replay.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "// 30" not in text and "/ 30)" not in text, path
