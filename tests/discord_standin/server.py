"""The whole stand-in for Discord: REST and gateway on one local port, the bot process, scripted users.

``DiscordServer`` extends the REST stand-in of ``discord_standin`` (its routes, records, message
store and every rule it enforces: payload limits, deadlines, rate limits, permissions, threads)
with what a separately running bot needs from Discord:

- the gateway (``discord_standin.gateway``) at ``ws://127.0.0.1:PORT/gateway``, announced by
  ``GET /gateway/bot``; intents checked at IDENTIFY (4014 for a privileged intent the application
  has not enabled, ``enabled_intents``); READY and a GUILD_CREATE for every server the bot is in
  (``add_guild``, ``create_channel``); THREAD_CREATE / THREAD_UPDATE / THREAD_DELETE as the world
  changes (a thread opened, archived by ``advance_clock``, un-archived by a post, locked, deleted);
  GUILD_DELETE and GUILD_CREATE when the bot is removed from a server and added back
  (``remove_bot``, ``add_bot``);
- ``PUT /applications/{app}/commands`` (``python bot.py --sync``): checked as Discord checks it
  (``discord_standin.commands``: names, descriptions, localizations, options, choices, size); the
  registered commands are kept, and scripted users build their slash commands from them, so a user
  can only send what Discord would let them send (options it has, a choice among its choices, numbers within
  ``min_value``/``max_value``, strings within their lengths, required options filled: what Discord's
  client checks before an interaction is sent);
- faults on demand (``fail``): 429 with ``retry_after`` (and the ``Via`` header Discord's edge adds,
  without which discord.py takes a 429 for a Cloudflare ban), 5xx, 403; closed DMs answer
  403 / 50007 (the base stand-in's ``closed_dms``); ``stall`` holds requests unanswered, so a test
  can kill the bot between storing a move and posting its board;
- the timing of every request and an ``Exchange`` per interaction sent: when the bot acknowledged it
  (the 3-second rule) and everything it sent back through the interaction's token.

``BotProcess`` runs ``python bot.py`` as a child process pointed at the server through
``DISCORD_API_BASE`` (and a temporary ``DATABASE_PATH``), and can kill it with SIGKILL.
``Player`` is a scripted user: slash commands, autocomplete, buttons and selects, each built from
what the bot registered or posted, sent as INTERACTION_CREATE over the gateway.

``violations()`` lists the requests Discord refused for a rule the bot broke (the e2e fixture
fails a test on any), leaving out the faults a test injected and ``expected_codes``.

Waiting never sleeps for a fixed time: ``wait_until`` re-checks a condition whenever a request or
a gateway change arrives, up to a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from discord_standin import APP_ID, BOT_ID, BOT_USER, EPHEMERAL, Recorded, StandIn
from discord_standin import payloads as P
from discord_standin.gateway import Gateway
from discord_standin.ratelimit import Limits
from discord_standin.world import Guild

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "standin.bot.token"
GUILD_NAME = "Mesa test server"
#: interaction callback types (Discord's documented values)
CALLBACK_MESSAGE, CALLBACK_DEFER, CALLBACK_DEFER_UPDATE, CALLBACK_UPDATE, CALLBACK_AUTOCOMPLETE = 4, 5, 6, 7, 8
#: application command option types
SUB_COMMAND, STRING, INTEGER, BOOLEAN, USER, CHANNEL, NUMBER = 1, 3, 4, 5, 6, 7, 10
MANAGE_GUILD = 1 << 5
#: a fault "status" meaning: hold the request unanswered until ``release``
STALL = 0
_INTERACTION_PATH = re.compile(r"^/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback$")
_WEBHOOK_PATH = re.compile(r"^/webhooks/\d+/(?P<token>[^/]+)(?:/messages/(?P<message>[^/]+))?$")


@dataclass
class Fault:
    """Answer the next ``times`` requests matching ``method`` and ``path`` (a regex) with ``status``."""

    method: str
    path: re.Pattern[str]
    status: int
    times: int = 1
    retry_after: float = 0.05
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        return self.hits < self.times and method == self.method and bool(self.path.search(path))


@dataclass
class Exchange:
    """One interaction sent to the bot and what came back through its token."""

    payload: dict[str, Any]
    sent_at: float
    acked_at: float | None = None
    callback: Recorded | None = None
    replies: list[Recorded] = field(default_factory=list)

    @property
    def token(self) -> str:
        return str(self.payload["token"])

    @property
    def ack_seconds(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.sent_at

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None or not isinstance(self.callback.json, dict) \
            else int(self.callback.json.get("type", 0))

    @property
    def finished(self) -> bool:
        """Acknowledged, and a deferred interaction has had its answer (a followup or an edit)."""
        if self.callback is None:
            return False
        if self.callback_type in (CALLBACK_DEFER, CALLBACK_DEFER_UPDATE):
            return any(r.method in ("POST", "PATCH") for r in self.replies)
        return True

    def records(self) -> list[Recorded]:
        return ([self.callback] if self.callback else []) + self.replies

    def text(self) -> str:
        """Every content string the bot sent back for this interaction."""
        return "\n".join(r.content for r in self.records() if r.content)

    def ephemeral(self) -> bool:
        """Every message answering this interaction is ephemeral (flag 64), as Discord stored it.

        The stored flags count, not the requested ones: the first follow-up after a deferral edits
        the deferred message and keeps the deferral's flag, whatever the follow-up asked for.
        """
        flags = [r.flags for r in self.records() if r.stored_message() is not None]
        return all(f & EPHEMERAL for f in flags)

    def custom_ids(self) -> list[str]:
        out: list[str] = []
        for r in self.records():
            out += r.custom_ids()
        return out

    def choices(self) -> list[dict[str, Any]]:
        """The autocomplete choices answered."""
        if self.callback is None or not isinstance(self.callback.json, dict):
            return []
        return list((self.callback.json.get("data") or {}).get("choices") or [])

    def select_options(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for r in self.records():
            for row in r.components:
                for item in row.get("components", []):
                    if item.get("type") == 3:
                        out += item.get("options", [])
        return out


class DiscordServer(StandIn):
    """REST + gateway for one server (guild) with one text channel ``#games``."""

    def __init__(self, *, heartbeat_ms: int = 41250, limits: Limits | None = None) -> None:
        super().__init__(limits=limits)
        self.token = TOKEN
        self.gateway = Gateway(self, heartbeat_ms)
        self.faults: list[Fault] = []
        self.commands: list[dict[str, Any]] = []
        self.exchanges: dict[str, Exchange] = {}
        self.arrivals: dict[int, float] = {}  # id(record) -> monotonic arrival time
        self.guild_id = P.GUILD_ID
        self.channel = self.guilds[self.guild_id].channels[P.CHANNEL_ID]
        #: the privileged intents this application has switched on in the developer portal (none)
        self.enabled_intents = 0
        self._outgoing: list[tuple[str, dict[str, Any]]] = []
        self.faulted: set[int] = set()  # id() of records answered by a fault a test asked for
        #: error codes a test provokes on purpose (closed DMs are the user's choice, not a bot's mistake)
        self.expected_codes: set[int] = {50007}
        self.port = 0
        self.stalled: list[Recorded] = []
        self._release = asyncio.Event()
        self._changed = asyncio.Event()

    # ---- start / stop ---------------------------------------------------------------------------
    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{self.port}/api/v10"
        return self.base

    async def stop(self) -> None:
        self.release()
        await self.gateway.drop(1001)
        await super().stop()

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ---- gateway payloads -----------------------------------------------------------------------
    def ready_payload(self, session: Any) -> dict[str, Any]:
        return {"v": 10, "user": {**BOT_USER, "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds.values() if g.bot_member],
                "session_id": session.session_id, "resume_gateway_url": self.gateway_url,
                "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": [],
                "_trace": ["stand-in"]}

    def guild_payloads(self) -> list[dict[str, Any]]:
        """GUILD_CREATE for every server the bot is in."""
        return [self.guild_payload(g) for g in self.guilds.values() if g.bot_member]

    def guild_payload(self, guild: Guild) -> dict[str, Any]:
        everyone = {"id": str(guild.id), "name": "@everyone", "permissions": str(guild.bot_permissions),
                    "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        bot_member = {**P.member(BOT_USER), "roles": []}
        threads = [dict(c) for i, c in self.channels.items()
                   if int(c["guild_id"]) == guild.id and i not in self.deleted
                   and not c["thread_metadata"]["archived"]]
        return {"id": str(guild.id), "name": guild.name, "owner_id": "1", "icon": None, "splash": None,
                "features": [], "roles": [everyone], "emojis": [], "stickers": [],
                "channels": list(guild.channels.values()), "threads": threads, "members": [bot_member],
                "voice_states": [], "presences": [], "member_count": 10, "large": False, "unavailable": False,
                "joined_at": P.TIMESTAMP, "preferred_locale": guild.preferred_locale, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
                "premium_tier": 0, "nsfw_level": 0, "system_channel_flags": 0, "stage_instances": [],
                "guild_scheduled_events": []}

    # ---- faults ---------------------------------------------------------------------------------
    def fail(self, method: str, path: str, status: int, times: int = 1, retry_after: float = 0.05) -> Fault:
        """The next ``times`` matching requests get ``status`` (429, 5xx, 403 ...) instead of an answer."""
        fault = Fault(method, re.compile(path), status, times, retry_after)
        self.faults.append(fault)
        return fault

    def stall(self, method: str, path: str, times: int = 1) -> Fault:
        """Hold the next matching requests unanswered (Discord never saw them) until ``release``.

        This is how a test freezes the bot between acknowledging a move and posting its board, to
        kill it there.
        """
        return self.fail(method, path, STALL, times)

    def release(self) -> None:
        """Let every stalled request go, answered 503 (nothing was stored)."""
        self._release.set()

    def _fault_response(self, method: str, path: str) -> web.Response | None:
        for fault in self.faults:
            if fault.matches(method, path):
                fault.hits += 1
                if fault.status == STALL:
                    return None
                if fault.status == 429:
                    body = {"message": "You are being rate limited.", "retry_after": fault.retry_after,
                            "global": False}
                    return _json(body, status=429, headers={
                        "Via": "1.1 google", "Retry-After": str(max(1, round(fault.retry_after))),
                        "X-RateLimit-Scope": "user"})
                if fault.status == 403:
                    return _json({"code": 50013, "message": "Missing Permissions"}, status=403)
                return _json({"code": 0, "message": "stand-in: server error"}, status=fault.status)
        return None

    # ---- conditions -----------------------------------------------------------------------------
    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, condition: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
        """Re-check ``condition`` after every request or gateway change until it is truthy."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = condition()
            if value:
                return value
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"stand-in: timed out waiting for {what or condition}")
            changed, gateway = self._changed, self.gateway.changed
            waiters = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(gateway.wait())]
            try:
                await asyncio.wait(waiters, timeout=min(left, 0.5), return_when=asyncio.FIRST_COMPLETED)
            finally:
                for w in waiters:
                    w.cancel()

    # ---- REST -----------------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        path = request.path
        if path.startswith("/api/v10"):
            path = path[len("/api/v10"):]
        body, files = await self._read(request)
        record = Recorded(request.method, path, dict(request.query), body, files)
        self.arrivals[id(record)] = time.monotonic()
        self.requests.append(record)
        try:
            if request.headers.get("Authorization") not in (f"Bot {self.token}", None) and \
                    not path.startswith(("/interactions/", "/webhooks/")):
                record.status = 401
                return _json({"code": 0, "message": "401: Unauthorized"}, status=401)
            stalled = any(f.status == STALL and f.matches(request.method, path) for f in self.faults)
            fault = self._fault_response(request.method, path)
            if stalled:
                record.status = STALL
                self.stalled.append(record)
                self._notify()
                await self._release.wait()
                return _json({"code": 0, "message": "stand-in: released"}, status=503)
            if fault is not None:
                record.status = fault.status
                self.faulted.add(id(record))
                return fault
            status, answer, headers = self.respond(request.method, path, body, files)
            record.status = status
            record.answer = answer
            self._track(record)
            await self.flush_events()
            if answer is None:
                return web.Response(status=204, headers=headers)
            return _json(answer, status=status, headers=headers)
        finally:
            self._notify()

    def emit(self, event: str, data: dict[str, Any]) -> None:
        super().emit(event, data)
        self._outgoing.append((event, data))

    async def flush_events(self) -> None:
        """Send the gateway events the world produced (thread changes, guild joins and leaves), in order."""
        while self._outgoing:
            event, data = self._outgoing.pop(0)
            await self.gateway.dispatch(event, data)

    async def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock (threads archive, tokens expire) and send the resulting events."""
        self.advance(seconds)
        await self.flush_events()

    async def remove_bot(self, guild_id: int) -> None:
        """The bot is kicked from a server: GUILD_DELETE, and 50001 Missing Access there from now on."""
        self.guilds[guild_id].bot_member = False
        self.emit("GUILD_DELETE", {"id": str(guild_id)})
        await self.flush_events()

    async def add_bot(self, guild_id: int) -> None:
        """The bot is invited (back) into a server: GUILD_CREATE."""
        self.guilds[guild_id].bot_member = True
        self.emit("GUILD_CREATE", self.guild_payload(self.guilds[guild_id]))
        await self.flush_events()

    async def create_channel(self, guild_id: int | None = None, **kw: Any) -> dict[str, Any]:
        """A moderator adds a channel (``kind``, ``name``, ``overwrites``): CHANNEL_CREATE."""
        channel = self.add_channel(guild_id or self.guild_id, **kw)
        self.emit("CHANNEL_CREATE", dict(channel))
        await self.flush_events()
        return channel

    def _track(self, record: Recorded) -> None:
        """Attach interaction callbacks and webhook calls to the exchange of their token."""
        m = _INTERACTION_PATH.match(record.path)
        if m:
            exchange = self.exchanges.get(m["token"])
            if exchange is not None and exchange.callback is None and 200 <= record.status < 300:
                exchange.callback = record
                exchange.acked_at = self.arrivals[id(record)]
            return
        m = _WEBHOOK_PATH.match(record.path)
        if m and m["token"] in self.exchanges and 200 <= record.status < 300:
            self.exchanges[m["token"]].replies.append(record)

    def _answer(self, method: str, path: str, body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        if path == "/gateway/bot":
            return 200, {"url": self.gateway_url, "shards": 1,
                         "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                 "max_concurrency": 1}}
        if path == "/gateway":
            return 200, {"url": self.gateway_url}
        parts = path.strip("/").split("/")
        if parts[0] == "applications" and parts[-1] == "commands":
            if method == "PUT":
                problem = self.commands_refused(parts, body)
                if problem is not None:
                    return problem
                self.commands = [{**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1",
                                  "type": c.get("type", 1)} for c in body or []]
            return 200, self.commands
        return super()._answer(method, path, body, files)

    # ---- queries --------------------------------------------------------------------------------
    def violations(self) -> list[Recorded]:
        """Requests Discord refused for breaking a rule, other than the faults and codes a test provoked."""
        return [r for r in self.refusals() if id(r) not in self.faulted and r.status != STALL
                and (r.answer or {}).get("code") not in self.expected_codes]

    def command(self, name: str) -> dict[str, Any]:
        for c in self.commands:
            if c["name"] == name:
                return c
        raise KeyError(f"no registered command /{name} (run `python bot.py --sync` first)")

    def arrival(self, record: Recorded) -> float:
        return self.arrivals[id(record)]

    def public_posts(self) -> list[Recorded]:
        """Requests that post or edit a message in the server's channel or a thread (never DMs)."""
        return [r for r in self.to_channel() if 200 <= r.status < 300]

    def board_posts(self, table: int | None = None) -> list[Recorded]:
        """Successful public posts carrying a board image (one per version of the board)."""
        out = []
        for r in self.public_posts():
            names = [name for name, _ in r.files]
            if r.method == "POST" and (f"mesa-{table}.png" in names if table is not None else
                                       any(n.endswith(".png") for n in names)):
                out.append(r)
        return out

    def latest_message_with(self, prefix: str, channel_id: int | None = None,
                            public: bool = False) -> dict[str, Any] | None:
        """The newest stored message with a component whose custom id starts with ``prefix``."""
        for message in reversed(list(self.messages.values())):
            if channel_id is not None and int(message["channel_id"] or 0) != channel_id:
                continue
            if public and int(message.get("flags") or 0) & EPHEMERAL:
                continue
            for row in message.get("components") or []:
                for item in row.get("components", []):
                    if str(item.get("custom_id", "")).startswith(prefix):
                        return message
        return None

    def thread_of(self, message: dict[str, Any]) -> dict[str, Any]:
        cid = int(message.get("channel_id") or 0)
        return self.place(cid) or self.channel

    # ---- sending interactions -------------------------------------------------------------------
    async def interact(self, payload: dict[str, Any], *, wait: bool = True, timeout: float = 30.0) -> Exchange:
        """Send INTERACTION_CREATE over the gateway; with ``wait``, until the bot has answered it."""
        payload = self.issue(payload)
        exchange = Exchange(payload, time.monotonic())
        self.exchanges[exchange.token] = exchange
        if not await self.gateway.dispatch("INTERACTION_CREATE", payload):
            raise RuntimeError("stand-in: no gateway session to send the interaction to")
        if wait:
            await self.wait_until(lambda: exchange.finished, timeout, f"an answer to {_describe(payload)}")
        return exchange


def _json(answer: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it with ``==``)."""
    return web.Response(body=json.dumps(answer).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})


def _describe(payload: dict[str, Any]) -> str:
    data = payload.get("data") or {}
    return str(data.get("name") or data.get("custom_id") or payload.get("type"))


# ==================================================================================== the bot process
class BotProcess:
    """``python bot.py`` against the stand-in, with its own database file and log."""

    def __init__(self, server: DiscordServer, folder: Path, *, env: dict[str, str] | None = None) -> None:
        self.server = server
        self.folder = folder
        self.database = folder / "mesa.db"
        self.log_path = folder / "bot.log"
        self.extra_env = env or {}
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.groups: list[int] = []  # process group ids of every bot process started
        #: a test that provokes errors on purpose (a killed process, refused requests) sets this
        self.expect_errors = False

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD", "DATABASE_"))}
        env.update({"DISCORD_TOKEN": self.server.token, "DISCORD_API_BASE": self.server.base,
                    "DATABASE_PATH": str(self.database), "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1",
                    "PYTHONDONTWRITEBYTECODE": "1"})
        env.update(self.extra_env)
        return env

    async def run(self, *args: str, timeout: float = 60.0) -> tuple[int, str]:
        """Run ``python bot.py ARGS`` to completion (``--sync``, ``--print-commands``)."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bot.py"), *args, cwd=str(self.folder), env=self.env(),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
        return int(proc.returncode or 0), out.decode(errors="replace")

    async def start(self, timeout: float = 60.0) -> None:
        """Start the bot and wait until it has identified on the gateway (its setup is done by then)."""
        before = self.server.gateway.identified
        self.starts += 1
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps writing to it
        log.write(f"\n===== start {self.starts} =====\n".encode())
        log.flush()
        # its own process group: whatever the bot starts (render workers) can be found and cleaned up
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bot.py"), cwd=str(self.folder), env=self.env(), stdout=log, stderr=log,
            start_new_session=True)
        self.groups.append(self.proc.pid)
        log.close()

        def ready() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(f"bot.py exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            return self.server.gateway.identified > before and self.server.gateway.live() is not None

        await self.server.wait_until(ready, timeout, "the bot to identify on the gateway")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        """SIGKILL to the bot process only: no clean-up, no goodbye to the gateway (a crash, an OOM kill)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        await self.server.gateway.drop(1006)

    def leftovers(self) -> list[int]:
        """Process groups of earlier bot processes that still have a live member (an orphaned worker)."""
        alive = []
        for group in self.groups:
            if self.proc is not None and group == self.proc.pid and self.proc.returncode is None:
                continue
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                continue
            except PermissionError:
                pass
            alive.append(group)
        return alive

    async def wait_for_no_leftovers(self, timeout: float = 20.0) -> None:
        await self.server.wait_until(lambda: not self.leftovers(), timeout,
                                     "the dead bot's worker processes to exit")

    async def stop(self) -> None:
        """SIGTERM (as a service manager stops it), then clean up every process group this harness made."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()

    def reap(self) -> list[int]:
        """SIGKILL whatever is left in this harness's process groups; the groups that had something left."""
        left = self.leftovers()
        for group in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)
        return left


# ==================================================================================== scripted users
class Player:
    """A scripted Discord user in the stand-in's server."""

    def __init__(self, server: DiscordServer, user_id: int, name: str, *, permissions: int = 0,
                 locale: str = "en-US") -> None:
        self.server = server
        self.id = user_id
        self.name = name
        self.permissions = permissions
        self.locale = locale
        self.user = P.user(user_id, name)

    def _options(self, schema: list[dict[str, Any]], given: dict[str, Any], focused: str | None,
                 resolved: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for name, value in given.items():
            if value is None:
                continue
            spec = next((o for o in schema if o["name"] == name), None)
            if spec is None:
                raise KeyError(f"the registered command has no option {name!r}")
            kind = int(spec["type"])
            if kind == USER:
                target = value if isinstance(value, Player) else None
                if target is not None:
                    resolved.append(target.user)
                    value = str(target.id)
            elif kind == CHANNEL and isinstance(value, dict):
                value = value["id"]
            out.append(P.option(name, value, kind, focused=(name == focused)))
        return out

    def slash_payload(self, name: str, *, channel: dict[str, Any] | None = None, focused: str | None = None,
                      **options: Any) -> dict[str, Any]:
        """INTERACTION_CREATE data for ``/name`` with ``options``, checked against the registered command."""
        spec = self.server.command(name)
        resolved: list[dict[str, Any]] = []
        built = self._options(spec.get("options") or [], options, focused, resolved)
        P.client_checks(f"/{name}", spec.get("options") or [], built, focused is not None,  # as the client does
                        {str(u["id"]) for u in resolved})
        payload = P.command(name, built, self.user, channel or self.server.channel, locale=self.locale,
                            users=resolved, permissions=self.permissions, autocomplete=focused is not None)
        payload["data"]["id"] = spec["id"]
        return payload

    async def slash(self, name: str, *, channel: dict[str, Any] | None = None, wait: bool = True,
                    **options: Any) -> Exchange:
        return await self.server.interact(self.slash_payload(name, channel=channel, **options), wait=wait)

    async def autocomplete(self, name: str, focused: str, *, channel: dict[str, Any] | None = None,
                           **options: Any) -> Exchange:
        payload = self.slash_payload(name, channel=channel, focused=focused, **options)
        return await self.server.interact(payload)

    async def press(self, custom_id: str, message: dict[str, Any] | None = None, *, wait: bool = True,
                    values: Iterable[str] | None = None) -> Exchange:
        """Click the button (or choose ``values`` in the select) with ``custom_id`` on ``message``."""
        if message is None:
            message = self.server.latest_message_with(custom_id)
            if message is None:
                raise KeyError(f"no message carries {custom_id!r}")
        channel = self.server.thread_of(message)
        payload = P.component(custom_id, self.user, message, channel, locale=self.locale,
                              values=list(values) if values is not None else None)
        payload["member"]["permissions"] = str(self.permissions)
        return await self.server.interact(payload, wait=wait)


def table_of(custom_id: str) -> int:
    """The table id in a Mesa custom id (``mesa:<kind>:<table>:...`` / ``mesasel:<table>:...``)."""
    parts = custom_id.split(":")
    return int(parts[2] if parts[0] == "mesa" else parts[1])


def dump(records: Iterable[Recorded]) -> str:
    """Requests as readable lines, for assertion messages."""
    return "\n".join(f"{r.method} {r.path} {r.status} {json.dumps(r.json)[:300]}" for r in records)


@contextlib.asynccontextmanager
async def running_server(**kw: Any) -> Any:
    server = DiscordServer(**kw)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


__all__ = ["BOT_ID", "EPHEMERAL", "BotProcess", "DiscordServer", "Exchange", "Fault", "Player", "running_server",
           "table_of"]
