"""Influence on appointments and the NPC resignations players ask for (Briny En Garde!,
INFLUENCE 001:509-512: "Influence may be used to seek or block appointments"; "NPCs will
resign on a 7 on 1d6, so influence is needed! If a character wants a NPC to resign, it must
be announced ... Anyone may use influence for or against ... If the NPC is at sea he will
not resign until back in London"; APPOINTMENTS 001:1110-1121).

An application to an NPC appointee and a resignation asked are announced, favours are
brought to bear for or against them, and they are rolled when the season moves on
(``next_season``); refused, nothing changed, when the book does not allow it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import (
    ActionError,
    announcements,
    appointments,
    money,
    notices,
    officers,
    rules,
)
from server.game.favours import favours_for
from tests.conftest import RICH
from tests.dice_helpers import ScriptedD6, ScriptedRandom
from tests.server_helpers import Game, events_of, new_app, phase_states, state_before


def _character(state: dict[str, Any], seat: str, rank: str, seed: int) -> dict[str, Any]:
    """The seat's character, a noble orphan of ``rank`` born by the dice of ``seed`` (seed
    1: a Viscount, Social Level 12, a class 3 favour a season by Influence Table A; seed 5:
    a Marquess, 14, a class 4)."""
    oid = f"pc-{seat}"
    officer = officers.new_officer(state, {"name": seat.upper(), "birth": RICH}, oid, rank,
                                   random.Random(seed))  # fmt: skip
    officer["player"] = seat
    state["officers"][oid] = officer
    state["seats"][seat]["officer"] = oid
    return officer


def _season(phase: str) -> dict[str, Any]:
    """The walk's ``phase`` (after the summer of 1805) with characters: Aubrey (the FG
    captain's seat) a Post Captain of Social Level 12, Calder (the Red admiral's) a Rear
    Admiral of 14, Hornblower (the NE captain's) a Rear Admiral of 14; no minister's seat
    has a character, so the appointees are NPCs."""
    state = copy.deepcopy(phase_states()[0][phase])
    _character(state, "fg", "Post Captain", 1)
    _character(state, "red", "Rear Admiral", 5)
    _character(state, "ne", "Rear Admiral", 5)
    assert [rules.season_favours(state["officers"][f"pc-{k}"]) for k in ("fg", "red")] == [[3], [4]]
    return state


def _act(state: dict[str, Any], seat: str, rng: Any = None, **args: Any) -> dict[str, Any]:
    kind, data = game.decide(state, state["seats"][seat], args, rng or ScriptedRandom([]))
    game.apply_event(state, kind, data)
    return {k: v for k, v in data.items() if k != "args"}


def _refused(state: dict[str, Any], seat: str, **args: Any) -> ActionError:
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        game.decide(state, state["seats"][seat], args, ScriptedRandom([]))
    assert state == before  # nothing changed
    return err.value


def _turn(state: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    """The season's end of the announcements alone, on the book's throws, applied."""
    data = announcements.season_end(state, ScriptedD6(dice))
    announcements.apply_season_end(state, data)
    return data


# -- resignations ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "resigned"),
    [(4, True), (3, False)],
)
def test_a_resignation_asked_is_rolled_on_7_with_the_favours_for_and_against(
    die: int, resigned: bool
) -> None:
    """The Aide to the First Sea Lord (a Post Captain: Table B's Captain, class 3) asked to
    resign by Aubrey; Calder's class 4 favour for (+2), Aubrey's class 3 for (+1): die 4 + 3
    reaches 7, he resigns and the post is vacant; die 3 + 3 does not, he stays."""
    state = _season("winter")
    asked = _act(state, "fg", type="ask_resignation", officer="FSL-aide")
    assert asked == {
        "id": "rs1",
        "officer": "FSL-aide",
        "name": "Ambrose Drury",
        "rank": "Post Captain",
        "appointment": "Aide to the First Sea Lord",
        "asker": "pc-fg",
        "player": "fg",
        "year": 1805,
    }
    red = _act(
        state, "red", type="influence_appointment", announcement="rs1", wish="for", favours=[4]
    )
    assert (red["needed"], red["combined"], red["modifier"]) == (3, [4], 2)
    _act(state, "fg", type="influence_appointment", announcement="rs1", wish="for", favours=[3])
    # spent at once
    assert favours_for(state, state["officers"]["pc-red"])["held"] == []
    (rec,) = _turn(state, [die])["resignations"]
    assert (rec["die"], rec["for"], rec["against"], rec["total"], rec["needed"]) == (
        die,
        3,
        0,
        die + 3,
        7,
    )
    assert rec["resigned"] is resigned
    npc = state["officers"]["FSL-aide"]
    assert (npc["appointment"] is None) is resigned
    assert state["asked_resignations"][0]["status"] == ("resigned" if resigned else "stayed")
    words = notices.resignation_words(rec)
    assert words.startswith(
        "resigns: Aide to the First Sea Lord is vacant" if resigned else "stays"
    )
    assert f"(rolled {die}, favours +3, needed 7)" in words


def test_favours_against_a_resignation_take_from_the_die() -> None:
    state = _season("autumn")
    _act(state, "fg", type="ask_resignation", officer="FSL-aide")
    _act(
        state, "red", type="influence_appointment", announcement="rs1", wish="against", favours=[4]
    )
    (rec,) = _turn(state, [6])["resignations"]
    assert (rec["total"], rec["resigned"]) == (4, False)  # 6 - 2: he stays


def test_an_npc_at_sea_resigns_only_when_he_is_home() -> None:
    """The Royal Oak's Ship's Adjutant asked while she cruises the winter and the spring:
    the winter's end draws no die (he waits); the spring's, with the cruise home, rolls
    him."""
    state = _season("winter")
    state["cruises"] = {
        "c1": {"id": "c1", "ships": ["RO"], "squadron": None, "seasons": ["winter", "spring"]}
    }
    _act(state, "red", type="ask_resignation", officer="RO-lt1")
    assert announcements.announcements(state, state["seats"]["red"])["npcs"]
    (rec,) = _turn(state, [])["resignations"]  # no die drawn
    assert rec == {
        "id": "rs1",
        "officer": "RO-lt1",
        "appointment": "Ship's Adjutant",
        "asker": "pc-red",
        "player": "red",
        "waiting": True,
    }
    assert state["asked_resignations"][0]["status"] == "waiting"
    state["phase"] = "spring"  # the cruise's last season: she comes home at its end
    (rec,) = _turn(state, [6])["resignations"]
    assert (rec["die"], rec["resigned"]) == (6, False)


def test_an_ask_lapses_when_the_npc_is_out_of_the_post() -> None:
    state = _season("winter")
    _act(state, "fg", type="ask_resignation", officer="RO-lt1")
    state["officers"]["RO-lt1"]["dead"] = True
    (rec,) = _turn(state, [])["resignations"]
    assert rec["lapsed"] is True and state["asked_resignations"][0]["status"] == "lapsed"


def test_a_post_a_resignation_left_vacant_is_applied_for_out_of_its_season() -> None:
    """The Aide to the First Sea Lord resigns in the winter: in the spring Aubrey, a Post
    Captain of Social Level 12, may apply for it ("they can apply to fill posts which are
    vacant or held by an NPC once the NPC resigns"), announced to the NPC First Sea Lord;
    the Captain of the Fleet (not vacant) is still September's."""
    state = _season("winter")
    _act(state, "fg", type="ask_resignation", officer="FSL-aide")
    _act(state, "fg", type="influence_appointment", announcement="rs1", wish="for", favours=[3])
    _turn(state, [6])
    state["phase"] = "spring"
    offered = appointments.choices(state, state["seats"]["fg"])
    assert "Aide to the First Sea Lord" in [p["appointment"] for p in offered["posts"]]
    data = _act(state, "fg", type="apply_appointment", appointment="Aide to the First Sea Lord")
    assert (data["announced"], data["by"], data["granted"], data["needed"]) == (
        "ap1",
        "npc",
        None,
        7,
    )
    # the First Sea Lord's class 7: Aubrey's class 3 alone adds nothing
    err = _refused(state, "red", type="influence_appointment", announcement="ap1", wish="for",
                   favours=[4])  # fmt: skip
    assert err.code == "invalid" and "class 7 is needed" in err.message
    (rec,) = _turn(state, [6])["applications"]  # 6 alone is short of 7
    assert (rec["die"], rec["total"], rec["granted"]) == (6, 6, False)
    state["asked_resignations"].clear()
    state["applications"].clear()
    err = _refused(state, "fg", type="apply_appointment", appointment="Aide to the First Sea Lord")
    assert (
        err.code == "wrong_phase" and "or to fill a post a resignation left vacant" in err.message
    )


# -- applications ----------------------------------------------------------------------------


def _sick_and_hurt(phase: str = "autumn") -> dict[str, Any]:
    """Calder's application for the Sick and Hurt Board (the NPC Chairman of the Patriotic
    Fund's to give: Table B class 4, Roll 7), announced in the autumn."""
    state = _season(phase)
    data = _act(
        state, "red", type="apply_appointment", appointment="Supervisor - Sick and Hurt Board"
    )
    assert data["announced"] == "ap1" and data["granted"] is None and data["die"] is None
    assert state["officers"]["pc-red"]["appointment"] is None
    return state


@pytest.mark.parametrize(
    ("die", "wish", "granted", "total"),
    [(5, "for", True, 7), (6, "against", False, 6)],
)
def test_favours_seek_or_block_an_application(
    die: int, wish: str, granted: bool, total: int
) -> None:
    """Calder seeks it with his class 4 favour (+1 on the Chairman, Table B's 4);
    Hornblower's class 4 (+1) for or against it: 5 + 1 + 1 = 7, appointed; against, 6 + 1 -
    1 = 6, short of the Roll of 7. Aubrey's class 3 alone adds nothing there."""
    state = _sick_and_hurt()
    _act(state, "red", type="influence_appointment", announcement="ap1", wish="for", favours=[4])
    err = _refused(state, "fg", type="influence_appointment", announcement="ap1", wish=wish,
                   favours=[3])  # fmt: skip
    assert err.code == "invalid" and "a class 3 favour left alone adds nothing" in err.message
    mine = _act(state, "ne", type="influence_appointment", announcement="ap1", wish=wish,
                favours=[4])  # fmt: skip
    assert (mine["needed"], mine["combined"], mine["modifier"]) == (4, [4], 1)
    (rec,) = _turn(state, [die])["applications"]
    signed = 2 if wish == "for" else 0
    assert (rec["die"], rec["influence"], rec["total"], rec["granted"]) == (
        die,
        signed,
        die + signed,
        granted,
    )
    assert rec["total"] == total
    held = state["officers"]["pc-red"]["appointment"]
    assert held == ("Supervisor - Sick and Hurt Board" if granted else None)
    assert state["applications"][0]["status"] == ("granted" if granted else "refused")
    if granted:
        assert appointments.words(rec) == (
            "Supervisor - Sick and Hurt Board: appointed (rolled 5, favours +2, needed 7)"
        )


def test_the_highest_modified_roll_takes_the_one_place_and_ties_roll_again() -> None:
    """Calder and Hornblower both apply for the Sick and Hurt Board (one place): both reach
    7 and tie, rolled again without modifier (2 against 5): Hornblower takes it, Calder is
    outbid (001:1119-1121)."""
    state = _sick_and_hurt()
    _act(state, "ne", type="apply_appointment", appointment="Supervisor - Sick and Hurt Board")
    _act(state, "red", type="influence_appointment", announcement="ap1", wish="for", favours=[4])
    _act(state, "ne", type="influence_appointment", announcement="ap2", wish="for", favours=[4])
    first, second = _turn(state, [6, 6, 2, 5])["applications"]
    assert (first["total"], second["total"]) == (7, 7)
    assert (first["tiebreak"], second["tiebreak"]) == ([2], [5])
    assert (first["granted"], first.get("outbid"), second["granted"]) == (False, True, True)
    assert state["officers"]["pc-ne"]["appointment"] == "Supervisor - Sick and Hurt Board"
    assert appointments.words(first).endswith("; the place went to a higher roll")


def test_an_application_lapses_when_he_can_no_longer_hold_the_post() -> None:
    state = _sick_and_hurt()
    state["officers"]["pc-red"]["rank"] = "Vice Admiral"  # promoted out of its exact rank
    (rec,) = _turn(state, [])["applications"]  # no die drawn
    assert rec["granted"] is False and "needs exactly the rank of" in rec["lapsed"]
    assert state["applications"][0]["status"] == "lapsed"


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "args", "code", "message"),
    [
        ("fg", {"type": "ask_resignation", "officer": "nobody"}, "not_found", "no officer"),
        ("fg", {"type": "ask_resignation", "officer": "pc-red"}, "conflict", "player's character"),
        (
            "fg",
            {"type": "ask_resignation", "officer": "RO-mid4"},
            "conflict",
            "holds no appointment",
        ),
        ("fg", {"type": "ask_resignation", "officer": "FSL"}, "conflict", "the King's to give"),
        ("obs", {"type": "ask_resignation", "officer": "RO-lt1"}, "forbidden", ""),
        ("pm", {"type": "ask_resignation", "officer": "RO-lt1"}, "conflict", "no living character"),
        (
            "fg",
            {"type": "influence_appointment", "announcement": "rs9", "wish": "for", "favours": [3]},
            "not_found",
            "no announced resignation 'rs9'",
        ),
        (
            "fg",
            {"type": "influence_appointment", "announcement": "rs1", "wish": "for", "favours": [4]},
            "conflict",
            "does not hold favours of class 4",
        ),
        (
            "fg",
            {"type": "influence_appointment", "announcement": "rs1", "wish": "up", "favours": [3]},
            "invalid",
            "'wish' must be one of for, against",
        ),
    ],
)
def test_a_bad_ask_or_influence_is_one_error_and_changes_nothing(
    seat: str, args: dict[str, Any], code: str, message: str
) -> None:
    state = _season("winter")
    _act(state, "ne", type="ask_resignation", officer="RO-lt1")  # rs1, Table B class 1
    err = _refused(state, seat, **args)
    assert err.code == code and message in err.message, err


def test_asked_twice_or_decided_already_is_refused() -> None:
    state = _season("winter")
    _act(state, "ne", type="ask_resignation", officer="RO-lt1")
    err = _refused(state, "fg", type="ask_resignation", officer="RO-lt1")
    assert err.code == "conflict" and "asked to resign already" in err.message
    _turn(state, [1])  # he stays
    err = _refused(state, "fg", type="influence_appointment", announcement="rs1", wish="for",
                   favours=[3])  # fmt: skip
    assert err.code == "conflict" and "is decided (stayed)" in err.message
    # a second application while one is announced
    state = _sick_and_hurt()
    err = _refused(state, "red", type="apply_appointment", appointment="Port Admiral")
    assert err.code in ("conflict", "invalid")


# -- through the protocol ------------------------------------------------------------------


def test_through_the_protocol_announced_influenced_rolled_and_told() -> None:
    """A campaign to the autumn of 1805: Aubrey asks that FG's Ship's Adjutant resign,
    Cochrane brings a favour for it; the autumn moves on and the die is rolled: every seat
    reads the result, the asker and the GM are told the ask, the influencer alone (and the
    GM) his influence; the log replays."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        game_ = Game.new(new_app(Path(tmp)), seed=21)
        gm = game_.gm()
        fg = game_.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        red = game_.add(
            "red", "admiral", squadron="Red", officer={"name": "Cochrane", "birth": RICH}
        )
        obs = game_.add("obs", "observer")
        assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
        state = game_.rest("get", f"/api/campaigns/{game_.id}/state", token=fg.token).json["state"]
        target = next(
            n for n in state["announced"]["npcs"] if n["appointment"] == "Ship's Adjutant"
        )
        assert fg.act("ask_resignation", officer=target["officer"])["ok"]
        held = game_.rest("get", f"/api/campaigns/{game_.id}/state", token=red.token).json["state"]
        favour = held["favours"]["held"][-1]
        ack = red.act("influence_appointment", announcement="rs1", wish="for", favours=[favour])
        assert ack["ok"], ack
        assert gm.act("next_season")["ok"]
        log = game_.rest("get", f"/api/campaigns/{game_.id}/log").json
        turned = events_of(log, "next_season")[-1]
        (rec,) = turned["data"]["resignations"]
        assert rec["for"] == favour - rules.rank_favour(target["rank"]) + 1
        assert rec["resigned"] == (rec["die"] + rec["for"] >= 7)
        after = state_before(log, turned["seq"] + 1)["officers"][target["officer"]]
        assert (after["appointment"] is None) == rec["resigned"]
        told = {}
        for key, player in (("fg", fg), ("red", red), ("obs", obs), ("gm", gm)):
            feed = game_.rest("get", f"/api/campaigns/{game_.id}/notices", token=player.token).json
            told[key] = [n for n in feed["notices"] if n["type"] in ("resignation", "influence")]
        for key in told:  # the result public, the ask announced to all
            assert [n["resigned"] for n in told[key] if n["type"] == "resignation"] == [
                False,
                rec["resigned"],
            ]
        influenced = {k: [n for n in v if n["type"] == "influence"] for k, v in told.items()}
        assert len(influenced["red"]) == len(influenced["gm"]) == 1
        assert influenced["fg"] == influenced["obs"] == []
        state, problems = game.replay(log)
        assert problems == []
        assert state["asked_resignations"][0]["influence"][0]["player"] == red.seat["id"]


# -- favours asked of the NPC favourers (Briny 001:1303-1305) ------------------------------


def _favourers(phase: str) -> dict[str, Any]:
    """The walk's ``phase`` with Hornblower (NE's captain's seat) the Chancellor of the
    Exchequer (a player's character: a class 7 and 8 favour a season besides his birth's),
    the Victualling Board Supervisor an NPC; Aubrey invests 1000 guineas in arms and in
    finance (i1806-1, i1806-2: paid by the summer of 1806), Calder in commerce (i1806-3)."""
    state = _season(phase)
    state["officers"]["pc-ne"]["appointment"] = "Chancellor of the Exchequer"
    assert rules.season_favours(state["officers"]["pc-ne"]) == [4, 7, 8]
    for seat, kind in (("fg", "arms"), ("fg", "finance"), ("red", "commerce")):
        _act(state, seat, type="invest", kind=kind, guineas=1000)
    return state


@pytest.mark.parametrize(("die", "granted"), [(4, True), (3, False)])
def test_the_npc_victualling_board_supervisor_favours_on_7_with_the_favours(
    die: int, granted: bool
) -> None:
    """Aubrey asks the NPC Victualling Board Supervisor (Table B's Vice Admiral, class 5) to
    make his arms investment the supplier; the Chancellor's class 7 favour for it (+3): die
    4 + 3 reaches 7 and the investment is the arms supplier, counted one ship more when the
    summer pays; die 3 + 3 does not."""
    state = _favourers("winter")
    offered = announcements.announcements(state, state["seats"]["fg"])["investments"]
    # (the finance one's Chancellor is a player's character: not offered)
    assert offered == [
        {
            "id": "i1806-1",
            "kind": "arms",
            "post": "Victualling Board Supervisor",
            "officer": "pc-fg",
        }
    ]
    asked = _act(state, "fg", type="ask_favour", investment="i1806-1")
    assert asked == {
        "id": "fv1",
        "investment": "i1806-1",
        "kind": "arms",
        "post": "Victualling Board Supervisor",
        "flag": "supplier",
        "asker": "pc-fg",
        "player": "fg",
        "year": 1806,
    }
    ne = _act(state, "ne", type="influence_appointment", announcement="fv1", wish="for",
              favours=[7])  # fmt: skip
    assert (ne["needed"], ne["modifier"]) == (5, 3)
    seen = announcements.announcements(state, state["seats"]["red"])  # announced to all
    assert [(f["id"], f["needed"], f["favour"]) for f in seen["favours_asked"]] == [("fv1", 7, 5)]
    # (named on the page by its kind, never by its id: issue 32, item 3)
    assert [f["kind"] for f in seen["favours_asked"]] == ["arms"]
    (rec,) = _turn(state, [die])["favours"]
    assert (rec["die"], rec["for"], rec["against"], rec["total"], rec["needed"]) == (
        die, 3, 0, die + 3, 7)  # fmt: skip
    assert rec["granted"] is granted
    assert state["asked_favours"][0]["status"] == ("granted" if granted else "refused")
    arms = next(i for i in state["investments"] if i["id"] == "i1806-1")
    assert arms.get("supplier", False) is granted
    assert f"(rolled {die}, favours +3, needed 7)" in notices.favour_words(rec)
    # the summer of 1806 counts his arms one ship more (strategy.campaign's ``supplier``)
    state["phase"], state["year"] = "summer", 1806
    (choice,) = [c for c in money.choices(state) if c["investor"] == "i1806-1"]
    assert choice.get("supplier", False) is granted


def test_favours_against_take_from_the_favourers_die_and_a_later_grant_replaces() -> None:
    """Against: the Chancellor's class 8 against (+4) takes 6 to 2. Two grants of the Board's
    favour in a summer: the later replaces the earlier, as a player holder's naming does."""
    state = _favourers("autumn")
    _act(state, "fg", type="ask_favour", investment="i1806-1")
    _act(state, "ne", type="influence_appointment", announcement="fv1", wish="against",
         favours=[8])  # fmt: skip
    (rec,) = _turn(state, [6])["favours"]
    assert (rec["total"], rec["granted"]) == (2, False)
    # Calder's arms too; both granted in the winter's turn: Calder's, asked later, holds
    _act(state, "red", type="invest", kind="arms", guineas=1000)  # i1806-4
    state["phase"] = "winter"
    _act(state, "fg", type="ask_favour", investment="i1806-1")  # fv2: asked again, decided
    _act(state, "red", type="ask_favour", investment="i1806-4")  # fv3
    assert [r["granted"] for r in _turn(state, [6, 6])["favours"]] == [False, False]
    # (6 alone is short of 7: the Chancellor's favours grant them in the spring)
    state["phase"] = "spring"
    _act(state, "fg", type="ask_favour", investment="i1806-1")  # fv4
    _act(state, "red", type="ask_favour", investment="i1806-4")  # fv5
    for aid in ("fv4", "fv5"):
        _act(state, "ne", type="influence_appointment", announcement=aid, wish="for",
             favours=[7 if aid == "fv4" else 8])  # fmt: skip
    assert [r["granted"] for r in _turn(state, [6, 6])["favours"]] == [True, True]
    suppliers = [i["id"] for i in state["investments"] if i.get("supplier")]
    assert suppliers == ["i1806-4"]


@pytest.mark.parametrize(
    ("seat", "investment", "code", "message"),
    [
        ("fg", "i1806-2", "conflict", "is a player's character: he makes his own decisions"),
        ("red", "i1806-1", "conflict", "holds no investment 'i1806-1'"),  # not his
        ("red", "i1806-3", "conflict", "no post favours a commerce investment"),
        ("fg", "i1899-1", "conflict", "holds no investment 'i1899-1'"),
        ("fg", "i1806-1", "conflict", "is asked of the Victualling Board Supervisor already"),
    ],
)
def test_a_bad_favour_asked_is_one_error_and_changes_nothing(
    seat: str, investment: str, code: str, message: str
) -> None:
    state = _favourers("spring")
    _act(state, "fg", type="ask_favour", investment="i1806-1")  # fv1: asked once
    err = _refused(state, seat, type="ask_favour", investment=investment)
    assert err.code == code and message in err.message, err


def test_a_favour_is_asked_only_in_the_seasons_whose_turn_comes_before_the_summer_pays() -> None:
    """The cabinet's investments are paid by the summer before any season turns: no ask
    there (the player holder names his at once with ``favour_investor``); a favour asked of
    an investment sold by the turn lapses, no die drawn."""
    cabinet = copy.deepcopy(phase_states()[0]["cabinet"])
    _character(cabinet, "fg", "Post Captain", 1)
    _act(cabinet, "fg", type="invest", kind="arms", guineas=1000)
    err = _refused(cabinet, "fg", type="ask_favour", investment="i1805-1")
    assert err.code == "wrong_phase"
    state = _favourers("winter")
    _act(state, "fg", type="ask_favour", investment="i1806-1")
    _act(state, "fg", type="liquidate", investment="i1806-1")
    (rec,) = _turn(state, [])["favours"]
    assert rec["lapsed"] is True and state["asked_favours"][0]["status"] == "lapsed"
