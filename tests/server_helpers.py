"""Helpers for server tests: an app on a temporary SQLite file and seated test clients;
the campaign in each of its phases as plain game states, without a server."""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonpatch
from flask import Flask

from server import game
from server.game import engagements, rules
from server.web.app import create_app
from server.web.services import services
from tests.protocol_check import CheckedTestClient, check_rest

__all__ = [
    "SEATS",
    "assert_seats_follow_records",
    "map_force",
    "map_ship",
    "SEED",
    "CLOCK_START",
    "play_out_summer",
    "fight_engagements",
    "SQUADRON_SEATS",
    "Clock",
    "Game",
    "Player",
    "new_app",
    "socket_client",
    "phase_states",
    "play_squadrons",
]


def new_app(tmp_path: Path, name: str = "test.db") -> Flask:
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / name}", "TESTING": True})


def socket_client(app: Flask) -> CheckedTestClient:
    """A Flask-SocketIO test client of ``app`` that checks every ack and message against
    ``/api/schema`` (tests/protocol_check.py)."""
    return CheckedTestClient(app, services(app).socketio)


def map_ship(code: str, type_: str, order: str | None = None) -> dict[str, Any]:
    """A ship of a force on the map, afloat (a British one with her Table F ``order``)."""
    ship = {"code": code, "name": code, "type": type_, "status": "afloat"}
    return ship if order is None else {**ship, "order": order}


def map_force(
    fid: str, side: str, ships: list[dict[str, Any]], lon: float = -5.0, lat: float = 48.0
) -> dict[str, Any]:
    """A force at sea at (lon, lat) with no orders, for tests that open engagements."""
    return {
        "id": fid,
        "side": side,
        "name": fid,
        "squadron": None,
        "fleet": None,
        "ships": ships,
        "lon": lon,
        "lat": lat,
        "port": None,
        "orders": None,
        "route": None,
        "afloat": True,
    }


@dataclass
class Player:
    """One seat's Socket.IO test client, joined to its campaign."""

    seat: dict[str, Any]
    token: str
    client: CheckedTestClient
    ack: dict[str, Any]
    #: every seq received, those of events this seat may not see (bare ``{"seq": n}``) too
    seqs: list[int] = field(default_factory=list)

    def act(self, type_: str, **args: Any) -> dict[str, Any]:
        return self.client.emit("act", {"type": type_, **args}, callback=True)

    def events(self) -> list[dict[str, Any]]:
        """The events received since the last call that this seat may see."""
        got = []  # an ``event``, or each of an ``events`` list (the events logged together)
        for m in self.client.get_received():
            if m["name"] == "event":
                got.append(m["args"][0])
            elif m["name"] == "events":
                got.extend(m["args"][0])
        self.seqs.extend(e["seq"] for e in got)
        return [e for e in got if "type" in e]


def views_after(view: dict[str, Any], events: list[dict[str, Any]]):
    """Each event a seat received with its view after it: ``view`` (its join's state)
    changed by each event's JSON Patch in turn, as the page applies them."""
    for event in events:
        view = jsonpatch.apply_patch(view, event.get("patch", []))
        yield event, view


def seat_views(game: Game, token: str) -> dict[int, tuple[dict[str, Any], dict[str, Any]]]:
    """Each event a seat may see, by seq, with its view after it: its whole history read as
    the page reads it (GET .../events from ``since=0``, page after page, each event's patch
    applied to the view before it, the first to ``base``)."""
    out: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    view: dict[str, Any] | None = None
    since, more = 0, True
    while more:
        body = game.rest("get", f"/api/campaigns/{game.id}/events?since={since}", token=token).json
        if since == 0:
            view = body["base"]
        for event, after in views_after(view, body["events"]):
            out[event["seq"]] = (event, after)
            view = after
        more, since = body["more"], body["next"]
    return out


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
        check_rest(app, "POST", "/api/campaigns", r, {"seed": seed, **body})
        assert r.status_code == 201, r.json
        return cls(app, r.json["id"], r.json["token"])

    def rest(self, method: str, path: str, token: str | None = None, **kw: Any):
        headers = {"Authorization": f"Bearer {token or self.gm_token}"}
        response = getattr(self.app.test_client(), method)(path, headers=headers, **kw)
        # as /api/openapi.json says
        check_rest(self.app, method.upper(), path, response, kw.get("json"))
        return response

    def seat(self, role: str, **body: Any) -> tuple[str, str]:
        r = self.rest("post", f"/api/campaigns/{self.id}/seats", json={"role": role, **body})
        assert r.status_code == 201, r.json
        return r.json["seat"], r.json["token"]

    def join(self, token: str, since: int = 0, key: str | None = None) -> Player:
        client = socket_client(self.app)
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


# -- the campaign in each phase, as game states ---------------------------------------

SEED = 5
SEATS = {  # the seats of the walk: one of each role, and a captain of the Blue squadron
    "gm": {"id": "gm", "role": "gm", "name": "GM", "squadron": None, "ship": None},
    "prime-minister": {"id": "pm", "role": "prime-minister", "name": "Pitt"},
    "first-sea-lord": {"id": "fsl", "role": "first-sea-lord", "name": "Barham"},
    "admiral": {"id": "red", "role": "admiral", "name": "Calder", "squadron": "Red"},
    "captain": {"id": "fg", "role": "captain", "name": "Aubrey", "ship": "FG"},
    "marine": {"id": "rm", "role": "marine", "name": "Sharpe"},  # his ship drawn as he enrols
    "observer": {"id": "obs", "role": "observer", "name": "Press"},
    "blue-captain": {"id": "ne", "role": "captain", "name": "Hornblower", "ship": "NE"},
}


def _seat(key: str) -> dict[str, Any]:
    return {"squadron": None, "ship": None, **SEATS[key]}


def _decided(state: dict[str, Any], seat_key: str, args: dict[str, Any], seq: int) -> None:
    kind, data = game.decide(state, _seat(seat_key), args, game.event_rng(SEED, seq))
    game.apply_event(state, kind, {**data, "args": args})


def _open_fight(state: dict[str, Any], british: str, enemy: str) -> str:
    """Open an engagement between two forces that waits for its player captain."""
    for seed in range(50):
        work = copy.deepcopy(state)
        record = engagements.open_engagement(work, british, enemy, 1, random.Random(seed))
        if not record["over"]:
            state.update(work)
            return record["id"]
    raise AssertionError("no chase ended in a fight")


@cache
def phase_states() -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The campaign in each phase (cabinet, summer, summer with fights, autumn, winter,
    spring, over; each season after the summer also with the Red and Blue squadrons
    volunteered, ``<season>-at-sea``, and with their fights, ``<season>-fights``), and the
    fights: ``own`` awaits the Red squadron's captain, ``other`` the Blue squadron's (in a
    season after the summer, ``own@<season>`` and ``other@<season>``: each fight its own id,
    as in a campaign, so that no two share a battle)."""
    state = game.initial_state({"id": "walk", "name": "Walk", "year": 1805, "seed": SEED})
    game.apply_event(state, "campaign_created", {"gm": SEATS["gm"], "name": "Walk", "year": 1805})
    for key in SEATS:
        if key != "gm":
            game.apply_event(state, "seat_created", {"seat": _seat(key)})
    cabinet = copy.deepcopy(state)
    _decided(state, "prime-minister", {"type": "set_ships", "digit": 3}, 2)
    _decided(state, "first-sea-lord", {"type": "set_deployment", "digit": 5}, 3)
    _decided(state, "gm", {"type": "roll_force"}, 4)
    seasons = {}
    after = copy.deepcopy(state)
    _decided(after, "gm", {"type": "resolve_summer"}, 5)
    for seq, phase in enumerate(("autumn", "winter", "spring"), start=6):
        seasons[phase] = copy.deepcopy(after)
        _decided(after, "gm", {"type": "next_season"}, seq)
    over = copy.deepcopy(seasons["spring"])
    over["year"] = 1815  # the spring after the war's last summer: then the peace
    _decided(over, "gm", {"type": "next_season"}, 9)
    forces = {f["squadron"]: f["id"] for f in state["forces"].values() if f["squadron"]}
    fights = copy.deepcopy(state)
    ids = {
        "own": _open_fight(fights, forces["Red"], "fr-brest"),
        "other": _open_fight(fights, forces["Blue"], "fr-toulon"),
    }
    phases = {"cabinet": cabinet, "summer": state, "fights": fights, **seasons, "over": over}
    for seq, phase in enumerate(("autumn", "winter", "spring"), start=20):
        at_sea = copy.deepcopy(seasons[phase])
        at_sea["fought"] = 2 * (seq - 19)  # the fights of the walk's other phases
        for squadron in ("Red", "Blue"):  # the enemy a Sail Ho! might have shown them
            _decided(at_sea, "gm", {"type": "volunteer", "squadron": squadron}, seq)
        for enemy in ("fr-brest", "fr-toulon"):
            at_sea["forces"][enemy] = copy.deepcopy(state["forces"][enemy])
        phases[f"{phase}-at-sea"] = at_sea
        fought = copy.deepcopy(at_sea)
        ids[f"own@{phase}"] = _open_fight(fought, "cruise-c1", "fr-brest")
        ids[f"other@{phase}"] = _open_fight(fought, "cruise-c2", "fr-toulon")
        phases[f"{phase}-fights"] = fought
    return phases, ids


# -- a blockade of Brest and the Brest squadron's breakout (test_server_blockades) ----------

#: every British seat of the breakout campaign (the GM and an observer beside them)
BRITISH_SEATS = ("pm", "fsl", "red", "blue", "fg")


def play_breakout(app: Flask, seed: int) -> dict[str, Any]:
    """A summer (cabinet 3, 5) where the Red squadron blockades Brest and, once it is at its
    station, the GM sends the Brest squadron to sea for Ferrol: each seat's events of that
    day's ``advance``, the state after it and the log."""
    game = off_brest(app, seed)
    gm = game.gm()
    red = _force_of(_state(game), "Red")  # at her station
    assert gm.act("move_enemy", force="fr-brest", to="ferrol")["ok"]
    assert gm.act("advance", days=1)["ok"]
    seen = {
        key: [e for e in p.events() if e.get("type") == "advance"]
        for key, p in game.players.items()
    }
    return {
        "game": game,
        "red": red,
        "seen": seen,
        "state": game.rest("get", f"/api/campaigns/{game.id}/state").json["state"],
        "log": game.rest("get", f"/api/campaigns/{game.id}/log").json,
    }


# -- two Channel squadrons and the Brest squadron in one battle (test_server_squadrons) -----

#: the seats of the squadrons' campaign: the two admirals whose squadrons fight, and seats
#: that must not be told of it (a minister, the Mediterranean's admiral, a captain in the
#: West Indies, an observer)
SQUADRON_SEATS = (
    ("pm", "prime-minister", {}),
    ("fsl", "first-sea-lord", {}),
    ("red", "admiral", {"squadron": "Red"}),
    ("blue", "admiral", {"squadron": "Blue"}),
    ("med", "admiral", {"squadron": "Blockade"}),
    ("ha", "captain", {"ship": "HA"}),
    ("obs", "observer", {}),
)
USHANT_POINT = [-5.6, 48.7]


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def assert_officers_replay(campaign: Game, log: dict[str, Any]) -> None:
    """The campaign's ``log`` replays with no problem to the officers its state shows (the
    GM's view of each replayed record: his ``berth``, a hero's Status Points this month, a
    titled man's Social Level, ...) and to the seats it shows."""
    replayed, problems = game.replay(log)
    assert problems == []
    now = _state(campaign)
    month = game.month_now(replayed)
    gm = next(s for s in replayed["seats"].values() if s["role"] == "gm")
    officers = {oid: game.officer_for(o, gm, month) for oid, o in replayed["officers"].items()}
    assert officers == {o["id"]: o for o in now["officers"]}
    seats = {s["id"]: (s["role"], s["ship"], s["squadron"], s.get("officer")) for s in now["seats"]}
    assert {
        sid: (s["role"], s["ship"], s["squadron"], s.get("officer"))
        for sid, s in replayed["seats"].items()
    } == seats


def assert_seats_follow_records(state: dict[str, Any]) -> None:
    """Every seat's living character is where his seat is (docs/rules-notes.md "A seat
    follows a promotion to flag rank", "Courts-martial"): a captain's seat holds a captain's
    rank and his record's ship, an admiral's seat a flag rank and his record's squadron
    (both None: ashore with him; a captain's seat ashore may hold a man a court reduced
    below a captain's rank). ``state`` is a view's (lists) or the state itself (by id)."""
    seats = state["seats"].values() if isinstance(state["seats"], dict) else state["seats"]
    roster = state["officers"]
    officers = roster if isinstance(roster, dict) else {o["id"]: o for o in roster}
    for seat in seats:
        officer = officers.get(seat.get("officer") or "")
        if officer is None or officer["dead"] or seat["role"] not in ("admiral", "captain"):
            continue
        ranks = rules.CAPTAIN_RANKS if seat["role"] == "captain" else rules.ADMIRAL_RANKS
        fits = officer["rank"] in ranks
        if seat["role"] == "captain" and not seat["ship"]:  # (ashore: below a captain too)
            fits = fits or officer["rank"] not in rules.ADMIRAL_RANKS
        where = (fits, officer["ship"], officer["squadron"])
        assert where == (True, seat["ship"], seat["squadron"]), (seat, officer["rank"], where)


def red_meets(game: Game, enemy: str) -> dict[str, Any]:
    """The cabinet's ships (3) and deployment (5) set by its seats ``pm`` and ``fsl``, the
    force rolled, the Red (seat ``red``) on patrol off Ushant and the enemy's force
    ``enemy`` sent there: the first fight of the days that follow (advanced two at a time,
    24 at most), as the state has it."""
    gm = game.gm()
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert game.players["red"].act("deploy", squadron="Red", patrol=USHANT_POINT)["ok"]
    assert gm.act("move_enemy", force=enemy, to=USHANT_POINT)["ok"]
    for _ in range(12):
        assert gm.act("advance", days=2)["ok"]
        fights = [e for e in _state(game)["engagements"] if not e["over"]]
        if fights:
            return fights[0]
    raise AssertionError("no fight in 24 days")


def _force_of(state: dict[str, Any], squadron: str) -> dict[str, Any]:
    return next(f for f in state["forces"] if f.get("squadron") == squadron)


def play_squadrons(
    app: Flask,
    seed: int,
    blue_from: str | None,
    lead: int,
    seats: tuple[tuple[str, str, dict[str, Any]], ...] = SQUADRON_SEATS,
) -> dict[str, Any] | None:
    """A summer (cabinet 3, 2: the Red and Blue squadrons in the Channel) where the Red
    squadron patrols off Ushant and the GM sends the Brest squadron there. ``blue_from``
    None: the Blue squadron patrols off Ushant beside the Red, there before the enemy
    comes; else it waits in that port and sails for Ushant ``lead`` days before the GM
    sends the enemy (so that it may come in sight of a fight already opened). Returns each
    seat's events from the enemy's sailing on, the acks of the advances, the state and log;
    None if a fight opened before the GM sent the enemy. ``seats``: who sits (the pm, fsl,
    red and blue keys are needed)."""
    game = Game.new(app, seed=seed)
    gm = game.gm()
    for key, role, extra in seats:
        game.add(key, role, **extra)
    red, blue = game.players["red"], game.players["blue"]
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=2)["ok"]
    assert gm.act("roll_force")["ok"]
    assert red.act("deploy", squadron="Red", patrol=USHANT_POINT)["ok"]
    if blue_from is None:
        assert blue.act("deploy", squadron="Blue", patrol=USHANT_POINT)["ok"]
    else:
        assert blue.act("sail", squadron="Blue", to=blue_from)["ok"]
    for _ in range(8):
        state = _state(game)
        if state["engagements"]:
            return None  # (an enemy's own sortie met them first: another seed)
        if not _force_of(state, "Red")["route"] and not _force_of(state, "Blue")["route"]:
            break
        assert gm.act("advance", days=1)["ok"]
    if state["engagements"]:
        return None
    game.drain()
    advances = []
    for day in range(8):
        if blue_from is not None and day == 0:
            assert blue.act("deploy", squadron="Blue", patrol=USHANT_POINT)["ok"]
        if day == (lead if blue_from is not None else 0):
            assert gm.act("move_enemy", force="fr-brest", to=USHANT_POINT)["ok"]
        advances.append(gm.act("advance", days=1))
        if _state(game)["engagements"]:
            break
    return {
        "game": game,
        "advances": advances,
        "seen": {key: p.events() for key, p in game.players.items()},
        "state": _state(game),
        "log": game.rest("get", f"/api/campaigns/{game.id}/log").json,
    }


# -- the server's clock in a test's hands ----------------------------------------------

CLOCK_START = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.UTC)


class Clock:
    """The test's hands on the server's clock."""

    def __init__(self, app: Flask) -> None:
        self.now = CLOCK_START
        self.service = services(app).campaigns
        self.service.now = lambda: self.now

    def wait(self, seconds: float) -> list[int]:
        """Let ``seconds`` pass, then one beat of the clock: the seqs it logged."""
        self.now += dt.timedelta(seconds=seconds)
        return self.service.run_clock()


# -- a summer played out by the GM (the seasons' tests) --------------------------------


def play_out_summer(
    act: Callable[..., dict[str, Any]], state: Callable[[], dict[str, Any]]
) -> None:
    """The GM plays the rolled summer out through ``act(type, **args)`` (its ack) and
    ``state()`` (his snapshot's state): the clock run 3 x 30 + 2 days, each fight fought by
    the NPC policies, the summer resolved."""
    for _ in range(40):
        now = state()
        fights = [e["id"] for e in now["engagements"] if not e["over"]]
        for eid in fights:
            ack = act("engage_decision", engagement=eid, decision="npc", rounds="all")
            assert ack["ok"], ack
        if now["day"] >= 92 and not fights:
            break
        if not fights:
            ack = act("advance", days=min(30, 92 - now["day"]))
            assert ack["ok"], ack
    assert act("resolve_summer")["ok"]


def fight_engagements(
    act: Callable[..., dict[str, Any]], state: Callable[[], dict[str, Any]], wanted: int
) -> int:
    """The GM brings about ``wanted`` fought engagements in the rolled summer through
    ``act`` and ``state`` (as :func:`play_out_summer`): each day he sends every enemy force
    at sea after the nearest British force it has not fought yet (a pair meets once,
    server/game/forces.py ``_contacts``), advances a day and has the NPC policies fight
    what opened. Returns the number ended (fewer than ``wanted`` if the summer runs out)."""
    for _ in range(90):
        now = state()
        fights = [e["id"] for e in now["engagements"] if not e["over"]]
        for eid in fights:
            ack = act("engage_decision", engagement=eid, decision="npc", rounds="all")
            assert ack["ok"], ack
        if fights:
            continue
        ended = [e for e in now["engagements"] if e["over"]]
        if len(ended) >= wanted or now["day"] >= 90:
            return len(ended)
        met = {frozenset(e["forces"]) for e in now["engagements"]}
        afloat = [f for f in now["forces"] if f["afloat"]]
        british = [f for f in afloat if f["side"] == "Britain"]
        for enemy in (f for f in afloat if f["side"] != "Britain"):
            free = [b for b in british if frozenset((b["id"], enemy["id"])) not in met]
            if free:
                b = min(
                    free,
                    key=lambda b: (b["lon"] - enemy["lon"]) ** 2 + (b["lat"] - enemy["lat"]) ** 2,
                )
                act("move_enemy", force=enemy["id"], to=[b["lon"], b["lat"]])
        ack = act("advance", days=1)
        assert ack["ok"], ack
    return len([e for e in state()["engagements"] if e["over"]])


# -- reading a log -----------------------------------------------------------------------


def events_of(log: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The logged events of type ``kind``, in order."""
    return [e for e in log["events"] if e["type"] == kind]


def state_before(log: dict[str, Any], seq: int) -> dict[str, Any]:
    """The state just before event ``seq``, rebuilt from the log."""
    state, problems = game.replay({**log, "events": log["events"][: seq - 1]})
    assert problems == []
    return state


def new_character(
    g: Game, token: str, name: str, birth: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A player's new character for his own seat (POST .../officers), of ``birth`` if
    given: its record."""
    officer = {"name": name, **({"birth": birth} if birth else {})}
    made = g.rest("post", f"/api/campaigns/{g.id}/officers", token=token, json={"officer": officer})
    assert made.status_code == 201, made.json
    return made.json


# -- three years with the volunteers' cruises (test_cruises) --------------------------------

#: the places the GM sends each cruise to: the Irish station, the Bay, Ferrol, Lisbon
CRUISE_MISSIONS = ["cork", "-12,46", "ferrol", "lisbon"]


def _fight_cruises(game: Game, state: Callable[[], dict[str, Any]]) -> int:
    """Each open fight fought round by round by its seated players (close, roundshot):
    the rounds they ordered."""
    rounds = 0
    for _ in range(200):
        fights = [e for e in state()["engagements"] if not e["over"]]
        if not fights:
            return rounds
        by_seat = {p.seat["id"]: p for p in game.players.values()}
        for e in fights:
            for holder in dict.fromkeys(e["awaiting"].values()):
                ack = by_seat[holder].act(
                    "engage_decision", engagement=e["id"], decision="close", shot="roundshot"
                )
                assert ack["ok"], ack
                rounds += 1
    raise AssertionError("the cruise's fights did not end")


def play_cruise_years(
    game: Game, years: int = 3, birth: dict[str, Any] | None = None
) -> dict[str, Any]:
    """``years`` years through the protocol: the GM plays each summer out; each autumn the
    ``fg`` seat's captain (while a captain) volunteers his ship for the autumn and winter
    and the GM plans her missions each season (CRUISE_MISSIONS), advances the days to each
    season's end (her fights fought by her captain) and moves on; each spring ``fg``
    invests 1000 guineas in arms when he has them; a dead character's seat gets a new one,
    of ``birth`` (``new``: the years it did). At every season every seat is where its
    character is (:func:`assert_seats_follow_records`). Every ack, by what it was for."""
    gm, fg = game.gm(), game.players["fg"]

    def state() -> dict[str, Any]:
        return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]

    acks: dict[str, list[dict[str, Any]]] = {}
    rounds = 0
    new: list[int] = []
    for _year in range(years):
        assert_seats_follow_records(state())
        assert gm.act("roll_force")["ok"]
        play_out_summer(gm.act, state)
        for phase in ("autumn", "winter", "spring"):
            now = state()
            assert_seats_follow_records(now)  # the summer's or the last season's promotions
            me = next(s for s in now["seats"] if s["id"] == fg.seat["id"])
            officer = next(o for o in now["officers"] if o["id"] == me["officer"])
            if officer["dead"]:  # the player makes his seat a new character
                new_character(game, fg.token, f"Tom Pullings {now['year']}", birth)
                new.append(now["year"])
            if phase == "autumn" and me["role"] == "captain":  # (an admiral now: no ship)
                acks.setdefault("volunteer", []).append(
                    fg.act("volunteer", ship=me["ship"], seasons=2)
                )
            if phase == "spring" and officer["funds"] >= 1000:
                acks.setdefault("invest", []).append(fg.act("invest", kind="arms", guineas=1000))
            for cruise in state()["cruises"]:
                if phase in cruise["seasons"]:
                    acks.setdefault("plan_cruise", []).append(
                        gm.act("plan_cruise", cruise=cruise["id"], missions=CRUISE_MISSIONS)
                    )
            for _ in range(10):
                rounds += _fight_cruises(game, state)
                now = state()
                if now["day"] >= now["season_days"]:
                    break
                ack = gm.act("advance", days=min(30, now["season_days"] - now["day"]))
                assert ack["ok"], ack
            acks.setdefault("next_season", []).append(gm.act("next_season"))
    assert_seats_follow_records(state())
    return {"acks": acks, "rounds": rounds, "new": new}


def long_campaign(app: Flask, events: int, seed: int = 918273645) -> tuple[Game, str]:
    """A campaign of about ``events`` events through the service, as a long-played one
    is: the summer rolled and the squadrons sailing, the GM advancing it day by day (its
    fights left to the NPCs), the table's traffic between (readies, notes).
    The game and the Red admiral's token (a player whose catch-ups carry the forces he
    sees)."""
    game = Game.new(app, seed=seed)
    gm = game.gm()
    pm = game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord").act("set_deployment", digit=5)
    pm.act("set_ships", digit=3)
    red = game.add("red", "admiral", squadron="Red")
    game.add("obs", "observer")
    assert gm.act("roll_force")["ok"]
    assert red.act("deploy", squadron="Red", patrol=[-5.6, 48.7])["ok"]
    seq, i, day, fights = 0, 0, 0, []
    while seq < events:
        moved = bool(fights) or (i % 4 == 0 and day < 90)
        if fights:
            ack = gm.act("engage_decision", engagement=fights[0], decision="npc", rounds="all")
        elif moved:
            ack = gm.act("advance", days=1)
            day += 1
        elif i % 4 == 1:
            ack = red.act("ready")
        elif i % 4 == 2:
            ack = gm.act("note", text=f"note {i}")
        else:
            ack = pm.act("ready")
        assert ack["ok"], ack
        seq = ack["seq"]
        i += 1
        game.drain()
        if moved:  # the fights the day opened, or the one left
            state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
            fights = [e["id"] for e in state["engagements"] if not e["over"]]
    return game, red.token


# -- a ship's boats off Brest (test_server_skirmish) -----------------------------------------


def off_brest(app: Flask, seed: int) -> Game:
    """A summer (cabinet 3, 5) where the Red squadron blockades Brest, advanced day by day
    until it lies at its station off the port: its captain ``fg`` (FG), its admiral ``red``,
    the Blue's ``blue``, a minister ``pm`` and an observer ``obs`` seated."""
    game = Game.new(app, seed=seed)
    gm = game.gm()
    for key, role, extra in (
        ("pm", "prime-minister", {}),
        ("fsl", "first-sea-lord", {}),
        ("red", "admiral", {"squadron": "Red"}),
        ("blue", "admiral", {"squadron": "Blue"}),
        ("fg", "captain", {"ship": "FG"}),
        ("obs", "observer", {}),
    ):
        game.add(key, role, **extra)
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert game.players["red"].act("deploy", squadron="Red", blockade="brest")["ok"]
    for _ in range(10):
        if not _force_of(_state(game), "Red")["route"]:
            break
        assert gm.act("advance", days=1)["ok"]
    game.drain()
    return game
