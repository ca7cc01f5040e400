"""Who may do what: the authority table walked cell by cell, and the book's rules behind it.

Every cell of :data:`server.game.registry.TABLE` (action x role x own/other command x phase,
paused or not) is sent through the entry point the server uses, by the seat itself and by
the GM acting ``as`` that seat, and must get the table's verdict.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from server import game
from server.game import ActionError, authority
from server.game.authority import OTHER, OWN
from server.game.registry import TABLE
from tests.server_helpers import SEATS, SEED, phase_states

# What a rule of the action itself refuses although the table allows it (not authority).
# (the walk's seats have no characters: an investment wants a living officer with funds)
RULE_REFUSALS = {
    ("pause", True): "conflict",
    ("resume", False): "conflict",
    ("invest", False): "conflict",
    ("invest", True): "conflict",
    ("conditional_orders", False): "conflict",  # no living officer to give orders for
    ("conditional_orders", True): "conflict",
    ("liquidate", False): "conflict",  # no living officer, so no investment to sell
    ("liquidate", True): "conflict",
    ("study", False): "conflict",  # no living officer to send to the Academy
    ("study", True): "conflict",
    ("favour_investor", False): "conflict",  # no officer holding a favouring post
    ("favour_investor", True): "conflict",
    ("influence", False): "conflict",  # the walk's Prime Minister is a player
    ("influence", True): "conflict",
    ("apply_appointment", False): "conflict",  # no living officer to appoint
    ("apply_appointment", True): "conflict",
    ("ask_resignation", False): "conflict",  # no living character to ask it
    ("ask_resignation", True): "conflict",
    ("ask_favour", False): "conflict",  # no living character, so no investment to ask for
    ("ask_favour", True): "conflict",
    ("influence_appointment", False): "conflict",  # no living character to spend favours
    ("influence_appointment", True): "conflict",
    ("apply_ship", False): "conflict",  # no living officer to apply for a ship
    ("apply_ship", True): "conflict",
    ("buy_rank", False): "conflict",  # no living officer to buy a captaincy for
    ("buy_rank", True): "conflict",
    ("draw_pay", False): "conflict",  # no living officer to draw pay for
    ("draw_pay", True): "conflict",
    ("substitute", False): "conflict",  # no living officer to petition for
    ("substitute", True): "conflict",
    ("court_martial", False): "not_found",  # the walk has no officer o-1 to try
    ("court_martial", True): "not_found",
    ("embezzle", False): "conflict",  # no living officer, so no post to embezzle in
    ("embezzle", True): "conflict",
    ("ignore_offence", False): "conflict",  # no offence found out waits for a captain
    ("ignore_offence", True): "conflict",
    ("disgrace", False): "not_found",  # the walk has no officer o-1 to disgrace
    ("disgrace", True): "not_found",
    ("skirmish", False): "conflict",  # the walk's ships lie in port, not off an enemy's
    ("skirmish", True): "conflict",
    ("year_of_service", False): "conflict",  # no living officer, no card turned
    ("year_of_service", True): "conflict",
    ("ask_transfer", False): "conflict",  # no living Marine to request a change of ship
    ("ask_transfer", True): "conflict",
}
#: the actions aimed at ships at sea: outside the summer, at the volunteers' cruises
AT_SEA = ("sail", "move_enemy", "plan_cruise", "skirmish")


def _state(action: str, phase: str, paused: bool) -> dict[str, Any]:
    """A fresh copy of the campaign in ``phase``; in its summer, with open fights for an
    engage_decision (and none for the rest: the clock and the season wait for fights)."""
    states, _ = phase_states()
    key = phase
    if action == "engage_decision" and phase == "summer":
        key = "fights"
    elif action == "engage_decision" and f"{phase}-fights" in states:
        key = f"{phase}-fights"
    elif action in AT_SEA and f"{phase}-at-sea" in states:
        key = f"{phase}-at-sea"
    state = copy.deepcopy(states[key])
    state["paused"] = paused
    return state


def _aimed(action: str, role: str, command: str, phase: str) -> list[dict[str, Any]]:
    """Payloads of an aimed action from ``role`` at its own command or at another's."""
    if action == "engage_decision":
        fights = phase_states()[1]
        at = f"@{phase}" if f"own@{phase}" in fights else ""
        if role == "gm":
            return [{"engagement": fights["own" + at], "decision": "npc"}]
        fight = fights["own" + at] if command == OWN else fights["other" + at]
        return [{"engagement": fight, "decision": "close", "shot": "roundshot"}]
    own = {"admiral": [("squadron", "Red"), ("ship", "DR")], "captain": [("ship", "FG")]}
    other = {
        "admiral": [("squadron", "Blue"), ("ship", "NE")],
        "captain": [("squadron", "Red"), ("squadron", "Blue"), ("ship", "DR"), ("ship", "NE")],
    }
    targets = (own if command == OWN else other).get(role, [("squadron", "Red"), ("ship", "FG")])
    if action == "deploy":
        return [{"squadron": v, "station": "channel"} for k, v in targets if k == "squadron"]
    if action == "volunteer":
        return [{k: v} for k, v in targets]
    if action == "skirmish":  # her boats away: a cutting-out led by her captain
        party = {"party": {"FG-captain": "board"}}
        return [
            {k: v, "mission": "cutting_out", "port": "brest", **party}
            for k, v in targets
            if k == "ship"
        ]
    return [{k: v, "to": "plymouth"} for k, v in targets]


PLAIN = {
    "set_ships": {"digit": 3},
    "set_deployment": {"digit": 5},
    "roll_force": {},
    "ready": {},
    "advance": {"days": 1},
    "resolve_summer": {},
    "pause": {},
    "resume": {},
    "set_deadline": {"deadline": None},
    "set_clock": {"turn_days": 2, "turn_seconds": 600},
    "next_season": {},
    "invest": {"kind": "arms", "guineas": 1000},
    "conditional_orders": {"poltroonery": 2, "decline_promotion": True},
    "liquidate": {"investment": "i1805-1"},
    "study": {"weeks": 4},
    "favour_investor": {"investment": "i1805-1"},
    "influence": {"wish": "more", "favours": [8]},
    "apply_appointment": {"appointment": "Captain of the Fleet"},
    "ask_resignation": {"officer": "FG-lt1"},
    "ask_favour": {"investment": "i1806-1"},
    "ask_transfer": {},
    "influence_appointment": {"announcement": "rs1", "wish": "for", "favours": [1]},
    "apply_ship": {"ship": "TH"},
    "buy_rank": {"ship": "NE"},
    "draw_pay": {},
    "substitute": {"ship": "TH", "replaces": "DR"},
    "court_martial": {"officer": "o-1", "verdict": "acquitted"},
    "embezzle": {"guineas": 500},
    "ignore_offence": {"officer": "o-1", "ignore": True},
    "disgrace": {"officer": "o-1", "cause": "duel"},
    "note": {"text": "The Toulon squadron sails on day 12"},
    "move_enemy": {"force": "fr-brest", "to": "toulon"},
    "show_voyage": {"to": "all", "voyage": {"stops": ["portsmouth", "plymouth"]}},
    "plan_cruise": {"cruise": "c1", "missions": ["plymouth", "falmouth", "cork"]},
    "standing_orders": {"decision": "close", "shot": "grapeshot"},
    "reassign": {"seat": "fg", "ship": "DR"},  # the Red captain's seat to another Red ship
    "say": {"to": "all", "text": "Is Villeneuve out?"},
    "year_of_service": {"measure": "Guts", "skill": "Awareness"},
}
#: a character the Royal Marines take (Briny 001:938: endurance (12 + 12) x 6 = 144 of 135,
#: sabre 12 of 12, NA above 1), so that the Marine's own seat enrols him as the others seat theirs
ENROLS = {"na": 3, "birth": {"strength": 12, "constitution": 12, "expertise": 12}}
SET_UP = {  # the set-up through REST, judged by the same table
    "seat_created": lambda state, seat, command: game.decide_seat(
        state, seat, {"role": "observer"}, "s-9", game.event_rng(SEED, 9), "o-9"
    ),
    "seat_reissued": lambda state, seat, command: game.decide_reissue(
        state, seat, "pm", {"name": "Addington"}
    ),
    # a character for the seat's own berth, or for another seat's (a Blue captain's)
    "officer_created": lambda state, seat, command: game.decide_officer(
        state,
        seat,
        {"officer": ENROLS}
        if command == OWN
        else {"officer": {}, "seat": SEATS["blue-captain"]["id"]},
        "o-9",
        game.event_rng(SEED, 9),
    ),
    "read_log": lambda state, seat, command: game.require_log_reader(state, seat),
    "seat_revoked": lambda state, seat, command: game.decide_revoke(state, seat, "pm"),
    "read_seats": lambda state, seat, command: game.require_seat_reader(state, seat),
}


def _actions(cell: authority.Cell) -> list[dict[str, Any]]:
    """Every action the walk sends for ``cell``."""
    if cell.action == "act_as":  # the Prime Minister's ready, sent for him
        return [{"type": "ready", "as": SEATS["prime-minister"]["id"]}]
    if cell.command is None:
        return [{"type": cell.action, **PLAIN[cell.action]}]
    return [
        {"type": cell.action, **p} for p in _aimed(cell.action, cell.role, cell.command, cell.phase)
    ]


def _outcome(run: Callable[..., object], *args: Any) -> str:
    try:
        run(*args)
    except ActionError as err:
        return err.code
    return "ok"


def _expected(cell: authority.Cell) -> str:
    if cell.action == "act_as" and cell.verdict == "ok":  # judged as the Prime Minister
        return authority.verdict(TABLE["ready"], "prime-minister", None, cell.phase, cell.paused)
    if cell.verdict == "ok":
        return RULE_REFUSALS.get((cell.action, cell.paused), "ok")
    return cell.verdict


CELLS = list(authority.cells(TABLE))


@pytest.mark.parametrize(
    "cell",
    CELLS,
    ids=[
        f"{c.action}-{c.role}-{c.command or 'none'}-{c.phase}{'-paused' if c.paused else ''}"
        for c in CELLS
    ],
)
def test_every_cell_of_the_table_is_enforced(cell: authority.Cell) -> None:
    expected = _expected(cell)
    seat_id = SEATS[cell.role]["id"]
    if cell.action in SET_UP:
        state = _state(cell.action, cell.phase, cell.paused)
        seat = state["seats"][seat_id]
        assert _outcome(SET_UP[cell.action], state, seat, cell.command) == expected
        return
    rng = game.event_rng(SEED, 99)
    for args in _actions(cell):
        state = _state(cell.action, cell.phase, cell.paused)
        seat = state["seats"][seat_id]
        assert _outcome(game.decide, state, seat, args, rng) == expected, args
        if cell.role != "gm" and cell.action != "act_as":  # the GM as the seat: judged as it
            as_seat = {**args, "as": seat_id}
            gm = state["seats"]["gm"]
            assert _outcome(game.decide, state, gm, as_seat, rng) == expected, as_seat


def test_the_table_reads_as_the_book() -> None:
    """A captain orders his own ship only; an admiral his own squadron and its ships only;
    the cabinet chooses, the GM runs the table; observers only watch."""
    assert TABLE["sail"].grants["captain"].commands == (OWN,)
    assert TABLE["sail"].grants["admiral"].commands == (OWN,) and TABLE["deploy"].grants[
        "admiral"
    ].commands == (OWN,)
    # the GM orders any squadron or ship (those with no seat are his to sail)
    assert set(TABLE["deploy"].grants) == {"admiral", "gm"}
    assert set(TABLE["sail"].grants) == {"admiral", "captain", "gm"}
    assert TABLE["sail"].grants["gm"].commands == (OTHER,) == TABLE["deploy"].grants["gm"].commands
    assert set(TABLE["set_ships"].grants) == {"prime-minister"}
    assert set(TABLE["set_deployment"].grants) == {"first-sea-lord"}
    assert authority.commands_for(TABLE["deploy"], "captain") == (OTHER,)  # he commands no squadron
    assert not any("observer" in g.grants for g in TABLE.values())  # not even "say"
    for action in (
        "roll_force",
        "advance",
        "resolve_summer",
        "move_enemy",
        "read_log",
        "reassign",
        "seat_revoked",
        "read_seats",
    ):
        assert set(TABLE[action].grants) == {"gm"}
    assert set(TABLE) >= set(game.ACTIONS)
    ok = {c for c in CELLS if c.verdict == "ok"}
    assert all(c.command in (None, OWN) or c.role == "gm" for c in ok)


@pytest.mark.parametrize(
    "captain, order",
    [
        ("fg", {"squadron": "Red", "to": "plymouth"}),  # his own ship's squadron
        ("fg", {"squadron": "Blue", "to": "plymouth"}),  # a squadron he is not in
        ("ro", {"squadron": "Red", "to": "plymouth"}),  # his ship is not even on campaign
        ("fg", {"ship": "DR", "to": "plymouth"}),  # another captain's ship
    ],
)
def test_no_captain_orders_a_squadron_or_another_ship(authority_summer, captain, order) -> None:
    before = authority_summer.rest("get", f"/api/campaigns/{authority_summer.id}/log").json[
        "events"
    ]
    ack = authority_summer.players[captain].act("sail", **order)
    assert ack["ok"] is False and ack["error"]["code"] == "forbidden", ack
    assert "you command" in ack["error"]["message"]
    preview = authority_summer.players[captain].act("sail", preview=True, **order)
    assert preview["error"]["code"] == "forbidden"
    assert (
        authority_summer.rest("get", f"/api/campaigns/{authority_summer.id}/log").json["events"]
        == before
    )


def test_a_captain_sails_his_own_ship_and_the_admiral_his_squadron(authority_summer) -> None:
    assert authority_summer.players["fg"].act("sail", ship="fg", to="plymouth")["ok"]
    assert authority_summer.players["red"].act("sail", ship="DR", to="plymouth")["ok"]
    assert authority_summer.players["red"].act("sail", squadron="Red", to="plymouth")["ok"]
    red = authority_summer.players["red"].act("sail", squadron="Blue", to="plymouth")
    assert red["error"] == {
        "code": "forbidden",
        "message": "you command the Red squadron, not the Blue squadron",
    }


def test_only_the_gm_reads_the_log_and_seats_players(authority_summer) -> None:
    token = authority_summer.players["fg"].token
    r = authority_summer.rest("get", f"/api/campaigns/{authority_summer.id}/log", token=token)
    assert r.status_code == 403 and r.json["error"]["code"] == "forbidden"
    r = authority_summer.rest(
        "post",
        f"/api/campaigns/{authority_summer.id}/seats",
        token=token,
        json={"role": "observer"},
    )
    assert r.status_code == 403
    seat = authority_summer.players["ro"].seat["id"]
    r = authority_summer.rest(
        "post", f"/api/campaigns/{authority_summer.id}/seats/{seat}/token", token=token
    )
    assert r.status_code == 403
