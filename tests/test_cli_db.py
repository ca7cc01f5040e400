"""``admiralty db upgrade|current|downgrade|check`` over Alembic, and ``admiralty serve``
refusing a database whose schema a newer version migrated (issue 30, item 4): one line and
exit 2 for each refusal, nothing changed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from server.web.storage import revisions
from tests.conftest import ADMIRALTY, free_port
from tests.topology_helpers import create_database, head_revision, schema_versions

FUTURE = "0099_from_a_newer_version"


def _admiralty(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ADMIRALTY, *args], cwd=cwd, capture_output=True, text=True, timeout=180)


def _refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one line of a refusal (exit 2, no traceback) that says ``words``."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr[-3000:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


def _stamp(url: str, revision: str) -> None:
    """Set the schema's revision by hand, as a newer version's migration would have."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    finally:
        engine.dispose()


def _action_index(url: str) -> str:
    """The definition of the action ids' index, as the database reads it."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    sql = (
        "SELECT sql FROM sqlite_master WHERE name = 'ix_events_action'"
        if url.startswith("sqlite")
        else "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_events_action'"
    )
    try:
        with engine.connect() as conn:
            return str(conn.execute(text(sql)).scalar_one())
    finally:
        engine.dispose()


def _walk(cwd: Path, url: str) -> None:
    """Every command on a new database: none, head, one down, head again."""
    head = head_revision()

    def db(*args: str) -> str:
        done = _admiralty(cwd, "db", *args, "--database", url)
        assert done.returncode == 0 and not done.stderr, done.stderr[-3000:]
        return done.stdout.strip()

    assert db("current").startswith("none")
    assert db("check") == ""
    assert db("upgrade") == f"upgraded from none to {head} (head)"
    assert schema_versions(url) == [head]
    # an act without an action id (the browser's) writes no entry in their index (0005)
    assert "action IS NOT NULL" in _action_index(url)
    assert db("upgrade") == f"already at {head} (head)"
    below = revisions()[1]  # the revision before the head
    assert db("downgrade", "-1").startswith(f"downgraded from {head} to {below} (older")
    assert schema_versions(url) == [below]
    assert "IS NOT NULL" not in _action_index(url)
    assert db("current").startswith(f"{below} (older than this version's head")
    assert db("upgrade", head) == f"upgraded from {below} to {head} (head)"
    assert db("current") == f"{head} (head)"
    for args, words in (
        (["downgrade", "0042"], ["0042"]),  # no such revision
        (["downgrade"], ["REVISION"]),
        (["sideways"], ["invalid choice"]),
        ([], ["ACTION"]),
    ):
        _refused(_admiralty(cwd, "db", *args, "--database", url), *words)
    assert schema_versions(url) == [head]  # nothing changed


def test_db_walks_the_migrations_on_sqlite(tmp_path: Path) -> None:
    _walk(tmp_path, f"sqlite:///{tmp_path / 'walk.db'}")


@pytest.mark.postgres
def test_db_walks_the_migrations_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    _walk(tmp_path, create_database(postgres_url, "walk"))


def test_db_refuses_a_bad_or_unreachable_database_with_one_line(tmp_path: Path) -> None:
    _refused(_admiralty(tmp_path, "db", "current", "--database", "nonsense"), "not a database URL")
    unreachable = f"postgresql://nobody@127.0.0.1:{free_port()}/none"
    _refused(_admiralty(tmp_path, "db", "upgrade", "--database", unreachable), "cannot be read")


def _serve_refuses_a_newer_schema(cwd: Path, url: str) -> None:
    assert _admiralty(cwd, "db", "upgrade", "--database", url).returncode == 0
    _stamp(url, FUTURE)
    line = _refused(_admiralty(cwd, "db", "check", "--database", url), FUTURE)
    assert "unknown to admiralty" in line
    serve = ["serve", "--port", str(free_port()), "--database", url]
    assert _refused(_admiralty(cwd, *serve), FUTURE) == line.replace(
        "admiralty db:", "admiralty serve:", 1
    )
    upgrade = _admiralty(cwd, "db", "upgrade", "--database", url)
    _refused(upgrade, FUTURE)  # Alembic's own refusal: it cannot find the revision
    assert schema_versions(url) == [FUTURE]


def test_serve_refuses_a_sqlite_file_a_newer_version_migrated(tmp_path: Path) -> None:
    _serve_refuses_a_newer_schema(tmp_path, f"sqlite:///{tmp_path / 'newer.db'}")


@pytest.mark.postgres
def test_serve_refuses_a_postgresql_database_a_newer_version_migrated(
    tmp_path: Path, postgres_url: str
) -> None:
    _serve_refuses_a_newer_schema(tmp_path, create_database(postgres_url, "newer"))
