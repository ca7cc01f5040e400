"""Notices for what moves the game, and the GM's irreversible buttons, in Debian's Chromium
(issue 32, item 8), each seat in a browser context of its own: the force's roll and the
summer's start reach a player's page; the talk panel tells every player the GM reads every
message; "Roll the force" and "On to the winter" ask first, as "Resolve the summer" does,
and a confirmation dismissed sends nothing."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.browser_helpers import Campaign, SeatPage, open_seat

pytestmark = pytest.mark.browser

FEED = "window.__admiralty.feed"


def _open(seat_pages: list[SeatPage], browser: Any, url: str, game: Campaign, key: str) -> SeatPage:
    page = open_seat(browser, url, game.seats[key]["link"])
    seat_pages.append(page)
    return page


def _told(page: SeatPage, kind: str, after: int = 0, where: str = "true") -> dict[str, Any]:
    """Wait for this page's notice of ``kind`` past seq ``after`` for which the JavaScript
    expression ``where`` (over the notice, ``n``) holds; return it."""
    find = f"{FEED}.find((n) => n.type === {kind!r} && n.seq > {after} && ({where})) || null"
    page.wait(f"({find}) !== null", timeout=20)
    return page.js(find)


def _asked(page: SeatPage, button: str, accept: bool) -> str:
    """Click the GM's ``button`` and answer its confirmation; return what it asked."""
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.page.once("dialog", answer)
    page.page.click(f"button[data-action={button}]")
    assert asked, f"{button} acted without asking"
    return asked[0]


def _kinds(game: Campaign) -> list[str]:
    log = requests.get(
        f"{game.url}/api/campaigns/{game.id}/log",
        headers={"Authorization": f"Bearer {game.gm_token}"},
        timeout=30,
    ).json()["events"]
    return [e["type"] for e in log]


def test_the_summers_start_reaches_a_player_and_the_gm_reads_every_message(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=3)
    try:
        game.add("red", "admiral", squadron="Red")
        for key, role in (("pm", "prime-minister"), ("fsl", "first-sea-lord")):
            game.add(key, role)
        red = _open(seat_pages, browser, browser_server, game, "red")
        gm = _open(seat_pages, browser, browser_server, game, "gm")
        # every player is told, where he writes, that the GM reads every message
        red.tab("talk")
        line = red.page.locator("#talk-gm-reads")
        assert line.is_visible()
        assert line.inner_text() == "The Games Master reads every message, private ones included."
        gm.tab("talk")
        assert "You read every message" in gm.page.locator("#talk-gm-reads").inner_text()

        # "Roll the force" asks; dismissed, it sends nothing
        gm.tab("orders")
        asked = _asked(gm, "roll_force", accept=False)
        assert "the summer begins" in asked
        asked = _asked(gm, "roll_force", accept=True)
        force = _told(red, "force")
        assert "the summer of 1805 begins (1 June 1805)" in force["text"]
        assert force["text"].startswith("The cabinet's force is rolled, Table F ")
        assert _kinds(game).count("roll_force") == 1  # the dismissed click sent nothing
        red.wait(
            "document.querySelector('#panel-talk ol.notices').textContent"
            ".includes('the summer of 1805 begins')"
        )
        # the GM's advance by hand: the player is told the date it comes to
        assert game.act("advance", days=3)["ok"]
        turn = _told(red, "turn", after=force["seq"])
        assert turn["text"] == "Games Master moved the campaign on 3 days, to 4 June 1805"
    finally:
        game.close()


def test_on_to_the_winter_asks_before_it_acts(browser, browser_server, seat_pages) -> None:
    game = Campaign.new(browser_server, seed=3)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll()
        assert game.act("resolve_summer")["ok"]
        red = _open(seat_pages, browser, browser_server, game, "red")
        gm = _open(seat_pages, browser, browser_server, game, "gm")
        button = gm.page.locator("button[data-action=next_season]")
        assert button.inner_text() == "On to the winter"
        asked = _asked(gm, "next_season", accept=False)
        assert asked == "On to the winter? The autumn ends."
        assert game.state()["phase"] == "autumn"
        _asked(gm, "next_season", accept=True)
        gm.wait_event("next_season")
        _told(red, "season", where="n.text === 'the winter opens'")
        # the dismissed click sent nothing: the autumn ended once
        assert _kinds(game).count("next_season") == 1
        assert game.state()["phase"] == "winter"
    finally:
        game.close()
