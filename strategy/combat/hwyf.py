"""Step Five, How Will You Fight? (seed 000, "Ship to Ship Combat"): what each officer
does in the fight, the skill he tests and how hard it is, as data (``hwyf.json``).

"Each player now states what they intend to do during the fight and what skill they want
to test"; the book's examples are the choices, each with its skill and a static difficulty
(the "Static Tests" table: Easy 1 .. Heroic Effort 9 cards for the GM), or, like Master
O'Toole's prime angle, a contest against the enemy's own skill. A skill named alone is the
plainest choice: that skill against a Routine pool. "For every successful test performed
by a PC, the Ship gets +1 to it's Broadside! test. For every failed test ... -1."

>>> CHOICES["prime_angle"].against, CHOICES["carronade"].pool, choice("gunnery").pool
('seamanship', 7, 3)
>>> choice("fire_with_the_roll").skill, choice("First Aid").id
('gunnery', 'first_aid')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from strategy.combat.cardtests import DIFFICULTY, contested
from strategy.combat.combatant import SKILLS, Officer
from strategy.combat.data import COMBAT
from strategy.errors import UnknownName
from strategy.loader import check, load
from strategy.names import name_key

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["Choice", "CHOICES", "PLAIN", "choice", "default", "test"]

_DIFFICULTY = COMBAT["static_difficulty"]
_ROUTINE = int(_DIFFICULTY["Routine"])


@dataclass(frozen=True)
class Choice:
    """One thing an officer may do in Step Five: the skill he tests, against a static
    ``difficulty`` (its GM pool ``pool``) or the enemy's skill ``against``; ``success``
    and ``failure`` are the cards it adds to the Broadside!; ``book`` the book's words."""

    id: str
    skill: str
    difficulty: str | None
    pool: int | None
    against: str | None
    success: int
    failure: int
    book: str
    #: a skill named alone (the events then say only the skill, as they always did)
    plain: bool = False


def _choices() -> tuple[Mapping[str, Choice], Mapping[str, Choice]]:
    raw = load("hwyf.json")
    effect = raw["effect"]
    # the book: +1 per success, -1 per failure, whatever the choice
    check(effect == {"success": 1, "failure": -1}, "hwyf.json: the effect is +1 / -1")
    check(raw["plain"] in _DIFFICULTY, "hwyf.json: the plain choice's difficulty")
    out: dict[str, Choice] = {}
    for c in raw["choices"]:
        cid = c["id"]
        check(cid not in out and cid not in SKILLS, f"hwyf.json: {cid}: one id, not a skill")
        check(c["skill"] in SKILLS, f"hwyf.json: {cid}: skill {c['skill']!r}")
        against, diff = c.get("against"), c.get("difficulty")
        check(
            (against in SKILLS) != (diff in _DIFFICULTY),
            f"hwyf.json: {cid}: a difficulty or a skill it is contested against",
        )
        out[cid] = Choice(
            cid,
            c["skill"],
            diff,
            _DIFFICULTY[diff] if diff else None,
            against,
            effect["success"],
            effect["failure"],
            c["book"],
        )
    plain = {
        k: Choice(
            k,
            k,
            raw["plain"],
            _DIFFICULTY[raw["plain"]],
            None,
            effect["success"],
            effect["failure"],
            "a skill named alone",
            True,
        )
        for k in SKILLS
    }
    return MappingProxyType(out), MappingProxyType(plain)


#: the book's choices by id
CHOICES, PLAIN = _choices()


def choice(key: str) -> Choice:
    """A choice by its id, or a skill's plain choice ("gunnery", "First Aid")."""
    got = CHOICES.get(key) or PLAIN.get(key)
    if got is None:
        got = PLAIN.get(name_key(str(key), "_"))
    if got is None:
        raise UnknownName(
            f"hwyf: unknown choice {key!r}; valid: a skill ({', '.join(SKILLS)}) or one "
            f"of {', '.join(CHOICES)}"
        )
    return got


def default(o: Officer) -> Choice:
    """The policies' choice for an officer: his best skill, plainly (:attr:`Officer.
    best_skill`)."""
    return PLAIN[o.best_skill]


def test(b: Battle, s: ShipState, o: Officer, c: Choice, pool: int, foe: ShipState | None) -> int:
    """Officer ``o`` of ship ``s`` tests choice ``c`` with ``pool`` cards against its
    difficulty, or against ``foe``'s skill (her pool for it, less her damage); the cards
    it adds to the Broadside!."""
    if c.against is not None and foe is not None:
        them: tuple[object, int] = (
            (foe, foe.id, foe.gm),
            max(0, foe.skill(c.against) + foe.mods_all()),
        )
        info = {"choice": c.id, "against": foe.id}
    else:
        # a contest with no foe to contest (none in range) is Routine
        them = ((s, DIFFICULTY, True), c.pool if c.pool is not None else _ROUTINE)
        info = {} if c.plain else {"choice": c.id, "difficulty": c.difficulty or "Routine"}
    w, _, _ = contested(
        b,
        "how will you fight",
        ((s, o.name, s.gm), pool),
        them,
        ship=s.id,
        officer=o.name,
        skill=c.skill,
        **info,
    )
    return c.success if w == 0 else c.failure
