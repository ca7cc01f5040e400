"""The posts that favour an investor (Briny, INVESTMENT): the Victualling Board Supervisor
names an arms investor its supplier ("as if one more ship had been sent on campaign"), the
Chancellor of the Exchequer favours a financier ("as if two fewer ships"); each favours one
investment a summer, of its own kind, his own too ("Rank hath its privileges")."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server import game
from server.game import ActionError, money, season
from tests.server_helpers import SEATS, phase_states

#: (seat key, officer id, post)
FAVOURERS = (
    ("captain", "vbs", "Victualling Board Supervisor"),
    ("blue-captain", "coe", "Chancellor of the Exchequer"),
)


def _officer(oid: str, seat: str, post: str) -> dict[str, Any]:
    state, _ = phase_states()
    npc = copy.deepcopy(next(iter(state["summer"]["officers"].values())))
    return {**npc, "id": oid, "name": oid.title(), "player": seat, "appointment": post}


def _cabinet() -> dict[str, Any]:
    """The cabinet of 1805: FG's captain's character the Victualling Board Supervisor, NE's
    the Chancellor, each with an investment of each kind due this summer."""
    state = copy.deepcopy(phase_states()[0]["cabinet"])
    for key, oid, post in FAVOURERS:
        seat_id = SEATS[key]["id"]
        state["officers"][oid] = _officer(oid, seat_id, post)
        state["seats"][seat_id]["officer"] = oid
    state["investments"] = [
        {"id": f"i1805-{n}", "officer": oid, "kind": kind, "guineas": 1000, "year": 1805}
        for n, (oid, kind) in enumerate(
            [(o, k) for _, o, _ in FAVOURERS for k in ("arms", "finance")], start=1
        )
    ]
    return state


def _act(state: dict[str, Any], key: str, investment: str) -> dict[str, Any]:
    seat = state["seats"][SEATS[key]["id"]]
    args = {"type": "favour_investor", "investment": investment}
    kind, data = game.decide(state, seat, args, random.Random(1))[:2]
    game.apply_event(state, kind, data)
    return data


def test_each_post_favours_one_investment_of_its_kind() -> None:
    cabinet = _cabinet()
    by_id = {i["id"]: i for i in cabinet["investments"]}
    arms_of_vbs, _, arms_of_coe, finance_of_coe = sorted(by_id)
    data = _act(cabinet, "captain", arms_of_coe)  # the Board buys from another's arms
    assert {k: data[k] for k in ("investment", "flag", "post")} == {
        "investment": arms_of_coe,
        "flag": "supplier",
        "post": "Victualling Board Supervisor",
    }
    _act(cabinet, "blue-captain", finance_of_coe)  # the Chancellor his own: his privilege
    flags = {i["id"]: (i.get("supplier"), i.get("favoured")) for i in cabinet["investments"]}
    assert flags[arms_of_coe] == (True, None) and flags[finance_of_coe] == (None, True)
    _act(cabinet, "captain", arms_of_vbs)  # named again: the supplier is the new one alone
    suppliers = [i["id"] for i in cabinet["investments"] if i.get("supplier")]
    assert suppliers == [arms_of_vbs]
    # the summer pays them as the book says: one ship more, two fewer
    choices = {c["investor"]: c for c in money.choices(cabinet)}
    assert choices[arms_of_vbs]["supplier"] is True
    assert choices[finance_of_coe]["favoured"] is True
    assert "supplier" not in choices[arms_of_coe]


def test_the_summer_counts_the_favoured_investments_ships() -> None:
    cabinet = _cabinet()
    for key, seat_key in (("i1805-1", "captain"), ("i1805-4", "blue-captain")):
        _act(cabinet, seat_key, key)
    for args in (
        {"type": "set_ships", "digit": 3},
        {"type": "set_deployment", "digit": 5},
        {"type": "roll_force"},
    ):
        role = {"set_ships": "prime-minister", "set_deployment": "first-sea-lord"}
        seat = cabinet["seats"][SEATS[role.get(args["type"], "gm")]["id"]]
        kind, data = game.decide(cabinet, seat, args, random.Random(2))[:2]
        game.apply_event(cabinet, kind, data)
    report = season.resolve(cabinet, random.Random(3))["report"]
    counted = {r["id"]: r["ships_counted"] for r in report["returns"]}
    sent = report["investment"]["ships_sent"]
    assert counted == {
        "i1805-1": sent + 1,  # the Board's arms supplier
        "i1805-2": sent,
        "i1805-3": sent,
        "i1805-4": max(0, sent - 2),  # the Chancellor's financier
    }


@pytest.mark.parametrize(
    ("key", "investment", "words"),
    [
        ("captain", "i1805-2", "no arms investment 'i1805-2'"),  # a finance one
        ("blue-captain", "i1805-3", "no finance investment 'i1805-3'"),  # an arms one
        ("captain", "i1899-1", "no arms investment 'i1899-1'"),
        ("admiral", "i1805-1", "holds neither post"),
    ],
)
def test_a_favour_off_the_book_is_refused_and_changes_nothing(
    key: str, investment: str, words: str
) -> None:
    cabinet = _cabinet()
    before = copy.deepcopy(cabinet)
    seat = cabinet["seats"][SEATS[key]["id"]]
    with pytest.raises(ActionError) as refused:
        game.decide(
            cabinet, seat, {"type": "favour_investor", "investment": investment}, random.Random(1)
        )
    assert refused.value.code == "conflict" and words in refused.value.message
    assert cabinet == before


def test_the_favourer_reads_whom_he_may_favour_and_no_capital() -> None:
    cabinet = _cabinet()
    _act(cabinet, "captain", "i1805-3")
    board = game.state_for(cabinet, cabinet["seats"][SEATS["captain"]["id"]])
    assert board["favourable"] == [
        {"id": "i1805-1", "officer": "Vbs", "kind": "arms", "favoured": False},
        {"id": "i1805-3", "officer": "Coe", "kind": "arms", "favoured": True},
    ]
    chancellor = game.state_for(cabinet, cabinet["seats"][SEATS["blue-captain"]["id"]])
    assert [i["id"] for i in chancellor["favourable"]] == ["i1805-2", "i1805-4"]
    for key in ("admiral", "prime-minister"):  # no post: nothing to read
        assert "favourable" not in game.state_for(cabinet, cabinet["seats"][SEATS[key]["id"]])


def _notices(state: dict[str, Any], data: dict[str, Any], author: str, key: str) -> list[Any]:
    """The notices seat ``key`` gets of a ``favour_investor`` logged as ``data`` (seq 9),
    as the server builds them (server.web.campaigns ``history``): from the event as that
    seat reads it, its view's change aside."""
    spec = game.SPECS["favour_investor"]
    seat = state["seats"][SEATS[key]["id"]]
    seen = game.event_data(spec, author, data, state, seat)
    payload = game.payload(spec, 9, data, seen, [])
    view = game.state_for(state, seat)
    return game.notices_for(spec.notice, payload, author, data, seat, state, view)


def test_a_favour_is_told_to_its_giver_and_the_gm_only() -> None:
    """Briny 001:1303: the Board's purchases are its Supervisor's business (and the GM's)."""
    cabinet = _cabinet()
    board = SEATS["captain"]["id"]
    data = _act(cabinet, "captain", "i1805-3")
    [mine] = _notices(cabinet, data, board, "captain")
    assert mine == {
        "seq": 9,
        "type": "favour",
        "text": "You as Victualling Board Supervisor: Post Captain Coe's investment made his "
        "arms supplier",
        "investment": "i1805-3",
        "post": "Victualling Board Supervisor",
        "granted": True,
    }
    [gm] = _notices(cabinet, data, board, "gm")
    assert gm["text"].startswith("Aubrey as Victualling Board Supervisor: ")
    for key in ("blue-captain", "admiral", "prime-minister", "observer"):
        assert _notices(cabinet, data, board, key) == [], key
