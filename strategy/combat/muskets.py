"""Muskets: the Marines' fire in a battle (seed 000:1103-1147, "Combat Challenges" and
"Tools of the Navy").

The musket "is only really used by Marines onboard ship" (000:1117), and every ship has
her Marines ("Marine", an Essential Crew position "that simply must be filled", at least
one: ``crew.json``). A ranged weapon's card pool is its band's ("Range Point Blank Normal
Long Extreme ... Card Pool 5 cards 3 cards 2 cards 1 card"; ``combat.json``
``ranged_weapons``); the ship's Distance gives the band (``musket_range``: Distance 0,
alongside, Point Blank; Distance 1, Broadside!, Long; beyond, out of musket shot).

At Step Six, after the guns, the Marines of each ship her captain orders to fire
(``muskets``: at the enemy's ``crew`` or at one of her officers, the ``captain``,
``master`` or ``gunner``: Soldiering's "Direct the fire of the marines against the enemy
officers", 000:1805) fire at the ship she fires her guns at, else the nearest in musket
shot (alongside: the ship she is lashed to). "A ranged combat challenge against a target
without a gun is carried out very much like a static challenge ... The attacker matches
their skill with their weapon against a Card of Fate. If your opponent can return fire, it
is resolved in the same manner as a hand-to-hand combat. Each adversary acts
simultaneously and each delivers the HIGHEST result from their card overturn upon their
enemy as damage" (000:1111): a ship fired on whose captain ordered nothing about muskets
returns the fire at the crew, and two ships firing at each other make one contested test.
The highest success falls on the Crew as a hit of its level, or wounds the officer aimed
at (his Maiming or death costs his ship the lost officer's -2, as in a boarding); an
officer already down leaves the Marines the crew. ``hold`` holds their fire, even when
fired on.

The Cutter, fired on at Distance 1 with no order about muskets, returns the fire: one
contested test, each side's best success upon the other's Crew (7S a critical success
against the 7D, 3H an ordinary one):

>>> from strategy.cards.dealer import ScriptedDealer
>>> from strategy.combat.battle import Battle
>>> from strategy.combat.setup import setup
>>> b = Battle("Fifth Rate", "Cutter", distance=1, dealer=ScriptedDealer([]))
>>> setup(b, {})
>>> a0, b0 = b.ships
>>> b.dealer = ScriptedDealer(["7D", "7S", "2C", "KD", "3H"])
>>> a0.orders.muskets = "crew"
>>> volleys(b)
>>> [(e["ship"], e["level"]) for e in b.events if e["type"] == "hit"]
[('b0', 'maimed'), ('a0', 'injured')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategy.combat import boarding as _boarding
from strategy.combat.cardtests import contested, unopposed
from strategy.combat.damage import CREW, hit, wound
from strategy.combat.data import DAMAGE_LEVELS, MUSKET_RANGE
from strategy.combat.end import check_out

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["AIMS", "ORDERS", "band", "pool", "pool_at", "target", "volleys"]

#: what the Marines may be ordered to fire at: the enemy's crew, or one of her officers
#: (the officers a boarder may go for: captain, master, gunner)
AIMS = ("crew", *_boarding.ACTIONS[1:4])
#: the ``muskets`` order: an aim, or ``hold`` (no order: return the fire of a ship firing
#: at her, at the crew)
ORDERS = (*AIMS, "hold")


def band(distance: int) -> tuple[str, int] | None:
    """The musket's band and card pool at a Distance (``musket_range``), None out of shot.

    >>> band(0), band(1), band(2)
    (('Point Blank', 5), ('Long', 2), None)
    """
    return MUSKET_RANGE.get(distance)


def pool_at(s: ShipState, distance: int) -> int:
    """Her Marines' pool at ``distance``: the musket's cards in its band, with her damage
    and Ship Morale ("-1/-3 to all card pools"; 0 out of musket shot)."""
    got = band(distance)
    return 0 if got is None else got[1] + s.mods_all()


def pool(b: Battle, s: ShipState, foe: ShipState) -> int:
    """Her Marines' pool against ``foe``, at their Distance (:func:`pool_at`)."""
    return pool_at(s, b.distance(s, foe))


def target(b: Battle, s: ShipState) -> ShipState | None:
    """Whom her Marines fire at: the ship she is lashed to in a boarding; else the ship
    she fires her guns at (``target``) if in musket shot, else the nearest in it (the
    first in the battle's order); None when no enemy is in musket shot."""
    if s.boarding is not None:
        pair = s.boarding
        return pair.defender if pair.attacker is s else pair.attacker
    near = [f for f in b.enemies(s) if f.boarding is None and band(b.distance(s, f)) is not None]
    if not near:
        return None
    wanted = [f for f in near if f.id == s.orders.target]
    return wanted[0] if wanted else min(near, key=lambda f: b.distance(s, f))


def volleys(b: Battle) -> None:
    """Step Six's musketry: each ship ordered to fire, then each ship fired on that
    returns it; two ships firing at each other one contested test, the rest each a test
    against a Card of Fate; then ships whose Crew died leave (a boarding's as its rule
    says). Marines with no cards to overturn (her damage and morale take more than the
    band gives) do not fire, as guns with none do not ("cannot_fire")."""
    aims: dict[str, tuple[ShipState, str]] = {}
    for s in b.ships:
        want = s.orders.muskets
        if want in AIMS and s.active and s.acting:
            t = target(b, s)
            if t is not None and t.active and pool(b, s, t) > 0:
                aims[s.id] = (t, want)
    if not aims:
        return
    for s in b.ships:
        # (no order about muskets: her Marines return the fire of the first firing at her)
        if s.id not in aims and s.orders.muskets is None and s.active and s.acting:
            firer = next((sid for sid, (t, _) in aims.items() if t is s), None)
            if firer is not None and pool(b, s, b.by_id[firer]) > 0:
                aims[s.id] = (b.by_id[firer], "crew")
    done: set[str] = set()
    for sid, (t, aim) in aims.items():
        if sid in done:
            continue
        s = b.by_id[sid]
        back = aims.get(t.id)
        if back is not None and back[0] is s:
            _exchange(b, s, aim, t, back[1])
            done.add(t.id)
        else:
            _fire(b, s, aim, t)
        done.add(sid)
    pairs = {id(s.boarding): s.boarding for s in b.ships if s.boarding is not None}
    for pair in pairs.values():
        _boarding.crew_dead(b, pair)
    check_out(b)


def _said(b: Battle, s: ShipState, aim: str, t: ShipState, n: int, returned: bool) -> None:
    """The ``muskets`` event: who fires at whom, at what, in which band, with how many
    cards (``returned``: the fire of a ship fired on, no order given)."""
    if b.record:
        got = band(b.distance(s, t))
        assert got is not None
        b.emit("muskets", ship=s.id, target=t.id, aim=aim, range=got[0], pool=n, returned=returned)


def _fire(b: Battle, s: ShipState, aim: str, t: ShipState) -> None:
    """A target without a gun turned on her: her Marines' pool against a Card of Fate, the
    best success delivered."""
    n = pool(b, s, t)
    _said(b, s, aim, t, n, s.orders.muskets is None)
    best = unopposed(b, "muskets", s, n)
    _deliver(b, s, aim, t, best)


def _exchange(b: Battle, s: ShipState, aim: str, t: ShipState, back: str) -> None:
    """Two ships' Marines fire at each other: "each adversary acts simultaneously and
    each delivers the HIGHEST result" (000:1111), one contested test."""
    n, m = pool(b, s, t), pool(b, t, s)
    _said(b, s, aim, t, n, s.orders.muskets is None)
    _said(b, t, back, s, m, t.orders.muskets is None)
    _, mine, theirs = contested(b, "muskets", (s, n), (t, m), ship=s.id, target=t.id)
    _deliver(b, s, aim, t, mine)
    _deliver(b, t, back, s, theirs)


def _deliver(b: Battle, s: ShipState, aim: str, t: ShipState, level: int) -> None:
    """The best success ``level`` of ``s``'s Marines upon ``t``: a Crew hit of that level,
    or a wound to the officer aimed at (his Maiming or death: the role's -2, ``lost``)."""
    if not level:
        return
    if aim != "crew":
        o = t.spec.officer(aim)
        health = t.health[o.name] if o is not None else t.npc_health[aim]
        if health < 2:
            if o is not None:
                new = t.hurt(o.name, level)
                note = t.ignored(o.name)
            else:
                new = t.npc_health[aim] = wound(health, level)
                note = {}
            b.emit("wounded", ship=t.id, who=aim, health=DAMAGE_LEVELS[new], **note)
            if new >= 2:
                t.lost.add(aim)
            t.reskill()
            return
    hit(b, t, CREW, level, None, s.id, "muskets")
