"""Beat to Quarters' character tables (seed 000, "Character Creation"), read once.

``strategy/data/btq_characters.json`` holds Measures, Skills, Nationalities, Religions,
Social Classes, Professions, Positions, the experience card table, both Booty tables,
the Traits and the Wealth levels; it is checked here and frozen. Lookups are
case-insensitive and name the valid choices when they fail.

>>> social_class("fisherman").skill_list[:3]
('Awareness', 'First Aid', 'Intimidate')
>>> position("Ward Room and Standing Officers").skills[-1], position("Captain").bundle
('Profession', 'Lieutenant')
>>> skill_name("skulduggery"), skill_name("profession (mapmaker)")
('Skullduggery', 'Profession (Mapmaker)')
>>> card_kind(card("KD")), booty("naval", card("2D")).wealth_or_skill
('face', 1)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from strategy.cards.core import JOKER, rank, suit
from strategy.cards.core import card as card
from strategy.combat.combatant import MEASURES as _MEASURES
from strategy.combat.combatant import REPUTATION_KINDS as _REPUTATION_KINDS
from strategy.combat.combatant import ROLES as _ROLES
from strategy.combat.combatant import SKILLS as _BATTLE_SKILLS
from strategy.combat.data import COMBAT as _COMBAT
from strategy.combat.data import DAMAGE_LEVELS as _DAMAGE_LEVELS
from strategy.errors import UnknownName
from strategy.loader import check, load
from strategy.names import name_key

__all__ = [
    "BOOTY",
    "ENGLISH_SPEAKING",
    "EXPERIENCE",
    "EXPERIENCE_CHARTS",
    "MEASURES",
    "MEASURE_LIMIT",
    "NATIONALITIES",
    "OF_LIFE",
    "POSITIONS",
    "PROFESSIONS",
    "PROFESSION_EXAMPLES",
    "RANKS",
    "RELIGIONS",
    "SKILLS",
    "SKILL_LIMIT",
    "SOCIAL_CLASSES",
    "HEALTH",
    "TRAITS",
    "TRAIT_POINTS",
    "WEALTH_LEVELS",
    "REPUTATION_LIMITS",
    "REPUTATIONS_APPLIED",
    "PRIZE_SIZES",
    "PRIZE_MONEY",
    "PRIZE_COMMANDER",
    "PRIZE_RANKS",
    "PRIZE_GUINEAS_PER_LEVEL",
    "WEALTH_LIMIT",
    "BootyCell",
    "ChartRow",
    "Grant",
    "Position",
    "Profession",
    "SocialClass",
    "Trait",
    "booty",
    "card",
    "card_kind",
    "chart_row",
    "choice",
    "nationality",
    "position",
    "profession",
    "religion",
    "skill_name",
    "social_class",
    "trait",
]


@dataclass(frozen=True)
class SocialClass:
    """Step Two, Three: one Social Class."""

    name: str
    wealth: int
    measures: int
    skills: int
    skill_list: tuple[str, ...]
    literate: bool
    officers: bool  # False: "You cannot choose this social class if you are an Officer..."


@dataclass(frozen=True)
class Profession:
    """Step Five, One: a profession and its three +1 skills."""

    name: str
    skills: tuple[str, ...]


@dataclass(frozen=True)
class Position:
    """Step Five, Two: a position and its bundle of measures, skills and reputations."""

    name: str
    rank: str
    measures: tuple[str, ...]
    choose_measures: int
    skills: tuple[str, ...]
    other_skills: int
    exclude: tuple[str, ...]
    reputations: tuple[str, ...]  # the Institutions named: "Ward Room", "Gun Deck", "ship"
    bundle: str  # the position whose bundle it takes (itself, but Captain and Admiral)
    extra_experiences: int

    @property
    def officer(self) -> bool:
        """A Commissioned or Warrant Officer (the Social Classes' Restriction)."""
        return bool(RANKS[self.rank]["officer"])

    @property
    def wealth(self) -> int:
        """Step Eight, Step Four: +2 an Officer, +1 a Warrant Officer."""
        return int(RANKS[self.rank]["wealth"])


@dataclass(frozen=True)
class Grant:
    """A reputation a trait writes on the sheet; ``subjects``: what it must name (any)."""

    kind: str
    value: int
    subjects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Trait:
    """Step Seven: one trait; ``max`` None = as often as the points buy (one a detail)."""

    name: str
    group: str
    cost: int
    max: int | None
    positions: tuple[str, ...] | None
    reputations: tuple[Grant, ...]
    wealth: int
    detail: str | None
    effect: str
    #: what a take of it gives in a sea fight (traits.json's ``battle``, our reading of its
    #: effect: docs/rules-notes.md, "Traits in a sea fight"): ``skills`` (cards added to
    #: a battle skill he has), ``as`` (the same, by his role aboard), ``weapons`` (cards
    #: with a boarding weapon), ``discipline`` (for taking his commander's Discipline
    #: cards), ``maimed_guts`` (his Guts test to act when Maimed), ``scratch`` (his
    #: first wound of a fight one level less), ``outgunned_command`` (his Command tests
    #: under fire from a ship with more guns), ``cheat_death`` (a wound that would kill
    #: him ignored, once a fight a take), ``jack_tar`` (his first failed test repeated,
    #: once a Naval Mission), ``jonah`` (a wound that would Maim or kill him ignored,
    #: once a fight), ``naysayer`` (an enemy officer's test cursed by 2 cards, once a
    #: fight, 2 cards his if it fails), ``accurate_gunner`` (one ordinary hit of each
    #: Broadside! he fires moved to another area)
    battle: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class BootyCell:
    """One cell of a Booty table; exactly one of its effects is set (or ``choose``)."""

    suit: str
    kind: str
    text: str
    wealth_or_skill: int = 0
    reputation_kind: str | None = None
    reputations: int = 0
    curio: str | None = None
    choose: bool = False


@dataclass(frozen=True)
class ChartRow:
    """One row of an experience chart (Appendix I "Life before Recruitment", Appendix II
    "Years of Service"): its card, the story and gain as printed, the Measures a face or
    ace gives a point in (all four where the chart says "a measure"; none for a number
    card), whether it gives a point in any skill (number and ace), or ``choose`` (the
    joker: "Choose any card from the above")."""

    suit: str
    kind: str
    text: str
    measures: tuple[str, ...] = ()
    skill: bool = False
    choose: bool = False


_norm = name_key  # (the one reading of a name: strategy.names)


def _index(names: Any, aliases: Mapping[str, str] | None = None) -> Mapping[str, str]:
    out = {_norm(n): n for n in names}
    out.update({_norm(a): n for a, n in (aliases or {}).items()})
    return MappingProxyType(out)


def choice(kind: str, index: Mapping[str, str], text: object) -> str:
    """The canonical name of ``text`` among ``index`` or :class:`UnknownName` naming them."""
    found = index.get(_norm(text)) if isinstance(text, str) else None
    if found is None:
        valid = ", ".join(sorted(set(index.values())))
        raise UnknownName(f"{kind}: unknown {text!r} (one of {valid})")
    return found


_RAW = load("btq_characters.json")
check(bool(_RAW.get("source")), "btq_characters.json: a source")

MEASURES = _MEASURES  # the book's four, read once (strategy.combat.combatant)
_SKILL_BASE: tuple[str, ...] = tuple(_RAW["skills"]["names"])
SKILLS = _SKILL_BASE
_SKILLS = _index(_SKILL_BASE, _RAW["skills"]["aliases"])
PROFESSION_EXAMPLES: tuple[str, ...] = tuple(_RAW["skills"]["profession_examples"])
SKILL_LIMIT: int = _RAW["limits"]["skill"]
MEASURE_LIMIT: int = _RAW["limits"]["measure"]
WEALTH_LIMIT: int = _RAW["limits"]["wealth"]
NATIONALITIES: tuple[str, ...] = tuple(_RAW["nationalities"]["names"])
ENGLISH_SPEAKING: frozenset[str] = frozenset(_RAW["nationalities"]["english_speaking"])
RELIGIONS: tuple[str, ...] = tuple(_RAW["religions"]["names"])
RANKS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {k: MappingProxyType(v) for k, v in _RAW["ranks"].items() if k != "source"}
)
#: a character's Health ("Damage Areas", Health: Healthy, INJURED, MAIMED, DEAD): the
#: damage levels of a ship's area (strategy.combat), in the sheet's words
HEALTH: tuple[str, ...] = tuple(level.title() for level in _DAMAGE_LEVELS)
WEALTH_LEVELS: tuple[str, ...] = tuple(_RAW["wealth_levels"]["levels"])
TRAIT_POINTS: int = _RAW["trait_points"]["points"]
EXPERIENCE: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {k: tuple(v) for k, v in _RAW["experience"]["cards"].items()}
)
OF_LIFE: tuple[str, ...] = tuple(_RAW["experience"]["of_life"])
check(len(WEALTH_LEVELS) == WEALTH_LIMIT + 1, "a Wealth level for each of 0..10")
#: "Anatomy of a Reputation" and "Limits of Reputations": each kind of Reputation, in the
#: book's order, and the Measure its value may not exceed ("temporarily reduced to that
#: level" when the Measure is lower); its value is the cards it adds to a test involving
#: it, one Reputation applied a test ("If you wish to apply a Reputation")
REPUTATION_LIMITS: Mapping[str, str] = MappingProxyType(
    {k["kind"]: k["limit"] for k in _RAW["reputations"]["kinds"]}
)
REPUTATIONS_APPLIED: int = _RAW["reputations"]["applied"]
check(tuple(REPUTATION_LIMITS) == _REPUTATION_KINDS, "the two kinds of Reputation")
check(set(REPUTATION_LIMITS.values()) <= set(MEASURES), "a Reputation's limit is a Measure")
check(_RAW["reputations"]["cards"] == "value" and REPUTATIONS_APPLIED == 1, "reputations")


def _shares(cell: str, where: str) -> tuple[tuple[int, int], ...]:
    """A Prize Money cell as printed, ``"5(1), 4(2), 2 (5)"``: its ``(level, successes)``."""
    parts = [p.strip() for p in cell.split(",")]
    found = [re.fullmatch(r"(\d+)\s*\((\d+)\)", p) for p in parts]
    check(all(found), f"prize_money {where}: {cell!r}")
    return tuple((int(m.group(1)), int(m.group(2))) for m in found if m)


_PRIZE = _RAW["prize_money"]
#: the sizes of ship captured, the table's columns ("Un-rated Vessel", "Rated 4-6",
#: "Rated 1-3")
PRIZE_SIZES: tuple[str, ...] = tuple(_PRIZE["columns"])
#: "Prize Money" (000:1247-1299): each rank's share by the size of the ship captured, as
#: ``(Wealth opposition, automatic successes)`` choices, in the book's order
PRIZE_MONEY: Mapping[str, Mapping[str, tuple[tuple[int, int], ...]]] = MappingProxyType(
    {
        rank: MappingProxyType(
            {size: _shares(c, f"{rank}/{size}") for size, c in zip(PRIZE_SIZES, cells, strict=True)}
        )
        for rank, cells in _PRIZE["rows"].items()
    }
)
#: the row her captain takes, and each campaign rank's row aboard (our reading)
PRIZE_COMMANDER: str = _PRIZE["commander"]
PRIZE_RANKS: Mapping[str, str] = MappingProxyType(dict(_PRIZE["ranks"]))
#: the guineas an automatic success against a Wealth opposition of 1 is worth: a month's
#: support at Social Level 1 (Briny 001:144, "2x his SL each month"; our reading, the
#: data file's ``guineas``)
PRIZE_GUINEAS_PER_LEVEL: int = _PRIZE["guineas"]["per_level"]
check(len(PRIZE_SIZES) == 3 and len(PRIZE_MONEY) == 6, "prize_money: three sizes, six ranks")
check(PRIZE_GUINEAS_PER_LEVEL > 0, "prize_money: guineas per level")
check(
    PRIZE_COMMANDER in PRIZE_MONEY and set(PRIZE_RANKS.values()) <= set(PRIZE_MONEY),
    "prize_money: a row for each",
)
check(set(MEASURES) == {"Guts", "Discipline", "Influence", "Charm"}, "the four Measures")


def skill_name(text: object, field: str = "skill") -> str:
    """The canonical skill for ``text``; ``Profession (X)`` keeps its trade, capitalised."""
    if isinstance(text, str):
        m = re.fullmatch(r"\s*profession\s*\(\s*(.*?)\s*\)\s*", text, re.IGNORECASE)
        if m and m.group(1):
            trade = m.group(1)
            return f"Profession ({trade[0].upper()}{trade[1:]})"
    name = choice(field, _SKILLS, text)
    if name == "Profession":
        raise UnknownName(f"{field}: {text!r} names no trade (write e.g. 'Profession (Cook)')")
    return name


def _skill_ok(name: str) -> bool:
    return name in _SKILL_BASE or name.startswith("Profession (")


def _social_class(raw: Mapping[str, Any]) -> SocialClass:
    c = SocialClass(
        raw["name"], raw["wealth"], raw["measures"], raw["skills"],
        tuple(raw["skill_list"]), raw["literate"], raw["officers"],
    )  # fmt: skip
    check(all(s in _SKILL_BASE for s in c.skill_list), f"{c.name}: skill list")
    return c


def _position(raw: Mapping[str, Any], done: Mapping[str, Position]) -> Position:
    base = done.get(raw.get("bundle", "")) if "bundle" in raw else None
    if "bundle" in raw:
        check(base is not None, f"{raw['name']}: bundle {raw['bundle']!r} printed before it")
        assert base is not None
        return Position(
            raw["name"], raw["rank"], base.measures, base.choose_measures, base.skills,
            base.other_skills, base.exclude, base.reputations, base.name,
            raw["extra_experiences"],
        )  # fmt: skip
    p = Position(
        raw["name"], raw["rank"], tuple(raw["measures"]), raw["choose_measures"],
        tuple(raw["skills"]), raw["other_skills"], tuple(raw["exclude"]),
        tuple(raw["reputations"]), raw["name"], 0,
    )  # fmt: skip
    check(p.rank in RANKS and all(m in MEASURES for m in p.measures), f"{p.name}: bundle")
    check(all(s in _SKILL_BASE for s in p.skills + p.exclude), f"{p.name}: skills")
    return p


def _trait(raw: Mapping[str, Any]) -> Trait:
    grants = tuple(
        Grant(g["kind"], g["value"], tuple(g.get("subject", ())))
        for g in raw.get("reputations", ())
    )
    positions = tuple(raw["positions"]) if "positions" in raw else None
    battle = raw.get("battle", {})
    t = Trait(
        raw["name"], raw["group"], raw["cost"], raw.get("max", 1), positions, grants,
        raw.get("wealth", 0), raw.get("detail"), raw["effect"], _frozen(battle),
    )  # fmt: skip
    known = {
        *("skills", "as", "weapons", "discipline", "maimed_guts", "scratch"),
        *("outgunned_command", "cheat_death", "jack_tar", "jonah", "naysayer"),
        "accurate_gunner",
    }
    check(set(battle) <= known, t.name)
    check(set(battle.get("skills", {})) <= set(_BATTLE_SKILLS), t.name)
    check(
        all(r in _ROLES and set(s) <= set(_BATTLE_SKILLS) for r, s in battle.get("as", {}).items()),
        t.name,
    )
    check(set(battle.get("weapons", {})) <= set(_COMBAT["weapons"]), t.name)
    check(t.group in ("PERSONAL", "NAVAL", "SOCIAL", "COMBAT", "PROFESSIONAL"), t.name)
    check(t.cost > 0 and all(g.kind in ("Personal", "Institution") for g in grants), t.name)
    return t


def _frozen(value: Any) -> Any:
    """``value`` with every mapping in it read-only."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    return value


def _booty(rows: list[Mapping[str, Any]], where: str) -> Mapping[tuple[str, str], BootyCell]:
    out = {}
    for r in rows:
        reps = r.get("reputations") or {}
        cell = BootyCell(
            r["suit"], r["kind"], r["text"], r.get("wealth_or_skill", 0), reps.get("kind"),
            reps.get("count", 0), r.get("curio"), r.get("choose", False),
        )  # fmt: skip
        out[(cell.suit, cell.kind)] = cell
    keys = {(s, k) for s in "DHSC" for k in ("number", "face", "ace")} | {("JK", "joker")}
    check(set(out) == keys, f"booty {where}: every suit and kind once")
    return MappingProxyType(out)


def _chart(rows: list[Mapping[str, Any]], where: str) -> Mapping[tuple[str, str], ChartRow]:
    out = {}
    for r in rows:
        named = r.get("measures", ())
        measures = MEASURES if named == "any" else tuple(named)
        cell = ChartRow(r["suit"], r["kind"], r["text"], measures, r.get("skill", False),
                        r.get("choose", False))  # fmt: skip
        check(set(measures) <= set(MEASURES), f"experience chart {where}: a Measure")
        # Step Three and Step Six, One: a number card a skill, a face a Measure, an ace both
        want = (cell.kind in ("face", "ace"), cell.kind in ("number", "ace"))
        check(cell.choose or (bool(measures), cell.skill) == want, f"experience chart {where}")
        out[(cell.suit, cell.kind)] = cell
    keys = {(s, k) for s in "DHSC" for k in ("number", "face", "ace")} | {("JK", "joker")}
    check(set(out) == keys, f"experience chart {where}: every suit and kind once")
    return MappingProxyType(out)


SOCIAL_CLASSES: Mapping[str, SocialClass] = MappingProxyType(
    {c["name"]: _social_class(c) for c in _RAW["social_classes"]["classes"]}
)
PROFESSIONS: Mapping[str, Profession] = MappingProxyType(
    {
        p["name"]: Profession(p["name"], tuple(p["skills"]))
        for p in _RAW["professions"]["professions"]
    }
)
check(all(_skill_ok(s) for p in PROFESSIONS.values() for s in p.skills), "profession skills")
_positions: dict[str, Position] = {}
for _raw in _RAW["positions"]["positions"]:
    _positions[_raw["name"]] = _position(_raw, _positions)
POSITIONS: Mapping[str, Position] = MappingProxyType(_positions)
TRAITS: Mapping[str, Trait] = MappingProxyType(
    {t["name"]: _trait(t) for t in _RAW["traits"]["traits"]}
)
check(all(p in POSITIONS for t in TRAITS.values() for p in t.positions or ()), "trait positions")
BOOTY: Mapping[str, Mapping[tuple[str, str], BootyCell]] = MappingProxyType(
    {k: _booty(_RAW["booty"][k], k) for k in ("life", "naval")}
)
#: Appendix I and II's experience charts, "life" and "naval", by ``(suit, kind)``
EXPERIENCE_CHARTS: Mapping[str, Mapping[tuple[str, str], ChartRow]] = MappingProxyType(
    {k: _chart(_RAW["experience_charts"][k], k) for k in ("life", "naval")}
)

_NATIONALITIES = _index(NATIONALITIES)
_RELIGIONS = _index(RELIGIONS)
_CLASSES = _index(SOCIAL_CLASSES)
_PROFESSIONS = _index(PROFESSIONS)
_POSITIONS = _index(POSITIONS)
_TRAITS = _index(
    TRAITS, {a: t["name"] for t in _RAW["traits"]["traits"] for a in t.get("aliases", ())}
)


def social_class(name: object, field: str = "social_class") -> SocialClass:
    """The Social Class called ``name``."""
    return SOCIAL_CLASSES[choice(field, _CLASSES, name)]


def profession(name: object, field: str = "profession") -> Profession:
    """The Profession called ``name``."""
    return PROFESSIONS[choice(field, _PROFESSIONS, name)]


def position(name: object, field: str = "position") -> Position:
    """The Position called ``name``."""
    return POSITIONS[choice(field, _POSITIONS, name)]


def trait(name: object, field: str = "traits") -> Trait:
    """The Trait called ``name`` (without its detail)."""
    return TRAITS[choice(field, _TRAITS, name)]


def nationality(name: object, field: str = "nationality") -> str:
    """The Nationality called ``name`` (Step Two, One)."""
    return choice(field, _NATIONALITIES, name)


def religion(name: object, field: str = "religion") -> str:
    """The Religion called ``name`` (Step Two, Two)."""
    return choice(field, _RELIGIONS, name)


def card_kind(c: int) -> str:
    """``number`` (2-10), ``face`` (J, Q, K), ``ace`` or ``joker``: the experience table's
    columns and the Booty tables' rows."""
    if c == JOKER:
        return "joker"
    r = rank(c)
    return "number" if r <= 10 else "ace" if r == 14 else "face"


def booty(table: str, c: int) -> BootyCell:
    """The cell of Booty table ``table`` ("life" or "naval") for card ``c``."""
    kind = card_kind(c)
    return BOOTY[table][("JK", "joker") if kind == "joker" else (suit(c), kind)]


def chart_row(table: str, c: int) -> ChartRow:
    """The row of experience chart ``table`` ("life": Appendix I, "naval": Appendix II,
    Years of Service) for card ``c``."""
    kind = card_kind(c)
    return EXPERIENCE_CHARTS[table][("JK", "joker") if kind == "joker" else (suit(c), kind)]
