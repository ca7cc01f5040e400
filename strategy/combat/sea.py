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

A ship at sea in a storm (a day whose static wind is one of :data:`STORM_WINDS`) faces it
as the challenge itself: her Seamanship and Handling against the weather's pool
(:func:`weather_challenge`; docs/rules-notes.md "Storms on a passage").

>>> is_storm("High Seas"), is_storm("Good Wind")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from strategy.cards.dealer import Pile
from strategy.cards.trials import CRITICAL, FAILURE, LEVEL_NAMES, TestResult, contested_test
from strategy.combat.combatant import ShipLike, combatant
from strategy.combat.data import (
    DAMAGE_LEVELS,
    JURY_MAST_DAYS,
    OPPONENT_MULTIPLIER,
    SEA_PRECIPITATION,
    SEA_WEATHER,
    STATIC_WIND,
    STORM_WINDS,
    WEATHER,
    WIND_STRENGTHS,
    precipitation,
)
from strategy.combat.state import ShipState
from strategy.errors import InvalidMove

__all__ = [
    "JURY_MAST_DAYS",
    "STORM_WINDS",
    "WIND_STRENGTHS",
    "WeatherChallenge",
    "is_storm",
    "sea_weather",
    "sea_precipitation",
    "static_modifier",
    "weather_challenge",
    "weather_pool",
]


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


def is_storm(weather: str) -> bool:
    """Whether Step One's ``weather`` (a name of :data:`strategy.combat.WEATHER`) is a storm
    a ship at sea faces as her opponent: its static wind (High Seas "Storm winds", Storm
    "Typhoon") is one of :data:`STORM_WINDS`."""
    row = WEATHER.get(weather)
    if row is None:
        raise InvalidMove(f"weather {weather!r}; valid: {', '.join(WEATHER)}")
    return row["wind"] in STORM_WINDS


@dataclass(frozen=True, slots=True)
class WeatherChallenge:
    """A ship's challenge against the weather (000:1215): the static wind and precipitation,
    her pool and the officer who tested it (None: her crew), the weather's pool, and the
    test (side a hers, side b the weather's). Lost, the weather's best success ``level``
    crosses one of her Rigging boxes at that level (``rigging``), and a critical or better
    carries a mast away: her force lies hove to ``held`` days rigging a jury mast."""

    wind: str
    precipitation: str
    pool: int
    tester: str | None
    weather: int
    test: TestResult

    @property
    def lost(self) -> bool:
        return self.test.winner == "b"

    @property
    def level(self) -> int:
        """The weather's winning success level (FAILURE when she weathered it)."""
        return self.test.b_score.best if self.lost else FAILURE

    @property
    def held(self) -> int:
        return JURY_MAST_DAYS if self.level >= CRITICAL else 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: what was tested, the test, and what it cost her."""
        return {
            "wind": self.wind,
            "precipitation": self.precipitation,
            "pool": self.pool,
            "tester": self.tester,
            "weather": self.weather,
            "test": self.test.to_dict(),
            "lost": self.lost,
            "level": LEVEL_NAMES[self.level],
            "rigging": self.level if self.lost else None,
            "box": DAMAGE_LEVELS[self.level] if self.lost else None,
            "held": self.held,
        }


def weather_challenge(
    ship: ShipLike, wind: str, rain: str, gm_deck: Pile, deck: Pile | None = None
) -> WeatherChallenge:
    """Weather as an Opponent (000:1215) for ``ship`` in static ``wind`` and ``rain``: the
    weather's pool (:func:`weather_pool`, from the GM's deck) against hers, the sailing
    pool of Positioning without a foe (Seamanship of her master, or her crew's when he has
    none, his wounds and Discipline as in battle, with her Handling, her damage's and Ship
    Morale's modifiers; the weather is the opponent, so not a modifier too), from ``deck``
    (a seated captain's; default the GM's). The Card of Fate is the GM's.

    >>> from strategy.cards.dealer import ScriptedDealer as Stacked
    >>> gm = Stacked("9C 2H 3H 4H 5H 6H 9H 5D 6D 7D 8D 10S JS QS KS AS")
    >>> trident = weather_challenge("Fifth Rate", "Storm winds", "Blizzard", gm)
    >>> trident.pool, trident.weather, trident.lost, trident.to_dict()["level"]
    (5, 10, True, 'critical')
    """
    spec = combatant(ship)
    her = ShipState("a0", "a", 0, spec)
    pool = max(0, her.skill("seamanship") + spec.handling + her.damage.m.pos + her.morale_mod)
    against = weather_pool(wind, rain)
    test = contested_test(gm_deck, deck or gm_deck, pool, gm_deck, against, kind="weather")
    return WeatherChallenge(wind, rain, pool, her.tester("seamanship"), against, test)
