"""Ships of Beat to Quarters: the roster by rate, the ship traits and the named foreign ships.

The data live in ``strategy/data/roster.json``, ``traits.json`` and ``named_ships.json``;
they are read through :func:`strategy.loader.load` once, checked, and frozen. Lookups by
name are case-insensitive and forgive hyphens ("brig-sloop"); a bad name raises
:class:`~strategy.errors.InvalidMove` (a ValueError) naming the valid ones.

>>> t = ship_type("fifth rate")
>>> t.boxes["hull"], t.broadside, t.speed, t.handling, t.max_traits
((4, 4, 4), 2, 4, 2, 2)
>>> s = ship("Fifth Rate", traits=["Heart of Oak", "Weight of Lead"])
>>> s.boxes["hull"], s.broadside
((5, 5, 5), 3)
>>> named_ship("intrepid").boxes["rigging"]
(7, 7, 7)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from strategy.errors import InvalidMove
from strategy.loader import check, load
from strategy.names import name_key

__all__ = [
    "AREAS",
    "DEFAULT_WILY_SKILL",
    "NAMED_SHIPS",
    "ROSTER",
    "STATES",
    "TRAITS",
    "Boxes",
    "NamedShip",
    "ShipSpec",
    "ShipType",
    "Trait",
    "named_ship",
    "ship",
    "ship_trait",
    "ship_type",
]

_HEAD = load("roster.json")
AREAS: tuple[str, ...] = tuple(_HEAD["areas"])
"""The four areas of a ship that take damage, in the book's order (roster.json)."""

STATES: tuple[str, ...] = tuple(_HEAD["states"])
"""Damage states, least to worst; a box track is (injured, maimed, dead) box counts."""
check(len(AREAS) == 4 and len(STATES) == 3, "roster.json: four areas, three damage states")

Boxes = Mapping[str, tuple[int, int, int]]
"""Area -> (Injured, Maimed, Dead) box counts."""


_norm = name_key  # lookup key: lower case, hyphens and runs of spaces as one space


def _freeze_boxes(raw: Mapping[str, Any], where: str) -> Boxes:
    check(set(raw) == set(AREAS), f"{where}: boxes must have exactly {AREAS}, got {sorted(raw)}")
    out = {}
    for area in AREAS:
        track = tuple(raw[area])
        ok = len(track) == 3 and all(isinstance(n, int) and n >= 1 for n in track)
        check(ok, f"{where}: {area} needs 3 positive box counts, got {raw[area]}")
        out[area] = track
    return MappingProxyType(out)


@dataclass(frozen=True)
class ShipType:
    """One line of the roster: a type of ship before any trait.

    ``rate`` is 1..6 for rated ships, None for unrated ones (cutters, sloops, Barbary
    craft). ``guns_min``/``guns_max`` bound the guns carried (None: no bound printed).
    """

    name: str
    ship_class: str
    rate: int | None
    command: str
    guns: str | None
    guns_min: int | None
    guns_max: int | None
    boxes: Boxes
    broadside: int
    speed: int
    handling: int
    max_traits: int
    aliases: tuple[str, ...] = ()
    foreign: bool = False

    @property
    def rated(self) -> bool:
        return self.rate is not None

    @property
    def total_boxes(self) -> int:
        return sum(sum(track) for track in self.boxes.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "class": self.ship_class,
            "rate": self.rate,
            "rated": self.rated,
            "command": self.command,
            "guns": self.guns,
            "boxes": {a: list(t) for a, t in self.boxes.items()},
            "broadside": self.broadside,
            "speed": self.speed,
            "handling": self.handling,
            "max_traits": self.max_traits,
        }


@dataclass(frozen=True)
class Trait:
    """A ship trait (BtQ, "Customising Ships") with its machine-usable effect.

    ``speed``/``handling``/``broadside`` are added to the ship; ``boxes`` adds that
    many boxes to every state of an area; ``reputation`` is a ship Reputation bonus;
    ``skill_bonus`` goes to one chosen crew skill (Wily Sea Dogs); ``weather_relief``
    is how much of a negative weather modifier to Speed or Handling is ignored
    (Weatherly: 1, on one of the two).
    """

    name: str
    effect: str
    speed: int = 0
    handling: int = 0
    broadside: int = 0
    boxes: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    reputation: int = 0
    skill_bonus: int = 0
    choose_skill: bool = False
    weather_relief: int = 0
    aliases: tuple[str, ...] = ()


def _max_traits(rate: int | None, table: Mapping[str, int]) -> int:
    if rate is None:
        return table["unrated"]
    return table["rated 1-3"] if rate <= 3 else table["rated 4-6"]


def _load_types() -> tuple[Mapping[str, ShipType], Mapping[str, ShipType]]:
    raw = _HEAD
    roster: dict[str, ShipType] = {}
    index: dict[str, ShipType] = {}
    for group, foreign in (("types", False), ("foreign_types", True)):
        for entry in raw[group]:
            rate = entry["rate"]
            ok = rate is None or rate in range(1, 7)
            check(ok, f"roster.json: {entry['name']}: rate {rate} not 1..6")
            stype = ShipType(
                name=entry["name"],
                ship_class=entry["class"],
                rate=rate,
                command=entry["command"],
                guns=entry["guns"],
                guns_min=entry["guns_min"],
                guns_max=entry["guns_max"],
                boxes=_freeze_boxes(entry["boxes"], entry["name"]),
                broadside=int(entry["broadside"]),
                speed=int(entry["speed"]),
                handling=int(entry["handling"]),
                max_traits=_max_traits(rate, raw["max_traits"]),
                aliases=tuple(entry["aliases"]),
                foreign=foreign,
            )
            if not foreign:
                roster[stype.name] = stype
            for key in (stype.name, *stype.aliases):
                unique = index.get(_norm(key), stype) is stype
                check(unique, f"roster.json: duplicate name {key!r}")
                index[_norm(key)] = stype
    return MappingProxyType(roster), MappingProxyType(index)


def _load_traits() -> tuple[Mapping[str, Trait], Mapping[str, Trait]]:
    raw = load("traits.json")
    traits: dict[str, Trait] = {}
    index: dict[str, Trait] = {}
    known = {
        "name",
        "effect",
        "speed",
        "handling",
        "broadside",
        "boxes",
        "reputation",
        "skill_bonus",
        "choose_skill",
        "weather_relief",
        "aliases",
    }
    for entry in raw["traits"]:
        extra = set(entry) - known
        check(not extra, f"traits.json: {entry['name']}: unknown keys {sorted(extra)}")
        boxes = entry.get("boxes", {})
        check(set(boxes) <= set(AREAS), f"traits.json: {entry['name']}: bad areas {sorted(boxes)}")
        trait = Trait(
            **{
                **entry,
                "boxes": MappingProxyType(dict(boxes)),
                "aliases": tuple(entry.get("aliases", ())),
            }
        )
        traits[trait.name] = trait
        for key in (trait.name, *trait.aliases):
            index[_norm(key)] = trait
    return MappingProxyType(traits), MappingProxyType(index)


ROSTER, _TYPE_INDEX = _load_types()
"""The nine BtQ types, Cutter to First Rate, by name (the Barbary types are looked up
by :func:`ship_type` too but are not in ROSTER)."""

TRAITS, _TRAIT_INDEX = _load_traits()
"""The ten ship traits by name."""


def _unknown(kind: str, name: str, valid: Iterable[str]) -> InvalidMove:
    # an InvalidMove (a ValueError), as callers have always caught a bad ship name
    return InvalidMove(f"unknown {kind} {name!r}; valid: {', '.join(valid)}")


def ship_type(name: str) -> ShipType:
    """The roster type called ``name`` (case-insensitive; "Brig-Sloop", "Frigate" = Fifth
    Rate, "74" style aliases; also "Barbary Brigantine" and "Barbary Xebec")."""
    found = _TYPE_INDEX.get(_norm(name))
    if found is None:
        valid = [*ROSTER, *(t.name for t in _TYPE_INDEX.values() if t.foreign)]
        raise _unknown("ship type", name, dict.fromkeys(valid))
    return found


def ship_trait(name: str) -> Trait:
    """The trait called ``name`` (case-insensitive); a ``"(Skill)"`` suffix is ignored."""
    base = name.split("(", 1)[0]
    found = _TRAIT_INDEX.get(_norm(base))
    if found is None:
        raise _unknown("ship trait", name, TRAITS)
    return found


@dataclass(frozen=True)
class ShipSpec:
    """A fighting ship: a type with its traits applied (and a crew, for named ships).

    ``boxes``, ``broadside``, ``speed`` and ``handling`` already include the traits.
    ``skills`` are the crew's skills where the book gives them (named ships), else
    empty: the combat engine chooses its own default crew. ``skill_bonus`` is Wily Sea
    Dogs' +1 as (skill, bonus) if it is not already in ``skills``.
    """

    name: str
    type: ShipType
    traits: tuple[str, ...]
    boxes: Boxes
    broadside: int
    speed: int
    handling: int
    reputation: int = 0
    weather_relief: int = 0
    skills: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    skill_bonus: tuple[str, int] | None = None
    nation: str | None = None
    guns: int | None = None
    command: str | None = None

    @property
    def rate(self) -> int | None:
        return self.type.rate

    @property
    def rated(self) -> bool:
        return self.type.rated

    def skill(self, name: str, default: int = 0) -> int:
        """A crew skill with Wily Sea Dogs' bonus where it applies."""
        value = self.skills.get(name, default)
        if self.skill_bonus and self.skill_bonus[0] == name:
            value += self.skill_bonus[1]
        return value

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type.name,
            "rate": self.rate,
            "traits": list(self.traits),
            "boxes": {a: list(t) for a, t in self.boxes.items()},
            "broadside": self.broadside,
            "speed": self.speed,
            "handling": self.handling,
            "reputation": self.reputation,
            "weather_relief": self.weather_relief,
            "skills": dict(self.skills),
            "skill_bonus": list(self.skill_bonus) if self.skill_bonus else None,
            "nation": self.nation,
            "guns": self.guns,
            "command": self.command,
        }


DEFAULT_WILY_SKILL = "Gunnery"
"""The skill Wily Sea Dogs raises when none is named (see docs/rules-notes.md)."""


def _wily_skill(text: str) -> str:
    match = re.search(r"\(([^)]+)\)", text)
    return match.group(1).strip().title() if match else DEFAULT_WILY_SKILL


def _apply_traits(
    stype: ShipType, names: Iterable[str], *, limit: bool, skills_include_bonus: bool = False
) -> dict[str, Any]:
    texts = list(names)
    traits = [ship_trait(t) for t in texts]
    seen = [t.name for t in traits]
    dupes = sorted({n for n in seen if seen.count(n) > 1})
    if dupes:
        raise InvalidMove(f"each trait can only be assigned once: {', '.join(dupes)}")
    if limit and len(traits) > stype.max_traits:
        raise InvalidMove(
            f"a {stype.name} can take at most {stype.max_traits} trait(s), got {len(traits)}"
        )
    boxes = {a: list(stype.boxes[a]) for a in AREAS}
    out: dict[str, Any] = {
        "broadside": stype.broadside,
        "speed": stype.speed,
        "handling": stype.handling,
        "reputation": 0,
        "weather_relief": 0,
        "skill_bonus": None,
    }
    labels = []
    for text, trait in zip(texts, traits, strict=True):
        for area, extra in trait.boxes.items():
            boxes[area] = [n + extra for n in boxes[area]]
        out["broadside"] += trait.broadside
        out["speed"] += trait.speed
        out["handling"] += trait.handling
        out["reputation"] += trait.reputation
        out["weather_relief"] += trait.weather_relief
        label = trait.name
        if trait.choose_skill:
            skill = _wily_skill(text)
            label = f"{trait.name} ({skill})"
            if not skills_include_bonus:
                out["skill_bonus"] = (skill, trait.skill_bonus)
        labels.append(label)
    out["boxes"] = MappingProxyType({a: tuple(boxes[a]) for a in AREAS})
    out["traits"] = tuple(labels)
    return out


@dataclass(frozen=True)
class NamedShip:
    """A named ship of "Friends and Foes" as the book prints it, and as Admiralty plays it.

    ``printed`` is the book's stat block; ``corrections`` the cells where Admiralty
    plays a different value (each with its reason); ``spec`` is the ship as played.
    """

    name: str
    nation: str
    spec: ShipSpec
    printed: Mapping[str, Any]
    corrections: tuple[Mapping[str, Any], ...]
    notes: str = ""

    @property
    def boxes(self) -> Boxes:
        return self.spec.boxes

    @property
    def broadside(self) -> int:
        return self.spec.broadside

    @property
    def speed(self) -> int:
        return self.spec.speed

    @property
    def handling(self) -> int:
        return self.spec.handling

    @property
    def type(self) -> ShipType:
        return self.spec.type

    @property
    def traits(self) -> tuple[str, ...]:
        return self.spec.traits


def _load_named() -> tuple[Mapping[str, NamedShip], Mapping[str, NamedShip]]:
    raw = load("named_ships.json")
    ships: dict[str, NamedShip] = {}
    index: dict[str, NamedShip] = {}
    for entry in raw["ships"]:
        stype = ship_type(entry["type"])
        # Wily Sea Dogs: the printed crew skills already carry the +1.
        applied = _apply_traits(stype, entry["traits"], limit=False, skills_include_bonus=True)
        spec = ShipSpec(
            name=entry["name"],
            type=stype,
            skills=MappingProxyType(dict(entry["skills"])),
            nation=entry["nation"],
            guns=entry["guns"],
            command=entry["command"],
            **applied,
        )
        printed = entry["printed"]
        _freeze_boxes(printed["boxes"], entry["name"])
        named = NamedShip(
            name=entry["name"],
            nation=entry["nation"],
            spec=spec,
            printed=MappingProxyType(
                {
                    **printed,
                    "boxes": MappingProxyType({a: tuple(t) for a, t in printed["boxes"].items()}),
                }
            ),
            corrections=tuple(MappingProxyType(c) for c in entry["corrections"]),
            notes=entry.get("notes", ""),
        )
        ships[named.name] = named
        keys = {named.name, named.name.removeprefix("The ")}
        for key in keys:
            index[_norm(key)] = named
    return MappingProxyType(ships), MappingProxyType(index)


NAMED_SHIPS, _NAMED_INDEX = _load_named()
"""Friends and Foes: Intrepid, Minerve, San Augustin, Peregrina, President, The Falcon,
The Golden Ibis, by name."""


def named_ship(name: str) -> NamedShip:
    """A named ship of "Friends and Foes" (case-insensitive; "The" optional)."""
    found = _NAMED_INDEX.get(_norm(name))
    if found is None:
        raise _unknown("named ship", name, NAMED_SHIPS)
    return found


def ship(
    name_or_type: str | ShipType | ShipSpec | NamedShip,
    traits: Iterable[str] = (),
    *,
    name: str | None = None,
    skills: Mapping[str, int] | None = None,
) -> ShipSpec:
    """A fighting ship spec from a roster type (with ``traits``) or a named ship.

    Traits follow "Customising Ships": each at most once, at most 3 for a ship rated
    1-3, 2 for rated 4-6, 1 for an unrated ship. "Wily Sea Dogs (Seamanship)" names
    the skill it raises (default Gunnery). A named ship comes with its own traits and
    crew; passing ``traits`` for one is an :class:`~strategy.errors.InvalidMove`.

    >>> ship("cutter", ["Weatherly"]).weather_relief
    1
    >>> ship("President").boxes["crew"]  # Jolly Tars
    (5, 5, 5)
    """
    traits = list(traits)
    if isinstance(name_or_type, ShipSpec):
        if traits:
            raise InvalidMove("a built ship spec already has its traits")
        return name_or_type
    if isinstance(name_or_type, NamedShip):
        return _named_spec(name_or_type, traits, name, skills)
    if isinstance(name_or_type, ShipType):
        stype = name_or_type
    else:
        named = _NAMED_INDEX.get(_norm(name_or_type))
        if named is not None:
            return _named_spec(named, traits, name, skills)
        found = _TYPE_INDEX.get(_norm(name_or_type))
        if found is None:
            valid = [*ROSTER, *(t.name for t in _TYPE_INDEX.values() if t.foreign), *NAMED_SHIPS]
            raise _unknown("ship", name_or_type, dict.fromkeys(valid))
        stype = found
    applied = _apply_traits(stype, traits, limit=True)
    return ShipSpec(
        name=name or stype.name,
        type=stype,
        skills=MappingProxyType(dict(skills or {})),
        command=stype.command,
        **applied,
    )


def _named_spec(
    named: NamedShip, traits: list[str], name: str | None, skills: Mapping[str, int] | None
) -> ShipSpec:
    """A named ship's spec, renamed or recrewed if asked; it takes no further traits."""
    if traits:
        raise InvalidMove(f"{named.name} has its own traits: {', '.join(named.traits)}")
    spec = named.spec
    if name is not None or skills is not None:
        spec = replace(
            spec,
            name=name or spec.name,
            skills=MappingProxyType(dict(skills if skills is not None else spec.skills)),
        )
    return spec
