"""One bot process per share of Discord's traffic on one PostgreSQL database (``data.holds``).

Two processes answering the same interactions answer each twice (two tables for one ``/play``).  Each
bot process holds its shards (or every shard) with advisory locks for its whole life; a second process
asking for any of them is refused in one line that says what to do, and holds nothing.
"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest
from pg_server import PgServer

from data import CannotOpen, HoldLost, Share, holds, open_repository
from data.holds import PgHold
from data.postgres import PostgresRepository


def hold(url: str, share: Share) -> PgHold:
    return PgHold(url, "the test database", share)


async def refused(url: str, share: Share) -> str:
    with pytest.raises(CannotOpen) as info:
        await hold(url, share).take(wait=0)
    return str(info.value)


async def test_a_second_process_for_every_shard_is_refused_until_the_first_stops(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    first = hold(url, Share())
    try:
        await first.take(wait=0)
        why = await refused(url, Share())
        assert "another Mesa bot is already running on the test database" in why and "SHARD_IDS" in why, why
        await first.release()
        second = hold(url, Share())
        await second.take(wait=0)  # the first one's stop let go of it
        assert second.held
        await second.release()
    finally:
        await first.release()
        pg_server.release_database(url)


async def test_shards_held_apart_and_every_overlap_refused(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    zero, one = hold(url, Share((0,), 2)), hold(url, Share((1,), 2))
    try:
        await zero.take(wait=0)
        await one.take(wait=0)  # the other shard of the same count: both run
        assert "already holds shard 0" in await refused(url, Share((0,), 2))
        assert "already holds shard 1" in await refused(url, Share((1, 2), 3))
        assert "already running" in await refused(url, Share())  # every shard overlaps both
        assert "SHARD_COUNT=2" in await refused(url, Share((2,), 3))  # shard 2 of 3 shares servers with both
        await one.release()
        # a refusal holds nothing: shard 2 of 3 asked above is free, and so is shard 1 of 2 again
        await one.take(wait=0)
    finally:
        await zero.release()
        await one.release()
        pg_server.release_database(url)


async def test_a_process_for_every_shard_keeps_the_sharded_ones_out(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    everything = hold(url, Share())
    try:
        await everything.take(wait=0)
        why = await refused(url, Share((1,), 2))
        assert "answers every shard" in why and "SHARD_IDS" in why, why
    finally:
        await everything.release()
        pg_server.release_database(url)


async def test_a_refused_share_takes_nothing_it_asked_for(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    one = hold(url, Share((1,), 2))
    try:
        await one.take(wait=0)
        assert "already holds shard 1" in await refused(url, Share((0, 1), 2))
        zero = hold(url, Share((0,), 2))
        await zero.take(wait=0)  # shard 0 was let go with the refusal
        await zero.release()
    finally:
        await one.release()
        pg_server.release_database(url)


async def test_a_start_waits_for_a_predecessor_that_lets_go(pg_server: PgServer) -> None:
    """A process killed a moment ago may still hold its locks until its server session ends."""
    url = pg_server.new_database("holds")
    old, new = hold(url, Share()), hold(url, Share())
    try:
        await old.take(wait=0)
        taking = asyncio.create_task(new.take(wait=60))
        await asyncio.sleep(0)  # its first try is under way
        assert not new.held
        await old.release()
        await taking
        assert new.held
    finally:
        await old.release()
        await new.release()
        pg_server.release_database(url)


async def test_the_holding_session_is_named_for_the_operator(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    shards = hold(url, Share((0, 2), 4))
    try:
        await shards.take(wait=0)
        con = await asyncpg.connect(url)
        try:
            names = {row[0] for row in await con.fetch("SELECT application_name FROM pg_stat_activity")}
        finally:
            await con.close()
        assert "mesa bot (shards 0,2 of 4)" in names, names
    finally:
        await shards.release()
        pg_server.release_database(url)


async def test_open_repository_holds_for_a_bot_and_a_refusal_leaves_nothing_open(
        pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(holds, "WAIT", 0.0)  # refused at once, not after waiting for a predecessor
    url = pg_server.new_database("holds")
    repo = await open_repository(url, alone=True)  # a bot without shards: every shard
    try:
        with pytest.raises(CannotOpen, match="answers every shard"):
            await open_repository(url, alone=Share((0,), 1))
        with pytest.raises(CannotOpen, match="already running"):
            await open_repository(url, alone=True)
        reader = await open_repository(url)  # `python -m data`, the console, a test: no hold asked, none taken
        await reader.close()
    finally:
        await repo.close()
    again = await open_repository(url, alone=True)  # closing the repository let go
    await again.close()
    con = await asyncpg.connect(url)
    try:  # the refused opens left no session behind (their pools were closed)
        assert await con.fetchval("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND pid <> pg_backend_pid()") == 0
    finally:
        await con.close()
    pg_server.release_database(url)


async def test_after_a_database_restart_the_hold_is_taken_again_or_lost_to_another(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    repo = await open_repository(url, alone=Share((0,), 2))
    assert isinstance(repo, PostgresRepository)
    intruder = hold(url, Share((0,), 2))
    try:
        await asyncio.to_thread(pg_server.pause)  # every session cut: the locks are gone with them
        await asyncio.to_thread(pg_server.resume)
        await repo.renew_hold()  # the watch's check: taken again
        assert "already holds shard 0" in await refused(url, Share((0,), 2))
        await asyncio.to_thread(pg_server.pause)
        await asyncio.to_thread(pg_server.resume)
        await intruder.take(wait=0)  # a second process started while this one had not noticed yet
        with pytest.raises(HoldLost, match="already holds shard 0") as info:
            await repo.renew_hold()
        assert "this one stops" in str(info.value)
    finally:
        await intruder.release()
        await repo.close()
        pg_server.release_database(url)


async def test_the_watch_tells_a_lost_share_once(pg_server: PgServer) -> None:
    url = pg_server.new_database("holds")
    mine, intruder = hold(url, Share()), hold(url, Share())
    told: list[HoldLost] = []
    try:
        await mine.take(wait=0)
        admin = await asyncpg.connect(url)
        try:  # the holding session ends (as in a server restart) and another process takes the share
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE application_name = 'mesa bot (every shard)'")
        finally:
            await admin.close()
        await intruder.take(wait=10)
        await asyncio.wait_for(mine.watch(told.append, every=0), 30)  # returns once it has told
        assert len(told) == 1 and "already running" in str(told[0])
        assert not mine.held
    finally:
        await mine.release()
        await intruder.release()
        pg_server.release_database(url)
