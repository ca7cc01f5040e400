"""Volunteers and their cruises in Debian's headless Chromium (issue 17, item 3): a captain
volunteers his ship from the Orders panel and the admiral's page shows it at once; the GM
sends the cruise on the voyage planner's missions; when the season ends its page shows
what cruised and who rose and fell."""

from __future__ import annotations

import pytest

from tests.browser_helpers import open_seat

pytestmark = pytest.mark.browser


def test_a_cruise_volunteered_planned_sailed_and_its_season_page(
    browser, browser_server, seat_pages, autumn_live
):
    game = autumn_live
    fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
    red = open_seat(browser, browser_server, game.seats["red"]["link"])
    gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
    seat_pages.extend([fg, red, gm])
    # the captain volunteers his ship for the autumn and winter
    fg.tab("orders")
    form = fg.page.locator("fieldset.volunteer")
    form.wait_for()
    form.locator("select").select_option("2")
    form.locator("button[data-action=volunteer]").click()
    # (the form is drawn anew with the cruise in its list)
    fg.wait("!!document.querySelector('fieldset.volunteer li[data-cruise]')")
    (cruise,) = game.state()["cruises"]
    assert cruise["ships"] == ["FG"] and cruise["seasons"] == ["autumn", "winter"]
    # the admiral's page is told at once: his own volunteer form lists the cruise
    red.tab("orders")
    red.wait(f"!!document.querySelector('fieldset.volunteer li[data-cruise={cruise['id']}]')")
    assert "on Independent Action" in red.js(
        f"document.querySelector('li[data-cruise={cruise['id']}]').textContent"
    )
    # again: refused, the error beside the button, nothing changed
    fg.page.locator("fieldset.volunteer button[data-action=volunteer]").click()
    fg.wait("document.querySelector('fieldset.volunteer p.error').textContent !== ''")
    assert "already deployed" in fg.js(
        "document.querySelector('fieldset.volunteer p.error').textContent"
    )
    assert len(game.state()["cruises"]) == 1
    # the GM sends her on the planner's missions (three ports chosen by default)
    gm.tab("voyage")
    gm.wait("!!document.querySelector('fieldset.plan-cruise select option')")
    gm.page.click("button[data-action=plan_cruise]")
    gm.wait("document.querySelector('fieldset.plan-cruise p.muted[aria-live]').textContent !== ''")
    (cruise,) = game.state()["cruises"]
    assert len(cruise["missions"]) == 3
    force = next(f for f in game.state()["forces"] if f["id"] == cruise["force"])
    assert force["route"] and force["orders"]["kind"] == "cruise"
    # the autumn sailed out and ended: the 1805 page shows the volunteers' autumn
    for _ in range(5):
        now = game.state()
        for e in [e for e in now["engagements"] if not e["over"]]:
            assert game.act("engage_decision", engagement=e["id"], decision="npc", rounds="all")[
                "ok"
            ]
        if now["day"] >= now["season_days"]:
            break
        assert game.act("advance", days=min(30, now["season_days"] - now["day"]))["ok"]
    assert game.act("next_season")["ok"]
    fg.tab("history")
    fg.wait("document.getElementById('panel-history').dataset.history === '1'")
    fg.wait("!!document.querySelector('#season-page .off-season[data-season=autumn]')")
    page = "#season-page .off-season[data-season=autumn]"
    assert cruise["id"] in fg.js(
        f"[...document.querySelectorAll('{page} li[data-cruise]')].map(l => l.dataset.cruise)"
    )
    assert fg.js(f"document.querySelector('{page} [data-section=people] h3').textContent") == (
        "Who rose and who fell"
    )
    fg.screenshot("history_cruise.png")
