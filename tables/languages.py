"""Which language a picture speaks (``render.words``): a table's public boards its server's, a player's private
view the player's own, as the words of the messages that carry them (``cogs.delivery``: a public post in the
server's language, a private one in its reader's).

The server's language is stored as each command arrives (``GuildLife.remember_guild_locale``), a player's with
their preferences (``Preferences.set_locale``); both are read here once and kept (a bounded cache), and told of
a change by the collaborators that store one.  Never a reason to lose a post: a language that cannot be read
is English.
"""

from __future__ import annotations

import logging

from data import Repository
from data import guild_life as stored
from tables.bounded import LruCache
from tables.i18n import lang_for_locale

log = logging.getLogger(__name__)


class Languages:
    """The language of a server's public pictures and of a player's private ones (``"en"`` or ``"es"``)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._guilds: LruCache[int, str] = LruCache()
        self._users: LruCache[int, str] = LruCache()  # a player's locale as stored, "" for none
        #: the language of a player whose own was never seen: English on Discord (as the words of their private
        #: messages, ``cogs.delivery``); the console's own (``--lang``), whose users have no client locale
        self.default_user = lang_for_locale(None)

    async def of_guild(self, guild_id: int) -> str:
        """The server's language, as its last command's Discord locale says (English before any)."""
        lang = self._guilds.get(guild_id)
        if lang is None:
            try:
                lang = lang_for_locale(await stored.guild_locale(self.repo, guild_id))
            except Exception:  # a language is a nicety: never lose a post over it
                log.warning("server %d: its language could not be read", guild_id)
                return lang_for_locale(None)
            self._guilds[guild_id] = lang
        return lang

    async def of_user(self, user_id: int) -> str:
        """A player's language, as their Discord client's locale was last seen (``default_user`` before any)."""
        locale = self._users.get(user_id)
        if locale is None:
            try:
                locale = (await self.repo.user_prefs(user_id)).locale or ""
            except Exception:
                log.warning("user %d: their language could not be read", user_id)
                return self.default_user
            self._users[user_id] = locale
        return lang_for_locale(locale) if locale else self.default_user

    def guild_changed(self, guild_id: int, locale: str | None) -> None:
        self._guilds[guild_id] = lang_for_locale(locale)

    def user_changed(self, user_id: int, locale: str | None) -> None:
        self._users[user_id] = locale or ""
