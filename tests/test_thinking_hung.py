"""A search that never ends does not stop Mesa (an audit's finding): a worker stuck in a loop, or stopped, held
its lane's slot for good, and with it the table's step, the ticker and every later search.  Past its limit the
asker hears ``TimeoutError`` (Mesa then plays the automatic move), the hung workers are killed, and the next
search runs on a new pool.  Real worker processes here: the hang is a worker's."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from engines import get_engine
from tables import thinking
from tables.thinking import Thinker, _once_more, iterations


def hang(*_: Any) -> None:
    """A search that never comes back (a loop, a stopped worker)."""
    time.sleep(3600)


async def test_a_hung_search_is_given_up_and_the_next_runs_on_a_new_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    thinker = Thinker(processes=True, budget=iterations(10), workers=1)
    monkeypatch.setattr(thinking, "overdue_seconds", lambda budget: 1.0)
    engine = get_engine("kona")
    state = engine.new_game(2, seed=1)
    view = engine.view(state, 0)
    try:
        began = time.monotonic()
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(60):  # a regression fails here rather than hanging the suite
                await _once_more(thinker.optional, (), "ana", hang, limit=1.0)
        assert time.monotonic() - began < 30
        async with asyncio.timeout(60):  # the slot came back, on a pool that works
            move = await thinker.choose("kona", view, 0, "easy", 7, payer="ben")
        assert move in {engine.format_move(state, m) for m in engine.legal_moves(state)}
        async with asyncio.timeout(60):  # the obliged lane too
            with pytest.raises(TimeoutError):
                await _once_more(thinker.obliged, (), None, hang, limit=1.0)
            assert await thinker.choose("kona", view, 0, "easy", 7, obliged=True) == move
    finally:
        thinker.close()


async def test_mesa_plays_the_automatic_move_when_its_search_hangs(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Any) -> None:
    from test_tables_service import USERS, FakeClock

    from data.factory import open_repository
    from tables import TableService

    monkeypatch.setattr(thinking, "overdue_seconds", lambda budget: 1.0)
    monkeypatch.setattr(thinking, "_search_now", hang)
    repo = await open_repository(str(tmp_path / "mesa.db"))
    thinker = Thinker(processes=True, budget=iterations(10), workers=1)
    svc = TableService(repo, FakeClock(), None, seed_source=lambda: 5, thinker=thinker)
    try:
        ana = USERS[0][0]
        out = await svc.create(5, 50, ana, "Ana", "kona", [], {"bots": "1", "seat": "first"})
        tid = out[0].table_id
        await svc.submit_move(tid, ana, "a6-d3")
        async with asyncio.timeout(60):
            played = [m async for m in svc.mesa_turns(tid)]
        assert played, "Mesa moved all the same"
        assert [m.seat for m in await repo.get_moves(tid)] == [0, 1]
    finally:
        await svc.close()
        await repo.close()


async def test_a_review_part_whose_worker_died_is_asked_once_more() -> None:
    # a review worker killed (the system's out-of-memory killer) failed every waiting review with "Something went
    # wrong"; Mesa's searches are asked again on a new pool, and so is a review's part
    from concurrent.futures.process import BrokenProcessPool

    from tables.reviews import _lane_run

    class Lane:
        def __init__(self, breaks: int) -> None:
            self.breaks, self.calls = breaks, 0

        async def run(self, owner: int, call: Any, *args: Any) -> Any:
            self.calls += 1
            if self.calls <= self.breaks:
                raise BrokenProcessPool("killed")
            return call(*args)

    once = Lane(1)
    assert await _lane_run(once, 3, lambda x: x * 2, 21) == 42 and once.calls == 2  # type: ignore[arg-type]
    twice = Lane(2)
    with pytest.raises(BrokenProcessPool):  # a worker that dies again is a real fault: said, not looped on
        await _lane_run(twice, 3, lambda x: x, 1)  # type: ignore[arg-type]
    assert twice.calls == 2
