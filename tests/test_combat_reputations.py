"""An officer's Reputations in a sea fight (issue 31; seed 000, "Reputations": "Anatomy of
a Reputation", "Limits of Reputations", and "The Test", TWO 4: "If you wish to apply a
Reputation, add the appropriate number"): the table of kinds cell by cell, the cards a
Reputation naming his foe adds to his contest with her, each within its Measure as it
stands. docs/rules-notes.md, "Traits in a sea fight", Reputations."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from strategy.cards.dealer import ScriptedDealer
from strategy.characters import Sheet, character_from
from strategy.characters.btq_tables import _RAW, REPUTATION_LIMITS, REPUTATIONS_APPLIED
from strategy.combat import Battle
from strategy.combat.cardtests import contested
from strategy.combat.combatant import SKILLS, combatant
from strategy.combat.setup import setup
from strategy.errors import InvalidMove

#: "Anatomy of a Reputation" and "Limits of Reputations", row by row: the kind, what it
#: is between, the Measure its value may not exceed
BOOK = [
    ("Personal", "one person and another", "Charm"),
    ("Institution", "one person and a larger group, establishment or entity", "Influence"),
]


@pytest.mark.parametrize(("kind", "between", "limit"), BOOK)
def test_the_kinds_of_reputation_cell_by_cell(kind: str, between: str, limit: str) -> None:
    assert REPUTATION_LIMITS[kind] == limit
    assert list(REPUTATION_LIMITS) == [k for k, _, _ in BOOK]
    row = next(r for r in _RAW["reputations"]["kinds"] if r["kind"] == kind)
    assert row == {"kind": kind, "between": between, "limit": limit}
    # "'+1' and '+2' - these indicate the number of cards that are added"; one applied
    assert _RAW["reputations"]["cards"] == "value" and REPUTATIONS_APPLIED == 1


def _officer(name: str, role: str, reputations: list[dict] | None = None) -> dict:
    out = {"name": name, "role": role, "skills": dict.fromkeys(SKILLS, 3), "discipline": 0}
    if reputations:
        out["reputations"] = reputations
    return out


def _fight(mine: list[dict], foe_name: str, foe_officers: tuple = ()) -> Battle:
    """Minerva, master Brodie of ``mine`` Reputations, in contact with a Fifth Rate named
    ``foe_name``."""
    ours = {
        "type": "Fifth Rate",
        "name": "Minerva",
        "officers": [_officer("Brodie", "master", mine)],
    }
    theirs = {"type": "Fifth Rate", "name": foe_name, "officers": list(foe_officers)}
    bt = Battle(ours, theirs, distance=4, dealer=ScriptedDealer([]))
    setup(bt, {})
    return bt


HUNTED = {"kind": "Institution", "subject": "the French Frigate Minerve", "cards": 2}
JONES = {"kind": "Personal", "subject": "Captain Jones", "cards": 1}


@pytest.mark.parametrize(
    ("mine", "foe", "foe_officers", "cards"),
    [
        ([HUNTED], "Minerve", (), 2),  # "Institution: Hunted by La Cornielle Noir (28) +2"
        ([HUNTED], "Sirene", (), 0),  # another ship: not a test involving it
        ([JONES], "Sirene", (_officer("Thomas Jones", "captain"),), 1),  # her captain
        ([JONES], "Sirene", (_officer("Jean Lebrun", "captain"),), 0),
        ([HUNTED, {**JONES, "subject": "Capitaine Minerve"}], "Minerve", (), 2),  # the best
        ([{**HUNTED, "subject": "the Fifth Rates"}], "Fifth Rate", (), 0),  # a type, no name
    ],
)
def test_a_reputation_naming_his_foe_adds_its_cards(
    mine: list[dict], foe: str, foe_officers: tuple, cards: int
) -> None:
    """ "'+1' and '+2' - these indicate the number of cards that are added to a card pool
    during a test involving the reputation": an Institution naming her, a Personal one
    naming one of her officers (by his surname); one applied a test, his best."""
    bt = _fight(mine, foe, foe_officers)
    minerva, her = bt.ships
    assert minerva.reputation("Brodie", her)[0] == cards


def test_otooles_reputation_enters_his_positioning_against_jones() -> None:
    """The book's example (000:857): "Finally, he applies his reputation - Personal:
    Distrusted by Captain Jones +1 ... He has a card pool of 6": Master O'Toole's
    Seamanship 4, his Crusty Old Seadog +1 (his trait), his Reputation +1, in the
    Positioning contest with Jones's ship (Jones: "He has a card pool of 4")."""
    otoole = {
        **_officer("Gregory O'Toole", "master", [{**JONES, "subject": "Captain Jones"}]),
        "skills": {**dict.fromkeys(SKILLS, 3), "seamanship": 5},  # 4 + Crusty Old Seadog
    }
    ours = {"type": "Fifth Rate", "name": "Hermes", "officers": [otoole]}
    jones = {
        **_officer("Captain Jones", "master"),
        "skills": {**dict.fromkeys(SKILLS, 3), "seamanship": 4},
    }
    theirs = {"type": "Fifth Rate", "name": "Achilles", "officers": [jones]}
    bt = Battle(ours, theirs, distance=4, dealer=ScriptedDealer([]))
    setup(bt, {})
    hermes, achilles = bt.ships
    bt.dealer = ScriptedDealer(["4S", "9S", "2H", "3H", "4H", "5H", "6H", "2C", "3C", "5C", "6C"])
    w, _, _ = contested(bt, "positioning", (hermes, 5), (achilles, 4), "seamanship")
    assert w == 0
    test = next(e for e in bt.events if e["type"] == "test")
    assert [s["pool"] for s in test["sides"]] == [6, 4]
    assert test["reputation"] == [
        {"officer": "Gregory O'Toole", "subject": "Captain Jones", "cards": 1}
    ]


def test_his_reputation_goes_aboard_within_its_measure_as_it_stands() -> None:
    """ "You cannot have a Personal reputation with a value greater than your Charm ...
    Institution ... Influence"; "If ... you lose Influence or Charm and your Reputations
    exceed that Measure, they are temporarily reduced to that level": a point of
    Influence spent this Naval Mission takes his +2 Institution to the Influence left."""
    drawn = character_from(
        {"name": "Brodie", "rank": "Lieutenant", "na": 6},
        oid="o-1",
        rank="Lieutenant",
        year=1805,
        rng=random.Random(7),
    )
    sheet = drawn.sheet.to_dict()
    sheet["measures"] = {**sheet["measures"], "Influence": 2}
    sheet["reputations"] = [
        {
            "kind": "Institution",
            "descriptor": "Hunted by",
            "subject": "La Cornielle Noir",
            "value": 2,
        }
    ]
    him = replace(drawn, sheet=Sheet.from_dict(sheet))
    aboard = him.aboard("officer", "Brodie")
    assert aboard["reputations"] == [
        {"kind": "Institution", "subject": "La Cornielle Noir", "cards": 2}
    ]
    spent = replace(him, spent=(("Influence", 1),))
    assert spent.aboard("officer", "Brodie")["reputations"][0]["cards"] == 1
    officer = combatant({"type": "Cutter", "officers": [aboard]}).officers[0]
    assert officer.reputations == (("Institution", "La Cornielle Noir", 2),)
    assert officer.to_dict()["reputations"] == aboard["reputations"]


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "Family", "subject": "x", "cards": 1},
        {"kind": "Personal", "subject": "", "cards": 1},
        {"kind": "Personal", "subject": "x", "cards": 9},
        {"kind": "Personal", "subject": "x"},
    ],
)
def test_a_battle_officers_reputation_is_refused_unless_well_formed(bad: dict) -> None:
    with pytest.raises(InvalidMove):
        combatant({"type": "Cutter", "officers": [_officer("Brodie", "master", [bad])]})
