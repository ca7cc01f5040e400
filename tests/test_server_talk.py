"""Table talk and notices through the protocol (issue 14, items 4 and 5): who reads a
message, its bounds and the limit a minute; each seat's notices after a reload, through
REST and the join ack, cut as its events are (test clients, and one live server with real
python-socketio clients)."""

from __future__ import annotations

import re
from typing import Any

import requests

from tests.conftest import LiveServer
from tests.protocol_check import CheckedClient
from tests.server_helpers import Game
from tests.topology_helpers import on_events

WAIT = 10.0


def _table(game: Game) -> dict[str, Any]:
    gm = game.gm()
    seats = {"gm": gm}
    for key, role, extra in (
        ("pm", "prime-minister", {"name": "Pitt"}),
        ("red", "admiral", {"squadron": "Red", "name": "Calder"}),
        ("fg", "captain", {"ship": "FG", "name": "Aubrey"}),
        ("obs", "observer", {"name": "Press"}),
    ):
        seats[key] = game.add(key, role, **extra)
    game.drain()
    return seats


def _said(player: Any) -> list[tuple[int, str]]:
    return [(e["seq"], e["data"]["text"]) for e in player.events() if e["type"] == "say"]


def test_a_private_message_reaches_its_sender_its_recipient_and_the_gm_only(
    fresh_game: Game,
) -> None:
    seats = _table(fresh_game)
    ack = seats["pm"].act("say", to=seats["red"].seat["id"], text="Keep it from the FSL")
    assert ack["ok"], ack
    seq = ack["seq"]
    for key in ("pm", "red", "gm"):
        assert _said(seats[key]) == [(seq, "Keep it from the FSL")], key
    for key in ("fg", "obs"):
        assert _said(seats[key]) == [] and seq in seats[key].seqs, key  # the bare seq only
    to_gm = seats["fg"].act("say", to="gm", text="May I put into Lisbon?")
    assert [_said(seats[k]) for k in ("fg", "gm", "pm", "red", "obs")] == [
        [(to_gm["seq"], "May I put into Lisbon?")],
        [(to_gm["seq"], "May I put into Lisbon?")],
        [],
        [],
        [],
    ]


def test_the_readers_of_a_message_get_one_payload_with_the_senders_name(
    fresh_game: Game,
) -> None:
    seats = _table(fresh_game)
    seats["gm"].act("say", to=seats["fg"].seat["id"], text="Beat to quarters")
    got = [next(e for e in seats[k].events() if e["type"] == "say") for k in ("gm", "fg")]
    assert got[0] == got[1]
    assert got[0]["data"] == {
        "seat": seats["gm"].seat["id"],
        "name": "Games Master",
        "to": seats["fg"].seat["id"],
        "text": "Beat to quarters",
        "day": 0,
    }


def test_an_observer_reads_public_messages_only_and_says_nothing(fresh_game: Game) -> None:
    seats = _table(fresh_game)
    public = seats["red"].act("say", to="all", text="The Brest squadron is out!")["seq"]
    seats["red"].act("say", to=seats["pm"].seat["id"], text="We need frigates")
    seats["red"].act("say", to="gm", text="Reinforcements?")
    assert _said(seats["obs"]) == [(public, "The Brest squadron is out!")]
    refused = seats["obs"].act("say", to="all", text="A scoop!")
    assert refused["error"]["code"] == "forbidden"
    to_observer = seats["red"].act("say", to=seats["obs"].seat["id"], text="psst")
    assert to_observer["error"] == {
        "code": "invalid",
        "message": "'to': an observer reads public messages only",
    }
    # and the log replayed for him says the same (a reload)
    r = fresh_game.rest(
        "get", f"/api/campaigns/{fresh_game.id}/events?since=0", token=seats["obs"].token
    )
    assert [e["data"]["text"] for e in r.json["events"] if e["type"] == "say"] == [
        "The Brest squadron is out!"
    ]


def test_events_since_gives_each_seat_the_messages_it_read_live(fresh_game: Game) -> None:
    seats = _table(fresh_game)
    start = seats["gm"].act("note", text="before the talk")["seq"]
    seats["pm"].act("say", to=seats["red"].seat["id"], text="private")
    seats["pm"].act("say", to="all", text="public")
    for key, expected in (
        ("pm", ["private", "public"]),
        ("red", ["private", "public"]),
        ("gm", ["private", "public"]),
        ("fg", ["public"]),
        ("obs", ["public"]),
    ):
        rejoined = fresh_game.join(seats[key].token, since=start)
        texts = [e["data"]["text"] for e in rejoined.ack["events"] if e["type"] == "say"]
        assert texts == expected, key


def test_a_message_holds_1_to_2000_characters(fresh_game: Game) -> None:
    seats = _table(fresh_game)
    assert seats["red"].act("say", to="all", text="x" * 2000)["ok"]
    for text in ("x" * 2001, "", "   "):
        ack = seats["red"].act("say", to="all", text=text)
        assert ack["error"] == {
            "code": "invalid",
            "message": "'text' must be a non-empty string of at most 2000 characters",
        }, len(text)


def test_a_message_to_a_seat_of_another_campaign_or_none_is_one_clear_error(
    fresh_app: Any,
) -> None:
    one, other = Game.new(fresh_app), Game.new(fresh_app, seed=8)
    red = one.add("red", "admiral", squadron="Red")
    stranger, _ = other.seat("admiral", squadron="Red")
    for to in (stranger, "s-nobody"):
        assert red.act("say", to=to, text="hello")["error"] == {
            "code": "not_found",
            "message": f"'to': no seat {to!r} in this campaign",
        }
    assert red.act("say", to=red.seat["id"], text="me")["error"]["code"] == "invalid"
    assert one.gm().act("say", to="gm", text="me")["error"]["code"] == "invalid"


def test_the_eleventh_message_in_a_minute_is_too_many(fresh_game: Game) -> None:
    seats = _table(fresh_game)
    red, pm = seats["red"], seats["pm"]
    assert red.act("say", to="all", text="x" * 2001)["error"]["code"] == "invalid"  # not counted
    for n in range(10):
        assert red.act("say", to="all", text=f"message {n}")["ok"], n
    eleventh = red.act("say", to="all", text="one too many")
    assert eleventh["ok"] is False and eleventh["error"]["code"] == "too_many", eleventh
    wait = re.fullmatch(r"at most 10 messages a minute; wait (\d+) s", eleventh["error"]["message"])
    assert wait and 1 <= int(wait.group(1)) <= 60, eleventh
    assert pm.act("say", to="all", text="another seat's own ten")["ok"]  # per seat
    assert red.act("ready", ready=True)["ok"]  # other actions are not limited by it
    texts = [t for _, t in _said(seats["obs"])]
    assert "one too many" not in texts and len(texts) == 11


# -- notices ----------------------------------------------------------------------------


def _notices(game: Game, token: str, since: int = 0) -> list[dict[str, Any]]:
    r = game.rest("get", f"/api/campaigns/{game.id}/notices?since={since}", token=token)
    assert r.status_code == 200, r.json
    return r.json["notices"]


def test_the_seats_in_a_battle_are_told_it_opened_ended_and_what_it_cost(
    talk_fight: dict[str, Any],
) -> None:
    game, fight = talk_fight["game"], talk_fight["fight"]
    state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
    record = next(e for e in state["engagements"] if e["id"] == fight)
    lost = sorted(
        sid
        for sid, s in record["outcome"]["ships"].items()
        if s["status"] != "afloat" and s["status"] in ("sunk", "struck", "taken", "decimated")
    )
    for key in ("gm", "red", "blue"):
        told = [n for n in _notices(game, game.players[key].token) if n.get("engagement")]
        assert [n["type"] for n in told if n["type"].startswith("battle")] == [
            "battle_opened",
            "battle_ended",
        ], key
        ended = next(n for n in told if n["type"] == "battle_ended")
        assert ended["seq"] == talk_fight["ended"]
        assert ended["outcome"] == record["outcome"]["how"]
        assert sorted(n["ship"] for n in told if n["type"] == "ship_lost") == lost, key
    # a captain in the West Indies, the Blockade squadron's admiral, the cabinet and the
    # observer are in no battle: they hear nothing of it
    for key in ("ha", "med", "pm", "fsl", "obs"):
        told = _notices(game, game.players[key].token)
        assert not [n for n in told if n["type"] in ("battle_opened", "battle_ended", "ship_lost")]


def test_notices_after_a_reload_are_the_same_through_rest_and_the_join_ack(
    talk_fight: dict[str, Any],
) -> None:
    game = talk_fight["game"]
    for key, player in game.players.items():
        rest = _notices(game, player.token)
        ack = game.join(player.token).ack
        assert ack["notices"] == rest, key
        assert all(n["seq"] <= ack["seq"] for n in rest)
        # since=N gives the tail, and a reconnect's ack the same tail
        half = ack["seq"] // 2
        tail = [n for n in rest if n["seq"] > half]
        assert _notices(game, player.token, half) == tail, key
        assert game.join(player.token, since=half).ack["notices"] == tail, key


def test_orders_by_others_are_told_and_ones_own_are_not(talk_fight: dict[str, Any]) -> None:
    game = talk_fight["game"]
    red, blue = game.players["red"].seat["id"], game.players["blue"].seat["id"]
    for key, by in (("red", {blue}), ("blue", {red}), ("pm", {red, blue}), ("obs", set())):
        orders = [n for n in _notices(game, game.players[key].token) if n["type"] == "orders"]
        assert {n["by"] for n in orders} == by, key
        assert all("ordered the" in n["text"] and "48.70°N 5.60°W" in n["text"] for n in orders)


def test_messages_and_seats_make_notices(fresh_game: Game) -> None:
    seats = _table(fresh_game)
    pm, red, fg = (seats[k].seat["id"] for k in ("pm", "red", "fg"))
    seats["pm"].act("say", to=red, text="to Calder")
    seats["pm"].act("say", to="all", text="to all")
    seats["fg"].act("say", to="gm", text="to the GM")
    seats["pm"].act("say", to=fg, text="to Aubrey")  # the GM overhears: no notice of his
    msgs = {
        key: [
            n["message"] for n in _notices(fresh_game, seats[key].token) if n["type"] == "message"
        ]
        for key in seats
    }
    assert msgs == {
        "gm": ["to all", "to the GM"],
        "pm": [],
        "red": ["to Calder", "to all"],
        "fg": ["to all", "to Aubrey"],
        "obs": ["to all"],
    }
    first = _notices(fresh_game, seats["gm"].token)[0]
    assert first["type"] == "seat_joined" and first["text"] == ("Pitt has a seat: prime minister")
    assert {n["from"] for n in _notices(fresh_game, seats["red"].token) if "from" in n} == {pm}


def test_a_bad_since_is_a_400_in_the_error_shape(fresh_game: Game) -> None:
    for since in ("x", "-1", "1.5", "٣", "9" * 13):
        for what in ("notices", "events"):
            r = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/{what}?since={since}")
            assert r.status_code == 400 and r.json["error"]["code"] == "invalid", (what, since)
    r = fresh_game.app.test_client().get(f"/api/campaigns/{fresh_game.id}/notices")
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"


# -- a live server and real python-socketio clients ------------------------------------------


class _Client:
    def __init__(self, url: str, campaign: str, token: str) -> None:
        self.said: list[str] = []
        self.seqs: list[int] = []
        self.sio = CheckedClient(reconnection=False)
        on_events(self.sio, self._event)
        self.sio.connect(url, transports=["websocket"], wait_timeout=WAIT)
        self.ack = self.sio.call(
            "join", {"campaign": campaign, "token": token, "since": 0}, timeout=WAIT
        )
        assert self.ack["ok"], self.ack

    def _event(self, payload: dict[str, Any]) -> None:
        self.seqs.append(payload["seq"])
        if payload.get("type") == "say":
            self.said.append(payload["data"]["text"])

    def say(self, to: str, text: str) -> dict[str, Any]:
        return self.sio.call("act", {"type": "say", "to": to, "text": text}, timeout=WAIT)


def test_live_talk_reaches_its_readers_and_stops_at_ten_a_minute(
    live_server: LiveServer,
) -> None:
    import time

    url = live_server.url
    r = requests.post(url + "/api/campaigns", json={"seed": 4}, timeout=WAIT)
    cid, gm_token = r.json()["id"], r.json()["token"]
    tokens = {}
    for key, body in (
        ("pm", {"role": "prime-minister"}),
        ("red", {"role": "admiral", "squadron": "Red"}),
        ("obs", {"role": "observer"}),
    ):
        r = requests.post(
            f"{url}/api/campaigns/{cid}/seats",
            json=body,
            headers={"Authorization": f"Bearer {gm_token}"},
            timeout=WAIT,
        )
        tokens[key] = (r.json()["seat"], r.json()["token"])
    gm = _Client(url, cid, gm_token)
    clients = {k: _Client(url, cid, t) for k, (_, t) in tokens.items()}
    try:
        acks = [clients["pm"].say(tokens["red"][0], f"private {n}") for n in range(10)]
        assert all(a["ok"] for a in acks), acks
        assert clients["pm"].say("all", "the eleventh")["error"]["code"] == "too_many"
        last = acks[-1]["seq"]
        deadline = time.monotonic() + WAIT
        while not all(last in c.seqs for c in (gm, *clients.values())):
            assert time.monotonic() < deadline, "the events did not all come"
            time.sleep(0.05)
        expected = [f"private {n}" for n in range(10)]
        assert gm.said == expected and clients["pm"].said == expected
        assert clients["red"].said == expected and clients["obs"].said == []
    finally:
        for c in (gm, *clients.values()):
            c.sio.disconnect()
