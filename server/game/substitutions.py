"""Substitutions (Briny 001:903-907): a ship not going on campaign sent in place of one
that is, by a character's petition to the NPC Captain of the Fleet (the same rate, granted
on a 7 on 1d6) or by a player Captain of the Fleet (one ship, as he sees fit).

A substitution is made in the summer before the fleet sails (its first day): the
substitute takes the replaced ship's fleet, squadron, order and place in her force on the
map. The rules are :func:`strategy.campaign.plan.substitute` through
:mod:`server.game.rules`. No Flask, no sockets, no clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from server.game import favours as favour_book
from server.game import officers, rules
from server.game.errors import ActionError
from server.game.state import OfficerRecord, Seat, State, current_year

__all__ = ["CAPTAIN_OF_THE_FLEET", "apply_substitute", "decide_substitute", "words"]

#: the post whose holder substitutes (Briny, Naval Appointments Table)
CAPTAIN_OF_THE_FLEET = "Captain of the Fleet"


def _player_captain_of_the_fleet(state: State) -> OfficerRecord | None:
    """The living player character holding the Captain of the Fleet's post, if any."""
    for o in state["officers"].values():
        if not o["dead"] and o["player"] and o.get("appointment") == CAPTAIN_OF_THE_FLEET:
            return o
    return None


def decide_substitute(
    state: State,
    seat: Seat,
    in_code: str,
    out_code: str,
    rng: random.Random,
    favours: list[int] | None = None,
) -> dict[str, Any]:
    """``substitute``'s data: ship ``in_code`` in place of ``out_code``. The seat's character
    is the player Captain of the Fleet (one substitution a summer, any rate, no die), or
    petitions the NPC Captain of the Fleet (once a summer; the same rate; his 1d6 from the
    campaign's source, granted on 7: "Influence may be used to modify the die roll": the
    ``favours`` he holds this season brought to bear, Influence Table B's class of a
    Captain). Refused, nothing changed, otherwise."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to petition for")
    if state["day"] > 0:
        raise ActionError("wrong_phase", "the fleet has sailed: substitutions are made before")
    year = current_year(state)
    made = [s for s in state.get("substitutions", ()) if s["year"] == year]
    cof = _player_captain_of_the_fleet(state)
    by_player = cof is not None and cof["id"] == officer["id"]
    if cof is not None and not by_player:
        raise ActionError(
            "conflict",
            f"the Captain of the Fleet is {cof['name']}, a player's character: he "
            "substitutes as he sees fit, and no petition goes to him",
        )
    if by_player and any(s["by"] == "player" and s["granted"] for s in made):
        raise ActionError("conflict", "the Captain of the Fleet substitutes one ship a summer")
    if not by_player and any(s["officer"] == officer["id"] for s in made):
        raise ActionError("conflict", f"{officer['name']} has petitioned this summer")
    brought: dict[str, Any] = {}
    if favours:
        if by_player:
            raise ActionError("invalid", "'favours': the Captain of the Fleet needs none")
        whole = favour_book.brought_to_bear(
            state, officer, favours, rules.CAPTAIN_OF_THE_FLEET_FAVOUR
        )
        brought = {k: whole[k] for k in ("season", "favours", "modifier")}
    _, record = rules.substitution(
        state["deployment"], out_code, in_code, by_player, rng, brought.get("modifier", 0)
    )
    return {
        "officer": officer["id"],
        "player": seat["id"],
        "year": year,
        "by": "player" if by_player else "npc",
        "ship": record["in"],
        "replaces": record["out"],
        "die": record.get("die"),
        "granted": record["granted"],
        **brought,
    }


def apply_substitute(state: State, data: Any) -> None:
    """The petition kept for the summer; granted, the substitute in the replaced ship's
    place in the deployment and in her force on the map (afloat, her order)."""
    state.setdefault("substitutions", []).append(
        {
            "officer": data["officer"],
            "year": data["year"],
            "by": data["by"],
            "ship": data["ship"],
            "replaces": data["replaces"],
            "granted": data["granted"],
        }
    )
    if data.get("favours"):  # spent whatever the die (001:478)
        favour_book.spend(state, data["officer"], data["season"], data["favours"])
    if not data["granted"]:
        return
    ship = rules.briny_ship(data["ship"])
    records = []
    for rec in state["deployment"]:
        if rec["ship"] == data["replaces"]:
            rec = {**rec, "ship": data["ship"], "name": ship["name"], "type": ship["type"]}
        records.append(rec)
    state["deployment"] = records
    for force in state["forces"].values():
        for i, s in enumerate(force["ships"]):
            if force["side"] == "Britain" and s["code"] == data["replaces"]:
                force["ships"][i] = {
                    **s,
                    "code": data["ship"],
                    "name": ship["name"],
                    "type": ship["type"],
                }


def words(data: Mapping[str, Any]) -> str:
    """A substitution in words: "Halcyon for Achilles: refused (rolled 6, needed 7)";
    "Halcyon for Achilles: made by the Captain of the Fleet"."""
    name = {code: rules.briny_ship(code)["name"] for code in (data["ship"], data["replaces"])}
    head = f"{name[data['ship']]} for {name[data['replaces']]}"
    if data["by"] == "player":
        return f"{head}: made by the Captain of the Fleet"
    verdict = "granted" if data["granted"] else "refused"
    rolled = f"{data['die']} + {data['modifier']}" if data.get("modifier") else data["die"]
    return f"{head}: {verdict} (rolled {rolled}, needed 7)"
