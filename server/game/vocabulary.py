"""The words of the rules the browser pages show and send (``GET /api/rules``), taken from
the rules' own tables through the doorway (:mod:`server.game.rules`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from server.game import rules

__all__ = ["deployment_words", "roll_words", "ships_words", "vocabulary"]


def _names(codes: list[str]) -> str:
    return ", ".join(rules.FLEET_SHIPS[c].name for c in codes)


def _most_first(counts: Counter[str]) -> str:
    """``counts``' keys, most first (ties in the order first met): "all X" for one key;
    "mostly X" when X is more than half, else "chiefly X"; the others after it."""
    ranked = [k for k, _ in counts.most_common()]
    if len(ranked) == 1:
        return f"all {ranked[0]}"
    lead = "mostly" if 2 * counts[ranked[0]] > counts.total() else "chiefly"
    return f"{lead} {ranked[0]} (also {', '.join(ranked[1:])})"


def roll_words(roll: int) -> str:
    """What Table F's ``roll`` sends, in words (Briny, Navy Table F): each fleet's squadrons
    in the order the book prints them, their ships by name, each with its order in the
    book's words (001:709)."""
    fleets: dict[str, dict[str, list[tuple[str, list[str]]]]] = {}
    for d in rules.TABLE_F_ROLLS[roll]:
        lines = fleets.setdefault(d.fleet, {}).setdefault(d.squadron or "no squadron", [])
        if lines and lines[-1][0] == d.order:
            lines[-1][1].append(d.ship)
        else:
            lines.append((d.order, [d.ship]))
    return ". ".join(
        f"{fleet}: "
        + "; ".join(
            f"{squadron} — "
            + ", ".join(f"{_names(codes)} ({rules.ORDER_WORDS[order]})" for order, codes in lines)
            for squadron, lines in squadrons.items()
        )
        for fleet, squadrons in fleets.items()
    )


def ships_words(digit: int, deployment_digits: list[int]) -> str:
    """What the Prime Minister's number ``digit`` chooses (Briny 001:713, Navy Table F): how
    many ships Table F's rolls ``digit``1..``digit``6 send, which (by squadron, Ship Table
    C), and those only some deployments send; all the fleet: "the whole fleet"."""
    rolls = [[d.ship for d in rules.TABLE_F_ROLLS[10 * digit + e]] for e in deployment_digits]
    sizes = sorted({len(r) for r in rolls})
    every = [c for c in rolls[0] if all(c in r for r in rolls)]
    some = [c for c in rules.FLEET_SHIPS if any(c in r for r in rolls) and c not in every]
    count = f"{sizes[0]} ships" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]} ships"
    sent = set(every) | set(some)
    whole = "the whole fleet: " if sent == set(rules.FLEET_SHIPS) else ""
    of = {sq: [c for c in rules.FLEET_SHIPS if c in sent and rules.FLEET_SHIPS[c].squadron == sq]
          for sq in rules.SQUADRONS}  # fmt: skip
    by_squadron = [f"{sq}: {_names(codes)}" for sq, codes in of.items() if codes]
    words = f"{whole}{count} ({'; '.join(by_squadron)})"
    return f"{words}; {_names(some)} only with some deployments" if some else words


def deployment_words(digit: int, ships_digits: list[int]) -> str:
    """What the First Sea Lord's deployment ``digit`` chooses (Briny 001:713, Navy Table
    F), whatever the Prime Minister's digit (his choice is secret till the roll): the
    orders of the ships Table F's rolls 1``digit``..7``digit`` send and the fleets they
    go to, most first."""
    orders: Counter[str] = Counter()
    fleets: Counter[str] = Counter()
    for n in ships_digits:
        for d in rules.TABLE_F_ROLLS[10 * n + digit]:
            orders[rules.ORDER_WORDS[d.order]] += 1
            fleets[d.fleet] += 1
    return f"orders: {_most_first(orders)}; fleets: {_most_first(fleets)}"


def vocabulary() -> dict[str, Any]:
    """The words of the rules the browser pages show and send (``GET /api/rules``): ship
    types (BtQ roster, in rate order) with their boxes per damage area and state, the Briny
    fleet's ships (Ship Table A order), shot, damage areas and states, squadrons, fleets,
    weathers, battle outcomes, an officer's Measures, the ranks (Navy and Royal Marines,
    lowest first), the digits of Navy Table F and what each chooses, its rolls and its order
    letters in words."""
    return {
        "ship_types": [
            {
                "name": t.name,
                "class": t.ship_class,
                "rate": t.rate,
                "boxes": {area: list(t.boxes[area]) for area in rules.DAMAGE_AREAS},
                "broadside": t.broadside,
                "speed": t.speed,
                "handling": t.handling,
            }
            for t in rules.ROSTER.values()
        ],
        "fleet": [
            {"code": s.code, "name": s.name, "squadron": s.squadron, "type": s.roster}
            for s in sorted(rules.FLEET_SHIPS.values(), key=lambda s: s.standing)
        ],
        "shots": list(rules.SHOTS),
        "damage": {"areas": list(rules.DAMAGE_AREAS), "states": list(rules.DAMAGE_STATES)},
        "squadrons": list(rules.SQUADRONS),
        "fleets": list(rules.FLEETS),
        "weathers": [
            {"name": name, "speed": w["speed"], "handling": w["handling"]}
            for name, w in rules.WEATHER.items()
        ],
        "outcomes": list(rules.OUTCOMES),
        "measures": list(rules.MEASURES),  # BtQ's order of an officer's Measures
        "health": list(rules.HEALTH),  # an officer's Health (his sheet's state), healthy first
        # a captain's orders in battle: what his men repair, his officers' How Will You
        # Fight? choices (the book's words, skill and difficulty) and boarding actions
        "repairs": list(rules.REPAIRS),
        "hwyf": [
            {
                "id": c.id,
                "skill": c.skill,
                "difficulty": c.difficulty,
                "against": c.against,
                "book": c.book,
            }
            for c in rules.HWYF_BOOK.values()
        ],
        "boarding_actions": list(rules.BOARDING_ACTIONS),
        # her Marines' fire (BtQ "Tools of the Navy", the musket): what they fire at, or
        # hold it; no order, they return the fire of a ship firing at her
        "muskets": list(rules.MUSKET_ORDERS),
        # the prep work at sea before a chase (seed 002, 2.1): each action and the skill
        # each officer tests for it; a captain's standing orders name the one he orders
        "prep": [{"action": a, "skill": skill} for a, skill in rules.SEA_PREP.items()],
        # Overcoming Great Hardship in battle: each Measure an officer may spend, against
        # its damage area (his wounds, her Ship Morale); who may spend which is the
        # engagement's ``hardship``
        "hardship": dict(rules.HARDSHIP_MEASURES),
        # the campaign's skirmishes (BtQ "The Skirmish Rules", skirmish.json): each mission's
        # words, what a victory wins and its tasks (a weapon against a foe's, or a skill
        # against a difficulty: the cards each side overturns)
        "skirmishes": [
            {
                "id": m.id,
                "book": m.book,
                "victory": m.victory,
                "prize": m.prize,
                "tasks": [
                    {
                        "id": t.id,
                        "book": t.book,
                        "weapon": t.weapon,
                        "range": t.range,
                        "skill": t.skill,
                        "cards": t.pool,
                        "foe": t.foe,
                    }
                    for t in m.tasks.values()
                ],
            }
            for m in rules.SKIRMISHES.values()
        ],
        # the ladders of rank, lowest first (fleet.json): the career pages' rank axis
        "ranks": {"navy": list(rules.NAVY_RANKS), "marines": list(rules.MARINE_RANKS)},
        "table_f": _table_f(),
    }


def _table_f() -> dict[str, Any]:
    """Navy Table F's digits and, in words, what each chooses and what each roll sends;
    the order letters' words (Briny 001:709)."""
    ships = sorted({roll // 10 for roll in rules.TABLE_F_ROLLS})
    deployments = sorted({roll % 10 for roll in rules.TABLE_F_ROLLS})
    return {
        "ships_digits": ships,
        "deployment_digits": deployments,
        "orders": dict(rules.ORDER_WORDS),
        "ships": {str(n): ships_words(n, deployments) for n in ships},
        "deployments": {str(e): deployment_words(e, ships) for e in deployments},
        "rolls": {str(roll): roll_words(roll) for roll in sorted(rules.TABLE_F_ROLLS)},
    }
