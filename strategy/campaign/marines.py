"""The Royal Marines as a player's career (Briny En Garde!, "The Royal Marines", 001:931-951).

A character enrols as a Private RM if his endurance is 135 or better and his expertise
(sabre) 12 or better, and not with a Naval Ability of 1 (001:938: "no die roll is needed to
join"); he is "randomly assigned to a ship" (001:940). A Private or a Subaltern "may request
a change from the Brigadier-General of Marines, rolling 7 on 1d6 for success": one die and
the favours brought to bear, as every influenced decision of an NPC. Endurance is Briny's
duelling one (001:367): "adding Constitution by Strength and multiplying by 6".

>>> endurance(strength=11, constitution=12)
138
>>> enrolment_refusals(endurance=138, sabre=12, na=2)
[]
>>> enrolment_refusals(endurance=132, sabre=11, na=1)  # doctest: +NORMALIZE_WHITESPACE
['an endurance of 135 or better (he has 132)', 'an expertise (sabre) of 12 or better (he has 11)',
 'a Naval Ability above 1 (he has 1)']
>>> may_ask_change("Subaltern RM"), may_ask_change("Lieutenant RM")
(True, False)
>>> change_granted(6, 0), change_granted(6, 1)
(False, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from strategy.campaign.fleet import MARINE_RANKS
from strategy.errors import InvalidMove
from strategy.loader import check, freeze, load

__all__ = [
    "CHANGE_DECIDED_BY",
    "CHANGE_ON",
    "CHANGE_RANKS",
    "ENDURANCE_LEAST",
    "ENROLMENT_RANK",
    "REFUSED_NA",
    "SABRE_LEAST",
    "assigned_ship",
    "change_granted",
    "endurance",
    "enrolment_refusals",
    "may_ask_change",
]


def _load() -> tuple[str, int, int, int, int, tuple[str, ...], int, str]:
    raw = freeze(load("fleet.json"))["rm_enrolment"]
    change = raw["change"]
    check(raw["rank"] == MARINE_RANKS[0], "a Marine enrols as a Private RM, the lowest rank")
    check(set(change["ranks"]) <= set(MARINE_RANKS), "the ranks that may ask a change are RM's")
    check(change["roll"] == 7, "a change of ship on 7 on 1d6 (001:940)")
    return (
        raw["rank"],
        raw["endurance"],
        raw["sabre"],
        raw["refused_na"],
        raw["endurance_factor"],
        tuple(change["ranks"]),
        change["roll"],
        change["decides"],
    )


#: the rank a Marine enrols in; the least endurance and expertise (sabre); the NA refused;
#: endurance per point of Strength and Constitution (001:367); the ranks that may ask a
#: change of ship, the roll it needs on 1d6 and the NPC who decides it (001:940)
(
    ENROLMENT_RANK,
    ENDURANCE_LEAST,
    SABRE_LEAST,
    REFUSED_NA,
    _PER_POINT,
    CHANGE_RANKS,
    CHANGE_ON,
    CHANGE_DECIDED_BY,
) = _load()


def endurance(strength: int, constitution: int) -> int:
    """Briny's Endurance (001:367): Constitution and Strength added, times 6."""
    return (constitution + strength) * _PER_POINT


def enrolment_refusals(endurance: int, sabre: int, na: int) -> list[str]:
    """What keeps a character out of the Royal Marines (001:938), in words: none, he enrols."""
    out = []
    if endurance < ENDURANCE_LEAST:
        out.append(f"an endurance of {ENDURANCE_LEAST} or better (he has {endurance})")
    if sabre < SABRE_LEAST:
        out.append(f"an expertise (sabre) of {SABRE_LEAST} or better (he has {sabre})")
    if na <= REFUSED_NA:
        out.append(f"a Naval Ability above {REFUSED_NA} (he has {na})")
    return out


def may_ask_change(rank: str) -> bool:
    """Whether a Marine of ``rank`` may request a change of ship (001:940: "Privates and
    Subalterns"; above, "Promotion ... means a suitable berth might be found")."""
    return rank in CHANGE_RANKS


def change_granted(die: int, modifier: int) -> bool:
    """Whether the Brigadier-General of Marines grants a change of ship: one die and the
    favours' signed modifier reach 7 (001:940; the favours by Influence Table B)."""
    return die + modifier >= CHANGE_ON


def assigned_ship(ships: Sequence[str], rng: random.Random) -> str:
    """The ship a Marine is "randomly assigned to" (001:940): one of ``ships`` (those that
    may take him, in the fleet's order), drawn from the campaign's source; InvalidMove if
    none may."""
    if not ships:
        raise InvalidMove("no British ship afloat to take a Marine")
    return ships[rng.randrange(len(ships))]
