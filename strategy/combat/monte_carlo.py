"""Battle odds by Monte Carlo: many battles fought by the NPC policies, and their rates.

>>> r = odds("Fifth Rate", "Cutter", n=40, seed=3)
>>> round(r["a_wins"] + r["b_wins"] + r["escaped"] + r["disengaged"], 9), r["n"]
(1.0, 40)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from strategy.combat.battle import Battle
from strategy.combat.combatant import side
from strategy.combat.end import OUTCOMES
from strategy.combat.setup import CHASE_SALT, run_chase
from strategy.errors import InvalidMove

__all__ = ["odds", "wilson", "settled"]

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


def odds(
    side_a: Any,
    side_b: Any,
    n: int = 1000,
    seed: int = 0,
    chase: bool = False,
    *,
    weather: str = "Steady Breeze",
    policies: Mapping[str, Any] | None = None,
    distance: int | None = None,
    hunter: str = "a",
    max_rounds: int = 100,
    record: bool = False,
    within: float | None = 0.02,
    every: int = 100,
) -> dict[str, Any]:
    """Fight up to ``n`` battles (seeded from ``seed``) and return the rates.

    Sides are roster type names ("Fifth Rate"), named ships, spec dicts or lists of
    them. With ``chase`` each battle opens with a chase (side ``hunter`` hunting the
    other): an escape counts as "escaped", else the battle starts at the chase's distance
    with its Gage.

    Early stop: after every ``every`` battles the rates are checked, and the run stops
    once every rate is :func:`settled` to within ``within`` (two percentage points by
    default: every rate's 95% Wilson interval within 0.02 of it on both sides);
    ``within=None`` always fights ``n``. A lopsided match settles early (a rate of 0 or
    1 after 200 battles), an even one needs about 2,400 battles to settle and so fights
    all ``n`` = 1000. The first battles are the same whatever ``n``: a run that stops
    after m battles has the rates of ``odds(..., n=m, within=None)``.

    Returns ``a_wins``, ``b_wins``, ``escaped``, ``disengaged`` (fractions summing to 1),
    ``n`` (the battles fought), ``seed``, ``chase``, ``counts``, ``ci`` (Wilson 95%
    interval per rate) and ``mean_rounds``.
    """
    n = int(n)
    if n <= 0:
        raise InvalidMove("n must be a positive number of battles")
    if every <= 0:
        raise InvalidMove("every must be a positive number of battles")
    a, b = side(side_a), side(side_b)
    master = random.Random(seed)
    counts = dict.fromkeys(OUTCOMES, 0)
    rounds = fought = 0
    while fought < n:
        s = master.getrandbits(63)
        # the same chase a Battle(chase=True, seed=s) would play
        ch = run_chase(a, b, random.Random(s ^ CHASE_SALT), hunter) if chase else None
        out = Battle(
            a,
            b,
            seed=s,
            weather=weather,
            policies=policies,
            distance=distance,
            chase=ch,
            record=record,
            max_rounds=max_rounds,
        ).run()
        counts[out["how"]] += 1
        rounds += out["rounds"]
        fought += 1
        if within is not None and fought % every == 0 and settled(counts, fought, within):
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
