"""Real PostgreSQL and Redis servers on loopback ports, started and stopped by the tests."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.conftest import free_port

__all__ = ["postgres_server", "redis_server"]


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (scripts/test installs it)")
    return found[-1]


@contextmanager
def postgres_server() -> Iterator[str]:
    """A throw-away PostgreSQL cluster; yields its SQLAlchemy URL."""
    base = tempfile.mkdtemp(prefix="admiralty-pg-")
    os.chmod(base, 0o777)
    shutil.chown(base, "postgres", "postgres")
    port = free_port()
    run = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*run, _pg_bin("initdb"), "-N", "-D", f"{base}/data", "-U", "postgres", "--auth=trust"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [
            *run,
            _pg_bin("pg_ctl"),
            "-D",
            f"{base}/data",
            "-l",
            f"{base}/pg.log",
            "-w",
            "-o",
            f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*run, _pg_bin("pg_ctl"), "-D", f"{base}/data", "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


@contextmanager
def redis_server() -> Iterator[str]:
    """A throw-away Redis; yields its URL."""
    base = tempfile.mkdtemp(prefix="admiralty-redis-")
    port = free_port()
    subprocess.run(
        [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--daemonize",
            "yes",
            "--save",
            "",
            "--dir",
            base,
            "--pidfile",
            f"{base}/redis.pid",
        ],
        check=True,
        capture_output=True,
    )
    deadline = time.monotonic() + 20
    while (
        subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout.strip()
        != b"PONG"
    ):
        if time.monotonic() > deadline:
            raise RuntimeError("redis did not start")
        time.sleep(0.05)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)
