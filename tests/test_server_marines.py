"""A Royal Marine's career in a seat of his own (Briny En Garde!, "The Royal Marines",
001:931-951): the GM's seat for a Marine, his character's enrolment as a Private RM (endurance
135, sabre 12, NA above 1; "randomly assigned to a ship" by the campaign's source), his
request for a change of ship (7 on 1d6 and the favours, rolled at the season's turn), his
seat following his berth, his pay by Naval Table G, and what he sees and may do."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import ActionError, announcements, notices, officers, rules, views
from server.game.registry import TABLE
from strategy.campaign.promotions import Vacancies
from tests.conftest import RICH
from tests.dice_helpers import ScriptedD6, ScriptedRandom
from tests.server_helpers import SEED, Game, events_of, phase_states

#: a character the Royal Marines take: endurance (12 + 12) x 6 = 144, sabre 12, NA 3
SHARPE = {
    "name": "Richard Sharpe",
    "na": 3,
    "birth": {"strength": 12, "constitution": 12, "expertise": 12},
}


def _phase(phase: str) -> dict[str, Any]:
    """The walk's ``phase``: its Marine's seat ``rm`` has no character yet."""
    return copy.deepcopy(phase_states()[0][phase])


def _enrol(state: dict[str, Any], fields: dict[str, Any] = SHARPE, seq: int = 500) -> Any:
    """The Marine's seat makes (enrols) his own character; the event's data."""
    seat = state["seats"]["rm"]
    data = game.decide_officer(state, seat, {"officer": fields}, "o-rm", game.event_rng(SEED, seq))
    game.apply_event(state, "officer_created", data)
    return data


def _refused(run: Any, state: dict[str, Any]) -> ActionError:
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as err:
        run()
    assert state == before  # nothing changed
    return err.value


@pytest.mark.parametrize("constitution, enrols_by_endurance", [(10, False), (11, True)])
@pytest.mark.parametrize("sabre", [11, 12])
@pytest.mark.parametrize("na", [1, 2])
def test_enrolment_reads_his_record_cell_by_cell(
    constitution: int, enrols_by_endurance: bool, sabre: int, na: int
) -> None:
    """Strength 12 and Constitution 10 make an endurance of 132 (short of 135), 11 make 138;
    his expertise is his sabre's; an NA of 1 is not accepted. No die: he enrols, or one
    clear refusal (``conflict``) naming what he lacks, and nothing changes."""
    state = _phase("autumn")
    birth = {"strength": 12, "constitution": constitution, "expertise": sabre}
    fields = {"name": "Patrick Harper", "na": na, "birth": birth}
    if enrols_by_endurance and sabre == 12 and na == 2:
        data = _enrol(state, fields)
        assert data["officer"]["rank"] == "Private RM"
        assert state["seats"]["rm"]["ship"] == data["officer"]["ship"] is not None
        assert state["seats"]["rm"]["officer"] == "o-rm"
        return
    err = _refused(
        lambda: game.decide_officer(
            state, state["seats"]["rm"], {"officer": fields}, "o-rm", game.event_rng(SEED, 500)
        ),
        state,
    )
    assert err.code == "conflict" and "may not enrol in the Royal Marines" in err.message
    assert ("endurance of 135" in err.message) == (not enrols_by_endurance)
    assert ("expertise (sabre) of 12" in err.message) == (sabre == 11)
    assert ("Naval Ability above 1" in err.message) == (na == 1)


def test_the_ship_is_drawn_by_the_campaign_s_seed() -> None:
    """Same seed, same ship; another event's seed, maybe another: "Marines will be randomly
    assigned to a ship" among those afloat."""
    ships = {}
    for seq in range(500, 512):
        first, again = _phase("cabinet"), _phase("cabinet")
        ships[seq] = _enrol(first, seq=seq)["officer"]["ship"]
        assert _enrol(again, seq=seq)["officer"]["ship"] == ships[seq]
    assert set(ships.values()) <= set(rules.fleet_codes()) and len(set(ships.values())) > 1


def test_a_ship_the_war_took_takes_no_marine() -> None:
    state = _phase("summer")
    british = [s for f in state["forces"].values() if f["side"] == "Britain" for s in f["ships"]]
    for ship in british:
        ship["status"] = "sunk"
    afloat = officers.marine_ships(state)
    assert afloat == [c for c in rules.fleet_codes() if c not in {s["code"] for s in british}]
    for seq in range(500, 506):
        assert (
            _enrol(_phase("summer") | {"forces": state["forces"]}, seq=seq)["officer"]["ship"]
            in afloat
        )


def test_a_marine_enrols_as_a_private_only_and_seats_refuse_a_ship() -> None:
    """ "The only way to become an officer of the Marines is being promoted!"; his ship is
    drawn, not the GM's to name."""
    state = _phase("autumn")
    err = _refused(
        lambda: game.decide_officer(
            state,
            state["seats"]["rm"],
            {"officer": {**SHARPE, "rank": "Captain RM"}},
            "o-rm",
            game.event_rng(SEED, 500),
        ),
        state,
    )
    assert err.code == "invalid" and "enrols as a Private RM" in err.message
    err = _refused(
        lambda: game.decide_seat(
            state,
            state["seats"]["gm"],
            {"role": "marine", "ship": "DR"},
            "rm2",
            game.event_rng(SEED, 1),
            "o-x",
        ),
        state,
    )
    assert err.code == "invalid" and "drawn when his character enrols" in err.message


def test_the_gm_creates_a_marine_s_seat_with_its_character() -> None:
    state = _phase("cabinet")
    gm = state["seats"]["gm"]
    body = {"role": "marine", "name": "Harper", "officer": SHARPE}
    data = game.decide_seat(state, gm, body, "rm2", game.event_rng(SEED, 7), "o-rm2")
    game.apply_event(state, "seat_created", data)
    seat, officer = state["seats"]["rm2"], state["officers"]["o-rm2"]
    assert seat["role"] == "marine" and seat["officer"] == "o-rm2"
    assert seat["ship"] == officer["ship"] and officer["rank"] == "Private RM"
    assert officer["player"] == "rm2" and data["ashore"] is None  # no NPC's berth taken


def _rich_red(state: dict[str, Any]) -> None:
    """The Red admiral's seat a Marquess (Social Level 14: a class 4 favour a season, one
    on the Brigadier-General of Marines' die, Influence Table B's class 4)."""
    oid = "pc-red"
    officer = officers.new_officer(state, {"name": "RED", "birth": RICH}, oid, "Rear Admiral",
                                   random.Random(5))  # fmt: skip
    officer["player"] = "red"
    state["officers"][oid] = officer
    state["seats"]["red"]["officer"] = oid
    assert rules.season_favours(officer) == [4] and rules.MARINE_CHANGE_FAVOUR == 4


def _act(state: dict[str, Any], seat: str, **args: Any) -> dict[str, Any]:
    kind, data = game.decide(state, state["seats"][seat], args, ScriptedRandom([]))
    game.apply_event(state, kind, data)
    return data


def _told(state: dict[str, Any], before: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The ``transfer`` notices of a season's turn, by seat."""
    out = {}
    for sid, seat in state["seats"].items():
        seen = notices.Seen(
            1, "next_season", {**data, "phase": "winter"}, None, None, seat, state, {}
        )
        got = [n for n in notices.season_opens(seen) if n["type"] == "transfer"]
        if got:
            out[sid] = got
    return out


def test_a_six_fails_without_influence_and_a_favour_makes_seven() -> None:
    """001:940: "rolling 7 on 1d6 for success": a 6 alone keeps him in his ship; a class 4
    favour for him (the Brigadier-General's class, one on the die) makes the 6 a 7, and the
    ship he is moved to is drawn (his own left out); his seat follows him."""
    state = _phase("autumn")
    _rich_red(state)
    was = _enrol(state)["officer"]["ship"]
    asked = _act(state, "rm", type="ask_transfer")
    assert (asked["id"], asked["ship"], asked["player"]) == ("mc1", was, "rm")
    assert state["asked_transfers"][0]["status"] == "announced"
    view = views.state_for(state, state["seats"]["rm"])["announced"]
    assert [t["id"] for t in view["transfers"]] == ["mc1"] and "transfer" not in view
    before = copy.deepcopy(state)
    data = announcements.season_end(state, ScriptedD6([6]))
    announcements.apply_season_end(state, data)
    (rec,) = data["transfers"]
    assert (rec["die"], rec["total"], rec["needed"], rec["granted"], rec["to"]) == (
        6,
        6,
        7,
        False,
        None,
    )
    assert state["officers"]["o-rm"]["ship"] == state["seats"]["rm"]["ship"] == was
    told = _told(state, before, data)
    assert set(told) == {"rm", "gm"}  # him and the GM, refused
    assert "keeps him in" in told["rm"][0]["text"] and not told["rm"][0]["granted"]

    _act(state, "rm", type="ask_transfer")
    _act(state, "red", type="influence_appointment", announcement="mc2", wish="for", favours=[4])
    before = copy.deepcopy(state)
    rng = ScriptedD6([6, 1])  # the die, then the draw of his new ship
    data = announcements.season_end(state, rng)
    announcements.apply_season_end(state, data)
    (rec,) = data["transfers"]
    assert (rec["die"], rec["for"], rec["total"], rec["granted"]) == (6, 1, 7, True)
    assert rec["to"] != was and rec["to"] in officers.marine_ships(before)
    assert state["officers"]["o-rm"]["ship"] == state["seats"]["rm"]["ship"] == rec["to"]
    assert state["asked_transfers"][1]["status"] == "granted"
    told = _told(state, before, data)
    assert {"rm", "gm", "red"} <= set(told)  # granted: every seat is told
    assert "moves him from" in told["rm"][0]["text"] and told["rm"][0]["granted"]


def test_the_ship_he_is_moved_to_is_the_seed_s() -> None:
    """The same roll from the same source moves him to the same ship."""
    moved = []
    for _ in range(2):
        state = _phase("autumn")
        _rich_red(state)
        _enrol(state)
        _act(state, "rm", type="ask_transfer")
        _act(state, "red", type="influence_appointment", announcement="mc1", wish="for",
             favours=[4])  # fmt: skip
        kind, data = game.decide(state, state["seats"]["gm"], {"type": "next_season"},
                                 game.event_rng(SEED, 900))  # fmt: skip
        moved.append(data["transfers"][0])
    assert moved[0] == moved[1]


@pytest.mark.parametrize("rank", ["Lieutenant RM", "Captain RM", "Major RM"])
def test_an_officer_above_subaltern_cannot_ask(rank: str) -> None:
    state = _phase("winter")
    _enrol(state)
    state["officers"]["o-rm"]["rank"] = rank
    err = _refused(
        lambda: game.decide(
            state, state["seats"]["rm"], {"type": "ask_transfer"}, ScriptedRandom([])
        ),
        state,
    )
    assert err.code == "conflict" and "only Privates and Subalterns" in err.message
    assert "transfer" not in views.state_for(state, state["seats"]["rm"])["announced"]


def test_a_request_twice_and_out_of_season_is_refused() -> None:
    state = _phase("spring")
    _enrol(state)
    _act(state, "rm", type="ask_transfer")
    err = _refused(lambda: _act(state, "rm", type="ask_transfer"), state)
    assert err.code == "conflict" and "asked already" in err.message
    summer = _phase("summer")
    _enrol(summer)
    err = _refused(lambda: _act(summer, "rm", type="ask_transfer"), summer)
    assert err.code == "wrong_phase"


def test_his_seat_follows_a_promotion_to_another_ship_s_detachment() -> None:
    """001:942: "Promotion above subaltern means a suitable berth might be found on another
    ship": a Lieutenant RM promoted finds a Captain RM's detachment vacant (the promotion
    rule's own), and his seat's ship is hers."""
    state = _phase("autumn")
    _enrol(state)
    officer = {**state["officers"]["o-rm"], "rank": "Lieutenant RM", "ship": "CA"}
    state["officers"]["o-rm"] = officer
    me = rules.campaign_officer(officer, True)
    rank, ship, _ = Vacancies([me]).promote(me)  # the fleet's Captains RM ashore: all vacant
    assert rank == "Captain RM" and ship not in (None, "CA")
    state["officers"]["o-rm"] = {**officer, "rank": rank, "ship": ship}
    officers.follow_berths(state)
    assert state["seats"]["rm"]["ship"] == ship


def test_a_summer_sails_him_and_his_seat_stays_with_his_berth() -> None:
    """A summer resolved with a Marine aboard: his personal outcome by his rank's row, and
    whatever it made of him his seat is in his ship."""
    sailing = {d["ship"] for d in _phase("summer")["deployment"]}
    seq = next(
        q for q in range(500, 540) if _enrol(_phase("summer"), seq=q)["officer"]["ship"] in sailing
    )
    state = _phase("summer")
    _enrol(state, seq=seq)
    kind, data = game.decide(state, state["seats"]["gm"], {"type": "resolve_summer"},
                             game.event_rng(SEED, 600))  # fmt: skip
    game.apply_event(state, kind, data)
    (outcome,) = [o for o in data["report"]["personal_outcomes"] if o["officer"] == "o-rm"]
    assert outcome["rank"] == "Private RM"
    after = state["officers"]["o-rm"]
    assert after["dead"] or state["seats"]["rm"]["ship"] == after["ship"]


@pytest.mark.parametrize("rank, pay, status", [("Private RM", 6, 1), ("Subaltern RM", 8, 2)])
def test_his_pay_is_naval_table_g_s(rank: str, pay: int, status: int) -> None:
    state = _phase("autumn")
    _enrol(state)
    state["officers"]["o-rm"]["rank"] = rank
    funds = state["officers"]["o-rm"]["funds"]
    data = _act(state, "rm", type="draw_pay")
    assert (data["row"], data["pay"], data["status"]) == (rank, pay, status)
    assert state["officers"]["o-rm"]["funds"] == funds + pay


def test_a_marine_gives_no_ship_s_orders_and_sees_as_a_captain() -> None:
    """He orders nothing of a ship or a squadron: his grants are the Marine's own and what
    any fleet player may do; the map's fog of war is the fleet's, as a captain's; his own
    officer is his whole."""
    granted = {name for name, action in TABLE.items() if "marine" in action.grants}
    assert granted == {
        "ready",
        "say",
        "officer_created",
        "draw_pay",
        "ask_transfer",
        "ask_resignation",
        "ask_favour",
        "influence_appointment",
        "year_of_service",
    }
    state = _phase("summer")
    _enrol(state)
    err = _refused(
        lambda: game.decide(
            state,
            state["seats"]["rm"],
            {"type": "sail", "ship": state["seats"]["rm"]["ship"], "to": "plymouth"},
            ScriptedRandom([]),
        ),
        state,
    )
    assert err.code == "forbidden"
    mine = views.state_for(state, state["seats"]["rm"])
    captain = views.state_for(state, state["seats"]["fg"])
    assert mine["forces"] == captain["forces"] and mine["engagements"] == captain["engagements"]
    (me,) = [o for o in mine["officers"] if o["id"] == "o-rm"]
    assert {"na", "funds", "birth"} <= set(me)  # his whole record


def test_through_the_protocol_the_gm_seats_a_marine_who_enrols_and_asks(
    fresh_app: Any,
) -> None:
    """The REST set-up and the socket: the GM's seat for a Marine (no ship), the player's
    own enrolment (``POST /officers``: his ship drawn, his seat's with it); a refused
    enrolment answered with its code, nothing logged; his request acked and announced to
    every seat; the turn rolls it and tells him; the log replays."""
    game_ = Game.new(fresh_app, seed=21)
    gm = game_.gm()
    seat_id, token = game_.seat("marine", name="Sharpe")
    seats = game_.rest("get", f"/api/campaigns/{game_.id}/state").json["state"]["seats"]
    assert next(s for s in seats if s["id"] == seat_id)["ship"] is None
    url = f"/api/campaigns/{game_.id}/officers"
    weak = {**SHARPE, "na": 1}
    before = game_.rest("get", f"/api/campaigns/{game_.id}/log").json["events"]
    r = game_.rest("post", url, token=token, json={"officer": weak})
    assert r.status_code == 409 and r.json["error"]["code"] == "conflict", r.json
    assert game_.rest("get", f"/api/campaigns/{game_.id}/log").json["events"] == before
    r = game_.rest("post", url, token=token, json={"officer": SHARPE})
    assert r.status_code == 201, r.json
    marine = game_.join(token, key="rm")
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
    state = game_.rest("get", f"/api/campaigns/{game_.id}/state", token=token).json["state"]
    mine = next(s for s in state["seats"] if s["id"] == seat_id)
    officer = next(o for o in state["officers"] if o["id"] == mine["officer"])
    assert mine["ship"] == officer["ship"] and state["announced"]["transfer"]["needed"] == 7
    assert marine.act("ask_transfer")["ok"]
    again = marine.act("ask_transfer")
    assert again["ok"] is False and again["error"]["code"] == "conflict"
    assert gm.act("next_season")["ok"]
    log = game_.rest("get", f"/api/campaigns/{game_.id}/log").json
    (rec,) = events_of(log, "next_season")[-1]["data"]["transfers"]
    assert rec["granted"] == (rec["die"] >= 7)  # no favours: never
    feed = game_.rest("get", f"/api/campaigns/{game_.id}/notices", token=token).json["notices"]
    told = [n for n in feed if n["type"] == "transfer"]
    assert len(told) == 2 and "keeps him in" in told[-1]["text"]
    replayed, problems = game.replay(log)
    assert problems == [] and replayed["asked_transfers"][0]["status"] == "refused"
