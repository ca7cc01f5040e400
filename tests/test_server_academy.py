"""The Royal Naval Academy (issue 31, Briny 001:541): weeks of study ashore for a player's
character.

Briny, NAVAL ABILITY: "Studying at the Royal Naval Academy is another option, a weekly
action that costs 50 Guineas and will raise NA by 0.25 per week of study. The maximum
improvement at the Academy is to the level of 5, and beyond that may only be raised
through battle success."
"""

from __future__ import annotations

from typing import Any

import pytest

from server import game as server_game
from strategy.campaign import academy
from tests.conftest import RICH
from tests.server_helpers import Game, Player, events_of


def _officer(game: Game, token: str, officer: str) -> dict[str, Any]:
    state = game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]
    return next(o for o in state["officers"] if o["id"] == officer)


def _autumn(game: Game, na: int = 3) -> Player:
    """Aubrey (NA ``na``, a rich man) captain of FG, the summer resolved: the autumn."""
    gm = game.gm()
    fg = game.add(
        "fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": na, "birth": RICH}
    )
    game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
    assert game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]["phase"] == "autumn"
    return fg


@pytest.mark.parametrize(
    ("na", "quarters", "weeks", "after"),
    [
        (1, 0, 1, (1, 1)),
        (1, 0, 4, (2, 0)),  # four weeks make a level
        (3, 2, 5, (4, 3)),
        (4, 3, 1, (5, 0)),  # the last week there
        (2, 1, 11, (5, 0)),  # all the weeks left to NA 5
    ],
)
def test_a_week_is_50_guineas_and_a_quarter_of_a_level(
    na: int, quarters: int, weeks: int, after: tuple[int, int]
) -> None:
    assert academy.study(na, quarters, weeks) == {
        "weeks": weeks,
        "guineas": 50 * weeks,
        "na": after[0],
        "quarters": after[1],
    }


@pytest.mark.parametrize(("na", "quarters", "weeks"), [(5, 0, 1), (4, 3, 2), (8, 0, 1), (3, 0, 0)])
def test_past_na_5_the_academy_takes_no_one(na: int, quarters: int, weeks: int) -> None:
    with pytest.raises(ValueError):
        academy.study(na, quarters, weeks)


def test_the_pages_read_the_academys_numbers_from_the_rules(fresh_game: Game) -> None:
    limits = fresh_game.rest("get", "/api/rules").json["limits"]
    assert limits["academy"] == {
        "weeks": 13,
        "guineas_a_week": 50,
        "weeks_a_level": 4,
        "most_na": 5,
    }


def test_he_studies_ashore_pays_the_fee_and_rises_a_level_in_four_weeks(
    fresh_game: Game,
) -> None:
    fg = _autumn(fresh_game, na=3)
    officer = fg.seat["officer"]
    funds = _officer(fresh_game, fg.token, officer)["funds"]
    fresh_game.drain()
    ack = fg.act("study", weeks=3)
    assert ack["ok"], ack
    him = _officer(fresh_game, fg.token, officer)
    assert (him["na"], him["funds"]) == (3, funds - 150)
    assert him["academy"] == {"season": "1805 autumn", "weeks": 3, "quarters": 3}
    assert fg.act("study", weeks=2)["ok"]  # the fourth week makes a level
    him = _officer(fresh_game, fg.token, officer)
    assert (him["na"], him["funds"]) == (4, funds - 250)
    assert him["academy"] == {"season": "1805 autumn", "weeks": 5, "quarters": 1}
    # his event and the GM's, a notice in words; the others read the bare seq
    seen = {key: p.events() for key, p in fresh_game.players.items()}
    assert [e["data"] for e in seen["fg"] if e.get("type") == "study"] == [
        {"officer": officer, "weeks": 3, "guineas": 150, "na": 3},
        {"officer": officer, "weeks": 2, "guineas": 100, "na": 4},
    ]
    assert [e["type"] for e in seen["gm"] if e.get("type")] == ["study", "study"]
    assert all("type" not in e for e in seen["red"])
    told = {
        key: [
            n["text"]
            for n in fresh_game.rest(
                "get", f"/api/campaigns/{fresh_game.id}/notices", token=p.token
            ).json["notices"]
            if n["type"] == "academy"
        ]
        for key, p in fresh_game.players.items()
    }
    words = "Jack Aubrey studies 2 week(s) at the Royal Naval Academy for 100 guineas: "
    assert told["fg"][-1] == words + "his Naval Ability is 4"
    assert told["gm"][-1] == told["fg"][-1] and told["red"] == []
    red = fresh_game.players["red"]
    assert "academy" not in _officer(fresh_game, red.token, officer)
    # the log replays to the state
    log = fresh_game.rest("get", f"/api/campaigns/{fresh_game.id}/log").json
    assert [e["data"]["na"] for e in events_of(log, "study")] == [3, 4]
    state, problems = server_game.replay(log)
    assert problems == [] and state["officers"][officer]["academy"]["quarters"] == 1


@pytest.mark.parametrize(
    ("na", "weeks", "message"),
    [
        (5, 1, "'weeks': the Academy raises Naval Ability to 5 at most: Jack Aubrey's is 5"),
        (
            4,
            5,
            "'weeks': the Academy raises Naval Ability to 5 at most: 4 week(s) take Jack "
            "Aubrey there",
        ),
        (1, 13, None),  # the season's whole weeks: taken
    ],
)
def test_what_the_academy_refuses_changes_nothing(
    fresh_game: Game, na: int, weeks: int, message: str | None
) -> None:
    fg = _autumn(fresh_game, na=na)
    officer = fg.seat["officer"]
    before = _officer(fresh_game, fg.token, officer)
    ack = fg.act("study", weeks=weeks)
    if message is None:
        assert ack["ok"], ack
        # the autumn's 13 weeks are all studied: not one more
        assert fg.act("study", weeks=1)["error"] == {
            "code": "conflict",
            "message": "'weeks': Jack Aubrey has 0 week(s) of this autumn left to study",
        }
        return
    assert ack["error"] == {"code": "conflict", "message": message}
    assert _officer(fresh_game, fg.token, officer) == before


def test_at_sea_or_in_the_summer_he_does_not_study(fresh_game: Game) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add(
        "fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 3, "birth": RICH}
    )
    fresh_game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
    assert fg.act("study", weeks=1)["error"]["code"] == "wrong_phase"  # the cabinet
    assert gm.act("roll_force")["ok"]
    assert fg.act("study", weeks=1)["error"]["code"] == "wrong_phase"  # the summer
    assert gm.act("resolve_summer")["ok"]
    assert fg.act("volunteer", ship="FG")["ok"]
    assert fg.act("study", weeks=1)["error"] == {
        "code": "conflict",
        "message": "Jack Aubrey's ship is on a cruise this autumn: he is at sea",
    }
