"""The Royal Marines as a player's career (Briny En Garde!, "The Royal Marines", 001:938-940):
enrolment's requirements cell by cell, Briny's endurance (001:367), the change of ship on 7
on 1d6, and the ship a Marine is randomly assigned to."""

from __future__ import annotations

import random

import pytest

from strategy.campaign import marines
from strategy.campaign.fleet import MARINE_RANKS
from strategy.errors import InvalidMove


@pytest.mark.parametrize("endurance", [134, 135])
@pytest.mark.parametrize("sabre", [11, 12])
@pytest.mark.parametrize("na", [1, 2])
def test_enrolment_requirements_cell_by_cell(endurance: int, sabre: int, na: int) -> None:
    """001:938: "an endurance of 135 or better and expertise (sabre) of 12 or better.
    Characters with a N.A. of 1 are not accepted"; no die."""
    refused = marines.enrolment_refusals(endurance, sabre, na)
    assert (refused == []) == (endurance >= 135 and sabre >= 12 and na >= 2)
    assert any("endurance" in r for r in refused) == (endurance == 134)
    assert any("sabre" in r for r in refused) == (sabre == 11)
    assert any("Naval Ability" in r for r in refused) == (na == 1)


def test_the_book_s_numbers_are_the_data_s() -> None:
    assert (marines.ENDURANCE_LEAST, marines.SABRE_LEAST, marines.REFUSED_NA) == (135, 12, 1)
    assert marines.ENROLMENT_RANK == "Private RM" == MARINE_RANKS[0]
    assert (marines.CHANGE_ON, marines.CHANGE_DECIDED_BY) == (7, "Brigadier-General of Marines")


@pytest.mark.parametrize(
    "strength, constitution, endurance",
    [(11, 11, 132), (11, 12, 138), (8, 8, 96), (18, 18, 216)],
)
def test_endurance_is_constitution_and_strength_times_six(
    strength: int, constitution: int, endurance: int
) -> None:
    """001:367: "Endurance is determined by adding Constitution by Strength and multiplying
    by 6": 135 lies between 22 points (132) and 23 (138)."""
    assert marines.endurance(strength, constitution) == endurance


@pytest.mark.parametrize("rank", MARINE_RANKS)
def test_only_privates_and_subalterns_may_ask_a_change(rank: str) -> None:
    assert marines.may_ask_change(rank) == (rank in ("Private RM", "Subaltern RM"))


def test_a_change_on_seven_on_one_die_and_the_favours() -> None:
    """A die alone never makes 7; a favour's one more does on a 6."""
    assert not any(marines.change_granted(die, 0) for die in range(1, 7))
    assert marines.change_granted(6, 1) and not marines.change_granted(5, 1)
    assert marines.change_granted(4, 3) and not marines.change_granted(6, 3 - 3)


def test_the_ship_is_drawn_from_the_seeded_source() -> None:
    ships = ["RO", "FE", "NE", "TH", "CA"]
    drawn = [marines.assigned_ship(ships, random.Random(seed)) for seed in range(20)]
    assert drawn == [marines.assigned_ship(ships, random.Random(seed)) for seed in range(20)]
    assert set(drawn) <= set(ships) and len(set(drawn)) > 1  # a draw, not always one ship
    with pytest.raises(InvalidMove, match="no British ship"):
        marines.assigned_ship([], random.Random(1))
