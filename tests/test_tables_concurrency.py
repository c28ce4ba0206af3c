"""Concurrent submissions: one lock per table plus the version check — exactly one applies per turn."""

from __future__ import annotations

import asyncio
import random

from pg_server import DbFactory
from test_tables_service import USERS, assert_replay_matches, open_service, start_table

from data import NewMove, StaleVersion, open_repository
from tables import TableError

ANA, BEN = USERS[0][0], USERS[1][0]


async def test_many_simultaneous_submissions_apply_once_per_turn(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "kona", 2)
    rng = random.Random(2)
    for turn in range(12):
        board = await svc.board(tid)
        if not board.mention:
            break
        uid = board.mention[0]
        moves = await svc.legal_moves_for(tid, uid)
        chosen = rng.sample(moves, min(4, len(moves)))
        # the player double-clicks and races several choices; the other player clicks a stale button
        attempts = [svc.submit_move(tid, uid, m) for m in chosen for _ in range(5)]
        attempts += [svc.submit_move(tid, uid, m, expected_version=board.version) for m in chosen]
        attempts += [svc.submit_move(tid, u, chosen[0], expected_version=board.version) for u in (ANA, BEN) if u != uid]
        results = await asyncio.gather(*attempts, return_exceptions=True)
        ok = [r for r in results if not isinstance(r, BaseException)]
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(ok) == 1, f"turn {turn}: {len(ok)} submissions applied"
        assert all(isinstance(e, TableError) for e in errors)
        assert len(await repo.get_moves(tid)) == turn + 1
    await assert_replay_matches(repo, tid)
    await repo.close()


async def test_same_version_submissions_from_several_tables(db: DbFactory) -> None:
    """Tables do not block each other, and each keeps its own order."""
    repo, svc = await open_service(db("mesa.db"))
    tids = [(await start_table(svc, "kona", 2))[0] for _ in range(10)]
    versions = [(await svc.board(t)).version for t in tids]
    calls = [svc.submit_move(t, ANA, "a6-d3", expected_version=v) for t, v in zip(tids, versions) for _ in range(3)]
    results = await asyncio.gather(*calls, return_exceptions=True)
    assert sum(not isinstance(r, BaseException) for r in results) == 10
    stale = [r for r in results if isinstance(r, TableError)]
    # the same move sent again at the same version: played already (a double click), or stale
    assert {e.key for e in stale} <= {"error.already_played", "error.stale", "error.not_your_turn"}
    assert len(stale) == 20
    for t in tids:
        assert [m.move for m in await repo.get_moves(t)] == ["a6-d3"]
    await repo.close()


async def test_two_processes_writing_the_same_table(db: DbFactory) -> None:
    """Across connections the version check in the transaction refuses the second write."""
    path = db("mesa.db")
    repo_a, svc_a = await open_service(path)
    tid, _ = await start_table(svc_a, "kona", 2)
    repo_b = await open_repository(path)
    row = await repo_b.get_table(tid)
    assert row is not None
    await svc_a.submit_move(tid, ANA, "a6-d3")
    try:
        async with repo_b.transaction() as tx:
            await tx.append_moves(tid, row.version, [NewMove(0, "f1-f2")], "{}", "2026-01-01T00:00:00.000000Z")
    except StaleVersion as exc:
        assert exc.expected == row.version and exc.actual == row.version + 1
    else:
        raise AssertionError("a stale write was applied")
    assert [m.move for m in await repo_b.get_moves(tid)] == ["a6-d3"]
    await repo_a.close()
    await repo_b.close()


async def test_k3_builds_are_not_stale_for_each_other(db: DbFactory) -> None:
    """K3-3.2: players build at the same time; a build made from the board before another's still counts."""
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "k3", 3)
    version = (await svc.board(tid)).version
    builds = [await svc.auto_build(tid, uid) for uid, _ in USERS[:3]]
    results = await asyncio.gather(*(svc.submit_move(tid, uid, text, expected_version=version)
                                     for (uid, _), text in zip(USERS[:3], builds)))
    assert len(results) == 3
    assert [m.move.startswith("build:") for m in await repo.get_moves(tid)][2:] == [True] * 3
    board = await svc.board(tid)
    assert board.key.startswith("board.turn") or board.key.startswith("board.start")
    # after the building phase an old version is stale again
    uid = board.mention[0]
    move = (await svc.legal_moves_for(tid, uid))[0]
    try:
        await svc.submit_move(tid, uid, move, expected_version=version)
    except TableError as exc:
        assert exc.key == "error.stale"
    else:
        raise AssertionError("a stale click was applied")
    await repo.close()
