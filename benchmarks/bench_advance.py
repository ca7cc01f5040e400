"""One day's ``advance`` (the turn's work on the map) by the number of forces at sea.

Half the forces British, half French, strewn over the Atlantic from 30 to 50 N and 40 to
10 W, none within sight of an enemy (so that the figure is the day's movement and its four
contact checks, not the fights), and :func:`server.game.forces.advance` played for one day
on that state: ms per advance, best and median of ``--rounds``, at 10, 50 and 200 forces,
beside the same measurement over the code from before issue 29 (``benchmarks/peer.py``:
that commit's ``advance`` measured every British force against every enemy force four
times a day). The result's digest is printed too: the two agree when they play the same day.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_advance.py [--rounds 30] [--no-peer]
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from server.game import rules  # noqa: E402
from server.game.forces import advance  # noqa: E402
from server.game.state import initial_state  # noqa: E402
from tests.server_helpers import map_force, map_ship  # noqa: E402

SIZES = (10, 50, 200)
APART_NM = 30.0  # no British force within this of an enemy: no contact opens a fight


def summer(n: int, seed: int = 1) -> Any:
    """A summer's state with ``n`` forces at sea, none in sight of an enemy."""
    rng = random.Random(seed)
    state: Any = initial_state({"id": "bench", "name": "bench", "year": 1805, "seed": seed})
    state.update(phase="summer", day=1)
    placed: list[tuple[str, float, float]] = []
    while len(placed) < n:
        side = "Britain" if len(placed) % 2 == 0 else "France"
        lon, lat = rng.uniform(-40, -10), rng.uniform(30, 50)
        if any(
            s != side and rules.distance_nm((lon, lat), (x, y)) <= APART_NM for s, x, y in placed
        ):
            continue
        placed.append((side, lon, lat))
    for i, (side, lon, lat) in enumerate(placed):
        fid = f"{side[:2].lower()}-{i}"
        state["forces"][fid] = map_force(fid, side, [map_ship(f"{fid}-1", "Third Rate")], lon, lat)
    return state


def measure(rounds: int) -> dict[str, Any]:
    """{forces: {best_ms, median_ms, digest}} for each size."""
    figures: dict[str, Any] = {}
    for n in SIZES:
        state = summer(n)
        result = advance(copy.deepcopy(state), 1, random.Random(0))  # warm
        digest = hashlib.sha256(json.dumps(result, sort_keys=True).encode()).hexdigest()[:12]
        times = []
        for _ in range(rounds):
            work = copy.deepcopy(state)
            start = time.process_time()
            advance(work, 1, random.Random(0))
            times.append((time.process_time() - start) * 1000)
        figures[str(n)] = {
            "best_ms": min(times),
            "median_ms": statistics.median(times),
            "digest": digest,
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = measure(args.rounds)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, ["--rounds", str(args.rounds)])
    print(f"advance, one day, CPU ms (best / median of {args.rounds}); before: commit {BASE}")
    print(f"{'forces':>7}{'now':>18}{'before':>18}{'speed-up':>10}   same result")
    for n in SIZES:
        f = now[str(n)]
        line = f"{n:>7}{f['best_ms']:>9.2f} /{f['median_ms']:>7.2f}"
        if before is not None:
            b = before[str(n)]
            same = "yes" if b["digest"] == f["digest"] else "NO"
            line += (
                f"{b['best_ms']:>9.2f} /{b['median_ms']:>7.2f}"
                f"{b['median_ms'] / f['median_ms']:>9.1f}x   {same}"
            )
        print(line)


if __name__ == "__main__":
    main()
