"""Boarding (seed 000, "Boarding"), run as a Skirmish round by round.

Two ships at Distance 0: the winner of the Positioning test that brought them there is
the attacker. Each round:

1. every fit officer (the book's PCs) of each ship acts: the Grand Melee (a hand-to-hand
   test, his weapon against a crew foe's Boarding Weapons; both deliver their highest
   success, the officer's to the enemy Crew, the foe's to his own ship's Crew), or, for the
   attackers, Attack the Officers (one round fighting through, damage to the enemy crew
   not applied, then one-on-one against the enemy Captain, Gunner or Master, whose MAIMED
   or death costs his ship -2 on Command, Broadside! or Positioning tests);
2. Discipline cards given for the battle count in the skirmish tests;
3. the commanders make a contested Command test, +1 card per won and -1 per lost
   individual test of their men; the loser may surrender, else crosses one Crew box;
4. a Dead crew ends it: the boarded ship is taken, a boarding ship's crew is decimated;
5. Turning the Tide: if the defenders drove for the enemy ship this round, won every
   individual test and the Command test, they become the boarders.

The engine object passed in is a :class:`strategy.combat.Battle`.
"""

from __future__ import annotations

from typing import Any

from strategy.combat.damage import COMBAT, CREW, DEAD

__all__ = ["Boarding", "start", "round_", "end", "wound"]

_WEAPONS = COMBAT["weapons"]
_FOE_POOL = int(_WEAPONS[COMBAT["crew_foe_weapon"]])
_ROLES = ("captain", "gunner", "master")


class Boarding:
    """Who boards whom, rounds fought, officers fighting their way to an enemy officer."""

    __slots__ = ("attacker", "defender", "rounds", "approach")

    def __init__(self, attacker: Any, defender: Any) -> None:
        self.attacker = attacker
        self.defender = defender
        self.rounds = 0
        self.approach: dict[str, str] = {}


def wound(health: int, level: int) -> int:
    """A person's Health after a hit (seed 000, "Damage States").

    >>> wound(0, 1), wound(1, 1), wound(1, 2), wound(2, 1)
    (1, 2, 3, 3)
    """
    return min(DEAD, health + level)


def start(battle: Any, attacker: Any, defender: Any) -> Boarding:
    """Lash the ships together: a boarding begins."""
    b = Boarding(attacker, defender)
    attacker.boarding = defender.boarding = b
    battle._moved()  # boarded ships are no targets for a Broadside!
    battle.emit("boarding", attacker=attacker.id, defender=defender.id)
    return b


def end(battle: Any, b: Boarding) -> None:
    """The boarding is over (a ship taken, decimated, struck or sunk)."""
    if b.attacker.boarding is b:
        b.attacker.boarding = None
    if b.defender.boarding is b:
        b.defender.boarding = None
    battle._moved()
    battle.emit("boarding_over", attacker=b.attacker.id, defender=b.defender.id, rounds=b.rounds)


def _npc_health(ship: Any, role: str) -> tuple[int, str | None]:
    o = ship.spec.officer(role)
    if o is not None:
        return ship.health[o.name], o.name
    return ship.npc_health[role], None


def _duel(battle: Any, s: Any, o: Any, foe: Any, role: str) -> bool:
    health, oname = _npc_health(foe, role)
    if health >= 2:
        return True  # already down: a coup de grace is no test
    target = foe.spec.officer(role)
    t_pool = _WEAPONS[target.weapon] if target else _WEAPONS[COMBAT["officer_weapon"]]
    pool = _WEAPONS[o.weapon] + s.discipline.get(o.name, 0) - s.health[o.name]
    w, _ = battle.contested(
        "duel",
        ((s, o.name, s.spec.deck == "gm"), pool),
        ((foe, f"{foe.id} {role}", foe.spec.deck == "gm"), t_pool - health),
        ship=s.id,
        target=foe.id,
        role=role,
    )
    mine, theirs = battle.last_best
    foe.skill_cache.clear()
    s.skill_cache.clear()
    if mine:
        new = wound(health, mine)
        if oname:
            foe.health[oname] = new
        else:
            foe.npc_health[role] = new
        battle.emit("wounded", ship=foe.id, who=role, health=_HEALTH[new])
        if new >= 2:
            foe.lost.add(role)
    if theirs:
        s.health[o.name] = wound(s.health[o.name], theirs)
        battle.emit("wounded", ship=s.id, who=o.name, health=_HEALTH[s.health[o.name]])
    return w == 0


_HEALTH = ("healthy", "injured", "maimed", "dead")


def _melee(battle: Any, s: Any, o: Any, foe: Any, apply_own: bool) -> bool:
    pool = _WEAPONS[o.weapon] + s.discipline.get(o.name, 0) + battle._mods_all(s) - s.health[o.name]
    w, _ = battle.contested(
        "grand melee",
        ((s, o.name, s.spec.deck == "gm"), pool),
        ((foe, f"{foe.id} crew", foe.spec.deck == "gm"), _FOE_POOL + battle._mods_all(foe)),
        ship=s.id,
        officer=o.name,
    )
    mine, theirs = battle.last_best
    if mine and apply_own:
        battle._hit(foe, CREW, mine, None, s.id, "boarding")
    if theirs:
        battle._hit(s, CREW, theirs, None, foe.id, "boarding")
    return w == 0


def _crew_dead(battle: Any, b: Boarding) -> bool:
    done = False
    for s, fate in ((b.defender, "taken"), (b.attacker, "decimated")):
        if s.active and s.damage.state(CREW) == DEAD:
            battle._out_of_battle(s, fate)
            done = True
    return done


def round_(battle: Any, b: Boarding) -> None:
    """One round of the boarding skirmish."""
    b.rounds += 1
    att, dfn = b.attacker, b.defender
    tally = {att.id: [0, 0], dfn.id: [0, 0]}
    for s, foe in ((att, dfn), (dfn, att)):
        plan = s.orders.get("boarding") or {}
        for o in s.spec.officers:
            if not battle._officer_fit(s, o.name):
                continue
            action = plan.get(o.name, "melee")
            if s is att and action in _ROLES:
                if b.approach.get(o.name) == action:
                    won = _duel(battle, s, o, foe, action)
                else:
                    won = _melee(battle, s, o, foe, apply_own=False)
                    b.approach[o.name] = action
                    battle.emit("approach", ship=s.id, officer=o.name, target=action)
            else:
                won = _melee(battle, s, o, foe, apply_own=True)
            tally[s.id][0 if won else 1] += 1
    if _crew_dead(battle, b):
        return
    pools = []
    for s in (att, dfn):
        won, lost = tally[s.id]
        pools.append((s, battle._skill(s, "command") + won - lost + battle._mods_all(s)))
    w, _ = battle.contested(
        "boarding command", pools[0], pools[1], attacker=att.id, defender=dfn.id
    )
    if w < 0:
        return
    winner, loser = (att, dfn) if w == 0 else (dfn, att)
    give_up = loser.orders.get("surrender")
    if give_up is None:
        give_up = battle.policies[loser.side].surrender(battle, loser)
    battle.emit("decision", ship=loser.id, orders={"surrender": bool(give_up)})
    if give_up:
        battle._out_of_battle(loser, "taken")
        return
    battle._hit(loser, CREW, 1, None, winner.id, "boarding")
    if _crew_dead(battle, b):
        return
    if winner is dfn and dfn.orders.get("turn_tide") and tally[dfn.id][1] == 0:
        b.attacker, b.defender = dfn, att
        b.approach.clear()
        battle.emit("tide_turned", attacker=dfn.id, defender=att.id)
