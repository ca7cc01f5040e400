"""The campaign's state, typed: plain JSON-like dicts whose every key is declared here.

The state is rebuilt from the event log (:func:`server.game.actions.apply_event`), so it
holds only JSON values; the combat engine's own records (a battle's set-up and decisions,
its view, its log, the season report) are the rules' and stay open dicts here.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypeVar, get_args

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

__all__ = [
    "PLAYERS",
    "new_turn",
    "DECISIONS",
    "PHASES",
    "ROLES",
    "Decision",
    "Phase",
    "Role",
    "Side",
    "Status",
    "RULES_VERSION",
    "SEASON_DAYS",
    "BattleShip",
    "BattleWeather",
    "Breakout",
    "Cabinet",
    "CampaignInfo",
    "Clock",
    "Cruise",
    "DeploymentRecord",
    "Engagement",
    "YearRecord",
    "Force",
    "Application",
    "FavourAsked",
    "TransferAsked",
    "ResignationAsked",
    "ShipApplication",
    "Substitution",
    "Embezzlement",
    "Investment",
    "Note",
    "Notice",
    "OfficerRecord",
    "Orders",
    "Record",
    "Fight",
    "Grounding",
    "Storm",
    "Hunger",
    "Result",
    "Route",
    "SeaWind",
    "SeasonRecord",
    "ShownVoyage",
    "Seat",
    "SeatRecord",
    "Ship",
    "State",
    "OFF_SEASONS",
    "by_id",
    "current_year",
    "event_rng",
    "initial_state",
    "month_of",
    "no_clock",
    "season_date",
    "season_days",
]

SEASON_DAYS = 92  # the summer season: 1 June to 31 August (Briny, CAMPAIGN)

#: the version of the rules a campaign is decided by, logged in its ``campaign_created``
#: (docs/rules-notes.md "The rules' version"): raised whenever a rule decides anything
#: differently, and what an older version decided otherwise written in
#: :func:`server.game.replay.upgrade`, never kept alive in the rules.
#: 1: every log before issue 29 (it logged no version);
#: 2: a game day's month is its calendar month (:func:`month_of`) in every decision;
#: 3: a vacant seat is waited for by nothing: the turn clock, a fight (issue 30);
#: 4: issue 31's readings: who tests for a ship, the gage of silenced guns, a wounded
#: officer's pools, Overcoming Great Hardship, the Aide's "+1 for MiD" a bonus, every fight
#: of a ship's season kept; the chase's moment of truth the hunter's Seamanship alone, over
#: 4 + his opening successes rounds (seed 002); wounds and spent Measures go aboard the
#: next fight, and heal month by month.
#: 5: voyages meet the sea (issue 31): seed 003's movement table (larger ships faster), a
#: force at the pace of its slowest ship; irons, calms and currents thrown as a force puts
#: to sea, and shallow water as she sails into it (groundings and their damage).
#: 6: BtQ's prize money into the purse: each share of a prize taken pays its guineas into
#: the captor's funds (docs/rules-notes.md "Prize Money", "Into his purse"); a battle's rain
#: and fog (BtQ "Weather as a Static Modifier"): a second d6 after the wind's brings
#: precipitation, its modifier on every test, Mist's and Fog's on Awareness; the summer a
#: year of service (seed 000, Appendix II "Years of Service"): each officer who sailed it
#: and lives overturns a card and gains what its row gives; the sea's damage points into
#: battle as Hull boxes struck, mended in a friendly port ("Damage off the sea in battle");
#: a Mention in Despatches makes a public hero (Briny 001:1084): a die of Status Points
#: a month per mention, rolled after a season's other dice and kept on his record; a player
#: character's court-martial (a captain's 6, an admiral's 5-6, a poltroon's 6) on his record;
#: an NPC admiral with a BR of 5 or 6 resigns his flag when the fleet is home; the weather a
#: ship's opponent on a stormy day at sea (BtQ 000:1215: a Rigging box, a day hove to) and
#: her store of Rations, spent a week at sea and by the chase, refilled in a friendly port.
RULES_VERSION = 6

Position = list[float]  # [lon, lat] in degrees


#: the seats' roles (docs/protocol.md, Seats)
Role = Literal["gm", "prime-minister", "first-sea-lord", "admiral", "captain", "marine", "observer"]
#: the campaign's phases: the cabinet and the summer, the seasons after it (the year goes
#: round to the next cabinet), over when the war is
Phase = Literal["cabinet", "summer", "autumn", "winter", "spring", "over"]
#: the nations at sea
Side = Literal["Britain", "France", "Spain", "Netherlands"]
#: a ship afloat, or how a fight took her off the map
Status = Literal["afloat", "sunk", "struck", "taken", "decimated"]
#: a captain's decision for the next round of a fight (BtQ, Ship to Ship Combat)
Decision = Literal["close", "hold", "flee", "board", "strike"]
ROLES: tuple[Role, ...] = get_args(Role)
#: the seats of the fleet's players: their readiness moves the turn on, their orders are theirs
PLAYERS: tuple[Role, ...] = ("prime-minister", "first-sea-lord", "admiral", "captain", "marine")
PHASES: tuple[Phase, ...] = get_args(Phase)
DECISIONS: tuple[Decision, ...] = get_args(Decision)


@with_config(ConfigDict(extra="forbid"))
class Record(TypedDict):
    """A record of the state or the log: every key it may hold is declared (its JSON Schema
    says ``additionalProperties: false``); the rules' own records stay open dicts."""


class CampaignInfo(Record):
    id: str
    name: str
    year: int
    seed: int


class Clock(Record):
    """The turn clock (server.game.clock): game days a turn, real seconds a turn lasts and
    a battle round waits for its players (None: no deadline, the GM moves it on)."""

    turn_days: int
    turn_seconds: int | None
    round_seconds: int | None


class SeatRecord(Record):
    """A seat as its ``seat_created`` / ``seat_reissued`` event logs it."""

    id: str
    role: Role
    name: str
    squadron: str | None  # an admiral's squadron
    ship: str | None  # a captain's ship (two-letter code), a Marine's detachment's
    officer: NotRequired[str | None]  # the id of the seat's character


class OfficerRecord(Record):
    """An officer of the fleet: a player's character or an NPC (strategy.characters'
    ``Character.to_dict()``, and the seat that plays him)."""

    id: str
    name: str
    rank: str
    na: int  # Naval Ability, 1..10
    seniority: int  # the year he took his rank
    ship: str | None  # his berth: a ship's code ...
    squadron: str | None  # ... or, for a flag officer, his squadron; neither: ashore
    appointment: str | None
    serves: str | None  # the officer an aide serves
    funds: int  # guineas
    constitution: int  # his birth's, less what wounds took (Briny, The Nelson Touch)
    expertise: int
    wounds: list[str]
    experience: int  # summers sailed
    declined: int  # promotions declined at his rank
    dead: bool
    birth: dict[str, Any]  # the Briny record of his birth (strategy.characters.Birth)
    sheet: dict[str, Any]  # the BtQ sheet (strategy.characters.Sheet): its state his Health
    player: str | None  # the seat that plays him; None for an NPC
    spent: NotRequired[dict[str, int]]  # the Measures' points spent this Naval Mission
    used: NotRequired[list[str]]  # his traits used once a Naval Mission (Jack Tar), a use a name
    # his shares of the prizes taken this Naval Mission (BtQ Prize Money): engagement, prize,
    # type, size, as (the table's row), share ([Wealth opposition, automatic successes], ...),
    # guineas (paid into his funds as he took it; none in a share logged before)
    prize_money: NotRequired[list[dict[str, Any]]]
    orders: NotRequired[dict[str, Any]]  # his player's conditional orders for the summer
    # his weeks at the Royal Naval Academy: the season he last studied in ("1805 autumn"),
    # its weeks studied, and the quarters of a level of NA studied towards the next
    academy: NotRequired[dict[str, Any]]
    # his Mentions in Despatches (Briny 001:1084): each the die of his Status Points a month
    # for three months from the month his ship docked in London ("YYYY-MM"), then one
    mentions: NotRequired[list[dict[str, Any]]]
    # his poltroonery found out (Briny 001:1062): each the Status Points he loses a month
    # from the month his ship docked ("YYYY-MM") till a later mention redeems him
    shames: NotRequired[list[dict[str, Any]]]
    # the courts-martial he faces, not yet sat (Briny 001:1101), in the order they were
    # made, the first the GM sits next: each {"reason", "season"}; only where he has some
    courts_martial: NotRequired[list[dict[str, Any]]]
    # his disgrace (server.game.disgrace): {"cause": debt or duel, "season"}, till lifted
    disgrace: NotRequired[dict[str, Any]]
    # the title the King conferred on him (Briny TITLES: Knight ... Duke), and his
    # qualifications since his last title that gained none (server.game.titles)
    title: NotRequired[str]
    title_tries: NotRequired[int]


class Seat(SeatRecord):
    ready: bool
    vacant: NotRequired[bool]  # revoked: no token opens it until it is reissued


class Cabinet(Record):
    """The cabinet's Table F digits and the roll they make (Briny, Force Organisation)."""

    ships_digit: int | None
    deployment_digit: int | None
    roll: int | None
    # the influences made on an NPC Prime Minister this cabinet (server.game.influence):
    # each influencer, his wish, his modifier, its die and the ships it moves; the GM's
    influence: NotRequired[list[dict[str, Any]]]


class DeploymentRecord(Record):
    """One ship of Table F's deployment, with her name and BtQ roster type."""

    fleet: str
    squadron: str | None
    ship: str
    order: str  # B, I, F or C
    name: str
    type: str


class Ship(Record):
    code: str
    name: str
    type: str  # the BtQ roster type
    status: Status
    order: NotRequired[str]  # a British ship's Table F order
    named: NotRequired[bool]  # one of BtQ's Friends and Foes, with her traits
    cargo: NotRequired[Any]  # a Sail Ho! prize's cargo
    morale: NotRequired[str]  # her Ship Morale after her last fight (healthy .. dead)
    damage: NotRequired[int]  # seed 003's damage points from shallow water (rocks), till port
    # the level (1 Injured, 2 Maimed, 3 Dead) of each Rigging box a storm crossed, till port
    rigging: NotRequired[list[int]]
    rations: NotRequired[int]  # Rations left in her store (absent: full), refilled in port
    at_sea: NotRequired[int]  # her days at sea since she last spent a Ration
    # her last cutting-out expedition or landing party (BtQ Skirmish Rules): day, mission,
    # port, victory, text, prize (the vessel cut out: name, type; one a day)
    skirmish: NotRequired[dict[str, Any]]


class Orders(Record):
    kind: str  # station, blockade, patrol, sail, sortie
    target: str | Position


class Route(Record):
    """A routed passage under sail: its track, distance and days, from ``start_day``."""

    track: list[Position]
    distance_nm: float
    days: float
    risks: list[dict[str, Any]]
    to: str | Position
    start_day: float
    # what the passage meets (maps.sea: beat_hours, calm_hours, currents) and the days it
    # may take at best, on average and at worst (rules version 5 on)
    sea: NotRequired[dict[str, Any]]
    outlook: NotRequired[dict[str, float]]
    # the sea's dice thrown as she put to sea (maps.sea.Sailed: hours, tacks, irons, ...)
    sailed: NotRequired[dict[str, Any]]
    thrown: NotRequired[int]  # how many of ``risks`` she has sailed into and thrown for


class Force(Record):
    """A squadron, a detached ship or an enemy force on the map."""

    id: str
    side: Side
    name: str
    squadron: str | None
    fleet: str | None
    ships: list[Ship]
    lon: float
    lat: float
    port: str | None  # a port id while in harbour
    orders: Orders | None
    route: Route | None
    afloat: bool
    sorties: NotRequired[list[str]]  # an enemy squadron's breakout destinations
    sail_ho: NotRequired[dict[str, Any]]  # the Sail Ho! roll that made this force
    cruise: NotRequired[str]  # the volunteers' cruise she sails on, outside the summer


class BattleShip(Record):
    """A ship in an engagement: ``a0``.. British, ``b0``.. the enemy."""

    id: str
    code: str
    name: str
    type: str
    named: bool
    force: str
    caps: NotRequired[dict[str, list[int]]]  # boxes per damage state, per area
    # her officers from the campaign's roster: id, the name the battle knows him by, role,
    # and his health when not healthy (as he came aboard; when it is over, as it left him)
    officers: NotRequired[list[dict[str, str]]]


class SeaWind(Record):
    """The prevailing wind where a battle is fought (maps.wind): bearing it blows from,
    seed 003's strength, the wind region."""

    from_deg: float
    strength: str
    region: str


class Precipitation(Record):
    """The rain or fog of a battle on the map, its d6 and its modifiers to every test and to
    every Awareness test (docs/rules-notes.md, "Precipitation and fog at sea")."""

    name: str
    roll: int
    modifier: int
    awareness: int


class BattleWeather(Record):
    """BtQ's weather of a battle on the map, the d6 and the wind it came from
    (docs/rules-notes.md, "Weather at sea")."""

    name: str
    roll: int
    month: int
    wind: SeaWind
    # the rain or fog on the next d6 and its words (a fight of rules version 5 has none)
    precipitation: NotRequired[Precipitation]
    words: NotRequired[str]


class Breakout(Record):
    """An enemy force put to sea from a port a British force blockades (server.game.blockades):
    who watched, who sighted and chased it, and whether it escaped; ``text`` in words ("the
    Brest Squadron has escaped the blockade of Brest on day 6")."""

    force: str
    name: str
    port: str
    day: int
    blockaders: list[str]  # the British forces blockading the port at their station
    sighted_by: str | None  # the one that sighted and chased it (None: none in range)
    engagement: str | None  # the engagement its chase opened
    escaped: bool  # never in range, or got away in the chase
    text: str


class Grounding(Record):
    """A ship's throw of seed 003's "Shallow Water" as her force sailed into a risk of its
    route (server.game.forces): the d6 and what it meant, the rocks' damage points (of her
    Ship's Strength Points), the d6 of each tide she tried to get off and the days stuck;
    told to her captain's and her admiral's seats (and the GM), in words."""

    force: str
    ship: str  # her code
    name: str
    risk: str  # the shallow's id, or inshore-band
    place: str
    kind: str  # shallows, inshore
    at: Position
    day: int
    roll: int
    result: str  # clear, aground, rocks
    damage: int
    tries: list[int]
    days: float
    strength: int
    seats: list[str]
    text: str


class Storm(Record):
    """A ship's challenge against a storm, the weather her opponent (BtQ 000:1215) on a day
    her force was at sea in one (server.game.forces): the day's wind die and Step One's
    weather it made, the static wind and precipitation (the latter's die), her pool and
    tester, the weather's pool, the test, and what losing it cost: a Rigging box at the
    weather's level (``rigging`` 1-3, ``box`` its name), ``held`` days hove to; told to her
    captain's and her admiral's seats (and the GM), in words. docs/rules-notes.md "Storms
    on a passage"."""

    force: str
    ship: str  # her code
    name: str
    place: str  # "off Brest", or her position
    at: Position
    day: int
    roll: int
    wind: str
    precipitation: str
    rain_roll: int
    strength: str  # the prevailing wind's (seed 003)
    pool: int
    tester: str | None
    weather: int
    test: dict[str, Any]
    lost: bool
    level: str | None  # the weather's winning success level
    rigging: int | None
    box: str | None
    held: int
    seats: list[str]
    text: str


class Hunger(Record):
    """A week at sea a ship out of Rations could not feed, a level of her Ship Morale lost
    (docs/rules-notes.md "Rations"): told to her captain's and her admiral's seats (and the
    GM), in words."""

    force: str
    ship: str
    name: str
    day: int
    before: str
    after: str
    seats: list[str]
    text: str


class Notice(Record):
    """An engagement opened or ended, told to the seats whose ship or squadron is in it
    (and the GM), in words (``text``) and in fields."""

    kind: str  # opened, ended
    engagement: str
    day: int  # the day it opened
    seats: list[str]  # the seats told: captains of its ships, admirals of its squadrons
    forces: list[str]  # every force in it, in the order they came (the two that met first)
    outcome: str | None  # how it ended (a_wins, b_wins, escaped, disengaged); None: opened
    text: str


class Engagement(Record):
    """A fight between British forces and enemy ones, opened by a chase (seed 002): the two
    that met and every other force in sight then, or sailing into it while it lasts."""

    id: str
    key: str  # campaign id / engagement id: the battle cache's key
    day: int
    forces: list[str]  # in the order they came: the two that met, those in sight, joiners
    lon: float
    lat: float
    sides: dict[str, list[BattleShip]]
    log: list[dict[str, Any]]  # the chase's and the combat engine's events
    over: bool
    outcome: dict[str, Any] | None
    awaiting: dict[str, str]  # battle ship id -> the seat of her player captain
    pending: dict[str, dict[str, Any]]  # orders given for the next round
    # seat id -> the British battle ships it commands in the fight (captains, admirals)
    seats: NotRequired[dict[str, list[str]]]
    chase: NotRequired[dict[str, Any]]
    battle: NotRequired[dict[str, Any]]  # the engine's replayable form (seed, decisions)
    choices: NotRequired[dict[str, list[str]]]  # the decisions and shots a captain has
    view: NotRequired[dict[str, Any]]  # the battle as the captains see it
    # British ship id -> officer id -> the Measures he may spend on Overcoming Great
    # Hardship in her next round (Guts, her commander's Discipline); while it is fought
    hardship: NotRequired[dict[str, dict[str, list[str]]]]
    wounds: NotRequired[dict[str, str]]  # officer id -> injured, maimed or dead, when over
    # officer id -> the Measures he spent in it: what each left him (Overcoming Great Hardship)
    spent: NotRequired[dict[str, dict[str, int]]]
    # officer id -> the traits he used in it once a Naval Mission (a test's ``repeat``)
    used: NotRequired[dict[str, list[str]]]
    # officer id -> his shares of the enemy ships taken in it (BtQ Prize Money)
    prize_money: NotRequired[dict[str, list[dict[str, Any]]]]
    # British ship id -> her Ship Morale after the battle, mended by Command where it can be
    morale: NotRequired[dict[str, dict[str, Any]]]
    weather: NotRequired[BattleWeather]  # the sea they fight in
    breakout: NotRequired[dict[str, Any]]  # {force, port, day}: a blockaded enemy's sortie
    # when the round waiting for its seated players is fought without them (ISO 8601, UTC)
    deadline: NotRequired[str]


class Fight(Record):
    """A British ship's Briny battle result (1 best .. 6 worst) in one fight on the map,
    where it was earned, her fate in it (strategy.campaign.map_results.MAP_FATES) and the
    result's wording for her order (the book's Interpretation, or Admiralty's own where it
    contradicts her fate: docs/rules-notes.md, "Briny result of a fight")."""

    result: int
    engagement: str
    fate: str
    interpretation: str


class Result(Fight):
    """A British ship's season's Briny battle result: that of the fight of her season that
    counts (strategy.campaign.map_results.season_fight), and ``fights``, every one she
    fought this season in order (a state saved before they were kept has none: the one
    fight it kept)."""

    fights: NotRequired[list[Fight]]


Note = TypedDict(
    "Note",
    {
        "text": str,
        "day": int,
        "args": dict[str, Any],  # the note action as the GM sent it (it is an event's data)
        "as": NotRequired[str],  # a keyword: hence the functional form
        "at": NotRequired[str],  # when it was logged
    },
)
with_config(ConfigDict(extra="forbid"))(Note)


class ShownVoyage(Record):
    """A planned voyage the GM showed the players: to every seat (``"all"``) or to the seats
    named, as routed when he showed it (GeoJSON, as ``GET /api/voyage`` answers)."""

    id: str  # v1, v2, ...
    day: int  # the campaign's day when it was shown
    to: str | list[str]  # "all" or seat ids
    stops: list[str]  # as the planner wrote them
    ship: str  # the roster type it was planned for
    month: int
    voyage: dict[str, Any]  # the GeoJSON FeatureCollection: legs and stops


class Investment(Record):
    """A player's investment (Briny, INVESTMENT): capital held from his officer's funds in
    blocks of 1,000 guineas, paid by the book's table after the summer of ``year``."""

    id: str  # i1805-1, i1805-2, ...
    officer: str  # the investor: the seat's character
    kind: str  # arms, finance or commerce
    guineas: int  # the capital
    year: int  # the summer whose campaign pays it
    supplier: NotRequired[bool]  # the Victualling Board's arms supplier: one ship more
    favoured: NotRequired[bool]  # the Chancellor's financier: two ships fewer
    liquidated: NotRequired[int]  # sold before its summer: the guineas it fetched


class Cruise(Record):
    """Ships volunteered for a cruise outside the summer (Briny, VOLUNTEERS): a captain's
    ship on independent action, or ships an admiral gives from his squadron, on Blockade
    Duty; for one season or, committed up front, two (autumn and winter, winter and
    spring). The GM plans her missions (three to six places) and she sails them."""

    id: str  # c1, c2, ...
    seat: str  # the seat that volunteered her
    ships: list[str]  # Briny ship codes
    squadron: str | None  # the admiral's squadron she was given from
    order: str  # I (independent action) or B (Blockade Duty)
    seasons: list[str]  # the seasons she is committed to
    port: str  # where she sails from and comes home to
    force: str  # her force on the map
    missions: list[str]  # the GM's plan, as the voyage planner writes places
    day: int  # the day of the season she volunteered


class SeasonRecord(Record):
    """A season after the summer gone by, kept for its page: the cruises that sailed in it,
    what they fought, and its report (the volunteers' outcomes)."""

    season: str
    cruises: list[Cruise]
    engagements: list[dict[str, Any]]
    results: dict[str, Result]
    report: dict[str, Any] | None


class Application(Record):
    """A player's application for a post (Briny, APPOINTMENTS: "they can only apply for
    the same post once per season")."""

    officer: str
    appointment: str
    year: int  # the summer of the September he applied in
    # announced to an NPC appointee (absent: decided when made): its id ("ap1"), his seat,
    # "announced" until rolled as the season moves on, then "granted", "refused" or
    # "lapsed"; the favours brought to bear on it, each {"officer", "player", "wish",
    # "modifier"}
    id: NotRequired[str]
    player: NotRequired[str]
    status: NotRequired[str]
    influence: NotRequired[list[dict[str, Any]]]


class ResignationAsked(Record):
    """A resignation a player's character asked of an NPC in a post (Briny 001:512):
    announced, rolled when the season moves on (``waiting`` while he is at sea), then
    ``resigned``, ``stayed`` or ``lapsed``."""

    id: str  # "rs1"
    officer: str  # the NPC
    appointment: str
    ship: str | None  # his ship then (a post one a ship is vacant on her)
    asker: str  # the asker's character
    player: str  # the asker's seat
    year: int
    status: str
    influence: list[dict[str, Any]]  # as an Application's


class FavourAsked(Record):
    """An investor's ask that the NPC Victualling Board Supervisor or Chancellor of the
    Exchequer favour his investment (Briny 001:1305): announced, rolled when the season
    moves on, then ``granted``, ``refused`` or ``lapsed``."""

    id: str  # "fv1"
    investment: str
    post: str  # the post asked
    flag: str  # the favour a grant gives: supplier or favoured
    asker: str  # the investor's character
    player: str  # the asker's seat
    year: int  # the summer that pays the investment
    status: str
    influence: list[dict[str, Any]]  # as an Application's


class TransferAsked(Record):
    """A Marine's request for a change of ship (Briny 001:940): announced, rolled when the
    season moves on, then ``granted``, ``refused``, ``waiting`` (his ship at sea) or
    ``lapsed``."""

    id: str  # "mc1"
    officer: str  # the Marine
    ship: str  # his ship when he asked
    player: str  # his seat
    year: int
    status: str
    influence: list[dict[str, Any]]  # as an Application's


class Embezzlement(Record):
    """A player character's embezzlement (Briny, APPOINTMENTS 001:1164-1206: "once a
    year"), kept for the year it counts in and, for the Victualling Board, the -1 on the
    squadrons' battle result die until next September."""

    officer: str
    post: str
    year: int  # the summer whose September ends its year (server.game.embezzlement)
    season: str  # the book's season it was made in ("1805 autumn")
    guineas: int
    found_out: bool
    short: bool  # the Victualling Board's: -1 on every squadron's battle result die
    # the player captain of his ship who decides on the offence found out, until he does
    captain: NotRequired[str]
    ignored: NotRequired[bool]  # the player captain's choice, once made


class ShipApplication(Record):
    """A player's application to a ship by Ship Table A (Briny 001:564: after a refusal he
    "may only apply to Ships of a lower standing" that month, and two refusals cost one
    from the die)."""

    officer: str
    ship: str
    month: str  # the game month, "1805-09"
    accepted: bool


class Substitution(Record):
    """A substitution petitioned for or made (Briny 001:903-907): one petition a character
    a summer, one substitution a player Captain of the Fleet's."""

    officer: str
    year: int
    by: str  # "npc": a petition to the NPC Captain of the Fleet; "player": his own
    ship: str  # the substitute
    replaces: str  # the ship she is sent in place of
    granted: bool


class YearRecord(Record):
    """A year gone by (its summer kept as soon as it is resolved), for the season pages:
    what sailed, what was fought, the season report (who rose and who fell), then the
    seasons after it."""

    year: int
    deployment: list[DeploymentRecord]
    engagements: list[dict[str, Any]]  # each fight: id, day, forces, sides, outcome
    results: dict[str, Result]
    report: dict[str, Any] | None
    # officer id -> his rank, NA, funds, wounds, experience, berth, whether he lives, his
    # Health and Experiences (his sheet's state and count)
    officers: NotRequired[dict[str, dict[str, Any]]]
    seasons: NotRequired[list[SeasonRecord]]  # autumn, winter and spring, as they end


class State(Record):
    campaign: CampaignInfo
    # cabinet, summer, autumn, winter, spring (then the next year's cabinet); over: the war
    # is over (after the spring of 1816)
    phase: Phase
    year: NotRequired[int]  # the current summer's year (absent: the campaign's first)
    years: NotRequired[list[YearRecord]]  # the summers gone by
    fought: NotRequired[int]  # engagements of the summers gone by (ids run on)
    day: int
    paused: bool
    deadline: str | None  # the turn's, ISO 8601, UTC (server.game.clock)
    clock: Clock
    seats: dict[str, Seat]
    officers: dict[str, OfficerRecord]  # the players' characters and the fleet's NPCs
    cabinet: Cabinet
    deployment: list[DeploymentRecord]
    forces: dict[str, Force]
    engagements: dict[str, Engagement]
    results: dict[str, Result]  # ship code -> result earned in battle on the map
    report: dict[str, Any] | None  # the season report of strategy.campaign.resolve_summer
    notes: list[Note]  # the GM's
    # seat id -> his standing orders for the rounds he does not order himself
    standing: dict[str, dict[str, Any]]
    # the voyages the GM showed (absent until the first: snapshots before it lack it)
    voyages: NotRequired[list[ShownVoyage]]
    # the investments awaiting their summer (absent until the first)
    investments: NotRequired[list[Investment]]
    # officer id -> the favours he spent in a season: {"season": "1806 spring", "spent"}
    favours: NotRequired[dict[str, dict[str, Any]]]
    # the volunteers' cruises at sea or about to sail (absent until the first), and how
    # many were ever volunteered (their ids run on)
    cruises: NotRequired[dict[str, Cruise]]
    cruised: NotRequired[int]
    # the applications for posts made (absent until the first)
    applications: NotRequired[list[Application]]
    # the resignations asked of NPCs (absent until the first)
    asked_resignations: NotRequired[list[ResignationAsked]]
    # the favours investors asked of NPC favourers (absent until the first)
    asked_favours: NotRequired[list[FavourAsked]]
    # the Marines' changes of ship requested (absent until the first)
    asked_transfers: NotRequired[list[TransferAsked]]
    # the applications to ships by Ship Table A (absent until the first)
    ship_applications: NotRequired[list[ShipApplication]]
    # officer id -> the row of Ship Table B he bought (a captaincy: Junior, Senior, Post
    # Captain), his while he holds its rank (absent until the first)
    captaincies: NotRequired[dict[str, str]]
    # officer id -> the last month he drew his pay, "1805-09" (absent until the first)
    paid: NotRequired[dict[str, str]]
    # the substitutions petitioned for or made (absent until the first)
    substitutions: NotRequired[list[Substitution]]
    # the embezzlements made (absent until the first)
    embezzlements: NotRequired[list[Embezzlement]]


def initial_state(campaign: dict[str, Any]) -> State:
    """The state of a new campaign before its first event."""
    return {
        "campaign": {
            "id": campaign["id"],
            "name": campaign["name"],
            "year": campaign["year"],
            "seed": campaign["seed"],
        },
        "phase": "cabinet",
        "day": 0,
        "paused": False,
        "deadline": None,
        "clock": no_clock(),
        "seats": {},
        "officers": {},
        "cabinet": {"ships_digit": None, "deployment_digit": None, "roll": None},
        "deployment": [],
        "forces": {},
        "engagements": {},
        "results": {},
        "report": None,
        "notes": [],
        "standing": {},
    }


def new_turn(state: State) -> None:
    """A turn begun (a day of the summer, a season, the summer resolved): no seat is
    ready for it yet, so the clock waits for the players again."""
    for seat in state["seats"].values():
        seat["ready"] = False


def no_clock() -> Clock:
    """A new campaign's turn clock: a day a turn, no deadlines (the GM moves it on)."""
    return {"turn_days": 1, "turn_seconds": None, "round_seconds": None}


#: the seasons after the summer, in order, and the day each opens (Briny, TIME SEQUENCE:
#: "Autumn: September, October, and November ... Winter: December, January, and February",
#: spring in the next calendar year); then the cabinet of the next year's summer
OFF_SEASONS: tuple[Phase, ...] = ("autumn", "winter", "spring")
_SEASON_OPENS = {"autumn": (0, 9), "winter": (0, 12), "spring": (1, 3)}


def current_year(state: State) -> int:
    """The year of the campaign's current summer (the campaign's first, then each next)."""
    return state.get("year") or state["campaign"]["year"]


def season_date(state: State, day: int | None = None) -> dt.date:
    """The game date of ``day`` (default: now) of the current season: days from the first
    of June in the cabinet and the summer, from the season's first day after it."""
    year = current_year(state)
    at, month = _SEASON_OPENS.get(state["phase"], (0, 6))
    return dt.date(year + at, month, 1) + dt.timedelta(days=state["day"] if day is None else day)


def month_of(state: State, day: int | None = None) -> int:
    """The month (1..12) of ``day`` (default: now) of the current season: the calendar month
    of its game date (:func:`season_date`), the one reading of a game day's month (Briny:
    "Summer: June, July, and August"; day 60 of the summer is 31 July, day 61 1 August)."""
    return season_date(state, day).month


def season_days(state: State) -> int:
    """How many days the current season has: the summer's 92, autumn's 91, winter's 90 or
    91 (a leap February), spring's 92."""
    opens = _SEASON_OPENS.get(state["phase"])
    if opens is None:
        return SEASON_DAYS
    first = season_date(state, 0)
    month = first.month + 3
    after = dt.date(first.year + (month > 12), (month - 1) % 12 + 1, 1)
    return (after - first).days


_T = TypeVar("_T")
_DIGITS = re.compile(r"(\d+)")


def _id_key(key: str) -> tuple[tuple[Any, ...], str]:
    """Text and numbers in turn (``("e", 10, "")``), then the id itself (``07`` and ``7``)."""
    parts: list[Any] = _DIGITS.split(key)
    parts[1::2] = [int(p) for p in parts[1::2]]
    return tuple(parts), key


def by_id(table: Mapping[str, _T]) -> list[_T]:
    """The records of one of the state's tables in the order of their ids, numbers by
    value (``e2`` before ``e10``): the order the rules walk the engagements and the cruises
    in (the order they were made in) where the walk draws a die or picks one of several;
    the forces after the order they were rolled in (:func:`server.game.sighting.in_order`).

    Never the dict's own order: that is the order its keys were inserted in, which a state
    rebuilt from a snapshot or from the log (JSON, whose objects have no order, read back
    by another process, exported, replayed) need not share with the state the event was
    first decided on; a die drawn in that order was a different die after a restart.

    >>> by_id({"e10": "tenth", "e2": "second", "a": "first"})
    ['first', 'second', 'tenth']
    """
    return [table[k] for k in sorted(table, key=_id_key)]


def event_rng(seed: int, seq: int) -> random.Random:
    """The one random source of event ``seq``: same seed and seq, same draws."""
    return random.Random(f"admiralty/{seed}/{seq}")
