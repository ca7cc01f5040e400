"""The combat engine's tables, loaded once and frozen: weather, shot, and the constants
drawn from ``strategy/data/combat.json`` (range chart, positioning moves, weather gage,
How Will You Fight? difficulty, morale, lost officers, repair skills, towing).

>>> WEATHER["Storm"]["handling"], SHOT["shot"]["heated"]["pool"], MOVE_BY_LEVEL
(-3, -2, (0, 1, 2, 3))
"""

from __future__ import annotations

import json
from importlib import resources
from types import MappingProxyType
from typing import Any

from strategy.combat.damage import AREAS, COMBAT

__all__ = [
    "WEATHER",
    "SHOT",
    "TOWING",
    "LONG_RANGE",
    "MOVE_BY_LEVEL",
    "WEATHER_GAGE",
    "HWYF_POOL",
    "MORALE",
    "LOST",
    "REPAIR_SKILLS",
    "weather",
]


def _load(name_: str) -> dict[str, Any]:
    return json.loads(resources.files("strategy").joinpath("data", name_).read_text("utf-8"))


def _load_weather() -> MappingProxyType:
    raw = _load("weather.json")
    out = {}
    for w in raw["weather"]:
        if not isinstance(w["speed"], int) or not isinstance(w["handling"], int):
            raise ValueError(f"weather.json: {w['name']}: speed/handling must be integers")
        out[w["name"]] = MappingProxyType(w)
    if list(out) != ["Becalmed", "Steady Breeze", "Good Wind", "High Seas", "Storm"]:
        raise ValueError("weather.json: the five weathers of the book, in order")
    return MappingProxyType(out)


def _load_shot() -> MappingProxyType:
    raw = _load("shot.json")
    out = {}
    for key, s in raw["shot"].items():
        if set(s["shift"]) != set(AREAS):
            raise ValueError(f"shot.json: {key}: shift must cover the four areas")
        out[key] = MappingProxyType(
            {
                "pool": int(s["pool"]),
                "shift": tuple(int(s["shift"][a]) for a in AREAS),
                "fire_on_critical": bool(s["fire_on_critical"]),
                "extra_injured": tuple(AREAS.index(a) for a in s["extra_injured"]),
            }
        )
    return MappingProxyType(
        {"shot": MappingProxyType(out), "change_penalty": int(raw["change_penalty"])}
    )


WEATHER = _load_weather()
SHOT = _load_shot()
TOWING = _load("weather.json")["towing"]
LONG_RANGE = COMBAT["long_range"]
MOVE_BY_LEVEL = (
    0,
    COMBAT["positioning_move"]["ordinary"],
    COMBAT["positioning_move"]["critical"],
    COMBAT["positioning_move"]["perfect"],
)
WEATHER_GAGE = int(COMBAT["weather_gage"])
HWYF_POOL = int(COMBAT["static_difficulty"][COMBAT["how_will_you_fight_difficulty"]])
MORALE = COMBAT["morale"]
LOST = COMBAT["lost_officer_penalty"]
REPAIR_SKILLS = COMBAT["repair_skills"]


def weather(name: str) -> MappingProxyType:
    """A weather row by name (case-insensitive)."""
    for key, row in WEATHER.items():
        if key.lower() == str(name).strip().lower():
            return row
    raise ValueError(f"unknown weather {name!r}; valid: {', '.join(WEATHER)}")
