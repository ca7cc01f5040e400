"""Overcoming Great Hardship in battle (seed 000, "Overcoming Great Hardship", 000:1007-1011).

"Characters may spend a point of the appropriate Measure to ignore any penalties (either to
their card pool or requiring them to test a Measure to act). If they choose to do this,
their Measure is reduced by one for the rest of the current Naval Mission. Any values that
are derived from a Measure (such as the maximum values of Reputations) can also be
affected. You cannot reduce a Measure below 1."

The appropriate Measure is the damaged area's (the Healing table, "Damage Areas":
Physical - Guts, Ship Morale - Discipline, Institution Reputations - Influence, Personal
Reputations - Charm, Wealth - Influence; combat.json ``damage_areas``). A battle hurts two
of them: an officer's body (Guts against his wounds) and her commander's Ship Morale
(Discipline: Lt Edwards, "acting Captain", spends a point of Discipline and his Maimed crew
"fight without penalty", and "he now only has 2 extra cards to distribute during
Ship-to-Ship combat": her commander's Discipline cards are his Discipline as it stands).

The ``hardship`` order names who spends: ``[officer, ...]`` (each a point of Guts, as it
always was) or ``{officer: Measure}``.

>>> MEASURE_OF_AREA["Physical"], MEASURE_OF_AREA["Ship Morale"]
('Guts', 'Discipline')
>>> IN_BATTLE
{'Guts': 'Physical', 'Discipline': 'Ship Morale'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from strategy.combat.combatant import MEASURES
from strategy.combat.data import MEASURE_OF_AREA, MORALE
from strategy.errors import InvalidMove
from strategy.loader import check

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.combatant import Officer
    from strategy.combat.state import ShipState

__all__ = [
    "MEASURE_OF_AREA",
    "IN_BATTLE",
    "wanted",
    "open_to",
    "spend",
    "spend_all",
    "discipline_cards",
]

check(
    all(m is None or m in MEASURES for m in MEASURE_OF_AREA.values()),
    "combat.json: damage_areas name the Measures of btq_characters.json",
)

#: the Measures a battle's hardship may spend, each against its area: his wounds, her morale
IN_BATTLE = {MEASURE_OF_AREA[a]: a for a in ("Physical", "Ship Morale")}


def wanted(s: ShipState, raw: Any) -> dict[str, str]:
    """The ``hardship`` order for ``s`` read as ``{officer: Measure}`` (a list names
    officers who spend Guts), checked: her officers, a Measure a battle can spend, and
    Discipline only by her commander (the Ship Morale is his: "A character that has his
    Ship Morale Maimed"; Lt Edwards is "acting Captain")."""
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        out = {str(k): v for k, v in raw.items()}
    elif isinstance(raw, list | tuple):
        out = {str(k): "Guts" for k in raw}
    else:
        raise InvalidMove(
            "hardship: a list of officers who spend a point of Guts, or {officer: Measure}"
        )
    officers = [o.name for o in s.spec.officers]
    unknown = sorted(set(out) - set(officers))
    if unknown:
        raise InvalidMove(f"hardship: unknown officers {unknown}")
    for name, measure in out.items():
        if measure not in IN_BATTLE:
            raise InvalidMove(
                f"hardship: {name}: measure {measure!r}; valid in battle: {', '.join(IN_BATTLE)}"
            )
        if measure == "Discipline" and name != officers[0]:
            raise InvalidMove(
                f"hardship: only her commander spends Discipline for her morale, not {name}"
            )
    return out


def open_to(s: ShipState) -> dict[str, list[str]]:
    """Who aboard ``s`` may spend which Measure now, and to some end (000:1007-1011): each
    officer's name -> the Measures of :data:`IN_BATTLE` he may spend. Guts for an Injured
    or Maimed officer whose wound he has not yet overcome; Discipline for her commander
    while her Ship Morale's penalty stands (Injured or Maimed: Lt Edwards' speech; a Dead
    morale no speech mends); each only above 1 ("You cannot reduce a Measure below 1").
    Officers with nothing to spend are left out; what :func:`spend` would do, read."""
    out: dict[str, list[str]] = {}
    for i, o in enumerate(s.spec.officers):
        m = s.measures.get(o.name)
        if m is None:
            continue
        health = s.health.get(o.name, 0)
        can = []
        if m.get("Guts", 0) > 1 and health in (1, 2) and health > s.hardship.get(o.name, 0):
            can.append("Guts")
        if i == 0 and s.morale != "dead" and s.morale_mod != 0 and m.get("Discipline", 0) > 1:
            can.append("Discipline")
        if can:
            out[o.name] = can
    return out


def spend(b: Battle, s: ShipState, officer: str, measure: str) -> bool:
    """``officer`` spends a point of ``measure`` against its area for the rest of the
    battle: Guts his present wound's penalties and test (:meth:`ShipState.spend_hardship`),
    Discipline her Ship Morale's (Injured or Maimed: the penalty to all her pools and the
    test to act; a Dead morale is a mutiny no speech mends). False if he cannot (nothing to
    ignore, no Measures on record, or the Measure at 1); True, spending nothing, if he
    already did."""
    if measure == "Guts":
        return s.spend_hardship(b, officer)
    if MORALE[s.morale] == 0 or s.morale == "dead":
        return False
    if s.morale_mod == 0:
        return True  # (spent already this battle)
    m = s.measures.get(officer)
    if m is None or m.get("Discipline", 0) <= 1:
        return False
    m["Discipline"] -= 1
    # her crew "respond, ready to fight without penalty": no modifier, no Discipline test
    s.morale_mod = 0
    s.reskill()
    b.emit("hardship", ship=s.id, officer=officer, measure="Discipline", left=m["Discipline"])
    return True


def spend_all(b: Battle, s: ShipState, raw: Any) -> None:
    """The ``hardship`` order (:func:`wanted`): each named officer spends his point."""
    for officer, measure in wanted(s, raw).items():
        spend(b, s, officer, measure)


def discipline_cards(s: ShipState, o: Officer) -> int:
    """The Discipline cards ``o`` can give or take at Step Two: his Discipline less the
    points of it spent ("Any values that are derived from a Measure ... can also be
    affected": Lt Edwards, Discipline 3 spent to 2, "only has 2 extra cards")."""
    full = o.measures.get("Discipline")
    now = s.measures.get(o.name, {}).get("Discipline", full)
    if full is None or now is None:
        return o.discipline
    return max(0, o.discipline - (full - now))
