"""Rules as the books print them (issue 13, item 6): each test quotes the book's line and
plays it (seed 000 Beat to Quarters, seed 001 Briny En Garde!)."""

from __future__ import annotations

from strategy.campaign.outcomes import OutcomeContext, against_of
from strategy.combat import Battle


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
    """Briny, PERSONAL OUTCOME: Aide to Admiral "+1 for MiD"; a lieutenant whose "personal
    battle result was better than their captain's, they receive a -1 modification to MiDs
    and promotion"; a ship committed to two seasons gets "+1 to death and -1 for MiD".
    One convention: each is added, with its printed sign, to the number needed."""
    base = OutcomeContext("F", 1, "Fiddler's Green", "Lieutenant", npc=False)
    needed = against_of(base).record["needed"]

    def moved(**kw: bool) -> dict[str, int]:
        got = against_of(base._replace(**kw)).record["needed"]
        return {k: got[k] - needed[k] for k in ("death", "mid", "promotion")}

    assert moved(aide=True) == {"death": 0, "mid": +1, "promotion": 0}
    assert moved(outshone=True) == {"death": 0, "mid": -1, "promotion": -1}
    assert moved(long_voyage=True) == {"death": +1, "mid": -1, "promotion": 0}
