"""Battle odds by Monte Carlo: many battles fought by the NPC policies, and their rates.

>>> r = odds("Fifth Rate", "Cutter", n=40, seed=3)
>>> round(r["a_wins"] + r["b_wins"] + r["escaped"] + r["disengaged"], 9), r["n"]
(1.0, 40)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple

from strategy.combat.battle import Battle
from strategy.combat.combatant import side
from strategy.combat.end import OUTCOMES
from strategy.combat.setup import CHASE_SALT, run_chase
from strategy.errors import InvalidMove

__all__ = ["Match", "Mapper", "Tally", "fight", "odds", "settled", "wilson"]

_Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate k/n.

    >>> wilson(0, 10)[0], round(wilson(5, 10)[1], 3)
    (0.0, 0.763)
    """
    if n <= 0:
        raise InvalidMove("n must be positive")
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, mid - half)
    hi = 1.0 if k == n else min(1.0, mid + half)
    return lo, hi


def settled(counts: Mapping[str, int], n: int, within: float) -> bool:
    """Every rate known to within ``within``: each rate's Wilson 95% interval reaches no
    further than ``within`` from the rate on either side (its longer side, for the
    lopsided intervals of rates near 0 or 1; for a symmetric interval, its half-width).

    >>> settled({"a_wins": 0, "b_wins": 100}, 100, 0.02)  # 0 of 100: up to 3.7%
    False
    >>> settled({"a_wins": 0, "b_wins": 200}, 200, 0.02)
    True
    """
    for k in counts.values():
        p = k / n
        lo, hi = wilson(k, n)
        if p - lo > within or hi - p > within:
            return False
    return True


#: what fighting one run of battles needs besides their seeds: the sides as given (roster
#: names, named ships, dicts or lists of them) and every keyword of :class:`Battle`
Match = tuple[Any, Any, bool, str, dict[str, Any]]
#: ``mapper(fight, runs)``: the results of ``fight`` over ``runs``, in order (``map``, or a
#: process pool's ``map`` to fight runs side by side)
Mapper = Callable[..., Iterable["Tally"]]


class Tally(NamedTuple):
    """The outcomes of a run of battles, and the rounds they took."""

    counts: dict[str, int]
    rounds: int


def fight(match: Match, seeds: Sequence[int]) -> Tally:
    """Fight one battle per seed of ``match`` (module level: a worker process can run it)."""
    side_a, side_b, chase, hunter, options = match
    a, b = side(side_a), side(side_b)
    counts = dict.fromkeys(OUTCOMES, 0)
    rounds = 0
    for s in seeds:
        # the same chase a Battle(chase=True, seed=s) would play
        ch = run_chase(a, b, random.Random(s ^ CHASE_SALT), hunter) if chase else None
        out = Battle(a, b, seed=s, chase=ch, **options).run()
        counts[out["how"]] += 1
        rounds += out["rounds"]
    return Tally(counts, rounds)


def odds(
    side_a: Any,
    side_b: Any,
    n: int = 1000,
    seed: int = 0,
    chase: bool = False,
    *,
    weather: str = "Steady Breeze",
    precipitation: str = "No Rain",
    policies: Mapping[str, Any] | None = None,
    distance: int | None = None,
    hunter: str = "a",
    max_rounds: int = 100,
    record: bool = False,
    within: float | None = 0.02,
    every: int = 100,
    mapper: Mapper = map,
    width: int = 1,
) -> dict[str, Any]:
    """Fight up to ``n`` battles (seeded from ``seed``) and return the rates.

    Sides are roster type names ("Fifth Rate"), named ships, spec dicts or lists of
    them. With ``chase`` each battle opens with a chase (side ``hunter`` hunting the
    other): an escape counts as "escaped", else the battle starts at the chase's distance
    with its Gage. ``weather`` and ``precipitation``: what they are fought in (Step One's
    weather, Matters Nautical's rain or fog: :class:`~strategy.combat.battle.Battle`).

    Early stop: after every ``every`` battles the rates are checked, and the run stops
    once every rate is :func:`settled` to within ``within`` (two percentage points by
    default: every rate's 95% Wilson interval within 0.02 of it on both sides);
    ``within=None`` always fights ``n``. A lopsided match settles early (a rate of 0 or
    1 after 200 battles), an even one needs about 2,400 battles to settle and so fights
    all ``n`` = 1000. The first battles are the same whatever ``n``: a run that stops
    after m battles has the rates of ``odds(..., n=m, within=None)``.

    The battles are fought in runs of ``every``, ``width`` runs at a time through
    ``mapper`` (``map``: one after another; a process pool's ``map`` fights them side by
    side). The answer is the same whatever the mapper and width: the runs are added up in
    order and checked at the same points, and runs fought past the stop are left out.

    Returns ``a_wins``, ``b_wins``, ``escaped``, ``disengaged`` (fractions summing to 1),
    ``n`` (the battles fought), ``seed``, ``chase``, ``counts``, ``ci`` (Wilson 95%
    interval per rate) and ``mean_rounds``.
    """
    n = int(n)
    if n <= 0:
        raise InvalidMove("n must be a positive number of battles")
    if every <= 0 or width <= 0:
        raise InvalidMove("every and width must be positive numbers")
    side(side_a), side(side_b)  # refuse bad sides here, before any run is handed out
    options = {
        "weather": weather,
        "precipitation": precipitation,
        "policies": dict(policies) if policies else None,
        "distance": distance,
        "record": record,
        "max_rounds": max_rounds,
    }
    match: Match = (side_a, side_b, bool(chase), hunter, options)
    master = random.Random(seed)
    counts = dict.fromkeys(OUTCOMES, 0)
    rounds = fought = 0
    while fought < n:
        runs = []
        for start in range(fought, min(n, fought + width * every), every):
            runs.append([master.getrandbits(63) for _ in range(min(every, n - start))])
        for seeds, tally in zip(runs, mapper(partial(fight, match), runs), strict=True):
            for k, c in tally.counts.items():
                counts[k] += c
            rounds += tally.rounds
            fought += len(seeds)
            if within is not None and fought % every == 0 and settled(counts, fought, within):
                n = fought  # the rates are known: the runs fought past here are left out
                break
    result: dict[str, Any] = {k: counts[k] / fought for k in OUTCOMES}
    result.update(
        n=fought,
        seed=seed,
        chase=bool(chase),
        counts=counts,
        ci={k: list(wilson(counts[k], fought)) for k in OUTCOMES},
        mean_rounds=rounds / fought,
    )
    return result
