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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from strategy.cards.dealer import Deck, Pile
from strategy.cards.trials import DIFFICULTIES, static_test
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = ["AIMS", "SEA_PREP", "PrepAction", "PrepWork", "prep_work", "sea_prep"]

AIMS = ("gage", "plunder")
"""What a prep action's success is for: +1 Gage, or +2 Plunder on the prize (2.1)."""


def _load_prep() -> Any:
    """``chase.json``'s ``prep_work``: the difficulty and what a success gives, checked."""
    rules = load("chase.json")["prep_work"]
    check(rules["difficulty"] in DIFFICULTIES, "chase.json: prep work's difficulty is BtQ's")
    check(rules["gage"] > 0 and rules["plunder"] > 0, "chase.json: prep work gives something")
    at_sea = {k: v for k, v in rules["at_sea"].items() if k != "source"}
    skills = load("btq_characters.json")["skills"]["names"]
    check(
        len(at_sea) == 4 and all(v in skills for v in at_sea.values()),
        "chase.json: the four sea prep actions, each a BtQ skill",
    )
    return freeze({**rules, "at_sea": at_sea})


_RULES = _load_prep()

SEA_PREP: Mapping[str, str] = _RULES["at_sea"]
"""Seed 002, 2.1 (line 24), "Sea Prep Actions" in the book's order, each with the BtQ
skill it tests: bolstering the crew (Command), seeing to the sails (Seamanship), bracing
the mast ("P:Carpentry": Engineering, BtQ's trade of wood and iron aboard), adjusting the
load of the cannons (Gunnery)."""


@dataclass(frozen=True)
class PrepAction:
    """One character's prep work: who, the skill tested, its card pool, and the aim
    ("gage" or "plunder")."""

    character: str
    skill: str
    pool: int
    aim: str = "gage"
    action: str | None = None  # the book's name of what he does ("seeing to the sails")


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
        event: dict[str, Any] = {"event": "prep_work", "character": action.character}
        if action.action is not None:  # (a prep action named by the book: at sea)
            event["action"] = action.action
        event.update(skill=action.skill, aim=action.aim, success=won, test=result.to_dict())
        events.append(event)
    return PrepWork(gage, plunder, tuple(events))


def sea_prep(
    officers: Sequence[tuple[str, Mapping[str, int]]], ordered: str | None = None
) -> list[PrepAction]:
    """The prep work at sea before a chase (seed 002, 2.1, lines 23-24): one action for
    each of ``officers`` (his name and his skills aboard, lower-case keys as
    :meth:`strategy.characters.Character.aboard` gives them; a skill he lacks is 0), each
    for +1 Gage. ``ordered``: the :data:`SEA_PREP` action his captain orders them all to;
    None, each to the one his best skill serves (the first in the book's order on a tie),
    as an NPC's officers do.

    >>> [a.action for a in sea_prep([("Jack", {"gunnery": 4, "command": 2})])]
    ['adjusting the load of the cannons']
    """
    if ordered is not None and ordered not in SEA_PREP:
        raise InvalidMove(f"a sea prep action is one of {', '.join(SEA_PREP)}; got {ordered!r}")
    out = []
    for name, skills in officers:

        def pool(action: str, skills: Mapping[str, int] = skills) -> int:
            return int(skills.get(SEA_PREP[action].lower(), 0))

        # (max keeps the first of equals: the book's order breaks a tie)
        action = ordered if ordered is not None else max(SEA_PREP, key=pool)
        out.append(PrepAction(name, SEA_PREP[action], pool(action), "gage", action))
    return out
