"""Ships as the combat engine sees them: a :class:`strategy.ships.ShipSpec` plus its crew.

An adapter over :mod:`strategy.ships` (which owns the roster and the traits): it turns a
roster type name, a named ship, a ``ShipSpec`` or a plain dict into a frozen
:class:`Combatant` with boxes in the engine's area order, the crew's skills (the book
gives them for named ships; a ``crew`` drawn from the Essential Crew table,
:mod:`strategy.combat.crew`, gives the rest; without one they default to 3, "Skills of 2-3
reflect an average ability"), optional officers (the player characters of BtQ, who take the
How Will You Fight? tests, receive Discipline cards and fight in boardings), Ship Morale
and deck.

>>> c = combatant("Fifth Rate")
>>> c.boxes[0], c.rate, c.skill("gunnery")
((4, 4, 4), 5, 3)
>>> combatant({"type": "Brig Sloop", "name": "Hermes", "traits": ["Expertly Coppered Hull"],
...            "skills": {"Gunnery": 4}}).speed
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, cast

from strategy import ships as _ships
from strategy.combat.damage import Layout, layout
from strategy.combat.data import AREAS, COMBAT, DAMAGE_LEVELS, REPAIR_SKILLS, REPAIRS
from strategy.errors import InvalidMove
from strategy.loader import check, load
from strategy.names import name_key

__all__ = [
    "ShipLike",
    "SideLike",
    "SKILLS",
    "ROLES",
    "MEASURES",
    "DEFAULT_SKILL",
    "Officer",
    "Combatant",
    "combatant",
    "side",
    "repair_pools",
]

SKILLS = (
    "awareness",
    "command",
    "engineering",
    "first_aid",
    "gunnery",
    "maritime",
    "seamanship",
    "soldiering",
)
#: who does what aboard: the captain leads (Discipline, Command), the master has the helm
#: (Positioning), the gunner lays the guns (Broadside!)
ROLES = ("captain", "master", "gunner", "officer")
#: a character's Measures in the book's order (seed 000, "Measures": btq_characters.json),
#: which Overcoming Great Hardship spends; strategy.characters takes them from here
MEASURES: tuple[str, ...] = tuple(load("btq_characters.json")["measures"]["names"])
check(len(MEASURES) == 4 and "Guts" in MEASURES, "btq_characters.json: the four Measures")
#: a crew's skill where the book gives none ("Skills of 2-3 reflect an average ability")
DEFAULT_SKILL = int(COMBAT["default_crew_skill"])
_MORALE = tuple(COMBAT["morale"])


def _skill_key(text: str) -> str:
    key = name_key(text, "_")
    if key not in SKILLS:
        raise InvalidMove(f"unknown skill {text!r}; valid: {', '.join(SKILLS)}")
    return key


def _skills(raw: Mapping[str, int] | None, default: int) -> MappingProxyType:
    out = dict.fromkeys(SKILLS, default)
    for k, v in (raw or {}).items():
        if not isinstance(v, int) or v < 0:
            raise InvalidMove(f"skill {k!r} must be a whole number >= 0, got {v!r}")
        out[_skill_key(k)] = v
    return MappingProxyType(out)


def repair_pools(skills: Mapping[str, int]) -> tuple[int, ...]:
    """The best of the skills that make each repair (``REPAIRS``: the four areas, then
    fighting a fire; seed 000, "Step Three: Repair").

    >>> repair_pools(dict.fromkeys(SKILLS, 3) | {"gunnery": 5})
    (3, 5, 3, 3, 3)
    """
    return tuple(max([skills[k] for k in REPAIR_SKILLS[r]]) for r in REPAIRS)


@dataclass(frozen=True)
class Officer:
    """A player character (or named NPC officer) aboard: skills, Discipline, role.

    Skills not given are 2 ("All other skills are at 2" in the book's example).
    ``measures``: his Measures (``{"Guts": 4, ...}``), if known: a Maimed officer tests
    Guts to act and may spend it to ignore his wounds (seed 000, "Overcoming Great
    Hardship"); an officer without them does neither (as the engine always had it).
    ``health``: his Health as he comes aboard (0 healthy .. 3 dead, ``DAMAGE_LEVELS``): a
    wound is not healed by the next fight's opening (seed 000 ~959, "Healing": "If they do
    not, their character will not heal"), so an officer Maimed in one fight starts the
    next Maimed.
    """

    name: str
    role: str = "officer"
    skills: Mapping[str, int] = field(default_factory=lambda: _skills(None, 2))
    discipline: int = 2
    weapon: str = str(COMBAT["officer_weapon"])
    measures: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    health: int = 0
    #: his traits' cards with his weapon in a boarding fight (Strong Swordarm's +1 a
    #: take with a cutlass, ...) and in his Guts test to act when Maimed (Hard as Nails'
    #: +3): :meth:`strategy.characters.character.Character.aboard`
    weapon_bonus: int = 0
    maimed_guts: int = 0
    #: Is But A Scratch, Sir!: "an additional wound level before Injured"
    scratch: bool = False
    #: Fearless: "+1 cards to Command tests when under fire from a ship with more guns"
    outgunned_command: int = 0
    #: Cheat Death!: "negate a Death result in combat", once a fight for each take
    cheat_death: int = 0
    #: Jack Tar: "Once per Naval Mission, when you have failed a Test, you may ask for the
    #: failed Challenge or Test to be repeated" (the uses left him this Naval Mission)
    jack_tar: int = 0
    #: Jonah: "Once per session, you can ignore a Maimed or Dead result from a combat
    #: challenge" (once a fight), his Naval Mission losing a challenge for it
    jonah: int = 0
    #: Naysayer: "Once per session you may 'curse' another player's test during a
    #: non-skirmish challenge by reducing their card pool by 2 cards" (once a fight)
    naysayer: int = 0
    #: Accurate Gunner: "when you fire a cannon, you can choose one successful card to
    #: count as a different suit ... You cannot use this ability on a critical hit"
    accurate_gunner: bool = False
    #: his Reputations ``(kind, subject, cards)``, each within its Measure as it stands
    #: ("Limits of Reputations"): one naming the enemy he contests with adds its cards
    #: (:meth:`strategy.combat.state.ShipState.reputation`)
    reputations: tuple[tuple[str, str, int], ...] = ()

    def skill(self, key: str) -> int:
        return self.skills.get(key, 0)

    @cached_property
    def best_skill(self) -> str:
        """His best skill (ties: the first in the alphabet but the last listed wins, as
        ``max`` over (value, name) does): worked out once, asked every round (the
        policies' How Will You Fight? choice, :func:`strategy.combat.hwyf.default`)."""
        skills = self.skills
        return max(skills, key=lambda k: (skills[k], k))

    def to_dict(self) -> dict[str, Any]:
        out = {
            "name": self.name,
            "role": self.role,
            "skills": dict(self.skills),
            "discipline": self.discipline,
            "weapon": self.weapon,
        }
        if self.measures:
            # (only when known: the saved battles of officers without them are unchanged)
            out["measures"] = dict(self.measures)
        if self.health:  # (likewise: a healthy officer's saved form is as it was)
            out["health"] = DAMAGE_LEVELS[self.health]
        for bonus in _TRAIT_CARDS:  # (and one without traits' is as it was)
            if getattr(self, bonus):
                out[bonus] = getattr(self, bonus)
        if self.reputations:  # (likewise)
            out["reputations"] = [
                {"kind": k, "subject": s, "cards": n} for k, s, n in self.reputations
            ]
        return out


def _measures(raw: Any) -> MappingProxyType:
    if raw is None:
        return MappingProxyType({})
    if not isinstance(raw, Mapping):
        raise InvalidMove(f"officer measures must be a mapping, got {raw!r}")
    out = {}
    for k, v in raw.items():
        if k not in MEASURES:
            raise InvalidMove(f"measures: unknown measure {k!r}; valid: {', '.join(MEASURES)}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise InvalidMove(f"measures.{k}: {v!r} is not a whole number of at least 1")
        out[k] = v
    return MappingProxyType(out)


#: an officer's fields his traits give (strategy.characters.character.in_battle)
_TRAIT_CARDS = (
    *("weapon_bonus", "maimed_guts", "scratch", "outgunned_command", "cheat_death"),
    *("jack_tar", "jonah", "naysayer", "accurate_gunner"),
)


def _officer(raw: Mapping[str, Any] | Officer) -> Officer:
    if isinstance(raw, Officer):
        return raw
    known = {"name", "role", "skills", "discipline", "weapon", "measures", "health", "reputations"}
    unknown = set(raw) - known - set(_TRAIT_CARDS)
    if unknown:
        raise InvalidMove(f"officer: unknown keys {sorted(unknown)}")
    role = raw.get("role", "officer")
    if role not in ROLES:
        raise InvalidMove(f"officer role {role!r}; valid: {', '.join(ROLES)}")
    weapon = raw.get("weapon", COMBAT["officer_weapon"])
    if weapon not in COMBAT["weapons"]:
        raise InvalidMove(f"weapon {weapon!r}; valid: {', '.join(COMBAT['weapons'])}")
    return Officer(
        name=str(raw["name"]),
        role=role,
        skills=_skills(raw.get("skills"), 2),
        discipline=int(raw.get("discipline", 2)),
        weapon=weapon,
        measures=_measures(raw.get("measures")),
        health=_health(raw.get("health", "healthy")),
        weapon_bonus=_cards(raw, "weapon_bonus"),
        maimed_guts=_cards(raw, "maimed_guts"),
        scratch=_flag(raw, "scratch"),
        outgunned_command=_cards(raw, "outgunned_command"),
        cheat_death=_cards(raw, "cheat_death"),
        jack_tar=_cards(raw, "jack_tar"),
        jonah=_cards(raw, "jonah"),
        naysayer=_cards(raw, "naysayer"),
        accurate_gunner=_flag(raw, "accurate_gunner"),
        reputations=_reputations(raw.get("reputations")),
    )


#: the kinds of Reputation ("Anatomy of a Reputation"; btq_characters.json's, checked the
#: same when strategy.characters.btq_tables loads it)
REPUTATION_KINDS = ("Personal", "Institution")


def _reputations(raw: Any) -> tuple[tuple[str, str, int], ...]:
    """An officer's Reputations aboard: ``[{"kind", "subject", "cards"}, ...]``."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidMove(f"officer reputations must be a list, got {raw!r}")
    out = []
    for i, r in enumerate(raw):
        if not isinstance(r, Mapping) or set(r) != {"kind", "subject", "cards"}:
            raise InvalidMove(f"reputations[{i}]: needs kind, subject, cards; got {r!r}")
        if r["kind"] not in REPUTATION_KINDS:
            raise InvalidMove(f"reputations[{i}].kind {r['kind']!r}; valid: Personal, Institution")
        if not isinstance(r["subject"], str) or not r["subject"].strip():
            raise InvalidMove(f"reputations[{i}].subject: a name, got {r['subject']!r}")
        out.append((r["kind"], r["subject"], _cards(r, "cards")))
    return tuple(out)


def _flag(raw: Mapping[str, Any], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise InvalidMove(f"officer {key} {value!r}; valid: true or false")
    return value


def _cards(raw: Mapping[str, Any], key: str) -> int:
    """An officer's bonus of cards (0 to 6; none given: 0)."""
    value = raw.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 6:
        raise InvalidMove(f"officer {key} {value!r}; valid: 0 to 6")
    return value


def _health(raw: Any) -> int:
    """An officer's Health by name (``"maimed"``) as its level (2); Dead does not sail."""
    if raw not in DAMAGE_LEVELS[:-1]:
        raise InvalidMove(f"officer health {raw!r}; valid: {', '.join(DAMAGE_LEVELS[:-1])}")
    return DAMAGE_LEVELS.index(raw)


@dataclass(frozen=True)
class Combatant:
    """One ship ready for battle. ``boxes`` is (hull, guns, crew, rigging) tracks of
    (Injured, Maimed, Dead) box counts; ``rate`` None for unrated ships; ``deck`` is
    "player" (52 + joker) or "gm" (the GM's 52, shared with the Card of Fate)."""

    name: str
    type: str
    rate: int | None
    boxes: tuple[tuple[int, int, int], ...]
    broadside: int
    speed: int
    handling: int
    weather_relief: int = 0
    skills: Mapping[str, int] = field(default_factory=lambda: _skills(None, DEFAULT_SKILL))
    officers: tuple[Officer, ...] = ()
    morale: str = "healthy"
    deck: str = "player"
    traits: tuple[str, ...] = ()
    #: Hull boxes crossed before she fights: the damage points she brings from the sea
    #: (seed 003, "Shallow Water"; :func:`strategy.combat.damage.struck_boxes`)
    struck: int = 0
    #: Rigging boxes crossed before she fights, each at its damage level (1 Injured, 2
    #: Maimed, 3 Dead): what a storm she lost to did to her masts (BtQ 000:1215, "Weather
    #: as an Opponent"; docs/rules-notes.md "Storms on a passage")
    rigging: tuple[int, ...] = ()

    def skill(self, key: str) -> int:
        """The crew's skill."""
        return self.skills[key]

    @cached_property
    def layout(self) -> Layout:
        """Her boxes checked (:func:`strategy.combat.damage.layout`), once per ship."""
        return layout(self.boxes)

    @cached_property
    def crew_repairs(self) -> tuple[int, ...]:
        """:func:`repair_pools` of her crew, worked out once per ship."""
        return repair_pools(self.skills)

    def officer(self, role: str) -> Officer | None:
        """The first officer with ``role``, if any."""
        for o in self.officers:
            if o.role == role:
                return o
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data that :func:`combatant` turns back into this ship."""
        return {
            "name": self.name,
            "type": self.type,
            "rate": self.rate,
            "boxes": {AREAS[i]: list(b) for i, b in enumerate(self.boxes)},
            "broadside": self.broadside,
            "speed": self.speed,
            "handling": self.handling,
            "weather_relief": self.weather_relief,
            "skills": dict(self.skills),
            "officers": [o.to_dict() for o in self.officers],
            "morale": self.morale,
            "deck": self.deck,
            "traits": list(self.traits),
            # (only then: a ship whole from the sea keeps the saved form she had)
            **({"struck": self.struck} if self.struck else {}),
            **({"rigging": list(self.rigging)} if self.rigging else {}),
        }


def _from_spec(
    spec: _ships.ShipSpec,
    name: str | None = None,
    skills: Mapping[str, int] | None = None,
    drawn: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    # her drawn crew (the Essential Crew table) where the book prints none, her printed
    # skills over it, a trait's bonus on top, and the skills given last
    crew = dict(_skills(drawn, DEFAULT_SKILL))
    crew.update({_skill_key(k): spec.skill(k) for k in spec.skills})
    if spec.skill_bonus:
        key = _skill_key(spec.skill_bonus[0])
        crew[key] += spec.skill_bonus[1]
    crew.update({_skill_key(k): v for k, v in (skills or {}).items()})
    return {
        "name": name or spec.name,
        "type": spec.type.name,
        "rate": spec.rate,
        "boxes": tuple(tuple(spec.boxes[a]) for a in AREAS),
        "broadside": spec.broadside,
        "speed": spec.speed,
        "handling": spec.handling,
        "weather_relief": spec.weather_relief,
        "skills": _skills(crew, DEFAULT_SKILL),
        "traits": tuple(spec.traits),
    }


_KEYS = {
    "crew",
    "name",
    "type",
    "traits",
    "skills",
    "officers",
    "morale",
    "deck",
    "rate",
    "boxes",
    "broadside",
    "speed",
    "handling",
    "weather_relief",
    "struck",
    "rigging",
}


#: one ship as a battle takes her: a Combatant, a roster type or named ship (by its name or
#: spec), or a dict (see :func:`combatant`)
ShipLike = (
    Combatant | str | _ships.ShipSpec | _ships.NamedShip | _ships.ShipType | Mapping[str, Any]
)
#: a side of a battle: one ship, or a list of them
SideLike = ShipLike | Sequence[ShipLike]


def combatant(spec: ShipLike) -> Combatant:
    """A :class:`Combatant` from a roster type or named ship name, a ship spec or a dict.

    A dict names its ``type`` (or a named ship) and may add ``name``, ``traits``,
    ``skills`` (crew), ``crew`` (the crew's skills drawn from the Essential Crew table,
    :func:`strategy.combat.crew.ship_crew`: under her printed skills, her traits' bonus
    and ``skills``, in place of the default 3), ``officers`` (list of dicts: name, role,
    skills, discipline, measures, weapon), ``morale`` (healthy/injured/maimed), ``deck``
    ("player"/"gm") and ``struck`` (Hull boxes crossed before she fights, fewer than her
    Hull's boxes: what the sea did to her) and ``rigging`` (the damage level, 1 to 3, of
    each Rigging box a storm crossed, fewer than her Rigging's boxes); a dict from
    :meth:`Combatant.to_dict` (with ``boxes``) is taken as it stands.
    """
    if isinstance(spec, Combatant):
        return spec
    if isinstance(spec, str | _ships.ShipSpec | _ships.NamedShip | _ships.ShipType):
        return Combatant(**_from_spec(_ships.ship(spec)))
    if not isinstance(spec, Mapping):
        raise InvalidMove(f"not a ship: {spec!r}")
    unknown = set(spec) - _KEYS
    if unknown:
        raise InvalidMove(f"ship: unknown keys {sorted(unknown)}; valid: {sorted(_KEYS)}")
    if "type" not in spec:
        raise InvalidMove("ship: a dict needs a 'type' (roster type or named ship)")
    morale = spec.get("morale", "healthy")
    if morale not in _MORALE:
        raise InvalidMove(f"morale {morale!r}; valid: {', '.join(_MORALE)}")
    deck = spec.get("deck", "player")
    if deck not in ("player", "gm"):
        raise InvalidMove(f"deck {deck!r}; valid: player, gm")
    extra = {
        "officers": tuple(_officer(o) for o in spec.get("officers", ())),
        "morale": morale,
        "deck": deck,
    }
    if "boxes" in spec:
        boxes = spec["boxes"]
        fields = {
            "name": spec.get("name", spec["type"]),
            "type": spec["type"],
            "rate": spec.get("rate"),
            "boxes": tuple(tuple(int(n) for n in boxes[a]) for a in AREAS),
            "broadside": int(spec["broadside"]),
            "speed": int(spec["speed"]),
            "handling": int(spec["handling"]),
            "weather_relief": int(spec.get("weather_relief", 0)),
            "skills": _skills(spec.get("skills"), DEFAULT_SKILL),
            "traits": tuple(spec.get("traits", ())),
        }
    else:
        built = _ships.ship(spec["type"], spec.get("traits", ()))
        fields = _from_spec(built, spec.get("name"), spec.get("skills"), spec.get("crew"))
    struck = spec.get("struck", 0)
    hull = sum(fields["boxes"][0])
    if not isinstance(struck, int) or isinstance(struck, bool) or not 0 <= struck < hull:
        raise InvalidMove(f"struck {struck!r}: 0 up to {hull - 1} of her {hull} Hull boxes")
    rigging = spec.get("rigging", ())
    aloft = sum(fields["boxes"][AREAS.index("rigging")])
    if (
        not isinstance(rigging, list | tuple)
        or len(rigging) >= aloft
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3 for v in rigging)
    ):
        raise InvalidMove(
            f"rigging {rigging!r}: up to {aloft - 1} levels (1 to 3) of her {aloft} Rigging boxes"
        )
    return Combatant(**fields, **extra, struck=struck, rigging=tuple(rigging))


def side(value: SideLike) -> tuple[Combatant, ...]:
    """A side of a battle: one ship (name, spec, dict) or a list of them.

    >>> [c.name for c in side(["Cutter", "Brig Sloop"])]
    ['Cutter', 'Brig Sloop']
    """
    if isinstance(value, list | tuple):
        if not value:
            raise InvalidMove("a side needs at least one ship")
        return tuple([combatant(v) for v in value])
    return (combatant(cast(ShipLike, value)),)  # one ship: no list, nor a tuple
