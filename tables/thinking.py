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
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import ai
from ai import Budget
from engines.base import GameView
from tables.rendering import worker_pool

log = logging.getLogger(__name__)

#: a level's budget: the level's default thinking time unless a test injects another
BudgetFor = Callable[[str], Budget]


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


class Thinker:
    """``await thinker.choose(game, view, seat, level, seed)`` -> a move's canonical text.

    ``processes=False`` searches in a thread of this process instead (the console, where one person
    waits for the answer anyway, and quick tests); the event loop still never waits.
    """

    def __init__(self, *, budget: BudgetFor | None = None, processes: bool = True, workers: int | None = None) -> None:
        self.budget = budget or default_budget
        self.processes = processes
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int) -> str:
        budget = self.budget(level)
        args = (game, view.copy(), seat, level, budget, seed)
        if not self.processes:
            return await asyncio.to_thread(_search, *args)
        try:
            return await asyncio.wrap_future(self._executor().submit(_search, *args))
        except BrokenProcessPool:
            log.warning("thinking pool broke; starting a new one")
            self._pool = None
            return await asyncio.wrap_future(self._executor().submit(_search, *args))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
