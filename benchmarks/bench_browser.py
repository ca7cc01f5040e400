"""The browser client's speed in Debian's headless Chromium: page load to a drawn map, the
map's first plot, one live event to the other seat's map, and a full map redraw.

Starts ``admiralty serve`` on a free port (or uses ``--url``), seats two admirals, rolls the
force, opens both seats' pages at 1280x800 and prints the figures (medians of ``--runs``).

    .venv/bin/python benchmarks/bench_browser.py [--runs 3] [--url http://127.0.0.1:5000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, Campaign, open_seat  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    live = None
    url = args.url
    if not url:
        live = LiveServer(Path(tempfile.mkdtemp(prefix="admiralty-bench-"))).start()
        url = live.url
        time.sleep(10)  # let the server's warm-up build the world before the first request
    figures: dict[str, list[float]] = {
        "load_s": [],
        "plot_ms": [],
        "event_to_map_s": [],
        "redraw_ms": [],
    }
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                game = Campaign.new(url, seed=run + 1)
                game.add("red", "admiral", squadron="Red")
                game.add("blue", "admiral", squadron="Blue")
                game.roll()
                red = open_seat(browser, url, game.seats["red"]["link"])
                blue = open_seat(browser, url, game.seats["blue"]["link"])
                figures["load_s"].append(red.load_seconds)  # type: ignore[attr-defined]
                figures["plot_ms"].append(red.js("window.__admiralty.timings.plot_ms"))
                force = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
                start = time.monotonic()
                assert game.act(
                    "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
                )["ok"]
                blue.wait(
                    f"document.getElementById('map').dataset.routes.includes('{force}')", timeout=30
                )
                figures["event_to_map_s"].append(time.monotonic() - start)
                # A live event that moves the forces: the whole geo subplot is drawn again.
                figures["redraw_ms"].append(
                    blue.js("""(async () => {
                    const a = window.__admiralty;
                    const state = {...a.store.state, forces: a.store.state.forces.map(
                        (f) => ({...f, lon: f.lon + 0.01}))};
                    const t = performance.now();
                    await a.map.update(state);
                    const ms = performance.now() - t;
                    await a.map.update(a.store.state);
                    return ms; })()""")
                )
                for page in (red, blue):
                    page.close()
                game.close()
            browser.close()
    finally:
        if live:
            live.stop()
    print(f"browser client, {args.runs} runs (median):")
    for key, values in figures.items():
        print(
            f"  {key:16s} {statistics.median(values):8.2f}   (all: "
            f"{', '.join(f'{v:.2f}' for v in values)})"
        )


if __name__ == "__main__":
    main()
