"""The stand-in rate-limits like Discord (topics/rate-limits), and discord.py's handling copes for real.

Per-route buckets counted per top-level resource, ``X-RateLimit-*`` headers on every answer, 429
with ``retry_after`` past a limit (scope ``user``), one shared bucket for the edits of one message
whichever route edits it (scope ``shared``), and a global limit (``global: true``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import discord
import pytest
from discord_standin import StandIn
from discord_standin.probe import Probe
from discord_standin.ratelimit import Limits
from discord_standin.world import CHANNEL_ID

POST = f"/channels/{CHANNEL_ID}/messages"


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    s = StandIn(limits=Limits(route=3, route_window=0.4, message_edits=2, message_edit_window=0.4,
                              global_=20, global_window=0.4))
    await s.start()
    try:
        yield s
    finally:
        await s.stop()


async def test_every_answer_carries_the_bucket_headers(standin: StandIn) -> None:
    async with Probe(standin) as p:
        first = await p.call("POST", POST, {"content": "1"})
        second = await p.call("POST", POST, {"content": "2"})
    assert first.headers["X-RateLimit-Limit"] == "3"
    assert (first.headers["X-RateLimit-Remaining"], second.headers["X-RateLimit-Remaining"]) == ("2", "1")
    assert 0 < float(first.headers["X-RateLimit-Reset-After"]) <= 0.4
    assert float(first.headers["X-RateLimit-Reset"]) > time.time() - 1
    assert first.headers["X-RateLimit-Bucket"] == second.headers["X-RateLimit-Bucket"]


async def test_past_the_limit_429_with_retry_after(standin: StandIn) -> None:
    async with Probe(standin) as p:
        for i in range(3):
            assert (await p.call("POST", POST, {"content": str(i)})).status == 200
        limited = await p.call("POST", POST, {"content": "over"})
        assert limited.status == 429 and limited.body["global"] is False
        assert 0 < limited.body["retry_after"] <= 0.4
        assert limited.headers["X-RateLimit-Scope"] == "user" and limited.headers["Via"]
        assert len(standin.messages) == 3, "the refused request stored nothing"
        other = standin.add_channel()
        assert (await p.call("POST", f"/channels/{other['id']}/messages", {"content": "x"})).status == 200, \
            "another channel is another bucket (a top-level resource)"
        standin.advance(0.5)
        assert (await p.call("POST", POST, {"content": "later"})).status == 200, "the window reset"


async def test_edits_of_one_message_share_a_bucket_across_routes(standin: StandIn) -> None:
    async with Probe(standin) as p:
        payload = p.interaction()
        await p.callback(payload, {"type": 4, "data": {"content": "hi"}})
        mid = standin.interactions[payload["token"]].original
        assert (await p.webhook("PATCH", payload, "/messages/@original", {"content": "a"})).status == 200
        assert (await p.webhook("PATCH", payload, f"/messages/{mid}", {"content": "b"})).status == 200
        limited = await p.webhook("PATCH", payload, "/messages/@original", {"content": "c"})
    assert limited.status == 429 and limited.headers["X-RateLimit-Scope"] == "shared"


async def test_the_global_limit(standin: StandIn) -> None:
    standin.ratelimiter.limits = Limits(route=100, global_=4, global_window=0.4)
    channels = [standin.add_channel() for _ in range(5)]
    async with Probe(standin) as p:
        answers = [await p.call("POST", f"/channels/{c['id']}/messages", {"content": "x"}) for c in channels]
    assert [a.status for a in answers] == [200, 200, 200, 200, 429]
    assert answers[-1].body["global"] is True and answers[-1].headers["X-RateLimit-Global"] == "true"
    assert answers[-1].headers["X-RateLimit-Scope"] == "global"


async def _client(standin: StandIn) -> discord.http.HTTPClient:
    discord.http.Route.BASE = standin.base
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login("standin.bot.token")
    return http


async def test_discord_py_waits_out_a_route_limit(standin: StandIn) -> None:
    old = discord.http.Route.BASE
    http = await _client(standin)
    start = standin.clock.now()
    try:
        params = [discord.http.handle_message_parameters(content=f"m{i}") for i in range(8)]
        await asyncio.gather(*[http.send_message(CHANNEL_ID, params=p) for p in params])
    finally:
        await http.close()
        discord.http.Route.BASE = old
    contents = sorted(m["content"] for m in standin.messages.values())
    assert contents == sorted(f"m{i}" for i in range(8)), "every message arrived once"
    assert standin.clock.now() - start >= 0.75, "8 posts at 3 per 0.4 s take at least two more windows"
    posted = [r for r in standin.requests if r.method == "POST" and r.status == 200]
    assert len(posted) == 8


async def test_discord_py_retries_after_a_global_429(standin: StandIn) -> None:
    standin.ratelimiter.limits = Limits(route=100, global_=3, global_window=0.3)
    channels = [standin.add_channel() for _ in range(6)]
    old = discord.http.Route.BASE
    http = await _client(standin)
    try:
        await asyncio.gather(*[http.send_message(int(c["id"]), params=discord.http.handle_message_parameters(
            content=c["id"])) for c in channels])
    finally:
        await http.close()
        discord.http.Route.BASE = old
    assert any(scope == "global" for scope, _, _ in standin.ratelimiter.limited), "the storm happened"
    assert sorted(m["content"] for m in standin.messages.values()) == sorted(c["id"] for c in channels)


async def test_the_global_limit_is_discords_50_requests_a_second() -> None:
    """Discord's Global Rate Limit: "All bots can make up to 50 requests per second to our API"; the 51st in a
    second answers 429 with ``global: true``, ``X-RateLimit-Global: true`` and ``X-RateLimit-Scope: global``;
    "Interaction endpoints are not bound to the bot's Global Rate Limit" (the callback and the interaction's
    webhook).  (The stand-in's clock is held still, so the second cannot end
    while a slow machine is sending the 51 requests.)"""
    standin = StandIn()
    assert standin.ratelimiter.limits.global_ == 50 and standin.ratelimiter.limits.global_window == 1.0
    still = standin.clock.now()
    standin.ratelimiter.clock = lambda: still
    channels = [standin.add_channel() for _ in range(51)]  # one route bucket each: only the global limit binds
    await standin.start()
    try:
        async with Probe(standin) as p:
            answers = [await p.call("POST", f"/channels/{c['id']}/messages", {"content": "x"}) for c in channels]
            payload = p.interaction()
            callback = await p.callback(payload, {"type": 4, "data": {"content": "hi"}})
            followup = await p.webhook("POST", payload, body={"content": "more"})
            edit = await p.webhook("PATCH", payload, "/messages/@original", {"content": "edited"})
            still_over = await p.call("POST", f"/channels/{channels[0]['id']}/messages", {"content": "x"})
    finally:
        await standin.stop()
    assert [a.status for a in answers[:50]] == [200] * 50, "50 in a second are Discord's allowance"
    over = answers[50]
    assert over.status == 429 and set(over.body) == {"message", "retry_after", "global"}
    assert over.body["global"] is True and 0 < over.body["retry_after"] <= 1.0
    assert over.headers["X-RateLimit-Global"] == "true" and over.headers["X-RateLimit-Scope"] == "global"
    assert over.headers["Retry-After"] and over.headers["Via"], "discord.py takes a 429 without Via for a ban"
    assert len(standin.messages) == 50 + 2, "50 posts, the response and its follow-up: the refused posts stored nothing"
    assert (callback.status, followup.status, edit.status) == (200, 200, 200), \
        "interaction endpoints (the callback, follow-ups, the original response) are not bound by the global limit"
    assert still_over.status == 429 and still_over.body["global"] is True, "the bot's other requests still are"
