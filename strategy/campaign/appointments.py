"""Appointments: the Naval and Government Appointments Tables, who may hold a post, the
appointment roll and its renewal (Briny En Garde!, APPOINTMENTS).

"Each post has a minimum number on 1d6 to gain the appointment": an NPC appointee rolls
1d6 plus the applicant's modifiers (his Naval Ability where the post's Special Req reads
"NA 5+", his mentions in despatches for the Crown Prince) against the post's Roll; a player
appointee "chooses who is appointed". On the Naval table the applicant holds exactly the
post's rank, on the Government table that rank or higher (or the title); Min SL is his
Social Level's floor. Military appointments are renewed in September, government and civil
appointments in March (:func:`renewal_season`), by the same roll.

>>> post("Ship's Adjutant").roll, post("Ship's Adjutant").special
(6, 'NA 5+')
>>> from strategy.campaign.dice import ScriptedDice
>>> appointment_roll(post("Ship's Adjutant"), ScriptedDice([5]), na=6)["granted"]
True
>>> roll_words(appointment_roll(post("Ship's Adjutant"), ScriptedDice([5]), na=6))
"Ship's Adjutant: appointed (rolled 5, needed 6 less 1)"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from strategy.campaign.dice import Dice
from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS, rank_index
from strategy.characters.birth import TITLES
from strategy.errors import InvalidMove, UnknownName
from strategy.loader import check, freeze, load

__all__ = [
    "GOVERNMENT",
    "NAVAL",
    "Post",
    "appointee_post",
    "appointment_roll",
    "check_eligible",
    "modifiers",
    "places_full",
    "post",
    "renewal",
    "renewal_season",
    "roll_words",
]


@dataclass(frozen=True, slots=True)
class Post:
    """One row of an Appointments Table. ``ranks``: the Naval table's exact ranks (any one
    of them), or the Government table's lowest rank; ``title`` and ``needs`` ("or": the
    rank or the title; "and": both) the Government table's; ``count`` places (None: no
    limit) ``per`` ship, admiral or general served, or in all (None)."""

    appointment: str
    naval: bool
    ranks: tuple[str, ...]
    rank_printed: str
    min_sl: int | None
    special: str | None
    count: int | None
    per: str | None
    number_printed: str
    appointee: str
    roll: int
    title: str | None = None
    needs: str | None = None
    #: the favours its holder receives each season (the Government table's Infl, "7 & 8"
    #: two; the Naval table's lost their column, so none: docs/rules-notes.md)
    influence: tuple[int, ...] = ()


_RAW = freeze(load("table_appointments.json"))
_RANKS = frozenset(NAVY_RANKS) | frozenset(MARINE_RANKS)


def _post(row: Mapping[str, Any], naval: bool) -> Post:
    name = row["appointment"]
    ranks = tuple(row["ranks"]) if naval else (row["rank"],)
    check(bool(ranks) and set(ranks) <= _RANKS, f"appointments {name}: ranks {ranks}")
    check(row["special"] in (None, "NA 5+", "MiDs") if naval else True, f"{name}: special")
    check(1 <= row["roll"] <= 12, f"appointments {name}: roll")
    number = row["number"]
    check(number["per"] in (None, "ship", "admiral", "general"), f"{name}: number")
    if not naval:
        check(row["title"] in TITLES and row["needs"] in ("or", "and"), f"{name}: title")
        check(all(1 <= f <= 9 for f in row["infl"]), f"{name}: Infl, classes of favour")
    return Post(
        appointment=name,
        naval=naval,
        ranks=ranks,
        rank_printed=row["rank_printed"],
        min_sl=row["min_sl"],
        special=row["special"] if naval else None,
        count=number["count"],
        per=number["per"],
        number_printed=number["printed"],
        appointee=row["appointee"],
        roll=row["roll"],
        title=None if naval else row["title"],
        needs=None if naval else row["needs"],
        influence=() if naval else tuple(row["infl"]),
    )


def _table(key: str) -> Mapping[str, Post]:
    rows = {r["appointment"]: _post(r, key == "naval") for r in _RAW[key]}
    check(len(rows) == len(_RAW[key]), f"appointments: a {key} post twice")
    return MappingProxyType(rows)


#: the Naval Appointments Table, in the book's order
NAVAL: Mapping[str, Post] = _table("naval")
#: the Government Appointments Table, in the book's order
GOVERNMENT: Mapping[str, Post] = _table("government")
check(not set(NAVAL) & set(GOVERNMENT), "appointments: a post on both tables")
_ALIASES: Mapping[str, str] = _RAW["appointee_posts"]
_NA = _RAW["modifiers"]["na"]
_MIDS = _RAW["modifiers"]["mids"]


def post(name: str) -> Post:
    """The post ``name`` of either table; UnknownName names the field and the choices."""
    found = NAVAL.get(name) or GOVERNMENT.get(name)
    if found is None:
        raise UnknownName(f"'appointment': no post {name!r}; the naval posts: {', '.join(NAVAL)}")
    return found


def appointee_post(p: Post) -> str:
    """The post whose holder appoints to ``p`` (the book's "Naval Yard Supervisor" is its
    "Naval Yards Supervisor")."""
    return _ALIASES.get(p.appointee, p.appointee)


def _at_least(rank: str, lowest: str) -> bool:
    """Whether ``rank`` is ``lowest`` or above it; the Navy's and the Marines' ladders
    stand level (a Rear Admiral beside a Major General RM)."""
    return rank_index(rank) >= rank_index(lowest)


def _title_at_least(title: str | None, lowest: str) -> bool:
    return title is not None and TITLES.index(title) >= TITLES.index(lowest)


def check_eligible(p: Post, rank: str, social_level: int, title: str | None = None) -> None:
    """InvalidMove unless an officer of ``rank``, ``social_level`` (and ``title``) may
    hold ``p``: "on the Naval Table, he must hold exactly that rank", on the Government
    Table "the listed rank or higher"; "Min SL gives the minimum Social Level".

    >>> check_eligible(post("Captain of the Fleet"), "Post Captain", 9)
    Traceback (most recent call last):
    ...
    strategy.errors.InvalidMove: 'appointment': Captain of the Fleet needs exactly the rank of ...
    """
    if p.naval and rank not in p.ranks:
        raise InvalidMove(
            f"'appointment': {p.appointment} needs exactly the rank of "
            f"{' or '.join(p.ranks)}, not {rank}"
        )
    if not p.naval:
        by_rank = _at_least(rank, p.ranks[0])
        by_title = _title_at_least(title, p.title or "")
        ok = by_rank and by_title if p.needs == "and" else by_rank or by_title
        if not ok:
            raise InvalidMove(
                f"'appointment': {p.appointment} needs {p.rank_printed} or higher, "
                f"not {rank}{' (' + title + ')' if title else ''}"
            )
    if p.min_sl is not None and social_level < p.min_sl:
        raise InvalidMove(
            f"'appointment': {p.appointment} needs a Social Level of {p.min_sl}, not {social_level}"
        )


def modifiers(p: Post, na: int, mids: int = 0) -> list[dict[str, Any]]:
    """The applicant's modifiers to the roll (docs/rules-notes.md, "Appointments"): +1
    for a Naval Ability of 5 or more where Special Req reads "NA 5+"; for the Aide to the
    Crown Prince, +1 for 1-4 mentions in despatches, +2 for 5-7, +3 for 8 or more."""
    out: list[dict[str, Any]] = []
    if p.special == "NA 5+" and na >= _NA["at_least"]:
        out.append({"why": f"NA {na}", "modifier": _NA["modifier"]})
    if p.special == "MiDs":
        for band in _MIDS:
            if mids >= band["from"] and (band["to"] is None or mids <= band["to"]):
                out.append({"why": f"{mids} MiDs", "modifier": band["modifier"]})
    return out


def appointment_roll(
    p: Post,
    dice: Dice,
    na: int,
    mids: int = 0,
    appointee_player: bool = False,
    influence: int | None = None,
) -> dict[str, Any]:
    """The appointment of an eligible applicant: a player appointee grants it (he
    "chooses who is appointed"; no die), an NPC rolls 1d6 and grants it when the die, the
    modifiers and ``influence`` (the favours brought to bear for and against, signed:
    "Influence may be used to seek or block appointments", 001:509) reach the post's Roll.
    ``{"appointment", "appointee", "by", "die", "needed", "modifiers", "total",
    "granted"}``, and ``influence`` when given.

    >>> from strategy.campaign.dice import ScriptedDice
    >>> appointment_roll(post("Captain of the Fleet"), ScriptedDice([6]), na=9)["granted"]
    False
    """
    mods = modifiers(p, na, mids)
    out: dict[str, Any] = {
        "appointment": p.appointment,
        "appointee": appointee_post(p),
        "by": "player" if appointee_player else "npc",
        "needed": p.roll,
        "modifiers": mods,
    }
    if influence is not None:
        out["influence"] = influence
    if appointee_player:
        return {**out, "die": None, "total": None, "granted": True}
    die = dice.d6()
    total = die + sum(m["modifier"] for m in mods) + (influence or 0)
    return {**out, "die": die, "total": total, "granted": total >= p.roll}


def renewal_season(p: Post) -> str:
    """The season whose first month renews (and fills) ``p``: "Military appointments must
    be renewed in September after the summer campaign. Government and civil appointments
    are renewed in March" (001:1110-1111; "Civil Appointments are made in March", 001:108).

    >>> renewal_season(post("Captain of the Fleet")), renewal_season(post("Attorney-General"))
    ('autumn', 'spring')
    """
    return "autumn" if p.naval else "spring"


def renewal(
    p: Post, dice: Dice, na: int, mids: int = 0, appointee_player: bool = False
) -> dict[str, Any]:
    """An appointment renewed in its season (:func:`renewal_season`: a military one in
    September, a government one in March): the appointee's roll again, as
    :func:`appointment_roll`, its result also as ``renewed``."""
    rolled = appointment_roll(p, dice, na, mids, appointee_player)
    return {**rolled, "renewed": rolled["granted"]}


def places_full(p: Post, holders: int) -> bool:
    """Whether ``holders`` other players already fill the post's places (in its scope:
    the caller counts those of the same ship, or serving the same officer)."""
    return p.count is not None and holders >= p.count


def roll_words(rolled: Mapping[str, Any]) -> str:
    """An appointment roll in words, e.g. "Ship's Adjutant: appointed (rolled 5, needed 6
    less 1)"; with favours brought to bear, "(rolled 4, favours +3, needed 7)"; a player
    appointee's "(chosen by the First Sea Lord)"."""
    renewing = "renewed" in rolled
    if rolled["granted"]:
        result = "renewed" if renewing else "appointed"
    else:
        result = "not renewed" if renewing else "not appointed"
    if rolled["die"] is None:
        return f"{rolled['appointment']}: {result} (chosen by the {rolled['appointee']})"
    less = sum(m["modifier"] for m in rolled["modifiers"])
    needed = f"needed {rolled['needed']}" + (f" less {less}" if less else "")
    swayed = f", favours {rolled['influence']:+d}" if rolled.get("influence") else ""
    return f"{rolled['appointment']}: {result} (rolled {rolled['die']}{swayed}, {needed})"
