"""Names everywhere (issue 32, item 3) in Debian's headless Chromium: every page and panel of
a played year, for every seat, shows people, places, forces and sides by their names, never
by the ids the server keeps them under."""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from tests.browser_helpers import open_seat

pytestmark = pytest.mark.browser

#: the seats the crawl opens: the GM, both ministers, an admiral, a captain and an observer
SEATS = ("gm", "pm", "fsl", "red", "fg", "obs")

#: what reads as an id whatever the state holds: an officer's or seat's hex id, and a side
#: by its letter ("side A won (a wins)")
ID_PATTERNS = (
    re.compile(r"\b[os]-[0-9a-f]{6,}\b"),
    re.compile(r"\bside [ABab]\b"),
    re.compile(r"\([ab] wins?\)"),
)

#: a token of shown text: letters, digits, hyphens and underscores
TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*[A-Za-z0-9_]|[A-Za-z0-9]")

#: everything a person can read in the page's shown panel: its text, the options of its
#: selects, its charts' titles, ticks and legends (plotly draws them as SVG text) and its
#: tooltips
SHOWN = """() => {
  const shown = (n) => !!(n.offsetWidth || n.offsetHeight || n.getClientRects().length);
  const texts = [document.body.innerText];
  for (const s of document.querySelectorAll('select')) {
    if (shown(s)) texts.push(...[...s.options].map((o) => o.text));
  }
  for (const t of document.querySelectorAll('svg text')) {
    if (shown(t)) texts.push(t.textContent);
  }
  for (const n of document.querySelectorAll('[title]')) {
    if (shown(n)) texts.push(n.getAttribute('title'));
  }
  return texts.join('\\n');
}"""

#: each chart in the shown panels drawn by plotly (the voyage's only once a voyage is planned)
CHARTS_DRAWN = (
    "[...document.querySelectorAll('[role=tabpanel]:not([hidden]) .chart:not(#voyage-chart)')]"
    ".every((c) => c.querySelector('svg.main-svg'))"
)


def _held_ids(game: Any) -> set[str]:
    """The ids the campaign holds (the GM's state: every ``id``, the keys of its maps by
    officer id) and the world's (ports and stations), less those that are also a name."""
    state = game.state("gm")
    ids: set[str] = set()
    names: set[str] = set()

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "officers" and isinstance(v, dict):
                    ids.update(v)
                if isinstance(v, str) and (k == "id" or k.endswith("_id")):
                    ids.add(v)
                elif isinstance(v, str) and k == "name":
                    names.add(v)
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)

    walk(state)
    ports = requests.get(game.url + "/api/ports", timeout=30).json()["ports"]
    world = requests.get(game.url + "/api/map", timeout=30).json()
    stations = [f["properties"] for f in world["stations"]["features"]]
    for place in (*ports, *stations):
        ids.add(place["id"])
        names.add(place["name"])
    return {i for i in ids if len(i) > 1 and i not in names}


def _hits(text: str, ids: set[str]) -> set[str]:
    """The id-shaped strings in ``text``: an id the campaign holds, compared case-sensitively
    as a whole token ("brest" the id, not "Brest" the port), or an id's pattern."""
    found = {t for t in TOKEN.findall(text) if t in ids}
    for pattern in ID_PATTERNS:
        found.update(pattern.findall(text))
    return found


def _crawl(seat: Any) -> dict[str, set[str]]:
    """The page's text by panel: each tab shown in turn, its <details> opened and its charts
    drawn; the history tab once for each year on its list."""
    texts: dict[str, set[str]] = {}

    def read(where: str) -> None:
        seat.page.evaluate(
            "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"
        )
        seat.wait(CHARTS_DRAWN, 30)
        texts[where] = seat.js(SHOWN)

    tabs = seat.js(
        "[...document.querySelectorAll('#tabs [role=tab]')].filter((t) => !t.hidden)"
        ".map((t) => t.id.slice(4))"
    )
    for tab in tabs:
        seat.tab(tab)
        if tab == "history":
            seat.wait("document.getElementById('panel-history').dataset.history === '1'")
            years = seat.js(
                "[...document.querySelectorAll('#history-year option')].map((o) => o.value)"
            )
            for year in years:
                seat.page.select_option("#history-year", year)
                seat.wait(
                    "(document.querySelector('#season-page .season') || {dataset: {}})"
                    f".dataset.year === {year!r}"
                )
                read(f"history {year}")
            continue
        if tab == "log":
            seat.wait("document.getElementById('panel-log').dataset.history === '1'", 30)
        read(tab)
    return texts


def test_every_page_and_panel_of_a_played_year_shows_names_not_ids(
    browser, browser_server, seat_pages, two_summers
):
    game = two_summers
    if "obs" not in game.seats:
        game.add("obs", "observer")
    state = game.state("gm")
    assert state["years"] and any(y["engagements"] for y in state["years"]), "seed 21 fights"
    ids = _held_ids(game)
    assert {"spithead", "brest", "channel"} <= ids  # the world's ids are checked too
    found: dict[str, dict[str, list[str]]] = {}
    for key in SEATS:
        seat = open_seat(browser, browser_server, game.seats[key]["link"])
        seat_pages.append(seat)  # (its console errors checked at the end)
        texts = _crawl(seat)
        assert {"orders", "report", "history 1805", "history 1806", "log"} <= set(texts), key
        for where, text in texts.items():
            hits = _hits(text, ids)
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
