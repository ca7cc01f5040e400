"""A player character's favours (Briny En Garde!, INFLUENCE 001:476-536): received each
season by his Social Level and his Government post, held for the season, expended once
brought to bear on an NPC's decision (the Prime Minister's Force Commitment,
:mod:`server.game.influence`; a petition's die, :mod:`server.game.substitutions`). No
Flask, no sockets, no clock.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from server.game import rules
from server.game.errors import ActionError
from server.game.state import OfficerRecord, State, season_date

__all__ = [
    "BOOK_SEASONS",
    "brought_to_bear",
    "favour_season",
    "favours_for",
    "held_or_refused",
    "spend",
]

#: the book's season of each phase (Briny, "the year is divided into seasons"): the cabinet
#: is May's ("The Prime Minister determines the number of ships sent in May"), the spring's
BOOK_SEASONS = {
    "cabinet": "spring",
    "summer": "summer",
    "autumn": "autumn",
    "winter": "winter",
    "spring": "spring",
}


def favour_season(state: State) -> str | None:
    """The season whose favours are held now, by its first month's year ("1806 spring": the
    spring and the cabinet after it); None when the war is over."""
    book = BOOK_SEASONS.get(state["phase"])
    return None if book is None else f"{season_date(state, 0).year} {book}"


def favours_for(state: State, officer: OfficerRecord) -> dict[str, Any] | None:
    """A player character's favours this season: ``{"season", "received", "spent",
    "held"}`` (classes, lowest first); None for an NPC, the dead, or after the war.

    "Favours for PCs' Social Level and appointment are received once each season" and
    "may not be saved beyond the season in which they are received" (001:534-535): what he
    spent in an earlier season is forgotten with it.
    """
    season = favour_season(state)
    if season is None or officer["player"] is None or officer["dead"]:
        return None
    received = rules.season_favours(officer)
    record = state.get("favours", {}).get(officer["id"])
    spent = list(record["spent"]) if record and record["season"] == season else []
    held = sorted((Counter(received) - Counter(spent)).elements())
    return {"season": season, "received": received, "spent": spent, "held": held}


def held_or_refused(officer: OfficerRecord, favours: dict[str, Any], asked: list[int]) -> None:
    """Refuse (``conflict``) favours ``asked`` that ``officer`` does not hold this season
    (``favours``: :func:`favours_for`'s)."""
    if Counter(asked) - Counter(favours["held"]):
        held = ", ".join(map(str, favours["held"])) or "none"
        raise ActionError(
            "conflict",
            f"'favours': {officer['name']} does not hold favours of class "
            f"{', '.join(map(str, sorted(asked)))} this season (he holds: {held})",
        )


def brought_to_bear(
    state: State, officer: OfficerRecord, asked: list[int], needed: int
) -> dict[str, Any]:
    """Favours ``asked`` that ``officer`` brings to bear on an NPC's die of Influence Table
    B's class ``needed`` (001:494-508): ``{"season", "favours", "combined", "modifier"}``,
    to be spent with :func:`spend`. Refused, nothing changed: none held (``conflict``),
    favours that add nothing (``invalid``), favours he does not hold (``conflict``)."""
    held = favours_for(state, officer)
    if held is None:
        raise ActionError("conflict", f"'favours': {officer['name']} holds no favours")
    brought = rules.favours_brought(asked, needed)
    held_or_refused(officer, held, asked)
    return {"season": held["season"], "favours": sorted(asked), **brought}


def spend(state: State, officer_id: str, season: str, favours: list[int]) -> None:
    """Favours expended ("Once used to influence a decision, a favour is expended",
    001:478): kept as spent for the season they were received in."""
    kept = state.setdefault("favours", {})
    record = kept.get(officer_id)
    if record is None or record["season"] != season:
        record = kept[officer_id] = {"season": season, "spent": []}
    record["spent"] = sorted(record["spent"] + favours)
