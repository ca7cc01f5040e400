"""Who may do what: the one table of the campaign's authority, action x role x command x phase.

By the book (Briny En Garde!, the campaign; docs/protocol.md, Actions): the Prime Minister
picks the number digit of Table F and the First Sea Lord the deployment digit; the GM rolls
the force, keeps the clock and resolves the season; an admiral orders his own squadron and
its ships only, a captain his own ship only and fights her in an engagement; observers only
watch. The GM may sail or deploy any squadron or ship (those with no seat at the table are
his to order; issue 14). A seat's *command* is what it commands: an admiral his squadron, a
captain his ship; the other seats command nothing, so whatever they aim at is another's. The
GM acting ``as`` a seat is judged as that seat (:func:`server.game.actions.decide`).

The checks run in the table's order, which is also the order of the refusals a seat sees:
the role (``forbidden``), the phase and the pause (``wrong_phase``), then, once the payload
says what the action is aimed at, the command (``forbidden``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from server.game.errors import ActionError

__all__ = [
    "AIMS",
    "COMMANDS",
    "OTHER",
    "OWN",
    "PHASES",
    "ROLES",
    "TABLE",
    "Cell",
    "Grant",
    "cells",
    "commands_for",
    "require_command",
    "require_seat",
    "verdict",
]

ROLES = ("gm", "prime-minister", "first-sea-lord", "admiral", "captain", "observer")
#: the campaign's phases: the cabinet and the summer, the seasons after it (the year goes
#: round to the next cabinet), over when the war is
PHASES = ("cabinet", "summer", "autumn", "winter", "spring", "over")
OWN, OTHER = "own", "other"
# What an aimed action is aimed at, and what each commander commands (the others: nothing).
AIMS = MappingProxyType(
    {
        "deploy": ("squadron",),
        "sail": ("squadron", "ship"),
        "volunteer": ("squadron", "ship"),
        "engage_decision": ("ship",),
        "officer_created": ("seat",),
    }
)
COMMANDS = MappingProxyType({"admiral": ("squadron", "ship", "seat"), "captain": ("ship", "seat")})


@dataclass(frozen=True)
class Grant:
    """What one role may do with one action: in which phases, aimed at which commands
    (``None``: the action is aimed at no one's command), and whether while paused."""

    phases: tuple[str, ...]
    commands: tuple[str | None, ...] = (None,)
    while_paused: bool = True


_ANY = PHASES
_SUMMER = ("summer",)
_OFF = ("autumn", "winter", "spring")  # the seasons after the summer
_PLAYING = ("cabinet", "summer", *_OFF)
_AT_SEA = ("summer", *_OFF)  # the summer's fleet, then the volunteers' cruises
_INVEST = ("cabinet", *_OFF)  # before the first of June, or after the summer for the next
_PLAYERS = ("prime-minister", "first-sea-lord", "admiral", "captain")

# action -> role -> grant; a role not listed may not send the action at all.
TABLE: Mapping[str, Mapping[str, Grant]] = MappingProxyType(
    {
        "set_ships": {"prime-minister": Grant(("cabinet",))},
        "set_deployment": {"first-sea-lord": Grant(("cabinet",))},
        "roll_force": {"gm": Grant(("cabinet",))},
        # the GM orders any squadron or ship: those no seat commands are his to sail
        "deploy": {"admiral": Grant(_SUMMER, (OWN,)), "gm": Grant(_SUMMER, (OTHER,))},
        "sail": {
            "admiral": Grant(_AT_SEA, (OWN,)),
            "captain": Grant(_AT_SEA, (OWN,)),
            "gm": Grant(_AT_SEA, (OTHER,)),
        },
        # outside the summer a captain volunteers his ship, an admiral his squadron's (Briny,
        # VOLUNTEERS); the GM plans a cruise's missions
        "volunteer": {
            "admiral": Grant(_OFF, (OWN,)),
            "captain": Grant(_OFF, (OWN,)),
            "gm": Grant(_OFF, (OTHER,)),
        },
        "plan_cruise": {"gm": Grant(_OFF)},
        "ready": {role: Grant(_PLAYING) for role in _PLAYERS},
        # by hand, paused or not: a pause stops only the turn clock (server.game.clock)
        "advance": {"gm": Grant(_AT_SEA)},
        "engage_decision": {
            "captain": Grant(_AT_SEA, (OWN,), while_paused=False),
            # his squadron's ships with no captain of their own at the table
            "admiral": Grant(_AT_SEA, (OWN,), while_paused=False),
            "gm": Grant(_AT_SEA, (OTHER,), while_paused=False),  # absent captains: NPC policy
        },
        "standing_orders": {r: Grant(_PLAYING) for r in ("admiral", "captain")},
        "resolve_summer": {"gm": Grant(_SUMMER)},
        "next_season": {"gm": Grant(_OFF)},  # the GM (or the turn clock) moves the year on
        # his own character's funds, by the first of June (Briny, INVESTMENT): never in
        # the summer; the payload names no one else's, so it is aimed at no command (the
        # GM invests for a player with "as")
        "invest": {role: Grant(_INVEST) for role in ("admiral", "captain")},
        # his own character's application: "Naval Appointments are made in September"
        "apply_appointment": {role: Grant(("autumn",)) for role in ("admiral", "captain")},
        "pause": {"gm": Grant(_ANY)},
        "resume": {"gm": Grant(_ANY)},
        "set_deadline": {"gm": Grant(_ANY)},
        "set_clock": {"gm": Grant(_ANY)},
        "note": {"gm": Grant(_ANY)},
        "move_enemy": {"gm": Grant(_AT_SEA)},
        "show_voyage": {"gm": Grant(_ANY)},  # a planned voyage drawn for the players
        # table talk: every seat but an observer's, at any time (observers only watch)
        "say": {role: Grant(_ANY) for role in ("gm", *_PLAYERS)},
        "seat_created": {"gm": Grant(_ANY)},
        "seat_reissued": {"gm": Grant(_ANY)},
        "seat_revoked": {"gm": Grant(_ANY)},
        "reassign": {"gm": Grant(_ANY)},  # a seat handed to another squadron or ship
        "read_seats": {"gm": Grant(_ANY)},  # the seats' warnings and who is connected
        # a character: the GM's for any seat (or none yet), a player's for his own seat
        "officer_created": {
            "gm": Grant(_ANY, (OTHER,)),
            "admiral": Grant(_ANY, (OWN,)),
            "captain": Grant(_ANY, (OWN,)),
        },
        "read_log": {"gm": Grant(_ANY)},  # the whole log, with every seed and secret order
        "act_as": {"gm": Grant(_ANY)},  # then judged as the seat he acts for
    }
)


def require_seat(action: str, role: str, phase: str, paused: bool) -> None:
    """Refuse ``action`` from a ``role`` that may never send it, or not now."""
    grant = TABLE[action].get(role)
    if grant is None:
        allowed = ", ".join(TABLE[action])
        raise ActionError("forbidden", f"a {role} may not {action}; only: {allowed}")
    if phase not in grant.phases:
        raise ActionError("wrong_phase", f"{action} is not allowed in the {phase} phase")
    if paused and not grant.while_paused:
        raise ActionError("wrong_phase", "the campaign is paused")


def require_command(action: str, role: str, command: str, refusal: str) -> None:
    """Refuse ``action`` aimed at a ``command`` (own or other) this role may not order;
    ``refusal`` says what the seat commands instead."""
    grant = TABLE[action].get(role)
    if grant is None or command not in grant.commands:
        raise ActionError("forbidden", refusal)


def commands_for(action: str, role: str) -> tuple[str | None, ...]:
    """The commands an ``action`` from ``role`` can be aimed at: own or other when the role
    commands what the action aims at, only another's when it does not, None when the action
    is aimed at no command."""
    if action not in AIMS:
        return (None,)
    if set(AIMS[action]) & set(COMMANDS.get(role, ())):
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


def verdict(action: str, role: str, command: str | None, phase: str, paused: bool) -> str:
    """The table's answer for one cell, checked in the order the server checks."""
    try:
        require_seat(action, role, phase, paused)
        if command is not None:
            require_command(action, role, command, "not your command")
    except ActionError as err:
        return err.code
    return "ok"


def cells() -> Iterator[Cell]:
    """Every cell of the table, each with its verdict."""
    for action in TABLE:
        for role in ROLES:
            for command in commands_for(action, role):
                for phase in PHASES:
                    for paused in (False, True):
                        yield Cell(
                            action,
                            role,
                            command,
                            phase,
                            paused,
                            verdict(action, role, command, phase, paused),
                        )
