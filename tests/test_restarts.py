"""What a restart (a new process over the same database) must keep that the service held only in memory.

Each test stops the service at an awkward moment — a hint just given, ... — and opens a new one over the
same database, as a bot started again after a kill would (the kill itself, and what it does to a write in
flight, is covered by ``tests/e2e`` and ``tests/test_tournament_service.py``).
"""

from __future__ import annotations

from typing import Any

from pg_server import DbFactory, run_sql
from test_tables_learning import ANA, Spy, against_mesa, mesa_service
from test_tables_service import FakeClock

from data.factory import open_repository
from engines.base import GameView
from tables.thinking import Thinker, iterations


class Counting(Thinker):
    """A thinker that counts its searches (a new process's: every search it makes is a new one)."""

    def __init__(self) -> None:
        super().__init__(processes=False, budget=iterations(10), workers=1)
        self.searches = 0

    async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int, **lane: Any) -> str:
        self.searches += 1
        return await super().choose(game, view, seat, level, seed, **lane)


async def test_a_hint_asked_again_after_a_restart_is_the_one_given(db: DbFactory) -> None:
    """Hints are searched on a time budget (the machine's load varies the answer), so the same question is
    answered from what was given; a restart must not make the same position's hint another move."""
    path = db("mesa.db")
    clock = FakeClock()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock, Spy())
    tid = await against_mesa(svc)
    given = await svc.hints.ask(tid, ANA)
    await repo.close()
    repo = await open_repository(path)  # the bot started again
    thinker = Counting()
    svc = mesa_service(repo, clock, thinker)
    try:
        again = await svc.hints.ask(tid, ANA)
        assert again.move == given.move and thinker.searches == 0  # given again, not searched again
        assert await svc.hints.used(tid) == {0: 2}  # both asks counted, as without a restart
        await svc.submit_move(tid, ANA, given.move)
        await svc.play_mesa(tid)
        await svc.hints.ask(tid, ANA)  # a new position: a new search
        assert thinker.searches >= 1
    finally:
        await repo.close()


async def test_a_kept_hint_that_does_not_read_is_searched_again(db: DbFactory) -> None:
    path = db("mesa.db")
    clock = FakeClock()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock, Spy())
    tid = await against_mesa(svc)
    await svc.hints.ask(tid, ANA)
    await repo.close()
    await run_sql(path, "UPDATE hints SET given_move = 'z9-z9' WHERE table_id = ?", (tid,))
    repo = await open_repository(path)
    thinker = Counting()
    svc = mesa_service(repo, clock, thinker)
    try:
        again = await svc.hints.ask(tid, ANA)
        assert thinker.searches == 1 and again.move in await svc.legal_moves_for(tid, ANA)
    finally:
        await repo.close()
