"""Disgrace in Debian's headless Chromium (Briny 001:335, 001:357-359): the GM declares
Jack Aubrey disgraced for a duel from the Orders panel, beside the courts-martial; every
seat is told, his seat follows him to a Blockade ship, his own sheet and the GM's seats
panel say so."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser
FORM = "#panel-orders fieldset.disgrace"


def test_the_gm_disgraces_a_captain_for_a_duel(browser, browser_server, seat_pages):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "rank": "Captain"})
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        aubrey = game.state("fg")["seats"]
        seat = game.seats["fg"]["seat"]
        officer = next(s for s in aubrey if s["id"] == seat)["officer"]
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        gm.tab("orders")
        form = gm.page.locator(FORM)
        form.wait_for()
        assert "Captain Jack Aubrey" in form.locator("select[name=officer]").inner_text()
        form.locator("select[name=officer]").select_option(officer)
        form.locator("select[name=cause]").select_option("duel")
        seq = gm.seq()
        form.locator("button[data-action=disgrace]").click()
        event = gm.wait_event("disgrace", after=seq)
        assert (event["data"]["cause"], event["data"]["ship"]) == ("duel", "ME")
        gm.wait(
            "[...document.querySelectorAll('ol.notices li')].some((n) =>"
            " n.textContent.includes('Captain Jack Aubrey is disgraced (a duel'))"
        )
        # the form drawn anew: his disgrace beside his name
        gm.wait(
            f"document.querySelector('{FORM} select[name=officer]').textContent"
            ".includes('(disgraced: duel, 1805 cabinet)')"
        )
        # the GM's seats panel: the seat on Mercury, and its character's disgrace
        gm.tab("seats")
        gm.wait(f"!!document.querySelector('#panel-seats [data-disgrace=\"{seat}\"]')")
        row = gm.page.locator(f"#panel-seats tr[data-seat='{seat}']").inner_text()
        assert "ME" in row and "disgraced (duel, 1805 cabinet)" in row
        # his own sheet
        captain = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(captain)
        captain.tab("officers")
        captain.wait(
            f"document.querySelector('#panel-officers article.character"
            f'[data-officer="{officer}"]\') !== null'
        )
        sheet = captain.page.locator("#panel-officers article.character").inner_text()
        assert "disgraced (duel, 1805 cabinet): with the Blockade" in sheet
    finally:
        game.close()
