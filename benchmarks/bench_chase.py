"""How chases end: 2,000 seeded chases (seed 002) of a Fifth Rate after a Brig Sloop and after
another Fifth Rate, each then fought as the map fights it (the British hunter
"aggressive", the enemy "cautious"), and the distribution of their outcomes.

Each chase ends one of three ways: the prey escaped (the moment of truth, or nightfall);
the hunter boarded at once (the set-up lashed the ships together); or a battle opened at a
distance, 0..5 (printed with how many of those battles saw a broadside fired, and how
the battles ended). "before" replays the old code path exactly: a chase that met at
Boarding always boarded at once (a hunter whose ``boards_alongside`` is always True);
"after" is the hunter's choice by the book (docs/rules-notes.md, "The chase").
Run: python benchmarks/bench_chase.py [--n 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from strategy.combat import Battle  # noqa: E402
from strategy.combat.policies import Aggressive  # noqa: E402

MATCHES = (("Fifth Rate", "Brig Sloop"), ("Fifth Rate", "Fifth Rate"))


class _OldHunter(Aggressive):
    """The hunter of the old code path: alongside after a chase, she always boarded."""

    def boards_alongside(self, battle: Any, ship: Any, foe: Any) -> bool:
        return True


def outcome(b: Battle) -> tuple[str, bool, str | None]:
    """(how the chase ended, whether a broadside was fired, how the battle ended)."""
    assert b.chase is not None
    if b.chase["escaped"]:
        return "escaped", False, None
    setup = [e for e in b.events if e["round"] == 0]
    fired = any(e["type"] == "broadside" for e in b.events)
    how = b.outcome["how"] if b.outcome else None
    if any(e["type"] == "boarding" for e in setup):
        return "boarded at once", fired, how
    start = [e["distance"] for e in setup if e["type"] == "distance"][-1]
    return f"battle at distance {start}", fired, how


def run(hunter: str, prey: str, n: int, old: bool) -> tuple[Counter, Counter, Counter]:
    ends: Counter = Counter()
    fired: Counter = Counter()
    hows: Counter = Counter()
    policies: dict[str, Any] = {"a": _OldHunter() if old else "aggressive", "b": "cautious"}
    for seed in range(n):
        b = Battle(hunter, prey, seed=seed, chase=True, policies=policies)
        b.run()
        end, shot, how = outcome(b)
        ends[end] += 1
        fired[end] += shot
        if how is not None:
            hows[how] += 1
    return ends, fired, hows


def show(label: str, n: int, ends: Counter, fired: Counter, hows: Counter) -> None:
    print(f"  {label}:")
    order = ["escaped", "boarded at once"] + [f"battle at distance {d}" for d in range(6)]
    for end in order:
        k = ends.get(end, 0)
        if not k and end != "boarded at once":
            continue
        shots = f"  (a broadside fired in {fired[end]})" if end != "escaped" else ""
        print(f"    {end:<22} {k:>5}  {100 * k / n:5.1f}%{shots}")
    fought = sum(hows.values())
    if fought:
        parts = ", ".join(f"{h} {100 * k / fought:.0f}%" for h, k in sorted(hows.items()))
        print(f"    the {fought} fights ended: {parts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="chases per match-up")
    args = parser.parse_args()
    for hunter, prey in MATCHES:
        print(f"{hunter} after a {prey}, {args.n} seeded chases:")
        for label, old in (("before (always boarded alongside)", True), ("after", False)):
            start = time.perf_counter()
            ends, fired, hows = run(hunter, prey, args.n, old)
            show(f"{label}, {time.perf_counter() - start:.1f} s", args.n, ends, fired, hows)


if __name__ == "__main__":
    main()
