"""One battle (seed 000, "Ship to Ship Combat"): its state, and the engine's public face.

A :class:`Battle` holds the ships, the distances between them, the round, the dealer and
the events; :mod:`strategy.combat.setup` sets it up (Steps One and Two), and each round
runs the orders (:mod:`strategy.combat.orders`) and the phases of
:mod:`strategy.combat.phases` over it, until every ship of one side is sunk, struck,
taken, decimated or escaped, or both sides disengage (:mod:`strategy.combat.end`).

    >>> result = battle("Fifth Rate", "Brig Sloop", seed=1)
    >>> result["outcome"]["how"] in OUTCOMES
    True

A live captain steps the same engine: ``b = Battle(a, b, seed=..., policies={"b":
"cautious"})``, then ``b.step({"a0": {"move": "close", "shot": "grapeshot"}})`` once per
round until ``b.over``; ``b.to_dict()`` / ``Battle.from_dict`` rebuild it by replaying its
seed and the decisions given. Ships that sail into a battle in progress join it between
rounds (``b.join("a", ["Brig Sloop"], distance=5)``), kept in the saved form too. The
decision vocabulary is in :mod:`strategy.combat.policies`.
Events are plain dicts (JSON-ready): every test with its Card of Fate and cards, every
box crossed, every decision; ``record=False`` keeps none (the odds preview's battles).

The engine is the odds preview's inner loop (``benchmarks/bench_combat.py``), so its data
is laid out for it rather than its rules copied: each ship's pools are worked out at
set-up and whenever they change (:meth:`ShipState.reskill`), her enemies in contact and
fire plan (with its range modifiers) are kept until the ships move (:meth:`moved`), the
damage modifiers come with the damage state (:class:`strategy.combat.damage.Mods`), and
events are built only when recording. ``tests/test_combat_golden.py`` holds the engine
to the very events and outcomes of fixed seeds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from strategy.cards.dealer import Dealer, ScriptedDealer
from strategy.combat import phases
from strategy.combat.combatant import SideLike, side
from strategy.combat.data import precipitation as _precipitation
from strategy.combat.data import weather as _weather
from strategy.combat.end import OUTCOMES
from strategy.combat.orders import give, plain
from strategy.combat.policies import Policy, policy
from strategy.combat.setup import arrive, chase_result, setup
from strategy.combat.state import ShipState
from strategy.errors import InvalidMove

__all__ = ["OUTCOMES", "Battle", "battle"]

_DRY = "No Rain"  # no precipitation: no modifier, and nothing more in the battle's record


class Battle:
    """A battle between side "a" and side "b", stepped one round at a time.

    ``side_a``/``side_b``: a ship (roster type name, named ship, spec dict) or a list.
    ``policies``: {"a": name or Policy, "b": ...} for sides without live orders.
    ``weather``: Step One's weather; ``precipitation``: the rain or fog it is fought in
    (Matters Nautical, "Weather as a Static Modifier", 000:1207: its modifier "applied to
    any test in that weather", Mist's and Fog's to every Awareness test).
    ``distance``: start at this distance (skips the Awareness test); ``chase``: a result
    of :func:`strategy.chase.chase` ("escaped", or a distance plus Gage), or True to
    play one. ``record=False`` keeps no events (odds runs); ``dealer`` replaces the
    shuffled decks (a :class:`~strategy.cards.dealer.ScriptedDealer` replays a stacked
    deck). ``npc_muskets``: the policies open musket fire (False: a battle saved before
    they did, as :meth:`from_dict` rebuilds one saved without it).
    """

    def __init__(
        self,
        side_a: SideLike,
        side_b: SideLike,
        *,
        seed: int = 0,
        weather: str = "Steady Breeze",
        precipitation: str = "No Rain",
        policies: Mapping[str, Any] | None = None,
        distance: int | None = None,
        chase: Any = None,
        record: bool = True,
        dealer: Any = None,
        max_rounds: int = 100,
        npc_muskets: bool = True,
    ) -> None:
        self.seed = seed
        #: the policies open musket fire (:meth:`~strategy.combat.policies.Policy.muskets`);
        #: False: a battle saved before they did, rebuilt as it was fought
        self.npc_muskets = bool(npc_muskets)
        self.weather = _weather(weather)
        self.precipitation = _precipitation(precipitation)
        #: the precipitation's modifier to every test's pool (000:1207), and its further
        #: modifier to Awareness tests (Mist -2, a fog bank -4): read by the card tests
        self.wet = int(self.precipitation["modifier"])
        self.sight = int(self.precipitation["awareness"])
        pols = policies or {}
        if pols.keys() - {"a", "b"}:
            raise InvalidMove("policies: keys are the sides 'a' and 'b'")
        self._policy_args = {"a": pols.get("a"), "b": pols.get("b")}
        self.policies: dict[str, Policy] = {
            "a": policy(self._policy_args["a"]),
            "b": policy(self._policy_args["b"]),
        }
        if distance is not None and not 0 <= int(distance) <= 5:
            raise InvalidMove("distance must be 0..5")
        self.start = None if distance is None else int(distance)
        self.chase = None if chase is None else chase_result(chase, side_a, side_b, seed)
        self.record = record
        self.rng = random.Random(seed)
        self.dealer = dealer if dealer is not None else Dealer(self.rng)
        self.max_rounds = int(max_rounds)
        a, f = side(side_a), side(side_b)
        self.ships = [ShipState(f"a{i}", "a", i, spec) for i, spec in enumerate(a)]
        self.ships += [ShipState(f"b{i}", "b", len(a) + i, spec) for i, spec in enumerate(f)]
        #: a Naysayer aboard one of her ships: the tests look for his curse
        self.naysaying = any(s.curses for s in self.ships)
        #: an officer with Reputations aboard: the contests look for one naming his foe
        self.reputed = any(o.reputations for s in self.ships for o in s.spec.officers)
        #: ships by id
        self.by_id = {s.id: s for s in self.ships}
        #: ships still fighting on each side (kept by :func:`strategy.combat.end.out_of_battle`)
        self.live = {"a": len(a), "b": len(f)}
        #: distances of the pairs in contact, by ship indexes (lower first)
        self.dist: dict[tuple[int, int], int] = {}
        self.round = 0
        self.events: list[dict[str, Any]] = []
        self.given: list[dict[str, Any]] = []
        self.over = False
        self.outcome: dict[str, Any] | None = None
        #: a broadside has been fired (no weather gage after that)
        self.fired = False
        #: how many ships each side began with (the rest joined: :meth:`join`)
        self.first = {"a": len(a), "b": len(f)}
        #: the ships that joined, as :meth:`join` was called: ``{"at": rounds stepped,
        #: "side", "ships": [spec dicts], "distance"}``
        self.joins: list[dict[str, Any]] = []

    # ----- views for policies and clients ---------------------------------------------

    def ship(self, sid: str) -> ShipState:
        """A ship by id ("a0") or name."""
        if sid in self.by_id:
            return self.by_id[sid]
        for s in self.ships:
            if s.spec.name.lower() == str(sid).lower():
                return s
        raise InvalidMove(f"unknown ship {sid!r}; ships: {', '.join(self.by_id)}")

    def distance(self, x: ShipState, y: ShipState) -> int:
        """Distance on the range chart, 6 when out of contact."""
        key = (x.index, y.index) if x.index < y.index else (y.index, x.index)
        return self.dist.get(key, 6)

    def enemies(self, ship: ShipState) -> list[ShipState]:
        """Active enemies still in contact (do not modify the list)."""
        got = ship.foes
        if got is None:
            got = ship.foes = [
                s
                for s in self.ships
                if s.side != ship.side and s.active and self.distance(ship, s) <= 5
            ]
        return got

    def moved(self) -> None:
        """Distances, ships in the battle or boardings changed: forget what hung on them
        (each ship's enemies in contact and fire plan)."""
        for s in self.ships:
            s.foes = s.plan = None

    def state(self) -> dict[str, Any]:
        """A plain snapshot: round, distances, every ship's view."""
        return {
            "round": self.round,
            "over": self.over,
            "distances": [self._pair(i, j, d) for (i, j), d in sorted(self.dist.items())],
            "ships": [s.view() for s in self.ships],
            "outcome": self.outcome,
        }

    def _pair(self, i: int, j: int, d: int) -> dict[str, Any]:
        """A pair on the range chart: the side-a ship under "a" (a ship that joined has a
        higher index than the other side's first ships)."""
        x, y = self.ships[i], self.ships[j]
        if x.side == "b":
            x, y = y, x
        return {"a": x.id, "b": y.id, "distance": d}

    def emit(self, kind: str, **fields: Any) -> None:
        """Record an event of this round (when recording)."""
        if self.record:
            fields["type"] = kind
            fields["round"] = self.round
            self.events.append(fields)

    # ----- the rounds -----------------------------------------------------------------

    def step(self, decisions: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Fight one round; ``decisions`` maps ship ids (or "a"/"b" for every ship of a
        side) to orders. Ships without orders follow their side's policy. Returns the
        round's events."""
        if self.over:
            raise InvalidMove("the battle is over")
        given = dict(decisions) if decisions else {}
        for key in given:
            if key not in ("a", "b"):
                self.ship(key)
        self.given.append(plain(given))
        first = len(self.events)
        self._round(given)
        return self.events[first:] if self.record else []

    def join(self, side_: str, ships: Any, distance: int = 5) -> list[dict[str, Any]]:
        """Ships that sail into the battle join side ``side_`` between rounds (seed 000,
        "Engaging Multiple Ships": "simply add another ship to the range chart"), each at
        ``distance`` (1..5) from every enemy still fighting (before the first round: from
        every enemy that began it, once the set-up has placed them). Their ids continue
        the side's (a2, a3, ...). Returns the ``joined`` event; :meth:`to_dict` keeps it."""
        if self.over:
            raise InvalidMove("the battle is over")
        if side_ not in ("a", "b"):
            raise InvalidMove("join: the side is 'a' or 'b'")
        if not 1 <= int(distance) <= 5:
            raise InvalidMove("join: distance must be 1..5")
        specs = side(ships)
        count = sum(1 for s in self.ships if s.side == side_)
        new = [
            ShipState(f"{side_}{count + i}", side_, len(self.ships) + i, spec)
            for i, spec in enumerate(specs)
        ]
        self.ships += new
        self.naysaying = any(s.curses for s in self.ships)
        self.reputed = any(o.reputations for s in self.ships for o in s.spec.officers)
        self.by_id.update((s.id, s) for s in new)
        self.live[side_] += len(new)
        self.joins.append(
            {
                "at": len(self.given),
                "side": side_,
                "ships": [s.spec.to_dict() for s in new],
                "distance": int(distance),
            }
        )
        first = len(self.events)
        if self.round:
            arrive(self, new, int(distance))
        else:
            self.moved()  # (the set-up puts them on the range chart after the rest)
        ids = [{"id": s.id, "name": s.spec.name, "type": s.spec.type} for s in new]
        self.emit("joined", side=side_, ships=ids, distance=int(distance))
        return self.events[first:] if self.record else []

    def run(self) -> dict[str, Any]:
        """Step with the policies until the battle is over; the outcome."""
        while not self.over:
            # step() with no decisions, without its checks
            self.given.append({})
            self._round({})
        assert self.outcome is not None
        return self.outcome

    def _round(self, given: Mapping[str, Any]) -> None:
        if self.round == 0:
            setup(self, given)
            if self.over:
                return
        self.round += 1
        give(self, given)
        if not self.over:
            phases.repair(self)
        if not self.over:
            phases.positioning(self)
        if not self.over:
            phases.fight(self)
        if not self.over:
            phases.continue_(self)

    # ----- replay ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Seed, set-up and the live decisions given so far: enough to rebuild."""
        for s, p in self._policy_args.items():
            if p is not None and not isinstance(p, str):
                raise InvalidMove(f"side {s}: only named policies can be saved")
        if isinstance(self.dealer, ScriptedDealer):
            raise InvalidMove("a battle on a stacked deck cannot be saved")
        specs = {k: [s.spec.to_dict() for s in self.ships if s.side == k] for k in "ab"}
        out = {
            "a": specs["a"][: self.first["a"]],
            "b": specs["b"][: self.first["b"]],
            "seed": self.seed,
            "weather": self.weather["name"],
            "policies": dict(self._policy_args),
            "distance": self.start,
            "chase": self.chase,
            "record": self.record,
            "max_rounds": self.max_rounds,
            "decisions": list(self.given),
        }
        if self.precipitation["name"] != _DRY:  # (a dry battle keeps its saved form)
            out["precipitation"] = self.precipitation["name"]
        if self.npc_muskets:  # (a battle saved without it was fought without NPC musketry)
            out["npc_muskets"] = True
        if self.joins:  # (only then: a battle no ship joined keeps its saved form)
            out["joins"] = [dict(j) for j in self.joins]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Battle:
        """Rebuild a battle by replaying its seed and decisions."""
        b = cls(
            data["a"],
            data["b"],
            seed=data["seed"],
            weather=data["weather"],
            precipitation=data.get("precipitation", _DRY),
            policies=data["policies"],
            distance=data["distance"],
            chase=data["chase"],
            record=data.get("record", True),
            max_rounds=data.get("max_rounds", 100),
            npc_muskets=data.get("npc_muskets", False),
        )
        joins = sorted(data.get("joins", ()), key=lambda j: j["at"])
        for i, d in enumerate([*data["decisions"], None]):
            while joins and joins[0]["at"] == i:
                j = joins.pop(0)
                b.join(j["side"], j["ships"], j["distance"])
            if d is not None:
                b.step(d)
        return b


def battle(side_a: Any, side_b: Any, **options: Any) -> dict[str, Any]:
    """Fight a whole battle with the policies; ``{"events": [...], "outcome": {...}}``.
    ``options`` are :class:`Battle`'s keywords."""
    b = Battle(side_a, side_b, **options)
    outcome = b.run()
    return {"events": b.events, "outcome": outcome}
