"""Errors by family, translated once (issue 29, item 4).

The world (:mod:`maps.errors`) and the rules (:mod:`strategy.errors`) raise their own
families; the server makes refusals of them in one place (:func:`server.game.refusal`) and
of nothing else: a ``KeyError`` from a bug is a logged ``internal`` 500, never a
``not_found``. Every error the server sends has one body and a code of one list, the
``ErrorCode`` Literal, which ``GET /api/schema`` gives.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, get_args

import pytest

from maps import errors as maps_errors
from maps import load_world
from server.game import CODES, ErrorCode, refusal
from server.game import rules as doorway
from server.web.errors import HTTP_STATUS, INTERNAL
from strategy import errors as rules_errors
from tests.conftest import ROOT
from tests.server_helpers import Game, new_app

ON_LAND = "2.35,48.85"  # Paris


def _internal(caplog: pytest.LogCaptureFixture, bug: str) -> None:
    """The failure was logged with its traceback (the bug's own words in it)."""
    failures = [r for r in caplog.records if r.levelname == "ERROR" and r.exc_info]
    assert failures and bug in caplog.text, caplog.text


# -- the world's family -----------------------------------------------------------------


def test_the_world_refuses_in_its_own_family_each_also_the_builtin_callers_caught() -> None:
    world = load_world()
    with pytest.raises(maps_errors.UnknownPlace, match="atlantis") as unknown:
        world.port("atlantis")
    assert isinstance(unknown.value, KeyError) and "'atlantis'" in str(unknown.value)
    with pytest.raises(maps_errors.OnLand, match="on land") as land:
        world.route("portsmouth", (2.35, 48.85))
    assert isinstance(land.value, ValueError)
    with pytest.raises(maps_errors.InvalidValue, match="month") as month:
        world.route("portsmouth", "gibraltar", month=13)
    assert isinstance(month.value, ValueError)
    with pytest.raises(maps_errors.UnknownName, match="Galleon"):
        world.route("portsmouth", "gibraltar", ship="Galleon")


def _raised_builtins(path: Path) -> list[str]:
    """Each ``raise KeyError(...)`` / ``ValueError`` / ... of ``path``, as ``line: name``."""
    builtin = {"KeyError", "ValueError", "IndexError", "LookupError", "TypeError", "Exception"}
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name) and target.id in builtin:
                found.append(f"{path.name}:{node.lineno}: {target.id}")
    return found


def test_maps_raises_no_bare_builtin() -> None:
    stray = [hit for path in sorted((ROOT / "maps").glob("*.py")) for hit in _raised_builtins(path)]
    assert not stray, f"raise one of maps.errors instead: {stray}"


# -- translated once ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "exc, code",
    [
        (maps_errors.UnknownPlace("unknown port 'atlantis'"), "not_found"),
        (maps_errors.UnknownName("unknown ship type 'Galleon'"), "not_found"),
        (maps_errors.OnLand("position (2.35, 48.85) is on land"), "invalid"),
        (maps_errors.NoPassage("no passage by sea"), "invalid"),
        (maps_errors.InvalidValue("month is 1 to 12, not 13"), "invalid"),
        (rules_errors.UnknownName("no ship with code 'ZZ'"), "not_found"),
        (rules_errors.InvalidMove("unknown ship type 'Galleon'"), "invalid"),
        (maps_errors.DataError("ports.json: duplicate port id"), None),  # the server's fault
        (rules_errors.OutOfCards("the deck is used up"), None),
        (rules_errors.DataError("combat.json: bad table"), None),
        (KeyError("'lon'"), None),  # a bug
        (ValueError("too many values to unpack"), None),
    ],
)
def test_only_the_families_refusals_are_refusals(exc: Exception, code: str | None) -> None:
    refused = refusal(exc)
    assert (refused and refused.code) == code
    if refused is not None:
        assert refused.message == str(exc) and "\n" not in refused.message


def _catches(handler: ast.ExceptHandler, names: set[str]) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(k, ast.Name) and k.id in names for k in kinds)


def _calls_the_doorway(body: list[ast.stmt]) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "rules"
        for stmt in body
        for n in ast.walk(stmt)
    )


def _raises_a_refusal(handler: ast.ExceptHandler) -> bool:
    return any(
        isinstance(n, ast.Raise)
        and isinstance(n.exc, ast.Call)
        and isinstance(n.exc.func, ast.Name)
        and n.exc.func.id == "ActionError"
        for n in ast.walk(handler)
    )


def test_no_refusal_is_made_by_catching_a_builtin() -> None:
    """No ``except KeyError`` becomes a refusal, and nothing the rules or the world raise
    is caught as a bare builtin: their families are translated by ``refusals`` alone."""
    stray = []
    for path in sorted((ROOT / "server").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Try):
                continue
            for handler in node.handlers:
                keyed = _catches(handler, {"KeyError", "LookupError"})
                builtin = _catches(handler, {"KeyError", "LookupError", "ValueError", "IndexError"})
                if (keyed and _raises_a_refusal(handler)) or (
                    builtin and _calls_the_doorway(node.body)
                ):
                    stray.append(f"{path.relative_to(ROOT)}:{handler.lineno}")
    assert not stray, stray


# -- a bug is internal, an unknown place not_found: REST and Socket.IO ----------------------


def test_through_rest_an_unknown_place_is_not_found_and_a_bug_internal(
    world_client: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    for query in ("route?from=portsmouth&to=atlantis", "voyage?stop=portsmouth&stop=atlantis"):
        r = world_client.get(f"/api/{query}")
        assert r.status_code == 404 and r.json["error"]["code"] == "not_found", r.json
        assert "atlantis" in r.json["error"]["message"]
    r = world_client.get(f"/api/route?from=portsmouth&to={ON_LAND}")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid"
    assert "on land" in r.json["error"]["message"]

    def bug(*_args: Any) -> Any:
        return {}["lon"]  # a KeyError of the server's own making

    monkeypatch.setattr(doorway, "route_feature", bug)
    with caplog.at_level("ERROR", logger="admiralty"):
        r = world_client.get("/api/route?from=portsmouth&to=gibraltar")
    assert r.status_code == 500
    assert r.json == {"ok": False, "error": {"code": "internal", "message": INTERNAL}}
    _internal(caplog, "KeyError: 'lon'")


def test_through_socketio_an_unknown_place_is_not_found_and_a_bug_internal(
    fresh_game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    gm = fresh_game.gm()
    log = f"/api/campaigns/{fresh_game.id}/log"
    before = fresh_game.rest("get", log).json

    def show(*stops: str) -> dict[str, Any]:
        return gm.act("show_voyage", to="all", voyage={"stops": list(stops), "ship": "Cutter"})

    ack = show("portsmouth", "atlantis")
    assert ack["error"]["code"] == "not_found" and "atlantis" in ack["error"]["message"], ack
    ack = show("portsmouth", "station:atlantis")
    assert ack["error"]["code"] == "not_found" and "atlantis" in ack["error"]["message"], ack
    ack = show("portsmouth", ON_LAND)
    assert ack["error"]["code"] == "invalid" and "on land" in ack["error"]["message"], ack

    def bug(*_args: Any) -> Any:
        return {}["stops"]  # a KeyError inside the action's code

    monkeypatch.setattr(doorway, "voyage_plan", bug)
    with caplog.at_level("ERROR", logger="admiralty"):
        ack = show("portsmouth", "plymouth")
    assert ack == {"ok": False, "error": {"code": "internal", "message": INTERNAL}}
    _internal(caplog, "KeyError: 'stops'")
    assert fresh_game.rest("get", log).json == before  # nothing was logged


def test_a_bug_in_a_rest_action_is_internal_not_not_found(
    fresh_game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    seats = f"/api/campaigns/{fresh_game.id}/seats"
    r = fresh_game.rest("post", seats, json={"role": "captain", "ship": "ZZ"})
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
    assert "ZZ" in r.json["error"]["message"]

    def bug(code: str) -> Any:
        return {}["captain"]  # a KeyError of the server's own making, not an unknown ship

    monkeypatch.setattr(doorway, "briny_ship", bug)
    with caplog.at_level("ERROR", logger="admiralty"):
        r = fresh_game.rest("post", seats, json={"role": "captain", "ship": "FG"})
    assert r.status_code == 500 and r.json["error"] == {"code": "internal", "message": INTERNAL}
    _internal(caplog, "KeyError: 'captain'")
    monkeypatch.undo()
    listed = fresh_game.rest("get", seats).json["seats"]
    assert [s["role"] for s in listed] == ["gm"]  # nothing was seated


# -- one body, one list of codes ----------------------------------------------------------


def _codes_sent(path: Path) -> list[tuple[str, int, Any]]:
    """``(call, line, code)`` of every ActionError / error_body / error_response made in
    ``path`` with a literal code, and every error body built by hand (code ``None``):
    anywhere but in :func:`server.web.errors.error_body`, the one that builds them."""
    makers = {"ActionError", "error_body", "error_response"}
    tree = ast.parse(path.read_text("utf-8"))
    builder = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and f.name == "error_body"
        for n in ast.walk(f)
    }
    found: list[tuple[str, int, Any]] = []
    for node in ast.walk(tree):
        if id(node) in builder and path == ROOT / "server" / "web" / "errors.py":
            continue
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in makers and node.args and isinstance(node.args[0], ast.Constant):
                found.append((name, node.lineno, node.args[0].value))
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"ok", "error"} <= keys or {"code", "message"} <= keys:
                found.append(("a hand-built body", node.lineno, None))
    return found


def test_every_code_the_server_sends_is_of_the_one_list_in_the_one_body() -> None:
    sent = {
        f"{path.relative_to(ROOT)}:{line} {call}": code
        for path in sorted((ROOT / "server").rglob("*.py"))
        for call, line, code in _codes_sent(path)
    }
    hand_built = [k for k, code in sent.items() if code is None]
    assert not hand_built, f"build these with server.web.errors.error_body: {hand_built}"
    stray = {k: code for k, code in sent.items() if code is not None and code not in CODES}
    assert not stray, stray
    used = {code for code in sent.values() if code is not None}
    assert {"internal", "rate_limited", "too_many", "invalid", "not_found"} <= used
    assert get_args(ErrorCode) == CODES and set(HTTP_STATUS) == set(CODES)


def test_api_schema_lists_every_error_code(tmp_path: Path) -> None:
    r = new_app(tmp_path).test_client().get("/api/schema")
    assert r.status_code == 200
    codes = r.json["error_codes"]
    assert codes == list(CODES) and len(set(codes)) == len(codes)
    assert {"internal", "rate_limited", "too_many", "not_ready"} <= set(codes)
    assert {"invalid", "forbidden", "not_found", "wrong_phase", "conflict"} <= set(codes)
