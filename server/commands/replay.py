"""``admiralty replay <file>``: rebuild a campaign from its exported log and check it."""

from __future__ import annotations

import argparse
import json
import sys

from server.commands import UsageError

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="rebuild a campaign from its log and check it",
        description="Rebuild a campaign from the JSON that GET "
        "/api/campaigns/<id>/log exports, deciding every action "
        "again from its seed under the rules version it was played with "
        "(an older log upgraded, a newer one refused); exit 1 if anything differs.",
    )
    p.add_argument("file", help="the exported log (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print the rebuilt state as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from server.game import replay
    from server.game.replay import rules_version

    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        log = json.loads(text)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{args.file} is not JSON: {exc.msg} at line {exc.lineno}") from None
    state, problems = replay(log)
    if args.json:
        print(json.dumps({"state": state, "problems": problems}, indent=2, sort_keys=True))
    else:
        c, version = state["campaign"], rules_version(log)
        print(
            f"{c['name']} ({c['id']}), seed {c['seed']}, rules version {version}: "
            f"{len(log['events'])} events"
        )
        print(
            f"phase {state['phase']}, day {state['day']}, {len(state['seats'])} seats, "
            f"{len(state['forces'])} forces, {len(state['engagements'])} engagements"
        )
        for problem in problems:
            print(f"PROBLEM: {problem}")
        print(
            "log checks out: every action decides the same again"
            if not problems
            else f"{len(problems)} problem(s)"
        )
    return 1 if problems else 0
