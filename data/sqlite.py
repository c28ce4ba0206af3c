"""The SQLite implementation of the repository contract: the embedded default, one file.

One aiosqlite connection per process, WAL mode, foreign keys on, a busy timeout.  aiosqlite runs
the statements of one connection on one worker thread, but the statements of two coroutines could
still interleave inside a transaction; so every operation holds ``_lock``, and a multi-statement
change runs inside ``transaction()`` (``BEGIN IMMEDIATE`` ... ``COMMIT``) under that same lock.
Two processes on one file are serialised by SQLite's own write lock (``BEGIN IMMEDIATE`` waits
up to the busy timeout, ``busy_timeout_ms`` of ``connect``).  A write that waits past it, or a file
the disk cannot read or write, fails with ``StorageUnavailable`` ("try again in a moment", issue 29),
rolled back, with one warning line: never a raw ``sqlite3.OperationalError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from data.errors import CannotOpen, SchemaTooNew, StorageError, StorageUnavailable
from data.redaction import redact, scrub
from data.repository import Conflict, Repository, Tx
from data.schema import MIGRATIONS, SCHEMA_VERSION, older_schema, statements

log = logging.getLogger(__name__)


#: what SQLite says when the file is busy (another process holds the write lock past the busy
#: timeout) or the disk fails it: passing faults, not a player's mistake nor a bug
_PASSING = ("database is locked", "database table is locked", "database schema is locked", "disk i/o error",
            "database or disk is full")


@asynccontextmanager
async def _faults() -> AsyncIterator[None]:
    """A busy or failing file becomes ``StorageUnavailable`` (one log line); any other error stays itself."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if not any(words in str(exc).lower() for words in _PASSING):
            raise
        log.warning("SQLite unavailable (%s)", str(exc).splitlines()[0][:80])
        raise StorageUnavailable("the database is busy for a moment; nothing was written") from None


class SqliteConn:
    """``Conn`` over one aiosqlite connection (``?`` placeholders are SQLite's own)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with _faults(), self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        async with _faults(), self.db.execute(sql, params) as cur:
            row = await cur.fetchone()
            if row is not None and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
                await cur.fetchall()  # a RETURNING statement completes only once its rows are read
            return row

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with _faults():
                cur = await self.db.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from None
        changed = cur.rowcount
        await cur.close()
        return changed

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            async with _faults():
                await self.db.executemany(sql, list(rows))
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from None

    async def columns(self, table: str) -> list[str]:
        async with self.db.execute(f"PRAGMA table_info({table})") as cur:
            return [str(r[1]) for r in await cur.fetchall()]


#: the lock files this process holds (``hold_alone``): a forked worker (a drawing process) lets go of its
#: copies at once, so that the lock ends with the process that took it
_HELD: set[int] = set()


def _forget_held_in_child() -> None:
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


os.register_at_fork(after_in_child=_forget_held_in_child)


def hold_alone(path: str) -> int:
    """Take ``PATH.lock`` for this process alone (a bot process: one per SQLite file); its descriptor.

    A second bot on the same file would answer every interaction a second time (two tables for one
    ``/play``).  The lock is the kernel's (``flock``): a process that dies, even killed, lets go of it.
    """
    shown = redact(path)
    try:
        fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except ValueError as exc:  # a NUL in the path
        raise CannotOpen(f"cannot open the SQLite file {shown} ({exc}): check DATABASE_PATH") from None
    except OSError as exc:
        raise CannotOpen(f"cannot create {shown}.lock beside the database ({exc.strerror}): "
                         "set DATABASE_PATH to a writable place") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise CannotOpen(f"another Mesa bot is already running on {shown}: stop it first (one bot process per "
                         "SQLite file; several processes need PostgreSQL, see the README's Storage)") from None
    _HELD.add(fd)
    return fd


def bot_holds(path: str) -> bool:
    """Whether a bot process holds ``path`` now (``hold_alone``); asks without making a lock file."""
    try:
        fd = os.open(f"{path}.lock", os.O_RDWR)
    except (OSError, ValueError):
        return False  # no lock file: no bot ever ran on it (or it cannot be opened, which is said later)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing lets go of the shared lock taken just now
    return False


def let_go(fd: int | None) -> None:
    if fd is not None and fd in _HELD:
        _HELD.discard(fd)
        os.close(fd)


class SqliteRepository(Repository):
    """The repository over one SQLite file.  Open with ``await SqliteRepository.connect(path)``."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = redact(path)  # logged at start (a URL mistaken for a path may hold a password)
        self._lock = asyncio.Lock()
        self._conn = SqliteConn(db)
        self._tx = Tx(self._conn)
        self._alone: int | None = None  # the lock file's descriptor, when opened ``alone``

    @classmethod
    async def connect(cls, path: str | Path, busy_timeout_ms: int = 5000, *, create: bool = True,
                      alone: bool = False) -> SqliteRepository:
        """Connect, set the pragmas and apply any migration this file has not seen yet.

        ``create=False`` opens only a file that exists and already holds Mesa's schema (what
        ``python -m data`` reads from): a mistyped path is refused in words, and no file is made.
        ``alone=True`` (a bot process) first takes the file for this process alone (``hold_alone``),
        until ``close``.
        """
        path = str(path)
        if alone and path != ":memory:" and (create or os.path.isfile(path)):  # a missing SOURCE: said below
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                held = hold_alone(path)
            except (OSError, ValueError):  # a folder that cannot be made, a NUL in the path: said in words
                return await cls.connect(path, busy_timeout_ms, create=create)
            try:
                repo = await cls.connect(path, busy_timeout_ms, create=create)
            except BaseException:
                let_go(held)
                raise
            repo._alone = held
            return repo
        shown = redact(path)
        if not create:
            if path == ":memory:" or not os.path.isfile(path):
                raise CannotOpen(f"there is no database file {shown}: name an existing Mesa database "
                                 "(a mistyped path?)")
        elif path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
                reason = exc.strerror if isinstance(exc, OSError) else str(exc)
                raise CannotOpen(f"cannot create the folder of {shown} ({reason}): "
                                 "set DATABASE_PATH to a writable place") from None
        # mode=rw: SQLite itself refuses to create the file (it may vanish after the check above)
        target, uri = (path, False) if create else (Path(path).resolve().as_uri() + "?mode=rw", True)
        try:
            connecting = aiosqlite.connect(target, isolation_level=None, uri=uri)
        except ValueError as exc:
            raise CannotOpen(f"cannot open the SQLite file {shown} ({exc}): check DATABASE_PATH") from None
        # aiosqlite's worker thread is not a daemon: a connection someone forgot to close would keep
        # the process alive at exit.  WAL keeps the file consistent even if the thread is cut off.
        worker = getattr(connecting, "_thread", None)
        if worker is not None and not worker.is_alive():
            worker.daemon = True
        try:
            db = await connecting
        except (sqlite3.Error, ValueError) as exc:  # ValueError: a NUL in the path
            # aiosqlite stops its worker thread without waiting: let it answer while this loop still runs
            # (else it answers a closed loop at exit, and prints a traceback after our one line)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5.0)
            raise CannotOpen(f"cannot open the SQLite file {shown} ({scrub(str(exc), [path])}): "
                             "check DATABASE_PATH") from None
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # before anything is written, even the journal mode
            version = await _refuse_newer(db)
            if version == 0 and not create:
                raise CannotOpen(f"{shown} holds no Mesa database (no schema): name an existing Mesa database")
            if not create and version < SCHEMA_VERSION:  # what reads (python -m data verify, copy) changes nothing
                raise CannotOpen(older_schema(shown, version))
            if create:
                await db.execute("PRAGMA journal_mode = WAL")
                await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db)
        except sqlite3.DatabaseError as exc:
            await db.close()
            if any(words in str(exc).lower() for words in _PASSING):  # a Mesa database another program holds now
                raise CannotOpen(f"{shown} is busy ({scrub(str(exc), [path])}): another program holds it; try again "
                                 "when it has finished") from None
            raise CannotOpen(f"{shown} is not a Mesa database ({scrub(str(exc), [path])}): check DATABASE_PATH"
                             ) from None
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()
        let_go(self._alone)
        self._alone = None

    async def damage(self) -> list[str]:
        """SQLite's own ``integrity_check``: pages a disk or a hand damaged, which row counts and replays may
        not touch (a file SQLite calls malformed passed ``verify``, and the bot then failed on it)."""
        try:
            async with self._lock, self._db.execute("PRAGMA integrity_check(20)") as cur:
                rows = [str(row[0]) for row in await cur.fetchall()]
        except sqlite3.DatabaseError as exc:
            return [f"SQLite cannot read the file ({exc})"]
        return [] if rows == ["ok"] else [f"SQLite finds it damaged: {row}" for row in rows]

    async def schema_version(self) -> int:
        async with self._lock, self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[SqliteConn]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[SqliteConn]:
        """A deferred read transaction: in WAL mode its first read fixes what every later one sees
        (another process may commit meanwhile; this one keeps reading the moment it began)."""
        async with self._lock:
            try:
                async with _faults():
                    await self._settle("BEGIN")
                yield self._conn
            finally:
                await self._end_open_transaction("COMMIT")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            try:
                async with _faults():  # another process holding the write lock past the busy timeout
                    await self._settle("BEGIN IMMEDIATE")
                try:
                    yield self._tx
                except BaseException:
                    await self._settle("ROLLBACK")
                    raise
                async with _faults():
                    await self._settle("COMMIT")
            finally:
                await self._end_open_transaction("ROLLBACK")

    async def _settle(self, sql: str) -> None:
        """Run a BEGIN, COMMIT or ROLLBACK to its end even when the task awaiting it is cancelled.

        A bot that stops cancels its ticker and Mesa's turns wherever they are.  Cancelled while the
        statement is on its way, a plain ``await`` would let go of the lock with the connection still
        inside a transaction, and every later one would fail ("cannot start a transaction within a
        transaction").  The cancellation is passed on once the statement is done.
        """
        statement = asyncio.ensure_future(self._db.execute(sql))
        try:
            await asyncio.shield(statement)
        except asyncio.CancelledError:
            while not statement.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(statement)
            if not statement.cancelled():
                statement.exception()  # its failure (a connection closed meanwhile) is the stop's: read, not logged
            raise

    async def _end_open_transaction(self, sql: str) -> None:
        """Leave the connection outside any transaction before the lock is let go: after a BEGIN
        or COMMIT that a cancellation (or a failed COMMIT) cut short, ``sql`` ends what is open.  A connection
        already closed (a bot stopping while a server's tables resumed: the stop cancelled the transaction) holds
        nothing open: there is nothing to end, and no second error to hide the cancellation behind."""
        try:
            open_now = self._db.in_transaction
        except ValueError:  # aiosqlite: "no active connection"
            return
        if open_now:
            await self._settle(sql)


async def _refuse_newer(db: aiosqlite.Connection) -> int:
    """The file's schema version; ``SchemaTooNew`` when a newer program wrote it."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > len(MIGRATIONS):
        raise SchemaTooNew(f"the database has schema {version}, newer than this program's {len(MIGRATIONS)}: "
                           "run the newer Mesa that wrote it (or restore a backup); nothing was changed")
    return version


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after the file's ``user_version`` up to ``target``; returns the new version.

    Each migration runs in its own transaction together with its ``user_version`` bump, so a
    failure leaves the database at the last complete version.  A file from a newer program is
    refused before anything is written.  The pending migrations go to SQLite as one script (one trip
    to aiosqlite's thread, not one per statement: a new file is ready in about half the time).
    """
    version = await _refuse_newer(db)
    if version >= target:
        return version
    script = "".join(f"BEGIN IMMEDIATE;\n{';'.join(statements(MIGRATIONS[v]))};\n"
                     f"PRAGMA user_version = {v + 1};\nCOMMIT;\n" for v in range(version, target))
    try:
        await db.executescript(script)
    except BaseException:
        if db.in_transaction:  # the migration that failed is undone; the ones before it stay
            await db.execute("ROLLBACK")
        raise
    for done in range(version + 1, target + 1):
        log.info("database migrated to schema %d", done)
    return target


__all__ = ["SqliteConn", "SqliteRepository", "StorageError", "migrate"]
