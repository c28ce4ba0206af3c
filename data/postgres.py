"""The PostgreSQL implementation of the repository contract (asyncpg), for several bot processes.

A pool of connections; each transaction holds one connection from ``BEGIN`` to ``COMMIT``.  The
shared SQL of ``data.repository`` is written with ``?``; ``PgConn`` numbers them ``$1, $2, ...``.
Isolation is PostgreSQL's default, READ COMMITTED, which is enough because every write that could
race says what it expects: ``UPDATE ... WHERE version = $n`` waits for a concurrent writer of the
row and then finds the version moved on (``StaleVersion``); the move log's primary key refuses a
second move with the same number; the ratings of a server are changed under an advisory lock.

A server that goes away (a restart, a failover) makes operations fail with ``StorageUnavailable``
("try again in a moment"), rolled back, never half-written, with one warning line and no traceback
(issue 29): every connection error class of asyncpg and of the socket is one (``_GONE``).  The
connection it happened on is dropped, so once the server is back the next operation connects
afresh: no restart of the bot is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg  # type: ignore[import-untyped]

from data.errors import CannotOpen, SchemaTooNew, StorageUnavailable
from data.holds import RENEW_SECONDS, HoldLost, PgHold, Share, bots_holding
from data.redaction import redact, scrub
from data.repository import Conflict, Repository, Tx
from data.schema import PG_VERSION_TABLE, older_schema, postgres_migrations, statements

log = logging.getLogger(__name__)

#: the advisory lock every process takes while migrating, so two starting at once queue
_MIGRATION_LOCK = 0x4D657361  # "Mesa"
CONNECT_TIMEOUT = 5.0

#: what a server that has gone away looks like to asyncpg (class 08: connection exceptions; 57P:
#: an operator shut the server down; 53: out of connections while it restarts; a socket that closed or
#: never opened; the client's own confusion about a connection cut in the middle of an operation,
#: ``InternalClientError``: "another operation is in progress" on a connection that died mid-query)
_GONE: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.InsufficientResourcesError,
)


def _placeholders(sql: str, cache: dict[str, str] = {}) -> str:  # noqa: B006 - a deliberate memo
    """``?`` -> ``$1, $2, ...`` (the shared SQL has no ``?`` inside a literal)."""
    converted = cache.get(sql)
    if converted is None:
        parts = sql.split("?")
        converted = parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], start=1))
        if len(cache) < 4096:
            cache[sql] = converted
    return converted


def _rowcount(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except (ValueError, IndexError):
        return 0


def _why_not(url: str, exc: Exception) -> str:
    """The one line ``connect`` says when asyncpg could not open ``url``, never its password.

    Only the library's words are scrubbed (it may have quoted the password); the URL is shown redacted,
    so a password that is also a word of the URL (``postgresql://mesa:mesa@host/mesa``) hides nothing else.
    """
    shown = redact(url)
    reason = scrub(str(exc).splitlines()[0], [url]) if str(exc) else type(exc).__name__
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return f"PostgreSQL refused the password for {shown}: fix the user or password in DATABASE_URL"
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return f"PostgreSQL refused the user of {shown} ({reason}): fix DATABASE_URL or the server's pg_hba.conf"
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        database = unquote(urlsplit(redact(url)).path.lstrip("/")) or "(default)"
        return f"the database {database} does not exist on {shown}: create it (createdb {database}) or fix DATABASE_URL"
    if isinstance(exc, socket.gaierror):
        return f"the PostgreSQL host of {shown} is unknown: fix the host in DATABASE_URL"
    if isinstance(exc, OverflowError):  # a port past 65535 (the socket refuses it, asyncpg does not)
        return f"cannot use {shown} (a port is a number from 1 to 65535): fix DATABASE_URL"
    if isinstance(exc, (TimeoutError, OSError, asyncpg.CannotConnectNowError)):
        return f"cannot reach PostgreSQL at {shown} ({reason}): start the server or fix DATABASE_URL"
    return f"cannot use {shown} ({reason}): fix DATABASE_URL"  # a malformed URL (ValueError), a server's refusal


def _drop(con: asyncpg.Connection) -> None:
    """Close a connection at once and for good, whatever state it is in (a failed release may already
    have handed it back to the pool, and a dead one may be closed already: both are fine)."""
    with contextlib.suppress(Exception):
        con.terminate()


class PgConn:
    """``Conn`` over one asyncpg connection."""

    def __init__(self, con: asyncpg.Connection, repo: PostgresRepository) -> None:
        self.con = con
        self._repo = repo

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async with self._repo._faults(self.con):
            return list(await self.con.fetch(_placeholders(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        async with self._repo._faults(self.con):
            return await self.con.fetchrow(_placeholders(sql), *params)  # type: ignore[no-any-return]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._repo._faults(self.con):
            try:
                return _rowcount(await self.con.execute(_placeholders(sql), *params))
            except asyncpg.UniqueViolationError as exc:
                raise Conflict(str(exc)) from None

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        async with self._repo._faults(self.con):
            try:
                await self.con.executemany(_placeholders(sql), rows)
            except asyncpg.UniqueViolationError as exc:
                raise Conflict(str(exc)) from None

    async def columns(self, table: str) -> list[str]:
        rows = await self.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? ORDER BY ordinal_position", (table,))
        return [str(r[0]) for r in rows]


class PgTx(Tx):
    async def _serialise(self, key: str) -> None:
        await self._c.fetch("SELECT pg_advisory_xact_lock(hashtext(?))", (key,))

    async def after_load(self) -> None:
        await self._c.fetch(
            "SELECT setval(pg_get_serial_sequence('tables', 'id'), COALESCE((SELECT MAX(id) FROM tables), 0) + 1, "
            "false)")
        await self._c.fetch(  # issue 31: tournaments are numbered the same way
            "SELECT setval(pg_get_serial_sequence('tournaments', 'id'), "
            "COALESCE((SELECT MAX(id) FROM tournaments), 0) + 1, false)")


class PostgresRepository(Repository):
    """The repository over a PostgreSQL database.  Open with ``await PostgresRepository.connect(url)``."""

    dialect = "postgresql"
    _skip_locked = " FOR UPDATE SKIP LOCKED"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self.path = redact(url)
        self._hold: PgHold | None = None
        self._watch: asyncio.Task[None] | None = None

    async def hold(self, share: Share, *, every: float = RENEW_SECONDS) -> None:
        """Hold ``share`` for this bot process until ``close`` (``data.holds``): ``CannotOpen`` saying which
        process holds what when another does (after ``data.holds.WAIT`` seconds for one just killed to let
        go); then checked every ``every`` seconds (``share_lost``)."""
        hold = PgHold(self._url, self.path, share, connect_timeout=CONNECT_TIMEOUT)
        await hold.take()
        self._hold = hold
        self._watch = asyncio.create_task(hold.watch(self._lost, every), name="mesa-share-hold")

    async def bots_running(self) -> bool:
        async with self._faults(), self._pool.acquire() as con:
            return await bots_holding(con)

    def _lost(self, exc: HoldLost) -> None:
        log.error("%s", exc)
        if self.share_lost is not None:
            self.share_lost(exc)

    async def renew_hold(self) -> None:
        """What the watch does every ``every`` seconds, at once (tests; ``HoldLost`` raised, not told)."""
        if self._hold is not None:
            await self._hold.renew()

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 0, max_size: int = 10, create: bool = True
                      ) -> PostgresRepository:
        """Connect a pool, then apply any migration the database has not seen yet.

        Every failure becomes one ``CannotOpen`` line that names the server (never the password:
        ``data.redaction``) and says what to do.  ``create=False`` opens only a database that already
        holds Mesa's schema (what ``python -m data`` reads from), and writes nothing to one that does not.

        ``min_size`` is 0: a pool that keeps a floor of connections reconnects in the background while
        the server restarts and logs a traceback at every failed try (issue 29: one line per fault);
        without a floor, connections are made when an operation needs one.  The server is asked once
        here all the same, so an unreachable one stops the program at start-up.
        """
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=CONNECT_TIMEOUT,
                                             command_timeout=60)
        except Exception as exc:
            raise CannotOpen(_why_not(url, exc)) from None
        try:
            await pool.release(await pool.acquire(timeout=CONNECT_TIMEOUT))
        except Exception as exc:
            pool.terminate()
            raise CannotOpen(_why_not(url, exc)) from None
        repo = cls(pool, url)
        try:
            if not create:
                async with pool.acquire() as con:
                    version = await cls._version(con)
                if version == 0:
                    raise CannotOpen(f"{repo.path} holds no Mesa database (no schema): name an existing "
                                     "Mesa database")
                if version < len(postgres_migrations()):  # what reads (verify, copy's source) changes nothing
                    raise CannotOpen(older_schema(repo.path, version))
            await repo._migrate()
        except BaseException:
            await pool.close()
            raise
        return repo

    async def _migrate(self) -> int:
        """Apply the missing migrations, each in a transaction with its version bump, under a lock."""
        migrations = postgres_migrations()
        async with self._pool.acquire() as con:
            version = await self._version(con)
            if version > len(migrations):
                raise SchemaTooNew(f"the database {self.path} has schema {version}, newer than this program's "
                                   f"{len(migrations)}: run the newer Mesa that wrote it; nothing was changed")
            while version < len(migrations):
                async with con.transaction():
                    await con.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                    await con.execute(PG_VERSION_TABLE)
                    version = await self._version(con)  # another process may have migrated meanwhile
                    if version >= len(migrations):
                        break
                    if version == 0 and await con.fetchval("SELECT COUNT(*) FROM mesa_schema") == 0:
                        await con.execute("INSERT INTO mesa_schema (version) VALUES (0)")
                    for statement in statements(migrations[version]):
                        await con.execute(statement)
                    await con.execute("UPDATE mesa_schema SET version = $1", version + 1)
                version += 1
                log.info("database migrated to schema %d", version)
        return version

    @staticmethod
    async def _version(con: asyncpg.Connection) -> int:
        exists = await con.fetchval("SELECT to_regclass('mesa_schema') IS NOT NULL")
        if not exists:
            return 0
        value = await con.fetchval("SELECT MAX(version) FROM mesa_schema")
        return int(value or 0)

    async def schema_version(self) -> int:
        async with self._faults(), self._pool.acquire() as con:
            return await self._version(con)

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
            self._watch = None
        if self._hold is not None:
            await self._hold.release()
            self._hold = None
        await self._pool.close()

    @asynccontextmanager
    async def _faults(self, con: asyncpg.Connection | None = None) -> AsyncIterator[None]:
        """Turn "the server went away" into ``StorageUnavailable`` (one log line, no traceback: it is
        expected while the server restarts) and drop the connection it happened on.

        A connection cut in the middle of an operation may be left believing that operation still
        runs ("another operation is in progress" at its next use), so it is never used again; the
        connections resting in the pool noticed the server's going themselves, and the pool opens new
        ones when an operation needs them.  (``Pool.expire_connections`` is not used: it closes the old
        ones in tasks nobody awaits, whose broken-pipe failures asyncio logs as tracebacks.)
        """
        try:
            yield
        except _GONE as exc:
            if con is not None:
                _drop(con)
            log.warning("PostgreSQL unavailable (%s)", type(exc).__name__)
            raise StorageUnavailable("the database is unavailable for a moment; nothing was written") from None

    @asynccontextmanager
    async def _acquire(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._faults():
            con = await self._pool.acquire()
        try:
            yield con
        finally:
            try:
                await self._pool.release(con)
            except Exception:  # a connection that died with the server: the pool replaces it
                _drop(con)

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[PgConn]:
        async with self._acquire() as con:
            yield PgConn(con, self)

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[PgConn]:
        """A read-only REPEATABLE READ transaction: every read sees the moment of the first one."""
        async with self._acquire() as con:
            tr = con.transaction(isolation="repeatable_read", readonly=True)
            async with self._faults(con):
                await tr.start()
            try:
                yield PgConn(con, self)
            finally:
                try:
                    await tr.rollback()  # nothing was written; ending it is all that is left
                except Exception:  # the connection is gone: the server already ended it
                    _drop(con)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._acquire() as con:
            tr = con.transaction()
            async with self._faults(con):
                await tr.start()
            try:
                yield PgTx(PgConn(con, self))
            except BaseException:
                try:
                    await tr.rollback()
                except Exception:  # the connection is gone: the server already rolled back
                    _drop(con)
                raise
            async with self._faults(con):
                await tr.commit()
