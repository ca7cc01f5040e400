"""Fire aboard (seed 000, "Fire"): a fire of N cards burns at the start of the Repair phase,
the GM overturning N cards from his deck, each an Injured box to its suit's area; left
unattended it grows by one card, a successful extinguishing test (Maritime, Soldiering or
Engineering) lowers it by one, a failed one holds it. Heated shot starts a fire of one
card with a critical or perfect hit (docs/rules-notes.md, "Fire").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.cards.core import NAMES
from strategy.combat.cardtests import unopposed
from strategy.combat.damage import hit
from strategy.combat.data import SUIT_AREA

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["burn", "tend", "start"]


def burn(b: Battle) -> bool:
    """Every fire burns: its cards' damage. True if any ship was burning."""
    burnt = False
    for s in b.ships:
        if s.active and s.fire:
            # the GM overturns one card per point of fire: no CoF, one deck
            cards = b.dealer.draw(s.fire, -1, True)
            b.emit("fire_damage", ship=s.id, fire=s.fire, cards=[NAMES[c] for c in cards])
            for c in cards:
                hit(b, s, SUIT_AREA[c & 3], 1, c, None, "fire")
            burnt = True
    return burnt


def tend(b: Battle, s: ShipState, fight: bool, officer: str | None = None) -> None:
    """A burning ship's crew, or the officer named (``officer``: his best of Maritime,
    Soldiering and Engineering, less his wounds), fights the fire (an extinguishing
    test) or it spreads. A named officer too wounded to act leaves it to the crew."""
    before = s.fire
    if fight:
        pool = None
        if officer is not None:
            pen = s.wound_penalty(b, officer)
            if pen is not None:
                pool = max(0, s.officer_pool("fire", officer) - pen)
            else:
                officer = None
        if pool is None:
            pool = s.repairs[-1] // s.crew_div
        ok = unopposed(b, "extinguish", s, pool, officer=officer)
        if ok:
            s.fire -= 1
        info = {} if officer is None else {"officer": officer}
        b.emit(
            "fire",
            ship=s.id,
            before=before,
            after=s.fire,
            result="reduced" if ok else "held",
            **info,
        )
        return
    s.fire += 1
    b.emit("fire", ship=s.id, before=before, after=s.fire, result="spreads")


def start(b: Battle, t: ShipState, by: Any) -> None:
    """A fire of one card starts aboard ``t`` (a ship already burning keeps her fire)."""
    if t.fire == 0:
        t.fire = 1
        b.emit("fire", ship=t.id, before=0, after=1, result="started", by=by)
