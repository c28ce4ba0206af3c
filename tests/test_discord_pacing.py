"""The bot keeps under Discord's global rate limit itself (``cogs.client.GlobalPace``).

Discord (topics/rate-limits, "Global Rate Limit"): "All bots can make up to 50 requests per second to our API";
past it a 429 with ``global: true``.  discord.py only reacts: it waits and tries again, five times at most, then
raises, so a hundred tables started at once lost invitations and boards once the stand-in kept Discord's figure.
The bot now paces its own REST requests; interaction responses, which Discord does not count, are never held.
"""

from __future__ import annotations

import asyncio
import time

import discord
from discord_standin.payloads import Harness

from cogs.client import GLOBAL_REQUESTS, GLOBAL_SECONDS, GlobalPace


async def test_the_pace_lets_limit_requests_through_in_any_window() -> None:
    pace = GlobalPace(limit=3, seconds=0.2)
    start = time.monotonic()
    granted = []
    for _ in range(7):
        await pace.wait()
        granted.append(time.monotonic() - start)
    assert granted[2] < 0.15, "the first three at once"
    assert all(later - earlier >= 0.19 for earlier, later in zip(granted, granted[3:])), granted


async def test_the_bots_requests_stay_under_discords_global_limit(harness: Harness) -> None:
    """A burst of 100 posts (100 channels: no route limit binds) from the bot's own HTTP client meets no global
    429 at the stand-in's 50 a second, and every post arrives."""
    assert harness.standin.ratelimiter.limits.global_ > GLOBAL_REQUESTS / GLOBAL_SECONDS
    channels = [harness.standin.add_channel() for _ in range(100)]
    http = harness.bot.http
    start = time.monotonic()
    await asyncio.gather(*[http.send_message(int(c["id"]), params=discord.http.handle_message_parameters(
        content=c["id"])) for c in channels])
    took = time.monotonic() - start
    assert not [s for s, _, _ in harness.standin.ratelimiter.limited if s == "global"], "no global 429"
    assert sorted(m["content"] for m in harness.standin.messages.values()) == sorted(c["id"] for c in channels)
    assert took >= 2 * GLOBAL_SECONDS * 0.95, "100 requests at 45 a second take two windows more"
