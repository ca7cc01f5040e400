"""The server's one doorway to the rules (:mod:`strategy`), the world (:mod:`maps`) and the
scenario (``server/data/scenario.json``: home ports, patrol points, the enemy in port).

Every name the server takes from :mod:`strategy` and :mod:`maps` is imported here and
nowhere else in ``server/`` (tests/test_server_layout.py walks the tree to hold it to
that). The campaign's state stays plain JSON: these small functions answer in plain data,
and the few rule objects the game drives (a :class:`Battle` round by round, a chase, a
Sail Ho!) come from here too.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import maps
from maps import errors as maps_errors
from maps import load_world
from maps.geo import distance_nm
from maps.layers import all_layers, land, overview_layers, wind_points
from maps.places import blockade_zones, load_ports, load_stations
from maps.sailing import reach_knots
from maps.sailing import ship_type as sailing_ship_type
from maps.sea import STRENGTH_POINTS, Sea, meets, outlook, risk_shallows, sail
from maps.timing import sail_runs
from maps.wind import prevailing_wind, wind_codes
from server.game.scenario import Scenario
from server.game.state import SEASON_DAYS
from strategy import errors as rules_errors
from strategy.campaign import academy, resolve_summer
from strategy.campaign import appointments as _appointments
from strategy.campaign import embezzlement as _embezzlement
from strategy.campaign import force_organisation as table_f
from strategy.campaign import influence as _influence
from strategy.campaign import marines as _marines
from strategy.campaign import ship_tables as _ship_tables
from strategy.campaign.courts import VERDICTS, reduced_rank
from strategy.campaign.dice import RandomDice
from strategy.campaign.fleet import (
    ADMIRAL_RANKS,
    CAPTAIN_RANKS,
    FLAG_SQUADRONS,
    MARINE_RANKS,
    NAVY_RANKS,
    default_officers,
)
from strategy.campaign.fleet import SHIPS as FLEET_SHIPS
from strategy.campaign.fleet import npc_captain as fleet_npc_captain
from strategy.campaign.fleet import ship as fleet_ship
from strategy.campaign.investment import BLOCK as INVESTMENT_BLOCK
from strategy.campaign.investment import FAVOURS as INVESTMENT_FAVOURS
from strategy.campaign.investment import KINDS as INVESTMENT_KINDS
from strategy.campaign.investment import NPC_FAVOURS_ON, liquidation_value, npc_favours
from strategy.campaign.map_results import (
    MAP_FATES,
    map_battle_result,
    rolled_reading,
    season_fight,
    ship_fate,
)
from strategy.campaign.mentions import HERO_MONTHS, LASTING_POINTS, hero_points, shame_points
from strategy.campaign.plan import influenced_commitment as _influenced
from strategy.campaign.plan import npc_captain_volunteers, volunteer_ship, volunteer_squadron
from strategy.campaign.plan import substitute as _substitute
from strategy.campaign.tables import FLEETS, ORDER_WORDS, SQUADRONS, TABLE_F_ROLLS
from strategy.campaign.tables import Deployment as _Deployment
from strategy.cards.dealer import Dealer, Deck
from strategy.characters import MEASURES, Character, character_from, roll_character
from strategy.characters import titles as _titles
from strategy.characters.btq_tables import HEALTH
from strategy.characters.health import standing
from strategy.characters.prize_money import prize_money as _prize_money
from strategy.characters.service import SERVICE_SKILLS, chosen, offer, year_of_service
from strategy.chase import SEA_PREP, ChasePolicy, PrepWork, chase, prep_work, sail_ho, sea_prep
from strategy.chase import rations as _rations
from strategy.combat import OUTCOMES, SHOT, WEATHER, Battle, morale, odds, sea_weather
from strategy.combat import battle as fight_battle
from strategy.combat import skirmish as _skirmish
from strategy.combat.boarding import ACTIONS as BOARDING_ACTIONS
from strategy.combat.combatant import SKILLS as OFFICER_SKILLS
from strategy.combat.combatant import combatant
from strategy.combat.crew import ship_crew as _ship_crew
from strategy.combat.damage import struck_boxes
from strategy.combat.data import DAMAGE_LEVELS as HEALTH_LEVELS
from strategy.combat.data import REPAIRS as COMBAT_REPAIRS
from strategy.combat.data import precipitation as precipitation_row
from strategy.combat.hardship import IN_BATTLE as HARDSHIP_MEASURES
from strategy.combat.hardship import open_to as hardship_open_to
from strategy.combat.hwyf import CHOICES as HWYF_BOOK
from strategy.combat.muskets import ORDERS as MUSKET_ORDERS
from strategy.combat.orders import normalise
from strategy.combat.sea import is_storm, sea_precipitation, weather_challenge
from strategy.ships import AREAS as DAMAGE_AREAS
from strategy.ships import ROSTER, named_ship, ship_type
from strategy.ships import STATES as DAMAGE_STATES

__all__ = [
    # the rules' words, for the vocabulary (server.game.vocabulary)
    "DAMAGE_AREAS",
    "DAMAGE_STATES",
    "HEALTH",
    "HEALTH_LEVELS",
    "FLEETS",
    "FLEET_SHIPS",
    "HWYF_BOOK",
    "HARDSHIP_MEASURES",
    "MARINE_RANKS",
    "MARINE_CHANGE_FAVOUR",
    "MARINE_CHANGE_ON",
    "MARINE_ENROLMENT_RANK",
    "marine_change_granted",
    "marine_enrolment",
    "marine_may_ask_change",
    "marine_ship",
    "MEASURES",
    "NAVY_RANKS",
    "OUTCOMES",
    "ROSTER",
    "TABLE_F_ROLLS",
    "ORDER_WORDS",
    "WEATHER",
    "ADMIRAL_RANKS",
    "BOARDING_ACTIONS",
    "SKIRMISHES",
    "SKIRMISH_MISSIONS",
    "fight_skirmish",
    "skirmish_task",
    "MUSKET_ORDERS",
    "SEA_PREP",
    "COMBAT_SKILLS",
    "DAMAGE_AREAS",
    "HWYF_CHOICES",
    "INVESTMENT_BLOCK",
    "INVESTMENT_FAVOURS",
    "INVESTMENT_KINDS",
    "liquidation_value",
    "NPC_FAVOURS_ON",
    "npc_favours",
    "post_favour",
    "ORDERS_MOST",
    "ACADEMY",
    "ACADEMY_WEEKS",
    "CAMPAIGN_FIELDS",
    "CAPTAIN_OF_THE_FLEET_FAVOUR",
    "FAVOUR_CLASSES",
    "PRIME_MINISTER_FAVOUR",
    "favours_brought",
    "influence_swing",
    "influenced_commitment",
    "season_favours",
    "EMBEZZLEMENT_MOST",
    "EMBEZZLING_POSTS",
    "embezzlement_perk",
    "embezzlement_roll",
    "GOVERNMENT_APPOINTMENTS",
    "NAVAL_APPOINTMENTS",
    "RESIGNS_ON",
    "appointee_favour",
    "appointment_modifiers",
    "npc_resigns",
    "rank_favour",
    "appointment_check",
    "appointment_post",
    "appointment_roll",
    "appointment_words",
    "command_row",
    "fleet_codes",
    "officer_row",
    "ship_application",
    "ship_automatic",
    "ship_minimum",
    "ship_pay",
    "ship_purchase",
    "ship_rank",
    "ship_standing",
    "substitution",
    "social_level",
    "QUALIFYING_BATTLE_RESULT",
    "QUALIFYING_MENTIONS",
    "titled_social_level",
    "title_pension",
    "title_roll",
    "title_words",
    "officer_titled",
    "REPAIRS",
    "CAPTAIN_RANKS",
    "FLAG_SQUADRONS",
    "MAP_FATES",
    "ROSTER_ORDER",
    "SHOTS",
    "SQUADRONS",
    "Battle",
    "ChasePolicy",
    "WEATHER_SALT",
    "anchorage",
    "battle_odds",
    "battle_officer",
    "battle_weather",
    "weather_words",
    "build_world",
    "blockade_point",
    "briny_ship",
    "campaign_officer",
    "morale_after",
    "morale_lost",
    "hardship_open",
    "check_orders",
    "captain_rank",
    "chase",
    "sea_prep",
    "sea_prep_work",
    "cruise_route",
    "deepest_type",
    "grounding_words",
    "storm_day",
    "storm_challenge",
    "storm_words",
    "sea_place",
    "RATION_DAYS",
    "rations_store",
    "rations_spent",
    "rations_left",
    "risks_shallow",
    "sail_sea",
    "shallow_throw",
    "slowest_type",
    "strength_points",
    "hull_struck",
    "rigging_boxes",
    "mends_in",
    "distance_nm",
    "fight_battle",
    "force_organisation",
    "home_port",
    "is_enemy_port",
    "is_port",
    "port_id",
    "layer_sources",
    "land_detail",
    "layers",
    "new_officer",
    "npc_captain_volunteers",
    "npc_captain",
    "npc_officers",
    "player_deck",
    "officer_after",
    "HERO_MONTHS",
    "VERDICTS",
    "BLOCKADE",
    "BLOCKADE_SHIPS",
    "DISGRACE_CAUSES",
    "blockade_ship",
    "reduced_rank",
    "LASTING_POINTS",
    "hero_points",
    "shame_points",
    "officer_healed",
    "officer_served",
    "officer_serving",
    "officer_chose",
    "service_offer",
    "SERVICE_SKILLS",
    "officer_mission_over",
    "officer_spending",
    "prize_money",
    "measures_now",
    "map_battle_result",
    "maps_errors",
    "ports",
    "resolve_summer",
    "route_feature",
    "roster_type",
    "route",
    "rolled_reading",
    "rules_errors",
    "sail_ho",
    "sail_pieces",
    "sailing_type",
    "scenario",
    "ship_class",
    "scenario_model",
    "ship_crew",
    "ship_rating",
    "season_fight",
    "ship_fate",
    "station_point",
    "squadron_ships",
    "volunteer_deployment",
    "voyage",
    "voyage_plan",
    "voyage_stop",
    "wind_layer",
    "world",
]

ROSTER_ORDER = tuple(ROSTER)  # BtQ's roster from the Cutter up to the First Rate
SHOTS = tuple(SHOT["shot"])  # the shot a captain may load (BtQ, "Shot Types")
REPAIRS = tuple(COMBAT_REPAIRS)  # what a ship's men may repair, fire last (BtQ, "Repair")
COMBAT_SKILLS = tuple(OFFICER_SKILLS)  # the skills an officer tests in battle
#: How Will You Fight?: a skill named alone, or one of the book's choices (strategy/data/hwyf.json)
HWYF_CHOICES = (*OFFICER_SKILLS, *HWYF_BOOK)
#: the campaign's skirmishes (BtQ 000:1153-1199; strategy/data/skirmish.json), by id
SKIRMISHES = _skirmish.MISSIONS
SKIRMISH_MISSIONS = tuple(SKIRMISHES)
SCENARIO = Path(__file__).resolve().parent.parent / "data" / "scenario.json"
#: a battle's weather die is drawn from ``Random(battle seed ^ WEATHER_SALT)``: its own
#: stream, so that the engagement's other draws stay as they were
WEATHER_SALT = 0xB7E47


def battle_odds(side_a: Any, side_b: Any, n: int = 1000, seed: int = 0, **options: Any) -> Any:
    """:func:`strategy.combat.odds`; with ``mapper`` and ``width`` (the web runtime's pool of
    battle processes, handed in: :func:`server.web.runtime.battle_workers`) its runs of
    battles fought side by side, the same answer as one after another."""
    return odds(side_a, side_b, n, seed, **options)


def battle_weather(lon: float, lat: float, month: int, seed: int) -> dict[str, Any]:
    """The weather a battle at (lon, lat) in ``month`` (1..12) is fought in: the prevailing
    wind there (:func:`maps.wind.prevailing_wind`) and a d6 drawn from the battle's ``seed``
    (:func:`strategy.combat.sea_weather`; docs/rules-notes.md, "Weather at sea"), and the
    rain or fog it brings on the next d6 of the same dice (:func:`strategy.combat.sea.
    sea_precipitation`; "Precipitation and fog at sea"). ``{"name", "roll", "month",
    "wind": {"from_deg", "strength", "region"}, "precipitation": {"name", "roll",
    "modifier", "awareness"}, "words"}``."""
    wind = prevailing_wind(lon, lat, month)
    dice = RandomDice(seed ^ WEATHER_SALT)
    roll = dice.d6()
    name = sea_weather(wind.strength, roll)
    wet_roll = dice.d6()  # (after the wind's: the wind is the die it always was)
    rain = precipitation_row(sea_precipitation(name, wet_roll))
    return {
        "name": name,
        "roll": roll,
        "month": month,
        "wind": {"from_deg": wind.from_deg, "strength": wind.strength, "region": wind.region},
        "precipitation": {
            "name": rain["name"],
            "roll": wet_roll,
            "modifier": rain["modifier"],
            "awareness": rain["awareness"],
        },
        "words": weather_words(name, rain["name"]),
    }


def weather_words(weather: str, rain: str) -> str:
    """A battle's weather in words for its panel: Step One's weather, then the rain or fog
    and what it does to the tests (000:1207-1213), e.g. "Good Wind (Handling -1); Squall:
    every test -1 card"."""
    w = WEATHER[weather]
    mods = ", ".join(f"{k.title()} {w[k]:+d}" for k in ("speed", "handling") if w[k])
    if w["sets"]:
        text = f"{weather} (Speed 0, boats may tow)"
    else:
        text = f"{weather} ({mods})" if mods else weather
    row = precipitation_row(rain)
    mod, sight = row["modifier"], row["awareness"]
    if mod:
        text += f"; {rain}: every test {mod:+d} card{'s' if mod < -1 else ''}"
    elif sight:
        text += f"; {rain}: every Awareness test {sight:+d} cards"
    else:
        text += "; no rain"
    return text


def ship_crew(campaign_seed: int | str, code: str) -> dict[str, int]:
    """The skills of ship ``code``'s crew, drawn from BtQ's Essential Crew table
    (:func:`strategy.combat.crew.ship_crew`) with a source seeded by the campaign's seed
    and her code alone: the same men in every fight of hers, and no draw taken from the
    campaign's own stream (docs/rules-notes.md, "The crew's competence")."""
    return dict(_ship_crew(random.Random(f"{campaign_seed}/crew/{code}")))


def player_deck(rng: random.Random) -> Any:
    """A player's deck (52 cards and the joker, BtQ "What do you need") shuffled by ``rng``:
    a seated captain's cards in the chase (the GM's deck is the chase's default)."""
    return Deck.player(rng)


def sea_prep_work(
    officers: list[tuple[str, Mapping[str, int]]],
    ordered: str | None,
    rng: random.Random,
    *,
    player: bool = False,
) -> PrepWork:
    """The prep work at sea of ``officers`` (each his name and his skills aboard) before a
    chase (seed 002, 2.1: :func:`strategy.chase.sea_prep`, :func:`strategy.chase.prep_work`),
    ``ordered`` the action his captain names (None: each his best skill's). Its cards are
    its own: a GM's deck (and a player's for the officers' own cards, ``player``: a seated
    captain's) shuffled by a source seeded from ``rng``'s state, drawing nothing from it,
    so that the chase's cards and the battle's dice are those they were without it (as the
    sea's dice and a battle's weather are their own)."""
    dice = random.Random(hashlib.sha256(f"prep/{rng.getstate()!r}".encode()).hexdigest())
    gm = Deck.gm(dice)
    return prep_work(
        sea_prep(officers, ordered),
        dice,
        gm_deck=gm,
        deck=Deck.player(dice) if player else gm,
    )


def world(warm: bool = True) -> Any:
    """The world (:func:`maps.load_world`): built on the first call, shared afterwards;
    warmed for routing unless ``warm`` is False."""
    return load_world(warm)


def build_world() -> None:
    """Build now every piece of the world the server reads that is otherwise built on its
    first use (GEOS's prepared shapes and trees among them, which two threads must not
    build at once): the world with its routing warmed, the ports, the stations, the
    blockade zones and each month's winds. Afterwards the server only reads them
    (server/web/runtime.py says why that matters)."""
    load_world(warm=True)
    load_ports()
    load_stations()  # cut from the land on first use
    blockade_zones()
    for month in range(1, 13):
        wind_codes([0.0], [0.0], month)


@cache
def scenario_model() -> Scenario:
    """The scenario file as its model (:class:`server.game.scenario.Scenario`), read and
    checked once, with the roster's types and BtQ's named ships handed in."""
    return Scenario.model_validate_json(
        SCENARIO.read_text(encoding="utf-8"),
        context={"roster": ROSTER_ORDER, "named_type": _named_type},
    )


@cache
def scenario() -> MappingProxyType:
    """The scenario (:func:`scenario_model`) as the state's plain data, read-only:
    ``sortie_chance``, ``home_ports`` ({(fleet, blockade): port}), ``patrol_points``
    ({station: (lon, lat)}) and ``enemy_squadrons`` (each as the file gives it)."""
    model = scenario_model()
    return MappingProxyType(
        {
            "sortie_chance": model.sortie_chance,
            "home_ports": MappingProxyType(
                {(h.fleet, h.blockade): h.port for h in model.home_ports}
            ),
            "patrol_points": MappingProxyType(dict(model.patrol_points)),
            "enemy_squadrons": tuple(
                MappingProxyType(sq.model_dump(mode="json", exclude_unset=True))
                for sq in model.enemy_squadrons
            ),
        }
    )


def _named_type(name: str) -> str:
    """The roster type of one of BtQ's Friends and Foes (ValueError if no such ship)."""
    return named_ship(name).type.name


def home_port(fleet: str, blockade: bool) -> str:
    """Where a fleet's squadron lies when the summer opens."""
    return scenario_model().home_port(fleet, blockade)


def roster_type(name: str) -> str:
    """The BtQ roster name for ``name`` (any case); ValueError naming the valid ones."""
    return ship_type(name).name


def ship_class(name: str) -> str:
    """The BtQ roster's class of ship type ``name`` ("Ships and Guns": a Brig Sloop and a
    Ship Sloop are both Sloops, the Sixth and Fifth Rates Frigates); ValueError for none."""
    return ship_type(name).ship_class


def sailing_type(name: str) -> str:
    """The sailing rules' ship type for ``name`` (seed 003), checked before the world loads;
    ValueError naming close matches."""
    return sailing_ship_type(name).name


def deepest_type(types: list[str]) -> str:
    """The largest (deepest-draught) roster type among ``types``."""
    return max(types, key=ROSTER_ORDER.index) if types else "Cutter"


def slowest_type(types: list[str]) -> str:
    """The roster type among ``types`` with the fewest knots by seed 003's movement table
    (:func:`maps.sailing.reach_knots`; of two as slow, the smaller): the pace of a force."""
    if not types:
        return "Cutter"
    return min(types, key=lambda t: (reach_knots(t), ROSTER_ORDER.index(t)))


def ship_rating(types: Sequence[str]) -> dict[str, Any] | None:
    """The rating a force shows on the chart: its largest ship's on BtQ's roster ("Ship
    Types": First Rate .. Sixth Rate, the sloops and the cutter), and how many ships it is.
    ``rate`` is the book's 1-6, None for a sloop or a cutter; ``label`` the chart's words;
    ``size`` her place on the roster (0 the Cutter .. 8 the First Rate), to rank ratings by."""
    if not types:
        return None
    big = ship_type(deepest_type([roster_type(t) for t in types]))
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(big.rate or 0, f"{big.rate}th")
    label = f"{ordinal} rate" if big.rate else big.ship_class.lower()
    return {
        "type": big.name,
        "rate": big.rate,
        "class": big.ship_class,
        "label": label,
        "size": ROSTER_ORDER.index(big.name),
        "ships": len(types),
    }


def force_organisation(roll: int) -> list[dict[str, Any]]:
    """Table F's deployment for ``roll`` (Briny, Force Organisation) as plain records."""
    return [
        {"fleet": r.fleet, "squadron": r.squadron, "ship": r.ship, "order": r.order}
        for r in table_f(roll)
    ]


def briny_ship(code: str) -> dict[str, str]:
    """``{"name", "type"}`` of the Briny fleet's ship with two-letter ``code``."""
    ship = fleet_ship(code)
    return {"name": ship.name, "type": ship.roster}


#: the squadron of the fleet's Blockade ships (fleet.json's last, checked there)
BLOCKADE = "Blockade"
#: the Blockade squadron's ships, in the fleet's order (Briny Table C)
BLOCKADE_SHIPS = tuple(code for code, s in FLEET_SHIPS.items() if s.squadron == BLOCKADE)
#: a disgrace's causes as the GM declares them (Briny 001:335 a debt unpaid, 001:357-359
#: a duel between shipmates or Marines), and "cleared": a debt paid (docs/rules-notes.md
#: "Disgrace")
DISGRACE_CAUSES = ("debt", "duel", "cleared")


def blockade_ship(code: str) -> bool:
    """Whether the Briny fleet's ship ``code`` is one of the Blockade squadron's."""
    return fleet_ship(code).squadron == BLOCKADE


def captain_rank(code: str) -> str:
    """The rank of the captain of the Briny fleet's ship ``code`` (Ship Table B)."""
    return fleet_ship(code).captain_rank


# -- officers: a character is kept in the state as his Character.to_dict() -------------------


def new_officer(
    fields: Mapping[str, Any], oid: str, rank: str, year: int, rng: random.Random
) -> dict[str, Any]:
    """A character entered as ``fields`` (checked; the rest rolled), not yet in a berth."""
    return character_from(fields, oid=oid, rank=rank, year=year, rng=rng).to_dict()


def npc_officers(
    players: Sequence[Mapping[str, Any]], year: int, rng: random.Random
) -> list[dict[str, Any]]:
    """An NPC character for every berth of the fleet ``players`` (characters' dicts) leave
    empty (:func:`strategy.campaign.fleet.default_officers`), each rolled from ``rng``."""
    seated = [Character.from_dict(_character_fields(p)).officer(True) for p in players]
    npcs = default_officers(rng, seated)[len(seated) :]
    return [roll_character(o, year, rng).to_dict() for o in npcs]


def npc_captain(code: str, oid: str, year: int, rng: random.Random) -> dict[str, Any]:
    """An NPC character for ship ``code``'s captaincy, of id ``oid``, rolled from ``rng``
    (:func:`strategy.campaign.fleet.npc_captain`)."""
    return roll_character(fleet_npc_captain(rng, code, oid), year, rng).to_dict()


def campaign_officer(officer: Mapping[str, Any], player: bool) -> Any:
    """The summer campaign's :class:`strategy.campaign.Officer` of a character's dict."""
    return Character.from_dict(_character_fields(officer)).officer(player)


def officer_after(
    officer: Mapping[str, Any],
    change: Mapping[str, Any],
    guineas: int,
    year: int,
    season: str = "summer",
) -> dict[str, Any]:
    """A character's dict after a season (:meth:`strategy.characters.Character.after_summer`).
    A promotion dismisses him from a military appointment only: a government post wants
    "the listed rank or higher" (Briny 001:1122), so he keeps it."""
    character = Character.from_dict(_character_fields(officer))
    after = character.after_summer(change, guineas, year, season).to_dict()
    post = officer.get("appointment")
    if post in _appointments.GOVERNMENT and not after["dead"] and not after.get("appointment"):
        after["appointment"], after["serves"] = post, officer.get("serves")
    return after


def officer_healed(
    officer: Mapping[str, Any], months: int, seed: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A character's dict after ``months`` turns of the month and what healed him
    (:meth:`strategy.characters.Character.healed`); his First Aid tests' cards from a deck
    seeded by ``seed`` (drawn from the campaign's seeded source), a player's own deck for a
    player's character, the GM's for an NPC."""
    character = Character.from_dict(_character_fields(officer))
    dealer = Dealer(random.Random(seed))
    after, done = character.healed(months, dealer, gm=officer.get("player") is None)
    return after.to_dict(), done


def officer_served(officer: Mapping[str, Any], seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A character's dict after a year of service and the year's record
    (:func:`strategy.characters.service.year_of_service`); its card from a deck seeded by
    ``seed`` (drawn from the campaign's seeded source), a player's own deck (with the
    joker) for a player's character, the GM's for an NPC."""
    character = Character.from_dict(_character_fields(officer))
    rng = random.Random(seed)
    deck = Deck.gm(rng) if officer.get("player") is None else Deck.player(rng)
    service = year_of_service(character.sheet, deck, rng)
    return _kept(officer, character.serving(service).to_dict()), service


def service_offer(officer: Mapping[str, Any], turned: str) -> dict[str, Any]:
    """What the card ``turned`` in his year of service leaves a player's character to
    choose (:func:`strategy.characters.service.offer`)."""
    return offer(Character.from_dict(_character_fields(officer)).sheet, turned)


def officer_chose(
    officer: Mapping[str, Any], turned: str, gain: Mapping[str, str], taken: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A character's dict after the year of service his player chose and the year's record
    (:func:`strategy.characters.service.chosen`: InvalidMove for a choice the card does
    not give)."""
    character = Character.from_dict(_character_fields(officer))
    service = chosen(character.sheet, turned, gain, taken)
    return character.serving(service).to_dict(), service


def officer_serving(officer: Mapping[str, Any], service: Mapping[str, Any]) -> dict[str, Any]:
    """A character's dict after the year of service ``service`` (a record of
    :func:`strategy.characters.service.year_of_service`)."""
    return Character.from_dict(_character_fields(officer)).serving(service).to_dict()


def officer_spending(officer: Mapping[str, Any], left: Mapping[str, int]) -> dict[str, Any]:
    """A character's dict after a battle left his Measures at ``left``
    (:meth:`strategy.characters.Character.spending`)."""
    return Character.from_dict(_character_fields(officer)).spending(left).to_dict()


def skirmish_task(mission: str, task: str) -> Any:
    """The task ``task`` of skirmish ``mission``; an unknown one raises UnknownName."""
    return _skirmish.task(mission, task)


def fight_skirmish(
    mission: str,
    party: Sequence[tuple[Mapping[str, Any], str]],
    cards: Mapping[str, int],
    morale: str,
    rng: random.Random,
    player: bool,
) -> dict[str, Any]:
    """A skirmish of the campaign (:func:`strategy.combat.skirmish.skirmish`): ``party``
    the officers' records with their tasks, its commander first, each known by his id;
    ``cards`` his Discipline cards by id; ``morale`` the ship's; the characters' cards from
    a player's deck when ``player`` (a seated captain's), else the GM's (an NPC's)."""
    members, tasks = [], {}
    for officer, task in party:
        aboard = battle_officer(officer, "officer", officer["id"])
        members.append(
            _skirmish.Member(
                officer["id"],
                aboard["skills"],
                aboard["discipline"],
                aboard["measures"].get("Guts", 0),
                HEALTH_LEVELS.index(aboard.get("health", "healthy")),
            )
        )
        tasks[officer["id"]] = _skirmish.task(mission, task)
    gm = Deck.gm(rng)
    deck = Deck.player(rng) if player else gm
    return _skirmish.skirmish(gm, deck, members[0], members[1:], tasks, cards, morale)


def prize_money(
    prizes: Sequence[Mapping[str, Any]], captors: Sequence[Mapping[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each captor's shares of the enemy ships taken (``{"name", "type"}``, her roster
    type giving her rate): :func:`strategy.characters.prize_money.prize_money`."""
    rated = [{**p, "rate": ship_type(p["type"]).rate} for p in prizes]
    return _prize_money(rated, captors)


def measures_now(officer: Mapping[str, Any]) -> dict[str, int]:
    """A character's Measures as they stand: his sheet's less those he spent this Naval
    Mission (:func:`strategy.characters.health.standing`)."""
    return standing(officer["sheet"]["measures"], officer.get("spent") or {})


def officer_mission_over(officer: Mapping[str, Any]) -> dict[str, Any]:
    """A character's dict at the end of the Naval Mission: his Measures whole again."""
    return Character.from_dict(_character_fields(officer)).mission_over().to_dict()


def morale_after(battle: Battle, side: str) -> dict[str, dict[str, Any]]:
    """Each ``side`` ship's Ship Morale after the finished battle (seed 000: "damaged by
    one level" if she lost), then mended by her commander's Command test where the book
    lets a test mend it (Injured): ``{ship id: {"morale", "before", "test"}}``. The cards
    come from a deck seeded by the battle's seed: the same battle, the same tests."""
    return morale.mend(battle, side, Dealer(random.Random(f"morale/{battle.seed}")))


def morale_lost(before: str | None, levels: int) -> tuple[str, str]:
    """A Ship Morale (None: a ship no fight has touched, healthy) and it ``levels`` levels
    worse (seed 000:1199, "damaged by one level"; Dead stays Dead): what a chase's moment
    of truth costs the hunter (seed 002, 2.7, "lose 1 Morale")."""
    was = after = before or morale.LEVELS_OF_MORALE[0]
    for _ in range(levels):
        after = morale.worse(after)
    return was, after


def hardship_open(battle: Battle, side: str) -> dict[str, dict[str, list[str]]]:
    """Who aboard each ``side`` ship may spend which Measure now on Overcoming Great
    Hardship (seed 000, 000:1007-1011; :func:`strategy.combat.hardship.open_to`):
    ``{ship id: {officer name: ["Guts", "Discipline"]}}``, ships with nobody left out."""
    out = {}
    for s in battle.ships:
        if s.side == side and s.active:
            offered = hardship_open_to(s)
            if offered:
                out[s.id] = offered
    return out


def check_orders(battle: Battle, ship_id: str, orders: Mapping[str, Any]) -> None:
    """Refuse (InvalidMove) orders the battle's ship could not carry out, before the round
    that would carry them out is fought (:func:`strategy.combat.orders.normalise`)."""
    normalise(battle, battle.ship(ship_id), orders)


def battle_officer(officer: Mapping[str, Any], role: str, name: str) -> dict[str, Any]:
    """A character's dict as the combat engine's officer (:meth:`Character.aboard`)."""
    return Character.from_dict(_character_fields(officer)).aboard(role, name)


#: an officer record's fields that are the campaign's, not his character's: the seat that
#: plays him, its conditional orders for the summer, his weeks at the Royal Naval Academy,
#: the courts-martial he faces, his disgrace
CAMPAIGN_FIELDS = ("player", "orders", "academy", "courts_martial", "disgrace")


def _character_fields(officer: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in officer.items() if k not in CAMPAIGN_FIELDS}


def _kept(officer: Mapping[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``after`` (his character's dict, changed) with ``officer``'s campaign fields kept:
    a roll of his own changes neither who plays him nor the courts-martial he faces."""
    return {**after, **{k: officer[k] for k in CAMPAIGN_FIELDS if k in officer}}


#: the posts of the Naval Appointments Table, in the book's order (Briny, APPOINTMENTS)
NAVAL_APPOINTMENTS = tuple(_appointments.NAVAL)
#: the Government Appointments Table's posts a player applies for in March: all but the
#: King's (the First Sea Lord's and Prime Minister's are the ministers' seats, the GM's)
GOVERNMENT_APPOINTMENTS = tuple(
    name
    for name, p in _appointments.GOVERNMENT.items()
    if _appointments.appointee_post(p) != "King"
)


def appointment_post(name: str) -> dict[str, Any]:
    """A post of either Appointments Table as plain data: ``{"appointment", "naval",
    "ranks", "min_sl", "count", "per", "appointee" (the post that appoints), "roll",
    "season" (the one it is filled and renewed in)}``;
    KeyError (UnknownName) for no such post."""
    p = _appointments.post(name)
    return {
        "appointment": p.appointment,
        "naval": p.naval,
        "ranks": list(p.ranks),
        "min_sl": p.min_sl,
        "count": p.count,
        "per": p.per,
        "appointee": _appointments.appointee_post(p),
        "roll": p.roll,
        "season": _appointments.renewal_season(p),
    }


def appointment_check(name: str, officer: Mapping[str, Any]) -> None:
    """ValueError (InvalidMove) unless the character may hold the post: its rank (exactly,
    on the Naval table), his Social Level (his birth's, raised by a title), his own title."""
    c = Character.from_dict(_character_fields(officer))
    _appointments.check_eligible(
        _appointments.post(name), officer["rank"], c.social_level, c.own_title
    )


def appointment_roll(
    name: str,
    officer: Mapping[str, Any],
    rng: random.Random,
    by_player: bool,
    renewing: bool,
    influence: int | None = None,
) -> dict[str, Any]:
    """The appointee's roll for the character (his NA and his mentions in despatches; the
    dice a d6 from ``rng``): a player appointee's choice, an NPC's 1d6 and the modifiers
    (and the favours' signed ``influence`` on an announced application) against the post's
    Roll; ``renewing``: the renewal in September or March (its result also under
    ``renewed``)."""
    mids = len(officer.get("mentions") or ())  # the Crown Prince's aide reads them
    post = _appointments.post(name)
    if renewing:
        return _appointments.renewal(post, RandomDice(rng), officer["na"], mids, by_player)
    return _appointments.appointment_roll(
        post, RandomDice(rng), officer["na"], mids, by_player, influence
    )


def appointment_modifiers(name: str, officer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The character's modifiers to the appointee's roll for post ``name`` (his NA, his
    mentions in despatches: :func:`strategy.campaign.appointments.modifiers`)."""
    mids = len(officer.get("mentions") or ())
    return _appointments.modifiers(_appointments.post(name), officer["na"], mids)


def appointee_favour(name: str) -> int:
    """Influence Table B's class for the NPC appointee of post ``name`` (Briny 001:1122:
    "if a NPC must be influenced if the player wants to improve his chances")."""
    return _influence.appointee_favour(_appointments.appointee_post(_appointments.post(name)))


def post_favour(post: str) -> int:
    """Influence Table B's class for the NPC holding post ``post``, read as an appointee's
    row (the Victualling Board Supervisor a Vice Admiral's, the Chancellor a Minister's)."""
    return _influence.appointee_favour(post)


def rank_favour(rank: str) -> int:
    """Influence Table B's class for the decisions of an NPC of ``rank``."""
    return _influence.rank_favour(rank)


def npc_resigns(die: int, modifier: int) -> bool:
    """Whether an NPC asked to resign does: 7 on 1d6 and the favours (Briny 001:512)."""
    return _influence.resigns(die, modifier)


def appointment_words(rolled: Mapping[str, Any]) -> str:
    """An appointment's roll in words (:func:`strategy.campaign.appointments.roll_words`)."""
    return _appointments.roll_words(rolled)


# -- Ship Tables A and B (strategy.campaign.ship_tables) ---------------------------------


def social_level(officer: Mapping[str, Any]) -> int:
    """A character's Social Level: his Briny birth's, raised by a title the King conferred
    (:attr:`strategy.characters.Character.social_level`)."""
    level: int = Character.from_dict(_character_fields(officer)).social_level
    return level


def titled_social_level(officer: Mapping[str, Any]) -> int:
    """His Social Level from his record as it is (his birth's, raised by his title), read
    without building his character (each seat's view reads it)."""
    return _titles.raised_social_level(officer["birth"]["social_level"], officer.get("title"))


def title_roll(
    officer: Mapping[str, Any], services: int, rng: random.Random
) -> dict[str, Any] | None:
    """The King's roll for the character's next title after ``services`` this season
    (:func:`strategy.characters.titles.title_roll`, a d6 from ``rng``); None for a Duke."""
    c = Character.from_dict(_character_fields(officer))
    if _titles.next_title(c.own_title) is None:
        return None
    return _titles.title_roll(c.own_title, c.social_level, services, c.title_tries, RandomDice(rng))


def officer_titled(officer: Mapping[str, Any], rolled: Mapping[str, Any]) -> dict[str, Any]:
    """A character's dict after the King's roll (:meth:`Character.titled`)."""
    return _kept(officer, Character.from_dict(_character_fields(officer)).titled(rolled).to_dict())


def title_words(rolled: Mapping[str, Any]) -> str:
    """The King's roll in words (:func:`strategy.characters.titles.title_words`)."""
    return _titles.title_words(rolled)


#: the services that qualify for a title (docs/rules-notes.md "Titles")
QUALIFYING_BATTLE_RESULT = _titles.QUALIFYING_BATTLE_RESULT
QUALIFYING_MENTIONS = _titles.QUALIFYING_MENTIONS


def title_pension(officer: Mapping[str, Any]) -> int:
    """The monthly pension of the title the King conferred on him (0: none, or a knight's)."""
    title = officer.get("title")
    return (_titles.TITLE_TABLE[title].pension or 0) if title else 0


def fleet_codes() -> list[str]:
    """The fleet's ships' codes in Ship Table A's order (the Royal Oak first)."""
    return [s.code for s in sorted(FLEET_SHIPS.values(), key=lambda s: s.standing)]


def ship_standing(code: str) -> int:
    """Ship ``code``'s standing on Ship Table A (1, the Royal Oak, the highest)."""
    return fleet_ship(code).standing


def ship_minimum(code: str, level: int) -> int | None:
    """Ship Table A's least roll for ``level`` (None: "-", or automatic)."""
    return _ship_tables.application_minimum(code, level)


def ship_automatic(code: str) -> bool:
    """Whether acceptance into ship ``code`` is automatic (Caligula, Tickler)."""
    return _ship_tables.is_automatic(code)


def ship_application(
    code: str, level: int, rejections: int, rng: random.Random, influence: int = 0
) -> dict[str, Any]:
    """An application to ship ``code`` rolled by Ship Table A (its die from ``rng``, moved
    by the ``influence`` brought to bear)."""
    return _ship_tables.application(code, level, rejections, RandomDice(rng), influence)


def command_row(code: str) -> str:
    """The row of Ship Table B her captain holds."""
    return _ship_tables.command_row(code)


def officer_row(rank: str, code: str | None, bought: str | None) -> str:
    """The row of Ship Table B an officer of ``rank`` holds in ship ``code``."""
    return _ship_tables.officer_row(rank, code, bought)


def ship_rank(row: str, code: str) -> dict[str, Any]:
    """Ship Table B's cell of ``row`` for ship ``code``, as plain data."""
    return asdict(_ship_tables.ship_rank(row, code))


def ship_purchase(row: str, code: str, level: int) -> dict[str, Any]:
    """The captaincy above ``row`` bought for ship ``code`` (ValueError, InvalidMove, if
    not for him), as plain data."""
    return asdict(_ship_tables.purchase(row, code, level))


def ship_pay(rank: str, code: str | None, bought: str | None) -> dict[str, Any]:
    """His month's pay and status (Ship Table B; an admiral's Admiralty Table)."""
    return _ship_tables.pay(rank, code, bought)


def substitution(
    deployment: Sequence[Mapping[str, Any]],
    out_code: str,
    in_code: str,
    by_player: bool,
    rng: random.Random,
    modifier: int = 0,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A substitution (Briny 001:903-907, :func:`strategy.campaign.plan.substitute`): the
    deployment after it (each record ``{"fleet", "squadron", "ship", "order"}``) and its
    record; a petition to the NPC Captain of the Fleet rolls its die from ``rng``, a player
    Captain of the Fleet's needs none; ``modifier``, the influence brought to bear on the
    petition's die. InvalidMove (a ValueError) when it may not be."""
    plan = [_Deployment(d["fleet"], d["squadron"], d["ship"], d["order"]) for d in deployment]
    after, record = _substitute(
        plan,
        out_code,
        in_code,
        player_captain_of_the_fleet=by_player,
        modifier=modifier,
        dice=None if by_player else RandomDice(rng),
    )
    return [d.to_dict() for d in after], record


def is_port(port_id: str) -> bool:
    return port_id in world().ports


def port_id(name: str) -> str:
    """The id of the port ``name`` (an id, or a name in any case); KeyError naming close
    matches."""
    return world().port(name).id


def anchorage(port: str) -> tuple[float, float]:
    """The anchorage (lon, lat) of ``port``; KeyError naming close matches."""
    return tuple(world().port(port).anchorage)


def station_point(station: str) -> tuple[float, float]:
    """The cruising ground of ``station``'s squadrons; UnknownPlace naming the stations."""
    points = scenario()["patrol_points"]
    if station not in points:
        raise maps_errors.UnknownPlace(f"no station {station!r}; stations: {', '.join(points)}")
    return points[station]


def blockade_point(port_id: str) -> tuple[float, float]:
    """The blockaders' station: in the zone off enemy ``port_id``, within sight of it."""
    anchorage(port_id)
    zones = blockade_zones()
    if port_id not in zones:
        raise maps_errors.UnknownPlace(
            f"{port_id!r} is not an enemy port; blockade one of {', '.join(sorted(zones))}"
        )
    point = zones[port_id].representative_point()
    return (round(point.x, 4), round(point.y, 4))


def is_enemy_port(port_id: str) -> bool:
    return world().ports[port_id].is_enemy


def voyage(stops: list[Any], ship: str, month: int, stay: float) -> dict[str, Any]:
    """A GM's multi-leg voyage as a GeoJSON FeatureCollection, each leg and the whole with
    the ``outlook`` of the sea it meets (:func:`_outlook`)."""
    collection = world().voyage(stops, ship=ship, month=month, stay_days=stay)
    out = collection.to_feature_collection()
    legs = [f for f in out["features"] if f["properties"].get("kind") == "leg"]
    extra = {"best": 0.0, "mean": 0.0, "worst": 0.0}
    for leg in legs:
        props = leg["properties"]
        props["outlook"] = _outlook(leg, ship, props["month"])
        for k in extra:
            extra[k] += props["outlook"][k] - props["days"]
    days = out["properties"]["days"]
    out["properties"]["outlook"] = {k: round(max(days + v, 0.0), 2) for k, v in extra.items()}
    return out


def _outlook(feature: dict[str, Any], ship: str, month: int) -> dict[str, float]:
    """The days a routed leg's sea may make it, at best, on average and at worst
    (:func:`maps.sea.outlook`: seed 003's irons, calms and currents, no dice)."""
    props = feature["properties"]
    sea = meets(feature["geometry"]["coordinates"], month, ship)
    best, mean, worst = (round(props["days"] + h / 24, 2) for h in outlook(sea))
    return {"best": max(best, 0.0), "mean": mean, "worst": worst}


def cruise_route(stops: Sequence[str], ship: str, month: int, stay: float) -> dict[str, Any]:
    """A volunteers' cruise (the places as the voyage planner writes them, routed one leg
    after another for ``ship`` in ``month``, ``stay`` days at each) as one passage: track,
    distance (nm), days with the stays and risks, as :func:`route` gives a passage."""
    stops_at = [voyage_stop(s) for s in stops]
    return _passage(world().voyage(stops_at, roster_type(ship), month, stay), month, ship)


def squadron_ships(squadron: str) -> list[str]:
    """The codes of the Briny fleet's ships of ``squadron`` (Ship Table A's order)."""
    ships = sorted(FLEET_SHIPS.values(), key=lambda s: s.standing)
    return [s.code for s in ships if s.squadron == squadron]


def volunteer_deployment(
    ships: Sequence[str], squadron: str | None, season: str
) -> list[dict[str, Any]]:
    """Volunteered ships as deployment records (Briny, VOLUNTEERS): a ship on her own on
    independent action outside the summer, an admiral's ships always on Blockade Duty."""
    records = (
        volunteer_squadron(ships, squadron, season)
        if squadron
        else [volunteer_ship(code, season) for code in ships]
    )
    return [
        {"fleet": d.fleet, "squadron": d.squadron, "ship": d.ship, "order": d.order}
        for d in records
    ]


#: the Royal Naval Academy (Briny, NAVAL ABILITY): its fee a week, the weeks of study that
#: make a level of NA, the most NA it gives; the weeks of study a season has at most (the
#: whole weeks of the longest, 92 days: a 90-day winter has 12)
ACADEMY = academy
ACADEMY_WEEKS = SEASON_DAYS // 7

#: the most a conditional order (poltroonery, reckless bravery) moves the death roll: the
#: span of 2d6 (Briny, POLTROONERY: "the minimum die roll for death he will accept")
ORDERS_MOST = 10

#: the classes of favour (Briny, INFLUENCE: "nine classes ... from 1 to 9")
FAVOUR_CLASSES = (_influence.CLASSES.start, _influence.CLASSES.stop - 1)
#: Influence Table B's class for a Prime Minister: a modification of one on his decision
PRIME_MINISTER_FAVOUR = _influence.favour_needed("Prime Minister")
#: "NPCs will resign on a 7 on 1d6, so influence is needed!" (Briny 001:512)
RESIGNS_ON = _influence.RESIGNS_ON
#: the NPC Captain of the Fleet's class: the post is a captain's (Influence Table B's
#: "Captain")
CAPTAIN_OF_THE_FLEET_FAVOUR = _influence.favour_needed("Captain")

# -- the Royal Marines as a player's career (strategy.campaign.marines) ---------------------

#: the rank a Marine enrols in (Briny 001:938: "enrol in the RM as privates")
MARINE_ENROLMENT_RANK = _marines.ENROLMENT_RANK
#: "rolling 7 on 1d6 for success" (001:940)
MARINE_CHANGE_ON = _marines.CHANGE_ON
#: Influence Table B's class for the Brigadier-General of Marines, who decides a change
MARINE_CHANGE_FAVOUR = _influence.favour_needed(_marines.CHANGE_DECIDED_BY)


def marine_enrolment(officer: Mapping[str, Any]) -> list[str]:
    """What keeps the character ``officer`` (a record) out of the Royal Marines (Briny
    001:938), in words; none: he enrols. His endurance is his birth's Strength and his
    Constitution now (less what wounds took) times 6; his expertise (sabre) the record's
    one duelling expertise (docs/rules-notes.md, "The Royal Marines' enrolment")."""
    endurance = _marines.endurance(officer["birth"]["strength"], officer["constitution"])
    return _marines.enrolment_refusals(endurance, officer["expertise"], officer["na"])


def marine_may_ask_change(rank: str) -> bool:
    """Whether a Marine of ``rank`` may request a change of ship (a Private or Subaltern)."""
    return _marines.may_ask_change(rank)


def marine_change_granted(die: int, modifier: int) -> bool:
    """Whether the Brigadier-General of Marines grants a change: 7 on 1d6 and the favours."""
    return _marines.change_granted(die, modifier)


def marine_ship(codes: Sequence[str], rng: random.Random) -> str:
    """The ship a Marine is randomly assigned to, of ``codes`` (InvalidMove: none)."""
    return _marines.assigned_ship(codes, rng)


def season_favours(officer: Mapping[str, Any]) -> list[int]:
    """The favours a player character receives each season (Briny 001:534): his birth's
    Social Level's (Influence Table A) and his Government post's Infl, lowest first."""
    # his record's birth holds its Social Level as Character.to_dict wrote it (checked
    # when the record was made): read as it is, each seat's view builds it
    level = titled_social_level(officer)
    post = _appointments.GOVERNMENT.get(officer.get("appointment") or "")
    return list(_influence.season_favours(level, post.influence if post else ()))


def favours_brought(favours: Sequence[int], needed: int) -> dict[str, Any]:
    """The favours brought to bear on an NPC's decision of Table B class ``needed``:
    ``{"combined", "modifier"}`` (:func:`strategy.campaign.influence.bring_to_bear`)."""
    return _influence.bring_to_bear(favours, needed)


def influence_swing(die: int, modifier: int) -> int:
    """The ships an NPC Prime Minister adds or subtracts for one influence (001:1306)."""
    return _influence.swing(die, modifier)


#: the posts that may embezzle once a year (Briny, APPOINTMENTS 001:1164-1206), in order
EMBEZZLING_POSTS = tuple(_embezzlement.PERKS)
#: the most any post embezzles a year: the payload's bound (each post's own is its perk's)
EMBEZZLEMENT_MOST = max(p.most for p in _embezzlement.PERKS.values())


def embezzlement_perk(name: str) -> dict[str, Any]:
    """Post ``name``'s embezzlement (:class:`strategy.campaign.embezzlement.Perk`) as a
    plain dict (``with``: whom influence sways its roll); UnknownName for a post without."""
    perk = asdict(_embezzlement.perk(name))
    perk["with"] = perk.pop("with_")
    return perk


def embezzlement_roll(
    name: str, guineas: int, rng: random.Random, modifier: int = 0
) -> dict[str, Any]:
    """The discovery roll of ``guineas`` embezzled in post ``name``, its dice drawn as the
    server draws its own (``randint``): :func:`strategy.campaign.embezzlement.discovery`."""
    perk = _embezzlement.perk(name)
    return _embezzlement.discovery(perk, guineas, _DrawnDice(rng), modifier)


def influenced_commitment(digit: int, moves: Sequence[int], rng: random.Random) -> dict[str, Any]:
    """An NPC Prime Minister's rolled digit moved by the influences made on him (signed
    ships each): ``{"ships_rolled", "ships", "column", "column_die"}``, a die from ``rng``
    only for a changed total of three (:func:`strategy.campaign.plan.influenced_commitment`),
    drawn as the server draws the Prime Minister's own die (``randint``)."""
    return _influenced(digit, moves, _DrawnDice(rng))


class _DrawnDice:
    """The dice of a rule drawn as the server draws its own dice (``randint``)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def d6(self) -> int:
        return self._rng.randint(1, 6)

    def d20(self) -> int:
        return self._rng.randint(1, 20)

    def two_d6(self) -> tuple[int, int]:
        return self.d6(), self.d6()


#: how many stops a planned voyage calls at (home, station, up to 6 missions, home: and
#: a few more), and how many days it may stay at each
VOYAGE_STOPS = (2, 12)
VOYAGE_STAY = (0.0, 60.0)


def voyage_stop(text: str) -> str | tuple[float, float]:
    """One stop of a planned voyage as the planner writes it: a port id, ``lon,lat`` or
    ``station:<id>`` (the station's cruising ground); :mod:`maps.errors` saying why not."""
    if text.startswith("station:"):
        return station_point(text.removeprefix("station:"))
    if "," in text:
        try:
            lon, lat = (float(v) for v in text.split(","))
        except ValueError:
            raise maps_errors.OffChart(
                f"{text!r} is not a port id, lon,lat or station:<id>"
            ) from None
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise maps_errors.OffChart(f"{text!r} is not lon,lat in degrees")
        return (lon, lat)
    return text


def voyage_plan(stops: Sequence[str], ship: str, month: int, stay: float) -> dict[str, Any]:
    """A GM's planned voyage (``GET /api/voyage``, and the voyage he shows the players):
    its stops as the planner writes them (:func:`voyage_stop`) routed one leg after another
    for ``ship`` (a roster type) in ``month``, staying ``stay`` days at each; a GeoJSON
    FeatureCollection. :mod:`maps.errors` saying what is wrong."""
    lo, hi = VOYAGE_STOPS
    if not lo <= len(stops) <= hi:
        raise maps_errors.InvalidValue(
            f"a voyage needs {lo} to {hi} 'stop' places, not {len(stops)}"
        )
    if not 1 <= month <= 12:
        raise maps_errors.InvalidValue(f"'month' must be 1 to 12, not {month}")
    if not VOYAGE_STAY[0] <= stay <= VOYAGE_STAY[1]:
        raise maps_errors.InvalidValue("'stay' must be 0 to 60 days")
    return voyage([voyage_stop(s) for s in stops], roster_type(ship), month, stay)


def route_feature(origin: Any, destination: Any, ship: str, month: int) -> dict[str, Any]:
    """One routed passage as a GeoJSON Feature, with the ``outlook`` of the sea it meets."""
    feature = world().route(origin, destination, ship=ship, month=month).to_geojson()
    feature["properties"]["outlook"] = _outlook(feature, ship, month)
    return feature


def ports() -> list[dict[str, Any]]:
    """Every port as plain data (read from the ports file, without building the world;
    built by :func:`build_world` before a server reads it: the first read tests each port
    against the coast with GEOS, which must not run beside the world's build)."""
    return [
        {
            "id": p.id,
            "name": p.name,
            "nation": p.nation,
            "kind": p.kind,
            "station": p.station,
            "lon": p.lon,
            "lat": p.lat,
            "anchorage": list(p.anchorage),
        }
        for p in load_ports().values()
    ]


def layer_sources() -> list[Path]:
    """The files the map layers are built from: the world's code and data, the scenario."""
    folder = Path(maps.__file__).resolve().parent
    return sorted([*folder.glob("*.py"), *folder.glob("data/*"), SCENARIO])


def layers(detail: bool = True) -> dict[str, Any]:
    """The browser's GeoJSON layers (built once by maps.layers): the coast's detail, or
    (``detail=False``) the overview the page opens with."""
    return all_layers() if detail else overview_layers()


def land_detail() -> dict[str, Any]:
    """The coast the map draws zoomed in (maps.layers.land)."""
    return land()


def wind_layer(month: int) -> dict[str, Any]:
    """The month's prevailing winds as GeoJSON points (maps.layers.wind_points)."""
    if not isinstance(month, int) or not 1 <= month <= 12:
        raise maps_errors.InvalidValue(f"month is 1 to 12, not {month}")
    return wind_points(month)


def route(
    origin: Any, destination: Any, ship: str, month: int, pace: str | None = None
) -> dict[str, Any]:
    """A routed voyage as plain data: track, distance (nm), days, risks and the sea it
    meets (:func:`_passage`). ``ship`` is the type whose draught picks the track, ``pace``
    the type whose knots time it (default ``ship``): a squadron's slowest ship."""
    voyage = world().route(origin, destination, ship=ship, month=month)
    return _passage(voyage, month, pace or ship)


def _passage(voyage: Any, month: int, pace: str) -> dict[str, Any]:
    """A routed leg or voyage (maps.voyage) as plain data: track, distance, days (plain
    sailing at ``pace``'s knots), risks, and ``sea``, what the passage meets (seed 003's
    irons, calms and currents, :func:`maps.sea.meets`), with ``outlook``: the days the sea
    may make it, at best, on average and at worst (the preview's range; the dice are
    thrown as she sails it, :func:`sail_sea`)."""
    track = [[round(x, 4), round(y, 4)] for x, y, *_ in voyage.track.coords]
    days = voyage.days * reach_knots(voyage.ship) / reach_knots(pace)
    sea = meets(track, month, pace)
    best, mean, worst = (round(days + h / 24, 3) for h in outlook(sea))
    return {
        "track": track,
        "distance_nm": round(voyage.distance_nm, 1),
        "days": round(days, 3),
        "risks": [r.as_dict() for r in voyage.risks],
        "sea": sea.as_dict(),
        "outlook": {"best": max(best, 0.0), "mean": mean, "worst": worst},
    }


def sail_sea(sea: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The sea's dice on a passage as the ship sails it (:func:`maps.sea.sail`), thrown
    with the campaign's seeded source: what happened, ``hours`` the time it added."""
    return sail(Sea.from_dict(sea), rng).as_dict()


def risks_shallow(ship: str, kind: str) -> bool:
    """Whether a ship of roster type ``ship`` throws for a risk of ``kind`` on her route
    (seed 003 "Shallow Water": "Small ships are susceptible only to specified
    shallows/reefs", so not to the inshore band, ``"inshore"``)."""
    return kind != "inshore" or sailing_ship_type(ship).size != "Small"


def shallow_throw(rng: random.Random) -> dict[str, Any]:
    """Seed 003's "Shallow Water" thrown for one ship with the campaign's seeded source
    (:func:`maps.sea.risk_shallows`): ``roll``, ``result``, ``damage``, ``tries``, ``days``."""
    return risk_shallows(rng).as_dict()


def strength_points(ship: str) -> int:
    """Seed 003's Ship's Strength Points of a roster type by her size: 32, 48 or 64."""
    return STRENGTH_POINTS[sailing_ship_type(ship).size]


def hull_struck(ship: str, roster_type: str, damage: int) -> int:
    """The Hull boxes the ``damage`` points on her record cross before her next fight
    (:func:`strategy.combat.damage.struck_boxes`): ``ship`` as the battle takes her (her
    roster type, or a named ship's name), against her roster type's Strength Points."""
    hull = combatant(ship).boxes[0]
    return struck_boxes(damage, strength_points(roster_type), hull)


def rigging_boxes(spec: Mapping[str, Any]) -> int:
    """The Rigging boxes, all levels, of a ship as a battle takes her (``spec``)."""
    return sum(combatant(spec["type"]).boxes[DAMAGE_AREAS.index("rigging")])


def mends_in(port_id: str, side: str) -> bool:
    """Whether a ship of ``side`` mends the damage points the sea gave her on coming into
    ``port_id``: a friendly port (for Britain any but the enemy's; for the enemy its own:
    docs/rules-notes.md "Damage off the sea in battle")."""
    return is_enemy_port(port_id) != (side == "Britain")


def grounding_words(name: str, place: str, day: int, grounding: dict[str, Any]) -> str:
    """A ship's throw on a shallow-water risk in words.

    >>> grounding_words("Amethyst", "the Goodwin Sands", 4,
    ...     {"result": "rocks", "damage": 7, "days": 1.0, "tries": [2, 3, 5]})
    'Amethyst struck rocks in the Goodwin Sands on day 4: 7 damage points, 1 day stuck fast'
    """
    result, days = grounding["result"], grounding["days"]
    if result == "clear":
        return f"{name} crossed {place} safely on day {day}"
    what = "struck rocks" if result == "rocks" else "ran aground"
    parts = [f"{grounding['damage']} damage points"] if grounding["damage"] else []
    if days:
        parts.append(f"{days:g} day{'' if days == 1 else 's'} stuck fast")
    else:
        parts.append("got off at once")
    return f"{name} {what} in {place} on day {day}: {', '.join(parts)}"


#: Days at sea a Ration feeds a ship's company (docs/rules-notes.md "Rations")
RATION_DAYS = _rations.RATION_DAYS
#: how far off a port a storm is named by it ("off Brest"); further out, by its position
OFF_PORT_NM = 240.0


def rations_store(ship: str) -> int:
    """The full store of Rations of a ship of roster type ``ship`` (seed 002's Rations;
    :func:`strategy.chase.rations.store`)."""
    return _rations.store(ship)


def rations_left(ship: Mapping[str, Any]) -> int:
    """The Rations in a map ship's store: her record's ``rations``, or, absent (never yet
    spent, or refilled in a friendly port), her full store."""
    return int(ship.get("rations", rations_store(ship["type"])))


def rations_spent(left: int, rations: int) -> tuple[int, int]:
    """``rations`` spent from ``left``: (left after, Ship Morale levels lost for those she
    had not; :func:`strategy.chase.rations.spend`)."""
    return _rations.spend(left, rations)


def storm_day(lon: float, lat: float, month: int, rng: random.Random) -> dict[str, Any] | None:
    """The day's wind of a ship at sea at (lon, lat) in ``month``, thrown with ``rng`` as a
    battle's is (:func:`battle_weather`: the prevailing wind there and a d6, then the
    precipitation's d6), when it is a storm (:func:`strategy.combat.sea.is_storm`): ``{"name",
    "roll", "wind", "precipitation", "rain_roll", "strength"}``, the static wind and
    precipitation the weather's pool is made of; None on a day of no storm (one die thrown,
    docs/rules-notes.md "Storms on a passage")."""
    strength = prevailing_wind(lon, lat, month).strength
    roll = rng.randint(1, 6)
    name = sea_weather(strength, roll)
    if not is_storm(name):
        return None
    rain_roll = rng.randint(1, 6)
    return {
        "name": name,
        "roll": roll,
        "wind": WEATHER[name]["wind"],
        "precipitation": sea_precipitation(name, rain_roll),
        "rain_roll": rain_roll,
        "strength": strength,
    }


def storm_challenge(
    spec: Mapping[str, Any], wind: str, rain: str, rng: random.Random, player: bool
) -> dict[str, Any]:
    """A ship (a battle's spec of her, her officers aboard) against the storm, the weather
    her opponent (:func:`strategy.combat.sea.weather_challenge`): the GM's deck and, for a
    seated captain's ship (``player``), hers, each shuffled by ``rng``."""
    gm = Deck.gm(rng)
    deck = Deck.player(rng) if player else None
    return weather_challenge(dict(spec), wind, rain, gm, deck).to_dict()


def sea_place(lon: float, lat: float) -> str:
    """Where a ship at sea is, in words: off the nearest port within :data:`OFF_PORT_NM`
    ("off Brest"), else her position ("at 45.0N 20.0W")."""
    near = min(ports(), key=lambda p: distance_nm((lon, lat), tuple(p["anchorage"])))
    if distance_nm((lon, lat), tuple(near["anchorage"])) <= OFF_PORT_NM:
        return f"off {near['name']}"
    ns, ew = ("N" if lat >= 0 else "S"), ("E" if lon >= 0 else "W")
    return f"at {abs(lat):.1f}{ns} {abs(lon):.1f}{ew}"


def storm_words(name: str, place: str, day: int, storm: Mapping[str, Any]) -> str:
    """A ship's challenge against a storm in words.

    >>> words = storm_words("Trident", "off Brest", 4, {"wind": "Storm winds",
    ...     "precipitation": "Blizzard", "weather": 10, "lost": True, "box": "maimed",
    ...     "held": 1})
    >>> print(words)  # doctest: +NORMALIZE_WHITESPACE
    a storm off Brest on day 4 (Storm winds, Blizzard: 10 cards): Trident lost to it,
    a Rigging box maimed, a mast carried away, 1 day hove to
    """
    rain = "" if storm["precipitation"] == "No Rain" else f", {storm['precipitation']}"
    head = f"a storm {place} on day {day} ({storm['wind']}{rain}: {storm['weather']} cards)"
    if not storm["lost"]:
        return f"{head}: {name} weathered it"
    text = f"{head}: {name} lost to it, a Rigging box {storm['box']}"
    if storm["held"]:
        held = storm["held"]
        text += f", a mast carried away, {held:g} day{'' if held == 1 else 's'} hove to"
    return text


def sail_pieces(track: Sequence[Sequence[float]], month: int) -> list[dict[str, Any]]:
    """A track cut into runs of one point of sail under the month's prevailing wind
    (:func:`maps.timing.sail_runs`) as plain data: ``[{"track", "point_of_sail", "beat",
    "nm"}]``; ``beat`` where the course lies dead to windward (boards, going about)."""
    return [
        {
            "track": [[round(x, 4), round(y, 4)] for x, y in run.track],
            "point_of_sail": run.point_of_sail,
            "beat": run.beat,
            "nm": round(run.nm, 1),
        }
        for run in sail_runs(track, month)
    ]
