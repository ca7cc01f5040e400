"""An officer of the fleet: his Briny En Garde! record and the Beat to Quarters sheet he
fights with at sea, kept together as one character.

The Briny record (seed 001, BIRTH and NAVAL ABILITY) is what the summer campaign reads:
rank, seniority, Naval Ability, birth, fortune, wounds, experience. The BtQ sheet (seed
000, Character Creation) is what a battle reads: Measures, Skills, Traits, Wealth,
Reputations and position aboard. Where both books speak of one thing they are tied here,
once (docs/rules-notes.md, "Officers"):

- **rank and position**: the BtQ position follows the Briny rank (:func:`position_of`);
- **NA and Command**: the sheet's Command skill is the Naval Ability halved, rounded up
  (:func:`command_of`), whatever the sheet entered or its creation steps gave, so NA
  gained in a summer shows in the next battle;
- **fortune and Wealth**: Briny's guineas are money in hand (plunder adds to them); BtQ's
  Wealth is the living standard of the social class and its traits, untouched by them.

A character is rolled from the campaign's seeded source (:func:`roll_character`), or
entered and checked against the same rules, any field left out rolled
(:func:`character_from`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from typing import Any

from strategy.campaign.dice import RandomDice
from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    RM_GENERAL_RANKS,
    Officer,
    is_marine,
    rank_index,
)
from strategy.campaign.mentions import docked_month
from strategy.campaign.tables import nelson_wound
from strategy.characters.birth import Birth, check_na, roll_birth_filling, roll_na
from strategy.characters.btq_tables import MEASURES, REPUTATION_LIMITS, trait
from strategy.characters.creation import build_sheet, roll_sheet
from strategy.characters.health import heal, spent_from, standing
from strategy.characters.service import served
from strategy.characters.sheet import Sheet, sheet_from, split_trait
from strategy.characters.titles import raised_social_level
from strategy.combat.combatant import SKILLS
from strategy.combat.data import COMBAT
from strategy.errors import InvalidMove, RulesError
from strategy.loader import freeze, load
from strategy.names import name_key

__all__ = [
    "FIELDS",
    "Character",
    "character_from",
    "command_of",
    "in_battle",
    "position_of",
    "roll_character",
    "roll_name",
]

_NAMES = freeze(load("names.json"))

#: the fields an entered officer may carry; any left out is rolled
FIELDS = ("name", "rank", "na", "seniority", "birth", "sheet", "creation")

#: Briny rank -> BtQ position (captains and flag officers have no BtQ bundle of their own:
#: see strategy.characters.creation)
_POSITIONS = {
    "Sailor": "Seaman",
    "Able Seaman": "Able Seaman",
    "Midshipman": "Midshipman",
    "Lieutenant": "Lieutenant",
    **{r: "Captain" for r in CAPTAIN_RANKS},
    **{r: "Admiral" for r in ADMIRAL_RANKS},
}
#: Royal Marines ranks by their navy equivalent on the Personal Outcome Table's rows
_MARINE_POSITIONS = {
    "Private RM": "Seaman",
    "Subaltern RM": "Midshipman",
    "Lieutenant RM": "Midshipman",
    "Captain RM": "Lieutenant",
    "Major RM": "Captain",
    "Lieutenant Colonel RM": "Captain",
    "Colonel RM": "Captain",
    **{r: "Admiral" for r in RM_GENERAL_RANKS},
}


def position_of(rank: str) -> str:
    """The BtQ position of a Briny rank (a Marine's is his navy equivalent's)."""
    rank_index(rank)  # an unknown rank is refused by name
    return _MARINE_POSITIONS[rank] if is_marine(rank) else _POSITIONS[rank]


def command_of(na: int) -> int:
    """The BtQ Command skill of a Naval Ability: NA 1-2 -> 1 .. NA 9-10 -> 5."""
    return (na + 1) // 2


def roll_name(rng: random.Random) -> str:
    """A given name and a surname from the names list."""
    return f"{rng.choice(_NAMES['given'])} {rng.choice(_NAMES['surnames'])}"


@dataclass(frozen=True, slots=True)
class Character:
    """An officer: the Briny record and the BtQ sheet (see the module's docstring).

    ``ship`` or ``squadron`` is his berth (None for both: ashore); ``funds`` his guineas;
    ``wounds`` the Nelson Touch's lasting ones ("eye", "leg", "arm", "face", "scar");
    ``experience`` the summers he has sailed; ``seniority`` the year he took his rank;
    ``constitution`` and ``expertise`` are his birth's less what wounds took from them;
    ``spent`` the points of his Measures spent this Naval Mission (seed 000, "Overcoming
    Great Hardship"), as ``(measure, points)`` pairs; ``used`` his traits once a Naval
    Mission used in it (Jack Tar's repeat, a name a use); ``prize_money`` his shares of the
    prizes his ship took this Naval Mission (seed 000, "Prize Money": each
    ``{"engagement", "prize", "type", "size", "as", "share"}``, the share's ``(Wealth
    opposition, automatic successes)`` choices); his sheet's ``state`` his Health;
    ``mentions`` his Mentions in Despatches, each ``{"die", "docked"}``: the Status Points
    a month it gives him for three months from the month (``"YYYY-MM"``) his ship docked
    in London, then one (Briny 001:1084, :mod:`strategy.campaign.mentions`); ``shames``
    his poltroonery found out, each ``{"lost", "docked"}``: the Status Points he loses a
    month from the month his ship docked till a mention redeems him (001:1062).
    """

    id: str
    name: str
    rank: str
    na: int
    seniority: int
    birth: Birth
    sheet: Sheet
    funds: int
    constitution: int
    expertise: int
    ship: str | None = None
    squadron: str | None = None
    appointment: str | None = None
    serves: str | None = None
    wounds: tuple[str, ...] = field(default=())
    experience: int = 0
    declined: int = 0
    dead: bool = False
    spent: tuple[tuple[str, int], ...] = ()
    used: tuple[str, ...] = ()
    prize_money: tuple[Mapping[str, Any], ...] = ()
    mentions: tuple[Mapping[str, Any], ...] = ()
    shames: tuple[Mapping[str, Any], ...] = ()
    #: the title the King conferred on him (Briny TITLES), and the qualifications since his
    #: last that gained none ("he subtracts one from the die roll needed")
    title: str | None = None
    title_tries: int = 0

    @property
    def own_title(self) -> str | None:
        """The title he holds: the King's, else a noble orphan's father's."""
        return self.title or self.birth.inherited_title

    @property
    def social_level(self) -> int:
        """His Social Level: his birth's, raised to his title's New Social Level (Briny
        TITLES; Status Points, the other way, are not kept by the game)."""
        return raised_social_level(self.birth.social_level, self.title)

    def titled(self, rolled: Mapping[str, Any]) -> Character:
        """Him after the King's roll (:func:`strategy.characters.titles.title_roll`): the
        title his when granted (the tries start again for the next), else one try more."""
        if rolled["granted"]:
            return replace(self, title=rolled["title"], title_tries=0)
        return replace(self, title_tries=self.title_tries + 1)

    def officer(self, player: bool) -> Officer:
        """The campaign's view of him (:class:`strategy.campaign.fleet.Officer`): each of
        its fields his own of that name, but ``player`` and the wounds it counts (limbs and
        eyes lost, for the Nelson Touch)."""
        shared = {f.name: getattr(self, f.name) for f in fields(Officer) if f.name != "player"}
        shared["wounds"] = tuple(w for w in self.wounds if w in ("eye", "leg", "arm"))
        return Officer(**shared, player=player)

    def aboard(self, role: str, name: str) -> dict[str, Any]:
        """Him in a battle, as :func:`strategy.combat.combatant` reads an officer (seed
        000, "Ship to Ship Combat"): his sheet's skills the engine tests, his Discipline
        Measure (the cards he can take from his commander), his Measures (Overcoming
        Great Hardship spends them), ``role`` aboard. He comes as the last fight and the
        months since left him (seed 000 ~959, "Healing"): his Health (his sheet's state)
        and his Measures less the points spent this Naval Mission."""
        mine = {name_key(k, "_"): v for k, v in self.sheet.skills.items()}
        skills = {k: mine.get(k, 0) for k in SKILLS}  # a skill not on his sheet is 0
        measures = standing(self.sheet.measures, dict(self.spent))
        out: dict[str, Any] = {
            "name": name,
            "role": role,
            "skills": skills,
            "discipline": measures["Discipline"],
            "measures": measures,
        }
        if self.sheet.state != "Healthy":
            out["health"] = self.sheet.state.lower()
        # his Reputations, each "temporarily reduced" to its Measure as it stands ("What
        # happens if I lose Influence or Charm?"): one naming his foe enters his tests
        reputations = [
            {"kind": r.kind, "subject": r.subject, "cards": min(r.value, measures[limit])}
            for r in self.sheet.reputations
            for limit in (REPUTATION_LIMITS[r.kind],)
        ]
        if reputations:
            out["reputations"] = reputations
        return in_battle(out, self.sheet.traits, self.sheet.curios, self.used)

    def healed(self, months: int, dealer: Any, gm: bool = False) -> tuple[Character, list]:
        """Him after ``months`` turns of the month (:func:`strategy.characters.health.heal`:
        Maimed to Injured, then a First Aid test to Healthy); the tests it took."""
        first_aid = self.sheet.skills.get("First Aid", 0)
        state, done = heal(self.sheet.state, months, first_aid, dealer, gm)
        if state == self.sheet.state:
            return self, done
        return replace(self, sheet=_with_state(self.sheet, state)), done

    def spending(self, left: Mapping[str, int]) -> Character:
        """Him after a battle that left his Measures at ``left`` (of those spent in it):
        the points spent stay spent for the Naval Mission (seed 000, "Overcoming Great
        Hardship")."""
        spent = dict(self.spent)
        for m, points in spent_from(self.sheet.measures, left).items():
            spent[m] = max(spent.get(m, 0), points)
        return replace(self, spent=tuple((m, spent[m]) for m in MEASURES if spent.get(m)))

    def using(self, traits: Iterable[str]) -> Character:
        """Him after a battle in which he used ``traits`` once a Naval Mission (Jack Tar's
        repeat: "Once per Naval Mission"): used for the rest of it."""
        return replace(self, used=(*self.used, *traits))

    def mission_over(self) -> Character:
        """Him at the end of the Naval Mission: "all Measures return to their full value",
        his once-a-Naval-Mission traits his again, his prize money spent ("not a permanent
        increase in Wealth ... a passing increase in liquidity that is spent quickly")."""
        if self.spent or self.used or self.prize_money:
            return replace(self, spent=(), used=(), prize_money=())
        return self

    def serving(self, service: Mapping[str, Any]) -> Character:
        """Him after a year of service (:func:`strategy.characters.service.served`: seed
        000, Appendix II "Years of Service"): the Measure and skill its card gave, one
        Experience more on his sheet."""
        return replace(self, sheet=served(self.sheet, service))

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out.update(wounds=list(self.wounds), birth=self.birth.to_dict(), sheet=self.sheet.to_dict())
        del out["spent"], out["used"], out["prize_money"], out["mentions"], out["shames"]
        if self.spent:  # (only when some are: the records of those who spent none as they were)
            out["spent"] = dict(self.spent)
        if self.used:  # (likewise)
            out["used"] = list(self.used)
        if self.prize_money:  # (likewise)
            out["prize_money"] = [dict(p) for p in self.prize_money]
        if self.mentions:  # (likewise)
            out["mentions"] = [dict(m) for m in self.mentions]
        if self.shames:  # (likewise)
            out["shames"] = [dict(m) for m in self.shames]
        for key in ("title", "title_tries"):  # (likewise: the untitled as they were)
            if not out[key]:
                del out[key]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Character:
        fields_ = dict(data)
        fields_["birth"] = Birth.from_dict(data["birth"])
        fields_["sheet"] = Sheet.from_dict(data["sheet"])
        fields_["wounds"] = tuple(data.get("wounds", ()))
        spent = data.get("spent") or {}
        fields_["spent"] = tuple((m, spent[m]) for m in MEASURES if spent.get(m))
        fields_["used"] = tuple(data.get("used") or ())
        fields_["prize_money"] = tuple(dict(p) for p in data.get("prize_money") or ())
        fields_["mentions"] = tuple(dict(m) for m in data.get("mentions") or ())
        fields_["shames"] = tuple(dict(m) for m in data.get("shames") or ())
        return cls(**fields_)

    def after_summer(
        self, change: Mapping[str, Any], guineas: int, year: int, season: str = "summer"
    ) -> Character:
        """Him after a season (``change``: the report's ``changes`` entry for him, see
        :func:`strategy.campaign.season.apply_report`; ``guineas``: his prize money;
        ``year`` and ``season`` the campaign's, his ship docking back in London at its
        end with the dice of his mentions in despatches)."""
        if change.get("dead"):
            return replace(self, dead=True, experience=self.experience + 1)
        new = replace(self, funds=self.funds + guineas, experience=self.experience + 1)
        if change.get("mentions"):  # a public hero from the month his ship docks (001:1084)
            docked = docked_month(year, season)
            heard = tuple({"die": die, "docked": docked} for die in change["mentions"])
            new = replace(new, mentions=(*self.mentions, *heard))
        if change.get("shame"):  # a poltroon found out, from the month his ship docks (001:1062)
            lost = {"lost": change["shame"], "docked": docked_month(year, season)}
            new = replace(new, shames=(*self.shames, lost))
        if "na" in change:
            new = replace(new, na=change["na"], sheet=_with_command(new.sheet, change["na"]))
        if "rank" in change:
            new = replace(
                new,
                rank=change["rank"],
                seniority=year,
                ship=change.get("ship"),
                squadron=change.get("squadron"),
                appointment=None,
                serves=None,
            )
        if "declined" in change:
            new = replace(new, declined=change["declined"])
        if "wound" in change:
            new = _wounded(new, change["wound"])
        return new


def _wounded(c: Character, die: int) -> Character:
    """The Nelson Touch's wound ``die`` (Briny, The Nelson Touch): a limb or an eye, and
    the fraction lost from Constitution and duelling Expertise."""
    wound = nelson_wound(die)
    con = c.constitution - round(c.constitution * wound.constitution)
    exp = c.expertise - round(c.expertise * wound.expertise)
    mark = wound.loses or ("face" if die == 4 else "scar" if die == 6 else None)
    return replace(
        c,
        constitution=max(con, 1),
        expertise=max(exp, 1),
        wounds=(*c.wounds, mark) if mark else c.wounds,
    )


#: the fields of an officer aboard that his traits' takes add up to (the first his
#: weapon's, the rest the ``battle`` keys of the same names)
_SUMMED = (
    *("weapon_bonus", "maimed_guts", "outgunned_command", "cheat_death", "jack_tar"),
    *("jonah", "naysayer"),
)
#: a curio's skill: "Reef Map of the West Indies (+1 Seamanship)"
_CURIO = re.compile(r"\(\s*\+\s*(\d)\s+([A-Za-z][A-Za-z ]*?)\s*\)")
#: a curio of some waters: "... of the West Indies", "of the Indies"
_WATERS = re.compile(r"\bof the [A-Z]")


def in_battle(
    officer: dict[str, Any],
    traits: Iterable[str],
    curios: Iterable[str] = (),
    used: Iterable[str] = (),
) -> dict[str, Any]:
    """``officer`` (:meth:`Character.aboard`'s) with what his ``traits`` give in a sea
    fight, each take once (seed 000, Step Seven; btq_characters.json ``battle``): their
    cards on the battle skills he has (a skill he lacks is his crew's, 000:1735, which
    no trait of his improves), those of his role aboard, his weapon's in boarding, his
    Discipline for taking his commander's cards, his Guts to act when Maimed, his first
    wound of the fight one level less (Is But A Scratch, Sir!), his Command under fire
    from a ship with more guns (Fearless), a wound that would kill him ignored (Cheat
    Death!), his first failed test repeated (Jack Tar, less its ``used`` this Naval
    Mission), a wound that would Maim or kill him ignored (Jonah), an enemy's test
    cursed (Naysayer), a hit of his Broadside! moved (Accurate Gunner); and each of
    his ``curios`` that names a battle skill ("+1 card modifier to one skill when used",
    written ``Old charts (+1 Seamanship)``), unless it is of some waters (the book's "Reef
    Map of the West Indies", "not relevant to the water he is sailing")."""
    weapon = str(COMBAT["officer_weapon"])  # the weapon he boards with
    skills = officer["skills"]
    # his cards and uses that add up, take by take (the officer's fields of those names)
    sums = dict.fromkeys(_SUMMED, 0)
    for text in traits:
        battle = trait(split_trait(text)[0]).battle
        for gains in (battle.get("skills", {}), battle.get("as", {}).get(officer["role"], {})):
            for skill, cards in gains.items():
                if skills[skill] > 0:
                    skills[skill] += cards
        officer["discipline"] += battle.get("discipline", 0)
        sums["weapon_bonus"] += battle.get("weapons", {}).get(weapon, 0)
        for key in _SUMMED[1:]:
            sums[key] += battle.get(key, 0)
        for flag in ("scratch", "accurate_gunner"):
            if battle.get(flag):
                officer[flag] = True
    for curio in curios:
        found = _CURIO.search(curio)
        skill = name_key(found.group(2), "_") if found else None
        if found and skill in skills and skills[skill] > 0 and not _WATERS.search(curio):
            skills[skill] += int(found.group(1))
    # Jack Tar is "once per Naval Mission": the repeats he asked in its earlier fights
    sums["jack_tar"] -= sum(1 for u in used if u == "Jack Tar")
    officer.update({k: v for k, v in sums.items() if v > 0})
    return officer


def _with_state(sheet: Sheet, state: str) -> Sheet:
    return Sheet.from_dict({**sheet.to_dict(), "state": state})


def _with_command(sheet: Sheet, na: int) -> Sheet:
    skills = dict(sheet.skills)
    skills["Command"] = command_of(na)
    return Sheet.from_dict({**sheet.to_dict(), "skills": skills})


@contextmanager
def _naming(where: str) -> Iterator[None]:
    """A refusal from inside a part of the officer names that part first."""
    try:
        yield
    except RulesError as exc:
        raise type(exc)(f"{where}.{exc.args[0] if exc.args else exc}") from None


def _check_fields(fields: Mapping[str, Any]) -> None:
    for key in fields:
        if key not in FIELDS:
            raise InvalidMove(f"officer: unknown field {key!r}; fields: {', '.join(FIELDS)}")
    name = fields.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 80):
        raise InvalidMove("officer.name: a name of 1 to 80 characters")
    rank = fields.get("rank")
    if rank is not None:
        if not isinstance(rank, str):
            raise InvalidMove("officer.rank: a rank's name")
        try:
            rank_index(rank)
        except InvalidMove:
            raise InvalidMove(f"officer.rank: unknown rank {rank!r}") from None
    if "na" in fields:
        check_na(fields["na"], "officer.na")
    seniority = fields.get("seniority")
    if seniority is not None and (type(seniority) is not int or not 1700 <= seniority <= 1900):
        raise InvalidMove("officer.seniority: the year he took his rank, 1700..1900")
    for part in ("birth", "sheet", "creation"):
        if part in fields and not isinstance(fields[part], Mapping):
            raise InvalidMove(f"officer.{part}: an object")


def character_from(
    fields: Mapping[str, Any],
    *,
    oid: str,
    rank: str,
    year: int,
    rng: random.Random,
    ship: str | None = None,
    squadron: str | None = None,
) -> Character:
    """An officer entered by the GM or a player: ``fields`` (see :data:`FIELDS`) checked
    against the books, every field left out rolled from ``rng``; ``rank`` is his berth's
    rank unless he names his own. His BtQ sheet is entered whole (``sheet``), built from
    the creation steps he took (``creation``: :func:`strategy.characters.build_sheet`), or
    rolled. Raises :class:`~strategy.errors.RulesError` naming the field."""
    _check_fields(fields)
    rank = fields.get("rank") or rank
    dice = RandomDice(rng)
    na = fields["na"] if "na" in fields else roll_na(dice)
    with _naming("officer.birth"):
        birth = roll_birth_filling(fields.get("birth") or {}, dice)
    if "sheet" in fields and "creation" in fields:
        raise InvalidMove("officer: a 'sheet' entered or its 'creation' steps, not both")
    if "sheet" in fields or "creation" in fields:
        part = "sheet" if "sheet" in fields else "creation"
        with _naming(f"officer.{part}"):
            sheet = sheet_from(fields[part]) if part == "sheet" else build_sheet(fields[part])
        if sheet.position != position_of(rank):
            raise InvalidMove(
                f"officer.{part}.position: a {rank} serves as {position_of(rank)!r}, "
                f"not {sheet.position!r}"
            )
    else:
        sheet = roll_sheet(position_of(rank), rng)
    sheet = _with_command(sheet, na)  # his NA's, whatever the sheet's steps gave
    return Character(
        oid,
        fields.get("name") or roll_name(rng),
        rank,
        na,
        fields.get("seniority") or year,
        birth,
        sheet,
        birth.funds,
        birth.constitution,
        birth.expertise,
        ship,
        squadron,
    )


def roll_character(officer: Officer, year: int, rng: random.Random) -> Character:
    """An NPC for ``officer``'s berth (his rank, NA and Constitution as the fleet rolled
    them): a name, a Briny birth and a BtQ sheet, all from ``rng``."""
    birth = roll_birth_filling({"constitution": officer.constitution}, RandomDice(rng))
    sheet = _with_command(roll_sheet(position_of(officer.rank), rng), officer.na)
    return Character(
        officer.id,
        roll_name(rng),
        officer.rank,
        officer.na,
        year,
        birth,
        sheet,
        birth.funds,
        birth.constitution,
        birth.expertise,
        officer.ship,
        officer.squadron,
        officer.appointment,
        officer.serves,
    )
