"""Captains' decisions in battle: the policy objects that NPC sides (and odds) use.

A policy answers a ship's whole orders for the round in one call (:meth:`Policy.orders`,
written into her :class:`strategy.combat.orders.Orders` record; :meth:`Policy.decide`
gives them as a dict); a live player gives the same orders through
``Battle.step(decisions)`` with the same vocabulary.

The round's orders (a dict; every key optional, the engine fills the rest from defaults):

``move``       "close" (to ``range``, default 1), "hold" (keep the distance), "flee"
               (open the distance; beyond Distance 5 the ship escapes), "board" (close to
               Distance 0 and board)
``range``      distance a "close" stops at: 1 (Broadside!) or 2 (Long Range)
``target``     id of the enemy ship to close with and fire at (default: the nearest)
``fire``       None to concentrate on ``target``; ``{enemy_id: cards, ...}`` to split the
               Broadside! card pool (the remainder goes to the first listed)
``shot``       "roundshot", "grapeshot", "chainshot", "heated" or "double"; changing the
               loaded shot costs -2 cards on the next Broadside!
``repair``     None, "hull", "guns", "crew", "rigging" or "fire" (fight the fire)
``repair_by``  officer name doing the repair (he then skips How Will You Fight?); default
               the ship's crew
``fire_by``    officer name fighting the fire (he then makes no other repair and skips How
               Will You Fight?); the crew may still ``repair`` an area
``hwyf``       ``{officer: choice}`` for How Will You Fight?: a choice of
               :mod:`strategy.combat.hwyf` or a skill (Routine); default each free
               officer's best skill
``hardship``   ``[officer, ...]``: each spends a point of Guts to ignore his wounds, or
               ``{officer: "Guts" | "Discipline"}``: Discipline (her commander) to ignore
               her Ship Morale's penalties (Overcoming Great Hardship,
               :mod:`strategy.combat.hardship`); default none
``strike``     True to strike the colours now
``continue``   False to wish to disengage at Step Seven (default: move is not "flee")
``surrender``  True/False: surrender if this round's boarding Command test is lost
               (default: ask :meth:`Policy.surrender`)
``turn_tide``  True: drive for the enemy ship (Boarding, "Turning the Tide")
``boarding``   ``{officer: "melee" | "captain" | "gunner" | "master" | "firebrands"}``:
               the Grand Melee, Attack the Officers (attackers only) or firebrands
               (a critical or perfect success on Hull or Rigging sets the enemy on fire)
``tow``        True in a Becalmed sea: boats out, Speed 1, half card pools for crew work
``joker``      the card a joker in this round's Broadside! counts as (default the CoF)
``muskets``    her Marines' fire (:mod:`strategy.combat.muskets`): "crew", "captain",
               "master", "gunner" or "hold"; default none (they return fire); a policy
               opens fire alongside or going to board (:meth:`Policy.muskets`)

On the first step only: ``start_distance`` (3..5, used if this side wins the Awareness
test) and ``discipline`` (``{officer: cards}`` from the commander's Discipline).

>>> sorted(POLICIES)
['aggressive', 'boarder', 'cautious', 'runner']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.combat.damage import CREW, DEAD, GUNS, HULL, MAIMED, RIGGING
from strategy.combat.hardship import discipline_cards
from strategy.combat.muskets import pool_at
from strategy.combat.orders import Orders
from strategy.errors import InvalidMove

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["Policy", "Aggressive", "Cautious", "Runner", "Boarder", "POLICIES", "policy"]


def strength(ship: ShipState) -> float:
    """A rough fighting value: guns times what is left of hull and crew."""
    dmg = ship.damage
    size, tot = dmg.size, dmg.tot
    left = (size[HULL] - tot[HULL] + size[CREW] - tot[CREW]) / (size[HULL] + size[CREW])
    guns = 0 if dmg.st[GUNS] == DEAD else ship.spec.broadside + ship.gunnery
    return (guns if guns > 1 else 1) * left


class Policy:
    """Base NPC captain: close to Broadside! range, roundshot, repair the worst area,
    fight on until Hull and Crew are both Maimed; her Marines open fire alongside or going
    to board when their pool is at least the enemy's (:meth:`muskets`)."""

    name = "base"
    close_to = 1
    shot = "roundshot"
    start = 3

    def start_distance(self, battle: Battle, ship: ShipState) -> int:
        """Distance 3..5 chosen when this side wins the Awareness test."""
        return self.start

    def discipline(self, battle: Battle, ship: ShipState) -> dict[str, int]:
        """Discipline cards per officer: the gunner first, then the master, then others
        (each man's Discipline as it stands, :func:`strategy.combat.hardship.discipline_cards`)."""
        officers = ship.spec.officers
        if not officers:
            return {}
        left = discipline_cards(ship, officers[0])
        order = sorted(
            officers,
            key=lambda o: (
                ("gunner", "master").index(o.role) if o.role in ("gunner", "master") else 2
            ),
        )
        out: dict[str, int] = {}
        for o in order:
            give = min(left, discipline_cards(ship, o))
            if give:
                out[o.name] = give
                left -= give
        return out

    def target(self, battle: Battle, ship: ShipState) -> ShipState | None:
        """The enemy to fight: nearest, then weakest."""
        foes = ship.foes
        if foes is None:
            foes = battle.enemies(ship)
        if len(foes) < 2:
            return foes[0] if foes else None
        # the nearest first: the strengths are worked out only among the nearest
        distance = battle.distance
        near: list[ShipState] = []
        least = 7
        for f in foes:
            d = distance(ship, f)
            if d < least:
                least, near = d, [f]
            elif d == least:
                near.append(f)
        if len(near) == 1:
            return near[0]
        return min(near, key=lambda f: (strength(f), f.id))

    def repair(self, battle: Battle, ship: ShipState) -> str | None:
        """Fire first, then the worst damage state, Hull before Crew, Guns, Rigging."""
        if ship.fire:
            return "fire"
        dmg = ship.damage
        st, tot = dmg.st, dmg.tot
        # the highest (state, boxes crossed), the earlier area on a tie in the order
        # Hull, Crew, Guns, Rigging (plain comparisons: no tuple, no big int); None when
        # nothing is crossed (a state needs a crossed box)
        top, most, name = st[HULL], tot[HULL], "hull"
        a, n = st[CREW], tot[CREW]
        if a > top or (a == top and n > most):
            top, most, name = a, n, "crew"
        a, n = st[GUNS], tot[GUNS]
        if a > top or (a == top and n > most):
            top, most, name = a, n, "guns"
        a, n = st[RIGGING], tot[RIGGING]
        if a > top or (a == top and n > most):
            most, name = n, "rigging"
        return name if most else None

    def should_strike(self, battle: Battle, ship: ShipState) -> bool:
        """Strike when Hull and Crew are both Maimed or worse."""
        st = ship.damage.st
        return st[HULL] >= MAIMED and st[CREW] >= MAIMED

    def surrender(self, battle: Battle, ship: ShipState) -> bool:
        """After losing a boarding round: give up when the Crew is down to its last box."""
        return ship.damage.left(CREW) <= 1

    def move(self, battle: Battle, ship: ShipState, foe: ShipState) -> tuple[str, int]:
        if ship.damage.st[GUNS] == DEAD:
            return "board", 0
        return "close", self.close_to

    def muskets(self, battle: Battle, ship: ShipState, foe: ShipState, move: str) -> str | None:
        """Her Marines' order (:mod:`strategy.combat.muskets`): at the enemy's crew when
        she lies alongside (lashed to her) or goes to board from Distance 1 ("deadly
        nearer to the enemy": Point Blank, 000:1117), and her Marines' pool there is at
        least the enemy's (he returns the fire, "each delivers the HIGHEST result",
        000:1111: she does not open an exchange she is the weaker in); else none (they
        return fire only).

        >>> from strategy.cards.dealer import ScriptedDealer
        >>> from strategy.combat.battle import Battle
        >>> from strategy.combat.setup import setup
        >>> b = Battle("Fifth Rate", "Cutter", distance=1, dealer=ScriptedDealer([]))
        >>> setup(b, {})
        >>> a0, b0 = b.ships
        >>> boarder = POLICIES["boarder"]
        >>> boarder.muskets(b, a0, b0, "board"), boarder.muskets(b, a0, b0, "close")
        ('crew', None)
        """
        if ship.boarding is not None:
            pair = ship.boarding
            foe = pair.defender if pair.attacker is ship else pair.attacker
        elif move != "board" or battle.distance(ship, foe) > 1:
            return None
        mine = pool_at(ship, 0)
        return "crew" if mine > 0 and mine >= pool_at(foe, 0) else None

    def boards_alongside(self, battle: Battle, ship: ShipState, foe: ShipState) -> bool:
        """A chase brought ``ship`` (the hunter) alongside ``foe``: board now (True), or lie
        at Distance 1 and fight with the guns first (False), as her first move would."""
        return self.move(battle, ship, foe)[0] == "board"

    def orders(self, battle: Battle, ship: ShipState, o: Orders) -> None:
        """The ship's whole orders for the coming round, written into her record ``o``
        (the engine asks this once per ship and round)."""
        if self.should_strike(battle, ship):
            o.strike_colours(ship.shot)
            return
        foe = self.target(battle, ship)
        if foe is None:
            o.npc("flee", 1, None, self.shot, self.repair(battle, ship))
            return
        move, rng = self.move(battle, ship, foe)
        o.npc(move, rng, foe.id, self.shot, self.repair(battle, ship))
        # (a battle saved before NPCs opened musket fire is fought as it was)
        if battle.npc_muskets and (aim := self.muskets(battle, ship, foe, move)) is not None:
            o.fire_muskets(aim)

    def decide(self, battle: Battle, ship: ShipState) -> dict[str, Any]:
        """The orders for the coming round as a dict (:meth:`orders` as the vocabulary
        writes them; a strike says nothing else)."""
        o = Orders()
        self.orders(battle, ship, o)
        return {"strike": True} if o.strike else o.as_dict()


class Aggressive(Policy):
    """Close to Broadside! range and pound away; board when the guns are gone."""

    name = "aggressive"


class Cautious(Policy):
    """Fight at long range when rated, run when outmatched or badly hurt, strike early."""

    name = "cautious"
    start = 4

    def start_distance(self, battle: Battle, ship: ShipState) -> int:
        foe = self.target(battle, ship)
        return 5 if foe is not None and strength(foe) > strength(ship) else 4

    def move(self, battle: Battle, ship: ShipState, foe: ShipState) -> tuple[str, int]:
        st = ship.damage.st
        hurt = st[HULL] >= MAIMED or st[CREW] >= MAIMED or st[GUNS] >= MAIMED
        if hurt or strength(foe) > 1.25 * strength(ship):
            return "flee", 1
        return "close", 2 if ship.spec.rate is not None else 1

    def should_strike(self, battle: Battle, ship: ShipState) -> bool:
        st = ship.damage.st
        maimed = (st[HULL] >= MAIMED) + (st[CREW] >= MAIMED) + (st[GUNS] >= MAIMED)
        if maimed >= 2:
            return True
        if maimed and st[RIGGING] == DEAD:
            # trapped: demasted with an enemy in gun range
            for f in battle.enemies(ship):
                if battle.distance(ship, f) <= 2:
                    return True
        return False

    def surrender(self, battle: Battle, ship: ShipState) -> bool:
        return ship.damage.state(CREW) >= MAIMED


class Runner(Policy):
    """Flee from the first round; chainshot at pursuers; strike when caught demasted."""

    name = "runner"
    shot = "chainshot"
    start = 5

    def move(self, battle: Battle, ship: ShipState, foe: ShipState) -> tuple[str, int]:
        return "flee", 1

    def repair(self, battle: Battle, ship: ShipState) -> str | None:
        if not ship.fire and ship.damage.tot[RIGGING]:
            return "rigging"
        return Policy.repair(self, battle, ship)

    def should_strike(self, battle: Battle, ship: ShipState) -> bool:
        dmg = ship.damage
        if dmg.state(RIGGING) == DEAD or dmg.state(HULL) >= MAIMED:
            # caught: an enemy alongside or at Broadside! range
            for f in battle.enemies(ship):
                if battle.distance(ship, f) <= 1:
                    return True
        return False

    def surrender(self, battle: Battle, ship: ShipState) -> bool:
        return ship.damage.state(CREW) >= MAIMED


class Boarder(Policy):
    """Grapeshot to thin the enemy crew, then close to Distance 0 and board."""

    name = "boarder"
    shot = "grapeshot"

    def move(self, battle: Battle, ship: ShipState, foe: ShipState) -> tuple[str, int]:
        return "board", 0

    def orders(self, battle: Battle, ship: ShipState, o: Orders) -> None:
        super().orders(battle, ship, o)
        if ship.spec.officers and not o.strike:
            first = ship.spec.officers[0]
            o.board_with(
                {x.name: ("captain" if x is first else "melee") for x in ship.spec.officers}
            )


POLICIES = {p.name: p for p in (Aggressive(), Cautious(), Runner(), Boarder())}


def policy(value: str | Policy | None, default: str = "aggressive") -> Policy:
    """A policy from its name (case-insensitive) or as given."""
    if value is None:
        value = default
    if isinstance(value, Policy):
        return value
    key = str(value).strip().lower()
    if key not in POLICIES:
        raise InvalidMove(f"unknown policy {value!r}; valid: {', '.join(sorted(POLICIES))}")
    return POLICIES[key]
