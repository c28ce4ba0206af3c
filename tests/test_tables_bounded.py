"""Issue 15, defect 14: the service's per-table caches and locks are bounded."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service

from data.models import FINISHED, now_iso
from engines import get_engine
from tables.bounded import DEFAULT_CACHE_ENTRIES, DEFAULT_LOCKS, LruCache, TableLocks


async def _finished_tables(svc, count: int) -> list[int]:  # type: ignore[no-untyped-def]
    """``count`` finished Kona tables stored directly (a game over by agreement at ply 0)."""
    engine = get_engine("kona")
    state = json.dumps(engine.to_json(engine.new_game(2, 1, {})), separators=(",", ":"))
    now = now_iso(FakeClock().now())
    ids = list(range(1, count + 1))
    outcome = json.dumps({"text": "draw"})
    async with svc.repo.transaction() as tx:  # bulk rows: the test is about the service, not inserts
        await tx._c.executemany(
            "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, state, version, "
            "outcome, created_at, updated_at) VALUES (?, ?, ?, 'kona', '{}', 1, ?, ?, ?, 2, ?, ?, ?)",
            [(tid, GUILD, CHANNEL, FINISHED, USERS[0][0], state, outcome, now, now) for tid in ids])
        await tx._c.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, is_ai, accepted) VALUES (?, ?, ?, ?, 0, 1)",
            [(tid, seat, *USERS[seat]) for tid in ids for seat in (0, 1)])
    return ids


@pytest.mark.slow
async def test_three_thousand_finished_games_keep_the_caches_bounded(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        ids = await _finished_tables(svc, 3000)
        for tid in ids:
            details = await svc.table_details(tid)
            assert details.summary.status == FINISHED
            async with svc.store.lock(tid):
                pass
        assert len(svc.store.cache) <= DEFAULT_CACHE_ENTRIES
        assert len(svc.store.log_cache) <= DEFAULT_CACHE_ENTRIES
        assert len(svc.store.locks) <= DEFAULT_LOCKS
        # the most recent tables are still cached; the oldest were forgotten and load again
        assert ids[-1] in svc.store.cache and ids[0] not in svc.store.cache
        assert (await svc.table_details(ids[0])).summary.table_id == ids[0]
    finally:
        await repo.close()


def test_lru_forgets_the_least_recently_used() -> None:
    cache: LruCache[int, str] = LruCache(2)
    cache[1], cache[2] = "a", "b"
    assert cache.get(1) == "a"  # 1 is now the most recent
    cache[3] = "c"
    assert 2 not in cache and cache.get(1) == "a" and cache.get(3) == "c"


async def test_a_held_or_awaited_lock_is_never_evicted() -> None:
    locks = TableLocks(cap=2)
    held = locks.lock(1)
    await held.acquire()
    promised = locks.lock(2)
    await promised.acquire()
    waiter = asyncio.ensure_future(promised.acquire())
    await asyncio.sleep(0)  # the waiter queues on lock 2
    promised.release()  # not locked now, but promised to the waiter
    for tid in range(3, 50):
        async with locks.lock(tid):
            pass
    assert locks.lock(1) is held  # held: the same lock, never a second one for table 1
    assert locks.lock(2) is promised
    await waiter
    assert promised.locked()
    held.release()
    promised.release()
    for tid in range(50, 60):
        locks.lock(tid)
    assert len(locks) == 2 and locks.get(1) is None and locks.get(2) is None
