"""Ship Tables A and B (Briny 001:548-628) cell by cell against the book's printed lines,
and the applications and purchases they govern, with scripted dice."""

from __future__ import annotations

import pytest

from strategy.campaign import ship_tables as st
from strategy.campaign.dice import ScriptedDice
from strategy.campaign.fleet import ship, ship_named
from strategy.errors import InvalidMove

# Ship Table A as printed (001:556-565): the ships, then the minimum roll by Social Level 1..16
TABLE_A = """\
Royal Oak - - - - - - 5 5 4 4 3 3 2 2 1 1
Ferocious or Indomitable - - - - - 5 5 4 4 3 3 2 2 1 1 0
Nemesis - - - - 5 5 4 4 3 3 2 2 1 1 0 0
Fiddler's Green or Vanguard - - - 5 5 4 4 3 3 2 2 1 1 0 0 −1
Thermopylae - - 5 5 4 4 3 3 2 2 1 1 0 0 −1 −1
Dreadnought or Glenmorangie - 5 5 4 4 3 3 2 2 1 1 0 0 −1 −1 −2
Halcyon 5 5 4 4 3 3 2 2 1 1 0 0 −1 −1 −2 −2
Achilles or Devonshire 5 4 4 3 3 2 2 1 1 0 0 −1 −1 −2 −2 −3
Mercury 4 4 3 3 2 2 1 1 0 0 −1 −1 −2 −2 −3 −3
Hornet or Enterprise 4 3 3 2 2 1 1 0 0 −1 −1 −2 −2 −3 −3 −4"""

# Ship Table B's ranks to Lieutenant as printed (001:570-589), columns 1..10
TABLE_B = """\
Sailor 7 6 5 4 3 2 1 1 1 1 Min. Social Level
- - - - - - - - - - Purchase price
12 10 10 8 8 6 4 4 2 2 Monthly Pay
6 5 4 3 3 2 1 0 0 0 Monthly Status
Able Seaman 8 7 6 5 4 3 2 2 1 1 Min. Social Level
140 130 120 110 100 90 80 70 60 50 Purchase price
16 14 14 10 10 8 6 6 4 4 Monthly Pay
7 6 5 4 4 3 2 1 0 0 Monthly Status
Midshipman 9 8 7 6 5 4 3 3 2 2 Min. Social Level
150 140 130 120 110 100 90 80 70 60 Purchase price
18 16 16 14 14 12 10 10 8 8 Monthly Pay
8 7 6 5 5 4 3 2 1 0 Monthly Status
Lieutenant 10 9 8 7 6 5 4 4 3 3 Min. Social Level
170 160 150 140 130 120 110 100 90 80 Purchase Price
22 20 20 18 18 16 14 14 12 12 Monthly Pay
9 8 7 6 6 5 4 3 2 1 Monthly Status"""

# The captains' rows (001:590-608): row, the ships of its rates, SL, price, pay, status
CAPTAINS = [
    ("Master & Commander", ["ME", "HO", "EN", "CA", "TI"], [5], [None], [20], [3]),
    ("Junior Captain", ["HA", "AC", "DE"], [6, 6, 5], [180, 170, 160], [22, 22, 20], [6, 5, 4]),
    (
        "Senior Captain",
        ["FG", "VA", "TH", "DR", "GL"],
        [9, 8, 7],
        [210, 200, 190],
        [26, 26, 24],
        [8, 8, 7],
    ),
    (
        "Post Captain",
        ["RO", "FE", "IN", "NE"],
        [12, 11, 10],
        [240, 230, 220],
        [30, 28, 28],
        [11, 10, 9],
    ),
]

#: the column each captains' row of three is printed from (001:614-624: Royal Oak 1 ..)
FIRST_COLUMN = {"Junior Captain": 7, "Senior Captain": 4, "Post Captain": 1}


def _number(cell: str) -> int | None:
    return None if cell == "-" else int(cell.replace("−", "-"))


def _table_a_rows() -> list[tuple[str, list[int | None]]]:
    rows = []
    for line in TABLE_A.splitlines():
        words = line.split(" ")
        cells, names = words[-16:], " ".join(words[:-16])
        for name in names.split(" or "):
            rows.append((name, [_number(c) for c in cells]))
    return rows


@pytest.mark.parametrize("name, cells", _table_a_rows())
def test_ship_table_a_cell_by_cell(name: str, cells: list[int | None]) -> None:
    code = ship_named(name).code
    assert [st.application_minimum(code, sl) for sl in range(1, 17)] == cells
    assert st.application_minimum(code, 20) == cells[-1]  # beyond 16 reads the 16 column
    assert not st.is_automatic(code)


def test_the_blockades_caligula_and_tickler_accept_automatically() -> None:
    for code in ("CA", "TI"):
        assert st.is_automatic(code) and st.application_minimum(code, 1) is None
        assert st.application(code, 1, 9, ScriptedDice([])) == {
            "ship": code,
            "social_level": 1,
            "automatic": True,
            "accepted": True,
        }


def _table_b_rows() -> list[tuple[str, list[list[int | None]]]]:
    lines = TABLE_B.splitlines()
    rows = []
    for i in range(0, len(lines), 4):
        rank = lines[i].split(" Min.")[0].rsplit(" ", 10)[0]
        cells = [
            [_number(c) for c in line.removeprefix(rank).split()[:10]] for line in lines[i : i + 4]
        ]
        rows.append((rank, cells))
    return rows


@pytest.mark.parametrize("rank, cells", _table_b_rows())
def test_ship_table_b_ranks_cell_by_cell(rank: str, cells: list[list[int | None]]) -> None:
    sl, price, pay, status = cells
    # each column by the ships that read it (001:614-624), Caligula and Tickler the 10th
    for code in (
        "RO",
        "FE",
        "IN",
        "NE",
        "FG",
        "VA",
        "TH",
        "DR",
        "GL",
        "HA",
        "AC",
        "DE",
        "ME",
        "HO",
        "EN",
        "CA",
        "TI",
    ):
        cell = st.ship_rank(rank, code)
        i = ship(code).column - 1
        assert (cell.rank, cell.column) == (rank, i + 1)
        got = (cell.min_social_level, cell.purchase_price, cell.monthly_pay, cell.monthly_status)
        assert got == (sl[i], price[i], pay[i], status[i]), (rank, code)


@pytest.mark.parametrize("row, ships, sl, price, pay, status", CAPTAINS)
def test_ship_table_b_captains_rows_by_their_ships(
    row: str,
    ships: list[str],
    sl: list[int],
    price: list[int | None],
    pay: list[int],
    status: list[int],
) -> None:
    for code in ships:
        cell = st.ship_rank(row, code)
        i = 0 if len(sl) == 1 else cell.column - FIRST_COLUMN[row]
        got = (cell.min_social_level, cell.purchase_price, cell.monthly_pay, cell.monthly_status)
        assert got == (sl[i], price[i], pay[i], status[i]), code
        assert st.command_row(code) == row
    other = next(c for c in ("RO", "FG", "HA", "HO") if c not in ships)
    with pytest.raises(InvalidMove):
        st.ship_rank(row, other)


def test_each_ship_reads_her_own_column() -> None:
    # 001:614-624: Royal Oak column 1 .. Hornet and Enterprise column 10
    assert st.ship_rank("Lieutenant", "RO").column == 1
    assert st.ship_rank("Lieutenant", "IN").monthly_pay == 20  # column 2
    assert st.ship_rank("Lieutenant", "EN").purchase_price == 80  # column 10
    assert st.ship_rank("Junior Captain", "AC").purchase_price == 170  # column 8
    assert st.ship_rank("Senior Captain", "GL").purchase_price == 190  # column 6


def test_an_application_rolls_one_die_and_two_rejections_cost_one() -> None:
    # Social Level 9 to Thermopylae needs a 2: a 2 gets him in
    assert st.application("TH", 9, 0, ScriptedDice([2]))["accepted"]
    assert not st.application("TH", 9, 0, ScriptedDice([1]))["accepted"]
    # after two rejections, the same 2 is a 1: refused
    two = st.application("TH", 9, 2, ScriptedDice([2]))
    assert (two["modifier"], two["total"], two["accepted"]) == (-1, 1, False)
    assert st.application_modifier(3) == -1 and st.application_modifier(4) == -2
    # a 0 or less: any die gets him in, unless rejections take it down
    assert st.application("HO", 16, 0, ScriptedDice([1]))["accepted"]
    with pytest.raises(InvalidMove, match="does not take a character of Social Level 6"):
        st.application("RO", 6, 0, ScriptedDice([6]))


def test_the_worked_example_a_lieutenant_of_social_level_8() -> None:
    """He tries the Royal Oak (needs 5: rolls 3, rejected), then only lower ships: Nemesis
    (needs 4: rolls 2, rejected), then Fiddler's Green with two rejections behind him
    (needs 3, rolls 3, less 1: rejected), then Halcyon (needs 2: rolls 3, less 1: in)."""
    dice = ScriptedDice([3, 2, 3, 3])
    results = [st.application(code, 8, n, dice) for n, code in enumerate(("RO", "NE", "FG", "HA"))]
    assert [(r["needed"], r["die"], r["modifier"], r["accepted"]) for r in results] == [
        (5, 3, 0, False),
        (4, 2, 0, False),
        (3, 3, -1, False),
        (2, 3, -1, True),
    ]


def test_a_captaincy_is_bought_from_the_row_below_at_her_columns_price() -> None:
    assert st.purchase("Master & Commander", "HA", 6).purchase_price == 180
    assert st.purchase("Junior Captain", "TH", 8).purchase_price == 200
    assert st.purchase("Senior Captain", "NE", 10).purchase_price == 220
    with pytest.raises(InvalidMove, match="must have Social Level 12, not 11"):
        st.purchase("Senior Captain", "RO", 11)
    with pytest.raises(InvalidMove, match="Royal Oak is a Post Captain's"):
        st.purchase("Master & Commander", "RO", 16)
    with pytest.raises(InvalidMove, match="no captaincy above"):
        st.purchase("Post Captain", "RO", 16)
    with pytest.raises(InvalidMove, match="not a Lieutenant"):
        st.purchase("Lieutenant", "HO", 16)


def test_his_row_and_pay_follow_his_rank_and_ship() -> None:
    assert st.officer_row("Captain", "HA") == "Junior Captain"
    assert st.officer_row("Captain", "FG") == "Senior Captain"
    assert st.officer_row("Captain", "HA", bought="Senior Captain") == "Senior Captain"
    # a row bought is his while he holds its rank: promoted, his rank's row again
    assert st.officer_row("Post Captain", "HA", bought="Senior Captain") == "Post Captain"
    assert st.pay("Captain", "HA") == {"row": "Junior Captain", "column": 7, "pay": 22, "status": 6}
    assert st.pay("Post Captain", "NE")["pay"] == 28
    assert st.pay("Master & Commander", "HO") == {
        "row": "Master & Commander",
        "column": 10,
        "pay": 20,
        "status": 3,
    }
    # a Captain in a 1st rate draws the nearest printed cell of his rank's row
    assert st.pay("Captain", "RO") == {"row": "Senior Captain", "column": 4, "pay": 26, "status": 8}
    # the admirals by the Admiralty Table (001:684)
    assert st.pay("Vice Admiral", None) == {
        "row": "Vice Admiral",
        "column": None,
        "pay": 45,
        "status": 14,
    }
    with pytest.raises(InvalidMove):
        st.pay("Captain", None)


def test_the_data_is_frozen() -> None:
    with pytest.raises(TypeError):
        st._TABLE_B["Sailor"]["monthly_pay"] = ()  # type: ignore[index]
