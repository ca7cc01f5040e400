"""A ship's damage tracks in battle: boxes crossed per area and level, and their penalties.

Seed 000, "Step Six: Broadside!": each area (Hull, Guns, Crew, Rigging) has boxes in three
damage states, Injured, Maimed and Dead. An ordinary success crosses an Injured box, a
critical a Maimed box, a perfect a Dead box; "if the ship sustains damage to an area at a
level which is already full, you cross off the next box to the right". An area is in a
damage state when every box of that state is crossed (the worst such state counts), and
the state carries the penalties of the table that follows (Hull Injured -1 to all card
pools, ..., Crew Dead: the crew is decimated).

>>> d = Damage(((2, 2, 2), (1, 1, 1), (1, 1, 1), (1, 1, 1)))
>>> d.hit(HULL, INJURED), d.hit(HULL, INJURED), d.state(HULL), d.mods().all
(1, 1, 1, -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from strategy.cards.core import NAMES
from strategy.combat.data import AREAS, COMBAT, DAMAGE_LEVELS, SUIT_AREA
from strategy.errors import InvalidMove

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = [
    "AREAS",
    "HULL",
    "GUNS",
    "CREW",
    "RIGGING",
    "HEALTHY",
    "INJURED",
    "MAIMED",
    "DEAD",
    "DAMAGE_LEVELS",
    "SUIT_AREA",
    "COMBAT",
    "Mods",
    "Layout",
    "layout",
    "Damage",
    "hit",
    "wound",
    "struck_boxes",
]

HULL, GUNS, CREW, RIGGING = range(4)
HEALTHY, INJURED, MAIMED, DEAD = range(4)


@dataclass(frozen=True, slots=True)
class Mods:
    """What an area's damage does to a ship: card pool modifiers and required tests.

    ``gates`` lists ``(action, skill)``: before ``action`` ("broadside", "positioning" or
    "act") the ship must pass a test of ``skill``. ``out`` is "sunk" or "decimated".
    ``fire`` and ``pos`` are the whole modifiers of a Broadside! and of a Positioning
    pool (``all`` plus the action's own).
    """

    all: int = 0
    broadside: int = 0
    positioning: int = 0
    gates: tuple[tuple[str, str], ...] = ()
    no_broadside: bool = False
    speed_zero: bool = False
    out: str | None = None
    fire: int = field(init=False, repr=False)
    pos: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fire", self.all + self.broadside)
        object.__setattr__(self, "pos", self.all + self.positioning)


def _level_table() -> tuple[tuple[Mapping[str, Any], ...], ...]:
    pen = COMBAT["penalties"]
    return tuple(tuple(pen[a][s] for s in DAMAGE_LEVELS[1:]) for a in AREAS)


_TABLE = _level_table()


def _mods_of(states: tuple[int, int, int, int]) -> Mods:
    """The penalties in force for the four areas' damage states."""
    total = broadside = positioning = 0
    gates: list[tuple[str, str]] = []
    no_broadside = speed_zero = False
    out: str | None = None
    for area in range(4):
        st = states[area]
        if st == HEALTHY:
            continue
        row = _TABLE[area][st - 1]
        # a Dead area is at least as bad as a Maimed one: it keeps the Maimed penalties
        worst = _TABLE[area][MAIMED - 1] if st == DEAD else row
        total += worst.get("all", 0)
        broadside += worst.get("broadside", 0)
        positioning += worst.get("positioning", 0)
        if "gate" in worst:
            gates.append((worst["gate"], worst["gate_skill"]))
        if row.get("no") == "broadside":
            no_broadside = True
        if row.get("speed_zero"):
            speed_zero = True
        if "out" in row and out is None:
            out = row["out"]
    return Mods(total, broadside, positioning, tuple(gates), no_broadside, speed_zero, out)


#: the Mods of every combination of states (4 ** 4), indexed by the state code
#: ``st[0] + 4 * st[1] + 16 * st[2] + 64 * st[3]``: a hit that changes a state costs one
#: look-up instead of walking the penalty table
_MODS = tuple(_mods_of((code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6)) for code in range(256))
_SHIFT = (1, 4, 16, 64)
#: box indexes from a success level down: what a repair of that level may recover
_DOWN = ((), (0,), (1, 0), (2, 1, 0))


class Layout(NamedTuple):
    """A ship's boxes, checked: ``caps[area][level-1]`` and ``size[area]`` (all levels)."""

    caps: tuple[tuple[int, ...], ...]
    size: tuple[int, ...]


def layout(caps: Iterable[Iterable[int]]) -> Layout:
    """The boxes of four areas of three damage states, each at least 1, checked (once per
    ship: :attr:`strategy.combat.combatant.Combatant.layout`; a battle starts from it).

    >>> layout([[2, 2, 2], [1, 1, 1], [1, 1, 1], [1, 1, 1]]).size
    (6, 3, 3, 3)
    """
    caps_ = tuple([tuple(map(int, area)) for area in caps])
    if tuple(map(len, caps_)) != (3, 3, 3, 3) or min(map(min, caps_)) < 1:
        raise InvalidMove("boxes: four areas of three damage states, each at least 1 box")
    return Layout(caps_, tuple(map(sum, caps_)))


class Damage:
    """Mutable boxes of one ship: ``caps[area][level-1]`` boxes, ``crossed`` alike.

    Levels are 1 (Injured), 2 (Maimed), 3 (Dead). Kept small and flat because the
    engine touches it on every hit: ``st`` (each area's state) and ``m`` (the
    :class:`Mods` in force) are kept up to date on every change.
    """

    __slots__ = ("caps", "size", "crossed", "st", "code", "m", "tot")

    def __init__(self, caps: Iterable[Iterable[int]] | Layout) -> None:
        #: boxes per level (``caps``) and per area, all levels together (``size``)
        self.caps, self.size = caps if isinstance(caps, Layout) else layout(caps)
        self.crossed = [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        #: each area's damage state, kept up to date on every change
        self.st = [HEALTHY, HEALTHY, HEALTHY, HEALTHY]
        #: the states as one number (see ``_MODS``)
        self.code = 0
        #: the penalties in force
        self.m: Mods = _MODS[0]
        #: boxes crossed per area, all levels together
        self.tot = [0, 0, 0, 0]

    def _restate(self, area: int) -> None:
        crossed, caps = self.crossed[area], self.caps[area]
        if crossed[2] == caps[2]:
            st = DEAD
        elif crossed[1] == caps[1]:
            st = MAIMED
        elif crossed[0] == caps[0]:
            st = INJURED
        else:
            st = HEALTHY
        old = self.st[area]
        if st != old:
            self.st[area] = st
            self.code += (st - old) * _SHIFT[area]
            self.m = _MODS[self.code]

    def hit(self, area: int, level: int) -> int | None:
        """Cross one box at ``level`` in ``area``, overflowing right; the level crossed.

        ``None`` when every box from ``level`` rightwards is already crossed.
        """
        crossed, caps = self.crossed[area], self.caps[area]
        lv = level - 1
        while lv < 3:
            n = crossed[lv] + 1
            if n <= caps[lv]:
                crossed[lv] = n
                self.tot[area] += 1
                # only a box that fills its level can change the area's state, and then
                # to that level unless a worse one is already full
                if n == caps[lv]:
                    st = self.st
                    old = st[area]
                    if lv >= old:
                        st[area] = lv + 1
                        self.code += (lv + 1 - old) * _SHIFT[area]
                        self.m = _MODS[self.code]
                return lv + 1
            lv += 1
        return None

    def repair(self, area: int, max_level: int, level: int | None = None) -> int | None:
        """Recover one box "equal to, or lower than the level of the success".

        ``level`` picks the box; by default the worst level whose state is in force
        (all its boxes crossed), else the worst level with a crossed box.
        Returns the level recovered, or ``None`` when nothing could be.
        """
        crossed, caps = self.crossed[area], self.caps[area]
        choice: int | None = None
        if level is not None:
            if 1 <= level <= max_level and crossed[level - 1]:
                choice = level
        else:
            # the worst full level up to max_level, else the worst crossed one
            for i in _DOWN[max_level]:
                n = crossed[i]
                if n:
                    if n == caps[i]:
                        choice = i + 1
                        break
                    if choice is None:
                        choice = i + 1
        if choice is None:
            return None
        n = crossed[choice - 1]
        crossed[choice - 1] = n - 1
        self.tot[area] -= 1
        if n == caps[choice - 1]:
            # only a level that was full can take the area's state down with it
            self._restate(area)
        return choice

    def state(self, area: int) -> int:
        """The area's damage state: the worst level whose boxes are all crossed."""
        return self.st[area]

    def states(self) -> dict[str, str]:
        """Every area's state by name."""
        h, g, c, r = self.st
        return {
            AREAS[0]: DAMAGE_LEVELS[h],
            AREAS[1]: DAMAGE_LEVELS[g],
            AREAS[2]: DAMAGE_LEVELS[c],
            AREAS[3]: DAMAGE_LEVELS[r],
        }

    def boxes(self) -> dict[str, list[int]]:
        """Crossed boxes per area (plain lists, for events and views)."""
        return {AREAS[a]: list(self.crossed[a]) for a in range(4)}

    def left(self, area: int) -> int:
        """Boxes not yet crossed in an area."""
        return self.size[area] - self.tot[area]

    def mods(self) -> Mods:
        """The penalties in force."""
        return self.m


def hit(b: Battle, t: ShipState, area: int, level: int, c: int | None, by: Any, how: str) -> None:
    """A hit on ship ``t`` in battle: one box crossed at ``level`` in ``area``, and its
    events (the box crossed and any new damage state); ``c`` the card, ``by`` who hit."""
    if not b.record:
        t.damage.hit(area, level)
        return
    before = t.damage.state(area)
    got = t.damage.hit(area, level)
    b.emit(
        "hit",
        ship=t.id,
        by=by,
        card=None if c is None else NAMES[c],
        area=AREAS[area],
        level=DAMAGE_LEVELS[level],
        crossed=None if got is None else DAMAGE_LEVELS[got],
        cause=how,
    )
    after = t.damage.state(area)
    if after != before:
        b.emit("damage_state", ship=t.id, area=AREAS[area], state=DAMAGE_LEVELS[after])


def wound(health: int, level: int) -> int:
    """A person's Health after a hit (seed 000, "Damage States").

    >>> wound(0, 1), wound(1, 1), wound(1, 2), wound(2, 1)
    (1, 2, 3, 3)
    """
    return min(DEAD, health + level)


def struck_boxes(points: int, strength: int, hull: Iterable[int]) -> int:
    """The Hull boxes ``points`` damage points taken at sea (seed 003, line 97-104: aground,
    on rocks) cross before her next fight: her Hull's boxes, all levels, in the proportion
    the points bear to her Ship's Strength Points ``strength`` (seed 003, line 20), to the
    nearest box (a half up), short of the last (she comes to the fight afloat; a Hull all
    crossed is "holed and sinking"). docs/rules-notes.md "Damage off the sea in battle".

    >>> struck_boxes(7, 48, (3, 3, 3)), struck_boxes(0, 48, (3, 3, 3))
    (1, 0)
    >>> struck_boxes(12, 32, (2, 2, 1)), struck_boxes(60, 32, (2, 2, 1))
    (2, 4)
    """
    if points < 0 or strength < 1:
        raise InvalidMove(f"damage points {points} of {strength} Strength Points")
    size = sum(hull)
    # round half up in whole numbers: points * size / strength
    return min(size - 1, (2 * points * size + strength) // (2 * strength))
