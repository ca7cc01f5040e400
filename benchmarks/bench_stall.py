"""``/healthz`` latency while the process works (issue 30, item 2: within 100 ms), beside
the same figure with no load: during a player's catch-up of a long campaign (every page of
``GET .../events?since=1``, as the page follows them) and during a twelve-stop voyage of
far-apart places (``GET /api/voyage``).

Builds the campaign in-process first (a summer advanced day by day with the table's
traffic between: :func:`tests.server_helpers.long_campaign`), then starts the real server
(``admiralty serve``, gevent) on it and asks ``/healthz`` every 20 ms meanwhile, from a
process of its own.
Run: python benchmarks/bench_stall.py [--events 1000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from server.web.services import services

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.conftest import LiveServer  # noqa: E402
from tests.server_helpers import long_campaign, new_app  # noqa: E402
from tests.test_server_stall import FAR_STOPS  # noqa: E402

#: before issue 30: the loop held for the whole request
BEFORE = "5.5 s during a 6.1 MB catch-up, 4-6 s during a 12-stop voyage"
TARGET_MS = 100.0


def _ask(url: str, done: Any, latencies: Any) -> None:
    """``/healthz`` every 20 ms until ``done``, each latency (ms) put in ``latencies``."""
    while not done.is_set():
        start = time.perf_counter()
        requests.get(url + "/healthz", timeout=60).raise_for_status()
        latencies.put((time.perf_counter() - start) * 1000)
        time.sleep(0.02)


def _healthz_while(url: str, work: Callable[[], str]) -> tuple[list[float], str]:
    """``/healthz``'s latencies (ms) asked every 20 ms while ``work()`` runs, and what
    ``work`` says of itself. The asking is another process's: the work's own decoding here
    does not delay it."""
    context = multiprocessing.get_context("spawn")
    done, latencies = context.Event(), context.Queue()
    asker = context.Process(target=_ask, args=(url, done, latencies))
    asker.start()
    while latencies.empty():  # asking already
        time.sleep(0.01)
    try:
        said = work()
    finally:
        done.set()
        asker.join()
    got = []
    while not latencies.empty():
        got.append(latencies.get())
    return got, said


def _catch_up(url: str, cid: str, token: str) -> Callable[[], str]:
    def work() -> str:
        start, since, more, pages, size = time.perf_counter(), 1, True, 0, 0
        while more:
            r = requests.get(
                f"{url}/api/campaigns/{cid}/events?since={since}",
                headers={"Authorization": f"Bearer {token}"},
                timeout=120,
            )
            r.raise_for_status()
            body = r.json()
            since, more, pages, size = body["next"], body["more"], pages + 1, size + len(r.content)
        took = time.perf_counter() - start
        return f"{pages} pages, {size / 1e6:.1f} MB in {took:.1f} s"

    return work


def _voyage(url: str) -> Callable[[], str]:
    def work() -> str:
        start = time.perf_counter()
        query = "&".join(f"stop={s}" for s in FAR_STOPS)
        requests.get(f"{url}/api/voyage?{query}", timeout=120).raise_for_status()
        return f"{len(FAR_STOPS)} stops in {time.perf_counter() - start:.1f} s"

    return work


def _idle(seconds: float) -> Callable[[], str]:
    def work() -> str:
        time.sleep(seconds)
        return f"{seconds:g} s idle"

    return work


def _line(name: str, latencies: list[float], said: str) -> str:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{name:<18} p50 {statistics.median(ordered):7.1f}  p99 {p99:7.1f}  "
        f"max {ordered[-1]:7.1f}  (n={len(ordered)}; {said})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        start = time.perf_counter()
        app = new_app(tmp, "admiralty.db")
        game, red = long_campaign(app, args.events)
        services(app).store.engine.dispose()
        print(f"built {args.events} events in {time.perf_counter() - start:.0f} s")
        server = LiveServer(tmp).start()
        try:
            _voyage(server.url)()  # the routes warmed, as a server long up has them
            time.sleep(5)  # the warm-up's last work (the snapshots checked) done
            print("/healthz latency (ms):")
            for name, work in (
                ("no load", _idle(3.0)),
                ("during catch-up", _catch_up(server.url, game.id, red)),
                ("during voyage", _voyage(server.url)),
            ):
                print(_line(name, *_healthz_while(server.url, work)))
        finally:
            server.stop()
    print(f"target: within {TARGET_MS:g} ms; before issue 30: {BEFORE}")


if __name__ == "__main__":
    main()
