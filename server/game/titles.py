"""Titles: the King's roll for a player's character after a valuable service to the state
(Briny En Garde!, TITLES, 001:1252-1269): at the summer's end, for a personal battle
result of 1 or two mentions in despatches in it (docs/rules-notes.md "Titles"). A title
raises his Social Level to its New Social Level, and those above a knighthood pay a
monthly pension (drawn with his pay). No Flask, no sockets, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from server.game import rules
from server.game.state import OfficerRecord, State

__all__ = ["services", "summer_titles", "words"]


def services(report: Mapping[str, Any], oid: str) -> list[str]:
    """The summer's services for which ``oid`` qualifies: "BR 1" (his personal battle
    result), "N mentions" (two or more mentions in despatches this summer)."""
    out = []
    results = [r["result"] for r in report["battle_results"] if r["officer"] == oid]
    if rules.QUALIFYING_BATTLE_RESULT in results:
        out.append(f"BR {rules.QUALIFYING_BATTLE_RESULT}")
    mids = sum(r.get("mids", 0) for r in report["personal_outcomes"] if r["officer"] == oid)
    if mids >= rules.QUALIFYING_MENTIONS:
        out.append(f"{mids} mentions")
    return out


def summer_titles(
    state: State, report: Mapping[str, Any], changed: dict[str, OfficerRecord], seed: int
) -> list[dict[str, Any]]:
    """Each living player character's roll for a title after the summer's services, in
    the order of the report's outcomes; ``changed`` (the summer's officers after it) takes
    each one rolled, titled or one try more. The dice: a source seeded by the season's
    ``seed``, so the summer's own draws are untouched. Empty when none qualified. (Applied
    with the summer's officers: the rolls are kept in the event for his notice.)"""
    rng = random.Random(f"titles/{seed}")
    out: list[dict[str, Any]] = []
    for oid in report["outcomes"]:
        officer = changed.get(oid) or state["officers"].get(oid)
        if officer is None or officer["dead"] or not officer["player"]:
            continue
        done = services(report, oid)
        rolled = rules.title_roll(officer, len(done), rng) if done else None
        if rolled is None:
            continue
        out.append({"officer": oid, "player": officer["player"], "for": done, **rolled})
        changed[oid] = rules.officer_titled(officer, rolled)  # type: ignore[assignment]
    return out


def words(rec: Mapping[str, Any]) -> str:
    """A roll for a title in words, with what it was for, e.g. "Knight: conferred by the
    King (rolled 6, needed 6), for BR 1"."""
    return f"{rules.title_words(rec)}, for {' and '.join(rec['for'])}"
