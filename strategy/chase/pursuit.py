"""The chase that opens a fight: seed 002's engagement tracker played with BtQ card tests.

The tracker has six range bands, read onto the BtQ range chart (``strategy/data/chase.json``):
Boarding 0, Broadside 1, Long Range 2, Extreme 3 (Visual), Spyglass 4 (Far Sight),
Horizon 5. The prey starts at Boarding; the hunter is placed by the opening test and
climbs one band towards Boarding with every pursuit test it wins. Each round the prey
either moves down one band (sails to fight) or banks one Gage (sails to escape). When
the two meet in a band ("heads up") the ships engage at the hunter's distance; when the
pursuit rounds run out first, the moment of truth decides whether the prey slips away.

Tests, BtQ card tests (:mod:`strategy.cards.trials`), contested unless said:

* opening: hunter Command against prey Awareness. Hunter wins with a critical or perfect
  success: Extreme; prey wins with one: Horizon; otherwise Spyglass. Pursuit rounds:
  4 + the hunter's successes (at most 4 more): the seed's "duration rolled" at "approx 2
  hours" a round (line 115) is a chase that may last until nightfall (line 120), and 4
  rounds let a hunter placed at Spyglass reach Boarding.
* pursuit: hunter's best skill of its band's pool against prey Seamanship, both with
  the Speed difference as in BtQ Positioning (faster +diff, slower -diff).
* crew actions (between rounds): a Routine static test of the ship's best skill of the
  band's pool; success gives the captain +1 Gage or +2 cards on the next pursuit test.
* moment of truth: "The Hunter should roll Seamanship" (line 120): a static test of the
  hunter's Seamanship, with the Speed difference, against Routine. Critical failure: the
  prey is lost, 1 Ration spent and 1 Morale lost; failure: lost, 1 Ration or 1 Morale;
  success: 1 Ration, a new opening test places the hunter again and sets new rounds;
  critical success: 1 Ration, positions kept, new rounds from a new opening test.

Gage may be spent as extra cards, one card per Gage, on any test of the spending side
(the prey has none at the moment of truth); what is left is carried into the first
positioning test of the battle. Market Forces' prey comes preloaded with 0-3 Gage (+1
fought before, +1 veterans, +1 better ship).

Every decision comes from a :class:`ChasePolicy`. By default every card comes from one
persistent GM's :class:`~strategy.cards.dealer.Deck` shuffled by the chase's seeded
source. Draw order (for stacked decks, :class:`~strategy.cards.dealer.ScriptedDealer`):
each test draws its Card of Fate from ``cof_deck``, then the hunter's (or acting side's)
cards, then the opposing pool (a static test's difficulty pool comes from ``cof_deck``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from strategy.cards.dealer import Deck, Pile
from strategy.cards.trials import (
    CRITICAL,
    DIFFICULTIES,
    TestResult,
    contested_test,
    static_test,
)
from strategy.chase.prep import PrepWork
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load
from strategy.ships import ShipSpec, ship

__all__ = [
    "BANDS",
    "Band",
    "ChasePolicy",
    "ChaseResult",
    "ChaseState",
    "band",
    "chase",
    "market_gage",
]


@dataclass(frozen=True)
class Band:
    """A band of the engagement tracker, its BtQ distance and its skill pool."""

    name: str
    distance: int
    skills: tuple[str, ...]


def _load_chase() -> tuple[tuple[Band, ...], Mapping[str, Any]]:
    """``chase.json``: the six bands and the tracker's numbers, checked."""
    raw = load("chase.json")
    bands = tuple(Band(b["name"], int(b["distance"]), tuple(b["skills"])) for b in raw["bands"])
    check([b.distance for b in bands] == list(range(6)), "chase.json: bands are distances 0..5")
    check(all(b.skills for b in bands), "chase.json: every band needs a skill pool")
    names = {b.name for b in bands}
    opening = raw["opening"]
    for key in ("critical_success", "critical_failure", "otherwise"):
        check(opening[key] in names, f"chase.json: opening {key} {opening[key]!r} is a band")
    check(
        raw["moment_of_truth"]["difficulty"] in DIFFICULTIES,
        "chase.json: the moment of truth's difficulty is a BtQ static difficulty",
    )
    return bands, freeze({k: v for k, v in raw.items() if k not in ("bands", "source")})


BANDS, _RULES = _load_chase()
"""The six bands by distance: ``BANDS[d]`` is the band at BtQ distance d."""

_BAND_BY_NAME: Mapping[str, Band] = MappingProxyType({b.name.lower(): b for b in BANDS})


def band(name_or_distance: str | int) -> Band:
    """A band by name (case-insensitive) or BtQ distance 0..5."""
    if isinstance(name_or_distance, int):
        if not 0 <= name_or_distance <= 5:
            raise InvalidMove(f"distance must be 0..5, got {name_or_distance}")
        return BANDS[name_or_distance]
    found = _BAND_BY_NAME.get(name_or_distance.strip().lower())
    if found is None:
        raise InvalidMove(
            f"unknown band {name_or_distance!r}; valid: {', '.join(b.name for b in BANDS)}"
        )
    return found


@dataclass
class ChaseState:
    """What a policy sees: positions (BtQ distances), Gage, the round, the ships."""

    hunter: ShipSpec
    prey: ShipSpec
    hunter_at: int
    prey_at: int = 0
    hunter_gage: int = 0
    prey_gage: int = 0
    round: int = 0
    rounds: int = 0
    hunter_bonus_cards: int = 0
    prey_bonus_cards: int = 0


class ChasePolicy:
    """The decisions of a chase. Subclass and override; the defaults are sensible NPCs.

    * :meth:`prey_moves_down`: a prey at least as well armed as the hunter (Broadside)
      sails to fight (moves down); a weaker one flees (banks Gage); with ``prey_flees``
      every prey flees, as "ships which would prefer just to put their heads down and
      escape" do (seed 002, 2.4, line 116): one bound elsewhere, running a blockade.
    * :meth:`crew_action`: the hunter's crew go for +2 cards on the next pursuit test,
      the prey's for +1 Gage.
    * :meth:`spend_gage`: no Gage during the pursuit; at the moment of truth the hunter
      spends half her Gage, rounded up (the chase is at stake, the rest is for the fight);
      the prey has no test there and keeps hers.
    * :meth:`pay_with`: on a simple failure at the moment of truth, pay a Ration.
    """

    def __init__(self, hunter_crew: int = 1, prey_crew: int = 0, prey_flees: bool = False) -> None:
        self.hunter_crew = hunter_crew
        self.prey_crew = prey_crew
        self.prey_flees = prey_flees

    def crew_actions(self, side: str, state: ChaseState) -> int:
        """How many characters other than the captain act for ``side`` this round."""
        return self.hunter_crew if side == "hunter" else self.prey_crew

    def prey_moves_down(self, state: ChaseState) -> bool:
        return not self.prey_flees and state.prey.broadside >= state.hunter.broadside

    def crew_action(self, side: str, state: ChaseState) -> str:
        """ "cards" (+2 on the captain's next pursuit test) or "gage" (+1 Gage)."""
        return "cards" if side == "hunter" else "gage"

    def spend_gage(self, side: str, test: str, state: ChaseState) -> int:
        """Gage ``side`` spends as extra cards on ``test`` ("opening", "pursuit",
        "moment_of_truth")."""
        if test != "moment_of_truth":
            return 0
        gage = state.hunter_gage if side == "hunter" else state.prey_gage
        return (gage + 1) // 2

    def pay_with(self, state: ChaseState) -> str:
        """ "ration" or "morale" on a simple failure at the moment of truth."""
        return "ration"


@dataclass(frozen=True)
class ChaseResult:
    """The outcome of a chase.

    ``outcome`` is "engaged" (``distance`` 0..5 and ``band`` set) or "escaped"
    (``distance`` None). ``hunter_gage``/``prey_gage`` are carried into the first
    positioning test. ``rations``/``morale`` are what the hunter's ship paid at the
    moments of truth. ``events`` are plain JSON dicts, in order.
    """

    outcome: str
    distance: int | None
    band: str | None
    hunter_gage: int
    prey_gage: int
    rounds: int
    rations: int
    morale: int
    events: tuple[dict[str, Any], ...] = field(default=())

    @property
    def escaped(self) -> bool:
        return self.outcome == "escaped"

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "distance": self.distance,
            "band": self.band,
            "hunter_gage": self.hunter_gage,
            "prey_gage": self.prey_gage,
            "rounds": self.rounds,
            "rations": self.rations,
            "morale": self.morale,
            "events": [dict(e) for e in self.events],
        }


def _better_ship(a: ShipSpec, b: ShipSpec) -> bool:
    """Any two of: faster, bigger (more boxes), better armed (Broadside)."""
    size_a = sum(sum(t) for t in a.boxes.values())
    size_b = sum(sum(t) for t in b.boxes.values())
    return (a.speed > b.speed) + (size_a > size_b) + (a.broadside > b.broadside) >= 2


def market_gage(
    rng: random.Random,
    prey: ShipSpec | str,
    hunter: ShipSpec | str,
    *,
    fought_before: bool = False,
    veteran: bool = False,
    preloaded: int | None = None,
) -> int:
    """Market Forces' starting Gage (seed 002, 2.5): 0-3 preloaded (drawn from ``rng``
    unless given), +1 if they fought the hunter before, +1 if veterans, +1 if theirs is
    the better ship (any two of faster, bigger, better armed).

    >>> market_gage(random.Random(0), "Fifth Rate", "Cutter", preloaded=0)
    1
    """
    rules = _RULES["market_forces"]
    lo, hi = rules["preloaded_min"], rules["preloaded_max"]
    if preloaded is None:
        preloaded = rng.randint(lo, hi)
    elif not lo <= preloaded <= hi:
        raise InvalidMove(f"preloaded Gage must be {lo}..{hi}, got {preloaded}")
    return (
        preloaded + int(fought_before) + int(veteran) + int(_better_ship(ship(prey), ship(hunter)))
    )


def _skill(spec: ShipSpec, skill: str) -> int:
    return spec.skill(skill, _RULES["default_skill"])


def _best_skill(spec: ShipSpec, skills: tuple[str, ...]) -> tuple[str, int]:
    return max(((s, _skill(spec, s)) for s in skills), key=lambda p: p[1])


def _grade(result: TestResult) -> str:
    """Seed 002's four results from a BtQ test seen from side a (the hunter)."""
    if result.winner == "a":
        return "critical success" if result.a_score.best >= CRITICAL else "success"
    if result.winner == "b" and result.b_score.best >= CRITICAL:
        return "critical failure"
    return "failure"


class _Chase:
    """One chase in progress (kept private: :func:`chase` is the interface)."""

    def __init__(
        self,
        state: ChaseState,
        policy: ChasePolicy,
        cof_deck: Pile,
        hunter_deck: Pile,
        prey_deck: Pile,
    ) -> None:
        self.s = state
        self.policy = policy
        self.cof_deck, self.hunter_deck, self.prey_deck = cof_deck, hunter_deck, prey_deck
        self.events: list[dict[str, Any]] = []
        self.total_rounds = 0
        self.rations = 0
        self.morale = 0
        self.speed_diff = state.hunter.speed - state.prey.speed

    def _spend(self, side: str, test: str) -> int:
        have = self.s.hunter_gage if side == "hunter" else self.s.prey_gage
        spent = max(0, min(have, int(self.policy.spend_gage(side, test, self.s))))
        if side == "hunter":
            self.s.hunter_gage -= spent
        else:
            self.s.prey_gage -= spent
        return spent

    def _contest(
        self, test: str, hunter_skill: str, hunter_pool: int, prey_skill: str, prey_pool: int
    ) -> tuple[TestResult, dict[str, Any]]:
        h_gage, p_gage = self._spend("hunter", test), self._spend("prey", test)
        result = contested_test(
            self.cof_deck,
            self.hunter_deck,
            hunter_pool + h_gage,
            self.prey_deck,
            prey_pool + p_gage,
        )
        event = {
            "event": test,
            "hunter_skill": hunter_skill,
            "prey_skill": prey_skill,
            "hunter_gage_spent": h_gage,
            "prey_gage_spent": p_gage,
            "test": result.to_dict(),
            "result": _grade(result),
        }
        return result, event

    def _skills_contest(self, test: str) -> tuple[TestResult, dict[str, Any]]:
        """``test`` ("opening"): the hunter's skill against the prey's, each as
        ``chase.json`` names it for that test."""
        rules = _RULES[test]
        h_skill, p_skill = rules["hunter_skill"], rules["prey_skill"]
        h_pool, p_pool = _skill(self.s.hunter, h_skill), _skill(self.s.prey, p_skill)
        return self._contest(test, h_skill, h_pool, p_skill, p_pool)

    def opening(self, keep_position: bool) -> None:
        rules = _RULES["opening"]
        result, event = self._skills_contest("opening")
        grade = event["result"]
        if not keep_position:
            name = {
                "critical success": rules["critical_success"],
                "critical failure": rules["critical_failure"],
            }.get(grade, rules["otherwise"])
            self.s.hunter_at = band(name).distance
            self.s.prey_at = 0
        extra = min(rules["max_extra_rounds"], result.a_score.successes)
        self.s.rounds = rules["base_rounds"] + extra
        self.s.round = 0
        event.update(
            hunter_at=self.s.hunter_at,
            prey_at=self.s.prey_at,
            band=BANDS[self.s.hunter_at].name,
            rounds=self.s.rounds,
            kept_position=keep_position,
        )
        self.events.append(event)

    def crew(self, side: str) -> None:
        spec = self.s.hunter if side == "hunter" else self.s.prey
        deck = self.hunter_deck if side == "hunter" else self.prey_deck
        at = self.s.hunter_at if side == "hunter" else self.s.prey_at
        rules = _RULES["crew_action"]
        for _ in range(max(0, int(self.policy.crew_actions(side, self.s)))):
            choice = self.policy.crew_action(side, self.s)
            if choice not in ("gage", "cards"):
                raise InvalidMove(f"crew action must be 'gage' or 'cards', got {choice!r}")
            skill, pool = _best_skill(spec, BANDS[at].skills)
            result = static_test(self.cof_deck, deck, pool, rules["difficulty"])
            won = result.winner == "a"
            if won and choice == "gage":
                if side == "hunter":
                    self.s.hunter_gage += rules["gage"]
                else:
                    self.s.prey_gage += rules["gage"]
            elif won:
                if side == "hunter":
                    self.s.hunter_bonus_cards += rules["cards"]
                else:
                    self.s.prey_bonus_cards += rules["cards"]
            self.events.append(
                {
                    "event": "crew_action",
                    "side": side,
                    "skill": skill,
                    "choice": choice,
                    "success": won,
                    "test": result.to_dict(),
                }
            )

    def pursuit_round(self) -> bool:
        """One pursuit round; True if the ships meet."""
        s = self.s
        s.round += 1
        self.total_rounds += 1
        self.crew("hunter")
        self.crew("prey")
        h_skill, h_pool = _best_skill(s.hunter, BANDS[s.hunter_at].skills)
        p_skill = _RULES["pursuit"]["prey_skill"]
        h_pool += self.speed_diff + s.hunter_bonus_cards
        p_pool = _skill(s.prey, p_skill) - self.speed_diff + s.prey_bonus_cards
        s.hunter_bonus_cards = s.prey_bonus_cards = 0
        result, event = self._contest("pursuit", h_skill, h_pool, p_skill, p_pool)
        if result.winner == "a":
            s.hunter_at -= 1
        event.update(round=s.round, of=s.rounds, hunter_at=s.hunter_at)
        self.events.append(event)
        if s.hunter_at <= s.prey_at:
            return True
        moves = bool(self.policy.prey_moves_down(s))
        if moves:
            s.prey_at += 1
        else:
            s.prey_gage += 1
        self.events.append(
            {
                "event": "prey",
                "round": s.round,
                "choice": "move down" if moves else "bank gage",
                "prey_at": s.prey_at,
                "prey_gage": s.prey_gage,
            }
        )
        return s.hunter_at <= s.prey_at

    def moment_of_truth(self) -> str:
        """Seed 002, 2.7 (line 120): "The Hunter should roll Seamanship": her test alone, a
        BtQ static test against the difficulty ``chase.json`` names, with the Speed
        difference of the pursuit (the faster ship keeps the prey in sight). The prey
        does not test; her banked Gage is for the fight (2.8, line 126: "Unspent Gage
        can be used like Will points at this stage")."""
        rules = _RULES["moment_of_truth"]
        h_skill = rules["hunter_skill"]
        h_gage = self._spend("hunter", "moment_of_truth")
        pool = _skill(self.s.hunter, h_skill) + self.speed_diff + h_gage
        result = static_test(self.cof_deck, self.hunter_deck, pool, rules["difficulty"])
        grade = _grade(result)
        event: dict[str, Any] = {
            "event": "moment_of_truth",
            "hunter_skill": h_skill,
            "difficulty": rules["difficulty"],
            "hunter_gage_spent": h_gage,
            "test": result.to_dict(),
            "result": grade,
        }
        if grade == "critical failure":
            self.rations += 1
            self.morale += 1
            event["paid"] = ["ration", "morale"]
        elif grade == "failure":
            pay = self.policy.pay_with(self.s)
            if pay not in ("ration", "morale"):
                raise InvalidMove(f"pay_with must be 'ration' or 'morale', got {pay!r}")
            if pay == "ration":
                self.rations += 1
            else:
                self.morale += 1
            event["paid"] = [pay]
        else:
            self.rations += 1
            event["paid"] = ["ration"]
        self.events.append(event)
        return grade

    def run(self) -> ChaseResult:
        s = self.s
        self.events.append(
            {
                "event": "chase",
                "hunter": s.hunter.name,
                "prey": s.prey.name,
                "hunter_gage": s.hunter_gage,
                "prey_gage": s.prey_gage,
            }
        )
        self.opening(keep_position=False)
        renewals = 0
        while True:
            met = False
            while s.round < s.rounds and not met:
                met = self.pursuit_round()
            if met:
                return self._result("engaged")
            grade = self.moment_of_truth()
            if grade in ("failure", "critical failure"):
                return self._result("escaped")
            renewals += 1
            if renewals > _RULES["moment_of_truth"]["max_renewals"]:
                self.events.append({"event": "nightfall", "renewals": renewals - 1})
                return self._result("escaped")
            self.opening(keep_position=grade == "critical success")

    def _result(self, outcome: str) -> ChaseResult:
        s = self.s
        engaged = outcome == "engaged"
        distance = s.hunter_at if engaged else None
        self.events.append(
            {
                "event": "heads up" if engaged else "escaped",
                "distance": distance,
                "band": BANDS[s.hunter_at].name if engaged else None,
                "hunter_gage": s.hunter_gage,
                "prey_gage": s.prey_gage,
            }
        )
        return ChaseResult(
            outcome,
            distance,
            BANDS[s.hunter_at].name if engaged else None,
            s.hunter_gage,
            s.prey_gage,
            self.total_rounds,
            self.rations,
            self.morale,
            tuple(self.events),
        )


def chase(
    hunter: ShipSpec | str,
    prey: ShipSpec | str,
    rng: random.Random,
    *,
    policy: ChasePolicy | None = None,
    hunter_gage: int = 0,
    prey_gage: int | None = None,
    market: dict[str, Any] | None = None,
    cof_deck: Pile | None = None,
    hunter_deck: Pile | None = None,
    prey_deck: Pile | None = None,
    prepared: PrepWork | None = None,
) -> ChaseResult:
    """Play a chase of ``hunter`` after ``prey`` (ship specs, roster types or named ships).

    ``hunter_gage`` is Gage from elsewhere; ``prepared`` the hunter's prep work
    (:func:`~strategy.chase.prep.prep_work`, seed 002, 2.1: "Prep work takes place ahead
    of the chase"), its Gage added to ``hunter_gage`` and its events first in the chase's
    log. ``prey_gage`` None means Market Forces:
    :func:`market_gage` with ``market`` (``fought_before``, ``veteran``, ``preloaded``).
    By default every card comes from one GM deck shuffled by ``rng``; pass decks (e.g.
    a player's deck with its joker for the hunter, or stacked decks) to change that.
    Same ``rng`` seed, same chase.

    >>> r = chase("Fifth Rate", "Brig Sloop", random.Random(7))
    >>> r.outcome in ("engaged", "escaped"), (r.distance is None) == r.escaped
    (True, True)
    """
    h, p = ship(hunter), ship(prey)
    if hunter_gage < 0 or (prey_gage is not None and prey_gage < 0):
        raise InvalidMove("Gage cannot be negative")
    if prey_gage is None:
        prey_gage = market_gage(rng, p, h, **(market or {}))
    gm = cof_deck if cof_deck is not None else Deck.gm(rng)
    hunters = gm if hunter_deck is None else hunter_deck
    state = ChaseState(
        hunter=h,
        prey=p,
        hunter_at=band(_RULES["opening"]["otherwise"]).distance,
        hunter_gage=hunter_gage + (prepared.gage if prepared else 0),
        prey_gage=prey_gage,
    )
    preys = gm if prey_deck is None else prey_deck
    run = _Chase(state, policy or ChasePolicy(), gm, hunters, preys)
    if prepared is not None:
        run.events.extend(prepared.events)
    return run.run()
