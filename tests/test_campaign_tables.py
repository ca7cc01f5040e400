"""Campaign tables of Briny En Garde!, checked cell by cell against the book.

Each table below is a literal copy of the seed's text (Naval Table E, Navy Table F, the
Battle Result Table and Interpretations, the Personal Outcome Table and its modifiers),
parsed here by code independent of the data loader; the garbled cells are read as
docs/rules-notes.md ("Summer campaign") says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from strategy.campaign import battle_result, force_organisation, personal_outcome_targets
from strategy.campaign.fleet import SHIPS, ship_named
from strategy.campaign.tables import (
    ORDER_WORDS,
    ORDERS,
    force_commitment,
    interpretation,
    nelson_wound,
    rank_modifiers,
    ship_modifiers,
    table_e_order,
    table_f_readings,
)

# fmt: off
TABLE_F = """\
Roll Fleet Squadron Vessels
11 Channel Fleet Red FE, DR, AC (B)
Blue NE, VA, GL (B)
Blockade ME, EN, HO, CA, TI (B)
12 Channel Fleet Red FE, AC (B), DR (C)
Blue NE, VA, GL (B)
Mediterranean Blockade EN, HO, CA, TI (B)
West Indies (none) ME (I)
13 Channel Fleet Red DR (B), FE, AC (C)
Blue NE, GL (B), VA (C)
Blockade EN, HO, CA, TI (B), ME (C)
14 Channel Fleet Blue NE, VA, GL (I)
Blockade ME, CA, TI (B), EN (C)
Mediterranean Red FE, DR, AC (F)
West Indies (none) HO (I)
15 Channel Fleet Red FE, DR, AC (F)
Blue NE (F), VA, GL (I)
Blockade HO, SH, CA, TI (B), EN (C)
Mediterranean (none) ME (I)
16 Channel Fleet Red FE, DR, AC (F)
Blue NE, VA, GL (F)
Blockade ME, CA, TI (B),
Mediterranean (none) EN (I)
Roll Fleet Squadron Vessels
21 Channel Fleet White RO, IN, TH, HA (B)
Red FE, FG, DR (B)
Blue NE, GL, DE (B)
Blockade ME, EN, HO, CA, TI (B)
22 Channel Fleet Red FE, FG (B), DR (C)
Blue NE, GL, DE (B)
Mediterranean White RO (C), IN, TH (B)
Blockade EN, HO, CA, TI (B)
West Indies (none) HA, ME (I)
23 Channel Fleet Red FE (C), FG, DR (B)
Blue NE, GL (B), DE (C)
Blockade EN, HO, CA, TI (B), ME (C)
Mediterranean White RO, IN, HA (I)
West Indies (none) TH (F)
24 Channel Fleet Blockade ME, EN, CA, TI (B)
Mediterranean Red FE, FG, DR, HO (I)
Blue NE, GL (I), DE (F)
West Indies White RO, TH, HA (F), IN (I)
25 Channel Fleet Blockade HO, CA, TI (B), EN (C)
Mediterranean Red FE, FG, DR (F)
Blue NE, DE (F), GL (I),
White RO, IN, HA (F),
West Indies (none) TH (I), ME (I)
26 Channel Fleet White RO, IN, TH, HA (F)
Red FE, FG, DR (F)
Blue NE, GL, DE (F)
Blockade ME, CA, TI (B), HO (C)
Mediterranean (none) EN (I)
Roll Fleet Squadron Vessels
31 Channel Fleet Red FG, DR, AC (B)
Blue NE, VA, DE (B)
Blockade ME, EN, HO, CA, TI (B)
West Indies (none) HA (B)
32 Channel Fleet Red FG, AC (B) DR (C),
Blue NE, VA, DE (B)
Mediterranean Blockade EN, HO, CA, TI (B)
West Indies (none) HA, ME (I)
33 Channel Fleet Red FG, DR, (B), AC (C)
Blue NE (B), VA, DE (C)
Blockade EN, HO, CA, TI (B), ME (C)
Mediterranean (none) HA (I)
34 Channel Fleet Red FG, DR (I), AC, HA (F)
Blue NE, VA, DE (I)
Mediterranean Blockade ME, EN, CA, TI (B)
West Indies (none) HO (I)
35 Channel Fleet Red FG, DR, AC (F)
Mediterranean (none) ME (I)
West Indies Blue NE, DE, HA (F), VA (I)
Blockade HO, CA, TI (B), EN (C)
36 Channel Fleet Red FG, DR, AC, HA (F)
Blue NE, VA, DE (F)
Blockade ME, CA, TI (B), HO (C)
West Indies (none) EN (I)
Roll Fleet Squadron Vessels
41 Channel Fleet White RO, TH, HA (B)
Red FE, FG, AC (B)
Blue VA, GL, DE (B)
Blockade ME, EN, HO, CA, TI (B)
42 Channel Fleet Red FE, FG, AC (B)
Blue VA, GL, DE (B)
Mediterranean White RO (C), TH (B), HA (I)
Blockade EN, HO, CA, TI (B)
West Indies (none) ME (I)
43 Channel Fleet White RO, HA (I), TH (F)
Mediterranean Red FE, AC (C), FG (B)
Blue VA, DE (C), GL (B)
Blockade EN, HO, CA, TI (B), ME (C)
44 Channel Fleet White RO, TH, HA (F)
Mediterranean Red FE, FG, HO (I), AC (F)
Blue VA, GL, DE (I)
West Indies Blockade ME, EN, CA, TI (B)
45 Channel Fleet White RO, HA (F), TH (I)
Red FE, FG, (I), AC (F)
Mediterranean ME (I)
West Indies Blue VA, GL, DE (I)
Blockade HO, CA, TI (B), EN (C)
46 Channel Fleet White RO, TH, HA (F)
Red FE, FG, AC (F)
Blue VA, GL, DE (F)
Blockade ME, CA, TI (B), HO (C)
West Indies (none) EN (I)
Roll Fleet Squadron Vessels
51 Channel Fleet Red FE, FG, DR, AC (B)
Blue VA, GL, DE (B)
Blockade HA, ME, EN, HO, CA, TI (B)
52 Channel Fleet Red FE, FG, AC (B), DR (C)
Blue VA, GL, DE (B)
Mediterranean Blockade EN, HO, CA, TI (B)
West Indies (none) HA, ME (I)
53 Channel Fleet Red FE, AC (C) FG, DR (B)
Blue VA, DE (C), GL (B)
Blockade EN, HO, CA, TI (B), ME (C)
West Indies (none) HA (I)
54 Channel Fleet Red FE, FG, DR (I), AC (F)
Blue VA, GL, DE (I), HA (F)
Mediterranean Blockade ME, EN, CA, TI (B)
West Indies (none) HO (I)
55 Channel Fleet Blue VA, GL, (I) DE (F),
Blockade HO, CA, TI (B), EN (C)
Mediterranean (none) ME (I)
West Indies Red FE, FG, DR, AC, HA (F)
56 Channel Fleet Red FE, FG, DR, AC (F)
Blue VA, GL, DE, HA (F)
Blockade ME, CA, TI (B), HO (C)
West Indies (none) EN (I)
Roll Fleet Squadron Vessels
61 Channel Fleet White RO, IN, TH, DR (B)
Blue NE, VA, GL, DE (B)
Blockade ME, EN, HO, CA, TI (B)
62 Channel Fleet Blue NE, VA, GL, DE (B)
Mediterranean White RO, DR (C), IN, TH, (B)
Blockade EN, HO, CA, TI (B)
West Indies (none) ME (I)
63 Channel Fleet White RO, IN, (I), TH (F)
Blue NE, DR, GL (B), VA, DE (C)
EN, HO (B), ME (C)
Blockade CA, TI (B)
64 Channel Fleet White RO, IN, TH (F)
Blockade ME, EN, CA, TI (B)
Mediterranean (none) HO (I)
West Indies Blue NE, DR, GL, VA, DE (I)
65 Channel Fleet White RO, IN, DR (F), TH (I)
Mediterranean Blue NE, DE (F),GL, VA (I)
Blockade HO, CA, TI (B), EN (C)
West Indies (none) ME (I)
66 Channel Fleet White RO, IN, TH, DR (F)
Blue NE, VA, GL, DE (F)
Blockade ME, CA, TI (B), HO (C)
Mediterranean (none) EN (I)
Roll Fleet Squadron Vessels
71 Channel Fleet White RO, IN, HA (B)
Red FE, DR, AC (B)
Blue NE, VA, DE (B)
Blockade ME, EN, HO, CA, TI (B)
72 Channel Fleet White IN, TH (B), HA (I)
Red FE, FG, AC (B),
Blue NE, VA, GL,
Blockade EN, HO, CA, TI (B)
Mediterranean White RO, DR (C), DE (B)
West Indies (none) ME (I)
73 Channel Fleet White RO, IN, HA (I),
Mediterranean Red FE (C), FG, DR (B)
Blockade EN, HO, CA, TI (B), ME (C)
Blue NE, GL (B), VA, DE (C)
West Indies Blue VA, AC (C), TH (F)
74 Channel Fleet White RO, TH, HA (F)
Mediterranean Blockade ME, EN, CA, TI (B)
West Indies White IN, AC (F), GL (I)
Red FE, FG, DR (I)
Blue NE, VA, DE, HO (I)
75 Channel Fleet Blue NE, DE (F), VA (I)
Blockade HO, CA, TI (B), EN (C)
Mediterranean White RO, IN, HA (F)
Red FE, DR, AC (F)
West Indies Red FG (F), TH, GL, ME (I)
76 Channel Fleet White RO, IN, TH, (F)
Red FE, FG, AC (F)
Blue NE, GL, DE (F)
Blockade ME, CA, TI (B), HO (C)
Mediterranean (none) EN (I)
West Indies Blue VA, TH, HA (F)
"""

TABLE_E = """\
Royal Oak W X X X B C I F F F
Ferocious R X X X X B B C I F F
Nemesis B X X X X B B B I F F
Indomitable W X X B B I F F F
Fiddler's Green R X X X X B B B I F F
Vanguard B X X X X X B B C I I F
Thermopylae W X X X B B F F I F
Dreadnought R X X X X X B C B I F F
Glenmorangie B X X X X X B B B I I F
Halcyon W X X X X B I I F F F
Achilles R X X X X B B C F F F
Devonshire B X X X X X B B C I F F
Mercury BL X X X X X X B I C B I B
Enterprise BL X X X X X X B B B B C I
Hornet BL X X X X X X B B B I B C
"""

BATTLE = """\
1 6 6 6 5 5 5 4 4 4 3
2 6 5 5 5 4 4 4 3 3 3
3 5 5 4 4 4 3 3 3 2 2
4 4 4 3 3 3 3 2 2 2 1
5 4 3 3 3 2 2 2 1 1 1
6 3 3 2 2 2 1 1 1 1 1
"""

INTERP = """\
Blockade Independent Action
6 Ship sunk by storm or enemy action. 6 Own ship captured.
5 Ship dismasted. 5 Own ship sunk.
4 Inconclusive. 4 Pyrrhic victory.
3 Inconclusive. 3 Inconclusive.
2 Blockade successful, enemy ship can't get through. 2 Enemy ship sunk.
1 Blockade successful, enemy ship captured. 1 Enemy ship captured.
Cutting out Fleet action
6 Attack fails, own ship sunk by red-hot shot. 6 Crushing defeat, ship shot to pieces.
5 Attack fails abysmally, own ship disabled. 5 Defeat, ship sunk.
4 Inconclusive. 4 Inconclusive.
3 Inconclusive. 3 Inconclusive.
2 Enemy ship sunk at quay. 2 Victory, enemy ship sunk.
1 Enemy ship captured. 1 Brilliant victory, enemy ship captured.
"""

OUTCOME = """\
Block. 1 10 11 9 9 (3 x 100)
2 8 9 7 8 (4 x 100)
3 11 12 10 11 (2 x 100)
4 11 12 10 12 (1 x 100)
5 9 10 8 -
6 7 8 6 -
Cutt. 1 9 9 8 4 (4 x 100)
2 8 7 7 5 (6 x 100)
3 7 6 6 6 (4 x 100)
4 9 11 8 -
5 8 9 7 -
6 6 8 5 -
Indep. 1 9 9 8 7 (2 x 100)
2 8 10 7 9 (2 x 50)
3 10 12 9 12 (1 x 50)
4 10 12 9 12 (1 x 50)
5 6 7 5 -
6 7 11 6 -
Fleet 1 10 9 9 8 (2 x 50)
2 10 10 9 9 (2 x 100)
3 9 12 8 10 (2 x 50)
4 8 12 7 11 (1 x 50)
5 7 10 6 12 (1 x 50)
6 6 7 5 -
"""

SHIP_MODS = """\
Royal Oak +3 0 +1 −2
Ferocious +2 0 0 −1
Nemesis +2 −1 0 −1
Indomitable +2 0 0 0
Fiddler's Green +1 −1 −1 0
Vanguard +1 0 0 0
Thermopylae 0 0 +1 0
Dreadnought, Glenmorangie 0 0 0 0
Halcyon, Achilles, Devonshire, Caligula −1 0 +1 −2
Hornet, Mercury, Enterprise, Tickler −2 −2 −1 +2
"""

RANK_MODS = """\
Sailor, Private RM 0 0 0 0
Able Seaman, Midshipman, Subalt. RM, Lieut. RM +1 0 0 −1
Lieutenant, Captain RM +1 0 0 −1
Master & Commander, Major RM +2 0 0 −2
Captain, Lt. Colonel RM +2 −1 0 −2
Post Captain, Colonel RM +2 −1 0 −2
Rear Admiral, Brigade General RM +3 −1 n/a n/a (−3)
Vice Admiral, Lieutenant General RM +3 0 n/a n/a (−3)
Admiral, General RM +3 0 n/a n/a (−3)
"""

# fmt: on

FLEETS = ("Channel Fleet", "Mediterranean", "West Indies")
SQUADRONS = ("White", "Red", "Blue", "Blockade", "(none)")


def _parse_table_f(text: str) -> dict[int, list[tuple[str, str | None, str, str]]]:
    """The book's Table F as (fleet, squadron, ship, order) per roll, garbles and all."""
    rolls: dict[int, list] = {}
    roll = fleet = None
    for line in text.splitlines():
        if line.startswith("Roll Fleet"):
            continue
        m = re.match(r"(\d\d) (.*)", line)
        if m:
            roll, line = int(m.group(1)), m.group(2)
            rolls[roll] = []
        for f in FLEETS:
            if line.startswith(f):
                fleet, line = f, line[len(f) :].strip()
        squadron = "?"
        for s in SQUADRONS:
            if line.startswith(s + " "):
                squadron, line = (None if s == "(none)" else s), line[len(s) :].strip()
        pending: list[str] = []
        for token in re.findall(r"\([BIFC]\)|[A-Z]{2}", line):
            if token.startswith("("):
                rolls[roll] += [(fleet, squadron, code, token[1]) for code in pending]
                pending = []
            else:
                pending.append(token)
        rolls[roll] += [(fleet, squadron, code, "?") for code in pending]
    return rolls


def _read_garbles(roll: int, rows: list) -> list:
    """The readings of docs/rules-notes.md, applied to the book's rows."""
    out, seen = [], set()
    for fleet, squadron, code, order in rows:
        if code == "SH":  # no ship has the code SH (roll 15)
            continue
        if squadron == "?":  # a line with no squadron (rolls 45 and 63)
            squadron = None if roll == 45 else "Blockade"
        if order == "?":  # roll 72: "Blue NE, VA, GL," with no order
            order = "B"
        if code in seen:  # rolls 73 (VA) and 76 (TH): a ship listed twice
            continue
        seen.add(code)
        out.append((fleet, squadron, code, order))
    return out


BOOK_F = _parse_table_f(TABLE_F)


def test_table_f_has_every_roll_11_to_76() -> None:
    assert sorted(BOOK_F) == [10 * a + b for a in range(1, 8) for b in range(1, 7)]


@pytest.mark.parametrize("roll", sorted(BOOK_F))
def test_table_f_cell_by_cell(roll: int) -> None:
    got = [(d.fleet, d.squadron, d.ship, d.order) for d in force_organisation(roll)]
    assert got == _read_garbles(roll, BOOK_F[roll])


def test_table_f_garbled_rolls_are_exactly_the_documented_ones() -> None:
    garbled = {
        roll for roll, rows in BOOK_F.items() if _read_garbles(roll, rows) != [r for r in rows]
    }
    assert garbled == {15, 45, 63, 72, 73, 76}
    assert {roll for roll in BOOK_F if table_f_readings(roll)} == garbled


def test_table_f_garbles_read_as_documented() -> None:
    by_ship = {d.ship: d for d in force_organisation(15)}
    assert "SH" not in by_ship and by_ship["HO"].order == "B"
    me45 = next(d for d in force_organisation(45) if d.ship == "ME")
    assert (me45.fleet, me45.squadron, me45.order) == ("Mediterranean", None, "I")
    r63 = {d.ship: d for d in force_organisation(63)}
    assert [(r63[c].fleet, r63[c].squadron, r63[c].order) for c in ("EN", "HO", "ME")] == [
        ("Channel Fleet", "Blockade", "B")
    ] * 2 + [("Channel Fleet", "Blockade", "C")]
    r72 = {d.ship: d for d in force_organisation(72)}
    assert {r72[c].order for c in ("NE", "VA", "GL")} == {"B"}
    assert [d.fleet for d in force_organisation(73) if d.ship == "VA"] == ["Mediterranean"]
    assert [d.fleet for d in force_organisation(76) if d.ship == "TH"] == ["Channel Fleet"]


#: Briny 001:709, the key under Naval Table E, as printed
ORDER_KEY = (
    "B = Blockade Duty, I = Independent Action, F = Fleet Action, C = Cutting Out Expedition"
)


def test_the_order_letters_words_letter_by_letter() -> None:
    """Briny 001:709: each order letter of Tables E and F and the book's words for it, in
    the book's order; Table F prints every letter and no other."""
    book = dict(part.split(" = ") for part in ORDER_KEY.split(", "))
    assert dict(ORDER_WORDS) == book
    assert ORDERS == ("B", "I", "F", "C") == tuple(book)
    printed = {order for rows in BOOK_F.values() for *_, order in rows}
    assert printed - {"?"} == set(book)  # "?": roll 72's cell with no order


def test_every_table_f_ship_is_a_fleet_ship_and_sails_once() -> None:
    for roll in BOOK_F:
        codes = [d.ship for d in force_organisation(roll)]
        assert len(codes) == len(set(codes)) and set(codes) <= set(SHIPS)


@pytest.mark.parametrize("bad", [10, 17, 0, 77, 80, -11, 100, "35", 3.5, True, None])
def test_force_organisation_outside_the_table_raises(bad: object) -> None:
    with pytest.raises(ValueError):
        force_organisation(bad)  # type: ignore[arg-type]


def test_force_organisation_returns_a_fresh_list() -> None:
    first = force_organisation(11)
    first.clear()
    assert len(force_organisation(11)) == 11


# --- Table E -----------------------------------------------------------------------------

BOOK_E = {}
for _line in TABLE_E.splitlines():
    _m = re.match(r"(.+?) (W|R|B|BL) ((?:X )+)([BIFC](?: [BIFC]){5})$", _line)
    assert _m, _line
    BOOK_E[_m.group(1)] = (_m.group(2), _m.group(3).count("X"), _m.group(4).split())


def test_table_e_d2_orders_cell_by_cell() -> None:
    assert len(BOOK_E) == 15
    for name, (_sq, _xs, d2) in BOOK_E.items():
        assert [table_e_order(name, col) for col in range(1, 7)] == d2


def test_table_e_squadron_column_matches_ship_table_c() -> None:
    code = {"W": "White", "R": "Red", "B": "Blue", "BL": "Blockade"}
    for name, (sq, _xs, _d2) in BOOK_E.items():
        assert ship_named(name).squadron == code[sq]


def test_table_e_x_marks_restored_from_table_f() -> None:
    # the printed row keeps only the count of X's; each column N commits exactly the ships
    # Table F's rolls N1..N6 send
    for name, (_sq, xs, _d2) in BOOK_E.items():
        cols = [c for c in range(1, 7) if name in force_commitment(c)]
        assert len(cols) == xs, name
        code = ship_named(name).code
        for column in range(1, 7):
            sent = {
                d.ship
                for roll in range(10 * column + 1, 10 * column + 7)
                for d in force_organisation(roll)
            }
            assert (code in sent) == (column in cols), (name, column)


@pytest.mark.parametrize("bad", [0, 7, -1])
def test_table_e_bad_columns(bad: int) -> None:
    with pytest.raises(ValueError):
        force_commitment(bad)
    with pytest.raises(ValueError):
        table_e_order("Royal Oak", bad)
    with pytest.raises(KeyError):
        table_e_order("Caligula", 1)


# --- Battle Result Table ------------------------------------------------------------------


def test_battle_result_table_cell_by_cell() -> None:
    rows = [list(map(int, line.split())) for line in BATTLE.splitlines()]
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5, 6]
    for die, *cells in rows:
        assert len(cells) == 10
        for na, cell in enumerate(cells, start=1):
            assert battle_result(na, die) == cell, (na, die)


@pytest.mark.parametrize("na,die", [(0, 1), (11, 1), (5, 0), (5, 7), (True, 1), (5.0, 1), (5, "3")])
def test_battle_result_bad_arguments(na: object, die: object) -> None:
    with pytest.raises(ValueError):
        battle_result(na, die)  # type: ignore[arg-type]


def test_interpretations_cell_by_cell() -> None:
    heads = {"Blockade Independent Action": ("B", "I"), "Cutting out Fleet action": ("C", "F")}
    orders = None
    for line in INTERP.splitlines():
        if line in heads:
            orders = heads[line]
            continue
        m = re.match(r"(\d) (.+?) (\d) (.+)$", line)
        assert m and orders and m.group(1) == m.group(3)
        result = int(m.group(1))
        assert interpretation(orders[0], result) == m.group(2)
        assert interpretation(orders[1], result) == m.group(4)
    with pytest.raises(ValueError):
        interpretation("X", 1)
    with pytest.raises(ValueError):
        interpretation("B", 7)


# --- Personal Outcome Table ----------------------------------------------------------------


def test_personal_outcome_table_cell_by_cell() -> None:
    names = {"Block.": "B", "Cutt.": "C", "Indep.": "I", "Fleet": "F"}
    order = None
    seen = 0
    for line in OUTCOME.splitlines():
        first = line.split()[0]
        if first in names:
            order, line = names[first], line[len(first) :].strip()
        m = re.match(r"(\d) (\d+) (\d+) (\d+) (?:(\d+) \((\d+) x (\d+)\)|-)$", line)
        assert m and order, line
        br, death, mid, prom = (int(m.group(i)) for i in range(1, 5))
        got = personal_outcome_targets(order, br)
        assert (got["death"], got["mid"], got["promotion"]) == (death, mid, prom)
        if m.group(5) is None:
            assert got["plunder"] is None and got["amount"] is None
        else:
            assert got["plunder"] == int(m.group(5))
            assert got["amount"] == int(m.group(6)) * int(m.group(7))
        seen += 1
    assert seen == 24


def test_personal_outcome_targets_is_a_mapping() -> None:
    got = personal_outcome_targets("F", 6)
    assert dict(got.to_dict()) == {
        "death": 6,
        "mid": 7,
        "promotion": 5,
        "plunder": None,
        "amount": None,
    }
    assert set(got.keys()) == {"death", "mid", "promotion", "plunder", "amount"}
    assert isinstance(got, Mapping) and dict(got) == got.to_dict() and got.get("x") is None


@pytest.mark.parametrize("order,br", [("X", 1), ("b", 1), ("B", 0), ("B", 7), ("F", True)])
def test_personal_outcome_targets_bad_arguments(order: str, br: int) -> None:
    with pytest.raises(ValueError):
        personal_outcome_targets(order, br)


def _signed(cell: str) -> int | None:
    return None if cell == "n/a" else int(cell.replace("\u2212", "-"))


def test_ship_modifiers_cell_by_cell() -> None:
    rows = SHIP_MODS.splitlines()
    covered = set()
    for line in rows:
        m = re.match(r"(.+?) ((?:[+\u2212]?\d ?){4})$", line)
        assert m, line
        cells = [_signed(c) for c in m.group(2).split()]
        for name in m.group(1).split(", "):
            got = ship_modifiers(name)
            assert [got.death, got.mid, got.promotion, got.plunder] == cells, name
            covered.add(name)
    assert covered == {s.name for s in SHIPS.values()}


RANK_NAMES = {
    "Subalt. RM": "Subaltern RM",
    "Lieut. RM": "Lieutenant RM",
    "Lt. Colonel RM": "Lieutenant Colonel RM",
    "Brigade General RM": "Major General RM",
    "Lieutenant General RM": "Lieutenant General RM",
    "General RM": "General RM",
    "Captain RM": "Captain RM",
    "Major RM": "Major RM",
    "Colonel RM": "Colonel RM",
    "Private RM": "Private RM",
}


def test_rank_modifiers_cell_by_cell() -> None:
    for line in RANK_MODS.splitlines():
        m = re.match(
            r"(.+?) ([+\u2212]?\d) ([+\u2212]?\d) (n/a|[+\u2212]?\d) "
            r"(n/a \((\u22123)\)|[+\u2212]?\d)$",
            line,
        )
        assert m, line
        death, mid, prom = _signed(m.group(2)), _signed(m.group(3)), _signed(m.group(4))
        plunder = None if m.group(5).startswith("n/a") else _signed(m.group(5))
        for name in m.group(1).split(", "):
            got = rank_modifiers(RANK_NAMES.get(name, name))
            assert (got.death, got.mid, got.promotion, got.plunder) == (
                death,
                mid,
                prom,
                plunder,
            ), name
            if plunder is None:
                assert got.attached_plunder == -3


def test_unknown_modifiers_raise_key_error() -> None:
    with pytest.raises(KeyError):
        ship_modifiers("Victory")
    with pytest.raises(KeyError):
        rank_modifiers("Commodore")


def test_nelson_touch_table() -> None:
    assert [nelson_wound(d).constitution for d in range(1, 7)] == [0.25, 0.5, 0.25, 0.25, 0, 0]
    assert [nelson_wound(d).expertise for d in range(1, 7)] == [0.25, 0.5, 0.25, 0, 0, 0]
    assert [nelson_wound(d).courting for d in range(1, 7)] == [0, 0, 0, -3, 0, 1]
    assert [nelson_wound(d).severe for d in range(1, 7)] == [True] * 3 + [False] * 3
    assert nelson_wound(5).hospital_months == 1
    with pytest.raises(ValueError):
        nelson_wound(7)
