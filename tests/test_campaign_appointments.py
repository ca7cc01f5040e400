"""The Appointments Tables cell by cell against the book, who may hold a post, the roll
and its renewal (Briny En Garde!, APPOINTMENTS; docs/rules-notes.md, "Appointments")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy.campaign.appointments import (
    GOVERNMENT,
    NAVAL,
    appointee_post,
    appointment_roll,
    check_eligible,
    modifiers,
    places_full,
    post,
    renewal,
    roll_words,
)
from strategy.campaign.dice import ScriptedDice
from strategy.errors import InvalidMove, UnknownName
from strategy.loader import load

# The Naval Appointments Table as printed: Appointment, Rank, Min SL, Special Req, Number,
# Appointee, Roll (SPs, Infl and Pay follow, their blank cells lost in the text).
NAVAL_BOOK = """\
Captain's Steward|Sailor|none|none|1/Capt|Captain|6|2
Gunroom Steward|Sailor or Private RM|none|none|1/gunroom|1st Lieutenant|6|2
Neptune's Equerry|Sailor or Private RM|none|none|no limit|Neptune's Captain|6|1
Carpenter|Able Seaman|2|none|1/ship|Naval Yard Supervisor|6|3 1
Purser|Able Seaman|2|none|1/ship|Victualling Board Supervisor|6|3 1
Sailmaster|Able Seaman|2|none|1/ship|Naval Yard Supervisor|6|3 1
Gunner|Able Seaman / Subaltern RM|2|none|1/ship|Ordnance Board Supervisor|6|3 1
Capt's Secretary|Midshipman|3|NA 5+|1/Capt|Captain|6|4
Capt of the Top|Midshipman|2|NA 5+|1/Top*|Captain|6|4
Neptune's Captain|Midshipman|2|none|1/ship|Captain|7|2 4
Regimental Adjutant|Captain RM|7|NA 5+|1|Colonel|6|2 2
Ship's Adjutant|Lieutenant|5|NA 5+|1/ship|Captain|6|5
Pressgang Officer|Lieutenant / Major RM|5|NA 5+|1/Port**|Chairman PGS|6|3
Revenue Officer|Lieutenant|5|none|1/Port**|Port Admiral|7|4 1
Aide to Admiral|Lieutenant / Major RM|6|none|1/Admiral|Admiral|7|3 5
Aide to General|Major RM|6|none|1/General|General|7|3 5
Master Attendant|Master & Commander|8|none|1/Port**|Port Admiral|7|6 4
Aide to Crown Prince|Captain / Lt Col RM|8|MiDs|1|Crown Prince|9|9 8 30
Captain of the Fleet|Captain|8|none|1|First Sea Lord|7|6
Aide to the First Sea Lord|Post Capt / Col RM|12|none|1|First Sea Lord|7|7
Port Admiral|Rear Admiral|14|none|1/Port**|Naval Yards Supervisor|7|7 15
Supervisor - Sick and Hurt Board|Rear Adml / Brig Gen|12|none|1|Chairman of Patriotic Fund|7|8
Inspector General RM|Brig Gen RM|10|none|1|General|7|8 6 10
Victualling Board Supervisor|Vice Admiral|16|none|1|Chancellor of the Exchequer|6|10 8 40
Ordnance Board Supervisor|Vice Admiral|16|none|1|First Sea Lord|6|10 8 40
Naval Yards Supervisor|Vice Admiral|16|none|1|Prime Minister|6|10 8 40
Chairman PGS|Vice Admiral / Lt Gen|16|none|1|Prime Minister|6|10 8 40"""

# The Government Appointments Table as printed: Appointment, Minimum Rank or Title,
# Min SL, Number, Appointee, Roll, SPs, Infl, Pay.
GOVERNMENT_BOOK = """\
Attorney-General|Captain / M&C or Knight|6|1|Prime Minister|8|6|7|50
Chancellor of the Exchequer|Rear Admiral or Baron|10|1|Prime Minister|7|14|7 & 8|50
Minister Without Portfolio|Vice Admiral or Earl|10|No limit|Prime Minister|7|16|9|50
Lord Keeper of the Great Seal|Admiral or Viscount|8|1|Prime Minister|7|12|7|50
First Sea Lord|Admiral And Viscount|12|1|King|8|18|8 & 9|100
Prime Minister|Admiral And Duke|12|1|King|9|20|9 & 9|150"""

# the printed ranks as the game's ranks (the Marines' "Lt Col", "Col", "Brig Gen", "Lt Gen")
RANKS = {
    "Sailor or Private RM": ("Sailor", "Private RM"),
    "Able Seaman / Subaltern RM": ("Able Seaman", "Subaltern RM"),
    "Lieutenant / Major RM": ("Lieutenant", "Major RM"),
    "Captain / Lt Col RM": ("Captain", "Lieutenant Colonel RM"),
    "Post Capt / Col RM": ("Post Captain", "Colonel RM"),
    "Rear Adml / Brig Gen": ("Rear Admiral", "Major General RM"),
    "Brig Gen RM": ("Major General RM",),
    "Vice Admiral / Lt Gen": ("Vice Admiral", "Lieutenant General RM"),
}


def _rows(text: str) -> list[list[str]]:
    return [line.split("|") for line in text.splitlines()]


def test_the_naval_table_row_by_row() -> None:
    book = _rows(NAVAL_BOOK)
    assert list(NAVAL) == [r[0] for r in book]
    raw = {r["appointment"]: r for r in load("table_appointments.json")["naval"]}
    for name, rank, sl, special, number, appointee, roll, trailing in book:
        p = NAVAL[name]
        assert p.naval and p.rank_printed == rank
        assert p.ranks == RANKS.get(rank, (rank,)), name
        assert p.min_sl == (None if sl == "none" else int(sl)), name
        assert p.special == (None if special == "none" else special), name
        assert p.number_printed == number and p.appointee == appointee, name
        assert p.roll == int(roll), name
        assert raw[name]["trailing"] == [int(x) for x in trailing.split()], name


def test_the_naval_tables_numbers_of_places() -> None:
    places = {(p.count, p.per) for p in NAVAL.values()}
    assert places == {(1, "ship"), (3, "ship"), (None, None), (1, None), (3, None)} | {
        (1, "admiral"),
        (1, "general"),
    }
    assert (NAVAL["Capt of the Top"].count, NAVAL["Capt of the Top"].per) == (3, "ship")
    assert (NAVAL["Port Admiral"].count, NAVAL["Port Admiral"].per) == (3, None)
    assert NAVAL["Neptune's Equerry"].count is None
    assert (NAVAL["Aide to Admiral"].count, NAVAL["Aide to Admiral"].per) == (1, "admiral")


def test_the_government_table_row_by_row() -> None:
    book = _rows(GOVERNMENT_BOOK)
    assert list(GOVERNMENT) == [r[0] for r in book]
    raw = {r["appointment"]: r for r in load("table_appointments.json")["government"]}
    lowest = {"Captain / M&C": "Master & Commander"}
    for name, printed, sl, number, appointee, roll, sps, infl, pay in book:
        p = GOVERNMENT[name]
        needs = "and" if " And " in printed else "or"
        rank, _, title = printed.replace(" And ", " or ").rpartition(" or ")
        assert not p.naval and p.rank_printed == printed
        assert p.ranks == (lowest.get(rank, rank),) and p.needs == needs and p.title == title
        assert p.min_sl == int(sl) and p.number_printed == number, name
        assert p.appointee == appointee and p.roll == int(roll), name
        row = raw[name]
        assert (row["sps"], row["pay"]) == (int(sps), int(pay)), name
        assert row["infl"] == [int(x) for x in infl.split(" & ")], name


def test_who_may_hold_a_naval_post_exactly_his_rank_and_the_social_level() -> None:
    adjutant = post("Ship's Adjutant")
    check_eligible(adjutant, "Lieutenant", 5)
    with pytest.raises(InvalidMove, match="needs exactly the rank of Lieutenant, not Captain"):
        check_eligible(adjutant, "Captain", 9)  # above it will not do on the Naval table
    with pytest.raises(InvalidMove, match="needs a Social Level of 5, not 4"):
        check_eligible(adjutant, "Lieutenant", 4)
    check_eligible(post("Chairman PGS"), "Lieutenant General RM", 16)  # the Marines' rank
    check_eligible(post("Captain's Steward"), "Sailor", 1)  # no Min SL


def test_who_may_hold_a_government_post_the_rank_or_higher_or_the_title() -> None:
    check_eligible(post("Chancellor of the Exchequer"), "Admiral", 10)  # higher will do
    check_eligible(post("Chancellor of the Exchequer"), "Captain", 10, "Earl")  # or a title
    with pytest.raises(InvalidMove, match="needs Rear Admiral or Baron or higher, not Captain"):
        check_eligible(post("Chancellor of the Exchequer"), "Captain", 10, "Knight")
    check_eligible(post("Attorney-General"), "Master & Commander", 6)
    # "Admiral And Duke": both
    check_eligible(post("Prime Minister"), "Admiral", 12, "Duke")
    with pytest.raises(InvalidMove, match="Prime Minister needs Admiral And Duke"):
        check_eligible(post("Prime Minister"), "Admiral", 20, "Earl")
    with pytest.raises(InvalidMove, match="needs a Social Level of 12, not 11"):
        check_eligible(post("First Sea Lord"), "Admiral", 11, "Duke")


def test_an_unknown_post_names_the_field() -> None:
    with pytest.raises(UnknownName, match="'appointment': no post 'Admiral of the Fleet'"):
        post("Admiral of the Fleet")


def test_the_roll_and_its_modifiers() -> None:
    adjutant = post("Ship's Adjutant")
    assert modifiers(adjutant, 5) == [{"why": "NA 5", "modifier": 1}]
    assert modifiers(adjutant, 4) == []
    assert modifiers(post("Revenue Officer"), 9) == []  # no Special Req: NA counts for nothing
    rolled = appointment_roll(adjutant, ScriptedDice([5]), na=6)
    assert (rolled["die"], rolled["total"], rolled["needed"], rolled["granted"]) == (5, 6, 6, True)
    assert roll_words(rolled) == "Ship's Adjutant: appointed (rolled 5, needed 6 less 1)"
    failed = appointment_roll(adjutant, ScriptedDice([5]), na=4)
    assert not failed["granted"]
    assert roll_words(failed) == "Ship's Adjutant: not appointed (rolled 5, needed 6)"
    # 7 on one die: out of reach without influence
    assert not appointment_roll(post("Captain of the Fleet"), ScriptedDice([6]), na=10)["granted"]


def test_the_crown_princes_aide_and_the_mentions_in_despatches() -> None:
    aide = post("Aide to Crown Prince")
    book = {0: 0, 1: 1, 4: 1, 5: 2, 7: 2, 8: 3, 12: 3}  # "1 - 4 ... +1, 5 - 7 ... +2 ... +3"
    for mids, plus in book.items():
        assert sum(m["modifier"] for m in modifiers(aide, 3, mids)) == plus, mids
    assert appointment_roll(aide, ScriptedDice([6]), na=3, mids=9)["granted"]  # 6 + 3 = 9


def test_a_player_appointee_chooses_without_a_die() -> None:
    rolled = appointment_roll(post("Captain of the Fleet"), ScriptedDice([]), 3, 0, True)
    assert rolled["granted"] and rolled["die"] is None and rolled["appointee"] == "First Sea Lord"
    assert roll_words(rolled) == "Captain of the Fleet: appointed (chosen by the First Sea Lord)"


def test_renewal_is_the_appointees_roll_again() -> None:
    kept = renewal(post("Ordnance Board Supervisor"), ScriptedDice([6]), na=2)
    assert kept["renewed"] and roll_words(kept).startswith("Ordnance Board Supervisor: renewed")
    lost = renewal(post("Ordnance Board Supervisor"), ScriptedDice([5]), na=2)
    assert not lost["renewed"]
    assert roll_words(lost) == "Ordnance Board Supervisor: not renewed (rolled 5, needed 6)"


def test_the_appointee_of_the_yards_posts_and_the_places() -> None:
    assert appointee_post(post("Carpenter")) == "Naval Yards Supervisor"  # as printed: "Yard"
    assert appointee_post(post("Port Admiral")) == "Naval Yards Supervisor"
    assert places_full(post("Captain of the Fleet"), 1)
    assert not places_full(post("Port Admiral"), 2) and places_full(post("Port Admiral"), 3)
    assert not places_full(post("Neptune's Equerry"), 99)


@given(die=st.integers(1, 6), na=st.integers(1, 10))
def test_granted_exactly_when_the_die_and_modifiers_reach_the_roll(die: int, na: int) -> None:
    for p in NAVAL.values():
        rolled = appointment_roll(p, ScriptedDice([die]), na)
        plus = 1 if p.special == "NA 5+" and na >= 5 else 0
        assert rolled["granted"] == (die + plus >= p.roll)
