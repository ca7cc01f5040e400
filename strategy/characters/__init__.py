"""The officers of the fleet as characters: Briny En Garde!'s record, rolled or entered.

Modules, one thing each: ``birth`` (Briny's Birth Tables A-D, Strength, Constitution and
Expertise, the Initial Social Level, Funds and Allowance; Naval Ability).

>>> from strategy.campaign.dice import RandomDice
>>> b = roll_birth(RandomDice(1))
>>> birth_from(b.to_dict()) == b, 1 <= roll_na(RandomDice(1)) <= 10
(True, True)
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
from strategy.characters.character import Character, character_from, roll_character

__all__ = [
    "Character",
    "character_from",
    "roll_character",
    "BIRTH_FIELDS",
    "CLASSES",
    "NA_LIMITS",
    "SIBLINGS",
    "TITLES",
    "Birth",
    "birth_from",
    "check_na",
    "naval_ability",
    "roll_birth",
    "roll_birth_filling",
    "roll_na",
]
