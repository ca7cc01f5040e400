"""The campaign goes on (issue 17, items 1, 2 and 6): after the summer come autumn, winter
and spring, then the next year's summer with the same campaign, officers and seats; a
campaign saved before the seasons loads and goes on.

Briny, TIME SEQUENCE: "Three months make up a season and 4 seasons make up a year."
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from server import game as server_game
from server.web.services import services
from server.web.storage import StoredEvent
from server.web.tokens import hash_token
from tests.server_helpers import Game, Player, new_app, new_character, play_out_summer

DATA = Path(__file__).parent / "data"
USHANT = [-5.6, 48.7]


def _state(game: Game, token: str | None = None) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]


def _log(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/log").json


def _summer(game: Game, gm: Player) -> None:
    assert gm.act("roll_force")["ok"]
    play_out_summer(gm.act, lambda: _state(game))


def _seasons(gm: Player) -> list[dict[str, Any]]:
    return [gm.act("next_season") for _ in range(3)]


def test_next_season_waits_for_the_summers_end_and_is_the_gms(fresh_game) -> None:
    gm = fresh_game.gm()
    red = fresh_game.add("red", "admiral", squadron="Red")
    before = _log(fresh_game)
    ack = gm.act("next_season")
    assert ack["error"]["code"] == "wrong_phase", ack  # the cabinet, then the summer first
    assert gm.act("roll_force")["ok"]
    assert gm.act("next_season")["error"]["code"] == "wrong_phase"  # resolve the summer first
    assert red.act("next_season")["error"]["code"] == "forbidden"
    assert len(_log(fresh_game)["events"]) == len(before["events"]) + 1  # the roll only


def test_three_summers_with_the_same_officers_and_seats(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    game = Game.new(app, seed=21)
    gm = game.gm()
    red = game.add("red", "admiral", squadron="Red")
    fg = game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
    aubrey = fg.seat["officer"]
    seen_ids: set[str] = set()
    for year in (1805, 1806, 1807):
        state = _state(game)
        assert (state["phase"], state["year"], state["date"]) == ("cabinet", year, f"{year}-06-01")
        _summer(game, gm)
        state = _state(game)
        assert state["phase"] == "autumn" and state["date"] == f"{year}-09-01"
        ids = {e["id"] for e in state["engagements"]}
        assert not ids & seen_ids, "engagement ids run on across the years"
        seen_ids |= ids
        officer = game.rest("get", f"/api/campaigns/{game.id}/officers/{aubrey}").json
        if officer.get("officer", officer)["dead"]:
            # the player makes a new character for his seat; the book's berth is his
            aubrey = new_character(game, fg.token, f"Tom Pullings {year}")["officer"]
        acks = _seasons(gm)
        assert all(a["ok"] for a in acks), acks
    state = _state(game)
    assert state["year"] == 1808 and state["phase"] == "cabinet"
    assert [y["year"] for y in state["years"]] == [1805, 1806, 1807]
    assert all(y["report"] for y in state["years"])
    # the same seats, the same characters (or the new one of a dead man's seat)
    assert {s["id"] for s in state["seats"]} >= {red.seat["id"], fg.seat["id"]}
    me = next(s for s in state["seats"] if s["id"] == fg.seat["id"])
    assert me["officer"] == aubrey
    record = game.rest("get", f"/api/campaigns/{game.id}/officers/{aubrey}").json
    record = record.get("officer", record)
    assert record["experience"] >= 1  # the summers he sailed, carried
    _, problems = server_game.replay(_log(game))
    assert problems == []


def test_a_summer_saved_before_the_seasons_loads_and_goes_on(tmp_path: Path) -> None:
    """tests/data/summer_1805_log.json.gz: a summer played and resolved by the version
    before the seasons (its state then said ``over``); loaded into a store, it goes on."""
    log = json.loads(gzip.decompress((DATA / "summer_1805_log.json.gz").read_bytes()))
    assert log["events"][-1]["type"] == "resolve_summer"
    _, problems = server_game.replay(log)
    assert problems == []
    app = new_app(tmp_path)
    service = services(app).campaigns
    events = [StoredEvent(e["seq"], e["type"], e["seat"], e["data"]) for e in log["events"]]
    gm_id = events[0].data["gm"]["id"]
    service.store.create_campaign(log["campaign"], events[0], (gm_id, hash_token("gm-token")))
    for event in events[1:]:
        assert service.store.append(log["campaign"]["id"], event)
    game = Game(app, log["campaign"]["id"], "gm-token")
    gm = game.gm()
    state = _state(game)
    assert (state["phase"], state["year"], state["date"]) == ("autumn", 1805, "1805-09-01")
    assert all(gm.act("next_season")["ok"] for _ in range(3))
    assert gm.act("roll_force")["ok"]
    state = _state(game)
    assert (state["phase"], state["year"]) == ("summer", 1806) and state["forces"]
    assert gm.act("advance", days=1)["ok"]
    assert [y["year"] for y in _state(game)["years"]] == [1805]
    _, problems = server_game.replay(_log(game))
    assert problems == []


def test_a_ship_whose_captain_fell_is_commanded_by_her_first_lieutenant() -> None:
    """A captain killed in a battle on the map leaves his ship to her Ship's Adjutant for
    the rest of the summer's rolls (docs/rules-notes.md, "A ship whose captain fell")."""
    import random

    from strategy.campaign import command
    from strategy.campaign.fleet import CAPTAIN_RANKS, default_officers

    crew = [o for o in default_officers(random.Random(3), ships=["NE"]) if o.ship == "NE"]
    aboard = [o for o in crew if o.rank not in CAPTAIN_RANKS]
    first = next(o for o in aboard if o.appointment == "Ship's Adjutant")
    got = command._crew("NE", aboard)
    assert got.captain is first
    assert first not in got.juniors and all(o is not first for o, _ in got.rollers)
    assert command._crew("NE", crew).captain.rank in CAPTAIN_RANKS  # her captain, when alive
    # her captain and lieutenants fallen together: her senior midshipman commands her
    mids = [o for o in aboard if o.rank == "Midshipman"]
    left = [o for o in aboard if o.rank not in ("Lieutenant", *CAPTAIN_RANKS)]
    assert mids and command._crew("NE", left).captain is mids[0]
