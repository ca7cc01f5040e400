"""A name as the rules look it up: one reading of what a player or a data file writes.

>>> name_key("  Brig-Sloop "), name_key("First  Aid", "_"), name_key("Sailor’s friend")
('brig sloop', 'first_aid', "sailor's friend")
"""

from __future__ import annotations

import re

__all__ = ["name_key"]

_RUNS = re.compile(r"[\s\-_]+")


def name_key(text: str, sep: str = " ") -> str:
    """``text`` as a lookup key: trimmed, in lower case, each run of spaces, hyphens and
    underscores one ``sep``, a typographic apostrophe a plain one."""
    return _RUNS.sub(sep, text.strip().lower()).replace("’", "'")
