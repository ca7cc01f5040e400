"""The words of the rules the browser pages show and send (``GET /api/rules``), taken from
the rules' own tables through the doorway (:mod:`server.game.rules`)."""

from __future__ import annotations

from typing import Any

from server.game import rules

__all__ = ["vocabulary"]


def vocabulary() -> dict[str, Any]:
    """The words of the rules the browser pages show and send (``GET /api/rules``): ship
    types (BtQ roster, in rate order) with their boxes per damage area and state, the Briny
    fleet's ships (Ship Table A order), shot, damage areas and states, squadrons, fleets,
    weathers, battle outcomes, an officer's Measures, the ranks (Navy and Royal Marines,
    lowest first) and the digits of Navy Table F."""
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
        "table_f": {
            "ships_digits": sorted({roll // 10 for roll in rules.TABLE_F_ROLLS}),
            "deployment_digits": sorted({roll % 10 for roll in rules.TABLE_F_ROLLS}),
        },
    }
