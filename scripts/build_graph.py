"""Build the sea-lane graph ``maps/data/graph.npz`` and band ``maps/data/graph_band.wkb.gz``.

Usage: ``python scripts/build_graph.py`` (after ``scripts/build_land.py``); ~30 s.
The construction is described in :mod:`maps.lanes` and docs/data.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maps.lanes import BAND_FILE, GRAPH_FILE, build_lanes, save_lanes  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()

    def log(msg: str) -> None:
        print(f"{time.perf_counter() - t0:6.1f}s  {msg}", flush=True)

    save_lanes(*build_lanes(log))
    log(f"wrote {GRAPH_FILE} ({GRAPH_FILE.stat().st_size / 1e6:.2f} MB) and "
        f"{BAND_FILE} ({BAND_FILE.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
