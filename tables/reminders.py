"""Reminders delivered at least once (issue 29, item 2).

A reminder used to be recorded as sent in the tick's transaction, before any front end had it: a
crash between the tick and the DM lost it for good.  Now it is recorded *pending* when it falls due
(the primary key still lets only one process record it), handed to the front end, and marked
delivered when the front end confirms it (``delivered``).  One never confirmed is handed out again by
a later tick, once ``REDELIVER_SECONDS`` have passed since it was last handed out (a lease: the
process that has it may still be delivering it), as long as its turn is still on: a move, a time-out
or the later reminder of the same turn makes it moot.  So a reminder may reach a player twice only
when a crash came between its delivery and the confirmation; once confirmed, never again.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from data.models import ACTIVE, now_iso, parse_iso
from data.repository import Tx
from tables.durations import format_duration
from tables.errors import TableError
from tables.loaded import LoadedTable
from tables.outbox import Reminder
from tables.posts import Posts
from tables.store import TableStore

#: the reminders of a turn, in the order they fall due (``tables.finish``: ``HALF``, ``LATE``)
KINDS = ("half", "late")
#: how long a reminder handed to a front end waits for its confirmation before it is handed out again
REDELIVER_SECONDS = 120


class Reminders:
    """Records the reminders that fall due, hands out again the ones never confirmed, takes confirmations."""

    def __init__(self, store: TableStore, posts: Posts) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts

    async def record(self, tx: Tx, ctx: LoadedTable, kinds: Sequence[str], users: Sequence[int],
                     now: datetime) -> list[Reminder]:
        """In the tick's transaction: the reminders of ``kinds`` due to ``users`` now.  Only the last kind
        is sent (a tick that skipped past 50% sends only the later nudge; the earlier is recorded as done)
        and it waits for its confirmation; one of the turn's earlier reminders still unconfirmed is
        superseded by it."""
        stamp = now_iso(now)
        messages: list[Reminder] = []
        for kind in kinds:
            last = kind == kinds[-1]
            for user_id in users:
                fresh = await tx.record_reminder(ctx.id, ctx.row.version, kind, user_id, stamp, pending=last)
                if fresh and last:
                    await tx.supersede_reminders(ctx.id, ctx.row.version, user_id, kind, stamp)
                    messages.append(self.message(ctx, user_id, kind, now))
        return messages

    def message(self, ctx: LoadedTable, user_id: int, kind: str, now: datetime) -> Reminder:
        """The reminder as the player reads it now: time left and gone, from the table's deadline."""
        deadline = parse_iso(ctx.row.turn_deadline)
        assert deadline is not None
        seconds = ctx.options.time_per_move
        started = deadline - timedelta(seconds=seconds)
        return Reminder(ctx.id, user_id, f"reminder.{kind}", {
            "table": ctx.id, "game": ctx.title,
            "left": format_duration((deadline - now).total_seconds(), up=True),
            "gone": format_duration((now - started).total_seconds()), "total": format_duration(seconds, exact=True),
            **self.posts.deadline_params(ctx.row.turn_deadline)}, ctx.row.version, kind)

    async def unconfirmed(self, now: datetime) -> list[Reminder]:
        """The reminders handed out at least ``REDELIVER_SECONDS`` ago and never confirmed, whose turn is
        still on: handed out again (said as of now)."""
        handed_before = now_iso(now - timedelta(seconds=REDELIVER_SECONDS))
        messages: list[Reminder] = []
        for table_id, version, kind, user_id in await self.repo.lease_unconfirmed_reminders(
                now_iso(now), handed_before, KINDS):
            try:
                ctx = await self.store.load(table_id)
            except TableError:
                continue
            if ctx.row.status == ACTIVE and ctx.row.version == version and ctx.row.turn_deadline:
                messages.append(self.message(ctx, user_id, kind, now))
        return messages

    async def delivered(self, table_id: int, user_id: int, version: int, kind: str) -> None:
        """A front end delivered this reminder: it is never handed out again."""
        if kind:
            await self.repo.reminder_delivered(table_id, version, kind, user_id, self.store.stamp())
