"""Ship Tables A and B through the protocol (issue 31; Briny 001:548-628): a captain's
application for a ship, a captaincy bought, a month's pay drawn; each refusal one error
that changes nothing; the notices; the log replays."""

from __future__ import annotations

from typing import Any

import pytest

from server import game as server_game
from server.game import rules
from strategy.campaign.dice import ScriptedDice
from tests.conftest import RICH
from tests.server_helpers import Game, events_of

#: an Earl's second son, not orphaned: Social Level 9, 150 guineas (Briny, BIRTH)
EARLS_SON = {
    "social_class": "Nobleman",
    "father": "Poor",
    "sibling": "Second Son",
    "orphan": False,
    "title": "Earl",
}


def _state(game: Game, token: str) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]


def _log(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/log").json


def _notices(game: Game, token: str, kind: str) -> list[dict[str, Any]]:
    got = game.rest("get", f"/api/campaigns/{game.id}/notices?since=0", token=token).json
    return [n for n in got["notices"] if n["type"] == kind]


def test_a_captain_applies_for_a_ship_and_takes_her_command_her_captain_his(
    fresh_game: Game,
) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
    ne = fresh_game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    assert gm.act("roll_force")["ok"]
    # in the summer the fleet is at sea: "a pre-monthly action" is made in port
    assert fg.act("apply_ship", ship="TH")["error"]["code"] == "wrong_phase"
    assert gm.act("resolve_summer")["ok"]
    state = _state(fresh_game, fg.token)
    mine = state["ship_tables"]
    assert mine["social_level"] == 13 and mine["rejections"] == 0
    # a Senior Captain's commands (3rd and 4th rates) but his own, each its Table A roll
    assert {s["ship"]: s["needed"] for s in mine["ships"]} == {
        "VA": 1,
        "TH": 0,
        "DR": 0,
        "GL": 0,
    }
    officer = fg.seat["officer"]
    # the GM reads each seat's, to act as it
    gm_view = _state(fresh_game, fresh_game.gm_token)
    assert gm_view["ship_tables_of"][fg.seat["id"]] == mine and "ship_tables" not in gm_view
    roster = gm_view["officers"]
    captain = next(o["id"] for o in roster if o["ship"] == "TH" and o["rank"] == "Captain")
    fg.events()
    ack = fg.act("apply_ship", ship=" th ")
    assert ack["ok"], ack
    (event,) = fg.events()
    data = event["data"]
    assert event["type"] == "apply_ship"
    assert (data["ship"], data["left"], data["row"], data["needed"]) == (
        "TH",
        "FG",
        "Senior Captain",
        0,
    )
    assert data["accepted"] and data["total"] == data["die"] and data["exchanged"] == captain
    after = _state(fresh_game, fresh_game.gm_token)
    ships = {o["id"]: o["ship"] for o in after["officers"]}
    assert (ships[officer], ships[captain]) == ("TH", "FG")
    assert next(s for s in after["seats"] if s["id"] == fg.seat["id"])["ship"] == "TH"
    # told to him and the GM in words, to the others as the command he took
    assert _notices(fresh_game, fg.token, "ship_application")[0]["text"] == (
        f"Thermopylae: accepted (rolled {data['die']}, needed 0)"
    )
    told = _notices(fresh_game, fresh_game.gm_token, "ship_application")[0]["text"]
    assert told.endswith(f": Thermopylae: accepted (rolled {data['die']}, needed 0)")
    assert _notices(fresh_game, ne.token, "ship_application")[0]["text"] == (
        "Jack Aubrey takes command of Thermopylae"
    )
    state, problems = server_game.replay(_log(fresh_game))
    assert problems == [] and state["officers"][officer]["ship"] == "TH"


def test_refused_he_may_apply_only_lower_and_two_refusals_cost_one(
    fresh_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worked example, with the NPC Ship Commanders' dice scripted: an Earl's son of
    Social Level 9, Captain of Fiddler's Green, tries Vanguard (needs 3: rolls 2, refused),
    then Thermopylae (needs 2: rolls 1, refused), may not try Vanguard again, then
    Glenmorangie with two refusals behind him (needs 2: rolls 6 less 1, accepted)."""
    dice = ScriptedDice([2, 1, 6])  # the NPC Ship Commanders' dice, in turn
    monkeypatch.setattr(rules, "RandomDice", lambda rng: dice)
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Pellew", "birth": EARLS_SON})
    rolls = []
    for code in ("VA", "TH"):
        assert fg.act("apply_ship", ship=code)["ok"]
        rolls.append(events_of(_log(fresh_game), "apply_ship")[-1]["data"])
    assert [(r["needed"], r["die"], r["modifier"], r["accepted"]) for r in rolls] == [
        (3, 2, 0, False),
        (2, 1, 0, False),
    ]
    assert _state(fresh_game, fg.token)["ship_tables"]["rejections"] == 2
    seqs = len(_log(fresh_game)["events"])
    assert fg.act("apply_ship", ship="VA")["error"] == {
        "code": "conflict",
        "message": "'ship': refused this month, Pellew may apply only to ships of a lower "
        "standing than those that refused him, not Vanguard",
    }
    assert len(_log(fresh_game)["events"]) == seqs  # nothing changed
    assert fg.act("apply_ship", ship="GL")["ok"]
    last = events_of(_log(fresh_game), "apply_ship")[-1]["data"]
    assert (last["needed"], last["die"], last["modifier"], last["total"], last["accepted"]) == (
        2,
        6,
        -1,
        5,
        True,
    )
    assert _notices(fresh_game, fg.token, "ship_application")[-1]["text"] == (
        "Glenmorangie: accepted (rolled 6 less 1, needed 2)"
    )


def test_a_bad_application_is_one_error_and_changes_nothing(fresh_game: Game) -> None:
    fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Aubrey", "birth": RICH})
    fresh_game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    ha = fresh_game.add(
        "ha", "captain", ship="HA", officer={"name": "Pullings", "birth": EARLS_SON}
    )
    empty = fresh_game.add("ro", "captain", ship="RO")
    seqs = len(_log(fresh_game)["events"])
    refusals = {
        "unknown": fg.act("apply_ship", ship="ZZ")["error"],
        "his own": fg.act("apply_ship", ship="FG")["error"],
        "a player's": ha.act("apply_ship", ship="NE")["error"]["code"],
        "another row": fg.act("apply_ship", ship="FE")["error"],
        "no officer": empty.act("apply_ship", ship="TH")["error"]["code"],
    }
    assert refusals == {
        "unknown": {"code": "not_found", "message": "'ship': no ship 'ZZ' in the fleet"},
        "his own": {
            "code": "conflict",
            "message": "'ship': Aubrey commands Fiddler's Green already",
        },
        "a player's": "conflict",
        "another row": {
            "code": "conflict",
            "message": "'ship': Ferocious is a Post Captain's command, "
            "and Aubrey is a Senior Captain",
        },
        "no officer": "conflict",
    }
    assert len(_log(fresh_game)["events"]) == seqs


def test_a_captaincy_bought_and_a_months_pay_drawn(fresh_game: Game) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Aubrey", "birth": RICH})
    poor = fresh_game.add(
        "va", "captain", ship="VA", officer={"name": "Pellew", "birth": EARLS_SON}
    )
    officer = fg.seat["officer"]
    funds = next(o for o in _state(fresh_game, fg.token)["officers"] if o["id"] == officer)["funds"]
    offered = _state(fresh_game, fg.token)["ship_tables"]["buy"]
    assert offered == [
        {"ship": "RO", "row": "Post Captain", "price": 240},
        {"ship": "FE", "row": "Post Captain", "price": 230},
        {"ship": "IN", "row": "Post Captain", "price": 230},
        {"ship": "NE", "row": "Post Captain", "price": 220},
    ]
    fg.events()
    assert fg.act("buy_rank", ship="NE")["ok"]
    (bought,) = fg.events()
    assert bought["data"] == {
        "officer": officer,
        "ship": "NE",
        "was": "Senior Captain",
        "row": "Post Captain",
        "rank": "Post Captain",
        "price": 220,
        "funds": funds - 220,
    }
    me = next(o for o in _state(fresh_game, fg.token)["officers"] if o["id"] == officer)
    assert (me["rank"], me["seniority"], me["funds"]) == ("Post Captain", 1805, funds - 220)
    # a Post Captain now: the 1st and 2nd rates are his to apply for, nothing above to buy
    mine = _state(fresh_game, fg.token)["ship_tables"]
    assert [s["ship"] for s in mine["ships"]] == ["RO", "FE", "IN", "NE"] and mine["buy"] == []
    assert fg.act("buy_rank", ship="RO")["error"] == {
        "code": "invalid",
        "message": "a Post Captain has no captaincy above his to buy",
    }
    # the month's pay: a Post Captain's, the nearest printed to Fiddler's Green's column
    assert fg.act("draw_pay")["ok"]
    (paid,) = fg.events()
    assert paid["data"] == {
        "officer": officer,
        "month": "1805-06",
        "row": "Post Captain",
        "column": 3,
        "pay": 28,
        "status": 9,
        "funds": funds - 220 + 28,
    }
    assert fg.act("draw_pay")["error"] == {
        "code": "conflict",
        "message": "Aubrey has drawn his pay for 1805-06",
    }
    assert _notices(fresh_game, fg.token, "pay")[0]["text"] == (
        "You: pay for 1805-06 as a Post Captain, 28 guineas and 9 Status Points"
    )
    assert _notices(fresh_game, fg.token, "rank_bought")[0]["officer"] == officer
    # the poorer: Social Level 9 is short of a Post Captain's 10..12, and 150 guineas of
    # the price
    assert poor.act("buy_rank", ship="NE")["error"]["code"] == "invalid"
    assert poor.act("buy_rank", ship="HA")["error"] == {
        "code": "invalid",
        "message": "a Senior Captain buys a Post Captain's captaincy: "
        "Halcyon is a Junior Captain's",
    }
    # private: the others read neither
    assert _notices(fresh_game, poor.token, "rank_bought") == []
    assert _notices(fresh_game, poor.token, "pay") == []
    assert len(_notices(fresh_game, fresh_game.gm_token, "pay")) == 1
    state, problems = server_game.replay(_log(fresh_game))
    assert problems == [] and state["officers"][officer]["rank"] == "Post Captain"
    del gm


def test_favours_brought_to_bear_on_the_npc_ship_commanders_die(
    fresh_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Briny 001:554, "This die roll may be modified by influence with NPC Ship Commander": a
    Post Captain of Social Level 13 holds a class 3 favour this season (Influence Table A);
    Ferocious's NPC Post Captain takes a Captain's class (3: Table B), so it moves his die
    by one: he rolls 1, needs 2, and is accepted by the favour, which is spent."""
    dice = ScriptedDice([1])  # Ferocious's NPC Ship Commander's die
    monkeypatch.setattr(rules, "RandomDice", lambda rng: dice)
    ro = fresh_game.add("ro", "captain", ship="RO", officer={"name": "Pellew", "birth": RICH})
    state = _state(fresh_game, ro.token)
    assert state["favours"]["held"] == [3]
    fe = next(s for s in state["ship_tables"]["ships"] if s["ship"] == "FE")
    assert fe == {"ship": "FE", "needed": 2, "favour": rules.rank_favour("Post Captain")} and (
        fe["favour"] == 3
    )
    ack = ro.act("apply_ship", ship="FE", favours=[3])
    assert ack["ok"], ack
    data = events_of(_log(fresh_game), "apply_ship")[-1]["data"]
    assert (data["die"], data["modifier"], data["influence"], data["total"]) == (1, 0, 1, 2)
    assert data["accepted"] and data["favours"] == [3]
    assert _state(fresh_game, ro.token)["favours"]["held"] == []  # expended (001:478)
    assert _notices(fresh_game, ro.token, "ship_application")[-1]["text"] == (
        "Ferocious: accepted (rolled 1 and +1 by favours, needed 2)"
    )
    monkeypatch.setattr(rules, "RandomDice", lambda rng: ScriptedDice([1]))  # the same die
    state, problems = server_game.replay(_log(fresh_game))
    assert problems == [] and state["favours"][ro.seat["officer"]]["spent"] == [3]


def test_favours_on_a_ship_application_refused_change_nothing(fresh_game: Game) -> None:
    """Favours he does not hold, a favour below the commander's class alone, or favours on
    a Blockade ship, which takes him without a die: one error each, nothing spent."""
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Pellew", "birth": RICH})
    poor = fresh_game.add("ne", "captain", ship="NE", officer={"name": "Bush"})
    sloop = fresh_game.add("ho", "captain", ship="HO", officer={"name": "Kydd", "birth": RICH})
    seqs = len(_log(fresh_game)["events"])
    refusals = {
        "not held": fg.act("apply_ship", ship="VA", favours=[9])["error"],
        "adds nothing": fg.act("apply_ship", ship="VA", favours=[1])["error"]["code"],
        "none held": poor.act("apply_ship", ship="VA", favours=[3])["error"]["code"],
        "out of range": fg.act("apply_ship", ship="VA", favours=[0])["error"]["code"],
        "automatic": sloop.act("apply_ship", ship="CA", favours=[3])["error"]["code"],
    }
    assert refusals == {
        "not held": {
            "code": "conflict",
            "message": "'favours': Pellew does not hold favours of class 9 this season "
            "(he holds: 3)",
        },
        "adds nothing": "invalid",
        "none held": "conflict",
        "out of range": "invalid",
        "automatic": "invalid",
    }
    assert len(_log(fresh_game)["events"]) == seqs
    assert _state(fresh_game, fg.token)["favours"]["held"] == [3]
