"""Screenshots of the GM, an admiral and a captain at 1280x800 and 390x844 into
docs/screenshots/ (the README's picture is the admiral's at 1280x800): a campaign at day 0,
the Red squadron deployed to the Channel station, each page on the Channel view.

    .venv/bin/python benchmarks/screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, Campaign, open_seat  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here

SIZES = ((1280, 800), (390, 844))
SEATS = (("gm", "gm"), ("red", "admiral"), ("fg", "captain"))


def main() -> None:
    from playwright.sync_api import sync_playwright

    env = {
        "PYTHONPATH": str(ROOT),
        "ADMIRALTY_CACHE_DIR": str(Path.home() / ".cache" / "admiralty"),
    }
    live = LiveServer(Path(tempfile.mkdtemp(prefix="admiralty-shots-")), env=env)
    live.start()
    out = ROOT / "docs" / "screenshots"
    out.mkdir(exist_ok=True)
    try:
        game = Campaign.new(live.url, seed=3)
        game.add("red", "admiral", squadron="Red")
        game.add("fg", "captain", ship="FG")
        game.roll()
        ack = game.act(
            "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
        )
        assert ack["ok"], ack
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for width, height in SIZES:
                for key, name in SEATS:
                    context = browser.new_context(viewport={"width": width, "height": height})
                    page = open_seat(browser, live.url, game.seats[key]["link"], context=context)
                    if page.page.locator("#views-toggle").is_visible():  # a phone's views
                        page.page.click("#views-toggle")
                    page.page.click("#views button:text('Channel')")
                    page.page.wait_for_timeout(2500)
                    path = out / f"{name}-{width}x{height}.png"
                    page.page.screenshot(path=str(path))
                    print(path, page.errors or "")
                    context.close()
            browser.close()
        game.close()
    finally:
        live.stop()


if __name__ == "__main__":
    main()
