"""Full summer campaigns resolved per second on one core.

Each summer: a Table F roll (cycling through all 42), every deployed ship crewed by NPC
officers for every berth (the whole fleet on the books, ~200 officers), the First Sea
Lord's and every commander's battle result, every officer's personal outcome, promotions,
shares and investment returns, as the JSON-ready report. Target: 1,000 summers a second.

The main figure passes one list of officers built once, as the browser's odds do (the
same officers sail every summer, see :func:`strategy.campaign.odds.summer_odds`); the
second lets every summer make its own NPCs from its seed (``officers=None``).

Each figure is printed beside the same measurement over the code from before issue 29,
run in the same run (``benchmarks/peer.py``), with the machine's yardstick measured in each:
the machine is shared, and a busy one gives lower figures.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_campaign.py [--summers N] [--no-peer]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from strategy.campaign import (  # noqa: E402
    TABLE_F_ROLLS,
    default_officers,
    resolve_summer,
    summer_odds,
)


def _yardstick() -> float:
    """CPU seconds for a bare Python loop of 1e6 additions (as measured before)."""
    cpu = time.process_time()
    x = 0
    for i in range(2_000_000):
        x += i
    return (time.process_time() - cpu) / 2


def measure(summers: int) -> dict[str, Any]:
    """Every figure this benchmark prints, measured on the code imported."""
    officers = default_officers(random.Random(1))
    rolls = sorted(TABLE_F_ROLLS)
    resolve_summer(None, officers, 0, {"roll": 35})  # warm caches
    best = best_cpu = 0.0
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(summers):
            report = resolve_summer(None, officers, i, {"roll": rolls[i % len(rolls)]})
        best = max(best, summers / (time.perf_counter() - start))
        best_cpu = max(best_cpu, summers / (time.process_time() - cpu))
    ships = sum(len(TABLE_F_ROLLS[r]) for r in rolls) / len(rolls)
    size = len(json.dumps(report))
    start = time.perf_counter()
    for i in range(200):
        json.dumps(resolve_summer(None, officers, i, {"roll": rolls[i % len(rolls)]}))
    with_json = 200 / (time.perf_counter() - start)
    npc = npc_cpu = 0.0
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(summers // 2):
            resolve_summer(None, None, i, {"roll": rolls[i % len(rolls)]})
        npc = max(npc, summers // 2 / (time.perf_counter() - start))
        npc_cpu = max(npc_cpu, summers // 2 / (time.process_time() - cpu))
    start = time.perf_counter()
    summer_odds(None, officers, 1000, 0, {"roll": 46})
    odds_s = time.perf_counter() - start
    return {
        "officers": len(officers),
        "ships": ships,
        "summers": best,
        "summers_cpu": best_cpu,
        "json": with_json,
        "npc": npc,
        "npc_cpu": npc_cpu,
        "size": size,
        "odds": odds_s,
        # a machine yardstick, so figures from different loads can be compared
        "yardstick": _yardstick() * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summers", type=int, default=2000)
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = measure(args.summers)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, ["--summers", str(args.summers)])

    def beside(key: str, form: str) -> str:
        return "" if before is None else f" (before, commit {BASE}: {before[key]:{form}})"

    n = args.summers
    print(f"officers on the books: {now['officers']}; ships per summer: {now['ships']:.1f}")
    print(
        f"summers resolved per second (best of 3 x {n}): {now['summers']:,.0f} wall"
        f"{beside('summers', ',.0f')}, {now['summers_cpu']:,.0f} per CPU-second of this "
        f"process{beside('summers_cpu', ',.0f')}"
    )
    print(
        f"summers per second including json.dumps of the report: {now['json']:,.0f}"
        f"{beside('json', ',.0f')}"
    )
    print(
        f"with NPC officers made every summer from its seed (best of 3 x {n // 2}): "
        f"{now['npc']:,.0f} wall{beside('npc', ',.0f')}, {now['npc_cpu']:,.0f} per "
        f"CPU-second{beside('npc_cpu', ',.0f')}"
    )
    print(f"report size: {now['size']:,} bytes of JSON{beside('size', ',')}")
    print(
        f"summer_odds over 1,000 summers (roll 46): {now['odds']:.2f} s wall{beside('odds', '.2f')}"
    )
    print(
        f"yardstick: a bare Python loop of 1e6 additions takes {now['yardstick']:.0f} ms of "
        f"CPU{beside('yardstick', '.0f')}"
    )
    verdict = "met" if now["summers_cpu"] >= 1000 else "NOT met"
    print(f"target 1,000/s: {verdict} on this machine now")


if __name__ == "__main__":
    main()
