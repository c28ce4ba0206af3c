"""One bot process per share of Discord's traffic on one PostgreSQL database (``data.holds``).

Two processes answering the same interactions answer each twice (two tables for one ``/play``).  Each
bot process holds its shards (or every shard) with advisory locks for its whole life; a second process
asking for any of them is refused in one line that says what to do, and holds nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest
from pg_server import PgServer

from data import CannotOpen, HoldLost, Share, holds, open_repository
from data.holds import PgHold
from data.postgres import PostgresRepository


class Processes:
    """The holds of the bot processes a test plays (each ``PgHold`` is one process's), let go at its end."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.made: list[PgHold] = []

    def hold(self, share: Share) -> PgHold:
        self.made.append(PgHold(self.url, "the test database", share))
        return self.made[-1]

    async def holding(self, share: Share) -> PgHold:
        made = self.hold(share)
        await made.take(wait=0)
        return made

    async def refused(self, share: Share) -> str:
        with pytest.raises(CannotOpen) as info:
            await self.hold(share).take(wait=0)
        return str(info.value)


@pytest.fixture
async def url(pg_server: PgServer) -> AsyncIterator[str]:
    url = pg_server.new_database("holds")
    yield url
    pg_server.release_database(url)


@pytest.fixture
async def procs(url: str) -> AsyncIterator[Processes]:
    made = Processes(url)
    yield made
    for one in made.made:
        await one.release()


async def test_a_second_process_for_every_shard_is_refused_until_the_first_stops(procs: Processes) -> None:
    first = await procs.holding(Share())
    why = await procs.refused(Share())
    assert "another Mesa bot is already running on the test database" in why and "SHARD_IDS" in why, why
    await first.release()
    second = await procs.holding(Share())  # the first one's stop let go of it
    assert second.held


async def test_shards_held_apart_and_every_overlap_refused(procs: Processes) -> None:
    await procs.holding(Share((0,), 2))
    one = await procs.holding(Share((1,), 2))  # the other shard of the same count: both run
    assert "already holds shard 0" in await procs.refused(Share((0,), 2))
    assert "already holds shard 1" in await procs.refused(Share((1, 2), 3))
    assert "already running" in await procs.refused(Share())  # every shard overlaps both
    assert "SHARD_COUNT=2" in await procs.refused(Share((2,), 3))  # shard 2 of 3 shares servers with both
    await one.release()
    await procs.holding(Share((1,), 2))  # free again once its process stopped


async def test_a_process_for_every_shard_keeps_the_sharded_ones_out(procs: Processes) -> None:
    await procs.holding(Share())
    why = await procs.refused(Share((1,), 2))
    assert "answers every shard" in why and "SHARD_IDS" in why, why


async def test_a_refused_share_takes_nothing_it_asked_for(procs: Processes) -> None:
    await procs.holding(Share((1,), 2))
    assert "already holds shard 1" in await procs.refused(Share((0, 1), 2))
    await procs.holding(Share((0,), 2))  # shard 0 was let go with the refusal


async def test_a_start_waits_for_a_predecessor_that_lets_go(procs: Processes) -> None:
    """A process killed a moment ago may still hold its locks until its server session ends."""
    old, new = await procs.holding(Share()), procs.hold(Share())
    taking = asyncio.create_task(new.take(wait=60))
    await asyncio.sleep(0)  # its first try is under way
    assert not new.held
    await old.release()
    await taking
    assert new.held


async def test_the_holding_session_is_named_for_the_operator(procs: Processes, url: str) -> None:
    await procs.holding(Share((0, 2), 4))
    con = await asyncpg.connect(url)
    try:
        names = {row[0] for row in await con.fetch("SELECT application_name FROM pg_stat_activity")}
    finally:
        await con.close()
    assert "mesa bot (shards 0,2 of 4)" in names, names


async def test_open_repository_holds_for_a_bot_and_a_refusal_leaves_nothing_open(
        url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(holds, "WAIT", 0.0)  # refused at once, not after waiting for a predecessor
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


async def test_after_a_database_restart_the_hold_is_taken_again_or_lost_to_another(
        procs: Processes, url: str, pg_server: PgServer) -> None:
    repo = await open_repository(url, alone=Share((0,), 2))
    assert isinstance(repo, PostgresRepository)
    try:
        await asyncio.to_thread(pg_server.pause)  # every session cut: the locks are gone with them
        await asyncio.to_thread(pg_server.resume)
        await repo.renew_hold()  # the watch's check: taken again
        assert "already holds shard 0" in await procs.refused(Share((0,), 2))
        await asyncio.to_thread(pg_server.pause)
        await asyncio.to_thread(pg_server.resume)
        await procs.holding(Share((0,), 2))  # a second process started while this one had not noticed yet
        with pytest.raises(HoldLost, match="already holds shard 0") as info:
            await repo.renew_hold()
        assert "this one stops" in str(info.value)
    finally:
        await repo.close()


async def test_the_watch_tells_a_lost_share_once(procs: Processes, url: str) -> None:
    mine = await procs.holding(Share())
    admin = await asyncpg.connect(url)
    try:  # the holding session ends (as in a server restart) and another process takes the share
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE application_name = 'mesa bot (every shard)'")
    finally:
        await admin.close()
    await procs.hold(Share()).take(wait=10)
    told: list[HoldLost] = []
    await asyncio.wait_for(mine.watch(told.append, every=0), 30)  # returns once it has told
    assert len(told) == 1 and "already running" in str(told[0])
    assert not mine.held


async def test_a_shard_no_process_holds_is_warned_once_and_its_return_said(
        procs: Processes, caplog: pytest.LogCaptureFixture) -> None:
    """Sharded processes split Discord's servers among them: a shard none holds is servers nobody answers."""
    caplog.set_level("INFO", logger="data.holds")
    zero = await procs.holding(Share((0,), 3))

    def warned() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]

    await zero.renew()
    assert len(warned()) == 1
    assert "shards 1,2 of 3" in warned()[0] and "SHARD_IDS=1,2 SHARD_COUNT=3" in warned()[0]
    await zero.renew()
    assert len(warned()) == 1  # the same gap is not said again at every check
    one = await procs.holding(Share((1,), 3))
    await zero.renew()
    await one.renew()  # every process says it, whichever log is read
    assert len(warned()) == 3 and all("shard 2 of 3" in w and "SHARD_IDS=2 " in w for w in warned()[1:])
    caplog.clear()
    await procs.holding(Share((2,), 3))
    await zero.renew()
    assert not warned() and any("every shard of 3 is held" in r.getMessage() for r in caplog.records)
    caplog.clear()
    await zero.renew()
    assert not caplog.records  # nothing more to say while every shard is held


async def test_a_process_for_every_shard_never_warns_of_a_gap(procs: Processes,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="data.holds")
    whole = await procs.holding(Share())
    await whole.renew()
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
