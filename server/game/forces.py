"""Forces on the map: the deployed squadrons, the enemy in his arsenals, movement and contact.

A force is a plain dict: ``id``, ``side`` (Britain, France, Spain, Netherlands), ``name``,
``squadron``, ``ships`` (each ``code``, ``name``, ``type``, ``status``), ``lon``/``lat``,
``port`` (a port id while in harbour), ``orders`` and ``route`` (the planned track).
"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any, cast

from server.game import blockades, engagements, officers, rules
from server.game.errors import ActionError
from server.game.sighting import Lookouts, force_id, in_order, nm_along, position_on_route
from server.game.state import (
    DeploymentRecord,
    Force,
    Route,
    Side,
    State,
    by_id,
    month_of,
    new_turn,
)

__all__ = [
    "advance",
    "apply_advance",
    "deploy_destination",
    "deployment_for",
    "detach_ship",
    "in_order",
    "initial_forces",
    "plan_route",
    "port_destination",
    "sea_dice",
]

STEPS_PER_DAY = 4  # contact is checked every six hours of game time


def deployment_for(roll: int) -> list[DeploymentRecord]:
    """Table F's deployment for ``roll`` as plain records, with each ship's name and type."""
    return [
        cast(DeploymentRecord, {**r, **rules.briny_ship(r["ship"])})
        for r in rules.force_organisation(roll)
    ]


def initial_forces(deployment: list[DeploymentRecord], rng: random.Random) -> list[Force]:
    """British forces from the deployment, each at its fleet's base, and the enemy in port."""
    forces: dict[str, Force] = {}
    for rec in deployment:
        fid = force_id(rec["fleet"], rec["squadron"], rec["ship"])
        if fid not in forces:
            port = rules.home_port(rec["fleet"], rec["squadron"] == "Blockade")
            squadron = rec["squadron"]
            name = f"{squadron} Squadron, {rec['fleet']}" if squadron else rec["name"]
            forces[fid] = _force(fid, "Britain", name, squadron, port, rec["fleet"])
        forces[fid]["ships"].append(
            {
                "code": rec["ship"],
                "name": rec["name"],
                "type": rec["type"],
                "order": rec["order"],
                "status": "afloat",
            }
        )
    for sq in rules.scenario()["enemy_squadrons"]:
        f = _force(sq["id"], sq["side"], sq["name"], None, sq["port"], None)
        f["ships"] = [
            {
                "code": s["name"],
                "name": s["name"],
                "type": s["type"],
                "named": bool(s.get("named")),
                "status": "afloat",
            }
            for s in sq["ships"]
        ]
        f["sorties"] = list(sq["sorties"])
        if sq.get("sails_for"):  # raiders and convoys are at sea when the summer opens
            voyage = _route([s["type"] for s in f["ships"]], sq["port"], sq["sails_for"], 6)
            f["route"] = _routed(voyage, sq["sails_for"], 0)
            f["orders"] = {"kind": "sortie", "target": sq["sails_for"]}
        forces[f["id"]] = f
    return list(forces.values())


def _force(
    fid: str, side: str, name: str, squadron: str | None, port: str, fleet: str | None
) -> Force:
    lon, lat = rules.anchorage(port)
    return {
        "id": fid,
        "side": cast(Side, side),
        "name": name,
        "squadron": squadron,
        "fleet": fleet,
        "ships": [],
        "lon": lon,
        "lat": lat,
        "port": port,
        "orders": None,
        "route": None,
        "afloat": True,
    }


def port_destination(port_id: str, british: bool = False) -> str:
    """The id of the port ``port_id`` names, else ``not_found`` naming close matches.

    A British squadron may not sail into an enemy harbour: it blockades it instead.
    """
    port_id = rules.port_id(port_id)
    if british and rules.is_enemy_port(port_id):
        raise ActionError("invalid", f"{port_id} is an enemy port: deploy to blockade it")
    return port_id


def deploy_destination(kind: str, target: Any) -> str | tuple[float, float]:
    """Where a deploy order sends a squadron: a station's patrol point, off a port, a point."""
    if kind == "patrol":
        return tuple(target)
    if kind == "station":
        return rules.station_point(target)
    return rules.blockade_point(target)


def plan_route(state: State, force: Force, destination: str | tuple[float, float]) -> Route:
    """The routed track from the force's position to ``destination`` under this month's wind."""
    origin: Any = force["port"] or (force["lon"], force["lat"])
    types = [s["type"] for s in force["ships"] if s["status"] == "afloat"]
    voyage = _route(types, origin, destination, month_of(state))
    to = destination if isinstance(destination, str) else list(destination)
    return _routed(voyage, to, state["day"])


def _route(types: list[str], origin: Any, destination: Any, month: int) -> dict[str, Any]:
    """The passage of a force of ships of ``types``: the track her deepest draught may take
    (seed 003 "Shallow Water"), sailed at the pace of her slowest ship (seed 003 "Speed":
    the squadron keeps together)."""
    return rules.route(
        origin, destination, rules.deepest_type(types), month, rules.slowest_type(types)
    )


def _routed(voyage: dict[str, Any], to: str | list[float], start_day: float) -> Route:
    """A routed passage (:func:`server.game.rules.route`) as a force's route to ``to``."""
    return cast(Route, {**voyage, "to": to, "start_day": start_day})


def detached_id(code: str) -> str:
    """The id of the force of ship ``code`` sailing on her own."""
    return f"ship-{code.lower()}"


def detach_ship(state: State, force_id: str, code: str) -> str:
    """Split ship ``code`` off ``force_id`` into a force of its own; returns its id."""
    parent = state["forces"][force_id]
    ship = next(s for s in parent["ships"] if s["code"] == code)
    parent["ships"].remove(ship)
    fid = detached_id(code)
    state["forces"][fid] = cast(
        Force,
        {
            **copy.deepcopy({k: v for k, v in parent.items() if k != "ships"}),
            "id": fid,
            "name": ship["name"],
            "ships": [ship],
        },
    )
    return fid


def advance(state: State, days: int, rng: random.Random) -> dict[str, Any]:
    """Move the clock ``days`` on: ships sail, the enemy acts, contacts open engagements.

    The clock stops at the end of a day in which an engagement opened that a seated player
    has a ship in (his own as captain, his squadron's as admiral); until then, forces that
    sail within sighting range of it join it. ``days`` in the result is how far it really
    went; ``notices`` tells each engagement's seats that it opened (and ended).
    """
    work = _scratch(state)
    opened: list[Any] = []
    breakouts: list[Any] = []
    groundings: list[Any] = []
    storms: list[Any] = []
    hungry: list[Any] = []
    sea = sea_dice(rng)
    skies = sea_dice(rng, "storms")  # (their own: the sea's dice are those they were)
    start = state["day"]
    day = start
    while day < start + days:
        day += 1
        _enemy_orders(work, day, rng)
        storms.extend(_storms(work, day, skies))
        for force in in_order(work):  # (each may draw the dice)
            if (
                force["side"] == "Britain"
                and force["afloat"]
                and not force["port"]
                and any(s.get("order") == "I" for s in force["ships"])
            ):
                engagements.sail_ho_encounter(work, force, day, rng)
        for step in range(1, STEPS_PER_DAY + 1):
            now = day - 1 + step / STEPS_PER_DAY
            leaving = _leaving(work)
            groundings.extend(_move(work, now, day, sea))
            for fid, port in leaving.items():
                notice = blockades.breakout(work, fid, port, day, now, rng)
                if notice is not None:
                    breakouts.append(notice)
                    if notice["engagement"] is not None:
                        opened.append(work["engagements"][notice["engagement"]])
            _joining(work)
            for british, enemy in _contacts(work, now, rng):
                if _met(work, british, enemy):  # (in a fight opened this step)
                    continue
                fight = engagements.open_engagement(work, british, enemy, day, rng)
                opened.append(fight)
        hungry.extend(_victual(work, day))
        if any(not e["over"] for e in opened):
            break
    work["day"] = day
    # the turns of the month the days passed heal the wounded (seed 000, "Healing")
    healed = officers.healing(state, officers.months_turned(state, start, day), rng)
    notices = [
        n
        for e in opened
        for n in engagements.notices(work, e, *(("opened", "ended") if e["over"] else ("opened",)))
    ]
    out = {
        "days": day - start,
        "day": day,
        "forces": {
            fid: work["forces"][fid]
            for fid in work["forces"]
            if work["forces"][fid] != state["forces"].get(fid)
        },
        "engagements": opened,
        "results": work["results"],
        "breakouts": breakouts,
        "notices": notices,
    }
    # (each only when there was one: the advances of a healthy roster, of a sea without
    # shallows, as they were)
    extra = (("healed", healed), ("groundings", groundings), ("storms", storms))
    out.update((k, v) for k, v in (*extra, ("rations", hungry)) if v)
    return out


def sea_dice(rng: random.Random, salt: str = "") -> random.Random:
    """The sea's own dice for an advance (seed 003's irons, calms, currents and shallow
    water; docs/rules-notes.md "Voyages meet the sea"): seeded from the advance's source as
    it stands, drawing nothing from it, so that its other dice (sorties, sightings, chases,
    battles) are those they were without the sea, as a battle's weather has its own. A
    ``salt`` gives another stream of the same kind (``"storms"``: the days' storms)."""
    return random.Random(hashlib.sha256((repr(rng.getstate()) + salt).encode()).hexdigest())


def _storms(work: State, day: int, rng: random.Random) -> list[dict[str, Any]]:
    """The day's wind of each British force at sea (not in a fight: her battle has its own
    weather), thrown where she is (:func:`rules.storm_day`, in :func:`in_order`'s order);
    in a storm each of her ships faces the weather as her opponent (BtQ 000:1215,
    :func:`rules.storm_challenge`) once. Lost, a Rigging box is crossed on her record
    (``rigging``, the level of each, into her next fight, mended in a friendly port) and a
    mast carried away holds her force hove to (its route's ``start_day`` moves on).
    docs/rules-notes.md "Storms on a passage"."""
    fighting = engagements.engaged(work)
    out: list[dict[str, Any]] = []
    for force in in_order(work):
        if force["side"] != "Britain" or not force["afloat"] or force["port"]:
            continue
        if force["id"] in fighting:
            continue
        storm = rules.storm_day(force["lon"], force["lat"], month_of(work, day), rng)
        if storm is None:
            continue
        place = rules.sea_place(force["lon"], force["lat"])
        held = 0
        for code, spec, seated in engagements.hands(work, force):
            record = next(s for s in force["ships"] if s["code"] == code)
            seats = _told(work, force, record)
            wind, rain = storm["wind"], storm["precipitation"]
            faced = rules.storm_challenge(spec, wind, rain, rng, seated)
            # (a Rigging crossed to its last box is hers to lose in a fight, not to a storm)
            if faced["lost"] and len(record.get("rigging", ())) + 1 < rules.rigging_boxes(spec):
                record["rigging"] = [*record.get("rigging", ()), faced["rigging"]]
            held = max(held, faced["held"])
            out.append(
                {
                    "force": force["id"],
                    "ship": record["code"],
                    "name": record["name"],
                    "place": place,
                    "at": [force["lon"], force["lat"]],
                    "day": day,
                    **storm,
                    **faced,
                    "seats": seats,
                    "text": rules.storm_words(record["name"], place, day, faced),
                }
            )
        if held and force["route"]:
            force["route"]["start_day"] += held
    return out


def _victual(work: State, day: int) -> list[dict[str, Any]]:
    """A day at sea for each British ship out of port (docs/rules-notes.md "Rations"): each
    :data:`rules.RATION_DAYS` days she spends a Ration from her store (``rations``, absent
    while full; ``at_sea``, her days since the last); one she has not costs a level of Ship
    Morale. Returns the ships it cost Morale, for the log and her seats."""
    out: list[dict[str, Any]] = []
    for force in in_order(work):
        if force["side"] != "Britain" or not force["afloat"] or force["port"]:
            continue
        for i, ship in enumerate(force["ships"]):
            if ship["status"] != "afloat":
                continue
            days = ship.get("at_sea", 0) + 1
            if days < rules.RATION_DAYS:
                force["ships"][i] = {**ship, "at_sea": days}
                continue
            left, short = rules.rations_spent(rules.rations_left(ship), 1)
            ship = {**ship, "at_sea": 0, "rations": left}
            if short:
                before, after = rules.morale_lost(ship.get("morale"), short)
                ship["morale"] = after
                out.append(
                    {
                        "force": force["id"],
                        "ship": ship["code"],
                        "name": ship["name"],
                        "day": day,
                        "before": before,
                        "after": after,
                        "seats": _told(work, force, ship),
                        "text": f"{ship['name']} is out of rations on day {day}: "
                        f"Ship Morale {before} to {after}",
                    }
                )
            force["ships"][i] = ship
    return out


def _scratch(state: State) -> State:
    """A copy of ``state`` for :func:`advance` to play on, the real one left as it was: all
    of it copied but the officers' roster (most of a state), whose dict alone is copied;
    the one change an advance makes to an officer, a battle's wounds, replaces his
    record in it (:func:`server.game.engagements.carry_wounds`)."""
    rest = copy.deepcopy({k: v for k, v in state.items() if k != "officers"})
    return cast(State, {**rest, "officers": dict(state["officers"])})


def _joining(work: State) -> None:
    """Forces at sea that have come within sighting range of an engagement being fought
    join it (:func:`server.game.engagements.join_engagement`)."""
    for record in by_id(work["engagements"]):
        if not record["over"]:
            joiners = engagements.in_sight(work, record["lon"], record["lat"])
            if joiners:
                engagements.join_engagement(work, record, joiners)


def _fought(work: State) -> set[tuple[str, str]]:
    """Every (British force, enemy force) pair that has been in an engagement together."""
    pairs: set[tuple[str, str]] = set()
    for e in work["engagements"].values():
        british = [f for f in e["forces"] if work["forces"][f]["side"] == "Britain"]
        enemy = [f for f in e["forces"] if f not in british]
        pairs.update((b, x) for b in british for x in enemy)
    return pairs


def _met(work: State, british: str, enemy: str) -> bool:
    """The pair has fought, or one of them is in an engagement still being fought."""
    busy = engagements.engaged(work)
    return british in busy or enemy in busy or (british, enemy) in _fought(work)


def _leaving(work: State) -> dict[str, str]:
    """Enemy forces in harbour with a route: they put to sea this step (id -> port, in
    :func:`in_order`'s order)."""
    return {
        f["id"]: f["port"]
        for f in in_order(work)
        if f["side"] != "Britain" and f["afloat"] and f["port"] and f["route"]
    }


def apply_advance(state: State, data: Any) -> None:
    """Apply an ``advance`` event: the clock, the forces it moved, the fights it opened."""
    state["day"] = data["day"]
    state["forces"].update(data["forces"])
    officers.apply_healed(state, data.get("healed", {}))  # (then the fights' new wounds)
    for fight in data["engagements"]:
        state["engagements"][fight["id"]] = fight
        engagements.carry_wounds(state, fight)
    state["results"] = dict(data["results"])
    new_turn(state)


def _move(work: State, now: float, day: int, rng: random.Random) -> list[dict[str, Any]]:
    """Every force with a route sails on to where she is at ``now``: a force that puts to
    sea throws the sea's dice for her passage (seed 003: irons, calms, currents; her days
    change by them), and one that reaches a shallow-water risk of her route throws seed
    003's "Shallow Water" for each of her ships (:func:`_shallows`), in :func:`in_order`'s
    order. Returns the groundings thrown."""
    fighting = engagements.engaged(work)
    thrown: list[dict[str, Any]] = []
    for force in in_order(work):
        route = force["route"]
        if not force["afloat"] or not route:
            continue
        if force["id"] in fighting:  # she lies where she fights: her passage waits
            route["start_day"] += 1 / STEPS_PER_DAY
            continue
        force["port"] = None
        # (a route of rules version 5 on: one routed before, in a campaign that goes on
        # under today's rules, meets no sea, nor the shallows she may have passed)
        if "sea" in route:
            if "sailed" not in route:
                sailed = rules.sail_sea(route["sea"], rng)
                route["sailed"] = sailed
                route["days"] = round(max(0.0, route["days"] + sailed["hours"] / 24), 3)
            thrown.extend(_shallows(work, force, route, now, day, rng))
        lon, lat = position_on_route(route, now - route["start_day"])
        force["lon"], force["lat"] = round(lon, 4), round(lat, 4)
        if now - route["start_day"] >= route["days"]:
            force["route"] = None
            if isinstance(route["to"], str) and rules.is_port(route["to"]):
                force["port"] = route["to"]
                _mend(force, route["to"])
    return thrown


def _mend(force: Force, port: str) -> None:
    """A force come into a friendly port mends the damage points the sea gave her ships
    (aground, on rocks: seed 003, "Shallow Water"); docs/rules-notes.md "Damage off the
    sea in battle"."""
    if rules.mends_in(port, force["side"]):
        for ship in force["ships"]:
            # (and a storm's rigging; her store of Rations refilled: docs/rules-notes.md
            # "Storms on a passage", "Rations")
            for key in ("damage", "rigging", "rations", "at_sea"):
                cast(dict[str, Any], ship).pop(key, None)


def _shallows(
    work: State, force: Force, route: Route, now: float, day: int, rng: random.Random
) -> list[dict[str, Any]]:
    """The shallow-water risks of ``route`` the force has sailed into by ``now``, each
    thrown once (``route["thrown"]`` counts them) for every ship of hers it threatens (seed
    003: a small ship only a named shallow, not the inshore band). Rocks' damage points go
    on the ship (``damage``); a ship stuck holds the force there until she is off (its
    route's ``start_day`` moves on by her days stuck)."""
    out: list[dict[str, Any]] = []
    risks = route.get("risks") or []
    done = route.get("thrown", 0)
    while done < len(risks):
        risk = risks[done]
        elapsed = now - route["start_day"]
        run = route["distance_nm"] * min(1.0, elapsed / route["days"]) if route["days"] > 0 else 0
        if run < nm_along(route["track"], risk["at"]) and elapsed < route["days"]:
            break
        done += 1
        held = 0.0
        for ship in force["ships"]:
            if ship["status"] != "afloat" or not rules.risks_shallow(ship["type"], risk["kind"]):
                continue
            grounding = rules.shallow_throw(rng)
            if grounding["damage"]:
                ship["damage"] = ship.get("damage", 0) + grounding["damage"]
            held = max(held, grounding["days"])
            out.append(_grounding(work, force, ship, risk, grounding, day))
        route["start_day"] += held
    if risks:
        route["thrown"] = done
    return out


def _told(work: State, force: Force, ship: Any) -> list[str]:
    """The seats told what the sea did to a ship: her captain's and her squadron's
    admiral's (the GM reads them all)."""
    squadron = force.get("squadron")
    return sorted(
        s["id"]
        for s in work["seats"].values()
        if force["side"] == "Britain"
        and not s.get("vacant")
        and (
            (s["role"] == "captain" and s.get("ship") == ship["code"])
            or (s["role"] == "admiral" and squadron is not None and s.get("squadron") == squadron)
        )
    )


def _grounding(
    work: State, force: Force, ship: Any, risk: Any, grounding: dict[str, Any], day: int
) -> dict[str, Any]:
    """One ship's throw on a shallow-water risk as the log and the notices keep it: told
    to her captain's seat and her squadron's admiral's (the GM reads them all)."""
    seats = _told(work, force, ship)
    return {
        "force": force["id"],
        "ship": ship["code"],
        "name": ship["name"],
        "risk": risk["id"],
        "place": risk["name"],
        "kind": risk["kind"],
        "at": list(risk["at"]),
        "day": day,
        **grounding,
        "strength": rules.strength_points(ship["type"]),
        "seats": seats,
        "text": rules.grounding_words(ship["name"], risk["name"], day, grounding),
    }


def _enemy_orders(work: State, day: int, rng: random.Random) -> None:
    """NPC enemy squadrons: each day in harbour a squadron may put to sea (breakout)."""
    chance = rules.scenario()["sortie_chance"]
    for force in in_order(work):  # the dice drawn in that order, never the dict's
        if force["side"] == "Britain" or not force["afloat"] or force["route"]:
            continue
        if force.get("sorties") and force["port"] and rng.random() < chance:
            target = rng.choice(force["sorties"])
            try:
                types = [s["type"] for s in force["ships"]]
                voyage = _route(types, force["port"], target, month_of(work, day - 1))
            except rules.maps_errors.MapsError:  # no passage to it: she stays in harbour
                continue
            force["route"] = _routed(voyage, target, day - 1)
            force["orders"] = {"kind": "sortie", "target": target}


def _contacts(work: State, now: float, rng: random.Random) -> list[tuple[str, str]]:
    """Pairs (British force, enemy force) at sea within sighting range, not yet fought and
    not in an engagement still being fought."""
    fought = _fought(work)
    busy = engagements.engaged(work)
    british = [
        f for f in in_order(work) if f["side"] == "Britain" and f["afloat"] and f["id"] not in busy
    ]
    # the British indexed by where they are: each enemy measured against those near him only
    lookouts = Lookouts([(b["lon"], b["lat"]) for b in british])
    pairs = []
    for enemy in in_order(work):  # (the first pair met opens the first fight)
        if enemy["side"] == "Britain" or not enemy["afloat"] or enemy["port"]:
            continue
        if enemy["id"] in busy:
            continue
        for i in lookouts.within((enemy["lon"], enemy["lat"])):  # in the British's order
            b = british[i]
            if (b["id"], enemy["id"]) in fought or not b["afloat"]:
                continue
            pairs.append((b["id"], enemy["id"]))
            fought.add((b["id"], enemy["id"]))
            break
    return pairs
