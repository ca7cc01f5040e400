"""A captain sends his boats away from his Orders panel in Debian's headless Chromium (BtQ
000:1153-1199, "The Skirmish Rules"): the form the view offers off Brest, the skirmish
fought, and the form then telling her last skirmish as the state keeps it."""

from __future__ import annotations

import pytest

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
