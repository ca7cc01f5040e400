"""Disgrace (Briny 001:1272-1276: "A character who is disgraced must join a Blockade ship
until:"; 001:335, a debt unpaid: "he must join a Blockade ship and remain with it until he
is able to pay"; 001:357-359, a duel between shipmates: "cannot return until being
Mentioned In Dispatches"), declared by the GM (docs/rules-notes.md, "Disgrace")."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from server import game
from server.game import officers as game_officers
from server.game import rules
from server.game import season as game_season
from server.game.errors import ActionError
from tests.conftest import PLAY_SEED, seat_characters
from tests.server_helpers import (
    SEATS,
    SEED,
    Game,
    assert_officers_replay,
    assert_seats_follow_records,
    new_app,
    phase_states,
)


def _state(g: Game, token: str | None = None) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/state", token=token).json["state"]


def _log(g: Game) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/log").json


def _notices(g: Game, key: str) -> list[str]:
    token = g.players[key].token
    found = g.rest("get", f"/api/campaigns/{g.id}/notices", token=token).json["notices"]
    return [n["text"] for n in found if n["type"] == "disgrace"]


def _rolled(tmp_path: Path) -> tuple[Game, dict[str, str]]:
    """A summer rolled (cabinet 3, 5) with Jack Aubrey captain of FG, Cochrane admiral of
    the Red, the ministers and an observer: the game and the characters' ids."""
    g = Game.new(new_app(tmp_path), seed=PLAY_SEED)
    made = seat_characters(
        g,
        ("fg", "captain", {"ship": "FG"}, {"name": "Jack Aubrey", "rank": "Captain"}),
        ("red", "admiral", {"squadron": "Red"}, {"name": "Thomas Cochrane"}),
    )
    g.add("pm", "prime-minister")
    g.add("fsl", "first-sea-lord")
    g.add("obs", "observer")
    gm = g.gm()
    assert g.players["pm"].act("set_ships", digit=3)["ok"]
    assert g.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    g.drain()
    return g, made


def _officer(state: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in state["officers"] if o["id"] == oid)


def test_a_duel_sends_a_captain_to_a_blockade_ship_and_his_seat_with_him(tmp_path) -> None:
    """The GM disgraces Jack Aubrey for a duel: he takes command of Mercury (the Blockade's
    first ship), her NPC captain takes FG, his seat follows; every seat is told and sees
    it on his record; he may not be handed off the Blockade; the log replays."""
    g, made = _rolled(tmp_path)
    gm, aubrey = g.gm(), made["fg"]
    before = _state(g)
    mercury = next(o for o in before["officers"] if o["ship"] == "ME" and o["id"] == "ME-captain")
    acked = gm.act("disgrace", officer=aubrey, cause="duel")
    assert acked["ok"], acked
    state = _state(g)
    seat = next(s for s in state["seats"] if s["id"] == g.players["fg"].seat["id"])
    me = _officer(state, aubrey)
    assert (seat["ship"], me["ship"], me["squadron"]) == ("ME", "ME", None)
    assert me["disgrace"] == {"cause": "duel", "season": "1805 summer"}
    assert _officer(state, mercury["id"])["ship"] == "FG"  # an exchange of commands
    assert_seats_follow_records(state)
    # public: every seat reads it on his record and is told
    seen = _officer(_state(g, g.players["obs"].token), aubrey)
    assert seen["disgrace"] == {"cause": "duel", "season": "1805 summer"}
    words = (
        "Captain Jack Aubrey is disgraced (a duel: he cannot return until he is Mentioned in "
        "Despatches) and joins the Blockade ship Mercury"
    )
    for key in ("fg", "red", "obs", "gm"):
        assert _notices(g, key) == [words]
    # he stays with the Blockade: handed to a Red ship, refused; to another Blockade ship, not
    seq = len(_log(g)["events"])
    refused = gm.act("reassign", seat=g.players["fg"].seat["id"], ship="DR")
    assert refused["error"]["code"] == "conflict"
    assert (
        "disgraced (duel): he stays with the Blockade till he is Mentioned"
        in (refused["error"]["message"])
    )
    assert len(_log(g)["events"]) == seq and _state(g)["officers"] == state["officers"]
    assert gm.act("reassign", seat=g.players["fg"].seat["id"], ship="HO")["ok"]
    assert _officer(_state(g), aubrey)["ship"] == "HO"
    assert_officers_replay(g, _log(g))


def test_a_debt_sends_an_admiral_to_the_blockade_squadron_till_the_gm_clears_it(
    tmp_path,
) -> None:
    """Cochrane cannot pay a loan: the GM disgraces him for the debt, and his flag and seat go
    to the Blockade squadron (it has no flag officers: nobody relieved); cleared when he
    pays, he may be handed back to the Red."""
    g, made = _rolled(tmp_path)
    gm, cochrane, red = g.gm(), made["red"], g.players["red"].seat["id"]
    assert gm.act("disgrace", officer=cochrane, cause="debt")["ok"]
    state = _state(g)
    seat = next(s for s in state["seats"] if s["id"] == red)
    assert (seat["squadron"], _officer(state, cochrane)["squadron"]) == ("Blockade", "Blockade")
    assert_seats_follow_records(state)
    refused = gm.act("reassign", seat=red, squadron="Red")
    assert refused["error"]["code"] == "conflict"
    assert gm.act("disgrace", officer=cochrane, cause="cleared")["ok"]
    cleared = _officer(_state(g), cochrane)
    assert "disgrace" not in cleared and cleared["squadron"] == "Blockade"  # aboard, free
    assert _notices(g, "obs")[-1] == (
        "Rear Admiral Thomas Cochrane has paid his debt: his disgrace is lifted, and he may "
        "leave the Blockade"
    )
    assert gm.act("reassign", seat=red, squadron="Red")["ok"]
    assert_officers_replay(g, _log(g))


# -- refusals: one clear error, nothing changed ----------------------------------------------


def _autumn(disgraced: str | None = None) -> dict[str, Any]:
    """The walk's autumn with FG's NPC captain made the ``fg`` seat's character, disgraced
    for ``disgraced`` if given."""
    state = copy.deepcopy(phase_states()[0]["autumn"])
    state["officers"]["FG-captain"]["player"] = "fg"
    state["seats"]["fg"]["officer"] = "FG-captain"
    if disgraced is not None:
        args = {"type": "disgrace", "officer": "FG-captain", "cause": disgraced}
        kind, data = game.decide(state, state["seats"]["gm"], args, game.event_rng(SEED, 50))
        game.apply_event(state, kind, {**data, "args": args})
    return state


@pytest.mark.parametrize(
    "disgraced, seat, args, code, words",
    [
        (None, "gm", {"officer": "o-1", "cause": "duel"}, "not_found", "no officer 'o-1'"),
        (None, "gm", {"officer": "DR-captain", "cause": "debt"}, "conflict", "no admiral's"),
        (None, "gm", {"officer": "FG-captain", "cause": "cleared"}, "conflict", "not disgraced"),
        (None, "gm", {"officer": "FG-captain", "cause": "gambling"}, "invalid", "'cause'"),
        (None, "captain", {"officer": "FG-captain", "cause": "duel"}, "forbidden", ""),
        ("duel", "gm", {"officer": "FG-captain", "cause": "debt"}, "conflict", "already"),
        ("duel", "gm", {"officer": "FG-captain", "cause": "cleared"}, "conflict", "Mention"),
        ("debt", "captain", {"type": "apply_ship", "ship": "TH"}, "conflict", "disgraced (debt)"),
        ("duel", "captain", {"type": "buy_rank", "ship": "NE"}, "conflict", "disgraced (duel)"),
        ("duel", "gm", {"type": "reassign", "seat": "fg", "ship": "DR"}, "conflict", "disgraced"),
    ],
)
def test_a_bad_disgrace_or_a_move_off_the_blockade_is_refused(
    disgraced: str | None, seat: str, args: dict[str, Any], code: str, words: str
) -> None:
    state = _autumn(disgraced)
    if disgraced is None:
        assert "disgrace" not in state["officers"]["FG-captain"]
    else:
        assert state["officers"]["FG-captain"]["ship"] == "ME"
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        game.decide(
            state,
            state["seats"][SEATS[seat]["id"]],
            {"type": "disgrace", **args},
            game.event_rng(SEED, 51),
        )
    assert err.value.code == code and words in err.value.message
    assert state == before


def test_a_dead_man_is_not_disgraced() -> None:
    state = _autumn()
    state["officers"]["FG-captain"]["dead"] = True
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        args = {"type": "disgrace", "officer": "FG-captain", "cause": "duel"}
        game.decide(state, state["seats"]["gm"], args, game.event_rng(SEED, 51))
    name = state["officers"]["FG-captain"]["name"]
    assert (err.value.code, err.value.message) == ("conflict", f"{name} is dead")
    assert state == before


# -- lifted: a duel's by a Mention in Despatches ---------------------------------------------


def _report(oid: str, mids: int) -> dict[str, Any]:
    """A season's report where ``oid`` sailed, mentioned ``mids`` times, and nothing else."""
    outcome = {"officer": oid, "dead": False, "mids": mids, "guineas": 0}
    return {"personal_outcomes": [outcome], "plunder_shares": [], "changes": {}, "season": "autumn"}


@pytest.mark.parametrize(
    "cause, mids, lifted", [("duel", 1, True), ("duel", 0, False), ("debt", 2, False)]
)
def test_a_duels_disgrace_is_lifted_by_a_mention_in_despatches(
    cause: str, mids: int, lifted: bool
) -> None:
    """001:359: "cannot return until being Mentioned In Dispatches": a mention lifts a
    duel's disgrace; a season unmentioned, or a debt's disgrace, keeps it."""
    state = _autumn(cause)
    changed = game_officers.summer_changes(state, _report("FG-captain", mids))
    assert ("disgrace" not in changed["FG-captain"]) is lifted
    if lifted:  # free: he may leave the Blockade
        game_officers.stays_on_blockade(changed["FG-captain"], "TH")
    else:
        with pytest.raises(ActionError, match="stays with the Blockade"):
            game_officers.stays_on_blockade(changed["FG-captain"], "TH")


def test_a_mention_that_lifts_a_disgrace_is_in_the_seasons_words(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the protocol: Jack Aubrey disgraced for a duel in the summer, then the
    summer's dice mention him (scripted: his personal outcome's MiD won): his record is
    cleared and his report says so."""
    g, made = _rolled(tmp_path)
    aubrey = made["fg"]
    assert g.gm().act("disgrace", officer=aubrey, cause="duel")["ok"]
    rolled = rules.resolve_summer

    def mentioned(*args: Any) -> dict[str, Any]:
        report = rolled(*args)
        for rec in report["personal_outcomes"]:
            if rec["officer"] == aubrey and not rec["dead"]:
                rec["mids"], rec["mentioned"] = 1, True
        return report

    monkeypatch.setattr(game_season.rules, "resolve_summer", mentioned)
    assert g.gm().act("resolve_summer")["ok"]
    state = _state(g, g.players["fg"].token)
    assert "disgrace" not in _officer(state, aubrey)
    (line,) = [w for w in state["report"]["words"] if "Jack Aubrey" in w]
    assert "mentioned in despatches, his disgrace lifted: free to leave the Blockade" in line
    assert state["report"]["yours"][aubrey]["disgrace_lifted"] == "duel"
