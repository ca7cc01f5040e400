"""The cabinet's choices in words, in Debian's headless Chromium (issue 32, item 2; Briny
001:713, Navy Table F; 001:709): the Prime Minister's and the First Sea Lord's digit each say
beside the input what they choose (the ships sent, the orders given), the GM reads both and the
roll they make, and every Table F order letter shown to a player comes with the book's words
("B (Blockade Duty)"): the force organisation under the Orders panel and the History's
"What sailed"."""

from __future__ import annotations

import pytest
import requests

from tests.browser_helpers import Campaign, open_seat
from tests.conftest import RICH

pytestmark = pytest.mark.browser
PM = "fieldset[data-digits=set_ships]"
FSL = "fieldset[data-digits=set_deployment]"


def test_the_ministers_read_what_each_digit_chooses_and_choose_from_their_orders(
    browser, browser_server, seat_pages
):
    words = requests.get(browser_server + "/api/rules", timeout=30).json()["table_f"]
    game = Campaign.new(browser_server, seed=7)
    try:
        game.add("pm", "prime-minister")
        game.add("fsl", "first-sea-lord")
        pm = open_seat(browser, browser_server, game.seats["pm"]["link"])
        seat_pages.append(pm)
        pm.tab("orders")
        form = pm.page.locator(PM)
        form.wait_for()
        text = form.inner_text()
        assert "Ships sent (1–7)" in text
        # each digit's meaning listed beside the input, from the rules' words
        listed = pm.js(
            f"[...document.querySelectorAll('{PM} li[data-digit]')].map((li) => li.textContent)"
        )
        assert listed == [f"{d}: {words['ships'][str(d)]}" for d in range(1, 8)]
        assert listed[1].startswith("2: 15 ships (White: Royal Oak, Indomitable, Thermopylae")
        assert listed[6].startswith("7: the whole fleet: 14 to 17 ships")
        # the digit picked says what it chooses before it is sent
        form.locator("select").select_option("2")
        pm.wait(
            f"document.querySelector('{PM} [data-meaning]').textContent"
            " .startsWith('2: 15 ships (')"
        )
        seq = pm.seq()
        form.locator("button[data-action=set_ships]").click()
        assert pm.wait_event("set_ships", after=seq)["data"]["digit"] == 2
        pm.wait(
            f"document.querySelector('{PM} [data-current]').textContent"
            " .startsWith('Your choice: 2 — 15 ships (')"
        )
        # the First Sea Lord's digits say the orders each gives, whatever the PM's digit
        fsl = open_seat(browser, browser_server, game.seats["fsl"]["link"])
        seat_pages.append(fsl)
        fsl.tab("orders")
        fsl_form = fsl.page.locator(FSL)
        fsl_form.wait_for()
        assert "Deployment (1–6)" in fsl_form.inner_text()
        listed = fsl.js(
            f"[...document.querySelectorAll('{FSL} li[data-digit]')].map((li) => li.textContent)"
        )
        assert listed == [f"{d}: {words['deployments'][str(d)]}" for d in range(1, 7)]
        assert listed[0].startswith("1: orders: all Blockade Duty")
        fsl_form.locator("select").select_option("6")
        seq = fsl.seq()
        fsl_form.locator("button[data-action=set_deployment]").click()
        assert fsl.wait_event("set_deployment", after=seq)["data"]["digit"] == 6
        fsl.wait(
            f"document.querySelector('{FSL} [data-current]').textContent"
            " .startsWith('Your choice: 6 — orders: mostly Fleet Action')"
        )
        # the GM reads both digits in words and what roll 26 sends (the book's row:
        # "26 Channel Fleet White RO, IN, TH, HA (F) ...")
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        gm.tab("orders")
        gm.wait("!!document.querySelector('#panel-orders [data-cabinet=roll]')")
        roll = gm.js("document.querySelector('#panel-orders [data-cabinet=roll]').textContent")
        assert roll == f"Roll 26 sends: {words['rolls']['26']}"
        assert roll.startswith(
            "Roll 26 sends: Channel Fleet: White — Royal Oak, Indomitable, Thermopylae, "
            "Halcyon (Fleet Action); "
        )
        assert gm.js(
            "document.querySelector('#panel-orders [data-cabinet=ships]').textContent"
        ).startswith("Prime Minister's digit: 2 — 15 ships (")
    finally:
        game.close()


def test_every_order_letter_a_player_reads_says_its_order(browser, browser_server, seat_pages):
    """Roll 26 sends the Red squadron on Fleet Action, the Blockade ships on Blockade Duty,
    Hornet on a Cutting Out Expedition and Enterprise on Independent Action to the
    Mediterranean: each letter of the Orders panel's force
    organisation and of the History's "What sailed" reads with the book's words."""
    words = requests.get(browser_server + "/api/rules", timeout=30).json()["table_f"]["orders"]
    game = Campaign.new(browser_server, seed=7)
    try:
        officer = {"name": "Jack Aubrey", "birth": RICH, "rank": "Captain"}
        game.add("fg", "captain", ship="FG", officer=officer)
        game.roll(ships=2, deployment=6)
        sent = {d["ship"]: d["order"] for d in game.state("fg")["deployment"]}
        assert (sent["FG"], sent["CA"], sent["HO"], sent["EN"]) == ("F", "B", "C", "I")
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        fg.wait("document.querySelectorAll('#panel-orders td[data-order]').length > 0")
        cells = fg.js(
            "[...document.querySelectorAll('#panel-orders td[data-order]')]"
            ".map((td) => [td.dataset.order, td.textContent])"
        )
        assert len(cells) == len(sent)
        assert {letter for letter, _ in cells} == {"B", "I", "F", "C"}
        for letter, text in cells:
            assert text == f"{letter} ({words[letter]})"
        # the History's "What sailed" of the summer, once resolved
        assert game.act("resolve_summer")["ok"]
        fg.tab("history")
        fg.wait("document.getElementById('panel-history').dataset.history === '1'")
        fg.wait(
            "[...document.querySelectorAll('#panel-history [data-section=sailed] li')]"
            ".some((li) => li.textContent.includes('order F (Fleet Action)'))"
        )
        lines = fg.js(
            "[...document.querySelectorAll('#panel-history [data-section=sailed] li')]"
            ".map((li) => li.textContent)"
        )
        assert len(lines) == len(sent)
        for line in lines:
            letter = line.rsplit("order ", 1)[1][0]
            assert line.endswith(f"order {letter} ({words[letter]})")
    finally:
        game.close()
