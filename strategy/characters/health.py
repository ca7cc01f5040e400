"""An officer's Health and spent Measures between battles (seed 000, "Damage States",
"Healing" and "Overcoming Great Hardship"; seed 001, "The Nelson Touch").

BtQ heals by story time ("If they do not, their character will not heal"): an Injured area
returns to Healthy with "a simple successful Test with the appropriate skill" (Physical:
First Aid); a Maimed one moves to Injured with "a simple successful Challenge"; a failed
roll is not tried again "until they have successfully completed another challenge"; Dead
Health is death. The campaign has no scenes: its turn is Briny's month ("Each turn is a
month of game time"), and Briny keeps the severely wounded "convalescent for one month".
So, at each turn of the month (docs/rules-notes.md, "Wounds and Measures between
battles"): a Maimed officer is Injured (his month's convalescence his Challenge); an
Injured one takes the First Aid test, the better of his own First Aid and the surgeon's
2 ("All other skills are at 2") against one Card of Fate; failed, he tries again next
month. One step a month: a wound a month old is not both.

A Measure spent to Overcome Great Hardship "is reduced by one for the rest of the current
Naval Mission ... At the end of a Naval Mission, all Measures return to their full value":
the campaign's Naval Mission is the season's sailing
(:meth:`strategy.characters.Character.mission_over`).

>>> from strategy.cards.dealer import ScriptedDealer
>>> heal("Maimed", 1, 0, ScriptedDealer([]))
('Injured', [{'type': 'convalescence', 'state': 'Injured'}])
>>> heal("Injured", 1, 0, ScriptedDealer(["9S", "10S", "4H"]))[0]
'Healthy'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from strategy.cards.core import LEVELS, NAMES
from strategy.characters.btq_tables import HEALTH, MEASURES
from strategy.errors import InvalidMove

__all__ = ["SURGEON", "first_aid", "heal", "spent_from", "standing"]

#: the surgeon's First Aid: an NPC's skill the book does not give is 2 (the Corsair's
#: example, "All other skills are at 2")
SURGEON = 2
_RESULTS = ("failure", "success", "critical success", "perfect success")


def first_aid(skill: int, dealer: Any, gm: bool = False) -> dict[str, Any]:
    """The Healing test of an Injured officer: ``skill`` cards (his First Aid or the
    surgeon's, the better) against one Card of Fate; any success heals."""
    pool = max(skill, SURGEON)
    cof = dealer.cof()
    cards = dealer.draw(pool, cof, gm)
    best = max((LEVELS[cof][c] for c in cards), default=0)
    return {
        "type": "test",
        "what": "first aid to heal",
        "cof": NAMES[cof],
        "pool": pool,
        "cards": [NAMES[c] for c in cards],
        "result": _RESULTS[best],
    }


def heal(state: str, months: int, skill: int, dealer: Any, gm: bool = False) -> tuple[str, list]:
    """His Health ``state`` ("Healthy" .. "Dead") after ``months`` turns of the month, one
    step a month at most: Maimed -> Injured, Injured -> a First Aid test (``skill``, his
    own First Aid) that makes him Healthy. Returns the state and what each month did."""
    if state not in HEALTH:
        raise InvalidMove(f"health {state!r}; valid: {', '.join(HEALTH)}")
    done: list[dict[str, Any]] = []
    for _ in range(months):
        if state == "Maimed":
            state = "Injured"
            done.append({"type": "convalescence", "state": state})
        elif state == "Injured":
            test = first_aid(skill, dealer, gm)
            if test["result"] != "failure":
                state = "Healthy"
            done.append({**test, "state": state})
        else:  # Healthy needs nothing; no mission brings back the Dead
            break
    return state, done


def spent_from(measures: Mapping[str, int], left: Mapping[str, int]) -> dict[str, int]:
    """The points of each Measure spent when ``left`` of his full ``measures`` stand."""
    return {m: measures[m] - v for m, v in left.items() if m in measures and measures[m] > v}


def standing(measures: Mapping[str, int], spent: Mapping[str, int]) -> dict[str, int]:
    """His Measures as they stand: the full ones less those spent, never below 1 ("You
    cannot reduce a Measure below 1"), in the book's order."""
    return {m: max(measures[m] - spent.get(m, 0), 1) for m in MEASURES if m in measures}
