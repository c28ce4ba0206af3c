"""A row edited by hand (or damaged) in one table of the database: its own game or user gets a clear
answer, and nothing else stops — above all not the ticker, which serves every server's deadlines.

Rows are damaged the way a hand outside Mesa would (``run_sql``); SQLite keeps text in a number's column,
so a few damages exist there only and those tests open an SQLite file of their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pg_server import DbFactory, run_sql
from test_tables_service import USERS, FakeClock, open_service, start_table

from tables import PublicPost, TableError

ANA, BEN, CY, DEE = (u for u, _ in USERS)


def _said(out: list[object]) -> list[tuple[int, str]]:
    return [(m.table_id, m.key) for m in out if isinstance(m, PublicPost)]


async def _two_games_then_damage(path: str, clock: FakeClock, sql: str) -> tuple[int, int]:
    """Two Kona games of an hour a move, Ben to move in both; then ``sql`` damages the first (``BAD``)."""
    repo, svc = await open_service(path, clock)
    bad, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    good, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    for tid in (bad, good):
        await svc.submit_move(tid, ANA, "a6-d3")
    await repo.close()
    await run_sql(path, sql.replace("BAD", str(bad)))
    return bad, good


async def _tick_past_the_deadline(path: str, clock: FakeClock, bad: int, good: int) -> None:
    repo, svc = await open_service(path, clock)  # a restart, as after the hand edit
    clock.advance(hours=2)  # both deadlines passed
    out = await svc.tick()
    assert (good, "result.win.time") in _said(out)  # the good game ends on time although a damaged one came first
    assert all(m.table_id != bad for m in out if isinstance(m, PublicPost))
    with pytest.raises(TableError) as err:
        await svc.board(bad)
    assert err.value.key == "error.damaged"
    assert f"#{bad}" in err.value.message("en") and "dañado" in err.value.message("es")
    assert await svc.tick() == []  # and again: the damaged table stops nothing on later ticks either
    await repo.close()


async def test_a_deadline_that_cannot_be_read_stops_no_other_game(db: DbFactory) -> None:
    clock = FakeClock()
    path = db("mesa.db")
    bad, good = await _two_games_then_damage(path, clock, "UPDATE tables SET turn_deadline = 'soon' WHERE id = BAD")
    await _tick_past_the_deadline(path, clock, bad, good)


async def test_a_seat_that_cannot_be_read_stops_no_other_game(tmp_path: Path) -> None:
    clock = FakeClock()
    path = str(tmp_path / "mesa.db")  # text in an INTEGER column: SQLite only
    bad, good = await _two_games_then_damage(
        path, clock, "UPDATE seats SET user_id = 'Ben' WHERE table_id = BAD AND seat = 1")
    await _tick_past_the_deadline(path, clock, bad, good)
