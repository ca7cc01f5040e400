"""Every fixture of the suite (fixtures live only here; ``test_layout_tests.py`` checks it),
with free ports and a live ``admiralty serve`` in a subprocess.

Grouped by the tests that use them: the live server, the golden battles, the server's
protocol (Flask-SocketIO test clients) and the browser (Playwright, imported lazily so that
only the browser tests need it).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient

from server.web.services import services
from tests.protocol_check import MISMATCHES
from tests.server_helpers import (
    Clock,
    Game,
    long_campaign,
    new_app,
    play_breakout,
    play_cruise_years,
    play_out_summer,
    play_squadrons,
)

if TYPE_CHECKING:
    from tests.browser_helpers import Campaign, SeatPage
    from tests.slow_server import SlowServer

# The suite plays whole summers from one seat in seconds: its acts are not limited (the
# servers it starts inherit this); the tests of the limit set their own
# (tests/test_server_protocol.py).
os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")

ROOT = Path(__file__).resolve().parent.parent
ADMIRALTY = [sys.executable, "-m", "server.cli"]
COMBAT_GOLDEN = ROOT / "tests" / "data" / "combat_golden.json"
CAMPAIGN_GOLDEN = ROOT / "tests" / "data" / "campaign_golden.json"
USHANT = [-5.6, 48.7]  # the Channel station's patrol point, off Ushant
PLAY_SEED = 918273645  # the whole summer of test_server_play: the cabinet rolls 35


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PortTaken(RuntimeError):
    """The port free_port() found was taken before the server listened on it."""


class LiveServer:
    """``admiralty serve`` in a subprocess; ``url`` is its base address."""

    def __init__(
        self,
        tmp: Path,
        *extra: str,
        env: dict[str, str] | None = None,
        command: list[str] = ADMIRALTY,
    ) -> None:
        self.command = command  # the CLI, or a script that wraps it
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.tmp = tmp
        self.extra = extra
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.log = tmp / f"server-{self.port}.log"
        self.started = False  # once up, restarts keep the port (the clients' address)

    def start(self, timeout: float = 60.0) -> LiveServer:
        for _ in range(3):
            try:
                return self._start(timeout)
            except PortTaken:  # taken since free_port() found it: a first start moves
                if self.started:
                    raise
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
                self.log = self.tmp / f"server-{self.port}.log"
        return self._start(timeout)

    def _start(self, timeout: float) -> LiveServer:
        args = [*self.command, "serve", "--port", str(self.port), *self.extra]
        with open(self.log, "ab") as log:
            # a session of its own: kill() takes the gunicorn arbiter, its worker and the
            # worker's battle processes at once, as a machine's crash or systemd would
            self.proc = subprocess.Popen(
                args, cwd=self.tmp, stdout=log, stderr=log, env=self.env, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                said = self.log.read_text()[-2000:]
                if "Address already in use" in said:
                    raise PortTaken(said)
                raise RuntimeError(f"server exited: {said}")
            try:
                if requests.get(self.url + "/healthz", timeout=1).ok:
                    self.started = True
                    return self
            except requests.RequestException:  # not listening yet, or busy starting
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not answer: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL to every process of the server."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path).start()
    yield server
    server.stop()


# -- the golden battles ------------------------------------------------------------------


@pytest.fixture(scope="module")
def combat_golden() -> dict[str, Any]:
    """``tests/data/combat_golden.json``: the battles captured before the speed work."""
    return json.loads(COMBAT_GOLDEN.read_text("utf-8"))


@pytest.fixture(scope="module")
def campaign_golden() -> dict[str, Any]:
    """``tests/data/campaign_golden.json``: the summers captured before the speed work."""
    return json.loads(CAMPAIGN_GOLDEN.read_text("utf-8"))


# -- the server through its test clients ---------------------------------------------------


@pytest.fixture(autouse=True)
def protocol_mismatches() -> Iterator[list[str]]:
    """Fail a test whose live clients received a payload ``/api/schema`` does not allow,
    or whose action was accepted though the schema refuses it: found on a client's own
    reading thread (tests/protocol_check.py), where an assertion fails nothing."""
    MISMATCHES.clear()
    yield MISMATCHES
    found, MISMATCHES[:] = list(MISMATCHES), []
    assert not found, f"payloads /api/schema does not allow: {found[:3]}"


@pytest.fixture
def fresh_app(tmp_path: Path) -> Flask:
    """An app of its own for one test, on a new SQLite file."""
    return new_app(tmp_path)


@pytest.fixture
def fresh_game(fresh_app: Flask) -> Game:
    """A new campaign in :func:`fresh_app`, its GM seated."""
    return Game.new(fresh_app)


@pytest.fixture
def log_store(tmp_path: Path) -> Iterator[Any]:
    """A store on a fresh SQLite file with six campaigns, ``a`` to ``f``, each at seq 1."""
    from server.web.storage import StoredEvent, open_store

    store = open_store(f"sqlite:///{tmp_path}/log.db")
    for c in "abcdef":
        first = StoredEvent(1, "campaign_created", "gm", {"name": c})
        store.create_campaign(
            {"id": c, "name": c, "year": 1805, "seed": 1}, first, (f"gm-{c}", f"hash-{c}")
        )
    yield store
    store.engine.dispose()


@pytest.fixture(scope="module")
def world_client(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    """A REST client for the read-only world data (map, ports, routes, odds)."""
    return new_app(tmp_path_factory.mktemp("world")).test_client()


@pytest.fixture(scope="module")
def payload_table(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """One campaign that the payload tests send their malformed acts to."""
    return Game.new(new_app(tmp_path_factory.mktemp("payloads")))


@pytest.fixture(scope="module")
def authority_summer(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A campaign in its summer with a captain in the Red squadron and one not on campaign."""
    game_ = Game.new(new_app(tmp_path_factory.mktemp("authority")), seed=918273645)
    gm = game_.gm()
    game_.add("pm", "prime-minister").act("set_ships", digit=3)
    game_.add("fsl", "first-sea-lord").act("set_deployment", digit=5)
    game_.add("fg", "captain", ship="FG")  # Red squadron
    game_.add("ro", "captain", ship="RO")  # not on campaign with roll 35
    game_.add("red", "admiral", squadron="Red")
    assert gm.act("roll_force")["ok"]
    return game_


@pytest.fixture(scope="module")
def played_summer(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Game, dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """One summer played to its end through the protocol (test_server_play): the game, each
    step's answer and every client's received events."""
    app = new_app(tmp_path_factory.mktemp("summer"))
    game = Game.new(app, seed=PLAY_SEED)
    gm = game.gm()
    pm = game.add("pm", "prime-minister")
    fsl = game.add("fsl", "first-sea-lord")
    red = game.add("red", "admiral", squadron="Red")
    blue = game.add("blue", "admiral", squadron="Blue")
    captain = game.add("fg", "captain", ship="FG")
    observer = game.add("obs", "observer")
    game.drain()
    seen: dict[str, list[dict[str, Any]]] = {k: [] for k in game.players}

    def collect() -> None:
        for key, player in game.players.items():
            seen[key].extend(player.events())

    steps: dict[str, Any] = {}
    assert pm.act("set_ships", digit=3)["ok"]
    assert fsl.act("set_deployment", digit=5)["ok"]
    assert red.act("deploy", squadron="Red", station="channel")["error"]["code"] == "wrong_phase"
    steps["roll"] = gm.act("roll_force")
    collect()
    steps["deploy"] = red.act("deploy", squadron="Red", patrol=USHANT)
    steps["blue_on_red"] = blue.act("deploy", squadron="Red", station="channel")
    steps["sail_enemy_port"] = red.act("sail", squadron="Red", to="brest")
    steps["sail_nowhere"] = red.act("sail", squadron="Red", to="atlantis")
    steps["sail_inland"] = red.act("sail", squadron="Red", to=[2.35, 48.85])
    steps["sail_blue"] = blue.act("sail", squadron="Blue", to="barbados")
    steps["captain_sails_other"] = captain.act("sail", ship="DR", to="plymouth")
    steps["enemy"] = gm.act("move_enemy", force="fr-brest", to=USHANT)
    steps["ready"] = red.act("ready")
    collect()
    for _ in range(12):
        ack = gm.act("advance", days=2)
        collect()
        if not ack["ok"]:
            steps["advance_refused"] = ack
            break
        state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
        if any(not e["over"] for e in state["engagements"]):
            break
    steps["state_at_contact"] = game.rest("get", f"/api/campaigns/{game.id}/state").json
    fight = [e for e in steps["state_at_contact"]["state"]["engagements"] if not e["over"]]
    steps["fight"] = fight[0]["id"] if fight else None
    if fight:
        assert (
            blue.act("engage_decision", engagement=fight[0]["id"], decision="close")["error"][
                "code"
            ]
            == "forbidden"
        )
        assert gm.act("advance", days=1)["error"]["code"] == "wrong_phase"
        assert (
            captain.act("engage_decision", engagement=fight[0]["id"], decision="sail away")[
                "error"
            ]["code"]
            == "invalid"
        )
        rounds = 0
        # the captain fights FG; the Red admiral orders the squadron's captainless ships
        ordering = [p for p in (captain, red) if p.seat["id"] in fight[0]["awaiting"].values()]
        while True:
            for player in ordering:
                ack = player.act(
                    "engage_decision", engagement=fight[0]["id"], decision="close", shot="roundshot"
                )
                assert ack["ok"], ack
            rounds += 1
            state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
            if next(e for e in state["engagements"] if e["id"] == fight[0]["id"])["over"]:
                break
            assert rounds < 200
        steps["rounds"] = rounds
    collect()
    # the map as the summer ends (resolved, the summer is kept in the year's page and the
    # fleet laid up)
    steps["summer_end"] = game.rest("get", f"/api/campaigns/{game.id}/state").json
    steps["resolve"] = gm.act("resolve_summer")
    steps["after"] = pm.act("set_ships", digit=1)
    collect()
    steps["final"] = game.rest("get", f"/api/campaigns/{game.id}/state").json
    steps["log"] = game.rest("get", f"/api/campaigns/{game.id}/log").json
    steps["player_state"] = game.rest(
        "get", f"/api/campaigns/{game.id}/state", token=red.token
    ).json["state"]
    steps["observer_state"] = game.rest(
        "get", f"/api/campaigns/{game.id}/state", token=observer.token
    ).json["state"]
    return game, steps, seen


@pytest.fixture(scope="module")
def blockade_breakouts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The Brest squadron putting out past the Red squadron blockading Brest, through the
    protocol (test_server_blockades): the first seed where it is sighted and chased into a
    battle, and the first where it gets away in the chase
    (:func:`tests.server_helpers.play_breakout`); seeds, not outcomes, are what the rules'
    changes move. A server each seed (one address makes at most 10 campaigns a minute)."""
    found: dict[str, dict[str, Any]] = {}
    for seed in range(1, 41):
        run = play_breakout(new_app(tmp_path_factory.mktemp("blockade")), seed)
        gm_advance = run["seen"]["gm"][0]["data"]
        for b in gm_advance.get("breakouts") or []:
            if b["sighted_by"] and b["escaped"]:
                found.setdefault("escaped", run)
            elif b["engagement"] and not b["escaped"]:
                found.setdefault("chased", run)
        if len(found) == 2:
            return found
    pytest.fail(f"no {'chased' if 'chased' not in found else 'escaped'} breakout in 40 seeds")


@pytest.fixture(scope="module")
def squadron_fights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The Red and Blue squadrons and the Brest squadron off Ushant through the protocol
    (test_server_squadrons, :func:`tests.server_helpers.play_squadrons`): ``together``, the
    first seed where both squadrons are there when the fight opens and it is not escaped in
    the chase; ``joined``, the first seed and sailing of the Blue squadron from a western
    port where it sails into the fight after it opened. Seeds and sailings, not outcomes,
    are what the rules' changes move."""
    app = new_app(tmp_path_factory.mktemp("squadrons"))
    found: dict[str, dict[str, Any]] = {}

    def fought(run: dict[str, Any] | None) -> dict[str, Any] | None:
        if run is None:
            return None
        return next((e for e in run["state"]["engagements"] if not e["over"]), None)

    for seed in range(1, 21):
        run = play_squadrons(app, seed, None, 0)
        if (fight := fought(run)) is not None and "channel-blue" in fight["forces"]:
            assert run is not None
            found["together"] = run
            break
    for seed in range(1, 21):
        for port, lead in (("plymouth", 1), ("falmouth", 1), ("torbay", 1), ("plymouth", 0)):
            run = play_squadrons(app, seed, port, lead)
            fight = fought(run)
            if fight is not None and any(e.get("type") == "joined" for e in fight["log"]):
                assert run is not None
                found["joined"] = run
                break
        if "joined" in found:
            break
    missing = {"together", "joined"} - set(found)
    if missing:
        pytest.fail(f"no squadron fight {sorted(missing)} in 20 seeds")
    return found


@pytest.fixture(scope="module")
def talk_fight(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Red and Blue squadrons against the Brest squadron off Ushant (the first seed of
    :func:`tests.server_helpers.play_squadrons` where both are in it), fought to its end by
    the GM's NPC rounds (test_server_talk: whose notices tell of it)."""
    app = new_app(tmp_path_factory.mktemp("talk"))
    for seed in range(1, 21):
        run = play_squadrons(app, seed, None, 0)
        fight = run and next((e for e in run["state"]["engagements"] if not e["over"]), None)
        if run is not None and fight is not None and "channel-blue" in fight["forces"]:
            gm = run["game"].players["gm"]
            ack = gm.act("engage_decision", engagement=fight["id"], decision="npc", rounds="all")
            assert ack["ok"], ack
            return {**run, "fight": fight["id"], "ended": ack["seq"]}
    pytest.fail("no squadron fight with both squadrons in 20 seeds")


@pytest.fixture
def officers_fight(tmp_path: Path) -> dict[str, Any]:
    """test_server_play's summer up to its fight, the captain of FG seated with his
    character (test_server_battle_officers): the game, the fight's id, FG's officers."""
    app = new_app(tmp_path)
    game = Game.new(app, seed=PLAY_SEED)
    gm = game.gm()
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("red", "admiral", squadron="Red")
    captain = game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert game.players["red"].act("deploy", squadron="Red", patrol=USHANT)["ok"]
    assert gm.act("move_enemy", force="fr-brest", to=USHANT)["ok"]
    for _ in range(12):
        assert gm.act("advance", days=2)["ok"]
        state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
        fights = [e for e in state["engagements"] if not e["over"]]
        if fights:
            ours = next(s for s in fights[0]["sides"]["a"] if s["code"] == "FG")
            return {"game": game, "captain": captain, "fight": fights[0], "ship": ours}
    pytest.fail("no fight in 24 days")


def seat_characters(
    game: Game, *seats: tuple[str, str, dict[str, Any], dict[str, Any]]
) -> dict[str, str]:
    """Each of ``seats`` (key, role, berth, character) seated with his character and joined
    under its key: the characters' officer ids by key."""
    made: dict[str, str] = {}
    for key, role, berth, officer in seats:
        body = {"role": role, **berth, "officer": officer}
        r = game.rest("post", f"/api/campaigns/{game.id}/seats", json=body)
        assert r.status_code == 201, r.json
        made[key] = r.json["officer"]
        game.join(r.json["token"], key=key)
    return made


def board_supervisor_appointed(game: Game, post: str) -> dict[str, str]:
    """The Red admiral's Vice Admiral Thomas Troubridge (a rich birth) home from a summer
    resolved at once, then appointed to the Board's ``post`` by the player First Sea Lord
    (Lord Barham): the characters' officer ids by key (the post's rank and Social Level
    check is the caller's to waive: no birth reaches a Board's Min SL of 16)."""
    admiral = {"name": "Thomas Troubridge", "rank": "Vice Admiral", "birth": RICH}
    made = seat_characters(
        game,
        ("red", "admiral", {"squadron": "Red"}, admiral),
        ("fsl", "first-sea-lord", {}, {"name": "Lord Barham", "birth": RICH}),
    )
    game.add("pm", "prime-minister")
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=5)["ok"]
    gm = game.gm()
    assert gm.act("roll_force")["ok"]
    assert gm.act("resolve_summer")["ok"]
    applied = game.players["red"].act("apply_appointment", appointment=post)
    assert applied["ok"], applied
    return made


def _characters_sent(folder: Path, observer: bool) -> tuple[Game, Any, dict[str, str]]:
    """A game whose two admirals and a captain are seated characters (Cochrane, Pellew and
    Jack Aubrey), with the two ministers (and an observer), its force rolled and sent: the
    game, the GM's client and the officers' ids by key."""
    game = Game.new(new_app(folder), seed=PLAY_SEED)
    gm = game.gm()
    made = seat_characters(
        game,
        ("red", "admiral", {"squadron": "Red"}, {"name": "Thomas Cochrane", "na": 8}),
        ("blue", "admiral", {"squadron": "Blue"}, {"name": "Edward Pellew"}),
        ("fg", "captain", {"ship": "FG"}, {"name": "Jack Aubrey", "rank": "Captain", "na": 7}),
    )
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    if observer:
        game.add("obs", "observer")
    assert game.players["pm"].act("set_ships", digit=3)["ok"]
    assert game.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    return game, gm, made


@pytest.fixture(scope="module")
def officers_summer(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A summer resolved through the protocol for three seated characters (two admirals
    and a captain, test_server_officers): the game, their officers' ids, what each seat
    received, and the log."""
    game, gm, made = _characters_sent(tmp_path_factory.mktemp("officers"), observer=True)
    game.drain()
    assert gm.act("resolve_summer")["ok"]
    seen = {key: p.events() for key, p in game.players.items()}
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    return {"game": game, "officers": made, "seen": seen, "log": log}


def _choice_from(offer: dict[str, Any]) -> dict[str, Any]:
    """The first choice a card's ``offer`` allows (its first row's first Measure, the first
    skill it may raise, the row's card for a joker)."""
    row = offer["rows"][0]
    choice: dict[str, Any] = {"card": row["card"]} if len(offer["rows"]) > 1 else {}
    if row["measures"]:
        choice["measure"] = row["measures"][0]
    if row["skill"] and offer["skills"]:
        choice["skill"] = offer["skills"][0]
    return choice


@pytest.fixture(scope="module")
def service_autumn(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The autumn after a summer resolved for three seated characters (test_years_of_service):
    each card turned; the Red admiral chooses his year of service from what his card
    offers; the captain of FG asks for a gain his card does not give (refused); then the GM
    advances the autumn a day, and the dice choose for the two who did not. The game, the
    officers by key, the years of service as turned (``turned``), the Red's choice and the
    acks, the GM's state before the captain's refusal and after it, and the log."""
    game, gm, made = _characters_sent(tmp_path_factory.mktemp("service"), observer=False)
    assert gm.act("resolve_summer")["ok"]
    state = lambda: game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]  # noqa: E731
    outcomes = state()["report"]["outcomes"]
    turned = {key: outcomes[oid].get("service") for key, oid in made.items()}
    choice = _choice_from(turned["red"]["offer"])
    acks = {"red": game.players["red"].act("year_of_service", **choice)}
    before = state()
    # a Measure his card's row does not name (a number card names none; a joker, no card)
    fg_row = turned["fg"]["offer"]["rows"][0]
    other = next(m for m in ("Charm", "Influence", "Discipline") if m not in fg_row["measures"])
    wrong = {"measure": other, **({"skill": "Gunnery"} if fg_row["skill"] else {})}
    acks["fg"] = game.players["fg"].act("year_of_service", **wrong)
    after = state()
    assert gm.act("advance", days=1)["ok"]
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    return {
        "game": game,
        "officers": made,
        "turned": turned,
        "choice": choice,
        "acks": acks,
        "before": before,
        "after": after,
        "log": log,
    }


#: a character born rich (Briny, Birth Table C: a Very Wealthy nobleman's orphan inherits
#: 7,500 guineas), so that he has the capital to invest
RICH = {"social_class": "Nobleman", "orphan": True, "father": "Very Wealthy"}


@pytest.fixture(scope="module")
def money_years(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two summers (1805, 1806) resolved through the protocol with investments
    (test_money): Aubrey (captain of FG) puts 3000 guineas in arms in the cabinet of 1805
    and tries again in its summer; in the spring after it he puts 2000 in finance, and the
    GM, as the Red admiral, 1000 of his in commerce; Hornblower (NE) and an observer only
    watch. The game, the seats' officers, every ack, what each seat received, the log."""
    app = new_app(tmp_path_factory.mktemp("money"))
    game = Game.new(app, seed=21)
    gm = game.gm()
    fg = game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
    red = game.add("red", "admiral", squadron="Red", officer={"name": "Cochrane", "birth": RICH})
    game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("obs", "observer")
    acks: dict[str, dict[str, Any]] = {}
    acks["cabinet"] = fg.act("invest", kind="arms", guineas=3000)
    for _year in (1805, 1806):
        assert gm.act("roll_force")["ok"]
        acks.setdefault("summer", fg.act("invest", kind="arms", guineas=1000))
        assert gm.act("resolve_summer")["ok"]
        if _year == 1806:
            break
        assert gm.act("next_season")["ok"] and gm.act("next_season")["ok"]  # winter, spring
        acks["spring"] = fg.act("invest", kind="finance", guineas=2000)
        acks["as"] = gm.act("invest", kind="commerce", guineas=1000, **{"as": red.seat["id"]})
        assert gm.act("next_season")["ok"]  # the cabinet of 1806
    seen = {key: p.events() for key, p in game.players.items()}
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    officers = {key: p.seat["officer"] for key, p in game.players.items()}
    return {"game": game, "acks": acks, "seen": seen, "log": log, "officers": officers}


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A campaign of 240 events (:func:`tests.server_helpers.long_campaign`: fewer than a
    snapshot's, so that every page is read from the log's start) in
    ``folder/admiralty.db``, where ``admiralty serve`` run in ``folder`` finds it: the
    folder, the campaign's id, and the GM's and the Red admiral's tokens."""
    folder = tmp_path_factory.mktemp("long-log")
    app = new_app(folder, "admiralty.db")
    game, red = long_campaign(app, 240)
    services(app).store.engine.dispose()
    return {"folder": folder, "id": game.id, "gm": game.gm_token, "red": red}


@pytest.fixture(scope="module")
def cruise_years(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Three years (1805-1807) through the protocol with the volunteers' cruises
    (test_cruises, :func:`tests.server_helpers.play_cruise_years`): Aubrey (captain of FG,
    NA 8, a rich man) volunteers his ship each autumn for the autumn and winter, the GM
    plans her missions and she fights what she meets; the Red admiral (Cochrane) and an
    observer watch. The game, every ack, the rounds fought, each seat's events, the log.

    Seed 95 (pinned for test_a_dead_captains_seat_has_its_players_new_character and
    test_a_promotion_takes_its_berth_and_the_seat_follows): Aubrey dies, so his seat
    takes its player's new character, who invests, sails, is paid and promoted in the years
    after. Seed 85's promotion was lost when the summer's titles, heroes' dice and chase prep
    work (issue 31) shifted the dice of the rolls after them. A death in three years is a matter of
    the dice (about one seed in twelve): seed 21's 1806 death was lost when issue 31's battle
    rules changed the 1805 summer's fights and so shifted the dice of every later roll."""
    app = new_app(tmp_path_factory.mktemp("cruises"))
    game = Game.new(app, seed=95)
    game.gm()
    game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8, "birth": RICH})
    game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
    game.add("obs", "observer")
    played = play_cruise_years(game, birth=RICH)  # his heir has the means to invest
    seen = {key: p.events() for key, p in game.players.items()}
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    return {"game": game, **played, "seen": seen, "log": log}


@pytest.fixture(scope="module")
def appointment_years(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two summers (1805, 1806) resolved through the protocol with the ministers' seats
    held by characters (test_server_appointments): in the September of 1805 Aubrey
    (Captain of FG) applies for Captain of the Fleet (the First Sea Lord's to give), the Red
    admiral Cochrane for the Sick and Hurt Board (an NPC's roll), and the bad applications
    are sent (``refused``: each ack, and whether the state and the log stayed as they were);
    in the winter Hornblower tries again; in the March of 1806 Cochrane applies for the
    Chancellor of the Exchequer (the Prime Minister's, a player's, to give) and Hornblower
    for a naval post; after the summer of 1806 the year goes on to the spring of 1807, whose
    March renews Cochrane's post. The game, every ack, what each seat received, the log."""
    app = new_app(tmp_path_factory.mktemp("appointments"))
    game = Game.new(app, seed=21)
    gm = game.gm()
    fg = game.add(
        "fg",
        "captain",
        ship="FG",
        officer={"name": "Jack Aubrey", "birth": RICH, "rank": "Captain"},
    )
    red = game.add("red", "admiral", squadron="Red", officer={"name": "Cochrane", "birth": RICH})
    ne = game.add(
        "ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH, "rank": "Captain"}
    )
    fsl = game.add("fsl", "first-sea-lord", officer={"name": "Barham", "birth": RICH})
    pm = game.add("pm", "prime-minister", officer={"name": "Pitt", "birth": RICH})
    game.add("obs", "observer")
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]

    def snapshot() -> tuple[Any, int]:
        state = game.rest("get", f"/api/campaigns/{game.id}/state").json
        return state, len(game.rest("get", f"/api/campaigns/{game.id}/log").json["events"])

    acks: dict[str, dict[str, Any]] = {}
    acks["granted"] = fg.act("apply_appointment", appointment="Captain of the Fleet")
    acks["rolled"] = red.act("apply_appointment", appointment="Supervisor - Sick and Hurt Board")
    bad = {
        "held already": (fg, "Captain of the Fleet"),
        "once a season": (red, "Supervisor - Sick and Hurt Board"),
        "rank": (red, "Captain of the Fleet"),
        "social level": (red, "Port Admiral"),
        "places full": (ne, "Captain of the Fleet"),
        "no such post": (ne, "Admiral of the Fleet"),
        "a minister": (pm, "Captain of the Fleet"),
        "the first sea lord": (fsl, "Captain of the Fleet"),
        "a civil post in september": (red, "Chancellor of the Exchequer"),
        "the king's post": (red, "First Sea Lord"),
    }
    refused: dict[str, tuple[dict[str, Any], bool]] = {}
    for key, (player, post) in bad.items():
        before = snapshot()
        ack = player.act("apply_appointment", appointment=post)
        refused[key] = (ack, snapshot() == before)
    assert gm.act("next_season")["ok"]  # winter
    before = snapshot()
    ack = ne.act("apply_appointment", appointment="Captain of the Fleet")
    refused["winter"] = (ack, snapshot() == before)
    assert gm.act("next_season")["ok"]  # spring: "Civil Appointments are made in March"
    acks["civil"] = red.act("apply_appointment", appointment="Chancellor of the Exchequer")
    before = snapshot()
    ack = ne.act("apply_appointment", appointment="Ship's Adjutant")
    refused["a naval post in march"] = (ack, snapshot() == before)
    assert gm.act("next_season")["ok"]  # the cabinet of 1806
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
    for _ in range(2):  # the winter, then the spring of 1807: the civil posts renewed
        assert gm.act("next_season")["ok"]
    seen = {key: p.events() for key, p in game.players.items()}
    notices = {
        key: game.rest("get", f"/api/campaigns/{game.id}/notices", token=p.token).json
        for key, p in game.players.items()
    }
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    officers = {key: p.seat["officer"] for key, p in game.players.items()}
    return {
        "game": game,
        "acks": acks,
        "refused": refused,
        "seen": seen,
        "notices": notices,
        "log": log,
        "officers": officers,
    }


# -- the browser (Playwright and Chromium, imported lazily) ---------------------------------


@pytest.fixture(scope="module")
def browser_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The browser tests' live ``admiralty serve`` (or ADMIRALTY_BROWSER_URL, a server already
    running): its base address."""
    if os.environ.get("ADMIRALTY_BROWSER_URL"):
        yield os.environ["ADMIRALTY_BROWSER_URL"].rstrip("/")
        return
    live = LiveServer(tmp_path_factory.mktemp("browser")).start()
    try:
        yield live.url
    finally:
        live.stop()


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SlowServer]:
    """A live ``admiralty serve`` whose acks are late when a test says so
    (tests/slow_server.py): a slow server, or an answer lost on its way."""
    from tests.slow_server import CONTROL, SlowServer

    folder = tmp_path_factory.mktemp("slow")
    control = folder / "slow.json"
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    live = LiveServer(
        folder,
        env={CONTROL: str(control), "PYTHONPATH": path},
        command=[sys.executable, "-m", "tests.slow_server"],
    ).start()
    try:
        yield SlowServer(live.url, control)
    finally:
        live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium through Playwright (imported here: only browser tests need it)."""
    from playwright.sync_api import sync_playwright

    from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def shared_context(browser: Any) -> Iterator[Any]:
    """One browser context for the tests that need no separate people: a shared HTTP cache."""
    from tests.browser_helpers import VIEWPORT

    context = browser.new_context(viewport=VIEWPORT)
    yield context
    context.close()


#: a phone's screen (CSS pixels), for the layout's tests and the screenshots
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def touch_contexts(browser: Any) -> Iterator[dict[str, Any]]:
    """A touch screen's browser context per size, by name: "phone" (390x844, mobile) and
    "laptop" (the tests' 1280x800); the seats' pages of one share its HTTP cache."""
    from tests.browser_helpers import VIEWPORT

    contexts = {
        "phone": browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True),
        "laptop": browser.new_context(viewport=VIEWPORT, has_touch=True),
    }
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture
def seat_pages(browser: Any, browser_server: str) -> Iterator[list[SeatPage]]:
    """Pages opened by a test; each must end without a console error or page error."""
    opened: list[SeatPage] = []
    yield opened
    errors = [(i, e) for i, p in enumerate(opened) for e in p.errors]
    for p in opened:
        p.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def contact_campaign(browser_server: str) -> Iterator[Campaign]:
    """A summer where the Red squadron meets the Brest squadron off Ushant (seed 11)."""
    from tests.browser_helpers import Campaign

    game = Campaign.new(browser_server, seed=11)
    try:
        bring_red_to_the_brest_squadron(
            game,
            ("blue", "admiral", {"squadron": "Blue"}),
            ("fg", "captain", {"ship": "FG"}),
            ("obs", "observer", {}),
        )
        yield game
    finally:
        game.close()


def bring_red_to_the_brest_squadron(
    game: Campaign, *seats: tuple[str, str, dict[str, Any]]
) -> None:
    """``game``'s ministers and Red admiral seated, with ``seats`` (key, role, fields) besides;
    the cabinet rolled, the Red squadron deployed off Ushant, the Brest squadron sent there
    and the Red admiral ready: the next advance brings them to blows."""
    for key, role, extra in (
        ("pm", "prime-minister", {}),
        ("fsl", "first-sea-lord", {}),
        ("red", "admiral", {"squadron": "Red"}),
        *seats,
    ):
        game.add(key, role, **extra)
    game.roll(3, 5)
    red = game.seats["red"]["seat"]
    assert game.act("deploy", squadron="Red", patrol=USHANT, **{"as": red})["ok"]
    assert game.act("move_enemy", force="fr-brest", to=USHANT)["ok"]
    assert game.act("ready", **{"as": red})["ok"]


@pytest.fixture(scope="module")
def js(browser: Any, browser_server: str) -> Iterator[Callable[..., Any]]:
    """The client's pure functions in Chromium (test_browser_units): ``js(body, arg)``
    evaluates ``body`` (an async function body) with the client's modules imported."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(browser_server + "/healthz")

    def run(body: str, arg: Any = None) -> Any:
        return page.evaluate(
            "async (arg) => { const util = await import('/static/js/util.js');"
            " const map = await import('/static/js/map.js');"
            " const store = await import('/static/js/store.js');"
            " const events = await import('/static/js/events.js');"
            " const orders = await import('/static/js/orders.js');"
            " const report = await import('/static/js/report.js');"
            " const voyage = await import('/static/js/voyage.js');"
            " const battles = await import('/static/js/battles.js');"
            " const officers = await import('/static/js/officers.js');"
            f" {body} }}",
            arg,
        )

    yield run
    context.close()
    assert not errors, errors


# -- the multi-process topology (test_topology: nginx, servers, Redis, PostgreSQL) ---------


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL server for the module: its URL (database ``postgres``)."""
    from tests.services import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A throw-away Redis for the module: its URL."""
    from tests.services import redis_server

    with redis_server() as url:
        yield url


@pytest.fixture(scope="module")
def fleet(browser_server: str) -> Iterator[Campaign]:
    """A summer at day 0 with the whole fleet on the map and two admirals (the chart's tests)."""
    from tests.browser_helpers import Campaign

    game = Campaign.new(browser_server, seed=3)
    game.add("red", "admiral", squadron="Red")
    game.add("blue", "admiral", squadron="Blue")
    game.roll()
    yield game
    game.close()


# -- the turn clock (test_clock) -----------------------------------------------------


@pytest.fixture
def clock_table(tmp_path: Path) -> tuple[Game, Clock]:
    """A campaign with both ministers and the Red squadron's admiral seated."""
    app = new_app(tmp_path)
    hands = Clock(app)
    game = Game.new(app, seed=3)
    game.gm()
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("red", "admiral", squadron="Red")
    return game, hands


# -- what moves the game, in notices (test_server_notices) ----------------------------


@pytest.fixture(scope="module")
def notice_table(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every act that moves the game, once (seed 3): the ministers' digits (the First Sea
    Lord's by the GM for him), Aubrey (captain of FG, RICH) investing and liquidating, the
    force rolled, every player ready, the GM's clock, pause, resume, deadline and an
    advance by hand, a voyage shown to FG, standing orders, the Brest squadron moved, the Red
    admiral's seat handed the Blue squadron, a captain's seat for NE given its character,
    then revoked. The game, the acks, what each seat was told (by key: its notices' page)
    and received live, and the log's seqs by event type."""
    app = new_app(tmp_path_factory.mktemp("notices"))
    game = Game.new(app, seed=3)
    gm = game.gm()
    pm, fsl = game.add("pm", "prime-minister"), game.add("fsl", "first-sea-lord")
    red = game.add("red", "admiral", squadron="Red")
    fg = game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
    game.add("obs", "observer")
    acks: dict[str, dict[str, Any]] = {}
    acks["set_ships"] = pm.act("set_ships", digit=3)
    acks["set_deployment"] = gm.act("set_deployment", digit=5, **{"as": fsl.seat["id"]})
    acks["invest"] = fg.act("invest", kind="arms", guineas=2000)
    acks["liquidate"] = fg.act("liquidate", investment="i1805-1")
    acks["roll_force"] = gm.act("roll_force")
    for key in ("pm", "fsl", "red", "fg"):  # no turn clock runs: the turn is the GM's
        acks[f"ready_{key}"] = game.players[key].act("ready")
    acks["advance"] = gm.act("advance", days=2)
    acks["set_clock"] = gm.act("set_clock", turn_days=3, turn_seconds=3600, round_seconds=120)
    acks["pause"] = gm.act("pause")
    acks["resume"] = gm.act("resume")
    acks["set_deadline"] = gm.act("set_deadline", deadline="2030-01-01T12:00:00Z")
    voyage = {"stops": ["portsmouth", "plymouth"]}
    acks["show_voyage"] = gm.act("show_voyage", to=[fg.seat["id"]], voyage=voyage)
    acks["standing_orders"] = fg.act("standing_orders", decision="close", shot="chainshot")
    acks["move_enemy"] = gm.act("move_enemy", force="fr-brest", to=USHANT)
    acks["reassign"] = gm.act("reassign", seat=red.seat["id"], squadron="Blue")
    ne, _ = game.seat("captain", ship="NE", name="Hornblower")
    body = {"seat": ne, "officer": {"name": "Horatio Hornblower"}}
    assert game.rest("post", f"/api/campaigns/{game.id}/officers", json=body).status_code == 201
    assert game.rest("post", f"/api/campaigns/{game.id}/seats/{ne}/revoke").status_code == 200
    seen = {key: p.events() for key, p in game.players.items()}
    told = {}
    for key, player in game.players.items():
        notices = f"/api/campaigns/{game.id}/notices?since=0"
        told[key] = game.rest("get", notices, token=player.token).json
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json["events"]
    seqs: dict[str, list[int]] = {}
    for event in log:
        seqs.setdefault(event["type"], []).append(event["seq"])
    return {"game": game, "acks": acks, "told": told, "seen": seen, "seqs": seqs, "ne": ne}


_FLEET_SEATS = (
    ("pm", "prime-minister", {}),
    ("fsl", "first-sea-lord", {}),
    ("red", "admiral", {"squadron": "Red"}),
    ("blue", "admiral", {"squadron": "Blue"}),
    ("fg", "captain", {"ship": "FG", "officer": {"name": "Jack Aubrey", "na": 8}}),
)


@pytest.fixture(scope="module")
def fleet_fight(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Red and Blue squadrons against the Brest squadron off Ushant, FG's captain and
    both admirals seated, the fight open with at least three ships a side: the first seed
    that makes one (seeds, not outcomes, are what the rules' changes move)."""
    app = new_app(tmp_path_factory.mktemp("fleet"))
    hands = Clock(app)
    for seed in range(1, 16):
        run = play_squadrons(app, seed, None, 0, seats=_FLEET_SEATS)
        if run is None:
            continue
        fights = [e for e in run["state"]["engagements"] if not e["over"]]
        if fights and all(len(fights[0]["sides"][k]) >= 3 for k in "ab"):
            if {"FG", "NE"} <= {s["code"] for s in fights[0]["sides"]["a"]}:
                return {**run, "fight": fights[0], "clock": hands}
    pytest.fail("no squadron fight of three a side in 15 seeds")


# -- the year in pictures (test_browser_history) -------------------------------------


def _play_summer_live(game: Campaign) -> None:
    """The GM plays a summer out over the live protocol (the cabinet's roll, then
    :func:`tests.server_helpers.play_out_summer`) and passes the three seasons after it."""
    game.roll(3, 5)
    play_out_summer(game.act, game.state)
    for _ in range(3):
        assert game.act("next_season")["ok"]


@pytest.fixture(scope="module")
def autumn_live(browser_server: str) -> Iterator[Campaign]:
    """The summer of 1805 played out on the live server (seed 21), a captain's and an
    admiral's characters seated: the campaign in the autumn, no ship volunteered yet."""
    from tests.browser_helpers import Campaign

    game = Campaign.new(browser_server, seed=21)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        game.roll(3, 5)
        play_out_summer(game.act, game.state)
        yield game
    finally:
        game.close()


@pytest.fixture(scope="module")
def two_summers(browser_server: str) -> Iterator[Campaign]:
    """Two summers (1805, 1806) played through the live server's protocol with a captain's
    and an admiral's characters seated; the campaign at the cabinet of 1807."""
    from tests.browser_helpers import Campaign

    game = Campaign.new(browser_server, seed=21)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        for _ in range(2):
            _play_summer_live(game)
        yield game
    finally:
        game.close()


@pytest.fixture(scope="module")
def day_60(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A summer played to its day 59, then to 60, the Red squadron deployed on each, its
    fights fought by the NPC policies (test_replay_versions): the log, the deploys' seqs."""
    g = Game.new(new_app(tmp_path_factory.mktemp("versions")), seed=21)
    gm = g.gm()
    red = g.add("red", "admiral", squadron="Red")
    assert gm.act("roll_force")["ok"]
    deploys = {}
    for _ in range(60):
        now = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
        fights = [e["id"] for e in now["engagements"] if not e["over"]]
        for eid in fights:  # each fight fought by the NPC policies
            ack = gm.act("engage_decision", engagement=eid, decision="npc", rounds="all")
            assert ack["ok"], ack
        if fights:
            continue
        day = now["day"]
        if day in (59, 60) and day not in deploys:
            ack = red.act("deploy", squadron="Red", patrol=[-5.6, 48.7 - (day - 59) / 10])
            assert ack["ok"], ack
            deploys[day] = ack["seq"]
        if day >= 60:
            break
        assert gm.act("advance", days=min(30, 59 - day) or 1)["ok"]
    assert set(deploys) == {59, 60}
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    return {"log": log, "deploys": deploys}


# -- conditional orders (test_server_orders) ----------------------------------------------


@pytest.fixture
def orders_table(tmp_path: Path) -> dict[str, Any]:
    """A campaign in its cabinet (test_server_orders): Aubrey (FG) and Cochrane (the Red
    admiral) seated with their characters, the ministers and an observer."""
    g = Game.new(new_app(tmp_path), seed=11)
    g.gm()
    officers = seat_characters(
        g,
        ("fg", "captain", {"ship": "FG"}, {"name": "Jack Aubrey", "rank": "Captain"}),
        ("red", "admiral", {"squadron": "Red"}, {"name": "Thomas Cochrane"}),
    )
    for key, role in (("pm", "prime-minister"), ("fsl", "first-sea-lord"), ("obs", "observer")):
        g.add(key, role)
    g.drain()
    return {"game": g, "officers": officers}


@pytest.fixture(scope="module")
def blockade(browser_server: str) -> Iterator[Any]:
    """A summer with the Red squadron on station off Brest, the Brest squadron in it."""
    from tests.browser_helpers import Campaign

    game = Campaign.new(browser_server, seed=5)
    game.add("red", "admiral", squadron="Red")
    game.add("blue", "admiral", squadron="Blue")
    game.roll()
    assert game.act("deploy", squadron="Red", blockade="brest")["ok"]
    for _ in range(15):
        red = next(f for f in game.state()["forces"] if f.get("squadron") == "Red")
        if not red["route"]:
            break
        assert game.act("advance", days=1)["ok"]
    yield game
    game.close()
