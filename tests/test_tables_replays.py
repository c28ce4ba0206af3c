"""Issue 15, defect 13: a finished game's replay is made once (in the render pool) and kept; one
replay per player at a time."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import USERS, open_service, start_table

from tables import TableError, TableService
from tables.rendering import ProcessRenderer

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

    def replay(self, game: str, views: list[dict[str, Any]], names: list[str]) -> Future[bytes]:
        self.calls += 1
        future: Future[bytes] = Future()
        self.started.set()
        if self.hold:
            self.pending.append(future)
        else:
            future.set_result(f"GIF89a {game} {len(views)} frames".encode())
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
        with pytest.raises(TableError) as refused:  # another server's table stays refused
            await svc.replays.gif(8, tid, ANA)
        assert refused.value.key == "error.replay_elsewhere"
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
