"""Ship-to-ship combat (seed 000, "Ship to Ship Combat"): one engine for a live captain,
an NPC and the odds preview.

- :class:`Battle` steps one battle a round at a time (``step``, ``run``, ``to_dict`` /
  ``from_dict``); :func:`battle` fights one out; :func:`odds` runs many by Monte Carlo.
- Ships: :func:`side` / :func:`combatant` turn roster types, named ships and spec dicts
  into :class:`Combatant`; a :class:`ShipState` is one ship during a battle.
- Captains: :data:`POLICIES` by name, :func:`policy`, :class:`Policy` (the orders'
  vocabulary is in :mod:`strategy.combat.policies`).
- Tables: :data:`WEATHER`, :data:`SHOT`, :data:`OUTCOMES`; :func:`sea_weather`, the
  weather under a prevailing wind.

The modules: ``battle`` (the battle's state and public face), ``setup`` (Steps One and
Two, the chase bridge), ``orders`` (each round's orders), ``phases`` (Steps Three to
Seven), ``cardtests``, ``shot``, ``fire``, ``boarding``, ``damage``, ``end``, ``state``,
``combatant``, ``policies``, ``data``, ``sea`` (the weather at sea) and ``monte_carlo``
(the odds).

>>> odds("Fifth Rate", "Cutter", n=20, seed=1)["n"]
20
"""

from strategy.combat.battle import Battle, battle
from strategy.combat.combatant import Combatant, Officer, combatant, side
from strategy.combat.data import SHOT, WEATHER
from strategy.combat.end import OUTCOMES
from strategy.combat.monte_carlo import odds, wilson
from strategy.combat.policies import POLICIES, Policy, policy
from strategy.combat.sea import sea_weather
from strategy.combat.setup import chase_adapter, run_chase
from strategy.combat.state import ShipState

__all__ = [
    "Battle",
    "battle",
    "odds",
    "wilson",
    "SHOT",
    "WEATHER",
    "sea_weather",
    "OUTCOMES",
    "ShipState",
    "Combatant",
    "Officer",
    "combatant",
    "side",
    "POLICIES",
    "Policy",
    "policy",
    "chase_adapter",
    "run_chase",
]
