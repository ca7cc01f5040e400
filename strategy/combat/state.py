"""One ship during a battle: her damage, fire, shot, officers' health, orders, and the
card pools she tests with (seed 000, "Ship to Ship Combat"; "Boarding" for the officers).

The battle's phases change her; policies and clients only read her.

>>> from strategy.combat.combatant import combatant
>>> s = ShipState("a0", "a", 0, combatant("Fifth Rate"))
>>> s.skill("gunnery"), s.repair_pool("guns"), s.mods_all()
(3, 3, 0)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from strategy.combat.cardtests import unopposed
from strategy.combat.combatant import SKILLS, Combatant, repair_pools
from strategy.combat.damage import DEAD, HULL, INJURED, MAIMED, RIGGING, Damage, wound
from strategy.combat.data import DAMAGE_LEVELS, LOST, MORALE, REPAIR_SKILLS, REPAIRS, TOWING
from strategy.combat.orders import Orders
from strategy.combat.shot import POOL_MODS
from strategy.ships import ship_type

__all__ = ["ShipState"]

#: who tests a skill for the ship when he is fit: the master has the helm, the gunner lays
#: the guns, the captain commands
_ROLE_OF_SKILL = {"seamanship": "master", "gunnery": "gunner", "command": "captain"}
_REPAIR_INDEX = {k: i for i, k in enumerate(REPAIRS)}
_TOW_DIVISOR = int(TOWING["crew_pool_divisor"])


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
        "shot_mods",
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
        "morale_mod",
        "pools",
        "repairs",
        "fire_base",
        "crew_div",
        "foes",
        "plan",
        "gm",
        "measures",
        "hardship",
        "scratched",
        "cheated",
        "repeats",
        "jonahs",
        "jonah_told",
        "curses",
        "boons",
        "aimers",
        "known",
    )

    def __init__(self, sid: str, side_: str, index: int, spec: Combatant) -> None:
        self.id = sid
        self.side = side_
        self.index = index
        self.spec = spec
        self.damage = Damage(spec.layout)
        # what the sea did to her comes aboard: Hull boxes crossed from the Injured right,
        # as ordinary successes cross them (docs/rules-notes.md "Damage off the sea")
        for _ in range(spec.struck):
            self.damage.hit(HULL, INJURED)
        # and a storm's: each Rigging box at the level the weather crossed it
        for level in spec.rigging:
            self.damage.hit(RIGGING, level)
        self.status = "active"
        #: still fighting (status "active"); kept as a flag for the hot path
        self.active = True
        self.fire = 0
        self.shot = "roundshot"
        self.shot_set = False
        #: the Broadside! pool's modifier for each shot she may want (see
        #: :data:`strategy.combat.shot.POOL_MODS`)
        self.shot_mods = POOL_MODS[False, self.shot]
        self.gage = 0
        self.chase_gage = 0
        self.lost: set[str] = set()
        # (an officer comes aboard with the wounds his last fight left him)
        self.health = {o.name: o.health for o in spec.officers} if spec.officers else {}
        #: each officer's Measures as they stand (Overcoming Great Hardship spends them),
        #: and the wound level whose penalties a spent point lets him ignore
        self.measures = {o.name: dict(o.measures) for o in spec.officers if o.measures}
        self.hardship: dict[str, int] = {}
        #: the officers whose extra wound level (Is But A Scratch, Sir!) this fight took,
        #: and the deaths each cheated in it (Cheat Death!)
        self.scratched: set[str] = set()
        self.cheated: dict[str, int] = {}
        #: the failed tests each officer may still have repeated (Jack Tar)
        self.repeats = {o.name: o.jack_tar for o in spec.officers if o.jack_tar}
        #: the wounds each officer's Jonah ignored (once a fight a take), and the Health
        #: the last would have left him till its event tells it (:meth:`ignored`)
        self.jonahs: dict[str, int] = {}
        self.jonah_told: dict[str, str] = {}
        #: the curses each officer's Naysayer has left this fight, and the cards his
        #: curse that came true gives his next test (strategy.combat.cardtests._naysay)
        self.curses = {o.name: o.naysayer for o in spec.officers if o.naysayer}
        self.boons: dict[str, int] = {}
        #: her officers with Accurate Gunner (the one firing her guns moves a hit)
        self.aimers = frozenset(o.name for o in spec.officers if o.accurate_gunner)
        #: each officer's Reputation against each enemy ship, once looked up
        self.known: dict[tuple[str, str], tuple[int, str | None]] = {}
        self.npc_health = {"captain": 0, "gunner": 0, "master": 0}
        self.discipline: dict[str, int] = {}
        gunner = spec.officer("gunner")
        self.gunnery = gunner.skill("gunnery") if gunner else spec.skill("gunnery")
        self.acting = True
        self.tow = False
        #: what her crew's pools are divided by: 2 while the boats tow her, else 1
        self.crew_div = 1
        self.orders = Orders()
        self.boarding: Any = None
        self.morale = spec.morale
        #: Ship Morale's modifier to all her pools (0 when healthy)
        self.morale_mod = MORALE[spec.morale]
        #: draws from the GM's deck (no joker, never the Card of Fate)
        self.gm = spec.deck == "gm"
        #: what hangs on the distances, kept by the battle until they change: her enemies
        #: in contact (see :meth:`Battle.enemies`), her fire plan and the target order it
        #: was made for (see :func:`strategy.combat.phases.fire_plan`)
        self.foes: list[ShipState] | None = None
        self.plan: tuple[Any, Any] | None = None
        self.pools: Mapping[str, int] = spec.skills
        self.repairs: tuple[int, ...] = ()
        self.fire_base = 0
        self.reskill()

    # ----- the pools she tests with -------------------------------------------------------

    def reskill(self) -> None:
        """Work out her skill pools again: at set-up, and whenever Discipline cards, an
        officer's health or a lost officer change them."""
        spec = self.spec
        if spec.officers or self.lost:
            pools: Mapping[str, int] = {k: self._skill_now(k, None) for k in SKILLS}
            self.pools = pools
            #: the crew's best pool for each repair (``REPAIRS`` of strategy.combat.data)
            self.repairs = repair_pools(pools)
        else:
            # the crew alone: the pools are the crew's skills
            self.pools = pools = spec.skills
            self.repairs = spec.crew_repairs
        #: the part of her Broadside! pool that only these pools change: Gunnery,
        #: Broadside and Ship Morale
        self.fire_base = pools["gunnery"] + spec.broadside + self.morale_mod

    def set_tow(self, tow: bool) -> None:
        """Boats out (or in) for this round."""
        self.tow = tow
        self.crew_div = _TOW_DIVISOR if tow else 1

    def skill(self, key: str, officer: str | None = None) -> int:
        """The pool for a skill test: see :meth:`_skill_now`; ``officer`` names the man
        who tests."""
        if officer is None:
            return self.pools[key]
        return self._skill_now(key, officer)

    def tester(self, key: str) -> str | None:
        """The officer who makes her ``key`` test (:meth:`stand_in` of the skill's role,
        the lookout for Awareness), for the test's event; None when the crew tests."""
        if key == "awareness":
            return self.lookout()[1]
        role = _ROLE_OF_SKILL.get(key)
        return self.stand_in(role)[0] if role else None

    def stand_in(self, role: str) -> tuple[str | None, int]:
        """Who makes the tests of ``role`` and his penalty for a lost officer (seed 000,
        000:1855): the role's officer while fit; the captain down, "command passes down
        to a Lieutenant and they make their Command tests at -2" (the next officer fit to
        act in the order of rank, as listed; none aboard, the crew); the gunner or
        master down, "passes down to their mate" (the crew) at -2. Returns ``(officer or
        None for the crew, penalty)``."""
        spec = self.spec
        o = spec.officer(role)
        if o is not None and self.fit(o.name):
            return o.name, 0
        down = role in self.lost or o is not None
        pen = LOST[role][1] if down else 0
        if role == "captain" and down:
            for x in spec.officers:
                if x is not o and self.fit(x.name):
                    return x.name, pen
        return None, pen

    def lookout(self) -> tuple[int, str | None]:
        """Her Awareness test at Step One (000:1771, "one of the PCs should make an
        Awareness test"): her officer with the best Awareness (the first listed among
        equals) while fit, with his wounds; none aboard or none with Awareness, the
        crew's (000:1735, "they may use the default skill of their crew"). Returns
        ``(pool, officer or None)``."""
        best: tuple[int, str | None] = (self.spec.skill("awareness"), None)
        top = 0
        for o in self.spec.officers:
            v = o.skill("awareness")
            if v > top and self.fit(o.name):
                top = v
                best = (v + self.discipline.get(o.name, 0) - self._injured(o.name), o.name)
        return best

    def _injured(self, officer: str) -> int:
        """An Injured officer's -1 (seed 000, "Damage States": "All actions related to
        the area ... that is Injured suffers a -1 card pool penalty"), unless he spent a
        point of Guts on it (Overcoming Great Hardship)."""
        health = self.health.get(officer, 0)
        return 1 if health == 1 and self.hardship.get(officer, 0) < 1 else 0

    def _skill_now(self, key: str, officer: str | None) -> int:
        """An officer's pool (``officer``), else her pool for ``key``: the man of the
        skill's role (:meth:`stand_in`) tests his skill, or, when he has none, the crew's
        ("none of the PCs have Gunnery skill ... they may use the default skill of their
        crew gunner", 000:1735), with his Discipline cards, less his Injured -1 and a lost
        officer's penalty; a skill of no role, or no man to test it, the crew's."""
        spec = self.spec
        if officer is not None:
            who = next(x for x in spec.officers if x.name == officer)
            return who.skill(key) + self.discipline.get(who.name, 0)
        role = _ROLE_OF_SKILL.get(key)
        if role is None:
            return spec.skill(key)
        name, pen = self.stand_in(role)
        if name is None:
            return spec.skill(key) + pen
        who = next(x for x in spec.officers if x.name == name)
        own = who.skill(key) or spec.skill(key)
        return own + self.discipline.get(name, 0) - self._injured(name) + pen

    def repair_pool(self, what: str) -> int:
        """The best skill for repairing an area or fighting a fire (one of
        :data:`REPAIRS`), by the crew or by the officer of the ``repair_by`` order;
        halved while the boats tow."""
        by = self.orders.repair_by
        if by is None:
            return self.repairs[_REPAIR_INDEX[what]] // self.crew_div
        return self.officer_pool(what, by)

    def officer_pool(self, what: str, officer: str) -> int:
        """Officer ``officer``'s best skill for a repair or a fire (one of
        :data:`REPAIRS`), with his Discipline cards; halved while the boats tow."""
        return max([self._skill_now(k, officer) for k in REPAIR_SKILLS[what]]) // self.crew_div

    def fit(self, officer: str) -> bool:
        """An officer still able to act: not yet Maimed."""
        return self.health.get(officer, 0) < 2

    def wound_penalty(self, b: Any, officer: str) -> int | None:
        """What an officer's wounds take off his pool for an action, or None if he cannot
        attempt it (seed 000, "Damage States", "Overcoming Great Hardship"): Injured -1;
        Maimed, a Guts test against a single Card of Fate to attempt it, then -3; Dead,
        nothing. A point of Guts spent (``hardship``) ignores the penalties and the test
        of the wound he had when he spent it. An officer without Guts on record makes no
        test: Maimed, he does not act."""
        health = self.health.get(officer, 0)
        if health == 0 or health <= self.hardship.get(officer, 0):
            return 0
        if health == 1:
            return 1
        guts = self.measures.get(officer, {}).get("Guts", 0) if health == 2 else 0
        if guts <= 0:
            return None
        # Hard as Nails: "+3 cards when making a Guts test when maimed to continue"
        guts += next(x.maimed_guts for x in self.spec.officers if x.name == officer)
        if unopposed(b, "guts to act", self, guts, officer=officer):
            return 3
        b.emit("cannot_act", ship=self.id, officer=officer, reason="guts")
        return None

    def hurt(self, officer: str, level: int) -> int:
        """His Health after a wound of ``level`` (seed 000, "Damage States"): Is But A
        Scratch, Sir!'s "You may ignore the first wound you take that would make you
        Injured. If the first wound you take would make you Maimed, it makes you Injured
        instead": his first wound of the fight while Healthy one level less. Cheat
        Death! ignores a wound that would kill him once a fight a take; Jonah ("Once per
        session, you can ignore a Maimed or Dead result from a combat challenge") one that
        would Maim or kill him, once a fight, when Cheat Death! does not."""
        health = self.health[officer]
        him = next(x for x in self.spec.officers if x.name == officer)
        if health == 0 and him.scratch and officer not in self.scratched:
            self.scratched.add(officer)
            level -= 1
        after = wound(health, level)
        # Cheat Death!: "Should you suffer a wound which would take you from Injured to
        # Dead or Maimed to Dead, you can ignore that wound" (once a fight a take)
        if after == DEAD and health in (1, 2) and self.cheated.get(officer, 0) < him.cheat_death:
            self.cheated[officer] = self.cheated.get(officer, 0) + 1
            after = health
        if after >= MAIMED and after > health and self.jonahs.get(officer, 0) < him.jonah:
            self.jonahs[officer] = self.jonahs.get(officer, 0) + 1
            self.jonah_told[officer] = DAMAGE_LEVELS[after]
            after = health
        self.health[officer] = after
        return after

    def ignored(self, officer: str) -> dict[str, Any]:
        """The ``wounded`` event's note of the wound his Jonah just ignored (``{}`` if
        none): the Health it would have left him, and its cost, "your current Naval
        Mission is considered to have lost a challenge"."""
        would = self.jonah_told.pop(officer, None)
        if would is None:
            return {}
        return {"ignored": {"trait": "Jonah", "would_be": would, "mission": "lost a challenge"}}

    def repeat(self, officer: str | None) -> bool:
        """Whether ``officer``'s failed test is repeated, his Jack Tar spent (seed 000,
        Step Seven: "Once per Naval Mission, when you have failed a Test, you may ask for
        the failed Challenge or Test to be repeated, with the previous result ignored"):
        the engine asks it at his first failed test (no order chooses which)."""
        if officer is None or not self.repeats.get(officer):
            return False
        self.repeats[officer] -= 1
        return True

    def reputation(self, officer: str, foe: ShipState) -> tuple[int, str | None]:
        """The Reputation ``officer`` applies in a test against ``foe`` (seed 000, "The
        Test": "If you wish to apply a Reputation, add the appropriate number"; "Anatomy
        of a Reputation": its cards "are added to a card pool during a test involving the
        reputation"): his best of those whose subject names her, an Institution by her
        own name, a Personal one by the surname of one of her officers; ``(cards,
        subject)``, ``(0, None)`` if none does."""
        key = (officer, foe.id)
        got = self.known.get(key)
        if got is None:
            him = next(x for x in self.spec.officers if x.name == officer)
            own = _own_name(foe)
            surnames = {_words(o.name)[-1] for o in foe.spec.officers if _words(o.name)}
            best: tuple[int, str | None] = (0, None)
            for kind, subject, cards in him.reputations:
                words = set(_words(subject))
                if kind == "Personal":
                    hit = bool(surnames & words)
                else:
                    hit = own is not None and set(_words(own)) <= words
                if hit and cards > best[0]:
                    best = (cards, subject)
            got = self.known[key] = best
        return got

    def under_fire(self, b: Any, officer: str | None) -> int:
        """Fearless's cards on ``officer``'s Command test (seed 000, Step Seven: "+1 cards
        to Command tests when under fire from a ship with more guns than your own"): while
        an enemy in contact carries more guns than she does (the most her type carries,
        Ships and Guns table)."""
        if officer is None:
            return 0
        cards = next(x.outgunned_command for x in self.spec.officers if x.name == officer)
        mine = _guns(self.spec.type)
        return cards if cards and any(_guns(f.spec.type) > mine for f in b.enemies(self)) else 0

    def spend_hardship(self, b: Any, officer: str) -> bool:
        """Overcoming Great Hardship: he spends a point of Guts (never below 1) to ignore
        his present wound's penalties for the rest of the battle; False if he cannot."""
        m = self.measures.get(officer)
        health = self.health.get(officer, 0)
        if m is None or m.get("Guts", 0) <= 1 or health in (0, 3):
            return False
        if health <= self.hardship.get(officer, 0):
            return True
        m["Guts"] -= 1
        self.hardship[officer] = health
        self.reskill()  # his Injured -1 no longer counts in the pools he tests
        b.emit("hardship", ship=self.id, officer=officer, measure="Guts", left=m["Guts"])
        return True

    def mods_all(self) -> int:
        """The modifier to all her card pools: Hull and Crew damage and Ship Morale."""
        return self.damage.m.all + self.morale_mod

    def towed(self, pool: int) -> int:
        """A crew's pool while her boats tow her in a calm: halved, rounded down."""
        return pool // self.crew_div

    # ----- views --------------------------------------------------------------------------

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


def _guns(kind: str) -> int:
    """The most guns a ship of type ``kind`` carries (a First Rate's 100 "+")."""
    t = ship_type(kind)
    return t.guns_max or t.guns_min or 0


def _words(text: str) -> list[str]:
    """The words of a name, in lower case (a subject names what its words hold)."""
    return re.findall(r"[a-z0-9']+", text.lower())


def _own_name(ship: ShipState) -> str | None:
    """Her own name, if she has one (not her type's, a ship the engine names by it)."""
    name = ship.spec.name
    return None if name.lower() == ship.spec.type.lower() else name
