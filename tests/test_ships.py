"""The BtQ ships (seed 000, "Heart of Oak", "Customising Ships", "Friends and Foes").

Every roster cell is checked against the book's Ship Roster, transcribed here once more by
hand from the printed stat blocks (boxes per state, Broadside, Speed, Handling).
"""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy.ships import (
    AREAS,
    NAMED_SHIPS,
    ROSTER,
    TRAITS,
    named_ship,
    ship,
    ship_trait,
    ship_type,
)

# The book's Ship Roster: (command, hull, guns, crew, rigging boxes per state,
# broadside, speed, handling, rate, guns carried).
BOOK_ROSTER = {
    "Cutter": ("Lieutenant", 1, 1, 1, 1, 0, 4, 4, None, "Up to 18"),
    "Brig Sloop": ("Commander", 2, 2, 2, 2, 1, 3, 3, None, "Up to 22"),
    "Ship Sloop": ("Commander", 2, 2, 2, 3, 1, 3, 3, None, "Up to 28"),
    "Sixth Rate": ("Post Captain", 3, 3, 3, 3, 2, 4, 1, 6, "20-28 guns"),
    "Fifth Rate": ("Post Captain", 4, 4, 4, 4, 2, 4, 2, 5, "32-44 guns"),
    "Fourth Rate": ("Post Captain", 5, 5, 5, 5, 3, 3, 0, 4, "50-60 guns"),
    "Third Rate": ("Post Captain", 6, 6, 6, 6, 4, 3, 0, 3, "64-80 guns"),
    "Second Rate": ("Post Captain", 7, 7, 7, 7, 5, 2, -1, 2, "90-98 guns"),
    "First Rate": ("Post Captain", 8, 8, 8, 8, 6, 2, -2, 1, "100+ guns"),
}


def test_the_roster_is_the_books_nine_types_in_order() -> None:
    assert list(ROSTER) == list(BOOK_ROSTER)


@pytest.mark.parametrize("name", list(BOOK_ROSTER))
def test_roster_cell_by_cell(name: str) -> None:
    command, hull, guns, crew, rigging, broadside, speed, handling, rate, carried = BOOK_ROSTER[
        name
    ]
    t = ship_type(name)
    assert t.name == name and t.command == command
    assert dict(t.boxes) == {
        "hull": (hull,) * 3,
        "guns": (guns,) * 3,
        "crew": (crew,) * 3,
        "rigging": (rigging,) * 3,
    }
    assert (t.broadside, t.speed, t.handling) == (broadside, speed, handling)
    assert t.rate == rate and t.rated == (rate is not None) and t.guns == carried
    assert t.max_traits == (1 if rate is None else 3 if rate <= 3 else 2)


def test_phoebe_example_is_a_fifth_rate() -> None:
    """The Anatomy of a Ship: HMS Phoebe (36), Fifth Rate: 4 boxes a state, Speed 4."""
    t = ship_type("Fifth Rate Frigate")
    assert all(track == (4, 4, 4) for track in t.boxes.values()) and t.speed == 4
    assert t.guns_min <= 36 <= t.guns_max


def test_guns_ranges() -> None:
    assert ship_type("cutter").guns_max == 18 and ship_type("cutter").guns_min is None
    assert (ship_type("third rate").guns_min, ship_type("third rate").guns_max) == (64, 80)
    assert ship_type("first rate").guns_min == 100 and ship_type("first rate").guns_max is None


@pytest.mark.parametrize(
    "alias,name",
    [
        ("FIFTH RATE", "Fifth Rate"),
        ("brig-sloop", "Brig Sloop"),
        ("  ship  sloop ", "Ship Sloop"),
        ("Frigate", "Fifth Rate"),
        ("First Rate Ship-of-the Line", "First Rate"),
        ("barbary xebec", "Barbary Xebec"),
    ],
)
def test_lookup_is_case_insensitive_with_aliases(alias: str, name: str) -> None:
    assert ship_type(alias).name == name


def test_bad_type_names_the_valid_ones() -> None:
    with pytest.raises(ValueError) as info:
        ship_type("Galleon")
    message = str(info.value)
    assert "Galleon" in message
    assert all(name in message for name in BOOK_ROSTER)


def test_roster_data_is_frozen() -> None:
    t = ship_type("Cutter")
    with pytest.raises(FrozenInstanceError):
        t.speed = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        t.boxes["hull"] = (9, 9, 9)  # type: ignore[index]
    with pytest.raises(TypeError):
        ROSTER["Cutter"] = t  # type: ignore[index]


# -- traits --------------------------------------------------------------------------------


def test_the_ten_traits() -> None:
    assert set(TRAITS) == {
        "Expertly Coppered Hull",
        "Well-drilled Topmen",
        "Weight of Lead",
        "Heart of Oak",
        "Sturdy Rigging",
        "Jolly Tars",
        "Carronades",
        "Renowned Name",
        "Wily Sea Dogs",
        "Weatherly",
    }
    assert all(t.effect for t in TRAITS.values())


@pytest.mark.parametrize(
    "trait,field,delta",
    [
        ("Expertly Coppered Hull", "speed", 1),
        ("Well-drilled Topmen", "handling", 1),
        ("Weight of Lead", "broadside", 1),
        ("Renowned Name", "reputation", 1),
        ("Weatherly", "weather_relief", 1),
    ],
)
def test_traits_that_raise_a_rating(trait: str, field: str, delta: int) -> None:
    base, with_trait = ship("Sixth Rate"), ship("Sixth Rate", [trait])
    assert getattr(with_trait, field) == getattr(base, field) + delta
    assert with_trait.boxes == base.boxes


@pytest.mark.parametrize(
    "trait,area",
    [
        ("Heart of Oak", "hull"),
        ("Sturdy Rigging", "rigging"),
        ("Jolly Tars", "crew"),
        ("Carronades", "guns"),
    ],
)
def test_traits_that_add_a_box_to_each_state(trait: str, area: str) -> None:
    base, with_trait = ship("Fourth Rate"), ship("Fourth Rate", [trait])
    for a in AREAS:
        extra = 1 if a == area else 0
        assert with_trait.boxes[a] == tuple(n + extra for n in base.boxes[a])
    assert (with_trait.speed, with_trait.handling, with_trait.broadside) == (
        base.speed,
        base.handling,
        base.broadside,
    )


def test_wily_sea_dogs_raises_one_named_skill() -> None:
    spec = ship("Fifth Rate", ["Wily Sea Dogs (Seamanship)"], skills={"Seamanship": 4})
    assert spec.skill("Seamanship") == 5 and spec.skill("Gunnery", 3) == 3
    assert spec.traits == ("Wily Sea Dogs (Seamanship)",)
    assert ship("Fifth Rate", ["Wily Sea Dogs"]).skill_bonus == ("Gunnery", 1)


@pytest.mark.parametrize("name,allowed", [(n, ship_type(n).max_traits) for n in BOOK_ROSTER])
def test_traits_per_rating(name: str, allowed: int) -> None:
    names = list(TRAITS)[: allowed + 1]
    ship(name, names[:allowed])  # the allowance itself is fine
    with pytest.raises(ValueError, match=f"at most {allowed}"):
        ship(name, names)


def test_each_trait_only_once_and_unknown_traits() -> None:
    with pytest.raises(ValueError, match="once"):
        ship("First Rate", ["Heart of Oak", "heart of oak"])
    with pytest.raises(ValueError, match="Weatherly"):
        ship_trait("Lucky Ship")
    assert ship_trait("well drilled topmen").name == "Well-drilled Topmen"


@given(st.sampled_from(list(BOOK_ROSTER)), st.data())
def test_any_legal_fit_adds_exactly_its_traits(name: str, data: st.DataObject) -> None:
    t = ship_type(name)
    chosen = data.draw(st.lists(st.sampled_from(list(TRAITS)), unique=True, max_size=t.max_traits))
    spec = ship(name, chosen)
    extra_boxes = sum(sum(TRAITS[c].boxes.values()) for c in chosen)
    assert sum(map(sum, spec.boxes.values())) == t.total_boxes + 3 * extra_boxes
    assert spec.speed == t.speed + sum(TRAITS[c].speed for c in chosen)
    assert all(n >= 1 for track in spec.boxes.values() for n in track)
    json.dumps(spec.to_dict())


# -- Friends and Foes ----------------------------------------------------------------------

# As printed: hull, guns, crew, rigging (per state), broadside, speed, handling.
BOOK_NAMED = {
    "Intrepid": ("French", "Third Rate", (7, 6, 6, 7), 4, 3, None),
    "Minerve": ("French", "Fifth Rate", (5, 4, 4, 5), 2, 4, 2),
    "San Augustin": ("Spanish", "Third Rate", (7, 7, 6, 7), 4, 3, 0),
    "Peregrina": ("Spanish", "Fifth Rate", (5, 4, 4, 5), 2, 4, 2),
    "President": ("American", "Fifth Rate", (5, 4, 4, 5), 3, 4, 3),
    "The Falcon": ("Barbary", "Barbary Brigantine", (2, 2, 2, 2), 0, 5, 5),
    "The Golden Ibis": ("Barbary", "Barbary Xebec", (2, 2, 3, 2), 1, 4, 4),
}


def test_the_named_ships() -> None:
    assert set(NAMED_SHIPS) == set(BOOK_NAMED)


@pytest.mark.parametrize("name", list(BOOK_NAMED))
def test_named_ship_as_printed_and_as_played(name: str) -> None:
    nation, type_name, boxes, broadside, speed, handling = BOOK_NAMED[name]
    n = named_ship(name.upper())
    assert n.nation == nation and n.type.name == type_name
    assert n.printed["broadside"] == broadside and n.printed["speed"] == speed
    assert n.printed["handling"] == handling
    corrected = {c["cell"] for c in n.corrections}
    for area, count in zip(AREAS, boxes, strict=True):
        if f"boxes.{area}" not in corrected:
            assert n.printed["boxes"][area] == (count,) * 3
            assert n.boxes[area] == (count,) * 3  # type + traits gives the printed block
    assert (n.broadside, n.speed) == (broadside, speed)
    if "handling" not in corrected:
        assert n.handling == handling


def test_named_ship_corrections() -> None:
    assert named_ship("Minerve").printed["boxes"]["guns"] == (4, 4, 5)
    assert named_ship("Minerve").boxes["guns"] == (4, 4, 4)
    assert named_ship("Intrepid").handling == 0
    president = named_ship("President")
    assert president.boxes["crew"] == (5, 5, 5) and president.boxes["rigging"] == (4, 4, 4)
    assert len(president.traits) == 4 > president.type.max_traits  # as the book gives it


def test_named_ship_crews_and_traits() -> None:
    intrepid = ship("intrepid")
    assert intrepid.traits == ("Heart of Oak", "Sturdy Rigging", "Wily Sea Dogs (Gunnery)")
    assert intrepid.skill("Gunnery") == 6  # printed skill already carries the +1
    assert dict(ship("The Falcon").skills) == {
        "Awareness": 4,
        "Command": 3,
        "First Aid": 2,
        "Gunnery": 2,
        "Maritime": 3,
        "Seamanship": 3,
    }
    assert ship("falcon").weather_relief == 1
    assert ship("Golden Ibis").boxes["crew"] == (3, 3, 3)
    assert named_ship("San Augustin").spec.guns == 74


def test_named_ships_take_no_extra_traits_and_bad_names_fail() -> None:
    with pytest.raises(ValueError, match="own traits"):
        ship("Minerve", ["Weatherly"])
    with pytest.raises(ValueError, match="Intrepid"):
        named_ship("Victory")
    with pytest.raises(ValueError, match="First Rate"):
        ship("Santisima Trinidad")


def test_ship_spec_is_plain_json() -> None:
    for name in [*BOOK_ROSTER, *BOOK_NAMED]:
        text = json.dumps(ship(name).to_dict())
        assert json.loads(text)["boxes"]["hull"] == list(ship(name).boxes["hull"])
