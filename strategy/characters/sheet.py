"""The Beat to Quarters character sheet (seed 000, "The Basics" and "Character Creation").

A :class:`Sheet` is immutable; :func:`sheet_from` reads one entered by a GM or a player
(plain JSON, as :meth:`Sheet.to_dict` writes it) and checks it against the book's rules:
names from the tables, Measures from 1, skills above 0, the limits, traits as often as
each may be taken and within the TEN points, reputations within their Measure ("Limits of
Reputations"), and the Social Class's Restriction on Officers. Every refusal names its
field: an unknown name is an :class:`~strategy.errors.UnknownName`, a bad value an
:class:`~strategy.errors.InvalidMove`.

>>> s = sheet_from({"nationality": "English", "religion": "Protestant",
...     "social_class": "Noble", "profession": "Sailor", "position": "Lieutenant",
...     "measures": {"Guts": 2, "Discipline": 3, "Influence": 3, "Charm": 2},
...     "skills": {"Command": 2, "Seamanship": 3}, "wealth": 5, "experiences": 4,
...     "traits": ["Read and Write", "Jack Tar", "Jack Tar"]})
Traceback (most recent call last):
...
strategy.errors.InvalidMove: traits: 'Jack Tar' taken twice (at most once)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from strategy.characters.btq_tables import (
    HEALTH,
    MEASURE_LIMIT,
    MEASURES,
    NATIONALITIES,
    RELIGIONS,
    REPUTATION_LIMITS,
    SKILL_LIMIT,
    TRAIT_POINTS,
    WEALTH_LIMIT,
    choice,
    position,
    profession,
    skill_name,
    social_class,
    trait,
)
from strategy.errors import InvalidMove

__all__ = [
    "KINDS",
    "Reputation",
    "Sheet",
    "check_sheet",
    "sheet_from",
    "split_trait",
    "trait_points",
]

KINDS: tuple[str, ...] = tuple(REPUTATION_LIMITS)
"""The two sorts of Reputation ("Anatomy of a Reputation")."""

_GOVERNS = REPUTATION_LIMITS
_FIELDS = (
    "nationality", "religion", "social_class", "profession", "position", "measures",
    "skills", "traits", "wealth", "reputations", "curios", "experiences", "state",
)  # fmt: skip
_OPTIONAL = {"traits": [], "reputations": [], "curios": [], "state": "Healthy"}
_INDEX = {
    "nationality": {n.lower(): n for n in NATIONALITIES},
    "religion": {n.lower(): n for n in RELIGIONS},
    "state": {n.lower(): n for n in HEALTH},
    "measure": {n.lower(): n for n in MEASURES},
    "kind": {n.lower(): n for n in KINDS},
}


@dataclass(frozen=True)
class Reputation:
    """``Personal: Friend of Captain Turner +2``: kind, descriptor, subject, value."""

    kind: str
    descriptor: str
    subject: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "descriptor": self.descriptor,
            "subject": self.subject,
            "value": self.value,
        }

    def __str__(self) -> str:
        return f"{self.kind}: {self.descriptor} {self.subject} +{self.value}"


@dataclass(frozen=True)
class Sheet:
    """A character's sheet: Personal Station, Measures, Skills (those above 0), Traits (one
    entry each time taken, ``Name (detail)``), Wealth, Reputations, Curios, Experiences
    and the state of his Health ("Damage Areas")."""

    nationality: str
    religion: str
    social_class: str
    profession: str
    position: str
    measures: Mapping[str, int]
    skills: Mapping[str, int]
    traits: tuple[str, ...]
    wealth: int
    reputations: tuple[Reputation, ...]
    curios: tuple[str, ...] = ()
    experiences: int = 0
    state: str = "Healthy"
    _key: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the book's order of the Measures, skills alphabetical: one sheet, one form
        measures = {m: self.measures[m] for m in MEASURES if m in self.measures}
        measures.update({k: v for k, v in self.measures.items() if k not in measures})
        object.__setattr__(self, "measures", MappingProxyType(measures))
        object.__setattr__(self, "skills", MappingProxyType(dict(sorted(self.skills.items()))))
        object.__setattr__(self, "traits", tuple(self.traits))
        object.__setattr__(self, "reputations", tuple(self.reputations))
        object.__setattr__(self, "curios", tuple(self.curios))
        key = (self.to_dict().__repr__(),)
        object.__setattr__(self, "_key", key)

    def __hash__(self) -> int:
        return hash(self._key)

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON values (what :func:`sheet_from` reads)."""
        return {
            "nationality": self.nationality,
            "religion": self.religion,
            "social_class": self.social_class,
            "profession": self.profession,
            "position": self.position,
            "measures": dict(self.measures),
            "skills": dict(self.skills),
            "traits": list(self.traits),
            "wealth": self.wealth,
            "reputations": [r.to_dict() for r in self.reputations],
            "curios": list(self.curios),
            "experiences": self.experiences,
            "state": self.state,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """A sheet from :meth:`to_dict`'s form, checked as :func:`sheet_from` does."""
        return sheet_from(data)


def split_trait(text: str) -> tuple[str, str | None]:
    """``"Second Language (French)"`` -> ``("Second Language", "French")``."""
    m = re.fullmatch(r"\s*(.*?)\s*\(\s*([^()]*?)\s*\)\s*", text)
    return (m.group(1), m.group(2) or None) if m else (text.strip(), None)


def trait_points(traits: Sequence[str], literate: bool) -> int:
    """The points the traits cost; a literate class's Read and Write is free (Step Two)."""
    names = [split_trait(t)[0] for t in traits]
    spent = sum(trait(n).cost for n in names)
    return spent - (1 if literate and "Read and Write" in names else 0)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _check_traits(sheet: Sheet, literate: bool) -> None:
    counts: Counter[str] = Counter()
    for text in sheet.traits:
        name, _ = split_trait(text)
        t = trait(name)
        # a trait taken "as often as the points buy" is one each detail (one a language)
        counts[text if t.max is None else t.name] += 1
        if t.positions is not None and sheet.position not in t.positions:
            raise InvalidMove(f"traits: {t.name!r} is for {', '.join(t.positions)} only")
    for key, n in counts.items():
        most = trait(split_trait(key)[0]).max or 1
        if n > most:
            raise InvalidMove(f"traits: {key!r} taken {_times(n)} (at most {_times(most)})")
    spent = trait_points(sheet.traits, literate)
    if spent > TRAIT_POINTS:
        raise InvalidMove(f"traits: {spent} points spent, the budget is {TRAIT_POINTS}")


def _check_range(what: str, value: int, low: int, high: int) -> None:
    if value < low:
        raise InvalidMove(f"{what}: {value} is below {low}")
    if value > high:
        raise InvalidMove(f"{what}: {value} is above the limit of {high}")


def check_sheet(sheet: Sheet) -> Sheet:
    """``sheet`` if the book allows it, else the one error naming the field."""
    cls = social_class(sheet.social_class)
    pos = position(sheet.position)
    profession(sheet.profession)
    if pos.officer and not cls.officers:
        raise InvalidMove(
            f"social_class: a {cls.name} cannot be a {pos.name} (no Officer or Warrant Officer)"
        )
    if set(sheet.measures) != set(MEASURES):
        raise InvalidMove(f"measures: needs exactly {', '.join(MEASURES)}")
    for m, v in sheet.measures.items():
        _check_range(f"measures.{m}", v, 1, MEASURE_LIMIT)
    for s, v in sheet.skills.items():
        if skill_name(s) != s:
            raise InvalidMove(f"skills: {s!r} is written {skill_name(s)!r}")
        _check_range(f"skills.{s}", v, 1, SKILL_LIMIT)
    _check_traits(sheet, cls.literate)
    _check_range("wealth", sheet.wealth, 0, WEALTH_LIMIT)
    _check_range("experiences", sheet.experiences, 0, 100)
    for i, r in enumerate(sheet.reputations):
        # "Limits of Reputations": Personal within Charm, Institution within Influence
        measure = _GOVERNS[r.kind]
        _check_range(f"reputations[{i}].value", r.value, 1, 99)
        if r.value > sheet.measures[measure]:
            raise InvalidMove(
                f"reputations[{i}].value: {r.kind} +{r.value} is above "
                f"{measure} {sheet.measures[measure]}"
            )
    return sheet


def _need(what: str, value: object, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InvalidMove(f"{what}: {value!r} is not a {names}")
    return value


def _named(index: str, what: str, value: object) -> str:
    return choice(what, MappingProxyType(_INDEX[index]), _need(what, value, str))


def _ints(what: str, value: object, key: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for k, v in _need(what, value, Mapping).items():
        name = key(f"{what}.{k}", k)
        if name in out:
            raise InvalidMove(f"{what}: {name!r} given twice")
        out[name] = _need(f"{what}.{name}", v, int)
    return out


def _reputation(what: str, raw: object) -> Reputation:
    raw = _need(what, raw, Mapping)
    assert isinstance(raw, Mapping)
    extra = set(raw) - {"kind", "descriptor", "subject", "value"}
    if extra or len(raw) != 4:
        raise InvalidMove(f"{what}: needs kind, descriptor, subject, value (got {sorted(raw)})")
    words = [_need(f"{what}.{k}", raw[k], str).strip() for k in ("descriptor", "subject")]
    if not words[1]:
        raise InvalidMove(f"{what}.subject: empty")
    kind = _named("kind", f"{what}.kind", raw["kind"])
    return Reputation(kind, words[0], words[1], _need(f"{what}.value", raw["value"], int))


def _trait_text(what: str, raw: object) -> str:
    name, detail = split_trait(_need(what, raw, str))
    t = trait(name, what)
    if detail is not None and detail.isdigit():
        raise InvalidMove(f"{what}: write {t.name!r} once for each time taken, not {raw!r}")
    return f"{t.name} ({detail})" if detail else t.name


def _strings(what: str, raw: object) -> list[Any]:
    return list(_need(what, raw, (list, tuple)))


def sheet_from(fields: Mapping[str, Any]) -> Sheet:
    """A sheet entered by a GM or a player, checked against the book (see the module)."""
    _need("sheet", fields, Mapping)
    for k in fields:
        if k not in _FIELDS:
            raise InvalidMove(f"unknown field {k!r} (fields: {', '.join(_FIELDS)})")
    for k in _FIELDS:
        if k not in fields and k not in _OPTIONAL:
            raise InvalidMove(f"{k}: missing")
    f = {**_OPTIONAL, **fields}
    traits = _strings("traits", f["traits"])
    reps = _strings("reputations", f["reputations"])
    curios = _strings("curios", f["curios"])
    sheet = Sheet(
        nationality=_named("nationality", "nationality", f["nationality"]),
        religion=_named("religion", "religion", f["religion"]),
        social_class=social_class(_need("social_class", f["social_class"], str)).name,
        profession=profession(_need("profession", f["profession"], str)).name,
        position=position(_need("position", f["position"], str)).name,
        measures=_ints("measures", f["measures"], lambda w, k: _named("measure", w, k)),
        skills=_ints("skills", f["skills"], lambda w, k: skill_name(_need(w, k, str), w)),
        traits=tuple(_trait_text(f"traits[{i}]", t) for i, t in enumerate(traits)),
        wealth=_need("wealth", f["wealth"], int),
        reputations=tuple(_reputation(f"reputations[{i}]", r) for i, r in enumerate(reps)),
        curios=tuple(_need(f"curios[{i}]", c, str) for i, c in enumerate(curios)),
        experiences=_need("experiences", f["experiences"], int),
        state=_named("state", "state", f["state"]),
    )
    return check_sheet(sheet)
