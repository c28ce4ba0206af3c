"""Several processes on one database (issue 19): shared deadlines, and a PostgreSQL server that restarts.

"Processes" are services with their own repository (their own connections) on the same database,
exactly what two bot processes are to the database.  The deadline tests run on both backends.
"""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest
from pg_server import DbFactory, PgServer
from test_tables_service import USERS, FakeClock, assert_replay_matches, open_service, start_table

from data.models import now_iso
from tables import PublicPost, Reminder, TableFinished
from tables.errors import TryAgain
from tables.service import CLAIM_SECONDS

ANA, BEN = USERS[0][0], USERS[1][0]


async def test_two_processes_share_deadlines_and_each_fires_once(db: DbFactory) -> None:
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    tables = []
    for _ in range(6):
        tid, _ = await start_table(svc_a, "kona", 2, {"time_per_move": "10h"})
        await svc_a.submit_move(tid, ANA, "a6-d3")
        tables.append(tid)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    clock.advance(hours=5)  # half of Ben's time on every table
    out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
    reminders = [(m.table_id, m.user_id, m.key) for m in out_a + out_b if isinstance(m, Reminder)]
    assert sorted(reminders) == [(tid, BEN, "reminder.half") for tid in tables]  # each once, none lost
    assert await svc_a.tick() == [] and await svc_b.tick() == []
    clock.advance(hours=5)  # the deadline: each table is lost on time exactly once
    out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
    finished = sorted(m.table_id for m in out_a + out_b if isinstance(m, TableFinished))
    results = [m for m in out_a + out_b if isinstance(m, PublicPost) and m.kind == "result"]
    assert finished == tables and len(results) == len(tables)
    for tid in tables:
        assert [(r.user_id, r.reason) for r in await repo_b.get_results(tid)] == [(ANA, "time"), (BEN, "time")]
        assert await repo_b.claim_of(tid) == (None, None)  # every claim was given back
        await assert_replay_matches(repo_b, tid)
    await repo_a.close()
    await repo_b.close()


async def test_a_dead_process_deadlines_are_taken_over_when_its_claims_expire(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(hours=5)
    # process A claims the due table and dies before doing the work
    dead = await open_service(db("mesa.db"), clock)
    stamp = clock.now()
    claimed = await dead[0].claim_due_tables(now_iso(stamp), "dead-process",
                                             now_iso(stamp + timedelta(seconds=CLAIM_SECONDS)))
    assert claimed == [tid]
    await dead[0].close()
    assert await svc.tick() == []  # still held by the dead process
    clock.advance(seconds=CLAIM_SECONDS)
    out = await svc.tick()
    assert [(m.user_id, m.key) for m in out] == [(BEN, "reminder.half")]
    await repo.close()


async def test_postgresql_restart_in_the_middle_of_play(pg_server: PgServer) -> None:
    """Moves while the server is down are refused with "try again", never half-written; then play goes on."""
    url = pg_server.new_database("restart")
    repo, svc = await open_service(url)
    rng = random.Random(7)
    tables = [(await start_table(svc, game, 2))[0] for game in ("kona", "plateau", "krakatoa")]
    acknowledged: dict[int, list[str]] = {tid: [] for tid in tables}

    async def play(tid: int) -> bool:
        """One move by whoever must move; True when it was acknowledged."""
        board = await svc.board(tid)
        if not board.mention:
            return False
        uid = board.mention[0]
        move = rng.choice(await svc.legal_moves_for(tid, uid))
        await svc.submit_move(tid, uid, move)
        acknowledged[tid].append(move)
        return True

    for _ in range(3):
        for tid in tables:
            await play(tid)
    before = {tid: [m.move for m in await repo.get_moves(tid)] for tid in tables}
    versions = {tid: (await repo.get_table(tid)).version for tid in tables}  # type: ignore[union-attr]
    await asyncio.to_thread(pg_server.pause)
    try:
        refused = 0
        for tid in tables:
            with pytest.raises(TryAgain) as err:
                await play(tid)
            refused += 1
            assert "try again" in err.value.message("en").lower()
        with pytest.raises(TryAgain):
            await svc.active_tables(ANA)
        assert refused == len(tables)
    finally:
        await asyncio.to_thread(pg_server.resume)
    # the same service, no reopening: the pool reconnects; nothing of the refused moves was written
    for tid in tables:
        assert [m.move for m in await repo.get_moves(tid)] == before[tid]
        assert (await repo.get_table(tid)).version == versions[tid]  # type: ignore[union-attr]
    for _ in range(3):
        for tid in tables:
            await play(tid)
    for tid in tables:
        logged = iter([m.move for m in await repo.get_moves(tid)])
        # every acknowledged move is in the log, in order (chance moves may sit between them)
        assert all(any(move == m for m in logged) for move in acknowledged[tid])
        assert len(acknowledged[tid]) == 6
        await assert_replay_matches(repo, tid)
    await repo.close()
    pg_server.release_database(url)
