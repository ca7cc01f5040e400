"""A Mention in Despatches as a hero's status (Briny En Garde!, seed 001:1083-1084,
"Mention in Despatches"): "he becomes a public hero, and his status is raised temporarily.
One die is rolled to get the number of Status Points per MiD he receives, starting when the
ship docks back in London, for the next three months. After the three months have passed,
he receives one point per month per mention for as long as he lives."

Each mention is its own die (docs/rules-notes.md, "Mentions in Despatches as status"); the
ship docks back in London when her season ends: the summer's fleet in September, a
cruise of the autumn, winter or spring in the first month of the season after it (001:107-
111, TIME SEQUENCE).

>>> hero_points([{"die": 5, "docked": "1805-09"}], "1805-11")
5
>>> hero_points([{"die": 5, "docked": "1805-09"}, {"die": 2, "docked": "1806-09"}], "1806-11")
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from strategy.campaign.dice import Dice
from strategy.errors import InvalidMove

__all__ = [
    "HERO_MONTHS",
    "LASTING_POINTS",
    "docked_month",
    "hero_points",
    "hero_words",
    "mention_dice",
    "months_since",
    "shame_points",
]

#: "for the next three months" the die's points (001:1084)
HERO_MONTHS = 3
#: "After the three months have passed, he receives one point per month per mention"
LASTING_POINTS = 1
#: the month a season's ships are back in London: the first of the season after it,
#: as (years after the season's year, month) (001:107-111, TIME SEQUENCE)
_DOCKS = {"summer": (0, 9), "autumn": (0, 12), "winter": (1, 3), "spring": (1, 6)}


def mention_dice(mids: int, dice: Dice) -> list[int]:
    """The dice of ``mids`` mentions, one d6 each: his Status Points a month for each
    mention's first three months (001:1084)."""
    return [dice.d6() for _ in range(mids)]


def docked_month(year: int, season: str) -> str:
    """The month (``"YYYY-MM"``) a ship of ``season`` of the campaign's ``year`` (counted
    from its summer) docks back in London: the summer's in September, an autumn cruise's
    in December, a winter's and a spring's in the next year's March and June."""
    if season not in _DOCKS:
        raise InvalidMove(f"season must be one of {', '.join(_DOCKS)}, not {season!r}")
    later, month = _DOCKS[season]
    return f"{year + later:04d}-{month:02d}"


def _index(month: str) -> int:
    year, mm = month.split("-")
    return int(year) * 12 + int(mm) - 1


def months_since(docked: str, now: str) -> int:
    """Whole months from ``docked`` to ``now`` (both ``"YYYY-MM"``; 0: the month he docks)."""
    return _index(now) - _index(docked)


def hero_points(mentions: Iterable[Mapping[str, Any]], now: str) -> int:
    """The Status Points a month his ``mentions`` (each ``{"die", "docked"}``) give him in
    the month ``now``: each one's die for the three months from the month its ship docked,
    then one point a month (001:1084); none before it docked."""
    total = 0
    for m in mentions:
        since = months_since(m["docked"], now)
        if since < 0:
            continue
        total += m["die"] if since < HERO_MONTHS else LASTING_POINTS
    return total


def shame_points(
    shames: Iterable[Mapping[str, Any]], mentions: Iterable[Mapping[str, Any]], now: str
) -> int:
    """The Status Points a month a poltroon found out loses in the month ``now`` (Briny
    001:1062, "he loses twice as many SPs as the modification he took on his death roll
    every month hereafter until he has redeemed himself"): each of his ``shames`` (each
    ``{"lost", "docked"}``) from the month his ship docked, until a Mention in Despatches
    of a later season redeems it from the month its ship docks (docs/rules-notes.md,
    "Conditional orders").

    >>> shame_points([{"lost": 4, "docked": "1805-09"}], [], "1806-02")
    4
    >>> redeemed = [{"die": 3, "docked": "1806-09"}]
    >>> shame_points([{"lost": 4, "docked": "1805-09"}], redeemed, "1806-09")
    0
    """
    heard = [m["docked"] for m in mentions if months_since(m["docked"], now) >= 0]
    return sum(
        s["lost"]
        for s in shames
        if months_since(s["docked"], now) >= 0
        and not any(months_since(s["docked"], d) > 0 for d in heard)
    )


def hero_words(mentions: Sequence[Mapping[str, Any]], now: str) -> str:
    """His status from his mentions in words, e.g. "mentioned in despatches 2 times: a
    public hero, 7 Status Points this month"."""
    times = "once" if len(mentions) == 1 else f"{len(mentions)} times"
    return (
        f"mentioned in despatches {times}: a public hero, "
        f"{hero_points(mentions, now)} Status Points this month"
    )
