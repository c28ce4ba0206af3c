"""The stand-in for a sharded Discord (issue 19): several servers, each one's events on its own shard.

Discord sends a server's events to one gateway session only: the one that identified as shard
``(guild_id >> 22) % shard_count``.  ``ShardedServer`` is the stand-in's ``DiscordServer`` with
several servers (guilds, one ``#games`` channel each) and ``ShardedGateway`` a gateway that

- refuses an IDENTIFY naming a shard it does not know (an id outside ``0 .. shard_count-1``, or
  another count) with close code 4010 "Invalid shard", and one without a shard with 4011
  "Sharding required" when ``require_sharding`` is set (as Discord does past 2,500 servers);
- tells each session only about its own servers (READY's guild list, one GUILD_CREATE each);
- routes every dispatch about a server (an interaction, a new thread) to that server's shard: its
  live session, else its newest one (which a RESUME picks up; a process that identifies afresh
  does not get what was sent to the dead one, as with Discord).

``ShardProcess`` runs ``python bot.py`` as some of those shards (``SHARD_IDS``, ``SHARD_COUNT``),
on a database named by ``DATABASE_URL``; ``GuildPlayer`` is a scripted user of one server.

Nothing in the plain stand-in changes: the sharded one is a subclass, built by the tests that want it.
"""

from __future__ import annotations

import contextvars
import signal
from pathlib import Path
from typing import Any

from discord_standin.gateway import IDENTIFY, Connection, Gateway, Session
from discord_standin.server import BotProcess, DiscordServer, Player
from discord_standin.world import text_channel

#: Discord's close codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011

#: the shard of the IDENTIFY being answered (READY and GUILD_CREATE are built inside its handling)
_identifying: contextvars.ContextVar[tuple[int, int] | None] = contextvars.ContextVar("identifying", default=None)


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule: the shard that receives a server's events."""
    return (guild_id >> 22) % shard_count


def guild_on_shard(shard: int, shard_count: int, k: int = 0) -> int:
    """A plausible server id (a snowflake) that lands on ``shard``; ``k`` picks another one."""
    base = 160_000_000_000  # ms since Discord's epoch (2015): a server made in 2020
    stamp = base + k * shard_count
    stamp += (shard - stamp % shard_count) % shard_count
    return (stamp << 22) | (k + 1)


class ShardedGateway(Gateway):
    """The gateway of ``ShardedServer``: shards checked at IDENTIFY, dispatches routed by server."""

    def __init__(self, server: ShardedServer, heartbeat_ms: int, shard_count: int, require_sharding: bool) -> None:
        super().__init__(server, heartbeat_ms)
        self.shard_count = shard_count
        self.require_sharding = require_sharding
        #: session id -> its shard (None: an unsharded session, which receives every server)
        self.shards: dict[str, int | None] = {}
        #: every IDENTIFY refused, as (close code, the shard it named)
        self.refused: list[tuple[int, Any]] = []

    # ---- identify ---------------------------------------------------------------------------------
    async def _receive(self, conn: Connection, msg: dict[str, Any]) -> None:
        if msg.get("op") != IDENTIFY or (msg.get("d") or {}).get("token") != self.server.token:
            await super()._receive(conn, msg)
            return
        shard = (msg.get("d") or {}).get("shard")
        if shard is None:
            if self.require_sharding:
                self.refused.append((SHARDING_REQUIRED, None))
                await conn.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
                self._changed()
                return
            named: tuple[int, int] | None = None
        else:
            try:
                named = (int(shard[0]), int(shard[1]))
            except (TypeError, ValueError, IndexError):
                named = (-1, -1)
            if named[1] != self.shard_count or not 0 <= named[0] < named[1]:
                self.refused.append((INVALID_SHARD, shard))
                await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                self._changed()
                return
        token = _identifying.set(named)
        try:
            await super()._receive(conn, msg)
        finally:
            _identifying.reset(token)

    def note_session(self, session: Session) -> None:
        """Called while READY is built: the session being identified holds the shard being identified."""
        named = _identifying.get()
        self.shards[session.session_id] = None if named is None else named[0]

    # ---- routing ------------------------------------------------------------------------------
    def sessions_of(self, shard: int) -> list[Session]:
        """The sessions that receive shard ``shard``'s servers, oldest first."""
        return [s for s in self.sessions.values() if self.shards.get(s.session_id, shard) in (shard, None)]

    def live_session(self, shard: int) -> Session | None:
        for conn in reversed(self.connections):
            session = conn.session
            if session is not None and not conn.ws.closed and session.connection is conn and \
                    self.shards.get(session.session_id, shard) in (shard, None):
                return session
        return None

    async def dispatch(self, event: str, data: dict[str, Any], session: Session | None = None) -> bool:
        if session is None:
            guild = self.server.guild_of_event(event, data)
            if guild is not None:
                shard = shard_of(guild, self.shard_count)
                session = self.live_session(shard) or next(iter(reversed(self.sessions_of(shard))), None)
                if session is None:
                    return False
        return await super().dispatch(event, data, session)


class ShardedServer(DiscordServer):
    """REST and a sharded gateway for ``guilds`` (default: one server on each shard, with ``#games``)."""

    def __init__(self, *, shard_count: int = 2, require_sharding: bool = True, guilds: list[int] | None = None,
                 heartbeat_ms: int = 41250, **kw: Any) -> None:
        super().__init__(heartbeat_ms=heartbeat_ms, **kw)
        self.gateway: ShardedGateway = ShardedGateway(self, heartbeat_ms, shard_count, require_sharding)
        ids = guilds if guilds is not None else [guild_on_shard(s, shard_count, s) for s in range(shard_count)]
        self.guilds.clear()  # the plain stand-in's one server is replaced by servers on known shards
        for gid in ids:
            self.add_guild(gid, f"Mesa shard test {gid % 1000}", channels=[text_channel(self.next_id(), gid)])
        self.guild_id = ids[0]
        self.channel = self.home(ids[0])

    @property
    def shard_count(self) -> int:
        return self.gateway.shard_count

    def home(self, guild_id: int) -> dict[str, Any]:
        """The server's ``#games`` channel."""
        return next(iter(self.guilds[guild_id].channels.values()))

    # ---- which server an event is about --------------------------------------------------------
    def guild_of_event(self, event: str, data: dict[str, Any]) -> int | None:
        if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") and data.get("id"):
            return int(data["id"])
        if data.get("guild_id"):
            return int(data["guild_id"])
        parent = self.place(int(data.get("parent_id") or 0))
        return int(parent["guild_id"]) if parent is not None and parent.get("guild_id") else None

    def _in_shard(self, guild_id: int) -> bool:
        named = _identifying.get()
        return named is None or shard_of(guild_id, self.shard_count) == named[0]

    # ---- gateway payloads, per shard ----------------------------------------------------------
    def ready_payload(self, session: Any) -> dict[str, Any]:
        self.gateway.note_session(session)
        ready = super().ready_payload(session)
        ready["guilds"] = [g for g in ready["guilds"] if self._in_shard(int(g["id"]))]
        ready["shard"] = list(_identifying.get() or [0, 1])
        return ready

    def guild_payloads(self) -> list[dict[str, Any]]:
        return [g for g in super().guild_payloads() if self._in_shard(int(g["id"]))]

    def _answer(self, method: str, path: str, body: Any, files: list[tuple[str, bytes]]) -> tuple[int, Any]:
        status, answer = super()._answer(method, path, body, files)
        if path == "/gateway/bot" and isinstance(answer, dict):
            answer = {**answer, "shards": self.shard_count}  # Discord's recommended count for this bot
        return status, answer


class GuildPlayer(Player):
    """A scripted user who types commands in one server's ``#games`` (buttons work wherever they are)."""

    def __init__(self, server: ShardedServer, guild_id: int, user_id: int, name: str, **kw: Any) -> None:
        super().__init__(server, user_id, name, **kw)
        self.home = server.home(guild_id)

    def slash_payload(self, name: str, *, channel: dict[str, Any] | None = None, focused: str | None = None,
                      **options: Any) -> dict[str, Any]:
        return super().slash_payload(name, channel=channel or self.home, focused=focused, **options)


class ShardProcess(BotProcess):
    """``python bot.py`` holding ``shard_ids`` of the server's shards, on the database ``database_url``."""

    def __init__(self, server: ShardedServer, folder: Path, shard_ids: list[int], database_url: str,
                 env: dict[str, str] | None = None) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        super().__init__(server, folder, env={
            "SHARD_IDS": ",".join(map(str, shard_ids)), "SHARD_COUNT": str(server.shard_count),
            "DATABASE_URL": database_url, **(env or {})})
        self.shard_ids = list(shard_ids)
        self.sharded: ShardedServer = server

    def env(self) -> dict[str, str]:
        env = super().env()
        env.pop("DATABASE_PATH", None)
        return env

    async def start(self, timeout: float = 60.0) -> None:
        """Start, and wait until every shard of this process has a live session."""
        gateway = self.sharded.gateway
        old = {s.session_id for shard in self.shard_ids for s in gateway.sessions_of(shard)}
        await super().start(timeout)

        def ready() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(f"bot.py exited with {self.proc.returncode}:\n{self.log()[-3000:]}")
            return all((s := gateway.live_session(shard)) is not None and s.session_id not in old
                       for shard in self.shard_ids)

        await self.server.wait_until(ready, timeout, f"shards {self.shard_ids} to identify")

    async def kill(self) -> None:
        """SIGKILL this process only; its sockets close with it (the other process stays connected)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        gateway = self.sharded.gateway
        for conn in list(gateway.connections):
            session = conn.session
            if session is not None and gateway.shards.get(session.session_id) in self.shard_ids and \
                    not conn.ws.closed:
                await conn.ws.close(code=1006)


__all__ = ["INVALID_SHARD", "SHARDING_REQUIRED", "GuildPlayer", "ShardProcess", "ShardedGateway", "ShardedServer",
           "guild_on_shard", "shard_of"]
