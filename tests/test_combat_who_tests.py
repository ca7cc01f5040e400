"""Who makes a ship's tests in battle, and with what pool (issue 31, "Wrong in battle"):
the crew's skill where an officer has none, the officer who takes the opening Awareness
test, an Injured officer's -1, the Lieutenant who takes command from a fallen captain,
and the Weather Gage of a ship whose guns are silenced (seed 000, "Ship to Ship Combat",
"Damage States", "Boarding"). Each on a stacked deck where cards are drawn.
"""

from __future__ import annotations

from typing import Any

from strategy.cards.dealer import ScriptedDealer
from strategy.combat import Battle, phases
from strategy.combat.damage import GUNS, MAIMED
from strategy.combat.orders import give
from strategy.combat.setup import setup
from tests.test_combat_book import CORSAIR, HERMES

#: cards that succeed against no Card of Fate used here (CoF 7D): low clubs and hearts
_MISS = ["2C", "3C", "4C", "5C", "6C", "2H", "3H", "4H", "5H", "6H"]


def _frigate(*officers: dict[str, Any]) -> dict[str, Any]:
    """A Fifth Rate (her crew's skills the default 3) with ``officers`` aboard."""
    return {"type": "Fifth Rate", "name": "Minerva", "officers": list(officers)}


def _man(name: str, role: str, **skills: int) -> dict[str, Any]:
    return {"name": name, "role": role, "skills": skills, "discipline": 1}


def _ready(a: Any, b: Any, distance: int, orders: dict[str, Any] | None = None) -> Battle:
    """Set up at ``distance``, no Discipline cards dealt, the first round's orders given."""
    bt = Battle(a, b, distance=distance, dealer=ScriptedDealer([]))
    setup(bt, {})
    for s in bt.ships:
        s.discipline = {}
        s.reskill()
    bt.round = 1
    give(bt, orders or {})
    return bt


# ----- 1. "they may use the default skill of their crew gunner" ---------------------------


def test_an_officer_without_the_skill_tests_with_the_crews() -> None:
    """000:1735, "Who Commands?": "there may be an unlikely occasion where the PCs do not
    have some of the requisite skills to carry out the combat. (e.g. none of the PCs have
    Gunnery skill.) In those circumstances they may use the default skill of their crew
    gunner." A gunner, master and captain with none of their skill test the crew's 3 (his
    Discipline card still counts); one who has it tests his own, as Bosworth's 4."""
    none = _frigate(
        _man("Hale", "captain", command=0),
        _man("Lowe", "master", seamanship=0),
        _man("Gray", "gunner", gunnery=0),
    )
    bt = _ready(none, "Fifth Rate", 1)
    s = bt.ships[0]
    assert [s.skill(k) for k in ("gunnery", "seamanship", "command")] == [3, 3, 3]
    assert (s.tester("gunnery"), s.tester("seamanship"), s.tester("command")) == (
        "Gray",
        "Lowe",
        "Hale",
    )
    # the Broadside!: Gunnery 3 + Broadside +2 (the old engine: 0 + 2)
    assert phases.broadside_pool(bt, s, 0) == 5
    s.discipline = {"Gray": 1}
    s.reskill()
    assert s.skill("gunnery") == 4
    # an officer with the skill lays the guns with his own, lower or higher than the crew's
    own = _ready(_frigate(_man("Bosworth", "gunner", gunnery=4)), "Fifth Rate", 1)
    assert own.ships[0].skill("gunnery") == 4


# ----- 2. silenced guns: no combat range, no Weather Gage --------------------------------


def _close_from_3(a_spec: Any, b_spec: Any) -> Battle:
    """Side a closes from Distance 3 to 2 and wins by one ordinary success (CoF 7D, 8D
    against nothing); side b holds."""
    bt = _ready(a_spec, b_spec, 3, {"a0": {"move": "close", "range": 1}, "b0": {"move": "hold"}})
    return bt


def _position(bt: Battle) -> None:
    a0, b0 = bt.ships
    pa, pb = phases.position_pool(bt, a0, b0), phases.position_pool(bt, b0, a0)
    bt.dealer = ScriptedDealer(["7D", "8D", *_MISS[: pa - 1], *_MISS[:pb]])
    phases.positioning(bt)
    assert bt.distance(a0, b0) == 2


def test_a_ship_whose_guns_are_silenced_wins_no_weather_gage() -> None:
    """000:1797: "If the winner of the Positioning Test takes the ships into combat range,
    the winner also gains 'The Weather Gage' ... a +2 modifier to their Gunnery card pool";
    000:1823, Gun Damage "DEAD: The guns are silenced. You cannot fire Broadsides!". Her
    guns bear at no distance: closing wins her no gage (the old engine gave it)."""
    bt = _close_from_3("Fifth Rate", "Brig Sloop")
    a0 = bt.ships[0]
    for _ in range(4):  # a Fifth Rate's four Dead boxes in her Guns
        a0.damage.hit(GUNS, 3)
    assert a0.damage.m.no_broadside and phases.reach(a0) == 0
    _position(bt)
    assert a0.gage == 0 and not any(e["type"] == "weather_gage" for e in bt.events)


def test_a_weather_gage_not_fired_in_its_round_is_not_kept() -> None:
    """The gage is "+2 ... during the first round of combat": a ship that wins it and
    cannot fire that round (Guns MAIMED, "A Gunnery test is required for the ship to
    Broadside!", failed) does not carry it into a later round (the old engine kept it
    until she fired)."""
    bt = _close_from_3("Fifth Rate", "Brig Sloop")
    a0 = bt.ships[0]
    for _ in range(4):  # Guns MAIMED: the Maimed boxes crossed
        a0.damage.hit(GUNS, MAIMED)
    _position(bt)
    assert a0.gage == 2
    # her Gunnery 3 against 7D fails; the Brig Sloop cannot fire at Distance 2
    bt.dealer = ScriptedDealer(["7D", *_MISS[:3]])
    phases.fight(bt)
    assert any(e["type"] == "cannot_fire" and e["ship"] == "a0" for e in bt.events)
    assert a0.gage == 0 and bt.dealer.left == 0


# ----- 3. the opening Awareness test is a PC's -------------------------------------------


def test_the_opening_awareness_test_is_made_by_an_officer() -> None:
    """000:1771: "one of the PCs should make an Awareness test"; the Hermes example ("All
    other skills are at 2"): "The ships make a contested Awareness test. The Card of Fate
    is 6C. The Hermes overturns 4C, KS ... The Corsair overturns 3C, JD ... 4C beats 3C".
    Her crew here is the default 3; her officers' Awareness 2 is what she overturns (the
    old engine drew the crew's 3 cards)."""
    hermes = {k: v for k, v in HERMES.items() if k != "skills"}  # the crew's default 3
    bt = Battle(hermes, CORSAIR, dealer=ScriptedDealer(["6C", "4C", "KS", "3C", "JD"]))
    setup(bt, {"a0": {"start_distance": 3}})
    aw = next(e for e in bt.events if e["type"] == "test" and e["what"] == "awareness")
    assert [(s["pool"], s["cards"]) for s in aw["sides"]] == [(2, ["4C", "KS"]), (2, ["3C", "JD"])]
    assert aw["sides"][0]["officer"] == "O'Toole" and "officer" not in aw["sides"][1]
    assert aw["winner"] == "a0" and bt.distance(*bt.ships) == 3
    # the officer with the best Awareness looks out; with none, the crew does
    sharp = _frigate(_man("Hale", "captain", awareness=1), _man("Keen", "officer", awareness=5))
    assert Battle(sharp, "Cutter").ships[0].lookout() == (5, "Keen")
    assert Battle(_frigate(_man("Hale", "captain", awareness=0)), "Cutter").ships[0].lookout() == (
        3,
        None,
    )


# ----- 4. an Injured officer's -1 -----------------------------------------------------------


def test_an_injured_master_and_gunner_test_at_one_card_less() -> None:
    """000:959-1011, "Damage States": "INJURED: ... All actions related to the area ...
    that is Injured suffers a -1 card pool penalty". An Injured master positions, and an
    Injured gunner fires, with one card less (the old engine: full pools); a point of Guts
    spent (Overcoming Great Hardship) ignores it."""
    spec = _frigate(
        _man("Lowe", "master", seamanship=5),
        {**_man("Gray", "gunner", gunnery=4), "measures": {"Guts": 3}},
    )
    bt = _ready(spec, "Fifth Rate", 1)
    s, foe = bt.ships
    full_pos, full_fire = phases.position_pool(bt, s, foe), phases.broadside_pool(bt, s, 0)
    s.health.update(Lowe=1, Gray=1)
    s.reskill()
    assert (s.skill("seamanship"), s.skill("gunnery")) == (4, 3)
    assert phases.position_pool(bt, s, foe) == full_pos - 1
    assert phases.broadside_pool(bt, s, 0) == full_fire - 1
    assert s.spend_hardship(bt, "Gray") and s.skill("gunnery") == 4


# ----- 5. a fallen captain's command passes to a Lieutenant at -2 ---------------------------


def test_a_captain_lost_in_boarding_hands_command_to_a_lieutenant_at_minus_two() -> None:
    """000:1855: "If you MAIM or kill the Captain of the enemy ship, command passes down to
    a Lieutenant and they make their Command tests at -2"; "a contested Command test
    between the highest ranking officer still alive on the boarded ship". The next officer
    listed (in rank) fit to act commands, his Command less 2 (the old engine: the crew's
    3 - 2, naming no one); a Lieutenant without Command uses the crew's; a ship with no
    officer left, the crew's at -2 as before."""
    spec = _frigate(
        _man("Hale", "captain", command=4),
        _man("Lowe", "master", command=5),
        _man("Gray", "gunner", command=1),
    )
    bt = _ready(spec, "Fifth Rate", 1)
    s = bt.ships[0]
    assert (s.skill("command"), s.tester("command")) == (4, "Hale")
    s.health["Hale"] = 2  # MAIMED in a duel
    s.lost.add("captain")
    s.reskill()
    assert (s.skill("command"), s.tester("command")) == (5 - 2, "Lowe")
    s.health["Lowe"] = 3  # he falls too: the next, Gray
    s.reskill()
    assert (s.skill("command"), s.tester("command")) == (1 - 2, "Gray")
    # a Lieutenant with no Command: the crew's default 3, at -2
    lieutenant = _man("Lowe", "master", command=0)
    bare = _ready(_frigate(_man("Hale", "captain", command=4), lieutenant), "Cutter", 1)
    b0 = bare.ships[0]
    b0.health["Hale"] = 2
    b0.lost.add("captain")
    b0.reskill()
    assert (b0.skill("command"), b0.tester("command")) == (3 - 2, "Lowe")
    # no officers aboard: her NPC captain's loss costs the crew 2, as ever
    crew = _ready("Fifth Rate", "Cutter", 1).ships[0]
    crew.lost.add("captain")
    crew.reskill()
    assert (crew.skill("command"), crew.tester("command")) == (3 - 2, None)
