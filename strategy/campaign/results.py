"""Battle results rolled down the chain of command (Briny En Garde!, CAMPAIGN OUTCOME and
the Battle Result Table).

Every officer in command rolls a die against his effective NA, in order of command (see
:attr:`strategy.campaign.command.ChainOfCommand.rolls`): his NA, +1 for a competent
junior, the cascade of his superior's result (1-2 raise it by one, 5-6 lower it by one)
and the season's, kept within 1..10; the die with the season's and the Victualling
Board's modifiers kept within 1..6. Experience: +1 NA (at most 10) for everyone on the
books whose result beat his immediate superior's.

>>> [cascade(r) for r in (None, 1, 2, 3, 4, 5, 6)]
[0, 1, 1, 0, 0, -1, -1]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from strategy.campaign.command import ChainOfCommand, RollSpec
from strategy.campaign.dice import Dice
from strategy.campaign.fleet import Officer
from strategy.campaign.tables import battle_table

__all__ = ["SEASON_DIE", "SEASON_NA", "BattleResults", "cascade", "roll_battle_results"]

SEASON_NA = MappingProxyType({"winter": -2})  # icy riggings
SEASON_DIE = MappingProxyType({"autumn": -1})  # "-1 DM to battle result", as printed
_TABLE = battle_table()


def cascade(superior_result: int | None) -> int:
    """A superior's result moves his subordinates' NA: +1 on 1-2, -1 on 5-6, else 0."""
    if superior_result is None:
        return 0
    return 1 if superior_result <= 2 else -1 if superior_result >= 5 else 0


@dataclass
class BattleResults:
    """Every battle-result roll of a season in order, each officer's result by id, and
    who gained experience."""

    rolls: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, int] = field(default_factory=dict)
    experience: list[dict[str, Any]] = field(default_factory=list)


def roll_battle_results(
    cmd: ChainOfCommand,
    preset: Mapping[str, int],
    season: str,
    victualling_board: bool,
    dice: Dice,
) -> BattleResults:
    """Roll the season's battle results down the chain of command (dice in that order).

    ``preset`` ship results are not rolled (a real battle on the map decided them), but
    cascade like any other. Winter costs every roll two NA; autumn's -1 takes one off
    every die, the Victualling Board's -1 one off every die but the First Sea Lord's.
    """
    die_mod = SEASON_DIE.get(season, 0)
    rolls = _season_rolls(
        cmd, SEASON_NA.get(season, 0), die_mod, die_mod - (1 if victualling_board else 0)
    )
    out = BattleResults()
    records, experience = out.rolls, out.experience
    results: list[int] = []  # in order of the rolls: a superior's is found by position
    d6 = dice.d6
    for spec, template, at, outcome, junior in rolls:
        sup = None if at is None else results[at]
        if preset and spec.role == "captain" and spec.ship in preset:
            rec = _preset(spec, sup, preset[spec.ship])  # type: ignore[index]
            br = rec["result"]
        else:
            rec = template.copy()
            die = d6()
            rec["superior_result"] = sup
            shift, eff, mdie, br = outcome[sup or 0][die]
            if shift:  # the template's is 0
                rec["cascade"] = shift
            rec["effective_na"] = eff
            rec["die"] = die
            rec["modified_die"] = mdie
            rec["result"] = br
            if junior is not None:
                rec["junior"] = {"by": junior.id, "na": junior.na}
        results.append(br)
        records.append(rec)
        if sup is not None and br < sup and spec.known:
            experience.append(_experience(spec, br, sup))
    out.result = dict(zip(cmd.rollers, results, strict=True))
    return out


#: (cascade, effective NA, modified die, result) by the superior's result (0: no
#: superior) and the die (1..6)
_Outcome = tuple[tuple[tuple[int, int, int, int], ...], ...]


@lru_cache(maxsize=256)
def _outcome(na: int, die_mod: int) -> _Outcome:
    """The Battle Result Table as one officer rolls it: at ``na`` before the cascade (his
    NA, his junior's raise and the season's), his die moved by ``die_mod``; effective NA
    kept within 1..10, the die within 1..6."""
    table = []
    for sup in (None, 1, 2, 3, 4, 5, 6):
        shift = cascade(sup)
        eff = min(10, max(1, na + shift))
        row = [(0, 0, 0, 0)]  # no die 0
        for die in range(1, 7):
            mdie = min(6, max(1, die + die_mod))
            row.append((shift, eff, mdie, _TABLE[mdie - 1][eff - 1]))
        table.append(tuple(row))
    return tuple(table)


@lru_cache(maxsize=1024)  # chains of command kept x kinds of season
def _season_rolls(
    cmd: ChainOfCommand, na_mod: int, die_mod: int, fleet_die_mod: int
) -> tuple[tuple[RollSpec, MappingProxyType[str, Any], int | None, _Outcome, Officer | None], ...]:
    """Per roll of ``cmd`` in a season: its spec, its record but for what the dice decide,
    the position of its superior's roll, its :func:`_outcome` and the competent junior
    who raises his NA (unpacked: the roll needs them all)."""
    out = []
    for spec in cmd.rolls:
        dmod = fleet_die_mod if spec.fleet else die_mod
        template = {
            "officer": spec.officer.id,
            "role": spec.role,
            "ship": spec.ship,
            "superior": spec.superior_id,
            "superior_result": None,
            "na": spec.officer.na,
            "junior": None,
            "cascade": 0,
            "season": na_mod,
            "effective_na": 0,
            "die": 0,
            "die_modifier": dmod,
            "modified_die": 0,
            "result": 0,
        }
        na = spec.officer.na + (0 if spec.junior is None else 1) + na_mod
        outcome = _outcome(na, dmod)
        out.append((spec, MappingProxyType(template), spec.superior, outcome, spec.junior))
    return tuple(out)


def _experience(spec: RollSpec, result: int, superior_result: int) -> dict[str, Any]:
    """+1 NA (at most 10) for an officer whose result beat his superior's."""
    na = spec.officer.na
    return {
        "officer": spec.officer.id,
        "result": result,
        "superior": spec.superior_id,
        "superior_result": superior_result,
        "na_before": na,
        "na_after": min(10, na + 1),
    }


def _preset(spec: RollSpec, sup: int | None, result: int) -> dict[str, Any]:
    """A captain's result already earned in a battle on the map: not rolled."""
    return {
        "officer": spec.officer.id,
        "role": spec.role,
        "ship": spec.ship,
        "superior": spec.superior_id,
        "superior_result": sup,
        "preset": result,
        "result": result,
    }
