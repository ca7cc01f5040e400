"""Voyages meet the sea in Debian's Chromium (docs/rules-notes.md "Voyages meet the sea",
"Damage off the sea in battle"): a captain whose ship strikes rocks on her passage is told
so in his Talk panel, and his forces table says the damage points she bears and what they
would cost her in a fight, as the view gives them."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser

#: a campaign in which Dreadnought (a Fourth Rate), sailing alone from Spithead to the Nore
#: along the inshore band, strikes rocks on the first day: 10 damage points of her 48, 3 of
#: her 15 Hull boxes (found by playing the same events on the test server)
SEED = 26


def test_a_captain_sees_his_ship_go_aground(browser, browser_server, seat_pages) -> None:
    game = Campaign.new(browser_server, seed=SEED)
    try:
        game.add("dr", "captain", ship="DR")
        game.roll()
        page = open_seat(browser, browser_server, game.seats["dr"]["link"])
        seat_pages.append(page)
        assert game.act("sail", ship="DR", to="the-nore", **{"as": game.seats["dr"]["seat"]})["ok"]
        after = page.seq()
        assert game.act("advance", days=1)["ok"]
        page.wait_event("advance", after=after)
        page.wait("window.__admiralty.feed.some((n) => n.type === 'grounding')", timeout=15)
        (notice,) = page.js("window.__admiralty.feed.filter((n) => n.type === 'grounding')")
        assert notice["ship"] == "DR" and notice["result"] == "rocks" and notice["damage"] == 10
        page.tab("talk")
        feed = page.js("document.querySelector('#panel-talk ol.notices').textContent")
        assert "Dreadnought struck rocks in the inshore band on day 1: 10 damage points" in feed
        page.tab("orders")
        ships = page.page.locator("#panel-orders tr[data-force=ship-dr] td.ships").inner_text()
        assert ships == (
            "Dreadnought (Fourth Rate, 10 of 48 damage points: 3 Hull boxes struck in her "
            "next fight)"
        )
    finally:
        game.close()
