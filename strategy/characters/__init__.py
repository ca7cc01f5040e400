"""The officers of the fleet as characters: Briny En Garde!'s record and Beat to Quarters'
sheet (seeds 001 and 000), rolled or entered.

* :mod:`strategy.characters.character`: :class:`Character`, the two together: entered and
  checked (:func:`character_from`) or rolled for an NPC's berth (:func:`roll_character`).
* :mod:`strategy.characters.birth`: Briny's Birth Tables A-D, Strength, Constitution and
  Expertise, the Initial Social Level, Funds and Allowance; Naval Ability.
* :mod:`strategy.characters.btq_tables`: BtQ's character tables (``btq_characters.json``).
* :mod:`strategy.characters.sheet`: :class:`Sheet` and :class:`Reputation`;
  :func:`sheet_from` checks a sheet entered by a GM or a player.
* :mod:`strategy.characters.steps`: each creation step's choice checked against its card.
* :mod:`strategy.characters.creation`: :func:`build_sheet` from recorded choices,
  :func:`roll_sheet` for an NPC drawn from a seeded source.

>>> import random
>>> from strategy.campaign.dice import RandomDice
>>> b = roll_birth(RandomDice(1))
>>> birth_from(b.to_dict()) == b, 1 <= roll_na(RandomDice(1)) <= 10
(True, True)
>>> sheet = roll_sheet("Able Seaman", random.Random(1))
>>> sheet_from(sheet.to_dict()) == sheet
True
"""

from strategy.characters.birth import (
    BIRTH_FIELDS,
    CLASSES,
    NA_LIMITS,
    SIBLINGS,
    TITLES,
    Birth,
    birth_from,
    check_na,
    naval_ability,
    roll_birth,
    roll_birth_filling,
    roll_na,
)
from strategy.characters.btq_tables import (
    MEASURES,
    POSITIONS,
    PROFESSIONS,
    SKILLS,
    SOCIAL_CLASSES,
    TRAITS,
)
from strategy.characters.character import Character, character_from, roll_character
from strategy.characters.creation import STEP_FIELDS, build_sheet, roll_sheet, roll_steps
from strategy.characters.sheet import KINDS, Reputation, Sheet, check_sheet, sheet_from

__all__ = [
    "BIRTH_FIELDS",
    "CLASSES",
    "KINDS",
    "MEASURES",
    "NA_LIMITS",
    "POSITIONS",
    "PROFESSIONS",
    "SIBLINGS",
    "SKILLS",
    "SOCIAL_CLASSES",
    "STEP_FIELDS",
    "TITLES",
    "TRAITS",
    "Birth",
    "Character",
    "Reputation",
    "Sheet",
    "birth_from",
    "build_sheet",
    "character_from",
    "check_na",
    "check_sheet",
    "naval_ability",
    "roll_birth",
    "roll_birth_filling",
    "roll_character",
    "roll_na",
    "roll_sheet",
    "roll_steps",
    "sheet_from",
]
