"""``GET /api/schema`` and docs/protocol.md say the same: every action, event and REST body
with its fields, nothing more and nothing less."""

from __future__ import annotations

import re

import pytest

from server.game import protocol_schema
from tests.conftest import ROOT
from tests.protocol_check import errors
from tests.server_helpers import new_app

PROTOCOL = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
DEPLOY = ("actions", "deploy")
ERROR = {"code": "invalid", "message": "unexpected field(s): colour"}
ENVELOPE = {"actions": {"type", "as"}, "events": {"args", "as", "at", "due"}, "requests": set()}
REQUEST_HEADINGS = {
    "create_campaign": "`POST /api/campaigns`",
    "create_seat": "`POST /api/campaigns/<id>/seats` (GM)",
    "reissue_seat": "`POST /api/campaigns/<id>/seats/<seat>/token` (GM)",
    "create_officer": "`POST /api/campaigns/<id>/officers` (GM, or a player for his own seat)",
}


def _sections(text: str, level: int) -> dict[str, str]:
    """Heading -> body, for the headings of one level (``##``, ``###``)."""
    marks = "#" * level
    parts = re.split(rf"^{marks} (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def _documented(section: str) -> dict[str, list[str]]:
    """Each ``### `name``` of a ``##`` section, and the fields it lists (``- `field```)."""
    out = {}
    for heading, body in _sections(section, 3).items():
        name = re.fullmatch(r"`(\w+)`", heading)
        assert name, f"a heading of its own: {heading!r}"
        out[name.group(1)] = re.findall(r"^- `(\w+)`", body, flags=re.M)
    return out


def _fields(schema: dict, envelope: set[str]) -> list[str]:
    return [name for name in schema.get("properties", {}) if name not in envelope]


def _doc(kind: str) -> dict[str, list[str]]:
    chapters = _sections(PROTOCOL, 2)
    if kind == "actions":
        return _documented(chapters["Action payloads"])
    if kind == "events":
        return _documented(chapters["Events"])
    rest = _sections(chapters["REST"], 3)
    return {
        name: re.findall(r"^- `(\w+)`", rest[heading], flags=re.M)
        for name, heading in REQUEST_HEADINGS.items()
    }


@pytest.mark.parametrize("kind", ["actions", "events", "requests"])
def test_the_protocol_documents_every_schema_and_nothing_else(kind: str) -> None:
    schema = protocol_schema()[kind]
    documented = _doc(kind)
    assert list(documented) == list(schema), "the same names, in the same order"
    for name, fields in documented.items():
        assert fields == _fields(schema[name], ENVELOPE[kind]), name


def test_the_envelope_and_the_error_codes_are_documented_once() -> None:
    actions = _sections(PROTOCOL, 2)["Action payloads"]
    assert '`{"type": <action>' in actions and '"as": "<seat id>"' in actions
    assert "`args`" in _sections(PROTOCOL, 2)["Events"]
    for code in protocol_schema()["error_codes"]:
        assert f"`{code}`" in PROTOCOL.split("## REST")[0]


def test_get_api_schema(tmp_path) -> None:
    r = new_app(tmp_path).test_client().get("/api/schema")
    assert r.status_code == 200 and r.json == protocol_schema()
    deploy = r.json["actions"]["deploy"]
    assert deploy["additionalProperties"] is False
    assert deploy["properties"]["preview"]["type"] == "boolean"  # as the server takes it
    assert errors({"type": "deploy", "squadron": " bLuE ", "station": "channel"}, *DEPLOY) == []
    assert errors({"type": "deploy", "squadron": "Green", "station": "channel"}, *DEPLOY)
    assert errors({"type": "deploy", "squadron": "Red"}, *DEPLOY)  # exactly one target
    assert errors({"type": "deploy", "squadron": "Red", "station": "x", "patrol": [0, 0]}, *DEPLOY)
    assert r.json["actions"]["set_ships"]["properties"]["digit"] == {
        "maximum": 7,
        "minimum": 1,
        "title": "Digit",
        "type": "integer",
    }
    assert r.json["events"]["advance"]["additionalProperties"] is False


ROLE_WORDS = {
    "GM": "gm",
    "prime-minister": "prime-minister",
    "first-sea-lord": "first-sea-lord",
    "admiral": "admiral",
    "captain": "captain",
    "marine": "marine",
    "observer": "observer",
}


def test_the_actions_table_says_who_and_when_as_the_authority_table() -> None:
    """docs/protocol.md's summary of the actions: its roles and phases are the table's."""
    from server.game import PHASES, TABLE

    rows = re.findall(r"^\| (`.+?`) \| (.+?) \| (.+?) \|", _sections(PROTOCOL, 2)["Actions"], re.M)
    seen = set()
    for names, who, when in rows:
        for action in re.findall(r"`(\w+)`", names):
            seen.add(action)
            grants = TABLE[action].grants
            roles = {role for word, role in ROLE_WORDS.items() if re.search(rf"\b{word}\b", who)}
            assert roles == set(grants), action
            phases = set(PHASES) if when.startswith("any") else set(re.findall(r"\w+", when))
            phases -= {"not", "paused"}
            assert phases == {p for g in grants.values() for p in g.phases}, action
            paused = all(g.while_paused for g in grants.values())
            assert ("not paused" not in when) == paused, action
    assert seen == set(protocol_schema()["actions"])


# -- the schema is the truth: what the server takes and sends ---------------------------


def test_the_error_shape_says_every_code() -> None:
    """The error's schema (every ack and answer of ``ok: false``) takes every code of
    ``error_codes`` and no other (tests/test_server_errors.py: every code the server's code
    sends is one of them)."""
    detail = protocol_schema()["socket"]["error"]["$defs"]["ErrorDetail"]
    assert detail["properties"]["code"]["enum"] == protocol_schema()["error_codes"]
    assert detail["properties"]["retry_after"]["type"] == "integer"  # not_ready's


def test_the_checker_refuses_what_the_schema_does_not_allow() -> None:
    """The suite's hook (tests/protocol_check.py) fails a test on a payload off the schema:
    an accepted action the schema refuses, an event or an ack of another shape."""
    from tests.protocol_check import check_ack, check_event

    ok = {"ok": True, "seq": 3}
    check_ack("act", {"type": "ready", "ready": False}, ok)
    with pytest.raises(AssertionError, match="actions.ready"):
        check_ack("act", {"type": "ready", "colour": "red"}, ok)  # taken, yet off the schema
    check_ack("act", {"type": "ready", "colour": "red"}, {"ok": False, "error": ERROR})
    with pytest.raises(AssertionError, match="socket.error"):
        check_ack("act", {}, {"ok": False, "error": {**ERROR, "code": "oops"}})
    with pytest.raises(AssertionError, match="act ack"):
        check_ack("act", {"type": "ready"}, {"ok": True})
    check_event({"seq": 4})
    ready = {"seq": 4, "type": "ready", "data": {"seat": "s-1", "ready": True}, "patch": []}
    check_event({**ready, "at": "2026-12-01T18:00:00Z"})
    for wrong in (
        {**ready, "data": {**ready["data"], "args": {}, "colour": 1}},  # no such field
        {**ready, "patch": [{"op": "shuffle", "path": "/seats"}]},
        {key: v for key, v in ready.items() if key != "patch"},
        {"seq": 4, "data": {}},
    ):
        with pytest.raises(AssertionError):
            check_event(wrong)


def test_an_order_previewed_is_the_schemas_and_the_servers(fresh_game) -> None:
    """``"preview": true`` on a deploy (docs/protocol.md) is taken by both: the ack is the
    preview, nothing is logged; the schema refuses it on an action that has none."""
    gm = fresh_game.gm()
    red = fresh_game.add("red", "admiral", squadron="Red")
    fresh_game.add("pm", "prime-minister").act("set_ships", digit=3)
    fresh_game.add("fsl", "first-sea-lord").act("set_deployment", digit=5)
    assert gm.act("roll_force")["ok"]
    order = {"type": "deploy", "squadron": "red", "station": "channel", "preview": True}
    assert errors(order, *DEPLOY) == []
    ack = red.client.emit("act", order, callback=True)  # checked by the hook too
    assert ack["ok"] and ack["preview"]["route"]["days"] > 0, ack
    assert errors({"type": "advance", "days": 1, "preview": True}, "actions", "advance")
    assert gm.act("advance", preview=True, days=1)["error"]["code"] == "invalid"
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    assert [e["type"] for e in log][-1] == "roll_force"


def test_every_logged_event_is_its_schemas(fresh_game) -> None:
    """A revoked seat's event carries ``at`` like every other: the log, read by the hook
    (tests/protocol_check.py), is each event's ``events`` schema."""
    seat, _ = fresh_game.seat("captain", ship="FG")
    revoke = f"/api/campaigns/{fresh_game.id}/seats/{seat}/revoke"
    assert fresh_game.rest("post", revoke).status_code == 200
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json["events"]
    revoked = log[-1]["data"]
    assert log[-1]["type"] == "seat_revoked" and "at" in revoked
    assert errors(revoked, "events", "seat_revoked") == []


# -- the OpenAPI document of REST ---------------------------------------------------------


def _routes(app) -> set[tuple[str, str]]:
    """Every (path, method) of the app's url_map, in OpenAPI's spelling."""
    from server.web.openapi import openapi_path

    return {
        (openapi_path(rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }


def test_openapi_is_valid_and_has_every_route(tmp_path) -> None:
    from openapi_spec_validator import validate

    app = new_app(tmp_path)
    r = app.test_client().get("/api/openapi.json")
    assert r.status_code == 200 and r.json["openapi"].startswith("3.1")
    validate(r.json)  # openapi-spec-validator: an OpenAPI 3.1 document
    documented = {(path, method) for path, item in r.json["paths"].items() for method in item}
    assert documented == _routes(app)
    bodies = {
        op["operationId"]: op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        for item in r.json["paths"].values()
        for op in item.values()
        if "requestBody" in op
    }
    assert {k: v.rsplit("/", 1)[1] for k, v in bodies.items()} == {
        "api.create_campaign": "CampaignBody",
        "api.create_seat": "SeatBody",
        "api.reissue_seat": "ReissueBody",
        "api.create_officer": "OfficerBody",
    }
    schemas = r.json["components"]["schemas"]
    for name, model in protocol_schema()["requests"].items():  # the same models as /api/schema
        assert schemas[model["title"]]["properties"] == model["properties"], name


# -- docs/protocol.md names every route and event -----------------------------------------


def _spelled(rule: str) -> str:
    """A route as docs/protocol.md's headings spell it: each ``<argument>`` alike."""
    return re.sub(r"<[^>]*>", "<>", rule)


def test_the_protocol_lists_every_route_event_and_the_socket(tmp_path) -> None:
    app = new_app(tmp_path)
    headings = re.findall(r"^### `(GET|POST) ([^`?]+)", PROTOCOL, flags=re.M)
    listed = {(method, _spelled(path)) for method, path in headings}
    for rule in app.url_map.iter_rules():
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (method, _spelled(rule.rule)) in listed, f"{method} {rule.rule}"
    from server.game import SPECS

    events = _sections(PROTOCOL, 2)["Events"]
    for kind in SPECS:
        assert f"### `{kind}`" in events, kind
    socket = _sections(PROTOCOL, 2)["Socket.IO"]
    assert "`/socket.io/`" in socket and "namespace `/`" in socket
    for name in ("join", "act", "event", "events", "presence", "revoked"):
        assert f"### `{name}`" in socket, name
    assert "## Notices" in PROTOCOL and "### `GET /api/campaigns/<id>/events?since=N`" in PROTOCOL
