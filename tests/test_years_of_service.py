"""The experience charts and a year of service (seed 000, Appendix I "Experience Table:
Life before Recruitment" and Appendix II "Experience Table: Years of Service", ~2551-2655;
docs/rules-notes.md "A Year of Service").

Each summer an officer sails and lives is a year of service: he overturns a card and gains
what its row of the naval chart gives, one Experience more on his sheet.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from server import game
from server.game.season import outcome_words
from strategy.cards.core import DECK, JOKER, name
from strategy.cards.dealer import Deck, ScriptedDealer
from strategy.characters import roll_sheet
from strategy.characters.btq_tables import (
    EXPERIENCE_CHARTS,
    MEASURE_LIMIT,
    MEASURES,
    SKILL_LIMIT,
    card,
    chart_row,
)
from strategy.characters.service import SERVICE_SKILLS, served, year_of_service
from strategy.characters.sheet import Sheet, sheet_from
from strategy.errors import InvalidMove
from tests.dice_helpers import ScriptedChoices
from tests.server_helpers import Game, assert_officers_replay

# Appendix I, as printed (the book's "communityGain" and "force your to" kept)
LIFE = """\
D number | You experience life in different community Gain +1 point in any skill.

D face | You are forced to work in a different communityGain +1 to a measure.

D ace | You are accepted and thrive in a new and different culture. Gain +1 to a measure and
+1 point to any skill.

H number | You travel far from home, gaining valuable insight into the world. Gain +1 point in
any skill.

H face | You roam far and wide from your home, forced to battle to survive. Gain +1 to a
measure.

H ace | You are taken far from your home and prosper in this new and strange environment.
Gain +1 to a measure and +1 point to any skill.

S number | You are introduced to a new group of people who broaden your horizons. Gain +1
point in any skill.

S face | You are introduced to a new group who force your to endure some great hardships.
Gain +1 to a measure.

S ace | You are embraced by a new group of people and become accepted as one of them. Gain +1
to a measure and +1 point to any skill.

C number | You are faced with a conflict that causes some upheaval in your life. Gain +1 point
in any skill.

C face | You are central to a conflict that causes substantial changes in your life. Gain +1
to a measure.

C ace | You are the instigator of a conflict that tears your life apart. Gain +1 to a measure
and +1 point to any skill.

JK joker | Choose any card from the above."""

# Appendix II, as printed
NAVAL = """\
D number | Your ship voyages to a distant station but encounters little action. Gain +1 point
in any skill.

D face | You are commended for your actions during a voyage. Gain +1 Influence or +1 Guts.

D ace | You commit an act of unparalleled bravery in battle with the enemy. Gain +1 Influence
or Guts and add one point to a skill of your choice.

H number | You take part in a fleet action, acting in the reserve. Gain +1 point in any skill.

H face | You take part in a fleet action and find yourself in the thick of the action. Gain +1
Guts or +1 Discipline.

H ace | Your ship saves the day during a fleet action. Gain +1 Guts or +1 Discipline and add
one point to a skill of your choice.

S number | You are injured fighting in a fierce battle. Gain +1 point in any skill.

S face | Your ship is dismasted in a battle and you spend some time in the hands of the enemy.
Gain +1 Charm or +1 Guts.

S ace | Your ship is destroyed in battle and you are one of the few survivors. Gain +1 Charm
or +1 Guts and add one point to a skill of your choice.

C number | You are \u2018beached\u2019, left at port with no job and no ship. Gain +1 point in any
skill.

C face | You are stationed at a British port but see little action. Gain +1 Influence or +1
Guts.

C ace | You sail in a cutter in the English Channel, undertaking crucial customs work. Gain +1
Influence or +1 Guts and add one point to a skill of your choice.

JK joker | Choose any card from the above."""


def _rows(text: str) -> list[list[str]]:
    """A chart's rows: one paragraph each (the book's long lines wrapped), cells by "|"."""
    lines = [" ".join(p.split("\n")) for p in text.strip().split("\n\n")]
    return [[c.strip() for c in line.split("|")] for line in lines]


@pytest.mark.parametrize("table,text", [("life", LIFE), ("naval", NAVAL)])
def test_both_experience_charts_cell_by_cell(table: str, text: str) -> None:
    rows = _rows(text)
    assert len(rows) == len(EXPERIENCE_CHARTS[table]) == 13
    for key, line in rows:
        s, kind = key.split()
        row = EXPERIENCE_CHARTS[table][(s, kind)]
        assert row.text == line, key
        if kind == "joker":
            assert row.choose and not row.measures and not row.skill
            continue
        gain = line.split("Gain ", 1)[1]
        # "+1 to a measure": any of the four; "+1 Influence or (+1) Guts": those two
        named = re.findall(r"\+?1? ?(Guts|Discipline|Charm|Influence)", gain)
        want = MEASURES if "a measure" in gain else tuple(named)
        assert row.measures == want, key
        assert row.skill == ("skill" in gain), key
        assert not row.choose


def test_the_charts_give_what_the_creation_steps_give_by_card() -> None:
    """Step Three and Step Six, One: a number card a skill, a face card a Measure, an ace
    both; the charts say which Measures."""
    for table in ("life", "naval"):
        for c in DECK:
            row = chart_row(table, c)
            kind = row.kind
            assert (bool(row.measures), row.skill) == (kind != "number", kind != "face"), name(c)
        assert chart_row(table, JOKER).choose


def _otoole() -> Sheet:
    """A Ward Room sheet at O'Toole's final Measures and skills (Step Nine, as printed)."""
    data = roll_sheet("Lieutenant", random.Random(5)).to_dict()
    data["measures"] = {"Guts": 4, "Discipline": 3, "Charm": 3, "Influence": 4}
    data["skills"] = {"Awareness": 2, "Command": 2, "Maritime": 4, "Seamanship": 4}
    data["experiences"] = 5
    return sheet_from(data)


def test_a_year_of_service_the_books_fleet_action() -> None:
    """Step Six's example: O'Toole "fought during a fleet action and saved his ship ... He
    overturns AH and gains +1 Discipline and chooses +1 to Awareness" (Appendix II, Heart
    Ace: "Your ship saves the day during a fleet action. Gain +1 Guts or +1 Discipline and
    add one point to a skill of your choice")."""
    sheet = _otoole()
    got = year_of_service(sheet, ScriptedDealer("AH"), ScriptedChoices(["Discipline", "Awareness"]))
    assert got == {
        "card": "AH",
        "text": "Your ship saves the day during a fleet action. Gain +1 Guts or +1 Discipline "
        "and add one point to a skill of your choice.",
        "gain": {"measure": "Discipline", "skill": "Awareness"},
    }
    after = served(sheet, got)
    assert after.measures == {**sheet.measures, "Discipline": 4}
    assert after.skills == {**sheet.skills, "Awareness": 3}
    assert after.experiences == sheet.experiences + 1 == 6


def test_a_face_card_offers_its_suits_two_measures_only() -> None:
    sheet = _otoole()
    # Spades face: "Gain +1 Charm or +1 Guts"; the choice is offered those two
    got = year_of_service(sheet, ScriptedDealer("QS"), ScriptedChoices(["Charm"]))
    assert got["gain"] == {"measure": "Charm"}
    assert served(sheet, got).measures["Charm"] == 4
    with pytest.raises(AssertionError):  # Discipline is not among them
        year_of_service(sheet, ScriptedDealer("QS"), ScriptedChoices(["Discipline"]))
    # a number card: one point in any skill, no Measure
    got = year_of_service(sheet, ScriptedDealer("7C"), ScriptedChoices(["Gunnery"]))
    assert got["gain"] == {"skill": "Gunnery"}
    assert "beached" in got["text"]


def test_a_gain_the_card_does_not_give_is_refused() -> None:
    sheet = _otoole()
    for service in (
        {"card": "KH", "gain": {"measure": "Influence"}},  # Hearts face: Guts or Discipline
        {"card": "KH", "gain": {"skill": "Gunnery"}},  # a face card gives no skill
        {"card": "5D", "gain": {"measure": "Guts"}},  # a number card gives no Measure
        {"card": "AD", "gain": {"measure": "Guts", "skill": "Command"}},  # NA governs it
        {"card": "5D", "gain": {"wealth": 1}},
    ):
        with pytest.raises(InvalidMove):
            served(sheet, service)


def test_the_joker_is_any_card_and_the_limits_are_kept() -> None:
    sheet = _otoole()
    # "Choose any card from the above": here the Hearts ace, and its Guts and a skill
    picks = ScriptedChoices([card("AH"), "Guts", "Gunnery"])
    got = year_of_service(sheet, ScriptedDealer("JK"), picks)
    assert (got["card"], got["as"]) == ("JK", "AH")
    assert got["gain"] == {"measure": "Guts", "skill": "Gunnery"}
    assert served(sheet, got).skills["Gunnery"] == 1
    # at the limits a Measure or skill takes no more: the gain leaves it out
    data = sheet.to_dict()
    data["measures"] = {**data["measures"], "Guts": MEASURE_LIMIT, "Discipline": MEASURE_LIMIT}
    data["skills"] = {s: SKILL_LIMIT for s in SERVICE_SKILLS}
    full = sheet_from(data)
    got = year_of_service(full, ScriptedDealer("AH"), random.Random(1))
    assert got["gain"] == {}
    assert served(full, got).experiences == full.experiences + 1
    assert "Command" not in SERVICE_SKILLS and "Profession" not in SERVICE_SKILLS


def test_a_year_of_service_is_the_seeds() -> None:
    sheet = _otoole()

    def one(seed: int) -> dict[str, Any]:
        rng = random.Random(seed)
        return year_of_service(sheet, Deck.player(rng), rng)

    assert one(3) == one(3)
    assert len({repr(one(s)) for s in range(12)}) > 1


def test_the_summer_is_a_year_of_service_for_all_who_sailed(officers_summer) -> None:
    """Each officer who sailed the summer and lives has his card, its row and its gain in
    the report's outcome, his sheet one Experience more and the gain on it; his own seat
    reads it in his words (and the season notice), nobody else's; the log replays to him."""
    g: Game = officers_summer["game"]
    made = officers_summer["officers"]
    log = officers_summer["log"]
    before = {
        e["data"]["officer"]["id"]: e["data"]["officer"]
        for e in log["events"]
        if e["type"] in ("officer_created", "seat_created") and e["data"].get("officer")
    }
    raw = log["events"][-1]["data"]
    gm = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    officers = {o["id"]: o for o in gm["officers"]}
    sailed = [oid for oid, o in raw["report"]["outcomes"].items() if not o["dead"]]
    assert sailed, "someone came home"
    for oid in sailed:
        service = raw["report"]["outcomes"][oid]["service"]
        row = chart_row("naval", card(service.get("as") or service["card"]))
        assert service["text"] == row.text
        assert set(service["gain"]) <= {"measure", "skill"}
        assert raw["officers"][oid]["sheet"]["experiences"] >= 1
    for key, oid in made.items():
        outcome = gm["report"]["outcomes"][oid]
        if outcome["dead"]:
            continue
        service = outcome["service"]
        sheet, was = officers[oid]["sheet"], before[oid]["sheet"]
        assert sheet["experiences"] == was["experiences"] + 1
        if "measure" in service["gain"]:
            m = service["gain"]["measure"]
            assert sheet["measures"][m] == was["measures"][m] + 1
        mine = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players[key].token).json[
            "state"
        ]["report"]
        assert "a year of service (" in mine["words"][0]
        assert mine["words"][0] == outcome_words(outcome, True)
        told = g.rest("get", f"/api/campaigns/{g.id}/notices", token=g.players[key].token)
        season = [n["text"] for n in told.json["notices"] if n["type"] == "season"]
        assert any("a year of service (" in text for text in season)
    # the others read no one's year of service
    pm = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players["pm"].token).json
    text = json.dumps(pm)
    assert "a year of service" not in text and '"service"' not in text
    assert_officers_replay(g, copy.deepcopy(log))


def test_a_summer_logged_before_the_years_of_service_stands_as_logged(officers_summer) -> None:
    """Version 5 gave no year of service: its ``resolve_summer`` stands as logged
    (server/game/replay.py ``upgrade``)."""
    log = copy.deepcopy(officers_summer["log"])
    log["events"][0]["data"]["rules"] = 5
    last = log["events"][-1]["data"]
    for o in last["report"]["outcomes"].values():
        o.pop("service", None)
    _, problems = game.replay(log)
    assert problems == []
    log["events"][0]["data"]["rules"] = game.RULES_VERSION
    _, problems = game.replay(log)
    assert problems and "resolve_summer decides differently" in problems[0]
