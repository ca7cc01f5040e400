"""Battles per second: Fifth Rate against Fifth Rate, NPC captains, one core (also with
full officers aboard, and three against three); and the 1,000-battle odds preview.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bench_combat.py [N] [--no-peer]``. Prints
figures; asserts nothing. Each rate comes from three passes of the same N battles after a
short warm-up: every battle counted at its best CPU time of the three (the machine is
shared: the best is the one least disturbed), with the best and slowest whole passes
beside it; and under each line the same measurement over the code from before issue 29,
run in the same run (``benchmarks/peer.py``).
The target of issue 11: 2,000 battles/s CPU (aggressive v aggressive, events off) and
the odds preview in 0.5 s or less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from strategy.campaign.fleet import default_officers  # noqa: E402
from strategy.characters import roll_character  # noqa: E402
from strategy.combat import Battle, odds, side  # noqa: E402

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
) -> dict[str, float]:
    """Battles per second over ``passes`` passes of the same ``n`` battles: by each
    battle's best time (the one least disturbed by the machine's other work), and by the
    best and the slowest whole pass; the mean rounds a battle."""
    runs = [times(n, record, policies, sides) for _ in range(passes)]
    best = sum(min(r[0][i] for r in runs) for i in range(n))
    whole = sorted(sum(r[0]) for r in runs)
    return {"rate": n / best, "best": n / whole[0], "slowest": n / whole[-1], "rounds": runs[0][1]}


def rates(f: dict[str, float]) -> str:
    return (
        f"{f['rate']:,.0f} battles/s CPU (whole passes {f['best']:,.0f} best, "
        f"{f['slowest']:,.0f} slowest; {f['rounds']:.1f} rounds per battle)"
    )


def preview() -> dict[str, float]:
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
    lop_wall, lop_fought = min(lopsided)
    return {
        "wall": wall,
        "cpu": cpu,
        "fought": fought,
        "lopsided": lop_wall,
        "lopsided_fought": lop_fought,
    }


def even_odds(f: dict[str, float]) -> str:
    return f"{f['wall']:.2f} s wall, {f['cpu']:.2f} s CPU, {f['fought']} battles fought"


def lopsided_odds(f: dict[str, float]) -> str:
    return f"{f['lopsided']:.2f} s wall, {f['lopsided_fought']} battles fought"


def measure(n: int) -> dict[str, Any]:
    """Every figure, by the line it is printed on."""
    times(50, False, {"a": "aggressive", "b": "aggressive"})  # warm-up
    out: dict[str, Any] = {}
    for pol in ({"a": "aggressive", "b": "aggressive"}, {"a": "cautious", "b": "aggressive"}):
        label = f"Fifth Rate vs Fifth Rate ({pol['a']} v {pol['b']}), events off"
        out[label] = best_of(3, n, False, pol)
    pol = {"a": "aggressive", "b": "aggressive"}
    out["Fifth Rate vs Fifth Rate (aggressive v aggressive), events on"] = best_of(
        3, max(1, n // 4), True, pol
    )
    full = officered()
    label = f"Fifth Rate with full officers ({len(full['officers'])}) vs the same, events off"
    out[label] = best_of(3, max(1, n // 2), False, pol, (full, full))
    three = (["Fifth Rate"] * 3, ["Fifth Rate"] * 3)
    out["three Fifth Rates vs three, events off"] = best_of(3, max(1, n // 4), False, pol, three)
    out["odds"] = preview()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=2000)
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = measure(args.n)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, [str(args.n)])
    print(f"target: {TARGET:,} battles/s CPU (aggressive v aggressive, events off)")
    lines = [(label, rates) for label in now if label != "odds"] + [
        (f"odds preview, Fifth Rate v Fifth Rate, n=1000 (target {TARGET_ODDS} s)", even_odds),
        ("odds preview, Fifth Rate v Cutter, n=1000 (stops once settled)", lopsided_odds),
    ]
    for label, text in lines:
        key = label if label in now else "odds"
        print(f"{label}:\n  now: {text(now[key])}")
        if before is not None and key in before:
            print(f"  before (commit {BASE}): {text(before[key])}")


if __name__ == "__main__":
    main()
