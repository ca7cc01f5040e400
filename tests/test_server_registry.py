"""One action in one place (issue 29, item 1): every event type's spec has every part, is
gathered in the registry, and the tables the server reads are derived from the specs."""

from __future__ import annotations

import importlib
import pkgutil
import typing

import pytest
import typing_extensions

import server.game
from server import game
from server.game import registry
from server.game.spec import Spec
from server.game.views import SECTION_NAMES
from server.web.app import create_app

SPECS = sorted(registry.SPECS.items())


def _declared() -> list[tuple[str, Spec]]:
    """Every Spec declared in a module of server.game."""
    found = []
    for info in pkgutil.iter_modules(server.game.__path__):
        module = importlib.import_module(f"server.game.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Spec) and value.__module__ != "server.game.registry":
                found.append((f"{info.name}.{name}", value))
    return found


def test_every_spec_declared_is_in_the_registry_once() -> None:
    declared = {id(spec): where for where, spec in _declared()}
    gathered = {id(spec) for spec in registry.SPECS.values()}
    assert set(declared) == gathered, [w for i, w in declared.items() if i not in gathered]
    assert all(kind == spec.kind for kind, spec in registry.SPECS.items())


@pytest.mark.parametrize("kind, spec", SPECS, ids=[k for k, _ in SPECS])
def test_every_spec_has_every_part(kind: str, spec: Spec) -> None:
    assert callable(spec.apply), "apply"
    assert typing_extensions.is_typeddict(spec.event), "the event it logs, typed"
    assert spec.view.audience in typing.get_args(server.game.spec.Audience), "who sees it"
    if not callable(spec.touches):
        assert spec.touches is None or set(spec.touches) <= set(SECTION_NAMES), "its sections"
    assert spec.notice is None or callable(spec.notice)
    if spec.act:  # an action a seat sends: its payload, decide, and who may send it
        assert spec.payload is not None and callable(spec.decide), "payload and decide"
        literal = spec.payload.model_fields["type"].annotation
        assert typing.get_args(literal) == (kind,), "the payload's type is the action's"
        assert spec.grants, "somebody may send it"
    for role, grant in spec.grants.items():
        assert role in game.ROLES and set(grant.phases) <= set(game.PHASES)
        assert all(c in (None, "own", "other") for c in grant.commands)
        assert spec.aims or grant.commands == (None,), "own or other needs what it aims at"


def test_the_tables_are_derived_from_the_specs() -> None:
    acts = {k for k, s in registry.SPECS.items() if s.act}
    assert set(registry.ACTIONS) == acts == set(registry.ACTION_PAYLOADS)
    assert set(registry.EVENTS) == set(registry.SPECS)
    assert set(registry.TABLE) == {k for k, s in registry.SPECS.items() if s.grants} | {
        "read_seats",
        "read_log",
        "act_as",
    }
    schema = create_app({"DATABASE_URL": "sqlite://"}).test_client().get("/api/schema").json
    assert set(schema["actions"]) == acts
    assert set(schema["events"]) == set(registry.SPECS)
    rules = create_app({"DATABASE_URL": "sqlite://"}).test_client().get("/api/rules").json
    assert set(rules["actions"]) == acts
