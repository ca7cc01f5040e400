"""Helpers for server tests: an app on a temporary SQLite file and seated test clients."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask
from flask_socketio import SocketIOTestClient

from server.web.app import create_app

__all__ = ["Game", "Player", "new_app"]


def new_app(tmp_path: Path, name: str = "test.db") -> Flask:
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / name}", "TESTING": True})


@dataclass
class Player:
    """One seat's Socket.IO test client, joined to its campaign."""

    seat: dict[str, Any]
    token: str
    client: SocketIOTestClient
    ack: dict[str, Any]

    def act(self, type_: str, **args: Any) -> dict[str, Any]:
        return self.client.emit("act", {"type": type_, **args}, callback=True)

    def events(self) -> list[dict[str, Any]]:
        return [m["args"][0] for m in self.client.get_received() if m["name"] == "event"]


@dataclass
class Game:
    """A campaign on a test app with its GM token and a REST client."""

    app: Flask
    id: str
    gm_token: str
    players: dict[str, Player] = field(default_factory=dict)

    @classmethod
    def new(cls, app: Flask, seed: int = 7, **body: Any) -> Game:
        r = app.test_client().post("/api/campaigns", json={"seed": seed, **body})
        assert r.status_code == 201, r.json
        return cls(app, r.json["id"], r.json["token"])

    def rest(self, method: str, path: str, token: str | None = None, **kw: Any):
        headers = {"Authorization": f"Bearer {token or self.gm_token}"}
        return getattr(self.app.test_client(), method)(path, headers=headers, **kw)

    def seat(self, role: str, **body: Any) -> tuple[str, str]:
        r = self.rest("post", f"/api/campaigns/{self.id}/seats", json={"role": role, **body})
        assert r.status_code == 201, r.json
        return r.json["seat"], r.json["token"]

    def join(self, token: str, since: int = 0, key: str | None = None) -> Player:
        socketio = self.app.extensions["admiralty.socketio"]
        client = socketio.test_client(self.app)
        ack = client.emit(
            "join", {"campaign": self.id, "token": token, "since": since}, callback=True
        )
        assert ack["ok"], ack
        player = Player(ack["seat"], token, client, ack)
        client.get_received()
        if key:
            self.players[key] = player
        return player

    def gm(self) -> Player:
        return self.players.get("gm") or self.join(self.gm_token, key="gm")

    def drain(self) -> None:
        """Forget what every joined client has received so far."""
        for player in self.players.values():
            player.client.get_received()

    def add(self, key: str, role: str, **body: Any) -> Player:
        _, token = self.seat(role, **body)
        return self.join(token, key=key)
