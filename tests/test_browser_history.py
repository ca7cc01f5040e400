"""The year in pictures (issue 17, item 5) in Debian's headless Chromium: the season page of
a summer gone by, an officer's career charted across the years, and the GM's export of the
whole log, which ``admiralty replay`` checks."""

from __future__ import annotations

import json

import pytest

from server import game as server_game
from tests.browser_helpers import ARTIFACTS, open_seat

pytestmark = pytest.mark.browser

CHARTS = "[...document.querySelectorAll('#career-page .chart')]"


def _history(seat) -> None:
    seat.tab("history")
    seat.wait("document.getElementById('panel-history').dataset.history === '1'")


def test_the_season_page_of_1805_shows_what_sailed_was_fought_and_who_rose(
    browser, browser_server, seat_pages, two_summers
):
    state = two_summers.state("fg")
    assert [y["year"] for y in state["years"]] == [1805, 1806]
    y1805 = state["years"][0]
    fg = open_seat(browser, browser_server, two_summers.seats["fg"]["link"])
    seat_pages.append(fg)
    _history(fg)
    assert fg.js("[...document.querySelectorAll('#history-year option')].map(o => o.value)") == [
        "1805",
        "1806",
    ]
    fg.page.select_option("#history-year", "1805")
    fg.wait("document.querySelector('#season-page .season').dataset.year === '1805'")
    squadrons = fg.js(
        "[...document.querySelectorAll('#season-page [data-section=sailed] details')]"
        ".map(d => d.dataset.squadron)"
    )
    assert set(squadrons) == {s["squadron"] or "Independent" for s in y1805["deployment"]}
    rows = fg.js(
        "[...document.querySelectorAll('#season-page [data-section=fought] tr[data-engagement]')]"
        ".map(r => [r.dataset.engagement, r.cells[2].textContent, r.cells[4].textContent])"
    )
    assert rows, "seed 21 fights in 1805"
    fights = sorted(y1805["engagements"], key=lambda e: e["day"])
    assert [r[0] for r in rows] == [e["id"] for e in fights]
    for (_, side_a, outcome), e in zip(rows, fights, strict=True):
        assert all(s["name"] in side_a for s in e["sides"]["a"])
        assert outcome and outcome != "not fought out"
    # who rose and who fell: the seat's report of 1805 (his own outcome and the Gazette)
    report = y1805["report"]
    people = {**report["gazette"], **(report["yours"] or {})}
    lists = fg.js(
        "Object.fromEntries([...document.querySelectorAll('#season-page [data-list]')]"
        ".map(d => [d.dataset.list, [...d.querySelectorAll('li')].map(l => l.dataset.officer)]))"
    )
    assert set(lists["killed"]) == {i for i, o in people.items() if o["dead"]}
    assert set(lists["promoted"]) == {
        i for i, o in people.items() if o["promoted"] and not o["dead"]
    }
    assert set(lists["mentioned"]) == {
        i for i, o in people.items() if o["mentioned"] and not o["dead"]
    }
    fg.screenshot("history_season.png")
    assert lists["killed"] or lists["promoted"] or lists["mentioned"]


def test_a_career_is_charted_per_year_and_another_players_officer_by_rank_only(
    browser, browser_server, seat_pages, two_summers
):
    fg = open_seat(browser, browser_server, two_summers.seats["fg"]["link"])
    seat_pages.append(fg)
    _history(fg)
    own = two_summers.seats["fg"]["officer"]
    state = two_summers.state("fg")
    points = len(state["years"]) + 1  # each summer gone by and now
    fg.wait(f"{CHARTS}.length === 6 && {CHARTS}.every(c => c.dataset.drawn === '1')")
    charts = fg.js(f"{CHARTS}.map(c => [c.dataset.chart, c.data[0].x.length, c.data[0].y])")
    assert [c[0] for c in charts] == ["rank", "na", "funds", "wounds", "health", "experiences"]
    assert all(c[1] == points for c in charts), charts
    now = next(o for o in state["officers"] if o["id"] == own)
    by = {c[0]: c[2] for c in charts}
    assert by["rank"] == [y["officers"][own]["rank"] for y in state["years"]] + [now["rank"]]
    assert by["na"][-1] == now["na"] and by["funds"][-1] == now["funds"]
    assert by["wounds"] == [len(y["officers"][own]["wounds"]) for y in state["years"]] + [
        len(now["wounds"])
    ]
    # his Health each year and now, as the server keeps it (his sheet's state)
    assert by["health"] == [y["officers"][own]["health"] for y in state["years"]] + [
        now["sheet"]["state"]
    ]
    # his Experiences: one more each summer he sailed and lived (a year of service)
    assert by["experiences"] == [y["officers"][own]["experiences"] for y in state["years"]] + [
        now["sheet"]["experiences"]
    ]
    assert by["experiences"] == sorted(by["experiences"])  # (gained, never lost)
    fg.page.locator("#career-page").screenshot(path=str(ARTIFACTS / "history_career.png"))
    # the rank axis is the ladder's order (/api/rules), not the order he held them
    ladder = fg.js("document.getElementById('career-rank').layout.yaxis.categoryarray")
    navy = fg.js("window.__admiralty.rules.ranks.navy")
    assert ladder == sorted(set(by["rank"]), key=navy.index)
    # another player's officer: his rank only
    other = two_summers.seats["red"]["officer"]
    fg.page.select_option("#history-officer", other)
    fg.wait(f"document.getElementById('panel-history').dataset.officer === '{other}'")
    fg.wait(f"{CHARTS}.length === 1 && {CHARTS}[0].dataset.drawn === '1'")
    assert fg.js(f"{CHARTS}.map(c => [c.dataset.chart, c.data[0].x.length])") == [["rank", points]]


def test_the_gm_exports_the_whole_log_and_it_replays(
    browser, browser_server, seat_pages, two_summers, tmp_path
):
    gm = open_seat(browser, browser_server, two_summers.seats["gm"]["link"])
    seat_pages.append(gm)
    _history(gm)
    with gm.page.expect_download() as info:
        gm.page.click("#export-log")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / "log.json"
    download.save_as(path)
    log = json.loads(path.read_text())
    assert log["campaign"]["id"] == two_summers.id
    assert [e["type"] for e in log["events"]].count("resolve_summer") == 2
    state, problems = server_game.replay(log)
    assert problems == []
    assert state["phase"] == "cabinet" and len(state["years"]) == 2
