"""Full summer campaigns resolved per second on one core.

Each summer: a Table F roll (cycling through all 42), every deployed ship crewed by NPC
officers for every berth (the whole fleet on the books, ~200 officers), the First Sea
Lord's and every commander's battle result, every officer's personal outcome, promotions,
shares and investment returns, as the JSON-ready report. Target: 1,000 summers a second.

The main figure passes one list of officers built once, as the browser's odds do (the
same officers sail every summer, see :func:`strategy.campaign.odds.summer_odds`); the
second lets every summer make its own NPCs from its seed (``officers=None``).

Each figure is printed beside the one measured on this machine before issue 11 (one
engine: one ``roll_outcome``, one battle-result path, one cascade), with the machine's
yardstick then and now: the machine is shared, and a busy one gives lower figures.

    .venv/bin/python benchmarks/bench_campaign.py [--summers N]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from strategy.campaign import TABLE_F_ROLLS, default_officers, resolve_summer, summer_odds

#: measured on this machine before issue 11 (best of 3 x 2000 summers)
BEFORE = {
    "summers": 1144,  # per CPU-second
    "json": 459,  # per second, json.dumps of the report included
    "odds": 1.20,  # seconds for summer_odds over 1,000 summers
    "yardstick": 43,  # ms of CPU for a bare loop of 1e6 additions
}


def _yardstick() -> float:
    """CPU seconds for a bare Python loop of 1e6 additions (as measured before)."""
    cpu = time.process_time()
    x = 0
    for i in range(2_000_000):
        x += i
    return (time.process_time() - cpu) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summers", type=int, default=2000)
    args = parser.parse_args()
    officers = default_officers(random.Random(1))
    rolls = sorted(TABLE_F_ROLLS)
    resolve_summer(None, officers, 0, {"roll": 35})  # warm caches
    best = best_cpu = 0.0
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(args.summers):
            report = resolve_summer(None, officers, i, {"roll": rolls[i % len(rolls)]})
        best = max(best, args.summers / (time.perf_counter() - start))
        best_cpu = max(best_cpu, args.summers / (time.process_time() - cpu))
    ships = sum(len(TABLE_F_ROLLS[r]) for r in rolls) / len(rolls)
    size = len(json.dumps(report))
    start = time.perf_counter()
    for i in range(200):
        json.dumps(resolve_summer(None, officers, i, {"roll": rolls[i % len(rolls)]}))
    with_json = 200 / (time.perf_counter() - start)
    print(f"officers on the books: {len(officers)}; ships per summer: {ships:.1f}")
    print(
        f"summers resolved per second (best of 3 x {args.summers}): {best:,.0f} wall, "
        f"{best_cpu:,.0f} per CPU-second of this process "
        f"(before issue 11: {BEFORE['summers']:,} per CPU-second)"
    )
    print(
        f"summers per second including json.dumps of the report: {with_json:,.0f} "
        f"(before issue 11: {BEFORE['json']:,})"
    )
    npc = npc_cpu = 0.0
    for _ in range(3):
        start, cpu = time.perf_counter(), time.process_time()
        for i in range(args.summers // 2):
            resolve_summer(None, None, i, {"roll": rolls[i % len(rolls)]})
        npc = max(npc, args.summers // 2 / (time.perf_counter() - start))
        npc_cpu = max(npc_cpu, args.summers // 2 / (time.process_time() - cpu))
    print(
        f"with NPC officers made every summer from its seed (best of 3 x "
        f"{args.summers // 2}): {npc:,.0f} wall, {npc_cpu:,.0f} per CPU-second"
    )
    print(f"report size: {size:,} bytes of JSON")
    start = time.perf_counter()
    summer_odds(None, officers, 1000, 0, {"roll": 46})
    print(
        f"summer_odds over 1,000 summers (roll 46): {time.perf_counter() - start:.2f} s wall "
        f"(before issue 11: {BEFORE['odds']:.2f} s)"
    )
    # a machine yardstick, so figures from different machines and loads can be compared
    loop = _yardstick()
    print(
        f"yardstick: a bare Python loop of 1e6 additions takes {loop * 1000:.0f} ms of CPU "
        f"(before issue 11: {BEFORE['yardstick']} ms)"
    )
    print(f"target 1,000/s: {'met' if best_cpu >= 1000 else 'NOT met'} on this machine now")


if __name__ == "__main__":
    main()
