"""Load: 100 tables played at the same time through the real bot, every interaction acknowledged within
Discord's 3 seconds.  A short version of ``python -m bench.e2e_load`` (which prints the full figures).
"""

from __future__ import annotations

import pytest
from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast

from bench.e2e_load import DISCORD_LIMIT, play_tables


@pytest.mark.slow
async def test_a_hundred_tables_at_once_are_all_answered_in_time(server: DiscordServer, bot: BotProcess) -> None:
    cast = Cast(server, count=200)
    made, seconds = await play_tables(server, cast, tables=100, moves=3, seed=7)
    assert made >= 250, "(almost) every table made its three moves"
    acks = sorted(e.ack_seconds for e in cast.exchanges if e.ack_seconds is not None)
    assert len(acks) == len(cast.exchanges), "every interaction was acknowledged"
    assert all(e.finished for e in cast.exchanges), "and answered"
    late = [a for a in acks if a >= DISCORD_LIMIT]
    median, p99 = acks[len(acks) // 2], acks[int(0.99 * len(acks))]
    print(f"load: 100 tables, {made} moves, {len(acks)} interactions in {seconds:.1f} s; "
          f"ack median {median * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {acks[-1] * 1000:.0f} ms")
    assert not late, f"{len(late)} interactions acknowledged after {DISCORD_LIMIT} s"
    assert bot.alive
