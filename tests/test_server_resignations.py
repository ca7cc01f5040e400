"""NPC admirals resign (Briny 001:1101: "NPC Admirals with a BR of 5 or 6 will always
resign"; 001:512: "If the NPC is at sea he will not resign until back in London"):
docs/rules-notes.md, "NPC admirals' resignations"."""

from __future__ import annotations

import copy

from server import game
from tests.server_helpers import SEATS, SEED, phase_states


def test_an_npc_admiral_beaten_strikes_his_flag_and_every_seat_reads_it() -> None:
    """The walk's summer resolved from its seq 3 (as its dice fall, the Red and Blue Rear
    Admirals, NPCs, get a Battle Result of 5): each goes ashore when the fleet is home (no
    squadron: the next roll of the fleet fills his flag), every seat's report says so, and
    the autumn's cruise of his squadron sails and comes home without him."""
    state = copy.deepcopy(phase_states()[0]["summer"])
    gm = state["seats"][SEATS["gm"]["id"]]
    kind, data = game.decide(state, gm, {"type": "resolve_summer"}, game.event_rng(SEED, 3))
    quits = data["report"]["resignations"]
    assert quits == [
        {"officer": "Red-RA", "reason": "NPC admiral's battle result 5"},
        {"officer": "Blue-RA", "reason": "NPC admiral's battle result 5"},
    ]
    results = {r["officer"]: r["result"] for r in data["report"]["battle_results"]}
    assert results["Red-RA"] == results["Blue-RA"] == 5
    game.apply_event(state, kind, data)
    for q in quits:
        npc = state["officers"][q["officer"]]
        assert (npc["squadron"], npc["ship"], npc["dead"]) == (None, None, False)
    name = state["officers"]["Red-RA"]["name"]
    line = f"Rear Admiral {name} resigns his flag (NPC admiral's battle result 5)"
    for key in ("gm", "captain", "observer"):
        seat = state["seats"][SEATS[key]["id"]]
        assert line in game.state_for(state, seat)["report"]["words"], key
    # the autumn: the Red squadron volunteered, and its cruise comes home without him
    assert state["phase"] == "autumn"
    for seq, args in enumerate(
        ({"type": "volunteer", "squadron": "Red"}, {"type": "next_season"}), start=10
    ):
        kind, data = game.decide(state, gm, args, game.event_rng(SEED, seq))
        game.apply_event(state, kind, data)
    cruise = data["volunteers"]["report"]
    assert "Red-RA" not in {r["officer"] for r in cruise["personal_outcomes"]}
