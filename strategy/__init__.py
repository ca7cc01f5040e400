"""The rules of Admiralty, pure Python: cards, ships, combat, the chase, the summer campaign.

The combat engine's hot modules may also be compiled (see :mod:`strategy.compiled`).
"""

from strategy.compiled import guard as _guard

_guard()
