"""Issue 29, item 10: every storage fault is answered "try again", in words, and logged in one line.

During a PostgreSQL restart some failed operations escaped as raw asyncpg errors (a connection that
died in the middle of an operation, handed out again, or terminated after the pool had it back), the
pool logged a traceback at every reconnection it tried in the background, and one table was reported
damaged.  On SQLite a write that waited past the busy timeout failed with a raw ``database is locked``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from pg_server import PgServer
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, assert_replay_matches, open_service, start_table

from data.errors import StorageUnavailable
from data.models import MoveRow
from data.sqlite import SqliteRepository
from tables import TableService
from tables.errors import TableError, TryAgain
from tables.store import replay_log

ANA, BEN = USERS[0][0], USERS[1][0]


def _tracebacks(records: Sequence[logging.LogRecord]) -> list[str]:
    """Log records that carry a traceback or run over several lines (an expected fault is one line)."""
    return [f"{r.name}: {r.getMessage()[:200]}" for r in records
            if r.exc_info or r.exc_text or r.stack_info or "\n" in r.getMessage()]


async def test_a_write_waiting_past_the_sqlite_busy_timeout_is_try_again(tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "busy.db"
    repo = await SqliteRepository.connect(path, busy_timeout_ms=50)  # a short wait keeps the test fast
    svc = TableService(repo, FakeClock())
    try:
        tid, _ = await start_table(svc, "kona")
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        other = sqlite3.connect(path, isolation_level=None)  # another process holding the write lock
        other.execute("BEGIN IMMEDIATE")
        try:
            with caplog.at_level(logging.WARNING), pytest.raises(TryAgain) as refused:
                await svc.submit_move(tid, ANA, "a6-d3")
            assert "try again" in refused.value.message("en").lower()
            with pytest.raises(StorageUnavailable):  # the storage layer's own word for it
                async with repo.transaction():
                    pass
        finally:
            other.execute("ROLLBACK")
            other.close()
        faults = [r for r in caplog.records if r.name == "data.sqlite"]
        assert faults and all(r.levelno == logging.WARNING for r in faults)
        assert _tracebacks(caplog.records) == []
        assert (await repo.get_table(tid)).version == version  # type: ignore[union-attr]
        assert await repo.get_moves(tid) == []  # nothing was written
        await svc.submit_move(tid, ANA, "a6-d3")  # the lock is gone: the same move now plays
        assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
    finally:
        await repo.close()


class _LogCutShort(Sequence[MoveRow]):
    """A move log whose reading fails after its first move (the server went away meanwhile)."""

    def __init__(self, moves: list[MoveRow]) -> None:
        self.moves = moves

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, i: Any) -> Any:
        return self.moves[i]

    def __iter__(self) -> Iterator[MoveRow]:
        yield self.moves[0]
        raise StorageUnavailable("the database is unavailable for a moment; nothing was written")


async def test_a_storage_fault_during_a_replay_is_not_a_damaged_table(tmp_path: Path,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    repo, svc = await open_service(str(tmp_path / "replay.db"))
    try:
        tid, _ = await start_table(svc, "kona")
        await svc.submit_move(tid, ANA, "a6-d3")
        ctx = await svc.store.load(tid)
        moves = await repo.get_moves(tid)
        with caplog.at_level(logging.WARNING), pytest.raises(StorageUnavailable):
            replay_log(ctx, _LogCutShort(moves))
        assert not [r for r in caplog.records if "does not replay" in r.getMessage()]
        assert len(replay_log(ctx, moves)) == len(moves)  # the log itself is sound
    finally:
        await repo.close()


@pytest.mark.slow
async def test_a_postgresql_restart_in_the_middle_of_operations_is_answered_in_words(
        pg_server: PgServer, caplog: pytest.LogCaptureFixture) -> None:
    """Moves, loads (the cache dropped each time), listings and ticks run on while the server stops and
    starts three times: every failure is "try again" (no raw asyncpg error, no damaged table), every
    fault one log line, and every table's log still replays to its snapshot."""
    url = pg_server.new_database("faults")
    repo, svc = await open_service(url)
    tables = [(await start_table(svc, game, 2))[0] for game in ("kona", "plateau", "krakatoa") * 2]
    refusals: dict[str, int] = {}
    escaped: list[str] = []
    played = 0
    stop = asyncio.Event()

    async def worker(tid: int) -> None:
        nonlocal played
        rng = random.Random(tid)
        while not stop.is_set():
            try:
                svc.store.cache.pop(tid, None)  # every round loads the table from the database
                board = await svc.board(tid)
                if board.mention:
                    uid = board.mention[0]
                    await svc.submit_move(tid, uid, rng.choice(await svc.legal_moves_for(tid, uid)))
                    played += 1
                await svc.tick()
                await svc.active_tables(ANA)
            except TableError as exc:
                refusals[exc.key] = refusals.get(exc.key, 0) + 1
            except Exception as exc:  # what must not happen: a raw error reaching a front end
                escaped.append(f"{type(exc).__module__}.{type(exc).__name__}")
            await asyncio.sleep(0)

    with caplog.at_level(logging.INFO):
        workers = [asyncio.create_task(worker(tid)) for tid in tables]
        try:
            for _ in range(3):
                await asyncio.sleep(0.3)  # operations under way ...
                await asyncio.to_thread(pg_server.pause)  # ... when the server stops (fast: sessions cut)
                await asyncio.sleep(0.2)
                await asyncio.to_thread(pg_server.resume)
            before = played
            async with asyncio.timeout(60):  # a regression fails here rather than hanging the suite
                while played < before + 12:  # play goes on once it is back, without reopening anything
                    await asyncio.sleep(0.05)
        finally:
            stop.set()
            await asyncio.gather(*workers)
            gc.collect()  # a task whose failure nobody read is reported when it is collected
    try:
        assert escaped == []
        assert set(refusals) <= {"error.try_again"}, refusals  # never "damaged", never another refusal
        assert refusals.get("error.try_again", 0) > 0  # the faults did happen
        assert _tracebacks(caplog.records) == []
        assert [r for r in caplog.records if r.name == "data.postgres" and r.levelno == logging.WARNING]
        for tid in tables:
            await assert_replay_matches(repo, tid)
    finally:
        await repo.close()
        pg_server.release_database(url)


async def test_a_full_disk_under_sqlite_is_try_again_and_play_goes_on_once_there_is_room(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A disk that fills up (here the file's page limit, which SQLite answers as it answers a full disk:
    "database or disk is full") is "try again" in words, logged in one line, nothing half-written; once there
    is room the same invitation is made (it escaped as a raw ``OperationalError``, "an internal error")."""
    repo = await SqliteRepository.connect(tmp_path / "full.db")
    svc = TableService(repo, FakeClock())
    try:
        db = repo._db  # type: ignore[attr-defined]  # the file's own limit stands in for the disk
        async with db.execute("PRAGMA page_count") as cur:
            pages = (await cur.fetchone())[0]
        await db.execute(f"PRAGMA max_page_count = {pages}")
        refused: TryAgain | None = None
        with caplog.at_level(logging.WARNING):
            for host in range(1000, 1500):  # until a write needs a page the disk does not have
                try:
                    await svc.create(GUILD, CHANNEL, host, f"P{host}", "kona", [(host + 1000, "Ben")], {})
                except TryAgain as exc:
                    refused = exc
                    break
        assert refused is not None and "try again" in refused.message("en").lower()
        assert any("full" in r.getMessage() for r in caplog.records if r.name == "data.sqlite")
        assert _tracebacks(caplog.records) == []
        assert await repo.tables_for_user(host) == []  # the refused invitation left nothing behind
        await db.execute(f"PRAGMA max_page_count = {pages * 100}")  # room again
        await svc.create(GUILD, CHANNEL, host, f"P{host}", "kona", [(host + 1000, "Ben")], {})
        assert len(await repo.tables_for_user(host)) == 1
    finally:
        await repo.close()


async def test_the_leaderboard_and_stats_while_the_database_is_away_say_try_again(tmp_path: Path) -> None:
    """``/leaderboard`` and ``/stats`` reach storage through a collaborator the front ends call directly: a storage
    fault there is "try again" in words too (it was "Something went wrong on my side"), and its words do not claim
    that a read changed nothing or may have gone through."""
    from contextlib import asynccontextmanager

    from tables.leaderboard import LeaderboardService

    repo = await SqliteRepository.connect(tmp_path / "away.db")
    TableService(repo, FakeClock())  # (the service's module wraps the collaborators front ends call)
    try:
        @asynccontextmanager
        async def away() -> Any:
            raise StorageUnavailable("the database is unavailable for a moment")
            yield

        repo._reading = away  # type: ignore[method-assign]  # every read goes through it
        board = LeaderboardService(repo)
        for ask in (lambda: board.page(GUILD, "kona"), lambda: board.stats(GUILD, ANA),
                    lambda: board.history(GUILD, ANA)):
            with pytest.raises(TryAgain) as refused:
                await ask()
            said = refused.value.message("en")
            assert "try again" in said.lower() and "nothing was changed" not in said
    finally:
        await repo.close()
