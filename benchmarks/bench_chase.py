"""The chase's odds (issue 31, item 5): seeded chases (seed 002) of six hunter/prey pairings,
each then fought as the map fights it (the British hunter "aggressive", the enemy
"cautious"), beside the same measurement over the code of main before the chase's reading
changed (``benchmarks/peer.py`` with commit :data:`PEER`), in the same run.

For each pairing: how often the prey got away in the chase (the moment of truth, or
nightfall); how often she got away overall (the chase, or a battle the hunter did not win:
she fled it, or it was drawn); and how often the hunter took her as a prize (struck or
taken by boarding). The reading behind the change is docs/rules-notes.md, "The chase":
the moment of truth is the hunter's Seamanship alone, and a chase lasts 4 + the hunter's
opening successes rounds.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_chase.py [--n 2000] [--no-peer]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import FIGURES_FLAG, emit, peer_figures  # noqa: E402
from strategy.combat import Battle  # noqa: E402

PEER = "164df3a"  # main before issue 31's chase
PAIRINGS = (
    ("Fifth Rate", "Brig Sloop"),  # faster and stronger: the weaker prey flees, banks Gage
    ("Fifth Rate", "Cutter"),  # as fast, stronger: the handy Cutter flees
    ("Sixth Rate", "Ship Sloop"),  # the smallest frigate after a sloop that flees
    ("Brig Sloop", "Cutter"),  # slower, stronger: the Cutter flees
    ("Third Rate", "Fifth Rate"),  # a slow Seventy-Four after a frigate that flees
    ("Fifth Rate", "Fifth Rate"),  # equals: the prey sails to fight (moves down)
)
KEYS = ("chase", "overall", "prize")


def measure(hunter: str, prey: str, n: int) -> dict[str, int]:
    """``n`` seeded chases and their battles: how many ended each way (:data:`KEYS`)."""
    counts = dict.fromkeys(KEYS, 0)
    for seed in range(n):
        b = Battle(
            hunter, prey, seed=seed, chase=True, policies={"a": "aggressive", "b": "cautious"}
        )
        b.run()
        assert b.chase is not None
        if b.chase["escaped"]:
            counts["chase"] += 1
            counts["overall"] += 1
            continue
        outcome: dict[str, Any] = b.outcome or {}
        if outcome.get("winner") != "a":
            counts["overall"] += 1
        if "b0" in outcome.get("struck", []) + outcome.get("taken", []):
            counts["prize"] += 1
    return counts


def figures(n: int) -> dict[str, Any]:
    """Every pairing's counts, keyed "hunter / prey"."""
    return {f"{h} / {p}": measure(h, p, n) for h, p in PAIRINGS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="chases per pairing")
    parser.add_argument("--no-peer", action="store_true", help=f"skip the code of {PEER}")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = figures(args.n)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, ["--n", str(args.n)], PEER)
    print(f"{args.n} seeded chases per pairing; before: commit {PEER}, now: this tree")
    print(
        f"{'hunter / prey':<26}{'escaped in the chase':>22}{'got away overall':>20}"
        f"{'taken as a prize':>20}"
    )
    print(f"{'':<26}{'before    now':>22}{'before    now':>20}{'before    now':>20}")
    for pairing, counts in now.items():
        line = f"{pairing:<26}"
        for key, width in zip(KEYS, (22, 20, 20), strict=True):
            was = "" if before is None else f"{100 * before[pairing][key] / args.n:5.1f}%"
            line += f"{was:>{width - 8}}{100 * counts[key] / args.n:7.1f}%"
        print(line)


if __name__ == "__main__":
    main()
