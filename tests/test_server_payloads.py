"""Every payload checked by its one model: today's one-line refusals, and an answer for
anything at all (never a crash: a property test over every action's payload space, and the
malformed joins, acts and REST bodies a fuzzer found)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server import game
from server.game import ActionError
from server.game.payloads import REQUESTS
from server.game.registry import ACTION_PAYLOADS
from server.web.services import services
from tests.protocol_check import errors
from tests.server_helpers import SEATS, SEED, phase_states, socket_client

SENDER = {  # a seat that may send each action, and the phase it may send it in
    "set_ships": ("prime-minister", "cabinet"),
    "set_deployment": ("first-sea-lord", "cabinet"),
    "roll_force": ("gm", "cabinet"),
    "deploy": ("admiral", "summer"),
    "sail": ("admiral", "summer"),
    "ready": ("captain", "summer"),
    "advance": ("gm", "summer"),
    "engage_decision": ("captain", "fights"),
    "standing_orders": ("captain", "fights"),
    "resolve_summer": ("gm", "summer"),
    "pause": ("gm", "summer"),
    "resume": ("gm", "summer"),
    "set_deadline": ("gm", "summer"),
    "set_clock": ("gm", "summer"),
    "next_season": ("gm", "autumn"),
    "invest": ("captain", "autumn"),
    "conditional_orders": ("captain", "summer"),
    "favour_investor": ("captain", "cabinet"),
    "influence": ("first-sea-lord", "cabinet"),
    "liquidate": ("captain", "autumn"),
    "study": ("captain", "winter"),
    "apply_appointment": ("captain", "autumn"),
    "ask_resignation": ("captain", "winter"),
    "ask_favour": ("captain", "winter"),
    "ask_transfer": ("marine", "winter"),
    "influence_appointment": ("admiral", "spring"),
    "apply_ship": ("captain", "autumn"),
    "buy_rank": ("captain", "autumn"),
    "draw_pay": ("captain", "summer"),
    "substitute": ("captain", "summer"),
    "court_martial": ("gm", "autumn"),
    "embezzle": ("admiral", "autumn"),
    "ignore_offence": ("captain", "autumn"),
    "disgrace": ("gm", "autumn"),
    "note": ("gm", "summer"),
    "move_enemy": ("gm", "summer"),
    "show_voyage": ("gm", "summer"),
    "volunteer": ("captain", "autumn"),
    "plan_cruise": ("gm", "autumn-at-sea"),
    "reassign": ("gm", "summer"),
    "say": ("captain", "summer"),
    "skirmish": ("captain", "summer"),
    "year_of_service": ("captain", "autumn"),
}


def _decide(args: Any, kind: str | None = None) -> tuple[str, dict[str, Any]]:
    role, phase = SENDER[kind or args["type"]]
    state = copy.deepcopy(phase_states()[0][phase])
    seat = state["seats"][SEATS[role]["id"]]
    return game.decide(state, seat, args, game.event_rng(SEED, 99))


def _refusal(args: Any, kind: str | None = None) -> tuple[str, str]:
    with pytest.raises(ActionError) as err:
        _decide(args, kind)
    return err.value.code, err.value.message


@pytest.mark.parametrize(
    "args, message",
    [
        ({"type": "set_ships"}, "'digit' must be a whole number from 1 to 7"),
        ({"type": "set_ships", "digit": "3"}, "'digit' must be a whole number from 1 to 7"),
        ({"type": "set_ships", "digit": True}, "'digit' must be a whole number from 1 to 7"),
        ({"type": "set_ships", "digit": 3.0}, "'digit' must be a whole number from 1 to 7"),
        ({"type": "set_ships", "digit": 8}, "'digit' must be from 1 to 7, not 8"),
        ({"type": "set_deployment", "digit": 7}, "'digit' must be from 1 to 6, not 7"),
        # a Literal of ints would take False and True for 0 and 1 (found by the property below)
        ({"type": "standing_orders", "range": False}, "'range' must be a whole number from 0 to 2"),
        ({"type": "standing_orders", "range": 3}, "'range' must be from 0 to 2, not 3"),
        (
            {"type": "volunteer", "ship": "FG", "seasons": True},
            "'seasons' must be a whole number from 1 to 2",
        ),
        (
            {"type": "set_ships", "digit": 3, "pad": 1, "extra": 2},
            "unexpected field(s): extra, pad",
        ),
        ({"type": "roll_force", "digit": 3}, "unexpected field(s): digit"),
        ({"type": "ready", "ready": "yes"}, "'ready' must be true or false"),
        (
            {"type": "note", "text": "  "},
            "'text' must be a non-empty string of at most 4000 characters",
        ),
        (
            {"type": "note", "text": "x" * 4001},
            "'text' must be a non-empty string of at most 4000 characters",
        ),
        ({"type": "set_deadline"}, "'deadline' is required: an ISO 8601 time or null"),
        ({"type": "set_deadline", "deadline": 5}, "'deadline' must be an ISO 8601 time or null"),
        (
            {"type": "set_deadline", "deadline": "soon"},
            "'deadline' is not an ISO 8601 time: 'soon'",
        ),
        (
            {"type": "set_deadline", "deadline": "9999-12-31T23:59:59-23:59"},
            "'deadline' is out of range: '9999-12-31T23:59:59-23:59'",
        ),
        (
            {"type": "deploy", "squadron": "Green", "station": "channel"},
            "no squadron 'Green'; squadrons: White, Red, Blue, Blockade",
        ),
        (
            {"type": "deploy", "squadron": 5, "station": "channel"},
            "'squadron' must be a non-empty string of at most 200 characters",
        ),
        (
            {"type": "deploy", "squadron": "Red"},
            "give exactly one of 'station', 'blockade' or 'patrol'",
        ),
        (
            {"type": "deploy", "squadron": "Red", "station": "channel", "patrol": [0, 50]},
            "give exactly one of 'station', 'blockade' or 'patrol'",
        ),
        (
            {"type": "deploy", "squadron": "Red", "patrol": [200, 0]},
            "'patrol' must be [lon, lat] in degrees",
        ),
        (
            {"type": "deploy", "squadron": "Red", "patrol": [True, 0]},
            "'patrol' must be [lon, lat] in degrees",
        ),
        ({"type": "sail", "to": "plymouth"}, "give exactly one of 'squadron' or 'ship'"),
        (
            {"type": "sail", "squadron": "Red", "ship": "FG", "to": "plymouth"},
            "give exactly one of 'squadron' or 'ship'",
        ),
        ({"type": "sail", "squadron": "Red"}, "'to' is required: a port id or [lon, lat]"),
        (
            {"type": "sail", "squadron": "Red", "to": 5},
            "'to' must be a non-empty string of at most 60 characters",
        ),
        (
            {"type": "sail", "squadron": "Red", "to": [1, 2, 3]},
            "'to' must be [lon, lat] in degrees",
        ),
        ({"type": "advance", "days": 0}, "'days' must be from 1 to 30, not 0"),
        ({"type": "advance", "days": 31}, "'days' must be from 1 to 30, not 31"),
        (
            {"type": "move_enemy", "force": 5, "to": "toulon"},
            "'force' must be a non-empty string of at most 40 characters",
        ),
        (
            {"type": "engage_decision", "engagement": "e1", "decision": "sail away"},
            "'decision' must be one of close, hold, flee, board, strike, npc",
        ),
        (
            {"type": "engage_decision", "engagement": "e1", "decision": "npc"},
            "'decision' must be one of close, hold, flee, board, strike",
        ),
        (
            {"type": "engage_decision", "engagement": "e1", "decision": "close", "shot": ["x"]},
            "'shot' must be one of roundshot, grapeshot, chainshot, heated, double",
        ),
        (
            {"type": "engage_decision", "engagement": "e1", "decision": "close", "target": {}},
            "'target' must be a non-empty string of at most 40 characters",
        ),
        (
            {"type": "engage_decision", "engagement": "e1", "decision": "close", "target": "a0"},
            "'target' must be an enemy ship id of e1",
        ),
    ],
)
def test_the_one_line_refusals(args: dict[str, Any], message: str) -> None:
    assert _refusal(args) == ("invalid", message)


def test_unknown_types_and_non_objects() -> None:
    for args in ({"type": "fly"}, {}, {"type": ["pause"]}):
        code, message = _refusal(args, "pause")
        assert code == "invalid" and message.startswith("unknown action type")
    assert _refusal("pause", "pause") == ("invalid", "an action is a JSON object with a 'type'")


def test_the_gm_acts_as_a_seat_only_if_it_is_one() -> None:
    assert _refusal({"type": "pause", "as": 5}) == ("not_found", "no seat 5")
    assert _refusal({"type": "pause", "as": "nobody"}) == ("not_found", "no seat 'nobody'")


def test_strings_are_stripped_and_codes_upper_cased() -> None:
    kind, data = _decide({"type": "note", "text": "  Toulon sails  "})
    assert data["text"] == "Toulon sails" and data["args"]["text"] == "  Toulon sails  "
    kind, data = _decide({"type": "sail", "ship": " dr ", "to": " plymouth "})
    assert data["orders"] == {"kind": "sail", "target": "plymouth"} and data["detach"] == "DR"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
GOOD = {  # values that pass a field's check, so that the rules behind it run too
    "digit": st.integers(0, 8),
    "days": st.integers(0, 31),
    "ready": st.booleans(),
    "deadline": st.sampled_from([None, "2026-12-01T18:00:00Z", "2026-12-01", "soon"]),
    "text": st.text(max_size=8),
    "squadron": st.sampled_from(["Red", "blue", "White", "Green", " red "]),
    "ship": st.sampled_from(["FG", "dr", "NE", "RO", "ZZ"]),
    "replaces": st.sampled_from(["DR", "fg", "TH", "ZZ"]),
    "station": st.sampled_from(["channel", "baltic", "moon"]),
    "blockade": st.sampled_from(["brest", "portsmouth", "toulon"]),
    "patrol": st.sampled_from([[-5.6, 48.7], [2.35, 48.85], [0, 0]]),
    "to": st.sampled_from(
        ["plymouth", "brest", "atlantis", [-5.6, 48.7], [2.35, 48.85], "all", ["pm", "fg"], ["x"]]
    ),
    "force": st.sampled_from(["fr-brest", "channel-red", "nowhere"]),
    "engagement": st.sampled_from(["e1", "e2", "e9"]),
    "decision": st.sampled_from(["close", "hold", "strike", "npc", "fly"]),
    "shot": st.sampled_from(["roundshot", "grapeshot", "iron"]),
    "target": st.sampled_from(["b0", "b1", "a0"]),
    "range": st.sampled_from([0, 1, 2, 3]),
    "repair": st.sampled_from(["hull", "fire", "galley"]),
    "repair_by": st.sampled_from(["o-1", "RO-captain", "FG-lt1"]),
    "hwyf": st.sampled_from([{"FG-captain": "gunnery"}, {"o-1": "cookery"}]),
    "boarding": st.sampled_from([{"FG-lt1": "melee"}, {"FG-captain": "dance"}]),
    "muskets": st.sampled_from(["crew", "captain", "hold", "rigging"]),
    "prep": st.sampled_from(["seeing to the sails", "bracing the mast", "clearing for action"]),
    "rounds": st.sampled_from(["one", "all", "some"]),
    "fire_by": st.sampled_from(["o-1", "FG-lt1"]),
    "fire": st.sampled_from([{"b0": 2, "b1": 1}, {"a0": 1}, {"b0": -1}]),
    "hardship": st.sampled_from([["FG-captain"], ["o-1"], []]),
    "round": st.sampled_from([None, 0, 1, 2]),
    "turn_days": st.integers(0, 31),
    "appointment": st.sampled_from(["Ship's Adjutant", "Captain of the Fleet", "Admiral", 3]),
    "turn_seconds": st.sampled_from([None, 9, 10, 600, 604801]),
    "round_seconds": st.sampled_from([None, 5, 60, 10**6]),
    "voyage": st.sampled_from(
        [
            {"stops": ["portsmouth", "plymouth"]},
            {"stops": ["portsmouth", "station:moon"], "month": 7},
            {"stops": ["plymouth", "-5.6,48.7", "plymouth"], "ship": "Cutter", "stay": 1},
            {"stops": ["portsmouth"]},
        ]
    ),
    "seat": st.sampled_from(["fg", "red", "pm", "gm", "s-nobody"]),
    "kind": st.sampled_from(["arms", "finance", "commerce", "consols"]),
    "guineas": st.sampled_from([0, 999, 1000, 1500, 3000, 10**7]),
    "poltroonery": st.sampled_from([0, 1, 10, 11, -1]),
    "bravery": st.sampled_from([0, 2, 10, 11]),
    "decline_promotion": st.booleans(),
    "investment": st.sampled_from(["i1805-1", "i1899-9", ""]),
    "ships": st.sampled_from([["DR"], ["FG", "dr"], ["NE"], ["ZZ"], []]),
    "seasons": st.sampled_from([1, 2, 3]),
    "cruise": st.sampled_from(["c1", "c2", "c9"]),
    "missions": st.sampled_from(
        [
            ["plymouth", "falmouth", "cork"],
            ["plymouth", "-5.6,48.7", "station:channel", "brest"],
            ["plymouth"],
            ["plymouth", "atlantis", "cork"],
        ]
    ),
    "stay": st.sampled_from([0, 2, 61]),
    "weeks": st.sampled_from([0, 1, 4, 13, 14]),
    "preview": st.sampled_from([False, True, None]),
    "wish": st.sampled_from(["more", "fewer", "for", "against", "all"]),
    "announcement": st.sampled_from(["ap1", "rs1", "rs99", "xx1", "ap0"]),
    "favours": st.sampled_from([[8], [7, 7], [8, 9], [7], [], [10], [9, 9]]),
    "officer": st.sampled_from(["FG-captain", "RO-captain", "FG-lt1", "FSL", "o-1", ""]),
    "verdict": st.sampled_from(
        ["acquitted", "dismissal from command", "reduction in rank", "hanged"]
    ),
    "ignore": st.booleans(),
    "cause": st.sampled_from(["debt", "duel", "cleared", "gambling", None]),
    "mission": st.sampled_from(["cutting_out", "landing_party", "raid"]),
    "port": st.sampled_from(["brest", "portsmouth", "atlantis"]),
    "party": st.sampled_from(
        [{"FG-captain": "board"}, {"FG-lt1": "scout", "FG-captain": "storm"}, {"o-1": "dance"}, {}]
    ),
    "cards": st.sampled_from([{"FG-lt1": 2}, {"FG-captain": 1}, {"FG-lt1": 99}, {}]),
    "measure": st.sampled_from(["Guts", "Discipline", "Charm", "Influence", "Wealth", None]),
    "skill": st.sampled_from(["Awareness", "Gunnery", "Command", "Profession", "Dance", None]),
    "card": st.sampled_from(["AH", "QS", "JK", "10D", "1X", None]),
}


def _fields(kind: str) -> list[str]:
    names = ACTION_PAYLOADS[kind].model_json_schema()["properties"]
    return [name for name in names if name not in ("type", "as")]


@st.composite
def _actions(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(ACTION_PAYLOADS)))
    args: dict[str, Any] = {"type": kind}
    for name in _fields(kind):
        choice = draw(st.integers(0, 2))  # absent, a good-looking value, any JSON at all
        if choice:
            args[name] = draw(GOOD[name] if choice == 1 else JSON)
    if draw(st.integers(0, 9)) == 0:
        args[draw(st.text(min_size=1, max_size=6))] = draw(JSON)
    return args


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_actions())
def test_any_payload_is_decided_or_refused_in_one_line(args: dict[str, Any]) -> None:
    try:
        game.parse(ACTION_PAYLOADS[args["type"]], args)
    except ActionError:
        pass
    else:  # what the payload's model takes, /api/schema takes: a client may check by it
        assert errors(args, "actions", args["type"]) == [], args
    try:
        kind, data = _decide(args)
    except ActionError as err:
        assert err.code in game.CODES and "\n" not in err.message and err.message
        return
    assert kind == args["type"] and data["args"] == args
    json.dumps(data)  # what is logged is JSON


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(REQUESTS)), st.dictionaries(st.text(max_size=8), JSON, max_size=4))
def test_any_rest_body_is_taken_or_refused_in_one_line(name: str, body: dict[str, Any]) -> None:
    try:
        game.parse(REQUESTS[name], body)
    except ActionError as err:
        assert err.code == "invalid" and "\n" not in err.message
    else:  # a body taken is one /api/schema (and /api/openapi.json) takes
        assert errors(body, "requests", name) == [], body


# -- through the protocol ---------------------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        None,
        [],
        "act",
        {"type": "set_deadline", "deadline": "9999-12-31T23:59:59-23:59"},
        {"type": "engage_decision", "engagement": "e1", "decision": "close", "shot": ["x"]},
        {"type": "engage_decision", "engagement": ["e1"], "decision": "close"},
        {"type": "note", "text": "\ud800"},
        {"type": "note", "text": "a\x00b"},
        {"type": "pause", "as": {"id": 1}},
        {"type": {"nested": [1, 2]}},
        {"type": "note", "text": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]},
        {"type": "advance", "days": 10**40},
        {"type": "deploy", "squadron": "Red", "patrol": [float("1e308"), 0]},
    ],
)
def test_every_act_is_acked_with_one_error(payload_table, payload) -> None:
    gm = payload_table.gm()
    before = payload_table.rest("get", f"/api/campaigns/{payload_table.id}/log").json
    ack = gm.client.emit("act", payload, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] in game.CODES, ack
    assert "\n" not in ack["error"]["message"]
    assert payload_table.rest("get", f"/api/campaigns/{payload_table.id}/log").json == before


@pytest.mark.parametrize(
    "payload",
    [
        {"campaign": "\ud800", "token": "x"},
        {"campaign": ["c1"], "token": "x"},
        {"campaign": "c1", "token": {"t": 1}},
        {"campaign": "c1" * 40, "token": "x"},
        {"campaign": "c1", "token": "x", "since": "3"},
        {"campaign": "c1", "token": "x", "since": True},
        42,
    ],
)
def test_every_join_is_acked_with_one_error(payload_table, payload) -> None:
    client = socket_client(payload_table.app)
    ack = client.emit("join", payload, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] in ("invalid", "forbidden"), ack


@pytest.mark.parametrize(
    "body, word",
    [
        ({"name": "\ud800"}, "surrogate"),
        ({"name": "Summer\x00"}, "NUL"),
        ({"seed": 2**31}, "'seed' must be from 0 to 2147483647, not 2147483648"),
        ({"seed": 2**40}, "'seed'"),
        ({"year": 1805.0}, "'year' must be a whole number from 1793 to 1815"),
        ({"colour": "red"}, "unexpected field(s): colour"),
    ],
)
def test_rest_bodies_the_database_cannot_hold_are_refused(payload_table, body, word) -> None:
    r = payload_table.app.test_client().post("/api/campaigns", json=body)
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid", r.json
    assert word in r.json["error"]["message"]


def test_rest_bodies_nested_past_the_parser_are_refused(payload_table) -> None:
    deep = "[" * 5000 + "]" * 5000
    for path in ("/api/campaigns", f"/api/campaigns/{payload_table.id}/seats"):
        r = payload_table.rest("post", path, data=deep, content_type="application/json")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid", r.json
    r = payload_table.app.test_client().post("/api/campaigns", json={"seed": 2**31 - 1})
    assert r.status_code == 201


def test_a_failure_of_the_servers_own_is_still_one_answer(
    payload_table, monkeypatch, caplog
) -> None:
    service = services(payload_table.app).campaigns

    def broken(*args: Any) -> None:
        raise RuntimeError("a bug of ours")

    gm = payload_table.gm()
    monkeypatch.setattr(service, "act", broken)
    with caplog.at_level("ERROR", logger="admiralty"):
        ack = gm.client.emit("act", {"type": "pause"}, callback=True)
    assert ack == {
        "ok": False,
        "error": {
            "code": "internal",
            "message": "the server failed on this request; it has been logged",
        },
    }
    assert "a bug of ours" in caplog.text
    monkeypatch.setattr(service, "log", broken)
    r = payload_table.rest("get", f"/api/campaigns/{payload_table.id}/log")
    assert r.status_code == 500 and r.json["error"]["code"] == "internal"


def test_a_detaching_sail_names_the_ships_own_force_and_her_route_goes_there() -> None:
    role, phase = SENDER["sail"]
    state = copy.deepcopy(phase_states()[0][phase])
    seat = state["seats"][SEATS[role]["id"]]
    kind, data = game.decide(
        state, seat, {"type": "sail", "ship": "DR", "to": "plymouth"}, game.event_rng(SEED, 99)
    )
    assert data["detach"] == "DR" and data["detached"] not in state["forces"]
    game.apply_event(state, kind, data)
    alone = state["forces"][data["detached"]]
    assert [s["code"] for s in alone["ships"]] == ["DR"] and alone["route"] == data["route"]
    assert all(
        "DR" not in [s["code"] for s in f["ships"]]
        for fid, f in state["forces"].items()
        if fid != data["detached"]
    )
