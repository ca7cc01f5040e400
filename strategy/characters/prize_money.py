"""Prize Money (seed 000, "Prize Money", 000:1247-1299): "When a British Ship captures an
enemy ship and returns it to a friendly port ... the value of the cargo will be paid out
in prize money to the Captain, Officers and Crew of the ship ... [it] simply gives the
receiving character an AUTOMATIC success in a Wealth test against a certain opposition or
lower. The table below shows the share of the Prize Money taken by each rank dependent
upon the size of the ship captured" (btq_characters.json ``prize_money``). No card is
drawn: the share is the table's. Its guineas go into his purse: an automatic success
against a Wealth opposition of L is a month's support at Social Level L (Briny 001:144,
"2x his SL each month"), the share paid its best choice. docs/rules-notes.md, "Prize
Money".

>>> prize_share("Lieutenant", False, 5)
((5, 1), (4, 2), (3, 3), (2, 4))
>>> prize_size(None), prize_size(3), prize_row("Post Captain", False), prize_row("Lieutenant", True)
('Un-rated Vessel', 'Rated 1-3', 'Captain', 'Captain')
>>> share_guineas(prize_share("Lieutenant", False, 5))
18
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from strategy.characters.btq_tables import (
    PRIZE_COMMANDER,
    PRIZE_GUINEAS_PER_LEVEL,
    PRIZE_MONEY,
    PRIZE_RANKS,
    PRIZE_SIZES,
)
from strategy.errors import UnknownName

__all__ = ["prize_size", "prize_row", "prize_share", "share_guineas", "prize_money"]


def prize_size(rate: int | None) -> str:
    """The table's column for a ship captured of BtQ ``rate`` (1-6; None: a sloop, a
    cutter): "Un-rated Vessel", "Rated 4-6" or "Rated 1-3"."""
    if rate is None:
        return PRIZE_SIZES[0]
    return PRIZE_SIZES[1] if rate >= 4 else PRIZE_SIZES[2]


def prize_row(rank: str, commands: bool) -> str:
    """The table's row an officer takes: her captain's ("Captain") if he ``commands`` her
    (whatever his rank: the share is the post's), else his rank's (a lieutenant's and the
    Marines' commissioned officers' the Lieutenant's; btq_characters.json ``ranks``)."""
    if commands:
        return PRIZE_COMMANDER
    row = PRIZE_RANKS.get(rank)
    if row is None:
        raise UnknownName(f"prize money: no row for rank {rank!r}")
    return row


def prize_share(rank: str, commands: bool, rate: int | None) -> tuple[tuple[int, int], ...]:
    """His share of a prize of ``rate``: the choices ``(Wealth opposition, automatic
    successes)`` of one Wealth test, as the book prints them ("4(3) is three automatic
    successes against a Wealth opposition of 4")."""
    return PRIZE_MONEY[prize_row(rank, commands)][prize_size(rate)]


def share_guineas(share: Iterable[Iterable[int]]) -> int:
    """The guineas a share puts in his purse: its best choice ``(level, successes)``, each
    automatic success against a Wealth opposition of ``level`` a month's support at Social
    Level ``level`` (Briny 001:144: "Guineas equal to 2x his SL each month for support";
    BtQ 000:811: "Each level of Wealth equates to the ordinary living standard of a level
    of society"). The campaign buys in guineas, so the choice that buys most is his."""
    return max(level * successes * PRIZE_GUINEAS_PER_LEVEL for level, successes in share)


def prize_money(
    prizes: Iterable[Mapping[str, Any]], captors: Iterable[Mapping[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each officer's shares of the ``prizes`` (``{"name", "type", "rate"}``: the enemy
    ships captured) taken by his ship: ``captors`` are the officers aboard her
    (``{"id", "rank", "commands"}``). ``{officer id: [{"prize", "type", "size", "as",
    "share": [[level, successes], ...], "guineas"}, ...]}``, a share for each prize, with
    the guineas it pays into his purse (:func:`share_guineas`)."""
    prizes = list(prizes)
    out: dict[str, list[dict[str, Any]]] = {}
    for officer in captors:
        row = prize_row(officer["rank"], officer["commands"])
        for prize in prizes:
            size = prize_size(prize["rate"])
            share = PRIZE_MONEY[row][size]
            out.setdefault(officer["id"], []).append(
                {
                    "prize": prize["name"],
                    "type": prize["type"],
                    "size": size,
                    "as": row,
                    "share": [list(s) for s in share],
                    "guineas": share_guineas(share),
                }
            )
    return out
