"""A season of several fights on the map (issue 31): every fight a ship fights is kept, and
her season's Briny Battle Result, the one the book rolls a commander a campaign season
(seed 001, CAMPAIGN OUTCOME), is read from them: the fight that lost her, else her best
(docs/rules-notes.md, "A season of several fights")."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import engagements, rules
from server.game.replay import upgrade
from strategy.errors import InvalidMove
from tests.server_helpers import SEATS, SEED, phase_states

#: the West Indies Blue squadron's ships in the walk's summer (tests/server_helpers.py)
BLUE = ("NE", "DE", "HA", "VA")


def _decided(state: dict[str, Any], seat: str, args: dict[str, Any], seq: int) -> dict[str, Any]:
    """``args`` decided for ``seat`` and applied, as the server does; the event's data."""
    who = {"squadron": None, "ship": None, **SEATS[seat]}
    kind, data = game.decide(state, who, args, game.event_rng(SEED, seq))
    game.apply_event(state, kind, {**data, "args": args})
    return data


def _fight(state: dict[str, Any], enemy: str, seed: int, seq: int) -> str:
    """The Blue squadron meets ``enemy``; a fight its captain must order is fought out by
    the GM's ``npc`` orders to the end."""
    record = engagements.open_engagement(state, "wi-blue", enemy, 1, random.Random(seed))
    if not record["over"]:
        args = {"type": "engage_decision", "engagement": record["id"], "decision": "npc"}
        _decided(state, "gm", {**args, "rounds": "all"}, seq)
    assert state["engagements"][record["id"]]["over"]
    return record["id"]


def test_every_fight_of_the_season_is_kept_and_her_best_is_her_battle_result() -> None:
    """The Blue squadron: an inconclusive fight (the raider got away), a prize taken from
    the convoy, another inconclusive one. Each ship keeps the three, and her season's
    result is the prize's 1 (the Fleet action's "Brilliant victory, enemy ship captured.")
    that her captain's summer is rolled with; before, only the last fight's 3 was kept."""
    state = copy.deepcopy(phase_states()[0]["summer"])
    fights = [
        _fight(state, "fr-raider", 2, 101),
        _fight(state, "sp-convoy", 0, 102),
        _fight(state, "fr-brest", 2, 103),
    ]
    for code in BLUE:
        got = state["results"][code]
        assert [(f["engagement"], f["result"], f["fate"]) for f in got["fights"]] == [
            (fights[0], 3, "enemy_escaped"),
            (fights[1], 1, "enemy_captured"),
            (fights[2], 3, "enemy_escaped"),
        ]
        assert {k: got[k] for k in ("result", "engagement", "fate", "interpretation")} == (
            got["fights"][1]
        )
    summer = state["results"]
    report = _decided(state, "gm", {"type": "resolve_summer"}, 200)["report"]
    captains = {
        r["ship"]: (r["preset"], r["result"])
        for r in report["battle_results"]
        if r.get("ship") in BLUE and r["role"] == "captain"
    }
    assert captains == {code: (1, 1) for code in BLUE}
    assert report["ships"]["NE"]["interpretation"] == "Brilliant victory, enemy ship captured."
    # the year's page keeps the summer's fights with its results
    assert state["years"][-1]["results"] == summer
    assert len(state["years"][-1]["results"]["NE"]["fights"]) == 3


def test_the_fight_that_lost_her_is_her_battle_result_whatever_she_did_before() -> None:
    """A prize taken, then the ship sunk: "Captains who get a BR of 6 (own ship sunk) ...
    will face a Court Martial" - her loss is her season's result, the prize still among
    her fights."""
    state = copy.deepcopy(phase_states()[0]["summer"])
    prize = _fight(state, "sp-convoy", 0, 101)
    for seed in range(50):  # a fight that waits for her captain: closed here as lost
        work = copy.deepcopy(state)
        record = engagements.open_engagement(work, "wi-blue", "fr-brest", 1, random.Random(seed))
        if not record["over"]:
            state = work
            break
    ne = next(s["id"] for s in record["sides"]["a"] if s["code"] == "NE")
    ships = {s["id"]: {"side": "a", "status": "active"} for s in record["sides"]["a"]}
    ships |= {s["id"]: {"side": "b", "status": "active"} for s in record["sides"]["b"]}
    ships[ne]["status"] = "sunk"
    engagements._close(state, record, {"winner": "b", "how": "b_wins", "rounds": 7, "ships": ships})
    got = state["results"]["NE"]
    assert [(f["engagement"], f["result"]) for f in got["fights"]] == [
        (prize, 1),
        (record["id"], 5),  # a Fleet action's "Defeat, ship sunk."
    ]
    assert (got["result"], got["engagement"], got["fate"]) == (5, record["id"], "sunk")
    # her squadron-mates who came through the defeat keep their prize
    assert state["results"]["DE"]["result"] == 1


def test_a_result_saved_before_the_fights_were_kept_stands_for_its_one_fight() -> None:
    state = copy.deepcopy(phase_states()[0]["summer"])
    old = {"result": 2, "engagement": "e0", "fate": "enemy_sunk", "interpretation": "x"}
    state["results"] = {code: dict(old) for code in BLUE}
    fought = _fight(state, "fr-raider", 2, 101)
    got = state["results"]["NE"]
    assert [f["engagement"] for f in got["fights"]] == ["e0", fought]
    assert (got["result"], got["engagement"]) == (2, "e0")


def test_season_fight_reads_the_loss_else_the_best_first_earned() -> None:
    def fight(result: int, fate: str) -> dict[str, Any]:
        return {"result": result, "fate": fate}

    assert rules.season_fight([fight(3, "disengaged")]) == 0
    assert rules.season_fight([fight(2, "enemy_sunk"), fight(1, "enemy_captured")]) == 1
    assert rules.season_fight([fight(2, "enemy_sunk"), fight(2, "enemy_sunk")]) == 0
    assert rules.season_fight([fight(1, "enemy_captured"), fight(6, "struck")]) == 1
    assert rules.season_fight([fight(1, "enemy_captured"), fight(4, "escaped")]) == 0
    with pytest.raises(InvalidMove):
        rules.season_fight([])


def test_a_log_of_rules_3_keeps_its_fights_and_season_outcomes_as_logged() -> None:
    """Rules version 4 (issue 31) fights (who tests, the gage, hardship) and resolves
    (every fight kept, the Aide's MiD) otherwise: in a log of version 3 what may have
    fought a round or resolved a fight or a season stands as logged, and nothing else (a
    log of today's version is decided again, never upgraded; docs/rules-notes.md, "The
    rules' version")."""
    assert game.RULES_VERSION == 6
    state = copy.deepcopy(phase_states()[0]["summer"])
    resolve = {"type": "resolve_summer", "seat": "gm", "data": {}}
    advance = {"type": "advance", "seat": "gm", "data": {"results": state["results"]}}
    order = {"type": "engage_decision", "seat": "s-1", "data": {}}
    clock = {"type": "advance", "seat": None, "data": {}}
    ready = {"type": "ready", "seat": "s-1", "data": {"ready": True}}
    talk = {"type": "deploy", "seat": "s-2", "data": {}}
    got = [upgrade(3, state, e)[1].decision for e in (resolve, advance, order, clock)]
    assert got == [True] * 4
    assert [upgrade(3, state, e)[1].decision for e in (ready, talk)] == [False, False]
    assert not upgrade(4, state, order)[1].decision
