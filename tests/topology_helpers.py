"""Helpers for the multi-process topology (tests/test_topology.py): processes opening one
fresh database at the same moment, ``admiralty serve`` processes that can be SIGKILLed with
their workers, Debian's nginx in front of them, and seat clients that reconnect through it
and catch up with ``join {since}``.
"""

from __future__ import annotations

import multiprocessing
import traceback
from typing import Any

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

__all__ = [
    "create_database",
    "head_revision",
    "open_together",
    "schema_versions",
]

WAIT = 15.0  # seconds a step may take before the test gives up (not a speed target)


# -- the schema upgrade under a lock --------------------------------------------------------


def _open_at_barrier(url: str, barrier: Any, results: Any) -> None:
    """One process of :func:`open_together`: open the store the moment all are ready."""
    try:
        from server.web.storage import open_store

        barrier.wait(WAIT)
        open_store(url).engine.dispose()
        results.put("ok")
    except BaseException:  # the report is the point: every failure goes back to the test
        results.put(traceback.format_exc())


def open_together(url: str, n: int) -> list[str]:
    """``open_store(url)`` in ``n`` fresh processes released by one barrier: each one's
    "ok" or traceback."""
    # forked from a fresh server process that imported this module once: nothing of the
    # test process (its threads, its connections) is inherited, and each trial starts fast
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([__name__, "server.web.storage"])
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=_open_at_barrier, args=(url, barrier, results)) for _ in range(n)]
    for p in procs:
        p.start()
    try:
        return [results.get(timeout=4 * WAIT) for _ in procs]
    finally:
        for p in procs:
            p.join(WAIT)
            if p.is_alive():
                p.kill()


def head_revision() -> str:
    """The head of the project's Alembic history."""
    from server.web.storage import _alembic_config

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head
    return head


def _engine_url(url: str) -> str:
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


def schema_versions(url: str) -> list[str]:
    """Every row of ``alembic_version`` at ``url``."""
    engine = create_engine(_engine_url(url))
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.execute(text("SELECT version_num FROM alembic_version"))]
    finally:
        engine.dispose()


def create_database(server_url: str, name: str) -> str:
    """A new, empty database ``name`` on the PostgreSQL server of ``server_url``: its URL."""
    engine = create_engine(_engine_url(server_url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return server_url.rsplit("/", 1)[0] + "/" + name
