"""Odds of a summer campaign: many seeded seasons summed up for the browser.

>>> odds = summer_odds(None, summers=20, seed=3, choices={"roll": 35})
>>> odds["summers"], sum(odds["ships"]["FG"]["results"])
(20, 20)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from strategy.campaign.fleet import Officer, default_officers, officers_from
from strategy.campaign.investment import KINDS
from strategy.campaign.season import resolve_summer
from strategy.campaign.tables import Deployment
from strategy.errors import InvalidMove

__all__ = ["summer_odds"]


def summer_odds(
    deployment: Iterable[Deployment | Mapping[str, Any]] | None,
    officers: Iterable[Officer | Mapping[str, Any]] | None = None,
    summers: int = 1000,
    seed: int = 0,
    choices: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Resolve ``summers`` seasons (seeds ``seed``, ``seed + 1``, ...) and count.

    Returns plain JSON: per ship the count of each battle result 1..6 and its mean; the
    share of summers Britain is invaded; per summer means of officers killed, wounded,
    mentioned, promoted and guineas of plunder; the mean Arms, Finance and Commerce
    returns (percent). The same officers sail every summer (NPCs for every berth if None).
    """
    if isinstance(summers, bool) or not isinstance(summers, int) or summers < 1:
        raise InvalidMove(f"summers must be a whole number 1 or more, not {summers!r}")
    if officers is None:
        officers = default_officers(random.Random(seed))
    officers = officers_from(officers)
    if deployment is not None:
        deployment = list(deployment)
    ships: dict[str, list[int]] = {}
    invaded = killed = wounded = mentioned = promoted = guineas = 0
    money = dict.fromkeys(KINDS, 0)
    for i in range(summers):
        report = resolve_summer(deployment, officers, seed + i, choices)
        for code, ship in report["ships"].items():
            counts = ships.get(code)
            if counts is None:
                counts = ships[code] = [0] * 6
            counts[ship["battle_result"] - 1] += 1
        invaded += report["invasion"]["invaded"]
        for rec in report["personal_outcomes"]:
            killed += rec["dead"]
            mentioned += rec["mids"] > 0
            guineas += rec["guineas"]
            touch = rec.get("nelson_touch")
            wounded += touch is not None and touch["wounded"]
        promoted += len(report["promotions"])
        for key in money:
            money[key] += report["investment"].get(key, 0)
    return {
        "summers": summers,
        "seed": seed,
        "ships": {
            code: {
                "results": counts,
                "mean": sum((r + 1) * n for r, n in enumerate(counts)) / sum(counts),
            }
            for code, counts in ships.items()
        },
        "invasion": invaded / summers,
        "per_summer": {
            "killed": killed / summers,
            "wounded": wounded / summers,
            "mentioned": mentioned / summers,
            "promoted": promoted / summers,
            "guineas": guineas / summers,
        },
        "investment": {k: v / summers for k, v in money.items()},
    }
