"""Gateway-shaped INTERACTION_CREATE payloads, and a harness that runs the real bot against the stand-in.

The payloads follow Discord's documented interaction object (type 2 application command, 3 message
component, 4 autocomplete, 5 modal submit), with ``member`` (guild), ``channel``, ``locale``, ``app_permissions`` and,
for components, the ``message`` that carries them.  ``Harness.dispatch`` hands a payload to
``ConnectionState.parse_interaction_create`` exactly as the gateway would, then waits for every task
it started.  ``STANDIN_DEBUG=1`` prints, when a harness closes, every request Discord refused.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
from collections.abc import Collection, Sequence
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
          guild_locale: str | None = None) -> dict[str, Any]:
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


_STRING, _INTEGER, _BOOLEAN, _USER, _NUMBER = 3, 4, 5, 6, 10


def _as_the_client_checks(spec: dict[str, Any], value: Any) -> None:
    """A value Discord's client would send for the registered option ``spec``, else ``ValueError``: one of its
    choices, a whole number (or a number) within ``min_value``/``max_value``, a string within
    ``min_length``/``max_length`` (Discord checks them before any interaction reaches a bot, so a test sending
    another value tests what never happens)."""
    kind, name = int(spec["type"]), spec["name"]
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {name!r}: {value!r} is none of its choices")
    if kind in (_INTEGER, _NUMBER):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind == _INTEGER and
                                                                             not isinstance(value, int)):
            raise ValueError(f"option {name!r} takes a {'whole ' if kind == _INTEGER else ''}number, not {value!r}")
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"option {name!r}: {value} is outside {low}..{high}, which the client enforces")
    elif kind == _STRING:
        if not isinstance(value, str):
            raise ValueError(f"option {name!r} takes a string, not {value!r}")
        if not spec.get("min_length", 1) <= len(value) <= spec.get("max_length", 6000):
            raise ValueError(f"option {name!r}: {len(value)} characters is outside the length the client enforces")
    elif kind == _BOOLEAN and not isinstance(value, bool):
        raise ValueError(f"option {name!r} takes true or false, not {value!r}")


def command(name: str, options: Sequence[dict[str, Any]], u: dict[str, Any], channel: dict[str, Any] | None = None,
            *, locale: str = "en-US", users: Sequence[dict[str, Any]] = (), permissions: int = 0,
            autocomplete: bool = False, guild_locale: str | None = None) -> dict[str, Any]:
    payload = _base(4 if autocomplete else 2, u, channel or text_channel(), locale, permissions, guild_locale)
    data: dict[str, Any] = {"id": snowflake(), "name": name, "type": 1, "options": list(options)}
    if users:
        data["resolved"] = {"users": {x["id"]: x for x in users},
                            "members": {x["id"]: {k: v for k, v in member(x).items() if k != "user"} for x in users}}
    payload["data"] = data
    return payload


def component(custom_id: str, u: dict[str, Any], message: dict[str, Any], channel: dict[str, Any] | None = None,
              *, values: Sequence[str] | None = None, locale: str = "en-US",
              guild_locale: str | None = None) -> dict[str, Any]:
    payload = _base(3, u, channel or text_channel(), locale, 0, guild_locale)
    payload["message"] = message
    payload["data"] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        payload["data"]["values"] = list(values)
    return payload


def modal_submit(custom_id: str, u: dict[str, Any], values: dict[str, str] | None = None,
                 channel: dict[str, Any] | None = None, *, locale: str = "en-US") -> dict[str, Any]:
    """A modal submitted (interaction type 5): the modal's ``custom_id`` and each text input's value, in action
    rows as Discord sends them."""
    payload = _base(5, u, channel or text_channel(), locale, 0)
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in (values or {}).items()]
    payload["data"] = {"custom_id": custom_id, "components": rows}
    return payload


def client_checks(where: str, schema: list[dict[str, Any]], given: Sequence[dict[str, Any]],
                  autocomplete: bool, resolved: Collection[str] | None = None) -> None:
    """``given`` (an interaction's options) against the registered options ``schema`` of ``where`` (a command or
    subcommand), as Discord's client checks them before it sends anything: each an option it has, of its type,
    among its choices, within its range and length, the required ones filled; while one is being typed
    (``autocomplete``) that one goes as it stands and the required ones may still be empty; a user picked is a
    snowflake among the interaction's ``resolved`` users (when given), as Discord resolves each. Used by the in-process
    ``Harness.command`` and by the process-level stand-in's scripted users (``server.Player``)."""
    names = {str(o["name"]) for o in given}
    missing = [o["name"] for o in schema if o.get("required") and o["name"] not in names]
    if missing and not autocomplete:
        raise ValueError(f"{where}: Discord's client sends no command without its required options {missing}")
    for item in given:
        spec = next((o for o in schema if o["name"] == item["name"]), None)
        if spec is None:
            raise KeyError(f"{where} has no option {item['name']!r} (a client with an older registration: stale=True)")
        if int(item.get("type", -1)) != int(spec["type"]):
            raise ValueError(f"{where}: option {item['name']!r} is of type {spec['type']}, not {item.get('type')}")
        if int(spec["type"]) in (1, 2):  # a subcommand (group): its own options
            client_checks(f"{where} {spec['name']}", spec.get("options") or [], item.get("options") or [],
                          autocomplete, resolved)
        elif item.get("focused"):
            continue
        elif int(spec["type"]) in _SNOWFLAKE_OPTIONS:  # a user, channel or role picked from the client's list
            if not str(item.get("value", "")).isdigit():
                raise ValueError(f"{where}: option {item['name']!r} takes a snowflake, not {item.get('value')!r}")
            if int(spec["type"]) == _USER and resolved is not None and str(item["value"]) not in resolved:
                raise ValueError(f"{where}: user {item['value']} is not in the interaction's resolved users")
        else:
            _as_the_client_checks(spec, item.get("value"))


class Harness:
    """The real bot (``MesaBot``) over a real service on a temporary database, talking to the stand-in."""

    def __init__(self, bot: Any, standin: StandIn, old_base: str) -> None:
        self.bot = bot
        self.standin = standin
        self._old_base = old_base
        self._commands: dict[str, dict[str, Any]] | None = None  # the bot's commands as it registers them

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

    def server_speaks(self, locale: str, guild_id: int = GUILD_ID) -> None:
        """The server's language as its settings set it (Discord's ``preferred_locale``): every interaction from
        there carries it as ``guild_locale`` from now on."""
        self.standin.guilds[guild_id].preferred_locale = locale

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
    async def command(self, name: str, options: Sequence[dict[str, Any]], u: dict[str, Any], *, stale: bool = False,
                      **kw: Any) -> None:
        """``/name`` with ``options`` from ``u``, as Discord's client lets it through for the bot's commands (see
        ``client_sends``); ``stale``: from a client still showing an older registration (a command or option the bot
        no longer has), which Discord delivers as it stands."""
        if not stale:
            await self.client_sends(name, options, focused=bool(kw.get("autocomplete")),
                                    resolved={str(x["id"]) for x in kw.get("users") or ()})
        await self.dispatch(command(name, options, u, **kw))

    async def client_sends(self, name: str, options: Sequence[dict[str, Any]], *, focused: bool = False,
                           resolved: Collection[str] | None = None) -> None:
        """Raise unless Discord's client could send ``/name`` with ``options`` for the commands the bot registers:
        each option one the command has, of its type, one of its choices, within its range and length, the required
        ones filled (the option being typed, with autocomplete, goes as it stands)."""
        if self._commands is None:
            from cogs.commands_json import command_payload

            self._commands = {c["name"]: c for c in await command_payload(self.bot.tree)}
        spec = self._commands.get(name)
        if spec is None:
            raise KeyError(f"the bot registers no command /{name}")
        client_checks(f"/{name}", spec.get("options") or [], options, focused, resolved)

    async def click(self, custom_id: str, u: dict[str, Any], message: dict[str, Any] | None = None,
                    channel: dict[str, Any] | None = None, **kw: Any) -> None:
        message = message or self.message_with(custom_id)
        channel = channel or self.channel_of(message)
        await self.dispatch(component(custom_id, u, message, channel, **kw))

    async def pick_move(self, select_id: str, u: dict[str, Any], move: str, **kw: Any) -> None:
        """Walk the move picker ``select_id`` (on the latest message carrying it) down to ``move``, choosing at each
        step the option that leads there, as a player does: a client sends only the values a select offers."""
        from tables.picker import Step

        for _ in range(8):
            message = self.message_with(select_id)
            options = [str(o["value"]) for row in message.get("components", []) for item in row.get("components", [])
                       if item.get("custom_id") == select_id for o in item.get("options") or []]
            chosen = next((v for v in options if v == "m:" + move), None) or next(
                (v for v in options if not v.startswith("m:") and Step.decode(v).moves([move])), None)
            if chosen is None:
                raise AssertionError(f"the picker {select_id} offers no way to {move}: {options}")
            await self.click(select_id, u, message=message, values=[chosen], **kw)
            if chosen.startswith("m:"):
                return
        raise AssertionError(f"{move} not reached in the picker {select_id}")

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
