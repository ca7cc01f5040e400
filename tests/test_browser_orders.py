"""A captain's conditional orders for his summer in Debian's headless Chromium (issue 31,
item 1): given from his Orders panel, shown there as given, in the GM's state at once, and
seen by no other seat."""

from __future__ import annotations

import pytest
import requests

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


def test_a_captain_applies_for_a_ship_and_draws_his_pay_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    """Briny 001:554-566 (Ship Table A) and 568 (Ship Table B): a Senior Captain of Social
    Level 13 applies from his form for Thermopylae (Table A: 0 needed, so any die takes
    him), takes her command, and draws his month's pay as the form offers it."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        oid = game.seats["fg"]["officer"]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.ship-tables")
        form.wait_for()
        ships = form.locator("select[name=ship] option")
        # the ships of his row and what each needs, from the server (the page knows no rule)
        taken = "her captain takes a class 3 favour"
        assert ships.all_text_contents() == [
            f"Vanguard (needs 1 on a die; {taken})",
            f"Thermopylae (needs 0 on a die; {taken})",
            f"Dreadnought (needs 0 on a die; {taken})",
            f"Glenmorangie (needs 0 on a die; {taken})",
        ]
        form.locator("select[name=ship]").select_option("TH")
        seq = fg.seq()
        form.locator("button[data-action=apply_ship]").click()
        fg.wait_event("apply_ship", after=seq)
        fg.wait(
            "[...document.querySelectorAll('fieldset.ship-tables select[name=ship] option')]"
            ".some((o) => o.value === 'FG')"
        )
        state = game.state()
        assert next(o for o in state["officers"] if o["id"] == oid)["ship"] == "TH"
        assert next(s for s in state["seats"] if s.get("officer") == oid)["ship"] == "TH"
        funds = next(o for o in game.state()["officers"] if o["id"] == oid)["funds"]
        seq = fg.seq()
        form.locator("button[data-action=draw_pay]").click()
        fg.wait_event("draw_pay", after=seq)
        fg.wait(
            "document.querySelector('fieldset.ship-tables [data-drawn]')?.dataset.drawn === 'true'"
        )
        # Thermopylae is column 5: a Senior Captain's 26 guineas
        assert next(o for o in game.state()["officers"] if o["id"] == oid)["funds"] == funds + 26
    finally:
        game.close()


def test_a_captain_brings_a_favour_to_bear_on_a_ship_application_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    """Briny 001:554 ("This die roll may be modified by influence with NPC Ship
    Commander"): a Post Captain of Social Level 13 applies for Ferocious (Table A: 2
    needed) from his form with his class 3 favour ticked: her NPC Post Captain takes a
    Captain's class 3, so his die moves by one, the notice says so and the favour is
    spent."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("ro", "captain", ship="RO", officer={"name": "Edward Pellew", "birth": RICH})
        ro = open_seat(browser, browser_server, game.seats["ro"]["link"])
        seat_pages.append(ro)
        ro.tab("orders")
        form = ro.page.locator("fieldset.ship-tables")
        form.wait_for()
        form.locator("select[name=ship]").select_option("FE")
        boxes = form.locator("input[name=ship_favour]")
        assert boxes.count() == 1 and boxes.get_attribute("value") == "3"
        boxes.check()
        seq = ro.seq()
        form.locator("button[data-action=apply_ship]").click()
        ro.wait_event("apply_ship", after=seq)
        headers = {"Authorization": f"Bearer {game.seats['ro']['token']}"}
        (applied,) = [
            e["data"]
            for e in requests.get(
                f"{game.url}/api/campaigns/{game.id}/log",
                headers={"Authorization": f"Bearer {game.gm_token}"},
                timeout=30,
            ).json()["events"]
            if e["type"] == "apply_ship"
        ]
        assert (applied["favours"], applied["influence"]) == ([3], 1)
        assert applied["total"] == applied["die"] + 1 and applied["accepted"] is (
            applied["die"] + 1 >= 2
        )
        told = requests.get(
            f"{game.url}/api/campaigns/{game.id}/notices?since=0", headers=headers, timeout=30
        ).json()["notices"]
        verdict = "accepted" if applied["accepted"] else "refused"
        assert [n["text"] for n in told if n["type"] == "ship_application"] == [
            f"Ferocious: {verdict} (rolled {applied['die']} and +1 by favours, needed 2)"
        ]
        ro.wait("!document.querySelector('fieldset.ship-tables input[name=ship_favour]')")
    finally:
        game.close()


def test_a_captain_petitions_for_a_substitution_from_the_orders_panel(
    browser, browser_server, seat_pages
):
    """Briny 001:903-907: before the fleet sails, a captain petitions from his form to send
    Thermopylae (4th rate, not sailing on roll 35) in place of Dreadnought (4th rate,
    sailing), his favours of class 3 and more ticked: the NPC Captain of the Fleet's die
    with their modifier against the 7, the notice says so, and the favours are spent."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        game.roll(ships=3, deployment=5)
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.substitute")
        form.wait_for()
        form.locator("select[name=ship]").select_option("TH")
        form.locator("select[name=replaces]").select_option("DR")
        ticked = []
        for box in form.locator("input[name=favour]").all():
            if int(box.get_attribute("value") or 0) >= 3:  # one below 3 alone adds nothing
                box.check()
                ticked.append(int(box.get_attribute("value") or 0))
        assert ticked, "a rich man's favours"
        seq = fg.seq()
        form.locator("button[data-action=substitute]").click()
        fg.wait_event("substitute", after=seq)
        told = requests.get(
            f"{game.url}/api/campaigns/{game.id}/notices?since=0",
            headers={"Authorization": f"Bearer {game.seats['fg']['token']}"},
            timeout=30,
        ).json()["notices"]
        (said,) = [n["text"] for n in told if n["type"] == "substitution"]
        (petition,) = [
            e["data"]
            for e in requests.get(
                f"{game.url}/api/campaigns/{game.id}/log",
                headers={"Authorization": f"Bearer {game.seats['gm']['token']}"},
                timeout=30,
            ).json()["events"]
            if e["type"] == "substitute"
        ]
        modifier = sum(c - 2 for c in ticked)
        assert (petition["favours"], petition["modifier"]) == (sorted(ticked), modifier)
        verdict = "granted" if petition["die"] + modifier >= 7 else "refused"
        assert said == (
            f"Thermopylae for Dreadnought: {verdict} (rolled {petition['die']} + {modifier},"
            " needed 7)"
        )
        going = [d["ship"] for d in game.state()["deployment"]]
        assert ("TH" in going) is (verdict == "granted")
    finally:
        game.close()


def test_the_gm_applies_for_a_ship_as_a_captain_from_his_orders_panel(
    browser, browser_server, seat_pages
):
    """The GM acting as a captain's seat has his character's form (the GM's copy of it) and
    his application is logged as that seat's."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        fg_id, oid = game.seats["fg"]["seat"], game.seats["fg"]["officer"]
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        gm.tab("orders")
        gm.page.locator("select[data-control=act-as]").select_option(f"seat:{fg_id}")
        gm.wait(f"!!document.querySelector('[data-acting=\"{fg_id}\"]')", timeout=10)
        form = gm.page.locator("#panel-orders fieldset.ship-tables")
        form.wait_for()
        form.locator("select[name=ship]").select_option("TH")
        seq = gm.seq()
        form.locator("button[data-action=apply_ship]").click()
        gm.wait_event("apply_ship", after=seq)
        assert next(o for o in game.state()["officers"] if o["id"] == oid)["ship"] == "TH"
        log = requests.get(
            f"{browser_server}/api/campaigns/{game.id}/log",
            headers={"Authorization": f"Bearer {game.gm_token}"},
            timeout=30,
        ).json()
        (applied,) = [e for e in log["events"] if e["type"] == "apply_ship"]
        assert applied["data"]["as"] == fg_id and applied["data"]["player"] == fg_id
    finally:
        game.close()
