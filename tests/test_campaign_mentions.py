"""A Mention in Despatches makes a public hero (Briny En Garde!, seed 001:1083-1084): "One die
is rolled to get the number of Status Points per MiD he receives, starting when the ship
docks back in London, for the next three months. After the three months have passed, he
receives one point per month per mention for as long as he lives." (docs/rules-notes.md,
"Mentions in Despatches as status")."""

from __future__ import annotations

import random

import pytest

from strategy.campaign import RandomDice, ScriptedDice, resolve_summer
from strategy.campaign.fleet import default_officers
from strategy.campaign.mentions import docked_month, hero_points, mention_dice, shame_points
from strategy.characters import Character, roll_character
from strategy.errors import InvalidMove


def test_one_die_a_mention_for_three_months_from_docking_then_one_a_month() -> None:
    """Two mentions in the summer of 1805 (dice 4 and 2, scripted): 6 Status Points in each
    of September, October and November, when the fleet is back in London, then 2 a month
    (one a mention) for as long as he lives; nothing before his ship docked."""
    dice = mention_dice(2, ScriptedDice([4, 2]))
    assert dice == [4, 2]
    docked = docked_month(1805, "summer")
    assert docked == "1805-09"
    heard = [{"die": d, "docked": docked} for d in dice]
    by_month = {m: hero_points(heard, m) for m in ("1805-08", "1805-09", "1805-10", "1805-11")}
    assert by_month == {"1805-08": 0, "1805-09": 6, "1805-10": 6, "1805-11": 6}
    assert hero_points(heard, "1805-12") == hero_points(heard, "1812-06") == 2
    # a third mention the next summer: its own die for its own three months, on top
    heard.append({"die": 5, "docked": docked_month(1806, "summer")})
    assert hero_points(heard, "1806-09") == 2 + 5
    assert hero_points(heard, "1806-12") == 3


def test_each_seasons_ships_dock_in_the_month_after_it() -> None:
    """The seasons of TIME SEQUENCE (001:107-111), a campaign's year counted from its
    summer: the summer's fleet docks in September, an autumn cruise in December, a winter's
    and a spring's in the next year's March and June."""
    docks = {s: docked_month(1805, s) for s in ("summer", "autumn", "winter", "spring")}
    assert docks == {
        "summer": "1805-09",
        "autumn": "1805-12",
        "winter": "1806-03",
        "spring": "1806-06",
    }
    with pytest.raises(InvalidMove):
        docked_month(1805, "monsoon")


class _Counted:
    """The seeded dice, counting the draws (to find where the mentions' dice fall)."""

    def __init__(self, seed: int) -> None:
        self._dice = RandomDice(seed)
        self.rolls: list[object] = []

    def d6(self) -> int:
        self.rolls.append(self._dice.d6())
        return self.rolls[-1]  # type: ignore[return-value]

    def d20(self) -> int:
        self.rolls.append(self._dice.d20())
        return self.rolls[-1]  # type: ignore[return-value]

    def two_d6(self) -> tuple[int, int]:
        self.rolls.append(self._dice.two_d6())
        return self.rolls[-1]  # type: ignore[return-value]


def test_the_season_rolls_a_die_a_living_mention_after_its_other_dice() -> None:
    """Every living officer mentioned rolls one die a mention, after every other die of the
    season (so the battle results and personal outcomes fall as they did before mentions
    raised status); the dead are no heroes; each die goes into his changes."""
    dice = _Counted(7)
    report = resolve_summer(None, seed=7, choices={"roll": 35}, dice=dice)
    heroes = report["mentions"]
    mentioned = [r for r in report["personal_outcomes"] if r["mids"] and not r["dead"]]
    assert [h["officer"] for h in heroes] == [r["officer"] for r in mentioned] != []
    assert [h["mids"] for h in heroes] == [r["mids"] for r in mentioned]
    rolled = [d for h in heroes for d in h["dice"]]
    assert len(rolled) == sum(r["mids"] for r in mentioned)
    assert dice.rolls[-len(rolled) :] == rolled
    for h in heroes:
        assert report["changes"][h["officer"]]["mentions"] == h["dice"]
    dead = {r["officer"] for r in report["personal_outcomes"] if r["dead"]}
    assert not dead & {h["officer"] for h in heroes}


def test_a_hero_keeps_his_mentions_on_his_record() -> None:
    """His mentions' dice go on his record with the month his ship docked, season after
    season; a record with none writes none (records from before mentions raised status
    read as they did)."""
    officer = default_officers(random.Random(3))[0]
    c = roll_character(officer, 1805, random.Random(3))
    assert "mentions" not in c.to_dict()
    after = c.after_summer({"mentions": [4]}, 0, 1805)
    assert after.mentions == ({"die": 4, "docked": "1805-09"},)
    later = after.after_summer({"mentions": [6, 1]}, 0, 1805, "winter")
    assert [m["docked"] for m in later.mentions] == ["1805-09", "1806-03", "1806-03"]
    assert Character.from_dict(later.to_dict()) == later
    assert later.to_dict()["mentions"][1] == {"die": 6, "docked": "1806-03"}


def test_a_poltroon_found_out_loses_twice_his_modifier_every_month_till_redeemed() -> None:
    """Briny 001:1062: found out, "he loses twice as many SPs as the modification he took on
    his death roll every month hereafter until he has redeemed himself": a poltroon who took
    2 loses 4 a month from the month his ship docked (the summer's fleet in September),
    every month after, until a mention of a later season redeems him from its docking; a
    mention docked with the shame does not."""
    shame = [{"lost": 4, "docked": "1805-09"}]
    months = ["1805-08", "1805-09", "1805-12", "1806-08"]
    assert [shame_points(shame, [], m) for m in months] == [0, 4, 4, 4]
    redeemed = [{"die": 5, "docked": "1806-09"}]
    assert [shame_points(shame, redeemed, m) for m in ("1806-08", "1806-09", "1807-01")] == [
        4,
        0,
        0,
    ]
    assert shame_points(shame, [{"die": 5, "docked": "1805-09"}], "1805-10") == 4
    two = [*shame, {"lost": 6, "docked": "1806-09"}]  # found out again: both count
    assert shame_points(two, [], "1806-09") == 10


def test_a_poltroons_shame_stays_on_his_record() -> None:
    """The report's ``shame`` for a poltroon found out goes on his record with the month his
    ship docked; a record with none writes none (older records read as they did)."""
    officer = default_officers(random.Random(3))[0]
    c = roll_character(officer, 1805, random.Random(3))
    assert "shames" not in c.to_dict()
    after = c.after_summer({"shame": 6}, 0, 1805)
    assert after.shames == ({"lost": 6, "docked": "1805-09"},)
    assert Character.from_dict(after.to_dict()) == after
    assert after.to_dict()["shames"] == [{"lost": 6, "docked": "1805-09"}]


def test_the_season_charges_a_poltroon_found_out_and_no_other() -> None:
    """A poltroon's d6 of 3-5 (found out) or 6 (in irons, "in addition to the loss of SP")
    puts twice his modifier in his change as ``shame``; 1-2 (unnoticed) none."""
    from strategy.campaign.season import _shames

    outcomes = [
        {"officer": "a", "dead": False, "poltroonery": {"sp_lost_monthly": 4}},
        {"officer": "b", "dead": False, "poltroonery": {"sp_lost_monthly": 0}},
        {"officer": "c", "dead": True, "poltroonery": {"sp_lost_monthly": 6}},
        {"officer": "d", "dead": False},
    ]
    changes: dict[str, dict[str, int]] = {"a": {"na": 5}}
    _shames(outcomes, changes)
    assert changes == {"a": {"na": 5, "shame": 4}}


def test_his_sheet_reads_the_status_points_he_loses_this_month() -> None:
    """His own view (and the GM's) has ``poltroon``: the Status Points his shame costs him
    in the campaign's month, beside his hero's; nobody else's view has it."""
    from server.game.views import officer_for

    officer = default_officers(random.Random(3))[0]
    record = {
        **roll_character(officer, 1805, random.Random(3))
        .after_summer({"shame": 4}, 0, 1805)
        .to_dict(),
        "player": "s1",
    }
    own = officer_for(record, {"id": "s1", "role": "captain"}, "1805-10")  # type: ignore[arg-type]
    assert own["poltroon"] == {"found_out": 1, "month": "1805-10", "lost": 4}
    other = officer_for(record, {"id": "s2", "role": "captain"}, "1805-10")  # type: ignore[arg-type]
    assert "poltroon" not in other and "shames" not in other
