"""The battle-odds preview answered through the server: ``GET /api/odds`` on a live server.

Starts ``admiralty serve`` on a free loopback port, asks the 1,000-battle preview of a few
match-ups (each after one warm-up ask with another seed, so the first import is not timed)
and prints the time to the answer, best and worst of three, with how many battles the
answer says were fought (the preview may stop early once every rate is known closely
enough; see :func:`strategy.combat.odds`). Target (issue 11): 0.5 s or less. Each line
has beside it the same measurement over the code from before issue 29, its server started
in the same run (``benchmarks/peer.py``).
Run: python benchmarks/bench_odds.py [--n 1000] [--no-peer]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402

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


def measure(n: int) -> dict[str, Any]:
    """Each match-up's best and worst seconds to the answer, and the battles fought."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp)).start()
        try:
            ask(server.url, "Fifth Rate", "Fifth Rate", n, 99)
            for label, (a, b) in MATCHES.items():
                times, fought = [], 0
                for seed in (1, 2, 3):
                    took, body = ask(server.url, a, b, n, seed)
                    times.append(took)
                    fought = body["n"]
                out[label] = {"best": min(times), "worst": max(times), "fought": fought}
        finally:
            server.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000, help="battles asked for (default 1000)")
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = measure(args.n)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, ["--n", str(args.n)])
    for label in MATCHES:
        f = now[label]
        verdict = "met" if f["best"] <= 0.5 else "NOT met"
        print(
            f"{label}, n={args.n}: {f['best']:.3f} s best, {f['worst']:.3f} s worst, "
            f"{f['fought']} battles fought (last answer); target 0.5 s: {verdict}"
        )
        if before is not None:
            b = before[label]
            print(
                f"  before (commit {BASE}): {b['best']:.3f} s best, {b['worst']:.3f} s worst, "
                f"{b['fought']} battles fought"
            )


if __name__ == "__main__":
    main()
