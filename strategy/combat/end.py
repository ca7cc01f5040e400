"""How ships leave a battle and how it ends (seed 000, "Ship to Ship Combat": striking the
colours, a ship sunk or her crew decimated, taken by boarding, escaped beyond Distance 5).

When one side has no ship left fighting the other wins, unless one of the beaten side's
ships escaped ("escaped", no winner); both sides gone at once is "disengaged"
(docs/rules-notes.md, "The end").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["OUTCOMES", "FATES", "out_of_battle", "check_out", "check_end", "finish"]

OUTCOMES = ("a_wins", "b_wins", "escaped", "disengaged")
#: how a ship leaves the battle
FATES = ("sunk", "struck", "taken", "decimated", "escaped")


def out_of_battle(b: Battle, s: ShipState, status: str, **why: Any) -> None:
    """Ship ``s`` leaves the battle as ``status`` (one of :data:`FATES`); ``why`` goes
    into the event."""
    if not s.active:
        return
    s.status = status
    s.active = False
    b.live[s.side] -= 1
    s.fire = 0
    b.moved()
    if s.boarding is not None:
        _unlash(b, s.boarding)
    for key in [k for k in b.dist if s.index in k]:
        del b.dist[key]
    b.emit(status, ship=s.id, name=s.spec.name, **why)


def _unlash(b: Battle, boarding: Any) -> None:
    """A boarding is over: the ship taken, decimated, struck or sunk."""
    att, dfn = boarding.attacker, boarding.defender
    if att.boarding is boarding:
        att.boarding = None
    if dfn.boarding is boarding:
        dfn.boarding = None
    b.moved()
    b.emit("boarding_over", attacker=att.id, defender=dfn.id, rounds=boarding.rounds)


def check_out(b: Battle) -> None:
    """Ships whose damage takes them out leave; the battle ends if a side has none left.

    Hull Dead: sunk. Crew Dead: "Crew decimated. You cannot continue in this battle", and
    as the book's Corsair does ("Her crew has been decimated ... As a last act, the Captain
    of the Corsair strikes his colours and surrenders to his enemy") she strikes: the
    ``struck`` event says ``cause: "decimated"``. (A boarding's Dead crew is taken or
    decimated by :mod:`strategy.combat.boarding`.)"""
    for s in b.ships:
        if s.active:
            out = s.damage.m.out
            if out == "decimated":
                out_of_battle(b, s, "struck", cause="decimated")
            elif out:
                out_of_battle(b, s, out)
    check_end(b)


def check_end(b: Battle) -> None:
    """End the battle once a side has no ship left fighting."""
    live = b.live
    if not (live["a"] and live["b"]) and not b.over:
        finish(b)


def finish(b: Battle, how: str | None = None) -> None:
    """End the battle: the outcome (``how`` if given, else from who is left) and every
    ship's fate."""
    live = {side: n > 0 for side, n in b.live.items()}
    winner = None
    if how is None:
        if live["a"] == live["b"]:
            how = "disengaged"
        else:
            loser = "b" if live["a"] else "a"
            if any(s.status == "escaped" for s in b.ships if s.side == loser):
                how = "escaped"
            else:
                winner = "a" if live["a"] else "b"
                how = f"{winner}_wins"
    b.over = True
    fates: dict[str, list[str]] = {k: [] for k in FATES}
    for s in b.ships:
        if s.status in fates:
            fates[s.status].append(s.id)
    b.outcome = {
        "winner": winner,
        "how": how,
        "rounds": b.round,
        **fates,
        "ships": {
            s.id: {
                "name": s.spec.name,
                "side": s.side,
                "status": s.status,
                "states": s.damage.states(),
            }
            for s in b.ships
        },
    }
    b.emit("end", outcome=b.outcome)
