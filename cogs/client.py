"""The Discord client: configuration, the bot class, start-up, command sync (docs/architecture.md, cogs/).

``MesaBot`` is the top of cogs/: it builds every part once and hands each one what it uses
(the delivery of the outbox, Mesa's turns, the ticker, and the areas, one ``commands.Cog`` each:
``Play``, ``Guide``, ``Settings``, ``Results``, ``Learning``, ``Tournaments``, and the controls' ``Board``
and ``Picking``).  No
part imports this module, so cogs/ has no import circle (``tests/test_layers.py``).

``run_bot(token, sync=..., guild_id=...)`` is what ``python bot.py`` calls.  Configuration comes
from the environment (bot.py has already read ``.env``):

- ``DISCORD_TOKEN``: the bot token;
- ``DATABASE_URL``: ``postgresql://user@host:port/db`` selects PostgreSQL (issue 19); else
- ``DATABASE_PATH``: the SQLite file (default ``data/mesa.db``);
- ``DEV_GUILD_ID``: ``--sync`` registers the commands in this one server (instant) instead of globally;
- ``LOG_LEVEL``: read by bot.py (DEBUG is Mesa's own lines only: ``tables.logs``);
- ``TICK_SECONDS``: how often deadlines and reminders are checked (default 30);
- ``SHARD_COUNT`` and ``SHARD_IDS`` (issue 19): run this process as the Discord shards ``SHARD_IDS``
  (``0,1`` or a range ``0-3``) of ``SHARD_COUNT`` with ``discord.AutoShardedClient``; several
  processes, each with its own ids, share one ``DATABASE_URL``.  Both or neither: without them (or
  with ``SHARD_COUNT=auto`` alone) this one process asks Discord for the recommended count
  (``GET /gateway/bot``) and holds every shard;
- ``DISCORD_API_BASE``: an optional base URL for Discord's REST API, e.g. a REST proxy in front of
  Discord shared by several processes (``https://proxy.internal/api/v10``).  Empty: Discord itself.
  With it set, the gateway too is the one that API announces (``GET /gateway/bot``).

No privileged intent is asked for: slash commands and components arrive as interactions, so Mesa
needs neither message content nor the member list nor presences.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Self
from urllib.parse import urlsplit

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from cogs import arranging, board, guide, learning, lessons, picking, results, review
from cogs.acts import TableActs
from cogs.arranging import Arranging
from cogs.board import Board
from cogs.current_commands import MesaTree
from cogs.delivery import Delivery, PostFailed
from cogs.guide import Guide
from cogs.guild_life import MISSING_ACCESS, GuildWatch
from cogs.handling import Handling
from cogs.learning import Learning
from cogs.lessons import LessonControls
from cogs.members import Members
from cogs.mesa import MesaTurns
from cogs.picking import Picking
from cogs.play import Play
from cogs.post_controls import post_controls
from cogs.results import Results
from cogs.review import Reviewing
from cogs.settings import Settings
from cogs.ticker import Ticker
from cogs.tournaments import Tournaments
from cogs.translator import MesaTranslator
from tables import Message, TableService
from tables.errors import CannotOpen
from tables.leaderboard import LeaderboardService
from tables.logs import quiet_libraries
from tables.replays import positive_number
from tables.service import Share

log = logging.getLogger("mesa.discord")

#: how often the service's deadlines and reminders are checked (seconds; ``TICK_SECONDS`` changes it)
TICK_SECONDS = 30.0
#: how long a closing bot lets the interactions it is answering finish (seconds)
CLOSE_GRACE_SECONDS = 5.0
#: then how long the answers cut short have to say so (``Handling.guard``), in seconds
CUT_SECONDS = 3.0
#: discord.py's names for the tasks that run slash commands, buttons and events
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
#: Discord's gateway close codes for a shard it does not know, and for a session that must be sharded
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011


#: ``SHARD_COUNT=auto``: one process runs as many shards as Discord recommends (``GET /gateway/bot``)
AUTO, AUTO_COUNT = "auto", 0


class ConfigError(ValueError):
    """A setting of the environment (or ``.env``) the bot cannot use; the message is one line saying what
    is wrong and what to write instead.  ``run_bot`` prints it and exits 2 before anything starts."""


class ShardConfigError(ConfigError):
    """``SHARD_IDS`` / ``SHARD_COUNT`` do not make sense; the message is one line saying what to do."""


def parse_shards(env: Mapping[str, str]) -> tuple[tuple[int, ...] | None, int | None]:
    """``(shard_ids, shard_count)`` from ``SHARD_IDS`` and ``SHARD_COUNT``; unset means ``auto``.

    Discord routes a server to shard ``(guild_id >> 22) % SHARD_COUNT``; a process holding ids outside
    ``0 .. SHARD_COUNT-1`` would be refused (close code 4010), so that is caught here, at start-up.
    """
    ids_text = (env.get("SHARD_IDS") or "").strip()
    count_text = (env.get("SHARD_COUNT") or "").strip()
    if not ids_text and (not count_text or count_text.lower() == AUTO):
        return (), AUTO_COUNT  # every shard Discord recommends, in this one process
    if not ids_text or not count_text:
        given, missing = ("SHARD_IDS", "SHARD_COUNT") if ids_text else ("SHARD_COUNT", "SHARD_IDS")
        raise ShardConfigError(f"{given} is set but {missing} is not: set both (e.g. SHARD_IDS=0,1 SHARD_COUNT=4) "
                               "or neither")
    if not count_text.isdigit() or int(count_text) < 1:
        raise ShardConfigError(f"SHARD_COUNT={count_text!r} is not a positive whole number")
    count = int(count_text)
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ShardConfigError(f"SHARD_IDS={ids_text!r}: write shard numbers like 0,1 or 0-3")
        ids.extend(range(int(low), int(high) + 1) if dash else [int(low)])
    outside = sorted({i for i in ids if i >= count})
    if outside:
        raise ShardConfigError(f"SHARD_IDS={ids_text!r} names shard {', '.join(map(str, outside))} but "
                               f"SHARD_COUNT={count} has shards 0-{count - 1}: fix SHARD_IDS or SHARD_COUNT")
    if not ids or len(set(ids)) != len(ids):
        raise ShardConfigError(f"SHARD_IDS={ids_text!r} names a shard twice or none")
    return tuple(sorted(ids)), count


#: the settings read as positive numbers, with their unit and default as the one line says them
#: (``REPLAY_*`` and ``REVIEW_*`` are read again where they are used, tables/replays.py and tables/reviews.py)
POSITIVE_SETTINGS = {"TICK_SECONDS": ("seconds", "30"), "REPLAY_CACHE_MB": ("megabytes", "200"),
                     "REPLAY_CACHE_DAYS": ("days", "30"), "REVIEW_CACHE_MB": ("megabytes", "100"),
                     "REVIEW_CACHE_DAYS": ("days", "90")}


def _positive(env: Mapping[str, str], name: str, default: float) -> float:
    """The setting ``name`` as a positive number (unset or empty: ``default``); else ``ConfigError``."""
    text = (env.get(name) or "").strip()
    if not text:
        return default
    value = positive_number(text)
    if value is None:
        unit, shown = POSITIVE_SETTINGS[name]
        raise ConfigError(f"{name}={text[:40]!r} is not a positive number of {unit}: write one (e.g. {name}={shown}), "
                          "or leave it empty for the default")
    return value


def _check_token(token: str) -> None:
    """A Discord token is printable ASCII without spaces; anything else was pasted wrong (never quoted)."""
    if any(not ("!" <= ch <= "~") for ch in token):
        raise ConfigError("DISCORD_TOKEN holds a space, a line break or a character no Discord token has: copy the "
                          "token again from the developer portal (Bot -> Reset Token) into .env, on one line")


def _api_base(text: str) -> str | None:
    """``DISCORD_API_BASE`` as an http(s) URL, or None when empty; else ``ConfigError``."""
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"DISCORD_API_BASE={text[:80]!r} is not an http:// or https:// URL: write it as "
                          "https://HOST/api/v10, or leave it empty for Discord itself")
    return text


def _guild_id(text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit():
        raise ConfigError(f"DEV_GUILD_ID={text[:40]!r} is not a server id: write the server's number (Discord's "
                          "Developer Mode, then right-click the server, Copy Server ID), or leave it empty")
    return int(text)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Config:
    token: str = ""
    database_path: str | None = None
    dev_guild_id: int | None = None
    api_base: str | None = None
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    tick_seconds: float = TICK_SECONDS

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, token: str | None = None) -> Config:
        """The settings of ``env`` (the process environment when None), every one checked: a value the bot
        cannot use is a ``ConfigError`` (one line), never a default taken in silence nor a traceback later."""
        env = os.environ if env is None else env
        token = (token if token is not None else env.get("DISCORD_TOKEN", "")).strip()
        _check_token(token)
        shard_ids, shard_count = parse_shards(env)
        for name in POSITIVE_SETTINGS:  # the caches' bounds are read again by tables/: checked here, at start-up
            _positive(env, name, 1.0)
        return cls(
            token=token,
            # issue 19: DATABASE_URL (PostgreSQL) wins over DATABASE_PATH (an SQLite file)
            database_path=(env.get("DATABASE_URL") or env.get("DATABASE_PATH") or "").strip() or None,
            dev_guild_id=_guild_id((env.get("DEV_GUILD_ID") or "").strip()),
            api_base=_api_base((env.get("DISCORD_API_BASE") or "").strip()),
            shard_ids=shard_ids,
            shard_count=shard_count,
            tick_seconds=_positive(env, "TICK_SECONDS", TICK_SECONDS),
        )

    def share(self) -> Share:
        """What this process answers, and holds on a shared database: its shards, or every shard
        (no ``SHARD_IDS``/``SHARD_COUNT``, or ``SHARD_COUNT=auto``)."""
        if self.shard_count is None or self.shard_count == AUTO_COUNT:
            return Share()
        return Share(tuple(self.shard_ids or ()), self.shard_count)


def apply_api_base(base: str | None) -> None:
    """Point discord.py's REST calls (bot and interaction webhooks alike) at ``base``."""
    if base:
        discord.http.Route.BASE = base.rstrip("/")


def quiet_discord_logs() -> None:
    """Keep discord.py's own loggers (and the database drivers') at INFO or above, whatever
    ``LOG_LEVEL`` says (``tables.logs``; bot.py has set up logging already, this holds for any caller).

    At DEBUG discord.py logs request bodies and gateway events verbatim: a DM holding a player's
    private view, or a ``/move`` typed with a hidden face (``+xr@c2``); aiosqlite every statement
    with its parameters.  No secret in a log line.
    """
    quiet_libraries()


#: requests a second the bot sends on its own token: under Discord's global rate limit ("All bots can make up
#: to 50 requests per second to our API", topics/rate-limits), with room for the network bunching them up
GLOBAL_REQUESTS, GLOBAL_SECONDS = 45, 1.0


class GlobalPace:
    """Holds the bot's REST requests under Discord's global rate limit: at most ``limit`` in any ``seconds``.

    discord.py only reacts to the global limit: after a 429 with ``global: true`` it waits and tries again, at
    most five times, then raises, so a burst of posts (a hundred tables started at once) lost boards and
    invitations, and every 429 counts towards Discord's invalid-request limit (10,000 in 10 minutes, then a
    Cloudflare ban).  Requests wait here, in order, until the last ``seconds`` hold fewer than ``limit``.
    Interaction responses (the callback, follow-ups, the original response) go through discord.py's webhook
    adapter, not ``HTTPClient.request``, and Discord does not count them ("Interaction endpoints are not bound
    to the bot's Global Rate Limit"): they are never held.
    """

    def __init__(self, limit: int = GLOBAL_REQUESTS, seconds: float = GLOBAL_SECONDS,
                 clock: Callable[[], float] | None = None) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock  # None: the running loop's clock
        self._sent: collections.deque[float] = collections.deque()
        self._turn = asyncio.Lock()

    def _now(self) -> float:
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    async def wait(self) -> None:
        """Return when one more request keeps the last ``seconds`` within ``limit`` (and count it)."""
        async with self._turn:
            while True:
                now = self._now()
                while self._sent and now - self._sent[0] >= self.seconds:
                    self._sent.popleft()
                if len(self._sent) < self.limit:
                    self._sent.append(now)
                    return
                await asyncio.sleep(self._sent[0] + self.seconds - now)

    def pace(self, http: discord.http.HTTPClient) -> None:
        """Make every request of ``http`` (the bot's own REST calls) wait its turn here first."""
        request = http.request

        async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
            await self.wait()
            return await request(route, **kwargs)

        http.request = paced  # type: ignore[method-assign]


def default_intents() -> discord.Intents:
    """Only ``guilds`` (issue 15, item 8): guilds, channels and threads for delivery and GUILD_DELETE.

    Slash commands and components arrive as interactions whatever the intents, so Mesa needs no
    message, member, presence, reaction or voice events: asking only for what it uses keeps the
    gateway traffic (and what a leaked token would expose) to the minimum.
    """
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


# Mesa never speaks in voice channels: silence discord.py's start-up warnings about voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


#: every persistent control, one ``DynamicItem`` class per kind (``cogs.controls``), registered at start-up
CONTROLS = (*board.CONTROLS, *arranging.CONTROLS, *picking.CONTROLS, *guide.CONTROLS, *results.CONTROLS,
            *learning.CONTROLS, *lessons.CONTROLS, *review.CONTROLS)


async def open_service(config: Config, share_lost: Callable[[Exception], None] | None = None) -> TableService:
    """The table service over ``config.database_path`` (``DATABASE_URL``, else ``DATABASE_PATH``; default
    data/mesa.db), held for this process: one bot process per SQLite file, and on PostgreSQL one per
    shard (``share_lost`` is told if another process takes them while the database is away).

    cogs/ reaches storage only through tables/ (docs/architecture.md, the layers).
    """
    from tables.service import open_service as open_table_service

    return await open_table_service(config.database_path, alone=config.share(), share_lost=share_lost)


class MesaBot(commands.Bot):
    """The Discord front end: the areas' commands and controls, the service and a ticker.

    ``service`` may be passed in (tests give one over a temporary database); otherwise
    ``login`` opens the one at ``config.database_path`` (before Discord is asked).  ``sync_only`` skips the service
    and the ticker: ``--sync`` only logs in, registers the commands and leaves.

    A ``commands.Bot`` for its cogs only: Mesa has no prefix commands (they would need the privileged
    message content intent), so the prefix is a mention, which no event ever brings.
    """

    def __init__(self, config: Config | None = None, *, service: TableService | None = None,
                 sync_only: bool = False, tick_seconds: float = TICK_SECONDS, **client_options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=default_intents(),
            max_messages=None,  # no message cache: Mesa never reads messages back from the gateway
            # no message pings anyone it merely names: a post that means to ping says whom, by id
            # (cogs.delivery); a display name such as "<@id>" or "@everyone" is text (issue 29, item 7)
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=MesaTree,  # a command with an option no longer registered is refused as outdated
            **client_options,
        )
        self.config = config or Config()
        self.pace = GlobalPace()
        self.pace.pace(self.http)  # under Discord's global rate limit, rather than meeting its 429s
        self.service = service
        self.sync_only = sync_only
        self.tick_seconds = tick_seconds
        # the parts, each given what it uses; ``self.table_service`` reads the service at each use,
        # since ``login`` opens it after this
        self.guild_watch = GuildWatch(self, self.table_service, self._deliver)
        self.mesa = MesaTurns(self.table_service, self._deliver)
        self.delivery = Delivery(self, self.table_service, self.guild_watch, post_controls, self.mesa.follow)
        self.handling = Handling(self.table_service, self.delivery, self.guild_watch)
        self.ticker = Ticker(self.table_service, self.delivery, self.serves_guild)
        acts = TableActs(self.table_service, self.handling, self.delivery)
        tournaments = Tournaments(self.table_service, self.handling, self.delivery)  # issue 31: /tournament
        self.delivery.tournament_posts = tournaments.announce  # its channel posts, whoever delivers them
        self.delivery.tournament_place = tournaments.place_table  # its tables' threads, before their first posts
        # in this order, so the commands are registered (and printed) in the order they always were
        self.areas: tuple[commands.Cog, ...] = (
            Play(self.table_service, self.handling, self.delivery, acts),
            Guide(self.handling),
            Settings(self.table_service, self.handling),
            Results(self.table_service, self.handling),
            Board(self.table_service, self.handling, self.delivery, acts),
            Picking(self.table_service, self.handling, acts),
            Arranging(self.table_service, self.handling),  # a build's preview: shuffle, exchange pieces, confirm
            Learning(self.table_service, self.handling, self.delivery),  # issue 30: /hint, /takeback
            LessonControls(self.table_service, self.handling),  # issue 30: a lesson's buttons and picker
            Reviewing(self.table_service, self.handling),  # issue 32: /review and the Review button
            tournaments,
        )
        self.tree.error(self.handling.on_error)
        self._ticker: asyncio.Task[None] | None = None
        self._owns_service = False
        self._closing: asyncio.Future[None] | None = None  # the close a SIGTERM started
        self._starting: asyncio.Task[Any] | None = None  # the start, while ``login`` runs
        self.stopped_starting = False  # a SIGTERM cancelled the start (``run_bot`` then returns 0)
        self.close_grace = CLOSE_GRACE_SECONDS  # how long a close waits for the answers being made
        self.exit_code = 0  # what run_bot returns once closed (1: the shards were lost, ``_share_lost``)

    def table_service(self) -> TableService:
        """The open table service (every part reads it through here)."""
        if self.service is None:
            raise RuntimeError("the table service is not open")
        return self.service

    async def _deliver(self, messages: list[Message]) -> None:
        """Posts nobody asked for in an interaction (Mesa's moves, a server's tables resumed): the
        language is the server's.  A post Discord did not take has nobody to be told: it is stored,
        and the ticker posts it again (``missed_posts``), so Mesa plays on meanwhile."""
        try:
            await self.delivery.deliver(messages, None)
        except PostFailed as exc:
            log.info("table %d: a post nobody asked for was not taken; the ticker posts it again", exc.table_id)

    async def add_areas(self) -> None:
        """Add every area's commands to the tree (without a connection: ``--print-commands`` uses it)."""
        for area in self.areas:
            if self.get_cog(area.__cog_name__) is None:
                await self.add_cog(area)

    async def __aenter__(self) -> Self:
        # a service manager stops the bot with SIGTERM: close as on Ctrl-C (the gateway told goodbye,
        # the worker processes let go, the database closed) instead of dying mid-flight; from the loop's
        # first moment, so a SIGTERM while the database opens (a held shard waited for) stops in order too
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not the main thread, or no such signal
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._close_on_signal)
        return await super().__aenter__()

    async def login(self, token: str) -> None:
        """Storage first, then Discord: a database that cannot be opened, or shards another process holds
        (``open_service``), stop the bot before it asks Discord anything (a wrong ``DATABASE_URL`` is said
        even with a token Discord would refuse).  ``--sync`` needs no storage.  A SIGTERM meanwhile cancels
        the start (``_close_on_signal``): what was opened is closed, and ``run_bot`` returns 0."""
        self._starting = asyncio.current_task()
        try:
            if self.service is None and not self.sync_only:
                self.service = await open_service(self.config, self._share_lost)
                self._owns_service = True
            await super().login(token)
        finally:
            self._starting = None

    async def setup_hook(self) -> None:
        await self.tree.set_translator(MesaTranslator())
        await self.add_areas()
        if self.sync_only:
            return
        if self.config.api_base:
            await self.use_announced_gateway()
        self.add_dynamic_items(*CONTROLS)
        # Discord does not tell Mesa of a member leaving (no member intent): the tournaments ask, when it shows
        self.table_service().tournaments.still_member = Members(self).still_member
        self.table_service().seating.still_member = Members(self).still_member  # a rematch invites members only
        await self._rate_unrated()
        if self.tick_seconds > 0:
            self._ticker = asyncio.create_task(self.ticker.run(self.tick_seconds), name="mesa-ticker")

    def _share_lost(self, exc: Exception) -> None:
        """Another process took this one's shards while the database was away (``data.holds``; logged
        there): both would answer every interaction, so this one stops, with exit status 1."""
        self.exit_code = 1
        self._close_on_signal()

    def _close_on_signal(self) -> None:
        if self._closing is not None or self.stopped_starting:  # a second SIGTERM: the first close goes on
            return
        if self._starting is not None:  # still opening the database or logging in: nothing to wait for
            log.info("SIGTERM while starting: stopping before Discord is answered")
            self.stopped_starting = True
            self._starting.cancel()  # ``__aexit__`` closes what was opened
            return
        log.info("SIGTERM: closing")
        self._closing = asyncio.ensure_future(self.close())

    async def __aexit__(self, *exc: Any) -> None:
        # ``Client.run`` ends as soon as discord.py's part of the close is done; a close that SIGTERM
        # started still has the workers and the database to let go, and must not be cut short
        await super().__aexit__(*exc)
        if self._closing is not None:
            await self._closing

    def serves_guild(self, guild_id: int) -> bool:
        """Whether this process's gateway sessions receive the events of server ``guild_id``."""
        return True

    async def _rate_unrated(self) -> None:
        """Issue 9: results stored before ratings existed (or never rated) are rated once at start-up."""
        try:
            guilds = await LeaderboardService(self.table_service().repo).catch_up()
        except Exception:  # ratings are a nicety at start-up: /recompute-ratings can do it later
            log.exception("rating catch-up failed")
            return
        if guilds:
            log.info("ratings rebuilt for %d server(s) with unrated results", len(guilds))

    async def use_announced_gateway(self) -> None:
        """Behind ``DISCORD_API_BASE``, connect to the gateway that API announces (``GET /gateway/bot``).

        discord.py's single-process client otherwise always dials ``wss://gateway.discord.gg``; asking the
        configured API keeps REST and gateway on one deployment (a REST proxy passes Discord's own answer
        through, so nothing changes there; a stand-in for Discord names its own websocket).
        """
        _shards, url, _limits = await self.http.get_bot_gateway()
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)

    async def close(self) -> None:
        if self._ticker is not None:
            ticker, self._ticker = self._ticker, None
            ticker.cancel()
            await asyncio.wait([ticker])  # its database work ends before the database closes
        await self.mesa.stop()  # Mesa's turns in progress: the next start plays them
        # interactions being answered finish first (a move and its board), within a grace period
        handlers = [t for t in asyncio.all_tasks()
                    if t is not asyncio.current_task() and t.get_name().startswith(HANDLER_TASKS)]
        if handlers:
            _, cut = await asyncio.wait(handlers, timeout=self.close_grace)
            if cut:  # (a review, tens of seconds): each says it was cut short while Discord can still be told
                self.handling.closing = True
                for handler in cut:
                    handler.cancel()
                await asyncio.wait(cut, timeout=CUT_SECONDS)
        await super().close()
        if self._owns_service and self.service is not None:
            await self.service.close()  # search and drawing workers, then the database
            self.service = None

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """Issue 15, defect 3: Discord archives a thread idle for a week, but a move may take up to 14
        days, and nobody can use a slash command in an archived thread.  A live table's thread that
        Discord archives is opened again at once (not a locked one: a moderator closed it)."""
        meta = payload.data.get("thread_metadata") or {}
        if not meta.get("archived") or meta.get("locked") or self.service is None:
            return
        try:
            if not await self.service.hosts_live_table(payload.guild_id, payload.thread_id):
                return
            await self.http.edit_channel(payload.thread_id, archived=False)
            log.info("thread %d of a live table was archived; opened it again", payload.thread_id)
        except discord.HTTPException as exc:
            log.info("thread %d stays archived (%s)", payload.thread_id, type(exc).__name__)

    # issue 15, defect 5 (cogs/guild_life.py): the bot removed from a server, and invited back
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        if self.service is not None:
            await self.guild_watch.left(guild.id)

    # a channel deleted (the ``guilds`` intent brings CHANNEL_DELETE): its tournaments and tables are not left
    # posting into nothing (cogs/delivery.py, ``channel_gone``; a post's 404 Unknown Channel finds it out too)
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.service is not None:
            try:
                await self.delivery.channel_gone(channel.guild.id, channel.id)
            except Exception:
                log.exception("channel %d: its deletion was not handled", channel.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        if self.service is not None:
            await self.guild_watch.returned(guild.id)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        if self.service is not None:
            await self.guild_watch.returned(guild.id)

    async def sync_commands(self, guild_id: int | None) -> list[app_commands.AppCommand]:
        """Register the command tree with Discord: in one server when ``guild_id`` is given, else globally."""
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()


class ShardedMesaBot(MesaBot, discord.AutoShardedClient):
    """Mesa holding the shards ``config.shard_ids`` of ``config.shard_count`` (issue 19).

    Any process may serve any table (the database decides, see tables/service.py); what a process
    receives is only the interactions of its own servers.  Boards, DMs and reminders go out over
    REST, which works from any process with the bot token.
    """

    def __init__(self, config: Config, **kwargs: Any) -> None:
        if config.shard_count == AUTO_COUNT:  # Discord's recommended count, every shard here
            super().__init__(config, shard_ids=None, shard_count=None, **kwargs)
        else:
            super().__init__(config, shard_ids=list(config.shard_ids or ()), shard_count=config.shard_count, **kwargs)

    def serves_guild(self, guild_id: int) -> bool:
        if self.config.shard_count == AUTO_COUNT:
            return True
        return shard_of(guild_id, self.config.shard_count or 1) in (self.config.shard_ids or ())


def make_bot(config: Config, **kwargs: Any) -> MesaBot:
    """The sharded client when ``SHARD_IDS``/``SHARD_COUNT`` are set, else the single-session one."""
    if config.shard_count is not None:
        return ShardedMesaBot(config, **kwargs)
    return MesaBot(config, **kwargs)


async def _sync(config: Config, guild_id: int | None) -> int:
    """``python bot.py --sync [--guild ID]``: 0 when Discord registered the commands; 1, with one paragraph saying
    what to do and no traceback, when it refused them."""
    bot = MesaBot(config, sync_only=True)
    async with bot:
        await bot.login(config.token)
        try:
            synced = await bot.sync_commands(guild_id)
        except app_commands.CommandSyncFailure as exc:  # 400: a rule of Discord's broken by the tree itself
            log.error("Discord refused the slash commands, so none changed. What it said, command by command:\n"
                      "%s\nThe commands are made in cogs/ (`python bot.py --print-commands` shows them as sent); "
                      "`pytest tests/test_discord_commands.py` checks Discord's rules offline", exc)
            return 1
        except discord.Forbidden as exc:
            if guild_id and exc.code == MISSING_ACCESS:
                log.error("Discord refused to register the commands in server %d (Missing Access): Mesa is not in "
                          "that server, or was invited without the applications.commands scope. Invite it with the "
                          "scopes `bot applications.commands` (README: Running the bot on Discord), or check the "
                          "server's ID (Developer Mode on, then right-click the server: Copy Server ID)", guild_id)
            else:
                log.error("Discord refused to register the commands (%s)", exc)
            return 1
    where = f"server {guild_id}" if guild_id else "every server (global commands may take up to an hour)"
    print(f"synced {len(synced)} commands to {where}: {', '.join(sorted(c.name for c in synced))}")
    return 0


def run_bot(token: str, sync: bool = False, guild_id: int | None = None) -> int:
    """Run the bot until stopped, or (``sync``) register the slash commands and exit."""
    try:
        config = Config.from_env(token=token)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    apply_api_base(config.api_base)
    quiet_discord_logs()
    try:
        if sync:
            return asyncio.run(_sync(config, guild_id or config.dev_guild_id))
        if config.shard_count == AUTO_COUNT:
            log.info("holding every shard Discord recommends")
        elif config.shard_count is not None:
            log.info("holding shards %s of %d", ",".join(map(str, config.shard_ids or ())), config.shard_count)
        bot = make_bot(config, tick_seconds=config.tick_seconds)
        try:
            bot.run(config.token, log_handler=None)
        except asyncio.CancelledError:
            if not bot.stopped_starting:
                raise
            return 0  # SIGTERM while starting (``MesaBot._close_on_signal``): stopped, as asked
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN (Bot -> Reset Token in the developer portal)")
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error("Discord asked for a privileged intent, which Mesa never requests; please report this")
        return 1
    except discord.ConnectionClosed as exc:
        if exc.code == INVALID_SHARD:
            log.error("Discord refused shard %s (close code 4010, invalid shard): check SHARD_IDS and SHARD_COUNT",
                      exc.shard_id)
            return 1
        if exc.code == SHARDING_REQUIRED:
            log.error("Discord requires sharding for this bot (close code 4011): set SHARD_COUNT and SHARD_IDS "
                      "(see the README, several processes)")
            return 1
        raise
    except CannotOpen as exc:  # issue 19: a wrong DATABASE_URL, a server that is down, a newer schema
        log.error("%s", exc)
        return 2
    except aiohttp.ClientConnectionError as exc:  # no network, no DNS, a wrong DISCORD_API_BASE: one line
        log.error("could not reach Discord (%s): check this machine's network (and DISCORD_API_BASE if set), "
                  "then start again; `python bot.py --console` plays offline", exc)
        return 1
    return bot.exit_code
