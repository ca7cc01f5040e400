"""The summer campaign of Briny En Garde!: the fleet, the tables, who sails, the chain of
command, battle results, personal outcomes, promotions, investment and the odds.

What other parts use: :func:`resolve_summer` plays a whole season from a seed and returns
a plain, JSON-serialisable report with every roll and its inputs (:func:`apply_report`
gives the officers after it); :func:`summer_odds` sums many; :func:`force_organisation`
(Navy Table F), :func:`battle_result` (the Battle Result Table) and
:func:`personal_outcome_targets` (the Personal Outcome Table) read the book's tables.

Modules, one thing each: ``dice`` (the seeded or scripted dice), ``tables`` (Tables E
and F, the Battle Result and Personal Outcome Tables, the Nelson Touch), ``fleet``
(ships, ranks, officers, NPCs), ``plan`` (who sails: the Prime Minister's number, the
First Sea Lord's deployment, influence, substitutions, volunteers), ``command`` (the
chain of command), ``results`` (battle results rolled down it), ``outcomes`` (personal
outcomes), ``promotions`` (promotion into vacant berths), ``investment``, ``season``
(one season's report) and ``odds`` (many seasons summed up).

>>> report = resolve_summer(None, seed=7, choices={"roll": 35})
>>> report["roll"], len(report["ships"])
(35, 12)
"""

from strategy.campaign.dice import Dice, RandomDice, ScriptedDice
from strategy.campaign.fleet import SHIPS, Officer, default_officers, ship
from strategy.campaign.odds import summer_odds
from strategy.campaign.results import cascade
from strategy.campaign.season import apply_report, deployment_from, resolve_summer
from strategy.campaign.tables import (
    TABLE_F_ROLLS,
    Deployment,
    battle_result,
    force_commitment,
    force_organisation,
    interpretation,
    personal_outcome_targets,
    table_e_order,
)

__all__ = [
    "SHIPS",
    "TABLE_F_ROLLS",
    "Deployment",
    "Dice",
    "Officer",
    "RandomDice",
    "ScriptedDice",
    "apply_report",
    "battle_result",
    "cascade",
    "default_officers",
    "deployment_from",
    "force_commitment",
    "force_organisation",
    "interpretation",
    "personal_outcome_targets",
    "resolve_summer",
    "ship",
    "summer_odds",
    "table_e_order",
]
