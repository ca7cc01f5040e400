"""A restart with a 10,000-event campaign: seconds from ``admiralty serve`` starting to
``/healthz`` saying ready and to the campaign's state answered (issue 16, item 4: 3 s or
less), with state snapshots and, beside it, without them (the whole log replayed).

Builds the campaign in-process first (the cabinet, the roll, the squadrons deployed and
sailed, then the table's traffic: readies, notes, deadlines a year ahead, pauses), then
starts the real server on it, twice each way; prints the best and the worst, beside the
same measurement over the code from before issue 29 (``benchmarks/peer.py``).
Run: python benchmarks/bench_restart.py [--events 10000] [--no-peer]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from tests.conftest import USHANT, LiveServer  # noqa: E402
from tests.server_helpers import Game, new_app  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here

TARGET_S = 3.0


def build(tmp: Path, events: int) -> tuple[str, str]:
    """The campaign, written through the service as the server would; (id, GM token)."""
    app = new_app(tmp, "admiralty.db")
    game = Game.new(app, seed=918273645)
    gm = game.gm()
    pm = game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord").act("set_deployment", digit=5)
    pm.act("set_ships", digit=3)
    red = game.add("red", "admiral", squadron="Red")
    assert gm.act("roll_force")["ok"]
    assert red.act("deploy", squadron="Red", patrol=USHANT)["ok"]
    seq = 0
    i = 0
    # the deadlines set lie ahead of the clock (next year), so that no turn falls due: a
    # deadline gone by would have the server play the campaign's summers out
    year = dt.datetime.now(dt.UTC).year + 1
    while seq < events:
        step = i % 4
        if step == 0:
            ack = pm.act("ready")
        elif step == 1:
            ack = gm.act("note", text=f"note {i}")
        elif step == 2:
            ack = gm.act("set_deadline", deadline=f"{year}-{6 + i % 3:02d}-01T12:00:00Z")
        else:
            ack = gm.act("pause" if i % 8 == 3 else "resume")
        assert ack["ok"], ack
        seq = ack["seq"]
        i += 1
        game.drain()
    return game.id, game.gm_token


def restart(tmp: Path, cid: str, token: str) -> tuple[float, float]:
    """Seconds to ready, and to the state answered, from the process's start."""
    start = time.perf_counter()
    server = LiveServer(tmp).start()
    ready = time.perf_counter() - start
    r = requests.get(
        f"{server.url}/api/campaigns/{cid}/state",
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )
    r.raise_for_status()
    answered = time.perf_counter() - start
    server.kill()
    return ready, answered


def measure(events: int) -> dict[str, Any]:
    """The campaign built, then restarted twice with snapshots and twice without: the
    seconds to build, and each way's [ready, answered] runs."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        t = time.perf_counter()
        cid, token = build(tmp, events)
        built = time.perf_counter() - t
        restart(tmp, cid, token)  # the first start builds the map's layers cache
        snapped = [restart(tmp, cid, token) for _ in range(2)]
        from server.web.storage import open_store

        open_store(f"sqlite:///{tmp / 'admiralty.db'}").drop_snapshots(cid)
        whole = [restart(tmp, cid, token) for _ in range(2)]
    return {"built": built, "with snapshots": snapped, "whole log, no snapshot": whole}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    now = measure(args.events)
    if args.figures_json:
        emit(now)
        return
    before = None if args.no_peer else peer_figures(__file__, ["--events", str(args.events)])
    for code, figures in (("now", now), (f"before (commit {BASE})", before)):
        if figures is None:
            continue
        print(f"{code}: built a {args.events:,}-event campaign in {figures['built']:.1f} s")
        for label in ("with snapshots", "whole log, no snapshot"):
            runs = figures[label]
            best, worst = min(r[1] for r in runs), max(r[1] for r in runs)
            verdict = "met" if best <= TARGET_S else "NOT met"
            print(
                f"  restart, {label}: ready in {min(r[0] for r in runs):.2f} s, the "
                f"campaign's state answered in {best:.2f} s best, {worst:.2f} s worst "
                f"(target {TARGET_S:g} s: {verdict})"
            )


if __name__ == "__main__":
    main()
