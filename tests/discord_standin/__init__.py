"""A local stand-in for Discord's REST API, for the Discord layer's tests.

An aiohttp server on 127.0.0.1 answers the REST calls discord.py makes (login, interaction
callbacks and followups, channel messages, threads, DMs) with plausible Discord objects, and records
every request: method, path, JSON payload, attached files.  discord.py is pointed at it through
``discord.http.Route.BASE`` (the bot's documented ``DISCORD_API_BASE`` option), so the bot runs its
real HTTP code.

It is as strict as Discord's documentation, so a green test means something about real Discord:

- payload limits (``rules``): content, embeds (fields need a name and a value), components (a select's
  ``min_values``/``max_values`` against its options, options' labels and values, link buttons' urls),
  modals, autocomplete choices, uploads, thread names, allowed mentions, answered 400 / 50035 "Invalid
  Form Body" with the nested ``errors`` Discord sends; a post or an edit that leaves a message empty
  400 / 50006; ``Recorded.pings`` says whom a message notifies (users, everyone, roles), by the
  allowed-mentions rules;
- interaction deadlines on the stand-in's clock (``world.Clock``): the callback within 3 s or
  10062 Unknown interaction, a second callback 40060, the token (follow-ups, edits of the
  original) for 15 minutes, then 50027; the first follow-up after a deferred response edits the
  deferred original (and keeps its ephemeral flag), as Discord documents;
- rate limits (``ratelimit``): per-route buckets with ``X-RateLimit-*`` headers, a shared bucket
  per edited message, a global limit, 429 with ``retry_after`` past them;
- the bot's permissions per channel from roles and overwrites (``world.Guild``): 50001 Missing
  Access without View Channel (or outside a guild the bot left), 50013 Missing Permissions per
  action (send, send in threads, attach files, embed links, create threads);
- threads: the type follows the parent (announcement threads under announcement channels, none
  under voice channels), auto-archive after the chosen duration, un-archive when the bot posts
  unless locked, locked threads refuse the bot without Manage Threads, edits in archived threads
  answer 50083; THREAD_UPDATE / THREAD_DELETE are recorded in ``events`` (the gateway sends them);
- a component interaction is issued only for a component that is on that message now, and an
  application command never from an archived thread (``issue`` raises ``Refused``);
- server membership: Get Guild Member (which needs no intent) answers 10007 Unknown Member for a user
  who left (``member_leaves``; no GUILD_MEMBER_REMOVE reaches a bot without the member intent).

Knobs simulate other refusals: ``forbid_threads`` (403, 50013), ``closed_dms`` (users whose DMs
answer 403, 50007), ``forbid_posts`` (channels where posting answers 403, 50013), ``deleted``
(channels answering 404, 10003), ``dms_too_fast`` (how many of the next DMs opened answer 403, 40003 "You are
opening direct messages too fast", as Discord answers a bot that opens many at once).

``payloads`` builds gateway-shaped interaction payloads; ``Harness`` ties a bot, the stand-in and
the dispatch of interactions together.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from discord_standin import rules
from discord_standin.commands import check_commands
from discord_standin.ratelimit import Limits, RateLimiter
from discord_standin.world import (
    ANNOUNCEMENT,
    ANNOUNCEMENT_THREAD,
    ARCHIVE_DURATIONS,
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    GUILD_ID,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TEXT,
    THREAD_TYPES,
    VIEW_CHANNEL,
    Clock,
    Guild,
    text_channel,
)

BOT_ID = 900000000000000001
APP_ID = BOT_ID
BOT_USER = {"id": str(BOT_ID), "username": "Mesa", "discriminator": "0", "global_name": "Mesa", "avatar": None,
            "bot": True, "flags": 0}
EPHEMERAL = 64
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
LOADING = 1 << 7
#: interaction types and callback types (Discord's documented values)
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CALLBACK_MESSAGE, CALLBACK_DEFER, CALLBACK_DEFER_UPDATE, CALLBACK_UPDATE, CALLBACK_AUTOCOMPLETE, CALLBACK_MODAL = \
    4, 5, 6, 7, 8, 9
#: the string select's component type (a button is 2)
STRING_SELECT = 3
#: Discord's deadlines: the first answer to an interaction, and the life of its token
ACK_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CALLBACK_MESSAGE, CALLBACK_DEFER, CALLBACK_MODAL},
    MESSAGE_COMPONENT: {CALLBACK_MESSAGE, CALLBACK_DEFER, CALLBACK_DEFER_UPDATE, CALLBACK_UPDATE, CALLBACK_MODAL},
    AUTOCOMPLETE: {CALLBACK_AUTOCOMPLETE},
    MODAL_SUBMIT: {CALLBACK_MESSAGE, CALLBACK_DEFER, CALLBACK_DEFER_UPDATE, CALLBACK_UPDATE},
}


#: a user mention in a message's text (``<@id>``, ``<@!id>``), a role mention (``<@&id>``), and the two mass mentions
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")
_MASS_MENTION = re.compile(r"@(?:everyone|here)")


class Pings(tuple[set[int], bool]):
    """Whom a message notifies: unpacks as ``(users, everyone)`` as it always has, and carries the roles
    pinged as ``roles``.  It equals a plain ``(users, everyone)`` pair only when no role is pinged, so an
    existing ``post.pings() == ({1001}, False)`` also fails on a role ping."""

    roles: set[int]

    def __new__(cls, users: set[int], everyone: bool, roles: set[int] | None = None) -> Pings:
        made = super().__new__(cls, (users, everyone))
        made.roles = set(roles or ())
        return made

    @property
    def users(self) -> set[int]:
        return self[0]

    @property
    def everyone(self) -> bool:
        return self[1]

    def __eq__(self, other: object) -> bool:
        theirs = other.roles if isinstance(other, Pings) else set()
        return tuple.__eq__(self, other) is True and self.roles == theirs

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # holds sets: unhashable, as the pair it replaces

    def __repr__(self) -> str:
        return f"Pings(users={self.users!r}, everyone={self.everyone!r}, roles={self.roles!r})"


class Refused(Exception):
    """Discord's client would not even send this interaction (no such component, archived thread)."""


@dataclass
class Issued:
    """An interaction the stand-in has sent: its deadlines and what answered it."""

    id: int
    token: str
    kind: int
    channel_id: int
    guild_id: int | None
    created: float
    message_id: int | None = None  # a component's message
    callback: int | None = None  # the callback type that acknowledged it
    original: int | None = None  # the message of the original response
    loading: bool = False  # deferred with type 5 and not answered yet
    defer_flags: int = 0


@dataclass
class Recorded:
    """One request as the bot sent it."""

    method: str
    path: str
    query: dict[str, str]
    json: dict[str, Any] | list[Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 200
    answer: Any = None  # what the stand-in answered (the JSON body)

    @property
    def flags(self) -> int:
        """The message's flags as Discord stored them (a deferred original keeps the deferral's), else as sent."""
        stored = self.stored_message()
        if stored is not None:
            return int(stored.get("flags") or 0)
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        return int((inner or {}).get("flags") or 0)

    def stored_message(self) -> dict[str, Any] | None:
        """The message this request created or edited, from the stand-in's answer."""
        if not isinstance(self.answer, dict) or not 200 <= self.status < 300:
            return None
        if "resource" in self.answer:
            return (self.answer.get("resource") or {}).get("message")
        return self.answer if "flags" in self.answer and "channel_id" in self.answer else None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        return str((inner or {}).get("content") or "")

    @property
    def components(self) -> list[dict[str, Any]]:
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        return list((inner or {}).get("components") or [])

    @property
    def embeds(self) -> list[dict[str, Any]]:
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        return list((inner or {}).get("embeds") or [])

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        """The message's ``allowed_mentions`` as sent (None: absent, so Discord parses every mention)."""
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        found = (inner or {}).get("allowed_mentions")
        return found if isinstance(found, dict) else None

    def pings(self) -> Pings:
        """Whom Discord notifies for this message's content: (user ids, whether everyone or here), with the
        roles pinged as ``.roles``, by the documented rules.  Without ``allowed_mentions`` every mention in the
        text counts; with it, a user mentioned in the text only when ``parse`` has ``users`` or ``users`` lists
        them, a role (``<@&id>``) only when ``parse`` has ``roles`` or ``roles`` lists it, and
        ``@everyone``/``@here`` only when ``parse`` has ``everyone``."""
        named = {int(u) for u in _USER_MENTION.findall(self.content)}
        roles = {int(r) for r in _ROLE_MENTION.findall(self.content)}
        mass = bool(_MASS_MENTION.search(self.content))
        allowed = self.allowed_mentions
        if allowed is None:
            return Pings(named, mass, roles)
        parse = allowed.get("parse") or []
        users = named if "users" in parse else named & {int(u) for u in allowed.get("users") or []}
        roles = roles if "roles" in parse else roles & {int(r) for r in allowed.get("roles") or []}
        return Pings(users, mass and "everyone" in parse, roles)

    def text(self) -> str:
        """Everything a reader could see in this request: content, embeds, component labels, file names."""
        return json.dumps(self.json, ensure_ascii=False) + " " + " ".join(name for name, _ in self.files)

    def custom_ids(self) -> list[str]:
        out: list[str] = []
        for row in self.components:
            for item in row.get("components", []):
                if "custom_id" in item:
                    out.append(item["custom_id"])
        return out


def _as_the_client_clicks(item: dict[str, Any], data: dict[str, Any]) -> None:
    """Raise ``Refused`` for a click no Discord client can send on ``item``: a disabled component; a button
    with values, a select without; a string select's values not among its options, or fewer than its
    ``min_values`` (default 1) or more than its ``max_values`` (default 1)."""
    custom_id = item.get("custom_id")
    if item.get("disabled"):
        raise Refused(f"component {custom_id!r} is disabled: no client can click it")
    values = data.get("values")
    if int(item.get("type", 0)) != STRING_SELECT:
        if values is not None:
            raise Refused(f"component {custom_id!r} is no select: a click on it has no values")
        return
    if values is None:
        raise Refused(f"select {custom_id!r} is answered with the values chosen")
    offered = [str(option.get("value")) for option in item.get("options") or []]
    if any(str(v) not in offered for v in values):
        raise Refused(f"select {custom_id!r} offers none of {values!r} that are not {offered!r}")
    if not int(item.get("min_values", 1)) <= len(values) <= int(item.get("max_values", 1)):
        raise Refused(f"select {custom_id!r} takes {item.get('min_values', 1)}-{item.get('max_values', 1)} values, "
                      f"not {len(values)}")


class StandIn:
    """The fake REST API.  ``await start()`` returns the base URL to give discord.py."""

    def __init__(self, *, limits: Limits | None = None) -> None:
        self.requests: list[Recorded] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.originals: dict[int, dict[str, Any]] = {}  # each message as first posted (before edits)
        self.channels: dict[int, dict[str, Any]] = {}  # threads, by id
        self.guilds: dict[int, Guild] = {}
        self.dm_users: dict[int, int] = {}
        self.forbid_threads = False
        self.closed_dms: set[int] = set()
        self.forbid_posts: set[int] = set()  # channels where posting answers 403 / 50013
        self.deleted: set[int] = set()  # channels that answer 404 / 10003 (a deleted thread)
        self.dms_too_fast = 0  # the next DMs opened that answer 403 / 40003
        self.clock = Clock()
        self.ratelimiter = RateLimiter(self.clock.now, self.clock.wall, limits or Limits())
        self.interactions: dict[str, Issued] = {}  # by token
        self.events: list[tuple[str, dict[str, Any]]] = []  # gateway events, in order
        self.activity: dict[int, float] = {}  # thread id -> last activity on the clock
        self._ids = itertools.count(700000000000000001)
        self._runner: web.AppRunner | None = None
        self.base = ""
        self.add_guild(GUILD_ID, "Mesa test server", channels=[text_channel()])

    def next_id(self) -> int:
        return next(self._ids)

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}/api/v10"
        return self.base

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # ---- the world: guilds, channels, threads, the clock ---------------------------------------
    def add_guild(self, guild_id: int, name: str, *, channels: list[dict[str, Any]] = (),  # type: ignore[assignment]
                  bot_permissions: int | None = None) -> Guild:
        guild = Guild(guild_id, name)
        if bot_permissions is not None:
            guild.bot_permissions = bot_permissions
        for channel in channels:
            guild.channels[int(channel["id"])] = channel
        self.guilds[guild_id] = guild
        return guild

    def add_channel(self, guild_id: int = GUILD_ID, *, kind: int = TEXT, name: str = "games",
                    overwrites: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        channel = text_channel(self.next_id(), guild_id, name=name, kind=kind, overwrites=overwrites)
        self.guilds[guild_id].channels[int(channel["id"])] = channel
        return channel

    def place(self, channel_id: int) -> dict[str, Any] | None:
        """A guild channel or thread by id (None: unknown, or a DM)."""
        if channel_id in self.channels:
            return self.channels[channel_id]
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild.channels[channel_id]
        return None

    def guild_of(self, channel: dict[str, Any]) -> Guild | None:
        return self.guilds.get(int(channel.get("guild_id") or 0))

    def permissions(self, channel_id: int) -> int:
        """The bot's permissions in a guild channel or thread (a thread has its parent's)."""
        channel = self.place(channel_id)
        if channel is None:
            return 0
        if int(channel["type"]) in THREAD_TYPES:
            parent = self.place(int(channel["parent_id"]))
            if parent is None:
                return 0
            channel = parent
        guild = self.guild_of(channel)
        if guild is None or not guild.bot_member:
            return 0
        return guild.permissions(channel, BOT_ID)

    def advance(self, seconds: float) -> None:
        """Move the stand-in's clock (tokens expire, threads auto-archive)."""
        self.clock.advance(seconds)
        self.sweep()

    def sweep(self) -> None:
        """Archive every thread idle for longer than its auto-archive duration (THREAD_UPDATE)."""
        now = self.clock.now()
        for thread_id, thread in self.channels.items():
            meta = thread["thread_metadata"]
            if meta["archived"] or thread_id in self.deleted:
                continue
            if now - self.activity.get(thread_id, now) >= int(meta["auto_archive_duration"]) * 60:
                self._set_thread(thread_id, archived=True)

    def _set_thread(self, thread_id: int, **meta: Any) -> None:
        thread = self.channels[thread_id]
        thread["thread_metadata"] = {**thread["thread_metadata"], **meta}
        if "archived" in meta:
            thread["thread_metadata"]["archive_timestamp"] = self.clock.iso()
        self.emit("THREAD_UPDATE", dict(thread))

    def lock_thread(self, thread_id: int, locked: bool = True) -> None:
        """A moderator locks (or unlocks) a thread."""
        self._set_thread(thread_id, locked=locked)

    def archive_thread(self, thread_id: int) -> None:
        self._set_thread(thread_id, archived=True)

    def delete_thread(self, thread_id: int) -> None:
        """A moderator deletes a thread: THREAD_DELETE, and it answers 10003 from now on."""
        thread = self.channels[thread_id]
        self.deleted.add(thread_id)
        self.emit("THREAD_DELETE", {"id": str(thread_id), "guild_id": thread["guild_id"],
                                    "parent_id": thread["parent_id"], "type": thread["type"]})

    def emit(self, event: str, data: dict[str, Any]) -> None:
        """A gateway event; the gateway stand-in sends them, this one only records them."""
        self.events.append((event, data))

    def adopt(self, other: StandIn) -> None:
        """Take over ``other``'s world (messages, threads, guilds, DMs): Discord outlives a bot process."""
        self.messages.update(other.messages)
        self.originals.update(other.originals)
        self.channels.update(other.channels)
        self.guilds.update(other.guilds)
        self.dm_users.update(other.dm_users)
        self.activity.update(other.activity)
        self.deleted |= other.deleted
        self._ids = itertools.count(max([*self.messages, *self.channels, 700000000000000000]) + 1)

    def plant(self, message: dict[str, Any]) -> None:
        """A message the bot posted before this stand-in's records began (an older release of the
        bot, a lost edit): it carries whatever components it carries, and clicks on them are real."""
        self.messages[int(message["id"])] = message
        self.originals.setdefault(int(message["id"]), message)

    # ---- interactions -------------------------------------------------------------------------
    def issue(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Register an interaction about to be sent to the bot, as Discord would build it.

        The channel object, ``app_permissions`` and ``guild_locale`` (the server's ``preferred_locale``, which a
        payload may state only as it is) are the stand-in's current ones.  Raises
        ``Refused`` for what no Discord client can send: a click on a component that is not on
        that message (any more) or is disabled, values a select does not offer (or too many, too
        few, or any from a button), an application command in an archived thread.
        """
        kind = int(payload["type"])
        channel_id = int(payload["channel_id"])
        channel = self.place(channel_id)
        guild = self.guilds.get(int(payload["guild_id"])) if payload.get("guild_id") else None
        if guild is not None:  # the server's locale is the server's (Community settings), the same on every interaction
            given = payload.get("guild_locale")
            if given is not None and given != guild.preferred_locale:
                raise ValueError(f"guild {guild.id}'s interactions carry its preferred_locale "
                                 f"{guild.preferred_locale!r}, not {given!r}: set it on the guild")
            payload["guild_locale"] = guild.preferred_locale
        elif payload.get("guild_id") and payload.get("guild_locale") is None:
            payload["guild_locale"] = "en-US"  # a server the world does not describe: Discord's default
        if channel is not None:
            payload["channel"] = json.loads(json.dumps(channel))
            payload["app_permissions"] = str(self.permissions(channel_id))
            archived = bool((channel.get("thread_metadata") or {}).get("archived"))
            if archived and kind in (APPLICATION_COMMAND, AUTOCOMPLETE):
                raise Refused(f"thread {channel_id} is archived: application commands are unavailable there")
        message_id = None
        if kind == MESSAGE_COMPONENT:
            message_id = int(payload["message"]["id"])
            data = payload.get("data") or {}
            current = self.messages.get(message_id)
            items = {str(item.get("custom_id")): item for row in (current or {}).get("components") or []
                     for item in row.get("components", [])}
            if current is None or str(data.get("custom_id")) not in items:
                raise Refused(f"message {message_id} has no component {data.get('custom_id')!r}")
            _as_the_client_clicks(items[str(data.get("custom_id"))], data)
            payload["message"] = json.loads(json.dumps(current))
        self.interactions[str(payload["token"])] = Issued(
            int(payload["id"]), str(payload["token"]), kind, channel_id,
            int(payload["guild_id"]) if payload.get("guild_id") else None, self.clock.now(), message_id)
        return payload

    # ---- queries for tests ------------------------------------------------------------------
    def to_channel(self, channel_id: int | None = None) -> list[Recorded]:
        """Requests that post or edit a message in a guild channel or thread (not DMs, not interactions)."""
        out = []
        for r in self.requests:
            parts = r.path.split("/")
            if len(parts) >= 3 and parts[1] == "channels" and "messages" in parts and r.method in ("POST", "PATCH"):
                cid = int(parts[2])
                if cid in self.dm_users:
                    continue
                if channel_id is None or cid == channel_id:
                    out.append(r)
        return out

    def to_dms(self, user_id: int | None = None) -> list[Recorded]:
        out = []
        for r in self.requests:
            parts = r.path.split("/")
            if not (len(parts) >= 3 and parts[1] == "channels" and r.method == "POST"):
                continue
            if int(parts[2]) in self.dm_users and (user_id is None or self.dm_users[int(parts[2])] == user_id):
                out.append(r)
        return out

    def interaction_replies(self) -> list[Recorded]:
        """Interaction callbacks and followups/edits through the interaction webhook."""
        return [r for r in self.requests if r.path.startswith(("/interactions/", "/webhooks/"))]

    def refusals(self) -> list[Recorded]:
        """Requests Discord refused for a rule (4xx other than 429 and 404 lookups)."""
        return [r for r in self.requests if 400 <= r.status < 500 and r.status != 429]

    def clear(self) -> None:
        self.requests.clear()

    # ---- the server ---------------------------------------------------------------------------
    async def _read(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        files: list[tuple[str, bytes]] = []
        body: Any = None
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data.decode())
                elif part.filename:  # type: ignore[union-attr]
                    files.append((part.filename, bytes(data)))  # type: ignore[union-attr]
        elif request.can_read_body:
            raw = await request.read()
            body = json.loads(raw.decode()) if raw else None
        return body, files

    async def _handle(self, request: web.Request) -> web.Response:
        path = request.path
        if path.startswith("/api/v10"):
            path = path[len("/api/v10"):]
        body, files = await self._read(request)
        record = Recorded(request.method, path, dict(request.query), body, files)
        self.requests.append(record)
        status, answer, headers = self.respond(request.method, path, body, files)
        record.status = status
        record.answer = answer
        return _response(status, answer, headers)

    def respond(self, method: str, path: str, body: Any,
                files: list[tuple[str, bytes]]) -> tuple[int, Any, dict[str, str]]:
        """Rate limits first (as Discord's edge), then the route: (status, JSON answer, headers)."""
        self.sweep()
        parts = path.strip("/").split("/")
        interaction = parts[0] == "webhooks" and len(parts) > 2 and parts[2] in self.interactions
        verdict = self.ratelimiter.check(method, path, self._edited_message(method, path), interaction=interaction)
        if not verdict.allowed:
            return 429, {"message": "You are being rate limited.", "retry_after": verdict.retry_after,
                         "global": verdict.scope == "global"}, verdict.headers
        status, answer = self._answer(method, path, body, files)
        return status, answer, verdict.headers

    def _edited_message(self, method: str, path: str) -> int | None:
        """The message a PATCH edits, whichever route it takes (they share one bucket)."""
        if method != "PATCH":
            return None
        parts = path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) == 4 and parts[2] == "messages":
            return int(parts[3])
        if parts[0] == "webhooks" and len(parts) == 5:
            if parts[4] == "@original":
                issued = self.interactions.get(parts[2])
                return issued.original if issued else None
            return int(parts[4]) if parts[4].isdigit() else None
        return None

    def _message(self, channel_id: int, body: dict[str, Any] | None, files: list[tuple[str, bytes]],
                 message_id: int | None = None, *, flags: int | None = None) -> dict[str, Any]:
        body = body or {}
        mid = message_id or self.next_id()
        old = self.messages.get(mid, {})
        if flags is None:
            flags = int(body.get("flags", old.get("flags", 0)) or 0)
        message = {
            "id": str(mid), "channel_id": str(channel_id or old.get("channel_id") or 0), "type": 0,
            "content": body.get("content", old.get("content", "")) or "",
            "author": BOT_USER,
            "attachments": [{"id": str(self.next_id()), "filename": name, "size": len(data),
                             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}",
                             **_described(body, index)}
                            for index, (name, data) in enumerate(files)] or old.get("attachments", []),
            "embeds": body.get("embeds", old.get("embeds", [])) or [],
            "components": body.get("components", old.get("components", [])) or [],
            "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
            "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": flags,
        }
        self.messages[mid] = message
        self.originals.setdefault(mid, message)
        return message

    def _answer(self, method: str, path: str, body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        parts = path.strip("/").split("/")
        if path == "/users/@me" and method == "GET":
            return 200, BOT_USER
        if path == "/oauth2/applications/@me":
            return 200, {"id": str(APP_ID), "name": "Mesa", "icon": None, "description": "", "bot_public": True,
                         "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
                         "owner": {**BOT_USER, "id": "1", "bot": False, "username": "owner"}, "bot": BOT_USER,
                         "summary": "", "rpc_origins": []}
        if parts[0] == "applications" and parts[-1] == "commands" and method == "PUT":
            problem = self.commands_refused(parts, body)
            if problem is not None:
                return problem
            guild = {"guild_id": parts[3]} if len(parts) == 5 else {}
            return 200, [{**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1", **guild}
                         for c in body]
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(parts[2], body, files)
        if parts[0] == "webhooks":
            return self._webhook(method, parts, body, files)
        if parts[0] == "users" and parts[1:] == ["@me", "channels"] and method == "POST":
            if self.dms_too_fast > 0:
                self.dms_too_fast -= 1
                return rules.error(403, 40003, "You are opening direct messages too fast.")
            user_id = int(body["recipient_id"])
            channel_id = next((c for c, u in self.dm_users.items() if u == user_id), None) or self.next_id()
            self.dm_users[channel_id] = user_id
            return 200, {"id": str(channel_id), "type": 1, "last_message_id": None,
                         "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0",
                                         "avatar": None, "global_name": None}]}
        if parts[0] == "channels":
            return self._channel(method, parts, body, files)
        if parts[0] == "guilds" and len(parts) == 2 and method == "GET":  # Get Guild: 50001 unless the bot is in it
            guild = self.guilds.get(int(parts[1])) if parts[1].isdigit() else None
            if guild is None or not guild.bot_member:
                return rules.error(403, 50001, "Missing Access")
            return 200, {"id": str(guild.id), "name": guild.name, "icon": None, "owner_id": "1", "features": [],
                         "roles": [], "emojis": [], "preferred_locale": guild.preferred_locale}
        if parts[0] == "guilds" and len(parts) == 4 and parts[2] == "members" and method == "GET":
            return self._guild_member(parts[1], parts[3])
        return 404, {"code": 0, "message": f"stand-in: no route for {method} {path}"}

    def commands_refused(self, parts: list[str], body: Any) -> rules.Problem | None:
        """Registering commands (``applications/{app}[/guilds/{guild}]/commands``): 50001 Missing Access in a
        server the application is not in (not invited there, or without the ``applications.commands`` scope),
        else Discord's rules for the tree (``discord_standin.commands``)."""
        if len(parts) == 5:
            guild = self.guilds.get(int(parts[3])) if parts[3].isdigit() else None
            if guild is None or not guild.bot_member:
                return rules.error(403, 50001, "Missing Access")
        return check_commands(body)

    def _guild_member(self, guild_part: str, user_part: str) -> tuple[int, Any]:
        """Get Guild Member: needs no intent; 50001 unless the bot is in the server, 10007 Unknown Member for
        someone who is not (left it: ``member_leaves``), else the member (a user the stand-in has not seen
        is named after their id)."""
        guild = self.guilds.get(int(guild_part)) if guild_part.isdigit() else None
        if guild is None or not guild.bot_member:
            return rules.error(403, 50001, "Missing Access")
        if not user_part.isdigit():
            return rules.error(400, 50035, "Invalid Form Body")
        user_id = int(user_part)
        if user_id in guild.departed:
            return rules.error(404, 10007, "Unknown Member")
        return 200, {"user": {"id": str(user_id), "username": f"user{user_id}", "global_name": None,
                              "discriminator": "0", "avatar": None, "bot": False, "public_flags": 0},
                     "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0, "nick": None,
                     "avatar": None, "pending": False}

    def member_leaves(self, user_id: int, guild_id: int = GUILD_ID) -> None:
        """A user leaves a server (Discord sends GUILD_MEMBER_REMOVE only to bots with the member intent)."""
        self.guilds[guild_id].departed.add(user_id)

    # ---- interaction callbacks and the interaction webhook --------------------------------------
    def _callback(self, token: str, body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        issued = self.interactions.get(token)
        now = self.clock.now()
        if issued is None or now - issued.created > ACK_SECONDS:
            return rules.error(404, 10062, "Unknown interaction")
        if issued.callback is not None:
            return rules.error(400, 40060, "Interaction has already been acknowledged.")
        kind = int((body or {}).get("type", 0))
        if kind not in _ALLOWED_CALLBACKS.get(issued.kind, set()):
            return 400, {"code": rules.INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": {"type": {
                "_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                             "message": "Interaction response type is invalid for this interaction."}]}}}
        data = (body or {}).get("data") or {}
        problem = None
        if kind == CALLBACK_AUTOCOMPLETE:
            problem = rules.check_choices(data)
        elif kind in (CALLBACK_MESSAGE, CALLBACK_UPDATE):
            edited = self.messages.get(issued.message_id) if issued.message_id is not None else None
            problem = rules.check_message(data, files, create=kind == CALLBACK_MESSAGE,
                                          existing=edited if kind == CALLBACK_UPDATE else None)
            if problem is not None and problem[1].get("errors"):
                problem = (problem[0], {**problem[1], "errors": {"data": problem[1]["errors"]}})
        elif kind == CALLBACK_MODAL:  # refused for autocomplete and modal submits above (_ALLOWED_CALLBACKS)
            problem = rules.check_modal(data)
        if problem is not None:
            return problem
        issued.callback = kind
        flags = int(data.get("flags", 0) or 0)
        message = None
        if kind == CALLBACK_MESSAGE:
            message = self._message(issued.channel_id, data, files)
            issued.original = int(message["id"])
        elif kind == CALLBACK_DEFER:
            message = self._message(issued.channel_id, {"content": ""}, [], flags=(flags & EPHEMERAL) | LOADING)
            issued.original, issued.loading, issued.defer_flags = int(message["id"]), True, flags & EPHEMERAL
        elif kind == CALLBACK_UPDATE and issued.message_id is not None:
            message = self._message(issued.channel_id, data, files, issued.message_id)
            issued.original = issued.message_id
        elif kind == CALLBACK_DEFER_UPDATE:
            issued.original = issued.message_id
        interaction = {"id": str(issued.id), "type": issued.kind,
                       "response_message_id": message["id"] if message else None,
                       "response_message_loading": kind == CALLBACK_DEFER,
                       "response_message_ephemeral": bool(flags & EPHEMERAL)}
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            resource["message"] = message
        return 200, {"interaction": interaction, "resource": resource}

    def _webhook(self, method: str, parts: list[str], body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        token = parts[2] if len(parts) > 2 else ""
        issued = self.interactions.get(token)
        if issued is None or issued.callback is None:
            return rules.error(404, 10015, "Unknown Webhook")
        if self.clock.now() - issued.created > TOKEN_SECONDS:
            return rules.error(401, 50027, "Invalid Webhook Token")
        target = parts[4] if len(parts) == 5 else None
        if method == "POST" and target is None:
            problem = rules.check_message(body, files, create=True)
            if problem is not None:
                return problem
            if issued.loading:  # the first follow-up after a deferred response edits the original
                issued.loading = False
                return 200, self._message(issued.channel_id, body, files, issued.original, flags=issued.defer_flags)
            return 200, self._message(issued.channel_id, body, files)
        mid = issued.original if target == "@original" else (int(target) if target and target.isdigit() else None)
        if mid is None or mid not in self.messages:
            return rules.error(404, 10008, "Unknown Message")
        if method == "PATCH":
            problem = rules.check_message(body, files, create=False, existing=self.messages[mid])
            if problem is not None:
                return problem
            flags = None
            if target == "@original" and issued.loading:
                issued.loading = False
                flags = issued.defer_flags
            return 200, self._message(0, body, files, mid, flags=flags)
        if method == "DELETE":
            self.messages.pop(mid, None)
            return 204, None
        return 200, self.messages[mid]

    # ---- channels, threads, messages -------------------------------------------------------------
    def _channel(self, method: str, parts: list[str], body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        channel_id = int(parts[1])
        if channel_id in self.dm_users:
            if len(parts) == 3 and parts[2] == "messages" and method == "POST":
                if self.dm_users[channel_id] in self.closed_dms:
                    return rules.error(403, 50007, "Cannot send messages to this user")
                problem = rules.check_message(body, files, create=True)
                return problem or (200, self._message(channel_id, body, files))
            return 404, {"code": 0, "message": "stand-in: no such DM route"}
        channel = self.place(channel_id)
        if channel is None or channel_id in self.deleted:
            return rules.error(404, 10003, "Unknown Channel")
        guild = self.guild_of(channel)
        perms = self.permissions(channel_id)
        if guild is None or not guild.bot_member or not perms & VIEW_CHANNEL:
            return rules.error(403, 50001, "Missing Access")
        thread = int(channel["type"]) in THREAD_TYPES
        if len(parts) == 2 and method == "GET":
            return 200, channel
        if len(parts) == 2 and method == "PATCH" and thread:
            return self._edit_thread(channel, perms, body or {})
        new_thread = (len(parts) == 3 and parts[2] == "threads") or \
            (len(parts) == 5 and parts[2] == "messages" and parts[4] == "threads")
        if new_thread and method == "POST":
            return self._new_thread(channel, perms, body)
        if parts[2] != "messages":
            return 404, {"code": 0, "message": "stand-in: no such channel route"}
        if len(parts) == 3 and method == "POST":
            return self._post(channel, perms, body, files)
        if len(parts) != 4:
            return 404, {"code": 0, "message": "stand-in: no such message route"}
        mid = int(parts[3])
        if mid not in self.messages or int(self.messages[mid]["channel_id"]) != channel_id:
            return rules.error(404, 10008, "Unknown Message")
        if method == "GET":
            if not perms & READ_MESSAGE_HISTORY:
                return rules.error(403, 50013, "Missing Permissions")
            return 200, self.messages[mid]
        if thread and channel["thread_metadata"]["archived"]:
            return rules.error(400, 50083, "Thread is archived")
        if method == "PATCH":
            problem = rules.check_message(body, files, create=False, existing=self.messages[mid]) or \
                self._missing(perms, body, files, thread, send=False)
            return problem or (200, self._message(channel_id, body, files, mid))
        if method == "DELETE":
            self.messages.pop(mid, None)
            return 204, None
        return 404, {"code": 0, "message": "stand-in: no such message route"}

    @staticmethod
    def _missing(perms: int, body: Any, files: list[tuple[str, bytes]], thread: bool,
                 send: bool = True) -> rules.Problem | None:
        """50013 for the first permission this post needs and the bot lacks."""
        needed = [SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES] if send else []
        if files:
            needed.append(ATTACH_FILES)
        if isinstance(body, dict) and body.get("embeds"):
            needed.append(EMBED_LINKS)
        if any(not perms & p for p in needed):
            return rules.error(403, 50013, "Missing Permissions")
        return None

    def _post(self, channel: dict[str, Any], perms: int, body: Any,
              files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        channel_id = int(channel["id"])
        thread = int(channel["type"]) in THREAD_TYPES
        if channel_id in self.forbid_posts:
            return rules.error(403, 50013, "Missing Permissions")
        problem = self._missing(perms, body, files, thread) or rules.check_message(body, files, create=True)
        if problem is not None:
            return problem
        if thread:
            meta = channel["thread_metadata"]
            if meta["locked"] and not perms & MANAGE_THREADS:
                return rules.error(403, 50013, "Missing Permissions")
            if meta["archived"]:  # a post un-archives an archived thread (not a locked one, above)
                self._set_thread(channel_id, archived=False)
            self.activity[channel_id] = self.clock.now()
        return 200, self._message(channel_id, body, files)

    def _edit_thread(self, thread: dict[str, Any], perms: int, body: dict[str, Any]) -> tuple[int, Any]:
        """PATCH a thread: un-archive (needs Send Messages in Threads; a locked one Manage Threads),
        rename, change its auto-archive duration, lock (Manage Threads)."""
        thread_id = int(thread["id"])
        meta = thread["thread_metadata"]
        if (meta["locked"] or "locked" in body) and not perms & MANAGE_THREADS:
            return rules.error(403, 50013, "Missing Permissions")
        if body.get("archived") is False and not perms & SEND_MESSAGES_IN_THREADS:
            return rules.error(403, 50013, "Missing Permissions")
        problem = rules.check_thread_name(body) if "name" in body else None
        duration = body.get("auto_archive_duration")
        if problem is None and duration is not None and int(duration) not in ARCHIVE_DURATIONS:
            problem = 400, {"code": rules.INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": {
                "auto_archive_duration": {"_errors": [{"code": "BASE_TYPE_CHOICES",
                                                       "message": f"Value must be one of {ARCHIVE_DURATIONS}."}]}}}
        if problem is not None:
            return problem
        if "name" in body:
            thread["name"] = body["name"]
        changes = {k: body[k] for k in ("archived", "locked", "auto_archive_duration") if k in body}
        if changes:
            self._set_thread(thread_id, **changes)
        if body.get("archived") is False:
            self.activity[thread_id] = self.clock.now()
        return 200, self.channels[thread_id]

    def _new_thread(self, parent: dict[str, Any], perms: int, body: Any) -> tuple[int, Any]:
        body = body or {}
        kind = int(parent["type"])
        if kind not in (TEXT, ANNOUNCEMENT):
            return rules.error(400, 50024, "Cannot execute action on this channel type")
        wanted = int(body.get("type") or PUBLIC_THREAD)
        thread_type = ANNOUNCEMENT_THREAD if kind == ANNOUNCEMENT else wanted
        need = CREATE_PRIVATE_THREADS if thread_type == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
        if self.forbid_threads or not perms & need:
            return rules.error(403, 50013, "Missing Permissions")
        problem = rules.check_thread_name(body)
        duration = int(body.get("auto_archive_duration") or 4320)
        if problem is None and duration not in ARCHIVE_DURATIONS:
            problem = 400, {"code": rules.INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": {
                "auto_archive_duration": {"_errors": [{"code": "BASE_TYPE_CHOICES",
                                                       "message": f"Value must be one of {ARCHIVE_DURATIONS}."}]}}}
        if problem is not None:
            return problem
        thread_id = self.next_id()
        thread = {"id": str(thread_id), "type": thread_type, "guild_id": parent["guild_id"],
                  "parent_id": parent["id"], "name": body.get("name", "thread"), "owner_id": str(BOT_ID),
                  "member_count": 1, "message_count": 0, "rate_limit_per_user": 0, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": duration,
                                      "archive_timestamp": self.clock.iso(), "locked": False,
                                      "create_timestamp": self.clock.iso()}}
        self.channels[thread_id] = thread
        self.activity[thread_id] = self.clock.now()
        self.emit("THREAD_CREATE", {**thread, "newly_created": True})
        return 201, thread


def _described(body: dict[str, Any], index: int) -> dict[str, Any]:
    """The description (alt text) the payload gives the upload ``files[index]``, as Discord keeps it on the
    attachment: the payload's ``attachments`` name each upload by that index as their ``id``."""
    for attachment in body.get("attachments") or []:
        if isinstance(attachment, dict) and str(attachment.get("id")) == str(index) and attachment.get("description"):
            return {"description": str(attachment["description"])}
    return {}


def _response(status: int, answer: Any, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it with ``==``)."""
    if answer is None:
        return web.Response(status=204, headers=headers or {})
    return web.Response(body=json.dumps(answer).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})
