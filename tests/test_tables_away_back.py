"""An away player coming back (issue 28: two time-outs in a row, their turns played as they come) is no move:
the turn that runs goes on as it was.

A come-back gave the player to move a fresh time per move (Ana, 10 minutes from her deadline, got two hours more,
and her reminders again), and where every player was away, the other away player's turn kept waiting for its
deadline although a player was back at the table.
"""

from __future__ import annotations

from typing import Any

from test_tables_service import USERS, FakeClock, open_service, start_table

from data.models import parse_iso
from tables import Reminder, TableService

ANA, BEN = (uid for uid, _ in USERS[:2])


async def krakatoa_with_ben_away(svc: TableService, clock: FakeClock) -> int:
    """Krakatoa for two (basic), 2h a move: Ben lets two turns time out in a row and is away; Ana's turn."""
    tid, _ = await start_table(svc, "krakatoa", 2, {"time_per_move": "2h", "preset": "basic"})
    for _ in range(2):
        await svc.submit_move(tid, ANA, "steam")  # Ana's throw-off; Ben's time runs out (a tie: again)
        clock.advance(hours=2)
        await svc.tick()
    assert await svc.legal_moves_for(tid, ANA), "Ana's turn, Ben away"
    return tid


async def deadline(repo: Any, tid: int) -> Any:
    row = await repo.get_table(tid)
    return parse_iso(row.turn_deadline)


async def test_a_player_back_from_away_leaves_the_deadline_and_reminders_of_the_turn_as_they_were(
        tmp_path: Any) -> None:
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "m.db"), clock)
    try:
        tid = await krakatoa_with_ben_away(svc, clock)
        before = await deadline(repo, tid)
        clock.advance(hours=1)
        assert [m.key for m in await svc.tick() if isinstance(m, Reminder)] == ["reminder.half"]
        clock.advance(minutes=50)  # ten minutes left for Ana
        assert [m.key for m in await svc.tick() if isinstance(m, Reminder)] == ["reminder.late"]
        said = await svc.submit_move(tid, BEN, "auto")  # Ben, whose turn it is not, is back
        assert any(getattr(m, "key", "") == "info.back" for m in said)
        assert await deadline(repo, tid) == before, "Ana's deadline stands"
        clock.advance(minutes=5)
        assert [m for m in await svc.tick() if isinstance(m, Reminder)] == [], "no reminder a second time"
    finally:
        await repo.close()


async def test_with_one_player_back_an_away_players_turn_is_played_as_it_comes(tmp_path: Any) -> None:
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "m.db"), clock)
    try:
        tid = await krakatoa_with_ben_away(svc, clock)
        for _ in range(2):  # Ana lets her turns time out too: everybody is away, each turn waits its deadline
            clock.advance(hours=2)
            await svc.tick()
        [acting] = [uid for uid in (ANA, BEN) if await svc.legal_moves_for(tid, uid)]
        back = BEN if acting == ANA else ANA
        log, due = len(await svc.moves_log(tid)), await deadline(repo, tid)
        clock.advance(minutes=30)
        await svc.submit_move(tid, back, "auto")  # the other one is back: the away player's turn is played now
        assert len(await svc.moves_log(tid)) > log, "the away player's turn was played as it came, not at its deadline"
        assert await deadline(repo, tid) != due  # a new turn, its own deadline
        assert await svc.legal_moves_for(tid, back) or (await svc.table_details(tid)).summary.status != "active"
    finally:
        await repo.close()
