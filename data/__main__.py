"""The storage command line: move a database between SQLite and PostgreSQL, check one, migrate one.

    python -m data copy SOURCE TARGET   copy every row, then verify the copy
    python -m data verify TARGET        row counts, and every table's move log replays to its snapshot
    python -m data migrate TARGET       apply the missing migrations and print the schema version

SOURCE and TARGET are SQLite paths or ``postgresql://user@host:port/db`` URLs.  ``copy``'s SOURCE
and ``verify``'s TARGET must be existing Mesa databases: a mistyped path is refused, never created
(it would be an empty database that copies and verifies "fine").  ``copy`` writes into an empty
database only, in one transaction (a failure leaves the target empty), and then checks it: the same
rows in every table, and every table's move log replays to its snapshot.

The replay needs the game rules, so this command line (and only it: the storage modules never
do) imports ``engines``, which are pure; it replays exactly as the table service does (a new game
from the table's seed and options, then every move of the log).  Errors are one line on stderr,
with no password in it (``data.redaction``); the exit code is 2 when a database cannot be opened
or the command line is wrong, 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sqlite3
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import asyncpg  # type: ignore[import-untyped]

from data.errors import CannotOpen, StorageError
from data.factory import is_postgres, open_repository
from data.models import TableOptions
from data.redaction import redact, redact_text, scrub
from data.repository import STORED_TABLES, Repository
from data.sqlite import bot_holds
from engines.cli import CommandLineError, OneLineParser, fail, run_main


async def replay_problems(repo: Repository) -> tuple[int, list[str]]:
    """(tables replayed, problems): a started table whose move log does not rebuild its snapshot.

    The replay is the engines' own (``engines.replay_to_end``, the loop the table service uses),
    from a new game with the table's seed and its game options as ``TableOptions`` reads them.
    """
    from engines import ReplayError, get_engine, replay_to_end  # the rules are pure; see the module docstring

    problems: list[str] = []
    checked = 0
    for table_id in await repo.started_tables():
        row, seats, moves = await repo.load_with_moves(table_id)
        if row is None or row.state is None:  # deleted since the ids were read (a live database)
            continue
        checked += 1
        try:
            engine = get_engine(row.game)
            start = engine.new_game(len(seats), row.seed, TableOptions.from_json(row.options).game)
            state = replay_to_end(engine, start, (m.move for m in moves))
            replayed = json.loads(json.dumps(engine.to_json(state)))
            snapshot = json.loads(row.state)
        except Exception as exc:  # a damaged record: report its table (never the move, it may be secret)
            cause = exc.cause if isinstance(exc, ReplayError) else exc
            problems.append(f"table {table_id}: the move log does not replay ({type(cause).__name__})")
            continue
        if replayed != snapshot:
            problems.append(f"table {table_id}: the move log replays to a different position than its snapshot")
    return checked, problems


async def verify(repo: Repository, out: TextIO, expected: dict[str, int] | None = None) -> bool:
    damage = await repo.damage()  # the database engine's own check first: rows are read from its pages
    for problem in damage:
        print(problem, file=out)
    if damage:
        print("the database itself is damaged: restore a backup (or copy what can be read into a new one)", file=out)
        return False
    counts = await repo.row_counts()
    ok = True
    for table in STORED_TABLES:
        want = "" if expected is None else f" (source {expected[table]})"
        good = expected is None or expected[table] == counts[table]
        ok &= good
        print(f"{table}: {counts[table]} rows{want}{'' if good else '  MISMATCH'}", file=out)
    checked, problems = await replay_problems(repo)
    for problem in problems:
        print(problem, file=out)
    print(f"replay: {checked - len(problems)} of {checked} started tables replay to their snapshot", file=out)
    return ok and not problems


async def copy(source: str, target: str, out: TextIO) -> bool:
    """Copy every row of ``source`` into the empty ``target``, then verify; True when all is well."""
    if source.strip() == target.strip():
        raise CannotOpen("SOURCE and TARGET are the same database: name a new, empty one as TARGET")
    for name in (source, target):  # the README says to stop the bot first: a move made meanwhile would be lost
        if not is_postgres(name) and bot_holds(name):
            raise CannotOpen(f"a Mesa bot is running on {redact(name)}: stop it first, then copy")
    src = await open_repository(source, create=False)  # a mistyped SOURCE must not become a new database
    try:
        await _no_bot_on(src)  # PostgreSQL: a bot process holds its shards there while it runs
        dst = await open_repository(target)
        try:
            await _no_bot_on(dst)
            if any((await dst.row_counts()).values()):
                raise CannotOpen(f"{dst.path} already holds data: copy into a new, empty database")
            counts: dict[str, int] = {}
            async with src.transaction() as read, dst.transaction() as write:
                for table in STORED_TABLES:
                    names, rows = await read.dump(table)
                    await write.load_rows(table, names, rows)
                    counts[table] = len(rows)
                await write.after_load()
            print(f"copied {sum(counts.values())} rows from {src.path} to {dst.path}", file=out)
            same = await _same_rows(src, dst)
            if not same:
                print("the copy differs from the source", file=out)
            return await verify(dst, out, counts) and same
        finally:
            await dst.close()
    finally:
        await src.close()


async def _no_bot_on(repo: Repository) -> None:
    if await repo.bots_running():
        raise CannotOpen(f"a Mesa bot is running on {repo.path}: stop it first, then copy")


async def _same_rows(a: Repository, b: Repository) -> bool:
    async with a.transaction() as ta, b.transaction() as tb:
        for table in STORED_TABLES:
            _, rows_a = await ta.dump(table)
            _, rows_b = await tb.dump(table)
            if sorted(map(tuple, rows_a), key=repr) != sorted(map(tuple, rows_b), key=repr):
                return False
    return True


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m data", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_copy = sub.add_parser("copy", help="copy a whole database (SQLite <-> PostgreSQL) and verify it")
    p_copy.add_argument("source", help="an existing Mesa database: an SQLite file or a postgresql:// URL")
    p_copy.add_argument("target", help="a new or empty database (created when it is a file)")
    p_verify = sub.add_parser("verify", help="row counts and replay check of one database")
    p_verify.add_argument("target", help="an existing Mesa database")
    p_migrate = sub.add_parser("migrate", help="apply missing migrations, print the schema version")
    p_migrate.add_argument("target", help="a Mesa database (created when it is a new file)")
    return parser


class _Parser(OneLineParser):
    def error(self, message: str) -> NoReturn:
        super().error(redact_text(message))  # an argument it echoes may be a URL with a password


async def run(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """The command line; errors are one line on ``err`` with no password in it (exit code 2).

    ``out`` and ``err`` default to the standard streams of the moment of the call."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        args = _parser().parse_args(list(argv))
    except CommandLineError as exc:
        return fail(str(exc), err)
    targets = [t for t in (getattr(args, "source", None), args.target) if t is not None]
    try:
        if any(not t.strip() for t in targets):
            raise CannotOpen("a database name is empty: give an SQLite file or a postgresql:// URL")
        if args.command == "copy":
            ok = await copy(args.source, args.target, out)
        else:
            # verify reads: a mistyped TARGET is refused, not created; migrate may create a new file
            repo = await open_repository(args.target, create=args.command == "migrate")
            try:
                if args.command == "migrate":
                    print(f"{repo.path}: schema {await repo.schema_version()}", file=out)
                    ok = True
                else:
                    ok = await verify(repo, out)
            finally:
                await repo.close()
    except CannotOpen as exc:
        return fail(scrub(str(exc), targets), err)
    except (StorageError, sqlite3.Error, asyncpg.PostgresError) as exc:
        reason = scrub(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, targets)
        return fail(reason if "nothing was written" in reason else f"{reason} (nothing was written to the target)",
                    err)
    if not ok:
        print("error: the check failed (see above); nothing else was changed", file=err)
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> Any:
    # every refusal is the one line ``run`` prints: the storage layer's own log lines ("SQLite unavailable …")
    # are for a running bot's log, not a second line here (no handler: Python's last resort printed them)
    logging.getLogger().addHandler(logging.NullHandler())
    return asyncio.run(run(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    run_main(main)
