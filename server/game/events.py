"""Every event of the log, typed: one TypedDict per event type, the ``data`` it is logged with.

An accepted action becomes one event whose data holds the action's arguments as sent
(``args``; ``as`` when the GM sent it for a seat) and every consequence with its random
draws, so that the state is rebuilt from the log without dice. The set-up events
(``campaign_created``, ``seat_created``, ``seat_reissued``, ``seat_revoked``) come from
REST, not from ``act``.
A GM's note is logged as it is kept in the state (:class:`server.game.state.Note`).
What a seat is *sent* of an event is cut down from this data by :mod:`server.game.views`.
"""

from __future__ import annotations

from typing import Any, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from server.game.state import (
    Breakout,
    Clock,
    Cruise,
    DeploymentRecord,
    Engagement,
    Force,
    Grounding,
    Hunger,
    Investment,
    Note,
    Notice,
    OfficerRecord,
    Orders,
    Phase,
    Record,
    Result,
    Route,
    SeatRecord,
    ShownVoyage,
    Storm,
)

__all__ = [
    "Acted",
    "Advance",
    "AskFavour",
    "AskResignation",
    "CampaignCreated",
    "InfluenceAppointment",
    "ConditionalOrders",
    "Deploy",
    "EngageDecision",
    "FavourInvestor",
    "FlagSeat",
    "Influence",
    "Invest",
    "Liquidate",
    "CourtMartial",
    "Embezzle",
    "IgnoreOffence",
    "Disgrace",
    "Study",
    "Served",
    "YearOfService",
    "ApplyShip",
    "BuyRank",
    "DrawPay",
    "Substitute",
    "MoveEnemy",
    "NextSeason",
    "Note",
    "PlanCruise",
    "OfficerCreated",
    "Pause",
    "Ready",
    "Reassign",
    "ResolveSummer",
    "Resume",
    "RollForce",
    "Round",
    "Sail",
    "Say",
    "SeatCreated",
    "SeatReissued",
    "SetClock",
    "Volunteer",
    "SeatRevoked",
    "SetDeadline",
    "SetDeployment",
    "SetShips",
    "ShowVoyage",
    "StandingOrders",
    "Skirmish",
]

Acted = TypedDict(
    "Acted",
    {
        "args": dict[str, Any],  # the action as its seat sent it
        "as": NotRequired[str],  # the seat the GM acted for (a keyword: the functional form)
        "at": NotRequired[str],  # when it was logged, ISO 8601 UTC (server.game.clock)
        # what fell due, when the turn clock caused it (no seat did): deadline, ready, round
        "due": NotRequired[str],
    },
)
with_config(ConfigDict(extra="forbid"))(Acted)


class CampaignCreated(Record):
    """The first event: the campaign and its GM's seat (and its turn clock)."""

    gm: SeatRecord
    name: str
    year: int
    rules: NotRequired[int]  # the rules' version it is decided by (absent: 1)
    clock: NotRequired[Clock]
    at: NotRequired[str]


class SeatCreated(Record):
    """The GM seats a player (with his character, and the NPC it puts ashore)."""

    seat: SeatRecord
    args: NotRequired[dict[str, Any]]  # the body asked: replay decides it again
    officer: NotRequired[OfficerRecord | None]
    ashore: NotRequired[str | None]
    at: NotRequired[str]  # when it was logged


class OfficerCreated(Record):
    """A character is made (by the GM, or by a player for his own seat), and seated if
    the body names a seat."""

    args: dict[str, Any]
    officer: OfficerRecord
    ashore: str | None
    at: NotRequired[str]  # when it was logged


class SeatReissued(Record):
    """The GM revokes a seat's token (and may hand the seat to another name)."""

    seat: SeatRecord
    at: NotRequired[str]  # when it was logged


class SetShips(Acted):
    digit: int


class SetDeployment(Acted):
    digit: int


class Rolled(Record, total=False):
    """The digits rolled for NPC ministers (Briny, Campaign Determination)."""

    ships_digit: int
    deployment_digit: int


class RollForce(Acted):
    ships_digit: int
    deployment_digit: int
    rolled: Rolled
    roll: int
    deployment: list[DeploymentRecord]
    forces: list[Force]
    officers: NotRequired[list[OfficerRecord]]  # the NPCs of every berth left empty
    # the influences made on the Prime Minister (server.game.influence): ``moves``, and his
    # die's commitment moved by them (``ships_rolled``, ``ships``, ``column``,
    # ``column_die``), or ``void`` when a player Prime Minister chose his digit
    influence: NotRequired[dict[str, Any]]


class Ready(Acted):
    seat: str
    ready: bool


class Pause(Acted):
    pass


class Resume(Acted):
    pass


class SetDeadline(Acted):
    deadline: str | None  # ISO 8601, UTC


class SetClock(Acted):
    clock: Clock


class FlagSeat(Record):
    """A captain's seat that followed its character's promotion to flag rank
    (server.game.officers.flag_seats): an admiral's seat now, of his squadron or ashore."""

    player: str  # the seat
    officer: str
    rank: str  # his flag rank
    flag: str | None  # the squadron his promotion gave him
    squadron: str | None  # the seat's squadron now; None: ashore with him
    was: str | None  # the ship he left
    relief: OfficerRecord | None  # her NPC captain (None: the season gave her one)


class SeasonOutcomes(Record):
    """The volunteers' outcomes at a season's end (server.game.cruises.season_outcomes),
    as the summer's are resolved."""

    seed: int
    preset: dict[str, int]  # results earned on the map, by ship code
    report: dict[str, Any]  # strategy.campaign.resolve_summer's report, with ``outcomes``
    officers: dict[str, OfficerRecord]  # every officer it changed, after it
    seats: NotRequired[list[FlagSeat]]  # the captains' seats that followed a flag


class NextSeason(Acted):
    phase: Phase  # the season it opens: autumn, winter, spring; cabinet (the next year); over
    year: int  # the year of that season's summer
    volunteers: NotRequired[SeasonOutcomes]  # the season's cruises ended: their outcomes
    # officer id -> his Health after the season's months left, and each month's healing
    healed: NotRequired[dict[str, Any]]
    # officer id -> a year of service his player did not choose, as the dice chose it
    served: NotRequired[dict[str, Served]]
    # each player's government appointment renewed in March (the spring opened;
    # server.game.appointments); absent when no player held one
    appointments: NotRequired[list[dict[str, Any]]]
    # the resignations asked of NPCs, rolled as the season moves on (Briny 001:512:
    # "pre-monthly"; server.game.announcements): absent when none was asked
    resignations: NotRequired[list[dict[str, Any]]]
    # the applications announced to NPC appointees, rolled after the resignations, with
    # the favours for and against (001:509): absent when none was announced
    applications: NotRequired[list[dict[str, Any]]]
    # the favours asked of the NPC Victualling Board Supervisor and Chancellor of the
    # Exchequer, rolled after the applications (001:1305): absent when none was asked
    favours: NotRequired[list[dict[str, Any]]]
    # the Marines' changes of ship requested, rolled after the favours (001:940): absent
    # when none was asked
    transfers: NotRequired[list[dict[str, Any]]]


class Declined(Record):
    """An NPC captain the GM asked to volunteer who would not (Briny: 7 on 1 D6 with
    characters aboard, else 6)."""

    ship: str
    die: int
    needed: int


class Volunteer(Acted):
    """A cruise volunteered (and her force in her home port), or an NPC captain's refusal."""

    cruise: NotRequired[Cruise]
    force: NotRequired[Force]
    declined: NotRequired[Declined]


class PlanCruise(Acted):
    """The GM's missions for a cruise, routed from where she is through them and home."""

    cruise: str
    force: str
    missions: list[str]
    route: Route


class Invest(Acted):
    """A player's investment: its capital held from his character's funds."""

    investment: Investment
    funds: int  # his funds after the capital is held


class ConditionalOrders(Acted):
    """A player's conditional orders for his character's summer (none: empty)."""

    officer: str
    orders: dict[str, Any]  # poltroonery or bravery (k), decline_promotion (true)


class FavourInvestor(Acted):
    """An investment favoured by the post its favourer holds: its ``flag``, ``supplier``
    (the Victualling Board's arms supplier) or ``favoured`` (the Chancellor's financier)."""

    investment: str
    flag: str
    post: str


class Influence(Acted):
    """Favours brought to bear on the NPC Prime Minister's Force Commitment (Briny
    001:1306), rolled when made: the ships it moves his number by when he rolls it."""

    officer: str  # the influencer's character
    season: str  # the season the favours were received in, e.g. "1805 spring"
    wish: str  # "more" or "fewer"
    favours: list[int]  # the classes spent
    combined: list[int]  # brought to bear after combining two of a class into the next
    modifier: int
    die: int
    total: int
    ships: int  # the signed ships it moves the commitment by: -2..2 (0: he was not swayed)


class Liquidate(Acted):
    """An investment liquidated: its capital less the fee into its investor's funds."""

    investment: str
    officer: str
    guineas: int  # what it fetched: the capital less the fee
    fee: int
    funds: int  # his funds after


class CourtMartial(Acted):
    """A court-martial sat (server.game.courts): its verdict, the officer after it and his
    seat ashore with him."""

    officer: str
    player: str  # his seat
    reason: str  # why he faced it: his battle result, poltroonery, embezzlement
    season: str  # the season the charge was made in ("1805 summer")
    verdict: str  # acquitted, dismissal from command or reduction in rank
    rank: str  # his rank after it
    was: str  # his rank before it
    ship: str | None  # his berth after it: ashore (None) unless acquitted
    squadron: str | None
    left: str | None  # the command he left, guilty (a ship's code or a squadron)
    seat: str | None  # his seat, gone ashore with him (None: no seat moved)
    role: str | None  # that seat's role now (a flag officer reduced: a captain's)
    relief: dict[str, Any] | None  # the NPC captain rolled for the ship he left
    pending: int  # the courts he faces still, to be sat after this one


class Embezzle(Acted):
    """A post's money embezzled and the discovery roll (server.game.embezzlement)."""

    officer: str  # the embezzler
    player: str  # his seat
    post: str
    year: int  # the summer whose September ends its year
    season: str  # the book's season now ("1805 autumn"): his favours' and his court's
    guineas: int
    funds: int  # his funds after
    favours: list[int]  # the classes spent on the roll (none: [])
    modifier: int  # what they add to the roll
    dice: list[int]  # the discovery roll's dice: 1d6 or 2d6
    roll: int
    total: int  # the roll and the modifier
    noticed: int  # the total times the post's multiple: found out when below the sum
    found_out: bool
    short: bool  # the Victualling Board's: -1 on every squadron's battle result die
    captain: str | None  # the player captain of his ship who decides on it, found out
    court_martial: bool  # he faces a court-martial now (found out, no captain to decide)
    seats: list[str]  # the seats told: his, and the deciding captain's


class IgnoreOffence(Acted):
    """A player captain ignores, or not, the offence of his ship's embezzler found out."""

    officer: str  # the embezzler
    captain: str  # the captain's character
    post: str
    year: int
    guineas: int
    ignore: bool
    season: str  # the season of the offence: the court's
    seats: list[str]  # the embezzler's seat and the captain's


class Disgrace(Acted):
    """A player's character disgraced, or his debt's disgrace cleared (server.game.disgrace):
    where he serves after it."""

    officer: str
    player: str  # his seat
    cause: str  # debt, duel or cleared
    season: str  # when ("1806 autumn")
    ship: str | None  # his berth after it: a Blockade ship ...
    squadron: str | None  # ... or, an admiral, the Blockade squadron
    was: str | None  # the berth he left (None: none, or he stays where he is)
    relieved: str | None  # the NPC captain of that Blockade ship, who takes the berth he left


class Study(Acted):
    """Weeks at the Royal Naval Academy: their fee paid, his NA and study after."""

    officer: str
    weeks: int
    guineas: int  # the fee
    funds: int  # his funds after
    na: int  # his Naval Ability after
    academy: dict[str, Any]  # season, its weeks studied, quarters towards the next level


class Served(Record):
    """One year of service made (seed 000, Appendix II "Years of Service"): its record
    (``card``, ``as`` for a joker, ``text``, ``gain``) and his sheet after it."""

    service: dict[str, Any]
    sheet: dict[str, Any]


class YearOfService(Acted):
    """A player's choice of his character's year of service (Appendix II's "of your
    choice"): the year's record and his sheet after it."""

    officer: str
    service: dict[str, Any]  # card, as (a joker's), text, gain {measure, skill}
    sheet: dict[str, Any]  # his BtQ sheet after it: the gain, one Experience more


class ApplyShip(Acted):
    """A player's character applies for the command of a ship by Ship Table A
    (server.game.ship_tables): the NPC Ship Commander's roll, or her automatic acceptance."""

    officer: str
    player: str  # his seat
    month: str  # the game month, "1805-09": "at the same time" (001:564)
    year: int
    ship: str  # her code
    social_level: int
    left: str  # the ship he commanded
    row: str  # his row of Ship Table B (her command's)
    rejections: int  # his rejections this month before it
    automatic: NotRequired[bool]  # Caligula, Tickler: no die
    needed: NotRequired[int]  # Ship Table A's minimum
    die: NotRequired[int]
    modifier: NotRequired[int]  # -1 for every two rejections
    influence: NotRequired[int]  # the favours' modification of the die (none: not brought)
    total: NotRequired[int]
    season: NotRequired[str]  # the season whose favours he spent ("1805 autumn")
    favours: NotRequired[list[int]]  # the classes spent
    accepted: bool
    exchanged: str | None  # her NPC captain, who takes the ship he left


class BuyRank(Acted):
    """A captaincy bought by Ship Table B: his new row and rank, its price from his funds."""

    officer: str
    player: str
    ship: str  # the ship whose command it is, whose column priced it
    was: str  # the row he held
    row: str  # the row bought
    rank: str
    price: int
    funds: int  # his funds after
    seniority: int  # the year of his new rank


class DrawPay(Acted):
    """A month's pay drawn by Ship Table B (an admiral's by the Admiralty Table)."""

    officer: str
    player: str
    month: str  # "1805-09"
    row: str  # the row of the table that paid him
    column: int | None  # its column (None: the Admiralty Table)
    pay: int
    status: int  # the month's Status Points: told, kept nowhere
    funds: int  # his funds after
    pension: NotRequired[int]  # his title's monthly pension, paid with it (Briny TITLES)


class Substitute(Acted):
    """A substitution petitioned for or made (server.game.substitutions)."""

    officer: str
    player: str  # his seat
    year: int
    by: str  # "player": the player Captain of the Fleet's, no die; "npc": a petition
    ship: str  # the substitute
    replaces: str  # the ship she is sent in place of
    die: int | None  # the NPC Captain of the Fleet's 1d6 (None: the player's choice)
    granted: bool
    # a petition's favours brought to bear (their season, the classes spent, the die's
    # modifier); none: no key (a petition logged before favours were played)
    season: NotRequired[str]
    favours: NotRequired[list[int]]
    modifier: NotRequired[int]


class ApplyAppointment(Acted):
    """A player's character applies for a naval post in September or a government post in
    March (or a post a resignation left vacant): a player appointee's choice, or announced
    to an NPC appointee and rolled when the season moves on (server.game.appointments)."""

    officer: str
    player: str  # his seat
    year: int
    appointment: str
    appointee: str  # the post that appoints to it
    by: str  # "player": a player's character there chose; "npc": it rolled
    needed: int  # the post's Roll
    modifiers: list[dict[str, Any]]  # {"why", "modifier"}
    die: int | None  # the NPC's 1d6 (None: a player chose, or announced: rolled later)
    total: int | None
    granted: bool | None  # None: announced to an NPC appointee, decided as the season ends
    serves: str | None  # an Aide's officer
    relieved: str | None  # the NPC who held the post and steps down
    # a government post granted is a service to the state: the King's roll for a title
    # (server.game.titles, Briny TITLES); absent otherwise
    title: NotRequired[dict[str, Any]]
    # announced to an NPC appointee: its id, for favours for or against (absent: decided)
    announced: NotRequired[str]


class AskResignation(Acted):
    """A player's character asks that an NPC resign his post (Briny 001:512), announced:
    rolled when the season moves on (server.game.announcements)."""

    id: str  # the announcement's, "rs1"
    officer: str  # the NPC asked
    name: str  # his name and rank, as gazetted
    rank: str
    appointment: str  # the post he holds
    asker: str  # the asker's character
    player: str  # the asker's seat
    year: int


class AskFavour(Acted):
    """An investor's character asks the NPC Victualling Board Supervisor or Chancellor of the
    Exchequer to favour his investment (Briny 001:1305), announced: rolled when the season
    moves on (server.game.announcements)."""

    id: str  # the announcement's, "fv1"
    investment: str  # his investment's id
    kind: str  # its kind: arms or finance
    post: str  # the post asked: the Victualling Board Supervisor or the Chancellor
    flag: str  # the favour a grant gives it: supplier or favoured
    asker: str  # the investor's character
    player: str  # the asker's seat
    year: int  # the summer that pays the investment


class AskTransfer(Acted):
    """A Marine requests a change of ship from the Brigadier-General of Marines (Briny
    001:940), announced: rolled when the season moves on (server.game.announcements)."""

    id: str  # the announcement's, "mc1"
    officer: str  # the Marine
    name: str  # his name and rank, as gazetted
    rank: str
    ship: str  # the ship he asks to leave
    player: str  # his seat
    year: int


class InfluenceAppointment(Acted):
    """Favours brought to bear for or against an announced application or resignation
    (Briny 001:494-512), spent at once, counted when it is rolled."""

    officer: str  # the influencer's character
    season: str  # the season the favours were received in, e.g. "1805 autumn"
    announcement: str  # "ap1" or "rs1"
    wish: str  # "for" or "against"
    favours: list[int]  # the classes spent
    needed: int  # Influence Table B's class for the NPC who decides
    combined: list[int]  # brought to bear after combining two of a class into the next
    modifier: int  # the die roll modification, its wish's way when rolled


class Deploy(Acted):
    force: str
    orders: Orders
    route: Route


class Sail(Acted):
    force: str
    detach: str | None  # the ship sailed off on her own, out of ``force``
    detached: NotRequired[str | None]  # her own force's id (logs before it existed lack it)
    orders: Orders
    route: Route


class MoveEnemy(Acted):
    force: str
    orders: Orders
    route: Route


class Advance(Acted):
    days: int  # how far the clock really went: it stops at a fight a captain must fight
    day: int
    forces: dict[str, Force]  # every force the days changed
    engagements: list[Engagement]  # the engagements they opened
    results: dict[str, Result]
    breakouts: NotRequired[list[Breakout]]  # enemy forces out of blockaded ports
    # each engagement it opened (and ended), told to the seats in it
    notices: NotRequired[list[Notice]]
    # officer id -> his Health after the turns of the month it passed, each month's healing
    healed: NotRequired[dict[str, Any]]
    # each ship's throw on a shallow-water risk her force sailed into (rules version 5)
    groundings: NotRequired[list[Grounding]]
    # each ship's challenge against a storm her force was at sea in (rules version 6)
    storms: NotRequired[list[Storm]]
    # each ship out of Rations a week at sea, and the Ship Morale it cost her
    rations: NotRequired[list[Hunger]]
    # officer id -> a year of service his player did not choose, as the dice chose it
    served: NotRequired[dict[str, Served]]


class Round(Record):
    """One round fought: the engine's events, its replayable form and view after it."""

    events: list[dict[str, Any]]
    battle: dict[str, Any]
    view: dict[str, Any]
    over: bool
    outcome: dict[str, Any] | None
    # when over: each British ship's Ship Morale after it, mended by Command where it can be
    morale: NotRequired[dict[str, dict[str, Any]]]
    # when over and an enemy ship was taken: each captor's shares of her (BtQ Prize Money),
    # each with the guineas it pays into his funds
    prize_money: NotRequired[dict[str, list[dict[str, Any]]]]


class EngageDecision(Acted):
    engagement: str
    ship: str | None  # the battle ship ordered (None: the GM's NPC round)
    ships: NotRequired[list[str]]  # every ship these orders are for (an admiral's several)
    orders: dict[str, Any]
    round: Round | None  # None while other captains' orders are awaited
    notices: NotRequired[list[Notice]]  # the round that ended it: its ``ended`` notice


class StandingOrders(Acted):
    seat: str
    orders: dict[str, Any] | None  # the engine's orders, or None: cleared


class ResolveSummer(Acted):
    seed: int
    preset: dict[str, int]  # results already earned on the map, by ship code
    # strategy.campaign.resolve_summer's season report; with ``outcomes`` and, when
    # investments were due, ``returns`` (server.game.money.returns); each ship's and each
    # outcome's ``fought``: her fights on the map, none when her result was rolled
    report: dict[str, Any]
    officers: NotRequired[dict[str, OfficerRecord]]  # every officer it changed, after it
    # each player's naval appointment renewed in September (server.game.appointments);
    # absent when no player held one
    appointments: NotRequired[list[dict[str, Any]]]
    # each player's roll for a title after the summer's services (server.game.titles);
    # absent when none qualified
    titles: NotRequired[list[dict[str, Any]]]
    # the captains' seats that followed their characters to flag rank; absent when none
    seats: NotRequired[list[FlagSeat]]


class ShowVoyage(Acted):
    """The GM shows a planned voyage: routed, and seen by the seats it is shown to (and
    the GM) only."""

    shown: ShownVoyage


class Reassign(Acted):
    """The GM hands a seat to another squadron or ship; its id and history stay."""

    seat: str
    squadron: str | None  # an admiral's new squadron
    ship: str | None  # a captain's new ship
    was: str | None  # the squadron or ship it held before
    officer: str | None  # the seat's character, who goes with it into the new berth
    relieved: str | None  # the NPC of the new berth, who takes the one left


class SeatRevoked(Record):
    """The GM revokes a seat: its token opens nothing and it stands vacant till reissued."""

    seat: str
    at: NotRequired[str]  # when it was logged


class Say(Acted):
    """A message to the table: from ``seat`` (the seat that speaks, or the GM's ``as``) to
    ``all``, ``gm`` or a seat's id, on the campaign's ``day``; the state keeps none."""

    seat: str
    to: str
    text: str
    day: int


class Skirmish(Acted):
    """A cutting-out expedition or a landing party fought (server.game.skirmishes): the
    party and its tasks, the skirmish as the cards fell, what it left."""

    ship: str  # her code
    name: str
    force: str
    mission: str  # cutting_out, landing_party
    port: str  # the enemy port's id
    day: int
    commander: str  # the officer who led it, by id
    party: dict[str, str]  # officer id -> his task, the commander first
    outcome: dict[str, Any]  # strategy.combat.skirmish.skirmish's record, officers by id
    victory: bool
    health: dict[str, str]  # officer id -> injured, maimed or dead: the wounded
    morale: str  # her Ship Morale after it
    # the vessel cut out: name, type, and the enemy force and ship code she is taken from
    # (both None: a merchantman, Prize Money only)
    prize: dict[str, Any] | None
    prize_money: dict[str, list[dict[str, Any]]]  # officer id -> his share of the prize
    seats: list[str]  # told: her captain's seat, her squadron's admiral's
    text: str
