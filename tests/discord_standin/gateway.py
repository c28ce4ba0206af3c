"""The gateway half of the stand-in: Discord's websocket protocol, as much of it as discord.py speaks.

A connection goes HELLO (op 10) -> the client's first heartbeat (op 1, answered by op 11) ->
IDENTIFY (op 2, answered by the READY dispatch and one GUILD_CREATE per guild) or RESUME (op 6,
answered by the dispatches the session missed and RESUMED, or by INVALID_SESSION op 9 for a session
the stand-in does not know).  Dispatches (op 0) carry a per-session sequence number ``s``; a session
keeps its dispatches so a resume can replay what the client missed while it was away.

When the client asks for ``compress=zlib-stream`` (discord.py does when zstandard is not installed)
every frame is one zlib stream flushed with Z_SYNC_FLUSH, as Discord sends it; otherwise frames are
plain JSON text.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 7, 9, 10, 11
#: Discord's close codes: an authentication failure; a privileged intent the application has not enabled
AUTHENTICATION_FAILED = 4004
DISALLOWED_INTENTS = 4014
#: the privileged intents (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT) and GUILDS
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
GUILDS = 1 << 0
#: dispatches that only a session with the GUILDS intent receives (Discord's intents table)
GUILDS_EVENTS = {"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE", "CHANNEL_CREATE", "CHANNEL_UPDATE",
                 "CHANNEL_DELETE", "THREAD_CREATE", "THREAD_UPDATE", "THREAD_DELETE", "THREAD_LIST_SYNC",
                 "THREAD_MEMBER_UPDATE"}

_sessions = itertools.count(1)


@dataclass
class Session:
    """One gateway session (it outlives a connection: a RESUME picks it up again)."""

    session_id: str
    intents: int
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None


class Connection:
    """One websocket: frames out (compressed or not), the session it carries."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if compress else None
        self.session: Session | None = None
        self.heartbeats = 0
        self.lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self.lock:
            if self.ws.closed:
                return
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


class Gateway:
    """Sessions, connections and dispatch; ``server`` supplies the token, the bot user and the guilds."""

    def __init__(self, server: Any, heartbeat_ms: int = 41250) -> None:
        self.server = server
        self.heartbeat_ms = heartbeat_ms
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.identified = 0
        self.latest: Session | None = None
        self.resumed = 0
        self.heartbeats = 0
        self.intents_seen: list[int] = []  # the intents of every IDENTIFY
        self.changed = asyncio.Event()

    @property
    def url(self) -> str:
        return self.server.gateway_url

    def live(self) -> Session | None:
        """The session of the newest open connection that has identified or resumed."""
        for conn in reversed(self.connections):
            if conn.session is not None and not conn.ws.closed:
                return conn.session
        return None

    async def dispatch(self, event: str, data: dict[str, Any], session: Session | None = None) -> bool:
        """Send a dispatch to ``session`` (default: the live one, else the newest, which a resume picks up).

        Every dispatch is kept in its session, so one sent while the client is away reaches it when it
        resumes, as Discord does.  False: no session at all.
        """
        session = session or self.live() or self.latest
        if session is None:
            return False
        if event in GUILDS_EVENTS and not session.intents & GUILDS:
            return True  # Discord does not send it to a session without the GUILDS intent
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        if session.connection is not None and not session.connection.ws.closed:
            await session.connection.send(payload)
        return True

    async def drop(self, code: int = 4000) -> None:
        """Close every connection abruptly with ``code`` (4000: unknown error, the client resumes)."""
        for conn in list(self.connections):
            if not conn.ws.closed:
                await conn.ws.close(code=code)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.query.get("compress") == "zlib-stream")
        self.connections.append(conn)
        await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._receive(conn, json.loads(msg.data))
        finally:
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self._changed()
        return ws

    def _changed(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    async def _receive(self, conn: Connection, msg: dict[str, Any]) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            conn.heartbeats += 1
            self.heartbeats += 1
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if data.get("token") != self.server.token:
                await conn.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
                return
            intents = int(data.get("intents") or 0)
            self.intents_seen.append(intents)
            if intents & PRIVILEGED_INTENTS & ~int(getattr(self.server, "enabled_intents", 0)):
                await conn.ws.close(code=DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
                return
            session = Session(f"standin-session-{next(_sessions)}", intents)
            self.sessions[session.session_id] = session
            self.latest = session
            session.connection = conn
            conn.session = session
            self.identified += 1
            ready = self.server.ready_payload(session)
            if isinstance(data.get("shard"), list) and "shard" not in ready:
                ready["shard"] = data["shard"]  # Discord echoes an identified shard in READY
            await self.dispatch("READY", ready, session)
            for guild in self.server.guild_payloads():
                await self.dispatch("GUILD_CREATE", guild, session)
            self._changed()
        elif op == RESUME:
            session = self.sessions.get(str(data.get("session_id")))
            if session is None or data.get("token") != self.server.token:
                await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
                return
            session.connection = conn
            conn.session = session
            self.resumed += 1
            missed = [p for p in session.sent if p["s"] > int(data.get("seq") or 0)]
            for payload in missed:
                await conn.send(payload)
            await self.dispatch("RESUMED", {}, session)
            self._changed()
