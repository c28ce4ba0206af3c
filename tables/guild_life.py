"""A server's life around its tables (issue 15): invitations that expire, tables suspended while the
bot is not in their server, the server's language, and aborting once chance has been seen.

``GuildLife`` is a collaborator of ``TableService`` (handed the table store and the posts through its
constructor), its own job: none of it plays a move.

- **Expiry (defect 4).** An invitation or an open table waits at most the server's
  ``invitation_expiry`` (default three days) from its creation; then the ticker closes it and tells
  the host, in the table's place and by DM (the DM reaches the host when the invitation itself could
  never be posted).  A waiting table's ``next_event_at`` is its expiry moment, set by the ticker the
  first time it sees the table; due tables are claimed like deadlines, so two processes never expire
  one table twice.
- **Suspension (defect 5).** When the bot leaves a server (GUILD_DELETE, or Discord answering 50001
  for the server itself) its live tables are suspended: no deadline, reminder, time-out, expiry or
  retried board touches them, and nobody gets results.  When the bot is back (GUILD_CREATE) they
  resume with every deadline moved on by the time away, and each running game's board is posted again.
- **Language (defect 7).** The server's Discord locale is stored with its settings, so public posts
  made without a caller (time-outs, retried boards) are in the server's language after a restart.
- **Abort after chance (defect 15).** Chosen rule: before anything is shown (a waiting table, or a
  started game with an empty log) the host cancels alone.  Once chance has been seen (the game
  declares chance and the log holds a chance move: K3's base row and deal, Krakatoa's first throw)
  and before any player's move, cancelling needs **every player still in** to ask for it with
  ``/abort``; the table closes without results on the last agreement.  Agreements hold for the
  table's current version only.  After a player's move a table cannot be cancelled at all (resign).
  So a host who dislikes a deal cannot draw again alone; the others can refuse, and the host may
  always resign instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from data import guild_life as store
from data.models import ABORTED, ACTIVE, WAITING, MoveRow, SeatRow, moment_or_none, now_iso, parse_iso
from engines.base import CHANCE
from tables.durations import format_duration, parse_duration
from tables.errors import TableError
from tables.i18n import Names
from tables.loaded import LoadedTable
from tables.outbox import INFO, INVITE, Message, PublicPost, Reminder
from tables.posts import Posts
from tables.store import TableStore

#: how long an invitation or open table waits by default (defect 4)
DEFAULT_INVITATION_EXPIRY = 3 * 86400
MIN_INVITATION_EXPIRY = 3600
MAX_INVITATION_EXPIRY = 30 * 86400
#: how long a process holds an expiry claim (as deadline claims)
_CLAIM_SECONDS = 300

#: the post of an agreement to cancel that waits for the other players (``agree_to_abort``)
ABORT_ASKED = "info.abort_asked"


class GuildLife:
    """A server's life around its tables (see the module docstring)."""

    def __init__(self, store: TableStore, posts: Posts, claimant: str) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts
        self.claimant = claimant  # who this process is when it claims due expiries

    def _now(self) -> datetime:
        return self.store.now()

    # ---- the server's language (defect 7) -------------------------------------------------------
    async def guild_locale(self, guild_id: int) -> str | None:
        """The server's Discord locale as last seen with a command (``es-ES``), or None."""
        return await store.guild_locale(self.repo, guild_id)

    async def remember_guild_locale(self, guild_id: int, locale: str | None) -> None:
        if locale and locale != await store.guild_locale(self.repo, guild_id):
            await store.set_guild_locale(self.repo, guild_id, locale, now_iso(self._now()))

    # ---- invitations that expire (defect 4) -----------------------------------------------------
    async def invitation_expiry(self, guild_id: int) -> int:
        """Seconds this server's invitations and open tables wait before they close."""
        return await store.invitation_expiry(self.repo, guild_id) or DEFAULT_INVITATION_EXPIRY

    async def set_invitation_expiry(self, guild_id: int, text: str | None) -> int:
        """Set (``"2d"``, ``"12h"``) or reset (None or ``"default"``) the server's invitation expiry.

        Applies to tables created from now on and to waiting tables not yet seen by the ticker.
        """
        seconds: int | None = None
        if text is not None and text.strip().lower() not in ("", "default"):
            seconds = parse_duration(text)
            if seconds is None or not MIN_INVITATION_EXPIRY <= seconds <= MAX_INVITATION_EXPIRY:
                raise TableError("error.bad_expiry", value=text)
        await store.set_invitation_expiry(self.repo, guild_id, seconds, now_iso(self._now()))
        return seconds or DEFAULT_INVITATION_EXPIRY

    async def expire_invitations(self) -> list[Message]:
        """Close the invitations and open tables that waited too long (the ticker calls it)."""
        now = self._now()
        expiries: dict[int, int] = {}
        for table_id, guild_id, created in await store.waiting_without_expiry(self.repo):
            if guild_id not in expiries:
                expiries[guild_id] = await self.invitation_expiry(guild_id)
            start = moment_or_none(created) or now
            await store.set_waiting_expiry(self.repo, table_id, now_iso(start + timedelta(seconds=expiries[guild_id])))
        messages: list[Message] = []
        until = now_iso(now + timedelta(seconds=_CLAIM_SECONDS))
        for table_id in await store.claim_expired_waiting(self.repo, now_iso(now), self.claimant, until):
            try:
                async with self.store.lock(table_id):
                    messages.extend(await self._expire(table_id, now))
            except TableError:
                pass
            finally:
                await self.repo.release_claim(table_id, self.claimant)
        return messages

    async def _expire(self, table_id: int, now: datetime) -> list[Message]:
        ctx = await self.store.load(table_id)
        if ctx.row.status not in WAITING:
            return []
        due = parse_iso(ctx.row.next_event_at)
        if due is None or due > now or await store.is_suspended(self.repo, table_id):
            return []
        async with self.repo.transaction() as tx:
            version = await tx.update_table(table_id, ctx.row.version, now_iso(now), status=ABORTED,
                                            next_event_at=None)
        self.store.forget(table_id)
        host = ctx.seat_of(ctx.row.host_id)
        created = moment_or_none(ctx.row.created_at) or now
        params = {"table": table_id, "game": ctx.title,
                  "host": ctx.name(host) if host else "?", "waited": format_duration((now - created).total_seconds())}
        return [PublicPost(table_id, INVITE, "invite.expired", params, mention=(ctx.row.host_id,), version=version),
                Reminder(table_id, ctx.row.host_id, "reminder.expired", params)]

    # ---- the bot leaves a server and comes back (defect 5) --------------------------------------
    async def suspend_guild(self, guild_id: int) -> list[int]:
        """The bot is no longer in ``guild_id``: suspend its live tables (returns their ids)."""
        ids = await store.suspend_guild_tables(self.repo, guild_id, now_iso(self._now()))
        for table_id in ids:
            self.store.forget(table_id)
        return ids

    async def resume_guild(self, guild_id: int) -> list[Message]:
        """The bot is back in ``guild_id``: resume its suspended tables, deadlines shifted by the time away.

        Returns, for each running game, a note that it goes on and its board (with the new deadline).
        """
        resumed = await store.resume_guild_tables(self.repo, guild_id, now_iso(self._now()))
        messages: list[Message] = []
        for table_id, status in resumed:
            self.store.forget(table_id)
            if status != ACTIVE:
                continue
            async with self.store.lock(table_id):
                try:
                    ctx = await self.store.load(table_id)
                except TableError:  # damaged (logged): said when named; the server's other games are told
                    continue
                messages.append(PublicPost(table_id, INFO, "info.resumed",
                                           {"table": table_id, "game": ctx.title},
                                           version=ctx.row.version))
                messages.append(await self.posts.current(ctx))
        return messages

    async def is_suspended(self, table_id: int) -> bool:
        return await store.is_suspended(self.repo, table_id)

    async def suspended_tables(self, table_ids: list[int] | None = None) -> set[int]:
        return await store.suspended_ids(self.repo, table_ids)

    # ---- aborting once chance has been seen (defect 15) -----------------------------------------
    @staticmethod
    def chance_seen(ctx: LoadedTable, moves: Sequence[MoveRow]) -> bool:
        """Whether a player has seen a chance move: the game declares chance and the log holds one."""
        return ctx.engine.description.chance != "none" and any(m.seat == CHANCE for m in moves)

    @staticmethod
    def _to_agree(ctx: LoadedTable, agreed: set[int]) -> list[SeatRow]:
        """The players still in who have not asked to cancel (Mesa's seats agree to whatever the people do)."""
        return sorted((s for s in ctx.seats if not s.is_ai and not s.out_reason and s.user_id not in agreed),
                      key=lambda r: r.seat)

    async def agree_to_abort(self, ctx: LoadedTable, user_id: int) -> list[Message] | None:
        """Record ``user_id``'s agreement to cancel; None when every player still in has agreed (cancel
        now), else the post asking the others."""
        seat = ctx.seat_of(user_id)
        if seat is None or seat.out_reason:
            raise TableError("error.not_seated", table=ctx.id)
        agreed = await store.abort_agreements(self.repo, ctx.id, ctx.row.version)
        if user_id in agreed:  # asked already (a second press): said to the asker, the others not pinged again
            raise TableError("error.abort_asked_already", table=ctx.id,
                             waiting=Names(ctx.name(s) for s in self._to_agree(ctx, agreed)))
        async with self.repo.transaction() as tx:
            await tx.record_reminder(ctx.id, ctx.row.version, "abort", user_id, now_iso(self._now()))
        agreed = await store.abort_agreements(self.repo, ctx.id, ctx.row.version)
        waiting = self._to_agree(ctx, agreed)
        if not waiting:
            return None
        params = {"table": ctx.id, "game": ctx.title, "name": ctx.name(seat),
                  "waiting": ", ".join(ctx.name(s) for s in waiting)}
        return [PublicPost(ctx.id, INFO, ABORT_ASKED, params, mention=tuple(s.user_id for s in waiting),
                           version=ctx.row.version)]
