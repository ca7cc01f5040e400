"""Prep work before a chase (seed 002, 2.1, line 23), played with BtQ card tests.

"Each character gets one Prep work action; each success gives +1 Gage for the
confrontation to follow, or increases the eventual Plunder value of the prize by +2." In
port the skills "tend to draw from CHA and ADP pools" (Networking, Research,
P:Seamanship, P:Gunnery), at sea "more from INT skills" (P:Seamanship, P:Gunnery,
P:Carpenter): the character names the skill and its card pool. Each action is a BtQ
static test of that pool against the difficulty ``chase.json`` gives (Routine, as the
chase's crew actions: a roll of a skill with no opponent). The Gage is the hunter's Gage
of the chase that follows (:func:`strategy.chase.chase`'s ``hunter_gage``); the Plunder is
the campaign's to add to the prize.

Draw order (stacked decks): each action draws its Card of Fate from ``gm_deck``, then the
character's cards from ``deck``, then the difficulty pool from ``gm_deck``.

>>> import random
>>> done = prep_work([PrepAction("Jack", "P:Seamanship", 4)], random.Random(2))
>>> done.gage + done.plunder in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from strategy.cards.dealer import Deck, Pile
from strategy.cards.trials import DIFFICULTIES, static_test
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = ["AIMS", "PrepAction", "PrepWork", "prep_work"]

AIMS = ("gage", "plunder")
"""What a prep action's success is for: +1 Gage, or +2 Plunder on the prize (2.1)."""


def _load_prep() -> Any:
    """``chase.json``'s ``prep_work``: the difficulty and what a success gives, checked."""
    rules = load("chase.json")["prep_work"]
    check(rules["difficulty"] in DIFFICULTIES, "chase.json: prep work's difficulty is BtQ's")
    check(rules["gage"] > 0 and rules["plunder"] > 0, "chase.json: prep work gives something")
    return freeze(rules)


_RULES = _load_prep()


@dataclass(frozen=True)
class PrepAction:
    """One character's prep work: who, the skill tested, its card pool, and the aim
    ("gage" or "plunder")."""

    character: str
    skill: str
    pool: int
    aim: str = "gage"


@dataclass(frozen=True)
class PrepWork:
    """What the prep work earned: ``gage`` for the hunter's chase, ``plunder`` to add to
    the prize's value; ``events`` one plain JSON dict per action, in order."""

    gage: int
    plunder: int
    events: tuple[dict[str, Any], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {"gage": self.gage, "plunder": self.plunder, "events": list(self.events)}


def prep_work(
    actions: Sequence[PrepAction],
    rng: random.Random,
    *,
    gm_deck: Pile | None = None,
    deck: Pile | None = None,
) -> PrepWork:
    """Every character's prep action (seed 002, 2.1): a static test each; a success gives
    +1 Gage or +2 Plunder as the action aims. One action a character ("Each character gets
    one Prep work action"). By default every card comes from one GM deck shuffled by
    ``rng``; pass ``deck`` (e.g. a player's deck) for the characters' cards.

    >>> from strategy.cards.dealer import ScriptedDealer as Stacked
    >>> prep_work([PrepAction("Jack", "Research", 3, "plunder")], random.Random(0),
    ...           gm_deck=Stacked("7H 2S 3S 4S"), deck=Stacked("7C 2C 3C")).plunder
    2
    """
    names = [a.character for a in actions]
    if len(set(names)) != len(names):
        raise InvalidMove("each character gets one prep work action (seed 002, 2.1)")
    for action in actions:
        if action.aim not in AIMS:
            raise InvalidMove(f"a prep action aims at 'gage' or 'plunder', got {action.aim!r}")
        if action.pool < 0:
            raise InvalidMove(f"a card pool cannot be negative, got {action.pool}")
    gm = gm_deck if gm_deck is not None else Deck.gm(rng)
    cards = gm if deck is None else deck
    gage = plunder = 0
    events = []
    for action in actions:
        result = static_test(gm, cards, action.pool, _RULES["difficulty"])
        won = result.winner == "a"
        if won and action.aim == "gage":
            gage += _RULES["gage"]
        elif won:
            plunder += _RULES["plunder"]
        events.append(
            {
                "event": "prep_work",
                "character": action.character,
                "skill": action.skill,
                "aim": action.aim,
                "success": won,
                "test": result.to_dict(),
            }
        )
    return PrepWork(gage, plunder, tuple(events))
