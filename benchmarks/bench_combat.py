"""Battles per second: Fifth Rate against Fifth Rate, NPC captains, one core (also with
full officers aboard, and three against three); and the 1,000-battle odds preview.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bench_combat.py [N]``. Prints figures;
asserts nothing. Each rate comes from three passes of the same N battles after a short
warm-up: every battle counted at its best CPU time of the three (the machine is shared:
the best is the one least disturbed), with the best and slowest whole passes beside it,
and the figure from before issue 11 (recorded, not measured).
The target of issue 11: 2,000 battles/s CPU (aggressive v aggressive, events off) and
the odds preview in 0.5 s or less.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from strategy.campaign.fleet import default_officers
from strategy.characters import roll_character
from strategy.combat import Battle, odds, side

#: figures before issue 11 (pure Python, and the Cython build it removed), recorded
BEFORE = {
    ("aggressive", "aggressive", False): (1201, 3271),
    ("cautious", "aggressive", False): (885, 1936),
    ("aggressive", "aggressive", True): (548, 1215),
}
BEFORE_ODDS = (0.92, 0.34)
TARGET, TARGET_ODDS = 2000, 0.5


FIFTH = ("Fifth Rate", "Fifth Rate")


def officered(code: str = "HA", seed: int = 1) -> dict[str, Any]:
    """A Fifth Rate with the officers a campaign sends aboard: the captain, lieutenants and
    Marines' commander of Briny's ``code`` (Halcyon, a 5th rate), rolled characters."""
    rng = random.Random(seed)
    crew = [o for o in default_officers(rng, ships=[code]) if o.ship == code]
    roles = iter(("captain", "master", "gunner"))
    aboard = []
    for o in crew:
        if o.rank in ("Midshipman", "Able Seaman"):
            continue
        c = roll_character(o, 1805, rng)
        aboard.append(c.aboard(next(roles, "officer"), f"{o.rank} {c.name}"))
    return {"type": "Fifth Rate", "name": "Halcyon", "officers": aboard}


def times(
    n: int, record: bool, policies: dict[str, str], sides: tuple[Any, Any] = FIFTH
) -> tuple[list[float], float]:
    """Each battle's CPU time (this process's: the machine may be shared), and the mean
    number of rounds."""
    a, b = side(sides[0]), side(sides[1])
    clock = time.process_time
    out, rounds = [], 0
    for seed in range(n):
        start = clock()
        rounds += Battle(a, b, seed=seed, record=record, policies=policies).run()["rounds"]
        out.append(clock() - start)
    return out, rounds / n


def best_of(
    passes: int, n: int, record: bool, policies: dict[str, str], sides: tuple[Any, Any] = FIFTH
) -> str:
    """Battles per second over ``passes`` passes of the same ``n`` battles: by each
    battle's best time (the one least disturbed by the machine's other work), and by the
    best and the slowest whole pass."""
    runs = [times(n, record, policies, sides) for _ in range(passes)]
    best = sum(min(r[0][i] for r in runs) for i in range(n))
    whole = sorted(sum(r[0]) for r in runs)
    figures = (
        f"{n / best:,.0f} battles/s CPU (whole passes {n / whole[0]:,.0f} best, "
        f"{n / whole[-1]:,.0f} slowest; {runs[0][1]:.1f} rounds per battle)"
    )
    key = (policies["a"], policies["b"], record)
    if sides is not FIFTH or key not in BEFORE:
        return figures
    before, compiled = BEFORE[key]
    return f"{figures}; before issue 11: {before:,} pure Python, {compiled:,} compiled"


def preview() -> str:
    """The odds preview as the server asks for it: 1,000 battles at most, stopping once
    every rate is settled to two percentage points (best of three)."""
    runs = []
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        r = odds("Fifth Rate", "Fifth Rate", n=1000, seed=1)
        runs.append((time.perf_counter() - start, time.process_time() - cpu, r["n"]))
    wall, cpu, fought = min(runs)
    lopsided = []
    for _ in range(3):
        start = time.perf_counter()
        r = odds("Fifth Rate", "Cutter", n=1000, seed=1)
        lopsided.append((time.perf_counter() - start, r["n"]))
    return (
        f"odds preview, Fifth Rate v Fifth Rate, n=1000: {wall:.2f} s wall, {cpu:.2f} s CPU, "
        f"{fought} battles fought (target {TARGET_ODDS} s; before issue 11: "
        f"{BEFORE_ODDS[0]} s pure Python, {BEFORE_ODDS[1]} s compiled)\n"
        f"odds preview, Fifth Rate v Cutter, n=1000: {min(lopsided)[0]:.2f} s wall, "
        f"{min(lopsided)[1]} battles fought (stopped early once settled)"
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"target: {TARGET:,} battles/s CPU (aggressive v aggressive, events off)")
    times(50, False, {"a": "aggressive", "b": "aggressive"})  # warm-up
    for pol in ({"a": "aggressive", "b": "aggressive"}, {"a": "cautious", "b": "aggressive"}):
        print(
            f"Fifth Rate vs Fifth Rate ({pol['a']} v {pol['b']}), events off: "
            f"{best_of(3, n, False, pol)}"
        )
    print(
        f"Fifth Rate vs Fifth Rate (aggressive v aggressive), events on: "
        f"{best_of(3, max(1, n // 4), True, {'a': 'aggressive', 'b': 'aggressive'})}"
    )
    pol = {"a": "aggressive", "b": "aggressive"}
    full = officered()
    print(
        f"Fifth Rate with full officers ({len(full['officers'])}) vs the same, events off: "
        f"{best_of(3, max(1, n // 2), False, pol, (full, full))}"
    )
    three = (["Fifth Rate"] * 3, ["Fifth Rate"] * 3)
    print(
        f"three Fifth Rates vs three, events off: {best_of(3, max(1, n // 4), False, pol, three)}"
    )
    print(preview())


if __name__ == "__main__":
    main()
