"""Issue 29, item 5: one user cannot stall everyone's computer moves.

- a move the rules oblige the service to play (a seat that went out, a time-out) is served before
  Mesa's optional searches that wait for a worker;
- one user's Mesa searches run at most ``SEARCHES_PER_USER`` at a time across servers; the rest wait,
  served round-robin between users;

The searches are stood in for by a gate (``Gate``): each one waits until the test lets it go, so
what runs and what waits is seen without any timing.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock

import ai
from data.factory import open_repository
from data.repository import Repository
from engines.base import GameView
from tables import PublicPost, TableService, thinking
from tables.thinking import Thinker, iterations, move_seed

ANA, BEN, CY, DEE = (u for u, _ in USERS)
EVE, FAY = 105, 106
OTHER_GUILD = GUILD + 1
#: a search that is never let go fails the test rather than hanging it
PATIENCE = 60.0


@dataclass
class Search:
    """One search the gate holds: what it was asked, and the event that lets it go."""

    game: str
    level: str
    seed: int
    go: threading.Event = field(default_factory=threading.Event)

    def release(self) -> None:
        self.go.set()


class Gate:
    """Stands in for ``tables.thinking._search``: each search tells the test it started, then waits
    until the test releases it (searches at a level in ``free`` go at once), then searches for real."""

    def __init__(self, free: tuple[str, ...] = ()) -> None:
        self.loop = asyncio.get_running_loop()
        self.started: asyncio.Queue[Search] = asyncio.Queue()
        self.free = free
        self.running: dict[int, int] = {}  # seed -> how many of its searches run now
        self.lock = threading.Lock()

    def search(self, game: str, view: GameView, seat: int, level: str, budget: ai.Budget, seed: int) -> str:
        found = Search(game, level, seed)
        if level in self.free:
            found.release()
        with self.lock:
            self.running[seed] = self.running.get(seed, 0) + 1
        self.loop.call_soon_threadsafe(self.started.put_nowait, found)
        try:
            if not found.go.wait(PATIENCE):
                raise TimeoutError("the test never let this search go")
            return ai.choose_move(game, view, seat, level, budget, seed)
        finally:
            with self.lock:
                self.running[seed] -= 1

    async def next(self) -> Search:
        return await asyncio.wait_for(self.started.get(), PATIENCE)


@pytest.fixture
async def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    found = Gate()
    monkeypatch.setattr(thinking, "_search", found.search)
    return found


def service(repo: Repository, clock: FakeClock, workers: int = 1) -> TableService:
    seeds = itertools.count(1000)
    return TableService(repo, clock, None, seed_source=lambda: next(seeds),
                        thinker=Thinker(processes=False, budget=iterations(10), workers=workers))


async def against_mesa(svc: TableService, user: int, name: str, guild: int = GUILD) -> tuple[int, int]:
    """A Kona table of ``user`` against Mesa (hard), Mesa to move; returns (table, seed of Mesa's search)."""
    out = await svc.create(guild, CHANNEL, user, name, "kona", [], {"bots": "1", "level": "hard", "seat": "second"})
    tid = out[0].table_id
    row = await svc.repo.get_table(tid)
    assert row is not None
    return tid, move_seed(row.seed, 1, 0)  # Mesa sits first: seat 0, the first ply


async def test_an_obliged_move_is_served_before_queued_optional_searches(tmp_path: Path, gate: Gate) -> None:
    """Three players' Mesa searches fill the one worker and its queue; then Cy resigns a three-player
    Krakatoa game on their turn, so the service must play Cy's seat at once (``leaver_move``): it is
    searched and stored while the optional searches still wait, none of them started."""
    gate.free = ("easy",)  # the obliged searches (Mesa's easy level) pass; Mesa's hard ones are held
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, workers=1)
    tables = [await against_mesa(svc, uid, name) for uid, name in [*USERS[:2], USERS[3]]]
    out = await svc.create(GUILD, CHANNEL, CY, "Cy", "krakatoa", [(EVE, "Eve"), (FAY, "Fay")], {"seat": "first"})
    kr = out[0].table_id
    await svc.accept(kr, EVE)
    await svc.accept(kr, FAY)
    turns = [asyncio.create_task(svc.play_mesa(tid)) for tid, _ in tables]
    first = await gate.next()
    assert first.level == "hard"
    assert gate.started.empty()  # one worker: the other two searches wait
    resigned = await asyncio.wait_for(svc.resign(kr, CY), PATIENCE)
    assert any(isinstance(m, PublicPost) and m.key == "info.out.resign" for m in resigned)
    played = [m for m in await repo.get_moves(kr) if m.seat == 0]
    assert played, "the service played the seat that went out"
    obliged = []
    while not gate.started.empty():
        obliged.append(gate.started.get_nowait())
    assert obliged and all(s.level == "easy" for s in obliged)  # served while the hard searches still wait
    assert gate.running.get(first.seed) == 1  # and the optional search in the worker still runs
    first.release()
    for _ in range(2):
        (await gate.next()).release()
    await asyncio.gather(*turns)
    for tid, _ in tables:
        assert len(await repo.get_moves(tid)) == 1  # every Mesa moved once
    svc.thinker.close()
    await repo.close()


async def test_one_users_searches_beyond_the_cap_wait_across_servers(tmp_path: Path, gate: Gate) -> None:
    """Ana has three games against Mesa in two servers, Ben one; two workers.  Only one of Ana's
    searches runs at a time (the cap is per user, not per server): Ben's takes the other worker at
    once, and Ana's next starts only when her first ends."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, workers=2)
    anas = [await against_mesa(svc, ANA, "Ana", guild) for guild in (GUILD, OTHER_GUILD, OTHER_GUILD)]
    ben = await against_mesa(svc, BEN, "Ben")
    of_ana = {seed for _, seed in anas}
    turns = [asyncio.create_task(svc.play_mesa(tid)) for tid, _ in [*anas, ben]]
    running = [await gate.next(), await gate.next()]
    assert sorted(s.seed in of_ana for s in running) == [False, True]  # one of Ana's, and Ben's
    assert gate.started.empty()  # Ana's other two wait
    ana_first = next(s for s in running if s.seed in of_ana)
    ben_search = next(s for s in running if s.seed not in of_ana)
    ben_search.release()
    assert (await asyncio.wait_for(turns[3], PATIENCE))  # Ben's Mesa moved, Ana's still held
    assert gate.started.empty(), "a free worker, but Ana already has a search running"
    ana_first.release()
    second = await gate.next()
    assert second.seed in of_ana - {ana_first.seed}
    assert gate.started.empty()
    second.release()
    third = await gate.next()
    assert third.seed in of_ana - {ana_first.seed, second.seed}
    third.release()
    await asyncio.gather(*turns)
    svc.thinker.close()
    await repo.close()


async def test_waiting_searches_are_served_round_robin_between_users(gate: Gate) -> None:
    """One worker; Ana asks for three searches, then Ben for two: they run Ana, Ben, Ana, Ben, Ana
    (first come, first served would keep Ben waiting behind all of Ana's)."""
    thinker = Thinker(processes=False, budget=iterations(10), workers=1)
    view = _kona_view()
    asked = [(ANA, 1), (ANA, 2), (ANA, 3), (BEN, 4), (BEN, 5)]
    searches = [asyncio.create_task(thinker.choose("kona", view, 0, "hard", seed, payer=user))
                for user, seed in asked]
    order = []
    for _ in asked:
        search = await gate.next()
        assert gate.started.empty()  # one at a time
        order.append(search.seed)
        search.release()
    assert order == [1, 4, 2, 5, 3]
    assert len(set(await asyncio.gather(*searches))) >= 1
    thinker.close()


def _kona_view() -> GameView:
    from engines import get_engine

    engine = get_engine("kona")
    return engine.view(engine.new_game(2, 1), 0)
