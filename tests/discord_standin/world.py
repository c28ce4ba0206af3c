"""The stand-in's world: a clock, guilds with channels, the bot's permissions in each channel.

Discord computes a member's permissions in a channel from the guild's roles and the channel's
permission overwrites (developer documentation, topics/permissions: base permissions from
@everyone and the member's roles, then the @everyone overwrite, role overwrites, the member's
overwrite; ADMINISTRATOR bypasses all; no VIEW_CHANNEL means nothing else).  A thread has its
parent's permissions.  ``Guild.permissions`` does exactly that for the bot.

``Clock`` is the stand-in's time: real monotonic time plus whatever a test has advanced it by, so
deadlines (3 s to acknowledge an interaction, 15 minutes of token, thread auto-archive) are real
for the bot and a test can jump days ahead without sleeping.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

GUILD_ID = 100000000000000001
CHANNEL_ID = 200000000000000001
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"

ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 41) - 1
#: what Mesa's invitation asks for (README: permissions integer 309237763072), so what a server grants
#: it: View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Embed Links,
#: Attach Files, Read Message History.  Not Manage Threads: a locked thread refuses the bot.
BOT_DEFAULT = VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | CREATE_PUBLIC_THREADS | EMBED_LINKS | \
    ATTACH_FILES | READ_MESSAGE_HISTORY

#: channel types (Discord's documented values)
TEXT, DM, VOICE, ANNOUNCEMENT = 0, 1, 2, 5
ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD = 10, 11, 12
THREAD_TYPES = {ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD}
#: the auto-archive durations Discord accepts, in minutes
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
#: the privileged gateway intents: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
GUILDS_INTENT = 1 << 0


class Clock:
    """Monotonic seconds (real time plus test advances) and the matching wall-clock time."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def wall(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def iso(self) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime(self.wall()))


def text_channel(channel_id: int = CHANNEL_ID, guild_id: int = GUILD_ID, *, name: str = "games",
                 kind: int = TEXT, overwrites: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A guild channel as Discord describes it (text, announcement or voice)."""
    return {"id": str(channel_id), "type": kind, "guild_id": str(guild_id), "name": name, "position": 0,
            "permission_overwrites": list(overwrites or []), "nsfw": False, "parent_id": None, "topic": None,
            "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
            **({"bitrate": 64000, "user_limit": 0, "rtc_region": None} if kind == VOICE else {})}


def overwrite(target: int, *, allow: int = 0, deny: int = 0, member: bool = False) -> dict[str, Any]:
    """A permission overwrite for a role (the guild id is @everyone) or, with ``member``, a user."""
    return {"id": str(target), "type": 1 if member else 0, "allow": str(allow), "deny": str(deny)}


@dataclass
class Guild:
    """One server: its channels (not threads), the bot's role permissions, whether the bot is in it."""

    id: int
    name: str
    bot_permissions: int = BOT_DEFAULT
    channels: dict[int, dict[str, Any]] = field(default_factory=dict)
    bot_member: bool = True
    preferred_locale: str = "en-US"
    #: users who left the server (Get Guild Member answers 10007 Unknown Member); anyone else is a member
    departed: set[int] = field(default_factory=set)

    def permissions(self, channel: dict[str, Any], bot_id: int) -> int:
        """The bot's permissions in ``channel`` (a guild channel of this guild)."""
        base = self.bot_permissions
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        everyone = [o for o in channel.get("permission_overwrites") or [] if int(o["id"]) == self.id]
        mine = [o for o in channel.get("permission_overwrites") or [] if int(o["id"]) == bot_id]
        for o in everyone + mine:
            base = (base & ~int(o["deny"])) | int(o["allow"])
        return base if base & VIEW_CHANNEL else 0
