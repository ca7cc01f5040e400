"""Fan-out, snapshots and memory (issue 16, items 4 and 5), on the Flask test app:

- each event's payload is computed once per distinct view and sent once per group of seats
  that see the same thing, every seat its own view exactly, every seat every seq;
- state snapshots every N events rebuild the very state the log builds, a snapshot that
  disagrees with the log is dropped, and idle campaigns leave memory and come back whole;
- ``/healthz`` says ready only once the warm-up has loaded the recent campaigns; every
  page carries the security headers.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from typing import Any

import jsonpatch
import pytest

from server import game
from server.web import delivery
from server.web.app import SECURITY_HEADERS, create_app
from server.web.campaigns import CampaignService
from server.web.delivery import campaign_room
from server.web.services import services
from server.web.storage import open_store
from tests.server_helpers import Game, new_app
from tests.services import postgres_server


def test_every_seat_gets_its_own_view_of_every_event_computed_once_per_view(played_summer):
    """Each seat's view, kept by applying the JSON Patch of every event it receives (from
    the view it had when its seat was made), is at every step the view the state gives it."""
    _, steps, _ = played_summer
    log = steps["log"]
    state = game.initial_state(log["campaign"])
    tracker = game.track(state, 0)
    held: dict[str, Any] = {}
    kinds = set()
    for ev in log["events"]:
        game.apply_event(state, ev["type"], ev["data"])
        spec = game.SPECS[ev["type"]]
        groups = game.audiences(spec, ev["seq"], ev["seat"], ev["data"], state, tracker)
        seats = [s for _, ids in groups for s in ids]
        assert sorted(seats) == sorted(state["seats"]), "every seat in exactly one group"
        for payload, ids in groups:
            assert payload["seq"] == ev["seq"]
            for seat_id in ids:
                view = game.state_for(state, state["seats"][seat_id])
                if seat_id in held:
                    held[seat_id] = jsonpatch.apply_patch(held[seat_id], payload.get("patch", []))
                    assert held[seat_id] == view, (ev["type"], seat_id)
                else:  # a seat made by this event: its first view is its join's
                    held[seat_id] = view
        payloads = [json.dumps(p, sort_keys=True) for p, _ in groups]
        assert len(set(payloads)) == len(payloads), "equal views are one group"
        if ev["type"] in ("ready", "pause", "resume", "set_deadline"):
            assert len(groups) == 1, "a public event is one group"
        kinds.add(ev["type"])
    assert {"set_ships", "deploy", "sail", "advance", "engage_decision", "ready"} <= kinds
    assert {"resolve_summer", "move_enemy", "roll_force"} <= kinds


def test_every_client_received_every_seq_in_order(played_summer):
    game_, _, _ = played_summer
    last = played_summer[1]["log"]["events"][-1]["seq"]
    for key, player in game_.players.items():
        player.events()
        seqs = player.seqs
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), key
        assert seqs[-1] == last, key


def test_a_public_event_is_one_emit_to_every_seat_however_many(fresh_app):
    game_ = Game.new(fresh_app)
    fleet = fresh_app.test_client().get("/api/rules").json["fleet"]
    for ship in fleet:  # 17 captains and 43 observers
        game_.seat("captain", ship=ship["code"])
    for _ in range(60 - len(fleet)):
        _, token = game_.seat("observer")
    watcher = game_.join(token)  # an observer's socket, in the campaign's room
    service = services(fresh_app).campaigns
    sent: list[tuple[list[str], dict[str, Any]]] = []
    emit = service.emit
    service.emit = lambda rooms, payload: (sent.append((rooms, payload)), emit(rooms, payload))
    gm = game_.gm()
    assert gm.act("pause")["ok"]
    assert sent == [([campaign_room(game_.id)], sent[0][1])], "one emit, to the campaign's room"
    assert [e["type"] for e in watcher.events()] == ["pause"]
    pm = game_.add("pm", "prime-minister")
    sent.clear()
    assert pm.act("set_ships", digit=4)["ok"]
    # the minister's own choice; the GM sees it; the rest (players, observers) a bare seq
    assert sorted(len(rooms) for rooms, _ in sent) == [1, 1, 60]  # the pm; the gm; the rest
    assert [p for _, p in sent if "type" not in p][0] == {"seq": sent[0][1]["seq"]}


def _play(game_: Game, n: int) -> None:
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    game_.add("obs", "observer")
    paused = False
    for i in range(n):
        if i % 3 == 0:
            ack = gm.act("resume" if paused else "pause")
            paused = not paused
        else:
            ack = pm.act("ready")
        assert ack["ok"], ack


def _snapshotted(tmp_path, every: int, actions: int) -> tuple[CampaignService, Game]:
    """A campaign played with a snapshot every ``every`` events; its service and game."""
    app = new_app(tmp_path)
    service = services(app).campaigns
    service.snapshot_every = every
    game_ = Game.new(app)
    _play(game_, actions)
    return service, game_


def test_snapshots_rebuild_the_state_the_log_builds(tmp_path):
    service, game_ = _snapshotted(tmp_path, 4, 14)
    store = service.store
    seq, state = service.current(game_.id)
    snap = store.snapshot(game_.id)
    assert snap is not None and snap[0] % 4 == 0 and snap[0] > seq - 4
    with store.engine.connect() as conn:
        kept = conn.exec_driver_sql("SELECT seq FROM snapshots").scalars().all()
    assert len(kept) == 3, "the last three kept"

    fresh = CampaignService(store, lambda rooms, payload: None)
    assert fresh.current(game_.id) == (seq, state), "built on the snapshot and the log's tail"
    assert fresh.check_snapshot(game_.id)
    # a reconnect from before or after a snapshot gets what a rebuild from the log gives
    gm_seat = next(s["id"] for s in state["seats"].values() if s["role"] == "gm")
    points = (0, 3, snap[0] - 1, snap[0], seq - 1)
    on_snapshots = [fresh.events_since(game_.id, gm_seat, since) for since in points]
    store.drop_snapshots(game_.id)
    whole = CampaignService(store, lambda rooms, payload: None)
    assert on_snapshots == [whole.events_since(game_.id, gm_seat, since) for since in points]


def test_a_snapshot_that_disagrees_with_the_log_is_dropped(tmp_path):
    service, game_ = _snapshotted(tmp_path, 5, 8)
    truth = service.current(game_.id)
    seq, text = service.store.snapshot(game_.id)
    bad = json.loads(text)
    bad["paused"] = not bad["paused"]
    bad["notes"].append({"text": "not in the log"})
    service.store.save_snapshot(game_.id, seq, json.dumps(bad))
    other = CampaignService(service.store, lambda rooms, payload: None)
    assert other.current(game_.id) != truth, "a restart trusts the snapshot..."
    assert other.check_snapshot(game_.id) is False
    assert other.current(game_.id) == truth, "...until the check, and then the log"
    assert service.store.snapshot(game_.id) is None


def test_idle_campaigns_leave_memory_and_come_back_whole(tmp_path):
    app = new_app(tmp_path)
    service = services(app).campaigns
    busy, idle = Game.new(app), Game.new(app)
    _play(busy, 3)
    _play(idle, 3)
    before = service.current(idle.id)
    assert {busy.id, idle.id} <= set(service.cached)
    service.current(busy.id)
    now = time.monotonic()
    assert service.evict_idle(now + service.idle_seconds / 2) == []
    service.current(busy.id)  # used again: idle for less than the limit at the next sweep
    later = now + service.idle_seconds + 1
    service.states.held(busy.id).used = later - 1
    assert service.evict_idle(later) == [idle.id]
    assert idle.id not in service.cached and busy.id in service.cached
    assert service.current(idle.id) == before
    assert idle.gm().act("resume")["ok"], "and it plays on"


def test_healthz_says_ready_only_after_the_warm_up(tmp_path):
    url = f"sqlite:///{tmp_path / 'w.db'}"
    first = create_app({"DATABASE_URL": url})
    game_ = Game.new(first)
    _play(game_, 2)
    app = create_app({"DATABASE_URL": url, "WARM_UP": True})
    client = app.test_client()
    r = client.get("/healthz")
    assert r.status_code == 503 and r.json["ready"] is False
    loaded: list[str] = []
    services(app).warm_up(lambda work: loaded.append(work.__name__))
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json["ready"] is True
    assert loaded == ["load_world"] and game_.id in services(app).campaigns.cached


@pytest.mark.parametrize("path", ["/", "/play/abc?token=x", "/api/rules", "/healthz", "/nope"])
def test_every_page_carries_the_security_headers(world_client, path):
    with world_client.get(path) as r:
        for name, value in SECURITY_HEADERS.items():
            assert r.headers.get(name) == value, (path, name)
        assert "'self'" in r.headers["Content-Security-Policy"]
        assert "unsafe-eval" not in r.headers["Content-Security-Policy"]


HOLDER = """
import sys
from server.web.storage import open_store
store = open_store(sys.argv[1])
with store.turn("c1"):
    with store.turn("c2"):
        pass  # another campaign's turn taken and ended meanwhile: c1's stays held
    print("held", flush=True)
    sys.stdin.readline()
print("released", flush=True)
"""


def _turn_waits_for_another_process(url: str) -> None:
    store = open_store(url)
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as holder:
        try:
            assert holder.stdout.readline().strip() == "held"
            got = threading.Event()

            def take() -> None:
                with store.turn("c1"):
                    got.set()

            with store.turn("another campaign"):
                pass  # another campaign's turn is free meanwhile
            taker = threading.Thread(target=take)
            taker.start()
            assert not got.wait(0.5), "the turn is held by the other process"
            holder.stdin.write("\n")
            holder.stdin.flush()
            assert holder.stdout.readline().strip() == "released"
            assert got.wait(30)
            taker.join()
        finally:
            holder.kill()
    store.engine.dispose()


def test_a_campaigns_write_turn_is_one_process_at_a_time_on_sqlite(tmp_path):
    _turn_waits_for_another_process(f"sqlite:///{tmp_path / 'turns.db'}")


@pytest.mark.postgres
def test_a_campaigns_write_turn_is_one_process_at_a_time_on_postgresql():
    with postgres_server() as url:
        _turn_waits_for_another_process(url)


def test_what_a_join_ack_holds_is_not_sent_again(fresh_app):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    manager = services(fresh_app).socketio.server.manager
    sid = manager.sid_from_eio_sid(pm.client.eio_sid, "/")
    assert manager.marks.get(sid) == pm.ack["seq"], "the join's ack seq is its mark"
    game_.drain()
    # as if the next event had been committed before the join read the log and were still
    # on its way through the message queue: it is in the ack, and not sent again
    manager.hold(sid, pm.ack["seq"] + 1)
    first = gm.act("pause")["seq"]
    assert first == pm.ack["seq"] + 1
    assert pm.events() == [] and gm.events()[0]["seq"] == first
    second = gm.act("resume")["seq"]
    assert [e["seq"] for e in pm.events()] == [second]
    assert manager.marks[sid] == second, "moved on with each event sent"


def test_events_logged_together_past_a_floor_are_sent_without_the_ones_the_ack_holds(
    fresh_app,
):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    socketio = services(fresh_app).socketio
    manager = socketio.server.manager
    sid = manager.sid_from_eio_sid(pm.client.eio_sid, "/")
    game_.drain()
    at = pm.ack["seq"]
    manager.hold(sid, at + 1)  # as if the join's ack held the first of the two
    together = [{"seq": at + 1}, {"seq": at + 2}]
    socketio.emit("events", together, to=campaign_room(game_.id))
    assert [e["seq"] for e in gm.events()] == [] and gm.seqs[-2:] == [at + 1, at + 2]
    pm.events()
    assert pm.seqs == [at + 2], "only the one past the mark"
    assert manager.marks[sid] == at + 2
    manager.hold(sid, at + 2)  # a list wholly at or below the mark is not sent at all
    socketio.emit("events", together, to=campaign_room(game_.id))
    pm.events()
    assert pm.seqs == [at + 2] and manager.marks[sid] == at + 2


def _missed(game_: Game, type_: str) -> int:
    """The GM's act ``type_``, logged and acked, its event lost on its way to every socket
    (as a message queue away loses it): its seq."""
    service = services(game_.app).campaigns
    emit, service.emit = service.emit, lambda rooms, payload: None
    try:
        return game_.gm().act(type_)["seq"]
    finally:
        service.emit = emit


def test_events_after_one_the_queue_missed_wait_and_a_beat_sends_it_first(fresh_app):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    catch_up = services(fresh_app).catch_up
    game_.drain()
    lost = _missed(game_, "pause")
    after = gm.act("resume")["seq"]
    assert pm.events() == [] and gm.events() == [], "what came after the gap waits"
    assert catch_up.beat() == 2  # a socket with events waiting is caught up at once
    for player in (pm, gm):
        got = player.events()
        assert [(e["seq"], e["type"]) for e in got] == [(lost, "pause"), (after, "resume")]
    assert pm.seqs == [lost, after], "each once, in order"
    # the last event lost, nothing after it: a beat sees the log's head, the next sends it
    tail = _missed(game_, "pause")
    assert catch_up.beat() == 0 and pm.events() == []
    assert catch_up.beat() == 2
    assert [e["seq"] for e in pm.events()] == [tail] and pm.seqs == [lost, after, tail]
    assert catch_up.beat() == 0


def _outboxed(manager, monkeypatch) -> list:
    """The manager's outbox on, its turns kept to be run by hand; the packets it sends the
    sockets itself (Engine.IO's public ``send_packet``) routed to the test client's
    sockets (Flask-SocketIO's test client catches what python-socketio sends)."""
    turns: list = []
    manager.after_writes = turns.append
    monkeypatch.setattr(manager.server.eio, "send_packet", manager.server._send_eio_packet)
    return turns


def _messages(player) -> list[tuple[str, list[int]]]:
    """What the player's socket received since the last call: each message's name and seqs."""
    got = []
    for m in player.client.get_received():
        arg = m["args"][0]
        items = arg if m["name"] == "events" else [arg]
        got.append((m["name"], [p["seq"] for p in items if "seq" in p]))
    return got


def test_a_campaigns_events_go_a_slice_of_sockets_at_a_time_each_its_share_in_one_message(
    fresh_app, monkeypatch
):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    watcher = game_.join(game_.seat("observer")[1], key="watcher")
    service = services(fresh_app).campaigns
    manager = services(fresh_app).socketio.server.manager
    game_.drain()
    turns = _outboxed(manager, monkeypatch)  # the hub's turns, each come when the test says

    def turn() -> None:  # the writers woken so far have written
        turns.pop(0)()

    first = gm.act("pause")["seq"]  # the campaign is idle: its first slice goes at once
    assert [_messages(p) for p in (gm, pm, watcher)] == [[("event", [first])]] * 3
    assert len(turns) == 1
    # until those writers have written, acts are acked and their events wait for them
    second = gm.act("resume")["seq"]
    third = pm.act("set_ships", digit=4)["seq"]
    assert (second, third) == (first + 1, first + 2)
    assert [_messages(p) for p in (gm, pm, watcher)] == [[], [], []]
    while turns:  # then every socket gets what waited for it in one message
        turn()
    for key, player in game_.players.items():
        got = player.client.get_received()
        assert [m["name"] for m in got] == ["events"], key
        together = got[0]["args"][0]
        assert [e["seq"] for e in together] == [second, third], key
        seen = [e for e in together if set(e) != {"seq"}]  # not the others' bare seqs
        assert seen == service.events_since(game_.id, player.ack["seat"]["id"], first)[1], key

    # a slice of sockets a turn: a socket not yet sent an event gets the next with it, one
    # sent it gets the next in its turn, after the others; the campaign's other messages
    # (a seat's presence) first send everything that waits
    monkeypatch.setattr(delivery, "SLICE", 1)
    assert turns == [] and _messages(gm) == [], "idle"
    fourth = gm.act("pause")["seq"]
    told = [_messages(p) for p in (gm, pm, watcher)]
    assert sorted(told) == [[], [], [("event", [fourth])]], "one socket"
    first_sent = told.index([("event", [fourth])])
    fifth = gm.act("resume")["seq"]
    turn()  # the next socket: the fourth and the fifth together
    assert sorted(_messages(p) for p in (gm, pm, watcher)) == [
        [],
        [],
        [("events", [fourth, fifth])],
    ]
    token = game_.seat("observer")[1]  # its seat_created waits too
    game_.join(token, key="late")
    told = [_messages(p) for p in (gm, pm, watcher)]
    presence = ("presence", [])
    assert told[first_sent] == [("events", [fifth, fifth + 1]), presence]
    assert sorted(told) == sorted(
        [
            [("events", [fifth, fifth + 1]), presence],
            [("events", [fourth, fifth, fifth + 1]), presence],
            [("event", [fifth + 1]), presence],
        ]
    )
    while turns:
        turn()
    assert [_messages(p) for p in (gm, pm, watcher)] == [[], [], []], "nothing twice"


def test_a_turn_that_fails_is_logged_and_leaves_nothing_waiting_for_good(
    fresh_app, monkeypatch, caplog
):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    manager = services(fresh_app).socketio.server.manager
    game_.drain()
    turns = _outboxed(manager, monkeypatch)
    send, failed = manager.server.eio.send_packet, []

    def fails_once(*args, **kwargs):
        if not failed:
            failed.append(args)
            raise RuntimeError("the sockets' layer failed")
        return send(*args, **kwargs)

    monkeypatch.setattr(manager.server.eio, "send_packet", fails_once)
    assert gm.act("pause")["ok"], "the act is logged: its ack says so"
    assert failed and "sending its events failed" in caplog.text
    second = gm.act("resume")["seq"]  # waits for the next turn after the failed one
    while turns:
        turns.pop(0)()
    assert _messages(gm) == [("event", [second])]
    third = gm.act("pause")["seq"]
    assert _messages(gm) == [("event", [third])], "idle again: at once"


def test_a_message_is_encoded_once_for_all_its_turns_and_a_socket_gone_meanwhile_is_sent_nothing(
    fresh_app, monkeypatch
):
    game_ = Game.new(fresh_app)
    gm = game_.gm()
    pm = game_.add("pm", "prime-minister")
    watchers = [game_.join(game_.seat("observer")[1], key=f"w{k}") for k in range(3)]
    manager = services(fresh_app).socketio.server.manager
    game_.drain()
    gm.act("pause")  # past every socket's join floor
    game_.drain()
    turns = _outboxed(manager, monkeypatch)
    monkeypatch.setattr(delivery, "SLICE", 1)
    encoded: list[Any] = []
    packet_class = manager.server.packet_class

    class Counted(packet_class):  # type: ignore[misc,valid-type]
        def encode(self):
            if self.data and self.data[0] in ("event", "events"):  # not an ack
                encoded.append(self.data)
            return super().encode()

    monkeypatch.setattr(manager.server, "packet_class", Counted)
    gone = watchers[-1]
    seq = gm.act("resume")["seq"]  # a public event: one message for every socket
    # its connection lost before its turn came (the app hears of it later)
    manager.disconnect(manager.sid_from_eio_sid(gone.client.eio_sid, "/"), "/")
    while turns:
        turns.pop(0)()
    assert [(name, data["seq"]) for name, data in encoded] == [("event", seq)], "once"
    for player in (gm, pm, *watchers[:-1]):
        assert _messages(player) == [("event", [seq])]
    assert gone.client.get_received() == []
