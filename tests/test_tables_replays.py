"""Issue 15, defect 13: a finished game's replay is made once (in the render pool) and kept; one
replay per player at a time.  Issue 29, item 6: the replays kept are bounded in size and age, and
public posts of replays are rate-limited per table and per user."""

from __future__ import annotations

import asyncio
import base64
from concurrent.futures import Future
from typing import Any

import pytest
from pg_server import DbFactory, run_sql
from test_data_repository import old_database
from test_tables_service import GUILD, USERS, FakeClock, open_service, start_table

from data import open_repository
from tables import TableError, TableService, t
from tables.rendering import ProcessRenderer
from tables.replays import ReplayBound, ReplayKeeper
from tables.reposts import ReplayGate

ANA, BEN = USERS[0][0], USERS[1][0]


class CountingPool:
    """Stands in for the render pool: counts drawings; ``hold`` keeps the next one unfinished."""

    def __init__(self) -> None:
        self.calls = 0
        self.hold = False
        self.pending: list[Future[bytes]] = []
        self.started = asyncio.Event()

    def __call__(self, game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        return b"png"

    def replay(self, game: str, views: list[dict[str, Any]], names: list[str], lang: str = "en") -> Future[bytes]:
        self.calls += 1
        future: Future[bytes] = Future()
        self.started.set()
        if self.hold:
            self.pending.append(future)
        else:
            future.set_result(f"GIF89a {game} {len(views)} frames {lang}".encode())
        return future


async def _finished_kona(svc: TableService) -> int:
    tid, _ = await start_table(svc, "kona")
    await svc.resign(tid, BEN)
    return tid


async def test_a_replay_is_made_once_and_kept_across_a_restart(db: DbFactory) -> None:
    pool = CountingPool()
    repo, svc = await open_service(db(), renderer=pool)
    try:
        tid = await _finished_kona(svc)
        found, first = await svc.replays.gif(7, tid, ANA)
        assert first.startswith(b"GIF89a kona") and found.table_id == tid and pool.calls == 1
        _, again = await svc.replays.gif(7, tid, BEN)
        assert again == first and pool.calls == 1  # kept, not drawn again
        restarted = TableService(repo, svc.clock, pool)
        _, after = await restarted.replays.gif(7, tid, ANA)
        assert after == first and pool.calls == 1  # kept in storage, not only in memory
        _, spanish = await svc.replays.gif(7, tid, BEN, "es-ES")  # its words in Spanish: a replay of its own
        assert spanish.endswith(b" es") and first.endswith(b" en") and pool.calls == 2
        _, spanish_again = await restarted.replays.gif(7, tid, ANA, "es")
        assert spanish_again == spanish and pool.calls == 2  # kept too, beside the English one
        with pytest.raises(TableError) as refused:  # another server's table stays refused
            await svc.replays.gif(8, tid, ANA)
        assert refused.value.key == "error.no_table"
    finally:
        await repo.close()


async def test_one_replay_per_player_at_a_time(db: DbFactory) -> None:
    pool = CountingPool()
    pool.hold = True
    repo, svc = await open_service(db(), renderer=pool)
    try:
        tid = await _finished_kona(svc)
        making = asyncio.ensure_future(svc.replays.gif(7, tid, ANA))
        await asyncio.wait_for(pool.started.wait(), 30)
        assert pool.calls == 1
        with pytest.raises(TableError) as busy:
            await svc.replays.gif(7, tid, ANA)
        assert busy.value.key == "error.replay_busy"
        assert "Already making your replay" in busy.value.message("en")
        assert "Ya estoy preparando tu repetición" in busy.value.message("es")
        sharing = asyncio.ensure_future(svc.replays.gif(7, tid, BEN))  # another player: same drawing
        await asyncio.sleep(0)  # Ben's request starts (it finds the drawing under way, now or after it is kept)
        pool.pending[0].set_result(b"GIF89a held")
        (_, mine), (_, theirs) = await asyncio.wait_for(asyncio.gather(making, sharing), 30)
        assert mine == theirs == b"GIF89a held" and pool.calls == 1
        _, later = await svc.replays.gif(7, tid, ANA)  # done: Ana may ask again (and gets the kept one)
        assert later == b"GIF89a held" and pool.calls == 1
    finally:
        await repo.close()


async def test_the_render_pool_draws_a_replay(tmp_path: Any) -> None:
    pool = ProcessRenderer(workers=1)
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pool)
    try:
        tid = await _finished_kona(svc)
        _, gif = await svc.replays.gif(7, tid, ANA)
        assert gif[:6] in (b"GIF87a", b"GIF89a")
    finally:
        pool.close()
        await repo.close()


# ---- issue 29, item 6: kept replays are bounded; public posts are rate-limited ---------------------------
async def test_kept_replays_are_bounded_in_size_and_age_and_made_again_on_demand(db: DbFactory) -> None:
    """Room for two replays, kept at most a day: a third pushes the oldest out, a day later the rest go;
    a replay asked for after it went is simply drawn again."""
    pool = CountingPool()
    clock = FakeClock()
    repo, svc = await open_service(db(), clock, renderer=pool)
    try:
        tables = [await _finished_kona(svc) for _ in range(3)]
        size = len(base64.b64encode(b"GIF89a kona 2 frames en"))  # each kept replay's stored size
        keeper = ReplayKeeper(repo, pool, clock, ReplayBound(max_size=2 * size, max_age=86400))
        for tid in tables:
            await keeper.gif(GUILD, tid, ANA)
            clock.advance(minutes=1)
        assert pool.calls == 3
        assert await repo.stored_replay(tables[0], await _version(repo, tables[0])) is None  # the oldest went
        for tid in tables[1:]:
            assert await repo.stored_replay(tid, await _version(repo, tid)) is not None
        _, again = await keeper.gif(GUILD, tables[2], BEN)
        assert pool.calls == 3  # still kept: not drawn again
        _, first = await keeper.gif(GUILD, tables[0], BEN)
        assert first.startswith(b"GIF89a kona") and pool.calls == 4  # made again on demand
        assert await repo.stored_replay(tables[1], await _version(repo, tables[1])) is None  # now the oldest
        clock.advance(days=1, minutes=1)
        assert await keeper.evict() == 2  # past their age
        _, late = await keeper.gif(GUILD, tables[2], ANA)
        assert late == again and pool.calls == 5  # the same picture, drawn again
    finally:
        await repo.close()


async def _version(repo: Any, table_id: int) -> int:
    row = await repo.get_table(table_id)
    assert row is not None
    return int(row.version)


async def test_replays_kept_before_the_bound_get_their_size(db: DbFactory) -> None:
    """A database of schema 10 with a kept replay: once upgraded, the replay counts toward the bound."""
    target = db("old.db", blank=True)
    await old_database(target, 10)
    await run_sql(target, "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, state, "
                  "version, created_at, updated_at) VALUES (7, 70, 'kona', '{}', 1, 'finished', 101, '{}', 3, "
                  "'2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z')")
    await run_sql(target, "INSERT INTO replays (table_id, version, gif, created_at) VALUES (1, 3, ?, ?)",
                  ("R0lGODlh" * 10, "2026-03-01T12:00:00.000000Z"))
    repo = await open_repository(target)
    try:
        assert await repo.stored_replay(1, 3) == "R0lGODlh" * 10
        assert await repo.evict_replays("2026-01-01T00:00:00.000000Z", 80) == 0  # 80 characters: it fits
        assert await repo.evict_replays("2026-01-01T00:00:00.000000Z", 79) == 1  # one fewer: it goes
        assert await repo.stored_replay(1, 3) is None
    finally:
        await repo.close()


def test_the_replay_bound_is_read_from_the_environment(caplog: Any) -> None:
    assert ReplayBound.from_env({}) == ReplayBound(200 * 1024 * 1024, 30 * 86400)
    assert ReplayBound.from_env({"REPLAY_CACHE_MB": "1.5", "REPLAY_CACHE_DAYS": "7"}) == ReplayBound(
        int(1.5 * 1024 * 1024), 7 * 86400)
    with caplog.at_level("WARNING"):
        assert ReplayBound.from_env({"REPLAY_CACHE_MB": "-3", "REPLAY_CACHE_DAYS": "lots"}) == ReplayBound()
    assert "REPLAY_CACHE_MB" in caplog.text and "REPLAY_CACHE_DAYS" in caplog.text
    # not a finite number: the default too, as the bot's start-up check refuses them (test_bot_settings)
    assert ReplayBound.from_env({"REPLAY_CACHE_MB": "inf", "REPLAY_CACHE_DAYS": "nan"}) == ReplayBound()
    assert ReplayBound.from_env({"REPLAY_CACHE_MB": "0", "REPLAY_CACHE_DAYS": "1e400"}) == ReplayBound()


def test_public_replays_are_limited_per_table_and_per_user() -> None:
    clock = FakeClock()
    gate = ReplayGate(clock.now)
    assert gate.public(1, ANA) is None  # posted
    later = gate.public(1, BEN)  # the same table a moment later: privately
    assert later is not None and later.key == "replay.later_table"
    assert t(later.key, "en", **later.params).endswith("It can be posted for everyone again in 10m.")
    assert "dentro de 10m" in t(later.key, "es", **later.params)
    clock.advance(minutes=9, seconds=30)
    later = gate.public(1, BEN)
    assert later is not None and later.params["wait"] == "1m"  # 30 seconds, said in whole minutes
    clock.advance(seconds=30)
    assert gate.public(1, BEN) is None  # ten minutes on: publicly again
    assert gate.public(2, ANA) is None and gate.public(3, ANA) is None  # Ana's second and third
    clock.advance(minutes=20)
    later = gate.public(4, ANA)  # a fourth within the hour: privately, until her first is an hour old
    assert later is not None and later.key == "replay.later_user"
    assert t(later.key, "en", **later.params) == (
        "You have already posted 3 replays for everyone (the most each 1h), so here is this one just for you. "
        "You can post one for everyone again in 30m.")
    assert t(later.key, "es", **later.params).startswith("Ya has publicado 3 repeticiones para todos")
    assert gate.public(4, BEN) is None  # Ben has posted one only
    clock.advance(minutes=30)
    assert gate.public(5, ANA) is None  # Ana's first post is an hour old
