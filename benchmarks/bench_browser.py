"""The browser client's speed in Debian's headless Chromium, against a bare MapLibre page
with the same land (the sea chart's own floor: one fill and one line, nothing else), served
by this checkout's server and measured the same way in the same run, printed side by side
(``--peer DIR``: another checkout's server measured too, e.g. the code before a change):

- bytes transferred (encoded, as the network carried them) on a first and a second visit;
- when the map object is made, and when the map has settled (its last render while loading:
  the land, the forces and the wind drawn) and how many times it rendered until then;
- frame times (requestAnimationFrame deltas, p50 and p95) during a scripted pan and zoom, and
  the renderer's CPU a map frame (CDP's TaskDuration over MapLibre's renders meanwhile);
- event arrival (the Socket.IO packet at the page) to the map showing it, with 2 and 10
  pages open (the median over the pages; each page's own clock), and the page's own script
  for the event (its Socket.IO handlers' time), every page ready and quiet before it is sent.

    .venv/bin/python benchmarks/bench_browser.py [--runs 2] [--peer /tmp/before]

Before anything is measured the browser opens the play page and the bare page once each,
unmeasured (``warm``): the first page measured no longer pays alone for the browser's
first map (its shaders compiled in software), which the bare page, measured last, did not.

Goals (issue 32): settled at most 1.3 times the bare page's, at most one render more while
loading, a frame's renderer CPU at most 1.1 times, the page's script at most 5 ms an event.
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
BARE_READY = "document.getElementById('map').dataset.mapReady === '1'"
BARE_PATH = "/bench-bare"
# Before the page's scripts: note when MapLibre's map is made and each of its renders, time
# the Socket.IO "event"/"events" handlers (the page's own script for an event), note each
# such packet's arrival, and watch for the map showing a wanted route (the map's own draw
# promise, then the next frame).
PROBE = """
(() => {
  const b = window.__bench = { eventAt: 0, shownAt: 0, want: null, frames: [],
    recording: false, madeAt: 0, renders: 0, lastRender: 0, scriptMs: [] };
  let lib;
  Object.defineProperty(window, "maplibregl", { configurable: true, get: () => lib, set: (v) => {
    class Map extends v.Map {
      constructor(...args) {
        super(...args);
        b.madeAt = performance.now();
        this.on("render", () => { b.renders += 1; b.lastRender = performance.now(); });
      }
    }
    lib = new Proxy(v, { get: (t, k) => (k === "Map" ? Map : t[k]) });
  } });
  let io;
  Object.defineProperty(window, "io", { configurable: true, get: () => io, set: (v) => {
    io = function (...args) {
      const socket = v(...args);
      socket.onAny((name) => {
        if (name === "event" || name === "events") b.eventAt = performance.now();
      });
      const on = socket.on.bind(socket);
      socket.on = (name, handler) => on(name, name === "event" || name === "events"
        ? (...a) => {
          const t = performance.now();
          try { return handler(...a); } finally { b.scriptMs.push(performance.now() - t); }
        } : handler);
      return socket;
    };
    Object.assign(io, v);
  } });
  let last = 0;
  let checking = false;
  const tick = (t) => {
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
# The bare MapLibre page: the same renderer, the same land (/api/map's), the same camera and
# size as the chart's, its sources in the style; its flag raised on the idle after loading.
BARE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/vendor/maplibre-gl.css">
<script defer src="/vendor/maplibre-gl.js"></script>
<style>body {{ margin: 0 }} #map {{ position: absolute; left: {x}px; top: {y}px;
width: {width}px; height: {height}px }}</style></head>
<body><div id="map"></div><script type="module">
const layers = await (await fetch("/api/map")).json();
const div = document.getElementById("map");
const m = new maplibregl.Map({{ container: div, center: {center}, zoom: {zoom},
  attributionControl: false, fadeDuration: 0, style: {{ version: 8,
  sources: {{ land: {{ type: "geojson", data: layers.land }} }},
  layers: [{{ id: "sea", type: "background", paint: {{ "background-color": "#dfe6df" }} }},
    {{ id: "land", type: "fill", source: "land", paint: {{ "fill-color": "#eadcb4" }} }},
    {{ id: "coast", type: "line", source: "land",
      paint: {{ "line-color": "#7d6a43", "line-width": 0.7 }} }}] }} }});
m.once("load", () => m.once("idle", () => {{ div.dataset.mapReady = "1"; }}));
window.__bare = m;
</script></body></html>
"""


def _quiet(page: Any, timeout: float = 30) -> None:
    """Wait until the map has not rendered for half a second (it has settled)."""
    wait_until(
        page,
        "window.__bench.lastRender > 0 && performance.now() - window.__bench.lastRender > 500",
        timeout,
    )


def _bytes_of(context: Any, url: str, ready: str = READY) -> tuple[Any, Any, float, int]:
    """Open ``url`` in a new page of ``context``: the page, its CDP session, seconds to its
    ready flag, and the encoded bytes it took (CDP's encodedDataLength, headers included)
    once the network is quiet and the map has settled."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Performance.enable")
    total = [0]
    cdp.on(
        "Network.loadingFinished", lambda e: total.__setitem__(0, total[0] + e["encodedDataLength"])
    )
    start = time.monotonic()
    page.goto(url)
    wait_until(page, ready, 60)
    load = time.monotonic() - start
    page.wait_for_load_state("networkidle")
    _quiet(page)
    return page, cdp, load, total[0]


def _task_seconds(cdp: Any) -> float:
    """The renderer's main-thread task time so far (CDP Performance's TaskDuration)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def _loading(page: Any) -> dict[str, float]:
    """When the map was made and when it settled (s since navigation), renders until then."""
    b = page.evaluate("({...window.__bench})")
    return {"made": b["madeAt"] / 1000, "settled": b["lastRender"] / 1000, "renders": b["renders"]}


def _frame_cpu(page: Any, cdp: Any) -> tuple[list[float], float]:
    """The pan and zoom's rAF deltas, and the renderer's CPU (ms) a map render meanwhile."""
    renders, cpu = page.evaluate("window.__bench.renders"), _task_seconds(cdp)
    frames = _frames(page)
    renders = page.evaluate("window.__bench.renders") - renders
    return frames, 1000 * (_task_seconds(cdp) - cpu) / max(1, renders)


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


def _event_to_map(
    browser: Any, url: str, n_pages: int, seed: int
) -> tuple[list[float], list[float]]:
    """Open ``n_pages`` seats' pages, wait until every one is ready and its map quiet, then
    deploy the Red squadron: on each page, ms from the event's arrival to the map showing its
    route, and ms of the page's own script for the event."""
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
            wait_until(page, READY, 120)
        for page in pages:
            _quiet(page, 60)
        force = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
        for page in pages:
            page.evaluate(f"window.__bench.want = {force!r}; window.__bench.scriptMs = []")
        ack = game.act(
            "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
        )
        assert ack["ok"], ack
        shown, script = [], []
        for page in pages:
            wait_until(page, "window.__bench.shownAt > 0", 60)
            shown.append(page.evaluate("window.__bench.shownAt - window.__bench.eventAt"))
            script.append(page.evaluate("window.__bench.scriptMs.reduce((a, b) => a + b, 0)"))
        context.close()
        return shown, script
    finally:
        game.close()


def measure(browser: Any, url: str, runs: int, box: dict[str, Any]) -> dict[str, float]:
    """This server's play page, measured ``runs`` times (the median); ``box`` is given the
    map's place and camera (the bare page's, after)."""
    rows: dict[str, list[float]] = {}

    def note(key: str, value: float) -> None:
        rows.setdefault(key, []).append(value)

    for run in range(runs):
        game = Campaign.new(url, seed=run + 1)
        game.add("red", "admiral", squadron="Red")
        game.roll()
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        page, cdp, seconds, size = _bytes_of(context, _link(url, game.seats["red"]["link"]))
        box.update(
            page.evaluate(
                """(() => { const r = document.getElementById("map").getBoundingClientRect();
                const m = window.__admiralty.map.maplibre(); const c = m.getCenter();
                return { x: r.x, y: r.y, width: r.width, height: r.height,
                  center: [c.lng, c.lat], zoom: m.getZoom() }; })()"""
            )
        )
        note("first visit MB", size / 1e6)
        note("ready flag s", seconds)
        for key, value in _loading(page).items():
            note(
                {"made": "map made s", "settled": "settled s", "renders": "renders loading"}[key],
                value,
            )
        frames, cpu = _frame_cpu(page, cdp)
        frames.sort()
        note("frame p50 ms", statistics.median(frames))
        note("frame p95 ms", frames[int(0.95 * (len(frames) - 1))])
        note("renderer CPU/frame ms", cpu)
        page.close()
        page, _, _, size = _bytes_of(context, _link(url, game.seats["red"]["link"]))
        note("second visit MB", size / 1e6)
        context.close()
        game.close()
        for n, seed in ((2, 100 + run), (10, 200 + run)):
            shown, script = _event_to_map(browser, url, n, seed)
            note(f"event->map {n} pages ms", statistics.median(shown))
            note(f"script/event {n} pages ms", statistics.median(script))
    return {key: statistics.median(values) for key, values in rows.items()}


def measure_bare(browser: Any, url: str, runs: int, box: dict[str, Any]) -> dict[str, float]:
    """The bare MapLibre page (served to the browser at ``BARE_PATH`` of ``url``, its map in
    ``box``), measured as :func:`measure` measures the play page."""
    rows: dict[str, list[float]] = {}
    html = BARE.format(**box)
    for _run in range(runs):
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        context.route(
            url + BARE_PATH, lambda route: route.fulfill(body=html, content_type="text/html")
        )
        for second in (False, True):
            page, cdp, seconds, size = _bytes_of(context, url + BARE_PATH, BARE_READY)
            if second:
                rows.setdefault("second visit MB", []).append(size / 1e6)
                break
            rows.setdefault("first visit MB", []).append(size / 1e6)
            rows.setdefault("ready flag s", []).append(seconds)
            names = {"made": "map made s", "settled": "settled s", "renders": "renders loading"}
            for key, value in _loading(page).items():
                rows.setdefault(names[key], []).append(value)
            frames, cpu = _frame_cpu(page, cdp)
            frames.sort()
            rows.setdefault("frame p50 ms", []).append(statistics.median(frames))
            rows.setdefault("frame p95 ms", []).append(frames[int(0.95 * (len(frames) - 1))])
            rows.setdefault("renderer CPU/frame ms", []).append(cpu)
            page.close()
        context.close()
    return {key: statistics.median(values) for key, values in rows.items()}


def warm(browser: Any, url: str, box: dict[str, Any]) -> None:
    """Open the play page and the bare page once each, unmeasured, in a context of their own
    (thrown away): the browser's shared state (its GPU process's compiled shaders, V8's
    caches) is then as warm for the first page measured as for the last, whichever it is.
    Each measured page still comes to an empty HTTP cache (a new context)."""
    game = Campaign.new(url, seed=99)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll()
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(_link(url, game.seats["red"]["link"]))
        wait_until(page, READY, 120)
        box.update(
            page.evaluate(
                """(() => { const r = document.getElementById("map").getBoundingClientRect();
                const m = window.__admiralty.map.maplibre(); const c = m.getCenter();
                return { x: r.x, y: r.y, width: r.width, height: r.height,
                  center: [c.lng, c.lat], zoom: m.getZoom() }; })()"""
            )
        )
        html = BARE.format(**box)
        context.route(
            url + BARE_PATH, lambda route: route.fulfill(body=html, content_type="text/html")
        )
        bare = context.new_page()
        bare.goto(url + BARE_PATH)
        wait_until(bare, BARE_READY, 60)
        context.close()
    finally:
        game.close()


GOALS = (
    ("settled s", "settled at most 1.3 times the bare page's", lambda v, b: v <= 1.3 * b),
    (
        "renders loading",
        "renders while loading at most the bare page's + 1",
        lambda v, b: v <= b + 1,
    ),
    (
        "renderer CPU/frame ms",
        "a frame's renderer CPU at most 1.1 times",
        lambda v, b: v <= 1.1 * b,
    ),
    ("script/event 2 pages ms", "the page's script at most 5 ms an event", lambda v, b: v <= 5),
)


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
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    here = Path(__file__).resolve().parent.parent
    servers = {"this": _server(here)}
    if args.peer:
        servers["peer"] = _server(Path(args.peer).resolve())
    time.sleep(25)  # the servers' warm-up: the world, the layers, plotly.js packed
    results: dict[str, dict[str, float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            box: dict[str, Any] = {}
            warm(browser, servers["this"].url, box)
            for name, live in servers.items():
                results[name] = measure(browser, live.url, args.runs, box)
            results["bare"] = measure_bare(browser, servers["this"].url, args.runs, box)
            browser.close()
    finally:
        for live in servers.values():
            live.stop()
    names = ["bare", *servers]
    peer = os.path.basename(str(args.peer))
    head = "".join(f"{n + (' (' + peer + ')' if n == 'peer' else ''):>26s}" for n in names)
    print(f"browser client, {args.runs} runs (median)\n{'':26s}{head}")
    for key in results["this"]:
        print(
            f"{key:26s}"
            + "".join(
                f"{results[n][key]:26.3f}" if key in results[n] else f"{'-':>26s}" for n in names
            )
        )
    print("\ngoals (beside the bare page):")
    bare = results["bare"]
    for key, words, met in GOALS:
        for n in servers:
            value = results[n][key]
            ratio = f" ({value / bare[key]:.2f}x)" if key in bare and bare[key] else ""
            verdict = "met" if met(value, bare.get(key, 0)) else "NOT met"
            print(f"  {n:5s} {words}: {value:.3f}{ratio} {verdict}")


if __name__ == "__main__":
    main()
