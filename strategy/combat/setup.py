"""Setting up a battle: Step One, Establish the Conditions (the weather, and the distance
by a contested Awareness test whose winner's captain chooses 3 to 5, unless a story gives
the distance or a chase opens the fight), and Step Two, Discipline cards (seed 000, "Ship
to Ship Combat"; docs/rules-notes.md, "Starting distance" and "Discipline").

The chase of seed 002 (:mod:`strategy.chase`) opens a fight here: its result sets the
starting distance and each side's Gage (extra cards on its first Positioning test), or
lets the prey escape.

>>> chase_adapter({"outcome": "engaged", "distance": 3, "hunter_gage": 1, "prey_gage": 2})
{'escaped': False, 'prey': 'b', 'distance': 3, 'gage': {'a': 1, 'b': 2}}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from strategy import ships as _ships
from strategy.chase import chase
from strategy.combat import boarding, hardship
from strategy.combat.cardtests import contested
from strategy.combat.combatant import Combatant, side
from strategy.combat.data import COMBAT
from strategy.combat.end import finish
from strategy.combat.orders import given_for
from strategy.errors import InvalidMove

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["setup", "arrive", "chase_result", "chase_adapter", "run_chase", "CHASE_SALT"]

#: the chase a battle plays itself (``chase=True``) draws from ``Random(seed ^ CHASE_SALT)``
CHASE_SALT = 0x5EA
_CLOSEST = COMBAT["start_distance"]["closest"]
_FURTHEST = COMBAT["start_distance"]["furthest"]
_BROADSIDE = 1  # BtQ Distance 1, "Broadside!": where a hunter alongside may choose to lie


def setup(b: Battle, given: Mapping[str, Any]) -> None:
    """Steps One and Two, before the first round; ``given`` the first step's orders."""
    if b.record:
        _conditions(b)
    # (ships that joined before the first round come onto the range chart after these)
    first = b.ships[: b.first["a"] + b.first["b"]]
    a = [s for s in first if s.side == "a"]
    f = [s for s in first if s.side == "b"]
    start = b.start
    if b.chase is not None:
        if b.chase["escaped"]:
            _escaped(b, b.chase["prey"])
            return
        start = b.chase["distance"]
        for s in b.ships:
            s.chase_gage = b.chase["gage"].get(s.side, 0)
        b.emit("chase", result="engaged", distance=start, gage=b.chase["gage"])
    if start is None:
        start = _awareness(b, given, a, f)
    for x in a:
        for y in f:
            b.dist[_pair(x, y)] = start
    b.moved()
    if b.record:
        b.emit("distance", distance=start)
    if start == 0:
        if b.chase is None:
            # a story that opens alongside: side a's first ship is boarding
            boarding.start(b, attacker=a[0], defender=f[0])
        else:
            _alongside(b, given, a, f)
    for s in first:
        _discipline(b, given, s)
    _joined(b, len(first))


def _conditions(b: Battle) -> None:
    """Step One's ``conditions`` event: the weather, the rain or fog with its modifiers to
    every test and to Awareness tests (000:1207-1213; a dry battle's event names none), the
    ships."""
    rain = b.precipitation
    wet = {}
    if rain["name"] != "No Rain":
        wet = {"precipitation": rain["name"], "modifier": b.wet, "awareness": b.sight}
    b.emit(
        "conditions",
        weather=b.weather["name"],
        **wet,
        ships=[
            {"id": s.id, "name": s.spec.name, "type": s.spec.type, "side": s.side} for s in b.ships
        ],
    )


def _joined(b: Battle, joined: int) -> None:
    """The ships that joined before the first round (``b.ships[joined:]``, in the order of
    ``b.joins``) arrive, each join at its distance."""
    for j in b.joins:
        arrive(b, b.ships[joined : joined + len(j["ships"])], j["distance"])
        joined += len(j["ships"])


def _pair(x: ShipState, y: ShipState) -> tuple[int, int]:
    """The range chart's key of a pair: the lower index first (a ship that joined before
    the first round has a higher index than the enemy's first ships)."""
    return (x.index, y.index) if x.index < y.index else (y.index, x.index)


def arrive(b: Battle, ships: list[ShipState], distance: int) -> None:
    """Ships joining a battle in progress ("Engaging Multiple Ships": "simply add another
    ship to the range chart"): each at ``distance`` from every enemy still fighting, her
    commander's Discipline cards shared as at Step Two (by her side's policy)."""
    for s in ships:
        for f in b.ships:
            if f.side != s.side and f.active:
                b.dist[_pair(s, f)] = distance
    b.moved()
    for s in ships:
        _discipline(b, {}, s)


def _discipline(b: Battle, given: Mapping[str, Any], s: ShipState) -> None:
    """Step Two: the commander's Discipline cards, given or by the policy. A point of a
    Measure spent on Overcoming Great Hardship in her first orders is spent first: Lt
    Edwards speaks to his crew before the battle and "now only has 2 extra cards to
    distribute" (:mod:`strategy.combat.hardship`)."""
    hardship.spend_all(b, s, given_for(given, s, "hardship"))
    alloc = given_for(given, s, "discipline")
    if alloc is None:
        alloc = b.policies[s.side].discipline(b, s)
    if alloc or s.spec.officers:
        s.discipline = _check_discipline(s, alloc)
    if s.discipline:
        s.reskill()
        b.emit("discipline", ship=s.id, cards=dict(s.discipline))


def _alongside(b: Battle, given: Mapping[str, Any], a: list[ShipState], f: list[ShipState]) -> None:
    """A chase that met at Boarding: the hunter won the pursuit test that brought her
    alongside and, as the winner of a Positioning test (BtQ "alter the distance by 1"; the
    Hermes "would rather match guns with the Cutter first"), chooses whether to board now
    or lie at Distance 1 (Broadside!). Her first orders' ``move`` (given, else her policy's
    :meth:`~strategy.combat.policies.Policy.boards_alongside`) decides."""
    assert b.chase is not None  # only a chase brings a battle alongside without a story
    hunter, prey = (f[0], a[0]) if b.chase["prey"] == "a" else (a[0], f[0])
    move = given_for(given, hunter, "move")
    if move is None:
        boards = bool(b.policies[hunter.side].boards_alongside(b, hunter, prey))
    else:
        boards = move == "board"
    if boards:
        boarding.start(b, attacker=hunter, defender=prey)
        return
    for x in a:
        for y in f:
            b.dist[_pair(x, y)] = _BROADSIDE
    b.moved()
    if b.record:
        b.emit("decision", ship=hunter.id, orders={"start_distance": _BROADSIDE})
        b.emit("distance", distance=_BROADSIDE)


def _escaped(b: Battle, prey: str) -> None:
    """The chase's prey got away: the battle is over before it began."""
    for s in b.ships:
        if s.side == prey:
            s.status, s.active = "escaped", False
            b.live[s.side] -= 1
    b.emit("chase", result="escaped", prey=prey)
    finish(b)


def _awareness(b: Battle, given: Mapping[str, Any], a: list[ShipState], f: list[ShipState]) -> int:
    """The contested Awareness test of each side's best lookout (000:1771, "one of the PCs
    should make an Awareness test": her officer with the best Awareness, else her crew;
    :meth:`ShipState.lookout`); the winner's captain chooses the distance."""
    best_a = max(a, key=lambda s: s.lookout()[0])
    best_b = max(f, key=lambda s: s.lookout()[0])
    w, _, _ = contested(
        b,
        "awareness",
        (best_a, best_a.lookout()[0]),
        (best_b, best_b.lookout()[0]),
        skill_of="awareness",
    )
    chooser = best_a if w == 0 else best_b
    wanted = given_for(given, chooser, "start_distance")
    if wanted is None:
        wanted = b.policies[chooser.side].start_distance(b, chooser)
    start = min(_FURTHEST, max(_CLOSEST, int(wanted)))
    if b.record:
        b.emit("decision", ship=chooser.id, orders={"start_distance": start})
    return start


def _check_discipline(s: ShipState, alloc: Mapping[str, int]) -> dict[str, int]:
    """Step Two: the commander's Discipline cards shared among the officers (each man's
    Discipline as it stands: less any point spent on Overcoming Great Hardship)."""
    officers = {o.name: o for o in s.spec.officers}
    out = {}
    for k, v in (alloc or {}).items():
        if k not in officers:
            raise InvalidMove(f"discipline: {s.id} has no officer {k!r}")
        most = hardship.discipline_cards(s, officers[k])
        if not 0 <= int(v) <= most:
            raise InvalidMove(f"discipline: {k} can take at most {most} cards")
        out[k] = int(v)
    leader = hardship.discipline_cards(s, s.spec.officers[0]) if s.spec.officers else 0
    if sum(out.values()) > leader:
        raise InvalidMove(f"discipline: {s.id}'s commander has only {leader} cards")
    return out


# ----- the chase that opens a fight ------------------------------------------------------


def chase_result(chase: Any, side_a: Any, side_b: Any, seed: int) -> dict[str, Any] | None:
    """A battle's ``chase`` argument as plain data: None (no chase), ``True`` (play one
    between the sides' first ships), a chase result or its plain dict."""
    if chase is None or chase is False:
        return None
    if chase is True:
        return run_chase(side_a, side_b, random.Random(seed ^ CHASE_SALT))
    if isinstance(chase, Mapping) and "escaped" in chase and "gage" in chase:
        return dict(chase)
    return chase_adapter(chase)


def chase_adapter(result: Any, hunter: str = "a") -> dict[str, Any]:
    """A :class:`strategy.chase.ChaseResult` (or its dict) as the battle's plain chase data:
    ``{"escaped", "prey", "distance", "gage": {"a": .., "b": ..}}``."""
    if hunter not in ("a", "b"):
        raise InvalidMove("hunter must be side 'a' or 'b'")
    data = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    if "outcome" not in data:
        raise InvalidMove(f"not a chase result: {result!r}")
    prey = "b" if hunter == "a" else "a"
    escaped = data["outcome"] == "escaped"
    distance = None if escaped else int(data["distance"])
    return {
        "escaped": escaped,
        "prey": prey,
        "distance": distance,
        "gage": {hunter: int(data.get("hunter_gage", 0)), prey: int(data.get("prey_gage", 0))},
    }


_SKILL_NAMES = {"first_aid": "First Aid"}


def _ship_spec(c: Combatant) -> _ships.ShipSpec:
    """The chase module's ship spec for a combatant (type, numbers and crew kept)."""
    base = _ships.ship(c.type)
    skills = {_SKILL_NAMES.get(k, k.title()): v for k, v in c.skills.items()}
    boxes = dict(zip(_ships.AREAS, c.boxes, strict=True))
    return replace(
        base,
        name=c.name,
        boxes=boxes,
        broadside=c.broadside,
        speed=c.speed,
        handling=c.handling,
        skills=skills,
        skill_bonus=None,
    )


def run_chase(
    side_a: Any, side_b: Any, rng: random.Random, hunter: str = "a", **kwargs: Any
) -> dict[str, Any]:
    """Play :func:`strategy.chase.chase` between the sides' first ships; plain result."""
    a, b = side(side_a)[0], side(side_b)[0]
    h, p = (a, b) if hunter == "a" else (b, a)
    return chase_adapter(chase(_ship_spec(h), _ship_spec(p), rng, **kwargs), hunter)
