"""Boards Discord refused are retried on the ticker (issue 15, defect 2), once the move has settled.

``missed_posts(settled_seconds=...)`` leaves out tables changed more recently than that: the
request that changed them may still be delivering their board, and a second post would double it.
"""

from __future__ import annotations

from pathlib import Path

from test_tables_service import USERS, FakeClock, open_service, start_table

from tables import PublicPost


async def test_a_refused_board_comes_back_once_the_move_has_settled(tmp_path: Path) -> None:
    clock = FakeClock()
    repo, svc = await open_service(tmp_path / "mesa.db", clock)
    try:
        tid, out = await start_table(svc, "kona", 2)
        board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
        await svc.set_location(tid, 900, 901, version=board.version)
        moved = await svc.submit_move(tid, USERS[0][0], "a6-d3")  # stored; Discord refuses its board
        assert await svc.missed_posts(settled_seconds=60) == [], "its own request may still be posting it"
        clock.advance(seconds=59)
        assert await svc.missed_posts(settled_seconds=60) == []
        clock.advance(seconds=2)
        missed = await svc.missed_posts(settled_seconds=60)
        assert [(m.table_id, m.version) for m in missed] == [(tid, moved[0].version)]
        await svc.set_location(tid, 900, 902, version=missed[0].version)  # posted at last
        assert await svc.missed_posts(settled_seconds=60) == []
    finally:
        await repo.close()
