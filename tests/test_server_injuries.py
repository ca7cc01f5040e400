"""Wounds and spent Measures from battle to battle and season to season on the map (issue
31, item 2; seed 000, "Healing" and "Overcoming Great Hardship"; docs/rules-notes.md,
"Wounds and Measures between battles"): the roster keeps what a fight left an officer, he
goes aboard the next one so, the turns of the month heal him, the season's end gives him
his Measures back; the pages are told it; a replay of the log is the state."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server.game import calendar, engagements, officers, views
from strategy.characters.creation import roll_sheet
from tests.conftest import PLAY_SEED
from tests.server_helpers import Game, assert_officers_replay, new_app, red_meets
from tests.test_server_battle_officers import _campaign


def _reopened(work: dict) -> None:
    """The two forces afloat again, for a second fight."""
    for force in work["forces"].values():
        for s in force["ships"]:
            s["status"] = "afloat"
        force["afloat"] = True


def test_an_officer_wounded_in_one_fight_goes_into_the_next_so() -> None:
    """Fight, officer Maimed (the battle's ``wounded`` event), the roster's sheet shows it,
    and the next fight has him aboard Maimed, the battle panel's list saying so (before:
    he went into it healthy)."""
    work = _campaign()
    first = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    fg = first["sides"]["a"][0]
    captain, master = fg["officers"][0], fg["officers"][1]
    guts = work["officers"][master["id"]]["sheet"]["measures"]["Guts"]
    first["log"] += [
        {"type": "wounded", "ship": "a0", "who": captain["name"], "health": "maimed"},
        {"type": "wounded", "ship": "a0", "who": master["name"], "health": "injured"},
        {"type": "hardship", "ship": "a0", "officer": master["name"], "measure": "Guts",
         "left": guts - 1},
    ]  # fmt: skip
    engagements._close(work, first, first["outcome"])
    assert work["officers"][captain["id"]]["sheet"]["state"] == "Maimed"
    assert work["officers"][master["id"]]["spent"] == {"Guts": 1}
    assert first["spent"] == {master["id"]: {"Guts": guts - 1}}
    assert fg["officers"][0]["health"] == "maimed"  # the panel: as the fight left him
    _reopened(work)
    again = engagements.open_engagement(work, "red", "fr", 5, random.Random(4))
    ship = again["sides"]["a"][0]
    assert ship["officers"][0]["health"] == "maimed" and ship["officers"][1]["health"] == "injured"
    fighters = again["battle"]["a"][0]["officers"]
    assert fighters[0]["health"] == "maimed" and fighters[1]["health"] == "injured"
    assert fighters[1]["measures"]["Guts"] == guts - 1  # the point spent stays spent
    assert "health" not in fighters[2]
    # Maimed from its first round: a Guts test before he may act ("All actions related to
    # the area that is MAIMED require an appropriate Measure test")
    events = [e for e in again["log"] if e.get("officer") == captain["name"]]
    assert events[0]["type"] == "test" and events[0]["what"] == "guts to act"


def test_jack_tars_repeat_asked_in_one_fight_is_spent_for_the_season() -> None:
    """A test repeated by an officer's Jack Tar (its event's ``repeat``: here her fourth
    lieutenant's, whose drawn sheet has it) goes on the roster (``used``), once though a
    repeated contest's redraws each carry it: the next fight of the Naval Mission has him
    aboard without it; the season's end (the Naval Mission's) gives it back."""
    work = _campaign()
    first = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    beckett = first["sides"]["a"][0]["officers"][4]
    assert "Jack Tar" in work["officers"][beckett["id"]]["sheet"]["traits"]
    assert first["battle"]["a"][0]["officers"][4]["jack_tar"] == 1
    repeats = [e for e in first["log"] if e.get("repeat")]
    assert repeats and {e["repeat"]["officer"] for e in repeats} == {beckett["name"]}
    engagements._close(work, first, first["outcome"])
    assert first["used"] == {beckett["id"]: ["Jack Tar"]}
    assert work["officers"][beckett["id"]]["used"] == ["Jack Tar"]
    _reopened(work)
    again = engagements.open_engagement(work, "red", "fr", 5, random.Random(4))
    assert "jack_tar" not in again["battle"]["a"][0]["officers"][4]
    assert not any(e.get("repeat") for e in again["log"])
    officers.mission_over(work)
    assert "used" not in work["officers"][beckett["id"]]


def test_the_months_heal_and_the_season_gives_the_measures_back() -> None:
    """A month a step (Maimed -> Injured, then First Aid), counted by the turns of the
    month the days passed; the season's end, the Naval Mission's, clears the spent
    Measures."""
    work = _campaign()
    oid = next(o["id"] for o in work["officers"].values() if o["ship"] == "FG")
    rec = work["officers"][oid]
    work["officers"][oid] = {
        **rec,
        "sheet": {**rec["sheet"], "state": "Maimed"},
        "spent": {"Guts": 1},
    }
    assert officers.months_turned(work, 0, 29) == 0  # June
    assert officers.months_turned(work, 29, 30) == 1  # 1 July (day 30)
    assert officers.months_turned(work, 0, 92) == 3  # 1 September: the summer gone
    assert officers.healing(work, 0, random.Random(1)) == {}
    healed = officers.healing(work, 1, random.Random(1))
    assert healed == {
        oid: {"state": "Injured", "months": [{"type": "convalescence", "state": "Injured"}]}
    }
    officers.apply_healed(work, healed)
    assert work["officers"][oid]["sheet"]["state"] == "Injured"
    second = officers.healing(work, 1, random.Random(1))[oid]
    assert second["months"][0]["what"] == "first aid to heal"
    assert second["state"] == (
        "Injured" if second["months"][0]["result"] == "failure" else "Healthy"
    )
    # his own seat and the GM read his Measures as they stand (the server's figures)
    gm = {"id": "gm", "role": "gm"}
    seen = views.officer_for(work["officers"][oid], gm)  # type: ignore[arg-type]
    guts = work["officers"][oid]["sheet"]["measures"]["Guts"]
    assert seen["measures_now"]["Guts"] == max(guts - 1, 1)
    officers.mission_over(work)
    assert "spent" not in work["officers"][oid]
    assert "measures_now" not in views.officer_for(work["officers"][oid], gm)  # type: ignore[arg-type]


def _seated_maimed(tmp_path: Path) -> tuple[Game, Any, str]:
    """test_server_play's summer, the captain of FG seated with a character his last
    fight left Maimed (his sheet's state)."""
    app = new_app(tmp_path)
    game = Game.new(app, seed=PLAY_SEED)
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("red", "admiral", squadron="Red")
    sheet = {**roll_sheet("Captain", random.Random(5)).to_dict(), "state": "Maimed"}
    captain = game.add(
        "fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8, "sheet": sheet}
    )
    return game, captain, captain.seat["officer"]


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def test_a_wounded_captain_fights_wounded_heals_with_the_months_and_the_log_replays(
    tmp_path: Path,
) -> None:
    """Through the protocol: a Maimed captain's fight has him aboard Maimed; the state's
    sheet shows it; the turn of July makes him Injured (the ``advance`` logs it), the turn
    of August tests his First Aid; a replay of the log is the state."""
    game, captain, me = _seated_maimed(tmp_path)
    gm = game.gm()
    fight = red_meets(game, "fr-brest")
    assert _state(game)["day"] < 30  # (still June: nothing has healed him)
    ours = next(s for s in fight["sides"]["a"] if s["code"] == "FG")
    assert ours["officers"][0] == {**ours["officers"][0], "id": me, "health": "maimed"}
    spec = next(s for s in fight["battle"]["a"] if s["name"] == ours["name"])
    assert spec["officers"][0]["health"] == "maimed"
    mine = next(o for o in _state(game)["officers"] if o["id"] == me)
    assert mine["sheet"]["state"] == "Maimed"
    assert gm.act("engage_decision", engagement=fight["id"], decision="npc", rounds="all")["ok"]
    # the days to the turn of July, then of August (the fights on the way fought out)
    states = []
    for until in (31, 62):
        for _ in range(40):
            now = _state(game)
            open_ = [e["id"] for e in now["engagements"] if not e["over"]]
            for eid in open_:
                ack = gm.act("engage_decision", engagement=eid, decision="npc", rounds="all")
                assert ack["ok"]
            if now["day"] >= until and not open_:
                break
            if not open_:
                ack = gm.act("advance", days=min(30, until - now["day"]))
                assert ack["ok"], ack
        states.append(next(o for o in _state(game)["officers"] if o["id"] == me))
    assert states[0]["sheet"]["state"] == "Injured"
    assert states[1]["sheet"]["state"] in ("Injured", "Healthy")
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    healed = [e["data"]["healed"][me] for e in log["events"] if me in e["data"].get("healed", {})]
    assert healed[0] == {
        "state": "Injured",
        "months": [{"type": "convalescence", "state": "Injured"}],
    }
    assert healed[1]["months"][0]["what"] == "first aid to heal"
    assert healed[1]["state"] == states[1]["sheet"]["state"]
    assert_officers_replay(game, log)
    # his own view of himself shows his state (his sheet is his to read)
    own = game.rest("get", f"/api/campaigns/{game.id}/state", token=captain.token).json["state"]
    assert (
        next(o for o in own["officers"] if o["id"] == me)["sheet"]["state"]
        == states[1]["sheet"]["state"]
    )


def test_the_next_season_heals_the_months_left_and_restores_measures() -> None:
    """``next_season``: the months of the season not sailed through heal too, and the
    Naval Mission's spent Measures come back."""
    work = _campaign()
    work["phase"] = "autumn"
    work["day"] = 0
    oid = next(o["id"] for o in work["officers"].values() if o["ship"] == "FG")
    rec = work["officers"][oid]
    work["officers"][oid] = {
        **rec,
        "sheet": {**rec["sheet"], "state": "Maimed"},
        "spent": {"Guts": 1},
    }
    work["engagements"] = {}
    gm = {"id": "gm", "role": "gm"}
    data = calendar.decide_next_season(work, gm, None, random.Random(2))  # type: ignore[arg-type]
    months = data["healed"][oid]["months"]
    assert months[0] == {"type": "convalescence", "state": "Injured"} and len(months) >= 2
    calendar.apply_next_season(work, data)  # type: ignore[arg-type]
    assert work["officers"][oid]["sheet"]["state"] == data["healed"][oid]["state"]
    assert "spent" not in work["officers"][oid]
