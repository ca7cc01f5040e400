"""Announced decisions of NPCs and the influence brought to bear on them (Briny En Garde!,
TIME SEQUENCE 001:114 "any influenceable action must be announced. This includes ship
applications ..., Appointments desired, or a Request for an officer or appointment-holder to
Retire"; INFLUENCE 001:509-512).

Three things are announced and wait for the season's end: an application to an NPC
appointee (:func:`server.game.appointments.decide_appointment`), a resignation a player's
character asks of an NPC holding a post (``ask_resignation``: "NPCs will resign on a 7 on
1d6, so influence is needed!") and an investor's ask that the NPC Victualling Board
Supervisor or Chancellor of the Exchequer favour his investment (``ask_favour``: "Non-player
characters will manipulate funds on a die roll of 7 on one die", 001:1305) and a Marine's
request for a change of ship (``ask_transfer``: "Privates and Subalterns may request a change
from the Brigadier-General of Marines, rolling 7 on 1d6 for success", 001:940). Until then
anyone may bring favours for or against any (``influence_appointment``); the favours are
spent at once. When the season moves on (``next_season``: the next month's pre-monthly
phase) the resignations are rolled first, an NPC at sea waiting until he is home, then the
applications, then the favours asked, then the changes of ship (:func:`season_end`). No
Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from server.game import appointments, events, money, notices, officers, payloads, rules
from server.game.errors import ActionError
from server.game.favours import brought_to_bear, favours_for, spend
from server.game.spec import Grant, Spec, View
from server.game.state import OFF_SEASONS, PLAYERS, OfficerRecord, Seat, State, current_year

__all__ = [
    "ASK_FAVOUR",
    "ASK_RESIGNATION",
    "ASK_TRANSFER",
    "INFLUENCE_APPOINTMENT",
    "announcements",
    "apply_ask_favour",
    "apply_ask_resignation",
    "apply_ask_transfer",
    "apply_influence_appointment",
    "apply_season_end",
    "decide_ask_favour",
    "decide_ask_resignation",
    "decide_ask_transfer",
    "decide_influence_appointment",
    "season_end",
]

#: an ask waits for its roll while it is ``announced``, or ``waiting`` for the NPC at sea
_PENDING = ("announced", "waiting")


def _character(state: State, seat: Seat, what: str) -> OfficerRecord:
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", f"your seat has no living character to {what}")
    return officer


def _asked(state: State) -> list[dict[str, Any]]:
    return state.get("asked_resignations", [])  # type: ignore[return-value]


def _askable(officer: Mapping[str, Any]) -> bool:
    """Whether an officer is an NPC alive in a post a player may apply for (not the King's:
    the ministers' seats are the GM's to give)."""
    post = officer.get("appointment")
    return (
        officer["player"] is None
        and not officer["dead"]
        and post in rules.NAVAL_APPOINTMENTS + rules.GOVERNMENT_APPOINTMENTS
    )


def decide_ask_resignation(
    state: State, seat: Seat, p: payloads.AskResignation, rng: random.Random
) -> dict[str, Any]:
    """``ask_resignation``'s data: the seat's character asks that the NPC ``p.officer``
    resign his post (001:512), announced for everyone's favours. Refused, nothing changed:
    no living character, no such officer (``not_found``), a player's character, the dead,
    one holding no post a player applies for, one asked already (``conflict``)."""
    asker = _character(state, seat, "ask a resignation")
    npc = state["officers"].get(p.officer)
    if npc is None:
        raise ActionError("not_found", f"'officer': no officer {p.officer!r}")
    if npc["player"] is not None:
        raise ActionError(
            "conflict",
            f"{npc['name']} is a player's character: he makes his own decisions (talk to him)",
        )
    if npc["dead"]:
        raise ActionError("conflict", f"{npc['name']} is dead")
    if not _askable(npc):
        held = npc.get("appointment")
        why = f"{held} is the King's to give" if held else "he holds no appointment"
        raise ActionError("conflict", f"{npc['name']} has no post to resign: {why}")
    _not_pending(_asked(state), "officer", npc["id"], f"{npc['name']} is asked to resign")
    return {
        "id": f"rs{len(_asked(state)) + 1}",
        "officer": npc["id"],
        "name": npc["name"],
        "rank": npc["rank"],
        "appointment": npc["appointment"],
        "asker": asker["id"],
        "player": seat["id"],
        "year": current_year(state),
    }


def apply_ask_resignation(state: State, data: events.AskResignation) -> None:
    """The ask kept, announced, for its roll when the season moves on."""
    npc = state["officers"][data["officer"]]
    record = {"id": data["id"], "officer": data["officer"], "appointment": data["appointment"]}
    _announce(
        state.setdefault("asked_resignations", []), {**record, "ship": npc["ship"], **_by(data)}
    )


def _by(data: Mapping[str, Any]) -> dict[str, Any]:
    """Who asked an announced decision, for whom, and in which naval year."""
    return {key: data[key] for key in ("asker", "player", "year") if key in data}


def _not_pending(records: list[dict[str, Any]], key: str, value: str, asked: str) -> None:
    """Refused (``conflict``) while a record of ``records`` whose ``key`` is ``value`` is
    announced and not yet rolled: favours are brought to bear on that one instead."""
    if any(r[key] == value and r["status"] in _PENDING for r in records):
        raise ActionError("conflict", f"{asked} already: bring favours to bear on it")


def _announce(records: list[Any], record: dict[str, Any]) -> None:
    """``record`` kept among ``records`` (the state's of its kind), announced, with no
    favours yet."""
    records.append({**record, "status": "announced", "influence": []})


def _favours_asked(state: State) -> list[dict[str, Any]]:
    return state.get("asked_favours", [])  # type: ignore[return-value]


#: the favourers' posts by the kind of investment each favours (Briny, INVESTMENT)
_POST_OF_KIND = {rules.INVESTMENT_FAVOURS[flag]: post for post, flag in money.FAVOURERS.items()}


def _kind_of(state: State, investment_id: str) -> str | None:
    """Investment ``investment_id``'s kind, that the form names it by (never its id); None
    if it is no longer held."""
    held = (i for i in state.get("investments", ()) if i["id"] == investment_id)
    return next((i["kind"] for i in held), None)


def _askable_investments(state: State, officer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """His investments an NPC favourer may be asked to favour: of a favoured kind, paid by the
    next summer (made since the last), not sold, none asked already and pending; their post
    held by no player's character."""
    pending = {f["investment"] for f in _favours_asked(state) if f["status"] in _PENDING}
    return [
        {"id": i["id"], "kind": i["kind"], "post": _POST_OF_KIND[i["kind"]]}
        for i in state.get("investments", ())
        if i["officer"] == officer["id"]
        and i["year"] == money.year_paid(state)
        and "liquidated" not in i
        and i["kind"] in _POST_OF_KIND
        and i["id"] not in pending
        and money.player_holder(state, _POST_OF_KIND[i["kind"]]) is None
    ]


def decide_ask_favour(
    state: State, seat: Seat, p: payloads.AskFavour, rng: random.Random
) -> dict[str, Any]:
    """``ask_favour``'s data: the seat's character asks the NPC Victualling Board Supervisor
    (an arms investment: his supplier) or Chancellor of the Exchequer (a finance one: his
    favoured financier) to favour his investment ``p.investment`` paid by the next summer,
    announced for everyone's favours (001:1305). Refused, nothing changed: no living
    character; not his investment, sold, or of another summer (``conflict``); a commerce
    investment, which no post favours (``conflict``); a player's character in the post, who
    decides for himself (``conflict``: talk to him); asked already (``conflict``)."""
    asker = _character(state, seat, "ask a favour")
    found = next(
        (
            i
            for i in state.get("investments", ())
            if i["id"] == p.investment and i["officer"] == asker["id"] and "liquidated" not in i
        ),
        None,
    )
    if found is None or found["year"] != money.year_paid(state):
        raise ActionError(
            "conflict",
            f"'investment': {asker['name']} holds no investment {p.investment!r} paid by the "
            "next summer",
        )
    post = _POST_OF_KIND.get(found["kind"])
    if post is None:
        raise ActionError(
            "conflict",
            f"'investment': no post favours a {found['kind']} investment (the Victualling "
            "Board Supervisor an arms one, the Chancellor of the Exchequer a finance one)",
        )
    holder = money.player_holder(state, post)
    if holder is not None:
        raise ActionError(
            "conflict",
            f"{holder['name']}, {post}, is a player's character: he makes his own decisions "
            "(talk to him)",
        )
    asked = f"{found['id']} is asked of the {post}"
    _not_pending(_favours_asked(state), "investment", found["id"], asked)
    return {
        "id": f"fv{len(_favours_asked(state)) + 1}",
        "investment": found["id"],
        "kind": found["kind"],
        "post": post,
        "flag": money.FAVOURERS[post],
        "asker": asker["id"],
        "player": seat["id"],
        "year": found["year"],
    }


def apply_ask_favour(state: State, data: events.AskFavour) -> None:
    """The ask kept, announced, for its roll when the season moves on."""
    record = {key: data[key] for key in ("id", "investment", "post", "flag")}
    _announce(state.setdefault("asked_favours", []), {**record, **_by(data)})


def _transfers_asked(state: State) -> list[dict[str, Any]]:
    return state.get("asked_transfers", [])  # type: ignore[return-value]


def decide_ask_transfer(
    state: State, seat: Seat, p: payloads.AskTransfer, rng: random.Random
) -> dict[str, Any]:
    """``ask_transfer``'s data: the seat's Marine requests a change of ship from the
    Brigadier-General of Marines (001:940), announced for everyone's favours. Refused,
    nothing changed: no living character, not a Marine, a Marine above Subaltern ("Promotion
    above subaltern means a suitable berth might be found on another ship"), in no ship,
    asked already and not yet rolled (``conflict``)."""
    officer = _character(state, seat, "request a change of ship")
    name, rank = officer["name"], officer["rank"]
    if rank not in rules.MARINE_RANKS:
        raise ActionError("conflict", f"{name} is no Marine: a {rank} changes ship by Ship Table A")
    if not rules.marine_may_ask_change(rank):
        raise ActionError(
            "conflict",
            f"only Privates and Subalterns may request a change of ship; {name} is a {rank}: "
            "his berth comes with his promotion (Briny 001:940-942)",
        )
    if not officer["ship"]:
        raise ActionError("conflict", f"{name} serves in no ship to change")
    asked = f"{name}'s change of ship is asked"
    _not_pending(_transfers_asked(state), "officer", officer["id"], asked)
    return {
        "id": f"mc{len(_transfers_asked(state)) + 1}",
        "officer": officer["id"],
        "name": name,
        "rank": rank,
        "ship": officer["ship"],
        "player": seat["id"],
        "year": current_year(state),
    }


def apply_ask_transfer(state: State, data: events.AskTransfer) -> None:
    """The request kept, announced, for its roll when the season moves on."""
    record = {key: data[key] for key in ("id", "officer", "ship")}
    _announce(state.setdefault("asked_transfers", []), {**record, **_by(data)})


#: an announcement's id's prefix -> its kind
_KINDS = {"ap": "application", "rs": "resignation", "fv": "favour", "mc": "change of ship"}


def _records(state: State, aid: str) -> tuple[str, list[dict[str, Any]]]:
    """The kind of the announcement ``aid`` and the records of its kind."""
    kind = _KINDS[aid[:2]]
    if kind == "application":
        return kind, state.get("applications", [])  # type: ignore[return-value]
    if kind == "change of ship":
        return kind, _transfers_asked(state)
    return kind, _asked(state) if kind == "resignation" else _favours_asked(state)


def _announcement(state: State, aid: str) -> tuple[str, dict[str, Any]]:
    """The announced decision ``aid`` (``ap1``: an application; ``rs1``: a resignation;
    ``fv1``: a favour asked) and its kind; ``not_found`` for none, ``conflict`` for one
    rolled already."""
    kind, records = _records(state, aid)
    found = next((r for r in records if r.get("id") == aid), None)
    if found is None:
        raise ActionError("not_found", f"'announcement': no announced {kind} {aid!r}")
    if found["status"] not in _PENDING:
        raise ActionError("conflict", f"the {kind} {aid} is decided ({found['status']})")
    return kind, found


def _needed(state: State, kind: str, record: Mapping[str, Any]) -> int:
    """Influence Table B's class for the NPC who decides: the appointee of the post
    applied for, the NPC asked to resign (his rank's row), the NPC holding the post asked
    to favour an investment (the post's row), or the Brigadier-General of Marines."""
    if kind == "change of ship":
        return rules.MARINE_CHANGE_FAVOUR
    if kind == "application":
        return rules.appointee_favour(record["appointment"])
    if kind == "favour":
        return rules.post_favour(record["post"])
    return rules.rank_favour(state["officers"][record["officer"]]["rank"])


def decide_influence_appointment(
    state: State, seat: Seat, p: payloads.InfluenceAppointment, rng: random.Random
) -> dict[str, Any]:
    """``influence_appointment``'s data: the seat's character brings favours he holds this
    season to bear for or against an announced application or resignation ("Anyone may use
    influence for or against", 001:512), by Influence Table B's class of the NPC deciding.
    Refused, nothing changed: no living character or no favours, favours he does not hold,
    a decision rolled already (``conflict``), no such announcement (``not_found``), favours
    that add nothing (``invalid``)."""
    officer = _character(state, seat, "spend favours")
    if favours_for(state, officer) is None:  # (before the announcement is looked up)
        raise ActionError("conflict", f"'favours': {officer['name']} holds no favours")
    kind, record = _announcement(state, p.announcement)
    needed = _needed(state, kind, record)
    brought = brought_to_bear(state, officer, p.favours, needed)
    return {
        "officer": officer["id"],
        "season": brought["season"],
        "announcement": p.announcement,
        "wish": p.wish,
        "favours": sorted(p.favours),
        "needed": needed,
        "combined": brought["combined"],
        "modifier": brought["modifier"],
    }


def apply_influence_appointment(state: State, data: events.InfluenceAppointment) -> None:
    """The influence kept on its announcement for the roll, its favours expended ("Once
    used to influence a decision, a favour is expended", 001:478)."""
    aid = data["announcement"]
    record = next(r for r in _records(state, aid)[1] if r.get("id") == aid)
    officer = state["officers"][data["officer"]]
    record["influence"].append(
        {
            "officer": data["officer"],
            "player": officer["player"],
            "wish": data["wish"],
            "modifier": data["modifier"],
        }
    )
    spend(state, data["officer"], data["season"], data["favours"])


# -- the season's end: the pre-monthly phase ------------------------------------------------


def _at_sea(state: State, npc: Mapping[str, Any]) -> bool:
    """Whether the NPC is at sea as the season turns: his ship, or the flag he serves, on a
    cruise that goes on into the next season ("If the NPC is at sea he will not resign
    until back in London", 001:512); the cruises ending with the season are home."""
    going_on = [c for c in state.get("cruises", {}).values() if c["seasons"][-1] != state["phase"]]
    served = state["officers"].get(npc.get("serves") or "")
    aboard = {npc.get("ship")} | ({served.get("ship")} if served else set())
    flags = {npc.get("squadron")} | ({served.get("squadron")} if served else set())
    return any(
        (aboard - {None}) & set(c["ships"]) or (c["squadron"] and c["squadron"] in flags)
        for c in going_on
    )


def _resignations(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Each resignation asked and not yet rolled, in the order asked: the NPC's 1d6 and the
    favours for less those against; he resigns on 7 (001:512). At sea, he waits; dead, out
    of the post or become a player's character, the ask lapses."""
    out: list[dict[str, Any]] = []
    for ask in _asked(state):
        if ask["status"] not in _PENDING:
            continue
        npc = state["officers"].get(ask["officer"])
        rec = {k: ask[k] for k in ("id", "officer", "appointment", "asker", "player")}
        if (
            npc is None
            or npc["dead"]
            or npc["player"]
            or npc.get("appointment") != ask["appointment"]
        ):
            out.append({**rec, "lapsed": True})
            continue
        if _at_sea(state, npc):
            out.append({**rec, "waiting": True})
            continue
        signed = {"for": 0, "against": 0}
        for i in ask["influence"]:
            signed[i["wish"]] += i["modifier"]
        die = rng.randint(1, 6)
        total = die + signed["for"] - signed["against"]
        resigned = rules.npc_resigns(die, signed["for"] - signed["against"])
        out.append(
            {
                **rec,
                "die": die,
                **signed,
                "total": total,
                "needed": rules.RESIGNS_ON,
                "resigned": resigned,
            }
        )
    return out


def _favours(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Each favour asked and not yet rolled, in the order asked: the NPC favourer's 1d6 and
    the favours for less those against; he favours the investment on 7 (001:1305). The
    investment sold, or a player's character in the post by then (he decides for himself),
    the ask lapses. Rolled on the posts as the season found them (the NPC then in the post
    decides)."""
    out: list[dict[str, Any]] = []
    for ask in _favours_asked(state):
        if ask["status"] not in _PENDING:
            continue
        rec = {k: ask[k] for k in ("id", "investment", "post", "flag", "asker", "player", "year")}
        held = next((i for i in state.get("investments", ()) if i["id"] == ask["investment"]), None)
        if held is None or "liquidated" in held or money.player_holder(state, ask["post"]):
            out.append({**rec, "lapsed": True})
            continue
        signed = {"for": 0, "against": 0}
        for i in ask["influence"]:
            signed[i["wish"]] += i["modifier"]
        die = rng.randint(1, 6)
        out.append(
            {
                **rec,
                "die": die,
                **signed,
                "total": die + signed["for"] - signed["against"],
                "needed": rules.NPC_FAVOURS_ON,
                "granted": rules.npc_favours(die, signed["for"] - signed["against"]),
            }
        )
    return out


def _transfers(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Each change of ship requested and not yet rolled, in the order asked: the
    Brigadier-General's 1d6 and the favours for less those against; on 7 (001:940) the
    Marine is moved to another ship drawn from ``rng`` among those that may take him
    (:func:`server.game.officers.marine_ships`, his own left out). His ship on a cruise
    going on into the next season, he waits till she is home ("subject to that ship's
    deployment"); dead, or promoted above Subaltern by then, the request lapses."""
    out: list[dict[str, Any]] = []
    for ask in _transfers_asked(state):
        if ask["status"] not in _PENDING:
            continue
        marine = state["officers"].get(ask["officer"])
        rec = {k: ask[k] for k in ("id", "officer", "player", "ship")}
        if marine is None or marine["dead"] or not rules.marine_may_ask_change(marine["rank"]):
            out.append({**rec, "lapsed": True})
            continue
        rec["ship"] = marine["ship"]
        if _at_sea(state, marine):
            out.append({**rec, "waiting": True})
            continue
        signed = {"for": 0, "against": 0}
        for i in ask["influence"]:
            signed[i["wish"]] += i["modifier"]
        die = rng.randint(1, 6)
        granted = rules.marine_change_granted(die, signed["for"] - signed["against"])
        others = [c for c in officers.marine_ships(state) if c != marine["ship"]]
        granted = granted and bool(others)
        out.append(
            {
                **rec,
                "die": die,
                **signed,
                "total": die + signed["for"] - signed["against"],
                "needed": rules.MARINE_CHANGE_ON,
                "granted": granted,
                "to": rules.marine_ship(others, rng) if granted else None,
            }
        )
    return out


def season_end(state: State, rng: random.Random) -> dict[str, Any]:
    """What the season's end decides of the announcements (``next_season``'s
    ``resignations``, ``applications`` and ``favours``): the resignations first
    ("Resignations ... occur pre-monthly before the purchase of new ranks"), then the
    applications on the posts as they leave them, then the favours asked of the NPC
    favourers. Empty when nothing was announced (no die drawn)."""
    out: dict[str, Any] = {}
    resigned = _resignations(state, rng)
    if resigned:
        out["resignations"] = resigned
    if any(a.get("status") == "announced" for a in state.get("applications", ())):
        work = state
        if resigned:
            work = copy.deepcopy(state)
            _apply_resignations(work, resigned)
        out["applications"] = appointments.decide_announced(work, rng)
    # (drawn after the others: a season with none draws as it did before they were asked)
    favoured = _favours(state, rng)
    if favoured:
        out["favours"] = favoured
    moved = _transfers(state, rng)  # (last: a season with none draws as before)
    if moved:
        out["transfers"] = moved
    return out


def _apply_resignations(state: State, resigned: list[dict[str, Any]]) -> None:
    asks = {a["id"]: a for a in _asked(state)}
    for rec in resigned:
        ask = asks[rec["id"]]
        if rec.get("lapsed"):
            ask["status"] = "lapsed"
        elif rec.get("waiting"):
            ask["status"] = "waiting"
        else:
            ask["status"] = "resigned" if rec["resigned"] else "stayed"
        if rec.get("resigned"):  # the post vacant, a player may apply for it
            npc = state["officers"][rec["officer"]]
            npc["appointment"] = npc["serves"] = None


def _apply_favours(state: State, favoured: list[dict[str, Any]]) -> None:
    """The favours asked, decided: a grant flags the investment as a player holder's naming
    does (the post's one investment of that summer: a later grant replaces it)."""
    asks = {a["id"]: a for a in _favours_asked(state)}
    for rec in favoured:
        ask = asks[rec["id"]]
        if rec.get("lapsed"):
            ask["status"] = "lapsed"
            continue
        ask["status"] = "granted" if rec["granted"] else "refused"
        if rec["granted"]:
            money.grant_favour(state, rec["investment"], rec["flag"], rec["year"])


def _apply_transfers(state: State, moved: list[dict[str, Any]]) -> None:
    """The changes of ship decided: a granted one moves the Marine (his record replaced, not
    changed) and his seat with him."""
    asks = {a["id"]: a for a in _transfers_asked(state)}
    roster = state["officers"]
    for rec in moved:
        ask = asks[rec["id"]]
        if rec.get("lapsed") or rec.get("waiting"):
            ask["status"] = "lapsed" if rec.get("lapsed") else "waiting"
            continue
        ask["status"] = "granted" if rec["granted"] else "refused"
        if rec["granted"]:
            roster[rec["officer"]] = {**roster[rec["officer"]], "ship": rec["to"]}
    if any(rec.get("granted") for rec in moved):
        officers.follow_berths(state)


def apply_season_end(state: State, data: Mapping[str, Any]) -> None:
    """The resignations, applications, favours asked and changes of ship the season's end
    decided (none in an older log)."""
    _apply_resignations(state, data.get("resignations") or [])
    appointments.apply_announced(state, data.get("applications") or [])
    _apply_favours(state, data.get("favours") or [])
    _apply_transfers(state, data.get("transfers") or [])


# -- what a seat's form reads ---------------------------------------------------------------


def announcements(state: State, seat: Seat) -> dict[str, Any] | None:
    """What the seat's form of announcements offers in the seasons after the summer: the
    applications, resignations and favours asked, announced and not yet rolled (public),
    each with Table B's class for its NPC and the seat's own influences on it (the GM's:
    everyone's, named); the NPCs in posts his character may ask to resign (``npcs``); his
    investments he may ask an NPC favourer to favour (``investments``: id, kind, post; the
    GM's: every character's); the Marines' changes of ship requested (``transfers``) and,
    for a Private or Subaltern who may request one, ``transfer``. None out of those
    seasons, or for a seat with no living character (the GM: always)."""
    gm = seat["role"] == "gm"
    officer = officers.seat_officer(state, seat)
    if state["phase"] not in OFF_SEASONS or (officer is None and not gm):
        return None
    roster = state["officers"]

    mine = officer["id"] if officer else None

    def theirs(record: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [
            {"officer": i["officer"], "wish": i["wish"], "modifier": i["modifier"]}
            for i in record.get("influence", ())
            if gm or i["officer"] == mine
        ]

    applications = [
        {
            "id": a["id"],
            "officer": a["officer"],
            "name": roster[a["officer"]]["name"],
            "appointment": a["appointment"],
            "appointee": rules.appointment_post(a["appointment"])["appointee"],
            "needed": rules.appointment_post(a["appointment"])["roll"],
            "favour": rules.appointee_favour(a["appointment"]),
            "influence": theirs(a),
        }
        for a in state.get("applications", ())
        if a.get("status") == "announced"
    ]
    resignations = [
        {
            "id": r["id"],
            "officer": r["officer"],
            "name": roster[r["officer"]]["name"],
            "rank": roster[r["officer"]]["rank"],
            "appointment": r["appointment"],
            "asker": r["asker"],
            "status": r["status"],
            "needed": rules.RESIGNS_ON,
            "favour": rules.rank_favour(roster[r["officer"]]["rank"]),
            "influence": theirs(r),
        }
        for r in _asked(state)
        if r["status"] in _PENDING
    ]
    favours_asked = [
        {
            "id": f["id"],
            "investment": f["investment"],
            "kind": _kind_of(state, f["investment"]),
            "post": f["post"],
            "asker": f["asker"],
            "name": roster[f["asker"]]["name"] if f["asker"] in roster else f["asker"],
            "needed": rules.NPC_FAVOURS_ON,
            "favour": rules.post_favour(f["post"]),
            "influence": theirs(f),
        }
        for f in _favours_asked(state)
        if f["status"] in _PENDING
    ]
    transfers = [
        {
            "id": t["id"],
            "officer": t["officer"],
            "name": roster[t["officer"]]["name"],
            "rank": roster[t["officer"]]["rank"],
            "ship": t["ship"],
            "status": t["status"],
            "needed": rules.MARINE_CHANGE_ON,
            "favour": rules.MARINE_CHANGE_FAVOUR,
            "influence": theirs(t),
        }
        for t in _transfers_asked(state)
        if t["status"] in _PENDING
    ]
    asked = {r["officer"] for r in resignations}
    npcs = [
        {
            "officer": o["id"],
            "name": o["name"],
            "rank": o["rank"],
            "appointment": o["appointment"],
            "at_sea": _at_sea(state, o),
        }
        for o in roster.values()
        if _askable(o) and o["id"] not in asked
    ]
    # his own investments he may ask an NPC favourer for (the GM's: every character's)
    askers = [o for o in roster.values() if o["player"] and not o["dead"]] if gm else [officer]
    investments = [
        {**i, "officer": o["id"]} for o in askers if o for i in _askable_investments(state, o)
    ]
    out: dict[str, Any] = {
        "applications": applications,
        "resignations": resignations,
        "favours_asked": favours_asked,
        "transfers": transfers,
        "npcs": npcs,
        "investments": investments,
    }
    # his Marine's change of ship he may request now (a Private or Subaltern in a ship, none
    # asked and pending)
    if (
        officer is not None
        and officer["ship"]
        and rules.marine_may_ask_change(officer["rank"])
        and not any(t["officer"] == officer["id"] for t in transfers)
    ):
        out["transfer"] = {
            "ship": officer["ship"],
            "needed": rules.MARINE_CHANGE_ON,
            "favour": rules.MARINE_CHANGE_FAVOUR,
        }
    return out


def _announced(data: dict[str, Any], after: State) -> dict[str, Any]:
    """An announcement's or an influence's data as the seats that see it read it (its
    arguments left out)."""
    return {k: copy.deepcopy(v) for k, v in data.items() if k != "args"}


ASK_RESIGNATION = Spec(
    "ask_resignation",
    payloads.AskResignation,
    # a seated player's character, in a season ashore, announced before the season's turn
    # (the GM asks for a player with "as")
    {role: Grant(OFF_SEASONS) for role in PLAYERS},
    decide_ask_resignation,
    apply_ask_resignation,
    events.AskResignation,
    # "it must be announced": every seat reads it
    View("public", _announced),
    touches=("own",),
    notice=notices.resignation_asked,
)
ASK_FAVOUR = Spec(
    "ask_favour",
    payloads.AskFavour,
    # an investor's character, in a season ashore: the season's turn that rolls it comes
    # before the next summer pays (none comes between the cabinet and the summer's pay);
    # the GM asks for a player with "as"
    {role: Grant(OFF_SEASONS) for role in PLAYERS},
    decide_ask_favour,
    apply_ask_favour,
    events.AskFavour,
    # announced for everyone's favours: every seat reads it (the investment's id and kind,
    # never its capital)
    View("public", _announced),
    touches=("own",),
    notice=notices.favour_asked,
)
ASK_TRANSFER = Spec(
    "ask_transfer",
    payloads.AskTransfer,
    # a Marine's own request, in a season ashore, rolled at the season's turn as the other
    # influenceable decisions of NPCs (the GM asks for him with "as")
    {"marine": Grant(OFF_SEASONS)},
    decide_ask_transfer,
    apply_ask_transfer,
    events.AskTransfer,
    # announced for everyone's favours: every seat reads it
    View("public", _announced),
    touches=("own",),
    notice=notices.transfer_asked,
)
INFLUENCE_APPOINTMENT = Spec(
    "influence_appointment",
    payloads.InfluenceAppointment,
    {role: Grant(OFF_SEASONS) for role in PLAYERS},
    decide_influence_appointment,
    apply_influence_appointment,
    events.InfluenceAppointment,
    # the influencer and the GM, who rolls for the NPC (the book's influence went with
    # the orders to the GM); the result, its favours summed, is public when rolled
    View("private", _announced),
    touches=("own",),
    notice=notices.appointment_influenced,
)
