"""The browser client's speed in Debian's headless Chromium, against this checkout's server
and a server started from the code before issue 29 (``benchmarks/peer.py``; ``--peer DIR``
another checkout instead, ``--no-peer`` none), the two measured the same way in the same
run and printed side by side:

- bytes transferred (encoded, as the network carried them) on a first and a second visit;
- page load to a drawn map;
- frame times (requestAnimationFrame deltas, p50 and p95) during a scripted pan and zoom;
- event arrival (the Socket.IO packet at the page) to the map showing it, with 2 and 10
  pages open (the median over the pages; each page's own clock).

    .venv/bin/python benchmarks/bench_browser.py [--runs 2] [--peer /tmp/before] [--no-peer]

Goals (issue 15): first visit 1.5 MB or less, load 1 s or less, p95 frame 33 ms or less,
event to map 100 ms or less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, base_tree  # noqa: E402
from tests.browser_helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    Campaign,
    wait_until,
)
from tests.conftest import LiveServer  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here


def _link(url: str, link: str) -> str:
    """A seat's link as the page opens it: the server's links are absolute now."""
    return link if link.startswith(("http://", "https://")) else url + link


READY = (
    "window.__admiralty && window.__admiralty.joined"
    " && document.getElementById('map').dataset.mapReady === '1'"
)
# Before the page's scripts: note each Socket.IO "event" packet's arrival, and watch for the
# map showing a wanted route (the map's own draw promise, then the next frame).
PROBE = """
(() => {
  window.__bench = { eventAt: 0, shownAt: 0, want: null, frames: [], recording: false };
  let io;
  Object.defineProperty(window, "io", { configurable: true, get: () => io, set: (v) => {
    io = function (...args) {
      const socket = v(...args);
      socket.onAny((name) => {
        if (name === "event" || name === "events") window.__bench.eventAt = performance.now();
      });
      return socket;
    };
    Object.assign(io, v);
  } });
  let last = 0;
  let checking = false;
  const tick = (t) => {
    const b = window.__bench;
    if (b.recording && last) b.frames.push(t - last);
    last = t;
    const map = document.getElementById("map");
    if (b.want && !b.shownAt && !checking && map && (map.dataset.routes || "").includes(b.want)) {
      checking = true;
      const a = window.__admiralty;
      Promise.resolve(a.map.update(a.store.state, a.store.seat)).then(() =>
        requestAnimationFrame(() => { b.shownAt = performance.now(); checking = false; }));
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def _bytes_of(context: Any, url: str) -> tuple[Any, float, int]:
    """Open ``url`` in a new page of ``context``: the page, seconds to a drawn map, and the
    encoded bytes it took (CDP's encodedDataLength, headers included) once the network is
    quiet."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    total = [0]
    cdp.on(
        "Network.loadingFinished", lambda e: total.__setitem__(0, total[0] + e["encodedDataLength"])
    )
    start = time.monotonic()
    page.goto(url)
    wait_until(page, READY, 60)
    load = time.monotonic() - start
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    return page, load, total[0]


def _frames(page: Any) -> list[float]:
    """rAF deltas (ms) while the mouse pans the map and the wheel zooms it in and out."""
    box = page.locator("#map").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate("window.__bench.frames = []; window.__bench.recording = true")
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(30):
        page.mouse.move(x - 8 * i, y - 3 * i)
        page.wait_for_timeout(16)
    page.mouse.up()
    for delta in (-120,) * 5 + (120,) * 5:
        page.mouse.wheel(0, delta)
        page.wait_for_timeout(60)
    page.wait_for_timeout(800)
    return page.evaluate("window.__bench.recording = false, window.__bench.frames")


def _event_to_map(browser: Any, url: str, n_pages: int, seed: int) -> list[float]:
    """Open ``n_pages`` seats' pages, deploy the Red squadron: ms from the event's arrival to
    the map showing its route, on each page."""
    game = Campaign.new(url, seed=seed)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("blue", "admiral", squadron="Blue")
        game.roll()
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        pages = []
        for i in range(n_pages):
            page = context.new_page()
            page.goto(_link(url, game.seats["red" if i % 2 == 0 else "blue"]["link"]))
            pages.append(page)
        for page in pages:
            wait_until(page, READY, 90)
        force = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
        for page in pages:
            page.evaluate(f"window.__bench.want = {force!r}")
        ack = game.act(
            "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
        )
        assert ack["ok"], ack
        out = []
        for page in pages:
            wait_until(page, "window.__bench.shownAt > 0", 60)
            out.append(page.evaluate("window.__bench.shownAt - window.__bench.eventAt"))
        context.close()
        return out
    finally:
        game.close()


def measure(browser: Any, url: str, runs: int) -> dict[str, float]:
    first, second, load, p50, p95, ev2, ev10 = [], [], [], [], [], [], []
    for run in range(runs):
        game = Campaign.new(url, seed=run + 1)
        game.add("red", "admiral", squadron="Red")
        game.roll()
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        page, seconds, size = _bytes_of(context, _link(url, game.seats["red"]["link"]))
        first.append(size / 1e6)
        load.append(seconds)
        frames = sorted(_frames(page))
        p50.append(statistics.median(frames))
        p95.append(frames[int(0.95 * (len(frames) - 1))])
        page.close()
        page, _, size = _bytes_of(context, _link(url, game.seats["red"]["link"]))
        second.append(size / 1e6)
        context.close()
        game.close()
        ev2.append(statistics.median(_event_to_map(browser, url, 2, 100 + run)))
        ev10.append(statistics.median(_event_to_map(browser, url, 10, 200 + run)))
    med = statistics.median
    return {
        "first visit MB": med(first),
        "second visit MB": med(second),
        "load to map s": med(load),
        "frame p50 ms": med(p50),
        "frame p95 ms": med(p95),
        "event->map 2 pages ms": med(ev2),
        "event->map 10 pages ms": med(ev10),
    }


def _server(root: Path) -> LiveServer:
    env = {
        "PYTHONPATH": str(root),
        "ADMIRALTY_CACHE_DIR": str(Path.home() / ".cache" / "admiralty"),
    }
    live = LiveServer(Path(tempfile.mkdtemp(prefix="admiralty-bench-")), env=env)
    live.start()
    return live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--peer", help="another checkout to measure beside this one")
    parser.add_argument("--no-peer", action="store_true", help="measure this checkout only")
    args = parser.parse_args()
    label = None
    if not args.peer and not args.no_peer:
        args.peer, label = base_tree(), BASE
    from playwright.sync_api import sync_playwright

    here = Path(__file__).resolve().parent.parent
    servers = {"this": _server(here)}
    if args.peer:
        servers["peer"] = _server(Path(args.peer).resolve())
    time.sleep(25)  # the warm-up: the world, the layers, plotly.js packed
    results: dict[str, dict[str, float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, live in servers.items():
                results[name] = measure(browser, live.url, args.runs)
            browser.close()
    finally:
        for live in servers.values():
            live.stop()
    names = list(results)
    peer = label or os.path.basename(str(args.peer))
    head = "".join(f"{n + (' (' + peer + ')' if n == 'peer' else ''):>18s}" for n in names)
    print(f"browser client, {args.runs} runs (median)\n{'':24s}{head}")
    for key in results[names[0]]:
        print(f"{key:24s}" + "".join(f"{results[n][key]:18.3f}" for n in names))


if __name__ == "__main__":
    main()
