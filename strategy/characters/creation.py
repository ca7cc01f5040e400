"""Beat to Quarters' character creation (seed 000, "Character Creation", Steps One to
Nine): the player's choices in, a checked :class:`~strategy.characters.sheet.Sheet` out.

:func:`build_sheet` takes what was chosen at each step, the cards overturned included,
and checks every choice against its card and table (:mod:`strategy.characters.steps`);
:func:`roll_sheet` makes an NPC by the same steps, every card drawn from a fresh 53-card
deck and every choice from the caller's ``random.Random``. A Captain or an Admiral takes
the Lieutenant's bundle and 2 or 3 experiences more ("The GM Created Captain").

The steps, as :func:`roll_steps` writes them (all keys but these are optional:
nationality, religion, social_class, measures, skills, profession, position)::

    {"nationality": "American", "religion": "Protestant", "social_class": "Fisherman",
     "wealth_for_skills": 0,                        # Wealth taken as skill points
     "measures": {"Guts": 1, ...},                  # the class's points added
     "skills": {"Maritime": 2, ...},                # the class's points, its list only
     "experiences_before": [{"card": "KD", "gain": {"measure": "Guts"},
         "booty_card": "10S", "booty": {"reputations": [{"descriptor": "Trusted by",
         "subject": "New Orleans Fisherman"}]}, "life": {"skill": "Seamanship"}}],
     "profession": "Sailor", "position": "Ward Room and Standing Officers",
     "position_measures": [],                       # a Landsman's two Measures
     "position_profession": "Mapmaker",             # the bundle's "+1 Profession"
     "other_skills": ["Command", "Skullduggery"],
     "position_reputations": [{"descriptor": ..., "subject": "the Ward Room"}, {...}],
     "experiences_naval": [...],                    # as experiences_before
     "traits": ["Jack Tar", {"name": "Crusty Old Seadog", "reputations": [{...}, {...}]}],
     "experiences": 5, "ship": "Hermes", "state": "Healthy"}

A booty is ``{"wealth": n}`` or ``{"skill": S}`` (Diamonds), ``{"reputations": [...]}``
(Hearts: Personal, Spades: Institution), ``{"curio": text}`` (Clubs); the joker adds
``"as": card``. An Experience of Life or of the Sea is ``{"skill": S}``,
``{"measure": M}`` or ``{"reputation": {"kind", "descriptor", "subject"}}``.

>>> import random
>>> s = roll_sheet("Lieutenant", random.Random(7))
>>> s.position, s.experiences, s == roll_sheet("Lieutenant", random.Random(7))
('Lieutenant', 4, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from strategy.cards.core import DECK, name
from strategy.cards.dealer import Deck
from strategy.characters.btq_tables import (
    ENGLISH_SPEAKING,
    EXPERIENCE,
    MEASURE_LIMIT,
    MEASURES,
    NATIONALITIES,
    OF_LIFE,
    PROFESSION_EXAMPLES,
    PROFESSIONS,
    RELIGIONS,
    REPUTATION_LIMITS,
    SKILL_LIMIT,
    SKILLS,
    SOCIAL_CLASSES,
    TRAIT_POINTS,
    TRAITS,
    WEALTH_LIMIT,
    Position,
    SocialClass,
    Trait,
    booty,
    card,
    card_kind,
    nationality,
    position,
    profession,
    religion,
    social_class,
)
from strategy.characters.sheet import KINDS, Sheet, check_sheet, split_trait, trait_points
from strategy.characters.steps import Draft, need
from strategy.errors import InvalidMove

__all__ = ["STEP_FIELDS", "build_sheet", "roll_sheet", "roll_steps"]

STEP_FIELDS: tuple[str, ...] = (
    "nationality", "religion", "social_class", "wealth_for_skills", "measures", "skills",
    "experiences_before", "profession", "position", "position_measures",
    "position_profession", "other_skills", "position_reputations", "experiences_naval",
    "traits", "experiences", "ship", "state",
)  # fmt: skip
_REQUIRED = ("nationality", "religion", "social_class", "measures", "skills", "profession")


def _officer_check(cls: SocialClass, pos: Position) -> None:
    if pos.officer and not cls.officers:
        raise InvalidMove(
            f"position: a {cls.name} cannot be a {pos.name} (no Officer or Warrant Officer)"
        )


def _experiences(d: Draft, steps: Mapping[str, Any], key: str, table: str) -> int:
    entries = need(key, steps.get(key, []), list)
    for i, e in enumerate(entries):
        d.experience(f"{key}[{i}]", table, e)
    return len(entries)


def _traits(d: Draft, steps: Mapping[str, Any], cls: SocialClass) -> None:
    chosen = need("traits", steps.get("traits", []), list)
    names = [split_trait(t if isinstance(t, str) else str(t.get("name")))[0] for t in chosen]
    if cls.literate and "Read and Write" not in names:
        d.traits.append("Read and Write")  # "You receive the Read and Write trait for free"
    for i, t in enumerate(chosen):
        d.take_trait(f"traits[{i}]", t)


def build_sheet(steps: Mapping[str, Any]) -> Sheet:
    """The sheet the recorded choices make, Step Two to Step Eight (see the module)."""
    need("steps", steps, Mapping)
    for k in steps:
        if k not in STEP_FIELDS:
            raise InvalidMove(f"unknown step {k!r} (steps: {', '.join(STEP_FIELDS)})")
    for k in (*_REQUIRED, "position"):
        if k not in steps:
            raise InvalidMove(f"{k}: missing")
    cls = social_class(steps["social_class"])
    pos = position(steps["position"])
    _officer_check(cls, pos)
    d = Draft()
    swap = need("wealth_for_skills", steps.get("wealth_for_skills", 0), int)
    d.station(cls, steps["measures"], steps["skills"], swap)
    before = _experiences(d, steps, "experiences_before", "life")
    prof = profession(steps["profession"])
    for s in prof.skills:
        d.skill("profession", s)
    ship = steps.get("ship")
    d.training(pos, steps, None if ship is None else need("ship", ship, str))
    naval = _experiences(d, steps, "experiences_naval", "naval")
    _traits(d, steps, cls)
    total = before + naval
    if need("experiences", steps.get("experiences", total), int) != total:
        raise InvalidMove(f"experiences: {steps['experiences']} given, {total} detailed")
    sheet = Sheet(
        nationality=nationality(steps["nationality"]),
        religion=religion(steps["religion"]),
        social_class=cls.name,
        profession=prof.name,
        position=pos.name,
        measures=d.measures,
        skills={s: v for s, v in d.skills.items() if v > 0},
        traits=tuple(d.traits),
        wealth=d.wealth + pos.wealth,  # Step Eight, Step Four
        reputations=d.reputations(),
        curios=tuple(d.curios),
        experiences=total,
        state=need("state", steps.get("state", "Healthy"), str).strip().title(),
    )
    return check_sheet(sheet)


# NPCs: the same steps, every choice drawn ----------------------------------------------

# words for the reputations an NPC gains (the book's examples of "Reputations")
_DESCRIPTORS = (
    "Trusted by", "Respected by", "Admired by", "Distrusted by", "Feared by",
    "Remembered by", "Owed a favour by", "Hunted by",
)  # fmt: skip
_SUBJECTS = {
    "Personal": (
        "Captain Jones", "Captain Turner", "Admiral Calder", "Lady Butterworth",
        "Midshipman Manning", "Bosun's Mate Harris", "Admiral Smythe", "Miss Atherton",
    ),
    "Institution": (
        "HMS Agamemnon", "the East India Company", "Beaufort and Wiggins, Prize Agents",
        "the Corsairs of Algiers", "the Admiralty", "the Navy Board", "the Smugglers",
        "the French Couriers",
    ),
}  # fmt: skip
_LANGUAGES = ("English", "French", "Spanish", "Portuguese", "Dutch", "Italian", "German")
_MEASURE_OF = REPUTATION_LIMITS
_CAUSES = ("Catholic emancipation", "Irish independence", "workers' rights", "freedom for slaves")


class _Roller:
    """The choices of one NPC, applied to a Draft as they are made so that each next
    choice keeps within the limits (Measures, skills, Wealth, reputations)."""

    def __init__(self, rng: random.Random, pos: Position) -> None:
        self.rng = rng
        self.pos = pos
        self.d = Draft()
        self.deck = Deck.player(rng)
        self.trade = rng.choice(PROFESSION_EXAMPLES)

    def draw(self) -> str:
        """One card overturned from a fresh deck (every card back after each draw)."""
        c = self.deck.draw(1)[0]
        self.deck.shuffle()
        return name(c)

    def measure(self, n: int = 1, but: tuple[str, ...] = ()) -> str:
        ok = [m for m in MEASURES if self.d.measures[m] + n <= MEASURE_LIMIT and m not in but]
        return self.rng.choice(ok)

    def skill(self, pool: tuple[str, ...] = SKILLS, n: int = 1, but: tuple[str, ...] = ()) -> str:
        names = [f"Profession ({self.trade})" if s == "Profession" else s for s in pool]
        ok = [s for s in names if self.d.skills.get(s, 0) + n <= SKILL_LIMIT and s not in but]
        return self.rng.choice(ok)

    def reputations(
        self, kind: str, k: int = 1, subject: str | None = None
    ) -> list[dict[str, str]]:
        """``k`` new reputations of ``kind``: each +1 one of its own, so each stays within
        its Measure (which is at least 1)."""
        subjects = _SUBJECTS[kind] if subject is None else (subject,)
        free = [
            {"descriptor": desc, "subject": s}
            for desc in _DESCRIPTORS
            for s in subjects
            if (kind, desc, s) not in self.d.reps
        ]
        return self.rng.sample(free, k)

    def wealth_room(self, n: int) -> bool:
        return self.d.wealth + n + self.pos.wealth <= WEALTH_LIMIT

    def station(self, cls: SocialClass) -> dict[str, Any]:
        swap = self.rng.randint(0, cls.wealth)
        measures = {m: 0 for m in MEASURES}
        for _ in range(cls.measures):
            measures[self.measure()] += 1
        skills: dict[str, int] = {}
        for _ in range(cls.skills + swap):
            s = self.skill(cls.skill_list)
            skills[s] = skills.get(s, 0) + 1
        self.d.station(cls, measures, skills, swap)
        return {"wealth_for_skills": swap, "measures": measures, "skills": skills}

    def booty(self, table: str) -> tuple[str, dict[str, Any]]:
        drawn = self.draw()
        cell = booty(table, card(drawn))
        out: dict[str, Any] = {}
        if cell.choose:
            out["as"] = name(self.rng.choice(DECK))
            cell = booty(table, card(out["as"]))
        n = cell.wealth_or_skill
        if n:
            wealth = self.wealth_room(n) and self.rng.random() < 0.5
            out.update({"wealth": n} if wealth else {"skill": self.skill(n=n)})
        elif cell.reputations:
            assert cell.reputation_kind is not None
            out["reputations"] = self.reputations(cell.reputation_kind, cell.reputations)
        else:
            curio = cell.curio or "a curio"
            out["curio"] = curio[0].upper() + curio[1:]
        return drawn, out

    def experience(self, key: str, table: str) -> dict[str, Any]:
        drawn = self.draw()
        gain: dict[str, str] = {}
        for g in EXPERIENCE[card_kind(card(drawn))]:
            gain[g] = self.measure() if g == "measure" else self.skill()
        # one step at a time, so that the next choice sees this one's points
        if "measure" in gain:
            self.d.measure(key, gain["measure"])
        if "skill" in gain:
            self.d.skill(key, gain["skill"])
        booty_card, spoils = self.booty(table)
        self.d.booty(key, table, card(booty_card), spoils)
        pick = self.rng.choice(OF_LIFE)
        if pick == "skill":
            life: dict[str, Any] = {"skill": self.skill()}
        elif pick == "measure":
            life = {"measure": self.measure()}
        else:
            kind = self.rng.choice(KINDS)
            life = {"reputation": {"kind": kind, **self.reputations(kind)[0]}}
        self.d.of_life(key, life)
        return {
            "card": drawn,
            "gain": gain,
            "booty_card": booty_card,
            "booty": spoils,
            "life": life,
        }

    def training(self, ship: str | None) -> dict[str, Any]:
        pos = self.pos
        trade = f"Profession ({self.trade})"
        bundle = {trade if s == "Profession" else s for s in pos.skills}
        out: dict[str, Any] = {"position_measures": [], "position_profession": self.trade}
        for _ in range(pos.choose_measures):
            out["position_measures"].append(self.measure(but=tuple(out["position_measures"])))
        names = [trade if s == "Profession" else s for s in SKILLS if s not in pos.exclude]
        # a skill of the bundle takes two points here: each within the limit
        room = [s for s in names if self.d.skills.get(s, 0) + 1 + (s in bundle) <= SKILL_LIMIT]
        out["other_skills"] = self.rng.sample(room, pos.other_skills)
        subjects = [ship or "his ship" if r == "ship" else f"the {r}" for r in pos.reputations]
        out["position_reputations"] = [self.reputations("Institution", 1, s)[0] for s in subjects]
        self.d.training(pos, out, ship)
        return out

    def languages(self) -> list[str]:
        taken = {split_trait(x)[1] for x in self.d.traits}
        return [lang for lang in _LANGUAGES[1:] if lang not in taken]

    def trait_choices(self, literate: bool) -> list[Trait]:
        """The traits he may still take: points, times, position, Wealth and Measures."""
        left = TRAIT_POINTS - trait_points(self.d.traits, literate)
        taken = Counter(split_trait(x)[0] for x in self.d.traits)  # once, not per trait
        out = []
        for t in TRAITS.values():
            if t.cost > left or taken[t.name] >= (t.max or 99) or not self.wealth_room(t.wealth):
                continue
            if t.positions is not None and self.pos.name not in t.positions:
                continue
            if any(g.value > self.d.measures[_MEASURE_OF[g.kind]] for g in t.reputations):
                continue
            if t.detail == "language" and not self.languages():
                continue
            out.append(t)
        return out

    def take(self, t: Trait, detail: str | None = None) -> dict[str, Any]:
        if t.detail == "language" and detail is None:
            detail = self.rng.choice(self.languages())
        elif t.detail == "cause":
            detail = self.rng.choice(_CAUSES)
        entry: dict[str, Any] = {"name": f"{t.name} ({detail})" if detail else t.name}
        if t.reputations:
            # a trait's grants share their kind and subjects (data): one new each
            g = t.reputations[0]
            subject = f"the {self.rng.choice(g.subjects)}" if g.subjects else None
            entry["reputations"] = self.reputations(g.kind, len(t.reputations), subject)
        self.d.take_trait("traits", entry)
        return entry

    def traits(self, cls: SocialClass, native: str) -> list[dict[str, Any]]:
        out = []
        if cls.literate:
            self.d.traits.append("Read and Write")
        if native not in ENGLISH_SPEAKING:  # "you must choose the Speak Second Language trait"
            out.append(self.take(TRAITS["Second Language"], "English"))
        while choices := self.trait_choices(cls.literate):
            out.append(self.take(self.rng.choice(choices)))
        return out


def roll_steps(
    position_name: str,
    rng: random.Random,
    experiences: int = 4,
    social_class_name: str | None = None,
    ship: str | None = None,
) -> dict[str, Any]:
    """The choices and cards of an NPC's creation, every one drawn from ``rng``."""
    pos = position(position_name)
    total = need("experiences", experiences, int) + pos.extra_experiences
    if not 0 <= total <= 30:
        raise InvalidMove(f"experiences: {experiences} is not 0..30")
    allowed = [c for c in SOCIAL_CLASSES.values() if c.officers or not pos.officer]
    cls = rng.choice(allowed) if social_class_name is None else social_class(social_class_name)
    _officer_check(cls, pos)
    r = _Roller(rng, pos)
    steps: dict[str, Any] = {
        "nationality": rng.choice(NATIONALITIES),
        "religion": rng.choice(RELIGIONS),
        "social_class": cls.name,
        **r.station(cls),
    }
    before = rng.randint(0, total)
    steps["experiences_before"] = [
        r.experience(f"experiences_before[{i}]", "life") for i in range(before)
    ]
    steps["profession"] = rng.choice(list(PROFESSIONS))
    steps["position"] = pos.name
    for s in PROFESSIONS[steps["profession"]].skills:
        r.d.skill("profession", s)
    steps.update(r.training(ship))
    steps["experiences_naval"] = [
        r.experience(f"experiences_naval[{i}]", "naval") for i in range(total - before)
    ]
    steps["traits"] = r.traits(cls, steps["nationality"])
    steps["experiences"] = total
    if ship is not None:
        steps["ship"] = ship
    return steps


def roll_sheet(
    position: str,
    rng: random.Random,
    experiences: int = 4,
    social_class: str | None = None,
    *,
    ship: str | None = None,
) -> Sheet:
    """An NPC made by the creation steps with every choice and card drawn from ``rng``;
    a Captain or Admiral has 2 or 3 experiences more than ``experiences``."""
    return build_sheet(roll_steps(position, rng, experiences, social_class, ship))
