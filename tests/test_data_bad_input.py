"""A wrong DATABASE_URL, a server that is down, a database from a newer Mesa (issue 19).

Each is one line saying what to do, a non-zero exit through ``python -m data``, and nothing written.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from pg_server import PASSWORD, PASSWORD_USER, PgServer, run_sql

from data import CannotOpen, SchemaTooNew, open_repository
from data.__main__ import run
from data.schema import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parent.parent


def bad_urls(server: PgServer, tmp_path: Path) -> dict[str, tuple[str, str]]:
    """case -> (URL, what the one line must say)."""
    return {
        "bad host": ("postgresql://mesa@no-such-host.invalid:5432/mesa", "host"),
        "down": (f"postgresql://mesa@/mesa?host={tmp_path}&port=5432", "start the server"),  # no server there
        "bad password": (server.url("postgres", PASSWORD_USER, "wrong-password"), "password"),
        "missing database": (server.url("no_such_database"), "createdb no_such_database"),
    }


@pytest.mark.parametrize("case", ["bad host", "down", "bad password", "missing database"])
async def test_a_wrong_url_is_one_line_that_says_what_to_do(case: str, pg_server: PgServer, tmp_path: Path) -> None:
    url, hint = bad_urls(pg_server, tmp_path)[case]
    with pytest.raises(CannotOpen) as err:
        await open_repository(url)
    text = str(err.value)
    assert hint in text and "DATABASE_URL" in text and "\n" not in text
    assert "wrong-password" not in text  # never the password
    err_out = io.StringIO()
    assert await run(["migrate", url], io.StringIO(), err_out) == 2
    assert err_out.getvalue().startswith("error: ") and err_out.getvalue().count("\n") == 1


async def test_the_right_password_does_open(pg_server: PgServer) -> None:
    """The password rule is real (the bad-password case above could fail)."""
    con = await asyncpg.connect(pg_server.url("postgres", PASSWORD_USER, PASSWORD))
    assert await con.fetchval("SELECT current_user") == PASSWORD_USER
    await con.close()


async def test_newer_schema_on_postgresql_writes_nothing(pg_server: PgServer) -> None:
    url = pg_server.new_database("future", blank=True)
    await run_sql(url, "CREATE TABLE mesa_schema (version INTEGER NOT NULL)")
    await run_sql(url, "INSERT INTO mesa_schema (version) VALUES (?)", (SCHEMA_VERSION + 1,))
    with pytest.raises(SchemaTooNew):
        await open_repository(url)
    con = await asyncpg.connect(url)
    tables = await con.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    await con.close()
    assert [r[0] for r in tables] == ["mesa_schema"]  # no migration ran
    pg_server.drop_database(url)


def test_the_command_line_exits_non_zero_with_one_line(pg_server: PgServer, tmp_path: Path) -> None:
    """Through ``python -m data`` itself: a missing database and a newer SQLite file."""
    import sqlite3

    future = tmp_path / "future.db"
    db = sqlite3.connect(future)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    target = tmp_path / "copy.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for argv, hint in (
        (["copy", str(future), str(target)], "newer than this program"),
        (["migrate", pg_server.url("no_such_database")], "does not exist"),
    ):
        done = subprocess.run([sys.executable, "-m", "data", *argv], capture_output=True, text=True, cwd=ROOT,
                              env=env, timeout=120, check=False)
        assert done.returncode == 2, done.stderr
        assert hint in done.stderr and done.stderr.count("\n") == 1 and done.stdout == ""
    assert not target.exists()  # the source was refused before the target was opened
    assert future.read_bytes()[18:20] == b"\x01\x01"  # not even switched to WAL (header bytes 18-19)


async def test_a_sqlite_file_that_cannot_be_opened_leaves_no_worker_thread(tmp_path: Path) -> None:
    # aiosqlite's thread, told to stop after the failed connect, would otherwise answer after the
    # caller's event loop had closed, printing a traceback after the one line (seen under load)
    import threading

    before = set(threading.enumerate())
    with pytest.raises(CannotOpen) as err:
        await open_repository(str(tmp_path))  # a folder, not a file
    assert "cannot open the SQLite file" in str(err.value)
    workers = [t for t in threading.enumerate() if t not in before and "_connection_worker_thread" in t.name]
    assert [t for t in workers if t.is_alive()] == []


@pytest.mark.parametrize("command", ["copy", "verify"])
async def test_a_mistyped_sqlite_path_to_read_is_refused_and_never_created(command: str, tmp_path: Path) -> None:
    """Issue 29: ``copy``'s SOURCE and ``verify``'s TARGET are read; a typo made an empty database that
    "copied" and "verified" fine (exit 0).  Now: one line saying so, exit 2, and no file."""
    missing = tmp_path / "typo" / "mesa.db"
    argv = [command, str(missing)] + ([str(tmp_path / "copy.db")] if command == "copy" else [])
    out, err = io.StringIO(), io.StringIO()
    assert await run(argv, out, err) == 2
    assert err.getvalue().startswith("error: there is no database file") and err.getvalue().count("\n") == 1
    assert out.getvalue() == ""
    assert list(tmp_path.iterdir()) == []  # neither the source (nor its folder) nor the target


@pytest.mark.parametrize("command", ["copy", "verify"])
async def test_a_file_without_mesas_schema_is_refused_and_left_as_it_was(command: str, tmp_path: Path) -> None:
    import sqlite3

    other = tmp_path / "other.db"  # someone else's SQLite database
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (body TEXT)")
    db.commit()
    db.close()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    before = other.read_bytes()
    for source in (other, empty):
        argv = [command, str(source)] + ([str(tmp_path / "copy.db")] if command == "copy" else [])
        err = io.StringIO()
        assert await run(argv, io.StringIO(), err) == 2
        assert "holds no Mesa database" in err.getvalue() and err.getvalue().count("\n") == 1
    assert other.read_bytes() == before and empty.read_bytes() == b""  # no schema written into either
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "other.db"]


async def test_a_postgresql_database_without_mesas_schema_is_not_verified_nor_migrated(pg_server: PgServer) -> None:
    url = pg_server.new_database("blank", blank=True)
    err = io.StringIO()
    assert await run(["verify", url], io.StringIO(), err) == 2
    assert "holds no Mesa database" in err.getvalue() and err.getvalue().count("\n") == 1
    assert await run(["copy", url, url + "&application_name=other"], io.StringIO(), io.StringIO()) == 2
    con = await asyncpg.connect(url)
    tables = await con.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    await con.close()
    assert tables == []  # nothing was created in it
    assert await run(["migrate", url], io.StringIO(), io.StringIO()) == 0  # migrate may start a new one
    pg_server.drop_database(url)


async def test_an_existing_mesa_database_is_still_verified(tmp_path: Path) -> None:
    path = tmp_path / "mesa.db"
    assert await run(["migrate", str(path)], io.StringIO(), io.StringIO()) == 0  # a new, empty Mesa database
    out = io.StringIO()
    assert await run(["verify", str(path)], out, io.StringIO()) == 0
    assert "replay: 0 of 0 started tables" in out.getvalue()


@pytest.mark.parametrize("target", ["postgresql:/x", "postgres:mesa", "PostgreSQL:/db", "postgresql:"])
async def test_a_postgresql_url_missing_its_slashes_is_refused_and_no_file_made(target: str, tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 28, item 17: --db postgresql:/x made a folder "postgresql:" holding an SQLite file
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CannotOpen) as refused:
        await open_repository(target)
    assert "postgresql://" in str(refused.value)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("password", ["mesa", "p", "postgres"])
async def test_a_password_that_is_also_a_word_of_the_url_leaves_the_rest_of_the_url_readable(
        password: str) -> None:
    """A password such as ``mesa`` (as the user and the database are named) hid the user, the database and
    even the scheme in the line ("cannot reach PostgreSQL at ***ql://***:***@.../***"): only the password goes."""
    import socket

    with socket.socket() as probe:  # a local port nothing listens on: refused at once
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(CannotOpen) as err:
        await open_repository(f"postgresql://mesa:{password}@127.0.0.1:{port}/mesa")
    text = str(err.value)
    assert f"postgresql://mesa:***@127.0.0.1:{port}/mesa" in text, text
