"""Issue 15, defect 11: after a restart, a read racing a move caches a row and a log of one moment.

Before the fix the service read the table row and the move log in two queries: a move committed
between them paired a row of one version with a log one move longer, and the next legal move was
refused once as stale.
"""

from __future__ import annotations

import json
import random
from typing import Any

from pg_server import DbFactory, run_sql
from test_tables_service import assert_replay_matches, open_service, start_table, step

from data import open_repository
from data.repository import Tx
from engines import get_engine
from tables import TableService


async def test_a_move_between_the_row_and_the_log_is_not_seen_half(db: DbFactory, monkeypatch: Any) -> None:
    """Another process commits a move while this one is between reading the row and the log."""
    repo, writer = await open_service(db())
    reader_repo = await open_repository(db())
    try:
        tid, _ = await start_table(writer, "kona")
        rng = random.Random(5)
        for _ in range(3):
            assert await step(writer, tid, rng) is not None
        reader = TableService(reader_repo, writer.clock)  # a restart: nothing cached
        original = Tx.get_moves
        raced: list[int] = []

        async def racing_get_moves(self: Tx, table_id: int) -> Any:
            if not raced:
                raced.append(table_id)
                assert await step(writer, tid, rng) is not None  # committed on another connection
            return await original(self, table_id)

        monkeypatch.setattr(Tx, "get_moves", racing_get_moves)
        ctx = await reader.store.load(tid)
        assert raced == [tid]
        engine = get_engine("kona")
        assert ctx.row.state is not None
        # the state the reader built is the one stored with the row it read: one moment, not two
        assert json.loads(json.dumps(engine.to_json(ctx.state))) == json.loads(ctx.row.state)
        assert ctx.plies == 3
        await assert_replay_matches(repo, tid)  # and no "repair" overwrote the newer snapshot
    finally:
        await reader_repo.close()
        await repo.close()


async def test_a_read_racing_a_move_in_one_process_does_not_make_the_next_move_stale(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    try:
        tid, _ = await start_table(svc, "kona")
        rng = random.Random(9)
        for _ in range(2):
            assert await step(svc, tid, rng) is not None
        svc = TableService(repo, svc.clock)  # a restart: nothing cached
        load = repo.load_with_moves
        calls: list[int] = []

        async def slow_load(table_id: int) -> Any:
            found = await load(table_id)
            calls.append(table_id)
            if len(calls) == 1:  # the read is done; a move commits before it is cached
                assert await step(svc, tid, rng) is not None
            return found

        repo.load_with_moves = slow_load  # type: ignore[method-assign]
        await svc.board(tid)  # the racing read (a /games listing, an autocomplete...)
        repo.load_with_moves = load  # type: ignore[method-assign]
        out = await step(svc, tid, rng)  # the next legal move is accepted, not refused as stale
        assert out is not None
        assert (await repo.count_moves(tid)) == 4
    finally:
        await repo.close()


async def test_a_missing_table_reads_as_none(db: DbFactory) -> None:
    repo = await open_repository(db())
    try:
        assert await repo.load_with_moves(999) == (None, [], [])
    finally:
        await repo.close()


async def test_a_snapshot_repair_never_overwrites_a_newer_move(db: DbFactory, monkeypatch: Any) -> None:
    """Issue 29, item 3: a process repairing a damaged snapshot while another stores a move wrote the
    older snapshot over the newer one (``python -m data verify`` then failed)."""
    repo, writer = await open_service(db())
    reader_repo = await open_repository(db())
    try:
        tid, _ = await start_table(writer, "kona")
        rng = random.Random(11)
        for _ in range(3):
            assert await step(writer, tid, rng) is not None
        await run_sql(db(), "UPDATE tables SET state = ? WHERE id = ?", ('{"damaged": true}', tid))
        before = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        reader = TableService(reader_repo, writer.clock)  # another process: nothing cached
        replayed = reader.store.replayed
        raced: list[int] = []

        async def replay_then_another_process_moves(ctx: Any, moves: Any = None) -> Any:
            steps = await replayed(ctx, moves)
            if not raced:  # the log is replayed; the other process stores a move before the repair
                raced.append(ctx.id)
                assert await step(writer, tid, rng) is not None
            return steps

        monkeypatch.setattr(reader.store, "replayed", replay_then_another_process_moves)
        await reader.store.load(tid)
        assert raced == [tid]
        row = await repo.get_table(tid)
        assert row is not None and row.version == before + 1 and await repo.count_moves(tid) == 4
        await assert_replay_matches(repo, tid)  # the newer move's snapshot stayed
    finally:
        await reader_repo.close()
        await repo.close()
