"""Briny En Garde!'s Birth and Naval Ability, against the book.

The Birth tables below are literal copies of seed 001's "BIRTH - Creating Characters",
parsed here by code independent of the data loader; the readings of its garbled passages
(docs/rules-notes.md, "Birth (Briny)") are written out by hand as the expected values.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from math import floor
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.campaign.dice import RandomDice, ScriptedDice
from strategy.campaign.fleet import default_officers
from strategy.characters import (
    BIRTH_FIELDS,
    Birth,
    birth_from,
    check_na,
    naval_ability,
    roll_birth,
    roll_birth_filling,
    roll_na,
)
from strategy.characters.birth import (
    CLASSES,
    POSITIONS,
    SOCIAL_LEVELS,
    TITLES,
    father_position,
    fortune,
    social_level,
)
from strategy.errors import InvalidMove, OutOfCards
from tests.conftest import ROOT

# fmt: off
TABLE_A = """\
Die roll Class
1 – 4 Commoner
5 – 6 Gentleman
"""

TABLE_B = """\
Die roll Sibling Rank
1 First Son
2 – 4 Second Son
5 – 6 Bastard
"""

TABLE_C = """\
Die roll Initial Funds Allowance Inheritance
Commoner
1 – 2 Labourer 10 0 0
3 Small Tradesman 25 5 100
4 Tradesman 150 20 750
5 Wealthy Tradesman 250 50 1500
6 Very Wealthy Tradesman 500 100 4000
Gentleman
1 – 2 Impoverished 40 0 100
3 Poor Clergyman 100 20 750
4 Well-to-do 250 50 1500
5 Wealthy 500 100 4000
6 Very Wealthy 750 125 5000
Nobleman
1 – 2 Impoverished 80 0 200
3 Poor 150 30 1500
4 Well-to-do 500 100 4000
5 Wealthy 750 125 5000
6 Very Wealthy 1000 175 7500
"""

TABLE_D = """\
Die roll Title
1 Knight
2 Baron
3 Viscount
4 Earl
5 Marquess
6 Duke
"""

INITIAL_SOCIAL_LEVEL = """\
Son of: Social Level
Labourer 2
Tradesman or Merchant 3
Gentleman or Very Wealthy Merchant 4
Wealthy Gentleman 5
Knight or Very Wealthy Gentleman 6
Baron 7
Viscount 8
Earl 9
Marquess 10
Duke 11
"""

#: the reading of the Initial Social Level table for each Table C row (rules-notes): a
#: Small Tradesman is a "Tradesman", a Wealthy Tradesman a "Merchant", a Very Wealthy
#: Tradesman a "Very Wealthy Merchant"; a Well-to-do gentleman is a plain "Gentleman";
#: a nobleman's Social Level is his title's, whatever his fortune
SL_OF_FATHER = {
    "Commoner": {"Labourer": 2, "Small Tradesman": 3, "Tradesman": 3,
                 "Wealthy Tradesman": 3, "Very Wealthy Tradesman": 4},
    "Gentleman": {"Impoverished": 4, "Poor Clergyman": 4, "Well-to-do": 4,
                  "Wealthy": 5, "Very Wealthy": 6},
}
SL_OF_TITLE = {"Knight": 6, "Baron": 7, "Viscount": 8, "Earl": 9, "Marquess": 10, "Duke": 11}
# fmt: on

DASH = r"\s*[–-]\s*"


def _faces(table: str) -> dict[int, str]:
    """A die table's rows as face -> result (the header line skipped)."""
    out: dict[int, str] = {}
    for line in table.splitlines()[1:]:
        m = re.fullmatch(rf"(\d)(?:{DASH}(\d))? (.+)", line)
        assert m, line
        low, high = int(m[1]), int(m[2] or m[1])
        out.update({face: m[3] for face in range(low, high + 1)})
    return out


def _table_c() -> dict[tuple[str, int], tuple[str, int, int, int]]:
    """Birth Table C as (class, face) -> (position, funds, allowance, inheritance)."""
    out: dict[tuple[str, int], tuple[str, int, int, int]] = {}
    cls = ""
    for line in TABLE_C.splitlines()[1:]:
        if line in ("Commoner", "Gentleman", "Nobleman"):
            cls = line
            continue
        m = re.fullmatch(rf"(\d)(?:{DASH}(\d))? (.+) (\d+) (\d+) (\d+)", line)
        assert m, line
        for face in range(int(m[1]), int(m[2] or m[1]) + 1):
            out[cls, face] = (m[3], int(m[4]), int(m[5]), int(m[6]))
    return out


ATTRS = (1, 1, 1, 1, 1, 1)  # Strength, Constitution, Expertise 2d6 each: 8, 8, 8


def _rolled(*rest: int, attrs: tuple[int, ...] = ATTRS) -> tuple[Birth, ScriptedDice]:
    """roll_birth on the attribute dice then ``rest``; every scripted die must be used."""
    dice = ScriptedDice([*attrs, *rest])
    birth = roll_birth(dice)
    assert dice.left == 0, "every scripted die is rolled"
    return birth, dice


# --- the tables, cell by cell ----------------------------------------------------------


def test_attributes_are_2d6_plus_6_in_the_books_order() -> None:
    b, _ = _rolled(1, 2, 3, attrs=(1, 2, 6, 6, 3, 4))
    assert (b.strength, b.constitution, b.expertise) == (9, 18, 13)


@pytest.mark.parametrize("face", range(1, 6))
def test_table_a_class_cell_by_cell(face: int) -> None:
    # class, sibling 2 (Second Son: no orphan roll), father 3
    b, _ = _rolled(face, 2, 3)
    assert b.social_class == _faces(TABLE_A)[face]


@pytest.mark.parametrize("again", range(1, 7))
def test_table_a_a_six_rolled_again_another_six_noble(again: int) -> None:
    # "On a 6, the die is rolled again. Another 6 and the character is of noble birth."
    title = (4,) if again == 6 else ()
    b, _ = _rolled(6, again, 2, 3, *title)
    assert b.social_class == ("Nobleman" if again == 6 else "Gentleman")
    assert b.title == ("Earl" if again == 6 else None)


def test_table_a_only_a_six_is_rolled_again() -> None:
    # a 5 is a gentleman at once: the next die is the sibling rank's, not a second class die
    b, dice = _rolled(5, 3, 3)
    assert (b.social_class, b.sibling, b.father, dice.used) == (
        "Gentleman",
        "Second Son",
        "Poor Clergyman",
        9,
    )


@pytest.mark.parametrize("face", range(1, 7))
def test_table_b_sibling_cell_by_cell(face: int) -> None:
    orphan_roll = (2,) if face == 1 else ()  # a first son rolls again (not a 1: no orphan)
    b, _ = _rolled(1, face, *orphan_roll, 4)
    assert (b.sibling, b.orphan) == (_faces(TABLE_B)[face], False)


@pytest.mark.parametrize("cls_dice", [(1,), (5,), (6, 6)], ids=CLASSES)
@pytest.mark.parametrize("face", range(1, 7))
def test_table_c_every_row(cls_dice: tuple[int, ...], face: int) -> None:
    cls = CLASSES[[(1,), (5,), (6, 6)].index(cls_dice)]
    position, funds, allowance, inheritance = _table_c()[cls, face]
    row = father_position(cls, position)
    assert (row.funds, row.allowance, row.inheritance) == (funds, allowance, inheritance)
    title = (1,) if cls == "Nobleman" else ()
    # a second son has the table's funds and allowance as printed
    b, _ = _rolled(*cls_dice, 2, face, *title)
    assert (b.father, b.funds, b.allowance) == (position, funds, allowance)
    # an orphan (a first son, then a 1) has the inheritance and no allowance
    b, _ = _rolled(*cls_dice, 1, 1, face, *title)
    assert (b.orphan, b.father, b.funds, b.allowance) == (True, position, inheritance, 0)


def test_table_c_positions_in_order() -> None:
    book = _table_c()
    for cls in CLASSES:
        assert POSITIONS[cls] == tuple(dict.fromkeys(book[cls, f][0] for f in range(1, 7)))


@pytest.mark.parametrize("face", range(1, 7))
def test_table_d_title_cell_by_cell(face: int) -> None:
    b, _ = _rolled(6, 6, 3, 4, face)
    assert b.title == _faces(TABLE_D)[face]
    assert TITLES[face - 1] == _faces(TABLE_D)[face]


def test_table_d_is_rolled_only_for_a_nobleman() -> None:
    # the garbled "a five or six on the Class table (A), we also roll on ... Table D":
    # Table D is "(if Noble)"; a gentleman's last die is his father's position
    b, dice = _rolled(5, 2, 6)
    assert (b.social_class, b.title, b.father, dice.used) == ("Gentleman", None, "Very Wealthy", 9)


def test_initial_social_level_table() -> None:
    book = {}
    for line in INITIAL_SOCIAL_LEVEL.splitlines()[1:]:
        son_of, level = line.rsplit(" ", 1)
        book[son_of] = int(level)
    assert dict(SOCIAL_LEVELS) == book


@pytest.mark.parametrize("cls", ["Commoner", "Gentleman"])
def test_initial_social_level_of_every_father(cls: str) -> None:
    for position, level in SL_OF_FATHER[cls].items():
        assert social_level(cls, "Second Son", False, position, None) == level, position


def test_initial_social_level_of_a_nobleman_is_his_titles() -> None:
    for title, level in SL_OF_TITLE.items():
        for position in POSITIONS["Nobleman"]:
            assert social_level("Nobleman", "Second Son", False, position, title) == level


# --- Table B's modifiers ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        # Commoner, Small Tradesman (25, 5; SL 3)
        ((3, 1, 2, 3), ("First Son", 27, 5, 4)),  # +10%: 27.5 -> 27, 5.5 -> 5; SL +1
        ((3, 2, 3), ("Second Son", 25, 5, 3)),
        ((3, 5, 3), ("Bastard", 17, 3, 2)),  # -30%: 17.5 -> 17, 3.5 -> 3; SL -1
        # Commoner, Tradesman (150, 20; SL 3)
        ((4, 1, 6, 4), ("First Son", 165, 22, 4)),
        ((4, 6, 4), ("Bastard", 105, 14, 2)),
        # Commoner, Labourer (10, 0; SL 2)
        ((1, 1, 5, 1), ("First Son", 11, 0, 3)),
        ((1, 5, 2), ("Bastard", 7, 0, 1)),
        # Gentleman, Very Wealthy (750, 125; SL 6)
        ((5, 1, 3, 6), ("First Son", 825, 137, 7)),  # 137.5 -> 137
        ((5, 6, 6), ("Bastard", 525, 87, 5)),  # 87.5 -> 87
        # Gentleman, Well-to-do (250, 50; SL 4)
        ((6, 2, 1, 4, 4), ("First Son", 275, 55, 5)),
        ((6, 1, 5, 4), ("Bastard", 175, 35, 3)),
        # Nobleman, Very Wealthy Duke (1000, 175; SL 11)
        ((6, 6, 1, 2, 6, 6), ("First Son", 1100, 192, 12)),  # 192.5 -> 192
        ((6, 6, 5, 6, 6), ("Bastard", 700, 122, 10)),  # 122.5 -> 122
        # Nobleman, Poor Knight (150, 30; SL 6)
        ((6, 6, 4, 3, 1), ("Second Son", 150, 30, 6)),
    ],
)
def test_sibling_modifiers(dice: tuple[int, ...], expected: tuple[str, int, int, int]) -> None:
    b, _ = _rolled(*dice)
    assert (b.sibling, b.funds, b.allowance, b.social_level) == expected
    assert not b.orphan


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        # a first son rolls again: a 1 is an orphan, Inheritance for Funds, no Allowance
        ((4, 1, 1, 4), ("Commoner", "Tradesman", 750, 0, 4, None)),  # SL 3 + 1
        ((1, 1, 1, 2), ("Commoner", "Labourer", 0, 0, 3, None)),
        ((5, 1, 1, 5), ("Gentleman", "Wealthy", 4000, 0, 6, None)),  # no title, no +3
        # a noble orphan receives the title and another +3: Earl 9 + 1 + 3
        ((6, 6, 1, 1, 5, 4), ("Nobleman", "Wealthy", 5000, 0, 13, "Earl")),
        ((6, 6, 1, 1, 1, 6), ("Nobleman", "Impoverished", 200, 0, 15, "Duke")),
    ],
)
def test_the_orphan_rule(dice: tuple[int, ...], expected: tuple[Any, ...]) -> None:
    b, _ = _rolled(*dice)
    assert b.orphan and b.sibling == "First Son"
    assert (b.social_class, b.father, b.funds, b.allowance, b.social_level) == expected[:5]
    assert b.inherited_title == expected[5]


@pytest.mark.parametrize("again", range(2, 7))
def test_a_first_son_not_rolling_a_one_is_no_orphan(again: int) -> None:
    b, _ = _rolled(6, 6, 1, again, 5, 4)
    assert (b.orphan, b.funds, b.allowance, b.social_level, b.inherited_title) == (
        False,
        825,
        137,
        10,
        None,
    )


@pytest.mark.parametrize("sibling_face", [2, 5])
def test_only_a_first_son_rolls_to_be_an_orphan(sibling_face: int) -> None:
    # the die after a second son's or a bastard's is his father's position (a 1 there is
    # an Impoverished father, not an orphan)
    b, dice = _rolled(5, sibling_face, 1)
    assert (b.orphan, b.father, dice.used) == (False, "Impoverished", 9)
    with pytest.raises(InvalidMove, match=r"^orphan: only a first son"):
        fortune("Gentleman", b.sibling, True, "Impoverished")


# --- Naval Ability ------------------------------------------------------------------------


def test_na_distribution_exact_over_the_36_pairs() -> None:
    counts = Counter(naval_ability(a, b) for a in range(1, 7) for b in range(1, 7))
    # 2d6-2: totals 2 and 3 both give 1 (0 kept at 1), 12 gives 10
    assert counts == {1: 3, 2: 3, 3: 4, 4: 5, 5: 6, 6: 5, 7: 4, 8: 3, 9: 2, 10: 1}


def test_roll_na_reads_two_dice() -> None:
    assert [roll_na(ScriptedDice(p)) for p in ((1, 1), (2, 1), (4, 5), (6, 6))] == [1, 1, 7, 10]


@pytest.mark.parametrize("die", [0, 7, True, 3.0])
def test_naval_ability_refuses_a_face_no_die_has(die: Any) -> None:
    with pytest.raises(InvalidMove, match=r"^na: die"):
        naval_ability(die, 3)


def test_the_fleets_npcs_use_the_same_na_rule() -> None:
    # default_officers draws constitution (2 draws) then NA (2 draws) per NPC
    officers = default_officers(Random(11), ships=["HA"])
    r = Random(11).random
    for officer in officers:
        r(), r()
        assert officer.na == naval_ability(floor(r() * 6) + 1, floor(r() * 6) + 1), officer.id


@pytest.mark.parametrize("value", [1, 5, 10])
def test_check_na_accepts_1_to_10(value: int) -> None:
    assert check_na(value) == value


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, r"^na: 0 is below the limit of 1$"),
        (11, r"^na: 11 is above the limit of 10$"),
        (True, r"^na: must be a whole number 1\.\.10, not True$"),
        ("5", r"^na: must be a whole number 1\.\.10, not '5'$"),
        (5.0, r"^na: must be a whole number"),
        (None, r"^na: must be a whole number"),
    ],
)
def test_check_na_refuses(value: Any, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        check_na(value)


def test_check_na_names_the_field_given() -> None:
    with pytest.raises(InvalidMove, match=r"^officer\.na: 12 is above"):
        check_na(12, field="officer.na")


# --- entered records ----------------------------------------------------------------------

GOOD = {
    "social_class": "Gentleman",
    "sibling": "First Son",
    "orphan": False,
    "father": "Well-to-do",
    "title": None,
    "social_level": 5,
    "funds": 275,
    "allowance": 55,
    "strength": 12,
    "constitution": 11,
    "expertise": 9,
}


def test_a_good_record_round_trips() -> None:
    b = birth_from(GOOD)
    assert b.to_dict() == GOOD
    assert list(b.to_dict()) == list(BIRTH_FIELDS)
    assert Birth.from_dict(b.to_dict()) == b


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rank": "Lieutenant"}, r"^rank: not a field of a Birth record"),
        ({"social_class": 3}, r"^social_class: must be a string, not 3$"),
        ({"sibling": None}, r"^sibling: must be a string"),
        ({"father": ["Wealthy"]}, r"^father: must be a string"),
        ({"title": 1}, r"^title: must be a string or null, not 1$"),
        ({"orphan": 0}, r"^orphan: must be true or false, not 0$"),
        ({"funds": 275.0}, r"^funds: must be a whole number, not 275\.0$"),
        ({"strength": True}, r"^strength: must be a whole number, not True$"),
        ({"social_level": "5"}, r"^social_level: must be a whole number"),
        ({"social_class": "Peasant"}, r"^social_class: 'Peasant' is not on Birth Table A"),
        ({"sibling": "Third Son"}, r"^sibling: 'Third Son' is not on Birth Table B"),
        ({"father": "Poor"}, r"^father: 'Poor' is not a Gentleman's position on Birth Table C"),
        ({"title": "Baron"}, r"^title: a Gentleman's father has no title"),
        ({"sibling": "Bastard", "orphan": True}, r"^orphan: only a first son .* not a Bastard$"),
        ({"strength": 7}, r"^strength: 7 is below the limit of 8 \(2d6\+6\)$"),
        ({"constitution": 19}, r"^constitution: 19 is above the limit of 18 \(2d6\+6\)$"),
        ({"expertise": 19}, r"^expertise: 19 is above the limit of 18"),
        ({"social_level": 4}, r"^social_level: 4 does not follow from the birth \(a First Son of"),
        ({"funds": 250}, r"^funds: 250 does not follow .* Well-to-do, has 275\)$"),
        ({"allowance": 50}, r"^allowance: 50 does not follow .* has 55\)$"),
        ({"orphan": True}, r"^funds: 275 does not follow .*an orphaned First Son.* has 1500\)$"),
    ],
)
def test_birth_from_refuses_with_one_error_naming_the_field(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidMove, match=message):
        birth_from({**GOOD, **change})


def test_birth_from_refuses_a_missing_field() -> None:
    fields = {k: v for k, v in GOOD.items() if k != "expertise"}
    with pytest.raises(InvalidMove, match=r"^expertise: missing"):
        birth_from(fields)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": None}, r"^title: a Nobleman's father has a title on Birth Table D"),
        ({"title": "Prince"}, r"^title: .*not 'Prince'$"),
        ({"father": "Poor Clergyman"}, r"^father: 'Poor Clergyman' is not a Nobleman's"),
        ({"social_level": 13}, r"^social_level: 13 does not follow .* has 11\)$"),
    ],
)
def test_birth_from_refuses_a_bad_noble(change: dict[str, Any], message: str) -> None:
    noble = {
        **GOOD,
        "social_class": "Nobleman",
        "father": "Wealthy",
        "title": "Marquess",
        "social_level": 11,
        "funds": 825,
        "allowance": 137,
    }
    assert birth_from(noble).social_level == 11
    with pytest.raises(InvalidMove, match=message):
        birth_from({**noble, **change})


# --- given fields kept, the rest rolled ---------------------------------------------------


def test_a_given_class_rolls_the_rest_for_that_class() -> None:
    dice = ScriptedDice([*ATTRS, 2, 6])  # no class die: sibling 2, father 6
    b = roll_birth_filling({"social_class": "Gentleman"}, dice)
    assert (b.social_class, b.sibling, b.father, dice.left) == (
        "Gentleman",
        "Second Son",
        "Very Wealthy",
        0,
    )
    dice = ScriptedDice([*ATTRS, 3, 3, 2])  # a nobleman rolls his title last
    b = roll_birth_filling({"social_class": "Nobleman"}, dice)
    assert (b.father, b.title, b.social_level, dice.left) == ("Poor", "Baron", 7, 0)


def test_given_attributes_are_kept_and_not_rolled() -> None:
    dice = ScriptedDice([2, 2, 1, 2, 1, 2, 3])  # Strength, Expertise, then the tables
    b = roll_birth_filling({"constitution": 18}, dice)
    assert (b.strength, b.constitution, b.expertise, dice.left) == (10, 18, 9, 0)


def test_a_father_of_one_class_fixes_the_class_without_a_roll() -> None:
    dice = ScriptedDice([*ATTRS, 3])  # sibling only
    b = roll_birth_filling({"father": "Labourer"}, dice)
    assert (b.social_class, b.father, b.funds, dice.left) == ("Commoner", "Labourer", 10, 0)
    dice = ScriptedDice([*ATTRS, 2, 6])  # a title fixes a nobleman: sibling, father
    b = roll_birth_filling({"title": "Duke"}, dice)
    assert (b.social_class, b.father, b.social_level) == ("Nobleman", "Very Wealthy", 11)


def test_a_father_of_two_classes_rerolls_table_a_until_it_fits() -> None:
    # 'Wealthy' is a gentleman's or a nobleman's: a Commoner (3) is rolled again, then a
    # 6 and a 6: noble; sibling 2, then the title 1
    dice = ScriptedDice([*ATTRS, 3, 6, 6, 2, 1])
    b = roll_birth_filling({"father": "Wealthy"}, dice)
    assert (b.social_class, b.title, b.funds, dice.left) == ("Nobleman", "Knight", 750, 0)
    dice = ScriptedDice([*ATTRS, 2])  # no title: not noble, a Gentleman without a roll
    b = roll_birth_filling({"father": "Wealthy", "title": None}, dice)
    assert (b.social_class, b.social_level, dice.left) == ("Gentleman", 5, 0)


def test_a_given_orphan_is_a_first_son() -> None:
    dice = ScriptedDice([*ATTRS, 4, 4])  # class, father: no sibling die, no orphan die
    b = roll_birth_filling({"orphan": True}, dice)
    assert (b.sibling, b.orphan, b.funds, b.allowance, dice.left) == (
        "First Son",
        True,
        750,
        0,
        0,
    )
    dice = ScriptedDice([*ATTRS, 4, 1, 4])  # not an orphan: a first son makes no orphan roll
    b = roll_birth_filling({"orphan": False}, dice)
    assert (b.sibling, b.orphan, b.funds, dice.left) == ("First Son", False, 165, 0)


def test_given_derived_fields_are_checked_when_their_birth_is_given() -> None:
    given_birth = {k: v for k, v in GOOD.items() if k not in ("strength", "expertise")}
    b = roll_birth_filling(given_birth, ScriptedDice([3, 3, 4, 4]))
    assert b.to_dict() == {**GOOD, "strength": 12, "expertise": 14}
    with pytest.raises(InvalidMove, match=r"^funds: 300 does not follow"):
        roll_birth_filling({**given_birth, "funds": 300}, ScriptedDice([3, 3, 4, 4]))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"funds": 100}, r"^funds: follows from the birth, and social_class is to be rolled"),
        (
            {
                "social_class": "Gentleman",
                "sibling": "First Son",
                "father": "Wealthy",
                "allowance": 110,
            },
            r"^allowance: .*orphan is to be rolled: give orphan too",
        ),
        (
            {
                "social_class": "Nobleman",
                "sibling": "Bastard",
                "father": "Wealthy",
                "social_level": 6,
            },
            r"^social_level: .*title is to be rolled",
        ),
        ({"rank": "Lieutenant"}, r"^rank: not a field"),
        ({"strength": 19}, r"^strength: 19 is above the limit of 18"),
        ({"social_class": "Gentleman", "father": "Poor"}, r"^father: 'Poor' is not a Gentleman"),
        ({"father": "Admiral"}, r"^father: 'Admiral' is not a position on Birth Table C"),
        ({"father": "Labourer", "title": "Baron"}, r"^title: a Commoner's father has no title"),
        ({"social_class": "Nobleman", "title": None}, r"^title: a Nobleman's father has a"),
        ({"title": "Prince"}, r"^title: .* not 'Prince'$"),
        ({"sibling": "Bastard", "orphan": True}, r"^orphan: only a first son"),
        ({"orphan": "yes"}, r"^orphan: must be true or false"),
    ],
)
def test_roll_birth_filling_refuses_before_any_die(fields: dict[str, Any], message: str) -> None:
    dice = ScriptedDice([3] * 20)
    with pytest.raises(InvalidMove, match=message):
        roll_birth_filling(fields, dice)
    assert dice.used == 0


def test_given_derived_fields_with_a_fixed_birth_need_no_more() -> None:
    # a second son makes no orphan roll, a gentleman's father has no title: both fixed
    fields = {"social_class": "Gentleman", "sibling": "Second Son", "father": "Wealthy"}
    b = roll_birth_filling({**fields, "social_level": 5, "funds": 500}, ScriptedDice(ATTRS))
    assert (b.social_level, b.funds, b.allowance) == (5, 500, 100)


def test_scripted_dice_running_out_is_no_silent_default() -> None:
    with pytest.raises(OutOfCards):
        roll_birth(ScriptedDice(ATTRS))


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_any_rolled_birth_is_a_record_birth_from_accepts(seed: int) -> None:
    b = roll_birth(RandomDice(seed))
    assert birth_from(b.to_dict()) == b
    assert 8 <= min(b.strength, b.constitution, b.expertise)
    assert max(b.strength, b.constitution, b.expertise) <= 18


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.sets(st.sampled_from(("social_class", "sibling", "orphan", "father", "title"))),
)
def test_fields_from_any_birth_are_kept_and_the_rest_fits(seed: int, keep: set[str]) -> None:
    template = roll_birth(RandomDice(seed)).to_dict()
    given_fields = {k: template[k] for k in keep}
    b = roll_birth_filling(given_fields, RandomDice(seed + 1))
    assert {k: b.to_dict()[k] for k in keep} == given_fields
    assert birth_from(b.to_dict()) == b


@pytest.mark.parametrize("first", ["strategy.characters", "strategy.campaign.fleet"])
def test_either_package_imports_first(first: str) -> None:
    # fleet imports naval_ability from here: the two packages must load in either order
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = f"import {first}; import strategy.campaign, strategy.characters"
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=ROOT)
