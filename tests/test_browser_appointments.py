"""Applying for a post in Debian's headless Chromium (Briny, APPOINTMENTS: "Naval
Appointments are made in September"): in the autumn a captain's Orders panel offers the
posts of the Naval table his character may hold (the server's ``appointment_posts``); the
First Sea Lord's character chooses him, and the form then says the post he holds; a
captain asks an NPC in a post to resign and brings a favour to bear on it (001:509-512)."""

from __future__ import annotations

import pytest

from tests.browser_helpers import Campaign, open_seat
from tests.conftest import RICH

pytestmark = pytest.mark.browser
FORM = "fieldset.appointments"


def test_a_captain_applies_for_a_naval_post_from_his_orders(browser, browser_server, seat_pages):
    game = Campaign.new(browser_server, seed=21)
    try:
        officer = {"name": "Jack Aubrey", "birth": RICH, "rank": "Captain"}
        game.add("fg", "captain", ship="FG", officer=officer)
        game.add("fsl", "first-sea-lord", officer={"name": "Barham", "birth": RICH})
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn: September's appointments
        offered = game.state("fg")["appointment_posts"]["posts"]
        assert "Captain of the Fleet" in [p["appointment"] for p in offered]
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator(FORM)
        form.wait_for()
        assert "Captain of the Fleet (the First Sea Lord's: his choice)" in form.inner_text()
        form.locator("select[name=appointment]").select_option("Captain of the Fleet")
        seq = fg.seq()
        form.locator("button[data-action=apply_appointment]").click()
        event = fg.wait_event("apply_appointment", after=seq)
        assert event["data"]["granted"] is True and event["data"]["by"] == "player"
        fg.wait(f"document.querySelector('{FORM} [data-held]')?.dataset.held"
                " === 'Captain of the Fleet'")  # fmt: skip
    finally:
        game.close()


def test_a_captain_asks_an_npc_to_resign_and_brings_a_favour_to_bear(
    browser, browser_server, seat_pages
):
    """Briny 001:512: in the autumn the captain's Orders panel lists the NPCs in posts
    (the server's ``announced``); he asks one to resign, the ask is announced, he ticks a
    favour of his for it, and when the GM moves the season on the die is rolled and the
    result reaches his page."""
    game = Campaign.new(browser_server, seed=21)
    try:
        officer = {"name": "Jack Aubrey", "birth": RICH, "rank": "Captain"}
        game.add("fg", "captain", ship="FG", officer=officer)
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn
        npcs = game.state("fg")["announced"]["npcs"]
        target = next(n for n in npcs if n["appointment"] == "Ship's Adjutant")
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.announced")
        form.wait_for()
        form.locator("select[name=npc]").select_option(target["officer"])
        seq = fg.seq()
        form.locator("button[data-action=ask_resignation]").click()
        asked = fg.wait_event("ask_resignation", after=seq)
        assert asked["data"]["officer"] == target["officer"] and asked["data"]["id"] == "rs1"
        row = form.locator("[data-announcement=rs1]")
        row.wait_for()
        row.locator("select[name=wish]").select_option("for")
        row.locator("input[name=favour]").first.check()
        seq = fg.seq()
        row.locator("button[data-action=influence_appointment]").click()
        influenced = fg.wait_event("influence_appointment", after=seq)
        assert influenced["data"]["announcement"] == "rs1" and influenced["data"]["modifier"] >= 1
        seq = fg.seq()
        assert game.act("next_season")["ok"]
        turned = fg.wait_event("next_season", after=seq)
        (rec,) = turned["data"]["resignations"]
        assert rec["officer"] == target["officer"]
        assert rec["for"] == influenced["data"]["modifier"] and rec["against"] == 0
        assert rec["resigned"] == (rec["die"] + rec["for"] >= 7)
    finally:
        game.close()


def test_a_captain_asks_the_npc_victualling_board_to_favour_his_investment(
    browser, browser_server, seat_pages
):
    """Briny 001:1305: in the autumn the captain's Orders panel offers his arms investment
    paid by the next summer to the NPC Victualling Board Supervisor (the server's
    ``announced.investments``); he asks, the ask is announced (``fv1``), and when the GM
    moves the season on the die is rolled: "a die roll of 7 on one die"."""
    game = Campaign.new(browser_server, seed=21)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn
        fg_id = game.seats["fg"]["seat"]
        assert game.act("invest", kind="arms", guineas=1000, **{"as": fg_id})["ok"]
        (offered,) = game.state("fg")["announced"]["investments"]
        assert offered["post"] == "Victualling Board Supervisor"
        fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
        seat_pages.append(fg)
        fg.tab("orders")
        form = fg.page.locator("fieldset.announced")
        form.wait_for()
        form.locator("select[name=investment]").select_option(offered["id"])
        seq = fg.seq()
        form.locator("button[data-action=ask_favour]").click()
        asked = fg.wait_event("ask_favour", after=seq)
        assert (asked["data"]["id"], asked["data"]["investment"]) == ("fv1", offered["id"])
        assert asked["data"]["flag"] == "supplier"
        form.locator("[data-announcement=fv1]").wait_for()  # announced: listed for favours
        seq = fg.seq()
        assert game.act("next_season")["ok"]
        turned = fg.wait_event("next_season", after=seq)
        (rec,) = turned["data"]["favours"]
        assert (rec["investment"], rec["post"], rec["needed"]) == (
            offered["id"],
            "Victualling Board Supervisor",
            7,
        )
        assert rec["granted"] == (rec["die"] + rec["for"] - rec["against"] >= 7)
    finally:
        game.close()
