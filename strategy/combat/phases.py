"""The middle of a combat round as a mixin of :class:`strategy.combat.Battle`.

Step Three (fires burn, then Repair), Step Four (Positioning), Steps Five and Six (How
Will You Fight? and Broadside!, or a boarding round at Distance 0). Kept apart from the
engine's set-up and bookkeeping to keep each module small; the methods use the battle's
dealer, events and ships exactly as :mod:`strategy.combat` documents them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.cards.core import JOKER, LEVELS, NAMES, card, joker, name
from strategy.combat import boarding as _boarding
from strategy.combat.damage import AREAS, STATES, SUIT_AREA
from strategy.combat.data import (
    HWYF_POOL,
    LONG_RANGE,
    LOST,
    MORALE,
    MOVE_BY_LEVEL,
    REPAIR_SKILLS,
    SHOT,
    TOWING,
    WEATHER_GAGE,
)

if TYPE_CHECKING:
    from strategy.combat.state import ShipState

__all__ = ["RoundPhases"]

_AREA_INDEX = {a: i for i, a in enumerate(AREAS)}
#: the area a card hits on a Broadside!, by its suit
_AREA_OF = tuple(SUIT_AREA[c & 3] for c in range(53))
#: skill-cache keys of the crew's repair pools (built once, not per test)
_REPAIR_KEY = {k: "repair " + k for k in REPAIR_SKILLS}
_TOW_DIVISOR = int(TOWING["crew_pool_divisor"])
_TOW_SPEED = int(TOWING["speed"])
_SHOTS = SHOT["shot"]
_SHOT_POOL = {k: v["pool"] for k, v in _SHOTS.items()}
_CHANGE_PENALTY = SHOT["change_penalty"]
_LONG = LONG_RANGE["distance"]
_FLEE = ("flee", 6)
_HOLD = ("hold", 0)
_ROLE_OF_SKILL = {"seamanship": "master", "gunnery": "gunner", "command": "captain"}


class RoundPhases:
    """Repair, Positioning, How Will You Fight? and Broadside! for :class:`Battle`."""

    # ----- provided by Battle (declared here for the compiled build, combat_phases.pxd) --

    def distance(self, x: ShipState, y: ShipState) -> int:
        raise NotImplementedError

    def enemies(self, ship: ShipState) -> list[ShipState]:
        raise NotImplementedError

    def _moved(self) -> None:
        raise NotImplementedError

    def _check_out(self) -> None:
        raise NotImplementedError

    def _check_end(self) -> None:
        raise NotImplementedError

    def _out_of_battle(self, s: ShipState, status: str) -> None:
        raise NotImplementedError

    def unopposed(self, what: str, ship: ShipState, pool: int, area: str | None = None) -> int:
        raise NotImplementedError

    # ----- Step Three: fire and repair ------------------------------------------------

    def _skill(self, s: ShipState, key: str, officer: str | None = None) -> int:
        if officer is None:
            got = s.skill_cache.get(key)
            if got is None:
                got = s.skill_cache[key] = self._skill_now(s, key)
            return got
        return self._skill_now(s, key, officer)

    def _repair_pool(self, s: ShipState, what: str) -> int:
        # (list comprehensions, not generators: the compiled build takes no closures here)
        by = s.orders.get("repair_by")
        if by is None:
            key = _REPAIR_KEY[what]
            got = s.skill_cache.get(key)
            if got is None:
                got = s.skill_cache[key] = max([self._skill(s, k) for k in REPAIR_SKILLS[what]])
        else:
            got = max([self._skill(s, k, by) for k in REPAIR_SKILLS[what]])
        return got // _TOW_DIVISOR if s.tow else got

    def _skill_now(self, s: ShipState, key: str, officer: str | None = None) -> int:
        if officer is not None:
            o = next(x for x in s.spec.officers if x.name == officer)
            return o.skill(key) + s.discipline.get(o.name, 0)
        role = _ROLE_OF_SKILL.get(key)
        o = s.spec.officer(role) if role else None
        if o is not None and self._officer_fit(s, o.name):
            return o.skill(key) + s.discipline.get(o.name, 0)
        value = s.spec.skill(key)
        if role and role in s.lost:
            value += LOST[role][1]
        return value

    def _officer_fit(self, s: ShipState, officer: str) -> bool:
        return s.health.get(officer, 0) < 2

    def _fire_and_repair(self) -> None:
        burnt = False
        for s in self.ships:
            if s.active and s.fire:
                # the GM overturns one card per point of fire: no CoF, one deck
                cof = None
                cards = self.dealer.draw(s.fire, -1, True)
                self.emit("fire_damage", ship=s.id, fire=s.fire, cards=[NAMES[c] for c in cards])
                for c in cards:
                    self._hit(s, SUIT_AREA[c & 3], 1, c, cof, "fire")
                burnt = True
        if burnt:
            self._check_out()
            if self.over:
                return
        for s in self.ships:
            if not s.active:
                continue
            rep = s.orders.get("repair") if s.acting else None
            if s.fire:
                if rep == "fire":
                    ok = self.unopposed("extinguish", s, self._repair_pool(s, "fire"))
                    before = s.fire
                    if ok:
                        s.fire -= 1
                    self.emit(
                        "fire",
                        ship=s.id,
                        before=before,
                        after=s.fire,
                        result="reduced" if ok else "held",
                    )
                    continue
                s.fire += 1
                self.emit("fire", ship=s.id, before=s.fire - 1, after=s.fire, result="spreads")
            # a crew fighting hand to hand makes no repairs (docs/rules-notes.md)
            if rep is not None and s.boarding is None:
                area = _AREA_INDEX.get(rep)
                if area is None:
                    continue
                if not s.damage.tot[area]:
                    continue
                pool = self._repair_pool(s, rep)
                level = self.unopposed("repair", s, pool, rep)
                if level:
                    got = s.damage.repair(area, level)
                    if got and self.record:
                        self.emit(
                            "repair",
                            ship=s.id,
                            area=rep,
                            level=STATES[got],
                            state=STATES[s.damage.state(area)],
                        )

    def _towed(self, s: ShipState, pool: int) -> int:
        return pool // _TOW_DIVISOR if s.tow else pool

    # ----- Step Four: positioning -----------------------------------------------------

    def _speed(self, s: ShipState) -> int:
        if s.damage.m.speed_zero:
            return 0
        w = self.weather
        if w["sets"]:
            return _TOW_SPEED if s.tow else w["speed"]
        mod = w["speed"]
        if mod < 0 and s.spec.weather_relief and w["handling"] >= 0:
            mod = min(0, mod + s.spec.weather_relief)
        return max(0, s.spec.speed + mod)

    def _handling(self, s: ShipState) -> int:
        w = self.weather
        if w["sets"]:
            return w["handling"]
        mod = w["handling"]
        if mod < 0 and s.spec.weather_relief:
            # Weatherly relieves one modifier by 1: Handling, which every weather but a
            # pure Speed penalty touches (docs/rules-notes.md)
            mod = min(0, mod + s.spec.weather_relief)
        return s.spec.handling + mod

    def _position_pool(self, s: ShipState, foe: ShipState) -> int:
        m = s.damage.m
        pool = (
            self._skill(s, "seamanship")
            + self._handling(s)
            + self._speed(s)
            - self._speed(foe)
            + m.all
            + m.positioning
            + MORALE[s.morale]
            + s.chase_gage
        )
        return self._towed(s, pool)

    def _intent(self, s: ShipState, foe: ShipState, d: int) -> tuple[str, int]:
        o = s.orders
        move = o["move"]
        if move == "flee":
            return _FLEE
        want = o["range"]
        if move == "hold" or d <= want:
            # already as close as it wants: closing further is no wish to move
            return _HOLD
        target = o.get("target")
        if target is not None and target != foe.id:
            return _HOLD
        return move, want

    def _can_position(self, s: ShipState, can: dict[str, bool]) -> bool:
        ok = can.get(s.id)
        if ok is None:
            ok = s.active and s.acting and s.boarding is None
            for action, skill in s.damage.m.gates if ok else ():
                if action == "positioning":
                    ok = bool(self.unopposed(f"{skill} to position", s, self._skill(s, skill)))
                    if not ok:
                        self.emit("cannot_position", ship=s.id, reason=skill)
            can[s.id] = ok
        return ok

    def _positioning(self) -> None:
        ships = self.ships
        dist = self.dist
        # a snapshot: the loop moves, and may drop, pairs
        if len(dist) > 1:
            pairs = sorted(dist.items())
        else:
            pairs = ()
            for pair in dist.items():
                pairs = (pair,)
        can: dict[str, bool] = {}
        used_gage: list[str] = []  # (a list: no set() call in the usual round)
        lost_contact = False
        for (i, j), d in pairs:
            x, y = ships[i], ships[j]
            if not (x.active and y.active) or x.boarding is not None or y.boarding is not None:
                continue
            ix = self._intent(x, y, d)
            iy = self._intent(y, x, d)
            # (every "hold" is the one _HOLD tuple)
            if ix is _HOLD and iy is _HOLD:
                continue
            px = self._position_pool(x, y) if self._can_position(x, can) else 0
            py = self._position_pool(y, x) if self._can_position(y, can) else 0
            if x.chase_gage:
                used_gage.append(x.id)
            if y.chase_gage:
                used_gage.append(y.id)
            w, level = self.contested("positioning", (x, px), (y, py), ships=[x.id, y.id])
            if w < 0:
                continue
            win, lose = (x, y) if w == 0 else (y, x)
            move, want = ix if w == 0 else iy
            steps = MOVE_BY_LEVEL[level]
            new = d
            if move == "flee":
                new = d + steps
            elif move in ("close", "board"):
                new = max(want, d - steps) if d > want else d
            if new == d:
                if self.record:
                    self.emit("move", ships=[x.id, y.id], by=win.id, intent=move, distance=d)
                continue
            self.dist[(i, j)] = new
            self._moved()
            if self.record:
                self.emit(
                    "move",
                    ships=[x.id, y.id],
                    by=win.id,
                    intent=move,
                    before=d,
                    distance=min(new, 6),
                )
            if d > 2 >= new and not self.fired and new > 0:
                win.gage = WEATHER_GAGE
                self.emit("weather_gage", ship=win.id, bonus=WEATHER_GAGE)
            if new == 0 and move == "board":
                _boarding.start(self, attacker=win, defender=lose)
            if new > 5:
                del self.dist[(i, j)]
                lost_contact = True
                self.emit("contact_lost", ships=[x.id, y.id])
        if used_gage:
            for s in ships:
                if s.id in used_gage:
                    s.chase_gage = 0
        if lost_contact:
            for s in self.ships:
                if (
                    s.active
                    and not self.enemies(s)
                    and [f for f in self.ships if f.side != s.side and f.active]
                ):
                    self._out_of_battle(s, "escaped")
            self._check_end()

    # ----- Steps Five and Six: How Will You Fight? and Broadside! ---------------------

    def _fight(self) -> None:
        shots = []
        boarded = False
        for s in self.ships:
            if s.boarding is not None:
                boarded = True
            elif s.active and s.acting:
                # (a fire plan draws no card and changes nothing: a ship's plan and pool can
                # be made before the next ship's plan)
                plan = self._fire_plan(s)
                if plan:
                    pool = self._broadside_pool(s, self._hwyf(s) if s.spec.officers else 0)
                    if pool is not None:
                        shots.append((s, plan, pool))
        if not shots and not boarded:
            return
        pairs = (
            {id(s.boarding): s.boarding for s in self.ships if s.boarding is not None}
            if boarded
            else {}
        )
        if shots:
            self.fired = True
            cof = self.dealer.cof()
            hits: list[tuple[ShipState, ShipState, int, int, int, str]] = []
            for s, plan, pool in shots:
                hits += self._broadside(s, plan, pool, cof)
            extra = False
            record = self.record
            for s, target, area, level, c, shot in hits:
                if shot == "roundshot" and not record:
                    # roundshot shifts nothing and starts no fire: the box is the hit
                    target.damage.hit(area, level)
                else:
                    self._apply_shot(s, target, area, level, c, shot)
                    if shot == "double":
                        extra = True
            if extra:
                self._extra_injuries(hits)
            for s, _, _ in shots:
                s.gage = 0
            if hits:
                self._check_out()
        for b in pairs.values():
            if not self.over and b.attacker.active and b.defender.active:
                _boarding.round_(self, b)
        if pairs:
            self._check_out()

    def _fire_plan(self, s: ShipState) -> dict[str, int] | None:
        if s.damage.m.no_broadside:
            return None
        orders = s.orders
        split = orders.get("fire")
        tid = orders.get("target")
        if not split:
            # the same target order in the same positions: the same plan as last round
            last = self._plans.get(s.index)
            if last is not None and last[0] == tid:
                return last[1]
            plan = self._plan(s, None, tid)
            self._plans[s.index] = (tid, plan)
            return plan
        return self._plan(s, split, tid)

    def _plan(self, s: ShipState, split: Any, tid: Any) -> dict[str, int] | None:
        rated = s.spec.rate is not None
        dist = self.dist
        me = s.index
        in_range = []
        for f in self.enemies(s):
            if f.boarding is None:
                d = dist.get((me, f.index) if me < f.index else (f.index, me), 6)
                if d == 1 or (d == 2 and rated):
                    in_range.append(f)
        if not in_range:
            return None
        if split:
            plan = {t: n for t, n in split.items() if self._by_id[t] in in_range}
            if plan:
                return plan
        t = self._by_id.get(tid) if tid else None
        if t not in in_range:
            # the nearest, then the first in the battle's order
            t = in_range[0]
            best = self.distance(s, t)
            for f in in_range[1:]:
                d = self.distance(s, f)
                if d < best:
                    t, best = f, d
        # the whole pool at one target: the plan is the same every round, so it is made
        # once (the engine only reads it)
        plan = self._whole.get(t.id)
        if plan is None:
            plan = self._whole[t.id] = {t.id: -1}
        return plan

    def _range_mod(self, s: ShipState, foe: ShipState) -> int | None:
        if self.distance(s, foe) != _LONG:
            return 0
        rate = s.spec.rate
        if rate is None:
            return LONG_RANGE["unrated"]
        return LONG_RANGE["rated_1_3"] if rate <= 3 else LONG_RANGE["rated_4_6"]

    def _hwyf(self, s: ShipState) -> int:
        if not s.spec.officers:
            return 0
        busy = {s.orders.get("repair_by")} if s.orders.get("repair") else set()
        chosen = s.orders.get("hwyf") or {}
        total = 0
        for o in s.spec.officers:
            if o.name in busy or not self._officer_fit(s, o.name):
                continue
            skill = chosen.get(o.name) or max(o.skills, key=lambda k: (o.skills[k], k))
            pool = (
                o.skill(skill)
                + s.discipline.get(o.name, 0)
                + self._mods_all(s)
                - s.health.get(o.name, 0)
            )
            who = (s, o.name, s.spec.deck == "gm")
            gm = (s, "difficulty", True)
            w, _ = self.contested(
                "how will you fight",
                (who, pool),
                (gm, HWYF_POOL),
                ship=s.id,
                officer=o.name,
                skill=skill,
            )
            total += 1 if w == 0 else -1
        return total

    def _broadside_pool(self, s: ShipState, hwyf: int) -> int | None:
        m = s.damage.m
        want = s.orders["shot"]
        change = s.shot_set and want != s.shot
        gunnery = s.skill_cache.get("gunnery")
        if gunnery is None:
            gunnery = self._skill(s, "gunnery")
        pool = (
            gunnery
            + s.spec.broadside
            + s.gage
            + hwyf
            + m.all
            + m.broadside
            + MORALE[s.morale]
            + _SHOT_POOL[want]
        )
        if change:
            pool += _CHANGE_PENALTY
        if s.tow:
            pool //= _TOW_DIVISOR
        if pool <= 0:
            # no cards to overturn: the gun crews do not even try (the Corsair, round 3)
            self.emit("cannot_fire", ship=s.id, reason="no cards", pool=pool)
            return None
        for action, skill in m.gates:
            if action == "broadside" and not self.unopposed(
                f"{skill} to fire", s, self._skill(s, skill)
            ):
                self.emit("cannot_fire", ship=s.id, reason=skill)
                return None
        if change:
            self.emit("shot_changed", ship=s.id, before=s.shot, after=want)
        s.shot = want
        s.shot_set = True
        return pool

    def _broadside(self, s: ShipState, plan: dict[str, int], pool: int, cof: int) -> list:
        if len(plan) == 1:
            for tid in plan:
                parts = ((tid, pool),)
        else:
            targets = list(plan)
            parts = []
            left = pool
            for other in targets[1:]:
                n = min(max(plan[other], 0), left)
                parts.append((other, n))
                left -= n
            parts.insert(0, (targets[0], left))
        chosen = s.orders.get("joker")
        joker_as = card(chosen) if chosen else None
        out: list[tuple[ShipState, ShipState, int, int, int, str]] = []
        shot = s.shot
        me = s.index
        row = LEVELS[cof]
        for tid, n in parts:
            t = self._by_id[tid]
            if self.dist.get((me, t.index) if me < t.index else (t.index, me), 6) == _LONG:
                n += self._range_mod(s, t) or 0
            cards = self.dealer.draw(n, cof, s.gm) if n > 0 else []
            first = len(out)
            # every success is a hit, in the order the cards were overturned
            for c in cards:
                lv = row[c]
                if lv:
                    if c == JOKER:
                        c, lv = joker(cof, joker_as)
                        if not lv:
                            continue
                    out.append((s, t, _AREA_OF[c], lv, c, shot))
            if self.record:
                self.emit(
                    "broadside",
                    ship=s.id,
                    target=tid,
                    cof=name(cof),
                    pool=max(n, 0),
                    shot=shot,
                    cards=[NAMES[c] for c in cards],
                    hits=[{"card": NAMES[h[4]], "level": STATES[h[3]]} for h in out[first:]],
                )
        return out

    def _apply_shot(
        self, s: ShipState, t: ShipState, area: int, level: int, c: int, shot: str
    ) -> None:
        if shot == "roundshot" and not self.record:
            t.damage.hit(area, level)
            return
        spec = _SHOTS[shot]
        shifted = min(3, level + spec["shift"][area])
        if shifted < 1:
            self.emit(
                "hit",
                ship=t.id,
                by=s.id,
                card=name(c),
                area=AREAS[area],
                level=STATES[level],
                crossed=None,
                note=f"spent by {shot}",
            )
            return
        self._hit(t, area, shifted, c, s.id, shot)
        if spec["fire_on_critical"] and level >= 2 and t.fire == 0:
            t.fire = 1
            self.emit("fire", ship=t.id, before=0, after=1, result="started", by=s.id)

    def _extra_injuries(self, hits: list) -> None:
        seen = set()
        for s, t, area, _, _, shot in hits:
            extra = _SHOTS[shot]["extra_injured"]
            if area in extra and (s.id, t.id, area) not in seen:
                seen.add((s.id, t.id, area))
                self._hit(t, area, 1, None, s.id, shot + " extra")

    def _hit(self, t: ShipState, area: int, level: int, c: int | None, by: Any, how: str) -> None:
        if not self.record:
            t.damage.hit(area, level)
            return
        before = t.damage.state(area)
        got = t.damage.hit(area, level)
        if self.record:
            self.emit(
                "hit",
                ship=t.id,
                by=by,
                card=None if c is None else name(c),
                area=AREAS[area],
                level=STATES[level],
                crossed=None if got is None else STATES[got],
                cause=how,
            )
            after = t.damage.state(area)
            if after != before:
                self.emit("damage_state", ship=t.id, area=AREAS[area], state=STATES[after])
