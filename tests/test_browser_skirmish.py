"""A captain sends his boats away from his Orders panel in Debian's headless Chromium (BtQ
000:1153-1199, "The Skirmish Rules"): the form the view offers off Brest, in the summer and
on a volunteers' cruise after it, the skirmish fought, and the form then telling her last
skirmish as the state keeps it."""

from __future__ import annotations

import pytest

from server.game import rules
from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser


def test_a_captain_cuts_out_a_vessel_from_the_orders_panel(browser, browser_server, seat_pages):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG")
        game.add("red", "admiral", squadron="Red")
        game.roll()
        assert game.act("deploy", squadron="Red", blockade="brest")["ok"]
        for _ in range(10):  # to her station off Brest
            red = next(f for f in game.state()["forces"] if f.get("squadron") == "Red")
            if not red["route"]:
                break
            assert game.act("advance", days=1)["ok"]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.skirmish")
        form.wait_for()
        assert "Brest" in form.locator("select").nth(1).inner_text()  # the port she lies off
        form.locator("[data-officer=FG-captain] select").select_option("board")
        seq = fg.seq()
        form.locator("button[data-action=skirmish]").click()
        fg.wait_event("skirmish", after=seq)
        ship = next(s for f in game.state()["forces"] for s in f["ships"] if s["code"] == "FG")
        assert ship["skirmish"]["mission"] == "cutting_out"
        fg.wait("document.querySelector('fieldset.skirmish').textContent.includes('Her last')")
        assert ship["skirmish"]["text"] in fg.page.locator("fieldset.skirmish").inner_text()
    finally:
        game.close()


def test_a_volunteers_cruise_sends_her_boats_away_off_brest(browser, browser_server, seat_pages):
    """The autumn: FG volunteered by her captain and sailed to lie off Brest; his Orders
    panel offers her boats as in the summer, and the skirmish is fought from it."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG")
        game.roll()
        assert game.act("resolve_summer")["ok"]
        captain = {"as": game.seats["fg"]["seat"]}
        assert game.act("volunteer", ship="FG", **captain)["ok"]
        off = list(rules.blockade_point("brest"))
        assert game.act("sail", ship="FG", to=off, **captain)["ok"]
        for _ in range(15):  # her passage to lie off Brest
            cruise = next(f for f in game.state()["forces"] if f.get("cruise"))
            if not cruise["route"]:
                break
            assert game.act("advance", days=1)["ok"]
        assert game.state()["phase"] == "autumn" and not cruise["route"]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.skirmish")
        form.wait_for()
        assert "Brest" in form.locator("select").nth(1).inner_text()
        form.locator("[data-officer] select").first.select_option("board")
        seq = fg.seq()
        form.locator("button[data-action=skirmish]").click()
        fg.wait_event("skirmish", after=seq)
        ship = next(s for f in game.state()["forces"] for s in f["ships"] if s["code"] == "FG")
        assert ship["skirmish"]["mission"] == "cutting_out"
        fg.wait("document.querySelector('fieldset.skirmish').textContent.includes('Her last')")
        assert ship["skirmish"]["text"] in fg.page.locator("fieldset.skirmish").inner_text()
    finally:
        game.close()
