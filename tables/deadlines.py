"""Deadlines: reminders before a player's time per move runs out, and what happens when it does.

The ticker (``tick``, every ``TICK_SECONDS``) claims the tables that are due (issue 19: a claim is
one process's for ``CLAIM_SECONDS``, so two processes never send the same reminder or time out the
same move twice, and a dead process's claims lapse), plays Mesa's due moves first (a restart resumes
Mesa's turn), sends the half-time and late reminders, and at the deadline plays the time-out
(``Play.timeout``); then it closes invitations that waited too long (``GuildLife``), and last hands
out again the reminders no front end confirmed (``Reminders``: at least once, issue 29).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime, timedelta

from data.models import ACTIVE, now_iso, parse_iso
from tables.errors import TableError
from tables.finish import LATE
from tables.guild_life import GuildLife
from tables.mesa import MesaSeats, is_mesa
from tables.outbox import Message
from tables.play import Play
from tables.posts import Posts
from tables.reminders import Reminders
from tables.store import TableStore

log = logging.getLogger("tables.service")

#: how long a process's claim on a due deadline lasts if it dies before finishing it (issue 19)
CLAIM_SECONDS = 120


class Deadlines:
    """The ticker's work: due Mesa moves, reminders, time-outs, expired invitations."""

    def __init__(self, store: TableStore, posts: Posts, play: Play, mesa: MesaSeats, guild_life: GuildLife,
                 claimant: str, reminders: Reminders) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts
        self.play = play
        self.mesa = mesa
        self.guild_life = guild_life
        self.claimant = claimant
        self.reminders = reminders

    async def tick(self) -> list[Message]:
        """Send due reminders and play due timeouts (idempotent; call it every minute or so)."""
        now = self.store.now()
        messages: list[Message] = []
        until = now_iso(now + timedelta(seconds=CLAIM_SECONDS))
        for table_id in await self.repo.claim_due_tables(now_iso(now), self.claimant, until):
            try:
                if await self.mesa.to_move(table_id):  # Mesa plays before any reminder or deadline
                    messages.extend(await self.mesa.play(table_id))
                    continue
                async with self.store.lock(table_id):
                    messages.extend(await self._tick_table(table_id, now))
            except TableError as exc:
                log.error("table %d: deadline skipped (%s)", table_id, exc.key)
            finally:
                await self.repo.release_claim(table_id, self.claimant)
        messages.extend(await self.guild_life.expire_invitations())  # issue 15, defect 4
        # last, once this tick's tables are done: their time-outs and newer reminders make older ones moot
        messages.extend(await self.reminders.unconfirmed(now))  # issue 29, item 2
        return messages

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
