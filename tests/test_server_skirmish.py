"""The ``skirmish`` action: a captain's cutting-out expedition or landing party from his ship
lying off an enemy port in the summer or on a volunteers' cruise after it (BtQ
000:1153-1199, "The Skirmish Rules"), fought at once, its outcome on the roster, the ship
and the enemy's force in the port, told to him, his admiral and the GM, and replayed from
the log.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from server import game
from server.game import ActionError, rules, skirmishes
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
            # the Brest squadron holds no sloop: a merchantman at anchor, Prize Money only
            assert ship["morale"] == "healthy" and data["prize"] == {
                "name": "a merchantman cut out of Brest",
                "type": "Brig Sloop",
                "force": None,
                "code": None,
            }
            assert "cut out a merchantman from Brest" in data["text"]
            assert ship["skirmish"]["prize"]["name"] == "a merchantman cut out of Brest"
            assert state["forces"]["fr-brest"] == summer["forces"]["fr-brest"]
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


def _won(state: dict[str, Any], args: dict[str, Any], seat: str = "fg") -> tuple[str, Any]:
    """The first of 40 seeds on which ``args`` wins, decided on a copy of ``state``."""
    for seq in range(40):
        kind, data = _decide(copy.deepcopy(state), args, seq, seat)
        if data["victory"]:
            return kind, data
    raise AssertionError("no skirmish won in 40 seeds")


def _with_ships(state: dict[str, Any], force: str, *ships: tuple[str, str]) -> dict[str, Any]:
    """``state`` with the enemy ``force`` holding ``ships`` (name, roster type) after its own."""
    state = copy.deepcopy(state)
    for name, type_ in ships:
        state["forces"][force]["ships"].append(
            {"code": name, "name": name, "type": type_, "named": False, "status": "afloat"}
        )
    return state


def test_what_a_cutting_out_carries_off_is_a_vessel_of_the_prizes_class_else_a_merchantman() -> (
    None
):
    """The mission's prize is a Brig Sloop: the boats take the first afloat vessel of her
    class (the roster's Sloop: a Brig or a Ship Sloop) of the enemy in harbour there; a
    port holding none (the Brest squadron's ships of the line and frigate) gives up a
    merchantman; a sloop at sea or in another port is not taken, nor one taken already."""
    summer = _off_brest(phase_states()[0]["summer"])
    assert skirmishes.cut_out(summer, "brest", "Brest", "Brig Sloop") == {
        "name": "a merchantman cut out of Brest",
        "type": "Brig Sloop",
        "force": None,
        "code": None,
    }
    state = _with_ships(summer, "fr-brest", ("Vésuve", "Ship Sloop"), ("Abeille", "Brig Sloop"))
    got = skirmishes.cut_out(state, "brest", "Brest", "Brig Sloop")
    assert got == {"name": "Vésuve", "type": "Ship Sloop", "force": "fr-brest", "code": "Vésuve"}
    state["forces"]["fr-brest"]["ships"][-2]["status"] = "taken"
    assert skirmishes.cut_out(state, "brest", "Brest", "Brig Sloop")["name"] == "Abeille"
    at_sea = _with_ships(summer, "fr-brest", ("Abeille", "Brig Sloop"))
    at_sea["forces"]["fr-brest"]["port"] = None  # she has put to sea
    assert skirmishes.cut_out(at_sea, "brest", "Brest", "Brig Sloop")["force"] is None
    toulon = _with_ships(summer, "fr-toulon", ("Abeille", "Brig Sloop"))
    assert skirmishes.cut_out(toulon, "brest", "Brest", "Brig Sloop")["force"] is None


def test_the_brig_sloop_cut_out_leaves_the_enemys_force_and_every_seat_that_sees_it() -> None:
    """A cutting-out won off Brest, the Brest squadron holding a brig: she is taken off
    his force (her status ``taken``), her name on the prize's shares and in the words; the
    others seeing the Brest squadron see it diminished (its ships, not the skirmish)."""
    summer = _with_ships(
        _off_brest(phase_states()[0]["summer"]), "fr-brest", ("Abeille", "Brig Sloop")
    )
    kind, data = _won(summer, CUT_OUT)
    assert data["prize"] == {
        "name": "Abeille",
        "type": "Brig Sloop",
        "force": "fr-brest",
        "code": "Abeille",
    }
    assert (
        data["text"] == "the boats of the Fiddler's Green cut out the Brig Sloop Abeille from Brest"
    )
    assert {s["prize"] for shares in data["prize_money"].values() for s in shares} == {"Abeille"}
    state = copy.deepcopy(summer)
    game.apply_event(state, kind, data)
    brest = state["forces"]["fr-brest"]
    assert [(s["name"], s["status"]) for s in brest["ships"]][-2:] == [
        ("Comète", "afloat"),
        ("Abeille", "taken"),
    ]
    assert brest["afloat"]  # four ships still afloat
    fg = next(s for s in state["forces"][data["force"]]["ships"] if s["code"] == "FG")
    assert fg["skirmish"]["prize"] == {"name": "Abeille", "type": "Brig Sloop"}
    for key in ("pm", "fg", "gm"):  # a British seat who sees Brest, her captain, the GM
        seat = state["seats"][key]
        seen = next(f for f in game.state_for(state, seat)["forces"] if f["id"] == "fr-brest")
        assert [s["status"] for s in seen["ships"] if s["name"] == "Abeille"] == ["taken"], key


def test_a_port_whose_last_vessel_is_cut_out_has_no_force_afloat() -> None:
    """The enemy's force in the port was one sloop: cut out, it leaves the map (afloat no
    more: the players' chart shows it no longer, the GM's keeps it as the fights' do)."""
    summer = _off_brest(phase_states()[0]["summer"])
    summer["forces"]["fr-brest"]["ships"] = []
    state = _with_ships(summer, "fr-brest", ("Abeille", "Brig Sloop"))
    kind, data = _won(state, CUT_OUT)
    game.apply_event(state, kind, data)
    assert state["forces"]["fr-brest"]["afloat"] is False
    pm = state["seats"]["pm"]
    assert "fr-brest" not in {f["id"] for f in game.state_for(state, pm)["forces"]}


@pytest.mark.parametrize("season", ["autumn", "winter", "spring"])
def test_a_volunteers_cruise_sends_her_boats_away_off_an_enemy_port(season: str) -> None:
    """After the summer the volunteers' cruises are the ships at sea (Briny, VOLUNTEERS):
    the Red squadron's cruise lying off Brest sends FG's boats away by the same rules, and
    her captain's page offers it; in harbour she may not, and with no cruise FG is not
    afloat at all."""
    phases = phase_states()[0]
    at_sea = phases[f"{season}-at-sea"]
    state = _off_brest(at_sea)
    fg = state["seats"]["fg"]
    boats = game.state_for(state, fg)["skirmish"]
    assert boats["ship"] == "FG" and {"id": "brest", "name": "Brest"} in boats["ports"]
    # her officers after the summer's changes, the first in the order of command leading
    args = {**CUT_OUT, "party": {boats["officers"][0]["id"]: "board"}}
    assert _refused(copy.deepcopy(at_sea), args).code == "conflict"  # in harbour
    assert _refused(copy.deepcopy(phases[season]), args).code == "not_found"
    kind, data = _decide(state, args)
    assert kind == "skirmish" and data["force"] == "cruise-c1"
    assert data["seats"] == ["fg", "red"]
    game.apply_event(state, kind, data)
    ship = next(s for s in state["forces"]["cruise-c1"]["ships"] if s["code"] == "FG")
    assert ship["skirmish"]["day"] == state["day"]
    assert game.state_for(state, fg)["skirmish"]["today"] is True
