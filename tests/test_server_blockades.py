"""Blockades and breakouts (issue 13, item 5): an enemy force putting to sea from a port a
British force blockades is sighted and chased (seed 002, then BtQ combat); an escape is a
notice every British seat is told, in words and in fields, logged and replayable."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from server.game import blockades, forces, replay, sighting
from tests.server_helpers import BRITISH_SEATS, phase_states


def _notices(run: dict[str, Any], key: str) -> list[dict[str, Any]]:
    (advance,) = run["seen"][key]
    return advance["data"].get("breakouts")


def test_the_brest_squadron_leaving_is_sighted_chased_and_fought(blockade_breakouts) -> None:
    run = blockade_breakouts["chased"]
    red = run["red"]["id"]
    (notice,) = _notices(run, "gm")
    assert notice == {
        "force": "fr-brest",
        "name": "Brest Squadron",
        "port": "brest",
        "day": 5,
        "blockaders": [red],
        "sighted_by": red,
        "engagement": "e1",
        "escaped": False,
        "text": "the Brest Squadron, putting out of Brest on day 5, was sighted and chased "
        "by the Red Squadron, Channel Fleet",
    }
    fight = next(e for e in run["state"]["engagements"] if e["id"] == "e1")
    assert fight["breakout"] == {"force": "fr-brest", "port": "brest", "day": 5}
    assert fight["forces"] == [red, "fr-brest"] and fight["chase"]["outcome"] == "engaged"
    kinds = [e["event"] for e in fight["log"] if e.get("phase") == "chase"]
    # the chase, after the hunter's officers' prep work (seed 002, 2.1)
    assert set(kinds[: kinds.index("chase")]) <= {"prep_work"}
    # the battle waits for the Red squadron's seated captain and its admiral (for the
    # ships with no captain of their own), who fight it out
    gm_game, captain = run["game"], run["game"].players["fg"]
    admiral = gm_game.players["red"]
    assert set(fight["awaiting"].values()) <= {captain.seat["id"], admiral.seat["id"]}
    assert captain.seat["id"] in fight["awaiting"].values()
    for _ in range(200):
        for player in (captain, admiral):
            if player.seat["id"] in fight["awaiting"].values():
                ack = player.act("engage_decision", engagement="e1", decision="close")
                assert ack["ok"], ack
        state = gm_game.rest("get", f"/api/campaigns/{gm_game.id}/state").json["state"]
        if state["engagements"][0]["over"]:
            break
    assert state["engagements"][0]["over"]
    assert {r["engagement"] for r in state["results"].values()} == {"e1"}


def test_an_escape_is_told_to_every_british_seat_in_words(blockade_breakouts) -> None:
    run = blockade_breakouts["escaped"]
    words = "the Brest Squadron has escaped the blockade of Brest on day 5"
    for key in (*BRITISH_SEATS, "gm"):
        (notice,) = _notices(run, key)
        assert notice["text"] == words, key
        assert (notice["force"], notice["port"], notice["day"]) == ("fr-brest", "brest", 5)
        assert notice["escaped"] and notice["engagement"] == "e1"
    assert _notices(run, "obs") is None  # an observer is told the date only
    players = json.dumps([_notices(run, k) for k in BRITISH_SEATS])
    assert "ferrol" not in players  # where it sails is the GM's
    fight = run["state"]["engagements"][0]
    assert fight["outcome"]["how"] == "escaped" and fight["outcome"]["chase"]
    # logged, and the log replays to the same state
    logged = [e for e in run["log"]["events"] if e["type"] == "advance"][-1]
    assert logged["data"]["breakouts"][0]["text"] == words
    state, problems = replay(run["log"])
    assert problems == []
    assert state["engagements"]["e1"]["breakout"]["port"] == "brest"


def _blockading(offset_nm: float = 0.0, arrived: bool = True) -> dict[str, Any]:
    """The summer's state with the Red squadron blockading Brest at its station (moved
    ``offset_nm`` west of it) and the Brest squadron ordered to sea for Ferrol."""
    state = copy.deepcopy(phase_states()[0]["summer"])
    red = next(f for f in state["forces"].values() if f["squadron"] == "Red")
    lon, lat = forces.deploy_destination("blockade", "brest")
    red.update(port=None, lon=lon - offset_nm / 40.0, lat=lat, orders=None, route=None)
    red["orders"] = {"kind": "blockade", "target": "brest"}
    if not arrived:
        red["route"] = forces.plan_route(state, red, (lon - 1.0, lat))
    brest = state["forces"]["fr-brest"]
    brest["route"] = forces.plan_route(state, brest, "ferrol")
    brest["orders"] = {"kind": "sail", "target": "ferrol"}
    return state


def test_a_squadron_never_in_sight_of_its_blockaders_has_escaped() -> None:
    state = _blockading(offset_nm=40.0)  # 40 nm off station: out of sight of the Goulet
    out = forces.advance(state, 1, random.Random(0))
    (notice,) = out["breakouts"]
    assert notice["escaped"] and notice["sighted_by"] is None and notice["engagement"] is None
    assert notice["text"] == "the Brest Squadron has escaped the blockade of Brest on day 1"
    assert out["engagements"] == []


def test_only_a_blockader_at_her_station_watches_the_port() -> None:
    on_passage = _blockading(arrived=False)
    assert blockades.blockaders(on_passage, "brest") == []
    assert forces.advance(on_passage, 1, random.Random(0))["breakouts"] == []
    watching = _blockading()
    assert [f["squadron"] for f in blockades.blockaders(watching, "brest")] == ["Red"]
    assert blockades.blockaders(watching, "toulon") == []
    (notice,) = forces.advance(watching, 1, random.Random(0))["breakouts"]
    assert notice["sighted_by"] == notice["blockaders"][0] and notice["engagement"] == "e1"


def test_the_watch_reads_the_whole_track_not_only_the_six_hourly_check() -> None:
    """Out of the Goulet at 5-8 knots the squadron is 30 nm off by the first check: the
    blockaders 3 nm off the anchorage see it pass all the same."""
    state = _blockading()
    red = next(f for f in state["forces"].values() if f["squadron"] == "Red")
    brest = state["forces"]["fr-brest"]
    now = state["day"] + 1 / forces.STEPS_PER_DAY
    at = sighting.position_on_route(brest["route"], now - brest["route"]["start_day"])
    assert sighting.distance_nm((red["lon"], red["lat"]), at) > sighting.SIGHTING_NM
    assert blockades.sighting_nm(red, brest, now) <= sighting.SIGHTING_NM
