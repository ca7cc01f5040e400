"""Courts-martial (Briny 001:1101: "Captains who get a BR of 6 (own ship sunk) ... will face a
Court Martial when they return, which can result in severe punishment"; BtQ 000:1353,
"Punishments": "dismissal from command, reduction in rank"), sat by the GM
(docs/rules-notes.md, "Courts-martial")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server import game
from server.game import season as game_season
from server.game.errors import ActionError
from tests.conftest import PLAY_SEED, seat_characters
from tests.server_helpers import SEATS, Game, assert_officers_replay, new_app
from tests.test_server_battle_officers import _campaign


def _state(g: Game, token: str | None = None) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state", token=token).json["state"]


def _notices(g: Game, key: str) -> list[str]:
    token = g.players[key].token
    found = g.rest("get", f"/api/campaigns/{g.id}/notices", token=token).json["notices"]
    return [n["text"] for n in found if n["type"] == "court_martial"]


def test_a_captain_whose_ship_was_sunk_faces_the_court_the_gm_sits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jack Aubrey's Fiddler's Green is sunk (her Battle Result 6 preset, as a fight on the
    map sets it): he comes home to a court-martial on his record; the GM sits it, reducing
    him in rank: a Master & Commander, ashore; every seat is told; it is sat once; the log
    replays to the same officers."""
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
    oid = made["fg"]
    report = _state(g)["report"]
    assert report["ships"]["FG"]["battle_result"] == 6
    assert {"officer": oid, "reason": "captain's battle result 6"} in report["courts_martial"]
    own = next(o for o in _state(g, g.players["fg"].token)["officers"] if o["id"] == oid)
    assert not own["dead"], "he lived to face it, as the summer falls"
    assert own["court_martial"] == {"reason": "captain's battle result 6", "season": "1805 summer"}
    # an NPC's court is only reported: none is marked on an NPC's record
    assert all("court_martial" not in o for o in _state(g)["officers"] if o["id"] != oid)
    # the GM sits it: guilty, reduced in rank
    acked = gm.act("court_martial", officer=oid, verdict="reduction in rank")
    assert acked["ok"], acked
    after = next(o for o in _state(g)["officers"] if o["id"] == oid)
    assert (after["rank"], after["ship"], after["squadron"]) == ("Master & Commander", None, None)
    assert "court_martial" not in after
    words = (
        "Court-martial of Captain Jack Aubrey (captain's battle result 6, 1805 summer): "
        "found guilty and reduced in rank to Master & Commander"
    )
    assert _notices(g, "fg") == _notices(g, "pm") == _notices(g, "gm") == [words]
    again = gm.act("court_martial", officer=oid, verdict="acquitted")
    assert again["error"]["code"] == "conflict", again
    refused = g.players["fg"].act("court_martial", officer=oid, verdict="acquitted")
    assert refused["error"]["code"] == "forbidden", refused
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
        o["court_martial"] = {"reason": "poltroonery", "season": "1805 summer"}
    rng = game.event_rng(1, 9)
    _, kept = game.decide(
        state, gm, {"type": "court_martial", "officer": "FG-captain", "verdict": "acquitted"}, rng
    )
    assert (kept["rank"], kept["ship"]) == (captain["rank"], "FG")
    _, out = game.decide(
        state,
        gm,
        {"type": "court_martial", "officer": "FG-captain", "verdict": "dismissal from command"},
        rng,
    )
    assert (out["rank"], out["ship"], out["squadron"]) == (captain["rank"], None, None)
    with pytest.raises(ActionError) as err:
        game.decide(
            state,
            gm,
            {"type": "court_martial", "officer": sailor["id"], "verdict": "reduction in rank"},
            rng,
        )
    assert err.value.code == "invalid"
