"""Real PostgreSQL and Redis servers on loopback ports, started and stopped by the tests
(and stopped and started again on the same port and data, for the outage tests)."""

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

__all__ = ["Postgres", "Redis", "postgres_server", "redis_server"]


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (scripts/test installs it)")
    return found[-1]


class Postgres:
    """A throw-away PostgreSQL cluster on a free port: ``url`` its SQLAlchemy URL;
    :meth:`stop` (as a crash: ``immediate``) and :meth:`start` again keep its data."""

    RUN = ("runuser", "-u", "postgres", "--")

    def __init__(self) -> None:
        self.base = tempfile.mkdtemp(prefix="admiralty-pg-")
        os.chmod(self.base, 0o777)
        shutil.chown(self.base, "postgres", "postgres")
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        subprocess.run(
            [*self.RUN, _pg_bin("initdb"), "-N", "-D", f"{self.base}/data", "-U", "postgres"]
            + ["--auth=trust"],
            check=True,
            capture_output=True,
        )

    def _ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run(
            [*self.RUN, _pg_bin("pg_ctl"), "-D", f"{self.base}/data", *args],
            check=check,
            capture_output=True,
        )

    def start(self) -> Postgres:
        options = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._ctl("-l", f"{self.base}/pg.log", "-w", "-o", options, "start")
        return self

    def stop(self) -> None:
        self._ctl("-m", "immediate", "-w", "stop", check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


class Redis:
    """A throw-away Redis on a free port (nothing saved): ``url``; :meth:`stop` and
    :meth:`start` again on the same port."""

    def __init__(self) -> None:
        self.base = tempfile.mkdtemp(prefix="admiralty-redis-")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def _cli(self, *args: str) -> bytes:
        return subprocess.run(
            ["redis-cli", "-p", str(self.port), *args], capture_output=True
        ).stdout.strip()

    def start(self) -> Redis:
        subprocess.run(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--daemonize", "yes", "--save", "", "--dir", self.base]
            + ["--pidfile", f"{self.base}/redis.pid"],
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 20
        while self._cli("ping") != b"PONG":
            if time.monotonic() > deadline:
                raise RuntimeError("redis did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self._cli("shutdown", "nosave")

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[str]:
    """A throw-away PostgreSQL cluster; yields its SQLAlchemy URL."""
    server = Postgres()
    try:
        yield server.start().url
    finally:
        server.remove()


@contextmanager
def redis_server() -> Iterator[str]:
    """A throw-away Redis; yields its URL."""
    server = Redis()
    try:
        yield server.start().url
    finally:
        server.remove()
