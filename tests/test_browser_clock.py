"""The turn clock in Debian's headless Chromium (issue 14 item 6): a deadline a few seconds
ahead moves the game on exactly once on every page; everyone ready moves it at once; the
GM sets the clock from his Orders panel."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from tests.browser_helpers import Campaign, SeatPage, open_seat

pytestmark = pytest.mark.browser


def _day(page: SeatPage) -> int:
    return page.js("window.__admiralty.store.state.day")


def test_a_deadline_moves_every_page_on_once_and_everyone_ready_at_once(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("blue", "admiral", squadron="Blue")
        game.roll()
        pages = [open_seat(browser, browser_server, game.seats[k]["link"]) for k in ("red", "blue")]
        seat_pages.extend(pages)
        red, blue = pages
        when = datetime.now(UTC) + timedelta(seconds=3)
        assert game.act("set_deadline", deadline=when.isoformat().replace("+00:00", "Z"))["ok"]
        red.wait("window.__admiralty.store.state.deadline !== null", timeout=5)
        assert red.page.locator("#st-deadline").inner_text() != "none"
        for page in pages:  # the server moved the game on by itself
            page.wait("window.__admiralty.store.state.day === 1", timeout=15)
            assert "2 June 1805" in page.page.locator("#st-date").inner_text()
        time.sleep(2)  # four beats of the clock: the deadline was spent once
        assert _day(red) == _day(blue) == 1
        assert red.page.locator("#st-deadline").inner_text() == "none"

        # the GM runs a turn clock from his panel; then everyone ready moves the turn at once
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        gm.page.fill("label:text('Game days a turn') + input", "2")
        gm.page.fill("label:text('Turn lasts (minutes)') + input", "60")
        gm.page.click("button[data-action=set_clock]")
        red.wait("window.__admiralty.store.state.deadline !== null", timeout=5)
        assert game.state()["clock"]["turn_days"] == 2
        for key in ("pm", "fsl"):
            assert game.act("ready", **{"as": game.seats[key]["seat"]})["ok"]
        red.page.click("button[data-action=ready]")
        assert _day(red) == 1  # the Blue admiral is not ready yet
        blue.page.click("button[data-action=ready]")
        for page in pages:
            page.wait("window.__admiralty.store.state.day === 3", timeout=10)
    finally:
        game.close()
