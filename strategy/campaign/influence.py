"""Influence, measured in favours (Briny En Garde!, INFLUENCE, 001:476-536).

Favours are classes 1..9. A player character receives one each season of the class his
Social Level gives (Influence Table A), and those of his appointment (the Appointments
Tables' Infl); a mistress gives hers once a year (Influence Table C). Influence Table B is
the class that obtains a die roll modification of one on an NPC of each position; each
class above it one more. Two favours of a class make one of the next; several may be
brought to bear on one decision. Once used, a favour is expended.

>>> social_favour(12), social_favour(7), favour_needed("Prime Minister")
(3, None, 8)
>>> bring_to_bear([7, 7, 9], favour_needed("Prime Minister"))
{'combined': [8, 9], 'modifier': 3}
>>> swing(5, 2), swing(4, 2), swing(6, 3)
(1, 0, 2)
>>> rank_favour("Post Captain"), appointee_favour("Chairman of Patriotic Fund"), RESIGNS_ON
(3, 4, 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from strategy.errors import InvalidMove, UnknownName
from strategy.loader import check, freeze, load

__all__ = [
    "CLASSES",
    "RESIGNS_ON",
    "TABLE_A",
    "TABLE_B",
    "TABLE_C",
    "appointee_favour",
    "bring_to_bear",
    "favour_needed",
    "mistress_favours",
    "rank_favour",
    "resigns",
    "season_favours",
    "social_favour",
    "swing",
]


def _load() -> tuple[range, tuple[tuple[int, int | None, int], ...], Mapping[str, int], Any]:
    raw = freeze(load("influence.json"))
    low, high = raw["classes"]
    classes = range(low, high + 1)
    rows = tuple((r["social_level"][0], r["social_level"][1], r["favour"]) for r in raw["table_a"])
    # Table A: two Social Levels a row from 8, rising one class a row, the last open-ended
    check([f for _, _, f in rows] == list(classes), "Influence Table A gives classes 1..9")
    check(
        all(hi == lo + 1 for lo, hi, _ in rows[:-1]) and rows[-1][1] is None,
        "Influence Table A: two Social Levels a row, the last '24+'",
    )
    check(
        all(a[1] is not None and a[1] + 1 == b[0] for a, b in zip(rows, rows[1:], strict=False)),
        "Influence Table A's rows follow on",
    )
    table_b: dict[str, int] = {}
    for row in raw["table_b"]:
        check(row["favour"] in classes, f"Influence Table B: class {row['favour']}")
        for position in row["positions"]:
            check(position not in table_b, f"Influence Table B: {position} twice")
            table_b[position] = row["favour"]
    table_c = {
        r["social_level"]: MappingProxyType(
            {"normal": r["normal"], "influential": r["influential"]}
        )
        for r in raw["table_c"]
    }
    check(sorted(table_c) == list(range(3, 19)), "Influence Table C: Social Levels 3..18")
    check(
        all(v is None or v in classes for r in table_c.values() for v in r.values()),
        "Influence Table C: classes 1..9 or none",
    )
    return classes, rows, MappingProxyType(table_b), MappingProxyType(table_c)


#: the classes of favour, in ascending order of effectiveness
CLASSES: range
#: Influence Table A: (lowest Social Level, highest or None for "24+", class of favour)
TABLE_A: tuple[tuple[int, int | None, int], ...]
#: Influence Table B: position -> the class of favour that modifies his die roll by one
TABLE_B: Mapping[str, int]
#: Influence Table C: a mistress's Social Level -> {"normal", "influential"} (None: "-")
TABLE_C: Mapping[int, Mapping[str, int | None]]
CLASSES, TABLE_A, TABLE_B, TABLE_C = _load()


def _positions() -> tuple[Mapping[str, str], Mapping[str, str], int]:
    raw = freeze(load("influence.json"))
    ranks, appointees = raw["positions"]["ranks"], raw["positions"]["appointees"]
    for name, position in (*ranks.items(), *appointees.items()):
        check(
            position in TABLE_B, f"influence positions: {name} reads {position!r}, not on Table B"
        )
    roll = raw["resignation"]["roll"]
    check(roll == 7, "an NPC resigns on a 7 on 1d6 (001:512)")
    return ranks, appointees, roll


_RANK_POSITIONS: Mapping[str, str]
_APPOINTEE_POSITIONS: Mapping[str, str]
#: "NPCs will resign on a 7 on 1d6, so influence is needed!" (001:512)
RESIGNS_ON: int
_RANK_POSITIONS, _APPOINTEE_POSITIONS, RESIGNS_ON = _positions()


def social_favour(social_level: int) -> int | None:
    """The class of favour a player character's Social Level gives him each season
    (Influence Table A, 001:482-492); None below Social Level 8."""
    for low, high, favour in TABLE_A:
        if social_level >= low and (high is None or social_level <= high):
            return favour
    return None


def favour_needed(position: str) -> int:
    """Influence Table B (001:496-506): the class of favour that obtains a die roll
    modification of one on the decisions of a non-player character of ``position``."""
    try:
        return TABLE_B[position]
    except KeyError:
        raise UnknownName(
            f"no position {position!r} on Influence Table B; the positions: {', '.join(TABLE_B)}"
        ) from None


def mistress_favours(social_level: int, influential: bool) -> tuple[int, ...]:
    """A mistress's favours a year, renewing on the First of January (Influence Table C,
    001:514-535): the "Normal Influence" class, and the additional one if she is
    influential; none where the table prints "-". UnknownName off the table."""
    row = TABLE_C.get(social_level)
    if row is None:
        raise UnknownName(f"no Social Level {social_level!r} on Influence Table C (3..18)")
    given = (row["normal"], row["influential"] if influential else None)
    return tuple(f for f in given if f is not None)


def season_favours(social_level: int, appointment: Iterable[int] = ()) -> tuple[int, ...]:
    """The favours a player character receives at the beginning of a season (001:534:
    "Favours for PCs' Social Level and appointment are received once each season"): his
    Social Level's (Table A) and his appointment's, lowest first."""
    own = social_favour(social_level)
    return tuple(sorted(([own] if own is not None else []) + list(appointment)))


def bring_to_bear(favours: Sequence[int], needed: int) -> dict[str, Any]:
    """The favours ``favours`` (classes) brought to bear on a decision whose Table B class
    is ``needed``: ``{"combined": the favours after combining, "modifier": the die roll
    modification}``.

    Each favour of the needed class or above modifies the roll by one, and one more for
    each class above it (001:494); two of a class below it are combined into one of the next
    ("two class 4 favours make a class 5", 001:508), again while any pair is below it.
    Combining at or above it would never add (two class 8s give 2 where a class 9 gives 2).
    InvalidMove, nothing spent, for a favour that would add nothing: a class off 1..9, one
    left alone below the needed class, or none at all.
    """
    if not favours:
        raise InvalidMove("bring at least one favour to bear")
    bad = [f for f in favours if isinstance(f, bool) or not isinstance(f, int) or f not in CLASSES]
    if bad:
        raise InvalidMove(f"favours are of class 1..9, not {bad[0]!r}")
    count = Counter(favours)
    for c in range(CLASSES.start, needed):
        if count[c] % 2:
            raise InvalidMove(
                f"a class {c} favour left alone adds nothing here (class {needed} is needed; "
                "two of a class make one of the next)"
            )
        count[c + 1] += count.pop(c, 0) // 2
    combined = sorted(count.elements())
    return {"combined": combined, "modifier": sum(c - needed + 1 for c in combined)}


def swing(die: int, modifier: int) -> int:
    """The ships an NPC Prime Minister adds or subtracts for one influence: the die and the
    favours' modifier, one ship on 7, two on 9 (001:1306; 8 reads as 7, 10 and more as 9)."""
    total = die + modifier
    return 2 if total >= 9 else 1 if total >= 7 else 0


def rank_favour(rank: str) -> int:
    """Influence Table B's class for the decisions of an NPC of ``rank`` (the table's row
    of his rank: docs/rules-notes.md "Influence and favours"); UnknownName off the ladders."""
    position = _RANK_POSITIONS.get(rank)
    if position is None:
        raise UnknownName(f"no rank {rank!r} to read on Influence Table B")
    return TABLE_B[position]


def appointee_favour(appointee: str) -> int:
    """Influence Table B's class for the NPC who holds the appointing post ``appointee``
    (an Appointments Table's Appointee: "if a NPC must be influenced if the player wants to
    improve his chances", 001:1122); UnknownName for no such appointee."""
    position = _APPOINTEE_POSITIONS.get(appointee)
    if position is None:
        raise UnknownName(f"no appointee {appointee!r} to read on Influence Table B")
    return TABLE_B[position]


def resigns(die: int, modifier: int) -> bool:
    """Whether an NPC asked to resign does: "NPCs will resign on a 7 on 1d6, so influence
    is needed!" (001:512): the die and the favours' signed modifier reach 7.

    >>> resigns(6, 0), resigns(5, 2), resigns(6, 2 - 1)
    (False, True, True)
    """
    return die + modifier >= RESIGNS_ON
