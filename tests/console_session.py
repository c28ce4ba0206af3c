"""A console session in-process for tests: one service over a file, a pretend clock, Mesa searching a fixed
number of iterations (repeatable), and what the console printed for each line."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from console import Console, PretendClock
from data.factory import open_repository
from tables import TableService
from tables.thinking import Thinker, iterations


async def open_console(db: Path, **options: Any) -> tuple[TableService, Console, list[str]]:
    """The service, its console and the list the console writes to; ``db``: the SQLite file; ``options``: the
    console's own (``describe=True``, ``lang="es"``)."""
    repo = await open_repository(db)
    clock = PretendClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    seeds = random.Random(3)
    svc = TableService(repo, clock, None, seed_source=lambda: seeds.getrandbits(62),
                       thinker=Thinker(processes=False, budget=iterations(10)))
    out: list[str] = []
    return svc, Console(svc, clock, None, out.append, **options), out


async def said(con: Console, out: list[str], line: str) -> list[str]:
    """What the console printed for ``line``."""
    out.clear()
    await con.handle(line)
    return list(out)
