"""Board images drawn in worker processes, so the bot's event loop and its database writes never
wait behind Pillow.

Why processes: drawing holds Python's GIL, so ``asyncio.to_thread`` alone lets one image at a time
run and slows every other coroutine while it does.  A small process pool (one worker per core)
draws several boards at once; the service's thread only waits for the bytes.  A pool that breaks
(a worker killed by the system) is replaced, and the image is drawn in the calling thread instead.
Workers leave with the bot: each one watches its parent and exits when the parent is gone (killed,
crashed), instead of lingering as an orphan that holds memory until the machine restarts.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engines.base import GameView

log = logging.getLogger(__name__)


#: how often a worker checks that the bot that started it is still alive (seconds)
PARENT_CHECK_SECONDS = 1.0


def _exit_with_parent(parent: int) -> None:
    """Worker initializer: a daemon thread ends this worker once ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="mesa-parent-watch", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes that leave with this one (the render pool and Mesa's pool)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_exit_with_parent, initargs=(os.getpid(),))


def _draw(game: str, view: GameView, names: list[str], extra: dict[str, Any] | None = None) -> bytes:
    import render

    return render.render(game, view, names, **(extra or {}))


def _draw_replay(game: str, views: list[GameView], names: list[str], lang: str = "en") -> bytes:
    import render

    return render.replay(game, views, names, lang=lang)


class ProcessRenderer:
    """A callable ``(game, view, names) -> PNG bytes`` that draws in a process pool."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    def __call__(self, game: str, view: GameView, names: list[str], **extra: Any) -> bytes:
        """``extra``: ``render.render``'s optional ``result`` and ``previous`` (issue 16)."""
        try:
            return self._executor().submit(_draw, game, view, list(names), extra).result()
        except BrokenProcessPool:
            log.warning("render pool broke; starting a new one")
            self._pool = None
            return _draw(game, view, names, extra)

    def replay(self, game: str, views: list[GameView], names: list[str], lang: str = "en") -> Future[bytes]:
        """An animated replay drawn in the pool (issue 15, defect 13), its words in ``lang``: a future of the GIF's
        bytes."""
        try:
            return self._executor().submit(_draw_replay, game, list(views), list(names), lang)
        except BrokenProcessPool:
            log.warning("render pool broke; starting a new one")
            self._pool = None
            return self._executor().submit(_draw_replay, game, list(views), list(names), lang)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
