"""The ``skirmish`` action: a captain's cutting-out expedition or landing party from his ship
lying off an enemy port in the summer (BtQ 000:1153-1199, "The Skirmish Rules"), fought at
once, its outcome on the roster and the ship, told to him, his admiral and the GM, and
replayed from the log.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from server import game
from server.game import ActionError, rules
from strategy.combat.morale import worse
from tests.server_helpers import (
    SEATS,
    SEED,
    assert_officers_replay,
    events_of,
    new_app,
    off_brest,
    phase_states,
)

CUT_OUT = {
    "type": "skirmish",
    "ship": "FG",
    "mission": "cutting_out",
    "port": "brest",
    "party": {"FG-captain": "board", "FG-lt1": "cut_the_cable"},
}


def _off_brest(state: dict[str, Any]) -> dict[str, Any]:
    """The walk's summer with FG's force lying at the Brest blockaders' station."""
    state = copy.deepcopy(state)
    force = next(f for f in state["forces"].values() if any(s["code"] == "FG" for s in f["ships"]))
    lon, lat = rules.blockade_point("brest")
    force.update(lon=lon, lat=lat, port=None, route=None, afloat=True)
    return state


def _decide(state: dict[str, Any], args: dict[str, Any], seq: int = 50, seat: str = "fg") -> Any:
    return game.decide(state, state["seats"][seat], args, game.event_rng(SEED, seq))


def _refused(state: dict[str, Any], args: dict[str, Any], seat: str = "fg") -> ActionError:
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        _decide(state, args, seat=seat)
    assert state == before  # nothing changed
    return err.value


def test_the_skirmish_stands_on_the_roster_and_the_ship_won_or_lost() -> None:
    """Lost, "your Ship Morale is damaged by one level"; a cutting-out won carries off the
    prize, its Prize Money in the purses of the party; the wounds stand either way."""
    summer = _off_brest(phase_states()[0]["summer"])
    seen = set()
    for seq in range(40):
        state = copy.deepcopy(summer)
        kind, data = _decide(state, {**CUT_OUT, "cards": {"FG-lt1": 1}}, seq)
        before = {oid: state["officers"][oid]["funds"] for oid in CUT_OUT["party"]}
        game.apply_event(state, kind, data)
        ship = next(s for f in state["forces"].values() for s in f["ships"] if s["code"] == "FG")
        assert data["commander"] == "FG-captain" and list(data["party"])[0] == "FG-captain"
        assert data["outcome"]["cards"] == {"FG-lt1": 1}
        assert data["seats"] == ["fg", "red"]  # her captain, the Red squadron's admiral
        assert ship["skirmish"]["day"] == state["day"]
        for oid, level in data["health"].items():
            assert state["officers"][oid]["sheet"]["state"] == level.title()
            assert state["officers"][oid]["dead"] == (level == "dead")
        if data["victory"]:
            assert ship["morale"] == "healthy" and data["prize"]["type"] == "Brig Sloop"
            assert "cut out a Brig Sloop from Brest" in data["text"]
            for oid in data["prize_money"]:
                share = data["prize_money"][oid][0]["guineas"]
                assert state["officers"][oid]["funds"] == before[oid] + share > before[oid]
        else:
            assert ship["morale"] == worse("healthy") == "injured"
            assert data["prize"] is None and data["prize_money"] == {}
            assert "beaten off" in data["text"]
        seen.add(data["victory"])
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_a_landing_party_wins_no_prize() -> None:
    summer = _off_brest(phase_states()[0]["summer"])
    args = {**CUT_OUT, "mission": "landing_party", "party": {"FG-captain": "storm"}}
    for seq in range(40):
        _, data = _decide(copy.deepcopy(summer), args, seq)
        if data["victory"]:
            assert data["prize"] is None and data["prize_money"] == {}
            assert "destroyed the post ashore near Brest" in data["text"]
            return
    raise AssertionError("no landing party won in 40 seeds")


def test_what_is_refused() -> None:
    summer = phase_states()[0]["summer"]
    # the walk's FG lies in port, not off an enemy's
    assert _refused(copy.deepcopy(summer), CUT_OUT).code == "conflict"
    state = _off_brest(summer)
    assert _refused(state, {**CUT_OUT, "port": "toulon"}).code == "conflict"  # out of sight
    assert _refused(state, {**CUT_OUT, "port": "portsmouth"}).code == "invalid"  # ours
    assert _refused(state, {**CUT_OUT, "ship": "DR"}).code == "forbidden"  # not his ship
    task = {**CUT_OUT, "party": {"FG-captain": "storm"}}  # a landing party's task
    assert _refused(state, task).code == "not_found"
    stranger = {**CUT_OUT, "party": {"DR-captain": "board"}}
    assert _refused(state, stranger).code == "not_found"
    to_himself = {**CUT_OUT, "cards": {"FG-captain": 1}}  # "to the other characters"
    assert _refused(state, to_himself).code == "invalid"
    kind, data = _decide(state, CUT_OUT)
    game.apply_event(state, kind, data)
    again = _refused(state, CUT_OUT)
    assert again.code == "conflict" and "today already" in again.message
    # the GM sends an NPC captain's boats away (DR: the walk's Red admiral's flagship)
    dr = _off_brest(summer)
    gm = {**CUT_OUT, "ship": "DR", "party": {"DR-captain": "board"}}
    kind, data = game.decide(dr, dr["seats"][SEATS["gm"]["id"]], gm, game.event_rng(SEED, 3))
    assert kind == "skirmish" and data["ship"] == "DR"


def test_a_captains_boats_off_brest_are_told_to_him_his_admiral_and_the_gm(tmp_path) -> None:
    g = off_brest(new_app(tmp_path), seed=11)
    fg = g.players["fg"]
    view = g.rest("get", f"/api/campaigns/{g.id}/state", token=fg.token).json["state"]
    boats = view["skirmish"]
    assert boats["ship"] == "FG" and {"id": "brest", "name": "Brest"} in boats["ports"]
    assert boats["officers"][0]["id"] == "FG-captain" and boats["last"] is None
    ack = fg.act("skirmish", **{k: v for k, v in CUT_OUT.items() if k != "type"})
    assert ack["ok"], ack
    got = {
        key: [e for e in p.events() if e.get("type") == "skirmish"] for key, p in g.players.items()
    }
    assert [e["data"]["ship"] for e in got["fg"]] == ["FG"]
    assert len(got["red"]) == 1 and len(got["gm"]) == 1
    # the others read her morale and her day's skirmish on the chart, as every British ship's
    # (the forces' change), and nothing of the skirmish itself
    assert all(e["data"] == {} for e in got["blue"] + got["pm"]) and got["obs"] == []
    for key in ("fg", "red", "gm"):
        notes = g.rest(
            "get", f"/api/campaigns/{g.id}/notices?since=0", token=g.players[key].token
        ).json
        told = [n for n in notes["notices"] if n["type"] == "skirmish"]
        assert len(told) == 1 and told[0]["ship"] == "FG", key
    for key in ("blue", "pm"):
        notes = g.rest(
            "get", f"/api/campaigns/{g.id}/notices?since=0", token=g.players[key].token
        ).json
        assert not [n for n in notes["notices"] if n["type"] == "skirmish"], key
    view = g.rest("get", f"/api/campaigns/{g.id}/state", token=fg.token).json["state"]
    assert view["skirmish"]["last"]["text"] == got["fg"][0]["data"]["text"]
    assert view["skirmish"]["today"] is True
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    assert len(events_of(log, "skirmish")) == 1
    assert_officers_replay(g, log)
    replayed, _ = game.replay(log)  # and to the same ship: her morale, her day's skirmish
    state = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    force = events_of(log, "skirmish")[0]["data"]["force"]
    live = next(f for f in state["forces"] if f["id"] == force)
    again = replayed["forces"][live["id"]]
    assert [s.get("morale") for s in again["ships"]] == [s.get("morale") for s in live["ships"]]
    assert [s.get("skirmish") for s in again["ships"]] == [s.get("skirmish") for s in live["ships"]]
