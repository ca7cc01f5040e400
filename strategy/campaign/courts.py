"""Courts-martial (Briny En Garde!, seed 001:1101, "Experience": "Captains who get a BR of 6
(own ship sunk) or Admirals who get a BR of 5 or 6 will face a Court Martial when they
return, which can result in severe punishment"; 001:1063, a poltroon found out on a 6 "is
immediately put into irons and sent back to London to be court-martialed").

Briny gives the court no roll and no table of sentences. Beat to Quarters does (seed 000,
"Punishments", 000:1353): "Five or more senior officers (Captains or above) sit in
judgement of the criminal ... If they are found guilty, the Court Martial can sentence them
to any punishment ... For officers, punishments could include dismissal from command,
reduction in rank or imprisonment." So the court is the GM's to sit: its verdict one of
:data:`VERDICTS` (docs/rules-notes.md, "Courts-martial").

>>> reduced_rank("Post Captain"), reduced_rank("Rear Admiral"), reduced_rank("Major RM")
('Captain', 'Post Captain', 'Captain RM')
"""

from __future__ import annotations

from strategy.campaign.fleet import MARINE_RANKS, NAVY_RANKS, is_marine, rank_index
from strategy.errors import InvalidMove

__all__ = ["ACQUITTED", "DISMISSAL", "REDUCTION", "VERDICTS", "reduced_rank"]

ACQUITTED = "acquitted"
#: BtQ 000:1353's sentences for officers that Admiralty plays (imprisonment is not: he
#: would only sit ashore, as a dismissed officer does)
DISMISSAL = "dismissal from command"
REDUCTION = "reduction in rank"
#: the court's verdicts: not guilty, or guilty and one of the sentences
VERDICTS = (ACQUITTED, DISMISSAL, REDUCTION)


def reduced_rank(rank: str) -> str:
    """The rank one below ``rank`` in his own service's ladder (the Navy's or the Royal
    Marines', Ship Table B); InvalidMove for the lowest, a Sailor or a Private RM."""
    rank_index(rank)  # an unknown rank is refused by name
    ladder = MARINE_RANKS if is_marine(rank) else NAVY_RANKS
    at = ladder.index(rank)
    if at == 0:
        raise InvalidMove(f"a {rank} has no lower rank to be reduced to")
    return ladder[at - 1]
