"""Storage: pragmas, migrations (an old database upgrades in place), versioned writes, results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from data import GuildSettings, NewMove, Repository, ResultRow, SeatRow, StaleVersion, UserPrefs
from data.models import now_iso, parse_iso
from data.schema import MIGRATIONS, SCHEMA_VERSION

NOW = "2026-03-01T12:00:00.000000Z"


async def new_table(repo: Repository) -> int:
    async with repo.transaction() as tx:
        tid = await tx.create_table(guild_id=1, channel_id=2, game="kona", options="{}", seed=99, status="active",
                                    host_id=10, now=NOW)
        await tx.add_seat(SeatRow(tid, 0, 10, "Ana", accepted=True))
        await tx.add_seat(SeatRow(tid, 1, 11, "Ben", accepted=True))
    return tid


async def test_pragmas_and_schema(tmp_path: Path) -> None:
    repo = await Repository.open(tmp_path / "m.db")
    assert await repo.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    async with repo._db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with repo._db.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1
    async with repo._db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000
    await repo.close()


async def test_v1_database_upgrades_in_place(tmp_path: Path) -> None:
    """A file written by the first release (schema 1) opens with today's code; its data survives."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, state, version, "
               "turn_deadline, created_at, updated_at) VALUES (5, 1, 2, 'kona', '{}', 42, 'active', 10, '{}', 3, "
               "?, ?, ?)", (NOW, NOW, NOW))
    db.execute("INSERT INTO seats (table_id, seat, user_id, name, accepted) VALUES (5, 0, 10, 'Ana', 1)")
    db.execute("INSERT INTO moves (table_id, ply, seat, move, created_at) VALUES (5, 1, 0, 'a6-d3', ?)", (NOW,))
    db.execute("INSERT INTO user_prefs (user_id, dms_closed, locale, updated_at) VALUES (10, 1, 'es-ES', ?)", (NOW,))
    db.commit()
    db.close()

    repo = await Repository.open(path)
    assert await repo.schema_version() == SCHEMA_VERSION
    row = await repo.get_table(5)
    assert row is not None and (row.game, row.seed, row.version, row.turn_deadline) == ("kona", 42, 3, NOW)
    assert row.next_event_at is None and row.draw_offer is None  # columns added by migration 2
    assert row.posted_version is None  # migration 3
    assert [(s.name, s.out_reason) for s in await repo.get_seats(5)] == [("Ana", None)]
    assert [m.move for m in await repo.get_moves(5)] == ["a6-d3"]
    prefs = await repo.user_prefs(10)
    assert (prefs.dms_closed, prefs.locale, prefs.theme) == (True, "es-ES", None)
    async with repo.transaction() as tx:  # the reminders table of migration 2 works
        assert await tx.record_reminder(5, 3, "half", 10, NOW) is True
        assert await tx.record_reminder(5, 3, "half", 10, NOW) is False
    await repo.close()
    # opening again changes nothing
    repo = await Repository.open(path)
    assert await repo.schema_version() == SCHEMA_VERSION
    await repo.close()


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(RuntimeError, match="newer"):
        await Repository.open(path)


async def test_append_moves_checks_version_and_is_atomic(tmp_path: Path) -> None:
    repo = await Repository.open(tmp_path / "m.db")
    tid = await new_table(repo)
    async with repo.transaction() as tx:
        version = await tx.append_moves(tid, 1, [NewMove(0, "a6-d3"), NewMove(-1, "roll x")], '{"s": 1}', NOW)
    assert version == 2
    assert [(m.ply, m.seat, m.move) for m in await repo.get_moves(tid)] == [(1, 0, "a6-d3"), (2, -1, "roll x")]
    with pytest.raises(StaleVersion):  # a double submit against version 1
        async with repo.transaction() as tx:
            await tx.append_moves(tid, 1, [NewMove(1, "f6-c3")], '{"s": 2}', NOW)
    row = await repo.get_table(tid)
    assert row is not None and row.version == 2 and row.state == '{"s": 1}'
    assert len(await repo.get_moves(tid)) == 2
    # an error inside a transaction rolls everything back
    with pytest.raises(ZeroDivisionError):
        async with repo.transaction() as tx:
            await tx.append_moves(tid, 2, [NewMove(1, "f6-c3")], '{"s": 3}', NOW)
            1 / 0  # noqa: B018
    assert len(await repo.get_moves(tid)) == 2 and (await repo.get_table(tid)).version == 2  # type: ignore[union-attr]
    await repo.close()


async def test_results_are_immutable_and_settings_round_trip(tmp_path: Path) -> None:
    repo = await Repository.open(tmp_path / "m.db")
    tid = await new_table(repo)
    first = ResultRow(tid, 0, 1, "kona", 10, 1, "win", "line", True, NOW)
    async with repo.transaction() as tx:
        await tx.record_results([first])
        await tx.record_results([ResultRow(tid, 0, 1, "kona", 10, 2, "loss", "line", True, NOW)])
    assert await repo.get_results(tid) == [first]
    await repo.set_guild_settings(GuildSettings(1, 3600, (5, 6), False), NOW)
    assert await repo.guild_settings(1) == GuildSettings(1, 3600, (5, 6), False)
    assert await repo.guild_settings(2) == GuildSettings(2)
    await repo.set_user_prefs(UserPrefs(10, True, "es", "dark"), NOW)
    assert await repo.user_prefs(10) == UserPrefs(10, True, "es", "dark")
    # foreign keys: deleting a table removes its seats and moves
    async with repo.transaction() as tx:
        await tx.append_moves(tid, 1, [NewMove(0, "a6-d3")], "{}", NOW)
    await repo._db.execute("DELETE FROM tables WHERE id = ?", (tid,))
    assert await repo.get_seats(tid) == [] and await repo.get_moves(tid) == []
    await repo.close()


def test_timestamps_sort_as_text() -> None:
    from datetime import UTC, datetime, timedelta

    a = datetime(2026, 1, 1, 9, 5, tzinfo=UTC)
    b = a + timedelta(hours=20)
    assert now_iso(a) < now_iso(b) and parse_iso(now_iso(b)) == b
    assert now_iso(a) == "2026-01-01T09:05:00.000000Z"


async def test_convenience_writes_and_results_query(tmp_path: Path) -> None:
    repo = await Repository.open(tmp_path / "m.db")
    tid = await repo.create_table(guild_id=1, channel_id=2, game="kona", options="{}", seed=5, status="active",
                                  host_id=10, now=NOW, seats=[SeatRow(0, 0, 10, "Ana", accepted=True),
                                                             SeatRow(0, 1, 11, "Ben", accepted=True)])
    assert [(s.table_id, s.name) for s in await repo.get_seats(tid)] == [(tid, "Ana"), (tid, "Ben")]
    assert await repo.append_moves(tid, 1, [NewMove(0, "a6-d3")], "{}", NOW) == 2
    with pytest.raises(StaleVersion):
        await repo.append_moves(tid, 1, [NewMove(1, "f6-c3")], "{}", NOW)
    later = "2026-03-02T12:00:00.000000Z"
    async with repo.transaction() as tx:
        await tx.record_results([ResultRow(tid, 1, 1, "kona", 11, 2, "loss", "line", True, later),
                                 ResultRow(tid, 0, 1, "kona", 10, 1, "win", "line", True, later)])
        other = await tx.create_table(guild_id=1, channel_id=2, game="k3", options="{}", seed=6, status="finished",
                                      host_id=10, now=NOW)
        await tx.record_results([ResultRow(other, 0, 1, "k3", 10, 1, "win", "x", False, NOW)])
    assert [(r.game, r.seat) for r in await repo.results(1)] == [("k3", 0), ("kona", 0), ("kona", 1)]
    assert [r.user_id for r in await repo.results(1, "kona")] == [10, 11]
    assert [r.game for r in await repo.results(1, rated=False)] == ["k3"]
    assert await repo.results(2) == []
    await repo.close()
