"""Battles per second: Fifth Rate against Fifth Rate, NPC captains, one core.

Run: ``.venv/bin/python benchmarks/bench_combat.py [N]``. Prints figures; asserts nothing.
Each figure is the best of three passes of N battles after a short warm-up (the machine
is shared: the best pass is the one least disturbed), with the slowest pass beside it;
the header says which modules ran compiled (docs/operations.md).
"""

from __future__ import annotations

import sys
import time

from strategy.compiled import compiled

from strategy.combat import Battle, odds
from strategy.combat.combatant import side


def rate(n: int, record: bool, policies: dict[str, str]) -> tuple[float, float, float]:
    """Battles per second by the wall clock and by this process's CPU time (the machine
    may be shared), and the mean number of rounds."""
    a, b = side("Fifth Rate"), side("Fifth Rate")
    rounds = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        rounds += Battle(a, b, seed=seed, record=record, policies=policies).run()["rounds"]
    took, cpu_took = time.perf_counter() - start, time.process_time() - cpu
    return n / took, n / cpu_took, rounds / n


def best_of(passes: int, n: int, record: bool, policies: dict[str, str]) -> str:
    runs = [rate(n, record, policies) for _ in range(passes)]
    wall = max(r[0] for r in runs)
    cpu = sorted(r[1] for r in runs)
    return (
        f"{wall:,.0f} battles/s wall, {cpu[-1]:,.0f} battles/s CPU "
        f"(slowest pass {cpu[0]:,.0f}; {runs[0][2]:.1f} rounds per battle)"
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"compiled modules: {len(compiled())} ({', '.join(compiled()) or 'none'})")
    rate(50, False, {"a": "aggressive", "b": "aggressive"})  # warm-up
    for pol in ({"a": "aggressive", "b": "aggressive"}, {"a": "cautious", "b": "aggressive"}):
        print(
            f"Fifth Rate vs Fifth Rate ({pol['a']} v {pol['b']}), events off: "
            f"{best_of(3, n, False, pol)}"
        )
    print(
        f"Fifth Rate vs Fifth Rate (aggressive v aggressive), events on: "
        f"{best_of(3, max(1, n // 4), True, {'a': 'aggressive', 'b': 'aggressive'})}"
    )
    start = time.perf_counter()
    odds("Fifth Rate", "Fifth Rate", n=1000, seed=1)
    print(f"odds preview, 1000 battles: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
