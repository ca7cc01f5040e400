"""The end of the summer: Briny battle results and personal outcomes for the deployment."""

from __future__ import annotations

import random
from typing import Any

from server.game import rules
from server.game.state import State

__all__ = ["resolve"]


def resolve(state: State, rng: random.Random) -> dict[str, Any]:
    """``resolve_summer``'s event data: the season report of :func:`strategy.campaign.
    resolve_summer`, with the results ships already earned in battle on the map preset."""
    deployment = [
        {k: rec[k] for k in ("fleet", "squadron", "ship", "order")} for rec in state["deployment"]
    ]
    preset = {code: r["result"] for code, r in state["results"].items()}
    seed = rng.randrange(2**31)
    report = rules.resolve_summer(deployment, None, seed, {"preset": preset})
    return {"seed": seed, "preset": preset, "report": report}
