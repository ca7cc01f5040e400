"""A summer's key moments for every seat, on a phone and on a laptop (issue 32's closing test,
tests/test_browser_summer_phone.py and tests/test_browser_summer_laptop.py),
in Debian's headless Chromium with touch emulation: the GM, both ministers, an admiral, a
captain and an observer each on a page of their own, and each moment acted in the page of
the seat it belongs to, by taps: the ministers' digits (said in words), the force rolled
(asked first), the admiral's orders, the GM's turns of the clock, a round of a battle fought
by the captain and the admiral, the summer resolved and the autumn begun. After each moment
every page has its event and its notice, shows the new date, fits its screen (no page or
panel scrolled sideways, no button, field, cell or tab past its panel's edge or cut, the tab
bar one line: issue 32 item 5), and names what it shows; with a battle being fought and in
the autumn every panel of every page is checked. On a phone the chart is the page's whole
width above a sheet of panels that taps lower, collapse and raise."""

from __future__ import annotations

from typing import Any

from tests.browser_helpers import Campaign, SeatPage, open_seat, tap_patrol
from tests.conftest import USHANT
from tests.page_checks import CHART, FIT, SHOWN, check_fit, crawl, held_ids, ids_in, overlap

__all__ = ["SEATS", "play_a_summers_key_moments"]

#: every role's seat: key, role, fields
SEATS = (
    ("pm", "prime-minister", {}),
    ("fsl", "first-sea-lord", {}),
    ("red", "admiral", {"squadron": "Red"}),
    ("fg", "captain", {"ship": "FG", "officer": {"name": "Jack Aubrey", "na": 8}}),
    ("obs", "observer", {}),
)
FEED = "window.__admiralty.feed"
DATE = "document.getElementById('st-date').innerText"
CORNER = "document.querySelector('.map-corner').textContent"
NODES = "document.querySelectorAll('#panel-battles *').length"


def _tap(page: SeatPage, button: str, confirm: bool = False) -> None:
    """Tap the page's ``button`` (its ``data-action``); when ``confirm``, it must ask first,
    and what it asks is accepted."""
    asked: list[str] = []
    if confirm:
        page.page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.page.locator(f"button[data-action={button}]").first.tap()
    assert asked or not confirm, f"{button} acted without asking"


def _everyone_has(
    pages: dict[str, SeatPage], kind: str, after: int, told: bool = True, author: str = ""
) -> dict[str, Any]:
    """Wait until every page has the event ``kind`` past seq ``after`` (and, when ``told``,
    its notice in the feed, whatever its kind, but on its ``author``'s page: he knows what
    he did); return the GM's event."""
    for key, page in pages.items():
        seq = page.wait_event(kind, after=after)["seq"]
        if told and key != author:  # (the page fetches its notices once the event is in)
            try:
                page.wait(f"{FEED}.some((n) => n.seq === {seq})", timeout=20)
            except TimeoutError:
                told_so = page.js(FEED)[-3:]
                raise AssertionError(f"{key} was not told of {kind}: {told_so}") from None
    return pages["gm"].wait_event(kind, after=after)


def _the_gm_asks(pages: dict[str, SeatPage], action: str) -> None:
    """The GM taps ``action``'s button in his Orders panel and accepts what it asks first:
    every page has its event, each but his told."""
    gm = pages["gm"]
    gm.page.locator("#tab-orders").tap()
    seq = gm.seq()
    _tap(gm, action, confirm=True)
    _everyone_has(pages, action, seq, author="gm")


def _fits_and_names(pages: dict[str, SeatPage], ids: set[str], moment: str) -> list[str]:
    """What does not fit, or shows an id, in each page's shown panel now."""
    bad = []
    for key, page in pages.items():
        bad += [f"{moment}, {key}: {b}" for b in page.js(FIT)]
        if hits := ids_in(page.js(SHOWN), ids):
            bad.append(f"{moment}, {key}: ids shown: {sorted(hits)}")
    return bad


def _cabinet(pages: dict[str, SeatPage]) -> None:
    """Each minister's digit chosen by taps, what it chooses said in words; then the force
    rolled (asked first): the summer begins on every page, each told."""
    gm = pages["gm"]
    for key, action, digit in (("pm", "set_ships", "3"), ("fsl", "set_deployment", "5")):
        minister = pages[key]
        minister.page.locator(f"fieldset[data-digits={action}] select").select_option(digit)
        meaning = minister.js(f"document.querySelector('[data-meaning={action}]').textContent")
        assert meaning.startswith(f"{digit}: ") and len(meaning) > 4, meaning
        seq = gm.seq()
        _tap(minister, action)
        _everyone_has({"gm": gm, key: minister}, action, seq, told=False)  # (theirs alone)
    gm.wait("document.querySelector('[data-cabinet=roll]') !== null")
    seq = gm.seq()
    _tap(gm, "roll_force", confirm=True)
    _everyone_has(pages, "roll_force", seq)
    for page in pages.values():
        page.wait(f"{CORNER}.includes('1 June 1805')", timeout=20)


def _a_phones_chart(red: SeatPage) -> None:
    """On a phone, the chart is the page's whole width and 40% of its height above the
    lowered sheet; its views are one small button clear of the compass, opened as a grid that
    closes once one is chosen; the sheet is collapsed to its tab bar (the chart grows),
    raised and lowered again by taps."""
    chart = red.js(CHART)
    assert chart["sheetState"] == "lowered"
    assert chart["canvas"]["width"] >= chart["width"], chart
    assert chart["sheet"]["top"] - chart["canvas"]["top"] >= 0.4 * chart["height"], chart
    assert chart["views"]["height"] <= 40 and chart["views"]["width"] <= 120, chart
    assert not overlap(chart["views"], chart["corner"]), chart
    red.page.locator("#views-toggle").tap()
    red.page.locator("#views button:text('Europe')").tap()
    assert red.js("document.getElementById('views').classList.contains('open')") is False
    red.page.locator("#sheet-lower").tap()
    low = red.js(CHART)
    assert low["sheetState"] == "collapsed" and low["sheet"]["height"] < 100, low
    red.wait(
        "document.querySelector('#map canvas').getBoundingClientRect().height"
        f" > {chart['canvas']['height'] + 200}"
    )
    assert red.js("document.getElementById('panel-orders').offsetParent") is None
    red.page.locator("#sheet-grip").tap()
    red.page.locator("#sheet-raise").tap()
    high = red.js(CHART)
    assert high["sheetState"] == "raised", high
    assert high["sheet"]["height"] > 0.7 * high["height"], high
    red.page.locator("#sheet-lower").tap()
    assert red.js(CHART)["sheetState"] == "lowered"


def _orders(game: Campaign, pages: dict[str, SeatPage]) -> None:
    """The admiral's orders by taps: patrol off Ushant, tapped on the chart, confirmed, and
    ready; the GM's hand on the enemy sends the Brest squadron to meet him."""
    red, gm = pages["red"], pages["gm"]
    if red.page.locator("#views-toggle").is_visible():  # a phone's views behind one button
        red.page.locator("#views-toggle").tap()
    red.page.locator("#views button:text('Channel')").tap()  # (Brest's dot clear of Ushant)
    red.wait(
        "(() => { const m = window.__admiralty.map.maplibre(), c = m.getCenter();"
        " return !m.isMoving() && c.lng > -7 && c.lng < 3 && c.lat > 48 && c.lat < 52.5; })()"
    )
    tap_patrol(red, USHANT)
    seq = gm.seq()
    _tap(red, "orders")
    deploy = _everyone_has({"gm": gm, "red": red}, "deploy", seq, told=False)  # (the fleet's)
    assert deploy["data"]["orders"]["kind"] == "patrol", deploy
    seq = gm.seq()
    _tap(red, "ready")
    _everyone_has(pages, "ready", seq, told=False)
    assert game.act("move_enemy", force="fr-brest", to=USHANT)["ok"]


def _to_the_fight(game: Campaign, pages: dict[str, SeatPage]) -> str:
    """The GM's turns of the clock, a day a tap, till the two meet, each page's date (its
    status line and its chart's corner) moved with each: the fight's id."""
    gm = pages["gm"]
    for day in range(1, 21):
        seq = gm.seq()
        _tap(gm, "advance")
        _everyone_has(pages, "advance", seq, author="gm")
        for page in pages.values():
            page.wait(f"{DATE}.endsWith('June 1805 (day {day})')", timeout=20)
            page.wait(f"{CORNER}.includes('{day + 1} June 1805')", timeout=20)
        fights = [e for e in game.state()["engagements"] if not e["over"]]
        if fights:
            return str(fights[0]["id"])
    raise AssertionError("seed 11: the Red meets the Brest squadron off Ushant")


def _a_round(game: Campaign, pages: dict[str, SeatPage], fight: str) -> None:
    """A round fought by taps: the captain's ship's decision, then each of the admiral's
    ships'; the captain's log has his ship's decision once the round is fought."""
    fg, red = pages["fg"], pages["red"]
    box = f"#panel-battles article[data-engagement={fight}]"
    for page in (fg, red):
        page.page.locator("#tab-battles").tap()
        page.wait(f"document.querySelector('{box}') !== null", timeout=30)
    ordered = []
    for key, page in (("fg", fg), ("red", red)):
        record = next(e for e in game.state(key)["engagements"] if e["id"] == fight)
        seat = game.seats[key]["seat"]
        for ship in [s for s, h in record["awaiting"].items() if h == seat]:
            seq = page.seq()
            page.page.locator(
                f"{box} fieldset.orders-round[data-ship={ship}] button[data-decision=hold]"
            ).tap()
            page.wait_event("engage_decision", f"e.data.engagement === '{fight}'", after=seq)
            ordered.append(ship)
    assert ordered, "the captain and the admiral each have a ship in the fight"
    fg.wait(
        "([f, ship]) => (window.__admiralty.store.state.engagements || []).some((x) =>"
        " x.id === f && x.log.some((l) => l.type === 'decision' && l.ship === ship))",
        timeout=60,
        arg=[fight, ordered[0]],
    )


def _fight_out(game: Campaign, fight: str) -> None:
    """The GM has the battle fought out: each ship awaiting a seated player flees on his
    behalf, the rest by the book's NPC policies, round after round."""
    for _ in range(100):
        record = next(e for e in game.state()["engagements"] if e["id"] == fight)
        if record["over"]:
            return
        seats = sorted({h for h in record["awaiting"].values() if h})
        for decision, mine in [*(("flee", {"as": s}) for s in seats), ("npc", {})]:
            ack = game.act("engage_decision", engagement=fight, decision=decision, **mine)
            if not ack["ok"]:  # over (those who fled got away): the rest is refused
                assert ack["error"]["code"] == "wrong_phase", ack
                break
    raise AssertionError(f"{fight} is not over after 100 rounds")


def _battle_ends(game: Campaign, pages: dict[str, SeatPage], fight: str) -> None:
    """The rest of the battle fought out: its outcome names each side on the pages that see
    it, each battle panel small."""
    _fight_out(game, fight)
    box = f"#panel-battles article[data-engagement={fight}]"
    for key in ("fg", "red"):  # (an observer is shown no engagement)
        page = pages[key]
        page.wait(
            "(f) => (window.__admiralty.store.state.engagements || []).some((e) =>"
            " e.id === f && e.over)",
            timeout=60,
            arg=fight,
        )
        page.page.locator("#tab-battles").tap()
        outcome = page.js(f"document.querySelector('{box} .outcome').textContent")
        assert "France" in outcome and "Britain" in outcome, (key, outcome)
        assert page.js(NODES) <= 1500, key


def _summer_ends(game: Campaign, pages: dict[str, SeatPage]) -> None:
    """The summer played out to its last day, resolved (asked first): every page's report
    says what was fought and what was rolled."""
    while (state := game.state())["day"] < 92:
        for e in state["engagements"]:
            if not e["over"]:
                _fight_out(game, e["id"])
        assert game.act("advance", days=min(30, 92 - state["day"]))["ok"]
    _the_gm_asks(pages, "resolve_summer")
    for key, page in pages.items():
        page.wait("document.getElementById('panel-report').dataset.report === '1'", 30)
        page.page.locator("#tab-report").tap()
        summary = page.js(
            "(document.querySelector('#panel-report details.ships summary') || {})"
            ".textContent || ''"
        )
        assert "fought on the chart" in summary and "rolled off it" in summary, (key, summary)


def play_a_summers_key_moments(
    browser: Any, url: str, context: Any, seat_pages: list[SeatPage], phone: bool
) -> None:
    """The summer's key moments for every seat, each on a page of ``context`` (a phone's
    when ``phone``); fails on the first moment that goes wrong, and at the end on every page
    that did not fit or showed an id."""
    game = Campaign.new(url, seed=11)
    try:
        for key, role, extra in SEATS:
            game.add(key, role, **extra)
        pages = {
            key: open_seat(browser, url, game.seats[key]["link"], context=context)
            for key in ("gm", *(key for key, _, _ in SEATS))
        }
        seat_pages.extend(pages.values())
        ids = held_ids(game)
        bad: list[str] = []

        _cabinet(pages)
        bad += _fits_and_names(pages, ids, "the force rolled")
        if phone:
            _a_phones_chart(pages["red"])
        _orders(game, pages)
        fight = _to_the_fight(game, pages)
        bad += _fits_and_names(pages, ids, "a battle joined")
        _a_round(game, pages, fight)
        for key, page in pages.items():  # every tab of every page, a battle being fought
            bad += check_fit(page, f"{key}, a round fought")
        _battle_ends(game, pages, fight)
        _summer_ends(game, pages)
        bad += _fits_and_names(pages, ids, "the summer resolved")
        _the_gm_asks(pages, "next_season")

        # every panel of every page: it fits, and names what it shows
        for key, page in pages.items():
            bad += check_fit(page, f"{key} in the autumn")
            bad += [
                f"{key} in the autumn, {where}: ids shown: {sorted(hits)}"
                for where, text in crawl(page).items()
                if (hits := ids_in(text, ids))
            ]
        assert not bad, "\n".join(bad)
    finally:
        game.close()
