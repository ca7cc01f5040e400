"""What the server sends, declared once as TypedDicts: the error shape, each Socket.IO ack
and message, what a seat reads of an event, and each REST answer.

``GET /api/schema`` (:mod:`server.game.schema`) publishes the Socket.IO ones and
``GET /api/openapi.json`` (:mod:`server.web.openapi`) the REST ones, both made from these
declarations by pydantic; the tests check every ack, event and answer they receive against
them (tests/protocol_check.py). A shape that holds the rules' own open records (a view,
a report, a GeoJSON layer) says ``dict``: the schema of the state describes the view's
parts where it can (``state`` in ``/api/schema``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from server.game.errors import ErrorCode
from server.game.state import Role

__all__ = [
    "ACTION_ID_LENGTH",
    "ActAck",
    "ActionId",
    "CampaignMade",
    "Config",
    "ErrorBody",
    "EventsPage",
    "Health",
    "Live",
    "JoinAck",
    "JoinArgs",
    "LogAnswer",
    "LoggedEvent",
    "NoticeRead",
    "NoticesPage",
    "OfficerAnswer",
    "OfficersAnswer",
    "PatchOp",
    "Ports",
    "Presence",
    "PreviewAck",
    "PublicOfficer",
    "PublicSeat",
    "Revoked",
    "SeatFound",
    "SeatMade",
    "SeatReissuedAnswer",
    "SeatRevokedAnswer",
    "SeatsPanel",
    "StateAnswer",
    "Unseen",
]

#: an act's client action id (docs/protocol.md, "Action ids"): printable ASCII, at most the
#: log's column; not a field of the action, beside it in the act
ACTION_ID_LENGTH = 64
ActionId = Annotated[str, Field(pattern=rf"^[\x21-\x7e]{{1,{ACTION_ID_LENGTH}}}$")]

CLOSED = ConfigDict(extra="forbid")  # every key it may hold is declared
OPEN = ConfigDict(extra="allow")  # the keys declared, and others of the rules' own


# -- the error shape --------------------------------------------------------------------


@with_config(CLOSED)
class ErrorDetail(TypedDict):
    code: ErrorCode
    message: str  # one line
    retry_after: NotRequired[int]  # not_ready: the seconds to wait before asking again


@with_config(CLOSED)
class ErrorBody(TypedDict):
    """The protocol's one error shape, REST or Socket.IO (server.web.errors.error_body)."""

    ok: Literal[False]
    error: ErrorDetail


# -- Socket.IO ------------------------------------------------------------------------------

PatchOp = TypedDict(
    "PatchOp",
    {
        "op": Literal["add", "remove", "replace", "move", "copy", "test"],
        "path": str,  # a JSON Pointer (RFC 6901) into the seat's view
        "value": NotRequired[Any],
        "from": NotRequired[str],  # a move's or a copy's (a keyword: the functional form)
    },
)
with_config(CLOSED)(PatchOp)


@with_config(CLOSED)
class Unseen(TypedDict):
    """An event the seat may see nothing of: its bare sequence number."""

    seq: int


@with_config(OPEN)
class JoinArgs(TypedDict):
    """``join``'s payload (other keys are ignored)."""

    campaign: str
    token: Annotated[str, Field(min_length=1, max_length=200)]
    # 0, null or absent: a first join, the whole state; else the events after it
    since: NotRequired[Annotated[int, Field(ge=0)] | None]


@with_config(CLOSED)
class SeatInfo(TypedDict):
    """The seat a token opens, as the join ack and ``GET .../state`` give it."""

    id: str
    role: Role
    name: str | None
    squadron: str | None
    ship: str | None
    officer: str | None


@with_config(OPEN)
class NoticeRead(TypedDict):
    """A notice (server.game.notices): its event's seq, its type, its words, and the
    fields of its type (docs/protocol.md, "Notices")."""

    seq: int
    type: str
    text: str


@with_config(CLOSED)
class JoinAck(TypedDict):
    """``join``'s ack: the whole view (``state``) on a first join, else a page of the
    events after ``since`` (each as ``received`` or ``unseen`` of ``/api/schema``)."""

    ok: Literal[True]
    protocol: int  # the protocol's version, as /api/schema's
    seat: SeatInfo
    seq: int
    state: NotRequired[dict[str, Any]]
    events: NotRequired[list[dict[str, Any]]]
    presence: dict[str, bool]
    notices: list[NoticeRead]
    more: bool
    next: int


@with_config(CLOSED)
class ActAck(TypedDict):
    """``act``'s ack: the action is logged as ``seq``."""

    ok: Literal[True]
    seq: int


@with_config(CLOSED)
class PreviewAck(TypedDict):
    """The ack of an order sent with ``"preview": true``: decided and routed, not logged."""

    ok: Literal[True]
    preview: dict[str, Any]  # the event's data but its args: force, orders, route


@with_config(CLOSED)
class Presence(TypedDict):
    """``presence``: a seat's first socket joined, or its last left."""

    seat: str
    online: bool


@with_config(CLOSED)
class Revoked(TypedDict):
    """``revoked``: this seat's token was reissued or revoked; the socket is out."""

    seat: str


# -- what a seat reads of a seat and an officer (server.game.views) ----------------------


@with_config(CLOSED)
class PublicSeat(SeatInfo):
    """A seat as every seat sees it (``public_seat``): never its token."""

    ready: bool | None
    vacant: bool


@with_config(CLOSED)
class PublicOfficer(TypedDict):
    """An officer as every seat sees him (``public_officer``)."""

    id: str
    name: str | None
    rank: str | None
    player: str | None
    dead: bool | None
    appointment: str | None
    berth: str | None


# -- REST answers ---------------------------------------------------------------------------


@with_config(CLOSED)
class Live(TypedDict):
    """``/livez``: the process answers."""

    ok: bool
    live: bool
    version: str


@with_config(CLOSED)
class Health(TypedDict):
    """``/readyz`` (``/healthz``): warm, its database and message queue answering (None:
    not asked, or none configured); with the retryable error when it is not ready."""

    ok: bool
    ready: bool
    version: str
    checks: dict[str, bool | None]
    error: NotRequired[ErrorDetail]


@with_config(CLOSED)
class CampaignMade(TypedDict):
    id: str
    token: str  # the GM's seat token
    link: str  # absolute: the GM's page


@with_config(CLOSED)
class Config(TypedDict):
    admin_token_required: bool


@with_config(CLOSED)
class SeatFound(TypedDict):
    campaign: str
    seat: str
    role: Role
    name: str | None
    link: str


@with_config(CLOSED)
class SeatMade(TypedDict):
    seat: str
    token: str
    link: str
    officer: str | None


@with_config(CLOSED)
class SeatReissuedAnswer(TypedDict):
    seat: str
    token: str
    link: str


@with_config(CLOSED)
class SeatRevokedAnswer(TypedDict):
    seat: str
    vacant: Literal[True]


@with_config(CLOSED)
class PanelSeat(PublicSeat):
    online: bool  # a socket of the seat joined at the process that answers


@with_config(CLOSED)
class SeatsPanel(TypedDict):
    seq: int
    seats: list[PanelSeat]
    warnings: list[dict[str, Any]]  # {"kind", "text", "seat" | "squadron" | "ship"}


@with_config(CLOSED)
class OfficerAnswer(TypedDict):
    officer: dict[str, Any]  # his whole record, with his berth


@with_config(CLOSED)
class OfficersAnswer(TypedDict):
    seq: int
    officers: list[dict[str, Any]]


@with_config(CLOSED)
class StateAnswer(TypedDict):
    ok: Literal[True]
    seat: SeatInfo
    seq: int
    state: dict[str, Any]  # the seat's view (docs/protocol.md, "State")
    last_activity: str | None


@with_config(CLOSED)
class LoggedEvent(TypedDict):
    """An event as the log keeps it: its ``data`` is ``events`` of ``/api/schema``."""

    seq: int
    type: str
    seat: str | None  # its author; None: the turn clock
    data: dict[str, Any]


@with_config(CLOSED)
class LogCampaign(TypedDict):
    id: str
    name: str
    year: int
    seed: int


@with_config(CLOSED)
class LogAnswer(TypedDict):
    campaign: LogCampaign
    events: list[LoggedEvent]


@with_config(CLOSED)
class NoticesPage(TypedDict):
    seq: int
    notices: list[NoticeRead]
    more: bool
    next: int


@with_config(CLOSED)
class EventsPage(TypedDict):
    """A page of the events a seat received (each ``received`` of ``/api/schema``); from
    ``since=0``, ``base``: its view before the first."""

    seq: int
    events: list[dict[str, Any]]
    more: bool
    next: int
    base: NotRequired[dict[str, Any]]


@with_config(CLOSED)
class Ports(TypedDict):
    ports: list[dict[str, Any]]
