"""A server's settings and caps, a user's preferences, and the console's pretend clock.

Small reads and writes of their own rows, with the checks a player's input needs (a time per move of
1 hour to 14 days; caps of 1 to 500).  Nothing here touches a table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime

from data.models import GuildSettings, UserPrefs
from tables.durations import MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, parse_duration
from tables.errors import TableError
from tables.limits import Limits, limits_of, set_limits
from tables.store import TableStore

log = logging.getLogger(__name__)


class Preferences:
    """Server settings and caps, user preferences, the pretend clock."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.repo = store.repo

    # ---- a server's settings ------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.repo.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, *, time_per_move: str | None = None,
                                 allowed_channels: Sequence[int] | None = None, rated: bool | None = None,
                                 rate_mesa: bool | None = None) -> GuildSettings:
        current = await self.repo.guild_settings(guild_id)
        seconds = current.time_per_move
        if time_per_move is not None:
            seconds = parse_duration(time_per_move)
            if seconds is None or not MIN_TIME_PER_MOVE <= seconds <= MAX_TIME_PER_MOVE:
                raise TableError("error.bad_time", value=time_per_move)
        updated = GuildSettings(
            guild_id, seconds,
            tuple(allowed_channels) if allowed_channels is not None else current.allowed_channels,
            current.rated if rated is None else rated,
            current.rate_mesa if rate_mesa is None else rate_mesa)
        await self.repo.set_guild_settings(updated, self.store.stamp())
        return updated

    # ---- a server's caps (issue 15, defect 10) ------------------------------------------------------
    async def caps(self, guild_id: int) -> Limits:
        """How many invitations one host may keep waiting, and in how many games one player may sit."""
        return await limits_of(self.repo, guild_id)

    async def set_caps(self, guild_id: int, max_invitations: int | None, max_active: int | None) -> Limits:
        """Change either cap (None keeps that one); a value outside 1-500 is refused, nothing changed."""
        current = await limits_of(self.repo, guild_id)  # (0 is a value, refused as such: never "keep it")
        return await set_limits(self.repo, guild_id,
                                current.max_invitations if max_invitations is None else max_invitations,
                                current.max_active if max_active is None else max_active, self.store.now())

    # ---- a user's preferences -----------------------------------------------------------------------
    async def user_prefs(self, user_id: int) -> UserPrefs:
        return await self.repo.user_prefs(user_id)

    async def set_dms_closed(self, user_id: int, closed: bool) -> None:
        prefs = await self.repo.user_prefs(user_id)
        await self.repo.set_user_prefs(UserPrefs(user_id, closed, prefs.locale, prefs.theme), self.store.stamp())

    async def dms_closed(self, user_id: int) -> bool:
        return (await self.repo.user_prefs(user_id)).dms_closed

    async def set_locale(self, user_id: int, locale: str | None) -> None:
        prefs = await self.repo.user_prefs(user_id)
        await self.repo.set_user_prefs(UserPrefs(user_id, prefs.dms_closed, locale, prefs.theme), self.store.stamp())

    # ---- the offline console's pretend clock --------------------------------------------------------
    async def pretend_clock(self) -> datetime | None:
        """The console's clock as its last session left it (issue 14: it lives in the database)."""
        saved = await self.repo.pretend_clock()
        if saved is None:
            return None
        try:
            moment = datetime.fromisoformat(saved)
        except ValueError:  # edited by hand: the session starts at the real time (and saves it), as a new one
            log.warning("the console's pretend clock cannot be read; it starts again from now")
            return None
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    async def save_pretend_clock(self, moment: datetime) -> None:
        await self.repo.set_pretend_clock(moment.isoformat())
