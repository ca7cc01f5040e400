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

The rain and fog it brings (Matters Nautical, "Weather as a Static Modifier", 000:1207-1213)
come on a second d6 (docs/rules-notes.md, "Precipitation and fog at sea"); their modifiers
add to the wind's ("Modifiers are cumulative"), and doubled they are the weather's card
pool when it is the opponent (000:1215): HMS Trident's storm winds and snow are -4, her
storm winds and blizzard ten cards.

>>> sea_precipitation("Good Wind", 6), sea_precipitation("Becalmed", 6)
('Squall', 'Fog')
>>> static_modifier("Storm winds", "Storm/Snow"), weather_pool("Storm winds", "Blizzard")
(-4, 10)
"""

from __future__ import annotations

from strategy.combat.data import (
    OPPONENT_MULTIPLIER,
    SEA_PRECIPITATION,
    SEA_WEATHER,
    STATIC_WIND,
    WIND_STRENGTHS,
    precipitation,
)
from strategy.errors import InvalidMove

__all__ = ["WIND_STRENGTHS", "sea_weather", "sea_precipitation", "static_modifier", "weather_pool"]


def sea_weather(strength: str, roll: int) -> str:
    """BtQ's weather (a name of :data:`strategy.combat.WEATHER`) under a prevailing wind of
    ``strength`` ("light", "fair" or "fresh") on a d6 ``roll`` of 1 to 6."""
    row = SEA_WEATHER.get(strength)
    if row is None:
        raise InvalidMove(f"wind strength {strength!r}; valid: {', '.join(WIND_STRENGTHS)}")
    if not isinstance(roll, int) or not 1 <= roll <= 6:
        raise InvalidMove(f"roll: {roll!r} is not a d6 (1 to 6)")
    return row[roll - 1]


def _d6(roll: int) -> int:
    if not isinstance(roll, int) or not 1 <= roll <= 6:
        raise InvalidMove(f"roll: {roll!r} is not a d6 (1 to 6)")
    return roll


def sea_precipitation(weather: str, roll: int) -> str:
    """The precipitation (a name of :data:`strategy.combat.data.PRECIPITATION`) that Step
    One's ``weather`` brings on a d6 ``roll``: none but on a 6 (a calm's mist on a 5), when
    it is the precipitation of the wind's own column of the static table (docs/rules-notes.md,
    "Precipitation and fog at sea")."""
    row = SEA_PRECIPITATION.get(weather)
    if row is None:
        raise InvalidMove(f"weather {weather!r}; valid: {', '.join(SEA_PRECIPITATION)}")
    return row[_d6(roll) - 1]


def static_modifier(wind: str, rain: str) -> int:
    """Weather as a Static Modifier (000:1207): the wind's modifier and the
    precipitation's, "cumulative" (No Wind's "*" is no card modifier: the ship is becalmed;
    Mist/Fog's "**" touches only Awareness)."""
    if wind not in STATIC_WIND:
        raise InvalidMove(f"wind {wind!r}; valid: {', '.join(STATIC_WIND)}")
    return (STATIC_WIND[wind] or 0) + int(precipitation(rain)["modifier"])


def weather_pool(wind: str, rain: str) -> int:
    """Weather as an Opponent (000:1215): "calculate the modifier from the table above and
    double it - that is the card pool for the weather in the challenge"."""
    return -OPPONENT_MULTIPLIER * static_modifier(wind, rain)
