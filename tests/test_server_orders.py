"""A player's conditional orders for his character's summer (Briny, POLTROONERY, RECKLESS
BRAVERY, PROMOTION): given in the cabinet or the summer, read by him and the GM alone,
carried out when the summer is resolved, then spent."""

from __future__ import annotations

from typing import Any

import pytest

from server.game import rules
from server.game import season as game_season
from tests.server_helpers import Game


def _officer(g: Game, token: str, oid: str) -> dict[str, Any]:
    return g.rest("get", f"/api/campaigns/{g.id}/officers/{oid}", token=token).json["officer"]


def _log(g: Game) -> list[dict[str, Any]]:
    return g.rest("get", f"/api/campaigns/{g.id}/log").json["events"]


def test_his_orders_are_his_and_the_gms_to_read(orders_table: dict[str, Any]) -> None:
    g, oid = orders_table["game"], orders_table["officers"]["fg"]
    fg = g.players["fg"]
    ack = fg.act("conditional_orders", poltroonery=3, decline_promotion=True)
    assert ack["ok"], ack
    orders = {"poltroonery": 3, "decline_promotion": True}
    assert _officer(g, fg.token, oid)["orders"] == orders
    assert _officer(g, g.gm_token, oid)["orders"] == orders
    # in words as his notice has them, for his Orders panel to show
    words = "poltroonery, 3 more needed on his death roll; he would decline a promotion for a "
    words += "mention in despatches"
    assert _officer(g, fg.token, oid)["orders_words"] == words
    # his event and the GM's carry them; nobody else reads more than the bare seq
    seen = {key: p.events() for key, p in g.players.items()}
    assert [e["data"] for e in seen["fg"]] == [{"officer": oid, "orders": orders}]
    assert seen["gm"][0]["data"]["orders"] == orders
    for key in ("red", "pm", "fsl", "obs"):
        assert seen[key] == [], key
    red_view = g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players["red"].token)
    aubrey = next(o for o in red_view.json["state"]["officers"] if o["id"] == oid)
    assert "orders" not in aubrey and "orders_words" not in aubrey
    # the notices: his own in words, the GM's naming whose they are; nobody else's
    told = {
        key: [
            n["text"]
            for n in g.rest("get", f"/api/campaigns/{g.id}/notices", token=p.token).json["notices"]
            if n["type"] == "orders"
        ]
        for key, p in g.players.items()
    }
    assert told["fg"] == [
        "Your orders for Jack Aubrey this summer: poltroonery, 3 more needed on his death "
        "roll; he would decline a promotion for a mention in despatches"
    ]
    assert told["gm"] == [
        "Orders for Jack Aubrey this summer (Captain): poltroonery, 3 more needed on his death "
        "roll; he would decline a promotion for a mention in despatches"
    ]
    assert all(told[k] == [] for k in ("red", "pm", "fsl", "obs"))
    # orders given again replace them; none at all take them back
    assert fg.act("conditional_orders", bravery=2)["ok"]
    assert _officer(g, fg.token, oid)["orders"] == {"bravery": 2}
    assert fg.act("conditional_orders")["ok"]
    assert "orders" not in _officer(g, fg.token, oid)
    assert "orders_words" not in _officer(g, fg.token, oid)


@pytest.mark.parametrize(
    ("who", "args", "code", "words"),
    [
        ("fg", {"poltroonery": 2, "bravery": 1}, "invalid", "not both"),
        ("fg", {"bravery": rules.ORDERS_MOST + 1}, "invalid", "bravery"),
        ("fg", {"poltroonery": -1}, "invalid", "poltroonery"),
        ("fg", {"decline_promotion": "yes"}, "invalid", "decline_promotion"),
        ("obs", {"bravery": 1}, "forbidden", ""),
        ("pm", {"bravery": 1}, "forbidden", "only: admiral, captain"),
    ],
)
def test_bad_orders_are_refused_and_change_nothing(
    orders_table: dict[str, Any], who: str, args: dict[str, Any], code: str, words: str
) -> None:
    g = orders_table["game"]
    before = _log(g)
    ack = g.players[who].act("conditional_orders", **args)
    assert ack["ok"] is False and ack["error"]["code"] == code, ack
    assert words in ack["error"]["message"]
    assert _log(g) == before


def test_orders_are_given_before_the_summer_is_rolled_not_after(
    orders_table: dict[str, Any],
) -> None:
    g = orders_table["game"]
    gm, fg = g.players["gm"], g.players["fg"]
    assert g.players["pm"].act("set_ships", digit=3)["ok"]
    assert g.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert fg.act("conditional_orders", bravery=1)["ok"]  # in the summer too
    assert gm.act("resolve_summer")["ok"]
    late = fg.act("conditional_orders", bravery=1)
    assert late["ok"] is False and late["error"]["code"] == "wrong_phase", late


def test_the_summer_carries_them_out_and_spends_them(
    orders_table: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summer is rolled with each seated character's orders (a poltroon's d6 is in his
    outcome); the orders of a character not at sea are left out; after it none are left."""
    g, oids = orders_table["game"], orders_table["officers"]
    gm = g.players["gm"]
    assert g.players["pm"].act("set_ships", digit=3)["ok"]
    assert g.players["fsl"].act("set_deployment", digit=5)["ok"]
    assert gm.act("roll_force")["ok"]
    assert g.players["fg"].act("conditional_orders", poltroonery=rules.ORDERS_MOST)["ok"]
    assert g.players["red"].act("conditional_orders", decline_promotion=True)["ok"]
    given: list[Any] = []
    real = rules.resolve_summer

    def resolve_summer(deployment, officers, seed, choices):  # what the rules are handed
        given.append(choices.get("officers"))
        return real(deployment, officers, seed, choices)

    monkeypatch.setattr(rules, "resolve_summer", resolve_summer)
    assert gm.act("resolve_summer")["ok"]
    assert given == [
        {oids["fg"]: {"poltroonery": rules.ORDERS_MOST}, oids["red"]: {"decline_promotion": True}}
    ]
    report = next(e for e in _log(g) if e["type"] == "resolve_summer")["data"]["report"]
    (mine,) = [r for r in report["personal_outcomes"] if r["officer"] == oids["fg"]]
    assert mine["poltroonery"]["modifier"] == rules.ORDERS_MOST, mine  # hid below, and lived
    # his report says what came of it; another player's Gazette does not
    found = report["outcomes"][oids["fg"]]["poltroonery"]
    assert found == mine["poltroonery"]["outcome"]
    words = {
        key: g.rest("get", f"/api/campaigns/{g.id}/state", token=g.players[key].token).json[
            "state"
        ]["report"]["words"]
        for key in ("fg", "red")
    }
    assert any("kept below in the action" in w for w in words["fg"]), words["fg"]
    assert not any("kept below" in w for w in words["red"]), words["red"]
    for key, oid in oids.items():
        assert "orders" not in _officer(g, g.players[key].token, oid), key


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"poltroonery": "unnoticed"}, "kept below in the action: his cowardice went unnoticed"),
        ({"poltroonery": "found out"}, "found out, he loses status every month"),
        ({"poltroonery": "court-martial"}, "put in irons to be court-martialled"),
        ({"declined": "declined"}, "declined a promotion for the mention"),
        ({"declined": "no further promotions"}, "no further promotions, three declined"),
    ],
)
def test_what_came_of_his_orders_is_in_his_own_words_only(
    extra: dict[str, Any], words: str
) -> None:
    outcome = {
        "name": "Jack Aubrey",
        "rank": "Captain",
        "dead": False,
        "wound": None,
        "mentioned": 1,
        "promoted": None,
        "guineas": 0,
        "na": [7, 7],
        **extra,
    }
    assert words in game_season.outcome_words(outcome, True)
    assert words not in game_season.outcome_words(outcome, False)
