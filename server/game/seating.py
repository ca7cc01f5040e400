"""The GM's seats: a seat handed to another squadron or ship, a seat revoked, and the warnings
of seats with nothing to command and commands with no seat.

By the book (Briny En Garde!, the campaign): an admiral commands a squadron, a captain a
ship, and the Table F roll says which are on campaign this summer; seats made before the
roll may find their squadron or ship at home. The GM hands such a seat on at any time
(``reassign``): the seat keeps its id, its token and its history, and its character goes
with it into the new berth, the NPC who held that berth taking the one left (an exchange of
commands: docs/rules-notes.md, "A seat handed to another command"). No Flask, no sockets.
"""

from __future__ import annotations

import random
from typing import Any

from server.game import authority, engagements, events, notices, payloads, rules, views
from server.game.authority import ANY
from server.game.errors import ActionError
from server.game.officers import seat_officer, stays_on_blockade
from server.game.spec import Grant, Spec, View
from server.game.state import OfficerRecord, Seat, State, by_id

__all__ = [
    "REASSIGN",
    "SEAT_REVOKED",
    "apply_reassign",
    "apply_revoke",
    "decide_reassign",
    "decide_revoke",
    "holder_of",
    "in_fight",
    "seat_warnings",
]


def _berth(seat: Seat) -> str | None:
    return seat.get("squadron") if seat["role"] == "admiral" else seat.get("ship")


def _named(seat: Seat) -> str:
    return f"{seat['id']} ({seat['name']})"


def _target(state: State, seat: Seat, p: Any) -> tuple[str | None, str | None]:
    """The ``(squadron, ship)`` the seat is handed to, checked: the field fits its role, the
    ship is of the Briny fleet, and no other seat of the role holds it."""
    if p.squadron is not None and seat["role"] != "admiral":
        raise ActionError(
            "invalid", f"'squadron': {_named(seat)} is a {seat['role']}'s seat, not an admiral's"
        )
    if p.ship is not None and seat["role"] != "captain":
        raise ActionError(
            "invalid", f"'ship': {_named(seat)} is a {seat['role']}'s seat, not a captain's"
        )
    squadron, ship = p.squadron, p.ship.upper() if p.ship is not None else None
    if ship is not None:
        rules.briny_ship(ship)  # no such ship in the Briny fleet: not_found
    wanted = squadron or ship
    if wanted == _berth(seat):
        raise ActionError("conflict", f"{_named(seat)} already commands {wanted}")
    for other in state["seats"].values():
        if other["id"] != seat["id"] and other["role"] == seat["role"] and _berth(other) == wanted:
            raise ActionError("conflict", f"{wanted} is already {_named(other)}'s")
    return squadron, ship


def in_fight(state: State, seat: Seat, squadron: str | None, ship: str | None) -> str | None:
    """An open engagement the seat, or the command it is handed, is fighting in."""
    for e in by_id(state["engagements"]):
        if e["over"]:
            continue
        if seat["id"] in e["awaiting"].values() or seat["id"] in e.get("seats", {}):
            return e["id"]
        for bship in e["sides"].get("a", []):
            force = state["forces"].get(bship["force"])
            if bship["code"] == ship or (squadron and force and force["squadron"] == squadron):
                return e["id"]
    return None


def holder_of(
    state: State, role: str, berth: str, officer: OfficerRecord | None
) -> OfficerRecord | None:
    """The living officer in the berth ``officer`` goes to: a ship's captain, or the flag
    officer of his rank in a squadron (each of the White, Red and Blue has a Rear, a Vice
    and a full Admiral)."""
    for o in state["officers"].values():
        if o["dead"] or (officer is not None and o["id"] == officer["id"]):
            continue
        if role == "captain" and o["ship"] == berth and o["rank"] in rules.CAPTAIN_RANKS:
            return o
        if role == "admiral" and officer is not None and o["squadron"] == berth:
            if o["rank"] == officer["rank"]:
                return o
    return None


def decide_reassign(
    state: State, author: Seat, p: payloads.Reassign, rng: random.Random
) -> dict[str, Any]:
    """``reassign``'s data: the seat ``p.seat`` handed to squadron ``p.squadron`` or ship
    ``p.ship``; its character goes with it and the berth's NPC takes the one left."""
    seat = state["seats"].get(p.seat)
    if seat is None or seat["role"] == "gm":
        raise ActionError("not_found", f"no seat {p.seat!r} to reassign")
    squadron, ship = _target(state, seat, p)
    fight = in_fight(state, seat, squadron, ship)
    if fight is not None:
        raise ActionError("wrong_phase", f"engagement {fight} is being fought: reassign after it")
    officer = seat_officer(state, seat)
    ranks = rules.ADMIRAL_RANKS if seat["role"] == "admiral" else rules.CAPTAIN_RANKS
    if officer is not None and officer["rank"] not in ranks:  # a court reduced him below it
        raise ActionError(
            "conflict",
            f"{officer['rank']} {officer['name']} holds no {seat['role']}'s rank "
            f"({', '.join(ranks)}): his seat stays ashore with him",
        )
    stays_on_blockade(officer, ship, squadron)
    new = squadron or ship or ""
    holder = holder_of(state, seat["role"], new, officer)
    if holder is not None and holder["player"] is not None:
        raise ActionError("conflict", f"that berth is {holder['name']}'s, {holder['player']}'s")
    return {
        "seat": seat["id"],
        "squadron": squadron,
        "ship": ship,
        "was": _berth(seat),
        "officer": officer["id"] if officer else None,
        # the NPC of the new berth takes the old one (only with a character going the other way)
        "relieved": holder["id"] if holder is not None and officer is not None else None,
    }


def _put(officer: OfficerRecord, role: str, berth: str | None) -> None:
    if role == "captain":
        officer["ship"] = berth
    else:
        officer["squadron"] = berth


def apply_reassign(state: State, data: events.Reassign) -> None:
    seat = state["seats"][data["seat"]]
    role = seat["role"]
    new = data["squadron"] if role == "admiral" else data["ship"]
    seat["squadron" if role == "admiral" else "ship"] = new
    if data["officer"]:
        _put(state["officers"][data["officer"]], role, new)
    if data["relieved"]:
        _put(state["officers"][data["relieved"]], role, data["was"])


def decide_revoke(state: State, author: Seat, seat_id: str) -> dict[str, Any]:
    """``seat_revoked``'s data: the seat's token stops working and the seat stands vacant
    (its history, berth and character stay; a reissue seats someone again)."""
    authority.require_seat(SEAT_REVOKED, author["role"], state["phase"], state["paused"])
    seat = state["seats"].get(seat_id)
    if seat is None:
        raise ActionError("not_found", f"no seat {seat_id!r}")
    if seat["role"] == "gm":
        raise ActionError("forbidden", "the GM's seat cannot be revoked: reissue it")
    if seat.get("vacant"):
        raise ActionError("conflict", f"{_named(seat)} is already vacant")
    return {"seat": seat_id}


def apply_revoke(state: State, data: events.SeatRevoked) -> None:
    """The seat stands vacant: nobody waits for it, neither the turn clock (not ready, and
    not counted: server.game.clock) nor a fight (its ships pass to her admiral or to her
    standing orders: :func:`server.game.engagements.reseat`)."""
    seat = state["seats"][data["seat"]]
    seat["vacant"] = True
    seat["ready"] = False
    engagements.reseat(state, data["seat"])


def seat_warnings(state: State) -> list[dict[str, Any]]:
    """What the GM is warned of: each seat standing vacant (``vacant``: revoked, nobody
    plays it till it is reissued; never waited for), each admiral's or captain's seat
    ashore with its character, with no command (``ashore``), and once the force is rolled each
    admiral's or captain's seat whose squadron or ship is not on campaign this summer
    (``idle``), each squadron on campaign with no admiral and each British ship afloat with
    neither a captain nor her squadron's admiral at the table (``unseated``: the GM orders
    it; a vacant seat is no one at the table). Each ``{"kind", "seat" | "squadron" |
    "ship", "text"}``."""
    seats = list(state["seats"].values())
    out = [_vacant(state, s) for s in seats if s.get("vacant")]
    ashore = [s for s in seats if s["role"] in ("admiral", "captain") and not _berth(s)]
    out += [_ashore(state, s) for s in ashore]
    if state["phase"] == "cabinet":
        return out
    british = [f for f in state["forces"].values() if f["side"] == "Britain" and f["afloat"]]
    squadrons = {f["squadron"] for f in british if f["squadron"]}
    ships = {s["code"]: f for f in british for s in f["ships"] if s["status"] == "afloat"}
    seated = [s for s in seats if not s.get("vacant")]
    admirals = {s["squadron"] for s in seated if s["role"] == "admiral"}
    captains = {s["ship"] for s in seated if s["role"] == "captain"}
    for seat in seats:
        if seat in ashore:
            continue  # warned of above: no command to be idle
        if seat["role"] == "admiral" and seat["squadron"] not in squadrons:
            text = f"{seat['name']}: the {seat['squadron']} squadron is not on campaign this summer"
            out.append({"kind": "idle", "seat": seat["id"], "text": text})
        elif seat["role"] == "captain" and seat["ship"] not in ships:
            text = f"{seat['name']}: {seat['ship']} is not afloat on campaign this summer"
            out.append({"kind": "idle", "seat": seat["id"], "text": text})
    for name in sorted(squadrons - admirals):
        text = f"the {name} squadron has no admiral at the table"
        out.append({"kind": "unseated", "squadron": name, "text": text})
    for code, force in sorted(ships.items()):
        if code not in captains and force["squadron"] not in admirals:
            text = f"{code} ({force['name']}) has no captain nor admiral at the table"
            out.append({"kind": "unseated", "ship": code, "text": text})
    return out


def _ashore(state: State, seat: Seat) -> dict[str, Any]:
    """The warning of an admiral's or captain's seat with no command: ashore with its
    character (a court-martial's verdict, a flag with no squadron's seat free), till the GM
    hands it one."""
    officer = seat_officer(state, seat)
    who = f"{officer['rank']} {officer['name']}" if officer is not None else "its character"
    command = "a squadron" if seat["role"] == "admiral" else "a ship"
    text = (
        f"{seat['name']}'s seat is ashore with {who}: it commands nothing till the GM "
        f"hands it {command} (reassign)"
    )
    return {"kind": "ashore", "seat": seat["id"], "text": text}


#: who stands in for a vacant seat, by its role (what the rules do without it)
_STANDS_IN = {
    "prime-minister": "a digit he has not chosen is rolled",
    "first-sea-lord": "a digit he has not chosen is rolled",
    "observer": "nobody watches from it",
}


def _vacant(state: State, seat: Seat) -> dict[str, Any]:
    """The warning of a vacant seat: who stands in for it meanwhile."""
    if seat["role"] == "captain":
        admiral = _admiral_of(state, seat.get("ship"))
        meanwhile = (
            f"{admiral['name']}, her admiral, orders {seat['ship']}"
            if admiral is not None
            else f"{seat['ship']} sails on her orders and fights by her standing orders"
        )
    elif seat["role"] == "admiral":
        meanwhile = f"the {seat['squadron']} squadron's captains and the GM order its ships"
    else:
        meanwhile = _STANDS_IN.get(seat["role"], "nobody plays it")
    text = f"{seat['name']}'s seat is vacant till it is reissued (nobody waits for it): {meanwhile}"
    return {"kind": "vacant", "seat": seat["id"], "text": text}


def _admiral_of(state: State, ship: str | None) -> Seat | None:
    """The seated admiral of the squadron ship ``ship`` sails with, if any."""
    forces = state["forces"].values()
    squadron = next((f["squadron"] for f in forces for s in f["ships"] if s["code"] == ship), None)
    admirals = [
        s for s in state["seats"].values() if s["role"] == "admiral" and not s.get("vacant")
    ]
    return next((s for s in admirals if squadron and s["squadron"] == squadron), None)


REASSIGN = Spec(
    "reassign",
    payloads.Reassign,
    {"gm": Grant(ANY)},  # a seat handed to another squadron or ship
    decide_reassign,
    apply_reassign,
    events.Reassign,
    View("public", views.public_data),
    notice=notices.reassigned,
)
SEAT_REVOKED: Spec[Any, events.SeatRevoked] = Spec(
    "seat_revoked",
    None,
    {"gm": Grant(ANY)},
    None,
    apply_revoke,
    events.SeatRevoked,
    View("public", views.public_data),
    notice=notices.seat_revoked,
    act=False,
)
