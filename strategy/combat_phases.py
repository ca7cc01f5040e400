"""The middle of a combat round as a mixin of :class:`strategy.combat.Battle`.

Step Three (fires burn, then Repair), Step Four (Positioning), Steps Five and Six (How
Will You Fight? and Broadside!, or a boarding round at Distance 0). Kept apart from the
engine's set-up and bookkeeping to keep each module small; the methods use the battle's
dealer, events and ships exactly as :mod:`strategy.combat` documents them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy import boarding as _boarding
from strategy.combat_cards import card, name, successes
from strategy.combat_data import (
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
from strategy.damage import AREAS, STATES, SUIT_AREA

if TYPE_CHECKING:
    from strategy.combat import ShipState

__all__ = ["RoundPhases"]


class RoundPhases:
    """Repair, Positioning, How Will You Fight? and Broadside! for :class:`Battle`."""

    # ----- Step Three: fire and repair ------------------------------------------------

    def _skill(self, s: ShipState, key: str, officer: str | None = None) -> int:
        if officer is None:
            got = s.skill_cache.get(key)
            if got is None:
                got = s.skill_cache[key] = self._skill_now(s, key)
            return got
        return self._skill_now(s, key, officer)

    def _repair_pool(self, s: ShipState, what: str) -> int:
        by = s.orders.get("repair_by")
        if by is None:
            got = s.skill_cache.get("repair " + what)
            if got is None:
                got = s.skill_cache["repair " + what] = max(
                    self._skill(s, k) for k in REPAIR_SKILLS[what])
            return self._towed(s, got)
        return self._towed(s, max(self._skill(s, k, by) for k in REPAIR_SKILLS[what]))

    def _skill_now(self, s: ShipState, key: str, officer: str | None = None) -> int:
        if officer is not None:
            o = next(x for x in s.spec.officers if x.name == officer)
            return o.skill(key) + s.discipline.get(o.name, 0)
        role = {"seamanship": "master", "gunnery": "gunner", "command": "captain"}.get(key)
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
                self.emit("fire_damage", ship=s.id, fire=s.fire,
                          cards=[name(c) for c in cards])
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
            if rep == "fire" and s.fire:
                ok = self.unopposed("extinguish", s, self._repair_pool(s, "fire"))
                before = s.fire
                if ok:
                    s.fire -= 1
                self.emit("fire", ship=s.id, before=before, after=s.fire,
                          result="reduced" if ok else "held")
            else:
                if s.fire:
                    s.fire += 1
                    self.emit("fire", ship=s.id, before=s.fire - 1, after=s.fire,
                              result="spreads")
                # a crew fighting hand to hand makes no repairs (docs/rules-notes.md)
                if rep in AREAS and s.boarding is None:
                    area = AREAS.index(rep)
                    if not sum(s.damage.crossed[area]):
                        continue
                    level = self.unopposed("repair", s, self._repair_pool(s, rep), area=rep)
                    if level:
                        got = s.damage.repair(area, level)
                        if got and self.record:
                            self.emit("repair", ship=s.id, area=rep, level=STATES[got],
                                      state=STATES[s.damage.state(area)])

    def _towed(self, s: ShipState, pool: int) -> int:
        return pool // int(TOWING["crew_pool_divisor"]) if s.tow else pool

    # ----- Step Four: positioning -----------------------------------------------------

    def _speed(self, s: ShipState) -> int:
        if s.damage.mods().speed_zero:
            return 0
        w = self.weather
        if w["sets"]:
            return int(TOWING["speed"]) if s.tow else w["speed"]
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
        m = s.damage.mods()
        pool = (self._skill(s, "seamanship") + self._handling(s) + self._speed(s)
                - self._speed(foe) + m.all + m.positioning + MORALE[s.morale] + s.chase_gage)
        return self._towed(s, pool)

    def _intent(self, s: ShipState, foe: ShipState, d: int) -> tuple[str, int]:
        o = s.orders
        move = o["move"]
        if move == "flee":
            return "flee", 6
        if move == "hold" or d <= o["range"] or o.get("target") not in (None, foe.id):
            # already as close as it wants: closing further is no wish to move
            return "hold", 0
        return move, o["range"]

    def _can_position(self, s: ShipState, can: dict[str, bool]) -> bool:
        ok = can.get(s.id)
        if ok is None:
            ok = s.active and s.acting and s.boarding is None
            for action, skill in s.damage.mods().gates if ok else ():
                if action == "positioning":
                    ok = bool(self.unopposed(f"{skill} to position", s, self._skill(s, skill)))
                    if not ok:
                        self.emit("cannot_position", ship=s.id, reason=skill)
            can[s.id] = ok
        return ok

    def _positioning(self) -> None:
        can: dict[str, bool] = {}
        used_gage = set()
        lost_contact = False
        for (i, j), d in sorted(self.dist.items()):
            x, y = self.ships[i], self.ships[j]
            if not (x.active and y.active) or x.boarding is not None or y.boarding is not None:
                continue
            ix, iy = self._intent(x, y, d), self._intent(y, x, d)
            if ix[0] == "hold" and iy[0] == "hold":
                continue
            px = self._position_pool(x, y) if self._can_position(x, can) else 0
            py = self._position_pool(y, x) if self._can_position(y, can) else 0
            used_gage.update(s.id for s in (x, y) if s.chase_gage)
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
            self._foes = None
            if self.record:
                self.emit("move", ships=[x.id, y.id], by=win.id, intent=move, before=d,
                          distance=min(new, 6))
            if d > 2 >= new and not self.fired and new > 0:
                win.gage = WEATHER_GAGE
                self.emit("weather_gage", ship=win.id, bonus=WEATHER_GAGE)
            if new == 0 and move == "board":
                _boarding.start(self, attacker=win, defender=lose)
            if new > 5:
                del self.dist[(i, j)]
                lost_contact = True
                self.emit("contact_lost", ships=[x.id, y.id])
        for s in self.ships:
            if s.id in used_gage:
                s.chase_gage = 0
        if lost_contact:
            for s in self.ships:
                if s.active and not self.enemies(s) and any(
                        f.active for f in self.ships if f.side != s.side):
                    self._out_of_battle(s, "escaped")
            self._check_end()

    # ----- Steps Five and Six: How Will You Fight? and Broadside! ---------------------

    def _fight(self) -> None:
        firing: list[tuple[ShipState, dict[str, int], int]] = []
        for s in self.ships:
            if not (s.active and s.acting) or s.boarding is not None:
                continue
            plan = self._fire_plan(s)
            if plan:
                firing.append((s, plan, 0))
        pairs = {id(s.boarding): s.boarding for s in self.ships if s.boarding is not None}
        if not firing and not pairs:
            return
        shots = []
        for s, plan, _ in firing:
            hwyf = self._hwyf(s)
            pool = self._broadside_pool(s, hwyf)
            if pool is None:
                continue
            shots.append((s, plan, pool))
        if shots:
            self.fired = True
            cof = self.dealer.cof()
            hits = []
            for s, plan, pool in shots:
                hits.extend(self._broadside(s, plan, pool, cof))
            extra = False
            for s, target, area, level, c, shot in hits:
                self._apply_shot(s, target, area, level, c, shot)
                extra = extra or shot == "double"
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
        if s.damage.mods().no_broadside:
            return None
        rated = s.spec.rate is not None
        in_range = []
        for f in self.enemies(s):
            if f.boarding is None:
                d = self.distance(s, f)
                if d == 1 or (d == 2 and rated):
                    in_range.append(f)
        if not in_range:
            return None
        split = s.orders.get("fire")
        if split:
            plan = {t: n for t, n in split.items() if self._by_id[t] in in_range}
            if plan:
                return plan
        tid = s.orders.get("target")
        t = self._by_id.get(tid) if tid else None
        if t not in in_range:
            t = min(in_range, key=lambda f: (self.distance(s, f), f.index))
        return {t.id: -1}

    def _range_mod(self, s: ShipState, foe: ShipState) -> int | None:
        if self.distance(s, foe) != LONG_RANGE["distance"]:
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
            pool = (o.skill(skill) + s.discipline.get(o.name, 0) + self._mods_all(s)
                    - s.health.get(o.name, 0))
            who = (s, o.name, s.spec.deck == "gm")
            gm = (s, "difficulty", True)
            w, _ = self.contested("how will you fight", (who, pool), (gm, HWYF_POOL),
                                  ship=s.id, officer=o.name, skill=skill)
            total += 1 if w == 0 else -1
        return total

    def _broadside_pool(self, s: ShipState, hwyf: int) -> int | None:
        m = s.damage.mods()
        shot = SHOT["shot"][s.orders["shot"]]
        change = s.shot_set and s.orders["shot"] != s.shot
        pool = (self._skill(s, "gunnery") + s.spec.broadside + s.gage + hwyf + m.all
                + m.broadside + MORALE[s.morale] + shot["pool"]
                + (SHOT["change_penalty"] if change else 0))
        pool = self._towed(s, pool)
        if pool <= 0:
            # no cards to overturn: the gun crews do not even try (the Corsair, round 3)
            self.emit("cannot_fire", ship=s.id, reason="no cards", pool=pool)
            return None
        for action, skill in m.gates:
            if action == "broadside" and not self.unopposed(f"{skill} to fire", s,
                                                            self._skill(s, skill)):
                self.emit("cannot_fire", ship=s.id, reason=skill)
                return None
        if change:
            self.emit("shot_changed", ship=s.id, before=s.shot, after=s.orders["shot"])
        s.shot = s.orders["shot"]
        s.shot_set = True
        return pool

    def _broadside(self, s: ShipState, plan: dict[str, int], pool: int, cof: int) -> list:
        targets = list(plan)
        parts = []
        left = pool
        for t in targets[1:]:
            n = min(max(plan[t], 0), left)
            parts.append((t, n))
            left -= n
        parts.insert(0, (targets[0], left))
        joker = s.orders.get("joker")
        joker_as = card(joker) if joker else None
        out = []
        for tid, n in parts:
            t = self._by_id[tid]
            n += self._range_mod(s, t) or 0
            cards = self.dealer.draw(n, cof, s.spec.deck == "gm") if n > 0 else []
            succ = successes(cof, cards, joker_as=joker_as)
            if self.record:
                self.emit("broadside", ship=s.id, target=tid, cof=name(cof), pool=max(n, 0),
                          shot=s.shot, cards=[name(c) for c in cards],
                          hits=[{"card": name(c), "level": STATES[lv]} for lv, _, c in succ])
            for lv, _, c in succ:
                out.append((s, t, SUIT_AREA[c & 3], lv, c, s.shot))
        return out

    def _apply_shot(self, s: ShipState, t: ShipState, area: int, level: int, c: int,
                    shot: str) -> None:
        if shot == "roundshot" and not self.record:
            t.damage.hit(area, level)
            return
        spec = SHOT["shot"][shot]
        shifted = min(3, level + spec["shift"][area])
        if shifted < 1:
            self.emit("hit", ship=t.id, by=s.id, card=name(c), area=AREAS[area],
                      level=STATES[level], crossed=None, note=f"spent by {shot}")
            return
        self._hit(t, area, shifted, c, s.id, shot)
        if spec["fire_on_critical"] and level >= 2 and t.fire == 0:
            t.fire = 1
            self.emit("fire", ship=t.id, before=0, after=1, result="started", by=s.id)

    def _extra_injuries(self, hits: list) -> None:
        seen = set()
        for s, t, area, _, _, shot in hits:
            extra = SHOT["shot"][shot]["extra_injured"]
            if area in extra and (s.id, t.id, area) not in seen:
                seen.add((s.id, t.id, area))
                self._hit(t, area, 1, None, s.id, shot + " extra")

    def _hit(self, t: ShipState, area: int, level: int, c: int | None, by: Any,
             how: str) -> None:
        if not self.record:
            t.damage.hit(area, level)
            return
        before = t.damage.state(area)
        got = t.damage.hit(area, level)
        if self.record:
            self.emit("hit", ship=t.id, by=by, card=None if c is None else name(c),
                      area=AREAS[area], level=STATES[level],
                      crossed=None if got is None else STATES[got], cause=how)
            after = t.damage.state(area)
            if after != before:
                self.emit("damage_state", ship=t.id, area=AREAS[area], state=STATES[after])
