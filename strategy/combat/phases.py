"""The phases of a combat round after the orders, as functions over a battle (seed 000,
"Ship to Ship Combat"):

- Step Three, Repair: fires burn, then each crew fights its fire or repairs one area;
- Step Four, Positioning: each pair of enemies in contact contests the distance;
- Step Five, How Will You Fight?: each fit officer of a ship firing tests his choice;
- Step Six, Broadside!: every ship in range fires against one Card of Fate, the damage
  lands after all have fired; then the Marines ordered to fire their muskets, and those
  fired on, fire (:mod:`strategy.combat.muskets`); ships alongside fight a boarding round
  instead of the guns;
- Step Seven, Continuing the Engagement: the battle goes on while a captain wishes it.

>>> from strategy.combat.battle import Battle
>>> b = Battle("Fifth Rate", "Cutter", weather="Storm", distance=4)
>>> speed(b, b.ships[0]), handling(b, b.ships[0])
(2, -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.cards.core import JOKER, LEVELS, NAMES, card, joker
from strategy.combat import boarding, fire, muskets, shot
from strategy.combat import hwyf as _hwyf
from strategy.combat.cardtests import contested, unopposed
from strategy.combat.damage import SUIT_AREA
from strategy.combat.data import (
    AREAS,
    DAMAGE_LEVELS,
    LONG_RANGE,
    MOVE_BY_LEVEL,
    TOWING,
    WEATHER_GAGE,
)
from strategy.combat.end import check_end, check_out, finish, out_of_battle

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.shot import Hit
    from strategy.combat.state import ShipState

#: a fire plan: ``((target, cards, range modifier), ...)``
Plan = tuple[tuple["ShipState", int, int], ...]

__all__ = [
    "repair",
    "speed",
    "handling",
    "position_pool",
    "positioning",
    "fight",
    "fire_plan",
    "reach",
    "range_mod",
    "hwyf",
    "broadside_pool",
    "broadside",
    "aim",
    "continue_",
]

_AREA_INDEX = {a: i for i, a in enumerate(AREAS)}
#: the area a card hits on a Broadside!, by its suit
_AREA_OF = tuple(SUIT_AREA[c & 3] for c in range(53))
_TOW_SPEED = int(TOWING["speed"])
_LONG = LONG_RANGE["distance"]
_PLAIN, _EXTRA = shot.PLAIN, shot.EXTRA
_FLEE = ("flee", 6)
_HOLD = ("hold", 0)


# ----- Step Three: fire and repair -----------------------------------------------------


def repair(b: Battle) -> None:
    """Step Three: fires burn; each crew fights its fire (else it spreads) or repairs."""
    if fire.burn(b):
        check_out(b)
        if b.over:
            return
    for s in b.ships:
        if not s.active:
            continue
        o = s.orders
        rep = o.repair if s.acting else None
        if s.fire:
            # the fire is fought by the officer named to it, or as the repair ordered
            by = o.fire_by if s.acting else None
            if by is not None:
                fire.tend(b, s, True, by)
            else:
                fire.tend(b, s, rep == "fire", o.repair_by if rep == "fire" else None)
                if rep == "fire":
                    continue
        # a crew fighting hand to hand makes no repairs (docs/rules-notes.md)
        if rep is None or s.boarding is not None:
            continue
        # a repair test: a success recovers one box at or below its level
        area = _AREA_INDEX.get(rep)
        if area is None or not s.damage.tot[area]:
            continue
        _repair(b, s, rep, area, o.repair_by)


def _repair(b: Battle, s: ShipState, rep: str, area: int, by: str | None) -> None:
    """One repair test, by the crew or led by officer ``by`` (his best skill for it, his
    Discipline cards, less his wounds; too wounded to act, the crew makes it)."""
    if by is not None:
        pen = s.wound_penalty(b, by)
        if pen is None:
            by = None
        else:
            pool = max(0, s.officer_pool(rep, by) - pen)
    if by is None:
        pool = s.repairs[area] // s.crew_div
    level = unopposed(b, "repair", s, pool, rep, by)
    got = s.damage.repair(area, level) if level else None
    if got and b.record:
        b.emit(
            "repair",
            ship=s.id,
            area=rep,
            level=DAMAGE_LEVELS[got],
            state=DAMAGE_LEVELS[s.damage.state(area)],
        )


# ----- Step Four: positioning ----------------------------------------------------------


def speed(b: Battle, s: ShipState) -> int:
    """Her Speed in this weather (Rigging Dead: 0; Becalmed: 0, or 1 under tow)."""
    if s.damage.m.speed_zero:
        return 0
    w = b.weather
    if w["sets"]:
        return _TOW_SPEED if s.tow else w["speed"]
    mod = w["speed"]
    if mod < 0 and s.spec.weather_relief and w["handling"] >= 0:
        mod = min(0, mod + s.spec.weather_relief)
    return max(0, s.spec.speed + mod)


def handling(b: Battle, s: ShipState) -> int:
    """Her Handling in this weather."""
    w = b.weather
    if w["sets"]:
        return w["handling"]
    mod = w["handling"]
    if mod < 0 and s.spec.weather_relief:
        # Weatherly relieves one modifier by 1: Handling, which every weather but a
        # pure Speed penalty touches (docs/rules-notes.md)
        mod = min(0, mod + s.spec.weather_relief)
    return s.spec.handling + mod


def position_pool(b: Battle, s: ShipState, foe: ShipState) -> int:
    """Seamanship + Handling + (own Speed - the foe's) + damage, morale and chase Gage."""
    m = s.damage.m
    pool = (
        s.skill("seamanship")
        + handling(b, s)
        + speed(b, s)
        - speed(b, foe)
        + m.pos
        + s.morale_mod
        + s.chase_gage
    )
    return s.towed(pool)


def _intent(s: ShipState, foe: ShipState, d: int) -> tuple[str, int]:
    """What ``s`` wants of the distance to ``foe``: its move and the range it wants."""
    o = s.orders
    move = o.move
    if move == "flee":
        return _FLEE
    want = o.range
    if move == "hold" or d <= want:
        # already as close as it wants: closing further is no wish to move
        return _HOLD
    target = o.target
    if target is not None and target != foe.id:
        return _HOLD
    return move, want


def _can_position(b: Battle, s: ShipState, can: dict[str, bool]) -> bool:
    """Whether ``s`` overturns cards this Positioning (once a round: Rigging Maimed needs
    a Maritime test; a becalmed ship without her boats out "cannot move")."""
    ok = can.get(s.id)
    if ok is None:
        ok = s.active and s.acting and s.boarding is None
        if ok and b.weather["sets"] and not s.tow:
            ok = False
            b.emit("cannot_position", ship=s.id, reason="becalmed")
        for action, skill in s.damage.m.gates if ok else ():
            if action == "positioning":
                pool, by = s.skill(skill), s.tester(skill)
                ok = bool(unopposed(b, f"{skill} to position", s, pool, officer=by))
                if not ok:
                    b.emit("cannot_position", ship=s.id, reason=skill)
        can[s.id] = ok
    return ok


def positioning(b: Battle) -> None:
    """Step Four: every pair in contact where one wants the distance changed contests it;
    the winner moves up to 1/2/3 towards its wish. Ships beyond Distance 5 of every foe
    have escaped."""
    ships = b.ships
    # a snapshot: the loop moves, and may drop, pairs
    dist = b.dist
    pairs = sorted(dist.items()) if len(dist) > 1 else tuple(dist.items())
    # (made at the first contest: most rounds, every pair holds)
    can: dict[str, bool] | None = None
    used_gage: list[str] = []
    lost_contact = False
    becalmed = b.weather["sets"]
    for (i, j), d in pairs:
        x, y = ships[i], ships[j]
        if not (x.active and y.active) or x.boarding is not None or y.boarding is not None:
            continue
        ix, iy = _intent(x, y, d), _intent(y, x, d)
        # (every "hold" is the one _HOLD tuple)
        # (becalmed with neither's boats out: neither can move, there is nothing to contest)
        if (ix is _HOLD and iy is _HOLD) or (becalmed and not (x.tow or y.tow)):
            continue
        if can is None:
            can = {}
        px = position_pool(b, x, y) if _can_position(b, x, can) else 0
        py = position_pool(b, y, x) if _can_position(b, y, can) else 0
        if x.chase_gage:
            used_gage.append(x.id)
        if y.chase_gage:
            used_gage.append(y.id)
        w, best_x, best_y = contested(
            b, "positioning", (x, px), (y, py), skill_of="seamanship", ships=[x.id, y.id]
        )
        if w >= 0:
            move = ix if w == 0 else iy
            level = best_x if w == 0 else best_y
            lost_contact |= _move(b, x, y, w, move, d, level)
    if used_gage:
        for s in ships:
            if s.id in used_gage:
                s.chase_gage = 0
    if lost_contact:
        _escapes(b)


def _move(
    b: Battle, x: ShipState, y: ShipState, w: int, intent: tuple[str, int], d: int, level: int
) -> bool:
    """The winner ``w`` (0: x, 1: y) of a Positioning test moves towards its wish;
    True if the pair lost contact."""
    win, lose = (x, y) if w == 0 else (y, x)
    move, want = intent
    steps = MOVE_BY_LEVEL[level]
    new = d
    if move == "flee":
        new = d + steps
    elif move in ("close", "board"):
        new = max(want, d - steps) if d > want else d
    if new == d:
        if b.record:
            b.emit("move", ships=[x.id, y.id], by=win.id, intent=move, distance=d)
        return False
    key = (x.index, y.index)
    b.dist[key] = new
    b.moved()
    if b.record:
        b.emit(
            "move",
            ships=[x.id, y.id],
            by=win.id,
            intent=move,
            before=d,
            distance=min(new, 6),
        )
    if d > reach(win) >= new > 0 and not b.fired:
        # "takes the ships into combat range": her own, where her guns bear (an unrated
        # ship's is Distance 1 only; docs/rules-notes.md, "Weather gage")
        win.gage = WEATHER_GAGE
        b.emit("weather_gage", ship=win.id, bonus=WEATHER_GAGE)
    if new == 0:
        # "Boarding occurs when two ships are both at Distance 0": a close to Distance 0
        # is a boarding whatever the move was called (docs/rules-notes.md, "Boarding")
        boarding.start(b, attacker=win, defender=lose)
    if new > 5:
        del b.dist[key]
        b.emit("contact_lost", ships=[x.id, y.id])
        return True
    return False


def _escapes(b: Battle) -> None:
    """Ships left beyond Distance 5 of every enemy still fighting have escaped."""
    for s in b.ships:
        if s.active and not b.enemies(s) and [f for f in b.ships if f.side != s.side and f.active]:
            out_of_battle(b, s, "escaped")
    check_end(b)


# ----- Steps Five and Six: How Will You Fight? and Broadside! ------------------------------


def fight(b: Battle) -> None:
    """Steps Five and Six: every ship in range fires, then the ships alongside board. A
    Weather Gage won this round is spent by the end of it, fired or not ("+2 modifier to
    their Gunnery card pool during the first round of combat", 000:1797)."""
    _fight(b)
    for s in b.ships:
        s.gage = 0


def _fight(b: Battle) -> None:
    shots = []
    boarded = False
    for s in b.ships:
        if s.boarding is not None:
            boarded = True
        elif s.active and s.acting:
            # (a fire plan draws no card and changes nothing: a ship's plan and pool can
            # be made before the next ship's plan)
            plan = fire_plan(b, s)
            if plan:
                pool = broadside_pool(b, s, hwyf(b, s, plan[0][0]) if s.spec.officers else 0)
                if pool is not None:
                    shots.append((s, plan, pool))
    pairs = {id(s.boarding): s.boarding for s in b.ships if s.boarding is not None}
    if shots:
        _volley(b, shots)
    if not b.over:
        # (after the guns: the Marines fire at what is left in musket shot)
        muskets.volleys(b)
    if boarded:
        for pair in pairs.values():
            if not b.over and pair.attacker.active and pair.defender.active:
                boarding.round_(b, pair)
        check_out(b)


def _volley(b: Battle, shots: list[tuple[ShipState, Plan, int]]) -> None:
    """Every ship fires against one Card of Fate; the damage lands after all have fired."""
    b.fired = True
    cof = b.dealer.cof()
    hits: list[Hit] = []
    # (every hit of a ship's broadside is of her loaded shot: the shots fired tell whether
    # any hit may shift, burn or add boxes, without looking at the hits)
    special = False
    for s, plan, pool in shots:
        broadside(b, s, plan, pool, cof, hits)
        if s.shot not in _PLAIN:
            special = True
    if not hits:
        return
    if special or b.record:
        _land(b, hits, special)
    else:
        # no shift and no fire, and no events to tell: each box is its hit
        for h in hits:
            h[1].damage.hit(h[2], h[3])
    check_out(b)


def _land(b: Battle, hits: list[Hit], special: bool) -> None:
    """The volley's hits with their shot's effects (grapeshot and chainshot adjust one hit
    an area: which, is known once all have fired) and their events."""
    shifted = shot.shifts(hits) if special else {}
    extra = False
    for i, (s, target, area, level, c, loaded) in enumerate(hits):
        shot.apply(b, s, target, area, level, c, loaded, shifted.get(i, 0))
        if loaded in _EXTRA:
            extra = True
    if extra:
        shot.extra_injuries(b, hits)


def fire_plan(b: Battle, s: ShipState) -> Plan | None:
    """Who ``s`` fires at: ``((target, cards, range modifier), ...)``, the first target
    taking the rest of the pool (cards -1: the whole pool at one target); None when no
    enemy is in range."""
    if s.damage.m.no_broadside:
        return None
    orders = s.orders
    split = orders.fire
    tid = orders.target
    if not split:
        # the same target order in the same positions: the same plan as last round
        last = s.plan
        if last is not None and last[0] == tid:
            return last[1]
        plan = _plan(b, s, None, tid)
        s.plan = (tid, plan)
        return plan
    return _plan(b, s, split, tid)


def reach(s: ShipState) -> int:
    """The furthest distance her guns bear at: Long Range (2) for a rated ship, Broadside!
    (1) for an unrated one ("unrated ships are out of range and cannot fire"); none (0)
    once her guns are silenced (Guns DEAD: "The guns are silenced. You cannot fire
    Broadsides!", 000:1823), so she has no combat range to win the Weather Gage in."""
    if s.damage.m.no_broadside:
        return 0
    return _LONG if s.spec.rate is not None else 1


def _plan(b: Battle, s: ShipState, split: Any, tid: Any) -> Plan | None:
    far = reach(s)
    in_range = []
    for f in b.enemies(s):
        if f.boarding is None:
            d = b.distance(s, f)
            if 1 <= d <= far:
                in_range.append(f)
    if not in_range:
        return None
    if split:
        plan = tuple(
            (b.by_id[t], n, range_mod(b, s, b.by_id[t]) or 0)
            for t, n in split.items()
            if b.by_id[t] in in_range
        )
        if plan:
            return plan
    t = b.by_id.get(tid) if tid else None
    if t not in in_range:
        # the nearest, then the first in the battle's order
        t = min(in_range, key=lambda f: b.distance(s, f))
    assert t is not None
    return ((t, -1, range_mod(b, s, t) or 0),)


def range_mod(b: Battle, s: ShipState, foe: ShipState) -> int | None:
    """The Long Range penalty (Distance 2): -2 rated 1-3, -4 rated 4-6, unrated None."""
    if b.distance(s, foe) != _LONG:
        return 0
    rate = s.spec.rate
    if rate is None:
        return LONG_RANGE["unrated"]
    return LONG_RANGE["rated_1_3"] if rate <= 3 else LONG_RANGE["rated_4_6"]


def hwyf(b: Battle, s: ShipState, foe: ShipState | None = None) -> int:
    """Step Five: each officer not repairing nor fighting the fire, and able to act,
    tests his choice (the ``hwyf`` order, else his best skill plainly: see
    :mod:`strategy.combat.hwyf`), ``foe`` the ship she fires at; +1 card to the
    Broadside! per success, -1 per failure."""
    if not s.spec.officers:
        return 0
    o_ = s.orders
    busy = {o_.repair_by} if o_.repair else set()
    if o_.fire_by is not None:
        # he stood to the fire this round (put out or not): "they may not take part in ...
        # the 'How Will You Fight' phase of the battle for that round"
        busy.add(o_.fire_by)
    chosen = o_.hwyf or {}
    total = 0
    for o in s.spec.officers:
        if o.name in busy:
            continue
        pen = s.wound_penalty(b, o.name)
        if pen is None:
            continue
        want = chosen.get(o.name)
        c = _hwyf.choice(want) if want else _hwyf.default(o)
        pool = o.skill(c.skill) + s.discipline.get(o.name, 0) + s.mods_all() - pen
        if c.skill == "command":
            pool += s.under_fire(b, o.name)
        total += _hwyf.test(b, s, o, c, pool, foe)
    return total


def broadside_pool(b: Battle, s: ShipState, hwyf: int) -> int | None:
    """Gunnery + Broadside + weather gage + How Will You Fight? + damage and morale +
    shot + the precipitation's modifier; None if no cards or a required test fails (the
    shot is then not loaded)."""
    m = s.damage.m
    want = s.orders.shot
    # (the weather's modifier on the pool, as on every test's: 000:1207)
    pool = (s.fire_base + s.gage + hwyf + m.fire + s.shot_mods[want] + b.wet) // s.crew_div
    if pool <= 0:
        # no cards to overturn: the gun crews do not even try (the Corsair, round 3)
        if b.record:
            b.emit("cannot_fire", ship=s.id, reason="no cards", pool=pool)
        return None
    for action, skill in m.gates:
        if action == "broadside" and not unopposed(
            b, f"{skill} to fire", s, s.pools[skill], officer=s.tester(skill)
        ):
            if b.record:
                b.emit("cannot_fire", ship=s.id, reason=skill)
            return None
    if not s.shot_set or want != s.shot:
        shot.load(b, s, want)
    return pool


def broadside(
    b: Battle, s: ShipState, plan: Plan, pool: int, cof: int, out: list[Hit] | None = None
) -> list[Hit]:
    """Step Six for one ship: her pool split by the plan, each part with its range
    modifier, overturned against the CoF; every success a hit, in the order drawn (added
    to ``out``, the volley's hits, and returned)."""
    if len(plan) == 1:
        t, _, mod = plan[0]
        parts: tuple[tuple[ShipState, int], ...] = ((t, pool + mod),)
    else:
        rest = []
        left = pool
        for other, n, mod in plan[1:]:
            n = min(max(n, 0), left)
            rest.append((other, n + mod))
            left -= n
        parts = ((plan[0][0], left + plan[0][2]), *rest)
    if out is None:
        out = []
    loaded = s.shot
    row = LEVELS[cof]
    draw, gm, record = b.dealer.draw, s.gm, b.record
    # Accurate Gunner: the officer who fires her guns (her Gunnery's), once a broadside
    aimer = s.tester("gunnery") if s.aimers else None
    aimer = aimer if aimer in s.aimers else None
    for t, n in parts:
        cards = draw(n, cof, gm) if n > 0 else []
        first = len(out)
        for c in cards:
            lv = row[c]
            if lv:
                if c == JOKER:
                    chosen = s.orders.joker
                    c, lv = joker(cof, card(chosen) if chosen else None)
                    if not lv:
                        continue
                out.append((s, t, _AREA_OF[c], lv, c, loaded))
        aimed = aim(out, first, t) if aimer is not None else None
        if record:
            hits = [{"card": NAMES[h[4]], "level": DAMAGE_LEVELS[h[3]]} for h in out[first:]]
            if aimed is not None:
                hits[aimed - first].update(area=AREAS[out[aimed][2]], aimed_by=str(aimer))
            b.emit(
                "broadside",
                ship=s.id,
                target=t.id,
                cof=NAMES[cof],
                pool=max(n, 0),
                shot=loaded,
                cards=[NAMES[c] for c in cards],
                hits=hits,
            )
        if aimed is not None:
            aimer = None
    return out


def aim(hits: list[Hit], first: int, t: ShipState) -> int | None:
    """Accurate Gunner (seed 000, Step Seven): "when you fire a cannon, you can choose one
    successful card to count as a different suit, with respect to the area of the ship
    which is hit. You cannot use this ability on a critical hit": one ordinary hit on
    ``t`` (of ``hits[first:]``, those just drawn; the first that will go elsewhere) moved
    to the area of hers with the fewest boxes left after the volley's other hits on her
    (the nearest its Dead state; ties in the areas' order). The index of the hit moved,
    or None (every ordinary hit is where he would send it, or there is none)."""
    left = [t.damage.left(a) for a in range(4)]
    for h in hits:
        if h[1] is t:
            left[h[2]] -= 1
    for i in range(first, len(hits)):
        s, _, was, level, c, loaded = hits[i]
        if level != 1:
            continue
        left[was] += 1  # (this hit counted elsewhere)
        open_ = [(n, a) for a, n in enumerate(left) if n > 0]
        area = min(open_)[1] if open_ else was
        if area != was:
            hits[i] = (s, t, area, level, c, loaded)
            return i
        left[was] -= 1
    return None


# ----- Step Seven: continuing the engagement ----------------------------------------------


def continue_(b: Battle) -> None:
    """Step Seven: the battle goes on while any captain still fighting wishes it (and
    for at most ``max_rounds`` rounds)."""
    onward = any_active = False
    for s in b.ships:
        if s.active:
            any_active = True
            if s.orders.continue_:
                onward = True
                break
    if onward and b.round < b.max_rounds:
        return
    active = [s.id for s in b.ships if s.active]
    if any_active and not onward:
        b.emit("disengage", ships=active)
        finish(b, "disengaged")
    elif b.round >= b.max_rounds:
        b.emit("disengage", ships=active, reason="round limit")
        finish(b, "disengaged")
