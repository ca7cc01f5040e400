"""The officers' appointments: a player's application for a naval post in September or a
government post in March, every player's military appointment renewed when the summer is
resolved and September opens, and his government appointment when the spring opens (Briny,
TIME SEQUENCE: "Civil Appointments are made in March", "Naval Appointments are made in
September"; APPOINTMENTS: "Military appointments must be renewed in September after the
summer campaign. Government and civil appointments are renewed in March", 001:108-110,
001:1110-1111).

The appointee of a post is the holder of the post that appoints to it (the First Sea Lord,
the Prime Minister, a Board's Supervisor): a player character there chooses (granted), an
NPC rolls (:mod:`strategy.campaign.appointments`, through :mod:`server.game.rules`). No
Flask, no sockets, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from server.game import officers, rules
from server.game.errors import ActionError
from server.game.state import OfficerRecord, Seat, State, current_year

__all__ = [
    "apply_appointment",
    "apply_renewals",
    "choices",
    "decide_appointment",
    "renewals",
    "spring_renewals",
    "words",
]


def _holders(state: State, post: Mapping[str, Any], near: OfficerRecord) -> list[OfficerRecord]:
    """The living officers (players and NPCs) holding ``post`` in ``near``'s scope: his
    ship's for a post one a ship, else the whole fleet's; never ``near`` himself."""
    out = []
    for o in state["officers"].values():
        if o["dead"] or o["id"] == near["id"] or o.get("appointment") != post["appointment"]:
            continue
        if post["per"] == "ship" and o["ship"] != near["ship"]:
            continue
        out.append(o)
    return out


def _by_player(state: State, post: Mapping[str, Any]) -> bool:
    """Whether a living player character holds the post that appoints to ``post``."""
    return any(
        not o["dead"] and o["player"] and o.get("appointment") == post["appointee"]
        for o in state["officers"].values()
    )


def _first_sea_lord(state: State) -> str | None:
    """Who holds the First Sea Lord's post: a player's character before an NPC."""
    holders = [
        o
        for o in state["officers"].values()
        if not o["dead"] and o.get("appointment") == "First Sea Lord"
    ]
    holders.sort(key=lambda o: o["player"] is None)
    return holders[0]["id"] if holders else None


def decide_appointment(state: State, seat: Seat, name: str, rng: random.Random) -> dict[str, Any]:
    """``apply_appointment``'s data: the seat's own character applies for a post, a naval
    one in the autumn, a government one in the spring; refused (nothing changed) out of its
    season, or when he has none alive, already holds a post, applied for this one this
    season, does not qualify, or the players fill its places."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to appoint")
    post = rules.appointment_post(name)
    if post["season"] != state["phase"]:
        made = (
            "Naval Appointments are made in September"
            if post["naval"]
            else "Civil Appointments are made in March"
        )
        raise ActionError("wrong_phase", f"{name}: {made} (the {post['season']})")
    if officer.get("appointment"):
        raise ActionError(
            "conflict",
            f"{officer['name']} already holds an appointment ({officer['appointment']}): "
            "one at a time",
        )
    year = current_year(state)
    tried = {(a["officer"], a["appointment"], a["year"]) for a in state.get("applications", ())}
    if (officer["id"], name, year) in tried:
        raise ActionError(
            "conflict", f"{officer['name']} applied for {name} this season: once a season"
        )
    rules.appointment_check(name, officer)
    holders = _holders(state, post, officer)
    if post["count"] is not None and sum(1 for o in holders if o["player"]) >= post["count"]:
        raise ActionError("conflict", f"'appointment': every place of {name} is held by a player")
    rolled = rules.appointment_roll(name, officer, rng, _by_player(state, post), renewing=False)
    # the NPC in the post steps down for him: in its month every post of the table is open
    full = post["count"] is not None and len(holders) >= post["count"]
    npcs = [o["id"] for o in holders if o["player"] is None]
    serves = _first_sea_lord(state) if name == "Aide to the First Sea Lord" else None
    data = {
        "officer": officer["id"],
        "player": seat["id"],
        "year": year,
        **rolled,
        "serves": serves if rolled["granted"] else None,
        "relieved": npcs[0] if rolled["granted"] and full and npcs else None,
    }
    if rolled["granted"] and not post["naval"]:  # "being appointed as a minister" (TITLES)
        title = rules.title_roll(officer, 1, rng)
        if title is not None:  # (a Duke has no higher title to roll for)
            data["title"] = {**title, "for": ["appointed " + name]}
    return data


def choices(state: State, seat: Seat) -> dict[str, Any] | None:
    """What his form offers: the posts of this season's table (the Naval in the autumn, the
    Government in the spring) his character may apply for now, each its appointee and the
    roll it needs (``by``: "player", chosen without a die), or the post he holds already
    (``held``: one at a time). None out of those seasons or with no living character."""
    officer = officers.seat_officer(state, seat)
    if officer is None or state["phase"] not in ("autumn", "spring"):
        return None
    if officer.get("appointment"):
        return {"officer": officer["id"], "held": officer["appointment"], "posts": []}
    year = current_year(state)
    tried = {(a["officer"], a["appointment"], a["year"]) for a in state.get("applications", ())}
    posts = []
    for name in rules.NAVAL_APPOINTMENTS + rules.GOVERNMENT_APPOINTMENTS:
        post = rules.appointment_post(name)
        if post["season"] != state["phase"] or (officer["id"], name, year) in tried:
            continue
        try:
            rules.appointment_check(name, officer)
        except rules.rules_errors.InvalidMove:  # not for him: not offered
            continue
        holders = _holders(state, post, officer)
        if post["count"] is not None and sum(1 for o in holders if o["player"]) >= post["count"]:
            continue
        by = "player" if _by_player(state, post) else "npc"
        posts.append(
            {"appointment": name, "appointee": post["appointee"], "by": by, "needed": post["roll"]}
        )
    return {"officer": officer["id"], "held": None, "posts": posts}


def apply_appointment(state: State, data: Any) -> None:
    """The application kept (once a season), the post his when granted, and the title the
    King's roll gave for a government post."""
    state.setdefault("applications", []).append(
        {"officer": data["officer"], "appointment": data["appointment"], "year": data["year"]}
    )
    if not data["granted"]:
        return
    officer = state["officers"][data["officer"]]
    if data.get("title"):  # the King's roll after the appointment: titled, or a try more
        titled = rules.officer_titled(officer, data["title"])
        state["officers"][data["officer"]] = officer = titled  # type: ignore[assignment]
    officer["appointment"], officer["serves"] = data["appointment"], data["serves"]
    if data.get("relieved"):
        npc = state["officers"][data["relieved"]]
        npc["appointment"] = npc["serves"] = None


def _relief(state: State, post: Mapping[str, Any], was: OfficerRecord) -> str | None:
    """The NPC who takes a post a player lost: one of its rank in his scope (his ship's
    for a post one a ship) holding none; None when the fleet's books have none, and for a
    government post (its NPC is the appointee's man, not one of the fleet's officers)."""
    if not post["naval"]:
        return None
    for o in state["officers"].values():
        if o["dead"] or o["player"] is not None or o.get("appointment"):
            continue
        if o["rank"] in post["ranks"] and (post["per"] != "ship" or o["ship"] == was["ship"]):
            return o["id"]
    return None


def renewals(state: State, changed: Mapping[str, OfficerRecord], seed: int) -> list[dict[str, Any]]:
    """Each player character's naval appointment at the summer's end: ``dismissed`` when
    the summer promoted him out of its rank ("if he is promoted at sea, dismissal will
    occur at the end of the season"), else renewed by its appointee's roll (a player
    appointee keeps him) or lost to an NPC. The dice: a source seeded by the season's
    ``seed``, so the summer's own draws are untouched. Empty when no player holds one."""
    rng = random.Random(f"appointments/{seed}")
    out: list[dict[str, Any]] = []
    for oid, before in state["officers"].items():
        name = before.get("appointment")
        if before["dead"] or not before["player"] or name not in rules.NAVAL_APPOINTMENTS:
            continue
        after = changed.get(oid, before)
        record: dict[str, Any] = {"officer": oid, "player": before["player"]}
        if after["dead"]:
            continue
        if after.get("appointment") != name:  # his new rank is not the post's
            out.append({**record, "appointment": name, "dismissed": f"promoted to {after['rank']}"})
            continue
        out.append({**record, **_renewal(state, name, after, rng)})
    return out


def _renewal(state: State, name: str, officer: OfficerRecord, rng: random.Random) -> dict[str, Any]:
    """His post ``name`` rolled again by its appointee (a player appointee keeps him), and
    the NPC who takes it when it is lost (``relief``)."""
    post = rules.appointment_post(name)
    rolled = rules.appointment_roll(name, officer, rng, _by_player(state, post), renewing=True)
    relief = None if rolled["renewed"] else _relief(state, post, officer)
    return {**rolled, "relief": relief}


def spring_renewals(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Each player character's government post when the spring opens ("Government and
    civil appointments are renewed in March", 001:1111): rolled again by its appointee (a
    player Prime Minister keeps him), lost to the appointee's NPC. The King's posts are the
    ministers' seats, the GM's to give (no roll). The dice: ``rng``, drawn only for these
    (a spring with none decides as it did before). Empty when no player holds one."""
    out: list[dict[str, Any]] = []
    for oid, officer in state["officers"].items():
        name = officer.get("appointment")
        if officer["dead"] or not officer["player"] or name not in rules.GOVERNMENT_APPOINTMENTS:
            continue
        record = {"officer": oid, "player": officer["player"]}
        out.append({**record, **_renewal(state, name, officer, rng)})
    return out


def apply_renewals(state: State, data: Mapping[str, Any]) -> None:
    """The renewals of a resolved summer or an opening spring (none in a log from before
    them): a post not renewed left, and taken by the NPC named."""
    for rec in data.get("appointments") or ():
        if "dismissed" in rec or rec["renewed"]:
            continue
        officer = state["officers"][rec["officer"]]
        officer["appointment"] = officer["serves"] = None
        if rec.get("relief"):
            state["officers"][rec["relief"]]["appointment"] = rec["appointment"]


def words(rec: Mapping[str, Any]) -> str:
    """One application or renewal in words, e.g. "Ship's Adjutant: appointed (rolled 5,
    needed 6 less 1)"; a dismissal "Captain of the Fleet: dismissed (promoted to Post
    Captain)"."""
    if "dismissed" in rec:
        return f"{rec['appointment']}: dismissed ({rec['dismissed']})"
    return rules.appointment_words(rec)
