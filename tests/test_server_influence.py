"""Influencing the Prime Minister (Briny En Garde!, INFLUENCE 001:476-536, 001:1306-1307):
a seated player's favours this season, spent in the cabinet for more or fewer ships, the
die rolled when he does, the NPC Prime Minister's number moved by it at the roll; told to
him and the GM alone; refused, nothing changed, when the book does not allow it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import ActionError, rules
from server.game.favours import favours_for
from server.game.state import event_rng
from strategy.campaign.plan import COMMITMENT_COLUMNS
from tests.server_helpers import SEATS, Game, phase_states


class Scripted(random.Random):
    """The campaign's source with its first d6 scripted (then as seeded)."""

    def __init__(self, dice: list[int], seed: int = 1) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        if self.dice and (a, b) == (1, 6):
            return self.dice.pop(0)
        return super().randint(a, b)


def _fsl_officer(state: dict[str, Any]) -> dict[str, Any]:
    """The First Sea Lord's character: an NPC's record made his, holding the post (the
    Government table's Infl "8 & 9" each season)."""
    npc = copy.deepcopy(next(iter(phase_states()[0]["summer"]["officers"].values())))
    return {
        **npc,
        "id": "barham",
        "name": "Lord Barham",
        "player": "fsl",
        "appointment": "First Sea Lord",
        "ship": None,
        "squadron": None,
        "rank": "Admiral",
    }


def _cabinet(pm_seated: bool = False) -> dict[str, Any]:
    """The cabinet of 1805 with the First Sea Lord's character seated; the Prime Minister
    an NPC (no seat) unless ``pm_seated``."""
    state = copy.deepcopy(phase_states()[0]["cabinet"])
    if not pm_seated:
        del state["seats"]["pm"]
    state["officers"]["barham"] = _fsl_officer(state)
    state["seats"]["fsl"]["officer"] = "barham"
    return state


def _seat(state: dict[str, Any], key: str) -> dict[str, Any]:
    return state["seats"][SEATS[key]["id"]]


def _influence(
    state: dict[str, Any], wish: str, favours: list[int], dice: list[int], key: str = "fsl"
) -> dict[str, Any]:
    seat = state["seats"][key]
    args = {"type": "influence", "wish": wish, "favours": favours}
    kind, data = game.decide(state, seat, args, Scripted(dice))[:2]
    game.apply_event(state, kind, data)
    return data


def test_his_favours_this_season_by_table_a_and_his_post() -> None:
    state = _cabinet()
    barham = state["officers"]["barham"]
    favours = favours_for(state, barham)
    assert favours is not None
    # the cabinet is May's: the spring's favours (the Prime Minister decides in May)
    assert favours["season"] == "1805 spring"
    assert favours["received"] == rules.season_favours(barham)
    assert {8, 9} <= set(favours["received"]) and favours["spent"] == []
    # on his own sheet (the own section), with the Prime Minister's class from Table B
    own = game.state_for(state, _seat(state, "first-sea-lord"))["favours"]
    assert own["held"] == favours["received"] and own["prime_minister"] == 8
    for key in ("admiral", "captain", "observer"):  # nobody else's
        assert "favours" not in game.state_for(state, _seat(state, key))
    gm = game.state_for(state, _seat(state, "gm"))  # the GM's: each seat's, to act as it
    assert gm["favours_of"] == {"fsl": own} and "favours" not in gm
    kind, data = game.decide(
        state,
        _seat(state, "gm"),
        {"type": "influence", "as": "fsl", "wish": "more", "favours": [9]},
        Scripted([5]),
    )[:2]
    assert (kind, data["officer"], data["as"], data["ships"]) == ("influence", "barham", "fsl", 1)
    npc = {**barham, "id": "npc", "player": None}  # an NPC's are not played
    assert favours_for(state, npc) is None


def test_the_worked_example_one_ship_more_moves_the_npc_prime_ministers_column() -> None:
    """Barham brings his class 8 and 9 favours to bear for more ships: modifier 1 + 2 = 3,
    die 4, total 7: one ship more. The NPC Prime Minister then rolls 1 (column 1, three
    ships): four ships, Table F's column 3; the First Sea Lord's digit 5: roll 35."""
    state = _cabinet()
    data = _influence(state, "more", [8, 9], [4])
    assert {k: data[k] for k in ("favours", "combined", "modifier", "die", "total", "ships")} == {
        "favours": [8, 9],
        "combined": [8, 9],
        "modifier": 3,
        "die": 4,
        "total": 7,
        "ships": 1,
    }
    held = favours_for(state, state["officers"]["barham"])
    assert held is not None and held["spent"] == [8, 9]
    assert 8 not in held["held"] and 9 not in held["held"]
    assert state["cabinet"]["influence"] == [
        {"officer": "barham", "wish": "more", "modifier": 3, "die": 4, "ships": 1}
    ]
    # the others see nothing of it; the GM sees it in the cabinet
    assert "influence" not in game.state_for(state, _seat(state, "admiral"))["cabinet"]
    assert "influence" not in game.state_for(state, _seat(state, "first-sea-lord"))["cabinet"]
    assert game.state_for(state, _seat(state, "gm"))["cabinet"]["influence"]
    _decided = game.decide(
        state, _seat(state, "first-sea-lord"), {"type": "set_deployment", "digit": 5}, Scripted([])
    )
    game.apply_event(state, *_decided[:2])
    kind, rolled = game.decide(state, _seat(state, "gm"), {"type": "roll_force"}, Scripted([1]))[:2]
    assert rolled["rolled"] == {"ships_digit": 1}
    assert rolled["influence"] == {
        "moves": [1],
        "ships_rolled": 3,
        "ships": 4,
        "column": COMMITMENT_COLUMNS[1],
        "column_die": None,
    }
    assert COMMITMENT_COLUMNS[1] == 3 and rolled["ships_digit"] == 3 and rolled["roll"] == 35
    game.apply_event(state, kind, rolled)
    assert state["cabinet"]["roll"] == 35 and state["phase"] == "summer"


def test_fewer_ships_down_to_three_roll_for_the_column_and_no_lower() -> None:
    """Two influences for fewer ships: class 9 (+2) with a die of 5, class 8 (+1) with 6,
    totals 7: one ship each. The Prime Minister rolls 3 (column 3, four ships): two fewer
    would be two, kept at three (001:1306), whose column a die decides: 6, column 3
    (001:1307: "on a roll of 4 through 6, use column 3")."""
    state = _cabinet()
    first = _influence(state, "fewer", [9], [5])
    second = _influence(state, "fewer", [8], [6])
    assert (first["total"], first["ships"], second["total"], second["ships"]) == (7, -1, 7, -1)
    kind, rolled = game.decide(
        state, _seat(state, "gm"), {"type": "roll_force"}, Scripted([3, 6, 5])
    )[:2]
    assert rolled["influence"] == {
        "moves": [-1, -1],
        "ships_rolled": 4,
        "ships": 3,
        "column": 3,
        "column_die": 6,
    }
    assert rolled["rolled"] == {"ships_digit": 3, "deployment_digit": 5}
    assert rolled["roll"] == 35


def test_a_roll_nobody_influenced_is_as_before() -> None:
    state = _cabinet()
    before = copy.deepcopy(state)
    rng_a, rng_b = event_rng(5, 4), event_rng(5, 4)
    _, plain = game.decide(before, _seat(before, "gm"), {"type": "roll_force"}, rng_a)[:2]
    _, same = game.decide(state, _seat(state, "gm"), {"type": "roll_force"}, rng_b)[:2]
    assert plain == same and "influence" not in plain


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        ({"wish": "more", "favours": [7]}, "invalid", "class 7 favour left alone"),
        ({"wish": "more", "favours": [9, 9]}, "conflict", "does not hold favours of class 9, 9"),
        ({"wish": "fewer", "favours": [8, 8]}, "conflict", "does not hold favours of class 8, 8"),
        ({"wish": "sideways", "favours": [9]}, "invalid", "'wish'"),
        ({"wish": "more", "favours": []}, "invalid", "'favours'"),
        ({"wish": "more", "favours": [10]}, "invalid", "'favours"),
    ],
)
def test_a_bad_influence_is_one_error_and_changes_nothing(
    args: dict[str, Any], code: str, words: str
) -> None:
    state = _cabinet()
    before = copy.deepcopy(state)
    with pytest.raises(ActionError) as refused:
        game.decide(
            state, _seat(state, "first-sea-lord"), {"type": "influence", **args}, Scripted([6])
        )
    assert refused.value.code == code and words in refused.value.message, refused.value.message
    assert state == before


def test_favours_spent_once_and_a_player_prime_minister_is_not_influenced() -> None:
    state = _cabinet()
    _influence(state, "more", [9], [1])  # not swayed: 1 + 2 = 3, the favour spent all the same
    with pytest.raises(ActionError, match="does not hold favours of class 9"):
        _influence(state, "more", [9], [6])
    seated = _cabinet(pm_seated=True)
    before = copy.deepcopy(seated)
    with pytest.raises(ActionError) as refused:
        _influence(seated, "more", [9], [6])
    assert refused.value.code == "conflict" and "the Prime Minister is a player" in str(
        refused.value
    )
    assert seated == before
    # no living character: nothing to spend; a minister not granted; after the roll too late
    with pytest.raises(ActionError) as no_one:
        _influence(state, "more", [8], [6], key="red")
    assert no_one.value.code == "conflict"
    with pytest.raises(ActionError) as late:
        game.decide(
            phase_states()[0]["summer"],
            phase_states()[0]["summer"]["seats"]["fsl"],
            {"type": "influence", "wish": "more", "favours": [8]},
            Scripted([]),
        )
    assert late.value.code == "wrong_phase"


def test_a_prime_minister_seated_after_the_influences_decides_for_himself() -> None:
    """001:478: "Player characters make their own decisions and influence has no effect on
    them": a player seated after an influence who chooses his digit sends his number; the
    influence is logged void, its favours spent."""
    state = _cabinet()
    _influence(state, "more", [8, 9], [6])  # 6 + 3 = 9: two ships more, had he been an NPC
    game.apply_event(
        state, "seat_created", {"seat": {"squadron": None, "ship": None, **SEATS["prime-minister"]}}
    )
    for key, args in (
        ("prime-minister", {"type": "set_ships", "digit": 2}),
        ("first-sea-lord", {"type": "set_deployment", "digit": 4}),
    ):
        game.apply_event(state, *game.decide(state, _seat(state, key), args, Scripted([]))[:2])
    _, rolled = game.decide(state, _seat(state, "gm"), {"type": "roll_force"}, Scripted([]))[:2]
    assert rolled["influence"] == {"moves": [2], "void": True}
    assert rolled["roll"] == 24 and rolled["rolled"] == {}
    held = favours_for(state, state["officers"]["barham"])
    assert held is not None and held["spent"] == [8, 9]


def test_favours_are_not_saved_beyond_their_season() -> None:
    state = _cabinet()
    _influence(state, "more", [8, 9], [6])
    state["phase"] = "autumn"  # a season on: his favours received anew, the spring's gone
    favours = favours_for(state, state["officers"]["barham"])
    assert favours is not None and favours["season"] == "1805 autumn"
    assert favours["spent"] == [] and favours["held"] == favours["received"]


# -- through the protocol ---------------------------------------------------------------


def test_through_the_protocol_told_to_him_and_the_gm_alone(fresh_game: Game) -> None:
    g = fresh_game
    gm = g.gm()
    _, fsl_token = g.seat("first-sea-lord", officer={"name": "Lord Barham"})
    fsl = g.join(fsl_token, key="fsl")
    red = g.add("red", "admiral", squadron="Red", officer={"name": "Robert Calder"})
    view = g.rest("get", f"/api/campaigns/{g.id}/state", token=fsl_token).json["state"]
    held = view["favours"]["held"]
    assert {8, 9} <= set(held)
    g.drain()
    ack = fsl.act("influence", wish="more", favours=[8, 9])
    assert ack["ok"], ack
    seen = {"fsl": fsl.events(), "gm": gm.events(), "red": red.events()}
    mine = seen["fsl"][0]["data"]
    assert mine["favours"] == [8, 9] and mine["modifier"] == 3
    assert mine["ships"] == rules.influence_swing(mine["die"], 3)
    assert seen["gm"][0]["data"]["die"] == mine["die"]
    assert seen["red"] == []  # the bare seq only
    # his own favours spent on his sheet
    after = g.rest("get", f"/api/campaigns/{g.id}/state", token=fsl_token).json["state"]
    assert after["favours"]["spent"] == [8, 9]
    told = {
        key: [
            n["text"]
            for n in g.rest("get", f"/api/campaigns/{g.id}/notices", token=tok).json["notices"]
            if n["type"] == "influence"
        ]
        for key, tok in (("fsl", fsl_token), ("gm", g.gm_token), ("red", red.token))
    }
    assert told["fsl"] and told["fsl"][0].startswith(
        "Your influence with the Prime Minister: favours of class 8 and 9 for more ships"
    )
    assert told["gm"] and told["gm"][0].startswith("Lord Barham (First Sea Lord) influenced")
    assert told["red"] == []
    # spent: the same favours again are refused, one line, nothing changed
    again = fsl.act("influence", wish="fewer", favours=[9])
    assert not again["ok"] and again["error"]["code"] == "conflict"
    # the GM rolls the force: the NPC Prime Minister's die moved by it; the log replays
    # with no dice of the influence's own (its die is in its event)
    red.events()
    assert gm.act("roll_force")["ok"]
    # the admiral reads the roll's digit as the Prime Minister's decision, nothing of it
    read = [e for e in red.events() if e["type"] == "roll_force"][0]["data"]
    assert "influence" not in read and read["rolled"]["ships_digit"] == read["ships_digit"]
    log = g.rest("get", f"/api/campaigns/{g.id}/log").json
    rolled = [e for e in log["events"] if e["type"] == "roll_force"][0]["data"]
    assert rolled["influence"]["moves"] == [mine["ships"]]
    assert rolled["ships_digit"] == rolled["influence"]["column"]
    replayed, problems = game.replay(log)
    assert problems == [] and replayed["cabinet"]["roll"] == rolled["roll"]
    assert replayed["favours"] == {mine["officer"]: {"season": "1805 spring", "spent": [8, 9]}}
