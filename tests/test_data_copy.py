"""``python -m data copy``: a whole SQLite database into PostgreSQL and back, verified (issue 19)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from pg_server import PgServer, run_sql
from test_tables_service import USERS, FakeClock, open_service, play_out, start_table

from data import GuildSettings, UserPrefs, learning, open_repository, reviews
from data.__main__ import run
from data.repository import STORED_TABLES


async def played_database(path: str) -> dict[str, int]:
    """A database with finished (rated) tables, a table in play, an invitation, settings and preferences."""
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    rng = random.Random(3)
    for game, players in (("kona", 2), ("k3", 3), ("krakatoa", 2)):
        tid, _ = await start_table(svc, game, players)
        await play_out(svc, tid, rng)
    live, _ = await start_table(svc, "plateau", 2, {"time_per_move": "1h"})
    board = await svc.board(live)
    await svc.submit_move(live, board.mention[0], rng.choice(await svc.legal_moves_for(live, board.mention[0])),
                          key="discord:1")  # a submission's key (issue 29)
    clock.advance(minutes=31)
    assert await svc.tick()  # a reminder row
    await svc.create(7, 70, USERS[0][0], USERS[0][1], "kona", [USERS[1]], {})  # an invitation
    await repo.set_guild_settings(GuildSettings(7, 3600, (70, 71), True), "2026-03-01T12:00:00.000000Z")
    await repo.set_user_prefs(UserPrefs(101, True, "es", "dark"), "2026-03-01T12:00:00.000000Z")
    await repo.set_guild_limits(7, 5, 10, "2026-03-01T12:00:00.000000Z")  # issue 15, defect 10
    await repo.store_replay(live, 3, "R0lGODlh", "2026-03-01T12:00:00.000000Z")  # issue 15, defect 13
    await learning.give_hint(repo, live, 0, 1, "a6-d3")  # issue 30: a hint counted, a takeback asked
    version = (await repo.load(live))[0].version  # type: ignore[union-attr]
    await learning.ask_takeback(repo, live, 0, version, [learning.ArchivedMove(1, 0, "x", "?")],
                                "2026-03-01T12:00:00.000000Z")
    await learning.save_lesson(repo, 101, learning.LessonProgress("kona", 2, 1, 0),  # issue 30: a lesson under way
                               "2026-03-01T12:00:00.000000Z")
    await reviews.store_review(repo, live, 3, '{"analysis":{}}', "iVBORw0KGgo=",  # issue 32: a review kept
                               "2026-03-01T12:00:00.000000Z")
    tours = svc.tournaments  # issue 31: a tournament under way, its entrants, a round paired, a server setting
    await tours.create(7, 70, USERS[2][0], USERS[2][1], "kona", {"format": "swiss", "rounds": "2"})
    for uid, name in USERS[2:4]:
        await tours.join(7, uid, name)
    await tours.start(7, USERS[2][0])
    await tours.set_managers_only(7, False)
    counts = await repo.row_counts()
    await repo.close()
    return counts


async def test_copy_sqlite_to_postgresql_and_back(tmp_path: Path, pg_server: PgServer) -> None:
    source = str(tmp_path / "mesa.db")
    counts = await played_database(source)
    console_only = ("pretend_clock",)  # the offline console's clock: a bot's database has none
    assert all(counts[t] > 0 for t in STORED_TABLES if t not in console_only)
    url = pg_server.new_database("copy", blank=True)  # an empty database: copy creates the schema
    out, err = io.StringIO(), io.StringIO()
    assert await run(["copy", source, url], out, err) == 0, err.getvalue()
    report = out.getvalue()
    assert f"moves: {counts['moves']} rows (source {counts['moves']})" in report
    # one of them opened by the tournament
    assert "replay: 5 of 5 started tables replay to their snapshot" in report and "MISMATCH" not in report

    # play goes on on PostgreSQL: the old table continues, new tables get new ids
    repo, svc = await open_service(url)
    assert await repo.row_counts() == counts
    tid, _ = await start_table(svc, "plateau", 2)  # not Kona: Ana's Kona invitation to Ben is still open
    assert tid == counts["tables"] + 1
    await repo.close()

    # a second copy into a database that holds data is refused, and writes nothing
    err = io.StringIO()
    assert await run(["copy", source, url], io.StringIO(), err) == 2
    assert "already holds data" in err.getvalue() and err.getvalue().count("\n") == 1

    # and back to SQLite: row for row what PostgreSQL holds
    back = str(tmp_path / "back.db")
    assert await run(["copy", url, back], io.StringIO(), io.StringIO()) == 0
    pg, lite = await open_repository(url), await open_repository(back)
    async with pg.transaction() as a, lite.transaction() as b:
        for table in STORED_TABLES:
            names_a, rows_a = await a.dump(table)
            names_b, rows_b = await b.dump(table)
            assert names_a == names_b
            assert sorted(map(tuple, rows_a), key=repr) == sorted(map(tuple, rows_b), key=repr), table
    await pg.close()
    await lite.close()
    pg_server.drop_database(url)


async def test_verify_finds_a_snapshot_that_does_not_replay(tmp_path: Path) -> None:
    path = str(tmp_path / "mesa.db")
    await played_database(path)
    assert await run(["verify", path], io.StringIO(), io.StringIO()) == 0
    await run_sql(path, "UPDATE tables SET state = '{}' WHERE id = 2")
    out, err = io.StringIO(), io.StringIO()
    assert await run(["verify", path], out, err) == 1
    assert "table 2: the move log replays to a different position" in out.getvalue()
    assert "check failed" in err.getvalue()


async def test_verify_names_a_move_log_that_does_not_replay(tmp_path: Path) -> None:
    """A damaged move record: the table and the kind of failure, never the move (it may be secret)."""
    path = str(tmp_path / "mesa.db")
    await played_database(path)
    await run_sql(path, "UPDATE moves SET move = 'zz' WHERE table_id = 1 AND ply = 3")
    await run_sql(path, "UPDATE tables SET options = '[]' WHERE id = 3")  # options that are not an object
    out, err = io.StringIO(), io.StringIO()
    assert await run(["verify", path], out, err) == 1
    report = out.getvalue().splitlines()
    assert "table 1: the move log does not replay (InvalidMoveError)" in report
    assert "table 3: the move log does not replay (ValueError)" in report
    assert "replay: 3 of 5 started tables replay to their snapshot" in report  # one of them the tournament's
    assert "zz" not in out.getvalue() + err.getvalue()


async def test_copy_refuses_a_file_a_running_bot_holds_and_leaves_no_target(tmp_path: Path) -> None:
    """The README says to stop the bot before a copy (a move made meanwhile would be lost to the copy):
    a copy from (or into) the file of a running bot was made all the same."""
    from data.sqlite import hold_alone, let_go

    source = str(tmp_path / "mesa.db")
    await played_database(source)
    held = hold_alone(source)  # what a running bot holds (cogs/client.py opens its database alone)
    try:
        err = io.StringIO()
        assert await run(["copy", source, str(tmp_path / "copy.db")], io.StringIO(), err) == 2
        assert "stop it first" in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()
        assert not (tmp_path / "copy.db").exists()
    finally:
        let_go(held)
    out = io.StringIO()
    assert await run(["copy", source, str(tmp_path / "copy.db")], out, io.StringIO()) == 0, out.getvalue()


async def test_a_mistyped_source_makes_no_lock_file_nor_folder(tmp_path: Path) -> None:
    err = io.StringIO()
    assert await run(["copy", str(tmp_path / "typo" / "mesa.db"), str(tmp_path / "copy.db")], io.StringIO(), err) == 2
    assert not (tmp_path / "typo").exists() and not (tmp_path / "copy.db").exists(), err.getvalue()


async def test_copy_refuses_a_postgresql_database_a_running_bot_holds(tmp_path: Path, pg_server: PgServer) -> None:
    """The same on PostgreSQL, where a running bot holds its shards in the database (data.holds)."""
    from data import Share
    from data.holds import PgHold

    url = pg_server.new_database("running")
    source = str(tmp_path / "mesa.db")
    await played_database(source)
    bot = PgHold(url, "the test database", Share((1,), 2))
    try:
        await bot.take(wait=0)
        for args in (["copy", url, str(tmp_path / "copy.db")], ["copy", source, url]):
            err = io.StringIO()
            assert await run(args, io.StringIO(), err) == 2
            assert "a Mesa bot is running on" in err.getvalue() and "stop it first" in err.getvalue(), err.getvalue()
            assert not (tmp_path / "copy.db").exists()
        repo = await open_repository(url)
        try:
            assert not any((await repo.row_counts()).values())  # nothing was copied into it
        finally:
            await repo.close()
        await bot.release()
        out = io.StringIO()
        assert await run(["copy", source, url], out, io.StringIO()) == 0, out.getvalue()
    finally:
        await bot.release()
        pg_server.drop_database(url)


async def test_verify_and_copy_read_an_older_database_without_changing_it(tmp_path: Path) -> None:
    """``verify`` and ``copy`` read: a database an older Mesa wrote was migrated (and switched to WAL) by them, the
    source of a copy too.  They say what to run, and the file stays as it was."""
    import sqlite3

    import aiosqlite

    from data.sqlite import migrate

    old = tmp_path / "old.db"
    db = await aiosqlite.connect(old, isolation_level=None)
    await migrate(db, 15)
    await db.close()
    before = old.read_bytes()
    for argv in (["verify", str(old)], ["copy", str(old), str(tmp_path / "new.db")]):
        out, err = io.StringIO(), io.StringIO()
        assert await run(argv, out, err) == 2
        assert "holds Mesa's schema 15, older than this program's" in err.getvalue()
        assert "python -m data migrate" in err.getvalue() and err.getvalue().count("\n") == 1
    assert old.read_bytes() == before, "nothing was changed"
    assert sqlite3.connect(old).execute("PRAGMA user_version").fetchone() == (15,)
    assert not (tmp_path / "new.db").exists(), "the source is refused before the target is made"
    assert await run(["migrate", str(old)], io.StringIO(), io.StringIO()) == 0  # as it says
    assert await run(["verify", str(old)], io.StringIO(), io.StringIO()) == 0


async def test_verify_finds_a_file_sqlite_itself_calls_damaged(tmp_path: Path) -> None:
    """Pages overwritten on disk: row counts and replays may read past them (verify said all was well, and the
    bot then failed on the file); SQLite's own integrity check does not."""
    path = tmp_path / "mesa.db"
    await played_database(str(path))
    with path.open("r+b") as file:
        file.seek(3 * 4096)
        file.write(b"\xde\xad" * 2048)
    out, err = io.StringIO(), io.StringIO()
    assert await run(["verify", str(path)], out, err) == 1
    assert "damaged" in out.getvalue() and "restore a backup" in out.getvalue()
    assert "check failed" in err.getvalue()


@pytest.mark.slow  # two busy timeouts of 5 s
async def test_a_database_another_program_holds_is_said_busy_in_one_line(tmp_path: Path) -> None:
    """A file another program holds (its exclusive lock past the busy timeout): the copy said it in two lines, one
    of them a log line, "nothing was written" twice; verify called a Mesa database "not a Mesa database"."""
    import sqlite3
    import subprocess
    import sys

    from cli_fuzz import ROOT

    source, target = tmp_path / "games.db", tmp_path / "target.db"
    await played_database(str(source))
    assert await run(["migrate", str(target)], io.StringIO(), io.StringIO()) == 0
    for held in (target, source):
        holder = sqlite3.connect(held, isolation_level=None)
        holder.execute("PRAGMA journal_mode = DELETE")
        holder.execute("BEGIN EXCLUSIVE")
        try:
            if held == target:
                done = subprocess.run([sys.executable, "-m", "data", "copy", str(source), str(target)], cwd=ROOT,
                                      capture_output=True, text=True, timeout=60, check=False)
                said = done.stderr
                assert done.returncode == 2 and said.count("\n") == 1 and said.startswith("error: "), said
                assert "busy" in said and said.count("nothing was written") <= 1 and "not a Mesa" not in said
            else:
                err = io.StringIO()
                assert await run(["verify", str(source)], io.StringIO(), err) == 2
                assert err.getvalue() == f"error: {source} is busy (database is locked): another program holds " \
                    "it; try again when it has finished\n"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
