"""Several bot processes serve one table (issue 19): per-process caches never decide, the database does.

A "process" is a ``TableService`` with its own repository (its own connections) on the same
database: exactly what two bot processes holding different shards are to the database.  Each test
runs on SQLite (one file) and on PostgreSQL (tests/conftest.py).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from pg_server import DbFactory
from test_tables_service import USERS, FakeClock, assert_replay_matches, open_service, start_table

from data.factory import open_repository
from tables import PublicPost, Reminder, TableError, TableFinished, TableService
from tables.thinking import Thinker, iterations

ANA, BEN = USERS[0][0], USERS[1][0]


async def test_moves_alternating_between_two_processes_are_never_refused_as_stale(db: DbFactory) -> None:
    repo_a, svc_a = await open_service(db("mesa.db"))
    repo_b, svc_b = await open_service(db("mesa.db"))
    rng = random.Random(19)
    tables = [(await start_table(svc_a, game, 2))[0] for game in ("kona", "plateau", "krakatoa")]
    for tid in tables:  # both processes have the table cached
        await svc_a.board(tid)
        await svc_b.board(tid)
    made = {tid: 0 for tid in tables}
    for turn in range(24):
        for tid in tables:
            svc = rng.choice((svc_a, svc_b))
            board = await svc.board(tid)
            if not board.mention:
                continue
            uid = board.mention[0]
            legal = await svc.legal_moves_for(tid, uid)
            assert legal, f"turn {turn}: table {tid} offers its player no move"
            # a button click carries the version it was drawn from: never stale here
            await svc.submit_move(tid, uid, rng.choice(legal), expected_version=board.version)
            made[tid] += 1
    for tid in tables:
        players = [m for m in await repo_a.get_moves(tid) if m.seat >= 0]
        assert len(players) == made[tid] > 0, "every acknowledged move stored once"
        await assert_replay_matches(repo_a, tid)
        # each process sees the same table now
        assert (await svc_a.board(tid, image=False)).version == (await svc_b.board(tid, image=False)).version
    await repo_a.close()
    await repo_b.close()


async def test_the_same_click_in_two_processes_applies_once(db: DbFactory) -> None:
    repo_a, svc_a = await open_service(db("mesa.db"))
    repo_b, svc_b = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc_a, "kona", 2)
    rng = random.Random(5)
    for turn in range(10):
        board = await svc_b.board(tid)
        uid = board.mention[0]
        move = rng.choice(await svc_b.legal_moves_for(tid, uid))
        # one player's double click reaches both processes; a typed /move (no version) races it
        calls = [svc_a.submit_move(tid, uid, move, expected_version=board.version),
                 svc_b.submit_move(tid, uid, move, expected_version=board.version),
                 svc_a.submit_move(tid, uid, move), svc_b.submit_move(tid, uid, move)]
        results = await asyncio.gather(*calls, return_exceptions=True)
        applied = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(applied) == 1, f"turn {turn}: {len(applied)} applied"
        refusals = ("error.stale", "error.already_played", "error.not_your_turn", "error.bad_move")
        assert all(isinstance(e, TableError) and e.key in refusals for e in refused), refused
        assert len([m for m in await repo_a.get_moves(tid) if m.seat >= 0]) == turn + 1
    await assert_replay_matches(repo_b, tid)
    await repo_a.close()
    await repo_b.close()


async def test_simultaneous_builds_through_two_processes_all_count(db: DbFactory) -> None:
    """K3-3.2: builders act at once; one losing the database's version check to the other is judged again."""
    repo_a, svc_a = await open_service(db("mesa.db"))
    repo_b, svc_b = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc_a, "k3", 3)
    version = (await svc_b.board(tid)).version
    builds = [await svc_a.auto_build(tid, uid) for uid, _ in USERS[:3]]
    services = (svc_a, svc_b, svc_a)
    results = await asyncio.gather(*(svc.submit_move(tid, uid, text, expected_version=version)
                                     for svc, (uid, _), text in zip(services, USERS[:3], builds)),
                                   return_exceptions=True)
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert sorted(m.seat for m in await repo_a.get_moves(tid) if m.move.startswith("build:")) == [0, 1, 2]
    await assert_replay_matches(repo_a, tid)
    await repo_a.close()
    await repo_b.close()


async def test_a_process_with_an_old_copy_reminds_the_right_player_once(db: DbFactory) -> None:
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc_a, "kona", 2, {"time_per_move": "10h"})
    await svc_a.submit_move(tid, ANA, "a6-d3")  # A caches: Ben to move
    clock.advance(hours=1)
    board = await svc_b.board(tid)
    ben_move = (await svc_b.legal_moves_for(tid, BEN))[0]
    await svc_b.submit_move(tid, BEN, ben_move, expected_version=board.version)  # B: now Ana to move
    clock.advance(hours=5)  # half of Ana's time (and past half of Ben's old one)
    sent = [m for m in await svc_a.tick() if isinstance(m, Reminder)]  # the process with the old copy first
    for _ in range(3):
        out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
        sent += [m for m in out_a + out_b if isinstance(m, Reminder)]
    assert [(m.user_id, m.key) for m in sent] == [(ANA, "reminder.half")], "the player to move, once"
    clock.advance(hours=4)  # 90% of Ana's time
    outs: list[object] = []
    for _ in range(3):
        out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
        outs += out_a + out_b
    assert [(m.user_id, m.key) for m in outs if isinstance(m, Reminder)] == [(ANA, "reminder.late")]
    assert sum(isinstance(m, TableFinished) for m in outs) == 0  # Ana's deadline is not yet reached
    clock.advance(hours=1)
    out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
    finished = [m for m in out_a + out_b if isinstance(m, TableFinished)]
    results = [m for m in out_a + out_b if isinstance(m, PublicPost) and m.kind == "result"]
    assert len(finished) == 1 and len(results) == 1, "the time-out is played once"
    assert [(r.user_id, r.place) for r in await repo_a.get_results(tid)] == [(ANA, 2), (BEN, 1)]
    await assert_replay_matches(repo_a, tid)
    await repo_a.close()
    await repo_b.close()


async def test_a_process_dying_after_its_reminders_leaves_nothing_to_send_twice(db: DbFactory) -> None:
    """A dies after delivering the reminders of its claimed tables (and confirming them: issue 29, item 2),
    before giving the claims back: B takes the tables over once the claims lapse, sends no reminder
    again, and plays the time-outs once."""
    from tables.service import CLAIM_SECONDS

    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    tables = []
    for _ in range(4):
        tid, _ = await start_table(svc_a, "kona", 2, {"time_per_move": "10h"})
        await svc_a.submit_move(tid, ANA, "a6-d3")
        tables.append(tid)
    clock.advance(hours=5)

    async def dies(table_id: int, owner: str) -> bool:  # the process is gone before it releases
        return False

    svc_a.repo.release_claim = dies  # type: ignore[method-assign]
    sent = [m for m in await svc_a.tick() if isinstance(m, Reminder)]
    assert sorted(m.table_id for m in sent) == tables
    for m in sent:  # delivered
        await svc_a.reminder_delivered(m.table_id, m.user_id, m.version, m.kind)
    await repo_a.close()
    assert await svc_b.tick() == []  # A's claims still hold
    clock.advance(seconds=CLAIM_SECONDS)
    assert await svc_b.tick() == [], "nothing is sent again after the take-over"
    clock.advance(hours=4, seconds=-CLAIM_SECONDS)  # 90%
    late = [m for m in await svc_b.tick() if isinstance(m, Reminder)]
    assert sorted((m.table_id, m.key) for m in late) == [(t, "reminder.late") for t in tables]
    clock.advance(hours=1)
    out = await svc_b.tick() + await svc_b.tick()
    assert sorted(m.table_id for m in out if isinstance(m, TableFinished)) == tables
    for tid in tables:
        assert await repo_b.claim_of(tid) == (None, None)
        await assert_replay_matches(repo_b, tid)
    await repo_b.close()


async def test_mesa_s_turn_played_where_its_player_moved_is_not_thought_again_by_another_process(
        db: DbFactory) -> None:
    """Ana moves against Mesa through process A, which then plays Mesa's turn at once (``mesa_turns``, as both front
    ends do).  The table is due at once for the ticker (so that a restart resumes Mesa's turn), and process B's tick
    found it and thought the same turn too, a second search of a worker on a game B does not even serve (the version
    check kept one move).  A holds the table's claim while it thinks: B leaves it alone; one move is stored."""
    class Slow(Thinker):
        def __init__(self, gate: asyncio.Event | None) -> None:
            super().__init__(processes=False, budget=iterations(10), workers=1)
            self.gate, self.searches = gate, 0

        async def choose(self, game: str, view: Any, seat: int, level: str, seed: int, **lane: Any) -> str:
            self.searches += 1
            if self.gate is not None:
                await self.gate.wait()  # A thinks for a while
            return await super().choose(game, view, seat, level, seed, **lane)

    clock = FakeClock()
    gate = asyncio.Event()
    a, b = Slow(gate), Slow(None)
    repo_a, repo_b = await open_repository(db("mesa.db")), await open_repository(db("mesa.db"))
    svc_a = TableService(repo_a, clock, thinker=a, seed_source=lambda: 7)
    svc_b = TableService(repo_b, clock, thinker=b, seed_source=lambda: 8)
    try:
        out = await svc_a.create(5, 50, ANA, "Ana", "kona", [], {"bots": "1", "seat": "first"})
        tid = out[0].table_id
        await svc_a.submit_move(tid, ANA, "a6-d3")

        async def inline() -> Sequence[Any]:
            return [m async for m in svc_a.mesa_turns(tid)]

        playing = asyncio.create_task(inline())
        async with asyncio.timeout(60):  # a regression fails here rather than hanging the suite
            while a.searches == 0:  # A has begun thinking
                await asyncio.sleep(0.01)
        await svc_b.tick()
        await svc_b.due_turns.idle()
        assert b.searches == 0, "B thought Mesa's turn that A was thinking"
        gate.set()
        await playing
        assert [m.seat for m in await repo_a.get_moves(tid)] == [0, 1]  # Ana's move, then Mesa's, once
        assert await repo_a.claimants() == []  # the claim given back once the turn was played
    finally:
        gate.set()
        await svc_a.close()
        await svc_b.close()
