"""``admiralty backup DEST``: a consistent copy of the store while the server runs.

SQLite: SQLite's online backup (``sqlite3.Connection.backup``) copies the database in one
step inside one read transaction, so the copy is the database as of one moment, whatever
the server writes meanwhile (in WAL mode the writers are not held up). The copy is made
beside ``DEST``, checked, and only then renamed to ``DEST``. PostgreSQL is backed up with
``pg_dump`` (docs/operations.md).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from server.commands import UsageError

__all__ = ["backup_sqlite", "register"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "backup",
        help="copy the store (SQLite) while the server runs",
        description="Write a consistent copy of the SQLite store to DEST, also while the "
        "server is running and writing (PostgreSQL: use pg_dump, docs/operations.md).",
    )
    p.add_argument("dest", metavar="DEST", help="the file to write (must not exist)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default $ADMIRALTY_DATABASE_URL or sqlite:///admiralty.db)",
    )
    p.set_defaults(func=run)


def _sqlite_path(url_text: str) -> Path:
    """The file of a SQLite URL; one line for any other database."""
    try:
        url = make_url(url_text)
    except ArgumentError:
        raise UsageError(f"not a database URL: {url_text!r}") from None
    backend = url.get_backend_name()
    if backend == "postgresql":
        raise UsageError(
            f"PostgreSQL is backed up with pg_dump: pg_dump --format=custom --file=DEST "
            f"{url.database or 'DBNAME'} (see docs/operations.md)"
        )
    if backend != "sqlite":
        raise UsageError(f"cannot back up a {backend} database; only SQLite (PostgreSQL: pg_dump)")
    if not url.database or url.database == ":memory:":
        raise UsageError("an in-memory database has nothing to back up")
    return Path(url.database)


def _destination(dest: Path) -> None:
    if dest.exists() or dest.is_symlink():
        raise UsageError(f"{dest} exists; give a new file name (nothing is overwritten)")
    parent = dest.parent if str(dest.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"no directory {parent} to write {dest.name} in")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in {parent}")


def _counts(conn: sqlite3.Connection) -> tuple[int, int]:
    """``(campaigns, events)`` of an Admiralty store; one line for any other file."""
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise UsageError(f"not a SQLite database: {exc}") from None
    if not {"campaigns", "events"} <= tables:
        raise UsageError("not an Admiralty store (no campaigns and events tables)")
    campaigns = conn.execute("SELECT count(*) FROM campaigns").fetchone()[0]
    events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    return int(campaigns), int(events)


def backup_sqlite(source: Path, dest: Path) -> tuple[int, int]:
    """Copy the store ``source`` to the new file ``dest``; returns its ``(campaigns, events)``."""
    if not source.is_file():
        raise UsageError(f"no database at {source}")
    _destination(dest)
    partial = dest.with_name(f".{dest.name}.part-{os.getpid()}")
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        _counts(src)  # refuse a file that is no store before writing anything
        out = sqlite3.connect(partial)
        try:
            src.backup(out)  # all pages in one step: one read transaction, one moment
            out.execute("PRAGMA journal_mode=DELETE")  # the copy is one file, no -wal beside it
            if out.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise UsageError("the copy failed its integrity check; nothing written")
            counts = _counts(out)
        finally:
            out.close()
        os.replace(partial, dest)
    except sqlite3.Error as exc:
        raise UsageError(f"backup failed: {exc}") from None
    finally:
        src.close()
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return counts


def run(args: argparse.Namespace) -> int:
    from server.web.app import default_database_url

    source = _sqlite_path(args.database or default_database_url())
    dest = Path(args.dest)
    campaigns, events = backup_sqlite(source, dest)
    print(f"backed up {source} to {dest}: {campaigns} campaigns, {events} events")
    return 0
