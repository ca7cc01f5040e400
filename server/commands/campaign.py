"""``admiralty campaign``: play one summer campaign of Briny En Garde! and print it."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["register", "render", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "campaign",
        help="resolve a summer campaign (Briny En Garde!) and print it",
        description="Resolve one summer campaign: Force Organisation (Table F), battle "
        "results down the chain of command, personal outcomes, investment returns. "
        "Without --roll the Prime Minister's and First Sea Lord's digits are the given "
        "--pm/--fsl or rolled for NPCs; every berth is filled with NPC officers.",
    )
    p.add_argument(
        "--roll",
        type=int,
        metavar="NN",
        help="Table F roll 11..76 (number digit, deployment digit), e.g. 35",
    )
    p.add_argument(
        "--pm",
        type=int,
        metavar="D",
        help="the Prime Minister's number digit 1..7 (7: the whole fleet); rolled if absent",
    )
    p.add_argument(
        "--fsl",
        type=int,
        metavar="D",
        help="the First Sea Lord's deployment digit 1..6; rolled if absent",
    )
    p.add_argument(
        "--preset",
        action="append",
        default=[],
        metavar="SHIP=BR",
        help="a battle result already earned on the map, e.g. FG=2 (repeatable)",
    )
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the full report as JSON")
    p.set_defaults(func=run)


def _preset(items: list[str]) -> dict[str, int]:
    out = {}
    for item in items:
        code, sep, value = item.partition("=")
        if not sep or not value.strip().isdigit():
            raise ValueError(f"--preset takes SHIP=BR, e.g. FG=2, not {item!r}")
        out[code.strip().upper()] = int(value)
    return out


def run(args: argparse.Namespace) -> int:
    from server.game import rules

    if args.roll is not None and (args.pm is not None or args.fsl is not None):
        # ValueError, not UsageError: under `python -m server.cli` that class is __main__'s
        raise ValueError("give either --roll or --pm/--fsl, not both")
    choices: dict[str, Any] = {"preset": _preset(args.preset)}
    if args.roll is not None:
        choices["roll"] = args.roll
    else:
        choices["pm"] = args.pm
        choices["fsl"] = args.fsl
    report = rules.resolve_summer(None, None, args.seed, choices)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(render(report))
    return 0


def _ship_name(code: str) -> str:
    from server.game import rules

    return rules.briny_ship(code)["name"]


def _heading(report: Mapping[str, Any]) -> list[str]:
    """The roll, and how the cabinet came to it."""
    plan = report.get("commitment") or {}
    how = []
    if not plan.get("given"):
        pm, fsl = plan.get("prime_minister", {}), plan.get("first_sea_lord", {})
        how.append(f"Prime Minister ({pm.get('seat')}) {pm.get('digit')}")
        if plan.get("column") not in (None, pm.get("digit")):
            how.append(f"influenced to {plan.get('ships')} ships, column {plan['column']}")
        how.append(f"First Sea Lord ({fsl.get('seat')}) {fsl.get('digit')}")
    return [
        f"Summer campaign, seed {report['seed']}: Table F roll {report['roll']}"
        + (f" ({'; '.join(how)})" if how else "")
    ]


def _deployment(report: Mapping[str, Any]) -> list[str]:
    from server.game import rules

    lines, current = ["", "Deployment"], None
    for d in report["deployment"]:
        if d["fleet"] != current:
            current = d["fleet"]
            lines.append(f"  {current}")
        lines.append(
            f"    {d['squadron'] or '(none)':9} {_ship_name(d['ship']):16} {d['ship']} "
            f"{rules.ORDER_WORDS[d['order']]}"
        )
    return lines


def _battle_results(report: Mapping[str, Any]) -> list[str]:
    lines = ["", "Battle results (NA -> effective NA, die -> result)"]
    for r in report["battle_results"]:
        if r["role"] in ("lieutenant", "rm_commander"):
            continue
        if "preset" in r:
            lines.append(f"  {r['role']:18} {r['officer']:14} preset {r['result']}")
            continue
        lines.append(
            f"  {r['role']:18} {r['officer']:14} NA {r['na']} -> {r['effective_na']}, "
            f"die {r['modified_die']} -> {r['result']}"
        )
    lines += ["", "Ships"]
    for s in report["ships"].values():
        lines.append(
            f"  {s['name']:16} {s['order']} BR {s['battle_result']}: {s['interpretation']}"
        )
    invaded = report["invasion"]["invaded"]
    lines += [
        "",
        "BRITAIN IS INVADED by Napoleon's Grand Army!"
        if invaded
        else "Britain is safe from invasion.",
    ]
    return lines


def _outcomes(report: Mapping[str, Any]) -> list[str]:
    outcomes = report["personal_outcomes"]
    dead = [o["officer"] for o in outcomes if o["dead"]]
    wounded = [
        f"{o['officer']} ({o['nelson_touch']['wound']})"
        for o in outcomes
        if o.get("nelson_touch", {}).get("wounded")
    ]
    mids = [o["officer"] for o in outcomes if o["mids"]]
    plunder = sum(o["guineas"] for o in outcomes)
    lines = [
        "",
        f"Personal outcomes: {len(outcomes)} officers, {len(dead)} killed, "
        f"{len(wounded)} wounded, {len(mids)} mentioned in despatches, "
        f"{plunder} guineas of plunder",
    ]
    if dead:
        lines.append("  Killed: " + ", ".join(dead))
    if wounded:
        lines.append("  Wounded: " + "; ".join(wounded))
    return lines + _careers(report)


def _careers(report: Mapping[str, Any]) -> list[str]:
    """Promotions, experience, courts-martial and resignations."""
    lines = [
        f"  Promoted: {p['officer']} {p['from']} -> {p['to']}"
        + (f" ({_ship_name(p['ship'])})" if p["ship"] else "")
        for p in report["promotions"]
    ]
    lines += [
        f"  Experience: {e['officer']} NA {e['na_before']} -> {e['na_after']}"
        for e in report["experience"]
        if e["na_after"] != e["na_before"]
    ]
    lines += [f"  Court-martial: {c['officer']} ({c['reason']})" for c in report["courts_martial"]]
    lines += [f"  Resigns: {c['officer']} ({c['reason']})" for c in report["resignations"]]
    return lines


def _investment(report: Mapping[str, Any]) -> list[str]:
    money = report["investment"]
    commerce = (
        f"; average result {money['average']:.2f}: Commerce {money['commerce']:+d}%"
        if "commerce" in money
        else ""
    )
    return [
        "",
        f"Investment: {money['ships_sent']} ships sent: Arms {money['arms']:+d}%, "
        f"Finance {money['finance']:+d}%{commerce}",
    ]


def render(report: Mapping[str, Any]) -> str:
    """The season as text: deployment, battle results, outcomes, investments."""
    sections = (_heading, _deployment, _battle_results, _outcomes, _investment)
    return "\n".join(line for section in sections for line in section(report))
