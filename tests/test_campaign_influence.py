"""Influence Tables A, B and C cell by cell against the book, favours combined and brought
to bear, and an NPC Prime Minister's commitment moved by influences rolled before his own
die (Briny En Garde!, INFLUENCE 001:476-536 and 001:1306-1307; docs/rules-notes.md,
"Influence and favours")."""

from __future__ import annotations

import pytest

from strategy.campaign.appointments import GOVERNMENT, NAVAL, appointee_post
from strategy.campaign.dice import ScriptedDice
from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS
from strategy.campaign.influence import (
    CLASSES,
    TABLE_A,
    TABLE_B,
    TABLE_C,
    appointee_favour,
    bring_to_bear,
    favour_needed,
    mistress_favours,
    rank_favour,
    resigns,
    season_favours,
    social_favour,
    swing,
)
from strategy.campaign.plan import (
    COMMITMENT_COLUMNS,
    influence_prime_minister,
    influenced_commitment,
)
from strategy.errors import InvalidMove, UnknownName

# Influence Table A as printed (001:482-491): Social Level, Influence
TABLE_A_BOOK = """\
8 or 9|1
10 or 11|2
12 or 13|3
14 or 15|4
16 or 17|5
18 or 19|6
20 or 21|7
22 or 23|8
24+|9"""

# Influence Table B as printed (001:496-505): Position, Favour to Influence
TABLE_B_BOOK = """\
King|9
Crown Prince, Prime Minister|8
Minister, First Sea Lord|7
Admiral, General of Marines, Speaker|6
Vice Admiral, Lt. General of Marines, Lord of the Admirality|5
Rear Admiral, Brigadier-General of Marines, Chairman Patriotic Fund|4
Captain, Lt. Colonel of Marines|3
Master & Commander, Major of Marines|2
Lieutenant, Captain of Marines|1"""

# Influence Table C as printed (001:516-531): Social Level, Normal Influence, Additional
TABLE_C_BOOK = """\
18 9 9
17 8 9
16 7 8
15 6 7
14 6 6
13 5 5
12 4 5
11 4 4
10 3 4
9 2 3
8 1 3
7 - 2
6 - 1
5 - 1
4 - 1
3 - 1"""


def _table_a_cells() -> list[tuple[int, int]]:
    cells = []
    for line in TABLE_A_BOOK.splitlines():
        levels, favour = line.split("|")
        if levels.endswith("+"):
            cells += [(int(levels[:-1]) + k, int(favour)) for k in (0, 1, 10)]
        else:
            low, high = (int(x) for x in levels.split(" or "))
            cells += [(low, int(favour)), (high, int(favour))]
    return cells


@pytest.mark.parametrize(("social_level", "favour"), _table_a_cells())
def test_influence_table_a_cell_by_cell(social_level: int, favour: int) -> None:
    assert social_favour(social_level) == favour


@pytest.mark.parametrize("social_level", [0, 1, 3, 7])
def test_below_social_level_8_no_favour(social_level: int) -> None:
    assert social_favour(social_level) is None
    assert season_favours(social_level) == ()


def test_table_a_rows_as_transcribed() -> None:
    assert len(TABLE_A) == 9 and TABLE_A[0] == (8, 9, 1) and TABLE_A[-1] == (24, None, 9)


def _table_b_cells() -> list[tuple[str, int]]:
    cells = []
    for line in TABLE_B_BOOK.splitlines():
        positions, favour = line.split("|")
        cells += [(p, int(favour)) for p in positions.split(", ")]
    return cells


@pytest.mark.parametrize(("position", "favour"), _table_b_cells())
def test_influence_table_b_cell_by_cell(position: str, favour: int) -> None:
    assert favour_needed(position) == favour


def test_table_b_has_the_books_positions_only() -> None:
    assert sorted(TABLE_B) == sorted(p for p, _ in _table_b_cells())
    with pytest.raises(UnknownName, match="no position 'Pope'"):
        favour_needed("Pope")


def _table_c_rows() -> list[tuple[int, int | None, int | None]]:
    rows = []
    for line in TABLE_C_BOOK.splitlines():
        sl, normal, extra = line.split()
        rows.append((int(sl), None if normal == "-" else int(normal), int(extra)))
    return rows


@pytest.mark.parametrize(("social_level", "normal", "extra"), _table_c_rows())
def test_influence_table_c_cell_by_cell(
    social_level: int, normal: int | None, extra: int | None
) -> None:
    row = TABLE_C[social_level]
    assert (row["normal"], row["influential"]) == (normal, extra)
    plain = () if normal is None else (normal,)
    assert mistress_favours(social_level, influential=False) == plain
    assert mistress_favours(social_level, influential=True) == (*plain, extra)


def test_table_c_off_the_table() -> None:
    assert sorted(TABLE_C) == list(range(3, 19))
    with pytest.raises(UnknownName):
        mistress_favours(19, influential=False)


def test_the_government_posts_give_their_printed_favours_each_season() -> None:
    """The Government Appointments Table's Infl (001:1212-1218): "7 & 8" is two favours."""
    assert {k: p.influence for k, p in GOVERNMENT.items()} == {
        "Attorney-General": (7,),
        "Chancellor of the Exchequer": (7, 8),
        "Minister Without Portfolio": (9,),
        "Lord Keeper of the Great Seal": (7,),
        "First Sea Lord": (8, 9),
        "Prime Minister": (9, 9),
    }
    assert all(p.influence == () for p in NAVAL.values())  # their Infl column is lost
    # a First Sea Lord of Social Level 12: his SL's class 3 and the post's 8 and 9
    assert season_favours(12, GOVERNMENT["First Sea Lord"].influence) == (3, 8, 9)


def test_the_books_example_a_class_9_favour_on_a_general() -> None:
    """001:494: "a class 9 favour will obtain a die roll modification of 4 on the
    decisions of a General" (General of Marines: Table B 6)."""
    assert bring_to_bear([9], favour_needed("General of Marines")) == {
        "combined": [9],
        "modifier": 4,
    }


@pytest.mark.parametrize(
    ("favours", "combined", "modifier"),
    [
        ([8], [8], 1),  # Table B's class for a Prime Minister: one
        ([9], [9], 2),  # one more for each class above it
        ([8, 9], [8, 9], 3),  # more than one brought to bear
        ([7, 7], [8], 1),  # "two class 4 favours make a class 5 and so on"
        ([6, 6, 6, 6], [8], 1),  # again, while a pair is below the class needed
        ([7, 7, 8], [8, 8], 2),
        ([8, 8], [8, 8], 2),  # at the class needed combining never adds: kept apart
    ],
)
def test_favours_brought_to_bear_on_a_prime_minister(
    favours: list[int], combined: list[int], modifier: int
) -> None:
    assert bring_to_bear(favours, 8) == {"combined": combined, "modifier": modifier}


@pytest.mark.parametrize(
    ("favours", "words"),
    [
        ([], "at least one favour"),
        ([7], "class 7 favour left alone"),
        ([7, 8], "class 7 favour left alone"),
        ([6, 6, 6], "class 6 favour left alone"),
        ([10], "class 1..9"),
        ([0], "class 1..9"),
    ],
)
def test_a_favour_that_adds_nothing_is_refused(favours: list[int], words: str) -> None:
    with pytest.raises(InvalidMove, match=words):
        bring_to_bear(favours, 8)


@pytest.mark.parametrize(
    ("die", "modifier", "ships"),
    [(5, 1, 0), (6, 1, 1), (5, 2, 1), (6, 2, 1), (6, 3, 2), (1, 8, 2), (3, 3, 0)],
)
def test_one_ship_on_7_two_on_9(die: int, modifier: int, ships: int) -> None:
    """001:1306: "add or subtract ... one ship ... on a die roll of 7 ... two ships on a
    roll of 9" (8 reads as 7, 10 and more as 9)."""
    assert swing(die, modifier) == ships


def test_influences_rolled_before_the_prime_ministers_die_move_it_as_the_book() -> None:
    """The server rolls each influence when it is made and the NPC Prime Minister's die
    later: the commitment comes out as influence_prime_minister's with the same dice."""
    for digit in range(1, 7):
        for moves in ([1], [-1], [2, -1], [-2, -2, -2], [2, 2, 2], [1, -1]):
            # the dice influence_prime_minister would roll for the same outcome
            dice = [{2: 6, 1: 5, -1: 5, -2: 6}[m] for m in moves]
            attempts = [{"direction": 1 if m > 0 else -1, "modifier": 3} for m in moves]
            ships, _ = influence_prime_minister(digit, attempts, ScriptedDice([*dice]))
            got = influenced_commitment(digit, moves, ScriptedDice([2]))
            assert got["ships"] == ships, (digit, moves)
            assert got["ships_rolled"] == COMMITMENT_COLUMNS.index(digit) + 3
            if ships == got["ships_rolled"]:
                assert (got["column"], got["column_die"]) == (digit, None)
            elif ships == 3:
                assert (got["column"], got["column_die"]) == (1, 2)  # 1-3: column 1
            else:
                assert got["column"] == COMMITMENT_COLUMNS[ships - 3]


def test_a_worked_example_one_ship_more_from_column_1() -> None:
    """The NPC Prime Minister rolls 1 (column 1, 3 ships); one influence for one more
    ship: 4 ships, column 3 (COMMITMENT_COLUMNS), no die."""
    assert influenced_commitment(1, [1], ScriptedDice([])) == {
        "ships_rolled": 3,
        "ships": 4,
        "column": COMMITMENT_COLUMNS[1],
        "column_die": None,
    }
    # down to 3 ships from column 3: a die, 4-6 column 3
    assert influenced_commitment(3, [-1], ScriptedDice([5]))["column"] == 3
    with pytest.raises(InvalidMove):
        influenced_commitment(1, [3], ScriptedDice([]))


@pytest.mark.parametrize(
    ("rank", "favour"),
    [
        ("Midshipman", 1),  # below the table's lowest row: a Lieutenant's
        ("Lieutenant", 1),
        ("Master & Commander", 2),
        ("Captain", 3),
        ("Post Captain", 3),
        ("Rear Admiral", 4),
        ("Vice Admiral", 5),
        ("Admiral", 6),
        ("Major RM", 2),
        ("Colonel RM", 3),
        ("Major General RM", 4),
        ("General RM", 6),
    ],
)
def test_an_npcs_rank_reads_its_row_of_table_b(rank: str, favour: int) -> None:
    """The NPC asked to resign is influenced by his rank's row (docs/rules-notes.md,
    "Announced decisions")."""
    assert rank_favour(rank) == favour


@pytest.mark.parametrize(
    ("appointee", "favour"),
    [
        ("Captain", 3),
        ("1st Lieutenant", 1),
        ("Admiral", 6),
        ("First Sea Lord", 7),
        ("Prime Minister", 8),
        ("Crown Prince", 8),
        ("Chairman of Patriotic Fund", 4),
        ("Chancellor of the Exchequer", 7),
        ("Naval Yards Supervisor", 5),
        ("Port Admiral", 4),
    ],
)
def test_an_appointee_reads_its_row_of_table_b(appointee: str, favour: int) -> None:
    assert appointee_favour(appointee) == favour


def test_every_appointee_of_the_tables_and_every_rank_is_read_and_an_npc_resigns_on_7() -> None:
    for p in (*NAVAL.values(), *GOVERNMENT.values()):
        assert appointee_favour(appointee_post(p)) in CLASSES
    assert all(rank_favour(r) in CLASSES for r in (*NAVY_RANKS, *MARINE_RANKS))
    with pytest.raises(UnknownName):
        rank_favour("Bosun")
    assert (resigns(6, 0), resigns(6, 1), resigns(1, 6), resigns(6, 2 - 2)) == (
        False,
        True,
        True,
        False,
    )
