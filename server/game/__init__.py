"""The game: a campaign's state, its actions and events, who may do what, what each seat sees.

No Flask, no sockets, no clock, no storage: the web part (:mod:`server.web`) logs what
these functions decide and sends what they say each seat may see. The rules and the world
come in through one doorway, :mod:`server.game.rules`.

- :mod:`~server.game.state`: the state, typed; a new campaign; the date; each event's dice.
- :mod:`~server.game.spec`: every part of an event type in one place, its Spec;
  :mod:`~server.game.registry`: the specs gathered, deciding and applying by them, the
  tables derived from them.
- :mod:`~server.game.authority`: who may do what: the checks of each spec's grants.
- :mod:`~server.game.payloads`: each action's payload and each REST body, one model each.
- :mod:`~server.game.events`: each event's logged data, typed.
- :mod:`~server.game.actions`: deciding and applying actions; seats; the log's reader.
- :mod:`~server.game.forces`, :mod:`~server.game.engagements`, :mod:`~server.game.season`:
  forces on the map, the fights they meet, the end of the summer.
- :mod:`~server.game.clock`: the turn clock and the round deadline, given the time.
- :mod:`~server.game.seating`: a seat handed to another command, revoked; the GM's warnings.
- :mod:`~server.game.views`: what each seat may see of the state and of each event.
- :mod:`~server.game.notices`: each seat's notices, read from the events as it saw them.
- :mod:`~server.game.replay`: a log rebuilt and checked; :mod:`~server.game.schema`: the
  protocol's JSON Schema; :mod:`~server.game.errors`: the one refusal, the error codes.
"""

from server.game.actions import (
    decide_officer,
    decide_reissue,
    decide_revoke,
    decide_seat,
    decide_tick,
    require_log_reader,
    require_seat_reader,
)
from server.game.engagements import Battles, battles_lent
from server.game.errors import CODES, ActionError, ErrorCode, refusal, refusals
from server.game.notices import notices_for
from server.game.payloads import CampaignBody, parse
from server.game.registry import ACTIONS, SPECS, TABLE, apply_event, decide
from server.game.replay import replay
from server.game.schema import protocol_schema
from server.game.seating import seat_warnings
from server.game.spec import Spec
from server.game.state import (
    DECISIONS,
    PHASES,
    ROLES,
    RULES_VERSION,
    SEASON_DAYS,
    Seat,
    State,
    event_rng,
    initial_state,
    month_of,
    season_date,
)
from server.game.views import (
    Tracker,
    audiences,
    changes,
    event_data,
    month_now,
    odds_for,
    officer_for,
    payload,
    public_seat,
    state_for,
    track,
)

__all__ = [
    "ACTIONS",
    "Battles",
    "CODES",
    "DECISIONS",
    "PHASES",
    "ROLES",
    "battles_lent",
    "RULES_VERSION",
    "SEASON_DAYS",
    "SPECS",
    "Spec",
    "TABLE",
    "ActionError",
    "CampaignBody",
    "ErrorCode",
    "Seat",
    "State",
    "apply_event",
    "audiences",
    "decide",
    "decide_officer",
    "decide_reissue",
    "decide_revoke",
    "decide_seat",
    "decide_tick",
    "changes",
    "event_data",
    "payload",
    "track",
    "Tracker",
    "event_rng",
    "initial_state",
    "month_of",
    "notices_for",
    "odds_for",
    "parse",
    "protocol_schema",
    "month_now",
    "officer_for",
    "public_seat",
    "replay",
    "require_log_reader",
    "require_seat_reader",
    "refusal",
    "refusals",
    "season_date",
    "seat_warnings",
    "state_for",
]
