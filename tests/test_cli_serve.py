"""``admiralty serve`` refuses bad start-up input before serving: one line on stderr, no
traceback, exit 2 (issue 30, item 10): a bad database URL, an unreachable database, a busy
port, a timeout or a knob out of range, given as an option or in the environment. The
operator's knobs are settings: read from ``ADMIRALTY_*``, an option over its variable."""

from __future__ import annotations

import json
import os
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.conftest import ADMIRALTY, LiveServer, free_port

#: a refusal comes at once, but the machine is shared: no speed target, only a bound
REFUSED_WITHIN = 180.0
#: the environment of every run: the operator's own settings left out
CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith("ADMIRALTY_")}


def _serve(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*ADMIRALTY, "serve", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=REFUSED_WITHIN,
        env={**CLEAN_ENV, **(env or {})},
    )


def _refused(done: subprocess.CompletedProcess, *said: str) -> str:
    """The one line ``serve`` refused with: exit 2, nothing else written, no traceback,
    nothing served; each of ``said`` in it."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert line.startswith("admiralty serve: error: "), line
    assert "Traceback" not in line and "serving on" not in line
    for words in said:
        assert words in line, (words, line)
    return line


@contextmanager
def _taken_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


#: options out of range, and what their refusal names
BAD_OPTIONS = [
    (["--read-timeout", "-1"], ["--read-timeout", "greater than 0"]),
    (["--read-timeout", "0"], ["--read-timeout", "greater than 0"]),
    (["--read-timeout", "nan"], ["--read-timeout"]),
    (["--graceful-timeout", "0"], ["--graceful-timeout"]),
    (["--worker-timeout", "-5"], ["--worker-timeout"]),
    (["--worker-connections", "0"], ["--worker-connections"]),
    (["--port", "70000"], ["--port"]),
    (["--log-format", "xml"], ["--log-format", "'text' or 'json'"]),
    (["--log-level", "loud"], ["--log-level"]),
    (["--database", "nonsense"], ["--database", "not a database URL"]),
    (["--database", "nosuchdb://host/db"], ["--database", "nosuchdb"]),
    (["--database", "sqlite:////no/such/folder/a.db"], ["--database", "/no/such/folder"]),
]


@pytest.mark.parametrize(("args", "said"), BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_bad_options_are_one_line_and_exit_2(tmp_path: Path, args: list[str], said: list[str]):
    _refused(_serve(tmp_path, "--port", str(free_port()), *args), *said)


def test_an_unreachable_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    closed = free_port()  # nothing listens there
    url = f"postgresql://admiralty:s3cret@127.0.0.1:{closed}/admiralty"
    line = _refused(_serve(tmp_path, "--port", str(free_port()), "--database", url), "--database")
    assert f"127.0.0.1:{closed}" in line and "refused" in line.lower()
    assert "s3cret" not in line  # the URL is named, its password not


def test_a_busy_port_is_one_line_and_exit_2_before_serving(tmp_path: Path) -> None:
    with _taken_port() as port:
        line = _refused(_serve(tmp_path, "--port", str(port)), "--port", f"127.0.0.1:{port}")
    assert "in use" in line


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("ADMIRALTY_READ_TIMEOUT", "-1"),
        ("ADMIRALTY_GRACEFUL_TIMEOUT", "soon"),
        ("ADMIRALTY_WORKER_CONNECTIONS", "-3"),
        ("ADMIRALTY_LOG_FORMAT", "xml"),
        ("ADMIRALTY_DATABASE_URL", "nonsense"),
    ],
)
def test_bad_settings_in_the_environment_are_one_line_and_exit_2(
    tmp_path: Path, variable: str, value: str
) -> None:
    done = _serve(tmp_path, "--port", str(free_port()), env={variable: value})
    line = _refused(done)
    if variable != "ADMIRALTY_DATABASE_URL":  # the app's own variable, named as its option
        assert variable in line


def test_knobs_are_read_from_the_environment_and_an_option_wins(tmp_path: Path) -> None:
    """The log format from ``ADMIRALTY_LOG_FORMAT``; ``--port`` over ``ADMIRALTY_PORT``
    (a port taken by another program, which the server would refuse)."""
    with _taken_port() as taken:
        env = {"ADMIRALTY_PORT": str(taken), "ADMIRALTY_LOG_FORMAT": "json"}
        server = LiveServer(tmp_path, env=env).start()
        try:
            assert requests.get(server.url + "/healthz", timeout=30).json()["ready"]
        finally:
            server.stop()
    lines = server.log.read_text().splitlines()
    assert lines and all(json.loads(line)["level"] for line in lines)
    assert any(f":{server.port}" in json.loads(line)["message"] for line in lines)
