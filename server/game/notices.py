"""Each seat's notices: what happened that it may see, in words, built from the event log.

A notice is read from an event *as the seat received it* (the payload of
:func:`server.game.views.payload`) and its view after it, never from the logged data: a
seat is told only what it may see (a captain is not told of a fight he is not in; a private
message reaches its sender, its recipient and the GM only). One builder an event type, its
spec's ``notice`` (:class:`server.game.spec.Spec`), each a pure function of what the seat
saw; an event type with no builder makes no notice. Every notice is ``{"seq", "type",
"text", ...its fields}``.

The types (docs/protocol.md, *Notices*): ``battle_opened``, ``battle_ended``, ``ship_lost``
(sunk, struck, taken or decimated in a fight the seat is told of), ``breakout`` (an enemy
out of a blockaded port: escaped, or sighted and chased), ``orders`` (another seat's
``deploy`` or ``sail`` of a force this seat sees), ``seat_joined``, ``seat_reissued`` (a
seat handed to a new holder, or its link renewed), ``season`` (the season report),
``message`` (table talk addressed to this seat: to all, to it, or to the GM for the GM),
``appointment`` (an application decided, or his appointment renewed in September or March),
``title`` (his roll for a title at the summer's end, conferred or not),
``grounding`` (a ship of his aground or on rocks in shallow water on her passage),
``storm`` (a ship of his that faced a storm at sea, the weather her opponent),
``rations`` (a ship of his out of Rations a week at sea, her Ship Morale lost), and
``seat_moved`` (his seat gone with his character to flag rank), ``disgrace`` (a
character disgraced and sent to the Blockade, or his debt's disgrace cleared), and
``service`` (his card of a year of service turned, and what he may choose; his choice made).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, cast

from server.game import appointments, clock, rules, season, ship_tables, substitutions, titles
from server.game.state import Seat, State

__all__ = [
    "everyone_ready",
    "clock_words",
    "date_words",
    "digit_chosen",
    "force_rolled",
    "invested",
    "investor_favoured",
    "liquidated",
    "moved_on",
    "officer_seated",
    "reassigned",
    "seat_revoked",
    "standing_given",
    "standing_words",
    "table_set",
    "voyage_shown",
    "court_martial",
    "embezzled",
    "offence_decided",
    "disgraced",
    "LOST",
    "Seen",
    "advanced",
    "appointment_decided",
    "appointment_influenced",
    "battles",
    "conditional_orders",
    "cruise_planned",
    "favour_asked",
    "favour_words",
    "flag_seat_words",
    "influence_words",
    "influenced",
    "message",
    "notices_for",
    "orders_given",
    "skirmished",
    "orders_words",
    "place_words",
    "resignation_asked",
    "season_opens",
    "seat_joined",
    "seat_reissued",
    "service_chosen",
    "summer_over",
    "transfer_asked",
    "transfer_words",
    "volunteered",
]

#: the fates that take a ship out of a fight and off the map (engagements' ``_LOST``)
LOST = ("sunk", "struck", "taken", "decimated")
Notice = dict[str, Any]


@dataclass(frozen=True)
class Seen:
    """One event as a seat saw it: its payload's ``data``, who sent it (``author``, and
    ``acting``: the seat the GM acted for, else the author), the seat, the state after, and
    the seat's view after it (:func:`server.game.views.state_for`)."""

    seq: int
    kind: str
    data: dict[str, Any]
    author: str | None
    acting: str | None
    seat: Seat
    state: State
    view: Mapping[str, Any]

    def name(self, seat_id: str | None) -> str:
        """A seat's name in the state after the event (its id if it has none)."""
        seat = self.state["seats"].get(seat_id or "")
        return seat["name"] if seat else str(seat_id)


def notices_for(
    build: Callable[[Seen], list[Notice]] | None,
    payload: Mapping[str, Any] | None,
    author: str | None,
    logged: Mapping[str, Any],
    seat: Seat,
    after: State,
    view: Mapping[str, Any],
) -> list[Notice]:
    """The notices ``seat`` gets of one event: ``build`` is its type's builder (its spec's
    ``notice``; None: only the clock's), ``payload`` what the seat received (None or a bare
    ``{"seq"}``: nothing), ``logged`` the event's logged data (only its ``as`` is read: who
    the GM acted for), ``after`` the state after it and ``view`` the seat's view then."""
    if not payload or "type" not in payload:
        return []
    acting = logged.get("as") or author
    seen = Seen(
        int(payload["seq"]),
        str(payload["type"]),
        payload["data"],
        author,
        acting,
        seat,
        after,
        view,
    )
    told = _clock(seen, payload.get("due")) + (build(seen) if build else [])
    return [{"seq": seen.seq, **n} for n in told]


# -- the turn clock -------------------------------------------------------------------------

_DUE_WORDS = {
    "deadline": "The turn's deadline passed",
    "ready": "Every player is ready",
    "round": "The round's deadline passed",
}


def _clock(seen: Seen, due: Any) -> list[Notice]:
    """What the turn clock did by itself (server.game.clock), when it did it."""
    if due not in _DUE_WORDS:
        return []
    if seen.kind == "roll_force":
        done = "the cabinet's force is rolled"
    elif seen.kind == "resolve_summer":
        done = "the summer is over"
    elif seen.kind == "engage_decision":
        battle = _battle_words(seen, seen.data.get("engagement"))
        done = f"{battle} fought the round without the absent"
    else:
        date = seen.view.get("date")
        done = f"the campaign moves on to {date_words(date)}" if date else "the campaign moves on"
    return [{"type": "turn", "due": due, "text": f"{_DUE_WORDS[due]}: {done}."}]


# -- battles ------------------------------------------------------------------------------


def _engagements(seen: Seen) -> list[dict[str, Any]]:
    """The engagements the seat's view shows after the event."""
    return list(seen.view.get("engagements") or [])


def _battle_words(seen: Seen, engagement: Any) -> str:
    """A battle as a person names it: by the day it was fought, not its engagement's id."""
    record = next((e for e in _engagements(seen) if e["id"] == engagement), None)
    day = (record or {}).get("day")
    return "the battle" if day is None else f"the battle of day {day}"


def _lost(seen: Seen, engagement: str) -> list[Notice]:
    """The ships an ended fight took off the map, from the seat's view of it."""
    record = next((e for e in _engagements(seen) if e["id"] == engagement), None)
    ships = ((record or {}).get("outcome") or {}).get("ships") or {}
    out = []
    for sid, ship in sorted(ships.items()):
        if ship.get("status") in LOST:
            british = ship.get("side") == "a"
            whose = "British" if british else "enemy"
            out.append(
                {
                    "type": "ship_lost",
                    "text": f"the {whose} ship {ship.get('name', sid)} was {ship['status']}"
                    f" in {_battle_words(seen, engagement)}",
                    "engagement": engagement,
                    "ship": sid,
                    "name": ship.get("name", sid),
                    "british": british,
                    "status": ship["status"],
                }
            )
    return out


def battles(seen: Seen) -> list[Notice]:
    """The engagements' notices the seat's view carries (those addressed to it), and the
    ships each ended one lost."""
    out: list[Notice] = []
    for n in seen.data.get("notices") or ():
        if seen.seat["role"] != "gm" and seen.seat["id"] not in n["seats"]:
            continue
        out.append(
            {
                "type": f"battle_{n['kind']}",
                "text": n["text"],
                "engagement": n["engagement"],
                "day": n["day"],
                "outcome": n["outcome"],
            }
        )
        if n["kind"] == "ended":
            out.extend(_lost(seen, n["engagement"]))
    return out


def _breakouts(seen: Seen) -> list[Notice]:
    return [
        {
            "type": "breakout",
            "text": b["text"],
            "force": b["force"],
            "port": b["port"],
            "day": b["day"],
            "escaped": b["escaped"],
            "engagement": b["engagement"],
        }
        for b in seen.data.get("breakouts") or ()
    ]


def _told(seen: Seen, key: str) -> list[dict[str, Any]]:
    """The entries of the advance's ``key`` told to the seat (the GM is told them all)."""
    return [
        x
        for x in seen.data.get(key) or ()
        if seen.seat["role"] == "gm" or seen.seat["id"] in x["seats"]
    ]


def _groundings(seen: Seen) -> list[Notice]:
    """Each ship that ran aground or struck rocks on a shallow-water risk (seed 003,
    "Shallow Water"), to her captain and her admiral (the GM told them all); a clear throw
    is in the log, not a notice."""
    return [
        {
            "type": "grounding",
            "text": g["text"],
            "force": g["force"],
            "ship": g["ship"],
            "place": g["place"],
            "day": g["day"],
            "result": g["result"],
            "damage": g["damage"],
            "days": g["days"],
        }
        for g in _told(seen, "groundings")
        if g["result"] != "clear"
    ]


def _storms(seen: Seen) -> list[Notice]:
    """Each ship of his that faced a storm at sea, the weather her opponent (BtQ
    000:1215; docs/rules-notes.md "Storms on a passage"), weathered or lost."""
    return [
        {
            "type": "storm",
            "text": x["text"],
            "force": x["force"],
            "ship": x["ship"],
            "place": x["place"],
            "day": x["day"],
            "lost": x["lost"],
            "box": x["box"],
            "held": x["held"],
        }
        for x in _told(seen, "storms")
    ]


def _hungry(seen: Seen) -> list[Notice]:
    """Each ship of his out of Rations a week at sea, her Ship Morale a level down
    (docs/rules-notes.md "Rations")."""
    return [
        {
            "type": "rations",
            "text": x["text"],
            "force": x["force"],
            "ship": x["ship"],
            "day": x["day"],
            "morale": x["after"],
        }
        for x in _told(seen, "rations")
    ]


def advanced(seen: Seen) -> list[Notice]:
    """A turn moved on: by the GM's hand (the clock's say so: :func:`_clock`), the fights,
    breakouts and hazards of the sea it brought, the years of service the dice chose."""
    sea = _groundings(seen) + _storms(seen) + _hungry(seen)
    return moved_on(seen) + battles(seen) + _breakouts(seen) + sea + _served(seen)


def _served(seen: Seen) -> list[Notice]:
    """The years of service the dice chose as the autumn moved on, none chosen before it
    (seed 000, Appendix II): told to each officer's player, and to the GM."""
    out = []
    for oid, got in (seen.data.get("served") or {}).items():
        officer = seen.state["officers"].get(oid)
        name = officer["name"] if officer else oid
        text = f"{name}: {season.service_words(got['service'])}, the dice's choice"
        out.append({"type": "service", "text": text, "officer": oid, "open": False})
    return out


# -- orders ---------------------------------------------------------------------------------


@cache
def _port_names() -> Mapping[str, str]:
    return MappingProxyType({p["id"]: p["name"] for p in rules.ports()})


def place_words(target: Any) -> str:
    """A port, station or position in words.

    >>> place_words([-5.6, 48.7])
    '48.70°N 5.60°W'
    """
    if isinstance(target, list | tuple):
        lon, lat = float(target[0]), float(target[1])
        ns, ew = "N" if lat >= 0 else "S", "E" if lon >= 0 else "W"
        return f"{abs(lat):.2f}°{ns} {abs(lon):.2f}°{ew}"
    return _port_names().get(str(target), str(target).replace("-", " ").title())


_ORDER_WORDS = {
    "station": "to take station: {}",
    "blockade": "to blockade {}",
    "patrol": "to patrol at {}",
    "sail": "to sail for {}",
}


def orders_given(seen: Seen) -> list[Notice]:
    """Orders another seat gave to a force this seat sees (not the sender's own echo)."""
    if seen.author is None or seen.author == seen.seat["id"]:
        return []
    forces = seen.view.get("forces") or []
    force = next((f for f in forces if f["id"] == seen.data.get("force")), None)
    if force is None:
        return []
    orders = seen.data["orders"]
    what = force["name"]
    if seen.data.get("detach"):
        what = f"{seen.data['detach']} of the {force['name']}"
    who = seen.name(seen.author)
    if seen.acting != seen.author:
        who = f"{who}, for {seen.name(seen.acting)},"
    words = _ORDER_WORDS.get(orders["kind"], orders["kind"] + " {}")
    text = f"{who} ordered the {what} {words.format(place_words(orders['target']))}"
    days = seen.data.get("days")
    if days is None and seen.data.get("route"):  # the GM's event: the route as logged
        days = seen.data["route"]["days"]
    if days is not None:
        text += f" ({days:.1f} days)"
    return [
        {
            "type": "orders",
            "text": text,
            "force": force["id"],
            "by": seen.acting,
            "orders": orders,
        }
    ]


# -- the table: seats, the season, messages -------------------------------------------------


def _role_words(seat: Mapping[str, Any]) -> str:
    role = str(seat["role"]).replace("-", " ")
    if seat.get("squadron"):
        return f"{role} of the {seat['squadron']} squadron"
    if seat.get("ship"):
        return f"captain of {_ship_name(seat['ship'])}"
    return role


def seat_joined(seen: Seen) -> list[Notice]:
    seat = seen.data["seat"]
    if seat["id"] == seen.seat["id"]:
        return []  # his own seat made: no news to him
    return [_seat_news("seat_joined", seat, f"{seat['name']} has a seat: {_role_words(seat)}")]


def seat_reissued(seen: Seen) -> list[Notice]:
    seat = seen.data["seat"]
    text = f"the seat of the {_role_words(seat)} was handed to {seat['name']}"
    return [_seat_news("seat_reissued", seat, text)]


def _seat_news(kind: str, seat: dict[str, Any], text: str) -> Notice:
    return {"type": kind, "text": text, "seat": seat["id"], "role": seat["role"]}


def _season(seen: Seen) -> list[Notice]:
    report = seen.view.get("report") or {}
    words = report.get("words") or []
    own = words[0] if report.get("yours") and words else None
    text = "the summer is over: the season's report is out (the Report tab)"
    return [{"type": "season", "text": f"{text}; {own}" if own else text, "yours": own}]


def volunteered(seen: Seen) -> list[Notice]:
    """A cruise volunteered, or an NPC captain who would not (Briny, VOLUNTEERS)."""
    declined = seen.data.get("declined")
    if declined is not None:
        name = rules.briny_ship(declined["ship"])["name"]
        return [
            {
                "type": "volunteer",
                "text": f"{name}'s captain would not volunteer her (rolled {declined['die']}, "
                f"needed {declined['needed']})",
                "cruise": None,
            }
        ]
    cruise = seen.data.get("cruise")
    if cruise is None:
        return []
    names = ", ".join(rules.briny_ship(code)["name"] for code in cruise["ships"])
    duty = f"on {rules.ORDER_WORDS[cruise['order']]}"  # Briny 001:709's words
    seasons = " and ".join(cruise["seasons"])
    text = (
        f"{seen.name(cruise['seat'])} volunteered {names} for the {seasons}, {duty}, "
        f"sailing from {place_words(cruise['port'])} (cruise {cruise['id']})"
    )
    return [{"type": "volunteer", "text": text, "cruise": cruise["id"]}]


def cruise_planned(seen: Seen) -> list[Notice]:
    places = ", ".join(place_words(m) for m in seen.data["missions"])
    text = f"cruise {seen.data['cruise']}'s missions: {places}, then home"
    return [{"type": "cruise", "text": text, "cruise": seen.data["cruise"]}]


def season_opens(seen: Seen) -> list[Notice]:
    """A new season; the volunteers' report of the one that ended, with his own outcome;
    in the spring, his government post renewed or not (the GM is told each player's)."""
    out = [{"type": "season", "text": f"the {seen.data['phase']} opens", "yours": None}]
    out += _served(seen)
    report = (seen.data.get("volunteers") or {}).get("report") or {}
    if report:
        words = report.get("words") or []
        own = words[0] if report.get("yours") and words else None
        text = f"the {report['season']}'s cruises are over: their report is out (the History tab)"
        out.append({"type": "season", "text": f"{text}; {own}" if own else text, "yours": own})
    return (
        out
        + _renewals(seen)
        + _resignations(seen)
        + _applications(seen)
        + _favours(seen)
        + _transfers(seen)
        + _flag_seats(seen, seen.data.get("volunteers") or {})
    )


def _officer_name(seen: Seen, oid: str) -> str:
    officer = seen.state["officers"].get(oid)
    return f"{officer['rank']} {officer['name']}" if officer else oid


def resignation_words(rec: Mapping[str, Any]) -> str:
    """A resignation asked, rolled as the season turned, e.g. "resigns (rolled 5, favours
    +2, needed 7)", "stays (rolled 3, needed 7)"; "at sea: waits until he is home"."""
    if rec.get("lapsed"):
        return "the ask lapses (he is no longer in the post)"
    if rec.get("waiting"):
        return "at sea: no NPC will leave his men in the lurch; rolled when he is home"
    verdict = f"resigns: {rec['appointment']} is vacant" if rec["resigned"] else "stays in his post"
    return _rolled(verdict, rec)


def _rolled(verdict: str, rec: Mapping[str, Any]) -> str:
    """An announced decision's verdict with its die, the favours' sway and the 7 needed."""
    signed = rec["for"] - rec["against"]
    swayed = f", favours {signed:+d}" if rec["for"] or rec["against"] else ""
    return f"{verdict} (rolled {rec['die']}{swayed}, needed {rec['needed']})"


def _hears(seen: Seen, rec: Mapping[str, Any]) -> bool:
    """Whether the seat is told an announced decision's roll whatever came of it: the
    asker's player, those who brought favours to bear on it, the GM."""
    me = seen.seat["id"]
    return me == rec["player"] or me in _influencers(seen, rec["id"]) or seen.seat["role"] == "gm"


def _influencers(seen: Seen, aid: str) -> set[str]:
    """The seats that brought favours to bear on the announcement ``aid``."""
    records = [
        *seen.state.get("applications", ()),
        *seen.state.get("asked_resignations", ()),
        *seen.state.get("asked_favours", ()),
        *seen.state.get("asked_transfers", ()),
    ]
    return {
        i["player"]
        for r in records
        if r.get("id") == aid
        for i in r.get("influence", ())
        if i.get("player")
    }


def _resignations(seen: Seen) -> list[Notice]:
    """The resignations asked, rolled as the season turned: public (every seat)."""
    out = []
    for rec in seen.data.get("resignations") or ():
        text = f"{_officer_name(seen, rec['officer'])}, {rec['appointment']}, asked to resign"
        out.append(
            {
                "type": "resignation",
                "text": f"{text}: {resignation_words(rec)}",
                "officer": rec["officer"],
                "post": rec["appointment"],
                "resigned": bool(rec.get("resigned")),
            }
        )
    return out


def _applications(seen: Seen) -> list[Notice]:
    """The announced applications rolled as the season turned: in words to the applicant,
    those who brought favours to bear and the GM; to the others when granted."""
    out = []
    me = seen.seat["id"]
    for rec in seen.data.get("applications") or ():
        name = _officer_name(seen, rec["officer"])
        if _hears(seen, rec):
            text = appointments.words(rec)
            if rec.get("title"):
                text = f"{text}; {titles.words(rec['title'])}"
            text = text if me == rec["player"] else f"{name}: {text}"
        elif rec["granted"]:
            text = f"{name} appointed {rec['appointment']}"
        else:
            continue
        out.append(
            {
                "type": "appointment",
                "text": text,
                "officer": rec["officer"],
                "post": rec["appointment"],
                "granted": rec["granted"],
            }
        )
    return out


def favour_words(rec: Mapping[str, Any]) -> str:
    """A favour asked of an NPC favourer, rolled as the season turned, e.g. "the Victualling
    Board Supervisor makes i1806-1 his arms supplier (rolled 5, favours +2, needed 7)"."""
    if rec.get("lapsed"):
        return f"the ask of the {rec['post']} lapses (the investment sold, or a player in the post)"
    favour = "his arms supplier" if rec["flag"] == "supplier" else "his favoured financier"
    verdict = (
        f"the {rec['post']} makes {rec['investment']} {favour}"
        if rec["granted"]
        else f"the {rec['post']} does not favour {rec['investment']}"
    )
    return _rolled(verdict, rec)


def _favours(seen: Seen) -> list[Notice]:
    """The favours asked of NPC favourers rolled as the season turned: in words to the
    asker, those who brought favours to bear and the GM; to the others when granted."""
    return _rolls_told(
        seen,
        ("favours", "favour", "ask", "asker"),
        favour_words,
        lambda rec: {"investment": rec["investment"], "post": rec["post"]},
    )


def _rolls_told(
    seen: Seen,
    kind: tuple[str, str, str, str],
    words: Callable[[Mapping[str, Any]], str],
    fields: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> list[Notice]:
    """The announced decisions rolled as the season turned, ``kind`` (the event's key for
    them, the notices' type, what was asked and the key of the officer who asked), each
    a notice in ``words``: to the asker's player, those who brought favours to bear and the
    GM, granted or not; to the others (told whose ask it was) when granted."""
    key, type_, what, who = kind
    out = []
    for rec in seen.data.get(key) or ():
        if not (_hears(seen, rec) or rec.get("granted")):
            continue
        text = words(rec)
        if seen.seat["id"] != rec["player"]:
            text = f"{_officer_name(seen, rec[who])}'s {what} ({rec['id']}): {text}"
        granted = bool(rec.get("granted"))
        out.append({"type": type_, "text": text, **fields(rec), "granted": granted})
    return out


def transfer_words(rec: Mapping[str, Any]) -> str:
    """A Marine's change of ship, rolled as the season turned, e.g. "the Brigadier-General
    of Marines moves him from Caligula to Thermopylae (rolled 5, favours +2, needed 7)"."""
    if rec.get("lapsed"):
        return "the request lapses (he is no longer a Private or Subaltern of Marines)"
    if rec.get("waiting"):
        return "his ship is at sea: the request is rolled when she is home"
    was = rules.briny_ship(rec["ship"])["name"]
    verdict = (
        f"the Brigadier-General of Marines moves him from {was} to "
        f"{rules.briny_ship(rec['to'])['name']}"
        if rec["granted"]
        else f"the Brigadier-General of Marines keeps him in {was}"
    )
    return _rolled(verdict, rec)


def _transfers(seen: Seen) -> list[Notice]:
    """The Marines' changes of ship rolled as the season turned: in words to the Marine,
    those who brought favours to bear and the GM, granted or not; to the others when
    granted."""
    return _rolls_told(
        seen,
        ("transfers", "transfer", "change of ship", "officer"),
        transfer_words,
        lambda rec: {"officer": rec["officer"], "ship": rec.get("to") or rec["ship"]},
    )


def _asker_words(seen: Seen, name: str) -> str:
    """Who announced a decision, as the seat reads it: "You" to his player, his name and
    his seat's to the GM, his name to the others."""
    if seen.seat["id"] == seen.data["player"]:
        return "You"
    if seen.seat["role"] == "gm":
        return f"{name} ({seen.name(seen.data['player'])})"
    return name


def transfer_asked(seen: Seen) -> list[Notice]:
    """A Marine's change of ship requested, announced: to every seat, for favours for or
    against before the season moves on."""
    data = seen.data
    who = _asker_words(seen, f"{data['rank']} {data['name']}")
    text = (
        f"{who} request{'' if who == 'You' else 's'} a change of ship from "
        f"{rules.briny_ship(data['ship'])['name']} ({data['id']}): the Brigadier-General of "
        "Marines grants it on 7 on a die when the season moves on; anyone may bring favours "
        "to bear for or against"
    )
    return [
        {
            "type": "transfer",
            "text": text,
            "officer": data["officer"],
            "ship": data["ship"],
            "granted": False,
        }
    ]


def favour_asked(seen: Seen) -> list[Notice]:
    """A favour asked of an NPC favourer, announced: to every seat, for favours for or
    against before the season moves on."""
    data = seen.data
    asker = seen.state["officers"].get(data["asker"])
    who = _asker_words(seen, asker["name"] if asker else data["asker"])
    text = (
        f"{who} ask{'' if who == 'You' else 's'} the {data['post']} to favour the "
        f"{data['kind']} investment {data['investment']} ({data['id']}): 7 on a die when the "
        "season moves on; anyone may bring favours to bear for or against"
    )
    return [
        {
            "type": "favour",
            "text": text,
            "investment": data["investment"],
            "post": data["post"],
            "granted": False,
        }
    ]


def resignation_asked(seen: Seen) -> list[Notice]:
    """A resignation asked of an NPC, announced: to every seat, for favours for or against
    before the season moves on."""
    data = seen.data
    asker = seen.state["officers"].get(data["asker"])
    who = _asker_words(seen, asker["name"] if asker else data["asker"])
    text = (
        f"{who} ask{'' if who == 'You' else 's'} that {data['rank']} {data['name']} resign as "
        f"{data['appointment']} ({data['id']}): 7 on a die when the season moves on; anyone "
        "may bring favours to bear for or against"
    )
    return [
        {
            "type": "resignation",
            "text": text,
            "officer": data["officer"],
            "post": data["appointment"],
            "resigned": False,
        }
    ]


def appointment_influenced(seen: Seen) -> list[Notice]:
    """Favours brought to bear on an announced application or resignation: told to the
    influencer and to the GM, who rolls for the NPC."""
    data = seen.data
    if "modifier" not in data:
        return []
    favours = " and ".join(str(f) for f in data["favours"])
    words = (
        f"favours of class {favours} {data['wish']} {data['announcement']}: "
        f"{data['modifier']} on the die (Table B's class {data['needed']}), counted when the "
        "season moves on"
    )
    if seen.seat["role"] == "gm":
        officer = seen.state["officers"].get(data["officer"])
        name = officer["name"] if officer else data["officer"]
        text = f"{name} ({seen.name(seen.acting)}) brought {words}"
    else:
        text = f"Your influence: {words}"
    return [
        {
            "type": "influence",
            "text": text,
            "officer": data["officer"],
            "announcement": data["announcement"],
        }
    ]


def _renewals(seen: Seen) -> list[Notice]:
    """His appointment renewed, not renewed or lost to a promotion: a naval one in
    September, a government one in March (the GM is told each player's)."""
    out = []
    for rec in seen.data.get("appointments") or ():
        text = appointments.words(rec)
        if seen.seat["role"] == "gm":
            text = f"{seen.name(rec['player'])}: {text}"
        out.append(
            {
                "type": "appointment",
                "text": text,
                "officer": rec["officer"],
                "post": rec["appointment"],
            }
        )
    return out


def _service_turned(seen: Seen) -> list[Notice]:
    """His card of a year of service turned, and what it leaves him to choose (seed 000,
    Appendix II): told to the player whose character it is (his report's own outcome)."""
    out = []
    for oid, o in ((seen.view.get("report") or {}).get("yours") or {}).items():
        year = o.get("service") or {}
        if "offer" in year:
            text = (
                f"{o['name']}'s year of service: he turns {year['card']}; yours to choose: "
                f"{season.offer_words(year)} (the Report tab), before the autumn's turn "
                "moves on, or the dice choose"
            )
            out.append({"type": "service", "text": text, "officer": oid, "open": True})
    return out


def _titles(seen: Seen) -> list[Notice]:
    """His roll for a title after the summer's services (Briny TITLES), conferred or not
    (the GM is told each player's)."""
    out = []
    for rec in seen.data.get("titles") or ():
        text = titles.words(rec)
        if seen.seat["role"] == "gm":
            text = f"{seen.name(rec['player'])}: {text}"
        notice = {"type": "title", "text": text, "officer": rec["officer"]}
        out.append({**notice, "title": rec["title"], "granted": rec["granted"]})
    return out


def flag_seat_words(rec: Mapping[str, Any], name: str) -> str:
    """A seat that followed its character to flag rank, in words (docs/rules-notes.md "A
    seat follows a promotion to flag rank")."""
    relief = rec["relief"]
    left = (
        f"; {relief['rank']} {relief['name']} (NPC) takes command of {rec['was']}" if relief else ""
    )
    if rec["squadron"] is not None:
        return (
            f"{name}, promoted {rec['rank']}, hoists his flag in the {rec['squadron']} "
            f"squadron: the seat is that squadron's admiral's now, no longer "
            f"{rec['was']}'s captain's{left}"
        )
    flag = f"the {rec['flag']} squadron's" if rec["flag"] else "a squadron's"
    return (
        f"{name}, promoted {rec['rank']}, goes ashore and the seat with him: {flag} "
        f"admiral's seat is another's, and the GM may hand this seat a squadron "
        f"(reassign){left}"
    )


def _flag_seats(seen: Seen, data: Mapping[str, Any]) -> list[Notice]:
    """His seat gone with his character to flag rank: told to him and the GM (naming the
    seat)."""
    out = []
    for rec in data.get("seats") or ():
        officer = seen.state["officers"].get(rec["officer"])
        text = flag_seat_words(rec, officer["name"] if officer else rec["officer"])
        if seen.seat["role"] == "gm":
            text = f"{seen.name(rec['player'])}: {text}"
        notice = {"type": "seat_moved", "text": text, "seat": rec["player"]}
        out.append({**notice, "officer": rec["officer"], "squadron": rec["squadron"]})
    return out


def summer_over(seen: Seen) -> list[Notice]:
    return (
        _season(seen)
        + _service_turned(seen)
        + _renewals(seen)
        + _titles(seen)
        + _flag_seats(seen, seen.data)
    )


def service_chosen(seen: Seen) -> list[Notice]:
    """A year of service chosen: told to the player whose character it is, and to the GM."""
    data = seen.data
    if "service" not in data:
        return []
    officer = seen.state["officers"].get(data["officer"])
    name = officer["name"] if officer else data["officer"]
    text = f"{name}: {season.service_words(data['service'])}"
    if seen.seat["role"] == "gm":
        text = f"{text} ({seen.name(seen.acting)}'s choice)"
    return [{"type": "service", "text": text, "officer": data["officer"], "open": False}]


def appointment_decided(seen: Seen) -> list[Notice]:
    """An application decided: in words to the applicant and the GM; to the others, the
    appointment when it is granted. Announced to an NPC appointee: told to every seat, for
    their favours."""
    data = seen.data
    text = appointments.words(data)
    if data.get("title"):  # the King's roll for a title after a government post
        text = f"{text}; {titles.words(data['title'])}"
    mine = seen.seat["id"] == data["player"]
    officer = seen.state["officers"].get(data["officer"])
    name = officer["name"] if officer else data["officer"]
    if data.get("announced") and not mine:
        text = (
            f"{name} applies for {data['appointment']} ({data['announced']}), announced to the "
            f"NPC {data['appointee']}: rolled when the season moves on; anyone may bring "
            "favours to bear for or against"
        )
    elif not mine and seen.seat["role"] != "gm":
        if not data["granted"]:
            return []
        text = f"{name} appointed {data['appointment']}"
    elif not mine:
        text = f"{seen.name(data['player'])}: {text}"
    return [
        {
            "type": "appointment",
            "text": text,
            "officer": data["officer"],
            "post": data["appointment"],
            "granted": data["granted"],
        }
    ]


def ship_applied(seen: Seen) -> list[Notice]:
    """An application to a ship by Ship Table A: in words to the applicant and the GM
    ("Thermopylae: accepted (rolled 4 less 1, needed 2)"); to the others, announced, the
    command he took when accepted."""
    data = seen.data
    text = ship_tables.words(data)
    mine = seen.seat["id"] == data["player"]
    if not mine and seen.seat["role"] != "gm":
        if not data["accepted"]:
            return []
        officer = seen.state["officers"].get(data["officer"])
        name = officer["name"] if officer else data["officer"]
        text = f"{name} takes command of {rules.briny_ship(data['ship'])['name']}"
    elif not mine:
        text = f"{seen.name(data['player'])}: {text}"
    return [
        {
            "type": "ship_application",
            "text": text,
            "officer": data["officer"],
            "ship": data["ship"],
            "accepted": data["accepted"],
        }
    ]


def rank_bought(seen: Seen) -> list[Notice]:
    """A captaincy bought by Ship Table B: told to him and the GM."""
    data = seen.data
    if "price" not in data:
        return []
    ship = rules.briny_ship(data["ship"])["name"]
    text = f"a {data['row']}'s captaincy ({ship}'s row) bought for {data['price']} guineas"
    who = "You" if seen.seat["role"] != "gm" else seen.name(seen.acting)
    return [
        {
            "type": "rank_bought",
            "text": f"{who}: {text}; {data['funds']} guineas left",
            "officer": data["officer"],
            "rank": data["rank"],
        }
    ]


def pay_drawn(seen: Seen) -> list[Notice]:
    """A month's pay drawn by Ship Table B: told to him and the GM."""
    data = seen.data
    if "pay" not in data:
        return []
    who = "You" if seen.seat["role"] != "gm" else seen.name(seen.acting)
    return [
        {
            "type": "pay",
            "text": f"{who}: pay for {data['month']} as a {data['row']}, {data['pay']} guineas "
            f"and {data['status']} Status Points"
            + (f"; his title's pension, {data['pension']} guineas" if data.get("pension") else ""),
            "officer": data["officer"],
            "month": data["month"],
        }
    ]


def substituted(seen: Seen) -> list[Notice]:
    """A substitution (Briny 001:903-907): in words to him and the GM; to the others when
    made ("Halcyon sails in place of Achilles")."""
    data = seen.data
    text = substitutions.words(data)
    mine = seen.seat["id"] == data["player"]
    if not mine and seen.seat["role"] != "gm":
        if not data["granted"]:
            return []
        name = {c: rules.briny_ship(c)["name"] for c in (data["ship"], data["replaces"])}
        text = f"{name[data['ship']]} sails in place of {name[data['replaces']]}"
    elif not mine:
        text = f"{seen.name(data['player'])}: {text}"
    return [
        {
            "type": "substitution",
            "text": text,
            "ship": data["ship"],
            "replaces": data["replaces"],
            "granted": data["granted"],
        }
    ]


def orders_words(orders: Mapping[str, Any]) -> str:
    """Conditional orders in words: "reckless bravery, 2; would decline a promotion"."""
    words = []
    if orders.get("poltroonery"):
        words.append(f"poltroonery, {orders['poltroonery']} more needed on his death roll")
    if orders.get("bravery"):
        words.append(f"reckless bravery, {orders['bravery']} less needed for death")
    if orders.get("decline_promotion"):
        words.append("he would decline a promotion for a mention in despatches")
    return "; ".join(words) or "none: he sails as the dice have it"


def study(seen: Seen) -> list[Notice]:
    """Weeks at the Royal Naval Academy: told to the player whose character studies, and
    to the GM."""
    data = seen.data
    if "weeks" not in data:
        return []
    officer = seen.state["officers"].get(data["officer"])
    name = officer["name"] if officer else data["officer"]
    text = (
        f"{name} studies {data['weeks']} week(s) at the Royal Naval Academy for "
        f"{data['guineas']} guineas: his Naval Ability is {data['na']}"
    )
    return [{"type": "academy", "text": text}]


#: a court-martial's verdict in words (BtQ 000:1353, "Punishments")
VERDICT_WORDS = {
    "acquitted": "acquitted",
    "dismissal from command": "found guilty and dismissed from his command",
    "reduction in rank": "found guilty and reduced in rank to {rank}",
}


def court_martial(seen: Seen) -> list[Notice]:
    """A court-martial sat: told to every seat (Briny 001:1101: "will face a Court Martial
    when they return"), e.g. "Court-martial of Captain Jack Aubrey (captain's battle result
    6, 1805 summer): found guilty and dismissed from his command; Post Captain Arthur
    Cockburn (NPC) takes command of FG; his seat goes ashore with him till the GM hands it a
    ship (reassign)", and the courts he faces still."""
    data = seen.data
    if "verdict" not in data:
        return []
    officer = seen.state["officers"].get(data["officer"])
    name = officer["name"] if officer else data["officer"]
    verdict = VERDICT_WORDS[data["verdict"]].format(rank=data["rank"])
    text = f"Court-martial of {data['was']} {name} ({data['reason']}, {data['season']}): {verdict}"
    relief = data.get("relief")
    if relief:
        text += f"; {relief['rank']} {relief['name']} (NPC) takes command of {data['left']}"
    if data.get("seat"):
        command = "a squadron" if data["role"] == "admiral" else "a ship"
        # (an admiral reduced below flag rank: his seat a captain's now)
        reduced = data["was"] in rules.ADMIRAL_RANKS and data["role"] == "captain"
        now = ", a captain's now," if reduced else ""
        text += f"; his seat{now} goes ashore with him till the GM hands it {command} (reassign)"
    pending = data.get("pending") or 0
    if pending:
        more = "another court-martial" if pending == 1 else f"{pending} more courts-martial"
        text += f"; he faces {more}"
    return [{"type": "court_martial", "text": text, "officer": data["officer"]}]


def _named(seen: Seen, officer_id: str) -> str:
    officer = seen.state["officers"].get(officer_id)
    return officer["name"] if officer else officer_id


def embezzled(seen: Seen) -> list[Notice]:
    """An embezzlement and its discovery roll (Briny 001:1164-1206): told to him and to the
    GM in words; to his ship's player captain only when found out, for his choice."""
    data = seen.data
    if "dice" not in data:
        return []
    name = _named(seen, data["officer"])
    roll = f"{data['roll']} + {data['modifier']}" if data["modifier"] else f"{data['roll']}"
    head = (
        f"{data['guineas']} guineas as {data['post']}: discovery roll {roll} = "
        f"{data['total']}, {data['noticed']} noticed"
    )
    captain = _named(seen, data["captain"]) if data["captain"] else None
    if not data["found_out"]:
        fate = "not found out"
    elif captain:
        fate = f"found out; Captain {captain} chooses whether to ignore the offence"
    else:
        fate = "found out: a court-martial awaits"
    if data["short"]:
        fate += "; short weight: -1 on every squadron's battle result die until September"
    if seen.seat["role"] == "gm":
        text = f"{name} ({seen.name(seen.acting)}) embezzled {head}: {fate}"
    elif seen.acting == seen.seat["id"]:
        text = f"You embezzled {head}: {fate}"
    else:  # the captain who decides
        text = (
            f"{name}, {data['post']} of your ship, is found out embezzling {data['guineas']} "
            "guineas: ignore the offence, or have him court-martialled (the Orders panel)"
        )
    notice = {"type": "embezzlement", "text": text, "officer": data["officer"]}
    return [{**notice, "found_out": data["found_out"]}]


def offence_decided(seen: Seen) -> list[Notice]:
    """A player captain's choice on his ship's embezzler found out (Briny 001:1172): told
    to the embezzler, the captain and the GM."""
    data = seen.data
    if "ignore" not in data:
        return []
    name, captain = _named(seen, data["officer"]), _named(seen, data["captain"])
    what = f"the offence of {name}, {data['post']} ({data['guineas']} guineas)"
    fate = "ignored: no court-martial" if data["ignore"] else "reported: a court-martial awaits"
    text = f"Captain {captain}: {what} {fate}"
    return [{"type": "offence", "text": text, "officer": data["officer"], "ignore": data["ignore"]}]


#: what lifts a disgrace, in words (Briny 001:335, 001:359)
DISGRACE_WORDS = {
    "debt": "an unpaid debt: he remains with it until he is able to pay",
    "duel": "a duel: he cannot return until he is Mentioned in Despatches",
}


def disgraced(seen: Seen) -> list[Notice]:
    """A disgrace declared or a debt's cleared: told to every seat (a public event), e.g.
    "Captain Jack Aubrey is disgraced (a duel: ...) and joins the Blockade ship Mercury"."""
    data = seen.data
    if "cause" not in data:
        return []
    officer = seen.state["officers"].get(data["officer"])
    name = f"{officer['rank']} {officer['name']}" if officer else data["officer"]
    if data["cause"] == "cleared":
        text = f"{name} has paid his debt: his disgrace is lifted, and he may leave the Blockade"
    else:
        where = (
            f"the Blockade ship {rules.briny_ship(data['ship'])['name']}"
            if data["ship"]
            else "the Blockade squadron"
        )
        text = f"{name} is disgraced ({DISGRACE_WORDS[data['cause']]}) and joins {where}"
    return [{"type": "disgrace", "text": text, "officer": data["officer"], "cause": data["cause"]}]


def conditional_orders(seen: Seen) -> list[Notice]:
    """Conditional orders given (Briny, POLTROONERY, RECKLESS BRAVERY): told to the GM, who
    rolls the summer, and to the player whose they are; no one else hears of them."""
    data = seen.data
    if "orders" not in data:
        return []
    officer = seen.state["officers"].get(data["officer"])
    name = officer["name"] if officer else data["officer"]
    words = orders_words(data["orders"])
    if seen.seat["role"] == "gm":
        text = f"Orders for {name} this summer ({seen.name(seen.acting)}): {words}"
    else:
        text = f"Your orders for {name} this summer: {words}"
    return [{"type": "orders", "text": text, "officer": data["officer"]}]


def influence_words(data: Mapping[str, Any]) -> str:
    """An influence on the Prime Minister in words: the favours, the die, what came of it."""
    favours = " and ".join(str(f) for f in data["favours"])
    brought = "" if data["combined"] == data["favours"] else f" (combined: {data['combined']})"
    moved = abs(data["ships"])
    came = (
        f"he will send {'one ship' if moved == 1 else 'two ships'} {data['wish']} when he decides"
        if moved
        else "he is not swayed"
    )
    return (
        f"favours of class {favours}{brought} for {data['wish']} ships: die "
        f"{data['die']} + {data['modifier']} = {data['total']}, {came}"
    )


def influenced(seen: Seen) -> list[Notice]:
    """Favours brought to bear on the NPC Prime Minister (Briny 001:1306): told to the
    influencer and to the GM, who rolls for the Prime Minister; no one else hears of it."""
    data = seen.data
    if "die" not in data:
        return []
    words = influence_words(data)
    if seen.seat["role"] == "gm":
        officer = seen.state["officers"].get(data["officer"])
        name = officer["name"] if officer else data["officer"]
        text = f"{name} ({seen.name(seen.acting)}) influenced the Prime Minister: {words}"
    else:
        text = f"Your influence with the Prime Minister: {words}"
    return [{"type": "influence", "text": text, "officer": data["officer"], "ships": data["ships"]}]


def message(seen: Seen) -> list[Notice]:
    said = seen.data
    me = seen.seat
    if said["seat"] == me["id"]:
        return []  # his own words
    to_me = (
        said["to"] == "all" or said["to"] == me["id"] or (said["to"] == "gm" and me["role"] == "gm")
    )
    if not to_me:
        return []  # a private message the GM overhears: in the talk, not a notice
    scope = "to all" if said["to"] == "all" else "to you"
    return [
        {
            "type": "message",
            "text": f"{said['name']} ({scope}): {said['text']}",
            "from": said["seat"],
            "name": said["name"],
            "to": said["to"],
            "message": said["text"],
        }
    ]


def skirmished(seen: Seen) -> list[Notice]:
    """A cutting-out expedition or a landing party fought (BtQ, "The Skirmish Rules"): told
    to her captain, her squadron's admiral and the GM, in words and fields."""
    data = seen.data
    if "victory" not in data:
        return []
    return [
        {
            "type": "skirmish",
            "text": data["text"],
            "ship": data["ship"],
            "mission": data["mission"],
            "port": data["port"],
            "day": data["day"],
            "victory": data["victory"],
            "health": dict(data["health"]),
            "morale": data["morale"],
        }
    ]


# -- what moves the game: the cabinet, the clock, the seats, the GM's acts ------------------


def date_words(iso: str | None) -> str:
    """A game date of a view (ISO 8601) in words.

    >>> date_words("1805-06-04")
    '4 June 1805'
    """
    if not iso:
        return "the same day"
    day = dt.date.fromisoformat(iso)
    return f"{day.day} {day:%B %Y}"


def _by(seen: Seen) -> str:
    """Who sent the event, in words: the GM (for a seat he acted for), or the seat."""
    who = seen.name(seen.author)
    if seen.acting != seen.author:
        return f"{who}, for {seen.name(seen.acting)},"
    return who


#: Table F's two digits, by the action that chooses each (Briny, Campaign Determination)
_DIGIT_WORDS = {
    "set_ships": "the number of ships (Table F's first digit)",
    "set_deployment": "the deployment (Table F's second digit)",
}


def digit_chosen(seen: Seen) -> list[Notice]:
    """A minister's Table F digit: told to him and to the GM, who rolls the force; secret
    from every other seat till the roll (Briny, Campaign Determination)."""
    if "digit" not in seen.data:
        return []
    what = _DIGIT_WORDS[seen.kind]
    if seen.seat["role"] == "gm":
        text = f"{seen.name(seen.acting)} chose {what}: {seen.data['digit']}"
    else:
        text = f"You chose {what}: {seen.data['digit']}"
    return [{"type": "cabinet", "text": text, "digit": seen.data["digit"]}]


def force_rolled(seen: Seen) -> list[Notice]:
    """The cabinet's force rolled and the summer begun: told to every seat, each from its
    own view (the digits and the ships at sea to the players, the date to all)."""
    head = f"the summer of {seen.view.get('year')} begins ({date_words(seen.view.get('date'))})"
    cabinet = seen.view.get("cabinet") or {}
    if cabinet.get("roll") is None:  # an observer sees no cabinet
        return [{"type": "force", "text": f"The cabinet's force is rolled: {head}", "roll": None}]
    rolled = (seen.data.get("rolled") or {}).keys()
    dice = [w for key, w in _MINISTERS_DIGITS if key in rolled]
    by_dice = f" ({' and '.join(dice)} rolled)" if dice else ""
    deployment = seen.view.get("deployment") or ()
    squadrons = sorted({s["squadron"] for s in deployment if s["squadron"]})
    at_sea = f": {len(deployment)} ships on campaign, the {_and(squadrons)} squadrons"
    text = f"The cabinet's force is rolled, Table F {cabinet['roll']}{by_dice}{at_sea}; {head}"
    return [{"type": "force", "text": text, "roll": cabinet["roll"]}]


#: the ministers' digits of Table F, in words
_MINISTERS_DIGITS = (
    ("ships_digit", "the Prime Minister's digit"),
    ("deployment_digit", "the First Sea Lord's digit"),
)


def _and(names: list[str]) -> str:
    """Names in words: "Blue", "Blue and Red", "Blockade, Blue and Red"."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1] if names else "")))


def everyone_ready(seen: Seen) -> list[Notice]:
    """A seat ready that made every seated player ready, told to the GM when the turn clock
    will not move the turn for them (none runs, the campaign is paused, a fight is open):
    the turn is his to move on (server.game.clock)."""
    if seen.seat["role"] != "gm" or not seen.data.get("ready"):
        return []
    if not clock.all_ready(seen.state) or clock.due(seen.state, _LONG_AGO) == "ready":
        return []  # somebody is not ready; or the clock moves the turn now (its own notice)
    text = "Every player is ready: the turn is yours to move on (no turn clock moves it now)"
    return [{"type": "ready", "text": text}]


#: a time before any deadline: the clock's ``due`` at it says only what is due at once
_LONG_AGO = dt.datetime(1, 1, 1, tzinfo=dt.UTC)


def _minutes(seconds: int | None) -> str:
    if seconds is None:
        return "no limit"
    minutes = seconds / 60
    return f"{minutes:g} minute{'' if minutes == 1 else 's'}"


def clock_words(clock_set: Mapping[str, Any]) -> str:
    """The turn clock in words: "3 days a turn, a turn lasts 10 minutes, a battle round
    waits 2 minutes"."""
    days = clock_set["turn_days"]
    turn = (
        f"a turn lasts {_minutes(clock_set['turn_seconds'])}"
        if clock_set["turn_seconds"] is not None
        else "the GM moves each turn on by hand"
    )
    rounds = (
        f"a battle round waits {_minutes(clock_set['round_seconds'])}"
        if clock_set["round_seconds"] is not None
        else "a battle round waits for its captains"
    )
    return f"{days} day{'' if days == 1 else 's'} a turn, {turn}, {rounds}"


def _deadline_words(deadline: str | None) -> str:
    if not deadline:
        return "no deadline"
    at = clock.parse_time(deadline)
    return f"{at.day} {at:%B %Y, %H:%M} UTC"


def table_set(seen: Seen) -> list[Notice]:
    """The GM's pause, resume, deadline or clock: told to every seat but his (the players
    wait on them), in words, from the view's head after it."""
    if seen.author == seen.seat["id"]:
        return []
    who = seen.name(seen.author)
    head = seen.view
    deadline = _deadline_words(head.get("deadline"))
    if seen.kind == "pause":
        text = f"{who} paused the campaign: the turn clock waits till he resumes it"
    elif seen.kind == "resume":
        text = f"{who} resumed the campaign: the turn's deadline is {deadline}"
    elif seen.kind == "set_deadline":
        text = f"{who} set the turn's deadline: {deadline}"
    else:
        text = f"{who} set the turn clock: {clock_words(head['clock'])}"
    return [{"type": "clock", "text": text, "deadline": head.get("deadline")}]


def moved_on(seen: Seen) -> list[Notice]:
    """A turn the GM moved on by hand (the clock's own say so: :func:`_clock`): told to
    every seat that reads the event, with the date it comes to."""
    if seen.author is None or seen.author == seen.seat["id"]:
        return []
    days = seen.data.get("days")
    span = f" {days} day{'' if days == 1 else 's'}," if days else ""  # (not an observer's)
    date = seen.view.get("date")
    text = f"{seen.name(seen.author)} moved the campaign on{span} to {date_words(date)}"
    return [{"type": "turn", "text": text, "due": None}]


def _money_who(seen: Seen) -> str:
    return "You" if seen.seat["role"] != "gm" else seen.name(seen.acting)


def invested(seen: Seen) -> list[Notice]:
    """An investment made (Briny, INVESTMENT): a pre-monthly action of his own, announced
    to no one; told to him and to the GM."""
    if "investment" not in seen.data:
        return []
    i = seen.data["investment"]
    text = (
        f"{_money_who(seen)} invested {i['guineas']} guineas in {i['kind']}, paid by the "
        f"summer of {i['year']}'s campaign: {seen.data['funds']} guineas left"
    )
    return [{"type": "investment", "text": text, "investment": i["id"], "kind": i["kind"]}]


def liquidated(seen: Seen) -> list[Notice]:
    """An investment liquidated "for the capital in them minus a 10% liquidation fee"
    (Briny, INVESTMENT): told to him and to the GM."""
    data = seen.data
    if "fee" not in data:
        return []
    held = next(
        (i for i in seen.state.get("investments", ()) if i["id"] == data["investment"]), None
    )
    what = f"the {held['kind']} investment" if held else "an investment"
    text = (
        f"{_money_who(seen)} liquidated {what} for {data['guineas']} guineas (a fee of "
        f"{data['fee']}): {data['funds']} guineas now"
    )
    kind = held["kind"] if held else None
    return [{"type": "investment", "text": text, "investment": data["investment"], "kind": kind}]


def investor_favoured(seen: Seen) -> list[Notice]:
    """A player holder's favour (Briny 001:1303-1304): told to him and to the GM."""
    data = seen.data
    if "flag" not in data:
        return []
    held = next(
        (i for i in seen.state.get("investments", ()) if i["id"] == data["investment"]), None
    )
    whose = _officer_name(seen, held["officer"]) if held else data["investment"]
    favour = "his arms supplier" if data["flag"] == "supplier" else "his favoured financier"
    text = f"{_money_who(seen)} as {data['post']}: {whose}'s investment made {favour}"
    return [
        {
            "type": "favour",
            "text": text,
            "investment": data["investment"],
            "post": data["post"],
            "granted": True,
        }
    ]


def _ship_name(code: str | None) -> str:
    return rules.briny_ship(code)["name"] if code else "no ship"


def _berth_words(role: str, squadron: str | None, ship: str | None) -> str:
    if role == "admiral":
        return f"the {squadron} squadron" if squadron else "no squadron"
    return _ship_name(ship)


def reassigned(seen: Seen) -> list[Notice]:
    """A seat handed to another command: told to every seat (the seats are public), its
    own in the second person."""
    data = seen.data
    seat = seen.state["seats"][data["seat"]]
    now = _berth_words(seat["role"], data["squadron"], data["ship"])
    was = _berth_words(
        seat["role"],
        data["was"] if seat["role"] == "admiral" else None,
        data["was"] if seat["role"] == "captain" else None,
    )
    whose = "Your seat" if seat["id"] == seen.seat["id"] else f"{seat['name']}'s seat"
    text = f"{whose} now commands {now}, not {was}"
    if data["officer"]:
        text += f"; {_officer_name(seen, data['officer'])} goes with it"
    if data["relieved"]:
        text += f", and {_officer_name(seen, data['relieved'])} takes {was}"
    return [{"type": "seat_reassigned", "text": text, "seat": seat["id"], "role": seat["role"]}]


def seat_revoked(seen: Seen) -> list[Notice]:
    """A seat revoked: told to every seat (and to it: its link opens nothing more)."""
    seat = seen.state["seats"][seen.data["seat"]]
    if seat["id"] == seen.seat["id"]:
        text = "The GM revoked your seat: its link opens nothing more"
    else:
        text = (
            f"{seat['name']}'s seat ({_role_words(seat)}) is revoked: it stands vacant till the "
            "GM hands it on, and nobody waits for it"
        )
    return [_seat_news("seat_revoked", cast(dict[str, Any], seat), text)]


def officer_seated(seen: Seen) -> list[Notice]:
    """A character made and seated: told to every seat but the one that made him (his own
    seat in the second person when the GM made him); a character made for no seat yet is
    the GM's own business."""
    officer = seen.data.get("officer") or {}
    player = officer.get("player")
    if not player or seen.author == seen.seat["id"]:
        return []
    name = f"{officer['rank']} {officer['name']}"
    seat = seen.state["seats"].get(player)
    if player == seen.seat["id"]:
        text = f"{seen.name(seen.author)} made your character: {name}"
    elif seat is not None:
        text = f"{name} takes the seat of {seat['name']}, {_role_words(seat)}"
    else:
        return []
    return [{"type": "officer", "text": text, "officer": officer["id"], "seat": player}]


def voyage_shown(seen: Seen) -> list[Notice]:
    """A planned voyage the GM shows: told to the seats it is shown to (not him)."""
    if seen.author == seen.seat["id"] or "voyage" not in seen.data:
        return []
    shown = next(
        (v for v in seen.view.get("voyages") or () if v["id"] == seen.data["voyage"]), None
    )
    if shown is None:
        return []
    stops = ", ".join(place_words(s) for s in shown["stops"])
    text = f"{seen.name(seen.author)} shows you a voyage of a {shown['ship']}: {stops} (the map)"
    return [{"type": "voyage", "text": text, "voyage": shown["id"]}]


#: a standing order in words (server.game.engagements.decide_standing's fields)
_STANDING_WORDS = {
    "move": "{}",
    "shot": "loaded with {}",
    "range": "at range {}",
    "repair": "repairs: {}",
    "muskets": "muskets: {}",
    "prep": "before a chase: {}",
}


def standing_words(orders: Mapping[str, Any] | None) -> str:
    """Standing orders in words: "close, chain shot, at range 2"; none: cleared."""
    if not orders:
        return "none: the GM's NPC policy fights his ships"
    if orders.get("strike"):
        words = ["strike"]
    else:
        words = []
    words += [_STANDING_WORDS[k].format(v) for k, v in orders.items() if k in _STANDING_WORDS]
    return ", ".join(words)


def standing_given(seen: Seen) -> list[Notice]:
    """A captain's or admiral's standing orders for a round he does not order: told to him
    and to the GM, who has such rounds fought."""
    if "orders" not in seen.data:
        return []
    words = standing_words(seen.data["orders"])
    if seen.seat["role"] == "gm":
        text = f"Standing orders of {seen.name(seen.acting)}: {words}"
    else:
        text = f"Your standing orders: {words}"
    return [{"type": "standing_orders", "text": text}]
