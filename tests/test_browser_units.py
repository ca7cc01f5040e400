"""The client's pure functions, run in Chromium as the page runs them (ES modules from the
server): cards as the books write them, map geometry, the replay's frames, the report's counts.
"""

from __future__ import annotations

import math

import pytest

from tests.test_browser import browser, server  # noqa: F401  (module fixtures)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def js(browser, server):  # noqa: F811
    """Evaluate ``body`` (an async function body) with the client's modules imported."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/healthz")

    def run(body: str, arg=None):
        return page.evaluate(
            "async (arg) => { const util = await import('/static/js/util.js');"
            " const map = await import('/static/js/map.js');"
            " const store = await import('/static/js/store.js');"
            " const report = await import('/static/js/report.js');"
            " const voyage = await import('/static/js/voyage.js');"
            " const battles = await import('/static/js/battles.js');"
            f" {body} }}",
            arg,
        )

    yield run
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(
    ("card", "face", "red"),
    [
        ("10H", "10♥", True),
        ("QS", "Q♠", False),
        ("AD", "A♦", True),
        ("2C", "2♣", False),
        ("KH", "K♥", True),
        ("JK", "🃏", False),
        ({"rank": 12, "suit": "spades"}, "Q♠", False),
        ({"rank": 14, "suit": "hearts"}, "A♥", True),
        ({"rank": 10, "suit": "D"}, "10♦", True),
    ],
)
def test_cards_are_written_as_the_books_do(js, card, face, red) -> None:
    got = js("return util.cardFace(arg);", card)
    assert got["text"] == face and got["red"] is red


def test_only_card_names_look_like_cards(js) -> None:
    assert js("return ['10H', 'AS', 'JK', '9C'].map(util.looksLikeCard);") == [True] * 4
    assert (
        js("return ['a0', 'close', 'hull', 'H10', '11H'].map(util.looksLikeCard);") == [False] * 5
    )


def test_land_rings_are_turned_clockwise_and_joined_by_nulls(js) -> None:
    cw = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]  # clockwise in lon/lat
    ccw = [[5, 5], [6, 5], [6, 6], [5, 6], [5, 5]]
    out = js(
        "return map.ringsToTrace(arg);",
        [
            {"geometry": {"type": "Polygon", "coordinates": [cw]}},
            {"geometry": {"type": "MultiPolygon", "coordinates": [[ccw], [ccw]]}},
        ],
    )
    assert out["lon"].count(None) == 2
    first = list(zip(out["lon"][:5], out["lat"][:5], strict=True))
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(first, first[1:], strict=False))
    assert area < 0, "clockwise: d3-geo fills the small side"
    assert first == [tuple(p) for p in cw]
    assert out["lon"][6:11] == [5, 5, 6, 6, 5] and out["lat"][6:11] == [5, 6, 6, 5, 5]


def test_views_are_widened_to_fill_the_window(js) -> None:
    def merc(lat):
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    for width, height in ((900, 766), (1600, 500), (300, 700)):
        (lon0, lon1), (lat0, lat1) = js(
            "return map.fitRanges([-7, 3], [48, 52.5], arg[0], arg[1]);", [width, height]
        )
        assert lon0 <= -7 and lon1 >= 3 and lat0 <= 48 and lat1 >= 52.5
        aspect = math.radians(lon1 - lon0) / (merc(lat1) - merc(lat0))
        assert aspect == pytest.approx(width / height, rel=1e-6)


def test_a_point_in_a_station(js) -> None:
    square = {
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]]]}
    }
    assert js("return [[1, 1], [5, 1], [3.9, 3.9]].map((p) => map.contains(arg, p));", square) == [
        True,
        False,
        True,
    ]
    assert js("return map.centreOf(arg);", square) == [2, 2]


def test_the_store_takes_a_players_snapshots_and_asks_the_gm_to_refetch(js) -> None:
    out = js("""
        const s = store.createStore();
        store.setSnapshot(s, {id: 's1', role: 'admiral', squadron: 'Red'}, 5,
            {phase: 'summer', day: 0, seats: [{id: 's1', ready: false}], forces: [],
             engagements: [], cabinet: {}});
        const r1 = store.applyEvent(s, {seq: 6, type: 'ready', data: {seat: 's1', ready: true}});
        const readyThen = s.state.seats[0].ready;
        const r2 = store.applyEvent(s, {seq: 8, type: 'deploy', data: {force: 'red',
            forces: [{id: 'red', side: 'Britain', squadron: 'Red'}], engagements: []}});
        const dup = store.applyEvent(s, {seq: 8, type: 'pause', data: {}});
        const r3 = store.applyEvent(s, {seq: 9, type: 'advance', data: {days: 2, day: 2,
            date: '1805-06-03', forces: [], engagements: []}});
        const gm = store.createStore();
        store.setSnapshot(gm, {id: 'g', role: 'gm'}, 1, {seats: [], forces: [],
            engagements: []});
        const r4 = store.applyEvent(gm, {seq: 2, type: 'advance', data: {days: 1, day: 1,
            forces: {}, engagements: []}});
        const r5 = store.applyEvent(gm, {seq: 3, type: 'deploy', data: {force: 'x',
            view: {forces: [{id: 'x'}], engagements: []}}});
        return {r1, r2, dup, r3, r4, r5, seq: s.seq, readyThen, ready: s.state.seats[0].ready,
                paused: s.state.paused ?? false, day: s.state.day, forces: s.state.forces,
                gmForces: gm.state.forces, events: s.events.length};
    """)
    assert (out["r1"], out["r2"], out["dup"], out["r3"]) == (False, False, False, False)
    assert out["r4"] is True, "the GM's advance without a view: refetch"
    assert out["r5"] is False and out["gmForces"] == [{"id": "x"}]
    assert out["seq"] == 9 and out["events"] == 3 and out["paused"] is False
    assert out["readyThen"] is True
    assert out["ready"] is False, "a new day: nobody is ready (as the server resets them)"
    assert out["day"] == 2 and out["forces"] == []


def test_replay_frames_follow_the_forces(js) -> None:
    frames = js("""return report.replayFrames([
        {seq: 1, type: 'roll_force', data: {forces: [{id: 'a', lon: 0, lat: 0}]}},
        {seq: 2, type: 'advance', data: {forces: {a: {id: 'a', lon: 1, lat: 1}},
                                         engagements: [{id: 'e1'}]}},
        {seq: 3, type: 'ready', data: {}},
        {seq: 4, type: 'deploy', data: {forces: [{id: 'a', lon: 2, lat: 2}],
                                        engagements: []}},
    ]).map((f) => [f.forces.map((x) => x.lon), f.engagements.length]);""")
    assert frames == [[[0], 0], [[1], 1], [[1], 1], [[2], 0]]


def test_report_counts_by_squadron(js) -> None:
    report = {
        "ships": {
            "FG": {"squadron": "Red", "battle_result": 6},
            "DR": {"squadron": "Red", "battle_result": 2},
            "ME": {"squadron": None, "battle_result": 5},
        },
        "personal_outcomes": [
            {"officer": "FG-captain", "dead": True, "mids": 0},
            {"officer": "DR-lt1", "dead": False, "mids": 2, "nelson_touch": {"wounded": True}},
            {"officer": "ME-rm", "dead": False, "mids": 1},
        ],
        "promotions": [
            {"officer": "DR-mid1", "from": "Midshipman", "to": "Lieutenant"},
            {"officer": "FG-lt1", "from": "Captain", "to": "Captain"},
        ],
        "courts_martial": [{"officer": "FG-captain"}],
    }
    results = js("return report.resultsBySquadron(arg);", report)
    assert results["squadrons"] == ["Red", "Independent"]
    assert results["counts"]["Red"] == [0, 1, 0, 0, 0, 1]
    assert results["counts"]["Independent"] == [0, 0, 0, 0, 1, 0]
    people = js("return report.peopleBySquadron(arg);", report)
    assert people["Red"] == {"deaths": 1, "mentions": 2, "wounded": 1, "promotions": 1, "courts": 1}
    assert people["Independent"]["mentions"] == 1


def test_a_voyage_is_timed_leg_by_leg(js) -> None:
    legs = [
        {
            "days": 2,
            "distance_nm": 200,
            "track": [[0, 0], [0, 2]],
            "trackLength": 120.0,
            "sailing": {"reaching": 150, "beating": 50},
        },
        {"days": 4, "distance_nm": 200, "track": [[0, 2], [2, 2]], "trackLength": 119.9},
    ]
    series = js("return voyage.speedSeries(arg);", legs)
    assert series["days"] == [0, 2, None, 2, 6, None]
    assert series["speed"] == [100, 100, None, 50, 50, None]
    assert "reaching 75%" in series["sail"][0]
    mix = js("return voyage.sailingMix(arg);", legs)
    assert mix == [{"name": "reaching", "y": [150, 0]}, {"name": "beating", "y": [50, 0]}]
    half = js("return voyage.positionAt(arg, 1);", legs[0])
    assert half[0] == pytest.approx(0) and half[1] == pytest.approx(1, abs=0.01)
    assert js("return voyage.positionAt(arg, 9);", legs[0]) == [0, 2]


def test_battle_lines_name_ships_and_draw_cards(js) -> None:
    text = js("""
        const names = {a0: 'Amazon', b0: 'Le Vif'};
        const line = battles.eventLine({type: 'broadside', ship: 'a0', target: 'b0',
            shot: 'grapeshot', cof: '10D', cards: ['2C', 'QS'], hits: [{}]}, names);
        const div = document.createElement('div');
        div.append(...line.flat(Infinity).map((x) => x instanceof Node ? x
            : document.createTextNode(String(x))));
        return [div.textContent, div.querySelectorAll('.card').length,
                battles.outcomeText({how: 'a_wins', rounds: 3,
                    ships: {b0: {status: 'struck'}, a0: {status: 'active'}}}, names)];""")
    assert text[0].startswith("Amazon fires grapeshot at Le Vif")
    assert "10♦" in text[0] and "Q♠" in text[0] and "1 hit" in text[0]
    assert text[1] == 3
    assert text[2] == "British victory after 3 rounds (Le Vif struck)"
