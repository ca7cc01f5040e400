"""Before a fight and at sea (seed 002, the engagement tracker): the chase and Sail Ho!.

* :mod:`strategy.chase.pursuit`: the chase that opens an engagement: hunter and prey,
  the opening test, pursuit rounds, Gage, the moment of truth; it gives the starting
  distance on the BtQ range chart or the prey's escape (:func:`chase`).
* :mod:`strategy.chase.prep`: prep work before a chase: each character's one action for
  +1 Gage or +2 Plunder (:func:`prep_work`); the sea prep actions of a ship's officers
  (:func:`sea_prep`), whose Gage and events open :func:`chase` (its ``prepared``).
* :mod:`strategy.chase.rations`: a ship's store of Rations, spent at sea and by the
  chase, a Ration she has not a Ship Morale lost (:func:`~strategy.chase.rations.spend`).
* :mod:`strategy.chase.sail_ho`: the "Sail Ho!" prize table: the ship a cruise meets,
  her cargo and her colours (:func:`sail_ho`).

>>> import random
>>> chase("Fifth Rate", "Cutter", random.Random(1)).outcome in ("engaged", "escaped")
True
"""

from strategy.chase.prep import SEA_PREP, PrepAction, PrepWork, prep_work, sea_prep
from strategy.chase.pursuit import (
    BANDS,
    Band,
    ChasePolicy,
    ChaseResult,
    ChaseState,
    band,
    chase,
    market_gage,
)
from strategy.chase.sail_ho import SailHo, sail_ho

__all__ = [
    "BANDS",
    "SEA_PREP",
    "Band",
    "ChasePolicy",
    "ChaseResult",
    "ChaseState",
    "PrepAction",
    "PrepWork",
    "SailHo",
    "band",
    "chase",
    "market_gage",
    "prep_work",
    "sail_ho",
    "sea_prep",
]
