"""The Royal Naval Academy (Briny En Garde!, NAVAL ABILITY, 001:541): a weekly action
that costs 50 guineas and raises Naval Ability by 0.25 a week of study, up to NA 5.

A character's NA is a whole number everywhere the books read it, so the quarters he has
studied are kept beside it: four make a level.

>>> study(na=3, quarters=2, weeks=5)
{'weeks': 5, 'guineas': 250, 'na': 4, 'quarters': 3}
>>> weeks_to_most(na=4, quarters=3)
1
"""

from __future__ import annotations

from fractions import Fraction

from strategy.errors import InvalidMove
from strategy.loader import check, load

__all__ = ["GUINEAS_A_WEEK", "MOST_NA", "WEEKS_A_LEVEL", "study", "weeks_to_most"]


def _load() -> tuple[int, int, int]:
    raw = load("academy.json")
    a_week = Fraction(str(raw["na_a_week"]))
    check(a_week > 0 and a_week.numerator == 1, "the Academy's NA a week is one part of a level")
    check(raw["guineas_a_week"] > 0 and 1 <= raw["most_na"] <= 10, "the Academy's fee and most")
    return raw["guineas_a_week"], a_week.denominator, raw["most_na"]


GUINEAS_A_WEEK, WEEKS_A_LEVEL, MOST_NA = _load()


def weeks_to_most(na: int, quarters: int) -> int:
    """The weeks of study left before the Academy's most (NA 5): none at it or above."""
    return max(0, (MOST_NA - na) * WEEKS_A_LEVEL - quarters)


def study(na: int, quarters: int, weeks: int) -> dict[str, int]:
    """``weeks`` of study at the Academy by an officer of ``na`` with ``quarters`` studied
    towards the next level: the weeks, their fee, his NA and quarters after. Refused
    (:class:`InvalidMove`) past NA 5 ("beyond that may only be raised through battle
    success") or for no week at all."""
    if isinstance(weeks, bool) or not isinstance(weeks, int) or weeks < 1:
        raise InvalidMove(f"weeks of study must be a whole number 1 or more, not {weeks!r}")
    left = weeks_to_most(na, quarters)
    if weeks > left:
        raise InvalidMove(
            f"the Academy raises Naval Ability to {MOST_NA} at most: "
            + (f"{left} week(s) of study take him there" if left else f"his NA is {na}")
        )
    level, quarters = divmod(quarters + weeks, WEEKS_A_LEVEL)
    return {
        "weeks": weeks,
        "guineas": weeks * GUINEAS_A_WEEK,
        "na": na + level,
        "quarters": quarters,
    }
