"""The repository contract: the only code that speaks SQL (docs/architecture.md, "Storage").

One contract, two implementations: ``data.sqlite.SqliteRepository`` (the embedded default, one
file) and ``data.postgres.PostgresRepository`` (asyncpg, for several bot processes on one server).
``data.open_repository(url_or_path)`` picks one.  The SQL itself is written once, here, in the
portable subset both speak (``?`` placeholders, ``INSERT ... ON CONFLICT``, ``RETURNING``, ISO UTC
timestamps as text, JSON as text); a backend only supplies a ``Conn`` (how to run a statement) and
its transactions.

The move log is the source of truth; ``tables.state`` is a JSON snapshot beside it.  Every change
of a table bumps ``tables.version``; a write that names an ``expected_version`` that is no longer
current raises ``StaleVersion`` and changes nothing (a stale button click, a double submit, or
another process that wrote first): ``UPDATE ... WHERE version = ?`` runs in the same transaction
as the move log append, so on either backend the database, not a process's lock, decides.
"""

from __future__ import annotations

import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from data.errors import StaleVersion, StorageError
from data.models import (
    ACTIVE,
    FINISHED,
    OPEN,
    FinishedEntry,
    GuildSettings,
    MoveRow,
    NewMove,
    RatingPoint,
    RatingRow,
    ResultRow,
    SeatRow,
    TableRow,
    UnreadableTable,
    UserPrefs,
)
from data.rows import (
    FINISHED_COLUMNS,
    MOVE_COLUMNS,
    RATING_COLUMNS,
    RATING_POINT_COLUMNS,
    RESULT_COLUMNS,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    finished_entry,
    move_row,
    rating_point,
    rating_row,
    readable_rows,
    result_row,
    seat_row,
    select_list,
    table_row,
    unreadable_table,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


def readable(guild_id: int, column: str, read: Callable[[], T], default: T) -> T:
    """A server's setting as stored, or its default when the stored value cannot be read (a row edited by
    hand: text in a number's column, JSON that does not parse): the server plays on with the default, and
    the log says which setting to mend, never its value."""
    try:
        return read()
    except (ValueError, TypeError, AttributeError):
        log.warning("server %d: its setting %s cannot be read; the default is used", guild_id, column)
        return default


def _readable_tables(rows: Iterable[Sequence[Any]], unreadable: list[UnreadableTable] | None = None) -> list[TableRow]:
    """Table rows for a listing, without those that cannot be read (a row edited by hand: text in a number's
    column): one such table must not hide a player's other tables; named alone, it is reported damaged.  What
    can be read of those goes to ``unreadable`` (a listing says them damaged: a game left out looks lost)."""
    out = []
    for r in rows:
        try:
            out.append(table_row(r))
        except (ValueError, TypeError):
            log.warning("table %s: left out of a listing (a row that cannot be read)", r[0])
            if unreadable is not None and (what := unreadable_table(r)) is not None:
                unreadable.append(what)
    return out


def positive(value: Any) -> int:
    """A stored count of seconds: a whole number above 0 (else ``ValueError``: a value edited by hand)."""
    number = int(value)
    if number <= 0:
        raise ValueError("not a positive number of seconds")
    return number


_TABLE_COLUMNS = select_list(TABLE_COLUMNS)
_SEAT_COLUMNS = select_list(SEAT_COLUMNS)
_RATING_COLUMNS = select_list(RATING_COLUMNS)
_RESULT_COLUMNS = select_list(RESULT_COLUMNS)


def _results_where(where: str, params: list[Any], game: str | None, rated: bool | None) -> tuple[str, list[Any]]:
    """``SELECT`` of results under ``where``, narrowed to one game and to rated or unrated games when given."""
    sql = f"SELECT {_RESULT_COLUMNS} FROM results WHERE {where}"
    if game is not None:
        sql += " AND game = ?"
        params = [*params, game]
    if rated is not None:
        sql += " AND rated = ?"
        params = [*params, int(rated)]
    return sql, params


#: columns a caller may change with ``Tx.update_table`` (version and updated_at are set here)
_UPDATABLE = frozenset(
    {"thread_id", "message_id", "status", "state", "turn_deadline", "next_event_at", "draw_offer", "outcome",
     "posted_version", "options"}
)
#: every stored table, parents before children (the order ``python -m data copy`` writes them in)
STORED_TABLES = ("tables", "seats", "moves", "results", "reminders", "guild_settings", "user_prefs", "ratings",
                 "rating_history", "rated_tables", "pretend_clock", "guild_limits", "replays", "submissions",
                 "hints", "takebacks",  # issue 30 (data/learning.py)
                 "lesson_progress",  # issue 30, lessons (data/learning.py)
                 "reviews",  # issue 32, reviews (data/reviews.py)
                 "tournaments", "tournament_entrants", "tournament_rounds",  # issue 31 (data/tournaments.py)
                 "tournament_pairings", "tournament_settings")


class Conflict(StorageError):
    """A unique key refused a row (a ``Conn`` raises it for the backend's own integrity error)."""


class Conn(Protocol):
    """How a backend runs one statement written with ``?`` placeholders."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def columns(self, table: str) -> list[str]:
        """The column names of a stored table, in schema order (for ``copy``)."""
        ...


class Tx:
    """The statements available inside one transaction (see ``Repository.transaction``)."""

    def __init__(self, conn: Conn) -> None:
        self._c = conn

    async def _serialise(self, key: str) -> None:
        """Hold a lock named ``key`` until the transaction ends (a read-modify-write across processes).

        SQLite needs nothing: ``BEGIN IMMEDIATE`` already admits one writer at a time.
        """

    # ---- reads --------------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableRow | None:
        row = await self._c.fetchone(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return None if row is None else table_row(row)

    async def get_seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._c.fetch(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [seat_row(r) for r in rows]

    async def count_moves(self, table_id: int) -> int:
        row = await self._c.fetchone("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,))
        return int(row[0]) if row else 0

    async def get_moves(self, table_id: int) -> list[MoveRow]:
        sql = f"SELECT {select_list(MOVE_COLUMNS)} FROM moves WHERE table_id = ? ORDER BY ply"
        return [move_row(r) for r in await self._c.fetch(sql, (table_id,))]

    async def anyone_moved(self, table_id: int) -> bool:
        """Whether the log holds a player's move (chance's seat is -1), without reading the log."""
        return await self._c.fetchone("SELECT 1 FROM moves WHERE table_id = ? AND seat >= 0 LIMIT 1",
                                      (table_id,)) is not None

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
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id"
        )
        row = await self._c.fetchone(sql, (guild_id, channel_id, game, options, seed, status, host_id, now, now))
        assert row is not None
        return int(row[0])

    async def check_version(self, table_id: int, expected: int) -> None:
        row = await self._c.fetchone("SELECT version FROM tables WHERE id = ?", (table_id,))
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
            sql += " AND version = ?"  # the version check: the database decides, in this transaction
            params.append(expected_version)
        changed = await self._c.execute(sql, params)
        if changed == 1 and expected_version is not None:
            return expected_version + (1 if bump else 0)
        row = await self._c.fetchone("SELECT version FROM tables WHERE id = ?", (table_id,))
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
            row = await self._c.fetchone("SELECT COALESCE(MAX(ply), 0) FROM moves WHERE table_id = ?", (table_id,))
            first_ply = (int(row[0]) if row else 0) + 1
        try:
            await self._c.executemany(
                "INSERT INTO moves (table_id, ply, seat, move, created_at) VALUES (?, ?, ?, ?, ?)",
                [(table_id, first_ply + i, m.seat, m.move, now) for i, m in enumerate(moves)],
            )
        except Conflict:
            raise StaleVersion(table_id, expected_version, None) from None
        return await self.update_table(table_id, expected_version, now, state=new_state_json, **columns)

    async def record_submission(self, key: str, table_id: int, user_id: int, version: int, now: str) -> None:
        """Store a submission's key with the change it made (``version``: the table's after it), in that
        change's transaction (issue 29: exactly once).  A key stored already means another writer applied
        this very submission first: ``StaleVersion``, and this transaction writes nothing."""
        try:
            await self._c.execute(
                "INSERT INTO submissions (key, table_id, user_id, version, created_at) VALUES (?, ?, ?, ?, ?)",
                (key, table_id, user_id, version, now))
        except Conflict:
            raise StaleVersion(table_id, version - 1, None) from None

    async def add_seat(self, seat: SeatRow) -> None:
        await self._c.execute(
            f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (seat.table_id, seat.seat, seat.user_id, seat.name, int(seat.is_ai), int(seat.accepted),
             seat.result, seat.out_reason, seat.timeouts),
        )

    async def replace_seats(self, table_id: int, seats: Iterable[SeatRow]) -> None:
        await self._c.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        for seat in seats:
            await self.add_seat(seat)

    async def update_seat(self, table_id: int, seat: int, **columns: Any) -> None:
        allowed = {"accepted", "result", "out_reason", "name", "timeouts"}
        if set(columns) - allowed:
            raise StorageError(f"cannot update seat columns {sorted(set(columns) - allowed)}")
        sets = ", ".join(f"{name} = ?" for name in columns)
        values = [int(v) if isinstance(v, bool) else v for v in columns.values()]
        await self._c.execute(f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?", (*values, table_id, seat))

    async def record_results(self, rows: Iterable[ResultRow]) -> None:
        """Results are immutable: a second write for the same (table, seat) is ignored."""
        await self._c.executemany(
            "INSERT INTO results (table_id, seat, guild_id, game, user_id, place, outcome, reason, rated, "
            "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO NOTHING",
            [(r.table_id, r.seat, r.guild_id, r.game, r.user_id, r.place, r.outcome, r.reason, int(r.rated),
              r.finished_at) for r in rows],
        )

    async def record_reminder(self, table_id: int, version: int, kind: str, user_id: int, now: str, *,
                              pending: bool = False) -> bool:
        """True when this reminder is new (and now recorded); False when it was already recorded.

        The primary key decides, so two processes can never both send one reminder.  ``pending``: it is
        handed to a front end now and counts as delivered only once ``Repository.reminder_delivered``
        says so (issue 29: a crash in between must not lose it); otherwise it is done as recorded.
        """
        inserted = await self._c.execute(
            "INSERT INTO reminders (table_id, version, kind, user_id, sent_at, delivered_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id, version, kind, user_id) DO NOTHING",
            (table_id, version, kind, user_id, now, None if pending else now),
        )
        return inserted == 1

    async def supersede_reminders(self, table_id: int, version: int, user_id: int, kind: str, now: str) -> None:
        """A newer reminder of the same turn went out: an older one still unconfirmed is not sent again."""
        await self._c.execute(
            "UPDATE reminders SET delivered_at = ? WHERE table_id = ? AND version = ? AND user_id = ? "
            "AND kind <> ? AND delivered_at IS NULL", (now, table_id, version, user_id, kind))

    async def set_next_event(self, table_id: int, next_event_at: str | None) -> None:
        """Move the table's alarm without bumping its version (a reminder changes no board)."""
        await self._c.execute("UPDATE tables SET next_event_at = ? WHERE id = ?", (next_event_at, table_id))

    async def replace_snapshot(self, table_id: int, state_json: str, version: int) -> bool:
        """Rewrite a snapshot rebuilt from the move log (the log is the truth; no version bump).

        Only at ``version``, the one whose log was replayed: another process may have stored a newer
        move meanwhile, and an older snapshot over it would contradict its log (issue 29).  False
        when the table moved on, and nothing was written.
        """
        changed = await self._c.execute("UPDATE tables SET state = ? WHERE id = ? AND version = ?",
                                        (state_json, table_id, version))
        return changed == 1

    # ---- a player's caps, counted inside the write they guard (issue 29, item 4) ----------------
    async def serialise_player(self, guild_id: int, user_id: int) -> None:
        """Hold one player's lock on one server until the transaction ends.

        A transaction that counts a player's tables and then adds one takes it first, so two such
        transactions queue and the second counts what the first wrote: they cannot both pass a cap
        (60 ``/play`` at once made 60 tables past it).  PostgreSQL: an advisory lock on a hash of the
        key (two players sharing a hash merely queue); SQLite: ``BEGIN IMMEDIATE`` already admits one
        writer at a time.
        """
        await self._serialise(f"player:{guild_id}:{user_id}")

    async def count_hosted(self, user_id: int, guild_id: int, statuses: Sequence[str]) -> int:
        """Tables of one server that ``user_id`` hosts in one of ``statuses`` (index tables_host_status)."""
        sql = (f"SELECT COUNT(*) FROM tables WHERE host_id = ? AND status IN ({', '.join('?' for _ in statuses)}) "
               "AND guild_id = ?")
        row = await self._c.fetchone(sql, (user_id, *statuses, guild_id))
        return int(row[0]) if row else 0

    async def count_seated(self, user_id: int, guild_id: int, statuses: Sequence[str]) -> int:
        """Tables of one server where ``user_id`` has a seat, in one of ``statuses`` (index seats_user_table)."""
        sql = ("SELECT COUNT(*) FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.user_id = ? "
               f"AND t.guild_id = ? AND t.status IN ({', '.join('?' for _ in statuses)})")
        row = await self._c.fetchone(sql, (user_id, guild_id, *statuses))
        return int(row[0]) if row else 0

    async def guild_limits(self, guild_id: int) -> tuple[int | None, int | None]:
        """(open invitations per host, active tables per player) a server chose; None = the default."""
        row = await self._c.fetchone("SELECT max_invitations, max_active FROM guild_limits WHERE guild_id = ?",
                                     (guild_id,))
        if row is None:
            return None, None
        return (readable(guild_id, "max_invitations", lambda: None if row[0] is None else positive(row[0]), None),
                readable(guild_id, "max_games", lambda: None if row[1] is None else positive(row[1]), None))

    async def discard_table(self, table_id: int) -> None:
        """Remove a table that never started (its seats go with it): one refused at its start by a cap,
        before anyone was told it exists."""
        await self._c.execute("DELETE FROM tables WHERE id = ? AND state IS NULL", (table_id,))

    # ---- ratings (issue 9) --------------------------------------------------------------------
    async def guild_rated(self, guild_id: int) -> bool:
        """Whether the server has ratings on (the default when it never changed its settings)."""
        row = await self._c.fetchone("SELECT rated FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return True if row is None else bool(row[0])

    async def guild_rates_mesa(self, guild_id: int) -> bool:
        """Whether the server rates games against Mesa (off by default)."""
        row = await self._c.fetchone("SELECT rate_mesa FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return False if row is None else bool(row[0])

    async def mark_rated(self, table_id: int, guild_id: int, game: str, now: str) -> bool:
        """Record that a table's results went into the ratings; False when it already had (no rating twice).

        The table gets the next number of its server's rating order, which ``recompute`` replays.
        The server's ratings are read, changed and written in this transaction: it holds the
        server's rating lock till the end, so two processes finishing tables at once queue.
        """
        await self._serialise(f"ratings:{guild_id}")
        if await self._c.fetchone("SELECT 1 FROM rated_tables WHERE table_id = ?", (table_id,)) is not None:
            return False
        row = await self._c.fetchone("SELECT COALESCE(MAX(seq), 0) FROM rated_tables WHERE guild_id = ?", (guild_id,))
        seq = (int(row[0]) if row else 0) + 1
        inserted = await self._c.execute(
            "INSERT INTO rated_tables (table_id, guild_id, game, seq, rated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id) DO NOTHING",
            (table_id, guild_id, game, seq, now),
        )
        return inserted == 1

    async def get_ratings(self, guild_id: int, game: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        sql = (
            f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
            f"AND user_id IN ({', '.join('?' for _ in ids)})"
        )
        rows = readable_rows(await self._c.fetch(sql, (guild_id, game, *ids)), rating_row, "rating")
        return {row.user_id: row for row in rows}  # one that cannot be read is rated afresh: the game still ends

    async def put_ratings(self, rows: Iterable[RatingRow]) -> None:
        await self._c.executemany(
            f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, "
            "updated_at = excluded.updated_at",
            [(r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, r.losses, r.draws, r.updated_at)
             for r in rows],
        )

    async def add_rating_points(self, points: Iterable[RatingPoint]) -> None:
        await self._c.executemany(
            "INSERT INTO rating_history (guild_id, game, user_id, table_id, rating, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id, table_id) DO NOTHING",
            [(p.guild_id, p.game, p.user_id, p.table_id, p.rating, p.finished_at) for p in points],
        )

    # ---- whole-database copy (``python -m data copy``) ----------------------------------------
    async def dump(self, table: str) -> tuple[list[str], list[Sequence[Any]]]:
        """Every row of a stored table, with its column names (``table`` from ``STORED_TABLES``)."""
        if table not in STORED_TABLES:
            raise StorageError(f"unknown table {table}")
        names = await self._c.columns(table)
        rows = await self._c.fetch(f"SELECT {', '.join(names)} FROM {table} ORDER BY {', '.join(names)}")
        return names, rows

    async def load_rows(self, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are (ids included); ``names`` must be columns of ``table``."""
        if table not in STORED_TABLES:
            raise StorageError(f"unknown table {table}")
        mine = set(await self._c.columns(table))
        if set(names) - mine:
            raise StorageError(f"{table}: the target has no column {sorted(set(names) - mine)}")
        marks = ", ".join("?" for _ in names)
        await self._c.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)

    async def after_load(self) -> None:
        """Whatever a backend must fix after rows came in with their ids (PostgreSQL: the id sequence)."""


#: the tables of pictures made once and kept within a bound of size and age (``Repository.evict_kept``)
KEPT_TABLES = ("replays", "reviews")


class Repository(ABC):
    """The storage contract.  Open one with ``data.open_repository(url_or_path)``.

    Subclasses give a ``Conn`` for single reads (``_reading``) and all-or-nothing transactions
    (``transaction``); every query below is shared.
    """

    #: "sqlite" or "postgresql"
    dialect: str = ""
    #: what the repository was opened with (a path, or a URL without its password)
    path: str = ""
    #: told once when a bot process's hold on its share is lost (PostgreSQL only: ``data.holds``);
    #: the process should stop
    share_lost: Callable[[Exception], None] | None = None

    # ---- what a backend provides --------------------------------------------------------------
    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Conn]:
        """A connection for one or a few reads outside any write transaction."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One all-or-nothing transaction; an exception inside rolls everything back."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    async def bots_running(self) -> bool:
        """Whether a bot process runs on this database now (PostgreSQL: it holds a share, ``data.holds``;
        an SQLite file's bot is asked before the file is opened, ``data.sqlite.bot_holds``)."""
        return False

    #: appended to the due-tables query of ``claim_due_tables`` (PostgreSQL: skip rows another holds)
    _skip_locked = ""

    # ---- single writes (each its own transaction) ---------------------------------------------
    async def table_made(self, host_id: int, seed: int) -> int | None:
        """The table of this host with this seed (drawn for it alone), if the database stored it: read on a fresh
        connection after a storage fault, when its COMMIT may have gone through and the answer been lost."""
        async with self._reading() as c:
            row = await c.fetchone("SELECT id FROM tables WHERE host_id = ? AND seed = ?", (host_id, seed))
        return None if row is None else int(row[0])

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

    # ---- deadlines shared by several processes (issue 19) --------------------------------------
    async def claim_due_tables(self, now: str, owner: str, until: str, limit: int = 100) -> list[int]:
        """Claim the active tables whose next deadline event is due, for ``owner`` until ``until``.

        A claimed table is nobody else's until its claim expires or ``release_claim``: two
        processes ticking at once get disjoint lists, and the tables of a process that died are
        claimable again once ``until`` has passed.  (The writes a tick makes are guarded besides:
        a reminder's primary key and a timeout's version check refuse a second one.)  On
        PostgreSQL the rows are picked ``FOR UPDATE SKIP LOCKED``; on SQLite one writer at a time
        runs this statement.  Ids come in the order the events fell due.
        """
        pick = (
            "SELECT id FROM tables WHERE status = 'active' AND next_event_at IS NOT NULL AND next_event_at <= ? "
            "AND suspended_at IS NULL "  # issue 15, defect 5: not while the bot is out of the table's server
            "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_event_at, id LIMIT ?"
            + self._skip_locked
        )
        sql = (f"UPDATE tables SET claimed_by = ?, claimed_until = ? WHERE id IN ({pick}) "
               "RETURNING id, next_event_at")
        async with self.transaction() as tx:
            rows = await tx._c.fetch(sql, (owner, until, now, now, int(limit)))
        return [int(r[0]) for r in sorted(rows, key=lambda r: (r[1], r[0]))]

    async def claim_table(self, table_id: int, owner: str, now: str, until: str) -> bool:
        """Claim one table for ``owner`` until ``until`` (Mesa's turn played where its player's move was: no other
        process's tick takes it meanwhile), unless another owner's claim still holds; True when ``owner`` holds it."""
        async with self.transaction() as tx:
            changed = await tx._c.execute(
                "UPDATE tables SET claimed_by = ?, claimed_until = ? WHERE id = ? AND (claimed_until IS NULL OR "
                "claimed_until <= ? OR claimed_by = ?)", (owner, until, table_id, now, owner))
        return changed == 1

    async def release_claim(self, table_id: int, owner: str) -> bool:
        """Give a claimed table back (its deadline work is done); False when ``owner`` no longer held it."""
        async with self.transaction() as tx:
            changed = await tx._c.execute(
                "UPDATE tables SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?",
                (table_id, owner),
            )
        return changed == 1

    async def claimants(self) -> list[str]:
        """Every process that holds a claim on a table now (lapsed or not): ``release_claims_of`` gives back
        the claims of one known dead."""
        async with self._reading() as c:
            rows = await c.fetch("SELECT DISTINCT claimed_by FROM tables WHERE claimed_by IS NOT NULL ORDER BY 1")
        return [str(r[0]) for r in rows]

    async def release_claims_of(self, owner: str) -> int:
        """Give back every claim of ``owner`` (a process known dead); how many."""
        async with self.transaction() as tx:
            return await tx._c.execute(
                "UPDATE tables SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?", (owner,))

    async def renew_claims(self, table_ids: Sequence[int], owner: str, until: str) -> list[int]:
        """Extend ``owner``'s claims on ``table_ids`` to ``until`` while their work runs (issue 29, item
        5d: Mesa's turns may outlast a lease); returns the ids still held (a lapsed claim another
        process took is not taken back)."""
        if not table_ids:
            return []
        marks = ", ".join("?" for _ in table_ids)
        async with self.transaction() as tx:
            rows = await tx._c.fetch(
                f"UPDATE tables SET claimed_until = ? WHERE claimed_by = ? AND id IN ({marks}) RETURNING id",
                (until, owner, *[int(t) for t in table_ids]))
        return sorted(int(r[0]) for r in rows)

    # ---- reminders delivered at least once (issue 29, item 2) -----------------------------------
    async def lease_unconfirmed_reminders(self, now: str, handed_before: str, kinds: Sequence[str]
                                          ) -> list[tuple[int, int, str, int]]:
        """Reminders handed out before ``handed_before`` and never confirmed delivered, whose turn is still
        on and not due for the ticker: (table, version, kind, user), handed out again now.

        Each row's ``sent_at`` moves to ``now`` in the same statement: a lease, so another process (or
        this one's next tick) hands it out again only once that has run out, and two ticking at once
        get disjoint lists.  A table whose next event is due, or that a process has claimed, is left to
        that tick: its newer reminder supersedes this one, or its time-out makes it moot.
        """
        marks = ", ".join("?" for _ in kinds)
        sql = (
            "UPDATE reminders SET sent_at = ? WHERE delivered_at IS NULL AND sent_at <= ? "
            f"AND kind IN ({marks}) AND EXISTS (SELECT 1 FROM tables t WHERE t.id = reminders.table_id "
            "AND t.version = reminders.version AND t.status = 'active' AND t.suspended_at IS NULL "
            "AND t.turn_deadline > ? AND (t.next_event_at IS NULL OR t.next_event_at > ?) "
            "AND (t.claimed_until IS NULL OR t.claimed_until <= ?)) "
            "RETURNING table_id, version, kind, user_id, sent_at"
        )
        async with self.transaction() as tx:
            rows = await tx._c.fetch(sql, (now, handed_before, *kinds, now, now, now))
        # a row that cannot be read (edited by hand) is left out: it must not stop every other reminder's tick
        return sorted(readable_rows(rows, lambda r: (int(r[0]), int(r[1]), str(r[2]), int(r[3])), "reminder"))

    async def reminder_delivered(self, table_id: int, version: int, kind: str, user_id: int, now: str) -> bool:
        """A front end delivered this reminder: it is never handed out again (False: nothing was pending)."""
        async with self.transaction() as tx:
            changed = await tx._c.execute(
                "UPDATE reminders SET delivered_at = ? WHERE table_id = ? AND version = ? AND kind = ? "
                "AND user_id = ? AND delivered_at IS NULL", (now, table_id, version, kind, user_id))
        return changed == 1

    async def claim_of(self, table_id: int) -> tuple[str | None, str | None]:
        """(owner, until) of a table's deadline claim (tests and diagnostics)."""
        async with self._reading() as c:
            row = await c.fetchone("SELECT claimed_by, claimed_until FROM tables WHERE id = ?", (table_id,))
        return (None, None) if row is None else (row[0], row[1])

    # ---- single reads -------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._reading() as c:
            return await Tx(c).get_table(table_id)

    async def get_seats(self, table_id: int) -> list[SeatRow]:
        async with self._reading() as c:
            return await Tx(c).get_seats(table_id)

    async def submission(self, key: str) -> tuple[int, int, int] | None:
        """(table, user, version after it) of the change stored under a submission's key, or None: read on
        a connection of its own, so it tells the truth after a reply lost on another (issue 29)."""
        async with self._reading() as c:
            row = await c.fetchone("SELECT table_id, user_id, version FROM submissions WHERE key = ?", (key,))
        return None if row is None else (int(row[0]), int(row[1]), int(row[2]))

    async def anyone_submitted(self, table_id: int) -> bool:
        """Whether a player ever made a move of their own at the table (each is stored with its submission's
        key, issue 29), as against moves played for them when their time ran out."""
        async with self._reading() as c:
            return await c.fetchone("SELECT 1 FROM submissions WHERE table_id = ? LIMIT 1", (table_id,)) is not None

    async def table_marks(self, table_id: int) -> tuple[int, int | None, int | None] | None:
        """(version, draw offer, posted version) of a table, or None: the cheap read that tells a
        process whether its cached copy is still current (issue 19: another process may have written).

        The draw offer and the posted version change without a version bump, so they are read too.
        """
        sql = "SELECT version, draw_offer, posted_version FROM tables WHERE id = ?"
        async with self._reading() as c:
            row = await c.fetchone(sql, (table_id,))
        return None if row is None else (int(row[0]), row[1], row[2])

    async def get_moves(self, table_id: int) -> list[MoveRow]:
        async with self._reading() as c:
            return await Tx(c).get_moves(table_id)

    async def count_moves(self, table_id: int) -> int:
        async with self._reading() as c:
            return await Tx(c).count_moves(table_id)

    async def anyone_moved(self, table_id: int) -> bool:
        """``Tx.anyone_moved``: whether a player (not chance) has moved at the table."""
        async with self._reading() as c:
            return await Tx(c).anyone_moved(table_id)

    async def load(self, table_id: int) -> tuple[TableRow | None, list[SeatRow]]:
        """A table row and its seats, read together."""
        async with self._reading() as c:  # a stale pair is caught by the version check of any write
            tx = Tx(c)
            row = await tx.get_table(table_id)
            seats = await tx.get_seats(table_id) if row else []
        return row, seats

    def _snapshot(self) -> AbstractAsyncContextManager[Conn]:
        """A read-only transaction: every read inside sees the database at one moment.

        A backend overrides it (SQLite: a deferred ``BEGIN`` in WAL mode; PostgreSQL: REPEATABLE
        READ); this default is a plain connection for one that cannot.
        """
        return self._reading()

    async def load_with_moves(self, table_id: int) -> tuple[TableRow | None, list[SeatRow], list[MoveRow]]:
        """A table row, its seats and its move log, read in one snapshot (issue 15, defect 11).

        Read apart, a move committed between the queries pairs a row of one moment with a log of
        the next, and a cache built from the pair refuses the next legal move as stale.
        """
        async with self._snapshot() as c:
            tx = Tx(c)
            row = await tx.get_table(table_id)
            if row is None:
                return None, [], []
            return row, await tx.get_seats(table_id), await tx.get_moves(table_id)

    async def tables_for_user(
        self, user_id: int, guild_id: int | None = None, statuses: Sequence[str] = (), limit: int | None = None,
        unreadable: list[UnreadableTable] | None = None,
    ) -> list[TableRow]:
        """The user's tables (of a server, in these statuses), by id; those whose row cannot be read are left out
        and, given ``unreadable``, what can be read of them put there."""
        cols = select_list(TABLE_COLUMNS, "t")
        sql = f"SELECT {cols} FROM tables t JOIN seats s ON s.table_id = t.id WHERE s.user_id = ?"
        params: list[Any] = [user_id]
        if guild_id is not None:
            sql += " AND t.guild_id = ?"
            params.append(guild_id)
        if statuses:
            sql += f" AND t.status IN ({', '.join('?' for _ in statuses)})"
            params.extend(statuses)
        if limit is None:
            sql += " ORDER BY t.id"
        else:  # issue 15, defect 10: the games in play first, then the oldest; the list comes back by id
            sql += " ORDER BY CASE WHEN t.status = 'active' THEN 0 ELSE 1 END, t.id LIMIT ?"
            params.append(int(limit))
        async with self._reading() as c:
            rows = _readable_tables(await c.fetch(sql, params), unreadable)
        return sorted(rows, key=lambda r: r.id)

    async def tables_in_place(self, guild_id: int, place_id: int, statuses: Sequence[str] = (),
                              unreadable: list[UnreadableTable] | None = None) -> list[TableRow]:
        """Tables of a guild whose channel or thread is ``place_id`` (``unreadable``: as ``tables_for_user``)."""
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE guild_id = ? AND (channel_id = ? OR thread_id = ?)"
        params: list[Any] = [guild_id, place_id, place_id]
        if statuses:
            sql += f" AND status IN ({', '.join('?' for _ in statuses)})"
            params.extend(statuses)
        sql += " ORDER BY id"
        async with self._reading() as c:
            return _readable_tables(await c.fetch(sql, params), unreadable)

    async def open_tables_without(self, guild_id: int, user_id: int, now: str, limit: int) -> list[TableRow]:
        """The server's open tables (anyone may join) where the user has no seat and whose closing, once the
        ticker has set it, is after ``now``, the newest first: those ``/games`` offers to a player (the index
        ``tables_place`` serves it)."""
        cols = select_list(TABLE_COLUMNS, "t")
        sql = (f"SELECT {cols} FROM tables t WHERE t.guild_id = ? AND t.status = ? "
               "AND (t.next_event_at IS NULL OR t.next_event_at > ?) AND NOT EXISTS "
               "(SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?) ORDER BY t.id DESC LIMIT ?")
        async with self._reading() as c:
            return _readable_tables(await c.fetch(sql, (guild_id, OPEN, now, user_id, int(limit))))

    async def due_tables(self, now: str) -> list[int]:
        """Ids of active tables whose next deadline event (reminder or timeout) is due (claims aside)."""
        sql = "SELECT id FROM tables WHERE status = 'active' AND next_event_at IS NOT NULL AND next_event_at <= ?"
        async with self._reading() as c:
            return [int(r[0]) for r in await c.fetch(sql + " ORDER BY next_event_at, id", (now,))]

    async def started_tables(self) -> list[int]:
        """Ids of the tables that have been played (active or finished, with a snapshot), in order:
        the ones whose move log ``python -m data verify`` replays."""
        sql = "SELECT id FROM tables WHERE status IN (?, ?) AND state IS NOT NULL ORDER BY id"
        async with self._reading() as c:
            return [int(r[0]) for r in await c.fetch(sql, (ACTIVE, FINISHED))]

    async def tables_with_unposted_boards(self) -> list[int]:
        """Tables whose front end recorded posting a board (or, while they wait for players, an
        invitation: issue 29) older than the current version."""
        sql = (
            "SELECT id FROM tables WHERE status IN ('invited', 'open', 'active', 'finished') "
            "AND posted_version IS NOT NULL AND posted_version < version ORDER BY id"
        )
        async with self._reading() as c:
            return [int(r[0]) for r in await c.fetch(sql)]

    async def get_results(self, table_id: int) -> list[ResultRow]:
        sql = f"SELECT {_RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY seat"
        async with self._reading() as c:
            return readable_rows(await c.fetch(sql, (table_id,)), result_row, "result")

    async def results(self, guild_id: int, game: str | None = None, rated: bool | None = None) -> list[ResultRow]:
        """A guild's results in the order the tables finished (for leaderboards and rating rebuilds)."""
        sql, params = _results_where("guild_id = ?", [guild_id], game, rated)
        async with self._reading() as c:
            rows = await c.fetch(sql + " ORDER BY finished_at, table_id, seat", params)
        return readable_rows(rows, result_row, "result")

    # ---- settings and preferences -------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        sql = "SELECT time_per_move, allowed_channels, rated, rate_mesa FROM guild_settings WHERE guild_id = ?"
        async with self._reading() as c:
            row = await c.fetchone(sql, (guild_id,))
        if row is None:
            return GuildSettings(guild_id)
        default = GuildSettings(guild_id)
        seconds = readable(guild_id, "time_per_move", lambda: None if row[0] is None else positive(row[0]),
                           default.time_per_move)
        channels = readable(guild_id, "allowed_channels",
                            lambda: tuple(int(ch) for ch in json.loads(row[1] or "[]")), default.allowed_channels)
        return GuildSettings(guild_id, seconds, channels, bool(row[2]), bool(row[3]))

    async def set_guild_settings(self, settings: GuildSettings, now: str) -> None:
        async with self.transaction() as tx:
            await tx._c.execute(
                "INSERT INTO guild_settings (guild_id, time_per_move, allowed_channels, rated, rate_mesa, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "time_per_move = excluded.time_per_move, allowed_channels = excluded.allowed_channels, "
                "rated = excluded.rated, rate_mesa = excluded.rate_mesa, updated_at = excluded.updated_at",
                (settings.guild_id, settings.time_per_move, json.dumps(list(settings.allowed_channels)),
                 int(settings.rated), int(settings.rate_mesa), now),
            )

    async def pretend_clock(self) -> str | None:
        """The offline console's clock as it was last saved (ISO UTC), or None."""
        async with self._reading() as c:
            row = await c.fetchone("SELECT moment FROM pretend_clock WHERE id = 1", ())
        return None if row is None else str(row[0])

    async def set_pretend_clock(self, moment: str) -> None:
        async with self.transaction() as tx:
            await tx._c.execute(
                "INSERT INTO pretend_clock (id, moment) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET "
                "moment = excluded.moment", (moment,))

    async def user_prefs(self, user_id: int) -> UserPrefs:
        sql = "SELECT dms_closed, locale, theme FROM user_prefs WHERE user_id = ?"
        async with self._reading() as c:
            row = await c.fetchone(sql, (user_id,))
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, bool(row[0]), row[1], row[2])

    async def set_user_prefs(self, prefs: UserPrefs, now: str) -> None:
        async with self.transaction() as tx:
            await tx._c.execute(
                "INSERT INTO user_prefs (user_id, dms_closed, locale, theme, updated_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dms_closed = excluded.dms_closed, locale = excluded.locale, "
                "theme = excluded.theme, updated_at = excluded.updated_at",
                (prefs.user_id, int(prefs.dms_closed), prefs.locale, prefs.theme, now),
            )

    # ---- ratings, stats and history (issue 9) ------------------------------------------------
    async def ratings(self, guild_id: int, game: str) -> list[RatingRow]:
        """Every rating of one game on one server (the leaderboard ranks them)."""
        sql = f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? ORDER BY user_id"
        async with self._reading() as c:
            return readable_rows(await c.fetch(sql, (guild_id, game)), rating_row, "rating")

    async def user_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        sql = f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game"
        async with self._reading() as c:
            return readable_rows(await c.fetch(sql, (guild_id, user_id)), rating_row, "rating")

    async def rating_points(self, guild_id: int, game: str, user_id: int) -> list[RatingPoint]:
        """A player's rating after each rated table, oldest first (in rating order)."""
        sql = (
            f"SELECT {select_list(RATING_POINT_COLUMNS, 'h')} FROM rating_history h "
            "LEFT JOIN rated_tables r ON r.table_id = h.table_id "
            "WHERE h.guild_id = ? AND h.game = ? AND h.user_id = ? ORDER BY r.seq, h.finished_at, h.table_id"
        )
        async with self._reading() as c:
            return readable_rows(await c.fetch(sql, (guild_id, game, user_id)), rating_point, "rating history")

    async def user_results(self, guild_id: int, user_id: int, game: str | None = None,
                           rated: bool | None = None, limit: int | None = None) -> list[ResultRow]:
        """A player's results on one server, newest first."""
        sql, params = _results_where("guild_id = ? AND user_id = ?", [guild_id, user_id], game, rated)
        sql += " ORDER BY finished_at DESC, table_id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        async with self._reading() as c:
            return readable_rows(await c.fetch(sql, params), result_row, "result")

    async def finished_entries(self, guild_id: int, user_id: int, game: str | None = None,
                               limit: int = 10) -> list[FinishedEntry]:
        """The player's most recent finished tables on one server (their own result), newest first."""
        sql = (
            f"SELECT {select_list(FINISHED_COLUMNS)} FROM results r JOIN tables t ON t.id = r.table_id "
            "WHERE r.guild_id = ? AND r.user_id = ?"
        )
        params: list[Any] = [guild_id, user_id]
        if game is not None:
            sql += " AND r.game = ?"
            params.append(game)
        sql += " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?"
        params.append(int(limit))
        async with self._reading() as c:
            rows = await c.fetch(sql, params)
        return readable_rows(rows, finished_entry, "result")

    async def user_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The name each user had at their most recent table of this server (ratings store ids only): the name
        they go by there (a nickname of another server's, where it differs, is not this server's to show)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        sql = (f"SELECT s.user_id, s.name FROM seats s JOIN tables t ON t.id = s.table_id WHERE t.guild_id = ? "
               f"AND s.user_id IN ({', '.join('?' for _ in ids)}) ORDER BY s.table_id")
        async with self._reading() as c:
            return {int(r[0]): str(r[1]) for r in await c.fetch(sql, (guild_id, *ids))}

    async def results_with_options(self, guild_id: int) -> list[tuple[ResultRow, str]]:
        """A guild's results, rated or not, each with its table's options (who partners whom), in the order the
        tables finished (Mesa's records: a Mesa seat on a player's own side is no game against it)."""
        cols = select_list(RESULT_COLUMNS, "r")
        sql = (f"SELECT {cols}, t.options FROM results r JOIN tables t ON t.id = r.table_id WHERE r.guild_id = ? "
               "ORDER BY r.finished_at, r.table_id, r.seat")
        async with self._reading() as c:
            rows = await c.fetch(sql, (guild_id,))
        return readable_rows(rows, lambda r: (result_row(r), str(r[len(RESULT_COLUMNS)])), "result")

    async def rating_inputs(self, guild_id: int) -> list[tuple[ResultRow, str]]:
        """A server's rated results with their table's options, in rating order (then finishing order).

        Tables rated before (``rated_tables``) keep the order they were rated in; rated results
        never rated yet (a database from before ratings existed) follow in the order they finished.
        """
        cols = select_list(RESULT_COLUMNS, "r")
        sql = (
            f"SELECT {cols}, t.options FROM results r JOIN tables t ON t.id = r.table_id "
            "LEFT JOIN rated_tables m ON m.table_id = r.table_id WHERE r.guild_id = ? AND r.rated = 1 "
            "ORDER BY CASE WHEN m.seq IS NULL THEN 1 ELSE 0 END, m.seq, r.finished_at, r.table_id, r.seat"
        )
        async with self._reading() as c:
            rows = await c.fetch(sql, (guild_id,))
        return readable_rows(rows, lambda r: (result_row(r), str(r[10])), "result")

    async def unrated_guilds(self) -> list[int]:
        """Servers with rated results that never went into the ratings (older databases, a lost write)."""
        sql = (
            "SELECT DISTINCT r.guild_id FROM results r LEFT JOIN rated_tables m ON m.table_id = r.table_id "
            "WHERE r.rated = 1 AND m.table_id IS NULL ORDER BY r.guild_id"
        )
        async with self._reading() as c:
            return [int(r[0]) for r in await c.fetch(sql)]

    async def guild_rating_state(self, guild_id: int) -> tuple[list[RatingRow], list[RatingPoint]]:
        """Every rating and chart point of a server (to compare with a recomputation)."""
        async with self._reading() as c:
            ratings = readable_rows(await c.fetch(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? ORDER BY game, user_id", (guild_id,)),
                rating_row, "rating")
            points = readable_rows(await c.fetch(
                f"SELECT {select_list(RATING_POINT_COLUMNS)} FROM rating_history "
                "WHERE guild_id = ? ORDER BY game, user_id, table_id", (guild_id,)), rating_point, "rating history")
        return ratings, points

    async def replace_guild_ratings(self, guild_id: int, ratings: Sequence[RatingRow], points: Sequence[RatingPoint],
                                    rated: Sequence[tuple[int, str]], now: str) -> None:
        """Replace every rating, chart point and rating-order mark of a server, all or nothing.

        ``rated``: (table id, game) in rating order; they are numbered 1, 2, ... again.
        """
        async with self.transaction() as tx:
            await tx._serialise(f"ratings:{guild_id}")
            for table in ("ratings", "rating_history", "rated_tables"):
                await tx._c.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
            await tx.put_ratings(ratings)
            await tx.add_rating_points(points)
            await tx._c.executemany(
                "INSERT INTO rated_tables (table_id, guild_id, game, seq, rated_at) VALUES (?, ?, ?, ?, ?)",
                [(table_id, guild_id, game, i + 1, now) for i, (table_id, game) in enumerate(rated)],
            )

    # ---- whole-database copy ------------------------------------------------------------------
    async def damage(self) -> list[str]:
        """What the database engine itself finds damaged (``python -m data verify``); none where it has no such
        check of its own (PostgreSQL's pages carry their checksums)."""
        return []

    async def row_counts(self) -> dict[str, int]:
        """Rows per stored table (``python -m data copy`` compares source and target)."""
        counts: dict[str, int] = {}
        async with self._reading() as c:
            for table in STORED_TABLES:
                row = await c.fetchone(f"SELECT COUNT(*) FROM {table}")
                counts[table] = int(row[0]) if row else 0
        return counts

    # ---- per-user caps and listings (issue 15, defect 10) -----------------------------------------
    async def pairs_by_table(self, sql: str, params: Sequence[Any], table_ids: Sequence[int],
                             what: str) -> dict[int, list[tuple[int, int]]]:
        """Rows of many tables in one query, for a listing: ``sql`` selects ``table_id`` and two integers and
        writes ``{ids}`` where the tables' placeholders go (after ``params``'); by table, in the query's order.
        A row that cannot be read is left out (``readable_rows``; ``what`` names its kind)."""
        ids = list(dict.fromkeys(table_ids))
        found: dict[int, list[tuple[int, int]]] = {}
        if not ids:
            return found
        async with self._reading() as c:
            rows = await c.fetch(sql.format(ids=", ".join("?" for _ in ids)), (*params, *ids))
        for table_id, first, second in readable_rows(rows, lambda r: (int(r[0]), int(r[1]), int(r[2])), what):
            found.setdefault(table_id, []).append((first, second))
        return found

    async def seats_of_tables(self, table_ids: Sequence[int]) -> dict[int, list[SeatRow]]:
        """The seats of many tables in one query (a listing needs no table loaded one by one)."""
        ids = list(dict.fromkeys(table_ids))
        found: dict[int, list[SeatRow]] = {tid: [] for tid in ids}
        if not ids:
            return found
        sql = (f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id IN ({', '.join('?' for _ in ids)}) "
               "ORDER BY table_id, seat")
        async with self._reading() as c:
            for r in await c.fetch(sql, ids):
                found[int(r[0])].append(seat_row(r))
        return found

    async def count_hosted(self, user_id: int, guild_id: int, statuses: Sequence[str]) -> int:
        """Tables of one server that ``user_id`` hosts in one of ``statuses`` (``Tx.count_hosted``)."""
        async with self._reading() as c:
            return await Tx(c).count_hosted(user_id, guild_id, statuses)

    async def count_seated(self, user_id: int, guild_id: int, statuses: Sequence[str]) -> int:
        """Tables of one server where ``user_id`` has a seat, in one of ``statuses`` (``Tx.count_seated``)."""
        async with self._reading() as c:
            return await Tx(c).count_seated(user_id, guild_id, statuses)

    async def guild_limits(self, guild_id: int) -> tuple[int | None, int | None]:
        """(open invitations per host, active tables per player) a server chose; None = the default."""
        async with self._reading() as c:
            return await Tx(c).guild_limits(guild_id)

    async def set_guild_limits(self, guild_id: int, max_invitations: int | None, max_active: int | None,
                               now: str) -> None:
        async with self.transaction() as tx:
            await tx._c.execute(
                "INSERT INTO guild_limits (guild_id, max_invitations, max_active, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET max_invitations = excluded.max_invitations, "
                "max_active = excluded.max_active, updated_at = excluded.updated_at",
                (guild_id, max_invitations, max_active, now))

    # ---- replays kept once made (issue 15, defect 13) ---------------------------------------------
    async def stored_replay(self, table_id: int, version: int, lang: str = "en") -> str | None:
        """A finished table's replay as made at ``version`` with its words in ``lang`` (base64 GIF text), or
        None."""
        sql = "SELECT gif FROM replays WHERE table_id = ? AND version = ? AND lang = ?"
        async with self._reading() as c:
            row = await c.fetchone(sql, (table_id, version, lang))
        return None if row is None else str(row[0])

    async def forget_replay(self, table_id: int, version: int, lang: str = "en") -> None:
        """Forget the table's replay kept at ``version`` in ``lang`` (one that cannot be read is made again)."""
        async with self.transaction() as tx:
            await tx._c.execute("DELETE FROM replays WHERE table_id = ? AND version = ? AND lang = ?",
                                (table_id, version, lang))

    async def store_replay(self, table_id: int, version: int, gif: str, now: str, lang: str = "en") -> None:
        """Keep a replay (a second one for the same table, version and language is ignored: they are equal)."""
        async with self.transaction() as tx:
            await tx._c.execute(
                "INSERT INTO replays (table_id, version, lang, gif, created_at, size) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (table_id, version, lang) DO NOTHING", (table_id, version, lang, gif, now, len(gif)))

    async def evict_replays(self, made_before: str, max_size: int) -> int:
        """Issue 29, item 6: forget the replays made before ``made_before``, then the oldest until the
        rest hold at most ``max_size`` characters of GIF text; returns how many went.  Sizes and ages
        are read from their own columns (migration 12), never from the GIFs."""
        return await self.evict_kept("replays", made_before, max_size)

    async def evict_kept(self, kept: str, made_before: str, max_size: int) -> int:
        """Forget the rows of ``kept`` (``replays``, or ``reviews``: ``data.reviews``) made before
        ``made_before``, then the oldest until the rest hold at most ``max_size`` (their ``size`` column);
        returns how many went."""
        if kept not in KEPT_TABLES:
            raise ValueError(f"not a table of kept pictures: {kept!r}")
        async with self.transaction() as tx:
            gone = await tx._c.execute(f"DELETE FROM {kept} WHERE created_at < ?", (made_before,))
            rows = await tx._c.fetch(
                f"SELECT table_id, version, size FROM {kept} ORDER BY created_at DESC, table_id DESC, version DESC")
            total = 0
            for table_id, version, size in rows:
                total += int(size)
                if total > max_size:
                    gone += await tx._c.execute(f"DELETE FROM {kept} WHERE table_id = ? AND version = ?",
                                                (table_id, version))
        return gone
