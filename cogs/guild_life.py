"""The bot's life in each server (issue 15, defects 4, 5 and 7), on Discord's side.

- **The server's language.** Every interaction carries ``guild_locale``; it is stored with the
  server's settings (once per change), so the public posts Mesa makes on its own (time-outs, boards
  retried by the ticker, expired invitations) are in the server's language after a restart too.
- **Leaving and coming back.** GUILD_DELETE (the bot was removed; discord.py's ``on_guild_remove``)
  suspends the server's tables in the service; GUILD_CREATE (``on_guild_join`` when invited back,
  ``on_guild_available`` at a start or reconnection) resumes them and posts their boards.  A post
  refused with 50001 Missing Access may be one channel closed to the bot or the whole server gone:
  Mesa asks Discord for the server (``GET /guilds/{id}``), and only when that is refused too are the
  server's tables suspended.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord.http import Route

from cogs.i18n_discord import lang_for
from cogs.part import ServicePart
from tables import TableService
from tables.durations import format_duration
from tables.follow import Deliver

log = logging.getLogger("mesa.discord")

#: Discord error code: Missing Access (the bot cannot see the channel, or is not in the server)
MISSING_ACCESS = 50001


class GuildWatch(ServicePart):
    """One per bot (``cogs.client`` builds it): read by ``Delivery`` (is the server away? in which
    language?) and by ``Handling`` (the caller's server's language), told by the bot's guild events.

    ``deliver`` posts what comes back with a server (its tables' boards); it is given rather than
    imported because delivery itself asks this watch where it may post.
    """

    def __init__(self, client: discord.Client, service: Callable[[], TableService], deliver: Deliver) -> None:
        self.client = client
        super().__init__(service)
        self._deliver = deliver
        self.locales: dict[int, str] = {}  # guild -> its locale as stored (saves a write per command)
        self.away: set[int] = set()  # guilds whose tables this process suspended

    # ---- the server's language (defect 7) -------------------------------------------------------
    async def remember_locale(self, interaction: discord.Interaction) -> None:
        guild_id = interaction.guild_id
        locale = getattr(interaction.guild_locale, "value", interaction.guild_locale)
        if guild_id is None or not locale or self.locales.get(guild_id) == str(locale):
            return
        try:
            await self.service.remember_guild_locale(guild_id, str(locale))
            self.locales[guild_id] = str(locale)
        except Exception:  # the language is a nicety: the command itself has been answered
            log.warning("server %d: its language could not be stored", guild_id)

    async def server_lang(self, guild_id: int) -> str:
        """The language of the server's public posts made without a caller ("en" if never seen)."""
        if guild_id not in self.locales:
            try:
                locale = await self.service.guild_locale(guild_id)
            except Exception as exc:  # posted in English, and the fault told
                log.warning("server %d: its language could not be read (%s)", guild_id, type(exc).__name__)
                return "en"
            if locale:
                self.locales[guild_id] = locale
        return lang_for(self.locales.get(guild_id))

    # ---- leaving and coming back (defect 5) -----------------------------------------------------
    async def left(self, guild_id: int) -> None:
        """The bot is not in ``guild_id`` any more: its tables wait, silent, without results."""
        ids = await self.service.suspend_guild(guild_id)
        self.away.add(guild_id)
        log.info("server %d: the bot left; %d table(s) suspended", guild_id, len(ids))

    async def returned(self, guild_id: int) -> None:
        """The bot is in ``guild_id`` (again): resume its suspended tables and post their boards."""
        self.away.discard(guild_id)
        messages = await self.service.resume_guild(guild_id)
        if messages:
            log.info("server %d: the bot is back; %d table(s) go on", guild_id, len(messages) // 2)
            try:
                await self._deliver(messages)
            except Exception:
                log.info("server %d: some boards could not be posted yet (the ticker retries them)", guild_id)

    async def whole_guild_gone(self, guild_id: int) -> bool:
        """After a 50001: is the bot shut out of the whole server (not just one channel)?"""
        if guild_id in self.away:
            return True
        try:
            await self.client.http.request(Route("GET", "/guilds/{guild_id}", guild_id=guild_id))
        except (discord.Forbidden, discord.NotFound):
            return True
        except discord.HTTPException:
            return False  # Discord is unwell: decide nothing now
        return False

    async def missing_access(self, guild_id: int) -> bool:
        """A post was refused with 50001: suspend the server's tables when the whole server is closed.
        Returns whether it was."""
        if not guild_id or not await self.whole_guild_gone(guild_id):
            return False
        if guild_id not in self.away:
            await self.left(guild_id)
        return True


def format_expiry(seconds: int) -> str:
    """How long invitations wait, as ``/settings`` shows it (``3d``)."""
    return format_duration(seconds, exact=True)
