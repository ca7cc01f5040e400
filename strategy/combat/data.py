"""The combat engine's tables, read once through :func:`strategy.loader.load`, checked and
frozen: ``combat.json`` (range chart, damage penalties, repair skills, weapons, morale,
...), ``shot.json`` (Cannon Ammunition) and ``weather.json`` (Step One's weather table, the
weather at sea under each prevailing wind strength of seed 003, and Matters Nautical's
static modifiers of wind and precipitation with the precipitation at sea).

>>> WEATHER["Storm"]["handling"], SHOT["shot"]["heated"]["pool"], MOVE_BY_LEVEL
(-3, -2, (0, 1, 2, 3))
>>> PRECIPITATION["Squall"]["modifier"], STATIC_WIND["Storm winds"]
(-1, -2)
>>> SEA_PRECIPITATION["Good Wind"]
('No Rain', 'No Rain', 'No Rain', 'No Rain', 'No Rain', 'Squall')
>>> AREAS, SUIT_AREA
(('hull', 'guns', 'crew', 'rigging'), (0, 2, 1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load
from strategy.ships import roster as _ships

__all__ = [
    "AREAS",
    "DAMAGE_LEVELS",
    "COMBAT",
    "SUIT_AREA",
    "WEATHER",
    "SEA_WEATHER",
    "WIND_STRENGTHS",
    "PRECIPITATION",
    "STATIC_WIND",
    "SEA_PRECIPITATION",
    "OPPONENT_MULTIPLIER",
    "STORM_WINDS",
    "JURY_MAST_DAYS",
    "SHOT",
    "TOWING",
    "LONG_RANGE",
    "MOVE_BY_LEVEL",
    "WEATHER_GAGE",
    "HWYF_POOL",
    "MORALE",
    "MEASURE_OF_AREA",
    "LOST",
    "REPAIR_SKILLS",
    "REPAIRS",
    "WEAPONS",
    "RANGED_WEAPONS",
    "MUSKET_RANGE",
    "weather",
    "precipitation",
]

#: the four areas of a ship in the engine's order (an area is an index into this):
#: the roster's (strategy.ships)
AREAS = _ships.AREAS
#: damage by level, of an area or an officer's health: 0 healthy, then the roster's
#: damage states (1 Injured, 2 Maimed, 3 Dead)
DAMAGE_LEVELS = ("healthy", *_ships.STATES)
#: seed 003's wind strengths ("Wind Strength"), lightest first
WIND_STRENGTHS = ("light", "fair", "fresh")


def _combat() -> Mapping[str, Any]:
    raw = load("combat.json")
    check(
        [r["distance"] for r in raw["range_chart"]] == list(range(6)),
        "combat.json: the range chart lists distances 0..5",
    )
    check(
        sorted(raw["suit_areas"]) == sorted("SHDC")
        and set(raw["suit_areas"].values()) == set(AREAS),
        "combat.json: suit_areas maps S, H, D, C onto the four areas",
    )
    check(set(raw["penalties"]) == set(AREAS), "combat.json: penalties cover the four areas")
    for area, levels in raw["penalties"].items():
        check(set(levels) == set(_ships.STATES), f"combat.json: penalties of {area} by level")
    check(
        set(raw["repair_skills"]) == {*AREAS, "fire"},
        "combat.json: repair skills for the four areas and fire",
    )
    check(
        raw["officer_weapon"] in raw["weapons"] and raw["crew_foe_weapon"] in raw["weapons"],
        "combat.json: the officers' and crew foes' weapons are weapons",
    )
    _check_ranged(raw)
    check(
        raw["how_will_you_fight_difficulty"] in raw["static_difficulty"],
        "combat.json: How Will You Fight? is tested against a static difficulty",
    )
    check(
        list(raw["morale"])[0] == "healthy"
        and all(isinstance(v, int) for v in raw["morale"].values())
        and [k for k, v in raw["morale"].items() if v == 0] == ["healthy"],
        "combat.json: morale modifiers, healthy first",
    )
    areas = [r["area"] for r in raw["damage_areas"]]
    check(
        len(set(areas)) == len(areas) == 5
        and {"Physical", "Ship Morale"} <= set(areas)
        and all(set(r) == {"area", "damaged_by", "measure", "heal"} for r in raw["damage_areas"]),
        "combat.json: damage_areas, the Healing table's five areas (area, damaged_by, measure,"
        " heal)",
    )
    check(
        sorted(raw["positioning_move"]) == ["critical", "ordinary", "perfect"],
        "combat.json: a positioning move per success level",
    )
    return freeze(raw)


#: the range bands of the ranged weapons' tables (seed 000:1117-1147), nearest first
_BANDS = ("Point Blank", "Normal", "Long", "Extreme")


def _check_ranged(raw: Mapping[str, Any]) -> None:
    """Tools of the Navy's ranged weapons: each a table of bands nearest first (the book's
    order; the thrown knife has no Extreme), each further and no better than the last;
    the Marines' weapon one of them; each Distance the Marines fire at, a band of it."""
    for name, rows in raw["ranged_weapons"].items():
        bands = [r["range"] for r in rows]
        feet = [r["feet"] for r in rows]
        cards = [r["cards"] for r in rows]
        check(
            bands == list(_BANDS[: len(bands)])
            and all(isinstance(v, int) and v > 0 for v in (*feet, *cards))
            and feet == sorted(set(feet))
            and cards == sorted(cards, reverse=True),
            f"combat.json: ranged weapon {name}: bands nearest first, further and no better",
        )
    weapon = raw["ranged_weapons"].get(raw["marines_weapon"])
    check(weapon is not None, "combat.json: the Marines' weapon is a ranged weapon")
    distances = [r["distance"] for r in raw["musket_range"]]
    check(
        distances == list(range(len(distances)))
        and all(r["range"] in [w["range"] for w in weapon] for r in raw["musket_range"]),
        "combat.json: musket_range gives a band of the Marines' weapon from Distance 0 up",
    )


def _weather() -> tuple[
    Mapping[str, Mapping[str, Any]], Mapping[str, Any], Mapping[str, tuple[str, ...]]
]:
    raw = load("weather.json")
    out = {}
    for w in raw["weather"]:
        check(
            isinstance(w["speed"], int) and isinstance(w["handling"], int),
            f"weather.json: {w['name']}: speed and handling are whole numbers",
        )
        out[w["name"]] = w
    check(
        list(out) == ["Becalmed", "Steady Breeze", "Good Wind", "High Seas", "Storm"],
        "weather.json: the five weathers of the book, in order",
    )
    towing = raw["towing"]
    check(
        isinstance(towing["speed"], int) and towing["crew_pool_divisor"] >= 1,
        "weather.json: towing speed and pool divisor",
    )
    sea = raw["at_sea"]
    check(
        all(len(sea[k]) == 6 and set(sea[k]) <= set(out) for k in WIND_STRENGTHS),
        "weather.json: at_sea gives a weather for each d6 under each of light, fair, fresh",
    )
    return freeze(out), freeze(towing), freeze({k: tuple(sea[k]) for k in WIND_STRENGTHS})


def _static() -> tuple[
    Mapping[str, int | None], Mapping[str, Mapping[str, Any]], Mapping[str, tuple[str, ...]], int
]:
    """Matters Nautical's static modifiers (000:1207-1213): the wind's and the
    precipitation's (Mist/Fog's "**" the Awareness modifiers of its footnote), the weather
    as an opponent's multiplier (000:1215), and the precipitation at sea by d6."""
    raw = load("weather.json")
    static = raw["static"]
    wind = {w["name"]: w["modifier"] for w in static["wind"]}
    check(
        list(wind) == ["No Wind", "Light Wind", "Strong Wind", "Storm winds", "Typhoon"]
        and wind["No Wind"] is None
        and all(isinstance(v, int) and v <= 0 for k, v in wind.items() if k != "No Wind"),
        "weather.json: static wind, the book's five, No Wind none (becalmed), the rest <= 0",
    )
    check(
        all(w["wind"] in wind for w in raw["weather"]),
        "weather.json: each Step One weather names its static wind",
    )
    rain = {p["name"]: p for p in static["precipitation"]}
    check(
        list(rain) == ["No Rain", "Mist", "Fog", "Squall", "Storm/Snow", "Blizzard"]
        and all(
            isinstance(p["modifier"], int)
            and isinstance(p["awareness"], int)
            and p["modifier"] <= 0
            and p["awareness"] <= 0
            for p in rain.values()
        ),
        "weather.json: static precipitation, the book's (Mist/Fog as Mist and Fog), <= 0",
    )
    times = static["opponent_multiplier"]
    check(isinstance(times, int) and times > 0, "weather.json: the opponent's multiplier")
    sea = raw["precipitation_at_sea"]
    steps = [w["name"] for w in raw["weather"]]
    check(
        all(len(sea[k]) == 6 and set(sea[k]) <= set(rain) for k in steps),
        "weather.json: precipitation_at_sea gives one for each d6 under each Step One weather",
    )
    return freeze(wind), freeze(rain), freeze({k: tuple(sea[k]) for k in steps}), times


def _storm() -> tuple[frozenset[str], int]:
    """The weather as a ship's opponent at sea (docs/rules-notes.md "Storms on a passage"):
    the static winds that make a storm of the day, and the days a mast carried away holds
    her."""
    raw = load("weather.json")
    storm = raw["storm_at_sea"]
    winds = [w["name"] for w in raw["static"]["wind"]]
    check(
        bool(storm["winds"]) and set(storm["winds"]) <= set(winds),
        "weather.json: storm_at_sea's winds are static winds of the book",
    )
    days = storm["jury_mast_days"]
    check(isinstance(days, int) and days >= 0, "weather.json: storm_at_sea's jury_mast_days")
    return frozenset(storm["winds"]), days


def _shot() -> Mapping[str, Any]:
    raw = load("shot.json")
    out = {}
    for key, s in raw["shot"].items():
        check(set(s["shift"]) == set(AREAS), f"shot.json: {key}: a shift for each area")
        check(set(s["extra_injured"]) <= set(AREAS), f"shot.json: {key}: extra_injured areas")
        out[key] = {
            "pool": int(s["pool"]),
            "shift": tuple(int(s["shift"][a]) for a in AREAS),
            "fire_on_critical": bool(s["fire_on_critical"]),
            "extra_injured": tuple(AREAS.index(a) for a in s["extra_injured"]),
        }
    check("roundshot" in out, "shot.json: roundshot, the shot a ship starts with")
    return freeze({"shot": out, "change_penalty": int(raw["change_penalty"])})


COMBAT = _combat()
#: area index hit by each suit, in the card order S, H, D, C
SUIT_AREA = tuple(AREAS.index(COMBAT["suit_areas"][s]) for s in "SHDC")
WEATHER, TOWING, SEA_WEATHER = _weather()
#: Matters Nautical's static modifiers (000:1207): the wind's by name (No Wind: None, the
#: ship becalmed), the precipitation's rows (``modifier`` to any test, ``awareness`` to
#: Awareness tests: Mist -2, Fog -4); the precipitation at sea by Step One's weather and d6
STATIC_WIND, PRECIPITATION, SEA_PRECIPITATION, OPPONENT_MULTIPLIER = _static()
#: the static winds in which the weather is a ship's opponent at sea, and the days a mast
#: it carries away (its critical or perfect win) holds her (docs/rules-notes.md "Storms on
#: a passage")
STORM_WINDS, JURY_MAST_DAYS = _storm()
SHOT = _shot()
LONG_RANGE = COMBAT["long_range"]
MOVE_BY_LEVEL = (0, *(COMBAT["positioning_move"][k] for k in ("ordinary", "critical", "perfect")))
WEATHER_GAGE = int(COMBAT["weather_gage"])
HWYF_POOL = int(COMBAT["static_difficulty"][COMBAT["how_will_you_fight_difficulty"]])
MORALE = COMBAT["morale"]
#: the Measure that Overcoming Great Hardship spends against each damage area (seed 000,
#: "Damage Areas", the Healing table's "Measure" column)
MEASURE_OF_AREA = freeze({r["area"]: r["measure"] for r in COMBAT["damage_areas"]})
LOST = COMBAT["lost_officer_penalty"]
REPAIR_SKILLS = COMBAT["repair_skills"]
#: what a crew repairs, in this order wherever repair pools are listed: the four areas (by
#: their index), then the fire
REPAIRS = (*AREAS, "fire")
WEAPONS = COMBAT["weapons"]
#: Tools of the Navy's ranged weapons (seed 000:1117-1147): weapon -> band -> cards
RANGED_WEAPONS = freeze(
    {w: {r["range"]: int(r["cards"]) for r in rows} for w, rows in COMBAT["ranged_weapons"].items()}
)
#: the Marines' card pool at each Distance they fire at (their weapon's band there; none
#: beyond): docs/rules-notes.md, "Muskets and the Marines' fire"
MUSKET_RANGE = freeze(
    {
        r["distance"]: (r["range"], RANGED_WEAPONS[COMBAT["marines_weapon"]][r["range"]])
        for r in COMBAT["musket_range"]
    }
)


def weather(name: str) -> Mapping[str, Any]:
    """A weather row by name (case-insensitive)."""
    row = WEATHER.get(name)
    if row is not None:
        return row
    for key, row in WEATHER.items():
        if key.lower() == str(name).strip().lower():
            return row
    raise InvalidMove(f"unknown weather {name!r}; valid: {', '.join(WEATHER)}")


def precipitation(name: str) -> Mapping[str, Any]:
    """A precipitation row by name (case-insensitive): ``name``, ``modifier`` (to any test in
    it), ``awareness`` (to every Awareness test besides)."""
    row = PRECIPITATION.get(name)
    if row is not None:
        return row
    for key, row in PRECIPITATION.items():
        if key.lower() == str(name).strip().lower():
            return row
    raise InvalidMove(f"unknown precipitation {name!r}; valid: {', '.join(PRECIPITATION)}")
