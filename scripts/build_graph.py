"""Build the sea-lane graph ``maps/data/graph.npz`` and band ``maps/data/graph_band.wkb.gz``.

Usage: ``python scripts/build_graph.py [--ends-only]`` (after ``scripts/build_land.py``); ~1 min.
Also writes ``maps/data/graph_ends.npz``: the ports' ways out (rebuild after moving a
port, a shallow or the lanes; a stale file is ignored and the ways out are worked out at load).
The construction is described in :mod:`maps.lanes` and docs/data.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maps.approaches import ENDS_FILE  # noqa: E402
from maps.lanes import BAND_FILE, GRAPH_FILE, build_lanes, load_lanes, save_lanes  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()

    def log(msg: str) -> None:
        print(f"{time.perf_counter() - t0:6.1f}s  {msg}", flush=True)

    if "--ends-only" not in sys.argv[1:]:
        save_lanes(*build_lanes(log))
        log(f"wrote {GRAPH_FILE} ({GRAPH_FILE.stat().st_size / 1e6:.2f} MB) and "
            f"{BAND_FILE} ({BAND_FILE.stat().st_size / 1e6:.2f} MB)")
    # the ports' ways out, so that loading the world need not work them out
    from maps import places
    from maps.routing import Router

    load_lanes.cache_clear()
    router = Router(load_lanes(), tuple(places.load_shallows()))
    ports = sorted({p.anchorage for p in places.load_ports().values()})
    router.save_ends(ports)
    log(f"wrote {ENDS_FILE} ({ENDS_FILE.stat().st_size / 1e6:.2f} MB): ways out of "
        f"{len(ports)} ports")


if __name__ == "__main__":
    main()
