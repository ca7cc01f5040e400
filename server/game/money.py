"""The officers' money: investments made by the first of June and paid after the summer,
and the admirals' shares of plunder (Briny, INVESTMENT; the admirals' plunder).

An investment's capital is held from the investor's funds when he makes it; the summer's
resolution pays it back with the return the book's table gives
(:mod:`strategy.campaign.investment`, through the season report). No Flask, no sockets,
no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.game import officers, rules
from server.game.errors import ActionError
from server.game.state import Investment, Seat, State, current_year

__all__ = [
    "FAVOURERS",
    "apply_favour",
    "apply_invest",
    "apply_summer",
    "choices",
    "decide_favour",
    "decide_invest",
    "due",
    "favourable",
    "grant_favour",
    "player_holder",
    "year_paid",
    "investments_for",
    "apply_liquidate",
    "decide_liquidate",
    "returns",
    "victualling_board",
]

#: the most one investment holds: a bound for the payload, far beyond any officer's purse
MAX_GUINEAS = 1_000_000


def year_paid(state: State) -> int:
    """The summer an investment made now pays in: this year's from its cabinet (before the
    first of June), the next year's from the seasons after the summer."""
    year = current_year(state)
    return year if state["phase"] == "cabinet" else year + 1


def decide_invest(state: State, seat: Seat, kind: str, guineas: int) -> dict[str, Any]:
    """An investment of ``guineas`` in ``kind`` by the seat's own character; refused (an
    :class:`ActionError`, nothing changed) when he is dead or none, or lacks the funds."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to invest for")
    if guineas > officer["funds"]:
        raise ActionError(
            "conflict",
            f"'guineas': {officer['name']} has {officer['funds']:,} guineas, "
            f"not the {guineas:,} asked",
        )
    year = year_paid(state)
    made = [i for i in state.get("investments", ()) if i["year"] == year]
    investment: Investment = {
        "id": f"i{year}-{len(made) + 1}",
        "officer": officer["id"],
        "kind": kind,
        "guineas": guineas,
        "year": year,
    }
    return {"investment": investment, "funds": officer["funds"] - guineas}


def apply_invest(state: State, data: Any) -> None:
    """The capital held: taken from his funds, the investment kept till its summer."""
    investment = data["investment"]
    state.setdefault("investments", []).append(investment)
    state["officers"][investment["officer"]]["funds"] = data["funds"]


def decide_liquidate(state: State, seat: Seat, investment_id: str) -> dict[str, Any]:
    """``liquidate``'s data: one of the seat's own character's investments not yet paid,
    sold "for the capital in them minus a 10% liquidation fee" (Briny, INVESTMENT: an
    investment here is always solvent, its summer not yet paid); refused, nothing
    changed, for any other."""
    officer = officers.seat_officer(state, seat)
    if officer is None:
        raise ActionError("conflict", "your seat has no living officer to liquidate for")
    found = next(
        (
            i
            for i in state.get("investments", ())
            if i["id"] == investment_id and i["officer"] == officer["id"]
        ),
        None,
    )
    if found is None or "liquidated" in found:
        raise ActionError(
            "conflict",
            f"'investment': {officer['name']} holds no investment {investment_id!r} to liquidate",
        )
    fetched = rules.liquidation_value(found["guineas"])
    return {
        "investment": investment_id,
        "officer": officer["id"],
        "guineas": fetched,
        "fee": found["guineas"] - fetched,
        "funds": officer["funds"] + fetched,
    }


def apply_liquidate(state: State, data: Any) -> None:
    """The investment sold: kept, marked with what it fetched (its id is never given
    again), no longer favoured nor paid by its summer; the guineas in his funds."""
    for investment in state["investments"]:
        if investment["id"] == data["investment"]:
            investment["liquidated"] = data["guineas"]
            for flag in rules.INVESTMENT_FAVOURS:
                investment.pop(flag, None)  # type: ignore[misc]
    state["officers"][data["officer"]]["funds"] = data["funds"]


def due(state: State) -> list[Investment]:
    """The investments this summer pays (a liquidated one is paid by none)."""
    year = current_year(state)
    return [i for i in state.get("investments", ()) if i["year"] == year and "liquidated" not in i]


def returns(state: State, report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each due investment with the return the season report's table gave it
    (``report["investment"]``, keyed by the investment's id): the percent, the ``return``
    in guineas (+ a dividend, - what keeps it solvent) and what is ``paid`` into his funds,
    the capital with its return (the book's "must pay next month" taken from the capital
    as it comes home)."""
    rows = {r["investor"]: r for r in report["investment"]["investments"]}
    out = []
    for inv in due(state):
        row = rows[inv["id"]]
        officer = state["officers"].get(inv["officer"])
        out.append(
            {
                **inv,
                "player": officer["player"] if officer is not None else None,
                "ships_counted": row["ships_counted"],
                "percent": row["percent"],
                "return": row["guineas"],
                "paid": inv["guineas"] + row["guineas"],
            }
        )
    return out


def apply_summer(state: State, data: Mapping[str, Any]) -> None:
    """The summer's money into the officers' funds, after the officers it changed: the
    shares of the admirals ashore (who rolled no outcome, so the changes lack them) and
    the investments' returns; the investments paid are cleared."""
    report = data["report"]
    changed = data.get("officers") or {}
    for share in report.get("plunder_shares", ()):
        admiral = state["officers"].get(share["admiral"])
        if admiral is not None and share["admiral"] not in changed and share["guineas"]:
            admiral["funds"] += share["guineas"]
    paid = report.get("returns") or ()
    for rec in paid:
        state["officers"][rec["officer"]]["funds"] += rec["paid"]
    # the summer's investments are done with, those sold before it too
    year = current_year(state)
    if any(i["year"] == year for i in state.get("investments", ())):
        state["investments"] = [i for i in state["investments"] if i["year"] != year]


def investments_for(state: State, seat: Seat) -> list[dict[str, Any]]:
    """The investments ``seat`` may see: the GM all, a player his own character's; each
    not yet sold with what it ``fetches`` if liquidated now (its capital less the fee)."""
    held = state.get("investments", ())
    if seat["role"] != "gm":
        mine = {oid for oid, o in state["officers"].items() if o["player"] == seat["id"]}
        held = [i for i in held if i["officer"] in mine]
    return [
        {**i} if "liquidated" in i else {**i, "fetches": rules.liquidation_value(i["guineas"])}
        for i in held
    ]


def choices(state: State) -> list[dict[str, Any]]:
    """The due investments as :func:`strategy.campaign.resolve_summer` takes them (an arms
    supplier's and a favoured financier's flags with them)."""
    out = []
    for i in due(state):
        choice = {"investor": i["id"], "kind": i["kind"], "capital": i["guineas"]}
        choice.update({flag: True for flag in rules.INVESTMENT_FAVOURS if i.get(flag)})
        out.append(choice)
    return out


#: the posts that favour an investor (Briny, INVESTMENT), each the favour it gives
#: (:data:`server.game.rules.INVESTMENT_FAVOURS`: the kind each favour takes)
FAVOURERS = {"Victualling Board Supervisor": "supplier", "Chancellor of the Exchequer": "favoured"}


def _favouring_post(state: State, seat: Seat) -> str | None:
    """The post of :data:`FAVOURERS` the seat's living character holds, if any."""
    officer = officers.seat_officer(state, seat)
    post = officer.get("appointment") if officer is not None else None
    return post if post in FAVOURERS else None


def favourable(state: State, seat: Seat) -> list[dict[str, Any]]:
    """What a favourer reads of the investments he may favour: those of his post's kind paid
    this summer, each its id, its investor's name (None if he is off the roster: never his
    id), its kind and whether it is favoured (never the capital); none for any other seat."""
    post = _favouring_post(state, seat)
    if post is None:
        return []
    flag = FAVOURERS[post]
    roster = state["officers"]
    return [
        {
            "id": i["id"],
            "officer": roster[i["officer"]]["name"] if i["officer"] in roster else None,
            "kind": i["kind"],
            "favoured": bool(i.get(flag)),
        }
        for i in due(state)
        if i["kind"] == rules.INVESTMENT_FAVOURS[flag]
    ]


def decide_favour(state: State, seat: Seat, investment_id: str) -> dict[str, Any]:
    """``favour_investor``'s data: the seat's character, holding one of :data:`FAVOURERS`,
    favours an investment of its kind paid this summer (his own too: "Rank hath its
    privileges"); refused, nothing changed, otherwise."""
    post = _favouring_post(state, seat)
    if post is None:
        raise ActionError(
            "conflict",
            "only the Victualling Board Supervisor or the Chancellor of the Exchequer "
            "favours an investor, and your officer holds neither post",
        )
    flag = FAVOURERS[post]
    kind = rules.INVESTMENT_FAVOURS[flag]
    found = next((i for i in due(state) if i["id"] == investment_id), None)
    if found is None or found["kind"] != kind:
        raise ActionError(
            "conflict",
            f"'investment': no {kind} investment {investment_id!r} is paid this summer",
        )
    return {"investment": investment_id, "flag": flag, "post": post}


def apply_favour(state: State, data: Any) -> None:
    """The post favours one investment a summer: the one named, no longer any other."""
    grant_favour(state, data["investment"], data["flag"], current_year(state))


def grant_favour(state: State, investment_id: str, flag: str, year: int) -> None:
    """The favour ``flag`` on the investment ``investment_id`` of the summer ``year``, no
    longer on any other of that summer's (one a post a summer, a player holder's naming
    or an NPC's grant alike)."""
    for investment in state.get("investments", ()):
        if investment["year"] != year or "liquidated" in investment:
            continue
        if investment["id"] == investment_id:
            investment[flag] = True  # type: ignore[literal-required]
        else:
            investment.pop(flag, None)  # type: ignore[misc]


def player_holder(state: State, post: str) -> Mapping[str, Any] | None:
    """The living player's character holding ``post``, if any (else an NPC holds it)."""
    return next(
        (
            o
            for o in state["officers"].values()
            if o.get("appointment") == post and o["player"] is not None and not o["dead"]
        ),
        None,
    )


def victualling_board(state: State) -> bool:
    """Whether the Victualling Board's embezzlement takes -1 from every squadron's battle
    result die this summer (Briny 001:1200: "until next September"): an embezzlement of
    this year's (:func:`server.game.embezzlement.embezzlement_year`) whose roll fell short
    (:func:`strategy.campaign.embezzlement.discovery`'s ``short``)."""
    year = current_year(state)
    return any(e["short"] and e["year"] == year for e in state.get("embezzlements", ()))
