"""Issue 29, item 5: one user cannot stall everyone's computer moves.

- a move the rules oblige the service to play (a seat that went out, a time-out) is served before
  Mesa's optional searches that wait for a worker;
- one user's Mesa searches run at most ``SEARCHES_PER_USER`` at a time across servers; the rest wait,
  served round-robin between users;
- the ticker hands each table's messages over as they are made, and plays Mesa's due turns in the
  background;
- a claim is renewed while its work runs, so no other process takes the table over meanwhile.

The searches are stood in for by a gate (``Gate``): each one waits until the test lets it go, so
what runs and what waits is seen without any timing.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from pg_server import DbFactory
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, start_table

import ai
from data.factory import open_repository
from data.models import now_iso
from data.repository import Repository
from engines.base import GameView
from tables import Message, PublicPost, TableService, said, thinking
from tables.service import CLAIM_SECONDS
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
    K3 game while building, so the service must play Cy's seat at once (``leaver_move``, Mesa's easy level:
    a Krakatoa seat is played by the rules' ``auto``, KR-8.4, with no search): it is searched and stored
    while the optional searches still wait, none of them started."""
    gate.free = ("easy",)  # the obliged searches (Mesa's easy level) pass; Mesa's hard ones are held
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, workers=1)
    tables = [await against_mesa(svc, uid, name) for uid, name in [*USERS[:2], USERS[3]]]
    out = await svc.create(GUILD, CHANNEL, CY, "Cy", "k3", [(EVE, "Eve"), (FAY, "Fay")], {"seat": "first"})
    k3 = out[0].table_id
    await svc.accept(k3, EVE)
    await svc.accept(k3, FAY)
    turns = [asyncio.create_task(svc.play_mesa(tid)) for tid, _ in tables]
    first = await gate.next()
    assert first.level == "hard"
    assert gate.started.empty()  # one worker: the other two searches wait
    resigned = await asyncio.wait_for(svc.resign(k3, CY), PATIENCE)
    assert any(isinstance(m, PublicPost) and m.key == "info.out.resign" for m in resigned)
    played = [m for m in await repo.get_moves(k3) if m.seat == 0]
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


async def test_a_search_for_a_table_of_several_is_charged_to_its_least_loaded_player(gate: Gate) -> None:
    """One worker; Ana asks three searches; then Mesa moves at a table of Ana and Ben (``Anyone``): it is charged
    to Ben, who has none, and runs second, not behind all of Ana's (it was charged to the table's host)."""
    from tables.thinking import Anyone

    thinker = Thinker(processes=False, budget=iterations(10), workers=1)
    view = _kona_view()
    searches = [asyncio.create_task(thinker.choose("kona", view, 0, "hard", seed, payer=ANA)) for seed in (1, 2, 3)]
    await asyncio.sleep(0)
    shared = asyncio.create_task(thinker.choose("kona", view, 0, "hard", 9, payer=Anyone((ANA, BEN))))
    order = []
    for _ in range(4):
        search = await gate.next()
        order.append(search.seed)
        search.release()
    assert order == [1, 9, 2, 3]
    await asyncio.gather(*searches, shared)
    thinker.close()


async def test_mesa_s_searches_at_a_table_are_charged_to_its_players_still_in(tmp_path: Path) -> None:
    """Any human player still in the game may be charged (not only the host); Mesa's seats and a player who went
    out never are."""
    from tables.mesa import table_players
    from tables.thinking import Anyone

    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, FakeClock(), workers=1)
    try:
        alone, _ = await against_mesa(svc, ANA, "Ana")
        players = table_players(await svc.store.load(alone))
        assert isinstance(players, Anyone) and tuple(players) == (ANA,)
        out = await svc.create(GUILD, CHANNEL, CY, "Cy", "k3", [(EVE, "Eve"), (FAY, "Fay")], {"seat": "first"})
        k3 = out[0].table_id
        await svc.accept(k3, EVE)
        await svc.accept(k3, FAY)
        assert set(table_players(await svc.store.load(k3))) == {CY, EVE, FAY}
        await svc.resign(k3, CY)  # the host goes out: the others are charged
        assert set(table_players(await svc.store.load(k3))) == {EVE, FAY}
    finally:
        svc.thinker.close()
        await repo.close()


def _kona_view() -> GameView:
    from engines import get_engine

    engine = get_engine("kona")
    return engine.view(engine.new_game(2, 1), 0)


async def test_the_ticker_delivers_each_tables_messages_before_the_next_tables_work_ends(
        tmp_path: Path, gate: Gate) -> None:
    """Two due tables: Mesa to move at Cy's table (due first), and a time-out at a K3 table of three where
    Cy alone has not built (an obliged search: Cy goes out and the seat is built for).  Cy's board is
    delivered while the time-out's search still runs; the tick did not gather them for the end."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, workers=1)
    mesa_table, _ = await against_mesa(svc, CY, "Cy")
    k3, _ = await start_table(svc, "k3", 3, {"time_per_move": "1h"})
    for uid in (ANA, BEN):  # Cy alone has not built: Cy's time runs out, and the seat is built for (easy)
        await svc.submit_move(k3, uid, (await svc.propose(k3, uid)).text)
    clock.advance(hours=2)
    delivered: list[Message] = []

    async def deliver(messages: list[Message]) -> None:
        delivered.extend(messages)

    tick = asyncio.create_task(svc.tick(deliver))
    mesa_search = await gate.next()
    assert mesa_search.level == "hard" and not delivered
    mesa_search.release()
    timeout_search = await gate.next()  # the next table's work has begun and is not done
    assert (timeout_search.game, timeout_search.level) == ("k3", "easy")
    assert {m.table_id for m in delivered} == {mesa_table}
    assert any(isinstance(m, PublicPost) and m.kind == "board" for m in delivered)
    timeout_search.release()
    while not tick.done():  # the rest of the timed-out turn, searched one decision at a time
        waiting = asyncio.ensure_future(gate.next())
        finished, _ = await asyncio.wait({tick, waiting}, timeout=PATIENCE, return_when=asyncio.FIRST_COMPLETED)
        assert finished, "the tick stalled"
        if waiting in finished:
            waiting.result().release()
        else:
            waiting.cancel()
    assert await tick == []  # everything went to deliver
    assert k3 in {m.table_id for m in delivered}
    svc.thinker.close()
    await repo.close()


async def test_the_ticker_leaves_mesas_due_turns_to_the_background(tmp_path: Path, gate: Gate) -> None:
    """With ``background=True`` the tick hands Mesa's due turn to a background task and goes on: the
    time-out of another table is delivered and the tick ends while Mesa still thinks; Mesa's board
    follows through the same ``deliver``."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, workers=1)
    mesa_table, _ = await against_mesa(svc, CY, "Cy")
    kona, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    await svc.submit_move(kona, ANA, "a6-d3")  # Ben's time then runs out: a loss (no move at all cancels)
    clock.advance(hours=2)
    delivered: list[Message] = []

    async def deliver(messages: list[Message]) -> None:
        delivered.extend(messages)

    assert await asyncio.wait_for(svc.tick(deliver, background=True), PATIENCE) == []
    mesa_search = await gate.next()
    assert {m.table_id for m in delivered} == {kona}  # the time-out's result, while Mesa thinks
    assert any(isinstance(m, PublicPost) and m.kind == "result" for m in delivered)
    mesa_search.release()
    await asyncio.wait_for(svc.due_turns.idle(), PATIENCE)
    boards = [m for m in delivered if m.table_id == mesa_table and isinstance(m, PublicPost)]
    assert len(boards) == 1 and said(boards[0].params["moves"]).startswith("Mesa (hard) moved from ")
    assert await repo.claim_of(mesa_table) == (None, None)
    svc.thinker.close()
    await repo.close()


async def test_a_claim_is_renewed_while_its_work_runs(db: DbFactory, gate: Gate) -> None:
    """Mesa's due turn outlasts the claim's lease (its search waits): the claim is renewed, so another
    process ticking after the first lease would have run out does not take the table; once the turn
    is played the claim is given back."""
    clock = FakeClock()
    repo = await open_repository(db("mesa.db"))
    svc = service(repo, clock)
    slept: asyncio.Queue[float] = asyncio.Queue()
    wake: asyncio.Queue[None] = asyncio.Queue()

    async def sleep(seconds: float) -> None:  # the renewals' pace, in the test's hands
        slept.put_nowait(seconds)
        await wake.get()

    svc.claims.sleep = sleep
    mesa_table, _ = await against_mesa(svc, CY, "Cy")
    await svc.tick(None, background=True)
    search = await gate.next()
    assert 0 < await asyncio.wait_for(slept.get(), PATIENCE) < CLAIM_SECONDS
    owner, first_until = await repo.claim_of(mesa_table)
    assert owner == svc.claimant and first_until == now_iso(clock.now() + timedelta(seconds=CLAIM_SECONDS))
    clock.advance(seconds=CLAIM_SECONDS - 10)
    wake.put_nowait(None)
    await asyncio.wait_for(slept.get(), PATIENCE)  # one renewal done, the next awaited
    assert await repo.claim_of(mesa_table) == (svc.claimant, now_iso(clock.now() + timedelta(seconds=CLAIM_SECONDS)))
    clock.advance(seconds=20)  # past the first lease
    other = await repo.claim_due_tables(now_iso(clock.now()), "another-process",
                                        now_iso(clock.now() + timedelta(seconds=CLAIM_SECONDS)))
    assert mesa_table not in other
    search.release()
    await asyncio.wait_for(svc.due_turns.idle(), PATIENCE)
    assert len(await repo.get_moves(mesa_table)) == 1
    assert await repo.claim_of(mesa_table) == (None, None)
    svc.thinker.close()
    await svc.claims.stop()
    await repo.close()


async def test_a_failed_tick_leaves_no_claim_held_or_renewed(tmp_path: Path) -> None:
    """The database fails in the middle of a tick: every claim it took is given back, none is left for
    the renewals to keep alive for ever."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    first, _ = await against_mesa(svc, CY, "Cy")
    second, _ = await against_mesa(svc, DEE, "Dee")

    async def fails(table_id: int) -> bool:
        raise ConnectionError("the database went away")

    svc.mesa.to_move = fails  # type: ignore[method-assign]
    with pytest.raises(ConnectionError):
        await svc.tick()
    assert svc.claims.held == set()
    assert [await repo.claim_of(t) for t in (first, second)] == [(None, None), (None, None)]
    svc.thinker.close()
    await repo.close()
