"""Beat to Quarters' card test: cards, decks, scoring, comparison and the kinds of test."""

from strategy.cards.card import *  # noqa: F403  (the package's public names)
from strategy.cards.card import __all__  # noqa: F401
