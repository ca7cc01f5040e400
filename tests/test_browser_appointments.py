"""Applying for a post in Debian's headless Chromium (Briny, APPOINTMENTS: "Naval
Appointments are made in September"): in the autumn a captain's Orders panel offers the
posts of the Naval table his character may hold (the server's ``appointment_posts``); the
First Sea Lord's character chooses him, and the form then says the post he holds."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat
from tests.conftest import RICH

pytestmark = pytest.mark.browser
FORM = "fieldset.appointments"


def test_a_captain_applies_for_a_naval_post_from_his_orders(browser, browser_server, seat_pages):
    game = Campaign.new(browser_server, seed=21)
    try:
        officer = {"name": "Jack Aubrey", "birth": RICH, "rank": "Captain"}
        game.add("fg", "captain", ship="FG", officer=officer)
        game.add("fsl", "first-sea-lord", officer={"name": "Barham", "birth": RICH})
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn: September's appointments
        offered = game.state("fg")["appointment_posts"]["posts"]
        assert "Captain of the Fleet" in [p["appointment"] for p in offered]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator(FORM)
        form.wait_for()
        assert "Captain of the Fleet (the First Sea Lord's: his choice)" in form.inner_text()
        form.locator("select[name=appointment]").select_option("Captain of the Fleet")
        seq = fg.seq()
        form.locator("button[data-action=apply_appointment]").click()
        event = fg.wait_event("apply_appointment", after=seq)
        assert event["data"]["granted"] is True and event["data"]["by"] == "player"
        fg.wait(f"document.querySelector('{FORM} [data-held]')?.dataset.held"
                " === 'Captain of the Fleet'")  # fmt: skip
    finally:
        game.close()
