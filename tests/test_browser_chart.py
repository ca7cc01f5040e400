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
    added after), the seat's forces and the month's wind all loaded and the map idle; the
    style has three sources (the static layers', the live layers' and the wind's), none added
    after, and the forces and the wind came in one setData each at most (none if in the
    style already). The
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
            const of = (s, layer) => m.querySourceFeatures(s, layer ? { filter: ["==",
              ["get", "layer"], layer] } : {}).length;
            const loaded = [["chart", "land"], ["live", "forces"], ["wind", null]].filter(
              ([s, layer]) => m.isSourceLoaded(s) && of(s, layer) > 0).map(([s, l]) => l || s);
            return { loaded, land: of("chart", "land"), sources: Object.keys(m.getStyle()
                .sources), pushed: a.map.counts.live,
              style: m.getStyle().sources.chart.data.features.filter(
                (f) => f.properties.layer === "land").length,
              wind: div.dataset.windMonth, month: a.store.state.month, given: a.map.counts.land,
              renders: a.map.counts.renders, officers: document.getElementById("panel-officers")
                .childElementCount };
        })()""")
        assert drawn["loaded"] == ["land", "forces", "wind"] and drawn["land"] > 0, drawn
        # the live and wind sources first: tiled first (their symbols' extra frame early)
        assert drawn["sources"] == ["live", "wind", "chart"], drawn
        assert drawn["pushed"] <= 2, "the forces and the wind given once each, if not in the style"
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


# -- readable at every zoom (issue 32 item 7) ---------------------------------------------

ZOOMS = (4.0, 5.0, 6.0, 7.0, 8.0)
BLOCKADED = ("brest",)
CONTROLS = """(() => {
    const root = document.getElementById('map').getBoundingClientRect();
    return [...document.querySelectorAll('#views, #map .map-legend, #map .map-corner')]
      .map((n) => { const r = n.getBoundingClientRect();
        return {text: n.className || n.id, x: r.left - root.left, y: r.top - root.top,
          w: r.width, h: r.height}; }); })()"""


def _meet(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


def _jump(page: SeatPage, lon: float, lat: float, zoom: float) -> None:
    page.js(
        """([lon, lat, z]) => new Promise((done) => {
            const m = window.__admiralty.map.maplibre();
            m.once('idle', done);
            m.jumpTo({center: [lon, lat], zoom: z});
        })""",
        [lon, lat, zoom],
    )
    _settle(page)


def test_wind_arrows_keep_one_screen_size_at_every_zoom(browser, browser_server, seat_pages, fleet):
    red = open_seat(browser, browser_server, fleet.seats["red"]["link"])
    seat_pages.append(red)
    red.wait("document.getElementById('map').dataset.windMonth === '6'", timeout=10)
    june = requests.get(browser_server + "/api/wind?month=6", timeout=30).json()
    lon, lat = min(
        (f["geometry"]["coordinates"] for f in june["features"]),
        key=lambda c: (c[0] + 8) ** 2 + (c[1] - 47) ** 2,  # one in the Bay of Biscay
    )
    sizes = []
    for zoom in (4.0, 6.0, 8.0):
        _jump(red, lon, lat, zoom)
        size = red.js("""(() => {
            const m = window.__admiralty.map.maplibre();
            const layer = m.getLayer('wind');
            const scale = m.getLayoutProperty('wind', 'icon-size');
            const drawn = m.queryRenderedFeatures({layers: ['wind']});
            const image = m.style.getImage('wind|' + drawn[0].properties.strength);
            return {type: layer.type, scale, n: drawn.length,
              align: m.getLayoutProperty('wind', 'icon-rotation-alignment'),
              px: image.data.height / image.pixelRatio * scale}; })()""")
        assert size["type"] == "symbol" and size["align"] == "map", size
        assert isinstance(size["scale"], (int, float)), "one icon-size at every zoom"
        assert size["n"] >= 1, size
        sizes.append(size["px"])
    # the same arrow on the screen at zooms 4, 6 and 8, and an arrow's length, not a route's
    assert sizes[0] == sizes[1] == sizes[2], sizes
    assert 16 <= sizes[0] <= 40, sizes
    assert not red.errors, red.errors


def test_labels_keep_clear_of_ships_ports_edges_and_controls_at_blockaded_ports(
    browser, browser_server, seat_pages, blockade
):
    gm = open_seat(browser, browser_server, blockade.seats["gm"]["link"])
    seat_pages.append(gm)
    gm.wait("window.__admiralty.map.symbols().length > 0", timeout=10)
    gm.page.click("#map .map-legend summary")  # open: its box is the larger
    ports = {
        p["id"]: p for p in requests.get(browser_server + "/api/ports", timeout=30).json()["ports"]
    }
    shots = []
    for port in BLOCKADED:
        p = ports[port]
        for zoom in ZOOMS:
            _jump(gm, p["lon"], p["lat"], zoom)
            labels = gm.js(BOXES)
            obstacles = gm.js("window.__admiralty.map.obstacleBoxes()")
            ships = [o for o in obstacles if o["kind"] == "ship"]
            dots = [o for o in obstacles if o["kind"] == "port"]
            where = gm.js(
                "(c) => window.__admiralty.map.maplibre().project(c)", [p["lon"], p["lat"]]
            )
            near = [
                s
                for s in ships
                if abs(s["x"] + s["w"] / 2 - where["x"]) < 200
                and abs(s["y"] + s["h"] - where["y"]) < 200
            ]
            # the squadron off the port and the enemy in it: two markers, neither hiding
            assert len(near) >= 2, (port, zoom, ships)
            for i, a in enumerate(ships):
                for b in ships[i + 1 :]:
                    assert not _meet(a, b), (port, zoom, a, b)
            # the boxes are MapLibre's: its symbol at each box's centre is that marker
            for s in near:
                hit = gm.js(
                    """([x, y]) => window.__admiralty.map.maplibre()
                    .queryRenderedFeatures([x, y], {layers: ['forces']})
                    .map((f) => f.properties.marker)""",
                    [s["x"] + s["w"] / 2, s["y"] + s["h"] / 2],
                )
                assert s["marker"] in hit, (port, zoom, s, hit)
            assert any(d["text"] == p["name"] for d in dots), (port, zoom)
            width, height = gm.js(
                "[document.getElementById('map').clientWidth, "
                "document.getElementById('map').clientHeight]"
            )
            controls = gm.js(CONTROLS)
            assert len(controls) == 3, controls
            for label in labels:
                assert label["x"] >= 0 and label["y"] >= 0, (port, zoom, label)
                assert label["x"] + label["w"] <= width, (port, zoom, label)
                assert label["y"] + label["h"] <= height, (port, zoom, label)
                for box in ships + dots + controls:
                    assert not _meet(label, box), (port, zoom, label, box)
            assert not _overlapping(labels), (port, zoom, _overlapping(labels))
            texts = {b["text"] for b in labels}
            # the squadron's label is drawn beside its marker, not dropped
            assert any(t.startswith(("Red", "Blue")) for t in texts), (port, zoom, texts)
            if zoom in (7.0, 8.0):
                shots.append(gm.screenshot(f"chart-{port}-z{int(zoom)}.png"))
    _jump(gm, -1.2, 50.75, 8.0)
    gm.wait("document.getElementById('map').dataset.coast === 'detail'", timeout=30)
    shots.append(gm.screenshot("chart-solent-z8.png"))
    assert all(s.exists() for s in shots)
    assert not gm.errors, gm.errors


def test_the_legend_shows_each_symbol_and_colour_the_layers_draw(
    browser, browser_server, seat_pages, blockade
):
    gm = open_seat(browser, browser_server, blockade.seats["gm"]["link"])
    seat_pages.append(gm)
    gm.wait("window.__admiralty.map.symbols().length > 0", timeout=10)
    gm.wait("document.getElementById('map').dataset.windMonth", timeout=10)
    legend = gm.js(
        "[...document.querySelectorAll('#map .map-legend li[data-kind]')]"
        ".map((li) => [li.dataset.kind, li.dataset.colour, li.textContent])"
    )
    by_kind: dict[str, set[str]] = {}
    for kind, colour, _ in legend:
        by_kind.setdefault(kind, set()).add(colour)
    paint = gm.js("""(() => {
        const m = window.__admiralty.map.maplibre();
        const ports = m.getPaintProperty('ports', 'circle-color');
        return {ports: ports.filter((c) => typeof c === 'string' && c.startsWith('#')),
          zone: m.getPaintProperty('zones', 'line-color'),
          station: m.getPaintProperty('stations', 'line-color'),
          mark: m.getPaintProperty('station-marks', 'circle-stroke-color'),
          shallows: m.getPaintProperty('shallows', 'fill-color')}; })()""")
    # every port colour the ports layer paints (its nations and the others' grey)
    assert len(paint["ports"]) >= 5 and set(paint["ports"]) == by_kind["port"], paint
    assert by_kind["zone"] == {paint["zone"]} and by_kind["station"] == {paint["station"]}
    assert by_kind["station-mark"] == {paint["mark"]}
    assert by_kind["shallows"] == {paint["shallows"]}
    assert by_kind["engagement"], legend
    assert any("Blockade zone" in text for _, _, text in legend)
    # each ship symbol's colour on the chart is a squadron's or a nation's in the legend
    colours = {s["icon"].split("|")[2] for s in gm.js("window.__admiralty.map.symbols()")}
    assert colours <= by_kind["squadron"] | by_kind["nation"], (colours, by_kind)
    assert "#b3261e" in by_kind["squadron"]  # the Red squadron, as its ships are drawn
    # the legend's wind arrow and ship symbol are the very images the map draws
    same = gm.js("""(() => {
        const m = window.__admiralty.map.maplibre();
        const pixels = (canvas) => Array.from(canvas.getContext('2d')
          .getImageData(0, 0, canvas.width, canvas.height).data);
        const wind = m.style.getImage('wind|fresh').data;
        const legendWind = [...document.querySelectorAll('#map .map-legend li[data-kind=wind]')]
          .find((li) => li.textContent.includes('fresh')).querySelector('canvas');
        const icon = window.__admiralty.map.symbols()
          .map((s) => s.icon).find((id) => id.endsWith('|1') && id.includes('#b3261e'))
          || 'ship|third-rate|#b3261e|1';
        const [, type, colour] = icon.split('|');
        const li = [...document.querySelectorAll('#map .map-legend li.ship-symbol')]
          .find((n) => n.dataset.type === type) ;
        return {wind: JSON.stringify(Array.from(wind.data)) === JSON.stringify(pixels(legendWind)),
          windSize: [wind.width, legendWind.width], type, colour, typed: !!li}; })()""")
    assert same["wind"], same
    assert same["typed"], same
    assert not gm.errors, gm.errors


def test_the_rate_numeral_is_drawn_readable_at_every_zoom(browser, browser_server, fleet):
    """The numeral of a ship symbol's rate: its font as the symbol is drawn, times the
    smallest scale the chart draws a symbol at, is 11 px or more."""
    spy = """(() => { const fill = CanvasRenderingContext2D.prototype.fillText;
        window.__fonts = [];
        CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
          window.__fonts.push([String(text), this.font]); return fill.call(this, text, ...rest);
        }; })()"""
    page = open_seat(browser, browser_server, fleet.seats["gm"]["link"], init_script=spy)
    try:
        page.wait("window.__admiralty.map.symbols().length > 0", timeout=10)
        fonts = page.js("window.__fonts.filter(([t]) => /^[1-6]$/.test(t)).map(([, f]) => f)")
        assert fonts, "the rate numerals were drawn"
        sizes = {float(f.split("px")[0].split()[-1]) for f in fonts}
        scale = page.js("""(async () => {
            const style = await import('/static/js/map_style.js');
            return Math.min(...[0, 2, 4, 6, 8, 12].map(style.iconScale)); })()""")
        assert min(sizes) * scale >= 11, (sizes, scale)
    finally:
        page.close()
