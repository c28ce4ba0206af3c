"""One bot process per part of Discord's traffic, on PostgreSQL: advisory locks held for the process's life.

Two bot processes that receive the same interactions both answer them: two tables for one ``/play``,
every move told twice.  On SQLite a bot takes its file alone (``data.sqlite.hold_alone``).  Several
processes share a PostgreSQL database by design (issue 19), each holding its own Discord shards, so
here each process holds what it answers (its ``Share``) with PostgreSQL's session advisory locks, on
one connection of its own kept open until it stops:

- every shard (no ``SHARD_IDS``, or ``SHARD_COUNT=auto``): the lock ``(BOT, WHOLE)`` exclusively;
- shards ``s1, s2, ...`` of ``n``: ``(BOT, WHOLE)`` shared (so a process holding every shard and one
  holding some cannot both run), ``(BOT, s)`` exclusively for each shard, and ``(COUNT, n)`` shared;
  another ``(COUNT, m)`` held in the database means a process split Discord's traffic otherwise
  (Discord sends a server to shard ``(id >> 22) % count``: two counts overlap), and is refused too.

A process that ends, even killed, closes its connection and the server lets go of its locks; a
process whose machine stopped is noticed by TCP keepalives on that connection (``KEEPALIVE``: within
about half a minute).  A new process therefore waits a little (``WAIT``) for a predecessor just killed
before it refuses.  Advisory locks belong to one database, so two Mesa databases on one server never
meet.  While the server restarts the connection dies and the locks with it: ``PgHold.renew`` (every
``RENEW_SECONDS``) takes them again once the server is back, and if another process took them
meanwhile it says so (``HoldLost``) and this process stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import asyncpg  # type: ignore[import-untyped]

from data.errors import CannotOpen, HoldLost
from data.models import Share

log = logging.getLogger(__name__)

#: the advisory locks' first keys ("Mesb", "Mesc"); the migration lock is "Mesa" (data.postgres)
BOT = 0x4D657362
COUNT = 0x4D657363
#: the second key of the lock that stands for every shard
WHOLE = -1
#: how long a start waits for a predecessor's locks (a process killed a moment ago), in seconds
WAIT = 3.0
#: how often a running process checks that it still holds its locks, in seconds
RENEW_SECONDS = 30.0
#: TCP keepalives on the holding connection: a silent peer is dropped after idle + interval × count seconds
KEEPALIVE = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}
#: the other shard count held in this database, if any: two-key advisory locks have objsubid 2
#: what a connection to a server that went away raises
_AWAY = (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
         asyncpg.exceptions.InternalClientError)
_OTHER_COUNT = """
SELECT objid::bigint FROM pg_locks
WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::bigint::oid
  AND objid <> $2::bigint::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
LIMIT 1
"""

#: the shards some process holds exclusively now (every-shard processes hold ``WHOLE``, oid 2**32 - 1)
_HELD_SHARDS = """
SELECT DISTINCT objid::bigint FROM pg_locks
WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::bigint::oid AND mode = 'ExclusiveLock'
  AND objid < $2::bigint::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""

#: whether any bot process holds a share of this database now
_BOTS_HOLDING = """
SELECT EXISTS (SELECT 1 FROM pg_locks
               WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::bigint::oid
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
"""


async def bots_holding(con: asyncpg.Connection) -> bool:
    """Whether a bot process runs on the database ``con`` is connected to (it holds a share there)."""
    return bool(await con.fetchval(_BOTS_HOLDING, BOT))


class _Taken(Exception):
    """One of the locks is another process's now (the message names it); retried until ``WAIT`` is over."""


class PgHold:
    """The locks of one ``Share`` on one connection of their own (module docstring)."""

    def __init__(self, url: str, shown: str, share: Share, *, connect_timeout: float = 5.0) -> None:
        self.url, self.shown, self.share = url, shown, share
        self.connect_timeout = connect_timeout
        self._con: asyncpg.Connection | None = None
        self._unheld: tuple[int, ...] = ()  # the shards of the count no process held at the last check

    async def _connect(self) -> asyncpg.Connection:
        name = f"mesa bot ({self.share.described()})"  # how pg_stat_activity names it to an operator
        return await asyncpg.connect(self.url, timeout=self.connect_timeout,
                                     server_settings={"application_name": name[:63], **KEEPALIVE})

    async def take(self, wait: float | None = None) -> None:
        """Take the share's locks, waiting up to ``wait`` seconds (``WAIT`` when None) for another holder to
        let go; ``CannotOpen`` saying who holds what when it does not."""
        loop = asyncio.get_running_loop()
        until = loop.time() + (WAIT if wait is None else wait)
        try:
            con = await self._connect()
        except _AWAY as exc:
            raise CannotOpen(f"cannot hold {self.share.described()} on {self.shown} ({type(exc).__name__}): "
                             "check the server, then start again") from None
        waited = False
        try:
            while True:
                try:
                    await self._take_on(con)
                    break
                except _Taken as taken:
                    if loop.time() >= until:
                        raise CannotOpen(str(taken)) from None
                    if not waited:  # said once: an operator sees why the start pauses
                        log.info("cannot hold %s on %s yet, another Mesa bot is in the way; waiting up to %.0f s "
                                 "in case it was just stopped", self.share.described(), self.shown,
                                 until - loop.time())
                        waited = True
                await asyncio.sleep(min(0.25, max(0.0, until - loop.time())))
        except BaseException:
            await _closed(con)
            raise
        self._con = con
        log.info("holding %s on %s", self.share.described(), self.shown)

    async def _take_on(self, con: asyncpg.Connection) -> None:
        """All the share's locks on ``con``, or none of them (``_Taken`` saying which one is held)."""
        share = self.share
        try:
            if share.whole:
                if not await con.fetchval("SELECT pg_try_advisory_lock($1, $2)", BOT, WHOLE):
                    raise _Taken(f"another Mesa bot is already running on {self.shown}: stop it first (several "
                                 "bot processes on one database each need their own SHARD_IDS, see the README)")
                return
            if not await con.fetchval("SELECT pg_try_advisory_lock_shared($1, $2)", BOT, WHOLE):
                raise _Taken(f"another Mesa bot on {self.shown} answers every shard (it has no SHARD_IDS): stop it "
                             "first, or give every process its own SHARD_IDS of one SHARD_COUNT")
            for shard in share.shards:
                if not await con.fetchval("SELECT pg_try_advisory_lock($1, $2)", BOT, shard):
                    raise _Taken(f"another Mesa bot on {self.shown} already holds shard {shard}: stop it first, "
                                 "or give this process other SHARD_IDS")
            # shared with every process of this count: never refused
            await con.fetchval("SELECT pg_try_advisory_lock_shared($1, $2)", COUNT, share.count)
            other = await con.fetchval(_OTHER_COUNT, COUNT, share.count)
            if other is not None:
                raise _Taken(f"another Mesa bot on {self.shown} runs with SHARD_COUNT={other}, this one with "
                             f"SHARD_COUNT={share.count}: every process needs the same SHARD_COUNT")
        except _Taken:
            await con.execute("SELECT pg_advisory_unlock_all()")  # none of them, so a retry starts clean
            raise

    async def renew(self) -> None:
        """Check the holding connection; after the server went away, take the locks again once it is back.

        Nothing happens while the server is still away (every operation fails meanwhile anyway: it is
        tried again at the next check).  ``HoldLost`` when another process took the share meanwhile."""
        con = self._con
        if con is not None and not con.is_closed():
            try:
                await self._check_every_shard(con)
                return
            except _AWAY:
                pass
        if con is not None:
            await _closed(con)
        self._con = None
        try:
            con = await self._connect()
        except _AWAY:
            return  # still away
        try:
            await self._take_on(con)
        except _Taken as taken:
            await _closed(con)
            raise HoldLost(f"{taken} (it started while the database was away); this one stops") from None
        except BaseException:
            await _closed(con)
            raise
        self._con = con
        log.info("holding %s on %s again", self.share.described(), self.shown)

    async def _check_every_shard(self, con: asyncpg.Connection) -> None:
        """Sharded processes split Discord's traffic among them: a shard no process holds is servers whose
        interactions nobody answers (a process not started, or stopped for good).  Warned once for each
        new gap, from the first check on (a rolling start has ``RENEW_SECONDS`` to fill it), and said
        when it closes; every process of the share warns, so whichever log the operator reads says it."""
        count = self.share.count
        if self.share.whole or count is None:
            await con.fetchval("SELECT 1")
            return
        held = {int(row[0]) for row in await con.fetch(_HELD_SHARDS, BOT, count)}
        unheld = tuple(s for s in range(count) if s not in held)
        if unheld == self._unheld:
            return
        if unheld:
            ids = ",".join(map(str, unheld))
            log.warning("no Mesa bot on %s holds shard%s %s of %d, so nobody answers the servers there: start "
                        "a process with SHARD_IDS=%s SHARD_COUNT=%d", self.shown, "s" if len(unheld) > 1 else "",
                        ids, count, ids, count)
        else:
            log.info("every shard of %d is held on %s again", count, self.shown)
        self._unheld = unheld

    async def watch(self, lost: Callable[[HoldLost], None], every: float = RENEW_SECONDS) -> None:
        """``renew`` every ``every`` seconds until cancelled; ``lost`` is told once if the share is lost."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.renew()
            except HoldLost as exc:
                lost(exc)
                return
            except _AWAY as exc:  # the server went away again while the locks were being taken: next time
                log.warning("could not take %s again on %s yet (%s)", self.share.described(), self.shown,
                            type(exc).__name__)

    async def release(self) -> None:
        """Let go (closing the connection lets go of every lock on it)."""
        con, self._con = self._con, None
        if con is not None:
            await _closed(con)

    @property
    def held(self) -> bool:
        return self._con is not None and not self._con.is_closed()


async def _closed(con: asyncpg.Connection) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(con.close(), 2.0)
    if not con.is_closed():
        con.terminate()


__all__ = ["HoldLost", "PgHold", "Share", "bots_holding"]
