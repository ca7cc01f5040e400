"""A player's ship and rank by Ship Tables A and B (Briny, SHIPS, 001:548-628): his
application for a ship's command (Table A's roll by an NPC Ship Commander), a captaincy
bought (Table B's price, from his funds), and his monthly pay and status drawn (Table B).

Every player character in Admiralty commands a ship or a squadron (or holds a minister's
post): his application is for the command of another ship, whose NPC captain takes the
ship he leaves (docs/rules-notes.md, "Ship Tables A and B"). The rules are
:mod:`strategy.campaign.ship_tables` through :mod:`server.game.rules`. No Flask, no
sockets, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from server.game import favours as favour_book
from server.game import officers, rules
from server.game.errors import ActionError
from server.game.state import (
    OfficerRecord,
    Seat,
    ShipApplication,
    State,
    current_year,
    season_date,
)

__all__ = [
    "apply_buy_rank",
    "apply_draw_pay",
    "apply_ship",
    "choices",
    "decide_buy_rank",
    "decide_draw_pay",
    "decide_ship",
    "month_key",
    "ship_favour",
    "words",
]


def month_key(state: State) -> str:
    """The game month now, "1805-09": the month of the book's "pre-monthly" actions and of
    a month's pay."""
    d = season_date(state)
    return f"{d.year}-{d.month:02d}"


def _officer(state: State, seat: Seat, what: str) -> OfficerRecord:
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", f"your seat has no living officer to {what}")
    return officer


def _row(state: State, officer: Mapping[str, Any]) -> str:
    """His row of Ship Table B: a captaincy he bought while he holds its rank, else his
    rank's in his ship."""
    bought = state.get("captaincies", {}).get(officer["id"])
    return rules.officer_row(officer["rank"], officer["ship"], bought)


def _at_sea(state: State, code: str) -> bool:
    """Whether ship ``code`` is on a volunteers' cruise (at sea or about to sail)."""
    return any(code in c["ships"] for c in state.get("cruises", {}).values())


def _this_month(state: State, officer_id: str) -> list[ShipApplication]:
    """His applications to ships made this month: "at the same time" (001:564)."""
    now = month_key(state)
    return [
        a
        for a in state.get("ship_applications", ())
        if a["officer"] == officer_id and a["month"] == now
    ]


def _commander(state: State, code: str) -> OfficerRecord | None:
    """The living officer commanding ship ``code``."""
    for o in state["officers"].values():
        if not o["dead"] and o["ship"] == code and o["rank"] in rules.CAPTAIN_RANKS:
            return o
    return None


def _check_ship(
    state: State, seat: Seat, officer: OfficerRecord, code: str, level: int | None = None
) -> dict[str, Any]:
    """Whether he may apply for ship ``code`` now (refused, nothing changed, if not):
    ``{"row", "social_level", "rejections"}`` (``level``: his Social Level, if known)."""
    name = rules.briny_ship(code)["name"]
    officers.stays_on_blockade(officer, code)
    if officer["ship"] == code:
        raise ActionError("conflict", f"'ship': {officer['name']} commands {name} already")
    if not officer["ship"] or officer["rank"] not in rules.CAPTAIN_RANKS:
        raise ActionError("conflict", f"{officer['name']} commands no ship to leave for {name}")
    for other in state["seats"].values():
        if other["id"] != seat["id"] and other["role"] == "captain" and other["ship"] == code:
            raise ActionError(
                "conflict",
                f"'ship': {name} is {other['name']}'s command: a player's ship takes whom "
                "her commander chooses, and she has her captain",
            )
    if _at_sea(state, code) or _at_sea(state, officer["ship"]):
        raise ActionError("conflict", "'ship': a ship on a cruise takes no one till she is home")
    row, hers = _row(state, officer), rules.command_row(code)
    if row != hers:
        raise ActionError(
            "conflict", f"'ship': {name} is a {hers}'s command, and {officer['name']} is a {row}"
        )
    level = rules.social_level(officer) if level is None else level
    least = rules.ship_rank(hers, code)["min_social_level"]
    if level < least:
        raise ActionError(
            "conflict",
            f"'ship': a {hers} of {name} must have Social Level {least}, "
            f"and {officer['name']} has {level}",
        )
    tried = _this_month(state, officer["id"])
    refused = [a for a in tried if not a["accepted"]]
    standing = rules.ship_standing(code)
    if refused and standing <= max(rules.ship_standing(a["ship"]) for a in refused):
        raise ActionError(
            "conflict",
            f"'ship': refused this month, {officer['name']} may apply only to ships of a "
            f"lower standing than those that refused him, not {name}",
        )
    return {"row": row, "social_level": level, "rejections": len(refused)}


def ship_favour(state: State, code: str) -> int:
    """Influence Table B's class of ship ``code``'s NPC Ship Commander, who decides an
    application to her (001:554): his rank's row (a Captain's when she has none)."""
    holder = _commander(state, code)
    return rules.rank_favour(holder["rank"] if holder else "Captain")


def decide_ship(
    state: State, seat: Seat, code: str, rng: random.Random, favours: list[int] | None = None
) -> dict[str, Any]:
    """``apply_ship``'s data: the seat's character applies for the command of ship
    ``code`` (Briny 001:554-566): her NPC Ship Commander's roll of 1d6 from the
    campaign's source, less one for every two rejections this month, plus the ``favours``
    he holds this season brought to bear ("This die roll may be modified by influence
    with NPC Ship Commander": Table B's class of the commander's rank), against Ship Table
    A's minimum for his Social Level (Caligula and Tickler take him without a die).
    Accepted, he takes her command and her captain his."""
    officer = _officer(state, seat, "apply for a ship")
    checked = _check_ship(state, seat, officer, code)
    brought: dict[str, Any] = {}
    if favours:
        if rules.ship_automatic(code):
            raise ActionError(
                "invalid",
                f"'favours': {rules.briny_ship(code)['name']} takes him without a die "
                "(acceptance is automatic): no favour moves it",
            )
        brought = favour_book.brought_to_bear(state, officer, favours, ship_favour(state, code))
    rolled = rules.ship_application(
        code, checked["social_level"], checked["rejections"], rng, brought.get("modifier", 0)
    )
    holder = _commander(state, code)
    spent = {k: brought[k] for k in ("season", "favours")} if brought else {}
    return {
        "officer": officer["id"],
        "player": seat["id"],
        "month": month_key(state),
        "year": current_year(state),
        "left": officer["ship"],
        "row": checked["row"],
        "rejections": checked["rejections"],
        **rolled,
        **spent,
        "exchanged": holder["id"] if rolled["accepted"] and holder is not None else None,
    }


def apply_ship(state: State, data: Any) -> None:
    """The application kept for the month; accepted, he commands her (his seat with him)
    and her captain the ship he left."""
    state.setdefault("ship_applications", []).append(
        {
            "officer": data["officer"],
            "ship": data["ship"],
            "month": data["month"],
            "accepted": data["accepted"],
        }
    )
    if data.get("favours"):  # spent whatever the die (001:478)
        favour_book.spend(state, data["officer"], data["season"], data["favours"])
    if not data["accepted"]:
        return
    roster = state["officers"]
    roster[data["officer"]] = {**roster[data["officer"]], "ship": data["ship"]}
    if data.get("exchanged"):
        roster[data["exchanged"]] = {**roster[data["exchanged"]], "ship": data["left"]}
    officers.follow_berths(state)


def decide_buy_rank(state: State, seat: Seat, code: str) -> dict[str, Any]:
    """``buy_rank``'s data: the seat's character buys the captaincy above his own (Ship
    Table B, 001:588-590: Master & Commander, Junior, Senior and Post Captain), the
    command of ship ``code``'s row, at her column's price from his funds."""
    officer = _officer(state, seat, "buy a rank for")
    officers.stays_on_blockade(officer, code)  # a disgraced man buys a Blockade ship's only
    row = _row(state, officer) if officer["ship"] else officer["rank"]
    cell = rules.ship_purchase(row, code, rules.social_level(officer))
    price = cell["purchase_price"]
    if price > officer["funds"]:
        raise ActionError(
            "conflict",
            f"'ship': a {cell['row']}'s captaincy of {rules.briny_ship(code)['name']} costs "
            f"{price} guineas, and {officer['name']} has {officer['funds']}",
        )
    return {
        "officer": officer["id"],
        "player": seat["id"],
        "ship": code,
        "was": row,
        "row": cell["row"],
        "rank": cell["rank"],
        "price": price,
        "funds": officer["funds"] - price,
        "seniority": current_year(state),
    }


def apply_buy_rank(state: State, data: Any) -> None:
    """His new rank (its seniority this year) and the row he bought; the price paid."""
    roster = state["officers"]
    officer = roster[data["officer"]]
    changed = data["rank"] != officer["rank"]
    roster[data["officer"]] = {
        **officer,
        "rank": data["rank"],
        "seniority": data["seniority"] if changed else officer["seniority"],
        "declined": 0 if changed else officer["declined"],
        "funds": data["funds"],
    }
    state.setdefault("captaincies", {})[data["officer"]] = data["row"]


def decide_draw_pay(state: State, seat: Seat) -> dict[str, Any]:
    """``draw_pay``'s data: the seat's character draws this month's pay (Ship Table B by
    his row and his ship's column; an admiral's by the Admiralty Table), once a month;
    the month's status is told, not kept (the campaign keeps no Status Points); a titled
    officer's pension with it."""
    officer = _officer(state, seat, "draw pay for")
    now = month_key(state)
    if state.get("paid", {}).get(officer["id"]) == now:
        raise ActionError("conflict", f"{officer['name']} has drawn his pay for {now}")
    bought = state.get("captaincies", {}).get(officer["id"])
    got = rules.ship_pay(officer["rank"], officer["ship"], bought)
    data = {
        "officer": officer["id"],
        "player": seat["id"],
        "month": now,
        **got,
        "funds": officer["funds"] + got["pay"],
    }
    # "Titles above knighthood carry a monthly pension" (Briny TITLES): drawn with his pay
    pension = rules.title_pension(officer)
    if pension:  # (an untitled officer's pay is drawn as before)
        data.update(funds=data["funds"] + pension, pension=pension)
    return data


def apply_draw_pay(state: State, data: Any) -> None:
    """The month's pay into his funds, the month marked drawn."""
    roster = state["officers"]
    roster[data["officer"]] = {**roster[data["officer"]], "funds": data["funds"]}
    state.setdefault("paid", {})[data["officer"]] = data["month"]


def choices(state: State, seat: Seat) -> dict[str, Any] | None:
    """What the seat's character may do by Ship Tables A and B now, for its form: the
    ships he may apply for (each the roll it needs), the captaincy he may buy (each ship,
    its price), his pay this month and whether it is drawn. None for a seat with no
    living character in a ship or a squadron."""
    officer = officers.seat_officer(state, seat)
    if officer is None or not (officer["ship"] or officer["squadron"]):
        return None
    bought = state.get("captaincies", {}).get(officer["id"])
    pay = rules.ship_pay(officer["rank"], officer["ship"], bought)
    out: dict[str, Any] = {
        "officer": officer["id"],
        "social_level": rules.social_level(officer),
        "pay": {**pay, "drawn": state.get("paid", {}).get(officer["id"]) == month_key(state)},
        "ships": [],
        "buy": [],
    }
    if not officer["ship"] or officer["rank"] in rules.MARINE_RANKS:
        return out  # a Marine's ship is the Brigadier-General's to change (ask_transfer)
    tried = _this_month(state, officer["id"])
    out["rejections"] = sum(1 for a in tried if not a["accepted"])
    for code in rules.fleet_codes():
        try:
            checked = _check_ship(state, seat, officer, code, out["social_level"])
        except ActionError:
            continue
        needed = rules.ship_minimum(code, checked["social_level"])
        if needed is None and not rules.ship_automatic(code):
            continue
        # the favour class of her NPC commander (none to bring when he takes him anyway)
        favour = None if needed is None else ship_favour(state, code)
        out["ships"].append({"ship": code, "needed": needed, "favour": favour})
    row = _row(state, officer)
    for code in rules.fleet_codes():
        try:
            cell = rules.ship_purchase(row, code, out["social_level"])
        except rules.rules_errors.InvalidMove:  # not for him: not offered
            continue
        out["buy"].append({"ship": code, "row": cell["row"], "price": cell["purchase_price"]})
    return out


def words(data: Mapping[str, Any]) -> str:
    """An application in words: "Thermopylae: accepted (rolled 4 less 1, needed 2)";
    "Caligula: accepted (automatic)"."""
    name = rules.briny_ship(data["ship"])["name"]
    verdict = "accepted" if data["accepted"] else "refused"
    if data.get("automatic"):
        return f"{name}: {verdict} (automatic)"
    less = f" less {-data['modifier']}" if data["modifier"] else ""
    more = f" and {data['influence']:+d} by favours" if data.get("influence") else ""
    return f"{name}: {verdict} (rolled {data['die']}{less}{more}, needed {data['needed']})"
