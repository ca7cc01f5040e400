"""Titles in the campaign (Briny 001:1252-1269, TITLES): at the summer's end each player
character who did the state a valuable service (a personal battle result of 1, two
mentions in despatches: docs/rules-notes.md "Titles") is put to the King's roll; a title
raises his Social Level to its New Social Level (what his appointments and ships read), is
gazetted in the officers' view and shown on his sheet, and above a knighthood pays a
monthly pension with his pay."""

from __future__ import annotations

import random
from math import floor
from typing import Any

import pytest

from server import game as server_game
from server.game import rules, ship_tables, titles, views
from strategy.characters.titles import TITLE_TABLE, next_title
from strategy.errors import InvalidMove
from tests.server_helpers import events_of, state_before


def _report(oid: str, result: int, mids: int) -> dict[str, Any]:
    """A summer's report cut to what the King reads of one officer."""
    return {
        "outcomes": {oid: {}},
        "battle_results": [{"officer": oid, "result": result}],
        "personal_outcomes": [{"officer": oid, "mids": mids}],
    }


def test_a_br_of_1_and_two_mentions_are_two_services_and_one_roll(appointment_years) -> None:
    """ "If a character gains the chance for a title more than once in a month (i.e. BR of 1,
    two mentions ...) then he gains a +1 modifier for each attempt after the first": one
    d6 from the source seeded by the season's seed, +1, and the record his after it."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    state = state_before(log, events_of(log, "resolve_summer")[1]["seq"])
    oid = ids["fg"]
    level = rules.social_level(state["officers"][oid])
    # Aubrey's birth (RICH) is a noble orphan's: he holds his father's title, and "players
    # who are already titled roll for the next higher title"
    birth = state["officers"][oid]["birth"]
    held = birth["title"] if birth["orphan"] and birth["social_class"] == "Nobleman" else None
    sought = next_title(held)
    assert sought is not None
    changed: dict[str, Any] = {}
    (rec,) = titles.summer_titles(state, _report(oid, 1, 2), changed, 7)
    die = floor(random.Random("titles/7").random() * 6) + 1
    bonus = 1 + max(0, (level - TITLE_TABLE[sought].min_sl) // 3)
    assert (rec["officer"], rec["for"], rec["title"], rec["services"]) == (
        oid,
        ["BR 1", "2 mentions"],
        sought,
        2,
    )
    assert (rec["die"], rec["needed"], rec["total"]) == (die, 6, die + bonus)
    assert rec["granted"] is (die + bonus >= 6)
    assert changed[oid]["player"] == state["officers"][oid]["player"]
    if rec["granted"]:
        assert changed[oid]["title"] == sought
        assert rec["new_sl"] == max(level, TITLE_TABLE[sought].new_sl)
    else:
        assert "title" not in changed[oid] and changed[oid]["title_tries"] == 1
    assert titles.words(rec).endswith(", for BR 1 and 2 mentions")


def test_no_service_no_roll_and_one_mention_is_not_two(appointment_years) -> None:
    log, ids = appointment_years["log"], appointment_years["officers"]
    state = state_before(log, events_of(log, "resolve_summer")[1]["seq"])
    oid = ids["fg"]
    assert titles.summer_titles(state, _report(oid, 2, 1), {}, 7) == []
    (only,) = titles.summer_titles(state, _report(oid, 3, 2), {}, 7)
    assert only["for"] == ["2 mentions"] and only["modifiers"][-1:] != [
        {"why": "2 services", "modifier": 1}
    ]
    # an NPC is not rolled for: "The King confers titles upon players"
    npc = next(o for o in state["officers"].values() if o["player"] is None and not o["dead"])
    assert titles.summer_titles(state, _report(npc["id"], 1, 3), {}, 7) == []


def test_each_summer_logs_the_roll_of_every_player_who_served(appointment_years) -> None:
    """Every resolved summer rolls for exactly the living players its report shows did a
    service, and their records after it carry what the roll gave."""
    log = appointment_years["log"]
    for event in events_of(log, "resolve_summer"):
        report, data = event["data"]["report"], event["data"]
        after = state_before(log, event["seq"] + 1)["officers"]
        served = [
            oid
            for oid, o in report["outcomes"].items()
            if o["player"] and not after[oid]["dead"] and titles.services(report, oid)
        ]
        logged = data.get("titles", [])
        assert [r["officer"] for r in logged] == served
        for rec in logged:
            assert (after[rec["officer"]].get("title") == rec["title"]) is rec["granted"]


def test_a_title_raises_his_social_level_for_his_posts_and_is_shown(appointment_years) -> None:
    """Cochrane (SL 12) is refused the Port Admiral's post for its Min SL 14; made a
    Marquess (New SL 14) he qualifies. His own view and the GM's give his Social Level,
    everyone's his title (gazetted)."""
    state, problems = server_game.replay(appointment_years["log"])
    assert problems == []
    # (untitled: the King's rolls of the log aside)
    cochrane = {**state["officers"][appointment_years["officers"]["red"]], "title": None}
    with pytest.raises(InvalidMove, match="needs a Social Level of 14, not 12"):
        rules.appointment_check("Port Admiral", {**cochrane, "appointment": None})
    marquess = {**cochrane, "title": "Marquess"}
    assert rules.social_level(marquess) == rules.titled_social_level(marquess) == 14
    rules.appointment_check("Port Admiral", marquess)
    own = state["seats"][cochrane["player"]]
    other = state["seats"][appointment_years["game"].players["ne"].seat["id"]]
    assert views.officer_for(marquess, own)["social_level"] == 14  # type: ignore[arg-type]
    seen = views.officer_for(marquess, other)  # type: ignore[arg-type]
    assert seen["title"] == "Marquess" and "social_level" not in seen
    untitled = {k: v for k, v in cochrane.items() if k != "title"}
    assert "title" not in views.officer_for(untitled, other)  # type: ignore[arg-type]


def test_above_a_knighthood_a_pension_is_drawn_with_his_pay(appointment_years) -> None:
    """ "Titles above knighthood carry a monthly pension": a Baron's 10 guineas into his
    funds with his month's pay; a knight's none."""
    state, _ = server_game.replay(appointment_years["log"])
    oid = appointment_years["officers"]["fg"]
    seat = state["seats"][state["officers"][oid]["player"]]
    plain = ship_tables.decide_draw_pay(state, seat)
    assert "pension" not in plain
    state["officers"][oid] = {**state["officers"][oid], "title": "Knight"}
    assert "pension" not in ship_tables.decide_draw_pay(state, seat)
    state["officers"][oid] = {**state["officers"][oid], "title": "Baron"}
    baron = ship_tables.decide_draw_pay(state, seat)
    assert baron["pension"] == 10 and baron["funds"] == plain["funds"] + 10


def test_a_government_post_granted_is_a_service_to_the_state(appointment_years) -> None:
    """ "being appointed as a minister": Cochrane granted the Chancellor of the Exchequer in
    March is put to the King's roll with the application; his record after it carries
    what it gave, and his notice says it."""
    log, ids = appointment_years["log"], appointment_years["officers"]
    event = next(
        e
        for e in events_of(log, "apply_appointment")
        if e["data"]["appointment"] == "Chancellor of the Exchequer"
    )
    before = state_before(log, event["seq"])["officers"][ids["red"]]
    after = state_before(log, event["seq"] + 1)["officers"][ids["red"]]
    rec = event["data"]["title"]
    assert rec["for"] == ["appointed Chancellor of the Exchequer"] and rec["services"] == 1
    # the player Prime Minister chose him (no die): the King's die is the event's first
    rng = server_game.event_rng(log["campaign"]["seed"], event["seq"])
    assert rec == {**(rules.title_roll(before, 1, rng) or {}), "for": rec["for"]}
    if rec["granted"]:
        assert after["title"] == rec["title"] and after.get("title_tries", 0) == 0
    else:
        assert after.get("title_tries", 0) == before.get("title_tries", 0) + 1
    assert after["appointment"] == "Chancellor of the Exchequer"
    red = appointment_years["notices"]["red"]["notices"]
    text = next(n["text"] for n in red if n["seq"] == event["seq"])
    assert text.endswith(titles.words(rec))
    # a naval post granted rolls nothing
    naval = next(
        e
        for e in events_of(log, "apply_appointment")
        if e["data"]["appointment"] == "Captain of the Fleet"
    )
    assert naval["data"]["granted"] and "title" not in naval["data"]
