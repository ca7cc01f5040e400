"""Skirmishes other than boarding (seed 000:1153-1199, "Naval Missions and Crew Actions: The
Skirmish Rules"): a cutting-out expedition, a landing party, the book's own retreat to the
wood.

"Each skirmish takes the form of one set of Tests - one for each character involved":

1. Tactics: the commanding officer ("the highest ranking player") gives each character one
   action (a :class:`Task`: a weapon fought with against a foe's, or a skill tested against
   a static difficulty);
2. Discipline: he distributes bonus cards "equal to his Discipline" to the others, each at
   most his own Discipline (:func:`allot`);
3. each performs his action; a fight is a combat challenge, "each delivers the HIGHEST
   result ... as damage" (000:1103-1115), so the foe's best success wounds him;
4. the final test: the commander's Command against the opposing commander's, +1 card for
   each character that won his test and -1 for each that lost; Ship Morale INJURED -1,
   MAIMED a Discipline test against a single Card of Fate "to act", then -3;
5. "If you lose a skirmish your Ship Morale is damaged by one level."

Pure: the cards come from the piles passed in (:class:`strategy.cards.dealer.Deck` under a
seeded source, or :class:`~strategy.cards.dealer.ScriptedDealer` for the book's example).
The missions' tasks are data (``skirmish.json``), Admiralty's reading where the book leaves
them to the commanding officer and the GM (docs/rules-notes.md, "Skirmishes").

>>> MISSIONS["cutting_out"].tasks["board"].pool, MISSIONS["cutting_out"].tasks["board"].foe
(4, 3)
>>> MISSIONS["landing_party"].tasks["spike_the_guns"].foe, MISSIONS["cutting_out"].prize
(5, 'Brig Sloop')
>>> allot(6, {"Bosun's Mate": 3, "Midshipman": 2, "Poacher": 2}, {"Midshipman": 2})
{'Midshipman': 2}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from strategy.cards import core
from strategy.cards.card import views
from strategy.cards.dealer import Pile
from strategy.cards.trials import LEVEL_NAMES, Score, contested_test
from strategy.combat.combatant import SKILLS
from strategy.combat.damage import DEAD, wound
from strategy.combat.data import COMBAT, DAMAGE_LEVELS, MORALE, RANGED_WEAPONS, WEAPONS
from strategy.combat.morale import worse
from strategy.errors import InvalidMove, UnknownName
from strategy.loader import check, load

__all__ = [
    "ENEMY_COMMAND",
    "MISSIONS",
    "Member",
    "Mission",
    "Task",
    "allot",
    "skirmish",
    "task",
]

_DIFFICULTY = COMBAT["static_difficulty"]
#: an officer's wounds off his pool (seed 000, "Damage States"; as the battle reads them:
#: strategy.combat.state.ShipState.wound_penalty): Injured -1, Maimed -3 after his Guts test
_WOUND = (0, 1, 3)


@dataclass(frozen=True)
class Task:
    """One character's action in a skirmish: his ``weapon``'s cards (at ``range`` for a
    firearm) against a foe's ``foe`` cards, the foe's best success his wound (``fight``),
    or his ``skill`` against a static difficulty's ``foe`` cards; ``book``: its words."""

    id: str
    book: str
    foe: int
    weapon: str | None = None
    range: str | None = None
    skill: str | None = None

    @property
    def fight(self) -> bool:
        """A combat challenge: the foe strikes back ("each delivers the HIGHEST result")."""
        return self.weapon is not None

    @property
    def pool(self) -> int | None:
        """The weapon's cards (Tools of the Navy); None for a skill's test."""
        if self.weapon is None:
            return None
        if self.range is None:
            return int(WEAPONS[self.weapon])
        return int(RANGED_WEAPONS[self.weapon][self.range])


@dataclass(frozen=True)
class Mission:
    """A kind of skirmish the campaign offers: its tasks, what a victory wins (``prize``:
    a vessel cut out, of the roster type ``prize``; ``destroyed``: the post ashore) and
    its words."""

    id: str
    book: str
    victory: str
    tasks: Mapping[str, Task]
    prize: str | None = None


@dataclass(frozen=True)
class Member:
    """A character in the skirmish: his name, his skills (the engine's, lower case), his
    Discipline Measure, his Guts and his Health (0 healthy .. 2 maimed)."""

    name: str
    skills: Mapping[str, int] = field(default_factory=dict)
    discipline: int = 0
    guts: int = 0
    health: int = 0


def _weapon_cards(name: str, rng: str | None, where: str) -> int:
    if rng is None:
        check(name in WEAPONS, f"{where}: hand-to-hand weapon {name!r}")
        return int(WEAPONS[name])
    check(rng in RANGED_WEAPONS.get(name, {}), f"{where}: ranged weapon {name!r} at {rng!r}")
    return int(RANGED_WEAPONS[name][rng])


def _task(raw: Mapping[str, Any], where: str) -> Task:
    where = f"{where}: {raw['id']}"
    if "weapon" in raw:
        check("skill" not in raw, f"{where}: a weapon or a skill, not both")
        _weapon_cards(raw["weapon"], raw.get("range"), where)
        foe = _weapon_cards(raw["against"], raw.get("against_range"), where)
        return Task(raw["id"], raw["book"], foe, weapon=raw["weapon"], range=raw.get("range"))
    check(raw.get("skill") in SKILLS, f"{where}: skill {raw.get('skill')!r}")
    check(raw.get("difficulty") in _DIFFICULTY, f"{where}: difficulty")
    return Task(raw["id"], raw["book"], int(_DIFFICULTY[raw["difficulty"]]), skill=raw["skill"])


def _load() -> tuple[Mapping[str, Mission], int]:
    raw = load("skirmish.json")
    # the book's final test: "+1 card" per character that won, "-1 card" per one that lost
    check(raw["command"] == {"won": 1, "lost": -1}, "skirmish.json: command +1 / -1")
    out: dict[str, Mission] = {}
    for mid, m in raw["missions"].items():
        where = f"skirmish.json: {mid}"
        tasks: dict[str, Task] = {}
        for t in m["tasks"]:
            check(t["id"] not in tasks, f"{where}: one task {t['id']!r}")
            tasks[t["id"]] = _task(t, where)
        check(m["victory"] in ("prize", "destroyed"), f"{where}: victory")
        check((m["victory"] == "prize") == ("prize" in m), f"{where}: a prize's type")
        out[mid] = Mission(mid, m["book"], m["victory"], MappingProxyType(tasks), m.get("prize"))
    return MappingProxyType(out), int(COMBAT["default_crew_skill"])


#: the campaign's skirmishes, by id (``skirmish.json``)
MISSIONS: Mapping[str, Mission]
#: the opposing commander's Command where the book gives none ("Skills of 2-3 reflect an
#: average ability"; combat.json ``default_crew_skill``)
ENEMY_COMMAND: int
MISSIONS, ENEMY_COMMAND = _load()


def task(mission: str, task_id: str) -> Task:
    """The task ``task_id`` of mission ``mission``; an unknown one raises UnknownName."""
    if mission not in MISSIONS:
        raise UnknownName(f"no skirmish {mission!r}; valid: {', '.join(MISSIONS)}")
    tasks = MISSIONS[mission].tasks
    if task_id not in tasks:
        raise UnknownName(f"no task {task_id!r} in {mission}; valid: {', '.join(tasks)}")
    return tasks[task_id]


def allot(discipline: int, caps: Mapping[str, int], cards: Mapping[str, int]) -> dict[str, int]:
    """The commander's Discipline cards as he gives them (000:1185: "a number of bonus cards
    to the other characters card pools equal to his Discipline. The maximum number of cards
    that each of them can receive is limited by the individual's Discipline"): ``caps``
    the others' Discipline by name. Raises InvalidMove for a card too many, or for one
    given to a name not among the others (himself included)."""
    out = {}
    for name, n in cards.items():
        if name not in caps:
            raise InvalidMove(f"{name!r} is not one of the others in the skirmish")
        if n < 0 or n > caps[name]:
            raise InvalidMove(f"{name} may take 0 to {caps[name]} cards (his Discipline)")
        if n:
            out[name] = n
    if sum(out.values()) > discipline:
        raise InvalidMove(f"the commander gives at most {discipline} cards (his Discipline)")
    return out


def _unopposed(gm: Pile, deck: Pile, pool: int) -> dict[str, Any]:
    """A test "against a single Card of Fate": any success passes."""
    cof = gm.cof()
    cards = deck.draw(max(0, pool))
    best = Score.of(core.successes(cof, cards, False, None)).best
    for pile in (gm, deck) if deck is not gm else (gm,):
        pile.shuffle()
    return {
        "cof": str(views([cof])[0]),
        "pool": max(0, pool),
        "cards": [str(c) for c in views(cards)],
        "result": LEVEL_NAMES[best],
        "passed": best > 0,
    }


def _perform(
    gm: Pile, deck: Pile, m: Member, t: Task, bonus: int
) -> tuple[bool | None, int, dict[str, Any]]:
    """One character's action: (won, None if he could not act; his health after; record)."""
    rec: dict[str, Any] = {"name": m.name, "task": t.id, "cards": bonus}
    pen = _WOUND[min(m.health, 2)]
    if m.health >= 2:  # Maimed: "a Guts test against a single Card of Fate" to act at all
        rec["guts"] = _unopposed(gm, deck, m.guts)
        if not rec["guts"]["passed"]:
            return None, m.health, rec
    skill = None if t.skill is None else m.skills.get(t.skill, 0)
    unskilled = skill == 0
    base = t.pool if t.pool is not None else (skill or 0)
    pool = base + bonus - pen
    r = contested_test(gm, deck, pool, gm, t.foe, a_unskilled=unskilled, kind=t.id)
    health = m.health
    if t.fight and r.b_score.best:  # the foe delivers his highest result as a wound
        health = wound(m.health, r.b_score.best)
    rec.update(test=r.to_dict(), won=r.winner == "a", health=DAMAGE_LEVELS[health])
    return r.winner == "a", health, rec


def skirmish(
    gm: Pile,
    deck: Pile,
    commander: Member,
    others: Sequence[Member],
    tasks: Mapping[str, Task],
    cards: Mapping[str, int],
    morale: str = "healthy",
    foe_command: int | None = None,
) -> dict[str, Any]:
    """Fight one skirmish (000:1153-1199): ``tasks`` every character's action by name (the
    commander's too), ``cards`` his Discipline cards as :func:`allot` checks them, ``morale``
    the Ship Morale of the crew with them, ``foe_command`` the opposing commander's Command
    (:data:`ENEMY_COMMAND` by default). The Card of Fate and the foes' cards come from
    ``gm``, the characters' from ``deck``.

    Returns what happened, plain JSON: ``acted`` (False when a MAIMED crew's Discipline
    test failed: the crew will not act and nothing is fought), ``discipline`` (that test),
    ``actions`` (each character's test, won or lost, his health after), ``won``/``lost``
    (the counts), ``command`` (the final test), ``victory``, ``health`` (by name, the
    wounded only) and ``morale`` (before, after)."""
    names = [commander.name, *(o.name for o in others)]
    if len(set(names)) != len(names):
        raise InvalidMove("one name a character in a skirmish")
    if set(tasks) != set(names):
        raise InvalidMove("every character in the skirmish has one action (000:1175)")
    if morale not in MORALE:
        raise UnknownName(f"no Ship Morale {morale!r}; valid: {', '.join(MORALE)}")
    given = allot(commander.discipline, {o.name: o.discipline for o in others}, cards)
    out: dict[str, Any] = {"commander": commander.name, "cards": given, "acted": True}
    out["morale"] = {"before": morale, "after": morale}
    if MORALE[morale] <= -3:  # MAIMED: "a successful Discipline Test ... to act"
        out["discipline"] = _unopposed(gm, deck, commander.discipline)
        if not out["discipline"]["passed"]:
            out.update(acted=False, actions=[], won=0, lost=0, victory=False, health={})
            return out
    actions, health, won, lost = [], {}, 0, 0
    for m in (commander, *others):
        ok, h, rec = _perform(gm, deck, m, tasks[m.name], given.get(m.name, 0))
        actions.append(rec)
        if h != m.health:
            health[m.name] = DAMAGE_LEVELS[h]
        won += ok is True
        lost += ok is False
    out.update(actions=actions, won=won, lost=lost, health=health)
    mine = health.get(commander.name)
    c_health = commander.health if mine is None else DAMAGE_LEVELS.index(mine)
    if c_health >= DEAD:  # his company without its leader has lost (ours)
        out.update(command=None, victory=False)
    else:
        pool = commander.skills.get("command", 0) + won - lost + MORALE[morale] - _WOUND[c_health]
        foe = ENEMY_COMMAND if foe_command is None else foe_command
        r = contested_test(gm, deck, pool, gm, foe, kind="command")
        out.update(command=r.to_dict(), victory=r.winner == "a")
    if not out["victory"]:  # "If you lose a skirmish your Ship Morale is damaged by one level"
        out["morale"]["after"] = worse(morale)
    return out
