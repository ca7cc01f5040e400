"""Ship Morale after a battle (seed 000, "Damage States": Ship Morale is "Damaged By
Ship-to-ship battles", healed by Command; the Skirmish's "Five: Ship Morale": "If you
lose a skirmish your Ship Morale is damaged by one level"; the Corsair "has lost and
their Ship Morale is INJURED"), and what a battle leaves of each ship's officers.

The engine keeps a ship's morale for one battle only; the campaign keeps it between
battles (it gives each ship's ``morale`` when the next battle opens) from :func:`after`
or :func:`aftermath`, and repairs it with :func:`repair`: "Command is tested at the end of
a battle ... it is used to repair a Ship's morale"; "If an area is Injured ... a simple
successful Test with the appropriate skill is required to return the state to Healthy";
a Maimed or Dead morale needs a Challenge or a new Mission, not a test (Healing).

>>> worse("healthy"), worse("maimed"), worse("dead")
('injured', 'dead', 'dead')
>>> from strategy.cards.dealer import ScriptedDealer
>>> repair("injured", 2, ScriptedDealer(["7S", "9S", "4S"]))[0]
'healthy'
>>> repair("maimed", 5, ScriptedDealer([]))[1]["result"]
'needs a challenge'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.cards.core import LEVELS, NAMES
from strategy.combat.cardtests import RESULTS
from strategy.combat.data import DAMAGE_LEVELS, MORALE
from strategy.errors import InvalidMove

if TYPE_CHECKING:
    from strategy.combat.battle import Battle

__all__ = ["LEVELS_OF_MORALE", "worse", "defeated", "after", "aftermath", "repair", "mend"]

#: Ship Morale's states, healthy first (combat.json ``morale``)
LEVELS_OF_MORALE = tuple(MORALE)
#: a ship that left the battle so has lost it, whoever won
_BEATEN = frozenset(("struck", "taken", "decimated", "sunk"))


def worse(morale: str) -> str:
    """Morale one level down ("damaged by one level"; Dead stays Dead)."""
    i = LEVELS_OF_MORALE.index(morale)
    return LEVELS_OF_MORALE[min(i + 1, len(LEVELS_OF_MORALE) - 1)]


def defeated(outcome: dict[str, Any], sid: str) -> bool:
    """Whether ship ``sid`` lost the battle of ``outcome``: she struck, was taken,
    decimated or sunk, or her side was beaten (the other side won). A ship that escaped
    or disengaged lost nothing."""
    ship = outcome["ships"][sid]
    if ship["status"] in _BEATEN:
        return True
    return outcome["winner"] is not None and outcome["winner"] != ship["side"]


def after(b: Battle) -> dict[str, str]:
    """Each ship's Ship Morale after the (finished) battle: one level down if defeated."""
    if not b.over or b.outcome is None:
        raise InvalidMove("the battle is not over")
    out = {}
    for s in b.ships:
        out[s.id] = worse(s.morale) if defeated(b.outcome, s.id) else s.morale
    return out


def aftermath(b: Battle) -> dict[str, dict[str, Any]]:
    """What the campaign keeps of each ship after the battle: ``{ship id: {"morale":
    after, "morale_before": ..., "officers": {name: {"health": "injured", "measures":
    {...}}}}}`` (``measures`` only for officers who brought them: Guts spent on
    Overcoming Great Hardship stays spent for the mission)."""
    morale = after(b)
    out: dict[str, dict[str, Any]] = {}
    for s in b.ships:
        officers: dict[str, Any] = {}
        for o in s.spec.officers:
            got: dict[str, Any] = {"health": DAMAGE_LEVELS[s.health[o.name]]}
            if o.name in s.measures:
                got["measures"] = dict(s.measures[o.name])
            officers[o.name] = got
        out[s.id] = {"morale": morale[s.id], "morale_before": s.morale, "officers": officers}
    return out


def repair(morale: str, command: int, dealer: Any, gm: bool = False) -> tuple[str, dict]:
    """Repair a ship's morale by a Command test: ``command`` cards (her commander's
    Command) against one Card of Fate from ``dealer``; a success makes Injured morale
    Healthy. Healthy needs nothing; Maimed and Dead no test mends (a Challenge, a Mission).
    Returns the morale after and a ``test`` event."""
    if morale not in LEVELS_OF_MORALE:
        raise InvalidMove(f"morale {morale!r}; valid: {', '.join(LEVELS_OF_MORALE)}")
    if morale == "healthy":
        return morale, {"type": "test", "what": "command to repair morale", "result": "healthy"}
    if morale != "injured":
        return morale, {
            "type": "test",
            "what": "command to repair morale",
            "morale": morale,
            "result": "needs a challenge",
        }
    cof = dealer.cof()
    cards = dealer.draw(command, cof, gm) if command > 0 else []
    best = max((LEVELS[cof][c] for c in cards), default=0)
    after_ = "healthy" if best else morale
    return after_, {
        "type": "test",
        "what": "command to repair morale",
        "cof": NAMES[cof],
        "pool": command,
        "cards": [NAMES[c] for c in cards],
        "result": RESULTS[best],
        "morale": after_,
    }


def mend(b: Battle, side: str, dealer: Any) -> dict[str, dict[str, Any]]:
    """Each ``side`` ship's morale after the finished battle (:func:`after`), mended by
    her commander's Command test (:func:`repair`: the first officer listed commands, else
    her crew's Command): ``{ship id: {"morale", "before", "test"}}``."""
    lost = after(b)
    out = {}
    for s in b.ships:
        if s.side != side:
            continue
        leader = s.spec.officers[0] if s.spec.officers else None
        command = leader.skill("command") if leader else s.spec.skill("command")
        mended, test = repair(lost[s.id], command, dealer, s.gm)
        if leader is not None:
            test["officer"] = leader.name
        out[s.id] = {"morale": mended, "before": s.morale, "test": {**test, "ship": s.id}}
    return out
