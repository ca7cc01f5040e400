"""Build the sea-lane graph ``maps/data/graph.npz`` and band ``maps/data/graph_band.wkb.gz``.

Usage: ``python scripts/build_graph.py [--ends-only | --shortcuts-only]`` (after
``scripts/build_land.py``); ~2 min. Also writes ``maps/data/graph_shortcuts.npz``: the pairs
of nodes up to :data:`~maps.lanes.SHORTCUT_HOPS` apart whose straight run is clear (rebuilt
with the lanes), and ``maps/data/graph_ends.npz``: the ports' ways out (rebuild after moving
a port, a shallow or the lanes). A stale file is ignored: the shortcuts are then tested when
a track is straightened, the ways out worked out at load.
The construction is described in :mod:`maps.lanes` and docs/data.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maps.approaches import ENDS_FILE  # noqa: E402
from maps.lanes import (  # noqa: E402
    BAND_FILE,
    GRAPH_FILE,
    SHORTCUTS_FILE,
    build_lanes,
    build_shortcuts,
    load_lanes,
    load_shortcuts,
    save_lanes,
    save_shortcuts,
)


def main() -> None:
    t0 = time.perf_counter()
    args = sys.argv[1:]

    def log(msg: str) -> None:
        print(f"{time.perf_counter() - t0:6.1f}s  {msg}", flush=True)

    if "--ends-only" not in args and "--shortcuts-only" not in args:
        save_lanes(*build_lanes(log))
        log(
            f"wrote {GRAPH_FILE} ({GRAPH_FILE.stat().st_size / 1e6:.2f} MB) and "
            f"{BAND_FILE} ({BAND_FILE.stat().st_size / 1e6:.2f} MB)"
        )
        load_lanes.cache_clear()
    if "--ends-only" not in args:
        lanes = load_lanes()
        save_shortcuts(build_shortcuts(lanes, log), lanes)
        load_shortcuts.cache_clear()
        log(f"wrote {SHORTCUTS_FILE} ({SHORTCUTS_FILE.stat().st_size / 1e6:.2f} MB)")
        if "--shortcuts-only" in args:
            return
    # the ports' ways out, so that loading the world need not work them out
    from maps import places
    from maps.routing import Router

    router = Router(load_lanes(), tuple(places.load_shallows()))
    ports = sorted({p.anchorage for p in places.load_ports().values()})
    router.save_ends(ports)
    log(
        f"wrote {ENDS_FILE} ({ENDS_FILE.stat().st_size / 1e6:.2f} MB): ways out of "
        f"{len(ports)} ports"
    )


if __name__ == "__main__":
    main()
