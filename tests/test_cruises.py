"""Volunteers and their cruises outside the summer (issue 17, item 3; Briny, VOLUNTEERS):
a captain volunteers his ship for a season or two, the GM plans her missions on the voyage
planner, she sails them on the map and fights the sails she meets (Sail Ho!), and the
season's outcomes are rolled with the book's modifiers; three years played through the
protocol, and every bad input refused with nothing changed."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from server import game as server_game
from server.game import ActionError, cruises
from tests.conftest import RICH
from tests.server_helpers import (
    CRUISE_MISSIONS,
    SEATS,
    SEED,
    Game,
    assert_officers_replay,
    assert_seats_follow_records,
    events_of,
    new_app,
    phase_states,
    play_cruise_years,
    views_after,
)


def _state(game: Game, token: str | None = None) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]


def _events(log: dict[str, Any]) -> list[dict[str, Any]]:
    return log["events"]


def _off_season_fights(log: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The engagements opened at sea after a summer: (season, engagement), from the log."""
    phase, out = "cabinet", []
    for e in _events(log):
        if e["type"] == "resolve_summer":
            phase = "autumn"
        elif e["type"] == "next_season":
            phase = e["data"]["phase"]
        elif e["type"] == "roll_force":
            phase = "summer"
        elif e["type"] == "advance" and phase in ("autumn", "winter", "spring"):
            out += [(phase, fight) for fight in e["data"]["engagements"]]
    return out


def test_three_years_of_cruises_are_volunteered_planned_sailed_and_moved_on(cruise_years):
    acks = cruise_years["acks"]
    for kind in ("volunteer", "plan_cruise", "next_season", "invest"):
        assert acks[kind] and all(a["ok"] for a in acks[kind]), (kind, acks[kind])
    assert len(acks["volunteer"]) == 3 and len(acks["next_season"]) == 9
    state = _state(cruise_years["game"])
    assert (state["phase"], state["year"]) == ("cabinet", 1808)
    pages = {(y["year"], p["season"]): p for y in state["years"] for p in y.get("seasons", ())}
    # each year's cruise sailed the autumn and the winter (committed up front), not the spring
    assert set(pages) == {(y, s) for y in (1805, 1806, 1807) for s in ("autumn", "winter")}
    for page in pages.values():
        (cruise,) = page["cruises"]
        assert cruise["seasons"] == ["autumn", "winter"] and cruise["order"] == "I"
        assert cruise["missions"] == CRUISE_MISSIONS
        assert page["report"]["season"] == page["season"]
        # the two-season voyage's modifiers: +1 to death, -1 to MiD (Briny, VOLUNTEERS)
        assert any("long_voyage" in str(c) for c in page["report"]["contexts"])


def test_a_cruise_sails_her_missions_on_the_map(cruise_years):
    """Her force leaves harbour on the GM's plan, is seen at sea by every player, and comes
    home to her port by the season's end."""
    phase, at_sea, home = "cabinet", [], []
    for e in _events(cruise_years["log"]):
        if e["type"] in ("resolve_summer", "next_season", "roll_force"):
            phase = {"resolve_summer": "autumn", "roll_force": "summer"}.get(
                e["type"], e["data"].get("phase")
            )
        elif e["type"] == "advance" and phase in ("autumn", "winter"):
            for fid, force in e["data"]["forces"].items():
                if fid.startswith("cruise-"):
                    (at_sea if force["port"] is None else home).append(force)
    assert at_sea and home and all(f["port"] == "spithead" for f in home)
    red = cruise_years["game"].players["red"]  # another player sees her sail
    assert any(
        f["id"].startswith("cruise-") and f["port"] is None
        for e, view in views_after(red.ack["state"], cruise_years["seen"]["red"])
        if e["type"] == "advance"
        for f in view["forces"]
    )


def test_a_cruise_meets_a_sail_and_her_captain_fights_her() -> None:
    """Sail Ho! each day at sea on independent action (seed 002): the sail chased and, when
    she cannot escape, fought round by round by the cruise's seated captain; her Briny
    result earned on the map is preset in the season's outcomes."""
    base = copy.deepcopy(phase_states()[0]["autumn"])
    fg = base["seats"]["fg"]
    _, data = server_game.decide(base, fg, {"type": "volunteer", "ship": "FG"}, _rng())
    server_game.apply_event(base, "volunteer", {**data, "args": {}})
    plan = {"type": "plan_cruise", "cruise": "c1", "missions": CRUISE_MISSIONS}
    _, data = server_game.decide(base, base["seats"]["gm"], plan, _rng())
    server_game.apply_event(base, "plan_cruise", {**data, "args": {}})
    for seq in range(300):  # the days' seeds until a sail is sighted and fought
        state = copy.deepcopy(base)
        rng = server_game.event_rng(SEED, 1000 + seq)
        _, data = server_game.decide(
            state, state["seats"]["gm"], {"type": "advance", "days": 20}, rng
        )
        fights = [f for f in data["engagements"] if not f["over"]]
        if fights and any(fid.startswith("sail-") for fid in fights[0]["forces"]):
            break
    else:
        raise AssertionError("no sail fought in 300 cruises")
    server_game.apply_event(state, "advance", {**data, "args": {}})
    fight = fights[0]
    assert set(fight["awaiting"].values()) == {"fg"}  # her captain's to fight
    for n in range(1, 60):
        order = {
            "type": "engage_decision",
            "engagement": fight["id"],
            "decision": "close",
            "shot": "roundshot",
        }
        kind, data = server_game.decide(
            state, state["seats"]["fg"], order, server_game.event_rng(SEED, 2000 + n)
        )
        server_game.apply_event(state, kind, {**data, "args": order})
        if state["engagements"][fight["id"]]["over"]:
            break
    assert state["engagements"][fight["id"]]["over"]
    result = state["results"]["FG"]
    assert result["engagement"] == fight["id"]
    state["day"] = 91
    _, data = server_game.decide(state, state["seats"]["gm"], {"type": "next_season"}, _rng())
    ship = data["volunteers"]["report"]["ships"]["FG"]
    assert ship["preset"] and ship["battle_result"] == result["result"]
    assert ship["interpretation"] == result["interpretation"]


def test_the_volunteers_outcomes_are_told_to_their_players(cruise_years):
    fg = cruise_years["seen"]["fg"]
    ended = [e for e in fg if e["type"] == "next_season" and "volunteers" in e["data"]]
    assert len(ended) == 6  # two seasons a year at sea
    report = ended[0]["data"]["volunteers"]["report"]
    assert report["yours"] and report["words"][0].startswith(("Captain", "Post Captain"))
    observer = cruise_years["seen"]["obs"]
    told = [e for e in observer if e["type"] == "next_season" and "volunteers" in e["data"]]
    assert told and all(t["data"]["volunteers"]["report"]["yours"] is None for t in told)
    assert "seed" not in told[0]["data"]["volunteers"]  # the GM's only


def test_an_investment_made_in_spring_is_paid_after_the_next_summer(cruise_years):
    state = _state(cruise_years["game"])
    fg = cruise_years["game"].players["fg"].seat["id"]
    paid = [r for y in state["years"] for r in (y["report"] or {}).get("returns", ())]
    assert paid and all(r["player"] == fg for r in paid)
    assert {r["guineas"] for r in paid} == {1000}


def test_a_promotion_takes_its_berth_and_the_seat_follows(cruise_years):
    state = _state(cruise_years["game"])
    fg = next(s for s in state["seats"] if s["id"] == cruise_years["game"].players["fg"].seat["id"])
    me = next(o for o in state["officers"] if o["id"] == fg["officer"])
    assert fg["ship"] == me["ship"]  # his seat is his ship's, wherever the rank took him
    promoted = [
        (y["year"], o)
        for y in state["years"]
        for report in [y["report"], *(p["report"] for p in y.get("seasons", ()))]
        for o in (report or {}).get("outcomes", {}).values()
        if o["player"] == fg["id"] and o["promoted"]
    ]
    assert promoted, "three years and never promoted"


def test_a_dead_captains_seat_has_its_players_new_character(cruise_years):
    """A death (in a summer or at sea) and the player's new character for his seat."""
    assert cruise_years["new"], "nobody died in three years"
    state = _state(cruise_years["game"])
    fg = next(s for s in state["seats"] if s["id"] == cruise_years["game"].players["fg"].seat["id"])
    mine = [o for o in state["officers"] if o["player"] == fg["id"]]
    assert any(o["dead"] for o in mine)
    assert next(o for o in mine if o["id"] == fg["officer"])["name"].startswith("Tom Pullings")


def _notices(game: Game, key: str) -> list[dict[str, Any]]:
    """Every notice of seat ``key``, page by page."""
    got, since = [], 0
    while True:
        page = game.rest(
            "get", f"/api/campaigns/{game.id}/notices?since={since}", token=game.players[key].token
        ).json
        got += page["notices"]
        if not page["more"]:
            return got
        since = page["next"]


def test_a_captain_promoted_to_flag_rank_takes_his_seat_to_his_squadron(tmp_path) -> None:
    """The cruise-years property run's seed 94: the ``fg`` seat's second character (Tom
    Pullings, Post Captain of RO) is promoted Rear Admiral of the White at the end of the
    autumn of 1807. His seat follows him (every season checked by play_cruise_years): the
    White's admiral's seat now, RO under a new NPC captain; told to him and the GM; the
    log replays to the same seats and officers."""
    game = Game.new(new_app(tmp_path), seed=94)
    game.gm()
    game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8, "birth": RICH})
    game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
    game.add("obs", "observer")
    play_cruise_years(game, birth=RICH)
    state = _state(game)
    fg = next(s for s in state["seats"] if s["id"] == game.players["fg"].seat["id"])
    me = next(o for o in state["officers"] if o["id"] == fg["officer"])
    assert (fg["role"], fg["ship"], fg["squadron"]) == ("admiral", None, "White")
    assert (me["rank"], me["ship"], me["squadron"]) == ("Rear Admiral", None, "White")
    ro = [o for o in state["officers"] if o["ship"] == "RO" and o["rank"] == "Post Captain"]
    assert [(o["player"], o["dead"]) for o in ro if not o["dead"]] == [(None, False)]
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    (moved,) = [
        rec
        for e in events_of(log, "next_season")
        for rec in (e["data"].get("volunteers") or {}).get("seats", ())
    ]
    assert (moved["player"], moved["flag"], moved["was"]) == (fg["id"], "White", "RO")
    assert moved["relief"]["id"] in {o["id"] for o in ro}
    for key, start in (("fg", "Tom Pullings"), ("gm", "")):
        (told,) = [n for n in _notices(game, key) if n["type"] == "seat_moved"]
        assert told["seat"] == fg["id"] and told["squadron"] == "White"
        assert "promoted Rear Admiral, hoists his flag in the White squadron" in told["text"]
        assert told["text"].startswith(start or fg["name"])
    assert not [n for n in _notices(game, "red") if n["type"] == "seat_moved"]
    assert_officers_replay(game, log)
    replayed, _ = server_game.replay(log)
    assert_seats_follow_records(replayed)
    assert replayed["seats"][fg["id"]]["role"] == "admiral"


def test_the_three_year_log_replays(cruise_years):
    _, problems = server_game.replay(cruise_years["log"])
    assert problems == []


# -- bad input: one clear error, nothing changed --------------------------------------------


def _decide(phase: str, seat: str, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    state = copy.deepcopy(phase_states()[0][phase])
    return server_game.decide(state, state["seats"][SEATS[seat]["id"]], args, _rng())


def _rng() -> Any:
    return server_game.event_rng(SEED, 77)


@pytest.mark.parametrize(
    "phase, seat, args, code, words",
    [
        ("summer", "captain", {"ship": "FG"}, "wrong_phase", "summer"),
        ("cabinet", "captain", {"ship": "FG"}, "wrong_phase", "cabinet"),
        ("autumn-at-sea", "captain", {"ship": "FG"}, "conflict", "already deployed"),
        ("autumn", "captain", {"ship": "DR"}, "forbidden", "FG"),
        ("autumn", "admiral", {"squadron": "Blue"}, "forbidden", "Red"),
        ("autumn", "admiral", {"squadron": "Red", "ships": ["NE"]}, "invalid", "not of the Red"),
        ("spring", "captain", {"ship": "FG", "seasons": 2}, "invalid", "winter and spring"),
        ("autumn", "captain", {"ship": "FG", "seasons": 3}, "invalid", "seasons"),
        ("autumn", "gm", {"ship": "ZZ"}, "not_found", "ZZ"),
        ("autumn", "captain", {}, "invalid", "exactly one"),
        ("autumn", "observer", {"ship": "FG"}, "forbidden", "observer"),
    ],
)
def test_a_bad_volunteer_is_refused(phase, seat, args, code, words) -> None:
    with pytest.raises(ActionError) as err:
        _decide(phase, seat, {"type": "volunteer", **args})
    assert err.value.code == code and words in err.value.message, err.value.message


def test_no_volunteer_after_the_first_week_of_the_seasons_last_month() -> None:
    state = copy.deepcopy(phase_states()[0]["spring"])
    last = cruises.last_day_to_volunteer(state)
    assert last == 31 + 30 + 6  # March and April, then up to the 7th of May
    state["day"] = last
    seat = state["seats"]["fg"]
    kind, data = server_game.decide(state, seat, {"type": "volunteer", "ship": "FG"}, _rng())
    assert data["cruise"]["seasons"] == ["spring"]
    state["day"] = last + 1
    with pytest.raises(ActionError) as err:
        server_game.decide(state, seat, {"type": "volunteer", "ship": "FG"}, _rng())
    assert err.value.code == "wrong_phase" and "too late" in err.value.message


@pytest.mark.parametrize(
    "args, code",
    [
        ({"cruise": "c9", "missions": ["cork", "ferrol", "lisbon"]}, "not_found"),
        ({"cruise": "c1", "missions": ["cork", "ferrol"]}, "invalid"),
        ({"cruise": "c1", "missions": ["cork"] * 7}, "invalid"),
        ({"cruise": "c1", "missions": ["cork", "atlantis", "lisbon"]}, "not_found"),
        ({"cruise": "c1", "missions": ["cork", "ferrol", "lisbon"], "stay": 61}, "invalid"),
    ],
)
def test_a_bad_plan_is_refused(args, code) -> None:
    with pytest.raises(ActionError) as err:
        _decide("autumn-at-sea", "gm", {"type": "plan_cruise", **args})
    assert err.value.code == code, err.value.message


def test_next_season_waits_for_a_cruises_fight(cruise_years) -> None:
    with pytest.raises(ActionError) as err:
        _decide("autumn-fights", "gm", {"type": "next_season"})
    assert err.value.code == "wrong_phase" and "engagement" in err.value.message


def test_refusals_through_the_protocol_log_nothing(fresh_game) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey"})
    before = len(fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"])
    assert fg.act("volunteer", ship="FG")["error"]["code"] == "wrong_phase"
    assert gm.act("plan_cruise", cruise="c1", missions=CRUISE_MISSIONS)["error"]["code"] == (
        "wrong_phase"
    )
    after = len(fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"])
    assert after == before


# -- the rules: an NPC captain answers on the die, a death makes room for a new character --


def test_an_npc_captain_asked_by_the_gm_volunteers_on_a_six() -> None:
    """Briny: "NPC Captains of ships without characters on board will volunteer on a 6 on
    1 D6" (7, with influence, with characters aboard: Fiddler's Green has Aubrey's seat but
    no character in the walk)."""
    answers = {}
    for seq in range(40):
        state = copy.deepcopy(phase_states()[0]["autumn"])
        rng = server_game.event_rng(SEED, seq)
        die = copy.deepcopy(rng).randint(1, 6)
        _, data = server_game.decide(
            state, state["seats"]["gm"], {"type": "volunteer", "ship": "RO"}, rng
        )
        answers[die] = "declined" not in data
        if "declined" in data:
            assert data["declined"] == {"ship": "RO", "die": die, "needed": 6}
    assert answers == {1: False, 2: False, 3: False, 4: False, 5: False, 6: True}


def test_a_captain_killed_on_a_cruise_makes_room_for_his_players_new_character() -> None:
    """The volunteers' season end rolls death as the summer's does; the player whose
    officer died makes a new one for his seat (and cannot while he lives)."""
    base = copy.deepcopy(phase_states()[0]["autumn"])
    seat = base["seats"]["fg"]
    data = server_game.decide_officer(
        base, seat, {"officer": {"name": "Jack Aubrey"}}, "o-aubrey", _rng()
    )
    server_game.apply_event(base, "officer_created", {**data, "args": {}})
    with pytest.raises(ActionError) as err:
        server_game.decide_officer(base, seat, {"officer": {"name": "Tom Pullings"}}, "o-2", _rng())
    assert err.value.code == "conflict"
    _, data = server_game.decide(
        base, seat, {"type": "volunteer", "ship": "FG", "seasons": 2}, _rng()
    )
    server_game.apply_event(base, "volunteer", {**data, "args": {}})
    for seq in range(400):  # the seeds of the season's end until one kills him
        state = copy.deepcopy(base)
        kind, data = server_game.decide(
            state, state["seats"]["gm"], {"type": "next_season"}, server_game.event_rng(SEED, seq)
        )
        if data["volunteers"]["officers"].get("o-aubrey", {}).get("dead"):
            break
    else:
        raise AssertionError("no season's end killed him")
    outcome = data["volunteers"]["report"]["outcomes"]["o-aubrey"]
    assert outcome["dead"] and outcome["squadron"] == "Independent"
    server_game.apply_event(state, kind, data)
    assert state["officers"]["o-aubrey"]["dead"] and state["phase"] == "winter"
    made = server_game.decide_officer(
        state, seat, {"officer": {"name": "Tom Pullings"}}, "o-2", _rng()
    )
    server_game.apply_event(state, "officer_created", {**made, "args": {}})
    assert state["seats"]["fg"]["officer"] == "o-2"
    assert state["officers"]["o-2"]["ship"] == "FG"


@pytest.mark.parametrize("at_sea, then", [(True, "advance"), (False, "next_season")])
def test_the_turn_clock_sails_the_cruises_or_moves_the_season_on(at_sea, then) -> None:
    """A deadline passed after the summer: the clock advances the days while a cruise is at
    sea, and moves to the next season when none is (or the season's days are done)."""
    state = copy.deepcopy(phase_states()[0]["autumn-at-sea" if at_sea else "autumn"])
    state["deadline"] = "1805-01-01T00:00:00.000Z"
    kind, data = server_game.decide_tick(state, "1805-01-01T00:00:01.000Z", _rng())
    assert kind == then and data["due"] == "deadline"
    if at_sea:
        assert data["days"] == state["clock"]["turn_days"]
        state["day"] = 91  # the autumn's last day
        kind, _ = server_game.decide_tick(state, "1805-01-01T00:00:01.000Z", _rng())
        assert kind == "next_season"


def test_the_observer_sees_no_gm_mission_past_or_present(cruise_years):
    """The GM's missions are his and the players' (issue 30): an observer reads them
    nowhere, not in the season pages of years gone by, not in the state, his events (live,
    caught up, or fetched page by page), nor his notices."""
    game = cruise_years["game"]
    observer = game.players["obs"]
    seen: list[Any] = [_state(game, observer.token), cruise_years["seen"]["obs"]]
    since, more = 0, True
    while more:
        page = game.rest(
            "get", f"/api/campaigns/{game.id}/events?since={since}", token=observer.token
        ).json
        seen.append(page["events"])
        since, more = page["seq"], page.get("more", False)
    notices = game.rest("get", f"/api/campaigns/{game.id}/notices", token=observer.token).json
    seen.append(notices["notices"])
    rejoined = game.join(observer.token, since=1)
    seen.append(rejoined.ack)
    rejoined.client.disconnect()

    def keys(value: Any) -> set[str]:
        if isinstance(value, dict):
            return set(value) | {k for v in value.values() for k in keys(v)}
        if isinstance(value, list):
            return {k for v in value for k in keys(v)}
        return set()

    pages = [p for y in seen[0]["years"] for p in y.get("seasons", ())]
    assert pages and all(p["cruises"] for p in pages)  # he sees that ships cruised
    assert "missions" not in keys(seen)
    assert "-12,46" not in json.dumps(seen)  # one of the GM's places (CRUISE_MISSIONS)
