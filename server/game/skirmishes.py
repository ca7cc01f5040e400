"""Cutting-out expeditions and landing parties (BtQ 000:1153-1199, "The Skirmish Rules"): the
``skirmish`` action a captain orders from his ship lying in an enemy port's approaches in
the summer, or on a volunteers' cruise after it (the GM for an NPC's ship), fought at once by
:func:`server.game.rules.fight_skirmish` from the campaign's seeded source.

Its party is his ship's living officers he names, each with a task of the mission
(strategy/data/skirmish.json), the highest ranking commanding; his Discipline cards go to
the others. The outcome stands on the roster and the ship: each officer's wounds, her Ship
Morale one level down if the skirmish is lost, and a vessel cut out (:func:`cut_out`: the
enemy's in that harbour if he holds one of her class, taken off his force; else a
merchantman) shared as Prize Money by the officers who cut her out and live (BtQ, "Prize
Money"). Told to her captain's seat, her squadron's admiral's and the GM (docs/rules-notes.md,
"Skirmishes").
"""

from __future__ import annotations

import copy
import random
from typing import Any, cast

from server.game import authority, events, notices, payloads, rules
from server.game.authority import AT_SEA, OTHER, OWN
from server.game.errors import ActionError
from server.game.sighting import SIGHTING_NM, distance_nm, in_order
from server.game.spec import Grant, Spec, View
from server.game.state import Force, OfficerRecord, Seat, State

__all__ = ["SKIRMISH", "apply_skirmish", "boats", "cut_out", "decide_skirmish", "words"]

#: a Marine's rank (the book's "highest ranking player" commands: a sea officer before him)
_MARINES = frozenset(rules.MARINE_RANKS)


def _ship(state: State, seat: Seat, code: str) -> tuple[Force, dict[str, Any]]:
    """The British force and the ship ``code`` afloat in it, when ``seat`` may order her:
    her captain; the GM for any (an NPC's, or a player's with "as")."""
    own = seat["role"] == "captain" and seat.get("ship") == code
    refusal = f"you command {seat.get('ship')}, not {code}"
    authority.require_command(SKIRMISH, seat["role"], OWN if own else OTHER, refusal)
    for force in state["forces"].values():
        if force["side"] != "Britain":
            continue
        for ship in force["ships"]:
            if ship["code"] == code and ship["status"] == "afloat":
                return force, cast(dict[str, Any], ship)
    raise ActionError("not_found", f"no British ship {code!r} is afloat on campaign")


def _approaches(force: Force, port: str) -> dict[str, Any]:
    """The enemy port ``port`` whose approaches the force lies in: at anchor or lying to (no
    passage under way, not in a harbour), within a lookout's sight of its anchorage."""
    info = next((p for p in rules.ports() if p["id"] == port), None)
    if info is None or not rules.is_enemy_port(port):
        raise ActionError("invalid", f"{port!r} is no enemy port")
    if not force["afloat"] or force["port"] or force["route"]:
        raise ActionError("conflict", "she must lie at anchor off the port, not under way")
    far = distance_nm((force["lon"], force["lat"]), tuple(info["anchorage"]))
    if far > SIGHTING_NM:
        raise ActionError(
            "conflict", f"she lies {far:.0f} nm off {info['name']}: within {SIGHTING_NM:.0f}"
        )
    return info


def _rank(o: OfficerRecord) -> tuple[bool, int, int, str]:
    """The order of command: a sea officer first, then rank, seniority, id."""
    marine = o["rank"] in _MARINES
    ladder = rules.MARINE_RANKS if marine else rules.NAVY_RANKS
    return (marine, -ladder.index(o["rank"]), o["seniority"], o["id"])


def _party(state: State, code: str, p: payloads.Skirmish) -> list[tuple[OfficerRecord, str]]:
    """The officers named with their tasks, the commander first: each a living officer of
    her berths, fit to go (not Dead), his task one of the mission's."""
    party = []
    for oid, task in p.party.items():
        officer = state["officers"].get(oid)
        if officer is None or officer["dead"] or officer["ship"] != code:
            raise ActionError("not_found", f"no living officer {oid!r} of {code}")
        rules.skirmish_task(p.mission, task)
        party.append((officer, task))
    return sorted(party, key=lambda pair: _rank(pair[0]))


def _seats(state: State, force: Force, code: str) -> list[str]:
    """Her captain's seat and her squadron's admiral's (the GM reads it too)."""
    squadron = force.get("squadron")
    return sorted(
        s["id"]
        for s in state["seats"].values()
        if not s.get("vacant")
        and (
            (s["role"] == "captain" and s.get("ship") == code)
            or (s["role"] == "admiral" and squadron is not None and s.get("squadron") == squadron)
        )
    )


def _near(force: Force) -> list[dict[str, Any]]:
    """The enemy ports within sight of the force, out of harbour (:func:`_approaches` asks
    her to lie there, not under way: an order to sail changes no view's ``own``, an
    ``advance`` does)."""
    if not force["afloat"] or force["port"]:
        return []
    at = (force["lon"], force["lat"])
    return [
        {"id": p["id"], "name": p["name"]}
        for p in rules.ports()
        if distance_nm(at, tuple(p["anchorage"])) <= SIGHTING_NM and rules.is_enemy_port(p["id"])
    ]


def boats(state: State, code: str, near_only: bool = False) -> dict[str, Any] | None:
    """What the skirmish form of ship ``code`` offers (a captain's page; the GM's for any):
    the enemy ports within sight (none: she lies off none, or is in harbour), her living
    officers in the order of command (each his id, name, rank, Discipline as it stands and
    Health), and her last skirmish; None for a ship not afloat on campaign (with
    ``near_only``, for one off no enemy port either: the GM's list, built cheaply)."""
    for force in state["forces"].values():
        if force["side"] != "Britain":
            continue
        ship = next(
            (s for s in force["ships"] if s["code"] == code and s["status"] == "afloat"), None
        )
        if ship is None:
            continue
        ports = _near(force)
        if near_only and not ports:
            return None
        crew = sorted(
            (o for o in state["officers"].values() if o["ship"] == code and not o["dead"]),
            key=_rank,
        )
        officers = []
        for o in crew:
            aboard = rules.battle_officer(o, "officer", o["name"])
            officers.append(
                {
                    "id": o["id"],
                    "name": o["name"],
                    "rank": o["rank"],
                    "discipline": aboard["discipline"],
                    "health": aboard.get("health", "healthy"),
                }
            )
        return {
            "ship": code,
            "name": ship["name"],
            "ports": ports,
            "officers": officers,
            "morale": ship.get("morale", "healthy"),
            "last": copy.deepcopy(ship.get("skirmish")),
            "today": ship.get("skirmish", {}).get("day") == state["day"],
        }
    return None


def cut_out(state: State, port: str, port_name: str, prize: str) -> dict[str, Any]:
    """The vessel a cutting-out expedition that won carries off from enemy port ``port``:
    the first afloat ship of the roster class of the mission's ``prize`` (a Brig Sloop's:
    Sloop, a Brig or a Ship Sloop) of the enemy forces in harbour there (in the order the
    rules walk the forces), ``{"name", "type", "force", "code"}``, taken off her force;
    else, the port holding none, a merchantman at anchor there, of the prize's type for
    her size (Sail Ho!'s merchant "Brig" is fought as a Brig Sloop), with no ``force``:
    Prize Money only."""
    wanted = rules.ship_class(prize)
    for force in in_order(state):
        if force["side"] == "Britain" or not force["afloat"] or force["port"] != port:
            continue
        for ship in force["ships"]:
            if ship["status"] == "afloat" and rules.ship_class(ship["type"]) == wanted:
                return {
                    "name": ship["name"],
                    "type": ship["type"],
                    "force": force["id"],
                    "code": ship["code"],
                }
    return {
        "name": f"a merchantman cut out of {port_name}",
        "type": prize,
        "force": None,
        "code": None,
    }


def _prize_words(prize: dict[str, Any]) -> str:
    """The vessel cut out in words: the enemy's by her type and name, else a merchantman."""
    if prize["force"] is None:
        return "a merchantman"
    return f"the {prize['type']} {prize['name']}"


def words(name: str, mission: str, port: str, victory: bool, prize: str | None) -> str:
    """The outcome in words.

    >>> words("Hermes", "cutting_out", "Brest", True, "the Brig Sloop Vésuve")
    'the boats of the Hermes cut out the Brig Sloop Vésuve from Brest'
    >>> words("Hermes", "cutting_out", "Brest", True, "a merchantman")
    'the boats of the Hermes cut out a merchantman from Brest'
    >>> words("Hermes", "landing_party", "Brest", False, None)
    'the landing party of the Hermes was beaten back near Brest'
    """
    if mission == "cutting_out":
        if victory:
            return f"the boats of the {name} cut out {prize} from {port}"
        return f"the boats of the {name} were beaten off at {port}"
    if victory:
        return f"the landing party of the {name} destroyed the post ashore near {port}"
    return f"the landing party of the {name} was beaten back near {port}"


def decide_skirmish(
    state: State, seat: Seat, p: payloads.Skirmish, rng: random.Random
) -> dict[str, Any]:
    """``skirmish``'s data: fought at once. Refused, nothing changed: a ship not his, not
    afloat, under way or in harbour, or out of sight of the enemy port (``conflict``); one
    skirmish a ship a day (``conflict``); an officer not of her berths, a task not of the
    mission or Discipline cards he cannot give (``not_found`` / ``invalid``)."""
    code = p.ship.upper()
    force, ship = _ship(state, seat, code)
    port = _approaches(force, p.port)
    done = ship.get("skirmish")
    if done is not None and done["day"] == state["day"]:
        raise ActionError("conflict", f"{ship['name']} has sent her boats away today already")
    party = _party(state, code, p)
    player = any(s["role"] == "captain" and s.get("ship") == code for s in state["seats"].values())
    morale = ship.get("morale", "healthy")
    outcome = rules.fight_skirmish(p.mission, party, dict(p.cards), morale, rng, player)
    mission = rules.SKIRMISHES[p.mission]
    prize = None
    if outcome["victory"] and mission.prize is not None:
        prize = cut_out(state, p.port, port["name"], mission.prize)
    shares: dict[str, list[dict[str, Any]]] = {}
    if prize is not None:
        health = outcome["health"]
        captors = [
            {"id": o["id"], "rank": o["rank"], "commands": o["rank"] in rules.CAPTAIN_RANKS}
            for o, _ in party
            if health.get(o["id"]) != "dead"
        ]
        shares = rules.prize_money([{"name": prize["name"], "type": prize["type"]}], captors)
    return {
        "ship": code,
        "name": ship["name"],
        "force": force["id"],
        "mission": p.mission,
        "port": p.port,
        "day": state["day"],
        "commander": party[0][0]["id"],
        "party": {o["id"]: task for o, task in party},
        "outcome": outcome,
        "victory": outcome["victory"],
        "health": outcome["health"],
        "morale": outcome["morale"]["after"],
        "prize": prize,
        "prize_money": shares,
        "seats": _seats(state, force, code),
        "text": words(
            ship["name"],
            p.mission,
            port["name"],
            outcome["victory"],
            None if prize is None else _prize_words(prize),
        ),
    }


def apply_skirmish(state: State, data: events.Skirmish) -> None:
    """The skirmish on the roster and the ship: each officer's wounds on his sheet (the dead
    dead), her Ship Morale, her day's skirmish (one a day) with the vessel she cut out, the
    prize's shares in the purses of those who cut her out, and the enemy's vessel taken
    off his force in the port (his force leaves the map when she was his last)."""
    roster = state["officers"]
    for oid, level in data["health"].items():
        officer = roster[oid]
        sheet = {**officer["sheet"], "state": level.title()}
        dead = officer["dead"] or level == "dead"
        roster[oid] = cast(OfficerRecord, {**officer, "dead": dead, "sheet": sheet})
    for oid, shares in data["prize_money"].items():
        officer = roster[oid]
        mine = [{"skirmish": f"{data['ship']}/{data['day']}", **s} for s in shares]
        funds = officer["funds"] + sum(s["guineas"] for s in mine)
        paid = [*officer.get("prize_money", ()), *mine]
        roster[oid] = cast(OfficerRecord, {**officer, "prize_money": paid, "funds": funds})
    prize = data["prize"]
    for ship in state["forces"][data["force"]]["ships"]:
        if ship["code"] == data["ship"]:
            ship["morale"] = data["morale"]
            ship["skirmish"] = {
                "day": data["day"],
                "mission": data["mission"],
                "port": data["port"],
                "victory": data["victory"],
                "text": data["text"],
                "prize": None if prize is None else {k: prize[k] for k in ("name", "type")},
            }
    if prize is not None and prize.get("force") is not None:
        enemy = state["forces"][prize["force"]]
        for ship in enemy["ships"]:
            if ship["code"] == prize["code"]:
                ship["status"] = "taken"
        enemy["afloat"] = any(s["status"] == "afloat" for s in enemy["ships"])


_READ = (
    *("ship", "name", "mission", "port", "day", "commander", "party", "outcome"),
    *("victory", "health", "morale", "prize", "prize_money", "text"),
)

SKIRMISH = Spec(
    "skirmish",
    payloads.Skirmish,
    # his own ship's boats, at sea (BtQ's Naval Missions): in the summer, the fleet's
    # season at sea, and after it on a volunteers' cruise (the only ships afloat then); the
    # GM sends an NPC captain's (or a player's with "as")
    {"captain": Grant(AT_SEA, (OWN,)), "gm": Grant(AT_SEA, (OTHER,))},
    decide_skirmish,
    apply_skirmish,
    events.Skirmish,
    # her captain, her admiral and the GM; nobody else
    View("told", lambda data, after: {k: copy.deepcopy(data[k]) for k in _READ}),
    touches=("forces", "officers", "own"),
    notice=notices.skirmished,
    aims=("ship",),
)
