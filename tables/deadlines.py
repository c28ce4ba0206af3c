"""Deadlines: reminders before a player's time per move runs out, and what happens when it does.

The ticker (``tick``, every ``TICK_SECONDS``) claims the tables that are due (issue 19: a claim is
one process's for ``CLAIM_SECONDS``, so two processes never send the same reminder or time out the
same move twice, and a dead process's claims lapse; ``tables.claims`` renews them while the work
runs), plays Mesa's due moves first (a restart resumes Mesa's turn: ``tables.due_turns``), sends the
half-time and late reminders, and at the deadline plays the time-out (``Play.timeout``); then it
closes invitations that waited too long (``GuildLife``).  Each table's messages are handed to the
front end as soon as they are made (issue 29, item 5c), not when the whole tick ends; last, it hands out
again the reminders no front end confirmed (``Reminders``: at least once, issue 29, item 2).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta

from data.models import ACTIVE, now_iso, parse_iso
from tables.claims import CLAIM_SECONDS, Claims
from tables.due_turns import DueTurns
from tables.errors import TableError
from tables.finish import LATE
from tables.follow import Deliver
from tables.guild_life import GuildLife
from tables.mesa import MesaSeats, is_mesa
from tables.outbox import Message
from tables.play import Play
from tables.posts import Posts
from tables.reminders import Reminders
from tables.store import TableStore

log = logging.getLogger("tables.service")

__all__ = ["CLAIM_SECONDS", "DAMAGED_RECHECK_SECONDS", "Deadlines"]

#: how often the tick looks again at a damaged table whose deadline is due (and logs it again)
DAMAGED_RECHECK_SECONDS = 3600


class Deadlines:
    """The ticker's work: due Mesa moves, reminders, time-outs, expired invitations."""

    def __init__(self, store: TableStore, posts: Posts, play: Play, mesa: MesaSeats, guild_life: GuildLife,
                 claims: Claims, due: DueTurns, reminders: Reminders) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts
        self.play = play
        self.mesa = mesa
        self.guild_life = guild_life
        self.claims = claims
        self.due = due
        self.reminders = reminders
        #: more periodic work, run at the end of every tick (issue 31: tournaments whose round a crash left
        #: unfinished); a sweep that fails is logged and the tick goes on
        self.sweeps: list[Callable[[], Awaitable[list[Message]]]] = []
        #: damaged tables the tick met -> when to look at them again: a hand may mend the row, but until then
        #: their error (and its traceback) is logged once every ``DAMAGED_RECHECK_SECONDS``, not at every tick
        self.damaged: dict[int, datetime] = {}

    # ---- the tick (issue 29, item 5c) ---------------------------------------------------------------
    async def tick(self, deliver: Deliver | None = None, *, background: bool = False) -> list[Message]:
        """Play Mesa's due turns, send due reminders and play due time-outs (idempotent; call it every
        minute or so).

        Each table's messages go to ``deliver`` as soon as that table's work is done, so one table's
        board never waits for the next table's work; without ``deliver`` they are gathered and returned
        (tests).  ``background``: Mesa's due turns are handed to background tasks (``DueTurns.start``,
        the bot's ticker) and the tick goes on at once; otherwise they are played in turn, here.  A
        failed delivery is logged and the tick goes on (the ticker posts missed boards again).
        """
        gathered: list[Message] = []

        async def gather(messages: list[Message]) -> None:
            gathered.extend(messages)

        hand = deliver or gather
        now = self.store.now()
        claimed = await self.claims.claim_due(now)
        held = list(claimed)  # the claims this tick still has to give back
        try:
            for table_id in claimed:
                if table_id in self.damaged and now < self.damaged[table_id]:  # damaged, logged a moment ago
                    held.remove(table_id)
                    await self.claims.release(table_id)
                    continue
                self.damaged.pop(table_id, None)
                if await self.mesa.to_move(table_id):  # Mesa plays before any reminder or deadline
                    held.remove(table_id)  # DueTurns gives this claim back when Mesa's turns are done
                    if background:
                        self.due.start(table_id, hand)
                    else:
                        await self.due.play(table_id, hand)
                    continue
                try:
                    async with self.store.lock(table_id):
                        messages = await self._tick_table(table_id, now)
                except TableError as exc:
                    log.error("table %d: deadline skipped (%s)", table_id, exc.key)
                    if exc.key == "error.damaged":
                        self.damaged[table_id] = now + timedelta(seconds=DAMAGED_RECHECK_SECONDS)
                    messages = []
                finally:
                    held.remove(table_id)
                    await self.claims.release(table_id)
                await _handed(hand, messages, table_id)
        finally:
            for table_id in held:  # the tick failed (the database went away): no claim is left renewed
                await self.claims.release(table_id)
        await _handed(hand, await self.guild_life.expire_invitations(), None)  # issue 15, defect 4
        # last, once this tick's tables are done: their time-outs and newer reminders make older ones moot
        again: list[Message] = [*await self.reminders.unconfirmed(now)]  # issue 29, item 2
        await _handed(hand, again, None)
        for sweep in self.sweeps:
            try:
                swept = await sweep()
            except Exception as exc:
                log.error("a sweep failed (%s)", type(exc).__name__)
                continue
            await _handed(hand, swept, None)
        return gathered

    async def _tick_table(self, table_id: int, now: datetime) -> list[Message]:
        ctx = await self.store.load(table_id)
        deadline = parse_iso(ctx.row.turn_deadline)
        if ctx.row.status != ACTIVE or deadline is None:
            async with self.repo.transaction() as tx:
                await tx.set_next_event(table_id, None)
            return []
        seconds = ctx.options.time_per_move
        started = deadline - timedelta(seconds=seconds)
        actors = ctx.acting(ctx.state)
        if now >= deadline:
            return await self.play.timeout(ctx, actors)
        late_at = started + timedelta(seconds=seconds * LATE)
        kinds = ["half"] + (["late"] if now >= late_at else [])
        users = [row.user_id for seat in actors if (row := ctx.by_seat(seat)) is not None and not is_mesa(row.user_id)]
        async with self.repo.transaction() as tx:
            messages: list[Message] = [*await self.reminders.record(tx, ctx, kinds, users, now)]
            next_event = now_iso(late_at if now < late_at else deadline)
            await tx.set_next_event(table_id, next_event)
        ctx.row = replace(ctx.row, next_event_at=next_event)
        self.store.remember(ctx)
        return messages


async def _handed(deliver: Deliver, messages: list[Message], table_id: int | None) -> None:
    """One table's messages to the front end; a failure there must not stop the other tables' work."""
    if not messages:
        return
    try:
        await deliver(messages)
    except Exception as exc:  # the ticker retries missed boards; the log names the table and the type only
        log.error("table %s: the tick's messages were not delivered (%s)", table_id, type(exc).__name__)
