"""The summer campaign resolved with scripted dice: the NA cascade down the chain of
command, bounds, juniors and aides, seasons, presets, invasion, experience, courts-martial,
the Prime Minister's influence, substitutions, volunteers; and seeded replays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.campaign import (
    Deployment,
    RandomDice,
    ScriptedDice,
    apply_report,
    cascade,
    force_organisation,
    resolve_summer,
)
from strategy.campaign.fleet import Officer, default_officers
from strategy.campaign.plan import (
    commitment_column,
    influence_prime_minister,
    npc_captain_volunteers,
    plan_campaign,
    substitute,
    volunteer_ship,
    volunteer_squadron,
)

FILLER = [1] * 400  # after the scripted rolls: 2d6 of 2 never dies, never succeeds


def dice(*rolls: int) -> ScriptedDice:
    return ScriptedDice([*rolls, *FILLER])


def fsl(na: int = 5, **kw: object) -> Officer:
    return Officer("FSL", "First Sea Lord", "Admiral", na, appointment="First Sea Lord", **kw)


def chain(fsl_na: int = 5, ra_na: int = 4, cap_na: int = 6, lt_na: int = 7) -> list[Officer]:
    return [
        fsl(fsl_na),
        Officer("RA", "Rear Admiral of the Red", "Rear Admiral", ra_na, squadron="Red"),
        Officer("CAP", "Captain of FG", "Captain", cap_na, ship="FG"),
        Officer("LT", "Lieutenant of FG", "Lieutenant", lt_na, ship="FG"),
    ]


RED_FG = [Deployment("Channel Fleet", "Red", "FG", "F")]


def by_officer(report: dict) -> dict[str, dict]:
    return {r["officer"]: r for r in report["battle_results"]}


def test_cascade_rule() -> None:
    assert [cascade(r) for r in (None, 1, 2, 3, 4, 5, 6)] == [0, 1, 1, 0, 0, -1, -1]


def test_na_cascade_down_the_chain_of_command() -> None:
    # FSL NA 5, die 6 -> 2: the admiral rolls at NA 4+1 = 5; die 1 -> 5: the captain at
    # 6-1 = 5; die 3 -> 4: the lieutenant at 7; die 6 -> 1
    report = resolve_summer(RED_FG, chain(), choices={}, dice=dice(6, 1, 3, 6))
    got = by_officer(report)
    assert [r["officer"] for r in report["battle_results"]] == ["FSL", "RA", "CAP", "LT"]
    assert [(got[o]["effective_na"], got[o]["result"]) for o in ("FSL", "RA", "CAP", "LT")] == [
        (5, 2),
        (5, 5),
        (5, 4),
        (7, 1),
    ]
    assert [got[o]["cascade"] for o in ("FSL", "RA", "CAP", "LT")] == [0, 1, -1, 0]
    assert got["CAP"]["superior"] == "RA" and got["LT"]["superior"] == "CAP"
    assert report["ships"]["FG"]["battle_result"] == 4
    assert report["ships"]["FG"]["interpretation"] == "Inconclusive."
    # experience: the captain (4) beat his admiral (5), the lieutenant (1) his captain (4)
    exp = {e["officer"]: (e["na_before"], e["na_after"]) for e in report["experience"]}
    assert exp == {"CAP": (6, 7), "LT": (7, 8)}
    assert report["changes"]["CAP"]["na"] == 7
    # an NPC admiral with a 5 resigns
    assert report["resignations"] == [{"officer": "RA", "reason": "NPC admiral's battle result 5"}]


def test_effective_na_kept_within_1_and_10() -> None:
    # FSL NA 10, die 6 -> 1: the admiral's 10 stays 10; his die 6 -> 1: the captain's
    # 10 stays 10; the captain's die 1 at NA 10 -> 3, no shift: the lieutenant rolls at 1
    report = resolve_summer(RED_FG, chain(10, 10, 10, 1), dice=dice(6, 6, 1, 1))
    got = by_officer(report)
    assert got["RA"]["effective_na"] == 10 and got["RA"]["cascade"] == 1
    assert got["CAP"]["effective_na"] == 10 and got["CAP"]["cascade"] == 1
    assert got["CAP"]["result"] == 3 and got["LT"]["effective_na"] == 1
    # lowered below 1 stays 1: FSL NA 1 die 1 -> 6 lowers the admiral's 1
    report = resolve_summer(RED_FG, chain(1, 1, 1, 1), dice=dice(1, 1, 1, 1))
    assert [r["effective_na"] for r in report["battle_results"]] == [1, 1, 1, 1]
    assert [r["result"] for r in report["battle_results"]] == [6, 6, 6, 6]


def test_winter_costs_two_na_and_autumn_and_victualling_move_the_die() -> None:
    deploy = [Deployment("Channel Fleet", None, "FG", "I")]
    officers = [fsl(5), Officer("CAP", "C", "Captain", 6, ship="FG")]
    winter = resolve_summer(deploy, officers, choices={"season": "winter"}, dice=dice(3, 3))
    assert [r["effective_na"] for r in winter["battle_results"]] == [3, 4]
    autumn = resolve_summer(deploy, officers, choices={"season": "autumn"}, dice=dice(3, 1))
    assert [(r["die"], r["modified_die"]) for r in autumn["battle_results"]] == [(3, 2), (1, 1)]
    board = resolve_summer(deploy, officers, choices={"victualling_board": True}, dice=dice(3, 3))
    assert [r["modified_die"] for r in board["battle_results"]] == [3, 2]  # not the FSL's


def test_competent_junior_raises_the_commander() -> None:
    officers = [
        fsl(5),
        Officer("CAP", "C", "Captain", 4, ship="FG"),
        Officer("ADJ", "A", "Lieutenant", 6, ship="FG", appointment="Ship's Adjutant"),
    ]
    deploy = [Deployment("Channel Fleet", None, "FG", "I")]
    got = by_officer(resolve_summer(deploy, officers, dice=dice(3, 3, 3)))
    assert got["CAP"]["junior"] == {"by": "ADJ", "na": 6} and got["CAP"]["effective_na"] == 5
    officers[2] = Officer("ADJ", "A", "Lieutenant", 5, ship="FG", appointment="Ship's Adjutant")
    got = by_officer(resolve_summer(deploy, officers, dice=dice(3, 3, 3)))
    assert got["CAP"]["junior"] is None and got["CAP"]["effective_na"] == 4
    # the Marine commander counts too (a Major RM commands Fiddler's Green's Marines)
    officers[2] = Officer("RM", "M", "Major RM", 8, ship="FG")
    got = by_officer(resolve_summer(deploy, officers, dice=dice(3, 3, 3)))
    assert got["CAP"]["junior"] == {"by": "RM", "na": 8}
    assert got["RM"]["role"] == "rm_commander"


def test_aide_and_rm_general_raise_the_admiral() -> None:
    base = chain(ra_na=3)
    aide = Officer("AIDE", "Flag Lt", "Lieutenant", 5, appointment="Aide to Admiral", serves="RA")
    got = by_officer(resolve_summer(RED_FG, [*base, aide], dice=dice(3, 3, 3, 3)))
    assert got["RA"]["junior"] == {"by": "AIDE", "na": 5} and got["RA"]["effective_na"] == 4
    general = Officer("GEN", "Lt Gen RM", "Lieutenant General RM", 9, squadron="Red")
    got = by_officer(resolve_summer(RED_FG, [*base, general], dice=dice(3, 3, 3, 3)))
    assert got["RA"]["junior"] == {"by": "GEN", "na": 9}


def test_preset_battle_result_is_not_rolled_and_cascades() -> None:
    report = resolve_summer(RED_FG, chain(), choices={"preset": {"FG": 1}}, dice=dice(3, 3, 3))
    got = by_officer(report)
    assert got["CAP"] == {
        "officer": "CAP",
        "role": "captain",
        "ship": "FG",
        "superior": "RA",
        "superior_result": got["RA"]["result"],
        "preset": 1,
        "result": 1,
    }
    assert got["LT"]["cascade"] == 1 and report["ships"]["FG"]["preset"] is True
    with pytest.raises(ValueError):
        resolve_summer(RED_FG, chain(), choices={"preset": {"RO": 1}})
    with pytest.raises(ValueError):
        resolve_summer(RED_FG, chain(), choices={"preset": {"FG": 7}})


def _invasion(ra_die: int, none_die: int, blockade_die: int) -> dict:
    deploy = [
        Deployment("Channel Fleet", "Red", "FG", "F"),
        Deployment("West Indies", None, "ME", "I"),
        Deployment("Channel Fleet", "Blockade", "HO", "B"),
    ]
    officers = [
        fsl(1),
        Officer("RA", "R", "Rear Admiral", 1, squadron="Red"),
        Officer("C1", "C", "Captain", 1, ship="FG"),
        Officer("C2", "C", "Master & Commander", 1, ship="ME"),
        Officer("C3", "C", "Master & Commander", 1, ship="HO"),
    ]
    # NA 1 everywhere: die 1 gives 6, die 6 gives 3
    return resolve_summer(deploy, officers, dice=dice(1, ra_die, 1, none_die, blockade_die))


def test_invasion_when_every_admiral_and_unassigned_ship_gets_6() -> None:
    assert _invasion(1, 1, 6)["invasion"] == {"results": [6, 6], "invaded": True}
    assert _invasion(1, 6, 1)["invasion"]["invaded"] is False
    assert _invasion(6, 1, 1)["invasion"]["invaded"] is False


def test_no_admiral_and_no_unassigned_ship_is_no_invasion() -> None:
    deploy = [Deployment("Channel Fleet", "Blockade", "HO", "B")]
    officers = [fsl(1), Officer("C", "C", "Master & Commander", 1, ship="HO")]
    report = resolve_summer(deploy, officers, dice=dice(1, 1))
    assert report["invasion"] == {"results": [], "invaded": False}
    assert report["ships"]["HO"]["battle_result"] == 6


def test_court_martial_for_captain_6_and_player_admiral_5() -> None:
    officers = chain(1, 1, 1, 1)
    officers[1] = Officer("RA", "R", "Rear Admiral", 1, squadron="Red", player=True)
    report = resolve_summer(RED_FG, officers, dice=dice(1, 1, 1, 1))
    assert {c["officer"] for c in report["courts_martial"]} == {"CAP", "RA"}
    assert report["resignations"] == []


def test_senior_admiral_commands_an_area_with_two_squadrons() -> None:
    deploy = [
        Deployment("Channel Fleet", "Red", "FG", "F"),
        Deployment("Channel Fleet", "White", "TH", "F"),
        Deployment("Channel Fleet", "Blockade", "HO", "B"),
    ]
    officers = [
        fsl(),
        Officer("RR", "R", "Rear Admiral", 5, squadron="Red"),
        Officer("WR", "W", "Rear Admiral", 5, squadron="White"),
        Officer("C1", "C", "Captain", 5, ship="FG"),
        Officer("C2", "C", "Captain", 5, ship="TH"),
        Officer("C3", "C", "Master & Commander", 5, ship="HO"),
    ]
    got = by_officer(resolve_summer(deploy, officers, dice=dice()))
    assert [r["officer"] for r in got.values()][:3] == ["FSL", "WR", "RR"]
    assert got["WR"]["role"] == "senior_admiral" and got["RR"]["superior"] == "WR"
    assert got["C1"]["superior"] == "RR" and got["C2"]["superior"] == "WR"
    assert got["C3"]["superior"] == "WR"  # the Blockade has no admiral of its own


def test_admiral_substitution() -> None:
    officers = [
        *chain(),
        Officer("RV", "V", "Vice Admiral", 8, squadron="Red"),
        Officer("WV", "W", "Vice Admiral", 8, squadron="White"),
    ]
    pick = {"admirals": [{"fleet": "Channel Fleet", "squadron": "Red", "admiral": "RV"}]}
    got = by_officer(resolve_summer(RED_FG, officers, choices=pick, dice=dice()))
    assert "RV" in got and "RA" not in got
    other = {"admirals": [{"fleet": "Channel Fleet", "squadron": "Red", "admiral": "WV"}]}
    with pytest.raises(ValueError, match="within their squadron"):
        resolve_summer(RED_FG, officers, choices=other, dice=dice())
    officers[0] = fsl(player=True)
    got = by_officer(resolve_summer(RED_FG, officers, choices=other, dice=dice()))
    assert "WV" in got


def test_a_ship_without_captain_cannot_sail() -> None:
    with pytest.raises(ValueError, match="captain"):
        resolve_summer(RED_FG, [fsl()], dice=dice())


# --- the Prime Minister, the First Sea Lord and influence ------------------------------------


def test_npc_digits_are_rolled_pm_first() -> None:
    deployment, plan = plan_campaign({}, dice(3, 5))
    assert plan["roll"] == 35 and deployment == force_organisation(35)
    assert plan["prime_minister"] == {"seat": "npc", "die": 3, "digit": 3}


def test_player_digits_and_whole_fleet() -> None:
    _, plan = plan_campaign({"pm": 7, "fsl": 2}, dice())
    assert plan["roll"] == 72
    for bad in ({"pm": 8}, {"pm": 0}, {"fsl": 7, "pm": 1}, {"pm": "3"}):
        with pytest.raises(ValueError):
            plan_campaign(bad, dice())
    with pytest.raises(ValueError, match="influence"):
        plan_campaign({"pm": 3, "pm_influence": [{"direction": 1, "modifier": 1}]}, dice())


def test_influence_moves_one_ship_on_7_and_two_on_9() -> None:
    # column 5 is a commitment of 5 ships (the third of the columns by ships sent)
    assert influence_prime_minister(5, [{"direction": 1, "modifier": 0}], dice(6))[0] == 5
    assert influence_prime_minister(5, [{"direction": 1, "modifier": 1}], dice(6))[0] == 6
    assert influence_prime_minister(5, [{"direction": 1, "modifier": 3}], dice(6))[0] == 7
    assert influence_prime_minister(5, [{"direction": -1, "modifier": 3}], dice(5))[0] == 4
    ships, recs = influence_prime_minister(
        6, [{"direction": 1, "modifier": 4}, {"direction": -1, "modifier": 1}], dice(5, 6)
    )
    assert ships == 7 and [r["ships_after"] for r in recs] == [8, 7]


def test_influence_kept_within_3_and_8_ships() -> None:
    assert influence_prime_minister(4, [{"direction": 1, "modifier": 5}], dice(6))[0] == 8
    assert influence_prime_minister(1, [{"direction": -1, "modifier": 5}], dice(6))[0] == 3
    with pytest.raises(ValueError):
        influence_prime_minister(3, [{"direction": 2, "modifier": 0}], dice(6))


def test_three_ships_use_column_1_or_3() -> None:
    assert [commitment_column(3, dice(d))[0] for d in range(1, 7)] == [1, 1, 1, 3, 3, 3]
    assert [commitment_column(n)[0] for n in range(4, 9)] == [3, 5, 6, 4, 2]
    with pytest.raises(ValueError):
        commitment_column(9)


def test_influenced_plan_uses_the_new_column() -> None:
    # NPC PM rolls 3 (4 ships); influence +2 (die 6 + 3) -> 6 ships, column 6; FSL 1
    _, plan = plan_campaign({"pm_influence": [{"direction": 1, "modifier": 3}]}, dice(3, 6, 1))
    assert (plan["ships"], plan["column"], plan["roll"]) == (6, 6, 61)
    # NPC PM rolls 5 (5 ships); influence -2 (die 6 + 3) -> 3 ships: column die 5 -> 3
    _, plan = plan_campaign({"pm_influence": [{"direction": -1, "modifier": 3}]}, dice(5, 6, 5, 6))
    assert (plan["ships"], plan["column_die"], plan["roll"]) == (3, 5, 36)


# --- substitutions and volunteers -----------------------------------------------------------


def test_petition_same_rate_granted_on_7() -> None:
    base = force_organisation(11)  # FE sails, RO (also a 1st rate) does not
    out, rec = substitute(base, "FE", "RO", modifier=2, dice=dice(5))
    assert rec["granted"] and [d for d in out if d.ship == "RO"] == [
        Deployment("Channel Fleet", "Red", "RO", "B")
    ]
    out, rec = substitute(base, "FE", "RO", modifier=1, dice=dice(5))
    assert not rec["granted"] and out == base
    with pytest.raises(ValueError, match="same rate"):
        substitute(base, "FE", "IN", dice=dice(6))
    with pytest.raises(ValueError):
        substitute(base, "RO", "IN", dice=dice(6))  # RO is not going
    with pytest.raises(ValueError):
        substitute(base, "FE", "DR", dice=dice(6))  # DR already goes


def test_player_captain_of_the_fleet_substitutes_one_ship_freely() -> None:
    report = resolve_summer(
        None,
        None,
        1,
        {
            "roll": 11,
            "captain_of_the_fleet": "player",
            "substitutions": [{"out": "FE", "in": "HA"}],
        },
    )
    assert {"fleet": "Channel Fleet", "squadron": "Red", "ship": "HA", "order": "B"} in report[
        "deployment"
    ]
    with pytest.raises(ValueError, match="one ship"):
        resolve_summer(
            None,
            None,
            1,
            {
                "roll": 11,
                "captain_of_the_fleet": "player",
                "substitutions": [{"out": "FE", "in": "HA"}, {"out": "DR", "in": "TH"}],
            },
        )


def test_volunteers() -> None:
    assert volunteer_ship("HA", "summer") == Deployment("Channel Fleet", "Blockade", "HA", "B")
    assert volunteer_ship("HA", "autumn") == Deployment("Channel Fleet", None, "HA", "I")
    assert [d.order for d in volunteer_squadron(["FE", "DR"], "Red", "winter")] == ["B", "B"]
    assert [npc_captain_volunteers(d, True) for d in range(1, 7)] == [False] * 6
    assert npc_captain_volunteers(5, True, 2)
    assert [npc_captain_volunteers(d, False) for d in range(1, 7)] == [False] * 5 + [True]
    with pytest.raises(ValueError):
        volunteer_ship("HA", "monsoon")
    with pytest.raises(ValueError):
        resolve_summer(None, None, 1, {"season": "winter"})


def test_winter_volunteers_resolve() -> None:
    report = resolve_summer([volunteer_ship("CA", "winter")], None, 4, {"season": "winter"})
    assert report["ships"]["CA"]["order"] == "I" and report["season"] == "winter"


# --- seeds and the report --------------------------------------------------------------------


def test_same_seed_same_report_and_json() -> None:
    a = resolve_summer(None, None, 11, {"roll": 46})
    assert a == resolve_summer(None, None, 11, {"roll": 46})
    assert json.loads(json.dumps(a)) == a
    assert a != resolve_summer(None, None, 12, {"roll": 46})


class _Recording:
    """Seeded dice that write down every face they give (a Dice, but no RandomDice)."""

    def __init__(self, seed: int) -> None:
        self._dice = RandomDice(random.Random(seed))
        self.faces: list[int] = []

    def d6(self) -> int:
        self.faces.append(self._dice.d6())
        return self.faces[-1]

    def d20(self) -> int:
        self.faces.append(self._dice.d20())
        return self.faces[-1]

    def two_d6(self) -> tuple[int, int]:
        a, b = self._dice.two_d6()
        self.faces += [a, b]
        return a, b


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fixed", [False, True])
def test_scripted_dice_replaying_the_seeded_rolls_give_the_same_season(
    seed: int, fixed: bool
) -> None:
    # one path for every Dice: a season with seeded dice, again with dice that only record
    # what they roll, and again with a script of those very faces, is one report, die for die
    officers = default_officers(random.Random(1)) if fixed else None
    for choices in (
        {"roll": 11},
        {"roll": 46, "preset": {"FG": 2}},
        {"roll": 76, "victualling_board": True},
        {},
    ):
        seeded = resolve_summer(None, officers, seed, choices)
        recording = _Recording(seed)
        assert resolve_summer(None, officers, seed, choices, dice=recording) == seeded
        script = ScriptedDice(recording.faces)
        assert resolve_summer(None, officers, seed, choices, dice=script) == seeded
        assert script.left == 0


def test_apply_report_strikes_the_dead_and_promotes() -> None:
    officers = default_officers(random.Random(5))
    report = resolve_summer(None, officers, 5, {"roll": 26})
    after = {o.id: o for o in apply_report(officers, report)}
    for oid, change in report["changes"].items():
        if change.get("dead"):
            assert oid not in after
        else:
            for key in ("na", "rank", "ship"):
                if key in change:
                    assert getattr(after[oid], key) == change[key]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    pm=st.integers(1, 7),
    fsl_digit=st.integers(1, 6),
    season=st.sampled_from(["summer", "winter", "autumn"]),
    board=st.booleans(),
)
def test_properties_of_any_summer(
    seed: int, pm: int, fsl_digit: int, season: str, board: bool
) -> None:
    deploy = force_organisation(pm * 10 + fsl_digit)
    report = resolve_summer(deploy, None, seed, {"season": season, "victualling_board": board})
    assert json.loads(json.dumps(report)) == report
    for r in report["battle_results"]:
        assert 1 <= r["result"] <= 6
        if "effective_na" in r:
            assert 1 <= r["effective_na"] <= 10 and 1 <= r["modified_die"] <= 6
    for e in report["experience"]:
        assert e["na_after"] == min(10, e["na_before"] + 1) and e["result"] < e["superior_result"]
    assert set(report["ships"]) == {d.ship for d in deploy}
    for rec in report["personal_outcomes"]:
        against = report["contexts"][rec["context"]]
        assert rec["guineas"] in (0, against["target"]["amount"])
        if "plunder" in rec:
            assert (rec["guineas"] > 0) == (sum(rec["plunder"]) >= against["needed"]["plunder"])
        assert rec["dead"] == (
            sum(rec["death"]) >= against["needed"]["death"]
            and not rec.get("nelson_touch", {}).get("wounded")
        )
        if rec["dead"]:
            assert "mid" not in rec and "promotion" not in rec
    for share in report["plunder_shares"]:
        assert share["guineas"] == share["plunder"] // (4 if share["at_sea"] else 8)
    watch = report["invasion"]["results"]
    assert report["invasion"]["invaded"] == (bool(watch) and set(watch) == {6})


# --- outcomes inside a season ------------------------------------------------------------------


def test_admirals_share_of_plunder_at_sea_and_ashore() -> None:
    officers = [*chain(), Officer("RV", "V", "Vice Admiral", 5, squadron="Red")]
    # results: FSL 4, RA 4, captain 3, lieutenant 3 (all dice 3): Fleet action 3, plunder
    # 10 for 2 x 50. Captain: death, MiD, promotion stay low, plunder 6+6 (needs 10 - 2);
    # lieutenant the same (needs 10 - 1); the admiral rolls death and MiD only
    rolls = [3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6]
    report = resolve_summer(RED_FG, officers, dice=dice(*rolls))
    guineas = {r["officer"]: r["guineas"] for r in report["personal_outcomes"]}
    assert guineas == {"CAP": 100, "LT": 100, "RA": 0}
    assert report["plunder_shares"] == [
        {"admiral": "RA", "at_sea": True, "fraction": "1/4", "plunder": 200, "guineas": 50},
        {"admiral": "RV", "at_sea": False, "fraction": "1/8", "plunder": 200, "guineas": 25},
    ]
    admiral = next(r for r in report["personal_outcomes"] if r["officer"] == "RA")
    assert admiral["flagship"] == "FG" and "plunder" not in admiral


def test_player_choices_in_a_season() -> None:
    officers = chain()
    officers[3] = Officer("LT", "L", "Lieutenant", 7, ship="FG", player=True)
    # captain: four low 2d6; lieutenant (poltroon 1): death low, then his d6 = 6
    rolls = [3, 3, 3, 3, *[1] * 8, 1, 1, 6]
    report = resolve_summer(
        RED_FG, officers, choices={"officers": {"LT": {"poltroonery": 1}}}, dice=dice(*rolls)
    )
    assert {"officer": "LT", "reason": "poltroonery"} in report["courts_martial"]
    with pytest.raises(KeyError):
        resolve_summer(
            RED_FG, officers, choices={"officers": {"nobody": {"bravery": 1}}}, dice=dice()
        )
    # the lieutenant wins promotion (6+6) and declines it: a MiD instead
    rolls = [3, 3, 3, 3, *[1] * 8, 1, 1, 1, 1, 6, 6, 1, 1]
    report = resolve_summer(
        RED_FG,
        officers,
        choices={"officers": {"LT": {"decline_promotion": True}}},
        dice=dice(*rolls),
    )
    lt = next(r for r in report["personal_outcomes"] if r["officer"] == "LT")
    assert lt["promotion_result"]["result"] == "declined: mentioned in despatches"
    assert lt["mids"] == 1 and report["changes"]["LT"]["declined"] == 1


def test_apply_report_wounds_and_appointments() -> None:
    adj = Officer(
        "ADJ", "A", "Lieutenant", 6, ship="HA", appointment="Ship's Adjutant", wounds=("eye",)
    )
    dead = Officer("D", "D", "Sailor", 3, ship="HA")
    same = Officer("S", "S", "Sailor", 3, ship="HA")
    changes = {
        "ADJ": {
            "na": 7,
            "wound": 3,
            "rank": "Master & Commander",
            "ship": "TI",
            "squadron": None,
            "declined": 0,
        },
        "D": {"dead": True},
    }
    after = apply_report([adj, dead, same], {"changes": changes})
    assert [o.id for o in after] == ["ADJ", "S"] and after[1] is same
    assert after[0] == Officer(
        "ADJ", "A", "Master & Commander", 7, ship="TI", wounds=("eye", "arm")
    )


def test_experience_never_lifts_na_above_10() -> None:
    # the lieutenant (NA 10, die 6 -> 1) beats his captain (NA 1, die 1 -> 6)
    report = resolve_summer(RED_FG, chain(5, 5, 1, 10), dice=dice(3, 3, 1, 6))
    exp = {e["officer"]: e for e in report["experience"]}
    assert exp["LT"]["na_before"] == exp["LT"]["na_after"] == 10
    assert "LT" not in report["changes"] or "na" not in report["changes"]["LT"]
