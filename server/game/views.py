"""What each seat may see: snapshots and events cut down on the server, never in the browser.

The GM sees everything. Players (ministers, admirals, captains) see every British force, an
enemy force only while a British force is within sighting range of it (and never its orders
or route), their own pending cabinet choice but not another's, and no GM notes. Observers see
the public status only: campaign, phase, date, seats and who is ready, and the season report.
A voyage the GM shows (``show_voyage``) is seen by the seats it is shown to and the GM only.
Table talk (``say``): a message to all reaches every seat, observers too; a private one its
sender, its recipient and the GM only (:func:`hears`).
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import compress, count
from operator import ne
from typing import Any, cast

import jsonpatch

from server.game import skirmishes
from server.game.announcements import announcements
from server.game.appointments import choices as appointment_choices
from server.game.authority import AT_SEA
from server.game.embezzlement import choices as embezzlement_choices
from server.game.engagements import odds_match
from server.game.errors import ActionError
from server.game.favours import favours_for
from server.game.money import favourable as money_favourable
from server.game.money import investments_for
from server.game.notices import orders_words
from server.game.officers import berth_of, seat_officer
from server.game.rules import (
    HEALTH_LEVELS,
    PRIME_MINISTER_FAVOUR,
    hero_points,
    hull_struck,
    measures_now,
    rations_store,
    shame_points,
    ship_rating,
    strength_points,
    titled_social_level,
)
from server.game.season import report_for
from server.game.ship_tables import choices as ship_choices
from server.game.sighting import SIGHTING_NM, distance_nm
from server.game.spec import Spec
from server.game.state import (
    PLAYERS,
    Force,
    OfficerRecord,
    SeasonRecord,
    Seat,
    ShownVoyage,
    State,
    YearRecord,
    current_year,
    month_of,
    season_date,
    season_days,
)

__all__ = [
    "audiences",
    "month_now",
    "hears",
    "SECTIONS",
    "public_data",
    "seating",
    "Section",
    "Tracker",
    "changes",
    "event_data",
    "payload",
    "track",
    "is_gm",
    "odds_for",
    "officer_for",
    "public_officer",
    "public_seat",
    "rated",
    "shown_to",
    "state_for",
    "visible_forces",
]

#: what every seat sees of an officer of the fleet (the rest is his and the GM's)
PUBLIC_OFFICER = ("id", "name", "rank", "player", "dead", "appointment")


def _copied(value: Any) -> Any:
    """A copy of a part of the state, nothing shared with it (the state changes in place;
    what a seat was sent must not): pickled and read back, many times quicker than
    ``copy.deepcopy`` on the state's plain data."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def is_gm(seat: Seat) -> bool:
    return seat["role"] == "gm"


def shown_to(voyage: ShownVoyage, seat: Seat) -> bool:
    """Whether ``seat`` sees a voyage the GM showed: the GM always, every seat when it was
    shown to ``"all"``, else the seats it names."""
    return is_gm(seat) or voyage["to"] == "all" or seat["id"] in voyage["to"]


def hears(data: dict[str, Any], seat: Seat) -> bool:
    """Whether ``seat`` reads a ``say`` event: a message to ``all`` reaches every seat, an
    observer's too; a private one (to ``gm`` or to a seat) its sender, its recipient and
    the GM only."""
    if data["to"] == "all" or is_gm(seat):
        return True
    return seat["id"] in (data["seat"], data["to"])


def _said(data: dict[str, Any], after: State) -> dict[str, Any]:
    """A message as those who read it get it: who sent it (his seat's name then), to whom,
    the text and the day; the same for every reader, the GM's ``as`` and args left out."""
    sender = after["seats"].get(data["seat"])
    return {
        "seat": data["seat"],
        "name": sender["name"] if sender else data["seat"],
        "to": data["to"],
        "text": data["text"],
        "day": data["day"],
    }


#: what every seat sees of a seat, its fields in their order: all that a seat's record holds
#: (the state holds no token)
_PUBLIC_SEAT: dict[str, Any] = dict.fromkeys(
    ("id", "role", "name", "squadron", "ship", "officer", "ready"), None
) | {"vacant": False}


def public_seat(seat: Seat) -> dict[str, Any]:
    """What every seat sees of a seat (built for every seat at every event: one merge)."""
    public = {**_PUBLIC_SEAT, **seat}
    if len(public) != len(_PUBLIC_SEAT):  # a field of the record no seat is shown
        return {key: public[key] for key in _PUBLIC_SEAT}
    return public


def month_now(state: State) -> str:
    """The campaign's month now, ``"YYYY-MM"`` (its game date's: :func:`season_date`)."""
    date = season_date(state)
    return f"{date.year:04d}-{date.month:02d}"


def officer_for(officer: OfficerRecord, seat: Seat, month: str | None = None) -> dict[str, Any]:
    """What ``seat`` sees of an officer: all of him for the GM and for his own player (and,
    mentioned in despatches, his ``hero`` status in ``month``); his name, rank, berth and
    whether he lives for everyone else (the officers are all of the British fleet: the
    enemy's are never in the state)."""
    if is_gm(seat) or (officer["player"] is not None and officer["player"] == seat["id"]):
        whole = {**_copied(officer), "berth": berth_of(officer)}
        mentions = officer.get("mentions")
        if mentions and month is not None:  # a public hero (Briny 001:1084)
            points = hero_points(mentions, month)
            whole["hero"] = {"mentions": len(mentions), "month": month, "points": points}
        shames = officer.get("shames")
        if shames and month is not None:  # a poltroon found out (Briny 001:1062)
            lost = shame_points(shames, mentions or (), month)
            whole["poltroon"] = {"found_out": len(shames), "month": month, "lost": lost}
        if officer.get("spent"):  # his Measures as they stand this Naval Mission (BtQ)
            whole["measures_now"] = measures_now(officer)
        if officer.get("orders"):  # his conditional orders in words, as his notice has them
            whole["orders_words"] = orders_words(officer["orders"])
        if officer.get("title"):  # the King's title raised his Social Level (Briny TITLES)
            whole["social_level"] = titled_social_level(officer)
        return whole
    return public_officer(officer)


def public_officer(officer: OfficerRecord) -> dict[str, Any]:
    public: dict[str, Any] = {k: officer.get(k) for k in PUBLIC_OFFICER}
    if officer.get("title"):  # a title the King conferred is gazetted
        public["title"] = officer["title"]
    if officer.get("disgrace"):  # a disgrace is the talk of the service (the seats panel)
        public["disgrace"] = dict(officer["disgrace"])
    return {**public, "berth": berth_of(officer)}


def rated(force: dict[str, Any]) -> dict[str, Any]:
    """A force's view with its ``rating`` for the chart's symbol: its largest afloat ship's
    (:func:`server.game.rules.ship_rating`; None when none is afloat); a ship bearing the
    sea's damage points with her ``strength`` (Strength Points) and the Hull boxes they
    would cross in a fight (``hull_struck``, :func:`server.game.rules.hull_struck`); one
    whose store of Rations is spent into with her full store (``rations_store``); one a
    storm struck with her Rigging boxes crossed by their level's name (``rigging_struck``)."""
    afloat = [s["type"] for s in force.get("ships", ()) if s.get("status", "afloat") == "afloat"]
    force["rating"] = ship_rating(afloat)
    for ship in force.get("ships", ()):
        if ship.get("damage"):
            battle_type = ship["name"] if ship.get("named") else ship["type"]
            ship["strength"] = strength_points(ship["type"])
            ship["hull_struck"] = hull_struck(battle_type, ship["type"], ship["damage"])
        if "rations" in ship:  # Rations spent (docs/rules-notes.md "Rations"), of her store
            ship["rations_store"] = rations_store(ship["type"])
        if ship.get("rigging"):  # a storm's Rigging boxes, by their damage level's name
            ship["rigging_struck"] = [HEALTH_LEVELS[v] for v in ship["rigging"]]
    return force


def visible_forces(state: State, seat: Seat) -> list[Force]:
    """The forces ``seat`` may see, as they may see them, each with its ``rating``."""
    return [rated(f) for f in _visible(state, seat)]  # type: ignore[misc]


def _visible(state: State, seat: Seat) -> list[Any]:
    forces = list(state["forces"].values())
    if is_gm(seat):
        return _copied(forces)
    if seat["role"] not in PLAYERS:
        return []
    british = [(f["lon"], f["lat"]) for f in forces if f["side"] == "Britain" and f["afloat"]]
    seen: list[Any] = []
    for force in forces:
        if force["side"] == "Britain":
            seen.append(_copied(force))
        elif force["afloat"] and any(
            distance_nm(p, (force["lon"], force["lat"])) <= SIGHTING_NM for p in british
        ):
            seen.append(
                {k: _copied(v) for k, v in force.items() if k not in ("orders", "route", "sorties")}
            )
    return seen


def _nations(state: State, record: Any) -> dict[str, list[str]]:
    """Each side's nations, in the order its forces came (``a`` is Britain's): what the
    battle panel names the sides by ("Britain: ...; France: ..."), never "side A"."""
    out: dict[str, list[str]] = {}
    for key, ships in record["sides"].items():
        seen: list[str] = []
        for ship in ships:
            force = state["forces"].get(ship["force"])
            nation = force["side"] if force else None
            if nation and nation not in seen:
                seen.append(nation)
        out[key] = seen
    return out


def _engagement(state: State, record: Any, hidden: tuple[str, ...]) -> dict[str, Any]:
    """An engagement's record but its ``hidden`` keys, and its battle's ``view`` without the
    engine's copy of the outcome, which the record's own ``outcome`` holds once over; with
    its sides' ``nations`` (:func:`_nations`)."""
    seen = {k: _copied(v) for k, v in record.items() if k not in hidden}
    if isinstance(seen.get("view"), dict):
        seen["view"].pop("outcome", None)
    seen["nations"] = _nations(state, record)
    return seen


def sees_engagements(seat: Seat) -> bool:
    """Whether ``seat`` sees the engagements: the GM and the players, not an observer."""
    return is_gm(seat) or seat["role"] in PLAYERS


def odds_for(state: State, seat: Seat, engagement_id: str) -> dict[str, Any]:
    """What a preview of engagement ``engagement_id``'s odds fights for ``seat``
    (:func:`server.game.engagements.odds_match`: its ships with their drawn crews, as the
    fight itself has them), a copy; only of an engagement the seat sees."""
    if not sees_engagements(seat):
        raise ActionError("forbidden", "an observer sees no engagement")
    record = state["engagements"].get(engagement_id)
    if record is None:
        raise ActionError("not_found", f"no engagement {engagement_id!r}")
    return cast(dict[str, Any], _copied(odds_match(record)))


def _engagements(state: State, seat: Seat) -> list[Any]:
    """Engagements as ``seat`` may see them: players never get a battle's seed (it would
    tell the cards to come) nor other captains' orders pending for the next round."""
    if is_gm(seat):
        return [_engagement(state, e, ()) for e in state["engagements"].values()]
    if not sees_engagements(seat):
        return []
    return [
        _engagement(state, e, ("battle", "key", "pending")) for e in state["engagements"].values()
    ]


def _cabinet(state: State, seat: Seat) -> dict[str, Any]:
    cab = dict(state["cabinet"])
    if "influence" in cab:  # the influences on the Prime Minister: the GM's (and each his own)
        if is_gm(seat):
            cab["influence"] = _copied(cab["influence"])
        else:
            del cab["influence"]
    if cab["roll"] is None and not is_gm(seat):  # pending choices are secret until the roll
        if seat["role"] != "prime-minister":
            cab["ships_digit"] = None
        if seat["role"] != "first-sea-lord":
            cab["deployment_digit"] = None
    return cab


def _head(state: State, seat: Seat) -> dict[str, Any]:
    """The public status: the campaign, its phase and date, the pause, deadline and clock
    (the GM also reads the campaign's seed)."""
    campaign = {k: state["campaign"][k] for k in ("id", "name", "year")}
    if is_gm(seat):
        campaign["seed"] = state["campaign"]["seed"]
    date = season_date(state)
    return {
        "campaign": campaign,
        "phase": state["phase"],
        "day": state["day"],
        "date": date.isoformat(),
        "month": month_of(state),
        "season_days": season_days(state),
        "paused": state["paused"],
        "deadline": state["deadline"],
        "clock": dict(state["clock"]),
        "year": current_year(state),
    }


def _officers(state: State, seat: Seat) -> dict[str, Any]:
    """Every officer as ``seat`` sees him, in the campaign's month now (read once)."""
    month = month_now(state)
    return {"officers": [officer_for(o, seat, month) for o in state["officers"].values()]}


def _head_reads(state: State) -> tuple[Any, ...]:
    """What :func:`_head` reads of the state (the seat's role aside)."""
    campaign = state["campaign"]
    return (
        tuple(campaign[k] for k in ("id", "name", "year", "seed")),
        *(state.get(k) for k in ("phase", "day", "year", "paused", "deadline")),
        dict(state["clock"]),
    )


def _plays(state: State, seat: Seat) -> bool:
    """Whether ``seat`` plays an officer of the fleet (who then reads all of him)."""
    return any(o["player"] == seat["id"] for o in state["officers"].values())


def _own_section(state: State, seat: Seat) -> dict[str, Any]:
    """A seat's own: its character's investments (the GM's: all), its standing, for a
    Victualling Board Supervisor or a Chancellor the investments he may favour, and his
    favours this season if he has any (the GM's: every seat's, ``favours_of``)."""
    out: dict[str, Any] = {
        "investments": investments_for(state, seat),
        "standing": _copied(
            state["standing"]
            if is_gm(seat)
            else {k: v for k, v in state["standing"].items() if k == seat["id"]}
        ),
    }
    if favourable := money_favourable(state, seat):
        out["favourable"] = favourable
    # what Ship Tables A and B let his character do now, the posts he may apply for this
    # season; the GM's for each seat's character, to act as its seat
    _own_and_of(out, state, seat, "ship_tables", ship_choices)
    _own_and_of(out, state, seat, "appointment_posts", appointment_choices)
    # his post's embezzlement, and his ship's embezzlers found out for a player captain
    _own_and_of(out, state, seat, "embezzlement", embezzlement_choices)
    # the announced applications and resignations, for favours for or against
    if (announced := announcements(state, seat)) is not None:
        out["announced"] = announced
    out.update(_boats(state, seat))
    if is_gm(seat):  # each seat's, for the GM to spend them as that seat
        every = {s["id"]: f for s in state["seats"].values() if (f := _favours(state, s))}
        if every:
            out["favours_of"] = every
    elif favours := _favours(state, seat):
        out["favours"] = favours
    return out


def _own_and_of(
    out: dict[str, Any],
    state: State,
    seat: Seat,
    key: str,
    choices: Callable[[State, Seat], Any],
) -> None:
    """``out[key]``: what ``choices`` offers the seat's character (when it offers him
    anything); the GM's ``out[key + "_of"]``: what it offers each seat's."""
    if (mine := choices(state, seat)) is not None:
        out[key] = mine
    if is_gm(seat):
        of = {s["id"]: choices(state, s) for s in state["seats"].values()}
        out[f"{key}_of"] = {sid: c for sid, c in of.items() if c is not None}


def _boats(state: State, seat: Seat) -> dict[str, Any]:
    """At sea (the summer, a volunteers' cruise after it), a captain's ship's boats
    (``skirmish``: the enemy ports she lies off, her officers; BtQ Skirmish Rules), the
    GM's every British ship off an enemy port (``skirmish_of``)."""
    if state["phase"] not in AT_SEA:
        return {}
    code = seat.get("ship") if seat["role"] == "captain" else None
    if code and (mine := skirmishes.boats(state, code)) is not None:
        return {"skirmish": mine}
    if is_gm(seat):
        near = (
            skirmishes.boats(state, s["code"], near_only=True)
            for f in state["forces"].values()
            if f["side"] == "Britain" and f["afloat"] and not f["port"]
            for s in f["ships"]
        )
        if of := {b["ship"]: b for b in near if b is not None}:
            return {"skirmish_of": of}
    return {}


def _favours(state: State, seat: Seat) -> dict[str, Any] | None:
    """The favours of the seat's character this season (Briny, INFLUENCE), what the Prime
    Minister needs, and his own influences on him this cabinet; None if he has none."""
    officer = seat_officer(state, seat)
    favours = favours_for(state, officer) if officer is not None else None
    if officer is None or not favours or not (favours["received"] or favours["spent"]):
        return None
    mine = [dict(i) for i in state["cabinet"].get("influence", ()) if i["officer"] == officer["id"]]
    return {**favours, "prime_minister": PRIME_MINISTER_FAVOUR, "influence": mine}


def _in_report(report: Any, seat: Seat) -> bool:
    """Whether the season report has a part for ``seat`` alone (:func:`report_for`: his
    officer's outcome, his investments' returns); the others read it alike."""
    if report is None or "outcomes" not in report:
        return False
    own = seat["id"]
    return any(o["player"] == own for o in report["outcomes"].values()) or any(
        r["player"] == own for r in report.get("returns", ())
    )


def _everyone(state: State, seat: Seat) -> str:
    return "all"


def _gm_or(key: Callable[[State, Seat], str]) -> Callable[[State, Seat], str]:
    return lambda state, seat: "gm" if is_gm(seat) else key(state, seat)


def _own(state: State, seat: Seat) -> str:
    return seat["id"]


@dataclass(frozen=True)
class Section:
    """One part of a seat's view (:func:`state_for`): the top-level fields it builds, which
    seats have it, and its audience: seats of one ``key`` see the same, so it is built once
    for them all."""

    name: str
    build: Callable[[State, Seat], dict[str, Any]]
    key: Callable[[State, Seat], str]
    observed: bool = True  # an observer's view has it
    gm_only: bool = False
    #: its key reads the state, not the seat alone: looked up again when the section is
    #: touched (any other key of a seat stays what it was)
    by_state: bool = False
    #: what of the state it reads, for every seat alike (a copy): where that is as it was
    #: when the section was last built, it is not built again nor compared (the head, which
    #: every event would otherwise rebuild)
    reads: Callable[[State], Any] | None = None

    def seen_by(self, seat: Seat) -> bool:
        if self.gm_only:
            return is_gm(seat)
        return self.observed or seat["role"] != "observer"


#: a seat's view, part by part, in the order of its fields
SECTIONS: tuple[Section, ...] = (
    Section("head", _head, _gm_or(_everyone), reads=_head_reads),
    Section(
        "seats", lambda s, seat: {"seats": [public_seat(x) for x in s["seats"].values()]}, _everyone
    ),
    Section(
        "years",
        lambda s, seat: {"years": [_year_for(y, seat) for y in s.get("years", ())]},
        _gm_or(lambda s, seat: "observer" if seat["role"] == "observer" else seat["id"]),
    ),
    Section(
        "report",
        lambda s, seat: {"report": _copied(report_for(s["report"], seat))},
        _gm_or(lambda s, seat: seat["id"] if _in_report(s["report"], seat) else "public"),
        by_state=True,
    ),
    Section(
        "officers",
        _officers,
        _gm_or(lambda s, seat: seat["id"] if _plays(s, seat) else "public"),
        by_state=True,
    ),
    Section(
        "voyages",
        lambda s, seat: {
            "voyages": [_copied(v) for v in s.get("voyages", []) if shown_to(v, seat)]
        },
        _gm_or(
            lambda s, seat: ",".join(v["id"] for v in s.get("voyages", []) if shown_to(v, seat))
        ),
        by_state=True,
    ),
    Section(
        "cabinet",
        lambda s, seat: {"cabinet": _cabinet(s, seat)},
        _gm_or(
            lambda s, seat: (
                seat["role"] if seat["role"] in ("prime-minister", "first-sea-lord") else "player"
            )
        ),
        observed=False,
    ),
    Section(
        "fleet",
        lambda s, seat: {
            "deployment": _copied(s["deployment"]),
            "results": dict(s["results"]),
            "cruises": _copied(list(s.get("cruises", {}).values())),
        },
        _everyone,
        observed=False,
    ),
    Section(
        "forces",
        lambda s, seat: {
            "forces": visible_forces(s, seat),
            "engagements": _engagements(s, seat),
        },
        _gm_or(lambda s, seat: "player"),
        observed=False,
    ),
    Section(
        "own",
        _own_section,
        _gm_or(_own),
        observed=False,
    ),
    # (a note is never changed once made: the list copied, not the notes, so that a year's
    # notes are not copied again at each new one)
    Section("notes", lambda s, seat: {"notes": list(s["notes"])}, _everyone, gm_only=True),
)
SECTION_NAMES = tuple(sec.name for sec in SECTIONS)
SECTION_BY_NAME = {sec.name: sec for sec in SECTIONS}
_SEEN = {
    kind: tuple(sec for sec in SECTIONS if sec.seen_by(cast(Seat, {"role": role})))
    for kind, role in (("gm", "gm"), ("observer", "observer"), ("player", "admiral"))
}


def state_for(state: State, seat: Seat) -> dict[str, Any]:
    """The snapshot ``seat`` may see: every section of its view."""
    view: dict[str, Any] = {}
    for section in SECTIONS:
        if section.seen_by(seat):
            view.update(section.build(state, seat))
    return view


def _year_for(year: YearRecord, seat: Seat) -> dict[str, Any]:
    """A summer gone by as ``seat`` may see it: what sailed and was fought (an observer the
    results only), the report cut for it."""
    out: dict[str, Any] = {
        "year": year["year"],
        "results": dict(year["results"]),
        "report": _copied(report_for(year["report"], seat)),
    }
    if seat["role"] != "observer":
        out["deployment"] = _copied(year["deployment"])
        out["engagements"] = _copied(year["engagements"])
    # every officer's public record that year (rank, berth, alive); his own and the GM's
    # whole (NA, funds, wounds, experience): the career pages
    out["seasons"] = [_season_page(page, seat) for page in year.get("seasons", ())]
    public = ("name", "rank", "dead", "player", "ship", "squadron")
    out["officers"] = {
        oid: (
            dict(o)
            if is_gm(seat) or o.get("player") == seat["id"]
            else {k: o[k] for k in public if k in o}
        )
        for oid, o in year.get("officers", {}).items()
    }
    return out


def _season_page(page: SeasonRecord, seat: Seat) -> dict[str, Any]:
    """A season after the summer as ``seat`` may see it: the ships that cruised in it and
    their results, the volunteers' report cut for it; what they fought and the GM's
    missions (not for an observer)."""
    hidden = ("missions",) if seat["role"] == "observer" else ()
    out: dict[str, Any] = {
        "season": page["season"],
        "cruises": [
            {k: _copied(v) for k, v in cruise.items() if k not in hidden}
            for cruise in page["cruises"]
        ],
        "results": dict(page["results"]),
        "report": _copied(report_for(page["report"], seat)),
    }
    if seat["role"] != "observer":
        out["engagements"] = _copied(page["engagements"])
    return out


# -- events: each seat's change, and what it reads of the event itself ----------------------

_ALWAYS = ("head", "seats")
#: the logged data the GM's event leaves out: what his view's change already carries (the
#: forces, engagements, report and officers) and a round's replayable battle; the whole log
#: is his at GET /api/campaigns/<id>/log
_HEAVY = ("forces", "engagements", "round", "report", "officers", "view", "volunteers")
Op = dict[str, Any]  # one JSON Patch (RFC 6902) operation


Keys = dict[str, str]  # a seat's sections' keys: section -> key


@dataclass(frozen=True, slots=True)
class Audiences:
    """Who sees what of a :class:`Tracker`'s seats: each section's keys with the seats that
    have each (``keys``), every seat (``everyone``), the seats that have each section
    (``held``) and each seat's place in the state (``order``)."""

    keys: dict[str, dict[str, frozenset[str]]]
    everyone: frozenset[str]
    held: dict[str, frozenset[str]]
    order: dict[str, int]


@dataclass(slots=True)
class Tracker:
    """The view each seat was last sent, kept part by part (:data:`SECTIONS`), each part
    once per audience (its key): an event's change is computed once per group of seats that
    see the same thing. A seat's keys are one :data:`Keys`, shared by every seat whose keys
    are all equal (the observers of a table), so that an event costs its distinct views,
    not its seats. ``seq`` is the event it is at."""

    seq: int
    values: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    sent: dict[str, Keys] = field(default_factory=dict)  # seat -> its keys (never changed)
    # each section's read of the state when its values were built (:attr:`Section.reads`)
    read: dict[str, Any] = field(default_factory=dict)
    # who sees what, from ``sent`` (None: to be made anew, when a seat's keys moved)
    seen: Audiences | None = None

    def audiences(self) -> Audiences:
        """Each section's audiences: its keys, each with the seats that see it."""
        if self.seen is None:
            self.seen = Audiences({}, frozenset(self.sent), {}, {})
            members: dict[str, dict[str, set[str]]] = {}
            for n, (seat_id, keys) in enumerate(self.sent.items()):
                self.seen.order[seat_id] = n
                for name, key in keys.items():
                    members.setdefault(name, {}).setdefault(key, set()).add(seat_id)
            for name, by_key in members.items():
                self.seen.keys[name] = {key: frozenset(ids) for key, ids in by_key.items()}
                self.seen.held[name] = frozenset().union(*by_key.values())
        return self.seen

    def view(self, seat_id: str) -> dict[str, Any]:
        """The view this seat was last sent (its :func:`state_for` at ``seq``)."""
        out: dict[str, Any] = {}
        for name, key in self.sent[seat_id].items():
            out.update(self.values[(name, key)])
        return out


def track(state: State, seq: int, seats: Iterable[Seat] | None = None) -> Tracker:
    """A tracker at ``seq`` for ``seats`` (every seat of the state by default)."""
    tracker = Tracker(seq)
    tracker.sent = _follow(tracker, state, seats, frozenset(SECTION_NAMES))
    return tracker


def _seen(seat: Seat) -> tuple[Section, ...]:
    """The sections ``seat`` has, in their order (:meth:`Section.seen_by` reads its role
    alone: the GM, an observer or any other)."""
    role = seat["role"]
    return _SEEN["gm" if role == "gm" else "observer" if role == "observer" else "player"]


def _follow(
    tracker: Tracker, state: State, seats: Iterable[Seat] | None, fresh: frozenset[str]
) -> dict[str, Keys]:
    """Each seat's keys now (``seats``; None: the state's), and the values of the ``fresh``
    sections built anew (once a key, from one seat that has it). A tracked seat keeps its
    keys (the very dict) but where a fresh section's key reads the state
    (:attr:`Section.by_state`); a seat not tracked yet has all of its looked up. Keys that
    came out equal are one dict."""
    anew = [sec for sec in SECTIONS if sec.by_state and sec.name in fresh]
    given = state["seats"] if seats is None else {seat["id"]: seat for seat in seats}
    if seats is None and not anew and tracker.sent.keys() == given.keys():
        keys = dict(tracker.sent)  # the same seats, keys as they were (a seat's role stays)
    else:
        keys = _looked_up(tracker, state, given.values(), anew)
    built: set[tuple[str, str]] = set()
    holders = {id(mine): (mine, seat_id) for seat_id, mine in keys.items()}
    for mine, seat_id in holders.values():
        seat = given[seat_id]
        for name, key in mine.items():
            part = (name, key)
            if part not in built and (name in fresh or part not in tracker.values):
                built.add(part)
                tracker.values[part] = SECTION_BY_NAME[name].build(state, seat)
    return keys


def _looked_up(
    tracker: Tracker, state: State, seats: Iterable[Seat], anew: list[Section]
) -> dict[str, Keys]:
    """:func:`_follow`'s keys, seat by seat: the ``anew`` sections' keys looked up again, a
    new seat's all of them."""
    keys: dict[str, Keys] = {}
    shared: dict[tuple[tuple[str, str], ...], Keys] | None = None
    for seat in seats:
        seen = _seen(seat)
        before = tracker.sent.get(seat["id"])
        if before is not None and len(before) == len(seen):
            todo = [sec for sec in anew if sec.name in before]
            mine = before if not todo else dict(before)
        else:  # a seat not tracked yet
            todo, mine = list(seen), {}
        if todo:
            for sec in todo:
                mine[sec.name] = sec.key(state, seat)
            if shared is None:  # (every distinct keys held now, to share with)
                held = {id(k): k for k in (*tracker.sent.values(), *keys.values())}
                shared = {tuple(k.items()): k for k in held.values()}
            mine = shared.setdefault(tuple(mine.items()), mine)
        keys[seat["id"]] = mine
    return keys


def _diff(old: dict[str, Any] | None, new: dict[str, Any]) -> list[Op]:
    """The JSON Patch from one section's fields to their new values."""
    out: list[Op] = []
    _changed("", old or {}, new, out)
    return out


def _changed(path: str, old: Any, new: Any, out: list[Op]) -> None:
    """Append to ``out`` the operations that make ``old`` ``new`` at ``path``. Where the
    shapes agree the walk goes down (an object's members, a list of the same length item by
    item, a list that only grew: its new items added), comparing with ``==`` first, so an
    event's change costs what changed, not the size of the view (a season's battle logs);
    any other change of a list is jsonpatch's to work out."""
    if type(old) is not type(new):
        out.append({"op": "replace", "path": path, "value": new})
    elif old == new:
        return
    elif isinstance(new, (dict, list)):
        ops: list[Op] = []
        if isinstance(new, dict):
            _members_changed(path, old, new, ops)
        else:
            _items_changed(path, old, new, ops)
        out.extend(_fewer(path, new, ops))
    else:
        out.append({"op": "replace", "path": path, "value": new})


def _fewer(path: str, new: Any, ops: list[Op]) -> list[Op]:
    """``ops``, or the one ``replace`` of ``path`` with ``new`` where that is the shorter:
    a battle's ship whose boxes were nearly all struck, its range chart filled (weighed only
    where half its members or more changed, so a long log that grew is not written out)."""
    if not path or len(ops) < 2 or len(ops) * 2 < len(new):
        return ops
    whole: Op = {"op": "replace", "path": path, "value": new}
    return [whole] if len(json.dumps(whole)) < len(json.dumps(ops)) else ops


def _members_changed(path: str, old: dict[str, Any], new: dict[str, Any], out: list[Op]) -> None:
    """:func:`_changed` for an object: its members gone, added, or changed in turn."""
    for key in old:
        if key not in new:
            out.append({"op": "remove", "path": f"{path}/{_escaped(key)}"})
    for key, value in new.items():
        if key in old:
            _changed(f"{path}/{_escaped(key)}", old[key], value, out)
        else:
            out.append({"op": "add", "path": f"{path}/{_escaped(key)}", "value": value})


def _items_changed(path: str, old: list[Any], new: list[Any], out: list[Op]) -> None:
    """:func:`_changed` for a list: its new items added where it only grew, item by item
    where its length is the same, else jsonpatch's."""
    if len(new) == len(old):  # the items that differ found at C's speed (a table's seats)
        for i in compress(count(), map(ne, old, new)):
            _changed(f"{path}/{i}", old[i], new[i], out)
    elif len(new) > len(old) and new[: len(old)] == old:
        out.extend(
            {"op": "add", "path": f"{path}/{i}", "value": new[i]} for i in range(len(old), len(new))
        )
    else:
        for op in jsonpatch.make_patch(old, new):
            out.append({**op, "path": path + op["path"], **_from(path, op)})


def _escaped(key: str) -> str:
    """A member's name as a JSON Pointer token (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def _from(path: str, op: dict[str, Any]) -> dict[str, Any]:
    """A move's or copy's ``from``, under ``path`` too."""
    return {"from": path + op["from"]} if "from" in op else {}


Change = tuple[tuple[Any, ...], list[Op]]  # a seat's change: its parts, its JSON Patch


def changes(
    tracker: Tracker,
    state: State,
    seq: int,
    touches: tuple[str, ...] | None,
    seats: Iterable[Seat] | None = None,
) -> dict[str, Change]:
    """Move ``tracker`` to the state after event ``seq``, which changed the sections
    ``touches`` (its spec's; None: any): each tracked seat's change, ``(its parts, its
    JSON Patch)``, one for the seats whose change is alike (:func:`_changes`). A seat not
    tracked before is tracked from now (no change)."""
    return {
        seat_id: change
        for change, seat_ids in _changes(tracker, state, seq, touches, seats)
        for seat_id in seat_ids
        if change is not _UNTRACKED
    }


_UNTRACKED: Change = ((), [])  # a seat tracked from this event on: nothing changed for it


def _changes(
    tracker: Tracker,
    state: State,
    seq: int,
    touches: tuple[str, ...] | None,
    seats: Iterable[Seat] | None = None,
) -> list[tuple[Change, list[str]]]:
    """:func:`changes` as its groups: each distinct change and its seats (``seats``, or
    every seat of the state), each section's patch computed once."""
    touched = SECTION_NAMES if touches is None else touches
    names = _moved(tracker, state, frozenset(_ALWAYS).union(touched))
    if (
        seats is None
        and not any(SECTION_BY_NAME[name].by_state for name in names)
        and tracker.sent.keys() == state["seats"].keys()
    ):
        return _kept_changes(tracker, state, seq, names)
    old_values = dict(tracker.values)
    keys = _follow(tracker, state, seats, names)
    patches: dict[tuple[str, str | None, str], list[Op]] = {}
    # (keys before, keys now) -> the change; the dicts held, so that their ids stay theirs
    moves: dict[tuple[int, int], tuple[Keys, Keys, Change]] = {}
    groups: dict[tuple[Any, ...] | None, tuple[Change, list[str]]] = {}  # parts -> change, seats
    moved = False  # some seat's keys changed: a value may be left that no seat has
    for seat_id, now in keys.items():
        before = tracker.sent.get(seat_id)
        tracker.sent[seat_id] = now
        if before is None:
            moved = True
            groups.setdefault(None, (_UNTRACKED, []))[1].append(seat_id)
            continue
        pair = (id(before), id(now))
        if pair not in moves:
            moved = moved or before is not now
            change = _change(before, now, names, old_values, tracker, patches)
            moves[pair] = (before, now, change)
        change = moves[pair][2]
        groups.setdefault(change[0], (change, []))[1].append(seat_id)
    if moved:
        tracker.seen = None
        held = {id(k): k for k in tracker.sent.values()}.values()
        used = {(name, key) for now in held for name, key in now.items()}
        for gone in [k for k in tracker.values if k not in used]:
            del tracker.values[gone]
    tracker.seq = seq
    return list(groups.values())


def _moved(tracker: Tracker, state: State, names: frozenset[str]) -> frozenset[str]:
    """``names`` but the sections whose read of the state is as it was when they were last
    built (:attr:`Section.reads`); the others' reads kept for the next event."""
    kept = set()
    for name in names:
        reads = SECTION_BY_NAME[name].reads
        if reads is None:
            continue
        now = reads(state)
        if name in tracker.read and tracker.read[name] == now:
            kept.add(name)
        else:
            tracker.read[name] = now
    return names - kept if kept else names


def _kept_changes(
    tracker: Tracker, state: State, seq: int, names: frozenset[str]
) -> list[tuple[Change, list[str]]]:
    """:func:`_changes` where every seat keeps its keys (the same seats, no section whose
    key reads the state touched: most acts): the sections ``names`` built anew once a key,
    and the seats parted by their keys of those alone, with sets, not seat by seat (a table
    of hundreds of seats toggling ``ready``)."""
    seen = tracker.audiences()
    seats = state["seats"]
    old_values: dict[tuple[str, str], dict[str, Any]] = {}
    parted: list[tuple[tuple[tuple[str, str], ...], frozenset[str]]] = [((), seen.everyone)]
    for name in SECTION_NAMES:
        if name not in names or name not in seen.keys:
            continue
        build = SECTION_BY_NAME[name].build
        split: list[tuple[tuple[tuple[str, str], ...], frozenset[str]]] = []
        for key, holders in seen.keys[name].items():
            part = (name, key)
            old_values[part] = tracker.values[part]
            tracker.values[part] = build(state, seats[next(iter(holders))])
            split += [(done + (part,), both) for done, ids in parted if (both := ids & holders)]
        # the seats without this section (an observer's cabinet) keep what they had
        held = seen.held[name]
        parted = split + [(done, rest) for done, ids in parted if (rest := ids - held)]
    patches: dict[tuple[str, str | None, str], list[Op]] = {}
    groups: dict[tuple[Any, ...], tuple[Change, list[str]]] = {}
    for parts, ids in parted:
        keys = dict(parts)
        change = _change(keys, keys, names, old_values, tracker, patches)
        groups.setdefault(change[0], (change, []))[1].extend(ids)
    tracker.seq = seq
    # each group in the seats' order
    return [(change, sorted(ids, key=seen.order.__getitem__)) for change, ids in groups.values()]


def _change(
    before: Keys,
    now: Keys,
    names: frozenset[str],
    old_values: dict[tuple[str, str], dict[str, Any]],
    tracker: Tracker,
    patches: dict[tuple[str, str | None, str], list[Op]],
) -> tuple[tuple[Any, ...], list[Op]]:
    """One seat's change from the keys ``before`` to ``now``: the sections ``names`` built
    anew and those whose key moved, each section's patch computed once (``patches``)."""
    parts: list[tuple[str, str | None, str]] = []
    # the same keys: only the touched sections can have changed (in the view's order)
    maybe = now.items() if before is not now else [(n, k) for n, k in now.items() if n in names]
    for name, key in maybe:
        was = before.get(name)
        if was == key and name not in names:
            continue  # untouched, and seen alike as before
        part = (name, was, key)
        if part not in patches:
            old = old_values.get((name, was)) if was is not None else None
            patches[part] = _diff(old, tracker.values[(name, key)])
        if patches[part]:
            parts.append(part)
    return tuple(parts), [op for part in parts for op in patches[part]]


def event_data(
    spec: Spec[Any, Any], author: str | None, data: dict[str, Any], after: State, seat: Seat
) -> dict[str, Any] | None:
    """What ``seat`` reads of one logged event itself, beside its view's change (a date, a
    notice, a message, the orders given), by its spec's view: None when it may not see the
    event."""
    audience = spec.view.audience
    if audience == "summer":
        return _summer_for(data, seat)
    if audience == "season":
        return _next_season_for(data, seat, after)
    if audience == "talk":
        return _said(data, after) if hears(data, seat) else None
    if is_gm(seat) and audience != "public":
        lean = {k: _copied(v) for k, v in data.items() if k not in _HEAVY + ("at", "due")}
        if "shown" in lean:
            lean["shown"] = {k: v for k, v in lean["shown"].items() if k != "voyage"}
        return lean
    return _player_data(spec, author, data, after, seat)


def payload(
    spec: Spec[Any, Any],
    seq: int,
    data: dict[str, Any],
    seen: dict[str, Any] | None,
    patch: list[Op],
) -> dict[str, Any]:
    """One seat's ``event``: its view's ``patch`` (RFC 6902, against the view it holds at
    ``seq - 1``) and ``data``, what it reads of the event; the bare ``{"seq"}`` when it sees
    nothing of it (every seat gets every seq, so a client tells a gap from an unseen event).
    Each says when it was logged (``at``), and the turn clock's what fell due (``due``)."""
    if not patch and (seen is None or spec.view.audience == "forces" and not seen):
        return {"seq": seq}
    out: dict[str, Any] = {"seq": seq, "type": spec.kind, "data": seen or {}, "patch": patch}
    out.update({k: data[k] for k in ("at", "due") if k in data})
    return out


def audiences(
    spec: Spec[Any, Any],
    seq: int,
    author: str | None,
    data: dict[str, Any],
    after: State,
    tracker: Tracker,
) -> list[tuple[dict[str, Any], list[str]]]:
    """Every seat's payload of one logged event (the tracker moved on to it), each distinct
    one computed once: ``(payload, seat ids)`` groups, seats that see the same in one group
    (a public event is one group)."""
    seats = after["seats"]
    seen: dict[str, dict[str, Any] | None] = {}  # each reading of the event, made once
    # seats of one reading of the event and one change; equal payloads merged below
    groups: list[tuple[dict[str, Any], list[str]]] = []
    for change, seat_ids in _changes(tracker, after, seq, spec.touched(data)):
        if spec.view.audience == "public":  # read alike by every seat: not seat by seat
            readings = {"public": seat_ids}
        else:
            readings = {}
            for seat_id in seat_ids:
                key = _view_key(spec, author, data, seats[seat_id])
                readings.setdefault(key, []).append(seat_id)
        for key, ids in readings.items():
            if key not in seen:
                seen[key] = event_data(spec, author, data, after, seats[ids[0]])
            groups.append((payload(spec, seq, data, seen[key], change[1]), ids))
    merged: list[tuple[dict[str, Any], list[str]]] = []
    for body, ids in groups:
        same = next((g for g in merged if g[0] == body), None)
        if same is None:
            merged.append((body, ids))
        else:
            same[1].extend(ids)
    return merged


def _view_key(spec: Spec[Any, Any], author: str | None, data: dict[str, Any], seat: Seat) -> str:
    """Seats with one key read the same of an event (:func:`event_data` reads of a seat: the
    GM or not, its role's class, and whether it made a private choice)."""
    audience = spec.view.audience
    if audience == "public":
        return "public"
    if audience == "talk":
        return "said" if hears(data, seat) else "unsaid"
    if is_gm(seat):
        return "gm"
    if audience == "voyage":
        return "voyage:" + ("shown" if shown_to(data["shown"], seat) else "not shown")
    if audience == "summer" and seat["id"] in _players_of(data):
        return "seat:" + seat["id"]
    if audience == "season":
        volunteers = data.get("volunteers")
        mine = volunteers is not None and seat["id"] in _players_of(volunteers)
        renewed = any(r["player"] == seat["id"] for r in data.get("appointments", ()))
        return "seat:" + seat["id"] if mine or renewed else "season"
    if audience == "private" and (data.get("as") or author) == seat["id"]:
        return "seat:" + seat["id"]
    if audience == "told":
        return "told" if seat["id"] in data["seats"] else "untold"
    if seat["role"] in PLAYERS and (
        _told(data, seat) or any(_grounded(data, seat, k) for k in _SEA_TOLD)
    ):
        told = [f"{n['kind']}/{n['engagement']}" for n in _told(data, seat)]
        for key in _SEA_TOLD:
            entries = enumerate(data.get(key) or ())
            told += [f"{key}/{i}" for i, g in entries if seat["id"] in g["seats"]]
        return "player:" + ",".join(told)
    return "player" if seat["role"] in PLAYERS else seat["role"]


def _told(data: dict[str, Any], seat: Seat) -> list[dict[str, Any]]:
    """The engagements' notices of an event addressed to ``seat`` (its ship or squadron
    is in the fight); the GM is told them all."""
    return [n for n in data.get("notices") or () if seat["id"] in n["seats"]]


#: what an ``advance`` tells a ship's captain and admiral of the sea: shallow water, storms,
#: a week out of Rations (each entry names the ``seats`` told)
_SEA_TOLD = ("groundings", "storms", "rations")


def _grounded(data: dict[str, Any], seat: Seat, key: str = "groundings") -> list[dict[str, Any]]:
    """The entries of an ``advance``'s ``key`` (:data:`_SEA_TOLD`) told to ``seat`` (her
    captain's, her admiral's)."""
    return [g for g in data.get(key) or () if seat["id"] in g["seats"]]


def _served(data: dict[str, Any], after: State, seat: Seat) -> dict[str, Any]:
    """The years of service the dice chose as the autumn moved on (an ``advance``'s or a
    ``next_season``'s ``served``) of ``seat``'s own officers: his player's to read."""
    roster = after["officers"]
    return {
        oid: _copied(got)
        for oid, got in (data.get("served") or {}).items()
        if oid in roster and roster[oid].get("player") == seat["id"]
    }


def _player_data(
    spec: Spec[Any, Any], author: str | None, data: dict[str, Any], after: State, seat: Seat
) -> dict[str, Any] | None:
    view = spec.view
    acting = data.get("as") or author
    extras = view.extras or public_data
    if view.audience == "public":
        return extras(data, after)
    if view.audience == "voyage":  # the seats it is shown to, observers too
        return {"voyage": data["shown"]["id"]} if shown_to(data["shown"], seat) else None
    if view.audience == "private":  # his own choice, money or orders (and the GM's)
        return extras(data, after) if acting == seat["id"] else None
    if view.audience == "told":  # the seats it names (and the GM's)
        return extras(data, after) if seat["id"] in data["seats"] else None
    if seat["role"] == "observer" or view.audience != "forces":
        return None  # the GM's own events; the observers' is the view's change
    out = extras(data, after)
    told = _told(data, seat)
    if told:
        out["notices"] = _copied(told)
    for key in _SEA_TOLD:
        grounded = _grounded(data, seat, key)
        if grounded:
            out[key] = _copied(grounded)
    served = _served(data, after, seat)
    if served:
        out["served"] = served
    return out


def public_data(data: dict[str, Any], after: State) -> dict[str, Any]:
    """A public event's data as every seat reads it (its arguments and time left out)."""
    return {k: _copied(v) for k, v in data.items() if k not in ("args", "at")}


def seating(data: dict[str, Any], after: State) -> dict[str, Any]:
    """A seat made or handed on, an officer made or seated, as every seat reads it: public,
    and the officer's sheet left out (his own seat and the GM read it through the officers'
    endpoint)."""
    out: dict[str, Any] = {}
    if "seat" in data:
        out["seat"] = public_seat(after["seats"][data["seat"]["id"]])
    officer = data.get("officer")
    if officer is not None:
        out["officer"] = public_officer(after["officers"][officer["id"]])
        out["ashore"] = data.get("ashore")
    return out


def _players_of(data: dict[str, Any]) -> set[str]:
    outcomes = data["report"].get("outcomes", {})
    invested = {r["player"] for r in data["report"].get("returns", ()) if r["player"]}
    appointed = {r["player"] for r in data.get("appointments", ())}
    moved = {r["player"] for r in data.get("seats", ())}
    return {o["player"] for o in outcomes.values() if o["player"]} | invested | appointed | moved


def _summer_for(data: dict[str, Any], seat: Seat) -> dict[str, Any]:
    """The season's event as ``seat`` reads it beside its view's change (the report and the
    officers are in the view): the GM what it was decided from, a player his own
    appointment's renewal, his own roll for a title and his own seat that followed a flag."""
    if is_gm(seat):
        return {k: _copied(v) for k, v in data.items() if k not in _HEAVY + ("at", "due")}
    out: dict[str, Any] = {}
    for key in ("appointments", "titles"):  # his own renewal, his own roll for a title
        mine = [_copied(r) for r in data.get(key, ()) if r["player"] == seat["id"]]
        if mine:
            out[key] = mine
    # his own seat gone with his flag, and the NPC who took his ship as anyone sees an NPC
    moved = [
        {**_copied(r), "relief": r["relief"] and public_officer(r["relief"])}
        for r in data.get("seats", ())
        if r["player"] == seat["id"]
    ]
    if moved:
        out["seats"] = moved
    return out


def _next_season_for(data: dict[str, Any], seat: Seat, after: State) -> dict[str, Any]:
    """The new season as ``seat`` reads it: the phase and year, the volunteers' report
    of the season that ended, cut for it (their officers are in the view), the years of
    service the dice chose for his officers (the GM's: all of them), and the spring's
    renewals of government posts (the GM all, a player his own)."""
    out: dict[str, Any] = {
        **({"args": data["args"]} if is_gm(seat) else {}),
        "phase": data["phase"],
        "year": data["year"],
    }
    volunteers = data.get("volunteers")
    if volunteers is not None:
        out["volunteers"] = {
            **_summer_for(volunteers, seat),
            "report": _copied(report_for(volunteers["report"], seat)),
        }
    served = _copied(data.get("served") or {}) if is_gm(seat) else _served(data, after, seat)
    if served:
        out["served"] = served
    renewed = [
        _copied(r) for r in data.get("appointments", ()) if is_gm(seat) or r["player"] == seat["id"]
    ]
    if renewed:
        out["appointments"] = renewed
    # the resignations asked, the applications announced, the favours asked and the Marines'
    # changes of ship requested, rolled: public, as announced
    for key in ("resignations", "applications", "favours", "transfers"):
        if data.get(key):
            out[key] = _copied(data[key])
    return out
