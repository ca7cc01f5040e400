"""The Briny battle result a ship earns in a battle fought on the map (seed 001, CAMPAIGN
OUTCOME: the Battle Result Table's Interpretations), from how she left a BtQ battle (seed
000, "Ship to Ship Combat": striking, sunk, decimated, taken by boarding, escaped).

A ship's fate is classified from the combat engine's outcome (:func:`ship_fate`), then read
on one table by her order (:func:`map_battle_result`): the result the fate calls for and the
book's Interpretation of it, or Admiralty's own words where the book's contradict what
happened (docs/rules-notes.md, "Briny result of a fight").

>>> map_battle_result("enemy_captured", "B")
(1, 'Blockade successful, enemy ship captured.')
>>> map_battle_result("struck", "C")
(6, 'Attack fails, own ship struck her colours and is captured.')
>>> ship_fate({"how": "a_wins", "ships": {"a0": {"side": "a", "status": "active"},
...     "b0": {"side": "b", "status": "decimated"}}}, "a0")
'enemy_captured'
>>> rolled_reading("B", 1)
'Off the chart: Blockade successful, enemy ship captured.'
>>> season_fight([{"result": 3, "fate": "disengaged"}, {"result": 1, "fate": "enemy_captured"},
...     {"result": 4, "fate": "escaped"}])
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.tables import ORDERS, interpretation
from strategy.combat.end import FATES, OUTCOMES
from strategy.errors import InvalidMove, UnknownName
from strategy.loader import check, load

__all__ = [
    "MAP_FATES",
    "LOST_FATES",
    "OFF_THE_CHART",
    "MapReading",
    "map_battle_reading",
    "map_battle_result",
    "rolled_reading",
    "season_fight",
    "ship_fate",
]

#: what she did to the enemy, best first; then her own way out of the battle (end.FATES)
MAP_FATES = (
    "enemy_captured",  # an enemy ship struck, taken or decimated: her prize
    "enemy_sunk",
    "enemy_escaped",  # she held the field, the enemy fled beyond Distance 5
    "disengaged",  # both broke off (Step Seven) or the round limit: drawn
    *FATES,
)
#: an enemy ship left as the prize of whoever holds the field: BtQ's Corsair, "decimated
#: ... she can no longer fight or sail", strikes as a last act
_PRIZES = ("struck", "taken", "decimated")
#: her own fates that lose her: she leaves the map with the fight (the rest of her season)
LOST_FATES = ("sunk", *_PRIZES)


@dataclass(frozen=True, slots=True)
class MapReading:
    """One cell: the battle result (1 best .. 6 worst), its wording, and whether the
    wording is the book's Interpretation (``book``) or Admiralty's own."""

    result: int
    wording: str
    book: bool


def _load() -> Mapping[str, Mapping[str, MapReading]]:
    raw = load("table_battle_result.json")["map_battles"]["fates"]
    check(sorted(raw) == sorted(MAP_FATES), f"map battle fates must be {', '.join(MAP_FATES)}")
    table = {}
    for fate, by_order in raw.items():
        check(sorted(by_order) == sorted(ORDERS), f"map battle {fate}: orders B, I, C, F")
        row = {}
        for order, (result, ours) in by_order.items():
            check(type(result) is int and 1 <= result <= 6, f"map battle {fate} {order} result")
            book = interpretation(order, result)
            # our own words only where the book's differ (else the cell says null)
            check(ours != book, f"map battle {fate} {order}: the book's words, write null")
            row[order] = MapReading(result, book if ours is None else ours, ours is None)
        table[fate] = MappingProxyType(row)
    return MappingProxyType(table)


_TABLE = _load()


def map_battle_reading(fate: str, order: str) -> MapReading:
    """The table's cell for a ship's ``fate`` (one of :data:`MAP_FATES`) under ``order``."""
    if fate not in _TABLE:
        raise UnknownName(f"fate: {fate!r} is not one of {', '.join(MAP_FATES)}")
    if order not in ORDERS:
        raise InvalidMove(f"order: {order!r} is not one of B, I, C, F")
    return _TABLE[fate][order]


def map_battle_result(fate: str, order: str) -> tuple[int, str]:
    """The Briny battle result (1..6) and its wording for a ship's fate under her order."""
    cell = map_battle_reading(fate, order)
    return cell.result, cell.wording


#: how a result rolled on the Battle Result Table, not fought on the map, opens its words
OFF_THE_CHART = "Off the chart: "


def rolled_reading(order: str, result: int) -> str:
    """The words of a ship's season's result rolled on the Battle Result Table, not earned
    in a fight on the map: the book's Interpretation as an action the chart did not show
    ("Off the chart: Blockade successful, enemy ship captured."), never the words of a
    fight the map saw (docs/rules-notes.md, "A result rolled off the chart"). The table is
    the campaign's abstraction of the actions too small for a map (001, CAMPAIGN OUTCOME)."""
    return OFF_THE_CHART + interpretation(order, result)


def _fled(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The ships that won a Positioning test to flee beyond Distance 5 ("move" events)."""
    return {
        e["by"]
        for e in events
        if e.get("type") == "move" and e.get("intent") == "flee" and e.get("distance", 0) > 5
    }


def ship_fate(
    outcome: Mapping[str, Any], ship_id: str, events: Iterable[Mapping[str, Any]] | None = None
) -> str:
    """What happened to ship ``ship_id`` in a battle (an outcome as strategy.combat.end's
    ``finish`` makes it), one of :data:`MAP_FATES`.

    Her own fate first (sunk, struck, taken, decimated, escaped); a ship still in the fight
    at the end then reads the enemy's: any ship struck, taken or decimated is her prize,
    else any sunk; else the enemy fled (``escaped``) or both broke off. An outcome with no
    ships (the chase's quarry got away before a shot) is the enemy escaped.

    ``events`` (the battle's log) tell who ran: the engine marks "escaped" a ship left with
    no enemy within Distance 5, the one an enemy fled from too; a ship marked so that never
    fled herself held the field.
    """
    how = outcome.get("how")
    if how not in OUTCOMES:
        raise InvalidMove(f"outcome.how: {how!r} is not one of {', '.join(OUTCOMES)}")
    ships: Mapping[str, Any] = outcome.get("ships") or {}
    if ships and ship_id not in ships:
        raise UnknownName(f"ship_id: no ship {ship_id!r} in the battle")
    me = ships.get(ship_id, {"side": "a", "status": "active"})
    status = me["status"]
    if status == "escaped" and events is not None and ship_id not in _fled(events):
        status = "active"
    if status in FATES:
        return str(status)
    if status != "active":
        raise InvalidMove(f"ships.{ship_id}.status: {status!r} is not a fate nor 'active'")
    enemy = [s["status"] for s in ships.values() if s["side"] != me["side"]]
    if any(s in _PRIZES for s in enemy):
        return "enemy_captured"
    if "sunk" in enemy:
        return "enemy_sunk"
    # she held the field to the end, so an "escaped" ending is the enemy's flight
    return "enemy_escaped" if how == "escaped" else "disengaged"


def season_fight(fights: Sequence[Mapping[str, Any]]) -> int:
    """Which of a ship's fights on the map in one season (each with its ``result`` and
    ``fate``, in the order fought) gives her season's Battle Result.

    Briny rolls one Battle Result a commander a campaign season ("Battle results are rolled
    of each commander from the highest to the lowest"; "If all admirals and ships ... get BR
    6 during the campaign season"), and every officer's personal outcome, experience and
    court-martial read it once. Of several fights, the one that lost her counts if one did
    (she is sunk or taken whatever she did before: "Captains who get a BR of 6 (own ship
    sunk) ... will face a Court Martial"); else her best, the first earned of equals (a prize
    taken stays taken though a later fight was inconclusive). docs/rules-notes.md, "A
    season of several fights"."""
    if not fights:
        raise InvalidMove("season_fight: a ship with no fight has no result from the map")
    for i, fight in enumerate(fights):
        if fight["fate"] in LOST_FATES:
            return i
    return min(range(len(fights)), key=lambda i: int(fights[i]["result"]))
