"""The battle-odds preview answered through the server: ``GET /api/odds`` on a live server.

Starts ``admiralty serve`` on a free loopback port, asks the 1,000-battle preview of a few
match-ups (each after one warm-up ask with another seed, so the first import is not timed)
and prints the time to the answer, best and worst of three, with how many battles the
answer says were fought (the preview may stop early once every rate is known closely
enough; see :func:`strategy.combat.odds`). Target (issue 11): 0.5 s or less.
Run: python benchmarks/bench_odds.py [--n 1000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.conftest import LiveServer  # noqa: E402

#: the same preview before issue 11 (the stop 9 note: through the server, compiled build,
#: a quiet machine; the pure sources took 0.92 s in-process on this machine)
BEFORE_S = {"Fifth Rate v Fifth Rate": 0.34}
MATCHES = {
    "Fifth Rate v Fifth Rate": ("Fifth Rate", "Fifth Rate"),
    "Third Rate v Fifth Rate": ("Third Rate", "Fifth Rate"),
    "First Rate v Cutter": ("First Rate", "Cutter"),
}


def ask(url: str, a: str, b: str, n: int, seed: int) -> tuple[float, dict]:
    start = time.perf_counter()
    r = requests.get(f"{url}/api/odds", params={"a": a, "b": b, "n": n, "seed": seed}, timeout=60)
    took = time.perf_counter() - start
    r.raise_for_status()
    return took, r.json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="battles asked for (default 1000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp)).start()
        try:
            ask(server.url, "Fifth Rate", "Fifth Rate", args.n, 99)
            for label, (a, b) in MATCHES.items():
                times, fought = [], 0
                for seed in (1, 2, 3):
                    took, body = ask(server.url, a, b, args.n, seed)
                    times.append(took)
                    fought = body["n"]
                before = BEFORE_S.get(label)
                beside = f"; before issue 11: {before:.2f} s" if before else ""
                verdict = "met" if min(times) <= 0.5 else "NOT met"
                print(
                    f"{label}, n={args.n}: {min(times):.3f} s best, {max(times):.3f} s worst, "
                    f"{fought} battles fought (last answer){beside}; target 0.5 s: {verdict}"
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
