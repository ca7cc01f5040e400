"""Set-ups the combat tests share: a ship alongside her foe, an officer of hers throwing
firebrands on a stacked deck."""

from __future__ import annotations

from typing import Any

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle
from strategy.combat.setup import setup

#: more than any test overturns after the cards it names: no success against 2C...
TAIL = ["2C", "3C", "4C", "5C", "6C", "2H", "3H", "4H", "5H", "6H"] * 3


def firebrands_alongside(
    ship: dict[str, Any], officer: str, health: int, deck: list[str]
) -> Battle:
    """``ship`` boarding a Cutter (a story opening at Distance 0), her ``officer`` at
    ``health`` throwing firebrands; no Discipline cards dealt; then ``deck`` and
    :data:`TAIL`."""
    bt = Battle(ship, "Cutter", distance=0, dealer=ScriptedDealer([]))
    setup(bt, {})
    mine = bt.ships[0]
    mine.discipline = {}
    mine.reskill()
    mine.health[officer] = health
    mine.orders.boarding = {officer: "firebrands"}
    bt.dealer = ScriptedDealer(deck + TAIL)
    return bt
