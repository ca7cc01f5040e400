"""Every payload a test sends and receives, checked against ``GET /api/schema``'s shapes.

The shared Socket.IO clients of the suite check through here: Flask-SocketIO's test
client (:class:`CheckedTestClient`, tests/server_helpers.py) and python-socketio's against
a live server (:class:`CheckedClient`, tests/topology_helpers.py and the other live
tests). A mismatch fails the test (one found on a client's own reading thread is kept in
:data:`MISMATCHES`, which an autouse fixture of tests/conftest.py fails the test with):

- an action the server accepted (an ``ok`` ack) must be valid by ``actions[type]``; an act
  the schema refuses must be refused (acks of refused acts are one error, whatever was sent);
- a ``join`` accepted must be valid by ``socket.join``;
- every ack is a ``socket.join_ack``, ``act_ack`` or ``preview_ack``, or a ``socket.error``
  whose code is one of ``error_codes``;
- every event received (``event``, each of ``events``, each of a join ack's or of
  ``GET .../events``' events) is a ``socket.unseen`` or a ``received[type]``; ``presence``
  and ``revoked`` are theirs;
- every JSON answer of the REST test client's (tests/server_helpers.py, ``Game.rest``) is
  what ``GET /api/openapi.json`` says its route and status answer (:func:`check_rest`), the
  events of ``GET .../events`` each a ``received[type]`` and of ``GET .../log`` each
  ``events[type]``.

The schema is the tree's (:func:`server.game.protocol_schema`): a live server runs the same
tree (tests/test_server_schema.py checks that ``/api/schema`` answers it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import jsonschema
import socketio
from flask import Flask
from flask_socketio import SocketIOTestClient
from werkzeug.test import TestResponse

from server.game import protocol_schema
from server.web.api import OPENAPI
from server.web.openapi import openapi_path

__all__ = [
    "MISMATCHES",
    "CheckedClient",
    "CheckedTestClient",
    "check_ack",
    "check_event",
    "check_message",
    "check_rest",
    "errors",
]

#: what python-socketio's clients found wrong on their reading threads, where an
#: assertion fails no test: the test's fixture takes them (tests/conftest.py)
MISMATCHES: list[str] = []
#: the acks each kind of emit may get, ``ok`` or not (an error in the one shape)
ACKS = {"join": ("join_ack",), "act": ("act_ack", "preview_ack")}


@cache
def _validator(*path: str) -> jsonschema.protocols.Validator:
    """A validator for the schema at ``path`` in ``/api/schema`` (made once)."""
    schema: Any = protocol_schema()
    for key in path:
        schema = schema[key]
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema)


def errors(instance: Any, *path: str) -> list[str]:
    """What is wrong with ``instance`` by the schema at ``path`` (none: it is valid)."""
    found = _validator(*path).iter_errors(instance)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in found]


def _valid(instance: Any, *path: str) -> None:
    wrong = errors(instance, *path)
    assert not wrong, f"not a {'.'.join(path)} of /api/schema: {wrong[:3]} in {instance!r:.400}"


def check_event(payload: Any) -> None:
    """An event as a seat receives it: its bare seq, or ``received[type]``."""
    if isinstance(payload, dict) and "type" in payload:
        kind = payload["type"]
        assert kind in protocol_schema()["received"], f"an event of no type: {payload!r:.200}"
        _valid(payload, "received", kind)
    else:
        _valid(payload, "socket", "unseen")


def check_message(name: str, args: Any) -> None:
    """A message the server sent (``event``, ``events``, ``presence``, ``revoked``)."""
    if name == "event":
        check_event(args)
    elif name == "events":
        assert isinstance(args, list) and args, f"'events' is a list of events: {args!r:.200}"
        for payload in args:
            check_event(payload)
    else:
        assert name in ("presence", "revoked"), f"a message the protocol has not: {name}"
        _valid(args, "socket", name)


def check_ack(name: str, sent: Any, ack: Any) -> None:
    """``ack``, the answer to ``sent`` emitted as ``name`` (``join`` or ``act``)."""
    if name not in ACKS:
        return  # an event the protocol has not: its refusal is the server's (packets.py)
    if isinstance(ack, dict) and ack.get("ok") is False:
        _valid(ack, "socket", "error")
        assert ack["error"]["code"] in protocol_schema()["error_codes"], ack
        return
    wrong = [errors(ack, "socket", kind) for kind in ACKS[name]]
    assert any(not w for w in wrong), f"not a {name} ack of /api/schema: {wrong} in {ack!r:.400}"
    if name == "join":
        _valid(sent, "socket", "join")
        for payload in ack.get("events", ()):
            check_event(payload)
    else:
        kind = sent.get("type") if isinstance(sent, dict) else None
        assert kind in protocol_schema()["actions"], f"accepted, of no action: {sent!r:.200}"
        if "action_id" in sent:  # beside the action, not of it
            _valid(sent["action_id"], "socket", "action_id")
            sent = {k: v for k, v in sent.items() if k != "action_id"}
        _valid(sent, "actions", kind)


def _openapi(app: Flask) -> dict[str, Any]:
    """The document ``app`` serves (kept by the app after its first request)."""
    if OPENAPI not in app.extensions:
        assert app.test_client().get("/api/openapi.json").status_code == 200
    return app.extensions[OPENAPI]


def _openapi_errors(doc: dict[str, Any], schema: dict[str, Any], instance: Any) -> list[str]:
    """What is wrong with ``instance`` by ``schema`` of the OpenAPI document ``doc``."""
    rooted = {"components": doc["components"], **schema}  # its $refs resolved in the document
    return [e.message for e in jsonschema.Draft202012Validator(rooted).iter_errors(instance)]


def check_rest(
    app: Flask, method: str, path: str, response: TestResponse, sent: Any = None
) -> None:
    """A JSON answer of ``app`` to ``method path`` (with the JSON body ``sent``), as its
    OpenAPI document says its route answers with that status (else its ``default``: the
    one error shape); a body taken (a 2xx) is one its route takes."""
    if response.mimetype != "application/json":
        return
    doc = _openapi(app)
    rule, _ = app.url_map.bind("localhost").match(path.split("?")[0], method, return_rule=True)
    operation = doc["paths"][openapi_path(rule.rule)][method.lower()]
    said = operation["responses"].get(str(response.status_code))
    said = said or operation["responses"]["default"]
    wrong = _openapi_errors(doc, said["content"]["application/json"]["schema"], response.json)
    assert not wrong, f"{method} {path} {response.status_code}: not its OpenAPI answer: {wrong[:3]}"
    if sent is not None and response.status_code < 300 and "requestBody" in operation:
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        wrong = _openapi_errors(doc, body, sent)
        assert not wrong, f"{method} {path} took a body its OpenAPI refuses: {wrong[:3]}"
    if rule.endpoint == "api.campaign_events" and response.status_code == 200:
        for payload in response.json["events"]:
            check_event(payload)
    if rule.endpoint == "api.campaign_log" and response.status_code == 200:
        for logged in response.json["events"]:  # each event's data as the log keeps it
            _valid(logged["data"], "events", logged["type"])


class CheckedTestClient(SocketIOTestClient):
    """Flask-SocketIO's test client, checking what it sends and receives."""

    def emit(self, event: str, *args: Any, **kwargs: Any) -> Any:
        ack = super().emit(event, *args, **kwargs)
        if kwargs.get("callback") and len(args) <= 1:
            check_ack(event, args[0] if args else None, ack)
        return ack

    def get_received(self, namespace: str | None = None) -> list[dict[str, Any]]:
        received = super().get_received(namespace)
        for message in received:
            if message["name"] != "connect":
                assert len(message["args"]) == 1, message
                check_message(message["name"], message["args"][0])
        return received


def _kept(check: Callable[..., None], *args: Any) -> None:
    """``check(*args)``, a failure kept in :data:`MISMATCHES` (a client's thread: its
    handler and its ack's callback run whatever the check found)."""
    try:
        check(*args)
    except Exception as exc:  # whatever failed, the handler and the callback still run
        MISMATCHES.append(f"{type(exc).__name__}: {exc}")


class CheckedClient(socketio.Client):
    """python-socketio's client, checking what it sends and receives: every handler given
    to :meth:`on` and every ack's callback sees only what the schema allows."""

    def on(self, event: str, handler: Callable[..., Any] | None = None, namespace: Any = None):
        if handler is None:  # as a decorator
            return lambda h: self.on(event, h, namespace)
        if event in ("event", "events", "presence", "revoked"):
            given = handler

            def handler(*args: Any) -> Any:
                _kept(check_message, event, args[0] if args else None)
                return given(*args)

        return super().on(event, handler, namespace)

    def emit(self, event: str, data: Any = None, namespace: Any = None, callback: Any = None):
        if callback is not None:
            given = callback

            def callback(*args: Any) -> Any:
                _kept(check_ack, event, data, args[0] if args else None)
                return given(*args)

        return super().emit(event, data, namespace, callback)
