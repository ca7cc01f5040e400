"""Ship-to-ship combat (seed 000, "Ship to Ship Combat"), as a steppable engine.

One battle: Step One establishes the weather and the distance (by a contested Awareness
test unless a distance or a chase result is given), Step Two hands out Discipline cards,
then rounds of Repair (fires burn first), Positioning, How Will You Fight?, Broadside!
(or a boarding round at Distance 0) and Continuing the Engagement, until every ship of
one side is sunk, struck, taken, decimated or escaped, or both sides disengage.

    >>> result = battle("Fifth Rate", "Brig Sloop", seed=1)
    >>> result["outcome"]["how"] in ("a_wins", "b_wins", "escaped", "disengaged")
    True

A live captain steps the same engine: ``b = Battle(a, b, seed=..., policies={"b":
"cautious"})``, then ``b.step({"a0": {"move": "close", "shot": "grapeshot"}})`` once per
round until ``b.over``; ``b.to_dict()`` / ``Battle.from_dict`` rebuild it by replaying its
seed and the decisions given. The decision vocabulary is in :mod:`strategy.combat.policies`.
Events are plain dicts (JSON-ready): every test with its Card of Fate and cards, every
box crossed, every decision.

The engine is the odds preview's inner loop (``benchmarks/bench_combat.py``), so its hot
path trades a little plainness for speed (tables instead of card arithmetic, cached
penalties and fire plans, no events built when ``record=False``);
``tests/test_combat_golden.py`` holds it to the very events and outcomes of fixed seeds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from strategy.cards.core import (
    LEVELS,
    NAMES,
    card,
    name,
    rank_key,
    successes,
)
from strategy.cards.dealer import Dealer, ScriptedDealer
from strategy.combat import boarding as _boarding
from strategy.combat.combatant import side
from strategy.combat.damage import COMBAT
from strategy.combat.data import MORALE, SHOT, WEATHER
from strategy.combat.data import weather as _weather
from strategy.combat.phases import RoundPhases
from strategy.combat.policies import Policy, policy
from strategy.combat.state import ShipState

__all__ = ["WEATHER", "SHOT", "OUTCOMES", "ShipState", "Battle", "battle", "odds"]

OUTCOMES = ("a_wins", "b_wins", "escaped", "disengaged")
_ORDER_KEYS = {
    "move",
    "range",
    "target",
    "fire",
    "shot",
    "repair",
    "repair_by",
    "hwyf",
    "strike",
    "continue",
    "surrender",
    "turn_tide",
    "boarding",
    "tow",
    "joker",
    "start_distance",
    "discipline",
}
_MOVES = ("close", "hold", "flee", "board")
_REPAIRS = ("hull", "guns", "crew", "rigging", "fire")
_MAX_REDRAWS = 25


class Battle(RoundPhases):
    """A battle between side "a" and side "b", stepped one round at a time.

    ``side_a``/``side_b``: a ship (roster type name, named ship, spec dict) or a list.
    ``policies``: {"a": name or Policy, "b": ...} for sides without live orders.
    ``distance``: start at this distance (skips the Awareness test); ``chase``: a result
    of :func:`strategy.chase.chase` ("escaped", or a distance plus Gage).
    ``record=False`` keeps no events (odds runs); ``dealer`` replaces the shuffled decks
    (a :class:`~strategy.cards.dealer.ScriptedDealer` replays a stacked deck).
    """

    def __init__(
        self,
        side_a: Any,
        side_b: Any,
        *,
        seed: int = 0,
        weather: str = "Steady Breeze",
        policies: Mapping[str, Any] | None = None,
        distance: int | None = None,
        chase: Any = None,
        record: bool = True,
        dealer: Any = None,
        max_rounds: int = 100,
    ) -> None:
        self.seed = seed
        self.weather = _weather(weather)
        pols = dict(policies or {})
        if set(pols) - {"a", "b"}:
            raise ValueError("policies: keys are the sides 'a' and 'b'")
        self.policies: dict[str, Policy] = {s: policy(pols.get(s)) for s in ("a", "b")}
        self._policy_args = {s: pols.get(s) for s in ("a", "b")}
        if distance is not None and not 0 <= int(distance) <= 5:
            raise ValueError("distance must be 0..5")
        self.start = None if distance is None else int(distance)
        if chase is True:
            from strategy.combat.monte_carlo import run_chase

            chase = run_chase(side_a, side_b, random.Random(seed ^ 0x5EA))
        elif chase is False:
            chase = None
        self.chase = _chase_result(chase)
        self.record = record
        self.rng = random.Random(seed)
        self.dealer = dealer if dealer is not None else Dealer(self.rng)
        self.max_rounds = int(max_rounds)
        self.ships: list[ShipState] = []
        for side_name, value in (("a", side_a), ("b", side_b)):
            for i, spec in enumerate(side(value)):
                self.ships.append(ShipState(f"{side_name}{i}", side_name, len(self.ships), spec))
        self._by_id = {s.id: s for s in self.ships}
        #: ships still fighting on each side, kept by _out_of_battle
        self._live = {"a": 0, "b": 0}
        for s in self.ships:
            self._live[s.side] += 1
        self._foes: dict[str, list[ShipState]] | None = None
        #: fire plans "the whole pool at this ship", made once per target
        self._whole: dict[str, dict[str, int]] = {}
        #: each ship's last fire plan by its target order, until the ships move
        self._plans: dict[int, tuple[Any, Any]] = {}
        self.dist: dict[tuple[int, int], int] = {}
        self.round = 0
        self.events: list[dict[str, Any]] = []
        self.given: list[dict[str, Any]] = []
        self.over = False
        self.outcome: dict[str, Any] | None = None
        self.fired = False
        self.last_best = (0, 0)

    # ----- views for policies and clients -------------------------------------------

    def ship(self, sid: str) -> ShipState:
        """A ship by id ("a0") or name."""
        if sid in self._by_id:
            return self._by_id[sid]
        for s in self.ships:
            if s.spec.name.lower() == str(sid).lower():
                return s
        raise ValueError(f"unknown ship {sid!r}; ships: {', '.join(self._by_id)}")

    def distance(self, x: ShipState, y: ShipState) -> int:
        """Distance on the range chart, 6 when out of contact."""
        key = (x.index, y.index) if x.index < y.index else (y.index, x.index)
        return self.dist.get(key, 6)

    def _moved(self) -> None:
        """Distances, ships in the battle or boardings changed: forget what hung on them."""
        self._foes = None
        self._plans = {}

    def enemies(self, ship: ShipState) -> list[ShipState]:
        """Active enemies still in contact (do not modify the list)."""
        foes = self._foes
        if foes is None:
            foes = self._foes = {}
        got = foes.get(ship.id)
        if got is None:
            got = foes[ship.id] = [
                s
                for s in self.ships
                if s.side != ship.side and s.active and self.distance(ship, s) <= 5
            ]
        return got

    def state(self) -> dict[str, Any]:
        """A plain snapshot: round, distances, every ship's view."""
        return {
            "round": self.round,
            "over": self.over,
            "distances": [
                {"a": self.ships[i].id, "b": self.ships[j].id, "distance": d}
                for (i, j), d in sorted(self.dist.items())
            ],
            "ships": [s.view() for s in self.ships],
            "outcome": self.outcome,
        }

    # ----- events and tests -----------------------------------------------------------

    def emit(self, kind: str, **fields: Any) -> None:
        if self.record:
            fields["type"] = kind
            fields["round"] = self.round
            self.events.append(fields)

    def _mods_all(self, ship: ShipState) -> int:
        return ship.damage.m.all + MORALE[ship.morale]

    def unopposed(self, what: str, ship: ShipState, pool: int, area: str | None = None) -> int:
        """A test with no opposing pool: the best success level (0 = failure). ``area``:
        the area being repaired, for the event."""
        dealer = self.dealer
        cof = dealer.cof()
        best = 0
        if pool > 0:
            cards = dealer.draw(pool, cof, ship.gm)
            # the joker's entry is 3: it counts as the CoF itself
            row = LEVELS[cof]
            for c in cards:
                if row[c] > best:
                    best = row[c]
        else:
            cards = []
        if self.record:
            info = {} if area is None else {"area": area}
            self.emit(
                "test",
                what=what,
                ship=ship.id,
                cof=name(cof),
                pool=pool,
                cards=[NAMES[c] for c in cards],
                result=("failure", "ordinary", "critical", "perfect")[best],
                **info,
            )
        return best

    def contested(
        self, what: str, a: tuple[Any, int], b: tuple[Any, int], **info: Any
    ) -> tuple[int, int]:
        """A contested test between ``(who, pool)`` pairs; ``who`` is a ShipState, or a
        ``(ShipState, label, deck_is_gm)`` for a person or the GM's difficulty pool.

        Returns ``(winner, level)``: winner 0 (a), 1 (b) or -1 (no result after mutual
        failures), level the winner's best success. Mutual failure redraws.
        """
        (who_a, pool_a), (who_b, pool_b) = a, b
        if pool_a <= 0 and pool_b <= 0:
            self.last_best = (0, 0)
            self.emit("test", what=what, sides=[], result="no cards", **info)
            return -1, 0
        gm_a = who_a[2] if isinstance(who_a, tuple) else who_a.gm
        gm_b = who_b[2] if isinstance(who_b, tuple) else who_b.gm
        dealer = self.dealer
        for _ in range(_MAX_REDRAWS):
            cof = dealer.cof()
            cards_a = dealer.draw(pool_a, cof, gm_a) if pool_a > 0 else []
            cards_b = dealer.draw(pool_b, cof, gm_b) if pool_b > 0 else []
            succ_a, succ_b = successes(cof, cards_a), successes(cof, cards_b)
            key_a, key_b = rank_key(succ_a), rank_key(succ_b)
            # the key starts with the perfect, critical, ordinary counts: the best level
            best_a = 3 if key_a[0] else 2 if key_a[1] else 1 if key_a[2] else 0
            best_b = 3 if key_b[0] else 2 if key_b[1] else 1 if key_b[2] else 0
            self.last_best = (best_a, best_b)
            if self.record:
                self._record_contested(
                    what,
                    cof,
                    ((who_a, pool_a, cards_a, key_a), (who_b, pool_b, cards_b, key_b)),
                    info,
                )
            if key_a != key_b:
                return (0, best_a) if key_a > key_b else (1, best_b)
        return -1, 0

    def _record_contested(self, what: str, cof: int, sides_: tuple, info: dict) -> None:
        sides = []
        for who, pool, cards, key in sides_:
            sides.append(
                {
                    "who": who[1] if isinstance(who, tuple) else who.id,
                    "pool": pool,
                    "cards": [NAMES[c] for c in cards],
                    "perfect": key[0],
                    "critical": key[1],
                    "ordinary": key[2],
                }
            )
        (_, _, _, key_a), (_, _, _, key_b) = sides_
        winner = None if key_a == key_b else sides[0 if key_a > key_b else 1]["who"]
        self.emit("test", what=what, cof=name(cof), sides=sides, winner=winner, **info)

    # ----- set-up ---------------------------------------------------------------------

    def _setup(self, given: Mapping[str, Any]) -> None:
        self.emit(
            "conditions",
            weather=self.weather["name"],
            ships=[
                {"id": s.id, "name": s.spec.name, "type": s.spec.type, "side": s.side}
                for s in self.ships
            ],
        )
        a = [s for s in self.ships if s.side == "a"]
        b = [s for s in self.ships if s.side == "b"]
        start = self.start
        if self.chase is not None:
            if self.chase["escaped"]:
                for s in self.ships:
                    if s.side == self.chase["prey"]:
                        s.status, s.active = "escaped", False
                        self._live[s.side] -= 1
                self.emit("chase", result="escaped", prey=self.chase["prey"])
                self._finish()
                return
            start = self.chase["distance"]
            for s in self.ships:
                s.chase_gage = self.chase["gage"].get(s.side, 0)
            self.emit("chase", result="engaged", distance=start, gage=self.chase["gage"])
        if start is None:
            best_a = max(a, key=lambda s: s.spec.skill("awareness"))
            best_b = max(b, key=lambda s: s.spec.skill("awareness"))
            w, _ = self.contested(
                "awareness",
                (best_a, best_a.spec.skill("awareness")),
                (best_b, best_b.spec.skill("awareness")),
            )
            chooser = best_a if w == 0 else best_b
            wanted = _given_for(given, chooser, "start_distance")
            if wanted is None:
                wanted = self.policies[chooser.side].start_distance(self, chooser)
            lo, hi = COMBAT["start_distance"]["closest"], COMBAT["start_distance"]["furthest"]
            start = min(hi, max(lo, int(wanted)))
            self.emit("decision", ship=chooser.id, orders={"start_distance": start})
        for x in a:
            for y in b:
                self.dist[(x.index, y.index)] = start
        self._moved()
        self.emit("distance", distance=start)
        if start == 0:
            # a story that opens alongside: side a's first ship is boarding
            _boarding.start(self, attacker=a[0], defender=b[0])
        for s in self.ships:
            alloc = _given_for(given, s, "discipline")
            if alloc is None:
                alloc = self.policies[s.side].discipline(self, s)
            s.discipline = _check_discipline(s, alloc)
            s.skill_cache.clear()
            if s.discipline:
                self.emit("discipline", ship=s.id, cards=dict(s.discipline))

    # ----- the round ------------------------------------------------------------------

    def step(self, decisions: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Fight one round; ``decisions`` maps ship ids (or "a"/"b" for every ship of a
        side) to orders. Ships without orders follow their side's policy. Returns the
        round's events."""
        if self.over:
            raise ValueError("the battle is over")
        if decisions:
            given = dict(decisions)
            for key in given:
                if key not in ("a", "b"):
                    self.ship(key)
            self.given.append(_plain(given))
        else:
            given = {}
            self.given.append({})
        first = len(self.events)
        self._round(given)
        return self.events[first:] if self.record else []

    def _round(self, given: Mapping[str, Any]) -> None:
        if self.round == 0:
            self._setup(given)
            if self.over:
                return
        self.round += 1
        self._orders(given)
        if not self.over:
            self._fire_and_repair()
        if not self.over:
            self._positioning()
        if not self.over:
            self._fight()
        if not self.over:
            self._continue()

    def run(self) -> dict[str, Any]:
        """Step with the policies until the battle is over; the outcome."""
        log = self.given
        while not self.over:
            # step() with no decisions, without its checks
            log.append({})
            self._round({})
        return self.outcome  # type: ignore[return-value]

    def _orders(self, given: Mapping[str, Any]) -> None:
        ships = self.ships
        policies = self.policies
        record = self.record
        strike = False
        for s in ships:
            if not s.active:
                continue
            raw = given.get(s.id, given.get(s.side)) if given else None
            if raw is None:
                # a policy's orders with the defaults filled in (policies are trusted code)
                pol = policies[s.side]
                o = pol.decide(self, s)
                if "move" in o:
                    move = o["move"]
                else:
                    move = o["move"] = "close"
                if move == "board":
                    o["range"] = 0
                elif "range" not in o:
                    o["range"] = 1
                if "shot" not in o:
                    o["shot"] = s.shot
                if "continue" not in o:
                    o["continue"] = move != "flee"
                s.orders = o
            else:
                s.orders = o = self._normalise(s, raw)
            if o.get("strike"):
                strike = True
            if record:
                self.emit("decision", ship=s.id, orders=_plain(o))
        if strike:
            # (every other way out of the battle checks the end where it happens)
            for s in ships:
                if s.active and s.orders.get("strike"):
                    self._out_of_battle(s, "struck")
            self._check_end()
        becalmed = self.weather["sets"]
        for s in ships:
            if not s.active:
                continue
            s.acting = True
            s.tow = bool(s.orders.get("tow")) if becalmed else False
            mods = s.damage.m
            if not mods.gates and s.morale == "healthy":
                continue
            gates = [g for g in mods.gates if g[0] == "act"]
            if MORALE[s.morale] <= -3:
                gates.append(("act", "discipline"))
            for _, skill in gates:
                if skill != "discipline":
                    pool = self._skill(s, skill)
                elif s.spec.officers:
                    pool = s.spec.officers[0].discipline
                else:
                    pool = int(COMBAT["default_crew_skill"])
                if not self.unopposed(f"{skill} to act", s, pool):
                    s.acting = False
                    self.emit("cannot_act", ship=s.id, reason=skill)
                    break

    def _normalise(self, s: ShipState, raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise ValueError(f"orders for {s.id} must be a mapping")
        extra = set(raw) - _ORDER_KEYS
        if extra:
            raise ValueError(
                f"orders for {s.id}: unknown keys {sorted(extra)}; valid: {sorted(_ORDER_KEYS)}"
            )
        o = dict(raw)
        move = o.get("move", "close")
        if move not in _MOVES:
            raise ValueError(f"move {move!r}; valid: {', '.join(_MOVES)}")
        o["move"] = move
        o["range"] = 0 if move == "board" else int(o.get("range", 1))
        if o["range"] not in (0, 1, 2):
            raise ValueError("range must be 0, 1 or 2")
        shot = o.get("shot", s.shot)
        if shot not in SHOT["shot"]:
            raise ValueError(f"shot {shot!r}; valid: {', '.join(SHOT['shot'])}")
        o["shot"] = shot
        rep = o.get("repair")
        if rep is not None and rep not in _REPAIRS:
            raise ValueError(f"repair {rep!r}; valid: {', '.join(_REPAIRS)}")
        for key in ("target",):
            if o.get(key) is not None:
                t = self.ship(o[key])
                if t.side == s.side:
                    raise ValueError(f"{s.id} cannot target its own side's {t.id}")
                o[key] = t.id
        if isinstance(o.get("fire"), Mapping):
            split = {}
            for k, v in o["fire"].items():
                t = self.ship(k)
                if t.side == s.side or int(v) < 0:
                    raise ValueError("fire: enemy ship ids and card counts >= 0")
                split[t.id] = int(v)
            o["fire"] = split
        elif o.get("fire") is not None:
            raise ValueError("fire must be None or {enemy_id: cards}")
        if o.get("joker") is not None:
            card(o["joker"])
        names = {x.name for x in s.spec.officers}
        for key in ("hwyf", "boarding"):
            if o.get(key) is not None and not set(o[key]) <= names:
                raise ValueError(f"{key}: unknown officers {sorted(set(o[key]) - names)}")
        if o.get("repair_by") is not None and o["repair_by"] not in names:
            raise ValueError(f"repair_by: unknown officer {o['repair_by']!r}")
        o.setdefault("continue", move != "flee")
        return o

    # ----- Step Seven and the end -----------------------------------------------------

    def _continue(self) -> None:
        onward = any_active = False
        for s in self.ships:
            if s.active:
                any_active = True
                if s.orders.get("continue", True):
                    onward = True
                    break
        if onward and self.round < self.max_rounds:
            return
        active = [s for s in self.ships if s.active]
        if any_active and not onward:
            self.emit("disengage", ships=[s.id for s in active])
            self._finish("disengaged")
            return
        if self.round >= self.max_rounds:
            self.emit("disengage", ships=[s.id for s in active], reason="round limit")
            self._finish("disengaged")

    def _out_of_battle(self, s: ShipState, status: str) -> None:
        if not s.active:
            return
        s.status = status
        s.active = False
        self._live[s.side] -= 1
        s.fire = 0
        self._moved()
        if s.boarding is not None:
            _boarding.end(self, s.boarding)
        for key in [k for k in self.dist if s.index in k]:
            del self.dist[key]
        self.emit(status, ship=s.id, name=s.spec.name)

    def _check_out(self) -> None:
        for s in self.ships:
            if s.active:
                out = s.damage.m.out
                if out:
                    self._out_of_battle(s, out)
        self._check_end()

    def _check_end(self) -> None:
        live = self._live
        if not (live["a"] and live["b"]) and not self.over:
            self._finish()

    def _finish(self, how: str | None = None) -> None:
        live = {side_: any(s.active for s in self.ships if s.side == side_) for side_ in "ab"}
        winner = None
        if how is None:
            if live["a"] == live["b"]:
                how = "disengaged"
            else:
                loser = "b" if live["a"] else "a"
                if any(s.status == "escaped" for s in self.ships if s.side == loser):
                    how = "escaped"
                else:
                    winner = "a" if live["a"] else "b"
                    how = f"{winner}_wins"
        self.over = True
        fates: dict[str, list[str]] = {
            k: [] for k in ("sunk", "struck", "taken", "decimated", "escaped")
        }
        for s in self.ships:
            if s.status in fates:
                fates[s.status].append(s.id)
        self.outcome = {
            "winner": winner,
            "how": how,
            "rounds": self.round,
            **fates,
            "ships": {
                s.id: {
                    "name": s.spec.name,
                    "side": s.side,
                    "status": s.status,
                    "states": s.damage.states(),
                }
                for s in self.ships
            },
        }
        self.emit("end", outcome=self.outcome)

    # ----- replay ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Seed, set-up and the live decisions given so far: enough to rebuild."""
        for s, p in self._policy_args.items():
            if p is not None and not isinstance(p, str):
                raise ValueError(f"side {s}: only named policies can be saved")
        if isinstance(self.dealer, ScriptedDealer):
            raise ValueError("a battle on a stacked deck cannot be saved")
        specs = {k: [s.spec.to_dict() for s in self.ships if s.side == k] for k in "ab"}
        return {
            "a": specs["a"],
            "b": specs["b"],
            "seed": self.seed,
            "weather": self.weather["name"],
            "policies": dict(self._policy_args),
            "distance": self.start,
            "chase": self.chase,
            "record": self.record,
            "max_rounds": self.max_rounds,
            "decisions": list(self.given),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Battle:
        """Rebuild a battle by replaying its seed and decisions."""
        b = cls(
            data["a"],
            data["b"],
            seed=data["seed"],
            weather=data["weather"],
            policies=data["policies"],
            distance=data["distance"],
            chase=data["chase"],
            record=data.get("record", True),
            max_rounds=data.get("max_rounds", 100),
        )
        for d in data["decisions"]:
            b.step(d)
        return b


# ----- helpers ------------------------------------------------------------------------


def _given_for(given: Mapping[str, Any], s: ShipState, key: str) -> Any:
    for k in (s.id, s.side):
        v = given.get(k)
        if isinstance(v, Mapping) and key in v:
            return v[key]
    return None


def _check_discipline(s: ShipState, alloc: Mapping[str, int]) -> dict[str, int]:
    officers = {o.name: o for o in s.spec.officers}
    out = {}
    for k, v in (alloc or {}).items():
        if k not in officers:
            raise ValueError(f"discipline: {s.id} has no officer {k!r}")
        if not 0 <= int(v) <= officers[k].discipline:
            raise ValueError(f"discipline: {k} can take at most {officers[k].discipline} cards")
        out[k] = int(v)
    leader = s.spec.officers[0].discipline if s.spec.officers else 0
    if sum(out.values()) > leader:
        raise ValueError(f"discipline: {s.id}'s commander has only {leader} cards")
    return out


_SCALARS = frozenset((str, int, bool, float, type(None)))


def _plain(value: Any) -> Any:
    if type(value) is dict:
        # the usual orders: plain keys and mostly plain values, no ABC checks to make
        return {
            k if type(k) is str else str(k): v if type(v) in _SCALARS else _plain(v)
            for k, v in value.items()
        }
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _chase_result(chase: Any) -> dict[str, Any] | None:
    """A chase result as plain data: escaped, prey side, distance, Gage per side."""
    if chase is None:
        return None
    if isinstance(chase, Mapping) and "escaped" in chase and "gage" in chase:
        return dict(chase)
    from strategy.combat.monte_carlo import chase_adapter

    return chase_adapter(chase)


def battle(
    side_a: Any,
    side_b: Any,
    *,
    seed: int = 0,
    weather: str = "Steady Breeze",
    policies: Mapping[str, Any] | None = None,
    distance: int | None = None,
    chase: Any = None,
    record: bool = True,
    max_rounds: int = 100,
) -> dict[str, Any]:
    """Fight a whole battle with the policies; ``{"events": [...], "outcome": {...}}``."""
    b = Battle(
        side_a,
        side_b,
        seed=seed,
        weather=weather,
        policies=policies,
        distance=distance,
        chase=chase,
        record=record,
        max_rounds=max_rounds,
    )
    outcome = b.run()
    return {"events": b.events, "outcome": outcome}


def odds(
    side_a: Any, side_b: Any, n: int = 1000, seed: int = 0, chase: bool = False, **kwargs: Any
) -> dict[str, Any]:
    """Monte Carlo rates of a_wins, b_wins, escaped, disengaged; see
    :func:`strategy.combat.monte_carlo.odds`."""
    from strategy.combat.monte_carlo import odds as _odds

    return _odds(side_a, side_b, n=n, seed=seed, chase=chase, **kwargs)
