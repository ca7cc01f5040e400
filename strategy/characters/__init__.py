"""Officers' characters: Beat to Quarters' sheet and its creation steps (seed 000).

* :mod:`strategy.characters.btq_tables`: the book's character tables
  (``btq_characters.json``): Measures, Skills, Social Classes, Professions, Positions,
  the experience and Booty tables, Traits, Wealth levels.
* :mod:`strategy.characters.sheet`: :class:`Sheet` and :class:`Reputation`;
  :func:`sheet_from` checks a sheet entered by a GM or a player.
* :mod:`strategy.characters.steps`: each creation step's choice checked against its card.
* :mod:`strategy.characters.creation`: :func:`build_sheet` from recorded choices,
  :func:`roll_sheet` for an NPC drawn from a seeded source.

>>> import random
>>> sheet = roll_sheet("Able Seaman", random.Random(1))
>>> sheet_from(sheet.to_dict()) == sheet
True
"""

from strategy.characters.btq_tables import (
    MEASURES,
    POSITIONS,
    PROFESSIONS,
    SKILLS,
    SOCIAL_CLASSES,
    TRAITS,
)
from strategy.characters.creation import STEP_FIELDS, build_sheet, roll_sheet, roll_steps
from strategy.characters.sheet import KINDS, Reputation, Sheet, check_sheet, sheet_from

__all__ = [
    "KINDS",
    "MEASURES",
    "POSITIONS",
    "PROFESSIONS",
    "SKILLS",
    "SOCIAL_CLASSES",
    "STEP_FIELDS",
    "TRAITS",
    "Reputation",
    "Sheet",
    "build_sheet",
    "check_sheet",
    "roll_sheet",
    "roll_steps",
    "sheet_from",
]
