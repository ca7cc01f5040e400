"""The weather a battle at sea is fought in: seed 000's Step One ("Establish the
Conditions") read from the prevailing wind of seed 003's scale ("Wind Strength": light,
fair, fresh) and one d6 (docs/rules-notes.md, "Weather at sea").

Seed 003 rolls the day's wind on a d6, "6 = Fresh, 2...5 = Fair, 1 = Light": the usual
wind four days in six, one step lighter or stronger on a 1 or a 6. Under a prevailing
wind the same die moves the day's wind one step from it, and the day's wind is one of
BtQ's weathers (a calm Becalmed, light and fair a Steady Breeze, fresh a Good Wind, a
step beyond fresh High Seas; a Storm is "an adventure in its own right").

>>> sea_weather("fair", 3), sea_weather("light", 1), sea_weather("fresh", 6)
('Steady Breeze', 'Becalmed', 'High Seas')
"""

from __future__ import annotations

from strategy.combat.data import SEA_WEATHER, WIND_STRENGTHS
from strategy.errors import InvalidMove

__all__ = ["WIND_STRENGTHS", "sea_weather"]


def sea_weather(strength: str, roll: int) -> str:
    """BtQ's weather (a name of :data:`strategy.combat.WEATHER`) under a prevailing wind of
    ``strength`` ("light", "fair" or "fresh") on a d6 ``roll`` of 1 to 6."""
    row = SEA_WEATHER.get(strength)
    if row is None:
        raise InvalidMove(f"wind strength {strength!r}; valid: {', '.join(WIND_STRENGTHS)}")
    if not isinstance(roll, int) or not 1 <= roll <= 6:
        raise InvalidMove(f"roll: {roll!r} is not a d6 (1 to 6)")
    return row[roll - 1]
