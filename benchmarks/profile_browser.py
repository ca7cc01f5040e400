"""Where the browser client's time goes, in Debian's headless Chromium: a CPU profile (CDP's
Profiler) of the page load, of a scripted pan and zoom, and of one event (the Red squadron
deployed) to the map showing it, each summed by function (self time) and by script.

    .venv/bin/python benchmarks/profile_browser.py [--top 25]

The companion of bench_browser.py (which times the same things): this one says why.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_browser import PROBE, READY, _frames, _link, _server  # noqa: E402
from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, Campaign, wait_until  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here


def summary(profile: dict[str, Any], top: int) -> str:
    """Self time by function and by script of a CDP Profiler profile."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    self_us: collections.Counter[str] = collections.Counter()
    by_url: collections.Counter[str] = collections.Counter()
    deltas = profile.get("timeDeltas", [])
    for sample, dt in zip(profile.get("samples", []), deltas[1:] + [0], strict=False):
        frame = nodes[sample]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1] or "(native)"
        name = frame["functionName"] or "(anonymous)"
        self_us[f"{name} {url}:{frame['lineNumber'] + 1}"] += dt
        by_url[url] += dt
    total = sum(by_url.values()) or 1
    lines = [f"  total sampled {total / 1000:.0f} ms"]
    lines += [
        f"  {us / 1000:8.1f} ms {100 * us / total:5.1f}%  {k}" for k, us in by_url.most_common(8)
    ]
    lines.append("  -- functions (self)")
    lines += [f"  {us / 1000:8.1f} ms  {k}" for k, us in self_us.most_common(top)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    live = _server(Path(__file__).resolve().parent.parent)
    time.sleep(25)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            game = Campaign.new(live.url, seed=7)
            game.add("red", "admiral", squadron="Red")
            game.roll()
            context = browser.new_context(viewport=VIEWPORT)
            context.add_init_script(PROBE)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
            start = time.monotonic()
            page.goto(_link(live.url, game.seats["red"]["link"]))
            wait_until(page, READY, 60)
            load = time.monotonic() - start
            print(
                f"load to map {load:.2f} s; marks:",
                page.evaluate(
                    "performance.getEntriesByType('mark')"
                    ".map((m) => [m.name, Math.round(m.startTime)])"
                ),
            )
            print(summary(cdp.send("Profiler.stop")["profile"], args.top))
            page.wait_for_timeout(1500)
            cdp.send("Profiler.start")
            frames = sorted(_frames(page))
            print(
                f"\npan/zoom: {len(frames)} frames, p50 {frames[len(frames) // 2]:.0f} ms,"
                f" p95 {frames[int(0.95 * (len(frames) - 1))]:.0f} ms"
            )
            print(summary(cdp.send("Profiler.stop")["profile"], args.top))
            page.wait_for_timeout(1000)
            force = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
            page.evaluate(f"window.__bench.want = {force!r}")
            cdp.send("Profiler.start")
            ack = game.act(
                "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
            )
            assert ack["ok"], ack
            wait_until(page, "window.__bench.shownAt > 0", 60)
            shown = page.evaluate("window.__bench.shownAt - window.__bench.eventAt")
            print(f"\nevent->map {shown:.0f} ms")
            print(summary(cdp.send("Profiler.stop")["profile"], args.top))
            context.close()
            game.close()
            browser.close()
    finally:
        live.stop()


if __name__ == "__main__":
    main()
