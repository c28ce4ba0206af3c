"""Whether a user is still in a server, asked of Discord (the tournaments' ``still_member``).

Mesa asks for no privileged intent (``cogs.client.default_intents``), so Discord never tells it that a
member left.  Get Guild Member (``GET /guilds/{guild}/members/{user}``) needs no intent: one call answers
for one user, and ``tables.tournament_departures`` asks it only about a tournament player whose game ran
out of their time.  Discord's answer 404 with code 10007 (Unknown Member) means they left; any other
failure (the server gone, Discord unreachable) is "cannot tell" and takes nobody out.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

#: Discord's JSON error code for a user who is not a member of the server
UNKNOWN_MEMBER = 10007


class Members:
    """``still_member(guild_id, user_id)`` over the bot's HTTP client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def still_member(self, guild_id: int, user_id: int) -> bool | None:
        try:
            await self.client.http.get_member(guild_id, user_id)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_MEMBER:
                return False
            log.info("server %d: no answer about user %d (code %d)", guild_id, user_id, exc.code)
            return None
        except (discord.HTTPException, OSError) as exc:
            log.info("server %d: no answer about user %d (%s)", guild_id, user_id, type(exc).__name__)
            return None
        return True
