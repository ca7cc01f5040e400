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

import copy
import random
from collections.abc import Mapping
from typing import Any

from server.game import officers, rules
from server.game.errors import ActionError
from server.game.state import Application, OfficerRecord, Seat, State, current_year

__all__ = [
    "announced_application",
    "apply_announced",
    "apply_appointment",
    "apply_renewals",
    "choices",
    "decide_announced",
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


def _vacant(state: State, post: Mapping[str, Any], near: OfficerRecord) -> bool:
    """Whether a resignation this year left ``post`` with a place free in ``near``'s scope
    (his ship's for a post one a ship): "they can apply to fill posts which are vacant or
    held by an NPC once the NPC resigns" (001:1110), out of the post's season."""
    year = current_year(state)
    left = any(
        r["status"] == "resigned"
        and r["appointment"] == post["appointment"]
        and r["year"] == year
        and (post["per"] != "ship" or r.get("ship") == near["ship"])
        for r in state.get("asked_resignations", ())
    )
    holders = _holders(state, post, near)
    return left and (post["count"] is None or len(holders) < post["count"])


def announced_application(state: State, officer_id: str) -> Mapping[str, Any] | None:
    """His application announced to an NPC appointee and not yet rolled, if any."""
    return next(
        (
            a
            for a in state.get("applications", ())
            if a["officer"] == officer_id and a.get("status") == "announced"
        ),
        None,
    )


def decide_appointment(state: State, seat: Seat, name: str, rng: random.Random) -> dict[str, Any]:
    """``apply_appointment``'s data: the seat's own character applies for a post, a naval
    one in the autumn, a government one in the spring, or one a resignation left vacant;
    refused (nothing changed) out of its season, or when he has none alive, already holds a
    post or has one application announced, applied for this one this season, does not
    qualify, or the players fill its places. A player appointee chooses him at once; to an
    NPC appointee it is announced ("In order to allow other players to influence the
    process, characters must announce that they are applying", 001:1115) and rolled when
    the season moves on (:func:`decide_announced`)."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to appoint")
    post = rules.appointment_post(name)
    if post["season"] != state["phase"] and not _vacant(state, post, officer):
        made = (
            "Naval Appointments are made in September"
            if post["naval"]
            else "Civil Appointments are made in March"
        )
        raise ActionError(
            "wrong_phase",
            f"{name}: {made} (the {post['season']}), or to fill a post a resignation left vacant",
        )
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
    pending = announced_application(state, officer["id"])
    if pending is not None:
        raise ActionError(
            "conflict",
            f"{officer['name']}'s application for {pending['appointment']} is announced: "
            "one at a time until it is rolled",
        )
    record = {"officer": officer["id"], "player": seat["id"], "year": year}
    if not _by_player(state, post):  # announced to the NPC appointee, rolled later
        return {
            **record,
            "appointment": name,
            "appointee": post["appointee"],
            "by": "npc",
            "needed": post["roll"],
            "modifiers": rules.appointment_modifiers(name, officer),
            "die": None,
            "total": None,
            "granted": None,
            "serves": None,
            "relieved": None,
            "announced": f"ap{sum(1 for a in state.get('applications', ()) if 'id' in a) + 1}",
        }
    rolled = rules.appointment_roll(name, officer, rng, True, renewing=False)
    return {**record, **rolled, **_placed(state, post, officer, rng)}


def _placed(
    state: State, post: Mapping[str, Any], officer: OfficerRecord, rng: random.Random
) -> dict[str, Any]:
    """A granted application's consequences: the officer an Aide serves, the NPC who steps
    down for him (in its month every post of the table is open), and the King's roll for a
    title after a government post ("being appointed as a minister", TITLES)."""
    name = post["appointment"]
    holders = _holders(state, post, officer)
    full = post["count"] is not None and len(holders) >= post["count"]
    npcs = [o["id"] for o in holders if o["player"] is None]
    serves = _first_sea_lord(state) if name == "Aide to the First Sea Lord" else None
    out: dict[str, Any] = {"serves": serves, "relieved": npcs[0] if full and npcs else None}
    if not post["naval"]:
        title = rules.title_roll(officer, 1, rng)
        if title is not None:  # (a Duke has no higher title to roll for)
            out["title"] = {**title, "for": ["appointed " + name]}
    return out


def choices(state: State, seat: Seat) -> dict[str, Any] | None:
    """What his form offers: the posts of this season's table (the Naval in the autumn, the
    Government in the spring) and those a resignation left vacant, that his character may
    apply for now, each its appointee and the roll it needs (``by``: "player", chosen
    without a die), or the post he holds already (``held``: one at a time), or his
    application announced (``announced``: one at a time until rolled). None out of the
    seasons after the summer (in the winter, unless a vacant post is offered) or with no
    living character."""
    officer = officers.seat_officer(state, seat)
    if officer is None or state["phase"] not in ("autumn", "winter", "spring"):
        return None
    out: dict[str, Any] = {"officer": officer["id"], "held": None, "announced": None, "posts": []}
    if officer.get("appointment"):
        return {**out, "held": officer["appointment"]}
    pending = announced_application(state, officer["id"])
    if pending is not None:
        return {**out, "announced": pending["appointment"]}
    year = current_year(state)
    tried = {(a["officer"], a["appointment"], a["year"]) for a in state.get("applications", ())}
    posts = []
    for name in rules.NAVAL_APPOINTMENTS + rules.GOVERNMENT_APPOINTMENTS:
        post = rules.appointment_post(name)
        if (officer["id"], name, year) in tried:
            continue
        if post["season"] != state["phase"] and not _vacant(state, post, officer):
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
    if state["phase"] not in ("autumn", "spring") and not posts:
        return None  # a winter with no post a resignation left vacant for him: no form
    return {**out, "posts": posts}


def apply_appointment(state: State, data: Any) -> None:
    """The application kept (once a season): announced, it waits for the season's end with
    its id and the favours brought to bear on it; decided, the post his when granted, and
    the title the King's roll gave for a government post."""
    record: Application = {
        "officer": data["officer"],
        "appointment": data["appointment"],
        "year": data["year"],
    }
    if data.get("announced"):
        record["id"], record["player"] = data["announced"], data["player"]
        record["status"], record["influence"] = "announced", []
    state.setdefault("applications", []).append(record)
    if data["granted"]:
        _grant(state, data)


def _grant(state: State, data: Mapping[str, Any]) -> None:
    """The post his, the NPC it relieves ashore, the King's roll for a title applied."""
    officer = state["officers"][data["officer"]]
    if data.get("title"):  # the King's roll after the appointment: titled, or a try more
        titled = rules.officer_titled(officer, data["title"])
        state["officers"][data["officer"]] = officer = titled  # type: ignore[assignment]
    officer["appointment"], officer["serves"] = data["appointment"], data["serves"]
    if data.get("relieved"):
        npc = state["officers"][data["relieved"]]
        npc["appointment"] = npc["serves"] = None


def _signed(record: Mapping[str, Any]) -> dict[str, int]:
    """The favours brought to bear on an announced decision: ``{"for", "against"}``, each
    the sum of its modifiers."""
    out = {"for": 0, "against": 0}
    for i in record.get("influence", ()):
        out[i["wish"]] += i["modifier"]
    return out


def decide_announced(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """The applications announced to NPC appointees, rolled as the season moves on, in the
    order announced (001:1117-1121): each the appointee's 1d6, the applicant's modifiers and
    the favours for less those against against the post's Roll ("The die roll modification
    may be either additive or subtractive", 001:508). "If more than one character applies
    for the same office, the character with the highest modified die roll wins. If both
    modified rolls are equal, the GM will roll again (without any modifier)": a place goes
    to the highest total first (``outbid``: the places were taken). One that can no longer
    be granted (he died, holds a post, no longer qualifies, the post filled out of its
    season) ``lapsed``. The dice: ``rng``, drawn only for these."""
    pending = [a for a in state.get("applications", ()) if a.get("status") == "announced"]
    if not pending:
        return []
    work = copy.deepcopy(state)  # each grant seen by the next
    rolled: list[dict[str, Any]] = []
    for app in pending:
        officer = work["officers"].get(app["officer"])
        name = app["appointment"]
        rec: dict[str, Any] = {"id": app["id"], "officer": app["officer"], "player": app["player"]}
        rec["year"] = app["year"]
        lapsed = _lapsed(work, name, officer)
        if lapsed is not None or officer is None:
            rolled.append({**rec, "appointment": name, "granted": False, "lapsed": lapsed})
            continue
        post = rules.appointment_post(name)
        signed = _signed(app)
        by_player = _by_player(work, post)
        influence = signed["for"] - signed["against"]
        roll = rules.appointment_roll(name, officer, rng, by_player, False, influence)
        rolled.append({**rec, **roll, **signed, "serves": None, "relieved": None})
    _tiebreaks(rolled, rng)
    order = sorted((r for r in rolled if r["granted"]), key=_rank)
    for rec in order:
        post = rules.appointment_post(rec["appointment"])
        officer = work["officers"][rec["officer"]]
        if officer.get("appointment") or not _open(work, post, officer):
            rec.update(granted=False, outbid=True)
            continue
        rec.update(_placed(work, post, officer, rng))
        _grant(work, rec)
    return rolled


def _rank(rec: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    """A granted roll's place in the queue for its post: the highest total first (a player
    appointee's choice before any die), then the higher tiebreak."""
    total = rec["total"] if rec["total"] is not None else 99
    return -total, tuple(-d for d in rec.get("tiebreak", ()))


def _lapsed(state: State, name: str, officer: OfficerRecord | None) -> str | None:
    """Why an announced application can no longer be granted, or None."""
    if officer is None or officer["dead"]:
        return "he is dead"
    if officer.get("appointment"):
        return f"he holds {officer['appointment']}"
    try:
        rules.appointment_check(name, officer)
    except rules.rules_errors.InvalidMove as exc:
        return str(exc)
    return None


def _open(state: State, post: Mapping[str, Any], officer: OfficerRecord) -> bool:
    """Whether a place of ``post`` is his to take: one the players leave free, and in its
    season any (an NPC steps down), out of it one nobody holds."""
    holders = _holders(state, post, officer)
    if post["count"] is None:
        return True
    if sum(1 for o in holders if o["player"]) >= post["count"]:
        return False
    return post["season"] == state["phase"] or len(holders) < post["count"]


def _tiebreaks(rolled: list[dict[str, Any]], rng: random.Random) -> None:
    """Equal totals for one post rolled again without modifier, until they differ
    (``tiebreak``: the dice, in turn)."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in rolled:
        if r["granted"] and r.get("total") is not None:
            groups.setdefault((r["appointment"], r["total"]), []).append(r)
    for tied in groups.values():
        while len(tied) > 1:
            for r in tied:
                r.setdefault("tiebreak", []).append(rng.randint(1, 6))
            best = max(r["tiebreak"][-1] for r in tied)
            tied = [r for r in tied if r["tiebreak"][-1] == best]


def apply_announced(state: State, applications: list[dict[str, Any]]) -> None:
    """The announced applications decided: each kept as granted, refused or lapsed, the
    post his when granted."""
    kept = {a.get("id"): a for a in state.get("applications", ()) if a.get("id")}
    for rec in applications:
        app = kept.get(rec["id"])
        if app is not None:
            app["status"] = (
                "lapsed" if rec.get("lapsed") else ("granted" if rec["granted"] else "refused")
            )
        if rec["granted"]:
            _grant(state, rec)


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
    Captain)"; announced, "Captain of the Fleet: announced to the NPC First Sea Lord
    (needs 7 on a die, rolled when the season moves on)"."""
    if "dismissed" in rec:
        return f"{rec['appointment']}: dismissed ({rec['dismissed']})"
    if rec.get("announced"):
        return (
            f"{rec['appointment']}: announced to the NPC {rec['appointee']} (needs "
            f"{rec['needed']} on a die, rolled when the season moves on; favours may be "
            "brought to bear for or against)"
        )
    if rec.get("lapsed"):
        return f"{rec['appointment']}: lapsed ({rec['lapsed']})"
    text = rules.appointment_words(rec)
    return f"{text}; the place went to a higher roll" if rec.get("outbid") else text
