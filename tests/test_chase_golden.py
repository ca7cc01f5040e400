"""Golden chases and card tests: the seeded streams of the chase, frozen card for card.

``tests/data/chase_golden.json`` was captured before the two card engines became one
(issue 11) and checked then against the code it came from; every case replays the same
seed through persistent decks (:class:`strategy.cards.Deck`) and must give exactly the
same events, cards and results. The chase also opens golden battles
(``tests/test_combat_golden.py``); these cases pin it on its own, with player decks,
crews, Gage and Market Forces.

Regenerate only when the rules change on purpose::

    .venv/bin/python tests/test_chase_golden.py --write
"""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from strategy.cards import Card, Deck, contested_test, static_test, unskilled_test
from strategy.chase import ChasePolicy, chase, sail_ho

GOLDEN = Path(__file__).parent / "data" / "chase_golden.json"

_SHIPS = ("Cutter", "Brig Sloop", "Sixth Rate", "Fifth Rate", "Third Rate", "Intrepid")

#: name -> (hunter, prey, seed, decks, hunter crew, prey crew, hunter Gage, prey Gage)
#: decks: "one" (the chase's own GM deck), "player" (the hunter plays a player's deck),
#: "three" (both sides with player's decks); prey Gage None is Market Forces
CHASES: dict[str, tuple[str, str, int, str, int, int, int, int | None]] = {
    f"chase-{i}": (
        _SHIPS[i % len(_SHIPS)],
        _SHIPS[(i * 5 + 1) % len(_SHIPS)],
        1000 + i,
        ("one", "player", "three")[i % 3],
        i % 3,
        (i // 3) % 2,
        i % 4,
        None if i % 2 else i % 3,
    )
    for i in range(18)
}


def _decks(kind: str, rng: random.Random) -> dict[str, Deck]:
    if kind == "one":
        return {}
    gm = Deck.gm(rng)
    decks = {"cof_deck": gm, "hunter_deck": Deck.player(rng)}
    if kind == "three":
        decks["prey_deck"] = Deck.player(rng)
    return decks


def play_chase(name: str) -> dict[str, Any]:
    """The chase of case ``name`` as plain JSON, and the next number of its source."""
    hunter, prey, seed, kind, h_crew, p_crew, h_gage, p_gage = CHASES[name]
    rng = random.Random(seed)
    result = chase(
        hunter,
        prey,
        rng,
        policy=ChasePolicy(hunter_crew=h_crew, prey_crew=p_crew),
        hunter_gage=h_gage,
        prey_gage=p_gage,
        market={"veteran": seed % 5 == 0} if p_gage is None else None,
        **_decks(kind, rng),
    )
    return {"result": result.to_dict(), "next": rng.random()}


def play_tests(seed: int) -> list[dict[str, Any]]:
    """Twelve card tests of every kind on two persistent decks, one of them run dry."""
    rng = random.Random(seed)
    gm, pc = Deck.gm(rng), Deck.player(rng)
    out = []
    for i in range(12):
        a, b = (i * 3) % 8, (i * 5) % 7
        if i % 4 == 0:
            out.append(static_test(gm, pc, a, "Routine", shuffle=bool(i % 3)).to_dict())
        elif i % 4 == 1:
            out.append(unskilled_test(gm, pc, b).to_dict())
        elif i % 4 == 2:
            kd = Card.parse("KD")
            out.append(contested_test(gm, gm, a, gm, b, a_joker_as=kd).to_dict())
        else:
            # more cards than the deck holds: the discards come back mid-test
            out.append(contested_test(gm, pc, a + 30, pc, b + 20, shuffle=False).to_dict())
    return out


TEST_SEEDS = range(6)


def capture() -> dict[str, Any]:
    return {
        "chases": {name: play_chase(name) for name in CHASES},
        "tests": {str(s): play_tests(s) for s in TEST_SEEDS},
        "sail_ho": [sail_ho(random.Random(s)).to_dict() for s in range(12)],
    }


@cache
def _golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text("utf-8"))


@pytest.mark.parametrize("name", list(CHASES))
def test_golden_chase(name: str) -> None:
    assert play_chase(name) == _golden()["chases"][name]


@pytest.mark.parametrize("seed", TEST_SEEDS)
def test_golden_card_tests(seed: int) -> None:
    assert play_tests(seed) == _golden()["tests"][str(seed)]


def test_golden_sail_ho() -> None:
    assert [sail_ho(random.Random(s)).to_dict() for s in range(12)] == _golden()["sail_ho"]


def test_golden_cases_cover_every_way_a_chase_ends() -> None:
    golden = _golden()
    events = [e["event"] for c in golden["chases"].values() for e in c["result"]["events"]]
    assert {"opening", "pursuit", "prey", "crew_action", "moment_of_truth"} <= set(events)
    outcomes = {c["result"]["outcome"] for c in golden["chases"].values()}
    assert outcomes == {"engaged", "escaped"}
    jokers = [t["a_joker"] for row in golden["tests"].values() for t in row]
    assert any(jokers)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: tests/test_chase_golden.py --write")
    GOLDEN.write_text(json.dumps(capture(), indent=None, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")
