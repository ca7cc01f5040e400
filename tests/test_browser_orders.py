"""A captain's conditional orders for his summer in Debian's headless Chromium (issue 31,
item 1): given from his Orders panel, shown there as given, in the GM's state at once, and
seen by no other seat."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, SeatPage, open_seat
from tests.conftest import RICH

pytestmark = pytest.mark.browser
GIVEN = "document.querySelector('fieldset.conditional-orders [data-given]')"


def _give(page: SeatPage, way: str, by: int, decline: bool) -> str:
    """His orders given through the form, once their event is in: what the form then says."""
    form = page.page.locator("fieldset.conditional-orders")
    form.locator("select").select_option(way)
    form.locator("input[name=by]").fill(str(by))
    form.locator("input[name=decline_promotion]").set_checked(decline)
    seq = page.seq()
    form.locator("button[data-action=conditional_orders]").click()
    page.wait_event("conditional_orders", after=seq)
    page.wait(f"{GIVEN}.dataset.given === '{way or 'none'}'")
    return page.js(f"{GIVEN}.textContent")


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
        said = _give(fg, "bravery", 3, True)
        assert said == (
            "Given: reckless bravery, 3 less needed for death; he would decline a promotion"
            " for a mention in despatches"
        )
        aubrey = {
            key: next(o for o in game.state(key)["officers"] if o["id"] == oid)
            for key in ("gm", "red")
        }
        assert aubrey["gm"]["orders"] == {"bravery": 3, "decline_promotion": True}
        assert "orders" not in aubrey["red"]
        # taken back: none at all
        assert _give(fg, "", 1, False) == "No orders given."
        assert "orders" not in next(o for o in game.state()["officers"] if o["id"] == oid)
    finally:
        game.close()


def test_a_captain_invests_and_liquidates_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    """Briny, INVESTMENT: his investment made through the form, then sold from its line for
    its capital less the 10% liquidation fee; the line says so, his funds have it."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        oid = game.seats["fg"]["officer"]

        def funds() -> int:
            return next(o for o in game.state()["officers"] if o["id"] == oid)["funds"]

        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.invest")
        form.wait_for()
        start = funds()
        form.locator("select").select_option("arms")
        form.locator("input[type=number]").fill("2000")
        seq = fg.seq()
        form.locator("button[data-action=invest]").click()
        fg.wait_event("invest", after=seq)
        line = form.locator("li[data-investment='i1805-1']")
        line.wait_for()
        assert funds() == start - 2000
        sell = line.locator("button[data-action=liquidate]")
        assert sell.text_content() == "Liquidate for 1800 guineas"
        seq = fg.seq()
        sell.click()
        fg.wait_event("liquidate", after=seq)
        fg.wait(
            "document.querySelector(\"fieldset.invest li[data-investment='i1805-1']\")"
            "?.dataset.liquidated === '1800'"
        )
        assert "liquidated for 1800 guineas" in form.locator("li").text_content()
        assert funds() == start - 200  # the fee, and no more
    finally:
        game.close()


def test_a_captain_studies_at_the_academy_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    """Briny, NAVAL ABILITY: in the autumn, ashore, four weeks at the Royal Naval Academy
    through the form: his NA a level up, 200 guineas paid, the form says so."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add(
            "fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 2, "birth": RICH}
        )
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        oid = game.seats["fg"]["officer"]
        assert game.act("roll_force")["ok"] and game.act("resolve_summer")["ok"]

        def him() -> dict:
            return next(o for o in game.state()["officers"] if o["id"] == oid)

        start, na = him()["funds"], him()["na"]  # the summer may have raised it
        assert na <= 4
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.academy")
        form.wait_for()
        assert form.locator("input[name=weeks]").get_attribute("max") == "13"  # /api/rules
        assert "50 guineas; 4 weeks make a level of Naval Ability, up to NA 5" in (
            form.text_content() or ""
        )
        form.locator("input[name=weeks]").fill("4")
        seq = fg.seq()
        form.locator("button[data-action=study]").click()
        fg.wait_event("study", after=seq)
        fg.wait(f"document.querySelector('fieldset.academy [data-na]')?.dataset.na === '{na + 1}'")
        assert "4 week(s) studied in 1805 autumn" in (form.text_content() or "")
        assert (him()["na"], him()["funds"]) == (na + 1, start - 200)
    finally:
        game.close()
