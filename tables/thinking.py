"""Mesa's thinking, off the event loop: the computer player's searches run in worker processes.

Why processes (as for board images, ``tables.rendering``): a search holds Python's GIL for up to
the level's whole budget (1.5 s at ``hard``), so a thread would stall every other table's moves and
every Discord answer meanwhile.  The pool's workers watch their parent with the same initializer
as the render pool, so they leave with the bot.

What crosses into a worker is exactly what ``ai.choose_move`` takes: the game's name, the seat's
own view (``engine.view(state, seat)``, never the true state), the level, the budget and a seed.
The view stays there: it is never logged, posted or sent anywhere else, and a failed search is
reported by its exception's type only (its message could quote the view).

Budgets: the level's default milliseconds in play (``ai.DEFAULT_MS``); tests inject iteration
budgets (``Thinker(budget=...)``), which make Mesa's moves repeatable with the same seed.

Fairness (issue 29, item 5).  The searches once shared one first-come-first-served queue, so one
user with fifty ``hard`` games made everybody wait: a move the rules oblige the service to play (a
time-out, a seat that went out) waited 30 s behind them, and so did every other player's Mesa.  Now
two *lanes*, each a few slots over its own executor:

- the **obliged lane** (``obliged=True``: ``MesaMoves.timeout_move`` and ``leaver_move``, played
  inside a table's step while a player waits for their own move's board) has a worker of its own
  (``OBLIGED_WORKERS``), which no optional search ever takes.  Why a lane rather than a priority in
  one queue: a seat's turn is several decisions in a row (Krakatoa's throw, keep, set, aims), each
  asked after the last one is applied; with a priority alone each would wait for a ``hard`` search
  to free a worker (up to 1.5 s each).  Why not in this process's thread: K3's and Plateau's
  ``easy`` searches hold the GIL for their 0.1 s, the event loop with it.  The lane's worker is
  idle most of the time, so it costs a process, not a core;
- the **optional lane** (Mesa's own seats, ``/auto``, a hint's search and its reading, ``chance_after``) has
  ``workers`` slots.  Each search is
  charged to a user (the one who asked a hint or ``/auto``; for Mesa's own seat, the least loaded of the
  table's players, ``tables.mesa.table_players``), who may have at
  most ``per_user`` searches running at once, in any server; the searches waiting are served
  round-robin between users, each user's own in the order asked.  So fifty games of one user take
  one worker and their Mesa simply answers more slowly, while everyone else's answers come next.

A lane never hands its executor more searches than it has slots, so what waits, waits here, in the
order above, never in the executor's own first-come queue.  A search whose asker gave up (a
cancelled task) is dropped from the queue; one already running keeps its slot until it ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import os
import random
from collections import Counter, deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import ai
from ai import Budget
from engines.base import GameView
from tables.rendering import worker_pool

log = logging.getLogger(__name__)

#: a level's budget: the level's default thinking time unless a test injects another
BudgetFor = Callable[[str], Budget]

#: how many of one user's optional searches run at once, across every server (issue 29, item 5)
SEARCHES_PER_USER = 1
#: the slots kept for moves the rules oblige the service to play (time-outs, seats that went out)
OBLIGED_WORKERS = 1


def overdue_seconds(budget: Budget) -> float:
    """How long after its start a search is taken for hung (a loop, a worker stopped): its asker then hears
    ``TimeoutError`` (Mesa plays the automatic move) and the lane's workers are killed (a new pool); generous,
    so that a loaded machine never gives up a search that was merely slow."""
    return 30.0 + 4 * budget.ms / 1000 if budget.ms else 120.0


def kill_workers(executor: Executor | None) -> None:
    """Kill a process pool's workers (a hung one cannot be told to stop): the pool breaks, and is started again."""
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        process.kill()


#: the level whose injected budget (tests) also sets a hint's reading (``Thinker.reading``)
HINT_READING_LEVEL = "hard"


def default_budget(level: str) -> Budget:
    return Budget.for_level(level)


def iterations(count: int) -> BudgetFor:
    """A fixed iteration budget for every level (tests: repeatable moves, a fraction of a second)."""
    return lambda level: Budget(iterations=count)


def move_seed(table_seed: int, ply: int, seat: int, purpose: str = "mesa") -> int:
    """The seed of Mesa's search for the move at ``ply``: derived from the table's seed and the ply,
    so a replay of the same table asks the same questions and gets the same answers.

    A one-way hash, so the number that reaches the worker says nothing about the table's seed (which
    draws the dice and the K3 bag): the search could not learn the future from it even by accident.
    """
    digest = hashlib.sha256(f"{table_seed}:{ply}:{seat}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _search(game: str, view: GameView, seat: int, level: str, budget: Budget, seed: int) -> str:
    return ai.choose_move(game, view, seat, level, budget, seed)


def has_player(game: str) -> bool:
    """Whether ``ai`` has a computer player for this game (else the engine's ``auto_move`` stands in)."""
    return game in ai.PLAYERS


#: what a search is charged to: a user id, or None (a caller that names nobody: never capped)
Payer = Hashable


class Anyone(tuple[Payer, ...]):
    """A search any of these users may be charged with: the one with the fewest searches running and waiting
    (Mesa's move at a table of several people, all waiting for it: one user's many games slow only their own
    Mesa, not a guest's at their table, who waited behind the host's whole queue)."""


@dataclass(eq=False)
class _Job:
    """One search waiting for a slot, and the future its asker awaits."""

    args: tuple[Any, ...]
    payer: Payer
    answer: asyncio.Future[Any]
    asked: int  # the order it was asked in
    ran_on: Executor | None = None
    #: seconds after its start past which the search is taken for hung (``overdue_seconds``)
    limit: float = 120.0
    #: what runs in the worker: a search (``_search_now``), or a hint's reading (``_reading_now``)
    call: Callable[..., Any] | None = None


@dataclass(eq=False)
class _Lane:
    """``slots`` searches at once over one executor; the rest wait per payer.  The next to start is the
    oldest search of the payer served least recently (one who has none running or waiting is
    forgotten, and comes first when they ask again), and no payer but ``None`` has more than
    ``per_user`` running (``per_user=None``: no cap)."""

    name: str
    slots: int
    per_user: int | None
    start: Callable[[int], Executor]
    _executor: Executor | None = None
    _waiting: dict[Payer, deque[_Job]] = field(default_factory=dict)
    _running: Counter[Payer] = field(default_factory=Counter)
    _served: dict[Payer, int] = field(default_factory=dict)  # payer -> when last served (the count below)
    _count: itertools.count[int] = field(default_factory=itertools.count)
    _busy: int = 0

    def submit(self, args: tuple[Any, ...], payer: Payer,
               call: Callable[..., Any] | None = None, limit: float = 120.0) -> asyncio.Future[Any]:
        if isinstance(payer, Anyone):
            payer = min(payer, key=lambda p: self._running[p] + len(self._waiting.get(p, ()))) if payer else None
        job = _Job(args, payer, asyncio.get_running_loop().create_future(), next(self._count), call=call,
                   limit=limit)
        self._waiting.setdefault(payer, deque()).append(job)
        self._pump()
        return job.answer

    def waiting(self) -> int:
        """Searches asked for and not started yet (diagnostics, benchmarks)."""
        return sum(1 for queue in self._waiting.values() for job in queue if not job.answer.done())

    def _capped(self, payer: Payer) -> bool:
        return payer is not None and self.per_user is not None and self._running[payer] >= self.per_user

    def _next(self) -> _Job | None:
        """The next search to start (round-robin between payers: see the class), or None."""
        best: tuple[int, int] | None = None
        chosen: deque[_Job] | None = None
        for payer, queue in list(self._waiting.items()):
            while queue and queue[0].answer.done():  # its asker gave up
                queue.popleft()
            if not queue:
                del self._waiting[payer]
                self._forget(payer)
                continue
            rank = (self._served.get(payer, -1), queue[0].asked)
            if not self._capped(payer) and (best is None or rank < best):
                best, chosen = rank, queue
        if chosen is None:
            return None
        job = chosen.popleft()
        if not chosen:
            del self._waiting[job.payer]
        self._served[job.payer] = next(self._count)
        return job

    def _forget(self, payer: Payer) -> None:
        """A payer with nothing running or waiting: their turn in the round starts afresh (bounded memory)."""
        if not self._running[payer] and payer not in self._waiting:
            self._served.pop(payer, None)
            self._running.pop(payer, None)

    def _pump(self) -> None:
        while self._busy < self.slots:
            job = self._next()
            if job is None:
                return
            self._launch(job)

    def _launch(self, job: _Job) -> None:
        self._busy += 1
        self._running[job.payer] += 1
        try:
            if self._executor is None:
                self._executor = self.start(self.slots)
            job.ran_on = self._executor
            running = asyncio.wrap_future(self._executor.submit(job.call or _search_now, *job.args))
        except (BrokenProcessPool, RuntimeError) as exc:  # a pool that broke before this search
            running = asyncio.get_running_loop().create_future()
            running.set_exception(BrokenProcessPool(type(exc).__name__))
        running.add_done_callback(lambda done: self._finished(job, done))
        overdue = asyncio.get_running_loop().call_later(job.limit, self._overdue, job, running)
        running.add_done_callback(lambda _done: overdue.cancel())

    def _overdue(self, job: _Job, running: asyncio.Future[Any]) -> None:
        """A search past its limit: its asker stops waiting, and the hung worker is killed (its slot comes back
        when the pool reports the break; the other searches it ran are asked again on a new pool)."""
        if running.done():
            return
        log.error("%s lane: a search ran past %.0f s; its pool's workers are killed", self.name, job.limit)
        if not job.answer.done():
            job.answer.set_exception(TimeoutError())
        kill_workers(job.ran_on)

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        """A search ended (or failed): its slot goes to the next in turn, its answer to its asker."""
        self._busy -= 1
        self._running[job.payer] -= 1
        self._forget(job.payer)
        failed = None if done.cancelled() else done.exception()  # retrieved even when the asker stopped waiting
        if isinstance(failed, BrokenProcessPool) and job.answer.done():
            self._broken(job.ran_on)
        if not job.answer.done():
            if done.cancelled():
                job.answer.cancel()
            elif (exc := done.exception()) is not None:
                if isinstance(exc, BrokenProcessPool):
                    self._broken(job.ran_on)
                job.answer.set_exception(exc)
            else:
                job.answer.set_result(done.result())
        self._pump()

    def _broken(self, executor: Executor | None) -> None:
        """The pool broke (a worker was killed): the next search starts a new one (once, however many
        searches the broken one failed)."""
        if executor is not None and executor is self._executor:
            executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def close(self) -> None:
        for queue in self._waiting.values():
            for job in queue:
                job.answer.cancel()
        self._waiting.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _search_now(game: str, view: GameView, seat: int, level: str, budget: Budget, seed: int) -> str:
    """``_search`` as the module holds it when the search starts (a test may stand in for it)."""
    return _search(game, view, seat, level, budget, seed)


def _review_iterations(game: str) -> int:
    from ai import review  # (as ``_reading_now``)

    return review.ITERATIONS[game]


def _reading_now(game: str, view: GameView, seat: int, move: str, iterations: int, seed: int) -> list[float] | None:
    """A hint's reading (``ai.review_games.chance_after``), run in a worker."""
    from ai import review_games  # every game's player: imported where a reading runs, not at every start

    return review_games.chance_after(game, view, seat, move, iterations, random.Random(f"hint:{game}:{seed}"))


async def _once_more(lane: _Lane, args: tuple[Any, ...], payer: Payer, call: Callable[..., Any] | None = None,
                     limit: float = 120.0) -> Any:
    """A job's answer from ``lane``; once more on a new pool when the pool broke under it (a worker killed)."""
    try:
        return await lane.submit(args, payer, call, limit)
    except BrokenProcessPool:
        log.warning("thinking pool broke; starting a new one")
        return await lane.submit(args, payer, call, limit)


class Thinker:
    """``await thinker.choose(game, view, seat, level, seed, payer=..., obliged=...)`` -> a move's text.

    ``processes=False`` searches in threads of this process instead (the console, where one person
    waits for the answer anyway, and quick tests); the event loop still never waits, and the lanes
    and their order are the same.  ``workers``: the optional lane's slots; ``per_user``: how many of
    one payer's optional searches run at once (module docstring, "Fairness").
    """

    def __init__(self, *, budget: BudgetFor | None = None, processes: bool = True, workers: int | None = None,
                 per_user: int | None = SEARCHES_PER_USER) -> None:
        self.budget = budget or default_budget
        #: a hint's reading, per game: the review's iterations (``ai.review.ITERATIONS``), or an injected
        #: iteration budget's count (tests: a fraction of a second, the same answers)
        injected = budget(HINT_READING_LEVEL).iterations if budget is not None else None
        self.reading: Callable[[str], int] = (lambda game: injected) if injected else _review_iterations
        self.processes = processes
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self.optional = _Lane("optional", self.workers, per_user, self._executor)
        self.obliged = _Lane("obliged", OBLIGED_WORKERS, None, self._executor)

    def _executor(self, slots: int) -> Executor:
        if self.processes:
            return worker_pool(slots)
        return ThreadPoolExecutor(max_workers=slots, thread_name_prefix="mesa-thinking")

    async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int, *,
                     payer: Payer = None, obliged: bool = False) -> str:
        """The move ``ai.choose_move`` gives for ``seat``'s view.  ``obliged``: a move the rules make the
        service play (its own lane, never behind Mesa's optional searches); ``payer``: whom an optional
        search is charged to (the per-user cap and the round-robin)."""
        lane = self.obliged if obliged else self.optional
        budget = self.budget(level)
        return await _once_more(lane, (game, view.copy(), seat, level, budget, seed), payer,
                                limit=overdue_seconds(budget))

    async def chance_after(self, game: str, view: GameView, seat: int, move: str, seed: int, *,
                           payer: Payer = None) -> list[float] | None:
        """Every seat's chance to win once ``seat`` plays ``move`` (its canonical text), read from ``view`` as Mesa's
        review reads a decision (``ai.review_games.chance_after``; None where the game's hints say something
        else): an optional job like a search, charged to ``payer``."""
        args = (game, view.copy(), seat, move, self.reading(game), seed)
        return await _once_more(self.optional, args, payer, _reading_now)

    def close(self) -> None:
        self.optional.close()
        self.obliged.close()
