"""Rules as the books print them (issue 13, item 6): each test quotes the book's line and
plays it (seed 000 Beat to Quarters, seed 001 Briny En Garde!)."""

from __future__ import annotations

from strategy.campaign.dice import ScriptedDice
from strategy.campaign.outcomes import OutcomeContext, against_of
from strategy.campaign.plan import COMMITMENT_COLUMNS, plan_campaign
from strategy.campaign.tables import force_organisation
from strategy.cards.dealer import ScriptedDealer
from strategy.cards.trials import contested_test
from strategy.combat import Battle, phases
from strategy.combat.cardtests import contested
from strategy.combat.orders import give
from strategy.combat.setup import setup
from tests.test_combat_book import hermes_against_the_corsair


def test_a_close_to_distance_0_boards() -> None:
    """BtQ, Positioning: "Close to either cannon-range (Distance 1-2) or boarding range
    (Distance 0)"; Boarding: "Boarding occurs when two ships are both at Distance 0. The
    ship which wins the Positioning Test which moves the ships into Distance 0, is the
    attacking ship." A client's ``{"move": "close", "range": 0}`` lashes the ships
    together instead of leaving them alongside doing nothing for 99 rounds."""
    b = Battle("Fifth Rate", "Fifth Rate", seed=3, distance=1)
    while not b.over and b.round < 99:
        b.step({"a0": {"move": "close", "range": 0}, "b0": {"move": "hold"}})
    boardings = [e for e in b.events if e["type"] == "boarding"]
    assert boardings and boardings[0]["attacker"] == "a0"
    assert b.over and b.round < 50 and b.outcome["how"] != "disengaged"


def test_every_personal_outcome_modifier_moves_the_number_needed_by_its_printed_sign() -> None:
    """Briny, PERSONAL OUTCOME: a lieutenant whose "personal battle result was better than
    their captain's, they receive a -1 modification to MiDs and promotion"; a ship
    committed to two seasons gets "+1 to death and -1 for MiD". One convention: each is
    added, with its printed sign, to the number needed. The Aide to Admiral's "+1 for MiD"
    (APPOINTMENTS) is a perk of his post, +1 to his roll: 1 less needed (issue 31)."""
    base = OutcomeContext("F", 1, "Fiddler's Green", "Lieutenant", npc=False)
    needed = against_of(base).record["needed"]

    def moved(**kw: bool) -> dict[str, int]:
        got = against_of(base._replace(**kw)).record["needed"]
        return {k: got[k] - needed[k] for k in ("death", "mid", "promotion")}

    assert moved(aide=True) == {"death": 0, "mid": -1, "promotion": 0}
    assert moved(outshone=True) == {"death": 0, "mid": -1, "promotion": -1}
    assert moved(long_voyage=True) == {"death": +1, "mid": -1, "promotion": 0}


def _sent(roll: int) -> int:
    return len(force_organisation(roll))


def test_influencing_the_prime_minister_to_send_more_ships_sends_more_ships() -> None:
    """Briny, INVESTMENT: "A non-player Prime Minister may be influenced in his decision as
    to how many ships will be sent on campaign. He will add or subtract ... one ship ...
    on a die roll of 7. ... When he modifies the number of ships, determine which ships go
    by consulting the column of the Force Commitment Table that shows the correct number
    of ships." Table F's columns, in order of the ships they send, are the 3..8."""
    # ships each column sends over its six deployments, as Table F prints them
    totals = {c: sum(_sent(c * 10 + d) for d in range(1, 7)) for c in range(1, 7)}
    assert totals == {1: 65, 2: 90, 3: 72, 4: 84, 5: 78, 6: 78}
    assert COMMITMENT_COLUMNS == (1, 3, 5, 6, 4, 2)
    for digit in range(1, 7):
        for direction in (1, -1):
            for die in (1, 2, 3, 4, 5, 6):
                _, plan = plan_campaign(
                    {"pm_influence": [{"direction": direction, "modifier": 6}]},
                    ScriptedDice([digit, 3, die, 1]),
                )
                column = plan["column"]
                for fsl in range(1, 7):
                    before, after = _sent(digit * 10 + fsl), _sent(column * 10 + fsl)
                    # up never sends fewer (columns 5 and 6 send 13 each), down never more
                    assert (after - before) * direction >= 0, (digit, direction, fsl)
                if direction == 1 and digit != COMMITMENT_COLUMNS[-1]:
                    assert totals[column] >= totals[digit] and column != digit


_JACK = {
    "type": "Fifth Rate",
    "name": "Surprise",
    "officers": [
        {"name": "Jack", "role": "captain", "skills": {"command": 4}, "discipline": 3},
        {"name": "Tom", "role": "gunner", "skills": {"gunnery": 4}, "discipline": 1},
    ],
}


def _lights(cof: str, cards: list[str]) -> bool:
    """A critical or perfect success on the Hull (spades) or the Rigging (clubs)."""
    out = False
    for c in cards:
        c = cof if c == "JK" else c
        if c[:-1] == cof[:-1] and c[-1] in "SC":
            out = True
    return out


def test_firebrands_at_distance_0_set_the_enemy_on_fire() -> None:
    """BtQ, Fire, Starting a Fire: "Use firebrands, grenades, burning torches etc. - this
    can only be done at Distance 0. If you score a Critical or Perfect Success on the
    Rigging or the Hull, the ship is on FIRE"."""
    brands = {"Jack": "firebrands", "Tom": "firebrands"}
    lit = 0
    for seed in range(30):
        b = Battle(_JACK, "Fifth Rate", seed=seed, distance=0, policies={"b": "aggressive"})
        while not b.over and b.round < 6:
            b.step({"a0": {"move": "hold", "boarding": brands}})
        started = [e for e in b.events if e["type"] == "fire" and e["result"] == "started"]
        tests = [e for e in b.events if e["type"] == "test" and e["what"] == "firebrands"]
        assert tests and all(e["officer"] in brands for e in tests)
        first = next((e for e in tests if _lights(e["cof"], e["cards"])), None)
        if first is None:
            assert not started
            continue
        lit += 1
        assert started[0]["ship"] == "b0" and started[0]["by"] == "a0"
        assert started[0]["round"] == first["round"]
    assert lit >= 3
    # at Distance 1 there is no boarding and so no firebrands: the order does nothing
    b = Battle(_JACK, "Fifth Rate", seed=1, distance=1)
    b.step({"a0": {"move": "hold", "boarding": brands}})
    assert not any(e["type"] == "test" and e["what"] == "firebrands" for e in b.events)


def test_a_redraw_after_mutual_failure_keeps_the_card_of_fate_in_every_test() -> None:
    """BtQ, Tests: "FOUR: Determine the Card of Fate The GM overturns one card from his
    deck. ... He does NOT shuffle this card back into his deck." "Mutually Failed Tests: If
    both sides of a test fail to score a success each side should shuffle their decks,
    redraw the same number of cards and retest." The combat engine's tests redraw against
    the same Card of Fate, as the chase's and the characters' tests do."""
    script = ["7D", "2C", "3C", "8D", "2S"]  # CoF 7D; both fail; 8D against 2S: a wins
    b = Battle("Fifth Rate", "Fifth Rate", distance=3, dealer=ScriptedDealer(script))
    a0, b0 = b.ships
    assert contested(b, "positioning", (a0, 1), (b0, 1)) == (0, 1, 0)
    test = b.events[-1]
    assert test["cof"] == "7D" and test["sides"][0]["cards"] == ["8D"]
    pile = ScriptedDealer(script)
    same = contested_test(pile, pile, 1, pile, 1)
    assert (same.winner, str(same.cof), [str(c) for c in same.a_cards]) == ("a", "7D", ["8D"])
    assert [[str(c) for c in side] for side in same.redraws[0]] == [["2C"], ["3C"]]


def _close_once(kind: str, start: int) -> Battle:
    """Side a closes from ``start`` and wins a Positioning test by one ordinary success
    (CoF 7D, 8D against nothing); side b holds."""
    b = Battle(kind, kind, distance=start)
    setup(b, {})
    b.round = 1
    give(b, {"a0": {"move": "close", "range": 1}, "b0": {"move": "hold"}})
    a0, b0 = b.ships
    pa, pb = phases.position_pool(b, a0, b0), phases.position_pool(b, b0, a0)
    losers = ["2C", "3C", "4C", "5C", "6C", "9C", "10C", "JC", "QC", "KC", "AC", "2H", "3H"]
    b.dealer = ScriptedDealer(["7D", "8D", *losers[: pa - 1], *losers[:pb]])
    phases.positioning(b)
    assert b.distance(a0, b0) == start - 1
    return b


def test_a_ship_that_cannot_fire_at_a_distance_wins_no_weather_gage_by_closing_to_it() -> None:
    """BtQ, Positioning: "If the winner of the Positioning Test takes the ships into combat
    range, the winner also gains 'The Weather Gage'"; Distance 2, Long Range: "unrated
    ships are out of range and cannot fire their cannons". An unrated ship's combat range
    is Distance 1: she gains the gage closing to it, not to Distance 2."""
    gage = [e for e in _close_once("Fifth Rate", 3).events if e["type"] == "weather_gage"]
    assert [e["ship"] for e in gage] == ["a0"]  # a rated ship fires at Distance 2
    b = _close_once("Brig Sloop", 3)
    assert not any(e["type"] == "weather_gage" for e in b.events) and b.ship("a0").gage == 0
    b = _close_once("Brig Sloop", 2)  # and into Distance 1, her combat range, she has it
    assert [e["ship"] for e in b.events if e["type"] == "weather_gage"] == ["a0"]


def test_a_becalmed_ship_without_boats_cannot_move() -> None:
    """BtQ, Weather, footnote *: "If there is No Wind, the ship is becalmed, and cannot
    move. It's Speed is 0 unless it sends out the ships boats to tow the ship, in which
    case it has a Speed of 1 but it has half of its card pool for any other action it
    takes that involves crew men." Neither ship tows: no Positioning test, the distance
    stays; one tows: she alone overturns cards, and only she can change the distance."""
    for seed in range(20):
        b = Battle("Fifth Rate", "Fifth Rate", seed=seed, weather="Becalmed", distance=3)
        for _ in range(5):
            b.step({"a0": {"move": "close"}, "b0": {"move": "flee"}})
        assert b.distance(*b.ships) == 3 and not b.over
        assert not any(e["type"] in ("test", "move") for e in b.events)
    moved = 0
    for seed in range(20):
        b = Battle("Fifth Rate", "Fifth Rate", seed=seed, weather="Becalmed", distance=3)
        b.step({"a0": {"move": "flee", "tow": True}, "b0": {"move": "close"}})
        pos = [e for e in b.events if e["type"] == "test" and e["what"] == "positioning"]
        assert pos and all(e["sides"][1]["pool"] == 0 for e in pos)
        assert all(e["by"] == "a0" for e in b.events if e["type"] == "move")
        moved += b.distance(*b.ships) != 3
    assert moved


def _one_broadside(shot: str, cards: list[str]) -> list[list[int]]:
    """Side a's Broadside! of 5 cards (a Fifth Rate at Distance 1) with ``shot`` loaded,
    on a stacked deck (the CoF first); side b does not fire. The target's boxes."""
    b = Battle("Fifth Rate", "Fifth Rate", distance=1)
    setup(b, {})
    b.round = 1
    give(b, {"a0": {"move": "hold", "shot": shot}, "b0": {"move": "hold"}})
    b.ships[1].acting = False
    b.dealer = ScriptedDealer(cards)
    phases.fight(b)
    return b.ships[1].damage.crossed


def test_grapeshot_and_chainshot_change_the_effect_of_one_hit() -> None:
    """BtQ, Cannon Ammunition, Grapeshot: "Crew: Increase the effect of one hit by one
    level (ie. Ordinary hits become Critical hits) ... Hull: Reduce the effect of one hit
    by one level (ie. Critical hits become Ordinary hits)"; Chainshot: "Crew: Reduce the
    effect of one hit by one level ... Rigging: Increase the effect of one hit by one
    level". One hit an area in a broadside, not every hit there: the firer's best hit
    that can still rise, his weakest to fall."""
    hull, guns, crew, rigging = _one_broadside("grapeshot", ["2H", "3H", "4H", "2D", "2S", "5S"])
    assert crew == [1, 1, 0]  # two ordinary hits to the Crew: one made critical
    assert guns == [0, 1, 0]  # "Apply damage as per normal"
    assert hull == [1, 0, 0]  # the critical hit to the Hull made ordinary
    hull, guns, crew, rigging = _one_broadside("chainshot", ["2H", "3H", "4H", "5H", "2C", "9S"])
    assert crew == [2, 0, 0]  # three ordinary hits to the Crew: one reduced to nothing
    assert rigging == [0, 0, 1]  # the critical hit to the Rigging made perfect


def test_a_ship_whose_crew_is_dead_strikes_as_the_corsair_does() -> None:
    """BtQ, Example of Ship-to-Ship Combat, its end: "Her crew has been decimated and she
    can no longer fight or sail. As a last act, the Captain of the Corsair strikes his
    colours and surrenders to his enemy. The Corsair has lost"; the penalty table: "Crew
    DEAD: Crew decimated. You cannot continue in this battle"."""
    b = hermes_against_the_corsair()
    assert b.outcome is not None
    assert b.outcome["winner"] == "a" and b.outcome["struck"] == ["b0"]
    assert b.outcome["ships"]["b0"]["states"]["crew"] == "dead"
    last = [e for e in b.events if e["type"] in ("struck", "decimated")]
    assert last == [
        {"type": "struck", "round": 3, "ship": "b0", "name": "Corsair", "cause": "decimated"}
    ]
