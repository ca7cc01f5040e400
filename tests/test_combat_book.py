"""The worked examples of BtQ's combat chapters, replayed card for card on a stacked deck.

Where the book gives no cards (How Will You Fight? tests, the Corsair's failed gun
repair) the stacked deck supplies cards giving the outcome the book narrates.
"""

from __future__ import annotations

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle, phases
from strategy.combat.orders import give
from strategy.combat.setup import setup

WIN3 = ["2H", "3H", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]  # CoF, 5 cards, 3 GM cards

HERMES = {
    "type": "Brig Sloop",
    "name": "Hermes",
    "traits": ["Expertly Coppered Hull"],
    "skills": dict.fromkeys(
        [
            "Awareness",
            "Command",
            "Engineering",
            "First Aid",
            "Gunnery",
            "Maritime",
            "Seamanship",
            "Soldiering",
        ],
        2,
    ),
    "officers": [
        {"name": "O'Toole", "role": "master", "skills": {"seamanship": 5}, "discipline": 3},
        {"name": "Bosworth", "role": "gunner", "skills": {"gunnery": 4}, "discipline": 2},
        {"name": "Smith", "role": "officer", "skills": {"maritime": 3}, "discipline": 2},
    ],
}
CORSAIR = {
    "type": "Cutter",
    "name": "Corsair",
    "traits": ["Heart of Oak"],
    "deck": "gm",
    "skills": {"Awareness": 2, "Seamanship": 3, "Gunnery": 3},
}


def _hwyf(pool: int, win: bool) -> list[str]:
    """A How Will You Fight? test against 3 cards (a Routine pool, or the Corsair's
    Seamanship 3 from the GM's deck), won or lost."""
    mine = ["3C", "4C", "5C", "6C", "7C", "8S", "9S"][:pool]
    if win:
        mine[0] = "3H"
    gm = ["10C", "JC", "QC"] if win else ["4H", "JC", "QC"]
    return ["2H", *mine, *gm]


def _boxes(b: Battle, sid: str) -> dict[str, list[int]]:
    return b.ship(sid).damage.boxes()


def hermes_against_the_corsair() -> Battle:
    """The book's example fought out on its stacked deck, checked step by step; the battle
    is over (tests/test_campaign_map_results.py reads its Briny result)."""
    deck = [
        # Step One: Awareness, CoF 6C; Hermes 4C KS, Corsair 3C JD: 4C beats 3C
        "6C",
        "4C",
        "KS",
        "3C",
        "JD",
        # Round 1 Positioning: CoF 7D, Hermes 7 cards (joker as 7D), Corsair 6 cards
        "7D",
        "8D",
        "KH",
        "7C",
        "4S",
        "2S",
        "QS",
        "JK",
        "9S",
        "KS",
        "10D",
        "2C",
        "3C",
        "4C",
        # How Will You Fight?: O'Toole (5 cards) wins, Bosworth (4+1) and Smith (2+2) fail
        *_hwyf(5, True),
        *_hwyf(5, False),
        *_hwyf(4, False),
        # Broadside!: CoF AS; Hermes 7 cards, Corsair 3
        "AS",
        "KS",
        "2S",
        "10D",
        "2C",
        "AD",
        "QH",
        "8D",
        "7C",
        "4S",
        "9D",
        # Round 2 Repair: Smith Maritime 3 + 2 against 7S; Corsair 3 cards against 10H
        "7S",
        "9S",
        "4H",
        "3H",
        "2H",
        "6D",
        "10H",
        "2C",
        "AD",
        "QH",
        # Positioning: CoF 9H, Hermes 7 cards, Corsair 6: Corsair wins, opens to 2
        "9H",
        "5S",
        "4S",
        "2S",
        "QC",
        "10C",
        "QH",
        "3H",
        "2C",
        "QC",
        "AD",
        "QH",
        "10H",
        "3H",
        # Round 3 Repair: the Corsair's men fail to repair the guns
        "2H",
        "3C",
        "4C",
        "5C",
        # Positioning: CoF 10H; Hermes one ordinary success, Corsair none
        "10H",
        "6S",
        "4D",
        "3C",
        "8C",
        "9C",
        "KC",
        "2H",
        "JD",
        "KC",
        "JC",
        "8C",
        "6C",
        "JS",
        # How Will You Fight?: all three succeed
        *_hwyf(5, True),
        *_hwyf(5, True),
        *_hwyf(4, True),
        # Broadside!: CoF KH; 9 cards, the joker chosen as KD
        "KH",
        "2H",
        "10H",
        "KH",
        "2S",
        "4S",
        "KS",
        "AS",
        "4D",
        "JK",
    ]
    dealer = ScriptedDealer(deck)
    b = Battle(HERMES, CORSAIR, weather="Good Wind", dealer=dealer)
    # the example's choices: O'Toole's prime angle contests the Corsair's Seamanship 3, the
    # Gunner's firing with the roll is a static test, the Midshipman tends the wounded
    hwyf = {"O'Toole": "prime_angle", "Bosworth": "fire_with_the_roll", "Smith": "tend_the_wounded"}
    ev = b.step(
        {
            "a0": {
                "start_distance": 3,
                "discipline": {"Smith": 2, "Bosworth": 1},
                "move": "close",
                "range": 1,
                "hwyf": hwyf,
            },
            "b0": {"move": "flee"},
        }
    )
    tests = [e for e in ev if e["type"] == "test"]
    fights = [e for e in tests if e["what"] == "how will you fight"]
    assert [(e["officer"], e["choice"], e["winner"]) for e in fights] == [
        ("O'Toole", "prime_angle", "O'Toole"),
        ("Bosworth", "fire_with_the_roll", "difficulty"),
        ("Smith", "tend_the_wounded", "difficulty"),
    ]
    assert fights[0]["sides"][1] == {**fights[0]["sides"][1], "who": "b0", "pool": 3}
    awareness = tests[0]
    assert awareness["winner"] == "a0" and b.distance(b.ship("a0"), b.ship("b0")) == 1
    positioning = tests[1]
    assert [s["pool"] for s in positioning["sides"]] == [7, 6]
    assert (
        positioning["sides"][0]["perfect"],
        positioning["sides"][0]["critical"],
        positioning["sides"][0]["ordinary"],
    ) == (1, 1, 1)
    assert positioning["sides"][1]["ordinary"] == 1
    assert any(e["type"] == "weather_gage" and e["ship"] == "a0" for e in ev)
    shots = {e["ship"]: e for e in ev if e["type"] == "broadside"}
    assert shots["a0"]["pool"] == 7 and shots["b0"]["pool"] == 3
    assert _boxes(b, "b0") == {
        "hull": [2, 0, 0],
        "guns": [0, 1, 0],
        "crew": [0, 0, 0],
        "rigging": [0, 0, 0],
    }
    assert _boxes(b, "a0")["hull"] == [1, 0, 0]
    corsair = b.ship("b0").damage.states()
    assert corsair["hull"] == "injured" and corsair["guns"] == "maimed"

    ev = b.step(
        {
            "a0": {"move": "hold", "repair": "hull", "repair_by": "Smith"},
            "b0": {"move": "flee", "repair": "hull"},
        }
    )
    repairs = [e for e in ev if e["type"] == "repair"]
    assert [(e["ship"], e["area"], e["level"]) for e in repairs] == [
        ("a0", "hull", "injured"),
        ("b0", "hull", "injured"),
    ]
    pos = next(e for e in ev if e["type"] == "test" and e["what"] == "positioning")
    assert [s["pool"] for s in pos["sides"]] == [7, 6] and pos["winner"] == "b0"
    assert b.distance(b.ship("a0"), b.ship("b0")) == 2
    assert not any(e["type"] == "broadside" for e in ev)  # unrated: out of range at 2

    ev = b.step(
        {
            "a0": {"move": "close", "range": 1, "hwyf": hwyf, "joker": "KD"},
            "b0": {"move": "flee", "repair": "guns"},
        }
    )
    assert not any(e["type"] == "repair" for e in ev)
    assert b.distance(b.ship("a0"), b.ship("b0")) == 1 or b.over
    shots = [e for e in ev if e["type"] == "broadside"]
    assert [(e["ship"], e["pool"]) for e in shots] == [("a0", 9)]  # the Corsair cannot fire
    assert _boxes(b, "b0") == {
        "hull": [1, 1, 0],
        "guns": [0, 1, 1],
        "crew": [1, 1, 1],
        "rigging": [0, 0, 0],
    }
    # "Her crew has been decimated ... the Captain of the Corsair strikes his colours"
    assert b.over and b.outcome["winner"] == "a" and b.outcome["struck"] == ["b0"]
    assert dealer.left == 0
    return b


def test_hermes_and_corsair_three_rounds_as_the_book_tells_it() -> None:
    assert hermes_against_the_corsair().over


LONDON = {
    "type": "Fifth Rate",
    "name": "HMS London",
    "traits": ["Weight of Lead"],
    "officers": [
        {"name": "Captain", "role": "captain", "discipline": 0},
        {"name": "Gunner", "role": "gunner", "skills": {"gunnery": 5}, "discipline": 0},
        {"name": "Mid", "role": "officer", "discipline": 0},
    ],
}
CONDOR = {"type": "Brig Sloop", "name": "Condor"}


def test_london_broadside_at_long_range_with_the_weather_gage() -> None:
    deck = [
        # Positioning from Distance 5: London wins with a perfect success (4S) and closes 3
        "4S",
        "4S",
        "2C",
        "3C",
        "5C",
        "6C",
        "7C",
        "8C",
        "2D",
        "3D",
        "5D",
        "6D",
        *_hwyf(2, True),
        *_hwyf(2, True),
        *_hwyf(2, False),
        # Broadside!: CoF 4S, the book's seven cards
        "4S",
        "2S",
        "3C",
        "4S",
        "4C",
        "KD",
        "QH",
        "7S",
    ]
    b = Battle(LONDON, CONDOR, distance=5, dealer=ScriptedDealer(deck))
    hwyf = {"Captain": "command", "Gunner": "command", "Mid": "command"}
    ev = b.step({"a0": {"move": "close", "range": 2, "hwyf": hwyf}, "b0": {"move": "hold"}})
    pos = next(e for e in ev if e["type"] == "test" and e["what"] == "positioning")
    # Speed 4 against 3: +1 for London, -1 for Condor (the Positioning example)
    assert [s["pool"] for s in pos["sides"]] == [3 + 2 + 1, 3 + 3 - 1]
    assert b.distance(b.ship("a0"), b.ship("b0")) == 2
    shot = next(e for e in ev if e["type"] == "broadside")
    assert shot["pool"] == 5 + 2 + 2 + 1 - 4 + 1 == 7
    assert [h["level"] for h in shot["hits"]] == ["injured", "dead", "maimed", "injured"]
    assert _boxes(b, "b0")["hull"] == [2, 0, 1] and _boxes(b, "b0")["rigging"] == [0, 1, 0]


def test_heated_shot_fire_burns_then_spreads_when_unattended() -> None:
    """The Fire example: 5D does an Injured box to the Guns; left alone, AH and 3H next."""
    deck = ["5D", "AH", "3H"]
    b = Battle("Fifth Rate", "Fifth Rate", distance=5, dealer=ScriptedDealer(deck))
    london = b.ship("a0")
    b.round = 0
    setup(b, {})
    london.fire = 1
    hold = {"move": "hold", "repair": None}
    b.round += 1
    give(b, {"a": hold, "b": hold})
    phases.repair(b)
    assert b.ship("a0").damage.boxes()["guns"] == [1, 0, 0] and london.fire == 2
    b.round += 1
    give(b, {"a": hold, "b": hold})
    phases.repair(b)
    assert london.damage.boxes()["crew"] == [2, 0, 0] and london.fire == 3


def test_extinguishing_a_fire_as_the_boatswain_does() -> None:
    """Fire at two cards: a failed Maritime test holds it, two successes put it out."""
    b = Battle(
        "Fifth Rate",
        "Fifth Rate",
        distance=5,
        dealer=ScriptedDealer(
            [
                "2C",
                "3C",  # round 1: two cards of fire damage (rigging)
                "2H",
                "3C",
                "4C",
                "5C",  # Maritime 3 fails
                "2C",
                "3C",  # round 2: still two cards
                "2H",
                "3H",
                "4C",
                "5C",  # success: fire down to one card
                "2C",  # round 3: one card
                "2H",
                "3H",
                "4C",
                "5C",  # success: out
            ]
        ),
    )
    setup(b, {})
    ship = b.ship("a0")
    ship.fire = 2
    fight = {"move": "hold", "repair": "fire"}
    seen = []
    for _ in range(3):
        b.round += 1
        give(b, {"a": fight, "b": {"move": "hold"}})
        phases.repair(b)
        seen.append(ship.fire)
    assert seen == [2, 1, 0]
    assert ship.damage.boxes()["rigging"] == [4, 1, 0]  # 5 Injured hits: the 5th overflows
