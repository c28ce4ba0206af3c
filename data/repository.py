"""The repository: the only code that speaks SQL (DESIGN.md, "Storage").

One aiosqlite connection per process, WAL mode, foreign keys on, a busy timeout.  aiosqlite runs
the statements of one connection on one worker thread, but the statements of two coroutines could
still interleave inside a transaction; so every operation holds ``_lock``, and a multi-statement
change runs inside ``transaction()`` (``BEGIN IMMEDIATE`` ... ``COMMIT``) under that same lock.

The move log is the source of truth; ``tables.state`` is a JSON snapshot beside it.  Every change
of a table bumps ``tables.version``; a write that names an ``expected_version`` that is no longer
current raises ``StaleVersion`` and changes nothing (a stale button click or a double submit).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from data.models import (
    GuildSettings,
    MoveRow,
    NewMove,
    ResultRow,
    SeatRow,
    TableRow,
    UserPrefs,
)
from data.schema import MIGRATIONS, SCHEMA_VERSION

log = logging.getLogger(__name__)

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, options, seed, status, host_id, state, "
    "version, turn_deadline, next_event_at, draw_offer, outcome, created_at, updated_at, posted_version"
)
_SEAT_COLUMNS = "table_id, seat, user_id, name, is_ai, accepted, result, out_reason"
#: columns a caller may change with ``Tx.update_table`` (version and updated_at are set here)
_UPDATABLE = frozenset(
    {"thread_id", "message_id", "status", "state", "turn_deadline", "next_event_at", "draw_offer", "outcome",
     "posted_version"}
)


class StorageError(RuntimeError):
    """The database could not do what was asked (not a player's mistake)."""


class StaleVersion(StorageError):
    """The table changed since the caller read it: the write was refused and nothing changed."""

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"table {table_id}: expected version {expected}, found {actual}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


def _table(row: Sequence[Any]) -> TableRow:
    return TableRow(*row)


def _seat(row: Sequence[Any]) -> SeatRow:
    return SeatRow(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]), row[6], row[7])


class Tx:
    """The statements available inside one transaction (see ``Repository.transaction``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    # ---- reads --------------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else _table(row)

    async def get_seats(self, table_id: int) -> list[SeatRow]:
        sql = f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat"
        async with self._db.execute(sql, (table_id,)) as cur:
            return [_seat(r) for r in await cur.fetchall()]

    async def count_moves(self, table_id: int) -> int:
        async with self._db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def get_moves(self, table_id: int) -> list[MoveRow]:
        sql = "SELECT table_id, ply, seat, move, created_at FROM moves WHERE table_id = ? ORDER BY ply"
        async with self._db.execute(sql, (table_id,)) as cur:
            return [MoveRow(*r) for r in await cur.fetchall()]

    # ---- writes -------------------------------------------------------------------------------
    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: str,
        seed: int,
        status: str,
        host_id: int,
        now: str,
    ) -> int:
        sql = (
            "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, version, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
        )
        cur = await self._db.execute(sql, (guild_id, channel_id, game, options, seed, status, host_id, now, now))
        table_id = cur.lastrowid
        await cur.close()
        assert table_id is not None
        return int(table_id)

    async def check_version(self, table_id: int, expected: int) -> None:
        async with self._db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        actual = None if row is None else int(row[0])
        if actual != expected:
            raise StaleVersion(table_id, expected, actual)

    async def update_table(
        self, table_id: int, expected_version: int | None, now: str, *, bump: bool = True, **columns: Any
    ) -> int:
        """Change ``columns`` and bump the version (checked first when ``expected_version`` is given).

        ``bump=False`` is for changes that leave the board as it was (a draw offer, the thread id):
        buttons showing the current version must keep working.  Returns the version after.
        """
        unknown = set(columns) - _UPDATABLE
        if unknown:
            raise StorageError(f"cannot update {sorted(unknown)}")
        sets = "".join(f"{name} = ?, " for name in columns)
        params: list[Any] = [*columns.values(), now, table_id]
        increment = "version = version + 1, " if bump else ""
        sql = f"UPDATE tables SET {sets}{increment}updated_at = ? WHERE id = ?"
        if expected_version is not None:
            sql += " AND version = ?"
            params.append(expected_version)
        cur = await self._db.execute(sql, params)
        changed = cur.rowcount
        await cur.close()
        if changed == 1 and expected_version is not None:
            return expected_version + (1 if bump else 0)
        async with self._db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)) as c2:
            row = await c2.fetchone()
        actual = None if row is None else int(row[0])
        if changed != 1 or actual is None:
            raise StaleVersion(table_id, -1 if expected_version is None else expected_version, actual)
        return actual

    async def append_moves(
        self,
        table_id: int,
        expected_version: int,
        moves: Sequence[NewMove],
        new_state_json: str,
        now: str,
        *,
        first_ply: int | None = None,
        **columns: Any,
    ) -> int:
        """Append to the move log, store the snapshot and bump the version, all or nothing.

        ``first_ply`` (the number the first move gets) saves a query when the caller knows it; a
        wrong one collides with the log's primary key and is reported as ``StaleVersion`` too.
        """
        if first_ply is None:
            await self.check_version(table_id, expected_version)
            async with self._db.execute(
                "SELECT COALESCE(MAX(ply), 0) FROM moves WHERE table_id = ?", (table_id,)
            ) as cur:
                row = await cur.fetchone()
            first_ply = (int(row[0]) if row else 0) + 1
        try:
            await self._db.executemany(
                "INSERT INTO moves (table_id, ply, seat, move, created_at) VALUES (?, ?, ?, ?, ?)",
                [(table_id, first_ply + i, m.seat, m.move, now) for i, m in enumerate(moves)],
            )
        except sqlite3.IntegrityError:
            raise StaleVersion(table_id, expected_version, None) from None
        return await self.update_table(table_id, expected_version, now, state=new_state_json, **columns)

    async def add_seat(self, seat: SeatRow) -> None:
        await self._db.execute(
            f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (seat.table_id, seat.seat, seat.user_id, seat.name, int(seat.is_ai), int(seat.accepted),
             seat.result, seat.out_reason),
        )

    async def replace_seats(self, table_id: int, seats: Iterable[SeatRow]) -> None:
        await self._db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        for seat in seats:
            await self.add_seat(seat)

    async def update_seat(self, table_id: int, seat: int, **columns: Any) -> None:
        allowed = {"accepted", "result", "out_reason", "name"}
        if set(columns) - allowed:
            raise StorageError(f"cannot update seat columns {sorted(set(columns) - allowed)}")
        sets = ", ".join(f"{name} = ?" for name in columns)
        await self._db.execute(
            f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?", (*columns.values(), table_id, seat)
        )

    async def remove_seat(self, table_id: int, seat: int) -> None:
        await self._db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    async def record_results(self, rows: Iterable[ResultRow]) -> None:
        """Results are immutable: a second write for the same (table, seat) is ignored."""
        await self._db.executemany(
            "INSERT INTO results (table_id, seat, guild_id, game, user_id, place, outcome, reason, rated, "
            "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO NOTHING",
            [(r.table_id, r.seat, r.guild_id, r.game, r.user_id, r.place, r.outcome, r.reason, int(r.rated),
              r.finished_at) for r in rows],
        )

    async def record_reminder(self, table_id: int, version: int, kind: str, user_id: int, now: str) -> bool:
        """True when this reminder is new (and now recorded); False when it was already sent."""
        cur = await self._db.execute(
            "INSERT INTO reminders (table_id, version, kind, user_id, sent_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id, version, kind, user_id) DO NOTHING",
            (table_id, version, kind, user_id, now),
        )
        inserted = cur.rowcount == 1
        await cur.close()
        return inserted

    async def set_next_event(self, table_id: int, next_event_at: str | None) -> None:
        """Move the table's alarm without bumping its version (a reminder changes no board)."""
        await self._db.execute("UPDATE tables SET next_event_at = ? WHERE id = ?", (next_event_at, table_id))

    async def replace_snapshot(self, table_id: int, state_json: str) -> None:
        """Rewrite a snapshot rebuilt from the move log (the log is the truth; no version bump)."""
        await self._db.execute("UPDATE tables SET state = ? WHERE id = ?", (state_json, table_id))


class Repository:
    """Async storage API over one SQLite file.  Open with ``await Repository.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._tx = Tx(db)

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 5000) -> Repository:
        """Connect, set the pragmas and apply any migration this file has not seen yet."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connecting = aiosqlite.connect(path, isolation_level=None)
        # aiosqlite's worker thread is not a daemon: a connection someone forgot to close would keep
        # the process alive at exit.  WAL keeps the file consistent even if the thread is cut off.
        worker = getattr(connecting, "_thread", None)
        if worker is not None and not worker.is_alive():
            worker.daemon = True
        db = await connecting
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock, self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One all-or-nothing transaction; an exception inside rolls everything back."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    # ---- single writes (each its own transaction) ---------------------------------------------
    async def create_table(self, *, seats: Sequence[SeatRow] = (), **columns: Any) -> int:
        """A new table (``Tx.create_table``'s columns) with its seats; returns its id."""
        async with self.transaction() as tx:
            table_id = await tx.create_table(**columns)
            for seat in seats:
                await tx.add_seat(replace(seat, table_id=table_id))
        return table_id

    async def append_moves(
        self, table_id: int, expected_version: int, moves: Sequence[NewMove], new_state_json: str, now: str,
        **columns: Any,
    ) -> int:
        """``Tx.append_moves`` in a transaction of its own; raises ``StaleVersion`` on a stale version."""
        async with self.transaction() as tx:
            return await tx.append_moves(table_id, expected_version, moves, new_state_json, now, **columns)

    # ---- single reads -------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._lock:
            return await self._tx.get_table(table_id)

    async def get_seats(self, table_id: int) -> list[SeatRow]:
        async with self._lock:
            return await self._tx.get_seats(table_id)

    async def get_moves(self, table_id: int) -> list[MoveRow]:
        async with self._lock:
            return await self._tx.get_moves(table_id)

    async def count_moves(self, table_id: int) -> int:
        async with self._lock:
            return await self._tx.count_moves(table_id)

    async def load(self, table_id: int) -> tuple[TableRow | None, list[SeatRow]]:
        """A table row and its seats, read together."""
        async with self._lock:
            row = await self._tx.get_table(table_id)
            seats = await self._tx.get_seats(table_id) if row else []
        return row, seats

    async def tables_for_user(
        self, user_id: int, guild_id: int | None = None, statuses: Sequence[str] = ()
    ) -> list[TableRow]:
        cols = ", ".join(f"t.{c.strip()}" for c in _TABLE_COLUMNS.split(","))
        sql = f"SELECT {cols} FROM tables t JOIN seats s ON s.table_id = t.id WHERE s.user_id = ?"
        params: list[Any] = [user_id]
        if guild_id is not None:
            sql += " AND t.guild_id = ?"
            params.append(guild_id)
        if statuses:
            sql += f" AND t.status IN ({', '.join('?' for _ in statuses)})"
            params.extend(statuses)
        sql += " ORDER BY t.id"
        async with self._lock, self._db.execute(sql, params) as cur:
            return [_table(r) for r in await cur.fetchall()]

    async def tables_in_place(self, guild_id: int, place_id: int, statuses: Sequence[str] = ()) -> list[TableRow]:
        """Tables of a guild whose channel or thread is ``place_id``."""
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE guild_id = ? AND (channel_id = ? OR thread_id = ?)"
        params: list[Any] = [guild_id, place_id, place_id]
        if statuses:
            sql += f" AND status IN ({', '.join('?' for _ in statuses)})"
            params.extend(statuses)
        sql += " ORDER BY id"
        async with self._lock, self._db.execute(sql, params) as cur:
            return [_table(r) for r in await cur.fetchall()]

    async def due_tables(self, now: str) -> list[int]:
        """Ids of active tables whose next deadline event (reminder or timeout) is due."""
        sql = "SELECT id FROM tables WHERE status = 'active' AND next_event_at IS NOT NULL AND next_event_at <= ?"
        async with self._lock, self._db.execute(sql + " ORDER BY next_event_at, id", (now,)) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def tables_with_unposted_boards(self) -> list[int]:
        """Started tables whose front end recorded posting a board older than the current version."""
        sql = (
            "SELECT id FROM tables WHERE status IN ('active', 'finished') AND posted_version IS NOT NULL "
            "AND posted_version < version ORDER BY id"
        )
        async with self._lock, self._db.execute(sql) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def get_results(self, table_id: int) -> list[ResultRow]:
        sql = (
            "SELECT table_id, seat, guild_id, game, user_id, place, outcome, reason, rated, finished_at "
            "FROM results WHERE table_id = ? ORDER BY seat"
        )
        async with self._lock, self._db.execute(sql, (table_id,)) as cur:
            rows = await cur.fetchall()
        return [ResultRow(*r[:8], bool(r[8]), r[9]) for r in rows]

    async def results(self, guild_id: int, game: str | None = None, rated: bool | None = None) -> list[ResultRow]:
        """A guild's results in the order the tables finished (for leaderboards and rating rebuilds)."""
        sql = (
            "SELECT table_id, seat, guild_id, game, user_id, place, outcome, reason, rated, finished_at "
            "FROM results WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        if rated is not None:
            sql += " AND rated = ?"
            params.append(int(rated))
        async with self._lock, self._db.execute(sql + " ORDER BY finished_at, table_id, seat", params) as cur:
            rows = await cur.fetchall()
        return [ResultRow(*r[:8], bool(r[8]), r[9]) for r in rows]

    # ---- settings and preferences -------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        sql = "SELECT time_per_move, allowed_channels, rated FROM guild_settings WHERE guild_id = ?"
        async with self._lock, self._db.execute(sql, (guild_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return GuildSettings(guild_id)
        channels = tuple(int(c) for c in json.loads(row[1] or "[]"))
        return GuildSettings(guild_id, row[0], channels, bool(row[2]))

    async def set_guild_settings(self, settings: GuildSettings, now: str) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT INTO guild_settings (guild_id, time_per_move, allowed_channels, rated, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "time_per_move = excluded.time_per_move, allowed_channels = excluded.allowed_channels, "
                "rated = excluded.rated, updated_at = excluded.updated_at",
                (settings.guild_id, settings.time_per_move, json.dumps(list(settings.allowed_channels)),
                 int(settings.rated), now),
            )

    async def user_prefs(self, user_id: int) -> UserPrefs:
        sql = "SELECT dms_closed, locale, theme FROM user_prefs WHERE user_id = ?"
        async with self._lock, self._db.execute(sql, (user_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, bool(row[0]), row[1], row[2])

    async def set_user_prefs(self, prefs: UserPrefs, now: str) -> None:
        async with self._lock:
            await self._db.execute(
                "INSERT INTO user_prefs (user_id, dms_closed, locale, theme, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dms_closed = excluded.dms_closed, locale = excluded.locale, "
                "theme = excluded.theme, updated_at = excluded.updated_at",
                (prefs.user_id, int(prefs.dms_closed), prefs.locale, prefs.theme, now),
            )


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after the file's ``user_version`` up to ``target``; returns the new version.

    Each migration runs in its own transaction together with its ``user_version`` bump, so a
    failure leaves the database at the last complete version.
    """
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > len(MIGRATIONS):
        raise StorageError(f"database schema {version} is newer than this program ({len(MIGRATIONS)})")
    while version < target:
        script = MIGRATIONS[version]
        statements = [s.strip() for s in script.split(";") if s.strip()]
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")
        version += 1
        log.info("database migrated to schema %d", version)
    return version
