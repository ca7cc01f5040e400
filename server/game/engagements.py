"""Engagements on the map: the chase (seed 002) and then BtQ combat (strategy.combat).

An engagement is a plain record in the state. Its battle is kept as the combat engine's
replayable form (seed, set-up and the decisions given), so the log holds every draw's
source and the state can always be rebuilt. NPC ships and absent players fight by policy;
a British ship whose captain holds a seat waits for his ``engage_decision`` each round. A
vacant seat (revoked, not reissued) holds nothing: her admiral orders a vacant captain's
ship, else she fights by the standing orders her seats left (:func:`reseat`).
The battle is fought in the weather of its sea and month (:func:`rules.battle_weather`);
a seated captain's ship draws from a player's deck, every other ship from the GM's.
Squadrons fight together: every force in sight of the two that met is in it from the
start, and one that sails in while it is fought joins it (:func:`join_engagement`); the
seats in it are told when it opens and ends (:func:`notices`), and an ``advance`` fights it
out at once only when no seat commands a ship in it (:func:`seats_in`).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

from server.game import events, payloads, rules
from server.game.authority import AT_SEA, OTHER, OWN, PLAYING, require_command
from server.game.errors import ActionError
from server.game.notices import battles as battle_notices
from server.game.notices import standing_given
from server.game.sighting import SIGHTING_NM, distance_nm, in_order
from server.game.spec import Grant, Spec, View
from server.game.state import (
    DECISIONS,
    BattleShip,
    BattleWeather,
    Engagement,
    Fight,
    Force,
    Notice,
    OfficerRecord,
    Result,
    Seat,
    Side,
    State,
    month_of,
)

__all__ = [
    "Battles",
    "battles_lent",
    "ENGAGE_DECISION",
    "STANDING_ORDERS",
    "ENEMY_NATIONS",
    "JOIN_DISTANCE",
    "apply_round",
    "apply_standing",
    "carry_wounds",
    "decide_round",
    "decide_standing",
    "engaged",
    "hands",
    "fight_absent",
    "in_sight",
    "join_engagement",
    "notices",
    "odds_match",
    "open_engagement",
    "reseat",
    "sail_ho_encounter",
    "seats_in",
]

ENEMY_NATIONS = {"French": "France", "Spanish": "Spain", "Dutch": "Netherlands"}
SAIL_HO_CHANCE = 0.08  # per day at sea on Independent Action: a sail sighted
JOIN_DISTANCE = 5  # a force sailing into a battle comes onto the range chart at its edge


class Battles:
    """Live battles kept between rounds, so a round's orders need not replay the fight so
    far from its seed: a cache, not state (a battle absent is rebuilt from its record). The
    service owns one and lends it to the decisions it makes (:func:`battles_lent`); without
    one every battle is rebuilt, as a replay does."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int], rules.Battle] = OrderedDict()

    def take(self, key: tuple[str, int]) -> rules.Battle | None:
        """The battle kept under ``key``, no longer kept (it is about to change)."""
        return self._kept.pop(key, None)

    def keep(self, key: tuple[str, int], battle: rules.Battle) -> None:
        """Keep ``battle`` under ``key``, the oldest given up beyond the cache's size."""
        self._kept[key] = battle
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)


#: the cache lent to the decisions of this context (a greenlet's, a thread's): None, none
_LENT: ContextVar[Battles | None] = ContextVar("admiralty_battles", default=None)


@contextmanager
def battles_lent(battles: Battles) -> Iterator[None]:
    """Decisions made within use ``battles`` to keep their live battles between rounds."""
    token = _LENT.set(battles)
    try:
        yield
    finally:
        _LENT.reset(token)


def _key(record: Engagement) -> tuple[str, int]:
    return (record["key"], len(record["battle"]["decisions"]))


def _battle(record: Engagement) -> rules.Battle:
    """The live Battle for ``record``, rebuilt from its seed and decisions when not kept."""
    lent = _LENT.get()
    battle = None if lent is None else lent.take(_key(record))
    return rules.Battle.from_dict(record["battle"]) if battle is None else battle


def _remember(record: Engagement, battle: rules.Battle) -> None:
    lent = _LENT.get()
    if lent is not None:
        lent.keep(_key(record), battle)


def _offer(record: Engagement, battle: rules.Battle) -> None:
    """What her captain's page may offer on Overcoming Great Hardship for the next round:
    ``record["hardship"]``, ``{British ship id: {officer id: ["Guts" | "Discipline"]}}``
    (seed 000, 000:1007-1011: the Measures each officer aboard may spend to some end now,
    :func:`rules.hardship_open`); none once the battle is over."""
    if battle.over:
        record.pop("hardship", None)
        return
    ids = {
        ship["id"]: {o["name"]: o["id"] for o in ship.get("officers") or []}
        for ship in record["sides"]["a"]
    }
    record["hardship"] = {
        sid: {ids[sid][name]: measures for name, measures in offered.items() if name in ids[sid]}
        for sid, offered in rules.hardship_open(battle, "a").items()
        if sid in ids
    }


def _side(force: Force, prefix: str, state: State, first: int = 0) -> list[BattleShip]:
    ships = [s for s in force["ships"] if s["status"] == "afloat"]
    side: list[BattleShip] = []
    for i, s in enumerate(ships):
        ship: BattleShip = {
            "id": f"{prefix}{first + i}",
            "code": s["code"],
            "name": s["name"],
            "type": s["type"],
            "named": bool(s.get("named")),
            "force": force["id"],
        }
        if force["side"] == "Britain":
            ship["officers"] = _aboard(state, s["code"])
        side.append(ship)
    return side


#: who goes into battle for a ship, and as what (strategy.combat.combatant ROLES): the
#: captain leads, the first lieutenant has the helm, the second lays the guns; the other
#: lieutenants and the Marines' commander fight as officers (docs/rules-notes.md)
_ABOARD = ("Lieutenant", "Lieutenant RM", "Captain RM", "Major RM", "Lieutenant Colonel RM")
_ROLES = ("captain", "master", "gunner")


def _aboard(state: State, code: str) -> list[dict[str, str]]:
    """The living officers of ship ``code`` on the roster who fight her: her captain
    first, then her lieutenants in order of their berths, then her Marines' commander."""
    crew = [o for o in state["officers"].values() if o["ship"] == code and not o["dead"]]
    captains = [o for o in crew if o["rank"] in rules.CAPTAIN_RANKS]
    others = sorted(
        (o for o in crew if o["rank"] in _ABOARD),
        key=lambda o: (o["rank"] != "Lieutenant", o["appointment"] is None, o["id"]),
    )
    out, names = [], set()
    for i, o in enumerate([*captains[:1], *others]):
        name = f"{o['rank']} {o['name']}"
        while name in names:  # the battle knows its officers by name: one name each
            name += "'"
        names.add(name)
        role = (
            _ROLES[i]
            if i < len(_ROLES) and o["rank"] in (*rules.CAPTAIN_RANKS, "Lieutenant")
            else "officer"
        )
        aboard = {"id": o["id"], "name": name, "role": role}
        health = o["sheet"].get("state", "Healthy")
        if health != "Healthy":  # he comes aboard as his last fight left him (BtQ, Healing)
            aboard["health"] = health.lower()
        out.append(aboard)
    return out


def _fighter(ship: BattleShip, state: State, deck: str = "gm") -> dict[str, Any]:
    """The combat engine's spec: Friends and Foes fight as themselves, traits and all; a
    crew drawn for her from the Essential Crew table (the skills no book prints); a
    British ship with her officers from the campaign's roster; her Ship Morale and the Hull
    boxes her record's damage points cross (:func:`rules.hull_struck`) as she comes to it;
    ``deck`` "gm" (the GM's 52, no joker) or "player" (a seated captain's 52 + joker)."""
    spec: dict[str, Any] = {
        "type": ship["name"] if ship["named"] else ship["type"],
        "name": ship["name"],
        "deck": deck,
        # her crew's competence (BtQ's Essential Crew table), the same in all her fights
        "crew": rules.ship_crew(state["campaign"]["seed"], ship["code"]),
    }
    ships = state["forces"][ship["force"]]["ships"]
    record: Any = next((s for s in ships if s["code"] == ship["code"]), None) or {}
    morale = record.get("morale")
    if morale not in (None, "healthy"):  # what her last fight left her
        spec["morale"] = morale
    if record.get("damage"):  # what the sea did to her, not yet mended in port
        struck = rules.hull_struck(spec["type"], ship["type"], record["damage"])
        if struck:
            spec["struck"] = struck
    if record.get("rigging"):  # what a storm did to her masts, not yet mended in port
        spec["rigging"] = list(record["rigging"])
    if ship.get("officers"):
        spec["officers"] = [
            rules.battle_officer(state["officers"][o["id"]], o["role"], o["name"])
            for o in ship["officers"]
        ]
    return spec


def hands(state: State, force: Force) -> list[tuple[str, dict[str, Any], bool]]:
    """Each afloat ship of a British ``force`` as she would fight (:func:`_fighter`: her
    crew, officers aboard, Ship Morale and the sea's damage) with whether her captain is
    seated (his cards his own deck's): ``(code, spec, seated)``, for a test she makes at sea
    (a storm, docs/rules-notes.md "Storms on a passage")."""
    side = _side(force, "a", state)
    commanders = _commanders(state, side)
    return [(s["code"], _fighter(s, state), commanders[s["id"]][0] is not None) for s in side]


def _commanders(
    state: State, ships: list[BattleShip], vacant: bool = False
) -> dict[str, tuple[str | None, str | None]]:
    """Battle ship id -> the seats of her captain and of her squadron's admiral (None for
    a post no player holds): the seated ones, or with ``vacant`` those standing vacant
    (revoked and not reissued: nobody there to give an order)."""
    seats = [s for s in state["seats"].values() if bool(s.get("vacant")) == vacant]
    captains = {s["ship"]: s["id"] for s in seats if s["role"] == "captain"}
    admirals = {s["squadron"]: s["id"] for s in seats if s["role"] == "admiral"}
    out = {}
    for ship in ships:
        squadron = state["forces"][ship["force"]].get("squadron")
        out[ship["id"]] = (captains.get(ship["code"]), admirals.get(squadron or ""))
    return out


def _captains(state: State, side: list[BattleShip]) -> dict[str, str]:
    """Battle ship id -> seat id of the player who orders her: her seated captain, else
    the seated admiral of her squadron (he orders the ships without a captain of their own)."""
    out = {}
    for sid, (captain, admiral) in _commanders(state, side).items():
        holder = captain or admiral
        if holder is not None:
            out[sid] = holder
    return out


def open_engagement(
    work: State,
    british_id: str,
    enemy_id: str,
    day: int,
    rng: random.Random,
    *,
    flees: bool = False,
) -> Engagement:
    """Open (and, with no player captain aboard, fight out) an engagement in ``work``.
    ``flees``: the enemy flees the chase whatever her guns (a squadron running a
    blockade; seed 002, 2.4)."""
    british, enemy = work["forces"][british_id], work["forces"][enemy_id]
    # the squadrons in sight of the fight sail into it with the two that met (BtQ,
    # "Engaging Multiple Ships"): side a British, side b the enemy, one side each
    forces = {"a": [british_id], "b": [enemy_id]}
    for fid in in_sight(work, enemy["lon"], enemy["lat"], {british_id, enemy_id}):
        forces["a" if work["forces"][fid]["side"] == "Britain" else "b"].append(fid)
    side_a, side_b = _sides(work, forces["a"], "a"), _sides(work, forces["b"], "b")
    lead_a = max(_side(british, "a", work), key=lambda s: _rank(s["type"]))
    lead_b = max(_side(enemy, "b", work), key=lambda s: _rank(s["type"]))
    # ids run on from the summers gone by (their fights are kept by the season page)
    eid = f"e{work.get('fought', 0) + len(work['engagements']) + 1}"
    record: Engagement = {
        "id": eid,
        "key": f"{work['campaign']['id']}/{eid}",
        "day": day,
        "forces": forces["a"] + forces["b"],
        "lon": enemy["lon"],
        "lat": enemy["lat"],
        "sides": {"a": side_a, "b": side_b},
        "log": [],
        "over": False,
        "outcome": None,
        "awaiting": {},
        "pending": {},
    }
    seated = _captains(work, side_a)
    # The Royal Navy hunts: the lead ship of the British force that sighted the enemy
    # chases the enemy's (seed 002); a seated captain's cards come from his own deck,
    # every other card from the GM's (BtQ).
    decks = {"hunter_deck": rules.player_deck(rng)} if lead_a["id"] in seated else {}
    policy = rules.ChasePolicy(prey_flees=True) if flees else None
    prepared = _prep(work, lead_a, seated.get(lead_a["id"]), rng)
    result = rules.chase(
        lead_a["type"], lead_b["type"], rng, policy=policy, prepared=prepared, **decks
    )
    record["chase"] = {k: v for k, v in result.to_dict().items() if k != "events"}
    record["log"].extend({"phase": "chase", **e} for e in result.to_dict()["events"])
    short = 0
    if result.rations:  # (only then: a chase that spent none is recorded as it was)
        spent, short = _victualled(british, lead_a, result.rations)
        record["chase"]["ship_rations"] = spent
        record["log"].append({"phase": "chase", "event": "ship_rations", **spent})
    if result.morale or short:  # (a Ration she had not is a Morale: "Rations")
        lost = _dispirited(british, lead_a, result.morale + short)
        record["chase"]["ship_morale"] = lost
        record["log"].append({"phase": "chase", "event": "ship_morale", **lost})
    seed = rng.randrange(2**31)
    # the sea they fight in: the wind where the enemy was met, in the month of the day
    month = month_of(work, day)
    record["weather"] = cast(
        BattleWeather, rules.battle_weather(enemy["lon"], enemy["lat"], month, seed)
    )
    battle = rules.Battle(
        [_fighter(s, work, "player" if s["id"] in seated else "gm") for s in side_a],
        [_fighter(s, work) for s in side_b],
        seed=seed,
        weather=record["weather"]["name"],
        precipitation=record["weather"]["precipitation"]["name"],
        policies={"a": "aggressive", "b": "cautious"},
        chase=result.to_dict() if not result.escaped else None,
        distance=None if not result.escaped else 5,
    )
    record["battle"] = battle.to_dict()
    for ship, state in zip(side_a + side_b, battle.ships, strict=True):
        ship["caps"] = _caps(state)
    record["choices"] = {"decisions": list(DECISIONS), "shots": list(rules.SHOTS)}
    work["engagements"][eid] = record
    record["seats"] = seats_in(work, record)
    if result.escaped:
        _close(
            work,
            record,
            {"how": "escaped", "winner": None, "rounds": 0, "chase": True, "ships": {}},
        )
        return record
    record["awaiting"] = seated
    if not record["seats"]:  # no seat commands a ship in it: fought out at once
        standing = _standing(work, record)  # (the orders vacant seats left)
        while not battle.over:
            record["log"].extend(battle.step(standing))
        record["battle"] = battle.to_dict()
        assert battle.outcome is not None  # a battle fought out has its outcome
        record["morale"] = rules.morale_after(battle, "a")
        shares = _prizes(work, record, battle, record["log"])
        if shares:  # (only then: a fight that took none keeps its record as it was)
            record["prize_money"] = shares
        _close(work, record, battle.outcome)
    else:
        record["view"] = battle.state()
        _offer(record, battle)
        _remember(record, battle)
    return record


def _victualled(force: Force, hunter: BattleShip, rations: int) -> tuple[dict[str, Any], int]:
    """The Rations the hunter spent at the chase's moment of truth (seed 002, 2.7: "spend 1
    from the ship's Rations"), from her store (:func:`rules.rations_left`;
    docs/rules-notes.md "Rations"). The record is replaced, not changed (an advance decides
    on a copy). ``({"ship", "spent", "before", "after"}, the Rations she had not)``: each of
    those a level of Ship Morale."""
    ships = force["ships"]
    i = next(i for i, s in enumerate(ships) if s["code"] == hunter["code"])
    before = rules.rations_left(ships[i])
    after, short = rules.rations_spent(before, rations)
    ships[i] = {**ships[i], "rations": after}
    return {"ship": hunter["code"], "spent": rations, "before": before, "after": after}, short


def _dispirited(force: Force, hunter: BattleShip, levels: int) -> dict[str, Any]:
    """The Morale the hunter lost at the chase's moment of truth (seed 002, 2.7: "lose 1
    Morale", on a failure the hunter chose to pay so or a critical failure), charged to her
    Ship Morale (BtQ's, seed 000:1165-1199: "damaged by one level" each; docs/rules-notes.md
    "Rations and Morale of the chase"), which she takes to her next fight and mends as a
    battle's (:func:`_close`). The record is replaced, not changed (an advance decides on
    a copy). ``{"ship", "before", "after"}``."""
    ships = force["ships"]
    i = next(i for i, s in enumerate(ships) if s["code"] == hunter["code"])
    before, after = rules.morale_lost(ships[i].get("morale"), levels)
    ships[i] = {**ships[i], "morale": after}
    return {"ship": hunter["code"], "before": before, "after": after}


def _prep(work: State, hunter: BattleShip, seat: str | None, rng: random.Random) -> Any:
    """The hunter's prep work before the chase (seed 002, 2.1, lines 23-24: "Each
    character gets one Prep work action; each success gives +1 Gage for the confrontation
    to follow"): one sea prep action for each player's character aboard her (the seed's
    "characters" are the players'; the NPCs' side has Market Forces' Gage instead, 2.5),
    testing his own skill; the action her seated captain's (or admiral's) standing orders
    name, else the one each officer's best skill serves (:func:`rules.sea_prep_work`: its
    own cards, a seated captain's officers' from a player's deck). The prey does none
    (docs/rules-notes.md "Prep work on the map"). None: no player's character aboard."""
    roster = work["officers"]
    officers = [o for o in hunter.get("officers") or [] if roster[o["id"]].get("player")]
    if not officers:
        return None
    holders = [seat, *_commanders(work, [hunter], vacant=True)[hunter["id"]]]
    ordered = next(
        (work["standing"][h].get("prep") for h in holders if h in work["standing"]), None
    )
    skills = [
        (o["name"], rules.battle_officer(roster[o["id"]], o["role"], o["name"])["skills"])
        for o in officers
    ]
    return rules.sea_prep_work(skills, ordered, rng, player=seat is not None)


def odds_match(record: Engagement) -> dict[str, Any]:
    """What a preview of ``record``'s odds fights (``GET /api/campaigns/<id>/engagements/
    <id>/odds``): each side's ships as its battle took them, those that joined it after,
    every one with the crew drawn for her (:func:`rules.ship_crew`, the skills her spec
    carries), her officers, her Ship Morale and her deck; in its weather, by its policies.
    Not its seed: the preview's battles are its own, the cards to come untold."""
    if "battle" not in record:
        raise ActionError("not_found", f"engagement {record['id']!r} has no battle")
    battle = record["battle"]
    sides: dict[str, list[dict[str, Any]]] = {k: list(battle[k]) for k in "ab"}
    for join in battle.get("joins", ()):
        sides[join["side"]] += join["ships"]
    match = {
        "a": sides["a"],
        "b": sides["b"],
        "weather": battle["weather"],
        "policies": dict(battle["policies"]),
    }
    if "precipitation" in battle:  # (a dry battle's match as it was)
        match["precipitation"] = battle["precipitation"]
    return match


def _sides(work: State, force_ids: list[str], prefix: str) -> list[BattleShip]:
    """The battle ships of ``force_ids`` on one side, their ids in one run (a0, a1, ...)."""
    ships: list[BattleShip] = []
    for fid in force_ids:
        ships += _side(work["forces"][fid], prefix, work, len(ships))
    return ships


def engaged(work: State) -> set[str]:
    """The forces in an engagement still being fought (they stay where they fight)."""
    return {f for e in work["engagements"].values() if not e["over"] for f in e["forces"]}


def in_sight(work: State, lon: float, lat: float, besides: Iterable[str] = ()) -> list[str]:
    """Forces at sea within sighting range of (lon, lat), not ``besides`` and not fighting
    another engagement: those that join a fight there, in :func:`sighting.in_order`'s order."""
    busy = engaged(work) | set(besides)
    return [
        f["id"]
        for f in in_order(work)
        if f["afloat"]
        and not f["port"]
        and f["id"] not in busy
        and any(s["status"] == "afloat" for s in f["ships"])
        and distance_nm((f["lon"], f["lat"]), (lon, lat)) <= SIGHTING_NM
    ]


def seats_in(state: State, record: Engagement) -> dict[str, list[str]]:
    """Seat id -> the British battle ships it commands in ``record``: a captain his ship,
    an admiral his squadron's ships (the seats told when it opens and ends, and for whom
    an ``advance`` does not fight it out); a vacant seat commands none."""
    out: dict[str, list[str]] = {}
    for sid, seats in _commanders(state, record["sides"]["a"]).items():
        for seat in seats:
            if seat is not None:
                out.setdefault(seat, []).append(sid)
    return out


def reseat(state: State, seat_id: str) -> None:
    """Who each open engagement waits for, again, after seat ``seat_id`` was revoked or
    reissued: a vacant captain's ships pass to her seated admiral, else to nobody (she
    fights by the standing orders her seats left: :func:`_standing`), and come back to the
    seat reissued. The orders already given for the round stand; a round that then waits
    for nobody is fought by the clock at once (:func:`server.game.clock.due`)."""
    for record in state["engagements"].values():
        if record["over"]:
            continue
        awaiting, now = record["awaiting"], _captains(state, record["sides"]["a"])
        for ship in record["sides"]["a"]:
            sid = ship["id"]
            if seat_id not in (awaiting.get(sid), now.get(sid)):
                continue  # (only the ships that seat held, or holds now, change hands)
            if sid in now:
                awaiting[sid] = now[sid]
            else:
                awaiting.pop(sid, None)
        seats = {k: v for k, v in record.get("seats", {}).items() if k != seat_id}
        mine = seats_in(state, record).get(seat_id)
        record["seats"] = {**seats, seat_id: mine} if mine else seats


def join_engagement(work: State, record: Engagement, force_ids: list[str]) -> None:
    """Forces that sail into an engagement being fought join it between rounds, British
    on side a and the enemy on side b, at Distance 5 from every enemy ship (the edge of
    the range chart: BtQ, "Engaging Multiple Ships"; docs/rules-notes.md, "Squadrons in
    one battle"); their ids continue their side's, a seated captain draws from his deck."""
    battle = _battle(record)
    for fid in force_ids:
        force = work["forces"][fid]
        key = "a" if force["side"] == "Britain" else "b"
        ships = _side(force, key, work, len(record["sides"][key]))
        if not ships:
            continue
        seated = _captains(work, ships) if key == "a" else {}
        specs = [_fighter(s, work, "player" if s["id"] in seated else "gm") for s in ships]
        events = battle.join(key, specs, JOIN_DISTANCE)
        record["log"].extend({**e, "force": fid} for e in events)
        for ship in ships:
            ship["caps"] = _caps(battle.ship(ship["id"]))
        record["sides"][key] += ships
        record["forces"].append(fid)
        record["awaiting"].update(seated)
    record["seats"] = seats_in(work, record)
    record["battle"] = battle.to_dict()
    record["view"] = battle.state()
    _offer(record, battle)
    _remember(record, battle)


_ENDED = {
    "a_wins": "the enemy was beaten",
    "b_wins": "the British were beaten",
    "disengaged": "both sides drew off",
}


def notices(state: State, record: Engagement, *kinds: str) -> list[Notice]:
    """The notices of ``record`` (``kinds``: "opened", "ended"), each to the seats whose
    ship or squadron is in it (the GM is told them all), in words and in fields."""
    names = {
        side: " and ".join(
            _the(state["forces"][f]["name"])
            for f in record["forces"]
            if (state["forces"][f]["side"] == "Britain") == (side == "a")
        )
        for side in "ab"
    }
    fight = f"{names['a']} against {names['b']}"
    seats = sorted(record.get("seats") or seats_in(state, record))
    out: list[Notice] = []
    for kind in kinds:
        how = (record["outcome"] or {}).get("how") if kind == "ended" else None
        if kind == "opened":
            text = f"a battle opened on day {record['day']}: {fight}"
        else:
            text = f"the battle of {fight} is over: {_ended(record)}"
        out.append(
            {
                "kind": kind,
                "engagement": record["id"],
                "day": record["day"],
                "seats": seats,
                "forces": list(record["forces"]),
                "outcome": how,
                "text": text,
            }
        )
    return out


def _the(name: str) -> str:
    return name if name.lower().startswith("the ") else f"the {name}"


def _ended(record: Engagement) -> str:
    """How an engagement ended, in words."""
    outcome = record["outcome"] or {}
    how = outcome.get("how")
    if how in _ENDED:
        return _ENDED[how]
    if outcome.get("chase"):
        return "the enemy got away in the chase"
    escaped = outcome.get("escaped") or []
    british = any(sid.startswith("a") for sid in escaped)
    return "the British got away" if british else "the enemy got away"


def fight_absent(state: State, eid: str, rounds: str | None = None) -> dict[str, Any]:
    """The round (``rounds="all"``: every round to the end) fought without the players who
    have not given their orders: their standing orders, else their side's NPC policy (the
    GM's ``npc``, and the round deadline passing: server.game.clock). ``rounds`` left out:
    the next round, or every round when the fight waits for nobody (its seats vacant)."""
    record = state["engagements"][eid]
    if rounds is None:
        rounds = "one" if record["awaiting"] else "all"
    standing = _standing(state, record)
    later = standing if rounds == "all" else None
    return _fight_round(state, record, {**standing, **record["pending"]}, None, {}, later=later)


def _caps(ship: Any) -> dict[str, list[int]]:
    """A battle ship's boxes per damage state, per area (for the battle panel)."""
    return dict(zip(rules.DAMAGE_AREAS, (list(c) for c in ship.damage.caps), strict=True))


def _rank(roster_type: str) -> int:
    return rules.ROSTER_ORDER.index(roster_type)


def decide_round(
    state: State, seat: Seat, p: payloads.EngageDecision, rng: random.Random
) -> dict[str, Any]:
    """A captain's orders for the next round (``p``: an engage_decision payload); the round
    is fought when every captain aboard has given his (the others follow their side's
    policy). The GM's ``npc`` fights the round with the absent captains' ships by policy."""
    eid = p.engagement
    record = state["engagements"].get(eid)
    if record is None:
        raise ActionError("not_found", f"no engagement {eid!r}")
    if record["over"]:
        raise ActionError("wrong_phase", f"engagement {eid} is over")
    fought = (record.get("view") or {}).get("round", 0)
    if p.round is not None and p.round != fought + 1:
        raise ActionError(
            "conflict",
            f"round {p.round} of {eid} is {'already fought' if p.round <= fought else 'not next'}"
            f": orders now are for round {fought + 1}",
        )
    # his ships in their side's order (``awaiting``'s own order is no order: a dict)
    mine = [s["id"] for s in record["sides"]["a"] if record["awaiting"].get(s["id"]) == seat["id"]]
    require_command(
        ENGAGE_DECISION,
        seat["role"],
        OWN if mine else OTHER,
        f"your ship is not fighting in engagement {eid}",
    )
    if seat["role"] == "gm":  # absent captains: their ships fight by policy
        if p.decision != "npc" or any(getattr(p, k) is not None for k in _CAPTAINS_ORDERS):
            raise ActionError(
                "invalid",
                "the GM sends {engagement, decision: 'npc', rounds: 'one' or 'all'} to have "
                "the round, or the rest of the battle, fought by the NPC policies",
            )
        return fight_absent(state, eid, p.rounds or "one")
    if p.decision not in DECISIONS or p.rounds is not None:
        raise ActionError("invalid", f"'decision' must be one of {', '.join(DECISIONS)}")
    if p.ship is not None:  # one of the ships he orders; by default all of them
        if p.ship not in mine:
            raise ActionError("forbidden", f"you do not order {p.ship!r} in engagement {eid}")
        mine = [p.ship]
    orders = _orders(record, mine, p)
    battle = _battle(record)
    try:  # checked now, not when the last captain's orders have the round fought
        for sid in mine:
            rules.check_orders(battle, sid, orders)  # refused: invalid
    finally:
        _remember(record, battle)
    pending = {**record["pending"], **dict.fromkeys(mine, orders)}
    data = {"engagement": eid, "ship": mine[0], "ships": mine, "orders": orders}
    if set(record["awaiting"]) - set(pending):  # (a vacant seat's orders given stand)
        return {**data, "round": None}
    given = {**_standing(state, record), **pending}  # the ships nobody orders: theirs
    return {**_fight_round(state, record, given, mine[0], orders), "ships": mine}


def decide_standing(
    state: State, seat: Seat, p: payloads.StandingOrders, rng: random.Random
) -> dict[str, Any]:
    """A captain's or an admiral's standing orders: what his ships do in a round he has
    not ordered when the GM has it fought (``npc``), and the prep work his officers turn
    to before a chase (``prep``, seed 002, 2.1: :func:`_prep`); neither given clears them."""
    if p.decision is None and p.prep is None:
        return {"seat": seat["id"], "orders": None}
    orders: dict[str, Any] = {}
    if p.decision is not None:
        orders = {"strike": True} if p.decision == "strike" else {"move": p.decision}
        for key in ("shot", "range", "repair", "muskets"):
            if getattr(p, key) is not None and p.decision != "strike":
                orders[key] = getattr(p, key)
    if p.prep is not None:  # before a chase, not a round's: :func:`_standing` leaves it out
        orders["prep"] = p.prep
    return {"seat": seat["id"], "orders": orders}


def apply_standing(state: State, data: events.StandingOrders) -> None:
    if data["orders"] is None:
        state["standing"].pop(data["seat"], None)
    else:
        state["standing"][data["seat"]] = data["orders"]


def _standing(state: State, record: Engagement) -> dict[str, Any]:
    """Battle ship id -> the standing orders she fights a round by that nobody ordered her
    in: those of the seat the round awaits for her, else those her vacant seats left (her
    captain's, else her admiral's: docs/rules-notes.md, "A vacant seat")."""
    standing = state["standing"]
    vacant = _commanders(state, record["sides"]["a"], vacant=True)
    out = {}
    for ship in record["sides"]["a"]:
        sid = ship["id"]
        for seat in (record["awaiting"].get(sid), *vacant[sid]):
            # (the prep work is before the chase: no order of a round)
            orders = {k: v for k, v in standing.get(seat or "", {}).items() if k != "prep"}
            if orders:
                out[sid] = orders
                break
    return out


#: the orders only a captain gives (the GM's ``npc`` gives none of them)
_CAPTAINS_ORDERS = (
    "shot",
    "target",
    "fire",
    "range",
    "repair",
    "repair_by",
    "hwyf",
    "boarding",
    "fire_by",
    "hardship",
    "muskets",
)


#: the orders that name officers aboard, by their roster ids
_OFFICERS_ORDERS = ("repair_by", "fire_by", "hardship", "hwyf", "boarding")


def _orders(record: Engagement, ship_ids: list[str], p: Any) -> dict[str, Any]:
    """A captain's payload as the engine's orders (seed 000, each round's Steps Three to
    Seven): his officers named by their roster ids, checked to be aboard her (an admiral
    naming officers orders one ship)."""
    if p.decision == "strike":
        return {"strike": True}
    orders: dict[str, Any] = {"move": p.decision}
    for key in ("shot", "range", "repair", "muskets"):
        if getattr(p, key) is not None:
            orders[key] = getattr(p, key)
    enemies = {s["id"] for s in record["sides"]["b"]}
    if p.target is not None:
        if p.target not in enemies:
            raise ActionError("invalid", f"'target' must be an enemy ship id of {record['id']}")
        orders["target"] = p.target
    if p.fire is not None:  # the broadside split (BtQ, "Engaging Multiple Ships")
        if not set(p.fire) <= enemies:
            raise ActionError(
                "invalid", f"'fire' splits her broadside between enemy ships of {record['id']}"
            )
        orders["fire"] = dict(p.fire)
    named = {k: getattr(p, k) for k in _OFFICERS_ORDERS if getattr(p, k) is not None}
    if named and len(ship_ids) > 1:
        raise ActionError("invalid", "orders naming officers are for one ship: give 'ship'")
    ship = next(s for s in record["sides"]["a"] if s["id"] == ship_ids[0])
    orders.update(_named(ship, named))
    return orders


def _named(ship: BattleShip, named: dict[str, Any]) -> dict[str, Any]:
    """The orders naming officers, each by the name the battle knows him by."""
    names = {o["id"]: o["name"] for o in ship.get("officers") or []}

    def aboard(key: str, oid: str) -> str:
        if oid not in names:
            raise ActionError("invalid", f"'{key}': no officer {oid!r} aboard {ship['name']}")
        return names[oid]

    out: dict[str, Any] = {}
    for key, given in named.items():
        if isinstance(given, dict):  # hwyf, boarding, hardship: {officer: what he does}
            out[key] = {aboard(key, oid): v for oid, v in given.items()}
        elif isinstance(given, list):  # hardship: who spends a point of Guts
            out[key] = [aboard(key, oid) for oid in given]
        else:  # repair_by, fire_by: who leads it
            out[key] = aboard(key, given)
    return out


def _fight_round(
    state: State,
    record: Engagement,
    pending: dict[str, Any],
    ship: str | None,
    orders: dict[str, Any],
    later: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Fight the next round with the captains' ``pending`` orders (others by policy);
    with ``later`` (the standing orders), every round after it too, to the battle's end.
    The round that ends the battle carries its ``ended`` notice to the seats in it."""
    battle = _battle(record)
    events = battle.step(pending)
    while later is not None and not battle.over:
        events += battle.step(later)
    _remember({**record, "battle": battle.to_dict()}, battle)
    rnd: dict[str, Any] = {
        "events": events,
        "battle": battle.to_dict(),
        "view": battle.state(),
        "over": battle.over,
        "outcome": battle.outcome,
    }
    data: dict[str, Any] = {
        "engagement": record["id"],
        "ship": ship,
        "orders": orders,
        "round": rnd,
    }
    if battle.over:
        rnd["morale"] = rules.morale_after(battle, "a")
        shares = _prizes(state, record, battle, [*record["log"], *events])
        if shares:  # (only then: a round that took none is as it was)
            rnd["prize_money"] = shares
        data["notices"] = notices(state, {**record, "outcome": battle.outcome}, "ended")
    return data


def apply_round(state: State, data: events.EngageDecision) -> None:
    """Apply an ``engage_decision`` event: the orders kept, or the round fought."""
    record = state["engagements"][data["engagement"]]
    if data["round"] is None:
        for sid in data.get("ships") or ([data["ship"]] if data["ship"] else []):
            record["pending"][sid] = data["orders"]
        return
    rnd = data["round"]
    record["pending"] = {}
    record["log"].extend(rnd["events"])
    record["battle"] = rnd["battle"]
    record["view"] = rnd["view"]
    if not rnd["over"]:  # the live battle is kept (a replay rebuilds it)
        battle = _battle(record)
        _offer(record, battle)
        _remember(record, battle)
    else:
        record.pop("hardship", None)
        if "morale" in rnd:
            record["morale"] = rnd["morale"]
        if "prize_money" in rnd:  # (decided with the round: an older log's round has none)
            record["prize_money"] = rnd["prize_money"]
        assert rnd["outcome"] is not None  # an ended round says how
        _close(state, record, rnd["outcome"])


_LOST = ("sunk", "struck", "taken", "decimated")  # a ship that leaves the map with her fight


def _close(state: State, record: Engagement, outcome: dict[str, Any]) -> None:
    """End an engagement: ships' fates onto the forces (sunk, struck, taken and decimated
    ships leave the map), Briny results by the book onto British ships
    (strategy.campaign.map_results)."""
    record["over"] = True
    record["outcome"] = outcome
    record["awaiting"] = {}
    fates = {sid: info["status"] for sid, info in outcome.get("ships", {}).items()}
    for side in ("a", "b"):
        for ship in record["sides"][side]:
            status = fates.get(ship["id"], "afloat")
            force = state["forces"][ship["force"]]
            for s in force["ships"]:
                if s["code"] == ship["code"] and status in _LOST:
                    s["status"] = status
                kept = record.get("morale", {}).get(ship["id"]) if side == "a" else None
                if s["code"] == ship["code"] and kept is not None:
                    s["morale"] = kept["morale"]  # what she brings to her next fight
            force["afloat"] = any(s["status"] == "afloat" for s in force["ships"])
            if side == "a":
                _earned(state, ship["code"], _result(state, record, outcome, ship))
    _wounds(state, record)
    carry_wounds(state, record)


#: an enemy ship her captors bring into port (strategy.campaign.map_results: her prize)
_TAKEN = ("struck", "taken", "decimated")
_KILLED = 3  # an officer's Health Dead (strategy.combat's levels): no share


def _prizes(
    state: State, record: Engagement, battle: Any, log: list[dict[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """The Prize Money of the enemy ships taken in ``record``'s ended ``battle`` (seed 000,
    "Prize Money": "When a British Ship captures an enemy ship and returns it to a friendly
    port"): each British ship that holds the field over a prize (her fate
    ``enemy_captured``, read from ``log``) shares every enemy ship struck, taken or
    decimated, each of her officers who fought her and lives by his row of the table
    (:func:`rules.prize_money`; no card drawn). Decided with the round that ended it
    (the event's ``prize_money``), carried onto the roster by :func:`carry_wounds`."""
    outcome = battle.outcome or {}
    fates = {sid: info["status"] for sid, info in outcome.get("ships", {}).items()}
    prizes = [
        {"name": s["name"], "type": s["type"]}
        for s in record["sides"]["b"]
        if fates.get(s["id"]) in _TAKEN
    ]
    if not prizes:
        return {}
    captors = [
        {
            "id": o["id"],
            "rank": state["officers"][o["id"]]["rank"],
            "commands": o["role"] == "captain",
        }
        for ship in record["sides"]["a"]
        if rules.ship_fate(outcome, ship["id"], log) == "enemy_captured"
        for o in ship.get("officers") or []
        if battle.by_id[ship["id"]].health.get(o["name"], 0) < _KILLED
    ]
    return rules.prize_money(prizes, captors)


def _wounds(state: State, record: Engagement) -> None:
    """The officers' wounds of the battle (its ``wounded`` events: the officer by his name,
    or by his role when an enemy's blow names the post) and the Measures they spent in it
    (its ``hardship`` events: what each left him) onto the record (then the roster, by
    :func:`carry_wounds`): the dead are
    dead, the Injured and Maimed carry it on their sheets, a Measure spent stays spent for
    the Naval Mission (seed 000, "Overcoming Great Hardship"), and so does a trait used
    once a Naval Mission (a test's ``repeat``: Jack Tar's)."""
    health: dict[str, str] = {}
    spent: dict[str, dict[str, int]] = {}
    used = _used(record)
    for ship in record["sides"]["a"]:
        officers = ship.get("officers") or []
        by_name = {o["name"]: o["id"] for o in officers}
        by_role = {o["role"]: o["id"] for o in reversed(officers)}
        for e in record["log"]:
            if e.get("ship") != ship["id"]:
                continue
            if e.get("type") == "wounded":
                oid = by_name.get(e["who"]) or by_role.get(e["who"])
                if oid is not None:
                    health[oid] = e["health"]
            elif e.get("type") == "hardship" and e.get("officer") in by_name:
                spent.setdefault(by_name[e["officer"]], {})[e["measure"]] = e["left"]
    record["wounds"] = health
    for ship in record["sides"]["a"]:  # the battle panel's officers as the fight left them
        for o in ship.get("officers") or []:
            if o["id"] in health:
                o["health"] = health[o["id"]]
    if spent:  # (only when one was: the fights of those who spent none as they were)
        record["spent"] = spent
    if used:  # (likewise)
        record["used"] = used


def _used(record: Engagement) -> dict[str, list[str]]:
    """The British officers' traits used once a Naval Mission in a fight (its tests'
    ``repeat``: Jack Tar's), by officer id; each once (a repeated contest's redraws each
    carry it). By his name alone: a duel's repeat may be the enemy officer's, on her side."""
    used: dict[str, list[str]] = {}
    for ship in record["sides"]["a"]:
        by_name = {o["name"]: o["id"] for o in ship.get("officers") or []}
        for e in record["log"]:
            repeat = e.get("repeat") if e.get("type") == "test" else None
            if repeat is not None and repeat["officer"] in by_name:
                his = used.setdefault(by_name[repeat["officer"]], [])
                if repeat["trait"] not in his:
                    his.append(repeat["trait"])
    return used


def carry_wounds(state: State, record: Engagement) -> None:
    """An engagement's ``wounds``, ``spent`` Measures, ``used`` traits and ``prize_money``
    (each share's guineas into his funds, once) onto the campaign's roster (again
    when an ``advance`` that fought it is applied: the roster is not in that event's data).
    Each officer's record is replaced, not changed: an advance decides on a copy of the
    state sharing the records of its roster (:func:`server.game.forces.advance`)."""
    roster = state["officers"]
    for oid, level in record.get("wounds", {}).items():
        officer = roster[oid]
        sheet = {**officer["sheet"], "state": level.title()}
        dead = officer["dead"] or level == "dead"
        roster[oid] = cast(OfficerRecord, {**officer, "dead": dead, "sheet": sheet})
    for oid, left in record.get("spent", {}).items():
        officer = roster[oid]
        after = rules.officer_spending(officer, left)
        roster[oid] = cast(OfficerRecord, {**after, "player": officer["player"]})
    for oid, shares in record.get("prize_money", {}).items():
        # (each once: this may be applied again)
        officer = roster[oid]
        paid = list(officer.get("prize_money", ()))
        mine = [{"engagement": record["id"], **p} for p in shares]
        new = [p for p in mine if p not in paid]
        # its guineas into his purse (a share logged before they were has none: it
        # replays as it was decided, into his sheet only)
        funds = officer["funds"] + sum(p.get("guineas", 0) for p in new)
        roster[oid] = cast(OfficerRecord, {**officer, "prize_money": paid + new, "funds": funds})
    for oid, traits in record.get("used", {}).items():
        # (each once: this may be applied again, and a trait used is not his to use twice)
        officer = roster[oid]
        had = list(officer.get("used", ()))
        now = had + [t for t in traits if t not in had]
        roster[oid] = cast(OfficerRecord, {**officer, "used": now})


def _earned(state: State, code: str, fight: Fight) -> None:
    """Ship ``code``'s result of one more fight this season, kept with those before it; her
    season's result is the one of them the book's single Battle Result is read from
    (:func:`strategy.campaign.map_results.season_fight`: the fight that lost her, else her
    best). The record is replaced, not changed (an advance decides on a copy sharing it)."""
    before = state["results"].get(code)
    fights: list[Fight] = []
    if before is not None:
        kept = before.get("fights")
        fights = list(kept) if kept is not None else [_fight_of(before)]
    fights.append(fight)
    chosen = fights[rules.season_fight(fights)]
    state["results"][code] = {**chosen, "fights": fights}


def _fight_of(result: Result) -> Fight:
    """The one fight a result saved before the season's fights were kept stands for."""
    return {k: result[k] for k in ("result", "engagement", "fate", "interpretation")}  # type: ignore[return-value]


def _result(state: State, record: Engagement, outcome: dict[str, Any], ship: BattleShip) -> Fight:
    """The Briny result a British ship earned: her fate in the battle read by her order."""
    fate = rules.ship_fate(outcome, ship["id"], record["log"])
    order = next(
        s["order"] for s in state["forces"][ship["force"]]["ships"] if s["code"] == ship["code"]
    )
    result, wording = rules.map_battle_result(fate, order)
    return {
        "result": result,
        "engagement": record["id"],
        "fate": fate,
        "interpretation": wording,
    }


def sail_ho_encounter(work: State, force: Force, day: int, rng: random.Random) -> Force | None:
    """On Independent Action at sea, a sail may be sighted (seed 002's Sail Ho! table).

    An enemy sail becomes a force beside the British ship; a neutral or friendly one is
    let pass. Returns the new enemy force, or None.
    """
    if rng.random() >= SAIL_HO_CHANCE:
        return None
    sail = rules.sail_ho(rng)
    nation = ENEMY_NATIONS.get(sail.nationality)
    if nation is None:
        return None
    fid = f"sail-{day}-{force['id']}"
    name = f"{sail.nationality} {sail.ship_type.lower()}"
    enemy: Force = {
        "id": fid,
        "side": cast(Side, nation),
        "name": name,
        "squadron": None,
        "fleet": None,
        "ships": [
            {
                "code": fid,
                "name": name,
                "type": sail.btq_type,
                "status": "afloat",
                "cargo": sail.cargo,
            }
        ],
        "lon": force["lon"],
        "lat": force["lat"],
        "port": None,
        "orders": None,
        "route": None,
        "afloat": True,
        "sail_ho": sail.to_dict(),
    }
    work["forces"][fid] = enemy
    return enemy


ENGAGE_DECISION = Spec(
    "engage_decision",
    payloads.EngageDecision,
    {
        "captain": Grant(AT_SEA, (OWN,), while_paused=False),
        # his squadron's ships with no captain of their own at the table (none seated, or
        # her captain's seat vacant: reseat)
        "admiral": Grant(AT_SEA, (OWN,), while_paused=False),
        "gm": Grant(AT_SEA, (OTHER,), while_paused=False),  # absent captains: NPC policy
    },
    decide_round,
    apply_round,
    events.EngageDecision,
    View("forces", lambda data, after: {"engagement": data["engagement"]}),
    # the officers only when the round ended the fight (its wounds and Ship Morale kept)
    touches=lambda data: (
        ("forces", "fleet", "own")
        + (("officers",) if (data.get("round") or {}).get("over") else ())
    ),
    notice=battle_notices,
    aims=("ship",),
)
STANDING_ORDERS = Spec(
    "standing_orders",
    payloads.StandingOrders,
    {role: Grant(PLAYING) for role in ("admiral", "captain")},
    decide_standing,
    apply_standing,
    events.StandingOrders,
    View("private", lambda data, after: {k: data[k] for k in ("seat", "orders")}),
    touches=("own",),
    notice=standing_given,
)
