"""Gateway-shaped INTERACTION_CREATE payloads, and a harness that runs the real bot against the stand-in.

The payloads follow Discord's documented interaction object (type 2 application command, 3 message
component, 4 autocomplete), with ``member`` (guild), ``channel``, ``locale``, ``app_permissions`` and,
for components, the ``message`` that carries them.  ``Harness.dispatch`` hands a payload to
``ConnectionState.parse_interaction_create`` exactly as the gateway would, then waits for every task
it started.  ``STANDIN_DEBUG=1`` prints, when a harness closes, every request Discord refused.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord

from discord_standin import APP_ID, TIMESTAMP, StandIn
from discord_standin.world import CHANNEL_ID, GUILD_ID

#: everything Mesa needs (send, embed, attach, threads) plus view/read history
APP_PERMISSIONS = str((1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38))
MANAGE_GUILD = 1 << 5

_ids = itertools.count(300000000000000001)


def snowflake() -> str:
    return str(next(_ids))


def user(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
            "bot": bot, "public_flags": 0}


def member(u: dict[str, Any], permissions: int = 0) -> dict[str, Any]:
    return {"user": u, "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0,
            "permissions": str(permissions), "nick": None, "avatar": None, "pending": False}


def text_channel(channel_id: int = CHANNEL_ID, guild_id: int = GUILD_ID) -> dict[str, Any]:
    from discord_standin.world import text_channel as make

    return make(channel_id, guild_id)


def thread_channel(thread_id: int, parent_id: int = CHANNEL_ID, guild_id: int = GUILD_ID) -> dict[str, Any]:
    return {"id": str(thread_id), "type": 11, "guild_id": str(guild_id), "parent_id": str(parent_id),
            "name": "table", "owner_id": str(APP_ID), "member_count": 2, "message_count": 1,
            "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 10080, "archive_timestamp": TIMESTAMP,
                                "locked": False}}


def _base(kind: int, u: dict[str, Any], channel: dict[str, Any], locale: str, permissions: int,
          guild_locale: str = "en-US") -> dict[str, Any]:
    return {
        "id": snowflake(), "application_id": str(APP_ID), "type": kind, "token": "tok-" + snowflake(), "version": 1,
        "guild_id": channel.get("guild_id", str(GUILD_ID)), "channel_id": channel["id"], "channel": channel,
        "member": member(u, permissions), "locale": locale, "guild_locale": guild_locale,
        "app_permissions": APP_PERMISSIONS, "entitlements": [], "authorizing_integration_owners": {"0": "1"},
        "context": 0, "attachment_size_limit": 10 * 1024 * 1024,
    }


#: option types whose value is a snowflake, which Discord sends as a string (USER, CHANNEL, ROLE, MENTIONABLE)
_SNOWFLAKE_OPTIONS = (6, 7, 8, 9)


def option(name: str, value: Any, kind: int, focused: bool = False) -> dict[str, Any]:
    if kind in _SNOWFLAKE_OPTIONS and not focused:
        value = str(value)  # as Discord sends it: a test may name the user by its number
    out = {"name": name, "type": kind, "value": value}
    if focused:
        out["focused"] = True
    return out


def command(name: str, options: Sequence[dict[str, Any]], u: dict[str, Any], channel: dict[str, Any] | None = None,
            *, locale: str = "en-US", users: Sequence[dict[str, Any]] = (), permissions: int = 0,
            autocomplete: bool = False, guild_locale: str = "en-US") -> dict[str, Any]:
    payload = _base(4 if autocomplete else 2, u, channel or text_channel(), locale, permissions, guild_locale)
    data: dict[str, Any] = {"id": snowflake(), "name": name, "type": 1, "options": list(options)}
    if users:
        data["resolved"] = {"users": {x["id"]: x for x in users},
                            "members": {x["id"]: {k: v for k, v in member(x).items() if k != "user"} for x in users}}
    payload["data"] = data
    return payload


def component(custom_id: str, u: dict[str, Any], message: dict[str, Any], channel: dict[str, Any] | None = None,
              *, values: Sequence[str] | None = None, locale: str = "en-US") -> dict[str, Any]:
    payload = _base(3, u, channel or text_channel(), locale, 0)
    payload["message"] = message
    payload["data"] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        payload["data"]["values"] = list(values)
    return payload


class Harness:
    """The real bot (``MesaBot``) over a real service on a temporary database, talking to the stand-in."""

    def __init__(self, bot: Any, standin: StandIn, old_base: str) -> None:
        self.bot = bot
        self.standin = standin
        self._old_base = old_base

    @classmethod
    async def open(cls, folder: Path, *, clock: Any = None, renderer: Any = "default", thinker: Any = None) -> Harness:
        """The bot over a fresh database and the stand-in; ``thinker``: where Mesa's moves, hints and readings are
        searched (``tables.thinking.Thinker``; by default the bot's own, processes at the levels' time budgets)."""
        from cogs.client import Config, MesaBot, apply_api_base
        from data import open_repository
        from tables.service import TableService

        standin = StandIn()
        base = await standin.start()
        old = discord.http.Route.BASE
        apply_api_base(base)
        if renderer == "default":
            import render

            renderer = render.render
        repo = await open_repository(folder / "mesa.db")
        seeds = itertools.count(12345)
        service = TableService(repo, clock, renderer, seed_source=lambda: next(seeds), thinker=thinker)
        bot = MesaBot(Config(token="stand-in"), service=service, tick_seconds=0)
        await bot.login("stand-in-token")
        bot._ready.set()  # as connected: interactions reach a bot past its gateway's READY and GUILD_CREATEs
        return cls(bot, standin, old)

    async def close(self) -> None:
        if os.environ.get("STANDIN_DEBUG"):
            for r in self.standin.refusals():
                print("REFUSED", r.method, r.path, r.status, json.dumps(r.answer)[:300])
        try:
            await self.bot.close()
            await self.bot.service.repo.close()
        finally:
            await self.standin.stop()
            discord.http.Route.BASE = self._old_base

    async def dispatch(self, payload: dict[str, Any]) -> None:
        """Deliver ``payload`` as the gateway would, and wait until the bot has finished with it.

        The stand-in issues it first (its deadlines start now; a click on a component that is not on
        the message raises ``Refused``, as no Discord client could send it).
        """
        payload = self.standin.issue(payload)
        self.bot._connection.parse_interaction_create(payload)
        await self.settle()

    async def settle(self, timeout: float = 30.0) -> None:
        me = asyncio.current_task()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                       and not t.get_name().startswith("standin")]
            pending = [t for t in pending if _is_bot_task(t)]
            if not pending:
                return
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"bot tasks still running: {[t.get_name() for t in pending]}")
            await asyncio.wait(pending, timeout=left)

    # ---- conveniences ---------------------------------------------------------------------------
    async def command(self, name: str, options: Sequence[dict[str, Any]], u: dict[str, Any], **kw: Any) -> None:
        await self.dispatch(command(name, options, u, **kw))

    async def click(self, custom_id: str, u: dict[str, Any], message: dict[str, Any] | None = None,
                    channel: dict[str, Any] | None = None, **kw: Any) -> None:
        message = message or self.message_with(custom_id)
        channel = channel or self.channel_of(message)
        await self.dispatch(component(custom_id, u, message, channel, **kw))

    def latest_id(self, prefix: str) -> str:
        """The custom id starting with ``prefix`` on the most recent message that has one."""
        for message in reversed(list(self.standin.messages.values())):
            for row in message.get("components", []):
                for item in row.get("components", []):
                    if str(item.get("custom_id", "")).startswith(prefix):
                        return item["custom_id"]
        raise KeyError(prefix)

    def message_with(self, custom_id: str) -> dict[str, Any]:
        """The latest message carrying a component with ``custom_id`` now."""
        for message in reversed(self.standin.messages.values()):
            for row in message.get("components", []):
                for item in row.get("components", []):
                    if item.get("custom_id") == custom_id:
                        return message
        raise KeyError(custom_id)

    def channel_of(self, message: dict[str, Any]) -> dict[str, Any]:
        cid = int(message["channel_id"])
        return self.standin.place(cid) or text_channel(cid if cid else CHANNEL_ID)


def _is_bot_task(task: asyncio.Task[Any]) -> bool:
    """Tasks discord.py starts for an interaction (command tree, views, dynamic items) or the bot's own."""
    name = task.get_name()
    if name.startswith(("CommandTree", "discord-ui", "mesa")):
        return True
    coro = task.get_coro()
    qualname = getattr(coro, "__qualname__", "")
    return any(word in qualname for word in ("Client._run_event", "ViewStore", "DynamicItem", "_scheduled"))
