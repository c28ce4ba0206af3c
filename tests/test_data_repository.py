"""Storage on both backends: migrations (an old database upgrades in place), versioned writes, results,
deadline claims.  Tests taking ``db`` run on SQLite and on PostgreSQL (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from pg_server import DbFactory, run_sql

from data import (
    GuildSettings,
    NewMove,
    Repository,
    ResultRow,
    SchemaTooNew,
    SeatRow,
    StaleVersion,
    UserPrefs,
    open_repository,
)
from data.models import now_iso, parse_iso
from data.schema import MIGRATIONS, PG_VERSION_TABLE, SCHEMA_VERSION, statements, to_postgres

NOW = "2026-03-01T12:00:00.000000Z"


async def new_table(repo: Repository) -> int:
    async with repo.transaction() as tx:
        tid = await tx.create_table(guild_id=1, channel_id=2, game="kona", options="{}", seed=99, status="active",
                                    host_id=10, now=NOW)
        await tx.add_seat(SeatRow(tid, 0, 10, "Ana", accepted=True))
        await tx.add_seat(SeatRow(tid, 1, 11, "Ben", accepted=True))
    return tid


async def old_database(target: str, version: int) -> None:
    """A database as the release with schema ``version`` left it (no Mesa code involved)."""
    if target.startswith("postgresql://"):
        con = await asyncpg.connect(target)
        try:
            for script in MIGRATIONS[:version]:
                for statement in statements(to_postgres(script)):
                    await con.execute(statement)
            await con.execute(PG_VERSION_TABLE)
            await con.execute("INSERT INTO mesa_schema (version) VALUES ($1)", version)
        finally:
            await con.close()
    else:
        db = sqlite3.connect(target)
        for script in MIGRATIONS[:version]:
            db.executescript(script)
        db.execute(f"PRAGMA user_version = {version}")
        db.commit()
        db.close()


async def test_a_migration_that_fails_leaves_the_file_at_the_last_complete_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pending migrations go to SQLite as one script, each still in its own transaction: the one
    that fails is undone entirely (its first statement too), the ones before it stay."""
    import data.sqlite as sqlite_backend

    broken = [*MIGRATIONS[:2], "CREATE TABLE half_done (a INTEGER); SELECT * FROM no_such_table", *MIGRATIONS[3:]]
    monkeypatch.setattr(sqlite_backend, "MIGRATIONS", broken)
    with pytest.raises(Exception, match="no such table"):
        await open_repository(tmp_path / "m.db")
    db = sqlite3.connect(tmp_path / "m.db")
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "half_done" not in names and "tables" in names
    finally:
        db.close()
    monkeypatch.undo()  # the fixed program carries on from version 2
    repo = await open_repository(tmp_path / "m.db")
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
    finally:
        await repo.close()


async def test_pragmas_and_schema(tmp_path: Path) -> None:
    repo = await open_repository(tmp_path / "m.db")
    assert await repo.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    async with repo._db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with repo._db.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1
    async with repo._db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000
    await repo.close()


async def test_replays_kept_before_migration_20_stay_kept_as_the_english_ones(db: DbFactory) -> None:
    """Migration 20 keys the kept replays by language too: one kept before is the English replay (it was drawn
    in English), found again as such, and a Spanish one is kept beside it."""
    path = db("old.db", blank=True)
    await old_database(path, 19)
    await run_sql(path, "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, state, "
                  "version, turn_deadline, created_at, updated_at) VALUES (5, 1, 2, 'kona', '{}', 42, 'finished', 10, "
                  "'{}', 3, ?, ?, ?)", (NOW, NOW, NOW))
    await run_sql(path, "INSERT INTO replays (table_id, version, gif, created_at, size) "
                  "VALUES (5, 3, 'R0lGODlh', ?, 8)", (NOW,))
    repo = await open_repository(path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        assert await repo.stored_replay(5, 3) == "R0lGODlh" and await repo.stored_replay(5, 3, "es") is None
        await repo.store_replay(5, 3, "R0lGODlhES", NOW, "es")
        await repo.store_replay(5, 3, "R0lGODlhXX", NOW, "es")  # the same table, version and language: ignored
        assert (await repo.stored_replay(5, 3, "es"), await repo.stored_replay(5, 3)) == ("R0lGODlhES", "R0lGODlh")
        await repo.forget_replay(5, 3, "es")
        assert await repo.stored_replay(5, 3, "es") is None and await repo.stored_replay(5, 3) == "R0lGODlh"
    finally:
        await repo.close()


async def test_an_idle_warning_handed_out_before_migration_22_is_not_taken_as_delivered(db: DbFactory) -> None:
    """Migration 22 tells a warning handed out (``warned_at``) from one delivered (``warning_delivered_at``): one
    handed out before it is not known to have reached the channel, so it is handed out again and the event does not
    close before a day after its delivery; nothing is suspended nor any channel gone."""
    from data import tournaments as stored
    from tables.tournament_idle import sweep_idle

    path = db("old.db", blank=True)
    await old_database(path, 21)
    await run_sql(path, "INSERT INTO tournaments (id, guild_id, channel_id, game, format, options, organiser_id, "
                  "max_players, rounds, status, created_at, updated_at, warned_at) VALUES (3, 1, 2, 'kona', 'swiss', "
                  "'{}', 10, 64, 0, 'open', ?, ?, ?)", (NOW, NOW, "2026-03-14T12:00:00.000000Z"))
    repo = await open_repository(path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        row = await stored.get_tournament(repo, 3)
        assert row is not None and row.warned_at is not None
        assert (row.warning_delivered_at, row.suspended_at, row.channel_gone_at) == (None, None, None)
        later = parse_iso("2026-03-16T12:00:00.000000Z")
        assert later is not None
        [again] = await sweep_idle(repo, later)  # not closed: warned again
        assert again.key == "tournament.closing_anon"  # (no organiser name before migration 19)
    finally:
        await repo.close()


async def test_v1_database_upgrades_in_place(db: DbFactory) -> None:
    """A database written by the first release (schema 1) opens with today's code; its data survives."""
    path = db("old.db", blank=True)
    await old_database(path, 1)
    await run_sql(path, "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, state, "
                  "version, turn_deadline, created_at, updated_at) VALUES (5, 1, 2, 'kona', '{}', 42, 'active', 10, "
                  "'{}', 3, ?, ?, ?)", (NOW, NOW, NOW))
    await run_sql(path, "INSERT INTO seats (table_id, seat, user_id, name, accepted) VALUES (5, 0, 10, 'Ana', 1)")
    await run_sql(path, "INSERT INTO moves (table_id, ply, seat, move, created_at) VALUES (5, 1, 0, 'a6-d3', ?)",
                  (NOW,))
    await run_sql(path, "INSERT INTO user_prefs (user_id, dms_closed, locale, updated_at) VALUES (10, 1, 'es-ES', ?)",
                  (NOW,))

    repo = await open_repository(path)
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
    repo = await open_repository(path)
    assert await repo.schema_version() == SCHEMA_VERSION
    await repo.close()


async def test_newer_database_is_refused(db: DbFactory) -> None:
    """A database from a newer Mesa: one line saying what to do, and nothing written."""
    path = db("future.db", blank=True)
    await old_database(path, 1)
    if path.startswith("postgresql://"):
        await run_sql(path, "UPDATE mesa_schema SET version = ?", (SCHEMA_VERSION + 1,))
    else:
        await asyncio.to_thread(_set_user_version, path, SCHEMA_VERSION + 1)
    with pytest.raises(SchemaTooNew, match="newer than this program") as err:
        await open_repository(path)
    assert "\n" not in str(err.value) and "run the newer Mesa" in str(err.value)
    # nothing written: migration 2's column is still missing
    with pytest.raises((sqlite3.OperationalError, asyncpg.UndefinedColumnError)):
        await run_sql(path, "UPDATE tables SET next_event_at = NULL")


def _set_user_version(path: str, version: int) -> None:
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()


async def test_append_moves_checks_version_and_is_atomic(db: DbFactory) -> None:
    repo = await open_repository(db("m.db"))
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


async def test_anyone_moved_reads_past_chance_moves(db: DbFactory) -> None:
    # a table may be called off until a player has moved: a deal (chance, seat -1) is nobody's move
    repo = await open_repository(db("m.db"))
    tid, other = await new_table(repo), await new_table(repo)
    assert not await repo.anyone_moved(tid)
    async with repo.transaction() as tx:
        version = await tx.append_moves(tid, 1, [NewMove(-1, "deal a"), NewMove(-1, "deal b")], '{"s": 1}', NOW)
    assert not await repo.anyone_moved(tid)
    async with repo.transaction() as tx:
        await tx.append_moves(tid, version, [NewMove(1, "build:1:x")], '{"s": 2}', NOW)
    assert await repo.anyone_moved(tid) and not await repo.anyone_moved(other)  # one table's log only
    await repo.close()


async def test_results_are_immutable_and_settings_round_trip(db: DbFactory) -> None:
    repo = await open_repository(db("m.db"))
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
    async with repo.transaction() as tx:
        await tx._c.execute("DELETE FROM tables WHERE id = ?", (tid,))
    assert await repo.get_seats(tid) == [] and await repo.get_moves(tid) == []
    await repo.close()


def test_timestamps_sort_as_text() -> None:
    from datetime import UTC, datetime, timedelta

    a = datetime(2026, 1, 1, 9, 5, tzinfo=UTC)
    b = a + timedelta(hours=20)
    assert now_iso(a) < now_iso(b) and parse_iso(now_iso(b)) == b
    assert now_iso(a) == "2026-01-01T09:05:00.000000Z"


async def test_convenience_writes_and_results_query(db: DbFactory) -> None:
    repo = await open_repository(db("m.db"))
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


async def test_concurrent_writers_on_separate_connections_apply_once(db: DbFactory) -> None:
    """Several connections (processes) submit at the same version at once: the database lets exactly one in."""
    path = db("race.db")
    repos = [await open_repository(path) for _ in range(4)]
    tid = await new_table(repos[0])
    version = 1
    for ply in range(1, 4):
        async def submit(repo: Repository, i: int, version: int = version) -> int | None:
            try:
                return await repo.append_moves(tid, version, [NewMove(i % 2, f"m{i}")], f'{{"by": {i}}}', NOW)
            except StaleVersion:
                return None

        outcomes = await asyncio.gather(*(submit(r, i) for i, r in enumerate(repos)))
        applied = [o for o in outcomes if o is not None]
        assert applied == [version + 1], outcomes
        version += 1
        moves = await repos[1].get_moves(tid)
        assert [m.ply for m in moves] == list(range(1, ply + 1))
        winner = int(moves[-1].move[1:])
        assert (await repos[2].get_table(tid)).state == f'{{"by": {winner}}}'  # type: ignore[union-attr]
    for repo in repos:
        await repo.close()


async def due_table(repo: Repository, due: str) -> int:
    async with repo.transaction() as tx:
        tid = await tx.create_table(guild_id=1, channel_id=2, game="kona", options="{}", seed=1, status="active",
                                    host_id=10, now=NOW)
        await tx.update_table(tid, None, NOW, bump=False, next_event_at=due)
    return tid


async def test_deadline_claims_are_disjoint_expire_and_release(db: DbFactory) -> None:
    """Two processes claiming at once split the due tables; a dead process's claims lapse at their expiry."""
    path = db("claims.db")
    a, b = await open_repository(path), await open_repository(path)
    due = [await due_table(a, f"2026-03-01T11:{m:02d}:00.000000Z") for m in range(10)]
    later = await due_table(a, "2026-03-01T13:00:00.000000Z")  # not due yet
    until = "2026-03-01T12:02:00.000000Z"
    got_a, got_b = await asyncio.gather(a.claim_due_tables(NOW, "A", until, limit=6),
                                        b.claim_due_tables(NOW, "B", until, limit=6))
    assert not set(got_a) & set(got_b)
    assert sorted(got_a + got_b) == due and later not in got_a + got_b
    assert got_a == sorted(got_a)  # in the order they fell due
    assert await a.claim_due_tables(NOW, "C", until) == []  # everything due is held
    # B finishes its work and gives its tables back: they are claimable again (still due)
    for tid in got_b:
        assert await b.release_claim(tid, "B") is True
    assert await b.release_claim(got_b[0], "B") is False  # released already
    again = await b.claim_due_tables(NOW, "C", until)
    assert again == sorted(got_b)
    # A dies holding its claims: before expiry nobody else gets them; after it, C takes over
    assert await b.claim_due_tables("2026-03-01T12:01:59.000000Z", "C", "2026-03-01T12:10:00.000000Z") == []
    taken = await b.claim_due_tables("2026-03-01T12:02:00.000000Z", "C", "2026-03-01T12:10:00.000000Z")
    assert taken == sorted(got_a + got_b)
    assert await a.release_claim(got_a[0], "A") is False  # a late release by A does not steal C's claim
    assert (await b.claim_of(got_a[0]))[0] == "C"
    await a.close()
    await b.close()


def test_database_url_selects_postgresql_else_the_sqlite_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from data import DEFAULT_PATH, database_target, is_postgres
    from data.postgres import redact

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    assert database_target() == DEFAULT_PATH and not is_postgres(DEFAULT_PATH)
    monkeypatch.setenv("DATABASE_PATH", "/srv/mesa/games.db")
    assert database_target() == "/srv/mesa/games.db"
    monkeypatch.setenv("DATABASE_URL", "postgresql://mesa:s3cret@db:5432/mesa")
    assert database_target() == "postgresql://mesa:s3cret@db:5432/mesa" and is_postgres(database_target())
    assert redact(database_target()) == "postgresql://mesa:***@db:5432/mesa"
    assert is_postgres("postgres://db/mesa") and not is_postgres("postgresql.db")



async def test_a_task_cancelled_anywhere_in_a_transaction_leaves_the_database_usable(db: DbFactory) -> None:
    # A bot stopping (SIGTERM) cancels its ticker, and Mesa's turns, wherever they are.  The write is
    # then all or nothing, and the very next transaction and snapshot work.
    repo = await open_repository(db("cancel.db"))
    for steps in range(12):
        task = asyncio.ensure_future(new_table(repo))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        await _written_whole_or_not_at_all(repo, task)
    await repo.close()


async def test_sqlite_cancelled_during_any_statement_of_a_transaction_ends_it(tmp_path: Path) -> None:
    # The cancellation arrives while each statement in turn is on its way to SQLite's thread: BEGIN
    # IMMEDIATE, the inserts, COMMIT.  Before, a cancelled BEGIN left the connection inside a
    # transaction that no lock guarded, and every later write failed ("cannot start a transaction
    # within a transaction"): the bot logged that when SIGTERM came during its start.
    repo = await open_repository(tmp_path / "cancel.db")
    connection = repo._db  # type: ignore[attr-defined]
    execute = connection.execute
    statements = 0
    cancel_at = -1
    task: asyncio.Future[int] | None = None

    def counted(sql: str, *args: object) -> object:
        nonlocal statements
        statements += 1
        if statements == cancel_at and task is not None:
            asyncio.get_running_loop().call_soon(task.cancel)
        return execute(sql, *args)

    connection.execute = counted
    try:
        statements = 0
        await new_table(repo)
        in_one = statements  # BEGIN, the table, two seats, COMMIT, and whatever else it reads
        assert in_one >= 5
        for k in range(1, in_one + 1):
            statements, cancel_at = 0, k
            task = asyncio.ensure_future(new_table(repo))
            await _written_whole_or_not_at_all(repo, task)
    finally:
        connection.execute = execute
    await repo.close()


async def _written_whole_or_not_at_all(repo: Repository, task: asyncio.Future[int]) -> None:
    tid = None
    with contextlib.suppress(asyncio.CancelledError):
        tid = await task
    ids = [t.id for t in await repo.tables_for_user(10)]
    if tid is not None:
        assert tid in ids
    for table_id in ids:  # the table and both seats, or nothing
        row, seats = await repo.load(table_id)
        assert row is not None and len(seats) == 2, table_id
    # the database takes the next write and the next snapshot at once
    written = await asyncio.wait_for(new_table(repo), 10)
    row, seats, moves = await repo.load_with_moves(written)
    assert row is not None and len(seats) == 2 and moves == []


async def test_a_closed_sqlite_connection_has_no_transaction_left_to_end(tmp_path: Path) -> None:
    # a bot stopping (SIGTERM) while a server's tables resumed: the stop cancelled the transaction and closed the
    # file; ending what was open then raised "no active connection" over the cancellation, an error in the log
    from data.sqlite import SqliteRepository

    repo = await open_repository(tmp_path / "mesa.db")
    assert isinstance(repo, SqliteRepository)
    await repo.close()
    await repo._end_open_transaction("ROLLBACK")  # nothing open, nothing raised
