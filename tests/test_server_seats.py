"""Campaigns, seats, tokens and the protocol's refusals (Flask-SocketIO test client)."""

from __future__ import annotations

import pytest

from server.game import ACTIONS, TABLE
from server.web.campaigns import CampaignService
from server.web.services import services
from tests.server_helpers import socket_client


def test_create_campaign_defaults_and_validation(fresh_app) -> None:
    client = fresh_app.test_client()
    r = client.post("/api/campaigns")
    assert r.status_code == 201
    assert len(r.json["token"]) >= 32 and r.json["link"].endswith(r.json["token"])
    bad = [
        ({"year": 1700}, "year"),
        ({"year": "1805"}, "year"),
        ({"seed": -1}, "seed"),
        ({"name": ""}, "name"),
        ({"colour": "red"}, "unexpected"),
    ]
    for body, word in bad:
        r = client.post("/api/campaigns", json=body)
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid", body
        assert word in r.json["error"]["message"]
    r = client.post("/api/campaigns", data="{not json", content_type="application/json")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid"
    r = client.post("/api/campaigns", json={"name": "x" * 70_000})
    assert r.status_code == 413 and r.json["error"]["code"] == "invalid"


def test_seats_need_the_gm_token(fresh_game) -> None:
    _, pm_token = fresh_game.seat("prime-minister", name="Pitt")
    r = fresh_game.rest(
        "post", f"/api/campaigns/{fresh_game.id}/seats", token=pm_token, json={"role": "observer"}
    )
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"
    r = fresh_game.rest(
        "post", f"/api/campaigns/{fresh_game.id}/seats", token="nonsense", json={"role": "observer"}
    )
    assert r.status_code == 403
    r = fresh_game.app.test_client().post(
        f"/api/campaigns/{fresh_game.id}/seats", json={"role": "observer"}
    )
    assert r.status_code == 403
    r = fresh_game.rest("post", "/api/campaigns/nosuch/seats", json={"role": "observer"})
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    "body, code",
    [
        ({"role": "king"}, "invalid"),
        ({"role": "admiral"}, "invalid"),
        ({"role": "admiral", "squadron": "Green"}, "invalid"),
        ({"role": "captain"}, "invalid"),
        ({"role": "captain", "ship": "ZZ"}, "not_found"),
        ({"role": "observer", "ship": "RO"}, "invalid"),
        ({"role": "prime-minister"}, "conflict"),
        ({"role": "admiral", "squadron": "white"}, "conflict"),
    ],
)
def test_bad_seats_are_refused_and_change_nothing(fresh_game, body, code) -> None:
    fresh_game.seat("prime-minister")
    fresh_game.seat("admiral", squadron="White")
    before = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    r = fresh_game.rest("post", f"/api/campaigns/{fresh_game.id}/seats", json=body)
    assert r.json["error"]["code"] == code, r.json
    assert fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"] == before


def test_tokens_are_stored_only_as_hashes(fresh_game, tmp_path) -> None:
    _, token = fresh_game.seat("observer")
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("test.db*"))
    assert token.encode() not in raw and fresh_game.gm_token.encode() not in raw
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").get_data(as_text=True)
    assert token not in log and fresh_game.gm_token not in log


def test_join_refuses_bad_tokens_and_act_needs_a_join(fresh_game) -> None:
    client = socket_client(fresh_game.app)
    for payload, code in [
        ({"campaign": fresh_game.id, "token": "wrong"}, "forbidden"),
        ({"campaign": fresh_game.id}, "forbidden"),
        ({"campaign": "nosuch", "token": fresh_game.gm_token}, "not_found"),
        ({"campaign": fresh_game.id, "token": fresh_game.gm_token, "since": -1}, "invalid"),
        ("join me", "invalid"),
    ]:
        ack = client.emit("join", payload, callback=True)
        assert ack == {"ok": False, "error": {"code": code, "message": ack["error"]["message"]}}
    ack = client.emit("act", {"type": "pause"}, callback=True)
    assert ack["error"]["code"] == "forbidden"


def test_reissue_cuts_the_old_token_off(fresh_game) -> None:
    seat_id, old = fresh_game.seat("prime-minister", name="Pitt")
    pm = fresh_game.join(old)
    r = fresh_game.rest(
        "post", f"/api/campaigns/{fresh_game.id}/seats/{seat_id}/token", json={"name": "Addington"}
    )
    assert r.status_code == 200 and r.json["token"] != old
    assert pm.act("set_ships", digit=3)["error"]["code"] == "forbidden"
    r = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/state", token=old)
    assert r.status_code == 403
    new = fresh_game.join(
        fresh_game.rest("post", f"/api/campaigns/{fresh_game.id}/seats/{seat_id}/token").json[
            "token"
        ]
    )
    assert new.seat["name"] == "Addington"
    assert new.act("set_ships", digit=3)["ok"]
    r = fresh_game.rest("post", f"/api/campaigns/{fresh_game.id}/seats/nosuch/token")
    assert r.status_code == 404


def test_a_token_reissued_by_another_process_stops_at_once(fresh_game) -> None:
    """An act's token is checked on the state it is decided on: another process's reissue
    (logged behind this process's cached state) refuses the old token's next act."""
    service = services(fresh_game.app).campaigns
    seat_id, old = fresh_game.seat("prime-minister", name="Pitt")
    pm = fresh_game.join(old)
    assert pm.act("set_ships", digit=3)["ok"]  # the token is known to this process now
    other = CampaignService(service.store, lambda rooms, payload: None)
    gm_seat = fresh_game.gm().seat["id"]
    new = other.reissue(fresh_game.id, gm_seat, seat_id)
    last = service.store.last_seq(fresh_game.id)
    assert pm.act("set_ships", digit=4)["error"]["code"] == "forbidden"
    assert service.store.last_seq(fresh_game.id) == last, "nothing logged for the old token"
    assert fresh_game.join(new).act("set_ships", digit=4)["ok"]


def test_cabinet_choices_are_secret_until_the_roll(fresh_game) -> None:
    gm = fresh_game.gm()
    pm = fresh_game.add("pm", "prime-minister")
    fsl = fresh_game.add("fsl", "first-sea-lord")
    obs = fresh_game.add("obs", "observer")
    fresh_game.drain()
    ack = pm.act("set_ships", digit=5)
    assert ack["ok"]
    assert [e["data"] for e in pm.events()] == [{"digit": 5}]
    assert fsl.events() == [] and obs.events() == []
    # told only that an event happened (its seq), as every seat is of every event
    assert fsl.seqs[-1] == obs.seqs[-1] == ack["seq"]
    assert [e["seq"] for e in gm.events()] == [ack["seq"]]
    fsl_state = fresh_game.rest(
        "get", f"/api/campaigns/{fresh_game.id}/state", token=fsl.token
    ).json
    pm_state = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/state", token=pm.token).json
    assert fsl_state["state"]["cabinet"]["ships_digit"] is None
    assert pm_state["state"]["cabinet"]["ships_digit"] == 5
    assert (
        "cabinet"
        not in fresh_game.rest(
            "get", f"/api/campaigns/{fresh_game.id}/state", token=obs.token
        ).json["state"]
    )


def test_gm_notes_reach_the_gm_only(fresh_game) -> None:
    gm = fresh_game.gm()
    pm = fresh_game.add("pm", "prime-minister")
    fresh_game.drain()
    assert gm.act("note", text="The Toulon squadron sails on day 12")["ok"]
    assert [e["type"] for e in gm.events()] == ["note"]
    assert pm.events() == []
    state = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/state", token=pm.token).json[
        "state"
    ]
    assert "notes" not in state and "Toulon" not in str(state)


def _seats_for_every_role(fresh_game):
    fresh_game.gm()
    fresh_game.add("prime-minister", "prime-minister")
    fresh_game.add("first-sea-lord", "first-sea-lord")
    fresh_game.add("admiral", "admiral", squadron="White")
    fresh_game.add("captain", "captain", ship="RO")
    fresh_game.add("observer", "observer")
    return fresh_game.players


def test_every_action_is_refused_for_every_seat_that_may_not_send_it(fresh_game) -> None:
    players = _seats_for_every_role(fresh_game)
    seq = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"][-1]["seq"]
    for kind in ACTIONS:
        for player in players.values():
            role = player.seat["role"]
            if role in TABLE[kind].grants:
                continue
            ack = player.act(kind)
            assert ack["ok"] is False and ack["error"]["code"] == "forbidden", (kind, role, ack)
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    assert log[-1]["seq"] == seq


@pytest.mark.parametrize(
    "payload, code",
    [
        ("pause", "invalid"),
        ({"type": "fly"}, "invalid"),
        ({"type": "set_ships"}, "invalid"),
        ({"type": "set_ships", "digit": 8}, "invalid"),
        ({"type": "set_ships", "digit": "3"}, "invalid"),
        ({"type": "set_ships", "digit": True}, "invalid"),
        ({"type": "set_ships", "digit": 3, "extra": 1}, "invalid"),
        ({"type": "set_ships", "digit": 3, "pad": "x" * 70_000}, "invalid"),
        ({"type": "deploy", "squadron": "White", "station": "channel"}, "forbidden"),
        ({"type": "set_deadline", "deadline": "soon"}, "forbidden"),
    ],
)
def test_malformed_actions_change_nothing(fresh_game, payload, code) -> None:
    pm = fresh_game.add("pm", "prime-minister")
    before = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json
    ack = pm.client.emit("act", payload, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] == code, ack
    assert fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json == before
    assert pm.events() == []


def test_phase_and_pause_rules(fresh_game) -> None:
    gm = fresh_game.gm()
    admiral = fresh_game.add("adm", "admiral", squadron="White")
    ack = admiral.act("deploy", squadron="White", station="channel")
    assert ack["error"]["code"] == "wrong_phase"
    assert gm.act("resume")["error"]["code"] == "conflict"
    assert gm.act("pause")["ok"]
    assert gm.act("pause")["error"]["code"] == "conflict"
    assert gm.act("set_deadline", deadline="2030-12-01T18:00:00Z")["ok"]
    assert gm.act("set_deadline", deadline="tomorrow")["error"]["code"] == "invalid"
    assert gm.act("resume")["ok"]
    state = fresh_game.rest(
        "get", f"/api/campaigns/{fresh_game.id}/state", token=admiral.token
    ).json
    assert state["state"]["deadline"] == "2030-12-01T18:00:00Z"
    assert state["state"]["paused"] is False
    assert [e["type"] for e in admiral.events()] == ["pause", "set_deadline", "resume"]


def test_gm_acts_for_an_absent_seat(fresh_game) -> None:
    gm = fresh_game.gm()
    pm = fresh_game.add("pm", "prime-minister")
    ack = gm.act("set_ships", digit=2, **{"as": pm.seat["id"]})
    assert ack["ok"]
    assert pm.events()[0]["data"] == {"digit": 2}
    assert pm.act("set_ships", **{"as": gm.seat["id"], "digit": 1})["error"]["code"] == "forbidden"


def test_reconnect_with_since_gets_exactly_the_missed_events(fresh_game) -> None:
    gm = fresh_game.gm()
    adm = fresh_game.add("adm", "admiral", squadron="White")
    seen = adm.ack["seq"]
    adm.client.disconnect()
    acks = [
        gm.act("pause"),
        gm.act("note", text="secret"),
        gm.act("resume"),
        gm.act("set_deadline", deadline=None),
    ]
    again = fresh_game.join(adm.token, since=seen)
    got = again.ack["events"]
    assert [e["seq"] for e in got] == [acks[0]["seq"], acks[2]["seq"], acks[3]["seq"]]
    assert [e["type"] for e in got] == ["pause", "resume", "set_deadline"]
    assert again.ack["seq"] == acks[3]["seq"]
