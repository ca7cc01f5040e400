"""Each action's payload, and each set-up request's body, declared once as a pydantic model.

A model is the whole declaration of its payload: what is checked, the JSON Schema that
``GET /api/schema`` publishes (docs/protocol.md is checked against it), and the wording of
the one-line refusal, which :func:`refusal` phrases from the field's own schema (a whole
number's bounds, a string's length, a choice's values). Unknown fields are refused; the
few checks a schema cannot say (a position, a squadron in any case, a time) are custom
validators with their own words.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from server.game import rules
from server.game.authority import ROLES
from server.game.errors import ActionError
from server.game.state import DECISIONS, Clock

__all__ = [
    "MISSIONS",
    "ApplyAppointment",
    "ApplyShip",
    "AskFavour",
    "AskResignation",
    "AskTransfer",
    "InfluenceAppointment",
    "BuyRank",
    "DrawPay",
    "Substitute",
    "REQUESTS",
    "SAY_MAX",
    "Advance",
    "CampaignBody",
    "ConditionalOrders",
    "Deploy",
    "EngageDecision",
    "FavourInvestor",
    "Influence",
    "Invest",
    "Liquidate",
    "CourtMartial",
    "Embezzle",
    "IgnoreOffence",
    "Disgrace",
    "Study",
    "Skirmish",
    "SkirmishTask",
    "YearOfService",
    "MoveEnemy",
    "NextSeason",
    "PlanCruise",
    "Note",
    "OfficerBody",
    "Order",
    "Payload",
    "Ready",
    "Reassign",
    "ReissueBody",
    "Sail",
    "SeatBody",
    "Pause",
    "Resume",
    "ResolveSummer",
    "RollForce",
    "Seconds",
    "SetClock",
    "SetDeadline",
    "SetDeployment",
    "SetShips",
    "ShowVoyage",
    "Say",
    "StandingOrders",
    "TurnDays",
    "Volunteer",
    "VoyagePlan",
    "parse",
    "refusal",
]

MAX_SEED = 2**31 - 1  # what every database's INTEGER column holds
MAX_INVESTMENT = 1_000_000  # guineas in one investment: far beyond any officer's purse
#: how many places a cruise's missions name (Briny, VOLUNTEERS: the GM's three to six)
MISSIONS = (3, 6)
MAX_TURN_DAYS = 30  # a turn moves the summer at most a month
MIN_CLOCK_SECONDS = 10  # a live table's quickest turn or round
MAX_CLOCK_SECONDS = 7 * 24 * 3600  # a slow game's longest: a week
SEAT_ROLES = tuple(r for r in ROLES if r != "gm")  # the GM's seat comes with the campaign


def _says(message: str) -> PydanticCustomError:
    """A refusal in our own words (the message is passed as data, never as a template)."""
    return PydanticCustomError("admiralty", "{message}", {"message": message})


def _text_ok(value: Any, key: str) -> Any:
    """Text a database column and UTF-8 can hold: no NUL, no lone surrogate."""
    if isinstance(value, str) and (
        "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value)
    ):
        raise _says(f"'{key}' may hold no NUL and no lone surrogate")
    return value


def _texts_ok(value: Any, key: str) -> Any:
    """:func:`_text_ok` for every string within ``value`` (an object's keys too), each
    named by its path (``officer.birth.father``)."""
    if isinstance(value, str):
        return _text_ok(value, key)
    if isinstance(value, dict):
        for k, v in value.items():
            _texts_ok(k, key)
            _texts_ok(v, f"{key}.{str(k)[:40]}")
    elif isinstance(value, list):
        for v in value:
            _texts_ok(v, key)
    return value


def _text(value: Any, info: ValidationInfo) -> Any:
    return _text_ok(value, str(info.field_name))


# A non-empty string, stripped; each field says how long it may be (``Field(max_length)``).
# Whole numbers are ``int`` with their bounds (``Field(ge, le)``): strict, so never a
# boolean, a float or a string. Its schema says "not blank" (a character other than
# white space), as the strip and the length check do.
NOT_BLANK = r"\S"
Text = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1),
    BeforeValidator(_text),
    Field(json_schema_extra={"pattern": NOT_BLANK}),
]


def _position(value: Any, info: ValidationInfo) -> list[float]:
    ok = (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )
    if not ok or not (-180 <= value[0] <= 180 and -90 <= value[1] <= 90):
        raise _says(f"'{info.field_name}' must be [lon, lat] in degrees")
    return [float(value[0]), float(value[1])]


def _place(value: Any, info: ValidationInfo) -> str | list[float]:
    if isinstance(value, list | tuple):
        return _position(value, info)
    if isinstance(value, str) and value.strip() and len(value) <= 60:
        return str(_text_ok(value.strip(), str(info.field_name)))
    raise _says(f"'{info.field_name}' must be a non-empty string of at most 60 characters")


def _squadron(value: Any, info: ValidationInfo) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise _says(f"'{info.field_name}' must be a non-empty string of at most 200 characters")
    name = value.strip().title()
    if name not in rules.SQUADRONS:
        raise _says(f"no squadron {value.strip()!r}; squadrons: {', '.join(rules.SQUADRONS)}")
    return name


def _deadline(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise _says("'deadline' must be an ISO 8601 time or null")
    try:
        when = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.UTC)
        return when.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")
    except ValueError:
        raise _says(f"'deadline' is not an ISO 8601 time: {value!r}") from None
    except OverflowError:  # a time that is no time in UTC, e.g. 9999-12-31T23:59:59-23:59
        raise _says(f"'deadline' is out of range: {value!r}") from None


#: what :func:`_position` takes: two numbers, a longitude and a latitude in degrees
POSITION_SCHEMA = {
    "type": "array",
    "prefixItems": [
        {"type": "number", "minimum": -180, "maximum": 180},
        {"type": "number", "minimum": -90, "maximum": 90},
    ],
    "minItems": 2,
    "maxItems": 2,
    "description": "[lon, lat] in degrees",
}
Position = Annotated[
    list[float],
    Field(min_length=2, max_length=2),
    BeforeValidator(_position),
    WithJsonSchema(POSITION_SCHEMA),
]
Place = Annotated[
    Annotated[str, StringConstraints(min_length=1, max_length=60, pattern=NOT_BLANK)] | Position,
    BeforeValidator(_place),
    Field(description="a port id or [lon, lat]"),
]


def _any_case(word: str) -> str:
    """A regular expression for ``word`` in any case (JSON Schema's have no flags)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word)


#: what :func:`_squadron` takes: a squadron's name in any case, with white space around it
SQUADRON_SCHEMA = {
    "type": "string",
    "pattern": rf"^\s*(?:{'|'.join(_any_case(s) for s in rules.SQUADRONS)})\s*$",
    "description": f"{', '.join(rules.SQUADRONS)} (any case)",
}
Squadron = Annotated[
    Literal[rules.SQUADRONS],  # type: ignore[valid-type]
    BeforeValidator(_squadron),
    WithJsonSchema(SQUADRON_SCHEMA),
]


def _one_of(*keys: str, alone: tuple[str, ...] = ()) -> dict[str, Any]:
    """The JSON Schema of :func:`_exactly_one`: one of ``keys`` given and not null, the
    others null or left out (and, with the first of them, the ``alone`` fields too)."""

    def given(key: str) -> dict[str, Any]:
        others = [k for k in keys if k != key] + list(alone if key == keys[0] else ())
        nulls = {k: {"type": "null"} for k in others}
        return {"required": [key], "properties": {key: {"not": {"type": "null"}}, **nulls}}

    return {"oneOf": [given(k) for k in keys]}


def _exactly_one(data: Any, *keys: str) -> Any:
    """Refuse an order that names none or several of ``keys`` (before the fields' checks)."""
    if isinstance(data, dict) and sum(data.get(k) is not None for k in keys) != 1:
        names = [f"'{k}'" for k in keys]
        said = f"{', '.join(names[:-1])} or {names[-1]}"
        raise _says(f"give exactly one of {said}")
    return data


class Payload(BaseModel):
    """What every action carries: its ``type``, and ``as`` when the GM sends it for a seat."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    as_: str | None = Field(
        None, alias="as", description="the seat the GM acts for (GM only)", max_length=32
    )


class SetShips(Payload):
    """The Prime Minister's number digit of the Table F roll (7: the whole fleet)."""

    type: Literal["set_ships"]
    digit: Annotated[int, Field(ge=1, le=7)]


class SetDeployment(Payload):
    """The First Sea Lord's deployment digit of the Table F roll."""

    type: Literal["set_deployment"]
    digit: Annotated[int, Field(ge=1, le=6)]


class RollForce(Payload):
    """The GM rolls for the NPC ministers and applies Table F: the summer begins."""

    type: Literal["roll_force"]


class ResolveSummer(Payload):
    """The GM ends the summer: battle results, personal outcomes, the season report."""

    type: Literal["resolve_summer"]


class Pause(Payload):
    type: Literal["pause"]


class Resume(Payload):
    type: Literal["resume"]


class Ready(Payload):
    type: Literal["ready"]
    ready: bool = True


class Advance(Payload):
    type: Literal["advance"]
    days: Annotated[int, Field(ge=1, le=30)]


class SetDeadline(Payload):
    type: Literal["set_deadline"]
    deadline: Annotated[
        str | None, BeforeValidator(_deadline), Field(description="an ISO 8601 time or null")
    ]


#: game days a turn moves the campaign on (the turn clock: server.game.clock)
TurnDays = Annotated[int, Field(ge=1, le=MAX_TURN_DAYS)]
#: real seconds a turn lasts or a battle round waits for its players: 10 s to a week
Seconds = Annotated[int, Field(ge=MIN_CLOCK_SECONDS, le=MAX_CLOCK_SECONDS)]


class SetClock(Payload):
    """The GM sets the turn clock; ``turn_seconds`` null stops it (the GM advances by
    hand); ``round_seconds`` left out keeps the round deadline as it is."""

    type: Literal["set_clock"]
    turn_days: TurnDays
    turn_seconds: Seconds | None
    round_seconds: Seconds | None = None


class NextSeason(Payload):
    """The GM moves the campaign to the next season (after the summer: autumn, winter,
    spring, then the next year's cabinet)."""

    type: Literal["next_season"]


def _blocks(value: int) -> int:
    if value % rules.INVESTMENT_BLOCK:
        raise _says(
            f"'guineas': investments are made in blocks of {rules.INVESTMENT_BLOCK} guineas, "
            f"not {value}"
        )
    return value


class Invest(Payload):
    """A player's investment of his own character's funds, by the first of June (Briny,
    INVESTMENT): paid by the book's table after the summer."""

    type: Literal["invest"]
    kind: Literal[rules.INVESTMENT_KINDS]  # type: ignore[valid-type]
    guineas: Annotated[
        int,
        Field(ge=rules.INVESTMENT_BLOCK, le=MAX_INVESTMENT),
        AfterValidator(_blocks),
    ]


class ConditionalOrders(Payload):
    """A player's conditional orders for his character's summer, given before its
    personal outcomes are rolled (Briny, POLTROONERY, RECKLESS BRAVERY, PROMOTION): to hide
    below (``poltroonery``: so many more needed on his death roll), or to play the hero
    (``bravery``: so many less needed for death and, if he lives, for mention, promotion
    and plunder), and whether he would decline a promotion for a mention in despatches.
    All of them 0 and false: no orders."""

    type: Literal["conditional_orders"]
    poltroonery: Annotated[int, Field(ge=0, le=rules.ORDERS_MOST)] = 0
    bravery: Annotated[int, Field(ge=0, le=rules.ORDERS_MOST)] = 0
    decline_promotion: bool = False

    @model_validator(mode="after")
    def _one_way(self) -> ConditionalOrders:
        if self.poltroonery and self.bravery:
            raise _says("poltroonery or reckless bravery, not both")
        return self


class FavourInvestor(Payload):
    """The Victualling Board Supervisor names an arms investor its supplier, or the
    Chancellor of the Exchequer favours a financier (Briny, INVESTMENT): ``investment``,
    the id of one paid this summer."""

    type: Literal["favour_investor"]
    investment: Annotated[Text, Field(min_length=1, max_length=40)]


class Influence(Payload):
    """A player's favours brought to bear on the non-player Prime Minister's Force
    Commitment (Briny 001:1306): ``wish`` "more" or "fewer" ships (one on 7, two on 9),
    ``favours`` the classes he spends of those he holds this season (001:494-508: Table B's
    class 8 for a Prime Minister modifies the die by one, each class above by one more; two
    of a class below it combine into one of the next)."""

    type: Literal["influence"]
    wish: Literal["more", "fewer"]
    favours: Annotated[
        list[Annotated[int, Field(ge=rules.FAVOUR_CLASSES[0], le=rules.FAVOUR_CLASSES[1])]],
        Field(min_length=1, max_length=16),
    ]


class Liquidate(Payload):
    """A player liquidates one of his character's investments before its summer pays it
    (Briny, INVESTMENT: "for the capital in them minus a 10% liquidation fee"):
    ``investment``, its id."""

    type: Literal["liquidate"]
    investment: Annotated[Text, Field(min_length=1, max_length=40)]


class CourtMartial(Payload):
    """The GM sits the court-martial a player's character faces (Briny 001:1101; BtQ
    000:1353, "Punishments"): ``officer``, his id; ``verdict``, acquitted or guilty and
    sentenced (``/api/rules`` ``limits.verdicts``)."""

    type: Literal["court_martial"]
    officer: Annotated[Text, Field(max_length=40)]
    verdict: Literal[rules.VERDICTS]  # type: ignore[valid-type]


#: the favours brought to bear on an NPC's die: classes he holds this season (001:494-508)
_Favours = Annotated[
    list[Annotated[int, Field(ge=rules.FAVOUR_CLASSES[0], le=rules.FAVOUR_CLASSES[1])]],
    Field(max_length=16),
]


class Embezzle(Payload):
    """A player's character holding a post with the perk embezzles ``guineas`` once a year
    (Briny, APPOINTMENTS 001:1164-1206: up to 600, 2,400 or 3,600 by the post, its own
    limit checked by the rules); ``favours``, classes he holds this season brought to bear
    on the discovery roll ("This discovery roll can be modified by influence")."""

    type: Literal["embezzle"]
    guineas: Annotated[int, Field(ge=1, le=rules.EMBEZZLEMENT_MOST)]
    favours: _Favours | None = None


class IgnoreOffence(Payload):
    """A player captain's choice on the embezzler of his ship found out (Briny 001:1172:
    "PC captains can choose to ignore the offence"): ``officer``, the embezzler's id;
    ``ignore`` true to ignore it, false to have him court-martialled."""

    type: Literal["ignore_offence"]
    officer: Annotated[Text, Field(max_length=40)]
    ignore: bool


class Disgrace(Payload):
    """The GM declares a player's character disgraced (Briny 001:1272-1276, 001:335,
    001:357-359): ``officer``, his id; ``cause``, ``debt`` (a loan he cannot pay) or
    ``duel`` (a duel with a shipmate, or between Marines), or ``cleared`` (his debt paid:
    the disgrace of a debt lifted) (``/api/rules`` ``limits.disgrace``)."""

    type: Literal["disgrace"]
    officer: Annotated[Text, Field(max_length=40)]
    cause: Literal[rules.DISGRACE_CAUSES]  # type: ignore[valid-type]


class Study(Payload):
    """A player sends his character to the Royal Naval Academy for ``weeks`` of this
    season (Briny, NAVAL ABILITY: "a weekly action that costs 50 Guineas")."""

    type: Literal["study"]
    weeks: Annotated[int, Field(ge=1, le=rules.ACADEMY_WEEKS)]


class YearOfService(Payload):
    """A player's choice of what his character's year of service gives (seed 000, Appendix
    II "Years of Service": "+1 Guts or +1 Discipline and add one point to a skill of your
    choice"): ``measure``, one of the two the face or ace names; ``skill``, the point of a
    number card or an ace; ``card``, the card a joker is ("Choose any card from the
    above"). What the card gives, he must choose; what it does not, he may not."""

    type: Literal["year_of_service"]
    measure: Literal[rules.MEASURES] | None = None  # type: ignore[valid-type]
    skill: Literal[rules.SERVICE_SKILLS] | None = None  # type: ignore[valid-type]
    card: Annotated[Text, Field(max_length=8)] | None = None


class ApplyShip(Payload):
    """A player's character applies for the command of a ship by Ship Table A (Briny
    001:554-566): ``ship``, her two-letter code; ``favours``, classes he holds this season
    brought to bear on her NPC Ship Commander's die ("This die roll may be modified by
    influence")."""

    type: Literal["apply_ship"]
    ship: Annotated[Text, Field(max_length=8)]
    favours: _Favours | None = None


class BuyRank(Payload):
    """A player's character buys the captaincy above his by Ship Table B (Briny
    001:568-590): ``ship``, the code of a ship whose command it is (her column's price)."""

    type: Literal["buy_rank"]
    ship: Annotated[Text, Field(max_length=8)]


class DrawPay(Payload):
    """A player's character draws his month's pay by Ship Table B (Briny 001:568)."""

    type: Literal["draw_pay"]


class Substitute(Payload):
    """A character's petition, or a player Captain of the Fleet's choice, to send a ship not
    going on campaign in place of one that is (Briny 001:903-907): ``ship``, the substitute's
    code; ``replaces``, the code of the ship she is sent in place of."""

    type: Literal["substitute"]
    ship: Annotated[Text, Field(max_length=8)]
    replaces: Annotated[Text, Field(max_length=8)]
    # a petition's favours brought to bear on the NPC Captain of the Fleet's die ("Influence
    # may be used to modify the die roll", 001:905): classes he holds this season
    favours: (
        Annotated[
            list[Annotated[int, Field(ge=rules.FAVOUR_CLASSES[0], le=rules.FAVOUR_CLASSES[1])]],
            Field(max_length=16),
        ]
        | None
    ) = None


#: the posts a player applies for: the Naval table's in September, the Government table's
#: (but the King's) in March
_POSTS = rules.NAVAL_APPOINTMENTS + rules.GOVERNMENT_APPOINTMENTS


def _appointment(value: Any) -> str:
    if not isinstance(value, str) or value not in _POSTS:
        shown = repr(value) if isinstance(value, str) and len(value) <= 60 else "that"
        raise _says(f"'appointment': no post {shown} to apply for; the posts: " + ", ".join(_POSTS))
    return value


class ApplyAppointment(Payload):
    """A player's character applies for a post of the Naval Appointments Table in
    September, or of the Government Appointments Table in March (Briny, TIME SEQUENCE:
    "Civil Appointments are made in March", "Naval Appointments are made in September")."""

    type: Literal["apply_appointment"]
    appointment: Annotated[
        str,
        BeforeValidator(_appointment),
        Field(json_schema_extra={"enum": list(_POSTS)}),
    ]


class AskResignation(Payload):
    """A player's character asks that an NPC resign the post he holds (Briny 001:512:
    "If a character wants a NPC to resign, it must be announced by the announcements
    deadline"): ``officer``, the NPC's id; rolled when the season moves on."""

    type: Literal["ask_resignation"]
    officer: Annotated[Text, Field(min_length=1, max_length=40)]


class AskFavour(Payload):
    """An investor's character asks the NPC Victualling Board Supervisor (an arms
    investment) or Chancellor of the Exchequer (a finance one) to favour his investment
    (Briny 001:1305: "Non-player characters will manipulate funds on a die roll of 7 on one
    die"): ``investment``, its id; announced, rolled when the season moves on."""

    type: Literal["ask_favour"]
    investment: Annotated[Text, Field(min_length=1, max_length=40)]


class AskTransfer(Payload):
    """A Marine's request for a change of ship (Briny 001:940: "Privates and Subalterns may
    request a change from the Brigadier-General of Marines, rolling 7 on 1d6 for success"):
    announced, rolled when the season moves on."""

    type: Literal["ask_transfer"]


class InfluenceAppointment(Payload):
    """Favours brought to bear on an announced decision of an NPC (Briny 001:509-512:
    "Influence may be used to seek or block appointments"; "Anyone may use influence for or
    against"): ``announcement``, an announced application's id (``ap1``), a resignation
    asked's (``rs1``), a favour asked's (``fv1``) or a change of ship's (``mc1``);
    ``wish``, for it or against it; ``favours``, the classes he spends of those he holds
    this season."""

    type: Literal["influence_appointment"]
    announcement: Annotated[str, Field(pattern=r"^(ap|rs|fv|mc)[1-9][0-9]{0,5}$", max_length=8)]
    wish: Literal["for", "against"]
    favours: Annotated[
        list[Annotated[int, Field(ge=rules.FAVOUR_CLASSES[0], le=rules.FAVOUR_CLASSES[1])]],
        Field(min_length=1, max_length=16),
    ]


class Note(Payload):
    type: Literal["note"]
    text: Annotated[Text, Field(max_length=4000)]


#: the longest message a seat may send to the table
SAY_MAX = 2000


class Say(Payload):
    """Table talk: a message to everyone (``all``), to the GM (``gm``) or to one seat."""

    type: Literal["say"]
    to: Annotated[Text, Field(max_length=40, description="all, gm or a seat's id")]
    text: Annotated[Text, Field(max_length=SAY_MAX)]


class Order(Payload):
    """An order that may be previewed: ``"preview": true`` decides and routes it without
    logging it (the ack's ``preview``: server.web.sockets)."""

    preview: bool = Field(
        False, description="true: decided and routed, not logged (the ack holds the route)"
    )


class Deploy(Order):
    """An admiral's squadron to a station, off an enemy port, or to a sea position."""

    model_config = ConfigDict(json_schema_extra=_one_of("station", "blockade", "patrol"))

    type: Literal["deploy"]
    squadron: Squadron
    station: Annotated[Text, Field(max_length=60)] | None = None
    blockade: Annotated[Text, Field(max_length=60)] | None = None
    patrol: Position | None = None

    @model_validator(mode="before")
    @classmethod
    def _one_target(cls, data: Any) -> Any:
        return _exactly_one(data, "station", "blockade", "patrol")

    @property
    def target(self) -> tuple[str, str | list[float]]:
        """The one target given: ``(kind, value)``."""
        for kind in ("station", "blockade", "patrol"):
            value = getattr(self, kind)
            if value is not None:
                return kind, value
        raise AssertionError("checked by _one_target")


class Sail(Order):
    """A squadron, or one ship, to a port or a sea position."""

    model_config = ConfigDict(json_schema_extra=_one_of("squadron", "ship"))

    type: Literal["sail"]
    squadron: Squadron | None = None
    ship: Annotated[Text, Field(max_length=8)] | None = None
    to: Place

    @model_validator(mode="before")
    @classmethod
    def _squadron_or_ship(cls, data: Any) -> Any:
        return _exactly_one(data, "squadron", "ship")


class MoveEnemy(Order):
    """The GM's orders to an enemy force."""

    type: Literal["move_enemy"]
    force: Annotated[Text, Field(max_length=40)]
    to: Place


class Reassign(Payload):
    """The GM hands a seat to another squadron (an admiral's) or ship (a captain's)."""

    model_config = ConfigDict(json_schema_extra=_one_of("squadron", "ship"))

    type: Literal["reassign"]
    seat: Annotated[Text, Field(max_length=40)]
    squadron: Squadron | None = None
    ship: Annotated[Text, Field(max_length=8)] | None = None

    @model_validator(mode="before")
    @classmethod
    def _squadron_or_ship(cls, data: Any) -> Any:
        return _exactly_one(data, "squadron", "ship")


OfficerId = Annotated[Text, Field(max_length=40)]  # an officer of the campaign's roster
ShipId = Annotated[Text, Field(max_length=40)]  # a battle ship's id: a0.. British, b0.. enemy
Cards = Annotated[int, Field(ge=0, le=40)]
# not Literal[0, 1, 2]: a Literal of ints takes False and True for 0 and 1, strict or not
Distance = Annotated[int, Field(ge=0, le=2)]
HwyfChoice = Literal[rules.HWYF_CHOICES]  # type: ignore[valid-type]
BoardingAction = Literal[rules.BOARDING_ACTIONS]  # type: ignore[valid-type]
MusketOrder = Literal[rules.MUSKET_ORDERS]  # type: ignore[valid-type]
SeaPrep = Literal[tuple(rules.SEA_PREP)]  # type: ignore[valid-type]


class EngageDecision(Payload):
    """A captain's orders for the next round, or the GM's ``npc`` for absent captains."""

    type: Literal["engage_decision"]
    engagement: Annotated[Text, Field(max_length=40)]
    decision: Literal[(*DECISIONS, "npc")]  # type: ignore[valid-type]
    shot: Literal[rules.SHOTS] | None = None  # type: ignore[valid-type]  # kept until changed
    target: Annotated[Text, Field(max_length=40)] | None = None
    # her broadside split between enemy ships: {enemy battle ship id: cards}
    fire: dict[ShipId, Cards] | None = None
    range: Distance | None = None  # the Distance she closes to or holds at
    repair: Literal[rules.REPAIRS] | None = None  # type: ignore[valid-type]
    repair_by: OfficerId | None = None  # the officer aboard who leads the repair, by id
    hwyf: dict[OfficerId, HwyfChoice] | None = None  # How Will You Fight?: each one's choice
    boarding: dict[OfficerId, BoardingAction] | None = None  # a boarding: what each one does
    fire_by: OfficerId | None = None  # the officer aboard who fights a fire
    # her Marines' muskets: fire at the enemy's crew or an officer, or hold; none given,
    # they return the fire of a ship firing at her (BtQ, "Ranged Combat Challenges")
    muskets: MusketOrder | None = None
    # Overcoming Great Hardship: who spends a point of Guts to fight on hurt, or {officer:
    # "Guts" | "Discipline"} (her captain's Discipline: her crew fight on a Maimed morale)
    hardship: list[OfficerId] | dict[OfficerId, Literal["Guts", "Discipline"]] | None = None
    rounds: Literal["one", "all"] | None = None  # the GM's npc: this round, or to the end
    ship: Annotated[Text, Field(max_length=40)] | None = None  # one of an admiral's ships
    # the round these orders are for (1 the first): refused once that round is fought
    round: Annotated[int, Field(ge=1, le=10_000)] | None = None


class StandingOrders(Payload):
    """A captain's or admiral's orders for the rounds he does not order himself (the GM's
    ``npc`` fights them so) and the prep work before a chase; neither ``decision`` nor
    ``prep`` clears them."""

    type: Literal["standing_orders"]
    decision: Literal[DECISIONS] | None = None  # type: ignore[valid-type]
    shot: Literal[rules.SHOTS] | None = None  # type: ignore[valid-type]
    range: Distance | None = None
    repair: Literal[rules.REPAIRS] | None = None  # type: ignore[valid-type]
    muskets: MusketOrder | None = None  # his ships' Marines: as engage_decision's
    # the prep work the players' characters aboard turn to before a chase (seed 002, 2.1):
    # one of the sea prep actions; none given, each to the one his best skill serves
    prep: SeaPrep | None = None  # type: ignore[valid-type]


#: a task of a skirmish's mission (strategy/data/skirmish.json)
SkirmishTask = Annotated[Text, Field(max_length=40)]


class Skirmish(Payload):
    """A cutting-out expedition or a landing party (BtQ 000:1153-1199) from a ship lying in
    an enemy port's approaches: ``ship`` her code, ``mission``, ``port`` the enemy port's
    id, ``party`` each of her officers who goes and his task (the highest ranking commands),
    ``cards`` the commander's Discipline cards to the others."""

    type: Literal["skirmish"]
    ship: Annotated[Text, Field(max_length=8)]
    mission: Literal[rules.SKIRMISH_MISSIONS]  # type: ignore[valid-type]
    port: Annotated[Text, Field(max_length=40)]
    party: Annotated[dict[OfficerId, SkirmishTask], Field(min_length=1, max_length=12)]
    cards: Annotated[dict[OfficerId, Cards], Field(max_length=12)] = {}


#: a place of a voyage or a cruise as :func:`_places` takes it (stripped after the check)
PlaceText = Annotated[str, StringConstraints(max_length=60, pattern=NOT_BLANK)]
SeatId = Annotated[str, StringConstraints(min_length=1, max_length=40)]  # as _audience takes


def _places(name: str, bounds: tuple[int, int]) -> Callable[[Any], list[str]]:
    """The check of a list of ``bounds`` places as the voyage planner writes them."""

    def check(value: Any) -> list[str]:
        lo, hi = bounds
        ok = isinstance(value, list) and lo <= len(value) <= hi
        if not ok or not all(isinstance(v, str) and v.strip() and len(v) <= 60 for v in value):
            raise _says(
                f"'{name}' must be {lo} to {hi} places, each a port id, lon,lat or "
                "station:<id> (at most 60 characters)"
            )
        return [str(_text_ok(v.strip(), name)) for v in value]

    return check


def _days(name: str) -> Callable[[Any], float]:
    """The check of a number of days at each stop, 0 to 60."""

    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60:
            raise _says(f"'{name}' must be a number of days from 0 to 60")
        return float(value)

    return check


def _voyage_object(value: Any) -> Any:
    if not isinstance(value, dict):
        raise _says('\'voyage\' must be an object: {"stops": [...], "ship", "month", "stay"}')
    return value


def _audience(value: Any) -> Any:
    seats = isinstance(value, list) and 1 <= len(value) <= 64
    if value == "all" or (seats and all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)):
        return value
    raise _says("'to' must be \"all\" or a list of 1 to 64 seat ids")


class VoyagePlan(BaseModel):
    """A voyage as the planner sends it to ``GET /api/voyage``: its stops (port ids,
    ``lon,lat`` or ``station:<id>``), the ship type, the month (default: the campaign's)
    and the days at each stop."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    stops: Annotated[
        list[PlaceText],
        BeforeValidator(_places("voyage.stops", rules.VOYAGE_STOPS)),
        Field(min_length=rules.VOYAGE_STOPS[0], max_length=rules.VOYAGE_STOPS[1]),
        Field(description="2 to 12 places: port ids, lon,lat or station:<id>"),
    ]
    ship: Annotated[Text, Field(max_length=40)] = "Third Rate"
    month: Annotated[int, Field(ge=1, le=12)] | None = None
    stay: Annotated[float, Field(ge=0, le=60), BeforeValidator(_days("voyage.stay"))] = 0.0


class ShowVoyage(Payload):
    """The GM shows a planned voyage to every seat (``"all"``) or to the seats named."""

    type: Literal["show_voyage"]
    to: Annotated[
        Literal["all"] | Annotated[list[SeatId], Field(min_length=1, max_length=64)],
        BeforeValidator(_audience),
        Field(description='"all" or a list of seat ids'),
    ]
    voyage: Annotated[
        VoyagePlan,
        BeforeValidator(_voyage_object),
        Field(description='the planned voyage: {"stops", "ship", "month", "stay"}'),
    ]


class Volunteer(Payload):
    """Outside the summer, a ship volunteered for a cruise by her captain, or ships of a
    squadron by its admiral (all of them, or those named), for one season or two."""

    # a ship, or a squadron and perhaps some of its ships
    model_config = ConfigDict(json_schema_extra=_one_of("ship", "squadron", alone=("ships",)))

    type: Literal["volunteer"]
    ship: Annotated[Text, Field(max_length=8)] | None = None
    squadron: Squadron | None = None
    ships: Annotated[list[Annotated[Text, Field(max_length=8)]], Field(max_length=20)] | None = None
    seasons: Annotated[int, Field(ge=1, le=2)] = 1  # not a Literal: see Distance

    @model_validator(mode="before")
    @classmethod
    def _squadron_or_ship(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("ships") is not None and data.get("ship"):
            raise _says("'ships' are an admiral's: with 'squadron', not 'ship'")
        return _exactly_one(data, "squadron", "ship")


class PlanCruise(Payload):
    """The GM's missions for a cruise: three to six places she sails to, in order, before
    she comes home, staying ``stay`` days at each."""

    type: Literal["plan_cruise"]
    cruise: Annotated[Text, Field(max_length=40)]
    missions: Annotated[
        list[PlaceText],
        BeforeValidator(_places("missions", MISSIONS)),
        Field(min_length=MISSIONS[0], max_length=MISSIONS[1]),
        Field(description="3 to 6 places: port ids, lon,lat or station:<id>"),
    ]
    stay: Annotated[float, Field(ge=0, le=60), BeforeValidator(_days("stay"))] = 2.0


# -- the set-up requests (REST bodies) ----------------------------------------------------


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CampaignBody(Body):
    """``POST /api/campaigns``: every field optional."""

    name: Annotated[Text, Field(max_length=200)] | None = None
    year: Annotated[int, Field(ge=1793, le=1815)] = 1805  # a summer of the war
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None
    # the turn clock: whole game days a turn moves the summer, the real seconds a turn lasts
    # (null: no clock, the GM advances by hand) and a battle round's deadline (null: none)
    turn_days: TurnDays = 1
    turn_seconds: Seconds | None = None
    round_seconds: Seconds | None = None

    def clock(self) -> Clock:
        """The clock as the ``campaign_created`` event logs it."""
        return {
            "turn_days": self.turn_days,
            "turn_seconds": self.turn_seconds,
            "round_seconds": self.round_seconds,
        }


class SeatBody(Body):
    """``POST /api/campaigns/<id>/seats``: an admiral names his squadron, a captain his ship;
    a marine's ship is drawn when his character enrols."""

    role: Literal[SEAT_ROLES]  # type: ignore[valid-type]
    name: Annotated[Text, Field(max_length=200)] | None = None
    squadron: Annotated[Text, Field(max_length=200)] | None = None
    ship: Annotated[Text, Field(max_length=8)] | None = None
    # his character: an officer object (any field left out is rolled) or an officer's id
    officer: dict[str, Any] | Annotated[Text, Field(max_length=40)] | None = None

    @model_validator(mode="after")
    def _command(self) -> SeatBody:
        # the ministers' characters hold their posts (Briny, Government Appointments Table)
        characters = ("admiral", "captain", "marine", "prime-minister", "first-sea-lord")
        if self.officer is not None and self.role not in characters:
            raise _says(f"a {self.role}'s seat has no berth for an officer")
        if self.role == "admiral":
            if self.squadron is None or self.squadron.title() not in rules.SQUADRONS:
                raise _says(f"an admiral needs a 'squadron': {', '.join(rules.SQUADRONS)}")
        elif self.role == "captain":
            if self.ship is None:
                raise _says("a captain needs a 'ship' (two-letter code)")
        elif self.role == "marine" and (self.squadron is not None or self.ship is not None):
            # "Marines will be randomly assigned to a ship" (Briny 001:940)
            raise _says("a marine's ship is drawn when his character enrols: no squadron or ship")
        elif self.squadron is not None or self.ship is not None:
            raise _says(f"a {self.role} has no squadron or ship")
        return self

    @field_validator("officer", mode="before")
    @classmethod
    def _officer_text(cls, value: Any) -> Any:  # his name as any other text
        return _texts_ok(value, "officer")


class ReissueBody(Body):
    """``POST /api/campaigns/<id>/seats/<seat>/token``: optionally, the new holder's name."""

    name: Annotated[Text, Field(max_length=200)] | None = None


class OfficerBody(Body):
    """``POST /api/campaigns/<id>/officers``: a character (an officer object: any field
    left out is rolled), seated at once if ``seat`` names a seat without a living one."""

    officer: dict[str, Any]
    seat: Annotated[Text, Field(max_length=40)] | None = None

    @field_validator("officer", mode="before")
    @classmethod
    def _officer_text(cls, value: Any) -> Any:  # his name as any other text
        return _texts_ok(value, "officer")


REQUESTS: dict[str, type[Body]] = {
    "create_campaign": CampaignBody,
    "create_seat": SeatBody,
    "reissue_seat": ReissueBody,
    "create_officer": OfficerBody,
}


# -- parsing and the refusals -------------------------------------------------------------


def parse(model: type[BaseModel], data: Any) -> Any:
    """``data`` checked into ``model``, or the one-line :class:`ActionError` refusing it."""
    if not isinstance(data, dict):
        raise ActionError("invalid", "the payload must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise refusal(model, exc) from None


def refusal(model: type[BaseModel], exc: ValidationError) -> ActionError:
    """The one line that says what is wrong: unknown fields first, else the first error."""
    errors = exc.errors(include_url=False)
    extra = sorted(
        ".".join(_name(k) for k in e["loc"]) for e in errors if e["type"] == "extra_forbidden"
    )
    if extra:
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        return ActionError("invalid", f"unexpected field(s): {', '.join(extra[:5])}{more}")
    return ActionError("invalid", _message(model, errors[0]))


def _name(key: object) -> str:
    """A field's name as the refusal quotes it: on one line, and not too long."""
    text = str(key)
    return text if text.isidentifier() and len(text) <= 40 else repr(text[:40])


@cache
def _fields(model: type[BaseModel]) -> dict[str, Any]:
    """Each field's JSON Schema by its name on the wire, a nullable one without its null."""
    out = {}
    for key, field in model.model_json_schema()["properties"].items():
        options = [f for f in field.get("anyOf", [field]) if f.get("type") != "null"]
        out[key] = {**field, **options[0]} if len(options) == 1 else field
    return out


def _message(model: type[BaseModel], error: Any) -> str:
    if error["type"] == "admiralty":
        return str(error["ctx"]["message"])
    key = str(error["loc"][0]) if error["loc"] else ""
    inner = model.model_fields.get(key)
    sub = inner.annotation if inner is not None else None
    if len(error["loc"]) > 1 and isinstance(sub, type) and issubclass(sub, BaseModel):
        # a field of a nested object (show_voyage's voyage): named by its path
        name = str(error["loc"][1])
        text = _message(sub, {**error, "loc": error["loc"][1:]})
        return text.replace(f"'{name}'", f"'{key}.{name}'", 1)
    field = _fields(model).get(key, {})
    if error["type"] == "missing" and "description" in field:
        return f"'{key}' is required: {field['description']}"
    if "enum" in field:
        return f"'{key}' must be one of {', '.join(map(str, field['enum']))}"
    if field.get("type") == "integer":
        lo, hi = field.get("minimum"), field.get("maximum")
        if error["type"] in ("greater_than_equal", "less_than_equal"):
            return f"'{key}' must be from {lo} to {hi}, not {error['input']}"
        return f"'{key}' must be a whole number from {lo} to {hi}"
    if field.get("type") == "string":
        return f"'{key}' must be a non-empty string of at most {field['maxLength']} characters"
    if field.get("type") == "boolean":
        return f"'{key}' must be true or false"
    return f"'{key}': {error['msg']}"
