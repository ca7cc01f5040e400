"""In-process cost of one accepted action: the server's write path, ms per act by kind.

Builds the app (``create_app``, a throw-away SQLite file as ``admiralty serve`` has by
default), opens one campaign with ``--seats`` seats (the GM, the two ministers, four
admirals, observers), and drives each kind of cheap action through what a socket's
``act`` does for a joined seat (:meth:`CampaignService.act` with the seat's token): the
token checked on the state the action is decided on, under the campaign's write turn,
logged, applied, each distinct view's payload
computed and emitted to its group. No socket is joined, so an emit costs one packet
encoding and no sending: the figures are the server's own work per act, which the load
benchmark (``benchmarks/bench_load.py``) sees beside the sockets' and the clients'.

Kinds: ``ready`` toggled by an admiral and ``say`` to all (in the cabinet), ``note`` by the
GM, ``advance days=1`` in a summer (forces moved, sightings, the GM's full picture).
Printed: ms per act (wall and CPU, best of ``--rounds``), beside the same measurement over
the code from before issue 29 in the same run (``benchmarks/peer.py``; ``--no-peer`` skips
it); ``--profile KIND`` prints cProfile's top functions for that kind instead (by CPU time:
the fsync waits left out).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_act.py [--acts 300] [--seats 10]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here

ROLES: list[dict[str, Any]] = [
    {"role": "prime-minister", "name": "Pitt"},
    {"role": "first-sea-lord", "name": "Barham"},
    {"role": "admiral", "squadron": "White", "name": "Cornwallis"},
    {"role": "admiral", "squadron": "Red", "name": "Calder"},
    {"role": "admiral", "squadron": "Blue", "name": "Nelson"},
    {"role": "admiral", "squadron": "Blockade", "name": "Collingwood"},
]


def _campaigns(app: Any) -> Any:
    """The app's campaign service, on this code and on the peer's (before issue 29 the
    app's services were keys of ``app.extensions``)."""
    try:
        from server.web.services import services
    except ImportError:
        return app.extensions["admiralty.campaigns"]
    return services(app).campaigns


class Table:
    """One campaign on an app of its own, its seats' ids and tokens."""

    def __init__(self, tmp: str, seats: int) -> None:
        from server.web.app import create_app

        # the benchmark opens campaigns faster than a visitor may
        os.environ.setdefault("ADMIRALTY_CAMPAIGN_RATE_LIMIT", "100000 per minute")
        self.app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.db", "TESTING": True})
        self.service = _campaigns(self.app)
        http = self.app.test_client()
        made = http.post("/api/campaigns", json={"seed": 1}).json
        self.id, gm = made["id"], made["token"]
        headers = {"Authorization": f"Bearer {gm}"}
        self.tokens = {"gm": gm}
        for k in range(seats - 1):
            body = ROLES[k] if k < len(ROLES) else {"role": "observer", "name": f"o{k}"}
            r = http.post(f"/api/campaigns/{self.id}/seats", json=body, headers=headers).json
            self.tokens[body.get("squadron") or body["name"]] = r["token"]
        self.seats = {
            who: self.service.authenticate(self.id, t)["id"] for who, t in self.tokens.items()
        }

    def act(self, who: str, args: dict[str, Any]) -> int:
        """What ``Sockets.act`` does for an accepted action of a joined seat (its token
        checked on the state the action is decided on)."""
        return int(self.service.act(self.id, self.seats[who], args, self.tokens[who]))


def _ready(table: Table, i: int) -> None:
    table.act("White", {"type": "ready", "ready": not i % 2})


def _say(table: Table, i: int) -> None:
    table.act("Red", {"type": "say", "to": "all", "text": f"message {i}"})


def _note(table: Table, i: int) -> None:
    table.act("gm", {"type": "note", "text": f"note {i}"})


def _advance(table: Table, i: int) -> None:
    table.act("gm", {"type": "advance", "days": 1})


#: kind -> (the phase it is played in, one act)
KINDS: dict[str, tuple[str, Callable[[Table, int], None]]] = {
    "ready": ("cabinet", _ready),
    "say": ("cabinet", _say),
    "note": ("cabinet", _note),
    "advance": ("summer", _advance),
}


def _table(tmp: str, seats: int, phase: str) -> Table:
    table = Table(tmp, seats)
    if phase == "summer":
        table.act("gm", {"type": "set_clock", "turn_days": 1, "turn_seconds": 86400})
        table.act("gm", {"type": "roll_force"})
    return table


def measure(kind: str, acts: int, seats: int, rounds: int) -> tuple[float, float]:
    """Best (wall, CPU) ms per act of ``kind`` over ``rounds`` runs of ``acts`` each; every
    run on a fresh campaign (an advance run stays within the summer)."""
    phase, one = KINDS[kind]
    if kind == "advance":
        acts = min(acts, 80)  # the summer has 92 days
    best_wall = best_cpu = float("inf")
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            table = _table(tmp, seats, phase)
            one(table, 0)  # warm: the state cached, the world loaded
            wall, cpu = time.perf_counter(), time.process_time()
            for i in range(1, acts + 1):
                one(table, i)
            best_wall = min(best_wall, (time.perf_counter() - wall) * 1000 / acts)
            best_cpu = min(best_cpu, (time.process_time() - cpu) * 1000 / acts)
    return best_wall, best_cpu


def profile(kind: str, acts: int, seats: int, top: int) -> None:
    phase, one = KINDS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        table = _table(tmp, seats, phase)
        one(table, 0)
        prof = cProfile.Profile(time.process_time)  # CPU: the commit's fsync left out
        prof.enable()
        for i in range(1, min(acts, 80 if kind == "advance" else acts) + 1):
            one(table, i)
        prof.disable()
    stats = pstats.Stats(prof).strip_dirs().sort_stats("cumulative")
    stats.print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=300, help="acts per run (default 300)")
    parser.add_argument("--seats", type=int, default=10, help="seats of the campaign (10)")
    parser.add_argument("--rounds", type=int, default=3, help="runs, the best kept (3)")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS))
    parser.add_argument("--profile", choices=list(KINDS), help="cProfile one kind instead")
    parser.add_argument("--top", type=int, default=30, help="functions the profile prints")
    parser.add_argument(
        "--gevent",
        action="store_true",
        help="patch the process as admiralty serve's worker is (a commit's fsync then runs "
        "in a thread of the OS: its wait is no longer in the CPU figure)",
    )
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    if args.gevent:
        from gevent import monkey

        monkey.patch_all()
    if args.profile:
        return profile(args.profile, args.acts, args.seats, args.top)
    now = {kind: measure(kind, args.acts, args.seats, args.rounds) for kind in args.kinds}
    if args.figures_json:
        return emit(now)
    argv = [f"--{k}={getattr(args, k)}" for k in ("acts", "seats", "rounds")]
    argv += ["--kinds", *args.kinds] + (["--gevent"] if args.gevent else [])
    before = None if args.no_peer else peer_figures(__file__, argv)
    mode = "gevent" if args.gevent else "threads"
    print(f"seats: {args.seats}, acts per run: {args.acts}, best of {args.rounds}, {mode}")
    print(
        f"{'kind':<10}{'wall ms/act':>12}{'cpu ms/act':>12}"
        + ("" if before is None else f"   before (commit {BASE}): wall, cpu")
    )
    for kind, (wall, cpu) in now.items():
        was = "" if before is None else f"{before[kind][0]:>15.3f}{before[kind][1]:>12.3f}"
        print(f"{kind:<10}{wall:>12.3f}{cpu:>12.3f}{was}")


if __name__ == "__main__":
    main()
