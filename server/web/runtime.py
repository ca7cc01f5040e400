"""What one server process holds for the game, beside its campaigns: whether it is ready,
the world, built once and completely before anything reads it, and the worker processes
that fight an odds preview's battles (handed to :func:`server.game.rules.battle_odds`).

Why no lock guards the world (issue 30): ``admiralty serve`` builds the world in a thread
of the OS (off gevent's event loop) while its green threads answer. A lock shared by that
thread and the green threads, held by an act that also held its campaign's lock and
database write turn, while the warm-up waited for that campaign's lock, froze the process
and, through the write turn, its campaign on every other process. There is no such lock
now, and nothing that could wait on one:

- the warm-up builds every piece of the world that is built lazily (:func:`build_world`:
  the world, its routing warmed, the ports, stations, blockade zones and winds; the map's
  layers), in that thread, taking no campaign's lock, and only then loads the recent
  campaigns and says ready; after that the thread does no more of the world's work, and
  the world is only read (what routing still builds for another ship or month it builds
  under the :mod:`maps` package's own locks, which its holder never leaves to wait on
  anything of the server's);
- until then the process refuses every act, join and request that would read a campaign
  or the world (:func:`not_ready`): no green thread takes a campaign's lock or write turn,
  or touches the world, before the warm-up is done with both.

An app that is not warmed up (tests, ``WARM_UP`` off) is ready at once and builds the
world at its first request that may read it (:func:`ensure_world`), before the request
takes any campaign's lock.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from server.game import rules
from server.web.errors import RETRY_AFTER, retry_later

__all__ = ["RETRY_AFTER", "battle_workers", "build_world", "ensure_world", "not_ready"]

_built = threading.Event()
_building = threading.Lock()  # held only while building: its holder waits on nothing else


def build_world() -> None:
    """Build the world completely (:func:`server.game.rules.build_world`), once a process;
    a second caller waits for the first."""
    if _built.is_set():
        return
    with _building:
        if not _built.is_set():
            rules.build_world()
            _built.set()


def ensure_world() -> None:
    """The world built before a request reads it: nothing to do once built (the ready
    process's case: no lock taken)."""
    if not _built.is_set():
        build_world()


def not_ready() -> dict[str, Any]:
    """The one refusal of a process that is not ready yet: retryable after
    :data:`RETRY_AFTER` seconds."""
    return retry_later("this server is starting up")


@cache
def _battle_pool() -> tuple[ProcessPoolExecutor, int] | None:
    """The worker processes that fight an odds preview's battles side by side, one per
    core (None on one core); started on the first preview, kept for the next ones."""
    cores = len(os.sched_getaffinity(0))
    if cores < 2:
        return None
    # spawned, not forked: the server's threads (and their locks) stay out of the workers
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        cores, mp_context=context, initializer=_leave_with, initargs=(os.getpid(),)
    )
    return pool, cores


def _leave_with(server: int) -> None:
    """In a battle worker: end when the server process is gone, however it ended (a killed
    server runs no clean-up, and its workers would wait for work for ever)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


def battle_workers() -> dict[str, Any]:
    """The options that hand this process's battle workers to
    :func:`server.game.rules.battle_odds`: ``mapper`` and ``width`` (two runs a worker at a
    time: one worker's short battles do not leave it idle while the other finishes a long
    run; measured: 0.54 s against 0.63 s for one run each); none on one core."""
    workers = _battle_pool()
    if workers is None:
        return {}
    pool, cores = workers
    return {"mapper": pool.map, "width": 2 * cores}
