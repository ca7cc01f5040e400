"""A captain's conditional orders for his summer in Debian's headless Chromium (issue 31,
item 1): given from his Orders panel, shown there as given, in the GM's state at once, and
seen by no other seat."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser


def test_a_captain_gives_his_conditional_orders_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 8})
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        oid = game.seats["fg"]["officer"]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.conditional-orders")
        form.wait_for()
        assert form.locator("input[name=by]").get_attribute("max") == "10"  # /api/rules
        form.locator("select").select_option("bravery")
        form.locator("input[name=by]").fill("3")
        form.locator("input[name=decline_promotion]").check()
        seq = fg.seq()
        form.locator("button[data-action=conditional_orders]").click()
        fg.wait_event("conditional_orders", after=seq)
        fg.wait(
            "document.querySelector('fieldset.conditional-orders [data-given]')"
            ".dataset.given === 'bravery'"
        )
        assert "reckless bravery, 3; would decline a promotion" in fg.js(
            "document.querySelector('fieldset.conditional-orders [data-given]').textContent"
        )
        gm_view = next(o for o in game.state()["officers"] if o["id"] == oid)
        assert gm_view["orders"] == {"bravery": 3, "decline_promotion": True}
        red_view = next(o for o in game.state("red")["officers"] if o["id"] == oid)
        assert "orders" not in red_view
        # taken back: none at all
        form = fg.page.locator("fieldset.conditional-orders")
        form.locator("select").select_option("")
        form.locator("input[name=decline_promotion]").uncheck()
        seq = fg.seq()
        form.locator("button[data-action=conditional_orders]").click()
        fg.wait_event("conditional_orders", after=seq)
        fg.wait(
            "document.querySelector('fieldset.conditional-orders [data-given]')"
            ".dataset.given === 'none'"
        )
        assert "orders" not in next(o for o in game.state()["officers"] if o["id"] == oid)
    finally:
        game.close()
