"""One background task per table at a time: started, waited for, stopped.

Mesa's turns run in background tasks in two places: on Discord after a delivered board says Mesa acts
next (``cogs.mesa.MesaTurns``), and in the ticker for the turns it finds due (``tables.due_turns``).
Both need the same bookkeeping: at most one task per table, a failure logged by the table and the
exception's type only (a move's content may hold a secret), ``idle`` for tests and benchmarks, and
``stop`` when the bot closes (a move is stored in one transaction or not at all; the next start plays
what is left).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("tables.service")


class TableTasks:
    """Background tasks keyed by table; ``what`` names their work in the log ("Mesa's turn")."""

    def __init__(self, name: str, what: str) -> None:
        self.name = name
        self.what = what
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.stopped = False

    def running(self, table_id: int) -> bool:
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    def start(self, table_id: int, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` for the table in a task of its own (none once stopped: the next start plays it)."""
        if not self.stopped:
            self.tasks[table_id] = asyncio.create_task(self._run(table_id, work), name=f"{self.name}-{table_id}")

    async def _run(self, table_id: int, work: Callable[[], Awaitable[None]]) -> None:
        try:
            await work()
        except Exception as exc:  # the ticker tries again; the log names the table and the type only
            log.error("table %d: %s failed (%s)", table_id, self.what, type(exc).__name__)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]

    async def idle(self) -> None:
        """Wait until every task has ended (tests, benchmarks)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)

    async def stop(self) -> None:
        """Cancel every task and wait for them: the bot closes."""
        self.stopped = True
        running = list(self.tasks.values())
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running)
