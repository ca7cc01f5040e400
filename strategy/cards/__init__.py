"""Beat to Quarters' card test (seed 000, "Tests"), one engine for the whole game.

* :mod:`strategy.cards.core`: the engine. Cards are integers 0..52; their success levels
  against every Card of Fate, the ranking of two success lists. Combat imports it.
* :mod:`strategy.cards.card`: :class:`Card`, a view of those integers for parsing and
  printing (``Card.parse("10H")``, ``str(card)``).
* :mod:`strategy.cards.dealer`: dealing under a seeded source: fresh decks per test
  (:class:`Dealer`), one persistent :class:`Deck`, or a stacked deck
  (:class:`ScriptedDealer`) that replays the books' examples.
* :mod:`strategy.cards.trials`: the kinds of test over those: contested, static,
  unskilled and assisted, with :func:`score` and :func:`compare` on Card views.

>>> s = score(Card.parse("4S"), parse_cards("4C KS QH"))
>>> (s.perfect, s.critical, s.ordinary)
(0, 1, 1)
"""

from strategy.cards.card import JOKER, RANKS, SUITS, Card, full_deck, parse_cards
from strategy.cards.dealer import Dealer, Deck, Pile, ScriptedDealer
from strategy.cards.trials import (
    CRITICAL,
    DIFFICULTIES,
    FAILURE,
    LEVEL_NAMES,
    MAX_ASSIST,
    MAX_REDRAWS,
    ORDINARY,
    PERFECT,
    Score,
    TestResult,
    assisted_pool,
    compare,
    contested_test,
    difficulty_pool,
    level,
    score,
    static_test,
    unskilled_test,
)

__all__ = [
    "CRITICAL",
    "DIFFICULTIES",
    "FAILURE",
    "JOKER",
    "LEVEL_NAMES",
    "MAX_ASSIST",
    "MAX_REDRAWS",
    "ORDINARY",
    "PERFECT",
    "RANKS",
    "SUITS",
    "Card",
    "Dealer",
    "Deck",
    "Pile",
    "Score",
    "ScriptedDealer",
    "TestResult",
    "assisted_pool",
    "compare",
    "contested_test",
    "difficulty_pool",
    "full_deck",
    "level",
    "parse_cards",
    "score",
    "static_test",
    "unskilled_test",
]
