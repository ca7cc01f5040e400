"""An officer's wounds and spent Measures between battles (issue 31, item 2): seed 000,
"Damage States", "Healing" (~line 959) and "Overcoming Great Hardship"; seed 001's month
a turn and its convalescent month (docs/rules-notes.md, "Wounds and Measures between
battles")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from strategy.cards.dealer import Dealer, ScriptedDealer
from strategy.characters import Character, Sheet, character_from
from strategy.characters.health import SURGEON, first_aid, heal
from strategy.combat import Battle
from strategy.combat.combatant import combatant
from strategy.combat.setup import setup
from strategy.errors import InvalidMove


def _officer(state: str = "Healthy", first_aid: int = 0) -> Character:
    c = character_from(
        {"name": "Brodie", "rank": "Lieutenant", "na": 6},
        oid="o-1",
        rank="Lieutenant",
        year=1805,
        rng=random.Random(7),
    )
    skills = {k: v for k, v in c.sheet.skills.items() if k != "First Aid"}
    if first_aid:
        skills["First Aid"] = first_aid
    sheet = Sheet.from_dict({**c.sheet.to_dict(), "state": state, "skills": skills})
    return replace(c, sheet=sheet)


def _ship(*officers: dict) -> dict:
    return {"type": "Fifth Rate", "name": "Minerva", "officers": list(officers)}


def test_a_maimed_officer_goes_aboard_the_next_battle_maimed() -> None:
    """ "Healing ... If they do not, their character will not heal": the wound his last
    fight left him is his when the next one opens (before: every officer came aboard
    Healthy, whatever his sheet's state)."""
    maimed = _officer("Maimed")
    aboard = maimed.aboard("captain", "Lieutenant Brodie")
    assert aboard["health"] == "maimed"
    assert combatant(_ship(aboard)).officers[0].health == 2
    bt = Battle(_ship(aboard), "Cutter", distance=4, dealer=ScriptedDealer([]))
    setup(bt, {})
    ship = bt.ships[0]
    assert ship.health["Lieutenant Brodie"] == 2 and not ship.fit("Lieutenant Brodie")
    # his wound survives the battle's saved form, and a healthy officer's form is as it was
    seeded = Battle(_ship(aboard), "Cutter", seed=3)
    again = Battle.from_dict(seeded.to_dict())
    assert again.ships[0].health["Lieutenant Brodie"] == 2
    healthy = _officer().aboard("captain", "Lieutenant Brodie")
    assert (
        "health" not in healthy and "health" not in combatant(_ship(healthy)).officers[0].to_dict()
    )
    injured = _officer("Injured").aboard("officer", "B")
    assert combatant(_ship(injured)).officers[0].health == 1


def test_an_officers_health_aboard_is_checked() -> None:
    with pytest.raises(InvalidMove, match="officer health 'dead'"):
        combatant(_ship({"name": "X", "health": "dead"}))
    with pytest.raises(InvalidMove, match="officer health 'poorly'"):
        combatant(_ship({"name": "X", "health": "poorly"}))


def test_a_maimed_officer_convalesces_a_month_then_first_aid_heals_him() -> None:
    """Maimed -> Injured by "a simple successful Challenge" (his month's convalescence,
    Briny's "convalescent for one month"); Injured -> Healthy by "a simple successful Test
    with the appropriate skill" (First Aid: the surgeon's 2 cards, his own being less),
    one step a month."""
    c = _officer("Maimed")
    after, done = c.healed(1, ScriptedDealer([]))
    assert after.sheet.state == "Injured"
    assert done == [{"type": "convalescence", "state": "Injured"}]
    # the next month: CoF 9S, the surgeon's 10S (a success) and 4H
    healed, done = after.healed(1, ScriptedDealer(["9S", "10S", "4H"]))
    assert healed.sheet.state == "Healthy"
    assert (done[0]["pool"], done[0]["result"], done[0]["state"]) == (SURGEON, "success", "Healthy")
    # two months at once do both steps; a third finds him Healthy and draws nothing
    dealer = ScriptedDealer(["9S", "10S", "4H"])
    assert c.healed(3, dealer)[0].sheet.state == "Healthy" and dealer.left == 0


def test_a_failed_first_aid_is_tried_again_next_month() -> None:
    """ "If a character FAILS a roll to heal an area they cannot try again on that area
    until they have successfully completed another challenge": the next month."""
    c = _officer("Injured", first_aid=3)
    # CoF KS: 2H, 3D, 4C fail (his own First Aid 3, better than the surgeon's 2)
    after, done = c.healed(1, ScriptedDealer(["KS", "2H", "3D", "4C"]))
    assert after.sheet.state == "Injured" and after == c
    assert (done[0]["pool"], done[0]["result"]) == (3, "failure")
    # two months: the first fails, the second (CoF 2S, 5S a success) heals him
    two, done = c.healed(2, ScriptedDealer(["KS", "2H", "3D", "4C", "2S", "5S", "6H", "7D"]))
    assert two.sheet.state == "Healthy" and [d["state"] for d in done] == ["Injured", "Healthy"]


def test_the_dead_and_the_healthy_are_not_healed() -> None:
    assert heal("Dead", 5, 3, ScriptedDealer([])) == ("Dead", [])
    assert heal("Healthy", 5, 3, ScriptedDealer([])) == ("Healthy", [])
    with pytest.raises(InvalidMove, match="health 'Poorly'"):
        heal("Poorly", 1, 0, ScriptedDealer([]))


def test_first_aid_draws_from_the_seeded_source() -> None:
    a = first_aid(2, Dealer(random.Random(5)))
    assert a == first_aid(2, Dealer(random.Random(5)))
    assert a["what"] == "first aid to heal" and len(a["cards"]) == 2


def test_spent_measures_stay_spent_for_the_naval_mission() -> None:
    """ "their Measure is reduced by one for the rest of the current Naval Mission ... At
    the end of a Naval Mission, all Measures return to their full value" (before: every
    battle gave him his full Measures again)."""
    c = _officer()
    guts = c.sheet.measures["Guts"]
    assert guts >= 3  # (the seed's sheet: two points to spend)
    once = c.spending({"Guts": guts - 1})
    assert dict(once.spent) == {"Guts": 1}
    assert once.aboard("officer", "B")["measures"]["Guts"] == guts - 1
    # the next fight he comes with Guts - 1 and spends another: Guts - 2 left
    twice = once.spending({"Guts": guts - 2})
    assert dict(twice.spent) == {"Guts": 2}
    # his sheet is whole: the spent points are the mission's, not his
    assert twice.sheet.measures["Guts"] == guts
    assert Character.from_dict(twice.to_dict()) == twice
    assert twice.to_dict()["spent"] == {"Guts": 2} and "spent" not in c.to_dict()
    whole = twice.mission_over()
    assert whole.spent == () and whole.aboard("officer", "B")["measures"]["Guts"] == guts


def test_jack_tars_repeat_is_once_a_naval_mission() -> None:
    """Jack Tar: "Once per Naval Mission ... you may ask for the failed Challenge or Test
    to be repeated": a repeat asked in one fight is not his in the next of the same Naval
    Mission (the season's sailing), and is again after it."""
    c = _officer()
    tar = replace(c, sheet=Sheet.from_dict({**c.sheet.to_dict(), "traits": ["Jack Tar"]}))
    assert tar.aboard("officer", "B")["jack_tar"] == 1
    used = tar.using(["Jack Tar"])
    assert "jack_tar" not in used.aboard("officer", "B")
    assert Character.from_dict(used.to_dict()) == used
    assert used.to_dict()["used"] == ["Jack Tar"] and "used" not in tar.to_dict()
    assert used.mission_over().aboard("officer", "B")["jack_tar"] == 1


def test_a_measure_never_goes_aboard_below_one() -> None:
    c = _officer()
    spent = replace(c, spent=(("Discipline", 99),))
    aboard = spent.aboard("officer", "B")
    assert aboard["measures"]["Discipline"] == 1 and aboard["discipline"] == 1
