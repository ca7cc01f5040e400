"""``admiralty odds``: Monte Carlo odds of a ship-to-ship battle."""

from __future__ import annotations

import argparse
import json

from server.commands import battle_arguments

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "odds",
        help="battle odds by Monte Carlo (win / loss / escape rates)",
        description="Fight N battles between side A and side B with NPC "
        "captains and print the rates with 95% confidence intervals.",
    )
    battle_arguments(p)
    p.add_argument("-n", type=int, default=1000, help="number of battles (default 1000)")
    p.add_argument(
        "--chase", action="store_true", help="open every battle with a chase, side A hunting side B"
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from server.game import rules
    from server.web import runtime

    if args.n <= 0:
        raise ValueError("-n must be a positive number of battles")
    r = rules.battle_odds(
        args.a if len(args.a) > 1 else args.a[0],
        args.b if len(args.b) > 1 else args.b[0],
        n=args.n,
        seed=args.seed,
        chase=args.chase,
        weather=args.weather,
        precipitation=args.precipitation,
        policies={"a": args.policy_a, "b": args.policy_b},
        **runtime.battle_workers(),
    )
    if args.json:
        print(json.dumps(r))
        return 0
    print(
        f"{' + '.join(args.a)} (A) against {' + '.join(args.b)} (B), {r['n']} battles, "
        f"seed {r['seed']}{', with chase' if r['chase'] else ''}"
    )
    for key, label in (
        ("a_wins", "A wins"),
        ("b_wins", "B wins"),
        ("escaped", "escaped"),
        ("disengaged", "disengaged"),
    ):
        lo, hi = r["ci"][key]
        print(f"  {label:<11} {r[key]:6.1%}  (95% CI {lo:.1%} - {hi:.1%})")
    print(f"  mean rounds {r['mean_rounds']:.1f}")
    return 0
