"""The clock: deadlines, reminders, Mesa's due moves and boards Discord did not take, on a timer.

The service decides what is due (``TableService.tick``, ``missed_posts``); the ticker delivers it,
each table's messages as soon as they are made (issue 29, item 5c).  Mesa's turns a tick finds due
(a restart) go on in the service's background tasks (``TableService.due_turns``) and deliver through
the same path, so a tick never waits for Mesa's searches.  ``cogs.client`` starts ``run`` once the
bot is ready to post, and cancels it when the bot closes (which stops those turns too).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from cogs.delivery import Delivery, PostFailed
from cogs.part import ServicePart
from tables import Message, Reminder, TableService
from tables.errors import TryAgain

log = logging.getLogger("mesa.discord")

#: a board not delivered this long after its table changed is posted again by the ticker (issue 15)
MISSED_AFTER_SECONDS = 60.0


class Ticker(ServicePart):
    """One per bot.  ``serves_guild`` says whether this process holds a server's shard (issue 19)."""

    def __init__(self, service: Callable[[], TableService], delivery: Delivery,
                 serves_guild: Callable[[int], bool]) -> None:
        super().__init__(service)
        self.delivery = delivery
        self.serves_guild = serves_guild

    async def run(self, every: float) -> None:
        """Deadlines and reminders every ``every`` seconds, until cancelled.

        First, once per start: the boards a previous process stored but never posted (it died
        between a move and its board); then a tick at once, so a Mesa turn or a deadline left by the
        previous process is played now rather than a tick later.
        """
        try:
            try:
                await self.post_missed()
            except asyncio.CancelledError:
                raise
            except TryAgain:  # the database is away for a moment (logged where it failed): the ticker retries
                log.info("posting missed boards: the database is unavailable; the ticker tries again")
            except Exception:
                log.exception("posting missed boards failed")
            while True:
                try:
                    await self.tick()
                except asyncio.CancelledError:
                    raise
                except TryAgain:  # expected while PostgreSQL restarts: one line, no traceback (issue 29)
                    log.info("tick skipped: the database is unavailable; the next tick tries again")
                except Exception:
                    log.exception("tick failed")
                await asyncio.sleep(every)
        finally:  # the bot closes: Mesa's due turns stop too (the next start plays them)
            await self.service.due_turns.stop()

    async def remind(self, reminders: list[Reminder]) -> None:
        """Each reminder DM, then its confirmation (issue 29, item 2): one not confirmed, because this
        process died first, is handed out again by a later tick, of this process or another."""
        for reminder in reminders:
            if await self.delivery.remind(reminder):  # one Discord kept from the player comes again later
                await self.service.reminder_delivered(reminder.table_id, reminder.user_id, reminder.version,
                                                      reminder.kind)

    async def post_missed(self) -> None:
        """At start-up: post the boards, results and invitations stored by a process that died before
        posting them (or that Discord refused): one refused again does not hold up the others."""
        for message in await self.service.missed_posts():
            if not await self._ours(message.table_id):
                continue
            log.info("table %d: posting a board a previous process did not post", message.table_id)
            try:
                await self.delivery.deliver([message], None)
            except PostFailed:
                log.info("table %d: the board still cannot be posted", message.table_id)

    async def _deliver(self, messages: list[Message]) -> None:
        """One table's messages of a tick (or one of Mesa's moves from a due turn), posted at once; one
        Discord did not take is stored and posted on a later tick (``missed_posts``), like any missed board."""
        reminders = [m for m in messages if isinstance(m, Reminder)]
        try:
            others: list[Message] = [m for m in messages if not isinstance(m, Reminder)]
            if others:
                await self.delivery.deliver(others, None)
        except PostFailed as exc:
            log.info("table %d: a post of the tick was not taken; retried later", exc.table_id)
        finally:
            await self.remind(reminders)  # each DM, then its confirmation (at least once, issue 29)

    async def _ours(self, table_id: int) -> bool:
        """Issue 19: whether this process holds the shard of the table's server.  Several processes
        share one database; each posts the missed boards of its own servers, so none is posted twice."""
        return self.serves_guild((await self.delivery.place(table_id)).guild_id)

    async def tick(self) -> None:
        await self.service.tick(self._deliver, background=True)
        # issue 15, defect 2: boards Discord refused (a locked thread, a Discord outage) are retried
        # here, not only at the next start, and invitations too (issue 29, item 11); a table changed
        # in the last minute may still be delivering
        for message in await self.service.missed_posts(settled_seconds=MISSED_AFTER_SECONDS):
            if not await self._ours(message.table_id):
                continue
            log.info("table %d: posting a board that was not delivered", message.table_id)
            try:
                await self.delivery.deliver([message], None)
            except PostFailed:
                log.info("table %d: the board still cannot be posted", message.table_id)
