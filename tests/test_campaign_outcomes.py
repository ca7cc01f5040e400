"""Personal outcomes with scripted dice: death with ship and rank modifiers, the NPC rule,
the Nelson Touch, poltroonery and reckless bravery, MiD, promotion into a vacant berth,
declining, plunder; and investment returns."""

from __future__ import annotations

import pytest

from strategy.campaign import ScriptedDice
from strategy.campaign.fleet import Officer
from strategy.campaign.investment import (
    NPC_FAVOURS_ON,
    arms_finance,
    commerce,
    investment_returns,
    liquidation_value,
    npc_favours,
)
from strategy.campaign.outcomes import OutcomeContext, personal_outcome
from strategy.campaign.promotions import Vacancies, next_step, resolve_promotions

LOW = [1] * 40


def need(rec: dict, kind: str) -> int:
    return rec["against"]["needed"][kind]


def pc(rank: str, ship: str | None = "RO", **kw: object) -> Officer:
    return Officer("pc", "Horatio", rank, 5, ship=ship, player=True, **kw)


def npc(rank: str, ship: str | None = "RO", oid: str = "npc", **kw: object) -> Officer:
    return Officer(oid, "Jones", rank, 5, ship=ship, **kw)


def ctx(
    order: str = "F", br: int = 1, ship: str = "Royal Oak", rank: str = "Lieutenant", **kw: object
) -> OutcomeContext:
    return OutcomeContext(order, br, ship, rank, **kw)


def test_death_needs_target_plus_ship_and_rank_modifiers() -> None:
    # Fleet action, result 1: death 10; Royal Oak +3, Lieutenant +1: 14 to die
    rec = personal_outcome(pc("Lieutenant"), ctx(npc=False), ScriptedDice([6, 6, *LOW]))
    assert rec["death"] == [6, 6]
    assert {k: rec["against"][k]["death"] for k in ("target", "modifier", "needed")} == {
        "target": 10,
        "modifier": 4,
        "needed": 14,
    }
    assert not rec["dead"]
    # Hornet -2, Midshipman +1 on a blockade result 6 (death 7): 6 to die
    rec = personal_outcome(
        pc("Midshipman", "HO"),
        ctx("B", 6, "Hornet", "Midshipman", npc=False),
        ScriptedDice([3, 3, 20]),
    )
    assert need(rec, "death") == 6 and rec["dead"]


def test_reckless_bravery_the_books_example() -> None:
    # "a character that must roll a 15 for death is permitted to choose an unfavourable
    # modification of 2, reducing the maximum death roll to 13": a Post Captain (+2) of the
    # Royal Oak (+3) in a brilliant fleet victory (10)
    captain = pc("Post Captain")
    rec = personal_outcome(captain, ctx(rank="Post Captain", npc=False), ScriptedDice(LOW))
    assert need(rec, "death") == 15
    rec = personal_outcome(
        captain,
        ctx(rank="Post Captain", npc=False),
        ScriptedDice([6, 6, 3, 3, 4, 4, 3, 3]),
        {"bravery": 2},
    )
    assert need(rec, "death") == 13 and not rec["dead"]
    # ... and the 2 helps his MiD (9 + ship 0 + rank -1 - 2), promotion (9 + 1 + 0 - 2)
    # and plunder (8 - 2 - 2 - 2)
    assert [need(rec, k) for k in ("mid", "promotion", "plunder")] == [6, 8, 2]
    assert rec["mentioned"] and rec["promotion_won"] and rec["guineas"] == 100
    assert rec["mids"] == 1 and rec["guineas"] == 100


def test_npcs_get_no_benefit_of_rank_or_ship_for_death() -> None:
    rec = personal_outcome(npc("Post Captain"), ctx(rank="Post Captain"), ScriptedDice(LOW))
    assert need(rec, "death") == 10
    # ... but an unfavourable ship modifier they do get: Hornet -2
    rec = personal_outcome(
        npc("Midshipman", "HO"), ctx(ship="Hornet", rank="Midshipman"), ScriptedDice(LOW)
    )
    assert need(rec, "death") == 8
    # ... and their ship's promotion modifier (Royal Oak +1)
    rec = personal_outcome(npc("Midshipman"), ctx(rank="Midshipman"), ScriptedDice(LOW))
    assert need(rec, "promotion") == 9 + 1


def test_nelson_touch_wound_or_death() -> None:
    officer = pc("Lieutenant", constitution=12)  # d20 below 6 to live
    rec = personal_outcome(officer, ctx("F", 6, npc=False), ScriptedDice([6, 6, 5, 2, *LOW]))
    touch = rec["nelson_touch"]
    assert touch["wounded"] and touch["wound"] == "lose a foot or leg" and touch["severe"]
    assert not rec["dead"] and touch["constitution_lost"] == 0.5
    assert not touch["unfit_for_duty"]
    rec = personal_outcome(officer, ctx("F", 6, npc=False), ScriptedDice([6, 6, 6]))
    assert rec["dead"] and rec["nelson_touch"] == {"d20": 6, "below": 6.0, "wounded": False}
    assert "mid" not in rec and "promotion" not in rec
    one_leg = pc("Lieutenant", constitution=12, wounds=("leg",))
    rec = personal_outcome(one_leg, ctx("F", 6, npc=False), ScriptedDice([6, 6, 1, 2, *LOW]))
    assert rec["nelson_touch"]["unfit_for_duty"]


@pytest.mark.parametrize(
    "die,outcome,rolls_on",
    [
        (1, "unnoticed", True),
        (2, "unnoticed", True),
        (3, "found out", False),
        (5, "found out", False),
        (6, "court-martial", False),
    ],
)
def test_poltroonery(die: int, outcome: str, rolls_on: bool) -> None:
    rec = personal_outcome(
        pc("Lieutenant"), ctx(npc=False), ScriptedDice([6, 6, die, *LOW]), {"poltroonery": 2}
    )
    assert need(rec, "death") == 16
    assert rec["poltroonery"]["outcome"] == outcome
    assert rec["poltroonery"]["sp_lost_monthly"] == (0 if die <= 2 else 4)
    assert "mid" not in rec
    assert ("promotion" in rec) == rolls_on and ("plunder" in rec) == rolls_on


def test_poltroonery_and_bravery_are_player_choices() -> None:
    with pytest.raises(ValueError):
        personal_outcome(npc("Lieutenant"), ctx(), ScriptedDice(LOW), {"bravery": 1})
    with pytest.raises(ValueError):
        personal_outcome(
            pc("Lieutenant"), ctx(npc=False), ScriptedDice(LOW), {"bravery": 1, "poltroonery": 1}
        )


def test_outshone_lieutenant_aide_and_admiral() -> None:
    base = personal_outcome(pc("Lieutenant"), ctx(npc=False), ScriptedDice(LOW))
    shone = personal_outcome(pc("Lieutenant"), ctx(npc=False, outshone=True), ScriptedDice(LOW))
    assert need(shone, "mid") == need(base, "mid") - 1
    assert need(shone, "promotion") == need(base, "promotion") - 1
    # an aide uses his admiral's modifiers (Rear Admiral: MiD -1, plunder '(-3)'), and his
    # post's "+1 for MiD" is a bonus: 1 less needed
    aide = Officer(
        "aide", "Flag Lt", "Lieutenant", 5, player=True, appointment="Aide to Admiral", serves="RA"
    )
    rec = personal_outcome(
        aide, ctx(rank="Rear Admiral", npc=False, aide=True, attached=True), ScriptedDice(LOW)
    )
    assert need(rec, "mid") == 9 + 0 - 1 - 1
    assert need(rec, "plunder") == 8 - 2 - 3
    admiral = Officer("RA", "R", "Rear Admiral", 5, squadron="Red", player=True)
    rec = personal_outcome(admiral, ctx(rank="Rear Admiral", npc=False), ScriptedDice(LOW))
    assert need(rec, "death") == 10 + 3 + 3
    assert "promotion" not in rec and "plunder" not in rec


def test_the_aides_plus_one_for_mid_gets_him_mentioned_on_a_roll_one_short() -> None:
    """Briny, APPOINTMENTS: Aide to Admiral - "Good handwriting important. Good manners
    essential. ... +1 for MiD": a perk of the post. His admiral's Fleet action, result 1
    (MiD 9), Rear Admiral's MiD -1: a flag lieutenant rolling 7 is mentioned as the aide
    (7 + 1 = 8 needed as 7) and not without the post (issue 31: the +1 had worked as a
    penalty, 9 needed)."""
    aide = Officer(
        "aide", "Flag Lt", "Lieutenant", 5, player=True, appointment="Aide to Admiral", serves="RA"
    )
    seven = [1, 1, 3, 4, *LOW]  # death 2, then MiD 3 + 4
    for is_aide, mentioned in ((True, True), (False, False)):
        context = ctx(rank="Rear Admiral", npc=False, aide=is_aide, attached=True)
        rec = personal_outcome(aide, context, ScriptedDice(seven))
        assert rec["mid"] == [3, 4] and rec["mentioned"] is mentioned, is_aide
        assert need(rec, "mid") == (7 if is_aide else 8)


def test_no_plunder_roll_where_the_table_prints_dash() -> None:
    rec = personal_outcome(pc("Lieutenant"), ctx("B", 5, npc=False), ScriptedDice(LOW))
    assert "plunder" not in rec and rec["guineas"] == 0


def test_long_voyage_is_plus_1_death_minus_1_mid() -> None:
    base = personal_outcome(pc("Sailor"), ctx(npc=False, rank="Sailor"), ScriptedDice(LOW))
    long = personal_outcome(
        pc("Sailor"), ctx(npc=False, rank="Sailor", long_voyage=True), ScriptedDice(LOW)
    )
    assert need(long, "death") == need(base, "death") + 1
    assert need(long, "mid") == need(base, "mid") - 1


# --- promotion ----------------------------------------------------------------------------


def test_the_promotion_ladder() -> None:
    steps = {
        r: next_step(npc(r, "HA"))
        for r in ("Sailor", "Able Seaman", "Midshipman", "Lieutenant", "Master & Commander")
    }
    assert steps == {
        "Sailor": ("Able Seaman", "same ship"),
        "Able Seaman": ("Midshipman", "same ship"),
        "Midshipman": ("Lieutenant", "same ship"),
        "Lieutenant": ("Master & Commander", "sloop"),
        "Master & Commander": ("Captain", "5th"),
    }
    assert next_step(npc("Captain", "HA")) == ("Captain", "3rd/4th")
    assert next_step(npc("Captain", "TH")) == ("Post Captain", "1st/2nd")
    assert next_step(npc("Post Captain", "RO")) == ("Rear Admiral", "flag")
    assert next_step(npc("Rear Admiral", None, squadron="Red")) is None
    assert next_step(npc("Private RM")) == ("Subaltern RM", "ranks")
    assert next_step(npc("Captain RM")) == ("Major RM", "marines")
    assert next_step(npc("Lieutenant Colonel RM")) is None


def _won(officer: Officer, dead: bool = False) -> dict:
    return {"officer": officer.id, "dead": dead, "mids": 0, "promotion_won": not dead}


def test_promotion_only_into_a_vacant_berth_else_mid() -> None:
    lts = [npc("Lieutenant", "HA", f"lt{i}") for i in range(2)]
    mid = npc("Midshipman", "HA", "mid")
    books = [*lts, mid]
    recs = [_won(mid)]
    resolve_promotions(recs, {o.id: o for o in books}, Vacancies(books))
    assert recs[0]["promotion_result"]["result"] == "no vacancy: mentioned in despatches"
    assert recs[0]["mids"] == 1
    # a lieutenant killed this season leaves a berth
    recs = [_won(lts[0], dead=True), _won(mid)]
    done = resolve_promotions(recs, {o.id: o for o in books}, Vacancies(books))
    assert done == [{"officer": "mid", "from": "Midshipman", "to": "Lieutenant", "ship": "HA"}]
    assert recs[1]["promotion_result"]["new_rank"] == "Lieutenant" and recs[1]["mids"] == 0


def test_seniors_first_open_berths_and_players_first() -> None:
    lts = [npc("Lieutenant", "HA", f"lt{i}") for i in range(2)]
    mids = [npc("Midshipman", "HA", "m-npc"), pc("Midshipman", "HA")]
    captains = [npc("Master & Commander", c, f"cap-{c}") for c in ("ME", "HO", "EN", "CA")]
    books = [*lts, *mids, *captains]  # Tickler's captaincy is vacant
    recs = [_won(mids[0]), _won(mids[1]), _won(lts[0])]
    done = resolve_promotions(recs, {o.id: o for o in books}, Vacancies(books))
    assert done[0] == {
        "officer": "lt0",
        "from": "Lieutenant",
        "to": "Master & Commander",
        "ship": "TI",
    }
    assert done[1]["officer"] == "pc"  # the player takes the lieutenant's berth
    assert recs[0]["promotion_result"]["result"] == "no vacancy: mentioned in despatches"


def test_declining_promotion() -> None:
    books = [npc("Midshipman", "HA", "mid")]
    recs = [_won(books[0])]
    resolve_promotions(recs, {"mid": books[0]}, Vacancies(books), declines=["mid"])
    assert recs[0]["promotion_result"]["result"] == "declined: mentioned in despatches"
    assert recs[0]["promotion_result"]["declined"] == 1 and recs[0]["mids"] == 1
    tired = npc("Midshipman", "HA", "mid", declined=3)
    recs = [_won(tired)]
    resolve_promotions(recs, {"mid": tired}, Vacancies([tired]))
    assert recs[0]["promotion_result"]["result"] == "no further promotions: mentioned in despatches"


def test_marine_promotion_needs_a_detachment() -> None:
    books = [
        npc(r, s, f"rm-{s}")
        for r, s in (("Major RM", "NE"), ("Major RM", "IN"), ("Major RM", "FG"))
    ]
    captain = npc("Captain RM", "HA", "rmc")
    books.append(captain)
    recs = [_won(captain)]
    done = resolve_promotions(recs, {o.id: o for o in books}, Vacancies(books))
    assert done == [{"officer": "rmc", "from": "Captain RM", "to": "Major RM", "ship": "VA"}]


# --- investment ----------------------------------------------------------------------------


def test_arms_finance_rows() -> None:
    got = [(n, arms_finance(n)["arms"], arms_finance(n)["finance"]) for n in range(0, 18)]
    expect_rows = {
        0: 6,
        5: 6,
        6: 6,
        8: 6,
        9: 9,
        10: 9,
        11: 11,
        12: 11,
        13: 13,
        14: 13,
        15: 15,
        16: 15,
        17: 17,
    }
    table = {6: (-50, 40), 9: (-20, 20), 11: (30, 10), 13: (50, -60), 15: (80, -60), 17: (100, -60)}
    for n, arms, finance in got:
        if n in expect_rows:
            assert (arms, finance) == table[expect_rows[n]], n
    with pytest.raises(ValueError):
        arms_finance(-1)


def test_commerce_rows() -> None:
    assert [commerce(r)["commerce"] for r in range(1, 7)] == [40, 20, 10, 0, -10, -20]
    assert commerce(2.5)["row"] == 3 and commerce(2.49)["row"] == 2
    with pytest.raises(ValueError):
        commerce(0.5)


def test_investment_returns_supplier_and_financier() -> None:
    report = investment_returns(
        12,
        2.0,
        [
            {"investor": "a", "kind": "arms", "capital": 2000},
            {"investor": "b", "kind": "arms", "capital": 1000, "supplier": True},
            {"investor": "c", "kind": "finance", "capital": 1000, "favoured": True},
            {"investor": "d", "kind": "commerce", "capital": 3000},
        ],
    )
    got = [(i["ships_counted"], i["percent"], i["guineas"]) for i in report["investments"]]
    assert got == [(12, 30, 600), (13, 50, 500), (10, 20, 200), (None, 20, 600)]
    for bad in (
        {"kind": "arms", "capital": 1500},
        {"kind": "gold", "capital": 1000},
        {"kind": "finance", "capital": 1000, "supplier": True},
    ):
        with pytest.raises(ValueError):
            investment_returns(12, 2.0, [bad])
    assert liquidation_value(3000) == 2700


def test_an_npc_favourer_favours_on_7_on_one_die_with_influence() -> None:
    """001:1305: "Non-player characters will manipulate funds on a die roll of 7 on one
    die ... These die rolls may be modified by the use of influence"."""
    assert NPC_FAVOURS_ON == 7
    assert [npc_favours(die, 0) for die in range(1, 7)] == [False] * 6  # beyond one die
    assert (npc_favours(4, 3), npc_favours(3, 3), npc_favours(6, 3 - 2)) == (True, False, True)


def test_midshipman_vacancies_beyond_two_are_purchased() -> None:
    from strategy.campaign.promotions import midshipmen_purchased

    books = [npc("Midshipman", "RO", "m1"), npc("Midshipman", "TH", "m2")]
    vac = Vacancies(books)  # Royal Oak: 4 of 5 berths empty; Thermopylae 2 of 3; Halcyon 2
    assert midshipmen_purchased(vac, ["RO", "TH", "HA"]) == [{"ship": "RO", "midshipmen": 2}]
    vac.release(("Midshipman", "TH", None))
    assert midshipmen_purchased(vac, ["TH"]) == [{"ship": "TH", "midshipmen": 1}]
