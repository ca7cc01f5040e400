"""Briny En Garde!'s fleet: Ship Tables A-C, the Marines, berths, officers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    RANK_TABLES,
    SHIPS,
    SQUADRON_STATUS,
    Officer,
    berths,
    default_officers,
    officers_from,
    rank_index,
    ship,
    ship_named,
)
from strategy.loader import load

# Ship Table C, as printed (ship, code, weapon, friends, enemies) by squadron
TABLE_C = """\
+7 WHITE SQUADRON
Royal Oak (RO) Rapier IN -
Indomitable (IN) Rapier RO FE
Thermopylae (TH) Sabre HA DR
Halcyon (HA) Cutlass TH ME
+5 RED SQUADRON
Ferocious (FE) Rapier - IN
Fiddler's Green (FG) Rapier DR NE
Dreadnought (DR) Sabre FG TH
Achilles (AC) Sabre GL VA
+3 BLUE SQUADRON
Nemesis (NE) Rapier VA FG
Vanguard (VA) Sabre NE AC
Glenmorangie (GL) Cutlass AC HO
Devonshire (DE) Cutlass ME EN
0 BLOCKADE SQUADRON
Mercury (ME) Cutlass DE HA
Hornet (HO) Cutlass EN GL
Enterprise (EN) Cutlass HO DE
Caligula (CA)
Tickler (TI)
"""

# "Each ship uses one of the columns as follows" (Ship Table B)
COLUMNS = """\
1. Royal Oak
2. Ferocious, Indomitable
3. Nemesis
4. Fiddler's Green, Vanguard
5. Thermopylae
6. Dreadnought, Glenmorangie
7. Halcyon
8. Achilles, Devonshire
9. Mercury
10. Hornet, Enterprise
"""

# The Royal Marines: rank of the detachment commander per ship
MARINES = """\
Colonel 1 Royal Oak
Lieutenant-Colonel 1 Ferocious
Major 4 Nemesis, Indomitable, Fiddler's Green, Vanguard
Captain 6 Thermopylae, Dreadnought, Glenmoragnie, Halcyon, Achilles, Devonshire
Lieutenant 22 Mercury, Hornet, Enterprise, Caligula, Tickler
"""


def test_seventeen_ships_in_four_squadrons_as_table_c() -> None:
    squadron = None
    seen = []
    for line in TABLE_C.splitlines():
        if line.endswith("SQUADRON"):
            status, name, _ = line.split()
            squadron = name.capitalize()
            assert SQUADRON_STATUS[squadron] == int(status)
            continue
        name, rest = line.split(" (")
        code, _, tail = rest.partition(")")
        s = ship(code)
        assert (s.name, s.squadron) == (name, squadron)
        cells = tail.split()
        if cells:
            weapon, friend, enemy = cells
            assert s.weapon == weapon
            assert s.friends == (() if friend == "-" else (friend,))
            assert s.enemies == (() if enemy == "-" else (enemy,))
        else:
            assert (s.weapon, s.friends, s.enemies) == (None, (), ())
        seen.append(code)
    assert sorted(seen) == sorted(SHIPS) and len(seen) == 17


def test_ship_table_b_columns() -> None:
    for line in COLUMNS.splitlines():
        number, names = line.split(". ")
        for name in names.split(", "):
            assert ship_named(name).column == int(number)
    # Caligula and Tickler have no column of their own: the lowest (rules notes)
    assert ship("CA").column == ship("TI").column == 10


def test_marine_detachments() -> None:
    fix = {"Glenmoragnie": "Glenmorangie"}  # the book's spelling slip
    rank = {
        "Colonel": "Colonel RM",
        "Lieutenant-Colonel": "Lieutenant Colonel RM",
        "Major": "Major RM",
        "Captain": "Captain RM",
        "Lieutenant": "Lieutenant RM",
    }
    for line in MARINES.splitlines():
        title, _, names = line.split(" ", 2)
        for name in names.split(", "):
            assert ship_named(fix.get(name, name)).rm_commander == rank[title]


def test_rates_follow_marines_and_captains() -> None:
    # 1st rates carry a Lt. Colonel's 150 Marines (Royal Oak its Colonel), 2nd and 3rd a
    # Major's 100, 4th and 5th a Captain's 60, sloops a Lieutenant's 30; the captains'
    # classes: 5th (Halcyon, Achilles, Devonshire), 4th (Glenmorangie, Thermopylae,
    # Dreadnought)
    rate = {c: s.rate for c, s in SHIPS.items()}
    assert rate == {
        "RO": "1st",
        "FE": "1st",
        "IN": "2nd",
        "NE": "2nd",
        "FG": "3rd",
        "VA": "3rd",
        "TH": "4th",
        "DR": "4th",
        "GL": "4th",
        "HA": "5th",
        "AC": "5th",
        "DE": "5th",
        "ME": "sloop",
        "HO": "sloop",
        "EN": "sloop",
        "CA": "sloop",
        "TI": "sloop",
    }
    marines = {"1st": 150, "2nd": 100, "3rd": 100, "4th": 60, "5th": 60, "sloop": 30}
    for s in SHIPS.values():
        assert s.marines == marines[s.rate]


@pytest.mark.parametrize(
    "code,lts,mids,abs_,captain",
    [
        ("RO", 5, 5, 5, "Post Captain"),
        ("IN", 5, 5, 5, "Post Captain"),
        ("VA", 4, 4, 3, "Captain"),
        ("TH", 3, 3, 3, "Captain"),
        ("HA", 2, 2, 2, "Captain"),
        ("ME", 2, 2, 0, "Master & Commander"),
        ("TI", 2, 2, 0, "Master & Commander"),
    ],
)
def test_berths_by_rate(code: str, lts: int, mids: int, abs_: int, captain: str) -> None:
    assert berths(code) == {
        "captain": 1,
        "Lieutenant": lts,
        "Midshipman": mids,
        "Able Seaman": abs_,
    }
    assert ship(code).captain_rank == captain


def test_roster_types_resolve_in_the_btq_roster() -> None:
    expected = {
        "1st": "First Rate",
        "2nd": "Second Rate",
        "3rd": "Third Rate",
        "4th": "Fourth Rate",
        "5th": "Fifth Rate",
    }
    for s in SHIPS.values():
        if s.rate in expected:
            assert s.roster == expected[s.rate]
    assert {ship(c).roster for c in ("ME", "HO", "EN", "CA", "TI")} == {
        "Ship Sloop",
        "Brig Sloop",
        "Cutter",
    }
    from strategy.ships import ship_type

    for s in SHIPS.values():
        assert ship_type(s.roster).name == s.roster


# Admiralty Table, Naval Table G and RM Generals as printed: (min SL, pay, status)
RANKS_PRINTED = {
    "Rear Admiral": (14, 40, 10),
    "Vice Admiral": (16, 45, 14),
    "Admiral": (18, 50, 18),
    "Private RM": (None, 6, 1),
    "Subaltern RM": (None, 8, 2),
    "Lieutenant RM": (2, 10, 3),
    "Captain RM": (3, 12, 4),
    "Major RM": (4, 14, 5),
    "Lieutenant Colonel RM": (5, 18, 7),
    "Colonel RM": (6, 22, 9),
    "Major General RM": (9, 26, 12),
    "Lieutenant General RM": (12, 30, 14),
    "General RM": (14, 40, 16),
}


def test_admiralty_and_marines_tables() -> None:
    assert set(RANK_TABLES) == set(RANKS_PRINTED)
    for rank, (sl, pay, status) in RANKS_PRINTED.items():
        row = RANK_TABLES[rank]
        assert (row["min_social_level"], row["monthly_pay"], row["monthly_status"]) == (
            sl,
            pay,
            status,
        ), rank
    raw = load("fleet.json")
    assert {r: d["number"] for r, d in raw["rm_detachments"].items()} == {
        "Colonel RM": 1,
        "Lieutenant Colonel RM": 1,
        "Major RM": 4,
        "Captain RM": 6,
        "Lieutenant RM": 22,
    }


def test_unknown_ship_and_rank() -> None:
    with pytest.raises(KeyError, match="SH"):
        ship("SH")
    with pytest.raises(KeyError):
        ship_named("Victory")
    with pytest.raises(ValueError):
        rank_index("Commodore")


@pytest.mark.parametrize("na", [0, 11, -3, True, 5.5])
def test_officer_na_must_be_1_to_10(na: object) -> None:
    with pytest.raises(ValueError):
        Officer("x", "X", "Lieutenant", na)  # type: ignore[arg-type]


def test_officer_validation() -> None:
    with pytest.raises(ValueError):
        Officer("x", "X", "Commodore", 5)
    with pytest.raises(KeyError):
        Officer("x", "X", "Lieutenant", 5, ship="SH")
    with pytest.raises(ValueError):
        Officer("x", "X", "Admiral", 5, ship="RO")
    with pytest.raises(ValueError):
        officers_from(
            [
                Officer("x", "X", "Lieutenant", 5),
                {"id": "x", "name": "Y", "rank": "Sailor", "na": 2},
            ]
        )


def test_officer_round_trips_through_a_dict() -> None:
    o = Officer("p1", "Hornblower", "Lieutenant", 7, ship="HA", player=True, wounds=("eye",))
    assert Officer.from_dict(o.to_dict()) == o


def test_default_officers_fill_every_berth() -> None:
    officers = default_officers(random.Random(3))
    ids = [o.id for o in officers]
    assert len(ids) == len(set(ids))
    for code, s in SHIPS.items():
        crew = [o for o in officers if o.ship == code]
        count = {
            r: sum(o.rank == r for o in crew)
            for r in ("Lieutenant", "Midshipman", "Able Seaman", s.captain_rank, s.rm_commander)
        }
        assert count == {
            "Lieutenant": s.lieutenants,
            "Midshipman": s.midshipmen,
            "Able Seaman": s.able_seamen,
            s.captain_rank: 1,
            s.rm_commander: 1,
        }
        assert sum(o.appointment == "Ship's Adjutant" for o in crew) == 1
    for sq in ("White", "Red", "Blue"):
        assert sorted(
            o.rank for o in officers if o.squadron == sq and o.rank in ADMIRAL_RANKS
        ) == sorted(ADMIRAL_RANKS)
    assert sum(o.appointment == "First Sea Lord" for o in officers) == 1
    assert sum(o.appointment == "Aide to Admiral" for o in officers) == 9


def test_default_officers_keep_the_players() -> None:
    me = Officer("me", "Jack Aubrey", "Master & Commander", 9, ship="ME", player=True)
    lt = Officer(
        "lt", "Tom Pullings", "Lieutenant", 6, ship="ME", player=True, appointment="Ship's Adjutant"
    )
    officers = default_officers(random.Random(1), [me, lt])
    crew = [o for o in officers if o.ship == "ME"]
    assert [o for o in crew if o.rank == "Master & Commander"] == [me]
    lts = [o for o in crew if o.rank == "Lieutenant"]
    assert len(lts) == 2 and lt in lts
    assert [o.id for o in crew if o.appointment == "Ship's Adjutant"] == ["lt"]


@given(st.integers(min_value=0, max_value=2**32))
def test_default_officers_same_seed_same_officers(seed: int) -> None:
    a = default_officers(random.Random(seed))
    assert a == default_officers(random.Random(seed))
    assert all(1 <= o.na <= 10 and 8 <= o.constitution <= 18 for o in a)
