"""A phone is a first-class seat (issue 32, item 5), in Debian's headless Chromium with touch
emulation: at 390x844 (a phone) and at 1280x800 (a laptop) every panel of the play page fits
for the GM, an admiral and a captain (no horizontal scroll of the page or of a panel, no
button, field, cell or tab cut or running past its panel, the tab bar one line); on the phone
the chart is the page's whole width and at least 40% of its height under the lowered sheet,
its view buttons one small button; and with taps alone an admiral gives his squadron an
order and a captain fights a round."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_fight, open_seat, tap_patrol
from tests.conftest import USHANT, bring_red_to_the_brest_squadron
from tests.page_checks import CHART, check_fit, overlap

pytestmark = pytest.mark.browser

SEATS = ("gm", "red", "fg")


def test_every_panel_fits_a_phone_and_a_laptop_and_taps_alone_play_a_round(
    browser, browser_server, seat_pages, touch_contexts
):
    game = Campaign.new(browser_server, seed=11)
    try:
        bring_red_to_the_brest_squadron(game, ("fg", "captain", {"ship": "FG"}))
        pages = {
            (size, key): open_seat(
                browser, browser_server, game.seats[key]["link"], context=touch_contexts[size]
            )
            for size in touch_contexts
            for key in SEATS
        }
        seat_pages.extend(pages.values())
        red, fg = pages["phone", "red"], pages["phone", "fg"]

        # the chart on the phone: the whole width, 40% of the height above the lowered sheet
        chart = red.js(CHART)
        assert chart["sheetState"] == "lowered"
        assert chart["canvas"]["width"] >= chart["width"], chart
        assert chart["sheet"]["top"] - chart["canvas"]["top"] >= 0.4 * chart["height"], chart
        # its views one small button, clear of the compass; opened, a grid of buttons
        assert chart["views"]["height"] <= 40 and chart["views"]["width"] <= 120, chart
        assert not overlap(chart["views"], chart["corner"]), chart
        red.page.locator("#views-toggle").tap()
        red.page.locator("#views button:text('Channel')").tap()
        assert red.js("document.getElementById('views').classList.contains('open')") is False
        # the sheet: collapsed to its tab bar (the chart grows), raised, lowered by taps
        red.page.locator("#sheet-lower").tap()
        low = red.js(CHART)
        assert low["sheetState"] == "collapsed" and low["sheet"]["height"] < 100, low
        red.wait(
            "document.querySelector('#map canvas').getBoundingClientRect().height"
            f" > {chart['canvas']['height'] + 200}"
        )
        assert red.js("document.getElementById('panel-orders').offsetParent") is None
        red.page.locator("#sheet-grip").tap()
        red.page.locator("#sheet-raise").tap()
        high = red.js(CHART)
        assert high["sheetState"] == "raised", high
        assert high["sheet"]["height"] > 0.7 * high["height"], high
        red.page.locator("#sheet-lower").tap()
        assert red.js(CHART)["sheetState"] == "lowered"

        # the admiral's order by taps: patrol, the sea off Ushant tapped on the chart, confirmed
        tap_patrol(red, USHANT)
        seq = red.seq()
        red.page.locator("button[data-action=orders]").tap()
        red_force = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
        order = red.wait_event("deploy", f"e.data.force === '{red_force}'", after=seq)
        assert order["data"]["orders"]["kind"] in ("patrol", "station"), order  # (its ground)

        fight = open_fight(game)
        assert fight, "seed 11: the Red meets the Brest squadron off Ushant"
        box = f"#panel-battles article[data-engagement={fight}]"
        for page in pages.values():
            page.wait(f"document.querySelector('{box}') !== null", timeout=30)

        # every panel of every seat at both sizes, the battle open
        bad = []
        for (size, key), page in pages.items():
            bad += check_fit(page, f"{key} at {size}")
            if size == "laptop":  # (its chart's frames cost the phone's pages time)
                page.page.close()
        assert not bad, "\n".join(bad)

        # the captain fights a round with taps: his ship's decision, then the admiral's ships'
        fg.page.locator("#tab-battles").tap()
        record = next(e for e in game.state("fg")["engagements"] if e["id"] == fight)
        mine = next(s for s, h in record["awaiting"].items() if h == game.seats["fg"]["seat"])
        form = fg.page.locator(f"{box} fieldset.orders-round[data-ship={mine}]")
        before = fg.seq()
        form.locator("button[data-decision]").first.tap()
        fg.wait_event("engage_decision", f"e.data.engagement === '{fight}'", after=before)
        red.page.locator("#tab-battles").tap()
        record = next(e for e in game.state("red")["engagements"] if e["id"] == fight)
        for ship in [s for s, h in record["awaiting"].items() if h == game.seats["red"]["seat"]]:
            seq = red.seq()
            red.page.locator(
                f"{box} fieldset.orders-round[data-ship={ship}] button[data-decision=hold]"
            ).tap()
            red.wait_event("engage_decision", f"e.data.engagement === '{fight}'", after=seq)
        # the round is fought once the last orders are in: his ship's decision in its log
        fg.wait(
            "([f, ship]) => (window.__admiralty.store.state.engagements || []).some((x) =>"
            " x.id === f && x.log.some((l) => l.type === 'decision' && l.ship === ship))",
            timeout=60,
            arg=[fight, mine],
        )
    finally:
        game.close()
