"""Boarding (seed 000, "Boarding"), run as a Skirmish round by round.

Two ships at Distance 0: the winner of the Positioning test that brought them there is
the attacker. Each round:

1. every fit officer (the book's PCs) of each ship acts: the Grand Melee (a hand-to-hand
   test, his weapon against a crew foe's Boarding Weapons; both deliver their highest
   success, the officer's to the enemy Crew, the foe's to his own ship's Crew), or, for the
   attackers, Attack the Officers (one round fighting through, damage to the enemy crew
   not applied, then one-on-one against the enemy Captain, Gunner or Master, whose MAIMED
   or death costs his ship -2 on Command, Broadside! or Positioning tests), or firebrands
   ("Fire": "this can only be done at Distance 0"; a critical or perfect success on the
   Rigging or the Hull sets the enemy on fire);
2. Discipline cards given for the battle count in the skirmish tests;
3. the commanders make a contested Command test, +1 card per won and -1 per lost
   individual test of their men; the loser may surrender, else crosses one Crew box;
4. a Dead crew ends it: the boarded ship is taken, a boarding ship's crew is decimated;
5. Turning the Tide: if the defenders drove for the enemy ship this round, won every
   individual test and the Command test, they become the boarders.

The boarding ends when a ship of it leaves the battle (:func:`strategy.combat.end.out_of_battle`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from strategy.cards.core import JOKER, LEVELS, NAMES, joker
from strategy.combat import fire
from strategy.combat.cardtests import RESULTS, contested
from strategy.combat.damage import CREW, DEAD, HULL, RIGGING, SUIT_AREA, hit, wound
from strategy.combat.data import COMBAT, DAMAGE_LEVELS, WEAPONS
from strategy.combat.end import out_of_battle

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.combatant import Officer
    from strategy.combat.state import ShipState

__all__ = ["ACTIONS", "Boarding", "start", "round_", "crew_dead", "wound"]

_FOE_POOL = int(WEAPONS[COMBAT["crew_foe_weapon"]])
_OFFICER_POOL = int(WEAPONS[COMBAT["officer_weapon"]])
_ROLES = ("captain", "master", "gunner")  # the officers an attacker may go for
#: what an officer may do in a boarding: fight in the Grand Melee, Attack the Officers
#: (an enemy captain, master or gunner: attackers only), or throw firebrands (BtQ, "Fire")
ACTIONS = ("melee", *_ROLES, "firebrands")


class Boarding:
    """Who boards whom, rounds fought, officers fighting their way to an enemy officer."""

    __slots__ = ("attacker", "defender", "rounds", "approach")

    def __init__(self, attacker: ShipState, defender: ShipState) -> None:
        self.attacker = attacker
        self.defender = defender
        self.rounds = 0
        self.approach: dict[str, str] = {}


def start(b: Battle, attacker: ShipState, defender: ShipState) -> Boarding:
    """Lash the ships together: a boarding begins."""
    boarding = Boarding(attacker, defender)
    attacker.boarding = defender.boarding = boarding
    b.moved()  # boarded ships are no targets for a Broadside!
    b.emit("boarding", attacker=attacker.id, defender=defender.id)
    return boarding


def round_(b: Battle, boarding: Boarding) -> None:
    """One round of the boarding skirmish: the officers' fights, then the Command test."""
    boarding.rounds += 1
    att, dfn = boarding.attacker, boarding.defender
    tally = {att.id: [0, 0], dfn.id: [0, 0]}
    for s, foe in ((att, dfn), (dfn, att)):
        _officers(b, boarding, s, foe, tally[s.id])
    if not crew_dead(b, boarding):
        _command(b, boarding, tally)


def _officers(
    b: Battle, boarding: Boarding, s: ShipState, foe: ShipState, tally: list[int]
) -> None:
    """Each fit officer of ``s`` fights: the Grand Melee, or (attackers) Attack the
    Officers, a round fighting aft and then the duel; ``tally`` counts won and lost."""
    plan = s.orders.boarding or {}
    for o in s.spec.officers:
        # his wounds' penalty; a Maimed officer fights only after a Guts test
        pen = s.wound_penalty(b, o.name)
        if pen is None:
            continue
        action = plan.get(o.name, "melee")
        if action == "firebrands":
            won = _firebrands(b, s, o, foe, pen)
        elif s is boarding.attacker and action in _ROLES:
            if boarding.approach.get(o.name) == action:
                won = _duel(b, s, o, foe, action, pen)
            else:
                won = _melee(b, s, o, foe, False, pen)
                boarding.approach[o.name] = action
                b.emit("approach", ship=s.id, officer=o.name, target=action)
        else:
            won = _melee(b, s, o, foe, True, pen)
        tally[0 if won else 1] += 1


def _command(b: Battle, boarding: Boarding, tally: dict[str, list[int]]) -> None:
    """The commanders' Command test, +1 card per won and -1 per lost test of their men;
    the loser surrenders or crosses a Crew box; the defenders may turn the tide."""
    att, dfn = boarding.attacker, boarding.defender
    pools = []
    for s in (att, dfn):
        won, lost = tally[s.id]
        fearless = s.under_fire(b, s.tester("command"))
        pools.append((s, s.skill("command") + fearless + won - lost + s.mods_all()))
    w, _, _ = contested(
        b,
        "boarding command",
        pools[0],
        pools[1],
        skill_of="command",
        attacker=att.id,
        defender=dfn.id,
    )
    if w < 0:
        return
    winner, loser = (att, dfn) if w == 0 else (dfn, att)
    give_up = loser.orders.surrender
    if give_up is None:
        give_up = b.policies[loser.side].surrender(b, loser)
    b.emit("decision", ship=loser.id, orders={"surrender": bool(give_up)})
    if give_up:
        out_of_battle(b, loser, "taken")
        return
    hit(b, loser, CREW, 1, None, winner.id, "boarding")
    if crew_dead(b, boarding):
        return
    if winner is dfn and dfn.orders.turn_tide and tally[dfn.id][1] == 0:
        boarding.attacker, boarding.defender = dfn, att
        boarding.approach.clear()
        b.emit("tide_turned", attacker=dfn.id, defender=att.id)


def _npc_health(ship: ShipState, role: str) -> tuple[int, str | None]:
    o = ship.spec.officer(role)
    if o is not None:
        return ship.health[o.name], o.name
    return ship.npc_health[role], None


def _duel(b: Battle, s: ShipState, o: Officer, foe: ShipState, role: str, pen: int) -> bool:
    """One-on-one against the enemy officer of ``role``; his Maiming or death costs his
    ship the role's penalty (``LOST`` in combat.json)."""
    health, oname = _npc_health(foe, role)
    if health >= 2:
        return True  # already down: a coup de grace is no test
    target = foe.spec.officer(role)
    t_pool = WEAPONS[target.weapon] + target.weapon_bonus if target else _OFFICER_POOL
    pool = WEAPONS[o.weapon] + o.weapon_bonus + s.discipline.get(o.name, 0) - pen
    w, mine, theirs = contested(
        b,
        "duel",
        ((s, o.name, s.gm), pool),
        ((foe, f"{foe.id} {role}", foe.gm), t_pool - health),
        ship=s.id,
        target=foe.id,
        role=role,
        officer=o.name,
        **({"foe_officer": target.name} if target else {}),
    )
    if mine:
        if oname:
            new = foe.hurt(oname, mine)
            note = foe.ignored(oname)
        else:
            new = foe.npc_health[role] = wound(health, mine)
            note = {}
        b.emit("wounded", ship=foe.id, who=role, health=DAMAGE_LEVELS[new], **note)
        if new >= 2:
            foe.lost.add(role)
    if theirs:
        s.hurt(o.name, theirs)
        health_ = DAMAGE_LEVELS[s.health[o.name]]
        b.emit("wounded", ship=s.id, who=o.name, health=health_, **s.ignored(o.name))
    foe.reskill()
    s.reskill()
    return w == 0


def _melee(b: Battle, s: ShipState, o: Officer, foe: ShipState, apply_own: bool, pen: int) -> bool:
    """The Grand Melee: the officer against a crew foe; each delivers his best success to
    the other's Crew (the officer's not while he fights his way aft). ``pen``: his
    wounds' penalty."""
    pool = WEAPONS[o.weapon] + o.weapon_bonus + s.discipline.get(o.name, 0) + s.mods_all() - pen
    w, mine, theirs = contested(
        b,
        "grand melee",
        ((s, o.name, s.gm), pool),
        ((foe, f"{foe.id} crew", foe.gm), _FOE_POOL + foe.mods_all()),
        ship=s.id,
        officer=o.name,
    )
    if mine and apply_own:
        hit(b, foe, CREW, mine, None, s.id, "boarding")
    if theirs:
        hit(b, s, CREW, theirs, None, foe.id, "boarding")
    return w == 0


def _firebrands(b: Battle, s: ShipState, o: Officer, foe: ShipState, pen: int) -> bool:
    """Firebrands, grenades, burning torches (seed 000, "Fire": "this can only be done at
    Distance 0. If you score a Critical or Perfect Success on the Rigging or the Hull, the
    ship is on FIRE"). The officer overturns his hand-to-hand pool against a Card of Fate
    instead of the melee; each success falls on its suit's area as a Broadside! card does
    (the joker as the CoF). ``pen``: his wounds' penalty, as in the melee (seed 000,
    "Damage States": Injured -1, Maimed -3 once his Guts test lets him act; none once
    Overcoming Great Hardship has him ignore them). True on any success (his individual
    test won)."""
    # (his wounds' penalty, never his Health level: Maimed is 2 but costs 3 cards)
    pool = WEAPONS[o.weapon] + o.weapon_bonus + s.discipline.get(o.name, 0) + s.mods_all() - pen
    dealer = b.dealer
    cof = dealer.cof()
    cards = dealer.draw(pool, cof, s.gm) if pool > 0 else []
    row = LEVELS[cof]
    best, lit = 0, False
    for c in cards:
        c, lv = joker(cof, None) if c == JOKER else (c, row[c])
        best = max(best, lv)
        if lv >= 2 and SUIT_AREA[c & 3] in (HULL, RIGGING):
            lit = True
    b.emit(
        "test",
        what="firebrands",
        ship=s.id,
        officer=o.name,
        target=foe.id,
        cof=NAMES[cof],
        pool=pool,
        cards=[NAMES[c] for c in cards],
        result=RESULTS[best],
    )
    if lit:
        fire.start(b, foe, s.id)
    return best > 0


def crew_dead(b: Battle, boarding: Boarding) -> bool:
    """A Dead crew ends it: the boarded ship is taken, a boarding ship decimated."""
    done = False
    for s, fate in ((boarding.defender, "taken"), (boarding.attacker, "decimated")):
        if s.active and s.damage.state(CREW) == DEAD:
            out_of_battle(b, s, fate)
            done = True
    return done
