"""Storage: campaigns, seats and the event log in any SQLAlchemy database.

The schema is owned by Alembic (``server/migrations``): :func:`open_store` upgrades a new or
older database to the head revision on start, so the first start creates it.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import sys
import threading
import time
import weakref
import zlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import QueuePool

__all__ = [
    "StoredEvent",
    "Store",
    "campaigns",
    "change_schema",
    "default_database_url",
    "events",
    "make_engine",
    "metadata",
    "open_store",
    "revisions",
    "schema_revision",
    "seats",
    "snapshots",
]

metadata = MetaData()

campaigns = Table(
    "campaigns",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("year", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    # when its last event was written (seconds since the epoch): the recent campaigns are
    # loaded before the server says it is ready
    Column("touched", Float, nullable=False, server_default="0"),
    # when its turn clock next falls due (seconds since the epoch; None: nothing waits)
    Column("due", Float, nullable=True, index=True),
)

seats = Table(
    "seats",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("campaign_id", String(32), ForeignKey("campaigns.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
)

_GIVEN = text("action IS NOT NULL")  # an act's action id, where it gave one

events = Table(
    "events",
    metadata,
    Column("campaign_id", String(32), ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("type", String(40), nullable=False),
    Column("seat", String(32), nullable=True),
    Column("data", Text, nullable=False),
    # the client's action id of the act that made it (docs/protocol.md): one event per seat
    # and id, found again when the act is sent again; indexed only where given (an act
    # without one, every act of the browser's, writes no entry: migration 0005)
    Column("action", String(64), nullable=True),
    Index(
        "ix_events_action",
        "campaign_id",
        "seat",
        "action",
        unique=True,
        sqlite_where=_GIVEN,
        postgresql_where=_GIVEN,
    ),
)


snapshots = Table(
    "snapshots",
    metadata,
    Column("campaign_id", String(32), ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("state", Text, nullable=False),
)

#: a campaign's ``touched`` is written at most once in this many seconds by a process
TOUCH_SECONDS = 1.0
#: snapshots kept per campaign (older ones serve a reconnect from further back)
KEEP_SNAPSHOTS = 3

# The statements of every action, built once: SQLAlchemy then neither coerces their
# clauses nor generates their cache keys again for each act (most of an act's CPU was
# spent building these four statements).
_SEAT_FOR_TOKEN = select(seats.c.id).where(
    seats.c.campaign_id == bindparam("campaign"), seats.c.token_hash == bindparam("hash")
)
_EVENTS_AFTER = (
    select(events)
    .where(events.c.campaign_id == bindparam("campaign"), events.c.seq > bindparam("since"))
    .order_by(events.c.seq)
)
_EVENTS_BETWEEN = _EVENTS_AFTER.where(events.c.seq <= bindparam("until"))
_INSERT_EVENT = insert(events)
_ACTION_SEQ = select(events.c.seq).where(
    events.c.campaign_id == bindparam("campaign"),
    events.c.seat == bindparam("seat"),
    events.c.action == bindparam("action"),
)
_TOUCH = (
    update(campaigns)
    .where(campaigns.c.id == bindparam("campaign"))
    .values(touched=bindparam("now"))
)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of the log: ``seq`` counts from 1 within its campaign; ``action`` the
    client's action id of the act that made it, if it gave one (not part of the log's
    export: the game never reads it)."""

    seq: int
    type: str
    seat: str | None
    data: dict[str, Any]
    action: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "type": self.type, "seat": self.seat, "data": self.data}


@dataclass(slots=True)
class _Append:
    """One append waiting for its transaction, and what became of it."""

    campaign_id: str
    events: list[StoredEvent]
    seat_token: tuple[str, str] | None
    also: Callable[[Connection], None] | None = None  # a write of its own: a snapshot, a due time
    done: threading.Event | None = None  # an append that waits for another's write: told
    ok: bool | None = None  # written (True), its seq taken (False), not yet (None)
    error: Exception | None = None  # the store failed


class Store:
    """The database behind one app: every write is one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._turns: int | None = None  # the SQLite file's turn locks: a descriptor, kept
        self._turns_guard = threading.Lock()
        # SQLite has one writer at a time: this process's writers wait their turn here (a
        # green thread's wait gives way to the others) rather than in SQLite's busy
        # handler, which would sleep the whole event loop while a commit's fsync runs in
        # a thread of the OS (:class:`_SQLiteConnection`)
        sqlite = engine.dialect.name == "sqlite"
        self._one_writer: AbstractContextManager[Any] = (
            threading.Lock() if sqlite else nullcontext()
        )
        self._touched: dict[str, float] = {}  # campaign -> when this process last touched it
        self._queue: list[_Append] = []  # the appends waiting for the next transaction
        self._queue_guard = threading.Lock()
        self._leading = False  # an append is writing a transaction
        #: the lead append's turn for the others ready to run (the server's: ``gevent.sleep``)
        self.others_first: Callable[[], None] = lambda: None
        #: told each transaction's kind (``write``, ``read``) and seconds, its commit's
        #: included (the metrics' ``admiralty_db_seconds``): timed here, once a transaction,
        #: not by SQLAlchemy's statement events, whose dispatch every connection and
        #: statement would pay for
        self.timed: Callable[[str, float], None] = lambda kind, seconds: None

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction (committed at the end, rolled back on an error)."""
        with self._one_writer:
            start = time.perf_counter()
            with self.engine.begin() as conn:
                yield conn
            self.timed("write", time.perf_counter() - start)

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        """One connection to read with."""
        start = time.perf_counter()
        with self.engine.connect() as conn:
            yield conn
        self.timed("read", time.perf_counter() - start)

    def create_campaign(
        self, row: dict[str, Any], first: StoredEvent, gm_token: tuple[str, str]
    ) -> None:
        """Write a new campaign, its GM seat's token hash and its first event at once."""
        with self._writing() as conn:
            conn.execute(insert(campaigns).values(**row, touched=time.time()))
            conn.execute(
                insert(seats).values(id=gm_token[0], campaign_id=row["id"], token_hash=gm_token[1])
            )
            conn.execute(insert(events).values(campaign_id=row["id"], **_event_row(first)))

    def campaign(self, campaign_id: str) -> dict[str, Any] | None:
        with self._reading() as conn:
            row = conn.execute(select(campaigns).where(campaigns.c.id == campaign_id)).first()
        return dict(row._mapping) if row else None

    def seat_for_token_hash(self, campaign_id: str, token_hash: str) -> str | None:
        """The id of the seat whose current token hashes to ``token_hash``."""
        with self._reading() as conn:
            found = conn.execute(_SEAT_FOR_TOKEN, {"campaign": campaign_id, "hash": token_hash})
            return found.scalar()

    def action_seq(self, campaign_id: str, seat_id: str, action_id: str) -> int | None:
        """The seq of the event ``seat_id``'s act of client action id ``action_id`` made,
        or None (no such act logged)."""
        bounds = {"campaign": campaign_id, "seat": seat_id, "action": action_id}
        with self._reading() as conn:
            return conn.execute(_ACTION_SEQ, bounds).scalar()

    def seat_of_token_hash(self, token_hash: str) -> tuple[str, str] | None:
        """``(campaign id, seat id)`` of the seat whose current token hashes to
        ``token_hash`` in any campaign (token hashes are unique), or None."""
        with self._reading() as conn:
            row = conn.execute(
                select(seats.c.campaign_id, seats.c.id).where(seats.c.token_hash == token_hash)
            ).first()
        return (row.campaign_id, row.id) if row else None

    def append(
        self, campaign_id: str, event_: StoredEvent, seat_token: tuple[str, str] | None = None
    ) -> bool:
        """Write one event, and a seat's new token hash, durably (:meth:`append_all`)."""
        return self.append_all(campaign_id, [event_], seat_token)

    def append_all(
        self,
        campaign_id: str,
        events_: list[StoredEvent],
        seat_token: tuple[str, str] | None = None,
    ) -> bool:
        """Write a campaign's next events, and a seat's new token hash, durably and at
        once; returns when they are written.

        Returns False when another writer took one of their seqs first; nothing is written
        then.

        A group commit: the appends of several campaigns waiting at once are written in one
        transaction (one commit, one fsync), by the first of them; an append that comes
        while a transaction is being written waits for it, then its own is written with
        every other append that came meanwhile. Alone, an append first lets the others ready
        to run come (``others_first``), so that those on their way join its transaction.
        """
        return self._group_commit(_Append(campaign_id, events_, seat_token))

    def save_snapshot(self, campaign_id: str, seq: int, state: str) -> None:
        """Keep the campaign's state after event ``seq`` (JSON), and the last few before;
        written with the appends waiting at the time (:meth:`append_all`), not in a
        transaction of its own: every one of those held up every campaign's next for a
        whole commit (on 20 campaigns of 10 under load, their p99 was 7-13% longer)."""

        def write(conn: Connection) -> None:
            conn.execute(
                delete(snapshots).where(
                    snapshots.c.campaign_id == campaign_id, snapshots.c.seq == seq
                )
            )
            conn.execute(insert(snapshots).values(campaign_id=campaign_id, seq=seq, state=state))
            kept = select(snapshots.c.seq).where(snapshots.c.campaign_id == campaign_id)
            kept = kept.order_by(snapshots.c.seq.desc()).limit(KEEP_SNAPSHOTS)
            conn.execute(
                delete(snapshots).where(
                    snapshots.c.campaign_id == campaign_id,
                    snapshots.c.seq.not_in(kept.scalar_subquery()),
                )
            )

        self._group_commit(_Append(campaign_id, [], None, write))

    def _group_commit(self, mine: _Append) -> bool:
        """Write ``mine`` with the others waiting (:meth:`append_all`): True once written,
        False when one of its seqs was taken."""
        with self._queue_guard:
            lead, self._leading = not self._leading, True
            if not lead:  # (the one that writes needs no event: most appends, when alone)
                mine.done = threading.Event()
            self._queue.append(mine)
        if mine.done is not None:
            mine.done.wait()
            lead = mine.ok is None and mine.error is None  # handed the lead: ours is next
        if lead:
            # the appends already on their way (under gevent, green threads ready to run)
            # join this transaction, not the next
            self.others_first()
            with self._queue_guard:
                batch, self._queue = self._queue, []
            try:
                self._write_batch(batch)
            finally:
                with self._queue_guard:
                    if self._queue:  # the next batch is written by its first append
                        assert self._queue[0].done is not None  # a waiter
                        self._queue[0].done.set()
                    else:
                        self._leading = False
                for other in batch:
                    if other.ok is None and other.error is None:  # the write was cut short
                        other.error = RuntimeError("the write of this event was interrupted")
                    if other is not mine:
                        assert other.done is not None  # a waiter
                        other.done.set()
        if mine.error is not None:
            raise mine.error
        return bool(mine.ok)

    def _write_batch(self, batch: list[_Append]) -> None:
        """Write ``batch`` in one transaction; should one of its seqs be taken already,
        each alone, so that only that one is refused."""
        try:
            self._write(batch)
            for item in batch:
                item.ok = True
        except IntegrityError:
            if len(batch) == 1:
                batch[0].ok = False
                return
            for item in batch:
                self._write_batch([item])
        except Exception as exc:  # the store failed: every append of the batch is told
            for item in batch:
                item.error = exc

    def _write(self, batch: list[_Append]) -> None:
        """One transaction: every event of ``batch``, the campaigns' touches, the tokens,
        their other writes."""
        now = time.time()
        # ``touched`` is read to the second: a campaign written many times a second is
        # touched once in it
        touch = [
            item.campaign_id
            for item in batch
            if item.events and now - self._touched.get(item.campaign_id, 0.0) >= TOUCH_SECONDS
        ]
        with self._writing() as conn:
            rows = [
                {"campaign_id": i.campaign_id, **_event_row(e)} for i in batch for e in i.events
            ]
            if rows:
                conn.execute(_INSERT_EVENT, rows)
            for item in batch:
                if item.also is not None:
                    item.also(conn)
            if touch:
                conn.execute(_TOUCH, [{"campaign": c, "now": now} for c in touch])
            for item in batch:
                if item.seat_token:
                    self._set_token(conn, item.campaign_id, *item.seat_token)
        for campaign_id in touch:
            self._touched[campaign_id] = now

    @staticmethod
    def _set_token(conn: Connection, campaign_id: str, seat_id: str, token_hash: str) -> None:
        """The seat's token hash now ``token_hash`` (a new seat's row made)."""
        done = conn.execute(
            update(seats)
            .where(seats.c.id == seat_id, seats.c.campaign_id == campaign_id)
            .values(token_hash=token_hash)
        ).rowcount
        if not done:
            conn.execute(
                insert(seats).values(id=seat_id, campaign_id=campaign_id, token_hash=token_hash)
            )

    def events_after(
        self, campaign_id: str, since: int = 0, until: int | None = None
    ) -> Iterator[StoredEvent]:
        """The events after ``since`` in log order (up to ``until``, if given)."""
        with self._reading() as conn:
            if until is None:
                rows = conn.execute(_EVENTS_AFTER, {"campaign": campaign_id, "since": since}).all()
            else:
                bounds = {"campaign": campaign_id, "since": since, "until": until}
                rows = conn.execute(_EVENTS_BETWEEN, bounds).all()
        for row in rows:
            yield StoredEvent(row.seq, row.type, row.seat, json.loads(row.data))

    def snapshot(self, campaign_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """The newest snapshot ``(seq, state JSON)``, or the newest at or before ``at_most``."""
        query = select(snapshots.c.seq, snapshots.c.state).where(
            snapshots.c.campaign_id == campaign_id
        )
        if at_most is not None:
            query = query.where(snapshots.c.seq <= at_most)
        with self._reading() as conn:
            row = conn.execute(query.order_by(snapshots.c.seq.desc()).limit(1)).first()
        return (row.seq, row.state) if row else None

    def drop_snapshots(self, campaign_id: str) -> None:
        """Forget a campaign's snapshots (one disagreed with the log)."""
        with self._writing() as conn:
            conn.execute(delete(snapshots).where(snapshots.c.campaign_id == campaign_id))

    def recent_campaigns(self, since: float, limit: int) -> list[str]:
        """The campaigns written to since ``since`` (epoch seconds), the latest first."""
        with self._reading() as conn:
            return list(
                conn.execute(
                    select(campaigns.c.id)
                    .where(campaigns.c.touched >= since)
                    .order_by(campaigns.c.touched.desc())
                    .limit(limit)
                ).scalars()
            )

    def set_due(self, campaign_id: str, due: float | None) -> None:
        """Keep when the campaign's clock next falls due (None: nothing waits); written
        with the appends waiting, as a snapshot is."""

        def write(conn: Connection) -> None:
            conn.execute(update(campaigns).where(campaigns.c.id == campaign_id).values(due=due))

        self._group_commit(_Append(campaign_id, [], None, write))

    def due_campaigns(self, now: float, limit: int = 100) -> list[str]:
        """The campaigns whose clock is due at ``now`` (epoch seconds), the longest due first."""
        with self._reading() as conn:
            return list(
                conn.execute(
                    select(campaigns.c.id)
                    .where(campaigns.c.due <= now)
                    .order_by(campaigns.c.due)
                    .limit(limit)
                ).scalars()
            )

    def last_seq(self, campaign_id: str) -> int:
        """The campaign's last event's seq (0 for none)."""
        with self._reading() as conn:
            got = conn.execute(
                select(func.max(events.c.seq)).where(events.c.campaign_id == campaign_id)
            ).scalar()
        return int(got or 0)

    def last_seqs(self, campaign_ids: list[str]) -> dict[str, int]:
        """Each campaign's last event's seq (:meth:`last_seq`), in one query."""
        if not campaign_ids:
            return {}
        query = (
            select(events.c.campaign_id, func.max(events.c.seq))
            .where(events.c.campaign_id.in_(campaign_ids))
            .group_by(events.c.campaign_id)
        )
        with self._reading() as conn:
            found = {row[0]: int(row[1]) for row in conn.execute(query)}
        return {c: found.get(c, 0) for c in campaign_ids}

    @contextmanager
    def turn(self, campaign_id: str) -> Iterator[None]:
        """Hold the campaign's write turn across every process on this database: from
        before its next event is decided until that event has been handed to the message
        queue, so that the queue carries a campaign's events in log order. A process that
        dies lets go with it (a lock on its open file or its database session)."""
        key = zlib.crc32(campaign_id.encode())
        if self.engine.dialect.name == "postgresql":
            with self.engine.connect() as conn:  # (held for the turn: not a read to time)
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": key})
                conn.commit()
                try:
                    yield
                finally:
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})
                    conn.commit()
            return
        path = self.engine.url.database
        if self.engine.dialect.name != "sqlite" or not path or path == ":memory:":
            yield  # one process only
            return
        f = self._turns_file(path)
        # a byte of the lock file per campaign (POSIX record locks are per process; the
        # caller holds the campaign's lock within the process); polled, so that a wait
        # gives way to the other green threads of the process
        while True:
            try:
                fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, key)
                break
            except OSError:
                time.sleep(0.002)
        try:
            yield
        finally:
            fcntl.lockf(f, fcntl.LOCK_UN, 1, key)

    def _turns_file(self, path: str) -> int:
        """The turns' lock file, open for the store's life (closed when the store is
        collected): closing any descriptor of a file drops every POSIX lock the process
        holds on it, so one campaign's turn ending must not close a file another
        campaign's turn is locked through."""
        if self._turns is not None:
            return self._turns
        with self._turns_guard:
            if self._turns is None:
                self._turns = os.open(path + "-turns", os.O_RDWR | os.O_CREAT, 0o644)
                weakref.finalize(self, os.close, self._turns)
            return self._turns


def _event_row(e: StoredEvent) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "type": e.type,
        "seat": e.seat,
        # the keys in the order the event was decided in (not sorted): the state rebuilt
        # from the log then holds its tables as the state that applied it live did
        "data": json.dumps(e.data, separators=(",", ":")),
        "action": e.action,
    }


#: the newest revision of server/migrations (tests/test_topology.py checks it is Alembic's
#: head): a store already at it is opened without loading Alembic, most of half a second
#: of a restart
SCHEMA_HEAD = "0005"


def default_database_url() -> str:
    """``ADMIRALTY_DATABASE_URL`` if set, else a SQLite file ``./admiralty.db``."""
    return os.environ.get("ADMIRALTY_DATABASE_URL") or "sqlite:///" + os.path.abspath(
        "admiralty.db"
    )


def revisions() -> list[str]:
    """This version's schema revisions (``server/migrations``), the newest first."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_alembic_config())
    return [s.revision for s in script.walk_revisions()]


def _alembic_config() -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "server:migrations")
    return cfg


#: the schema upgrade's advisory lock: two int4 keys ("ADMR", 1), a key space apart from
#: the one-bigint keys of the campaigns' write turns
_UPGRADE_LOCK_KEYS = {"a": 0x41444D52, "b": 1}


def _sqlite_file(url: str) -> str | None:
    """The database file of a SQLite URL, None for an in-memory database."""
    database = make_url(url).database
    return None if not database or database == ":memory:" else database


@contextmanager
def _file_lock(path: str | None) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (nothing for None): one upgrade at a time."""
    if path is None:
        yield
        return
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed, or the process dies
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _at_head(engine: Engine) -> bool:
    """The store's schema is at :data:`SCHEMA_HEAD` (no upgrade to run, nor to wait for)."""
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == (
                SCHEMA_HEAD
            )
    except DBAPIError:  # a new database: no version table yet
        return False


class _SQLiteConnection(sqlite3.Connection):
    """A SQLite connection whose commit does not hold up gevent's event loop: the commit
    (its fsync, ``synchronous=FULL``, and any checkpoint) runs in a thread of the OS while
    the other green threads go on (sending the last event to its sockets, deciding
    another campaign's action); SQLite lets go of the GIL meanwhile. Without gevent's
    patching (the tests, the commands) it commits as SQLite's own does."""

    def commit(self) -> None:
        pool = _green_threadpool()
        if pool is None:
            super().commit()
        else:
            pool.apply(super().commit)


def _green_threadpool() -> Any:
    """gevent's pool of OS threads when gevent has patched this process, else None."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("threading"):
        return None
    import gevent

    return gevent.get_hub().threadpool


def make_engine(url: str) -> Engine:
    """The engine of the store at ``url``: SQLite in WAL mode with ``synchronous=FULL``
    (its commits off gevent's event loop), or PostgreSQL through psycopg 3 (a
    ``postgresql://`` URL is taken as ``postgresql+psycopg://``)."""
    sqlite = url.startswith("sqlite")
    if sqlite:
        # an in-memory database lives in its one connection (another would open an empty
        # one): a pool of that one, which each thread takes in turn (a transaction whole)
        memory = _sqlite_file(url) is None
        pooling: dict[str, Any] = {"pool_use_lifo": True}
        if memory:
            pooling.update(poolclass=QueuePool, pool_size=1, max_overflow=0)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30, "factory": _SQLiteConnection},
            **pooling,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:  # durable and concurrent enough
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    else:
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        engine = create_engine(url, pool_pre_ping=True)
    return engine


@contextmanager
def _schema_lock(engine: Engine) -> Iterator[None]:
    """One schema change at a time on a SQLite file (an ``flock`` of ``<file>-lock``, named
    as SQLite names its ``-wal`` and ``-shm``; left in place, as removing it would race);
    PostgreSQL's lock is taken in the change's own transaction (:func:`_alembic`)."""
    database_file = _sqlite_file(str(engine.url)) if engine.dialect.name == "sqlite" else None
    with _file_lock(database_file and database_file + "-lock"):
        yield


def _alembic(engine: Engine, step: Callable[[Any], None]) -> None:
    """``step(config)`` (an Alembic command) in one transaction of ``engine``, under
    PostgreSQL's advisory lock of schema changes."""
    cfg = _alembic_config()
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # held until this transaction ends
            conn.execute(text("SELECT pg_advisory_xact_lock(:a, :b)"), _UPGRADE_LOCK_KEYS)
        cfg.attributes["connection"] = conn
        step(cfg)


def schema_revision(engine: Engine) -> str | None:
    """The store's Alembic revision; None for a database with no schema yet."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def change_schema(url: str, step: Callable[[Any], None]) -> tuple[str | None, str | None]:
    """Run ``step(config)`` (``alembic.command.upgrade`` or ``downgrade`` with a revision)
    on the store at ``url`` under the schema's lock, as :func:`open_store` upgrades: the
    revision before and after."""
    engine = make_engine(url)
    try:
        with _schema_lock(engine):
            before = schema_revision(engine)
            _alembic(engine, step)
            return before, schema_revision(engine)
    finally:
        engine.dispose()


def open_store(url: str) -> Store:
    """Open (and create or upgrade through Alembic) the store at ``url``.

    Processes started at the same moment on a new database upgrade it one at a time: on
    PostgreSQL under a transaction-level advisory lock taken on the upgrade's own
    connection, on a SQLite file under an ``flock`` (:func:`_schema_lock`); the later ones
    then find the schema at head and do nothing.
    """
    engine = make_engine(url)
    # on SQLite the first look too: a connection sets WAL mode, and a fresh file's openers
    # setting it at the same moment may find the database locked
    with _schema_lock(engine):
        if not _at_head(engine):
            from alembic import command

            _alembic(engine, lambda cfg: command.upgrade(cfg, "head"))
    return Store(engine)
