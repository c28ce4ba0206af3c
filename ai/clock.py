"""When a search must stop: the stopwatch Kona's and Krakatoa's searches (and the reviews') share.

A search counts its own work (nodes, playouts, outcomes) and asks ``Stopwatch.over(work)`` now and
then.  With an iteration budget the answer depends only on the count, so a seeded search is
repeatable; with a millisecond budget it also looks at ``time.perf_counter`` — but only every
``check_every`` units of work, because reading the clock costs as much as a little search.

The sampling searches (``ai.ismcts``, K3's build search in ``ai.k3``, Plateau's in ``ai.plateau``) read the
clock themselves, each against the deadline its own shape needs (ISMCTS the whole budget, checked every
``clock_every`` iterations; K3's builds a share per round of candidates); with an iteration budget they do not
read it at all either.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ai import Budget

#: share of the budget a search plans to use: the rest covers the last check interval, the move's
#: bookkeeping and process noise (the target is p95 within the budget + 15 %)
SAFETY = 0.92


class Stopwatch:
    """Tells a search when its budget is spent; ``clock`` is injectable so tests need no sleeps."""

    def __init__(
        self, budget: Budget, check_every: int = 256, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.limit = budget.iterations
        self.clock = clock
        self.check_every = max(1, check_every)
        self.started = clock()
        self.deadline = None if budget.ms is None else self.started + budget.ms * SAFETY / 1000.0
        self._next_check = self.check_every
        self.stopped = False

    def over(self, work: int) -> bool:
        """True once ``work`` units exceed the iteration budget or (checked now and then) the time."""
        if self.stopped:
            return True
        if self.limit is not None and work >= self.limit:
            self.stopped = True
        elif self.deadline is not None and work >= self._next_check:
            self._next_check = work + self.check_every
            if self.clock() >= self.deadline:
                self.stopped = True
        return self.stopped

    def elapsed(self) -> float:
        """Seconds since the search started (for reports; never decides a move)."""
        return self.clock() - self.started
