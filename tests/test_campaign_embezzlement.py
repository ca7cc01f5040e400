"""The posts that may embezzle, cell by cell against the book, and the discovery roll's bands
with scripted dice (Briny En Garde!, APPOINTMENTS 001:1164-1206; docs/rules-notes.md,
"Embezzlement")."""

from __future__ import annotations

import pytest

from strategy.campaign.dice import ScriptedDice
from strategy.campaign.embezzlement import PERKS, discovery, perk
from strategy.errors import InvalidMove, UnknownName

# The perks as printed (001:1164-1206): post | "up to" guineas | dice | "discovery roll x" |
# influence with | "not during the campaign season" | the battle result die of all squadrons
BOOK = """\
Carpenter|600|1|100|the ship's Captain|no|no
Gunner|600|1|100|the ship's Captain|no|no
Purser|600|1|100|the ship's Captain|no|no
Sailmaster|600|1|100|the ship's Captain|no|no
Supervisor - Sick and Hurt Board|2400|2|200|the Third Lord of the Admiralty|yes|no
Inspector General RM|2400|2|200|the Third Lord of the Admiralty|yes|no
Victualling Board Supervisor|3600|2|300|the Second Lord of the Admiralty|no|yes
Ordnance Board Supervisor|3600|2|300|the Second Lord of the Admiralty|no|no
Naval Yards Supervisor|3600|2|300|the Second Lord of the Admiralty|no|no"""


def test_the_perks_cell_by_cell() -> None:
    rows = [line.split("|") for line in BOOK.splitlines()]
    assert list(PERKS) == [r[0] for r in rows], "the book's posts, in its order"
    for name, most, dice, times, with_, summer, squadrons in rows:
        p = PERKS[name]
        got = (p.most, p.dice, p.times, p.with_, p.not_in_summer, p.squadrons)
        book = (int(most), int(dice), int(times), with_, summer == "yes", squadrons == "yes")
        assert got == book, name
        # Influence Table B: "Captain" 3, "Lord of the Admirality" 5; a ship's post is one a ship
        assert p.favour == (3 if p.ship else 5), name
        assert p.ship == (int(most) == 600), name


@pytest.mark.parametrize(
    "post, guineas, dice, modifier, found_out",
    [
        # 1d6 x 100 "less than the amount embezzled": 3 x 100 = 300 < 350, found out
        ("Purser", 350, [3], 0, True),
        ("Purser", 350, [4], 0, False),
        ("Purser", 300, [3], 0, False),  # equal is not less: not found out
        ("Purser", 600, [5], 0, True),  # 600 is beyond the die alone but for a 6
        ("Purser", 600, [5], 1, False),  # a favour with the Captain: 6 x 100
        # 2d6 x 200 "lower than the amount embezzled"
        ("Inspector General RM", 2400, [6, 5], 0, True),
        ("Inspector General RM", 2400, [6, 6], 0, False),
        ("Supervisor - Sick and Hurt Board", 1000, [2, 2], 0, True),
        ("Supervisor - Sick and Hurt Board", 1000, [2, 2], 1, False),
        # 2d6 x 300
        ("Ordnance Board Supervisor", 3600, [6, 5], 0, True),
        ("Naval Yards Supervisor", 2000, [3, 4], 0, False),
    ],
)
def test_the_discovery_roll_bands(
    post: str, guineas: int, dice: list[int], modifier: int, found_out: bool
) -> None:
    rolled = ScriptedDice(dice)
    rec = discovery(perk(post), guineas, rolled, modifier)
    assert rolled.left == 0, "one die for a ship's post, two for the Boards'"
    assert rec["dice"] == dice and rec["roll"] == sum(dice)
    assert rec["total"] == sum(dice) + modifier
    assert rec["noticed"] == rec["total"] * perk(post).times
    assert rec["found_out"] is found_out
    assert rec["short"] is False, "only the Victualling Board's roll touches the squadrons"


@pytest.mark.parametrize(
    "dice, modifier, found_out, short",
    [
        ([4, 5], 0, True, True),  # 9 x 300 = 2,700 < 3,000: found out, and short weight
        ([4, 5], 2, False, True),  # influence hushes it up; the casks stay short
        ([5, 5], 0, False, False),  # 3,000 is not lower than 3,000: neither
    ],
)
def test_the_victualling_boards_same_roll_takes_one_from_the_squadrons(
    dice: list[int], modifier: int, found_out: bool, short: bool
) -> None:
    """ "The same roll is then used to determine if -1 is taken": the same comparison, on the
    dice alone (docs/rules-notes.md, "Embezzlement")."""
    rec = discovery(perk("Victualling Board Supervisor"), 3000, ScriptedDice(dice), modifier)
    assert (rec["found_out"], rec["short"]) == (found_out, short)


def test_a_sum_off_the_posts_limit_or_a_post_without_the_perk_is_refused() -> None:
    with pytest.raises(InvalidMove, match="Purser may embezzle 1 to 600 guineas"):
        discovery(perk("Purser"), 601, ScriptedDice([6]))
    with pytest.raises(InvalidMove):
        discovery(perk("Victualling Board Supervisor"), 0, ScriptedDice([6, 6]))
    with pytest.raises(UnknownName, match="'Captain of the Fleet' may not embezzle"):
        perk("Captain of the Fleet")
