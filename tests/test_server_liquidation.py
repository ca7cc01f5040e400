"""Liquidation (issue 31, Briny 001:1302): an investment sold before its summer pays it.

Briny, INVESTMENT: "Solvent investments may be liquidated at any time for the capital in
them minus a 10% liquidation fee." An investment not yet paid is always solvent here (a -
result is taken from the capital as it comes home: docs/rules-notes.md), so any of an
officer's investments may be sold until its summer is resolved.
"""

from __future__ import annotations

from server import game as server_game
from tests.conftest import RICH
from tests.server_helpers import Game, events_of, seat_views


def _funds(game: Game, token: str, officer: str) -> int:
    state = game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]
    return next(o for o in state["officers"] if o["id"] == officer)["funds"]


def test_an_investment_liquidated_fetches_its_capital_less_the_fee_and_its_summer_pays_nothing(
    fresh_game: Game,
) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
    officer = fg.seat["officer"]
    assert fg.act("invest", kind="arms", guineas=3000)["ok"]
    assert fg.act("invest", kind="finance", guineas=2000)["ok"]
    before = _funds(fresh_game, fg.token, officer)
    fg.events()
    # each of his investments shows what it fetches now
    state = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/state", token=fg.token)
    held = {i["id"]: i for i in state.json["state"]["investments"]}
    assert (held["i1805-1"]["fetches"], held["i1805-2"]["fetches"]) == (2700, 1800)

    ack = fg.act("liquidate", investment="i1805-1")
    assert ack["ok"], ack
    (event,) = fg.events()
    assert event["type"] == "liquidate"
    assert event["data"] == {
        "investment": "i1805-1",
        "guineas": 2700,  # 3000 less the 10% fee
        "fee": 300,
        "funds": before + 2700,
    }
    assert _funds(fresh_game, fg.token, officer) == before + 2700
    # sold once: not again, and its id is never given to the next investment
    assert fg.act("liquidate", investment="i1805-1")["error"] == {
        "code": "conflict",
        "message": "'investment': Jack Aubrey holds no investment 'i1805-1' to liquidate",
    }
    assert fg.act("invest", kind="commerce", guineas=1000)["ok"]
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json
    ids = [e["data"]["investment"]["id"] for e in events_of(log, "invest")]
    assert ids == ["i1805-1", "i1805-2", "i1805-3"]

    # the summer pays the two he kept, not the one he sold; all three are then cleared
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json
    report = events_of(log, "resolve_summer")[0]["data"]["report"]
    assert [r["id"] for r in report["returns"]] == ["i1805-2", "i1805-3"]
    state, problems = server_game.replay(log)  # the state equals its log
    assert problems == [] and state["investments"] == []


def test_a_liquidation_is_his_and_the_gms_and_refused_for_another_or_unknown(
    fresh_game: Game,
) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
    ne = fresh_game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    empty = fresh_game.add("ro", "captain", ship="RO")  # a seat with no character yet
    pm = fresh_game.add("pm", "prime-minister")
    assert fg.act("invest", kind="arms", guineas=1000)["ok"]
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    refusals = {
        "another's": ne.act("liquidate", investment="i1805-1")["error"],
        "unknown": fg.act("liquidate", investment="i1805-9")["error"],
        "no officer": empty.act("liquidate", investment="i1805-1")["error"],
        "a minister": pm.act("liquidate", investment="i1805-1")["error"]["code"],
        "the gm himself": gm.act("liquidate", investment="i1805-1")["error"]["code"],
        "no id": fg.act("liquidate")["error"]["code"],
    }
    assert refusals == {
        "another's": {
            "code": "conflict",
            "message": "'investment': Hornblower holds no investment 'i1805-1' to liquidate",
        },
        "unknown": {
            "code": "conflict",
            "message": "'investment': Jack Aubrey holds no investment 'i1805-9' to liquidate",
        },
        "no officer": {
            "code": "conflict",
            "message": "your seat has no living officer to liquidate for",
        },
        "a minister": "forbidden",
        "the gm himself": "forbidden",
        "no id": "invalid",
    }
    after = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    assert after == log  # nothing changed

    # the GM sells it for him; only the two of them read it, the others the bare seq
    for p in fresh_game.players.values():
        p.events()
    assert gm.act("liquidate", investment="i1805-1", **{"as": fg.seat["id"]})["ok"]
    seq = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"][-1]["seq"]
    seen = {
        key: [e for e in p.events() if e["seq"] == seq] for key, p in fresh_game.players.items()
    }
    assert [e["data"]["guineas"] for e in seen["fg"]] == [900]
    assert [e["type"] for e in seen["gm"]] == ["liquidate"]
    assert seen["ne"] == seen["pm"] == seen["ro"] == []
    assert seq in fresh_game.players["ne"].seqs
    # his view, replayed from the log as the page reads it, marks it sold
    views = seat_views(fresh_game, fg.token)
    (held,) = views[seq][1]["investments"]
    assert held["liquidated"] == 900 and "fetches" not in held
