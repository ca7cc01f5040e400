"""Who may do what: the one table of the campaign's authority, action x role x command x phase.

By the book (Briny En Garde!, the campaign; docs/protocol.md, Actions): the Prime Minister
picks the number digit of Table F and the First Sea Lord the deployment digit; the GM rolls
the force, keeps the clock and resolves the season; an admiral orders his own squadron and
its ships only, a captain his own ship only and fights her in an engagement; observers only
watch. The GM may sail or deploy any squadron or ship (those with no seat at the table are
his to order; issue 14). A seat's *command* is what it commands: an admiral his squadron, a
captain his ship, and every player his own seat (its character: a minister's too); the GM
and observers command nothing, so whatever they aim at is another's. The GM acting ``as``
a seat is judged as that seat (:func:`server.game.actions.decide`).

The checks run in the table's order, which is also the order of the refusals a seat sees:
the role (``forbidden``), the phase and the pause (``wrong_phase``), then, once the payload
says what the action is aimed at, the command (``forbidden``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from server.game.errors import ActionError
from server.game.spec import OTHER, OWN, Command, Grant
from server.game.state import OFF_SEASONS, PHASES, PLAYERS, ROLES, Phase, Role

__all__ = [
    "ANY",
    "AT_SEA",
    "COMMANDS",
    "INVEST",
    "OFF",
    "OTHER",
    "OWN",
    "PHASES",
    "PLAYERS",
    "PLAYING",
    "READS",
    "ROLES",
    "SUMMER",
    "Cell",
    "Grant",
    "Granted",
    "Permission",
    "cells",
    "commands_for",
    "require_command",
    "require_seat",
    "verdict",
]

# What each player commands: an admiral his squadron, a captain his ship, and each player his
# own seat (its character: a Marine commands nothing else); the GM and observers nothing.
COMMANDS = MappingProxyType(
    {
        "admiral": ("squadron", "ship", "seat"),
        "captain": ("ship", "seat"),
        "marine": ("seat",),  # his ship's Marines are her captain's to order
        "prime-minister": ("seat",),
        "first-sea-lord": ("seat",),
    }
)

ANY: tuple[Phase, ...] = PHASES
SUMMER: tuple[Phase, ...] = ("summer",)
OFF: tuple[Phase, ...] = OFF_SEASONS  # the seasons after the summer
PLAYING: tuple[Phase, ...] = ("cabinet", "summer", *OFF)
AT_SEA: tuple[Phase, ...] = ("summer", *OFF)  # the summer's fleet, then the volunteers' cruises
INVEST: tuple[Phase, ...] = ("cabinet", *OFF)  # before the first of June, or after the summer


class Granted(Protocol):
    """What an authority check reads: an action's name, its grants by role and what it is
    aimed at (a :class:`server.game.spec.Spec`, or a :class:`Permission`)."""

    @property
    def kind(self) -> str: ...

    @property
    def grants(self) -> Mapping[Role, Grant]: ...

    @property
    def aims(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Permission:
    """A right that is no event: reading the seats, the whole log, acting for a seat."""

    kind: str
    grants: Mapping[Role, Grant]
    aims: tuple[str, ...] = ()


#: the rights that are not events: the GM's only
READS = (
    Permission("read_seats", {"gm": Grant(ANY)}),  # the seats' warnings and who is connected
    Permission("read_log", {"gm": Grant(ANY)}),  # the whole log, every seed and secret order
    Permission("act_as", {"gm": Grant(ANY)}),  # then judged as the seat he acts for
)


def require_seat(action: Granted, role: str, phase: str, paused: bool) -> None:
    """Refuse ``action`` from a ``role`` that may never send it, or not now."""
    grant = action.grants.get(role)  # type: ignore[call-overload]
    if grant is None:
        allowed = ", ".join(action.grants)
        raise ActionError("forbidden", f"a {role} may not {action.kind}; only: {allowed}")
    if phase not in grant.phases:
        raise ActionError("wrong_phase", f"{action.kind} is not allowed in the {phase} phase")
    if paused and not grant.while_paused:
        raise ActionError("wrong_phase", "the campaign is paused")


def require_command(action: Granted, role: str, command: Command, refusal: str) -> None:
    """Refuse ``action`` aimed at a ``command`` (own or other) this role may not order;
    ``refusal`` says what the seat commands instead."""
    grant = action.grants.get(role)  # type: ignore[call-overload]
    if grant is None or command not in grant.commands:
        raise ActionError("forbidden", refusal)


def commands_for(action: Granted, role: str) -> tuple[Command | None, ...]:
    """The commands an ``action`` from ``role`` can be aimed at: own or other when the role
    commands what the action aims at, only another's when it does not, None when the action
    is aimed at no command."""
    if not action.aims:
        return (None,)
    if set(action.aims) & set(COMMANDS.get(role, ())):
        return (OWN, OTHER)
    return (OTHER,)


@dataclass(frozen=True)
class Cell:
    """One cell of the table: the verdict on ``action`` from ``role`` aimed at ``command``
    in ``phase`` (paused or not): ``ok``, ``forbidden`` or ``wrong_phase``."""

    action: str
    role: str
    command: str | None
    phase: str
    paused: bool
    verdict: str


def verdict(action: Granted, role: str, command: Command | None, phase: str, paused: bool) -> str:
    """The table's answer for one cell, checked in the order the server checks."""
    try:
        require_seat(action, role, phase, paused)
        if command is not None:
            require_command(action, role, command, "not your command")
    except ActionError as err:
        return err.code
    return "ok"


def cells(table: Mapping[str, Granted]) -> Iterator[Cell]:
    """Every cell of ``table`` (:data:`server.game.registry.TABLE`), each with its verdict."""
    for name, action in table.items():
        for role in ROLES:
            for command in commands_for(action, role):
                for phase in PHASES:
                    for paused in (False, True):
                        yield Cell(
                            name,
                            role,
                            command,
                            phase,
                            paused,
                            verdict(action, role, command, phase, paused),
                        )
