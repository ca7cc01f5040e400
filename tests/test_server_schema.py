"""``GET /api/schema`` and docs/protocol.md say the same: every action, event and REST body
with its fields, nothing more and nothing less."""

from __future__ import annotations

import re

import pytest

from server.game import protocol_schema
from tests.conftest import ROOT
from tests.server_helpers import new_app

PROTOCOL = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
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
    assert deploy["properties"]["squadron"]["enum"] == ["White", "Red", "Blue", "Blockade"]
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
