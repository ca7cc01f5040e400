"""One ship's state during a battle (:class:`strategy.combat.Battle`).

Its own module so that the engine's phases can name the type (and Cython can lay it out
as a C struct, see ``combat_state.pxd``).
"""

from __future__ import annotations

from typing import Any

from strategy.combat.combatant import Combatant
from strategy.combat.damage import Damage

__all__ = ["ShipState"]


class ShipState:
    """One ship during a battle. Policies read it; only the engine changes it."""

    __slots__ = (
        "id",
        "side",
        "index",
        "spec",
        "damage",
        "status",
        "active",
        "fire",
        "shot",
        "shot_set",
        "gage",
        "chase_gage",
        "lost",
        "health",
        "npc_health",
        "discipline",
        "gunnery",
        "acting",
        "tow",
        "orders",
        "boarding",
        "morale",
        "skill_cache",
        "gm",
    )

    def __init__(self, sid: str, side_: str, index: int, spec: Combatant) -> None:
        self.id = sid
        self.side = side_
        self.index = index
        self.spec = spec
        self.damage = Damage(spec.boxes)
        self.status = "active"
        #: still fighting (status "active"); kept as a flag for the hot path
        self.active = True
        self.fire = 0
        self.shot = "roundshot"
        self.shot_set = False
        self.gage = 0
        self.chase_gage = 0
        self.lost: set[str] = set()
        self.health = {o.name: 0 for o in spec.officers}
        self.npc_health = {"captain": 0, "gunner": 0, "master": 0}
        self.discipline: dict[str, int] = {}
        gunner = spec.officer("gunner")
        self.gunnery = gunner.skill("gunnery") if gunner else spec.skill("gunnery")
        self.acting = True
        self.tow = False
        self.orders: dict[str, Any] = {}
        self.boarding: Any = None
        self.morale = spec.morale
        #: skills as tested (officer, Discipline cards, lost officers); cleared on change
        self.skill_cache: dict[str, int] = {}
        #: draws from the GM's deck (no joker, never the Card of Fate)
        self.gm = spec.deck == "gm"

    def view(self) -> dict[str, Any]:
        """Plain summary for events and clients."""
        return {
            "id": self.id,
            "name": self.spec.name,
            "side": self.side,
            "status": self.status,
            "states": self.damage.states(),
            "boxes": self.damage.boxes(),
            "fire": self.fire,
            "shot": self.shot,
        }
