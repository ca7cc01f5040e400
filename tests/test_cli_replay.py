"""``admiralty replay <file>`` on a campaign's whole history (issue 17, item 5): two summers
and the seasons between them, exported through the REST API as the GM's export button
does, check out; a second year's roll changed in the file does not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import ROOT
from tests.server_helpers import Game, Player, new_app, play_out_summer


def _replay_cli(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def _year(game: Game, gm: Player) -> None:
    """A summer played out by the GM (every fight by the NPC policies), then the seasons."""
    assert gm.act("roll_force")["ok"]
    play_out_summer(gm.act, lambda: _state(game))
    assert all(gm.act("next_season")["ok"] for _ in range(3))


def test_a_two_year_log_exported_over_rest_replays(tmp_path: Path) -> None:
    game = Game.new(new_app(tmp_path), seed=21)
    gm = game.gm()
    game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
    for _ in range(2):
        _year(game, gm)
    assert _state(game)["year"] == 1807
    r = game.rest("get", f"/api/campaigns/{game.id}/log")
    assert r.status_code == 200
    log = r.json
    types = [e["type"] for e in log["events"]]
    assert types.count("resolve_summer") == 2 and types.count("next_season") == 6
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(log))
    cli = _replay_cli(path)
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert "log checks out" in cli.stdout and f"{len(log['events'])} events" in cli.stdout
    assert "phase cabinet" in cli.stdout
    # the second summer's roll is checked too: changed, the replay says so
    second = [e for e in log["events"] if e["type"] == "roll_force"][1]
    second["data"]["roll"] = 11 if second["data"]["roll"] != 11 else 12
    path.write_text(json.dumps(log))
    cli = _replay_cli(path)
    assert cli.returncode == 1 and "PROBLEM" in cli.stdout and "roll_force" in cli.stdout
