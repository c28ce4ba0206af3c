"""This process's claims on due tables, renewed while their work runs (issue 29, item 5d).

Several processes tick one database (issue 19), so the ticker first *claims* the tables that are due
(``Repository.claim_due_tables``): a lease of ``CLAIM_SECONDS`` that no other process takes over
while it holds, and that lapses by itself if this process dies.  A lease of fixed length was enough
while a tick's work was short.  It is not any more: Mesa's turns the ticker finds due now run in the
background (``tables.due_turns``) and may wait their turn behind other searches (``tables.thinking``:
one user's fifty games take one worker), and a tick of many tables works through them one after the
other.  A lease that lapsed in the middle would let another process start the same work (the
version check would refuse the second move, but both would think).

So every claim this process holds is renewed, all at once in one statement, every ``RENEW_SECONDS``
(a quarter of the lease) until the work is done and the claim released.  A claim found lost (this
process stalled past its lease and another took the table) is only logged: the other process does
the work, and the version check refuses whichever move comes second.

Time: the leases are dated on the service's clock (the console's is a pretend one); the renewals
are paced by ``sleep``, the event loop's by default, and a test passes its own.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from data.models import now_iso
from data.repository import Repository

log = logging.getLogger("tables.service")

#: how long a process's claim on a due table lasts unless renewed (issue 19); a dead process's lapse
CLAIM_SECONDS = 120
#: how often the claims held are renewed while their work runs (a quarter of the lease: three
#: renewals may fail, or come late, before one lapses)
RENEW_SECONDS = CLAIM_SECONDS / 4

Sleep = Callable[[float], Awaitable[None]]


class Claims:
    """The tables this process has claimed (``claim_due``) and not yet given back (``release``)."""

    def __init__(self, repo: Repository, now: Callable[[], datetime], claimant: str, *,
                 sleep: Sleep = asyncio.sleep) -> None:
        self.repo = repo
        self.now = now
        self.claimant = claimant
        self.sleep = sleep
        self.held: set[int] = set()
        self._renewer: asyncio.Task[None] | None = None
        self._sleeping = False
        self._swept_dead = False

    def _until(self) -> str:
        return now_iso(self.now() + timedelta(seconds=CLAIM_SECONDS))

    async def claim_due(self, now: datetime) -> list[int]:
        """Claim the tables due at ``now`` (in the order they fell due); renewed until released.  The first
        time, the claims of this machine's processes that are dead are given back (``release_dead``)."""
        if not self._swept_dead:
            self._swept_dead = True
            await self.release_dead()
        claimed = await self.repo.claim_due_tables(now_iso(now), self.claimant, self._until())
        if claimed:
            self.held.update(claimed)
            if self._renewer is None or self._renewer.done():
                self._renewer = asyncio.create_task(self._renewing(), name="mesa-claims")
        return claimed

    async def claim(self, table_id: int) -> bool:
        """Claim one table now, whatever its due time (Mesa's turn played inline, after its player's move: another
        process's tick found the table due at once and thought the same turn too); renewed until released.  False:
        another process holds it, and plays that turn."""
        if not await self.repo.claim_table(table_id, self.claimant, now_iso(self.now()), self._until()):
            return False
        self.held.add(table_id)
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renewing(), name="mesa-claims")
        return True

    async def release_dead(self) -> None:
        """Give back the claims of the processes of this machine that are gone (a bot killed and started
        again: its claims would otherwise keep Mesa's turn or a time-out waiting until their lease lapsed,
        up to ``CLAIM_SECONDS``).  A claimant is ``host:pid:token`` (``TableService``); only this host's,
        of a process id that no longer runs, is given back: another machine's process, or a live one
        here, keeps its claims."""
        host, mine = _host_and_pid(self.claimant)
        for owner in await self.repo.claimants():
            their_host, pid = _host_and_pid(owner)
            if their_host == host and pid is not None and pid != mine and not _running(pid):
                released = await self.repo.release_claims_of(owner)
                log.info("%d claims of a process that is gone given back", released)

    async def release(self, table_id: int) -> None:
        """The table's work is done: give the claim back.  Never renewed again, even when the database
        cannot be told now (its lease then lapses by itself)."""
        self.held.discard(table_id)
        if not self.held and self._sleeping and self._renewer is not None:
            self._renewer.cancel()  # nothing left to renew; only ever cancelled between renewals
            self._renewer = None
        try:
            await self.repo.release_claim(table_id, self.claimant)
        except Exception as exc:  # the lease lapses by itself; the log names the table and the type only
            log.warning("table %d: claim not given back (%s)", table_id, type(exc).__name__)

    async def renew(self) -> None:
        """Extend every claim held to ``CLAIM_SECONDS`` from now (one statement)."""
        held = sorted(self.held)
        if not held:
            return
        kept = set(await self.repo.renew_claims(held, self.claimant, self._until()))
        for table_id in held:
            if table_id not in kept and table_id in self.held:
                log.warning("table %d: this process's claim had lapsed; another process may do its work", table_id)

    async def _renewing(self) -> None:
        while self.held:
            self._sleeping = True
            try:
                await self.sleep(RENEW_SECONDS)
            finally:
                self._sleeping = False
            try:
                await self.renew()
            except Exception as exc:  # the database is away: try again at the next round
                log.warning("claims not renewed (%s)", type(exc).__name__)

    async def stop(self) -> None:
        """The service closes: stop renewing (the claims still held lapse by themselves)."""
        renewer, self._renewer = self._renewer, None
        if renewer is not None and not renewer.done():
            renewer.cancel()
            await asyncio.wait([renewer])


def _host_and_pid(claimant: str) -> tuple[str, int | None]:
    host, _, rest = claimant.partition(":")
    pid = rest.partition(":")[0]
    return host, int(pid) if pid.isdigit() else None


def _running(pid: int) -> bool:
    """Whether a process of this machine with that id runs (one we may not signal runs too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
