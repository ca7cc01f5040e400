"""An officer as one character: the Briny record and the BtQ sheet together, entered or
rolled, tied where both books speak of one thing, and carried through a summer."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS, default_officers
from strategy.campaign.season import resolve_summer
from strategy.characters import (
    Character,
    Sheet,
    build_sheet,
    character_from,
    roll_character,
    roll_steps,
)
from strategy.characters.character import command_of, position_of
from strategy.errors import InvalidMove, RulesError


def _make(fields: dict, rank: str = "Lieutenant", seed: int = 1) -> Character:
    return character_from(fields, oid="o-1", rank=rank, year=1805, rng=random.Random(seed))


def test_the_briny_rank_gives_the_btq_position() -> None:
    """BtQ's positions by Briny's ranks (docs/rules-notes.md, "Officers: the two books")."""
    navy = {
        "Sailor": "Seaman",
        "Able Seaman": "Able Seaman",
        "Midshipman": "Midshipman",
        "Lieutenant": "Lieutenant",
        "Master & Commander": "Captain",
        "Captain": "Captain",
        "Post Captain": "Captain",
        "Rear Admiral": "Admiral",
        "Vice Admiral": "Admiral",
        "Admiral": "Admiral",
    }
    marines = {
        "Private RM": "Seaman",
        "Subaltern RM": "Midshipman",
        "Lieutenant RM": "Midshipman",
        "Captain RM": "Lieutenant",
        "Major RM": "Captain",
        "Lieutenant Colonel RM": "Captain",
        "Colonel RM": "Captain",
        "Major General RM": "Admiral",
        "Lieutenant General RM": "Admiral",
        "General RM": "Admiral",
    }
    assert tuple(navy) == NAVY_RANKS and tuple(marines) == MARINE_RANKS
    for rank, pos in {**navy, **marines}.items():
        assert position_of(rank) == pos, rank
    with pytest.raises(InvalidMove, match="unknown rank"):
        position_of("Commodore")


@pytest.mark.parametrize("na, command", [(1, 1), (2, 1), (3, 2), (6, 3), (7, 4), (9, 5), (10, 5)])
def test_command_is_the_naval_ability_halved_rounded_up(na: int, command: int) -> None:
    assert command_of(na) == command
    assert _make({"na": na}).sheet.skills["Command"] == command


def test_an_entered_officer_keeps_what_he_gives_and_rolls_the_rest() -> None:
    c = _make({"name": "Jack Aubrey", "rank": "Captain", "na": 7, "birth": {"sibling": "Bastard"}})
    assert (c.name, c.rank, c.na, c.birth.sibling, c.seniority) == (
        "Jack Aubrey",
        "Captain",
        7,
        "Bastard",
        1805,
    )
    assert c.sheet.position == "Captain" and c.funds == c.birth.funds
    assert (c.constitution, c.expertise) == (c.birth.constitution, c.birth.expertise)
    # the same source, the same officer
    assert (
        _make({"name": "Jack Aubrey", "rank": "Captain", "na": 7, "birth": {"sibling": "Bastard"}})
        == c
    )


@pytest.mark.parametrize(
    "fields, says",
    [
        ({"rum": 1}, "officer: unknown field 'rum'"),
        ({"name": 7}, "officer.name"),
        ({"name": " "}, "officer.name"),
        ({"rank": "Commodore"}, "officer.rank: unknown rank 'Commodore'"),
        ({"rank": 3}, "officer.rank"),
        ({"na": 11}, "officer.na: 11 is above the limit of 10"),
        ({"na": 0}, "officer.na: 0 is below the limit of 1"),
        ({"na": 5.0}, "officer.na"),
        ({"na": True}, "officer.na"),
        ({"seniority": 1600}, "officer.seniority"),
        ({"birth": 3}, "officer.birth: an object"),
        ({"birth": {"strength": 30}}, "officer.birth.strength"),
        ({"birth": {"class": "Gentleman"}}, "officer.birth."),
        ({"sheet": {}}, "officer.sheet."),
    ],
)
def test_a_bad_officer_names_the_field(fields: dict, says: str) -> None:
    with pytest.raises(RulesError) as err:
        _make(fields)
    assert str(err.value).startswith(says) or says in str(err.value), str(err.value)


def test_an_entered_sheet_must_fit_his_rank_and_takes_his_na_command() -> None:
    rolled = _make({"na": 6})
    sheet = rolled.sheet.to_dict()
    assert _make({"na": 6, "sheet": sheet}).sheet == rolled.sheet
    assert _make({"na": 9, "sheet": sheet}).sheet.skills["Command"] == 5
    with pytest.raises(InvalidMove, match="officer.sheet.position: a Midshipman serves as"):
        _make({"na": 6, "rank": "Midshipman", "sheet": sheet})
    with pytest.raises(InvalidMove, match="not both"):
        _make({"sheet": sheet, "creation": {}})


def test_an_officer_built_by_the_btq_creation_steps() -> None:
    """A player's recorded steps (Steps Two to Eight) make his sheet, checked as the book
    says; the position they take must be his rank's."""
    steps = roll_steps("Lieutenant", random.Random(4))
    c = _make({"na": 4, "creation": steps})
    assert c.sheet == _with(build_sheet(steps), Command=2)
    with pytest.raises(InvalidMove, match="officer.creation.position: a Captain serves as"):
        _make({"creation": steps}, rank="Captain")
    with pytest.raises(RulesError, match="^officer.creation."):
        _make({"creation": {**steps, "social_class": "Pirate"}})


def _with(sheet: Sheet, **skills: int) -> Sheet:
    return Sheet.from_dict({**sheet.to_dict(), "skills": {**sheet.skills, **skills}})


def test_an_npc_is_rolled_for_his_berth() -> None:
    rng = random.Random(3)
    officer = default_officers(rng)[0]
    npc = roll_character(officer, 1805, rng)
    assert (npc.id, npc.rank, npc.na, npc.ship) == (officer.id, officer.rank, officer.na, "RO")
    assert npc.birth.constitution == officer.constitution == npc.constitution
    assert npc.sheet.position == position_of(officer.rank)
    # the campaign sees the same officer, under a name of his own
    assert npc.officer(False) == replace(officer, name=npc.name) and " of " not in npc.name


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(NAVY_RANKS + MARINE_RANKS))
def test_a_character_round_trips_through_its_record(seed: int, rank: str) -> None:
    c = _make({}, rank=rank, seed=seed)
    again = Character.from_dict(c.to_dict())
    assert again == c and again.to_dict() == c.to_dict()


def test_a_summer_changes_him_as_its_report_says() -> None:
    """Promotion, NA gained (and the Command it gives), a wound of the Nelson Touch (its
    fraction off Constitution and Expertise), prize money into his fortune, death."""
    c = _make(
        {
            "name": "Jack Aubrey",
            "rank": "Captain",
            "na": 6,
            "birth": {"constitution": 16, "expertise": 12},
        }
    )
    after = c.after_summer(
        {"na": 7, "rank": "Post Captain", "ship": "RO", "squadron": None}, 340, 1806
    )
    assert (after.rank, after.ship, after.seniority, after.na) == ("Post Captain", "RO", 1806, 7)
    assert after.sheet.skills["Command"] == 4 and after.funds == c.funds + 340
    assert after.experience == 1 and after.birth == c.birth
    # die 2: a foot or leg, and one half from constitution and duelling expertise
    leg = c.after_summer({"wound": 2}, 0, 1805)
    assert (leg.constitution, leg.expertise, leg.wounds) == (8, 6, ("leg",))
    assert leg.officer(True).wounds == ("leg",) and leg.officer(True).constitution == 8
    # die 6: the rakish or honourable scar, nothing lost
    scar = c.after_summer({"wound": 6}, 0, 1805)
    assert (scar.constitution, scar.wounds) == (16, ("scar",))
    dead = c.after_summer({"dead": True}, 500, 1805)
    assert dead.dead and dead.funds == c.funds


def test_the_summer_is_resolved_for_characters() -> None:
    """The season's engine rolls for the characters given: a player's NA and
    Constitution are his character's."""
    rng = random.Random(5)
    aubrey = _make({"name": "Jack Aubrey", "rank": "Post Captain", "na": 10}, rank="Post Captain")
    aubrey = Character.from_dict({**aubrey.to_dict(), "ship": "RO"})
    others = default_officers(rng, [aubrey.officer(True)])[1:]
    report = resolve_summer(
        [{"fleet": "Channel Fleet", "squadron": "White", "ship": "RO", "order": "F"}],
        [aubrey.officer(True), *others],
        seed=9,
    )
    roll = next(r for r in report["battle_results"] if r.get("officer") == "o-1")
    assert roll["na"] == 10
    assert any(p["officer"] == "o-1" for p in report["personal_outcomes"])
