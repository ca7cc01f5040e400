"""Battle odds by Monte Carlo, and the bridge from :mod:`strategy.chase` into a battle.

>>> r = odds("Fifth Rate", "Cutter", n=40, seed=3)
>>> round(r["a_wins"] + r["b_wins"] + r["escaped"] + r["disengaged"], 9), r["n"]
(1.0, 40)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from strategy.combat.combatant import Combatant, side
from strategy.ships import roster as _ships

__all__ = ["odds", "wilson", "chase_adapter", "run_chase"]

_RATES = ("a_wins", "b_wins", "escaped", "disengaged")


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate k/n.

    >>> wilson(0, 10)[0], round(wilson(5, 10)[1], 3)
    (0.0, 0.763)
    """
    if n <= 0:
        raise ValueError("n must be positive")
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, mid - half)
    hi = 1.0 if k == n else min(1.0, mid + half)
    return lo, hi


def chase_adapter(result: Any, hunter: str = "a") -> dict[str, Any]:
    """A :class:`strategy.chase.ChaseResult` (or its dict) as the battle's plain chase data:
    ``{"escaped", "prey", "distance", "gage": {"a": .., "b": ..}}``."""
    if hunter not in ("a", "b"):
        raise ValueError("hunter must be side 'a' or 'b'")
    data = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    if "outcome" not in data:
        raise ValueError(f"not a chase result: {result!r}")
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
    from strategy.chase.pursuit import chase

    a, b = side(side_a)[0], side(side_b)[0]
    h, p = (a, b) if hunter == "a" else (b, a)
    return chase_adapter(chase(_ship_spec(h), _ship_spec(p), rng, **kwargs), hunter)


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
) -> dict[str, Any]:
    """Run ``n`` battles (seeded from ``seed``) and return the rates.

    Sides are roster type names ("Fifth Rate"), named ships, spec dicts or lists of
    them. With ``chase`` each battle opens with a chase (side ``hunter`` hunting the
    other): an escape counts as "escaped", else the battle starts at the chase's distance
    with its Gage. Returns ``a_wins``, ``b_wins``, ``escaped``, ``disengaged`` (fractions
    summing to 1), ``n``, ``seed``, ``ci`` (Wilson 95% interval per rate) and
    ``mean_rounds``.
    """
    from strategy.combat.battle import Battle

    n = int(n)
    if n <= 0:
        raise ValueError("n must be a positive number of battles")
    a, b = side(side_a), side(side_b)
    master = random.Random(seed)
    counts = dict.fromkeys(_RATES, 0)
    rounds = 0
    for _ in range(n):
        s = master.getrandbits(63)
        # the same chase a Battle(chase=True, seed=s) would play
        ch = run_chase(a, b, random.Random(s ^ 0x5EA), hunter) if chase else None
        bat = Battle(
            a,
            b,
            seed=s,
            weather=weather,
            policies=policies,
            distance=distance,
            chase=ch,
            record=record,
            max_rounds=max_rounds,
        )
        out = bat.run()
        counts[out["how"]] += 1
        rounds += out["rounds"]
    result: dict[str, Any] = {k: counts[k] / n for k in _RATES}
    result.update(
        n=n,
        seed=seed,
        chase=bool(chase),
        counts=counts,
        ci={k: list(wilson(counts[k], n)) for k in _RATES},
        mean_rounds=rounds / n,
    )
    return result
