"""The checks a play page is put through in Chromium (issue 32): what does not fit its
screen (:data:`FIT`, :func:`check_fit`: items 5), and what it shows by an id where a name
belongs (:func:`crawl`, :func:`ids_in`: item 3)."""

from __future__ import annotations

import re
from typing import Any

import requests

from tests.browser_helpers import SeatPage

__all__ = [
    "CHART",
    "CHARTS_DRAWN",
    "FIT",
    "ID_PATTERNS",
    "SHOWN",
    "TOKEN",
    "check_fit",
    "crawl",
    "held_ids",
    "ids_in",
    "overlap",
    "tabs",
]

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
#: selects, its charts' titles, ticks and legends (plotly draws them as SVG text), its
#: tooltips and the chart's labels placed over the map (its forces', engagements', stations'
#: and ports': map_labels.js draws them as HTML, not as MapLibre symbol layers)
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
  texts.push(...window.__admiralty.map.labelBoxes().map((b) => b.text));
  return texts.join('\\n');
}"""

#: each chart in the shown panels drawn by plotly (the voyage's only once a voyage is planned)
CHARTS_DRAWN = (
    "[...document.querySelectorAll('[role=tabpanel]:not([hidden]) .chart:not(#voyage-chart)')]"
    ".every((c) => c.querySelector('svg.main-svg'))"
)


def held_ids(game: Any) -> set[str]:
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


def ids_in(text: str, ids: set[str]) -> set[str]:
    """The id-shaped strings in ``text``: an id the campaign holds, compared case-sensitively
    as a whole token ("brest" the id, not "Brest" the port), or an id's pattern."""
    found = {t for t in TOKEN.findall(text) if t in ids}
    for pattern in ID_PATTERNS:
        found.update(pattern.findall(text))
    return found


def crawl(seat: Any) -> dict[str, set[str]]:
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


#: What does not fit on the page as it is now: the page's own width, then each visible
#: button, field, cell and tab whose right edge passes its panel's or the viewport's, or whose
#: text is wider than its box (cut); and the tab bar's lines.
FIT = """() => {
  const bad = [];
  const vw = innerWidth;
  const doc = document.scrollingElement;
  if (doc.scrollWidth > vw) bad.push(`page ${doc.scrollWidth} > ${vw}`);
  const panel = document.querySelector("[role=tabpanel]:not([hidden])");
  const side = document.getElementById("side").getBoundingClientRect();
  if (panel.scrollWidth > panel.clientWidth) {
    bad.push(`panel ${panel.id} ${panel.scrollWidth} > ${panel.clientWidth}`);
  }
  const box = panel.getBoundingClientRect();
  const right = Math.min(vw, box.width ? box.right : side.right);
  const what = "button, select, input, textarea, td, th, summary, [role=tab]";
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}`
    + ` "${(n.innerText || n.value || "").trim().slice(0, 30)}"`;
  for (const n of document.querySelectorAll(`#side ${what}, #status .item, #views button`)) {
    if (!n.offsetParent && n.getClientRects().length === 0) continue;
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const limit = panel.contains(n) ? right : vw;
    if (r.right > limit + 0.5) bad.push(`${name(n)} right ${Math.round(r.right)} > ${limit}`);
    if (n.scrollWidth > n.clientWidth + 1 && n.tagName !== "SELECT") {
      bad.push(`${name(n)} cut: ${n.scrollWidth} > ${n.clientWidth}`);
    }
  }
  const tabs = [...document.querySelectorAll("#tabs [role=tab]")].filter((t) => !t.hidden);
  if (new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size !== 1) {
    bad.push("the tab bar wraps");
  }
  const bar = document.getElementById("tabs");
  if (bar.scrollWidth > bar.clientWidth) {
    bad.push(`tab bar ${bar.scrollWidth} > ${bar.clientWidth}`);
  }
  return bad;
}"""

#: The chart on a phone: its canvas's box, what the sheet leaves of it, the views' box, the
#: corner's (the compass and date) box.
CHART = """() => {
  const box = (n) => { if (!n) return null; const r = n.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
      height: r.height}; };
  return {canvas: box(document.querySelector("#map canvas")),
    sheet: box(document.getElementById("side")), views: box(document.getElementById("views")),
    corner: box(document.querySelector("#map .map-corner")), width: innerWidth,
    height: innerHeight, sheetState: document.body.dataset.sheet};
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


def tabs(seat: SeatPage) -> list[str]:
    return seat.js(
        "[...document.querySelectorAll('#tabs [role=tab]')].filter((t) => !t.hidden)"
        ".map((t) => t.id.slice(4))"
    )


def check_fit(seat: SeatPage, who: str) -> list[str]:
    """Every tab of ``seat``'s panel opened by a tap, what does not fit in each."""
    bad = []
    for name in tabs(seat):
        seat.page.locator(f"#tab-{name}").tap()
        seat.wait(f"!document.getElementById('panel-{name}').hidden")
        bad += [f"{who} {name}: {b}" for b in seat.js(FIT)]
    seat.page.locator("#tab-orders").tap()
    return bad
