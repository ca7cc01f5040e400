"""A page that is always right (issue 32, item 1), in Chromium: a join or an act whose ack is
late is asked again (an act with its action id: docs/protocol.md, "Action ids") and shown as
pending, never as failed; a lost ack or a reconnect ends in the true state without a reload;
every field shown follows its event (the chart's date and month's wind, the status line,
the battle form's target).

A slow server is ``tests/slow_server.py`` (the ``slow_server`` fixture): it holds back the
acks a test names. The pages wait ``window.__admiraltyAckMs`` = 1.5 s for an ack here,
not 15 s. Every wait is for the event or the state it means, never a clock.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_helpers import Campaign, SeatPage, open_seat
from tests.conftest import RICH

pytestmark = pytest.mark.browser

ACK_MS = 1500  # the pages' ack time here: the server's held-back answers take 4 s
LATE = 4.0
SHORT_ACKS = f"window.__admiraltyAckMs = {ACK_MS};"


def _open(browser: Any, url: str, game: Campaign, key: str, pages: list[SeatPage]) -> SeatPage:
    page = open_seat(browser, url, game.seats[key]["link"], init_script=SHORT_ACKS)
    pages.append(page)
    return page


def _acts(slow_server: Any, type_: str) -> list[str]:
    """The action ids of the ``type_`` acts the server received, each sending once."""
    return [s["id"] for s in slow_server.seen() if s["kind"] == "act" and s["type"] == type_]


def test_a_join_whose_ack_is_late_is_sent_again_on_the_same_socket(
    browser, slow_server, seat_pages
):
    """net.js: a join not answered in time is asked again while the socket stays connected
    (it said "retrying" and waited for ever); the page joins without a reconnect."""
    game = Campaign.new(slow_server.url, seed=2)
    try:
        game.add("red", "admiral", squadron="Red")
        before = sum(s["kind"] == "join" for s in slow_server.seen())
        slow_server.late(joins=[LATE])
        red = _open(browser, slow_server.url, game, "red", seat_pages)
        joins = [s for s in slow_server.seen() if s["kind"] == "join"][before:]
        assert [j["since"] for j in joins[:2]] == [0, 0]  # the first, unanswered, then again
        assert red.js("window.__admiralty.reconnects") == 0
        assert red.page.locator("#st-phase").inner_text() == "cabinet"
        assert red.js("window.__admiralty.connection") == "connected"
    finally:
        game.close()


def test_a_late_advance_is_pending_then_done_once_and_a_lost_ack_ends_true(
    browser, slow_server, seat_pages
):
    """The GM's "Advance" whose ack comes after the page's ack time: shown as pending (never
    "the server did not answer"), sent again with the same action id, the campaign moved
    once; then one whose connection drops before its ack: the page reconnects, sends it
    again, and ends on the true day without a reload."""
    game = Campaign.new(slow_server.url, seed=3)
    try:
        game.roll(3, 5)
        gm = _open(browser, slow_server.url, game, "gm", seat_pages)
        gm.tab("orders")
        days = gm.page.get_by_label("Days", exact=True)
        button = gm.page.locator("button[data-action=advance]")
        error = gm.page.locator("button[data-action=advance] ~ p.error")

        slow_server.late(advance=[LATE])
        days.fill("3")
        seq = gm.seq()
        button.click()
        gm.wait_event("advance", after=seq)
        # the event is in; its ack is not: pending, the act sent again, the button held
        gm.wait("window.__admiralty.pending === 1")
        assert gm.page.locator("#st-pending").is_visible()
        assert "awaiting the server's answer" in gm.page.locator("#st-pending").inner_text()
        assert (
            "awaiting the server's answer"
            in gm.page.locator("button[data-action=advance] ~ .ok-text").inner_text()
        )
        assert button.is_disabled()
        gm.wait("window.__admiralty.pending === 0", timeout=30)
        assert error.inner_text() == ""
        assert gm.js("window.__admiralty.resent") >= 1
        sent = _acts(slow_server, "advance")
        assert len(sent) >= 2 and len(set(sent)) == 1  # sent again, with its one action id
        assert game.state()["day"] == 3  # advanced once
        assert gm.js("window.__admiralty.store.state.day") == 3

        # the connection drops while the ack is awaited: reconnect, join, send it again
        slow_server.late(advance=[LATE])
        days.fill("2")
        seq = gm.seq()
        button.click()
        gm.wait("window.__admiralty.pending === 1")
        gm.js("window.__admiralty.net.drop()")
        gm.wait("window.__admiralty.reconnects === 1", timeout=30)
        gm.wait("window.__admiralty.pending === 0", timeout=30)
        gm.wait_event("advance", after=seq)
        assert error.inner_text() == ""
        assert len(set(_acts(slow_server, "advance"))) == 2
        assert game.state()["day"] == 5
        gm.wait("window.__admiralty.store.state.day === 5")
        assert "6 June 1805 (day 5)" in gm.page.locator("#st-date").inner_text()
    finally:
        game.close()


def test_an_investment_shows_as_its_event_comes_though_its_ack_is_late(
    browser, slow_server, seat_pages
):
    """Briny, INVESTMENT, through the form: the line of the investment is there as its event
    comes (it showed only after a reload), the form drawn anew holding its Invest button
    pending until the late ack; his funds taken once."""
    game = Campaign.new(slow_server.url, seed=5)
    try:
        game.add("fg", "captain", ship="FG", officer={"name": "Jack Aubrey", "birth": RICH})
        oid = game.seats["fg"]["officer"]

        def funds() -> int:
            return next(o for o in game.state()["officers"] if o["id"] == oid)["funds"]

        start = funds()
        fg = _open(browser, slow_server.url, game, "fg", seat_pages)
        fg.tab("orders")
        form = fg.page.locator("fieldset.invest")
        form.locator("input[type=number]").fill("2000")
        slow_server.late(invest=[LATE])
        seq = fg.seq()
        form.locator("button[data-action=invest]").click()
        fg.wait_event("invest", after=seq)
        form.locator("li[data-investment='i1805-1']").wait_for()
        fg.wait("window.__admiralty.pending === 1")
        assert form.locator("button[data-action=invest]").is_disabled()
        assert "awaiting" in form.locator(".ok-text").first.inner_text()
        fg.wait("window.__admiralty.pending === 0", timeout=30)
        assert form.locator("p.error").first.inner_text() == ""
        assert len(set(_acts(slow_server, "invest"))) == 1
        assert funds() == start - 2000
    finally:
        game.close()


def test_the_chart_corner_and_the_status_line_follow_each_turn(browser, slow_server, seat_pages):
    """The players' chart: its corner's date moves with each advance though no force moved
    (it went stale at "22 June" on 13 July), the month's wind with the month (June's all
    summer), and the status line has the new day with its own date as the event arrives."""
    game = Campaign.new(slow_server.url, seed=4)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll(3, 5)
        red = _open(browser, slow_server.url, game, "red", seat_pages)
        red.wait("document.getElementById('map').dataset.windMonth === '6'", timeout=20)
        corner = "document.querySelector('.map-corner').textContent"
        assert "1 June 1805" in red.js(corner)

        seq = red.seq()
        assert game.act("advance", days=1)["ok"]
        red.wait_event("advance", after=seq)
        assert red.page.locator("#st-date").inner_text() == "2 June 1805 (day 1)"
        assert "2 June 1805 · summer" in red.js(corner)

        seq = red.seq()
        assert game.act("advance", days=29)["ok"]
        red.wait_event("advance", after=seq)
        assert red.page.locator("#st-date").inner_text() == "1 July 1805 (day 30)"
        assert "1 July 1805 · summer" in red.js(corner)
        red.wait("document.getElementById('map').dataset.windMonth === '7'", timeout=20)
    finally:
        game.close()


def test_the_status_line_names_the_gm_once_and_counts_a_short_turn_down(
    browser, slow_server, seat_pages
):
    """The status line's seat is "Games Master", not "Games Master Games Master"; a
    deadline under a minute away is in seconds, not "in 0 min"."""
    game = Campaign.new(slow_server.url, seed=6)
    try:
        gm = _open(browser, slow_server.url, game, "gm", seat_pages)
        assert gm.page.locator("#st-seat").inner_text() == "Games Master"
        assert gm.js(
            "(async () => (await import('/static/js/util.js')).deadlineText("
            "'2030-01-01T12:00:00Z', Date.parse('2030-01-01T11:59:15Z')))()"
        ).endswith("(in 45 s)")
        assert gm.js(
            "(async () => (await import('/static/js/util.js')).deadlineText("
            "'2030-01-01T12:00:00Z', Date.parse('2030-01-01T11:58:15Z')))()"
        ).endswith("(in 1 min)")
    finally:
        game.close()


def test_season_titles_read_the_calendar_year(js):
    """The GM's season box: "The spring of 1806" in March 1806 (not the campaign's 1805),
    a winter across its two years."""
    titles = js(
        "return [['spring', '1806-03-10'], ['winter', '1805-12-02'], ['winter', '1806-02-01'],"
        " ['autumn', '1805-09-01']].map(([p, d]) => util.seasonTitle(p, d));"
    )
    assert titles == [
        "The spring of 1806",
        "The winter of 1805–06",
        "The winter of 1805–06",
        "The autumn of 1805",
    ]


def test_a_struck_target_is_neither_shown_nor_sent(js):
    """battle_orders.js: the ship chosen as target strikes; the form shows "the nearest" and
    the order it sends has no target (it sent the struck ship's id under "the nearest")."""
    sent = js(
        """
        const battleOrders = await import('/static/js/battle_orders.js');
        const engagement = { id: 'e1', sides: {
            a: [{ id: 'fg', name: 'Surprise', type: 'frigate', officers: [] }],
            b: [{ id: 'x1', name: 'Hortense', type: 'frigate' },
                { id: 'x2', name: 'Cornélie', type: 'frigate' }] },
          view: { ships: [{ id: 'x1', status: 'struck' }, { id: 'x2', status: 'active' }] },
          choices: { decisions: ['close'] } };
        const drafts = new Map([['e1/fg', { target: 'x1', hwyf: {}, boarding: {},
          hardship: {} }]]);
        const acts = [];
        const ctx = { rules: { shots: ['round'] }, act: async (a) => { acts.push(a);
          return { ok: true, seq: 1 }; } };
        const form = battleOrders.shipOrdersForm(ctx, engagement, engagement.sides.a[0], drafts,
          { several: false, pending: false, round: 2 });
        document.body.append(form);
        const target = form.querySelector('select[data-order=target]');
        const shown = [target.value, target.selectedOptions[0].textContent,
          [...target.options].map((o) => o.value)];
        form.querySelector('button[data-decision=close]').click();
        await new Promise((resolve) => setTimeout(resolve, 0));
        form.remove();
        return { shown, acts };
        """
    )
    assert sent["shown"] == ["", "the nearest", ["", "x2"]]
    assert sent["acts"] == [
        {
            "type": "engage_decision",
            "engagement": "e1",
            "decision": "close",
            "shot": "round",
            "round": 2,
        }
    ]
