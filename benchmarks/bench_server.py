"""Live-server figures: how fast an action reaches the other seats, and actions per second.

Starts ``admiralty serve`` on a free loopback port with a throw-away SQLite file, seats
several admirals and observers with python-socketio clients, and prints the latency from
one seat's ``act`` to another seat's ``event`` (median, 95th percentile, worst) and the
campaign's throughput of accepted actions; beside them the same measurement over the code
from before issue 29, its server started in the same run (``benchmarks/peer.py``).
Run: python benchmarks/bench_server.py [--seats 8] [--no-peer]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests
import socketio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.peer import BASE, FIGURES_FLAG, emit, peer_figures  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402
from tests.topology_helpers import on_events  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=8, help="observers watching (default 8)")
    parser.add_argument("--actions", type=int, default=200, help="timed actions (default 200)")
    parser.add_argument("--no-peer", action="store_true", help="skip the code before issue 29")
    parser.add_argument(FIGURES_FLAG, dest="figures_json", action="store_true", help="internal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp)).start()
        try:
            now = run(server.url, args.seats, args.actions)
        finally:
            server.stop()
    if args.figures_json:
        return emit(now)
    argv = ["--seats", str(args.seats), "--actions", str(args.actions)]
    before = None if args.no_peer else peer_figures(__file__, argv)
    print(f"seats watching: {args.seats}, actions: {args.actions}, transport: {now['transport']}")
    for code, f in (("now", now), (f"before (commit {BASE})", before)):
        if f is None:
            continue
        print(
            f"{code}: act -> other seat's event: median {f['median']:.1f} ms, "
            f"p95 {f['p95']:.1f} ms, worst {f['worst']:.1f} ms; accepted actions per second "
            f"(one actor, committed and broadcast): {f['rate']:.0f}"
        )


def run(url: str, watchers: int, actions: int) -> dict[str, Any]:
    r = requests.post(url + "/api/campaigns", json={"seed": 1}, timeout=10).json()
    cid, gm = r["id"], r["token"]

    def seat(**body) -> str:
        return requests.post(
            f"{url}/api/campaigns/{cid}/seats",
            json=body,
            timeout=10,
            headers={"Authorization": f"Bearer {gm}"},
        ).json()["token"]

    arrived: dict[int, float] = {}
    got_all = threading.Condition()
    clients = []
    for i in range(watchers):
        sio = socketio.Client()
        sio.connect(url, wait_timeout=10)
        sio.call("join", {"campaign": cid, "token": seat(role="observer", name=f"o{i}")})
        clients.append(sio)
    watcher = clients[0]

    def on_event(event) -> None:
        with got_all:
            arrived[event["seq"]] = time.perf_counter()
            got_all.notify_all()

    on_events(watcher, on_event)
    actor = socketio.Client()
    actor.connect(url, wait_timeout=10)
    transport = actor.transport()
    actor.call("join", {"campaign": cid, "token": seat(role="admiral", squadron="White")})
    latencies = []
    start = time.perf_counter()
    for i in range(actions):
        sent = time.perf_counter()
        seq = actor.call("act", {"type": "ready", "ready": bool(i % 2)})["seq"]
        with got_all:
            got_all.wait_for(lambda seq=seq: seq in arrived, timeout=10)
        latencies.append((arrived[seq] - sent) * 1000)
    elapsed = time.perf_counter() - start
    latencies.sort()
    for sio in [*clients, actor]:
        sio.disconnect()
    return {
        "transport": transport,
        "median": statistics.median(latencies),
        "p95": latencies[int(0.95 * len(latencies)) - 1],
        "worst": latencies[-1],
        "rate": actions / elapsed,
    }


if __name__ == "__main__":
    main()
