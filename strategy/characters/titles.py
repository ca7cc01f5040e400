"""Titles: the King's roll for a title after a valuable service to the state, and the
Social Level a title raises (Briny En Garde!, TITLES, 001:1252-1269).

"The King confers titles upon players who meet any of the above requirements on a roll of 6
on one die ... Players add one to their die roll for every three levels they are above the
minimum Social Level for the particular title. Every time, after the first attempt that a
player qualifies for a title, he subtracts one from the die roll needed; this is cumulative.
Players without titles become knights; players who are already titled roll for the next
higher title." The services ("These are:") are lost from the book: read from its example,
"BR of 1, two mentions and being appointed as a minister" (docs/rules-notes.md, "Titles").
Status Points are not kept by the game, so a title's SP are shown, not paid.

>>> from strategy.campaign.dice import ScriptedDice
>>> rolled = title_roll(None, 9, 1, 0, ScriptedDice([5]))
>>> rolled["title"], rolled["needed"], rolled["total"], rolled["granted"], rolled["new_sl"]
('Knight', 6, 6, True, 10)
>>> title_words(rolled)
'Knight: conferred by the King (rolled 5, needed 6 less 1)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.dice import Dice
from strategy.characters.birth import TITLES
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = [
    "QUALIFYING_BATTLE_RESULT",
    "QUALIFYING_MENTIONS",
    "TITLE_TABLE",
    "TitleRow",
    "next_title",
    "raised_social_level",
    "title_roll",
    "title_words",
]


@dataclass(frozen=True, slots=True)
class TitleRow:
    """One row of the Title Table: ``min_sl`` (below it, "a pat on the back"), ``new_sl``
    (the Social Level he is raised to), ``sps`` (Status Points that month), ``pension``
    (guineas a month; None: the knight's "-")."""

    title: str
    min_sl: int
    new_sl: int
    sps: int
    pension: int | None


_RAW = freeze(load("table_titles.json"))
check(_RAW["roll"] == 6 and _RAW["sl_step"] == 3, "table_titles.json: roll, sl_step")
TITLE_TABLE: Mapping[str, TitleRow] = MappingProxyType(
    {r["title"]: TitleRow(**r) for r in _RAW["titles"]}
)
check(tuple(TITLE_TABLE) == TITLES, "table_titles.json: the titles of Birth Table D, in order")
check(
    all(r.min_sl < r.new_sl for r in TITLE_TABLE.values()),
    "table_titles.json: a title raises above its Min SL",
)
#: the services that qualify (docs/rules-notes.md "Titles"): a personal battle result of 1,
#: two mentions in despatches in one summer (and a government post, the caller's)
QUALIFYING_BATTLE_RESULT: int = _RAW["qualifications"]["battle_result"]
QUALIFYING_MENTIONS: int = _RAW["qualifications"]["mentions"]


def next_title(now: str | None) -> str | None:
    """The title he rolls for: a knighthood without one, else the next higher; None for a
    Duke (none higher)."""
    if now is None:
        return TITLES[0]
    i = TITLES.index(now)
    return TITLES[i + 1] if i + 1 < len(TITLES) else None


def raised_social_level(birth_level: int, title: str | None) -> int:
    """His Social Level with ``title``: "If a character's Social Level is below that listed
    on the New Social Level column ... he is automatically elevated to that level"."""
    if title is None:
        return birth_level
    return max(birth_level, TITLE_TABLE[title].new_sl)


def title_roll(
    now: str | None, social_level: int, services: int, tries: int, dice: Dice
) -> dict[str, Any]:
    """The King's roll for the title after ``now`` for ``services`` (1 or more) qualifying
    this season, ``tries`` earlier qualifications that gained none: 1d6 against 6 less one
    for each earlier try; +1 for every three levels above the title's Min SL, +1 for each
    service after the first. Below Min SL: no roll, "a pat on the back". ``{"title",
    "services", "tries", "min_sl", "die", "needed", "modifiers", "total", "granted",
    "pat_on_back"}``, and when granted ``new_sl``, ``sps`` and ``pension``. Needs a title to
    roll for (:func:`next_title` not None)."""
    sought = next_title(now)
    if sought is None or services < 1 or tries < 0:
        raise InvalidMove(f"title: no roll for {now or 'no title'} ({services} services)")
    row = TITLE_TABLE[sought]
    out: dict[str, Any] = {
        "title": sought,
        "services": services,
        "tries": tries,
        "min_sl": row.min_sl,
    }
    if social_level < row.min_sl:
        empty: dict[str, Any] = {"die": None, "needed": None, "modifiers": [], "total": None}
        return {**out, **empty, "granted": False, "pat_on_back": True}
    mods: list[dict[str, Any]] = []
    above = (social_level - row.min_sl) // _RAW["sl_step"]
    if above:
        mods.append({"why": f"Social Level {social_level}", "modifier": above})
    if services > 1:
        mods.append({"why": f"{services} services", "modifier": services - 1})
    needed = _RAW["roll"] - tries
    die = dice.d6()
    total = die + sum(m["modifier"] for m in mods)
    out.update(die=die, needed=needed, modifiers=mods, total=total)
    out.update(granted=total >= needed, pat_on_back=False)
    if out["granted"]:
        out.update(new_sl=raised_social_level(social_level, sought), sps=row.sps)
        out["pension"] = row.pension
    return out


def title_words(rolled: Mapping[str, Any]) -> str:
    """The King's roll in words, e.g. "Knight: conferred by the King (rolled 5, needed 6
    less 1)", "Baron: not conferred (rolled 2, needed 5)", "Knight: a pat on the back
    (Social Level below 6)"."""
    title = rolled["title"]
    if rolled["pat_on_back"]:
        return f"{title}: a pat on the back (Social Level below {rolled['min_sl']})"
    result = "conferred by the King" if rolled["granted"] else "not conferred"
    less = sum(m["modifier"] for m in rolled["modifiers"])
    needed = f"needed {rolled['needed']}" + (f" less {less}" if less else "")
    return f"{title}: {result} (rolled {rolled['die']}, {needed})"
