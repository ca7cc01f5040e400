"""A year of service chosen in Debian's headless Chromium (seed 000, Appendix II "Years of
Service": "of your choice"): the summer resolved, the admiral reads his card turned in the
season report and chooses what it gives there; the report's line says what he gained."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser
FORM = "form.year-of-service"


def test_the_admiral_chooses_his_year_of_service_in_the_report(browser, browser_server, seat_pages):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("red", "admiral", squadron="Red", officer={"name": "Robert Calder"})
        game.roll()
        assert game.act("resolve_summer")["ok"]
        oid = game.seats["red"]["officer"]
        turned = game.state("red")["report"]["yours"][oid]["service"]
        red = open_seat(browser, browser_server, game.seats["red"]["link"])
        seat_pages.append(red)
        red.tab("report")
        form = red.page.locator(FORM)
        form.wait_for()
        assert f"a year of service ({turned['card']})" in form.inner_text()
        seq = red.seq()
        form.locator("button[type=submit]").click()  # the first of what it offers
        event = red.wait_event("year_of_service", after=seq)
        service = event["data"]["service"]
        row = turned["offer"]["rows"][0]
        want = {"measure": row["measures"][0]} if row["measures"] else {}
        if row["skill"] and turned["offer"]["skills"]:
            want["skill"] = turned["offer"]["skills"][0]
        assert service["gain"] == want
        red.wait(f"!document.querySelector('{FORM}')")
        assert "offer" not in game.state("red")["report"]["yours"][oid]["service"]
        assert game.state("gm")["report"]["outcomes"][oid]["service"] == service
    finally:
        game.close()
