"""Embezzlement played (Briny, APPOINTMENTS 001:1164-1206): a player's character in a post
with the perk takes its guineas once a year, the discovery dice are rolled on the server
(scripted here), found out he faces the court the GM sits, a ship's player captain may ignore
the offence, and the Victualling Board's short weight reaches the summer's battle results
(docs/rules-notes.md, "Embezzlement")."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import ActionError, money, season
from tests.dice_helpers import ScriptedRandom
from tests.server_helpers import SEATS, phase_states

#: the seat that plays the embezzler: the Red admiral's (a Board's Supervisor is a Vice
#: Admiral), and the Blue captain's for a ship's post (set by hand: no seat's berth is an
#: Able Seaman's)
ADMIRAL, PURSER_SEAT, CAPTAIN = SEATS["admiral"]["id"], SEATS["blue-captain"]["id"], "fg"


def _phase(phase: str, post: str, **officer: Any) -> dict[str, Any]:
    """The walk's campaign in ``phase``, the Red admiral's seat playing "emb", holding
    ``post``, with 100 guineas (his record's other fields ``officer``)."""
    state = copy.deepcopy(phase_states()[0][phase])
    npc = copy.deepcopy(next(iter(phase_states()[0]["summer"]["officers"].values())))
    seat = PURSER_SEAT if officer.get("ship") else ADMIRAL
    state["officers"]["emb"] = {
        **npc,
        "id": "emb",
        "name": "Jeremiah Flint",
        "rank": "Vice Admiral",
        "ship": None,
        "squadron": None,
        "appointment": post,
        "funds": 100,
        "dead": False,
        "player": seat,
        **officer,
    }
    state["seats"][seat]["officer"] = "emb"
    return state


def _purser(phase: str, captain_played: bool, **officer: Any) -> dict[str, Any]:
    """The Purser of the Fiddler's Green (FG), played from the Blue captain's seat; her
    captain played from her own captain's seat when ``captain_played`` (her captain of the
    summer, aboard again whatever the walk's summer made of him)."""
    state = _phase(phase, "Purser", rank="Able Seaman", ship="FG", **officer)
    state["officers"]["FG-captain"].update(ship="FG", rank="Captain", dead=False)
    if captain_played:
        state["officers"]["FG-captain"]["player"] = CAPTAIN
        state["seats"][CAPTAIN]["officer"] = "FG-captain"
    return state


def _act(state: dict[str, Any], seat: str, args: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    rng = ScriptedRandom(dice)
    kind, data = game.decide(state, state["seats"][seat], args, rng)
    assert rng.throws == [], "every scripted die used"
    game.apply_event(state, kind, data)
    return data


def _refused(state: dict[str, Any], seat: str, args: dict[str, Any]) -> ActionError:
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        game.decide(state, state["seats"][seat], args, ScriptedRandom([6, 6]))
    assert state == before, "nothing changed"
    return err.value


@pytest.mark.parametrize(
    "dice, found_out",
    [([4, 5], True), ([5, 5], False)],  # 9 x 300 = 2,700 < 3,000; 10 x 300 = 3,000 is not
)
def test_a_board_supervisor_embezzles_and_is_found_out_or_not(
    dice: list[int], found_out: bool
) -> None:
    state = _phase("autumn", "Ordnance Board Supervisor")
    data = _act(state, ADMIRAL, {"type": "embezzle", "guineas": 3000}, dice)
    assert (data["dice"], data["roll"], data["noticed"]) == (dice, sum(dice), sum(dice) * 300)
    assert (data["found_out"], data["court_martial"], data["short"]) == (
        found_out,
        found_out,
        False,
    )
    assert (data["year"], data["season"]) == (1806, "1805 autumn"), "his year ends next September"
    emb = state["officers"]["emb"]
    assert emb["funds"] == 3100, "the guineas in his pockets, found out or not"
    court = [{"reason": "embezzlement", "season": "1805 autumn"}]
    assert emb.get("courts_martial") == (court if found_out else None)
    if found_out:  # the GM's court_martial sits it
        gm = state["seats"]["gm"]
        args = {"type": "court_martial", "officer": "emb", "verdict": "dismissal from command"}
        kind, sat = game.decide(state, gm, args, random.Random(1))
        assert (sat["reason"], sat["season"]) == ("embezzlement", "1805 autumn")


def test_a_ships_post_found_out_under_an_npc_captain_faces_the_court() -> None:
    """A Purser's 1d6 x 100: 3 x 100 = 300 below 350 (no player captain: the court), after
    a court he faces already (each its own, sat in turn: "Courts-martial")."""
    state = _purser("winter", captain_played=False)
    data = _act(state, PURSER_SEAT, {"type": "embezzle", "guineas": 350}, [3])
    assert (data["found_out"], data["captain"], data["court_martial"]) == (True, None, True)
    embezzled = {"reason": "embezzlement", "season": "1805 winter"}
    assert state["officers"]["emb"]["courts_martial"] == [embezzled]
    # a charge he faces already: it stands, the embezzlement's after it
    joined = _purser("winter", captain_played=False)
    poltroon = {"reason": "poltroonery", "season": "1805 summer"}
    joined["officers"]["emb"]["courts_martial"] = [poltroon]
    _act(joined, PURSER_SEAT, {"type": "embezzle", "guineas": 350}, [3])
    assert joined["officers"]["emb"]["courts_martial"] == [poltroon, embezzled]


@pytest.mark.parametrize("ignore", [True, False])
def test_a_player_captain_chooses_to_ignore_the_offence_or_not(ignore: bool) -> None:
    """ "PC captains can choose to ignore the offence" (001:1172): the Purser of the
    Fiddler's Green found out waits for her captain's choice, told to the two of them."""
    state = _purser("autumn", captain_played=True)
    data = _act(state, PURSER_SEAT, {"type": "embezzle", "guineas": 500}, [2])
    assert (data["found_out"], data["captain"], data["court_martial"]) == (
        True,
        "FG-captain",
        False,
    )
    assert data["seats"] == [PURSER_SEAT, CAPTAIN]
    assert "courts_martial" not in state["officers"]["emb"], "not till the captain chooses"
    captain_seat = state["seats"][CAPTAIN]
    offered = game.state_for(state, captain_seat)["embezzlement"]["offences"]
    assert offered == [
        {"officer": "emb", "name": "Jeremiah Flint", "post": "Purser", "guineas": 500}
    ]
    chose = _act(state, CAPTAIN, {"type": "ignore_offence", "officer": "emb", "ignore": ignore}, [])
    assert (chose["ignore"], chose["season"]) == (ignore, "1805 autumn")
    court = state["officers"]["emb"].get("courts_martial")
    assert court == (None if ignore else [{"reason": "embezzlement", "season": "1805 autumn"}])
    assert "offences" not in (game.state_for(state, captain_seat).get("embezzlement") or {})
    again = _refused(state, CAPTAIN, {"type": "ignore_offence", "officer": "emb", "ignore": True})
    assert again.code == "conflict", "chosen once"


def test_favours_move_the_discovery_roll() -> None:
    """A Purser of Social Level 12 holds a class 3 favour, Influence Table B's Captain:
    +1 to his die (5 + 1 = 6 x 100 = 600, not below 600); spent whatever the die."""
    state = _purser("spring", captain_played=False)
    state["officers"]["emb"]["birth"] = {**state["officers"]["emb"]["birth"], "social_level": 12}
    data = _act(state, PURSER_SEAT, {"type": "embezzle", "guineas": 600, "favours": [3]}, [5])
    assert (data["modifier"], data["total"], data["found_out"]) == (1, 6, False)
    assert state["favours"]["emb"] == {"season": "1806 spring", "spent": [3]}


def test_the_victualling_boards_short_weight_reaches_the_summers_battle_results() -> None:
    """ "The same roll is then used to determine if -1 is taken from the die roll for the
    battle result of all squadrons until next September": 9 x 300 below 3,000 in the
    cabinet, and that summer's squadrons roll one lower (the First Sea Lord's die not)."""

    def summer(embezzled: bool) -> dict[str, Any]:
        state = _phase("cabinet", "Victualling Board Supervisor", squadron="Red")
        if embezzled:
            data = _act(state, ADMIRAL, {"type": "embezzle", "guineas": 3000}, [4, 5])
            assert (data["found_out"], data["short"], data["year"]) == (True, True, 1805)
        assert money.victualling_board(state) is embezzled
        for key, args in (
            ("prime-minister", {"type": "set_ships", "digit": 3}),
            ("first-sea-lord", {"type": "set_deployment", "digit": 5}),
            ("gm", {"type": "roll_force"}),
        ):
            kind, done = game.decide(
                state, state["seats"][SEATS[key]["id"]], args, random.Random(2)
            )
            game.apply_event(state, kind, done)
        return season.resolve(state, random.Random(3))["report"]

    short, full = summer(True), summer(False)
    mods = [(r["role"], r["die_modifier"]) for r in short["battle_results"]]
    assert ("first_sea_lord", 0) in mods
    assert all(m == -1 for role, m in mods if role != "first_sea_lord")
    assert all(r["die_modifier"] == 0 for r in full["battle_results"])
    assert [r["die"] for r in short["battle_results"]][:3] == [
        r["die"] for r in full["battle_results"]
    ][:3], "the same dice, read one lower"


def test_an_autumns_short_weight_lasts_till_next_september() -> None:
    state = _phase("autumn", "Victualling Board Supervisor")
    _act(state, ADMIRAL, {"type": "embezzle", "guineas": 3600}, [1, 1])
    assert not money.victualling_board(state), "the 1805 summer is over"
    next_cabinet = copy.deepcopy(state)
    next_cabinet["year"], next_cabinet["phase"] = 1806, "cabinet"
    assert money.victualling_board(next_cabinet), "the summer of 1806 takes it"
    next_cabinet["year"] = 1807
    assert not money.victualling_board(next_cabinet), "September 1806 ended it"


@pytest.mark.parametrize(
    "phase, post, args, code, words",
    [
        ("autumn", "Captain of the Fleet", {"guineas": 100}, "conflict", "holds no post"),
        ("autumn", "Purser", {"guineas": 601}, "invalid", "up to 600 guineas"),
        ("autumn", "Inspector General RM", {"guineas": 2401}, "invalid", "up to 2400"),
        ("summer", "Supervisor - Sick and Hurt Board", {"guineas": 100}, "wrong_phase", "season"),
        ("summer", "Inspector General RM", {"guineas": 100}, "wrong_phase", "season"),
        ("autumn", "Naval Yards Supervisor", {"guineas": 100, "favours": [5]}, "conflict", "hold"),
        ("autumn", "Naval Yards Supervisor", {"guineas": 100, "favours": [4]}, "invalid", "alone"),
    ],
)
def test_a_bad_embezzlement_is_one_error_and_changes_nothing(
    phase: str, post: str, args: dict[str, Any], code: str, words: str
) -> None:
    state = _phase(phase, post)
    err = _refused(state, ADMIRAL, {"type": "embezzle", **args})
    assert err.code == code and words in err.message, err.message


def test_once_a_year_a_post_and_no_favours_on_a_player_captain() -> None:
    state = _phase("autumn", "Naval Yards Supervisor")
    _act(state, ADMIRAL, {"type": "embezzle", "guineas": 200}, [3, 3])
    for phase in ("winter", "cabinet"):  # the same year: till the summer of 1806 is over
        state["phase"] = phase
        if phase == "cabinet":
            state["year"] = 1806
        twice = _refused(state, ADMIRAL, {"type": "embezzle", "guineas": 200})
        assert twice.code == "conflict" and "once a year" in twice.message
    purser = _purser("autumn", captain_played=True)
    theirs = _refused(purser, PURSER_SEAT, {"type": "embezzle", "guineas": 200, "favours": [3]})
    assert theirs.code == "conflict" and "player" in theirs.message
    nothing = _refused(
        purser, CAPTAIN, {"type": "ignore_offence", "officer": "emb", "ignore": True}
    )
    assert nothing.code == "conflict", "no offence waits for him"


def test_his_form_and_what_each_seat_reads() -> None:
    state = _phase("summer", "Supervisor - Sick and Hurt Board")
    form = game.state_for(state, state["seats"][ADMIRAL])["embezzlement"]["post"]
    assert {k: form[k] for k in ("most", "dice", "times", "favour", "now", "made")} == {
        "most": 2400,
        "dice": 2,
        "times": 200,
        "favour": 5,
        "now": False,  # "not during the campaign season"
        "made": None,
    }
    gm = game.state_for(state, state["seats"]["gm"])
    assert gm["embezzlement_of"][ADMIRAL]["post"] == form
    state["phase"] = "autumn"
    data = _act(state, ADMIRAL, {"type": "embezzle", "guineas": 1000}, [6, 6])
    made = game.state_for(state, state["seats"][ADMIRAL])["embezzlement"]["post"]["made"]
    assert (made["guineas"], made["found_out"]) == (1000, False)
    assert data["seats"] == [ADMIRAL], "a theft is secret: he and the GM"
