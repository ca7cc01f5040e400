"""Muskets and the Marines' fire (seed 000:1103-1147, "Combat Challenges", "Tools of the
Navy"): the ranged weapons' table cell by cell, who fires at whom and when, a target
without a gun against a Card of Fate, return fire as one contested test, fire at the
enemy's officers, and the order in a round."""

from __future__ import annotations

import pytest

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle
from strategy.combat.damage import CREW
from strategy.combat.data import COMBAT, MUSKET_RANGE, RANGED_WEAPONS
from strategy.combat.muskets import ORDERS, band, volleys
from strategy.combat.orders import Orders, normalise
from strategy.combat.policies import POLICIES
from strategy.combat.setup import setup
from strategy.errors import InvalidMove
from tests.combat_helpers import TAIL

#: the book's tables (000:1117-1145): range, distance in feet, card pool, for each weapon
BOOK = {
    "Musket": [("Point Blank", 10, 5), ("Normal", 50, 3), ("Long", 100, 2), ("Extreme", 250, 1)],
    "Pistol": [("Point Blank", 5, 4), ("Normal", 20, 3), ("Long", 50, 1), ("Extreme", 100, 1)],
    "Rifle": [("Point Blank", 10, 6), ("Normal", 100, 5), ("Long", 200, 3), ("Extreme", 400, 1)],
    "Knives": [("Point Blank", 5, 3), ("Normal", 10, 2), ("Long", 15, 1)],
}


def _at(distance: int, deck: list[str]) -> Battle:
    """A Fifth Rate and a Cutter opening at ``distance`` (a story opening, no cards), then
    ``deck`` and the tail."""
    bt = Battle("Fifth Rate", "Cutter", distance=distance, dealer=ScriptedDealer([]))
    setup(bt, {})
    bt.dealer = ScriptedDealer(deck + TAIL)
    return bt


def _hits(bt: Battle) -> list[tuple[str, str, str, str]]:
    return [
        (e["ship"], e["by"], e["area"], e["level"])
        for e in bt.events
        if e["type"] == "hit" and e["cause"] == "muskets"
    ]


@pytest.mark.parametrize("weapon", sorted(BOOK))
def test_the_ranged_weapons_table_cell_by_cell(weapon: str) -> None:
    rows = COMBAT["ranged_weapons"][weapon]
    assert [(r["range"], r["feet"], r["cards"]) for r in rows] == BOOK[weapon]
    assert dict(RANGED_WEAPONS[weapon]) == {r: n for r, _, n in BOOK[weapon]}


def test_the_marines_fire_muskets_point_blank_alongside_and_at_long_range_at_distance_1() -> None:
    assert COMBAT["marines_weapon"] == "Musket"
    assert dict(MUSKET_RANGE) == {0: ("Point Blank", 5), 1: ("Long", 2)}
    assert [band(d) for d in range(7)] == [("Point Blank", 5), ("Long", 2), *[None] * 5]


def test_fired_on_without_orders_the_enemy_returns_the_fire_in_one_contested_test() -> None:
    """The book: "If your opponent can return fire, it is resolved in the same manner as a
    hand-to-hand combat. Each adversary acts simultaneously and each delivers the HIGHEST
    result" (000:1111): the Cutter's Marines answer; 7S is a critical success against the
    7D, 3H an ordinary one; both land."""
    bt = _at(1, ["7D", "7S", "2C", "KD", "3H"])
    a0, b0 = bt.ships
    a0.orders.muskets = "crew"
    volleys(bt)
    said = [e for e in bt.events if e["type"] == "muskets"]
    assert [(e["ship"], e["target"], e["range"], e["pool"], e["returned"]) for e in said] == [
        ("a0", "b0", "Long", 2, False),
        ("b0", "a0", "Long", 2, True),
    ]
    test = next(e for e in bt.events if e["type"] == "test" and e["what"] == "muskets")
    assert test["cof"] == "7D" and test["winner"] == "a0"
    assert _hits(bt) == [("b0", "a0", "crew", "maimed"), ("a0", "b0", "crew", "injured")]
    assert b0.damage.state(CREW) == 2  # the Cutter's one Maimed box crossed


def test_a_target_that_holds_her_fire_is_a_static_test_against_a_card_of_fate() -> None:
    """The book: "A ranged combat challenge against a target without a gun is carried out very much
    like a static challenge ... against a Card of Fate": the Cutter holds her fire, the
    Fifth Rate overturns her 2 cards alone; she takes nothing back."""
    bt = _at(1, ["7D", "2C", "7S"])
    a0, b0 = bt.ships
    a0.orders.muskets, b0.orders.muskets = "crew", "hold"
    volleys(bt)
    test = next(e for e in bt.events if e["type"] == "test" and e["what"] == "muskets")
    assert (test["ship"], test["pool"], test["cards"], test["result"]) == (
        "a0",
        2,
        ["2C", "7S"],
        "critical",
    )
    assert _hits(bt) == [("b0", "a0", "crew", "maimed")]
    assert a0.damage.state(CREW) == 0


def test_alongside_the_marines_fire_point_blank_with_five_cards() -> None:
    bt = _at(0, ["7D", "2C", "3C", "4C", "5C", "6C"])
    a0, b0 = bt.ships
    assert a0.boarding is not None
    a0.orders.muskets, b0.orders.muskets = "crew", "hold"
    volleys(bt)
    said = next(e for e in bt.events if e["type"] == "muskets")
    assert (said["range"], said["pool"]) == ("Point Blank", 5)
    assert _hits(bt) == []  # no success: nothing lands


def test_out_of_musket_shot_no_one_fires() -> None:
    bt = _at(2, ["7D", "7S", "7C"])
    a0, _ = bt.ships
    a0.orders.muskets = "crew"
    before = len(bt.events)
    volleys(bt)
    assert bt.events[before:] == []


def test_marines_aimed_at_the_enemy_captain_wound_him_and_his_command_passes_at_minus_2() -> None:
    """Soldiering's "Direct the fire of the marines against the enemy officers" (000:1805):
    a critical success Maims the Cutter's captain; "command passes down ... and they make
    their Command tests at -2" (000:1855)."""
    bt = _at(1, ["7D", "2C", "7S"])
    a0, b0 = bt.ships
    a0.orders.muskets, b0.orders.muskets = "captain", "hold"
    command = b0.skill("command")
    volleys(bt)
    wounded = [e for e in bt.events if e["type"] == "wounded"]
    assert [(e["ship"], e["who"], e["health"]) for e in wounded] == [("b0", "captain", "maimed")]
    assert _hits(bt) == []  # aimed at him, not the crew
    assert "captain" in b0.lost and b0.skill("command") == command - 2


def test_an_officer_already_down_leaves_the_marines_the_crew() -> None:
    bt = _at(1, ["7D", "2C", "7S"])
    a0, b0 = bt.ships
    b0.npc_health["captain"] = 2
    a0.orders.muskets, b0.orders.muskets = "captain", "hold"
    volleys(bt)
    assert _hits(bt) == [("b0", "a0", "crew", "maimed")]


def test_no_order_about_muskets_fires_none() -> None:
    """Nobody ordering musketry, nobody fires: the Marines only answer fire."""
    bt = _at(1, ["7D", "7S"])
    before = len(bt.events)
    volleys(bt)
    assert bt.events[before:] == []


def test_the_muskets_order_in_a_round_fires_after_the_guns() -> None:
    bt = Battle("Fifth Rate", "Cutter", distance=1, seed=5)
    events = bt.step({"a0": {"move": "hold", "muskets": "crew"}, "b0": {"move": "hold"}})
    kinds = [e["type"] for e in events]
    assert "muskets" in kinds
    assert kinds.index("muskets") > kinds.index("broadside")
    decision = next(e for e in events if e["type"] == "decision" and e["ship"] == "a0")
    assert decision["orders"]["muskets"] == "crew"


def test_an_unknown_muskets_order_is_refused() -> None:
    bt = Battle("Fifth Rate", "Cutter", distance=1)
    assert ORDERS == ("crew", "captain", "master", "gunner", "hold")
    with pytest.raises(InvalidMove, match="muskets"):
        normalise(bt, bt.ships[0], {"move": "hold", "muskets": "rigging"})


def test_marines_with_no_cards_do_not_fire_nor_return_fire() -> None:
    """The Cutter's Crew Maimed (-3 to all card pools) leaves her Marines no card of the
    Long band's 2: she does not return the fire, and the Fifth Rate's is a static test."""
    bt = _at(1, ["7D", "2C", "7S"])
    a0, b0 = bt.ships
    b0.damage.hit(CREW, 2)
    assert b0.mods_all() == -3
    a0.orders.muskets = "crew"
    volleys(bt)
    said = [(e["ship"], e["returned"]) for e in bt.events if e["type"] == "muskets"]
    assert said == [("a0", False)]
    test = next(e for e in bt.events if e["type"] == "test" and e["what"] == "muskets")
    assert "sides" not in test and test["result"] == "critical"


def _npc(bt: Battle, sid: str, name: str) -> Orders:
    """Ship ``sid``'s orders for the round as the NPC policy ``name`` gives them."""
    ship = bt.by_id[sid]
    POLICIES[name].orders(bt, ship, ship.orders)
    return ship.orders


def test_an_npc_going_to_board_opens_musket_fire_and_the_enemy_answers() -> None:
    """An NPC captain going to board from Distance 1 orders his Marines to fire at the
    enemy's crew (Point Blank, "deadly nearer to the enemy"): her 5 cards against the
    Cutter's 5, at least hers. Alongside, the Cutter's Marines answer in one contested
    test: 7S is a critical success against the 7D, 3H an ordinary one."""
    bt = _at(1, [])
    a0, b0 = bt.ships
    orders = _npc(bt, "a0", "boarder")
    assert (orders.move, orders.muskets) == ("board", "crew")
    assert orders.as_dict()["muskets"] == "crew"  # the decision event tells it
    bt2 = _at(0, ["7D", "7S", "2C", "KD", "3H", "2D", "3D", "4D", "5D"])
    a0, b0 = bt2.ships
    _npc(bt2, "a0", "boarder")
    volleys(bt2)
    said = [
        (e["ship"], e["range"], e["pool"], e["returned"])
        for e in bt2.events
        if e["type"] == "muskets"
    ]
    assert said == [("a0", "Point Blank", 5, False), ("b0", "Point Blank", 5, True)]
    assert _hits(bt2) == [("b0", "a0", "crew", "maimed"), ("a0", "b0", "crew", "injured")]


def test_an_npc_holds_the_muskets_at_long_range_and_when_the_enemys_pool_is_greater() -> None:
    """No fire opened at Distance 1 with the guns (Long, 2 cards: "notoriously
    inaccurate at long range"), nor going to board from further off; nor alongside when
    her Crew Injured (-1) leaves her Marines fewer cards than the enemy's: she waits to
    answer his."""
    bt = _at(1, [])
    assert _npc(bt, "a0", "aggressive").muskets is None  # closing to fire her guns
    far = _at(3, [])
    assert _npc(far, "a0", "boarder").muskets is None  # not alongside this round
    bt = _at(0, ["7D", "7S", "2C", "3C", "4C", "5C"])
    a0, b0 = bt.ships
    for _ in range(4):  # the Fifth Rate's four Injured boxes of Crew
        a0.damage.hit(CREW, 1)
    assert a0.mods_all() == -1
    assert _npc(bt, "a0", "boarder").muskets is None
    # the Cutter, alongside with the greater pool, opens it: even a runner answers boarders
    assert _npc(bt, "b0", "runner").muskets == "crew"


def test_a_battle_saved_before_npcs_opened_musket_fire_is_rebuilt_as_it_was_fought() -> None:
    """A battle's saved form without ``npc_muskets`` (rules version 5's) is fought with
    policies that never open fire; today's carries it and its boarder opens fire."""
    new = Battle("Fifth Rate", "Cutter", distance=1, seed=3, policies={"a": "boarder"})
    new.step({})
    saved = new.to_dict()
    assert saved["npc_muskets"] is True
    decision = next(e for e in new.events if e["type"] == "decision" and e["ship"] == "a0")
    assert decision["orders"]["muskets"] == "crew"
    old = Battle.from_dict({k: v for k, v in saved.items() if k != "npc_muskets"})
    assert old.npc_muskets is False and "npc_muskets" not in old.to_dict()
    decision = next(e for e in old.events if e["type"] == "decision" and e["ship"] == "a0")
    assert "muskets" not in decision["orders"]
    assert not any(e["type"] == "muskets" and not e["returned"] for e in old.events)
