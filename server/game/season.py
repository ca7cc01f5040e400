"""The end of the summer: Briny battle results and personal outcomes for the campaign's own
officers (the players' characters and the fleet's NPCs), and what each seat reads of them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from server.game import appointments, money, officers, rules, titles
from server.game.rules import HERO_MONTHS, LASTING_POINTS
from server.game.state import State, season_date

__all__ = [
    "gazette",
    "hero_words",
    "offer_words",
    "outcome_words",
    "source_words",
    "report_for",
    "resolve",
    "resolve_season",
    "return_words",
    "service_words",
]


def resolve(state: State, rng: random.Random) -> dict[str, Any]:
    """``resolve_summer``'s event data: the summer's report (:func:`resolve_season` over
    Table F's deployment and the results ships earned on the map), the investments paid."""
    deployment = [
        {k: rec[k] for k in ("fleet", "squadron", "ship", "order")} for rec in state["deployment"]
    ]
    invested = money.choices(state)
    # (a summer with no investments decides as it did before investments were made)
    extra: dict[str, Any] = {"investments": invested} if invested else {}
    orders = officers.summer_orders(state)
    if orders:  # (and one with no conditional orders as before they could be given)
        extra["officers"] = orders
    if money.victualling_board(state):  # the Board's theft: -1 till September
        extra["victualling_board"] = True
    data = resolve_season(state, rng, deployment, state["results"], extra)
    # the summer is a year of service for all who sailed it (not a season's cruise: once
    # a year; docs/rules-notes.md "A Year of Service")
    # (a seated player's choice is his: his card is turned now, the gain waits for him)
    choosers = officers.service_choosers(state, data["officers"])
    data["officers"], served = officers.years_of_service(data["officers"], data["seed"], choosers)
    for oid, year in served.items():
        data["report"]["outcomes"][oid]["service"] = year
    if invested:  # the book's table pays them by the ships sent and the commanders' results
        data["report"]["returns"] = money.returns(state, data["report"])
    renewed = appointments.renewals(state, data["officers"], data["seed"])
    if renewed:  # (a summer with none decides as it did before appointments were renewed)
        data["appointments"] = renewed
    # the King's roll for a title after a valuable service (Briny TITLES, 001:1256)
    titled = titles.summer_titles(state, data["report"], data["officers"], data["seed"])
    if titled:  # (a summer with none decides as it did before titles were conferred)
        data["titles"] = titled
    return data


def resolve_season(
    state: State,
    rng: random.Random,
    deployment: Sequence[Mapping[str, Any]],
    results: Mapping[str, Mapping[str, Any]],
    extra: Mapping[str, Any],
) -> dict[str, Any]:
    """One season's outcomes for the campaign's officers: the report of
    :func:`strategy.campaign.resolve_summer` over ``deployment`` (``extra``: its other
    choices: the season, two-season voyages, investments), with the results ships already
    earned in battle on the map preset (in the words of what happened to them), and every
    officer as the season leaves him."""
    preset = {code: r["result"] for code, r in results.items()}
    seed = rng.randrange(2**31)
    choices: dict[str, Any] = {
        "preset": preset,
        "admirals": officers.admiral_choices(state, deployment),
        **extra,
    }
    report = rules.resolve_summer(deployment, officers.summer_officers(state), seed, choices)
    fought = _fought(state, results)
    for code, ship in report["ships"].items():
        ship["fought"] = fought.get(code, [])
        if ship["fought"]:  # in the words of what happened to her
            ship["interpretation"] = results[code]["interpretation"]
        else:  # the book's result as an action the map did not show
            ship["interpretation"] = rules.rolled_reading(ship["order"], ship["battle_result"])
    changed = officers.summer_changes(state, report)
    report["outcomes"] = _outcomes(state, report, changed, deployment)
    out = {"seed": seed, "preset": preset, "report": report, "officers": changed}
    moved = officers.flag_seats(state, changed, seed)
    if moved:  # (a season with none decides as it did before seats followed a flag)
        out["seats"] = moved
    return out


def _fought(
    state: State, results: Mapping[str, Mapping[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each ship's fights on the map this season, in the order fought (``results[code]
    ["fights"]``), as the report names them: the ``engagement``, its ``date`` and the enemy
    ships she met there (``against``). A ship with none rolled her result off the chart
    (docs/rules-notes.md, "A result rolled off the chart")."""
    out: dict[str, list[dict[str, Any]]] = {}
    for code, r in results.items():
        fights = r.get("fights") or [r]  # (a result saved before the fights were kept)
        out[code] = [_named(state, str(f["engagement"])) for f in fights]
    return out


def _named(state: State, engagement: str) -> dict[str, Any]:
    """One fight as the report names it (an engagement no longer on the map: its id only)."""
    record = state["engagements"].get(engagement)
    if record is None:
        return {"engagement": engagement, "date": None, "against": []}
    against = list(dict.fromkeys(s["name"] for s in record["sides"]["b"]))
    date = season_date(state, record["day"]).isoformat()
    return {"engagement": engagement, "date": date, "against": against}


def _outcomes(
    state: State,
    report: Mapping[str, Any],
    changed: Mapping[str, Any],
    deployment: Sequence[Mapping[str, Any]],
) -> dict[str, dict[str, Any]]:
    """Each officer's outcome as the Gazette and his own sheet read it: ``public`` (what
    was gazetted: death, mentions, promotion) and ``guineas`` (his prize money, private)."""
    promoted = {p["officer"]: p for p in report["promotions"]}
    heard = {m["officer"]: m["dice"] for m in report.get("mentions", ())}
    squadron_of = {d["ship"]: d["squadron"] or "Independent" for d in deployment}
    out: dict[str, dict[str, Any]] = {}
    for rec in report["personal_outcomes"]:
        oid = rec["officer"]
        officer = state["officers"].get(oid)
        if officer is None:
            continue
        after = changed.get(oid, officer)
        prom = promoted.get(oid)
        touch = rec.get("nelson_touch") or {}
        out[oid] = {
            "name": officer["name"],
            "rank": officer["rank"],
            "player": officer["player"],
            # where he sailed: his ship's squadron, a flag officer's own, else the Admiralty's
            "squadron": squadron_of.get(officer["ship"] or "")
            or officer["squadron"]
            or "Admiralty",
            "dead": bool(rec["dead"]),
            "wound": touch.get("wound") if touch.get("wounded") else None,
            "mentioned": rec.get("mids", 0),
            "promoted": prom["to"] if prom else None,
            "guineas": after["funds"] - officer["funds"],
            "na": [officer["na"], after["na"]],
        }
        # the result his outcome was rolled against: his ship's, an admiral's flagship's
        ship = rec.get("flagship") or officer["ship"]
        if ship in report["ships"]:
            out[oid]["fought"] = [dict(f) for f in report["ships"][ship]["fought"]]
        if officer.get("disgrace") and not after.get("disgrace") and not rec["dead"]:
            out[oid]["disgrace_lifted"] = officer["disgrace"]["cause"]  # a duel's, mentioned
        if heard.get(oid):  # his Status Points a month as a public hero (001:1084): his own
            out[oid]["hero"] = {
                "dice": heard[oid],
                "docked": after.get("mentions", [{}])[-1].get("docked"),
            }
        # what came of his conditional orders (his own and the GM's to read: not gazetted)
        if "poltroonery" in rec:
            out[oid]["poltroonery"] = rec["poltroonery"]["outcome"]
        result = (rec.get("promotion_result") or {}).get("result", "")
        if result.startswith(("declined", "no further promotions")):
            out[oid]["declined"] = result.split(":")[0]
    return out


#: a poltroon's d6 in words (Briny, POLTROONERY)
POLTROONERY_WORDS = {
    "unnoticed": "his cowardice went unnoticed",
    "found out": "found out, he loses status every month until he redeems himself",
    "court-martial": "found out, and put in irons to be court-martialled",
}


#: a duel's disgrace lifted by his mention (Briny 001:359), after "mentioned in despatches"
_LIFTED = ", his disgrace lifted: free to leave the Blockade"


def outcome_words(o: Mapping[str, Any], private: bool) -> str:
    """One officer's summer in words, e.g. "Captain Jack Aubrey: mentioned in despatches;
    promoted to Post Captain; 340 guineas of prize money" (the sums only when ``private``)."""
    parts = []
    if o["dead"]:
        parts.append("killed in action")
    else:
        if o["wound"]:
            parts.append(f"wounded ({o['wound']})")
        if o["mentioned"]:
            times = "" if o["mentioned"] == 1 else f" {o['mentioned']} times"
            lifted = _LIFTED * bool(o.get("disgrace_lifted"))
            parts.append(f"mentioned in despatches{times}{lifted}")
        if private and o.get("hero"):
            parts.append(hero_words(o["hero"]))
        if o["promoted"]:
            parts.append(f"promoted to {o['promoted']}")
        if private and o.get("declined") == "declined":
            parts.append("declined a promotion for the mention")
        elif private and o.get("declined"):
            parts.append("no further promotions, three declined: mentioned instead")
        if private and o.get("poltroonery"):
            parts.append(f"kept below in the action: {POLTROONERY_WORDS[o['poltroonery']]}")
        if private and o["guineas"]:
            parts.append(f"{o['guineas']} guineas of prize money")
        if private and o["na"][1] > o["na"][0]:
            parts.append(f"Naval Ability {o['na'][0]} to {o['na'][1]}")
        if private and o.get("service"):
            parts.append(service_words(o["service"]))
    source = f"({source_words(o['fought'])}) " if "fought" in o else ""
    return f"{o['rank']} {o['name']}: {source}{'; '.join(parts) or 'came home unremarked'}"


def source_words(fought: Sequence[Mapping[str, Any]]) -> str:
    """Where a result came from, in words: "fought on the chart" (its fights on the map),
    or "off the chart" (rolled on the Battle Result Table: docs/rules-notes.md, "A result
    rolled off the chart")."""
    return "fought on the chart" if fought else "off the chart"


def service_words(service: Mapping[str, Any]) -> str:
    """A year of service in words (seed 000, Appendix II "Years of Service"), e.g. "a year
    of service (KH): +1 Guts" or "a year of service (JK as AD): +1 Influence, +1 Gunnery";
    "nothing gained" when his sheet had no room for what the card gave; a card turned whose
    gain is still his to choose, what it offers: "a year of service (AH): yours to choose:
    +1 Guts or +1 Discipline and a point in a skill"."""
    if "offer" in service:
        return f"a year of service ({service['card']}): yours to choose: {offer_words(service)}"
    drawn = service["card"] + (f" as {service['as']}" if service.get("as") else "")
    gained = [f"+1 {service['gain'][k]}" for k in ("measure", "skill") if k in service["gain"]]
    return f"a year of service ({drawn}): {', '.join(gained) or 'nothing gained'}"


def hero_words(hero: Mapping[str, Any]) -> str:
    """A hero's Status Points in words (Briny 001:1084), e.g. "a public hero: 4 Status
    Points a month for three months from his ship's docking (1805-09), then 1 a month"."""
    points = sum(hero["dice"])
    lasting = LASTING_POINTS * len(hero["dice"])
    return (
        f"a public hero: {points} Status Points a month for {HERO_MONTHS} months from his "
        f"ship's docking ({hero['docked']}), then {lasting} a month"
    )


def offer_words(service: Mapping[str, Any]) -> str:
    """What a card turned offers its player (``service["offer"]``, seed 000, Appendix II),
    in words: "+1 Charm or +1 Guts", "a point in a skill", "any card of the chart"."""
    rows = service["offer"]["rows"]
    if len(rows) > 1:
        return "any card of the chart"
    row, parts = rows[0], []
    if row["measures"]:
        parts.append(" or ".join(f"+1 {m}" for m in row["measures"]))
    if row["skill"] and service["offer"]["skills"]:
        parts.append("a point in a skill")
    return " and ".join(parts) or "nothing (his sheet has no room for it)"


def return_words(r: Mapping[str, Any]) -> str:
    """One investment's return in words, e.g. "Arms, 2000 guineas: +30%, 600 guineas of
    dividend; 2600 guineas paid" (Briny, INVESTMENT)."""
    if r["return"] > 0:
        what = f"{r['return']} guineas of dividend"
    elif r["return"] < 0:
        what = f"{-r['return']} guineas to keep it solvent"
    else:
        what = "broke even"
    return (
        f"{r['kind'].capitalize()}, {r['guineas']} guineas: {r['percent']:+d}%, {what}; "
        f"{r['paid']} guineas paid"
    )


def gazette(o: Mapping[str, Any]) -> bool:
    """Whether the London Gazette prints him: a death, a mention or a promotion."""
    return bool(o["dead"] or o["mentioned"] or o["promoted"])


def report_for(report: Mapping[str, Any] | None, seat: Mapping[str, Any]) -> Any:
    """The season report as ``seat`` reads it: the GM all of it; a player his own officer's
    outcome first (``yours``, in words and figures), then the Gazette (deaths, mentions and
    promotions of the others, no private sums); the ships' results and the invasion are
    public. ``words`` opens with his own line."""
    if report is None or "outcomes" not in report:
        return report  # no summer yet, or one resolved before officers were kept
    outcomes = report["outcomes"]
    mine = [oid for oid, o in outcomes.items() if o["player"] == seat["id"]]
    # the NPC admirals who resign (Briny 001:1101): public, the last lines of every seat's
    quits = [
        f"{o['rank']} {o['name']} resigns his flag ({r['reason']})"
        for r in report.get("resignations", ())
        for o in (outcomes.get(r["officer"]),)
        if o is not None
    ]
    if seat["role"] == "gm":
        words = [outcome_words(o, True) for o in outcomes.values() if o["player"]]
        words += [return_words(r) for r in report.get("returns", ())]
        return {**report, "words": words + quits, "yours": None}
    gazetted = {oid: _public(o) for oid, o in outcomes.items() if gazette(o) and oid not in mine}
    words = [outcome_words(outcomes[oid], True) for oid in mine]
    invested = [dict(r) for r in report.get("returns", ()) if r["player"] == seat["id"]]
    words += [return_words(r) for r in invested]
    words += [outcome_words(o, False) for o in gazetted.values() if o["player"]]
    words += quits
    return {
        "season": report["season"],
        "roll": report["roll"],
        "ships": report["ships"],
        "invasion": report["invasion"],
        "yours": {oid: outcomes[oid] for oid in mine} or None,
        "gazette": gazetted,
        "investments": invested,  # his own investments' returns
        "words": words,
    }


def _public(o: Mapping[str, Any]) -> dict[str, Any]:
    keys = ["name", "rank", "player", "squadron", "dead", "wound", "mentioned", "promoted"]
    if "fought" in o:  # where his result came from is as public as his ship's
        keys.append("fought")
    lifted = {"disgrace_lifted": o["disgrace_lifted"]} if o.get("disgrace_lifted") else {}
    return {**{k: o[k] for k in keys}, **lifted}  # a disgrace is public, and its end
