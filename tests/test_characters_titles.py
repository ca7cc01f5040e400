"""Titles (Briny 001:1252-1269): the Title Table cell by cell against the book's printed
lines, and the King's roll with scripted dice: a 6 on one die, +1 for every three levels of
Social Level above the title's minimum, one less needed for each earlier qualification, +1
for each service after the first in one month, a pat on the back below Min SL, the next
higher title for a titled man, the Social Level raised to the title's New Social Level."""

from __future__ import annotations

import random

import pytest

from strategy.campaign.dice import ScriptedDice
from strategy.campaign.fleet import default_officers
from strategy.characters import TITLES, Character, roll_character
from strategy.characters import titles as t
from strategy.errors import InvalidMove

# the Title Table as printed (001:1263-1269): Title, Min SL, New SL, Status Points, Pension
TABLE = """\
Knight 6 10 10 -
Baron 7 11 10 10
Viscount 8 12 15 15
Earl 9 13 15 25
Marquess 10 14 20 100
Duke 11 15 20 100"""


@pytest.mark.parametrize("line", TABLE.splitlines())
def test_the_title_table_cell_by_cell(line: str) -> None:
    title, min_sl, new_sl, sps, pension = line.split()
    row = t.TITLE_TABLE[title]
    assert (row.min_sl, row.new_sl, row.sps) == (int(min_sl), int(new_sl), int(sps))
    assert row.pension == (None if pension == "-" else int(pension))


def test_the_table_is_birth_table_ds_titles_in_order_and_frozen() -> None:
    assert tuple(t.TITLE_TABLE) == TITLES
    with pytest.raises(TypeError):
        t.TITLE_TABLE["Knight"] = t.TITLE_TABLE["Duke"]  # type: ignore[index]


def test_the_untitled_roll_for_a_knighthood_on_a_six() -> None:
    """ "Players without titles become knights": SL 6 (Knight's Min SL), no modifier: a 5
    fails, a 6 makes him a knight, raised to SL 10 with 10 Status Points."""
    failed = t.title_roll(None, 6, 1, 0, ScriptedDice([5]))
    assert (failed["title"], failed["needed"], failed["total"], failed["granted"]) == (
        "Knight",
        6,
        5,
        False,
    )
    assert t.title_words(failed) == "Knight: not conferred (rolled 5, needed 6)"
    made = t.title_roll(None, 6, 1, 0, ScriptedDice([6]))
    assert (made["granted"], made["new_sl"], made["sps"], made["pension"]) == (True, 10, 10, None)


def test_three_levels_above_the_minimum_add_one() -> None:
    """ "Players add one to their die roll for every three levels they are above the minimum
    Social Level": SL 8 is 2 above the Knight's 6 (none), SL 9 is 3 (+1), SL 12 is 6 (+2)."""
    assert t.title_roll(None, 8, 1, 0, ScriptedDice([5]))["modifiers"] == []
    nine = t.title_roll(None, 9, 1, 0, ScriptedDice([5]))
    assert nine["modifiers"] == [{"why": "Social Level 9", "modifier": 1}] and nine["granted"]
    assert nine["new_sl"] == 10  # below the New Social Level: "automatically elevated"
    twelve = t.title_roll(None, 12, 1, 0, ScriptedDice([4]))
    assert twelve["total"] == 6 and twelve["granted"] and twelve["new_sl"] == 12  # kept


def test_each_earlier_qualification_lowers_the_roll_needed() -> None:
    """ "Every time, after the first attempt that a player qualifies for a title, he
    subtracts one from the die roll needed; this is cumulative"."""
    assert [t.title_roll(None, 6, 1, k, ScriptedDice([3]))["needed"] for k in range(3)] == [
        6,
        5,
        4,
    ]
    third = t.title_roll(None, 6, 1, 2, ScriptedDice([4]))
    assert third["granted"] and t.title_words(third) == (
        "Knight: conferred by the King (rolled 4, needed 4)"
    )


def test_more_services_in_a_month_add_one_each_but_one_roll() -> None:
    """ "If a character gains the chance for a title more than once in a month (i.e. BR of
    1, two mentions and being appointed as a minister), then he gains a +1 modifier for
    each attempt after the first but he does not get further chances": one die."""
    dice = ScriptedDice([4])
    rolled = t.title_roll(None, 6, 3, 0, dice)
    assert rolled["modifiers"] == [{"why": "3 services", "modifier": 2}] and rolled["granted"]
    assert dice.used == 1


def test_below_the_minimum_a_pat_on_the_back() -> None:
    """ "If his Social Level is below that listed under Min Social Level, he will not be
    titled ... and he will receive a pat on the back instead": no die."""
    dice = ScriptedDice([])
    rolled = t.title_roll(None, 5, 1, 0, dice)
    assert (rolled["pat_on_back"], rolled["granted"], rolled["die"], dice.used) == (
        True,
        False,
        None,
        0,
    )
    assert t.title_words(rolled) == "Knight: a pat on the back (Social Level below 6)"


def test_the_titled_roll_for_the_next_higher_and_a_duke_for_none() -> None:
    assert t.next_title(None) == "Knight"
    assert [t.next_title(x) for x in TITLES] == [*TITLES[1:], None]
    baron = t.title_roll("Knight", 10, 1, 0, ScriptedDice([6]))
    assert (baron["title"], baron["min_sl"], baron["new_sl"], baron["pension"]) == (
        "Baron",
        7,
        11,
        10,
    )
    with pytest.raises(InvalidMove):
        t.title_roll("Duke", 15, 1, 0, ScriptedDice([6]))


def test_a_character_titled_rises_in_social_level_and_keeps_it() -> None:
    rng = random.Random(3)
    c = roll_character(default_officers(rng)[0], 1805, rng)
    assert c.title is None and c.social_level == c.birth.social_level
    assert "title" not in c.to_dict() and "title_tries" not in c.to_dict()  # as before
    missed = c.titled(t.title_roll(None, 20, 1, 0, ScriptedDice([1])))
    assert (missed.title, missed.title_tries) == (None, 1)
    made = missed.titled(t.title_roll(None, 20, 1, 1, ScriptedDice([6])))
    assert (made.title, made.title_tries, made.own_title) == ("Knight", 0, "Knight")
    assert made.social_level == max(c.birth.social_level, 10)
    again = Character.from_dict(made.to_dict())
    assert again == made and again.to_dict()["title"] == "Knight"
