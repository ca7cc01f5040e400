"""One action in one place: a :class:`Spec` holds every part of an event type.

Each spec is declared once, next to its decide function (in :mod:`server.game.actions`,
:mod:`~server.game.engagements`, :mod:`~server.game.cruises`, :mod:`~server.game.calendar`,
:mod:`~server.game.seating`): its payload model, who may send it and when (its authority
cells), decide, apply, the event it logs, who sees it and how (its :class:`View`), the view
sections it may change and its notices. :mod:`server.game.registry` gathers them; the
authority table, the payload and event maps, the notices' builders and ``/api/schema`` are
derived from there, and a test fails if an action lacks a part.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from server.game.state import Phase, Role, Seat, State

__all__ = ["OTHER", "OWN", "Audience", "Command", "Grant", "Spec", "View"]

OWN: Literal["own"] = "own"
OTHER: Literal["other"] = "other"
#: what an aimed action is aimed at: the sender's own command, or another's
Command = Literal["own", "other"]

#: who reads an event itself (its view's change goes to every seat it changes):
#: ``public`` every seat alike; ``private`` the seat that made the choice (and the GM);
#: ``forces`` the players, of what the forces did (observers nothing); ``gm`` the GM only;
#: ``voyage`` the seats it is shown to; ``talk`` those who hear it; ``summer`` and
#: ``season`` each seat its own cut of the season's report; ``told`` the seats its data's
#: ``seats`` names (and the GM)
Audience = Literal[
    "public", "private", "forces", "gm", "voyage", "talk", "summer", "season", "told"
]

P = TypeVar("P", bound=BaseModel)  # the action's payload
E = TypeVar("E")  # the event's logged data (a TypedDict of server.game.events)
#: what a seat reads of an event, from its logged data and the state after it
Extras = Callable[[dict[str, Any], State], dict[str, Any]]


@dataclass(frozen=True)
class Grant:
    """What one role may do with one action: in which phases, aimed at which commands
    (``None``: the action is aimed at no one's command), and whether while paused."""

    phases: tuple[Phase, ...]
    commands: tuple[Command | None, ...] = (None,)
    while_paused: bool = True


@dataclass(frozen=True)
class View:
    """Who reads an event and what of it (:func:`server.game.views.event_data`): its
    ``audience``, and ``extras``, what they read of its data beside their view's change
    (None: the audience's default)."""

    audience: Audience
    extras: Extras | None = None


@dataclass(frozen=True)
class Spec(Generic[P, E]):
    """Every part of one event type. An action (``act``) is sent by a seat with ``act``
    over Socket.IO and decided by ``decide``; a set-up event comes from REST (its own
    decide function, taking its body model ``payload``)."""

    kind: str
    payload: type[P] | None  # None: a set-up event with no body (a seat revoked)
    grants: Mapping[Role, Grant]
    decide: Callable[[State, Seat, P, random.Random], dict[str, Any]] | None
    apply: Callable[[State, E], None]
    event: type[E]
    view: View
    #: the sections of a seat's view it may change (server.game.views.SECTIONS; the head
    #: and the seats always); None: any; or which, from its logged data
    touches: tuple[str, ...] | Callable[[dict[str, Any]], tuple[str, ...]] | None = None

    def touched(self, data: dict[str, Any]) -> tuple[str, ...] | None:
        """The sections this event (its logged ``data``) may change; None: any."""
        return self.touches(data) if callable(self.touches) else self.touches

    #: its notices to a seat (server.game.notices), from the event as the seat saw it
    notice: Callable[[Any], list[dict[str, Any]]] | None = None
    #: what it is aimed at (a squadron, a ship, a seat): checked as own or other command
    aims: tuple[str, ...] = ()
    act: bool = True
