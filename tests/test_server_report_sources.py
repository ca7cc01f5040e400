"""The season report says what was fought and what was rolled (issue 32, item 4;
docs/rules-notes.md "A result rolled off the chart"): a ship that fought on the map has her
fights (`fought`) and their words, one that met no enemy the book's rolled result worded as
an action off the chart, never as a fight the map saw; every officer's outcome says the same
of the result he rolled against. Through the protocol: the summer of test_server_play, where
the Red squadron fights the Brest squadron off Ushant and the rest of the fleet meets no
enemy."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from server import game
from server.game import rules, season
from strategy.campaign.map_results import MAP_FATES, OFF_THE_CHART

Summer = tuple[Any, dict[str, Any], dict[str, list[dict[str, Any]]]]


def _fights(steps: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Each British ship's fights of the summer, in the order fought, as the report should
    name them: the engagement, its date (days from the first of June) and the enemy met."""
    state = steps["summer_end"]["state"]
    year = state["campaign"]["year"]
    out: dict[str, list[dict[str, Any]]] = {}
    for e in sorted(state["engagements"], key=lambda e: (e["day"], e["id"])):
        date = (dt.date(year, 6, 1) + dt.timedelta(days=e["day"])).isoformat()
        against = list(dict.fromkeys(s["name"] for s in e["sides"]["b"]))
        for ship in e["sides"]["a"]:
            fight = {"engagement": e["id"], "date": date, "against": against}
            out.setdefault(ship["code"], []).append(fight)
    return out


def test_the_report_says_which_results_were_fought_on_the_chart_and_which_rolled(
    played_summer: Summer,
) -> None:
    _, steps, _ = played_summer
    assert steps["resolve"]["ok"], steps["resolve"]
    fights = _fights(steps)
    assert fights, "the Red squadron fights off Ushant"
    results = steps["summer_end"]["state"]["results"]
    gm = steps["final"]["state"]["report"]
    rolled = [code for code in gm["ships"] if code not in fights]
    assert rolled, "the rest of the fleet meets no enemy"
    for code, ship in gm["ships"].items():
        assert ship["fought"] == fights.get(code, []), code
        if code in fights:  # the words of her fight on the map
            assert ship["interpretation"] == results[code]["interpretation"], code
            assert ship["battle_result"] == results[code]["result"], code
        else:  # the book's rolled result, as an action the chart did not show
            words = rules.rolled_reading(ship["order"], ship["battle_result"])
            assert ship["interpretation"] == words, code
    # every officer's outcome, by the result he rolled against: his ship's (an admiral's
    # and his staff's, the flagship's)
    outcomes = gm["outcomes"]
    assert all("fought" in o for o in outcomes.values())
    red_admiral = next(
        o for o in outcomes.values() if o["rank"] == "Rear Admiral" and o["squadron"] == "Red"
    )
    assert red_admiral["fought"], "the Red's admiral fought in his flagship"
    for o in outcomes.values():
        assert o["fought"] in [gm["ships"][code]["fought"] for code in gm["ships"]]
    by_source = {bool(o["fought"]) for o in outcomes.values()}
    assert by_source == {True, False}
    # each seat's report: the ships' sources are public, and so are the Gazette's
    for key in ("player_state", "observer_state"):
        report = steps[key]["report"]
        assert report["ships"] == gm["ships"], key
        for oid, o in {**report["gazette"], **(report["yours"] or {})}.items():
            assert o["fought"] == outcomes[oid]["fought"], (key, oid)
    # the words (a player's officer's line, the Gazette's): each says where his result
    # came from
    for o in outcomes.values():
        where = "(fought on the chart)" if o["fought"] else "(off the chart)"
        for private in (True, False):
            line = season.outcome_words(o, private)
            assert line.startswith(f"{o['rank']} {o['name']}: {where} "), line


def test_a_rolled_result_is_worded_off_the_chart_never_as_a_fight(
    played_summer: Summer,
) -> None:
    _, steps, _ = played_summer
    ships = steps["final"]["state"]["report"]["ships"]
    for code, ship in ships.items():
        order = ship["order"]
        fought_words = {rules.map_battle_result(fate, order)[1] for fate in MAP_FATES}
        if ship["fought"]:
            assert ship["interpretation"] in fought_words, code
            assert not ship["interpretation"].startswith(OFF_THE_CHART), code
        else:
            assert ship["interpretation"].startswith(OFF_THE_CHART), code
            assert ship["interpretation"] not in fought_words, code


def test_a_report_of_rules_5_replays_as_logged_without_sources(played_summer: Summer) -> None:
    """A version 5 log's summer was resolved before results were told fought or rolled: its
    report (no ``fought``, the book's words for a rolled result) stands as logged, and the
    page tells its ships by their ``preset``."""
    _, steps, _ = played_summer
    log = copy.deepcopy(steps["log"])
    log["events"][0]["data"]["rules"] = 5
    resolved = next(e for e in log["events"] if e["type"] == "resolve_summer")
    for ship in resolved["data"]["report"]["ships"].values():
        if not ship.pop("fought"):
            ship["interpretation"] = ship["interpretation"].removeprefix(OFF_THE_CHART)
    for o in resolved["data"]["report"]["outcomes"].values():
        del o["fought"]
    state, problems = game.replay(log)
    assert problems == []
    ships = state["report"]["ships"]
    assert ships == resolved["data"]["report"]["ships"]
    assert {s["preset"] for s in ships.values()} == {True, False}
    assert not any(s["interpretation"].startswith(OFF_THE_CHART) for s in ships.values())
