"""Influencing the Prime Minister in Debian's headless Chromium (issue 31, item 1; Briny
001:1306): the First Sea Lord, an NPC Prime Minister beside him, spends a favour from the
cabinet's Orders panel and reads the result there and in his notices; the GM has it, an
admiral nothing."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat

pytestmark = pytest.mark.browser
FORM = "fieldset.influence"


def test_the_first_sea_lord_spends_a_favour_on_the_prime_minister(
    browser, browser_server, seat_pages
):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fsl", "first-sea-lord", officer={"name": "Lord Barham"})
        game.add("red", "admiral", squadron="Red", officer={"name": "Robert Calder"})
        held = game.state("fsl")["favours"]["held"]
        assert {8, 9} <= set(held)  # the First Sea Lord's Infl "8 & 9"
        fsl = open_seat(browser, browser_server, game.seats["fsl"]["link"])
        seat_pages.append(fsl)
        fsl.tab("orders")
        form = fsl.page.locator(FORM)
        form.wait_for()
        assert "The Prime Minister takes a class 8 favour" in form.inner_text()
        form.locator("select").select_option("fewer")
        form.locator("input[data-favour='9']").check()
        seq = fsl.seq()
        form.locator("button[data-action=influence]").click()
        event = fsl.wait_event("influence", after=seq)
        fsl.wait(f"document.querySelector('{FORM} ul').dataset.influences === '1'")
        line = fsl.js(f"document.querySelector('{FORM} li').textContent")
        die, ships = event["data"]["die"], event["data"]["ships"]
        assert line.startswith(f"For fewer ships: die {die} + 2, ")
        assert ships == (-1 if die + 2 >= 7 else 0)
        assert ("one ship fewer" in line) == (ships == -1)
        # the favour is spent: no class 9 box left, the class 8 one still there
        assert fsl.page.locator(f"{FORM} input[data-favour='9']").count() == held.count(9) - 1
        assert fsl.page.locator(f"{FORM} input[data-favour='8']").count() == held.count(8)
        fsl.wait(
            "[...document.querySelectorAll('ol.notices li')].some((n) =>"
            " n.textContent.includes('Your influence with the Prime Minister'))"
        )
        gm = game.state("gm")["cabinet"]["influence"]
        assert [(i["wish"], i["die"], i["ships"]) for i in gm] == [("fewer", die, ships)]
        red = game.state("red")
        assert "influence" not in red["cabinet"]
        assert red.get("favours", {}).get("influence", []) == []
        # the GM spends the First Sea Lord's class 8 for him, acting as his seat
        gm_page = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm_page)
        gm_page.tab("orders")
        fsl_id = game.seats["fsl"]["seat"]
        gm_page.page.locator("select[data-control=act-as]").select_option(f"seat:{fsl_id}")
        gm_page.wait(f"!!document.querySelector('[data-acting=\"{fsl_id}\"]')")
        gm_form = gm_page.page.locator(f"#panel-orders {FORM}")
        gm_form.locator("input[data-favour='8']").check()
        seq = gm_page.seq()
        gm_form.locator("button[data-action=influence]").click()
        spent = gm_page.wait_event("influence", after=seq)
        assert spent["data"]["favours"] == [8] and spent["data"]["wish"] == "more"
        assert sorted(game.state("fsl")["favours"]["spent"]) == [8, 9]
    finally:
        game.close()
