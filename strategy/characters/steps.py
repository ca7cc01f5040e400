"""The creation steps of Beat to Quarters (seed 000, "Character Creation"), one choice at a
time: a :class:`Draft` sheet and the check of every choice against its card and table.

:mod:`strategy.characters.creation` drives these with a player's recorded choices
(``build_sheet``) or with choices drawn from a seeded source (``roll_sheet``): the same
rules either way. Every refusal is an :class:`~strategy.errors.InvalidMove` (or
:class:`~strategy.errors.UnknownName`) naming the step, e.g.
``experiences_before[0].gain: KD is a face card: one Measure``.

>>> d = Draft()
>>> d.experience("experiences_before[0]", "life",
...     {"card": "KD", "gain": {"measure": "Guts"}, "booty_card": "2D",
...      "booty": {"wealth": 1}, "life": {"skill": "Seamanship"}})
>>> d.measures["Guts"], d.wealth, d.skills
(2, 1, {'Seamanship': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from strategy.cards.core import JOKER, name
from strategy.characters.btq_tables import (
    EXPERIENCE,
    MEASURES,
    OF_LIFE,
    Position,
    SocialClass,
    booty,
    card,
    card_kind,
    skill_name,
    trait,
)
from strategy.characters.sheet import KINDS, Reputation, split_trait
from strategy.errors import InvalidMove

__all__ = ["Draft", "base_skill", "need"]


def need(what: str, value: object, kind: type) -> Any:
    """``value`` if it is a ``kind`` (an int is no bool), else the error naming ``what``."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidMove(f"{what}: {value!r} is not a {kind.__name__}")
    return value


def _keys(what: str, raw: object, allowed: Sequence[str]) -> Mapping[str, Any]:
    got = need(what, raw, Mapping)
    if not set(got) <= set(allowed):
        raise InvalidMove(f"{what}: unknown {sorted(set(got) - set(allowed))} ({allowed})")
    return got


def base_skill(skill: str) -> str:
    """The skill list's name of a skill: ``Profession (Cook)`` -> ``Profession``."""
    return "Profession" if skill.startswith("Profession (") else skill


class Draft:
    """A sheet under construction: Measures from 1, skills from 0, reputations merged by
    (kind, descriptor, subject) as the book merges O'Toole's two +1s into one +2."""

    def __init__(self) -> None:
        self.measures: dict[str, int] = {m: 1 for m in MEASURES}
        self.skills: dict[str, int] = {}
        self.reps: dict[tuple[str, str, str], int] = {}
        self.wealth = 0
        self.curios: list[str] = []
        self.traits: list[str] = []

    def measure(self, what: str, raw: object, n: int = 1) -> str:
        """+``n`` to the Measure ``raw``."""
        m = need(what, raw, str).strip().title()
        if m not in self.measures:
            raise InvalidMove(f"{what}: {raw!r} is no Measure ({', '.join(MEASURES)})")
        self.measures[m] += n
        return m

    def skill(self, what: str, raw: object, n: int = 1) -> str:
        """+``n`` to the skill ``raw`` (``Profession (X)`` names its trade)."""
        s = skill_name(need(what, raw, str), what)
        self.skills[s] = self.skills.get(s, 0) + n
        return s

    def reputation(
        self, what: str, raw: object, kind: str | None, value: int = 1, subjects: Sequence[str] = ()
    ) -> None:
        """+``value`` to a reputation (a new one, or the one of the same words)."""
        fields = ("descriptor", "subject") + (("kind",) if kind is None else ())
        got = _keys(what, raw, fields)
        if set(got) != set(fields):
            raise InvalidMove(f"{what}: needs {', '.join(fields)}")
        kind = kind or got["kind"]
        if kind not in KINDS:
            raise InvalidMove(f"{what}.kind: {kind!r} is neither Personal nor Institution")
        desc, subject = (need(f"{what}.{k}", got[k], str).strip() for k in fields[:2])
        if not subject:
            raise InvalidMove(f"{what}.subject: empty")
        if subjects and not any(s.lower() in subject.lower() for s in subjects):
            raise InvalidMove(f"{what}.subject: {subject!r} must name {' or '.join(subjects)}")
        key = (kind, desc, subject)
        self.reps[key] = self.reps.get(key, 0) + value

    def reputations(self) -> tuple[Reputation, ...]:
        """Personal first, then Institutions, each in the order gained (as the book's sheet)."""
        out = [Reputation(k, d, s, v) for (k, d, s), v in self.reps.items()]
        return tuple(sorted(out, key=lambda r: KINDS.index(r.kind)))

    # Step Two ---------------------------------------------------------------------------

    def station(self, cls: SocialClass, measures: object, skills: object, swap: int) -> None:
        """Step Two, Three: the class's Measure points and skill points (its list only),
        ``swap`` Wealth taken as skill points ("A Note on Wealth")."""
        if not 0 <= swap <= cls.wealth:
            raise InvalidMove(f"wealth_for_skills: {swap} is not 0..{cls.wealth} ({cls.name})")
        points = need("measures", measures, Mapping)
        for m, n in points.items():
            self.measure(f"measures.{m}", m, need(f"measures.{m}", n, int))
        spent = sum(points.values())
        if spent != cls.measures or any(n < 0 for n in points.values()):
            raise InvalidMove(f"measures: {spent} points given, a {cls.name} has {cls.measures}")
        given = need("skills", skills, Mapping)
        for s, n in given.items():
            got = self.skill(f"skills.{s}", s, need(f"skills.{s}", n, int))
            if n < 0 or base_skill(got) not in cls.skill_list:
                raise InvalidMove(f"skills.{s}: not on the {cls.name}'s skill list")
        budget = cls.skills + swap
        if sum(given.values()) != budget:
            raise InvalidMove(f"skills: {sum(given.values())} points given, {budget} to give")
        self.wealth += cls.wealth - swap

    # Steps Three and Six ----------------------------------------------------------------

    def experience(self, what: str, table: str, raw: object) -> None:
        """One experience: its card's gain, its Booty card's spoils, and its Experience of
        Life (Step Three) or of the Sea (Step Six)."""
        e = _keys(what, raw, ("card", "gain", "booty_card", "booty", "life"))
        for k in ("card", "gain", "booty_card", "booty", "life"):
            if k not in e:
                raise InvalidMove(f"{what}.{k}: missing")
        c = card(need(f"{what}.card", e["card"], str))
        kind = card_kind(c)
        gains = EXPERIENCE[kind]
        gain = _keys(f"{what}.gain", e["gain"], ("measure", "skill"))
        if set(gain) != set(gains):
            words = " and ".join({"measure": "one Measure", "skill": "one Skill"}[g] for g in gains)
            a = "an" if kind == "ace" else "a"
            raise InvalidMove(f"{what}.gain: {name(c)} is {a} {kind} card: {words}")
        if "measure" in gain:
            self.measure(f"{what}.gain.measure", gain["measure"])
        if "skill" in gain:
            self.skill(f"{what}.gain.skill", gain["skill"])
        self.booty(
            f"{what}.booty",
            table,
            card(need(f"{what}.booty_card", e["booty_card"], str)),
            e["booty"],
        )
        self.of_life(f"{what}.life", e["life"])

    def booty(self, what: str, table: str, c: int, raw: object) -> None:
        """The Booty table's cell for card ``c``; the joker chooses a card (``as``)."""
        cell = booty(table, c)
        got = dict(need(what, raw, Mapping))
        if cell.choose:
            chosen = card(need(f"{what}.as", got.pop("as", None), str))
            if chosen == JOKER:
                raise InvalidMove(f"{what}.as: the joker chooses a card of the table (e.g. AD)")
            return self.booty(what, table, chosen, got)
        where = f"{what}: {name(c)}"
        if cell.wealth_or_skill:
            n = cell.wealth_or_skill
            if got == {"wealth": n}:
                self.wealth += n
            elif set(got) == {"skill"}:
                self.skill(f"{what}.skill", got["skill"], n)
            else:
                raise InvalidMove(f"{where} gives +{n} Wealth or {n} points to one Skill")
        elif cell.reputations:
            reps = got.get("reputations")
            if (
                set(got) != {"reputations"}
                or not isinstance(reps, list)
                or len(reps) != cell.reputations
            ):
                raise InvalidMove(
                    f"{where} gives {cell.reputations} +1 {cell.reputation_kind} reputations"
                )
            for i, r in enumerate(reps):
                self.reputation(f"{what}.reputations[{i}]", r, cell.reputation_kind)
        else:
            if set(got) != {"curio"} or not need(f"{what}.curio", got["curio"], str).strip():
                raise InvalidMove(f"{where} gives a curio ({cell.curio}): name it")
            self.curios.append(got["curio"].strip())

    def of_life(self, what: str, raw: object) -> None:
        """Experience of Life / of the Sea: 1 Skill, 1 Measure or 1 Reputation point."""
        got = _keys(what, raw, OF_LIFE)
        if len(got) != 1:
            raise InvalidMove(f"{what}: one of skill, measure or reputation")
        ((k, v),) = got.items()
        if k == "skill":
            self.skill(f"{what}.skill", v)
        elif k == "measure":
            self.measure(f"{what}.measure", v)
        else:
            self.reputation(f"{what}.reputation", v, None)

    # Step Five --------------------------------------------------------------------------

    def training(self, pos: Position, steps: Mapping[str, Any], ship: str | None) -> None:
        """Step Five, Two: the position's bundle of Measures, skills and reputations."""
        for m in pos.measures:
            self.measure("position", m)
        chosen = list(need("position_measures", steps.get("position_measures", []), list))
        if len(chosen) != pos.choose_measures or len(set(chosen)) != len(chosen):
            raise InvalidMove(
                f"position_measures: a {pos.name} chooses {pos.choose_measures} Measures"
            )
        for i, m in enumerate(chosen):
            self.measure(f"position_measures[{i}]", m)
        for s in pos.skills:
            if s == "Profession":
                trade = need("position_profession", steps.get("position_profession"), str)
                s = f"Profession ({trade})"
            self.skill("position", s)
        others = list(need("other_skills", steps.get("other_skills", []), list))
        names = [
            skill_name(need(f"other_skills[{i}]", s, str), f"other_skills[{i}]")
            for i, s in enumerate(others)
        ]
        if len(names) != pos.other_skills or len(set(names)) != len(names):
            raise InvalidMove(
                f"other_skills: a {pos.name} adds +1 to {pos.other_skills} different skills"
            )
        for i, s in enumerate(names):
            if base_skill(s) in pos.exclude:
                raise InvalidMove(f"other_skills[{i}]: a {pos.name}'s cannot include {s}")
            self.skill(f"other_skills[{i}]", s)
        reps = list(need("position_reputations", steps.get("position_reputations", []), list))
        if len(reps) != len(pos.reputations):
            raise InvalidMove(f"position_reputations: a {pos.name} gains {len(pos.reputations)}")
        for i, (r, subject) in enumerate(zip(reps, pos.reputations, strict=True)):
            named = (
                (ship,) if subject == "ship" and ship else () if subject == "ship" else (subject,)
            )
            self.reputation(f"position_reputations[{i}]", r, "Institution", 1, named)

    # Step Seven -------------------------------------------------------------------------

    def take_trait(self, what: str, raw: object) -> None:
        """Step Seven: one trait and what it writes on the sheet (reputations, Wealth)."""
        entry = (
            {"name": raw}
            if isinstance(raw, str)
            else dict(_keys(what, raw, ("name", "reputations")))
        )
        text = need(f"{what}.name", entry.get("name"), str)
        base, detail = split_trait(text)
        t = trait(base, what)
        reps: Any = entry.get("reputations", [])
        if not isinstance(reps, list) or len(reps) != len(t.reputations):
            raise InvalidMove(
                f"{what}: {t.name!r} writes {len(t.reputations)} reputations: give them"
            )
        for i, (r, grant) in enumerate(zip(reps, t.reputations, strict=True)):
            self.reputation(f"{what}.reputations[{i}]", r, grant.kind, grant.value, grant.subjects)
        self.wealth += t.wealth
        self.traits.append(f"{t.name} ({detail})" if detail else t.name)
