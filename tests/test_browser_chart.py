"""The map as a sea chart (static/js/map.js) in Debian's headless Chromium: labels that never
overlap, live layers redrawn without the land, the month's wind, nothing from outside."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
import requests

from tests.browser_helpers import VIEWPORT, Campaign, SeatPage, open_seat

pytestmark = pytest.mark.browser

BOXES = "window.__admiralty.map.labelBoxes()"


def _overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (
                a["x"] < b["x"] + b["w"]
                and b["x"] < a["x"] + a["w"]
                and a["y"] < b["y"] + b["h"]
                and b["y"] < a["y"] + a["h"]
            ):
                out.append((a["text"], b["text"]))
    return out


def _settle(page: SeatPage) -> None:
    page.page.wait_for_timeout(400)  # the labels are placed on the next animation frame


def test_no_two_labels_overlap_in_the_crowded_channel_at_three_zooms(
    browser, browser_server, seat_pages, fleet
):
    gm = open_seat(browser, browser_server, fleet.seats["gm"]["link"])
    seat_pages.append(gm)
    gm.page.click("#views button:text('Channel')")
    _settle(gm)
    texts = set()
    for zoom, least in ((None, 6), (6.0, 2), (7.5, 2)):
        if zoom:  # closer in on Spithead, where the squadrons lie at day 0
            gm.js(
                "(z) => window.__admiralty.map.maplibre().jumpTo({center: [-1.3, 50.6], zoom: z})",
                zoom,
            )
            _settle(gm)
        boxes = gm.js(BOXES)
        assert len(boxes) >= least, boxes
        assert not _overlapping(boxes), _overlapping(boxes)
        texts |= {b["text"] for b in boxes}
    # the crowd was there to declutter: Spithead's squadrons and the ports of the Channel
    assert any("Red" in t or "Blue" in t or "White" in t for t in texts), texts
    assert "Portsmouth" in texts or "Plymouth" in texts, texts


def test_an_event_redraws_the_live_layers_and_never_the_land(
    browser, browser_server, seat_pages, fleet
):
    blue = open_seat(browser, browser_server, fleet.seats["blue"]["link"])
    seat_pages.append(blue)
    blue.js("""(() => {
        const m = window.__admiralty.map.maplibre();
        window.__spy = { land: 0, style: 0 };
        const land = m.getSource("chart");  // the static layers' one source
        const setData = land.setData.bind(land);
        land.setData = (d) => { window.__spy.land += 1; return setData(d); };
        const setStyle = m.setStyle.bind(m);
        m.setStyle = (s, o) => { window.__spy.style += 1; return setStyle(s, o); };
        window.__spy.live = window.__admiralty.map.counts.live;
    })()""")
    force = next(f["id"] for f in fleet.state()["forces"] if f.get("squadron") == "Red")
    ack = fleet.act(
        "deploy", squadron="Red", station="channel", **{"as": fleet.seats["red"]["seat"]}
    )
    assert ack["ok"], ack
    blue.wait(f"document.getElementById('map').dataset.routes.includes('{force}')", timeout=30)
    blue.wait("window.__admiralty.map.counts.live > window.__spy.live", timeout=10)
    assert blue.js("window.__spy") == {
        "land": 0,
        "style": 0,
        "live": blue.js("window.__spy.live"),
    }
    assert f"route-{force}" in blue.traces()
    assert "land" not in blue.traces(), "the land is in the style, not a trace"


def test_the_wind_layer_shows_the_months_arrows(browser, browser_server, seat_pages, fleet):
    red = open_seat(browser, browser_server, fleet.seats["red"]["link"])
    seat_pages.append(red)
    red.wait("document.getElementById('map').dataset.windMonth === '6'", timeout=10)
    june = requests.get(browser_server + "/api/wind?month=6", timeout=30).json()
    assert red.map_data()["windArrows"] == str(len(june["features"]))
    drawn = red.js(
        "window.__admiralty.map.maplibre().querySourceFeatures('wind')"
        ".map((f) => f.properties.strength)"
    )
    strengths = {f["properties"]["strength"] for f in june["features"]}
    assert set(drawn) == strengths
    january = requests.get(browser_server + "/api/wind?month=1", timeout=30).json()
    assert [f["properties"] for f in january["features"]] != [
        f["properties"] for f in june["features"]
    ], "the wind is the month's"


def test_nothing_is_fetched_from_outside_the_server(browser, browser_server, fleet):
    outside: list[str] = []
    context = browser.new_context(viewport=VIEWPORT)

    def route(r) -> None:
        url = urlparse(r.request.url)
        if url.scheme in ("data", "blob") or url.hostname == "127.0.0.1":
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    try:
        page = open_seat(browser, browser_server, fleet.seats["red"]["link"], context=context)
        page.page.click("#views button:text('Channel')")
        page.wait("document.getElementById('map').dataset.coast === 'detail'", timeout=30)
        page.page.click("#views button:text('Solent')")
        page.page.wait_for_timeout(1000)
        page.screenshot("chart-solent.png")
        assert not page.errors, page.errors
    finally:
        context.close()
    assert not outside, outside


def test_each_force_is_drawn_as_the_ship_symbol_of_its_rating(
    browser, browser_server, seat_pages, fleet
):
    gm = open_seat(browser, browser_server, fleet.seats["gm"]["link"])
    seat_pages.append(gm)
    gm.wait("window.__admiralty.map.symbols().length > 0", timeout=10)
    rating = {f["id"]: f["rating"] for f in fleet.state()["forces"]}
    symbols = gm.js("window.__admiralty.map.symbols()")
    by_type: dict[str, set[str]] = {}
    for s in symbols:
        kind = s["icon"].split("|")[1]
        # a marker shows the rating the server gave its force (the largest, for a stack)
        biggest = max((rating[i] for i in s["ids"]), key=lambda r: r["size"])
        assert kind == biggest["type"].lower().replace(" ", "-"), (s, biggest)
        assert s["rating"] == biggest["label"]
        by_type.setdefault(kind, set()).add(s["icon"])
    assert len(by_type) >= 2, by_type  # the fleet at sea is of more than one rating
    icons = [s["icon"] for s in symbols]
    kinds = {i.split("|")[1] for i in icons}
    for a in kinds:  # forces of different ratings never share a symbol
        for b in kinds - {a}:
            assert not by_type[a] & by_type[b]
    registered = gm.js(
        """(ids) => { const m = window.__admiralty.map.maplibre();
        return ids.map((id) => m.hasImage(id)); }""",
        icons,
    )
    assert all(registered), dict(zip(icons, registered, strict=True))
    assert gm.js("window.__admiralty.map.maplibre().getLayer('forces').type") == "symbol"
    legend = gm.js(
        "[...document.querySelectorAll('#map .map-legend .ship-symbol')]"
        ".map((li) => li.textContent)"
    )
    assert any("1st rate" in t for t in legend) and any("Cutter" in t for t in legend), legend
    assert not gm.errors, gm.errors


def test_the_chart_opens_with_everything_drawn_and_an_event_redraws_only_what_it_changed(
    browser, browser_server, seat_pages
):
    """The ready flag means drawn: the land (given in the style the map was made with, not
    added after), the seat's forces and the month's wind all loaded and the map idle. The
    Officers tab is built only when first shown; an event that moved one force rebuilds that
    force's row of the Orders panel's table and no other."""
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll()
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"])
        seat_pages.append(gm)
        drawn = gm.js("""(() => {
            const a = window.__admiralty, m = a.map.maplibre();
            const div = document.getElementById("map");
            const loaded = ["chart", "forces", "wind"].filter((s) => m.isSourceLoaded(s)
              && m.querySourceFeatures(s).length > 0);
            const land = m.querySourceFeatures("chart", { filter: ["==", ["get", "layer"],
              "land"] }).length;
            return { loaded, land, style: m.getStyle().sources.chart.data.features.filter(
                (f) => f.properties.layer === "land").length,
              wind: div.dataset.windMonth, month: a.store.state.month, given: a.map.counts.land,
              renders: a.map.counts.renders, officers: document.getElementById("panel-officers")
                .childElementCount };
        })()""")
        assert drawn["loaded"] == ["chart", "forces", "wind"] and drawn["land"] > 0, drawn
        assert drawn["style"] > 0 and drawn["given"] == 1, "the land is in the style, given once"
        assert drawn["wind"] == str(drawn["month"]), drawn
        assert drawn["renders"] >= 1, drawn
        assert drawn["officers"] == 0, "the Officers tab is built when first shown"
        gm.tab("officers")
        gm.wait("document.querySelectorAll('#panel-officers tr[data-seat]').length > 0")
        gm.tab("orders")
        forces = {f["squadron"]: f["id"] for f in game.state()["forces"] if f.get("squadron")}
        assert {"Red", "Blue"} <= set(forces), forces
        row = "#panel-orders tr[data-force='{}']"
        gm.js(
            "(ids) => ids.forEach((id, i) => { document.querySelector("
            "`#panel-orders tr[data-force='${id}']`).dataset.mark = String(i); })",
            [forces["Red"], forces["Blue"]],
        )
        seq = gm.seq()
        assert game.act(
            "deploy", squadron="Red", station="channel", **{"as": game.seats["red"]["seat"]}
        )["ok"]
        gm.wait_event("deploy", after=seq)
        gm.wait(f'!document.querySelector("{row.format(forces["Red"])}").dataset.mark')
        red = gm.page.locator(row.format(forces["Red"])).inner_text()
        assert "channel" in red.lower() or "Channel" in red, red
        blue = gm.js(f'document.querySelector("{row.format(forces["Blue"])}").dataset.mark')
        assert blue == "1", "an unchanged force's row is kept, not rebuilt"
    finally:
        game.close()
