"""A Royal Marine's career in Debian's headless Chromium (Briny 001:938-940): the GM adds a
Marine's seat from his Seats panel; its player enrols his character from his Officers panel
(a Private RM, his ship drawn by the server); in the autumn his Orders panel's Announcements
offer the request for a change of ship, which is announced, and when the GM moves the season
on its roll reaches his notices."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser


def test_the_gm_seats_a_marine_who_enrols_and_requests_a_change_of_ship(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=21)
    try:
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        gm.tab("seats")
        panel = gm.page.locator("#panel-seats")
        panel.locator("[data-field=role]").select_option("marine")
        panel.locator("[data-field=name]").fill("Sharpe")
        panel.locator("button[data-action=add-seat]").click()
        row = gm.page.locator("#panel-seats tr[data-seat]", has_text="Sharpe")
        row.wait_for()
        link = row.locator("input[data-link]").input_value()
        marine = open_seat(browser, browser_server, link)
        seat_pages.append(marine)
        marine.tab("officers")
        form = marine.page.locator("fieldset.enrol")
        form.wait_for()
        for label, value in (("Name", "Richard Sharpe"), ("NA", "1"), ("Strength", "12"),
                             ("Constitution", "12"), ("Expertise (sabre)", "12")):  # fmt: skip
            form.get_by_label(label, exact=True).fill(value)
        form.locator("button[data-action=enrol]").click()  # NA 1: "not accepted"
        form.locator("p.error", has_text="Naval Ability above 1").wait_for()
        refused = [e for e in marine.errors if "status of 409" in e]  # the browser's own log
        assert len(refused) == 1, marine.errors
        marine.errors.remove(refused[0])
        form.get_by_label("NA", exact=True).fill("3")
        seq = marine.seq()
        form.locator("button[data-action=enrol]").click()
        enrolled = marine.wait_event("officer_created", after=seq)
        officer = enrolled["data"]["officer"]
        seat_id = officer["player"]
        (seat,) = [s for s in game.state("gm")["seats"] if s["id"] == seat_id]
        assert officer["rank"] == "Private RM" and seat["ship"]  # drawn as he enrolled
        marine.wait(
            f"document.querySelector('#panel-officers tr[data-seat=\"{seat_id}\"]')"
            f"?.textContent.includes('({seat['ship']})')"
        )
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn
        marine.tab("orders")
        announced = marine.page.locator("fieldset.announced")
        announced.wait_for()
        seq = marine.seq()
        announced.locator("button[data-action=ask_transfer]").click()
        asked = marine.wait_event("ask_transfer", after=seq)
        assert asked["data"]["id"] == "mc1" and asked["data"]["player"] == seat_id
        announced.locator("[data-announcement=mc1]").wait_for()  # listed for favours
        seq = marine.seq()
        assert game.act("next_season")["ok"]
        turned = marine.wait_event("next_season", after=seq)
        (rec,) = turned["data"]["transfers"]
        assert rec["granted"] is False  # a die alone never makes 7
        marine.wait(
            "[...document.querySelectorAll('ol.notices li')].some((n) =>"
            " n.textContent.includes('the Brigadier-General of Marines keeps him in'))"
        )
    finally:
        game.close()
