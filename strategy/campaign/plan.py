"""Who sails: the Prime Minister's number, the First Sea Lord's deployment, influence,
substitutions and volunteers (Briny En Garde!, CAMPAIGN and VOLUNTEERS).

The Prime Minister's number digit and the First Sea Lord's deployment digit make the
Table F roll (35 = number 3, deployment 5). A player in the seat chooses his digit (a
player Prime Minister may choose 7, "the whole fleet"); an NPC rolls a die. Influence on
an NPC Prime Minister moves the commitment by one ship on 7 and two on 9, kept within
3..8 ships: the book's 3..8 are Table F's six columns in order of the ships they send
(:data:`COMMITMENT_COLUMNS`, fewest first), so more ships always sends more ships; a
modified total of three picks column 1 on a die of 1-3, column 3 on 4-6.

>>> COMMITMENT_COLUMNS
(1, 3, 5, 6, 4, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from strategy.campaign.dice import Dice
from strategy.campaign.fleet import FLAG_SQUADRONS, ship
from strategy.campaign.influence import swing
from strategy.campaign.tables import TABLE_F_ROLLS, Deployment, force_organisation
from strategy.errors import InvalidMove

__all__ = [
    "COMMITMENT_COLUMNS",
    "SEASONS",
    "commitment_column",
    "influence_prime_minister",
    "influenced_commitment",
    "npc_captain_volunteers",
    "plan_campaign",
    "substitute",
    "volunteer_ship",
    "volunteer_squadron",
]

SEASONS = ("spring", "summer", "autumn", "winter")
_MIN_SHIPS, _MAX_SHIPS = 3, 8
#: a rate's weight for ordering columns that send as many ships: the 1st rate heaviest
_RATE_WEIGHT = {"1st": 6, "2nd": 5, "3rd": 4, "4th": 3, "5th": 2, "sloop": 1}


def _commitment_columns() -> tuple[int, ...]:
    """Table F's columns 1..6 (the Prime Minister's number) in order of the ships they
    send, over their six deployments, fewest first; columns sending as many ships by the
    weight of their rates (Table F: column 1 sends 10-11 ships, 3 12, 5 and 6 13, 4 14,
    2 15)."""

    def sent(column: int) -> tuple[int, int]:
        rows = [TABLE_F_ROLLS[column * 10 + d] for d in range(1, 7)]
        ships = sum(len(r) for r in rows)
        return ships, sum(_RATE_WEIGHT[ship(d.ship).rate] for r in rows for d in r)

    return tuple(sorted(range(1, 7), key=sent))


#: the book's commitment of 3..8 ships as Table F's columns: ``COMMITMENT_COLUMNS[n - 3]``
#: is the column of a commitment of n ships (docs/rules-notes.md, "Who sails")
COMMITMENT_COLUMNS = _commitment_columns()


def _digit(value: Any, what: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
        raise InvalidMove(f"{what} must be a digit 1..{top}, not {value!r}")
    return value


def influence_prime_minister(
    digit: int, attempts: Sequence[Mapping[str, int]], dice: Dice
) -> tuple[int, list[dict[str, int]]]:
    """Influence on an NPC Prime Minister: the commitment in ships after every attempt.

    Each attempt is ``{"direction": +1 or -1, "modifier": favour bonus}``; a die plus the
    modifier of 7 or 8 moves one ship that way, 9 or more two ships. The total is kept
    within 3..8. The rolled ``digit`` is Table F's column, whose commitment is its place
    in :data:`COMMITMENT_COLUMNS` (column 1 is 3 ships, column 2 is 8). Returns (ships,
    one record per attempt).
    """
    ships = COMMITMENT_COLUMNS.index(_digit(digit, "the Prime Minister's number", 6)) + 3
    records = []
    for attempt in attempts:
        direction, modifier = attempt.get("direction"), attempt.get("modifier", 0)
        if direction not in (1, -1) or isinstance(modifier, bool) or not isinstance(modifier, int):
            raise InvalidMove(
                f"influence attempt needs direction +1/-1 and an int modifier, "
                f"not {dict(attempt)!r}"
            )
        die = dice.d6()
        total = die + modifier
        step = swing(die, modifier)
        before = ships
        ships = min(_MAX_SHIPS, max(_MIN_SHIPS, ships + direction * step))
        records.append(
            {
                "direction": direction,
                "modifier": modifier,
                "die": die,
                "total": total,
                "ships_before": before,
                "ships_after": ships,
            }
        )
    return ships, records


def influenced_commitment(digit: int, moves: Sequence[int], dice: Dice) -> dict[str, Any]:
    """The NPC Prime Minister's rolled ``digit`` moved by influences already rolled, each
    ``moves`` the signed ships one influence adds or subtracts (001:1306), in the order they
    were made, the total kept within 3..8 after each as :func:`influence_prime_minister`
    keeps it: ``{"ships_rolled", "ships", "column", "column_die"}``. A changed total reads
    its column (:func:`commitment_column`: three ships roll ``dice``); an unchanged one keeps
    the rolled column."""
    rolled = COMMITMENT_COLUMNS.index(_digit(digit, "the Prime Minister's number", 6)) + 3
    ships = rolled
    for move in moves:
        if isinstance(move, bool) or not isinstance(move, int) or abs(move) > 2:
            raise InvalidMove(f"an influence moves -2..2 ships, not {move!r}")
        ships = min(_MAX_SHIPS, max(_MIN_SHIPS, ships + move))
    column, column_die = (digit, None) if ships == rolled else commitment_column(ships, dice)
    return {"ships_rolled": rolled, "ships": ships, "column": column, "column_die": column_die}


def commitment_column(ships: int, dice: Dice | None = None) -> tuple[int, int | None]:
    """Table F's column (Table E's D1) for a commitment of 3..8 ships; (column, die or
    None): the columns in order of the ships they send (:data:`COMMITMENT_COLUMNS`).

    Three ships roll a die: 1-3 column 1, 4-6 column 3 (INVESTMENT, last paragraph).
    """
    if ships not in range(_MIN_SHIPS, _MAX_SHIPS + 1):
        raise InvalidMove(f"force commitment must be 3..8 ships, not {ships!r}")
    if ships == 3:
        if dice is None:
            raise InvalidMove("a commitment of three ships needs a die for its column")
        die = dice.d6()
        return (1 if die <= 3 else 3), die
    return COMMITMENT_COLUMNS[ships - _MIN_SHIPS], None


def plan_campaign(choices: Mapping[str, Any], dice: Dice) -> tuple[list[Deployment], dict]:
    """The Table F roll from the seats' choices or NPC dice, and its deployment.

    ``choices``: ``roll`` (a whole Table F roll, overriding the rest), ``pm`` (a player
    Prime Minister's digit 1..7, absent or None for an NPC), ``fsl`` (a player First Sea
    Lord's digit 1..6, absent or None for an NPC), ``pm_influence`` (attempts, see
    :func:`influence_prime_minister`; only an NPC Prime Minister can be influenced).
    Dice order: PM die, influence dice, column die, FSL die.
    """
    if choices.get("roll") is not None:
        roll = choices["roll"]
        deployment = force_organisation(roll)
        return deployment, {"roll": roll, "given": True}
    report: dict[str, Any] = {"given": False}
    pm = choices.get("pm")
    attempts = choices.get("pm_influence") or []
    if pm is not None:
        digit = _digit(pm, "the Prime Minister's number", 7)
        if attempts:
            raise InvalidMove(
                "a player Prime Minister decides for himself: influence has no "
                "effect on player characters"
            )
        report["prime_minister"] = {"seat": "player", "digit": digit}
        column = digit
    else:
        die = dice.d6()
        report["prime_minister"] = {"seat": "npc", "die": die, "digit": die}
        ships, records = influence_prime_minister(die, attempts, dice)
        report["influence"] = records
        report["ships"] = ships
        if ships != COMMITMENT_COLUMNS.index(die) + _MIN_SHIPS:
            column, column_die = commitment_column(ships, dice)
            report["column_die"] = column_die
        else:
            column = die
        report["column"] = column
    fsl = choices.get("fsl")
    if fsl is not None:
        deploy = _digit(fsl, "the First Sea Lord's deployment", 6)
        report["first_sea_lord"] = {"seat": "player", "digit": deploy}
    else:
        deploy = dice.d6()
        report["first_sea_lord"] = {"seat": "npc", "die": deploy, "digit": deploy}
    roll = column * 10 + deploy
    report["roll"] = roll
    return force_organisation(roll), report


def substitute(
    deployment: Sequence[Deployment],
    out_code: str,
    in_code: str,
    *,
    player_captain_of_the_fleet: bool = False,
    modifier: int = 0,
    dice: Dice | None = None,
) -> tuple[list[Deployment], dict[str, Any]]:
    """A petition to send ``in_code`` in place of ``out_code`` (Substitutions).

    With an NPC Captain of the Fleet the ships must be of the same rate and the petition
    is granted on 7 on a die plus ``modifier`` (influence); a player Captain of the Fleet
    grants it as he sees fit, regardless of rate. The substitute takes the replaced ship's
    fleet, squadron and order.
    """
    out_ship, in_ship = ship(out_code), ship(in_code)
    codes = [d.ship for d in deployment]
    if out_ship.code not in codes:
        raise InvalidMove(f"{out_ship.name} is not going on campaign: nothing to substitute")
    if in_ship.code in codes:
        raise InvalidMove(f"{in_ship.name} is already going on campaign")
    record: dict[str, Any] = {
        "out": out_ship.code,
        "in": in_ship.code,
        "captain_of_the_fleet": "player" if player_captain_of_the_fleet else "npc",
    }
    if not player_captain_of_the_fleet:
        if out_ship.rate != in_ship.rate:
            raise InvalidMove(
                f"a substitute must be of the same rate: {in_ship.name} is "
                f"{in_ship.rate}, {out_ship.name} is {out_ship.rate}"
            )
        if dice is None:
            raise InvalidMove("a petition to an NPC Captain of the Fleet needs a die")
        die = dice.d6()
        record.update(die=die, modifier=modifier, total=die + modifier)
        if die + modifier < 7:
            record["granted"] = False
            return list(deployment), record
    record["granted"] = True
    out = [
        Deployment(d.fleet, d.squadron, in_ship.code, d.order) if d.ship == out_ship.code else d
        for d in deployment
    ]
    return out, record


def npc_captain_volunteers(die: int, characters_aboard: bool, modifier: int = 0) -> bool:
    """An NPC captain volunteers his ship: 7 with characters aboard (influence needed), else 6."""
    if die not in range(1, 7):
        raise InvalidMove(f"the die must be 1..6, not {die!r}")
    return die + modifier >= (7 if characters_aboard else 6)


def volunteer_ship(code: str, season: str, fleet: str = "Channel Fleet") -> Deployment:
    """A volunteered ship: attached to the Blockade in summer, else on independent action."""
    if season not in SEASONS:
        raise InvalidMove(f"season must be one of {', '.join(SEASONS)}, not {season!r}")
    s = ship(code)
    if season == "summer":
        return Deployment(fleet, "Blockade", s.code, "B")
    return Deployment(fleet, None, s.code, "I")


def volunteer_squadron(
    codes: Iterable[str], squadron: str, season: str, fleet: str = "Channel Fleet"
) -> list[Deployment]:
    """Ships an admiral volunteers from his squadron: always on Blockade Duty."""
    if season not in SEASONS:
        raise InvalidMove(f"season must be one of {', '.join(SEASONS)}, not {season!r}")
    if squadron not in FLAG_SQUADRONS:
        raise InvalidMove(f"only the White, Red and Blue have admirals, not {squadron!r}")
    return [Deployment(fleet, squadron, ship(code).code, "B") for code in codes]
