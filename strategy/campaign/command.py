"""The chain of command of a campaign season and its battle results.

Battle results are rolled in order of command: the First Sea Lord's strategic result,
then per fleet the senior admiral and the other squadron commanders, then the captains,
then the lieutenants and Marine commanders (CAMPAIGN OUTCOME). A superior's 1-2 raises
his subordinates' effective NA by one, his 5-6 lowers it by one, within 1..10; a competent
junior (NA two or more above) raises his commander's by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import floor
from operator import is_
from typing import Any

from strategy.campaign.dice import Dice, RandomDice
from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    MARINE_RANKS,
    SHIPS,
    Officer,
    officers_from,
    rm_general_of,
)
from strategy.campaign.outcomes import Vacancies
from strategy.campaign.tables import Deployment, battle_table

__all__ = [
    "BattleResults",
    "Books",
    "ChainOfCommand",
    "RollSpec",
    "SEASON_DIE",
    "SEASON_NA",
    "books_of",
    "cascade",
    "chain_of",
    "flagship",
    "roll_battle_results",
]

FLAG_SQUADRONS = ("White", "Red", "Blue")
SEASON_NA = {"winter": -2}  # icy riggings
SEASON_DIE = {"autumn": -1}  # "-1 DM to battle result", as printed
_ADMIRAL_ORDER = {r: i for i, r in enumerate(ADMIRAL_RANKS)}
_CASCADE = {1: 1, 2: 1, 3: 0, 4: 0, 5: -1, 6: -1}


def cascade(superior_result: int | None) -> int:
    """A superior's result moves his subordinates' NA: +1 on 1-2, -1 on 5-6, else 0."""
    if superior_result is None:
        return 0
    return 1 if superior_result <= 2 else -1 if superior_result >= 5 else 0


class Books:
    """What a list of officers on the books gives every season they sail.

    Crews by ship, each ship's captain, Marine commander, competent-junior candidates and
    lieutenants who roll, the flag officers by squadron, aides, RM Generals, the First Sea
    Lord and the open berths: none of it depends on the deployment, so a list of officers
    sailing many seasons (the odds, the benchmark) builds it once (:func:`books_of`).
    Read-only once built, but for the memos ``plans`` (who rolls against what) and
    ``chains`` (see :func:`chain_of`).
    """

    def __init__(self, officers: Sequence[Officer], memo: bool = True) -> None:
        self.officers = tuple(officers)
        self.memo = memo  # False: books for one season only, nothing worth remembering
        self.by_id = {o.id: o for o in officers}
        crew: dict[str, list[Officer]] = {}
        flags: dict[str, list[Officer]] = {sq: [] for sq in FLAG_SQUADRONS}
        self.aides_of: dict[str, list[Officer]] = {}
        self.generals: dict[str, Officer] = {}
        self.fsl_aides: list[Officer] = []
        fsl = None
        for o in officers:  # one pass: ~200 officers, most of them aboard ships
            if o.ship is not None:
                crew.setdefault(o.ship, []).append(o)
                continue
            app = o.appointment
            if app == "First Sea Lord":
                fsl = fsl or o
            elif o.rank in _ADMIRAL_ORDER and o.squadron in flags:
                flags[o.squadron].append(o)
            elif app == "Aide to Admiral" and o.serves:
                self.aides_of.setdefault(o.serves, []).append(o)
            elif app == "Aide to the First Sea Lord":
                self.fsl_aides.append(o)
            elif o.squadron and o.rank == rm_general_of(o.squadron):
                self.generals.setdefault(o.squadron, o)
        self.crew = crew
        self.flags = flags
        self.flags_by_rank = {
            sq: sorted(adms, key=lambda o: _ADMIRAL_ORDER[o.rank]) for sq, adms in flags.items()
        }
        self.fsl = fsl or Officer(
            "FSL", "First Sea Lord (NPC)", "Admiral", 5, appointment="First Sea Lord"
        )
        self.captain: dict[str, Officer] = {}
        self.rm_of: dict[str, Officer | None] = {}
        self.juniors: dict[str, list[Officer]] = {}  # may raise the captain's NA
        self.rollers: dict[str, list[tuple[Officer, str]]] = {}  # roll after the captain
        # per ship, what its personal outcomes need of each of its company, unpacked
        self.company: dict[str, tuple[tuple[Officer, str, bool, bool], ...]] = {
            code: tuple((o, o.rank, o.player, o.rank == "Lieutenant") for o in aboard)
            for code, aboard in crew.items()
        }
        self.lieutenant_ids = {
            code: tuple(o.id for o in aboard if o.rank == "Lieutenant")
            for code, aboard in crew.items()
        }
        # per ship and summer, who rolls against which context (strategy.campaign fills it)
        self.plans: dict[tuple, Any] = {}
        self.chains: dict[tuple[Deployment, ...], ChainOfCommand] = {}  # see chain_of
        for code, aboard in crew.items():
            caps = [o for o in aboard if o.rank in CAPTAIN_RANKS]
            if caps:
                self.captain[code] = max(
                    caps, key=lambda o: (CAPTAIN_RANKS.index(o.rank), o.player)
                )
            rm = self.rm_of[code] = _rm_commander(aboard, code)
            juniors = [o for o in aboard if o.appointment == "Ship's Adjutant"]
            if rm:
                juniors.append(rm)
            self.juniors[code] = juniors
            self.rollers[code] = [
                (o, "lieutenant" if o.rank == "Lieutenant" else "rm_commander")
                for o in aboard
                if o.rank == "Lieutenant" or o is rm
            ]
        self.vacancies = Vacancies(officers)

    def same(self, officers: Sequence[Officer]) -> bool:
        """True if ``officers`` are these very officer objects, in this order."""
        mine = self.officers
        return len(mine) == len(officers) and all(map(is_, mine, officers))


_BOOKS: list[Books] = []  # the last few lists of officers, most recent first


def chain_of(
    deployment: Sequence[Deployment], books: Books, choices: Mapping[str, Any]
) -> ChainOfCommand:
    """The :class:`ChainOfCommand` of a deployment, reused by the same books for the same
    deployment (read-only once built) unless the seats chose admirals."""
    if choices.get("admirals") or not books.memo:  # for one season: rolled the long way
        cmd = ChainOfCommand(deployment, books.officers, choices, books)
        cmd._specs = None
        return cmd
    key = tuple(deployment)
    cmd = books.chains.get(key)
    if cmd is None:
        cmd = ChainOfCommand(deployment, books.officers, choices, books)
        if len(books.chains) < 500:  # a Table F roll or a few volunteers each: bounded
            books.chains[key] = cmd
    return cmd


def books_of(officers: Iterable[Officer | Mapping[str, Any]], keep: bool = True) -> Books:
    """The :class:`Books` of the officers on the books (Officer objects or plain dicts).

    Reused while the very same Officer objects sail again: officers are frozen, so
    identity is enough, and the cache keeps them alive, so an identity is never reused by
    another object (dicts never match: a new Officer is made from each). ``keep=False``
    for a list that cannot recur (NPCs made for one season).
    """
    if type(officers) not in (list, tuple):
        officers = list(officers)
    for books in _BOOKS:
        if books.same(officers):  # type: ignore[arg-type]
            return books
    # officers given as dicts are made anew each time: those books can never match again
    keep = keep and all(isinstance(o, Officer) for o in officers)
    books = Books(officers_from(officers), memo=keep)
    if keep:
        _BOOKS.insert(0, books)
        del _BOOKS[4:]
    return books


class ChainOfCommand:
    """The chain of command of one season: who answers to whom."""

    def __init__(
        self,
        deployment: Sequence[Deployment],
        officers: Sequence[Officer],
        choices: Mapping[str, Any],
        books: Books | None = None,
    ) -> None:
        # ``books``: those of ``officers``, when the caller has them already
        books = books if books is not None else books_of(officers)
        self.books = books
        self.deployment = tuple(deployment)
        self._specs: tuple[RollSpec, ...] | None | bool = False  # False: not yet known
        self._season_rolls: dict[
            tuple[int, int, int], tuple[tuple[_Roll, ...], dict[str, int], dict[str, str]]
        ] = {}
        #: per (group, flagship's result), its admiral and staff with what they roll
        #: against (strategy.campaign fills it)
        self.staff_plans: dict[tuple[tuple[str, str], int], tuple] = {}
        #: per ship, its report record to copy (strategy.campaign fills it)
        self.ship_records: dict[str, dict[str, Any]] | None = None
        self.by_id = books.by_id
        aboard = books.crew
        self.crew: dict[str, Sequence[Officer]] = {
            d.ship: aboard.get(d.ship, ()) for d in deployment
        }
        self.flags = books.flags
        self.aides_of = books.aides_of
        self.generals = books.generals
        self.fsl_aides = books.fsl_aides
        self.fsl = books.fsl
        captains = books.captain
        self.captain: dict[str, Officer] = {}
        for code in self.crew:
            cap = captains.get(code)
            if cap is None:
                raise ValueError(f"{SHIPS[code].name} cannot sail without a captain")
            self.captain[code] = cap
        self.groups: list[tuple[str, str]] = []
        for d in deployment:
            if d.squadron in FLAG_SQUADRONS and (d.fleet, d.squadron) not in self.groups:
                self.groups.append((d.fleet, d.squadron))
        self.admiral = self._assign_admirals(choices)
        self.top: dict[str, Officer] = {}
        for fleet in dict.fromkeys(d.fleet for d in deployment):
            here = [self.admiral[g] for g in self.groups if g[0] == fleet and g in self.admiral]
            if here:
                self.top[fleet] = max(
                    here,
                    key=lambda a: (
                        _ADMIRAL_ORDER[a.rank],
                        -FLAG_SQUADRONS.index(a.squadron or "Blue"),
                    ),
                )
        self.fleet_admirals = {
            f: [self.admiral[g] for g in self.groups if g[0] == f and g in self.admiral]
            for f in self.top
        }
        # an admiral's staff: his aides, and for the first group of a squadron its RM General
        self.advisers: dict[str, list[Officer]] = {}
        advising: set[str] = set()
        for group in self.groups:
            adm = self.admiral.get(group)
            if adm is not None and adm.id not in self.advisers:
                staff = list(self.aides_of.get(adm.id, ()))
                general = self.generals.get(group[1])
                if general is not None and general.id not in advising:
                    advising.add(general.id)
                    staff.append(general)
                self.advisers[adm.id] = staff
        self.rm_of = {code: books.rm_of.get(code) for code in self.crew}
        # per ship, the officer his captain answers to; the ships each admiral at sea
        # commands; each group's flagship
        self.superior = {d.ship: self.superior_of_ship(d) for d in deployment}
        self.under: dict[str, list[str]] = {}
        for d in deployment:
            sup = self.superior[d.ship]
            if sup is not self.fsl:
                self.under.setdefault(sup.id, []).append(d.ship)
        self.flagship_of = {
            group: flagship([d.ship for d in deployment if (d.fleet, d.squadron) == group])
            for group in self.admiral
        }

    def _assign_admirals(self, choices: Mapping[str, Any]) -> dict[tuple[str, str], Officer]:
        flags = self.books.flags_by_rank
        chosen: dict[tuple[str, str], Officer] = {}
        for sub in choices.get("admirals", ()) or ():
            group = (sub.get("fleet"), sub.get("squadron"))
            if group not in self.groups:
                raise ValueError(f"no {group[1]} squadron in the {group[0]} to command")
            adm = self.by_id.get(sub.get("admiral"))
            if adm is None or adm.rank not in ADMIRAL_RANKS:
                raise ValueError(f"{sub.get('admiral')!r} is not an admiral")
            if not self.fsl.player and adm.squadron != group[1]:
                raise ValueError(
                    f"an NPC First Sea Lord substitutes admirals within their "
                    f"squadron: {adm.name} is not of the {group[1]}"
                )
            if adm in chosen.values():
                raise ValueError(f"{adm.name} cannot command two squadrons")
            chosen[group] = adm
        used = set(a.id for a in chosen.values())
        for group in self.groups:
            if group in chosen:
                continue
            for adm in flags[group[1]]:
                if adm.id not in used:
                    chosen[group] = adm
                    used.add(adm.id)
                    break
        return chosen

    @property
    def specs(self) -> tuple[RollSpec, ...] | None:
        """The season's battle-result rolls in order, all that never changes (None when
        an officer id is not unique), worked out once."""
        if self._specs is False:
            self._specs = _roll_specs(self)
        return self._specs  # type: ignore[return-value]

    def season_rolls(
        self, na_mod: int, die_mod: int, fleet_die_mod: int
    ) -> tuple[tuple[_Roll, ...], dict[str, int], dict[str, str]]:
        """:attr:`specs` made ready for a season's modifiers (kept per kind of season),
        with a result per officer to fill in and each one's superior, in order."""
        key = (na_mod, die_mod, fleet_die_mod)
        rolls = self._season_rolls.get(key)
        if rolls is None:
            specs = self.specs or ()
            rolls = self._season_rolls[key] = (
                _season_rolls(specs, *key),
                {spec[0]: 0 for spec in specs},
                {spec[0]: spec[3] for spec in specs if spec[3] is not None},
            )
        return rolls

    def superior_of_ship(self, d: Deployment) -> Officer:
        adm = self.admiral.get((d.fleet, d.squadron)) if d.squadron else None
        return adm or self.top.get(d.fleet) or self.fsl


def _junior_raise(commander: Officer, juniors: Iterable[Officer]) -> dict[str, Any] | None:
    for j in juniors:
        if j.na >= commander.na + 2:
            return {"by": j.id, "na": j.na}
    return None


def _rm_commander(crew: Sequence[Officer], code: str) -> Officer | None:
    marines = [
        o for o in crew if o.rank in MARINE_RANKS and o.rank not in ("Private RM", "Subaltern RM")
    ]
    if not marines:
        return None
    exact = [o for o in marines if o.rank == SHIPS[code].rm_commander]
    return (exact or sorted(marines, key=lambda o: -MARINE_RANKS.index(o.rank)))[0]


def flagship(codes: Sequence[str]) -> str:
    """The largest ship of a group: the lowest column of Ship Table B."""
    return min(codes, key=lambda c: SHIPS[c].column)


@dataclass
class BattleResults:
    """Every battle-result roll of a season, who answers to whom, and who gained
    experience (+1 NA, at most 10: his result beat his immediate superior's)."""

    rolls: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, int] = field(default_factory=dict)  # officer id -> result
    superior: dict[str, str] = field(default_factory=dict)  # officer id -> superior's id
    experience: list[dict[str, Any]] = field(default_factory=list)


#: one battle-result roll of a chain of command, all that does not change from season to
#: season: officer id, role, ship, superior's id, NA, a competent junior's (id, NA),
#: NA with his raise, whether the fleet's die modifier applies (all but the First Sea
#: Lord), whether he is on the books (gains experience) and his NA after experience
RollSpec = tuple[
    str, str, "str | None", "str | None", int, "tuple[str, int] | None", int, bool, bool, int
]


def _roll_specs(cmd: ChainOfCommand) -> tuple[RollSpec, ...] | None:
    """The rolls of ``cmd``'s season in order (no presets), or None if an officer would
    roll twice (ids are not unique): those seasons go the long way."""
    specs: list[RollSpec] = []
    by_id = cmd.by_id

    def add(
        o: Officer,
        role: str,
        sup: Officer | None,
        juniors: Iterable[Officer],
        ship_code: str | None = None,
    ) -> None:
        raise_ = _junior_raise(o, juniors) if juniors else None
        specs.append(
            (
                o.id,
                role,
                ship_code,
                sup.id if sup is not None else None,
                o.na,
                (raise_["by"], raise_["na"]) if raise_ else None,
                o.na + (1 if raise_ else 0),
                sup is not None,
                by_id.get(o.id) is o,
                min(10, o.na + 1),
            )
        )

    add(cmd.fsl, "first_sea_lord", None, cmd.fsl_aides)
    for fleet, top in cmd.top.items():
        add(
            top,
            "senior_admiral" if len(cmd.fleet_admirals[fleet]) > 1 else "squadron_commander",
            cmd.fsl,
            cmd.advisers[top.id],
        )
        for adm in cmd.fleet_admirals[fleet]:
            if adm is not top:
                add(adm, "squadron_commander", top, cmd.advisers[adm.id])
    juniors_of, rollers_of = cmd.books.juniors, cmd.books.rollers
    for d in cmd.deployment:
        add(cmd.captain[d.ship], "captain", cmd.superior[d.ship], juniors_of[d.ship], d.ship)
    for d in cmd.deployment:
        cap = cmd.captain[d.ship]
        for o, role in rollers_of[d.ship]:
            add(o, role, cap, (), d.ship)
    if len({spec[0] for spec in specs}) < len(specs):
        return None
    return tuple(specs)


#: a roll ready for one kind of season: the record to copy (all but the dice and what
#: follows from them filled in), officer id, superior's id, NA with his raise and the
#: season's, die modifier, competent junior, on the books, NA before and after experience
_Roll = tuple[dict[str, Any], str, "str | None", int, int, "tuple[str, int] | None", bool, int, int]


def _season_rolls(
    specs: Sequence[RollSpec], na_mod: int, die_mod: int, fleet_die_mod: int
) -> tuple[_Roll, ...]:
    """The rolls of the specs for a season's modifiers, each with its record to copy."""
    out = []
    for oid, role, ship, sup_id, na, junior, base, fleet, known, na_after in specs:
        dmod = fleet_die_mod if fleet else die_mod
        template = {
            "officer": oid,
            "role": role,
            "ship": ship,
            "superior": sup_id,
            "superior_result": None,
            "na": na,
            "junior": None,
            "cascade": 0,
            "season": na_mod,
            "effective_na": 0,
            "die": 0,
            "die_modifier": dmod,
            "modified_die": 0,
            "result": 0,
        }
        out.append((template, oid, sup_id, base + na_mod, dmod, junior, known, na, na_after))
    return tuple(out)


#: effective NA and modified die kept within 1..10 and 1..6, looked up (offset by 8)
_NA_WITHIN = tuple(min(10, max(1, n - 8)) for n in range(30))
_DIE_WITHIN = tuple(min(6, max(1, n - 8)) for n in range(30))


def _roll_known(
    rolls_: Sequence[_Roll], out: BattleResults, rand: Callable[[], float] | None, dice: Dice
) -> None:
    """:func:`roll_battle_results` from the chain's rolls (seeded dice drawn inline): each
    record is a copy of its template with the dice's part filled in. ``out.result`` and
    ``out.superior`` come with every officer's key in the order of the rolls."""
    rolls, result, experience = out.rolls, out.result, out.experience
    table = battle_table()
    d6 = dice.d6
    append = rolls.append
    na_within, die_within = _NA_WITHIN, _DIE_WITHIN
    for template, oid, sup_id, eff, dmod, junior, known, na, na_after in rolls_:
        rec = template.copy()
        if sup_id is not None:
            sup_result = result[sup_id]
            rec["superior_result"] = sup_result
            shift = _CASCADE[sup_result]
            if shift:
                rec["cascade"] = shift
                eff += shift
        eff = na_within[eff + 8]
        die = floor(rand() * 6.0) + 1 if rand is not None else d6()
        mdie = die_within[die + dmod + 8]
        result[oid] = br = table[mdie - 1][eff - 1]
        rec["effective_na"] = eff
        rec["die"] = die
        rec["modified_die"] = mdie
        rec["result"] = br
        if junior:
            rec["junior"] = {"by": junior[0], "na": junior[1]}
        append(rec)
        if sup_id is not None and br < sup_result and known:
            experience.append(
                {
                    "officer": oid,
                    "result": br,
                    "superior": sup_id,
                    "superior_result": sup_result,
                    "na_before": na,
                    "na_after": na_after,
                }
            )


def _experience(cmd: ChainOfCommand, out: BattleResults) -> None:
    """Everyone whose result beat his immediate superior's, in order of the rolls."""
    result = out.result
    for oid, sid in out.superior.items():
        o = cmd.by_id.get(oid)
        if o is None or sid not in result or result[oid] >= result[sid]:
            continue
        out.experience.append(
            {
                "officer": oid,
                "result": result[oid],
                "superior": sid,
                "superior_result": result[sid],
                "na_before": o.na,
                "na_after": min(10, o.na + 1),
            }
        )


def roll_battle_results(
    cmd: ChainOfCommand,
    deployment: Sequence[Deployment],
    preset: Mapping[str, int],
    season: str,
    victualling_board: bool,
    dice: Dice,
) -> BattleResults:
    """Roll the season's battle results down the chain of command (dice in that order).

    ``preset`` ship results are not rolled (a real battle on the map decided them). Winter
    costs every roll two NA; autumn's -1 takes one off every die, the Victualling Board's
    -1 one off every die but the First Sea Lord's.
    """
    out = BattleResults()
    rolls, result, superior = out.rolls, out.result, out.superior
    na_mod = SEASON_NA.get(season, 0)
    die_mod = SEASON_DIE.get(season, 0)
    table = battle_table()
    fleet_die_mod = die_mod - (1 if victualling_board else 0)
    if not preset and cmd.specs is not None and cmd.deployment == tuple(deployment):
        rolls_, results, superiors = cmd.season_rolls(na_mod, die_mod, fleet_die_mod)
        out.result = results.copy()  # every key already there: no growing
        out.superior = superiors.copy()
        _roll_known(rolls_, out, dice.random if type(dice) is RandomDice else None, dice)
        return out

    d6 = dice.d6

    def roll(
        o: Officer,
        role: str,
        sup: Officer | None,
        juniors: Iterable[Officer],
        dmod: int,
        ship_code: str | None = None,
    ) -> None:
        sup_id = sup.id if sup is not None else None
        sup_result = result.get(sup_id) if sup_id is not None else None
        raise_ = _junior_raise(o, juniors) if juniors else None
        shift = 0 if sup_result is None else _CASCADE[sup_result]
        na = o.na
        eff = na + (1 if raise_ else 0) + shift + na_mod
        eff = 1 if eff < 1 else 10 if eff > 10 else eff
        die = d6()
        mdie = die + dmod
        mdie = 1 if mdie < 1 else 6 if mdie > 6 else mdie
        br = table[mdie - 1][eff - 1]
        oid = o.id
        rolls.append(
            {
                "officer": oid,
                "role": role,
                "ship": ship_code,
                "superior": sup_id,
                "superior_result": sup_result,
                "na": na,
                "junior": raise_,
                "cascade": shift,
                "season": na_mod,
                "effective_na": eff,
                "die": die,
                "die_modifier": dmod,
                "modified_die": mdie,
                "result": br,
            }
        )
        result[oid] = br
        if sup_id is not None:
            superior[oid] = sup_id

    roll(cmd.fsl, "first_sea_lord", None, cmd.fsl_aides, die_mod)
    for fleet, top in cmd.top.items():
        role = "senior_admiral" if len(cmd.fleet_admirals[fleet]) > 1 else "squadron_commander"
        roll(top, role, cmd.fsl, cmd.advisers[top.id], fleet_die_mod)
        for adm in cmd.fleet_admirals[fleet]:
            if adm is not top:
                roll(adm, "squadron_commander", top, cmd.advisers[adm.id], fleet_die_mod)
    juniors_of, rollers_of = cmd.books.juniors, cmd.books.rollers
    for d in deployment:
        code = d.ship
        cap = cmd.captain[code]
        sup = cmd.superior[code]
        if code in preset:
            result[cap.id] = preset[code]
            superior[cap.id] = sup.id
            rolls.append(
                {
                    "officer": cap.id,
                    "role": "captain",
                    "ship": code,
                    "superior": sup.id,
                    "superior_result": result.get(sup.id),
                    "preset": preset[code],
                    "result": preset[code],
                }
            )
            continue
        roll(cap, "captain", sup, juniors_of[code], fleet_die_mod, code)
    for d in deployment:
        cap = cmd.captain[d.ship]
        for o, role in rollers_of[d.ship]:
            roll(o, role, cap, (), fleet_die_mod, d.ship)
    _experience(cmd, out)
    return out
