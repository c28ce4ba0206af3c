"""The sharded stand-in for Discord (tests/discord_standin/shards.py) checked on its own, with a raw websocket.

It must behave like Discord where the sharded bot relies on it: a server's events reach only the
session of its shard ``(guild_id >> 22) % shard_count``, and an IDENTIFY for a shard Discord does
not know is refused with close code 4010 (4011 for an unsharded session when sharding is required).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from discord_standin.shards import INVALID_SHARD, SHARDING_REQUIRED, ShardedServer, guild_on_shard, shard_of


@pytest.fixture
async def server() -> AsyncIterator[ShardedServer]:
    server = ShardedServer(shard_count=2)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def identify(session: aiohttp.ClientSession, server: ShardedServer,
                   shard: list[int] | None) -> tuple[aiohttp.ClientWebSocketResponse, list[dict[str, Any]]]:
    """Connect, IDENTIFY as ``shard``; the socket and the dispatches up to the last GUILD_CREATE (or the close)."""
    ws = await session.ws_connect(server.gateway_url)
    hello = json.loads((await ws.receive(timeout=10)).data)
    assert hello["op"] == 10
    data: dict[str, Any] = {"token": server.token, "intents": 1, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_str(json.dumps({"op": 2, "d": data}))
    got: list[dict[str, Any]] = []
    while True:
        msg = await ws.receive(timeout=10)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return ws, got
        got.append(json.loads(msg.data))
        ready = next((p for p in got if p.get("t") == "READY"), None)
        if ready is not None and sum(p.get("t") == "GUILD_CREATE" for p in got) == len(ready["d"]["guilds"]):
            return ws, got


async def next_dispatch(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    while True:
        payload = json.loads((await ws.receive(timeout=10)).data)
        if payload.get("op") == 0:
            return payload


def test_guild_ids_land_on_the_shard_asked_for() -> None:
    for count in (1, 2, 3, 16):
        for shard in range(count):
            for k in range(3):
                gid = guild_on_shard(shard, count, k)
                assert (gid >> 22) % count == shard == shard_of(gid, count)


async def test_each_shard_hears_only_its_own_servers(server: ShardedServer) -> None:
    g0, g1 = list(server.guilds)
    assert (shard_of(g0, 2), shard_of(g1, 2)) == (0, 1)
    async with aiohttp.ClientSession() as http:
        ws0, got0 = await identify(http, server, [0, 2])
        ws1, got1 = await identify(http, server, [1, 2])
        for got, guild in ((got0, g0), (got1, g1)):
            ready = next(p for p in got if p["t"] == "READY")
            assert [g["id"] for g in ready["d"]["guilds"]] == [str(guild)]
            assert [p["d"]["id"] for p in got if p["t"] == "GUILD_CREATE"] == [str(guild)]
        # an interaction in server 1 goes to shard 1's session only, and one in server 0 to shard 0's
        assert await server.gateway.dispatch("INTERACTION_CREATE", {"id": "1", "guild_id": str(g1)})
        assert await server.gateway.dispatch("INTERACTION_CREATE", {"id": "2", "guild_id": str(g0)})
        first0, first1 = await next_dispatch(ws0), await next_dispatch(ws1)
        assert (first0["d"]["id"], first1["d"]["id"]) == ("2", "1")
        # a thread made in server 1's channel is announced to shard 1 with its server's id
        channel1 = server.home(g1)
        async with http.post(f"{server.base}/channels/{channel1['id']}/threads", json={"name": "t", "type": 11},
                             headers={"Authorization": f"Bot {server.token}"}) as answer:
            assert answer.status == 201
        created = await next_dispatch(ws1)
        assert created["t"] == "THREAD_CREATE" and created["d"]["guild_id"] == str(g1)
        await ws0.close()
        await ws1.close()


@pytest.mark.parametrize("shard", [[2, 2], [0, 3], [-1, 2], ["x", 2]])
async def test_an_unknown_shard_is_refused_with_4010(server: ShardedServer, shard: list[Any]) -> None:
    async with aiohttp.ClientSession() as http:
        ws, got = await identify(http, server, shard)
        assert ws.close_code == INVALID_SHARD and not any(p.get("t") == "READY" for p in got)
    assert server.gateway.refused == [(INVALID_SHARD, shard)]


async def test_an_unsharded_session_is_refused_with_4011_when_sharding_is_required(server: ShardedServer) -> None:
    async with aiohttp.ClientSession() as http:
        ws, got = await identify(http, server, None)
        assert ws.close_code == SHARDING_REQUIRED and got == []


async def test_an_unsharded_session_hears_every_server_when_allowed() -> None:
    server = ShardedServer(shard_count=2, require_sharding=False)
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            ws, got = await identify(http, server, None)
            assert sorted(int(p["d"]["id"]) for p in got if p["t"] == "GUILD_CREATE") == sorted(server.guilds)
            for gid in server.guilds:
                assert await server.gateway.dispatch("INTERACTION_CREATE", {"id": str(gid), "guild_id": str(gid)})
                assert (await next_dispatch(ws))["d"]["id"] == str(gid)
            await ws.close()
    finally:
        await server.stop()
