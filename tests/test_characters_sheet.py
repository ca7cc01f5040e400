"""Beat to Quarters' character sheet and creation (seed 000, "Character Creation").

The book's tables are copied below as literal text, row by row, and parsed here by code of
its own; Gregory O'Toole, Andrew's Ship's Master, is replayed through every step and
compared with the book's sheets field by field (the garbles read as docs/rules-notes.md
"Officers" says).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategy.cards.core import DECK, JOKER, name
from strategy.characters import (
    POSITIONS,
    PROFESSIONS,
    SOCIAL_CLASSES,
    TRAITS,
    Reputation,
    Sheet,
    build_sheet,
    roll_sheet,
    roll_steps,
    sheet_from,
)
from strategy.characters.btq_tables import (
    BOOTY,
    EXPERIENCE,
    MEASURES,
    SKILLS,
    TRAIT_POINTS,
    WEALTH_LEVELS,
    booty,
    card_kind,
)
from strategy.characters.steps import Draft
from strategy.errors import InvalidMove, RulesError, UnknownName

# fmt: off
# Step Two, Three: each class as the book prints it
CLASSES = """\
Criminal | Wealth: 0 Measures: 4 Skills: 6 Skill list: Awareness, Gambling, Haggle, Intimidate,
Skullduggery, Scavenge Special: You are illiterate. Restriction: You cannot choose this social
class if you are an Officer or Warrant Officer

Slave | Wealth: 0 Measures: 5 Skills: 5 Skill list: Awareness, Courtesy, First Aid, Profession,
Scavenge, Skullduggery Special: You are illiterate. Restriction: You cannot choose this social
class if you are an Officer or Warrant Officer

Worker | Wealth: 0 Measures: 5 Skills: 5 Skill list: First Aid, Courtesy, Haggle, Skullduggery,
Purser, Riding Special: You are illiterate. Restriction: You cannot choose this social class if
you are an Officer or Warrant Officer

Farmer | Wealth: 0 Measures: 6 Skills: 4 Skill list: Awareness, First Aid, Haggle, Profession,
Purser, Riding Special: You are illiterate. Restriction: You cannot choose this social class if
you are an Officer or Warrant Officer

Fisherman | Wealth: 0 Measures: 4 Skills: 6 Skill list: Awareness, First Aid, Intimidate,
Maritime, Profession, Seamanship. Special: You are illiterate.

Artisan | Wealth: 0 Measures: 3 Skills: 7 Skill list: Courtesy, Haggle, Profession, Music,
Purser, The Arts Special: You are literate.

Military | Wealth: 1 Measures: 5 Skills: 4 Skill list: Awareness, Courtesy, Gambling, Gunnery,
Intimidate, Soldiering

Son of a Gun | Wealth: 0 Measures: 5 Skills: 5 Skill list: Awareness, Haggle, Intimidate,
Maritime, Scavenge Special: You are illiterate.

Church | Wealth: 1 Measures: 4 Skills: 5 Skill list: Courtesy, Diplomacy, First Aid, Intrigue,
Music, The Arts Special: You are literate.

Professional | Wealth: 1 Measures: 3 Skills: 6 Skill list: Courtesy, Diplomacy, Engineering,
Profession, Purser, The Arts Special: You are literate.

Merchant | Wealth: 2 Measures: 3 Skills: 5 Skill list: Awareness, Courtesy, Diplomacy, Haggle,
Maritime, Purser Special: You are literate.

Naval Officer | Wealth: 2 Measures: 4 Skills: 4 Skill list: Command, Courtesy, Diplomacy,
Purser, Riding, Seamanship Special: You are literate.

Noble | Wealth: 3 Measures: 4 Skills: 3 Skill list: Courtesy, Diplomacy, Music, Riding, Romance,
The Arts Special: You are literate.
"""

# Step Five, One
PROFESSION_TABLE = """\
Sailor +1 Maritime +1 Seamanship +1 Scavenge
Carpenter +1 Profession (Carpenter) +1 Engineering +1 Maritime
Sailmaker +1 Profession (Sailmaker) +1 Seamanship +1 Maritime
Gunner +1 Awareness +1 Gunnery +1 Engineering
Steward +1 Profession (Cook) +1 Courtesy +1 Maritime
Purser +1 Purser +1 Haggle +1 Intrigue
Surgeon +1 First Aid +1 The Arts +1 Courtesy
Marine +1 Command +1 Intimidate +1 Scavenge
Hand +1 Skullduggery +1 Scavenge +1 Maritime
"""

# Step Five, Two
BUNDLES = """\
Lieutenant | +1 Discipline, +1 Influence +1 Command, +1 Maritime, +1 Seamanship, +1 Courtesy, +1
Diplomacy, +1 The Arts +1 to two other skills +1 Institution: Ward Room reputation +1
Institution: [Your Ship] reputation

Midshipman | +1 Charm, +1 Influence +1 Awareness, +1 Maritime, +1 Seamanship, +1 Courtesy, +1
The Arts, +1 Purser +1 to two other skills +1 Institution: Ward Room reputation +1 Institution:
[Your Ship] reputation

Ward Room and Standing Officers | +1 Guts, +1 Influence +1 Command, +1 Maritime, +1 Seamanship,
+1 Diplomacy, +1 Purser, +1 Profession +1 to two other skills +1 Institution: Ward Room
reputation +1 Institution: [Your Ship] reputation

Petty Officers | +1 Guts, +1 Discipline +1 Maritime, +1 Awareness, +1 Haggle, +1 Gambling, +1
Scavenge, +1 Profession +1 to two other skills +1 Institution: Gun Deck reputation +1
Institution: [Your Ship] reputation

Able Seaman | +1 Guts, +1 Discipline +1 Maritime, +1 Awareness, +1 Haggle, +1 Gambling, +1
Scavenge, +1 Seamanship +1 to two other skills +1 Institution: Gun Deck reputation +1
Institution: [Your Ship] reputation

Seaman | +1 Guts, +1 Discipline +1 Maritime, +1 Awareness, +1 Haggle, +1 Gambling, +1 Scavenge
+1 to three other skills +1 Institution: Gun Deck reputation +1 Institution: [Your Ship]
reputation

Landsman | +1 to two Measures +1 to eight skills (which cannot include Maritime or Seamanship)
+1 Institution: Gun Deck reputation +1 Institution: [Your Ship] reputation
"""

# Step Seven: name | group | cost | times | restriction | what it writes on the sheet
TRAIT_TABLE = """\
Educated | PERSONAL | 1 | 1 | - | -

Swimming | PERSONAL | 1 | 1 | - | -

Read and Write | PERSONAL | 1 | 1 | - | -

Pitch Perfect | PERSONAL | 1 | 1 | - | -

Second Language | PERSONAL | 1 | any | - | -

God's Servant | PERSONAL | 1 | 1 | - | -

Iron Stomach | PERSONAL | 1 | 1 | - | -

Silver Tongue | PERSONAL | 1 | 1 | - | -

Stargazer | PERSONAL | 1 | 1 | - | -

Whittler | PERSONAL | 1 | 1 | - | -

Natural Rider | PERSONAL | 2 | 1 | - | -

Strong as an Ox | PERSONAL | 2 | 1 | - | -

Fearless | PERSONAL | 2 | 1 | - | -

Fair of Face | PERSONAL | 2 | 1 | - | -

Natural Mathematician | PERSONAL | 2 | 1 | - | -

Hard as Nails | PERSONAL | 3 | 1 | - | -

Heartbreaker | PERSONAL | 3 | 1 | - | Personal +1, Personal +1

Is But A Scratch, Sir! | PERSONAL | 5 | 1 | - | -

Under the Lash | NAVAL | 1 | 1 | - | Institution +1 Gun Deck

At Home in the Ward Room | NAVAL | 1 | 1 | Officers and Ward Room Warrant Officers only |
Institution +1 Ward Room

Tactical Genius | NAVAL | 2 | 1 | - | -

Known Below Decks | NAVAL | 1 | 1 | - | Institution +1 Gun Deck

Topman | NAVAL | 1 | 1 | - | -

Protégé | NAVAL | 1 | 3 | - | Personal +1

Born for Battle | NAVAL | 2 | 1 | - | -

Respect of the Men | NAVAL | 2 | 1 | - | Institution +1 Gun Deck

Jack Tar | NAVAL | 3 | 1 | - | -

Lap of Luxury | SOCIAL | 2 | 1 | - | Wealth +2

Blameless | SOCIAL | 2 | 1 | - | -

Naysayer | SOCIAL | 2 | 1 | - | -

Letter from London | SOCIAL | 3 | 1 | - | Institution +1

Family Connections | SOCIAL | 3 | 1 | - | Personal +1

Officer Patron | SOCIAL | 3 | 1 | - | Personal +3

Crusty Old Seadog | SOCIAL | 3 | 1 | - | Institution +1, Institution +1

Jonah | SOCIAL | 4 | 1 | - | -

Cheat Death! | COMBAT | 2 | 3 | - | -

Crackshot | COMBAT | 1 | 3 | - | -

Duellist | COMBAT | 1 | 3 | - | -

Strong Swordarm | COMBAT | 1 | 3 | - | -

Handy in a Scrap | COMBAT | 1 | 3 | - | -

Hack and Slay | COMBAT | 1 | 3 | - | -

Master Gunner | COMBAT | 1 | 3 | - | -

Knife Fighting | COMBAT | 1 | 3 | - | -

Ferocious Boarder | COMBAT | 1 | 3 | - | -

Accurate Gunner | COMBAT | 3 | 1 | - | -

Cutpurse | PROFESSIONAL | 1 | 1 | - | -

Scoundrel | PROFESSIONAL | 1 | 1 | - | -

Agitator | PROFESSIONAL | 1 | 1 | - | -

Grappler | PROFESSIONAL | 1 | 1 | - | -

Keen eyed | PROFESSIONAL | 1 | 1 | - | -

Cosmopolitan | PROFESSIONAL | 1 | 1 | - | -

Lower Deck Lawyer | PROFESSIONAL | 1 | 1 | - | -

Thief in the Night | PROFESSIONAL | 2 | 1 | - | -

Gastronome | PROFESSIONAL | 2 | 1 | - | Institution +1 Gun Deck or Ward Room

Physician | PROFESSIONAL | 2 | 1 | - | -
"""

# the Booty tables: suit kind | the book's line (Life before Recruitment / Naval Experience)
BOOTY_LIFE = """\
D number | Gain +1 Wealth or 1 point added to a Skill.

D face | Gain +2 Wealth or 2 points added to a Skill.

D ace | Gain +3 Wealth or 3 points added to a Skill.

H number | You have gained the attention of a notable figure associated with your Experience.
Gain a +1 Personal Reputation.

H face | You have gained the attention of a powerful figures associated with your Experience.
Gain a +1 to two Personal Reputations.

H ace | You have gained the attention of the most important figures associated with your
Experience. Gain +1 to three Personal Reputations.

S number | You have gained the attention of an organisation associated with your Experience.
Gain a +1 Institution Reputation.

S face | You have become vitally important to an organization in your Experience. Gain a +1 to
two Institution Reputations.

S ace | You have changed the face of an organization in your Experience. Gain a +1 to three
Personal Reputations.

C number | You have a small item of note, a curio or some other object. It gives you a +1 card
modifier to one skill when used.

C face | You have a item of great importance to an organization or individual. When used it
raises your Reputation with that individual or organization by +1.

C ace | An extraordinary, priceless item has come into your possession which, when used, gives
+2 to a skill or Reputation.

JK joker | Choose any card from the above.
"""
BOOTY_NAVAL = """\
D number | Gain +1 Wealth or 1 point added to a Skill.

D face | Gain +2 Wealth or 2 points added to a Skill.

D ace | Gain +3 Wealth or 3 points added to a Skill.

H number | You have gained the attention of a crew member or an officer associated with your
Experience. Gain a +1 Personal Reputation.

H face | You distinguished yourself in the eyes of a crew member and officers associated with
your Experience. Gain a +1 to two Personal Reputations.

H ace | You are forever associated with crew members and officers associated with your
Experience. Gain a +1 to three Personal Reputations.

S number | You have gained the attention of a ship or organisation associated with your
Experience. Gain a +1 Institution Reputation.

S face | You distinguish yourself in the eyes of ships and organizations associated with your
Experience. Gain a +1 to two Institution Reputations.

S ace | You are forever associated with ships and organizations associated with your Experience.
Gain a +1 to three Personal Reputations.

C number | You have a small item of note, a curio or some other object. It gives you a +1
modifier to one skill when used.

C face | You own a special weapon which adds +1 to a combat test when using it.

C ace | An extraordinary, priceless item has come into your possession which, when used, gives
+2 to a skill or Reputation.

JK joker | Choose any card from the above.
"""

LIVE_LIKE = ("0 - Destitute, Poor House 1 - Peasant, Farm Worker 2 - Shopkeeper, Craftsman "
             "3 - Trader, Artisan 4 - Clergy, Doctor, Merchant 5 - Land Owner, Fleet Magnate "
             "6 - Lesser Nobility, MP 7 - Generals, Admirals 8 - Upper Nobility "
             "9 - Lower ranks of Royalty 10 - The Royal Family")
# fmt: on

_WORDS = {"two": 2, "three": 3, "eight": 8}


def _rows(text: str) -> list[list[str]]:
    """A table's rows: one paragraph each (the book's long lines wrapped), cells by "|"."""
    lines = [" ".join(p.split("\n")) for p in text.strip().split("\n\n")]
    return [[c.strip() for c in line.split("|")] for line in lines]


@pytest.mark.parametrize("row", _rows(CLASSES), ids=lambda r: r[0])
def test_every_social_class_cell_by_cell(row: list[str]) -> None:
    name_, text = row
    m = re.match(r"Wealth: (\d) Measures: (\d) Skills: (\d) Skill list: (.*?)\.?( Special|$)", text)
    assert m
    c = SOCIAL_CLASSES[name_]
    assert (c.wealth, c.measures, c.skills) == tuple(int(g) for g in m.groups()[:3])
    assert c.skill_list == tuple(s.strip() for s in m.group(4).split(","))
    assert c.literate == ("You are literate" in text)
    assert c.officers == ("Restriction" not in text)


def test_the_classes_are_the_books_thirteen() -> None:
    assert list(SOCIAL_CLASSES) == [r[0] for r in _rows(CLASSES)]


@pytest.mark.parametrize("line", PROFESSION_TABLE.splitlines(), ids=lambda s: s.split()[0])
def test_every_profession_and_its_skills(line: str) -> None:
    name_, *skills = [p.strip() for p in line.split("+1")]
    assert PROFESSIONS[name_].skills == tuple(skills)


@pytest.mark.parametrize("row", _rows(BUNDLES), ids=lambda r: r[0])
def test_every_position_bundle(row: list[str]) -> None:
    name_, text = row
    p = POSITIONS[name_]
    head = re.split(r"\+1 to ", text)[0]
    plus = [s.strip(" ,") for s in head.split("+1")[1:]]
    assert p.measures == tuple(s for s in plus if s in MEASURES)
    assert p.skills == tuple(s for s in plus if s not in MEASURES)
    counts = re.findall(r"\+1 to (\w+) (other skills|skills|Measures)", text)
    skills_n = [_WORDS[n] for n, what in counts if what != "Measures"]
    measures_n = [_WORDS[n] for n, what in counts if what == "Measures"]
    assert p.other_skills == skills_n[0] and p.choose_measures == (measures_n or [0])[0]
    assert p.exclude == (("Maritime", "Seamanship") if "cannot include" in text else ())
    institutions = re.findall(r"Institution: (.*?) reputation", text)
    assert p.reputations == tuple("ship" if i == "[Your Ship]" else i for i in institutions)


def test_ranks_wealth_and_the_captains_reading() -> None:
    # Step Eight, Step Four: Officer +2, Warrant Officer +1; Captain/Admiral: docs
    assert {n: p.wealth for n, p in POSITIONS.items()} == {
        "Lieutenant": 2, "Midshipman": 2, "Ward Room and Standing Officers": 1,
        "Petty Officers": 1, "Able Seaman": 0, "Seaman": 0, "Landsman": 0,
        "Captain": 2, "Admiral": 2,
    }  # fmt: skip
    for n in ("Captain", "Admiral"):
        assert POSITIONS[n].skills == POSITIONS["Lieutenant"].skills
    assert (POSITIONS["Captain"].extra_experiences, POSITIONS["Admiral"].extra_experiences) == (
        2,
        3,
    )


@pytest.mark.parametrize("row", _rows(TRAIT_TABLE), ids=lambda r: r[0])
def test_every_trait_cell_by_cell(row: list[str]) -> None:
    name_, group, cost, times, restriction, grants = row
    t = TRAITS[name_]
    assert (t.group, t.cost, t.max) == (group, int(cost), None if times == "any" else int(times))
    if restriction == "-":
        assert t.positions is None
    else:
        assert set(t.positions or ()) == {
            "Lieutenant", "Midshipman", "Captain", "Admiral", "Ward Room and Standing Officers",
        }  # fmt: skip
    if grants.startswith("Wealth"):
        assert (t.wealth, t.reputations) == (int(grants.split("+")[1]), ())
        return
    assert t.wealth == 0
    want = [] if grants == "-" else [g.strip() for g in grants.split(",")]
    got = [
        f"{g.kind} +{g.value}" + (f" {' or '.join(g.subjects)}" if g.subjects else "")
        for g in t.reputations
    ]
    assert got == want


def test_the_traits_are_the_books_and_the_budget_is_ten() -> None:
    assert list(TRAITS) == [r[0] for r in _rows(TRAIT_TABLE)]
    assert TRAIT_POINTS == 10


@pytest.mark.parametrize("table,text", [("life", BOOTY_LIFE), ("naval", BOOTY_NAVAL)])
def test_both_booty_tables_cell_by_cell(table: str, text: str) -> None:
    for key, line in _rows(text):
        s, kind = key.split()
        cell = BOOTY[table][(s, kind)]
        assert cell.text == line
        n = {"number": 1, "face": 2, "ace": 3}.get(kind, 0)
        if s == "D":
            assert cell.wealth_or_skill == n
        elif s in "HS":
            # Spades Ace reads "Personal": read as Institution (rules-notes)
            assert (cell.reputation_kind, cell.reputations) == (
                "Personal" if s == "H" else "Institution", n,
            )  # fmt: skip
        elif s == "C":
            assert cell.curio
        else:
            assert cell.choose


def test_the_experience_card_table_for_all_53_cards() -> None:
    for c in (*DECK, JOKER):
        n = name(c)
        want = (
            ["measure", "skill"] if n in ("JK",) or n.startswith("A")
            else ["measure"] if n[0] in "JQK" else ["skill"]
        )  # fmt: skip
        assert list(EXPERIENCE[card_kind(c)]) == want, n
    assert booty("life", JOKER).choose


def test_wealth_levels_live_like_a() -> None:
    levels = re.split(r"\s*\d+ - ", LIVE_LIKE)[1:]
    assert WEALTH_LEVELS == tuple(levels) and len(levels) == 11


def test_skill_list_is_the_books() -> None:
    assert len(SKILLS) == 22 and "Skullduggery" in SKILLS and "Profession" in SKILLS


# O'Toole ---------------------------------------------------------------------------------

WARD_ROOM = {"descriptor": "Respected by", "subject": "the Ward Room"}
OTOOLE_STEPS: dict[str, Any] = {
    "nationality": "American",
    "religion": "Protestant",
    "social_class": "Fisherman",
    "experiences": 5,
    "ship": "Hermes",
    # the book's "Guts 2, Discipline 2, Charm 3 and Influence 2" spends 5 of 4 points:
    # Charm read as 2 (rules-notes)
    "measures": {"Guts": 1, "Discipline": 1, "Charm": 1, "Influence": 1},
    "skills": {"Awareness": 1, "Maritime": 2, "Profession (Fisherman)": 2, "Seamanship": 1},
    "experiences_before": [
        {"card": "KD", "gain": {"measure": "Guts"}, "booty_card": "10S",
         "booty": {"reputations": [
             {"descriptor": "Trusted by", "subject": "New Orleans Fisherman"}]},
         "life": {"skill": "Seamanship"}},
        {"card": "3D", "gain": {"skill": "Skulduggery"}, "booty_card": "2D",
         "booty": {"wealth": 1},
         "life": {"reputation": {"kind": "Personal", "descriptor": "Distrusted by",
                                 "subject": "Captain Jones"}}},
    ],
    "profession": "Sailor",
    "position": "Ward Room and Standing Officers",
    "position_profession": "Mapmaker",
    "other_skills": ["Command", "Skullduggery"],
    "position_reputations": [WARD_ROOM, {"descriptor": "Trusted by", "subject": "the Hermes"}],
    "experiences_naval": [
        {"card": "AH", "gain": {"measure": "Discipline", "skill": "Awareness"},
         "booty_card": "10C", "booty": {"curio": "Reef Map of the West Indies (+1 Seamanship)"},
         "life": {"reputation": {"kind": "Institution", **WARD_ROOM}}},
        {"card": "8C", "gain": {"skill": "Purser"}, "booty_card": "2D", "booty": {"wealth": 1},
         "life": {"skill": "Skulduggery"}},
        {"card": "KH", "gain": {"measure": "Influence"}, "booty_card": "KH",
         "booty": {"reputations": [{"descriptor": "Friend of", "subject": "Captain Turner"}] * 2},
         "life": {"skill": "Gambling"}},
    ],
    "traits": [
        "Read & Write", "Second Language (French)", "Swimming", "Jack Tar",
        {"name": "Crusty Old Seadog", "reputations": [
            {"descriptor": "Always Welcome on", "subject": "The Silver Fin"},
            {"descriptor": "Distrusted by", "subject": "the HMS Achilles"}]},
        "Knife Fighting",
    ],
}  # fmt: skip

# the book's final sheet (Step Nine), as printed
OTOOLE_BOOK = {
    "header": "American, Protestant, Son of a Fisherman Ship's Master",
    "measures": "Guts: 4 Discipline: 3 Charm: 3 Influence: 4",
    "wealth": "Wealth: 3",
    "curios": "Curios: Reef Map of the West Indies (+1 Seamanship)",
    "skills": "Skills: Awareness-2, Command-2, Diplomacy-1, Gambling-1, Maritime-4, "
    "Profession (Fisherman)-, Profession (Mapmaker)-1, Purser-2, Scavenge-1, Seamanship-4, "
    "Skulduggery-3",
    "reputations": "Personal: Distrusted by Captain Jones +1 Personal: Friend of Captain Turner "
    "+2 Institution: Trusted by New Orleans Fisherman +1 Institution: Respected by the Ward "
    "Room +2 Institution: Trusted by the Hermes +1 Institution: Always Welcome on The Silver "
    "Fin+1 Institution: Distrusted by the HMS Achilles +1",
    "traits": "Traits: Read & Write, Second Language (French), Swimming, Jack Tar, "
    "Knife Fighting (1) and Crusty Old Seadog.",
}


def _book_skills(text: str) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for part in text.removeprefix("Skills: ").split(", "):
        skill, _, n = part.rpartition("-")
        out[skill.replace("Skulduggery", "Skullduggery")] = int(n) if n else None
    return out


def _book_reputations(text: str) -> list[tuple[str, str, int]]:
    found = re.findall(r"(Personal|Institution): (.*?) ?\+(\d)", text)
    return [(k, words, int(v)) for k, words, v in found]


def test_otoole_replayed_to_the_books_final_sheet() -> None:
    sheet = build_sheet(OTOOLE_STEPS)
    measures = dict(re.findall(r"(\w+): (\d)", OTOOLE_BOOK["measures"]))
    book = {m: int(v) for m, v in measures.items()}
    # the one difference: Step Two's fifth Measure point (Charm 3) read as 4 points
    assert dict(sheet.measures) == {**book, "Charm": 2}
    assert sheet.wealth == int(OTOOLE_BOOK["wealth"].split()[-1])
    assert sheet.curios == (OTOOLE_BOOK["curios"].removeprefix("Curios: "),)
    skills = _book_skills(OTOOLE_BOOK["skills"])
    assert skills.pop("Profession (Fisherman)") is None  # garbled: read as Step Two's 2
    assert dict(sheet.skills) == {**skills, "Profession (Fisherman)": 2}
    got = [(r.kind, f"{r.descriptor} {r.subject}", r.value) for r in sheet.reputations]
    assert got == _book_reputations(OTOOLE_BOOK["reputations"])
    traits = re.split(r", | and ", OTOOLE_BOOK["traits"].removeprefix("Traits: ").rstrip("."))
    read = [t.replace("Read & Write", "Read and Write").replace(" (1)", "") for t in traits]
    assert sorted(sheet.traits) == sorted(read)
    assert (sheet.nationality, sheet.religion, sheet.social_class) == (
        "American", "Protestant", "Fisherman",
    )  # fmt: skip
    assert (sheet.position, sheet.profession, sheet.experiences, sheet.state) == (
        "Ward Room and Standing Officers", "Sailor", 5, "Healthy",
    )  # fmt: skip
    assert sheet_from(sheet.to_dict()) == sheet


def _draft_after(*steps: str) -> Draft:
    """O'Toole's draft after the steps named, applied as build_sheet applies them."""
    s, d = OTOOLE_STEPS, Draft()
    d.station(SOCIAL_CLASSES["Fisherman"], s["measures"], s["skills"], 0)
    if "three" in steps:
        for i, e in enumerate(s["experiences_before"]):
            d.experience(f"b{i}", "life", e)
    if "five" in steps:
        for sk in PROFESSIONS["Sailor"].skills:
            d.skill("p", sk)
        d.training(POSITIONS["Ward Room and Standing Officers"], s, "Hermes")
    if "six" in steps:
        for i, e in enumerate(s["experiences_naval"]):
            d.experience(f"n{i}", "naval", e)
    return d


@pytest.mark.parametrize(
    "steps,measures,wealth,skills,reps",
    [
        # Step Two (Charm read as 2)
        ((), (2, 2, 2, 2), 0,
         "Awareness-1, Maritime-2, Profession (Fisherman)-2, Seamanship-1", ""),
        # Step Three: "Profession Seamanship-2, (Fisherman)-," read as below
        (("three",), (3, 2, 2, 2), 1,
         "Awareness-1, Maritime-2, Profession (Fisherman)-2, Seamanship-2, Skulduggery-1",
         "Personal: Distrusted by Captain Jones +1 "
         "Institution: Trusted by New Orleans Fisherman +1"),
        # Step Five
        (("three", "five"), (4, 2, 3, 2), 1,
         "Awareness-1, Command-2, Diplomacy-1, Maritime-4, Profession (Fisherman)-2, "
         "Profession (Mapmaker)-1, Purser-1, Scavenge-1, Seamanship-4, Skulduggery-2",
         "Personal: Distrusted by Captain Jones +1 Institution: Trusted by New Orleans Fisherman"
         " +1 Institution: Respected by the Ward Room +1 Institution: Trusted by the Hermes +1"),
        # Step Six
        (("three", "five", "six"), (4, 3, 4, 2), 2,
         "Awareness-2, Command-2, Diplomacy-1, Gambling-1, Maritime-4, Profession (Fisherman)-2, "
         "Profession (Mapmaker)-1, Purser-2, Scavenge-1, Seamanship-4, Skulduggery-3",
         "Personal: Distrusted by Captain Jones +1 Personal: Friend of Captain Turner +2 "
         "Institution: Trusted by New Orleans Fisherman +1 Institution: Respected by the Ward "
         "Room +2 Institution: Trusted by the Hermes +1"),
    ],
)  # fmt: skip
def test_otoole_step_by_step(
    steps: tuple[str, ...], measures: tuple[int, ...], wealth: int, skills: str, reps: str
) -> None:
    d = _draft_after(*steps)
    assert tuple(d.measures[m] for m in ("Guts", "Discipline", "Influence", "Charm")) == measures
    assert d.wealth == wealth
    assert d.skills == _book_skills(skills)
    got = [(r.kind, f"{r.descriptor} {r.subject}", r.value) for r in d.reputations()]
    assert got == _book_reputations(reps)


# a choice the card or table does not allow ----------------------------------------------


def _steps(**changes: Any) -> dict[str, Any]:
    return {**OTOOLE_STEPS, **changes}


def _exp(i: int, **changes: Any) -> list[dict[str, Any]]:
    naval = [dict(e) for e in OTOOLE_STEPS["experiences_naval"]]
    naval[i].update(changes)
    return naval


@pytest.mark.parametrize(
    "changes,message",
    [
        ({"measures": {"Guts": 2, "Charm": 3}}, "measures: 5 points given, a Fisherman has 4"),
        ({"skills": {"Awareness": 3, "Gunnery": 3}}, "skills.Gunnery: not on the Fisherman's"),
        ({"skills": {"Awareness": 7}}, "skills: 7 points given, 6 to give"),
        ({"wealth_for_skills": 1}, "wealth_for_skills: 1 is not 0..0"),
        ({"experiences_naval": _exp(0, gain={"measure": "Guts"})},
         "experiences_naval[0].gain: AH is an ace card: one Measure and one Skill"),
        ({"experiences_naval": _exp(1, gain={"measure": "Guts"})},
         "experiences_naval[1].gain: 8C is a number card: one Skill"),
        ({"experiences_naval": _exp(1, booty={"wealth": 2})}, "gives +1 Wealth or 1 points"),
        ({"experiences_naval": _exp(2, booty={"reputations": [WARD_ROOM]})},
         "KH gives 2 +1 Personal reputations"),
        ({"experiences_naval": _exp(0, booty={"wealth": 1})}, "10C gives a curio"),
        ({"experiences_naval": _exp(0, life={"skill": "Gunnery", "measure": "Guts"})},
         "experiences_naval[0].life: one of skill, measure or reputation"),
        ({"other_skills": ["Command"]}, "other_skills: a Ward Room and Standing Officers adds +1"),
        ({"other_skills": ["Command", "Command"]}, "2 different skills"),
        ({"position_reputations": [WARD_ROOM, {"descriptor": "Trusted by", "subject": "Ajax"}]},
         "position_reputations[1].subject: 'Ajax' must name Hermes"),
        ({"position": "Lieutenant", "social_class": "Criminal"},
         "position: a Criminal cannot be a Lieutenant"),
        ({"experiences": 4}, "experiences: 4 given, 5 detailed"),
        ({"traits": ["Jack Tar", "Jack Tar"]}, "traits: 'Jack Tar' taken twice (at most once)"),
        ({"traits": ["Jonah", "Jack Tar", "Is But A Scratch, Sir!"]},
         "traits: 12 points spent, the budget is 10"),
        ({"traits": ["Crusty Old Seadog"]}, "'Crusty Old Seadog' writes 2 reputations"),
        ({"bogus": 1}, "unknown step 'bogus'"),
    ],
)  # fmt: skip
def test_build_refuses_what_the_card_or_table_does_not_allow(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidMove) as err:
        build_sheet(_steps(**changes))
    assert message in str(err.value)


def test_the_joker_chooses_a_card_of_the_table() -> None:
    naval = _exp(1, booty_card="JK", booty={"as": "AD", "wealth": 3})
    assert build_sheet(_steps(experiences_naval=naval)).wealth == 5
    with pytest.raises(InvalidMove, match=r"\.as: the joker chooses a card"):
        build_sheet(_steps(experiences_naval=_exp(1, booty_card="JK", booty={"as": "JK"})))


def test_a_landsman_chooses_two_measures_and_eight_skills_not_maritime() -> None:
    eight = [
        "Awareness",
        "Command",
        "Courtesy",
        "Diplomacy",
        "Gunnery",
        "Haggle",
        "Purser",
        "Riding",
    ]
    steps = _steps(
        position="Landsman", position_measures=["Guts", "Charm"], other_skills=eight,
        position_reputations=[
            {"descriptor": "Liked by", "subject": "the Gun Deck"},
            {"descriptor": "Trusted by", "subject": "the Hermes"},
        ],
    )  # fmt: skip
    sheet = build_sheet(steps)
    assert (sheet.measures["Guts"], sheet.wealth) == (4, 2)  # a Rating adds no Wealth
    with pytest.raises(InvalidMove, match=r"other_skills\[7\]: .*cannot include Maritime"):
        build_sheet({**steps, "other_skills": eight[:7] + ["Maritime"]})


# the sheet entered by a GM or a player --------------------------------------------------


def _entered(**changes: Any) -> dict[str, Any]:
    return {**build_sheet(OTOOLE_STEPS).to_dict(), **changes}


@pytest.mark.parametrize(
    "changes,error,message",
    [
        ({"rank": "Master"}, InvalidMove, "unknown field 'rank'"),
        ({"wealth": "3"}, InvalidMove, "wealth: '3' is not a int"),
        ({"measures": {"Guts": True, "Discipline": 3, "Influence": 4, "Charm": 2}},
         InvalidMove, "measures.Guts: True is not a int"),
        ({"skills": {"Gunnry": 2}}, UnknownName, "skills.Gunnry: unknown 'Gunnry'"),
        ({"measures": {"Guts": 4, "Nerve": 3}}, UnknownName, "measures.Nerve: unknown"),
        ({"traits": ["Jack Tarr"]}, UnknownName, "traits[0]: unknown 'Jack Tarr'"),
        ({"position": "Bosun"}, UnknownName, "position: unknown 'Bosun'"),
        ({"social_class": "Pirate"}, UnknownName, "social_class: unknown 'Pirate'"),
        ({"measures": {"Guts": 0, "Discipline": 3, "Influence": 4, "Charm": 2}},
         InvalidMove, "measures.Guts: 0 is below 1"),
        ({"skills": {"Gunnery": 11}}, InvalidMove, "skills.Gunnery: 11 is above the limit of 10"),
        ({"skills": {"Gunnery": 0}}, InvalidMove, "skills.Gunnery: 0 is below 1"),
        ({"traits": ["Jack Tar", "Jack Tar"]}, InvalidMove, "traits: 'Jack Tar' taken twice"),
        ({"traits": ["Knife Fighting"] * 4}, InvalidMove, "taken 4 times (at most 3 times)"),
        ({"traits": ["Knife Fighting (1)"]}, InvalidMove, "once for each time taken"),
        ({"traits": ["Second Language (French)"] * 2}, InvalidMove, "taken twice"),
        ({"traits": ["Jonah", "Jack Tar", "Jack Tar"]}, InvalidMove, "taken twice"),
        ({"traits": ["Jonah", "Jack Tar", "Hard as Nails", "Lap of Luxury"]},
         InvalidMove, "traits: 12 points spent, the budget is 10"),
        ({"position": "Able Seaman", "traits": ["At Home in the Ward Room"]},
         InvalidMove, "'At Home in the Ward Room' is for Lieutenant"),
        ({"reputations": [{"kind": "Personal", "descriptor": "Adored by", "subject": "Agnes",
                           "value": 3}]},
         InvalidMove, "reputations[0].value: Personal +3 is above Charm 2"),
        ({"reputations": [{"kind": "Institution", "descriptor": "Feared by", "subject": "Algiers",
                           "value": 5}]},
         InvalidMove, "reputations[0].value: Institution +5 is above Influence 4"),
        ({"position": "Lieutenant", "social_class": "Criminal"},
         InvalidMove, "social_class: a Criminal cannot be a Lieutenant"),
        ({"wealth": 11}, InvalidMove, "wealth: 11 is above the limit of 10"),
        ({"state": "Wounded"}, UnknownName, "state: unknown 'Wounded'"),
    ],
)  # fmt: skip
def test_sheet_from_refuses_with_one_error_naming_the_field(
    changes: dict[str, Any], error: type[RulesError], message: str
) -> None:
    fields = _entered(**changes)
    if "measures" in changes and len(changes["measures"]) < 4:
        fields["measures"] = {**_entered()["measures"], **changes["measures"]}
    with pytest.raises(error) as err:
        sheet_from(fields)
    assert message in str(err.value)


def test_a_missing_measure_is_refused() -> None:
    fields = _entered()
    del fields["measures"]["Charm"]
    with pytest.raises(InvalidMove, match="measures: needs exactly"):
        sheet_from(fields)


def test_sheet_is_immutable_and_round_trips() -> None:
    sheet = build_sheet(OTOOLE_STEPS)
    with pytest.raises(TypeError):
        sheet.measures["Guts"] = 9  # type: ignore[index]
    assert Sheet.from_dict(sheet.to_dict()) == sheet and hash(sheet) == hash(
        Sheet.from_dict(sheet.to_dict())
    )
    assert sheet.reputations[0] == Reputation("Personal", "Distrusted by", "Captain Jones", 1)
    assert sheet_from({**sheet.to_dict(), "state": "maimed"}).state == "Maimed"


def test_a_literate_class_has_read_and_write_free() -> None:
    steps = _steps(
        social_class="Merchant",
        measures={"Guts": 1, "Charm": 2},
        skills={"Maritime": 5},
        traits=["Jonah", "Jack Tar", "Hard as Nails"],
    )
    sheet = build_sheet(steps)
    assert sheet.traits[0] == "Read and Write" and sheet.wealth == 2 + 2 + 1
    assert sheet_from(sheet.to_dict()) == sheet  # 10 points: Read and Write cost nothing


# NPCs -----------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    pos=st.sampled_from(sorted(POSITIONS)),
    experiences=st.integers(0, 8),
)
def test_every_rolled_sheet_is_valid_and_the_seed_decides_it(
    seed: int, pos: str, experiences: int
) -> None:
    sheet = roll_sheet(pos, random.Random(seed), experiences)
    assert sheet_from(sheet.to_dict()) == sheet
    assert roll_sheet(pos, random.Random(seed), experiences) == sheet
    assert sheet.experiences == experiences + POSITIONS[pos].extra_experiences
    assert sheet.position == pos and sheet.wealth >= POSITIONS[pos].wealth
    if POSITIONS[pos].officer:
        assert SOCIAL_CLASSES[sheet.social_class].officers


def test_a_rolled_npc_is_built_from_its_own_recorded_steps() -> None:
    steps = roll_steps("Midshipman", random.Random(5), 5, "Noble", "Indefatigable")
    assert build_sheet(steps) == roll_sheet(
        "Midshipman", random.Random(5), 5, "Noble", ship="Indefatigable"
    )
    assert (
        steps["social_class"] == "Noble"
        and len(steps["experiences_before"]) + len(steps["experiences_naval"]) == 5
    )
    subjects = [r["subject"] for r in steps["position_reputations"]]
    assert subjects == ["the Ward Room", "Indefatigable"]


def test_a_rolled_criminal_officer_is_refused() -> None:
    with pytest.raises(InvalidMove, match="a Criminal cannot be a Lieutenant"):
        roll_sheet("Lieutenant", random.Random(1), social_class="Criminal")


def test_rolled_npcs_spend_their_trait_points() -> None:
    for seed in range(30):
        s = roll_sheet("Seaman", random.Random(seed))
        literate = SOCIAL_CLASSES[s.social_class].literate
        spent = sum(TRAITS[t.split(" (")[0]].cost for t in s.traits)
        assert spent - (1 if literate else 0) == TRAIT_POINTS
