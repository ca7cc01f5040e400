"""Briny En Garde!'s Birth: the record a character is born with, and his Naval Ability.

"BIRTH - Creating Characters" (seed 001): Strength, Constitution and Expertise 2d6+6 each,
then Birth Tables A (Class; a 6 rolled again, another 6 noble), B (Sibling Rank and its
modifiers; a first son rolls again, a 1 an orphan), C (Father's Position: Initial Funds,
Allowance, Inheritance) and D (Father's Title, nobles only), read on the Initial Social
Level table (``strategy/data/birth.json``). "Finally, determine his Naval Ability (NA)":
the book gives no roll, so NA is 2d6-2 kept in 1..10, the rule the fleet's NPCs use
(:func:`naval_ability`). Readings: docs/rules-notes.md, "Birth (Briny)".

>>> from strategy.campaign.dice import ScriptedDice
>>> b = roll_birth(ScriptedDice([3, 4, 5, 5, 6, 1, 4, 1, 2, 4]))
>>> b.social_class, b.sibling, b.orphan, b.father, b.social_level, b.funds, b.allowance
('Commoner', 'First Son', False, 'Tradesman', 4, 165, 22)
>>> b.strength, b.constitution, b.expertise
(13, 16, 13)
>>> birth_from(b.to_dict()) == b
True
>>> naval_ability(1, 2), naval_ability(3, 4), naval_ability(6, 6)
(1, 5, 10)
>>> birth_from({**b.to_dict(), "funds": 150})
Traceback (most recent call last):
...
strategy.errors.InvalidMove: funds: 150 does not follow from the birth (a First Son of a \
Commoner, Tradesman, has 165)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.dice import Dice
from strategy.campaign.fleet import NA_LIMITS, check_na, naval_ability
from strategy.errors import InvalidMove
from strategy.loader import check, load

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_LIMITS",
    "BIRTH_FIELDS",
    "CLASSES",
    "NA_LIMITS",
    "POSITIONS",
    "SIBLINGS",
    "SOCIAL_LEVELS",
    "TITLES",
    "Birth",
    "FatherPosition",
    "birth_from",
    "check_na",
    "father_position",
    "fortune",
    "naval_ability",
    "roll_birth",
    "roll_birth_filling",
    "roll_na",
    "social_level",
]

NOBLEMAN = "Nobleman"
FIRST_SON = "First Son"


@dataclass(frozen=True, slots=True)
class FatherPosition:
    """One row of Birth Table C: the father's position and what his son starts with."""

    social_class: str
    position: str
    funds: int
    allowance: int
    inheritance: int
    #: the Initial Social Level row a son of his reads (None: a nobleman's title decides)
    son_of: str | None


# --- the tables, loaded once -------------------------------------------------------------


def _by_face(rows: Any, key: str, what: str) -> tuple[Any, ...]:
    """A table's rows by die face 1..6 (index 0 is face 1); the ranges cover 1..6 once."""
    faces: list[Any] = []
    for row in rows:
        low, high = row["die"]
        check(low == len(faces) + 1 and low <= high <= 6, f"{what}: die {low}-{high}")
        faces += [row[key]] * (high - low + 1)
    check(len(faces) == 6, f"{what} covers 1..6")
    return tuple(faces)


def _load() -> Mapping[str, Any]:
    raw = load("birth.json")
    check(bool(raw.get("source")), "birth.json has a source")
    attrs = raw["attributes"]
    check(attrs["dice"] == 2 and attrs["add"] == 6, "attributes are 2d6+6")
    levels = {r["son_of"]: r["social_level"] for r in raw["social_level"]}
    cls = raw["class"]
    classes = _by_face(cls["rows"], "class", "Birth Table A")
    noble = cls["noble"]
    sib = raw["sibling"]
    siblings = _by_face(sib["rows"], "sibling", "Birth Table B")
    mods = sib["modifiers"]
    check(sorted(mods) == sorted(set(siblings)), "a modifier for every sibling rank")
    check(sib["rounding"] == "down", "fractions of guineas are dropped")
    orphan = sib["orphan"]
    check(orphan["sibling"] in mods and orphan["funds"] == "inheritance", "the orphan rule")
    all_classes = (*dict.fromkeys(classes), noble["class"])
    check(sorted(raw["father"]) == sorted(all_classes), "Birth Table C has every class")
    father: dict[str, tuple[FatherPosition, ...]] = {}
    for c in all_classes:
        rows = raw["father"][c]
        made = [
            {"die": r["die"], "p": FatherPosition(c, *(r[k] for k in _POSITION_KEYS))} for r in rows
        ]
        father[c] = _by_face(made, "p", f"Birth Table C {c}")
        for p in father[c]:
            check(p.son_of in levels or (c == noble["class"] and p.son_of is None), p.position)
    titles = _by_face(
        [{"die": [r["die"], r["die"]], "t": (r["title"], r["son_of"])} for r in raw["title"]],
        "t",
        "Birth Table D",
    )
    check(all(son_of in levels for _, son_of in titles), "Table D rows read the SL table")
    return MappingProxyType(
        {
            "classes": classes,
            "all_classes": all_classes,
            "noble": MappingProxyType(dict(noble)),
            "siblings": siblings,
            "modifiers": MappingProxyType({k: MappingProxyType(v) for k, v in mods.items()}),
            "orphan": MappingProxyType(dict(orphan)),
            "father": MappingProxyType(father),
            "titles": tuple(t for t, _ in titles),
            "title_levels": MappingProxyType({t: levels[s] for t, s in titles}),
            "levels": MappingProxyType(levels),
            "attributes": tuple(attrs["names"]),
            "add": attrs["add"],
        }
    )


_POSITION_KEYS = ("position", "funds", "allowance", "inheritance", "son_of")
_T = _load()

#: Birth Table A's classes, with the noble birth of a second 6
CLASSES: tuple[str, ...] = _T["all_classes"]
#: Birth Table B's sibling ranks
SIBLINGS: tuple[str, ...] = tuple(dict.fromkeys(_T["siblings"]))
#: Birth Table C's positions per class, in the table's order
POSITIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {c: tuple(dict.fromkeys(p.position for p in rows)) for c, rows in _T["father"].items()}
)
#: Birth Table D's titles
TITLES: tuple[str, ...] = _T["titles"]
#: the Initial Social Level table: "Son of" -> Social Level
SOCIAL_LEVELS: Mapping[str, int] = _T["levels"]
#: Strength, Constitution and Expertise, 2d6+6 each
ATTRIBUTES: tuple[str, ...] = _T["attributes"]
ATTRIBUTE_LIMITS = (2 + _T["add"], 12 + _T["add"])
#: a Birth record's fields, in the record's order
BIRTH_FIELDS = (
    "social_class",
    "sibling",
    "orphan",
    "father",
    "title",
    "social_level",
    "funds",
    "allowance",
    *ATTRIBUTES,
)
_DERIVED = ("social_level", "funds", "allowance")


# --- reading the tables ------------------------------------------------------------------


def father_position(social_class: str, father: str) -> FatherPosition:
    """Birth Table C's row of ``father`` for a son of ``social_class``."""
    _check_class(social_class)
    for p in _T["father"][social_class]:
        if p.position == father:
            return p
    names = ", ".join(POSITIONS[social_class])
    raise InvalidMove(
        f"father: {father!r} is not a {social_class}'s position on Birth Table C ({names})"
    )


def fortune(social_class: str, sibling: str, orphan: bool, father: str) -> tuple[int, int]:
    """Initial Funds and Allowance (guineas) by Table C as Table B modifies them.

    A first son +10%, a bastard -30%, fractions of a guinea dropped; an orphan has the
    Inheritance instead of Initial Funds (as printed, no modifier) and no Allowance.
    """
    row = father_position(social_class, father)
    _check_sibling(sibling, orphan)
    if orphan:
        return row.inheritance, _T["orphan"]["allowance"]
    mod = _T["modifiers"][sibling]
    funds = row.funds * (100 + mod["funds_percent"]) // 100  # floor: "rounding": "down"
    allowance = row.allowance * (100 + mod["allowance_percent"]) // 100
    return funds, allowance


def social_level(
    social_class: str, sibling: str, orphan: bool, father: str, title: str | None
) -> int:
    """The Initial Social Level: the father's row (a nobleman's by his title) plus Table
    B's modifier (first son +1, bastard -1) and a noble orphan's +3."""
    row = father_position(social_class, father)
    _check_sibling(sibling, orphan)
    _check_title(social_class, title)
    if title is not None:
        level = _T["title_levels"][title]
    else:
        assert row.son_of is not None  # only a nobleman's row leaves it to the title
        level = SOCIAL_LEVELS[row.son_of]
    level += _T["modifiers"][sibling]["social_level"]
    if orphan and social_class == NOBLEMAN:
        level += _T["orphan"]["noble_social_level"]
    return int(level)


# --- Naval Ability -----------------------------------------------------------------------


def roll_na(dice: Dice) -> int:
    """A new character's Naval Ability, rolled (2d6-2, at least 1)."""
    return naval_ability(*dice.two_d6())


# --- the record --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Birth:
    """A character's Birth record: class, sibling rank, father (Table C position and his
    Table D title if noble), the Social Level, Funds and Allowance that follow from them,
    and Strength, Constitution, Expertise. Every field is checked on construction."""

    social_class: str
    sibling: str
    orphan: bool
    father: str
    title: str | None
    social_level: int
    funds: int
    allowance: int
    strength: int
    constitution: int
    expertise: int

    def __post_init__(self) -> None:
        values = {name: getattr(self, name) for name in BIRTH_FIELDS}
        for name, value in values.items():
            _check_type(name, value)
        _check_tables(values)
        for name in ATTRIBUTES:
            _check_attribute(name, values[name])
        _check_derived(values)

    @property
    def inherited_title(self) -> str | None:
        """The title he holds himself: a noble orphan receives his father's."""
        return self.title if self.orphan and self.social_class == NOBLEMAN else None

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values, keyed by :data:`BIRTH_FIELDS`."""
        return {name: getattr(self, name) for name in BIRTH_FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Birth:
        """The record of :meth:`to_dict`, validated (:func:`birth_from`)."""
        return birth_from(data)


def birth_from(fields: Mapping[str, Any]) -> Birth:
    """An entered Birth record, validated: every field, each of the right type and on the
    tables, attributes 8..18, Social Level, Funds and Allowance as they follow."""
    _check_names(fields)
    for name in BIRTH_FIELDS:
        if name not in fields:
            raise InvalidMove(f"{name}: missing (a Birth record has {', '.join(BIRTH_FIELDS)})")
    return Birth(**{name: fields[name] for name in BIRTH_FIELDS})


def roll_birth(dice: Dice) -> Birth:
    """A Birth rolled in the book's order: Strength, Constitution, Expertise (2d6 each),
    Class (a 6 again: another 6 noble), Sibling Rank (a first son again: 1 an orphan),
    Father's Position, and a nobleman's Title."""
    return roll_birth_filling({}, dice)


def roll_birth_filling(fields: Mapping[str, Any], dice: Dice) -> Birth:
    """A Birth with the ``fields`` given kept and the rest rolled in the book's order,
    for the birth they name (a given Gentleman rolls a gentleman's father).

    Social Level, Funds and Allowance may be given only when what they follow from is given
    or fixed by what is given (they are checked, never rolled for). A bad field raises
    InvalidMove before any die is rolled.
    """
    _check_names(fields)
    for name, value in fields.items():
        _check_type(name, value)
    allowed = _classes_allowed(fields)
    _check_given(fields, allowed)
    out: dict[str, Any] = {}
    for name in ATTRIBUTES:
        out[name] = fields[name] if name in fields else sum(dice.two_d6()) + _T["add"]
    out["social_class"] = fields.get("social_class") or _roll_class(dice, allowed)
    out["sibling"], out["orphan"] = _sibling_and_orphan(fields, dice)
    out["father"] = fields["father"] if "father" in fields else _roll_father(dice, out)
    if "title" in fields:
        out["title"] = fields["title"]
    else:
        out["title"] = TITLES[dice.d6() - 1] if out["social_class"] == NOBLEMAN else None
    derived = _derive(out)
    for name in _DERIVED:
        out[name] = fields.get(name, derived[name])
    return Birth(**{name: out[name] for name in BIRTH_FIELDS})


# --- rolling -----------------------------------------------------------------------------


def _roll_class(dice: Dice, allowed: tuple[str, ...]) -> str:
    """Birth Table A, rolled again until it gives a class the given fields allow (the
    same odds as the table's for those classes); a single one is taken without a roll."""
    if len(allowed) == 1:
        return allowed[0]
    noble = _T["noble"]
    while True:
        face = dice.d6()
        cls = _T["classes"][face - 1]
        if face == noble["on"] and dice.d6() == noble["again"]:
            cls = noble["class"]
        if cls in allowed:
            return str(cls)


def _sibling_and_orphan(fields: Mapping[str, Any], dice: Dice) -> tuple[str, bool]:
    """Birth Table B and a first son's orphan roll (an orphan is a first son)."""
    if "sibling" in fields:
        sibling = fields["sibling"]
    elif fields.get("orphan") is True:
        sibling = _T["orphan"]["sibling"]
    else:
        sibling = _T["siblings"][dice.d6() - 1]
    if "orphan" in fields:
        return sibling, fields["orphan"]
    if sibling != _T["orphan"]["sibling"]:
        return sibling, False
    return sibling, dice.d6() == _T["orphan"]["on"]


def _roll_father(dice: Dice, out: Mapping[str, Any]) -> str:
    return str(_T["father"][out["social_class"]][dice.d6() - 1].position)


def _derive(values: Mapping[str, Any]) -> dict[str, int]:
    """Social Level, Funds and Allowance as they follow from the birth."""
    cls, sib, orphan, father = (values[k] for k in ("social_class", "sibling", "orphan", "father"))
    funds, allowance = fortune(cls, sib, orphan, father)
    level = social_level(cls, sib, orphan, father, values["title"])
    return {"social_level": level, "funds": funds, "allowance": allowance}


# --- checks ------------------------------------------------------------------------------

_STRINGS = ("social_class", "sibling", "father")
_INTS = ("social_level", "funds", "allowance", *ATTRIBUTES)


def _check_names(fields: Mapping[str, Any]) -> None:
    for name in fields:
        if name not in BIRTH_FIELDS:
            raise InvalidMove(f"{name}: not a field of a Birth record ({', '.join(BIRTH_FIELDS)})")


def _check_type(name: str, value: object) -> None:
    if name in _STRINGS and type(value) is not str:
        raise InvalidMove(f"{name}: must be a string, not {value!r}")
    if name == "title" and value is not None and type(value) is not str:
        raise InvalidMove(f"title: must be a string or null, not {value!r}")
    if name == "orphan" and type(value) is not bool:
        raise InvalidMove(f"orphan: must be true or false, not {value!r}")
    if name in _INTS and type(value) is not int:
        raise InvalidMove(f"{name}: must be a whole number, not {value!r}")


def _check_class(social_class: str) -> None:
    if social_class not in CLASSES:
        raise InvalidMove(
            f"social_class: {social_class!r} is not on Birth Table A ({', '.join(CLASSES)})"
        )


def _check_sibling(sibling: str, orphan: bool) -> None:
    if sibling not in SIBLINGS:
        raise InvalidMove(f"sibling: {sibling!r} is not on Birth Table B ({', '.join(SIBLINGS)})")
    if orphan and sibling != _T["orphan"]["sibling"]:
        raise InvalidMove(f"orphan: only a first son rolls to be an orphan, not a {sibling}")


def _check_title(social_class: str, title: str | None) -> None:
    if social_class == NOBLEMAN:
        if title not in TITLES:
            raise InvalidMove(
                f"title: a Nobleman's father has a title on Birth Table D "
                f"({', '.join(TITLES)}), not {title!r}"
            )
    elif title is not None:
        raise InvalidMove(
            f"title: a {social_class}'s father has no title (Birth Table D is for noblemen)"
        )


def _check_tables(values: Mapping[str, Any]) -> None:
    _check_class(values["social_class"])
    _check_sibling(values["sibling"], values["orphan"])
    father_position(values["social_class"], values["father"])
    _check_title(values["social_class"], values["title"])


def _check_attribute(name: str, value: int) -> None:
    low, high = ATTRIBUTE_LIMITS
    if value < low:
        raise InvalidMove(f"{name}: {value} is below the limit of {low} (2d6+6)")
    if value > high:
        raise InvalidMove(f"{name}: {value} is above the limit of {high} (2d6+6)")


def _describe(values: Mapping[str, Any]) -> str:
    """'a First Son of a Gentleman, Well-to-do' (orphaned, titled) for a message."""
    father = values["father"] + (f", {values['title']}" if values["title"] else "")
    orphan = "an orphaned " if values["orphan"] else "a "
    return f"{orphan}{values['sibling']} of a {values['social_class']}, {father},"


def _check_derived(values: Mapping[str, Any]) -> None:
    derived = _derive(values)
    for name in _DERIVED:
        if values[name] != derived[name]:
            raise InvalidMove(
                f"{name}: {values[name]} does not follow from the birth "
                f"({_describe(values)} has {derived[name]})"
            )


def _classes_allowed(fields: Mapping[str, Any]) -> tuple[str, ...]:
    """The classes the given class, father and title leave; none: InvalidMove on the field
    that breaks them."""
    if "social_class" in fields:
        _check_class(fields["social_class"])
    if "sibling" in fields or "orphan" in fields:
        _check_sibling(fields.get("sibling", FIRST_SON), fields.get("orphan", False))
    allowed = tuple(c for c in CLASSES if fields.get("social_class", c) == c)
    if "father" in fields:
        father = fields["father"]
        with_father = tuple(c for c in allowed if father in POSITIONS[c])
        if not with_father:
            if len(allowed) == 1:
                father_position(allowed[0], father)
            names = ", ".join(dict.fromkeys(p for c in CLASSES for p in POSITIONS[c]))
            raise InvalidMove(f"father: {father!r} is not a position on Birth Table C ({names})")
        allowed = with_father
    if "title" in fields:
        title = fields["title"]
        if title is not None and title not in TITLES:
            _check_title(NOBLEMAN, title)
        titled = tuple(c for c in allowed if (c == NOBLEMAN) == (title is not None))
        if not titled:
            _check_title(allowed[0], title)
        allowed = titled
    return allowed


def _check_given(fields: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    """Given attributes within 8..18; given derived fields only with what they follow
    from fixed (a given Social Level is checked against the birth, never rolled for)."""
    for name in ATTRIBUTES:
        if name in fields:
            _check_attribute(name, fields[name])
    fixed = {
        "social_class": len(allowed) == 1,
        "sibling": "sibling" in fields or fields.get("orphan") is True,
        "orphan": "orphan" in fields or fields.get("sibling", FIRST_SON) != FIRST_SON,
        "father": "father" in fields,
        "title": "title" in fields or NOBLEMAN not in allowed,
    }
    for name in _DERIVED:
        if name not in fields:
            continue
        needs = [
            k for k, ok in fixed.items() if not ok and (k != "title" or name == "social_level")
        ]
        if needs:
            raise InvalidMove(
                f"{name}: follows from the birth, and {needs[0]} is to be rolled: "
                f"give {', '.join(needs)} too, or leave {name} out"
            )
