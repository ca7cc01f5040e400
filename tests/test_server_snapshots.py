"""The state is the log, after any restart (issue 30, item 2): a campaign rebuilt from its
snapshot (a restart, an idle campaign dropped from memory, another process) decides every
event as the log alone would, so ``admiralty replay`` checks out every event decided after
it; a snapshot the log would not build, its order included, is dropped by the check."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import requests

from server import game
from server.web.app import create_app
from server.web.campaigns import CampaignService
from server.web.services import services
from server.web.storage import open_store
from tests.conftest import ROOT, USHANT, LiveServer
from tests.server_helpers import Game, new_app
from tests.test_server_live import Client, _campaign, _seat, _state

RESTARTS = 5
EVERY = 5  # a snapshot every five events: each restart rebuilds from a recent one


def _replay_cli(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "server.cli", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def _turn(act: Any, state: dict[str, Any]) -> None:
    """The GM's next act: the open fights fought out by the NPC policies, else two days on."""
    fights = [e["id"] for e in state["engagements"] if not e["over"]]
    if fights:
        ack = act("engage_decision", engagement=fights[0], decision="npc", rounds="all")
    else:
        ack = act("advance", days=2)
    assert ack["ok"], ack


def _set_sea(act: Any) -> None:
    """The summer rolled, the Red squadron on patrol off Ushant, the Brest squadron sent
    there: contacts, sorties and fights to come."""
    for args in (
        {"type_": "roll_force"},
        {"type_": "deploy", "squadron": "Red", "patrol": USHANT},
        {"type_": "move_enemy", "force": "fr-brest", "to": USHANT},
    ):
        ack = act(**args)
        assert ack["ok"], ack


@pytest.mark.parametrize(
    "database", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def test_every_event_decided_after_a_restart_replays(
    tmp_path: Path, database: str, request: pytest.FixtureRequest
) -> None:
    extra: tuple[str, ...] = ()
    url = f"sqlite:///{tmp_path / 'admiralty.db'}"  # serve's default, in its directory
    if database == "postgresql":
        url = request.getfixturevalue("postgres_url")
        extra = ("--database", url)
    env = {"ADMIRALTY_SNAPSHOT_EVERY": str(EVERY)}
    server = LiveServer(tmp_path, *extra, env=env).start()
    store = open_store(url)
    try:
        cid, gm_token = _campaign(server.url, seed=11)
        _seat(server.url, cid, gm_token, role="admiral", squadron="Red")
        gm = Client(server.url, cid, gm_token)
        _set_sea(gm.act)
        gm.close()
        restarted: list[tuple[int, int]] = []  # (the snapshot rebuilt on, the log's seq)
        for i in range(RESTARTS):
            if i % 2:
                server.kill()  # a crash ...
            else:
                server.stop()  # ... or a clean stop
            server = LiveServer(tmp_path, *extra, env=env).start()
            snap = store.snapshot(cid)
            assert snap is not None, "snapshots are on"
            seq = _state(server.url, cid, gm_token)["seq"]
            restarted.append((snap[0], seq))
            gm = Client(server.url, cid, gm_token)
            for _ in range(4):
                _turn(gm.act, _state(server.url, cid, gm_token)["state"])
            gm.close()
        r = requests.get(
            f"{server.url}/api/campaigns/{cid}/log",
            headers={"Authorization": f"Bearer {gm_token}"},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        log = r.json()
    finally:
        server.stop()
        store.engine.dispose()
    decided = [(e["seq"], e["type"]) for e in log["events"]]
    after = [
        [t for s, t in decided if s > seq and t in ("advance", "engage_decision")]
        for _, seq in restarted
    ]
    assert all(after), "every restart is followed by acts the rules decided"
    assert all(0 < snap <= seq for snap, seq in restarted), restarted
    assert sum(t == "advance" for s, t in decided) >= RESTARTS * 2
    assert any(e["type"] == "advance" and e["data"]["engagements"] for e in log["events"])
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(log))
    cli = _replay_cli(path)
    assert cli.returncode == 0, cli.stdout[-3000:] + cli.stderr[-3000:]
    assert "log checks out" in cli.stdout
    # and each restart's check of the snapshot against the log found them alike
    logs = "".join(p.read_text() for p in tmp_path.glob("server-*.log"))
    assert "disagrees with the log" not in logs


# -- in one process: a campaign dropped from memory, a state round-tripped ---------------


def _sea_game(tmp_path: Path, seed: int = 11) -> tuple[Game, CampaignService]:
    """A summer at sea (:func:`_set_sea`) on a test app that snapshots every EVERY events."""
    app = new_app(tmp_path)
    service = services(app).campaigns
    service.snapshot_every = EVERY
    game_ = Game.new(app, seed=seed)
    game_.add("red", "admiral", squadron="Red")
    _set_sea(game_.gm().act)
    return game_, service


def _game_state(game_: Game) -> dict[str, Any]:
    return game_.rest("get", f"/api/campaigns/{game_.id}/state").json["state"]


def test_a_campaign_dropped_from_memory_decides_as_if_it_never_was(tmp_path: Path) -> None:
    game_, service = _sea_game(tmp_path)
    gm = game_.gm()
    dropped = 0
    for _ in range(RESTARTS):
        assert service.store.snapshot(game_.id) is not None
        # idle for longer than the limit: dropped, then rebuilt from its snapshot
        dropped += len(service.evict_idle(time.monotonic() + service.idle_seconds + 1))
        assert game_.id not in service.cached
        for _ in range(4):
            _turn(gm.act, _game_state(game_))
    assert dropped == RESTARTS
    log = game_.rest("get", f"/api/campaigns/{game_.id}/log").json
    state, problems = game.replay(log)
    assert problems == []
    assert sum(e["type"] == "advance" for e in log["events"]) >= RESTARTS * 2


def _reordered(value: Any) -> Any:
    """``value`` with the keys of every dict in it in reverse order (lists kept)."""
    if isinstance(value, dict):
        return {k: _reordered(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reordered(v) for v in value]
    return value


def _next_events(state: dict[str, Any], seat: dict[str, Any], seq: int) -> list[Any]:
    """What ten days' advances, a day each, decide on ``state`` from event ``seq`` on; and
    from each of the next four seqs (other dice)."""
    out = []
    for first in range(seq, seq + 5):
        work = copy.deepcopy(state)
        for n in range(10):
            rng = game.event_rng(work["campaign"]["seed"], first + n)
            kind, data = game.decide(work, seat, {"type": "advance", "days": 1}, rng)
            out.append(json.loads(json.dumps(data, sort_keys=True)))
            game.apply_event(work, kind, data)
            if any(not e["over"] for e in work["engagements"].values()):
                break
    return out


def test_a_state_round_tripped_through_its_snapshot_decides_the_same(tmp_path: Path) -> None:
    game_, service = _sea_game(tmp_path)
    for _ in range(3):
        _turn(game_.gm().act, _game_state(game_))
    service.snapshot_every = 1  # the next event's state snapshotted
    assert game_.gm().act("note", text="the Channel")["ok"]
    seq, state = service.current(game_.id)
    assert service.store.snapshot(game_.id)[0] == seq
    fresh = CampaignService(service.store, lambda rooms, payload: None)
    again_seq, again = fresh.current(game_.id)  # built on the snapshot alone
    assert again_seq == seq and again == state
    assert json.dumps(again) == json.dumps(state), "its tables in the same order"
    gm = next(s for s in state["seats"].values() if s["role"] == "gm")
    expected = _next_events(state, gm, seq + 1)
    assert expected and _next_events(again, gm, seq + 1) == expected
    # and whatever the order of the state's tables: the rules walk them in the data's
    assert _next_events(_reordered(state), gm, seq + 1) == expected
    shuffled = copy.deepcopy(state)
    keys = list(shuffled["forces"])
    random.Random(1).shuffle(keys)
    shuffled["forces"] = {k: shuffled["forces"][k] for k in keys}
    assert _next_events(shuffled, gm, seq + 1) == expected


def test_a_snapshot_in_another_order_than_the_log_is_dropped(tmp_path: Path) -> None:
    game_, service = _sea_game(tmp_path)
    truth = service.current(game_.id)
    seq, text = service.store.snapshot(game_.id)
    assert service.check_snapshot(game_.id), "as the service wrote it, it agrees"
    # the same values in another order (as a snapshot sorted by its keys was)
    service.store.save_snapshot(game_.id, seq, json.dumps(json.loads(text), sort_keys=True))
    other = CampaignService(service.store, lambda rooms, payload: None)
    # not built on, even before the check: the officers' and seats' order is the log's
    assert json.dumps(other.current(game_.id)) == json.dumps(truth)
    other = CampaignService(service.store, lambda rooms, payload: None)
    assert other.check_snapshot(game_.id) is False
    assert service.store.snapshot(game_.id) is None
    assert other.current(game_.id) == truth


@pytest.mark.parametrize("every", ["0", "-5", "ten", "2.5"])
def test_a_bad_snapshot_interval_is_refused_in_one_line(tmp_path: Path, every: str) -> None:
    with pytest.raises(ValueError, match="whole number of events") as refused:
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}", "SNAPSHOT_EVERY": every})
    assert "\n" not in str(refused.value)
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'y.db'}", "SNAPSHOT_EVERY": "7"})
    assert services(app).campaigns.snapshot_every == 7
