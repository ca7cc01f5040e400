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
from server.game.rules import service_offer
from server.game.season import outcome_words
from server.game.service import pending
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
    """Each officer who sailed the summer and lives has his card turned: an NPC's row and
    gain (the dice's) in the report's outcome, his sheet one Experience more and the gain on
    it; a seated player's card waits for his choice (what it offers, and the dice's choice
    if he makes none), his sheet as it was. His own seat reads it in his words (and the
    season notice, and a ``service`` notice of what he may choose), nobody else's; the log
    replays to him."""
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
        if oid in made.values():  # a player's: turned, his to choose
            service = service["dice"]
            assert set(raw["report"]["outcomes"][oid]["service"]) == {"card", "offer", "dice"}
        row = chart_row("naval", card(service.get("as") or service["card"]))
        assert service["text"] == row.text
        assert set(service["gain"]) <= {"measure", "skill"}
        if oid not in made.values():
            assert raw["officers"][oid]["sheet"]["experiences"] >= 1
    for key, oid in made.items():
        outcome = gm["report"]["outcomes"][oid]
        if outcome["dead"]:
            continue
        service = outcome["service"]
        assert service["card"] == service["dice"]["card"]
        assert officers[oid]["sheet"]["experiences"] == before[oid]["sheet"]["experiences"]
        assert officers[oid]["sheet"]["measures"] == before[oid]["sheet"]["measures"]
        mine = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players[key].token).json[
            "state"
        ]["report"]
        assert f"a year of service ({service['card']}): yours to choose: " in mine["words"][0]
        assert mine["words"][0] == outcome_words(outcome, True)
        assert mine["yours"][oid]["service"]["offer"] == service["offer"]
        told = g.rest("get", f"/api/campaigns/{g.id}/notices", token=g.players[key].token)
        season = [n["text"] for n in told.json["notices"] if n["type"] == "season"]
        assert any("a year of service (" in text for text in season)
        turned = [n for n in told.json["notices"] if n["type"] == "service"]
        assert [n["officer"] for n in turned] == [oid] and turned[0]["open"]
        assert f"he turns {service['card']}; yours to choose" in turned[0]["text"]
    # the others read no one's year of service
    pm = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players["pm"].token).json
    text = json.dumps(pm)
    assert "a year of service" not in text and '"service"' not in text
    assert_officers_replay(g, copy.deepcopy(log))


def _pending_state(officers_summer: dict[str, Any], turned: str) -> tuple[dict[str, Any], str]:
    """The state after the summer of ``officers_summer`` (its log replayed), the Red
    admiral's character at O'Toole's Measures and skills and his card ``turned``: the
    state, and his seat's id."""
    state, problems = game.replay(copy.deepcopy(officers_summer["log"]))
    assert problems == []
    oid = officers_summer["officers"]["red"]
    officer = state["officers"][oid]
    officer["sheet"] = _otoole().to_dict()
    dice = {"card": turned, "text": "", "gain": {}}
    state["report"]["outcomes"][oid]["service"] = {
        "card": turned,
        "offer": service_offer(officer, turned),
        "dice": dice,
    }
    return state, officer["player"]


def _choose(state: dict[str, Any], seat: str, **choice: Any) -> dict[str, Any]:
    args = {"type": "year_of_service", **choice}
    kind, data = game.decide(state, state["seats"][seat], args, random.Random(0))
    game.apply_event(state, kind, data)
    return data


def test_the_player_chooses_the_books_fleet_action(officers_summer) -> None:
    """Step Six's example, the choice his player's (Appendix II, Heart Ace: "Gain +1 Guts or
    +1 Discipline and add one point to a skill of your choice"): O'Toole "overturns AH and
    gains +1 Discipline and chooses +1 to Awareness". His sheet takes it, one Experience
    more; the report's outcome holds it in his words; his card waits no more."""
    state, seat = _pending_state(officers_summer, "AH")
    oid = officers_summer["officers"]["red"]
    offered = state["report"]["outcomes"][oid]["service"]["offer"]
    assert [(r["card"], r["measures"], r["skill"]) for r in offered["rows"]] == [
        ("AH", ["Guts", "Discipline"], True)
    ]
    assert "Awareness" in offered["skills"] and "Command" not in offered["skills"]
    data = _choose(state, seat, measure="Discipline", skill="Awareness")
    assert data["service"] == {
        "card": "AH",
        "text": "Your ship saves the day during a fleet action. Gain +1 Guts or +1 Discipline "
        "and add one point to a skill of your choice.",
        "gain": {"measure": "Discipline", "skill": "Awareness"},
    }
    sheet = state["officers"][oid]["sheet"]
    assert sheet["measures"] == {"Guts": 4, "Discipline": 4, "Charm": 3, "Influence": 4}
    assert sheet["skills"]["Awareness"] == 3 and sheet["experiences"] == 6
    outcome = state["report"]["outcomes"][oid]
    assert outcome["service"] == data["service"]
    assert outcome_words(outcome, True).endswith(
        "a year of service (AH): +1 Discipline, +1 Awareness"
    )
    assert oid not in pending(state)
    with pytest.raises(game.ActionError) as err:  # once a year
        _choose(state, seat, measure="Guts", skill="Awareness")
    assert err.value.code == "conflict"


def test_a_choice_the_card_does_not_give_is_refused(officers_summer) -> None:
    """What the row does not give, or what it gives left out, is refused (``invalid``) and
    nothing is changed: Hearts face names Guts or Discipline; a face gives no skill; a
    number card a skill and no Measure; only a joker is another card, and a joker must be
    one of the 52."""
    state, seat = _pending_state(officers_summer, "KH")
    kept = copy.deepcopy(state)
    for choice in (
        {"measure": "Influence"},  # Hearts face: Guts or Discipline
        {"measure": "Guts", "skill": "Gunnery"},  # a face card gives no skill
        {},  # what it gives, he must choose
        {"measure": "Guts", "card": "AH"},  # only a joker is another card
    ):
        with pytest.raises(game.ActionError) as err:
            _choose(state, seat, **choice)
        assert err.value.code == "invalid", choice
        assert state == kept
    number, seat = _pending_state(officers_summer, "7C")
    with pytest.raises(game.ActionError) as err:
        _choose(number, seat, measure="Guts", skill="Gunnery")
    assert err.value.code == "invalid"
    joker, seat = _pending_state(officers_summer, "JK")
    assert (
        len(
            joker["report"]["outcomes"][officers_summer["officers"]["red"]]["service"]["offer"][
                "rows"
            ]
        )
        == 12
    )
    for choice in ({"measure": "Guts"}, {"card": "JK", "measure": "Guts"}):
        with pytest.raises(game.ActionError) as err:
            _choose(joker, seat, **choice)
        assert err.value.code == "invalid", choice
    data = _choose(joker, seat, card="QS", measure="Charm")  # "Choose any card from the above"
    assert (data["service"]["card"], data["service"]["as"]) == ("JK", "QS")
    assert data["service"]["gain"] == {"measure": "Charm"}


def test_the_player_chooses_and_the_dice_choose_when_the_turn_moves_on(service_autumn) -> None:
    """Through the protocol: the Red admiral chooses what his card offers (told, and his
    sheet takes it); the captain's choice his card does not give is refused and changes
    nothing; when the GM moves the autumn on, the dice choose for those who did not, as
    they drew with the card (the ``advance`` logs it), before the days sail. The log
    replays to the same officers."""
    g: Game = service_autumn["game"]
    made, turned = service_autumn["officers"], service_autumn["turned"]
    acks = service_autumn["acks"]
    assert acks["red"]["ok"], acks["red"]
    assert acks["fg"]["error"]["code"] == "invalid"
    assert service_autumn["before"] == service_autumn["after"]
    gm = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    officers = {o["id"]: o for o in gm["officers"]}
    log = service_autumn["log"]
    first = {
        e["data"]["officer"]["id"]: e["data"]["officer"]["sheet"]
        for e in log["events"]
        if e["type"] in ("officer_created", "seat_created") and e["data"].get("officer")
    }
    chosen = [e for e in log["events"] if e["type"] == "year_of_service"]
    assert len(chosen) == 1 and chosen[0]["data"]["officer"] == made["red"]
    red = gm["report"]["outcomes"][made["red"]]["service"]
    choice = service_autumn["choice"]
    assert red["gain"] == {k: v for k, v in choice.items() if k != "card"}
    assert red["card"] == turned["red"]["card"] and "offer" not in red
    advance = next(e for e in log["events"] if e["type"] == "advance")
    assert set(advance["data"]["served"]) == {made["blue"], made["fg"]}
    for key in ("red", "blue", "fg"):
        oid = made[key]
        year = gm["report"]["outcomes"][oid]["service"]
        if key != "red":  # the dice's, as they drew with the card
            assert year == turned[key]["dice"]
        sheet = officers[oid]["sheet"]
        assert sheet["experiences"] == first[oid]["experiences"] + 1
        if "measure" in year["gain"]:
            m = year["gain"]["measure"]
            assert sheet["measures"][m] == first[oid]["measures"][m] + 1
        if "skill" in year["gain"]:
            s = year["gain"]["skill"]
            assert sheet["skills"][s] == first[oid]["skills"].get(s, 0) + 1
    told = g.rest("get", f"/api/campaigns/{g.id}/notices", token=g.players["red"].token)
    service = [n for n in told.json["notices"] if n["type"] == "service"]
    assert [n["open"] for n in service] == [True, False]
    assert service[1]["text"].startswith("Thomas Cochrane: a year of service (")
    for key in ("blue", "fg"):  # told what the dice chose for them; the GM of every one
        told = g.rest("get", f"/api/campaigns/{g.id}/notices", token=g.players[key].token)
        service = [n for n in told.json["notices"] if n["type"] == "service"]
        assert [(n["officer"], n["open"]) for n in service] == [
            (made[key], True),
            (made[key], False),
        ]
        assert service[1]["text"].endswith(", the dice's choice")
        assert f"({turned[key]['card']}" in service[1]["text"]
    told = g.rest("get", f"/api/campaigns/{g.id}/notices").json["notices"]
    dice = [n["officer"] for n in told if n["type"] == "service" and "dice's" in n["text"]]
    assert sorted(dice) == sorted([made["blue"], made["fg"]])
    assert_officers_replay(g, copy.deepcopy(log))


def test_the_dice_choose_when_the_season_moves_on(officers_summer) -> None:
    """A choice not made when the autumn passes to the winter (``next_season``, the GM's or
    the clock's) is the dice's too: his card's, applied before the season's end."""
    state, problems = game.replay(copy.deepcopy(officers_summer["log"]))
    assert problems == []
    waiting = pending(state)
    assert set(waiting) == set(officers_summer["officers"].values()) - {
        oid for oid, o in state["report"]["outcomes"].items() if o["dead"]
    }
    gm = next(s for s in state["seats"].values() if s["role"] == "gm")
    kind, data = game.decide(state, gm, {"type": "next_season"}, random.Random(0))
    assert set(data["served"]) == set(waiting)
    game.apply_event(state, kind, data)
    assert state["phase"] == "winter" and pending(state) == {}
    for oid, year in waiting.items():
        assert state["years"][-1]["report"]["outcomes"][oid]["service"] == year["dice"]
        assert state["officers"][oid]["sheet"] == data["served"][oid]["sheet"]


def test_the_dice_choose_when_the_turns_deadline_passes(officers_summer) -> None:
    """The turn clock moves the autumn on when its deadline passes (a season with no ship
    at sea passes at once): the cards still waiting are the dice's in the event it logs."""
    state, problems = game.replay(copy.deepcopy(officers_summer["log"]))
    assert problems == []
    waiting = pending(state)
    assert waiting
    state["clock"]["turn_seconds"] = 600
    state["deadline"] = "2026-12-01T18:00:00.000Z"
    kind, data = game.decide_tick(state, "2026-12-01T18:00:01.000Z", random.Random(0))
    assert (kind, data["due"]) == ("next_season", "deadline")
    assert {oid: got["service"] for oid, got in data["served"].items()} == {
        oid: year["dice"] for oid, year in waiting.items()
    }


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
