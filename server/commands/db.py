"""``admiralty db upgrade|current|downgrade|check``: the store's schema, through Alembic.

The migrations are this version's ``server/migrations``; a change runs under the lock every
start's upgrade takes (:func:`server.web.storage.change_schema`), so it may run while
servers start. ``check`` is what ``serve`` asks before it starts: a database migrated by a
newer version (its revision unknown here) is refused with one line, instead of a crash at
boot or, worse, a server running on a schema it does not know.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from server.commands import UsageError

__all__ = ["register", "unknown_revision_line"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "db",
        help="the store's schema: upgrade, current, downgrade, check (Alembic)",
        description="Show or change the schema revision of the store (Alembic migrations of "
        "this version). Servers upgrade to the newest revision as they start; a downgrade "
        "goes back before an older version is started on the database.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    up = actions.add_parser("upgrade", help="upgrade to REVISION (default: the newest)")
    up.add_argument("revision", nargs="?", default="head", metavar="REVISION")
    down = actions.add_parser(
        "downgrade",
        help="downgrade to REVISION (a revision id, -N steps, or base: no tables)",
    )
    down.add_argument("revision", metavar="REVISION")
    actions.add_parser("current", help="print the database's revision")
    actions.add_parser("check", help="exit 2 unless this version knows the database's schema")
    for action in actions.choices.values():
        action.add_argument(
            "--database",
            metavar="URL",
            help="SQLAlchemy URL (default $ADMIRALTY_DATABASE_URL or sqlite:///admiralty.db)",
        )
        action.set_defaults(func=run)


def _describe(revision: str | None, known: list[str]) -> str:
    if revision is None:
        return "none (no schema yet: a server's first start, or `admiralty db upgrade`, makes it)"
    if revision == known[0]:
        return f"{revision} (head)"
    if revision in known:
        return f"{revision} (older than this version's head {known[0]}: admiralty db upgrade)"
    return f"{revision} ({unknown_revision_line(revision, known)})"


def unknown_revision_line(revision: str, known: list[str]) -> str:
    """Why this version will not run on a schema at ``revision``."""
    from server import __version__

    return (
        f"the database's schema is at revision {revision}, unknown to admiralty {__version__} "
        f"(its newest is {known[0]}): a newer version migrated it; run that version, or "
        f"downgrade with it first (admiralty db downgrade {known[0]})"
    )


def _guarded(work: Callable[[], Any]) -> Any:
    """``work()``, a database's or Alembic's refusal made one line."""
    from alembic.util import CommandError
    from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

    try:
        return work()
    except (ArgumentError, NoSuchModuleError) as exc:
        raise UsageError(f"not a database URL: {exc}") from None
    except DBAPIError as exc:
        first = str(exc.orig or exc).strip().splitlines()[0]
        raise UsageError(f"the database cannot be read: {first}") from None
    except CommandError as exc:
        raise UsageError(str(exc).strip().splitlines()[0]) from None


def run(args: argparse.Namespace) -> int:
    from alembic import command

    from server.web import storage

    url = args.database or storage.default_database_url()
    known = storage.revisions()
    if args.action in ("upgrade", "downgrade"):
        change = command.upgrade if args.action == "upgrade" else command.downgrade
        before, after = _guarded(
            lambda: storage.change_schema(url, lambda cfg: change(cfg, args.revision))
        )
        verb = "already at" if before == after else f"{args.action}d from {before or 'none'} to"
        print(f"{verb} {_describe(after, known)}")
        return 0

    def read() -> str | None:
        engine = storage.make_engine(url)
        try:
            return storage.schema_revision(engine)
        finally:
            engine.dispose()

    revision = _guarded(read)
    if args.action == "check":
        if revision is not None and revision not in known:
            raise UsageError(unknown_revision_line(revision, known))
        return 0
    print(_describe(revision, known))
    return 0
