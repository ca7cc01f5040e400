"""BtQ's Prize Money (issue 31; seed 000, "Prize Money", 000:1247-1299): the table cell by
cell as the book prints it, the row each rank of the campaign takes, and a captured enemy
paying the officers aboard the ships that took her, on the roster, in the log and on his
sheet; a replay of the log is the state. docs/rules-notes.md, "Prize Money"."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from server.game import engagements, money, officers, views
from server.game.errors import ActionError
from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS
from strategy.characters.btq_tables import _RAW, PRIZE_MONEY, PRIZE_RANKS, PRIZE_SIZES
from strategy.characters.creation import roll_sheet
from strategy.characters.prize_money import (
    prize_money,
    prize_row,
    prize_share,
    prize_size,
    share_guineas,
)
from strategy.errors import UnknownName
from tests.conftest import PLAY_SEED
from tests.server_helpers import Game, assert_officers_replay, new_app, red_meets
from tests.test_server_battle_officers import _campaign

#: the book's table, each cell as printed ("Level (Number of Automatic Successes)"), in
#: its columns Un-rated Vessel, Rated 4-6, Rated 1-3
BOOK = {
    "Captain": ("5(1), 4(2), 3(3), 2(4)", "6(1), 5(2), 4(3), 3(4), 2 (5)",
                "6(2), 5(3), 4(4), 3(5), 2(6)"),
    "Lieutenant": ("4(1), 3(2), 2(3), 1(3)", "5(1), 4(2), 3(3), 2(4)", "5(2), 4(3), 3(4), 2 (4)"),
    "Midshipman": ("3(1), 2(3), 1(3)", "4(1), 3(2), 2(3), 1(4)", "4(2), 3(3), 2(3), 1(4)"),
    "Warrant Officer": ("3(1), 2(3), 1(3)", "4(1), 3(2), 2(3), 1(4)", "4(2), 3(3), 2(3), 1(4)"),
    "Able Seaman": ("2(2), 1(2)", "3(1), 2(2), 1(3)", "3(2), 2(2), 1(4)"),
    "Seaman": ("2(1), 1(1)", "2(1), 1(2)", "3(1), 2(1), 1(3)"),
}  # fmt: skip
#: the same cells read by hand, (Wealth opposition, automatic successes)
READ = {
    ("Captain", 0): ((5, 1), (4, 2), (3, 3), (2, 4)),
    ("Captain", 1): ((6, 1), (5, 2), (4, 3), (3, 4), (2, 5)),
    ("Captain", 2): ((6, 2), (5, 3), (4, 4), (3, 5), (2, 6)),
    ("Lieutenant", 0): ((4, 1), (3, 2), (2, 3), (1, 3)),
    ("Lieutenant", 1): ((5, 1), (4, 2), (3, 3), (2, 4)),
    ("Lieutenant", 2): ((5, 2), (4, 3), (3, 4), (2, 4)),
    ("Midshipman", 0): ((3, 1), (2, 3), (1, 3)),
    ("Midshipman", 1): ((4, 1), (3, 2), (2, 3), (1, 4)),
    ("Midshipman", 2): ((4, 2), (3, 3), (2, 3), (1, 4)),
    ("Warrant Officer", 0): ((3, 1), (2, 3), (1, 3)),
    ("Warrant Officer", 1): ((4, 1), (3, 2), (2, 3), (1, 4)),
    ("Warrant Officer", 2): ((4, 2), (3, 3), (2, 3), (1, 4)),
    ("Able Seaman", 0): ((2, 2), (1, 2)),
    ("Able Seaman", 1): ((3, 1), (2, 2), (1, 3)),
    ("Able Seaman", 2): ((3, 2), (2, 2), (1, 4)),
    ("Seaman", 0): ((2, 1), (1, 1)),
    ("Seaman", 1): ((2, 1), (1, 2)),
    ("Seaman", 2): ((3, 1), (2, 1), (1, 3)),
}


@pytest.mark.parametrize(("row", "column"), sorted(READ))
def test_the_prize_money_table_cell_by_cell(row: str, column: int) -> None:
    """Each cell as printed (btq_characters.json) and as read: "4(3) is three automatic
    successes against a Wealth opposition of 4"."""
    size = ("Un-rated Vessel", "Rated 4-6", "Rated 1-3")[column]
    assert _RAW["prize_money"]["rows"][row][column] == BOOK[row][column]
    assert PRIZE_MONEY[row][size] == READ[row, column]


#: the seed of the seated captain's rolled sheet in the fights through the protocol: one
#: whose fight, his prep work before the chase done (seed 002, 2.1), takes both prizes
_SHEET = 6


def test_the_table_is_the_books_six_ranks_by_three_sizes() -> None:
    assert PRIZE_SIZES == ("Un-rated Vessel", "Rated 4-6", "Rated 1-3")
    assert list(PRIZE_MONEY) == list(BOOK)


@pytest.mark.parametrize(
    ("rate", "size"),
    [
        (None, "Un-rated Vessel"),
        (6, "Rated 4-6"),
        (4, "Rated 4-6"),
        (3, "Rated 1-3"),
        (1, "Rated 1-3"),
    ],
)
def test_the_size_of_the_ship_captured(rate: int | None, size: str) -> None:
    assert prize_size(rate) == size


def test_every_rank_of_the_campaign_takes_a_row() -> None:
    """Her captain the Captain's, whatever his rank; the rest by rank: the navy's as the
    book names them, the Marines' commissioned officers the Lieutenant's (our reading)."""
    assert set(PRIZE_RANKS) == set(NAVY_RANKS) | set(MARINE_RANKS)
    assert prize_row("Lieutenant", True) == "Captain"
    assert [prize_row(r, False) for r in ("Sailor", "Able Seaman", "Midshipman", "Lieutenant")] == [
        "Seaman",
        "Able Seaman",
        "Midshipman",
        "Lieutenant",
    ]
    assert prize_row("Major RM", False) == prize_row("Lieutenant RM", False) == "Lieutenant"
    assert prize_share("Post Captain", True, 5) == READ["Captain", 1]
    with pytest.raises(UnknownName):
        prize_row("Bosun", False)


def test_each_captor_takes_a_share_of_each_prize() -> None:
    prizes = [
        {"name": "Alexandre", "type": "Fifth Rate", "rate": 5},
        {"name": "Vif", "type": "Cutter", "rate": None},
    ]
    captors = [
        {"id": "c", "rank": "Post Captain", "commands": True},
        {"id": "l", "rank": "Lieutenant", "commands": False},
    ]
    got = prize_money(prizes, captors)
    assert [p["share"] for p in got["c"]] == [[list(s) for s in READ["Captain", i]] for i in (1, 0)]
    assert [(p["prize"], p["size"], p["as"]) for p in got["l"]] == [
        ("Alexandre", "Rated 4-6", "Lieutenant"),
        ("Vif", "Un-rated Vessel", "Lieutenant"),
    ]
    assert prize_money([], captors) == {}


#: each cell's guineas read by hand: its best choice, level x successes x 2 (a month's
#: support at Social Level L is 2 x L guineas, Briny 001:144)
GUINEAS = {
    ("Captain", 0): 18, ("Captain", 1): 24, ("Captain", 2): 32,  # 3(3); 4(3) or 3(4); 4(4)
    ("Lieutenant", 0): 12, ("Lieutenant", 1): 18, ("Lieutenant", 2): 24,
    ("Midshipman", 0): 12, ("Midshipman", 1): 12, ("Midshipman", 2): 18,
    ("Warrant Officer", 0): 12, ("Warrant Officer", 1): 12, ("Warrant Officer", 2): 18,
    ("Able Seaman", 0): 8, ("Able Seaman", 1): 8, ("Able Seaman", 2): 12,
    ("Seaman", 0): 4, ("Seaman", 1): 4, ("Seaman", 2): 6,
}  # fmt: skip


@pytest.mark.parametrize(("row", "column"), sorted(READ))
def test_a_share_pays_its_best_choice_in_guineas(row: str, column: int) -> None:
    """Into his purse (docs/rules-notes.md, "Prize Money", "Into his purse"): an automatic
    success against a Wealth opposition of L is a month's support at Social Level L (Briny
    001:144, "2x his SL each month"); the share pays the choice that buys most."""
    assert share_guineas(READ[row, column]) == GUINEAS[row, column]


def test_the_red_squadrons_prizes_pay_the_officers_aboard() -> None:
    """The worked example: the Red's frigate FG and brig-sloop DR fight the Alexandre (a
    Fifth Rate, "Rated 4-6") and the cutter Vif ("Un-rated Vessel") off Ushant; both
    strike, and both British ships hold the field. FG's captain takes the Captain's row
    of each: 6(1), 5(2), 4(3), 3(4), 2(5) and 5(1), 4(2), 3(3), 2(4); her lieutenants and
    her Marines' major the Lieutenant's: 5(1), 4(2), 3(3), 2(4) and 4(1), 3(2), 2(3),
    1(3). On the roster with the engagement, its guineas in his funds (24 + 18 for the
    captain, 18 + 12 for a lieutenant: "Into his purse"), once; his own view shows it,
    another's does not; the end of the Naval Mission takes the shares off his sheet and
    leaves the guineas in his funds."""
    work = _campaign()
    before = {oid: o["funds"] for oid, o in work["officers"].items()}
    fight = engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    assert fight["outcome"]["struck"] == ["b0", "b1"]
    assert [(s["name"], s["type"]) for s in fight["sides"]["b"]] == [
        ("Alexandre", "Fifth Rate"),
        ("Vif", "Cutter"),
    ]
    paid = fight["prize_money"]
    aboard = [o["id"] for s in fight["sides"]["a"] for o in s["officers"]]
    assert sorted(paid) == sorted(aboard)  # FG's and DR's: both took them
    shares = {oid: [(p["prize"], p["as"], p["share"]) for p in got] for oid, got in paid.items()}
    captain = [list(s) for s in READ["Captain", 1]], [list(s) for s in READ["Captain", 0]]
    lieutenant = [list(s) for s in READ["Lieutenant", 1]], [list(s) for s in READ["Lieutenant", 0]]
    assert shares["FG-captain"] == [
        ("Alexandre", "Captain", captain[0]),
        ("Vif", "Captain", captain[1]),
    ]
    for oid in ("FG-lt1", "FG-rm", "DR-lt3"):
        assert shares[oid] == [
            ("Alexandre", "Lieutenant", lieutenant[0]),
            ("Vif", "Lieutenant", lieutenant[1]),
        ]
    record = work["officers"]["FG-captain"]
    assert record["prize_money"][0] == {
        "engagement": fight["id"],
        "prize": "Alexandre",
        "type": "Fifth Rate",
        "size": "Rated 4-6",
        "as": "Captain",
        "share": captain[0],
        "guineas": GUINEAS["Captain", 1],
    }
    gained = {oid: o["funds"] - before[oid] for oid, o in work["officers"].items()}
    assert gained["FG-captain"] == 24 + 18
    assert gained["FG-lt1"] == gained["FG-rm"] == gained["DR-lt3"] == 18 + 12
    assert {oid for oid, g in gained.items() if g} == set(aboard)  # no one else is paid
    engagements.carry_wounds(work, fight)  # (an advance applied again pays nothing twice)
    assert len(work["officers"]["FG-captain"]["prize_money"]) == 2
    assert work["officers"]["FG-captain"]["funds"] == before["FG-captain"] + 42
    gm = {"id": "gm", "role": "gm"}
    other = {"id": "someone", "role": "captain"}
    assert views.officer_for(record, gm)["prize_money"] == record["prize_money"]  # type: ignore[arg-type]
    assert "prize_money" not in views.officer_for(record, other)  # type: ignore[arg-type]
    officers.mission_over(work)
    assert "prize_money" not in work["officers"]["FG-captain"]
    assert work["officers"]["FG-captain"]["funds"] == before["FG-captain"] + 42


def test_prize_guineas_are_spent_from_the_same_purse() -> None:
    """The purse the prize money lands in is the one his spending draws on: FG's captain,
    958 guineas in hand, may not invest a block of 1000 (Briny, INVESTMENT); the
    Alexandre and the Vif pay him 42, and the same investment is taken from his funds."""
    work = _campaign()
    work["officers"]["FG-captain"] = {**work["officers"]["FG-captain"], "funds": 958}
    seat = {"id": "fg", "role": "captain", "officer": "FG-captain"}
    with pytest.raises(ActionError, match="has 958 guineas"):
        money.decide_invest(work, seat, "Arms", 1000)  # type: ignore[arg-type]
    engagements.open_engagement(work, "red", "fr", 4, random.Random(3))
    assert work["officers"]["FG-captain"]["funds"] == 1000
    data = money.decide_invest(work, seat, "Arms", 1000)  # type: ignore[arg-type]
    money.apply_invest(work, data)
    assert work["officers"]["FG-captain"]["funds"] == 0


def _state(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]


def _aubrey_fights_cartagena(tmp_path: Path) -> tuple[Game, str, int]:
    """Jack Aubrey, the seated captain of FG (the Red off Ushant), fights the Cartagena
    squadron the summer brings him to its end (the GM's NPC rounds): the game, his
    officer's id and his funds before the fight."""
    game = Game.new(new_app(tmp_path), seed=PLAY_SEED)
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("red", "admiral", squadron="Red")
    sheet = roll_sheet("Captain", random.Random(_SHEET)).to_dict()
    captain = game.add(
        "fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8, "sheet": sheet}
    )
    me = captain.seat["officer"]
    before = next(o for o in _state(game)["officers"] if o["id"] == me)["funds"]
    fight = red_meets(game, "sp-cartagena")
    assert game.gm().act("engage_decision", engagement=fight["id"], decision="npc", rounds="all")[
        "ok"
    ]
    return game, me, before


def test_a_prize_taken_in_a_fought_engagement_is_in_the_log_and_replays(tmp_path: Path) -> None:
    """Through the protocol: the seated captain of FG (the Red off Ushant) fights the
    Cartagena squadron the summer brings him to its end (``engage_decision``); the San
    Justo (a Third Rate) and the Peregrina (a Fifth Rate) strike. The round that ended it
    carries each captor's
    shares (``prize_money``: decided with it, no card drawn), his record has them, his
    sheet (his own view of the state) shows them, and a replay of the log is the state."""
    game, me, before = _aubrey_fights_cartagena(tmp_path)
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    ended = [
        e["data"]["round"]
        for e in log["events"]
        if e["type"] == "engage_decision" and (e["data"].get("round") or {}).get("over")
    ]
    assert ended and "prize_money" in ended[-1], ended[-1].get("outcome")
    mine = ended[-1]["prize_money"][me]
    assert [(p["prize"], p["size"], p["as"]) for p in mine] == [
        ("San Justo", "Rated 1-3", "Captain"),
        ("Peregrina", "Rated 4-6", "Captain"),
    ]
    assert [p["share"] for p in mine] == [
        [list(s) for s in READ["Captain", 2]],
        [list(s) for s in READ["Captain", 1]],
    ]
    assert [p["guineas"] for p in mine] == [GUINEAS["Captain", 2], GUINEAS["Captain", 1]]
    him = next(o for o in _state(game)["officers"] if o["id"] == me)
    assert [p["share"] for p in him["prize_money"]] == [p["share"] for p in mine]
    # the guineas in his purse, as his sheet shows it; a replay of the log pays them too
    assert him["funds"] == before + 32 + 24
    assert_officers_replay(game, log)


def test_a_version_5_fight_replays_its_prizes_paying_none(tmp_path: Path) -> None:
    """Rules version 5 logged a prize's shares without their guineas and paid none (docs/
    rules-notes.md "The rules' version", 5 -> 6): the Red's fight with the Cartagena
    squadron, its round's shares stripped of ``guineas`` and the log tagged version 5,
    replays with no problem to the captain's funds before the fight; tagged today's
    version, the same round is a problem (today's rules pay them)."""
    import copy

    from server import game as server_game

    game, me, before = _aubrey_fights_cartagena(tmp_path)
    log = copy.deepcopy(game.rest("get", f"/api/campaigns/{game.id}/log").json)
    rounds = [
        e["data"]["round"]
        for e in log["events"]
        if e["type"] == "engage_decision" and "prize_money" in (e["data"].get("round") or {})
    ]
    assert rounds
    for shares in rounds[-1]["prize_money"].values():
        for share in shares:
            del share["guineas"]
    _, problems = server_game.replay(log)
    assert problems and "engage_decision decides differently on replay (round)" in problems[0]
    log["events"][0]["data"]["rules"] = 5
    replayed, problems = server_game.replay(log)
    assert problems == []
    assert replayed["officers"][me]["funds"] == before
    assert [p["share"] for p in replayed["officers"][me]["prize_money"]] == [
        [list(s) for s in READ["Captain", 2]],
        [list(s) for s in READ["Captain", 1]],
    ]
