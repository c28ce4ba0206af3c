"""The gateway stand-in: several guilds, GUILD_DELETE / GUILD_CREATE when the bot leaves and comes
back, thread events, and intents checked at IDENTIFY (4014 for a privileged intent not enabled;
no guild events without the GUILDS intent)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord_standin.server import DiscordServer
from discord_standin.world import CHANNEL_ID, GUILD_ID

GUILDS, MEMBERS, MESSAGE_CONTENT = 1 << 0, 1 << 1, 1 << 15
OTHER_GUILD = 100000000000000002


@pytest.fixture
async def server() -> AsyncIterator[DiscordServer]:
    s = DiscordServer()
    s.add_guild(OTHER_GUILD, "Other server")
    s.add_channel(OTHER_GUILD, name="plays")
    await s.start()
    try:
        yield s
    finally:
        await s.stop()


class Socket:
    """A raw gateway client: IDENTIFY, then read dispatches."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def receive(self) -> dict[str, Any] | None:
        msg = await self.ws.receive(timeout=5)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return None
        return json.loads(msg.data)

    async def until(self, event: str) -> dict[str, Any]:
        while True:
            frame = await self.receive()
            assert frame is not None, f"closed before {event}"
            if frame.get("t") == event:
                return frame["d"]

    async def events(self, count: int) -> list[str]:
        return [str((await self.receive() or {}).get("t")) for _ in range(count)]


async def identify(session: aiohttp.ClientSession, server: DiscordServer, intents: int) -> Socket:
    ws = await session.ws_connect(server.gateway_url)
    socket = Socket(ws)
    hello = await socket.receive()
    assert hello is not None and hello["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": server.token, "intents": intents, "properties": {}}})
    return socket


async def test_identify_sends_every_guild_of_the_bot(server: DiscordServer) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, GUILDS)
        ready = await socket.until("READY")
        assert {g["id"] for g in ready["guilds"]} == {str(GUILD_ID), str(OTHER_GUILD)}
        created = [await socket.until("GUILD_CREATE"), await socket.until("GUILD_CREATE")]
        assert {g["name"] for g in created} == {"Mesa test server", "Other server"}
        assert any(c["id"] == str(CHANNEL_ID) for c in created[0]["channels"] + created[1]["channels"])
        await socket.ws.close()


async def test_removed_and_added_back(server: DiscordServer) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, GUILDS)
        await socket.until("READY")
        await server.remove_bot(OTHER_GUILD)
        gone = await socket.until("GUILD_DELETE")
        assert gone == {"id": str(OTHER_GUILD)}, "no 'unavailable': the bot was removed, not an outage"
        await server.add_bot(OTHER_GUILD)
        back = await socket.until("GUILD_CREATE")
        while back["id"] != str(OTHER_GUILD):
            back = await socket.until("GUILD_CREATE")
        await socket.ws.close()


async def test_thread_events_reach_the_gateway(server: DiscordServer) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, GUILDS)
        await socket.until("READY")
        headers = {"Authorization": f"Bot {server.token}"}
        async with session.post(f"{server.base}/channels/{CHANNEL_ID}/threads", headers=headers,
                                json={"name": "t", "type": 11, "auto_archive_duration": 60}) as r:
            thread = await r.json()
        assert (await socket.until("THREAD_CREATE"))["id"] == thread["id"]
        await server.advance_clock(3601)
        update = await socket.until("THREAD_UPDATE")
        assert update["id"] == thread["id"] and update["thread_metadata"]["archived"] is True
        server.delete_thread(int(thread["id"]))
        await server.flush_events()
        assert (await socket.until("THREAD_DELETE"))["id"] == thread["id"]
        await socket.ws.close()


async def test_no_guild_events_without_the_guilds_intent(server: DiscordServer) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, 0)
        await socket.until("READY")
        await server.remove_bot(OTHER_GUILD)
        server.emit("INTERACTION_CREATE", {"id": "1"})
        await server.flush_events()
        assert (await socket.events(1)) == ["INTERACTION_CREATE"], "no GUILD_CREATE, no GUILD_DELETE"
        await socket.ws.close()


@pytest.mark.parametrize("intent", [MEMBERS, MESSAGE_CONTENT, 1 << 8])
async def test_a_privileged_intent_not_enabled_closes_4014(server: DiscordServer, intent: int) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, GUILDS | intent)
        frame = await socket.ws.receive(timeout=5)
        assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and socket.ws.close_code == 4014
    server.enabled_intents = intent
    async with aiohttp.ClientSession() as session:
        socket = await identify(session, server, GUILDS | intent)
        assert (await socket.until("READY"))["user"]["id"]
        await socket.ws.close()


async def test_discord_py_reports_the_disallowed_intent(server: DiscordServer) -> None:
    intents = discord.Intents.default()
    intents.members = True
    old, old_gateway = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = server.base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)
    client = discord.Client(intents=intents)
    try:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await client.start(server.token)
    finally:
        await client.close()
        discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old, old_gateway
