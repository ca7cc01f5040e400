"""The client's pure functions, run in Chromium as the page runs them (ES modules from the
server): cards as the books write them, map geometry, the one reducer of the live page and
the replay, the report's counts, the voyage's timeline, the words taken from /api/rules.
"""

from __future__ import annotations

import math

import pytest

pytestmark = pytest.mark.browser


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


def test_a_rings_turn_is_the_sign_of_its_shoelace_area(js) -> None:
    # The land is one MapLibre fill of the style (no trace): a ring's turn only picks the
    # outer ring of a polygon for its label point, by the largest |area|.
    cw = [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]  # clockwise in lon/lat
    ccw = [[5, 5], [7, 5], [7, 7], [5, 7], [5, 5]]
    assert js("return arg.map((r) => map.signedArea(r));", [cw, ccw]) == [-1, 4]
    big = {"geometry": {"type": "MultiPolygon", "coordinates": [[cw], [ccw]]}}
    assert js("return map.centreOf(arg);", big) == [6, 6]


def test_the_corner_names_the_season_of_the_month(js) -> None:
    months = js("return [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0].map(map.seasonOf);")
    assert months == ["winter"] * 3 + ["spring"] * 3 + ["summer"] * 3 + ["autumn"] * 3 + [""]


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


def _ready(seq: int, ready: bool) -> dict:
    """A ``ready`` event as seat s1 receives it: its view's change."""
    return {
        "seq": seq,
        "type": "ready",
        "data": {"seat": "s1", "ready": ready},
        "patch": [{"op": "replace", "path": "/seats/0/ready", "value": ready}],
    }


def _paused(seq: int, paused: bool) -> dict:
    kind = "pause" if paused else "resume"
    patch = [{"op": "replace", "path": "/paused", "value": paused}]
    return {"seq": seq, "type": kind, "data": {}, "patch": patch}


def test_the_store_applies_live_events_by_seq_holding_a_later_one(js) -> None:
    out = js(
        """
        const [pause4, ready7, resume6, pause6, pause10, ready9] = arg;
        const s = store.createStore();
        const early = store.receive(s, pause4);  // before the join
        store.setSnapshot(s, {id: 's1', role: 'admiral'}, 3,
            {seats: [{id: 's1', ready: false}], forces: [], engagements: [], paused: false});
        const afterJoin = {seq: s.seq, paused: s.state.paused};
        const held = store.receive(s, ready7);
        const heldState = {seq: s.seq, ready: s.state.seats[0].ready};
        const bare = store.receive(s, {seq: 5});  // an event this seat may not see
        const fill = store.receive(s, resume6);
        const dup = store.receive(s, pause6);
        const after = {seq: s.seq, ready: s.state.seats[0].ready, paused: s.state.paused,
                       events: s.events.map((e) => e.seq)};
        // a gap fetched by a catch-up: the held event behind it is applied after it
        store.receive(s, pause10);
        store.caughtUp(s, [ready9], 9);
        return {early, afterJoin, held, heldState, bare, fill, dup, after,
                end: {seq: s.seq, paused: s.state.paused, ready: s.state.seats[0].ready,
                      pending: s.pending.size}};
    """,
        [_paused(4, True), _ready(7, True), _paused(6, False), _paused(6, True)]
        + [_paused(10, True), _ready(9, False)],
    )
    assert out["early"]["gap"] is True
    assert out["afterJoin"] == {"seq": 4, "paused": True}, "held from before the join"
    assert out["held"]["gap"] is True and out["heldState"] == {"seq": 4, "ready": False}
    assert out["bare"]["gap"] is True and out["fill"]["gap"] is False
    assert out["dup"]["gap"] is False
    assert out["after"] == {"seq": 7, "ready": True, "paused": False, "events": [4, 6, 7]}
    assert out["end"] == {"seq": 10, "paused": True, "ready": False, "pending": 0}


def test_the_one_reducer_applies_any_events_change_and_never_the_state_it_is_given(js) -> None:
    """Whatever the event's type, its patch is its change; an event without one (an old
    frame, a notice's) changes nothing; the state before is kept as it was, what did not
    change shared."""
    out = js(
        """
        const base = {seats: [{id: 's1', ready: false}], forces: [{id: 'a', lon: 0}],
                      engagements: [], officers: [{id: 'o1', rank: 'Captain'}]};
        const e1 = {seq: 1, type: 'advance', data: {day: 1}, patch: [
            {op: 'replace', path: '/forces/0/lon', value: 1},
            {op: 'add', path: '/engagements/-', value: {id: 'e1', log: []}}]};
        const e2 = {seq: 2, type: 'engage_decision', data: {engagement: 'e1'}, patch: [
            {op: 'add', path: '/engagements/0/log/-', value: {type: 'decision', ship: 'FG'}}]};
        const e3 = {seq: 3, type: 'whatever_comes_next', data: {}, patch: [
            {op: 'remove', path: '/forces/0'}]};
        const e4 = {seq: 4, type: 'say', data: {text: 'hello'}};
        const frames = report.replayFrames([e1, e2, e3, e4], base);
        return {base, states: frames.map((f) => f.state),
                shared: frames[0].state.officers === base.officers,
                same: frames[3].state === frames[2].state};
    """
    )
    assert out["base"]["forces"] == [{"id": "a", "lon": 0}], "never changed"
    states = out["states"]
    assert states[0]["forces"] == [{"id": "a", "lon": 1}]
    assert states[0]["engagements"] == [{"id": "e1", "log": []}]
    assert states[1]["engagements"][0]["log"] == [{"type": "decision", "ship": "FG"}]
    assert states[2]["forces"] == [] and states[2]["engagements"] == states[1]["engagements"]
    assert out["shared"] is True and out["same"] is True


def test_report_counts_by_squadron(js) -> None:
    """Officers count for the squadron of the ship they rolled with (their context's), and
    for where her result came from: fought on the chart (a report resolved before ships
    kept their fights: her ``preset``) apart from rolled off it."""
    report = {
        "ships": {
            "FG": {
                "name": "Fiddler's Green",
                "squadron": "Red",
                "battle_result": 6,
                "preset": True,
            },
            "DR": {"name": "Dreadnought", "squadron": "Red", "battle_result": 2, "preset": False},
            "ME": {"name": "Mercury", "squadron": None, "battle_result": 5, "preset": False},
            "RO": {"name": "Royal Oak", "squadron": "White", "battle_result": 3, "preset": False},
        },
        "contexts": [
            {"modifier_ship": "Fiddler's Green"},
            {"modifier_ship": "Dreadnought"},
            {"modifier_ship": "Mercury"},
            {"modifier_ship": "Royal Oak"},
        ],
        "personal_outcomes": [
            {"officer": "FG-captain", "context": 0, "dead": True, "mids": 0},
            {
                "officer": "DR-lt1",
                "context": 1,
                "dead": False,
                "mids": 2,
                "nelson_touch": {"wounded": True},
            },
            {"officer": "DR-mid1", "context": 1, "dead": False, "mids": 0},
            {"officer": "ME-rm", "context": 2, "dead": False, "mids": 1},
            {"officer": "Red-RA", "context": 0, "dead": False, "mids": 1},
            {"officer": "White-RA", "context": 3, "dead": False, "mids": 0},
        ],
        "promotions": [
            {"officer": "DR-mid1", "from": "Midshipman", "to": "Lieutenant"},
            {"officer": "FG-lt1", "from": "Captain", "to": "Captain"},
        ],
        "courts_martial": [{"officer": "FG-captain"}, {"officer": "Red-RA"}],
    }
    rules = {"squadrons": ["White", "Red", "Blue", "Blockade"]}
    results = js("return report.resultsBySquadron(arg[0], arg[1]);", [report, rules])
    # the rules' order, fought before rolled
    assert results == [
        {"squadron": "White", "source": "rolled", "counts": [0, 0, 1, 0, 0, 0]},
        {"squadron": "Red", "source": "fought", "counts": [0, 0, 0, 0, 0, 1]},
        {"squadron": "Red", "source": "rolled", "counts": [0, 1, 0, 0, 0, 0]},
        {"squadron": "Independent", "source": "rolled", "counts": [0, 0, 0, 0, 1, 0]},
    ]
    people = js("return report.peopleBySquadron(arg[0], arg[1]);", [report, rules])
    where = [(g.pop("squadron"), g.pop("source")) for g in people]
    assert where == [
        ("White", "rolled"),
        ("Red", "fought"),
        ("Red", "rolled"),
        ("Independent", "rolled"),
    ]
    # the Fiddler's Green's fight: her captain dead and court-martialled, her admiral's
    # mention; the Dreadnought's rolled result: her lieutenant's mentions and wound
    assert people[1] == {"deaths": 1, "mentions": 1, "wounded": 0, "promotions": 0, "courts": 2}
    assert people[2] == {"deaths": 0, "mentions": 2, "wounded": 1, "promotions": 1, "courts": 0}
    assert people[3]["mentions"] == 1
    assert people[0]["mentions"] == 0


def test_a_voyage_is_timed_leg_by_leg(js) -> None:
    legs = [
        {
            "days": 2,
            "distance_nm": 200,
            "track": [[0, 0], [0, 2]],
            "sailing": {"reaching": 150, "beating": 50},
        },
        {"days": 4, "distance_nm": 200, "track": [[0, 2], [2, 2]]},
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


def test_a_ship_sails_her_track_by_the_servers_miles(js) -> None:
    """The miles at each point of the track are the server's (`along`): a quarter of the
    leg's days is a quarter of its miles, here inside the long first segment."""
    leg = {"days": 4, "distance_nm": 400, "track": [[0, 0], [3, 0], [4, 0]], "along": [0, 300, 400]}
    assert js("return voyage.positionAt(arg, 1);", leg) == pytest.approx([1, 0])
    assert js("return voyage.positionAt(arg, 3.6);", leg) == pytest.approx([3.6, 0])
    # Without the server's miles, each segment is an even share of the leg.
    even = {**leg, "along": None}
    assert js("return voyage.positionAt(arg, 1);", even) == pytest.approx([1.5, 0])


def test_the_voyage_offers_the_rules_ship_types_and_the_briny_fleet(js) -> None:
    rules = {
        "ship_types": [{"name": "Cutter"}, {"name": "Fifth Rate"}],
        "fleet": [{"code": "HA", "name": "Halcyon", "type": "Fifth Rate"}],
    }
    assert js("return voyage.voyageShips(arg);", rules) == [
        ["Cutter", "Cutter", "Cutter"],
        ["Fifth Rate", "Fifth Rate", "Fifth Rate"],
        ["HA", "Halcyon (Fifth Rate)", "Fifth Rate"],
    ]


def test_a_broadside_line_draws_its_cards_under_it_and_the_outcome_names_ships(js) -> None:
    text = js("""
        const names = {a0: 'Amazon', b0: 'Le Vif'};
        const line = battles.eventLine({type: 'broadside', ship: 'a0', target: 'b0',
            shot: 'grapeshot', cof: '10D', pool: 2, cards: ['2C', 'QS'],
            hits: [{card: 'QS', level: 'injured'}]}, names);
        const div = document.createElement('div');
        div.append(...line);
        return [div.querySelector('.sentence').textContent,
                div.querySelectorAll('.test-cards .card').length,
                battles.outcomeText({how: 'a_wins', rounds: 3,
                    ships: {b0: {status: 'struck'}, a0: {status: 'active'}}}, names),
                battles.outcomeText({how: 'b_wins', rounds: 1, ships: {
                    a0: {side: 'a', status: 'struck'}, a1: {side: 'a', status: 'sunk'},
                    b0: {side: 'b', status: 'active'}, b1: {side: 'b', status: 'taken'}}},
                    {...names, a1: 'Arethusa', b1: 'La Bonne'}, {},
                    {a: ['Britain'], b: ['France', 'Spain']}),
                battles.outcomeText({how: 'escaped', rounds: 2, ships: {
                    a0: {side: 'a', status: 'active'}, b0: {side: 'b', status: 'escaped'}}},
                    names, {}, {a: ['Britain'], b: ['France']})];""")
    assert text[0] == "Amazon's broadside (grapeshot, 2 cards) at Le Vif: 1 hit (injured)"
    assert text[1] == 3  # the Card of Fate and her two cards, under the sentence
    # each side named, its own losses beside its name (issue 32: never "side A")
    assert text[2] == "Britain won after 3 rounds. Britain: no ship lost; The enemy: Le Vif struck"
    assert text[3] == (
        "France and Spain won after 1 round. Britain: Amazon struck, Arethusa sunk; "
        "France and Spain: La Bonne taken"
    )
    assert text[4] == (
        "France got away after 2 rounds. Britain: no ship lost; France: Le Vif escaped"
    )


def test_damage_boxes_follow_the_rules_states_and_the_ships_type(js) -> None:
    out = js("""
        const rules = {damage: {areas: ['hull', 'guns', 'crew', 'rigging'],
                                states: ['injured', 'maimed', 'dead']},
                       ship_types: [{name: 'Cutter', boxes: {hull: [1, 1, 1], guns: [1, 1, 1],
                                     crew: [1, 1, 1], rigging: [1, 1, 1]}}]};
        const caps = battles.shipCaps({type: 'Cutter'}, undefined, rules);
        const own = battles.shipCaps({type: 'Cutter', caps: {hull: [2, 2, 2]}}, undefined, rules);
        const t = battles.track('hull', [1, 0, 0], [2, 3, 1], rules.damage.states);
        return {caps: caps.hull, own: own.hull, boxes: t.querySelectorAll('.box').length,
                hit: t.querySelectorAll('.box.hit').length,
                titles: [...t.querySelectorAll('.box')].map((b) => b.title)};""")
    assert out["caps"] == [1, 1, 1] and out["own"] == [2, 2, 2]
    assert out["boxes"] == 6 and out["hit"] == 1
    assert out["titles"][0] == "injured 1" and out["titles"][-1] == "dead 1"


NAMES = {"a0": "Amazon", "b0": "Le Vif"}


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (
            {
                "type": "test",
                "what": "repair",
                "ship": "a0",
                "officer": "Mr Bush",
                "area": "hull",
                "cof": "10D",
                "pool": 3,
                "cards": ["2C"],
                "result": "ordinary",
            },
            "Repair of the Hull (Mr Bush, Amazon): ordinary success",
        ),
        (
            {
                "type": "test",
                "what": "positioning",
                "cof": "3H",
                "winner": "b0",
                "sides": [{"who": "a0", "cards": ["2C"]}, {"who": "b0", "cards": ["KS"]}],
            },
            "Positioning: Amazon against Le Vif: Le Vif wins",
        ),
        (
            {
                "type": "decision",
                "ship": "a0",
                "orders": {
                    "move": "close",
                    "shot": "grapeshot",
                    "target": "b0",
                    "repair": "hull",
                    "repair_by": "Mr Bush",
                    "hwyf": {"Captain Hornblower": "prime_angle"},
                    "hardship": ["Mr Bush"],
                },
            },
            "Amazon's orders: close, grapeshot, at Le Vif, repair the hull led by Mr Bush, how"
            " they fight: Captain Hornblower prime angle, Mr Bush to fight on hurt",
        ),
        (
            {
                "type": "hit",
                "ship": "b0",
                "area": "rigging",
                "level": "maimed",
                "card": "QH",
                "by": "a0",
                "cause": "broadside",
                "crossed": "maimed",
            },
            "Le Vif takes a maimed hit on the Rigging by Amazon",
        ),
        (
            {
                "type": "fire",
                "ship": "b0",
                "before": 0,
                "after": 1,
                "result": "started",
                "by": "a0",
            },
            "Fire breaks out aboard Le Vif, set by Amazon (1 card)",
        ),
        (
            {"type": "wounded", "ship": "a0", "who": "Mr Bush", "health": "injured"},
            "Mr Bush of Amazon is injured",
        ),
        (
            {"type": "wounded", "ship": "b0", "who": "captain", "health": "maimed"},
            "The captain of Le Vif is maimed",
        ),
        (
            {"type": "hardship", "ship": "a0", "officer": "Mr Bush", "measure": "Guts", "left": 2},
            "Mr Bush of Amazon fights on through his wounds (Guts, 2 left)",
        ),
        (
            {
                "type": "hardship",
                "ship": "a0",
                "officer": "Lt Edwards",
                "measure": "Discipline",
                "left": 2,
            },
            "Lt Edwards of Amazon speaks to her crew: they fight on without her Ship Morale's"
            " penalty (Discipline, 2 left)",
        ),
        (
            {
                "type": "decision",
                "ship": "a0",
                "orders": {
                    "move": "hold",
                    "hardship": {"Lt Edwards": "Discipline", "Mr Bush": "Guts"},
                },
            },
            "Amazon's orders: hold, Lt Edwards to speak to her crew, Mr Bush to fight on hurt",
        ),
        (
            {"type": "joined", "side": "a", "ships": ["a0"], "distance": 5, "force": "red"},
            "Amazon joins the fight at Distance 5",
        ),
        ({"type": "decimated", "ship": "b0", "name": "Le Vif"}, "Le Vif is decimated"),
        (
            {"phase": "chase", "event": "nightfall", "renewals": 6},
            "Night falls after 6 renewals: Le Vif escapes",
        ),
        (
            {
                "type": "move",
                "ships": ["a0", "b0"],
                "by": "b0",
                "intent": "flee",
                "before": 4,
                "distance": 6,
            },
            "Le Vif flees: the range opens to out of range",
        ),
        (
            {
                "type": "conditions",
                "weather": "Good Wind",
                "precipitation": "Squall",
                "modifier": -1,
                "awareness": 0,
                "ships": [{"id": "a0", "name": "Amazon"}, {"id": "b0", "name": "Le Vif"}],
            },
            "Weather: Good Wind, Squall. In the fight: Amazon and Le Vif",
        ),
        (
            {
                "type": "test",
                "what": "positioning",
                "weather": -1,
                "sides": [{"who": "a0", "cards": ["2C"]}, {"who": "b0", "cards": ["3C"]}],
                "winner": "b0",
            },
            "Positioning, -1 in the weather: Amazon against Le Vif: Le Vif wins",
        ),
    ],
)
def test_the_rounds_read_in_plain_words_from_the_events_fields(js, event, words) -> None:
    line = js(
        "return battles.logLines([arg], {a0: 'Amazon', b0: 'Le Vif'},"
        " {hunter: 'Amazon', prey: 'Le Vif'})[0];",
        event,
    )
    assert line["words"] is True and line["text"] == words


def test_a_round_reads_as_the_issue_writes_it(js) -> None:
    """Issue 15's own sentences: a move with the gage it took, a broadside with its hits."""
    events = [
        {
            "ships": ["a0", "b0"],
            "by": "a0",
            "intent": "close",
            "before": 4,
            "distance": 2,
            "type": "move",
            "round": 1,
        },
        {"ship": "a0", "bonus": 2, "type": "weather_gage", "round": 1},
        {
            "ship": "b0",
            "target": "a0",
            "cof": "3S",
            "pool": 5,
            "shot": "roundshot",
            "cards": ["KC", "6S", "3H", "10D", "2S"],
            "hits": [
                {"card": "10D", "level": "maimed"},
                {"card": "3H", "level": "maimed"},
                {"card": "2S", "level": "injured"},
            ],
            "type": "broadside",
            "round": 1,
        },
        {
            "ship": "a0",
            "target": "b0",
            "cof": "3S",
            "pool": 2,
            "shot": "chainshot",
            "cards": ["AH", "5H"],
            "hits": [],
            "type": "broadside",
            "round": 1,
        },
        {
            "ship": "a0",
            "by": "b0",
            "card": "10D",
            "area": "rigging",
            "level": "maimed",
            "crossed": "maimed",
            "cause": "roundshot",
            "type": "hit",
            "round": 1,
        },
        {
            "ship": "a0",
            "by": "b0",
            "card": "3H",
            "area": "rigging",
            "level": "maimed",
            "crossed": "maimed",
            "cause": "roundshot",
            "type": "hit",
            "round": 1,
        },
        {"ship": "a0", "area": "rigging", "state": "maimed", "type": "damage_state", "round": 1},
        {
            "ship": "a0",
            "by": "b0",
            "card": "2S",
            "area": "hull",
            "level": "injured",
            "crossed": "injured",
            "cause": "roundshot",
            "type": "hit",
            "round": 1,
        },
    ]
    lines = js(
        "return battles.logLines(arg, {a0: 'Alexandre', b0: \"Fiddler's Green\"})"
        ".map((l) => l.text);",
        events,
    )
    assert lines == [
        "Alexandre closes to Distance 2 and takes the weather gage (bonus 2)",
        "Fiddler's Green's broadside (roundshot, 5 cards) at Alexandre: 2 maimed hits on the"
        " Rigging, 1 injured on the Hull",
        "Alexandre's broadside (chainshot, 2 cards) at Fiddler's Green: no hits",
        "Alexandre's Rigging is now maimed",
    ]


def _golden_kinds(chase_golden: dict, combat_golden: dict) -> dict[str, dict]:
    """One event of each kind in the golden files: the chase's (as an engagement's log holds
    them, ``phase: chase``) and the combat engine's, each test by what it tests."""
    kinds: dict[str, dict] = {}

    def walk(x: object) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("event"), str) and isinstance(x.get("hunter_gage", 0), int):
                kinds.setdefault(f"chase {x['event']}", {"phase": "chase", **x})
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(chase_golden["chases"])
    for case in combat_golden["cases"].values():
        for e in case["on"]["events"]:
            kinds.setdefault(e["type"], e)
            if e["type"] == "test":
                kinds.setdefault(f"test {e['what']}", e)
    return kinds


def test_the_moment_of_truth_reads_as_the_hunters_test_alone_or_as_a_contest(js) -> None:
    """Since rules version 4 the moment of truth is the hunter's Seamanship against a
    difficulty (seed 002, 2.7; docs/rules-notes.md "The chase"); a log of an older version
    holds the contest of both Seamanships, and still reads as one."""
    now = {
        "phase": "chase",
        "event": "moment_of_truth",
        "hunter_skill": "Seamanship",
        "difficulty": "Routine",
        "hunter_gage_spent": 1,
        "result": "failure",
        "paid": ["ration"],
    }
    before = {
        "phase": "chase",
        "event": "moment_of_truth",
        "hunter_skill": "Seamanship",
        "prey_skill": "Seamanship",
        "hunter_gage_spent": 0,
        "prey_gage_spent": 2,
        "result": "success",
        "paid": ["ration"],
    }
    out = js(
        """
        const who = {hunter: 'Alexandre', prey: 'Vif'};
        return arg.map((e) => battles.logLines([e], {}, who)[0].text);""",
        [now, before],
    )
    assert out == [
        "The moment of truth: Alexandre's Seamanship against Routine: a failure for "
        "Alexandre (gage spent: 1); paid with a ration",
        "The moment of truth: Alexandre's Seamanship against Vif's Seamanship: a success for "
        "Alexandre (gage spent: Alexandre 0, Vif 2); paid with a ration",
    ]


def test_every_event_kind_of_the_golden_files_gets_a_sentence(js, combat_golden) -> None:
    import json

    from tests.conftest import ROOT

    chase = json.loads((ROOT / "tests" / "data" / "chase_golden.json").read_text("utf-8"))
    kinds = _golden_kinds(chase, combat_golden)
    expected = {
        "chase chase",
        "chase opening",
        "chase pursuit",
        "chase prey",
        "chase crew_action",
        "chase moment_of_truth",
        "chase heads up",
        "chase escaped",
        "broadside",
        "hit",
        "move",
        "test",
        "decision",
        "end",
        "boarding",
        "fire",
        "struck",
        "sunk",
        "taken",
        "escaped",
        "chase",
    }
    assert expected <= set(kinds), "the golden files hold these kinds"
    out = js(
        """
        const names = {a0: 'Alexandre', b0: "Fiddler's Green", a1: 'Hermes', b1: 'Corsair'};
        const who = {hunter: 'Alexandre', prey: "Fiddler's Green"};
        return Object.fromEntries(Object.entries(arg).map(([kind, e]) => {
          const line = battles.logLines([e], names, who)[0];
          const li = battles.lineElement(line, names);
          return [kind, {words: line.words, text: line.text,
            sentence: li.querySelector('.sentence').textContent,
            cards: li.querySelectorAll('.test-cards .card').length}];
        }));""",
        kinds,
    )
    fields = {k for e in kinds.values() for k in e if "_" in k}
    for kind, line in out.items():
        text = line["text"]
        assert line["words"], f"{kind}: no sentence, a dump: {text}"
        assert text and line["sentence"] == text, kind
        for bad in ("undefined", "null", "NaN", "[object", ": {", "a0", "b0"):
            assert bad not in text, f"{kind}: {bad!r} in {text!r}"
        for field in fields:
            assert field not in text, f"{kind}: the field {field!r} in {text!r}"
        event = kinds[kind]
        drawn = (
            event.get("test", {}).get("a_cards")
            or event.get("cards")
            or [c for s in event.get("sides", []) for c in s["cards"]]
        )
        if kind.startswith("test") or kind in ("broadside", "chase opening", "chase pursuit"):
            # the test's cards are grouped under its sentence, the Card of Fate first
            assert line["cards"] >= len(drawn) + 1, kind


@pytest.mark.parametrize(
    ("args", "text"),
    [
        ([-4.1333, 50.3667], "50°22′N 4°08′W"),
        ([151.2093, -33.8688], "33°52′S 151°13′E"),
        ([0, 0], "0°00′N 0°00′E"),
        ([-0.99999, 0.0001], "0°00′N 1°00′W"),
        ([-5.6, 48.7], "48°42′N 5°36′W"),
        (["x", 1], "—"),
    ],
)
def test_positions_are_written_one_way(js, args, text) -> None:
    assert js("return [util.position(arg[0], arg[1]), util.position(arg)];", args) == [text] * 2


def test_orders_targets_and_places_are_written_as_positions_and_names(js) -> None:
    """A port's or station's id by its name (the ports of /api/ports, the stations of
    /api/map); an id the name map does not know is never shown as such (issue 32, item 3)."""
    assert js(
        "const names = util.placeNames([{id: 'plymouth', name: 'Plymouth'}],"
        " [{id: 'north-sea', name: 'North Sea'}]);"
        "return [util.placeText([-5.6, 48.7], names), util.placeText('plymouth', names),"
        " util.placeText('north-sea', names), util.placeText('Plymouth', names),"
        " util.placeText('spithead', names), util.placeText('plymouth'), util.placeText(null)];"
    ) == [
        "48°42′N 5°36′W",
        "Plymouth",
        "North Sea",
        "Plymouth",
        "an uncharted place",
        "an uncharted place",
        "",
    ]


def test_an_investment_is_named_by_its_investor_and_kind_never_its_id(js) -> None:
    """The favour-an-investor form and the announcements (Briny, INVESTMENT; 001:1305) name
    an investment by whose and what kind it is, numbered among his of that kind."""
    assert js(
        "const all = [{id: 'i1805-1', officer: 'Jack Aubrey', kind: 'arms'},"
        " {id: 'i1805-2', officer: 'Jack Aubrey', kind: 'arms'},"
        " {id: 'i1805-3', officer: 'Thomas Cochrane', kind: 'arms'}];"
        "return [...all.map((i) => orders.investmentWords(i, all, i.officer)),"
        " orders.investmentWords(all[2], all)];"
    ) == [
        "Jack Aubrey's arms investment (1)",
        "Jack Aubrey's arms investment (2)",
        "Thomas Cochrane's arms investment",
        "arms investment",
    ]


def test_the_odds_bar_shows_each_outcome_as_its_own_labelled_part(js) -> None:
    out = js("""
        const bar = battles.oddsBar({a_wins: 1, b_wins: 0, escaped: 0, disengaged: 0, n: 400});
        const mixed = battles.oddsBar({a_wins: 0.55, b_wins: 0.25, escaped: 0.15,
                                       disengaged: 0.05, n: 400});
        const parts = (b) => [...b.querySelectorAll('.odds span')].map((s) =>
            [s.dataset.outcome, s.title, s.textContent]);
        const legend = (b) => [...b.querySelectorAll('.odds-legend li')].map((l) =>
            l.textContent);
        return {one: parts(bar), oneLegend: legend(bar), mixed: parts(mixed),
                mixedLegend: legend(mixed)};""")
    assert out["one"] == [["a_wins", "British win: 100%", "British win 100%"]]
    assert out["oneLegend"] == [
        "British win: 100%",
        "Enemy wins: 0%",
        "Enemy escapes: 0%",
        "Both disengage: 0%",
    ]
    assert [p[0] for p in out["mixed"]] == ["a_wins", "b_wins", "escaped", "disengaged"]
    assert out["mixed"][0][2] == "British win 55%" and out["mixed"][2][2] == "15%"
    assert out["mixedLegend"][1] == "Enemy wins: 25%"


def test_a_shown_voyage_is_read_into_legs_and_its_view_keeps_the_legend_off_it(js) -> None:
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "geometry": {"type": "LineString", "coordinates": [[-1.1, 50.8], [-4.1, 50.3]]},
                "properties": {"distance_nm": 120, "days": 1.5, "track_nm": [0, 120]},
            },
            {
                "type": "Feature",
                "geometry": {"type": "LineString", "coordinates": [[-4.1, 50.3], [-1.1, 50.8]]},
                "properties": {"distance_nm": 120, "days": 2},
            },
            {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [-1.1, 50.8]},
                "properties": {"kind": "stop", "index": 0, "name": "Portsmouth"},
            },
            {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [-4.1, 50.3]},
                "properties": {"kind": "stop", "index": 1, "name": "Plymouth"},
            },
            {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [-1.1, 50.8]},
                "properties": {"kind": "stop", "index": 2, "name": "Portsmouth"},
            },
        ],
    }
    out = js(
        """
        const legs = voyage.legsOf(arg);
        return {labels: legs.map((l) => l.label), days: legs.map((l) => l.days),
                along: legs[0].along, view: voyage.voyageView(legs),
                to: [voyage.audienceText('all'),
                     voyage.audienceText(['s1', 's9'], [{id: 's1', name: 'Calder'}])]};""",
        collection,
    )
    assert out["labels"] == ["Portsmouth → Plymouth", "Plymouth → Portsmouth"]
    assert out["days"] == [1.5, 2] and out["along"] == [0, 120]
    corner = out["view"][-1]  # beyond the voyage's south-west: the legend's corner is open sea
    assert len(out["view"]) == 5 and corner[0] < -4.1 - 2 + 1e-9 and corner[1] < 50.3 - 1.5 + 1e-9
    assert out["to"] == ["every seat", "Calder, s9"]


def test_an_orders_form_sends_only_the_chosen_fields_and_her_ship_when_several(js) -> None:
    out = js("""
        const o = await import('/static/js/battle_orders.js');
        const draft = {shot: 'chainshot', range: '0', target: '', repair: 'hull',
                       repair_by: 'o-2', fire_by: '', hwyf: {'o-1': 'prime_angle', 'o-2': ''},
                       boarding: {}, hardship: ['o-2']};
        return [o.orderAction('e1', 'a1', 'close', draft, true),
                o.orderAction('e1', 'a1', 'hold', {hwyf: {}, boarding: {}, hardship: []}, false),
                o.orderAction('e1', 'a1', 'strike', draft, false),
                o.standingAction({decision: 'close', shot: '', range: '1', repair: 'hull'}),
                o.standingAction({decision: '', shot: 'grapeshot'}),
                o.standingText({move: 'close', shot: 'roundshot', range: 1, repair: 'hull'}),
                o.standingText({strike: true}), o.standingText(null)];""")
    assert out[0] == {
        "type": "engage_decision",
        "engagement": "e1",
        "decision": "close",
        "ship": "a1",
        "shot": "chainshot",
        "range": 0,
        "repair": "hull",
        "repair_by": "o-2",
        "hwyf": {"o-1": "prime_angle"},
        "hardship": ["o-2"],
    }
    assert out[1] == {"type": "engage_decision", "engagement": "e1", "decision": "hold"}
    assert out[2] == {"type": "engage_decision", "engagement": "e1", "decision": "strike"}
    assert out[3] == {"type": "standing_orders", "decision": "close", "range": 1, "repair": "hull"}
    assert out[4] == {"type": "standing_orders"}
    assert out[5] == "close, roundshot, at distance 1, repair hull first"
    assert out[6] == "strike her colours"
    assert out[7].startswith("none")


def test_an_orders_form_offers_each_officer_the_measures_the_engagement_says_he_may_spend(
    js,
) -> None:
    """Overcoming Great Hardship (seed 000, 000:1007-1011; issue 31): the form offers each
    officer what the engagement's ``hardship`` says, Lt Edwards his Discipline against her
    Maimed morale, Mr Bush his Guts, a healthy man nothing, and sends the mapping form
    (before: a "fight on hurt" box for everyone, sent as a list: Guts only)."""
    out = js("""
        const o = await import('/static/js/battle_orders.js');
        const e = {id: 'e1', sides: {a: [{id: 'a0', name: 'Thunderer', officers: [
                   {id: 'o-1', name: 'Lt Edwards', role: 'captain'},
                   {id: 'o-2', name: 'Mr Bush', role: 'master'},
                   {id: 'o-3', name: 'Mr Kennedy', role: 'gunner'}]}],
                   b: [{id: 'b0', name: 'La Bonne', type: 'Fifth Rate'}]},
                   hardship: {a0: {'o-1': ['Discipline'], 'o-2': ['Guts']}},
                   choices: {decisions: ['close', 'hold'], shots: ['roundshot']},
                   view: {round: 0, ships: [], distances: []}};
        const sent = [];
        const ctx = {rules: {hardship: {Guts: 'Physical', Discipline: 'Ship Morale'}},
                     act: async (a) => { sent.push(a); return {ok: true}; }};
        const form = o.shipOrdersForm(ctx, e, {id: 'a0', name: 'Thunderer'}, new Map(),
                                      {several: false, pending: false, round: 1});
        document.body.append(form);
        const offered = [...form.querySelectorAll('[data-order=hardship]')].map((x) =>
          [x.dataset.officer, [...x.options].map((op) => [op.value, op.textContent])]);
        const speech = form.querySelector('select[data-order=hardship][data-officer="o-1"]');
        speech.value = 'Discipline';
        speech.dispatchEvent(new Event('change'));
        form.querySelector('button[data-decision=hold]').click();
        await new Promise((r) => setTimeout(r, 0));
        form.remove();
        return {offered, sent,
                old: o.hardshipOffered({sides: e.sides}, 'a0'),
                none: o.hardshipOffered({...e, hardship: {}}, 'a0'),
                list: o.orderAction('e1', 'a0', 'hold', {hardship: ['o-2']}, false).hardship,
                map: o.orderAction('e1', 'a0', 'hold', {hardship: {'o-1': 'Discipline',
                                   'o-2': ''}}, false).hardship};""")
    assert out["offered"] == [
        ["o-1", [["", "none"], ["Discipline", "spend Discipline (Ship Morale)"]]],
        ["o-2", [["", "none"], ["Guts", "spend Guts (Physical)"]]],
    ]
    assert out["sent"] == [
        {
            "type": "engage_decision",
            "engagement": "e1",
            "decision": "hold",
            "shot": "roundshot",
            "hardship": {"o-1": "Discipline"},
            "round": 1,
        }
    ]
    # an engagement that names no hardship offers none: the page guesses no wound (issue 32)
    assert out["old"] == {}
    assert out["none"] == {}
    assert out["list"] == ["o-2"] and out["map"] == {"o-1": "Discipline"}


def test_an_orders_form_knows_her_officers_enemies_and_when_she_is_alongside(js) -> None:
    out = js("""
        const o = await import('/static/js/battle_orders.js');
        const e = {sides: {a: [{id: 'a0', name: 'Amazon', officers: [{id: 'o-1',
                   name: 'Captain Pellew', role: 'captain'}]}, {id: 'a1', name: 'Arethusa'}],
                   b: [{id: 'b0', name: 'Le Vif'}, {id: 'b1', name: 'La Bonne'}]},
                   view: {ships: [{id: 'b1', status: 'struck'}, {id: 'b0', status: 'active'}],
                   distances: [{a: 'a0', b: 'b0', distance: 0}, {a: 'a1', b: 'b0',
                   distance: 2}]}};
        return [o.officersOf(e, 'a0'), o.officersOf(e, 'a1'),
                o.enemiesOf(e, 'a0').map((s) => s.id), o.enemiesOf(e, 'b0').map((s) => s.id),
                o.alongside(e, 'a0'), o.alongside(e, 'a1'),
                o.hwyfLabel({book: 'Fire at a prime angle', skill: 'gunnery',
                             difficulty: 'Challenging', against: null})];""")
    assert out[0] == [{"id": "o-1", "name": "Captain Pellew", "role": "captain"}]
    assert out[1] == []
    assert out[2] == ["b0"] and out[3] == ["a0", "a1"]
    assert out[4] is True and out[5] is False
    assert out[6] == "Fire at a prime angle (gunnery, Challenging)"


def test_an_orders_form_offers_the_marines_muskets_and_the_log_tells_their_fire(js) -> None:
    """BtQ's musket (000:1117): the form offers the vocabulary's ``muskets`` orders (none
    chosen: they return fire), sends the one chosen, and the round's ``muskets`` event and
    the order read in words."""
    out = js("""
        const o = await import('/static/js/battle_orders.js');
        const e = {id: 'e1', sides: {a: [{id: 'a0', name: 'Amazon'}],
                   b: [{id: 'b0', name: 'Le Vif', type: 'Cutter'}]},
                   choices: {decisions: ['close', 'hold'], shots: ['roundshot']},
                   view: {round: 0, ships: [], distances: []}};
        const sent = [];
        const ctx = {rules: {muskets: ['crew', 'captain', 'master', 'gunner', 'hold']},
                     act: async (a) => { sent.push(a); return {ok: true}; }};
        const form = o.shipOrdersForm(ctx, e, {id: 'a0', name: 'Amazon'}, new Map(),
                                      {several: false, pending: false, round: 1});
        document.body.append(form);
        const pick = form.querySelector('select[data-order=muskets]');
        const offered = [...pick.options].map((op) => [op.value, op.textContent]);
        pick.value = 'captain';
        pick.dispatchEvent(new Event('change'));
        form.querySelector('button[data-decision=hold]').click();
        await new Promise((r) => setTimeout(r, 0));
        form.remove();
        const names = {a0: 'Amazon', b0: 'Le Vif'};
        const lines = battles.logLines([
          {type: 'muskets', ship: 'a0', target: 'b0', aim: 'captain', range: 'Long', pool: 2,
           returned: false},
          {type: 'muskets', ship: 'b0', target: 'a0', aim: 'crew', range: 'Long', pool: 1,
           returned: true},
          {type: 'decision', ship: 'a0', orders: {move: 'hold', muskets: 'hold'}}],
          names, {hunter: 'Amazon', prey: 'Le Vif'}).map((l) => l.text);
        const standing = [o.standingAction({decision: 'close', muskets: 'gunner'}),
                          o.standingText({move: 'close', muskets: 'hold'})];
        return {offered, sent, lines, standing};""")
    assert out["offered"] == [
        ["", "return the enemy's fire"],
        ["crew", "her Marines fire at the enemy's crew"],
        ["captain", "her Marines fire at the enemy's captain"],
        ["master", "her Marines fire at the enemy's master"],
        ["gunner", "her Marines fire at the enemy's gunner"],
        ["hold", "her Marines hold their fire"],
    ]
    assert out["sent"] == [
        {
            "type": "engage_decision",
            "engagement": "e1",
            "decision": "hold",
            "shot": "roundshot",
            "muskets": "captain",
            "round": 1,
        }
    ]
    assert out["lines"] == [
        "Amazon's Marines fire on Le Vif, aiming at her captain: muskets at Long range, 2 cards",
        "Le Vif's Marines return the fire of Amazon: muskets at Long range, 1 card",
        "Amazon's orders: hold, her Marines hold their fire",
    ]
    assert out["standing"] == [
        {"type": "standing_orders", "decision": "close", "muskets": "gunner"},
        "close, her Marines hold their fire",
    ]


RED = {
    "id": "channel-red",
    "side": "Britain",
    "name": "Red Squadron, Channel Fleet",
    "squadron": "Red",
    "ships": [
        {"code": "FG", "name": "Fiddler's Green", "type": "Third Rate", "status": "afloat"},
        {"code": "DR", "name": "Dreadnought", "type": "Fourth Rate", "status": "afloat"},
    ],
    "lon": -1.1,
    "lat": 50.8,
    "port": "spithead",
    "orders": None,
    "route": None,
    "afloat": True,
}


def test_a_force_of_one_ship_sails_as_that_ship(js) -> None:
    """No id conventions: a force of several ships sails as its squadron, one of a single
    ship (a ship detached from her squadron) as that ship."""
    out = js(
        """
        const [red, alone] = arg;
        return [orders.sailAction({role: 'admiral', squadron: 'Red'}, red, 'plymouth'),
                orders.sailAction({role: 'admiral', squadron: 'Red'}, alone, 'plymouth'),
                orders.sailAction({role: 'captain', ship: 'FG'}, red, [-4, 50])];""",
        [RED, {**RED, "id": "x", "ships": RED["ships"][:1]}],
    )
    assert out == [
        {"type": "sail", "squadron": "Red", "to": "plymouth"},
        {"type": "sail", "ship": "FG", "to": "plymouth"},
        {"type": "sail", "ship": "FG", "to": [-4, 50]},
    ]


def test_the_orders_panel_offers_what_the_authority_table_allows(js) -> None:
    out = js(
        """const rules = await (await fetch('/api/rules')).json();
        const may = (t, r, p) => orders.may(rules, t, r, p);
        return [may('sail', 'captain', 'summer'), may('deploy', 'captain', 'summer'),
                may('deploy', 'admiral', 'summer'), may('sail', 'admiral', 'cabinet'),
                may('set_ships', 'prime-minister', 'cabinet'), may('ready', 'observer', 'summer'),
                may('roll_force', 'gm', 'cabinet'), may('nothing', 'gm', 'cabinet'),
                orders.may(null, 'sail', 'captain', 'summer')];"""
    )
    assert out == [True, False, True, False, True, False, True, False, False]


# -- the officers of the fleet ----------------------------------------------------------------

AUBREY = {"id": "o-1", "name": "Jack Aubrey", "rank": "Captain", "player": "s1", "dead": False}
NPC_FG = {
    "id": "FG-captain",
    "name": "Lawrence Stopford",
    "rank": "Post Captain",
    "player": None,
    "dead": False,
    "berth": "FG",
}
NPC_LT = {
    "id": "FG-lt1",
    "name": "Thomas Godwin",
    "rank": "Lieutenant",
    "player": None,
    "dead": False,
    "berth": "FG",
}


def test_the_officers_panel_lists_seats_own_first_and_berths_ashore_last(js) -> None:
    seats = [
        {"id": "g", "role": "gm", "officer": None},
        {"id": "s1", "role": "captain", "ship": "FG", "officer": "o-1"},
        {"id": "s2", "role": "captain", "ship": "NE", "officer": "o-2"},
        {"id": "s3", "role": "admiral", "squadron": "Red", "officer": None},
        {"id": "s4", "role": "prime-minister", "officer": None},
    ]
    roster = [
        {**AUBREY, "berth": "FG"},
        {
            "id": "o-2",
            "name": "Horatio Hornblower",
            "rank": "Captain",
            "player": "s2",
            "dead": True,
            "berth": "NE",
        },
        {**NPC_FG, "berth": None},
        NPC_LT,
        {
            "id": "Red-RA",
            "name": "Sir John",
            "rank": "Rear Admiral",
            "player": None,
            "dead": False,
            "berth": "Red",
        },
    ]
    out = js(
        """
        const [seats, roster] = arg;
        const rules = {fleet: [{code: 'FG', name: "Fiddler's Green"}]};
        return {rows: officers.seatRows(seats, roster, 's2').map((r) => [r.seat.id,
                  r.officer?.id ?? null]),
                needs: seats.map((s) => officers.needsCharacter(s, roster)),
                groups: officers.officersByBerth(roster).map(([b, os]) => [b,
                  os.map((o) => o.id)]),
                lines: roster.slice(0, 3).map((o) => officers.officerLine(o, rules)),
                body: officers.characterBody('s3', {name: ' Thomas Cochrane ', rank: '',
                  na: '8'}),
                empty: officers.characterBody('s3', {name: '', rank: '', na: ''})};""",
        [seats, roster],
    )
    assert out["rows"] == [["s2", "o-2"], ["s1", "o-1"], ["s3", None], ["s4", None]]
    # a berth's seat with a dead officer or none may take a new character; no other
    assert out["needs"] == [False, False, True, True, False]
    assert out["groups"] == [
        ["FG", ["o-1", "FG-lt1"]],
        ["NE", ["o-2"]],
        ["Red", ["Red-RA"]],
        [None, ["FG-captain"]],
    ]
    assert out["lines"] == [
        "Captain Jack Aubrey, Fiddler's Green (FG)",
        "Captain Horatio Hornblower, NE, dead",
        "Post Captain Lawrence Stopford, ashore",
    ]
    assert out["body"] == {"officer": {"name": "Thomas Cochrane", "na": 8}, "seat": "s3"}
    assert out["empty"] == {"officer": {}, "seat": "s3"}, "what is left out is rolled"


def test_a_sheet_shows_the_briny_record_and_the_btq_sheet(js) -> None:
    officer = {
        **AUBREY,
        "na": 7,
        "seniority": 1805,
        "berth": "FG",
        "appointment": None,
        "funds": 107,
        "constitution": 9,
        "expertise": 17,
        "wounds": ["Leg"],
        "experience": 1,
        "birth": {
            "social_class": "Commoner",
            "sibling": "Bastard",
            "father": "Labourer",
            "orphan": False,
            "title": None,
            "social_level": 1,
            "funds": 7,
            "allowance": 0,
            "strength": 13,
            "constitution": 9,
            "expertise": 17,
        },
        "sheet": {
            "nationality": "Iberian",
            "religion": "Without God",
            "social_class": "Professional",
            "profession": "Steward",
            "position": "Captain",
            "measures": {"Guts": 2, "Discipline": 6, "Influence": 4, "Charm": 1},
            "skills": {"Command": 4, "Courtesy": 3},
            "traits": ["Duellist"],
            "wealth": 5,
            "curios": ["A small item of note"],
            "reputations": [
                {
                    "descriptor": "Feared by",
                    "kind": "Personal",
                    "subject": "Admiral Calder",
                    "value": 1,
                }
            ],
            "state": "Healthy",
        },
    }
    out = js(
        """const node = officers.sheetView(arg, {fleet: []});
        const pairs = Object.fromEntries([...node.querySelectorAll('dt')].map((dt) =>
            [dt.textContent, dt.nextElementSibling.textContent]));
        return {pairs, measures: Object.fromEntries([...node.querySelectorAll('[data-measure]')]
                  .map((td) => [td.dataset.measure, td.textContent])),
                skills: [...node.querySelectorAll('[data-skill]')].map((tr) => tr.textContent),
                text: node.textContent, dead: officers.sheetView({...arg, dead: true})
                  .querySelector('.dead-mark')?.textContent,
                // a title the King conferred, and the Social Level the server says it raised
                titled: Object.fromEntries([...officers.sheetView(
                  {...arg, title: "Baron", social_level: 11}, {fleet: []})
                  .querySelectorAll('dt')].map((dt) =>
                    [dt.textContent, dt.nextElementSibling.textContent]))};""",
        officer,
    )
    p = out["pairs"]
    assert (p["Rank"], p["Seniority"], p["Naval Ability"], p["Class"]) == (
        "Captain",
        "1805",
        "7",
        "Commoner",
    )
    assert (p["Sibling rank"], p["Father"], p["Title"], p["Social level"]) == (
        "Bastard",
        "Labourer",
        "none",
        "1",
    )
    titled = out["titled"]
    assert (titled["Father's title"], titled["Title"], titled["Social level"]) == (
        "none",
        "Baron",
        "11",
    )
    assert (p["Funds"], p["Allowance"], p["Strength"], p["Constitution"]) == (
        "107 guineas",
        "0",
        "13",
        "9",
    )
    assert (p["Expertise"], p["Wounds"], p["Experience"]) == ("17", "Leg", "1 summer")
    assert (p["Nationality"], p["Religion"], p["Social class"], p["Profession"]) == (
        "Iberian",
        "Without God",
        "Professional",
        "Steward",
    )
    assert (p["Position"], p["Wealth"], p["State"]) == ("Captain", "5", "Healthy")
    assert out["measures"] == {"Guts": "2", "Discipline": "6", "Influence": "4", "Charm": "1"}
    assert out["skills"] == ["Command4", "Courtesy3"]
    assert "Duellist" in out["text"] and "Feared by Admiral Calder (Personal, 1)" in out["text"]
    assert "A small item of note" in out["text"]
    assert out["dead"].strip() == "dead"


def test_a_sheet_shows_his_health_and_the_measures_he_spent_this_mission(js) -> None:
    """BtQ "Overcoming Great Hardship": a Measure spent is "reduced by one for the rest of
    the current Naval Mission"; the sheet shows his Measures and, below, the server's
    figures for this mission (``measures_now``), and his Health (his sheet's state)."""
    sheet = {
        "nationality": "English", "religion": "Protestant", "social_class": "Noble",
        "profession": "Sailor", "position": "Captain",
        "measures": {"Guts": 4, "Discipline": 3, "Influence": 2, "Charm": 2},
        "skills": {"Command": 4}, "traits": [], "wealth": 5, "curios": [],
        "reputations": [], "state": "Maimed",
    }  # fmt: skip
    officer = {**AUBREY, "na": 7, "sheet": sheet, "birth": {}, "wounds": []}
    out = js(
        """const read = (o) => {
          const node = officers.sheetView(o, {fleet: []});
          return {now: Object.fromEntries([...node.querySelectorAll('[data-measure-now]')]
                    .map((td) => [td.dataset.measureNow, td.textContent])),
                  state: [...node.querySelectorAll('dt')].find((dt) => dt.textContent === 'State')
                    .nextElementSibling.textContent};
        };
        return [read(arg), read({...arg, measures_now: {Guts: 2, Discipline: 3, Influence: 2,
                Charm: 2}})];""",
        officer,
    )
    assert out[0] == {"now": {}, "state": "Maimed"}
    assert out[1]["now"] == {"Guts": "2", "Discipline": "3", "Influence": "2", "Charm": "2"}


def test_a_sheet_shows_his_prize_money_this_mission(js) -> None:
    """BtQ "Prize Money": each prize his ship took this Naval Mission and his share of it
    as the book writes it, "Level (Number of Automatic Successes)", with the guineas the
    server paid into his funds for it (a share logged before it paid them has none)."""
    sheet = {
        "nationality": "English", "religion": "Protestant", "social_class": "Noble",
        "profession": "Sailor", "position": "Captain",
        "measures": {"Guts": 4, "Discipline": 3, "Influence": 2, "Charm": 2},
        "skills": {"Command": 4}, "traits": [], "wealth": 5, "curios": [],
        "reputations": [], "state": "Healthy",
    }  # fmt: skip
    prize = {"engagement": "e1", "prize": "Vif", "type": "Cutter", "size": "Un-rated Vessel",
             "as": "Lieutenant", "share": [[4, 1], [3, 2], [2, 3], [1, 3]]}  # fmt: skip
    officer = {**AUBREY, "na": 7, "sheet": sheet, "birth": {}, "wounds": []}
    out = js(
        """const read = (o) => [...officers.sheetView(o, {fleet: []})
          .querySelectorAll('[data-prize]')].map((n) => n.textContent);
        return [read(arg), read({...arg, prize_money: [arg.prize]}),
          read({...arg, prize_money: [{...arg.prize, guineas: 12}]})];""",
        {**officer, "prize": prize},
    )
    assert out[0] == []
    assert out[1] == ["Vif (Cutter, Un-rated Vessel), as Lieutenant: 4(1), 3(2), 2(3), 1(3)"]
    assert out[2] == [
        "Vif (Cutter, Un-rated Vessel), as Lieutenant: 4(1), 3(2), 2(3), 1(3): "
        "12 guineas into his funds"
    ]


OUTCOME = {"dead": False, "wound": None, "mentioned": 0, "promoted": None}


def test_the_people_chart_counts_the_seats_outcomes(js) -> None:
    """The GM's chart from `outcomes`; a player's from the Gazette and his own outcome (he
    no longer receives the personal outcomes and their contexts)."""
    outcomes = {
        "o-1": {
            **OUTCOME,
            "name": "Jack Aubrey",
            "rank": "Captain",
            "player": "s1",
            "squadron": "Red",
            "mentioned": 2,
            "promoted": "Post Captain",
            "guineas": 340,
            "na": [7, 8],
            "fought": [{"engagement": "e1", "date": "1805-06-12", "against": ["Intrepid"]}],
        },
        "FG-lt1": {
            **OUTCOME,
            "name": "Thomas Godwin",
            "rank": "Lieutenant",
            "player": None,
            "squadron": "Red",
            "dead": True,
            "guineas": 0,
            "na": [5, 5],
            "fought": [],
        },
        "RO-mid1": {
            **OUTCOME,
            "name": "Ned",
            "rank": "Midshipman",
            "player": None,
            "squadron": "White",
            "wound": "Arm",
            "guineas": 0,
            "na": [3, 3],
        },
    }
    public = {
        k: {f: v for f, v in o.items() if f not in ("guineas", "na")} for k, o in outcomes.items()
    }
    gm_report = {
        "ships": {},
        "outcomes": outcomes,
        "courts_martial": [{"officer": "RO-mid1"}],
        "words": ["Captain Jack Aubrey: mentioned in despatches 2 times"],
    }
    player = {
        "ships": {},
        "yours": {"o-1": outcomes["o-1"]},
        "gazette": {"FG-lt1": public["FG-lt1"]},
        "words": [],
    }
    rules = {"squadrons": ["White", "Red", "Blue", "Blockade"]}
    out = js(
        """const [gm, player, rules] = arg;
        return [report.peopleBySquadron(gm, rules), report.peopleBySquadron(player, rules),
                report.gazetteLists(player.gazette),
                report.peopleBySquadron({ships: {}, words: []}, rules),
                report.peopleBySquadron({}, rules)];""",
        [gm_report, player, rules],
    )
    gm, mine, gazette, bare, empty = out
    none = {"deaths": 0, "mentions": 0, "wounded": 0, "promotions": 0, "courts": 0}
    aubrey = {**none, "squadron": "Red", "source": "fought", "mentions": 2, "promotions": 1}
    godwin = {**none, "squadron": "Red", "source": "rolled", "deaths": 1}
    # Ned's outcome does not say where his result came from (resolved before it was kept)
    ned = {**none, "squadron": "White", "source": None, "wounded": 1, "courts": 1}
    assert gm == [ned, aubrey, godwin]
    assert mine == [aubrey, godwin], "a death off the chart is not counted as a fight's"
    assert gazette == {
        "deaths": ["Lieutenant Thomas Godwin (Red) — rolled off the chart"],
        "mentions": [],
        "promotions": [],
    }
    assert bare == [] and empty == [], "nothing throws without the keys"


def test_the_sea_a_passage_met_reads_in_words(js) -> None:
    """docs/rules-notes.md "Voyages meet the sea": a route's hover tells what the sea's dice
    did as she put to sea (irons, calms swept, a current), nothing when it did nothing."""
    out = js(
        """
        const forces = await import('/static/js/map_forces.js');
        return arg.map((sailed) => forces.seaWords(sailed));""",
        [
            None,
            {"hours": 0, "tacks": 3, "irons": 0, "light_days": 0, "calms": 0, "currents": {}},
            {"hours": 9.1, "tacks": 6, "irons": 2, "light_days": 3, "calms": 1, "currents": {}},
            {
                "hours": -5,
                "tacks": 0,
                "irons": 0,
                "light_days": 0,
                "calms": 0,
                "currents": {"gulf-stream": [2, 5]},
            },
        ],
    )
    assert out == [
        "",
        "",
        " (the sea: 2 in irons, 1 calm day swept)",
        " (the sea: in a current)",
    ]


def test_a_ship_bearing_the_seas_damage_reads_with_what_it_costs_her(js) -> None:
    """docs/rules-notes.md "Damage off the sea in battle": a ship in words names the damage
    points the view says she bears, of her Strength Points, and the Hull boxes they strike
    in her next fight; a whole ship, only her name and type."""
    out = js(
        """
        const forces = await import('/static/js/map_forces.js');
        return arg.map((ship) => forces.shipWords(ship));""",
        [
            {"name": "Dreadnought", "type": "Fourth Rate"},
            {
                "name": "Dreadnought",
                "type": "Fourth Rate",
                "damage": 10,
                "strength": 48,
                "hull_struck": 3,
            },
            {"name": "Vif", "type": "Cutter", "damage": 6, "strength": 32, "hull_struck": 1},
        ],
    )
    assert out == [
        "Dreadnought (Fourth Rate)",
        "Dreadnought (Fourth Rate, 10 of 48 damage points: 3 Hull boxes struck in her next fight)",
        "Vif (Cutter, 6 of 32 damage points: 1 Hull box struck in her next fight)",
    ]


def test_a_storms_rigging_and_a_ships_rations_read_on_her_and_in_the_chases_log(js) -> None:
    """docs/rules-notes.md "Storms on a passage", "Rations": a ship in words names the
    Rigging boxes a storm crossed (the view's ``rigging_struck``) and her Rations left of her
    store once she has spent into it; the chase's log says the Rations it spent."""
    out = js(
        """
        const forces = await import('/static/js/map_forces.js');
        const who = {hunter: 'Amazon', prey: 'Le Vif'};
        const line = battles.logLines([{phase: 'chase', event: 'ship_rations', ship: 'AM',
          spent: 2, before: 16, after: 14}], {}, who)[0];
        return [line.text, ...arg.map((ship) => forces.shipWords(ship))];""",
        [
            {"name": "Amazon", "type": "Fifth Rate", "rigging": [2], "rigging_struck": ["maimed"]},
            {"name": "Amazon", "type": "Fifth Rate", "rations": 3, "rations_store": 16},
        ],
    )
    assert out == [
        "Amazon spends 2 Rations of her store: 16 to 14",
        "Amazon (Fifth Rate, storm damage: Rigging box maimed in her next fight)",
        "Amazon (Fifth Rate, Rations 3 of 16)",
    ]


def test_the_prep_work_before_a_chase_reads_as_a_sentence_and_stands_in_the_orders(js) -> None:
    """Seed 002, 2.1: an officer's prep action ahead of the chase in the chase's log, and
    the standing orders' ``prep`` sent with or without a decision and read back."""
    out = js("""
        const o = await import('/static/js/battle_orders.js');
        const who = {hunter: 'Amazon', prey: 'Le Vif'};
        const line = battles.logLines([{phase: 'chase', event: 'prep_work',
          character: 'Captain Jack Aubrey', action: 'seeing to the sails', skill: 'Seamanship',
          aim: 'gage', success: true, test: {kind: 'static', cof: '7H', a_cards: ['7C'],
          b_cards: ['2S'], a_pool: 1, b_pool: 1, redraws: [], winner: 'a'}}], {}, who)[0];
        return {text: line.text, words: line.words,
          sent: [o.standingAction({decision: '', prep: 'bracing the mast'}),
                 o.standingAction({decision: 'hold', prep: 'bracing the mast'})],
          read: [o.standingText({prep: 'bracing the mast'}),
                 o.standingText({move: 'hold', prep: 'bracing the mast'})]};""")
    assert out["words"] is True
    assert out["text"] == (
        "Before the chase, Captain Jack Aubrey turns to seeing to the sails (Seamanship): "
        "a success, gage for Amazon"
    )
    assert out["sent"] == [
        {"type": "standing_orders", "prep": "bracing the mast"},
        {"type": "standing_orders", "prep": "bracing the mast", "decision": "hold"},
    ]
    assert out["read"] == [
        "the NPC policy fights your rounds; before a chase, your officers at bracing the mast",
        "hold; before a chase, your officers at bracing the mast",
    ]


def test_the_morale_a_chase_cost_reads_in_its_log_and_on_the_ship(js) -> None:
    """Seed 002, 2.7: the Morale lost at the moment of truth, in the chase's log, and the
    Ship Morale it left her with wherever the ship is read in words."""
    out = js("""
        const forces = await import('/static/js/map_forces.js');
        const who = {hunter: 'Amazon', prey: 'Le Vif'};
        const line = battles.logLines([{phase: 'chase', event: 'ship_morale', ship: 'AM',
          before: 'healthy', after: 'injured'}], {}, who)[0];
        return [line.words, line.text,
                forces.shipWords({name: 'Amazon', type: 'Fifth Rate', morale: 'injured'})];""")
    assert out == [
        True,
        "Amazon's Ship Morale falls from healthy to injured",
        "Amazon (Fifth Rate, Ship Morale injured)",
    ]
