"""Replays of finished games, made once and kept; one replay per player at a time (issue 15, defect 13).

``/replay`` used to draw every frame again on every call, in a thread of the bot process: a
160-frame Krakatoa replay cost 5.5 s of CPU and three at once stalled the event loop.  Now:

- the GIF is drawn in the render process pool (``tables.rendering.ProcessRenderer.replay``), so
  the bot's event loop never holds the GIL for it (a service without the pool draws in a thread);
- it is kept in storage, table ``replays`` keyed by (table id, table version), through the
  repository.  Why storage and not a file cache: a finished game never changes, so a replay made
  once is right for ever; storage is shared by every bot process (PostgreSQL), goes with
  ``python -m data copy`` and backups, and is deleted with its table; the version in the key
  means a table changed by hand (an admin fix) gets a fresh replay instead of a stale one.  The
  GIF is at most Discord's upload size and kept as base64 text (one portable column type);
- a player asking again while theirs is being made is told so (``error.replay_busy``) instead of
  starting a second one, and two players asking for the same table share one drawing.
"""

from __future__ import annotations

import asyncio
import base64
import logging
from datetime import UTC, datetime
from typing import Any

from data.models import FINISHED, now_iso
from data.repository import Repository
from tables.errors import TableError
from tables.leaderboard import LeaderboardService, Replay, replay_gif

log = logging.getLogger(__name__)

#: the largest replay kept (Discord's upload limit; a bigger one is refused by the front end anyway)
MAX_KEPT_BYTES = 10 * 1024 * 1024


class ReplayKeeper:
    """Makes each finished table's replay once (``gif``) and keeps it."""

    def __init__(self, repo: Repository, renderer: Any = None, clock: Any = None) -> None:
        self.repo = repo
        self.renderer = renderer
        self.clock = clock
        self._making: dict[int, asyncio.Future[bytes]] = {}  # table id -> the drawing under way
        self._users: dict[int, int] = {}  # user id -> the table whose replay they wait for

    def _now(self) -> str:
        return now_iso(self.clock.now() if self.clock is not None else datetime.now(UTC))

    async def gif(self, guild_id: int, table_id: int, user_id: int) -> tuple[Replay, bytes]:
        """The replay of a finished table of this server and its GIF (made now, or kept from before)."""
        waiting = self._users.get(user_id)
        if waiting is not None:
            raise TableError("error.replay_busy", table=waiting)
        self._users[user_id] = table_id
        try:
            found = await LeaderboardService(self.repo).replay(guild_id, table_id)  # refuses others' tables
            row = await self.repo.get_table(table_id)
            if row is None or row.status != FINISHED:
                raise TableError("error.replay_not_finished", table=table_id)
            return found, await self._kept_or_made(found, row.version)
        finally:
            self._users.pop(user_id, None)

    async def _kept_or_made(self, found: Replay, version: int) -> bytes:
        """The kept GIF, or the one drawing of it (others asking meanwhile wait for the same bytes).

        The drawing under way is looked up before storage and forgotten only once its GIF is
        stored, so a request never misses both and draws a second time.
        """
        table_id = found.table_id
        pending = self._making.get(table_id)
        if pending is None:
            kept = await self.repo.stored_replay(table_id, version)
            if kept is not None:
                return base64.b64decode(kept)
            pending = self._making.get(table_id)  # one may have started while storage answered
            if pending is None:
                pending = self._making[table_id] = asyncio.ensure_future(self._make_and_keep(found, version))
                pending.add_done_callback(lambda _done: self._making.pop(table_id, None))
        return await asyncio.shield(pending)

    async def _make_and_keep(self, found: Replay, version: int) -> bytes:
        data = await self._draw(found)
        if len(data) <= MAX_KEPT_BYTES:
            await self.repo.store_replay(found.table_id, version, base64.b64encode(data).decode("ascii"), self._now())
        return data

    async def _draw(self, found: Replay) -> bytes:
        submit = getattr(self.renderer, "replay", None)
        if submit is not None:  # the bot's process pool
            return await asyncio.wrap_future(submit(found.game, list(found.views), list(found.names)))
        return await asyncio.to_thread(replay_gif, found)
