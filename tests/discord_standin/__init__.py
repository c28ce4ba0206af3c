"""A local stand-in for Discord's REST API, for the Discord layer's tests.

An aiohttp server on 127.0.0.1 answers the REST calls discord.py makes (login, interaction
callbacks and followups, channel messages, threads, DMs) with plausible Discord objects, and records
every request: method, path, JSON payload, attached files.  discord.py is pointed at it through
``discord.http.Route.BASE`` (the bot's documented ``DISCORD_API_BASE`` option), so the bot runs its
real HTTP code.  Knobs simulate refusals: ``forbid_threads`` (403, 50013), ``closed_dms`` (users
whose DMs answer 403, 50007), ``forbid_posts`` (channels where posting answers 403, 50013).

``payloads`` builds gateway-shaped interaction payloads; ``Harness`` ties a bot, the stand-in and
the dispatch of interactions together.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 900000000000000001
APP_ID = BOT_ID
BOT_USER = {"id": str(BOT_ID), "username": "Mesa", "discriminator": "0", "global_name": "Mesa", "avatar": None,
            "bot": True, "flags": 0}
EPHEMERAL = 64
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"


@dataclass
class Recorded:
    """One request as the bot sent it."""

    method: str
    path: str
    query: dict[str, str]
    json: dict[str, Any] | list[Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 200

    @property
    def flags(self) -> int:
        body = self.json if isinstance(self.json, dict) else {}
        inner = body.get("data") if isinstance(body.get("data"), dict) else body
        return int((inner or {}).get("flags") or 0)

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


class StandIn:
    """The fake REST API.  ``await start()`` returns the base URL to give discord.py."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.originals: dict[int, dict[str, Any]] = {}  # each message as first posted (before edits)
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_users: dict[int, int] = {}
        self.forbid_threads = False
        self.closed_dms: set[int] = set()
        self.forbid_posts: set[int] = set()  # channels where posting answers 403 / 50013
        self.deleted: set[int] = set()  # channels that answer 404 / 10003 (a deleted thread)
        self._ids = itertools.count(700000000000000001)
        self._runner: web.AppRunner | None = None
        self.base = ""

    def next_id(self) -> int:
        return next(self._ids)

    async def start(self) -> str:
        app = web.Application()
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
        status, answer = self._answer(request.method, path, body, files)
        record.status = status
        if answer is None:
            return web.Response(status=204)
        # discord.py compares the content type exactly: no "; charset=utf-8" suffix
        return web.Response(body=json.dumps(answer).encode(), status=status, content_type="application/json")

    def _message(self, channel_id: int, body: dict[str, Any] | None, files: list[tuple[str, bytes]],
                 message_id: int | None = None) -> dict[str, Any]:
        body = body or {}
        mid = message_id or self.next_id()
        old = self.messages.get(mid, {})
        message = {
            "id": str(mid), "channel_id": str(channel_id), "type": 0,
            "content": body.get("content", old.get("content", "")) or "",
            "author": BOT_USER,
            "attachments": [{"id": str(self.next_id()), "filename": name, "size": len(data),
                             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}"}
                            for name, data in files] or old.get("attachments", []),
            "embeds": body.get("embeds", old.get("embeds", [])) or [],
            "components": body.get("components", old.get("components", [])) or [],
            "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
            "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": int(body.get("flags", 0) or 0),
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
            guild = {"guild_id": parts[3]} if len(parts) == 5 else {}
            return 200, [{**c, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1", **guild}
                         for c in body]
        if parts[0] == "interactions" and parts[-1] == "callback":
            kind = int(body.get("type", 0))
            data = body.get("data") or {}
            message = self._message(0, data, files) if kind in (4, 7) else None
            interaction = {"id": parts[1], "type": 2, "response_message_id": message["id"] if message else None,
                           "response_message_loading": kind == 5,
                           "response_message_ephemeral": bool(int(data.get("flags", 0) or 0) & EPHEMERAL)}
            resource: dict[str, Any] = {"type": kind}
            if message is not None:
                resource["message"] = message
            return 200, {"interaction": interaction, "resource": resource}
        if parts[0] == "webhooks":
            if method == "POST":
                return 200, self._message(0, body, files)
            if method == "PATCH":
                target = parts[-1]
                return 200, self._message(0, body, files, None if target == "@original" else int(target))
            if method == "DELETE":
                return 204, None
            return 200, self._message(0, None, [])
        if parts[0] == "users" and parts[1:] == ["@me", "channels"] and method == "POST":
            user_id = int(body["recipient_id"])
            channel_id = next((c for c, u in self.dm_users.items() if u == user_id), None) or self.next_id()
            self.dm_users[channel_id] = user_id
            return 200, {"id": str(channel_id), "type": 1, "last_message_id": None,
                         "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0",
                                         "avatar": None, "global_name": None}]}
        if parts[0] == "channels":
            channel_id = int(parts[1])
            if len(parts) == 3 and parts[2] == "threads" and method == "POST":
                if self.forbid_threads:
                    return 403, {"code": 50013, "message": "Missing Permissions"}
                thread_id = self.next_id()
                thread = {"id": str(thread_id), "type": 11, "guild_id": body.get("guild_id") or "1",
                          "parent_id": str(channel_id), "name": body.get("name", "thread"), "owner_id": str(BOT_ID),
                          "member_count": 1, "message_count": 0, "rate_limit_per_user": 0, "flags": 0,
                          "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                              "archive_timestamp": TIMESTAMP, "locked": False}}
                self.channels[thread_id] = thread
                return 201, thread
            if len(parts) >= 3 and parts[2] == "messages":
                if channel_id in self.dm_users and self.dm_users[channel_id] in self.closed_dms:
                    return 403, {"code": 50007, "message": "Cannot send messages to this user"}
                if channel_id in self.deleted:
                    return 404, {"code": 10003, "message": "Unknown Channel"}
                if channel_id in self.forbid_posts:
                    return 403, {"code": 50013, "message": "Missing Permissions"}
                if method == "POST" and len(parts) == 3:
                    return 200, self._message(channel_id, body, files)
                if method == "PATCH" and len(parts) == 4:
                    return 200, self._message(channel_id, body, files, int(parts[3]))
                if method == "GET" and len(parts) == 4:
                    mid = int(parts[3])
                    if mid in self.messages:
                        return 200, self.messages[mid]
                    return 404, {"code": 10008, "message": "Unknown Message"}
                if method == "DELETE":
                    return 204, None
            if len(parts) == 2 and method == "GET" and channel_id in self.channels:
                return 200, self.channels[channel_id]
        return 404, {"code": 0, "message": f"stand-in: no route for {method} {path}"}
