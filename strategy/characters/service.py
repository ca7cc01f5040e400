"""A Year of Service: the experience an officer gains from a summer at sea (seed 000,
Appendix II, "Experience Table: Years of Service", ~2605-2655; Step Six, One, ~695).

Beat to Quarters gives a character his Experiences before play ("Experiences"), one card
each, and calls its naval chart "Years of Service"; Briny counts the summers an officer
sails ("Experience", seed 001 ~1100). The campaign reads them together: each summer an
officer sails and lives is one year of service, one more Experience. He overturns a card
from his deck (a player's has the joker, the GM's does not) and gains what its row of the
naval chart gives: a number card +1 point in any skill, a face card +1 to one of the two
Measures its suit names, an ace both; the joker is any card of the chart. The choices
the row leaves open ("of your choice") are a player's to make (:func:`offer`, :func:`chosen`)
or, for an NPC and a player who makes none, drawn from the seeded source
(:func:`year_of_service`), within the sheet's limits (docs/rules-notes.md, "A Year of
Service", "Whose choice").

>>> import random
>>> from strategy.cards.dealer import ScriptedDealer
>>> from strategy.characters.creation import roll_sheet
>>> sheet = roll_sheet("Lieutenant", random.Random(2))
>>> got = year_of_service(sheet, ScriptedDealer("KH"), random.Random(1))
>>> got["card"], list(got["gain"]), got["gain"]["measure"] in ("Guts", "Discipline")
('KH', ['measure'], True)
>>> served(sheet, got).experiences == sheet.experiences + 1
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from strategy.cards.core import DECK, JOKER, name
from strategy.cards.dealer import Pile
from strategy.characters.btq_tables import (
    MEASURE_LIMIT,
    SKILL_LIMIT,
    SKILLS,
    ChartRow,
    card,
    chart_row,
)
from strategy.characters.sheet import Sheet, sheet_from
from strategy.errors import InvalidMove

__all__ = [
    "CHART",
    "JOKER_ROWS",
    "SERVICE_SKILLS",
    "chosen",
    "offer",
    "served",
    "year_of_service",
]

#: the chart a year of service draws on (Appendix II)
CHART = "naval"
#: the skills a year's point may go to: "any skill" but Command, which his Naval Ability
#: governs (strategy.characters.character.command_of), and Profession, a trade named only
#: when it is taken (Step Two)
SERVICE_SKILLS: tuple[str, ...] = tuple(s for s in SKILLS if s not in ("Command", "Profession"))
#: the joker's "Choose any card from the above" as the chart's rows: a card of each, in
#: the book's order (Diamonds, Hearts, Spades, Clubs; number, face, ace); any other card of
#: the 52 is one of these rows too
JOKER_ROWS: tuple[str, ...] = tuple(f"{r}{s}" for s in "DHSC" for r in "2KA")


def _room(sheet: Sheet, row: ChartRow) -> tuple[list[str], list[str]]:
    """The Measures of ``row`` and the skills it may raise that ``sheet`` has room for
    (at most 10 each: the Measure or skill at its limit is left out of the gain)."""
    measures = [m for m in row.measures if sheet.measures[m] < MEASURE_LIMIT]
    skills = [s for s in SERVICE_SKILLS if sheet.skills.get(s, 0) < SKILL_LIMIT]
    return measures, skills if row.skill else []


def offer(sheet: Sheet, turned: str) -> dict[str, Any]:
    """What the card ``turned`` leaves the officer of ``sheet`` to choose (Appendix II,
    000:2605-2655: "+1 Guts or +1 Discipline", "a skill of your choice", the joker's
    "Choose any card from the above"): ``rows``, each ``{"card", "text", "measures",
    "skill"}`` (the Measures he may raise, whether it gives a skill): the card's own row,
    or a joker's twelve (:data:`JOKER_ROWS`); and ``skills``, those a skill point may go to.

    >>> from strategy.characters.creation import roll_sheet
    >>> got = offer(roll_sheet("Lieutenant", random.Random(2)), "KH")
    >>> [(r["card"], r["measures"], r["skill"]) for r in got["rows"]]
    [('KH', ['Guts', 'Discipline'], False)]
    >>> len(offer(roll_sheet("Lieutenant", random.Random(2)), "JK")["rows"])
    12
    """
    drawn = card(turned)
    cards = [card(c) for c in JOKER_ROWS] if drawn == JOKER else [drawn]
    rows = []
    for c in cards:
        row = chart_row(CHART, c)
        measures, _ = _room(sheet, row)
        rows.append({"card": name(c), "text": row.text, "measures": measures, "skill": row.skill})
    skills = [s for s in SERVICE_SKILLS if sheet.skills.get(s, 0) < SKILL_LIMIT]
    return {"rows": rows, "skills": skills}


def chosen(
    sheet: Sheet, turned: str, gain: Mapping[str, str], taken: str | None = None
) -> dict[str, Any]:
    """A player's year of service (Appendix II's "of your choice", 000:2605-2655): the
    card ``turned``, the card ``taken`` for a joker ("Choose any card from the above"),
    and ``gain`` (``{"measure": M, "skill": S}``) he chose, as :func:`year_of_service`
    records it. The gain must be what the row gives, each part his sheet has room for
    (one of the face's two Measures, a skill but Command and Profession). Raises
    InvalidMove for another card than a joker's, a gain the row does not give or one it
    gives left out.

    >>> from strategy.characters.creation import roll_sheet
    >>> sheet = roll_sheet("Lieutenant", random.Random(2))
    >>> chosen(sheet, "KH", {"measure": "Guts"})["gain"]
    {'measure': 'Guts'}
    """
    drawn = card(turned)
    out: dict[str, Any] = {"card": name(drawn)}
    if drawn == JOKER:
        if taken is None:
            raise InvalidMove("service.card: a joker is any card of the chart: name one")
        as_card = card(taken)
        if as_card == JOKER:
            raise InvalidMove("service.card: a joker is one of the 52 cards, not a joker")
        out["as"] = name(as_card)
        drawn = as_card
    elif taken is not None and card(taken) != drawn:
        raise InvalidMove(f"service.card: only a joker is another card; yours is {name(drawn)}")
    if set(gain) - {"measure", "skill"}:
        raise InvalidMove(f"service.gain: {sorted(gain)} is not a measure and a skill")
    row = chart_row(CHART, drawn)
    measures, skills = _room(sheet, row)
    for key, offered in (("measure", measures), ("skill", skills)):
        if offered and key not in gain:
            raise InvalidMove(f"service.gain.{key}: the card gives one; choose it")
        if key in gain and gain[key] not in offered:
            raise InvalidMove(
                f"service.gain.{key}: {gain[key]!r} is not the card's to give"
                + (f" (it gives one of {', '.join(offered)})" if offered else "")
            )
    out.update(text=row.text, gain={k: gain[k] for k in ("measure", "skill") if k in gain})
    return out


def year_of_service(sheet: Sheet, pile: Pile, rng: random.Random) -> dict[str, Any]:
    """One year of service for the officer of ``sheet``: the card overturned from
    ``pile``, the chart's row as printed and the gain (``{"measure": M, "skill": S}``,
    either left out when the row gives none or his sheet has no room for it), chosen
    uniformly by ``rng`` among what the row and the limits allow. The joker's card
    (``"as"``) is drawn from the 52."""
    drawn = pile.draw(1)[0]
    out: dict[str, Any] = {"card": name(drawn)}
    pile.shuffle()  # (every card back: one card a year, as creation overturns them)
    if drawn == JOKER:  # "Choose any card from the above"
        drawn = rng.choice(DECK)
        out["as"] = name(drawn)
    row = chart_row(CHART, drawn)
    gain: dict[str, str] = {}
    measures, skills = _room(sheet, row)
    if measures:
        gain["measure"] = rng.choice(measures)
    if skills:
        gain["skill"] = rng.choice(skills)
    out.update(text=row.text, gain=gain)
    return out


def served(sheet: Sheet, service: Mapping[str, Any]) -> Sheet:
    """``sheet`` after a year of service (:func:`year_of_service`'s record): +1 to the
    Measure and the skill gained, one Experience more. Raises InvalidMove for a gain the
    card's row does not give."""
    drawn = card(service.get("as") or service["card"])
    row = chart_row(CHART, drawn)
    gain = service.get("gain") or {}
    if set(gain) - {"measure", "skill"}:
        raise InvalidMove(f"service.gain: {sorted(gain)} is not a measure and a skill")
    measures, skills = dict(sheet.measures), dict(sheet.skills)
    if "measure" in gain:
        if gain["measure"] not in row.measures:
            raise InvalidMove(f"service.gain.measure: {gain['measure']!r} is not the card's")
        measures[gain["measure"]] += 1
    if "skill" in gain:
        if not row.skill or gain["skill"] not in SERVICE_SKILLS:
            raise InvalidMove(f"service.gain.skill: {gain['skill']!r} is not the card's")
        skills[gain["skill"]] = skills.get(gain["skill"], 0) + 1
    data = sheet.to_dict()
    data.update(measures=measures, skills=skills, experiences=sheet.experiences + 1)
    return sheet_from(data)  # (checked again: within every limit)
