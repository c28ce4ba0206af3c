"""Where reviews are computed: a lane of their own beside Mesa's searches (issue 32).

A review is one long job (up to a minute of CPU), where Mesa's moves are many short ones; issue 29 made
Mesa's moves fair between users, and a review must not undo that.  So a review runs in *parts* (a few
decisions each, ``ai.review.review_part``), and the parts run here, never in the thinker's lanes
(``tables.thinking``):

- one worker of its own (``worker_pool(1)``, which leaves with the bot as every pool's workers do), so a
  Mesa search never waits in a queue behind a review, not even for one part; what the two share is the
  machine's cores, and the review's worker asks the system for a lower priority (``os.nice``), so
  Mesa's searches get a core first whenever both want one;
- one part at a time, for the reviews in the order they began (each review's own parts in order): a review
  asks its next part only once its last one is answered, so the first two begun take turns, and both their
  makers see their progress move; a burst of reviews (a tournament round's end) is then answered one pair at
  a time, most of them within Discord's 15 minutes, where turns between all of them made every one late.

``ReviewLane(processes=False)`` runs the parts in a thread of this process instead (the console, tests),
in the same order.  A part whose asker gave up (a cancelled task) is dropped from the queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from tables.rendering import worker_pool
from tables.thinking import kill_workers

log = logging.getLogger(__name__)

#: how many reviews' places (when each began) the lane remembers before it forgets those no longer asking
MAX_BEGAN = 256
#: a part still running this long is taken for hung: its review fails (said), and the worker is killed
PART_LIMIT_SECONDS = 300.0
#: how much lower than the bot's the review worker's priority is (``os.nice``: 0 same, 19 lowest)
NICENESS = 10


_niced = False


def _in_worker(call: Callable[..., Any], *args: Any) -> Any:
    """A part in the review worker process: the first one lowers the worker's priority, so the cores go to
    Mesa's searches first."""
    global _niced
    if not _niced:
        _niced = True
        with contextlib.suppress(OSError):  # a system that refuses it: the same priority as the bot's
            os.nice(NICENESS)
    return call(*args)


@dataclass(eq=False)
class _Part:
    call: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any]
    asked: int  # the order it was asked in


@dataclass(eq=False)
class ReviewLane:
    """Runs review parts one at a time (keyed by table): the next is the oldest waiting part of the review that
    began first (see the module)."""

    processes: bool = True
    _executor: Executor | None = None
    _waiting: dict[Hashable, deque[_Part]] = field(default_factory=dict)
    _began: dict[Hashable, int] = field(default_factory=dict)  # owner -> when its first part was asked
    _count: itertools.count[int] = field(default_factory=itertools.count)
    _busy: bool = False

    def run(self, owner: Hashable, call: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """``call(*args)`` in the lane's worker once it is ``owner``'s turn; a future of its answer.
        With processes, ``call`` and ``args`` must be picklable (a module-level function)."""
        part = _Part(call, args, asyncio.get_running_loop().create_future(), next(self._count))
        if len(self._began) >= MAX_BEGAN:  # bounded memory: the reviews that are no longer asking are forgotten
            self._began = {o: began for o, began in self._began.items() if o in self._waiting}
        self._began.setdefault(owner, part.asked)
        self._waiting.setdefault(owner, deque()).append(part)
        self._pump()
        return part.answer

    def waiting(self) -> int:
        """Parts asked for and not started yet (tests, diagnostics)."""
        return sum(1 for queue in self._waiting.values() for part in queue if not part.answer.done())

    def _next(self) -> _Part | None:
        """The next part to run (see the class), or None."""
        best: tuple[int, int] | None = None
        chosen: Hashable = None
        for owner, queue in list(self._waiting.items()):
            while queue and queue[0].answer.done():  # its asker gave up
                queue.popleft()
            if not queue:
                del self._waiting[owner]
                continue
            rank = (self._began.get(owner, queue[0].asked), queue[0].asked)
            if best is None or rank < best:
                best, chosen = rank, owner
        if best is None:  # (a review between two of its parts keeps its place: it began when it began)
            return None
        queue = self._waiting[chosen]
        part = queue.popleft()
        if not queue:
            del self._waiting[chosen]
        return part

    def _pump(self) -> None:
        if self._busy:
            return
        part = self._next()
        if part is None:
            return
        self._busy = True
        try:
            if self.processes:
                submitted = self._pool().submit(_in_worker, part.call, *part.args)
            else:
                submitted = self._pool().submit(part.call, *part.args)
            running = asyncio.wrap_future(submitted)
        except (BrokenProcessPool, RuntimeError) as exc:  # a pool that broke before this part
            self._broken()
            running = asyncio.get_running_loop().create_future()
            running.set_exception(BrokenProcessPool(type(exc).__name__))
        running.add_done_callback(lambda done: self._finished(part, done))
        overdue = asyncio.get_running_loop().call_later(PART_LIMIT_SECONDS, self._overdue, part, running)
        running.add_done_callback(lambda _done: overdue.cancel())

    def _overdue(self, part: _Part, running: asyncio.Future[Any]) -> None:
        if running.done():
            return
        log.error("review part ran past %.0f s; the review worker is killed", PART_LIMIT_SECONDS)
        if not part.answer.done():
            part.answer.set_exception(TimeoutError())
        kill_workers(self._executor)

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.processes:
                self._executor = worker_pool(1)  # its worker leaves with the bot
            else:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mesa-review")
        return self._executor

    def _finished(self, part: _Part, done: asyncio.Future[Any]) -> None:
        self._busy = False
        failed = None if done.cancelled() else done.exception()  # retrieved even when the asker stopped waiting
        if isinstance(failed, BrokenProcessPool) and part.answer.done():
            self._broken()
        if not part.answer.done():
            if done.cancelled():
                part.answer.cancel()
            elif (exc := done.exception()) is not None:
                if isinstance(exc, BrokenProcessPool):
                    log.warning("review pool broke; the next part starts a new one")
                    self._broken()
                part.answer.set_exception(exc)
            else:
                part.answer.set_result(done.result())
        self._pump()

    def _broken(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def close(self) -> None:
        for queue in self._waiting.values():
            for part in queue:
                part.answer.cancel()
        self._waiting.clear()
        self._broken()
