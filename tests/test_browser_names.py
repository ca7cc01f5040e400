"""Names everywhere (issue 32, item 3) in Debian's headless Chromium: every page and panel of
a played year, for every seat, shows people, places, forces and sides by their names, never
by the ids the server keeps them under."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_helpers import Campaign, open_seat
from tests.conftest import RICH
from tests.page_checks import SHOWN, crawl, held_ids, ids_in

pytestmark = pytest.mark.browser

#: the seats the crawl opens: the GM, both ministers, an admiral, a captain and an observer
SEATS = ("gm", "pm", "fsl", "red", "fg", "obs")


def test_every_page_and_panel_of_a_played_year_shows_names_not_ids(
    browser, browser_server, seat_pages, two_summers
):
    game = two_summers
    if "obs" not in game.seats:
        game.add("obs", "observer")
    state = game.state("gm")
    assert state["years"] and any(y["engagements"] for y in state["years"]), "seed 21 fights"
    ids = held_ids(game)
    assert {"spithead", "brest", "channel"} <= ids  # the world's ids are checked too
    found: dict[str, dict[str, list[str]]] = {}
    for key in SEATS:
        seat = open_seat(browser, browser_server, game.seats[key]["link"])
        seat_pages.append(seat)  # (its console errors checked at the end)
        texts = crawl(seat)
        assert {"orders", "report", "history 1805", "history 1806", "log"} <= set(texts), key
        for where, text in texts.items():
            hits = ids_in(text, ids)
            if hits:
                found.setdefault(key, {})[where] = sorted(hits)
    said = [
        f"{key} {where}: {', '.join(hits)}"
        for key, at in found.items()
        for where, hits in at.items()
    ]
    assert not found, "ids shown to a person:\n" + "\n".join(said)


def test_a_refusal_reads_as_a_sentence_without_its_field_or_code(
    browser, browser_server, seat_pages, two_summers
):
    """The server refuses an investment beyond the captain's purse with its field and code
    (docs/protocol.md, ``invest``); the page shows the sentence alone, beside the form."""
    game = two_summers
    state = game.state("fg")
    officer = next(o for o in state["officers"] if o["id"] == game.seats["fg"]["officer"])
    asked = (officer["funds"] // 1000 + 1) * 1000
    fg = open_seat(browser, browser_server, game.seats["fg"]["link"])
    seat_pages.append(fg)
    fg.tab("orders")
    form = fg.page.locator("fieldset.invest")
    form.locator("input[type=number]").fill(str(asked))
    form.locator("button[data-action=invest]").click()
    fg.wait("document.querySelector('fieldset.invest p.error').textContent !== ''")
    said = fg.js("document.querySelector('fieldset.invest p.error').textContent")
    assert said == f"{officer['name']} has {officer['funds']:,} guineas, not the {asked:,} asked"
    assert game.state("fg").get("investments") == state.get("investments")  # nothing changed


def _shown_ids(seats: dict[str, Any], game: Any, where: str) -> dict[str, list[str]]:
    """Each seat's id-shaped strings in the shown orders panel ``where`` (its announcements
    and forms) and the chart's labels."""
    ids = held_ids(game)
    found = {}
    for key, seat in seats.items():
        seat.tab("orders")
        seat.page.evaluate(
            "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"
        )
        seat.wait(f"document.querySelector({where!r}) !== null", 30)
        hits = ids_in(seat.js(SHOWN), ids)
        if hits:
            found[key] = sorted(hits)
    return found


def test_the_announcements_name_the_asker_and_his_investment_for_every_seat(
    browser, browser_server, seat_pages
):
    """Briny 001:1305 and 001:509-512: in the autumn a captain asks the NPC Victualling Board
    Supervisor to favour his arms investment and an admiral applies for a post; every seat's
    Orders panel lists the announcements by the asker's name, the post and the investment's
    kind, never by the announcement's, the investment's or an officer's id (``fv1``,
    ``i1806-1``, ``o-...``); nor do the chart's labels show one."""
    game = Campaign.new(browser_server, seed=21)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        game.add("red", "admiral", squadron="Red", officer={"name": "Thomas Cochrane"})
        game.add("obs", "observer")
        game.roll()
        assert game.act("resolve_summer")["ok"]  # the autumn: announcements
        fg_seat = game.seats["fg"]["seat"]
        assert game.act("invest", kind="arms", guineas=1000, **{"as": fg_seat})["ok"]
        (offered,) = game.state("fg")["announced"]["investments"]
        assert game.act("ask_favour", investment=offered["id"], **{"as": fg_seat})["ok"]
        (asked,) = game.state("gm")["announced"]["favours_asked"]
        assert (asked["id"], asked["investment"], asked["kind"]) == ("fv1", offered["id"], "arms")
        seats = {}
        for key in SEATS:
            seat = open_seat(browser, browser_server, game.seats[key]["link"])
            seat_pages.append(seat)
            seats[key] = seat
        # the players' characters read the announcement (the form of those who may bring a
        # favour to bear); the ministers', the GM's and the observer's panels besides
        readers = {k: seats[k] for k in ("red", "fg")}
        listed = "fieldset.announced [data-announcement=fv1]"
        found = _shown_ids(readers, game, listed)
        others = {k: v for k, v in seats.items() if k not in readers}
        found.update(_shown_ids(others, game, "#panel-orders"))
        assert not found, found
        row = seats["fg"].page.locator(listed).inner_text()
        assert row.startswith("Jack Aubrey asks the Victualling Board Supervisor to favour his "
                              "arms investment"), row  # fmt: skip
        options = seats["fg"].js(
            "[...document.querySelectorAll('fieldset.announced select option')].map((o) => o.text)"
        )
        assert all(offered["id"] not in o for o in options), options
        labels = seats["red"].js("window.__admiralty.map.labelBoxes().map((b) => b.text)")
        assert labels, "the chart labels its stations and ports"
    finally:
        game.close()
