"""Courts-martial (Briny 001:1101: "Captains who get a BR of 6 (own ship sunk) ... will face a
Court Martial when they return, which can result in severe punishment"; BtQ 000:1353,
"Punishments": "dismissal from command, reduction in rank"), sat by the GM one charge at a
time, a guilty man ashore with his seat (docs/rules-notes.md, "Courts-martial")."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from server import game
from server.game import notices, rules
from server.game import season as game_season
from server.game.errors import ActionError
from tests.conftest import PLAY_SEED, seat_characters
from tests.dice_helpers import ScriptedRandom
from tests.server_helpers import (
    SEATS,
    Game,
    assert_officers_replay,
    assert_seats_follow_records,
    new_app,
    phase_states,
)
from tests.test_server_battle_officers import _campaign


def _state(g: Game, token: str | None = None) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state", token=token).json["state"]


def _notices(g: Game, key: str) -> list[str]:
    token = g.players[key].token
    found = g.rest("get", f"/api/campaigns/{g.id}/notices", token=token).json["notices"]
    return [n["text"] for n in found if n["type"] == "court_martial"]


def _sunk_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, str]:
    """Jack Aubrey's Fiddler's Green sunk in the summer of 1805 (her Battle Result 6 preset,
    as a fight on the map sets it), the summer resolved: the game and his officer's id."""
    sunk = game_season.resolve_season

    def fg_sunk(state, rng, deployment, results, extra):  # type: ignore[no-untyped-def]
        lost = {"result": 6, "engagement": "e0", "fate": "sunk", "interpretation": "Own ship sunk."}
        return sunk(state, rng, deployment, {**results, "FG": lost}, extra)

    monkeypatch.setattr(game_season, "resolve_season", fg_sunk)
    g = Game.new(new_app(tmp_path), seed=PLAY_SEED)
    made = seat_characters(
        g, ("fg", "captain", {"ship": "FG"}, {"name": "Jack Aubrey", "rank": "Captain"})
    )
    g.add("pm", "prime-minister")
    g.add("fsl", "first-sea-lord")
    gm = g.gm()
    assert g.players["pm"].act("set_ships", digit=3)["ok"]
    assert g.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    g.drain()
    assert gm.act("resolve_summer")["ok"]
    return g, made["fg"]


def _seating(g: Game) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/seats").json


def test_a_captain_whose_ship_was_sunk_faces_the_court_the_gm_sits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jack Aubrey's Fiddler's Green is sunk: he comes home to a court-martial on his
    record; the GM sits it, reducing him in rank: a Master & Commander, ashore, his seat with
    him and FG to an NPC captain; every seat is told; it is sat once; the GM hands the seat
    a ship again; the log replays to the same officers and seats."""
    g, oid = _sunk_game(tmp_path, monkeypatch)
    gm = g.gm()
    report = _state(g)["report"]
    assert report["ships"]["FG"]["battle_result"] == 6
    assert {"officer": oid, "reason": "captain's battle result 6"} in report["courts_martial"]
    own = next(o for o in _state(g, g.players["fg"].token)["officers"] if o["id"] == oid)
    assert not own["dead"], "he lived to face it, as the summer falls"
    assert own["courts_martial"] == [
        {"reason": "captain's battle result 6", "season": "1805 summer"}
    ]
    # an NPC's court is only reported: none is marked on an NPC's record
    assert all("courts_martial" not in o for o in _state(g)["officers"] if o["id"] != oid)
    # the GM sits it: guilty, reduced in rank
    seat = g.players["fg"].seat["id"]
    acked = gm.act("court_martial", officer=oid, verdict="reduction in rank")
    assert acked["ok"], acked
    state = _state(g)
    after = next(o for o in state["officers"] if o["id"] == oid)
    assert (after["rank"], after["ship"], after["squadron"]) == ("Master & Commander", None, None)
    assert "courts_martial" not in after
    # his seat goes ashore with him (as his own page reads it), and FG gets an NPC captain
    mine = next(s for s in _state(g, g.players["fg"].token)["seats"] if s["id"] == seat)
    assert (mine["role"], mine["ship"], mine["squadron"]) == ("captain", None, None)
    assert_seats_follow_records(state)
    relief = next(
        o
        for o in state["officers"]
        if o["ship"] == "FG" and o["rank"] in rules.CAPTAIN_RANKS and not o["dead"]
    )
    assert relief["player"] is None and relief["id"] != oid
    words = (
        "Court-martial of Captain Jack Aubrey (captain's battle result 6, 1805 summer): "
        f"found guilty and reduced in rank to Master & Commander; {relief['rank']} "
        f"{relief['name']} (NPC) takes command of FG; his seat goes ashore with him till the "
        "GM hands it a ship (reassign)"
    )
    assert _notices(g, "fg") == _notices(g, "pm") == _notices(g, "gm") == [words]
    # the GM's seats panel warns of it: the seat commands nothing (not "idle")
    warned = [w for w in _seating(g)["warnings"] if w.get("seat") == seat]
    assert [w["kind"] for w in warned] == ["ashore"]
    assert "ashore with Master & Commander Jack Aubrey" in warned[0]["text"]
    again = gm.act("court_martial", officer=oid, verdict="acquitted")
    assert again["error"]["code"] == "conflict", again
    refused = g.players["fg"].act("court_martial", officer=oid, verdict="acquitted")
    assert refused["error"]["code"] == "forbidden", refused
    # the GM hands the seat a ship: the NPC captain of FG goes ashore in exchange
    assert gm.act("reassign", seat=seat, ship="FG")["ok"]
    state = _state(g)
    assert_seats_follow_records(state)
    assert next(o for o in state["officers"] if o["id"] == relief["id"])["ship"] is None
    kinds = {w["kind"] for w in _seating(g)["warnings"] if w.get("seat") == seat}
    assert "ashore" not in kinds, kinds
    assert_officers_replay(g, g.rest("get", f"/api/campaigns/{g.id}/log").json)


def test_the_verdicts_keep_or_take_his_berth_and_rank() -> None:
    """Acquitted he keeps his rank and ship; dismissed from his command he keeps his rank,
    ashore; a Sailor cannot be reduced (the ladder's foot)."""
    state = _campaign()
    game.apply_event(state, "campaign_created", {"gm": SEATS["gm"], "name": "C", "year": 1805})
    state["phase"] = "autumn"
    gm = state["seats"]["gm"]
    captain = next(o for o in state["officers"].values() if o["id"] == "FG-captain")
    sailor = next(o for o in state["officers"].values() if o["rank"] == "Able Seaman")
    sailor["rank"] = "Sailor"  # (the roster rolls none: the ladder's foot made by hand)
    for o in (captain, sailor):
        o["courts_martial"] = [{"reason": "poltroonery", "season": "1805 summer"}]
    rng = game.event_rng(1, 9)
    _, kept = game.decide(
        state, gm, {"type": "court_martial", "officer": "FG-captain", "verdict": "acquitted"}, rng
    )
    assert (kept["rank"], kept["ship"], kept["left"], kept["relief"]) == (
        captain["rank"],
        "FG",
        None,
        None,
    )
    _, out = game.decide(
        state,
        gm,
        {"type": "court_martial", "officer": "FG-captain", "verdict": "dismissal from command"},
        rng,
    )
    assert (out["rank"], out["ship"], out["squadron"], out["left"]) == (
        captain["rank"],
        None,
        None,
        "FG",
    )
    assert out["seat"] is None, "an NPC's: no seat goes ashore"
    assert out["relief"]["ship"] == "FG" and out["relief"]["id"] == "FG-captain-2"
    with pytest.raises(ActionError) as err:
        game.decide(
            state,
            gm,
            {"type": "court_martial", "officer": sailor["id"], "verdict": "reduction in rank"},
            rng,
        )
    assert err.value.code == "invalid"


#: the walk's seat of the Red squadron's admiral (Calder's)
RED = SEATS["admiral"]["id"]


def _red_admiral(phase: str, **officer: Any) -> dict[str, Any]:
    """The walk's campaign in ``phase``, the Red admiral's seat playing the Red's Vice
    Admiral (Red-VA, his record's other fields ``officer``)."""
    state = copy.deepcopy(phase_states()[0][phase])
    state["officers"]["Red-VA"] = {**state["officers"]["Red-VA"], "player": RED, **officer}
    state["seats"][RED]["officer"] = "Red-VA"
    return state


def _act(state: dict[str, Any], seat: str, args: dict[str, Any], rng: random.Random) -> Any:
    kind, data = game.decide(state, state["seats"][seat], args, rng)
    game.apply_event(state, kind, data)
    return data


def _sit(state: dict[str, Any], verdict: str) -> Any:
    args = {"type": "court_martial", "officer": "Red-VA", "verdict": verdict}
    return _act(state, "gm", args, random.Random(1))


def test_an_embezzler_found_out_then_beaten_faces_two_courts_sat_in_turn() -> None:
    """Vice Admiral Red-VA, the Ordnance Board's Supervisor, embezzles 3,000 guineas in the
    summer: 4 + 5 = 9 x 300 = 2,700 below 3,000, found out (Briny 001:1206). The summer's
    dice (seed 18) give the Red his admiral's Battle Result 6 (001:1101): the second charge
    stands after the first, not in its place; the GM sits them in the order they were made,
    each its own verdict; acquitted of the first he commands the Red still, reduced on the
    second he goes ashore a Rear Admiral, his admiral's seat with him."""
    state = _red_admiral("summer", appointment="Ordnance Board Supervisor")
    found = _act(state, RED, {"type": "embezzle", "guineas": 3000}, ScriptedRandom([4, 5]))
    assert (found["dice"], found["found_out"], found["court_martial"]) == ([4, 5], True, True)
    first = {"reason": "embezzlement", "season": "1805 summer"}
    assert state["officers"]["Red-VA"]["courts_martial"] == [first]
    summer = _act(state, "gm", {"type": "resolve_summer"}, random.Random(18))
    beaten = {"officer": "Red-VA", "reason": "admiral's battle result 6"}
    assert beaten in summer["report"]["courts_martial"], "the walk's summer on seed 18"
    second = {"reason": "admiral's battle result 6", "season": "1805 summer"}
    red = state["officers"]["Red-VA"]
    assert (red["dead"], red["squadron"]) == (False, "Red")
    assert red["courts_martial"] == [first, second], "both charges stand, in order"
    # the GM's view and his own show both; no one else's
    for seat in ("gm", RED):
        view = game.state_for(state, state["seats"][seat])
        assert next(o for o in view["officers"] if o["id"] == "Red-VA")["courts_martial"] == [
            first,
            second,
        ]
    other = game.state_for(state, state["seats"]["fg"])
    assert "courts_martial" not in next(o for o in other["officers"] if o["id"] == "Red-VA")
    # the first made is sat first: acquitted, he keeps his flag and faces the second
    sat = _sit(state, "acquitted")
    assert (sat["reason"], sat["verdict"], sat["pending"], sat["seat"]) == (
        "embezzlement",
        "acquitted",
        1,
        None,
    )
    red = state["officers"]["Red-VA"]
    assert (red["squadron"], red["courts_martial"]) == ("Red", [second])
    # then the second: reduced in rank, ashore, his seat with him (still an admiral's)
    sat = _sit(state, "reduction in rank")
    assert (sat["reason"], sat["rank"], sat["left"], sat["pending"]) == (
        "admiral's battle result 6",
        "Rear Admiral",
        "Red",
        0,
    )
    assert (sat["seat"], sat["role"], sat["relief"]) == (RED, "admiral", None)
    red = state["officers"]["Red-VA"]
    assert (red["rank"], red["squadron"], "courts_martial" in red) == ("Rear Admiral", None, False)
    assert (state["seats"][RED]["role"], state["seats"][RED]["squadron"]) == ("admiral", None)
    assert_seats_follow_records(state)
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        _sit(state, "acquitted")
    assert err.value.code == "conflict" and state == before, "none left: nothing changed"


def test_an_admiral_reduced_below_flag_rank_has_a_captains_seat_ashore() -> None:
    """A Rear Admiral reduced to Post Captain goes ashore with his seat, a captain's now (as
    a captain's promoted to flag rank becomes an admiral's): the GM may hand it a ship, not a
    squadron; a Master & Commander reduced to Lieutenant keeps a captain's seat ashore that
    the GM cannot hand a ship (no captain's rank)."""
    state = _red_admiral(
        "autumn",
        rank="Rear Admiral",
        squadron="Red",
        courts_martial=[{"reason": "admiral's battle result 5", "season": "1805 summer"}],
    )
    sat = _sit(state, "reduction in rank")
    assert (sat["rank"], sat["seat"], sat["role"], sat["left"]) == (
        "Post Captain",
        RED,
        "captain",
        "Red",
    )
    seat = state["seats"][RED]
    assert (seat["role"], seat["ship"], seat["squadron"]) == ("captain", None, None)
    assert_seats_follow_records(state)
    seen = notices.Seen(9, "court_martial", sat, "gm", "gm", state["seats"]["gm"], state, {})
    assert notices.court_martial(seen)[0]["text"] == (
        f"Court-martial of Rear Admiral {state['officers']['Red-VA']['name']} (admiral's battle "
        "result 5, 1805 summer): found guilty and reduced in rank to Post Captain; his seat, a "
        "captain's now, goes ashore with him till the GM hands it a ship (reassign)"
    )
    squadron = {"type": "reassign", "seat": RED, "squadron": "White"}
    with pytest.raises(ActionError) as err:
        game.decide(state, state["seats"]["gm"], squadron, random.Random(1))
    assert err.value.code == "invalid", "a captain's seat takes a ship"
    ship = {"type": "reassign", "seat": RED, "ship": "DR"}
    handed = game.decide(state, state["seats"]["gm"], ship, random.Random(1))[1]
    assert (handed["officer"], handed["ship"]) == ("Red-VA", "DR")
    # reduced again (a Master & Commander to a Lieutenant): the seat cannot take a ship
    state["officers"]["Red-VA"]["rank"] = "Master & Commander"
    state["officers"]["Red-VA"]["courts_martial"] = [
        {"reason": "embezzlement", "season": "1805 autumn"}
    ]
    sat = _sit(state, "reduction in rank")
    assert (sat["rank"], sat["seat"], sat["left"]) == ("Lieutenant", None, None)
    assert_seats_follow_records(state)
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        game.decide(
            state,
            state["seats"]["gm"],
            {"type": "reassign", "seat": RED, "ship": "DR"},
            random.Random(1),
        )
    assert err.value.code == "conflict" and state == before
    assert "Lieutenant" in err.value.message
