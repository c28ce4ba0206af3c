"""Replays of finished games, made once and kept; one replay per player at a time (issue 15, defect 13).

``/replay`` used to draw every frame again on every call, in a thread of the bot process: a
160-frame Krakatoa replay cost 5.5 s of CPU and three at once stalled the event loop.  Now:

- the GIF is drawn in the render process pool (``tables.rendering.ProcessRenderer.replay``), so
  the bot's event loop never holds the GIL for it (a service without the pool draws in a thread);
- it is kept in storage, table ``replays`` keyed by (table id, table version, language: its words are
  the reader's, ``render.words``, migration 20), through the repository.  Why storage and not a file
  cache: a finished game never changes, so a replay made once is right for ever; storage is shared by
  every bot process (PostgreSQL), goes with ``python -m data copy`` and backups, and is deleted with its
  table; the version in the key means a table changed by hand (an admin fix) gets a fresh replay instead of
  a stale one.  The GIF is at most Discord's upload size and kept as base64 text (one portable column type);
- a player asking again while theirs is being made is told so (``error.replay_busy``) instead of
  starting a second one, and two players asking for the same table share one drawing.

Kept, but not for ever (issue 29, item 6): every finished table anyone asked about used to stay in
storage for good.  The replays kept are bounded in total size (``REPLAY_CACHE_MB``, megabytes of the
GIFs as stored: base64 text, a third more than the GIFs themselves) and in age (``REPLAY_CACHE_DAYS``);
after each new replay is kept, and before a kept one is looked up, the ones past either bound go,
oldest first (``Repository.evict_replays``).  An evicted replay is simply made again when it is
asked for: it is the same picture, drawn from the move log.  Who may have one *posted publicly*,
and how often, is ``tables.reposts.ReplayGate``'s.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from data.models import FINISHED, now_iso
from data.repository import Repository
from tables.errors import TableError
from tables.i18n import lang_for_locale, with_levels_in
from tables.leaderboard import LeaderboardService, Replay, replay_gif

log = logging.getLogger(__name__)

#: the largest replay kept (Discord's upload limit; a bigger one is refused by the front end anyway)
MAX_KEPT_BYTES = 10 * 1024 * 1024
#: the replays kept hold at most this many megabytes of storage, unless ``REPLAY_CACHE_MB`` says otherwise
CACHE_MB = 200.0
#: a replay is kept at most this many days, unless ``REPLAY_CACHE_DAYS`` says otherwise
CACHE_DAYS = 30.0


@dataclass(frozen=True)
class ReplayBound:
    """How much the kept replays may hold (characters of stored text) and for how long (seconds)."""

    max_size: int = int(CACHE_MB * 1024 * 1024)
    max_age: float = CACHE_DAYS * 86400

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ReplayBound:
        """``REPLAY_CACHE_MB`` and ``REPLAY_CACHE_DAYS`` (positive numbers; unset or unreadable: the defaults)."""
        return cls(*bound_from_env(env, "REPLAY", CACHE_MB, CACHE_DAYS))


def bound_from_env(env: Mapping[str, str] | None, what: str, megabytes: float, days: float) -> tuple[int, float]:
    """A bound on what is kept (replays here, reviews in ``tables.reviews``): ``<WHAT>_CACHE_MB`` and
    ``<WHAT>_CACHE_DAYS`` read from ``env`` (the process environment when None) as (characters, seconds);
    a variable unset, unreadable or not positive gives the default (said in the log)."""
    env = os.environ if env is None else env
    return (int(_positive(env, f"{what}_CACHE_MB", megabytes) * 1024 * 1024),
            _positive(env, f"{what}_CACHE_DAYS", days) * 86400)


def positive_number(text: str) -> float | None:
    """``text`` read as a positive, finite number, else None (the one reading of a setting such as
    ``REPLAY_CACHE_MB``: here, and in the bot's start-up check, ``cogs.client``)."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 < value < float("inf") else None


def _positive(env: Mapping[str, str], name: str, default: float) -> float:
    text = (env.get(name) or "").strip()
    if not text:
        return default
    value = positive_number(text)
    if value is None:
        log.warning("%s=%.40r is not a positive number; using %g", name, text, default)
        return default
    return value


class ReplayKeeper:
    """Makes each finished table's replay once (``gif``) and keeps it."""

    def __init__(self, repo: Repository, renderer: Any = None, clock: Any = None,
                 bound: ReplayBound | None = None) -> None:
        self.repo = repo
        self.renderer = renderer
        self.clock = clock
        self.bound = bound or ReplayBound.from_env()
        self._making: dict[tuple[int, str], asyncio.Future[bytes]] = {}  # (table, language) -> the drawing under way
        self._users: dict[int, int] = {}  # user id -> the table whose replay they wait for

    def _moment(self) -> datetime:
        return self.clock.now() if self.clock is not None else datetime.now(UTC)

    def _now(self) -> str:
        return now_iso(self._moment())

    async def evict(self) -> int:
        """Forget the kept replays past the bound (size, then age), oldest first; how many went."""
        made_before = now_iso(self._moment() - timedelta(seconds=self.bound.max_age))
        return await self.repo.evict_replays(made_before, self.bound.max_size)

    async def gif(self, guild_id: int, table_id: int, user_id: int, lang: str = "en") -> tuple[Replay, bytes]:
        """The replay of a finished table of this server and its GIF (made now, or kept from before), its words in
        ``lang`` (where it is posted: the server's language, or the reader's when it comes to them alone)."""
        waiting = self._users.get(user_id)
        if waiting is not None:
            raise TableError("error.replay_busy", table=waiting)
        self._users[user_id] = table_id
        try:
            found = await LeaderboardService(self.repo).replay(guild_id, table_id)  # refuses others' tables
            row = await self.repo.get_table(table_id)
            if row is None or row.status != FINISHED:
                raise TableError("error.replay_not_finished", table=table_id)
            return found, await self._kept_or_made(found, row.version, lang_for_locale(lang))
        finally:
            self._users.pop(user_id, None)

    async def _kept_or_made(self, found: Replay, version: int, lang: str) -> bytes:
        """The kept GIF, or the one drawing of it (others asking meanwhile wait for the same bytes).

        The drawing under way is looked up before storage and forgotten only once its GIF is
        stored, so a request never misses both and draws a second time.
        """
        table_id = found.table_id
        making = (table_id, lang)
        pending = self._making.get(making)
        if pending is None:
            await self.evict()  # one kept past its age is made again, not shown
            kept = await self.repo.stored_replay(table_id, version, lang)
            gif = _readable_gif(kept) if kept is not None else None
            if gif is not None:
                return gif
            if kept is not None:  # edited by hand or damaged: forgotten and made again, as one past its age
                log.warning("table %d: its kept replay cannot be read; it is made again", table_id)
                await self.repo.forget_replay(table_id, version, lang)
            pending = self._making.get(making)  # one may have started while storage answered
            if pending is None:
                pending = self._making[making] = asyncio.ensure_future(self._make_and_keep(found, version, lang))
                pending.add_done_callback(lambda _done: self._making.pop(making, None))
        return await asyncio.shield(pending)

    async def _make_and_keep(self, found: Replay, version: int, lang: str) -> bytes:
        data = await self._draw(found, lang)
        if len(data) <= MAX_KEPT_BYTES:
            await self.repo.store_replay(found.table_id, version, base64.b64encode(data).decode("ascii"), self._now(),
                                         lang)
            await self.evict()
        return data

    async def _draw(self, found: Replay, lang: str) -> bytes:
        submit = getattr(self.renderer, "replay", None)
        if submit is not None:  # the bot's process pool
            names = [with_levels_in(name, lang) for name in found.names]  # "Mesa (fácil)"
            return await asyncio.wrap_future(submit(found.game, list(found.views), names, lang=lang))
        return await asyncio.to_thread(replay_gif, found, lang)


def _readable_gif(kept: str) -> bytes | None:
    """A kept replay's GIF, or None when the stored text is no GIF in base64."""
    try:
        data = base64.b64decode(kept, validate=True)
    except ValueError:  # binascii.Error
        return None
    return data if data.startswith(b"GIF8") else None
