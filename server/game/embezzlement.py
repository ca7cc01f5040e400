"""Embezzlement (Briny En Garde!, APPOINTMENTS 001:1164-1206): a player's character in a post
with the perk puts up to its sum into his own pockets once a year, and the discovery roll
tells whether he is found out; a ship's post found out is her player captain's to ignore.

The ``embezzle`` action: the post's limit (600, 2,400 or 3,600 guineas), once a year a post
(the naval year, September to the summer's end: "until next September"), never in the summer
for the 2,400 posts ("not during the campaign season"); the guineas into his funds; the
discovery dice rolled at once from the campaign's source, the favours he holds this season
brought to bear on them (Influence Table B: the ship's Captain, or a Lord of the
Admiralty). Found out, he faces a court-martial (one more of his record's
``courts_martial``, sat by the GM's ``court_martial``), unless his ship's captain is a
player: "PC captains can choose to ignore the offence" (the ``ignore_offence`` action). The
Victualling Board's roll also takes -1 from every squadron's battle result die until
September (:func:`server.game.money.victualling_board`, the summer's ``victualling_board``
choice).
No Flask, no sockets, no clock.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from server.game import events, notices, officers, payloads, rules
from server.game.authority import PLAYING
from server.game.errors import ActionError
from server.game.favours import brought_to_bear, favour_season, spend
from server.game.spec import Grant, Spec, View
from server.game.state import Embezzlement, OfficerRecord, Seat, State, current_year

__all__ = [
    "EMBEZZLE",
    "IGNORE_OFFENCE",
    "REASON",
    "apply_embezzle",
    "apply_ignore_offence",
    "choices",
    "decide_embezzle",
    "decide_ignore_offence",
    "embezzlement_year",
]

#: the reason his record's court-martial gives (server.game.courts sits it)
REASON = "embezzlement"


def embezzlement_year(state: State) -> int:
    """The year an embezzlement now counts in: the summer whose September ends it (the
    cabinet's and the summer's own; from the autumn, the next one). Briny's "once a year",
    and the Victualling Board's "until next September" (naval posts are renewed then)."""
    year = current_year(state)
    return year if state["phase"] in ("cabinet", "summer") else year + 1


def _made(state: State, officer_id: str, post: str, year: int) -> Embezzlement | None:
    return next(
        (
            e
            for e in state.get("embezzlements", ())
            if (e["officer"], e["post"], e["year"]) == (officer_id, post, year)
        ),
        None,
    )


def _player_captain(state: State, officer: OfficerRecord) -> OfficerRecord | None:
    """The captain of ``officer``'s ship if a seated player plays him (a vacant seat is
    nobody's: the NPC rules then, as for the dice of a year of service)."""
    for o in state["officers"].values():
        if o["dead"] or o["id"] == officer["id"] or not officer["ship"]:
            continue
        if o["ship"] == officer["ship"] and o["rank"] in rules.CAPTAIN_RANKS:
            seat = state["seats"].get(o["player"] or "")
            ok = seat is not None and seat["role"] == "captain" and not seat.get("vacant")
            return o if ok else None
    return None


def _post(state: State, seat: Seat) -> tuple[OfficerRecord, dict[str, Any]]:
    """The seat's living character and his post's perk; refused (``conflict``) otherwise."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living character to embezzle")
    post = officer.get("appointment")
    if post not in rules.EMBEZZLING_POSTS:
        raise ActionError(
            "conflict",
            f"{officer['name']} holds no post that may embezzle ({post or 'no post'}); those "
            f"that may: {', '.join(rules.EMBEZZLING_POSTS)}",
        )
    return officer, rules.embezzlement_perk(post)


def decide_embezzle(
    state: State, seat: Seat, p: payloads.Embezzle, rng: random.Random
) -> dict[str, Any]:
    """``embezzle``'s data: the seat's character embezzles ``p.guineas`` in his post and
    the discovery dice are rolled, his ``p.favours`` brought to bear. Refused, nothing
    changed: no living character, no post with the perk, a second time this year, favours
    not held or on a player captain's judgement (``conflict``); over the post's limit or a
    favour that adds nothing (``invalid``); a 2,400 post in the summer (``wrong_phase``)."""
    officer, perk = _post(state, seat)
    post = perk["appointment"]
    if perk["not_in_summer"] and state["phase"] == "summer":
        raise ActionError(
            "wrong_phase",
            f"the {post} may embezzle once a year, not during the campaign season (the summer)",
        )
    year = embezzlement_year(state)
    if _made(state, officer["id"], post, year) is not None:
        raise ActionError(
            "conflict",
            f"{officer['name']} has embezzled as {post} this year (once a year, till September)",
        )
    if p.guineas > perk["most"]:
        raise ActionError(
            "invalid", f"'guineas': the {post} may embezzle up to {perk['most']} guineas a year"
        )
    captain = _player_captain(state, officer) if perk["ship"] else None
    favours = sorted(p.favours or [])
    modifier = 0
    if favours:
        if captain is not None:
            raise ActionError(
                "conflict",
                f"'favours': the captain of his ship is {captain['name']}, a player's character: "
                "influence has no effect on player characters (Briny, INFLUENCE); he may ignore "
                "the offence",
            )
        modifier = brought_to_bear(state, officer, favours, perk["favour"])["modifier"]
    rolled = rules.embezzlement_roll(post, p.guineas, rng, modifier)
    deciding = captain if rolled["found_out"] and captain is not None else None
    told = [seat["id"]] + ([deciding["player"]] if deciding and deciding["player"] else [])
    return {
        "officer": officer["id"],
        "player": seat["id"],
        "post": post,
        "year": year,
        "season": favour_season(state) or "",
        "guineas": p.guineas,
        "funds": officer["funds"] + p.guineas,
        "favours": favours,
        "modifier": modifier,
        "dice": rolled["dice"],
        "roll": rolled["roll"],
        "total": rolled["total"],
        "noticed": rolled["noticed"],
        "found_out": rolled["found_out"],
        "short": rolled["short"],
        "captain": deciding["id"] if deciding else None,
        "court_martial": rolled["found_out"] and deciding is None,
        "seats": told,
    }


def _charged(state: State, officer_id: str, season: str) -> None:
    """He faces a court-martial for embezzlement, after any he faces already (each its own
    court, sat in turn: :func:`server.game.officers.charges_with`)."""
    officer = state["officers"][officer_id]
    officer["courts_martial"] = officers.charges_with(officer, REASON, season)


def apply_embezzle(state: State, data: events.Embezzle) -> None:
    """The guineas in his funds, the embezzlement kept for its year, his favours expended
    ("Once used to influence a decision, a favour is expended", 001:478), and the court he
    faces when found out with no player captain to decide."""
    state["officers"][data["officer"]]["funds"] = data["funds"]
    record: Embezzlement = {
        "officer": data["officer"],
        "post": data["post"],
        "year": data["year"],
        "season": data["season"],
        "guineas": data["guineas"],
        "found_out": data["found_out"],
        "short": data["short"],
    }
    if data["captain"]:
        record["captain"] = data["captain"]
    state.setdefault("embezzlements", []).append(record)
    if data["favours"]:
        spend(state, data["officer"], data["season"], data["favours"])
    if data["court_martial"]:
        _charged(state, data["officer"], data["season"])


def _pending(state: State, captain_id: str) -> list[Embezzlement]:
    """The offences found out that wait for player captain ``captain_id``'s choice."""
    return [
        e
        for e in state.get("embezzlements", ())
        if e.get("captain") == captain_id and "ignored" not in e
    ]


def decide_ignore_offence(
    state: State, seat: Seat, p: payloads.IgnoreOffence, rng: random.Random
) -> dict[str, Any]:
    """``ignore_offence``'s data: the seat's captain ignores, or not, the offence of
    ``p.officer``, his ship's embezzler found out ("PC captains can choose to ignore the
    offence", 001:1172). Refused (``conflict``), nothing changed, when none waits for him."""
    captain = officers.seat_officer(state, seat)
    waiting = _pending(state, captain["id"]) if captain is not None else []
    found = next((e for e in waiting if e["officer"] == p.officer), None)
    if captain is None or found is None:
        raise ActionError(
            "conflict",
            f"'officer': no offence of {p.officer!r} found out waits for your captain's choice",
        )
    embezzler = state["officers"][found["officer"]]
    return {
        "officer": found["officer"],
        "captain": captain["id"],
        "post": found["post"],
        "year": found["year"],
        "guineas": found["guineas"],
        "ignore": p.ignore,
        "season": found["season"],
        "seats": [s for s in (embezzler["player"], seat["id"]) if s],
    }


def apply_ignore_offence(state: State, data: events.IgnoreOffence) -> None:
    """The captain's choice kept on the offence; not ignored, the embezzler faces the court."""
    for e in state.get("embezzlements", ()):
        if e["officer"] == data["officer"] and e.get("captain") == data["captain"]:
            if e["year"] == data["year"] and e["post"] == data["post"] and "ignored" not in e:
                e["ignored"] = data["ignore"]
    if not data["ignore"]:
        _charged(state, data["officer"], data["season"])


def choices(state: State, seat: Seat) -> dict[str, Any] | None:
    """What the seat's character may do now: his post's embezzlement (``post``: its limit,
    roll and influence, whether it may be done now and this year's, if made), and the
    offences of his ship's embezzlers found out waiting for his choice (``offences``); None
    when neither."""
    officer = officers.seat_officer(state, seat)
    if officer is None or state["phase"] not in PLAYING:
        return None
    out: dict[str, Any] = {"officer": officer["id"]}
    post = officer.get("appointment")
    if post in rules.EMBEZZLING_POSTS:
        perk = rules.embezzlement_perk(post)
        captain = _player_captain(state, officer) if perk["ship"] else None
        made = _made(state, officer["id"], post, embezzlement_year(state))
        out["post"] = {
            "appointment": post,
            "most": perk["most"],
            "dice": perk["dice"],
            "times": perk["times"],
            "with": perk["with"],
            # no favours on a player captain's judgement: he decides for himself
            "favour": None if captain is not None else perk["favour"],
            "captain": captain["name"] if captain is not None else None,
            "now": not (perk["not_in_summer"] and state["phase"] == "summer"),
            "made": copy.deepcopy(dict(made)) if made is not None else None,
        }
    offences = [
        {
            "officer": e["officer"],
            "name": state["officers"][e["officer"]]["name"],
            "post": e["post"],
            "guineas": e["guineas"],
        }
        for e in _pending(state, officer["id"])
    ]
    if offences:
        out["offences"] = offences
    return out if len(out) > 1 else None


_READ = (
    "officer",
    "post",
    "season",
    "guineas",
    "favours",
    "modifier",
    "dice",
    "roll",
    "total",
    "noticed",
    "found_out",
    "short",
    "captain",
    "court_martial",
)


def _read(keys: tuple[str, ...]) -> Any:
    def extras(data: Mapping[str, Any], after: State) -> dict[str, Any]:
        return {k: copy.deepcopy(data[k]) for k in keys}

    return extras


EMBEZZLE = Spec(
    "embezzle",
    payloads.Embezzle,
    # his own character's post, once a year, any season but the 2,400 posts' summer (the
    # GM for a player with "as")
    {role: Grant(PLAYING) for role in ("admiral", "captain")},
    decide_embezzle,
    apply_embezzle,
    events.Embezzle,
    # a theft is secret: he, the GM and the player captain who must decide on it
    View("told", _read(_READ)),
    touches=("own", "officers"),
    notice=notices.embezzled,
)
IGNORE_OFFENCE = Spec(
    "ignore_offence",
    payloads.IgnoreOffence,
    # the player captain of the embezzler's ship, when he is found out (the GM with "as")
    {"captain": Grant(PLAYING)},
    decide_ignore_offence,
    apply_ignore_offence,
    events.IgnoreOffence,
    View("told", _read(("officer", "captain", "post", "guineas", "ignore", "season"))),
    touches=("own", "officers"),
    notice=notices.offence_decided,
)
