"""``admiralty battle``: fight one ship-to-ship battle and print its log."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from server.commands import battle_arguments

__all__ = ["register", "run", "describe"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "battle",
        help="fight a ship-to-ship battle (Beat to Quarters rules)",
        description="Fight one battle between side A and side B with NPC "
        "captains and print a round-by-round log (or JSON events and outcome).",
    )
    battle_arguments(p)
    p.add_argument("--distance", type=int, help="starting distance 0-5 (default: Awareness test)")
    p.add_argument("--chase", action="store_true", help="open with a chase, side A hunting side B")
    p.add_argument("--json", action="store_true", help="print the events and outcome as JSON")
    p.set_defaults(func=run)


def _cards(cards: list[str]) -> str:
    return " ".join(cards) if cards else "-"


def _test(e: dict[str, Any]) -> str:
    if "sides" in e:
        sides = "; ".join(
            f"{s['who']} {s['pool']} cards [{_cards(s['cards'])}] "
            f"P{s['perfect']} C{s['critical']} O{s['ordinary']}"
            for s in e["sides"]
        )
        return f"  {e['what']} test, CoF {e.get('cof', '-')}: {sides} -> {e['winner']}"
    return (
        f"  {e['ship']} {e['what']}: CoF {e['cof']}, {e['pool']} cards "
        f"[{_cards(e['cards'])}] -> {e['result']}"
    )


def _decision(e: dict[str, Any]) -> str | None:
    if not e["round"]:
        return None
    o = e["orders"]
    if o.get("strike"):
        return f"  {e['ship']} strikes her colours"
    if "surrender" in o:
        return f"  {e['ship']} {'surrenders' if o['surrender'] else 'fights on'}"
    if "move" in o:
        extra = f", repair {o['repair']}" if o.get("repair") else ""
        return f"  {e['ship']} orders: {o['move']}, {o.get('shot', 'roundshot')}{extra}"
    return None


def _move(e: dict[str, Any]) -> str:
    if "before" in e:
        return f"  {e['by']} ({e['intent']}): distance {e['before']} -> {e['distance']}"
    return f"  {e['by']} holds at distance {e['distance']}"


def _broadside(e: dict[str, Any]) -> str:
    hits = ", ".join(f"{h['card']} {h['level']}" for h in e["hits"]) or "no hits"
    return (
        f"  {e['ship']} fires {e['shot']} at {e['target']}: CoF {e['cof']}, "
        f"{e['pool']} cards [{_cards(e['cards'])}]: {hits}"
    )


def _remark(e: dict[str, Any]) -> str:
    rest = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "round"))
    return f"  {e['type'].replace('_', ' ')}: {rest}"


def _fate(e: dict[str, Any]) -> str:
    return f"  {e['ship']} {e['name']}: {e['type'].upper()}"


Line = Callable[[dict[str, Any]], "str | None"]
_LINES: dict[str, Line] = {
    "conditions": lambda e: (
        f"Weather: {e['weather']}"
        + (
            f", {e['precipitation']} (every test {e['modifier']:+d})"
            if "precipitation" in e
            else ""
        )
        + ". Ships: "
        + ", ".join(f"{s['id']} {s['name']}" for s in e["ships"])
    ),
    "distance": lambda e: f"Starting distance {e['distance']}",
    "chase": lambda e: f"Chase: {e['result']}",
    "test": _test,
    "decision": _decision,
    "move": _move,
    "broadside": _broadside,
    "hit": lambda e: (
        f"    {e['ship']} {e['area']}: {e['level']} hit, "
        f"{e['crossed'] or 'nothing left to cross'} box crossed"
    ),
    "damage_state": lambda e: f"    {e['ship']} {e['area']} is now {e['state'].upper()}",
    "repair": lambda e: f"  {e['ship']} repairs a {e['level']} box of {e['area']}",
    "fire": lambda e: f"  {e['ship']} fire: {e['before']} -> {e['after']} ({e['result']})",
    **dict.fromkeys(("sunk", "struck", "taken", "decimated", "escaped"), _fate),
    **dict.fromkeys(
        ("boarding", "tide_turned"), lambda e: f"  {e['attacker']} boards {e['defender']}"
    ),
    **dict.fromkeys(
        (
            "weather_gage",
            "cannot_fire",
            "cannot_act",
            "cannot_position",
            "disengage",
            "fire_damage",
            "shot_changed",
            "wounded",
        ),
        _remark,
    ),
}


def describe(e: dict[str, Any]) -> str | None:
    """One readable line for an event (None for events the log leaves out)."""
    line = _LINES.get(e["type"])
    return line(e) if line else None


def run(args: argparse.Namespace) -> int:
    from server.game import rules

    result = rules.fight_battle(
        args.a if len(args.a) > 1 else args.a[0],
        args.b if len(args.b) > 1 else args.b[0],
        seed=args.seed,
        weather=args.weather,
        precipitation=args.precipitation,
        policies={"a": args.policy_a, "b": args.policy_b},
        distance=args.distance,
        chase=args.chase or None,
    )
    if args.json:
        print(json.dumps(result))
        return 0
    current = -1
    for e in result["events"]:
        if e["round"] != current and e["round"] > 0:
            current = e["round"]
            print(f"Round {current}")
        line = describe(e)
        if line:
            print(line)
    o = result["outcome"]
    fates = "; ".join(
        f"{k}: {', '.join(v)}"
        for k, v in o.items()
        if k in ("sunk", "struck", "taken", "decimated", "escaped") and v
    )
    print(f"Outcome: {o['how']} after {o['rounds']} rounds" + (f" ({fates})" if fates else ""))
    return 0
