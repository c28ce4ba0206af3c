"""Issue 19: ``SHARD_IDS`` / ``SHARD_COUNT`` choose the client and are checked at start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from pg_server import PgServer

from cogs.client import (
    Config,
    MesaBot,
    ShardConfigError,
    ShardedMesaBot,
    make_bot,
    open_service,
    parse_shards,
    shard_of,
)
from data import CannotOpen, HoldLost, Share, holds

ROOT = Path(__file__).resolve().parents[1]


def test_no_shard_settings_hold_every_recommended_shard_in_one_process() -> None:
    """Issue 19: without SHARD_IDS/SHARD_COUNT one process asks Discord for the recommended count."""
    ids, count = parse_shards({})
    assert (ids, count) == parse_shards({"SHARD_COUNT": "auto"})
    bot = make_bot(Config(token="x", shard_ids=ids, shard_count=count))
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_count is None
    assert bot.serves_guild(12345 << 22)
    assert type(make_bot(Config(token="x"))) is MesaBot  # a Config built by hand (tests) stays unsharded


def test_shard_settings_start_an_auto_sharded_client_for_those_shards() -> None:
    ids, count = parse_shards({"SHARD_IDS": "0,1", "SHARD_COUNT": "4"})
    assert (ids, count) == ((0, 1), 4)
    assert parse_shards({"SHARD_IDS": "2-3", "SHARD_COUNT": "4"}) == ((2, 3), 4)
    bot = make_bot(Config(token="x", shard_ids=ids, shard_count=count))
    assert isinstance(bot, ShardedMesaBot) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_ids == [0, 1] and bot.shard_count == 4
    # a server is served where Discord sends its events: (guild_id >> 22) % count
    assert bot.serves_guild(1 << 22) and bot.serves_guild(5 << 22)
    assert not bot.serves_guild(2 << 22) and not bot.serves_guild(7 << 22)
    assert shard_of(6 << 22, 4) == 2


def test_shard_count_auto_asks_discord_for_the_recommended_count_in_one_process() -> None:
    ids, count = parse_shards({"SHARD_COUNT": "auto"})
    bot = make_bot(Config(token="x", shard_ids=ids, shard_count=count))
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count is None and bot.shard_ids is None  # discord.py asks GET /gateway/bot at connect
    assert bot.serves_guild(12345 << 22) and bot.serves_guild(54321 << 22)


@pytest.mark.parametrize(("env", "words"), [
    ({"SHARD_IDS": "0", "SHARD_COUNT": "auto"}, "positive"),
    ({"SHARD_IDS": "0,4", "SHARD_COUNT": "4"}, "shard 4"),
    ({"SHARD_IDS": "0"}, "SHARD_COUNT is not"),
    ({"SHARD_COUNT": "2"}, "SHARD_IDS is not"),
    ({"SHARD_IDS": "a", "SHARD_COUNT": "2"}, "shard numbers"),
    ({"SHARD_IDS": "0", "SHARD_COUNT": "0"}, "positive"),
    ({"SHARD_IDS": "1,1", "SHARD_COUNT": "2"}, "twice"),
])
def test_bad_shard_settings_are_refused(env: dict[str, str], words: str) -> None:
    with pytest.raises(ShardConfigError, match=words):
        parse_shards(env)


def test_bot_exits_with_one_line_on_shards_outside_the_count(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_"))}
    env.update({"DISCORD_TOKEN": "t", "SHARD_IDS": "0,2", "SHARD_COUNT": "2", "DATABASE_PATH": str(tmp_path / "m.db")})
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "SHARD_COUNT=2" in lines[0], done.stderr
    assert not (tmp_path / "m.db").exists(), "nothing written"


def test_the_share_a_process_holds_follows_its_shard_settings() -> None:
    """What a process holds on a shared database (data.holds): its own shards, or every shard."""
    assert Config(token="x").share() == Share()
    assert Config(token="x", shard_ids=(), shard_count=parse_shards({"SHARD_COUNT": "auto"})[1]).share() == Share()
    ids, count = parse_shards({"SHARD_IDS": "1-2", "SHARD_COUNT": "4"})
    assert Config(token="x", shard_ids=ids, shard_count=count).share() == Share((1, 2), 4)


async def test_the_bot_holds_its_shards_on_postgresql(pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(holds, "WAIT", 0.0)  # refused at once, not after waiting for a predecessor
    url = pg_server.new_database("botshare")
    config = Config(token="x", database_path=url, shard_ids=(0,), shard_count=2)
    service = await open_service(config)
    try:
        with pytest.raises(CannotOpen, match="already holds shard 0"):
            await open_service(config)
        other = await open_service(Config(token="x", database_path=url, shard_ids=(1,), shard_count=2))
        await other.close()
    finally:
        await service.close()
    pg_server.release_database(url)


async def test_a_lost_share_stops_the_bot_with_status_1() -> None:
    """Another process took this one's shards while the database was away: both would answer every
    interaction, so this one closes, and ``python bot.py`` exits with 1."""
    bot = MesaBot(Config(token="x"), tick_seconds=0)
    assert bot.exit_code == 0
    bot._share_lost(HoldLost("another Mesa bot ... this one stops"))
    assert bot._closing is not None
    await bot._closing
    assert bot.is_closed() and bot.exit_code == 1
