"""The season report in Debian's headless Chromium says what was fought and what was rolled
(issue 32, item 4; docs/rules-notes.md "A result rolled off the chart"): the Ships table
tells each ship's fights on the map or her result rolled off the chart, in words that never
claim a fight the map did not see; the charts count the two apart."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.browser_helpers import open_seat

pytestmark = pytest.mark.browser

SHIPS = "#panel-report details.ships tr[data-ship]"


def _words(date: str) -> str:
    """A game date as the page writes it ("2 June 1805")."""
    day = dt.date.fromisoformat(date)
    return f"{day.day} {day.strftime('%B')} {day.year}"


def test_the_report_shows_which_results_were_fought_and_which_rolled(
    browser, browser_server, seat_pages, autumn_live
):
    game = autumn_live
    report = game.state()["report"]
    ships = report["ships"]
    fought = {code for code, s in ships.items() if s["fought"]}
    assert fought and set(ships) - fought, "seed 21: some ships fight in 1805, others not"
    gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
    seat_pages.append(gm)
    gm.wait("document.getElementById('panel-report').dataset.report === '1'", timeout=30)
    gm.tab("report")
    gm.page.locator("#chart-results .main-svg").first.wait_for(timeout=10_000)
    gm.page.locator("#chart-people .main-svg").first.wait_for(timeout=10_000)
    # the Ships table: each ship fought on the chart (when, against whom) or rolled off it
    summary = gm.js("document.querySelector('#panel-report details.ships summary').textContent")
    assert summary == (
        f"Ships ({len(fought)} fought on the chart, {len(ships) - len(fought)} rolled off it)"
    )
    rows = gm.js(
        f"[...document.querySelectorAll('{SHIPS}')].map((r) => [r.dataset.ship,"
        " r.dataset.source, r.cells[3].textContent, r.cells[4].textContent])"
    )
    assert sorted(r[0] for r in rows) == sorted(ships)
    for code, source, where, words in rows:
        ship = ships[code]
        assert words == ship["interpretation"]
        if code in fought:
            assert source == "fought" and where.startswith("fought on the chart: ")
            for fight in ship["fought"]:
                assert _words(fight["date"]) in where
                assert all(name in where for name in fight["against"])
            assert not words.startswith("Off the chart")
        else:
            assert (source, where) == ("rolled", "rolled off the chart")
            assert words.startswith("Off the chart: ")
    # the results chart: a squadron's results fought apart from those rolled
    results = gm.js("document.getElementById('chart-results').data.map((t) => [t.name, t.x, t.y])")
    assert [name for name, _, _ in results] == [f"Result {r}" for r in range(1, 7)]
    squadrons, sources = results[0][1]
    bars = list(zip(squadrons, sources, strict=True))
    expected = {
        (s["squadron"] or "Independent", "fought" if s["fought"] else "off the chart")
        for s in ships.values()
    }
    assert set(bars) == expected and len(bars) == len(expected)
    for name, _, y in results:
        r = int(name.split()[1])
        for (squadron, source), count in zip(bars, y, strict=True):
            assert count == sum(
                1
                for s in ships.values()
                if (s["squadron"] or "Independent") == squadron
                and bool(s["fought"]) == (source == "fought")
                and s["battle_result"] == r
            )
    # the people chart: only what came of a fight is counted as a fight's
    people = gm.js("document.getElementById('chart-people').data.map((t) => [t.name, t.x, t.y])")
    deaths = next(t for t in people if t[0] == "Deaths")
    counted = dict(zip(zip(*deaths[1], strict=True), deaths[2], strict=True))
    outcomes = report["outcomes"]
    for (squadron, source), count in counted.items():
        assert count == sum(
            1
            for o in outcomes.values()
            if o["squadron"] == squadron and bool(o["fought"]) == (source == "fought") and o["dead"]
        )
    squadrons_fought = {s["squadron"] or "Independent" for s in ships.values() if s["fought"]}
    assert not any(
        source == "fought" and squadron not in squadrons_fought for squadron, source in counted
    ), "nothing counted as fought for a squadron that never fought"
    title = gm.js("document.getElementById('chart-people').layout.title.text")
    assert "of fights on the chart" in title and "rolled off it" in title
    # the officers' lines say where their results came from
    lines = gm.js(
        "[...document.querySelectorAll('#panel-report ol.words li')].map((l) => l.textContent)"
    )
    assert any("(off the chart)" in line or "(fought on the chart)" in line for line in lines)
    gm.page.locator("#chart-results").scroll_into_view_if_needed()
    gm.screenshot("season-report-sources.png")
    # the season page's who rose and who fell: each says where his result came from
    gm.tab("history")
    gm.wait("document.getElementById('panel-history').dataset.history === '1'")
    listed = gm.js(
        "[...document.querySelectorAll('#season-page [data-list] li')].map((l) =>"
        " [l.dataset.officer, l.dataset.source, l.textContent])"
    )
    assert listed
    for oid, source, text in listed:
        fought = bool(outcomes[oid]["fought"])
        assert source == ("fought" if fought else "rolled"), oid
        assert text.endswith(" — fought on the chart" if fought else " — rolled off the chart")
